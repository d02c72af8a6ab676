//! `rochade reconcile A B [--journal J] [--json]`: compares two scoresheets move by move
//! (FIDE D.2.7–8) and says where they stop agreeing, the position there and, with a journal,
//! the clock readings to set.
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::scoresheet::brf::looks_like_braille;
use crate::scoresheet::load::{read_braille_sheet, read_sheet};
use crate::scoresheet::movelist::Sheet;
use crate::scoresheet::reconcile::reconcile;
use crate::scoresheet::{Letters, Record};

use super::scoresheet::{load_record, read_input};

/// What `--help` says beyond the flags.
pub const LONG_ABOUT: &str = "\
Compares two scoresheets move by move (FIDE D.2.7-8) and says whether they agree; if not, the \
last move on which they agree, the position there (FEN), the first difference as each sheet \
writes it and, with --journal, both clock readings after that move for the arbiter to set.

A sheet is a PGN file, a record (JSON), a braille scoresheet (BRF or Unicode braille, in the \
letter set given by --letters or else the one that reads furthest) or a move list as people \
write it: SAN with English (K Q R B N) or \
German (K D T L S) letters, with or without move numbers, 0-0 or O-O, e8D or e8=Q, \
exd6 e.p.; a move that cannot be read or is not legal is where that sheet stops agreeing. \
The journal is a Rochade game journal (.jsonl), a record (JSON) or a PGN with [%clk] comments.

Exit status 0 whenever a report was made, whether or not the sheets agree.";

#[derive(Debug, clap::Args)]
pub struct ReconcileArgs {
    /// The first scoresheet ('-' for standard input).
    pub a: PathBuf,
    /// The second scoresheet.
    pub b: PathBuf,
    /// The game's journal (a Rochade journal, a record JSON or a PGN with [%clk] comments), for the clock readings.
    #[arg(long)]
    pub journal: Option<PathBuf>,
    /// One JSON object instead of sentences.
    #[arg(long)]
    pub json: bool,
    /// The start position of both sheets when they are move lists (FEN).
    #[arg(long)]
    pub fen: Option<String>,
    /// The piece letters of a braille sheet: bauk, de or en (found by trying when not given).
    #[arg(long)]
    pub letters: Option<Letters>,
    /// Which game of sheet A, when it is a PGN with several games.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub game_a: usize,
    /// Which game of sheet B.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub game_b: usize,
    /// The language of the report: de or en.
    #[arg(long, default_value = "de")]
    pub lang: crate::lang::Lang,
}

fn load_sheet(
    path: &Path,
    game: usize,
    fen: Option<&str>,
    letters: Option<Letters>,
) -> anyhow::Result<Sheet> {
    let name = path.display().to_string();
    let text = read_input(path)?;
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if crate::session::is_journal_text(&text) {
        let record = crate::session::record_of_journal_text(&text)
            .map_err(|e| anyhow::anyhow!("in {name}: {e}"))?;
        return Sheet::from_record(&record).with_context(|| format!("in {name}"));
    }
    if trimmed.starts_with('{') {
        let record: Record = serde_json::from_str(trimmed)
            .with_context(|| format!("{name} is not a scoresheet record (JSON)"))?;
        return Sheet::from_record(&record).with_context(|| format!("in {name}"));
    }
    if letters.is_some() && looks_like_braille(&text) {
        return read_braille_sheet(&text, letters, fen).with_context(|| format!("in {name}"));
    }
    read_sheet(&text, game, fen).with_context(|| format!("in {name}"))
}

pub fn run(args: ReconcileArgs) -> anyhow::Result<i32> {
    let fen = args.fen.as_deref();
    let a = load_sheet(&args.a, args.game_a, fen, args.letters)?;
    let b = load_sheet(&args.b, args.game_b, fen, args.letters)?;
    let mut report = reconcile(&a, &b)?;
    if let Some(path) = &args.journal {
        let text = read_input(path)?;
        let journal = load_record(&text, 1, fen, &path.display().to_string())?;
        report = report.with_journal(&journal, &a);
    }
    let out = if args.json {
        let mut json = serde_json::to_string(&report)?;
        json.push('\n');
        json
    } else {
        report.words_in(args.lang)
    };
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(0)
}
