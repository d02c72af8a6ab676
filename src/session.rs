//! A game session: the assistant with its journal and its scoresheet files. Every event is
//! written to the journal and synced to disk before the assistant handles it, so that nothing
//! announced as done can be lost; the scoresheet files are rewritten (atomically) after every
//! made move, beside the journal under names that are never the journal's ([`sheet_stem`]),
//! and never over another journal. `--resume` checks the journal ([`check_journal`]: a torn
//! last line is dropped; damage, by line, is typed [`JournalProblem`]s the shell puts in words
//! and asks about) and replays it into a fresh assistant, up to the last good line when the
//! damage was agreed to; the shell then feeds [`Event::Resumed`]. The end of a read-back's
//! playback (`played`, which starts its correction window) is journaled like every event.
//! Game time comes from [`crate::clock::source`] (monotonic); the wall clock only stamps
//! journal lines (`wall_ms`) and measures the downtime across a restart, which
//! [`judge_downtime`] counts only when it is believable.
//!
//! **When the journal cannot be written during play** (disk full, a read-only or failing
//! disk), the event that could not be journaled is not handled (a move that cannot be
//! journaled is not made) and the session is *halted* ([`Session::halted`]): from the game
//! time of that event the clocks count as stopped, and every further event is refused
//! ([`FeedError::Halted`]) without touching the assistant, so nothing happens that the journal
//! does not hold. The stop is not in the journal (it could not be written); the assistant in
//! memory is not told either, because handling anything it cannot journal would break the
//! rule above (a correction window due at that moment would make its move).
//! [`Session::retry_journal`] tries the journal again: when a line can be written, the stop is
//! journaled late, dated at the failure (an arbiter's `pause`, so replaying the journal stops
//! the clocks where they stopped), and then a `resumed` event, so the player hears where the
//! game stands and a waiting read-back is read back again with a fresh correction window
//! (the player could not correct it while every input was refused). The clocks stay stopped
//! until the arbiter starts them. A program that ends (or crashes) while halted leaves a
//! journal without the stop: `--resume` counts the time since its last line against the
//! running clock, as after any crash (up to [`MAX_COUNTED_DOWN_MS`], beyond it the arbiter
//! rules), and the arbiter, who was called with both clock times at the failure, sets them.
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::assistant::Assistant;
use crate::assistant::protocol::{ArbiterAction, Effect, Event, TimedEffect, TimedEvent};
use crate::clock::source::GameTime;
use crate::clock::ticker::GameEpoch;
use crate::journal::{
    Damage, Journal, JournalError, JournalHeader, JournalProblem, read_journal_bytes, utc_rfc3339,
};
use crate::lang::Lang;
use crate::scoresheet::brf::{self, BrailleOptions};
use crate::scoresheet::{pgn, text};
use crate::storage::atomic_write;
use shakmaty::Color;

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

/// Milliseconds since the Unix epoch now, rounded to the nearest: the downtime of a restart is
/// measured with it and the game time starts again from it, and cut-off milliseconds (half a
/// millisecond on average) would be lost at every restart (51 ms after 109 kills of
/// `tests/crash_resume.rs`).
pub fn wall_ms_now() -> u64 {
    wall_us_now().saturating_add(500) / 1000
}

/// Microseconds since the Unix epoch now.
fn wall_us_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// Reads one event line (of a replay file or a journal): the event and its time; the journal's
/// own fields (`wall_ms`, `seq`, `crc`) are ignored.
pub fn parse_event_line(line: &str) -> Result<TimedEvent, String> {
    let mut value: Value =
        serde_json::from_str(line).map_err(|e| format!("not valid JSON: {e}"))?;
    if let Value::Object(map) = &mut value {
        map.remove("wall_ms");
        map.remove("seq");
        map.remove("crc");
    } else {
        return Err("expected a JSON object like {\"at\": 0, \"heard\": \"...\"}".into());
    }
    serde_json::from_value(value).map_err(|e| format!("not an event: {e}"))
}

/// What a journal holds for a resumption: the events before the first damage, the torn last
/// line and every damage found (by line, typed; the words are the assistant's).
#[derive(Debug)]
pub struct JournalCheck {
    /// The events to replay, each with its wall-clock time, up to the first damaged line.
    pub events: Vec<(TimedEvent, Option<u64>)>,
    /// A torn last line (the trace of a crash in the middle of a write): dropped.
    pub torn: Option<JournalProblem>,
    /// Damage anywhere else, in line order: resuming needs the player's or arbiter's consent.
    pub damage: Vec<JournalProblem>,
    /// The first line a resumption leaves out (the first damaged line after the header).
    pub first_left_out: Option<usize>,
    /// The last line a resumption goes on from (the line before the first left out, or the
    /// journal's last line).
    pub last_good_line: usize,
    /// The game's language (from its start), for the words.
    pub lang: Option<Lang>,
    /// The last move kept: its move number and side.
    pub last_move_kept: Option<(u32, Color)>,
    /// The game kept has ended (a result stands): the service does not resume it.
    pub over: bool,
}

