//! Property tests of the clock: over random time controls, settings and sequences of presses,
//! polls, pauses and adjustments.
//!
//! * time is conserved: both sides' used time adds up to the time a clock ran;
//! * a side's time grows only by an increment, a new period or an adjustment (and, for a
//!   Bronstein delay, by the delay shown when its move starts);
//! * a Bronstein delay never gives back more than was used;
//! * a simple delay leaves the main time untouched for a move inside the delay;
//! * flags fall at the predicted millisecond, each once, and keep their order;
//! * time controls round-trip through their text form.
use proptest::prelude::*;
use rochade::clock::{
    Adjustment, Bonus, Clock, ClockEvent, ClockSettings, ClockState, Period, PeriodAddition,
    TimeControl,
};
use shakmaty::Color::{self, Black, White};

fn arb_bonus() -> impl Strategy<Value = Bonus> {
    prop_oneof![
        Just(Bonus::None),
        (1u64..30_000).prop_map(Bonus::Increment),
        (1u64..10_000).prop_map(Bonus::SimpleDelay),
        (1u64..10_000).prop_map(Bonus::Bronstein),
    ]
}

fn arb_period(moves: bool) -> impl Strategy<Value = Period> {
    let moves = if moves {
        (1u32..6).prop_map(Some).boxed()
    } else {
        prop_oneof![Just(None), (1u32..6).prop_map(Some)].boxed()
    };
    (moves, 1_000u64..120_000, arb_bonus()).prop_map(|(moves, base_ms, bonus)| Period {
        moves,
        base_ms,
        bonus,
    })
}

fn arb_tc() -> impl Strategy<Value = TimeControl> {
    (
        prop::collection::vec(arb_period(true), 0..3),
        arb_period(false),
    )
        .prop_map(|(mut first, last)| {
            first.push(last);
            TimeControl::new(first).unwrap_or_else(|e| panic!("{e}"))
        })
}

fn arb_settings() -> impl Strategy<Value = ClockSettings> {
    (
        prop_oneof![
            Just(PeriodAddition::AtMoveCount),
            Just(PeriodAddition::AtFlag),
            Just(PeriodAddition::AtMoveCountOrFlag)
        ],
        any::<bool>(),
        prop::collection::vec(1u64..120_000, 0..4),
    )
        .prop_map(|(period_addition, credit, warnings_ms)| ClockSettings {
            period_addition,
            increment_before_first_move: credit,
            warnings_ms,
            ..ClockSettings::default()
        })
}

#[derive(Debug, Clone)]
enum Op {
    Press,
    Poll,
    Pause,
    Resume,
    Adjust(Adjustment),
    Stop,
}

fn arb_side() -> impl Strategy<Value = Color> {
    prop_oneof![Just(White), Just(Black)]
}

fn arb_op() -> impl Strategy<Value = Op> {
    prop_oneof![
        10 => Just(Op::Press),
        6 => Just(Op::Poll),
        1 => Just(Op::Pause),
        1 => Just(Op::Resume),
        1 => (arb_side(), 0u64..100_000).prop_map(|(side, ms)| Op::Adjust(Adjustment::AddTime { side, ms })),
        1 => (arb_side(), 0u64..100_000).prop_map(|(side, ms)| Op::Adjust(Adjustment::RemoveTime { side, ms })),
        1 => (0u64..200_000, 0u64..200_000).prop_map(|(white_ms, black_ms)| Op::Adjust(Adjustment::SetTimes { white_ms, black_ms })),
        1 => (arb_side(), 0u32..12).prop_map(|(side, moves)| Op::Adjust(Adjustment::SetMoves { side, moves })),
        1 => arb_side().prop_map(|benefiting_side| Op::Adjust(Adjustment::IllegalMovePenalty { benefiting_side })),
        1 => Just(Op::Stop),
    ]
}

