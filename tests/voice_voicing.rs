//! An utterance without voice (a cough, a sniff) is nothing heard, whatever the recognizer
//! forced it onto: spoken words keep their alternatives, coughs have none, so that neither
//! a move nor a "yes" that would make one comes from a cough.
use rochade::asr::{
    self, Alternative, Backend, Grammar, MIN_VOICED_MS, RecognizerConfig, heard_with_voice,
};
use rochade::audio::resample::resample;
use rochade::audio::voicing::voiced_ms;
use rochade::lang::Lang;
use rochade::speech::espeak::{Voice, synthesize_alone};
use rochade::vocab::Vocab;

fn speak(text: &str, voice: &str) -> Vec<i16> {
    let speech = synthesize_alone(text, &Voice::new(voice, 170)).expect("espeak-ng");
    resample(&speech.samples, speech.sample_rate, 16_000)
}

/// A sound made by sox (`synth` and effects), 16 kHz mono.
fn sox(effects: &str) -> Vec<i16> {
    let out = std::process::Command::new("sox")
        .args([
            "-R", "-n", "-r", "16000", "-c", "1", "-b", "16", "-t", "raw", "-",
        ])
        .args(effects.split_whitespace())
        .output()
        .expect("sox runs (Debian package sox)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect()
}

fn coughs() -> Vec<(&'static str, Vec<i16>)> {
    vec![
        (
            "cough",
            sox("synth 0.25 pinknoise band 900 1300 fade q 0.005 0.25 0.15 norm -3"),
        ),
        (
            "sharp cough",
            sox("synth 0.18 whitenoise band 1500 2000 fade q 0.003 0.18 0.12 norm -2"),
        ),
        (
            "sniff",
            sox("synth 0.3 whitenoise highpass 2500 fade q 0.1 0.3 0.1 norm -12"),
        ),
    ]
}

#[test]
fn spoken_words_are_voiced_and_coughs_are_not() {
    let recording = hound::WavReader::open("tests/data/speech-dispatcher-springer-felix-drei.wav")
        .expect("the recording");
    let spec = recording.spec();
    let samples: Vec<i16> = recording
        .into_samples::<i16>()
        .map(|s| s.expect("sample"))
        .collect();
    let samples = resample(&samples, spec.sample_rate, 16_000);
    assert!(voiced_ms(&samples) >= 300, "{}", voiced_ms(&samples));
    for (word, voice) in [
        ("ja", "de"),
        ("nein", "de+f3"),
        ("yes", "en-us"),
        ("yep", "en+f3"),
    ] {
        let ms = voiced_ms(&speak(word, voice));
        assert!(ms >= 2 * MIN_VOICED_MS, "{word} ({voice}): {ms} ms voiced");
    }
    for (name, sound) in coughs() {
        let ms = voiced_ms(&sound);
        assert!(ms < MIN_VOICED_MS, "{name}: {ms} ms voiced");
    }
}

#[test]
fn an_utterance_without_voice_is_nothing_heard() {
    let sure = vec![Alternative::new("ja", 1.0)];
    let kept = heard_with_voice(sure.clone(), &speak("ja", "de"));
    assert_eq!(kept, sure);
    let (_, cough) = coughs().remove(0);
    assert!(heard_with_voice(sure, &cough).is_empty());
}

#[test]
fn a_cough_is_no_answer_and_no_move_for_pocketsphinx() {
    for lang in [Lang::De, Lang::En] {
        let vocab = Vocab::builtin(lang);
        let grammar = Grammar::for_answers(&vocab);
        let mut recognizer = asr::open(&RecognizerConfig::new(lang, Backend::Pocketsphinx))
            .expect("pocketsphinx starts");
        recognizer.set_grammar(&grammar).expect("grammar");
        for (name, sound) in coughs() {
            let mut audio = vec![0i16; 4800];
            audio.extend(&sound);
            audio.extend(vec![0i16; 4800]);
            let heard = asr::recognize(recognizer.as_mut(), &grammar, &audio).expect("decodes");
            assert!(heard.alternatives.is_empty(), "{lang:?} {name}: {heard:?}");
        }
        let grammar = Grammar::for_position(&shakmaty::Chess::default(), &vocab);
        recognizer.set_grammar(&grammar).expect("grammar");
        for (name, sound) in coughs() {
            let heard = asr::recognize(recognizer.as_mut(), &grammar, &sound).expect("decodes");
            assert!(heard.alternatives.is_empty(), "{lang:?} {name}: {heard:?}");
        }
    }
}
