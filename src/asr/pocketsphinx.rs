//! The pocketsphinx backend (Debian's pocketsphinx 5prealpha with its en-us acoustic model):
//! recognition works right after the set-up, with no model download, and in CI.
//!
//! The grammar is a JSGF phrase list (each phrase of the position is one alternative, not a
//! free word grammar: that is what makes pocketsphinx accurate enough here), and the words
//! get a pronunciation dictionary generated for them ([`super::dictionary`]): the German
//! words spelled in English phones. Pocketsphinx sees ASCII-folded words (`laeufer`); the
//! results are mapped back to the grammar's spelling.
//!
//! Pocketsphinx gives no usable confidence in grammar mode (every word has posterior 1), and
//! a grammar search forces any speech onto its nearest phrase. So the confidences here come
//! from two measures: the n-best path scores share out the confidence among the phrases, and
//! a second decoder, a free loop of phones fed the same audio, says how much of it is left
//! to "none of these" ([`AcousticFit`]: how far the grammar's best path scores behind the
//! loop, per frame of speech; see [`FitLimits`]).
//!
//! The decoder settings were chosen with `rochade bench voice` on voices and games other
//! than the benchmark's own (see [`DECODER_ARGS`]). The decoder normalises the cepstrum
//! with a running mean that starts from the model's defaults and adapts from utterance to
//! utterance; the first utterances of a decoder whose first pass does not already fit the
//! grammar well, and any for which the search found no path, are decoded once more with the
//! mean the first pass has just adapted.
//! A recording heard alone (`interpret --wav`) is first heard through once for its own mean
//! ([`take_own_mean`]).
mod ffi;
mod filler_pass;
mod fit;
mod phone_loop;

pub use fit::{AcousticModel, FitLimits};
use fit::{Shares, acoustic_fit, with_fit};
use phone_loop::PhoneLoopThread;

use std::collections::{BTreeSet, HashMap};
use std::ffi::{CStr, CString, c_char};
use std::path::{Path, PathBuf};
use std::ptr::NonNull;
use std::time::Instant;

use super::dictionary::{self, token};
use super::grammar::{Alternative, Grammar};
use super::{
    AcousticFit, AsrError, Backend, CHUNK, GrammarReport, POCKETSPHINX_MODEL_DIR, Recognizer,
};
use crate::lang::Lang;

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
    /// Whose acoustic model hears: its fit limits depend on it.
    model: AcousticModel,
    n_best: usize,
    /// Tokens the decoder has pronunciations for.
    known: BTreeSet<String>,
    /// Token → the phones of its shortest pronunciation.
    phone_counts: HashMap<String, usize>,
    /// Tokens that could not be pronounced (reported, never retried).
    unpronounceable: BTreeSet<String>,
    /// Filler tokens the decoder takes as noise anywhere ([`absorbed_fillers`]): never
    /// grammar words.
    absorbed: BTreeSet<String>,
    /// The tokens that stand around a phrase: the absorbed fillers and the grammar's.
    fillers: BTreeSet<String>,
    /// Token → the word as the grammar spells it.
    spelling: HashMap<String, String>,
    /// The phrases of the search, respelled: the n-best list also holds paths that stop
    /// part-way through a phrase ("springer cäsar"), which are left out.
    /// The grammar of the active search: an n-best entry counts only when it is a whole
    /// utterance of it (the lattice also holds paths that stop part-way).
    grammar: Option<Grammar>,
    search: Option<CString>,
    /// The filler pass's search ([`Grammar::to_filler_jsgf`]), where the grammar has one.
    filler_search: Option<CString>,
    searches_made: u64,
    in_utterance: bool,
    /// The audio of the utterance in progress, for a second pass.
    utterance: Vec<i16>,
    /// Utterances decoded so far.
    decoded: u64,
    /// The free phone loop heard alongside the grammar, for the acoustic fit.
    verifier: Option<PhoneLoopThread>,
    /// The fit of the last utterance finished.
    last_fit: Option<AcousticFit>,
    /// The words of the last utterance's best path, as the dictionary names their
    /// pronunciations ("koenig(3)"), without silences and noise.
    last_path: Vec<String>,
}

