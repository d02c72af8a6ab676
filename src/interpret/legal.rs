//! The legal moves of a position as the interpreter sees them, computed once per utterance:
//! what both the matcher ([`super::matcher`]) and the forms of a spoken move
//! ([`super::forms`]) read a phrase against.
use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

use crate::vocab::CastleSide;

/// A legal move as the matcher sees it: castling goes to the king's destination, as spoken;
/// in Chess960 castling is said only by its name (`words_only`), never as a king move.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Candidate {
    pub mv: Move,
    pub role: Role,
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
    pub castle: Option<CastleSide>,
    /// Only the castling words name this move: castling in Chess960 (note 1: a castling move
    /// is announced as castling, never made as a king move onto or over its rook, which in
    /// Chess960 can be a plain king move to the same square).
    pub words_only: bool,
}

impl Candidate {
    /// Whether a move named by its squares ("König Gustav eins") may be this one.
    pub fn by_square(&self) -> bool {
        !self.words_only
    }
}

/// The legal moves of a position, once per utterance.
pub(crate) struct Legal<'a> {
    pub pos: &'a Chess,
    pub moves: Vec<Candidate>,
    pub game_over: bool,
}

impl<'a> Legal<'a> {
    pub fn new(pos: &'a Chess) -> Legal<'a> {
        let game_over = pos.is_checkmate() || pos.is_stalemate();
        let chess960 = pos.castles().mode().is_chess960();
        let moves = pos
            .legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let from = mv.from()?;
                let castle = mv.castling_side().map(|s| match s {
                    CastlingSide::KingSide => CastleSide::Short,
                    CastlingSide::QueenSide => CastleSide::Long,
                });
                let to = match mv.castling_side() {
                    Some(side) => side.king_to(pos.turn()),
                    None => mv.to(),
                };
                Some(Candidate {
                    mv,
                    role: mv.role(),
                    from,
                    to,
                    promotion: mv.promotion(),
                    castle,
                    words_only: chess960 && castle.is_some(),
                })
            })
            .collect();
        Legal {
            pos,
            moves,
            game_over,
        }
    }
}
