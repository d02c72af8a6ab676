//! The arbiter: why he is called, and the answers to his entries (time, position, result).
use shakmaty::Color;

use super::Words;
use crate::game::GameError;

impl Words {
    pub fn arbiter_called(&self) -> String {
        self.msg("arbiter-called")
    }

    /// What the arbiter hears when called: "Schiedsrichter bitte: " and why.
    pub fn arbiter_summoned(&self, why: &str) -> String {
        self.msg_with("arbiter-summoned", &[("why", why.into())])
    }

    /// Why, when the player asks for the arbiter (6.11.2).
    pub fn player_calls_arbiter(&self, player: Color) -> String {
        self.msg_with(
            "player-calls-arbiter",
            &[("side", self.side(player).into())],
        )
    }

    /// Why, after the opponent's impossible entry (7.5.1).
    pub fn impossible_entry_for_arbiter(&self, by: Color, entered: &str) -> String {
        self.msg_with(
            "impossible-entry-for-arbiter",
            &[("side", self.side(by).into()), ("entered", entered.into())],
        )
    }

    pub fn time_changed(&self, report: &str) -> String {
        self.msg_with("time-changed", &[("report", report.into())])
    }

    pub fn position_reset(&self, ply: usize, last: Option<&str>) -> String {
        match last {
            Some(l) => self.msg_with(
                "position-reset",
                &[("moves", ply.div_ceil(2).into()), ("last", l.into())],
            ),
            None => self.msg("position-reset-to-start"),
        }
    }

    /// The position could not be reset: why, in words.
    pub fn reset_error(&self, err: &GameError) -> String {
        match err {
            GameError::NoSuchPly { ply, available } => self.msg_with(
                "reset-error-no-such-ply",
                &[("ply", (*ply).into()), ("available", (*available).into())],
            ),
            other => other.to_string(),
        }
    }

    /// "kampflos": a forfeit result entered without other words.
    pub fn forfeit(&self) -> String {
        self.msg("result-forfeit")
    }

    pub fn arbiter_result(&self, result: &str, reason: &str) -> String {
        self.msg_with(
            "arbiter-result",
            &[
                ("result", self.result_words(result).into()),
                ("reason", reason.into()),
            ],
        )
    }

    /// The arbiter entered a result that is none.
    pub fn error_unknown_result(&self, result: &str) -> String {
        self.msg_with(
            "error-unknown-result",
            &[("result", format!("{result:?}").into())],
        )
    }

    /// The arbiter asked to reset a finished game.
    pub fn error_game_over_no_reset(&self) -> String {
        self.msg("error-game-over-no-reset")
    }
}
