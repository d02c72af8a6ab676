//! The clock in words: what the player hears on "Zeit" and "Züge", the warnings, the time
//! control, the flag. The sentences and the units' forms ("eine Minute", "zwei Minuten") come
//! from the language's catalog ([`crate::catalog`]); the numbers from [`crate::numbers`].
//!
//! Times are words, never digits ("05:06" reads badly), floored to whole seconds as a clock
//! display shows them.
//!
//! **When seconds are said**: below 20 minutes, minutes and seconds ("zwölf Minuten, vierzig
//! Sekunden"); from 20 minutes on, whole minutes ("einunddreißig Minuten"), and from an hour
//! on, hours and minutes ("eine Stunde, fünf Minuten"). Parts that are zero are left out
//! ("zehn Minuten", not "zehn Minuten, null Sekunden"); no time at all is "null Sekunden".
//! Why 20 minutes: a rapid game (at most 60 minutes, usually 15 to 25) and every time scramble
//! run below it, and there a second matters; in a classical game far from the control the
//! seconds are noise. [`SECONDS_BELOW_MS`] holds the limit.
//!
//! ```
//! use rochade::clock::spoken::{duration_words, moves_report, time_report};
//! use rochade::lang::Lang;
//!
//! assert_eq!(
//!     time_report(760_000, 1_860_000, Lang::De),
//!     "Sie: zwölf Minuten, vierzig Sekunden. Gegner: einunddreißig Minuten."
//! );
//! assert_eq!(duration_words(3_905_000, Lang::De), "eine Stunde, fünf Minuten");
//! assert_eq!(duration_words(61_999, Lang::En), "one minute, one second");
//! assert_eq!(
//!     moves_report(20, Some(20), Lang::De),
//!     "Zwanzig Züge gespielt, noch zwanzig bis zur Zeitkontrolle."
//! );
//! ```
use shakmaty::Color;

use super::control::{Bonus, TimeControl};
use super::model::{ClockEvent, ClockReading};
use crate::catalog::{Arg, Catalog, capitalize};
use crate::lang::Lang;
use crate::numbers::{Gender, cardinal, cardinal_before_noun};

/// Below this remaining time (20 minutes) the seconds are said.
pub const SECONDS_BELOW_MS: u64 = 20 * 60_000;

/// Whose time a phrase is about, seen from the player who hears it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    Own,
    Opponent,
}

impl Whose {
    /// `Own` when `side` is the player's, else `Opponent`.
    pub fn of(side: Color, player: Color) -> Whose {
        if side == player {
            Whose::Own
        } else {
            Whose::Opponent
        }
    }
}

/// The form of an amount: plain, or after a preposition ("in einer Minute", "mit einer
/// Sekunde Verzögerung"; Arabic "في دقيقتين"). The catalog chooses by it; languages without
/// case ignore it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Case {
    Plain,
    Oblique,
}

