//! `rochade models`: list the known Vosk models, fetch one, check one (its files against the
//! record of the fetch, then its words against the vocabulary); and the hidden `models probe
//! DIR`, the trial load of a model without a record, which Rochade runs in a child process
//! (`crate::models::integrity`).
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};

use crate::lang::Lang;
use crate::models::{self, FetchOptions, Manifest, Progress};

#[derive(Debug, Args)]
pub struct ModelsArgs {
    #[command(subcommand)]
    pub command: ModelsCommand,
}

#[derive(Debug, Subcommand)]
pub enum ModelsCommand {
    /// List the models of the manifest and whether they are installed.
    List(ListArgs),
    /// Download a model (resuming an interrupted download), check its checksum, unpack it.
    Fetch(FetchArgs),
    /// Check a model's files against the record made when it was fetched (a model without
    /// one is first tried in a separate process), then list the vocabulary words it cannot
    /// recognize.
    Check(CheckArgs),
    /// Print how pocketsphinx hears the vocabulary's words: every pronunciation it is given
    /// (the built-in lists, espeak-ng's, the file named by ROCHADE_PRONUNCIATIONS), in its
    /// dictionary format. Words with none are named on standard error (exit status 1).
    Pronunciations(PronunciationsArgs),
    /// Adapt pocketsphinx's acoustic model to a player's voice: from recordings of the
    /// player (NAME.wav, with the words said in NAME.txt beside it), an adapted model is
    /// written to the models directory, and the recognizer uses it from then on (needs the
    /// Debian packages sphinxtrain and sphinxbase-utils).
    Adapt(AdaptArgs),
    /// Learn the player's voice in a reading session before his first game: Rochade says a
    /// line (a move or a command), the player says it after; then the model is adapted to
    /// every line read (as `adapt --recordings`, on the folder of the recordings).
    Read(super::models_read::ReadArgs),
    /// Load a model, decode a test sound and compile a grammar, in this process: the trial
    /// load Rochade runs in a child process before it loads a model without a record.
    #[command(hide = true)]
    Probe(ProbeArgs),
}

#[derive(Debug, Args)]
pub struct ProbeArgs {
    /// The model directory.
    pub path: PathBuf,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// A manifest file instead of the built-in one.
    #[arg(long)]
    pub manifest: Option<PathBuf>,
    /// Where models are installed (default: $ROCHADE_MODELS_DIR, else ~/.local/share/rochade/models).
    #[arg(long)]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct FetchArgs {
    /// The model's name, for example vosk-model-small-de-0.15.
    pub name: String,
    #[arg(long)]
    pub manifest: Option<PathBuf>,
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Install even if the manifest has no checksum for the model.
    #[arg(long)]
    pub allow_unverified: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The model directory.
    pub path: PathBuf,
    /// The vocabulary's language (its built-in word list is checked).
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// Check these words instead of the vocabulary (separated by commas or spaces).
    #[arg(long)]
    pub words: Option<String>,
}

#[derive(Debug, Args)]
pub struct PronunciationsArgs {
    /// The vocabulary's language.
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// These words instead of the vocabulary (separated by commas or spaces).
    #[arg(long)]
    pub words: Option<String>,
}

#[derive(Debug, Args)]
pub struct AdaptArgs {
    /// The folder of recordings: NAME.wav files, each with NAME.txt holding its words.
    #[arg(
        long,
        required_unless_present = "from_games",
        conflicts_with = "from_games"
    )]
    pub recordings: Option<PathBuf>,
    /// Learn from the moves spoken in the games of this language kept in this folder (by
    /// default the games folder, where `play` writes them): each game's STEM.audio/ holds
    /// them with the words they were heard as.
    #[arg(long = "from-games", num_args = 0..=1, default_missing_value = "")]
    pub from_games: Option<PathBuf>,
    /// The language of the words said.
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// Where to write the adapted model (default: the models directory's
    /// pocketsphinx-LANG-adapted).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

fn manifest(path: &Option<PathBuf>) -> anyhow::Result<Manifest> {
    Ok(match path {
        Some(path) => Manifest::load(path)?,
        None => Manifest::builtin(),
    })
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1}", bytes as f64 / 1_000_000.0)
}

