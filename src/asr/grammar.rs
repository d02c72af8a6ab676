//! The recognition grammar: the closed set of utterances a recognizer may hear in one
//! situation, each with what it means. In a position it is the rules of its legal moves, one
//! per form of SPOKEN-MOVES.md §2 that names the move unambiguously
//! ([`crate::interpret::forms`], the same rules the interpreter parses), with their optional
//! and alternative words, plus the phrasings of the commands; while a question is pending,
//! the small set of answers. Fillers may stand before and after.
//!
//! Utterances are compared the way the interpreter compares words: lower case, single
//! spaces, German umlauts equal to their two-letter forms (`läufer` = `laeufer`). A
//! recognizer's result is checked against the rules ([`Grammar::rank`]), because a
//! recognizer can produce word sequences no rule has (Vosk is given only the word list).
//!
//! ```
//! use rochade::asr::grammar::{Grammar, PhraseMeaning};
//! use rochade::lang::Lang;
//!
//! let mut grammar = Grammar::new(Lang::De);
//! grammar.add("Springer Felix drei", PhraseMeaning::Move("g1f3".into()));
//! grammar.add("Eva vier", PhraseMeaning::Move("e2e4".into()));
//! grammar.add("Eva zwei Eva vier", PhraseMeaning::Move("e2e4".into()));
//! grammar.add("Zeit", PhraseMeaning::Command("time".into()));
//! assert!(grammar.contains("springer  FELIX drei"));
//! // a complete, unambiguous phrase that no longer phrase continues: safe to commit early
//! assert!(grammar.is_final("springer felix drei"));
//! assert!(grammar.is_final("eva vier"));
//! assert!(!grammar.is_final("eva zwei")); // not a phrase
//! assert_eq!(grammar.words().len(), 7); // springer felix drei eva vier zwei zeit
//! ```
use std::collections::{BTreeMap, BTreeSet};

use shakmaty::{Chess, Position};

use crate::interpret::{self, forms};
use crate::lang::Lang;
use crate::vocab::{Command, Vocab, normalize_word};

/// What a phrase means, as far as the recognizer needs to know: enough to tell whether a
/// partial result is already one complete, unambiguous thing.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PhraseMeaning {
    /// A legal move, in UCI.
    Move(String),
    /// A command (`time`, `repeat`, …).
    Command(String),
    /// An answer to a pending question (`yes`, `no`, a promotion piece …).
    Answer(String),
}

/// A move heard with a word a recognizer hears for another ([`Grammar::rests_on_confusable`])
/// keeps at most this confidence: it is read back as a question and made only by "ja".
pub const CONFUSABLE_MOVE_CONFIDENCE: f32 = 0.5;

/// One slot of a rule: the word sequences that may stand there (folded), and whether it may
/// be left out.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Slot {
    alternatives: Vec<Vec<String>>,
    optional: bool,
}

/// A rule: slots said in order, and what every utterance of it means.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    slots: Vec<Slot>,
    meaning: PhraseMeaning,
}

/// A closed set of utterances with their meanings, as rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grammar {
    lang: Lang,
    rules: Vec<Rule>,
    /// Folded word → as first spelled (umlauts kept), for results written as in the grammar.
    spelling: BTreeMap<String, String>,
    /// Folded filler words, which may stand before and after an utterance.
    fillers: BTreeSet<String>,
    /// Other spellings of a word that mean the same (`cesar`: `cäsar`, `caesar` …), for a
    /// recognizer whose model lacks the first spelling.
    variants: BTreeMap<String, Vec<String>>,
    /// Folded words a recognizer hears for each other ([`Vocab::confusable_words`]): a move
    /// heard with one keeps at most [`CONFUSABLE_MOVE_CONFIDENCE`] ([`Grammar::rank`]).
    confusable: BTreeSet<String>,
    /// The confusable words that name a file ("de", "ef"): two of them said quickly run
    /// together into one word ([`Grammar::rests_on_confusable`]).
    run_together: BTreeSet<String>,
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

/// Lower case, the words as the interpreter cuts them ([`crate::vocab::raw_words`]), joined by
/// single spaces. The apostrophe inside a word stays: split, "that's correct" came back from
/// the recognizers as "that s correct", which means nothing, and pocketsphinx heard it as
/// "that" and the letter "s".
pub fn normalize(text: &str) -> String {
    crate::vocab::raw_words(text)
        .map(|w| w.to_lowercase())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The umlaut and two-letter spellings of a word (`läufer`, `laeufer`): what a model's word
/// list may have instead.
pub fn spellings(word: &str) -> Vec<String> {
    let folded = normalize_word(word);
    let restored = folded
        .replace("ae", "ä")
        .replace("oe", "ö")
        .replace("ue", "ü");
    vec![folded, restored]
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
            .filter(|o| normalize_word(o) != normalize_word(word))
            .cloned()
            .collect();
        if !others.is_empty() {
            out.insert(word.clone(), others);
        }
    }
    out
}

