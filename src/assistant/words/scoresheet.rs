//! The game's record read aloud: the last move, and the scoresheet move by move.
use super::Words;

impl Words {
    /// The player's own last move, said again on "Letzter Zug".
    pub fn last_move_own(&self, words: &str) -> String {
        self.msg_with("last-move-own", &[("words", words.into())])
    }

    pub fn no_move_yet(&self) -> String {
        self.msg("no-move-yet")
    }

    /// One move of the scoresheet read aloud: its number in words, White's and Black's move
    /// in the player's words (either may be missing: a game from a position, the last move).
    pub fn scoresheet_move(&self, number: u32, white: Option<&str>, black: Option<&str>) -> String {
        let number = crate::numbers::cardinal(u64::from(number), self.catalog.lang());
        match (white, black) {
            (Some(w), Some(b)) => self.msg_with(
                "scoresheet-move",
                &[
                    ("number", number.into()),
                    ("white", w.into()),
                    ("black", b.into()),
                ],
            ),
            (Some(w), None) => self.msg_with(
                "scoresheet-move-white",
                &[("number", number.into()), ("white", w.into())],
            ),
            (None, b) => self.msg_with(
                "scoresheet-move-black",
                &[("number", number.into()), ("black", b.unwrap_or("").into())],
            ),
        }
    }

    pub fn scoresheet_empty(&self) -> String {
        self.msg("scoresheet-empty")
    }

    /// A move number the scoresheet does not reach yet.
    pub fn scoresheet_not_yet(&self, number: u32) -> String {
        let number = crate::numbers::cardinal(u64::from(number), self.catalog.lang());
        self.msg_with("scoresheet-not-yet", &[("number", number.into())])
    }
}
