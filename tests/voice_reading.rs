//! `rochade models read`, the reading session, as a player uses it through the virtual
//! microphone: each line Rochade says is spoken back (an espeak-ng voice) and kept with its
//! words; a sentence that is not the line is asked again and not kept; a line is left out by
//! a key; "fertig" said ends the session; then the model is adapted to the lines read and
//! written to the models directory, where `play` finds it. On a full disk nothing half
//! written is left behind and the player is told.
mod process_support;
mod voice_support;

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use voice_support::{audio_tests_enabled, play_into_microphone, utterance_wav};

const VOICE: &str = "de+m3";

/// Speaks `text` into the virtual microphone and waits until it has been played.
fn say(text: &str, dir: &Path, name: &str) {
    let wav = utterance_wav(text, VOICE, &dir.join(format!("{name}.wav")));
    let status = play_into_microphone(&wav).wait().expect("paplay runs");
    assert!(status.success(), "paplay failed for {text:?}");
}

/// The next printed line for the player that starts with one of `starts` (after "An Sie: ").
fn next_line(lines: &mpsc::Receiver<String>, starts: &[&str], seen: &mut Vec<String>) -> String {
    loop {
        let line = lines
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no line starting with {starts:?}; printed: {seen:#?}"));
        seen.push(line.clone());
        let text = line.strip_prefix("An Sie: ").unwrap_or(&line);
        if starts.iter().any(|s| text.starts_with(s)) {
            return text.to_string();
        }
    }
}

/// The words of the next line to read: what follows the last ": " of the prompt.
fn next_prompt(lines: &mpsc::Receiver<String>, starts: &[&str], seen: &mut Vec<String>) -> String {
    let prompt = next_line(lines, starts, seen);
    prompt
        .rsplit_once(": ")
        .map(|(_, words)| words.to_string())
        .unwrap_or_default()
}

/// `rochade models read --lang de --lines 4` with the models directory `models`, these
/// `extra` arguments, no speech (the lines are printed); its printed lines.
fn read_session(models: &Path, extra: &[&str]) -> (Child, mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["models", "read", "--lang", "de", "--lines", "4"])
        .args(["--speech", "off"])
        .args(extra)
        .env("ROCHADE_MODELS_DIR", models)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("rochade models read starts");
    let lines = process_support::lines(child.stdout.take().expect("stdout"));
    (child, lines)
}

#[test]
fn a_reading_session_keeps_the_lines_read_and_adapts_the_model_to_them() {
    if !audio_tests_enabled() {
        return;
    }
    let work = tempfile::tempdir().expect("tempdir");
    let models = work.path().join("models");
    let (mut child, lines) = read_session(&models, &[]);
    let mut keys = child.stdin.take().expect("stdin");
    let mut seen = Vec::new();
    // the microphone is open once the first line has been printed
    let first = next_prompt(&lines, &["Zeile eins"], &mut seen);
    std::thread::sleep(Duration::from_millis(500));
    say(&first, work.path(), "first");

    let second = next_prompt(&lines, &["Zeile zwei"], &mut seen);
    std::thread::sleep(Duration::from_millis(300));
    say(
        "Mein Name ist Peter, und ich spiele gern Schach.",
        work.path(),
        "chatter",
    );
    let again = next_prompt(&lines, &["Nicht verstanden"], &mut seen);
    assert_eq!(again, second, "the same line is asked again");
    std::thread::sleep(Duration::from_millis(300));
    say(&second, work.path(), "second");

    next_prompt(&lines, &["Zeile drei"], &mut seen);
    // "ü" for "überspringen": the line is left out
    writeln!(keys, "ü").expect("type");
    next_prompt(&lines, &["Zeile vier"], &mut seen);
    std::thread::sleep(Duration::from_millis(300));
    say("fertig", work.path(), "stop");
    // heard unsure, the end is asked back first
    let told = next_line(&lines, &["Meinten Sie fertig?", "Aufgenommen"], &mut seen);
    if told.starts_with("Meinten Sie") {
        std::thread::sleep(Duration::from_millis(300));
        say("ja", work.path(), "yes");
        next_line(&lines, &["Aufgenommen: zwei Zeilen."], &mut seen);
    } else {
        assert_eq!(told, "Aufgenommen: zwei Zeilen.");
    }
    let status = child.wait().expect("rochade ends");
    seen.extend(lines.try_iter());
    assert!(status.success(), "{status:?}: {seen:#?}");
    assert!(
        seen.iter()
            .any(|l| l.contains("Von der nächsten Partie an")),
        "{seen:#?}"
    );

    let recordings = models.join("recordings-de");
    let mut names: Vec<String> = std::fs::read_dir(&recordings)
        .expect("the recordings")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "read-001.txt",
            "read-001.wav",
            "read-002.txt",
            "read-002.wav"
        ],
        "the chatter, the line left out and the stop are not kept"
    );
    for (name, words) in [("read-001", &first), ("read-002", &second)] {
        let text = std::fs::read_to_string(recordings.join(format!("{name}.txt"))).expect("txt");
        assert_eq!(text.trim(), words.as_str());
        let samples = rochade::audio::wav::read_16k_mono(&recordings.join(format!("{name}.wav")))
            .expect("wav");
        // the line as spoken, not a fragment of it
        let spoken = voice_support::utterance(words, VOICE, 0).len();
        assert!(
            samples.len() * 10 >= spoken * 8,
            "{name}: {} samples for {spoken} spoken",
            samples.len()
        );
    }
    assert!(
        models
            .join("pocketsphinx-de-adapted")
            .join("mdef")
            .is_file(),
        "the adapted model is where play looks for it"
    );
    assert!(
        rochade::asr::adapt::is_adapted(&models.join("pocketsphinx-de-adapted")),
        "the session's model is marked as adapted, for its own fit limits"
    );
}

#[test]
fn on_a_full_disk_nothing_half_written_is_kept_and_the_player_is_told() {
    if !audio_tests_enabled() || !process_support::is_root() {
        eprintln!("SKIPPED: needs the audio sandbox and root (a tmpfs is mounted)");
        return;
    }
    let work = tempfile::tempdir().expect("tempdir");
    // room for the words of a line, not for its sound (32 KB a second)
    let disk = process_support::tmpfs(24);
    let recordings = disk.path().join("recordings");
    let folder = recordings.to_str().expect("utf-8 path");
    let (mut child, lines) = read_session(&work.path().join("models"), &["--recordings", folder]);
    let mut seen = Vec::new();
    let first = next_prompt(&lines, &["Zeile eins"], &mut seen);
    std::thread::sleep(Duration::from_millis(500));
    say(&first, work.path(), "first");
    next_line(
        &lines,
        &["Die Aufnahme kann nicht gespeichert werden"],
        &mut seen,
    );
    next_line(&lines, &["Keine Zeile ist aufgenommen"], &mut seen);
    let status = child.wait().expect("rochade ends");
    assert_eq!(status.code(), Some(1), "{seen:#?}");
    let left: Vec<_> = std::fs::read_dir(&recordings)
        .expect("the folder")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert!(left.is_empty(), "half-written files left: {left:?}");
}
