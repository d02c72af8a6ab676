//! Adjournment: the sealed move, and the game resumed with it.
use super::Words;

impl Words {
    pub fn adjourn_player_seals(&self) -> String {
        self.msg("adjourn-player-seals")
    }

    pub fn adjourn_opponent_seals(&self) -> String {
        self.msg("adjourn-opponent-seals")
    }

    pub fn sealed_for_player(&self, words: &str) -> String {
        self.msg_with("sealed-for-player", &[("words", words.into())])
    }

    pub fn sealed_for_others(&self) -> String {
        self.msg("sealed-for-others")
    }

    pub fn adjourned(&self) -> String {
        self.msg("adjourned")
    }

    pub fn nothing_sealed(&self) -> String {
        self.msg("nothing-sealed")
    }

    pub fn resumed_with(&self, words: &str) -> String {
        self.msg_with("resumed-with", &[("words", words.into())])
    }
}
