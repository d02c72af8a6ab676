//! The `Game` API: start positions, moves and their notations, refusals, resets, and the
//! flag-fall test through the game.
use rochade::game::mate::{MateAbility, MateProof, SearchBudget, can_checkmate};
use rochade::game::{EndReason, Game, GameEnd, GameError, GameResult};
use rochade::rules::RulesEdition;
use shakmaty::{Color, Position};

const R2018: RulesEdition = RulesEdition::Fide2018;

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        ("8/8/8/8/8/8/8/K7 w - - 0 1", "king is missing"),
        ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "castling right"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "first or last rank"),
        (
            "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
            "does not have the move is in check",
        ),
        ("", "not usable"),
    ];
    for (fen, words) in cases {
        match Game::new(Some(fen), R2018) {
            Err(e @ GameError::BadFen { .. }) => {
                assert!(e.to_string().contains(words), "{fen:?}: {e}")
            }
            other => panic!("{fen:?}: expected BadFen, got {other:?}"),
        }
    }
}

#[test]
fn notations_of_played_moves() {
    let mut game = Game::new(None, R2018).unwrap();
    for uci in [
        "e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "g8f6", "g1f3", "b8c6", "f1b5", "e7e6",
    ] {
        game.play_uci(uci).unwrap();
    }
    let castle = game.play_san("O-O").unwrap();
    assert_eq!(castle.played.uci, "e1g1");
    assert_eq!(castle.played.san, "O-O");
    assert_eq!(castle.played.fullmove_number, 6);
    assert_eq!(castle.played.color, Color::White);
    assert_eq!(castle.played.ply, 11);
    let sans: Vec<&str> = game.moves().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(
        sans,
        [
            "e4", "d5", "e5", "f5", "exf6", "Nxf6", "Nf3", "Nc6", "Bb5", "e6", "O-O"
        ]
    );
    assert_eq!(game.fullmove_number(), 6);
    assert_eq!(game.side_to_move(), Color::Black);
    assert_eq!(game.ply(), 11);
}

