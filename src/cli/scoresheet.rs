//! `rochade scoresheet GAME --format …`: a game (PGN, record JSON or a move list) as PGN,
//! Unicode braille, BRF, print text or record JSON, on standard output or into a file that is
//! replaced atomically.
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use shakmaty::Position;

use crate::scoresheet::brf::{self, BrailleOptions};
use crate::scoresheet::load::read_sheet;
use crate::scoresheet::{Headers, Letters, Record, pgn, text};

/// What `--help` says about braille beyond the flags: which items are house style.
pub const LONG_ABOUT: &str = "\
Writes a game's scoresheet: PGN, Unicode braille, BRF (braille for embossers and notetakers), \
plain text for print, or the record as JSON.

GAME is a PGN file (the first game, or --game N), a record (JSON), a braille scoresheet (BRF \
or Unicode braille) or a move list as people write it (English or German letters); '-' reads \
standard input.

Braille and BRF: squares with lower-cell rank digits and no number sign; move numbers in \
lower-cell digits, no full stop; one move pair a line, a move never split; when a pair does \
not fit, Black's move on its own line after the dots-3-6 marker; capture (dots 5-6), check \
(dots 4-5) and capture with check (dots 4-5-6) before the destination square; pages of at \
most --lines lines of at most --width cells, CR LF line ends, a form feed between pages. \
Letter sets: bauk (K Q R L S, the default), de (K D T L S), en (K Q R B N).

House style (not found in a published braille chess code; may change): castling as O-O and \
O-O-O with the check sign after it; promotion as the destination then the piece letter \
(E8Q); the result in lower-cell digits (1-0, 0-1, 1/2-1/2); the draw offer as the print \
(=) in UEB symbols after the move; the heading in uncontracted braille without capital \
signs, numbers with the number sign; with the de or en letters, where a piece letter is also \
a file (D, B), a piece move that could be read as a pawn capture is written with its whole \
departure square (DH2;E5). Uncertain: mate written as dots 3-4-5 then m after \
the move; the bishop letter L of the bauk set.

A sealed move is shown only as 'sealed' unless --reveal-sealed is given (the copy for the \
envelope).";

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Pgn,
    /// Unicode braille, the same cells as the BRF.
    Braille,
    /// Braille ASCII (North American), upper case.
    Brf,
    /// Plain text for print.
    Text,
    /// The record as JSON.
    Json,
    /// The moves read aloud in the FIDE words (speech-dispatcher, then espeak-ng), printed as
    /// they are said; with --wav, written as one WAV file instead.
    Speech,
}

#[derive(Debug, clap::Args)]
pub struct ScoresheetArgs {
    /// The game: a PGN file, a record (JSON) or a move list; '-' for standard input.
    pub game: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Braille piece letters: bauk (K Q R L S), de (K D T L S) or en (K Q R B N).
    #[arg(long, default_value = "bauk")]
    pub letters: Letters,
    /// Braille: cells a line, at most.
    #[arg(long, default_value_t = 40)]
    pub width: usize,
    /// Braille: lines a page, at most.
    #[arg(long, default_value_t = 25)]
    pub lines: usize,
    /// Which game of a PGN file, counted from 1.
    #[arg(long = "game", default_value_t = 1, value_name = "N")]
    pub game_number: usize,
    /// The start position of a move list (FEN); the standard position by default.
    #[arg(long)]
    pub fen: Option<String>,
    /// Show the sealed move (for the envelope).
    #[arg(long)]
    pub reveal_sealed: bool,
    /// Write into this file instead of standard output (replaced whole, never half-written).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// The language of the words: the headings, claims and sealed move of the print, braille
    /// and PGN sheets, and the spoken reading (de: the FIDE German words; en; ar; he).
    #[arg(long, default_value = "de")]
    pub lang: crate::lang::Lang,
    /// Speech: write the reading into this WAV file (espeak-ng) instead of saying it.
    #[arg(long)]
    pub wav: Option<PathBuf>,
}

