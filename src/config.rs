//! The player's settings file, `$XDG_CONFIG_HOME/rochade/config.toml` (else
//! `~/.config/rochade/config.toml`): read and checked into typed values, each with the line it
//! stands on, and where a setting in force came from ([`Source`]). Pure: the text comes in, the
//! values or an error naming the file, the line and the key come out; reading the file and
//! merging with the command line is the shell's (`cli::config`).
//!
//! ```
//! use rochade::config::{ConfigFile, Key};
//! let file = ConfigFile::parse("lang = \"en\"\nconfirm_ms = 1500\n", "config.toml".as_ref()).unwrap();
//! assert_eq!(file.line_of(Key::ConfirmMs), Some(2));
//! assert_eq!(file.values.confirm_ms, Some(1500));
//! let bad = ConfigFile::parse("rate = \"fast\"\n", "config.toml".as_ref()).unwrap_err();
//! assert_eq!(bad.to_string(), "config.toml, line 1, key rate: expected a number of words a minute from 80 to 450");
//! ```
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::asr::Backend;
use crate::asr::input::Denoise;
use crate::lang::Lang;

/// The settings the file may hold, by their names in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Key {
    Lang,
    Vocab,
    Recognizer,
    Model,
    InputDevice,
    OutputDevice,
    OpponentDevice,
    Speech,
    Voice,
    Rate,
    Volume,
    ConfirmMs,
    TimeControl,
    Warnings,
    Check,
    GamesDir,
    Denoise,
}

impl Key {
    /// Every key, in the order `rochade config` prints them.
    pub const ALL: [Key; 17] = [
        Key::Lang,
        Key::Vocab,
        Key::Recognizer,
        Key::Model,
        Key::InputDevice,
        Key::OutputDevice,
        Key::OpponentDevice,
        Key::Speech,
        Key::Voice,
        Key::Rate,
        Key::Volume,
        Key::ConfirmMs,
        Key::TimeControl,
        Key::Warnings,
        Key::Check,
        Key::GamesDir,
        Key::Denoise,
    ];

    /// Its name in the file.
    pub fn name(self) -> &'static str {
        match self {
            Key::Lang => "lang",
            Key::Vocab => "vocab",
            Key::Recognizer => "recognizer",
            Key::Model => "model",
            Key::InputDevice => "input_device",
            Key::OutputDevice => "output_device",
            Key::OpponentDevice => "opponent_device",
            Key::Speech => "speech",
            Key::Voice => "voice",
            Key::Rate => "rate",
            Key::Volume => "volume",
            Key::ConfirmMs => "confirm_ms",
            Key::TimeControl => "time_control",
            Key::Warnings => "warnings",
            Key::Check => "check",
            Key::GamesDir => "games_dir",
            Key::Denoise => "denoise",
        }
    }

    /// The key of this name.
    pub fn from_name(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// Where a setting in force came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Rochade's built-in default.
    Default,
    /// The settings file, at this line.
    File { path: PathBuf, line: usize },
    /// An option on the command line.
    CommandLine,
}

/// The speech outputs `speech` may name.
pub const SPEECH_CHOICES: [&str; 4] = ["auto", "speech-dispatcher", "espeak", "off"];

/// The speaking rates, in words a minute, a setting may hold (espeak-ng's range).
pub const RATE_RANGE: std::ops::RangeInclusive<u32> = crate::assistant::protocol::SPEECH_RATES;

/// The volumes, in percent of the output's full volume.
pub const VOLUME_RANGE: std::ops::RangeInclusive<u8> = crate::assistant::protocol::SPEECH_VOLUMES;

/// The longest correction window a file may set (a minute).
pub const CONFIRM_MS_MAX: u64 = 60_000;

/// The values of a settings file, each checked; `None` where the file does not set it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Values {
    pub lang: Option<Lang>,
    pub vocab: Option<Lang>,
    pub recognizer: Option<Backend>,
    pub model: Option<PathBuf>,
    pub input_device: Option<String>,
    pub output_device: Option<String>,
    pub opponent_device: Option<String>,
    pub speech: Option<String>,
    pub voice: Option<String>,
    pub rate: Option<u32>,
    pub volume: Option<u8>,
    pub confirm_ms: Option<u64>,
    pub time_control: Option<String>,
    pub warnings: Option<bool>,
    pub check: Option<bool>,
    pub games_dir: Option<PathBuf>,
    pub denoise: Option<Denoise>,
}

