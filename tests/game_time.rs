//! The game's time comes from the monotonic clock, not the wall clock: a wall clock stepped an
//! hour forward or back while a game runs leaves the running clock alone (within 50 ms), and a
//! downtime across a restart that the wall clock cannot vouch for (negative, or absurdly long
//! such as `wall_ms: 1`) is put to the arbiter instead of being charged.
//!
//! The wall-clock steps use libfaketime (Debian `libfaketime`, installed by scripts/setup.sh)
//! with the monotonic clock untouched (`FAKETIME_DONT_FAKE_MONOTONIC=1`); without it the test
//! says so and passes, except under CI, where it fails.
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Instant;

use rochade::session::{DoubtfulDowntime, MAX_COUNTED_DOWN_MS, judge_downtime, wall_ms_now};
use serde_json::Value;

/// The largest clock error allowed under a wall-clock step.
const MAX_ERROR_MS: i64 = 50;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rochade-time-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn libfaketime() -> Option<PathBuf> {
    let lib = std::fs::read_dir("/usr/lib").ok()?.find_map(|entry| {
        let path = entry.ok()?.path().join("faketime/libfaketime.so.1");
        path.is_file().then_some(path)
    });
    if lib.is_none() && std::env::var_os("CI").is_some() {
        panic!("libfaketime is not installed (scripts/setup.sh installs it)");
    }
    lib
}

fn spawn_play(dir: &Path, args: &[&str], env: &[(&str, &Path)]) -> (Child, BufReader<ChildStdout>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rochade"));
    command
        .current_dir(dir)
        .args(["play", "--speech", "off", "--json"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    (child, out)
}

/// Reads output lines until one satisfies `want`; every line read comes back too.
fn wait_for(
    out: &mut BufReader<ChildStdout>,
    want: impl Fn(&Value) -> bool,
) -> (Value, Vec<Value>) {
    let mut seen = Vec::new();
    loop {
        let mut line = String::new();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "play ended before the line wanted; it said {seen:?}"
        );
        let value: Value = serde_json::from_str(&line).unwrap();
        seen.push(value.clone());
        if want(&value) {
            return (value, seen);
        }
    }
}

fn is_time_report(v: &Value) -> bool {
    v["kind"] == "say" && v["about"]["white_ms"].is_u64()
}

/// Asks for the time: when it was asked (test's monotonic clock), the game time `at` of the
/// answer, and White's remaining time.
fn ask_time(child: &mut Child, out: &mut BufReader<ChildStdout>) -> (Instant, i64, i64) {
    let asked = Instant::now();
    let stdin = child.stdin.as_mut().unwrap();
    stdin.write_all(b"Zeit\n").unwrap();
    stdin.flush().unwrap();
    let (report, _) = wait_for(out, is_time_report);
    (
        asked,
        report["at"].as_i64().unwrap(),
        report["about"]["white_ms"].as_i64().unwrap(),
    )
}

#[test]
fn the_running_clock_ignores_wall_clock_steps_of_an_hour_forward_and_back() {
    let Some(lib) = libfaketime() else {
        eprintln!("libfaketime is not installed: the wall-clock step is not tested here");
        return;
    };
    let dir = scratch("step");
    let fake = dir.join("faketime");
    std::fs::write(&fake, "+0\n").unwrap();
    let (mut child, mut out) = spawn_play(
        &dir,
        &["--journal", "game.jsonl", "--time-control", "300"],
        &[
            ("LD_PRELOAD", &lib),
            ("FAKETIME_TIMESTAMP_FILE", &fake),
            ("FAKETIME_NO_CACHE", Path::new("1")),
            ("FAKETIME_DONT_FAKE_MONOTONIC", Path::new("1")),
        ],
    );
    // A first question answered: the program is set up and reading its input (its start-up
    // time is no part of the measurement).
    ask_time(&mut child, &mut out);
    let mut readings = vec![ask_time(&mut child, &mut out)];
    for step in ["+1h", "-1h", "+0"] {
        std::fs::write(&fake, format!("{step}\n")).unwrap();
        readings.push(ask_time(&mut child, &mut out));
    }
    let stdin = child.stdin.as_mut().unwrap();
    stdin.write_all(b"Ende\n").unwrap();
    drop(child.stdin.take());
    assert!(child.wait().unwrap().success());

    for pair in readings.windows(2) {
        let ((asked_a, at_a, white_a), (asked_b, at_b, white_b)) = (pair[0], pair[1]);
        let real_ms = i64::try_from(asked_b.duration_since(asked_a).as_millis()).unwrap();
        // The game time ran as the monotonic clock did, not an hour more or less.
        let error = (at_b - at_a) - real_ms;
        eprintln!(
            "wall step: game time ran {} ms while {real_ms} ms passed: error {error} ms",
            at_b - at_a
        );
        assert!(
            error.abs() <= MAX_ERROR_MS,
            "game time ran {} ms while {real_ms} ms passed (error {error} ms)",
            at_b - at_a
        );
        // White's running clock lost exactly the game time that passed.
        assert_eq!(white_a - white_b, at_b - at_a);
    }
    // The wall clock was stepped for the program: the journal's human timestamps show it.
    let journal = std::fs::read_to_string(dir.join("game.jsonl")).unwrap();
    let walls: Vec<i64> = journal
        .lines()
        .skip(2)
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["wall_ms"]
                .as_i64()
                .unwrap()
        })
        .collect();
    // (The warm-up question, the first reading, then one a step.)
    assert!(walls[2] - walls[1] >= 3_600_000 - 1_000, "{walls:?}");
    assert!(walls[2] - walls[3] >= 7_200_000 - 1_000, "{walls:?}");
}

