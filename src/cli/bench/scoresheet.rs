//! `rochade bench scoresheet [--plies 20000]`: how fast a long scoresheet is read.
//!
//! A game of `--plies` half-moves is made up (legal moves drawn by a fixed generator, never
//! one that ends the game), written as a move list (English and German letters), as PGN, as
//! BRF and as a journal-free record, and each is read back the way `rochade scoresheet` reads
//! a file. Every reading is checked against the game. The same is done for half the length:
//! a reader that takes linear time takes about twice as long for the whole game (a ratio near
//! 4 would mean quadratic).
use crate::lang::Lang;
use std::time::Instant;

use anyhow::{Context, bail, ensure};
use clap::Args;
use shakmaty::{Chess, Position};

use crate::cli::scoresheet::load_record;
use crate::scoresheet::brf::{BrailleOptions, write_brf};
use crate::scoresheet::{Headers, Letters, Record, pgn, text};

/// The arguments of `rochade bench scoresheet`.
#[derive(Debug, Args)]
pub struct ScoresheetBenchArgs {
    /// Half-moves in the game.
    #[arg(long, default_value_t = 20_000)]
    pub plies: usize,
}

/// The time a 20 000 half-move sheet must be read in, at most.
const GOAL_MS: f64 = 1000.0;

/// A small deterministic generator, so that every run reads the same game.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % below.max(1)
    }
}

/// A game of `plies` legal half-moves that never ends by mate or stalemate (once the pieces are
/// gone, the kings walk about: a scoresheet reader does not judge dead positions).
fn made_up_game(plies: usize) -> anyhow::Result<Record> {
    let mut lcg = Lcg(0x5eed);
    let mut record = Record::new(Headers::default(), None)?;
    let mut pos = Chess::default();
    for ply in 0..plies {
        let moves: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                !after.legal_moves().is_empty()
            })
            .collect();
        ensure!(
            !moves.is_empty(),
            "the made-up game got stuck at half-move {ply}"
        );
        let m = moves[lcg.next(moves.len())];
        record.push_move(m, None, None)?;
        pos.play_unchecked(m);
    }
    Ok(record)
}

/// The game as a move list written by hand: numbers, SAN, German letters when asked.
fn move_list(record: &Record, german: bool) -> String {
    let mut out = String::new();
    for (index, entry) in record.moves().iter().enumerate() {
        if index % 2 == 0 {
            out.push_str(&format!("{}. ", index / 2 + 1));
        }
        let san = if german {
            entry
                .san
                .chars()
                .map(|c| match c {
                    'N' => 'S',
                    'B' => 'L',
                    'R' => 'T',
                    'Q' => 'D',
                    other => other,
                })
                .collect()
        } else {
            entry.san.clone()
        };
        out.push_str(&san);
        out.push(if index % 2 == 1 { '\n' } else { ' ' });
    }
    out
}

/// Reads `sheet` as `rochade scoresheet` does; the time in ms.
fn read_ms(sheet: &str, expected: &Record, what: &str) -> anyhow::Result<f64> {
    let started = Instant::now();
    let read = load_record(sheet, 1, None, what)?;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let same = read.moves().len() == expected.moves().len()
        && read
            .moves()
            .iter()
            .zip(expected.moves())
            .all(|(a, b)| a.uci == b.uci);
    ensure!(same, "{what}: the sheet read back is not the game written");
    Ok(ms)
}

/// The sheets of a game, each with its name.
fn sheets(record: &Record) -> anyhow::Result<Vec<(&'static str, String)>> {
    let brf = write_brf(
        record,
        &BrailleOptions {
            letters: Letters::En,
            ..BrailleOptions::default()
        },
    )?;
    Ok(vec![
        ("move list (English letters)", move_list(record, false)),
        ("move list (German letters)", move_list(record, true)),
        ("PGN", pgn::write(record, false, Lang::En)),
        ("BRF", brf),
        ("record (JSON)", serde_json::to_string(record)?),
        ("print text", text::write(record, false, Lang::En)),
    ])
}

pub fn run(args: &ScoresheetBenchArgs) -> anyhow::Result<i32> {
    if args.plies < 2 {
        bail!("--plies {}: give at least 2 half-moves", args.plies);
    }
    let whole = made_up_game(args.plies).context("making up the game")?;
    let mut half = whole.clone();
    half.truncate(args.plies / 2);
    println!(
        "scoresheet reading: a game of {} half-moves (and of {}), read as `rochade scoresheet` reads a file",
        args.plies,
        args.plies / 2
    );
    let mut slowest: f64 = 0.0;
    for ((what, sheet), (_, half_sheet)) in sheets(&whole)?.into_iter().zip(sheets(&half)?) {
        // The print text is a layout for people, not a reading format: shown for its size only.
        if what == "print text" {
            println!("  {what:<28} {:>8} bytes (not read back)", sheet.len());
            continue;
        }
        let ms = read_ms(&sheet, &whole, what)?;
        let half_ms = read_ms(&half_sheet, &half, what)?;
        slowest = slowest.max(ms);
        println!(
            "  {what:<28} {:>8} bytes  {ms:>8.1} ms  ({:.2} µs a half-move; half the game {half_ms:.1} ms, ratio {:.1})",
            sheet.len(),
            ms * 1000.0 / args.plies as f64,
            ms / half_ms.max(0.001)
        );
    }
    let goal = GOAL_MS * args.plies as f64 / 20_000.0;
    println!(
        "slowest: {slowest:.1} ms; goal for {} half-moves: under {goal:.0} ms: {}",
        args.plies,
        if slowest < goal { "met" } else { "NOT met" }
    );
    Ok(if slowest < goal { 0 } else { 1 })
}
