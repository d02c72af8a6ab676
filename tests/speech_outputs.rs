//! The speech outputs through the command line: espeak-ng to WAV files, text, the
//! speech-dispatcher hang without an audio server (deadline, fallback, said so), and in the
//! audio sandbox speech-dispatcher and espeak-ng speaking to the virtual speaker, recorded
//! and recognized back.
#[path = "voice_support/mod.rs"]
mod support;

use std::process::Command;
use std::time::{Duration, Instant};

use rochade::lang::Lang;

const PHRASES: &[&str] = &[
    "springer felix drei",
    "eva zwei eva vier",
    "kurze rochade",
    "zeit",
];

fn rochade() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rochade"))
}

#[test]
fn espeak_writes_wav_files_that_say_the_text() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = rochade()
        .args(["say", "--output", "espeak", "--voice", "de+m3", "--wav-dir"])
        .arg(dir.path())
        .arg("Springer Felix drei")
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wav = dir.path().join("utterance-0001.wav");
    assert_eq!(
        support::recognize_file(&wav, Lang::De, PHRASES),
        "springer felix drei"
    );
}

#[test]
fn text_output_is_one_plain_line() {
    let out = rochade()
        .args(["say", "--output", "text", "Zeit:", "fünf", "Minuten"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Rochade: Zeit: fünf Minuten\n"
    );
}

#[test]
fn a_hanging_speech_dispatcher_is_dropped_within_its_deadline_and_the_switch_is_said() {
    // no audio server in this runtime directory: speech-dispatcher accepts the text and
    // never finishes it
    let runtime = tempfile::tempdir().expect("tempdir");
    let started = Instant::now();
    let out = rochade()
        .args(["say", "--output", "tts,text", "Springer Felix drei"])
        .env("XDG_RUNTIME_DIR", runtime.path())
        .env("PULSE_SERVER", "unix:/nonexistent/pulse")
        .env_remove("PULSE_RUNTIME_PATH")
        .env_remove("SPEECHD_ADDRESS")
        .output()
        .expect("runs");
    let took = started.elapsed();
    support::kill_speech_dispatcher(runtime.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // start (3 s at most) + the deadline of a 19-character text (about 2.8 s) + margin
    assert!(took < Duration::from_secs(10), "took {took:?}");
    assert!(
        stdout.ends_with("Rochade: Springer Felix drei\n"),
        "{stdout}"
    );
    // either the daemon hung (deadline) or could not start at all: both say so
    assert!(
        stderr.contains("did not finish speaking")
            || stderr.contains("speech-dispatcher is not used"),
        "{stderr}"
    );
    if stderr.contains("did not finish speaking") {
        assert!(
            stdout.contains("Rochade: Sprachausgabe speech-dispatcher gestört, weiter mit text."),
            "{stdout}"
        );
    }
}

fn say_and_record(output: &str, text: &str) -> String {
    let dir = tempfile::tempdir().expect("tempdir");
    let recording = dir.path().join("spk.wav");
    let recorder = support::record_speaker(&recording);
    std::thread::sleep(Duration::from_millis(500));
    let out = rochade()
        .args(["say", "--output", output, text])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let backend = if output == "tts" {
        "speech-dispatcher"
    } else {
        "espeak-ng"
    };
    assert!(stderr.contains(&format!("Said by {backend}")), "{stderr}");
    // the sound server may still be playing the end when `say` returns on a busy machine
    std::thread::sleep(Duration::from_millis(1_500));
    support::stop_recorder(recorder);
    support::recognize_file(&recording, Lang::De, PHRASES)
}

/// One test for both, in turn: they record the same virtual speaker.
#[test]
fn speech_dispatcher_and_espeak_speak_to_the_virtual_speaker() {
    if !support::audio_tests_enabled() {
        return;
    }
    assert_eq!(
        say_and_record("tts", "Springer Felix drei"),
        "springer felix drei"
    );
    assert_eq!(
        say_and_record("espeak", "Eva zwei Eva vier"),
        "eva zwei eva vier"
    );
}
