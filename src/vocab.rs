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
use toml::Spanned;

use crate::lang::Lang;

mod command;
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

/// A table of the file: key → list of words, each with its place in the file.
type Section = Spanned<BTreeMap<Spanned<String>, Spanned<Vec<Spanned<String>>>>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVocab {
    language: Spanned<String>,
    files: Section,
    ranks: Section,
    pieces: Section,
    castling: Section,
    words: Section,
    commands: Section,
    /// Phrasings of commands read when typed but left out of the recognizers' grammars.
    #[serde(default)]
    typed_commands: Option<Section>,
    #[serde(default)]
    homophones: Option<Section>,
    #[serde(default)]
    recognizer: Option<RecognizerSection>,
    /// The service's words between games; a file without them has none (the service then
    /// hears only the commands of `[commands]`).
    #[serde(default)]
    service: Option<Section>,
    /// What the player says while he reads lines for the recognizer to learn his voice
    /// (`rochade models read`); a file without them has only "Wiederholen" and "Hilfe" there.
    #[serde(default)]
    learning: Option<Section>,
}

/// `[recognizer]`: what the speech recognizers' grammars leave out.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecognizerSection {
    #[serde(default)]
    leave_out: Vec<String>,
    #[serde(default)]
    confusable: Vec<String>,
    #[serde(default)]
    heard_for_each_other: Vec<Vec<String>>,
    #[serde(default)]
    noise_fillers: Vec<String>,
    #[serde(default)]
    filler_pass: Vec<String>,
    #[serde(default)]
    fide_ranks: Vec<String>,
    #[serde(default)]
    fide_files: Vec<String>,
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

