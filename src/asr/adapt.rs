//! Adapting pocketsphinx's acoustic model to one player's voice: recordings of the player
//! saying known sentences go through CMU Sphinx's own training tools (Debian's `sphinxtrain`
//! and `sphinxbase-utils`) in a maximum a posteriori update of the model's Gaussians, and
//! the adapted model is written as a directory that [`super::pocketsphinx::Pocketsphinx`]
//! loads like the installed one.
//!
//! Pocketsphinx hears German through its English model; a player's own German, heard
//! through a model adapted to it, fits the grammar's phrases far closer (docs/VOICE.md,
//! "Adapting the model to the player's voice"). The tools need the model's mixture weights
//! in full, which Debian ships only in pocketsphinx's compressed `sendump`: they are
//! expanded here.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::lang::Lang;

use super::dictionary;

/// Where Debian's `sphinxtrain` puts its tools.
const SPHINXTRAIN: &str = "/usr/lib/sphinxtrain";

/// The model files pocketsphinx reads, copied from the base model and then replaced by the
/// adapted ones where the adaptation writes them.
const MODEL_FILES: [&str; 7] = [
    "mdef",
    "means",
    "variances",
    "transition_matrices",
    "sendump",
    "feat.params",
    "noisedict",
];

/// The file an adaptation leaves in the model it writes, with what it learnt from: such a
/// model fits its player's speech closer than the installed one does, and so has fit limits
/// of its own ([`super::pocketsphinx::AcousticModel::Adapted`]).
pub const ADAPTED_MARK: &str = "adapted-to-the-player";

/// Whether the acoustic model in `hmm` is one that [`adapt`] wrote.
pub fn is_adapted(hmm: &Path) -> bool {
    hmm.join(ADAPTED_MARK).is_file()
}

/// The words of `text` as `recognizer` heard them in `samples`, each named as in `dict`
/// with the pronunciation that fitted ("koenig(3)"), or `None` when it heard nothing in the
/// grammar of `text` or a word it heard is not in `dict`.
fn aligned_words(
    recognizer: &mut super::pocketsphinx::Pocketsphinx,
    text: &str,
    samples: &[i16],
    lang: Lang,
    dict: &dictionary::Dictionary,
) -> Option<Vec<String>> {
    use super::Recognizer;
    let grammar = super::Grammar::from_phrases(
        lang,
        [(text, super::PhraseMeaning::Command("adapt".into()))],
    );
    recognizer.set_grammar(&grammar).ok()?;
    recognizer.accept(samples).ok()?;
    recognizer.finish().ok()?;
    // the recognizer numbered the pronunciations in its own dictionary, of this grammar
    let (heard_in, _) = dictionary::build(&grammar.words(), lang);
    let path = recognizer.last_path();
    if path.is_empty() {
        return None;
    }
    path.iter()
        .map(|word| {
            let (token, nth) = match word.split_once('(') {
                Some((token, n)) => (token, n.trim_end_matches(')').parse::<usize>().ok()?),
                None => (word.as_str(), 1),
            };
            let phones = heard_in.get(token)?.get(nth.checked_sub(1)?)?;
            let index = dict.get(token)?.iter().position(|p| p == phones)?;
            Some(if index == 0 {
                token.to_string()
            } else {
                format!("{token}({})", index + 1)
            })
        })
        .collect()
}

#[derive(Debug, thiserror::Error)]
pub enum AdaptError {
    #[error("pocketsphinx could not hear the recordings: {0}")]
    Align(String),
    #[error("{tool} is missing: install the Debian package {package}")]
    MissingTool {
        tool: &'static str,
        package: &'static str,
    },
    #[error("{tool} failed ({status}): {log}")]
    Tool {
        tool: &'static str,
        status: String,
        log: String,
    },
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    #[error("{0} is not a pocketsphinx acoustic model (it lacks {1})")]
    NotAModel(PathBuf, &'static str),
    #[error("the base model's sendump cannot be read: {0}")]
    Sendump(String),
    #[error("no pronunciation for these words of the recordings' texts: {0}")]
    Unpronounceable(String),
    #[error(transparent)]
    Audio(#[from] crate::audio::AudioError),
    #[error("no recordings to adapt to")]
    NoRecordings,
    #[error("none of the {0} recordings matched its text well enough to learn from")]
    NothingAligned(usize),
}

/// A recording of the player and the words said in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    pub wav: PathBuf,
    pub text: String,
}

/// What an adaptation learnt from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adapted {
    /// The adapted model's directory.
    pub model: PathBuf,
    pub recordings: usize,
    /// Recordings the tools could align with their text (the others were left out: a word
    /// missed or said otherwise), and of their copies in noise.
    pub aligned: usize,
    pub aligned_in_noise: usize,
}

