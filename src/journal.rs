//! The game journal: an append-only JSON-lines file per game that loses nothing.
//!
//! The first line is a [`JournalHeader`] (format version, program version, creation time),
//! so a journal is recognisable; every further line is one record. [`Journal::append`]
//! writes a record as one line with a single `write_all` and flushes it to the disk
//! (`fsync`) **before** it returns, so the caller carries out an effect (speaks a move,
//! starts a clock) only after its record is safe. If the write fails (disk full, I/O error),
//! `append` says so, rolls the file back to its last good length, and the caller announces
//! the failure instead of the effect.
//!
//! **Every line is sealed** (format 2): the writer adds a sequence number `seq` (the header is
//! 0, the first record 1: a line's `seq` is its line number minus one) and then, as the last
//! field, a checksum `crc`: the CRC-32 (IEEE 802.3, as zlib and PNG use it) of the line's
//! bytes before `,"crc":`, written as eight lowercase hex digits:
//!
//! ```text
//! {"rochade_journal":2,"program_version":"0.1.0","created_at":"2026-11-23T13:05:00Z","seq":0,"crc":"a2c03053"}
//! {"at":0,"start":{…},"wall_ms":1795438800000,"seq":1,"crc":"…"}
//! ```
//!
//! The names `seq`, `crc` and `set_aside` are the journal's own; records do not use them.
//!
//! [`read_journal`] reads the records back in order and checks every line. A crash in the
//! middle of a write leaves a *torn* last line (no final newline, perhaps not even valid
//! JSON): it is reported as [`JournalProblem::TornLastLine`] and skipped, and everything before
//! it is intact. Any other fault is [`JournalProblem::Damaged`], by line number and
//! [`Damage`]: a line whose checksum does not match (a changed byte), a line without one in a
//! sealed journal, a gap in the sequence (a deleted line), a line out of its place (a
//! reordered or repeated one), a line that is not a record. Journals of format 1 (written
//! before lines were sealed) have no checksums and still read; lines appended to them later
//! are sealed and checked. [`Journal::open_append`] continues a journal after a crash: it saves
//! a torn tail to a `.torn` file beside the journal, cuts it off, and appends from a fresh
//! line.
//!
//! Damage is never repaired silently: the caller decides (with the player or the arbiter) to
//! go on from the last good line, and then records that decision with
//! [`Journal::set_aside`], which appends a sealed `{"set_aside":{"from_line":K,
//! "to_line":M}}` line. The damaged lines stay in the file, untouched; readers leave lines
//! K to M out from then on, and their problems are listed in [`JournalRead::set_aside`].
//!
//! ```
//! use rochade::journal::{read_journal, Journal, JournalHeader};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Debug, PartialEq, Serialize, Deserialize)]
//! struct Made { ply: u32, uci: String }
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("2026-11-23T14-05-00.jsonl");
//! let mut journal = Journal::create(&path, &JournalHeader::new("2026-11-23T14:05:00+01:00"))?;
//! journal.append(&Made { ply: 1, uci: "e2e4".into() })?; // on disk when this returns
//! let read = read_journal::<Made>(&path)?;
//! assert_eq!(read.records, vec![Made { ply: 1, uci: "e2e4".into() }]);
//! assert!(read.problems.is_empty());
//! # Ok(()) }
//! ```
//!
//! A record that was flushed just before a crash may not have had its effect carried out
//! yet; on resumption the caller should treat the last record's effect as possibly undone
//! (for example, announce the last move again).
use std::io;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::storage;

mod files;
mod reader;
mod seal;
mod writer;

pub use files::{
    default_games_dir, games_dir_from, journal_file_name, latest_journal, new_journal_path,
    utc_rfc3339,
};
pub use reader::{read_all, read_journal, read_journal_bytes};
pub use seal::crc32;
pub use writer::{Journal, SalvagedTail};

/// The journal format this program writes and the newest it reads.
pub const FORMAT_VERSION: u32 = 2;

/// The first format whose lines are all sealed with `seq` and `crc`.
pub const SEALED_FORMAT: u32 = 2;

/// The first line of every journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalHeader {
    /// The journal format version; its presence marks the file as a Rochade journal.
    pub rochade_journal: u32,
    /// The version of the program that created the journal.
    pub program_version: String,
    /// Wall-clock time of creation, RFC 3339 (e.g. `2026-11-23T14:05:00+01:00`).
    pub created_at: String,
}

impl JournalHeader {
    /// A header for a journal created now by this program; `created_at` is RFC 3339 and
    /// comes from the caller (the core never reads the clock).
    pub fn new(created_at: &str) -> JournalHeader {
        JournalHeader {
            rochade_journal: FORMAT_VERSION,
            program_version: env!("CARGO_PKG_VERSION").to_string(),
            created_at: created_at.to_string(),
        }
    }
}

