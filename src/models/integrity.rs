//! A damaged or partial Vosk model must never take the process down: libvosk aborts
//! (SIGABRT) or crashes (SIGSEGV) on some damaged files instead of returning an error, for
//! example on flipped bytes inside `am/final.mdl` (an assertion while decoding) or a truncated
//! `graph/HCLr.fst` (a null graph once a grammar is compiled). So before a model is loaded in
//! the process ([`before_load`], called by [`crate::asr::vosk::VoskModel::load`], so by
//! `play`, `interpret`, `bench` and `models check`):
//!
//! * **A model with a record** ([`RECORD_FILE`], written by `rochade models fetch` after the
//!   archive's SHA-256 from the manifest passed, from the unpacked files) has every recorded
//!   file checked: first all sizes (a missing or truncated file is found without reading
//!   anything), then every file's SHA-256. Hashing is not cached: measured in a release
//!   build on the 2-core test machine (SHA-NI, files in the page cache, other builds
//!   running), the 15 files and 264 MB of the small Korean model took 0.4–0.5 s, against
//!   2.5–3 s for the load itself, whose reads then find the files cached; and a cache by
//!   mtime and size would miss exactly the silent damage (a bad disk, a bad copy) that
//!   checksums are for.
//! * **A model without a record** (unpacked by hand, passed with `--model DIR`, installed by
//!   an older Rochade) is first loaded in a child process, `rochade models probe DIR`
//!   ([`probe`]): it loads the model, decodes a second of noise free-form and compiles and
//!   decodes a one-word grammar, which is what Rochade itself does with a model. Only when the
//!   child passed is the model loaded in the process. When the child failed or died, the
//!   error names the model, how the child ended and at which step, and, where that can be
//!   told, the bad file ([`diagnose`]: a well-known file missing, empty or not starting like
//!   what it must be; else a model file named in Vosk's error; else the file Vosk said it
//!   was loading when the load failed). The trial costs one more load (4 s for the small
//!   Korean model on the busy test machine). When it passes for a model in the models
//!   directory ([`crate::models::models_dir`]), a record is written (source "probe"), so the
//!   next start checks sums instead; other directories (`--model DIR`, the test model) are
//!   never written to, and are tried again at each start.
//! * The trial needs the `rochade` executable ([`set_probe_program`], done by `main`). The
//!   library used from another program, without it, loads an unrecorded model in-process
//!   as before ([`Assurance::Unchecked`]).
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{ModelError, sha256_of};

/// The record of a model's files, in the model's directory.
pub const RECORD_FILE: &str = ".rochade-files.json";

/// What the child process prints on standard output when the model passed the trial.
pub const PROBE_PASSED: &str = "rochade models probe: passed";

/// What the child process prints on standard error before each step, so that the parent
/// can tell at which one it died.
pub const PROBE_STEP: &str = "rochade models probe: step: ";

/// The first step of the trial load.
pub const LOADING: &str = "loading the model";

/// A trial load that takes longer than this is taken as hung (a large model loads in a
/// minute on a slow machine).
const PROBE_TIMEOUT: Duration = Duration::from_secs(600);

/// The largest record read (a model of 10,000 files has a record of about 1.5 MB).
const RECORD_LIMIT: u64 = 16 * 1024 * 1024;

/// How much of the child's standard error is kept (Vosk writes about 20 lines).
const PROBE_STDERR_LIMIT: usize = 64 * 1024;

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

/// How the trial load's child process ended, when it did not pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProbeEnding {
    /// Killed by a signal (SIGABRT from an assertion inside libvosk, SIGSEGV …).
    Signal(i32),
    /// Exited with this code (1: Vosk refused the model with an error).
    Exit(i32),
    /// Exited 0 without saying it passed: not the rochade executable.
    NoAnswer,
    /// Still running after the time limit; it was killed.
    TimedOut,
}

