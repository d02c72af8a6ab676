//! `rochade scoresheet GAME --format speech`: the moves in the FIDE words, as text and as one
//! WAV file (issue 6, live scoresheet read aloud).
use std::process::Command;

fn rochade() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rochade"))
}

const GAME: &str = "tests/data/python-chess/molinari-bordais-1979.pgn";

#[test]
fn the_game_reads_as_fide_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("game.txt");
    let status = rochade()
        .args(["scoresheet", GAME, "--format", "speech", "-o"])
        .arg(&out)
        .status()
        .expect("runs");
    assert!(status.success());
    let text = std::fs::read_to_string(&out).expect("written");
    // 1. e4 c5 2. c4 Nc6 3. Ne2 Nf6 4. Nbc3 Nb4 5. g3 Nd3# 0-1, said as D.2.1 names them.
    let want = "\
Molinari gegen Bordais.
Zug eins: Weiß Eva vier. Schwarz Cesar fünf.
Zug zwei: Weiß Cesar vier. Schwarz Springer Cesar sechs.
Zug drei: Weiß Springer Eva zwei. Schwarz Springer Felix sechs.
Zug vier: Weiß Springer Bella Cesar drei. Schwarz Springer Bella vier.
Zug fünf: Weiß Gustav drei. Schwarz Springer David drei, Matt.
Ergebnis: null zu eins.
";
    assert_eq!(text, want);
    let en = rochade()
        .args([
            "scoresheet",
            GAME,
            "--format",
            "speech",
            "--lang",
            "en",
            "-o",
        ])
        .arg(dir.path().join("en.txt"))
        .status()
        .expect("runs");
    assert!(en.success());
    let en = std::fs::read_to_string(dir.path().join("en.txt")).expect("written");
    assert!(
        en.contains("Move four: White knight Bella Cesar three. Black knight Bella four."),
        "{en}"
    );
}

#[test]
fn the_reading_is_written_as_one_wav() {
    let dir = tempfile::tempdir().expect("tempdir");
    let wav = dir.path().join("game.wav");
    let out = rochade()
        .args(["scoresheet", GAME, "--format", "speech", "--wav"])
        .arg(&wav)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reader = hound::WavReader::open(&wav).expect("a WAV file");
    let spec = reader.spec();
    assert_eq!(spec.channels, 1);
    let seconds = reader.duration() as f64 / f64::from(spec.sample_rate);
    // Seven sentences of speech with pauses: well over ten seconds, not a minute.
    assert!((10.0..60.0).contains(&seconds), "{seconds} s");
    let samples: Vec<i16> = hound::WavReader::open(&wav)
        .expect("wav")
        .samples::<i16>()
        .map(|s| s.unwrap_or(0))
        .collect();
    let loud = samples.iter().filter(|s| s.unsigned_abs() > 1000).count();
    assert!(
        loud > samples.len() / 10,
        "the file holds speech, not silence"
    );
}