/// Why a journal could not be created, written or read.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error(
        "a journal already exists at {path}; it is not overwritten (resume it instead, or choose another file)"
    )]
    AlreadyExists { path: PathBuf },
    #[error("the folder {dir} for the journal {path} does not exist")]
    MissingDirectory { dir: PathBuf, path: PathBuf },
    #[error("there is no journal at {path}")]
    NotFound { path: PathBuf },
    #[error("{path} is not a regular file, so it cannot be a journal")]
    NotAFile { path: PathBuf },
    #[error("the disk is full: the journal {path} could not be written; the record was not saved")]
    DiskFull { path: PathBuf },
    #[error("the journal {path} could not be written: {source}; the record was not saved")]
    Write { path: PathBuf, source: io::Error },
    #[error(
        "the journal {path} could not be restored after a failed write ({source}); no more records can be added to it"
    )]
    Unrepairable { path: PathBuf, source: io::Error },
    #[error("the journal {path} could not be read: {source}")]
    Read { path: PathBuf, source: io::Error },
    #[error("{path} is not a Rochade journal: {reason}")]
    NotAJournal { path: PathBuf, reason: String },
    #[error(
        "the journal {path} has no complete first line (it was cut off while being created); it holds no records"
    )]
    IncompleteHeader { path: PathBuf },
    #[error(
        "the journal {path} has format version {found}, newer than this program reads ({supported}); use a newer Rochade"
    )]
    UnsupportedVersion {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("the record could not be turned into JSON: {0}")]
    Serialize(#[source] serde_json::Error),
    #[error("a journal record must be a JSON object, so that it can carry its seq and crc")]
    NotAnObject,
    #[error("the torn end of the journal {path} could not be saved: {source}")]
    SaveTorn {
        path: PathBuf,
        source: storage::StorageError,
    },
    #[error("{created_at:?} is not a date and time like 2026-11-23T14:05:00+01:00")]
    BadTimestamp { created_at: String },
    #[error("no folder for game journals: neither XDG_DATA_HOME nor HOME is set")]
    NoDataDirectory,
    #[error("the journal {path} is larger than {}, more than a game writes; it was not read", crate::bounded::size_words(*limit))]
    TooLarge { path: PathBuf, limit: u64 },
    #[error(
        "the record is {bytes} bytes long, more than a journal line may be ({limit}); it was not saved"
    )]
    RecordTooLong { bytes: usize, limit: usize },
}

impl JournalError {
    /// Whether the journal's file could not be written (disk full, a read-only or failing
    /// disk, no permission): the disk's fault, not the record's, so every later record would
    /// fail the same way until the disk is put right.
    pub fn is_write_failure(&self) -> bool {
        matches!(
            self,
            JournalError::DiskFull { .. }
                | JournalError::Write { .. }
                | JournalError::Unrepairable { .. }
        )
    }
}

/// A problem found while reading a journal; the affected line was skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JournalProblem {
    /// The last line has no final newline (and may not be valid JSON): the program stopped
    /// while writing it, so its record was never confirmed.
    TornLastLine { line: usize, bytes: usize },
    /// A complete line in the file is not a valid record.
    BrokenLine {
        line: usize,
        bytes: usize,
        error: String,
    },
    /// A complete line is damaged: changed, out of its place, or lines are missing before it.
    Damaged { line: usize, damage: Damage },
}

/// How a complete line of a journal is damaged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// Its checksum does not match its bytes: something in the line was changed.
    ChecksumMismatch,
    /// It has no checksum, in a journal whose lines all have one.
    NoChecksum,
    /// `count` lines are missing right before it (its sequence number jumps).
    Missing { count: u64 },
    /// It belongs elsewhere: its sequence number is `seq`, this place wants `expected` (a
    /// reordered or repeated line).
    OutOfOrder { seq: u64, expected: u64 },
    /// Its game time `at` is earlier than the line before it (`previous_at`); found by the
    /// session, which knows the times.
    OutOfTime { at: u64, previous_at: u64 },
}

impl JournalProblem {
    /// The line the problem is on (1-based; the header is line 1).
    pub fn line(&self) -> usize {
        match self {
            JournalProblem::TornLastLine { line, .. }
            | JournalProblem::BrokenLine { line, .. }
            | JournalProblem::Damaged { line, .. } => *line,
        }
    }

    /// Whether this is a torn last line (the normal trace of a crash), not damage.
    pub fn is_torn(&self) -> bool {
        matches!(self, JournalProblem::TornLastLine { .. })
    }
}

impl std::fmt::Display for JournalProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JournalProblem::TornLastLine { line, bytes } => write!(
                f,
                "line {line} ({bytes} bytes) is incomplete: the program stopped while writing it; it was skipped"
            ),
            JournalProblem::BrokenLine { line, bytes, error } => write!(
                f,
                "line {line} ({bytes} bytes) is not a valid record ({error}); it was skipped"
            ),
            JournalProblem::Damaged { line, damage } => match damage {
                Damage::ChecksumMismatch => {
                    write!(f, "line {line} was changed: its checksum does not match")
                }
                Damage::NoChecksum => write!(f, "line {line} has no checksum"),
                Damage::Missing { count } => {
                    write!(f, "{count} line(s) are missing before line {line}")
                }
                Damage::OutOfOrder { seq, expected } => write!(
                    f,
                    "line {line} is out of order (it is record {seq}; record {expected} belongs here)"
                ),
                Damage::OutOfTime { at, previous_at } => write!(
                    f,
                    "line {line} is out of time (at {at} ms, after a line at {previous_at} ms)"
                ),
            },
        }
    }
}

/// What [`read_journal`] found: the header, the good records in order, and the problems.
#[derive(Debug, Clone, PartialEq)]
pub struct JournalRead<T> {
    pub header: JournalHeader,
    pub records: Vec<T>,
    /// The line number of each record, in the same order.
    pub record_lines: Vec<usize>,
    pub problems: Vec<JournalProblem>,
    /// Lines set aside by an earlier decision ([`Journal::set_aside`]): (first, last)
    /// line, and the problems they had. Their records are not in `records`.
    pub set_aside: Vec<SetAside>,
}

/// Lines a decision set aside, and the problems found in them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    pub from_line: usize,
    pub to_line: usize,
    /// The line of the `set_aside` record itself.
    pub marked_on: usize,
    pub problems: Vec<JournalProblem>,
}

#[cfg(test)]
mod tests;
