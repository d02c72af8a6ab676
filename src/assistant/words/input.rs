//! How the player talks to the assistant: what he can say now (the help), his speech
//! settings confirmed, and typed lines that were not read.
use shakmaty::{Role, Square};

use super::Words;
use crate::vocab::Command;

/// Where the game stands, for the help text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpState {
    ReadBack,
    Question,
    YourMove,
    OpponentsMove,
    Over,
}

impl Words {
    /// What can be said now.
    pub fn help(&self, state: HelpState) -> String {
        let w = |c: Command| self.vocab.command_word(c).unwrap_or("").to_string();
        match state {
            HelpState::ReadBack => self.msg_with(
                "help-read-back",
                &[
                    ("yes", w(Command::Yes).into()),
                    ("no", w(Command::No).into()),
                    ("correction", w(Command::Correction).into()),
                ],
            ),
            HelpState::Question => self.msg_with("help-question", &[("no", w(Command::No).into())]),
            HelpState::YourMove | HelpState::OpponentsMove => {
                let lead = if state == HelpState::YourMove {
                    // The example is said in the game's own words (FIDE D.1).
                    let example =
                        format!("{} {}", self.piece(Role::Knight), self.square(Square::F3));
                    self.msg_with("help-your-move", &[("example", example.into())])
                } else {
                    self.msg("not-your-turn")
                };
                let commands = [
                    Command::Time,
                    Command::Moves,
                    Command::Repeat,
                    Command::LastMove,
                    Command::Scoresheet,
                    Command::Draw,
                    Command::Resign,
                    Command::Arbiter,
                ]
                .iter()
                .map(|c| w(*c))
                .collect::<Vec<_>>();
                self.msg_with(
                    "help-commands",
                    &[
                        ("lead", lead.into()),
                        ("commands", self.or_list(&commands).into()),
                    ],
                )
            }
            HelpState::Over => self.msg("help-over"),
        }
    }

    /// The confirmation of a speech setting ("Lauter.", "Lauter geht es nicht."), by its
    /// message id.
    pub fn speech_setting(&self, id: &str) -> String {
        self.msg(id)
    }

    /// A typed line longer than the limit (`bytes`) was refused; the game goes on.
    pub fn typed_line_too_long(&self, bytes: usize) -> String {
        self.msg_with("typed-line-too-long", &[("count", bytes.into())])
    }

    /// A typed line that is not text (not UTF-8) was refused; the game goes on.
    pub fn typed_line_not_text(&self) -> String {
        self.msg("typed-line-not-text")
    }
}