impl std::fmt::Display for ProbeEnding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProbeEnding::Signal(n) => match signal_name(*n) {
                Some(name) => write!(f, "was killed by signal {n} ({name})"),
                None => write!(f, "was killed by signal {n}"),
            },
            ProbeEnding::Exit(code) => write!(f, "failed (exit status {code})"),
            ProbeEnding::NoAnswer => f.write_str("ended without saying whether the model loaded"),
            ProbeEnding::TimedOut => write!(
                f,
                "did not finish in {} seconds and was stopped",
                PROBE_TIMEOUT.as_secs()
            ),
        }
    }
}

fn signal_name(n: i32) -> Option<&'static str> {
    Some(match n {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL, perhaps out of memory",
        _ => return None,
    })
}

/// The file that is probably the bad one (or the few Vosk was reading at once), and why it
/// is thought so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suspect {
    /// Relative to the model's directory.
    pub files: Vec<String>,
    pub why: String,
}

impl Suspect {
    fn one(file: &str, why: &str) -> Suspect {
        Suspect {
            files: vec![file.to_string()],
            why: why.to_string(),
        }
    }
}

impl std::fmt::Display for Suspect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.files.as_slice() {
            [file] => write!(f, "the file {file} is bad: {}", self.why),
            files => write!(
                f,
                "one of the files {} is bad: {}",
                files.join(" and "),
                self.why
            ),
        }
    }
}

/// Why a model was not loaded: the model and, where it can be told, the file.
#[derive(Debug, thiserror::Error)]
pub enum IntegrityError {
    #[error("the model file {file} of {} is damaged ({problem}): {remedy}", dir.display())]
    Damaged {
        dir: PathBuf,
        file: String,
        problem: FileProblem,
        remedy: String,
    },
    #[error("the record of the model's files {} cannot be used ({reason}): {remedy}", path.display())]
    BadRecord {
        path: PathBuf,
        reason: String,
        remedy: String,
    },
    /// Boxed: the errors of loading a model stay small.
    #[error("{0}")]
    ProbeFailed(Box<ProbeFailure>),
    #[error("the trial load of the Vosk model at {} could not be started ({}): {source}", dir.display(), program.display())]
    ProbeNotStarted {
        dir: PathBuf,
        program: PathBuf,
        source: std::io::Error,
    },
}

/// How the trial load of a model without a record failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeFailure {
    pub dir: PathBuf,
    pub ending: ProbeEnding,
    /// The step the child was at ("loading the model", "decoding a test sound" …).
    pub step: Option<String>,
    pub suspect: Option<Suspect>,
    /// Vosk's last error line.
    pub vosk_said: Option<String>,
    pub remedy: String,
}

impl std::fmt::Display for ProbeFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the Vosk model at {} cannot be used: a trial load in a separate process {}",
            self.dir.display(),
            self.ending
        )?;
        if let Some(step) = &self.step {
            write!(f, " while {step}")?;
        }
        if let Some(suspect) = &self.suspect {
            write!(f, "; {suspect}")?;
        }
        if let Some(said) = &self.vosk_said {
            write!(f, " (Vosk said: {said})")?;
        }
        write!(f, ". {}", self.remedy)
    }
}

impl IntegrityError {
    /// The file named as bad, relative to the model's directory, if any.
    pub fn file(&self) -> Option<&str> {
        match self {
            IntegrityError::Damaged { file, .. } => Some(file),
            IntegrityError::ProbeFailed(failure) => {
                match failure.suspect.as_ref()?.files.as_slice() {
                    [file] => Some(file),
                    _ => None,
                }
            }
            IntegrityError::BadRecord { .. } | IntegrityError::ProbeNotStarted { .. } => None,
        }
    }
}

/// What was established about a model before it was loaded.
#[derive(Debug, Clone, PartialEq)]
pub enum Assurance {
    /// Every recorded file has its recorded size and SHA-256.
    Recorded {
        source: RecordSource,
        files: usize,
        bytes: u64,
        took: Duration,
    },
    /// No record: the trial load in a child process passed. `recorded`: a record was written
    /// (a model in the models directory).
    Probed { took: Duration, recorded: bool },
    /// No record, and no executable to try it with: loaded as it is.
    Unchecked,
}

