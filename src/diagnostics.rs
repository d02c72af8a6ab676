//! The program's own messages on standard error, each with its level: a word a person reads
//! ("error: ", "warning: ", "info: "), and, when standard error is the systemd journal (a
//! service: `JOURNAL_STREAM` names it), the journal's own level prefix before it (`<3>`,
//! `<4>`, `<6>`, sd-daemon(3)), which journald takes as the line's priority and removes.
//! The game's sentences go to standard output (`cli::printer`), never here.
use std::io::Write;

/// How serious a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Something failed: what was asked was not done.
    Error,
    /// Something is missing or degraded, and the program goes on.
    Warning,
    /// What the program is doing.
    Info,
}

impl Level {
    /// The word before the message.
    pub fn word(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Info => "info",
        }
    }

    /// The syslog priority (sd-daemon(3)): 3 error, 4 warning, 6 info.
    pub fn priority(self) -> u8 {
        match self {
            Level::Error => 3,
            Level::Warning => 4,
            Level::Info => 6,
        }
    }
}

/// The line written for `message`: its level word, and for the journal the priority prefix.
pub fn line(level: Level, message: &str, to_journal: bool) -> String {
    if to_journal {
        format!("<{}>{}: {message}", level.priority(), level.word())
    } else {
        format!("{}: {message}", level.word())
    }
}

/// Whether `journal_stream` (the value of `JOURNAL_STREAM`, "DEVICE:INODE") names the file
/// `device`/`inode`: systemd sets it for a service whose output goes to the journal.
pub fn names_stream(journal_stream: &str, device: u64, inode: u64) -> bool {
    journal_stream
        .split_once(':')
        .and_then(|(d, i)| Some((d.parse::<u64>().ok()?, i.parse::<u64>().ok()?)))
        == Some((device, inode))
}

/// Whether standard error is the systemd journal.
fn stderr_is_journal() -> bool {
    static IS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *IS.get_or_init(|| {
        use std::os::unix::fs::MetadataExt;
        let Some(stream) = std::env::var_os("JOURNAL_STREAM") else {
            return false;
        };
        let Ok(meta) = std::fs::metadata("/proc/self/fd/2") else {
            return false;
        };
        names_stream(&stream.to_string_lossy(), meta.dev(), meta.ino())
    })
}

/// Writes `message` to standard error with its level.
pub fn log(level: Level, message: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{}", line(level, message, stderr_is_journal()));
}

/// An error.
pub fn error(message: &str) {
    log(Level::Error, message);
}

/// A warning.
pub fn warning(message: &str) {
    log(Level::Warning, message);
}

/// Information.
pub fn info(message: &str) {
    log(Level::Info, message);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_carry_their_level() {
        assert_eq!(
            line(Level::Error, "the disk is full", false),
            "error: the disk is full"
        );
        assert_eq!(
            line(Level::Warning, "no logind", true),
            "<4>warning: no logind"
        );
        assert_eq!(line(Level::Info, "ready", true), "<6>info: ready");
    }

    #[test]
    fn the_journal_stream_is_told_by_device_and_inode() {
        assert!(names_stream("8:12345", 8, 12345));
        assert!(!names_stream("8:12345", 8, 12346));
        assert!(!names_stream("nonsense", 8, 12345));
    }
}
