//! The pocketsphinx backend (Debian's pocketsphinx 5prealpha with its en-us acoustic model):
//! recognition works right after the set-up, with no model download, and in CI.
//!
//! The grammar is a JSGF phrase list (each phrase of the position is one alternative, not a
//! free word grammar: that is what makes pocketsphinx accurate enough here), and the words
//! get a pronunciation dictionary generated for them ([`super::dictionary`]): the German
//! words spelled in English phones. Pocketsphinx sees ASCII-folded words (`laeufer`); the
//! results are mapped back to the grammar's spelling.
//!
//! Pocketsphinx gives no usable confidence in grammar mode (every word has posterior 1), so
//! the confidences here come from the n-best path scores, and out-of-grammar speech is
//! often taken for some phrase: the assistant's read-back and confirmation cover that.
//!
//! The decoder settings were chosen with `rochade bench voice` on voices and games other
//! than the benchmark's own (see [`DECODER_ARGS`]). The decoder normalises the cepstrum
//! with a running mean that starts from the model's defaults and adapts from utterance to
//! utterance; the first utterances of a decoder, and any for which the search found no
//! path, are decoded once more with the mean the first pass has just adapted.
mod ffi;

use std::collections::{BTreeSet, HashMap};
use std::ffi::{CStr, CString, c_char};
use std::path::{Path, PathBuf};
use std::ptr::NonNull;
use std::time::Instant;

use super::dictionary::{self, token};
use super::grammar::{Alternative, Grammar};
use super::{AsrError, Backend, CHUNK, GrammarReport, Recognizer};
use crate::lang::Lang;

/// Debian's en-us acoustic model directory (package `pocketsphinx-en-us`); the acoustic
/// model proper is its `en-us` subdirectory, the CMU dictionary `cmudict-en-us.dict`.
pub const DEFAULT_MODEL_DIR: &str = "/usr/share/pocketsphinx/model/en-us";

/// The n-best list's path scores (log base 1.0001) become shares of confidence as
/// `exp(-difference / SCORE_UNITS)`: a path this many units behind the best weighs 1/e of it.
/// Measured on the project's own recordings (`bench voice`), not the held-out sets:
/// distinct words differ by several hundred units, true confusions by a few dozen.
/// `ROCHADE_SCORE_UNITS` overrides it, for measuring.
const SCORE_UNITS: f64 = 100.0;

