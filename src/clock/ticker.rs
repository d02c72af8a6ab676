//! The live ticker: a thread that sends a [`Tick`] with the game time in ms over a channel, at
//! least ten times a second; the shell's loop makes it a `tick` event at that time, which
//! reaches [`Clock::poll`](super::Clock::poll) through the assistant. `play` runs it on the
//! session's own [`GameEpoch`], so a tick's time is the game time every other event has.
//!
//! This is the one live part of the clock (shell side; the [`Clock`](super::Clock) itself
//! never reads the time). It schedules by absolute deadlines (`start + k × period`), not by
//! sleeping a fixed period, so lateness never adds up: a late tick does not delay the next
//! deadline, and when the thread falls behind by a whole period it skips to the next deadline
//! instead of sending a burst. It never panics; it ends when stopped, dropped, or when the
//! receiver is gone.
//!
//! ```
//! use std::time::Duration;
//! use rochade::clock::ticker::{GameEpoch, Ticker};
//!
//! let epoch = GameEpoch::now();
//! let (tx, rx) = crossbeam_channel::unbounded();
//! let ticker = Ticker::spawn(epoch, Duration::from_millis(20), tx).unwrap();
//! let first = rx.recv().unwrap();
//! let second = rx.recv().unwrap();
//! assert!(second.now_ms >= first.now_ms && second.seq > first.seq);
//! let stats = ticker.stop();
//! assert!(stats.ticks >= 2);
//! ```
use std::io;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{RecvTimeoutError, Sender};

/// The longest tick period allowed: 100 ms (10 Hz).
pub const MAX_PERIOD: Duration = Duration::from_millis(100);

/// The moment a game's time is counted from; its `now_ms` is the monotonic game time that
/// every clock call takes. A resumed game's epoch starts at the game time it resumes at
/// (`base_ms`), so the ticks, the ends of playbacks and the events read by the shell all carry
/// the one game time of [`GameTime`](super::source::GameTime).
#[derive(Debug, Clone, Copy)]
pub struct GameEpoch {
    start: Instant,
    base_ms: u64,
}

impl GameEpoch {
    /// An epoch starting now, at game time 0.
    pub fn now() -> GameEpoch {
        GameEpoch::starting_at(0)
    }

    /// An epoch at game time `base_ms` now.
    pub fn starting_at(base_ms: u64) -> GameEpoch {
        GameEpoch {
            start: Instant::now(),
            base_ms,
        }
    }

    /// An epoch starting at the given instant, at game time 0.
    pub fn at(start: Instant) -> GameEpoch {
        GameEpoch { start, base_ms: 0 }
    }

    /// The instant it starts.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// The game time of an instant, in whole ms (the base before the epoch).
    pub fn ms_at(&self, instant: Instant) -> u64 {
        let since = u64::try_from(instant.saturating_duration_since(self.start).as_millis())
            .unwrap_or(u64::MAX);
        self.base_ms.saturating_add(since)
    }

    /// The game time now, in whole ms.
    pub fn now_ms(&self) -> u64 {
        self.ms_at(Instant::now())
    }

    /// The game time now, in µs (to date a wall-clock reading without cutting off the
    /// fraction of a millisecond).
    pub fn now_us(&self) -> u64 {
        let since = u64::try_from(self.start.elapsed().as_micros()).unwrap_or(u64::MAX);
        self.base_ms.saturating_mul(1000).saturating_add(since)
    }
}

/// One tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tick {
    /// The deadline number: `deadline = ticker start + seq × period` (gaps when ticks were
    /// skipped).
    pub seq: u64,
    /// The game time when the tick was sent.
    pub now_ms: u64,
    /// How late the tick was sent after its deadline, in µs.
    pub late_us: u64,
}

/// What a ticker did, returned when it stops.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TickerStats {
    /// Ticks sent.
    pub ticks: u64,
    /// Deadlines skipped because the thread fell a whole period behind.
    pub skipped: u64,
    /// The latest a tick was sent after its deadline, µs.
    pub max_late_us: u64,
    /// All ticks' lateness added up, µs.
    pub total_late_us: u64,
    /// The last tick's lateness, µs: how far the ticker's time is from its schedule at the end.
    pub last_late_us: u64,
}

impl TickerStats {
    /// Mean lateness of a tick, µs.
    pub fn mean_late_us(&self) -> f64 {
        if self.ticks == 0 {
            0.0
        } else {
            self.total_late_us as f64 / self.ticks as f64
        }
    }
}

/// A running ticker thread. Stop it with [`Ticker::stop`] (or drop it).
#[derive(Debug)]
pub struct Ticker {
    stop: Option<Sender<()>>,
    handle: Option<JoinHandle<TickerStats>>,
}

