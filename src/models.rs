//! Vosk models as files: the manifest of known models (`models/manifest.toml`, compiled
//! in), where installed models live, downloading one (resumable, checksum-checked, unpacked)
//! and the integrity of its files. No recognizer here: [`crate::asr`] loads a model from a
//! path and uses this module to find the installed one and check its files; checking a
//! model against the vocabulary is [`crate::asr::vosk::check`].
//!
//! Models are installed in `$ROCHADE_MODELS_DIR`, else `$XDG_DATA_HOME/rochade/models`, else
//! `~/.local/share/rochade/models`, one directory per model name. A fetched model's
//! directory also holds the record of its files ([`integrity::RECORD_FILE`]: path, size and
//! SHA-256 of each), made when the archive's checksum from the manifest had passed; every
//! load checks the files against it, and a model without one is first tried in a child
//! process ([`integrity`]), so that a damaged model is reported by file, never a crash.
//!
//! ```
//! let manifest = rochade::models::Manifest::builtin();
//! let de = manifest.find("vosk-model-small-de-0.15").expect("listed");
//! assert_eq!(de.lang, "de");
//! assert!(de.url.starts_with("https://alphacephei.com/vosk/models/"));
//! assert_eq!(de.sha256.as_deref().map(str::len), Some(64));
//! ```
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::lang::Lang;

pub mod integrity;

pub use integrity::{Assurance, IntegrityError};

const BUILTIN_MANIFEST: &str = include_str!("../models/manifest.toml");

/// What went wrong with models, in words a person can act on.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error("the model manifest {0} is not valid: {1}")]
    Manifest(String, String),
    #[error("no model named {0:?} in the manifest; known: {1}")]
    UnknownModel(String, String),
    #[error(
        "the download of {url} failed: {message} ({have} bytes are kept; run the same command again to resume)"
    )]
    Download {
        url: String,
        message: String,
        have: u64,
    },
    #[error(
        "the download of {name} has the wrong checksum: expected {expected}, got {actual}; the file was deleted, run the command again to download it anew"
    )]
    ChecksumMismatch {
        name: String,
        expected: String,
        actual: String,
    },
    #[error(
        "the manifest has no checksum for {name}, so its download cannot be verified (SHA-256 of what was downloaded: {actual}); add the sum to the manifest, or pass --allow-unverified"
    )]
    Unverified { name: String, actual: String },
    #[error("the archive of {0} could not be unpacked: {1}")]
    Unpack(String, String),
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    #[error(transparent)]
    Integrity(#[from] IntegrityError),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ModelError + '_ {
    move |e| ModelError::Io(path.to_path_buf(), e)
}

/// One model of the manifest.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ModelEntry {
    pub name: String,
    /// Language code ("de", "en", "ko" …).
    pub lang: String,
    pub url: String,
    /// Archive size in bytes, if known.
    #[serde(default)]
    pub size: Option<u64>,
    /// Archive SHA-256 in hex; "unknown" in the file becomes `None`.
    #[serde(default, deserialize_with = "sha_or_unknown")]
    pub sha256: Option<String>,
}

fn sha_or_unknown<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let value: Option<String> = Option::deserialize(d)?;
    Ok(value
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty() && s != "unknown"))
}

/// The list of known models.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Manifest {
    #[serde(rename = "model", default)]
    pub models: Vec<ModelEntry>,
}

impl Manifest {
    /// The manifest compiled into the binary.
    pub fn builtin() -> Manifest {
        // The file is part of the source and checked by a test, so this cannot fail at
        // run time; an empty manifest is still the safe answer.
        Manifest::parse(BUILTIN_MANIFEST, "models/manifest.toml")
            .unwrap_or(Manifest { models: Vec::new() })
    }

