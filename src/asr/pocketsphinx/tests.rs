//! The decoder's own tests: fillers, arguments, confidences, a missing model.

use super::*;

#[test]
fn a_noise_filler_spelled_with_an_umlaut_is_found_among_the_grammar_fillers() {
    // the list is folded ("aeh"), the grammar spells its words ("äh"): before, the two
    // never matched and a German noise word was silently not one
    let text = include_str!("../../../grammars/de.toml").replace(
        "noise_fillers = []",
        "noise_fillers = [\"äh\", \"ähm\", \"bitte\"]",
    );
    let vocab = crate::vocab::Vocab::from_toml_str("de.toml", &text).expect("valid");
    let absorbed = absorbed_fillers(&vocab);
    assert_eq!(
        absorbed,
        BTreeSet::from(["äh".to_string(), "ähm".to_string()]),
        "'bitte' is a word of 'wie bitte', never noise"
    );
}

#[test]
fn the_english_noise_fillers_go_to_the_noise_dictionary_and_german_has_none() {
    let en = absorbed_fillers(&builtin(Lang::En));
    for word in ["uh", "um", "please"] {
        assert!(en.contains(word), "{word}: {en:?}");
    }
    assert!(absorbed_fillers(&builtin(Lang::De)).is_empty());
    assert!(
        absorbed_fillers(&builtin(Lang::Ar)).is_empty(),
        "Arabic games speak German words"
    );
    let hmm = Path::new("/usr/share/pocketsphinx/model/en-us/en-us");
    let (file, dict) = filler_dictionary(hmm, &en, Lang::En).expect("a noise dictionary");
    let text = std::fs::read_to_string(file.path()).expect("readable");
    assert!(
        text.contains("<sil> SIL"),
        "the model's own noise words stay: {text}"
    );
    assert!(
        dict.get("please").is_some() && text.contains("\nplease "),
        "{text}"
    );
}

#[test]
fn extra_arguments_replace_defaults_of_the_same_name() {
    let args = with_overrides(
        ["-hmm", "m", "-wip", "0.01"].into_iter(),
        ["-wip", "0.5", "-beam", "1e-60"].into_iter(),
    );
    assert_eq!(args, ["-hmm", "m", "-wip", "0.5", "-beam", "1e-60"]);
}

#[test]
fn confidences_follow_scores_and_sum_to_one() {
    let c = confidences(&[
        ("a".into(), -1000),
        ("b".into(), -31000),
        ("c".into(), -1000),
    ]);
    let sum: f32 = c.iter().map(|a| a.confidence).sum();
    assert!((sum - 1.0).abs() < 1e-4);
    assert!(c[0].confidence > c[1].confidence);
    assert!((c[0].confidence - c[2].confidence).abs() < 1e-6);
    assert!(confidences(&[]).is_empty());
}

#[test]
fn missing_model_is_a_clear_error() {
    let err = Pocketsphinx::new(Path::new("/nonexistent"), Lang::De, 3).err();
    assert!(matches!(err, Some(AsrError::PocketsphinxInit(_))));
}
