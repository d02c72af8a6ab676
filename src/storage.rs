//! Atomic file writes: a file is either the old version or the new one, never half of each.
//!
//! [`atomic_write`] writes the bytes to a temporary file in the same folder, flushes it to
//! the disk (`fsync`), renames it over the target and flushes the folder, so that a crash or
//! a power cut at any moment leaves either the complete old file or the complete new one.
//! Scoresheets, BRF and PGN files are written this way.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let sheet = dir.path().join("game.pgn");
//! rochade::storage::atomic_write(&sheet, b"1. e4 e5 *\n")?;
//! rochade::storage::atomic_write(&sheet, b"1. e4 e5 2. Nf3 *\n")?;
//! assert_eq!(std::fs::read(&sheet)?, b"1. e4 e5 2. Nf3 *\n");
//! # Ok(()) }
//! ```
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file could not be written safely. The old file, if any, is unchanged.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// The folder the file should go into does not exist.
    #[error("the folder {dir} does not exist, so {path} cannot be written there")]
    MissingDirectory { dir: PathBuf, path: PathBuf },
    /// The path names a folder or nothing, not a file.
    #[error("{path} is not a file name")]
    NotAFileName { path: PathBuf },
    /// The disk (or the user's quota) is full.
    #[error(
        "the disk is full: {path} could not be written (the previous version, if any, is unchanged)"
    )]
    DiskFull { path: PathBuf },
    /// Any other input/output failure.
    #[error("{path} could not be written: {source} (the previous version, if any, is unchanged)")]
    Io { path: PathBuf, source: io::Error },
    /// The new file is in place, but the folder could not be flushed to the disk, so a power
    /// cut in the next moments could still bring back the old version.
    #[error("{path} was written, but the folder could not be flushed to the disk: {source}")]
    NotDurable { path: PathBuf, source: io::Error },
}

/// True when an I/O error means the disk or quota is full.
pub(crate) fn is_disk_full(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded
    )
}

fn storage_error(path: &Path, source: io::Error) -> StorageError {
    if is_disk_full(&source) {
        StorageError::DiskFull {
            path: path.to_path_buf(),
        }
    } else {
        StorageError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// The folder a file lives in; a bare file name lives in the current folder.
pub(crate) fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Flushes a folder's entries (new, renamed or removed files) to the disk.
pub(crate) fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Writes `bytes` to `path` atomically: a temporary file beside it, `fsync`, rename over the
/// target, `fsync` of the folder. After an error the target is unchanged and no temporary
/// file is left behind.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> Result<(), StorageError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| StorageError::NotAFileName {
            path: path.to_path_buf(),
        })?
        .to_string_lossy()
        .into_owned();
    let dir = parent_dir(path);
    if !dir.is_dir() {
        return Err(StorageError::MissingDirectory {
            dir: dir.to_path_buf(),
            path: path.to_path_buf(),
        });
    }
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
    let result = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        // The temporary file may or may not exist; either way it must not linger.
        let _ = std::fs::remove_file(&tmp);
        return Err(storage_error(path, e));
    }
    sync_dir(dir).map_err(|source| StorageError::NotDurable {
        path: path.to_path_buf(),
        source,
    })
}
