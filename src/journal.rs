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
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::storage::{self, is_disk_full, parent_dir, sync_dir};

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

fn write_error(path: &Path, source: io::Error) -> JournalError {
    if is_disk_full(&source) {
        JournalError::DiskFull {
            path: path.to_path_buf(),
        }
    } else {
        JournalError::Write {
            path: path.to_path_buf(),
            source,
        }
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

/// The split of a journal's bytes into its header, its complete lines and a torn tail.
struct Layout<'a> {
    header: JournalHeader,
    /// The header's line, without the newline.
    header_line: &'a [u8],
    /// Complete lines after the header: (1-based line number, bytes without the newline).
    lines: Vec<(usize, &'a [u8])>,
    /// Bytes after the last newline, if any, with their line number.
    torn: Option<(usize, &'a [u8])>,
    /// Length of the file up to and including the last newline.
    good_len: usize,
}

fn layout<'a>(path: &Path, bytes: &'a [u8]) -> Result<Layout<'a>, JournalError> {
    let Some(header_end) = bytes.iter().position(|&b| b == b'\n') else {
        return Err(JournalError::IncompleteHeader {
            path: path.to_path_buf(),
        });
    };
    let header = parse_header(path, &bytes[..header_end])?;
    let good_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut lines = Vec::new();
    let mut start = header_end + 1;
    let mut number = 2;
    while start < good_len {
        let end = start
            + bytes[start..good_len]
                .iter()
                .position(|&b| b == b'\n')
                .unwrap_or(good_len - start - 1);
        lines.push((number, &bytes[start..end]));
        number += 1;
        start = end + 1;
    }
    let torn = (good_len < bytes.len()).then(|| (number, &bytes[good_len..]));
    Ok(Layout {
        header,
        header_line: &bytes[..header_end],
        lines,
        torn,
        good_len,
    })
}

fn parse_header(path: &Path, line: &[u8]) -> Result<JournalHeader, JournalError> {
    let not_a_journal = |reason: String| JournalError::NotAJournal {
        path: path.to_path_buf(),
        reason,
    };
    let value: serde_json::Value = serde_json::from_slice(line)
        .map_err(|e| not_a_journal(format!("the first line is not JSON ({e})")))?;
    if value.get("rochade_journal").is_none() {
        return Err(not_a_journal(
            "the first line is not a journal header".to_string(),
        ));
    }
    let header: JournalHeader = serde_json::from_value(value)
        .map_err(|e| not_a_journal(format!("the journal header is damaged ({e})")))?;
    if header.rochade_journal > FORMAT_VERSION {
        return Err(JournalError::UnsupportedVersion {
            path: path.to_path_buf(),
            found: header.rochade_journal,
            supported: FORMAT_VERSION,
        });
    }
    Ok(header)
}

/// The bytes of the journal file at `path` (a regular file; a device is refused).
pub fn read_all(path: &Path) -> Result<Vec<u8>, JournalError> {
    let meta = std::fs::metadata(path).map_err(|source| {
        if source.kind() == io::ErrorKind::NotFound {
            JournalError::NotFound {
                path: path.to_path_buf(),
            }
        } else {
            JournalError::Read {
                path: path.to_path_buf(),
                source,
            }
        }
    })?;
    // A device such as /dev/zero would never end; only regular files are journals.
    if !meta.is_file() {
        return Err(JournalError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    // Read within the limit even if the file grows meanwhile; long lines are judged one by one.
    let limits = crate::bounded::Limits {
        line: usize::MAX,
        ..crate::bounded::RECORDS
    };
    let file = File::open(path).map_err(|source| JournalError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    crate::bounded::read_all(file, &path.display().to_string(), limits).map_err(|e| match e {
        crate::bounded::FileError::Io { source, .. } => JournalError::Read {
            path: path.to_path_buf(),
            source,
        },
        _ => JournalError::TooLarge {
            path: path.to_path_buf(),
            limit: limits.file,
        },
    })
}

/// Reads a journal: its header, its records in order, and every problem found (a torn last
/// line, damaged or broken lines), each skipped without losing the lines around it. A file
/// whose first line is not a journal header is an error.
pub fn read_journal<T: DeserializeOwned>(path: &Path) -> Result<JournalRead<T>, JournalError> {
    let bytes = read_all(path)?;
    read_journal_bytes(path, &bytes)
}

/// [`read_journal`] of a journal's bytes already in memory (`path` names it in errors).
pub fn read_journal_bytes<T: DeserializeOwned>(
    path: &Path,
    bytes: &[u8],
) -> Result<JournalRead<T>, JournalError> {
    let layout = layout(path, bytes)?;
    let sealed_format = layout.header.rochade_journal >= SEALED_FORMAT;
    let mut problems = Vec::new();
    let damaged = |line: usize, damage: Damage| JournalProblem::Damaged { line, damage };

    // The header: sealed from format 2 on, with sequence number 0.
    match check_line(layout.header_line) {
        Checked::Sealed { value } => {
            let seq = value.get("seq").and_then(Value::as_u64);
            if seq != Some(0) {
                problems.push(damaged(
                    1,
                    Damage::OutOfOrder {
                        seq: seq.unwrap_or(u64::MAX),
                        expected: 0,
                    },
                ));
            }
        }
        Checked::BadSeal => problems.push(damaged(1, Damage::ChecksumMismatch)),
        Checked::Unsealed { .. } if sealed_format => problems.push(damaged(1, Damage::NoChecksum)),
        Checked::Unsealed { .. } | Checked::NotJson(_) => {}
    }

    // Each line: its seal, then its JSON.
    let mut lines: Vec<(usize, usize, Checked)> = Vec::with_capacity(layout.lines.len());
    let mut seen_sealed = sealed_format;
    for &(line, text) in &layout.lines {
        if text.len() > crate::bounded::RECORDS.line {
            problems.push(JournalProblem::BrokenLine {
                line,
                bytes: text.len(),
                error: "longer than a journal line may be".into(),
            });
            continue;
        }
        let checked = check_line(text);
        match &checked {
            Checked::Sealed { .. } | Checked::BadSeal => seen_sealed = true,
            // Once lines are sealed, every later line must be (an old journal continued by
            // this program is sealed from where it was continued).
            Checked::Unsealed { .. } if seen_sealed => {
                problems.push(damaged(line, Damage::NoChecksum));
                lines.push((line, text.len(), Checked::BadSeal));
                continue;
            }
            _ => {}
        }
        lines.push((line, text.len(), checked));
    }

    // The sequence: each sealed line's `seq` is the one after the line before it.
    let seqs: Vec<Option<u64>> = lines
        .iter()
        .map(|(_, _, c)| match c {
            Checked::Sealed { value } => value.get("seq").and_then(Value::as_u64),
            _ => None,
        })
        .collect();
    let mut expected: u64 = 1;
    for (i, (line, _, checked)) in lines.iter().enumerate() {
        if let Checked::Sealed { value } = checked
            && value.get(SET_ASIDE).is_some()
        {
            // A decision restarts the count at its own line.
            expected = (*line as u64).saturating_sub(1);
        }
        match seqs[i] {
            None => expected += 1,
            Some(s) if s == expected => expected += 1,
            Some(s) if s > expected => {
                let comes_later = seqs[i + 1..]
                    .iter()
                    .flatten()
                    .any(|&later| (expected..s).contains(&later));
                problems.push(damaged(
                    *line,
                    if comes_later {
                        Damage::OutOfOrder { seq: s, expected }
                    } else {
                        Damage::Missing {
                            count: s - expected,
                        }
                    },
                ));
                expected = s + 1;
            }
            Some(s) => problems.push(damaged(*line, Damage::OutOfOrder { seq: s, expected })),
        }
    }

    // The records, and the decisions that set lines aside.
    let mut set_aside: Vec<SetAside> = Vec::new();
    let mut records = Vec::with_capacity(lines.len());
    let mut record_lines = Vec::with_capacity(lines.len());
    for (line, len, checked) in lines {
        let value = match checked {
            Checked::BadSeal => {
                if !problems.iter().any(|p| p.line() == line) {
                    problems.push(damaged(line, Damage::ChecksumMismatch));
                }
                continue;
            }
            Checked::NotJson(error) => {
                problems.push(JournalProblem::BrokenLine {
                    line,
                    bytes: len,
                    error,
                });
                continue;
            }
            Checked::Sealed { value } | Checked::Unsealed { value } => value,
        };
        if let Some(range) = value.get(SET_ASIDE) {
            let bound = |key: &str| {
                range
                    .get(key)
                    .and_then(Value::as_u64)
                    .and_then(|n| usize::try_from(n).ok())
            };
            if let (Some(from_line), Some(to_line)) = (bound("from_line"), bound("to_line")) {
                set_aside.push(SetAside {
                    from_line,
                    to_line,
                    marked_on: line,
                    problems: Vec::new(),
                });
                continue;
            }
        }
        match serde_json::from_value::<T>(without_seal(value)) {
            Ok(record) => {
                records.push(record);
                record_lines.push(line);
            }
            Err(e) => problems.push(JournalProblem::BrokenLine {
                line,
                bytes: len,
                error: e.to_string(),
            }),
        }
    }
    problems.sort_by_key(JournalProblem::line);
    // Lines an earlier decision set aside are left out, and so are their problems.
    for aside in &mut set_aside {
        let inside = |line: usize| (aside.from_line..=aside.to_line).contains(&line);
        let (moved, kept): (Vec<_>, Vec<_>) = problems.drain(..).partition(|p| inside(p.line()));
        aside.problems = moved;
        problems = kept;
        let mut i = 0;
        while i < records.len() {
            if inside(record_lines[i]) {
                records.remove(i);
                record_lines.remove(i);
            } else {
                i += 1;
            }
        }
    }
    if let Some((line, tail)) = layout.torn {
        problems.push(JournalProblem::TornLastLine {
            line,
            bytes: tail.len(),
        });
    }
    Ok(JournalRead {
        header: layout.header,
        records,
        record_lines,
        problems,
        set_aside,
    })
}

/// The key of the record that sets damaged lines aside.
const SET_ASIDE: &str = "set_aside";
/// `,"crc":"` + eight hex digits + `"}`: how every sealed line ends.
const SEAL_SUFFIX_LEN: usize = 18;

/// What a line's seal and JSON say.
enum Checked {
    /// The checksum matches; the line's JSON object.
    Sealed { value: Value },
    /// A checksum (or sequence number) is there but does not match the line.
    BadSeal,
    /// A valid JSON line with neither checksum nor sequence number (format 1).
    Unsealed { value: Value },
    /// No checksum and not JSON.
    NotJson(String),
}

fn check_line(text: &[u8]) -> Checked {
    if text.len() > SEAL_SUFFIX_LEN {
        let (body, suffix) = text.split_at(text.len() - SEAL_SUFFIX_LEN);
        if suffix.starts_with(b",\"crc\":\"") && suffix.ends_with(b"\"}") {
            let stated = std::str::from_utf8(&suffix[8..16])
                .ok()
                .filter(|h| {
                    h.bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
                })
                .and_then(|h| u32::from_str_radix(h, 16).ok());
            if stated != Some(crc32(body)) {
                return Checked::BadSeal;
            }
            return match serde_json::from_slice::<Value>(text) {
                Ok(value) if value.is_object() => Checked::Sealed { value },
                _ => Checked::BadSeal,
            };
        }
    }
    match serde_json::from_slice::<Value>(text) {
        // A changed seal: the fields are there, but the line does not end as sealed lines do.
        Ok(value) if value.get("crc").is_some() || value.get("seq").is_some() => Checked::BadSeal,
        Ok(value) => Checked::Unsealed { value },
        Err(e) => Checked::NotJson(e.to_string()),
    }
}

/// The record without the journal's own fields.
fn without_seal(mut value: Value) -> Value {
    if let Value::Object(map) = &mut value {
        map.remove("seq");
        map.remove("crc");
    }
    value
}

/// `json` (one JSON object) sealed as the line with sequence number `seq`: `"seq"` added as
/// its last field, then `"crc"` over every byte before it. No newline.
fn seal(json: &[u8], seq: u64) -> Result<Vec<u8>, JournalError> {
    let (Some(b'{'), Some(b'}')) = (json.first(), json.last()) else {
        return Err(JournalError::NotAnObject);
    };
    let mut line = json[..json.len() - 1].to_vec();
    if json.len() > 2 {
        line.push(b',');
    }
    line.extend_from_slice(format!("\"seq\":{seq}").as_bytes());
    let crc = crc32(&line);
    line.extend_from_slice(format!(",\"crc\":\"{crc:08x}\"}}").as_bytes());
    Ok(line)
}

/// CRC-32 of IEEE 802.3 (reflected polynomial 0xEDB88320, as zlib and PNG compute it).
pub fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut n = 0;
        while n < 256 {
            let mut c = n as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            table[n] = c;
            n += 1;
        }
        table
    };
    !bytes.iter().fold(!0u32, |c, &b| {
        TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8)
    })
}

/// The torn end of a journal that [`Journal::open_append`] cut off, and where it was saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SalvagedTail {
    /// The line number the torn bytes stood on.
    pub line: usize,
    /// How many bytes were cut off.
    pub bytes: usize,
    /// The file beside the journal that holds them.
    pub saved_to: PathBuf,
}

