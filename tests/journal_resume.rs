//! Resuming from a journal, end to end (issue 12, items 3–5): a journal named like a
//! scoresheet is never overwritten and resumes; a damaged journal is reported by line, in
//! words, and resumed from its last good line only when the player or arbiter says so; a
//! torn last line is dropped by itself; an old journal without checksums resumes; a read-back
//! waiting at the crash is read back again with a fresh window, and a made move is announced
//! to the opponent again.
mod process_support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use rochade::assistant::protocol::{Effect, Event, Heard, Listener, StartSpec};
use rochade::journal::{Damage, JournalProblem};
use rochade::session::{ResumeError, Session, check_journal};
use serde_json::Value;
use shakmaty::Color;

const WITHIN: Duration = Duration::from_secs(15);

fn play(args: &[&str], journal: &Path) -> (Child, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["play", "--speech", "off", "--json"])
        .args(args)
        .arg(journal)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rochade play starts");
    let rx = process_support::lines(child.stdout.take().expect("stdout"));
    (child, rx)
}

fn send(child: &mut Child, line: &str) {
    process_support::send_line(child, line).expect("a line to rochade play");
}

fn json(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or(Value::Null)
}

/// Waits for an output line whose JSON `want` accepts.
fn expect(rx: &Receiver<String>, seen: &mut Vec<String>, want: impl Fn(&Value) -> bool) -> Value {
    let line = process_support::wait_for(rx, seen, WITHIN, |l| want(&json(l)))
        .unwrap_or_else(|| panic!("not seen; the output was:\n{}", seen.join("\n")));
    json(&line)
}

fn said_to(v: &Value, to: &str, text: &str) -> bool {
    v["kind"] == "say" && v["to"] == to && v["text"] == text
}

fn made(v: &Value, uci: &str) -> bool {
    v["kind"] == "made" && v["uci"] == uci
}

fn finish(mut child: Child, rx: &Receiver<String>, seen: &mut Vec<String>) -> Vec<String> {
    send(&mut child, "ende");
    let status = child.wait().expect("play ends");
    seen.extend(rx.iter());
    assert!(status.success(), "{}", seen.join("\n"));
    seen.clone()
}

/// A journal (through the binary) with 1. e4 e5 2. Nf3, White to have moved last.
fn three_moves(journal: &Path) {
    let (mut child, rx) = play(&["--confirm-ms", "0", "--journal"], journal);
    let mut seen = Vec::new();
    for (line, uci) in [
        ("Eva vier", None),
        ("ja", Some("e2e4")),
        ("e5", Some("e7e5")),
        ("Springer Felix drei", None),
        ("ja", Some("g1f3")),
    ] {
        send(&mut child, line);
        if let Some(uci) = uci {
            expect(&rx, &mut seen, |v| made(v, uci));
        } else {
            expect(&rx, &mut seen, |v| v["about"]["read_back"] == true);
        }
    }
    finish(child, &rx, &mut seen);
}

// ----- item 3: the journal cannot be overwritten --------------------------------------------

#[test]
fn a_journal_named_game_pgn_keeps_its_name_and_resumes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("game.pgn");
    three_moves(&journal);
    let text = std::fs::read_to_string(&journal).expect("the journal");
    assert!(text.starts_with("{\"rochade_journal\""), "{text}");
    // The scoresheets go beside it, under names that are never the journal's.
    let pgn = std::fs::read_to_string(dir.path().join("game.pgn.pgn")).expect("the PGN");
    assert!(
        pgn.contains("1. e4 {[%clk") && pgn.contains("2. Nf3"),
        "{pgn}"
    );
    assert!(dir.path().join("game.pgn.brf").exists());
    assert!(dir.path().join("game.pgn.txt").exists());

    let (mut child, rx) = play(&["--resume"], &journal);
    let mut seen = Vec::new();
    expect(&rx, &mut seen, |v| {
        said_to(
            v,
            "player",
            "Partie fortgesetzt nach Zug 2 von Weiß, der Gegner ist am Zug, seine Uhr läuft.",
        )
    });
    send(&mut child, "Sc6");
    expect(&rx, &mut seen, |v| made(v, "b8c6"));
    finish(child, &rx, &mut seen);
    assert_eq!(
        process_support::journal_moves(&journal),
        ["e2e4", "e7e5", "g1f3", "b8c6"]
    );
}

