//! Writing a journal: creating it, appending sealed lines flushed to the disk, and continuing
//! it after a crash.
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::reader::{layout, read_all};
use super::seal::{SET_ASIDE, seal};
use super::{JournalError, JournalHeader};
use crate::storage::{self, is_disk_full, parent_dir, sync_dir};

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
