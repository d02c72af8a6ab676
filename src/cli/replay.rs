//! `rochade replay EVENTS.jsonl [--pgn OUT.pgn]`: feeds timed events to the assistant and
//! prints every effect as one JSON line. The interface for tests, benchmarks and acceptance
//! checks; a game journal can be replayed as well.
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::json;

use crate::assistant::Assistant;
use crate::assistant::protocol::{Event, TimedEvent, VocabularyFile};
use crate::bounded::{BoundedLines, InputError, RECORDS};
use crate::lang::Lang;
use crate::session::parse_event_line;

/// Replay timed events and print the effects as JSON lines.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The events, one JSON object a line ({"at": MS, "start": {...}}, {"at": MS, "heard": "..."},
    /// ...), or - for standard input. A game journal works too.
    pub events: String,
    /// Write the scoresheet as PGN to this file at the end.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// The arbiter's own vocabulary (FIDE D.1) for every game started without one: a TOML
    /// file like grammars/de.toml; it sets the language of a de or en game (an ar or he game
    /// keeps its language and is played with the file's words).
    #[arg(long, value_name = "FILE")]
    pub grammar: Option<PathBuf>,
}

/// Runs `replay`.
pub fn run(args: ReplayArgs) -> anyhow::Result<i32> {
    let mut input: Box<dyn BufRead> = if args.events == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        let file = std::fs::File::open(&args.events)
            .map_err(|e| anyhow::anyhow!("cannot open the events file {}: {e}", args.events))?;
        Box::new(std::io::BufReader::new(file))
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let vocabulary = match &args.grammar {
        Some(path) => Some(VocabularyFile::read(path).map_err(|e| anyhow::anyhow!(e))?),
        None => None,
    };
    let mut assistant = Assistant::new();
    let mut errors = 0;
    let opening = input.fill_buf()?;
    let opening = String::from_utf8_lossy(&opening[..opening.len().min(64)]).into_owned();
    if crate::session::is_journal_text(&opening) {
        // A journal: its lines are checked, and it is replayed as a resumption would, up to
        // its first damaged line (and without the lines a decision set aside).
        let bytes = crate::bounded::read_all(input, &args.events, RECORDS)?;
        let check = crate::session::check_journal_bytes(Path::new(&args.events), &bytes)
            .map_err(|e| anyhow::anyhow!(e))?;
        for (event, _) in &check.events {
            let event = with_vocabulary(event.clone(), vocabulary.as_ref());
            for effect in assistant.handle(&event) {
                writeln!(out, "{}", effect.to_json())?;
            }
        }
        for problem in check.damage.iter().chain(&check.torn) {
            errors += 1;
            writeln!(
                out,
                "{}",
                json!({"kind": "error", "line": problem.line(), "error": problem.to_string()})
            )?;
        }
    } else {
        errors += replay_lines(
            input,
            &args.events,
            vocabulary.as_ref(),
            &mut assistant,
            &mut out,
        )?;
    }
    out.flush()?;
    if let Some(path) = &args.pgn {
        let Some(record) = assistant.record() else {
            anyhow::bail!("no game was started, so there is no PGN to write");
        };
        let lang = assistant.spec().map(|s| s.lang).unwrap_or_default();
        crate::storage::atomic_write(
            path,
            crate::scoresheet::pgn::write(record, false, lang).as_bytes(),
        )
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    Ok(if errors > 0 { 1 } else { 0 })
}

/// Replays event lines (`name` names the input in errors); returns how many were not events.
fn replay_lines(
    input: impl BufRead,
    name: &str,
    vocabulary: Option<&(VocabularyFile, Lang)>,
    assistant: &mut Assistant,
    out: &mut impl Write,
) -> anyhow::Result<usize> {
    let mut errors = 0;
    for line in BoundedLines::new(input, RECORDS) {
        let (number, text) = match line {
            Ok(line) => line,
            Err(InputError::NotUtf8 { line, .. }) => {
                errors += 1;
                writeln!(
                    out,
                    "{}",
                    json!({"kind": "error", "line": line, "error": "the line is not valid UTF-8"})
                )?;
                continue;
            }
            // A line too long, input too large or unreadable: the events after it would be
            // replayed out of their context, so the replay stops here and says where.
            Err(err) => {
                out.flush()?;
                anyhow::bail!("{name}: {err}");
            }
        };
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        match parse_event_line(text) {
            Ok(event) => {
                let event = with_vocabulary(event, vocabulary);
                for effect in assistant.handle(&event) {
                    writeln!(out, "{}", effect.to_json())?;
                }
            }
            Err(err) => {
                errors += 1;
                writeln!(
                    out,
                    "{}",
                    json!({"kind": "error", "line": number, "error": err})
                )?;
            }
        }
    }
    Ok(errors)
}

/// A game started without a vocabulary of its own takes the one `--grammar` gave, and its
/// language; a game in a language without a vocabulary (ar, he) keeps its language and is
/// played with the file's words.
fn with_vocabulary(
    mut event: TimedEvent,
    vocabulary: Option<&(VocabularyFile, Lang)>,
) -> TimedEvent {
    if let (Event::Start(spec), Some((file, lang))) = (&mut event.event, vocabulary)
        && spec.vocabulary.is_none()
    {
        spec.vocabulary = Some(file.clone());
        if spec.lang.has_vocabulary() && spec.vocab.is_none() {
            spec.lang = *lang;
        } else {
            spec.vocab = Some(spec.vocab.unwrap_or(*lang));
        }
    }
    event
}