#[test]
fn check_mate_and_promotion_signs() {
    let mut game = Game::new(Some("8/4P1k1/8/8/8/8/8/4K2R w K - 0 1"), R2018).unwrap();
    let promo = game.play_uci("e7e8q").unwrap();
    assert_eq!(promo.played.san, "e8=Q");
    assert!(!promo.check);
    game.play_uci("g7f6").unwrap();
    let check = game.play_uci("e8e6").unwrap();
    assert_eq!(check.played.san, "Qe6+");
    assert!(check.check);
    let mut mate = Game::new(Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), R2018).unwrap();
    let mv = mate.parse_san("Ra8").unwrap();
    assert_eq!(mate.san_of(&mv).unwrap(), "Ra8#");
    let played = mate.play(&mv).unwrap();
    assert_eq!(
        played.end,
        Some(GameEnd {
            result: GameResult::WhiteWins,
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn fullmove_number_follows_the_fen() {
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/R3K3 b - - 3 41"), R2018).unwrap();
    assert_eq!(game.fullmove_number(), 41);
    let played = game.play_uci("e8d8").unwrap();
    assert_eq!(played.played.fullmove_number, 41);
    assert_eq!(played.played.color, Color::Black);
    assert_eq!(game.fullmove_number(), 42);
}

#[test]
fn illegal_moves_change_nothing() {
    let mut game = Game::new(None, R2018).unwrap();
    game.play_uci("e2e4").unwrap();
    let before = game.fen();
    assert!(matches!(
        game.play_uci("e4e5"),
        Err(GameError::IllegalMove { .. })
    ));
    assert!(matches!(
        game.play_uci("e7e4"),
        Err(GameError::IllegalMove { .. })
    ));
    assert!(matches!(
        game.play_uci("hello"),
        Err(GameError::BadUci { .. })
    ));
    assert!(matches!(
        game.play_san("Nf6+x"),
        Err(GameError::BadSan { .. })
    ));
    assert!(matches!(
        game.play_san("Ke2"),
        Err(GameError::BadSan { .. })
    ));
    assert_eq!(game.fen(), before);
    assert_eq!(game.ply(), 1);
    let error = game.play_uci("e4e5").unwrap_err().to_string();
    assert!(
        error.contains("e4e5") && error.contains("not legal"),
        "{error}"
    );
}

#[test]
fn no_moves_after_the_game_has_ended() {
    let mut game = Game::new(None, R2018).unwrap();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_uci(uci).unwrap();
    }
    assert!(matches!(
        game.play_uci("e1f2"),
        Err(GameError::GameOver { .. })
    ));
    assert!(!game.can_claim_threefold(None));
    assert!(!game.can_claim_fifty_moves(None));
    // The arbiter can still take moves back.
    let taken = game.undo_last().unwrap();
    assert_eq!(taken.san, "Qh4#");
    assert_eq!(game.outcome(), None);
    game.play_uci("d8g5").unwrap();
}

#[test]
fn reset_to_ply_reinstates_the_position() {
    let mut game = Game::new(None, R2018).unwrap();
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"] {
        game.play_uci(uci).unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    let after_two = game.position_at(2).unwrap().clone();
    let taken = game.reset_to_ply(2).unwrap();
    let taken: Vec<&str> = taken.iter().map(|m| m.uci.as_str()).collect();
    assert_eq!(taken, ["f3g1", "f6g8", "g1f3", "g8f6"]);
    assert_eq!(game.position(), &after_two);
    assert_eq!(game.ply(), 2);
    // The repetition count forgets the positions taken back.
    assert_eq!(game.repetitions(), 1);
    assert!(matches!(
        game.reset_to_ply(3),
        Err(GameError::NoSuchPly {
            ply: 3,
            available: 2
        })
    ));
    assert!(game.reset_to_ply(0).unwrap().len() == 2);
    assert_eq!(game.fen(), Game::new(None, R2018).unwrap().fen());
    assert!(game.undo_last().is_none());
}

#[test]
fn flag_fall_test_through_the_game() {
    // K+N v K+P: a helpmate exists, so the knight's side wins when the other flag falls.
    let game = Game::new(Some("8/8/8/8/8/p7/8/k2KN3 b - - 0 1"), R2018).unwrap();
    assert_eq!(game.can_checkmate(Color::White), MateAbility::Yes);
    assert_eq!(game.can_checkmate(Color::Black), MateAbility::Yes);
    let game = Game::new(Some("8/8/8/4k3/8/5N2/8/2K5 b - - 0 1"), R2018).unwrap();
    assert_eq!(game.can_checkmate(Color::White), MateAbility::No);
    assert_eq!(game.can_checkmate(Color::Black), MateAbility::No);
}

#[test]
fn a_found_mating_line_is_real() {
    let game = Game::new(Some("8/8/8/4k3/8/8/8/1NNK4 w - - 0 1"), R2018).unwrap();
    let search = can_checkmate(game.position(), Color::White, &SearchBudget::default());
    assert_eq!(search.proof, MateProof::HelpmateFound);
    let mut replay = game.clone();
    for mv in &search.line {
        replay.play(mv).unwrap();
    }
    assert!(replay.position().is_checkmate());
    assert_eq!(
        replay.outcome().map(|e| e.result),
        Some(GameResult::WhiteWins)
    );
}

#[test]
fn an_exhausted_budget_says_unknown() {
    // The fortress is dead, but a budget of 50 positions cannot prove it.
    let fen = "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1";
    let game = Game::new(Some(fen), R2018).unwrap();
    let tiny = SearchBudget {
        reach_positions: 50,
        helpmate_nodes: 200,
        max_plies: 10,
    };
    let search = can_checkmate(game.position(), Color::White, &tiny);
    assert_eq!(search.ability, MateAbility::Unknown);
    assert_eq!(search.proof, MateProof::BudgetExhausted);
    assert_eq!(game.can_checkmate(Color::White), MateAbility::No);
}

#[test]
fn end_reasons_cite_the_article_of_the_edition() {
    use RulesEdition::*;
    assert_eq!(EndReason::DeadPosition.article(Fide2018), "5.2.2");
    assert_eq!(EndReason::DeadPosition.article(Fide2014), "5.2.b");
    assert_eq!(EndReason::Checkmate.article(Fide2018), "5.1.1");
    assert_eq!(EndReason::Checkmate.article(Fide2005), "5.1.a");
    assert_eq!(EndReason::FivefoldRepetition.article(Fide2018), "9.6.1");
    assert_eq!(EndReason::FivefoldRepetition.article(Fide2014), "9.6.a");
    assert_eq!(EndReason::SeventyFiveMoves.article(Fide2018), "9.6.2");
    let end = GameEnd {
        result: GameResult::Draw,
        reason: EndReason::SeventyFiveMoves,
    };
    let json = serde_json::to_string(&end).unwrap();
    assert_eq!(
        json,
        r#"{"result":"1/2-1/2","reason":"seventy_five_moves"}"#
    );
    assert_eq!(serde_json::from_str::<GameEnd>(&json).unwrap(), end);
    assert_eq!(
        end.to_string(),
        "1/2-1/2, 75 moves without pawn move or capture"
    );
}
