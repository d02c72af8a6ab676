//! `rochade bench readback`: how long the assistant takes from a recognizer's final result to
//! the read-back text being ready to speak, as `play` does it: the event journaled (written
//! and synced to disk), the utterance interpreted in the position, the read-back built.
use std::time::Instant;

use clap::Args;

use crate::assistant::protocol::{Effect, Event, Heard, Listener, StartSpec};
use crate::session::Session;

/// Settings of the read-back benchmark.
#[derive(Debug, Args)]
pub struct ReadbackBenchArgs {
    /// Utterances to measure.
    #[arg(long, default_value_t = 400)]
    pub count: usize,
    /// The folder for the benchmark's journal (a temporary folder by default): the disk the
    /// games are kept on is what the sync costs.
    #[arg(long)]
    pub dir: Option<std::path::PathBuf>,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs the benchmark and prints its figures.
pub fn run(args: &ReadbackBenchArgs) -> anyhow::Result<i32> {
    let base = match &args.dir {
        Some(d) => d.clone(),
        None => std::env::temp_dir(),
    };
    let dir = base.join(format!("rochade-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let journal = dir.join("bench.jsonl");
    let mut session = Session::create(Some(&journal)).map_err(|e| anyhow::anyhow!(e))?;
    let mut spec = StartSpec::new(shakmaty::Color::White);
    spec.time_control = Some("5400+30".into());
    spec.confirm_ms = 0;
    session
        .feed(Event::Start(Box::new(spec)), 0)
        .map_err(|e| anyhow::anyhow!(e))?;
    // A recognizer's n-best list: the move first, two near alternatives after it.
    let heard = Heard::Alternatives(vec![
        ("springer felix drei".into(), 0.8),
        ("springer felix zwei".into(), 0.1),
        ("springer gustav drei".into(), 0.1),
    ]);
    let mut with_journal = Vec::with_capacity(args.count);
    let mut at = 1000;
    for i in 0..args.count {
        at += 500;
        let event = if i % 2 == 0 {
            Event::Heard(heard.clone())
        } else {
            Event::Heard(Heard::Text("nein".into()))
        };
        let t0 = Instant::now();
        let effects = session.feed(event, at).map_err(|e| anyhow::anyhow!(e))?;
        let ready = effects.iter().any(|e| {
            matches!(
                &e.effect,
                Effect::Say {
                    to: Listener::Player,
                    ..
                }
            )
        });
        let us = t0.elapsed().as_secs_f64() * 1e6;
        if i % 2 == 0 && ready {
            with_journal.push(us);
        }
    }
    with_journal.sort_by(f64::total_cmp);
    println!(
        "read-back ready after the final result, journal synced ({} utterances): p50 {:.0} us, p95 {:.0} us, p99 {:.0} us, max {:.0} us",
        with_journal.len(),
        percentile(&with_journal, 0.5),
        percentile(&with_journal, 0.95),
        percentile(&with_journal, 0.99),
        with_journal.last().copied().unwrap_or(0.0)
    );
    let aim = percentile(&with_journal, 0.99) < 100_000.0;
    println!(
        "aim: read-back ready well under 100 ms: {}",
        if aim { "met" } else { "NOT met" }
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(0)
}