#[test]
fn a_new_game_never_starts_over_an_existing_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("game.pgn");
    three_moves(&journal);
    let before = std::fs::read(&journal).expect("journal");
    let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["play", "--speech", "off", "--journal"])
        .arg(&journal)
        .stdin(Stdio::null())
        .output()
        .expect("play runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("journal of another game") && err.contains("--resume"),
        "{err}"
    );
    assert_eq!(std::fs::read(&journal).expect("journal"), before);

    // Someone's own PGN is not a journal, and is not overwritten either.
    let own = dir.path().join("mine.pgn");
    std::fs::write(&own, "[Event \"Club\"]\n1. d4 d5 *\n").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["play", "--speech", "off", "--journal"])
        .arg(&own)
        .stdin(Stdio::null())
        .output()
        .expect("play runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a Rochade journal"));
    assert_eq!(
        std::fs::read_to_string(&own).expect("own"),
        "[Event \"Club\"]\n1. d4 d5 *\n"
    );
}

#[test]
fn a_scoresheet_never_replaces_another_games_journal() {
    let dir = tempfile::tempdir().expect("tempdir");
    // One game's journal is game.pgn; another game's journal game.jsonl would write its
    // PGN to game.pgn.
    let first = dir.path().join("game.pgn");
    three_moves(&first);
    let before = std::fs::read(&first).expect("journal");
    three_moves(&dir.path().join("game.jsonl"));
    assert_eq!(std::fs::read(&first).expect("journal"), before);
    assert_eq!(
        process_support::journal_moves(&first),
        ["e2e4", "e7e5", "g1f3"]
    );
}

// ----- item 4: integrity ---------------------------------------------------------------------

fn lines_of(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("journal")
        .lines()
        .map(str::to_string)
        .collect()
}

fn write_lines(path: &Path, lines: &[String]) {
    std::fs::write(path, lines.join("\n") + "\n").expect("write");
}

/// The line number (1-based) of the first line holding `needle`.
fn line_with(path: &Path, needle: &str) -> usize {
    1 + lines_of(path)
        .iter()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle}"))
}

#[test]
fn a_changed_byte_is_reported_and_resumed_only_with_consent() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("game.jsonl");
    three_moves(&journal);
    // The opponent's e5 becomes e6 (still a legal move): the game would change silently.
    let damaged = line_with(&journal, "\"opponent\":\"e5\"");
    let text = std::fs::read_to_string(&journal).expect("journal");
    std::fs::write(
        &journal,
        text.replace("\"opponent\":\"e5\"", "\"opponent\":\"e6\""),
    )
    .expect("write");
    let before = std::fs::read(&journal).expect("journal");

    // "nein": nothing changes.
    let (mut child, rx) = play(&["--resume"], &journal);
    let mut seen = Vec::new();
    let said =
        format!("Zeile {damaged} des Journals wurde verändert: ihre Prüfsumme stimmt nicht.");
    expect(&rx, &mut seen, |v| v["text"] == said.as_str());
    let question = expect(&rx, &mut seen, |v| {
        v["text"]
            .as_str()
            .is_some_and(|t| t.ends_with("Fortsetzen? Ja oder nein."))
    });
    assert!(
        question["text"]
            .as_str()
            .is_some_and(|t| t.contains(&format!(
                "ab Zeile {} des Journals fortgesetzt werden, nach Zug 1 von Weiß.",
                damaged - 1
            ))),
        "{question}"
    );
    send(&mut child, "nein");
    let status = child.wait().expect("ends");
    seen.extend(rx.iter());
    assert_eq!(status.code(), Some(2), "{}", seen.join("\n"));
    assert!(
        seen.iter()
            .any(|l| json(l)["text"] == "Nicht fortgesetzt. Das Journal ist unverändert."),
        "{}",
        seen.join("\n")
    );
    assert_eq!(std::fs::read(&journal).expect("journal"), before);

    // "ja": the game goes on after 1. e4, the damaged lines stay in the file, set aside.
    let (mut child, rx) = play(&["--resume"], &journal);
    let mut seen = Vec::new();
    expect(&rx, &mut seen, |v| {
        v["text"]
            .as_str()
            .is_some_and(|t| t.ends_with("Fortsetzen? Ja oder nein."))
    });
    send(&mut child, "ja");
    expect(&rx, &mut seen, |v| {
        said_to(
            v,
            "player",
            "Partie fortgesetzt nach Zug 1 von Weiß, der Gegner ist am Zug, seine Uhr läuft.",
        )
    });
    send(&mut child, "c5");
    expect(&rx, &mut seen, |v| made(v, "c7c5"));
    finish(child, &rx, &mut seen);
    let after = std::fs::read(&journal).expect("journal");
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "the old lines are untouched"
    );
    assert!(String::from_utf8_lossy(&after).contains("\"set_aside\""));
    assert_eq!(process_support::journal_moves(&journal), ["e2e4", "c7c5"]);

    // The decision holds: the next resumption asks nothing.
    let (child, rx) = play(&["--resume"], &journal);
    let mut seen = Vec::new();
    expect(&rx, &mut seen, |v| {
        v["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("Partie fortgesetzt nach Zug 1, Sie sind am Zug"))
    });
    let out = finish(child, &rx, &mut seen);
    assert!(!out.iter().any(|l| l.contains("Fortsetzen?")), "{out:?}");
}

