//! espeak-ng through a small hand-written binding to libespeak-ng (the `espeakng` crate
//! crashes on Debian's 1.51): text to 16-bit samples, and text to IPA phonemes (used to
//! derive pronunciation dictionaries).
//!
//! libespeak-ng keeps its state in globals and is not thread-safe, so every call goes through
//! one process-wide lock.
//!
//! ```no_run
//! let voice = rochade::speech::espeak::Voice::new("de+f3", 150);
//! let speech = rochade::speech::espeak::synthesize("Springer Felix drei", &voice)?;
//! assert_eq!(speech.sample_rate, 22_050);
//! assert!(speech.samples.len() > 11_025); // more than half a second
//! println!("{}", rochade::speech::espeak::ipa("Läufer", "de")?); // lˈɔøfɜ
//! # Ok::<(), rochade::speech::espeak::EspeakError>(())
//! ```
use std::ffi::{CStr, CString, c_char, c_int, c_short, c_uint, c_void};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What went wrong inside libespeak-ng.
#[derive(Debug, thiserror::Error)]
pub enum EspeakError {
    #[error("espeak-ng could not be initialised (is the package espeak-ng-data installed?)")]
    Init,
    #[error("espeak-ng has no voice {0:?} (list them with `espeak-ng --voices`)")]
    UnknownVoice(String),
    #[error("espeak-ng failed to synthesise {0:?} (error code {1})")]
    Synth(String, i32),
    #[error("the text contains a NUL character")]
    Nul,
    #[error("the program espeak-ng could not be run (is the package espeak-ng installed?): {0}")]
    Program(String),
}

/// An espeak-ng voice: a name such as `de`, `de+f3`, `en-us+m3`, and a rate in words per
/// minute (80 to 450; espeak-ng's normal is 175).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Voice {
    pub name: String,
    pub rate_wpm: u32,
}

impl Voice {
    pub fn new(name: &str, rate_wpm: u32) -> Voice {
        Voice {
            name: name.to_string(),
            rate_wpm: rate_wpm.clamp(80, 450),
        }
    }
}

/// Synthesised speech: mono 16-bit samples.
#[derive(Debug, Clone)]
pub struct Speech {
    pub samples: Vec<i16>,
    pub sample_rate: u32,
    /// How long the first block of samples took to appear: the delay before playback of
    /// this utterance could start.
    pub first_block_after: Duration,
}

#[repr(C)]
struct EspeakEvent {
    kind: c_int,
    unique_identifier: c_uint,
    text_position: c_int,
    length: c_int,
    audio_position: c_int,
    sample: c_int,
    user_data: *mut c_void,
    id: [u8; 8],
}

type SynthCallback = unsafe extern "C" fn(*mut c_short, c_int, *mut EspeakEvent) -> c_int;

unsafe extern "C" {
    fn espeak_Initialize(
        output: c_int,
        buflength: c_int,
        path: *const c_char,
        options: c_int,
    ) -> c_int;
    fn espeak_SetSynthCallback(cb: SynthCallback);
    fn espeak_SetVoiceByName(name: *const c_char) -> c_int;
    fn espeak_SetParameter(parameter: c_int, value: c_int, relative: c_int) -> c_int;
    fn espeak_Synth(
        text: *const c_void,
        size: usize,
        position: c_uint,
        position_type: c_int,
        end_position: c_uint,
        flags: c_uint,
        unique_identifier: *mut c_uint,
        user_data: *mut c_void,
    ) -> c_int;
    fn espeak_Synchronize() -> c_int;
    fn espeak_TextToPhonemes(
        textptr: *mut *const c_void,
        textmode: c_int,
        phonememode: c_int,
    ) -> *const c_char;
}

const AUDIO_OUTPUT_SYNCHRONOUS: c_int = 2;
const INITIALIZE_DONT_EXIT: c_int = 0x8000;
const POS_CHARACTER: c_int = 1;
const CHARS_UTF8: c_uint = 1;
const PHONEMES_IPA: c_int = 0x02;
const PARAM_RATE: c_int = 1;
const EE_OK: c_int = 0;

/// The global engine state: initialised once, the selected voice remembered so that it is
/// only switched when it changes.
struct Engine {
    sample_rate: u32,
    voice: Option<String>,
    rate: Option<u32>,
}

