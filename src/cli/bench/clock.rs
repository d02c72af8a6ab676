//! `rochade bench clock [--seconds 600] [--real] [--hz 10]`: how exact the clock is.
//!
//! Three parts, each printed as plain lines:
//!
//! 1. **The model, simulated fast**: a game of `--seconds` per side with a 5 s increment, played
//!    with irregular think times and polled by simulated ticks at `--hz` until a flag falls.
//!    Every reading is checked against bookkeeping kept apart from the model (time conserved,
//!    remaining time = start − used + increments), and the flag's time against the predicted
//!    instant. Reports the largest error (it must be 0 ms), how late the ticks found the flag,
//!    and the cost of a poll.
//! 2. **Scheduling, simulated**: why the ticker uses absolute deadlines. With every sleep
//!    overshooting by 0–2 ms (a simulated scheduler), fixed-period sleeping drifts by the sum of
//!    the overshoots; absolute deadlines end only as late as the last one.
//! 3. **The real ticker** (`--real`): the ticker thread runs for `--seconds` feeding a clock of
//!    that length; reports tick lateness (max, mean, 99th percentile), the end drift of the
//!    ticks against their schedule and of the game time against the wall clock, and how soon
//!    the flag was found.
use std::time::{Duration, Instant, SystemTime};

use crate::clock::ticker::{GameEpoch, MAX_PERIOD, Tick, Ticker};
use crate::clock::{Bonus, Clock, ClockEvent, ClockSettings, Period, TimeControl};
use anyhow::{Context, bail};
use clap::Args;
use shakmaty::Color;

/// The arguments of `rochade bench clock`.
#[derive(Debug, Args)]
pub struct ClockBenchArgs {
    /// The length of the game (each side's time) and of the real ticker run, in seconds.
    #[arg(long, default_value_t = 600)]
    pub seconds: u64,
    /// Also run the real ticker for `--seconds` (takes that long).
    #[arg(long)]
    pub real: bool,
    /// Ticks per second (at least 10).
    #[arg(long, default_value_t = 10)]
    pub hz: u32,
}

/// The drift the ticker should stay under.
const DRIFT_GOAL_MS: f64 = 50.0;

/// A small deterministic generator, so that every run simulates the same game.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below.max(1)
    }
}

fn period_ms(hz: u32) -> u64 {
    1000 / u64::from(hz.max(1))
}

pub fn run(args: &ClockBenchArgs) -> anyhow::Result<i32> {
    if args.hz < 10 || args.hz > 1000 {
        bail!("--hz {}: give 10 to 1000 ticks a second", args.hz);
    }
    if args.seconds == 0 {
        bail!("--seconds 0: give the length of the run in seconds");
    }
    simulated_model(args)?;
    simulated_scheduling(args);
    if args.real {
        real_ticker(args)?;
    } else {
        println!(
            "real ticker: not run (add --real to run it for {} s)",
            args.seconds
        );
    }
    Ok(0)
}

