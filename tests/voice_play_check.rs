//! The check before the first move of a voice game (issue 15 item 6), in the audio sandbox:
//! a faint noise plays into the virtual microphone (a quiet room, not a dead microphone), the
//! check says the room is quiet, asks for the test phrase, the phrase is spoken into the
//! microphone and read back, and only then does the game begin. Runs where the audio tests run
//! (ROCHADE_AUDIO_TESTS=1: scripts/test.sh, scripts/audio-sandbox.sh).
#[path = "process_support/mod.rs"]
mod process;
#[path = "voice_support/mod.rs"]
mod voice;

use std::process::{Child, Command};
use std::time::Duration;

/// A second-long white noise at about -65 dBFS, looped by paplay's caller.
fn faint_noise(path: &std::path::Path) {
    let mut state: u32 = 7;
    let samples: Vec<i16> = (0..16_000)
        .map(|_| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((f64::from(state >> 8) / f64::from(1u32 << 24) * 2.0 - 1.0) * 32768.0 * 0.00097) as i16
        })
        .collect();
    rochade::audio::wav::write_mono(path, &samples, 16_000).expect("noise wav");
}

/// Plays the noise into the microphone until dropped.
struct Room(Child);

impl Drop for Room {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_voice_game_checks_microphone_phrase_and_headphones_before_the_first_move() {
    if !voice::audio_tests_enabled() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let noise = dir.path().join("noise.wav");
    faint_noise(&noise);
    let _room = Room(
        Command::new("sh")
            .arg("-c")
            .arg(format!(
                "while :; do paplay --device=micfeed {}; done",
                noise.display()
            ))
            .spawn()
            .expect("paplay"),
    );
    std::thread::sleep(Duration::from_millis(500));
    let mut play = Command::new(env!("CARGO_BIN_EXE_rochade"));
    play.args([
        "play",
        "--voice",
        "--recognizer",
        "pocketsphinx",
        "--speech",
        "espeak",
        "--time-control",
        "300+0",
    ])
    .arg("--games-dir")
    .arg(dir.path().join("games"))
    .env("XDG_CONFIG_HOME", dir.path().join("config"));
    let (mut child, lines) = process::spawn_merged(play);
    let mut seen = Vec::new();
    let mut expect = |want: &str, within: u64| {
        process::wait_for(&lines, &mut seen, Duration::from_secs(within), |l| {
            process::glob(want, l)
        })
        .unwrap_or_else(|| panic!("no line {want:?} in:\n{}", seen.join("\n")))
    };
    expect(
        "An Sie: Kurze Prüfung vor der Partie. Wenn Sie diesen Satz hören, funktionieren die Kopfhörer.",
        20,
    );
    expect("An Sie: Das Mikrofon hört einen ruhigen Raum.", 5);
    expect("An Sie: Bitte sagen Sie jetzt: Springer Felix drei.", 5);
    // The player speaks once the request has been said (ROCHADE_VOICE_LOG tells when): the
    // microphone is muted while Rochade speaks.
    expect(
        "[stderr] [*] speech: saying \"Bitte sagen Sie jetzt: Springer Felix drei.\"",
        30,
    );
    expect("[stderr] [*] speech: done after *", 30);
    std::thread::sleep(Duration::from_millis(500));
    let wav = voice::utterance_wav("Springer Felix drei", "de", &dir.path().join("nf3.wav"));
    let mut speaking = voice::play_into_microphone(&wav);
    expect("An Sie: Verstanden: Springer Felix drei.", 15);
    let _ = speaking.wait();
    expect("An Sie: Die Prüfung ist beendet.", 5);
    // Only now does the game begin.
    expect("Rochade Partie:*", 15);
    process::send_line(&mut child, "Ende").expect("send");
    let status = child.wait().expect("play ends");
    assert!(status.success());
}
