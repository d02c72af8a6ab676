//! The listener: endpointing, early commit, push-to-talk and muting around a real
//! recognizer (pocketsphinx), fed with espeak-ng speech; and VoiceInput on its threads.
use std::time::Duration;

use rochade::asr::input::{
    AudioSource, Denoise, ListenConfig, Listener, NOISY_MOVE_CONFIDENCE, VoiceConfig, VoiceEvent,
    VoiceInput,
};
use rochade::asr::{self, Backend, Grammar, PhraseMeaning, Recognizer, RecognizerConfig};
use rochade::audio::resample::resample;
use rochade::lang::Lang;
use rochade::speech::espeak::{Voice, synthesize_alone};
use rochade::vocab::Vocab;

fn speech(text: &str) -> Vec<i16> {
    let s = synthesize_alone(text, &Voice::new("de", 150)).expect("espeak-ng");
    resample(&s.samples, s.sample_rate, 16_000)
}

/// Half a second of silence, the samples, a second and a half of silence: one utterance as
/// a stream.
fn in_silence(samples: &[i16]) -> Vec<i16> {
    let mut stream = vec![0i16; 8000];
    stream.extend(samples);
    stream.extend(vec![0i16; 24_000]);
    stream
}

/// The index after the last loud sample: where speech really ends.
fn speech_end(samples: &[i16]) -> usize {
    samples
        .iter()
        .rposition(|s| s.unsigned_abs() > 300)
        .map_or(0, |i| i + 1)
}

/// The samples with white noise from a fixed seed added, at full scale divided by `divisor`.
fn with_white_noise(samples: &[i16], divisor: i32) -> Vec<i16> {
    let mut state = 0x2545_f491_u32;
    samples
        .iter()
        .map(|s| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let noise = ((state >> 16) as i16 as i32) / divisor;
            (*s as i32 + noise).clamp(-32_768, 32_767) as i16
        })
        .collect()
}

fn grammar() -> Grammar {
    Grammar::from_phrases(
        Lang::De,
        [
            ("springer felix drei", PhraseMeaning::Move("g1f3".into())),
            ("eva vier", PhraseMeaning::Move("e2e4".into())),
            ("eva zwei eva vier", PhraseMeaning::Move("e2e4".into())),
            ("david acht", PhraseMeaning::Move("d7d8q".into())),
            ("david acht dame", PhraseMeaning::Move("d7d8q".into())),
            ("david acht springer", PhraseMeaning::Move("d7d8n".into())),
            ("zeit", PhraseMeaning::Command("time".into())),
        ],
    )
}

fn recognizer(g: &Grammar) -> Box<dyn Recognizer> {
    let mut r =
        asr::open(&RecognizerConfig::new(Lang::De, Backend::Pocketsphinx)).expect("pocketsphinx");
    r.set_grammar(g).expect("grammar");
    r
}

fn heard(events: &[VoiceEvent]) -> Vec<&rochade::asr::input::Recognized> {
    events
        .iter()
        .filter_map(|e| match e {
            VoiceEvent::Recognized(h) => Some(h),
            _ => None,
        })
        .collect()
}

#[test]
fn two_utterances_in_a_stream_are_found_and_recognized() {
    let g = grammar();
    let mut rec = recognizer(&g);
    let mut listener = Listener::new(ListenConfig::default(), g.clone());
    let mut stream = vec![0i16; 8000];
    let first = speech("Springer Felix drei");
    let first_end = 8000 + speech_end(&first);
    stream.extend(&first);
    stream.extend(vec![0i16; 16_000]);
    stream.extend(speech("Zeit"));
    stream.extend(vec![0i16; 16_000]);
    let mut events = listener.push(rec.as_mut(), &stream).expect("push");
    events.extend(listener.finish(rec.as_mut()).expect("finish"));
    let heard = heard(&events);
    assert_eq!(heard.len(), 2, "{events:?}");
    assert_eq!(heard[0].best(), "springer felix drei");
    assert_eq!(heard[1].best(), "zeit");
    // the end of speech is found within 50 ms
    let end_ms = (first_end / 16) as i64;
    assert!(
        (heard[0].speech_end_ms as i64 - end_ms).abs() <= 50,
        "{} vs {end_ms}",
        heard[0].speech_end_ms
    );
    // the utterance audio holds the speech and its pre-roll
    assert!(heard[0].samples.len() >= first.len());
    assert!(
        events
            .iter()
            .any(|e| matches!(e, VoiceEvent::SpeechStarted { .. }))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, VoiceEvent::Partial { .. }))
    );
}

