//! The record of a model's files ([`RECORD_FILE`]: every file's path, size and SHA-256, as
//! they were when the model was fetched or first passed its trial): making it, writing and
//! reading it, and checking a model's files against it.
use std::io::Read;
use std::path::{Component, Path};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::{Assurance, IntegrityError, dir_name, remedy};
use crate::models::{ModelError, sha256_of};

/// The record of a model's files, in the model's directory.
pub const RECORD_FILE: &str = ".rochade-files.json";

/// The largest record read (a model of 10,000 files has a record of about 1.5 MB).
const RECORD_LIMIT: u64 = 16 * 1024 * 1024;

/// How the files of a record came to be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordSource {
    /// `rochade models fetch`, after the archive's checksum from the manifest passed (or the
    /// user allowed an unverified archive).
    Fetch,
    /// A trial load in a child process passed.
    Probe,
}

/// One file of a model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRecord {
    /// Relative to the model's directory, `/`-separated.
    pub path: String,
    pub size: u64,
    /// SHA-256 in hex.
    pub sha256: String,
}

/// The record of every file of a model, as it was when it was fetched (or passed a trial).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The model's name (its directory's name when it was recorded), for the advice to fetch
    /// it again.
    pub model: String,
    pub source: RecordSource,
    /// The SHA-256 of the archive the files came from, when fetched.
    #[serde(default)]
    pub archive_sha256: Option<String>,
    pub files: Vec<FileRecord>,
}

/// What is wrong with one file of a recorded model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileProblem {
    Missing,
    Size { expected: u64, found: u64 },
    Checksum,
    Unreadable(String),
}

impl std::fmt::Display for FileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileProblem::Missing => f.write_str("it is missing"),
            FileProblem::Size { expected, found } => {
                write!(f, "expected {expected} bytes, found {found}")
            }
            FileProblem::Checksum => {
                f.write_str("its content differs from the checksum recorded when it was fetched")
            }
            FileProblem::Unreadable(why) => write!(f, "it cannot be read: {why}"),
        }
    }
}

/// The advice for a recorded model: fetch it again where it is.
fn remedy_recorded(dir: &Path, record: &Record) -> String {
    let name = if record.model.is_empty() {
        dir_name(dir)
    } else {
        record.model.clone()
    };
    remedy(dir, &name, record.source == RecordSource::Fetch)
}

/// Whether a file found in a model directory belongs in its record (not the record itself,
/// nor the temporary files of writing it).
fn recordable(name: &str) -> bool {
    !name.starts_with(RECORD_FILE) && !name.starts_with(&format!(".{RECORD_FILE}"))
}

impl Record {
    /// Records every file under `dir` (following links to files, not into directories),
    /// sorted by path.
    pub fn of_dir(
        dir: &Path,
        model: &str,
        source: RecordSource,
        archive_sha256: Option<String>,
    ) -> Result<Record, ModelError> {
        let mut files = Vec::new();
        let mut stack = vec![(dir.to_path_buf(), String::new())];
        while let Some((path, prefix)) = stack.pop() {
            let entries = std::fs::read_dir(&path).map_err(crate::models::io(&path))?;
            for entry in entries {
                let entry = entry.map_err(crate::models::io(&path))?;
                let name = entry.file_name().to_string_lossy().into_owned();
                let full = entry.path();
                let relative = format!("{prefix}{name}");
                let kind = entry.file_type().map_err(crate::models::io(&full))?;
                if kind.is_dir() {
                    stack.push((full, format!("{relative}/")));
                    continue;
                }
                if prefix.is_empty() && !recordable(&name) {
                    continue;
                }
                let meta = std::fs::metadata(&full).map_err(crate::models::io(&full))?;
                if !meta.is_file() {
                    continue;
                }
                files.push(FileRecord {
                    path: relative,
                    size: meta.len(),
                    sha256: sha256_of(&full)?,
                });
            }
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(Record {
            model: model.to_string(),
            source,
            archive_sha256,
            files,
        })
    }

    /// Writes the record into `dir` atomically (temporary file, fsync, rename, fsync).
    pub fn write(&self, dir: &Path) -> Result<(), ModelError> {
        let path = dir.join(RECORD_FILE);
        let mut text = serde_json::to_string_pretty(self)
            .map_err(|e| ModelError::Io(path.clone(), std::io::Error::other(e)))?;
        text.push('\n');
        crate::storage::atomic_write(&path, text.as_bytes())
            .map_err(|e| ModelError::Io(path.clone(), std::io::Error::other(e)))
    }

    /// The record in `dir`; `None` when there is none.
    pub fn read(dir: &Path) -> Result<Option<Record>, IntegrityError> {
        let path = dir.join(RECORD_FILE);
        let bad = |reason: String| IntegrityError::BadRecord {
            path: path.clone(),
            reason,
            remedy: remedy(dir, &dir_name(dir), false),
        };
        let file = match std::fs::File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(bad(e.to_string())),
        };
        // a record is some kilobytes: a huge file is not one, and is not read whole
        let mut text = String::new();
        file.take(RECORD_LIMIT + 1)
            .read_to_string(&mut text)
            .map_err(|e| bad(e.to_string()))?;
        if text.len() as u64 > RECORD_LIMIT {
            return Err(bad(format!("it is over {RECORD_LIMIT} bytes")));
        }
        let record: Record = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        for file in &record.files {
            let safe = !file.path.is_empty()
                && Path::new(&file.path)
                    .components()
                    .all(|c| matches!(c, Component::Normal(_)));
            if !safe {
                return Err(bad(format!(
                    "{:?} is not a path inside the model",
                    file.path
                )));
            }
        }
        Ok(Some(record))
    }
}