impl JournalCheck {
    /// Whether the journal has damage beyond a torn last line.
    pub fn is_damaged(&self) -> bool {
        !self.damage.is_empty()
    }
}

/// Reads and checks a journal for `--resume`: checksums, sequence, and that the game times
/// never go back.
pub fn check_journal(path: &Path) -> Result<JournalCheck, String> {
    let bytes = crate::journal::read_all(path).map_err(|e| e.to_string())?;
    check_journal_bytes(path, &bytes)
}

/// [`check_journal`] of a journal's bytes (`path` names it in messages).
pub fn check_journal_bytes(path: &Path, bytes: &[u8]) -> Result<JournalCheck, String> {
    let read = read_journal_bytes::<Value>(path, bytes).map_err(|e| e.to_string())?;
    let (torn, mut damage): (Vec<_>, Vec<_>) =
        read.problems.into_iter().partition(JournalProblem::is_torn);
    let mut events = Vec::new();
    let mut previous_at: Option<u64> = None;
    for (record, line) in read.records.into_iter().zip(read.record_lines) {
        let wall = record.get("wall_ms").and_then(Value::as_u64);
        match parse_event_line(&record.to_string()) {
            Ok(ev) => {
                // (A line already found out of place is not reported twice.)
                if let Some(previous_at) = previous_at
                    && ev.at < previous_at
                    && !damage.iter().any(|p| p.line() == line)
                {
                    damage.push(JournalProblem::Damaged {
                        line,
                        damage: Damage::OutOfTime {
                            at: ev.at,
                            previous_at,
                        },
                    });
                }
                previous_at = Some(previous_at.map_or(ev.at, |p| p.max(ev.at)));
                events.push((line, ev, wall));
            }
            Err(error) => damage.push(JournalProblem::BrokenLine {
                line,
                bytes: record.to_string().len(),
                error,
            }),
        }
    }
    damage.sort_by_key(JournalProblem::line);
    let first_left_out = damage.iter().map(JournalProblem::line).find(|&l| l > 1);
    let last_line = record_lines_max(&events, &damage, &read.set_aside);
    let last_good_line = first_left_out.map_or(last_line, |first| first - 1);
    let events: Vec<(TimedEvent, Option<u64>)> = events
        .into_iter()
        .filter(|(line, _, _)| first_left_out.is_none_or(|first| *line < first))
        .map(|(_, ev, wall)| (ev, wall))
        .collect();
    let mut assistant = Assistant::new();
    for (ev, _) in &events {
        assistant.handle(ev);
    }
    Ok(JournalCheck {
        events,
        torn: torn.into_iter().next(),
        damage,
        first_left_out,
        last_good_line,
        lang: assistant.spec().map(|s| s.lang),
        last_move_kept: assistant
            .game()
            .and_then(|g| g.moves().last().map(|m| (m.fullmove_number, m.color))),
        over: assistant.is_over(),
    })
}

/// The last line number the journal shows (records, damage, decisions).
fn record_lines_max(
    events: &[(usize, TimedEvent, Option<u64>)],
    damage: &[JournalProblem],
    set_aside: &[crate::journal::SetAside],
) -> usize {
    let records = events.iter().map(|(line, _, _)| *line);
    let damaged = damage.iter().map(JournalProblem::line);
    let decisions = set_aside.iter().map(|a| a.marked_on);
    records.chain(damaged).chain(decisions).max().unwrap_or(1)
}

/// What a session was resumed from.
#[derive(Debug, Default)]
pub struct Resumed {
    /// Events replayed.
    pub events: usize,
    /// The torn last line that was dropped (and saved beside the journal), if any.
    pub torn: Option<JournalProblem>,
    /// The damage the player or arbiter agreed to go on without (its lines are set aside).
    pub set_aside: Vec<JournalProblem>,
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

/// Why a game could not be resumed.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    #[error("{0}")]
    Journal(String),
    /// The journal is damaged and going on without the damaged lines was not agreed.
    #[error("the journal is damaged ({}); it was not resumed and is unchanged", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Damaged(Vec<JournalProblem>),
}