#[test]
fn a_complete_unambiguous_phrase_is_committed_early() {
    let g = grammar();
    let mut rec = recognizer(&g);
    let config = ListenConfig::default();
    let mut listener = Listener::new(config.clone(), g.clone());
    let stream = in_silence(&speech("Springer Felix drei"));
    let events = listener.push(rec.as_mut(), &stream).expect("push");
    let heard = heard(&events);
    assert_eq!(heard.len(), 1, "{events:?}");
    let h = heard[0];
    assert!(h.early, "{h:?}");
    let waited = h.committed_ms - h.speech_end_ms;
    assert!(waited < config.end_silence_ms, "waited {waited} ms");
    assert!(waited >= config.early_silence_ms);
}

/// Every move of the starting position is a final phrase. The decoder's partial result
/// lagged for some (in the benchmark, "bella zwei" for a "Bella drei" the final result got
/// right), which made them wait for the full end silence; probes in the pause commit them
/// early.
#[test]
fn the_moves_of_a_position_are_committed_early_even_when_the_partial_result_lags() {
    let pos = shakmaty::Chess::default();
    let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
    let mut rec = recognizer(&g);
    let config = ListenConfig::default();
    let mut listener = Listener::new(config.clone(), g.clone());
    let moves = [
        ("Anna drei", "a2a3"),
        ("Bella drei", "b2b3"),
        ("Cäsar drei", "c2c3"),
        ("David drei", "d2d3"),
        ("Eva drei", "e2e3"),
        ("Felix drei", "f2f3"),
        ("Gustav drei", "g2g3"),
        ("Hector drei", "h2h3"),
        ("Springer Anna drei", "b1a3"),
        ("Springer Hector drei", "g1h3"),
    ];
    let (mut late, mut wrong) = (Vec::new(), Vec::new());
    for voice in ["de", "de+f2", "de+m1"] {
        for (words, uci) in moves {
            let s = synthesize_alone(words, &Voice::new(voice, 150)).expect("espeak-ng");
            let stream = in_silence(&resample(&s.samples, s.sample_rate, 16_000));
            let events = listener.push(rec.as_mut(), &stream).expect("push");
            let heard = heard(&events);
            assert_eq!(heard.len(), 1, "{events:?}");
            let h = heard[0];
            let waited = h.committed_ms - h.speech_end_ms;
            let right = g
                .meanings(h.best())
                .is_some_and(|m| m.len() == 1 && m.contains(&PhraseMeaning::Move(uci.into())));
            if !h.early || waited >= config.end_silence_ms {
                late.push(format!("{voice} {words}: {} after {waited} ms", h.best()));
            }
            if !right {
                wrong.push(format!("{voice} {words}: {}", h.best()));
            }
        }
    }
    // without probes, five of these (three "Anna drei") waited for the end silence
    assert!(late.is_empty(), "{late:#?}");
    assert!(wrong.len() <= 2, "{wrong:#?}");
}

