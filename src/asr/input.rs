//! Voice input: microphone (or a WAV file) → 16 kHz → endpointing → recognizer → events.
//!
//! [`Listener`] is the synchronous heart (feed it samples, get events), used directly by
//! `rochade interpret --wav` and the voice benchmark. [`VoiceInput`] (`input/live.rs`) runs a
//! listener on its own thread behind a capture stream, for `rochade play`:
//!
//! ```no_run
//! use rochade::asr::{self, input::{VoiceInput, VoiceConfig, VoiceEvent}, Grammar, PhraseMeaning};
//! use rochade::lang::Lang;
//!
//! let recognizer = asr::open(&asr::RecognizerConfig::auto(Lang::De))?;
//! let grammar = Grammar::from_phrases(Lang::De, [("eva vier", PhraseMeaning::Move("e2e4".into()))]);
//! let (voice, events) = VoiceInput::start(VoiceConfig::microphone(None), recognizer, grammar)?;
//! for event in events.iter() {
//!     match event {
//!         VoiceEvent::Recognized(heard) => {
//!             println!("heard {:?}", heard.alternatives);
//!             // rebuild the grammar for the new position off the audio path:
//!             // voice.set_grammar(next_grammar);
//!             let _quiet = voice.mute_guard(); // while Rochade reads the move back
//!         }
//!         VoiceEvent::DeviceError(message) => { eprintln!("{message}"); break; }
//!         _ => {}
//!     }
//! }
//! voice.stop();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::grammar::{Grammar, Recognition};
use super::{AsrError, GrammarReport, Recognizer};
use crate::audio::SAMPLE_RATE;
use crate::audio::endpoint::Endpointer;

mod config;
mod live;
mod pause;
pub use config::{Denoise, ListenConfig, NOISY_MIN_PHONE_SHARE, NOISY_MOVE_CONFIDENCE};
pub use live::{AudioSource, VoiceConfig, VoiceError, VoiceHandle, VoiceInput};

/// Samples per millisecond at 16 kHz.
const PER_MS: u64 = (SAMPLE_RATE / 1000) as u64;

/// Samples the listener takes at a time (10 ms): how often it looks at the pause. With 32 ms
/// blocks the end of an utterance was found up to 32 ms after its quiet reached
/// `early_silence_ms`.
const BLOCK: usize = 160;

/// One recognized utterance: the recognizer's n-best result with its audio and timing.
/// What the assistant then hears of it is an `assistant::protocol::Heard`.
#[derive(Debug, Clone, PartialEq)]
pub struct Recognized {
    /// The n-best list for the interpreter, best first: `(text, confidence)`.
    pub alternatives: Vec<(String, f32)>,
    /// Whether the alternatives are phrases of the grammar (otherwise the raw result).
    pub in_grammar: bool,
    /// The utterance, 16 kHz mono, with its pre-roll (for the recording of the move).
    pub samples: Vec<i16>,
    /// Stream time (ms of audio since the input started) of the first and last speech.
    pub speech_start_ms: u64,
    pub speech_end_ms: u64,
    /// Stream time when the listener decided the utterance was over.
    pub committed_ms: u64,
    /// Wall time from that decision to the result (the final decode).
    pub decoded_ms: f64,
    /// How far the listener's work trailed the stream when the result was ready (ms): the
    /// final decode, and what earlier work in the pause (a probe, the utterance fed to the
    /// decoder again) had not yet caught up with. Live, audio waits in the input's queue
    /// while the listener works, so this is what the read-back waits for beyond the quiet.
    pub behind_ms: f64,
    /// Recognizer time spent on the whole utterance (for the real-time factor).
    pub compute_ms: f64,
    /// Committed early: the partial result was already a complete, unambiguous phrase.
    pub early: bool,
    /// How well the utterance fits the grammar acoustically, where the recognizer says.
    pub fit: Option<super::AcousticFit>,
}

impl Recognized {
    /// The best text, or "" when nothing was recognized.
    pub fn best(&self) -> &str {
        self.alternatives
            .first()
            .map(|a| a.0.as_str())
            .unwrap_or("")
    }
}

