//! Chess960 (FIDE Laws, Guidelines II / Appendix F) end to end: the game's castling by the four
//! methods and its conditions, castling entered only by its name (note 1), `play --chess960`
//! refusing a start position that is none and resuming a Chess960 game as one, and the
//! scoresheet read back by python-chess as the same Chess960 game.
//!
//! The expectations come from the rules (Chess960 2, 3b, note 4) and from python-chess, never
//! from Rochade's own output.
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::Duration;

use rochade::game::chess960::{self, Chess960Error};
use rochade::game::{Game, Variant};
use rochade::interpret::{Interpreter, Reading, forms};
use rochade::lang::Lang;
use rochade::rules::RulesEdition;
use rochade::vocab::Vocab;
use shakmaty::{Position, Role, Square};

fn game(number: u16) -> Game {
    let fen = chess960::start_fen(number).expect("a start position");
    Game::of_variant(Some(&fen), Variant::Chess960, RulesEdition::Fide2018).expect("a game")
}

/// The number of the start position with this first rank (White's pieces, a to h).
fn number_of(first_rank: &str) -> u16 {
    (0..chess960::POSITIONS)
        .find(|&n| {
            chess960::start_fen(n).is_ok_and(|fen| fen.split(['/', ' ']).nth(7) == Some(first_rank))
        })
        .unwrap_or_else(|| panic!("{first_rank} is a Chess960 first rank"))
}

