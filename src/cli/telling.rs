//! Sentences said to the player outside a game's loop (the readiness check before a game, the
//! reading session of `rochade models read`): each printed as a plain line and said on the
//! player's speech output, and, where the next step needs it, waited for until it has been
//! said.
use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::assistant::protocol::{About, Effect, Listener, Played, TimedEffect};
use crate::catalog::Arg;
use crate::cli::play_voice::Speech;
use crate::cli::printer::Printer;

/// The longest wait for a sentence to be said: a dead output must not hang the session.
const SAID_WITHIN: Duration = Duration::from_secs(30);

/// Prints and says the catalog's sentences.
pub(crate) struct Teller<'a> {
    printer: &'a Printer,
    speech: Option<Speech>,
    /// Each sentence's number, by which the speech thread says it has been said.
    said: Cell<u64>,
}

impl<'a> Teller<'a> {
    /// `speech`: `None` when speech is off (the lines are only printed).
    pub(crate) fn new(printer: &'a Printer, speech: Option<Speech>) -> Teller<'a> {
        Teller {
            printer,
            speech,
            said: Cell::new(0),
        }
    }

    /// Prints and says message `id`; `wait`: returns only when it has been said (and the
    /// sentences before it).
    pub(crate) fn tell(&self, id: &str, params: &[(&str, Arg<'_>)], wait: bool) {
        let text = self.printer.catalog.text(id, params);
        self.printer.effect(&TimedEffect {
            at: 0,
            effect: Effect::Say {
                to: Listener::Player,
                text: text.clone(),
                about: About::Nothing,
            },
        });
        let Some(speech) = &self.speech else {
            return;
        };
        self.said.set(self.said.get() + 1);
        let number = self.said.get();
        let done = Played {
            read_back: number,
            uci: None,
        };
        speech.say_about(Listener::Player, &text, &About::Nothing, Some(done));
        if wait {
            let until = Instant::now() + SAID_WITHIN;
            while let Some(left) = until.checked_duration_since(Instant::now()) {
                match speech.finished.recv_timeout(left) {
                    Ok((p, _)) if p.read_back >= number => break,
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
        }
    }
}
