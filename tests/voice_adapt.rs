//! `rochade models adapt`: pocketsphinx's acoustic model adapted to one voice from
//! recordings of it, and the adapted model heard through: the same voice's other moves fit
//! their phrases closer than through the model as installed.
mod process_support;
mod voice_support;

use std::path::Path;
use std::process::Command;

use rochade::asr::pocketsphinx::{AcousticModel, FitLimits, Pocketsphinx, installed_model};
use rochade::asr::{Grammar, PhraseMeaning, Recognizer};
use rochade::lang::Lang;

const VOICE: &str = "de+m3";

/// What the player reads out to adapt the model: moves and commands, every piece, file and
/// rank word among them.
const ENROLMENT: [&str; 16] = [
    "Springer Felix drei",
    "Bauer Emil vier",
    "Läufer Cäsar vier",
    "Dame David zwei",
    "Turm Anna eins",
    "König Gustav eins",
    "Springer Bella fünf",
    "Läufer Heinrich sechs",
    "Turm Dora acht",
    "Dame Emil sieben",
    "Springer Anna drei schlägt",
    "kleine Rochade",
    "große Rochade",
    "von Gustav zwei nach Gustav vier",
    "Bauer Felix acht wird Dame",
    "wie viel Zeit habe ich noch",
];

/// Other moves of the same voice, heard afterwards.
const HEARD: [&str; 4] = [
    "Springer Cäsar drei",
    "Läufer Bella fünf",
    "Turm Heinrich zwei",
    "Dame Anna vier",
];

