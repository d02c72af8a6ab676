//! A crash in a voice game loses nothing and makes nothing unsaid. A recording stands in for
//! the microphone (`--audio-file`, played in real time, heard by pocketsphinx): the player
//! says a first move, the read-back has a correction window of 1.5 s, and the game is killed
//! with SIGKILL at a random moment: while the player speaks, while the recognizer decodes,
//! during the read-back's window, or after the move was made. Then it is resumed from the
//! keyboard. Each round is a game of its own (`ROCHADE_VOICE_KILLS` rounds, 6 by default), so
//! a misheard move does not derail the next round: what is checked holds for any move.
//!
//! - Every move announced to the opponent before the kill is in the journal.
//! - Every move in the journal is announced to the opponent, before the kill or after the
//!   resumption.
//! - After the resumption no move is made that was not read back in it first: a read-back
//!   pending at the kill is said again, with a fresh window.
mod process_support;
mod voice_support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// First moves the player says, in FIDE words; each round takes one in turn.
const MOVES: [&str; 3] = ["Springer Felix drei", "Gustav drei", "Bella drei"];

/// The window after a read-back (`--confirm-ms`).
const WINDOW_MS: u64 = 1500;

fn rounds_wanted() -> usize {
    std::env::var("ROCHADE_VOICE_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
}

fn spawn(args: &[&str], journal: &Path) -> (Child, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["play", "--speech", "off", "--time-control", "600+0"])
        .args(args)
        .arg(journal)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("rochade play starts");
    let lines = process_support::lines(child.stdout.take().expect("stdout"));
    (child, lines)
}

/// The lines that come within `wait`.
fn gather(lines: &Receiver<String>, seen: &mut Vec<String>, wait: Duration) {
    let until = Instant::now() + wait;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => break,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
}

/// A read-back: "Springer Felix drei?", or when the recognition was unsure "Meinten Sie
/// Springer Felix drei? Ja oder nein."
fn is_read_back(line: &str) -> bool {
    line.starts_with("An Sie: ") && (line.ends_with('?') || line.ends_with("Ja oder nein."))
}

fn announced(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("An den Gegner: "))
        .collect()
}

#[test]
fn a_voice_game_killed_at_any_moment_loses_no_move_and_makes_none_unsaid() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut rng = process_support::Rng(0x0B0E_5EED_F00D_CAFE);
    let rounds = rounds_wanted();
    let (mut made_before_kill, mut pending_at_kill, mut nothing_yet) = (0, 0, 0);
    for round in 0..rounds {
        let said = MOVES[round % MOVES.len()];
        let mut audio = voice_support::utterance(said, "de", 500);
        // The read-back comes about a quarter of a second after the words, the move a window
        // later: the kills fall from the first word to two seconds after that.
        let span_ms = audio.len() as u64 / 16 + 300 + WINDOW_MS + 2000;
        audio.extend(vec![0i16; 3 * 16_000]);
        let wav = dir.path().join(format!("mic-{round}.wav"));
        rochade::audio::wav::write_mono(&wav, &audio, 16_000).expect("write wav");
        let journal = dir.path().join(format!("game-{round}.jsonl"));

        let confirm = WINDOW_MS.to_string();
        let wav_arg = wav.to_string_lossy().into_owned();
        let (mut child, lines) = spawn(
            &[
                "--recognizer",
                "pocketsphinx",
                "--confirm-ms",
                &confirm,
                "--audio-file",
                &wav_arg,
                "--journal",
            ],
            &journal,
        );
        let mut before = Vec::new();
        let ready = Instant::now() + Duration::from_secs(20);
        while !before.iter().any(|l: &String| l.starts_with("Recognizer:")) {
            assert!(
                Instant::now() < ready,
                "the recognizer is not ready: {before:#?}"
            );
            gather(&lines, &mut before, Duration::from_millis(50));
        }
        // Anywhere from the first word to well after the window could have made the move.
        let delay_ms = rng.below(span_ms);
        gather(&lines, &mut before, Duration::from_millis(delay_ms));
        child.kill().expect("SIGKILL");
        let _ = child.wait();
        before.extend(lines.iter());
        let read_back_before = before.iter().any(|l| is_read_back(l));

        let kept = process_support::journal_moves(&journal);
        for mv in announced(&before) {
            assert!(
                !kept.is_empty(),
                "round {round}: {mv} was announced, but the journal holds no move: {before:#?}"
            );
        }
        let when = match (kept.is_empty(), read_back_before) {
            (false, _) => {
                made_before_kill += 1;
                "after the move was made"
            }
            (true, true) => {
                pending_at_kill += 1;
                "in the window"
            }
            (true, false) => {
                nothing_yet += 1;
                "before the read-back"
            }
        };
        eprintln!(
            "round {round}: {said:?}, killed {delay_ms} ms after the recognizer was ready, {when}"
        );

        // Resumed from the keyboard: what was restored is said, a pending read-back again.
        let (mut child, lines) = spawn(&["--confirm-ms", &confirm, "--resume"], &journal);
        let mut after = Vec::new();
        gather(
            &lines,
            &mut after,
            Duration::from_millis(1500 + WINDOW_MS + 1500),
        );
        let _ = process_support::send_line(&mut child, "ende");
        let status = child.wait().expect("play ends");
        after.extend(lines.iter());
        assert!(status.success(), "round {round}: {after:#?}");
        assert!(
            after.iter().any(|l| l.contains("Partie fortgesetzt")),
            "round {round}: the resumption is not said: {after:#?}"
        );
        let kept_after = process_support::journal_moves(&journal);
        // No move is made in the resumed game that was not read back in it first.
        if let Some(first_made) = after.iter().position(|l| l.starts_with("An den Gegner: ")) {
            assert!(
                after[..first_made].iter().any(|l| is_read_back(l)) || !kept.is_empty(),
                "round {round}: a move was made after the resumption without a read-back: {after:#?}"
            );
        }
        // A read-back pending at the kill and kept in the journal is said again.
        if kept.is_empty() && !kept_after.is_empty() {
            assert!(
                after.iter().any(|l| is_read_back(l)),
                "round {round}: a pending move was made without being read back: {after:#?}"
            );
        }
        // Every move in the journal reached the opponent, before the kill or after.
        assert!(
            kept_after.len() <= 1,
            "round {round}: one move was said, {kept_after:?} were made"
        );
        if !kept_after.is_empty() {
            assert!(
                !announced(&before).is_empty() || !announced(&after).is_empty(),
                "round {round}: {kept_after:?} was never announced to the opponent: before {before:#?} after {after:#?}"
            );
        }
    }
    eprintln!(
        "{rounds} kills in voice games: {made_before_kill} after the move was made, \
         {pending_at_kill} with a read-back said and the move not made, {nothing_yet} before any read-back"
    );
}
