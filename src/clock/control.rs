//! Time controls: the PGN `TimeControl` syntax with delays, the named FIDE presets, and the
//! rapid/blitz classification and illegal-move penalty of each rules edition.
//!
//! The form is the PGN one, periods separated by `:`; each period is
//! `[moves/]seconds[+increment | d delay | b delay]`:
//!
//! | text | meaning |
//! |---|---|
//! | `40/5400+30:1800+30` | 40 moves in 90 minutes, then 30 minutes for the rest, 30 s added per move from move 1 |
//! | `5400+30` | 90 minutes for all moves, 30 s per move |
//! | `300+2` | 5 minutes, 2 s per move |
//! | `5400d5` | 90 minutes with a simple (US) delay of 5 s per move |
//! | `300b3` | 5 minutes with a Bronstein delay of 3 s per move |
//! | `40/7200:20/3600` | 40 moves in 2 h, then 20 moves per hour, repeated (the last period repeats when it has a move count) |
//! | `-` (or `*`) | no time control: the clock only counts the time used |
//!
//! Seconds may have up to three decimals (`2.5`). `+0`, `d0` and `b0` mean no bonus. Every
//! period but the last must have a move count. PGN's unknown control `?` and its hourglass
//! `*180` are refused, each with a message that shows the expected form. Preset names (see
//! [`PRESETS`]) are accepted too, and [`Display`](std::fmt::Display) writes the canonical form,
//! so `parse(display(tc)) == tc`.
//!
//! ```
//! use rochade::clock::{Bonus, Speed, TimeControl};
//! use rochade::rules::RulesEdition;
//!
//! let tc: TimeControl = "40/5400+30:1800+30".parse().unwrap();
//! assert_eq!(tc.periods().len(), 2);
//! assert_eq!(tc.periods()[0].moves, Some(40));
//! assert_eq!(tc.periods()[1].bonus, Bonus::Increment(30_000));
//! assert_eq!(tc.to_string(), "40/5400+30:1800+30");
//! assert_eq!(TimeControl::preset("fide-rapid").unwrap().to_string(), "900+10");
//! assert_eq!("300+2".parse::<TimeControl>().unwrap().classify(RulesEdition::Fide2018), Speed::Blitz);
//! assert!("40/".parse::<TimeControl>().unwrap_err().to_string().contains("40/5400+30:1800+30"));
//! ```
//!
//! ## Rapid and blitz by edition (what the extracts in `docs/fide/` say)
//!
//! The measure is `T` = the time allotted (every period's base time added up) + 60 × the
//! per-move bonus of the first period (increment or delay: the 2014 glossary counts both as
//! "increment"). A control with move-count periods is normally standard by this measure.
//!
//! | edition | rapid | blitz | source |
//! |---|---|---|---|
//! | 2001 | 15 min ≤ T < 60 min, T = base time only (the 2001 text has no increment clause) | T < 15 min | fa B1, C1 |
//! | 2005, 2009 | 15 min ≤ T < 60 min | T < 15 min | 05 B.1, C.1; sw A1 (EN 2009) |
//! | 2014, 2018 | 10 min < T < 60 min | T ≤ 10 min | 14 A.1, B.1; he A1, B1 |
//!
//! ## Illegal-move penalty by edition ([`illegal_move_penalty_ms`])
//!
//! | edition | standard | rapid | blitz | source |
//! |---|---|---|---|---|
//! | 2001, 2005, 2009 | 2 min to the opponent (1st and 2nd; 3rd loses) | 2 min, only on the opponent's claim | no time penalty: the opponent claims a win (draw if he cannot mate) | fa 7.4(b), C3; 05 7.4.b, B.6, C.3; sw 7.3, B3(c) |
//! | 2014 | 2 min (2nd loses) | 2 min where the full rules apply (A.3); under A.4 the game is lost instead | 1 min (B.2) | 14 7.5.b, A.4.b, B.2 |
//! | 2018 | 2 min (2nd loses) | 2 min | 1 min | he 7.5.5, A4.2, B2 |
//!
//! (The 2023 Laws, which `RulesEdition` reads as 2018, give 1 min in rapid too: A.3 per the
//! clock notes. Not modelled.)
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::RulesEdition;