#[test]
fn accept_damage_resumes_without_asking_and_says_what_was_set_aside() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("game.jsonl");
    three_moves(&journal);
    let mut lines = lines_of(&journal);
    let deleted = line_with(&journal, "\"opponent\":\"e5\"");
    lines.remove(deleted - 1);
    write_lines(&journal, &lines);
    let (child, rx) = play(&["--accept-damage", "--resume"], &journal);
    let mut seen = Vec::new();
    let said = format!("Vor Zeile {deleted} des Journals fehlt eine Zeile.");
    expect(&rx, &mut seen, |v| v["text"] == said.as_str());
    let resumed = format!(
        "Fortgesetzt ab Zeile {}; die beschädigten Zeilen bleiben im Journal, beiseitegelegt.",
        deleted - 1
    );
    expect(&rx, &mut seen, |v| v["text"] == resumed.as_str());
    finish(child, &rx, &mut seen);
    assert_eq!(process_support::journal_moves(&journal), ["e2e4"]);
}

/// A journal written through the session, with the times given.
fn session_journal(path: &Path, confirm_ms: u64, after_playback: bool) -> Session {
    let mut s = Session::create(Some(path)).expect("session");
    let mut spec = StartSpec::new(Color::White);
    spec.time_control = Some("600+0".into());
    spec.confirm_ms = confirm_ms;
    spec.window_after_playback = after_playback;
    s.feed(Event::Start(Box::new(spec)), 0).expect("start");
    s
}

fn heard(text: &str) -> Event {
    Event::Heard(Heard::Text(text.into()))
}

