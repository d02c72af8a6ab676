//! The modules of `src/` depend on each other one way: no circle between siblings or cousins.
//!
//! Every `src/**/*.rs` file (but `main.rs`, the binary, and `lib.rs`, the root) is a node:
//! `src/a/b.rs` is `a::b`, and `src/a/mod.rs` (or `src/a.rs`) is `a`. A node depends on every
//! module it names: `crate::a::b::Item` (the longest prefix that is a module file),
//! `super::x` and `self::x` resolved from where they are written (inside an inline
//! `mod tests { … }` too), in `use` lines, grouped imports and paths in code alike. Comments
//! and strings are not read.
//!
//! A module and its own submodules may use each other (a `mod.rs` re-exports its children and
//! they use its shared types: that is normal Rust), so an edge between an ancestor and its
//! descendant is not counted; every other edge is, and a cycle among them fails the test,
//! naming it and the paths that make each step. A cycle that cannot be broken yet is listed
//! in `ALLOWED_CYCLES` with the reason; a listed one that is gone fails too, so the list stays
//! the exact set.
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The circles allowed for now, each as the set of its modules (a strongly connected
/// component of the graph) and why it cannot be broken yet, e.g.
/// `(&["a::x", "a::y"], "x and y share … until …")`. None is: keep it so.
const ALLOWED_CYCLES: &[(&[&str], &str)] = &[];

fn src_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// `src/a/b.rs` → `["a", "b"]`; `src/a/mod.rs` → `["a"]`; `lib.rs` and `main.rs` → None.
fn module_of(src: &Path, file: &Path) -> Option<Vec<String>> {
    let rel = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    if parts.is_empty() && (stem == "lib" || stem == "main") {
        return None;
    }
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    Some(parts)
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Punct(char),
    PathSep,
}

/// The tokens of a Rust file that matter here: identifiers, `::` and single punctuation;
/// comments, strings, characters and numbers are dropped.
fn tokens(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else if (ch == 'r' || ch == 'b')
            && raw_string_start(&c, i).is_some()
            && (i == 0 || !is_ident(c[i - 1]))
        {
            let (hashes, body) = raw_string_start(&c, i).expect("checked");
            i = body;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '"' && (0..hashes).all(|k| c.get(i + 1 + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if ch == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if c.get(i + 1) == Some(&'\\') {
                // the quote, the backslash and the escaped character ('\'' too)
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && is_ident(c[i]) {
                    i += 1;
                }
            }
        } else if is_ident(ch) {
            let start = i;
            while i < c.len() && is_ident(c[i]) {
                i += 1;
            }
            if !ch.is_ascii_digit() {
                out.push(Tok::Ident(c[start..i].iter().collect()));
            }
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push(Tok::PathSep);
            i += 2;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

fn is_ident(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

/// At `r"`, `r#"`, `br"`, `br#"`: the number of `#` and where the body starts.
fn raw_string_start(c: &[char], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if c[j] == 'b' {
        j += 1;
    }
    if c.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (c.get(j) == Some(&'"')).then_some((hashes, j + 1))
}

/// The paths of a path tree starting at `toks[i]` (`a::b::{c, d::e}`), each as its segments;
/// returns them and where the tree ends.
fn path_tree(toks: &[Tok], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    loop {
        match toks.get(i) {
            Some(Tok::Ident(name)) => {
                prefix.push(name.clone());
                i += 1;
                if toks.get(i) == Some(&Tok::PathSep) {
                    i += 1;
                    continue;
                }
                return (vec![prefix], i);
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                let mut all = Vec::new();
                loop {
                    match toks.get(i) {
                        Some(Tok::Punct('}')) | None => {
                            i += 1;
                            break;
                        }
                        Some(Tok::Punct(',')) => i += 1,
                        _ => {
                            let (subs, next) = path_tree(toks, i);
                            for s in subs {
                                let mut p = prefix.clone();
                                p.extend(s);
                                all.push(p);
                            }
                            // `x as y`: skip the alias.
                            i = next;
                            if toks.get(i) == Some(&Tok::Ident("as".into())) {
                                i += 2;
                            }
                            if i == next && !matches!(toks.get(i), Some(Tok::Punct(',' | '}'))) {
                                i += 1;
                            }
                        }
                    }
                }
                return (all, i);
            }
            _ => return (vec![prefix], i),
        }
    }
}

/// Where each path was written: the module path of that place (file module + inline mods).
fn named_paths(file_module: &[String], text: &str) -> Vec<Vec<String>> {
    let toks = tokens(text);
    let mut out = Vec::new();
    // The inline modules open around the current token: (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Tok::Ident(kw) if kw == "mod" => {
                if let (Some(Tok::Ident(name)), Some(Tok::Punct('{'))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    inline.push((name.clone(), depth + 1));
                }
            }
            Tok::Ident(head)
                if (head == "crate" || head == "super" || head == "self")
                    && toks.get(i + 1) == Some(&Tok::PathSep)
                    && (i == 0 || toks[i - 1] != Tok::PathSep) =>
            {
                let mut here: Vec<String> = file_module.to_vec();
                here.extend(inline.iter().map(|(n, _)| n.clone()));
                let (paths, next) = path_tree(&toks, i);
                for p in paths {
                    if let Some(resolved) = resolve(&here, &p) {
                        out.push(resolved);
                    }
                }
                i = next;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// `crate::a::b` → `a::b`; `super::x` and `self::x` from the module `here`.
fn resolve(here: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = Vec::new();
    let mut rest = path;
    match path.first()?.as_str() {
        "crate" => rest = &path[1..],
        "self" => {
            base = here.to_vec();
            rest = &path[1..];
        }
        "super" => {
            base = here.to_vec();
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

struct Graph {
    nodes: BTreeSet<String>,
    /// from → to → the paths, as written in `from`'s file, that name `to`.
    edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
}

fn is_ancestor(a: &str, b: &str) -> bool {
    b.starts_with(a) && b[a.len()..].starts_with("::")
}

fn graph() -> Graph {
    let src = src_dir();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: Vec<(PathBuf, Vec<String>)> = files
        .into_iter()
        .filter_map(|f| module_of(&src, &f).map(|m| (f, m)))
        .collect();
    let nodes: BTreeSet<String> = modules.iter().map(|(_, m)| m.join("::")).collect();
    let mut edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (file, module) in &modules {
        let from = module.join("::");
        let text = fs::read_to_string(file).expect("a source file");
        for path in named_paths(module, &text) {
            // The longest prefix that is a module file.
            let Some(to) = (1..=path.len())
                .rev()
                .map(|n| path[..n].join("::"))
                .find(|p| nodes.contains(p))
            else {
                continue;
            };
            if to == from || is_ancestor(&to, &from) || is_ancestor(&from, &to) {
                continue;
            }
            edges
                .entry(from.clone())
                .or_default()
                .entry(to)
                .or_default()
                .insert(path.join("::"));
        }
    }
    Graph { nodes, edges }
}

/// The strongly connected components with more than one module (Tarjan).
fn cycles(g: &Graph) -> Vec<BTreeSet<String>> {
    struct State<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        next: usize,
        out: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(tos) = s.g.edges.get(v) {
            for w in tos.keys() {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let lw = s.low[w];
                    let lv = s.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(lw);
                } else if s.on_stack.contains(w) {
                    let iw = s.index[w];
                    let lv = s.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(iw);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = BTreeSet::new();
            loop {
                let w = s.stack.pop().expect("on the stack");
                s.on_stack.remove(w);
                comp.insert(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in &g.nodes {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// One concrete circle inside a component, each step with the paths that make it.
fn describe(g: &Graph, comp: &BTreeSet<String>) -> String {
    let start = comp.iter().next().expect("a non-empty component");
    // Breadth-first from start's successors back to start, inside the component.
    let mut prev: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.as_str()]);
    let mut found = None;
    'search: while let Some(v) = queue.pop_front() {
        for w in g.edges.get(v).into_iter().flat_map(|t| t.keys()) {
            if !comp.contains(w) {
                continue;
            }
            if w == start {
                found = Some(v);
                break 'search;
            }
            if !prev.contains_key(w.as_str()) {
                prev.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    let mut back = Vec::new();
    let mut v = found.expect("a component has a circle");
    while v != start {
        back.push(v);
        v = prev[v];
    }
    let mut path = vec![start.as_str()];
    path.extend(back.into_iter().rev());
    path.push(start);
    let mut out = format!("circle among {{{}}}:\n", comp_names(comp));
    for pair in path.windows(2) {
        let why: Vec<_> = g.edges[pair[0]][pair[1]].iter().cloned().collect();
        out.push_str(&format!(
            "  {} -> {}  ({})\n",
            pair[0],
            pair[1],
            why.join(", ")
        ));
    }
    out
}

fn comp_names(comp: &BTreeSet<String>) -> String {
    comp.iter().cloned().collect::<Vec<_>>().join(", ")
}

#[test]
fn no_circles_between_modules() {
    let g = graph();
    assert!(
        g.nodes.contains("scoresheet::movelist") && g.nodes.contains("asr"),
        "the module files were not found: {:?}",
        g.nodes
    );
    let found = cycles(&g);
    let allowed: Vec<BTreeSet<String>> = ALLOWED_CYCLES
        .iter()
        .map(|(mods, _)| mods.iter().map(|m| m.to_string()).collect())
        .collect();
    let mut problems = Vec::new();
    for comp in &found {
        if !allowed.contains(comp) {
            problems.push(describe(&g, comp));
        }
    }
    for comp in &allowed {
        if !found.contains(comp) {
            problems.push(format!(
                "ALLOWED_CYCLES lists {{{}}}, which is no longer a circle: remove it\n",
                comp_names(comp)
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.concat());
}

#[test]
fn the_reader_finds_paths() {
    let here = vec!["a".to_string(), "b".to_string()];
    let text = r##"
        use crate::{x::{y, z::W as V}, q};
        use super::c::D; // crate::commented::Out
        let s = "crate::in_string::Out"; let r = r#"crate::raw::Out"#; let ch = '"'; let q = '\''; let u = '\u{e4}';
        fn f<'a>(x: &'a str) -> crate::p::Q { self::k::f() }
        #[cfg(test)]
        mod tests { use super::*; use super::super::e; }
    "##;
    let got: Vec<String> = named_paths(&here, text)
        .into_iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        got,
        [
            "x::y",
            "x::z::W",
            "q",
            "a::c::D",
            "p::Q",
            "a::b::k::f",
            "a::b",
            "a::e"
        ]
    );
}
