//! A game session: the assistant with its journal and its scoresheet files. Every event is
//! written to the journal and synced to disk before the assistant handles it, so that nothing
//! announced as done can be lost; the scoresheet files are rewritten (atomically) after every
//! made move. `--resume` replays the journal into a fresh assistant. The end of a read-back's
//! playback (`played`, which starts its correction window) is journaled like every event, so a
//! resumed game comes back to the same deadline. Game time comes from
//! [`crate::clock::source`] (monotonic); the wall clock only stamps journal lines (`wall_ms`)
//! and measures the downtime across a restart, which [`judge_downtime`] counts only when it is
//! believable.
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::assistant::Assistant;
use crate::assistant::protocol::{Effect, Event, TimedEffect, TimedEvent};
use crate::clock::source::GameTime;
use crate::journal::{Journal, JournalHeader, JournalProblem, read_journal, utc_rfc3339};
use crate::scoresheet::brf::{self, BrailleOptions};
use crate::scoresheet::{pgn, text};
use crate::storage::atomic_write;

/// One journal line: the event, its game time, and the wall-clock time it was written (for
/// people, and so that a resumed game counts the time the program was down against the running
/// clock when that time is believable).
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
    /// A downtime that was not counted because the wall clock cannot vouch for it: for the
    /// arbiter to rule on.
    pub doubtful_down: Option<DoubtfulDowntime>,
}

/// The longest downtime counted against the running clock without the arbiter: longer, the
/// wall clock may have been set, or the game left for a long time.
pub const MAX_COUNTED_DOWN_MS: u64 = 30 * 60 * 1000;

/// Why the time between the last journal entry and a resumption was not counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoubtfulDowntime {
    /// The wall clock now is earlier than at the last entry (it was set back), by `ms`.
    WallClockWentBack { ms: u64 },
    /// The program was down for `ms` by the wall clock, more than [`MAX_COUNTED_DOWN_MS`].
    TooLong { ms: u64 },
}

/// The downtime between the wall time of the last journal entry and now: counted when it is
/// believable, else put to the arbiter.
pub fn judge_downtime(last_wall_ms: u64, now_wall_ms: u64) -> Result<u64, DoubtfulDowntime> {
    match now_wall_ms.checked_sub(last_wall_ms) {
        None => Err(DoubtfulDowntime::WallClockWentBack {
            ms: last_wall_ms - now_wall_ms,
        }),
        Some(ms) if ms > MAX_COUNTED_DOWN_MS => Err(DoubtfulDowntime::TooLong { ms }),
        Some(ms) => Ok(ms),
    }
}

/// The assistant, its journal and its files.
pub struct Session {
    assistant: Assistant,
    journal: Option<Journal>,
    /// Where the scoresheet files go (beside the journal), and their stem.
    sheets: Option<(PathBuf, String)>,
    /// The game time: monotonic, never the wall clock.
    time: GameTime,
    last_at: u64,
}

impl Session {
    /// A new game with a journal at `journal_path` (none: nothing is kept).
    pub fn create(journal_path: Option<&Path>) -> Result<Session, String> {
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
            time: GameTime::starting_at(0),
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
        let mut last_at = 0;
        let mut last_wall = None;
        for record in read.records {
            let wall = record.get("wall_ms").and_then(Value::as_u64);
            let line = record.to_string();
            match parse_event_line(&line) {
                Ok(ev) => {
                    last_at = ev.at;
                    last_wall = wall.or(last_wall);
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
        if let Some(wall) = last_wall {
            match judge_downtime(wall, wall_ms_now()) {
                Ok(ms) => resumed.down_ms = ms,
                Err(doubt) => resumed.doubtful_down = Some(doubt),
            }
        }
        Ok((
            Session {
                assistant,
                journal: Some(journal),
                sheets: Some(sheet_place(path)),
                time: GameTime::starting_at(last_at.saturating_add(resumed.down_ms)),
                last_at,
            },
            resumed,
        ))
    }

    /// The game time now (ms since the start), never earlier than the last event.
    pub fn now(&self) -> u64 {
        self.time.now_ms().max(self.last_at)
    }

    /// A suspend of the computer since the last call, when there was one (not counted in the
    /// game time; see [`crate::clock::source`]): for the arbiter to rule on.
    pub fn new_suspend(&mut self) -> Option<std::time::Duration> {
        self.time.new_suspend()
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
                // The wall time of the event's game time (an event can be dated a moment
                // back, as the end of a playback is), so downtime is measured from it.
                let ago = self.time.now_ms().saturating_sub(at);
                map.insert(
                    "wall_ms".into(),
                    Value::from(wall_ms_now().saturating_sub(ago)),
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
        let brf = match brf::write_brf(record, &BrailleOptions::default()) {
            Ok(text) => text.into_bytes(),
            Err(err) => {
                eprintln!("rochade: cannot lay out the braille scoresheet: {err}");
                Vec::new()
            }
        };
        let files: [(&str, Vec<u8>); 3] = [
            ("pgn", pgn::write(record, false).into_bytes()),
            ("brf", brf),
            ("txt", text::write(record, false).into_bytes()),
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
