//! Speech recognition: the [`Recognizer`] trait and its two backends, Vosk (the real one,
//! with a downloaded model) and pocketsphinx (works right after the set-up, and in CI), each
//! bound to a closed [`Grammar`] of the phrases that make sense now.
//!
//! Audio is 16 kHz mono 16-bit. A recognizer decodes one utterance at a time: `accept`
//! chunks, then `finish` for the n-best list; [`recognize`] does both and checks the result
//! against the grammar. [`input::VoiceInput`] runs a recognizer behind a microphone.
//! [`adapt`] adapts pocketsphinx's acoustic model to the player's voice.
//!
//! ```no_run
//! use rochade::asr::{self, grammar::{Grammar, PhraseMeaning}, Backend};
//! use rochade::lang::Lang;
//!
//! let mut recognizer = asr::open(&asr::RecognizerConfig::new(Lang::De, Backend::Pocketsphinx))?;
//! let grammar = Grammar::from_phrases(Lang::De, [
//!     ("springer felix drei", PhraseMeaning::Move("g1f3".into())),
//!     ("eva zwei eva vier", PhraseMeaning::Move("e2e4".into())),
//! ]);
//! recognizer.set_grammar(&grammar)?;
//! let samples = rochade::audio::wav::read_16k_mono("springer.wav".as_ref())?;
//! let heard = asr::recognize(recognizer.as_mut(), &grammar, &samples)?;
//! println!("{}", heard.best());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
pub mod adapt;
pub mod dictionary;
pub mod grammar;
pub mod input;
pub mod jsgf;
pub mod pocketsphinx;
pub mod reading;
pub mod vosk;

use std::path::{Path, PathBuf};

use crate::lang::Lang;
pub use grammar::{Alternative, Grammar, PhraseMeaning, Recognition};

/// The sample rate every recognizer takes.
pub const SAMPLE_RATE: u32 = 16_000;

/// How many samples are fed to a decoder at a time (pocketsphinx returns nothing for some
/// utterances fed in one piece).
pub const CHUNK: usize = 2048;

/// Debian's en-us acoustic model directory for pocketsphinx (package `pocketsphinx-en-us`);
/// the acoustic model proper is its `en-us` subdirectory, the CMU dictionary
/// `cmudict-en-us.dict` (read by [`dictionary`] for English words).
pub const POCKETSPHINX_MODEL_DIR: &str = "/usr/share/pocketsphinx/model/en-us";

/// What went wrong in recognition, in words a person can act on.
#[derive(Debug, thiserror::Error)]
pub enum AsrError {
    #[error(
        "no Vosk model at {0}: fetch one with `rochade models fetch vosk-model-small-de-0.15`, or give --model PATH"
    )]
    ModelNotFound(PathBuf),
    #[error("the Vosk model at {0} could not be loaded (is it a complete, unpacked Vosk model?)")]
    ModelLoad(PathBuf),
    #[error(
        "pocketsphinx could not start with the acoustic model {0} (install the Debian package pocketsphinx-en-us)"
    )]
    PocketsphinxInit(PathBuf),
    #[error("the grammar could not be compiled: {0}")]
    Grammar(String),
    #[error("the grammar is empty: every phrase used words the recognizer does not know ({0})")]
    EmptyGrammar(String),
    #[error("no grammar is set: call set_grammar before decoding")]
    NoGrammar,
    #[error("decoding failed: {0}")]
    Decode(String),
    #[error(transparent)]
    Integrity(#[from] crate::models::IntegrityError),
}

/// Which recognizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backend {
    Vosk,
    Pocketsphinx,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Vosk => "vosk",
            Backend::Pocketsphinx => "pocketsphinx",
        }
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Backend {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "vosk" => Ok(Backend::Vosk),
            "pocketsphinx" | "sphinx" => Ok(Backend::Pocketsphinx),
            other => Err(format!(
                "unknown recognizer {other:?}: expected \"vosk\" or \"pocketsphinx\""
            )),
        }
    }
}

