//! The legal moves of a position as the interpreter sees them, computed once per utterance:
//! what both the matcher ([`super::matcher`]) and the forms of a spoken move
//! ([`super::forms`]) read a phrase against.
use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

use crate::vocab::CastleSide;

/// A legal move as the matcher sees it: castling goes to the king's destination, as spoken.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Candidate {
    pub mv: Move,
    pub role: Role,
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
    pub castle: Option<CastleSide>,
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
