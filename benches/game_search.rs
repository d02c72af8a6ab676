//! Benchmark of the game's searches: the flag-fall test (`can_checkmate`) on the positions
//! of `tests/game/mate_ability.csv`, and the cost of `Game::play` (which checks the
//! automatic ends, the dead position included) over a whole game.
//!
//! Run: `cargo bench --bench game_search` (release build). Prints plain lines.
use std::time::Instant;

use rochade::game::Game;
use rochade::game::mate::{SearchBudget, can_checkmate};
use rochade::rules::RulesEdition;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color};

fn main() {
    println!(
        "can_checkmate with the default budget {:?}",
        SearchBudget::default()
    );
    let table = include_str!("../tests/game/mate_ability.csv");
    let mut total_ms = 0.0;
    for line in table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split(',').collect();
        let [name, fen, side, _expected] = f[..] else {
            continue;
        };
        let Ok(pos) = fen.parse::<Fen>().map_err(|e| e.to_string()).and_then(|f| {
            f.into_position::<Chess>(CastlingMode::Standard)
                .map_err(|e| e.to_string())
        }) else {
            println!("{name}: bad FEN");
            continue;
        };
        let side = if side == "white" {
            Color::White
        } else {
            Color::Black
        };
        // Best of three, to damp noise from other processes.
        let mut best = f64::MAX;
        let mut result = None;
        for _ in 0..3 {
            let t = Instant::now();
            let search = can_checkmate(&pos, side, &SearchBudget::default());
            best = best.min(t.elapsed().as_secs_f64() * 1000.0);
            result = Some(search);
        }
        total_ms += best;
        if let Some(s) = result {
            println!(
                "{name}: {:?} by {:?}, {} nodes, line of {} half-moves, {best:.2} ms",
                s.ability,
                s.proof,
                s.nodes,
                s.line.len()
            );
        }
    }
    println!("all positions: {total_ms:.1} ms");

    // A real game (the 1858 "Opera game", 33 half-moves), replayed 100 times.
    let moves = "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 \
                 b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 \
                 b5d7 f6d7 b3b8 d7b8 d1d8";
    let t = Instant::now();
    let rounds = 100;
    let mut plies = 0;
    for _ in 0..rounds {
        let mut game = Game::new(None, RulesEdition::Fide2018).expect("start position");
        for uci in moves.split_whitespace() {
            game.play_uci(uci).expect("legal move");
            plies += 1;
        }
    }
    let per_move = t.elapsed().as_secs_f64() * 1e6 / plies as f64;
    println!("Game::play over the Opera game: {per_move:.1} microseconds per move");

    // The worst case for the dead-position test: every pawn locked, so each move pays for
    // an exhaustive reach that the free pieces make too large (it gives up at its budget).
    let locked = "r3k2r/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/R3K2R w - - 0 1";
    let shuffle = "a1a2 a8a7 a2a1 a7a8";
    let t = Instant::now();
    let mut plies = 0;
    for _ in 0..5 {
        let mut game = Game::new(Some(locked), RulesEdition::Fide2018).expect("valid FEN");
        for uci in shuffle.split_whitespace() {
            game.play_uci(uci).expect("legal move");
            plies += 1;
        }
    }
    let per_move = t.elapsed().as_secs_f64() * 1000.0 / plies as f64;
    println!(
        "Game::play with all pawns locked and rooks free: {per_move:.1} milliseconds per move"
    );
}
