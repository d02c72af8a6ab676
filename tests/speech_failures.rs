//! `rochade play` when no speech output works (espeak-ng with a voice it does not have, the
//! only output of the chain), through the real binary: the read-back that was not said gets
//! no correction window (only "ja" makes the move), the clocks stop, the arbiter is called,
//! and in the audio sandbox the alarm tone sounds on the player's output (the virtual
//! speaker, recorded from its monitor).
#[path = "process_support/mod.rs"]
mod process;
#[path = "voice_support/mod.rs"]
mod voice;

use std::process::Command;
use std::time::Duration;

use rochade::audio::alarm::alarms_in;

#[test]
fn with_no_speech_output_a_move_waits_for_ja_the_clocks_stop_and_the_alarm_sounds() {
    let audio = voice::audio_tests_enabled();
    let dir = tempfile::tempdir().expect("tempdir");
    let recording = dir.path().join("spk.wav");
    let recorder = audio.then(|| voice::record_speaker(&recording));
    let journal = dir.path().join("game.jsonl");
    let mut command = Command::new(env!("CARGO_BIN_EXE_rochade"));
    command
        .args([
            "play",
            "--speech",
            "espeak",
            "--speech-voice",
            "xx-no-such-voice",
        ])
        .args([
            "--time-control",
            "300+0",
            "--confirm-ms",
            "500",
            "--journal",
        ])
        .arg(&journal);
    if !audio {
        // No sound server: the alarm cannot sound either, and says so in the voice log.
        command.env("PULSE_SERVER", "unix:/nonexistent/pulse");
    }
    let (mut child, lines) = process::spawn_merged(command);
    let mut seen = Vec::new();
    let expect = |want: &str, seen: &mut Vec<String>| {
        let matches = |line: &str| process::glob(want, line);
        process::wait_for(&lines, seen, Duration::from_secs(20), matches)
            .unwrap_or_else(|| panic!("no line {want:?} in:\n{}", seen.join("\n")))
    };
    expect("Rochade Partie:*", &mut seen);
    // The first sentence that could not be said tells that speech is gone.
    expect("Die Sprachausgabe ist ausgefallen (*", &mut seen);
    process::send_line(&mut child, "Eva vier").expect("send");
    expect("An Sie: Eva vier?", &mut seen);
    let arbiter = expect(
        "An den Schiedsrichter: Die Sprachausgabe des Spielers*",
        &mut seen,
    );
    assert!(
        arbiter.contains("Rückfrage „Eva vier?“") && arbiter.contains("nur mit Ja"),
        "{arbiter}"
    );
    expect(
        "An Sie: Die Sprachausgabe ist ausgefallen: die Uhren sind angehalten, bitte den Schiedsrichter rufen.",
        &mut seen,
    );
    expect("An den Gegner: Die Uhren sind angehalten.", &mut seen);
    // Three windows' time: a read-back never said has no window.
    std::thread::sleep(Duration::from_millis(1500));
    process::send_line(&mut child, "ja").expect("send");
    expect("An den Gegner: Eva vier", &mut seen);
    process::send_line(&mut child, "ende").expect("send");
    let status = child.wait().expect("play ends");
    while let Ok(line) = lines.recv_timeout(Duration::from_secs(2)) {
        seen.push(line);
    }
    assert!(status.success(), "{}", seen.join("\n"));
    // Made once, by the "ja".
    let made = seen
        .iter()
        .filter(|l| *l == "An den Gegner: Eva vier")
        .count();
    assert_eq!(made, 1, "{}", seen.join("\n"));

    let text = std::fs::read_to_string(&journal).expect("journal");
    assert!(text.contains("\"arbiter\":\"pause\""), "{text}");
    assert!(
        !text.contains("\"played\""),
        "no read-back was played:\n{text}"
    );

    if let Some(recorder) = recorder {
        std::thread::sleep(Duration::from_millis(500));
        voice::stop_recorder(recorder);
        let samples = rochade::audio::wav::read_16k_mono(&recording).expect("the recording");
        assert!(
            alarms_in(&samples, 16_000) >= 1,
            "no alarm tone on the player's output ({} samples recorded):\n{}",
            samples.len(),
            seen.join("\n")
        );
    }
}
