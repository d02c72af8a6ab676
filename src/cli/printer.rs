//! The printed lines of `play` and `relay`: the assistant's words as plain lines or JSON
//! (`--json`), and the program's own notes. Used by the game loop ([`super::play`]) and by
//! what it does when a path to the player breaks ([`super::play_failures`]).
use std::io::Write;
use std::sync::Arc;

use crate::assistant::protocol::{About, Effect, Listener, TimedEffect};
use crate::catalog::{Arg, Catalog};

/// Prints what the player and the arbiter are told, in the game's language.
pub(crate) struct Printer {
    json: bool,
    /// The sentences of the game's language (the `--lang` one until a resumed game says its
    /// own).
    pub(crate) catalog: Arc<Catalog>,
}

impl Printer {
    pub(crate) fn new(json: bool, catalog: Arc<Catalog>) -> Printer {
        Printer { json, catalog }
    }

    pub(crate) fn line(&self, text: &str) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    pub(crate) fn effect(&self, e: &TimedEffect) {
        if self.json {
            self.line(&e.to_json().to_string());
            return;
        }
        match &e.effect {
            Effect::Say { to, text, .. } => {
                let id = match to {
                    Listener::Player => "to-player",
                    Listener::Opponent => "to-opponent",
                    Listener::Arbiter => "to-arbiter",
                };
                self.line(&self.catalog.text(id, &[("text", text.into())]));
            }
            Effect::Error { error } => {
                self.line(&self.catalog.text("error-line", &[("error", error.into())]))
            }
            _ => {}
        }
    }

    /// A sentence already in the game's language (from [`crate::assistant::words::Words`]).
    pub(crate) fn text_note(&self, text: &str) {
        if self.json {
            self.line(&serde_json::json!({"kind": "note", "text": text}).to_string());
        } else {
            self.line(text);
        }
    }

    /// Something for the arbiter that the shell (not the assistant) found, printed like the
    /// assistant's words to the arbiter.
    pub(crate) fn to_arbiter(&self, at: u64, text: String) {
        self.effect(&TimedEffect {
            at,
            effect: Effect::Say {
                to: Listener::Arbiter,
                text,
                about: About::Nothing,
            },
        });
    }

    /// A line of the program itself (not of the game), by its catalog message.
    pub(crate) fn note(&self, id: &str, args: &[(&str, Arg<'_>)]) {
        let text = self.catalog.text(id, args);
        if self.json {
            self.line(&serde_json::json!({"kind": "note", "text": text}).to_string());
        } else {
            self.line(&text);
        }
    }
}
