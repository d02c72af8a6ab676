//! `models fetch` against a loopback HTTP server (std only, with `Range` support) serving
//! real zip archives: resume after an interrupted download, checksum refusal, unverified
//! models, unsafe archives, the record of the unpacked files and a damaged install fetched
//! anew, the command line, and the real Korean Vosk model end to end (a flipped byte in its
//! graph named before Vosk sees it).
mod voice_support;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};

use rochade::asr::AsrError;
use rochade::models::integrity::{self, FileProblem, Record, RecordSource};
use rochade::models::{self, FetchOptions, IntegrityError, Manifest, ModelEntry, ModelError};

/// What the server did: the `Range` header of each request (None: no header).
type Log = Arc<Mutex<Vec<Option<String>>>>;

/// Serves `body` at any path. The first `cut_first` requests get only half of what they
/// ask for, then the connection is closed (a dropped download).
fn serve(body: Vec<u8>, cut_first: usize) -> (String, Log) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    let log: Log = Arc::new(Mutex::new(Vec::new()));
    let served = log.clone();
    let body = Arc::new(body);
    std::thread::spawn(move || {
        for (i, stream) in listener.incoming().enumerate() {
            let Ok(stream) = stream else { continue };
            let body = body.clone();
            let log = served.clone();
            std::thread::spawn(move || handle(stream, &body, &log, i < cut_first));
        }
    });
    (address, log)
}

fn handle(mut stream: TcpStream, body: &[u8], log: &Log, cut: bool) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut range: Option<String> = None;
    let mut path = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if line.starts_with("GET ") {
            path = line.split_whitespace().nth(1).unwrap_or("").to_string();
        }
        if let Some(value) = line.to_ascii_lowercase().strip_prefix("range:") {
            range = Some(value.trim().to_string());
        }
    }
    log.lock().expect("log").push(range.clone());
    if path.contains("missing") {
        let _ = stream
            .write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        return;
    }
    let start = range
        .as_deref()
        .and_then(|r| r.strip_prefix("bytes="))
        .and_then(|r| r.trim_end_matches('-').parse::<usize>().ok())
        .unwrap_or(0);
    let (status, part) = if start >= body.len() && start > 0 {
        let _ = stream.write_all(
            format!("HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */{}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", body.len())
                .as_bytes(),
        );
        return;
    } else if range.is_some() {
        ("206 Partial Content", &body[start..])
    } else {
        ("200 OK", body)
    };
    let mut head = format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nContent-Type: application/zip\r\nConnection: close\r\n",
        part.len()
    );
    if range.is_some() {
        head.push_str(&format!(
            "Content-Range: bytes {start}-{}/{}\r\n",
            body.len() - 1,
            body.len()
        ));
    }
    head.push_str("\r\n");
    let _ = stream.write_all(head.as_bytes());
    let send = if cut { &part[..part.len() / 2] } else { part };
    for chunk in send.chunks(64 * 1024) {
        if stream.write_all(chunk).is_err() {
            return;
        }
    }
    let _ = stream.flush();
}

/// A zip of a small model-shaped directory, deflated, with some incompressible bytes.
fn small_model_zip(top: &str) -> (Vec<u8>, Vec<u8>) {
    let mut mdl = Vec::new();
    let mut state = 12345u64;
    for _ in 0..300_000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        mdl.push((state >> 56) as u8);
    }
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    zip.add_directory(format!("{top}/"), options).expect("dir");
    for (name, data) in [
        (format!("{top}/am/final.mdl"), mdl.clone()),
        (
            format!("{top}/conf/model.conf"),
            b"--sample-frequency=16000\n".to_vec(),
        ),
        (format!("{top}/README"), b"a test model\n".to_vec()),
    ] {
        zip.start_file(name, options).expect("file");
        zip.write_all(&data).expect("write");
    }
    (zip.finish().expect("finish").into_inner(), mdl)
}