static ENGINE: Mutex<Option<Engine>> = Mutex::new(None);

/// What the synthesis callback writes into, through `user_data`.
struct Collector {
    samples: Vec<i16>,
    started: Instant,
    first_block_after: Option<Duration>,
}

unsafe extern "C" fn collect(wav: *mut c_short, count: c_int, events: *mut EspeakEvent) -> c_int {
    if wav.is_null() || count <= 0 || events.is_null() {
        return 0;
    }
    // SAFETY: espeak-ng hands back the user_data pointer given to espeak_Synth, which points
    // at a live Collector for the duration of that synchronous call; `wav` holds `count`
    // samples.
    unsafe {
        let collector = (*events).user_data as *mut Collector;
        if collector.is_null() {
            return 0;
        }
        let collector = &mut *collector;
        if collector.first_block_after.is_none() {
            collector.first_block_after = Some(collector.started.elapsed());
        }
        let count = usize::try_from(count).unwrap_or(0);
        collector
            .samples
            .extend_from_slice(std::slice::from_raw_parts(wav, count));
    }
    0
}

fn with_engine<T>(f: impl FnOnce(&mut Engine) -> Result<T, EspeakError>) -> Result<T, EspeakError> {
    let mut guard = ENGINE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if guard.is_none() {
        // SAFETY: plain C initialisation; DONT_EXIT keeps espeak-ng from calling exit() when
        // its data is missing.
        let rate = unsafe {
            espeak_Initialize(
                AUDIO_OUTPUT_SYNCHRONOUS,
                0,
                std::ptr::null(),
                INITIALIZE_DONT_EXIT,
            )
        };
        if rate <= 0 {
            return Err(EspeakError::Init);
        }
        // SAFETY: `collect` matches the callback signature of speak_lib.h.
        unsafe { espeak_SetSynthCallback(collect) };
        *guard = Some(Engine {
            sample_rate: u32::try_from(rate).map_err(|_| EspeakError::Init)?,
            voice: None,
            rate: None,
        });
    }
    match guard.as_mut() {
        Some(engine) => f(engine),
        None => Err(EspeakError::Init),
    }
}

fn select_voice(engine: &mut Engine, name: &str) -> Result<(), EspeakError> {
    if engine.voice.as_deref() == Some(name) {
        return Ok(());
    }
    let c_name = CString::new(name).map_err(|_| EspeakError::Nul)?;
    // SAFETY: a valid NUL-terminated string.
    if unsafe { espeak_SetVoiceByName(c_name.as_ptr()) } != EE_OK {
        engine.voice = None;
        return Err(EspeakError::UnknownVoice(name.to_string()));
    }
    engine.voice = Some(name.to_string());
    // A new voice resets the parameters.
    engine.rate = None;
    Ok(())
}

/// Synthesises `text` with `voice`; the samples come back at espeak-ng's rate (22,050 Hz).
pub fn synthesize(text: &str, voice: &Voice) -> Result<Speech, EspeakError> {
    let c_text = CString::new(text).map_err(|_| EspeakError::Nul)?;
    with_engine(|engine| {
        select_voice(engine, &voice.name)?;
        if engine.rate != Some(voice.rate_wpm) {
            let wpm = c_int::try_from(voice.rate_wpm).unwrap_or(175);
            // SAFETY: plain integer parameter.
            unsafe { espeak_SetParameter(PARAM_RATE, wpm, 0) };
            engine.rate = Some(voice.rate_wpm);
        }
        let mut collector = Collector {
            samples: Vec::new(),
            started: Instant::now(),
            first_block_after: None,
        };
        let bytes = c_text.as_bytes_with_nul();
        // SAFETY: the text is NUL-terminated UTF-8 of the given size; the collector outlives
        // this synchronous call, which is the only time the callback uses it.
        let code = unsafe {
            espeak_Synth(
                bytes.as_ptr() as *const c_void,
                bytes.len(),
                0,
                POS_CHARACTER,
                0,
                CHARS_UTF8,
                std::ptr::null_mut(),
                &mut collector as *mut Collector as *mut c_void,
            )
        };
        // SAFETY: no arguments; waits for the (already synchronous) synthesis.
        unsafe { espeak_Synchronize() };
        if code != EE_OK {
            return Err(EspeakError::Synth(text.to_string(), code));
        }
        Ok(Speech {
            first_block_after: collector
                .first_block_after
                .unwrap_or_else(|| collector.started.elapsed()),
            samples: collector.samples,
            sample_rate: engine.sample_rate,
        })
    })
}

