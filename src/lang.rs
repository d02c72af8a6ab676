//! The languages Rochade speaks and understands. A language is a variant here, its vocabulary
//! (`grammars/<code>.toml`, [`crate::vocab`]), its message catalog (`grammars/<code>.ftl`,
//! [`crate::catalog`]) and its number words ([`crate::numbers`]).
use serde::{Deserialize, Serialize};

/// A language of the vocabulary, the announcements and the spoken time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Lang {
    /// German, the FIDE Appendix D default vocabulary.
    #[default]
    #[serde(rename = "de")]
    De,
    /// English.
    #[serde(rename = "en")]
    En,
}

impl Lang {
    /// Every language, for checks over all catalogs and vocabularies.
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];

    /// The code used in files and on the command line: "de" or "en".
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "de" | "deutsch" | "german" => Ok(Lang::De),
            "en" | "english" => Ok(Lang::En),
            other => Err(format!(
                "unknown language {other:?}: expected \"de\" or \"en\""
            )),
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}
