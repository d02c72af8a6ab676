//! PGN output read back by independent parsers: pgn-reader (a visitor written here, not
//! Rochade's reader) and, when it is installed, python-chess. Same moves, same `[%clk]`
//! comments, the seven-tag roster and `TimeControl`; and Rochade's own reader gets the record
//! back whole.
use std::ops::ControlFlow;
use std::process::Command;

use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Visitor};
use rochade::scoresheet::{Clocks, Headers, Record, SheetResult, pgn};

const KASPAROV: &str = include_str!("data/python-chess/kasparov-deep-blue-1997.pgn");
const CARLSEN: &str = include_str!("data/carlsen-selection.pgn");

/// A record of a real game with made-up but plausible clock readings (90 minutes + 30 s a
/// move, each move taking a different time), a draw offer and the game's result.
fn record_with_clocks(source: &str, game: usize) -> Record {
    let game_record = pgn::read(source, game).unwrap();
    let headers = Headers {
        time_control: Some("40/5400+30:1800+30".into()),
        rules_edition: Some("fide-2018".into()),
        ..game_record.headers.clone()
    };
    let mut record = Record::new(headers, None).unwrap();
    let (mut white, mut black) = (5_400_000u64, 5_400_000u64);
    for (i, entry) in game_record.moves().iter().enumerate() {
        let spent = 1_000 * ((i as u64 * 37 + game as u64 * 11) % 400);
        if i % 2 == 0 {
            white = white.saturating_sub(spent) + 30_000;
        } else {
            black = black.saturating_sub(spent) + 30_000;
        }
        record
            .push_san(
                &entry.san,
                Some(Clocks::new(white, black)),
                Some(i as u64 * 60_000),
            )
            .unwrap();
        if i == 20 {
            record.offer_draw().unwrap();
        }
    }
    record.finish(game_record.result, "as played");
    record
}

fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// What an independent reader sees: tags in order, SAN moves, the comments after each move.
#[derive(Default, Debug)]
struct Seen {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    comments: Vec<String>,
    outcome: String,
}

struct Collect;

impl Visitor for Collect {
    type Tags = Seen;
    type Movetext = Seen;
    type Output = Seen;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Seen::default())
    }
    fn tag(&mut self, seen: &mut Seen, name: &[u8], value: RawTag<'_>) -> ControlFlow<Seen> {
        seen.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, seen: Seen) -> ControlFlow<Seen, Seen> {
        ControlFlow::Continue(seen)
    }
    fn san(&mut self, seen: &mut Seen, san: SanPlus) -> ControlFlow<Seen> {
        seen.sans.push(san.to_string());
        seen.comments.push(String::new());
        ControlFlow::Continue(())
    }
    fn comment(&mut self, seen: &mut Seen, comment: RawComment<'_>) -> ControlFlow<Seen> {
        if let Some(last) = seen.comments.last_mut() {
            last.push_str(&String::from_utf8_lossy(comment.as_bytes()));
        }
        ControlFlow::Continue(())
    }
    fn outcome(&mut self, seen: &mut Seen, outcome: pgn_reader::Outcome) -> ControlFlow<Seen> {
        seen.outcome = outcome.to_string();
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, seen: Seen) -> Seen {
        seen
    }
}

fn records() -> Vec<Record> {
    let mut out: Vec<Record> = (1..=6).map(|g| record_with_clocks(KASPAROV, g)).collect();
    out.extend(
        (1..=400)
            .step_by(50)
            .map(|g| record_with_clocks(CARLSEN, g)),
    );
    out
}

#[test]
fn pgn_reader_sees_the_same_moves_clocks_and_tags() {
    for record in records() {
        let text = pgn::write(&record, false, rochade::lang::Lang::En);
        let mut reader = Reader::new(text.as_bytes());
        let seen = reader.read_game(&mut Collect).unwrap().unwrap();
        let names: Vec<&str> = seen.tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names.get(..7).unwrap(),
            ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
        );
        assert!(
            seen.tags
                .contains(&("TimeControl".into(), "40/5400+30:1800+30".into()))
        );
        let sans: Vec<&str> = record.moves().iter().map(|m| m.san.as_str()).collect();
        assert_eq!(seen.sans, sans);
        for (i, (entry, comment)) in record.moves().iter().zip(&seen.comments).enumerate() {
            let mover_ms = if i % 2 == 0 {
                entry.white_ms
            } else {
                entry.black_ms
            };
            let expected = format!("[%clk {}]", clock_text(mover_ms.unwrap()));
            assert!(
                comment.contains(&expected),
                "move {i}: {comment:?} lacks {expected}"
            );
            assert_eq!(comment.contains("(=)"), entry.draw_offered, "move {i}");
        }
        assert_eq!(seen.outcome, record.result.pgn());
        assert!(
            text.lines().all(|l| l.len() <= 79),
            "a line longer than 79 characters"
        );
    }
}

