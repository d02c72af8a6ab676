//! The opponent's doings as the others are told them: his moves and entries, and the pieces
//! he touches (D.2.9.e).
use shakmaty::{Color, Role, Square};

use super::{Words, role_key};

impl Words {
    pub fn opponent_not_to_move(&self) -> String {
        self.msg("opponent-not-to-move")
    }

    pub fn opponent_moved(&self, words: &str) -> String {
        self.msg_with("opponent-moved", &[("words", words.into())])
    }

    /// To the opponent: "Welcher Zug: Nbd2 oder Nfd2? Bitte eingeben."
    pub fn opponent_which(&self, options: &[String]) -> String {
        let options = self.or_list(options);
        self.msg_with("opponent-which", &[("options", options.into())])
    }

    pub fn opponent_illegal(&self, text: &str) -> String {
        self.msg_with("opponent-illegal", &[("text", text.into())])
    }

    pub fn opponent_illegal_for_opponent(&self, text: &str) -> String {
        self.msg_with("opponent-illegal-for-opponent", &[("text", text.into())])
    }

    /// "den Springer" / "die Dame" / "den Bauern"; "the knight".
    fn piece_accusative(&self, role: Role) -> String {
        self.msg_with(
            "piece-accusative",
            &[
                ("role", role_key(role).into()),
                ("name", self.piece(role).into()),
            ],
        )
    }

    /// D.2.9.e, for the arbiter: who touched what, by colour and in print notation.
    pub fn touch_report_for_arbiter(
        &self,
        by: Color,
        square: Square,
        role: Option<Role>,
    ) -> String {
        let what = match role {
            Some(r) => format!("{square} ({})", self.announcing().piece(r)),
            None => square.to_string(),
        };
        self.msg_with(
            "touch-report-for-arbiter",
            &[("side", self.side(by).into()), ("what", what.into())],
        )
    }

    /// D.2.9.e, for the player: "Der Gegner hat den Springer auf Gustav eins berührt."
    pub fn touch_report_for_player(&self, square: Square, role: Option<Role>) -> String {
        let on = self.square(square);
        match role {
            Some(r) => self.msg_with(
                "touch-report-for-player",
                &[
                    ("piece", self.piece_accusative(r).into()),
                    ("square", on.into()),
                ],
            ),
            None => self.msg_with("touch-square-for-player", &[("square", on.into())]),
        }
    }

    /// D.2.9.e, the claim on the scoresheet: "touched piece on e7 reported (D.2.9.e)".
    pub fn touch_claim(&self, square: Square) -> String {
        self.msg_with("touch-claim", &[("square", square.to_string().into())])
    }

    pub fn bad_square(&self, text: &str) -> String {
        self.msg_with("bad-square", &[("text", text.into())])
    }
}
