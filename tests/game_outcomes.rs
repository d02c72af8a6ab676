//! The game's rule answers as data: automatic ends per rules edition
//! (`tests/game/outcomes.csv`) and repetition / 50-move claims (`tests/game/repetition.csv`).
use rochade::game::{EndReason, Game, GameResult};
use rochade::rules::RulesEdition;

/// Data lines of a table: comments and blank lines dropped, fields split on commas.
fn rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(',').map(str::trim).collect())
        .collect()
}

fn replay(fen: &str, moves: &str, rules: RulesEdition) -> Game {
    let start = (fen != "startpos").then_some(fen);
    let mut game = Game::new(start, rules).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for uci in moves.split_whitespace() {
        game.play_uci(uci)
            .unwrap_or_else(|e| panic!("{uci} after {:?}: {e}", game.moves().len()));
    }
    game
}

fn describe(game: &Game) -> String {
    match game.outcome() {
        None => "none".into(),
        Some(end) => match (end.reason, end.result) {
            (EndReason::Checkmate, r) => format!("checkmate {r}"),
            (EndReason::Stalemate, GameResult::Draw) => "stalemate".into(),
            (EndReason::DeadPosition, GameResult::Draw) => "dead".into(),
            (EndReason::FivefoldRepetition, GameResult::Draw) => "fivefold".into(),
            (EndReason::SeventyFiveMoves, GameResult::Draw) => "seventy_five".into(),
            (reason, result) => format!("unexpected {reason:?} {result}"),
        },
    }
}

#[test]
fn outcomes_per_edition() {
    let mut failures = Vec::new();
    for row in rows(include_str!("game/outcomes.csv")) {
        assert_eq!(row.len(), 8, "bad row {row:?}");
        for (edition, expected) in RulesEdition::ALL.iter().zip(&row[3..]) {
            let game = replay(row[1], row[2], *edition);
            let got = describe(&game);
            if got != *expected {
                failures.push(format!(
                    "{} under {edition}: expected {expected}, got {got}",
                    row[0]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn repetition_and_fifty_move_claims() {
    let mut failures = Vec::new();
    for row in rows(include_str!("game/repetition.csv")) {
        assert_eq!(row.len(), 9, "bad row {row:?}");
        let game = replay(row[1], row[2], RulesEdition::Fide2018);
        let intended = match row[5] {
            "-" => None,
            uci => Some(
                // An illegal intended move is still a move the player may name.
                uci.parse::<shakmaty::uci::UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(game.position()).ok())
                    .or_else(|| illegal_move(uci)),
            ),
        };
        let b = |s: &str| s == "true";
        let got = (
            game.repetitions().to_string(),
            game.can_claim_threefold(None),
            intended
                .flatten()
                .is_some_and(|m| game.can_claim_threefold(Some(&m))),
            game.can_claim_fifty_moves(None),
            intended
                .flatten()
                .is_some_and(|m| game.can_claim_fifty_moves(Some(&m))),
        );
        let expected = (
            row[3].to_string(),
            b(row[4]),
            b(row[6]),
            b(row[7]),
            b(row[8]),
        );
        if got != expected {
            failures.push(format!("{}: expected {expected:?}, got {got:?}", row[0]));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A syntactically valid move that is not legal in the position (a king "moving" like a
/// pawn), to check that an illegal intended move never makes a claim correct.
fn illegal_move(uci: &str) -> Option<shakmaty::Move> {
    let from: shakmaty::Square = uci.get(0..2)?.parse().ok()?;
    let to: shakmaty::Square = uci.get(2..4)?.parse().ok()?;
    Some(shakmaty::Move::Normal {
        role: shakmaty::Role::King,
        from,
        capture: None,
        to,
        promotion: None,
    })
}