/// The form a time control must have, shown in every parse error.
pub const EXPECTED_FORM: &str = "periods separated by ':', each [moves/]seconds[+increment|d<delay>|b<delay>], \
e.g. 40/5400+30:1800+30, 5400+30, 300+2, 5400d5 (simple delay), 300b3 (Bronstein delay), \
- (no time control), or a preset name (see `rochade play --help`)";

/// What a player gets with each move besides the base time of the period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Bonus {
    /// Nothing.
    #[default]
    None,
    /// Fischer / cumulative increment, ms added with every move (FIDE 6.3.1).
    Increment(u64),
    /// Simple (US) delay, ms: the main time runs only once the delay has passed; a move inside
    /// the delay leaves the main time untouched (FIDE 6.3.2 "time-delay mode").
    SimpleDelay(u64),
    /// Bronstein delay, ms: the time used on a move is given back, but never more than the
    /// delay. As on the DGT 3000 the delay is shown added at the start of the move and the time
    /// never ends a move higher than it began it; the result equals the simple delay.
    Bronstein(u64),
}

/// The kind of delay of a [`Bonus`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DelayKind {
    None,
    Simple,
    Bronstein,
}

impl Bonus {
    /// The increment in ms (0 for delays and none).
    pub fn increment_ms(self) -> u64 {
        match self {
            Bonus::Increment(ms) => ms,
            _ => 0,
        }
    }

    /// The delay in ms (0 for increments and none).
    pub fn delay_ms(self) -> u64 {
        match self {
            Bonus::SimpleDelay(ms) | Bonus::Bronstein(ms) => ms,
            _ => 0,
        }
    }

    /// Which kind of delay this is.
    pub fn delay_kind(self) -> DelayKind {
        match self {
            Bonus::SimpleDelay(_) => DelayKind::Simple,
            Bonus::Bronstein(_) => DelayKind::Bronstein,
            _ => DelayKind::None,
        }
    }

    /// The bonus per move whatever its kind, for the "+ 60 × increment" classification.
    pub fn per_move_ms(self) -> u64 {
        match self {
            Bonus::None => 0,
            Bonus::Increment(ms) | Bonus::SimpleDelay(ms) | Bonus::Bronstein(ms) => ms,
        }
    }
}

/// One period of a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// Moves to complete in this period; `None` = all remaining moves (sudden death).
    pub moves: Option<u32>,
    /// The time the period gives, in ms.
    pub base_ms: u64,
    /// What each move of the period adds.
    pub bonus: Bonus,
}

/// A time control: zero periods (untimed) or more. See the module doc for the syntax.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TimeControl {
    periods: Vec<Period>,
}

/// The speed class of a game (FIDE Appendices A and B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    Standard,
    Rapid,
    Blitz,
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Speed::Standard => "standard",
            Speed::Rapid => "rapid",
            Speed::Blitz => "blitz",
        })
    }
}

/// A named preset: name, control, what it is.
pub const PRESETS: &[(&str, &str, &str)] = &[
    (
        "fide-classical",
        "40/5400+30:1800+30",
        "FIDE standard: 90 min for 40 moves, then 30 min, 30 s per move from move 1",
    ),
    (
        "fide-classical-sd",
        "5400+30",
        "FIDE standard, one period: 90 min for all moves, 30 s per move (opens, Olympiad)",
    ),
    (
        "fide-world",
        "40/6000+30:20/3000+30:900+30",
        "FIDE world events: 100 min for 40 moves, 50 min for 20, then 15 min, 30 s per move",
    ),
    (
        "fide-rapid",
        "900+10",
        "FIDE rapid: 15 min, 10 s per move (World Rapid Championship)",
    ),
    ("fide-rapid-25", "1500+10", "rapid: 25 min, 10 s per move"),
    (
        "fide-blitz",
        "180+2",
        "FIDE blitz: 3 min, 2 s per move (World Blitz Championship)",
    ),
    ("fide-blitz-5", "300+3", "blitz: 5 min, 3 s per move"),
];

