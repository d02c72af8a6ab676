//! Voice input from a real capture stream: espeak-ng speech played into the sandbox's
//! virtual microphone is heard and recognized (cpal with PulseAudio, resampling,
//! endpointing, pocketsphinx), and nothing is heard while the microphone is muted.
#[path = "voice_support/mod.rs"]
mod support;

use std::time::Duration;

use rochade::asr::input::{VoiceConfig, VoiceEvent, VoiceInput};
use rochade::asr::{self, Backend, Grammar, PhraseMeaning, RecognizerConfig};
use rochade::lang::Lang;

fn grammar() -> Grammar {
    Grammar::from_phrases(
        Lang::De,
        [
            ("springer felix drei", PhraseMeaning::Move("g1f3".into())),
            ("eva zwei eva vier", PhraseMeaning::Move("e2e4".into())),
            ("kurze rochade", PhraseMeaning::Move("e1g1".into())),
            ("zeit", PhraseMeaning::Command("time".into())),
        ],
    )
}

fn wait_heard(
    events: &crossbeam_channel::Receiver<VoiceEvent>,
    within: Duration,
) -> Option<String> {
    let deadline = std::time::Instant::now() + within;
    while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
        match events.recv_timeout(left) {
            Ok(VoiceEvent::Recognized(h)) => return Some(h.best().to_string()),
            Ok(VoiceEvent::DeviceError(e)) => panic!("device error: {e}"),
            Ok(_) => {}
            Err(_) => return None,
        }
    }
    None
}

#[test]
fn speech_into_the_virtual_microphone_is_recognized() {
    if !support::audio_tests_enabled() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let rec =
        asr::open(&RecognizerConfig::new(Lang::De, Backend::Pocketsphinx)).expect("pocketsphinx");
    let (voice, events) =
        VoiceInput::start(VoiceConfig::microphone(Some("vmic".into())), rec, grammar())
            .expect("the microphone opens");
    assert_eq!(voice.device(), Some("pulseaudio:vmic"));
    // PulseAudio starts capture with a delay: let it settle before speaking
    std::thread::sleep(Duration::from_millis(1500));
    for phrase in ["Springer Felix drei", "Kurze Rochade"] {
        let wav = support::utterance_wav(phrase, "de", &dir.path().join("u.wav"));
        let mut player = support::play_into_microphone(&wav);
        let heard = wait_heard(&events, Duration::from_secs(15));
        let _ = player.wait();
        assert_eq!(heard.as_deref(), Some(phrase.to_lowercase().as_str()));
    }

    // muted while Rochade speaks: the same speech is not heard
    let wav = support::utterance_wav("Zeit", "de", &dir.path().join("z.wav"));
    {
        let _quiet = voice.mute_guard();
        let mut player = support::play_into_microphone(&wav);
        let _ = player.wait();
        std::thread::sleep(Duration::from_millis(500));
    }
    assert_eq!(wait_heard(&events, Duration::from_secs(3)), None);
    voice.stop();
}