impl Assurance {
    /// One sentence for `rochade models check`.
    pub fn sentence(&self) -> String {
        match self {
            Assurance::Recorded {
                source,
                files,
                bytes,
                took,
            } => format!(
                "Its {files} files ({:.1} megabytes) match the record made when it was {} ({:.1} seconds).",
                *bytes as f64 / 1_000_000.0,
                match source {
                    RecordSource::Fetch => "fetched",
                    RecordSource::Probe => "first tried",
                },
                took.as_secs_f64()
            ),
            Assurance::Probed { took, recorded } => format!(
                "It has no record of its files; a trial load in a separate process passed ({:.1} seconds){}.",
                took.as_secs_f64(),
                if *recorded {
                    ", and a record was written"
                } else {
                    ""
                }
            ),
            Assurance::Unchecked => "It has no record of its files and was not tried first.".into(),
        }
    }
}

static PROBE_PROGRAM: OnceLock<PathBuf> = OnceLock::new();

/// Names the `rochade` executable that [`probe`] runs as `PROGRAM models probe DIR`. Set
/// once, by `main` (later calls are ignored).
pub fn set_probe_program(program: PathBuf) {
    let _ = PROBE_PROGRAM.set(program);
}

/// The executable set by [`set_probe_program`].
pub fn probe_program() -> Option<&'static Path> {
    PROBE_PROGRAM.get().map(PathBuf::as_path)
}

/// The name of the model in `dir` (its directory's name).
fn dir_name(dir: &Path) -> String {
    dir.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| dir.display().to_string())
}

/// Whether `dir` is directly inside the models directory, where `rochade models fetch` puts
/// models.
fn in_models_dir(dir: &Path) -> bool {
    let (Some(parent), Ok(models)) = (
        dir.canonicalize()
            .ok()
            .and_then(|d| d.parent().map(Path::to_path_buf)),
        super::models_dir().canonicalize(),
    ) else {
        return false;
    };
    parent == models
}