/// In steady noise the endpointer takes the quiet end of a word for silence; the move is
/// still heard whole and committed before the full end silence.
#[test]
fn a_move_in_noise_is_heard_whole_and_committed_before_the_end_silence_and_asked_like_a_command() {
    let g = grammar();
    let mut rec = recognizer(&g);
    let config = ListenConfig::default();
    let mut listener = Listener::new(config.clone(), g.clone());
    let clean = in_silence(&speech("Springer Felix drei"));
    // white noise about 20 dB under the speech
    let stream = with_white_noise(&clean, 40);
    let events = listener.push(rec.as_mut(), &stream).expect("push");
    let heard = heard(&events);
    assert_eq!(heard.len(), 1, "{events:?}");
    assert_eq!(heard[0].best(), "springer felix drei");
    assert!(heard[0].committed_ms - heard[0].speech_end_ms < config.end_silence_ms);
    // In noise no move is sure enough for the correction window: only "ja" makes it.
    // together, as the interpreter adds up the alternatives of one move
    let together: f32 = heard[0].alternatives.iter().map(|(_, c)| c).sum();
    assert!(
        together <= NOISY_MOVE_CONFIDENCE + 1e-6,
        "{:?}",
        heard[0].alternatives
    );
    // Nor is a command sure enough to be carried out without asking.
    let events = listener
        .push(
            rec.as_mut(),
            &with_white_noise(&in_silence(&speech("Zeit")), 40),
        )
        .expect("push");
    let heard = self::heard(&events);
    assert_eq!(heard.len(), 1, "{events:?}");
    assert_eq!(heard[0].best(), "zeit");
    assert!(
        heard[0].alternatives[0].1 <= NOISY_MOVE_CONFIDENCE + 1e-6,
        "{:?}",
        heard[0].alternatives
    );
}

/// Where `part` stands in `stream`, if it stands there whole.
fn position_in(stream: &[i16], part: &[i16]) -> Option<usize> {
    stream.windows(part.len()).position(|w| w == part)
}

#[test]
fn in_noise_the_recognizer_hears_the_speech_denoised_and_in_quiet_as_it_came() {
    let g = grammar();
    let words = in_silence(&speech("Springer Felix drei"));
    // white noise about 20 dB under the speech: a floor well over noisy_floor_db
    let noisy = with_white_noise(&words, 40);
    let rms = |s: &[i16]| {
        (s.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>() / s.len().max(1) as f64).sqrt()
    };
    for (denoise, denoised) in [(Denoise::InNoise, true), (Denoise::Off, false)] {
        let mut rec = recognizer(&g);
        let config = ListenConfig {
            denoise,
            ..ListenConfig::default()
        };
        let mut listener = Listener::new(config, g.clone());
        let events = listener.push(rec.as_mut(), &noisy).expect("push");
        let heard = heard(&events);
        assert_eq!(heard.len(), 1, "{denoise:?}: {events:?}");
        assert_eq!(heard[0].best(), "springer felix drei", "{denoise:?}");
        // the pre-roll before the first word: the noise alone
        let before_speech = &heard[0].samples[..1600];
        let noise_before = rms(&noisy[..4000]);
        if denoised {
            assert!(
                rms(before_speech) < noise_before / 4.0,
                "{} against {noise_before}",
                rms(before_speech)
            );
        } else {
            assert!(position_in(&noisy, &heard[0].samples).is_some());
        }
    }
    // In quiet the recognizer hears the microphone's own samples, even when denoising in
    // noise is on.
    let mut rec = recognizer(&g);
    let quiet = with_white_noise(&words, 2000);
    let mut listener = Listener::new(ListenConfig::default(), g.clone());
    let events = listener.push(rec.as_mut(), &quiet).expect("push");
    let heard = heard(&events);
    assert_eq!(heard.len(), 1, "{events:?}");
    assert!(position_in(&quiet, &heard[0].samples).is_some());
}