fn sha256(data: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn entry(address: &str, name: &str, size: Option<u64>, sum: Option<String>) -> ModelEntry {
    ModelEntry {
        name: name.into(),
        lang: "de".into(),
        url: format!("{address}/{name}.zip"),
        size,
        sha256: sum,
    }
}

fn fetch(
    entry: &ModelEntry,
    dir: &Path,
    allow_unverified: bool,
) -> Result<models::Fetched, ModelError> {
    let mut progress = |_p: models::Progress| {};
    models::fetch(
        entry,
        FetchOptions {
            dir: dir.to_path_buf(),
            allow_unverified,
            progress: &mut progress,
            retries: 0,
        },
    )
}

#[test]
fn an_interrupted_download_resumes_where_it_stopped() {
    let (archive, mdl) = small_model_zip("tiny-model");
    let (address, log) = serve(archive.clone(), 1);
    let dir = tempfile::tempdir().expect("tempdir");
    let e = entry(
        &address,
        "tiny-model",
        Some(archive.len() as u64),
        Some(sha256(&archive)),
    );

    let first = fetch(&e, dir.path(), false);
    let have = match first {
        Err(ModelError::Download { have, .. }) => have,
        other => panic!("the cut connection must fail the first try: {other:?}"),
    };
    assert_eq!(have, archive.len() as u64 / 2);
    let part = dir.path().join("tiny-model.download");
    assert_eq!(std::fs::metadata(&part).expect("kept").len(), have);

    let second = fetch(&e, dir.path(), false).expect("the second try completes");
    assert_eq!(second.resumed_from, have);
    assert_eq!(second.sha256, sha256(&archive));
    assert_eq!(
        *log.lock().expect("log"),
        vec![None, Some(format!("bytes={have}-"))],
        "the second request asks only for the rest"
    );
    let model = dir.path().join("tiny-model");
    assert_eq!(
        std::fs::read(model.join("am/final.mdl")).expect("unpacked"),
        mdl
    );
    assert!(model.join("conf/model.conf").is_file());
    assert!(!part.exists(), "the archive is removed once unpacked");
    let record = Record::read(&model).expect("readable").expect("recorded");
    assert_eq!(record.model, "tiny-model");
    assert_eq!(record.source, RecordSource::Fetch);
    assert_eq!(record.archive_sha256, Some(sha256(&archive)));
    let listed: Vec<(&str, u64)> = record
        .files
        .iter()
        .map(|f| (f.path.as_str(), f.size))
        .collect();
    assert_eq!(
        listed,
        [
            ("README", 13),
            ("am/final.mdl", mdl.len() as u64),
            ("conf/model.conf", 25)
        ]
    );
    assert_eq!(record.files[1].sha256, sha256(&mdl));

    // a third fetch finds it installed and asks the server nothing
    let third = fetch(&e, dir.path(), false).expect("installed");
    assert!(third.already_installed);
    assert_eq!(log.lock().expect("log").len(), 2);
}

#[test]
fn a_damaged_or_unrecorded_install_is_fetched_anew() {
    let (archive, mdl) = small_model_zip("fragile");
    let (address, log) = serve(archive.clone(), 0);
    let dir = tempfile::tempdir().expect("tempdir");
    let e = entry(
        &address,
        "fragile",
        Some(archive.len() as u64),
        Some(sha256(&archive)),
    );
    fetch(&e, dir.path(), false).expect("fetched");
    let model = dir.path().join("fragile");
    let file = model.join("am/final.mdl");
    std::fs::write(&file, &mdl[..1000]).expect("truncate");
    let record = Record::read(&model).expect("readable").expect("recorded");
    match integrity::verify(&model, &record) {
        Err(IntegrityError::Damaged { file, problem, .. }) => {
            assert_eq!(file, "am/final.mdl");
            assert_eq!(
                problem,
                FileProblem::Size {
                    expected: mdl.len() as u64,
                    found: 1000
                }
            );
        }
        other => panic!("the truncated file must be named: {other:?}"),
    }

    let again = fetch(&e, dir.path(), false).expect("fetched anew");
    assert!(!again.already_installed);
    let why = again.replaced.expect("says why it replaced the install");
    assert!(
        why.contains("am/final.mdl") && why.contains("found 1000"),
        "{why}"
    );
    assert_eq!(std::fs::read(&file).expect("whole again"), mdl);
    assert_eq!(log.lock().expect("log").len(), 2);

    // an install without a record (an older Rochade's) cannot be vouched for either
    std::fs::remove_file(model.join(integrity::RECORD_FILE)).expect("remove");
    let third = fetch(&e, dir.path(), false).expect("fetched anew");
    assert!(third.replaced.is_some_and(|w| w.contains("no record")));
    assert!(model.join(integrity::RECORD_FILE).is_file());
}

#[test]
fn retries_within_one_call_also_resume() {
    let (archive, _) = small_model_zip("m");
    let (address, log) = serve(archive.clone(), 2);
    let dir = tempfile::tempdir().expect("tempdir");
    let e = entry(
        &address,
        "m",
        Some(archive.len() as u64),
        Some(sha256(&archive)),
    );
    let mut progress = |_p: models::Progress| {};
    models::fetch(
        &e,
        FetchOptions {
            dir: dir.path().to_path_buf(),
            allow_unverified: false,
            progress: &mut progress,
            retries: 3,
        },
    )
    .expect("completes after two cuts");
    let ranges = log.lock().expect("log").clone();
    assert_eq!(ranges.len(), 3);
    assert!(ranges[1].is_some() && ranges[2].is_some(), "{ranges:?}");
}

#[test]
fn a_wrong_checksum_is_refused_and_nothing_is_installed() {
    let (archive, _) = small_model_zip("bad");
    let (address, _log) = serve(archive.clone(), 0);
    let dir = tempfile::tempdir().expect("tempdir");
    let wrong = "0".repeat(64);
    let e = entry(&address, "bad", None, Some(wrong.clone()));
    match fetch(&e, dir.path(), true) {
        Err(ModelError::ChecksumMismatch {
            expected, actual, ..
        }) => {
            assert_eq!(expected, wrong);
            assert_eq!(actual, sha256(&archive));
        }
        other => panic!("a mismatch must be refused: {other:?}"),
    }
    assert!(!dir.path().join("bad").exists());
    assert!(
        !dir.path().join("bad.download").exists(),
        "a bad download is not kept for resuming"
    );
}

#[test]
fn an_unknown_checksum_needs_explicit_consent() {
    let (archive, _) = small_model_zip("unsure");
    let (address, _log) = serve(archive.clone(), 0);
    let dir = tempfile::tempdir().expect("tempdir");
    let e = entry(&address, "unsure", None, None);
    match fetch(&e, dir.path(), false) {
        Err(ModelError::Unverified { actual, .. }) => assert_eq!(actual, sha256(&archive)),
        other => panic!("must refuse without a checksum: {other:?}"),
    }
    assert!(!dir.path().join("unsure").exists());
    let done = fetch(&e, dir.path(), true).expect("with consent");
    assert!(done.path.join("am/final.mdl").is_file());
}

#[test]
fn an_archive_with_paths_outside_the_directory_is_refused() {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    zip.start_file("../escaped.txt", options).expect("file");
    zip.write_all(b"no").expect("write");
    let archive = zip.finish().expect("finish").into_inner();
    let (address, _log) = serve(archive.clone(), 0);
    let dir = tempfile::tempdir().expect("tempdir");
    let inner = dir.path().join("models");
    let e = entry(&address, "evil", None, Some(sha256(&archive)));
    assert!(matches!(
        fetch(&e, &inner, false),
        Err(ModelError::Unpack(..))
    ));
    assert!(!dir.path().join("escaped.txt").exists());
}

fn rochade() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rochade"))
}

