//! Voice input on a machine without any audio: `VoiceInput::start` fails at once with a
//! message that points to the keyboard. One test per file, because it changes the
//! process environment before any audio library reads it.
use std::time::{Duration, Instant};

use rochade::asr::input::{VoiceConfig, VoiceInput};
use rochade::asr::{self, Backend, Grammar, PhraseMeaning, RecognizerConfig};
use rochade::lang::Lang;

#[test]
fn no_microphone_is_an_error_not_a_hang() {
    let runtime = tempfile::tempdir().expect("tempdir");
    // SAFETY: the only test of this binary, before any thread reads the environment.
    unsafe {
        std::env::set_var("XDG_RUNTIME_DIR", runtime.path());
        std::env::set_var("PULSE_SERVER", "unix:/nonexistent/pulse");
        std::env::remove_var("PULSE_RUNTIME_PATH");
    }
    let rec =
        asr::open(&RecognizerConfig::new(Lang::De, Backend::Pocketsphinx)).expect("pocketsphinx");
    let grammar =
        Grammar::from_phrases(Lang::De, [("eva vier", PhraseMeaning::Move("e2e4".into()))]);
    let started = Instant::now();
    let result = VoiceInput::start(VoiceConfig::microphone(None), rec, grammar);
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "took {:?}",
        started.elapsed()
    );
    let message = match result {
        Err(e) => e.to_string(),
        Ok(_) => panic!("a machine without audio cannot open a microphone"),
    };
    assert!(message.contains("use the keyboard"), "{message}");
}
