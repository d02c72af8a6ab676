//! Speech out: the [`Speaker`] trait and its backends: speech-dispatcher, as the client
//! "rochade" with a priority for each message ([`dispatcher`], [`Priority`]), espeak-ng to a sound device or to WAV files ([`espeak`]), and
//! plain text ([`text`]). A [`FallbackSpeaker`] chains them: when one fails or hangs
//! (speech-dispatcher does when there is no audio server), it says so through the next one
//! and carries on there.
//!
//! The player's and the opponent's announcements can go to different outputs
//! ([`Outputs`]): the player's read-backs into the headphones, the opponent's
//! announcements to a loudspeaker.
//!
//! ```
//! use rochade::speech::{self, BackendKind, OutputConfig, Speaker};
//! use rochade::lang::Lang;
//!
//! // text only: prints "Rochade: Springer Felix drei"
//! let mut speaker = speech::open(&OutputConfig::new(Lang::De, vec![BackendKind::Text]));
//! speaker.speak("Springer Felix drei")?;
//! # Ok::<(), rochade::speech::SpeechError>(())
//! ```
pub mod dispatcher;
pub mod espeak;
pub mod text;

use std::path::PathBuf;
use std::time::Duration;

use crate::lang::Lang;

/// What went wrong with speech output.
#[derive(Debug, thiserror::Error)]
pub enum SpeechError {
    #[error("speech-dispatcher is not available: {0}")]
    Unavailable(String),
    #[error("speech-dispatcher did not finish speaking within {0:.1} seconds (no audio server?)")]
    Hung(f64),
    #[error("{0} was switched off after an earlier failure")]
    Broken(String),
    #[error("espeak-ng failed: {0}")]
    Espeak(#[from] espeak::EspeakError),
    #[error("the sound could not be played: {0}")]
    Audio(#[from] crate::audio::AudioError),
    #[error("the text could not be written: {0}")]
    Io(#[from] std::io::Error),
    #[error("no speech output works any more")]
    NothingLeft,
}

/// Something that says text and returns when it has been said.
pub trait Speaker: Send {
    /// A short name for messages: "speech-dispatcher", "espeak-ng", "text".
    fn name(&self) -> &str;

    /// Says `text`; returns when done (or fails, within a deadline). `play` takes the return
    /// of a read-back's call as the end of its playback, where its correction window starts.
    fn speak(&mut self, text: &str) -> Result<Spoken, SpeechError>;

    /// The priority of the next texts, for a backend that shares the voice with other
    /// programs (speech-dispatcher: a screen reader); the others ignore it.
    fn set_priority(&mut self, _priority: Priority) {}

    /// The volume (percent of full) and rate (words a minute) of the next texts.
    fn set_levels(&mut self, _volume: u8, _rate_wpm: u32) {}
}

/// How a message stands against the other messages on the system's voice (speech-dispatcher's
/// priorities, SSIP 4.3): what must be heard at once interrupts a screen reader; the moves and
/// answers wait for each other and cut a long text short; a long text gives way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Priority {
    /// Said at once, interrupting any other program's message: a flag fell, the journal or
    /// the microphone is lost, an illegal move, the arbiter is called.
    Important,
    /// In turn with other messages: moves, read-backs, answers, the clocks.
    #[default]
    Message,
    /// Gives way to messages; a newer text replaces it: help, a scoresheet read out.
    Text,
}

impl std::str::FromStr for Priority {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "important" => Ok(Priority::Important),
            "message" => Ok(Priority::Message),
            "text" => Ok(Priority::Text),
            other => Err(format!(
                "unknown priority {other:?}: expected important, message or text"
            )),
        }
    }
}

impl Priority {
    /// SSIP's name of the priority.
    pub fn name(self) -> &'static str {
        match self {
            Priority::Important => "important",
            Priority::Message => "message",
            Priority::Text => "text",
        }
    }
}

/// How an utterance went.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Spoken {
    /// From the call to the start of the sound (for text: 0).
    pub started_after: Duration,
    /// From the call to the end.
    pub total: Duration,
    /// The backend that said it.
    pub backend: String,
}

/// The speech backends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BackendKind {
    /// speech-dispatcher, through the `tts` crate.
    Tts,
    /// espeak-ng, played on a cpal output device, or written to WAV files.
    Espeak,
    /// Lines of text on standard output.
    Text,
}

impl std::str::FromStr for BackendKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "tts" | "speech-dispatcher" | "speechd" => Ok(BackendKind::Tts),
            "espeak" | "espeak-ng" => Ok(BackendKind::Espeak),
            "text" => Ok(BackendKind::Text),
            other => Err(format!(
                "unknown speech output {other:?}: expected tts, espeak or text"
            )),
        }
    }
}