fn score_units() -> f64 {
    std::env::var("ROCHADE_SCORE_UNITS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|u: &f64| u.is_finite() && *u > 0.0)
        .unwrap_or(SCORE_UNITS)
}

/// The first utterances of a decoder are decoded twice: the running cepstral mean starts at
/// the model's defaults, far from a new speaker's, and moves only part of the way with each
/// utterance.
const FIRST_UTTERANCES: u64 = 3;

/// Decoder settings beyond the model's own. Dither: digital silence (a muted line, a
/// synthesised voice) has no energy, and its log spectrum throws the cepstral mean off; a
/// little noise keeps it finite (+1 to +5 points of move accuracy in the benchmark). A low
/// word insertion penalty and more Gaussians per frame help most in noise (+3 to +5 points
/// at 10 dB SNR). The dither's noise has a fixed seed, so that the same audio is always
/// heard the same way. `ROCHADE_POCKETSPHINX_ARGS` adds or overrides settings.
pub const DECODER_ARGS: [&str; 8] = ["-dither", "yes", "-seed", "1", "-wip", "0.01", "-topn", "8"];

/// A pocketsphinx decoder.
pub struct Pocketsphinx {
    decoder: NonNull<ffi::ps_decoder_t>,
    lang: Lang,
    n_best: usize,
    /// Tokens the decoder has pronunciations for.
    known: BTreeSet<String>,
    /// Tokens that could not be pronounced (reported, never retried).
    unpronounceable: BTreeSet<String>,
    /// Token → the word as the grammar spells it.
    spelling: HashMap<String, String>,
    /// The phrases of the search, respelled: the n-best list also holds paths that stop
    /// part-way through a phrase ("springer cäsar"), which are left out.
    /// The grammar of the active search: an n-best entry counts only when it is a whole
    /// utterance of it (the lattice also holds paths that stop part-way).
    grammar: Option<Grammar>,
    search: Option<CString>,
    searches_made: u64,
    in_utterance: bool,
    /// The audio of the utterance in progress, for a second pass.
    utterance: Vec<i16>,
    /// Utterances decoded so far.
    decoded: u64,
}

// SAFETY: the decoder is only used through &mut self, so from one thread at a time;
// pocketsphinx keeps no thread-local state.
unsafe impl Send for Pocketsphinx {}

impl Pocketsphinx {
    /// Starts a decoder with the acoustic model in `model_dir` (a directory holding `en-us/`,
    /// or the acoustic model directory itself).
    pub fn new(model_dir: &Path, lang: Lang, n_best: usize) -> Result<Pocketsphinx, AsrError> {
        let hmm = if model_dir.join("en-us").join("mdef").is_file() {
            model_dir.join("en-us")
        } else {
            model_dir.to_path_buf()
        };
        if !hmm.join("mdef").is_file() {
            return Err(AsrError::PocketsphinxInit(hmm));
        }
        let init_error = || AsrError::PocketsphinxInit(hmm.clone());
        let hmm_str = hmm.to_str().ok_or_else(init_error)?;
        // The decoder starts with an empty dictionary; words are added per grammar.
        let args = [
            "-hmm",
            hmm_str,
            "-samprate",
            "16000",
            "-dict",
            "/dev/null",
            "-bestpath",
            "no",
        ];
        let args = args.iter().chain(DECODER_ARGS.iter());
        // expert tuning: extra decoder options, e.g. "-beam 1e-60"
        let extra = std::env::var("ROCHADE_POCKETSPHINX_ARGS").unwrap_or_default();
        let args = with_overrides(args.copied(), extra.split_whitespace());
        let c_args: Vec<CString> = args
            .iter()
            .map(|a| CString::new(*a).map_err(|_| init_error()))
            .collect::<Result<_, _>>()?;
        let mut argv: Vec<*mut c_char> = c_args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
        // SAFETY: argv points at NUL-terminated strings that live until after ps_init, which
        // copies what it keeps; a null log stream turns sphinxbase's chatter off.
        let decoder = unsafe {
            ffi::err_set_logfp(std::ptr::null_mut());
            let config = ffi::cmd_ln_parse_r(
                std::ptr::null_mut(),
                ffi::ps_args(),
                i32::try_from(argv.len()).map_err(|_| init_error())?,
                argv.as_mut_ptr(),
                1,
            );
            if config.is_null() {
                return Err(init_error());
            }
            let decoder = ffi::ps_init(config);
            // the decoder holds its own reference to the configuration
            ffi::cmd_ln_free_r(config);
            decoder
        };
        let decoder = NonNull::new(decoder).ok_or_else(init_error)?;
        Ok(Pocketsphinx {
            decoder,
            lang,
            n_best: n_best.max(1),
            known: BTreeSet::new(),
            unpronounceable: BTreeSet::new(),
            spelling: HashMap::new(),
            grammar: None,
            search: None,
            searches_made: 0,
            in_utterance: false,
            utterance: Vec::new(),
            decoded: 0,
        })
    }

    fn ps(&self) -> *mut ffi::ps_decoder_t {
        self.decoder.as_ptr()
    }

    /// Adds pronunciations for the words the decoder does not know yet.
    fn learn(&mut self, words: &BTreeSet<String>) -> Result<(), AsrError> {
        let new: BTreeSet<String> = words
            .iter()
            .filter(|w| {
                let t = token(w);
                !self.known.contains(&t) && !self.unpronounceable.contains(&t)
            })
            .cloned()
            .collect();
        if new.is_empty() {
            return Ok(());
        }
        let (dict, missing) = dictionary::build(&new, self.lang);
        for word in missing {
            self.unpronounceable.insert(token(&word));
        }
        for tok in dict.tokens() {
            for (i, pron) in dict.get(tok).into_iter().flatten().enumerate() {
                let name = if i == 0 {
                    tok.to_string()
                } else {
                    format!("{tok}({})", i + 1)
                };
                let (c_name, c_pron) = match (CString::new(name), CString::new(pron.as_str())) {
                    (Ok(n), Ok(p)) => (n, p),
                    _ => continue,
                };
                // SAFETY: valid strings; update=0 because the search is rebuilt next.
                let id =
                    unsafe { ffi::ps_add_word(self.ps(), c_name.as_ptr(), c_pron.as_ptr(), 0) };
                if id < 0 && i == 0 {
                    self.unpronounceable.insert(tok.to_string());
                }
            }
            if !self.unpronounceable.contains(tok) {
                self.known.insert(tok.to_string());
            }
        }
        Ok(())
    }

    /// Feeds `samples` in chunks, starting an utterance if none is in progress.
    fn decode(&mut self, samples: &[i16]) -> Result<(), AsrError> {
        if !self.in_utterance {
            // SAFETY: a search is set and no utterance is in progress.
            if unsafe { ffi::ps_start_utt(self.ps()) } < 0 {
                return Err(AsrError::Decode("ps_start_utt failed".into()));
            }
            self.in_utterance = true;
        }
        for chunk in samples.chunks(CHUNK) {
            // SAFETY: the pointer and length describe `chunk`.
            let frames =
                unsafe { ffi::ps_process_raw(self.ps(), chunk.as_ptr(), chunk.len(), 0, 0) };
            if frames < 0 {
                return Err(AsrError::Decode("ps_process_raw failed".into()));
            }
        }
        Ok(())
    }

    /// The best hypothesis so far (in an utterance) or of the ended utterance, respelled,
    /// with its score; None when there is none.
    fn best_hypothesis(&self) -> Option<(String, i32)> {
        let mut score = 0i32;
        // SAFETY: the hypothesis is owned by the decoder and valid until the next call into
        // it; it is copied at once.
        let hyp = unsafe {
            let p = ffi::ps_get_hyp(self.ps(), &mut score);
            if p.is_null() {
                return None;
            }
            CStr::from_ptr(p).to_string_lossy().into_owned()
        };
        let text = self.respell(&hyp);
        (!text.is_empty()).then_some((text, score))
    }

    fn end_utterance(&mut self) {
        if self.in_utterance {
            // SAFETY: an utterance is in progress.
            unsafe { ffi::ps_end_utt(self.ps()) };
            self.in_utterance = false;
        }
    }

    fn respell(&self, hyp: &str) -> String {
        hyp.split_whitespace()
            .filter(|w| !w.starts_with('<') && !w.starts_with('['))
            .map(|w| {
                let base = w.split('(').next().unwrap_or(w);
                self.spelling
                    .get(base)
                    .cloned()
                    .unwrap_or_else(|| base.to_string())
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The decoder arguments with `extra` (`-name value` pairs) replacing the defaults of the
/// same name: pocketsphinx refuses an argument given twice.
fn with_overrides<'a>(
    defaults: impl Iterator<Item = &'a str>,
    extra: impl Iterator<Item = &'a str>,
) -> Vec<&'a str> {
    let pairs = |words: Vec<&'a str>| -> Vec<(&'a str, &'a str)> {
        words
            .chunks(2)
            .map(|p| (p[0], p.get(1).copied().unwrap_or("")))
            .collect()
    };
    let mut args = pairs(defaults.collect());
    for (name, value) in pairs(extra.collect()) {
        match args.iter_mut().find(|(n, _)| *n == name) {
            Some(arg) => arg.1 = value,
            None => args.push((name, value)),
        }
    }
    args.into_iter().flat_map(|(n, v)| [n, v]).collect()
}

impl Recognizer for Pocketsphinx {
    fn backend(&self) -> Backend {
        Backend::Pocketsphinx
    }

    fn set_grammar(&mut self, grammar: &Grammar) -> Result<GrammarReport, AsrError> {
        let started = Instant::now();
        self.end_utterance();
        self.learn(&grammar.words())?;
        let mut report = GrammarReport::default();
        let known = &self.known;
        let (text, jsgf) = grammar.to_jsgf(&|word: &str| {
            let t = token(word);
            known.contains(&t).then_some(t)
        });
        report.missing_words = jsgf.missing_words;
        report.phrases = jsgf.rules;
        let Some(text) = text else {
            return Err(AsrError::EmptyGrammar(report.missing_words.join(", ")));
        };
        // For finding out why something is (not) heard: the grammar as pocketsphinx gets it.
        if let Some(path) = std::env::var_os("ROCHADE_JSGF_DUMP") {
            let _ = std::fs::write(path, &text);
        }
        let text = match std::env::var_os("ROCHADE_JSGF_OVERRIDE") {
            Some(path) => std::fs::read_to_string(path).unwrap_or(text),
            None => text,
        };
        let mut spelling = HashMap::new();
        for word in grammar.words() {
            spelling.entry(token(&word)).or_insert(word);
        }
        self.searches_made += 1;
        let name = CString::new(format!("g{}", self.searches_made))
            .map_err(|e| AsrError::Grammar(e.to_string()))?;
        let text = CString::new(text).map_err(|e| AsrError::Grammar(e.to_string()))?;
        // SAFETY: valid strings; the decoder copies the grammar into its own search.
        let ok = unsafe {
            ffi::ps_set_jsgf_string(self.ps(), name.as_ptr(), text.as_ptr()) == 0
                && ffi::ps_set_search(self.ps(), name.as_ptr()) == 0
        };
        if !ok {
            return Err(AsrError::Grammar(format!(
                "pocketsphinx rejected the JSGF grammar of {} rules",
                report.phrases
            )));
        }
        if let Some(old) = self.search.replace(name) {
            // SAFETY: the old search is not the active one any more.
            unsafe { ffi::ps_unset_search(self.ps(), old.as_ptr()) };
        }
        self.spelling = spelling;
        self.grammar = Some(grammar.clone());
        report.compile_ms = started.elapsed().as_secs_f64() * 1000.0;
        Ok(report)
    }

    fn accept(&mut self, samples: &[i16]) -> Result<(), AsrError> {
        if self.search.is_none() {
            return Err(AsrError::NoGrammar);
        }
        if !self.in_utterance {
            self.utterance.clear();
        }
        self.utterance.extend_from_slice(samples);
        self.decode(samples)
    }

    fn partial(&mut self) -> Option<String> {
        if !self.in_utterance {
            return None;
        }
        self.best_hypothesis().map(|(text, _)| text)
    }

    fn finish(&mut self) -> Result<Vec<Alternative>, AsrError> {
        if !self.in_utterance {
            return Ok(Vec::new());
        }
        self.end_utterance();
        self.decoded += 1;
        let mut best = self.best_hypothesis();
        if best.is_none() || self.decoded <= FIRST_UTTERANCES {
            // The cepstral mean has just adapted to this utterance: a second pass with it
            // often finds the path the first could not (a new speaker, a new room).
            let audio = std::mem::take(&mut self.utterance);
            self.decode(&audio)?;
            self.end_utterance();
            best = self.best_hypothesis().or(best);
        }
        self.utterance.clear();
        let Some((best, best_score)) = best else {
            return Ok(Vec::new());
        };
        // The n-best list's own scores: the best path's score from ps_get_hyp is on another
        // scale (comparing the two made every alternative look as good as the best).
        let mut listed: Vec<(String, i32)> = Vec::new();
        // SAFETY: after ps_end_utt the n-best iterator is valid until the next utterance;
        // strings are copied at once, the iterator freed unless exhausted.
        unsafe {
            let mut nbest = ffi::ps_nbest(self.ps());
            let mut seen = 0;
            while !nbest.is_null() && listed.len() < self.n_best.max(1) * 2 && seen < 50 {
                seen += 1;
                let mut score = 0i32;
                let h = ffi::ps_nbest_hyp(nbest, &mut score);
                if !h.is_null() {
                    let text = self.respell(&CStr::from_ptr(h).to_string_lossy());
                    if self.grammar.as_ref().is_some_and(|g| g.contains(&text))
                        && !listed.iter().any(|(t, _)| *t == text)
                    {
                        listed.push((text, score));
                    }
                }
                nbest = ffi::ps_nbest_next(nbest);
            }
            if !nbest.is_null() {
                ffi::ps_nbest_free(nbest);
            }
        }
        if std::env::var_os("ROCHADE_VOICE_LOG").is_some() {
            eprintln!("pocketsphinx: best {best:?} ({best_score}), n-best {listed:?}");
        }
        // The best path first, with the best score of the list (or its own where the list
        // lacks it); the others in the list's order.
        let top = listed.iter().map(|(_, s)| *s).max().unwrap_or(best_score);
        let mut scored: Vec<(String, i32)> = vec![(best.clone(), top)];
        for (text, score) in listed {
            if text != best && scored.len() < self.n_best {
                scored.push((text, score));
            }
        }
        Ok(confidences(&scored))
    }

    fn cancel(&mut self) {
        self.end_utterance();
        self.utterance.clear();
    }

    fn warm_up(&mut self) -> Result<(), AsrError> {
        // Nothing is loaded lazily that a warm-up would help with, and without a grammar
        // there is no search to run.
        Ok(())
    }
}

/// Turns path scores into confidences that sum to 1 over the list, best first (the best
/// path keeps first place even if an n-best entry scored higher on its own).
fn confidences(scored: &[(String, i32)]) -> Vec<Alternative> {
    let Some((_, top)) = scored.first() else {
        return Vec::new();
    };
    let units = score_units();
    let weights: Vec<f64> = scored
        .iter()
        .map(|(_, s)| {
            let diff = (f64::from(*s) - f64::from(*top)).min(0.0);
            (diff / units).exp()
        })
        .collect();
    let total: f64 = weights.iter().sum();
    scored
        .iter()
        .zip(weights)
        .map(|((text, _), w)| Alternative::new(text.clone(), (w / total) as f32))
        .collect()
}

impl Drop for Pocketsphinx {
    fn drop(&mut self) {
        self.end_utterance();
        // SAFETY: the decoder was created by ps_init and is freed once.
        unsafe { ffi::ps_free(self.ps()) };
    }
}

/// The dictionary text pocketsphinx would use for a grammar (for inspection and tests).
pub fn dictionary_text(grammar: &Grammar) -> (String, Vec<String>) {
    let (dict, missing) = dictionary::build(&grammar.words(), grammar.lang());
    (dict.to_text(), missing)
}

/// Where the installed pocketsphinx model is, if any.
pub fn installed_model() -> Option<PathBuf> {
    let dir = PathBuf::from(DEFAULT_MODEL_DIR);
    dir.join("en-us").join("mdef").is_file().then_some(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_arguments_replace_defaults_of_the_same_name() {
        let args = with_overrides(
            ["-hmm", "m", "-wip", "0.01"].into_iter(),
            ["-wip", "0.5", "-beam", "1e-60"].into_iter(),
        );
        assert_eq!(args, ["-hmm", "m", "-wip", "0.5", "-beam", "1e-60"]);
    }

    #[test]
    fn confidences_follow_scores_and_sum_to_one() {
        let c = confidences(&[
            ("a".into(), -1000),
            ("b".into(), -31000),
            ("c".into(), -1000),
        ]);
        let sum: f32 = c.iter().map(|a| a.confidence).sum();
        assert!((sum - 1.0).abs() < 1e-4);
        assert!(c[0].confidence > c[1].confidence);
        assert!((c[0].confidence - c[2].confidence).abs() < 1e-6);
        assert!(confidences(&[]).is_empty());
    }

    #[test]
    fn missing_model_is_a_clear_error() {
        let err = Pocketsphinx::new(Path::new("/nonexistent"), Lang::De, 3).err();
        assert!(matches!(err, Some(AsrError::PocketsphinxInit(_))));
    }
}