/// What voice input reports.
#[derive(Debug, Clone, PartialEq)]
pub enum VoiceEvent {
    SpeechStarted {
        at_ms: u64,
    },
    /// What began as speech was too short to be words (a click, a knock on the table) or had
    /// no voice in it (a cough, a sniff): nothing was said, and no [`VoiceEvent::Recognized`]
    /// follows.
    NotSpeech {
        at_ms: u64,
    },
    Partial {
        text: String,
        at_ms: u64,
    },
    /// An utterance ended and was recognized.
    Recognized(Recognized),
    /// A grammar was compiled; `warning` names words the recognizer cannot hear.
    GrammarSet {
        report: GrammarReport,
        warning: Option<String>,
    },
    /// Something the user should be told (read it out or print it).
    Notice(String),
    /// The device failed: voice input has stopped; take moves from the keyboard.
    DeviceError(String),
    /// A WAV source has been played to its end.
    EndOfInput,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Idle,
    Speaking,
    /// Push-to-talk released at this stream position; the tail runs to its end.
    Released(u64),
}

/// A probe of the current pause ([`Listener::probe`]).
#[derive(Debug)]
struct Probe {
    /// The end of speech of its pause.
    speech_end: Option<u64>,
    /// The silence when it was made, in ms.
    silence_ms: u64,
    /// The phrase it heard.
    heard: String,
    /// The silence at the first probe of the pause that heard the same phrase.
    heard_since_ms: u64,
    /// Heard by the probe before it too, and not a phrase that can be taken (nothing, or an
    /// answer, which waits out the pause): no more probes in this pause.
    settled: bool,
}

/// A final decode made ahead, early in a pause ([`ListenConfig::ahead_silence_ms`]). While
/// it is held, the recognizer is out of its utterance and the audio that comes is only kept;
/// if speech resumes, the whole utterance is fed to the recognizer again.
#[derive(Debug)]
struct Ahead {
    /// The end of speech of its pause: another one means speech resumed.
    speech_end: Option<u64>,
    /// Stream position when it was made.
    made_at: u64,
    /// The silence when it was made, in ms.
    silence_ms: u64,
    alternatives: Vec<super::Alternative>,
    fit: Option<super::AcousticFit>,
    /// Wall time the decode took.
    took: Duration,
}

/// Endpointing plus recognition over a stream of 16 kHz samples.
pub struct Listener {
    config: ListenConfig,
    grammar: Grammar,
    endpointer: Endpointer,
    state: State,
    pre_roll: VecDeque<i16>,
    utterance: Vec<i16>,
    utterance_start: u64,
    last_partial: Option<String>,
    /// The last probe of the current pause: its end of speech, the silence then (ms) and
    /// the phrase it heard.
    last_probe: Option<Probe>,
    ahead: Option<Ahead>,
    compute: Duration,
    /// The listener's work not yet caught up with the stream ([`Recognized::behind_ms`]):
    /// each block of audio gives it the block's duration, and takes what it cost.
    behind: Duration,
    /// When the work on the current block began, with [`Listener::behind`] then.
    block_started: Option<(Instant, Duration)>,
    talk_down: bool,
    /// The noise suppressor, fed all the audio so that it is settled when an utterance
    /// needs it ([`ListenConfig::denoise`]), and the pre-roll as it made it.
    denoiser: Option<crate::audio::denoise::Denoiser>,
    pre_roll_denoised: VecDeque<i16>,
    /// Whether the utterance in progress is heard denoised.
    denoising: bool,
}

