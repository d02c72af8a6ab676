//! `rochade bench TARGET`: benchmarks that print plain lines of figures. Each target lives in
//! its own file under `bench/`.
use clap::{Args, Subcommand};

pub mod clock;
pub mod interpret;
pub mod readback;
pub mod scoresheet;
pub mod voice;
pub mod voice_sets;

/// The arguments of `rochade bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(subcommand)]
    pub target: BenchTarget,
}

/// What to measure.
#[derive(Debug, Subcommand)]
pub enum BenchTarget {
    /// The clock: the model's exactness over a simulated game, and the live ticker's drift.
    Clock(clock::ClockBenchArgs),
    /// The spoken-move interpreter: batch throughput, latency per utterance, read-back cost.
    Interpret(interpret::InterpretBenchArgs),
    /// The assistant: from a recognizer's final result to the read-back text, journal included.
    Readback(readback::ReadbackBenchArgs),
    /// Scoresheet reading: a long game read back from a move list, PGN, BRF and a record.
    Scoresheet(scoresheet::ScoresheetBenchArgs),
    /// The voice path: espeak-ng voices speak moves of real games, clean and with noise;
    /// accuracy, latency to the read-back, real-time factor, memory; Vosk load and compile.
    Voice(Box<voice::VoiceBenchArgs>),
}

/// Runs the chosen benchmark; the exit code comes back.
pub fn run(args: BenchArgs) -> anyhow::Result<i32> {
    match args.target {
        BenchTarget::Clock(args) => clock::run(&args),
        BenchTarget::Interpret(args) => interpret::run(&args),
        BenchTarget::Readback(args) => readback::run(&args),
        BenchTarget::Scoresheet(args) => scoresheet::run(&args),
        // `--set`: the varied sets, which use the voice run's parts.
        BenchTarget::Voice(args) if args.sets.set.is_some() => voice_sets::run(&args),
        BenchTarget::Voice(args) => voice::run(&args),
    }
}
