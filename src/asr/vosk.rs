//! The Vosk backend (crate `vosk`, `libvosk.so` from the set-up): the accurate recognizer,
//! with a model from `rochade models fetch`.
//!
//! Three things about Vosk grammars shape this module:
//! * a grammar word the model does not know is silently dropped, so every word is checked
//!   with `find_word` and phrases with unknown words are left out and reported by name;
//! * the grammar is compiled into a bigram model, not a phrase list, so results can be word
//!   sequences no phrase has: [`super::recognize`] checks them against the phrase set;
//! * the `vosk` crate writes the grammar JSON without escaping, so phrases are escaped here.
//!
//! The model is loaded once ([`VoskModel`], about 2 s and 0.5 GB for a small model) and
//! shared; a recognizer is compiled per grammar (about 0.1 s). [`check`] loads a model and
//! lists the vocabulary's words it lacks (`rochade models check`).
//!
//! libvosk aborts the process on some damaged models, so [`VoskModel::load`] first checks
//! the model's files against the record made when it was fetched, or, for a model without
//! one, tries it in a child process ([`crate::models::integrity`], which runs [`exercise`]
//! there).
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::grammar::{Alternative, Grammar, normalize};
use super::{AsrError, Backend, GrammarReport, Recognizer, SAMPLE_RATE};

/// A loaded Vosk model.
pub struct VoskModel {
    model: Mutex<vosk::Model>,
    pub path: PathBuf,
    pub load_time: Duration,
    /// Whether the model has the garbage word `[unk]` (the small Korean model has not).
    pub has_unk: bool,
    /// How the model was known to be whole before it was loaded.
    pub assurance: crate::models::Assurance,
}

impl VoskModel {
    /// Loads the model directory (`am/`, `conf/`, `graph/` …), after checking its files
    /// against their record, or trying it in a child process when it has none
    /// ([`crate::models::integrity::before_load`]): a damaged model is an error naming the
    /// file where that can be told, never a crash of this process.
    pub fn load(path: &Path) -> Result<VoskModel, AsrError> {
        if !path.is_dir() {
            return Err(AsrError::ModelNotFound(path.to_path_buf()));
        }
        let assurance = crate::models::integrity::before_load(path)?;
        let mut model = VoskModel::load_unchecked(path)?;
        model.assurance = assurance;
        Ok(model)
    }

    /// Loads the model directory in this process as it is: libvosk may abort on a damaged
    /// model. For the trial load in the child process.
    pub fn load_unchecked(path: &Path) -> Result<VoskModel, AsrError> {
        VoskModel::load_logging(path, vosk::LogLevel::Error)
    }

    fn load_logging(path: &Path, log: vosk::LogLevel) -> Result<VoskModel, AsrError> {
        if !path.is_dir() {
            return Err(AsrError::ModelNotFound(path.to_path_buf()));
        }
        let path_str = path
            .to_str()
            .ok_or_else(|| AsrError::ModelLoad(path.to_path_buf()))?;
        vosk::set_log_level(log);
        let started = Instant::now();
        let mut model =
            vosk::Model::new(path_str).ok_or_else(|| AsrError::ModelLoad(path.to_path_buf()))?;
        let load_time = started.elapsed();
        let has_unk = model.find_word("[unk]").is_some();
        Ok(VoskModel {
            model: Mutex::new(model),
            path: path.to_path_buf(),
            load_time,
            has_unk,
            assurance: crate::models::Assurance::Unchecked,
        })
    }

    /// Whether the model can recognize `word` (lower case, as the model spells it).
    pub fn has_word(&self, word: &str) -> bool {
        let mut model = self.model.lock().unwrap_or_else(|p| p.into_inner());
        model.find_word(word).is_some()
    }

    /// The words of `words` the model lacks, in the given order, without repeats.
    pub fn missing_words(&self, words: &[String]) -> Vec<String> {
        let mut missing: Vec<String> = Vec::new();
        for word in words {
            let word = word.to_lowercase();
            if !missing.contains(&word) && !self.has_word(&word) {
                missing.push(word);
            }
        }
        missing
    }