/// The final decode is made ahead, 70 ms into a pause, and used when the pause reaches the
/// early commit: it must hear what the decode at that point hears.
#[test]
fn a_decode_ahead_hears_what_the_decode_at_the_pause_hears() {
    let pos = shakmaty::Chess::default();
    let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
    let ahead = ListenConfig::default();
    assert!(ahead.ahead_silence_ms.is_some());
    let at_pause = ListenConfig {
        ahead_silence_ms: None,
        ..ListenConfig::default()
    };
    let said = [
        "Springer Felix drei",
        "Eva vier",
        "Bauer David vier",
        "Springer Anna drei",
        "Gustav drei",
    ];
    let mut differ = Vec::new();
    for voice in ["de", "de+m3"] {
        let mut runs = Vec::new();
        for config in [&ahead, &at_pause] {
            let mut rec = recognizer(&g);
            let mut listener = Listener::new(config.clone(), g.clone());
            let mut run = Vec::new();
            for words in said {
                let s = synthesize_alone(words, &Voice::new(voice, 150)).expect("espeak-ng");
                let stream = in_silence(&resample(&s.samples, s.sample_rate, 16_000));
                let events = listener.push(rec.as_mut(), &stream).expect("push");
                let heard = heard(&events);
                assert_eq!(heard.len(), 1, "{voice} {words}: {events:?}");
                let h = heard[0];
                run.push((
                    h.best().to_string(),
                    h.early,
                    h.committed_ms - h.speech_end_ms,
                ));
            }
            runs.push(run);
        }
        for (words, (a, p)) in said.iter().zip(runs[0].iter().zip(&runs[1])) {
            // the same words, committed at the same point of the pause; two spellings of one
            // name ("Gustav", "Gustaf") sound alike and are the same words
            if g.meanings(&a.0) != g.meanings(&p.0) || a.1 != p.1 || a.2.abs_diff(p.2) > 10 {
                differ.push(format!("{voice} {words}: ahead {a:?}, at the pause {p:?}"));
            }
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
}

/// A pause longer than the decode ahead waits for, shorter than the early commit, inside a
/// move: the decode ahead is dropped when speech resumes, and the recognizer hears the
/// whole move again, not only what came after the pause.
#[test]
fn speech_after_a_short_pause_drops_the_decode_ahead_and_is_heard_whole() {
    let g = grammar();
    let config = ListenConfig::default();
    let ahead_ms = config.ahead_silence_ms.expect("a decode ahead");
    let pause_ms = (ahead_ms + config.early_silence_ms) / 2;
    // espeak-ng pads what it says with quiet: cut to the loud part, so the pause is the one set
    let loud = |samples: Vec<i16>| {
        let start = samples
            .iter()
            .position(|s| s.unsigned_abs() > 300)
            .unwrap_or(0);
        samples[start..speech_end(&samples)].to_vec()
    };
    let mut utterance = loud(speech("Springer"));
    utterance.extend(vec![0i16; (pause_ms * 16) as usize]);
    utterance.extend(loud(speech("Felix drei")));
    let mut rec = recognizer(&g);
    let mut listener = Listener::new(config, g.clone());
    let events = listener
        .push(rec.as_mut(), &in_silence(&utterance))
        .expect("push");
    let heard = heard(&events);
    assert_eq!(heard.len(), 1, "{events:?}");
    assert_eq!(
        heard[0].best(),
        "springer felix drei",
        "{:?}",
        heard[0].alternatives
    );
}

/// A quiet voice in a quiet room's noise: the floor stays under `noisy_floor_db`, but the
/// speech stands only about 12 dB above it. That is as noisy as a loud room, so no move heard
/// is sure enough for the window. (In the held-out benchmark a quiet voice in pink noise had
/// "um alpha six" made by the window as "pawn alfa fünf".)
#[test]
fn a_quiet_voice_close_to_the_floor_is_heard_as_in_noise() {
    let g = grammar();
    let config = ListenConfig::default();
    let quiet: Vec<i16> = speech("Springer Felix drei")
        .iter()
        .map(|s| s / 32)
        .collect();
    let stream = with_white_noise(&in_silence(&quiet), 500);
    let floor_db = rochade::audio::endpoint::level_db(&stream[..4000]);
    assert!(floor_db < config.noisy_floor_db, "floor {floor_db:.1} dBFS");
    let mut rec = recognizer(&g);
    let mut listener = Listener::new(config, g.clone());
    let events = listener.push(rec.as_mut(), &stream).expect("push");
    let heard = heard(&events);
    assert_eq!(heard.len(), 1, "{events:?}");
    assert_eq!(heard[0].best(), "springer felix drei");
    // together, as the interpreter adds up the alternatives of one move
    let together: f32 = heard[0].alternatives.iter().map(|(_, c)| c).sum();
    assert!(
        together <= NOISY_MOVE_CONFIDENCE + 1e-6,
        "{:?}",
        heard[0].alternatives
    );
}

#[test]
fn a_phrase_that_a_longer_one_continues_waits_for_the_end() {
    let g = grammar();
    let mut rec = recognizer(&g);
    let config = ListenConfig::default();
    let mut listener = Listener::new(config.clone(), g.clone());
    let stream = in_silence(&speech("David acht"));
    let events = listener.push(rec.as_mut(), &stream).expect("push");
    let heard = heard(&events);
    assert_eq!(heard.len(), 1, "{events:?}");
    assert!(!heard[0].early);
    assert!(heard[0].committed_ms - heard[0].speech_end_ms >= config.end_silence_ms);
    assert_eq!(heard[0].best(), "david acht");
}

#[test]
fn a_click_is_not_an_utterance() {
    let g = grammar();
    let mut rec = recognizer(&g);
    let mut listener = Listener::new(ListenConfig::default(), g);
    let mut stream = vec![0i16; 8000];
    stream.extend((0..480).map(|i| ((i as f32 * 0.5).sin() * 20_000.0) as i16));
    stream.extend(vec![0i16; 16_000]);
    let mut events = listener.push(rec.as_mut(), &stream).expect("push");
    events.extend(listener.finish(rec.as_mut()).expect("finish"));
    assert!(heard(&events).is_empty(), "{events:?}");
    // Its start was reported as speech, so its end is reported as none: a read-back's window
    // that waited for the player's words runs again.
    let started = events
        .iter()
        .position(|e| matches!(e, VoiceEvent::SpeechStarted { .. }));
    let dropped = events
        .iter()
        .position(|e| matches!(e, VoiceEvent::NotSpeech { .. }));
    assert!(started.is_some(), "{events:?}");
    assert!(dropped > started, "{events:?}");
}

/// A burst of breath or a cough, long enough to be words but with no voice in it, is no
/// utterance: whatever the recognizer forces it onto is nothing the player said.
#[test]
fn a_sound_without_voice_is_not_an_utterance() {
    let g = grammar();
    let mut rec = recognizer(&g);
    let mut listener = Listener::new(ListenConfig::default(), g);
    let burst = with_white_noise(&vec![0i16; 6400], 3);
    let mut events = listener
        .push(rec.as_mut(), &in_silence(&burst))
        .expect("push");
    events.extend(listener.finish(rec.as_mut()).expect("finish"));
    assert!(heard(&events).is_empty(), "{events:?}");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, VoiceEvent::NotSpeech { .. })),
        "{events:?}"
    );
    // The same with a word in it is heard.
    let mut word = burst.clone();
    word.extend(speech("eva vier"));
    let mut events = listener
        .push(rec.as_mut(), &in_silence(&word))
        .expect("push");
    events.extend(listener.finish(rec.as_mut()).expect("finish"));
    assert_eq!(heard(&events).len(), 1, "{events:?}");
}

