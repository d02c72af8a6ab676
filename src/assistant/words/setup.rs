//! The start position: a Chess960 start said or refused, and complaints about the set-up
//! (7.2).
use shakmaty::{Color, Role};

use super::Words;
use crate::catalog::Catalog;
use crate::game::chess960::Chess960Error;

/// Why a position or number is no Chess960 start position, in `catalog`'s language (said when
/// a game is to start from it, and printed by `play` before it starts).
pub fn chess960_problem(catalog: &Catalog, problem: Chess960Error) -> String {
    let id = match problem {
        Chess960Error::NumberOutOfRange { number } => {
            return catalog.text("chess960-number-out-of-range", &[("number", number.into())]);
        }
        Chess960Error::NotNumbered { number } => {
            return catalog.text("chess960-not-numbered", &[("number", number.into())]);
        }
        Chess960Error::Unreadable => "chess960-unreadable",
        Chess960Error::Pawns => "chess960-pawns",
        Chess960Error::Pieces => "chess960-pieces",
        Chess960Error::KingNotBetweenRooks => "chess960-king-not-between-rooks",
        Chess960Error::BishopsOnOneColour => "chess960-bishops-one-colour",
        Chess960Error::BlackNotMirrored => "chess960-black-not-mirrored",
        Chess960Error::NotAtStart => "chess960-not-at-start",
    };
    catalog.text(id, &[])
}

impl Words {
    /// The start of a Chess960 game for the player, who sets up his own board: its number (in
    /// words) and White's first rank from a to h in his words ("Turm, Springer, …").
    pub fn chess960_start(&self, number: u16, first_rank: &[Role]) -> String {
        let pieces: Vec<String> = first_rank.iter().map(|&r| self.piece(r)).collect();
        let number_words = crate::numbers::cardinal(u64::from(number), self.catalog.lang());
        self.msg_with(
            "chess960-start",
            &[
                ("count", u64::from(number).into()),
                ("number", number_words.into()),
                ("pieces", pieces.join(", ").into()),
            ],
        )
    }

    /// A complaint about the set-up of a standard game: the game is cancelled (7.2).
    pub fn set_up_standard(&self, article: &str) -> String {
        self.msg_with("set-up-standard", &[("article", article.into())])
    }

    /// A complaint about the set-up of a rapid or blitz game in time.
    pub fn set_up_in_time(&self, limit: u32, article: &str) -> String {
        self.msg_with(
            "set-up-in-time",
            &[("moves", limit.into()), ("article", article.into())],
        )
    }

    /// A complaint about the set-up too late, with what it still changes for castling.
    pub fn set_up_too_late(&self, limit: u32, article: &str, castling: Option<&str>) -> String {
        let t = self.msg_with(
            "set-up-too-late",
            &[("moves", limit.into()), ("article", article.into())],
        );
        match castling {
            Some(c) => format!("{t} {c}"),
            None => t,
        }
    }

    /// A king placed wrongly at the start may not castle.
    pub fn no_castling_king(&self, side: Color) -> String {
        self.msg_with(
            "set-up-no-castling-king",
            &[("side", self.side(side).into())],
        )
    }

    /// A rook placed wrongly at the start may not castle.
    pub fn no_castling_rook(&self, square: &str) -> String {
        self.msg_with("set-up-no-castling-rook", &[("square", square.into())])
    }
}
