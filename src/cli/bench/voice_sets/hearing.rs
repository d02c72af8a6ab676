//! One sound heard as `play` hears it: the recognizer and listener of a language, and a set
//! line's reading judged against what it should become.
use std::path::PathBuf;

use shakmaty::Chess;

use super::super::voice::{LEAD_MS, read_back, speech_end};
use super::cases::{Expect, SetCase};
use super::sounds::{Condition, Noises};
use super::{SetOutcome, Verdict};
use crate::asr::input::{ListenConfig, Listener, Recognized, VoiceEvent};
use crate::asr::{self, Backend, Grammar, Recognizer, RecognizerConfig};
use crate::audio::SAMPLE_RATE;
use crate::interpret::{Interpreter, Reading};
use crate::lang::Lang;
use crate::speech::espeak::Voice;
use crate::vocab::{Command, Vocab};

/// A recognizer and listener for one language, as `play` has them.
pub(super) struct Ear {
    recognizer: Box<dyn Recognizer>,
    listener: Listener,
}

impl Ear {
    pub(super) fn open(
        lang: Lang,
        backend: Backend,
        vosk_model: Option<&PathBuf>,
    ) -> anyhow::Result<Ear> {
        let mut config = RecognizerConfig::new(lang, backend);
        config.vosk_model = vosk_model.cloned();
        Ok(Ear {
            recognizer: asr::open(&config)?,
            listener: Listener::new(ListenConfig::default(), Grammar::new(lang)),
        })
    }

    /// Everything heard in the audio, with the stream time it started at. With `answers`,
    /// the grammar is `play`'s while a read-back's correction window is open: the position's
    /// and the answers ("ja", "nein", "Korrektur").
    pub(super) fn hear(
        &mut self,
        position: &Chess,
        vocab: &Vocab,
        audio: &[i16],
        answers: bool,
    ) -> anyhow::Result<(Vec<Recognized>, f64)> {
        let mut grammar = Grammar::for_position(position, vocab);
        if answers {
            grammar.add_answers(vocab);
        }
        self.listener
            .set_grammar(self.recognizer.as_mut(), grammar)?;
        let offset_ms = self.listener.position_ms() as f64;
        let mut events = self.listener.push(self.recognizer.as_mut(), audio)?;
        events.extend(self.listener.finish(self.recognizer.as_mut())?);
        let heard = events
            .into_iter()
            .filter_map(|e| match e {
                VoiceEvent::Recognized(h) => Some(h),
                _ => None,
            })
            .collect();
        Ok((heard, offset_ms))
    }
}

/// The reading as a short text for the report.
pub(super) fn reading_text(reading: &Reading) -> String {
    match reading {
        Reading::Move(mv) => crate::interpret::uci(mv),
        Reading::Command(c) => format!("command {}", c.name()),
        other => other.status().to_string(),
    }
}

/// The voice that reads moves back (its time to the first sound is part of the latency).
fn readback_voice(lang: Lang) -> Voice {
    Voice::new(if lang == Lang::De { "de" } else { "en-us" }, 175)
}

/// One set line spoken by one voice, heard and read.
#[allow(clippy::too_many_arguments)]
pub(super) fn hear_case(
    ear: &mut Ear,
    vocab: &Vocab,
    interpreter: &Interpreter,
    noises: &Noises,
    cond: Condition,
    index: usize,
    case: &SetCase,
    voice: &str,
    speech: &[i16],
    to_read_back: bool,
) -> anyhow::Result<SetOutcome> {
    let per_ms = (SAMPLE_RATE / 1000) as usize;
    let audio = noises.compose(speech, cond, index, false);
    let end_of_speech = LEAD_MS * per_ms + speech_end(speech);
    // An answer ("ja", "nein", "Korrektur") is said to a read-back, while its window is open.
    let answer = to_read_back
        || matches!(&case.expect, Expect::Command(c)
        if matches!(Command::from_name(c), Some(Command::Yes | Command::No | Command::Correction)));
    let (heard, offset_ms) = ear.hear(&case.position, vocab, &audio, answer)?;
    let audio_ms = audio.len() as f64 / per_ms as f64;
    let mut out = SetOutcome {
        case: index,
        voice: voice.to_string(),
        verdict: Verdict::Missed,
        heard: String::new(),
        got: "nothing heard".into(),
        latency_ms: None,
        waited_ms: 0.0,
        behind_ms: 0.0,
        decoded_ms: 0.0,
        early: false,
        compute_ms: 0.0,
        audio_ms,
        exact: true,
        read_back: false,
        window: false,
        fit: None,
        alternatives: Vec::new(),
        unsure_answer: None,
        taken_answer: None,
    };
    // The first utterance heard is the one answered, as in `play`.
    let Some(heard) = heard.into_iter().next() else {
        return Ok(out);
    };
    let (interpretation, interpret_ms, first_sound_ms) = read_back(
        interpreter,
        &case.position,
        &heard.alternatives,
        vocab,
        &readback_voice(case.lang),
    )?;
    out.exact = interpretation.exact;
    out.unsure_answer = interpretation.unsure_answer;
    out.taken_answer = interpreter.answer_to_a_waiting_read_back(&interpretation);
    out.fit = heard.fit;
    out.alternatives = heard.alternatives.clone();
    let reading = interpretation.reading;
    let waited_ms =
        (heard.committed_ms as f64 - offset_ms - end_of_speech as f64 / per_ms as f64).max(0.0);
    out.latency_ms = Some(waited_ms + heard.behind_ms + interpret_ms + first_sound_ms);
    out.waited_ms = waited_ms;
    out.behind_ms = heard.behind_ms;
    out.decoded_ms = heard.decoded_ms;
    out.early = heard.early;
    out.compute_ms = heard.compute_ms;
    out.heard = heard.best().to_string();
    out.got = reading_text(&reading);
    out.read_back = matches!(reading, Reading::Move(_));
    out.window = interpretation.exact && matches!(&reading, Reading::Move(mv) if is_quiet(mv));
    out.verdict = match (&case.expect, &reading) {
        (Expect::Move(uci), Reading::Move(mv)) if crate::interpret::uci(mv) == *uci => {
            Verdict::Right
        }
        (Expect::Move(_), Reading::Move(_)) => Verdict::WrongMove,
        (Expect::Move(_), Reading::Command(_)) => Verdict::CommandFromMove,
        (Expect::Command(c), Reading::Command(got)) if got.name() == c => Verdict::Right,
        (Expect::Command(_), Reading::Command(_)) => Verdict::WrongCommand,
        (Expect::Command(_), Reading::Move(_)) => Verdict::MoveFromCommand,
        _ => Verdict::Missed,
    };
    Ok(out)
}

/// A move the correction window may make: no capture, no promotion.
pub(super) fn is_quiet(mv: &shakmaty::Move) -> bool {
    !mv.is_capture() && !mv.is_promotion()
}
