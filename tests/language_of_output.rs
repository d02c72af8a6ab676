//! A game speaks one language: every replay scenario (`tests/scenarios/`), run as a game in
//! each language (German, English, Arabic, Hebrew), and a typed game of `rochade play` in each
//! language, say, print and write (print, braille and PGN scoresheets) no fixed text of another
//! language's catalog; the print scoresheet has the game language's headings. An Arabic or
//! Hebrew game says the player's own vocabulary words (German by default) to him, and its
//! braille sheet has English words (the transcription is for the Latin script). Every
//! announcement to the opponent of the whole Arabic and Hebrew games (`game-ar`, `game-he`) is
//! in Arabic or Hebrew script, without a Latin letter.
//!
//! "Fixed text" is a catalog message's words between its placeholders, at least four
//! characters long, that the game's own catalog does not also use (e.g. "Journal") and that
//! the test input does not contain (a name or word typed in is echoed, not said by Rochade).
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::Duration;

use rochade::assistant::Assistant;
use rochade::assistant::protocol::Effect;
use rochade::catalog::Catalog;
use rochade::lang::Lang;
use rochade::scoresheet::braille::literary;
use rochade::scoresheet::brf::{BrailleOptions, words_lang, write_brf};
use rochade::scoresheet::{pgn, text};
use rochade::session::parse_event_line;
use rochade::vocab::{Command as Said, Vocab};

