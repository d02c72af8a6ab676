//! The moves of FIDE Article 3 as `Game` plays them: castling (3.8), en passant (3.7.d),
//! promotion (3.7.e), pins and check (3.9, 3.10). Each case is a position, a move and whether
//! the Laws allow it; the positions are written by hand from the articles (see
//! docs/RULES-MAP.md, T14, T15 and #22–#26).
use rochade::game::{Game, GameError};
use rochade::rules::RulesEdition;

/// Whether `uci` is legal after `moves` from `fen`; an illegal move must leave the position.
fn legal(fen: &str, moves: &[&str], uci: &str) -> bool {
    let mut game = Game::new(Some(fen), RulesEdition::Fide2018).unwrap();
    for m in moves {
        game.play_uci(m)
            .unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    let before = game.fen();
    match game.play_uci(uci) {
        Ok(_) => true,
        Err(GameError::IllegalMove { .. } | GameError::BadUci { .. }) => {
            assert_eq!(game.fen(), before, "an illegal move changed the position");
            false
        }
        Err(other) => panic!("{fen} {uci}: {other}"),
    }
}

const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn castling_is_refused_when_king_or_rook_has_moved() {
    // 3.8.b.1 (he 3.8.2.1): the right is lost for good by a king or rook move.
    assert!(legal(CASTLE, &[], "e1g1"));
    assert!(legal(CASTLE, &[], "e1c1"));
    assert!(!legal(CASTLE, &["e1f1", "a8b8", "f1e1", "b8a8"], "e1g1"));
    assert!(!legal(CASTLE, &["e1f1", "a8b8", "f1e1", "b8a8"], "e1c1"));
    assert!(!legal(CASTLE, &["h1h2", "a8b8", "h2h1", "b8a8"], "e1g1"));
    // the other rook has not moved: castling with it stays legal
    assert!(legal(CASTLE, &["h1h2", "a8b8", "h2h1", "b8a8"], "e1c1"));
    // Black too
    assert!(!legal(
        CASTLE,
        &["a1a2", "e8d8", "a2a1", "d8e8", "h1h2"],
        "e8g8"
    ));
}

#[test]
fn castling_is_prevented_for_now_by_check_attack_or_a_piece_between() {
    // 3.8.b.2 (he 3.8.2.2): prevented for now, the right is kept.
    // a piece between king and rook (b1 counts for long castling)
    assert!(!legal("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", &[], "e1g1"));
    assert!(!legal("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", &[], "e1c1"));
    // the king in check
    assert!(!legal("r3k2r/8/8/8/8/8/4r3/R3K2R w KQq - 0 1", &[], "e1g1"));
    // the king crosses an attacked square (f1), or lands on one (g1)
    assert!(!legal("r3k2r/8/8/8/8/8/5r2/R3K2R w KQq - 0 1", &[], "e1g1"));
    assert!(!legal("r3k2r/8/8/8/8/8/6r1/R3K2R w KQq - 0 1", &[], "e1g1"));
    // only the rook crosses an attacked square (b1): long castling is legal
    assert!(legal("r3k2r/8/8/8/8/8/1r6/R3K2R w KQq - 0 1", &[], "e1c1"));
    // the right is kept: once the bishop has left the diagonal, castling is legal again
    assert!(!legal("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", &[], "e1g1"));
    assert!(legal(
        "r3k2r/8/b7/8/8/8/8/R3K2R b KQkq - 0 1",
        &["a6b7"],
        "e1g1"
    ));
}

#[test]
fn en_passant_only_on_the_next_move_and_onto_the_crossed_square() {
    // 3.7.d: only on the move immediately after the two-square advance.
    let fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    assert!(legal(fen, &["d7d5"], "e5d6"));
    assert!(!legal(fen, &["d7d5", "e1e2", "e8e7"], "e5d6"));
    // not after a one-square advance in two steps
    assert!(!legal(fen, &["d7d6", "e1e2", "d6d5"], "e5d6"));
    // not if it would leave the king in check (the pawns leave the rank)
    let pinned = "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1";
    assert!(!legal(pinned, &[], "e5d6"));
}

#[test]
fn promotion_to_a_queen_rook_bishop_or_knight_that_acts_at_once() {
    // 3.7.e: exchanged as part of the same move for a queen, rook, bishop or knight of the
    // same colour; the choice is not limited to pieces already captured; the new piece acts
    // at once.
    let fen = "6k1/3P4/8/8/8/8/8/4K3 w - - 0 1";
    for piece in ["q", "r", "b", "n"] {
        assert!(legal(fen, &[], &format!("d7d8{piece}")), "{piece}");
    }
    assert!(!legal(fen, &[], "d7d8k"));
    let mut game = Game::new(Some(fen), RulesEdition::Fide2018).unwrap();
    assert!(
        game.play_uci("d7d8").is_err(),
        "a pawn may not stay on the last rank"
    );
    // all of White's pieces are on the board, and still a second queen may be chosen
    let full = "6k1/3P4/8/8/8/8/PPPPPPP1/RNBQKBNR w KQ - 0 1";
    let mut game = Game::new(Some(full), RulesEdition::Fide2018).unwrap();
    let played = game.play_uci("d7d8q").unwrap();
    assert!(played.check, "the new queen gives check at once");
    assert_eq!(played.played.san, "d8=Q+");
}

#[test]
fn a_move_may_not_leave_or_put_the_own_king_in_check() {
    // 3.9, 3.10: pins, check evasion, the king's moves.
    // the knight on d4 is pinned by the rook on d8
    let pinned = "3r2k1/8/8/8/3N4/8/8/3K4 w - - 0 1";
    assert!(!legal(pinned, &[], "d4f5"));
    assert!(legal(pinned, &[], "d1e1"));
    // in check from the rook on e8: only moves that answer it
    let check = "4r1k1/8/8/8/8/8/3B4/4K1N1 w - - 0 1";
    assert!(!legal(check, &[], "g1f3"));
    assert!(legal(check, &[], "d2e3"), "interposing");
    assert!(legal(check, &[], "e1d1"), "the king steps away");
    assert!(!legal(check, &[], "e1e2"), "staying on the checked file");
    // the king may not move next to the other king, nor onto an attacked square
    let kings = "8/8/8/3k4/8/3K4/P7/8 w - - 0 1";
    assert!(!legal(kings, &[], "d3d4"));
    assert!(!legal("4r1k1/8/8/8/8/8/8/3K4 w - - 0 1", &[], "d1e1"));
}
