//! The correction window of a read-back starts when the read-back has finished playing
//! (issue 11, item 3; D.2.6): the `played` event goes through the journal, so `--resume`
//! comes back to the same deadline; `play` reports the end of each read-back's playback,
//! at once when nothing is spoken (`--speech off`), and after the speech output has said it
//! otherwise (espeak-ng, speech-dispatcher: these run inside the PulseAudio sandbox,
//! scripts/audio-sandbox.sh).
mod process_support;
mod voice_support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use rochade::assistant::protocol::{Effect, Event, Heard, Played, StartSpec, TimedEffect};
use rochade::session::Session;
use serde_json::Value;
use shakmaty::Color;

fn start(window_after_playback: bool) -> Event {
    let mut spec = StartSpec::new(Color::White);
    spec.time_control = Some("600+0".into());
    spec.confirm_ms = 2000;
    spec.window_after_playback = window_after_playback;
    Event::Start(Box::new(spec))
}

fn heard(text: &str) -> Event {
    Event::Heard(Heard::Text(text.into()))
}

fn made_at(effects: &[TimedEffect]) -> Option<u64> {
    effects
        .iter()
        .find(|e| matches!(&e.effect, Effect::Made { uci, .. } if uci == "g1f3"))
        .map(|e| e.at)
}

/// A game with a read-back at 1000 whose playback ended at 2500, then "crashed" (dropped).
fn journal_with_played(path: &Path) -> Played {
    let mut s = Session::create(Some(path)).expect("session");
    s.feed(start(true), 0).expect("start");
    let effects = s.feed(heard("Springer Felix drei"), 1000).expect("heard");
    let played = effects
        .iter()
        .find_map(|e| e.effect.read_back())
        .expect("a read-back with its number");
    assert_eq!(
        played,
        Played {
            read_back: 1,
            uci: Some("g1f3".into())
        }
    );
    // Still being played: no window yet, however late.
    assert!(!s.assistant().due(60_000));
    assert_eq!(
        s.assistant().read_back_awaiting_playback(),
        Some(played.clone())
    );
    assert!(
        s.feed(Event::Played(played.clone()), 2500)
            .expect("played")
            .is_empty()
    );
    assert!(!s.assistant().due(4499));
    assert!(s.assistant().due(4500));
    played
}

#[test]
fn a_journal_with_played_resumes_to_the_same_deadline() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.jsonl");
    journal_with_played(&path);
    let text = std::fs::read_to_string(&path).expect("journal");
    assert!(
        text.contains(r#""played":{"read_back":1,"uci":"g1f3"}"#),
        "{text}"
    );
    assert!(text.contains(r#""window_after_playback":true"#), "{text}");

    let (mut resumed, report) = Session::resume(&path, false).expect("resume");
    assert!(
        report.torn.is_none() && report.set_aside.is_empty(),
        "{report:?}"
    );
    assert_eq!(report.events, 3);
    assert_eq!(resumed.assistant().read_back_awaiting_playback(), None);
    assert!(
        !resumed.assistant().due(3000),
        "the window from the read-back"
    );
    assert!(!resumed.assistant().due(4499));
    assert!(resumed.assistant().due(4500));
    assert!(resumed.tick(4499).expect("tick").is_empty());
    assert_eq!(made_at(&resumed.tick(4500).expect("tick")), Some(4500));
}

#[test]
fn a_journal_cut_before_played_resumes_waiting_for_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.jsonl");
    let played = journal_with_played(&path);
    // The crash came before the end of the playback was journaled.
    let text = std::fs::read_to_string(&path).expect("journal");
    let cut: Vec<&str> = text.lines().filter(|l| !l.contains("\"played\"")).collect();
    std::fs::write(&path, cut.join("\n") + "\n").expect("write");

    let (mut resumed, _) = Session::resume(&path, false).expect("resume");
    assert_eq!(
        resumed.assistant().read_back_awaiting_playback(),
        Some(played.clone())
    );
    assert!(!resumed.assistant().due(60_000));
    // `play` tells the assistant it was resumed: the read-back is said again, with the same
    // number, and its window starts when that has been played.
    let said = resumed.feed(Event::Resumed(true), 70_000).expect("resumed");
    assert_eq!(
        said.iter().rev().find_map(|e| e.effect.read_back()),
        Some(played.clone())
    );
    assert!(made_at(&said).is_none());
    assert!(!resumed.assistant().due(80_000));
    resumed.feed(Event::Played(played), 71_000).expect("played");
    assert!(!resumed.assistant().due(72_999));
    assert_eq!(made_at(&resumed.tick(73_000).expect("tick")), Some(73_000));
}

#[test]
fn an_old_journal_without_played_resumes_as_before() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.jsonl");
    let mut s = Session::create(Some(&path)).expect("session");
    s.feed(start(false), 0).expect("start");
    s.feed(heard("Springer Felix drei"), 1000).expect("heard");
    drop(s);
    let text = std::fs::read_to_string(&path).expect("journal");
    assert!(!text.contains("window_after_playback"), "as before: {text}");
    assert!(!text.contains("played"), "{text}");

    let (mut resumed, report) = Session::resume(&path, false).expect("resume");
    assert_eq!(report.events, 2);
    assert_eq!(resumed.assistant().read_back_awaiting_playback(), None);
    assert!(!resumed.assistant().due(2999));
    assert!(resumed.assistant().due(3000));
    assert_eq!(made_at(&resumed.tick(3000).expect("tick")), Some(3000));
}

// ----- `rochade play` -------------------------------------------------------------------------

fn spawn_play(games: &Path, speech: &[&str], confirm_ms: u64) -> (Child, Receiver<String>) {
    let mut play = Command::new(env!("CARGO_BIN_EXE_rochade"));
    play.args(["play", "--json", "--time-control", "600+0", "--confirm-ms"])
        .arg(confirm_ms.to_string())
        .args(speech)
        .arg("--games-dir")
        .arg(games);
    process_support::spawn_merged(play)
}