    fn with_model<T>(&self, f: impl FnOnce(&vosk::Model) -> T) -> T {
        let model = self.model.lock().unwrap_or_else(|p| p.into_inner());
        f(&model)
    }
}

/// The result of checking a model against the vocabulary.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckReport {
    pub model: PathBuf,
    pub checked: usize,
    /// Words the model lacks; with the spelling it has instead, if an umlaut or two-letter
    /// form of the word is known (`fuenf` missing, `fünf` known).
    pub missing: Vec<(String, Option<String>)>,
    pub load_seconds: f64,
    /// How its files were found whole before it was loaded.
    pub assurance: crate::models::Assurance,
}

/// Loads the model and lists the words of `words` it cannot recognize.
pub fn check(path: &Path, words: &[String]) -> Result<CheckReport, AsrError> {
    let model = VoskModel::load(path)?;
    let missing = model.missing_words(words);
    let missing = missing
        .into_iter()
        .map(|word| {
            let other = super::grammar::spellings(&word)
                .into_iter()
                .find(|v| *v != word && model.has_word(v));
            (word, other)
        })
        .collect();
    Ok(CheckReport {
        model: path.to_path_buf(),
        checked: words.len(),
        missing,
        load_seconds: model.load_time.as_secs_f64(),
        assurance: model.assurance.clone(),
    })
}

/// Words to compile a one-word grammar from in [`exercise`]: the first the model knows is
/// used (German, English, Korean: the models Rochade is used and tested with).
const EXERCISE_WORDS: [&str; 6] = ["ja", "yes", "eins", "one", "하나", "[unk]"];

/// The trial load of `rochade models probe DIR`, in a child process: what Rochade does with
/// a model (load it, decode a second of noise free-form as the warm-up does, compile a
/// one-word grammar and decode with it), each step announced on standard error first
/// ([`crate::models::integrity::PROBE_STEP`]) so that the parent can say where a crash hit.
pub fn exercise(path: &Path) -> Result<(), AsrError> {
    use crate::models::integrity::{LOADING, PROBE_STEP};
    eprintln!("{PROBE_STEP}{LOADING}");
    // Vosk's messages name the files it fails to read: the parent looks for them.
    let model = VoskModel::load_logging(path, vosk::LogLevel::Info)?;
    let word = EXERCISE_WORDS.iter().find(|w| model.has_word(w)).copied();
    let model = Arc::new(model);
    eprintln!("{PROBE_STEP}decoding a test sound");
    let mut recognizer = VoskRecognizer::new(model.clone(), 1);
    recognizer.warm_up()?;
    // A model that knows none of the words can have no grammar Rochade would compile (it
    // refuses an empty one), so there is nothing more to try.
    if let Some(word) = word {
        eprintln!("{PROBE_STEP}compiling a grammar");
        let noise = crate::audio::noise(SAMPLE_RATE as usize, 300, 7);
        let decoded = model.with_model(|model| {
            let mut recognizer =
                vosk::Recognizer::new_with_grammar(model, SAMPLE_RATE as f32, &[escaped(word)])?;
            eprintln!("{PROBE_STEP}decoding a test sound with the grammar");
            for chunk in noise.chunks(super::CHUNK) {
                let _ = recognizer.accept_waveform(chunk);
            }
            let _ = recognizer.final_result();
            Some(())
        });
        decoded.ok_or_else(|| AsrError::Grammar(format!("Vosk rejected the grammar {word:?}")))?;
    }
    Ok(())
}

/// A phrase as the `vosk` crate must be given it: JSON-escaped without the outer quotes,
/// which the crate adds itself.
fn escaped(phrase: &str) -> String {
    let quoted = serde_json::Value::String(phrase.to_string()).to_string();
    quoted[1..quoted.len() - 1].to_string()
}

/// A Vosk recognizer for the current grammar.
pub struct VoskRecognizer {
    model: Arc<VoskModel>,
    recognizer: Option<vosk::Recognizer>,
    n_best: usize,
    /// find_word answers, cached across grammars.
    known: HashMap<String, bool>,
    /// Results Vosk finalised by itself inside the current utterance (at a pause).
    earlier: Vec<String>,
    in_utterance: bool,
}