/// An open journal to which records are appended, each flushed to the disk.
#[derive(Debug)]
pub struct Journal {
    file: File,
    path: PathBuf,
    /// The file's length after the last confirmed write; a failed write is rolled back to it.
    good_len: u64,
    /// Set when a failed write could not be rolled back; the next append retries first.
    needs_rollback: bool,
    salvaged: Option<SalvagedTail>,
    /// The sequence number of the next line (its line number minus one).
    next_seq: u64,
}

impl Journal {
    /// Creates a new journal at `path` with `header` as its first line, flushed to the disk
    /// together with its folder entry. Refuses to overwrite an existing file.
    pub fn create(path: &Path, header: &JournalHeader) -> Result<Journal, JournalError> {
        let dir = parent_dir(path);
        if !dir.is_dir() {
            return Err(JournalError::MissingDirectory {
                dir: dir.to_path_buf(),
                path: path.to_path_buf(),
            });
        }
        let file = OpenOptions::new()
            .append(true)
            .create_new(true)
            .open(path)
            .map_err(|source| {
                if source.kind() == io::ErrorKind::AlreadyExists {
                    JournalError::AlreadyExists {
                        path: path.to_path_buf(),
                    }
                } else {
                    write_error(path, source)
                }
            })?;
        let mut journal = Journal {
            file,
            path: path.to_path_buf(),
            good_len: 0,
            needs_rollback: false,
            salvaged: None,
            next_seq: 0,
        };
        journal.append(header)?;
        sync_dir(dir).map_err(|source| write_error(path, source))?;
        Ok(journal)
    }