/// What happened when a grammar was set.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GrammarReport {
    /// Phrases the recognizer now listens for.
    pub phrases: usize,
    /// Words the recognizer cannot hear, by name (their phrases were left out).
    pub missing_words: Vec<String>,
    /// Phrases left out because of them.
    pub dropped_phrases: Vec<String>,
    /// How long compiling the grammar took.
    pub compile_ms: f64,
}

impl GrammarReport {
    /// A loud, plain message about the words the recognizer lacks, if any.
    pub fn warning(&self, backend: Backend) -> Option<String> {
        if self.missing_words.is_empty() {
            return None;
        }
        Some(format!(
            "warning: the {backend} recognizer cannot hear these words, so {} phrase{} using them will not be recognized: {}",
            self.dropped_phrases.len(),
            if self.dropped_phrases.len() == 1 {
                ""
            } else {
                "s"
            },
            self.missing_words.join(", ")
        ))
    }
}

/// How well an utterance fits the grammar acoustically: how far, per frame of speech, the
/// grammar's best path scores behind a free loop of phones on the same audio (pocketsphinx's
/// log units, base 1.0001). Small when a phrase of the grammar was said; large when
/// something else (a word to the opponent, a cough, a phrasing the grammar lacks) was forced
/// onto the nearest phrase.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AcousticFit {
    pub gap: f64,
    /// The phones of the phrase heard, and of the free loop over the same speech: a phrase
    /// stretched over a sentence has far fewer.
    pub phrase_phones: usize,
    pub spoken_phones: usize,
    /// The phones of the phrase's own words, without the fillers around them ("uh",
    /// "please").
    pub own_phones: usize,
    /// The largest gap per frame of one word of the phrase against the loop over the same
    /// frames: one misheard word ("fünf" for "vier") hides in a good fit of the rest.
    pub worst_word_gap: f64,
    /// In noise, from this gap on the phrase was forced onto something else: the
    /// recognizer's limit for its language, which the listener applies only in noise
    /// ([`input::NOISY_MIN_PHONE_SHARE`] beside it).
    pub noisy_reject_gap: f64,
}

impl AcousticFit {
    /// A phrase with fewer phones than this many of speech is judged by its gap alone: in a
    /// short word the loop's extra phones weigh too much ("nein" is three phones, the loop
    /// may hear eight).
    pub const PHONE_SHARE_FROM: usize = 10;

    /// Whether the phrase's phones are fewer than `share` of the loop's, in speech long
    /// enough for the share to tell ([`AcousticFit::PHONE_SHARE_FROM`]).
    pub fn phone_share_under(&self, share: f64) -> bool {
        self.spoken_phones >= Self::PHONE_SHARE_FROM
            && (self.phrase_phones as f64) < share * self.spoken_phones as f64
    }
}

/// A speech recognizer bound to a grammar. Audio is 16 kHz mono.
pub trait Recognizer: Send {
    fn backend(&self) -> Backend;

    /// Replaces the grammar. An utterance in progress is dropped. Phrases with words the
    /// recognizer cannot hear are left out and named in the report; an error when nothing
    /// is left.
    fn set_grammar(&mut self, grammar: &Grammar) -> Result<GrammarReport, AsrError>;

    /// Feeds audio of the current utterance (starting one if none is in progress).
    fn accept(&mut self, samples: &[i16]) -> Result<(), AsrError>;

    /// The best hypothesis so far in the current utterance, if any.
    fn partial(&mut self) -> Option<String>;

    /// Ends the utterance; the n-best list, best first, in the grammar's spelling where the
    /// recognizer changed it (pocketsphinx hears `laeufer`, this says `läufer`).
    fn finish(&mut self) -> Result<Vec<Alternative>, AsrError>;