#[test]
fn push_to_talk_takes_the_audio_between_key_down_and_up() {
    let g = grammar();
    let mut rec = recognizer(&g);
    let config = ListenConfig {
        push_to_talk: true,
        ..ListenConfig::default()
    };
    let mut listener = Listener::new(config, g);
    // speech before the key is pressed is ignored
    let mut events = listener.push(rec.as_mut(), &speech("Zeit")).expect("push");
    events.extend(
        listener
            .push(rec.as_mut(), &vec![0i16; 8000])
            .expect("push"),
    );
    assert!(heard(&events).is_empty());
    events.extend(listener.talk(rec.as_mut(), true));
    events.extend(
        listener
            .push(rec.as_mut(), &speech("Eva vier"))
            .expect("push"),
    );
    events.extend(listener.talk(rec.as_mut(), false));
    assert!(heard(&events).is_empty(), "the tail runs after key up");
    events.extend(
        listener
            .push(rec.as_mut(), &vec![0i16; 8000])
            .expect("push"),
    );
    let heard = heard(&events);
    assert_eq!(heard.len(), 1, "{events:?}");
    assert_eq!(heard[0].best(), "eva vier");
}

#[test]
fn reset_drops_the_utterance_in_progress() {
    let g = grammar();
    let mut rec = recognizer(&g);
    let mut listener = Listener::new(ListenConfig::default(), g);
    let mut stream = vec![0i16; 8000];
    stream.extend(speech("Springer Felix drei"));
    let _ = listener.push(rec.as_mut(), &stream).expect("push");
    assert!(listener.in_utterance());
    listener.reset(rec.as_mut());
    let events = listener
        .push(rec.as_mut(), &vec![0i16; 16_000])
        .expect("push");
    assert!(heard(&events).is_empty());
    assert!(!listener.in_utterance());
}