fn bronstein_max(tc: &TimeControl) -> u64 {
    tc.periods()
        .iter()
        .filter_map(|p| match p.bonus {
            Bonus::Bronstein(ms) => Some(ms),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn time_is_conserved_and_grows_only_by_increment_period_or_adjustment(
        tc in arb_tc(),
        settings in arb_settings(),
        ops in prop::collection::vec((0u64..40_000, arb_op()), 1..80),
    ) {
        let bronstein = bronstein_max(&tc);
        let mut clock = Clock::new(tc, settings);
        let start = clock.start(White, 0);
        prop_assert!(start.is_ok());
        let mut t = 0u64;
        let mut ran = 0u64;
        let mut last_event_at = 0u64;
        let mut after_last = clock.reading(0);
        for (delta, op) in ops {
            let was_running = matches!(clock.state(), ClockState::Running(_));
            t += delta;
            if was_running {
                ran += delta;
            }
            let before = clock.reading(t);
            // Time passing never raises a time (reading is a pure read, see its doc).
            for side in [White, Black] {
                prop_assert!(before.ms(side) <= after_last.ms(side));
            }
            let log_len = clock.adjustments().len();
            let mover = match clock.state() {
                ClockState::Running(side) => Some(side),
                _ => None,
            };
            let result = match &op {
                Op::Press => match mover {
                    Some(side) => clock.press(side, t),
                    None => Ok(clock.poll(t)),
                },
                Op::Poll => Ok(clock.poll(t)),
                Op::Pause => clock.pause(t),
                Op::Resume => clock.resume(t),
                Op::Adjust(a) => clock.adjust(*a, t),
                Op::Stop => Ok(clock.stop(t)),
            };
            let after = clock.reading(t);
            // Conservation: the sides' used time adds up to the time a clock ran.
            prop_assert_eq!(clock.used_ms(White, t) + clock.used_ms(Black, t), ran);
            prop_assert_eq!(clock.running_ms(t), ran);
            let events = match result {
                Ok(events) => events,
                Err(_) => {
                    // A refusal changes nothing.
                    prop_assert_eq!(after, before);
                    prop_assert_eq!(clock.adjustments().len(), log_len);
                    after_last = after;
                    continue;
                }
            };
            if let Op::Adjust(_) = op {
                prop_assert_eq!(clock.adjustments().len(), log_len + 1);
                after_last = after;
                for e in &events {
                    prop_assert!(e.at_ms() >= last_event_at && e.at_ms() <= t);
                    last_event_at = e.at_ms();
                }
                continue;
            }
            prop_assert_eq!(clock.adjustments().len(), log_len);
            for side in [White, Black] {
                let mut allowed = 0u64;
                for e in &events {
                    match *e {
                        ClockEvent::Moved { side: s, added_ms, .. } if s == side => allowed += added_ms,
                        ClockEvent::PeriodAdded { side: s, added_ms, .. } if s == side => allowed += added_ms,
                        _ => {}
                    }
                }
                if matches!(op, Op::Press) && mover == Some(side.other()) {
                    allowed += bronstein;
                }
                prop_assert!(
                    after.ms(side) <= before.ms(side) + allowed,
                    "{:?} grew from {} to {} with only {} allowed after {:?}: {:?}",
                    side, before.ms(side), after.ms(side), allowed, op, events
                );
            }
            for e in &events {
                prop_assert!(e.at_ms() >= last_event_at && e.at_ms() <= t, "{:?} out of order", e);
                last_event_at = e.at_ms();
            }
            after_last = after;
        }
        // Flags are kept in the order they fell.
        let flags = clock.flags();
        prop_assert!(flags.windows(2).all(|w| w[0].at_ms <= w[1].at_ms));
    }

    #[test]
    fn bronstein_never_gives_back_more_than_was_used(
        delay in 1u64..10_000,
        thinks in prop::collection::vec((0u64..20_000, 0u64..3, 0u64..5_000), 1..60),
    ) {
        let tc = TimeControl::new(vec![Period { moves: None, base_ms: 10_000_000, bonus: Bonus::Bronstein(delay) }])
            .unwrap_or_else(|e| panic!("{e}"));
        let mut clock = Clock::new(tc, ClockSettings::default());
        prop_assert!(clock.start(White, 0).is_ok());
        let mut t = 0;
        let mut side = White;
        let mut start_main = 10_000_000u64;
        for (think, pauses, pause_len) in thinks {
            // Think, with some pauses in between (they do not count).
            for _ in 0..pauses {
                t += think / 4;
                prop_assert!(clock.pause(t).is_ok());
                t += pause_len;
                prop_assert!(clock.resume(t).is_ok());
            }
            t += think - pauses * (think / 4);
            let events = clock.press(side, t).unwrap_or_else(|e| panic!("{e}"));
            let Some(&ClockEvent::Moved { move_ms, delay_used_ms, remaining_ms, .. }) = events.first() else {
                panic!("no Moved event: {events:?}");
            };
            prop_assert_eq!(move_ms, think);
            prop_assert!(delay_used_ms <= move_ms && delay_used_ms <= delay);
            prop_assert_eq!(delay_used_ms, move_ms.min(delay));
            // Never ends a move above the time it began with; loses exactly what passed the delay.
            prop_assert!(remaining_ms <= start_main);
            prop_assert_eq!(start_main - remaining_ms, move_ms.saturating_sub(delay));
            side = side.other();
            start_main = clock.reading(t).ms(side).saturating_sub(delay);
        }
    }

    #[test]
    fn simple_delay_leaves_the_main_time_untouched_inside_the_delay(
        delay in 1u64..10_000,
        thinks in prop::collection::vec(0u64..20_000, 1..60),
    ) {
        let tc = TimeControl::new(vec![Period { moves: None, base_ms: 10_000_000, bonus: Bonus::SimpleDelay(delay) }])
            .unwrap_or_else(|e| panic!("{e}"));
        let mut clock = Clock::new(tc, ClockSettings::default());
        prop_assert!(clock.start(White, 0).is_ok());
        let mut t = 0;
        let mut side = White;
        for think in thinks {
            let main_before = clock.reading(t).ms(side);
            t += think;
            // While the delay runs, the main time stands still.
            if think <= delay {
                prop_assert_eq!(clock.reading(t).ms(side), main_before);
            }
            prop_assert!(clock.press(side, t).is_ok());
            let main_after = clock.reading(t).ms(side);
            if think <= delay {
                prop_assert_eq!(main_after, main_before);
            } else {
                prop_assert_eq!(main_before - main_after, think - delay);
            }
            side = side.other();
        }
    }

    #[test]
    fn flags_fall_at_the_predicted_ms_in_order(
        base in 1_000u64..60_000,
        thinks in prop::collection::vec((0u64..30_000, 0u64..5), 1..40),
    ) {
        let tc = TimeControl::new(vec![Period { moves: None, base_ms: base, bonus: Bonus::None }])
            .unwrap_or_else(|e| panic!("{e}"));
        let mut clock = Clock::new(tc, ClockSettings::default());
        prop_assert!(clock.start(White, 0).is_ok());
        let mut remaining = [base, base];
        let mut predicted: Vec<(Color, u64)> = Vec::new();
        let mut reported: Vec<(Color, u64)> = Vec::new();
        let mut t = 0;
        let mut side = White;
        for (think, polls) in thinks {
            let i = usize::from(side == Black);
            if remaining[i] > 0 && think >= remaining[i] {
                predicted.push((side, t + remaining[i]));
            }
            // Polls at uneven moments during the move.
            for k in 1..=polls {
                for e in clock.poll(t + think * k / (polls + 1)) {
                    if let ClockEvent::Flag { side, at_ms, .. } = e {
                        reported.push((side, at_ms));
                    }
                }
            }
            remaining[i] = remaining[i].saturating_sub(think);
            t += think;
            for e in clock.press(side, t).unwrap_or_else(|e| panic!("{e}")) {
                if let ClockEvent::Flag { side, at_ms, .. } = e {
                    reported.push((side, at_ms));
                }
            }
            side = side.other();
        }
        prop_assert_eq!(&reported, &predicted);
        let kept: Vec<(Color, u64)> = clock.flags().iter().map(|f| (f.side, f.at_ms)).collect();
        prop_assert_eq!(&kept, &predicted);
        prop_assert!(predicted.windows(2).all(|w| w[0].1 <= w[1].1));
    }

    #[test]
    fn the_increment_is_credited_before_move_1_when_set(
        base in 1_000u64..10_000_000,
        inc in 0u64..60_000,
        credit in any::<bool>(),
    ) {
        let bonus = if inc == 0 { Bonus::None } else { Bonus::Increment(inc) };
        let tc = TimeControl::new(vec![Period { moves: None, base_ms: base, bonus }])
            .unwrap_or_else(|e| panic!("{e}"));
        let settings = ClockSettings { increment_before_first_move: credit, ..ClockSettings::default() };
        let clock = Clock::new(tc, settings);
        let expected = if credit { base + inc } else { base };
        prop_assert_eq!(clock.reading(0).white_ms, expected);
        prop_assert_eq!(clock.reading(0).black_ms, expected);
    }

    #[test]
    fn time_controls_round_trip_through_text_and_json(tc in arb_tc()) {
        let text = tc.to_string();
        let back: TimeControl = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        prop_assert_eq!(&back, &tc);
        let json = serde_json::to_string(&tc).unwrap_or_default();
        let back: TimeControl = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        prop_assert_eq!(back, tc);
    }

    #[test]
    fn any_text_parses_or_is_refused_with_the_expected_form(text in "[0-9/+:db.*?x -]{0,20}") {
        match text.parse::<TimeControl>() {
            Ok(tc) => {
                let again: TimeControl = tc.to_string().parse().unwrap_or_else(|e| panic!("{e}"));
                prop_assert_eq!(again, tc);
            }
            Err(e) => prop_assert!(e.to_string().contains("40/5400+30:1800+30")),
        }
    }
}