#[test]
fn the_command_line_fetches_with_progress_and_reports_failures() {
    let (archive, _) = small_model_zip("cli-model");
    let (address, _log) = serve(archive.clone(), 0);
    let dir = tempfile::tempdir().expect("tempdir");
    let manifest = dir.path().join("manifest.toml");
    std::fs::write(
        &manifest,
        format!(
            "[[model]]\nname = \"cli-model\"\nlang = \"de\"\nurl = \"{address}/cli-model.zip\"\nsize = {}\nsha256 = \"{}\"\n\n[[model]]\nname = \"gone\"\nlang = \"de\"\nurl = \"{address}/missing.zip\"\nsha256 = \"unknown\"\n",
            archive.len(),
            sha256(&archive)
        ),
    )
    .expect("manifest");
    assert!(
        Manifest::load(&manifest)
            .expect("valid")
            .find("cli-model")
            .is_some()
    );
    let models_dir = dir.path().join("installed");
    let out = rochade()
        .args(["models", "fetch", "cli-model", "--manifest"])
        .arg(&manifest)
        .arg("--dir")
        .arg(&models_dir)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("100 percent"), "{stderr}");
    assert!(stdout.contains("Installed cli-model"), "{stdout}");
    assert!(models_dir.join("cli-model/am/final.mdl").is_file());

    let list = rochade()
        .args(["models", "list", "--manifest"])
        .arg(&manifest)
        .arg("--dir")
        .arg(&models_dir)
        .output()
        .expect("runs");
    let listed = String::from_utf8_lossy(&list.stdout);
    assert!(
        listed.contains("cli-model: language de") && listed.contains("installed."),
        "{listed}"
    );
    assert!(
        listed.contains("gone: language de, size unknown, checksum unknown, not installed."),
        "{listed}"
    );

    let failed = rochade()
        .args(["models", "fetch", "gone", "--manifest"])
        .arg(&manifest)
        .arg("--dir")
        .arg(&models_dir)
        .output()
        .expect("runs");
    assert!(!failed.status.success());
    let message = String::from_utf8_lossy(&failed.stderr);
    assert!(message.contains("404"), "{message}");

    let unknown = rochade()
        .args(["models", "fetch", "nope"])
        .output()
        .expect("runs");
    let message = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        message.contains("vosk-model-small-de-0.15"),
        "lists the known models: {message}"
    );
}