    /// Ends the utterance for its best phrase alone, where a recognizer can have that for
    /// less than [`Recognizer::finish`] (no alternatives, no acoustic fit): for a look at a
    /// pause whose result cannot be taken yet. Feeding the utterance again goes on with it.
    fn finish_best(&mut self) -> Result<Option<String>, AsrError> {
        Ok(self.finish()?.into_iter().next().map(|a| a.text))
    }

    /// The acoustic fit of the utterance last finished, where the recognizer measures one.
    /// Its confidences already carry it: they sum to less than one when the utterance may
    /// be none of the alternatives.
    fn fit(&self) -> Option<AcousticFit> {
        None
    }

    /// Drops the current utterance, if any.
    fn cancel(&mut self);

    /// Before a recording heard alone, with nothing heard before it (`interpret --wav`): the
    /// recognizer takes the measure of the recording's voice and room first, as a game's
    /// earlier utterances give it (pocketsphinx: the cepstral mean). Nothing by default.
    fn hear_alone(&mut self, _samples: &[i16]) -> Result<(), AsrError> {
        Ok(())
    }

    /// Decodes a second of noise and forgets it, so that the first real utterance is not
    /// slowed by lazy initialisation.
    fn warm_up(&mut self) -> Result<(), AsrError> {
        let noise = crate::audio::noise(SAMPLE_RATE as usize, 300, 7);
        self.accept(&noise)?;
        self.cancel();
        Ok(())
    }
}

/// Silence kept on each side of the speech of a recording given to [`recognize`]: as much
/// as the live listener's pre-roll.
pub const RECORDING_PAD_MS: u64 = 300;

/// Recognizes one complete utterance: feeds it in chunks, finishes, checks the n-best list
/// against the grammar.
///
/// A recording is first cut to its speech and [`RECORDING_PAD_MS`] around it, as the live
/// listener would hear it (the longest utterance, when pauses split it into several):
/// pocketsphinx's running normalisation can lose a whole utterance after seconds of
/// digital silence (a recording of the speaker that started early).
pub fn recognize(
    recognizer: &mut dyn Recognizer,
    grammar: &Grammar,
    samples: &[i16],
) -> Result<Recognition, AsrError> {
    recognize_speech(recognizer, grammar, speech_of(samples))
}

/// Recognizes a recording heard alone, with nothing heard before it, as `interpret --wav`
/// hears a file: as [`recognize`], after [`Recognizer::hear_alone`] on its speech.
pub fn recognize_alone(
    recognizer: &mut dyn Recognizer,
    grammar: &Grammar,
    samples: &[i16],
) -> Result<Recognition, AsrError> {
    let speech = speech_of(samples);
    if !speech.is_empty() {
        recognizer.hear_alone(speech)?;
    }
    recognize_speech(recognizer, grammar, speech)
}

/// The speech of a recording and [`RECORDING_PAD_MS`] around it (all of it where the
/// endpointer finds none).
fn speech_of(samples: &[i16]) -> &[i16] {
    let listening = crate::asr::input::ListenConfig::default();
    crate::audio::endpoint::speech_span(
        samples,
        &listening.endpoint,
        listening.end_silence_ms,
        RECORDING_PAD_MS,
    )
    .map_or(samples, |span| &samples[span])
}

fn recognize_speech(
    recognizer: &mut dyn Recognizer,
    grammar: &Grammar,
    samples: &[i16],
) -> Result<Recognition, AsrError> {
    recognizer.cancel();
    for chunk in samples.chunks(CHUNK) {
        recognizer.accept(chunk)?;
    }
    if samples.is_empty() {
        recognizer.accept(&[0; 160])?;
    }
    let alternatives = heard_with_voice(recognizer.finish()?, samples);
    Ok(grammar.rank(&alternatives))
}