impl VoskRecognizer {
    pub fn new(model: Arc<VoskModel>, n_best: usize) -> VoskRecognizer {
        VoskRecognizer {
            model,
            recognizer: None,
            n_best: n_best.max(1),
            known: HashMap::new(),
            earlier: Vec::new(),
            in_utterance: false,
        }
    }

    pub fn model(&self) -> &Arc<VoskModel> {
        &self.model
    }

    fn knows(&mut self, word: &str) -> bool {
        if let Some(known) = self.known.get(word) {
            return *known;
        }
        let known = self.model.has_word(word);
        self.known.insert(word.to_string(), known);
        known
    }
}

fn alternatives_of(result: vosk::CompleteResult<'_>) -> Vec<Alternative> {
    match result {
        vosk::CompleteResult::Multiple(multiple) => {
            let scored: Vec<(String, f32)> = multiple
                .alternatives
                .iter()
                .map(|a| (normalize(a.text), a.confidence))
                .filter(|(t, _)| !t.is_empty())
                .collect();
            confidences(&scored)
        }
        vosk::CompleteResult::Single(single) => {
            let text = normalize(single.text);
            if text.is_empty() {
                Vec::new()
            } else {
                let conf = if single.result.is_empty() {
                    1.0
                } else {
                    single.result.iter().map(|w| w.conf).fold(1.0, f32::min)
                };
                vec![Alternative::new(text, conf)]
            }
        }
    }
}