/// Why a time control was refused. Its `Display` names the problem and shows the expected form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid time control {input:?}: {problem}; expected {EXPECTED_FORM}")]
pub struct TimeControlError {
    /// The text that was given.
    pub input: String,
    /// What is wrong with it.
    pub problem: TimeControlProblem,
}

/// What is wrong with a time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlProblem {
    #[error("it is empty")]
    Empty,
    #[error("\"?\" means an unknown time control, and a clock cannot run on that")]
    Unknown,
    #[error("period {period} is an hourglass (sandclock) control, which Rochade does not run")]
    Hourglass { period: usize },
    #[error("period {period} ({text:?}) has no time")]
    MissingTime { period: usize, text: String },
    #[error("the move count {text:?} of period {period} is not a whole number above zero")]
    BadMoves { period: usize, text: String },
    #[error("{text:?} in period {period} is not a number of seconds (at most three decimals)")]
    BadSeconds { period: usize, text: String },
    #[error("{text:?} in period {period} is too large")]
    TooLarge { period: usize, text: String },
    #[error("period {period} must say how many moves it is for, because another period follows it")]
    MovesMissing { period: usize },
    #[error("the first period gives no time at all")]
    NoTime,
    #[error("there is no preset of that name; the presets are: {}", preset_names())]
    UnknownPreset,
}

/// The names of the presets, for errors and help: "fide-classical, fide-classical-sd, …".
pub fn preset_names() -> String {
    PRESETS
        .iter()
        .map(|(name, _, _)| *name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every preset with its control and what it is, one a line, for `--help`.
pub fn preset_table() -> String {
    PRESETS
        .iter()
        .map(|(name, text, what)| format!("{name} = {text}: {what}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A time control that reads like minutes where PGN counts seconds: `90+30` is 90 seconds
/// and 30 s a move, but a player who writes it almost always means 90 minutes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{input:?} means {seconds} seconds for the period, not minutes (the time control counts \
     seconds); for {seconds} minutes write {as_minutes}"
)]
pub struct LooksLikeMinutes {
    /// The text that was given.
    pub input: String,
    /// The first period's time, in seconds, as given.
    pub seconds: u64,
    /// The control with the times read as minutes, e.g. `5400+30`.
    pub as_minutes: String,
}

const MAX_SECONDS: u64 = 100_000_000;

fn problem(input: &str, problem: TimeControlProblem) -> TimeControlError {
    TimeControlError {
        input: input.to_owned(),
        problem,
    }
}

/// Seconds with up to three decimals, to ms, exactly (no floating point).
fn parse_seconds(text: &str, period: usize) -> Result<u64, TimeControlProblem> {
    let bad = || TimeControlProblem::BadSeconds {
        period,
        text: text.to_owned(),
    };
    let (whole, frac) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    if whole.is_empty() && frac.is_empty() {
        return Err(bad());
    }
    if !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 3
        || (text.contains('.') && frac.is_empty())
    {
        return Err(bad());
    }
    let whole_value: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| TimeControlProblem::TooLarge {
            period,
            text: text.to_owned(),
        })?
    };
    if whole_value > MAX_SECONDS {
        return Err(TimeControlProblem::TooLarge {
            period,
            text: text.to_owned(),
        });
    }
    let mut frac_ms = 0u64;
    for (i, b) in frac.bytes().enumerate() {
        frac_ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    Ok(whole_value * 1000 + frac_ms)
}

fn format_seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        let frac = format!("{:03}", ms % 1000);
        format!("{}.{}", ms / 1000, frac.trim_end_matches('0'))
    }
}

