//! Every game of the corpus sources (`tests/data/`, copies of `corpus/sources/`) played
//! through `rochade replay` as it happens at the board: the blind player's moves spoken in
//! the FIDE words and confirmed with "ja", the opponent's typed as SAN. The scoresheet that
//! `replay --pgn` writes must hold the source game's moves, one for one. The player is White
//! in even games and Black in odd ones; every fifth game is played in English words.
mod pgn_support;

use pgn_support::resolve;

use std::ops::ControlFlow;
use std::path::Path;
use std::process::Command;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use rochade::interpret::spoken_move;
use rochade::lang::Lang;
use rochade::vocab::Vocab;
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

const SOURCES: [&str; 8] = [
    "carlsen-selection.pgn",
    "python-chess/anastasian-lewis.pgn",
    "python-chess/chessbase-empty-line.pgn",
    "python-chess/kasparov-deep-blue-1997.pgn",
    "python-chess/molinari-bordais-1979.pgn",
    "python-chess/nepomniachtchi-liren-game1.pgn",
    "python-chess/stockfish-learning.pgn",
    "python-chess/uci-moves.pgn",
];

/// A source game: where it starts and its moves.
struct Game {
    name: String,
    start: Chess,
    fen: Option<String>,
    moves: Vec<Move>,
}

#[derive(Default)]
struct Moves {
    start: Chess,
    fen: Option<String>,
    pos: Chess,
    moves: Vec<Move>,
    error: Option<String>,
    /// The game has a null move ("--"), which no one can play at a board.
    null_move: bool,
}

/// Reads the main line of each game (SAN, or UCI as `uci-moves.pgn` writes it).
struct Collect;

impl Visitor for Collect {
    type Tags = Option<String>;
    type Movetext = Moves;
    type Output = Moves;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        fen: &mut Option<String>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Moves> {
        if name == b"FEN" {
            *fen = Some(value.decode_utf8_lossy().to_string());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, fen: Option<String>) -> ControlFlow<Moves, Moves> {
        let start: Chess = match &fen {
            Some(f) => match f
                .parse::<Fen>()
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Standard).ok())
            {
                Some(p) => p,
                None => {
                    return ControlFlow::Break(Moves {
                        error: Some(format!("bad FEN {f}")),
                        ..Moves::default()
                    });
                }
            },
            None => Chess::default(),
        };
        ControlFlow::Continue(Moves {
            pos: start.clone(),
            start,
            fen,
            ..Moves::default()
        })
    }

    fn san(&mut self, moves: &mut Moves, san: SanPlus) -> ControlFlow<Moves> {
        if moves.error.is_some() || moves.null_move {
            return ControlFlow::Continue(());
        }
        if san.san == San::Null {
            moves.null_move = true;
            return ControlFlow::Continue(());
        }
        match resolve(&moves.pos, &san.san) {
            Some(mv) => {
                moves.pos.play_unchecked(mv);
                moves.moves.push(mv);
            }
            None => moves.error = Some(format!("{} is not legal", san.san)),
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, moves: Moves) -> Moves {
        moves
    }
}

fn read_games(path: &Path) -> Vec<Game> {
    let text = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = Reader::new(text.as_slice());
    let mut games = Vec::new();
    while let Some(moves) = reader.read_game(&mut Collect).expect("the PGN reads") {
        let name = format!("{} game {}", path.display(), games.len() + 1);
        assert!(moves.error.is_none(), "{name}: {:?}", moves.error);
        if moves.moves.is_empty() || moves.null_move {
            continue;
        }
        games.push(Game {
            name,
            start: moves.start,
            fen: moves.fen,
            moves: moves.moves,
        });
    }
    games
}

