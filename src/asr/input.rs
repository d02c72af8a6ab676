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
use crate::audio::endpoint::{EndpointConfig, Endpointer};

mod live;
pub use live::{AudioSource, VoiceConfig, VoiceError, VoiceHandle, VoiceInput};

/// Samples per millisecond at 16 kHz.
const PER_MS: u64 = (SAMPLE_RATE / 1000) as u64;

/// Samples the listener takes at a time (10 ms): how often it looks at the pause. With 32 ms
/// blocks the end of an utterance was found up to 32 ms after its quiet reached
/// `early_silence_ms`.
const BLOCK: usize = 160;

/// Timing of the listener.
#[derive(Debug, Clone, PartialEq)]
pub struct ListenConfig {
    pub endpoint: EndpointConfig,
    /// Quiet after speech that ends an utterance.
    pub end_silence_ms: u64,
    /// Quiet after speech that ends it early when the partial result is already one
    /// complete, unambiguous phrase ([`Grammar::is_final`]). Not shorter than the closure of
    /// a stop inside a word: at 100 ms "Turm Anna d|rei" was cut and taken for "Turm Anna
    /// zwei" (`rochade bench voice`).
    pub early_silence_ms: u64,
    /// In quiet, the final decode is made this far into a pause and held ([`Ahead`]): at
    /// `early_silence_ms` the result is ready, instead of being computed then. Speech that
    /// resumes drops it. `None`: no decode ahead.
    pub ahead_silence_ms: Option<u64>,
    /// In a pause after `early_silence_ms` whose partial result is not a final phrase, the
    /// utterance is decoded as it stands this often ([`Listener`]'s probes).
    pub probe_interval_ms: u64,
    /// In noise a probe's phrase is taken only when an earlier probe of the pause heard it
    /// too ([`ListenConfig::noisy_floor_db`]); a command only when that one was this long
    /// before. A move heard in noise is asked back anyway, so for it the next probe is
    /// enough: on the tuning set in pink noise, probes 100 ms apart instead of 150 heard the
    /// same moves (102 of 200 right, 29 another move both) and brought the read-back of
    /// moves forward (p95 409 to 347 ms, counted then without the work a probe left behind:
    /// [`Recognized::behind_ms`]). A command keeps the longer agreement: with the
    /// shorter one a "queen takes golf eight" was once heard as "faster".
    pub command_agreement_ms: u64,
    /// Over this noise floor (dB full scale) the endpointer hears the quiet end of a word as
    /// silence, so a probe is trusted only when the next one, with more of the word, agrees;
    /// and no move heard is sure enough for the correction window ([`NOISY_MOVE_CONFIDENCE`]).
    pub noisy_floor_db: f64,
    /// The same holds when the speech stands less than this far (dB) above the floor, under
    /// it too: a quiet voice in a quiet room's noise is as hard to hear as a loud one in a
    /// loud room.
    pub noisy_snr_db: f64,
    /// Audio kept from before the detected start (soft first consonants).
    pub pre_roll_ms: u64,
    /// Longest utterance; then it is decoded as it is.
    pub max_utterance_ms: u64,
    /// Shorter sounds (a cough, a click) are ignored.
    pub min_speech_ms: u64,
    /// With push-to-talk, the utterance runs from key down to this long after key up, and
    /// the endpointer is not used.
    pub push_to_talk: bool,
    pub talk_tail_ms: u64,
    /// When the recognizer hears the audio through the noise suppressor
    /// ([`crate::audio::denoise`]).
    pub denoise: Denoise,
}

/// When the recognizer hears the audio through the noise suppressor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Denoise {
    /// Never: it hears the microphone as it is.
    Off,
    /// In an utterance that begins over the noise floor [`ListenConfig::noisy_floor_db`].
    #[default]
    InNoise,
    /// Always.
    Always,
}