/// The folded words of a text.
fn folded_words(text: &str) -> Vec<String> {
    normalize(text)
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(normalize_word)
        .collect()
}

/// Whether the slots take exactly the words.
fn matches(slots: &[Slot], words: &[String]) -> bool {
    let Some((slot, rest)) = slots.split_first() else {
        return words.is_empty();
    };
    if slot.optional && matches(rest, words) {
        return true;
    }
    slot.alternatives
        .iter()
        .any(|alt| words.starts_with(alt) && matches(rest, &words[alt.len()..]))
}

/// Whether the slots take the words and then at least one word more.
fn continues(slots: &[Slot], words: &[String]) -> bool {
    if words.is_empty() {
        return slots.iter().any(|s| !s.alternatives.is_empty());
    }
    let Some((slot, rest)) = slots.split_first() else {
        return false;
    };
    if slot.optional && continues(rest, words) {
        return true;
    }
    slot.alternatives.iter().any(|alt| {
        if words.len() >= alt.len() {
            words.starts_with(alt) && continues(rest, &words[alt.len()..])
        } else {
            alt.starts_with(words)
        }
    })
}

impl Grammar {
    /// An empty grammar for a language.
    pub fn new(lang: Lang) -> Grammar {
        Grammar {
            lang,
            rules: Vec::new(),
            spelling: BTreeMap::new(),
            fillers: BTreeSet::new(),
            variants: BTreeMap::new(),
            confusable: BTreeSet::new(),
            run_together: BTreeSet::new(),
        }
    }

    /// The grammar of a position: the rules of its legal moves and the commands. Built off
    /// the audio path, once per position. Yes and no are left out: they answer a pending
    /// question ([`Grammar::for_answers`]), and in a position, being short, they would soak
    /// up misheard moves ("Dame Cesar sechs" heard as "ja").
    pub fn for_position(pos: &Chess, vocab: &Vocab) -> Grammar {
        let mut grammar = Grammar::new(vocab.lang());
        for rule in forms::position_rules(pos, vocab) {
            let choices: Vec<(Vec<String>, bool)> = rule
                .choices
                .into_iter()
                .map(|c| (c.alternatives, c.optional))
                .collect();
            // The move as the game writes it (in Chess960 castling onto its rook).
            let uci = rule.mv.to_uci(pos.castles().mode()).to_string();
            grammar.add_rule(&choices, PhraseMeaning::Move(uci));
        }
        for command in Command::ALL {
            if matches!(command, Command::Yes | Command::No) {
                continue;
            }
            for phrase in interpret::heard_phrasings(vocab, command) {
                grammar.add(phrase, PhraseMeaning::Command(command.name().to_string()));
            }
        }
        // "Partieformular ab Zug zwölf": the scoresheet from a move played so far.
        for phrase in interpret::scoresheet_phrases(vocab, shakmaty::Position::fullmoves(pos).get())
        {
            grammar.add(
                &phrase,
                PhraseMeaning::Command(Command::Scoresheet.name().to_string()),
            );
        }
        grammar.allow_fillers(vocab);
        grammar.variants = spelling_variants(vocab);
        grammar.set_confusable(vocab);
        grammar
    }

    /// The words a recognizer hears for each other, and of them the file names, which run
    /// together in pairs.
    fn set_confusable(&mut self, vocab: &Vocab) {
        self.confusable = vocab.confusable_words().clone();
        let files: BTreeSet<String> = (0..8)
            .flat_map(|file| vocab.file_words(file))
            .flat_map(|word| folded_words(word))
            .collect();
        self.run_together = self.confusable.intersection(&files).cloned().collect();
    }

    /// The small grammar of a pending question: yes, no, correction, repeat, help and the
    /// promotion pieces.
    pub fn for_answers(vocab: &Vocab) -> Grammar {
        let mut grammar = Grammar::new(vocab.lang());
        grammar.add_answers(vocab);
        grammar.allow_fillers(vocab);
        grammar.variants = spelling_variants(vocab);
        grammar.set_confusable(vocab);
        grammar
    }

    /// Adds the answers to a read-back ("ja", "nein", "Korrektur", the promotion pieces …),
    /// as `play` hears them while a correction window is open.
    pub fn add_answers(&mut self, vocab: &Vocab) {
        for phrase in interpret::answer_phrases(vocab) {
            let meaning = PhraseMeaning::Answer(normalize(&phrase));
            self.add(&phrase, meaning);
        }
    }

    /// Lets the vocabulary's fillers stand before and after an utterance.
    pub fn allow_fillers(&mut self, vocab: &Vocab) {
        for filler in vocab.filler_words() {
            let words = folded_words(filler);
            if let [word] = words.as_slice() {
                self.learn_spelling(filler);
                self.fillers.insert(word.clone());
            }
        }
    }

    /// Other spellings of `word` with the same meaning in the vocabulary.
    pub fn variants_of(&self, word: &str) -> &[String] {
        self.variants.get(word).map(Vec::as_slice).unwrap_or(&[])
    }

