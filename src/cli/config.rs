//! `rochade config`, and the settings file applied to `play` and `relay`: the file
//! ([`crate::config`]) fills every setting the command line does not give (clap's
//! `ArgMatches::value_source` tells which it gave); the built-in defaults fill the rest. A bad
//! file stops the start with its path, line and key.
use std::path::PathBuf;

use clap::parser::ValueSource;
use clap::{ArgMatches, Args};

use crate::catalog::Catalog;
use crate::cli::play_args::PlayArgs;
use crate::config::{ConfigError, ConfigFile, Key, Source};

/// `rochade config`: the settings `play` would start with, and where each came from.
#[derive(Debug, Args, Clone)]
pub struct ConfigArgs {
    /// The same options as `play` (and `--json`): what they would change is shown as coming
    /// from the command line.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// One setting in force.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    pub key: Key,
    /// Its value as written in the file or on the command line; `None` when it is not set
    /// (the program chooses: the default input, the language's vocabulary, …).
    pub value: Option<String>,
    pub source: Source,
}

/// The settings in force and the file they were looked for in.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Where the settings file is looked for (`None`: neither XDG_CONFIG_HOME nor HOME).
    pub path: Option<PathBuf>,
    /// Whether that file exists (and was read).
    pub found: bool,
    pub entries: Vec<Setting>,
}

/// The settings file's path from the environment.
pub fn settings_path() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CONFIG_HOME").map(PathBuf::from);
    let home = std::env::var_os("HOME").map(PathBuf::from);
    crate::config::default_path(xdg.as_deref(), home.as_deref())
}

/// Reads the settings file at `path`; `None` when there is none.
pub fn read_settings_file(path: &std::path::Path) -> Result<Option<ConfigFile>, ConfigError> {
    if !path.exists() {
        return Ok(None);
    }
    let bytes = crate::bounded::read_file(path, crate::bounded::VOCABULARY).map_err(|e| {
        ConfigError::Unreadable {
            path: path.to_path_buf(),
            why: e.to_string(),
        }
    })?;
    let text = String::from_utf8(bytes).map_err(|_| ConfigError::Unreadable {
        path: path.to_path_buf(),
        why: "it is not UTF-8 text".into(),
    })?;
    ConfigFile::parse(&text, path).map(Some)
}

/// The clap id of the option a key sets.
fn arg_id(key: Key) -> &'static str {
    match key {
        Key::Lang => "lang",
        Key::Vocab => "vocab",
        Key::Recognizer => "recognizer",
        Key::Model => "model",
        Key::InputDevice => "input_device",
        Key::OutputDevice => "output_device",
        Key::OpponentDevice => "opponent_device",
        Key::Speech => "speech",
        Key::Voice => "speech_voice",
        Key::Rate => "speech_rate",
        Key::Volume => "speech_volume",
        Key::ConfirmMs => "confirm_ms",
        Key::TimeControl => "time_control",
        Key::Warnings => "warnings",
        Key::Check => "no_check",
        Key::GamesDir => "games_dir",
        Key::Denoise => "denoise",
    }
}

/// Sets `key` in `args` from the file's value; whether the file has one.
fn take_from_file(args: &mut PlayArgs, file: &ConfigFile, key: Key) -> bool {
    let v = &file.values;
    let voice = &mut args.voice;
    match key {
        Key::Lang => v.lang.map(|x| args.lang = x).is_some(),
        Key::Vocab => v.vocab.map(|x| args.vocab = Some(x)).is_some(),
        Key::Recognizer => v.recognizer.map(|x| voice.recognizer = Some(x)).is_some(),
        Key::Model => v.model.clone().map(|x| voice.model = Some(x)).is_some(),
        Key::InputDevice => v
            .input_device
            .clone()
            .map(|x| voice.input_device = Some(x))
            .is_some(),
        Key::OutputDevice => v
            .output_device
            .clone()
            .map(|x| voice.output_device = Some(x))
            .is_some(),
        Key::OpponentDevice => v
            .opponent_device
            .clone()
            .map(|x| voice.opponent_device = Some(x))
            .is_some(),
        Key::Speech => v.speech.clone().map(|x| voice.speech = x).is_some(),
        Key::Voice => v
            .voice
            .clone()
            .map(|x| voice.speech_voice = Some(x))
            .is_some(),
        Key::Rate => v.rate.map(|x| voice.speech_rate = x).is_some(),
        Key::Volume => v.volume.map(|x| voice.speech_volume = x).is_some(),
        Key::ConfirmMs => v.confirm_ms.map(|x| args.confirm_ms = x).is_some(),
        Key::TimeControl => v
            .time_control
            .clone()
            .map(|x| args.time_control = x)
            .is_some(),
        Key::Warnings => v.warnings.map(|x| args.warnings = Some(x)).is_some(),
        Key::Check => v.check.map(|x| voice.no_check = !x).is_some(),
        Key::GamesDir => v
            .games_dir
            .clone()
            .map(|x| args.games_dir = Some(x))
            .is_some(),
        Key::Denoise => v.denoise.map(|x| voice.denoise = x).is_some(),
    }
}

