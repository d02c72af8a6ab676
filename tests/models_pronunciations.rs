//! `rochade models pronunciations`: the pronunciations pocketsphinx is given, from the built-in
//! lists, espeak-ng and the user's own file, with the removals applied.
use std::process::Command;

fn pronunciations(words: &str, user_file: Option<&std::path::Path>) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rochade"));
    command.args(["models", "pronunciations", "--words", words]);
    command.env_remove("ROCHADE_PRONUNCIATIONS");
    if let Some(path) = user_file {
        command.env("ROCHADE_PRONUNCIATIONS", path);
    }
    let out = command.output().expect("rochade runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn phones_of<'a>(dictionary: &'a str, token: &str) -> Vec<&'a str> {
    dictionary
        .lines()
        .filter_map(|line| line.split_once(' '))
        .filter(|(word, _)| word.split('(').next() == Some(token))
        .map(|(_, phones)| phones)
        .collect()
}

#[test]
fn the_built_in_lists_are_printed_with_their_removals_applied() {
    let (code, out, err) = pronunciations("Turm,Rochade,Anna,de", None);
    assert_eq!(code, 0, "{err}");
    let turm = phones_of(&out, "turm");
    assert!(turm.contains(&"T UH R M"), "{turm:?}");
    // espeak-ng cannot name Turm's "ur": its reading without it is no pronunciation
    assert!(!turm.contains(&"T M"), "{turm:?}");
    assert!(
        phones_of(&out, "rochade").contains(&"AO K AA T AH"),
        "{out}"
    );
    // heard for "Bella" more than for "Anna" (src/asr/pronunciations/de.txt)
    assert!(!phones_of(&out, "anna").contains(&"AH N AA"), "{out}");
    assert!(!phones_of(&out, "de").contains(&"D EY"), "{out}");
    assert!(!phones_of(&out, "de").is_empty(), "{out}");
}

#[test]
fn the_users_file_adds_and_removes_and_a_word_without_letters_is_named() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("mine.txt");
    std::fs::write(&file, "turm T OW R M\n-turm T UH R M\n").expect("written");
    let (code, out, _) = pronunciations("Turm", Some(&file));
    assert_eq!(code, 0);
    let turm = phones_of(&out, "turm");
    assert!(turm.contains(&"T OW R M"), "{turm:?}");
    assert!(!turm.contains(&"T UH R M"), "{turm:?}");

    let (code, out, err) = pronunciations("Turm,?!", None);
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("?!"), "{err}");
    assert!(!phones_of(&out, "turm").is_empty());
}