/// The events of one game: the player's moves spoken and confirmed, the opponent's typed.
fn events(game: &Game, player_white: bool, lang: Lang) -> String {
    let vocab = Vocab::builtin(lang);
    let mut start = json!({
        "player": if player_white { "white" } else { "black" },
        "time_control": "40/5400+30:1800+30",
        "lang": lang.to_string(),
        "confirm_ms": 0,
    });
    if let Some(fen) = &game.fen {
        start["fen"] = json!(fen);
    }
    // The player answers in his vocabulary: German for de, ar and he.
    let yes = match lang.default_vocabulary() {
        Lang::En => "yes",
        _ => "ja",
    };
    let mut lines = vec![json!({"at": 0, "start": start})];
    let mut at = 0u64;
    let mut pos = game.start.clone();
    for mv in &game.moves {
        at += 1000;
        if pos.turn().is_white() == player_white {
            lines.push(json!({"at": at, "heard": spoken_move(&pos, mv, &vocab)}));
            at += 500;
            lines.push(json!({"at": at, "heard": yes}));
        } else {
            let san = San::from_move(&pos, *mv).to_string();
            lines.push(json!({"at": at, "opponent": san}));
        }
        pos.play_unchecked(*mv);
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The moves of the PGN that `replay` wrote.
fn written_moves(pgn: &Path, start: &Chess) -> Vec<Move> {
    let text = std::fs::read(pgn).unwrap_or_else(|e| panic!("{}: {e}", pgn.display()));
    let mut reader = Reader::new(text.as_slice());
    let moves = reader
        .read_game(&mut Collect)
        .expect("the written PGN reads")
        .expect("one game");
    assert!(
        moves.error.is_none(),
        "{}: {:?}",
        pgn.display(),
        moves.error
    );
    assert_eq!(
        Fen::from_position(&moves.start, EnPassantMode::Legal),
        Fen::from_position(start, EnPassantMode::Legal),
        "{}: the start position",
        pgn.display()
    );
    moves.moves
}

#[test]
fn every_corpus_game_spoken_and_typed_ends_with_the_same_scoresheet() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut games = 0;
    let mut plies = 0;
    let mut mismatches = Vec::new();
    let mut ended_by_rule = Vec::new();
    for source in SOURCES {
        for game in read_games(&data.join(source)) {
            let player_white = games % 2 == 0;
            // Every fifth game in English; some German ones said in Arabic and Hebrew.
            let lang = match games % 10 {
                4 | 9 => Lang::En,
                2 => Lang::Ar,
                7 => Lang::He,
                _ => Lang::De,
            };
            games += 1;
            plies += game.moves.len();
            let file = dir.path().join(format!("game-{games}.jsonl"));
            let pgn = dir.path().join(format!("game-{games}.pgn"));
            std::fs::write(&file, events(&game, player_white, lang)).expect("write");
            let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
                .arg("replay")
                .arg(&file)
                .arg("--pgn")
                .arg(&pgn)
                .output()
                .expect("rochade replay runs");
            let effects: Vec<Value> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .filter_map(|l| serde_json::from_str(l).ok())
                .collect();
            // Nothing the players said or typed was refused or misunderstood.
            let refused: Vec<&Value> = effects
                .iter()
                .filter(|e| {
                    e["kind"] == "error"
                        || e["text"].as_str().is_some_and(|t| {
                            t.contains("nicht möglich")
                                || t.contains("Nicht verstanden")
                                || t.contains("not possible")
                                || t.contains("Not understood")
                        })
                })
                .collect();
            let written = written_moves(&pgn, &game.start);
            // A game the Laws ended by themselves (5.2.2: a dead position is drawn at once)
            // stops there, even where the players went on: the moves after are refused.
            if written.len() < game.moves.len() && written[..] == game.moves[..written.len()] {
                let mut pos = game.start.clone();
                for mv in &written {
                    pos.play_unchecked(*mv);
                }
                let ended = effects.iter().find(|e| e["kind"] == "end");
                let over =
                    pos.is_checkmate() || pos.is_stalemate() || pos.is_insufficient_material();
                if over && ended.is_some_and(|e| e["reason"] == "dead position") {
                    ended_by_rule.push(format!(
                        "{}: dead position after ply {}, {} more played",
                        game.name,
                        written.len(),
                        game.moves.len() - written.len()
                    ));
                    continue;
                }
            }
            if !out.status.success() || !refused.is_empty() || written != game.moves {
                let first_difference = written
                    .iter()
                    .zip(&game.moves)
                    .position(|(a, b)| a != b)
                    .unwrap_or(written.len().min(game.moves.len()));
                mismatches.push(format!(
                    "{} (player {}, {lang}): {} of {} moves written, first difference at ply {}; refused: {refused:?}",
                    game.name,
                    if player_white { "white" } else { "black" },
                    written.len(),
                    game.moves.len(),
                    first_difference + 1,
                ));
            }
        }
    }
    assert!(games >= 400, "only {games} games were read");
    eprintln!(
        "{games} games, {plies} plies; ended by rule before the source did: {ended_by_rule:#?}"
    );
    assert!(ended_by_rule.len() <= 2, "{ended_by_rule:#?}");
    assert!(
        mismatches.is_empty(),
        "{} of {games} games ({plies} plies) differ:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