    /// Opens an existing journal to continue it (`--resume`). The header is checked; a torn
    /// last line is first copied to a `.torn` file beside the journal (see
    /// [`Journal::salvaged`]) and then cut off, so the next record starts on a fresh line.
    pub fn open_append(path: &Path) -> Result<Journal, JournalError> {
        let bytes = read_all(path)?;
        let layout = layout(path, &bytes)?;
        let mut salvaged = None;
        if let Some((line, tail)) = layout.torn {
            let saved_to = torn_copy_path(path);
            storage::atomic_write(&saved_to, tail).map_err(|source| JournalError::SaveTorn {
                path: path.to_path_buf(),
                source,
            })?;
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|source| write_error(path, source))?;
            file.set_len(layout.good_len as u64)
                .and_then(|()| file.sync_all())
                .map_err(|source| write_error(path, source))?;
            salvaged = Some(SalvagedTail {
                line,
                bytes: tail.len(),
                saved_to,
            });
        }
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|source| write_error(path, source))?;
        Ok(Journal {
            file,
            path: path.to_path_buf(),
            good_len: layout.good_len as u64,
            needs_rollback: false,
            salvaged,
            next_seq: 1 + layout.lines.len() as u64,
        })
    }

    /// Wraps a file that is already open for appending and already holds a journal (or is a
    /// special file such as `/dev/full`). The caller vouches for its content (the next line is
    /// numbered as the first record); normally use
    /// [`Journal::create`] or [`Journal::open_append`].
    pub fn from_open_file(file: File, path: &Path) -> Result<Journal, JournalError> {
        let good_len = file
            .metadata()
            .map_err(|source| JournalError::Read {
                path: path.to_path_buf(),
                source,
            })?
            .len();
        Ok(Journal {
            file,
            path: path.to_path_buf(),
            good_len,
            needs_rollback: false,
            salvaged: None,
            next_seq: 1,
        })
    }

    /// Appends `record` (a JSON object) as one sealed line (`seq` and `crc` added) and flushes
    /// it to the disk before returning. On an error nothing of the record stays in the file
    /// and the earlier records are untouched.
    pub fn append<T: Serialize + ?Sized>(&mut self, record: &T) -> Result<(), JournalError> {
        let json = serde_json::to_vec(record).map_err(JournalError::Serialize)?;
        let mut line = seal(&json, self.next_seq)?;
        // What could not be read back is not written.
        if line.len() > crate::bounded::RECORDS.line {
            return Err(JournalError::RecordTooLong {
                bytes: line.len(),
                limit: crate::bounded::RECORDS.line,
            });
        }
        line.push(b'\n');
        if self.needs_rollback {
            self.roll_back()
                .map_err(|source| JournalError::Unrepairable {
                    path: self.path.clone(),
                    source,
                })?;
        }
        let written = self
            .file
            .write_all(&line)
            .and_then(|()| self.file.sync_data());
        match written {
            Ok(()) => {
                self.good_len += line.len() as u64;
                self.next_seq += 1;
                Ok(())
            }
            Err(source) => {
                // A partial line must not stay: the next record would be glued to it.
                if self.roll_back().is_err() {
                    self.needs_rollback = true;
                }
                Err(write_error(&self.path, source))
            }
        }
    }

    fn roll_back(&mut self) -> io::Result<()> {
        self.file.set_len(self.good_len)?;
        self.file.sync_data()?;
        self.needs_rollback = false;
        Ok(())
    }

    /// Records the decision to go on without lines `from_line` to `to_line` (damaged, or
    /// after damage; at most up to the last line now in the file): a sealed `set_aside` line
    /// is appended, the lines themselves stay as they are, and readers leave them (and their
    /// problems) out from then on. Line 1, the header, holds no record: setting it aside
    /// only accepts its damage.
    pub fn set_aside(&mut self, from_line: usize, to_line: usize) -> Result<(), JournalError> {
        let to_line = to_line.min(self.last_line());
        if from_line < 1 || from_line > to_line {
            return Ok(());
        }
        let record =
            serde_json::json!({ SET_ASIDE: { "from_line": from_line, "to_line": to_line } });
        self.append(&record)
    }

    /// The number of the last complete line in the file (the header is line 1).
    pub fn last_line(&self) -> usize {
        usize::try_from(self.next_seq).unwrap_or(usize::MAX)
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The torn tail [`Journal::open_append`] cut off, if there was one.
    pub fn salvaged(&self) -> Option<&SalvagedTail> {
        self.salvaged.as_ref()
    }
}

