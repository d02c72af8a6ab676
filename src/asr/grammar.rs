//! The recognition grammar: the closed set of phrases a recognizer may hear in one situation,
//! each with what it means. In a position it is the spoken forms of the legal moves plus the
//! commands; while a question is pending, the small set of answers.
//!
//! Phrases are compared the way the interpreter compares words: lower case, single spaces,
//! German umlauts equal to their two-letter forms (`läufer` = `laeufer`). A recognizer's
//! result is checked against the set ([`Grammar::rank`]), because Vosk's grammar is a bigram
//! model that can produce word sequences no phrase has.
//!
//! ```
//! use rochade::asr::grammar::{Grammar, Meaning};
//! use rochade::lang::Lang;
//!
//! let mut grammar = Grammar::new(Lang::De);
//! grammar.add("Springer Felix drei", Meaning::Move("g1f3".into()));
//! grammar.add("Eva vier", Meaning::Move("e2e4".into()));
//! grammar.add("Eva zwei Eva vier", Meaning::Move("e2e4".into()));
//! grammar.add("Zeit", Meaning::Command("time".into()));
//! assert!(grammar.contains("springer  FELIX drei"));
//! // a complete, unambiguous phrase that no longer phrase continues: safe to commit early
//! assert!(grammar.is_final("springer felix drei"));
//! assert!(grammar.is_final("eva vier"));
//! assert!(!grammar.is_final("eva zwei")); // not a phrase
//! assert_eq!(grammar.words().len(), 7); // springer felix drei eva vier zwei zeit
//! ```
use std::collections::{BTreeMap, BTreeSet};

use shakmaty::Chess;

use crate::interpret::{self, uci};
use crate::lang::Lang;
use crate::vocab::{Command, Vocab, normalize_word};

/// What a phrase means, as far as the recognizer needs to know: enough to tell whether a
/// partial result is already one complete, unambiguous thing.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Meaning {
    /// A legal move, in UCI.
    Move(String),
    /// A command (`time`, `repeat`, …).
    Command(String),
    /// An answer to a pending question (`yes`, `no`, a promotion piece …).
    Answer(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    /// The phrase as first added, normalised (lower case, single spaces, umlauts kept).
    text: String,
    meanings: BTreeSet<Meaning>,
}

/// A closed set of phrases with their meanings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grammar {
    lang: Lang,
    /// Keyed by the folded form, so that `läufer` and `laeufer` are one phrase.
    entries: BTreeMap<String, Entry>,
    /// Other spellings of a word that mean the same (`cesar`: `cäsar`, `caesar` …), for a
    /// recognizer whose model lacks the first spelling.
    variants: BTreeMap<String, Vec<String>>,
}

/// One recognizer hypothesis: the words heard and how sure the recognizer was (0 to 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Alternative {
    pub text: String,
    pub confidence: f32,
}

impl Alternative {
    pub fn new(text: impl Into<String>, confidence: f32) -> Alternative {
        Alternative {
            text: text.into(),
            confidence,
        }
    }
}

/// A recognizer's n-best list after the check against the grammar.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Recognition {
    /// Best first. When at least one hypothesis is a phrase of the grammar, only those are
    /// here; otherwise the raw hypotheses are (the interpreter then decides what they are).
    pub alternatives: Vec<Alternative>,
    /// Whether the alternatives are phrases of the grammar.
    pub in_grammar: bool,
}

impl Recognition {
    /// The best text, or "" when nothing was heard.
    pub fn best(&self) -> &str {
        self.alternatives
            .first()
            .map(|a| a.text.as_str())
            .unwrap_or("")
    }

    /// The alternatives as the interpreter takes them: `(text, confidence)`, best first.
    pub fn pairs(&self) -> Vec<(String, f32)> {
        self.alternatives
            .iter()
            .map(|a| (a.text.clone(), a.confidence))
            .collect()
    }
}

/// Lower case, words split on anything that is not a letter or digit, joined by single
/// spaces.
pub fn normalize(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A word with German umlauts and ß written in two letters (`läufer` → `laeufer`), other
/// letters with diacritics reduced to their base letter, lower case.
pub fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len() + 2);
    for c in word.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            'à' | 'á' | 'â' | 'ã' | 'å' => out.push('a'),
            'ç' => out.push('c'),
            'è' | 'é' | 'ê' | 'ë' => out.push('e'),
            'ì' | 'í' | 'î' | 'ï' => out.push('i'),
            'ñ' => out.push('n'),
            'ò' | 'ó' | 'ô' | 'õ' => out.push('o'),
            'ù' | 'ú' | 'û' => out.push('u'),
            other => out.push(other),
        }
    }
    out
}

