//! Scenario tests as data: every `tests/scenarios/**/NAME.jsonl` is fed to `rochade replay`
//! and its effects are checked against `NAME.expect.jsonl`.
//!
//! The expect file starts with a line naming what it checks,
//! `{"scenario": "...", "article": "D.2.6", "strict": ["made", "clock"]}`, then lists effects.
//! Each expected effect must appear, in order, among the replay's effects: the next effect of
//! the same `kind` (for `say`, said to the same listener `to`) whose fields contain the expected
//! ones (`about` is compared as a subset, lists
//! in any order; a field `text_contains` checks a part of `text`). For the `strict` kinds every effect of that
//! kind must be expected: nothing more happens than the file says (e.g. no clock starts and no
//! move is made that the scenario does not list). A line `{"absent": {...}}` says no effect
//! containing those fields may occur at all; with `"from"` and/or `"until"` (ms, inclusive) only
//! none in that span of `at`. The meta line may list `"pgn_contains"` and `"pgn_absent"`:
//! texts the scoresheet written by `replay --pgn` must (not) contain.
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Map, Value};

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.ends_with(".jsonl") && !n.ends_with(".expect.jsonl"))
        {
            let expect = path.with_extension("expect.jsonl");
            if expect.exists() {
                out.push(path);
            }
        }
    }
}

fn contains(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => e.iter().all(|(k, ev)| {
            if let Some(base) = k.strip_suffix("_contains") {
                let (Some(Value::String(av)), Value::String(part)) = (a.get(base), ev) else {
                    return false;
                };
                return av.contains(part.as_str());
            }
            a.get(k).is_some_and(|av| contains(av, ev))
        }),
        // Lists (the candidates of a question) are compared without order.
        (Value::Array(a), Value::Array(e)) => {
            let mut left: Vec<&Value> = a.iter().collect();
            a.len() == e.len()
                && e.iter()
                    .all(|ev| match left.iter().position(|av| contains(av, ev)) {
                        Some(i) => {
                            left.remove(i);
                            true
                        }
                        None => false,
                    })
        }
        (a, e) => a == e,
    }
}

fn read_lines(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{}: bad JSON line {l}: {e}", path.display()))
        })
        .collect()
}