/// Synthesises `text` with `voice` in a fresh engine: the program `espeak-ng`, run once for
/// it. libespeak-ng carries state from one synthesis to the next (the same words with the same
/// voice came out different after other words), so in-process speech depends on everything
/// said before it in the process. Speech made here is the same in every run and order: for
/// tests that run side by side, and for comparing builds on the same audio.
pub fn synthesize_alone(text: &str, voice: &Voice) -> Result<Speech, EspeakError> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static MADE: AtomicUsize = AtomicUsize::new(0);
    if text.contains('\0') {
        return Err(EspeakError::Nul);
    }
    let started = Instant::now();
    // A file, not stdout: espeak-ng streams a WAV header without the data's size there.
    let path = std::env::temp_dir().join(format!(
        "rochade-espeak-{}-{}.wav",
        std::process::id(),
        MADE.fetch_add(1, Ordering::Relaxed)
    ));
    let output = std::process::Command::new("espeak-ng")
        .arg("-v")
        .arg(&voice.name)
        .arg("-s")
        .arg(voice.rate_wpm.to_string())
        .arg("-w")
        .arg(&path)
        .arg("--")
        .arg(text)
        .output()
        .map_err(|e| EspeakError::Program(e.to_string()))?;
    let read = || -> Result<Speech, EspeakError> {
        if !output.status.success() {
            let said = String::from_utf8_lossy(&output.stderr);
            if said.contains("voice") {
                return Err(EspeakError::UnknownVoice(voice.name.clone()));
            }
            return Err(EspeakError::Synth(
                text.to_string(),
                output.status.code().unwrap_or(-1),
            ));
        }
        let reader =
            hound::WavReader::open(&path).map_err(|e| EspeakError::Program(e.to_string()))?;
        let sample_rate = reader.spec().sample_rate;
        let mut samples = reader
            .into_samples::<i16>()
            .collect::<Result<Vec<i16>, _>>()
            .map_err(|e| EspeakError::Program(e.to_string()))?;
        // The program ends its text with a sentence's pause (about 380 ms) that `synthesize`
        // does not add. Its exact zeros are cut, so that plain voices end as there (9 ms of
        // zeros); a breathy variant (`+f3`) breathes faintly through the pause (-55 dBFS and
        // falling), which stays: the endpointer may hear its start as the word's end.
        let end = samples.iter().rposition(|&s| s != 0).map_or(0, |i| i + 1);
        samples.truncate(end + (sample_rate / 100) as usize);
        Ok(Speech {
            samples,
            sample_rate,
            first_block_after: started.elapsed(),
        })
    };
    let speech = read();
    let _ = std::fs::remove_file(&path);
    speech
}

/// Whether a character is a letter of the Latin script (ASCII, the Latin-1 and Latin
/// Extended-A letters: German umlauts and ß).
fn is_latin_letter(c: char) -> bool {
    c.is_alphabetic() && (c as u32) < 0x0250
}

/// `text` cut into runs of one script: `(true, run)` for Latin letters, `(false, run)` for
/// the others; spaces, digits and punctuation stay in the run they follow.
pub fn script_runs(text: &str) -> Vec<(bool, String)> {
    let mut runs: Vec<(bool, String)> = Vec::new();
    for c in text.chars() {
        let latin = if c.is_alphabetic() {
            Some(is_latin_letter(c))
        } else {
            None
        };
        match (runs.last_mut(), latin) {
            (Some((kind, run)), Some(l)) if *kind == l => run.push(c),
            (Some((_, run)), None) => run.push(c),
            (_, l) => runs.push((l.unwrap_or(false), c.to_string())),
        }
    }
    runs
}