    pub fn parse(text: &str, origin: &str) -> Result<Manifest, ModelError> {
        let manifest: Manifest = toml::from_str(text)
            .map_err(|e| ModelError::Manifest(origin.to_string(), e.to_string()))?;
        for entry in &manifest.models {
            if let Some(sum) = &entry.sha256
                && (sum.len() != 64 || !sum.chars().all(|c| c.is_ascii_hexdigit()))
            {
                return Err(ModelError::Manifest(
                    origin.to_string(),
                    format!(
                        "{}: sha256 must be 64 hex digits or \"unknown\"",
                        entry.name
                    ),
                ));
            }
            if entry.name.is_empty()
                || entry.name.contains(['/', '\\'])
                || entry.name.starts_with('.')
            {
                return Err(ModelError::Manifest(
                    origin.to_string(),
                    format!("{:?} is not a usable model name", entry.name),
                ));
            }
        }
        Ok(manifest)
    }

    pub fn load(path: &Path) -> Result<Manifest, ModelError> {
        let text = fs::read_to_string(path).map_err(io(path))?;
        Manifest::parse(&text, &path.display().to_string())
    }

    pub fn find(&self, name: &str) -> Option<&ModelEntry> {
        self.models.iter().find(|m| m.name == name)
    }

    fn names(&self) -> String {
        self.models
            .iter()
            .map(|m| m.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The entry named `name`, or an error listing the known ones.
    pub fn get(&self, name: &str) -> Result<&ModelEntry, ModelError> {
        self.find(name)
            .ok_or_else(|| ModelError::UnknownModel(name.to_string(), self.names()))
    }
}

/// The directory installed models live in.
pub fn models_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ROCHADE_MODELS_DIR") {
        return PathBuf::from(dir);
    }
    if let Some(data) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(data).join("rochade").join("models");
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    home.join(".local/share/rochade/models")
}

/// Whether `dir` looks like an unpacked Vosk model.
pub fn looks_like_model(dir: &Path) -> bool {
    dir.join("am").is_dir() || dir.join("conf").join("model.conf").is_file()
}

/// The installed model of the manifest for `lang`, if any.
pub fn installed_model_for(lang: Lang) -> Option<PathBuf> {
    let dir = models_dir();
    Manifest::builtin()
        .models
        .iter()
        .filter(|m| m.lang == lang.code())
        .map(|m| dir.join(&m.name))
        .find(|p| looks_like_model(p))
}

/// Download progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub bytes: u64,
    pub total: Option<u64>,
}

/// How to fetch.
pub struct FetchOptions<'a> {
    /// Where models are installed.
    pub dir: PathBuf,
    /// Accept a model whose manifest entry has no checksum.
    pub allow_unverified: bool,
    /// Called as bytes arrive.
    pub progress: &'a mut dyn FnMut(Progress),
    /// How many times a broken connection is resumed within one call.
    pub retries: u32,
}

/// What a fetch did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fetched {
    pub path: PathBuf,
    /// It was installed already; nothing was downloaded.
    pub already_installed: bool,
    /// Bytes that were already there from an interrupted download.
    pub resumed_from: u64,
    pub sha256: String,
    /// Why a model that was there already was replaced (a damaged file, or no record to
    /// check it against).
    pub replaced: Option<String>,
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_connect(Some(Duration::from_secs(20)))
        .timeout_recv_response(Some(Duration::from_secs(30)))
        .timeout_recv_body(Some(Duration::from_secs(3600)))
        .build()
        .into()
}