/// Scales the confidences `part` picks out of `items` so that together they hold at most
/// `cap`, in proportion: the interpreter adds up the alternatives of one reading, so a cap on
/// each would let two phrasings of one move add up to a sure one.
pub(crate) fn cap_together<T>(
    items: &mut [T],
    cap: f32,
    mut part: impl FnMut(&mut T) -> Option<&mut f32>,
) {
    let together: f32 = items.iter_mut().filter_map(|i| part(i).map(|c| *c)).sum();
    if together > cap {
        let scale = cap / together;
        for item in items.iter_mut() {
            if let Some(confidence) = part(item) {
                *confidence *= scale;
            }
        }
    }
}

/// Under this much voiced sound ([`crate::audio::voicing`]) an utterance was no voice: a
/// cough, a sniff or a rustle forced onto the grammar. Every word spoken aloud holds a
/// voiced vowel; the shortest answers measured ("yes", "ja" from six synthetic voices, clean
/// and in noise) held 100 ms or more, coughs and sniffs none.
pub const MIN_VOICED_MS: u64 = 60;

/// The recognizer's alternatives, or none when `audio` holds less than [`MIN_VOICED_MS`] of
/// voice: what the recognizer forced a cough onto is nothing the player said. Read back as
/// a question, as it was before, a cough still came out as a move ("bauer e fünf" from a
/// double cough, held-out rejection set in quiet); and "yep" from a cough would make a move.
pub fn heard_with_voice(alternatives: Vec<Alternative>, audio: &[i16]) -> Vec<Alternative> {
    if alternatives.is_empty() || crate::audio::voicing::has_voice(audio, MIN_VOICED_MS) {
        return alternatives;
    }
    Vec::new()
}

/// How to open a recognizer.
#[derive(Debug, Clone, PartialEq)]
pub struct RecognizerConfig {
    pub lang: Lang,
    /// `None`: Vosk when a model is found, pocketsphinx otherwise.
    pub backend: Option<Backend>,
    /// The Vosk model directory; otherwise `ROCHADE_VOSK_MODEL`, then the installed model of
    /// the language (see [`crate::models`]).
    pub vosk_model: Option<PathBuf>,
    /// The pocketsphinx acoustic model; otherwise `ROCHADE_POCKETSPHINX_MODEL_DE` (the
    /// language's code) or `ROCHADE_POCKETSPHINX_MODEL`, then the
    /// model adapted to the player's voice ([`adapted_model_dir`], `rochade models adapt`),
    /// then Debian's en-us model.
    pub pocketsphinx_model: Option<PathBuf>,
    /// Whether the model adapted to the player's voice is used when there is one (`play`
    /// and `interpret`, not the benchmarks, which measure what they are given).
    pub use_adapted: bool,
    /// Words to check against the model at load (the whole vocabulary); missing ones are
    /// reported by [`open`]'s caller through [`Opened::notices`].
    pub vocabulary: Vec<String>,
    /// How many alternatives to ask for.
    pub n_best: usize,
}

impl RecognizerConfig {
    pub fn new(lang: Lang, backend: Backend) -> RecognizerConfig {
        RecognizerConfig {
            lang,
            backend: Some(backend),
            vosk_model: None,
            pocketsphinx_model: None,
            use_adapted: false,
            vocabulary: Vec::new(),
            n_best: 5,
        }
    }

    /// Vosk if a model can be found, pocketsphinx otherwise.
    pub fn auto(lang: Lang) -> RecognizerConfig {
        RecognizerConfig {
            backend: None,
            use_adapted: true,
            ..RecognizerConfig::new(lang, Backend::Pocketsphinx)
        }
    }

