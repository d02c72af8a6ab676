//! The spoken vocabulary: what each word of a `grammars/*.toml` file means.
//!
//! The vocabulary is data, not code (FIDE D.1 lets the organiser adapt it): the German FIDE
//! default and English are compiled in, and `--grammar FILE` loads an adapted copy. Loading
//! checks the whole file and refuses a malformed or incomplete one with its name, line and
//! what is wrong.
//!
//! ```
//! use rochade::lang::Lang;
//! use rochade::vocab::{Meaning, Vocab};
//!
//! let de = Vocab::builtin(Lang::De);
//! assert_eq!(de.file_word(5), "Felix");
//! assert_eq!(de.lookup("fuenf"), Some(Meaning::Rank(4)));
//! assert_eq!(de.lookup("FÜNF"), Some(Meaning::Rank(4)));
//!
//! let broken = Vocab::from_toml_str("my.toml", "language = \"de\"\n[files]\na = 3\n");
//! assert!(broken.unwrap_err().to_string().starts_with("my.toml line 3"));
//! ```
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use serde::{Deserialize, Serialize};
use shakmaty::Role;

use crate::lang::Lang;

mod command;
mod parse;
mod recognizer;
pub use command::{Command, LearningCommand, ServiceCommand};

/// The side of a castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastleSide {
    /// O-O, "Kurze Rochade".
    Short,
    /// O-O-O, "Lange Rochade".
    Long,
}

/// What one word or phrase of the vocabulary means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Meaning {
    /// A file, 0 = a … 7 = h.
    File(u8),
    /// A rank, 0 = 1 … 7 = 8, counted from White's side (D.2.1).
    Rank(u8),
    /// A piece.
    Piece(Role),
    /// Castling on the given side.
    Castle(CastleSide),
    /// A word every castling phrase of both sides shares ("Rochade", "castle"): castling of
    /// either side.
    CastleAny,
    /// "schlägt": information only.
    Capture,
    /// "von", "from": the origin follows; information only.
    From,
    /// "nach", "auf", "to": the destination follows; information only.
    To,
    /// "wird", "Umwandlung": the promotion piece follows.
    Promotion,
    /// "Schach": information only.
    Check,
    /// "Matt": information only.
    Mate,
    /// "en passant": information only.
    EnPassant,
    /// "äh": ignored.
    Filler,
    /// "ich", "habe", "noch", "my", "how": words that may stand around a command ("wie viel
    /// Zeit habe ich noch"), and in nothing else.
    Request,
    /// "können Sie", "zeig", "could you", "tell": words that ask the assistant for
    /// something ("können Sie mir die Zeit zeigen"), only around a command that decides
    /// nothing ([`Command::decides`]): said to the opponent, "would you resign" is no
    /// resignation, and "ja schon" no "ja".
    Asking,
    /// "vorlesen", "read out": a verb of reading aloud, only around a command that reads
    /// something aloud ([`Command::reads_aloud`]): "read all the moves" asks for the
    /// scoresheet, not for the move count.
    Reading,
    /// A command.
    Command(Command),
    /// A word that means something only inside a longer phrase ("kurze" of "kurze Rochade").
    Fragment,
}

/// Why a vocabulary file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VocabError {
    /// The file could not be read.
    #[error("{file}: cannot read the vocabulary file: {reason}")]
    Unreadable { file: String, reason: String },
    /// The file could not be read, or is larger than a vocabulary can be.
    #[error("{0}")]
    Refused(String),
    /// The file is malformed or incomplete at a line.
    #[error("{file} line {line}: {message}")]
    Invalid {
        file: String,
        line: usize,
        message: String,
    },
}