fn play(game: &mut Game, sans: &[&str]) {
    for san in sans {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

fn piece_on(game: &Game, square: Square) -> Option<Role> {
    game.position().board().role_at(square)
}

/// A castling case: White's first rank, the moves before, the castling, where king and rook
/// end, and the castling in UCI.
type Castling = (
    &'static str,
    &'static [&'static str],
    &'static str,
    Square,
    Square,
    &'static str,
);

/// Chess960 3b and the clarification: whatever the four methods move, the king ends on g1 or
/// c1 and the rook on f1 or d1, and the move is written O-O or O-O-O.
#[test]
fn castling_ends_on_g_or_c_by_each_of_the_four_methods() {
    let cases: [Castling; 4] = [
        // king only: the rook already stands on f1
        (
            "RNBQKRNB",
            &["Nh3", "Nh6"],
            "O-O",
            Square::G1,
            Square::F1,
            "e1f1",
        ),
        // rook only: the king already stands on g1
        (
            "RQNBBNKR",
            &["Ne3", "Ne6"],
            "O-O",
            Square::G1,
            Square::F1,
            "g1h1",
        ),
        // transposition, on the first move (note 3)
        ("RNBBQKRN", &[], "O-O", Square::G1, Square::F1, "f1g1"),
        // king on b1, rook on a1: both move, the rook over the king's square
        (
            "RKNBBQNR",
            &["Nb3", "Nb6", "c3", "c6", "Bc2", "Bc7"],
            "O-O-O",
            Square::C1,
            Square::D1,
            "b1a1",
        ),
    ];
    for (rank, before, castle, king, rook, uci) in cases {
        let mut g = game(number_of(rank));
        play(&mut g, before);
        let mv = g.parse_san(castle).expect("castling is legal");
        assert_eq!(g.uci(&mv), uci, "{rank}: stored as the king onto its rook");
        let played = g.play(&mv).expect("castling is made");
        assert_eq!(played.played.san, castle);
        assert_eq!(played.played.uci, uci);
        assert_eq!(piece_on(&g, king), Some(Role::King), "{rank}");
        assert_eq!(piece_on(&g, rook), Some(Role::Rook), "{rank}");
    }
}

/// Note 4 and 3.8: the king's and the rook's paths must be empty but for the two; no square of
/// the king's path may be attacked; and castling is once per game, with an unmoved king and rook.
#[test]
fn castling_needs_empty_paths_no_attack_and_unmoved_pieces() {
    // c1 and d1 occupied: no long castling for the king on b1 and the rook on a1.
    let g = game(number_of("RKNBBQNR"));
    assert!(g.parse_san("O-O-O").is_err());
    // The knight on f3 attacks g1, the king's final square (king f1, rook g1).
    let mut g = game(number_of("RNBBQKRN"));
    play(&mut g, &["a3", "Ng6", "b3", "Nh4", "c3", "Nf3"]);
    assert!(g.parse_san("O-O").is_err(), "not onto an attacked square");
    play(&mut g, &["exf3", "a6"]);
    assert!(g.parse_san("O-O").is_ok(), "the attacker is gone");
    // Once per game: after castling short, no long castling.
    let mut g = game(number_of("RNBBQKRN"));
    play(&mut g, &["O-O", "Ng6"]);
    assert!(g.parse_san("O-O-O").is_err() && g.parse_san("O-O").is_err());
    // The rook went away and came back.
    let mut g = game(number_of("RNBQKRNB"));
    play(&mut g, &["Nh3", "Nh6", "Rg1", "Rg8", "Rf1", "Rf8"]);
    assert!(g.parse_san("O-O").is_err(), "the rook has moved");
}

/// Note 1: a castling move is entered by its name; a king move onto or over the rook is never
/// castling. The stored form (king onto rook) is read back only from the record.
#[test]
fn castling_is_entered_only_by_its_name() {
    let mut g = game(number_of("RNBBQKNR"));
    play(&mut g, &["Nh3", "Nh6"]);
    // King f1, rook h1, g1 empty: "König Gustav eins" is the king's move, not castling.
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let king = de.interpret_text(g.position(), "König Gustav eins");
    assert_eq!(king.uci().as_deref(), Some("f1g1"));
    assert!(matches!(king.reading, Reading::Move(mv) if !mv.is_castle()));
    let castle = de.interpret_text(g.position(), "Kurze Rochade");
    assert!(matches!(castle.reading, Reading::Move(mv) if mv.is_castle()));
    assert_eq!(castle.uci().as_deref(), Some("f1h1"));
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    let castle = en.interpret_text(g.position(), "castles kingside");
    assert!(matches!(castle.reading, Reading::Move(mv) if mv.is_castle()));
    // The recognizer's grammar has castling only as its words.
    let mv = g.parse_san("O-O").expect("castling is legal");
    let rules = forms::move_rules(g.position(), &mv, &Vocab::builtin(Lang::De));
    assert!(!rules.is_empty() && rules.iter().all(|r| r.form == "castling"));
    // Typed: the stored form is the record's, an entry of it is no castling.
    assert_eq!(g.parse_uci("f1h1").ok(), Some(mv));
    assert!(g.parse_entered_uci("f1h1").is_err());
    assert!(g.parse_uci("f1g1").is_ok_and(|m| !m.is_castle()));
    // King f1, rook g1: the king onto its rook is no move at all.
    let g = game(number_of("RNBBQKRN"));
    let onto = de.interpret_text(g.position(), "König Gustav eins");
    assert!(!matches!(onto.reading, Reading::Move(_)), "{onto:?}");
    assert!(g.parse_entered_uci("f1g1").is_err());
    assert!(g.parse_uci("f1g1").is_ok_and(|m| m.is_castle()));
}

/// Rule 2 for positions entered by hand: each fault is named, and only Chess960 start
/// positions are accepted.
#[test]
fn a_start_position_entered_by_hand_is_checked() {
    let fault = |fen: &str| {
        Game::of_variant(Some(fen), Variant::Chess960, RulesEdition::Fide2018)
            .err()
            .map(|e| e.to_string())
    };
    assert!(
        fault("nrkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQNR w KQkq - 0 1").is_none(),
        "a Chess960 start position"
    );
    assert_eq!(
        chess960::check_start("rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/KRRBBNNQ w - - 0 1").err(),
        Some(Chess960Error::KingNotBetweenRooks)
    );
    // A game in progress is no start position.
    assert_eq!(
        chess960::check_start("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").err(),
        Some(Chess960Error::Pawns)
    );
    assert!(fault("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1").is_some());
}

fn rochade() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rochade"))
}

