//! A game session: the assistant with its journal and its scoresheet files. Every event is
//! written to the journal and synced to disk before the assistant handles it, so that nothing
//! announced as done can be lost; the scoresheet files are rewritten (atomically) after every
//! made move. `--resume` replays the journal into a fresh assistant. The end of a read-back's
//! playback (`played`, which starts its correction window) is journaled like every event, so a
//! resumed game comes back to the same deadline.
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::assistant::Assistant;
use crate::assistant::protocol::{Effect, Event, TimedEffect, TimedEvent};
use crate::journal::{Journal, JournalHeader, JournalProblem, read_journal, utc_rfc3339};
use crate::scoresheet::brf::{self, BrailleOptions};
use crate::scoresheet::{pgn, text};
use crate::storage::atomic_write;

/// One journal line: the event, its game time, and the wall-clock time it was written (so that
/// a resumed game counts the time the program was down against the running clock).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JournalEntry {
    pub at: u64,
    /// Milliseconds since the Unix epoch when the entry was written.
    pub wall_ms: u64,
    #[serde(flatten)]
    pub event: Value,
}

/// Milliseconds since the Unix epoch now.
pub fn wall_ms_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// Reads one event line (of a replay file or a journal): the event and its time; the journal's
/// `wall_ms` is ignored.
pub fn parse_event_line(line: &str) -> Result<TimedEvent, String> {
    let mut value: Value =
        serde_json::from_str(line).map_err(|e| format!("not valid JSON: {e}"))?;
    if let Value::Object(map) = &mut value {
        map.remove("wall_ms");
    } else {
        return Err("expected a JSON object like {\"at\": 0, \"heard\": \"...\"}".into());
    }
    serde_json::from_value(value).map_err(|e| format!("not an event: {e}"))
}

/// What a session was resumed from.
#[derive(Debug, Default)]
pub struct Resumed {
    /// Events replayed.
    pub events: usize,
    /// Problems found in the journal (a torn last line, a broken line), in words.
    pub problems: Vec<String>,
    /// The game time the program was down, counted against the running clock.
    pub down_ms: u64,
}

/// The assistant, its journal and its files.
pub struct Session {
    assistant: Assistant,
    journal: Option<Journal>,
    /// Where the scoresheet files go (beside the journal), and their stem.
    sheets: Option<(PathBuf, String)>,
    /// Wall-clock ms at game time 0.
    epoch_wall_ms: u64,
    last_at: u64,
}

impl Session {
    /// A new game with a journal at `journal_path` (none: nothing is kept).
    pub fn create(journal_path: Option<&Path>) -> Result<Session, String> {
        let now_wall = wall_ms_now();
        let journal = match journal_path {
            Some(path) => {
                if let Some(dir) = path.parent()
                    && !dir.as_os_str().is_empty()
                {
                    std::fs::create_dir_all(dir).map_err(|e| {
                        format!(
                            "cannot create the folder {} for the journal: {e}",
                            dir.display()
                        )
                    })?;
                }
                let header = JournalHeader::new(&utc_rfc3339(SystemTime::now()));
                Some(Journal::create(path, &header).map_err(|e| e.to_string())?)
            }
            None => None,
        };
        Ok(Session {
            assistant: Assistant::new(),
            sheets: journal_path.map(sheet_place),
            journal,
            epoch_wall_ms: now_wall,
            last_at: 0,
        })
    }

    /// Resumes the game of a journal: its events are replayed (their effects are not carried
    /// out again), the clock counts the time the program was down, and new events are appended.
    pub fn resume(path: &Path) -> Result<(Session, Resumed), String> {
        let read = read_journal::<Value>(path).map_err(|e| e.to_string())?;
        let mut resumed = Resumed::default();
        for p in &read.problems {
            resumed.problems.push(describe_problem(p));
        }
        let mut assistant = Assistant::new();
        let mut last: Option<(u64, u64)> = None;
        for record in read.records {
            let wall = record.get("wall_ms").and_then(Value::as_u64);
            let line = record.to_string();
            match parse_event_line(&line) {
                Ok(ev) => {
                    if let Some(w) = wall {
                        last = Some((ev.at, w));
                    }
                    assistant.handle(&ev);
                    resumed.events += 1;
                }
                Err(err) => resumed
                    .problems
                    .push(format!("a journal entry was skipped: {err}")),
            }
        }
        let journal = Journal::open_append(path).map_err(|e| e.to_string())?;
        if let Some(tail) = journal.salvaged() {
            resumed
                .problems
                .push(format!("a torn last line was set aside: {tail:?}"));
        }
        let now_wall = wall_ms_now();
        let (last_at, epoch) = match last {
            Some((at, wall)) => (at, wall.saturating_sub(at)),
            None => (0, now_wall),
        };
        resumed.down_ms = now_wall.saturating_sub(epoch).saturating_sub(last_at);
        Ok((
            Session {
                assistant,
                journal: Some(journal),
                sheets: Some(sheet_place(path)),
                epoch_wall_ms: epoch,
                last_at,
            },
            resumed,
        ))
    }