/// Adapts the acoustic model `base` to `recordings` of `lang`'s words and writes it to
/// `out` (replacing what is there only once the new model is complete).
pub fn adapt(
    base: &Path,
    recordings: &[Recording],
    lang: Lang,
    out: &Path,
) -> Result<Adapted, AdaptError> {
    if recordings.is_empty() {
        return Err(AdaptError::NoRecordings);
    }
    for file in MODEL_FILES {
        if !base.join(file).is_file() {
            return Err(AdaptError::NotAModel(base.to_path_buf(), file));
        }
    }
    let tools = Tools::find()?;
    let temp = tempfile::tempdir().map_err(|e| AdaptError::Io(std::env::temp_dir(), e))?;
    // To see what the tools were given and said: ROCHADE_ADAPT_KEEP=1 keeps their folder.
    let _removed_at_the_end;
    let work_dir = if std::env::var_os("ROCHADE_ADAPT_KEEP").is_some() {
        let kept = temp.keep();
        eprintln!("adaptation folder kept: {}", kept.display());
        kept
    } else {
        let path = temp.path().to_path_buf();
        _removed_at_the_end = temp;
        path
    };
    let work = work_dir.as_path();
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e| AdaptError::Io(path, e)
    };

    // The recordings at 16 kHz, their texts in the dictionary's tokens.
    let words: BTreeSet<String> = recordings
        .iter()
        .flat_map(|r| r.text.split_whitespace().map(str::to_lowercase))
        .collect();
    let (dict, _) = dictionary::build(&words, lang);
    let unpronounceable: Vec<&str> = words
        .iter()
        .filter(|w| !dictionary::token(w).is_empty() && dict.get(&dictionary::token(w)).is_none())
        .map(String::as_str)
        .collect();
    if !unpronounceable.is_empty() {
        return Err(AdaptError::Unpronounceable(unpronounceable.join(", ")));
    }
    // Each recording heard with a grammar of its own words alone: the path names the
    // pronunciation of each word that fits, where the training tools would take the first.
    let mut aligner = super::pocketsphinx::Pocketsphinx::new(base, lang, 1)
        .map_err(|e| AdaptError::Align(e.to_string()))?;
    let (mut fileids, mut transcription) = (String::new(), String::new());
    for (i, recording) in recordings.iter().enumerate() {
        let id = format!("r{i:04}");
        let samples = crate::audio::wav::read_16k_mono(&recording.wav)?;
        crate::audio::wav::write_mono(&work.join(format!("{id}.wav")), &samples, 16_000)?;
        let mut tokens: Vec<String> = recording
            .text
            .split_whitespace()
            .map(dictionary::token)
            .filter(|t| !t.is_empty())
            .collect();
        if let Some(path) = aligned_words(&mut aligner, &recording.text, &samples, lang, &dict) {
            tokens = path;
        }
        fileids.push_str(&format!("{id}\n"));
        transcription.push_str(&format!("<s> {} </s> ({id})\n", tokens.join(" ")));
        // The same words as the recognizer hears them in a noisy room: through the noise
        // suppressor, over pink noise at 10 dB SNR. Adapted to quiet recordings alone, the
        // model lost right readings in noise (docs/VOICE.md).
        let noisy_id = format!("n{i:04}");
        let noisy = denoised_in_pink_noise(&samples, i as u64 + 1);
        crate::audio::wav::write_mono(&work.join(format!("{noisy_id}.wav")), &noisy, 16_000)?;
        fileids.push_str(&format!("{noisy_id}\n"));
        transcription.push_str(&format!("<s> {} </s> ({noisy_id})\n", tokens.join(" ")));
    }
    let write = |name: &str, text: &str| {
        let path = work.join(name);
        std::fs::write(&path, text).map_err(io(&path))
    };
    write("fileids", &fileids)?;
    write("transcription", &transcription)?;
    write("dict", &dict.to_text())?;

    // The new model, beside `out` until it is whole.
    let staging = out.with_extension("partial");
    if staging.exists() {
        std::fs::remove_dir_all(&staging).map_err(io(&staging))?;
    }
    std::fs::create_dir_all(&staging).map_err(io(&staging))?;
    for file in MODEL_FILES {
        std::fs::copy(base.join(file), staging.join(file)).map_err(io(&staging.join(file)))?;
    }
    let sendump = std::fs::read(base.join("sendump")).map_err(io(&base.join("sendump")))?;
    let weights = mixture_weights(&sendump).map_err(AdaptError::Sendump)?;
    let mixw = work.join("mixture_weights");
    std::fs::write(&mixw, weights).map_err(io(&mixw))?;
    let mdef_text = work.join("mdef.txt");
    let (s, w, b) = (path_str(&staging), path_str(work), path_str(base));
    tools.run(
        "pocketsphinx_mdef_convert",
        &["-text", &format!("{b}/mdef"), &path_str(&mdef_text)],
    )?;
    tools.run(
        "sphinx_fe",
        &[
            "-argfile",
            &format!("{b}/feat.params"),
            "-samprate",
            "16000",
            "-c",
            &format!("{w}/fileids"),
            "-di",
            &w,
            "-do",
            &w,
            "-ei",
            "wav",
            "-eo",
            "mfc",
            "-mswav",
            "yes",
            // Digital silence (a synthesized recording's pauses) has no energy to take the
            // logarithm of: without dither, bw aligned 22 of 50 such recordings with their
            // words, with it 48. The seed makes an adaptation repeatable.
            "-dither",
            "yes",
            "-seed",
            "1",
        ],
    )?;
    let bw_log = tools.run(
        "bw",
        &[
            "-hmmdir",
            &b,
            "-moddeffn",
            &path_str(&mdef_text),
            "-mixwfn",
            &path_str(&mixw),
            "-ts2cbfn",
            ".ptm.",
            "-feat",
            "1s_c_d_dd",
            "-svspec",
            "0-12/13-25/26-38",
            "-cmn",
            "current",
            "-agc",
            "none",
            "-dictfn",
            &format!("{w}/dict"),
            "-fdictfn",
            &format!("{b}/noisedict"),
            "-ctlfn",
            &format!("{w}/fileids"),
            "-lsnfn",
            &format!("{w}/transcription"),
            "-cepdir",
            &w,
            "-accumdir",
            &w,
        ],
    )?;
    // bw names each recording it could not align ("r0003 ignored", its noisy copy "n0003")
    let left_out = |copy: char| {
        bw_log
            .lines()
            .filter_map(|line| line.strip_suffix(" ignored"))
            .filter(|line| {
                line.rsplit(' ')
                    .next()
                    .is_some_and(|id| id.starts_with(copy))
            })
            .count()
    };
    let aligned = recordings.len().saturating_sub(left_out('r'));
    let aligned_in_noise = recordings.len().saturating_sub(left_out('n'));
    if aligned == 0 {
        return Err(AdaptError::NothingAligned(recordings.len()));
    }
    tools.run(
        "map_adapt",
        &[
            "-moddeffn",
            &path_str(&mdef_text),
            "-ts2cbfn",
            ".ptm.",
            "-meanfn",
            &format!("{b}/means"),
            "-varfn",
            &format!("{b}/variances"),
            "-mixwfn",
            &path_str(&mixw),
            "-tmatfn",
            &format!("{b}/transition_matrices"),
            "-accumdir",
            &w,
            "-mapmeanfn",
            &format!("{s}/means"),
            "-mapvarfn",
            &format!("{s}/variances"),
            "-mapmixwfn",
            &format!("{w}/mixture_weights.adapted"),
            "-maptmatfn",
            &format!("{s}/transition_matrices"),
        ],
    )?;
    tools.run(
        "mk_s2sendump",
        &[
            "-pocketsphinx",
            "yes",
            "-moddeffn",
            &path_str(&mdef_text),
            "-mixwfn",
            &format!("{w}/mixture_weights.adapted"),
            "-sendumpfn",
            &format!("{s}/sendump"),
        ],
    )?;
    let mark = staging.join(ADAPTED_MARK);
    let learnt = format!(
        "recordings {}\naligned {aligned}\naligned_in_noise {aligned_in_noise}\n",
        recordings.len()
    );
    std::fs::write(&mark, learnt).map_err(io(&mark))?;
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(io(out))?;
    }
    std::fs::rename(&staging, out).map_err(io(out))?;
    Ok(Adapted {
        model: out.to_path_buf(),
        recordings: recordings.len(),
        aligned,
        aligned_in_noise,
    })
}