fn spawn(args: &[&str], dir: &Path) -> Child {
    rochade()
        .args(args)
        .args(["--speech", "off", "--games-dir"])
        .arg(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rochade starts")
}

fn send(child: &mut Child, lines: &[&str]) {
    let stdin = child.stdin.as_mut().expect("stdin");
    for line in lines {
        writeln!(stdin, "{line}").expect("write a line");
        stdin.flush().expect("flush");
        sleep(Duration::from_millis(150));
    }
}

fn finish(child: Child) -> String {
    let out = child.wait_with_output().expect("play ends");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// `play --chess960 N`: the player hears the start position, castles by typing O-O-O (the
/// king onto its rook, b1a1, is no castling), and `--resume` goes on with the same Chess960
/// game; its PGN names the variant and the start position.
#[test]
fn play_a_chess960_game_typed_and_resumed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("c960.jsonl");
    let journal_arg = journal.to_string_lossy().into_owned();
    let mut child = spawn(
        &[
            "play",
            "--chess960",
            "729",
            "--confirm-ms",
            "0",
            "--time-control",
            "-",
            "--journal",
            &journal_arg,
        ],
        dir.path(),
    );
    send(
        &mut child,
        &[
            "Sb3", "ja", "Nb6", "c3", "ja", "c6", "Lc2", "ja", "Bc7", "b1a1", "O-O-O", "ja", "ende",
        ],
    );
    let text = finish(child);
    // Number 729 is RKNBBQNR (python-chess: chess.Board.from_chess960_pos(729)).
    assert!(
        text.contains(
            "Chess960, Ausgangsstellung Nummer siebenhundertneunundzwanzig: Turm, König, \
             Springer, Läufer, Läufer, Dame, Springer, Turm."
        ),
        "{text}"
    );
    assert!(text.contains("An Sie: Nicht verstanden: b1a1."), "{text}");
    assert_eq!(text.matches("An Sie: Lange Rochade?").count(), 1, "{text}");
    assert!(text.contains("An den Gegner: Lange Rochade"), "{text}");

    let mut child = rochade()
        .args(["play", "--speech", "off", "--resume"])
        .arg(&journal)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("resume starts");
    send(&mut child, &["> O-O-O", "ende"]);
    let text = finish(child);
    assert!(text.contains("An Sie: Gegner: Lange Rochade."), "{text}");
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).expect("PGN");
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(
        pgn.contains("[FEN \"rknbbqnr/pppppppp/8/8/8/8/PPPPPPPP/RKNBBQNR w KQkq - 0 1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("4. O-O-O O-O-O"), "{pgn}");
}

/// A start position that is none is refused before the game starts, in the game's language,
/// and nothing is written.
#[test]
fn play_refuses_a_start_position_that_is_none() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = |args: &[&str]| {
        let out = rochade()
            .args(args)
            .arg("--games-dir")
            .arg(dir.path())
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        assert!(!out.status.success(), "{args:?} is refused");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = run(&["play", "--chess960", "960"]);
    assert!(
        err.contains("960 ist keine Chess960-Ausgangsstellung: sie sind von 0 bis 959 nummeriert."),
        "{err}"
    );
    let err = run(&[
        "play",
        "--lang",
        "en",
        "--chess960",
        "--fen",
        "rbkbrnnq/pppppppp/8/8/8/8/PPPPPPPP/RBKBRNNQ w KQkq - 0 1",
    ]);
    assert!(
        err.contains(
            "Not a Chess960 start position: the bishops must stand on squares of opposite colours."
        ),
        "{err}"
    );
    let err = run(&[
        "relay",
        "--chess960",
        "12",
        "--fen",
        &chess960::start_fen(13).unwrap(),
    ]);
    assert!(
        err.contains("Die angegebene Stellung ist nicht die Chess960-Ausgangsstellung 12."),
        "{err}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path())
            .map(|d| d.count())
            .unwrap_or(0),
        0,
        "nothing written"
    );
}

/// `rochade interpret --chess960`: the position's castling rights are Chess960's.
#[test]
fn interpret_reads_a_chess960_position() {
    let fen = chess960::start_fen(number_of("RNBBQKRN")).unwrap();
    let out = rochade()
        .args([
            "interpret",
            "--chess960",
            "--fen",
            &fen,
            "--",
            "kurze",
            "rochade",
        ])
        .output()
        .expect("runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["status"], "move", "{json}");
    assert_eq!(json["uci"], "f1g1");
    assert_eq!(json["san"], "O-O");
}

/// The Python that has python-chess: the set-up's venv (`ROCHADE_PYTHON`, set by
/// scripts/test.sh), else `python3`.
fn python() -> String {
    std::env::var("ROCHADE_PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

const PYTHON_READ: &str = r#"
import json, sys
import chess.pgn
game = chess.pgn.read_game(sys.stdin)
board = game.board()
print(json.dumps({
    "chess960": board.chess960,
    "errors": [str(e) for e in game.errors],
    "ucis": [m.uci() for m in game.mainline_moves()],
    "start": game.headers.get("FEN"),
}))
"#;

/// The PGN of every Chess960 scenario, read by python-chess: a Chess960 game from the same
/// start position with the same moves as the scenario's (whose moves python-chess chose).
#[test]
fn python_chess_reads_the_chess960_scoresheets() {
    let available = Command::new(python())
        .args(["-c", "import chess.pgn"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !available {
        // scripts/test.sh (and so CI) requires it; scripts/setup.sh --korean-model installs it
        assert!(
            std::env::var_os("ROCHADE_REQUIRE_PYTHON_CHESS").is_none(),
            "python-chess is required but cannot be imported: run scripts/setup.sh --korean-model"
        );
        eprintln!("SKIPPED: python-chess is not installed (scripts/setup.sh --korean-model)");
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/assistant");
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut checked = 0;
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("scenarios")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                n.starts_with("chess960-") && n.ends_with(".expect.jsonl")
            })
        })
        .collect();
    names.sort();
    for expect in names {
        let expected = std::fs::read_to_string(&expect).expect("expect file");
        if expected.contains("errors_expected") {
            continue;
        }
        let made: Vec<String> = expected
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["kind"] == "made")
            .map(|v| v["uci"].as_str().unwrap_or_default().to_owned())
            .collect();
        let events = expect.to_string_lossy().replace(".expect.jsonl", ".jsonl");
        let pgn_path = tmp.path().join("game.pgn");
        let status = rochade()
            .args(["replay", &events, "--pgn"])
            .arg(&pgn_path)
            .stdout(Stdio::null())
            .status()
            .expect("replay runs");
        assert!(status.success(), "{events}");
        let pgn = std::fs::read_to_string(&pgn_path).expect("PGN");
        let mut child = Command::new(python())
            .args(["-c", PYTHON_READ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python runs");
        child
            .stdin
            .as_mut()
            .expect("stdin")
            .write_all(pgn.as_bytes())
            .expect("PGN written");
        let out = child.wait_with_output().expect("python ends");
        assert!(out.status.success(), "{events}");
        let seen: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(seen["chess960"], true, "{events}:\n{pgn}");
        assert_eq!(seen["errors"], serde_json::json!([]), "{events}:\n{pgn}");
        assert_eq!(seen["ucis"], serde_json::json!(made), "{events}:\n{pgn}");
        assert!(seen["start"].is_string(), "{events}:\n{pgn}");
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} Chess960 scenarios");
}
