//! `rochade play --push-to-talk`: speech is heard only between two presses of Enter on an
//! empty line. A recording stands in for the microphone (`--audio-file`, played in real
//! time): the player says a move without pressing Enter (ignored), then presses Enter, says
//! another move, and presses Enter again (read back).
mod process_support;
mod voice_support;

use std::io::Write;

use std::time::{Duration, Instant};

#[test]
fn only_speech_between_two_presses_of_enter_is_heard() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 0.5 s quiet, "Eva vier" (not pressed), quiet to 4 s, "Springer Felix drei" (pressed).
    let mut audio = voice_support::utterance("Eva vier", "de", 500);
    audio.resize(4 * 16_000, 0);
    audio.extend(voice_support::utterance("Springer Felix drei", "de", 500));
    audio.extend(vec![0i16; 3 * 16_000]);
    let wav = dir.path().join("mic.wav");
    rochade::audio::wav::write_mono(&wav, &audio, 16_000).expect("write wav");

    let mut child = voice_support::play_from_recording(
        &wav,
        dir.path(),
        &["--confirm-ms", "0", "--push-to-talk"],
    );
    let lines = process_support::lines(child.stdout.take().expect("stdout"));
    // The recording starts playing once voice input is up: after the recognizer's notice.
    let mut seen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while !seen.iter().any(|l: &String| l.starts_with("Recognizer:")) {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("voice input did not start: {seen:#?}"),
        }
    }
    let started = Instant::now();
    let press = |child: &mut std::process::Child| {
        let stdin = child.stdin.as_mut().expect("stdin");
        writeln!(stdin).expect("Enter");
        stdin.flush().expect("flush");
    };
    std::thread::sleep(Duration::from_millis(4000).saturating_sub(started.elapsed()));
    press(&mut child);
    std::thread::sleep(Duration::from_millis(6500).saturating_sub(started.elapsed()));
    press(&mut child);
    std::thread::sleep(Duration::from_millis(2000));
    writeln!(child.stdin.as_mut().expect("stdin"), "ende").expect("ende");
    let _ = child.wait();
    seen.extend(lines.try_iter());
    assert!(seen.iter().any(|l| l == "Ich höre."), "{seen:#?}");
    let read_back: Vec<&String> = seen.iter().filter(|l| l.ends_with('?')).collect();
    assert_eq!(
        read_back,
        ["An Sie: Springer Felix drei?"],
        "only the move between the presses is heard: {seen:#?}"
    );
}