    /// A grammar from `(phrase, meaning)` pairs.
    pub fn from_phrases<S: AsRef<str>>(
        lang: Lang,
        phrases: impl IntoIterator<Item = (S, PhraseMeaning)>,
    ) -> Grammar {
        let mut grammar = Grammar::new(lang);
        for (phrase, meaning) in phrases {
            grammar.add(phrase.as_ref(), meaning);
        }
        grammar
    }

    fn learn_spelling(&mut self, text: &str) {
        for word in normalize(text).split(' ').filter(|w| !w.is_empty()) {
            self.spelling
                .entry(normalize_word(word))
                .or_insert_with(|| word.to_string());
        }
    }

    /// Adds one fixed phrase; an empty phrase is ignored. The same phrase may carry several
    /// meanings (then it is ambiguous and never committed early).
    pub fn add(&mut self, phrase: &str, meaning: PhraseMeaning) {
        if normalize(phrase).is_empty() {
            return;
        }
        self.add_rule(&[(vec![phrase.to_string()], false)], meaning);
    }

    /// Adds a rule: slots in order, each a list of alternative word sequences and whether it
    /// may be left out. A required slot with no alternative makes no rule.
    pub fn add_rule(&mut self, choices: &[(Vec<String>, bool)], meaning: PhraseMeaning) {
        let mut slots = Vec::with_capacity(choices.len());
        for (alternatives, optional) in choices {
            let mut alts: Vec<Vec<String>> = Vec::new();
            for alt in alternatives {
                let words = folded_words(alt);
                if words.is_empty() || alts.contains(&words) {
                    continue;
                }
                self.learn_spelling(alt);
                alts.push(words);
            }
            if alts.is_empty() {
                if *optional {
                    continue;
                }
                return;
            }
            slots.push(Slot {
                alternatives: alts,
                optional: *optional,
            });
        }
        if slots.is_empty() {
            return;
        }
        let rule = Rule { slots, meaning };
        if !self.rules.contains(&rule) {
            self.rules.push(rule);
        }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The number of rules.
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    fn spell(&self, word: &str) -> String {
        self.spelling
            .get(word)
            .cloned()
            .unwrap_or_else(|| word.to_string())
    }

    /// The plainest phrasing of each rule (the first alternative of every required slot, no
    /// optional word), as spelled in the grammar.
    pub fn phrases(&self) -> impl Iterator<Item = String> + '_ {
        self.rules.iter().map(|rule| {
            rule.slots
                .iter()
                .filter(|s| !s.optional)
                .flat_map(|s| s.alternatives[0].iter().map(|w| self.spell(w)))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    /// Every word any rule or filler uses, as spelled in the grammar.
    pub fn words(&self) -> BTreeSet<String> {
        let mut out = self.rule_words();
        out.extend(self.filler_words());
        out
    }

    /// Every word a rule uses, as spelled in the grammar (the fillers only where a rule
    /// names them).
    pub fn rule_words(&self) -> BTreeSet<String> {
        self.rules
            .iter()
            .flat_map(|r| &r.slots)
            .flat_map(|s| &s.alternatives)
            .flatten()
            .map(|w| self.spell(w))
            .collect()
    }

    /// The fillers that may stand before and after an utterance, as spelled in the grammar.
    pub fn filler_words(&self) -> BTreeSet<String> {
        self.fillers.iter().map(|w| self.spell(w)).collect()
    }

    /// The folded words of `text` as a rule takes them, with what they mean there: as they
    /// are, or else without the fillers before and after them ("wie bitte" is a phrase,
    /// "äh Zeit bitte" is "zeit"). The meanings are empty when no rule takes them.
    fn lookup(&self, text: &str) -> (Vec<String>, BTreeSet<PhraseMeaning>) {
        let words = folded_words(text);
        let found = self.meanings_of(&words);
        if !found.is_empty() {
            return (words, found);
        }
        let start = words
            .iter()
            .position(|w| !self.fillers.contains(w))
            .unwrap_or(words.len());
        let end = words
            .iter()
            .rposition(|w| !self.fillers.contains(w))
            .map_or(start, |i| i + 1);
        if start == 0 && end == words.len() {
            return (words, found);
        }
        let core = words[start..end.max(start)].to_vec();
        let found = self.meanings_of(&core);
        (core, found)
    }

    /// What the words mean, when rules take them.
    fn meanings_of(&self, words: &[String]) -> BTreeSet<PhraseMeaning> {
        if words.is_empty() {
            return BTreeSet::new();
        }
        self.rules
            .iter()
            .filter(|r| matches(&r.slots, words))
            .map(|r| r.meaning.clone())
            .collect()
    }

    /// Whether `text` is an utterance of the grammar.
    pub fn contains(&self, text: &str) -> bool {
        !self.lookup(text).1.is_empty()
    }

    /// The utterance `text` stands for, spelled as in the grammar (fillers before and after
    /// dropped), if it is one.
    pub fn phrase(&self, text: &str) -> Option<String> {
        let (words, found) = self.lookup(text);
        if found.is_empty() {
            return None;
        }
        Some(
            words
                .iter()
                .map(|w| self.spell(w))
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    /// Whether two utterances say the same: the same words, or utterances of the grammar
    /// with one meaning each, and that the same ("Gustav zwei" and "Gustaf zwei").
    pub fn same_meaning(&self, a: &str, b: &str) -> bool {
        if normalize(a) == normalize(b) {
            return true;
        }
        let (_, of_a) = self.lookup(a);
        let (_, of_b) = self.lookup(b);
        of_a.len() == 1 && of_a == of_b
    }

    /// Whether `text` holds a word a recognizer hears for another ("bee four" for "e four")
    /// where that other word makes another utterance of the grammar with another meaning
    /// ("e four" and "b four" at the start, both legal): a move heard so is never sure
    /// enough for the correction window. Where no confusable twin means anything else
    /// ("bishop bee five" when no bishop reaches the c-, d-, e- or g-file), the letter
    /// cannot have been misheard for a legal move, and the move keeps its confidence.
    ///
    /// Two letters said quickly run together into one longer word: "Turm de de eins" (the
    /// rook from the d-file to d1) was heard as "Turm Friedrich eins" (the other rook to f1)
    /// in 44 of 48 utterances of the tuning set (six German voices, eight rates), and made by
    /// the window in 11. So a word of a move in whose place two confusable file names make
    /// another legal move is a confusable word too. Only file names: a letter and a rank
    /// ("ef zwei") in the place of "Springer" made "Springer Felix drei" at the start unsure.
    /// Only of a move: an answer resting on a confusable word is not taken in noise.
    pub fn rests_on_confusable(&self, text: &str) -> bool {
        let (words, meanings) = self.lookup(text);
        let a_move =
            !meanings.is_empty() && meanings.iter().all(|m| matches!(m, PhraseMeaning::Move(_)));
        let other_meaning = |twin: &[String]| {
            let theirs = self.meanings_of(twin);
            !theirs.is_empty() && theirs != meanings
        };
        words.iter().enumerate().any(|(at, word)| {
            let twin_of = |replacement: &[&String]| {
                let mut twin: Vec<String> = words[..at].to_vec();
                twin.extend(replacement.iter().map(|w| (*w).clone()));
                twin.extend_from_slice(&words[at + 1..]);
                twin
            };
            if self.confusable.contains(word) {
                self.confusable
                    .iter()
                    .any(|other| other_meaning(&twin_of(&[other])))
            } else {
                a_move
                    && self.run_together.iter().any(|first| {
                        self.run_together
                            .iter()
                            .any(|second| other_meaning(&twin_of(&[first, second])))
                    })
            }
        })
    }

    /// Whether the grammar holds a move: a position's, not a question's alone.
    pub fn has_moves(&self) -> bool {
        self.rules
            .iter()
            .any(|r| matches!(r.meaning, PhraseMeaning::Move(_)))
    }

    /// Whether `text` is an utterance of the grammar that means only moves.
    pub fn only_moves(&self, text: &str) -> bool {
        self.means_only(text, |m| matches!(m, PhraseMeaning::Move(_)))
    }

    /// Whether `text` is an utterance of the grammar that means only commands.
    pub fn only_commands(&self, text: &str) -> bool {
        self.means_only(text, |m| matches!(m, PhraseMeaning::Command(_)))
    }

    /// Whether `text` is an utterance of the grammar that means only answers to a read-back.
    pub fn only_answers(&self, text: &str) -> bool {
        self.means_only(text, |m| matches!(m, PhraseMeaning::Answer(_)))
    }

    /// Whether `text` is an utterance of the grammar whose every meaning is of one kind.
    fn means_only(&self, text: &str, kind: fn(&PhraseMeaning) -> bool) -> bool {
        self.meanings(text)
            .is_some_and(|meanings| meanings.iter().all(kind))
    }

    /// What `text` means, if it is an utterance of the grammar.
    pub fn meanings(&self, text: &str) -> Option<BTreeSet<PhraseMeaning>> {
        let (_, found) = self.lookup(text);
        (!found.is_empty()).then_some(found)
    }

    /// Whether `text` is a complete utterance with one meaning that no longer utterance
    /// could change, so that a partial result equal to it can be committed without waiting
    /// for the end of the utterance. A continuation with the same meaning ("Turm David acht"
    /// and "… Schach") changes nothing; one with another meaning ("David acht" and
    /// "… Springer") does.
    ///
    /// An answer is never final: "ja" or "no" often begins a sentence to someone else ("ja,
    /// das war ein langer Tag"), so it waits out the whole pause. Taken at the comma, it made
    /// a move on the tuning set's chatter.
    pub fn is_final(&self, text: &str) -> bool {
        let (words, found) = self.lookup(text);
        let Some(meaning) = found.iter().next() else {
            return false;
        };
        if found.len() != 1 || matches!(meaning, PhraseMeaning::Answer(_)) {
            return false;
        }
        self.rules
            .iter()
            .filter(|r| r.meaning != *meaning)
            .all(|r| !continues(&r.slots, &words))
    }

    /// Checks a recognizer's n-best list against the rules: hypotheses that are utterances
    /// come first (best first, written as in the grammar, duplicates merged); if none is,
    /// the raw hypotheses are kept, normalised.
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
                Some(phrase) => (&mut in_grammar, phrase),
                None => (&mut raw, text),
            };
            match list.iter_mut().find(|a| a.text == text) {
                Some(seen) => seen.confidence += alternative.confidence,
                None => list.push(Alternative::new(text, alternative.confidence)),
            }
        }
        super::cap_together(&mut in_grammar, CONFUSABLE_MOVE_CONFIDENCE, |a| {
            (self.only_moves(&a.text) && self.rests_on_confusable(&a.text))
                .then_some(&mut a.confidence)
        });
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

    /// The grammar in JSGF, for pocketsphinx: one pattern per rule, optional slots in
    /// brackets, the patterns' common beginnings said once ([`super::jsgf`]). `token` gives a
    /// word's form in the recognizer's dictionary, or `None` when the recognizer cannot hear
    /// it: then that alternative is left out (and a rule whose required slot loses every
    /// alternative). The words left out are returned beside the text, which is `None` when no
    /// rule is left.
    pub fn to_jsgf(&self, token: &dyn Fn(&str) -> Option<String>) -> (Option<String>, Jsgf) {
        let mut report = Jsgf::default();
        let mut missing = BTreeSet::new();
        let mut token_of = |word: &str| -> Option<String> {
            let t = token(&self.spell(word));
            if t.is_none() {
                missing.insert(self.spell(word));
            }
            t
        };
        let mut bodies: Vec<Vec<String>> = Vec::new();
        for rule in &self.rules {
            let mut parts: Vec<(String, bool)> = Vec::new();
            let mut usable = true;
            for slot in &rule.slots {
                let alts: Vec<Vec<String>> = slot
                    .alternatives
                    .iter()
                    .filter_map(|alt| alt.iter().map(|w| token_of(w)).collect())
                    .collect();
                if alts.is_empty() {
                    if slot.optional {
                        continue;
                    }
                    usable = false;
                    break;
                }
                parts.push((super::jsgf::alternatives(&alts), slot.optional));
            }
            if !usable {
                report.dropped_rules += 1;
                continue;
            }
            // Optional words at the start are spelled out as alternatives ("bauer david drei"
            // and "david drei"), never "[ bauer ] david drei": pocketsphinx found no path at
            // all for "David drei" in a grammar that began with an optional word.
            let lead = parts.iter().take_while(|(_, optional)| *optional).count();
            for mask in 0..(1usize << lead.min(4)) {
                let mut words: Vec<String> = Vec::new();
                for (i, (text, optional)) in parts.iter().enumerate() {
                    if i < lead {
                        if mask & (1 << i) != 0 {
                            words.push(text.clone());
                        }
                    } else if *optional {
                        words.push(format!("[ {text} ]"));
                    } else {
                        words.push(text.clone());
                    }
                }
                if words.iter().any(|w| !w.starts_with('[')) {
                    bodies.push(words);
                }
            }
        }
        report.missing_words = missing.into_iter().collect();
        bodies.sort();
        bodies.dedup();
        report.rules = bodies.len();
        if bodies.is_empty() {
            return (None, report);
        }
        let mut out = String::from("#JSGF V1.0;\ngrammar rochade;\n");
        out.push_str("<said> = ");
        out.push_str(&super::jsgf::shared_prefix_expansion(&bodies));
        out.push_str(";\n");
        // Fillers are not in the recognizer's grammar: around every utterance they would
        // double the search, and the acoustic model's own noise words take hesitations.
        out.push_str("public <utterance> = <said>;\n");
        (Some(out), report)
    }
}

/// What [`Grammar::to_jsgf`] left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Jsgf {
    /// Rules in the JSGF.
    pub rules: usize,
    /// Rules left out: a required slot had no word the recognizer can hear.
    pub dropped_rules: usize,
    /// Words the recognizer cannot hear.
    pub missing_words: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first part of each top-level alternative of a JSGF expansion: the words a phrase
    /// can begin with.
    fn first_words(expansion: &str) -> Vec<String> {
        let inner = expansion
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .trim();
        let inner = inner.trim_start_matches('(').trim_end_matches(')');
        let mut starts = Vec::new();
        let mut depth = 0;
        let mut current = String::new();
        for c in inner.chars() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                '|' if depth == 0 => {
                    starts.push(std::mem::take(&mut current));
                    continue;
                }
                _ => {}
            }
            current.push(c);
        }
        starts.push(current);
        starts
            .iter()
            .map(|alt| {
                let alt = alt.trim();
                let alt = alt.strip_prefix('/').map_or(alt, |rest| {
                    rest.split_once('/').map_or(rest, |(_, after)| after.trim())
                });
                alt.to_string()
            })
            .collect()
    }

