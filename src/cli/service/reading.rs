//! The reading session the service runs between games (`rochade models read`, on "Stimme
//! lernen"): a child process with the microphone and a speech output of its own, started with
//! the service's voice settings; its printed lines come on a channel, and typed lines go to it.
//! The service offers it while the installed model hears the games, and a new game waits
//! until it is over.
use std::io::{BufRead, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Instant;

use crossbeam_channel::{Receiver, unbounded};

use super::{ControlReply, Service, log};
use crate::cli::play_voice::VoiceArgs;
use crate::lang::Lang;

/// A running reading session.
pub(super) struct ReadingChild {
    child: Child,
    keys: Option<ChildStdin>,
    /// Its printed lines, read on their own thread; closed when it has ended.
    pub(super) lines: Receiver<String>,
}

impl ReadingChild {
    /// Starts `rochade models read` in `lang` with the speech and audio settings of `voice`.
    fn start(lang: Lang, voice: &VoiceArgs) -> std::io::Result<ReadingChild> {
        let mut command = Command::new(std::env::current_exe()?);
        command
            .args(["models", "read", "--lang", lang.code()])
            .args(["--speech", &voice.speech])
            .args(["--speech-rate", &voice.speech_rate.to_string()]);
        for (flag, value) in [
            ("--speech-voice", &voice.speech_voice),
            ("--input-device", &voice.input_device),
            ("--output-device", &voice.output_device),
        ] {
            if let Some(value) = value {
                command.args([flag, value.as_str()]);
            }
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let (tx, lines) = unbounded();
        if let Some(out) = child.stdout.take() {
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        let keys = child.stdin.take();
        Ok(ReadingChild { child, keys, lines })
    }

    /// Types a line into the session, as at its keyboard; `false` when it no longer reads.
    fn type_line(&mut self, text: &str) -> bool {
        self.keys
            .as_mut()
            .is_some_and(|keys| writeln!(keys, "{text}").and_then(|()| keys.flush()).is_ok())
    }

    /// Whether the session has ended.
    fn ended(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }

    /// Ends the session (what it kept is kept).
    fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Service {
    /// Whether the games would be heard by pocketsphinx with the installed model, which a
    /// reading session improves most ("Stimme lernen"): no Vosk model, none adapted.
    pub(super) fn voice_unlearnt(&self) -> bool {
        let voice = &self.base.voice;
        let config = crate::asr::RecognizerConfig::auto(self.vocab.lang());
        let pocketsphinx = match voice.recognizer {
            Some(backend) => backend == crate::asr::Backend::Pocketsphinx,
            None => voice.model.is_none() && config.find_vosk_model().is_none(),
        };
        self.voice && pocketsphinx && config.hears_with_installed_model()
    }

    /// "Stimme lernen": the reading session starts, with the microphone the service gives up
    /// for it and the service's speech settings; it says its lines itself.
    pub(super) fn learn_voice(&mut self) -> ControlReply {
        if !self.voice {
            let why = self.text("service-learning-no-voice", &[]);
            let said = self.say(why);
            return self.taken(vec![said]);
        }
        self.stop_idle_voice();
        match ReadingChild::start(self.catalog.lang(), &self.base.voice) {
            Ok(reading) => {
                self.reading = Some(reading);
                self.taken(Vec::new())
            }
            Err(e) => self.learning_failed(e.to_string()),
        }
    }

    fn learning_failed(&mut self, why: String) -> ControlReply {
        let text = self.text("service-learning-failed", &[("why", why.into())]);
        log("error", &text);
        self.microphone_next = Instant::now();
        let said = self.say(text);
        self.taken(vec![said])
    }

    /// A line the reading session printed: the service's own output, and the last sentence
    /// said (for `ctl status` and "Wiederholen" after it). `None`: the session has ended.
    pub(super) fn relay_reading(&mut self, line: Option<String>) {
        let Some(line) = line else {
            if let Some(r) = self.reading.as_mut() {
                r.lines = crossbeam_channel::never();
            }
            self.reap_reading();
            return;
        };
        println!("{line}");
        let prefix = self.text("to-player", &[("text", "".into())]);
        if let Some(said) = line.strip_prefix(prefix.as_str()) {
            self.said = Some(said.to_string());
        }
    }

    /// What `ctl input` brings while a session runs goes to it, as typed at its keyboard.
    pub(super) fn type_into_reading(&mut self, text: &str) -> ControlReply {
        let sent = self.reading.as_mut().is_some_and(|r| r.type_line(text));
        if sent {
            self.taken(Vec::new())
        } else {
            self.reap_reading();
            self.idle_input(text)
        }
    }

    /// A session that has ended leaves the microphone to the service again.
    pub(super) fn reap_reading(&mut self) {
        let ended = self.reading.as_mut().is_some_and(ReadingChild::ended);
        if ended {
            self.reading = None;
            self.microphone_next = Instant::now();
            self.ready();
        }
    }

    /// The end of the service ends a session too (what it kept is kept).
    pub(super) fn stop_reading(&mut self) {
        if let Some(r) = self.reading.take() {
            r.stop();
        }
    }

    /// A new game waits until the session is over.
    pub(super) fn reading_refusal(&self) -> Option<ControlReply> {
        self.reading.as_ref()?;
        let stop = crate::asr::reading::Control::Stop.said_as(&self.vocab);
        Some(self.refused(self.text("service-learning-running", &[("stop", stop.into())])))
    }
}
