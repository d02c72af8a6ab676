//! The words a move is said with, apart from the words it is understood in.
//!
//! The blind player speaks a vocabulary ([`crate::vocab`], de or en); the opponent and the
//! arbiter hear the game's message language. For de and en the words said are the
//! vocabulary's first words. Arabic and Hebrew have no vocabulary the player speaks: their
//! announcements say a move with the words of `grammars/ar.toml` and `grammars/he.toml`, tables
//! of the words to say only (the FIDE file names and rank numbers in that script, as the
//! Arabic Laws write them, the pieces and the other chess words in that language). Nothing is
//! ever understood from these tables.
//!
//! [`MoveWording`] is what [`crate::interpret::spoken`] needs to put a move into words: a
//! [`Vocab`] is one, and so is a [`MoveWords`] table.
//!
//! ```
//! use rochade::announce::{MoveWording, MoveWords};
//! use rochade::lang::Lang;
//!
//! let ar = MoveWords::builtin(Lang::Ar).expect("Arabic has announcement words");
//! assert_eq!(ar.file(0), "أنا");
//! assert!(MoveWords::builtin(Lang::De).is_none());
//! ```
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use shakmaty::Role;

use crate::lang::Lang;
use crate::vocab::{CastleSide, Vocab, VocabError};

/// The words a move is put into: files, ranks, pieces, castling and the information words.
pub trait MoveWording {
    /// A file (0 = a).
    fn file(&self, file: usize) -> &str;
    /// A rank (0 = rank 1).
    fn rank(&self, rank: usize) -> &str;
    /// A piece.
    fn piece(&self, role: Role) -> &str;
    /// A castling.
    fn castle(&self, side: CastleSide) -> &str;
    /// The capture word, if one is said.
    fn capture(&self) -> Option<&str>;
    /// The word before the promotion piece, if one is said.
    fn promotion(&self) -> Option<&str>;
    /// The check word.
    fn check(&self) -> Option<&str>;
    /// The mate word.
    fn mate(&self) -> Option<&str>;
    /// The en passant phrase.
    fn en_passant(&self) -> Option<&str>;
    /// What stands between the move and its check or mate word: ", ", Arabic "، ".
    fn comma(&self) -> &str {
        ", "
    }
}

impl MoveWording for Vocab {
    fn file(&self, file: usize) -> &str {
        self.file_word(file)
    }
    fn rank(&self, rank: usize) -> &str {
        self.rank_word(rank)
    }
    fn piece(&self, role: Role) -> &str {
        self.piece_word(role)
    }
    fn castle(&self, side: CastleSide) -> &str {
        self.castle_phrase(side)
    }
    fn capture(&self) -> Option<&str> {
        self.capture_word()
    }
    fn promotion(&self) -> Option<&str> {
        self.promotion_word()
    }
    fn check(&self) -> Option<&str> {
        self.check_word()
    }
    fn mate(&self) -> Option<&str> {
        self.mate_word()
    }
    fn en_passant(&self) -> Option<&str> {
        self.en_passant_phrase()
    }
}

/// A table of the words to say a move with, in a language without a vocabulary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveWords {
    lang: Lang,
    files: [String; 8],
    ranks: [String; 8],
    pieces: [String; 6],
    castling: [String; 2],
    capture: String,
    promotion: String,
    check: String,
    mate: String,
    en_passant: String,
    comma: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMoveWords {
    language: String,
    comma: String,
    files: BTreeMap<String, String>,
    ranks: BTreeMap<String, String>,
    pieces: BTreeMap<String, String>,
    castling: BTreeMap<String, String>,
    words: BTreeMap<String, String>,
}

const FILE_KEYS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
const RANK_KEYS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];
const PIECE_KEYS: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];
const CASTLE_KEYS: [&str; 2] = ["short", "long"];
const WORD_KEYS: [&str; 5] = ["capture", "promotion", "check", "mate", "en_passant"];