/// `game.jsonl` → `game.jsonl.torn`, or `game.jsonl.torn.2`, … if that exists already.
fn torn_copy_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(OsString::from).unwrap_or_default();
    name.push(".torn");
    let first = path.with_file_name(&name);
    if !first.exists() {
        return first;
    }
    (2u32..)
        .map(|n| {
            let mut numbered = name.clone();
            numbered.push(format!(".{n}"));
            path.with_file_name(numbered)
        })
        .find(|p| !p.exists())
        .unwrap_or(first)
}

/// The folder for game journals: `$XDG_DATA_HOME/rochade/games`, or
/// `~/.local/share/rochade/games`, from the environment.
pub fn default_games_dir() -> Result<PathBuf, JournalError> {
    games_dir_from(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
        .ok_or(JournalError::NoDataDirectory)
}

/// [`default_games_dir`] from given values of `XDG_DATA_HOME` and `HOME`. A relative or
/// empty `XDG_DATA_HOME` is ignored, as the XDG Base Directory specification asks.
pub fn games_dir_from(xdg_data_home: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    let data = xdg_data_home
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            home.filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("share"))
        })?;
    Some(data.join("rochade").join("games"))
}

/// The journal file name for a game started at `created_at` (RFC 3339):
/// `2026-11-23T14:05:00+01:00` → `2026-11-23T14-05-00.jsonl` (the local date and time as
/// written, colons replaced so that every file system accepts the name).
pub fn journal_file_name(created_at: &str) -> Result<String, JournalError> {
    let stamp = parse_stamp(created_at).ok_or_else(|| JournalError::BadTimestamp {
        created_at: created_at.to_string(),
    })?;
    Ok(format!("{stamp}.jsonl"))
}

