//! Adapting pocketsphinx's model to the recordings of a folder (NAME.wav with its words in
//! NAME.txt): the step `rochade models adapt --recordings` and the reading session of
//! `rochade models read` share, with the folder's files listed in one place.
use std::path::PathBuf;

use anyhow::Context;

use crate::asr::adapt::Adapted;
use crate::lang::Lang;

/// Adapts the installed model to every recording of `folder` (as `--recordings`), written to
/// `out` or the models directory's adapted model for `lang`.
pub fn adapt_to(
    folder: &std::path::Path,
    lang: Lang,
    out: Option<PathBuf>,
) -> anyhow::Result<Adapted> {
    adapt_recordings(&recordings_in(folder)?, lang, out)
}

/// Adapts the installed model to `recordings`; what it learnt from is for the caller to say
/// (the reading session says it in the player's language).
pub fn adapt_recordings(
    recordings: &[crate::asr::adapt::Recording],
    lang: Lang,
    out: Option<PathBuf>,
) -> anyhow::Result<Adapted> {
    let out = out.unwrap_or_else(|| crate::asr::adapted_model_dir(lang));
    let base = crate::asr::pocketsphinx::installed_model()
        .map(|dir| dir.join("en-us"))
        .context("pocketsphinx's model is not installed (Debian package pocketsphinx-en-us)")?;
    Ok(crate::asr::adapt::adapt(&base, recordings, lang, &out)?)
}

/// The WAV files in `folder`, in the order of their names.
pub fn wav_files(folder: &std::path::Path) -> std::io::Result<Vec<PathBuf>> {
    let mut wavs: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("wav")))
        .collect();
    wavs.sort();
    Ok(wavs)
}

/// The recordings in `folder`: every NAME.wav, each with its words in NAME.txt.
pub fn recordings_in(
    folder: &std::path::Path,
) -> anyhow::Result<Vec<crate::asr::adapt::Recording>> {
    wav_files(folder)
        .with_context(|| format!("cannot read the folder {}", folder.display()))?
        .into_iter()
        .map(|wav| {
            let txt = wav.with_extension("txt");
            let text = std::fs::read_to_string(&txt).with_context(|| {
                format!(
                    "{} has no words beside it ({})",
                    wav.display(),
                    txt.display()
                )
            })?;
            Ok(crate::asr::adapt::Recording {
                wav,
                text: text.trim().to_string(),
            })
        })
        .collect()
}
