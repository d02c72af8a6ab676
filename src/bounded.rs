//! Input within limits: the one place that says how long a line and how large a file Rochade
//! reads, and the readers that keep to it. A device such as `/dev/zero`, a 50 MB typed line or
//! a huge file costs a clear message naming the line, never the memory: a line is read only
//! up to its limit (the rest is skipped without being kept), a file only up to its limit.
//!
//! | what | a line | a file |
//! |---|---|---|
//! | a typed line of `play` and `relay` ([`TYPED`]) | 4 KiB | no limit (a game's keyboard) |
//! | journals, `replay` event files ([`RECORDS`]) | 64 KiB | 16 MiB |
//! | `interpret --batch` requests ([`BATCH`]) | 64 KiB | 1 GiB |
//! | scoresheets, `reconcile` sheets ([`SHEETS`]) | 64 KiB | 1 MiB |
//! | vocabulary and pronunciation files ([`VOCABULARY`]) | 64 KiB | 1 MiB |
//!
//! A record line has room for a typed line written out in JSON (escapes included) with its
//! event around it; a sheet file for about 100 000 half-moves. Why a line is too long is told
//! with its number, so a person can find it.
//!
//! ```
//! use rochade::bounded::{BoundedLines, InputError, Limits};
//! let limits = Limits { line: 8, file: 1000, what: "test lines" };
//! let mut lines = BoundedLines::new(&b"short\nfar too long a line\nok\n"[..], limits);
//! assert_eq!(lines.next().unwrap().unwrap(), (1, "short".to_string()));
//! assert!(matches!(lines.next().unwrap(), Err(InputError::LineTooLong { line: 2, .. })));
//! assert_eq!(lines.next().unwrap().unwrap(), (3, "ok".to_string()));
//! assert!(lines.next().is_none());
//! ```
use std::io::{self, BufRead, Read};
use std::path::Path;

/// How long a line and how large a whole input may be, and what the input is (for messages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Bytes a line, without its line end.
    pub line: usize,
    /// Bytes of the whole input.
    pub file: u64,
    /// What is read, in words ("a journal or event file"), for messages.
    pub what: &'static str,
}

/// What a person types at the board: a move, a command, an arbiter's entry.
pub const TYPED: Limits = Limits {
    line: 4 * 1024,
    file: u64::MAX,
    what: "typed input",
};

/// A journal or an event file for `replay` (whose lines are journal lines).
pub const RECORDS: Limits = Limits {
    line: 64 * 1024,
    file: 16 << 20,
    what: "a journal or event file",
};

/// The requests of `interpret --batch`, one JSON object a line.
pub const BATCH: Limits = Limits {
    line: 64 * 1024,
    file: 1 << 30,
    what: "a batch",
};

/// A scoresheet: PGN, a move list, braille, a record (JSON).
pub const SHEETS: Limits = Limits {
    line: 64 * 1024,
    file: 1 << 20,
    what: "a scoresheet",
};

/// A vocabulary (TOML) or a pronunciation list.
pub const VOCABULARY: Limits = Limits {
    line: 64 * 1024,
    file: 1 << 20,
    what: "a vocabulary or pronunciation list",
};

/// Why input was not read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error(
        "line {line} is longer than {}, the limit of a line in {what}; it was not read",
        size_words(*limit as u64)
    )]
    LineTooLong {
        line: usize,
        limit: usize,
        what: &'static str,
    },
    #[error(
        "the input is larger than {}, the limit of {what} (at line {line}); the rest was not read",
        size_words(*limit)
    )]
    TooLarge {
        line: usize,
        limit: u64,
        what: &'static str,
    },
    #[error("line {line} is not valid UTF-8 text")]
    NotUtf8 { line: usize, what: &'static str },
    #[error("line {line} could not be read: {source}")]
    Io {
        line: usize,
        what: &'static str,
        source: io::Error,
    },
}

impl InputError {
    /// The line it is about.
    pub fn line(&self) -> usize {
        match self {
            InputError::LineTooLong { line, .. }
            | InputError::TooLarge { line, .. }
            | InputError::NotUtf8 { line, .. }
            | InputError::Io { line, .. } => *line,
        }
    }

    /// Whether the lines after this one can still be read (a line too long or not UTF-8 is
    /// skipped; a read error or the file limit ends the input).
    pub fn can_go_on(&self) -> bool {
        matches!(
            self,
            InputError::LineTooLong { .. } | InputError::NotUtf8 { .. }
        )
    }
}

