//! The game's journal: resuming a game from it (where the game stands, what damage was
//! found), and a journal that could not be written.
use shakmaty::Color;

use super::Words;
use crate::catalog::capitalize;
use crate::journal::{Damage, JournalProblem};

/// Whose turn it is at a resumption, and how the clocks stand, for [`Words::resumed`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResumedAt {
    /// The game goes on; `clock_runs_for_mover`: `Some(true)` the mover's clock runs,
    /// `Some(false)` the clocks stand, `None` no clock.
    Playing {
        player_to_move: bool,
        clock_runs_for_mover: Option<bool>,
    },
    /// The game is over with this result.
    Over { result: String },
}

impl Words {
    /// Where the game stands: "nach Zug 23" (after Black's move 23), "nach Zug 24 von Weiß",
    /// "vor dem ersten Zug".
    pub fn after_move(&self, last: Option<(u32, Color)>) -> String {
        match last {
            None => self.msg("resumed-before-first-move"),
            Some((n, Color::Black)) => self.msg_with("resumed-after-move", &[("count", n.into())]),
            Some((n, Color::White)) => {
                self.msg_with("resumed-after-white-move", &[("count", n.into())])
            }
        }
    }

    /// What the player hears when a game is resumed: "Partie fortgesetzt nach Zug 23, Sie sind
    /// am Zug, Ihre Uhr läuft."
    pub fn resumed(&self, last: Option<(u32, Color)>, at: &ResumedAt) -> String {
        let after = self.after_move(last);
        match at {
            ResumedAt::Over { result } => self.msg_with(
                "resumed-game-over",
                &[
                    ("after", after.into()),
                    ("result", self.game_over(result).into()),
                ],
            ),
            ResumedAt::Playing {
                player_to_move,
                clock_runs_for_mover,
            } => {
                let turn = self.msg(match (player_to_move, clock_runs_for_mover) {
                    (true, Some(true)) => "resumed-player-clock-runs",
                    (false, Some(true)) => "resumed-opponent-clock-runs",
                    (true, Some(false)) => "resumed-player-clocks-stopped",
                    (false, Some(false)) => "resumed-opponent-clocks-stopped",
                    (true, None) => "resumed-player-to-move",
                    (false, None) => "resumed-opponent-to-move",
                });
                self.msg_with(
                    "resumed-where",
                    &[("after", after.into()), ("turn", turn.into())],
                )
            }
        }
    }

    /// The player's move announced again to the opponent after a resumption (the
    /// announcement may not have been made before the interruption): "Noch einmal: Springer
    /// Felix drei".
    pub fn announce_again(&self, words: &str) -> String {
        self.msg_with("announce-again", &[("words", capitalize(words).into())])
    }

    /// The torn last line of a journal, dropped at a resumption.
    pub fn journal_torn_line(&self, line: usize) -> String {
        self.msg_with("journal-torn-line", &[("line", line.into())])
    }

    /// One damage found in a journal, in plain words with its line number.
    pub fn journal_damage(&self, problem: &JournalProblem) -> String {
        match problem {
            JournalProblem::TornLastLine { line, .. } => self.journal_torn_line(*line),
            JournalProblem::BrokenLine { line, .. } => {
                self.msg_with("journal-broken-line", &[("line", (*line).into())])
            }
            JournalProblem::Damaged { line, damage } => {
                let line = (*line).into();
                match damage {
                    Damage::ChecksumMismatch => {
                        self.msg_with("journal-changed-line", &[("line", line)])
                    }
                    Damage::NoChecksum => self.msg_with("journal-unsealed-line", &[("line", line)]),
                    Damage::Missing { count } => self.msg_with(
                        "journal-missing-lines",
                        &[("line", line), ("count", (*count).into())],
                    ),
                    Damage::OutOfOrder { .. } => {
                        self.msg_with("journal-line-out-of-place", &[("line", line)])
                    }
                    Damage::OutOfTime { .. } => {
                        self.msg_with("journal-line-out-of-time", &[("line", line)])
                    }
                }
            }
        }
    }

    /// The question before a damaged journal is resumed: from its last good line, or not.
    pub fn journal_resume_question(
        &self,
        last_good_line: usize,
        last: Option<(u32, Color)>,
    ) -> String {
        self.msg_with(
            "journal-resume-question",
            &[
                ("line", last_good_line.into()),
                ("after", self.after_move(last).into()),
            ],
        )
    }

    /// A damaged journal that was not resumed.
    pub fn journal_not_resumed(&self) -> String {
        self.msg("journal-not-resumed")
    }

    /// A damaged journal resumed with the player's or arbiter's consent.
    pub fn journal_resumed_after_damage(&self, last_good_line: usize) -> String {
        self.msg_with(
            "journal-resumed-after-damage",
            &[("line", last_good_line.into())],
        )
    }

    pub fn journal_failed(&self, why: &str) -> String {
        self.msg_with("journal-failed", &[("why", why.into())])
    }
}
