//! Every journal line is sealed with a sequence number and a CRC-32: a changed byte, a deleted
//! line, a reordered line are found and reported by line number, never read as if nothing had
//! happened; old journals (format 1, no checksums) still read; a decision to go on without
//! damaged lines is recorded in the journal, which keeps the lines themselves.
use std::fs;
use std::path::{Path, PathBuf};

use rochade::journal::{Damage, Journal, JournalHeader, JournalProblem, crc32, read_journal};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Said {
    at: u64,
    text: String,
}

fn said(at: u64) -> Said {
    Said {
        at,
        text: format!("Zug {at}"),
    }
}

/// A journal of `n` records (lines 2 ..= n + 1).
fn journal_of(dir: &Path, n: u64) -> PathBuf {
    let path = dir.join("game.jsonl");
    let mut journal =
        Journal::create(&path, &JournalHeader::new("2026-11-23T14:05:00+01:00")).unwrap();
    for at in 1..=n {
        journal.append(&said(at)).unwrap();
    }
    path
}

fn lines_of(path: &Path) -> Vec<String> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn write_lines(path: &Path, lines: &[String]) {
    fs::write(path, lines.join("\n") + "\n").unwrap();
}

#[test]
fn every_line_carries_its_sequence_number_and_a_checksum_of_what_comes_before() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal_of(dir.path(), 3);
    for (i, line) in lines_of(&path).iter().enumerate() {
        let (body, crc) = line.split_once(",\"crc\":\"").expect("a crc field");
        assert!(body.ends_with(&format!(",\"seq\":{i}")), "{line}");
        assert_eq!(crc, format!("{:08x}\"}}", crc32(body.as_bytes())));
    }
    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(read.records, vec![said(1), said(2), said(3)]);
    assert_eq!(read.record_lines, vec![2, 3, 4]);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
}

#[test]
fn a_changed_byte_in_the_middle_is_reported_by_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal_of(dir.path(), 5);
    let mut bytes = fs::read(&path).unwrap();
    // "Zug 3" becomes "Zug 8" on line 4: still valid JSON, another record.
    let at = bytes
        .windows(5)
        .position(|w| w == b"Zug 3")
        .expect("the record");
    bytes[at + 4] = b'8';
    fs::write(&path, &bytes).unwrap();
    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(
        read.problems,
        vec![JournalProblem::Damaged {
            line: 4,
            damage: Damage::ChecksumMismatch
        }]
    );
    assert!(read.problems[0].to_string().contains("line 4"));
    assert!(!read.records.contains(&Said {
        at: 3,
        text: "Zug 8".into()
    }));
}

#[test]
fn a_deleted_line_is_missing_before_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal_of(dir.path(), 5);
    let mut lines = lines_of(&path);
    lines.remove(3); // line 4, the third record
    write_lines(&path, &lines);
    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(
        read.problems,
        vec![JournalProblem::Damaged {
            line: 4,
            damage: Damage::Missing { count: 1 }
        }]
    );
}

#[test]
fn reordered_lines_are_out_of_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal_of(dir.path(), 5);
    let mut lines = lines_of(&path);
    lines.swap(3, 4); // lines 4 and 5
    write_lines(&path, &lines);
    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(
        read.problems,
        vec![
            JournalProblem::Damaged {
                line: 4,
                damage: Damage::OutOfOrder {
                    seq: 4,
                    expected: 3
                }
            },
            JournalProblem::Damaged {
                line: 5,
                damage: Damage::OutOfOrder {
                    seq: 3,
                    expected: 5
                }
            },
        ]
    );
}

#[test]
fn a_line_stripped_of_its_seal_is_damage_in_a_sealed_journal() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal_of(dir.path(), 3);
    let mut lines = lines_of(&path);
    lines[2] = serde_json::to_string(&said(2)).unwrap();
    write_lines(&path, &lines);
    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(
        read.problems,
        vec![JournalProblem::Damaged {
            line: 3,
            damage: Damage::NoChecksum
        }]
    );
}

#[test]
fn an_old_journal_without_checksums_still_reads_and_is_sealed_where_it_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.jsonl");
    let old = [
        r#"{"rochade_journal":1,"program_version":"0.1.0","created_at":"2026-11-23T13:05:00Z"}"#,
        r#"{"at":1,"text":"Zug 1"}"#,
        r#"{"at":2,"text":"Zug 2"}"#,
    ];
    write_lines(&path, &old.map(String::from));
    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(read.records, vec![said(1), said(2)]);
    assert!(read.problems.is_empty(), "{:?}", read.problems);

    let mut journal = Journal::open_append(&path).unwrap();
    journal.append(&said(3)).unwrap();
    drop(journal);
    let lines = lines_of(&path);
    assert!(lines[3].contains(",\"seq\":3,\"crc\":"), "{}", lines[3]);
    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(read.records, vec![said(1), said(2), said(3)]);
    assert!(read.problems.is_empty(), "{:?}", read.problems);

    // From where it was sealed on, an unsealed line is damage.
    let mut lines = lines_of(&path);
    lines.push(r#"{"at":4,"text":"Zug 4"}"#.into());
    write_lines(&path, &lines);
    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(
        read.problems,
        vec![JournalProblem::Damaged {
            line: 5,
            damage: Damage::NoChecksum
        }]
    );
}

#[test]
fn lines_set_aside_stay_in_the_file_and_are_left_out_with_their_problems() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal_of(dir.path(), 5);
    let mut lines = lines_of(&path);
    lines.remove(3);
    write_lines(&path, &lines);
    let before = fs::read(&path).unwrap();

    let mut journal = Journal::open_append(&path).unwrap();
    let last = journal.last_line();
    journal.set_aside(4, last).unwrap();
    journal.append(&said(9)).unwrap();
    drop(journal);
    let after = fs::read(&path).unwrap();
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "nothing before is changed"
    );

    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(read.records, vec![said(1), said(2), said(9)]);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert_eq!(read.set_aside.len(), 1);
    assert_eq!(
        (read.set_aside[0].from_line, read.set_aside[0].to_line),
        (4, 5)
    );
    assert_eq!(
        read.set_aside[0].problems,
        vec![JournalProblem::Damaged {
            line: 4,
            damage: Damage::Missing { count: 1 }
        }]
    );
}

#[test]
fn a_changed_header_is_damage_on_line_1_and_can_be_set_aside_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = journal_of(dir.path(), 2);
    let mut lines = lines_of(&path);
    lines[0] = lines[0].replace("2026-11-23", "2026-11-24");
    write_lines(&path, &lines);
    let read = read_journal::<Said>(&path).unwrap();
    assert_eq!(
        read.problems,
        vec![JournalProblem::Damaged {
            line: 1,
            damage: Damage::ChecksumMismatch
        }]
    );
    assert_eq!(
        read.records,
        vec![said(1), said(2)],
        "the header holds no record"
    );

    let mut journal = Journal::open_append(&path).unwrap();
    journal.set_aside(1, 1).unwrap();
    drop(journal);
    let read = read_journal::<Said>(&path).unwrap();
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert_eq!(read.records, vec![said(1), said(2)]);
    assert_eq!(read.set_aside[0].problems.len(), 1);
}