/// A size in words: "16 MiB", "4096 bytes".
pub fn size_words(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes.is_multiple_of(1 << 30) {
        format!("{} GiB", bytes >> 30)
    } else if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// The lines of a reader, each at most `limits.line` bytes, all together at most
/// `limits.file` bytes; `\n` or `\r\n` ends a line. Yields `(line number, text)`; a line too
/// long or not UTF-8 is an error for that line, and reading goes on after it; a read error or
/// input beyond the file limit is the last item.
pub struct BoundedLines<R> {
    input: R,
    limits: Limits,
    /// Bytes consumed so far.
    consumed: u64,
    /// The number of the last line begun.
    number: usize,
    /// The rest of a line that was too long is still to be skipped.
    skipping: bool,
    done: bool,
    buf: Vec<u8>,
}

impl<R: BufRead> BoundedLines<R> {
    /// Reads `input` within `limits`.
    pub fn new(input: R, limits: Limits) -> BoundedLines<R> {
        BoundedLines {
            input,
            limits,
            consumed: 0,
            number: 0,
            skipping: false,
            done: false,
            buf: Vec::new(),
        }
    }

    /// Consumes input up to and including the next newline, keeping what fits the line limit
    /// in `buf` (when `keep`). Returns whether a newline or the end was reached and how many
    /// bytes the line has so far, or an error that ends the input.
    fn advance(&mut self, keep: bool) -> Result<Option<bool>, InputError> {
        loop {
            let available = match self.input.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(source) => {
                    return Err(InputError::Io {
                        line: self.number.max(1),
                        what: self.limits.what,
                        source,
                    });
                }
            };
            if available.is_empty() {
                return Ok(Some(false));
            }
            let newline = available.iter().position(|&b| b == b'\n');
            let chunk = &available[..newline.unwrap_or(available.len())];
            if keep {
                let room = (self.limits.line + 1).saturating_sub(self.buf.len());
                self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            }
            let used = newline.map_or(available.len(), |i| i + 1);
            self.input.consume(used);
            self.consumed = self.consumed.saturating_add(used as u64);
            if self.consumed > self.limits.file {
                return Err(InputError::TooLarge {
                    line: self.number.max(1),
                    limit: self.limits.file,
                    what: self.limits.what,
                });
            }
            if newline.is_some() {
                return Ok(Some(true));
            }
            if keep && self.buf.len() > self.limits.line {
                // Said at once: a reader that stops here reads no further (`/dev/zero`).
                return Ok(None);
            }
        }
    }

    fn next_line(&mut self) -> Option<Result<(usize, String), InputError>> {
        if self.done {
            return None;
        }
        if self.skipping {
            match self.advance(false) {
                Ok(_) => self.skipping = false,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        self.buf.clear();
        self.number += 1;
        let line = self.number;
        match self.advance(true) {
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
            Ok(None) => {
                self.skipping = true;
                Some(Err(self.too_long(line)))
            }
            Ok(Some(newline)) => {
                if !newline && self.buf.is_empty() {
                    self.done = true;
                    return None;
                }
                if self.buf.last() == Some(&b'\r') {
                    self.buf.pop();
                }
                if self.buf.len() > self.limits.line {
                    return Some(Err(self.too_long(line)));
                }
                match String::from_utf8(std::mem::take(&mut self.buf)) {
                    Ok(text) => Some(Ok((line, text))),
                    Err(_) => Some(Err(InputError::NotUtf8 {
                        line,
                        what: self.limits.what,
                    })),
                }
            }
        }
    }

    fn too_long(&self, line: usize) -> InputError {
        InputError::LineTooLong {
            line,
            limit: self.limits.line,
            what: self.limits.what,
        }
    }
}

impl<R: BufRead> Iterator for BoundedLines<R> {
    type Item = Result<(usize, String), InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_line()
    }
}

/// Why a whole file was not read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("could not read {name}: {source}")]
    Io { name: String, source: io::Error },
    #[error(
        "{name} is larger than {}, the limit of {what}; it was not read",
        size_words(*limit)
    )]
    TooLarge {
        name: String,
        limit: u64,
        what: &'static str,
    },
    #[error(
        "{name}: line {line} is longer than {}, the limit of a line in {what}; it was not read",
        size_words(*limit as u64)
    )]
    LineTooLong {
        name: String,
        line: usize,
        limit: usize,
        what: &'static str,
    },
}