fn adapt(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["models", "adapt"])
        .args(args)
        .output()
        .expect("rochade runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `rochade models adapt` of the recordings in `folder`, written to `out`.
fn adapt_folder(folder: &Path, out: &Path) -> (Option<i32>, String, String) {
    let path = |p: &Path| p.to_str().expect("utf-8 path").to_string();
    adapt(&["--recordings", &path(folder), "--out", &path(out)])
}

/// The summed gap between the phrases heard and the free phone loop, over `HEARD`, with
/// the model in `model`; how many were heard as said; and the noisy reject gap the
/// recognizer gave the fits (the limit of the model's kind).
fn fit_over_heard(model: &Path) -> (f64, usize, f64) {
    let mut ps = Pocketsphinx::new(model, Lang::De, 5).expect("pocketsphinx starts");
    let grammar = Grammar::from_phrases(
        Lang::De,
        HEARD
            .iter()
            .chain(ENROLMENT.iter())
            .enumerate()
            .map(|(i, p)| (*p, PhraseMeaning::Move(format!("m{i}")))),
    );
    ps.set_grammar(&grammar).expect("grammar");
    let (mut gaps, mut right, mut noisy_reject_gap) = (0.0, 0, f64::NAN);
    for text in HEARD {
        let samples = voice_support::utterance_at(text, VOICE, 160, 300);
        ps.accept(&samples).expect("accept");
        let heard = ps.finish().expect("finish");
        let fit = ps.fit().expect("a fit of the speech");
        gaps += fit.gap;
        noisy_reject_gap = fit.noisy_reject_gap;
        if heard
            .first()
            .is_some_and(|a| grammar.same_meaning(&a.text, text))
        {
            right += 1;
        }
    }
    (gaps, right, noisy_reject_gap)
}

#[test]
fn a_model_adapted_to_a_voice_hears_its_other_moves_closer() {
    let Some(installed) = installed_model() else {
        panic!("pocketsphinx-en-us is not installed (scripts/setup.sh)");
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let recordings = dir.path().join("recordings");
    std::fs::create_dir(&recordings).expect("mkdir");
    for (i, text) in ENROLMENT.iter().enumerate() {
        let samples = voice_support::utterance_at(text, VOICE, 150, 300);
        let wav = recordings.join(format!("{i:02}.wav"));
        rochade::audio::wav::write_mono(&wav, &samples, 16_000).expect("wav");
        std::fs::write(wav.with_extension("txt"), text).expect("txt");
    }
    let out = dir.path().join("adapted");
    let (code, stdout, stderr) = adapt(&[
        "--lang",
        "de",
        "--recordings",
        recordings.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let learnt: usize = stdout
        .split("learnt from ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {stdout:?}"));
    assert!(learnt >= 12, "too few recordings aligned: {stdout}");
    for file in [
        "mdef",
        "means",
        "variances",
        "transition_matrices",
        "sendump",
    ] {
        assert!(
            out.join(file).is_file(),
            "{file} missing in the adapted model"
        );
    }
    let base = installed.join("en-us");
    // the recognizer gives the adapted model its own fit limits by this
    assert!(
        rochade::asr::adapt::is_adapted(&out),
        "no mark in the adapted model"
    );
    assert!(
        !rochade::asr::adapt::is_adapted(&base),
        "the installed model marked adapted"
    );
    let means = |dir: &Path| std::fs::read(dir.join("means")).expect("means");
    assert_ne!(means(&out), means(&base), "the Gaussians were not adapted");

    let (base_gap, base_right, base_reject) = fit_over_heard(&base);
    let (adapted_gap, adapted_right, adapted_reject) = fit_over_heard(&out);
    let limits = |model| FitLimits::of(Lang::De, model).noisy_reject_gap;
    assert_eq!(base_reject, limits(AcousticModel::Installed));
    assert_eq!(
        adapted_reject,
        limits(AcousticModel::Adapted),
        "the adapted model is heard with the installed one's limits"
    );
    eprintln!("summed gap {base_gap:.1} → {adapted_gap:.1}, right {base_right} → {adapted_right}");
    assert!(
        adapted_gap < base_gap * 0.95,
        "the adapted model should fit the voice closer: {adapted_gap:.1} against {base_gap:.1}"
    );
    assert!(
        adapted_right >= base_right,
        "{adapted_right} of {} heard right adapted, {base_right} before",
        HEARD.len()
    );
}

#[test]
fn recordings_without_their_words_or_none_at_all_are_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("adapted");
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).expect("mkdir");
    let (code, _, stderr) = adapt_folder(&empty, &out);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("no recordings"), "{stderr}");

    let lone = dir.path().join("lone");
    std::fs::create_dir(&lone).expect("mkdir");
    let wav = lone.join("a.wav");
    rochade::audio::wav::write_mono(
        &wav,
        &voice_support::utterance("Eva vier", "de", 300),
        16_000,
    )
    .expect("wav");
    let (code, _, stderr) = adapt_folder(&lone, &out);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("a.txt"), "{stderr}");
    let missing = dir.path().join("missing");
    let (code, _, stderr) = adapt_folder(&missing, &out);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("missing"), "{stderr}");
    assert!(
        !out.exists(),
        "nothing is written when the adaptation cannot run"
    );
}

/// `rochade play` listening to `audio` (a recording in place of the microphone) in a game of
/// `lang` in `games`; the lines it printed once the recording has been heard.
fn play_by_voice(audio: &[i16], games: &Path, lang: &str, name: &str) -> Vec<String> {
    use std::io::Write;
    use std::time::{Duration, Instant};
    let wav = games.join(format!("{name}.wav"));
    rochade::audio::wav::write_mono(&wav, audio, 16_000).expect("wav");
    let mut child =
        voice_support::play_from_recording(&wav, games, &["--lang", lang, "--confirm-ms", "1500"]);
    let lines = process_support::lines(child.stdout.take().expect("stdout"));
    let mut seen: Vec<String> = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(40);
    let mut heard_by = None;
    while Instant::now() < deadline && heard_by.is_none_or(|t| Instant::now() < t) {
        if let Ok(line) = lines.recv_timeout(Duration::from_millis(200)) {
            // The move read back: the player says "ja" at the keyboard (the recognizer may
            // not hear a lone "ja" surely, and then does not take it).
            let read_back = ["An Sie: ", "To you: "].iter().any(|p| line.starts_with(p))
                && (line.ends_with('?')
                    || line.ends_with("oder nein.")
                    || line.ends_with("or no."));
            if read_back {
                let yes = if lang == "de" { "ja" } else { "yes" };
                let _ = writeln!(child.stdin.as_mut().expect("stdin"), "{yes}");
            }
            seen.push(line);
        }
        if heard_by.is_none() && seen.iter().any(|l| l.starts_with("Recognizer:")) {
            let ms = audio.len() as u64 / 16 + 2000;
            heard_by = Some(Instant::now() + Duration::from_millis(ms));
        }
    }
    let _ = writeln!(child.stdin.as_mut().expect("stdin"), "ende");
    let _ = child.wait();
    seen.extend(lines.try_iter());
    std::fs::remove_file(&wav).expect("remove the recording");
    seen
}