/// Checks the files of `dir` against `record`: every size first, then every SHA-256. The
/// first bad file is the error.
pub fn verify(dir: &Path, record: &Record) -> Result<Assurance, IntegrityError> {
    let started = Instant::now();
    let damaged = |file: &FileRecord, problem: FileProblem| IntegrityError::Damaged {
        dir: dir.to_path_buf(),
        file: file.path.clone(),
        problem,
        remedy: remedy_recorded(dir, record),
    };
    for file in &record.files {
        match std::fs::metadata(dir.join(&file.path)) {
            Ok(meta) if meta.len() == file.size => {}
            Ok(meta) => {
                return Err(damaged(
                    file,
                    FileProblem::Size {
                        expected: file.size,
                        found: meta.len(),
                    },
                ));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(damaged(file, FileProblem::Missing));
            }
            Err(e) => return Err(damaged(file, FileProblem::Unreadable(e.to_string()))),
        }
    }
    for file in &record.files {
        let sum = sha256_of(&dir.join(&file.path)).map_err(|e| {
            let why = match e {
                ModelError::Io(_, e) => e.to_string(),
                other => other.to_string(),
            };
            damaged(file, FileProblem::Unreadable(why))
        })?;
        if !sum.eq_ignore_ascii_case(&file.sha256) {
            return Err(damaged(file, FileProblem::Checksum));
        }
    }
    Ok(Assurance::Recorded {
        source: record.source,
        files: record.files.len(),
        bytes: record.files.iter().map(|f| f.size).sum(),
        took: started.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::models::integrity::tests::model_like;

    fn recorded() -> (tempfile::TempDir, PathBuf, Record) {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("some-model");
        model_like(&dir);
        let record =
            Record::of_dir(&dir, "some-model", RecordSource::Fetch, None).expect("recorded");
        record.write(&dir).expect("written");
        (tmp, dir, record)
    }

    #[test]
    fn a_record_lists_every_file_and_reads_back() {
        let (_tmp, dir, record) = recorded();
        let paths: Vec<&str> = record.files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["am/final.mdl", "conf/mfcc.conf", "graph/HCLG.fst"]);
        assert_eq!(record.files[1].size, 19);
        assert_eq!(Record::read(&dir).expect("valid"), Some(record.clone()));
        // the record does not list itself when made again
        let again = Record::of_dir(&dir, "some-model", RecordSource::Fetch, None).expect("again");
        assert_eq!(again.files, record.files);
        assert!(matches!(
            verify(&dir, &record),
            Ok(Assurance::Recorded { files: 3, .. })
        ));
    }

    #[test]
    fn truncated_missing_and_changed_files_are_named() {
        let (_tmp, dir, record) = recorded();
        let mdl = dir.join("am/final.mdl");
        let full = std::fs::read(&mdl).expect("read");
        std::fs::write(&mdl, &full[..100]).expect("truncate");
        let err = verify(&dir, &record).expect_err("truncated");
        assert_eq!(err.file(), Some("am/final.mdl"));
        let text = err.to_string();
        assert!(
            text.contains("am/final.mdl") && text.contains("expected 5020 bytes, found 100"),
            "{text}"
        );

        let mut flipped = full.clone();
        flipped[2500] ^= 0xff;
        std::fs::write(&mdl, &flipped).expect("flip");
        let err = verify(&dir, &record).expect_err("changed");
        assert!(matches!(
            err,
            IntegrityError::Damaged {
                problem: FileProblem::Checksum,
                ..
            }
        ));
        assert_eq!(err.file(), Some("am/final.mdl"));

        std::fs::write(&mdl, &full).expect("restore");
        std::fs::remove_file(dir.join("conf/mfcc.conf")).expect("remove");
        let err = verify(&dir, &record).expect_err("missing");
        assert!(err.to_string().contains("conf/mfcc.conf"), "{err}");
        assert!(err.to_string().contains("missing"), "{err}");
    }

    #[test]
    fn a_damaged_or_hostile_record_is_refused() {
        let (_tmp, dir, mut record) = recorded();
        std::fs::write(dir.join(RECORD_FILE), "{ not json").expect("write");
        assert!(matches!(
            Record::read(&dir),
            Err(IntegrityError::BadRecord { .. })
        ));
        record.files[0].path = "../outside".into();
        std::fs::write(
            dir.join(RECORD_FILE),
            serde_json::to_string(&record).expect("json"),
        )
        .expect("write");
        let err = Record::read(&dir).expect_err("refused");
        assert!(err.to_string().contains("../outside"), "{err}");
        std::fs::remove_file(dir.join(RECORD_FILE)).expect("remove");
        assert_eq!(Record::read(&dir).expect("none"), None);
    }
}