/// One speech output.
#[derive(Debug, Clone, PartialEq)]
pub struct OutputConfig {
    pub lang: Lang,
    /// Backends to try, in order.
    pub backends: Vec<BackendKind>,
    /// A voice name: for speech-dispatcher one of its voices ("German+Adam"), for espeak-ng
    /// a voice ("de+f3"). `None`: the language's default.
    pub voice: Option<String>,
    /// Speaking rate in words per minute (espeak-ng's normal is 175).
    pub rate_wpm: u32,
    /// The output device for espeak-ng (`None`: the default output).
    pub device: Option<String>,
    /// The volume in percent of full.
    pub volume: u8,
    /// Instead of playing, espeak-ng writes each utterance as a numbered WAV file here.
    pub wav_dir: Option<PathBuf>,
}

impl OutputConfig {
    pub fn new(lang: Lang, backends: Vec<BackendKind>) -> OutputConfig {
        OutputConfig {
            lang,
            backends,
            voice: None,
            rate_wpm: 175,
            device: None,
            volume: 100,
            wav_dir: None,
        }
    }

    /// speech-dispatcher, then espeak-ng on the default device, then text.
    pub fn default_for(lang: Lang) -> OutputConfig {
        OutputConfig::new(
            lang,
            vec![BackendKind::Tts, BackendKind::Espeak, BackendKind::Text],
        )
    }

    /// The espeak-ng voice for the Latin-script words in a text of a right-to-left language:
    /// the player of an Arabic or Hebrew game hears his vocabulary's words (the German FIDE
    /// words) in its sentences, which the `he` voice would spell letter by letter and the `ar`
    /// voice would say as English. `None` for de and en, or when a voice was chosen by name.
    pub fn espeak_latin_voice(&self) -> Option<espeak::Voice> {
        (self.lang.right_to_left() && self.voice.is_none()).then(|| {
            let name = match self.lang.default_vocabulary() {
                Lang::En => "en-us",
                _ => "de",
            };
            espeak::Voice::new(name, self.rate_wpm)
        })
    }

    /// The espeak-ng voice for this output.
    pub fn espeak_voice(&self) -> espeak::Voice {
        let name = self.voice.clone().unwrap_or_else(|| match self.lang {
            Lang::De => "de".to_string(),
            Lang::En => "en-us".to_string(),
            Lang::Ar => "ar".to_string(),
            Lang::He => "he".to_string(),
        });
        espeak::Voice::new(&name, self.rate_wpm)
    }
}

/// Opens the backends of `config` as a fallback chain. Backends that cannot start are
/// skipped with a notice; text output always works, so the chain is never empty.
pub fn open(config: &OutputConfig) -> FallbackSpeaker {
    let mut chain: Vec<Box<dyn Speaker>> = Vec::new();
    let mut notices = Vec::new();
    for kind in &config.backends {
        match kind {
            BackendKind::Tts => match dispatcher::DispatcherSpeaker::start(config) {
                Ok(speaker) => chain.push(Box::new(speaker)),
                Err(e) => notices.push(format!("speech-dispatcher is not used: {e}")),
            },
            BackendKind::Espeak => chain.push(Box::new(espeak::EspeakSpeaker::new(config))),
            BackendKind::Text => chain.push(Box::new(text::TextSpeaker::stdout())),
        }
    }
    if !chain.iter().any(|s| s.name() == "text") {
        chain.push(Box::new(text::TextSpeaker::stdout()));
    }
    FallbackSpeaker {
        chain,
        lang: config.lang,
        notices,
    }
}

/// A chain of speakers: the first that works speaks; one that fails is dropped for good,
/// and the next one says so before it says the text.
pub struct FallbackSpeaker {
    chain: Vec<Box<dyn Speaker>>,
    lang: Lang,
    notices: Vec<String>,
}

impl FallbackSpeaker {
    /// A chain of given speakers.
    pub fn new(chain: Vec<Box<dyn Speaker>>, lang: Lang) -> FallbackSpeaker {
        FallbackSpeaker {
            chain,
            lang,
            notices: Vec::new(),
        }
    }

    /// The backend that speaks now.
    pub fn current(&self) -> Option<&str> {
        self.chain.first().map(|s| s.name())
    }

    /// What happened to backends so far (failures, switches); taken once.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    fn switch_message(&self, from: &str, to: &str) -> String {
        crate::catalog::Catalog::builtin(self.lang)
            .text("speech-switch", &[("from", from.into()), ("to", to.into())])
    }
}