/// Reads a file, or standard input for "-": a scoresheet, or a journal (which may be larger),
/// within the limits of [`crate::bounded`].
pub(crate) fn read_input(path: &Path) -> anyhow::Result<String> {
    use crate::bounded::{Limits, RECORDS, SHEETS, read_all, read_file, size_words};
    let limits = Limits {
        what: "a journal",
        ..RECORDS
    };
    let bytes = if path.as_os_str() == "-" {
        read_all(std::io::stdin().lock(), "standard input", limits)?
    } else {
        read_file(path, limits)?
    };
    // PGN files are sometimes Latin-1; a lossy read keeps the moves.
    let text = String::from_utf8_lossy(&bytes).into_owned();
    if bytes.len() as u64 > SHEETS.file && !crate::session::is_journal_text(&text) {
        bail!(
            "{} is larger than {}, the limit of a scoresheet; it was not read",
            path.display(),
            size_words(SHEETS.file)
        );
    }
    Ok(text)
}

/// Loads a record from a PGN, a record JSON or a move list.
pub fn load_record(
    text: &str,
    game_number: usize,
    fen: Option<&str>,
    name: &str,
) -> anyhow::Result<Record> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if crate::session::is_journal_text(text) {
        return crate::session::record_of_journal_text(text)
            .map_err(|e| anyhow::anyhow!("in {name}: {e}"));
    }
    if trimmed.starts_with('{') {
        let record: Record = serde_json::from_str(trimmed)
            .with_context(|| format!("{name} is not a scoresheet record (JSON)"))?;
        record
            .replay()
            .with_context(|| format!("the record in {name} does not replay"))?;
        return Ok(record);
    }
    if pgn::looks_like_pgn(text) {
        return pgn::read_lenient(text, game_number).with_context(|| format!("in {name}"));
    }
    let sheet = read_sheet(text, game_number, fen).with_context(|| format!("in {name}"))?;
    if let Some(problem) = &sheet.problem {
        bail!("in {name}: {problem}");
    }
    let start_fen = (sheet.start != shakmaty::Chess::default()
        || sheet.start.fullmoves().get() != 1)
        .then(|| crate::scoresheet::record::fen_of(&sheet.start));
    let mut record = Record::new(Headers::default(), start_fen)?;
    for m in &sheet.moves {
        let pos = record.position()?;
        let uci: shakmaty::uci::UciMove = m.uci.parse()?;
        record.push_move(uci.to_move(&pos)?, None, None)?;
        if m.draw_offered {
            record.offer_draw()?;
        }
    }
    if let Some(result) = sheet.result {
        record.result = result;
    }
    Ok(record)
}

/// Writes bytes to a file through a temporary file in the same folder and a rename, so the
/// file is always either the old or the new one whole.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let file_name = path
        .file_name()
        .with_context(|| format!("{} is not a file name", path.display()))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(file_name);
    temp_name.push(".tmp");
    let temp = path.with_file_name(temp_name);
    {
        let mut file = std::fs::File::create(&temp)
            .with_context(|| format!("could not create {}", temp.display()))?;
        file.write_all(bytes)?;
        file.sync_all()?;
    }
    std::fs::rename(&temp, path)
        .with_context(|| format!("could not replace {}", path.display()))?;
    Ok(())
}

/// Renders a record in a format.
pub fn render(record: &Record, args: &ScoresheetArgs) -> anyhow::Result<String> {
    let options = BrailleOptions {
        letters: args.letters,
        width: args.width,
        lines: args.lines,
        reveal_sealed: args.reveal_sealed,
        lang: args.lang,
    };
    Ok(match args.format {
        Format::Pgn => pgn::write(record, args.reveal_sealed, args.lang),
        Format::Braille => brf::write_unicode(record, &options)?,
        Format::Brf => brf::write_brf(record, &options)?,
        Format::Text => text::write(record, args.reveal_sealed, args.lang),
        Format::Speech => speech_lines(record, args.lang)?.join("\n") + "\n",
        Format::Json => {
            let mut json = serde_json::to_string_pretty(record)?;
            json.push('\n');
            json
        }
    })
}

