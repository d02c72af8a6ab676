use super::*;

#[test]
fn builtin_vocabularies_load_and_cover_spoken_moves_md() {
    let de = Vocab::builtin(Lang::De);
    assert_eq!(de.lookup("Zäsar"), Some(Meaning::File(2)));
    assert_eq!(de.lookup("hektor"), Some(Meaning::File(7)));
    assert_eq!(de.lookup("zwo"), Some(Meaning::Rank(1)));
    assert_eq!(de.lookup("Koenig"), Some(Meaning::Piece(Role::King)));
    assert_eq!(de.lookup("laeufer"), Some(Meaning::Piece(Role::Bishop)));
    assert_eq!(de.lookup("rochade"), Some(Meaning::CastleAny));
    assert_eq!(de.lookup("kurze"), Some(Meaning::Fragment));
    assert_eq!(de.lookup("zuege"), Some(Meaning::Command(Command::Moves)));
    assert_eq!(
        de.lookup("bestaetigt"),
        Some(Meaning::Command(Command::Yes))
    );
    let en = Vocab::builtin(Lang::En);
    assert_eq!(en.lookup("alfa"), Some(Meaning::File(0)));
    assert_eq!(en.lookup("x"), Some(Meaning::Capture));
    assert_eq!(en.lookup("castles"), Some(Meaning::CastleAny));
    assert_eq!(en.lookup("kingside"), Some(Meaning::Fragment));
    assert!(en.words().contains("queenside"));
    assert!(de.words().contains("läufer"));
}

#[test]
fn errors_name_the_file_and_line() {
    let text = include_str!("../../grammars/de.toml")
        .replace("d = [\"David\", \"Dora\", \"de\"]", "d = []");
    let err = Vocab::from_toml_str("de-copy.toml", &text).unwrap_err();
    let line = include_str!("../../grammars/de.toml")
        .lines()
        .position(|l| l.starts_with("[files]"))
        .unwrap()
        + 1;
    assert_eq!(
        err.to_string(),
        format!("de-copy.toml line {line}: [files] d has no words: give at least one")
    );

    let text = include_str!("../../grammars/de.toml")
        .replace("h = [\"Hector\", \"Hektor\", \"Heinrich\", \"ha\"]\n", "");
    let err = Vocab::from_toml_str("x.toml", &text)
        .unwrap_err()
        .to_string();
    assert!(err.contains("[files] lacks \"h\""), "{err}");

    let text: String = include_str!("../../grammars/de.toml")
        .lines()
        .filter(|l| !l.starts_with("help = ["))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = Vocab::from_toml_str("x.toml", &text)
        .unwrap_err()
        .to_string();
    assert!(err.contains("[commands] lacks \"help\""), "{err}");

    let text =
        include_str!("../../grammars/de.toml").replace("draw = [\"Remis\",", "draw = [\"Zeit\",");
    let err = Vocab::from_toml_str("x.toml", &text)
        .unwrap_err()
        .to_string();
    assert!(err.contains("two meanings"), "{err}");

    let err = Vocab::from_toml_str("x.toml", "language = \"fr\"\n")
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("x.toml line 1"), "{err}");
}

#[test]
fn a_fide_pair_word_of_the_wrong_table_is_refused() {
    for (listed, wrong, error) in [
        (
            "fide_ranks = [\"eins\",",
            "fide_ranks = [\"Felix\", \"eins\",",
            "fide_ranks: \"felix\" is not a word of [ranks]",
        ),
        (
            "fide_files = [\"Anna\",",
            "fide_files = [\"Anton\",",
            "fide_files: \"anton\" is not a word of [files]",
        ),
    ] {
        let text = include_str!("../../grammars/en.toml").replace(listed, wrong);
        let err = Vocab::from_toml_str("x.toml", &text)
            .unwrap_err()
            .to_string();
        assert!(err.contains(error), "{err}");
    }
}

#[test]
fn split_words_folds_case_umlauts_and_typed_squares() {
    assert_eq!(
        split_words("ÄH Springer, f3!"),
        vec!["aeh", "springer", "f", "3"]
    );
    assert_eq!(split_words("  Schlägt  "), vec!["schlaegt"]);
}