/// What to do about a damaged model named `name` in `dir`; `fetched`: it was installed by
/// `rochade models fetch` under that name (with whatever manifest).
fn remedy(dir: &Path, name: &str, fetched: bool) -> String {
    let known = fetched || super::Manifest::builtin().find(name).is_some();
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty());
    match parent {
        Some(_) if known && in_models_dir(dir) => {
            format!("run `rochade models fetch {name}` again")
        }
        Some(parent) if known => format!(
            "run `rochade models fetch {name} --dir {}` again",
            parent.display()
        ),
        _ => "replace the model with a complete copy, or fetch one with `rochade models fetch`"
            .into(),
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
            let entries = std::fs::read_dir(&path).map_err(super::io(&path))?;
            for entry in entries {
                let entry = entry.map_err(super::io(&path))?;
                let name = entry.file_name().to_string_lossy().into_owned();
                let full = entry.path();
                let relative = format!("{prefix}{name}");
                let kind = entry.file_type().map_err(super::io(&full))?;
                if kind.is_dir() {
                    stack.push((full, format!("{relative}/")));
                    continue;
                }
                if prefix.is_empty() && !recordable(&name) {
                    continue;
                }
                let meta = std::fs::metadata(&full).map_err(super::io(&full))?;
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

/// What must be established before the model in `dir` is loaded in this process: its record
/// checked, or, without one, a trial load in a child process passed (see the module doc).
pub fn before_load(dir: &Path) -> Result<Assurance, IntegrityError> {
    if let Some(record) = Record::read(dir)? {
        return verify(dir, &record);
    }
    let Some(program) = probe_program() else {
        return Ok(Assurance::Unchecked);
    };
    let took = probe(dir, program)?;
    // Only models in the models directory are written to: `--model DIR` may be read-only
    // or shared, and is tried again at each start instead.
    let recorded = in_models_dir(dir)
        && Record::of_dir(dir, &dir_name(dir), RecordSource::Probe, None)
            .and_then(|r| r.write(dir))
            .is_ok();
    Ok(Assurance::Probed { took, recorded })
}

/// Loads the model in `dir` in a child process (`PROGRAM models probe DIR`), which loads it,
/// decodes a test sound and compiles a grammar. `Ok` with the time it took when the child
/// said it passed; otherwise the error names the model, how the child ended, the step, and
/// the bad file where that can be told.
pub fn probe(dir: &Path, program: &Path) -> Result<Duration, IntegrityError> {
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(["models", "probe"])
        .arg(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|source| IntegrityError::ProbeNotStarted {
            dir: dir.to_path_buf(),
            program: program.to_path_buf(),
            source,
        })?;
    let stdout = child.stdout.take().map(|s| read_tail(s, 4096));
    let stderr = child
        .stderr
        .take()
        .map(|s| read_tail(s, PROBE_STDERR_LIMIT));
    let status = wait_for(&mut child, PROBE_TIMEOUT);
    let stdout = stdout.and_then(|h| h.join().ok()).unwrap_or_default();
    let stderr = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
    let ending = match status {
        Some(status) if status.success() && stdout.contains(PROBE_PASSED) => {
            return Ok(started.elapsed());
        }
        Some(status) => ending_of(status),
        None => ProbeEnding::TimedOut,
    };
    let dir_text = dir.to_string_lossy();
    let suspect = diagnose(dir)
        .or_else(|| named_in_errors(&stderr, &dir_text))
        .or_else(|| being_loaded(&stderr, &dir_text));
    Err(IntegrityError::ProbeFailed(Box::new(ProbeFailure {
        dir: dir.to_path_buf(),
        ending,
        step: last_step(&stderr),
        suspect,
        vosk_said: vosk_error(&stderr),
        remedy: capitalized(&remedy(dir, &dir_name(dir), false)),
    })))
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn ending_of(status: ExitStatus) -> ProbeEnding {
    use std::os::unix::process::ExitStatusExt;
    match (status.signal(), status.code()) {
        (Some(signal), _) => ProbeEnding::Signal(signal),
        (None, Some(0)) => ProbeEnding::NoAnswer,
        (None, Some(code)) => ProbeEnding::Exit(code),
        (None, None) => ProbeEnding::NoAnswer,
    }
}

/// Reads a pipe to its end on a thread, keeping the last `limit` bytes.
fn read_tail(
    mut pipe: impl Read + Send + 'static,
    limit: usize,
) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut kept: Vec<u8> = Vec::new();
        let mut buffer = [0u8; 8192];
        while let Ok(n) = pipe.read(&mut buffer) {
            if n == 0 {
                break;
            }
            kept.extend_from_slice(&buffer[..n]);
            if kept.len() > 2 * limit {
                kept.drain(..kept.len() - limit);
            }
        }
        if kept.len() > limit {
            kept.drain(..kept.len() - limit);
        }
        String::from_utf8_lossy(&kept).into_owned()
    })
}

/// Waits for the child; after `limit` it is killed and `None` comes back.
fn wait_for(child: &mut std::process::Child, limit: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if started.elapsed() < limit => {
                std::thread::sleep(Duration::from_millis(20));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// The last step the child announced.
fn last_step(stderr: &str) -> Option<String> {
    stderr
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix(PROBE_STEP))
        .map(|s| s.trim().to_string())
}

/// Vosk's (Kaldi's, OpenFST's) last error or failed assertion line.
fn vosk_error(stderr: &str) -> Option<String> {
    stderr
        .lines()
        .map(str::trim)
        .rfind(|l| is_error(l))
        .map(|l| {
            // a garbage file's bytes can come back in the message
            let clean: String = l.chars().filter(|c| !c.is_control()).take(300).collect();
            clean.replace('\u{fffd}', "?")
        })
}

fn is_error(line: &str) -> bool {
    line.starts_with("ERROR") || line.starts_with("ASSERTION_FAILED")
}

/// The model files a line names, relative to the model's directory `dir` (as the child was
/// given it).
fn files_in(line: &str, dir: &str) -> Vec<String> {
    let prefix = format!("{}/", dir.trim_end_matches('/'));
    line.match_indices(&prefix)
        .filter_map(|(at, _)| {
            let rest = &line[at + prefix.len()..];
            let file: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace() && !matches!(c, '"' | '\'' | ',' | ')'))
                .collect();
            let file = file.trim_end_matches(['.', ':']).to_string();
            (!file.is_empty()).then_some(file)
        })
        .collect()
}