/// Synthesises a text of two scripts: its Latin-script runs with `latin`, the rest with
/// `voice`, one after the other.
pub fn synthesize_mixed(text: &str, voice: &Voice, latin: &Voice) -> Result<Speech, EspeakError> {
    let mut whole: Option<Speech> = None;
    for (is_latin, run) in script_runs(text) {
        if run.trim().is_empty() {
            continue;
        }
        let part = synthesize(&run, if is_latin { latin } else { voice })?;
        match whole.as_mut() {
            None => whole = Some(part),
            Some(w) => w.samples.extend(part.samples),
        }
    }
    match whole {
        Some(w) => Ok(w),
        None => synthesize(text, voice),
    }
}

/// The IPA espeak-ng would speak for `text` with the voice (language) `voice`, clauses
/// joined by spaces; e.g. "Springer" in German is `ʃpɾˈɪŋɜ`.
pub fn ipa(text: &str, voice: &str) -> Result<String, EspeakError> {
    let c_text = CString::new(text).map_err(|_| EspeakError::Nul)?;
    with_engine(|engine| {
        select_voice(engine, voice)?;
        let mut out = String::new();
        let mut cursor: *const c_void = c_text.as_ptr() as *const c_void;
        // espeak-ng advances the cursor clause by clause and sets it to null at the end; the
        // bound only guards against a library that never does.
        for _ in 0..1000 {
            if cursor.is_null() {
                break;
            }
            // SAFETY: the cursor points into `c_text`, which is NUL-terminated and alive;
            // the returned string is owned by espeak-ng and copied at once.
            let phonemes = unsafe {
                let p = espeak_TextToPhonemes(&mut cursor, CHARS_UTF8 as c_int, PHONEMES_IPA);
                if p.is_null() {
                    break;
                }
                CStr::from_ptr(p).to_string_lossy().into_owned()
            };
            if !out.is_empty() && !phonemes.is_empty() {
                out.push(' ');
            }
            out.push_str(phonemes.trim());
        }
        Ok(out)
    })
}

/// The espeak-ng backend: synthesises in-process and plays on a cpal output device, or
/// writes each utterance as a numbered WAV file (tests, recordings).
pub struct EspeakSpeaker {
    voice: Voice,
    /// The voice for Latin-script runs in a right-to-left language's text.
    latin_voice: Option<Voice>,
    device: Option<String>,
    wav_dir: Option<std::path::PathBuf>,
    written: usize,
    /// The volume in percent: the samples are scaled by it.
    volume: u8,
}

/// Samples scaled to `volume` percent.
pub fn scaled(samples: &[i16], volume: u8) -> Vec<i16> {
    let gain = f32::from(volume.min(100)) / 100.0;
    samples
        .iter()
        .map(|&s| (f32::from(s) * gain).round() as i16)
        .collect()
}

impl EspeakSpeaker {
    pub fn new(config: &super::OutputConfig) -> EspeakSpeaker {
        EspeakSpeaker {
            voice: config.espeak_voice(),
            latin_voice: config.espeak_latin_voice(),
            device: config.device.clone(),
            wav_dir: config.wav_dir.clone(),
            written: 0,
            volume: config.volume,
        }
    }

    /// The WAV files written so far, in order (with a WAV directory).
    pub fn written(&self) -> Vec<std::path::PathBuf> {
        match &self.wav_dir {
            Some(dir) => (1..=self.written)
                .map(|i| dir.join(format!("utterance-{i:04}.wav")))
                .collect(),
            None => Vec::new(),
        }
    }
}

impl super::Speaker for EspeakSpeaker {
    fn name(&self) -> &str {
        "espeak-ng"
    }

    fn set_levels(&mut self, volume: u8, rate_wpm: u32) {
        self.volume = volume;
        self.voice = Voice::new(&self.voice.name, rate_wpm);
        if let Some(latin) = &self.latin_voice {
            self.latin_voice = Some(Voice::new(&latin.name, rate_wpm));
        }
    }