#[test]
fn voice_input_runs_on_its_threads_and_takes_new_grammars() {
    let g = grammar();
    let rec =
        asr::open(&RecognizerConfig::new(Lang::De, Backend::Pocketsphinx)).expect("pocketsphinx");
    let mut samples = vec![0i16; 8000];
    samples.extend(speech("Eva zwei Eva vier"));
    samples.extend(vec![0i16; 16_000]);
    samples.extend(speech("Ja"));
    samples.extend(vec![0i16; 16_000]);
    let config = VoiceConfig {
        source: AudioSource::Samples {
            samples,
            realtime: true,
        },
        listen: ListenConfig::default(),
    };
    let (voice, events) = VoiceInput::start(config, rec, g).expect("starts");
    assert!(matches!(
        events.recv_timeout(Duration::from_secs(5)),
        Ok(VoiceEvent::GrammarSet { .. })
    ));
    let mut seen = Vec::new();
    let mut answers_sent = false;
    while let Ok(event) = events.recv_timeout(Duration::from_secs(10)) {
        if let VoiceEvent::Recognized(h) = &event {
            if !answers_sent {
                // after the move, only yes/no make sense: the grammar changes between utterances
                voice.set_grammar(Grammar::from_phrases(
                    Lang::De,
                    [
                        ("ja", PhraseMeaning::Answer("yes".into())),
                        ("nein", PhraseMeaning::Answer("no".into())),
                    ],
                ));
                answers_sent = true;
            }
            seen.push(h.best().to_string());
        }
        if event == VoiceEvent::EndOfInput {
            break;
        }
    }
    voice.stop();
    assert_eq!(seen, vec!["eva zwei eva vier", "ja"]);
}

#[test]
fn a_muted_microphone_hears_nothing() {
    let g = grammar();
    let rec =
        asr::open(&RecognizerConfig::new(Lang::De, Backend::Pocketsphinx)).expect("pocketsphinx");
    let mut samples = vec![0i16; 8000];
    samples.extend(speech("Springer Felix drei"));
    samples.extend(vec![0i16; 16_000]);
    let config = VoiceConfig {
        source: AudioSource::Samples {
            samples,
            realtime: true,
        },
        listen: ListenConfig::default(),
    };
    let (voice, events) = VoiceInput::start(config, rec, g).expect("starts");
    let guard = voice.mute_guard();
    let mut heard_any = false;
    while let Ok(event) = events.recv_timeout(Duration::from_secs(10)) {
        heard_any |= matches!(event, VoiceEvent::Recognized(_));
        if event == VoiceEvent::EndOfInput {
            break;
        }
    }
    drop(guard);
    voice.stop();
    assert!(!heard_any, "Rochade must not hear itself while it speaks");
}

/// A move heard with a letter name of the E-set ("e four", which pocketsphinx hears as "bee
/// four", fitting well) is read back but waits for "yes"; NATO words are no such letters.
#[test]
fn a_move_heard_with_a_confusable_letter_waits_for_yes() {
    let vocab = Vocab::builtin(Lang::En);
    let g = Grammar::for_position(&shakmaty::Chess::default(), &vocab);
    assert!(g.rests_on_confusable("e four") && g.rests_on_confusable("pawn to bee four"));
    assert!(
        !g.rests_on_confusable("pawn echo four") && !g.rests_on_confusable("knight foxtrot three")
    );
    let mut rec =
        asr::open(&RecognizerConfig::new(Lang::En, Backend::Pocketsphinx)).expect("pocketsphinx");
    let mut listener = Listener::new(ListenConfig::default(), Grammar::new(Lang::En));
    listener
        .set_grammar(rec.as_mut(), g.clone())
        .expect("grammar");
    let say = |text: &str| {
        let s = synthesize_alone(text, &Voice::new("en-us", 150)).expect("espeak-ng");
        in_silence(&resample(&s.samples, s.sample_rate, 16_000))
    };
    let best = |listener: &mut Listener, rec: &mut Box<dyn Recognizer>, text: &str| {
        let events = listener.push(rec.as_mut(), &say(text)).expect("push");
        let heard = heard(&events);
        assert_eq!(heard.len(), 1, "{text}: {events:?}");
        heard[0].alternatives[0].clone()
    };
    let (text, confidence) = best(&mut listener, &mut rec, "e four");
    assert!(g.rests_on_confusable(&text), "{text}");
    assert!(
        confidence <= rochade::asr::grammar::CONFUSABLE_MOVE_CONFIDENCE,
        "{text} {confidence}"
    );
}