/// `speech` over pink noise at 10 dB below its level (over its 10 ms frames of sound),
/// through the noise suppressor as `play` hears a noisy room.
fn denoised_in_pink_noise(speech: &[i16], seed: u64) -> Vec<i16> {
    let frames: Vec<f64> = speech
        .chunks(160)
        .map(|f| f.iter().map(|&x| f64::from(x).powi(2)).sum::<f64>() / f.len() as f64)
        .collect();
    let loudest = frames.iter().copied().fold(0.0, f64::max);
    let sounding: Vec<f64> = frames.into_iter().filter(|&e| e > loudest * 1e-3).collect();
    let speech_power = sounding.iter().sum::<f64>() / sounding.len().max(1) as f64;
    // white noise (xorshift) through Paul Kellet's economy pink filter
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut b = [0f64; 3];
    let mut pink: Vec<f64> = (0..speech.len() + crate::audio::denoise::DELAY)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let white = (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0;
            b[0] = 0.99765 * b[0] + white * 0.099_046;
            b[1] = 0.963 * b[1] + white * 0.296_516_4;
            b[2] = 0.57 * b[2] + white * 1.052_691_3;
            b[0] + b[1] + b[2] + white * 0.1848
        })
        .collect();
    let noise_power = pink.iter().map(|x| x * x).sum::<f64>() / pink.len().max(1) as f64;
    let gain = (speech_power / 10.0 / noise_power.max(1e-12)).sqrt();
    for (i, x) in pink.iter_mut().enumerate() {
        *x = *x * gain + speech.get(i).map_or(0.0, |&s| f64::from(s));
    }
    let mixed: Vec<i16> = pink
        .iter()
        .map(|&x| x.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16)
        .collect();
    let mut denoiser = crate::audio::denoise::Denoiser::new();
    let out = denoiser.process(&mixed);
    out[crate::audio::denoise::DELAY.min(out.len())..].to_vec()
}