fn parse_period(text: &str, period: usize) -> Result<Period, TimeControlProblem> {
    if text.starts_with('*') {
        return Err(TimeControlProblem::Hourglass { period });
    }
    let (moves, rest) = match text.split_once('/') {
        Some((m, rest)) => {
            let moves: u32 = m.parse().map_err(|_| TimeControlProblem::BadMoves {
                period,
                text: m.to_owned(),
            })?;
            if moves == 0 || !m.bytes().all(|b| b.is_ascii_digit()) {
                return Err(TimeControlProblem::BadMoves {
                    period,
                    text: m.to_owned(),
                });
            }
            (Some(moves), rest)
        }
        None => (None, text),
    };
    if rest.is_empty() {
        return Err(TimeControlProblem::MissingTime {
            period,
            text: text.to_owned(),
        });
    }
    let split = rest.find(['+', 'd', 'b', 'D', 'B']);
    let (base, bonus) = match split {
        Some(at) => {
            let (base, tail) = rest.split_at(at);
            let mut chars = tail.chars();
            let kind = chars.next().unwrap_or('+');
            let ms = parse_seconds(chars.as_str(), period)?;
            let bonus = match (kind.to_ascii_lowercase(), ms) {
                (_, 0) => Bonus::None,
                ('+', ms) => Bonus::Increment(ms),
                ('d', ms) => Bonus::SimpleDelay(ms),
                (_, ms) => Bonus::Bronstein(ms),
            };
            (base, bonus)
        }
        None => (rest, Bonus::None),
    };
    if base.is_empty() {
        return Err(TimeControlProblem::MissingTime {
            period,
            text: text.to_owned(),
        });
    }
    let base_ms = parse_seconds(base, period)?;
    Ok(Period {
        moves,
        base_ms,
        bonus,
    })
}

impl TimeControl {
    /// A time control from its periods, checked as the parser checks them.
    pub fn new(periods: Vec<Period>) -> Result<TimeControl, TimeControlError> {
        let tc = TimeControl { periods };
        tc.validate().map_err(|p| problem(&tc.to_string(), p))?;
        Ok(tc)
    }

    /// No time control: the clock only counts the time used.
    pub fn untimed() -> TimeControl {
        TimeControl {
            periods: Vec::new(),
        }
    }

    fn validate(&self) -> Result<(), TimeControlProblem> {
        let n = self.periods.len();
        for (i, p) in self.periods.iter().enumerate() {
            if i + 1 < n && p.moves.is_none() {
                return Err(TimeControlProblem::MovesMissing { period: i + 1 });
            }
            if p.moves == Some(0) {
                return Err(TimeControlProblem::BadMoves {
                    period: i + 1,
                    text: "0".to_owned(),
                });
            }
        }
        if let Some(first) = self.periods.first()
            && first.base_ms == 0
            && first.bonus == Bonus::None
        {
            return Err(TimeControlProblem::NoTime);
        }
        Ok(())
    }

    /// A named preset (see [`PRESETS`]), or `None`. The name may leave out "fide-"
    /// (`blitz`, `rapid`, `classical`), as people say it.
    pub fn preset(name: &str) -> Option<TimeControl> {
        let name = name.trim().to_ascii_lowercase();
        let name = match name.as_str() {
            "standard" | "klassisch" => "fide-classical".to_owned(),
            "schnellschach" => "fide-rapid".to_owned(),
            other if !other.starts_with("fide-") => format!("fide-{other}"),
            _ => name,
        };
        PRESETS
            .iter()
            .find(|(n, _, _)| *n == name)
            .and_then(|(_, text, _)| parse_control(text).ok())
    }

    /// A warning when the text looks like minutes where seconds are counted: the first
    /// period is under a minute, or under three minutes and not whole minutes (`90`), or
    /// shorter than sixty of its per-move bonuses (`90+30`, `15+10`; FIDE controls give at
    /// least a minute of base time for each second of bonus). A preset is never warned about.
    pub fn looks_like_minutes(input: &str) -> Option<LooksLikeMinutes> {
        if TimeControl::preset(input).is_some() {
            return None;
        }
        let tc = parse_control(input).ok()?;
        let first = tc.periods.first()?;
        let seconds = first.base_ms / 1000;
        let bonus_s = first.bonus.per_move_ms() / 1000;
        let suspicious = first.base_ms < 60_000
            || (first.base_ms < 180_000 && first.base_ms % 60_000 != 0)
            || (bonus_s > 0 && seconds < 60 * bonus_s);
        if !suspicious {
            return None;
        }
        let as_minutes = TimeControl {
            periods: tc
                .periods
                .iter()
                .map(|p| Period {
                    base_ms: p.base_ms.saturating_mul(60),
                    ..*p
                })
                .collect(),
        };
        Some(LooksLikeMinutes {
            input: input.trim().to_owned(),
            seconds,
            as_minutes: as_minutes.to_string(),
        })
    }

