//! Mate ability (FIDE 6.9/6.10, 5.2.2) on real positions, from `tests/game/mate_ability.csv`.
use rochade::game::mate::{MateAbility, SearchBudget, can_checkmate};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

fn cases() -> Vec<(String, String, Color, MateAbility)> {
    let text = include_str!("game/mate_ability.csv");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), 4, "bad line {l}");
            let side = match f[2] {
                "white" => Color::White,
                "black" => Color::Black,
                other => panic!("bad side {other}"),
            };
            let expected = match f[3] {
                "yes" => MateAbility::Yes,
                "no" => MateAbility::No,
                other => panic!("bad expectation {other}"),
            };
            (f[0].to_string(), f[1].to_string(), side, expected)
        })
        .collect()
}

#[test]
fn mate_ability_table() {
    let mut failures = Vec::new();
    for (name, fen, side, expected) in cases() {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let t = std::time::Instant::now();
        let search = can_checkmate(&pos, side, &SearchBudget::default());
        eprintln!(
            "{name}: {:?} via {:?}, {} nodes, {:?}",
            search.ability,
            search.proof,
            search.nodes,
            t.elapsed()
        );
        if search.ability == MateAbility::Yes && !search.line.is_empty() {
            // The line must be real: legal moves ending in a mate by `side`.
            let mut p = pos.clone();
            for m in &search.line {
                p = p.play(*m).expect("the mating line is legal");
            }
            assert!(
                p.is_checkmate() && p.turn() != side,
                "{name}: line does not mate"
            );
        }
        if search.ability != expected {
            failures.push(format!(
                "{name}: expected {expected:?}, got {:?}",
                search.ability
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