    /// The game time now (ms since the start), never earlier than the last event.
    pub fn now(&self) -> u64 {
        wall_ms_now()
            .saturating_sub(self.epoch_wall_ms)
            .max(self.last_at)
    }

    /// The assistant.
    pub fn assistant(&self) -> &Assistant {
        &self.assistant
    }

    /// Where the journal is.
    pub fn journal_path(&self) -> Option<&Path> {
        self.journal.as_ref().map(|j| j.path())
    }

    /// Journals an event, then hands it to the assistant. If the journal cannot be written,
    /// the event is not handled and the error comes back: nothing is announced as done that
    /// could be lost.
    pub fn feed(&mut self, event: Event, at: u64) -> Result<Vec<TimedEffect>, String> {
        let at = at.max(self.last_at);
        let timed = TimedEvent { at, event };
        if let Some(journal) = self.journal.as_mut() {
            let mut value = serde_json::to_value(&timed).map_err(|e| e.to_string())?;
            if let Value::Object(map) = &mut value {
                map.insert(
                    "wall_ms".into(),
                    Value::from(self.epoch_wall_ms.saturating_add(at)),
                );
            }
            journal.append(&value).map_err(|e| e.to_string())?;
        }
        self.last_at = at;
        let effects = self.assistant.handle(&timed);
        if effects.iter().any(|e| {
            matches!(
                e.effect,
                Effect::Made { .. } | Effect::End { .. } | Effect::Sealed { .. }
            )
        }) {
            self.write_sheets();
        }
        Ok(effects)
    }

    /// A tick, journaled only when something is due (a window passed, a flag fell).
    pub fn tick(&mut self, at: u64) -> Result<Vec<TimedEffect>, String> {
        if self.assistant.due(at) {
            self.feed(Event::Tick(true), at)
        } else {
            Ok(Vec::new())
        }
    }

    /// Rewrites the scoresheet files beside the journal: PGN, BRF, text. A failure is reported
    /// on standard error and does not stop the game (the journal holds everything).
    pub fn write_sheets(&self) {
        let (Some((dir, stem)), Some(record)) = (&self.sheets, self.assistant.record()) else {
            return;
        };
        // The sheets are in the game's language.
        let lang = self.assistant.spec().map(|s| s.lang).unwrap_or_default();
        let options = BrailleOptions {
            lang,
            ..BrailleOptions::default()
        };
        let brf = match brf::write_brf(record, &options) {
            Ok(text) => text.into_bytes(),
            Err(err) => {
                eprintln!("rochade: cannot lay out the braille scoresheet: {err}");
                Vec::new()
            }
        };
        let files: [(&str, Vec<u8>); 3] = [
            ("pgn", pgn::write(record, false, lang).into_bytes()),
            ("brf", brf),
            ("txt", text::write(record, false, lang).into_bytes()),
        ];
        for (ext, bytes) in files {
            if bytes.is_empty() {
                continue;
            }
            let path = dir.join(format!("{stem}.{ext}"));
            if let Err(err) = atomic_write(&path, &bytes) {
                eprintln!(
                    "rochade: cannot write the scoresheet {}: {err}",
                    path.display()
                );
            }
        }
    }

    /// The scoresheet files of this session.
    pub fn sheet_paths(&self) -> Vec<PathBuf> {
        match &self.sheets {
            Some((dir, stem)) => ["pgn", "brf", "txt"]
                .iter()
                .map(|ext| dir.join(format!("{stem}.{ext}")))
                .collect(),
            None => Vec::new(),
        }
    }
}

fn sheet_place(journal: &Path) -> (PathBuf, String) {
    let dir = journal
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let stem = journal
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".into());
    (dir, stem)
}

fn describe_problem(p: &JournalProblem) -> String {
    format!("{p:?}")
}

/// The record of a journal, replayed through the assistant (for `scoresheet` and `reconcile`).
pub fn record_of_journal(path: &Path) -> Result<crate::scoresheet::Record, String> {
    let read = read_journal::<Value>(path).map_err(|e| e.to_string())?;
    let mut assistant = Assistant::new();
    for record in read.records {
        if let Ok(ev) = parse_event_line(&record.to_string()) {
            assistant.handle(&ev);
        }
    }
    assistant
        .record()
        .cloned()
        .ok_or_else(|| format!("{}: the journal has no game start", path.display()))
}

/// The record of a journal's text (its header line first), replayed through the assistant.
/// Broken lines are skipped, as when resuming.
pub fn record_of_journal_text(text: &str) -> Result<crate::scoresheet::Record, String> {
    let mut assistant = Assistant::new();
    for line in text.lines().skip(1) {
        if let Ok(ev) = parse_event_line(line) {
            assistant.handle(&ev);
        }
    }
    assistant
        .record()
        .cloned()
        .ok_or_else(|| "the journal has no game start".to_string())
}

/// Whether a text is a Rochade journal (its first line is the journal header).
pub fn is_journal_text(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with("{\"rochade_journal\"")
}
