//! The rules map (docs/RULES-MAP.md) is complete: every numbered behaviour of the requirement
//! extracts in docs/fide/ has a row, every row names a test that exists, or says "n/a: reason",
//! and the rows that say "missing: …" are exactly those of `KNOWN_GAPS`.
//!
//! The behaviours are read from the extracts themselves, so a new one shows up here:
//! `laws-2001-2009-2018.md` §4 lists them as "- T01: …"; `laws-2005-2014.md` §3 numbers them
//! "1. …" to "85. …" (written `#1` … `#85` in the map).
//!
//! The extracts are read from `docs/fide/` in the repository when it is there, else from
//! `ROCHADE_FIDE_DOCS`, else from `../shared/docs/fide/` beside the checkout (where the
//! project's shared documents lie, for developers and CI alike). Under CI (`CI` set) a
//! missing extract fails the test.
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The behaviours Rochade does not have yet (docs/RULES-MAP.md says what each needs). A row
/// saying "missing:" that is not listed here fails, and so does a listed one that is no longer
/// missing: the list is the exact set.
const KNOWN_GAPS: &[&str] = &[];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fide_dir() -> Option<PathBuf> {
    let candidates = [
        Some(root().join("docs/fide")),
        std::env::var("ROCHADE_FIDE_DOCS").ok().map(PathBuf::from),
        Some(root().join("../shared/docs/fide")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|dir| dir.join("laws-2005-2014.md").exists())
}

/// The text of a section: from the heading that starts with `heading` to the next heading of
/// the same or a higher level.
fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let level = heading.chars().take_while(|&c| c == '#').count();
    let start = text
        .find(&format!("\n{heading}"))
        .unwrap_or_else(|| panic!("no section {heading:?}"))
        + 1;
    let body = &text[start..];
    let first_line = body.find('\n').unwrap_or(body.len());
    let mut end = body.len();
    let mut offset = first_line;
    for line in body[first_line..].split_inclusive('\n') {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes > 0 && hashes <= level && line[hashes..].starts_with(' ') {
            end = offset;
            break;
        }
        offset += line.len();
    }
    &body[..end]
}

/// The behaviour IDs of the extracts, in order.
fn behaviours(dir: &Path) -> Vec<String> {
    let mut ids = Vec::new();
    let a = fs::read_to_string(dir.join("laws-2001-2009-2018.md")).unwrap();
    for line in section(&a, "## 4. Concrete, testable behaviours").lines() {
        if let Some(rest) = line.strip_prefix("- T") {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if !digits.is_empty() && rest[digits.len()..].starts_with(':') {
                ids.push(format!("T{digits}"));
            }
        }
    }
    let b = fs::read_to_string(dir.join("laws-2005-2014.md")).unwrap();
    for line in section(&b, "## 3. Concrete, testable behaviours").lines() {
        let digits: String = line.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && line[digits.len()..].starts_with(". ") {
            ids.push(format!("#{digits}"));
        }
    }
    ids
}

/// One row of the map: ID and the "Covered by" cell.
struct Row {
    id: String,
    covered: String,
    line: usize,
}

