//! The microphone between games: opened on its own thread with a grammar of the service's
//! words only, tried again while it fails, and what it hears taken as the service's words.
use std::time::Instant;

use crossbeam_channel::bounded;

use super::idle_words::idle_meaning;
use super::{IdleVoice, MICROPHONE_RETRY, Service, log};
use crate::asr::input::VoiceEvent;
use crate::asr::{Grammar, PhraseMeaning};
use crate::cli::control::ControlReply;
use crate::cli::play_failures::Started;
use crate::cli::play_voice::start_voice;
use crate::vocab::{Command, ServiceCommand};

/// A recognized phrase is taken between games only with this confidence or more.
const SURE_ENOUGH: f32 = 0.5;

impl Service {
    /// Between games: the microphone with the service's grammar, tried again while it fails.
    pub(super) fn listen_between_games(&mut self) {
        if !self.voice
            || self.game.is_some()
            || self.reading.is_some()
            || self.idle_voice.is_some()
            || self.attempt.is_some()
            || Instant::now() < self.microphone_next
        {
            return;
        }
        let mut voice_args = self.base.voice.clone();
        voice_args.voice = true;
        let (grammar, lang, mute) = (self.idle_grammar(), self.vocab.lang(), self.mute.clone());
        let (tx, rx) = bounded(1);
        // On its own thread: a device can take seconds to answer, and a recognizer to load,
        // while `ctl` is answered.
        let spawned = std::thread::Builder::new()
            .name("microphone".into())
            .spawn(move || {
                let started =
                    crate::audio::devices::probe_input(voice_args.input_device.as_deref())
                        .map_err(|e| e.to_string())
                        .and_then(|_| start_voice(&voice_args, lang, grammar, Some(mute)));
                let _ = tx.send(started);
            });
        match spawned {
            Ok(_) => self.attempt = Some(rx),
            Err(e) => self.attempted(Err(e.to_string())),
        }
    }

    /// An attempt to open the microphone ended.
    pub(super) fn attempted(&mut self, started: Started) {
        match started {
            // A game or a reading session began meanwhile: it has the microphone.
            Ok((handle, _, _)) if self.game.is_some() || self.reading.is_some() => handle.stop(),
            Ok((handle, events, notices)) => {
                for n in notices {
                    log("info", &n);
                }
                log("info", &self.text("service-microphone-ready", &[]));
                self.microphone_why = None;
                // The grammar may have changed while it opened (a damaged journal's question).
                handle.set_grammar(self.idle_grammar());
                self.idle_voice = Some(IdleVoice {
                    handle,
                    events,
                    talking: false,
                });
            }
            Err(why) => {
                self.microphone_next = Instant::now() + MICROPHONE_RETRY;
                // Written once a reason, not every half minute.
                if self.microphone_why.as_deref() != Some(why.as_str()) {
                    let seconds =
                        crate::numbers::cardinal(MICROPHONE_RETRY.as_secs(), self.catalog.lang());
                    log(
                        "warning",
                        &self.text(
                            "service-no-microphone",
                            &[("why", (&why).into()), ("seconds", seconds.into())],
                        ),
                    );
                    self.microphone_why = Some(why);
                }
            }
        }
    }

    /// The recognizer's grammar between games: the service's words only (and "ja", "nein"
    /// while a damaged journal's question waits).
    fn idle_grammar(&self) -> Grammar {
        let mut g = Grammar::new(self.vocab.lang());
        for c in ServiceCommand::ALL {
            for phrase in self.vocab.service_words(c) {
                if self.vocab.heard_by_recognizer(phrase) {
                    g.add(
                        &phrase.to_lowercase(),
                        PhraseMeaning::Command(c.name().into()),
                    );
                }
            }
        }
        let mut commands = vec![Command::Help, Command::Repeat];
        if self.damaged.is_some() {
            commands.extend([Command::Yes, Command::No]);
        }
        for c in commands {
            for phrase in self.vocab.command_words(c) {
                g.add(
                    &phrase.to_lowercase(),
                    PhraseMeaning::Command(c.name().into()),
                );
            }
        }
        g
    }

    /// The microphone hears what can be said now.
    pub(super) fn refresh_grammar(&self) {
        if let Some(v) = &self.idle_voice {
            v.handle.set_grammar(self.idle_grammar());
        }
    }

    pub(super) fn stop_idle_voice(&mut self) {
        if let Some(v) = self.idle_voice.take() {
            v.handle.stop();
        }
        // A game that ends starts the microphone again at once.
        self.microphone_next = Instant::now();
    }

    pub(super) fn idle_talk(&mut self) -> ControlReply {
        match self
            .idle_voice
            .as_mut()
            .filter(|_| self.base.voice.push_to_talk)
        {
            Some(v) => {
                v.talking = !v.talking;
                v.handle.talk(v.talking);
                let said = if v.talking {
                    vec![self.say(self.text("listening", &[]))]
                } else {
                    Vec::new()
                };
                self.taken(said)
            }
            None => self.refused(self.text("no-push-to-talk", &[])),
        }
    }

    /// What the microphone brought between games.
    pub(super) fn heard(&mut self, event: Option<VoiceEvent>) {
        match event {
            Some(VoiceEvent::Recognized(heard)) => {
                if let Some(v) = self.idle_voice.as_mut() {
                    v.talking = false;
                }
                let text = heard
                    .alternatives
                    .iter()
                    .find(|(text, confidence)| {
                        *confidence >= SURE_ENOUGH && idle_meaning(text, &self.vocab).is_some()
                    })
                    .map(|(text, _)| text.clone())
                    .unwrap_or_default();
                self.idle_input(&text);
            }
            Some(VoiceEvent::DeviceError(why)) => {
                log(
                    "warning",
                    &self.text(
                        "service-no-microphone",
                        &[
                            ("why", why.into()),
                            (
                                "seconds",
                                crate::numbers::cardinal(
                                    MICROPHONE_RETRY.as_secs(),
                                    self.catalog.lang(),
                                )
                                .into(),
                            ),
                        ],
                    ),
                );
                if let Some(v) = self.idle_voice.take() {
                    std::thread::spawn(move || v.handle.stop());
                }
                self.microphone_next = Instant::now() + MICROPHONE_RETRY;
            }
            Some(VoiceEvent::Notice(w))
            | Some(VoiceEvent::GrammarSet {
                warning: Some(w), ..
            }) => log("info", &w),
            Some(_) => {}
            None => {
                self.idle_voice = None;
                self.microphone_next = Instant::now() + MICROPHONE_RETRY;
            }
        }
    }
}
