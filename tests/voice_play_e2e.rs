//! End to end, as a blind player uses it: espeak-ng speaks the moves of a real game into the
//! virtual microphone, `rochade play --voice` recognizes them with pocketsphinx, reads each
//! back through speech into the virtual speaker, the player says "ja", the opponent's moves
//! are typed; the journal shows the moves made, the read-backs were spoken (recorded from the
//! speaker and recognized back), and each spoken move was kept as a recording (D.2.5).
//!
//! Runs inside the PulseAudio sandbox (scripts/test.sh, scripts/audio-sandbox.sh).
mod process_support;
mod voice_support;

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use rochade::lang::Lang;
use voice_support as support;

/// Kasparov – Deep Blue, New York 1997, game 1: White's first four moves as spoken (the
/// short form, and the full form with the origin that a player uses when the short one was
/// misheard), their read-backs, and Black's replies as typed by whoever enters them.
struct Spoken {
    short: &'static str,
    full: &'static str,
    read_back: &'static str,
    uci: &'static str,
    reply: &'static str,
}

const GAME: [Spoken; 4] = [
    Spoken {
        short: "Springer Felix drei",
        full: "Springer Gustav eins Felix drei",
        read_back: "Springer Felix drei",
        uci: "g1f3",
        reply: "d5",
    },
    Spoken {
        short: "Gustav drei",
        full: "Gustav zwei Gustav drei",
        read_back: "Gustav drei",
        uci: "g2g3",
        reply: "Lg4",
    },
    Spoken {
        short: "Bella drei",
        full: "Bella zwei Bella drei",
        read_back: "Bella drei",
        uci: "b2b3",
        reply: "Sd7",
    },
    Spoken {
        short: "Läufer Bella zwei",
        full: "Läufer Cesar eins Bella zwei",
        read_back: "Läufer Bella zwei",
        uci: "c1b2",
        reply: "e6",
    },
];

/// Waits up to 20 s for a line of `play` that `want` accepts.
fn wait_for(
    lines: &Receiver<String>,
    seen: &mut Vec<String>,
    want: impl Fn(&str) -> bool,
) -> Option<String> {
    process_support::wait_for(lines, seen, Duration::from_secs(20), want)
}

/// Waits until the speech that begins with `start`, said after the line `from` of `seen`,
/// has been spoken to its end (the voice log's "speech: saying" and the "speech: done" after
/// it); false when the log did not say so in time.
fn wait_until_spoken(
    lines: &Receiver<String>,
    seen: &mut Vec<String>,
    from: usize,
    start: &str,
) -> bool {
    let saying = format!("speech: saying {start:?}");
    // (the quotation mark that closes the text is not part of the start)
    let saying = saying.trim_end_matches('"').to_string();
    let said_at = match seen[from..].iter().position(|l| l.contains(&saying)) {
        Some(at) => from + at,
        None => {
            if wait_for(lines, seen, |l| l.contains(&saying)).is_none() {
                return false;
            }
            seen.len() - 1
        }
    };
    seen[said_at + 1..]
        .iter()
        .any(|l| l.contains("speech: done"))
        || wait_for(lines, seen, |l| l.contains("speech: done")).is_some()
}

/// How long a recording holds sound: its 10 ms frames over -40 dBFS.
fn speech_ms(path: &Path) -> usize {
    let samples = rochade::audio::wav::read_16k_mono(path).expect("read recording");
    samples
        .chunks(rochade::audio::endpoint::FRAME)
        .filter(|frame| rochade::audio::endpoint::level_db(frame) > -40.0)
        .count()
        * 10
}

fn speak(dir: &Path, name: &str, text: &str) {
    let wav = support::utterance_wav(text, "de", &dir.join(format!("{name}.wav")));
    let status = support::play_into_microphone(&wav).wait().expect("paplay");
    assert!(status.success(), "paplay failed");
}