fn rows(map: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut covered_column = None;
    for (n, line) in map.lines().enumerate() {
        let line = line.trim();
        if !line.starts_with('|') {
            covered_column = None;
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.first() == Some(&"ID") {
            covered_column = cells.iter().position(|c| *c == "Covered by");
            continue;
        }
        if cells
            .iter()
            .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
        {
            continue;
        }
        let Some(col) = covered_column else { continue };
        rows.push(Row {
            id: cells[0].to_string(),
            covered: cells.get(col).copied().unwrap_or("").to_string(),
            line: n + 1,
        });
    }
    rows
}

/// Whether a test named in the map exists; `Err` says why not.
fn check_test(name: &str) -> Result<(), String> {
    let root = root();
    if let Some(scenario) = name.strip_prefix("scenario:") {
        let path = match scenario.strip_prefix("clock/") {
            Some(clock) => root.join(format!("tests/scenarios/clock/{clock}.jsonl")),
            None => root.join(format!("tests/scenarios/assistant/{scenario}.jsonl")),
        };
        let expect = path.with_extension("expect.jsonl");
        return if path.exists() && expect.exists() {
            Ok(())
        } else {
            Err(format!(
                "{name}: no {} with its expectations",
                path.display()
            ))
        };
    }
    let Some((file, function)) = name.split_once("::") else {
        return Err(format!(
            "{name:?} is not FILE.rs::test, scenario:NAME, n/a: or missing:"
        ));
    };
    if !(file.starts_with("tests/") || file.starts_with("src/")) || !file.ends_with(".rs") {
        return Err(format!(
            "{name}: a test is named tests/FILE.rs::fn or src/PATH.rs::fn"
        ));
    }
    let text = fs::read_to_string(root.join(file)).map_err(|e| format!("{name}: {file}: {e}"))?;
    let found = text.lines().any(|line| {
        line.trim_start()
            .strip_prefix("fn ")
            .or_else(|| line.trim_start().strip_prefix("pub fn "))
            .is_some_and(|rest| {
                rest.strip_prefix(function)
                    .is_some_and(|after| after.starts_with('(') || after.starts_with('<'))
            })
    });
    if found {
        Ok(())
    } else {
        Err(format!("{name}: no fn {function} in {file}"))
    }
}

#[test]
fn every_behaviour_has_a_test_or_a_reason() {
    let Some(dir) = fide_dir() else {
        // A checkout without the extracts cannot say which behaviours there are; CI has them.
        assert!(
            std::env::var_os("CI").is_none(),
            "no docs/fide/ extracts: not in docs/fide/, ROCHADE_FIDE_DOCS or ../shared/docs/fide/"
        );
        eprintln!("skipped: no docs/fide/ extracts (set ROCHADE_FIDE_DOCS)");
        return;
    };
    let ids = behaviours(&dir);
    assert!(
        ids.len() >= 140,
        "only {} behaviours read from {}: has the extracts' numbering changed?",
        ids.len(),
        dir.display()
    );
    let unique: BTreeSet<&String> = ids.iter().collect();
    assert_eq!(
        unique.len(),
        ids.len(),
        "a behaviour ID appears twice in the extracts"
    );

    let map = fs::read_to_string(root().join("docs/RULES-MAP.md")).unwrap();
    let rows = rows(&map);
    let mut problems = Vec::new();
    let mut by_id: BTreeMap<&str, &Row> = BTreeMap::new();
    for row in &rows {
        if by_id.insert(&row.id, row).is_some() {
            problems.push(format!("line {}: {} has two rows", row.line, row.id));
        }
        if !unique.contains(&row.id) {
            problems.push(format!(
                "line {}: {} is not a behaviour of the extracts",
                row.line, row.id
            ));
        }
    }
    let mut gaps = BTreeSet::new();
    let (mut covered, mut not_applicable) = (0, 0);
    for id in &ids {
        let Some(row) = by_id.get(id.as_str()) else {
            problems.push(format!("{id} has no row in docs/RULES-MAP.md"));
            continue;
        };
        let cell = row.covered.trim();
        if let Some(reason) = cell.strip_prefix("n/a:") {
            if reason.trim().len() < 10 {
                problems.push(format!("line {}: {id} says n/a without a reason", row.line));
            }
            not_applicable += 1;
            continue;
        }
        if let Some(what) = cell.strip_prefix("missing:") {
            if what.trim().len() < 10 {
                problems.push(format!(
                    "line {}: {id} says missing without what is needed",
                    row.line
                ));
            }
            gaps.insert(id.clone());
            continue;
        }
        if cell.is_empty() {
            problems.push(format!("line {}: {id} names no test", row.line));
            continue;
        }
        for name in cell.split(';').map(str::trim) {
            if let Err(e) = check_test(name) {
                problems.push(format!("line {}: {id}: {e}", row.line));
            }
        }
        covered += 1;
    }
    let known: BTreeSet<String> = KNOWN_GAPS.iter().map(|s| s.to_string()).collect();
    for new in gaps.difference(&known) {
        problems.push(format!(
            "{new} is a new gap: build it, or list it in KNOWN_GAPS"
        ));
    }
    for closed in known.difference(&gaps) {
        problems.push(format!(
            "{closed} is in KNOWN_GAPS but its row is not missing: drop it"
        ));
    }
    println!(
        "{} behaviours: {covered} covered, {not_applicable} n/a, {} missing: {}",
        ids.len(),
        gaps.len(),
        gaps.iter().cloned().collect::<Vec<_>>().join(" ")
    );
    assert!(
        problems.is_empty(),
        "the rules map:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checker_finds_what_is_not_there() {
    assert!(check_test("tests/rules_map.rs::the_checker_finds_what_is_not_there").is_ok());
    assert!(check_test("tests/rules_map.rs::the_checker_finds").is_err());
    assert!(check_test("tests/no_such_file.rs::x").is_err());
    assert!(check_test("scenario:no-such-scenario").is_err());
    assert!(check_test("scenario:clock/no-such-scenario").is_err());
    assert!(check_test("just words").is_err());
    let table =
        "| ID | A | Covered by |\n|---|---|---|\n| T01 | x | scenario:y |\n\ntext | T02 |\n";
    let r = rows(table);
    assert_eq!(r.len(), 1);
    assert_eq!(
        (r[0].id.as_str(), r[0].covered.as_str()),
        ("T01", "scenario:y")
    );
}