/// `YYYY-MM-DDTHH:MM:SS…` → `YYYY-MM-DDTHH-MM-SS`, if the prefix has that shape.
fn parse_stamp(created_at: &str) -> Option<String> {
    let head = created_at.get(..19)?;
    let shape = "dddd-dd-ddTdd:dd:dd";
    let ok = head.bytes().zip(shape.bytes()).all(|(c, s)| match s {
        b'd' => c.is_ascii_digit(),
        b'T' => c == b'T' || c == b't' || c == b' ',
        _ => c == s,
    });
    ok.then(|| {
        let mut s = head.replace(':', "-");
        s.replace_range(10..11, "T");
        s
    })
}

/// A path for a new journal in `dir` for a game started at `created_at`, not yet taken: the
/// name from [`journal_file_name`], with `-2`, `-3`, … added if games started in the same
/// second.
pub fn new_journal_path(dir: &Path, created_at: &str) -> Result<PathBuf, JournalError> {
    let name = journal_file_name(created_at)?;
    let stem = name.trim_end_matches(".jsonl");
    let first = dir.join(&name);
    if !first.exists() {
        return Ok(first);
    }
    Ok((2u32..)
        .map(|n| dir.join(format!("{stem}-{n}.jsonl")))
        .find(|p| !p.exists())
        .unwrap_or(first))
}