/// Zips a directory tree without compression (the model files are already dense).
fn zip_dir(root: &Path, top: &str) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .large_file(true);
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .expect("read_dir")
            .filter_map(Result::ok)
            .collect();
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let path = e.path();
            let relative = path
                .strip_prefix(root)
                .expect("inside")
                .to_string_lossy()
                .to_string();
            if path.is_dir() {
                stack.push(path);
            } else {
                zip.start_file(format!("{top}/{relative}"), options)
                    .expect("file");
                let mut data = Vec::new();
                std::fs::File::open(&path)
                    .expect("open")
                    .read_to_end(&mut data)
                    .expect("read");
                zip.write_all(&data).expect("write");
            }
        }
    }
    zip.finish().expect("finish").into_inner()
}

#[test]
fn the_korean_model_is_fetched_unpacked_and_loads() {
    let Some(source) = voice_support::korean_model() else {
        return;
    };
    let archive = zip_dir(&source, "vosk-model-small-ko-test");
    let sum = sha256(&archive);
    let size = archive.len() as u64;
    let (address, _log) = serve(archive, 1);
    let dir = tempfile::tempdir().expect("tempdir");
    let e = entry(&address, "vosk-model-small-ko-test", Some(size), Some(sum));
    let mut seen = Vec::new();
    let mut progress = |p: models::Progress| seen.push(p.bytes);
    let fetched = models::fetch(
        &e,
        FetchOptions {
            dir: dir.path().to_path_buf(),
            allow_unverified: false,
            progress: &mut progress,
            retries: 2,
        },
    )
    .expect("fetched after one cut");
    assert!(seen.last().is_some_and(|b| *b == size));
    let record = Record::read(&fetched.path)
        .expect("readable")
        .expect("the fetch recorded the files");
    assert!(
        record
            .files
            .iter()
            .any(|f| f.path == "graph/Gr.fst" && f.size > 1_000_000),
        "{record:?}"
    );
    let report = rochade::asr::vosk::check(
        &fetched.path,
        &[
            "안녕하세요".to_string(),
            "감사합니다".to_string(),
            "springer".to_string(),
        ],
    )
    .expect("the unpacked model loads");
    assert_eq!(report.missing, vec![("springer".to_string(), None)]);
    assert!(
        matches!(
            report.assurance,
            models::Assurance::Recorded {
                source: RecordSource::Fetch,
                ..
            }
        ),
        "{:?}",
        report.assurance
    );

    // Flipped bytes in the grammar graph keep its size: the checksum names the file, and
    // Vosk never sees it.
    let graph = fetched.path.join("graph/Gr.fst");
    let mut data = std::fs::read(&graph).expect("graph");
    let middle = data.len() / 2;
    for byte in &mut data[middle..middle + 16] {
        *byte ^= 0x5a;
    }
    std::fs::write(&graph, data).expect("flip");
    match rochade::asr::vosk::check(&fetched.path, &["안녕하세요".to_string()]) {
        Err(AsrError::Integrity(IntegrityError::Damaged { file, problem, .. })) => {
            assert_eq!(file, "graph/Gr.fst");
            assert_eq!(problem, FileProblem::Checksum);
        }
        Err(other) => panic!("the flipped graph must be named: {other}"),
        Ok(_) => panic!("the flipped graph must be found"),
    }
    let message = rochade::asr::vosk::check(&fetched.path, &[])
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        message.contains("the model file graph/Gr.fst of")
            && message.contains(
                "is damaged (its content differs from the checksum recorded when it was fetched)"
            ),
        "{message}"
    );
}

#[test]
fn models_check_names_the_vocabulary_words_a_model_lacks() {
    let Some(model) = voice_support::korean_model() else {
        return;
    };
    let out = rochade()
        .args(["models", "check"])
        .arg(&model)
        .output()
        .expect("rochade runs");
    let text = String::from_utf8_lossy(&out.stdout);
    // The Korean model knows none of the German FIDE words: each is listed by name.
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("words checked"), "{text}");
    for word in ["springer", "felix", "drei", "korrektur"] {
        assert!(
            text.lines().any(|l| l == word),
            "{word} missing from: {text}"
        );
    }
    let out = rochade()
        .args(["models", "check"])
        .arg(&model)
        .args(["--words", "안녕하세요, 감사합니다"])
        .output()
        .expect("rochade runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("The model knows every word."), "{text}");
}