    /// The periods, first to last. Empty when untimed.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// Whether there is no time control at all.
    pub fn is_untimed(&self) -> bool {
        self.periods.is_empty()
    }

    /// The rapid/blitz class under a rules edition (see the module doc for the thresholds).
    /// An untimed game is standard.
    pub fn classify(&self, rules: RulesEdition) -> Speed {
        let Some(first) = self.periods.first() else {
            return Speed::Standard;
        };
        let base: u64 = self.periods.iter().map(|p| p.base_ms).sum();
        const MIN: u64 = 60_000;
        match rules {
            RulesEdition::Fide2001 => {
                if base < 15 * MIN {
                    Speed::Blitz
                } else if base < 60 * MIN {
                    Speed::Rapid
                } else {
                    Speed::Standard
                }
            }
            RulesEdition::Fide2005 | RulesEdition::Fide2009 => {
                let t = base + 60 * first.bonus.per_move_ms();
                if t < 15 * MIN {
                    Speed::Blitz
                } else if t < 60 * MIN {
                    Speed::Rapid
                } else {
                    Speed::Standard
                }
            }
            RulesEdition::Fide2014 | RulesEdition::Fide2018 => {
                let t = base + 60 * first.bonus.per_move_ms();
                if t <= 10 * MIN {
                    Speed::Blitz
                } else if t < 60 * MIN {
                    Speed::Rapid
                } else {
                    Speed::Standard
                }
            }
        }
    }

    /// The period a side is in after `granted` periods have been given (1 = the first);
    /// the last period repeats when it has a move count.
    pub(crate) fn period_spec(&self, index: usize) -> Option<&Period> {
        match self.periods.get(index) {
            Some(period) => Some(period),
            None => self.periods.last().filter(|last| last.moves.is_some()),
        }
    }

    /// The number of moves after which period `index` (0-based) begins, or `None` when there
    /// is no such period. Period 0 begins at move 0.
    pub(crate) fn period_start_move(&self, index: usize) -> Option<u32> {
        self.period_spec(index)?;
        let mut start: u64 = 0;
        for period in self.periods.iter().take(index) {
            start += u64::from(period.moves?);
        }
        // The repeats of the last period, counted at once: a loop over them made a clock
        // left running for days (a flag and a new period every 100 s) quadratic.
        let repeats = index.saturating_sub(self.periods.len());
        if repeats > 0 {
            let moves = u64::from(self.periods.last()?.moves?);
            start = start.checked_add(moves.checked_mul(u64::try_from(repeats).ok()?)?)?;
        }
        u32::try_from(start).ok()
    }

    /// Whether period `index` (0-based) is the final one: sudden death, nothing follows.
    pub(crate) fn is_final_period(&self, index: usize) -> bool {
        self.period_spec(index + 1).is_none()
    }

    /// Moves left to the next time control after `completed` moves, or `None` when no control
    /// follows (sudden death).
    pub fn moves_to_next_control(&self, completed: u32) -> Option<u32> {
        let mut index = 1;
        loop {
            let start = self.period_start_move(index)?;
            if start > completed {
                return Some(start - completed);
            }
            index += 1;
        }
    }
}

/// The illegal-move time penalty in ms given to the opponent (FIDE 7.4 / 7.5 and the rapid and
/// blitz appendices), or `None` when that edition gives no time at that speed (blitz before
/// 2014: the opponent claims a win instead). See the module doc for the sources.
pub fn illegal_move_penalty_ms(rules: RulesEdition, speed: Speed) -> Option<u64> {
    match (rules, speed) {
        (
            RulesEdition::Fide2001 | RulesEdition::Fide2005 | RulesEdition::Fide2009,
            Speed::Blitz,
        ) => None,
        (RulesEdition::Fide2014 | RulesEdition::Fide2018, Speed::Blitz) => Some(60_000),
        _ => Some(120_000),
    }
}