const FILE_KEYS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
const RANK_KEYS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];
const PIECE_KEYS: [(&str, Role); 6] = [
    ("king", Role::King),
    ("queen", Role::Queen),
    ("rook", Role::Rook),
    ("bishop", Role::Bishop),
    ("knight", Role::Knight),
    ("pawn", Role::Pawn),
];
const WORD_KEYS: [&str; 13] = [
    "capture",
    "from_move",
    "talk",
    "from",
    "to",
    "request",
    "asking",
    "reading",
    "promotion",
    "check",
    "mate",
    "en_passant",
    "filler",
];
/// The word lists a vocabulary file must have; "from" and "to" may be left out (files written
/// before they existed).
const REQUIRED_WORD_KEYS: [&str; 6] = [
    "capture",
    "promotion",
    "check",
    "mate",
    "en_passant",
    "filler",
];
/// The keys of `[homophones]`: a rank, or "to" (the to-word).
const HOMOPHONE_KEYS: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "to"];

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

    /// Parses and checks a vocabulary from its TOML text; `name` names it in errors.
    pub fn from_toml_str(name: &str, text: &str) -> Result<Vocab, VocabError> {
        let invalid = |offset: usize, message: String| VocabError::Invalid {
            file: name.to_string(),
            line: line_of(text, offset),
            message,
        };
        // A language without a vocabulary (ar, he: the announcement words of
        // `grammars/ar.toml`) is named as such, before its other tables are found wrong.
        #[derive(Deserialize)]
        struct LanguageOnly {
            language: Spanned<String>,
        }
        if let Ok(only) = toml::from_str::<LanguageOnly>(text)
            && let Ok(lang) = only.language.get_ref().parse::<Lang>()
            && let Err(msg) = crate::lang::vocabulary_lang(lang)
        {
            return Err(invalid(only.language.span().start, msg));
        }
        let raw: RawVocab = toml::from_str(text).map_err(|err| {
            let offset = err.span().map(|s| s.start).unwrap_or(0);
            invalid(offset, err.message().trim().to_string())
        })?;

        let lang: Lang = raw
            .language
            .get_ref()
            .parse()
            .and_then(crate::lang::vocabulary_lang)
            .map_err(|msg: String| invalid(raw.language.span().start, msg))?;

        let section = |sec: &Section, sec_name: &str, keys: &[&str], required: &[&str]| {
            let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
            for (key, list) in sec.get_ref() {
                if !keys.contains(&key.get_ref().as_str()) {
                    return Err(invalid(
                        key.span().start,
                        format!(
                            "unknown key {:?} in [{sec_name}]: expected one of {}",
                            key.get_ref(),
                            keys.join(", ")
                        ),
                    ));
                }
                let mut entries = Vec::new();
                for entry in list.get_ref() {
                    let phrase = entry
                        .get_ref()
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    if phrase.is_empty() {
                        return Err(invalid(
                            entry.span().start,
                            format!("empty word in [{sec_name}] {}", key.get_ref()),
                        ));
                    }
                    if let Some(bad) = phrase
                        .chars()
                        .find(|c| !(c.is_alphabetic() || *c == ' ' || *c == '\''))
                    {
                        return Err(invalid(
                            entry.span().start,
                            format!(
                                "{phrase:?} in [{sec_name}] {} has the character {bad:?}: only letters, spaces and apostrophes",
                                key.get_ref()
                            ),
                        ));
                    }
                    entries.push(phrase);
                }
                out.insert(key.get_ref().clone(), entries);
            }
            for req in required {
                match out.get(*req) {
                    None => {
                        return Err(invalid(
                            sec.span().start,
                            format!("[{sec_name}] lacks {req:?}"),
                        ));
                    }
                    Some(list) if list.is_empty() && sec_name != "words" => {
                        return Err(invalid(
                            sec.span().start,
                            format!("[{sec_name}] {req} has no words: give at least one"),
                        ));
                    }
                    Some(_) => {}
                }
            }
            Ok(out)
        };

        let files = section(&raw.files, "files", &FILE_KEYS, &FILE_KEYS)?;
        let ranks = section(&raw.ranks, "ranks", &RANK_KEYS, &RANK_KEYS)?;
        let piece_keys: Vec<&str> = PIECE_KEYS.iter().map(|(k, _)| *k).collect();
        let pieces = section(&raw.pieces, "pieces", &piece_keys, &piece_keys)?;
        let castling = section(
            &raw.castling,
            "castling",
            &["short", "long"],
            &["short", "long"],
        )?;
        let words = section(&raw.words, "words", &WORD_KEYS, &REQUIRED_WORD_KEYS)?;
        let homophones = match &raw.homophones {
            Some(sec) => section(sec, "homophones", &HOMOPHONE_KEYS, &[])?,
            None => BTreeMap::new(),
        };
        let command_keys: Vec<&str> = Command::ALL.iter().map(|c| c.name()).collect();
        let required_commands: Vec<&str> = Command::ALL
            .iter()
            .filter(|c| c.required())
            .map(|c| c.name())
            .collect();
        let mut commands = section(&raw.commands, "commands", &command_keys, &required_commands)?;
        let typed_commands = match &raw.typed_commands {
            Some(sec) => section(sec, "typed_commands", &command_keys, &[])?,
            None => BTreeMap::new(),
        };
        for (key, list) in &typed_commands {
            commands
                .entry(key.clone())
                .or_default()
                .extend(list.iter().cloned());
        }
        let service_keys: Vec<&str> = ServiceCommand::ALL.iter().map(|c| c.name()).collect();
        let service = match &raw.service {
            Some(sec) => section(sec, "service", &service_keys, &[])?,
            None => BTreeMap::new(),
        };
        let learning_keys: Vec<&str> = LearningCommand::ALL.iter().map(|c| c.name()).collect();
        let learning = match &raw.learning {
            Some(sec) => section(sec, "learning", &learning_keys, &[])?,
            None => BTreeMap::new(),
        };

        // Single-word entries of files, ranks and pieces: they are matched word by word.
        for (sec_name, sec, table) in [
            ("files", &raw.files, &files),
            ("ranks", &raw.ranks, &ranks),
            ("pieces", &raw.pieces, &pieces),
            (
                "homophones",
                raw.homophones.as_ref().unwrap_or(&raw.pieces),
                &homophones,
            ),
        ] {
            for (key, list) in table {
                if let Some(multi) = list.iter().find(|w| w.contains(' ')) {
                    let offset = sec
                        .get_ref()
                        .iter()
                        .find(|(k, _)| k.get_ref() == key)
                        .map(|(_, v)| v.span().start)
                        .unwrap_or(0);
                    return Err(invalid(
                        offset,
                        format!("[{sec_name}] {key}: {multi:?} must be a single word"),
                    ));
                }
            }
        }

        let take = |table: &BTreeMap<String, Vec<String>>, key: &str| -> Vec<String> {
            table.get(key).cloned().unwrap_or_default()
        };
        let recognizer_words = |list: fn(&RecognizerSection) -> &Vec<String>| -> BTreeSet<String> {
            raw.recognizer
                .as_ref()
                .map(|r| list(r).iter().map(|w| normalize_phrase(w)).collect())
                .unwrap_or_default()
        };
        let mut vocab = Vocab {
            lang,
            files: FILE_KEYS.map(|k| take(&files, k)),
            ranks: RANK_KEYS.map(|k| take(&ranks, k)),
            pieces: PIECE_KEYS.map(|(k, _)| take(&pieces, k)),
            castling: [take(&castling, "short"), take(&castling, "long")],
            capture: take(&words, "capture"),
            from: take(&words, "from"),
            to: take(&words, "to"),
            promotion: take(&words, "promotion"),
            check: take(&words, "check"),
            mate: take(&words, "mate"),
            en_passant: take(&words, "en_passant"),
            filler: take(&words, "filler"),
            request: take(&words, "request"),
            asking: take(&words, "asking"),
            reading: take(&words, "reading"),
            from_move: take(&words, "from_move"),
            talk: take(&words, "talk")
                .iter()
                .map(|t| t.split_whitespace().map(normalize_word).collect())
                .collect(),
            commands: commands
                .iter()
                .filter_map(|(k, v)| Command::from_name(k).map(|c| (c, v.clone())))
                .collect(),
            service: ServiceCommand::ALL
                .iter()
                .filter_map(|c| service.get(c.name()).map(|v| (*c, v.clone())))
                .collect(),
            learning: LearningCommand::ALL
                .iter()
                .filter_map(|c| learning.get(c.name()).map(|v| (*c, v.clone())))
                .collect(),
            words: HashMap::new(),
            homophones: HashMap::new(),
            phrases: Vec::new(),
            phrases_by_first: HashMap::new(),
            unheard: recognizer_words(|r| &r.leave_out)
                .into_iter()
                .chain(
                    typed_commands
                        .values()
                        .flatten()
                        .map(|p| normalize_phrase(p)),
                )
                .collect(),
            confusable: recognizer_words(|r| &r.confusable),
            heard_for_each_other: raw
                .recognizer
                .as_ref()
                .map(|r| {
                    r.heard_for_each_other
                        .iter()
                        .map(|group| group.iter().map(|w| normalize_phrase(w)).collect())
                        .collect()
                })
                .unwrap_or_default(),
            noise_fillers: recognizer_words(|r| &r.noise_fillers),
            filler_pass: recognizer_words(|r| &r.filler_pass),
            fide_ranks: recognizer_words(|r| &r.fide_ranks),
            fide_files: recognizer_words(|r| &r.fide_files),
        };
        for (key, list) in &homophones {
            let meaning = match key.as_str() {
                "to" => Meaning::To,
                rank => Meaning::Rank(RANK_KEYS.iter().position(|k| *k == rank).unwrap_or(0) as u8),
            };
            for word in list {
                vocab
                    .homophones
                    .entry(normalize_word(word))
                    .or_default()
                    .push(meaning);
            }
        }
        vocab.index().map_err(|msg| invalid(0, msg))?;
        vocab.check_fide_pairs().map_err(|msg| invalid(0, msg))?;
        Ok(vocab)
    }

    /// Refuses a `[recognizer] fide_ranks` word that is no rank word, and a `fide_files` word
    /// that is no file word: a misspelt one would silently keep nothing or everything.
    fn check_fide_pairs(&self) -> Result<(), String> {
        let check =
            |words: &BTreeSet<String>, fits: fn(&Meaning) -> bool, list, section| match words
                .iter()
                .find(|w| !self.words.get(*w).is_some_and(fits))
            {
                Some(w) => Err(format!(
                    "[recognizer] {list}: {w:?} is not a word of [{section}]"
                )),
                None => Ok(()),
            };
        check(
            &self.fide_ranks,
            |m| matches!(m, Meaning::Rank(_)),
            "fide_ranks",
            "ranks",
        )?;
        check(
            &self.fide_files,
            |m| matches!(m, Meaning::File(_)),
            "fide_files",
            "files",
        )
    }

    /// Builds the word and phrase index, refusing a word or phrase with two meanings.
    fn index(&mut self) -> Result<(), String> {
        let mut entries: Vec<(String, Meaning)> = Vec::new();
        for (i, list) in self.files.iter().enumerate() {
            entries.extend(list.iter().map(|w| (w.clone(), Meaning::File(i as u8))));
        }
        for (i, list) in self.ranks.iter().enumerate() {
            entries.extend(list.iter().map(|w| (w.clone(), Meaning::Rank(i as u8))));
        }
        for (i, list) in self.pieces.iter().enumerate() {
            let role = PIECE_KEYS[i].1;
            entries.extend(list.iter().map(|w| (w.clone(), Meaning::Piece(role))));
        }
        for (list, side) in self
            .castling
            .iter()
            .zip([CastleSide::Short, CastleSide::Long])
        {
            entries.extend(list.iter().map(|w| (w.clone(), Meaning::Castle(side))));
        }
        for (list, meaning) in [
            (&self.capture, Meaning::Capture),
            (&self.from, Meaning::From),
            (&self.to, Meaning::To),
            (&self.promotion, Meaning::Promotion),
            (&self.check, Meaning::Check),
            (&self.mate, Meaning::Mate),
            (&self.en_passant, Meaning::EnPassant),
            (&self.filler, Meaning::Filler),
            (&self.request, Meaning::Request),
            (&self.asking, Meaning::Asking),
            (&self.reading, Meaning::Reading),
        ] {
            entries.extend(list.iter().map(|w| (w.clone(), meaning)));
        }
        for (command, list) in &self.commands {
            entries.extend(list.iter().map(|w| (w.clone(), Meaning::Command(*command))));
        }

        let mut seen: HashMap<Vec<String>, (String, Meaning)> = HashMap::new();
        for (text, meaning) in entries {
            let key: Vec<String> = text.split_whitespace().map(normalize_word).collect();
            if let Some((first, other)) = seen.get(&key)
                && *other != meaning
            {
                return Err(format!(
                    "{text:?} has two meanings ({} and {}); also written {first:?}",
                    describe(*other),
                    describe(meaning)
                ));
            }
            seen.insert(key.clone(), (text, meaning));
            if key.len() == 1 {
                self.words.insert(key[0].clone(), meaning);
            } else {
                self.phrases.push((key, meaning));
            }
        }

        // Words that only stand inside phrases: a word every castling phrase of both sides
        // shares means castling of either side; the others mean nothing alone.
        let castle_words = |side: usize| -> BTreeSet<String> {
            self.castling[side]
                .iter()
                .flat_map(|p| p.split_whitespace().map(normalize_word))
                .collect()
        };
        let (short, long) = (castle_words(0), castle_words(1));
        let mut fragments: Vec<(String, Meaning)> = Vec::new();
        for (phrase, _) in &self.phrases {
            for word in phrase {
                if self.words.contains_key(word) {
                    continue;
                }
                let meaning = if short.contains(word) && long.contains(word) {
                    Meaning::CastleAny
                } else {
                    Meaning::Fragment
                };
                fragments.push((word.clone(), meaning));
            }
        }
        for (word, meaning) in fragments {
            self.words.entry(word).or_insert(meaning);
        }
        self.phrases
            .sort_by_key(|(words, _)| std::cmp::Reverse(words.len()));
        self.phrases_by_first.clear();
        for (i, (words, _)) in self.phrases.iter().enumerate() {
            self.phrases_by_first
                .entry(words[0].clone())
                .or_default()
                .push(i);
        }
        // The talk sentences without their fillers, as `is_talk` compares them.
        let talk = std::mem::take(&mut self.talk);
        self.talk = talk
            .into_iter()
            .map(|sentence| {
                sentence
                    .into_iter()
                    .filter(|w| !self.is_filler(w))
                    .collect()
            })
            .collect();
        Ok(())
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

    /// Whether the recognizers' grammars take this word or phrase: not a word of `[recognizer]
    /// leave_out` (too short to tell apart by ear) nor a phrasing of `[typed_commands]`
    /// (requests that drew chatter); both are read when typed.
    pub fn heard_by_recognizer(&self, phrase: &str) -> bool {
        !(phrase
            .split_whitespace()
            .any(|w| self.unheard.contains(&normalize_word(w)))
            || self.unheard.contains(&normalize_phrase(phrase)))
    }

    /// Words a recognizer may hear for each other (`[recognizer] confusable`: the letter names
    /// of the E-set, "b", "d", "e", …). A move heard with one, where another in its place is
    /// another legal move, is read back, but only an explicit "ja" makes it.
    pub fn confusable_words(&self) -> &BTreeSet<String> {
        &self.confusable
    }

    /// Groups of words a recognizer may hear for each other, each word only for the others of
    /// its group (`[recognizer] heard_for_each_other`: "Eva" and "David" in English games).
    pub fn heard_for_each_other(&self) -> &[BTreeSet<String>] {
        &self.heard_for_each_other
    }

    /// Fillers a recognizer may take as noise anywhere in an utterance, between any two words
    /// (`[recognizer] noise_fillers`), instead of only before and after a phrase.
    pub fn noise_fillers(&self) -> &BTreeSet<String> {
        &self.noise_fillers
    }

    /// Fillers that a recognizer's second hearing of a sentence it could not place takes
    /// between the words of a move, beside the fillers before and after it (`[recognizer]
    /// filler_pass`); none where there is no such hearing.
    pub fn filler_pass_fillers(&self) -> &BTreeSet<String> {
        &self.filler_pass
    }

    /// Whether a recognizer's grammar has this rank word right after this file word (`[recognizer]
    /// fide_ranks`: in an English game the German numbers stand only after a FIDE file name,
    /// "Felix drei", never "echo drei").
    pub fn square_heard(&self, file_word: &str, rank_word: &str) -> bool {
        self.lone_rank_heard(rank_word) || self.fide_files.contains(&normalize_word(file_word))
    }

    /// Whether a recognizer's grammar has this rank word without a file before it (a lone
    /// origin rank, "Turm eins Eva eins"): never one of `[recognizer] fide_ranks`.
    pub fn lone_rank_heard(&self, rank_word: &str) -> bool {
        !self.fide_ranks.contains(&normalize_word(rank_word))
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

fn describe(meaning: Meaning) -> String {
    match meaning {
        Meaning::File(f) => format!("file {}", (b'a' + f) as char),
        Meaning::Rank(r) => format!("rank {}", r + 1),
        Meaning::Piece(role) => format!("piece {role:?}").to_lowercase(),
        Meaning::Castle(side) => format!("castling {side:?}").to_lowercase(),
        Meaning::CastleAny => "castling".into(),
        Meaning::Capture => "capture".into(),
        Meaning::From => "from-word".into(),
        Meaning::To => "to-word".into(),
        Meaning::Promotion => "promotion".into(),
        Meaning::Check => "check".into(),
        Meaning::Mate => "mate".into(),
        Meaning::EnPassant => "en passant".into(),
        Meaning::Filler => "filler".into(),
        Meaning::Request => "request word".into(),
        Meaning::Asking => "asking word".into(),
        Meaning::Reading => "reading verb".into(),
        Meaning::Command(c) => format!("command {}", c.name()),
        Meaning::Fragment => "part of a phrase".into(),
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    text.as_bytes()[..offset]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

#[cfg(test)]
mod tests;