    /// The pocketsphinx acoustic model this configuration would use.
    pub fn find_pocketsphinx_model(&self) -> PathBuf {
        if let Some(path) = &self.pocketsphinx_model {
            return path.clone();
        }
        let own = format!(
            "ROCHADE_POCKETSPHINX_MODEL_{}",
            self.lang.code().to_uppercase()
        );
        if let Some(path) =
            std::env::var_os(own).or_else(|| std::env::var_os("ROCHADE_POCKETSPHINX_MODEL"))
        {
            return PathBuf::from(path);
        }
        let adapted = adapted_model_dir(self.lang);
        if self.use_adapted && adapted.join("mdef").is_file() {
            return adapted;
        }
        PathBuf::from(POCKETSPHINX_MODEL_DIR)
    }

    /// Whether pocketsphinx would hear with the installed model: no model adapted to the
    /// player's voice is found, and none is named.
    pub fn hears_with_installed_model(&self) -> bool {
        self.find_pocketsphinx_model() == Path::new(POCKETSPHINX_MODEL_DIR)
    }

    /// The Vosk model this configuration would use, if one can be found.
    pub fn find_vosk_model(&self) -> Option<PathBuf> {
        if let Some(path) = &self.vosk_model {
            return Some(path.clone());
        }
        if let Some(path) = std::env::var_os("ROCHADE_VOSK_MODEL") {
            return Some(PathBuf::from(path));
        }
        crate::models::installed_model_for(self.lang)
    }
}

/// Where `rochade models adapt` writes the model adapted to the player's voice for `lang`'s
/// words, in the models directory.
pub fn adapted_model_dir(lang: Lang) -> PathBuf {
    crate::models::models_dir().join(format!("pocketsphinx-{}-adapted", lang.code()))
}

/// A recognizer and what the user should be told about it.
pub struct Opened {
    pub recognizer: Box<dyn Recognizer>,
    /// Plain sentences: which backend, why, vocabulary words the model lacks.
    pub notices: Vec<String>,
}

/// Opens the recognizer the configuration asks for, warmed up.
pub fn open(config: &RecognizerConfig) -> Result<Box<dyn Recognizer>, AsrError> {
    open_with_notices(config).map(|o| o.recognizer)
}

/// Like [`open`], with the notices for the user.
pub fn open_with_notices(config: &RecognizerConfig) -> Result<Opened, AsrError> {
    let backend = match config.backend {
        Some(backend) => backend,
        None => {
            if config.find_vosk_model().is_some_and(|p| p.is_dir()) {
                Backend::Vosk
            } else {
                Backend::Pocketsphinx
            }
        }
    };
    let mut notices = Vec::new();
    let mut recognizer: Box<dyn Recognizer> = match backend {
        Backend::Vosk => {
            let path = config
                .find_vosk_model()
                .ok_or_else(|| AsrError::ModelNotFound(PathBuf::from("(none given)")))?;
            let model = vosk::VoskModel::load(&path)?;
            let missing = model.missing_words(&config.vocabulary);
            notices.push(format!(
                "Recognizer: Vosk, model {} (loaded in {:.1} seconds).",
                path.display(),
                model.load_time.as_secs_f64()
            ));
            if !missing.is_empty() {
                notices.push(format!(
                    "warning: the Vosk model at {} lacks these vocabulary words, which cannot be recognized: {}",
                    path.display(),
                    missing.join(", ")
                ));
            }
            Box::new(vosk::VoskRecognizer::new(
                std::sync::Arc::new(model),
                config.n_best,
            ))
        }
        Backend::Pocketsphinx => {
            let dir = config.find_pocketsphinx_model();
            let ps = pocketsphinx::Pocketsphinx::new(&dir, config.lang, config.n_best)?;
            if dir != Path::new(POCKETSPHINX_MODEL_DIR) {
                notices.push(format!("Acoustic model: {}.", dir.display()));
            }
            let reason = if config.backend.is_none() {
                " (no Vosk model is installed; `rochade models fetch` gets one)"
            } else {
                ""
            };
            notices.push(format!("Recognizer: pocketsphinx{reason}."));
            Box::new(ps)
        }
    };
    recognizer.warm_up()?;
    Ok(Opened {
        recognizer,
        notices,
    })
}