/// A loaded, checked vocabulary.
#[derive(Debug, Clone)]
pub struct Vocab {
    lang: Lang,
    files: [Vec<String>; 8],
    ranks: [Vec<String>; 8],
    pieces: [Vec<String>; 6],
    castling: [Vec<String>; 2],
    capture: Vec<String>,
    from: Vec<String>,
    to: Vec<String>,
    promotion: Vec<String>,
    check: Vec<String>,
    mate: Vec<String>,
    en_passant: Vec<String>,
    filler: Vec<String>,
    request: Vec<String>,
    /// "können Sie", "zeig", "could you": words around a request that decides nothing.
    asking: Vec<String>,
    /// "vorlesen", "read out": verbs of reading aloud, around what can be read aloud.
    reading: Vec<String>,
    /// "ab Zug", "from move": between the scoresheet command and a move number.
    from_move: Vec<String>,
    /// Sentences of command and request words that ask someone else about something else
    /// ("wie viel Uhr ist es": the time of day, not the clocks), normalized; once indexed,
    /// without their fillers.
    talk: Vec<Vec<String>>,
    commands: BTreeMap<Command, Vec<String>>,
    /// `[service]`: what the player says to the service between games.
    service: BTreeMap<ServiceCommand, Vec<String>>,
    /// `[learning]`: what the player says between the lines he reads for the recognizer.
    learning: BTreeMap<LearningCommand, Vec<String>>,
    /// Normalized single word → meaning (phrases of several words are in `phrases`).
    words: HashMap<String, Meaning>,
    /// Normalized word → what else it may stand for, by where it stands (`[homophones]`:
    /// "to" after a file word is the rank two).
    homophones: HashMap<String, Vec<Meaning>>,
    /// Normalized phrases of two or more words, longest first.
    phrases: Vec<(Vec<String>, Meaning)>,
    /// First word → the indices in `phrases` of the phrases it begins, in their order: the
    /// interpreter looks for phrases at every word of an utterance.
    phrases_by_first: HashMap<String, Vec<usize>>,
    /// Normalized words and phrases the recognizers' grammars leave out (`[recognizer]
    /// leave_out`, and the phrasings of `[typed_commands]`).
    unheard: BTreeSet<String>,
    /// Normalized words a recognizer confuses with each other (`[recognizer] confusable`).
    confusable: BTreeSet<String>,
    /// Groups of normalized words a recognizer hears for each other, each only for the others
    /// of its group (`[recognizer] heard_for_each_other`).
    heard_for_each_other: Vec<BTreeSet<String>>,
    /// Normalized fillers a recognizer takes as noise anywhere (`[recognizer]
    /// noise_fillers`).
    noise_fillers: BTreeSet<String>,
    /// Normalized fillers that the recognizer's filler pass takes between the words of a move
    /// (`[recognizer] filler_pass`); none: no such pass.
    filler_pass: BTreeSet<String>,
    /// Normalized rank words the recognizers hear only after one of `fide_files`
    /// (`[recognizer] fide_ranks`: the German numbers of an English game).
    fide_ranks: BTreeSet<String>,
    /// Normalized file words after which a recognizer hears `fide_ranks`.
    fide_files: BTreeSet<String>,
}

/// A piece's place in the order D.2.1 lists them: König, Dame, Turm, Läufer, Springer, Bauer.
pub fn role_index(role: Role) -> usize {
    match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    }
}

/// Lower case with umlauts folded to their two-letter forms (ü = ue, ä = ae, ö = oe, ß = ss),
/// so that "Läufer", "LÄUFER" and "laeufer" are one word, and other letters with diacritics
/// reduced to their base letter ("passé" = "passe"). The one word normaliser: the
/// interpreter, typed input and the recognizers' grammars all use it.
///
/// ```
/// use rochade::vocab::normalize_word;
/// assert_eq!(normalize_word("LÄUFER"), "laeufer");
/// assert_eq!(normalize_word("Straße"), "strasse");
/// assert_eq!(normalize_word("passé"), "passe");
/// ```
pub fn normalize_word(word: &str) -> String {
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
            '\u{2019}' => out.push('\''),
            other => out.push(other),
        }
    }
    out
}

/// The words of a text as written: letters and digits, with an apostrophe inside a word kept
/// ("that's", and the typographic "hab’s" that phones and word processors type); everything
/// else parts them. The interpreter and the recognizers' grammars both cut words so.
pub fn raw_words(text: &str) -> impl Iterator<Item = &str> {
    let apostrophe = |c: char| c == '\'' || c == '\u{2019}';
    text.split(move |c: char| !(c.is_alphanumeric() || apostrophe(c)))
        .map(move |w| w.trim_matches(apostrophe))
        .filter(|w| !w.is_empty())
}

/// A phrase's words normalized ([`normalize_word`]), one space between them.
fn normalize_phrase(phrase: &str) -> String {
    phrase
        .split_whitespace()
        .map(normalize_word)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Splits an utterance into normalized words: case and umlauts folded, punctuation dropped,
/// and a typed square such as "f3" split into its file and rank ("f", "3").
pub fn split_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for raw in raw_words(text) {
        let word = normalize_word(raw);
        // "f3" or "e8" typed or recognized as one token: a file letter and a rank digit.
        let bytes = word.as_bytes();
        if bytes.len() == 2
            && (b'a'..=b'h').contains(&bytes[0])
            && (b'1'..=b'8').contains(&bytes[1])
        {
            words.push(word[..1].to_string());
            words.push(word[1..].to_string());
        } else {
            words.push(word);
        }
    }
    words
}

