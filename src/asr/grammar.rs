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
    /// Folded fillers that may also stand between the words of a move, as the filler pass
    /// hears them ([`Vocab::filler_pass_fillers`], [`Grammar::to_filler_jsgf`]).
    inner_fillers: BTreeSet<String>,
    /// Other spellings of a word that mean the same (`cesar`: `cäsar`, `caesar` …), for a
    /// recognizer whose model lacks the first spelling.
    variants: BTreeMap<String, Vec<String>>,
    /// Folded words a recognizer hears for each other ([`Vocab::confusable_words`]): a move
    /// heard with one keeps at most [`CONFUSABLE_MOVE_CONFIDENCE`] ([`Grammar::rank`]).
    confusable: BTreeSet<String>,
    /// Groups of folded words each heard for the others of its group only
    /// ([`Vocab::heard_for_each_other`]).
    heard_for_each_other: Vec<BTreeSet<String>>,
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
            inner_fillers: BTreeSet::new(),
            variants: BTreeMap::new(),
            confusable: BTreeSet::new(),
            heard_for_each_other: Vec::new(),
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
        grammar.allow_inner_fillers(vocab);
        grammar.variants = spelling_variants(vocab);
        grammar.set_confusable(vocab);
        grammar
    }

    /// Lets the fillers of the vocabulary's filler pass stand between the words of a move
    /// too ("Turm äh Anna zwei"), for that pass only: the first hearing has none there.
    pub fn allow_inner_fillers(&mut self, vocab: &Vocab) {
        for filler in vocab.filler_pass_fillers() {
            if let [word] = folded_words(filler).as_slice() {
                self.learn_spelling(filler);
                self.fillers.insert(word.clone());
                self.inner_fillers.insert(word.clone());
            }
        }
    }

    /// Whether this grammar has a filler pass: fillers between the words of a move.
    pub fn has_filler_pass(&self) -> bool {
        !self.inner_fillers.is_empty() && self.has_moves()
    }

    /// The words a recognizer hears for each other, and of them the file names, which run
    /// together in pairs.
    fn set_confusable(&mut self, vocab: &Vocab) {
        self.confusable = vocab.confusable_words().clone();
        self.heard_for_each_other = vocab
            .heard_for_each_other()
            .iter()
            .map(|group| group.iter().flat_map(|w| folded_words(w)).collect())
            .collect();
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
        let core = words[start..end.max(start)].to_vec();
        let found = if start == 0 && end == words.len() {
            found
        } else {
            self.meanings_of(&core)
        };
        if !found.is_empty() || self.inner_fillers.is_empty() {
            return (core, found);
        }
        // a move with fillers between its words, as the filler pass hears it
        let inner: Vec<String> = core
            .iter()
            .filter(|w| !self.inner_fillers.contains(*w))
            .cloned()
            .collect();
        if inner.len() == core.len() {
            return (core, found);
        }
        let found: BTreeSet<PhraseMeaning> = self
            .meanings_of(&inner)
            .into_iter()
            .filter(|m| matches!(m, PhraseMeaning::Move(_)))
            .collect();
        (inner, found)
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
            // The confusable words are one group, each word heard for every other; the words
            // heard for each other are groups of their own. (A twin that is the word itself
            // means the same, so it never counts.)
            let heard_for_another = std::iter::once(&self.confusable)
                .chain(&self.heard_for_each_other)
                .filter(|group| group.contains(word))
                .flatten()
                .any(|other| other_meaning(&twin_of(&[other])));
            heard_for_another
                || !self.confusable.contains(word)
                    && a_move
                    && self.run_together.iter().any(|first| {
                        self.run_together
                            .iter()
                            .any(|second| other_meaning(&twin_of(&[first, second])))
                    })
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
        let (bodies, report) = self.jsgf_bodies(token, None);
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

    /// The grammar of the filler pass, in JSGF: the moves alone, with up to two fillers
    /// before a move, one after it, and an inner filler between any two of its words ("so
    /// jetzt Springer Hektor fünf bitte", "Turm äh Anna zwei"). A second hearing of a sentence
    /// the first could not place; `None` without inner fillers, moves, or words to hear.
    pub fn to_filler_jsgf(&self, token: &dyn Fn(&str) -> Option<String>) -> Option<String> {
        let token_of = |word: &str| token(&self.spell(word));
        let inner: Vec<Vec<String>> = self
            .inner_fillers
            .iter()
            .filter_map(|w| token_of(w).map(|t| vec![t]))
            .collect();
        let around: Vec<Vec<String>> = self
            .fillers
            .iter()
            .filter_map(|w| token_of(w).map(|t| vec![t]))
            .collect();
        if inner.is_empty() || around.is_empty() {
            return None;
        }
        let inner = format!("[ {} ]", super::jsgf::alternatives(&inner));
        let (bodies, _) = self.jsgf_bodies(token, Some(&inner));
        if bodies.is_empty() {
            return None;
        }
        let mut out = String::from("#JSGF V1.0;\ngrammar fillers;\n");
        out.push_str("<said> = ");
        out.push_str(&super::jsgf::shared_prefix_expansion(&bodies));
        out.push_str(";\n");
        out.push_str(&format!(
            "<filler> = {};\n",
            super::jsgf::alternatives(&around)
        ));
        // Spelled out, never "[ <filler> ] <said>": pocketsphinx found no path at all where
        // a grammar began with an optional word (see `jsgf_bodies`).
        out.push_str(
            "public <utterance> = ( <said> | <filler> <said> | <filler> <filler> <said> ) \
             [ <filler> ];\n",
        );
        Some(out)
    }

    /// One pattern per rule, as JSGF parts; with `inner` (an optional filler group), the
    /// moves alone, that group between any two of their words.
    fn jsgf_bodies(
        &self,
        token: &dyn Fn(&str) -> Option<String>,
        inner: Option<&String>,
    ) -> (Vec<Vec<String>>, Jsgf) {
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
            if inner.is_some() && !matches!(rule.meaning, PhraseMeaning::Move(_)) {
                continue;
            }
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
                if !words.iter().any(|w| !w.starts_with('[')) {
                    continue;
                }
                if let Some(filler) = inner {
                    let mut with: Vec<String> = Vec::with_capacity(words.len() * 2);
                    for (i, word) in words.into_iter().enumerate() {
                        if i > 0 {
                            with.push(filler.clone());
                        }
                        with.push(word);
                    }
                    words = with;
                }
                bodies.push(words);
            }
        }
        report.missing_words = missing.into_iter().collect();
        bodies.sort();
        bodies.dedup();
        report.rules = bodies.len();
        (bodies, report)
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
mod tests;