impl Listener {
    /// A listener; the grammar must already be set on the recognizer it will be used with
    /// (see [`Listener::set_grammar`]).
    pub fn new(config: ListenConfig, grammar: Grammar) -> Listener {
        let denoiser = (config.denoise != Denoise::Off).then(crate::audio::denoise::Denoiser::new);
        Listener {
            endpointer: Endpointer::new(config.endpoint.clone()),
            config,
            grammar,
            state: State::Idle,
            pre_roll: VecDeque::new(),
            utterance: Vec::new(),
            utterance_start: 0,
            last_partial: None,
            last_probe: None,
            ahead: None,
            compute: Duration::ZERO,
            behind: Duration::ZERO,
            block_started: None,
            talk_down: false,
            denoiser,
            pre_roll_denoised: VecDeque::new(),
            denoising: false,
        }
    }

    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }

    /// Whether an utterance is in progress.
    pub fn in_utterance(&self) -> bool {
        self.state != State::Idle
    }

    /// Stream position in ms.
    pub fn position_ms(&self) -> u64 {
        self.endpointer.position() / PER_MS
    }

    /// Compiles a new grammar into the recognizer (dropping an utterance in progress).
    pub fn set_grammar(
        &mut self,
        recognizer: &mut dyn Recognizer,
        grammar: Grammar,
    ) -> Result<GrammarReport, AsrError> {
        self.reset(recognizer);
        let report = recognizer.set_grammar(&grammar)?;
        self.grammar = grammar;
        Ok(report)
    }

    /// Drops the utterance in progress (the microphone was muted).
    pub fn reset(&mut self, recognizer: &mut dyn Recognizer) {
        if self.state != State::Idle {
            recognizer.cancel();
        }
        self.state = State::Idle;
        self.utterance.clear();
        self.ahead = None;
        self.last_partial = None;
        self.compute = Duration::ZERO;
        self.endpointer.reset_utterance();
    }

    /// Push-to-talk key down (`true`) or up.
    pub fn talk(&mut self, recognizer: &mut dyn Recognizer, down: bool) -> Vec<VoiceEvent> {
        self.talk_down = down;
        let mut events = Vec::new();
        if down && self.state == State::Idle {
            let at = self.endpointer.position();
            if let Err(e) = self.begin(recognizer, &mut events, at, true) {
                events.push(VoiceEvent::Notice(format!("recognition failed: {e}")));
                self.reset(recognizer);
            }
        } else if !down && self.state == State::Speaking {
            self.state = State::Released(self.endpointer.position());
        }
        events
    }

    fn timed<T>(&mut self, f: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let out = f();
        self.compute += started.elapsed();
        out
    }

    /// Starts an utterance whose audio began at stream position `at` (the pre-roll ends
    /// there) and feeds the pre-roll to the recognizer.
    fn begin(
        &mut self,
        recognizer: &mut dyn Recognizer,
        events: &mut Vec<VoiceEvent>,
        at: u64,
        forced: bool,
    ) -> Result<(), AsrError> {
        recognizer.cancel();
        self.state = State::Speaking;
        self.compute = Duration::ZERO;
        self.last_partial = None;
        if forced {
            self.endpointer.force_speech();
        }
        self.denoising = match self.config.denoise {
            Denoise::Off => false,
            Denoise::InNoise => self.noisy_room(),
            Denoise::Always => true,
        };
        let denoised: Vec<i16> = self.pre_roll_denoised.drain(..).collect();
        let raw: Vec<i16> = self.pre_roll.drain(..).collect();
        let pre_roll = if self.denoising { denoised } else { raw };
        self.utterance_start = at.saturating_sub(pre_roll.len() as u64);
        let start_ms = self.endpointer.speech_start().unwrap_or(at) / PER_MS;
        events.push(VoiceEvent::SpeechStarted { at_ms: start_ms });
        if !pre_roll.is_empty() {
            self.timed(|| recognizer.accept(&pre_roll))?;
        }
        self.utterance = pre_roll;
        Ok(())
    }

    /// Feeds 16 kHz samples; returns what happened.
    pub fn push(
        &mut self,
        recognizer: &mut dyn Recognizer,
        samples: &[i16],
    ) -> Result<Vec<VoiceEvent>, AsrError> {
        let mut events = Vec::new();
        let started = Instant::now();
        let denoised = self.denoiser.as_mut().map(|d| d.process(samples));
        let denoising = started.elapsed();
        for (i, block) in samples.chunks(BLOCK).enumerate() {
            let denoised = denoised
                .as_deref()
                .map_or(block, |d| &d[i * BLOCK..i * BLOCK + block.len()]);
            let duration = Duration::from_micros(block.len() as u64 * 1000 / PER_MS);
            let behind = self.behind.saturating_sub(duration);
            let started = Instant::now();
            self.block_started = Some((started, behind));
            let pushed = self.push_block(recognizer, block, denoised, &mut events);
            self.block_started = None;
            self.behind = behind + started.elapsed();
            pushed?;
        }
        self.behind += denoising;
        Ok(events)
    }

    fn push_block(
        &mut self,
        recognizer: &mut dyn Recognizer,
        raw: &[i16],
        denoised: &[i16],
        events: &mut Vec<VoiceEvent>,
    ) -> Result<(), AsrError> {
        let was_speaking = self.endpointer.in_speech();
        let block_start = self.endpointer.position();
        self.endpointer.push(raw);
        if self.state == State::Idle {
            let starts = !self.config.push_to_talk && !was_speaking && self.endpointer.in_speech();
            if !starts {
                let keep = (self.config.pre_roll_ms * PER_MS) as usize;
                for (pre_roll, audio) in [
                    (&mut self.pre_roll, raw),
                    (&mut self.pre_roll_denoised, denoised),
                ] {
                    pre_roll.extend(audio);
                    while pre_roll.len() > keep {
                        pre_roll.pop_front();
                    }
                }
                return Ok(());
            }
            self.begin(recognizer, events, block_start, false)?;
        }
        let block = if self.denoising { denoised } else { raw };
        self.utterance.extend_from_slice(block);
        match &self.ahead {
            None => self.timed(|| recognizer.accept(block))?,
            Some(ahead) if ahead.speech_end != self.endpointer.last_speech_end() => {
                self.ahead = None;
                self.feed_again(recognizer)?;
            }
            Some(_) => {}
        }

        let position = self.endpointer.position();
        if self.config.push_to_talk {
            if let State::Released(at) = self.state {
                if position >= at + self.config.talk_tail_ms * PER_MS {
                    self.commit(recognizer, events, false)?;
                }
            } else if position - self.utterance_start >= self.config.max_utterance_ms * PER_MS {
                self.commit(recognizer, events, false)?;
            }
            return Ok(());
        }

        let partial = match self.ahead {
            None => self.timed(|| recognizer.partial()),
            Some(_) => None,
        };
        if partial.is_some() && partial != self.last_partial {
            if let Some(text) = &partial {
                events.push(VoiceEvent::Partial {
                    text: text.clone(),
                    at_ms: position / PER_MS,
                });
            }
            self.last_partial = partial;
        }
        let silence = self.endpointer.silence_ms();
        if silence >= self.config.early_silence_ms && self.ahead.is_some() {
            self.use_ahead(recognizer, events)?;
        } else if silence >= self.config.end_silence_ms {
            self.commit(recognizer, events, false)?;
        } else if self.ahead_due(silence) {
            self.decode_ahead(recognizer)?;
        } else if silence >= self.config.early_silence_ms
            && self
                .last_partial
                .as_deref()
                .is_some_and(|p| self.grammar.is_final(p))
        {
            self.commit(recognizer, events, true)?;
        } else if silence >= self.config.early_silence_ms && self.probe_due(silence) {
            self.probe(recognizer, events)?;
        } else if self.endpointer.speech_ms() >= self.config.max_utterance_ms {
            self.commit(recognizer, events, false)?;
        }
        Ok(())
    }

    /// Feeds the whole utterance so far to the recognizer, whose utterance was ended by a
    /// probe or a decode ahead.
    fn feed_again(&mut self, recognizer: &mut dyn Recognizer) -> Result<(), AsrError> {
        let audio = std::mem::take(&mut self.utterance);
        let started = Instant::now();
        let fed = recognizer.accept(&audio);
        let took = started.elapsed();
        self.compute += took;
        if std::env::var_os("ROCHADE_VOICE_LOG").is_some() {
            eprintln!(
                "listener: fed {} ms of audio again in {:.1} ms",
                audio.len() as u64 / PER_MS,
                took.as_secs_f64() * 1e3
            );
        }
        self.utterance = audio;
        fed
    }

    /// Whether the noise floor is over [`ListenConfig::noisy_floor_db`], or the speech so far
    /// stands less than [`ListenConfig::noisy_snr_db`] above it.
    fn noisy(&self) -> bool {
        self.noisy_room()
            || self
                .endpointer
                .floor_db()
                .zip(self.endpointer.speech_level_db())
                .is_some_and(|(floor, level)| level - floor < self.config.noisy_snr_db)
    }

    /// Whether the room's noise floor lies over [`ListenConfig::noisy_floor_db`].
    fn noisy_room(&self) -> bool {
        self.endpointer
            .floor_db()
            .is_some_and(|floor| floor > self.config.noisy_floor_db)
    }

    /// Where the speech of the utterance in progress starts and (so far) ends, as stream
    /// positions.
    fn speech_bounds(&self) -> (u64, u64) {
        let speech_start = self
            .endpointer
            .speech_start()
            .unwrap_or(self.utterance_start);
        let speech_end = self
            .endpointer
            .last_speech_end()
            .unwrap_or(self.endpointer.position());
        (speech_start, speech_end)
    }

    /// How long the speech of the utterance in progress has lasted so far.
    fn spoken_ms(&self) -> u64 {
        let (speech_start, speech_end) = self.speech_bounds();
        speech_end.saturating_sub(speech_start) / PER_MS
    }

    fn commit(
        &mut self,
        recognizer: &mut dyn Recognizer,
        events: &mut Vec<VoiceEvent>,
        early: bool,
    ) -> Result<(), AsrError> {
        // Too short, or no voice in it (a cough, a sniff): no speech, answered by nothing.
        // With push-to-talk the player meant to speak, and hears that nothing was understood.
        let voiced =
            |utterance: &[i16]| crate::audio::voicing::has_voice(utterance, super::MIN_VOICED_MS);
        if !self.config.push_to_talk
            && (self.spoken_ms() < self.config.min_speech_ms || !voiced(&self.utterance))
        {
            self.reset(recognizer);
            events.push(VoiceEvent::NotSpeech {
                at_ms: self.endpointer.position() / PER_MS,
            });
            return Ok(());
        }
        // A decode ahead ended the recognizer's utterance: it hears the whole one again.
        if self.ahead.take().is_some() {
            self.feed_again(recognizer)?;
        }
        let started = Instant::now();
        let mut alternatives = recognizer.finish()?;
        // Without push-to-talk the voice was found above; with it, nothing without voice is
        // heard, and the player is told so.
        if self.config.push_to_talk && !voiced(&self.utterance) {
            alternatives.clear();
        }
        let recognition = self.grammar.rank(&alternatives);
        events.push(self.emit(recognition, recognizer.fit(), started.elapsed(), early));
        Ok(())
    }

    /// Ends the utterance with what was recognized (`decoded`: the time the final decoding
    /// took).
    fn emit(
        &mut self,
        recognition: Recognition,
        fit: Option<super::AcousticFit>,
        decoded: Duration,
        early: bool,
    ) -> VoiceEvent {
        let position = self.endpointer.position();
        let (speech_start, speech_end) = self.speech_bounds();
        self.compute += decoded;
        let mut alternatives = recognition.pairs();
        if self.noisy() {
            weigh_in_noise(&self.grammar, fit, &mut alternatives);
        }
        let heard = VoiceEvent::Recognized(Recognized {
            alternatives,
            in_grammar: recognition.in_grammar,
            samples: std::mem::take(&mut self.utterance),
            speech_start_ms: speech_start / PER_MS,
            speech_end_ms: speech_end / PER_MS,
            committed_ms: position / PER_MS,
            decoded_ms: decoded.as_secs_f64() * 1000.0,
            behind_ms: self
                .block_started
                .map_or(decoded, |(started, behind)| behind + started.elapsed())
                .as_secs_f64()
                * 1000.0,
            compute_ms: self.compute.as_secs_f64() * 1000.0,
            early,
            fit,
        });
        self.state = State::Idle;
        self.last_partial = None;
        self.compute = Duration::ZERO;
        self.endpointer.reset_utterance();
        heard
    }

    /// The input ended: an utterance in progress is decoded as it is.
    pub fn finish(&mut self, recognizer: &mut dyn Recognizer) -> Result<Vec<VoiceEvent>, AsrError> {
        let mut events = Vec::new();
        if self.state != State::Idle {
            self.commit(recognizer, &mut events, false)?;
        }
        Ok(events)
    }
}

