//! The speech-dispatcher backend through the `tts` crate: the system's speech, with the
//! language, voice and rate of the output configuration.
//!
//! speech-dispatcher accepts text and then never finishes when it has no audio server (and
//! `tts::Tts` may block when the daemon is stuck), so the `Tts` object lives on its own
//! thread and the caller waits with a deadline: creation 3 s, each utterance about
//! 0.5 s + 0.12 s a character. A missed deadline stops the utterance and switches this
//! backend off for good; the [`super::FallbackSpeaker`] then moves on.
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};

use super::{OutputConfig, Speaker, SpeechError, Spoken, deadline_for};
use crate::lang::Lang;

/// How long creating the connection may take.
const START_TIMEOUT: Duration = Duration::from_secs(3);

/// How long choosing the voice may take (speech-dispatcher lists some 13,000 voices).
const CONFIGURE_TIMEOUT: Duration = Duration::from_secs(8);

enum Request {
    Speak(String),
    Stop,
}

enum Reply {
    /// Voice and rate are set (listing the voices takes a second or two).
    Configured,
    Begun,
    Ended,
    Failed(String),
}

/// speech-dispatcher behind a deadline.
pub struct DispatcherSpeaker {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
    rate_wpm: u32,
    broken: bool,
    configured: bool,
    voices: Receiver<Option<String>>,
    /// The voice chosen, once known.
    pub voice: Option<String>,
}

/// The tts rate for a words-per-minute rate: 175 wpm is the normal rate, twice that the
/// fastest, half of it the slowest.
fn tts_rate(tts: &tts::Tts, wpm: u32) -> f32 {
    let wpm = wpm as f32;
    let normal = tts.normal_rate();
    if wpm >= 175.0 {
        normal + (tts.max_rate() - normal) * ((wpm - 175.0) / 175.0).min(1.0)
    } else {
        normal - (normal - tts.min_rate()) * ((175.0 - wpm) / 87.5).min(1.0)
    }
}

/// Picks the voice: the configured name if there is such a voice of the language (or any
/// language), otherwise the first voice of the language.
fn choose_voice(tts: &tts::Tts, lang: Lang, wanted: Option<&str>) -> Option<tts::Voice> {
    let voices = tts.voices().ok()?;
    let of_lang = |v: &&tts::Voice| v.language().primary_language() == lang.code();
    if let Some(name) = wanted {
        let name = name.to_lowercase();
        if let Some(v) = voices
            .iter()
            .filter(of_lang)
            .find(|v| v.name().to_lowercase() == name || v.id().to_lowercase() == name)
            .or_else(|| voices.iter().find(|v| v.name().to_lowercase() == name))
        {
            return Some(v.clone());
        }
    }
    voices.iter().find(of_lang).cloned()
}