#[test]
fn reordered_and_out_of_time_lines_are_damage_and_a_torn_line_is_not() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.jsonl");
    let mut s = session_journal(&path, 0, false);
    s.feed(heard("Eva vier"), 1000).expect("heard");
    s.feed(heard("ja"), 2000).expect("ja");
    s.feed(Event::Opponent("e5".into()), 3000).expect("e5");
    drop(s);
    let good = lines_of(&path);

    let mut swapped = good.clone();
    swapped.swap(2, 3);
    write_lines(&path, &swapped);
    let check = check_journal(&path).expect("reads");
    assert!(matches!(
        check.damage.as_slice(),
        [
            JournalProblem::Damaged {
                line: 3,
                damage: Damage::OutOfOrder { .. }
            },
            JournalProblem::Damaged {
                line: 4,
                damage: Damage::OutOfOrder { .. }
            }
        ]
    ));
    assert!(matches!(
        Session::resume(&path, false),
        Err(ResumeError::Damaged(_))
    ));
    assert_eq!(lines_of(&path), swapped, "refused, nothing changed");

    // An old journal (no checksums) whose times go back.
    let old = [
        r#"{"rochade_journal":1,"program_version":"0.1.0","created_at":"2026-11-23T13:05:00Z"}"#,
        r#"{"at":0,"start":{"player":"white","time_control":"600+0","confirm_ms":0},"wall_ms":1795438800000}"#,
        r#"{"at":5000,"heard":"Eva vier","wall_ms":1795438805000}"#,
        r#"{"at":4000,"heard":"ja","wall_ms":1795438804000}"#,
    ];
    write_lines(&path, &old.map(String::from));
    let check = check_journal(&path).expect("reads");
    assert_eq!(
        check.damage,
        [JournalProblem::Damaged {
            line: 4,
            damage: Damage::OutOfTime {
                at: 4000,
                previous_at: 5000
            }
        }]
    );

    // A torn last line is not damage: it is dropped, and the game resumes by itself.
    let mut torn = good.join("\n") + "\n";
    torn.push_str("{\"at\":4000,\"heard\":\"Springer");
    std::fs::write(&path, torn).expect("write");
    let (_, resumed) = Session::resume(&path, false).expect("resumes by itself");
    assert!(matches!(
        resumed.torn,
        Some(JournalProblem::TornLastLine { line: 6, .. })
    ));
    assert!(resumed.set_aside.is_empty());
}

#[test]
fn an_old_journal_without_checksums_resumes_and_goes_on_sealed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("old.jsonl");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_millis() as u64;
    // As Rochade wrote journals before lines were sealed (format 1).
    let old = [
        r#"{"rochade_journal":1,"program_version":"0.1.0","created_at":"2026-11-23T13:05:00Z"}"#
            .to_string(),
        format!(
            r#"{{"at":0,"start":{{"player":"white","time_control":"600+0","confirm_ms":0}},"wall_ms":{}}}"#,
            now - 10_000
        ),
        format!(
            r#"{{"at":1000,"heard":"Eva vier","wall_ms":{}}}"#,
            now - 9_000
        ),
        format!(r#"{{"at":2000,"heard":"ja","wall_ms":{}}}"#, now - 8_000),
    ];
    write_lines(&journal, &old);
    let (mut child, rx) = play(&["--resume"], &journal);
    let mut seen = Vec::new();
    expect(&rx, &mut seen, |v| {
        said_to(
            v,
            "player",
            "Partie fortgesetzt nach Zug 1 von Weiß, der Gegner ist am Zug, seine Uhr läuft.",
        )
    });
    send(&mut child, "e5");
    expect(&rx, &mut seen, |v| made(v, "e7e5"));
    let out = finish(child, &rx, &mut seen);
    assert!(!out.iter().any(|l| l.contains("Fortsetzen?")), "{out:?}");
    let lines = lines_of(&journal);
    assert_eq!(lines[..4], old[..], "the old lines stay as they were");
    assert!(
        lines[4..]
            .iter()
            .all(|l| l.contains("\"seq\":") && l.contains("\"crc\":")),
        "{lines:?}"
    );
    assert_eq!(process_support::journal_moves(&journal), ["e2e4", "e7e5"]);
    assert!(check_journal(&journal).expect("reads").damage.is_empty());
}

// ----- item 5: honest resume ------------------------------------------------------------------