fn simulated_model(args: &ClockBenchArgs) -> anyhow::Result<()> {
    const INCREMENT: u64 = 5_000;
    let base = args.seconds * 1000;
    let tick = period_ms(args.hz);
    let tc = TimeControl::new(vec![Period {
        moves: None,
        base_ms: base,
        bonus: Bonus::Increment(INCREMENT),
    }])
    .context("the bench's time control")?;
    let mut clock = Clock::new(tc, ClockSettings::default());
    let mut rng = Lcg(0x5eed);
    // Bookkeeping kept apart from the model.
    let mut remaining = [base + INCREMENT, base + INCREMENT];
    let mut used = [0u64, 0u64];
    let mut side = Color::White;
    let mut move_start = 0u64;
    let mut moves = 0u64;
    let mut max_error: u64 = 0;
    let mut ticks = 0u64;
    let mut poll_time = Duration::ZERO;
    let mut flag: Option<(u64, u64, u64)> = None; // (predicted, reported, found by tick)
    clock.start(side, 0).context("start")?;
    let mut next_tick = tick;
    let index = |c: Color| usize::from(c == Color::Black);
    while flag.is_none() {
        let think = 1_000 + rng.next(19_001);
        let left = remaining[index(side)];
        let press_at = move_start + think;
        let predicted_flag = move_start + left;
        let move_ends = if think >= left { u64::MAX } else { press_at };
        // Ticks before the press (or until the flag is found).
        while next_tick < move_ends {
            let started = Instant::now();
            let events = clock.poll(next_tick);
            poll_time += started.elapsed();
            ticks += 1;
            let elapsed = next_tick - move_start;
            let expect_now = left.saturating_sub(elapsed);
            let reading = clock.reading(next_tick).ms(side);
            max_error = max_error.max(reading.abs_diff(expect_now));
            let total_used = used[0] + used[1] + elapsed;
            max_error = max_error.max(clock.running_ms(next_tick).abs_diff(next_tick));
            max_error = max_error.max(total_used.abs_diff(next_tick));
            for event in events {
                if let ClockEvent::Flag { at_ms, .. } = event {
                    flag = Some((predicted_flag, at_ms, next_tick));
                }
            }
            next_tick += tick;
            if flag.is_some() {
                break;
            }
        }
        if flag.is_some() {
            break;
        }
        clock.press(side, press_at).context("press")?;
        moves += 1;
        used[index(side)] += think;
        remaining[index(side)] = left - think + INCREMENT;
        let reading = clock.reading(press_at);
        for c in [Color::White, Color::Black] {
            max_error = max_error.max(reading.ms(c).abs_diff(remaining[index(c)]));
            max_error = max_error.max(clock.used_ms(c, press_at).abs_diff(used[index(c)]));
        }
        side = side.other();
        move_start = press_at;
    }
    let Some((predicted, reported, found)) = flag else {
        bail!("the simulated game ended without a flag");
    };
    println!(
        "clock bench: simulated game of {} s per side + 5 s a move, ticks at {} Hz",
        args.seconds, args.hz
    );
    println!(
        "  model: {moves} moves, {ticks} ticks, {:.0} s of game time",
        found as f64 / 1000.0
    );
    println!(
        "  model: largest error of a reading, of the time used and of time conservation: {max_error} ms"
    );
    println!(
        "  model: flag predicted at {predicted} ms, reported at {reported} ms ({} ms off), found by the tick at {found} ms ({} ms after it fell)",
        reported.abs_diff(predicted),
        found.saturating_sub(reported)
    );
    println!(
        "  model: {:.2} microseconds per poll",
        poll_time.as_secs_f64() * 1e6 / ticks.max(1) as f64
    );
    Ok(())
}

fn simulated_scheduling(args: &ClockBenchArgs) {
    let period_us = 1_000_000 / u64::from(args.hz);
    let ticks = args.seconds * u64::from(args.hz);
    let mut rng = Lcg(0xd21f7);
    // Fixed-period sleeping: each tick starts when the last sleep ended, so overshoots add up.
    let mut fixed_us = 0u64;
    // Absolute deadlines: each tick waits for start + k × period; only its own overshoot counts.
    let mut last_late_us = 0u64;
    let mut max_late_us = 0u64;
    for _ in 0..ticks {
        let overshoot = rng.next(2_001);
        fixed_us += period_us + overshoot;
        last_late_us = overshoot;
        max_late_us = max_late_us.max(overshoot);
    }
    let drift_fixed_ms = (fixed_us - ticks * period_us) as f64 / 1000.0;
    println!(
        "  scheduling, simulated (each sleep overshoots 0 to 2 ms), {ticks} ticks over {} s:",
        args.seconds
    );
    println!("    sleeping a fixed period drifts {drift_fixed_ms:.1} ms by the end");
    println!(
        "    absolute deadlines end {:.1} ms late (never more than one overshoot, here at most {:.1} ms)",
        last_late_us as f64 / 1000.0,
        max_late_us as f64 / 1000.0
    );
}

