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
//! [`read_journal`] reads the records back in order. A crash in the middle of a write leaves
//! a *torn* last line (no final newline, perhaps not even valid JSON): it is reported and
//! skipped, and everything before it is intact. A broken line in the middle is reported by
//! its line number and skipped. [`Journal::open_append`] continues a journal after a crash:
//! it saves a torn tail to a `.torn` file beside the journal, cuts it off, and appends
//! from a fresh line.
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

use crate::storage::{self, is_disk_full, parent_dir, sync_dir};

/// The journal format this program writes and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

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
        }
    }
}

/// What [`read_journal`] found: the header, the good records in order, and the problems.
#[derive(Debug, Clone, PartialEq)]
pub struct JournalRead<T> {
    pub header: JournalHeader,
    pub records: Vec<T>,
    pub problems: Vec<JournalProblem>,
}

/// The split of a journal's bytes into its header, its complete lines and a torn tail.
struct Layout<'a> {
    header: JournalHeader,
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

fn read_all(path: &Path) -> Result<Vec<u8>, JournalError> {
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

/// Reads a journal: its header, its records in order, and every problem found (torn last
/// line, broken lines), each skipped without losing the lines around it. A file whose first
/// line is not a journal header is an error.
pub fn read_journal<T: DeserializeOwned>(path: &Path) -> Result<JournalRead<T>, JournalError> {
    let bytes = read_all(path)?;
    let layout = layout(path, &bytes)?;
    let mut records = Vec::with_capacity(layout.lines.len());
    let mut problems = Vec::new();
    for (line, text) in layout.lines {
        if text.len() > crate::bounded::RECORDS.line {
            problems.push(JournalProblem::BrokenLine {
                line,
                bytes: text.len(),
                error: "longer than a journal line may be".into(),
            });
            continue;
        }
        match serde_json::from_slice::<T>(text) {
            Ok(record) => records.push(record),
            Err(e) => problems.push(JournalProblem::BrokenLine {
                line,
                bytes: text.len(),
                error: e.to_string(),
            }),
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
        problems,
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
        })
    }

    /// Wraps a file that is already open for appending and already holds a journal (or is a
    /// special file such as `/dev/full`). The caller vouches for its content; normally use
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
        })
    }

    /// Appends `record` as one JSON line and flushes it to the disk before returning. On an
    /// error nothing of the record stays in the file and the earlier records are untouched.
    pub fn append<T: Serialize + ?Sized>(&mut self, record: &T) -> Result<(), JournalError> {
        let mut line = serde_json::to_vec(record).map_err(JournalError::Serialize)?;
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