impl Denoise {
    /// `ROCHADE_DENOISE` (`off`, `noise`, `always`) overrides the default, for measuring.
    fn from_env(default: Denoise) -> Denoise {
        std::env::var("ROCHADE_DENOISE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }

    /// Its name on the command line and in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            Denoise::Off => "off",
            Denoise::InNoise => "noise",
            Denoise::Always => "always",
        }
    }
}

impl std::str::FromStr for Denoise {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase();
        [Denoise::Off, Denoise::InNoise, Denoise::Always]
            .into_iter()
            .find(|d| d.name() == wanted)
            .ok_or_else(|| {
                format!(
                    "unknown denoise setting {wanted:?}: expected \"off\", \"noise\" or \"always\""
                )
            })
    }
}

impl Default for ListenConfig {
    fn default() -> Self {
        ListenConfig {
            endpoint: EndpointConfig::default(),
            end_silence_ms: 600,
            early_silence_ms: 200,
            ahead_silence_ms: Some(70),
            probe_interval_ms: 100,
            command_agreement_ms: 150,
            noisy_floor_db: -50.0,
            noisy_snr_db: 20.0,
            pre_roll_ms: 300,
            max_utterance_ms: 8000,
            min_speech_ms: 120,
            push_to_talk: false,
            talk_tail_ms: 300,
            denoise: Denoise::from_env(Denoise::default()),
        }
    }
}

impl ListenConfig {
    /// Whether a probe's final phrase, heard at `silence_ms` into the pause, is taken: in
    /// quiet at once; in noise when an earlier probe of the pause heard it too (the first
    /// of them at `heard_since`), for a command only when that was
    /// [`ListenConfig::command_agreement_ms`] before.
    fn agreed(&self, noisy: bool, heard_since: Option<u64>, silence_ms: u64, move_: bool) -> bool {
        !noisy
            || heard_since
                .is_some_and(|since| move_ || silence_ms >= since + self.command_agreement_ms)
    }
}

/// In noise, the moves heard keep at most this confidence together, so that one is read back
/// as a question and made only by "ja"; so do the commands, which are asked back. At 10 dB
/// SNR the acoustic fit no longer tells a misheard move from a right one: on the tuning set
/// (`bench voice --set`, pink noise) 6 wrong moves were as sure as 60 right ones. Answers
/// keep theirs: "ja" must still be heard.
pub const NOISY_MOVE_CONFIDENCE: f32 = 0.5;