pub fn run(args: ModelsArgs) -> anyhow::Result<i32> {
    match args.command {
        ModelsCommand::List(a) => list(a),
        ModelsCommand::Fetch(a) => fetch(a),
        ModelsCommand::Check(a) => check(a),
        ModelsCommand::Pronunciations(a) => pronunciations(a),
        ModelsCommand::Probe(a) => probe(a),
        ModelsCommand::Adapt(a) => adapt(a),
        ModelsCommand::Read(a) => super::models_read::run(a),
    }
}

fn adapt(args: AdaptArgs) -> anyhow::Result<i32> {
    let recordings = match (&args.recordings, &args.from_games) {
        (Some(folder), _) => super::adapting::recordings_in(folder)?,
        (None, Some(games)) => {
            let games = if games.as_os_str().is_empty() {
                crate::journal::default_games_dir().map_err(|e| anyhow::anyhow!("{e}"))?
            } else {
                games.clone()
            };
            let (recordings, of_games) = recordings_of_games(&games, args.lang)?;
            anyhow::ensure!(
                !recordings.is_empty(),
                "no spoken moves with their words in {} from games played in {} (play --voice keeps them)",
                games.display(),
                args.lang
            );
            println!(
                "{} spoken moves from {} games in {}.",
                recordings.len(),
                of_games,
                games.display()
            );
            recordings
        }
        (None, None) => anyhow::bail!("give --recordings DIR or --from-games [DIR]"),
    };
    let adapted = super::adapting::adapt_recordings(&recordings, args.lang, args.out)?;
    println!(
        "Adapted model: {} (learnt from {} of {} recordings, and {} of them in noise).",
        adapted.model.display(),
        adapted.aligned,
        adapted.recordings,
        adapted.aligned_in_noise
    );
    Ok(0)
}

/// The spoken moves kept beside the journals in `games` of games played in `lang`, and how
/// many games they come from. A recording without its words (kept by an older Rochade) is
/// left out, and so is a journal that cannot be read.
fn recordings_of_games(
    games: &std::path::Path,
    lang: Lang,
) -> anyhow::Result<(Vec<crate::asr::adapt::Recording>, usize)> {
    let entries = std::fs::read_dir(games)
        .with_context(|| format!("cannot read the folder {}", games.display()))?;
    let mut journals: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    journals.sort();
    let (mut recordings, mut of_games) = (Vec::new(), 0);
    for journal in journals {
        let stem = crate::session::sheet_stem(&journal);
        let audio = games.join(format!("{stem}.audio"));
        if !audio.is_dir() {
            continue;
        }
        match crate::session::check_journal(&journal) {
            Ok(check) if check.lang == Some(lang) => {}
            _ => continue,
        }
        let Ok(wavs) = super::adapting::wav_files(&audio) else {
            continue;
        };
        let before = recordings.len();
        for wav in wavs {
            if let Ok(text) = std::fs::read_to_string(wav.with_extension("txt"))
                && !text.trim().is_empty()
            {
                recordings.push(crate::asr::adapt::Recording {
                    wav,
                    text: text.trim().to_string(),
                });
            }
        }
        if recordings.len() > before {
            of_games += 1;
        }
    }
    Ok((recordings, of_games))
}

fn probe(args: ProbeArgs) -> anyhow::Result<i32> {
    // This process may well crash on a damaged model: it must not leave a core dump of half
    // a gigabyte in the user's folder.
    let none = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: setrlimit reads the struct it is given and changes only this process's limit.
    unsafe { libc::setrlimit(libc::RLIMIT_CORE, &none) };
    crate::asr::vosk::exercise(&args.path)?;
    println!("{}", models::integrity::PROBE_PASSED);
    Ok(0)
}

fn list(args: ListArgs) -> anyhow::Result<i32> {
    let manifest = manifest(&args.manifest)?;
    let dir = args.dir.unwrap_or_else(models::models_dir);
    println!("Models directory: {}", dir.display());
    for entry in &manifest.models {
        let installed = models::looks_like_model(&dir.join(&entry.name));
        let size = entry
            .size
            .map(|s| format!("{} megabytes", megabytes(s)))
            .unwrap_or_else(|| "size unknown".into());
        let sum = if entry.sha256.is_some() {
            "checksum known"
        } else {
            "checksum unknown"
        };
        println!(
            "{}: language {}, {size}, {sum}, {}.",
            entry.name,
            entry.lang,
            if installed {
                "installed"
            } else {
                "not installed"
            }
        );
    }
    Ok(0)
}

