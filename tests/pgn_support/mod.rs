//! Shared by the tests that read the corpus games: a move token of a PGN file resolved in
//! its position, SAN or the UCI that `uci-moves.pgn` writes.
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Square};

/// A SAN token, or a UCI one ("e1g1" reads as a pawn move "from e1 to g1" in SAN).
pub fn resolve(pos: &Chess, san: &San) -> Option<Move> {
    if let Ok(mv) = san.to_move(pos) {
        return Some(mv);
    }
    if let San::Normal {
        file: Some(file),
        rank: Some(rank),
        to,
        promotion,
        ..
    } = san
    {
        let uci = UciMove::Normal {
            from: Square::from_coords(*file, *rank),
            to: *to,
            promotion: *promotion,
        };
        return uci.to_move(pos).ok();
    }
    None
}