#[test]
fn downtime_is_counted_only_when_the_wall_clock_can_vouch_for_it() {
    assert_eq!(judge_downtime(1_000_000, 1_004_000), Ok(4_000));
    assert_eq!(
        judge_downtime(1_000_000, 1_000_000 + MAX_COUNTED_DOWN_MS),
        Ok(MAX_COUNTED_DOWN_MS)
    );
    assert_eq!(
        judge_downtime(1, 1_795_000_000_000),
        Err(DoubtfulDowntime::TooLong {
            ms: 1_794_999_999_999
        })
    );
    assert_eq!(
        judge_downtime(5_000, 2_000),
        Err(DoubtfulDowntime::WallClockWentBack { ms: 3_000 })
    );
}

/// A journal of a game with White's clock running since `at` 0, its last entry at game time
/// 2 000 ms and wall time `last_wall`.
fn journal_with_last_wall(dir: &Path, last_wall: u64) -> PathBuf {
    let path = dir.join("game.jsonl");
    let lines = [
        r#"{"rochade_journal":1,"program_version":"0.1.0","created_at":"2026-11-23T14:05:00Z"}"#
            .to_string(),
        format!(
            r#"{{"at":0,"start":{{"player":"white","time_control":"300","confirm_ms":0}},"wall_ms":{}}}"#,
            last_wall.saturating_sub(2_000)
        ),
        format!(r#"{{"at":2000,"heard":"Zeit","wall_ms":{last_wall}}}"#),
    ];
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// Resumes the journal and asks for the time: what was said to the arbiter, and White's time.
fn resume_and_ask(dir: &Path) -> (Vec<String>, i64) {
    let (mut child, mut out) = spawn_play(dir, &["--resume", "game.jsonl"], &[]);
    let stdin = child.stdin.as_mut().unwrap();
    stdin.write_all(b"Zeit\n").unwrap();
    stdin.flush().unwrap();
    let (report, seen) = wait_for(&mut out, |v| {
        is_time_report(v) && v["at"].as_u64() > Some(2_000)
    });
    child.stdin.as_mut().unwrap().write_all(b"Ende\n").unwrap();
    drop(child.stdin.take());
    assert!(child.wait().unwrap().success());
    let to_arbiter = seen
        .iter()
        .filter(|v| v["kind"] == "say" && v["to"] == "arbiter")
        .map(|v| v["text"].as_str().unwrap().to_string())
        .collect();
    (to_arbiter, report["about"]["white_ms"].as_i64().unwrap())
}

#[test]
fn an_absurd_downtime_is_put_to_the_arbiter_not_charged() {
    put_to_the_arbiter("absurd", 1, &["unterbrochen", "!zeit weiss"]);
}

#[test]
fn a_wall_clock_set_back_across_a_restart_is_put_to_the_arbiter_not_charged() {
    put_to_the_arbiter("back", wall_ms_now() + 3_600_000, &["zurückgegangen"]);
}

/// A journal whose last line has the wall time `last_wall`, resumed: one message to the
/// arbiter holding `words`, and White charged only the 2 s before the crash and the moment
/// since the resumption.
fn put_to_the_arbiter(name: &str, last_wall: u64, words: &[&str]) {
    let dir = scratch(name);
    journal_with_last_wall(&dir, last_wall);
    let (to_arbiter, white_ms) = resume_and_ask(&dir);
    assert_eq!(to_arbiter.len(), 1, "{to_arbiter:?}");
    assert!(
        words.iter().all(|w| to_arbiter[0].contains(w)),
        "{}",
        to_arbiter[0]
    );
    assert!(
        (295_000..=298_000).contains(&white_ms),
        "White has {white_ms} ms"
    );
}

#[test]
fn a_believable_downtime_is_charged_to_the_running_clock() {
    let dir = scratch("charged");
    journal_with_last_wall(&dir, wall_ms_now() - 60_000);
    let (to_arbiter, white_ms) = resume_and_ask(&dir);
    assert!(to_arbiter.is_empty(), "{to_arbiter:?}");
    // 2 s played and a minute down.
    assert!(
        (235_000..=238_000).contains(&white_ms),
        "White has {white_ms} ms"
    );
}