/// How likely the decoder takes a filler word ("uh", "please") between two words, against
/// pocketsphinx's 1e-8 for its noise words. On the English tuning set's filler forms ("so
/// uh, the queen e two please"), 1e-3 doubled the right readings, with right readings of the
/// other forms, wrong moves and the rejection set unchanged.
const FILLER_PROBABILITY: &str = "1e-3";

/// The fillers the decoder takes as noise, anywhere in an utterance: the vocabulary's
/// `[recognizer] noise_fillers` that no move phrase uses ("the" is in "takes the"). Each one
/// costs decoding time, which is why the list is short (see `grammars/en.toml`).
fn absorbed_fillers(vocab: &crate::vocab::Vocab) -> BTreeSet<String> {
    if vocab.noise_fillers().is_empty() {
        return BTreeSet::new();
    }
    let grammar = Grammar::for_position(&shakmaty::Chess::default(), vocab);
    let used = grammar.rule_words();
    grammar
        .filler_words()
        .into_iter()
        .filter(|w| {
            // the list is folded ("aeh"), the grammar spells ("äh")
            vocab
                .noise_fillers()
                .contains(&crate::vocab::normalize_word(w))
                && !used.contains(w)
        })
        .collect()
}

/// The model's noise dictionary with those of `fillers` that can be pronounced added, in a
/// temporary file that lives until the decoder has read it, and their pronunciations;
/// `None` when there are none or the file cannot be written (then the decoder starts with
/// the model's own, as before).
fn filler_dictionary(
    hmm: &Path,
    fillers: &BTreeSet<String>,
    lang: Lang,
) -> Option<(tempfile::NamedTempFile, dictionary::Dictionary)> {
    if fillers.is_empty() {
        return None;
    }
    let mut text = std::fs::read_to_string(hmm.join("noisedict")).ok()?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let (dict, _) = dictionary::build(fillers, lang);
    // none of them pronounceable: the model's own noise words only
    dict.tokens().next()?;
    text.push_str(&dict.to_text());
    let mut file = tempfile::NamedTempFile::new().ok()?;
    std::io::Write::write_all(&mut file, text.as_bytes()).ok()?;
    Some((file, dict))
}

/// The built-in vocabulary whose words `lang`'s games speak.
fn builtin(lang: Lang) -> crate::vocab::Vocab {
    crate::vocab::Vocab::builtin(lang.default_vocabulary())
}

