//! A crash can stop a write at any byte. Whatever prefix of a valid journal is left, it
//! reads back as a prefix of the records, with at most the torn last line reported, and
//! resuming it loses none of those records.
use std::fs;

use proptest::prelude::*;
use rochade::journal::{Journal, JournalError, JournalHeader, JournalProblem, read_journal};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Event {
    at: u64,
    said: String,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn every_prefix_reads_as_a_prefix_of_the_records(
        events in prop::collection::vec((any::<u64>(), ".{0,24}"), 0..8),
        cut in any::<prop::sample::Index>(),
    ) {
        let events: Vec<Event> = events.into_iter().map(|(at, said)| Event { at, said }).collect();
        let dir = tempfile::tempdir().unwrap();
        let full = dir.path().join("full.jsonl");
        let header = JournalHeader::new("2026-11-23T14:05:00+01:00");
        let mut journal = Journal::create(&full, &header).unwrap();
        for e in &events {
            journal.append(e).unwrap();
        }
        drop(journal);
        let bytes = fs::read(&full).unwrap();
        let cut = cut.index(bytes.len() + 1);
        let prefix = &bytes[..cut];
        let path = dir.path().join("cut.jsonl");
        fs::write(&path, prefix).unwrap();

        let header_len = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
        if cut < header_len {
            let incomplete = matches!(read_journal::<Event>(&path), Err(JournalError::IncompleteHeader { .. }));
            prop_assert!(incomplete);
            return Ok(());
        }
        let complete_lines = prefix.iter().filter(|&&b| b == b'\n').count();
        let read = read_journal::<Event>(&path).unwrap();
        prop_assert_eq!(&read.header, &header);
        prop_assert_eq!(&read.records[..], &events[..complete_lines - 1]);
        if prefix.last() == Some(&b'\n') {
            prop_assert!(read.problems.is_empty());
        } else {
            let torn_bytes = cut - (prefix.iter().rposition(|&b| b == b'\n').unwrap() + 1);
            prop_assert_eq!(
                read.problems,
                vec![JournalProblem::TornLastLine { line: complete_lines + 1, bytes: torn_bytes }]
            );
        }

        // Resuming cuts the torn tail and continues without losing a record.
        let mut resumed = Journal::open_append(&path).unwrap();
        let extra = Event { at: 7, said: "weiter".into() };
        resumed.append(&extra).unwrap();
        drop(resumed);
        let again = read_journal::<Event>(&path).unwrap();
        prop_assert!(again.problems.is_empty());
        let mut expected = events[..complete_lines - 1].to_vec();
        expected.push(extra);
        prop_assert_eq!(again.records, expected);
    }
}
