//! Round trip of the spoken form: for every legal move of every position of the test games
//! (the Carlsen selection and the standard-chess python-chess PGNs, replayed with pgn-reader)
//! and of the python-chess EPD endgames, what Rochade says for the move (`spoken_move`) is read
//! back by the interpreter as exactly that move, exact, in German and in English; and every
//! phrase of `move_phrases` (the recognizer's grammar) is read back as its own move.
//!
//! Positions that occur in several games are checked once. The work is split over threads by
//! position; the test prints how many positions, moves and phrases it checked. A debug build
//! (ten times slower) checks every 8th position unless `ROCHADE_ROUNDTRIP_ALL=1`; release
//! builds, as in CI, check all of them (about 15 s on two cores).
mod pgn_support;

use pgn_support::resolve;

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use rochade::interpret::{Interpreter, Reading, move_phrases, spoken_move, uci};
use rochade::lang::Lang;
use rochade::vocab::Vocab;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

const PGNS: &[(&str, &str)] = &[
    (
        "carlsen-selection.pgn",
        include_str!("data/carlsen-selection.pgn"),
    ),
    (
        "anastasian-lewis.pgn",
        include_str!("data/python-chess/anastasian-lewis.pgn"),
    ),
    (
        "chessbase-empty-line.pgn",
        include_str!("data/python-chess/chessbase-empty-line.pgn"),
    ),
    (
        "kasparov-deep-blue-1997.pgn",
        include_str!("data/python-chess/kasparov-deep-blue-1997.pgn"),
    ),
    (
        "molinari-bordais-1979.pgn",
        include_str!("data/python-chess/molinari-bordais-1979.pgn"),
    ),
    (
        "nepomniachtchi-liren-game1.pgn",
        include_str!("data/python-chess/nepomniachtchi-liren-game1.pgn"),
    ),
    (
        "stockfish-learning.pgn",
        include_str!("data/python-chess/stockfish-learning.pgn"),
    ),
    (
        "uci-moves.pgn",
        include_str!("data/python-chess/uci-moves.pgn"),
    ),
];

const EPDS: &[(&str, &str)] = &[
    ("endgame.epd", include_str!("data/python-chess/endgame.epd")),
    (
        "endgame-dm-4.epd",
        include_str!("data/python-chess/endgame-dm-4.epd"),
    ),
    (
        "endgame-dm-5.epd",
        include_str!("data/python-chess/endgame-dm-5.epd"),
    ),
];

/// One game replayed: every position in it (before each move, and the last one), or why the
/// replay stopped.
#[derive(Default)]
struct Replay {
    pos: Chess,
    positions: Vec<Chess>,
    standard: bool,
    error: Option<String>,
}

struct Positions;

impl Visitor for Positions {
    type Tags = (Option<Chess>, bool);
    type Movetext = Replay;
    type Output = Replay;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue((None, true))
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        match name {
            b"FEN" => {
                let pos = Fen::from_ascii(value.as_bytes())
                    .ok()
                    .and_then(|f| f.into_position(CastlingMode::Standard).ok());
                match pos {
                    Some(p) => tags.0 = Some(p),
                    None => tags.1 = false,
                }
            }
            b"Variant" => {
                let v = value.decode_utf8_lossy().to_lowercase();
                if !matches!(v.as_str(), "standard" | "chess" | "") {
                    tags.1 = false;
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Replay {
            pos: tags.0.unwrap_or_default(),
            standard: tags.1,
            ..Replay::default()
        })
    }

    fn san(&mut self, replay: &mut Replay, san: SanPlus) -> ControlFlow<Self::Output> {
        if replay.error.is_some() || !replay.standard {
            return ControlFlow::Continue(());
        }
        if san.san == San::Null {
            // A null move ("Z0", "--"): the other side is to move in the same placement.
            match replay.pos.clone().swap_turn() {
                Ok(next) => {
                    replay.positions.push(replay.pos.clone());
                    replay.pos = next;
                }
                Err(err) => replay.error = Some(format!("null move: {err}")),
            }
            return ControlFlow::Continue(());
        }
        match resolve(&replay.pos, &san.san) {
            Some(mv) => {
                replay.positions.push(replay.pos.clone());
                replay.pos.play_unchecked(mv);
            }
            None => replay.error = Some(format!("{} is not legal", san.san)),
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut replay: Replay) -> Self::Output {
        if replay.error.is_none() && replay.standard {
            replay.positions.push(replay.pos.clone());
        }
        replay
    }
}

/// Every position of the test data, each once (by FEN without move counters).
fn corpus_positions() -> Vec<Chess> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut keep = |pos: Chess, out: &mut Vec<Chess>| {
        let key = Fen::from_position(&pos, EnPassantMode::Legal)
            .to_string()
            .rsplitn(3, ' ')
            .last()
            .map(str::to_string)
            .unwrap_or_default();
        if seen.insert(key) {
            out.push(pos);
        }
    };
    for (name, text) in PGNS {
        let mut reader = Reader::new(text.as_bytes());
        let mut games = 0;
        while let Some(replay) = reader
            .read_game(&mut Positions)
            .unwrap_or_else(|err| panic!("{name}: {err}"))
        {
            games += 1;
            if !replay.standard {
                continue;
            }
            if let Some(err) = &replay.error {
                panic!("{name} game {games}: {err}");
            }
            assert!(
                replay.positions.len() > 1,
                "{name} game {games} has no moves"
            );
            for pos in replay.positions {
                keep(pos, &mut out);
            }
        }
        assert!(games > 0, "{name}: no game read");
    }
    for (name, text) in EPDS {
        let mut read = 0;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            let fen = format!("{} 0 1", fields.join(" "));
            let pos: Chess = fen
                .parse::<Fen>()
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Standard).ok())
                .unwrap_or_else(|| panic!("{name} line {}: {fen} is not a position", n + 1));
            keep(pos, &mut out);
            read += 1;
        }
        assert!(read > 0, "{name}: no position read");
    }
    out
}

