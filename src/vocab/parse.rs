//! Reading a vocabulary file: its TOML tables, checked key by key, into a [`Vocab`] with
//! its word and phrase index.
use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Deserialize;
use shakmaty::Role;
use toml::Spanned;

use super::{
    CastleSide, Command, LearningCommand, Meaning, ServiceCommand, Vocab, VocabError,
    normalize_phrase, normalize_word,
};
use crate::lang::Lang;

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

impl Vocab {
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