impl Speaker for FallbackSpeaker {
    fn name(&self) -> &str {
        self.current().unwrap_or("none")
    }

    fn set_priority(&mut self, priority: Priority) {
        self.chain.iter_mut().for_each(|s| s.set_priority(priority));
    }

    fn set_levels(&mut self, volume: u8, rate_wpm: u32) {
        self.chain
            .iter_mut()
            .for_each(|s| s.set_levels(volume, rate_wpm));
    }

    fn speak(&mut self, text: &str) -> Result<Spoken, SpeechError> {
        let mut announce: Option<String> = None;
        while !self.chain.is_empty() {
            if let Some(message) = announce.take() {
                // the switch is said by the new backend; if that fails too, the loop goes on
                if let Err(e) = self.chain[0].speak(&message) {
                    let failed = self.chain.remove(0);
                    self.notices.push(format!("{} failed: {e}", failed.name()));
                    if let Some(next) = self.chain.first() {
                        announce = Some(self.switch_message(failed.name(), next.name()));
                    }
                    continue;
                }
            }
            match self.chain[0].speak(text) {
                Ok(spoken) => return Ok(spoken),
                Err(e) => {
                    let failed = self.chain.remove(0);
                    let note = format!("{} failed: {e}", failed.name());
                    self.notices.push(note);
                    if let Some(next) = self.chain.first() {
                        let message = self.switch_message(failed.name(), next.name());
                        self.notices.push(message.clone());
                        announce = Some(message);
                    }
                }
            }
        }
        Err(SpeechError::NothingLeft)
    }
}

/// Where announcements go: the player's read-backs and the opponent's announcements may use
/// different outputs.
pub struct Outputs {
    pub player: FallbackSpeaker,
    pub opponent: FallbackSpeaker,
}

impl Outputs {
    pub fn open(player: &OutputConfig, opponent: &OutputConfig) -> Outputs {
        Outputs {
            player: open(player),
            opponent: open(opponent),
        }
    }
}

/// The deadline for one utterance: about 0.5 s plus 0.12 s a character at the normal rate,
/// longer at slower rates.
pub fn deadline_for(text: &str, rate_wpm: u32) -> Duration {
    let chars = text.chars().count() as f64;
    let slower = (175.0 / f64::from(rate_wpm.max(80))).max(1.0);
    Duration::from_secs_f64(0.5 + 0.12 * chars * slower)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    struct Failing;
    impl Speaker for Failing {
        fn name(&self) -> &str {
            "failing"
        }
        fn speak(&mut self, _text: &str) -> Result<Spoken, SpeechError> {
            Err(SpeechError::Hung(1.0))
        }
    }

    struct Recording(Arc<Mutex<Vec<String>>>);
    impl Speaker for Recording {
        fn name(&self) -> &str {
            "recording"
        }
        fn speak(&mut self, text: &str) -> Result<Spoken, SpeechError> {
            self.0
                .lock()
                .map_err(|_| SpeechError::NothingLeft)?
                .push(text.to_string());
            Ok(Spoken::default())
        }
    }

    #[test]
    fn a_failing_backend_is_replaced_and_the_switch_is_said() {
        let said = Arc::new(Mutex::new(Vec::new()));
        let mut chain = FallbackSpeaker::new(
            vec![Box::new(Failing), Box::new(Recording(said.clone()))],
            Lang::De,
        );
        chain
            .speak("Springer Felix drei")
            .expect("the second speaks");
        chain.speak("Eva vier").expect("again");
        let said = said.lock().map(|s| s.clone()).unwrap_or_default();
        assert_eq!(
            said,
            vec![
                "Sprachausgabe failing gestört, weiter mit recording.",
                "Springer Felix drei",
                "Eva vier"
            ]
        );
        let notices = chain.take_notices();
        assert!(notices[0].contains("failing failed"), "{notices:?}");
        assert_eq!(chain.current(), Some("recording"));
    }

    #[test]
    fn nothing_left_is_an_error_not_a_hang() {
        let mut chain = FallbackSpeaker::new(vec![Box::new(Failing)], Lang::En);
        assert!(matches!(chain.speak("x"), Err(SpeechError::NothingLeft)));
    }

    #[test]
    fn deadlines_grow_with_text_and_slow_rates() {
        let short = deadline_for("Eva vier", 175);
        assert!((1.4..1.5).contains(&short.as_secs_f64()));
        assert!(deadline_for("Eva vier", 100) > short);
        assert_eq!(deadline_for("Eva vier", 300), short);
    }
}