/// Vosk's alternative "confidences" are lattice scores (larger is better, unbounded): they
/// become shares of 1 over the list, best first.
fn confidences(scored: &[(String, f32)]) -> Vec<Alternative> {
    let Some(top) = scored.iter().map(|(_, c)| *c).reduce(f32::max) else {
        return Vec::new();
    };
    let weights: Vec<f64> = scored
        .iter()
        .map(|(_, c)| (f64::from(*c) - f64::from(top)).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut out: Vec<Alternative> = Vec::new();
    for ((text, _), w) in scored.iter().zip(weights) {
        if let Some(existing) = out.iter_mut().find(|a| a.text == *text) {
            existing.confidence += (w / total) as f32;
        } else {
            out.push(Alternative::new(text.clone(), (w / total) as f32));
        }
    }
    out
}

impl Recognizer for VoskRecognizer {
    fn backend(&self) -> Backend {
        Backend::Vosk
    }

    fn set_grammar(&mut self, grammar: &Grammar) -> Result<GrammarReport, AsrError> {
        let started = Instant::now();
        self.cancel();
        let mut report = GrammarReport::default();
        // Vosk gets the words, not the utterances: its grammar is a word graph that can
        // produce sequences no rule has, so the n-best list is checked against the rules
        // afterwards (`Grammar::rank`), with the interpreter's matcher behind it.
        let mut phrases: Vec<String> = Vec::new();
        for word in grammar.words() {
            if self.knows(&word) {
                phrases.push(escaped(&word));
                continue;
            }
            // Another spelling the model has ("laeufer" for "läufer") stands in: the rules
            // compare folded words, so its results still match.
            match super::grammar::spellings(&word)
                .into_iter()
                .find(|v| *v != word && self.knows(v))
            {
                Some(other) => phrases.push(escaped(&other)),
                None if !report.missing_words.contains(&word) => report.missing_words.push(word),
                None => {}
            }
        }
        if phrases.is_empty() {
            return Err(AsrError::EmptyGrammar(report.missing_words.join(", ")));
        }
        // The plainest phrasing of each rule that needs a word the model lacks: said so.
        report.dropped_phrases = grammar
            .phrases()
            .filter(|p| {
                p.split(' ')
                    .any(|w| report.missing_words.iter().any(|m| m == w))
            })
            .collect();
        report.phrases = grammar.len() - report.dropped_phrases.len();
        if self.model.has_unk {
            // a garbage path, so that other speech can come out as "[unk]"
            phrases.push("[unk]".to_string());
        }
        let recognizer = self
            .model
            .with_model(|model| {
                vosk::Recognizer::new_with_grammar(model, SAMPLE_RATE as f32, &phrases)
            })
            .ok_or_else(|| {
                AsrError::Grammar(format!(
                    "Vosk rejected a grammar of {} phrases",
                    phrases.len()
                ))
            })?;
        let mut recognizer = recognizer;
        recognizer.set_max_alternatives(u16::try_from(self.n_best).unwrap_or(5));
        self.recognizer = Some(recognizer);
        report.compile_ms = started.elapsed().as_secs_f64() * 1000.0;
        Ok(report)
    }

    fn accept(&mut self, samples: &[i16]) -> Result<(), AsrError> {
        let Some(recognizer) = self.recognizer.as_mut() else {
            return Err(AsrError::NoGrammar);
        };
        self.in_utterance = true;
        let state = recognizer
            .accept_waveform(samples)
            .map_err(|e| AsrError::Decode(format!("{e:?}")))?;
        if state == vosk::DecodingState::Finalized {
            // Vosk ended an utterance by itself at a pause inside ours: keep its words.
            let result = recognizer.result();
            let best = alternatives_of(result).into_iter().next().map(|a| a.text);
            if let Some(text) = best {
                self.earlier.push(text);
            }
        }
        Ok(())
    }

    fn partial(&mut self) -> Option<String> {
        if !self.in_utterance {
            return None;
        }
        let recognizer = self.recognizer.as_mut()?;
        let partial = normalize(recognizer.partial_result().partial);
        let mut words = self.earlier.clone();
        if !partial.is_empty() {
            words.push(partial);
        }
        let text = words.join(" ");
        (!text.is_empty()).then_some(text)
    }

    fn finish(&mut self) -> Result<Vec<Alternative>, AsrError> {
        if !self.in_utterance {
            return Ok(Vec::new());
        }
        self.in_utterance = false;
        let Some(recognizer) = self.recognizer.as_mut() else {
            return Err(AsrError::NoGrammar);
        };
        let result = recognizer.final_result();
        let mut alternatives = alternatives_of(result);
        if let Some(recognizer) = self.recognizer.as_mut() {
            recognizer.reset();
        }
        let earlier = std::mem::take(&mut self.earlier);
        if !earlier.is_empty() {
            let prefix = earlier.join(" ");
            if alternatives.is_empty() {
                alternatives.push(Alternative::new(prefix, 1.0));
            } else {
                for a in &mut alternatives {
                    a.text = format!("{prefix} {}", a.text);
                }
            }
        }
        Ok(alternatives)
    }

    fn cancel(&mut self) {
        if let Some(recognizer) = self.recognizer.as_mut() {
            recognizer.reset();
        }
        self.earlier.clear();
        self.in_utterance = false;
    }

    /// Decodes a second of noise with a free-form recognizer: the model's graph is mapped
    /// lazily, and the first utterance would pay for it (1–2 s).
    fn warm_up(&mut self) -> Result<(), AsrError> {
        let noise = crate::audio::noise(SAMPLE_RATE as usize, 300, 11);
        let warmed = self.model.with_model(|model| {
            let mut recognizer = vosk::Recognizer::new(model, SAMPLE_RATE as f32)?;
            for chunk in noise.chunks(super::CHUNK) {
                let _ = recognizer.accept_waveform(chunk);
            }
            let _ = recognizer.final_result();
            Some(())
        });
        warmed.ok_or_else(|| AsrError::ModelLoad(self.model.path.clone()))?;
        self.cancel();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_are_escaped_for_the_crate() {
        assert_eq!(escaped("eva vier"), "eva vier");
        assert_eq!(escaped(r#"say "x" \ y"#), r#"say \"x\" \\ y"#);
    }

    #[test]
    fn lattice_scores_become_shares() {
        let c = confidences(&[
            ("a".into(), 200.0),
            ("b".into(), 198.0),
            ("a".into(), 190.0),
        ]);
        assert_eq!(c.len(), 2);
        let sum: f32 = c.iter().map(|a| a.confidence).sum();
        assert!((sum - 1.0).abs() < 1e-4);
        assert!(c[0].confidence > 0.8);
    }
}