/// Why an event was not handled.
#[derive(Debug, thiserror::Error)]
pub enum FeedError {
    /// The event could not be turned into a journal line (a defect, not the disk's fault).
    #[error("the event could not be written as JSON: {0}")]
    Serialize(#[from] serde_json::Error),
    /// The journal did not take the event. When it failed to write (see
    /// [`JournalError::is_write_failure`]) the session is halted from now on.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The journal failed earlier and has not been written since: the event was not handled.
    #[error("the journal has not been written since it failed ({why}); the event was not handled")]
    Halted { why: String },
}

/// The journal stopped taking lines during play: see the module doc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Halt {
    /// The game time of the first event that could not be journaled: the clocks count as
    /// stopped from then on.
    pub at: u64,
    /// Why, in words (the journal's error).
    pub why: String,
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
    /// Set while the journal cannot be written: every event is refused until
    /// [`Session::retry_journal`] succeeds.
    halt: Option<Halt>,
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
            halt: None,
        })
    }

    /// Resumes the game of a journal: its events are replayed (their effects are not carried
    /// out again), the clock counts the time the program was down, and new events are appended.
    /// A torn last line is dropped. A damaged journal is resumed only with `accept_damage` (the
    /// player or the arbiter agreed): from the last good line, the lines after it set aside
    /// in the journal ([`Journal::set_aside`]); without it, [`ResumeError::Damaged`] and the
    /// journal is not touched. The shell then feeds [`Event::Resumed`].
    pub fn resume(path: &Path, accept_damage: bool) -> Result<(Session, Resumed), ResumeError> {
        let check = check_journal(path).map_err(ResumeError::Journal)?;
        if check.is_damaged() && !accept_damage {
            return Err(ResumeError::Damaged(check.damage));
        }
        let mut assistant = Assistant::new();
        let mut last_at = 0;
        let mut last_wall = None;
        let mut resumed = Resumed {
            torn: check.torn.clone(),
            ..Resumed::default()
        };
        for (ev, wall) in &check.events {
            last_at = ev.at;
            last_wall = wall.or(last_wall);
            assistant.handle(ev);
            resumed.events += 1;
        }
        let mut journal =
            Journal::open_append(path).map_err(|e| ResumeError::Journal(e.to_string()))?;
        if check.is_damaged() {
            let set_aside = |j: &mut Journal, from: usize, to: usize| {
                j.set_aside(from, to)
                    .map_err(|e| ResumeError::Journal(e.to_string()))
            };
            if check.damage.iter().any(|p| p.line() == 1) {
                set_aside(&mut journal, 1, 1)?;
            }
            if let Some(first) = check.first_left_out {
                let last_line = journal.last_line();
                set_aside(&mut journal, first, last_line)?;
            }
            resumed.set_aside = check.damage;
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
                halt: None,
            },
            resumed,
        ))
    }

    /// The game time now (ms since the start), never earlier than the last event.
    pub fn now(&self) -> u64 {
        self.time.now_ms().max(self.last_at)
    }

    /// The epoch of the game time: the ticker and the speech output date what they report by
    /// it, so every event's `at` is this one game time.
    pub fn epoch(&self) -> GameEpoch {
        self.time.epoch()
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
    /// could be lost. A write failure halts the session ([`Session::halted`]): later events
    /// are refused with [`FeedError::Halted`] until [`Session::retry_journal`] succeeds.
    pub fn feed(&mut self, event: Event, at: u64) -> Result<Vec<TimedEffect>, FeedError> {
        if let Some(halt) = &self.halt {
            return Err(FeedError::Halted {
                why: halt.why.clone(),
            });
        }
        let at = at.max(self.last_at);
        let timed = TimedEvent { at, event };
        if let Err(err) = self.write(&timed) {
            if let FeedError::Journal(journal) = &err
                && journal.is_write_failure()
            {
                self.halt = Some(Halt {
                    at,
                    why: journal.to_string(),
                });
            }
            return Err(err);
        }
        Ok(self.handle(&timed))
    }

    /// Writes an event's journal line (when there is a journal), synced to the disk.
    fn write(&mut self, timed: &TimedEvent) -> Result<(), FeedError> {
        let Some(journal) = self.journal.as_mut() else {
            return Ok(());
        };
        let mut value = serde_json::to_value(timed)?;
        if let Value::Object(map) = &mut value {
            // The wall time of the event's game time (an event can be dated a moment
            // back, as the end of a playback is), so downtime is measured from it.
            // In µs: a whole-ms game time lags the true one by half a millisecond on
            // average, which every restart would lose again.
            let ago_us = self
                .time
                .now_us()
                .saturating_sub(timed.at.saturating_mul(1000));
            let wall_us = wall_us_now().saturating_sub(ago_us);
            map.insert(
                "wall_ms".into(),
                Value::from(wall_us.saturating_add(500) / 1000),
            );
        }
        journal.append(&value)?;
        Ok(())
    }

    /// Hands a journaled event to the assistant; the scoresheets follow a made move.
    fn handle(&mut self, timed: &TimedEvent) -> Vec<TimedEffect> {
        self.last_at = timed.at;
        let effects = self.assistant.handle(timed);
        if effects.iter().any(|e| {
            matches!(
                e.effect,
                Effect::Made { .. } | Effect::End { .. } | Effect::Sealed { .. }
            )
        }) {
            self.write_sheets();
        }
        effects
    }

    /// Whether the journal has stopped taking lines, since when and why.
    pub fn halted(&self) -> Option<&Halt> {
        self.halt.as_ref()
    }

    /// Tries the journal again after it failed (see the module doc). When a line can be
    /// written: the stop, dated at the failure (an arbiter's `pause`, unless the game is
    /// over), then `resumed` at `now`; both are handled and their effects come back, and the
    /// session is no longer halted. When it still cannot: the error, still halted (with the
    /// newest reason). Not halted: nothing to do.
    pub fn retry_journal(&mut self, now: u64) -> Result<Vec<TimedEffect>, FeedError> {
        let Some(halt) = self.halt.clone() else {
            return Ok(Vec::new());
        };
        let mut effects = Vec::new();
        if !self.assistant.is_over() {
            let pause = TimedEvent {
                at: halt.at,
                event: Event::Arbiter(ArbiterAction::Pause),
            };
            if let Err(err) = self.write(&pause) {
                if let FeedError::Journal(journal) = &err {
                    self.halt = Some(Halt {
                        at: halt.at,
                        why: journal.to_string(),
                    });
                }
                return Err(err);
            }
            effects.extend(self.handle(&pause));
        }
        self.halt = None;
        // A failure here halts the session again, from now.
        effects.extend(self.feed(Event::Resumed(true), now.max(halt.at))?);
        Ok(effects)
    }

    /// A tick, journaled only when something is due (a window passed, a flag fell). While
    /// the session is halted nothing is due: nothing can be journaled.
    pub fn tick(&mut self, at: u64) -> Result<Vec<TimedEffect>, FeedError> {
        if self.halt.is_none() && self.assistant.due(at) {
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
                crate::diagnostics::error(&format!("cannot lay out the braille scoresheet: {err}"));
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
            // A scoresheet never replaces a journal (another game's, named like a sheet).
            if self.journal_path() == Some(path.as_path()) || is_journal_file(&path) {
                crate::diagnostics::error(&format!(
                    "the scoresheet {} is not written: a game journal has that name",
                    path.display()
                ));
                continue;
            }
            if let Err(err) = atomic_write(&path, &bytes) {
                crate::diagnostics::error(&format!(
                    "cannot write the scoresheet {}: {err}",
                    path.display()
                ));
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
        .filter(|d| !d.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    (dir, sheet_stem(journal))
}

/// The name the files beside a journal start with (`STEM.pgn`, `STEM.brf`, `STEM.txt`,
/// `STEM.audio/`): the journal's name without `.jsonl`, or its whole name when it ends
/// otherwise (`game.pgn` → `game.pgn.pgn`, …), so that no such file is ever the journal.
pub fn sheet_stem(journal: &Path) -> String {
    let name = journal
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".into());
    match name.strip_suffix(".jsonl") {
        Some(stem) if !stem.is_empty() => stem.to_string(),
        _ => name,
    }
}

/// Whether the file at `path` is a Rochade journal (its first line is the header).
pub fn is_journal_file(path: &Path) -> bool {
    use std::io::Read;
    let mut start = [0u8; 64];
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let n = file.read(&mut start).unwrap_or(0);
    is_journal_text(&String::from_utf8_lossy(&start[..n]))
}

/// The record of a journal, replayed through the assistant (for `scoresheet` and `reconcile`),
/// as a resumption would replay it (a torn last line dropped, lines set aside left out). A
/// damaged journal is refused with its damage: `play --resume` is where it is decided on.
pub fn record_of_journal(path: &Path) -> Result<crate::scoresheet::Record, String> {
    let check = check_journal(path)?;
    record_of_check(&check).map_err(|e| format!("{}: {e}", path.display()))
}

/// [`record_of_journal`] of a journal's text (its header line first).
pub fn record_of_journal_text(text: &str) -> Result<crate::scoresheet::Record, String> {
    let check = check_journal_bytes(Path::new("journal"), text.as_bytes())?;
    record_of_check(&check)
}

fn record_of_check(check: &JournalCheck) -> Result<crate::scoresheet::Record, String> {
    if check.is_damaged() {
        let damage: Vec<String> = check.damage.iter().map(ToString::to_string).collect();
        return Err(format!(
            "the journal is damaged ({}); resume it with rochade play --resume to decide how to go on",
            damage.join("; ")
        ));
    }
    let mut assistant = Assistant::new();
    for (ev, _) in &check.events {
        assistant.handle(ev);
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