/// A model file named in an error line: OpenFST and Kaldi name the file they failed to read
/// ("ConstFst::Read: Read failed: DIR/graph/HCLr.fst").
fn named_in_errors(stderr: &str, dir: &str) -> Option<Suspect> {
    stderr
        .lines()
        .filter(|l| is_error(l))
        .filter_map(|line| files_in(line, dir).pop())
        .next_back()
        .map(|file| Suspect::one(&file, "Vosk failed to read it"))
}

/// The files Vosk said it was loading ("Loading i-vector extractor from DIR/ivector/final.ie")
/// when loading the model failed or the child died: the last such line of the loading step,
/// before the first error. Kaldi's own read errors name no file.
fn being_loaded(stderr: &str, dir: &str) -> Option<Suspect> {
    let mut loading = false;
    let mut last: Option<Vec<String>> = None;
    for line in stderr.lines() {
        if let Some(step) = line.strip_prefix(PROBE_STEP) {
            loading = step.trim() == LOADING;
            last = None;
        } else if is_error(line) {
            break;
        } else if loading && line.starts_with("LOG") {
            let files = files_in(line, dir);
            if !files.is_empty() {
                last = Some(files);
            }
        }
    }
    // after the loading step, a file named there was read whole
    if !loading {
        return None;
    }
    last.map(|files| Suspect {
        why: if files.len() == 1 {
            "Vosk was loading it when it failed".into()
        } else {
            "Vosk was loading them when it failed".into()
        },
        files,
    })
}