impl Vocab {
    /// The vocabulary compiled into the binary for a language (`grammars/de.toml`,
    /// `grammars/en.toml`); a language without one of its own (ar, he) is played with its
    /// [`Lang::default_vocabulary`], the German FIDE words.
    ///
    /// Each is parsed once per process: a game, a replay and an opponent's entry all ask for it.
    pub fn builtin(lang: Lang) -> Vocab {
        static GERMAN: std::sync::OnceLock<Vocab> = std::sync::OnceLock::new();
        static ENGLISH: std::sync::OnceLock<Vocab> = std::sync::OnceLock::new();
        let (cell, name, text) = match lang.default_vocabulary() {
            Lang::En => (
                &ENGLISH,
                "grammars/en.toml",
                include_str!("../grammars/en.toml"),
            ),
            _ => (
                &GERMAN,
                "grammars/de.toml",
                include_str!("../grammars/de.toml"),
            ),
        };
        cell.get_or_init(|| match Vocab::from_toml_str(name, text) {
            Ok(vocab) => vocab,
            // The built-in files are checked by the tests; this cannot happen in a release.
            Err(err) => panic!("the built-in vocabulary is broken: {err}"),
        })
        .clone()
    }

    /// Loads and checks a vocabulary file.
    pub fn load(path: &Path) -> Result<Vocab, VocabError> {
        let name = path.display().to_string();
        let bytes = crate::bounded::read_file(path, crate::bounded::VOCABULARY)
            .map_err(|err| VocabError::Refused(err.to_string()))?;
        let text = String::from_utf8(bytes).map_err(|_| VocabError::Unreadable {
            file: name.clone(),
            reason: "it is not UTF-8 text".into(),
        })?;
        Vocab::from_toml_str(&name, &text)
    }

    /// The language of this vocabulary.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// What a single normalized or unnormalized word means, if it is a vocabulary word.
    pub fn lookup(&self, word: &str) -> Option<Meaning> {
        self.words.get(&normalize_word(word)).copied()
    }

    /// Normalized single word → meaning, for the matcher.
    pub fn word_index(&self) -> &HashMap<String, Meaning> {
        &self.words
    }

    /// Normalized phrases of two or more words with their meaning, longest first.
    pub fn phrase_index(&self) -> &[(Vec<String>, Meaning)] {
        &self.phrases
    }

