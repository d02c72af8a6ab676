//! `rochade play`: the player begins to speak in a read-back's correction window, and the
//! window waits for his words (D.2.6). A recording stands in for the microphone
//! (`--audio-file`, played in real time): "Springer Felix drei", then a slow "Korrektur" that begins
//! well inside the two-second window and is heard only after it would have ended.
mod process_support;
mod voice_support;

use std::io::Write;
use std::time::{Duration, Instant};

#[test]
fn a_correction_begun_in_the_window_withdraws_the_move() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The read-back comes about a quarter of a second after the move ends (the quiet the
    // listener waits for, and the decoding), so its window ends about 2.25 s after it.
    // "Korrektur" begins 1.4 s after it and lasts over a second: its start is heard inside
    // the window, its end half a second after the window.
    let mut audio = voice_support::utterance("Springer Felix drei", "de", 500);
    audio.extend(vec![0i16; 900 * 16]);
    let correction = voice_support::utterance_at("Korrektur", "de", 80, 0);
    let correction_ms = correction.len() / 16;
    assert!(correction_ms >= 900, "a slow Korrektur: {correction_ms} ms");
    audio.extend(correction);
    audio.extend(vec![0i16; 4 * 16_000]);
    let wav = dir.path().join("mic.wav");
    rochade::audio::wav::write_mono(&wav, &audio, 16_000).expect("write wav");

    let mut child = voice_support::play_from_recording(&wav, dir.path(), &["--confirm-ms", "2000"]);
    let lines = process_support::lines(child.stdout.take().expect("stdout"));
    let mut seen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(40);
    // The recording's end, then a little: every word has been heard and answered.
    let mut ended_at = None;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left.min(Duration::from_millis(200))) {
            Ok(line) => seen.push(line),
            Err(_) if Instant::now() >= deadline => break,
            Err(_) => {}
        }
        if ended_at.is_none() && seen.iter().any(|l| l.starts_with("Recognizer:")) {
            let played_ms = audio.len() as u64 / 16;
            ended_at = Some(Instant::now() + Duration::from_millis(played_ms + 1500));
        }
        if ended_at.is_some_and(|t| Instant::now() >= t) {
            break;
        }
    }
    let _ = writeln!(child.stdin.as_mut().expect("stdin"), "ende");
    let _ = child.wait();
    seen.extend(lines.try_iter());
    let read_back = seen
        .iter()
        .position(|l| l == "An Sie: Springer Felix drei?")
        .unwrap_or_else(|| panic!("Springer Felix drei read back: {seen:#?}"));
    assert!(
        !seen
            .iter()
            .any(|l| l.starts_with("An den Gegner: Springer Felix drei")),
        "the window made the move while the player was speaking: {seen:#?}"
    );
    // What he said answered: withdrawn, or (misheard) asked again for "ja".
    let answer = seen[read_back + 1..]
        .iter()
        .find(|l| l.starts_with("An Sie: "))
        .unwrap_or_else(|| panic!("nothing answered the correction: {seen:#?}"));
    assert!(
        answer.starts_with("An Sie: Zurückgenommen") || answer.contains("Nicht verstanden"),
        "{answer}: {seen:#?}"
    );
}