/// The game as sentences to be read aloud: the heading, one sentence a move pair in the
/// language's words for moves ("Zug zwölf: Weiß Springer Felix drei. Schwarz David fünf.";
/// Arabic and Hebrew as their announcements say moves), the result.
pub fn speech_lines(record: &Record, lang: crate::lang::Lang) -> anyhow::Result<Vec<String>> {
    let catalog = crate::catalog::Catalog::builtin(lang);
    let vocab = crate::vocab::Vocab::builtin(lang);
    let announcing = crate::announce::Announcing::new(lang, &vocab);
    let (positions, moves) = record.replay()?;
    let mut lines = Vec::new();
    let h = &record.headers;
    if !h.white.is_empty() || !h.black.is_empty() {
        lines.push(catalog.text(
            "reading-versus",
            &[("white", (&h.white).into()), ("black", (&h.black).into())],
        ));
    }
    let mut pair: Vec<String> = Vec::new();
    for (pos, mv) in positions.iter().zip(&moves) {
        let words = crate::interpret::announced_move(
            pos,
            mv,
            &vocab,
            announcing.wording(&vocab),
            crate::interpret::CheckWord::Said,
        );
        let side = catalog.text(
            match pos.turn() {
                shakmaty::Color::White => "side-white",
                shakmaty::Color::Black => "side-black",
            },
            &[],
        );
        if pos.turn() == shakmaty::Color::White || pair.is_empty() {
            if !pair.is_empty() {
                lines.push(pair.join(" "));
                pair.clear();
            }
            let n = crate::numbers::cardinal(u64::from(pos.fullmoves().get()), lang);
            pair.push(catalog.text("reading-move", &[("number", n.into())]));
        }
        pair.push(catalog.text(
            "reading-side-move",
            &[("side", side.into()), ("words", words.into())],
        ));
    }
    if !pair.is_empty() {
        lines.push(pair.join(" "));
    }
    let result = match record.result.pgn() {
        "1-0" => Some("reading-result-white-wins"),
        "0-1" => Some("reading-result-black-wins"),
        "1/2-1/2" => Some("reading-result-draw"),
        _ => None,
    };
    lines.extend(result.map(|id| catalog.text(id, &[])));
    Ok(lines)
}

/// Says the lines (or writes them as one WAV file) and prints each as it is said.
fn speak_lines(lines: &[String], args: &ScoresheetArgs) -> anyhow::Result<()> {
    use crate::speech::{BackendKind, OutputConfig, Speaker};
    if let Some(path) = &args.wav {
        let voice = OutputConfig::new(args.lang, vec![BackendKind::Espeak]).espeak_voice();
        let mut samples: Vec<i16> = Vec::new();
        let mut rate = 22_050;
        for line in lines {
            let speech = crate::speech::espeak::synthesize(line, &voice)
                .map_err(|e| anyhow::anyhow!("espeak-ng: {e}"))?;
            rate = speech.sample_rate;
            samples.extend(speech.samples);
            samples.extend(std::iter::repeat_n(0i16, rate as usize * 2 / 5));
        }
        crate::audio::wav::write_mono(path, &samples, rate)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
        println!(
            "{}: {} lines, {:.1} seconds",
            path.display(),
            lines.len(),
            samples.len() as f64 / f64::from(rate)
        );
        return Ok(());
    }
    let mut speaker = crate::speech::open(&OutputConfig::new(
        args.lang,
        vec![BackendKind::Tts, BackendKind::Espeak, BackendKind::Text],
    ));
    for line in lines {
        match speaker.speak(line) {
            Ok(spoken) if spoken.backend != "text" => println!("{line}"),
            Ok(_) => {}
            Err(e) => bail!("no speech output works: {e}"),
        }
        for n in speaker.take_notices() {
            eprintln!("{n}");
        }
    }
    Ok(())
}

pub fn run(args: ScoresheetArgs) -> anyhow::Result<i32> {
    let name = args.game.display().to_string();
    let text = read_input(&args.game)?;
    let record = load_record(&text, args.game_number, args.fen.as_deref(), &name)?;
    if args.format == Format::Speech && args.output.is_none() {
        speak_lines(&speech_lines(&record, args.lang)?, &args)?;
        return Ok(0);
    }
    let out = render(&record, &args)?;
    match &args.output {
        Some(path) => write_atomically(path, out.as_bytes())?,
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(out.as_bytes())?;
            stdout.flush()?;
        }
    }
    Ok(0)
}
