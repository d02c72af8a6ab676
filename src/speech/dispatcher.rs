//! The speech-dispatcher backend: the system's voice, shared with the screen reader (Orca).
//! Rochade connects as its own client, `USER:rochade:main` (SSIP `CLIENT_NAME`), so that the
//! user can tell it apart and configure it (speechd.conf's client sections), and gives every
//! message a priority ([`Priority`], chosen by the caller for what the message is about), so
//! that speech-dispatcher orders Rochade's and the screen reader's messages instead of letting
//! them talk over each other: a flag fall interrupts Orca, a move waits for Orca's message and
//! Orca's next message cuts a help text short. Language, voice, rate and volume come from the
//! output configuration; rate and volume can change between messages.
//!
//! speech-dispatcher accepts text and then never finishes when it has no audio server (and the
//! library may block when the daemon is stuck), so the connection lives on its own thread and
//! the caller waits with a deadline: connecting 3 s, each utterance about 0.5 s + 0.12 s a
//! character, counted again from its start when the daemon begins it later (another client
//! spoke first). A missed deadline stops the utterance and switches this backend off for good;
//! the [`super::FallbackSpeaker`] then moves on. A message that speech-dispatcher cancels for
//! another client's important one is said again (twice at most) unless it is a mere text.
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};
use speech_dispatcher as spd;

use super::{OutputConfig, Priority, Speaker, SpeechError, Spoken, deadline_for};
use crate::lang::Lang;

/// How long creating the connection may take.
const START_TIMEOUT: Duration = Duration::from_secs(3);

/// How long choosing the voice may take (speech-dispatcher may list thousands of voices).
const CONFIGURE_TIMEOUT: Duration = Duration::from_secs(8);

/// How often a message cancelled by another client's is said again.
const SAY_AGAIN: u32 = 2;

/// Rochade's client name in SSIP (`USER:CLIENT:COMPONENT`): the client part.
pub const CLIENT: &str = "rochade";

/// The component part of the client name: the game's announcements.
pub const COMPONENT: &str = "main";

enum Request {
    Speak(String, Priority),
    Levels { volume: u8, rate_wpm: u32 },
    Stop,
}

enum Reply {
    /// Voice and rate are set.
    Configured,
    /// A message was queued under this id.
    Queued(u64),
    Begun(u64),
    Ended(u64),
    Cancelled(u64),
    Failed(String),
}

/// speech-dispatcher behind a deadline.
pub struct DispatcherSpeaker {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
    rate_wpm: u32,
    priority: Priority,
    broken: bool,
    configured: bool,
    voices: Receiver<Option<String>>,
    /// The voice chosen, once known.
    pub voice: Option<String>,
}

/// speech-dispatcher's rate (-100 to 100, 0 normal) for a rate in words a minute: 175 is the
/// normal rate, twice that the fastest, half of it the slowest.
pub fn spd_rate(wpm: u32) -> i32 {
    let wpm = f64::from(wpm);
    let rate = if wpm >= 175.0 {
        100.0 * ((wpm - 175.0) / 175.0).min(1.0)
    } else {
        -100.0 * ((175.0 - wpm) / 87.5).min(1.0)
    };
    rate.round() as i32
}

/// speech-dispatcher's volume (-100 to 100, 100 its loudest) for a volume in percent.
pub fn spd_volume(percent: u8) -> i32 {
    2 * i32::from(percent.min(100)) - 100
}

/// The user part of the client name: the login name, with only the characters SSIP allows.
pub fn user_part(login: Option<&str>) -> String {
    let cleaned: String = login
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    if cleaned.is_empty() {
        "user".into()
    } else {
        cleaned
    }
}

fn spd_priority(p: Priority) -> spd::Priority {
    match p {
        Priority::Important => spd::Priority::Important,
        Priority::Message => spd::Priority::Message,
        Priority::Text => spd::Priority::Text,
    }
}

/// Whether a voice's language ("de", "en-US", "en_GB") is `lang`.
fn of_lang(voice: &spd::Voice, lang: Lang) -> bool {
    voice
        .language
        .split(['-', '_'])
        .next()
        .is_some_and(|l| l.eq_ignore_ascii_case(lang.code()))
}

