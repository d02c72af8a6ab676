//! Bounded input from the outside: every command that reads a line or a file meets input
//! without end (`/dev/zero`), a line far too long, or a file far too large, and answers with a
//! clear message naming the line and an exit status, not a crash or a swollen memory.
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use rochade::bounded::{RECORDS, SHEETS, TYPED};

const START: &str = r#"{"at":0,"start":{"player":"white","time_control":"300+2","confirm_ms":0}}"#;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rochade-bounded-{name}-{}", std::process::id()));
    // a process id comes round again: a directory left by an earlier run with it holds that
    // run's journal, which `play` rightly refuses to overwrite
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rochade(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The command may stop reading early (that is the point): a broken pipe is fine.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn long_line(bytes: usize) -> String {
    "a".repeat(bytes)
}

#[test]
fn replay_of_endless_input_stops_at_once_naming_line_one() {
    let dir = scratch("zero");
    let out = rochade(&dir, &["replay", "/dev/zero"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr).trim(),
        "error: rochade: /dev/zero: line 1 is longer than 64 KiB, the limit of a line in a journal or event file; it was not read"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn replay_carries_out_the_lines_before_a_line_too_long_and_names_it() {
    let dir = scratch("replay-long");
    let events = format!(
        "{START}\n{{\"at\":100,\"heard\":\"{}\"}}\n{{\"at\":200,\"heard\":\"Zeit\"}}\n",
        long_line(RECORDS.line)
    );
    std::fs::write(dir.join("events.jsonl"), events).unwrap();
    let out = rochade(&dir, &["replay", "events.jsonl"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("events.jsonl: line 2 is longer than 64 KiB"),
        "{}",
        text(&out.stderr)
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains(r#""kind":"clock""#), "{stdout}");
    // Line 3 comes after the refused line and is not replayed out of its context.
    assert!(!stdout.contains(r#""at":200"#), "{stdout}");
}

#[test]
fn interpret_batch_answers_a_line_too_long_with_an_error_and_goes_on() {
    let dir = scratch("batch");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let batch = format!(
        "{{\"fen\":\"{fen}\",\"heard\":\"{}\"}}\n{{\"fen\":\"{fen}\",\"heard\":\"Eva vier\"}}\n",
        long_line(RECORDS.line * 4)
    );
    let out = rochade(&dir, &["interpret", "--batch", "-"], batch.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let answers: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0]["status"], "error");
    assert!(
        answers[0]["error"]
            .as_str()
            .unwrap()
            .starts_with("line 1 is longer than 64 KiB"),
        "{}",
        answers[0]
    );
    assert_eq!(answers[1]["uci"], "e2e4");
}

#[test]
fn scoresheet_of_endless_or_huge_input_is_refused_clearly() {
    let dir = scratch("sheet");
    let out = rochade(&dir, &["scoresheet", "/dev/zero"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("/dev/zero is larger than 16 MiB, the limit of a journal"),
        "{}",
        text(&out.stderr)
    );

    let huge = "1. Nf3 Nf6 2. Ng1 Ng8\n".repeat(SHEETS.file as usize / 20);
    std::fs::write(dir.join("huge.txt"), huge).unwrap();
    let out = rochade(&dir, &["reconcile", "huge.txt", "huge.txt"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("huge.txt is larger than 1 MiB, the limit of a scoresheet"),
        "{}",
        text(&out.stderr)
    );

    std::fs::write(
        dir.join("long.txt"),
        format!("1. e4 e5\n{}\n", long_line(RECORDS.line + 1)),
    )
    .unwrap();
    let out = rochade(&dir, &["scoresheet", "long.txt"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("long.txt: line 2 is longer than 64 KiB"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_vocabulary_file_too_large_is_refused_clearly() {
    let dir = scratch("vocab");
    let out = rochade(
        &dir,
        &[
            "interpret",
            "--grammar",
            "/dev/zero",
            "--fen",
            "8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "--",
            "Zeit",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("/dev/zero is larger than 1 MiB, the limit of a vocabulary"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn play_refuses_a_typed_line_too_long_says_so_and_goes_on() {
    let dir = scratch("play");
    let input = format!("{}\nZeit\nEnde\n", long_line(TYPED.line * 100));
    let out = rochade(
        &dir,
        &[
            "play",
            "--journal",
            "game.jsonl",
            "--speech",
            "off",
            "--time-control",
            "300+2",
        ],
        input.as_bytes(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Die Eingabe ist länger als 4096 Zeichen und wurde nicht gelesen."),
        "{stdout}"
    );
    assert!(
        stdout.contains("fünf Minuten"),
        "Zeit was not answered: {stdout}"
    );
    let journal = std::fs::read_to_string(dir.join("game.jsonl")).unwrap();
    assert!(journal.contains(r#""heard":"Zeit""#), "{journal}");
    assert!(!journal.contains("aaaa"), "the refused line was journaled");
}

#[test]
fn a_journal_line_too_long_is_skipped_and_named_and_the_rest_resumes() {
    let dir = scratch("journal");
    let path = dir.join("game.jsonl");
    let header =
        r#"{"rochade_journal":1,"program_version":"0.1.0","created_at":"2026-11-23T14:05:00Z"}"#;
    let long = format!(
        "{{\"at\":50,\"heard\":\"{}\",\"wall_ms\":50}}",
        long_line(RECORDS.line)
    );
    std::fs::write(
        &path,
        format!("{header}\n{START}\n{long}\n{{\"at\":100,\"heard\":\"Zeit\",\"wall_ms\":100}}\n"),
    )
    .unwrap();
    let read = rochade::journal::read_journal::<serde_json::Value>(&path).unwrap();
    assert_eq!(read.records.len(), 2);
    assert!(matches!(
        read.problems.as_slice(),
        [rochade::journal::JournalProblem::BrokenLine { line: 3, .. }]
    ));
}