/// Checks one scenario; returns the problems found.
fn check(events: &Path) -> Result<String, Vec<String>> {
    let expect_path = events.with_extension("expect.jsonl");
    let mut expected = read_lines(&expect_path);
    let meta = expected.remove(0);
    let name = format!(
        "{} ({})",
        events.display(),
        meta.get("article").and_then(Value::as_str).unwrap_or("")
    );
    let mut problems = Vec::new();
    if meta
        .get("article")
        .and_then(Value::as_str)
        .is_none_or(str::is_empty)
    {
        problems.push(format!(
            "{name}: the first expect line must name the article"
        ));
    }
    let strict: Vec<String> = meta
        .get("strict")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();

    let texts = |key: &str| -> Vec<String> {
        meta.get(key)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    let (pgn_contains, pgn_absent) = (texts("pgn_contains"), texts("pgn_absent"));
    let pgn_path = std::env::temp_dir().join(format!(
        "rochade-scenario-{}-{}.pgn",
        std::process::id(),
        events
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("scenario")
    ));
    let mut replay = Command::new(env!("CARGO_BIN_EXE_rochade"));
    replay.arg("replay").arg(events);
    if !pgn_contains.is_empty() || !pgn_absent.is_empty() {
        replay.arg("--pgn").arg(&pgn_path);
    }
    let output = replay.output().expect("rochade replay runs");
    if !pgn_contains.is_empty() || !pgn_absent.is_empty() {
        let pgn = std::fs::read_to_string(&pgn_path).unwrap_or_default();
        let _ = std::fs::remove_file(&pgn_path);
        for part in &pgn_contains {
            if !pgn.contains(part.as_str()) {
                problems.push(format!("{name}: the PGN lacks {part:?}:\n{pgn}"));
            }
        }
        for part in &pgn_absent {
            if pgn.contains(part.as_str()) {
                problems.push(format!(
                    "{name}: the PGN should not contain {part:?}:\n{pgn}"
                ));
            }
        }
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let actual: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
        .collect();
    if actual
        .iter()
        .any(|a| a.get("kind") == Some(&Value::from("error")))
        && !meta
            .get("errors_expected")
            .is_some_and(|v| v == &Value::Bool(true))
    {
        problems.push(format!(
            "{name}: the replay reported errors:\n{}",
            actual
                .iter()
                .filter(|a| a.get("kind") == Some(&Value::from("error")))
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ));
    }

    let mut used = vec![false; actual.len()];
    let mut cursor: Map<String, Value> = Map::new(); // kind -> next index to search from
    for exp in &expected {
        if let Some(absent) = exp.get("absent") {
            let from = exp.get("from").and_then(Value::as_u64).unwrap_or(0);
            let until = exp.get("until").and_then(Value::as_u64).unwrap_or(u64::MAX);
            let in_span = |a: &Value| {
                a.get("at")
                    .and_then(Value::as_u64)
                    .is_some_and(|at| from <= at && at <= until)
            };
            if let Some(hit) = actual.iter().find(|a| in_span(a) && contains(a, absent)) {
                problems.push(format!("{name}: expected no {absent} but got {hit}"));
            }
            continue;
        }
        let kind = exp.get("kind").and_then(Value::as_str).unwrap_or("");
        // Order counts within a kind and, for what is said, within one listener's channel.
        let listener = exp.get("to").and_then(Value::as_str);
        let channel = match listener {
            Some(to) => format!("{kind}/{to}"),
            None => kind.to_string(),
        };
        let same_channel =
            |a: &Value| listener.is_none_or(|to| a.get("to").and_then(Value::as_str) == Some(to));
        let start = cursor.get(&channel).and_then(Value::as_u64).unwrap_or(0) as usize;
        let found = (start..actual.len()).find(|&i| {
            actual[i].get("kind").and_then(Value::as_str) == Some(kind)
                && same_channel(&actual[i])
                && !used[i]
                && contains(&actual[i], exp)
        });
        match found {
            Some(i) => {
                if strict.iter().any(|k| k == kind)
                    && let Some(skipped) = (start..i).find(|&j| {
                        !used[j] && actual[j].get("kind").and_then(Value::as_str) == Some(kind)
                    })
                {
                    problems.push(format!(
                        "{name}: unexpected {kind} effect {} before {exp}",
                        actual[skipped]
                    ));
                }
                used[i] = true;
                cursor.insert(channel.clone(), Value::from(i as u64 + 1));
            }
            None => problems.push(format!(
                "{name}: missing {exp}\n  effects of that kind from there:\n  {}",
                actual[start.min(actual.len())..]
                    .iter()
                    .filter(
                        |a| a.get("kind").and_then(Value::as_str) == Some(kind) && same_channel(a)
                    )
                    .take(5)
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join("\n  ")
            )),
        }
    }
    for kind in &strict {
        for (i, a) in actual.iter().enumerate() {
            if !used[i] && a.get("kind").and_then(Value::as_str) == Some(kind.as_str()) {
                let last_expected = cursor.get(kind).and_then(Value::as_u64).unwrap_or(0) as usize;
                if i >= last_expected {
                    problems.push(format!("{name}: unexpected {kind} effect {a}"));
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(name)
    } else {
        Err(problems)
    }
}

#[test]
fn every_scenario_behaves_as_its_expect_file_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files = Vec::new();
    scenario_files(&root, &mut files);
    assert!(
        !files.is_empty(),
        "no scenarios found in {}",
        root.display()
    );
    let mut failures = Vec::new();
    let mut passed = Vec::new();
    for f in &files {
        match check(f) {
            Ok(name) => passed.push(name),
            Err(p) => failures.extend(p),
        }
    }
    println!("{} scenarios passed:", passed.len());
    for p in &passed {
        println!("  {p}");
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
