//! The end of a game: resignation, loss by illegal moves, the result and its reason, as the
//! player and the opponent hear them.
use shakmaty::Color;

use super::Words;
use crate::catalog::capitalize;
use crate::game::{EndReason, GameResult};

impl Words {
    pub fn resign_question(&self) -> String {
        self.msg("resign-question")
    }

    /// A resignation named by colour, for the opponent: "Weiß gibt auf".
    pub fn resigns(&self, side: Color) -> String {
        self.msg_with("resigns", &[("side", self.side(side).into())])
    }

    pub fn resignation(&self) -> String {
        self.msg("resignation")
    }

    pub fn opponent_resigned(&self) -> String {
        self.msg("opponent-resigned")
    }

    /// The game lost by illegal moves (7.5.5, 7.4.b), by colour: "Regelwidrige Züge von
    /// Schwarz (Artikel 7.5.5)".
    pub fn illegal_moves_end(&self, offender: Color, drawn: bool, article: &str) -> String {
        let id = if drawn {
            "illegal-moves-end-drawn"
        } else {
            "illegal-moves-end"
        };
        self.msg_with(
            id,
            &[
                ("side", self.side(offender).into()),
                ("other", self.side(!offender).into()),
                ("article", article.into()),
            ],
        )
    }

    pub fn game_over(&self, result: &str) -> String {
        self.msg_with("game-over", &[("result", self.result_words(result).into())])
    }

    pub fn not_started(&self) -> String {
        self.msg("not-started")
    }

    /// A result as words: "eins zu null", "remis".
    pub fn result_words(&self, result: &str) -> String {
        match result {
            "1-0" => self.msg("result-white-wins"),
            "0-1" => self.msg("result-black-wins"),
            "1/2-1/2" => self.msg("result-draw"),
            other => other.into(),
        }
    }

    pub fn end_reason(&self, reason: EndReason) -> String {
        self.msg(match reason {
            EndReason::Checkmate => "end-checkmate",
            EndReason::Stalemate => "end-stalemate",
            EndReason::DeadPosition => "end-dead-position",
            EndReason::FivefoldRepetition => "end-fivefold-repetition",
            EndReason::SeventyFiveMoves => "end-seventy-five-moves",
            EndReason::ThreefoldRepetitionClaim => "end-threefold-repetition",
            EndReason::FiftyMovesClaim => "end-fifty-moves",
        })
    }

    /// The end of a game for the player: "Schachmatt. Sie haben gewonnen."
    pub fn game_ended(&self, reason: &str, result: GameResult, player: Color) -> String {
        let reason = capitalize(reason.trim_end_matches('.'));
        let draw = self.msg("outcome-draw");
        if result == GameResult::Draw && reason.starts_with(draw.trim_end_matches('.')) {
            // "Remis vereinbart.", not "Remis vereinbart. Remis."
            return format!("{reason}.");
        }
        let outcome = match (result, player) {
            (GameResult::Draw, _) => draw,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
                self.msg("outcome-won")
            }
            _ => self.msg("outcome-lost"),
        };
        self.msg_with(
            "game-ended",
            &[("reason", reason.into()), ("outcome", outcome.into())],
        )
    }

    /// The end of a game for the opponent.
    pub fn game_ended_for_opponent(&self, reason: &str, result: GameResult) -> String {
        self.msg_with(
            "game-ended-for-opponent",
            &[
                ("reason", capitalize(reason.trim_end_matches('.')).into()),
                ("result", self.result_words(result.as_str()).into()),
            ],
        )
    }
}
