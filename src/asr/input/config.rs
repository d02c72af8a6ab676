//! The listener's settings: its timing, when it counts the room as noisy and what it
//! then trusts, and when it hears through the noise suppressor.
use crate::audio::endpoint::EndpointConfig;

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
    ///
    /// [`Grammar::is_final`]: crate::asr::Grammar::is_final
    pub early_silence_ms: u64,
    /// In quiet, the final decode is made this far into a pause and held ([`Ahead`]): at
    /// `early_silence_ms` the result is ready, instead of being computed then. Speech that
    /// resumes drops it. `None`: no decode ahead.
    ///
    /// [`Ahead`]: super::Ahead
    pub ahead_silence_ms: Option<u64>,
    /// In a pause after `early_silence_ms` whose partial result is not a final phrase, the
    /// utterance is decoded as it stands this often ([`Listener`]'s probes).
    ///
    /// [`Listener`]: super::Listener
    pub probe_interval_ms: u64,
    /// In noise a probe's phrase is taken only when an earlier probe of the pause heard it
    /// too ([`ListenConfig::noisy_floor_db`]); a command only when that one was this long
    /// before. A move heard in noise is asked back anyway, so for it the next probe is
    /// enough: on the tuning set in pink noise, probes 100 ms apart instead of 150 heard the
    /// same moves (102 of 200 right, 29 another move both) and brought the read-back of
    /// moves forward (p95 409 to 347 ms, counted then without the work a probe left behind:
    /// [`Recognized::behind_ms`]). A command keeps the longer agreement: with the
    /// shorter one a "queen takes golf eight" was once heard as "faster".
    ///
    /// [`Recognized::behind_ms`]: super::Recognized::behind_ms
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
    pub(super) fn agreed(
        &self,
        noisy: bool,
        heard_since: Option<u64>,
        silence_ms: u64,
        move_: bool,
    ) -> bool {
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
