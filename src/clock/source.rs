//! The game's one time source: game time in ms counted by the monotonic clock, never by the
//! wall clock.
//!
//! The wall clock (`SystemTime`) jumps: NTP steps it, a person sets it, a time zone is
//! mistaken. A game clock that followed it would charge the running side an hour when the
//! wall clock moved an hour. So the game time is `Instant` (Linux `CLOCK_MONOTONIC`): it never
//! goes back and never jumps. The wall clock is left for what people read (the journal's
//! `wall_ms`, the PGN date) and, with sanity checks, for the time a program was down between
//! two runs (see [`crate::session`]).
//!
//! **A suspended computer.** `CLOCK_MONOTONIC` stands still while the computer is suspended
//! (lid closed); `CLOCK_BOOTTIME` runs on. Rochade counts game time by the first on purpose:
//! while suspended it could neither hear a move nor announce one nor warn of a flag, so the
//! game was in fact interrupted, and whether the time counts is the arbiter's decision (as for
//! a clock that failed, FIDE 6.10–6.11), not the program's. [`SuspendWatch`] sees a suspend
//! (`CLOCK_BOOTTIME` grew more than `CLOCK_MONOTONIC`) so the shell can announce it to the
//! arbiter with its length; the arbiter charges it with `!zeit weiss -SECONDS` if it counts.
//!
//! ```
//! use rochade::clock::source::GameTime;
//! let time = GameTime::starting_at(5_000);
//! assert!(time.now_ms() >= 5_000);
//! ```
use std::time::Duration;

use super::ticker::GameEpoch;

/// A suspend shorter than this is not announced (reading two clocks one after the other is
/// not exact, and a suspend this short changes nothing on a clock).
pub const SUSPEND_THRESHOLD: Duration = Duration::from_secs(2);

/// Game time: a starting game time plus the monotonic time since.
#[derive(Debug)]
pub struct GameTime {
    epoch: GameEpoch,
    watch: SuspendWatch,
}

impl GameTime {
    /// Game time that reads `base_ms` now and then runs with the monotonic clock.
    pub fn starting_at(base_ms: u64) -> GameTime {
        GameTime {
            epoch: GameEpoch::starting_at(base_ms),
            watch: SuspendWatch::new(boot_and_monotonic()),
        }
    }

    /// The game time now, in ms.
    pub fn now_ms(&self) -> u64 {
        self.epoch.now_ms()
    }

    /// The game time now, in µs.
    pub fn now_us(&self) -> u64 {
        self.epoch.now_us()
    }

    /// Its epoch, to date what happens on other threads (the ticker's ticks, the end of a
    /// playback) in this same game time.
    pub fn epoch(&self) -> GameEpoch {
        self.epoch
    }

    /// A suspend of the computer since the last call (or the start), when there was one of at
    /// least [`SUSPEND_THRESHOLD`]: how long it lasted. Not counted in the game time.
    pub fn new_suspend(&mut self) -> Option<Duration> {
        self.watch.observe(boot_and_monotonic()?)
    }
}

/// Sees suspends from pairs of readings (`CLOCK_BOOTTIME`, `CLOCK_MONOTONIC`): the boot clock
/// runs on while suspended, the monotonic clock does not, so their difference grows by the
/// time suspended.
#[derive(Debug, Clone, Copy)]
pub struct SuspendWatch {
    /// The boot clock's lead over the monotonic clock at the last reading.
    lead: Option<Duration>,
}

impl SuspendWatch {
    /// A watch starting from a reading (none: this system has no boot clock; nothing is seen).
    pub fn new(reading: Option<(Duration, Duration)>) -> SuspendWatch {
        SuspendWatch {
            lead: reading.map(|(boot, mono)| boot.saturating_sub(mono)),
        }
    }

    /// Takes a reading; a suspend of at least [`SUSPEND_THRESHOLD`] since the last one comes
    /// back with its length (shorter ones add up until they reach it).
    pub fn observe(&mut self, (boot, mono): (Duration, Duration)) -> Option<Duration> {
        let lead = boot.saturating_sub(mono);
        let Some(last) = self.lead else {
            self.lead = Some(lead);
            return None;
        };
        let grown = lead.saturating_sub(last);
        if grown >= SUSPEND_THRESHOLD {
            self.lead = Some(lead);
            Some(grown)
        } else {
            None
        }
    }
}

/// `CLOCK_BOOTTIME` and `CLOCK_MONOTONIC` now, read one right after the other.
fn boot_and_monotonic() -> Option<(Duration, Duration)> {
    Some((
        read_clock(libc::CLOCK_BOOTTIME)?,
        read_clock(libc::CLOCK_MONOTONIC)?,
    ))
}

fn read_clock(id: libc::clockid_t) -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; clock_gettime writes only into it.
    let status = unsafe { libc::clock_gettime(id, &mut ts) };
    if status != 0 {
        return None;
    }
    Some(Duration::new(
        u64::try_from(ts.tv_sec).ok()?,
        u32::try_from(ts.tv_nsec).ok()?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    #[test]
    fn the_game_time_and_its_epoch_are_one_time() {
        let time = GameTime::starting_at(7_000);
        let epoch = time.epoch();
        let (a, b) = (time.now_ms(), epoch.now_ms());
        assert!(a >= 7_000 && b >= a, "{a} {b}");
        assert_eq!(epoch.ms_at(epoch.start()), 7_000);
    }

    #[test]
    fn a_suspend_is_seen_once_with_its_length() {
        let mut watch = SuspendWatch::new(Some((s(100), s(90))));
        // Both clocks ran 5 s: no suspend.
        assert_eq!(watch.observe((s(105), s(95))), None);
        // The boot clock ran 65 s, the monotonic one 5 s: a minute suspended.
        assert_eq!(watch.observe((s(170), s(100))), Some(s(60)));
        assert_eq!(watch.observe((s(171), s(101))), None);
    }

    #[test]
    fn short_differences_add_up_until_they_count() {
        let mut watch = SuspendWatch::new(Some((s(10), s(10))));
        let ms = Duration::from_millis;
        assert_eq!(watch.observe((s(11) + ms(900), s(11))), None);
        assert_eq!(watch.observe((s(12) + ms(2100), s(12))), Some(ms(2100)));
    }

    #[test]
    fn without_a_boot_clock_nothing_is_seen_at_first() {
        let mut watch = SuspendWatch::new(None);
        assert_eq!(watch.observe((s(100), s(10))), None);
        assert_eq!(watch.observe((s(160), s(11))), Some(s(59)));
    }

    #[test]
    fn the_live_clocks_are_read_and_game_time_runs_from_its_base() {
        assert!(boot_and_monotonic().is_some());
        let time = GameTime::starting_at(7_000);
        let a = time.now_ms();
        let b = time.now_ms();
        assert!(a >= 7_000 && b >= a);
    }
}
