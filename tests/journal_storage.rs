//! Atomic writes (`storage::atomic_write`): the target is always a whole version.
use std::fs;

use rochade::storage::{StorageError, atomic_write};

#[test]
fn replaces_the_whole_file_and_leaves_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.brf");
    atomic_write(&path, b"first version, rather long\n").unwrap();
    atomic_write(&path, b"second\n").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"second\n");
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["sheet.brf"]);
}

#[test]
fn a_missing_folder_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missing/sheet.pgn");
    match atomic_write(&path, b"x") {
        Err(e @ StorageError::MissingDirectory { .. }) => {
            assert!(e.to_string().contains("does not exist"), "{e}")
        }
        other => panic!("expected MissingDirectory, got {other:?}"),
    }
}

#[test]
fn a_failed_write_keeps_the_old_version() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.pgn");
    atomic_write(&path, b"old").unwrap();
    // A folder cannot be renamed over a file: the write fails after the temporary file.
    let target_dir = dir.path().join("taken");
    fs::create_dir(&target_dir).unwrap();
    fs::write(target_dir.join("inside"), "x").unwrap();
    assert!(atomic_write(&target_dir, b"new").is_err());
    assert_eq!(fs::read(&path).unwrap(), b"old");
    let leftovers = fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".tmp")
        })
        .count();
    assert_eq!(leftovers, 0);
}