/// A settings file, read and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigFile {
    pub path: PathBuf,
    pub values: Values,
    /// The line each key stands on.
    lines: BTreeMap<Key, usize>,
}

/// A settings file that cannot be used: nothing starts with it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConfigError {
    #[error("{}: cannot read the settings file: {why}", path.display())]
    Unreadable { path: PathBuf, why: String },
    #[error("{}, line {line}: {why}", path.display())]
    Syntax {
        path: PathBuf,
        line: usize,
        why: String,
    },
    #[error("{}, line {line}: unknown key {key:?} (the keys are: {})", path.display(), key_names())]
    UnknownKey {
        path: PathBuf,
        line: usize,
        key: String,
    },
    #[error("{}, line {line}, key {}: {why}", path.display(), key.name())]
    BadValue {
        path: PathBuf,
        line: usize,
        key: Key,
        why: String,
    },
}

fn key_names() -> String {
    Key::ALL.map(Key::name).join(", ")
}

/// The settings file's path: `$XDG_CONFIG_HOME/rochade/config.toml` when that is an absolute
/// path (the XDG rule), else `$HOME/.config/rochade/config.toml`; `None` with neither.
pub fn default_path(xdg_config_home: Option<&Path>, home: Option<&Path>) -> Option<PathBuf> {
    let base = match xdg_config_home.filter(|p| p.is_absolute()) {
        Some(xdg) => xdg.to_path_buf(),
        None => home.filter(|h| !h.as_os_str().is_empty())?.join(".config"),
    };
    Some(base.join("rochade").join("config.toml"))
}

