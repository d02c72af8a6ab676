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
use std::path::{Path, PathBuf};
use std::time::Duration;

mod record;
mod suspect;
mod trial;
pub use record::{FileProblem, FileRecord, RECORD_FILE, Record, RecordSource, verify};
pub use suspect::{Suspect, diagnose};
pub use trial::{
    LOADING, PROBE_PASSED, PROBE_STEP, ProbeEnding, ProbeFailure, probe, probe_program,
    set_probe_program,
};

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

#[cfg(test)]
mod tests {
    use super::*;

    /// A small model's well-known files, each beginning as it must: the record's tests and
    /// the diagnosis's both start from it.
    pub(super) fn model_like(dir: &Path) {
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
}