fn fetch(args: FetchArgs) -> anyhow::Result<i32> {
    let manifest = manifest(&args.manifest)?;
    let entry = manifest.get(&args.name)?.clone();
    let dir = args.dir.unwrap_or_else(models::models_dir);
    eprintln!("Fetching {} from {}", entry.name, entry.url);
    // plain lines every tenth, which a screen reader reads well (no redrawn bar)
    let mut last_tenth: Option<u64> = None;
    let mut report = |p: Progress| {
        if let Some(total) = p.total.filter(|t| *t > 0) {
            let tenth = (p.bytes * 10 / total).min(10);
            if last_tenth != Some(tenth) {
                last_tenth = Some(tenth);
                eprintln!(
                    "{} percent, {} of {} megabytes",
                    tenth * 10,
                    megabytes(p.bytes),
                    megabytes(total)
                );
            }
        } else {
            let tenth = p.bytes / 5_000_000;
            if last_tenth != Some(tenth) {
                last_tenth = Some(tenth);
                eprintln!("{} megabytes", megabytes(p.bytes));
            }
        }
    };
    let fetched = models::fetch(
        &entry,
        FetchOptions {
            dir,
            allow_unverified: args.allow_unverified,
            progress: &mut report,
            retries: 3,
        },
    )?;
    if let Some(why) = &fetched.replaced {
        eprintln!(
            "Replaced the model that was installed at {}: {why}.",
            fetched.path.display()
        );
    }
    if fetched.already_installed {
        println!(
            "{} is already installed at {}.",
            entry.name,
            fetched.path.display()
        );
    } else {
        if fetched.resumed_from > 0 {
            eprintln!(
                "Resumed an interrupted download after {} megabytes.",
                megabytes(fetched.resumed_from)
            );
        }
        if entry.sha256.is_none() {
            eprintln!(
                "warning: not verified; the manifest has no checksum. SHA-256 of the download: {}",
                fetched.sha256
            );
        }
        println!("Installed {} at {}.", entry.name, fetched.path.display());
    }
    Ok(0)
}

/// The words given on the command line, or else the vocabulary's.
fn words_or_vocabulary(words: &Option<String>, lang: Lang) -> Vec<String> {
    match words {
        Some(list) => list
            .split([',', ' '])
            .map(|w| w.trim().to_lowercase())
            .filter(|w| !w.is_empty())
            .collect(),
        None => vocabulary_words(lang),
    }
}

fn pronunciations(args: PronunciationsArgs) -> anyhow::Result<i32> {
    let words = words_or_vocabulary(&args.words, args.lang)
        .into_iter()
        .collect();
    let (dictionary, missing) = crate::asr::dictionary::build(&words, args.lang);
    print!("{}", dictionary.to_text());
    for word in &missing {
        eprintln!("{word}: no pronunciation");
    }
    Ok(if missing.is_empty() { 0 } else { 1 })
}

fn check(args: CheckArgs) -> anyhow::Result<i32> {
    let words = words_or_vocabulary(&args.words, args.lang);
    let report = crate::asr::vosk::check(&args.path, &words)
        .with_context(|| format!("checking the model at {}", args.path.display()))?;
    println!("{}", report.assurance.sentence());
    println!(
        "Model {}: loaded in {:.1} seconds, {} words checked.",
        report.model.display(),
        report.load_seconds,
        report.checked
    );
    if report.missing.is_empty() {
        println!("The model knows every word.");
        return Ok(0);
    }
    println!("The model lacks {} words:", report.missing.len());
    for (word, other) in &report.missing {
        match other {
            Some(other) => println!("{word} (it knows the spelling {other})"),
            None => println!("{word}"),
        }
    }
    // missing words are a finding, not a failure of the command: exit 1 lets scripts see it
    Ok(1)
}

/// Every word of the built-in vocabulary of `lang`.
pub fn vocabulary_words(lang: Lang) -> Vec<String> {
    crate::vocab::Vocab::builtin(lang)
        .words()
        .into_iter()
        .collect()
}