    #[test]
    fn a_move_heard_with_a_confusable_letter_keeps_only_half_its_confidence() {
        let g = Grammar::for_position(&Chess::default(), &Vocab::builtin(Lang::En));
        let heard = |text: &str| {
            g.rank(&[Alternative::new(text.to_string(), 1.0)])
                .alternatives
                .remove(0)
        };
        let unsure = heard("bee four");
        assert!(
            unsure.confidence <= CONFUSABLE_MOVE_CONFIDENCE,
            "{unsure:?}"
        );
        // "b" for "b" and "bee" mean one move: no twin among them
        assert!(!g.rests_on_confusable("knight foxtrot three"));
        assert_eq!(heard("echo four").confidence, 1.0);
        assert_eq!(heard("knight foxtrot three").confidence, 1.0);
        // commands keep theirs: they have no letters, and "yes" must still be heard
        assert_eq!(heard("time").confidence, 1.0);
    }

    #[test]
    fn a_confusable_letter_costs_confidence_only_where_its_twin_is_another_legal_move() {
        // After 1.e4 e5 the bishop on f1 reaches b5, and no bishop reaches c5, d5, e5 or g5.
        let pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::En));
        let confidence =
            |text: &str| g.rank(&[Alternative::new(text, 1.0)]).alternatives[0].confidence;
        assert!(g.contains("bishop bee five"));
        assert_eq!(confidence("bishop bee five"), 1.0);
        // "d four" and "b four" are both legal pawn moves here
        assert!(g.contains("d four") && g.contains("b four"));
        assert!(confidence("d four") <= CONFUSABLE_MOVE_CONFIDENCE);
    }

    #[test]
    fn a_word_two_quick_letters_could_have_been_heard_as_costs_confidence_too() {
        // The rooks on a1 and d2 both reach d1; only the one on a1 reaches f1.
        let pos = position("5rk1/1p1r1pp1/pBn1b2p/3pp3/4P3/2P4P/PPBR1PP1/R5K1 w - - 0 23");
        let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
        let confidence =
            |text: &str| g.rank(&[Alternative::new(text, 1.0)]).alternatives[0].confidence;
        assert!(g.contains("turm de de eins") && g.contains("turm friedrich eins"));
        assert!(confidence("turm friedrich eins") <= CONFUSABLE_MOVE_CONFIDENCE);
        // No pair of letters before "eins" is another king move: the king's keep theirs.
        assert!(g.contains("könig hektor eins"));
        assert_eq!(confidence("könig hektor eins"), 1.0);
    }

    #[test]
    fn the_rhyming_ranks_two_and_three_cost_confidence_where_both_are_legal() {
        let pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
        let confidence =
            |text: &str| g.rank(&[Alternative::new(text, 1.0)]).alternatives[0].confidence;
        assert!(confidence("turm anna zwei") <= CONFUSABLE_MOVE_CONFIDENCE);
        assert!(confidence("turm anna drei") <= CONFUSABLE_MOVE_CONFIDENCE);
        assert_eq!(confidence("turm anna acht"), 1.0);
        // No king move reaches the third rank: "König David zwei" has no twin.
        assert_eq!(confidence("könig david zwei"), 1.0);
        // A letter and a rank are no run-together letters: at the start "ef zwei Felix drei"
        // (f2f3) is legal, and "Springer Felix drei" stays sure, and "nein" beside "e drei".
        let mut read_back = Grammar::for_position(&Chess::default(), &Vocab::builtin(Lang::De));
        assert!(read_back.contains("ef zwei felix drei"));
        assert!(!read_back.rests_on_confusable("springer felix drei"));
        read_back.add_answers(&Vocab::builtin(Lang::De));
        assert!(read_back.contains("e drei") && read_back.only_answers("nein"));
        assert!(!read_back.rests_on_confusable("nein"));
        assert!(!read_back.rests_on_confusable("ja"));
    }

    fn position(fen: &str) -> Chess {
        fen.parse::<shakmaty::fen::Fen>()
            .expect("a valid FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("a legal position")
    }

    fn start() -> Grammar {
        Grammar::from_phrases(
            Lang::De,
            [
                ("eva vier", PhraseMeaning::Move("e2e4".into())),
                ("eva zwei eva vier", PhraseMeaning::Move("e2e4".into())),
                ("david acht", PhraseMeaning::Move("d7d8q".into())),
                ("david acht dame", PhraseMeaning::Move("d7d8q".into())),
                ("david acht springer", PhraseMeaning::Move("d7d8n".into())),
                ("turm hector acht", PhraseMeaning::Move("h1h8".into())),
                (
                    "turm hector acht schach",
                    PhraseMeaning::Move("h1h8".into()),
                ),
                ("läufer david drei", PhraseMeaning::Move("f1d3".into())),
                ("springer david zwei", PhraseMeaning::Move("b1d2".into())),
                ("springer david zwei", PhraseMeaning::Move("f3d2".into())),
            ],
        )
    }

    #[test]
    fn spelling_variants_cover_umlauts() {
        assert_eq!(spellings("fuenf"), vec!["fuenf", "fünf"]);
        assert_eq!(spellings("läufer"), vec!["laeufer", "läufer"]);
    }

    #[test]
    fn umlauts_and_two_letter_forms_are_one_phrase() {
        let mut g = start();
        assert!(g.contains("laeufer david drei"));
        assert_eq!(
            g.phrase("LAEUFER David drei").as_deref(),
            Some("läufer david drei")
        );
        let rules = g.len();
        g.add("Laeufer David drei", PhraseMeaning::Move("f1d3".into()));
        assert_eq!(g.len(), rules, "the same rule is not added twice");
    }

    #[test]
    fn two_spellings_of_one_move_say_the_same_and_another_move_does_not() {
        // the game's own grammar: "Gustav" and "Gustaf" both name the g-file
        let vocab = Vocab::builtin(Lang::De);
        let g = Grammar::for_position(&Chess::default(), &vocab);
        assert!(g.same_meaning("gustav drei", "Gustaf drei"));
        assert!(g.same_meaning("springer felix drei", "springer ef drei"));
        assert!(!g.same_meaning("springer felix drei", "springer hektor drei"));
        assert!(!g.same_meaning("springer felix drei", ""));
        assert!(g.same_meaning("", ""), "nothing heard twice is the same");
        // a phrase with two meanings says the same as nothing but itself
        let g = start();
        assert!(g.same_meaning("springer david zwei", "springer david zwei"));
        assert!(!g.same_meaning("springer david zwei", "läufer david drei"));
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
    fn an_answer_is_never_final_for_it_may_begin_a_sentence() {
        for lang in [Lang::De, Lang::En] {
            let vocab = Vocab::builtin(lang);
            let mut g = Grammar::for_position(&Chess::default(), &vocab);
            g.add_answers(&vocab);
            let answers: &[&str] = match lang {
                Lang::De => &["ja", "ja bitte", "nein", "nein falsch"],
                _ => &["yes", "yes please", "no"],
            };
            for answer in answers {
                assert!(g.contains(answer), "{answer}");
                assert!(!g.is_final(answer), "{answer}");
            }
            // the moves stay final
            assert!(g.is_final(if lang == Lang::De {
                "springer felix drei"
            } else {
                "knight f three"
            }));
        }
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
            Some(Some(PhraseMeaning::Move("g1f3".into())))
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
    fn a_question_hears_every_yes_no_and_correction_and_the_main_words_of_other_commands() {
        let g = Grammar::for_answers(&Vocab::builtin(Lang::En));
        for text in [
            "yes",
            "that's correct",
            "no that's wrong",
            "cancel",
            "correction",
            "help",
            "what can i say",
            "repeat",
            "could you say that again",
        ] {
            assert!(g.contains(text), "{text}");
        }
        // short extra words an answer can be misheard as ("uh, correction" as "commands")
        for text in ["commands", "pardon", "come again"] {
            assert!(!g.contains(text), "{text}");
        }
        let g = Grammar::for_answers(&Vocab::builtin(Lang::De));
        assert!(g.contains("ja genau") && g.contains("ich korrigiere") && g.contains("wie bitte"));
        assert!(!g.contains("befehle"));
    }

    #[test]
    fn a_position_grammar_hears_the_last_move_and_the_scoresheet_from_a_move_played() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 21";
        let pos: Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .ok()
            .and_then(|f| f.into_position(shakmaty::CastlingMode::Standard).ok())
            .unwrap_or_default();
        let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
        assert!(g.contains("letzter zug"));
        assert!(g.contains("partieformular"));
        assert!(g.contains("partieformular ab zug zwölf"));
        assert!(g.contains("partieformular ab zug einundzwanzig"));
        assert!(
            !g.contains("partieformular ab zug zweiundzwanzig"),
            "not played yet"
        );
        let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::En));
        assert!(g.contains("scoresheet from move twenty one"));
        assert!(g.contains("last move"));
    }

    #[test]
    fn a_position_grammar_takes_the_forms_people_use_and_commits_complete_moves_early() {
        let de = Vocab::builtin(Lang::De);
        let g = Grammar::for_position(&Chess::default(), &de);
        for text in [
            "springer felix drei",
            "springer auf friedrich drei",
            "springer von gustav eins nach felix drei",
            "gustav eins felix drei",
            "bauer emil vier",
            "äh eva vier bitte",
            "wie viel zeit habe ich noch",
        ] {
            assert!(g.contains(text), "{text}");
        }
        for text in [
            "springer felix drei",
            "eva vier",
            "bauer emil vier",
            "springer von gustav eins nach felix drei",
        ] {
            assert!(g.is_final(text), "{text}");
        }
        assert!(!g.is_final("springer"));
        assert!(
            !g.contains("springer schlägt felix drei"),
            "no capture word on a quiet move"
        );
        assert!(
            !g.contains("springer felix drei schach"),
            "no check word on a quiet move"
        );
        let en = Vocab::builtin(Lang::En);
        let g = Grammar::for_position(&Chess::default(), &en);
        for text in [
            "knight to f three",
            "knight Felix three",
            "pawn to echo four",
            "e two e four",
        ] {
            assert!(g.contains(text), "{text}");
        }
        let (jsgf, report) = g.to_jsgf(&|w: &str| Some(w.to_string()));
        let jsgf = jsgf.unwrap();
        assert!(jsgf.contains("public <utterance> = <said>;"), "{jsgf}");
        assert!(jsgf.contains("[ ( to | on ) ]"), "{jsgf}");
        let said = jsgf
            .split("<said> = ")
            .nth(1)
            .and_then(|rest| rest.split(';').next())
            .unwrap();
        assert!(
            first_words(said).iter().all(|w| !w.starts_with('[')),
            "no phrase starts with an optional word: {said}"
        );
        assert_eq!(report.dropped_rules, 0);
        // a word the recognizer cannot hear drops its alternative, and a rule it leaves empty
        let (_, report) = g.to_jsgf(&|w: &str| (w != "knight").then(|| w.to_string()));
        assert_eq!(report.missing_words, vec!["knight".to_string()]);
        assert!(report.dropped_rules > 0);
    }

    #[test]
    fn the_german_letter_names_are_heard_and_a_word_left_out_is_only_read() {
        let pos = Chess::default();
        let vocab = Vocab::builtin(Lang::De);
        let g = Grammar::for_position(&pos, &vocab);
        assert_eq!(
            g.meanings("springer ef drei"),
            Some(BTreeSet::from([PhraseMeaning::Move("g1f3".into())]))
        );
        assert!(g.contains("springer felix drei"));
        let text = include_str!("../../grammars/de.toml")
            .replace("leave_out = [", "leave_out = [\"ef\", ");
        let leaving_out = Vocab::from_toml_str("de.toml", &text).expect("a valid vocabulary");
        let g = Grammar::for_position(&pos, &leaving_out);
        assert!(!g.contains("springer ef drei"));
        assert!(g.contains("springer felix drei"));
    }

    /// A request the vocabulary leaves out of the recognizers' grammars as a whole phrase is
    /// in no grammar, while its words stay in the others ("wie lange hab ich noch" and
    /// "lange Rochade"), and the interpreter still reads it typed.
    #[test]
    fn a_phrase_left_out_is_in_no_grammar_but_read_when_typed() {
        let pos = Chess::default();
        let vocab = Vocab::builtin(Lang::De);
        let position = Grammar::for_position(&pos, &vocab);
        let mut question = Grammar::for_answers(&vocab);
        for (phrase, command) in interpret::command_phrases(&vocab) {
            question.add(&phrase, PhraseMeaning::Command(command.name().to_string()));
        }
        for grammar in [&position, &question] {
            assert!(!grammar.contains("wie lange habe ich noch"));
            assert!(!grammar.contains("was hast du gesagt"));
            assert!(grammar.contains("wie viel zeit habe ich noch"));
        }
        let castling: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .expect("fen")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("legal");
        assert!(Grammar::for_position(&castling, &vocab).contains("lange rochade"));
        let typed = interpret::Interpreter::new(vocab)
            .interpret_text(&pos, "wie lange habe ich noch")
            .reading;
        assert_eq!(typed, interpret::Reading::Command(Command::Time));
    }

    #[test]
    fn in_english_the_german_numbers_are_heard_only_after_a_fide_file_name() {
        let pos = Chess::default();
        let vocab = Vocab::builtin(Lang::En);
        let g = Grammar::for_position(&pos, &vocab);
        let e4 = Some(BTreeSet::from([PhraseMeaning::Move("e2e4".into())]));
        for heard in [
            "eva vier",
            "echo four",
            "e four",
            "pawn to eva vier",
            "eva four",
        ] {
            assert_eq!(g.meanings(heard), e4, "{heard}");
        }
        for unheard in ["echo vier", "e vier", "pawn to e vier"] {
            assert!(!g.contains(unheard), "{unheard}");
        }
        assert!(g.contains("knight felix drei"));
        assert!(!g.contains("knight foxtrot drei"));
        // typed, the interpreter still reads them
        let interpreter = crate::interpret::Interpreter::new(vocab);
        let read = interpreter.interpret_text(&pos, "echo vier");
        assert_eq!(read.uci().as_deref(), Some("e2e4"));
        // German has no such pairs: every file word with every number
        let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
        assert!(g.contains("emil vier") && g.contains("e vier"));
    }

    #[test]
    fn normalize_and_fold() {
        assert_eq!(normalize("  Springer, Felix-drei! "), "springer felix drei");
        assert_eq!(normalize("No, that's 'wrong'"), "no that's wrong");
        assert_eq!(
            normalize_word("Läufer König Züge Straße"),
            "laeufer koenig zuege strasse"
        );
        assert_eq!(normalize_word("passé"), "passe");
    }
}