/// "castles kingside" and "castles queenside" differ in one word that a recognizer hears for
/// the other ("castles um kingside please" as a sure "castles queenside"): where both
/// castlings are legal a castling waits for "yes", where only one is it may be made as heard.
#[test]
fn a_castling_waits_for_yes_where_the_other_side_is_legal_too() {
    let vocab = Vocab::builtin(Lang::En);
    // The same position, with the right to castle long (KQ) and without it (K).
    let position = |castling: &str| -> shakmaty::Chess {
        format!("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w {castling}kq - 4 8")
            .parse::<shakmaty::fen::Fen>()
            .expect("fen")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("position")
    };
    let g = Grammar::for_position(&position("KQ"), &vocab);
    for text in ["castles kingside", "castle queenside", "castling kingside"] {
        assert!(g.contains(text), "{text}");
        assert!(g.rests_on_confusable(text), "{text}");
        let mut ranked = g.rank(&[rochade::asr::Alternative::new(text, 1.0)]);
        let best = ranked.alternatives.remove(0);
        assert!(
            best.confidence <= rochade::asr::grammar::CONFUSABLE_MOVE_CONFIDENCE,
            "{text}: {best:?}"
        );
    }
    assert!(!g.rests_on_confusable("short castle"));
    let g = Grammar::for_position(&position("K"), &vocab);
    assert!(g.contains("castles kingside") && !g.contains("castles queenside"));
    assert!(!g.rests_on_confusable("castles kingside"));
}

/// In noise an answer that rests on a word heard for its opposite ("Korrektur" and
/// "korrekt") is unsure, so it is not taken: a "Korrektur" heard as "korrekt" would make the
/// move the player wanted to withdraw. A plain "ja" keeps its confidence.
#[test]
fn in_noise_an_answer_with_a_twin_of_the_opposite_meaning_is_unsure_and_ja_is_not() {
    let answers = Grammar::for_answers(&Vocab::builtin(Lang::De));
    let mut rec = recognizer(&answers);
    let noisy = |text: &str| with_white_noise(&in_silence(&speech(text)), 40);
    let mut listener = Listener::new(ListenConfig::default(), answers.clone());
    let events = listener
        .push(rec.as_mut(), &noisy("Korrektur"))
        .expect("push");
    let korrektur = heard(&events);
    assert_eq!(korrektur.len(), 1, "{events:?}");
    let twins: f32 = korrektur[0]
        .alternatives
        .iter()
        .filter(|(text, _)| answers.rests_on_confusable(text))
        .map(|(_, c)| c)
        .sum();
    assert!(
        korrektur[0]
            .alternatives
            .iter()
            .any(|(text, _)| answers.rests_on_confusable(text)),
        "heard as something else: {:?}",
        korrektur[0].alternatives
    );
    assert!(
        twins <= NOISY_MOVE_CONFIDENCE + 1e-6,
        "{:?}",
        korrektur[0].alternatives
    );

    let mut listener = Listener::new(ListenConfig::default(), answers.clone());
    let events = listener.push(rec.as_mut(), &noisy("Ja")).expect("push");
    let ja = heard(&events);
    assert_eq!(ja.len(), 1, "{events:?}");
    assert_eq!(ja[0].best(), "ja");
    let sure: f32 = ja[0].alternatives.iter().map(|(_, c)| c).sum();
    assert!(sure > NOISY_MOVE_CONFIDENCE, "{:?}", ja[0].alternatives);
}

