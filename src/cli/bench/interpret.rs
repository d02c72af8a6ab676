//! `rochade bench interpret [--corpus FILE]... [--repeat N]`: how fast the spoken-move
//! interpreter is, on a corpus in the `interpret --batch` format (SPOKEN-MOVES.md §3).
//!
//! Four parts, each printed as plain lines, all on one thread (one core):
//!
//! 1. **Batch throughput**: the corpus, repeated `--repeat` times, through [`run_batch`] from
//!    memory into memory: JSON parsing, FEN parsing, interpreting and JSON writing, without
//!    process start-up. Aim: at least 100,000 lines a second.
//! 2. **Latency per utterance**: [`Interpreter::interpret`] timed line by line, once with the
//!    FEN parsed in the timing and once with the position parsed beforehand; p50, p90, p99 and
//!    the largest. Aim: p99 under 1 ms.
//! 3. **The read-back**: [`spoken_move`] for every legal move of every corpus position.
//! 4. **The recognizer grammar**: [`move_phrases`] for every corpus position.
//!
//! Build with `cargo build --release` first: debug builds are many times slower.
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Args;
use serde_json::{Value, json};
use shakmaty::{Chess, Position};

use crate::cli::interpret::{parse_fen, run_batch};
use crate::interpret::{Interpreter, move_phrases, spoken_move};
use crate::lang::Lang;
use crate::vocab::Vocab;

/// The arguments of `rochade bench interpret`.
#[derive(Debug, Args)]
pub struct InterpretBenchArgs {
    /// A corpus file in the batch format (`expect` and `category` are ignored); may be given
    /// more than once. Default: tests/corpus/moves.jsonl and tests/corpus/noisy.jsonl.
    #[arg(long)]
    pub corpus: Vec<PathBuf>,
    /// How many times the corpus is run through (the more, the steadier the figures).
    #[arg(long, default_value_t = 20)]
    pub repeat: usize,
}

const DEFAULT_CORPORA: [&str; 2] = ["tests/corpus/moves.jsonl", "tests/corpus/noisy.jsonl"];
const THROUGHPUT_AIM: f64 = 100_000.0;
const P99_AIM: Duration = Duration::from_millis(1);

/// One corpus line, reduced to what `interpret` reads.
struct Line {
    /// The batch input line: {"fen", "heard", "lang"}.
    request: String,
    fen: String,
    alternatives: Vec<(String, f32)>,
    lang: Lang,
}

fn read_corpus(paths: &[PathBuf]) -> anyhow::Result<Vec<Line>> {
    let mut lines = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the corpus {}", path.display()))?;
        for (n, raw) in text.lines().enumerate() {
            if raw.trim().is_empty() {
                continue;
            }
            let at = || format!("{} line {}", path.display(), n + 1);
            let value: Value = serde_json::from_str(raw).with_context(at)?;
            let fen = value["fen"]
                .as_str()
                .with_context(|| format!("{}: no \"fen\"", at()))?
                .to_string();
            let lang = match value["lang"].as_str() {
                None => Lang::De,
                Some(l) => l
                    .parse::<Lang>()
                    .map_err(|e| anyhow::anyhow!("{}: {e}", at()))?,
            };
            let alternatives = match &value["heard"] {
                Value::String(s) => vec![(s.clone(), 1.0)],
                Value::Array(items) => items
                    .iter()
                    .filter_map(|item| {
                        let text = item.get(0)?.as_str()?.to_string();
                        let conf = item.get(1).and_then(Value::as_f64).unwrap_or(1.0);
                        Some((text, conf as f32))
                    })
                    .collect(),
                _ => bail!("{}: \"heard\" must be a string or a list", at()),
            };
            let mut request = json!({"fen": fen, "heard": value["heard"]});
            if let Some(l) = value.get("lang") {
                request["lang"] = l.clone();
            }
            lines.push(Line {
                request: request.to_string(),
                fen,
                alternatives,
                lang,
            });
        }
    }
    if lines.is_empty() {
        bail!("the corpus has no lines");
    }
    Ok(lines)
}

/// The q-quantile (0..=1) of sorted durations.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn micros(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e6)
}

/// "p50 X, p90 X, p99 X, largest X microseconds" of a set of timings.
fn spread(mut times: Vec<Duration>) -> String {
    times.sort_unstable();
    let mean = times.iter().sum::<Duration>() / times.len().max(1) as u32;
    format!(
        "mean {}, p50 {}, p90 {}, p99 {}, largest {} microseconds",
        micros(mean),
        micros(quantile(&times, 0.5)),
        micros(quantile(&times, 0.9)),
        micros(quantile(&times, 0.99)),
        micros(times.last().copied().unwrap_or_default())
    )
}

fn met(ok: bool) -> &'static str {
    if ok { "met" } else { "NOT met" }
}

pub fn run(args: &InterpretBenchArgs) -> anyhow::Result<i32> {
    if args.repeat == 0 {
        bail!("--repeat 0: give how many times the corpus is run through (at least 1)");
    }
    let paths: Vec<PathBuf> = if args.corpus.is_empty() {
        DEFAULT_CORPORA.iter().map(PathBuf::from).collect()
    } else {
        args.corpus.clone()
    };
    let lines = read_corpus(&paths)?;
    let mut positions: Vec<(String, Chess)> = Vec::new();
    for line in &lines {
        if !positions.iter().any(|(f, _)| *f == line.fen) {
            let pos = parse_fen(&line.fen).map_err(anyhow::Error::msg)?;
            positions.push((line.fen.clone(), pos));
        }
    }
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    println!(
        "interpret bench: {} lines, {} positions, from {}; repeated {} times; one thread",
        lines.len(),
        positions.len(),
        names.join(" and "),
        args.repeat
    );
    if cfg!(debug_assertions) {
        println!("  warning: a debug build; build with --release for meaningful figures");
    }

    let ok_throughput = throughput(&lines, args.repeat)?;
    let ok_latency = latency(&lines, &positions, args.repeat)?;
    read_back(&positions);
    println!(
        "  aims: at least 100,000 lines per second {}; p99 under 1 ms {}",
        met(ok_throughput),
        met(ok_latency)
    );
    Ok(0)
}