/// For each single vocabulary word, the other single words that mean the same.
fn spelling_variants(vocab: &Vocab) -> BTreeMap<String, Vec<String>> {
    let words: Vec<String> = vocab
        .words()
        .into_iter()
        .filter(|w| !w.contains(' '))
        .collect();
    let meaning_of = |w: &str| vocab.lookup(&normalize_word(w));
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for word in &words {
        let Some(meaning) = meaning_of(word) else {
            continue;
        };
        let others: Vec<String> = words
            .iter()
            .filter(|o| *o != word && meaning_of(o) == Some(meaning))
            .filter(|o| fold(o) != fold(word))
            .cloned()
            .collect();
        if !others.is_empty() {
            out.insert(word.clone(), others);
        }
    }
    out
}

fn key(text: &str) -> String {
    fold(&normalize(text))
}

impl Grammar {
    /// An empty grammar for a language.
    pub fn new(lang: Lang) -> Grammar {
        Grammar {
            lang,
            entries: BTreeMap::new(),
            variants: BTreeMap::new(),
        }
    }

    /// The grammar of a position: the spoken forms of its legal moves and the commands.
    /// Built off the audio path, after every move. Yes and no are left out: they answer a
    /// pending question ([`Grammar::for_answers`]), and in a position, being short, they
    /// would soak up misheard moves ("Dame Cesar sechs" heard as "ja").
    pub fn for_position(pos: &Chess, vocab: &Vocab) -> Grammar {
        let mut grammar = Grammar::new(vocab.lang());
        for (phrase, mv) in interpret::move_phrases(pos, vocab) {
            grammar.add(&phrase, Meaning::Move(uci(&mv)));
        }
        for (phrase, command) in interpret::command_phrases(vocab) {
            if matches!(command, Command::Yes | Command::No) {
                continue;
            }
            grammar.add(&phrase, Meaning::Command(command.name().to_string()));
        }
        grammar.variants = spelling_variants(vocab);
        grammar
    }

    /// The small grammar of a pending question: yes, no, correction, repeat, help and the
    /// promotion pieces.
    pub fn for_answers(vocab: &Vocab) -> Grammar {
        let mut grammar = Grammar::new(vocab.lang());
        for phrase in interpret::answer_phrases(vocab) {
            let meaning = Meaning::Answer(normalize(&phrase));
            grammar.add(&phrase, meaning);
        }
        grammar.variants = spelling_variants(vocab);
        grammar
    }

    /// Other spellings of `word` with the same meaning in the vocabulary.
    pub fn variants_of(&self, word: &str) -> &[String] {
        self.variants.get(word).map(Vec::as_slice).unwrap_or(&[])
    }

    /// A grammar from `(phrase, meaning)` pairs.
    pub fn from_phrases<S: AsRef<str>>(
        lang: Lang,
        phrases: impl IntoIterator<Item = (S, Meaning)>,
    ) -> Grammar {
        let mut grammar = Grammar::new(lang);
        for (phrase, meaning) in phrases {
            grammar.add(phrase.as_ref(), meaning);
        }
        grammar
    }