/// Downloads (resuming what an earlier run left), checks the checksum and unpacks the
/// model into `options.dir/NAME`, with the record of its files. A model already there whose
/// files match its record is kept; one with a damaged file or without a record is fetched
/// anew and replaced.
pub fn fetch(entry: &ModelEntry, options: FetchOptions<'_>) -> Result<Fetched, ModelError> {
    let FetchOptions {
        dir,
        allow_unverified,
        progress,
        retries,
    } = options;
    let target = dir.join(&entry.name);
    let mut replaced = None;
    if looks_like_model(&target) {
        let checked = integrity::Record::read(&target).and_then(|record| match record {
            Some(record) => integrity::verify(&target, &record).map(Some),
            None => Ok(None),
        });
        match checked {
            Ok(Some(_)) => {
                return Ok(Fetched {
                    path: target,
                    already_installed: true,
                    resumed_from: 0,
                    sha256: String::new(),
                    replaced: None,
                });
            }
            Ok(None) => {
                replaced = Some("it has no record of its files to check them against".into());
            }
            Err(IntegrityError::Damaged { file, problem, .. }) => {
                replaced = Some(format!("its file {file} is damaged ({problem})"));
            }
            Err(other) => replaced = Some(other.to_string()),
        }
    }
    fs::create_dir_all(&dir).map_err(io(&dir))?;
    let part = dir.join(format!("{}.download", entry.name));
    let resumed_from = fs::metadata(&part).map(|m| m.len()).unwrap_or(0);
    let mut attempt = 0;
    loop {
        match download(entry, &part, progress) {
            Ok(()) => break,
            Err(_) if attempt < retries => {
                attempt += 1;
                std::thread::sleep(Duration::from_millis(200 * u64::from(attempt)));
            }
            Err(e) => return Err(e),
        }
    }
    let actual = sha256_of(&part)?;
    match &entry.sha256 {
        Some(expected) if *expected != actual => {
            let _ = fs::remove_file(&part);
            return Err(ModelError::ChecksumMismatch {
                name: entry.name.clone(),
                expected: expected.clone(),
                actual,
            });
        }
        None if !allow_unverified => {
            return Err(ModelError::Unverified {
                name: entry.name.clone(),
                actual,
            });
        }
        _ => {}
    }
    unpack(&part, &dir, &target, &entry.name, &actual)?;
    let _ = fs::remove_file(&part);
    Ok(Fetched {
        path: target,
        already_installed: false,
        resumed_from,
        sha256: actual,
        replaced,
    })
}

/// Gets the rest of the file into `part`, asking for the bytes after those already there.
fn download(
    entry: &ModelEntry,
    part: &Path,
    progress: &mut dyn FnMut(Progress),
) -> Result<(), ModelError> {
    let mut have = fs::metadata(part).map(|m| m.len()).unwrap_or(0);
    if let Some(size) = entry.size {
        if have == size {
            return Ok(());
        }
        if have > size {
            fs::remove_file(part).map_err(io(part))?;
            have = 0;
        }
    }
    let failed = |message: String, have: u64| ModelError::Download {
        url: entry.url.clone(),
        message,
        have,
    };
    let mut request = agent().get(&entry.url);
    if have > 0 {
        request = request.header("Range", &format!("bytes={have}-"));
    }
    let response = request.call().map_err(|e| failed(e.to_string(), have))?;
    let status = response.status().as_u16();
    let length = response
        .headers()
        .get("content-length")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let append = match status {
        206 => true,
        200 => false,
        416 if have > 0 => return Ok(()), // nothing after what we have: complete
        other => return Err(failed(format!("the server answered {other}"), have)),
    };
    if !append {
        have = 0;
    }
    let total = entry.size.or(length.map(|l| l + have));
    let mut file = OpenOptions::new()
        .create(true)
        .write(true)
        .append(append)
        .truncate(!append)
        .open(part)
        .map_err(io(part))?;
    let mut reader = response.into_body().into_reader();
    let mut buffer = vec![0u8; 64 * 1024];
    progress(Progress { bytes: have, total });
    loop {
        let n = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                let _ = file.flush();
                return Err(failed(e.to_string(), have));
            }
        };
        file.write_all(&buffer[..n]).map_err(io(part))?;
        have += n as u64;
        progress(Progress { bytes: have, total });
    }
    file.flush().map_err(io(part))?;
    if let Some(total) = total
        && have < total
    {
        return Err(failed(
            format!("the connection ended after {have} of {total} bytes"),
            have,
        ));
    }
    Ok(())
}