/// Picks the voice: the configured name if there is such a voice of the language (or any
/// language), otherwise the first voice of the language.
fn choose_voice(voices: &[spd::Voice], lang: Lang, wanted: Option<&str>) -> Option<spd::Voice> {
    if let Some(name) = wanted {
        let same = |v: &&spd::Voice| v.name.eq_ignore_ascii_case(name);
        if let Some(v) = voices
            .iter()
            .filter(|v| of_lang(v, lang))
            .find(same)
            .or_else(|| voices.iter().find(same))
        {
            return Some(v.clone());
        }
    }
    voices.iter().find(|v| of_lang(v, lang)).cloned()
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
        let volume = config.volume;
        let login = std::env::var("USER")
            .or_else(|_| std::env::var("LOGNAME"))
            .ok();
        std::thread::Builder::new()
            .name("rochade-speech-dispatcher".into())
            .spawn(move || {
                let user = user_part(login.as_deref());
                let connection = match spd::Connection::open(
                    CLIENT,
                    COMPONENT,
                    user.as_str(),
                    spd::Mode::Threaded,
                ) {
                    Ok(c) => c,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e.to_string()));
                        return;
                    }
                };
                let events = |make: fn(u64) -> Reply| {
                    let tx = reply_tx.clone();
                    Some(Box::new(move |msg_id: usize, _client: usize| {
                        let _ = tx.send(make(msg_id as u64));
                    }) as Box<dyn FnMut(usize, usize)>)
                };
                connection.on_begin(events(Reply::Begun));
                connection.on_end(events(Reply::Ended));
                connection.on_cancel(events(Reply::Cancelled));
                let _ = ready_tx.send(Ok(()));
                let _ = connection.set_language(lang.code());
                let voice = connection
                    .list_synthesis_voices()
                    .ok()
                    .and_then(|voices| choose_voice(&voices, lang, wanted.as_deref()));
                let mut voice_name = None;
                if let Some(v) = &voice
                    && connection.set_synthesis_voice(v).is_ok()
                {
                    voice_name = Some(v.name.clone());
                }
                let _ = connection.set_voice_rate(spd_rate(rate));
                let _ = connection.set_volume(spd_volume(volume));
                let _ = voice_tx.send(voice_name);
                let _ = reply_tx.send(Reply::Configured);
                for request in request_rx.iter() {
                    match request {
                        Request::Speak(text, priority) => {
                            match connection.say(spd_priority(priority), text) {
                                Some(id) => {
                                    let _ = reply_tx.send(Reply::Queued(id));
                                }
                                None => {
                                    let _ = reply_tx
                                        .send(Reply::Failed("it refused the message".into()));
                                }
                            }
                        }
                        Request::Levels { volume, rate_wpm } => {
                            let _ = connection.set_voice_rate(spd_rate(rate_wpm));
                            let _ = connection.set_volume(spd_volume(volume));
                        }
                        Request::Stop => {
                            let _ = connection.cancel();
                        }
                    }
                }
                // Dropping the connection closes it (once: closing it by hand as well frees
                // it twice).
                drop(connection);
            })
            .map_err(|e| SpeechError::Unavailable(e.to_string()))?;
        match ready_rx.recv_timeout(START_TIMEOUT) {
            Ok(Ok(())) => Ok(DispatcherSpeaker {
                requests: request_tx,
                replies: reply_rx,
                voices: voice_rx,
                rate_wpm: rate,
                priority: Priority::default(),
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

    /// Waits until the voice is chosen (once).
    fn configure(&mut self) -> Result<(), SpeechError> {
        if self.configured {
            return Ok(());
        }
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
        Ok(())
    }

    /// Says `text` once: `Ok(true)` when it was said to its end, `Ok(false)` when
    /// speech-dispatcher cancelled it (for another client's more urgent message).
    fn say_once(&mut self, text: &str, began: &mut Option<Duration>) -> Result<bool, SpeechError> {
        let started = Instant::now();
        let deadline = deadline_for(text, self.rate_wpm);
        if self
            .requests
            .send(Request::Speak(text.to_string(), self.priority))
            .is_err()
        {
            self.broken = true;
            return Err(SpeechError::Unavailable("its thread has ended".into()));
        }
        let mut id = None;
        // Counted again from the start of the sound when it begins late.
        let mut until = started + deadline;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let reply = match self.replies.recv_timeout(left) {
                Ok(reply) => reply,
                Err(_) => {
                    let _ = self.requests.send(Request::Stop);
                    self.broken = true;
                    return Err(SpeechError::Hung(deadline.as_secs_f64()));
                }
            };
            match reply {
                Reply::Queued(queued) => id = Some(queued),
                Reply::Begun(b) if Some(b) == id => {
                    began.get_or_insert(started.elapsed());
                    until = until.max(Instant::now() + deadline);
                }
                Reply::Ended(e) if Some(e) == id => return Ok(true),
                Reply::Cancelled(c) if Some(c) == id => return Ok(false),
                Reply::Failed(e) => {
                    self.broken = true;
                    return Err(SpeechError::Unavailable(e));
                }
                // Events of an earlier message that was given up.
                _ => {}
            }
        }
    }
}

impl Speaker for DispatcherSpeaker {
    fn name(&self) -> &str {
        "speech-dispatcher"
    }

    fn set_priority(&mut self, priority: Priority) {
        self.priority = priority;
    }

    fn set_levels(&mut self, volume: u8, rate_wpm: u32) {
        self.rate_wpm = rate_wpm;
        let _ = self.requests.send(Request::Levels { volume, rate_wpm });
    }

    fn speak(&mut self, text: &str) -> Result<Spoken, SpeechError> {
        if self.broken {
            return Err(SpeechError::Broken("speech-dispatcher".into()));
        }
        self.configure()?;
        // replies of an earlier, abandoned utterance are stale
        while self.replies.try_recv().is_ok() {}
        let started = Instant::now();
        let mut began = None;
        let mut tries = 0;
        while !self.say_once(text, &mut began)? {
            tries += 1;
            // A text gives way (SSIP's "text" priority); a message is said again.
            if self.priority == Priority::Text || tries > SAY_AGAIN {
                break;
            }
        }
        Ok(Spoken {
            started_after: began.unwrap_or_default(),
            total: started.elapsed(),
            backend: "speech-dispatcher".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_volumes_map_onto_speech_dispatchers_scales() {
        assert_eq!(spd_rate(175), 0);
        assert_eq!(spd_rate(350), 100);
        assert_eq!(spd_rate(450), 100);
        assert_eq!(spd_rate(100), -86);
        assert_eq!(spd_rate(80), -100);
        assert_eq!(spd_rate(200), 14);
        assert_eq!(spd_volume(100), 100);
        assert_eq!(spd_volume(50), 0);
        assert_eq!(spd_volume(10), -80);
    }

    #[test]
    fn the_user_part_has_only_what_ssip_allows() {
        assert_eq!(user_part(Some("anna")), "anna");
        assert_eq!(user_part(Some("anna.m:x")), "annamx");
        assert_eq!(user_part(None), "user");
    }

    #[test]
    fn a_voice_is_chosen_by_name_then_by_language() {
        let voice = |name: &str, language: &str| spd::Voice {
            name: name.into(),
            language: language.into(),
            variant: None,
        };
        let voices = [
            voice("en-us", "en-US"),
            voice("German+Adam", "de"),
            voice("German+Anna", "de"),
        ];
        let name = |v: Option<spd::Voice>| v.map(|v| v.name);
        assert_eq!(
            name(choose_voice(&voices, Lang::De, None)).as_deref(),
            Some("German+Adam")
        );
        assert_eq!(
            name(choose_voice(&voices, Lang::De, Some("german+anna"))).as_deref(),
            Some("German+Anna")
        );
        assert_eq!(
            name(choose_voice(&voices, Lang::En, Some("nobody"))).as_deref(),
            Some("en-us")
        );
        assert_eq!(name(choose_voice(&voices, Lang::He, None)), None);
    }
}