/// The sort key of a journal file name: (date-time stamp, sequence number), or `None` for
/// any other file.
fn journal_name_key(name: &str) -> Option<(String, u32)> {
    let stem = name.strip_suffix(".jsonl")?;
    let stamp = stem.get(..19)?;
    let shape = "dddd-dd-ddTdd-dd-dd";
    let ok = stamp.bytes().zip(shape.bytes()).all(|(c, s)| match s {
        b'd' => c.is_ascii_digit(),
        _ => c == s,
    });
    if !ok {
        return None;
    }
    let seq = match &stem[19..] {
        "" => 1,
        rest => rest.strip_prefix('-')?.parse().ok()?,
    };
    Some((stamp.to_string(), seq))
}

/// The newest journal in `dir` (by the start time in its name), for `--resume`; `None` if
/// the folder does not exist or holds no journal.
pub fn latest_journal(dir: &Path) -> Result<Option<PathBuf>, JournalError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(JournalError::Read {
                path: dir.to_path_buf(),
                source,
            });
        }
    };
    let mut best: Option<((String, u32), PathBuf)> = None;
    for entry in entries {
        let entry = entry.map_err(|source| JournalError::Read {
            path: dir.to_path_buf(),
            source,
        })?;
        let name = entry.file_name();
        let Some(key) = name.to_str().and_then(journal_name_key) else {
            continue;
        };
        if best.as_ref().is_none_or(|(k, _)| key > *k) {
            best = Some((key, entry.path()));
        }
    }
    Ok(best.map(|(_, path)| path))
}