/// The 1-based line of a byte offset in `text`.
fn line_at(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

impl ConfigFile {
    /// Reads the settings from the text of the file at `path` (named in errors; a relative
    /// `model` or `games_dir` is taken from the file's folder).
    pub fn parse(text: &str, path: &Path) -> Result<ConfigFile, ConfigError> {
        let table: BTreeMap<String, toml::Spanned<toml::Value>> =
            toml::from_str(text).map_err(|e| ConfigError::Syntax {
                path: path.to_path_buf(),
                line: e.span().map_or(1, |s| line_at(text, s.start)),
                why: e.message().trim().to_string(),
            })?;
        let mut values = Values::default();
        let mut lines = BTreeMap::new();
        let folder = path.parent().unwrap_or_else(|| Path::new(""));
        for (name, spanned) in &table {
            let line = line_at(text, spanned.span().start);
            let Some(key) = Key::from_name(name) else {
                // The key stands before its value, on the same line in every file this
                // reads (a table would be refused here anyway).
                return Err(ConfigError::UnknownKey {
                    path: path.to_path_buf(),
                    line,
                    key: name.clone(),
                });
            };
            let bad = |why: String| ConfigError::BadValue {
                path: path.to_path_buf(),
                line,
                key,
                why,
            };
            let value = spanned.get_ref();
            let text_of = |what: &str| -> Result<String, ConfigError> {
                match value.as_str().map(str::trim) {
                    Some(s) if !s.is_empty() => Ok(s.to_string()),
                    _ => Err(bad(format!("expected {what} in quotes"))),
                }
            };
            let path_of = |what: &str| -> Result<PathBuf, ConfigError> {
                let p = PathBuf::from(text_of(what)?);
                Ok(if p.is_absolute() { p } else { folder.join(p) })
            };
            match key {
                Key::Lang => values.lang = Some(text_of("a language")?.parse().map_err(bad)?),
                Key::Vocab => {
                    let lang: Lang = text_of("a language")?.parse().map_err(bad)?;
                    values.vocab = Some(crate::lang::vocabulary_lang(lang).map_err(bad)?);
                }
                Key::Recognizer => {
                    values.recognizer = Some(text_of("a recognizer")?.parse().map_err(bad)?)
                }
                Key::Model => values.model = Some(path_of("a model folder")?),
                Key::InputDevice => values.input_device = Some(text_of("a device name")?),
                Key::OutputDevice => values.output_device = Some(text_of("a device name")?),
                Key::OpponentDevice => values.opponent_device = Some(text_of("a device name")?),
                Key::Speech => {
                    let s = text_of("a speech output")?.to_ascii_lowercase();
                    if !SPEECH_CHOICES.contains(&s.as_str()) {
                        return Err(bad(format!(
                            "unknown speech output {s:?}: expected {}",
                            SPEECH_CHOICES.join(", ")
                        )));
                    }
                    values.speech = Some(s);
                }
                Key::Voice => values.voice = Some(text_of("a voice name")?),
                Key::Rate => {
                    let why = format!(
                        "expected a number of words a minute from {} to {}",
                        RATE_RANGE.start(),
                        RATE_RANGE.end()
                    );
                    let n = value
                        .as_integer()
                        .and_then(|n| u32::try_from(n).ok())
                        .filter(|n| RATE_RANGE.contains(n));
                    values.rate = Some(n.ok_or_else(|| bad(why))?);
                }
                Key::Volume => {
                    let why = format!(
                        "expected a volume in percent from {} to {}",
                        VOLUME_RANGE.start(),
                        VOLUME_RANGE.end()
                    );
                    let n = value
                        .as_integer()
                        .and_then(|n| u8::try_from(n).ok())
                        .filter(|n| VOLUME_RANGE.contains(n));
                    values.volume = Some(n.ok_or_else(|| bad(why))?);
                }
                Key::ConfirmMs => {
                    let why = format!(
                        "expected the correction window in milliseconds, from 0 to {CONFIRM_MS_MAX}"
                    );
                    let n = value
                        .as_integer()
                        .and_then(|n| u64::try_from(n).ok())
                        .filter(|n| *n <= CONFIRM_MS_MAX);
                    values.confirm_ms = Some(n.ok_or_else(|| bad(why))?);
                }
                Key::TimeControl => {
                    let tc = text_of("a time control")?;
                    if tc != "-" {
                        tc.parse::<crate::clock::TimeControl>()
                            .map_err(|e| bad(e.to_string()))?;
                    }
                    values.time_control = Some(tc);
                }
                Key::Warnings => {
                    values.warnings = Some(
                        value
                            .as_bool()
                            .ok_or_else(|| bad("expected true or false".into()))?,
                    )
                }
                Key::Check => {
                    values.check = Some(
                        value
                            .as_bool()
                            .ok_or_else(|| bad("expected true or false".into()))?,
                    )
                }
                Key::GamesDir => values.games_dir = Some(path_of("a folder")?),
                Key::Denoise => {
                    values.denoise = Some(text_of("a denoise setting")?.parse().map_err(bad)?)
                }
            }
            lines.insert(key, line);
        }
        Ok(ConfigFile {
            path: path.to_path_buf(),
            values,
            lines,
        })
    }

    /// The line a key stands on, if the file sets it.
    pub fn line_of(&self, key: Key) -> Option<usize> {
        self.lines.get(&key).copied()
    }

    /// Where a key's value comes from if the command line does not give it: this file, or
    /// the built-in default.
    pub fn source_of(&self, key: Key) -> Source {
        match self.line_of(key) {
            Some(line) => Source::File {
                path: self.path.clone(),
                line,
            },
            None => Source::Default,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ConfigFile, ConfigError> {
        ConfigFile::parse(text, Path::new("/home/p/.config/rochade/config.toml"))
    }

    #[test]
    fn every_key_is_read_with_its_line() {
        let text = "# Rochade\nlang = \"en\"\nvocab = \"de\"\nrecognizer = \"vosk\"\n\
                    model = \"models/vosk-de\"\ninput_device = \"Headset Mic\"\n\
                    output_device = \"Headset\"\nopponent_device = \"Speaker\"\n\
                    speech = \"espeak\"\nvoice = \"de+f3\"\nrate = 200\nvolume = 80\n\
                    confirm_ms = 1500\ntime_control = \"rapid\"\nwarnings = true\n\
                    check = false\ngames_dir = \"/srv/games\"\ndenoise = \"always\"\n";
        let file = parse(text).expect("a good file");
        let v = &file.values;
        assert_eq!(v.lang, Some(Lang::En));
        assert_eq!(v.vocab, Some(Lang::De));
        assert_eq!(v.recognizer, Some(Backend::Vosk));
        assert_eq!(
            v.model.as_deref(),
            Some(Path::new("/home/p/.config/rochade/models/vosk-de"))
        );
        assert_eq!(v.input_device.as_deref(), Some("Headset Mic"));
        assert_eq!(v.output_device.as_deref(), Some("Headset"));
        assert_eq!(v.opponent_device.as_deref(), Some("Speaker"));
        assert_eq!(v.speech.as_deref(), Some("espeak"));
        assert_eq!(v.voice.as_deref(), Some("de+f3"));
        assert_eq!(v.rate, Some(200));
        assert_eq!(v.volume, Some(80));
        assert_eq!(v.confirm_ms, Some(1500));
        assert_eq!(v.time_control.as_deref(), Some("rapid"));
        assert_eq!(v.warnings, Some(true));
        assert_eq!(v.check, Some(false));
        assert_eq!(v.games_dir.as_deref(), Some(Path::new("/srv/games")));
        assert_eq!(file.line_of(Key::Lang), Some(2));
        assert_eq!(file.line_of(Key::GamesDir), Some(17));
        assert_eq!(v.denoise, Some(Denoise::Always));
        assert_eq!(file.line_of(Key::Denoise), Some(18));
        assert_eq!(
            file.source_of(Key::Rate),
            Source::File {
                path: PathBuf::from("/home/p/.config/rochade/config.toml"),
                line: 11
            }
        );
    }

    #[test]
    fn an_empty_file_sets_nothing() {
        let file = parse("# nothing yet\n").expect("empty is good");
        assert_eq!(file.values, Values::default());
        assert_eq!(file.source_of(Key::Lang), Source::Default);
    }

    #[test]
    fn bad_values_name_the_file_line_and_key() {
        let cases = [
            (
                "lang = \"fr\"\n",
                "/home/p/.config/rochade/config.toml, line 1, key lang: unknown language \"fr\": expected \"de\", \"en\", \"ar\" or \"he\"",
            ),
            (
                "\n\nconfirm_ms = -5\n",
                "/home/p/.config/rochade/config.toml, line 3, key confirm_ms: expected the correction window in milliseconds, from 0 to 60000",
            ),
            (
                "volume = 150\n",
                "/home/p/.config/rochade/config.toml, line 1, key volume: expected a volume in percent from 10 to 100",
            ),
            (
                "warnings = \"yes\"\n",
                "/home/p/.config/rochade/config.toml, line 1, key warnings: expected true or false",
            ),
            (
                "vocab = \"ar\"\n",
                "/home/p/.config/rochade/config.toml, line 1, key vocab: there is no vocabulary in ar: the player speaks \"de\" (the FIDE words) or \"en\"",
            ),
            (
                "speech = \"loud\"\n",
                "/home/p/.config/rochade/config.toml, line 1, key speech: unknown speech output \"loud\": expected auto, speech-dispatcher, espeak, off",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(
                parse(text).expect_err(text).to_string(),
                want,
                "for {text:?}"
            );
        }
        let tc = parse("lang = \"de\"\ntime_control = \"40/abc\"\n").expect_err("bad control");
        assert!(
            matches!(
                &tc,
                ConfigError::BadValue {
                    line: 2,
                    key: Key::TimeControl,
                    ..
                }
            ),
            "{tc}"
        );
    }

    #[test]
    fn unknown_keys_and_syntax_errors_are_refused_with_their_line() {
        let unknown = parse("lang = \"de\"\nlanguage = \"en\"\n").expect_err("unknown key");
        assert!(
            matches!(&unknown, ConfigError::UnknownKey { line: 2, key, .. } if key == "language"),
            "{unknown}"
        );
        assert!(unknown.to_string().contains("confirm_ms"), "{unknown}");
        let syntax = parse("lang = \"de\"\nrate = \n").expect_err("no value");
        assert!(
            matches!(&syntax, ConfigError::Syntax { line: 2, .. }),
            "{syntax}"
        );
    }

    #[test]
    fn the_path_follows_xdg() {
        assert_eq!(
            default_path(Some(Path::new("/x/cfg")), Some(Path::new("/home/p"))),
            Some(PathBuf::from("/x/cfg/rochade/config.toml"))
        );
        // a relative XDG_CONFIG_HOME is ignored, as the XDG rule says
        assert_eq!(
            default_path(Some(Path::new("cfg")), Some(Path::new("/home/p"))),
            Some(PathBuf::from("/home/p/.config/rochade/config.toml"))
        );
        assert_eq!(default_path(None, None), None);
    }
}