fn parse_control(input: &str) -> Result<TimeControl, TimeControlError> {
    let text = input.trim();
    if text.is_empty() {
        return Err(problem(input, TimeControlProblem::Empty));
    }
    if text == "-" || text == "*" {
        return Ok(TimeControl::untimed());
    }
    if text == "?" {
        return Err(problem(input, TimeControlProblem::Unknown));
    }
    // A word where numbers belong is a preset name that does not exist ("blitz3"), not a
    // period without time.
    if text.starts_with(|c: char| c.is_alphabetic())
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    {
        return Err(problem(input, TimeControlProblem::UnknownPreset));
    }
    let mut periods = Vec::new();
    for (i, field) in text.split(':').enumerate() {
        let field = field.trim();
        if field.is_empty() {
            return Err(problem(
                input,
                TimeControlProblem::MissingTime {
                    period: i + 1,
                    text: String::new(),
                },
            ));
        }
        periods.push(parse_period(field, i + 1).map_err(|p| problem(input, p))?);
    }
    let tc = TimeControl { periods };
    tc.validate().map_err(|p| problem(input, p))?;
    Ok(tc)
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(tc) = TimeControl::preset(s) {
            return Ok(tc);
        }
        parse_control(s)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.periods.is_empty() {
            return f.write_str("-");
        }
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            if let Some(moves) = p.moves {
                write!(f, "{moves}/")?;
            }
            f.write_str(&format_seconds(p.base_ms))?;
            match p.bonus {
                Bonus::None => {}
                Bonus::Increment(ms) => write!(f, "+{}", format_seconds(ms))?,
                Bonus::SimpleDelay(ms) => write!(f, "d{}", format_seconds(ms))?,
                Bonus::Bronstein(ms) => write!(f, "b{}", format_seconds(ms))?,
            }
        }
        Ok(())
    }
}

impl Serialize for TimeControl {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_starts_after_the_moves_of_all_before_it_the_repeats_included() {
        for text in [
            "40/100",
            "40/5400+30:1800+30",
            "40/6000:20/3000:900",
            "300+3",
            "40/7200:20/3600",
        ] {
            let tc: TimeControl = text.parse().expect("a time control");
            for index in 0..200 {
                // the plain sum, period by period
                let mut naive: Option<u64> = Some(0);
                for i in 0..index {
                    naive = match (naive, tc.period_spec(i).and_then(|p| p.moves)) {
                        (Some(n), Some(m)) => Some(n + u64::from(m)),
                        _ => None,
                    };
                }
                let naive = naive.filter(|_| tc.period_spec(index).is_some());
                assert_eq!(
                    tc.period_start_move(index).map(u64::from),
                    naive,
                    "{text}, period {index}"
                );
            }
        }
    }

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn parses_the_pgn_forms_and_the_delay_extensions() {
        let classical = tc("40/5400+30:1800+30");
        assert_eq!(
            classical.periods(),
            &[
                Period {
                    moves: Some(40),
                    base_ms: 5_400_000,
                    bonus: Bonus::Increment(30_000)
                },
                Period {
                    moves: None,
                    base_ms: 1_800_000,
                    bonus: Bonus::Increment(30_000)
                }
            ]
        );
        assert_eq!(tc("5400d5").periods()[0].bonus, Bonus::SimpleDelay(5000));
        assert_eq!(tc("300b3").periods()[0].bonus, Bonus::Bronstein(3000));
        assert_eq!(tc("300+0").periods()[0].bonus, Bonus::None);
        assert_eq!(tc("2.5+0.25").periods()[0].base_ms, 2500);
        assert_eq!(tc("2.5+0.25").periods()[0].bonus, Bonus::Increment(250));
        assert!(tc("-").is_untimed());
        assert!(tc("*").is_untimed());
        assert_eq!(tc(" fide-classical ").to_string(), "40/5400+30:1800+30");
    }

