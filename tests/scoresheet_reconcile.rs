//! Reconciling scoresheets: every case of `tests/reconcile/cases.jsonl` (pairs made from real
//! games with a divergence injected at a known half-move, or written two ways that agree) must
//! be reported at the right move, through the library and through `rochade reconcile --json`.
use std::path::PathBuf;
use std::process::Command;

use rochade::scoresheet::load::read_sheet;
use rochade::scoresheet::reconcile::reconcile;
use serde_json::Value;

fn cases() -> Vec<Value> {
    let text = include_str!("reconcile/cases.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a case is one JSON object"))
        .collect()
}

/// Checks the fields a case expects against a report; returns the mismatches.
fn mismatches(case: &Value, report: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for key in [
        "agree",
        "last_agreeing_ply",
        "last_agreeing_move",
        "last_agreeing_side",
        "fen",
    ] {
        if case[key] != report[key] {
            out.push(format!(
                "{key}: expected {}, got {}",
                case[key], report[key]
            ));
        }
    }
    match case.get("difference") {
        Some(expected) => {
            for key in ["move", "side", "a", "b"] {
                if expected[key] != report["difference"][key] {
                    out.push(format!(
                        "difference.{key}: expected {}, got {}",
                        expected[key], report["difference"][key]
                    ));
                }
            }
        }
        None => {
            if report.get("difference").is_some() {
                out.push(format!("unexpected difference {}", report["difference"]));
            }
        }
    }
    out
}

#[test]
fn there_are_enough_cases_of_each_kind() {
    let cases = cases();
    let divergent = cases.iter().filter(|c| c["agree"] == false).count();
    assert!(divergent >= 20, "only {divergent} divergent cases");
    for kind in ["wrong_letter", "skipped_move", "wrong_square", "transposed"] {
        let n = cases
            .iter()
            .filter(|c| c["name"].as_str().is_some_and(|n| n.starts_with(kind)))
            .count();
        assert!(n >= 4, "only {n} cases of {kind}");
    }
    for agreeing in ["German letters", "e8D against e8=Q", "exd6 e.p."] {
        assert!(
            cases
                .iter()
                .any(|c| c["agree"] == true && c["name"].as_str().unwrap().starts_with(agreeing)),
            "no agreeing case {agreeing}"
        );
    }
}

#[test]
fn every_case_is_found_at_the_right_move() {
    let mut failures = Vec::new();
    for case in cases() {
        let a = read_sheet(case["a"].as_str().unwrap(), 1, None).unwrap();
        let b = read_sheet(case["b"].as_str().unwrap(), 1, None).unwrap();
        let report = serde_json::to_value(reconcile(&a, &b).unwrap()).unwrap();
        let wrong = mismatches(&case, &report);
        if !wrong.is_empty() {
            failures.push(format!(
                "{} ({}): {}",
                case["name"],
                case["source"],
                wrong.join("; ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rochade-{name}-{}", std::process::id()));
    // a process id comes round again: start without what an earlier run left
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_command_gives_the_same_reports() {
    let dir = scratch_dir("reconcile");
    let mut failures = Vec::new();
    for (i, case) in cases().iter().enumerate() {
        let (a, b) = (
            dir.join(format!("{i}-a.txt")),
            dir.join(format!("{i}-b.txt")),
        );
        std::fs::write(&a, case["a"].as_str().unwrap()).unwrap();
        std::fs::write(&b, case["b"].as_str().unwrap()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
            .current_dir(&dir)
            .args(["reconcile", "--json"])
            .arg(&a)
            .arg(&b)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        let wrong = mismatches(case, &report);
        if !wrong.is_empty() {
            failures.push(format!("{}: {}", case["name"], wrong.join("; ")));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn journal_clocks_are_those_after_the_last_agreeing_move() {
    let dir = scratch_dir("journal");
    let journal = "[Event \"j\"]\n\n1. e4 {[%clk 1:30:00]} 1... e5 {[%clk 1:29:30]} 2. Nf3 {[%clk 1:29:00]} 2... Nc6 {[%clk 1:28:00]} 3. Bb5 {[%clk 1:27:00]} *\n";
    std::fs::write(dir.join("journal.pgn"), journal).unwrap();
    std::fs::write(dir.join("a.txt"), "1. e4 e5 2. Nf3 Nc6 3. Bb5").unwrap();
    std::fs::write(dir.join("b.txt"), "1. e4 e5 2. Sf3 Sf6 3. Lb5").unwrap();
    let run = |json: bool, german: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_rochade"));
        cmd.current_dir(&dir)
            .args(["reconcile", "a.txt", "b.txt", "--journal", "journal.pgn"]);
        if !german {
            cmd.args(["--lang", "en"]);
        }
        if json {
            cmd.arg("--json");
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let report: Value = serde_json::from_str(&run(true, false)).unwrap();
    assert_eq!(report["last_agreeing_ply"], 3);
    assert_eq!(report["clocks"]["white_ms"], 5_340_000);
    assert_eq!(report["clocks"]["black_ms"], 5_370_000);
    assert_eq!(report["difference"]["a"], "Nc6");
    assert_eq!(report["difference"]["b"], "Sf6");
    let words = run(false, false);
    assert!(
        words.contains(
            "The scoresheets differ at Black's move 2: sheet A has Nc6, sheet B has Sf6 (Nf6)."
        ),
        "{words}"
    );
    assert!(
        words.contains("White 1 hour and 29 minutes, Black 1 hour, 29 minutes and 30 seconds"),
        "{words}"
    );
    // By default the report is German, like the other sheets.
    let words = run(false, true);
    assert!(
        words.contains(
            "Die Partieformulare unterscheiden sich bei Zug 2 von Schwarz: Formular A hat Nc6, Formular B hat Sf6 (Nf6)."
        ),
        "{words}"
    );
    assert!(
        words
            .contains("Weiß 1 Stunde und 29 Minuten, Schwarz 1 Stunde, 29 Minuten und 30 Sekunden"),
        "{words}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A braille scoresheet (BRF, any letter set) against the print PGN: they agree; with one
/// braille move changed, they differ exactly there.
#[test]
fn a_braille_sheet_against_a_print_sheet() {
    use rochade::scoresheet::brf::{BrailleOptions, write_brf};
    use rochade::scoresheet::{Letters, pgn};
    const KASPAROV: &str = include_str!("data/python-chess/kasparov-deep-blue-1997.pgn");
    for game in 1..=6 {
        let record = pgn::read(KASPAROV, game).unwrap();
        let print = read_sheet(KASPAROV, game, None).unwrap();
        for letters in Letters::ALL {
            let options = BrailleOptions {
                letters,
                ..BrailleOptions::default()
            };
            let brf = write_brf(&record, &options).unwrap();
            let braille = read_sheet(&brf, 1, None).unwrap();
            let report = reconcile(&print, &braille).unwrap();
            assert!(
                report.agree,
                "game {game} {letters}: {:?}",
                report.difference
            );
            assert_eq!(report.last_agreeing_ply, record.moves().len());

            // Spoil White's move 12: its line "12 W B" becomes "12 XW B", not a move.
            let changed = brf.replacen("\r\n12 ", "\r\n12 X", 1);
            let braille = read_sheet(&changed, 1, None).unwrap();
            let report = reconcile(&print, &braille).unwrap();
            let d = report.difference.unwrap();
            assert_eq!((d.number, d.ply), (12, 23), "game {game} {letters}");
            assert_eq!(d.b_san, None);
            assert_eq!(report.last_agreeing_ply, 22);
        }
    }
}
