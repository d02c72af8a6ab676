//! The languages Rochade speaks and understands. A message language is a variant here, its
//! message catalog (`grammars/<code>.ftl`, [`crate::catalog`]), its number words
//! ([`crate::numbers`]) and the words its announcements say a move with. German and English
//! also have a vocabulary (`grammars/<code>.toml`, [`crate::vocab`]): the words the blind
//! player speaks. Arabic and Hebrew have none: their games are played with the German FIDE
//! vocabulary (or the English one, `vocab`), and their announcement words are a table of the
//! words to say only (`grammars/ar.toml`, `grammars/he.toml`, [`crate::announce`]).
use serde::{Deserialize, Serialize};

/// A language of the announcements, questions and messages (and, for de and en, of the
/// vocabulary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Lang {
    /// German, the FIDE Appendix D default vocabulary.
    #[default]
    #[serde(rename = "de")]
    De,
    /// English.
    #[serde(rename = "en")]
    En,
    /// Arabic: messages only; the player speaks the German FIDE vocabulary unless told
    /// otherwise.
    #[serde(rename = "ar")]
    Ar,
    /// Hebrew: messages only, as Arabic.
    #[serde(rename = "he")]
    He,
}

impl Lang {
    /// Every language, for checks over all catalogs.
    pub const ALL: [Lang; 4] = [Lang::De, Lang::En, Lang::Ar, Lang::He];

    /// The languages with a vocabulary the player speaks (`grammars/<code>.toml`).
    pub const VOCABULARIES: [Lang; 2] = [Lang::De, Lang::En];

    /// The code used in files and on the command line: "de", "en", "ar" or "he".
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
            Lang::Ar => "ar",
            Lang::He => "he",
        }
    }

    /// Whether the player can speak this language to Rochade: it has a vocabulary file.
    pub fn has_vocabulary(self) -> bool {
        Lang::VOCABULARIES.contains(&self)
    }

    /// The vocabulary a game in this message language is played with when none is chosen:
    /// its own, or for a language without one the German FIDE words (D.2.1).
    pub fn default_vocabulary(self) -> Lang {
        match self {
            Lang::De | Lang::Ar | Lang::He => Lang::De,
            Lang::En => Lang::En,
        }
    }

    /// Whether the language is written right to left.
    pub fn right_to_left(self) -> bool {
        matches!(self, Lang::Ar | Lang::He)
    }
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "de" | "deutsch" | "german" => Ok(Lang::De),
            "en" | "english" => Ok(Lang::En),
            "ar" | "arabic" => Ok(Lang::Ar),
            "he" | "hebrew" | "iw" => Ok(Lang::He),
            other => Err(format!(
                "unknown language {other:?}: expected \"de\", \"en\", \"ar\" or \"he\""
            )),
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// A vocabulary's language given where only de or en can be (`vocab`, `--vocab`): a
/// language without a vocabulary is refused with the ones there are.
pub fn vocabulary_lang(lang: Lang) -> Result<Lang, String> {
    if lang.has_vocabulary() {
        Ok(lang)
    } else {
        Err(format!(
            "there is no vocabulary in {lang}: the player speaks \"de\" (the FIDE words) or \"en\""
        ))
    }
}