    #[test]
    fn minutes_are_warned_presets_named() {
        // 90+30 is 90 seconds by the PGN form: warned, with the control meant.
        let w = TimeControl::looks_like_minutes("90+30").expect("warned");
        assert_eq!((w.seconds, w.as_minutes.as_str()), (90, "5400+30"));
        assert!(w.to_string().contains("5400+30"));
        assert_eq!(
            TimeControl::looks_like_minutes("40/90+30:30+30").map(|w| w.as_minutes),
            Some("40/5400+30:1800+30".to_owned())
        );
        assert!(TimeControl::looks_like_minutes("15+10").is_some());
        assert!(TimeControl::looks_like_minutes("90").is_some());
        for fine in [
            "5400+30",
            "180+2",
            "300+3",
            "60",
            "120+1",
            "fide-blitz",
            "blitz",
            "-",
        ] {
            assert!(TimeControl::looks_like_minutes(fine).is_none(), "{fine}");
        }
        // Without "fide-", as people say it.
        assert_eq!(tc("blitz"), TimeControl::preset("fide-blitz").unwrap());
        assert_eq!(tc("Rapid"), TimeControl::preset("fide-rapid").unwrap());
        // An unknown name says so and lists every preset.
        let err = "blitz3".parse::<TimeControl>().unwrap_err();
        assert_eq!(err.problem, TimeControlProblem::UnknownPreset);
        for (name, _, _) in PRESETS {
            assert!(err.to_string().contains(name), "{name}");
            assert!(preset_table().contains(name));
        }
    }