fn path_str(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// The training tools, found before anything is written.
struct Tools {
    paths: Vec<(&'static str, PathBuf)>,
}

impl Tools {
    fn find() -> Result<Tools, AdaptError> {
        let in_path = |name: &str| {
            std::env::var_os("PATH").and_then(|paths| {
                std::env::split_paths(&paths)
                    .map(|dir| dir.join(name))
                    .find(|p| p.is_file())
            })
        };
        let mut paths = Vec::new();
        for (tool, package, place) in [
            ("sphinx_fe", "sphinxbase-utils", None),
            ("pocketsphinx_mdef_convert", "pocketsphinx", None),
            ("bw", "sphinxtrain", Some(SPHINXTRAIN)),
            ("map_adapt", "sphinxtrain", Some(SPHINXTRAIN)),
            ("mk_s2sendump", "sphinxtrain", Some(SPHINXTRAIN)),
        ] {
            let found = match place {
                Some(dir) => Some(Path::new(dir).join(tool)).filter(|p| p.is_file()),
                None => in_path(tool),
            };
            let path = found.ok_or(AdaptError::MissingTool { tool, package })?;
            paths.push((tool, path));
        }
        Ok(Tools { paths })
    }

    /// Runs a tool and returns what it logged (the tools log on standard error).
    fn run(&self, tool: &'static str, args: &[&str]) -> Result<String, AdaptError> {
        let path = self
            .paths
            .iter()
            .find(|(name, _)| *name == tool)
            .map(|(_, p)| p.clone())
            .ok_or(AdaptError::MissingTool {
                tool,
                package: "sphinxtrain",
            })?;
        let output = Command::new(&path)
            .args(args)
            .output()
            .map_err(|e| AdaptError::Io(path.clone(), e))?;
        let log = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        if !output.status.success() {
            let tail: Vec<&str> = log.lines().rev().take(5).collect();
            return Err(AdaptError::Tool {
                tool,
                status: output.status.to_string(),
                log: tail.into_iter().rev().collect::<Vec<_>>().join(" / "),
            });
        }
        Ok(log)
    }
}

/// The mixture weights of a pocketsphinx `sendump` (one byte a weight, the negated log
/// quantized by `mixw_shift`) as a Sphinx-III `mixture_weights` file (floats in senone,
/// feature, codeword order), which the training tools read.
fn mixture_weights(sendump: &[u8]) -> Result<Vec<u8>, String> {
    let mut at = 0usize;
    let mut big_endian = false;
    let mut word = |at: &mut usize| -> Result<u32, String> {
        let bytes: [u8; 4] = sendump
            .get(*at..*at + 4)
            .and_then(|b| b.try_into().ok())
            .ok_or("it ends early")?;
        *at += 4;
        let little = u32::from_le_bytes(bytes);
        if little > 65_536 && !big_endian {
            big_endian = true;
        }
        Ok(if big_endian {
            u32::from_be_bytes(bytes)
        } else {
            little
        })
    };
    // a title and header lines, each a length and a NUL-terminated string, then a zero
    let mut header = Vec::new();
    loop {
        let len = word(&mut at)? as usize;
        if len == 0 {
            break;
        }
        let text = sendump
            .get(at..at + len)
            .ok_or("a header line ends early")?;
        header.push(String::from_utf8_lossy(&text[..len.saturating_sub(1)]).into_owned());
        at += len;
    }
    let field = |name: &str, default: usize| {
        header
            .iter()
            .find_map(|line| line.strip_prefix(name)?.trim().parse().ok())
            .unwrap_or(default)
    };
    let shift = field("mixw_shift", 10);
    let features = field("feature_count", 0);
    if field("cluster_count", 0) != 0 {
        return Err("its weights are clustered".into());
    }
    let codewords = word(&mut at)? as usize;
    let senones = word(&mut at)? as usize;
    let total = senones * features * codewords;
    if total == 0 || sendump.len() < at + total {
        return Err(format!(
            "{senones} senones, {features} features and {codewords} codewords do not fit its size"
        ));
    }
    let mut weights = vec![0f32; total];
    for feature in 0..features {
        for codeword in 0..codewords {
            let row = &sendump[at..at + senones];
            at += senones;
            for (senone, &q) in row.iter().enumerate() {
                let log = -f64::from(u32::from(q) << shift);
                weights[(senone * features + feature) * codewords + codeword] =
                    1.0001f64.powf(log) as f32;
            }
        }
    }
    let mut out = b"s3\nversion 1.0\n".to_vec();
    // the data start on a 4-byte boundary
    let pad = (4 - (out.len() + b"endhdr\n".len()) % 4) % 4;
    out.extend(std::iter::repeat_n(b' ', pad));
    out.extend_from_slice(b"endhdr\n");
    out.extend_from_slice(&0x1122_3344u32.to_le_bytes());
    for n in [senones, features, codewords, total] {
        out.extend_from_slice(&(n as u32).to_le_bytes());
    }
    for w in weights {
        out.extend_from_slice(&w.to_le_bytes());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sendump of `senones` × one feature × two codewords, little-endian.
    fn sendump(senones: usize, bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for line in [
            "title",
            "mixw_shift 10",
            "feature_count 1",
            "cluster_count 0",
        ] {
            out.extend_from_slice(&(line.len() as u32 + 1).to_le_bytes());
            out.extend_from_slice(line.as_bytes());
            out.push(0);
        }
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&2u32.to_le_bytes());
        out.extend_from_slice(&(senones as u32).to_le_bytes());
        out.extend_from_slice(bytes);
        out
    }

    #[test]
    fn a_sendump_becomes_mixture_weights_in_senone_order() {
        // codeword 0 of senones 0, 1, 2, then codeword 1 of them
        let file = mixture_weights(&sendump(3, &[0, 1, 2, 3, 4, 5])).expect("weights");
        let header_end = file
            .windows(7)
            .position(|w| w == b"endhdr\n")
            .expect("header")
            + 7;
        assert_eq!(header_end % 4, 0, "the data start on a 4-byte boundary");
        let word = |i: usize| {
            let at = header_end + 4 * i;
            u32::from_le_bytes(file[at..at + 4].try_into().expect("4 bytes"))
        };
        assert_eq!(word(0), 0x1122_3344);
        assert_eq!((word(1), word(2), word(3), word(4)), (3, 1, 2, 6));
        let weight = |i: usize| f32::from_bits(word(5 + i));
        // senone 1, codeword 1 is the fifth byte (4), senone 0, codeword 1 the fourth (3)
        assert_eq!(weight(0), 1.0, "a zero byte is weight one");
        let expect = |q: u32| 1.0001f64.powf(-f64::from(q << 10)) as f32;
        assert_eq!(weight(1), expect(3));
        assert_eq!(weight(2), expect(1));
        assert_eq!(weight(3), expect(4));
        assert_eq!(file.len(), header_end + 4 * (5 + 6));
    }

    #[test]
    fn a_cut_or_clustered_sendump_is_an_error() {
        assert!(mixture_weights(&sendump(3, &[0, 1, 2])).is_err());
        assert!(mixture_weights(&[1, 2]).is_err());
        let mut clustered = sendump(1, &[0, 0]);
        let at = clustered
            .windows(15)
            .position(|w| w == b"cluster_count 0")
            .expect("field");
        clustered[at + 14] = b'8';
        assert!(mixture_weights(&clustered).is_err());
    }
}