/// The fixed texts of a catalog, trimmed of spaces and punctuation.
fn fixed_texts(catalog: &Catalog) -> Vec<String> {
    let mut out = Vec::new();
    for id in catalog.messages().keys() {
        for piece in catalog.fixed_texts(id) {
            let trimmed =
                piece.trim_matches(|c: char| c.is_whitespace() || ",.:;?!()\"'".contains(c));
            if trimmed.chars().count() >= 4 && trimmed.chars().any(char::is_alphabetic) {
                out.push(trimmed.to_string());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether `needle` occurs in `hay` as whole words.
fn contains_words(hay: &str, needle: &str) -> bool {
    hay.match_indices(needle).any(|(at, _)| {
        let before = hay[..at].chars().next_back();
        let after = hay[at + needle.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// What a game in `lang` must not say: the other languages' fixed texts, less those its own
/// catalog uses too and those in `input`.
struct Foreign {
    texts: Vec<(Lang, String)>,
}

impl Foreign {
    fn of(lang: Lang, input: &str) -> Foreign {
        let mut own = fixed_texts(&Catalog::builtin(lang));
        if !lang.has_vocabulary() {
            // The player of an Arabic or Hebrew game hears his own vocabulary's words.
            for word in Vocab::builtin(lang).words() {
                let mut chars = word.chars();
                let capital: String = chars
                    .next()
                    .map(|c| c.to_uppercase().chain(chars).collect())
                    .unwrap_or_default();
                own.extend([word, capital]);
            }
        }
        let own_joined = own.join("\n");
        let input = input.to_lowercase();
        let texts = Lang::ALL
            .iter()
            .filter(|&&l| l != lang)
            .flat_map(|&l| {
                fixed_texts(&Catalog::builtin(l))
                    .into_iter()
                    .map(move |t| (l, t))
            })
            .filter(|(_, t)| !contains_words(&own_joined, t))
            .filter(|(_, t)| !input.contains(&t.to_lowercase()))
            .collect();
        Foreign { texts }
    }

    /// The foreign texts found in `said`, with where it was said.
    fn find(&self, said: &str, origin: &str, problems: &mut Vec<String>) {
        for (l, t) in &self.texts {
            if contains_words(said, t) {
                problems.push(format!("{origin}: {l} text {t:?} in {said:?}"));
            }
        }
    }

    /// The same for a braille sheet, whose words are transcribed and wrapped.
    fn find_braille(&self, brf: &str, origin: &str, problems: &mut Vec<String>) {
        let joined = brf.replace(['\r', '\n', '\x0c'], " ");
        for (l, t) in &self.texts {
            let cells = literary(t);
            // Arabic and Hebrew words transcribe to nothing but their punctuation.
            let letters = cells.chars().filter(char::is_ascii_alphabetic).count();
            if cells.len() >= 4 && letters > 0 && contains_words(&joined, &cells) {
                problems.push(format!("{origin}: {l} text {t:?} ({cells}) in the BRF"));
            }
        }
    }
}

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("scenario folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.ends_with(".jsonl") && !n.ends_with(".expect.jsonl"))
        {
            out.push(path);
        }
    }
}

/// Replays a scenario as a game in `lang` and checks all it says and writes.
fn check_scenario(path: &Path, lang: Lang, problems: &mut Vec<String>) -> bool {
    let input = std::fs::read_to_string(path).expect("scenario");
    let foreign = Foreign::of(lang, &input);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
    let origin = format!("{name} ({lang})");
    let mut assistant = Assistant::new();
    for line in input.lines().filter(|l| !l.trim().is_empty()) {
        let mut value: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        if let Some(start) = value.get_mut("start").and_then(|s| s.as_object_mut()) {
            start.insert("lang".into(), lang.code().into());
        }
        let Ok(event) = parse_event_line(&value.to_string()) else {
            continue;
        };
        for effect in assistant.handle(&event) {
            match &effect.effect {
                Effect::Say { text, .. } => foreign.find(text, &origin, problems),
                Effect::Error { error } => foreign.find(error, &origin, problems),
                _ => {}
            }
        }
    }
    let Some(record) = assistant.record() else {
        return false;
    };
    let sheet = text::write(record, true, lang);
    foreign.find(&sheet, &format!("{origin} print sheet"), problems);
    let labels = Catalog::builtin(lang);
    for id in ["sheet-title", "sheet-result", "sheet-white-signature"] {
        let heading = labels.text(id, &[]);
        if !sheet.contains(&heading) {
            problems.push(format!(
                "{origin}: the print sheet lacks {heading:?}:\n{sheet}"
            ));
        }
    }
    // PGN tags are standard English names; the comments are the game's words.
    let written = pgn::write(record, true, lang);
    for comment in written
        .split('{')
        .skip(1)
        .filter_map(|c| c.split('}').next())
    {
        foreign.find(comment, &format!("{origin} PGN comment"), problems);
    }
    let options = BrailleOptions {
        lang,
        reveal_sealed: true,
        ..BrailleOptions::default()
    };
    if let Ok(brf) = write_brf(record, &options) {
        Foreign::of(words_lang(lang), &input).find_braille(&brf, &origin, problems);
    }
    true
}

#[test]
fn every_scenario_speaks_only_the_game_language() {
    let mut files = Vec::new();
    scenario_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios"),
        &mut files,
    );
    assert!(files.len() > 100, "only {} scenarios found", files.len());
    let mut problems = Vec::new();
    let mut games = 0;
    for path in &files {
        for lang in Lang::ALL {
            games += usize::from(check_scenario(path, lang, &mut problems));
        }
    }
    assert!(games > 200, "only {games} games were played");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// A typed game of `rochade play` in `lang`: moves in notation and the vocabulary's commands,
/// an arbiter's entries (good and bad), a touched piece, a line that is not understood; every
/// printed line and the scoresheet files are checked.
fn typed_game(lang: Lang) -> Vec<String> {
    let dir = tempfile::tempdir().expect("tempdir");
    let vocab = Vocab::builtin(lang);
    let word = |c: Said| vocab.command_word(c).expect("a command word").to_string();
    let lines: Vec<String> = vec![
        word(Said::Help),
        "Nf3".into(),
        word(Said::Yes),
        "e5".into(),
        word(Said::Time),
        word(Said::Moves),
        "blabla".into(),
        "Nxe5".into(),
        word(Said::Correction),
        "!zeit lila 3".into(),
        "!nichts".into(),
        "!pause".into(),
        "!weiter".into(),
        "touched d7".into(),
        word(Said::Repeat),
        "Nxe5".into(),
        word(Said::Yes),
        word(Said::Draw),
        "> nein".into(),
        "> Nf6".into(),
        word(Said::Resign),
        word(Said::Yes),
        word(Said::Help),
        "ende".into(),
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["play", "--speech", "off", "--confirm-ms", "0"])
        .args(["--lang", lang.code(), "--time-control", "300+2"])
        .arg("--games-dir")
        .arg(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rochade play starts");
    {
        let stdin = child.stdin.as_mut().expect("stdin");
        for line in &lines {
            writeln!(stdin, "{line}").expect("write a line");
            stdin.flush().expect("flush");
            // Each line is an event at its own time, as a person types.
            sleep(Duration::from_millis(100));
        }
    }
    let out = child.wait_with_output().expect("play ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let foreign = Foreign::of(lang, &lines.join("\n"));
    let mut problems = Vec::new();
    for line in stdout.lines() {
        // The journal's path is a file name, not a sentence.
        let line = line
            .split(&*dir.path().to_string_lossy())
            .next()
            .unwrap_or(line);
        foreign.find(line, &format!("play ({lang})"), &mut problems);
    }
    let journal = std::fs::read_dir(dir.path())
        .expect("games dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("a journal");
    let sheet = std::fs::read_to_string(journal.with_extension("txt")).expect("print sheet");
    foreign.find(&sheet, &format!("play ({lang}) print sheet"), &mut problems);
    let catalog = Catalog::builtin(lang);
    for id in [
        "sheet-title",
        "sheet-white",
        "sheet-result",
        "sheet-black-signature",
    ] {
        let heading = catalog.text(id, &[]);
        assert!(sheet.contains(&heading), "no {heading:?} in\n{sheet}");
    }
    let brf = std::fs::read_to_string(journal.with_extension("brf")).expect("BRF");
    Foreign::of(words_lang(lang), &lines.join("\n")).find_braille(
        &brf,
        &format!("play ({lang})"),
        &mut problems,
    );
    assert!(problems.is_empty(), "{}\n\n{stdout}", problems.join("\n"));
    stdout.lines().map(String::from).collect()
}

#[test]
fn a_typed_german_game_is_german() {
    let lines = typed_game(Lang::De);
    // The checks saw real output: the read-back, the help, the arbiter's refusal.
    assert!(
        lines.iter().any(|l| l == "An Sie: Springer Felix drei?"),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Nicht gelesen: !zeit braucht")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Partieformular: ")),
        "{lines:#?}"
    );
}

#[test]
fn a_typed_english_game_is_english() {
    let lines = typed_game(Lang::En);
    assert!(
        lines.iter().any(|l| l == "To you: Knight Felix three?"),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Not read: !zeit needs")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Scoresheet: ")),
        "{lines:#?}"
    );
}

/// Whether a character is of the script of `lang` (Arabic U+0600–U+06FF, Hebrew U+0590–U+05FF).
fn in_script(c: char, lang: Lang) -> bool {
    match lang {
        Lang::Ar => ('\u{0600}'..='\u{06FF}').contains(&c),
        Lang::He => ('\u{0590}'..='\u{05FF}').contains(&c),
        _ => c.is_ascii_alphabetic(),
    }
}

#[test]
fn whole_arabic_and_hebrew_games_announce_in_their_script() {
    let dir = tempfile::tempdir().expect("tempdir");
    for lang in [Lang::Ar, Lang::He] {
        let events = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!(
            "tests/scenarios/assistant/game-{}.jsonl",
            lang.code()
        ));
        let pgn = dir.path().join(format!("game-{lang}.pgn"));
        let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
            .arg("replay")
            .arg(&events)
            .arg("--pgn")
            .arg(&pgn)
            .output()
            .expect("rochade replay runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let effects: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("an effect line"))
            .collect();
        let to_opponent: Vec<&str> = effects
            .iter()
            .filter(|e| e["kind"] == "say" && e["to"] == "opponent")
            .filter_map(|e| e["text"].as_str())
            .collect();
        // Nine moves of the player, the draw agreed, the result.
        assert!(to_opponent.len() >= 11, "{lang}: {to_opponent:#?}");
        for text in &to_opponent {
            assert!(
                text.chars().any(|c| in_script(c, lang)),
                "{lang}: {text:?} is not in its script"
            );
            assert!(
                !text.chars().any(|c| c.is_ascii_alphabetic()),
                "{lang}: {text:?} has a Latin letter"
            );
        }
        // The player is still heard and read back in the German FIDE words.
        assert!(
            effects
                .iter()
                .any(|e| e["to"] == "player" && e["text"] == "Springer Felix drei?"),
            "{lang}: no German read-back"
        );
        // The print scoresheet of the game, in the game's language and script.
        let sheet = Command::new(env!("CARGO_BIN_EXE_rochade"))
            .args(["scoresheet", "--format", "text", "--lang", lang.code()])
            .arg(&pgn)
            .output()
            .expect("rochade scoresheet runs");
        assert!(
            sheet.status.success(),
            "{}",
            String::from_utf8_lossy(&sheet.stderr)
        );
        let sheet = String::from_utf8_lossy(&sheet.stdout).to_string();
        let catalog = Catalog::builtin(lang);
        for id in [
            "sheet-title",
            "sheet-white",
            "sheet-black",
            "sheet-result",
            "sheet-white-signature",
            "sheet-black-signature",
        ] {
            let heading = catalog.text(id, &[]);
            assert!(
                heading.chars().all(|c| c == ' ' || in_script(c, lang)),
                "{lang}: {heading:?}"
            );
            assert!(
                sheet.contains(&heading),
                "{lang}: no {heading:?} in\n{sheet}"
            );
        }
        assert!(sheet.contains("bxa8=Q") && sheet.contains("O-O"), "{sheet}");
        assert!(
            Foreign::of(lang, "")
                .texts
                .iter()
                .all(|(_, t)| !contains_words(&sheet, t)),
            "{lang}: another language's words in\n{sheet}"
        );
    }
}

#[test]
fn a_typed_arabic_game_is_arabic_and_heard_in_german() {
    let lines = typed_game(Lang::Ar);
    assert!(
        lines.iter().any(|l| l == "إليك: Springer Felix drei?"),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l == "إلى المنافس: الحصان فيلكس دراي"),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("ورقة التسجيل: ")),
        "{lines:#?}"
    );
}

#[test]
fn a_typed_hebrew_game_is_hebrew_and_heard_in_german() {
    let lines = typed_game(Lang::He);
    assert!(
        lines.iter().any(|l| l == "אליך: Springer Felix drei?"),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l == "אל היריב: פרש פליקס דריי"),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("טופס רישום: ")),
        "{lines:#?}"
    );
}
