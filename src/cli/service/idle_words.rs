//! The service's words between games ("Neue Partie", "Partie fortsetzen", "Stimme lernen",
//! "Einstellungen", "Hilfe", "Wiederholen", and "ja" or "nein" to a damaged journal's
//! question): what a sentence means, and the answer to each.
use super::Service;
use crate::assistant::words::Words;
use crate::cli::control::ControlReply;
use crate::vocab::{Command, Meaning, ServiceCommand, Vocab, normalize_word};

/// What the player can say between games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum IdleWord {
    Service(ServiceCommand),
    Command(Command),
}

/// The words of a phrase as they are compared: normalized, fillers left out.
fn key_of(text: &str, vocab: &Vocab) -> Vec<String> {
    text.split_whitespace()
        .map(|w| normalize_word(w.trim_matches(|c: char| c.is_ascii_punctuation())))
        .filter(|w| !w.is_empty() && vocab.lookup(w) != Some(Meaning::Filler))
        .collect()
}

/// What a sentence said between games means, if it is one of the service's words.
pub(super) fn idle_meaning(text: &str, vocab: &Vocab) -> Option<IdleWord> {
    let key = key_of(text, vocab);
    if key.is_empty() {
        return None;
    }
    let service = ServiceCommand::ALL.into_iter().find(|c| {
        vocab
            .service_words(*c)
            .iter()
            .any(|p| key_of(p, vocab) == key)
    });
    if let Some(c) = service {
        return Some(IdleWord::Service(c));
    }
    [Command::Help, Command::Repeat, Command::Yes, Command::No]
        .into_iter()
        .find(|c| {
            vocab
                .command_words(*c)
                .iter()
                .any(|p| key_of(p, vocab) == key)
        })
        .map(IdleWord::Command)
}

impl Service {
    /// A sentence between games (typed through `ctl input`, or heard).
    pub(super) fn idle_input(&mut self, text: &str) -> ControlReply {
        match idle_meaning(text, &self.vocab) {
            Some(word) => self.idle_input_word(word),
            None => {
                let new_game = self.first_service_word(ServiceCommand::NewGame);
                let why = self.text("service-no-game", &[("new_game", new_game.into())]);
                self.say(why.clone());
                self.refused(why)
            }
        }
    }

    pub(super) fn idle_input_word(&mut self, word: IdleWord) -> ControlReply {
        match word {
            IdleWord::Service(ServiceCommand::NewGame) => self.new_game(&[]),
            IdleWord::Service(ServiceCommand::ResumeGame) => self.resume(None, false),
            IdleWord::Service(ServiceCommand::LearnVoice) => self.learn_voice(),
            IdleWord::Service(ServiceCommand::Settings) => {
                let text = self.settings();
                let said = self.say(text);
                self.taken(vec![said])
            }
            IdleWord::Command(Command::Yes) if self.damaged.is_some() => {
                let path = self.damaged.take();
                self.resume(path, true)
            }
            IdleWord::Command(Command::No) if self.damaged.is_some() => {
                self.damaged = None;
                self.refresh_grammar();
                let words = Words::new(self.vocab.clone(), self.catalog.lang());
                let said = self.say(words.journal_not_resumed());
                self.taken(vec![said])
            }
            IdleWord::Command(Command::Repeat) => match self.said.clone() {
                Some(text) => {
                    let said = self.say(text);
                    self.taken(vec![said])
                }
                None => {
                    let said = self.ready();
                    self.taken(vec![said])
                }
            },
            IdleWord::Command(_) => {
                let text = self.help();
                let said = self.say(text);
                self.taken(vec![said])
            }
        }
    }

    fn help(&self) -> String {
        let mut words: Vec<String> = ServiceCommand::ALL
            .into_iter()
            .map(|c| self.first_service_word(c))
            .collect();
        for c in [Command::Help, Command::Repeat] {
            if let Some(w) = self.vocab.command_word(c) {
                words.push(w.to_string());
            }
        }
        self.text("service-help", &[("commands", words.join(", ").into())])
    }

    /// The settings a new game gets: the side and the time control in words.
    fn settings(&self) -> String {
        let lang = self.catalog.lang();
        let side = self.text(
            if self
                .base
                .player
                .trim()
                .to_ascii_lowercase()
                .starts_with('b')
                || self
                    .base
                    .player
                    .trim()
                    .to_ascii_lowercase()
                    .starts_with('s')
            {
                "side-black"
            } else {
                "side-white"
            },
            &[],
        );
        let words = Words::new(self.vocab.clone(), lang);
        let control = self
            .base
            .time_control
            .parse::<crate::clock::TimeControl>()
            .ok()
            .and_then(|tc| crate::clock::spoken::control_words(&tc, lang))
            .unwrap_or_else(|| words.no_clock());
        self.text(
            "service-settings",
            &[("side", side.into()), ("control", control.into())],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn the_service_words_come_from_the_vocabulary_and_nothing_else() {
        let de = Vocab::builtin(Lang::De);
        assert_eq!(
            idle_meaning("Neue Partie", &de),
            Some(IdleWord::Service(ServiceCommand::NewGame))
        );
        assert_eq!(
            idle_meaning("äh Partie fortsetzen bitte", &de),
            Some(IdleWord::Service(ServiceCommand::ResumeGame))
        );
        assert_eq!(
            idle_meaning("Einstellungen", &de),
            Some(IdleWord::Service(ServiceCommand::Settings))
        );
        assert_eq!(
            idle_meaning("Wiederholen", &de),
            Some(IdleWord::Command(Command::Repeat))
        );
        assert_eq!(
            idle_meaning("Stimme lernen", &de),
            Some(IdleWord::Service(ServiceCommand::LearnVoice))
        );
        assert_eq!(idle_meaning("Springer Felix drei", &de), None);
        assert_eq!(idle_meaning("neue", &de), None);
        let en = Vocab::builtin(Lang::En);
        assert_eq!(
            idle_meaning("new game", &en),
            Some(IdleWord::Service(ServiceCommand::NewGame))
        );
    }
}