/// A key's value in `args`, as written.
fn value_in(args: &PlayArgs, key: Key) -> Option<String> {
    let voice = &args.voice;
    let path = |p: &Option<PathBuf>| p.as_ref().map(|p| p.display().to_string());
    match key {
        Key::Lang => Some(args.lang.code().to_string()),
        Key::Vocab => args.vocab.map(|l| l.code().to_string()),
        Key::Recognizer => voice.recognizer.map(|b| b.name().to_string()),
        Key::Model => path(&voice.model),
        Key::InputDevice => voice.input_device.clone(),
        Key::OutputDevice => voice.output_device.clone(),
        Key::OpponentDevice => voice.opponent_device.clone(),
        Key::Speech => Some(voice.speech.clone()),
        Key::Voice => voice.speech_voice.clone(),
        Key::Rate => Some(voice.speech_rate.to_string()),
        Key::Volume => Some(voice.speech_volume.to_string()),
        Key::ConfirmMs => Some(args.confirm_ms.to_string()),
        Key::TimeControl => Some(args.time_control.clone()),
        Key::Warnings => args.warnings.map(|w| w.to_string()),
        Key::Check => Some((!voice.no_check).to_string()),
        Key::GamesDir => path(&args.games_dir).or_else(|| {
            crate::journal::default_games_dir()
                .ok()
                .map(|p| p.display().to_string())
        }),
        Key::Denoise => Some(voice.denoise.name().to_string()),
    }
}

/// Fills `args` from the settings file where the command line (`matches`, the subcommand's
/// matches; `None`: nothing was given on a command line) did not set an option, and says where
/// each setting came from. A bad settings file is an error, and nothing starts.
pub fn apply_settings(
    args: &mut PlayArgs,
    matches: Option<&ArgMatches>,
) -> Result<Settings, ConfigError> {
    let path = settings_path();
    let file = match &path {
        Some(p) => read_settings_file(p)?,
        None => None,
    };
    Ok(apply_file(args, matches, path, file.as_ref()))
}

/// [`apply_settings`] with the file already read.
pub fn apply_file(
    args: &mut PlayArgs,
    matches: Option<&ArgMatches>,
    path: Option<PathBuf>,
    file: Option<&ConfigFile>,
) -> Settings {
    let given = |key: Key| {
        matches.is_some_and(|m| {
            m.try_get_raw(arg_id(key)).is_ok()
                && m.value_source(arg_id(key)) == Some(ValueSource::CommandLine)
        })
    };
    let mut entries = Vec::new();
    for key in Key::ALL {
        let source = if given(key) {
            Source::CommandLine
        } else if let Some(file) = file
            && take_from_file(args, file, key)
        {
            file.source_of(key)
        } else {
            Source::Default
        };
        entries.push(Setting {
            key,
            value: value_in(args, key),
            source,
        });
    }
    Settings {
        path,
        found: file.is_some(),
        entries,
    }
}

/// The plain lines of `rochade config`, in the catalog's language.
pub fn settings_lines(settings: &Settings, catalog: &Catalog) -> Vec<String> {
    let mut lines = Vec::new();
    let path = settings
        .path
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    lines.push(catalog.text(
        if settings.found {
            "config-file"
        } else {
            "config-file-none"
        },
        &[("path", path.into())],
    ));
    for s in &settings.entries {
        let source = match &s.source {
            Source::Default => catalog.text("config-from-default", &[]),
            Source::File { line, .. } => {
                catalog.text("config-from-file", &[("line", line.to_string().into())])
            }
            Source::CommandLine => catalog.text("config-from-command-line", &[]),
        };
        let value = s
            .value
            .clone()
            .unwrap_or_else(|| catalog.text("config-unset", &[]));
        lines.push(catalog.text(
            "config-setting",
            &[
                ("name", s.key.name().into()),
                ("value", value.into()),
                ("source", source.into()),
            ],
        ));
    }
    lines
}

/// The JSON of `rochade config --json`.
pub fn settings_json(settings: &Settings) -> serde_json::Value {
    let entries: Vec<serde_json::Value> = settings
        .entries
        .iter()
        .map(|s| {
            let (source, line) = match &s.source {
                Source::Default => ("default", None),
                Source::File { line, .. } => ("file", Some(*line)),
                Source::CommandLine => ("command_line", None),
            };
            let mut o = serde_json::json!({
                "name": s.key.name(),
                "value": s.value,
                "source": source,
            });
            if let Some(line) = line {
                o["line"] = line.into();
            }
            o
        })
        .collect();
    serde_json::json!({
        "file": settings.path.as_ref().map(|p| p.display().to_string()),
        "found": settings.found,
        "settings": entries,
    })
}

/// Runs `rochade config`.
pub fn run(mut args: ConfigArgs, matches: Option<&ArgMatches>) -> anyhow::Result<i32> {
    let settings = apply_settings(&mut args.play, matches)?;
    if args.play.json {
        println!("{}", settings_json(&settings));
    } else {
        let catalog = Catalog::builtin(args.play.lang);
        for line in settings_lines(&settings, &catalog) {
            println!("{line}");
        }
    }
    Ok(0)
}