    /// The phrases of [`Vocab::phrase_index`] that begin with this normalized word, in its
    /// order.
    pub fn phrases_beginning_with<'a>(
        &'a self,
        word: &str,
    ) -> impl Iterator<Item = &'a (Vec<String>, Meaning)> + 'a {
        self.phrases_by_first
            .get(word)
            .into_iter()
            .flatten()
            .map(|&i| &self.phrases[i])
    }

    /// The word Rochade says for a file (0 = a).
    pub fn file_word(&self, file: usize) -> &str {
        first(&self.files[file.min(7)])
    }

    /// The word Rochade says for a rank (0 = rank 1).
    pub fn rank_word(&self, rank: usize) -> &str {
        first(&self.ranks[rank.min(7)])
    }

    /// The word Rochade says for a piece.
    pub fn piece_word(&self, role: Role) -> &str {
        first(&self.pieces[role_index(role)])
    }

    /// The phrase Rochade says for a castling.
    pub fn castle_phrase(&self, side: CastleSide) -> &str {
        first(&self.castling[side as usize])
    }

    /// The capture word Rochade says ("schlägt").
    pub fn capture_word(&self) -> Option<&str> {
        self.capture.first().map(String::as_str)
    }

    /// The promotion word Rochade says ("wird"), if the vocabulary has one.
    pub fn promotion_word(&self) -> Option<&str> {
        self.promotion.first().map(String::as_str)
    }

    /// The check word Rochade says ("Schach").
    pub fn check_word(&self) -> Option<&str> {
        self.check.first().map(String::as_str)
    }

    /// The mate word Rochade says ("Matt").
    pub fn mate_word(&self) -> Option<&str> {
        self.mate.first().map(String::as_str)
    }

    /// The en passant phrase Rochade says.
    pub fn en_passant_phrase(&self) -> Option<&str> {
        self.en_passant.first().map(String::as_str)
    }

    /// Every word and phrase that means a command, the first one first.
    pub fn command_words(&self, command: Command) -> &[String] {
        self.commands
            .get(&command)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// The word Rochade says for a command ("Zeit"), if the vocabulary defines it.
    pub fn command_word(&self, command: Command) -> Option<&str> {
        self.command_words(command).first().map(String::as_str)
    }

    /// Whether a text, fillers aside, begins with the command's own word ("ja" of "ja
    /// genau", "yes" of "yes that's right"): the word a question asks for ("Ja oder nein.").
    pub fn begins_with_command_word(&self, command: Command, text: &str) -> bool {
        let Some(own) = self
            .command_word(command)
            .and_then(|w| w.split_whitespace().next())
        else {
            return false;
        };
        split_words(text)
            .iter()
            .find(|w| !self.is_filler(w))
            .is_some_and(|w| *w == normalize_word(own))
    }

    /// Every phrase of a service command (`[service]`), the one Rochade says first.
    pub fn service_words(&self, command: ServiceCommand) -> &[String] {
        self.service.get(&command).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Every phrase of a command of the reading session (`[learning]`), the one Rochade says
    /// first.
    pub fn learning_words(&self, command: LearningCommand) -> &[String] {
        self.learning
            .get(&command)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// Every accepted spelling of a file, rank or piece (the first is the spoken one).
    pub fn file_words(&self, file: usize) -> &[String] {
        &self.files[file.min(7)]
    }

    /// Every accepted spelling of a rank.
    pub fn rank_words(&self, rank: usize) -> &[String] {
        &self.ranks[rank.min(7)]
    }

    /// Every accepted spelling of a piece.
    pub fn piece_words(&self, role: Role) -> &[String] {
        &self.pieces[role_index(role)]
    }

    /// Every accepted castling phrase of a side.
    pub fn castle_phrases(&self, side: CastleSide) -> &[String] {
        &self.castling[side as usize]
    }

    /// Whether the normalized words, fillers aside, are one of the sentences of `talk`: never
    /// a command, though made of a command's words.
    pub fn is_talk(&self, words: &[String]) -> bool {
        self.talk.iter().any(|sentence| {
            sentence
                .iter()
                .eq(words.iter().filter(|w| !self.is_filler(w)))
        })
    }

    fn is_filler(&self, word: &str) -> bool {
        self.words.get(word) == Some(&Meaning::Filler)
    }

    /// What else a normalized word may stand for where it stands (`[homophones]`), besides
    /// its own meaning.
    pub fn homophones(&self, word: &str) -> &[Meaning] {
        self.homophones.get(word).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The to-words ("nach", "auf"; "to", "on"), said before a destination.
    pub fn to_words(&self) -> &[String] {
        &self.to
    }

    /// The from-words ("von"; "from"), said before an origin.
    pub fn from_words(&self) -> &[String] {
        &self.from
    }

    /// The capture words and phrases.
    pub fn capture_words(&self) -> &[String] {
        &self.capture
    }

    /// The promotion words and phrases.
    pub fn promotion_words(&self) -> &[String] {
        &self.promotion
    }

    /// The check words and phrases.
    pub fn check_words(&self) -> &[String] {
        &self.check
    }

    /// The mate words and phrases.
    pub fn mate_words(&self) -> &[String] {
        &self.mate
    }

    /// The filler words.
    pub fn filler_words(&self) -> &[String] {
        &self.filler
    }

    /// The words between the scoresheet command and a move number ("ab Zug", "from move").
    pub fn from_move_words(&self) -> &[String] {
        &self.from_move
    }

    /// Every word any phrase of the vocabulary uses, lower case, as spelled in the file
    /// (umlauts kept): what a recognizer's model must know.
    pub fn words(&self) -> BTreeSet<String> {
        let mut all = BTreeSet::new();
        let lists = self
            .files
            .iter()
            .chain(self.ranks.iter())
            .chain(self.pieces.iter())
            .chain(self.castling.iter())
            .chain([
                &self.capture,
                &self.from,
                &self.to,
                &self.promotion,
                &self.check,
                &self.mate,
                &self.en_passant,
                &self.filler,
                &self.request,
                &self.asking,
                &self.reading,
                &self.from_move,
            ])
            .chain(self.commands.values());
        for list in lists {
            for phrase in list {
                all.extend(phrase.split_whitespace().map(|w| w.to_lowercase()));
            }
        }
        all.extend(self.homophones.keys().cloned());
        all
    }
}

fn first(list: &[String]) -> &str {
    list.first().map(String::as_str).unwrap_or("")
}

#[cfg(test)]
mod tests;