impl MoveWords {
    /// The built-in table of a language without a vocabulary (ar, he); `None` for de and en,
    /// whose words said are their vocabulary's.
    pub fn builtin(lang: Lang) -> Option<Arc<MoveWords>> {
        static BUILTIN: OnceLock<Vec<(Lang, Arc<MoveWords>)>> = OnceLock::new();
        let all = BUILTIN.get_or_init(|| {
            [
                (
                    Lang::Ar,
                    "grammars/ar.toml",
                    include_str!("../grammars/ar.toml"),
                ),
                (
                    Lang::He,
                    "grammars/he.toml",
                    include_str!("../grammars/he.toml"),
                ),
            ]
            .into_iter()
            .map(|(lang, name, text)| {
                let words = MoveWords::from_toml_str(name, text)
                    // The built-in tables are tested; a broken one is a build defect.
                    .unwrap_or_else(|e| panic!("built-in announcement words: {e}"));
                (lang, Arc::new(words))
            })
            .collect()
        });
        all.iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, w)| Arc::clone(w))
    }

    /// A table from its TOML text; `name` names it in errors. Every key must be there, with a
    /// word.
    pub fn from_toml_str(name: &str, text: &str) -> Result<MoveWords, VocabError> {
        let invalid = |message: String| VocabError::Invalid {
            file: name.to_string(),
            line: 1,
            message,
        };
        let raw: RawMoveWords = toml::from_str(text).map_err(|err| {
            let line = err
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1)
                .unwrap_or(1);
            VocabError::Invalid {
                file: name.to_string(),
                line,
                message: err.message().trim().to_string(),
            }
        })?;
        let lang: Lang = raw.language.parse().map_err(invalid)?;
        let take = |table: &BTreeMap<String, String>, section: &str, keys: &[&str]| {
            if let Some(extra) = table.keys().find(|k| !keys.contains(&k.as_str())) {
                return Err(invalid(format!(
                    "unknown key {extra:?} in [{section}]: expected one of {}",
                    keys.join(", ")
                )));
            }
            keys.iter()
                .map(|k| match table.get(*k).map(|w| w.trim()) {
                    Some(w) if !w.is_empty() => Ok(w.to_string()),
                    _ => Err(invalid(format!("[{section}] lacks a word for {k:?}"))),
                })
                .collect::<Result<Vec<String>, VocabError>>()
        };
        let array = |words: Vec<String>| -> [String; 8] {
            std::array::from_fn(|i| words.get(i).cloned().unwrap_or_default())
        };
        let files = array(take(&raw.files, "files", &FILE_KEYS)?);
        let ranks = array(take(&raw.ranks, "ranks", &RANK_KEYS)?);
        let pieces = take(&raw.pieces, "pieces", &PIECE_KEYS)?;
        let castling = take(&raw.castling, "castling", &CASTLE_KEYS)?;
        let words = take(&raw.words, "words", &WORD_KEYS)?;
        let [capture, promotion, check, mate, en_passant]: [String; 5] = words
            .try_into()
            .map_err(|_| invalid("[words] is incomplete".into()))?;
        Ok(MoveWords {
            lang,
            files,
            ranks,
            pieces: std::array::from_fn(|i| pieces.get(i).cloned().unwrap_or_default()),
            castling: std::array::from_fn(|i| castling.get(i).cloned().unwrap_or_default()),
            capture,
            promotion,
            check,
            mate,
            en_passant,
            comma: format!("{} ", raw.comma.trim()),
        })
    }

    /// The language of the table.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Every word of the table, for checks of the script.
    pub fn all_words(&self) -> Vec<&str> {
        self.files
            .iter()
            .chain(&self.ranks)
            .chain(&self.pieces)
            .chain(&self.castling)
            .chain([
                &self.capture,
                &self.promotion,
                &self.check,
                &self.mate,
                &self.en_passant,
            ])
            .map(String::as_str)
            .collect()
    }
}

impl MoveWording for MoveWords {
    fn file(&self, file: usize) -> &str {
        &self.files[file.min(7)]
    }
    fn rank(&self, rank: usize) -> &str {
        &self.ranks[rank.min(7)]
    }
    fn piece(&self, role: Role) -> &str {
        &self.pieces[crate::vocab::role_index(role)]
    }
    fn castle(&self, side: CastleSide) -> &str {
        &self.castling[side as usize]
    }
    fn capture(&self) -> Option<&str> {
        Some(&self.capture)
    }
    fn promotion(&self) -> Option<&str> {
        Some(&self.promotion)
    }
    fn check(&self) -> Option<&str> {
        Some(&self.check)
    }
    fn mate(&self) -> Option<&str> {
        Some(&self.mate)
    }
    fn en_passant(&self) -> Option<&str> {
        Some(&self.en_passant)
    }
    fn comma(&self) -> &str {
        &self.comma
    }
}

/// The words the announcements of a game say moves with: the message language's own table
/// (ar, he); the player's vocabulary when it is in the message language (an arbiter's adapted
/// words are announced too); otherwise the built-in vocabulary of the message language.
#[derive(Debug, Clone)]
pub enum Announcing {
    /// The player's vocabulary.
    Vocabulary,
    /// The built-in vocabulary of the message language (`--lang en --vocab de`).
    Other(Box<Vocab>),
    /// A table of words to say (ar, he).
    Table(Arc<MoveWords>),
}

impl Announcing {
    /// How a game in message language `lang`, played with `vocab`, announces moves.
    pub fn new(lang: Lang, vocab: &Vocab) -> Announcing {
        if let Some(table) = MoveWords::builtin(lang) {
            Announcing::Table(table)
        } else if vocab.lang() == lang {
            Announcing::Vocabulary
        } else {
            Announcing::Other(Box::new(Vocab::builtin(lang)))
        }
    }

    /// The wording, with the player's vocabulary for [`Announcing::Vocabulary`].
    pub fn wording<'a>(&'a self, vocab: &'a Vocab) -> &'a dyn MoveWording {
        match self {
            Announcing::Vocabulary => vocab,
            Announcing::Other(v) => v.as_ref(),
            Announcing::Table(t) => t.as_ref(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_tables_are_in_their_script() {
        for (lang, range) in [
            (Lang::Ar, '\u{0600}'..='\u{06FF}'),
            (Lang::He, '\u{0590}'..='\u{05FF}'),
        ] {
            let table = MoveWords::builtin(lang).expect("a table");
            assert_eq!(table.lang(), lang);
            for word in table.all_words() {
                assert!(!word.is_empty(), "{lang}");
                assert!(
                    word.chars().all(|c| c == ' ' || range.contains(&c)),
                    "{lang}: {word:?} is not all in its script"
                );
            }
        }
    }

    #[test]
    fn a_table_lacking_a_word_is_refused() {
        let text = include_str!("../grammars/ar.toml").replace("\nh = ", "\nx = ");
        let err = MoveWords::from_toml_str("mine.toml", &text).unwrap_err();
        assert!(err.to_string().contains("unknown key \"x\""), "{err}");
    }

    #[test]
    fn de_and_en_announce_with_a_vocabulary() {
        let de = Vocab::builtin(Lang::De);
        assert!(matches!(
            Announcing::new(Lang::De, &de),
            Announcing::Vocabulary
        ));
        let a = Announcing::new(Lang::En, &de);
        assert_eq!(a.wording(&de).file(5), "Felix");
        assert_eq!(a.wording(&de).piece(Role::Knight), "knight");
        let a = Announcing::new(Lang::He, &de);
        assert_eq!(a.wording(&de).piece(Role::Knight), "פרש");
    }
}