/// What noise does to the alternatives heard (`fit`: the recognizer's, if it has one): at 10
/// dB SNR the acoustic fit no longer tells a misheard move or command from a right one, so
/// what was heard is asked back rather than taken.
fn weigh_in_noise(
    grammar: &Grammar,
    fit: Option<super::AcousticFit>,
    alternatives: &mut [(String, f32)],
) {
    // The moves together, not each: "pawn alfa fünf" and "alfa fünf", each capped at
    // a half, made a sure move in pink noise (held-out benchmark). A move whose phones fill
    // too little of the speech was forced onto something longer, and one that fits its
    // speech no closer than the noisy reject gap was most likely forced onto chatter: in
    // noise either is no move.
    let stretched = fit
        .is_some_and(|f| f.phone_share_under(NOISY_MIN_PHONE_SHARE) || f.gap >= f.noisy_reject_gap);
    let cap = if stretched {
        0.0
    } else {
        NOISY_MOVE_CONFIDENCE
    };
    super::cap_together(alternatives, cap, |(text, c)| {
        grammar.only_moves(text).then_some(c)
    });
    // Commands too, together: at 10 dB SNR the fit no longer tells a command from a
    // move forced onto it ("queen takes golf eight" was a sure "faster" on the tuning
    // set in pink noise). A command heard in noise is asked back; of 20 right ones
    // there, 2 had been carried out without asking. Stretched like a move, it is none:
    // "the rook c two please" was "moves" (8 phones of 14), a sentence of chatter "the
    // last move" (9 of 17), and no right command of the tuning set was under the share.
    super::cap_together(alternatives, cap, |(text, c)| {
        grammar.only_commands(text).then_some(c)
    });
    // An answer resting on a word heard for its opposite ("cancel" and "confirm",
    // "correction" and "correct") is unsure, and so not taken: in pink noise,
    // "cancel that" and "correction please" were heard as a sure "confirm" (tuning
    // set), which makes the move the player wanted to withdraw. "yes", "ja" stay sure.
    super::cap_together(alternatives, NOISY_MOVE_CONFIDENCE, |(text, c)| {
        (grammar.only_answers(text) && grammar.rests_on_confusable(text)).then_some(c)
    });
}

#[cfg(test)]
mod tests;