/// In noise, a move whose phrase has fewer phones than this share of what the free phone
/// loop hears in the same speech is not understood (pocketsphinx's fit; in quiet the limit
/// is a half). On the tuning set in pink noise (`ROCHADE_FIT_GAPS=1000,1000 rochade bench
/// voice --limit 40`, every reading seen), English moves of another square fell from 31 to
/// 27 and the rejection set's moves from 5 to 4, with all 106 right ones kept; German did not
/// change. At 0.65, 3 right ones of each language were lost. Once on the held-out set: 4
/// right English lines of 240 went with 4 wrong ones and 3 of the rejection set's moves.
pub const NOISY_MIN_PHONE_SHARE: f64 = 0.6;

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

    /// Whether to decode ahead now: in quiet, early in the first pause of this length after
    /// this speech, once the utterance is long enough to be words.
    fn ahead_due(&self, silence: u64) -> bool {
        let Some(at) = self.config.ahead_silence_ms else {
            return false;
        };
        self.ahead.is_none()
            && (at..self.config.early_silence_ms).contains(&silence)
            && !self.noisy()
            && self.spoken_ms() >= self.config.min_speech_ms
            && self
                .last_probe
                .as_ref()
                .is_none_or(|p| p.speech_end != self.endpointer.last_speech_end())
    }

    /// The final decode of the utterance as it stands, held for [`Listener::use_ahead`].
    fn decode_ahead(&mut self, recognizer: &mut dyn Recognizer) -> Result<(), AsrError> {
        let started = Instant::now();
        // The decode is to stand for the one at `early_silence_ms`, which has that much quiet
        // after the speech: the rest of it is the quiet heard so far, again. With less, the
        // grammar's path fitted the speech worse (the fit gap grew by about 0.7 per frame on
        // the tuning set), and fewer right moves were sure enough for the window.
        let silence = self.endpointer.silence_ms();
        let missing = self.config.early_silence_ms.saturating_sub(silence);
        let quiet = ((silence.min(missing)) * PER_MS) as usize;
        if quiet > 0 {
            let tail = &self.utterance[self.utterance.len().saturating_sub(quiet)..];
            let mut padding = Vec::with_capacity((missing * PER_MS) as usize);
            while (padding.len() as u64) < missing * PER_MS {
                padding.extend_from_slice(tail);
            }
            padding.truncate((missing * PER_MS) as usize);
            recognizer.accept(&padding)?;
        }
        let alternatives = super::heard_with_voice(recognizer.finish()?, &self.utterance);
        let took = started.elapsed();
        self.compute += took;
        self.ahead = Some(Ahead {
            speech_end: self.endpointer.last_speech_end(),
            made_at: self.endpointer.position(),
            silence_ms: self.endpointer.silence_ms(),
            alternatives,
            fit: recognizer.fit(),
            took,
        });
        Ok(())
    }

    /// The pause reached `early_silence_ms` with a decode ahead and no speech since. A final
    /// phrase of a move ends the utterance; the read-back waits only for what the decode took
    /// beyond the audio that came meanwhile, as it would live. Anything else counts as this
    /// pause's probe: the decoder gets the utterance again and listening goes on. A command
    /// is left to the decode of the pause itself: taken from the decode ahead, French chatter
    /// heard as "Züge" fitted the grammar well enough to be carried out without a question
    /// (held-out rejection set), where the decode at the pause had it asked back.
    fn use_ahead(
        &mut self,
        recognizer: &mut dyn Recognizer,
        events: &mut Vec<VoiceEvent>,
    ) -> Result<(), AsrError> {
        let Some(ahead) = self.ahead.take() else {
            return Ok(());
        };
        let recognition = self.grammar.rank(&ahead.alternatives);
        let best = recognition.best();
        if std::env::var_os("ROCHADE_VOICE_LOG").is_some() {
            eprintln!(
                "listener: decoded ahead {best:?}: in grammar {}, final {}, only moves {}",
                recognition.in_grammar,
                self.grammar.is_final(best),
                self.grammar.only_moves(best)
            );
        }
        if recognition.in_grammar && self.grammar.is_final(best) && self.grammar.only_moves(best) {
            let since = Duration::from_millis(
                self.endpointer.position().saturating_sub(ahead.made_at) / PER_MS,
            );
            let waited = ahead.took.saturating_sub(since);
            // `took` is counted already; `emit` counts what it is given again.
            self.compute = self.compute.saturating_sub(waited);
            events.push(self.emit(recognition, ahead.fit, waited, true));
            return Ok(());
        }
        self.last_probe = Some(Probe {
            speech_end: ahead.speech_end,
            silence_ms: ahead.silence_ms,
            heard: recognition.best().to_string(),
            heard_since_ms: ahead.silence_ms,
            settled: false,
        });
        self.feed_again(recognizer)
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

    /// Whether the pause has gone on long enough for a (first or next) probe. Not after two
    /// probes of the pause heard the same phrase that cannot be taken (nothing, or an answer,
    /// which waits out the pause): the next ones hear it again, and each one decodes the
    /// utterance twice, which the listener then trails the stream by (on the tuning set in
    /// pink noise, four probes in a row at 100 ms apart heard nothing in 8 pauses of 40, a
    /// phrase at the fourth in one). The end of the pause decides.
    fn probe_due(&self, silence: u64) -> bool {
        match &self.last_probe {
            Some(last) if last.speech_end == self.endpointer.last_speech_end() => {
                !last.settled && silence >= last.silence_ms + self.config.probe_interval_ms
            }
            _ => true,
        }
    }

    /// A probe, at a pause whose partial result is not a final phrase. A partial result is
    /// only the decoder's best path so far and can lag the final one ("bella zwei" for a
    /// "Bella drei" that the final result gets right), so the utterance is decoded as it
    /// stands. A final phrase is committed at once; in noise, only when the probe before
    /// it in this pause heard the same (a command: since [`ListenConfig::command_agreement_ms`]
    /// before). Anything else restarts the decoder on the audio so
    /// far, and listening goes on.
    fn probe(
        &mut self,
        recognizer: &mut dyn Recognizer,
        events: &mut Vec<VoiceEvent>,
    ) -> Result<(), AsrError> {
        let speech_end = self.endpointer.last_speech_end();
        let silence_ms = self.endpointer.silence_ms();
        let before = self
            .last_probe
            .take()
            .filter(|last| last.speech_end == speech_end);
        if self.spoken_ms() < self.config.min_speech_ms {
            return Ok(());
        }
        let started = Instant::now();
        let heard = if self.may_be_taken(before.as_ref(), silence_ms) {
            let alternatives = super::heard_with_voice(recognizer.finish()?, &self.utterance);
            let recognition = self.grammar.rank(&alternatives);
            let best = recognition.best();
            let since = before
                .as_ref()
                .filter(|b| self.grammar.same_meaning(&b.heard, best));
            let confirmed = self.config.agreed(
                self.noisy(),
                since.map(|b| b.heard_since_ms),
                silence_ms,
                self.grammar.only_moves(best),
            );
            if recognition.in_grammar && self.grammar.is_final(best) && confirmed {
                events.push(self.emit(recognition, recognizer.fit(), started.elapsed(), true));
                return Ok(());
            }
            best.to_string()
        } else {
            // A probe that cannot be taken, whatever it hears, is needed only for its
            // phrase: for the next probe to agree with, or to see that it changed. The
            // lattice, the n-best list, a second pass and the phone loop's end cost up to
            // 250 ms more (tuning set, pink noise), which the listener then trailed the
            // stream by.
            let heard = recognizer.finish_best()?.unwrap_or_default();
            self.grammar
                .rank(&[super::Alternative::new(heard, 1.0)])
                .best()
                .to_string()
        };
        let heard_since = before
            .filter(|b| self.grammar.same_meaning(&b.heard, &heard))
            .map(|b| b.heard_since_ms);
        let settled = heard_since.is_some() && !self.grammar.is_final(&heard);
        self.last_probe = Some(Probe {
            speech_end,
            silence_ms,
            heard,
            heard_since_ms: heard_since.unwrap_or(silence_ms),
            settled,
        });
        self.compute += started.elapsed();
        self.feed_again(recognizer)
    }

    /// Whether a probe at `silence_ms` could be taken after `before`, the probe before it in
    /// this pause. In noise only if it hears the same final phrase, and a command only
    /// [`ListenConfig::command_agreement_ms`] after it was first heard. In quiet any first
    /// probe, and a later one only if the phrase has changed to a final one since: after
    /// nothing heard, an answer (which waits out the pause) or a phrase that a longer one
    /// continues, the next probe most likely hears the same.
    fn may_be_taken(&self, before: Option<&Probe>, silence_ms: u64) -> bool {
        if !self.noisy() {
            return before.is_none_or(|b| self.grammar.is_final(&b.heard));
        }
        before.is_some_and(|b| {
            self.grammar.is_final(&b.heard)
                && self.config.agreed(
                    true,
                    Some(b.heard_since_ms),
                    silence_ms,
                    self.grammar.only_moves(&b.heard),
                )
        })
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
mod tests {
    use super::*;

    #[test]
    fn in_noise_moves_and_commands_are_asked_and_one_stretched_or_fitting_far_off_is_none() {
        use super::super::AcousticFit;
        use super::super::grammar::PhraseMeaning;
        let grammar = Grammar::from_phrases(
            crate::lang::Lang::En,
            [
                ("knight f three", PhraseMeaning::Move("g1f3".into())),
                ("f three", PhraseMeaning::Move("f2f3".into())),
                ("time", PhraseMeaning::Command("time".into())),
            ],
        );
        let fit = |phrase_phones, spoken_phones| AcousticFit {
            gap: 10.0,
            phrase_phones,
            spoken_phones,
            own_phones: phrase_phones,
            worst_word_gap: 10.0,
            noisy_reject_gap: 30.0,
        };
        let heard = || {
            vec![
                ("knight f three".to_string(), 0.9),
                ("f three".to_string(), 0.1),
            ]
        };
        // A move that fills the speech: asked, both moves together at most a half.
        let mut alternatives = heard();
        weigh_in_noise(&grammar, Some(fit(12, 14)), &mut alternatives);
        let together: f32 = alternatives.iter().map(|(_, c)| c).sum();
        assert!(
            (together - NOISY_MOVE_CONFIDENCE).abs() < 1e-6,
            "{alternatives:?}"
        );
        // Twelve phones over twenty-one of speech: a sentence with a move forced onto it.
        let mut alternatives = heard();
        weigh_in_noise(&grammar, Some(fit(12, 21)), &mut alternatives);
        assert!(
            alternatives.iter().all(|(_, c)| *c == 0.0),
            "{alternatives:?}"
        );
        // Too little speech for the share to tell, or no fit at all: asked as before.
        for fit in [Some(fit(3, 9)), None] {
            let mut alternatives = heard();
            weigh_in_noise(&grammar, fit, &mut alternatives);
            assert!(alternatives[0].1 > 0.0, "{fit:?}");
        }
        // A command that fills the speech keeps its half, to be asked back; stretched over
        // a sentence, it is none.
        let mut alternatives = vec![("time".to_string(), 1.0)];
        weigh_in_noise(&grammar, Some(fit(3, 4)), &mut alternatives);
        assert_eq!(alternatives[0].1, NOISY_MOVE_CONFIDENCE);
        let mut alternatives = vec![("time".to_string(), 1.0)];
        weigh_in_noise(&grammar, Some(fit(3, 21)), &mut alternatives);
        assert_eq!(alternatives[0].1, 0.0);
        // A move or a command that fits its speech no closer than the noisy reject gap was
        // forced onto it: none; a little closer, asked as before.
        for (gap, kept) in [(30.0, false), (29.5, true)] {
            let far = AcousticFit { gap, ..fit(12, 14) };
            let mut moves = heard();
            weigh_in_noise(&grammar, Some(far), &mut moves);
            let mut command = vec![("time".to_string(), 1.0)];
            weigh_in_noise(&grammar, Some(far), &mut command);
            assert_eq!(moves[0].1 > 0.0, kept, "{gap}: {moves:?}");
            assert_eq!(command[0].1 > 0.0, kept, "{gap}: {command:?}");
        }
    }

    #[test]
    fn in_noise_a_move_needs_one_more_probe_and_a_command_a_longer_agreement() {
        let config = ListenConfig::default();
        let (first, next) = (
            config.early_silence_ms,
            config.early_silence_ms + config.probe_interval_ms,
        );
        // quiet: at once
        assert!(config.agreed(false, None, first, true));
        assert!(config.agreed(false, None, first, false));
        // noise: never from the first probe alone
        assert!(!config.agreed(true, None, first, true));
        assert!(!config.agreed(true, None, first, false));
        // a move: the next probe that heard the same is enough
        assert!(config.agreed(true, Some(first), next, true));
        // a command: only once the agreement spans command_agreement_ms
        assert!(config.probe_interval_ms < config.command_agreement_ms);
        assert!(!config.agreed(true, Some(first), next, false));
        let later = first + config.command_agreement_ms;
        assert!(config.agreed(true, Some(first), later, false));
    }
}
