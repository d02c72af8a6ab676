//! The trial load of a model without a record: `rochade models probe DIR` run as a child
//! process, how it ended (exit status or signal), and what its standard error tells (the
//! step it was at, Vosk's last error, the model files Vosk named).
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::suspect::{Suspect, diagnose};
use super::{IntegrityError, dir_name, remedy};

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

/// How much of the child's standard error is kept (Vosk writes about 20 lines).
const PROBE_STDERR_LIMIT: usize = 64 * 1024;

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

#[cfg(test)]
mod tests {
    use super::*;

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