    fn speak(&mut self, text: &str) -> Result<super::Spoken, super::SpeechError> {
        let started = Instant::now();
        let mut speech = match &self.latin_voice {
            Some(latin) => synthesize_mixed(text, &self.voice, latin)?,
            None => synthesize(text, &self.voice)?,
        };
        if self.volume < 100 {
            speech.samples = scaled(&speech.samples, self.volume);
        }
        let started_after = speech.first_block_after;
        match &self.wav_dir {
            Some(dir) => {
                std::fs::create_dir_all(dir)?;
                self.written += 1;
                let path = dir.join(format!("utterance-{:04}.wav", self.written));
                crate::audio::wav::write_mono(&path, &speech.samples, speech.sample_rate)?;
            }
            None => {
                crate::audio::playback::play(
                    self.device.as_deref(),
                    &speech.samples,
                    speech.sample_rate,
                )?;
            }
        }
        Ok(super::Spoken {
            started_after,
            total: started.elapsed(),
            backend: "espeak-ng".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speech_made_alone_is_the_same_whatever_was_said_before() {
        let voice = Voice::new("de", 150);
        let first = synthesize_alone("Springer Felix drei", &voice).expect("espeak-ng");
        synthesize("Eva vier", &voice).expect("espeak-ng");
        synthesize_alone("Turm Anton eins", &Voice::new("de+f3", 170)).expect("espeak-ng");
        let again = synthesize_alone("Springer Felix drei", &voice).expect("espeak-ng");
        assert_eq!(first.sample_rate, 22_050);
        assert!(first.samples.len() > 11_025, "more than half a second");
        assert_eq!(first.samples, again.samples);
        let zeros_at_end = first.samples.iter().rev().take_while(|&&s| s == 0).count();
        assert!(
            zeros_at_end < 22_050 / 50,
            "no sentence pause: {zeros_at_end} zeros"
        );
        assert!(matches!(
            synthesize_alone("Eva vier", &Voice::new("xx-nonesuch", 150)),
            Err(EspeakError::UnknownVoice(_))
        ));
    }

    #[test]
    fn volume_scales_the_samples() {
        assert_eq!(scaled(&[1000, -1000, 32767], 50), vec![500, -500, 16384]);
        assert_eq!(scaled(&[1000, -32768], 100), vec![1000, -32768]);
    }

    #[test]
    fn german_ipa_of_a_fide_word() {
        let ipa = ipa("Springer", "de").expect("espeak-ng works");
        assert!(ipa.contains('ʃ') && ipa.contains('ŋ'), "{ipa}");
    }

    #[test]
    fn synthesis_gives_audio_of_plausible_length() {
        let speech = synthesize("Springer Felix drei", &Voice::new("de", 150)).expect("synth");
        let seconds = speech.samples.len() as f64 / f64::from(speech.sample_rate);
        assert!((0.8..4.0).contains(&seconds), "{seconds} s");
        let loud = speech
            .samples
            .iter()
            .filter(|s| s.unsigned_abs() > 1000)
            .count();
        assert!(loud > 1000, "mostly silence");
    }

    #[test]
    fn runs_of_two_scripts() {
        assert_eq!(
            script_runs("אליך: Springer Felix drei?"),
            [
                (false, "אליך: ".to_string()),
                (true, "Springer Felix drei?".to_string())
            ]
        );
        assert_eq!(
            script_runs("إليك: Läufer schlägt Eva fünf، كش"),
            [
                (false, "إليك: ".to_string()),
                (true, "Läufer schlägt Eva fünf، ".to_string()),
                (false, "كش".to_string())
            ]
        );
    }

    /// The Hebrew voice spells Latin words letter by letter; said with the German voice the
    /// FIDE words are words, and much shorter.
    #[test]
    fn german_words_in_a_hebrew_sentence_are_said_with_the_german_voice() {
        let he = Voice::new("he", 175);
        let de = Voice::new("de", 175);
        let text = "אליך: Springer Felix drei?";
        let spelled = synthesize(text, &he).expect("he synthesis");
        let mixed = synthesize_mixed(text, &he, &de).expect("mixed synthesis");
        assert!(
            mixed.samples.len() * 2 < spelled.samples.len(),
            "mixed {} samples, spelled {}",
            mixed.samples.len(),
            spelled.samples.len()
        );
    }

    #[test]
    fn unknown_voice_is_an_error_and_the_engine_still_works() {
        assert!(matches!(
            synthesize("eins", &Voice::new("no-such-voice", 150)),
            Err(EspeakError::UnknownVoice(_))
        ));
        assert!(synthesize("eins", &Voice::new("de", 150)).is_ok());
    }
}