/// How a well-known file of a Vosk model must begin, if it is to be checked.
enum Shape {
    /// A Kaldi object, binary ("\0B<Token>") or text ("<Token>").
    Kaldi(&'static str),
    /// An OpenFST file (its magic number, little-endian).
    Fst,
    /// Text of any kind; only its presence and size are checked.
    Text,
}

/// The files a Vosk model needs, by what Vosk reads: the acoustic model, the feature
/// configuration, a graph (HCLG.fst, or HCLr.fst with Gr.fst for grammars at run time),
/// and the i-vector extractor's files when it has one (Vosk uses it if ivector/final.ie
/// exists).
fn well_known(dir: &Path) -> Vec<(&'static str, Shape)> {
    let mut files = vec![
        ("am/final.mdl", Shape::Kaldi("<TransitionModel>")),
        ("conf/mfcc.conf", Shape::Text),
    ];
    if dir.join("graph/HCLG.fst").exists() {
        files.push(("graph/HCLG.fst", Shape::Fst));
    } else {
        files.push(("graph/HCLr.fst", Shape::Fst));
        files.push(("graph/Gr.fst", Shape::Fst));
    }
    let ivector_conf = std::fs::read_to_string(dir.join("conf/ivector.conf")).unwrap_or_default();
    if dir.join("ivector").is_dir() || !ivector_conf.is_empty() {
        files.extend([
            ("ivector/final.ie", Shape::Kaldi("<IvectorExtractor>")),
            ("ivector/final.dubm", Shape::Kaldi("<DiagGMM>")),
            ("ivector/final.mat", Shape::Text),
            ("ivector/global_cmvn.stats", Shape::Text),
            ("ivector/splice.conf", Shape::Text),
        ]);
    }
    files
}

/// Looks at the well-known files of a model that failed its trial: the first one missing,
/// empty, or not starting as it must is the suspect.
pub fn diagnose(dir: &Path) -> Option<Suspect> {
    let suspect = |file: &str, why: &str| Some(Suspect::one(file, why));
    for (file, shape) in well_known(dir) {
        let path = dir.join(file);
        let Ok(meta) = std::fs::metadata(&path) else {
            return suspect(file, "it is missing");
        };
        if meta.len() == 0 {
            return suspect(file, "it is empty");
        }
        let mut head = [0u8; 64];
        let n = std::fs::File::open(&path)
            .and_then(|mut f| f.read(&mut head))
            .unwrap_or(0);
        let head = &head[..n];
        let fits = match shape {
            Shape::Text => true,
            Shape::Fst => head.starts_with(&0x7eb2_fdd6_u32.to_le_bytes()),
            Shape::Kaldi(token) => {
                let body = head.strip_prefix(b"\0B").unwrap_or(head);
                let body = body.trim_ascii_start();
                body.starts_with(token.as_bytes())
            }
        };
        if !fits {
            return suspect(
                file,
                match shape {
                    Shape::Fst => "it does not start like an OpenFST graph",
                    _ => "it does not start like a Kaldi model file",
                },
            );
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model_like(dir: &Path) {
        for sub in ["am", "conf", "graph"] {
            std::fs::create_dir_all(dir.join(sub)).expect("mkdir");
        }
        let mut mdl = b"\0B<TransitionModel> ".to_vec();
        mdl.extend((0..5000u32).map(|i| (i * 7 % 251) as u8));
        std::fs::write(dir.join("am/final.mdl"), mdl).expect("write");
        std::fs::write(dir.join("conf/mfcc.conf"), "--use-energy=false\n").expect("write");
        let mut fst = 0x7eb2_fdd6_u32.to_le_bytes().to_vec();
        fst.extend([1u8; 300]);
        std::fs::write(dir.join("graph/HCLG.fst"), fst).expect("write");
    }

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

    #[test]
    fn the_diagnosis_names_empty_missing_and_misshapen_files() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("m");
        model_like(&dir);
        assert_eq!(diagnose(&dir), None);
        std::fs::write(dir.join("am/final.mdl"), b"garbage, not a model").expect("write");
        let s = diagnose(&dir).expect("suspect");
        assert_eq!(s.files, ["am/final.mdl"]);
        assert!(s.why.contains("Kaldi"), "{s:?}");
        model_like(&dir);
        std::fs::write(dir.join("conf/mfcc.conf"), b"").expect("write");
        assert_eq!(diagnose(&dir).expect("suspect").why, "it is empty");
        model_like(&dir);
        std::fs::write(dir.join("graph/HCLG.fst"), b"0123456789").expect("write");
        assert_eq!(diagnose(&dir).expect("suspect").files, ["graph/HCLG.fst"]);
        std::fs::remove_file(dir.join("graph/HCLG.fst")).expect("remove");
        assert_eq!(diagnose(&dir).expect("suspect").files, ["graph/HCLr.fst"]);
    }

    #[test]
    fn the_childs_words_give_the_step_the_file_and_vosks_error() {
        // as libvosk 0.3.45 and the probe child write them for a truncated graph/HCLr.fst
        let stderr = format!(
            "{PROBE_STEP}loading the model\n\
             LOG (VoskAPI:ReadDataFiles():model.cc:282) Loading HCL and G from /m/ko/graph/HCLr.fst /m/ko/graph/Gr.fst\n\
             ERROR: Failed to read 41405560 bytes at offset 145from \"/m/ko/graph/HCLr.fst\"\n\
             ERROR: ConstFst::Read: Read failed: /m/ko/graph/HCLr.fst\n\
             {PROBE_STEP}compiling a grammar\n\
             WARNING (VoskAPI:Recognizer():recognizer.cc:59) Runtime graphs are not supported by this model\n"
        );
        assert_eq!(last_step(&stderr).as_deref(), Some("compiling a grammar"));
        assert_eq!(
            named_in_errors(&stderr, "/m/ko/").map(|s| s.files),
            Some(vec!["graph/HCLr.fst".to_string()])
        );
        // the error came while the graph was being loaded: both files it named are suspects,
        // but the one in the error line comes first
        assert_eq!(
            being_loaded(&stderr, "/m/ko").map(|s| s.files.len()),
            Some(2)
        );
        assert_eq!(
            vosk_error(&stderr).as_deref(),
            Some("ERROR: ConstFst::Read: Read failed: /m/ko/graph/HCLr.fst")
        );
        assert_eq!(named_in_errors("LOG only\n", "/m/ko"), None);
    }

    #[test]
    fn the_file_vosk_was_loading_when_it_failed_is_the_suspect() {
        // libvosk 0.3.45 on a truncated ivector/final.ie, and on a truncated graph/Gr.fst
        let ivector = format!(
            "{PROBE_STEP}{LOADING}\n\
             LOG (VoskAPI:ReadDataFiles():model.cc:216) Silence phones 1:2:3:4:5:6:7:8:9:10\n\
             LOG (VoskAPI:ReadDataFiles():model.cc:248) Loading i-vector extractor from /m/ko/ivector/final.ie\n\
             ERROR (VoskAPI:Read():kaldi-matrix.cc:1620) Failed to read matrix from stream.   File position at start is 4159, currently -1\n"
        );
        let s = being_loaded(&ivector, "/m/ko").expect("suspect");
        assert_eq!(s.files, ["ivector/final.ie"]);
        assert_eq!(
            s.to_string(),
            "the file ivector/final.ie is bad: Vosk was loading it when it failed"
        );
        let graph = format!(
            "{PROBE_STEP}{LOADING}\n\
             LOG (VoskAPI:ReadDataFiles():model.cc:282) Loading HCL and G from /m/ko/graph/HCLr.fst /m/ko/graph/Gr.fst\n\
             ERROR: SymbolTable::Read: Read failed\n"
        );
        assert_eq!(
            being_loaded(&graph, "/m/ko")
                .map(|s| s.to_string())
                .as_deref(),
            Some(
                "one of the files graph/HCLr.fst and graph/Gr.fst is bad: Vosk was loading them when it failed"
            )
        );
        // nothing named before the error (Kaldi reading am/final.mdl): no guess
        let mdl = format!(
            "{PROBE_STEP}{LOADING}\n\
             LOG (VoskAPI:ReadDataFiles():model.cc:216) Silence phones 1:2:3:4:5:6:7:8:9:10\n\
             ERROR (VoskAPI:ReadIntegerVector():base/io-funcs-inl.h:284) ReadIntegerVector: read failure at file position -1\n"
        );
        assert_eq!(being_loaded(&mdl, "/m/ko"), None);
    }

    #[test]
    fn endings_are_said_plainly() {
        assert_eq!(
            ProbeEnding::Signal(6).to_string(),
            "was killed by signal 6 (SIGABRT)"
        );
        assert_eq!(ProbeEnding::Exit(1).to_string(), "failed (exit status 1)");
        let err = IntegrityError::ProbeFailed(Box::new(ProbeFailure {
            dir: PathBuf::from("/m/ko"),
            ending: ProbeEnding::Signal(11),
            step: Some("compiling a grammar".into()),
            suspect: Some(Suspect::one("graph/HCLr.fst", "Vosk failed to read it")),
            vosk_said: None,
            remedy: "Replace it".into(),
        }));
        assert_eq!(err.file(), Some("graph/HCLr.fst"));
        assert_eq!(
            err.to_string(),
            "the Vosk model at /m/ko cannot be used: a trial load in a separate process was killed by signal 11 (SIGSEGV) while compiling a grammar; the file graph/HCLr.fst is bad: Vosk failed to read it. Replace it"
        );
    }
}
