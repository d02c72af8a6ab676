//! The FIDE chess clock: time controls, the clock as a pure model, the time in words, and the
//! live ticker that feeds it.
//!
//! The clock takes times in and says what happened; it never reads the wall clock. Every call
//! carries `now_ms`, a monotonic game time in milliseconds. The live parts are [`source`], the
//! game's one time source (the monotonic clock, never the wall clock; suspends seen), and
//! [`ticker`], a thread in the shell that sends ticks (at least 10 Hz) for [`Clock::poll`].
//!
//! A 90 minutes + 30 seconds game (the DGT 3000 is the reference clock):
//!
//! ```
//! use rochade::clock::{Clock, ClockEvent, ClockSettings, TimeControl};
//! use shakmaty::Color;
//!
//! let tc: TimeControl = "5400+30".parse().unwrap();
//! let mut clock = Clock::new(tc, ClockSettings::default());
//! // The increment is credited before move 1, as DGT clocks show it: 1:30:30.
//! assert_eq!(clock.reading(0).white_ms, 5_430_000);
//! clock.start(Color::White, 0).unwrap();
//! // White thinks 20 s and completes 1. e4: 20 s used, 30 s added.
//! clock.press(Color::White, 20_000).unwrap();
//! let r = clock.reading(20_000);
//! assert_eq!((r.white_ms, r.black_ms, r.running), (5_440_000, 5_430_000, Some(Color::Black)));
//! // Black lets the time run out: the flag falls at the exact millisecond.
//! let events = clock.poll(10_000_000);
//! assert!(matches!(events[0], ClockEvent::Flag { side: Color::Black, at_ms: 5_450_000, .. }));
//! assert_eq!(clock.reading(10_000_000).black_ms, 0);
//! ```
//!
//! # The rules it follows (FIDE Art. 6, 7.5, Appendices A/B; the DGT 3000)
//!
//! * **Increment** (Fischer, FIDE 6.3.1): added with each completed move, from move 1, and by
//!   default credited before move 1 ([`ClockSettings::increment_before_first_move`]); it is
//!   added to the mover's time when the move is completed, as on a DGT clock.
//! * **Simple (US) delay** `d`: the main time runs only after the delay; a move inside the
//!   delay leaves the main time untouched (FIDE 6.3.2). [`ClockReading::delay_left_ms`] shows
//!   the rest of the delay. **Bronstein delay** `b`: as on the DGT 3000, shown added at the
//!   start of the move; a move gives back the time it used but never more than the delay, so
//!   no move ends above the time it began with. Both delays flag at the same instant; unused
//!   delay never carries over (FIDE 2005 6.2.b).
//! * **Periods**: time saved carries into the next period; the next period's time is added
//!   when the side completes the period's move count, or, as a setting
//!   ([`PeriodAddition`]), when the flag falls in a non-final period as on the DGT 3000. A
//!   last period with a move count repeats (`40/7200:20/3600`).
//! * **Flag fall** (FIDE 6.1, 6.4, 6.9): found to the millisecond, whenever the next call comes;
//!   each fall reported once ([`ClockEvent::Flag`]) with its period and whether the period's
//!   moves were done, and kept in order in [`Clock::flags`]. After a flag in the final period
//!   nothing is added any more (FIDE equipment standard); the reading stays at zero.
//!   The result (loss, or a draw when the opponent cannot mate, 6.9) is the game's business.
//! * **Pause, resume, stop** (FIDE 6.12): a pause keeps the move's elapsed time and delay.
//! * **Arbiter adjustments** ([`Adjustment`], FIDE 6.10.2, 7.1, 7.5): add or remove time, set
//!   both times, set a move counter, the illegal-move penalty (2 min, 1 min in blitz from
//!   2014, none in blitz before: see [`control`]); each is logged with both clocks before and
//!   after ([`Clock::adjustments`]).
//! * **Warnings** at configurable thresholds ([`ClockSettings::warnings_ms`], empty = off,
//!   the tournament default): each given once, again only after a new period or an arbiter's
//!   adjustment lifted the time above it (increments do not, so a threshold does not repeat
//!   every move).
//! * **Rapid and blitz** from base + 60 × increment by rules edition: [`TimeControl::classify`].
//!
//! # The API for the assistant
//!
//! * [`TimeControl`]: `FromStr`/`Display` (PGN form with `d`/`b` delays, presets by name),
//!   serde as the string; [`TimeControl::preset`], [`PRESETS`], [`TimeControl::classify`] →
//!   [`Speed`]; [`illegal_move_penalty_ms`].
//! * [`Clock::new`]`(tc, `[`ClockSettings`]`)`; [`Clock::start`], [`Clock::press`],
//!   [`Clock::pause`], [`Clock::resume`], [`Clock::stop`], [`Clock::poll`] →
//!   `Vec<`[`ClockEvent`]`>`; [`Clock::reading`] → [`ClockReading`];
//!   [`Clock::moves_completed`], [`Clock::moves_to_next_control`]; [`Clock::adjust`] with an
//!   [`Adjustment`], logged in [`Clock::adjustments`]; [`Clock::flags`].
//! * [`spoken`]: the time and the move count in German and English words.
//! * [`ticker`]: the live tick thread (shell side).
//!
//! `RulesEdition` lives in [`crate::rules`], `Lang` in [`crate::lang`].
pub mod control;
pub mod model;
pub mod source;
pub mod spoken;
pub mod ticker;

pub use control::{
    Bonus, DelayKind, EXPECTED_FORM, LooksLikeMinutes, PRESETS, Period, Speed, TimeControl,
    TimeControlError, TimeControlProblem, illegal_move_penalty_ms, preset_names, preset_table,
};
pub use model::{
    Adjustment, AdjustmentRecord, Clock, ClockError, ClockEvent, ClockReading, ClockSettings,
    ClockState, DEFAULT_WARNINGS_MS, FlagRecord, PeriodAddition, PeriodTrigger,
};

use shakmaty::Color;

/// "white" or "black", the names used in JSON and messages.
pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn parse_side(text: &str) -> Option<Color> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// Serde for a `Color` as "white" / "black".
pub mod side_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(side: &Color, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(super::side_name(*side))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        let text = String::deserialize(deserializer)?;
        super::parse_side(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown side {text:?}: expected \"white\" or \"black\""
            ))
        })
    }
}

/// Serde for an `Option<Color>` as "white" / "black" / null.
pub mod opt_side_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(
        side: &Option<Color>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match side {
            Some(side) => serializer.serialize_str(super::side_name(*side)),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Color>, D::Error> {
        let text = Option::<String>::deserialize(deserializer)?;
        match text {
            None => Ok(None),
            Some(text) => super::parse_side(&text).map(Some).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown side {text:?}: expected \"white\", \"black\" or null"
                ))
            }),
        }
    }
}
