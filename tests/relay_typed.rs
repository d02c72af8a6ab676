//! `rochade relay` as a human assistant uses it between two boards (D.2.9.a–c): both sides'
//! moves typed as they are played, faster than anyone types, and none lost: each is made at
//! once for the side to move, announced to the other side and written on the scoresheet.
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::Duration;

/// The movetext tokens (SAN) of the first game of at least `plies` half-moves in a PGN file.
fn a_long_game(pgn: &str, plies: usize) -> Vec<String> {
    let mut game: Vec<String> = Vec::new();
    for line in pgn.lines().chain(std::iter::once("")) {
        let line = line.trim();
        if line.starts_with('[') || line.is_empty() {
            if game.len() >= plies {
                return game;
            }
            if line.starts_with('[') {
                game.clear();
            }
            continue;
        }
        for token in line.split_whitespace() {
            let is_number = token
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit());
            let is_result = matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*");
            if !is_number && !is_result {
                game.push(token.to_string());
            }
        }
    }
    panic!("no game of {plies} half-moves in the file");
}

fn pgn_moves(pgn: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(pgn).expect("the PGN beside the journal");
    let movetext: String = text
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    // Comments ({[%clk …]}) out, then the numbers and the result.
    let mut plain = String::new();
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|t| {
            !t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit())
                && !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*")
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn a_forty_move_game_typed_faster_than_typing_loses_no_move() {
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/carlsen-selection.pgn"),
    )
    .expect("the games file");
    let game = a_long_game(&source, 80);
    let dir = tempfile::tempdir().expect("tempdir");
    let journal = dir.path().join("relay.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["relay", "--speech", "off", "--time-control", "5400+30"])
        .arg("--journal")
        .arg(&journal)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rochade relay starts");
    let stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .collect::<Vec<String>>()
    });
    {
        let stdin = child.stdin.as_mut().expect("stdin");
        for san in &game {
            writeln!(stdin, "{san}").expect("a line");
            stdin.flush().expect("flush");
            // Four moves a second: faster than a person types, well inside the 2 s window
            // that `play` gives a read-back.
            sleep(Duration::from_millis(250));
        }
        writeln!(stdin, "Ende").expect("a line");
    }
    let status = child.wait().expect("relay ends");
    let lines = reader.join().expect("stdout read");
    assert!(status.success(), "{lines:#?}");

    // Every move on the scoresheet, in order.
    let written = pgn_moves(&dir.path().join("relay.pgn"));
    let typed: Vec<String> = game.iter().map(|m| m.replace(['+', '#'], "")).collect();
    let written_plain: Vec<String> = written.iter().map(|m| m.replace(['+', '#'], "")).collect();
    assert_eq!(written_plain, typed, "{lines:#?}");

    // Each White move announced to the opponent, each Black move to the player; nothing
    // read back as a question, nothing refused.
    let to_opponent = lines
        .iter()
        .filter(|l| l.starts_with("An den Gegner:"))
        .count();
    let from_opponent = lines
        .iter()
        .filter(|l| l.starts_with("An Sie: Gegner:"))
        .count();
    assert_eq!(to_opponent, game.len().div_ceil(2), "{lines:#?}");
    assert_eq!(from_opponent, game.len() / 2, "{lines:#?}");
    assert!(
        !lines
            .iter()
            .any(|l| l.ends_with('?') || l.contains("nicht")),
        "{lines:#?}"
    );
}

#[test]
fn a_relayed_move_that_fits_two_pieces_is_asked_back_and_a_command_stays_a_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["relay", "--speech", "off", "--time-control", "300+0"])
        .arg("--journal")
        .arg(dir.path().join("relay.jsonl"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rochade relay starts");
    {
        let stdin = child.stdin.as_mut().expect("stdin");
        for line in ["d4", "d5", "Nf3", "Nf6", "Nd2", "b", "Zeit", "Ende"] {
            writeln!(stdin, "{line}").expect("a line");
            stdin.flush().expect("flush");
            sleep(Duration::from_millis(150));
        }
    }
    let out = child.wait_with_output().expect("relay ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Welcher Zug: Nbd2 oder Nfd2?"), "{text}");
    assert!(
        text.contains("An den Gegner: Springer Bella David zwei"),
        "{text}"
    );
    // "Zeit" is the player's request, answered with both clocks in words.
    assert!(text.contains("Sie: vier Minuten"), "{text}");
    let written = pgn_moves(&dir.path().join("relay.pgn"));
    assert_eq!(written, ["d4", "d5", "Nf3", "Nf6", "Nbd2"], "{text}");
}