#[test]
fn spoken_moves_of_a_real_game_are_read_back_spoken_and_made() {
    if !support::audio_tests_enabled() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let games = dir.path().join("games");
    let mut play = Command::new(env!("CARGO_BIN_EXE_rochade"));
    play.args([
        "play",
        "--voice",
        "--no-check",
        "--recognizer",
        "pocketsphinx",
        "--confirm-ms",
        "0",
        "--time-control",
        "5400+30",
        "--speech",
        "auto",
    ])
    .arg("--games-dir")
    .arg(&games);
    // What the recognizer heard (ROCHADE_VOICE_LOG) joins the lines seen, for the reports.
    let (mut child, lines) = process_support::spawn_merged(play);
    let mut seen = Vec::new();
    assert!(
        wait_for(&lines, &mut seen, |l| l.starts_with("Rochade Partie")).is_some(),
        "{seen:#?}"
    );
    // The greeting has been spoken: speech output and the recognizer are ready.
    assert!(
        wait_for(&lines, &mut seen, |l| l.starts_with("Sprachausgabe:")).is_some(),
        "{seen:#?}"
    );
    std::thread::sleep(Duration::from_millis(500));

    let mut retries = 0;
    let mut spoken_back = Vec::new();
    // moves whose read-back was the unsure question, made by "ja"
    let mut made_after_asking = 0_usize;
    for (i, mv) in GAME.iter().enumerate() {
        let mut made = false;
        // Six tries: the recognizer, bound to the position, sometimes asks which of two close
        // readings was meant ("Anna drei oder Bella drei?"), which the player cancels here.
        for attempt in 0..6 {
            // The first time the short form; after a misheard move, the full one.
            let say = if attempt == 0 { mv.short } else { mv.full };
            let recording = dir.path().join(format!("readback-{i}-{attempt}.wav"));
            let recorder = support::record_speaker(&recording);
            std::thread::sleep(Duration::from_millis(400));
            speak(dir.path(), &format!("move-{i}-{attempt}"), say);
            let heard = wait_for(&lines, &mut seen, |l| {
                l.starts_with("An Sie: ")
                    && (l.ends_with('?')
                        || l.contains("Nicht verstanden")
                        || l.contains("nicht möglich")
                        || l.ends_with("Ja oder nein."))
            })
            .unwrap_or_else(|| panic!("no answer to {say:?}: {seen:#?}"));
            // The read-back is spoken; record it to its end (the question is longer).
            let asked = format!("An Sie: Meinten Sie {}? Ja oder nein.", mv.read_back);
            let question = heard == asked;
            std::thread::sleep(Duration::from_millis(if question { 4500 } else { 3000 }));
            support::stop_recorder(recorder);
            let expected = format!("An Sie: {}?", mv.read_back);
            // An unsure recognition is read back as a question that only "ja" answers.
            if heard == expected || question {
                // What was spoken is checked from the speaker's recording: the read-back, or
                // the question, whose "Ja oder nein." may come after a pause that ends the
                // stretch of speech recognized.
                let forms = |m: &Spoken| {
                    let plain = m.read_back.to_lowercase();
                    if question {
                        vec![
                            format!("meinten sie {plain}"),
                            format!("meinten sie {plain} ja oder nein"),
                        ]
                    } else {
                        vec![plain]
                    }
                };
                let mut phrases: Vec<String> = GAME.iter().flat_map(forms).collect();
                phrases.push("nicht verstanden".to_string());
                let phrases: Vec<&str> = phrases.iter().map(String::as_str).collect();
                let recognized = support::recognize_file(&recording, Lang::De, &phrases);
                // The question is long, and recorded at full scale pocketsphinx now and then
                // hears nothing in it (CI of stop 25): then it must at least have been spoken.
                let spoken_ms = speech_ms(&recording);
                // "Ja", said again when it was not understood.
                let announced = format!("An den Gegner: {}", mv.read_back);
                for yes in 0..3 {
                    speak(dir.path(), &format!("ja-{i}-{attempt}-{yes}"), "ja");
                    let answer = wait_for(&lines, &mut seen, |l| {
                        l == announced || l.contains("Nicht verstanden") || l.ends_with('?')
                    });
                    if answer.as_deref() == Some(announced.as_str()) {
                        made = true;
                        break;
                    }
                    if answer.is_none_or(|a| !a.contains("Nicht verstanden")) {
                        break;
                    }
                    retries += 1;
                    std::thread::sleep(Duration::from_millis(2000));
                }
                if made {
                    spoken_back.push((forms(mv), recognized, question, spoken_ms));
                    made_after_asking += usize::from(question);
                    break;
                }
            }
            retries += 1;
            if heard.contains("Nicht verstanden") || heard.contains("nicht möglich") {
                // Nothing was read back, so there is nothing to withdraw: say it again.
                std::thread::sleep(Duration::from_millis(1000));
                continue;
            }
            // Misheard: the player withdraws it, as at the board, and says the move again.
            child
                .stdin
                .as_mut()
                .expect("stdin")
                .write_all(b"nein\n")
                .expect("write");
            // "Zurückgenommen. Ihr Zug?" is spoken (or "Abgebrochen." when Rochade asked which
            // of two close readings was meant); the microphone listens again after it.
            assert!(
                wait_for(&lines, &mut seen, |l| l.contains("Zurückgenommen")
                    || l.contains("Abgebrochen"))
                .is_some(),
                "the withdrawal was not confirmed: {seen:#?}"
            );
            std::thread::sleep(Duration::from_millis(3000));
        }
        assert!(made, "{} was not made after 6 tries: {seen:#?}", mv.uci);
        let replied_at = seen.len();
        let stdin = child.stdin.as_mut().expect("stdin");
        writeln!(stdin, "{}", mv.reply).expect("write the reply");
        stdin.flush().expect("flush");
        assert!(
            wait_for(&lines, &mut seen, |l| l.starts_with("An Sie: Gegner:")).is_some(),
            "the opponent's {} was not announced: {seen:#?}",
            mv.reply
        );
        // The announcement is spoken (the microphone is muted meanwhile); the player waits
        // for its end. A fixed 3.5 s was too short on a loaded machine after a question:
        // "Gustav drei", "Ausgeführt." and "Gegner: Läufer Gustav vier." took 5 s, and the
        // next move, said into the muted microphone, was never heard (CI of stop 52).
        if !wait_until_spoken(&lines, &mut seen, replied_at, "Gegner:") {
            std::thread::sleep(Duration::from_millis(3500));
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    writeln!(child.stdin.as_mut().expect("stdin"), "ende").expect("ende");
    let status = child.wait().expect("play ends");
    assert!(status.success());
    eprintln!(
        "retries after a misheard move: {retries}; read back as a question: {made_after_asking}"
    );

    // The read-backs were spoken to the speaker sink and say the move.
    for (want, got, question, spoken_ms) in &spoken_back {
        // Never another move. A read-back heard as nothing was still spoken aloud, at length:
        // pocketsphinx now and then hears nothing in the full-scale recording, of a question
        // (CI of stop 25) or of a plain read-back ("Springer Felix drei?", 1080 ms of sound,
        // CI of stop 52).
        let least_ms = if *question { 1500 } else { 800 };
        let heard_nothing_but_spoken = got.is_empty() && *spoken_ms >= least_ms;
        assert!(
            want.contains(got) || heard_nothing_but_spoken,
            "the read-back recorded from the speaker: {got:?} ({spoken_ms} ms of sound), not one of {want:?}"
        );
    }
    assert_eq!(
        spoken_back.len(),
        GAME.len(),
        "each move was read back aloud once"
    );

    // The journal shows White's moves made, in order: replayed, it makes them again.
    let journal = std::fs::read_dir(&games)
        .expect("games dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("a journal");
    let replay = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .arg("replay")
        .arg(&journal)
        .output()
        .expect("replay runs");
    let made: Vec<String> = String::from_utf8_lossy(&replay.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["kind"] == "made" && v["by"] == "white")
        .map(|v| v["uci"].as_str().unwrap_or("").to_string())
        .collect();
    let want: Vec<&str> = GAME.iter().map(|g| g.uci).collect();
    assert_eq!(made, want);
    let journal_text = std::fs::read_to_string(&journal).expect("journal");
    assert!(
        journal_text.contains("\"heard\":[["),
        "voice alternatives are journaled"
    );

    // Each spoken move is kept as a recording, named by its number (D.2.5), with the words
    // it was heard as beside it: they mean the move made.
    let audio = journal.with_extension("audio");
    let interpreter =
        rochade::interpret::Interpreter::new(rochade::vocab::Vocab::builtin(Lang::De));
    let mut pos = shakmaty::Chess::default();
    for (n, mv) in (1..=GAME.len()).zip(GAME.iter()) {
        let words_file = audio.join(format!("{n:03}-white.txt"));
        let words = std::fs::read_to_string(&words_file)
            .unwrap_or_else(|e| panic!("{}: {e}", words_file.display()));
        assert_eq!(
            interpreter.interpret_text(&pos, &words).uci().as_deref(),
            Some(mv.uci),
            "{}: {words:?}",
            words_file.display()
        );
        pos = after(pos, mv.uci);
        pos = after(pos, mv.reply);
        let wav = audio.join(format!("{n:03}-white.wav"));
        let samples = rochade::audio::wav::read_16k_mono(&wav)
            .unwrap_or_else(|e| panic!("{}: {e}", wav.display()));
        assert!(
            samples.len() > 16_000 / 2,
            "{} holds the utterance",
            wav.display()
        );
    }
    support::kill_speech_dispatcher(Path::new(
        &std::env::var("XDG_RUNTIME_DIR").unwrap_or_default(),
    ));
}

/// `pos` after `mv`, in UCI or in SAN with German piece letters (as the opponent's replies are
/// typed).
fn after(pos: shakmaty::Chess, mv: &str) -> shakmaty::Chess {
    use shakmaty::Position;
    let english: String = mv
        .chars()
        .map(|c| match c {
            'S' => 'N',
            'L' => 'B',
            'D' => 'Q',
            'T' => 'R',
            c => c,
        })
        .collect();
    let legal = match english.parse::<shakmaty::uci::UciMove>() {
        Ok(uci) => uci.to_move(&pos).ok(),
        Err(_) => english
            .parse::<shakmaty::san::San>()
            .ok()
            .and_then(|san| san.to_move(&pos).ok()),
    };
    let legal = legal.unwrap_or_else(|| panic!("{mv} is not legal here"));
    pos.play(legal).expect("legal")
}