    #[test]
    fn every_preset_parses_and_round_trips() {
        for (name, text, _) in PRESETS {
            let preset = TimeControl::preset(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(preset.to_string(), *text);
            assert_eq!(tc(text), preset);
        }
        assert_eq!(
            TimeControl::preset("fide-rapid")
                .map(|t| t.to_string())
                .as_deref(),
            Some("900+10")
        );
        assert_eq!(
            TimeControl::preset("fide-blitz")
                .map(|t| t.to_string())
                .as_deref(),
            Some("180+2")
        );
        assert!(TimeControl::preset("nonsense").is_none());
    }

    #[test]
    fn refusals_name_the_problem_and_show_the_expected_form() {
        let cases: &[(&str, &str)] = &[
            ("", "empty"),
            ("?", "unknown"),
            ("*180", "hourglass"),
            ("40/", "no time"),
            ("0/300", "move count"),
            ("x/300", "move count"),
            ("abc", "no preset of that name"),
            ("classic", "fide-classical, fide-classical-sd, fide-world"),
            ("300+x", "not a number of seconds"),
            ("300+1.2345", "not a number of seconds"),
            ("5400+30:1800", "must say how many moves"),
            ("0", "no time at all"),
            ("99999999999999", "too large"),
            ("300:", "no time"),
        ];
        for (input, needle) in cases {
            let err = input.parse::<TimeControl>().expect_err(input).to_string();
            assert!(err.contains(needle), "{input:?}: {err}");
            assert!(err.contains("40/5400+30:1800+30"), "{input:?}: {err}");
            assert!(err.contains("5400d5"), "{input:?}: {err}");
        }
    }

    #[test]
    fn serde_uses_the_string_form() {
        let json = serde_json::to_string(&tc("40/5400+30:1800+30")).unwrap_or_default();
        assert_eq!(json, "\"40/5400+30:1800+30\"");
        let back: TimeControl =
            serde_json::from_str("\"300b3\"").unwrap_or_else(|_| TimeControl::untimed());
        assert_eq!(back, tc("300b3"));
        assert!(serde_json::from_str::<TimeControl>("\"40/\"").is_err());
    }

    #[test]
    fn moves_to_next_control() {
        let classical = tc("40/5400+30:1800+30");
        assert_eq!(classical.moves_to_next_control(0), Some(40));
        assert_eq!(classical.moves_to_next_control(39), Some(1));
        assert_eq!(classical.moves_to_next_control(40), None);
        let world = tc("40/6000+30:20/3000+30:900+30");
        assert_eq!(world.moves_to_next_control(40), Some(20));
        assert_eq!(world.moves_to_next_control(59), Some(1));
        assert_eq!(world.moves_to_next_control(60), None);
        let repeating = tc("40/7200:20/3600");
        assert_eq!(repeating.moves_to_next_control(45), Some(15));
        assert_eq!(repeating.moves_to_next_control(60), Some(20));
        assert_eq!(repeating.moves_to_next_control(101), Some(19));
        assert_eq!(tc("300+2").moves_to_next_control(10), None);
        assert_eq!(TimeControl::untimed().moves_to_next_control(3), None);
    }

    #[test]
    fn classification_by_edition() {
        use RulesEdition::*;
        // (control, 2001, 2005/2009, 2014/2018)
        let table: &[(&str, Speed, Speed, Speed)] = &[
            (
                "40/5400+30:1800+30",
                Speed::Standard,
                Speed::Standard,
                Speed::Standard,
            ),
            ("3600", Speed::Standard, Speed::Standard, Speed::Standard),
            ("3599", Speed::Rapid, Speed::Rapid, Speed::Rapid),
            ("1500+10", Speed::Rapid, Speed::Rapid, Speed::Rapid),
            ("900+10", Speed::Rapid, Speed::Rapid, Speed::Rapid),
            // 15 min flat: rapid in every edition
            ("900", Speed::Rapid, Speed::Rapid, Speed::Rapid),
            // 10 min + 5 s = 15 min by the 60x rule: rapid from 2005, blitz in 2001 (base only)
            ("600+5", Speed::Blitz, Speed::Rapid, Speed::Rapid),
            // 12 min: blitz before 2014, rapid from 2014 (more than 10)
            ("720", Speed::Blitz, Speed::Blitz, Speed::Rapid),
            // exactly 10 min: blitz everywhere (2014: "10 minutes or less")
            ("600", Speed::Blitz, Speed::Blitz, Speed::Blitz),
            // 10 min + 1 s = 11 min: rapid from 2014
            ("600+1", Speed::Blitz, Speed::Blitz, Speed::Rapid),
            ("180+2", Speed::Blitz, Speed::Blitz, Speed::Blitz),
            // 50 min + 10 s = 60 min: standard from 2005 ("less than 60")
            ("3000+10", Speed::Rapid, Speed::Standard, Speed::Standard),
            ("300d5", Speed::Blitz, Speed::Blitz, Speed::Blitz),
            ("-", Speed::Standard, Speed::Standard, Speed::Standard),
        ];
        for (text, s2001, s2005, s2014) in table {
            let t = tc(text);
            assert_eq!(t.classify(Fide2001), *s2001, "{text} 2001");
            assert_eq!(t.classify(Fide2005), *s2005, "{text} 2005");
            assert_eq!(t.classify(Fide2009), *s2005, "{text} 2009");
            assert_eq!(t.classify(Fide2014), *s2014, "{text} 2014");
            assert_eq!(t.classify(Fide2018), *s2014, "{text} 2018");
        }
    }

    #[test]
    fn penalties_by_edition() {
        use RulesEdition::*;
        for rules in RulesEdition::ALL {
            assert_eq!(
                illegal_move_penalty_ms(rules, Speed::Standard),
                Some(120_000)
            );
            assert_eq!(illegal_move_penalty_ms(rules, Speed::Rapid), Some(120_000));
        }
        assert_eq!(
            illegal_move_penalty_ms(Fide2018, Speed::Blitz),
            Some(60_000)
        );
        assert_eq!(
            illegal_move_penalty_ms(Fide2014, Speed::Blitz),
            Some(60_000)
        );
        assert_eq!(illegal_move_penalty_ms(Fide2009, Speed::Blitz), None);
        assert_eq!(illegal_move_penalty_ms(Fide2005, Speed::Blitz), None);
        assert_eq!(illegal_move_penalty_ms(Fide2001, Speed::Blitz), None);
    }
}