#[test]
fn a_read_back_waiting_at_the_crash_is_read_back_again_never_made_by_the_time_down() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.jsonl");
    // The read-back at 1000, its playback ended at 1100: the window would pass at 3100.
    let mut s = session_journal(&path, 2000, true);
    let said = s.feed(heard("Eva vier"), 1000).expect("heard");
    let played = said
        .iter()
        .find_map(|e| e.effect.read_back())
        .expect("a read-back");
    s.feed(Event::Played(played.clone()), 1100).expect("played");
    drop(s); // the crash

    let (mut resumed, _) = Session::resume(&path, false).expect("resume");
    // Resumed long after the window would have passed.
    let effects = resumed.feed(Event::Resumed(true), 60_000).expect("resumed");
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e.effect, Effect::Made { .. })),
        "{effects:?}"
    );
    let texts: Vec<&str> = effects
        .iter()
        .filter_map(|e| match &e.effect {
            Effect::Say {
                to: Listener::Player,
                text,
                ..
            } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        texts,
        [
            "Partie fortgesetzt vor dem ersten Zug, Sie sind am Zug, Ihre Uhr läuft.",
            "Eva vier?"
        ]
    );
    assert_eq!(
        effects.iter().find_map(|e| e.effect.read_back()),
        Some(played.clone())
    );
    // No window until the read-back has been said again, then a whole one.
    assert!(!resumed.assistant().due(120_000));
    resumed.feed(Event::Played(played), 61_000).expect("played");
    assert!(resumed.tick(62_999).expect("tick").is_empty());
    let made_at = resumed
        .tick(63_000)
        .expect("tick")
        .iter()
        .find(|e| matches!(&e.effect, Effect::Made { uci, .. } if uci == "e2e4"))
        .map(|e| e.at);
    assert_eq!(made_at, Some(63_000));
}

#[test]
fn killed_with_a_read_back_waiting_the_move_is_read_back_again_and_given_a_fresh_window() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("game.jsonl");
    let (mut child, rx) = play(&["--confirm-ms", "2000", "--journal"], &journal);
    let mut seen = Vec::new();
    expect(&rx, &mut seen, |v| v["kind"] == "clock");
    send(&mut child, "Eva vier");
    expect(&rx, &mut seen, |v| said_to(v, "player", "Eva vier?"));
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    seen.extend(rx.try_iter());
    assert!(!seen.iter().any(|l| made(&json(l), "e2e4")), "{seen:?}");

    let (child, rx) = play(&["--resume"], &journal);
    let mut seen = Vec::new();
    expect(&rx, &mut seen, |v| {
        v["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("Partie fortgesetzt vor dem ersten Zug"))
    });
    let again = expect(&rx, &mut seen, |v| {
        said_to(v, "player", "Eva vier?") || made(v, "e2e4")
    });
    assert_eq!(
        again["about"]["read_back_no"], 1,
        "read back again first: {again}"
    );
    let done = expect(&rx, &mut seen, |v| made(v, "e2e4"));
    let window = done["at"].as_u64().unwrap_or(0) - again["at"].as_u64().unwrap_or(u64::MAX);
    assert!(
        window >= 2000,
        "made {window} ms after it was read back again"
    );
    finish(child, &rx, &mut seen);
}

#[test]
fn a_made_move_is_announced_to_the_opponent_after_the_resumption() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("game.jsonl");
    let (mut child, rx) = play(&["--confirm-ms", "0", "--journal"], &journal);
    let mut seen = Vec::new();
    send(&mut child, "Springer Felix drei");
    send(&mut child, "ja");
    // Killed the moment the move is made: the opponent may never have heard it.
    expect(&rx, &mut seen, |v| made(v, "g1f3"));
    child.kill().expect("SIGKILL");
    let _ = child.wait();

    let (child, rx) = play(&["--resume"], &journal);
    let mut seen = Vec::new();
    let told = expect(&rx, &mut seen, |v| {
        v["kind"] == "say" && v["to"] == "opponent"
    });
    assert_eq!(told["text"], "Noch einmal: Springer Felix drei", "{told}");
    assert_eq!(told["about"]["uci"], "g1f3");
    finish(child, &rx, &mut seen);

    // And the opponent's last move to the player, when it is the player's turn.
    let mut s = Session::resume(&journal, false).expect("resume").0;
    s.feed(Event::Opponent("Sf6".into()), 5_000).expect("Sf6");
    drop(s);
    let (mut s, _) = Session::resume(&journal, false).expect("resume");
    let effects = s.feed(Event::Resumed(true), 9_000).expect("resumed");
    let texts: Vec<String> = effects
        .iter()
        .filter_map(|e| match &e.effect {
            Effect::Say { to, text, .. } => Some(format!("{to:?}: {text}")),
            _ => None,
        })
        .collect();
    assert_eq!(
        texts,
        [
            "Player: Partie fortgesetzt nach Zug 1, Sie sind am Zug, Ihre Uhr läuft.",
            "Player: Gegner: Springer Felix sechs."
        ]
    );
}