#[test]
fn rochade_reads_its_pgn_back_whole() {
    for record in records() {
        let back = pgn::read(&pgn::write(&record, false, rochade::lang::Lang::En), 1).unwrap();
        assert_eq!(back.headers.white, record.headers.white);
        assert_eq!(back.headers.time_control, record.headers.time_control);
        assert_eq!(back.headers.rules_edition, record.headers.rules_edition);
        assert_eq!(back.result, record.result);
        assert_eq!(back.result_reason, record.result_reason);
        assert_eq!(back.moves().len(), record.moves().len());
        for (i, (a, b)) in back.moves().iter().zip(record.moves()).enumerate() {
            assert_eq!((&a.san, &a.uci), (&b.san, &b.uci));
            // Whole seconds are kept exactly; before Black's first move PGN has no reading
            // of Black's clock.
            assert_eq!(a.white_ms, b.white_ms);
            if i == 0 {
                assert_eq!(a.black_ms, None);
            } else {
                assert_eq!(a.black_ms, b.black_ms);
            }
            assert_eq!(a.draw_offered, b.draw_offered);
        }
    }
}

/// A tag value that a damaged sheet gave a line break (found by `scripts/fuzz.sh pgn`) is
/// written on one line: the rest of the name is not read back as moves.
#[test]
fn a_name_with_a_line_break_is_written_on_one_line_and_reads_back() {
    let damaged = "[White \"Anastasian, \\\\\\\n&Resu  O-5 e5e4 g1:\n\n*\n";
    let record = pgn::read(damaged, 1).expect("the lenient tag reader takes it");
    assert!(
        record.headers.white.contains('\n'),
        "{:?}",
        record.headers.white
    );
    let written = pgn::write(&record, false, rochade::lang::Lang::En);
    let white = written
        .lines()
        .find(|l| l.starts_with("[White "))
        .expect("a White tag");
    assert!(white.ends_with("\"]"), "{written}");
    let back = pgn::read(&written, 1).expect("it reads back");
    assert_eq!(back.moves().len(), record.moves().len());
    assert_eq!(back.headers.white, record.headers.white.replace('\n', " "));
}

#[test]
fn a_record_without_clocks_has_no_clock_comments() {
    let record = pgn::read(KASPAROV, 1).unwrap();
    let text = pgn::write(&record, false, rochade::lang::Lang::En);
    assert!(!text.contains("%clk"));
    assert!(text.contains("1. Nf3 d5 2. g3 Bg4"));
    assert!(text.trim_end().ends_with("g7 1-0"));
    assert_eq!(record.result, SheetResult::WhiteWins);
}

const PYTHON_CHECK: &str = r#"
import json, sys
import chess.pgn, io
game = chess.pgn.read_game(io.StringIO(sys.stdin.read()))
out = {"headers": dict(game.headers), "sans": [], "clocks": [], "comments": []}
board = game.board()
for node in game.mainline():
    out["sans"].append(node.san())
    out["clocks"].append(node.clock())
    out["comments"].append(node.comment)
print(json.dumps(out))
"#;

/// The Python that has python-chess: the set-up's venv (`ROCHADE_PYTHON`, set by
/// scripts/test.sh), else `python3`.
fn python() -> String {
    std::env::var("ROCHADE_PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// python-chess, when it can be imported (`scripts/setup.sh --korean-model`); skipped otherwise.
#[test]
fn python_chess_reads_the_same_moves_and_clocks() {
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
    for record in records() {
        let text = pgn::write(&record, false, rochade::lang::Lang::En);
        let mut child = Command::new(python())
            .args(["-c", PYTHON_CHECK])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), text.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        let seen: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(seen["headers"]["White"], record.headers.white.as_str());
        assert_eq!(seen["headers"]["TimeControl"], "40/5400+30:1800+30");
        for (i, entry) in record.moves().iter().enumerate() {
            assert_eq!(seen["sans"][i], entry.san.as_str(), "move {i}");
            let mover_ms = if i % 2 == 0 {
                entry.white_ms
            } else {
                entry.black_ms
            };
            let clock = seen["clocks"][i].as_f64().unwrap();
            assert_eq!(clock, (mover_ms.unwrap() / 1000) as f64, "move {i}");
            assert_eq!(
                seen["comments"][i].as_str().unwrap().contains("(=)"),
                entry.draw_offered
            );
        }
    }
}