/// A real recognizer that is slow to hear an utterance fed again (a slow machine): what the
/// listener then trails the stream by must show in `behind_ms`, or a benchmark would
/// report a read-back sooner than a player hears it. It counts the times it heard one again.
struct SlowToHearAgain {
    inner: Box<dyn Recognizer>,
    delay: Duration,
    again: usize,
}

impl Recognizer for SlowToHearAgain {
    fn backend(&self) -> Backend {
        self.inner.backend()
    }
    fn set_grammar(&mut self, g: &Grammar) -> Result<asr::GrammarReport, asr::AsrError> {
        self.inner.set_grammar(g)
    }
    fn accept(&mut self, samples: &[i16]) -> Result<(), asr::AsrError> {
        // the listener feeds 10 ms blocks; more at once is an utterance heard again
        if samples.len() > 1600 {
            self.again += 1;
            std::thread::sleep(self.delay);
        }
        self.inner.accept(samples)
    }
    fn partial(&mut self) -> Option<String> {
        self.inner.partial()
    }
    fn finish(&mut self) -> Result<Vec<asr::Alternative>, asr::AsrError> {
        self.inner.finish()
    }
    fn finish_best(&mut self) -> Result<Option<String>, asr::AsrError> {
        self.inner.finish_best()
    }
    fn fit(&self) -> Option<asr::AcousticFit> {
        self.inner.fit()
    }
    fn cancel(&mut self) {
        self.inner.cancel()
    }
}

#[test]
fn the_work_a_probe_leaves_behind_is_counted_in_the_wait_for_the_read_back() {
    let g = grammar();
    let delay = Duration::from_millis(400);
    let mut rec = SlowToHearAgain {
        inner: recognizer(&g),
        delay,
        again: 0,
    };
    let config = ListenConfig::default();
    let mut listener = Listener::new(config.clone(), g.clone());
    // In noise the first probe of the pause is never taken: the utterance is fed again and
    // the next probe, 100 ms of audio later, decides ("David acht" goes on in "David acht
    // Dame", so no partial result ends it earlier).
    let stream = with_white_noise(&in_silence(&speech("David acht")), 40);
    let events = listener.push(&mut rec, &stream).expect("push");
    let heard = heard(&events);
    assert_eq!(heard.len(), 1, "{events:?}");
    assert_eq!(heard[0].best(), "david acht");
    let probe_gap = config.probe_interval_ms as f64;
    assert!(
        heard[0].behind_ms >= delay.as_millis() as f64 - probe_gap,
        "behind {} ms, decoded {} ms",
        heard[0].behind_ms,
        heard[0].decoded_ms
    );
    assert!(heard[0].behind_ms >= heard[0].decoded_ms);
}

#[test]
fn in_noise_probing_stops_when_two_probes_heard_the_same_answer_and_the_pause_decides() {
    // "Ja" never ends an utterance early (it often begins a sentence to someone else), so
    // every probe of its pause hears it and cannot take it. Each probe decodes the utterance
    // again; after two that agree, the rest would only make the listener trail the stream.
    let answers = Grammar::for_answers(&Vocab::builtin(Lang::De));
    let mut rec = SlowToHearAgain {
        inner: recognizer(&answers),
        delay: Duration::ZERO,
        again: 0,
    };
    let config = ListenConfig::default();
    let mut listener = Listener::new(config.clone(), answers.clone());
    let stream = with_white_noise(&in_silence(&speech("Ja")), 40);
    let events = listener.push(&mut rec, &stream).expect("push");
    let ja = heard(&events);
    assert_eq!(ja.len(), 1, "{events:?}");
    assert_eq!(ja[0].best(), "ja");
    assert!(!ja[0].early, "the end of the pause decides");
    let pause_probes =
        (config.end_silence_ms - config.early_silence_ms).div_ceil(config.probe_interval_ms);
    assert!(pause_probes > 2, "the pause has room for more probes");
    // two probes that agree (a third if the first heard nothing), not one every 100 ms
    assert!(
        (2..pause_probes as usize).contains(&rec.again),
        "heard again {} times",
        rec.again
    );
}