impl DispatcherSpeaker {
    /// Connects to speech-dispatcher (starting it if needed), within 3 seconds.
    pub fn start(config: &OutputConfig) -> Result<DispatcherSpeaker, SpeechError> {
        let (request_tx, request_rx) = crossbeam_channel::unbounded::<Request>();
        let (reply_tx, reply_rx) = crossbeam_channel::unbounded::<Reply>();
        let (ready_tx, ready_rx) = crossbeam_channel::bounded::<Result<(), String>>(1);
        let (voice_tx, voice_rx) = crossbeam_channel::bounded::<Option<String>>(1);
        let lang = config.lang;
        let wanted = config.voice.clone();
        let rate = config.rate_wpm;
        std::thread::Builder::new()
            .name("rochade-speech-dispatcher".into())
            .spawn(move || {
                let mut tts = match tts::Tts::default() {
                    Ok(tts) => tts,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e.to_string()));
                        return;
                    }
                };
                let begin_tx = reply_tx.clone();
                let end_tx = reply_tx.clone();
                let callbacks = tts
                    .on_utterance_begin(Some(Box::new(move |_| {
                        let _ = begin_tx.send(Reply::Begun);
                    })))
                    .and_then(|_| {
                        tts.on_utterance_end(Some(Box::new(move |_| {
                            let _ = end_tx.send(Reply::Ended);
                        })))
                    });
                if let Err(e) = callbacks {
                    let _ = ready_tx.send(Err(format!("no utterance events: {e}")));
                    return;
                }
                let _ = ready_tx.send(Ok(()));
                let voice = choose_voice(&tts, lang, wanted.as_deref());
                let mut voice_name = None;
                if let Some(v) = &voice
                    && tts.set_voice(v).is_ok()
                {
                    voice_name = Some(v.name());
                }
                let r = tts_rate(&tts, rate);
                let _ = tts.set_rate(r);
                let _ = voice_tx.send(voice_name);
                let _ = reply_tx.send(Reply::Configured);
                for request in request_rx.iter() {
                    match request {
                        Request::Speak(text) => {
                            if let Err(e) = tts.speak(text, false) {
                                let _ = reply_tx.send(Reply::Failed(e.to_string()));
                            }
                        }
                        Request::Stop => {
                            let _ = tts.stop();
                        }
                    }
                }
            })
            .map_err(|e| SpeechError::Unavailable(e.to_string()))?;
        match ready_rx.recv_timeout(START_TIMEOUT) {
            Ok(Ok(())) => Ok(DispatcherSpeaker {
                requests: request_tx,
                replies: reply_rx,
                voices: voice_rx,
                rate_wpm: rate,
                broken: false,
                configured: false,
                voice: None,
            }),
            Ok(Err(e)) => Err(SpeechError::Unavailable(e)),
            Err(_) => Err(SpeechError::Unavailable(format!(
                "it did not answer within {} seconds",
                START_TIMEOUT.as_secs()
            ))),
        }
    }
}

impl Speaker for DispatcherSpeaker {
    fn name(&self) -> &str {
        "speech-dispatcher"
    }

    fn speak(&mut self, text: &str) -> Result<Spoken, SpeechError> {
        if self.broken {
            return Err(SpeechError::Broken("speech-dispatcher".into()));
        }
        if !self.configured {
            let started = Instant::now();
            loop {
                let left = CONFIGURE_TIMEOUT.saturating_sub(started.elapsed());
                match self.replies.recv_timeout(left) {
                    Ok(Reply::Configured) => break,
                    Ok(_) => {}
                    Err(_) => {
                        self.broken = true;
                        return Err(SpeechError::Unavailable(format!(
                            "choosing a voice took more than {} seconds",
                            CONFIGURE_TIMEOUT.as_secs()
                        )));
                    }
                }
            }
            self.configured = true;
            self.voice = self.voices.try_recv().ok().flatten();
        }
        // replies of an earlier, abandoned utterance are stale
        while self.replies.try_recv().is_ok() {}
        let started = Instant::now();
        let deadline = deadline_for(text, self.rate_wpm);
        if self
            .requests
            .send(Request::Speak(text.to_string()))
            .is_err()
        {
            self.broken = true;
            return Err(SpeechError::Unavailable("its thread has ended".into()));
        }
        let mut began = None;
        loop {
            let left = deadline.saturating_sub(started.elapsed());
            match self.replies.recv_timeout(left) {
                Ok(Reply::Begun) => began = Some(started.elapsed()),
                Ok(Reply::Configured) => {}
                Ok(Reply::Ended) => {
                    return Ok(Spoken {
                        started_after: began.unwrap_or_default(),
                        total: started.elapsed(),
                        backend: "speech-dispatcher".into(),
                    });
                }
                Ok(Reply::Failed(e)) => {
                    self.broken = true;
                    return Err(SpeechError::Unavailable(e));
                }
                Err(_) => {
                    let _ = self.requests.send(Request::Stop);
                    self.broken = true;
                    return Err(SpeechError::Hung(deadline.as_secs_f64()));
                }
            }
        }
    }
}
