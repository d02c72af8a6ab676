//! Where journals live: the games folder, a new journal's file name, the newest journal, and
//! the UTC time stamp.
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::JournalError;

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
pub(super) fn journal_name_key(name: &str) -> Option<(String, u32)> {
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