use process_support::wait_for;

fn json(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or(Value::Null)
}

fn journal_in(dir: &Path) -> PathBuf {
    std::fs::read_dir(dir)
        .expect("games dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("a journal")
}

/// The times of one read-back in `play`: when it was decided (its `say`), when the move was
/// made, and the journal's `played` events.
#[derive(Debug)]
struct Timing {
    said: u64,
    made: u64,
    played: Vec<Value>,
    seen: Vec<String>,
}

impl Timing {
    /// When the read-back's playback ended: the one `played` of the journal, for read-back 1.
    fn played(&self) -> u64 {
        assert_eq!(
            self.played.len(),
            1,
            "one played notice, for the one read-back: {self:#?}"
        );
        assert_eq!(self.played[0]["played"]["read_back"], 1, "{self:#?}");
        assert_eq!(self.played[0]["played"]["uci"], "g1f3", "{self:#?}");
        self.played[0]["at"].as_u64().expect("at")
    }
}

/// Says "Springer Felix drei" to `play` with these speech settings (after the greeting has
/// been spoken, when `ready` names the line that says so) and waits for the move.
fn one_read_back(speech: &[&str], confirm_ms: u64, ready: Option<&str>) -> Timing {
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut child, lines) = spawn_play(dir.path(), speech, confirm_ms);
    let mut seen = Vec::new();
    if let Some(ready) = ready {
        assert!(
            wait_for(&lines, &mut seen, Duration::from_secs(60), |l| l
                .starts_with(ready))
            .is_some(),
            "the speech output did not start: {seen:#?}"
        );
    }
    let stdin = child.stdin.as_mut().expect("stdin");
    writeln!(stdin, "Springer Felix drei").expect("write");
    stdin.flush().expect("flush");
    let said = wait_for(&lines, &mut seen, Duration::from_secs(30), |l| {
        json(l)["about"]["read_back"] == true
    })
    .unwrap_or_else(|| panic!("no read-back: {seen:#?}"));
    let made = wait_for(&lines, &mut seen, Duration::from_secs(60), |l| {
        json(l)["kind"] == "made"
    })
    .unwrap_or_else(|| panic!("the move was not made: {seen:#?}"));
    writeln!(child.stdin.as_mut().expect("stdin"), "ende").expect("ende");
    let status = child.wait().expect("play ends");
    assert!(status.success(), "{seen:#?}");
    let journal = std::fs::read_to_string(journal_in(dir.path())).expect("journal");
    let played: Vec<Value> = journal
        .lines()
        .map(json)
        .filter(|v| v.get("played").is_some())
        .collect();
    if let Ok(runtime) = std::env::var("XDG_RUNTIME_DIR") {
        voice_support::kill_speech_dispatcher(Path::new(&runtime));
    }
    let at = |v: &Value| v["at"].as_u64().expect("at");
    Timing {
        said: at(&json(&said)),
        made: at(&json(&made)),
        played,
        seen,
    }
}

#[test]
fn without_speech_the_window_starts_when_the_read_back_is_printed() {
    let t = one_read_back(&["--speech", "off"], 300, None);
    assert!(t.made >= t.said + 300, "{t:#?}");
    assert_eq!(t.played(), t.said, "printed at once: {t:#?}");
}

/// How long espeak-ng takes to say the read-back at this rate.
fn espeak_ms(text: &str, rate_wpm: u32) -> u64 {
    let speech = rochade::speech::espeak::synthesize_alone(
        text,
        &rochade::speech::espeak::Voice::new("de", rate_wpm),
    )
    .expect("espeak-ng");
    speech.samples.len() as u64 * 1000 / u64::from(speech.sample_rate)
}

#[test]
fn with_espeak_the_window_starts_when_the_read_back_has_been_played() {
    if !voice_support::audio_tests_enabled() {
        return;
    }
    // A slow voice: the read-back lasts longer than the window.
    let length = espeak_ms("Springer Felix drei?", 80);
    assert!(length > 1500, "{length} ms");
    let t = one_read_back(
        &["--speech", "espeak", "--speech-rate", "80"],
        1000,
        Some("Sprachausgabe: espeak-ng"),
    );
    eprintln!("espeak-ng, read-back of {length} ms: {t:?}");
    // The whole window after the playback, not `confirm_ms` after the decision (lower bounds
    // only: a loaded machine makes everything later, never earlier).
    assert!(t.made >= t.said + 1000 + length * 8 / 10, "{t:#?}");
    // The end of the playback was reported after the sound had been played, and the window
    // ran from there.
    let played = t.played();
    assert!(played >= t.said + length * 8 / 10, "{length} ms: {t:#?}");
    assert!(t.made >= played + 1000, "{t:#?}");
}

#[test]
fn with_speech_dispatcher_the_window_starts_when_the_read_back_has_been_played() {
    if !voice_support::audio_tests_enabled() {
        return;
    }
    let t = one_read_back(
        &["--speech", "speech-dispatcher", "--speech-rate", "80"],
        1000,
        Some("Sprachausgabe: "),
    );
    let backend = t
        .seen
        .iter()
        .find(|l| l.starts_with("Sprachausgabe: "))
        .cloned()
        .unwrap_or_default();
    eprintln!("{backend} {t:?}");
    // Four words at the slowest rate take well over 700 ms, whichever output said them.
    assert!(t.made >= t.said + 1000 + 700, "{backend}: {t:#?}");
    let played = t.played();
    assert!(played >= t.said + 700, "{backend}: {t:#?}");
    assert!(t.made >= played + 1000, "{backend}: {t:#?}");
}