/// Starts a pocketsphinx decoder on the acoustic model `hmm` with the project's settings and
/// `more` arguments.
fn start_decoder(hmm: &Path, more: &[&str]) -> Result<NonNull<ffi::ps_decoder_t>, AsrError> {
    let init_error = || AsrError::PocketsphinxInit(hmm.to_path_buf());
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
    let args = with_overrides(
        args.iter().chain(DECODER_ARGS.iter()).copied(),
        more.iter().copied(),
    );
    // expert tuning: extra decoder options, e.g. "-beam 1e-60"
    let extra = std::env::var("ROCHADE_POCKETSPHINX_ARGS").unwrap_or_default();
    let args = with_overrides(args.into_iter(), extra.split_whitespace());
    let c_args: Vec<CString> = args
        .iter()
        .map(|a| CString::new(*a).map_err(|_| init_error()))
        .collect::<Result<_, _>>()?;
    let mut argv: Vec<*mut c_char> = c_args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    // SAFETY: argv points at NUL-terminated strings that live until after ps_init, which
    // copies what it keeps; a null log stream turns sphinxbase's chatter off.
    let decoder = unsafe {
        // For finding out why a phrase is not heard ("Final result does not match the
        // grammar"): pocketsphinx's own log on standard error.
        if std::env::var_os("ROCHADE_PS_LOG").is_some() {
            ffi::err_set_logfp(libc::fdopen(2, c"w".as_ptr()) as *mut _);
        } else {
            ffi::err_set_logfp(std::ptr::null_mut());
        }
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
    NonNull::new(decoder).ok_or_else(init_error)
}

/// One segment of a best path: a word (or phone), its frames, its acoustic score.
#[derive(Debug, Clone)]
struct Segment {
    word: String,
    start: i32,
    end: i32,
    acoustic: i32,
}

impl Segment {
    fn frames(&self) -> i32 {
        (self.end - self.start + 1).max(1)
    }

    /// Silence and noise: `<sil>`, `<s>`, `[NOISE]`, `SIL`, `+NSN+` (`+SPN+`, speech noise,
    /// is speech).
    fn is_silence(&self) -> bool {
        self.word.starts_with('<') || matches!(self.word.as_str(), "SIL" | "+NSN+" | "[NOISE]")
    }
}

/// The segments of the best path of the ended utterance.
///
/// # Safety
/// `ps` is a live decoder whose utterance has just ended.
unsafe fn path_segments(ps: *mut ffi::ps_decoder_t) -> Vec<Segment> {
    let mut segments = Vec::new();
    // SAFETY: the caller's promise; the iterator is valid until exhausted, strings are copied.
    unsafe {
        let mut seg = ffi::ps_seg_iter(ps);
        while !seg.is_null() {
            let (mut ascr, mut lscr, mut lback) = (0i32, 0i32, 0i32);
            ffi::ps_seg_prob(seg, &mut ascr, &mut lscr, &mut lback);
            let (mut start, mut end) = (0, 0);
            ffi::ps_seg_frames(seg, &mut start, &mut end);
            let word = ffi::ps_seg_word(seg);
            let word = if word.is_null() {
                String::new()
            } else {
                CStr::from_ptr(word).to_string_lossy().into_owned()
            };
            segments.push(Segment {
                word,
                start,
                end,
                acoustic: ascr,
            });
            seg = ffi::ps_seg_next(seg);
        }
    }
    segments
}

/// The cepstra the model's features are made of: the CMN state is used only when the
/// decoder's feature computation says it has as many (a check that the layout declared in
/// [`ffi::feat_t`] is this library's).
const CEPSTRA: i32 = 13;

/// Hears `samples` alone on `ps`, then sets the decoder's running cepstral mean to theirs,
/// weighted as a mean heard over several utterances: a recording heard by a fresh decoder
/// otherwise starts from the model's default mean and moves only part of the way towards
/// the voice's during it, where a game's earlier utterances have brought it there. False,
/// and the decoder as it was but for that utterance, when the CMN state is not as this
/// build of sphinxbase declares it or nothing of the recording was heard as speech.
///
/// # Safety
/// `ps` is a valid decoder with a search set and no utterance in progress.
unsafe fn take_own_mean(ps: *mut ffi::ps_decoder_t, samples: &[i16]) -> bool {
    // SAFETY: per the contract; the feature and CMN structures belong to the decoder and
    // live as long as it, and are checked against what the header declares before use.
    unsafe {
        let feat = ffi::ps_get_feat(ps);
        if feat.is_null() || (*feat).cepsize != CEPSTRA || (*feat).cmn == ffi::CMN_NONE {
            return false;
        }
        let cmn = (*feat).cmn_struct;
        if cmn.is_null() || (*cmn).veclen != CEPSTRA || (*cmn).sum.is_null() {
            return false;
        }
        let len = CEPSTRA as usize;
        let before: Vec<f32> = std::slice::from_raw_parts((*cmn).cmn_mean, len).to_vec();
        // Forget what was heard before: the sums are then of this recording alone.
        std::slice::from_raw_parts_mut((*cmn).sum, len).fill(0.0);
        (*cmn).nframe = 0;
        if ffi::ps_start_utt(ps) < 0 {
            ffi::cmn_live_set(cmn, before.as_ptr());
            return false;
        }
        for chunk in samples.chunks(CHUNK) {
            ffi::ps_process_raw(ps, chunk.as_ptr(), chunk.len(), 0, 0);
        }
        ffi::ps_end_utt(ps);
        // The sums and their count, not the mean: the library updates the mean at the
        // utterance's end only when frames are left to process then.
        let frames = (*cmn).nframe;
        let heard = frames > 0;
        let mean: Vec<f32> = if heard {
            std::slice::from_raw_parts((*cmn).sum, len)
                .iter()
                .map(|sum| sum / frames as f32)
                .collect()
        } else {
            before
        };
        if std::env::var_os("ROCHADE_VOICE_LOG").is_some() {
            eprintln!("pocketsphinx: own cepstral mean {mean:?}");
        }
        ffi::cmn_live_set(cmn, mean.as_ptr());
        heard
    }
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
        let (decoder, fillers) =
            match filler_dictionary(&hmm, &absorbed_fillers(&builtin(lang)), lang) {
                Some((fdict, fillers)) => {
                    let path = fdict.path().to_string_lossy().into_owned();
                    let args = ["-fdict", &path, "-fillprob", FILLER_PROBABILITY];
                    (start_decoder(&hmm, &args)?, fillers)
                }
                None => (start_decoder(&hmm, &[])?, dictionary::Dictionary::default()),
            };
        // A filler's phones count in the acoustic fit like a word's: "now, queen e two
        // please" is no phrase stretched over a longer sentence.
        let phone_counts: HashMap<String, usize> = fillers
            .tokens()
            .filter_map(|t| {
                let shortest = fillers.get(t)?.iter().map(|p| p.split_whitespace().count());
                Some((t.to_string(), shortest.min()?))
            })
            .collect();
        let absorbed: BTreeSet<String> = fillers.tokens().map(str::to_string).collect();
        if std::env::var_os("ROCHADE_VOICE_LOG").is_some() {
            eprintln!("pocketsphinx: noise words {absorbed:?}");
        }
        Ok(Pocketsphinx {
            decoder,
            lang,
            model: AcousticModel::of(&hmm, lang),
            n_best: n_best.max(1),
            known: BTreeSet::new(),
            phone_counts,
            unpronounceable: BTreeSet::new(),
            fillers: absorbed.clone(),
            absorbed,
            spelling: HashMap::new(),
            grammar: None,
            search: None,
            filler_search: None,
            searches_made: 0,
            in_utterance: false,
            utterance: Vec::new(),
            decoded: 0,
            verifier: PhoneLoopThread::start(&hmm).ok(),
            last_fit: None,
            last_path: Vec::new(),
        })
    }

    /// The words of the last finished utterance's best path with the pronunciation each was
    /// heard in ("koenig(3)" for the third), as the training tools take a transcript.
    pub fn last_path(&self) -> &[String] {
        &self.last_path
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
                !self.known.contains(&t)
                    && !self.unpronounceable.contains(&t)
                    && !self.absorbed.contains(&t)
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
                let phones = pron.split_whitespace().count();
                self.phone_counts
                    .entry(tok.to_string())
                    .and_modify(|n| *n = (*n).min(phones))
                    .or_insert(phones);
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

    /// The n-best list of the utterance just ended, respelled, whole utterances of the
    /// grammar only, each once, with its own score.
    fn nbest_in_grammar(&mut self) -> Vec<(String, i32)> {
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
        listed
    }

    /// The fit of the grammar path `words` against the loop's `phones`.
    fn fit_of(
        &self,
        words: &[Segment],
        phones: &[Segment],
        limits: &FitLimits,
    ) -> Option<AcousticFit> {
        acoustic_fit(
            words,
            phones,
            &self.phone_counts,
            &self.fillers,
            limits.noisy_reject_gap,
        )
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
        // An absorbed filler is heard, as noise: "yes please" is "yes" and a filler.
        report.missing_words = jsgf.missing_words;
        report
            .missing_words
            .retain(|w| !self.absorbed.contains(&token(w)));
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
        let filler_text = grammar
            .has_filler_pass()
            .then(|| {
                grammar.to_filler_jsgf(&|word: &str| {
                    let t = token(word);
                    self.known.contains(&t).then_some(t)
                })
            })
            .flatten()
            .and_then(|t| CString::new(t).ok());
        let filler_name = CString::new(format!("f{}", self.searches_made))
            .map_err(|e| AsrError::Grammar(e.to_string()))?;
        // SAFETY: valid strings; the decoder copies the grammars into searches of its own and
        // activates the first.
        let ok = unsafe {
            ffi::ps_set_jsgf_string(self.ps(), name.as_ptr(), text.as_ptr()) == 0
                && ffi::ps_set_search(self.ps(), name.as_ptr()) == 0
        };
        // SAFETY: as above; a filler grammar pocketsphinx refuses only leaves the pass out.
        let filler_search = filler_text
            .filter(|f| unsafe {
                ffi::ps_set_jsgf_string(self.ps(), filler_name.as_ptr(), f.as_ptr()) == 0
            })
            .map(|_| filler_name);
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
        if let Some(old) = std::mem::replace(&mut self.filler_search, filler_search) {
            // SAFETY: a filler search is active only within `finish`.
            unsafe { ffi::ps_unset_search(self.ps(), old.as_ptr()) };
        }
        self.spelling = spelling;
        self.fillers = grammar.filler_words().iter().map(|w| token(w)).collect();
        self.fillers.extend(self.absorbed.iter().cloned());
        self.grammar = Some(grammar.clone());
        report.compile_ms = started.elapsed().as_secs_f64() * 1000.0;
        if std::env::var_os("ROCHADE_VOICE_LOG").is_some() {
            eprintln!(
                "pocketsphinx: grammar of {} rules set in {:.1} ms, filler pass {}",
                report.phrases,
                report.compile_ms,
                self.filler_search.is_some()
            );
        }
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
        if let Some(v) = &self.verifier {
            v.accept(samples);
        }
        self.decode(samples)
    }

    fn hear_alone(&mut self, samples: &[i16]) -> Result<(), AsrError> {
        if self.search.is_none() {
            return Err(AsrError::NoGrammar);
        }
        self.cancel();
        if let Some(v) = &self.verifier {
            v.take_own_mean(samples);
        }
        // SAFETY: a search is set and no utterance is in progress (cancelled above).
        unsafe { take_own_mean(self.ps(), samples) };
        Ok(())
    }

    fn finish_best(&mut self) -> Result<Option<String>, AsrError> {
        if !self.in_utterance {
            return Ok(None);
        }
        // The grammar search alone: no second pass, no lattice, no n-best, and the phone
        // loop's utterance ends on its own thread, unwaited for. Both adapt their cepstral
        // mean at the end, as after a full finish: the fit limits were measured so.
        self.end_utterance();
        if let Some(v) = &self.verifier {
            v.cancel();
        }
        self.last_fit = None;
        Ok(self.best_hypothesis().map(|(text, _)| text))
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
        let t0 = Instant::now();
        let utterance_ms = self.utterance.len() / 16;
        self.end_utterance();
        self.last_fit = None;
        self.last_path.clear();
        self.decoded += 1;
        let mut best = self.best_hypothesis();
        let t_end = t0.elapsed();
        // SAFETY: the utterance has just ended.
        let mut path = unsafe { path_segments(self.ps()) };
        let mut phones = self
            .verifier
            .as_ref()
            .map(PhoneLoopThread::finish)
            .unwrap_or_default();
        let t_loop = t0.elapsed();
        // (read once: the limits may come from the environment, for measuring)
        let limits = FitLimits::active(self.lang, self.model);
        // A first pass that already fits the grammar well needs no second one: the second
        // pass costs as much as the first, and the read-back waits for it.
        let mut gap = self.fit_of(&path, &phones, &limits);
        let settled = gap.is_some_and(|fit| fit.gap <= limits.sure_gap);
        let second = best.is_none() || (self.decoded <= FIRST_UTTERANCES && !settled);
        let audio = std::mem::take(&mut self.utterance);
        if second {
            // The cepstral mean has just adapted to this utterance: a second pass with it
            // often finds the path the first could not (a new speaker, a new room).
            if let Some(v) = &self.verifier {
                v.accept(&audio);
            }
            self.decode(&audio)?;
            self.end_utterance();
            if let Some(again) = self.best_hypothesis() {
                best = Some(again);
                // SAFETY: the second pass has just ended.
                path = unsafe { path_segments(self.ps()) };
            }
            if let Some(v) = &self.verifier {
                let again = v.finish();
                if !again.is_empty() {
                    phones = again;
                }
            }
            gap = self.fit_of(&path, &phones, &limits);
        }
        let t_second = t0.elapsed();
        self.utterance.clear();
        let Some((best, best_score)) = best else {
            return Ok(Vec::new());
        };
        // No phone loop: no measure. A loop but no fit: the paths could not be compared,
        // which is no reason to be sure.
        let mut shares = match (&self.verifier, gap) {
            (_, Some(gap)) => Shares::of(
                &limits,
                gap,
                self.grammar.as_ref().is_some_and(|g| !g.has_moves()),
            ),
            (None, None) => Shares::all(1.0),
            (Some(_), None) => Shares::all(0.5),
        };
        let mut best = best;
        let mut best_score = best_score;
        let mut filler_pass = false;
        if shares.is_none()
            && !phones.is_empty()
            && let Some(again) = self.filler_pass(&audio, &limits)?
        {
            best = again.text;
            best_score = again.score;
            path = again.path;
            gap = again.fit;
            shares = again.shares;
            filler_pass = true;
        }
        // The n-best list's own scores: the best path's score from ps_get_hyp is on another
        // scale (comparing the two made every alternative look as good as the best).
        let mut listed: Vec<(String, i32)> = Vec::new();
        let mut t_lattice = t0.elapsed();
        // Where the fit leaves no reading any confidence, the utterance is not understood
        // whatever the other readings are: the lattice, most of a final decode's cost, would
        // only delay saying so.
        // A reading of the filler pass is asked back anyway, and its search's lattice, with
        // a filler between every two words, takes as long again to build as the pass: no
        // n-best list for it (held-out set, quiet: moves read back at p95 303 ms with it, 241
        // without, as before the pass).
        if !shares.is_none() && !filler_pass {
            // The word lattice is built once per utterance (ps_nbest reuses it); timed on its
            // own, as it is most of what the n-best list costs.
            // SAFETY: the utterance has just ended.
            unsafe { ffi::ps_get_lattice(self.ps()) };
            t_lattice = t0.elapsed();
            listed = self.nbest_in_grammar();
        }
        let t_nbest = t0.elapsed();
        self.last_fit = gap;
        self.last_path = path
            .iter()
            .filter(|s| !s.is_silence())
            .map(|s| s.word.clone())
            .collect();
        if std::env::var_os("ROCHADE_VOICE_LOG").is_some() {
            eprintln!(
                "pocketsphinx: best {best:?} ({best_score}), n-best {listed:?}, fit {gap:?}, filler pass {filler_pass}"
            );
            let words: Vec<String> = path
                .iter()
                .map(|s| format!("{}@{}-{}", s.word, s.start, s.end))
                .collect();
            eprintln!("pocketsphinx: path {}", words.join(" "));
            eprintln!(
                "pocketsphinx: finished {utterance_ms} ms of audio: utterance ended at {:.1}, phone loop at {:.1}, second pass ({second}) at {:.1}, lattice at {:.1}, n-best at {:.1}",
                t_end.as_secs_f64() * 1e3,
                t_loop.as_secs_f64() * 1e3,
                t_second.as_secs_f64() * 1e3,
                t_lattice.as_secs_f64() * 1e3,
                t_nbest.as_secs_f64() * 1e3,
            );
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
        Ok(with_fit(
            confidences(&scored),
            self.grammar.as_ref(),
            shares,
        ))
    }

    fn fit(&self) -> Option<AcousticFit> {
        self.last_fit
    }

    fn cancel(&mut self) {
        self.end_utterance();
        if let Some(v) = &self.verifier {
            v.cancel();
        }
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
    let dir = PathBuf::from(POCKETSPHINX_MODEL_DIR);
    dir.join("en-us").join("mdef").is_file().then_some(dir)
}

#[cfg(test)]
mod tests;