/// A spoken move, and the quiet after it.
fn spoken_move(said: &str, voice: &str) -> Vec<i16> {
    let mut audio = voice_support::utterance(said, voice, 500);
    audio.extend(vec![0i16; 2 * 16_000]);
    audio
}

#[test]
fn moves_spoken_in_games_are_kept_with_their_words_and_the_model_learns_from_them() {
    use rochade::interpret::Interpreter;
    use rochade::vocab::Vocab;
    let dir = tempfile::tempdir().expect("tempdir");
    let games = dir.path().join("games");
    std::fs::create_dir(&games).expect("mkdir");
    let said = [("Springer Felix drei", "g1f3"), ("Bauer Dora vier", "d2d4")];
    for (i, (words, _)) in said.iter().enumerate() {
        let seen = play_by_voice(&spoken_move(words, VOICE), &games, "de", &format!("de-{i}"));
        assert!(
            seen.iter().any(|l| l.starts_with("An den Gegner: ")),
            "{words} was not made: {seen:#?}"
        );
    }
    let seen = play_by_voice(
        &spoken_move("knight foxtrot three", "en"),
        &games,
        "en",
        "en",
    );
    assert!(
        seen.iter().any(|l| l.starts_with("To the opponent: ")),
        "the English move was not made: {seen:#?}"
    );

    // Each game keeps its move's recording beside the journal, with the words it was heard as:
    // they mean the move that was made.
    let mut folders: Vec<_> = std::fs::read_dir(&games)
        .expect("games")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "audio"))
        .collect();
    folders.sort();
    assert_eq!(folders.len(), 3, "{folders:?}");
    let german = Interpreter::new(Vocab::builtin(Lang::De));
    let mut made = Vec::new();
    for folder in &folders {
        let words = std::fs::read_to_string(folder.join("001-white.txt"))
            .unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        assert!(folder.join("001-white.wav").is_file());
        made.push(
            german
                .interpret_text(&shakmaty::Chess::default(), &words)
                .uci(),
        );
    }
    for (_, uci) in said {
        assert!(
            made.contains(&Some(uci.to_string())),
            "no recording's words mean {uci}: {made:?}"
        );
    }
    // A recording an older Rochade kept without its words is left out.
    std::fs::copy(
        folders[0].join("001-white.wav"),
        folders[0].join("002-white.wav"),
    )
    .expect("copy");

    let out = dir.path().join("adapted");
    let path = |p: &Path| p.to_str().expect("utf-8 path").to_string();
    let (code, stdout, stderr) = adapt(&[
        "--from-games",
        &path(&games),
        "--lang",
        "de",
        "--out",
        &path(&out),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("2 spoken moves from 2 games"),
        "the two German moves, not the English one nor the one without words: {stdout}"
    );
    let base = installed_model().expect("pocketsphinx-en-us").join("en-us");
    let means = |dir: &Path| std::fs::read(dir.join("means")).expect("means");
    assert_ne!(means(&out), means(&base), "the Gaussians were not adapted");

    // No game with spoken moves: a clear error, nothing written.
    let nothing = dir.path().join("adapted-none");
    let empty = dir.path().join("no-games");
    std::fs::create_dir(&empty).expect("mkdir");
    let (code, _, stderr) = adapt(&["--from-games", &path(&empty), "--out", &path(&nothing)]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("no spoken moves"), "{stderr}");
    assert!(!nothing.exists());
}