    /// Adds a phrase; an empty phrase is ignored. The same phrase may carry several
    /// meanings (then it is ambiguous and never committed early).
    pub fn add(&mut self, phrase: &str, meaning: Meaning) {
        let text = normalize(phrase);
        if text.is_empty() {
            return;
        }
        self.entries
            .entry(fold(&text))
            .or_insert_with(|| Entry {
                text,
                meanings: BTreeSet::new(),
            })
            .meanings
            .insert(meaning);
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The phrases, normalised, in a stable order.
    pub fn phrases(&self) -> impl Iterator<Item = &str> {
        self.entries.values().map(|e| e.text.as_str())
    }

    /// Every word any phrase uses, as spelled in the phrases.
    pub fn words(&self) -> BTreeSet<String> {
        self.phrases()
            .flat_map(|p| p.split(' '))
            .map(str::to_string)
            .collect()
    }

    /// Whether `text` is one of the phrases.
    pub fn contains(&self, text: &str) -> bool {
        self.entries.contains_key(&key(text))
    }

    /// The phrase `text` stands for, in the grammar's spelling.
    pub fn phrase(&self, text: &str) -> Option<&str> {
        self.entries.get(&key(text)).map(|e| e.text.as_str())
    }

    /// What `text` means, if it is a phrase.
    pub fn meanings(&self, text: &str) -> Option<&BTreeSet<Meaning>> {
        self.entries.get(&key(text)).map(|e| &e.meanings)
    }

    /// Whether `text` is a complete phrase with one meaning that no longer phrase could
    /// change, so that a partial result equal to it can be committed without waiting for
    /// the end of the utterance. A continuation with the same meaning ("Turm David acht"
    /// and "… Schach") changes nothing; one with another meaning ("David acht" and
    /// "… Springer") does.
    pub fn is_final(&self, text: &str) -> bool {
        let k = key(text);
        let Some(entry) = self.entries.get(&k) else {
            return false;
        };
        if entry.meanings.len() != 1 {
            return false;
        }
        let prefix = format!("{k} ");
        self.entries
            .range(prefix.clone()..)
            .take_while(|(other, _)| other.starts_with(&prefix))
            .all(|(_, longer)| longer.meanings == entry.meanings)
    }

    /// Checks a recognizer's n-best list against the phrase set: hypotheses that are
    /// phrases come first (best first, written as in the grammar, duplicates merged); if
    /// none is a phrase, the raw hypotheses are kept, normalised.
    pub fn rank(&self, alternatives: &[Alternative]) -> Recognition {
        let mut in_grammar: Vec<Alternative> = Vec::new();
        let mut raw: Vec<Alternative> = Vec::new();
        for alternative in alternatives {
            let text = normalize(&alternative.text);
            if text.is_empty() {
                continue;
            }
            // Two spellings of one phrase ("cäsar", "caesar") are one reading: their shares add.
            let (list, text) = match self.phrase(&text) {
                Some(phrase) => (&mut in_grammar, phrase.to_string()),
                None => (&mut raw, text),
            };
            match list.iter_mut().find(|a| a.text == text) {
                Some(seen) => seen.confidence += alternative.confidence,
                None => list.push(Alternative::new(text, alternative.confidence)),
            }
        }
        if in_grammar.is_empty() {
            Recognition {
                alternatives: raw,
                in_grammar: false,
            }
        } else {
            Recognition {
                alternatives: in_grammar,
                in_grammar: true,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Grammar {
        Grammar::from_phrases(
            Lang::De,
            [
                ("eva vier", Meaning::Move("e2e4".into())),
                ("eva zwei eva vier", Meaning::Move("e2e4".into())),
                ("david acht", Meaning::Move("d7d8q".into())),
                ("david acht dame", Meaning::Move("d7d8q".into())),
                ("david acht springer", Meaning::Move("d7d8n".into())),
                ("turm hector acht", Meaning::Move("h1h8".into())),
                ("turm hector acht schach", Meaning::Move("h1h8".into())),
                ("läufer david drei", Meaning::Move("f1d3".into())),
                ("springer david zwei", Meaning::Move("b1d2".into())),
                ("springer david zwei", Meaning::Move("f3d2".into())),
            ],
        )
    }

    #[test]
    fn umlauts_and_two_letter_forms_are_one_phrase() {
        let mut g = start();
        assert!(g.contains("laeufer david drei"));
        assert_eq!(g.phrase("LAEUFER David drei"), Some("läufer david drei"));
        g.add("Laeufer David drei", Meaning::Move("f1d3".into()));
        assert_eq!(g.len(), 9);
    }

    #[test]
    fn early_commit_needs_one_meaning_and_no_longer_phrase() {
        let g = start();
        assert!(g.is_final("eva zwei eva vier"));
        assert!(g.is_final("eva vier"));
        assert!(
            !g.is_final("david acht"),
            "continued by 'david acht springer'"
        );
        assert!(
            g.is_final("turm hector acht"),
            "'… schach' means the same move"
        );
        assert!(g.is_final("david acht dame"));
        assert!(!g.is_final("springer david zwei"), "two meanings");
        assert!(!g.is_final("eva"));
    }

    #[test]
    fn rank_prefers_phrases_and_uses_the_grammar_spelling() {
        let g = start();
        let r = g.rank(&[
            Alternative::new("eva vier eva", 0.6),
            Alternative::new("laeufer david drei", 0.3),
            Alternative::new("läufer david drei", 0.1),
        ]);
        assert!(r.in_grammar);
        // both spellings are one reading: their shares add
        let pairs = r.pairs();
        assert_eq!(pairs.len(), 1);
        assert_eq!(pairs[0].0, "läufer david drei");
        assert!((pairs[0].1 - 0.4).abs() < 1e-6, "{pairs:?}");
        let r = g.rank(&[Alternative::new("Eva  vier Eva", 0.6)]);
        assert!(!r.in_grammar);
        assert_eq!(r.best(), "eva vier eva");
        assert_eq!(g.rank(&[]).best(), "");
    }

    #[test]
    fn a_position_grammar_has_the_moves_and_commands() {
        let vocab = Vocab::builtin(Lang::De);
        let g = Grammar::for_position(&Chess::default(), &vocab);
        assert_eq!(
            g.meanings("springer felix drei")
                .map(|m| m.iter().next().cloned()),
            Some(Some(Meaning::Move("g1f3".into())))
        );
        assert!(g.contains("eva zwei eva vier"));
        assert!(g.contains("zeit"));
        assert!(!g.contains("ja"), "yes and no answer questions only");
        assert!(!g.contains("kurze rochade"), "not legal at the start");
        assert!(
            g.variants_of("cesar").contains(&"cäsar".to_string()),
            "{:?}",
            g.variants_of("cesar")
        );
        let answers = Grammar::for_answers(&vocab);
        assert!(answers.contains("ja") && answers.contains("dame"));
        assert!(!answers.contains("springer felix drei"));
    }

    #[test]
    fn normalize_and_fold() {
        assert_eq!(normalize("  Springer, Felix-drei! "), "springer felix drei");
        assert_eq!(
            fold("Läufer König Züge Straße"),
            "laeufer koenig zuege strasse"
        );
        assert_eq!(fold("passé"), "passe");
    }
}