fn real_ticker(args: &ClockBenchArgs) -> anyhow::Result<()> {
    let period = Duration::from_millis(period_ms(args.hz)).min(MAX_PERIOD);
    let run_ms = args.seconds * 1000;
    // The clock's flag falls a quarter second before the end of the run.
    let base = run_ms.saturating_sub(250).max(1);
    let tc = TimeControl::new(vec![Period {
        moves: None,
        base_ms: base,
        bonus: Bonus::None,
    }])
    .context("the bench's time control")?;
    let mut clock = Clock::new(tc, ClockSettings::default());
    let (tx, rx) = crossbeam_channel::unbounded::<Tick>();
    let wall_start = SystemTime::now();
    let epoch = GameEpoch::now();
    clock.start(Color::White, 0).context("start")?;
    let ticker = Ticker::spawn(epoch, period, tx).context("starting the ticker")?;
    println!(
        "real ticker: {} s at {} Hz (period {} ms)",
        args.seconds,
        args.hz,
        period.as_millis()
    );
    let mut late_us: Vec<u64> = Vec::new();
    let mut max_delivery_us = 0u64;
    let mut flag_found: Option<(u64, u64)> = None;
    let (last_tick, end_offset_ms) = loop {
        let Ok(tick) = rx.recv_timeout(period * 20) else {
            bail!("the ticker stopped sending");
        };
        let received = epoch.start().elapsed();
        let sent = Duration::from_millis(tick.now_ms);
        max_delivery_us = max_delivery_us
            .max(u64::try_from(received.saturating_sub(sent).as_micros()).unwrap_or(0));
        late_us.push(tick.late_us);
        for event in clock.poll(tick.now_ms) {
            if let ClockEvent::Flag { at_ms, .. } = event {
                flag_found = Some((at_ms, tick.now_ms));
            }
        }
        if tick.now_ms >= run_ms {
            // Game time against the wall clock at this moment.
            let wall_ms = SystemTime::now()
                .duration_since(wall_start)
                .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
                .unwrap_or(0);
            let game_ms = i64::try_from(epoch.now_ms()).unwrap_or(i64::MAX);
            break (tick, game_ms - wall_ms);
        }
    };
    let stats = ticker.stop();
    late_us.sort_unstable();
    let p99 = late_us
        .get(late_us.len().saturating_sub(1) * 99 / 100)
        .copied()
        .unwrap_or(0);
    let expected = args.seconds * u64::from(args.hz);
    let last = last_tick.late_us;
    println!(
        "  ticks: {} sent, {} received by the end, {} expected, {} skipped",
        stats.ticks,
        late_us.len(),
        expected,
        stats.skipped
    );
    println!(
        "  tick lateness after its deadline: max {:.3} ms, mean {:.3} ms, 99th percentile {:.3} ms",
        stats.max_late_us as f64 / 1000.0,
        stats.mean_late_us() / 1000.0,
        p99 as f64 / 1000.0
    );
    println!(
        "  end drift: the last tick came {:.3} ms after its deadline; game time minus wall-clock time: {end_offset_ms} ms",
        last as f64 / 1000.0
    );
    println!(
        "  delivery: at most {:.3} ms from sending a tick to receiving it",
        max_delivery_us as f64 / 1000.0
    );
    match flag_found {
        Some((at, found)) => println!(
            "  flag: fell at {at} ms (expected {base} ms), found by the tick at {found} ms, {} ms later",
            found.saturating_sub(at)
        ),
        None => println!("  flag: not found (expected at {base} ms)"),
    }
    let worst_ms = (last as f64 / 1000.0).max(end_offset_ms.unsigned_abs() as f64);
    println!(
        "  result: end drift {worst_ms:.3} ms, goal under {DRIFT_GOAL_MS} ms: {}",
        if worst_ms < DRIFT_GOAL_MS {
            "met"
        } else {
            "missed"
        }
    );
    Ok(())
}