#[derive(Default)]
struct Tally {
    moves: AtomicUsize,
    phrases: AtomicUsize,
}

/// Checks one position in one language; returns what went wrong.
fn check(interpreter: &Interpreter, pos: &Chess, tally: &Tally) -> Vec<String> {
    let vocab = interpreter.vocab();
    let fen = || Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let lang = vocab.lang();
    let mut failures = Vec::new();
    let legal = pos.legal_moves();
    for mv in &legal {
        let said = spoken_move(pos, mv, vocab);
        let heard = interpreter.interpret_text(pos, &said);
        if heard.reading != Reading::Move(*mv) || !heard.exact {
            failures.push(format!(
                "{lang:?} {}: {} said as {said:?} reads as {:?} (exact {})",
                fen(),
                uci(mv),
                heard.reading,
                heard.exact
            ));
        } else if heard.to_json()["status"] != "move" {
            failures.push(format!("{lang:?} {}: {said:?} JSON is not a move", fen()));
        }
    }
    tally.moves.fetch_add(legal.len(), Ordering::Relaxed);

    let phrases = move_phrases(pos, vocab);
    for mv in &legal {
        if !phrases.iter().any(|(_, m)| m == mv) {
            failures.push(format!(
                "{lang:?} {}: move_phrases has no phrase for {}",
                fen(),
                uci(mv)
            ));
        }
    }
    for (phrase, mv) in &phrases {
        let heard = interpreter.interpret_text(pos, phrase);
        if heard.reading != Reading::Move(*mv) || !heard.exact {
            failures.push(format!(
                "{lang:?} {}: phrase {phrase:?} of {} reads as {:?} (exact {})",
                fen(),
                uci(mv),
                heard.reading,
                heard.exact
            ));
        }
    }
    tally.phrases.fetch_add(phrases.len(), Ordering::Relaxed);
    failures
}

#[test]
fn every_legal_move_said_by_rochade_reads_back_as_itself() {
    let all = corpus_positions();
    let stride = if cfg!(debug_assertions) && std::env::var_os("ROCHADE_ROUNDTRIP_ALL").is_none() {
        8
    } else {
        1
    };
    let positions: Vec<Chess> = all.into_iter().step_by(stride).collect();
    let interpreters = [
        Interpreter::new(Vocab::builtin(Lang::De)),
        Interpreter::new(Vocab::builtin(Lang::En)),
    ];
    let tally = Tally::default();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .clamp(1, 8);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut failures = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(pos) = positions.get(i) else { break };
                        for interpreter in &interpreters {
                            failures.extend(check(interpreter, pos, &tally));
                        }
                    }
                    failures
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a checking thread panicked"))
            .collect()
    });
    let moves = tally.moves.load(Ordering::Relaxed);
    let phrases = tally.phrases.load(Ordering::Relaxed);
    println!(
        "checked {} positions ({}), {} legal moves and {} grammar phrases (both languages)",
        positions.len(),
        if stride == 1 {
            "all of them".to_string()
        } else {
            format!("every {stride}th; ROCHADE_ROUNDTRIP_ALL=1 for all")
        },
        moves,
        phrases
    );
    assert!(
        failures.is_empty(),
        "{} failures, the first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(25)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Every position must have been checked in both languages (no silently empty data).
    let legal: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    assert_eq!(moves, 2 * legal);
}