fn throughput(lines: &[Line], repeat: usize) -> anyhow::Result<bool> {
    let mut input = String::new();
    for line in lines {
        input.push_str(&line.request);
        input.push('\n');
    }
    let batch = input.repeat(repeat);
    let total = lines.len() * repeat;
    // A warm-up pass over the corpus once, then the measured run.
    let mut sink = Vec::with_capacity(input.len());
    run_batch(input.as_bytes(), &mut sink, None, false)?;
    let mut out = Vec::with_capacity(batch.len());
    let start = Instant::now();
    run_batch(batch.as_bytes(), &mut out, None, false)?;
    let took = start.elapsed();
    let answered = out.iter().filter(|&&b| b == b'\n').count();
    if answered != total {
        bail!("run_batch answered {answered} of {total} lines");
    }
    let rate = total as f64 / took.as_secs_f64();
    println!(
        "  batch throughput: {:.0} lines per second ({total} lines in {:.3} s through run_batch, in memory)",
        rate,
        took.as_secs_f64()
    );
    Ok(rate >= THROUGHPUT_AIM)
}

fn latency(lines: &[Line], positions: &[(String, Chess)], repeat: usize) -> anyhow::Result<bool> {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    let interpreter = |lang: Lang| if lang == Lang::En { &en } else { &de };
    let parsed: Vec<&Chess> = lines
        .iter()
        .map(|l| {
            positions
                .iter()
                .find(|(f, _)| *f == l.fen)
                .map(|(_, p)| p)
                .context("a corpus position")
        })
        .collect::<anyhow::Result<_>>()?;
    let mut with_fen = Vec::with_capacity(lines.len() * repeat);
    let mut without_fen = Vec::with_capacity(lines.len() * repeat);
    for _ in 0..repeat {
        for (line, pos) in lines.iter().zip(&parsed) {
            let interp = interpreter(line.lang);
            let start = Instant::now();
            let pos_here = parse_fen(&line.fen).map_err(anyhow::Error::msg)?;
            let heard = interp.interpret(&pos_here, &line.alternatives);
            with_fen.push(start.elapsed());
            std::hint::black_box(heard);

            let start = Instant::now();
            let heard = interp.interpret(pos, &line.alternatives);
            without_fen.push(start.elapsed());
            std::hint::black_box(heard);
        }
    }
    // The most work a line can ask for: the longest utterance still read as a move, every
    // word a near-miss of several vocabulary words, in a position with many legal moves.
    let busy = parse_fen("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1")
        .map_err(anyhow::Error::msg)?;
    let slips = ["fellix", "springur", "gustaw", "achd", "zwai"];
    let worst_text = (0..40)
        .map(|i| slips[i % slips.len()])
        .collect::<Vec<_>>()
        .join(" ");
    let worst_alts = vec![(worst_text, 1.0)];
    let mut worst = Vec::with_capacity(repeat * 10);
    for _ in 0..repeat * 10 {
        let start = Instant::now();
        std::hint::black_box(de.interpret(&busy, &worst_alts));
        worst.push(start.elapsed());
    }

    let mut sorted = with_fen.clone();
    sorted.sort_unstable();
    let p99 = quantile(&sorted, 0.99);
    println!(
        "  latency per utterance, FEN parse included: {}",
        spread(with_fen)
    );
    println!(
        "  latency per utterance, position parsed beforehand: {}",
        spread(without_fen)
    );
    println!(
        "  latency of the worst case, 40 near-miss words: {}",
        spread(worst)
    );
    Ok(p99 < P99_AIM)
}

fn read_back(positions: &[(String, Chess)]) {
    for lang in [Lang::De, Lang::En] {
        let vocab = Vocab::builtin(lang);
        let mut per_move = Vec::new();
        let mut per_position = Vec::new();
        let mut phrases_time = Vec::new();
        let mut phrases = 0usize;
        for (_, pos) in positions {
            let legal = pos.legal_moves();
            let start = Instant::now();
            for mv in &legal {
                let one = Instant::now();
                std::hint::black_box(spoken_move(pos, mv, &vocab));
                per_move.push(one.elapsed());
            }
            per_position.push(start.elapsed());
            let start = Instant::now();
            let list = move_phrases(pos, &vocab);
            phrases_time.push(start.elapsed());
            phrases += list.len();
        }
        let name = lang.code();
        println!("  spoken_move ({name}), per move: {}", spread(per_move));
        println!(
            "  spoken_move ({name}), every legal move of a position: {}",
            spread(per_position)
        );
        println!(
            "  move_phrases ({name}), per position ({} phrases on average): {}",
            phrases / positions.len().max(1),
            spread(phrases_time)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_nearest_rank() {
        let times: Vec<Duration> = (1..=100).map(Duration::from_micros).collect();
        assert_eq!(quantile(&times, 0.5), Duration::from_micros(50));
        assert_eq!(quantile(&times, 0.99), Duration::from_micros(99));
        assert_eq!(quantile(&times, 1.0), Duration::from_micros(100));
        assert_eq!(quantile(&times[..1], 0.99), Duration::from_micros(1));
        assert_eq!(quantile(&[], 0.5), Duration::ZERO);
    }
}