impl Case {
    fn name(self) -> &'static str {
        match self {
            Case::Plain => "plain",
            Case::Oblique => "oblique",
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Unit {
    Hour,
    Minute,
    Second,
}

/// A message of the language's catalog.
fn say(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    Catalog::builtin(lang).text(id, args)
}

/// An amount of a unit: the catalog chooses the noun's form by the number ("eine Minute",
/// "zwei Minuten"); the number itself is spelled out by [`crate::numbers`], in the form before
/// a feminine noun: hour, minute and second are feminine in every language Rochade speaks
/// that has gender (Stunde, Minute, Sekunde; ساعة، دقيقة، ثانية; שעה, דקה, שנייה).
fn amount(n: u64, unit: Unit, lang: Lang) -> String {
    amount_in(n, unit, Case::Plain, lang)
}

/// [`amount`] in a case.
fn amount_in(n: u64, unit: Unit, case: Case, lang: Lang) -> String {
    let id = match unit {
        Unit::Hour => "hours",
        Unit::Minute => "minutes",
        Unit::Second => "seconds",
    };
    say(
        lang,
        id,
        &[
            ("count", n.into()),
            (
                "number",
                cardinal_before_noun(n, Gender::Feminine, lang).into(),
            ),
            ("case", case.name().into()),
        ],
    )
}

/// A time in words, by the rule in the module doc: "zwölf Minuten, vierzig Sekunden",
/// "einunddreißig Minuten", "eine Stunde, fünf Minuten", "twenty-one seconds".
pub fn duration_words(ms: u64, lang: Lang) -> String {
    let total = ms / 1000;
    if total == 0 {
        return amount(0, Unit::Second, lang);
    }
    let (hours, minutes, seconds) = (total / 3600, total % 3600 / 60, total % 60);
    let mut parts = Vec::new();
    if ms < SECONDS_BELOW_MS {
        if minutes > 0 {
            parts.push(amount(minutes, Unit::Minute, lang));
        }
        if seconds > 0 {
            parts.push(amount(seconds, Unit::Second, lang));
        }
    } else {
        if hours > 0 {
            parts.push(amount(hours, Unit::Hour, lang));
        }
        if minutes > 0 {
            parts.push(amount(minutes, Unit::Minute, lang));
        }
    }
    parts.join(", ")
}

/// A period's time or a bonus as a time control is said, in whole minutes and seconds
/// ("neunzig Minuten", "dreißig Sekunden"): arbiters say "90 minutes", not "an hour and a
/// half". Parts of a second are left out.
fn control_duration(ms: u64, case: Case, lang: Lang) -> String {
    let total = ms / 1000;
    let (minutes, seconds) = (total / 60, total % 60);
    let mut parts = Vec::new();
    if minutes > 0 {
        parts.push(amount_in(minutes, Unit::Minute, case, lang));
    }
    if seconds > 0 || minutes == 0 {
        parts.push(amount_in(seconds, Unit::Second, case, lang));
    }
    parts.join(", ")
}

/// The bonus of a period in words, or `None` without one; `all` when it counts for every
/// period, from the first move on (said once, at the end).
fn bonus_words(bonus: Bonus, all: bool, lang: Lang) -> Option<String> {
    // "plus eine Sekunde", but "mit einer Sekunde Verzögerung".
    let (id, ms, case) = match bonus {
        Bonus::None => return None,
        Bonus::Increment(ms) if all => ("control-increment-all", ms, Case::Plain),
        Bonus::Increment(ms) => ("control-increment", ms, Case::Plain),
        Bonus::SimpleDelay(ms) => ("control-delay", ms, Case::Oblique),
        Bonus::Bronstein(ms) => ("control-bronstein", ms, Case::Oblique),
    };
    if ms == 0 {
        return None;
    }
    Some(say(
        lang,
        id,
        &[("time", control_duration(ms, case, lang).into())],
    ))
}

/// The time control read back at the start: "Bedenkzeit: vierzig Züge in neunzig Minuten,
/// dann dreißig Minuten, plus dreißig Sekunden pro Zug ab dem ersten Zug." `None` when the
/// game has no time control.
pub fn control_words(tc: &TimeControl, lang: Lang) -> Option<String> {
    let periods = tc.periods();
    let first = periods.first()?;
    // One bonus for every period is said once; different bonuses go with their periods.
    let same_bonus = periods.iter().all(|p| p.bonus == first.bonus);
    let mut parts = Vec::new();
    for (i, p) in periods.iter().enumerate() {
        let mut period = match p.moves {
            Some(moves) => say(
                lang,
                "control-moves-in",
                &[
                    ("count", u64::from(moves).into()),
                    ("number", cardinal(u64::from(moves), lang).into()),
                    (
                        "time",
                        control_duration(p.base_ms, Case::Oblique, lang).into(),
                    ),
                ],
            ),
            None => control_duration(p.base_ms, Case::Plain, lang),
        };
        if !same_bonus && let Some(b) = bonus_words(p.bonus, false, lang) {
            period = say(
                lang,
                "control-with-bonus",
                &[("period", period.into()), ("bonus", b.into())],
            );
        }
        parts.push(if i == 0 {
            period
        } else {
            say(lang, "control-then", &[("period", period.into())])
        });
    }
    let mut control = parts.join(", ");
    if same_bonus && let Some(b) = bonus_words(first.bonus, true, lang) {
        control = say(
            lang,
            "control-with-bonus",
            &[("period", control.into()), ("bonus", b.into())],
        );
    }
    Some(say(
        lang,
        "control-read-back",
        &[("control", control.into())],
    ))
}

/// Both times, the player's own first (D.2.9.d): "Sie: zwölf Minuten, vierzig Sekunden.
/// Gegner: einunddreißig Minuten." / "You: … Opponent: …".
pub fn time_report(own_ms: u64, opponent_ms: u64, lang: Lang) -> String {
    say(
        lang,
        "time-report",
        &[
            ("own", duration_words(own_ms, lang).into()),
            ("opponent", duration_words(opponent_ms, lang).into()),
        ],
    )
}

/// [`time_report`] from a reading, for the player of the given colour. An untimed game says
/// the time used.
pub fn reading_report(reading: &ClockReading, player: Color, lang: Lang) -> String {
    time_report(reading.ms(player), reading.ms(player.other()), lang)
}

/// The move count: moves completed, and moves left to the next time control (`None` in sudden
/// death): "Zwanzig Züge gespielt, noch zwanzig bis zur Zeitkontrolle." / "Twenty moves
/// played, twenty to the time control."
pub fn moves_report(completed: u32, to_control: Option<u32>, lang: Lang) -> String {
    let completed = u64::from(completed);
    let played = say(
        lang,
        "moves-played",
        &[
            ("count", completed.into()),
            ("number", cardinal(completed, lang).into()),
        ],
    );
    let report = match to_control.map(u64::from) {
        None => say(lang, "moves-report", &[("played", played.into())]),
        Some(left) => {
            let rest = say(
                lang,
                "moves-to-control",
                &[
                    ("count", left.into()),
                    ("number", cardinal(left, lang).into()),
                ],
            );
            say(
                lang,
                "moves-report-to-control",
                &[("played", played.into()), ("rest", rest.into())],
            )
        }
    };
    capitalize(&report)
}

/// A warning: "Noch zehn Minuten." / "Gegner: noch zehn Minuten." / "Ten minutes left."
pub fn warning_words(remaining_ms: u64, whose: Whose, lang: Lang) -> String {
    let id = match whose {
        Whose::Own => "warning-own",
        Whose::Opponent => "warning-opponent",
    };
    let time = duration_words(remaining_ms, lang);
    capitalize(&say(lang, id, &[("time", time.into())]))
}

/// A period added: "Zeitkontrolle erreicht, dreißig Minuten dazu." / "Time control reached,
/// thirty minutes added."
pub fn period_added_words(added_ms: u64, whose: Whose, lang: Lang) -> String {
    let id = match whose {
        Whose::Own => "period-added-own",
        Whose::Opponent => "period-added-opponent",
    };
    let time = duration_words(added_ms, lang);
    capitalize(&say(lang, id, &[("time", time.into())]))
}

/// A flag: "Ihre Zeit ist abgelaufen." / "Die Zeit des Gegners ist abgelaufen." / "Your time
/// is up." / "Your opponent's time is up."
pub fn flag_words(whose: Whose, lang: Lang) -> String {
    say(
        lang,
        match whose {
            Whose::Own => "flag-own",
            Whose::Opponent => "flag-opponent",
        },
        &[],
    )
}

/// What the player hears for a clock event, or `None` when nothing is said: a completed move,
/// and a flag in a non-final period whose moves were done (no loss; the period added is said
/// instead). Whether warnings are said at all is the caller's setting.
pub fn event_words(event: &ClockEvent, player: Color, lang: Lang) -> Option<String> {
    match *event {
        ClockEvent::Moved { .. } => None,
        ClockEvent::PeriodAdded { side, added_ms, .. } => {
            Some(period_added_words(added_ms, Whose::of(side, player), lang))
        }
        ClockEvent::Warning {
            side, remaining_ms, ..
        } => Some(warning_words(remaining_ms, Whose::of(side, player), lang)),
        ClockEvent::Flag {
            moves_done: true, ..
        } => None,
        ClockEvent::Flag { side, .. } => Some(flag_words(Whose::of(side, player), lang)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_report_phrases() {
        let table: &[(u32, Option<u32>, Lang, &str)] = &[
            (
                20,
                Some(20),
                Lang::De,
                "Zwanzig Züge gespielt, noch zwanzig bis zur Zeitkontrolle.",
            ),
            (
                39,
                Some(1),
                Lang::De,
                "Neununddreißig Züge gespielt, noch ein Zug bis zur Zeitkontrolle.",
            ),
            (
                1,
                Some(39),
                Lang::De,
                "Ein Zug gespielt, noch neununddreißig bis zur Zeitkontrolle.",
            ),
            (
                0,
                Some(40),
                Lang::De,
                "Noch kein Zug gespielt, noch vierzig bis zur Zeitkontrolle.",
            ),
            (45, None, Lang::De, "Fünfundvierzig Züge gespielt."),
            (
                20,
                Some(20),
                Lang::En,
                "Twenty moves played, twenty to the time control.",
            ),
            (
                39,
                Some(1),
                Lang::En,
                "Thirty-nine moves played, one move to the time control.",
            ),
            (1, None, Lang::En, "One move played."),
            (0, None, Lang::En, "No moves played yet."),
        ];
        for (completed, left, lang, words) in table {
            assert_eq!(moves_report(*completed, *left, *lang), *words);
        }
    }

    #[test]
    fn announcements() {
        assert_eq!(
            warning_words(600_000, Whose::Own, Lang::De),
            "Noch zehn Minuten."
        );
        assert_eq!(
            warning_words(30_000, Whose::Opponent, Lang::De),
            "Gegner: noch dreißig Sekunden."
        );
        assert_eq!(
            warning_words(60_000, Whose::Own, Lang::En),
            "One minute left."
        );
        assert_eq!(
            warning_words(10_000, Whose::Opponent, Lang::En),
            "Opponent: ten seconds left."
        );
        assert_eq!(
            period_added_words(1_800_000, Whose::Own, Lang::De),
            "Zeitkontrolle erreicht, dreißig Minuten dazu."
        );
        assert_eq!(
            period_added_words(3_600_000, Whose::Own, Lang::En),
            "Time control reached, one hour added."
        );
        assert_eq!(
            flag_words(Whose::Own, Lang::De),
            "Ihre Zeit ist abgelaufen."
        );
        assert_eq!(
            flag_words(Whose::Opponent, Lang::De),
            "Die Zeit des Gegners ist abgelaufen."
        );
        assert_eq!(
            flag_words(Whose::Opponent, Lang::En),
            "Your opponent's time is up."
        );
    }

    #[test]
    fn a_time_after_a_preposition_takes_its_case() {
        let words = |tc: &str, lang| {
            let tc: TimeControl = tc.parse().unwrap_or_else(|e| panic!("{tc}: {e}"));
            control_words(&tc, lang).unwrap_or_default()
        };
        assert_eq!(
            words("40/100", Lang::De),
            "Bedenkzeit: vierzig Züge in einer Minute, vierzig Sekunden."
        );
        assert_eq!(
            words("40/5400:1800", Lang::De),
            "Bedenkzeit: vierzig Züge in neunzig Minuten, dann dreißig Minuten."
        );
        // Plain after "plus", the dative after "mit".
        assert_eq!(
            words("60+1", Lang::De),
            "Bedenkzeit: eine Minute, plus eine Sekunde pro Zug ab dem ersten Zug."
        );
        assert_eq!(
            words("60d1", Lang::De),
            "Bedenkzeit: eine Minute, mit einer Sekunde Verzögerung pro Zug."
        );
        // Arabic shows the genitive in the dual: "في دقيقتين".
        assert!(
            words("40/120", Lang::Ar).contains("في دقيقتين"),
            "{}",
            words("40/120", Lang::Ar)
        );
        assert!(words("120", Lang::Ar).contains("دقيقتان"));
        assert_eq!(
            words("40/60", Lang::En),
            "Time control: forty moves in one minute."
        );
    }

    #[test]
    fn event_words_follow_the_player_side() {
        let flag = ClockEvent::Flag {
            side: Color::Black,
            at_ms: 5,
            period: 1,
            final_period: true,
            moves_done: false,
        };
        assert_eq!(
            event_words(&flag, Color::White, Lang::De).as_deref(),
            Some("Die Zeit des Gegners ist abgelaufen.")
        );
        assert_eq!(
            event_words(&flag, Color::Black, Lang::De).as_deref(),
            Some("Ihre Zeit ist abgelaufen.")
        );
        let done = ClockEvent::Flag {
            side: Color::Black,
            at_ms: 5,
            period: 1,
            final_period: false,
            moves_done: true,
        };
        assert_eq!(event_words(&done, Color::White, Lang::De), None);
        let added = ClockEvent::PeriodAdded {
            side: Color::White,
            at_ms: 5,
            period: 2,
            added_ms: 1_800_000,
            trigger: crate::clock::PeriodTrigger::MoveCount,
        };
        assert_eq!(
            event_words(&added, Color::White, Lang::En).as_deref(),
            Some("Time control reached, thirty minutes added.")
        );
    }
}
