//! The command line: one subcommand per use, each in its own file.
use clap::{Parser, Subcommand};

mod adapting;
pub mod bench;
pub mod config;
pub mod control;
pub mod ctl;
pub mod devices;
pub mod install_service;
pub mod interpret;
pub mod models;
mod models_read;
pub mod play;
pub mod play_args;
mod play_check;
mod play_failures;
mod play_start;
pub mod play_voice;
mod printer;
pub mod reconcile;
pub mod remote;
pub mod replay;
pub mod say;
pub mod scoresheet;
pub mod service;
mod telling;

/// Rochade: the FIDE Appendix D assistant for blind and visually impaired chess players.
#[derive(Debug, Parser)]
#[command(name = "rochade", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The blind player's assistant at the board: spoken or typed moves read back, made,
    /// announced, clocked and written on the scoresheet (FIDE Appendix D).
    Play(play_args::PlayArgs),
    /// A human assistant relays between the two boards: both sides' moves are typed, each is
    /// announced for the other side, and the blind player's scoresheet is kept (D.2.9, D.2.10).
    Relay(play_args::PlayArgs),
    /// Interpret spoken words in a position and print the reading as JSON (SPOKEN-MOVES.md §3).
    Interpret(interpret::InterpretArgs),
    /// Feed timed events (JSON lines) to the assistant and print every effect as a JSON line.
    Replay(replay::ReplayArgs),
    /// Measure a part of Rochade and print the figures.
    Bench(bench::BenchArgs),
    /// Write a game's scoresheet: PGN, Unicode braille, BRF or text for print.
    #[command(long_about = scoresheet::LONG_ABOUT)]
    Scoresheet(scoresheet::ScoresheetArgs),
    /// Compare two scoresheets and say where they stop agreeing (FIDE D.2.7-8).
    #[command(long_about = reconcile::LONG_ABOUT)]
    Reconcile(reconcile::ReconcileArgs),
    /// Speech models: list, fetch and check Vosk models; pocketsphinx learns the player's voice
    /// (read, adapt).
    Models(models::ModelsArgs),
    /// List the audio inputs and outputs, and check that the default ones open.
    Devices(devices::DevicesArgs),
    /// Say a text through the speech outputs (speech-dispatcher, espeak-ng, text).
    Say(say::SayArgs),
    /// The assistant as a desktop service with no terminal: listens for "Neue Partie", plays
    /// one game at a time as `play` does, resumes an interrupted game by itself, and is
    /// controlled by `rochade ctl`.
    Service(service::ServiceArgs),
    /// Control the running service: new-game, resume, input, opponent, status, push-to-talk,
    /// repeat, stop.
    Ctl(ctl::CtlArgs),
    /// Install the service as a systemd user unit of the graphical session, enabled.
    InstallService(install_service::InstallServiceArgs),
    /// The settings `play` starts with (the settings file ~/.config/rochade/config.toml, the
    /// command line, the defaults) and where each came from.
    Config(config::ConfigArgs),
}

/// Runs the parsed command line; the process exit code comes back. `matches` are the
/// command line's matches, which tell what the settings file may still set.
pub fn run(cli: Cli, matches: &clap::ArgMatches) -> anyhow::Result<i32> {
    let sub = matches.subcommand().map(|(_, m)| m);
    match cli.command {
        Command::Play(mut args) => {
            config::apply_settings(&mut args, sub)?;
            play::run(args, false)
        }
        Command::Relay(mut args) => {
            config::apply_settings(&mut args, sub)?;
            play::run(args, true)
        }
        Command::Config(args) => config::run(args, sub),
        Command::Interpret(args) => interpret::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Scoresheet(args) => scoresheet::run(args),
        Command::Reconcile(args) => reconcile::run(args),
        Command::Models(args) => models::run(args),
        Command::Devices(args) => devices::run(args),
        Command::Say(args) => say::run(args),
        Command::Service(args) => service::run(args),
        Command::Ctl(args) => ctl::run(args),
        Command::InstallService(args) => install_service::run(args),
    }
}