/// `t` as RFC 3339 in UTC, e.g. `2026-11-23T13:05:00Z`. Pure: the caller reads the clock
/// (`SystemTime::now()`) at the edge and passes it in.
pub fn utc_rfc3339(t: SystemTime) -> String {
    let secs = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    };
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 → (year, month, day) in the proleptic Gregorian calendar
/// (H. Hinnant's "civil_from_days").
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_header_sealed_as_the_docs_show_it() {
        let header = br#"{"rochade_journal":2,"program_version":"0.1.0","created_at":"2026-11-23T13:05:00Z"}"#;
        assert_eq!(
            String::from_utf8(seal(header, 0).unwrap()).unwrap(),
            r#"{"rochade_journal":2,"program_version":"0.1.0","created_at":"2026-11-23T13:05:00Z","seq":0,"crc":"a2c03053"}"#
        );
    }

    #[test]
    fn crc32_of_the_standard_check_string() {
        // The check value of CRC-32/ISO-HDLC (zlib's crc32 of "123456789").
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn a_sealed_line_ends_with_seq_then_crc_over_the_bytes_before() {
        let line = seal(br#"{"at":5}"#, 3).unwrap();
        let text = String::from_utf8(line.clone()).unwrap();
        let (body, _) = text.split_once(",\"crc\":").unwrap();
        assert_eq!(body, r#"{"at":5,"seq":3"#);
        assert_eq!(
            text,
            format!("{body},\"crc\":\"{:08x}\"}}", crc32(body.as_bytes()))
        );
        assert!(matches!(check_line(&line), Checked::Sealed { .. }));
        let mut flipped = line.clone();
        flipped[5] = b'6';
        assert!(matches!(check_line(&flipped), Checked::BadSeal));
        assert_eq!(
            seal(b"{}", 1).unwrap(),
            format!("{{\"seq\":1,\"crc\":\"{:08x}\"}}", crc32(br#"{"seq":1"#)).into_bytes()
        );
        assert!(matches!(seal(b"[1]", 1), Err(JournalError::NotAnObject)));
    }

    #[test]
    fn rfc3339_of_known_instants() {
        assert_eq!(utc_rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_795_438_800); // 2026-11-23 13:00:00 UTC (date -u -d @1795438800)
        assert_eq!(utc_rfc3339(t), "2026-11-23T13:00:00Z");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
        assert_eq!(utc_rfc3339(leap), "2000-02-29T00:00:00Z");
    }

    #[test]
    fn journal_names_sort_by_time_then_sequence() {
        assert_eq!(
            journal_name_key("2026-11-23T14-05-00.jsonl"),
            Some(("2026-11-23T14-05-00".into(), 1))
        );
        assert_eq!(
            journal_name_key("2026-11-23T14-05-00-3.jsonl"),
            Some(("2026-11-23T14-05-00".into(), 3))
        );
        assert_eq!(journal_name_key("2026-11-23T14-05-00.jsonl.torn"), None);
        assert_eq!(journal_name_key("notes.jsonl"), None);
        assert_eq!(journal_name_key("2026-11-23T14-05-00x.jsonl"), None);
    }

    #[test]
    fn file_name_from_rfc3339() {
        assert_eq!(
            journal_file_name("2026-11-23T14:05:00+01:00")
                .ok()
                .as_deref(),
            Some("2026-11-23T14-05-00.jsonl")
        );
        assert_eq!(
            journal_file_name("2026-11-23T14:05:00.123Z")
                .ok()
                .as_deref(),
            Some("2026-11-23T14-05-00.jsonl")
        );
        assert!(journal_file_name("yesterday").is_err());
        assert!(journal_file_name("2026-11-23").is_err());
    }

    #[test]
    fn games_dir_prefers_absolute_xdg() {
        assert_eq!(
            games_dir_from(Some("/x/data".into()), Some("/home/a".into())),
            Some(PathBuf::from("/x/data/rochade/games"))
        );
        assert_eq!(
            games_dir_from(Some("relative".into()), Some("/home/a".into())),
            Some(PathBuf::from("/home/a/.local/share/rochade/games"))
        );
        assert_eq!(games_dir_from(None, None), None);
    }
}