/// SHA-256 of a file, in hex.
pub fn sha256_of(path: &Path) -> Result<String, ModelError> {
    let mut file = File::open(path).map_err(io(path))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 256 * 1024];
    loop {
        let n = file.read(&mut buffer).map_err(io(path))?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// Unpacks the zip into a scratch directory next to the target, records its files, then
/// moves the model (the archive's single top directory, or the whole content) into place,
/// so that an installed model always has its record.
fn unpack(
    archive: &Path,
    dir: &Path,
    target: &Path,
    name: &str,
    archive_sha256: &str,
) -> Result<(), ModelError> {
    let scratch = dir.join(format!(".{name}.unpacking"));
    if scratch.exists() {
        fs::remove_dir_all(&scratch).map_err(io(&scratch))?;
    }
    fs::create_dir_all(&scratch).map_err(io(&scratch))?;
    let bad = |e: String| ModelError::Unpack(name.to_string(), e);
    let file = File::open(archive).map_err(io(archive))?;
    let mut zip = zip::ZipArchive::new(file).map_err(|e| bad(e.to_string()))?;
    for i in 0..zip.len() {
        let mut item = zip.by_index(i).map_err(|e| bad(e.to_string()))?;
        // refuses absolute paths and `..`
        let Some(relative) = item.enclosed_name() else {
            return Err(bad(format!("unsafe path {:?} in the archive", item.name())));
        };
        let out = scratch.join(relative);
        if item.is_dir() {
            fs::create_dir_all(&out).map_err(io(&out))?;
            continue;
        }
        if let Some(parent) = out.parent() {
            fs::create_dir_all(parent).map_err(io(parent))?;
        }
        let mut writer = File::create(&out).map_err(io(&out))?;
        std::io::copy(&mut item, &mut writer).map_err(io(&out))?;
    }
    let entries: Vec<PathBuf> = fs::read_dir(&scratch)
        .map_err(io(&scratch))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    let root = match entries.as_slice() {
        [single] if single.is_dir() => single.clone(),
        _ => scratch.clone(),
    };
    if !looks_like_model(&root) {
        let _ = fs::remove_dir_all(&scratch);
        return Err(bad(
            "it holds no Vosk model (no am/ or conf/model.conf)".into()
        ));
    }
    // Made from the unpacked files, whose archive passed its checksum: what later loads
    // check against.
    let record = integrity::Record::of_dir(
        &root,
        name,
        integrity::RecordSource::Fetch,
        Some(archive_sha256.to_string()),
    )
    .and_then(|record| record.write(&root));
    if let Err(e) = record {
        let _ = fs::remove_dir_all(&scratch);
        return Err(e);
    }
    if target.exists() {
        fs::remove_dir_all(target).map_err(io(target))?;
    }
    fs::rename(&root, target).map_err(io(target))?;
    let _ = fs::remove_dir_all(&scratch);
    // the renamed directory's entry, durable like the record inside it
    let _ = crate::storage::sync_dir(dir);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_manifest_lists_both_models_with_sums() {
        let m = Manifest::parse(BUILTIN_MANIFEST, "builtin").expect("valid");
        for (name, lang) in [
            ("vosk-model-small-de-0.15", "de"),
            ("vosk-model-small-en-us-0.15", "en"),
        ] {
            let e = m.get(name).expect("listed");
            assert_eq!(e.lang, lang);
            assert_eq!(
                e.url,
                format!("https://alphacephei.com/vosk/models/{name}.zip")
            );
            assert!(e.size.is_some_and(|s| s > 30_000_000));
            assert!(e.sha256.is_some());
        }
        assert!(matches!(m.get("nope"), Err(ModelError::UnknownModel(..))));
    }

    #[test]
    fn unknown_sums_and_bad_entries() {
        let m = Manifest::parse(
            "[[model]]\nname = \"x\"\nlang = \"de\"\nurl = \"http://h/x.zip\"\nsha256 = \"unknown\"\n",
            "t",
        )
        .expect("valid");
        assert_eq!(m.models[0].sha256, None);
        assert_eq!(m.models[0].size, None);
        assert!(
            Manifest::parse(
                "[[model]]\nname = \"../x\"\nlang = \"de\"\nurl = \"u\"\n",
                "t"
            )
            .is_err()
        );
        assert!(
            Manifest::parse(
                "[[model]]\nname = \"x\"\nlang = \"de\"\nurl = \"u\"\nsha256 = \"12\"\n",
                "t"
            )
            .is_err()
        );
    }
}