impl Ticker {
    /// Starts a ticker sending a tick every `period` (at most [`MAX_PERIOD`], more than zero),
    /// the first one `period` after the start.
    pub fn spawn(epoch: GameEpoch, period: Duration, ticks: Sender<Tick>) -> io::Result<Ticker> {
        if period.is_zero() || period > MAX_PERIOD {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "a tick period of {} ms: it must be more than 0 and at most 100 ms (at least 10 ticks a second)",
                    period.as_millis()
                ),
            ));
        }
        let (stop_tx, stop_rx) = crossbeam_channel::bounded::<()>(1);
        let handle = std::thread::Builder::new()
            .name("rochade-clock-ticker".to_owned())
            .spawn(move || run(epoch, period, &ticks, &stop_rx))?;
        Ok(Ticker {
            stop: Some(stop_tx),
            handle: Some(handle),
        })
    }

    /// Stops the thread and returns what it did.
    pub fn stop(mut self) -> TickerStats {
        self.shut_down()
    }

    fn shut_down(&mut self) -> TickerStats {
        // Dropping the sender wakes the thread at once (the channel disconnects).
        self.stop.take();
        match self.handle.take() {
            Some(handle) => handle.join().unwrap_or_default(),
            None => TickerStats::default(),
        }
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.shut_down();
    }
}

fn deadline(start: Instant, period_ns: u128, seq: u64) -> Option<Instant> {
    let offset = period_ns.checked_mul(u128::from(seq))?;
    start.checked_add(Duration::from_nanos(u64::try_from(offset).ok()?))
}

fn run(
    epoch: GameEpoch,
    period: Duration,
    ticks: &Sender<Tick>,
    stop: &crossbeam_channel::Receiver<()>,
) -> TickerStats {
    let mut stats = TickerStats::default();
    let start = Instant::now();
    let period_ns = period.as_nanos().max(1);
    let mut seq: u64 = 1;
    loop {
        let Some(due) = deadline(start, period_ns, seq) else {
            return stats;
        };
        let now = Instant::now();
        if now < due {
            match stop.recv_timeout(due - now) {
                Err(RecvTimeoutError::Timeout) => continue,
                Ok(()) | Err(RecvTimeoutError::Disconnected) => return stats,
            }
        }
        let sent = Instant::now();
        let late_us =
            u64::try_from(sent.saturating_duration_since(due).as_micros()).unwrap_or(u64::MAX);
        let tick = Tick {
            seq,
            now_ms: epoch.ms_at(sent),
            late_us,
        };
        if ticks.send(tick).is_err() {
            return stats;
        }
        stats.ticks += 1;
        stats.max_late_us = stats.max_late_us.max(late_us);
        stats.total_late_us = stats.total_late_us.saturating_add(late_us);
        stats.last_late_us = late_us;
        // The next deadline still ahead; the ones already passed are skipped, not bunched.
        let behind = sent.saturating_duration_since(start).as_nanos() / period_ns;
        let next = u64::try_from(behind).unwrap_or(u64::MAX).saturating_add(1);
        let next = next.max(seq.saturating_add(1));
        stats.skipped += next - seq - 1;
        seq = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_epoch_dates_instants_from_its_base() {
        let epoch = GameEpoch::starting_at(90_000);
        let start = epoch.start();
        assert_eq!(epoch.ms_at(start), 90_000);
        assert_eq!(epoch.ms_at(start + Duration::from_millis(1_500)), 91_500);
        // An instant before the epoch is its base, never earlier.
        let before = start.checked_sub(Duration::from_millis(10));
        if let Some(before) = before {
            assert_eq!(epoch.ms_at(before), 90_000);
        }
    }

    #[test]
    fn refuses_periods_slower_than_10_hz_or_zero() {
        let (tx, _rx) = crossbeam_channel::unbounded();
        assert!(Ticker::spawn(GameEpoch::now(), Duration::from_millis(101), tx.clone()).is_err());
        assert!(Ticker::spawn(GameEpoch::now(), Duration::ZERO, tx).is_err());
    }

    #[test]
    fn stops_when_the_receiver_is_gone() {
        let (tx, rx) = crossbeam_channel::unbounded();
        let ticker = Ticker::spawn(GameEpoch::now(), Duration::from_millis(5), tx);
        assert!(ticker.is_ok());
        drop(rx);
        // The thread ends by itself at its next tick; stop() then joins at once.
        if let Ok(ticker) = ticker {
            let stats = ticker.stop();
            assert!(stats.ticks <= 1);
        }
    }

    #[test]
    fn ticks_follow_their_deadlines_in_order() {
        let (tx, rx) = crossbeam_channel::unbounded();
        let epoch = GameEpoch::now();
        let Ok(ticker) = Ticker::spawn(epoch, Duration::from_millis(10), tx) else {
            panic!("could not start the ticker");
        };
        let mut last: Option<Tick> = None;
        for _ in 0..5 {
            let Ok(tick) = rx.recv() else {
                panic!("ticker ended early")
            };
            if let Some(prev) = last {
                assert!(tick.seq > prev.seq);
                assert!(tick.now_ms >= prev.now_ms);
            }
            // A tick is never sent before its deadline (10 ms apart from the ticker's start).
            assert!(tick.now_ms + 1 >= tick.seq * 10, "{tick:?}");
            last = Some(tick);
        }
        let stats = ticker.stop();
        assert!(stats.ticks >= 5);
    }
}
