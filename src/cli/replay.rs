//! `rochade replay EVENTS.jsonl [--pgn OUT.pgn]`: feeds timed events to the assistant and
//! prints every effect as one JSON line. The interface for tests, benchmarks and acceptance
//! checks; a game journal can be replayed as well.
use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use crate::assistant::Assistant;
use crate::assistant::protocol::{Event, VocabularyFile};
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
    /// file like grammars/de.toml; it sets the game's language.
    #[arg(long, value_name = "FILE")]
    pub grammar: Option<PathBuf>,
}

/// Runs `replay`.
pub fn run(args: ReplayArgs) -> anyhow::Result<i32> {
    let input: Box<dyn BufRead> = if args.events == "-" {
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
    for (number, line) in input.split(b'\n').enumerate() {
        let line = line?;
        let Ok(text) = std::str::from_utf8(&line) else {
            errors += 1;
            writeln!(
                out,
                "{}",
                json!({"kind": "error", "line": number + 1, "error": "the line is not valid UTF-8"})
            )?;
            continue;
        };
        let text = text.trim();
        if text.is_empty() || text.starts_with("{\"rochade_journal\"") {
            continue;
        }
        match parse_event_line(text) {
            Ok(mut event) => {
                if let (Event::Start(spec), Some((file, lang))) = (&mut event.event, &vocabulary)
                    && spec.vocabulary.is_none()
                {
                    spec.vocabulary = Some(file.clone());
                    spec.lang = *lang;
                }
                for effect in assistant.handle(&event) {
                    writeln!(out, "{}", effect.to_json())?;
                }
            }
            Err(err) => {
                errors += 1;
                writeln!(
                    out,
                    "{}",
                    json!({"kind": "error", "line": number + 1, "error": err})
                )?;
            }
        }
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