/// Reads a whole input of at most `limits.file` bytes, every line at most `limits.line`;
/// `name` names it in errors. Never holds more than the limit (plus one byte) in memory.
pub fn read_all(input: impl Read, name: &str, limits: Limits) -> Result<Vec<u8>, FileError> {
    let mut bytes = Vec::new();
    input
        .take(limits.file.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| FileError::Io {
            name: name.to_string(),
            source,
        })?;
    if bytes.len() as u64 > limits.file {
        return Err(FileError::TooLarge {
            name: name.to_string(),
            limit: limits.file,
            what: limits.what,
        });
    }
    if let Some(line) = bytes
        .split(|&b| b == b'\n')
        .position(|l| l.strip_suffix(b"\r").unwrap_or(l).len() > limits.line)
    {
        return Err(FileError::LineTooLong {
            name: name.to_string(),
            line: line + 1,
            limit: limits.line,
            what: limits.what,
        });
    }
    Ok(bytes)
}

/// [`read_all`] of a file.
pub fn read_file(path: &Path, limits: Limits) -> Result<Vec<u8>, FileError> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|source| FileError::Io {
        name: name.clone(),
        source,
    })?;
    read_all(file, &name, limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: Limits = Limits {
        line: 4,
        file: 20,
        what: "the test input",
    };

    fn all(input: &[u8], limits: Limits) -> Vec<Result<(usize, String), String>> {
        BoundedLines::new(input, limits)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn lines_within_the_limit_are_read_with_their_numbers() {
        assert_eq!(
            all(b"ab\r\n\ncd", SMALL),
            vec![
                Ok((1, "ab".into())),
                Ok((2, String::new())),
                Ok((3, "cd".into()))
            ]
        );
    }

    #[test]
    fn a_long_line_is_named_and_skipped_and_the_next_is_read() {
        let got = all(b"abcdefgh\nxy\n", SMALL);
        assert_eq!(
            got,
            vec![
                Err("line 1 is longer than 4 bytes, the limit of a line in the test input; it was not read".into()),
                Ok((2, "xy".into()))
            ]
        );
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_read() {
        assert_eq!(all(b"abcd\n", SMALL), vec![Ok((1, "abcd".into()))]);
    }

    #[test]
    fn input_beyond_the_file_limit_ends_with_an_error() {
        let got = all(b"ab\nab\nab\nab\nab\nab\nab\nab\n", SMALL);
        assert_eq!(got.len(), 7);
        assert_eq!(
            got.last(),
            Some(&Err(
                "the input is larger than 20 bytes, the limit of the test input (at line 7); the rest was not read".into()
            ))
        );
    }

    #[test]
    fn an_endless_line_stops_at_once_and_then_at_the_file_limit() {
        let limits = Limits {
            file: 100_000,
            ..SMALL
        };
        let mut lines = BoundedLines::new(io::BufReader::new(io::repeat(0)), limits);
        assert!(matches!(
            lines.next(),
            Some(Err(InputError::LineTooLong { line: 1, .. }))
        ));
        assert!(matches!(
            lines.next(),
            Some(Err(InputError::TooLarge { line: 1, .. }))
        ));
        assert!(lines.next().is_none());
    }

    #[test]
    fn a_line_that_is_not_utf8_is_named_and_skipped() {
        let got = all(b"\xff\xfe\nok\n", SMALL);
        assert_eq!(
            got,
            vec![
                Err("line 1 is not valid UTF-8 text".into()),
                Ok((2, "ok".into()))
            ]
        );
    }

    #[test]
    fn a_whole_file_is_refused_beyond_its_limits() {
        assert_eq!(read_all(&b"ab\ncd\n"[..], "f", SMALL).unwrap(), b"ab\ncd\n");
        assert_eq!(
            read_all(io::repeat(b'a'), "f", SMALL)
                .unwrap_err()
                .to_string(),
            "f is larger than 20 bytes, the limit of the test input; it was not read"
        );
        assert_eq!(
            read_all(&b"ab\nabcde\n"[..], "f", SMALL)
                .unwrap_err()
                .to_string(),
            "f: line 2 is longer than 4 bytes, the limit of a line in the test input; it was not read"
        );
    }

    #[test]
    fn sizes_in_words() {
        assert_eq!(size_words(1 << 30), "1 GiB");
        assert_eq!(size_words(16 << 20), "16 MiB");
        assert_eq!(size_words(4096), "4 KiB");
        assert_eq!(size_words(20), "20 bytes");
    }
}
