//! Reading a journal back: the split into header, lines and torn tail, and every line checked.
use std::fs::File;
use std::io;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::seal::{Checked, SET_ASIDE, check_line, without_seal};
use super::{
    Damage, FORMAT_VERSION, JournalError, JournalHeader, JournalProblem, JournalRead,
    SEALED_FORMAT, SetAside,
};

/// The split of a journal's bytes into its header, its complete lines and a torn tail.
pub(super) struct Layout<'a> {
    header: JournalHeader,
    /// The header's line, without the newline.
    header_line: &'a [u8],
    /// Complete lines after the header: (1-based line number, bytes without the newline).
    pub(super) lines: Vec<(usize, &'a [u8])>,
    /// Bytes after the last newline, if any, with their line number.
    pub(super) torn: Option<(usize, &'a [u8])>,
    /// Length of the file up to and including the last newline.
    pub(super) good_len: usize,
}

pub(super) fn layout<'a>(path: &Path, bytes: &'a [u8]) -> Result<Layout<'a>, JournalError> {
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
