//! Unit tests of the clock model: each FIDE/DGT rule with values worked out by hand.
use rochade::clock::{
    Adjustment, Clock, ClockError, ClockEvent, ClockSettings, ClockState, DEFAULT_WARNINGS_MS,
    PeriodAddition, PeriodTrigger, Speed, TimeControl,
};
use rochade::rules::RulesEdition;
use shakmaty::Color::{self, Black, White};

fn tc(text: &str) -> TimeControl {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn clock(text: &str) -> Clock {
    Clock::new(tc(text), ClockSettings::default())
}

fn clock_with(text: &str, settings: ClockSettings) -> Clock {
    Clock::new(tc(text), settings)
}

fn ok(result: Result<Vec<ClockEvent>, ClockError>) -> Vec<ClockEvent> {
    result.unwrap_or_else(|e| panic!("{e}"))
}

fn times(clock: &Clock, now: u64) -> (u64, u64) {
    let r = clock.reading(now);
    (r.white_ms, r.black_ms)
}

/// Plays `n` full moves: White thinks `w` ms, Black `b` ms each; returns the time after.
fn play(clock: &mut Clock, from: u64, n: u32, w: u64, b: u64) -> u64 {
    let mut t = from;
    for _ in 0..n {
        t += w;
        ok(clock.press(White, t));
        t += b;
        ok(clock.press(Black, t));
    }
    t
}

#[test]
fn increment_is_credited_before_move_1_and_added_with_each_press() {
    let mut c = clock("5400+30");
    assert_eq!(times(&c, 0), (5_430_000, 5_430_000));
    ok(c.start(White, 0));
    let events = ok(c.press(White, 20_000));
    assert_eq!(
        events,
        vec![ClockEvent::Moved {
            side: White,
            at_ms: 20_000,
            moves: 1,
            move_ms: 20_000,
            delay_used_ms: 0,
            added_ms: 30_000,
            remaining_ms: 5_440_000,
        }]
    );
    assert_eq!(times(&c, 20_000), (5_440_000, 5_430_000));
    assert_eq!(times(&c, 25_000), (5_440_000, 5_425_000));
}

#[test]
fn without_the_credit_before_move_1_the_increment_comes_after_each_move() {
    let settings = ClockSettings {
        increment_before_first_move: false,
        ..ClockSettings::default()
    };
    let mut c = clock_with("5400+30", settings);
    assert_eq!(times(&c, 0), (5_400_000, 5_400_000));
    ok(c.start(White, 0));
    ok(c.press(White, 20_000));
    assert_eq!(times(&c, 20_000), (5_410_000, 5_400_000));
}

#[test]
fn the_second_period_is_added_when_move_40_is_completed() {
    let mut c = clock("40/5400+30:1800+30");
    ok(c.start(White, 0));
    // 39 moves each: White 60 s, Black 45 s a move.
    let t = play(&mut c, 0, 39, 60_000, 45_000);
    assert_eq!(
        times(&c, t),
        (5_430_000 - 39 * 30_000, 5_430_000 - 39 * 15_000)
    );
    assert_eq!(c.moves_to_next_control(White), Some(1));
    let events = ok(c.press(White, t + 60_000));
    assert!(events.contains(&ClockEvent::PeriodAdded {
        side: White,
        at_ms: t + 60_000,
        period: 2,
        added_ms: 1_800_000,
        trigger: PeriodTrigger::MoveCount,
    }));
    // 5 430 000 − 40 × 30 000 + 1 800 000
    assert_eq!(c.reading(t + 60_000).white_ms, 6_030_000);
    assert_eq!(c.period(White), 2);
    assert_eq!(c.period(Black), 1);
    assert_eq!(c.moves_to_next_control(White), None);
    assert_eq!(c.moves_completed(White), 40);
}

#[test]
fn a_new_periods_increment_is_credited_for_its_first_move() {
    // Credit before each move: the press completing move 40 credits move 41, from period 2.
    let mut c = clock("40/600+10:300+20");
    ok(c.start(White, 0));
    let t = play(&mut c, 0, 39, 1_000, 1_000);
    ok(c.press(White, t + 1_000));
    // 610 000 − 40 × 1 000 + 39 × 10 000 + 300 000 + 20 000
    assert_eq!(c.reading(t + 1_000).white_ms, 1_280_000);
    // Credit after each move: the press completing move 40 gets period 1's increment.
    let settings = ClockSettings {
        increment_before_first_move: false,
        ..ClockSettings::default()
    };
    let mut c = clock_with("40/600+10:300+20", settings);
    ok(c.start(White, 0));
    let t = play(&mut c, 0, 39, 1_000, 1_000);
    ok(c.press(White, t + 1_000));
    // 600 000 − 40 × 1 000 + 40 × 10 000 + 300 000
    assert_eq!(c.reading(t + 1_000).white_ms, 1_260_000);
}

#[test]
fn with_the_dgt_setting_the_next_period_comes_at_the_flag() {
    let settings = ClockSettings {
        period_addition: PeriodAddition::AtFlag,
        ..ClockSettings::default()
    };
    let mut c = clock_with("40/60:60", settings);
    ok(c.start(White, 0));
    let events = c.poll(200_000);
    assert_eq!(
        events,
        vec![
            ClockEvent::Flag {
                side: White,
                at_ms: 60_000,
                period: 1,
                final_period: false,
                moves_done: false
            },
            ClockEvent::PeriodAdded {
                side: White,
                at_ms: 60_000,
                period: 2,
                added_ms: 60_000,
                trigger: PeriodTrigger::Flag
            },
            ClockEvent::Flag {
                side: White,
                at_ms: 120_000,
                period: 2,
                final_period: true,
                moves_done: false
            },
        ]
    );
    assert_eq!(c.reading(200_000).white_ms, 0);
}

#[test]
fn a_flag_with_the_moves_done_says_so() {
    let settings = ClockSettings {
        period_addition: PeriodAddition::AtFlag,
        ..ClockSettings::default()
    };
    let mut c = clock_with("2/10:10", settings);
    ok(c.start(White, 0));
    ok(c.press(White, 1_000));
    ok(c.press(Black, 2_000));
    ok(c.press(White, 3_000)); // White's 2 moves done; no time added (at the flag only)
    ok(c.press(Black, 4_000));
    assert_eq!(times(&c, 4_000), (8_000, 8_000));
    let events = c.poll(13_000);
    assert_eq!(
        events[0],
        ClockEvent::Flag {
            side: White,
            at_ms: 12_000,
            period: 1,
            final_period: false,
            moves_done: true
        }
    );
    assert_eq!(c.reading(13_000).white_ms, 9_000);
}

#[test]
fn move_count_or_flag_adds_at_the_flag_when_the_moves_are_not_done() {
    let settings = ClockSettings {
        period_addition: PeriodAddition::AtMoveCountOrFlag,
        ..ClockSettings::default()
    };
    let mut c = clock_with("2/10:10", settings);
    ok(c.start(White, 0));
    ok(c.press(White, 1_000));
    ok(c.press(Black, 2_000));
    // White's second move: the flag falls at 2 000 + 9 000 with one move done.
    let events = c.poll(12_000);
    assert!(matches!(
        events[0],
        ClockEvent::Flag {
            side: White,
            at_ms: 11_000,
            moves_done: false,
            ..
        }
    ));
    assert!(matches!(
        events[1],
        ClockEvent::PeriodAdded {
            side: White,
            added_ms: 10_000,
            trigger: PeriodTrigger::Flag,
            ..
        }
    ));
    // The move count then adds nothing more: period 2 is already given.
    let events = ok(c.press(White, 12_000));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, ClockEvent::PeriodAdded { .. }))
    );
    assert_eq!(c.reading(12_000).white_ms, 9_000);
}

#[test]
fn in_move_count_mode_a_flag_in_a_non_final_period_adds_nothing() {
    let mut c = clock("40/60:60");
    ok(c.start(White, 0));
    let events = c.poll(200_000);
    assert_eq!(events.len(), 1);
    assert!(matches!(
        events[0],
        ClockEvent::Flag {
            side: White,
            at_ms: 60_000,
            final_period: false,
            moves_done: false,
            ..
        }
    ));
    assert_eq!(c.reading(200_000).white_ms, 0);
}

#[test]
fn nothing_is_added_after_the_final_periods_flag() {
    let mut c = clock("60+5");
    ok(c.start(White, 0));
    let events = c.poll(70_000);
    assert!(matches!(
        events[..],
        [ClockEvent::Flag {
            side: White,
            at_ms: 65_000,
            final_period: true,
            ..
        }]
    ));
    let events = ok(c.press(White, 80_000));
    assert!(matches!(
        events[..],
        [ClockEvent::Moved {
            side: White,
            added_ms: 0,
            remaining_ms: 0,
            ..
        }]
    ));
    assert_eq!(times(&c, 80_000), (0, 65_000));
    // Black moves, White runs again: no new flag, still nothing added.
    ok(c.press(Black, 81_000));
    assert!(c.poll(90_000).is_empty());
    ok(c.press(White, 90_000));
    assert_eq!(c.reading(90_000).white_ms, 0);
    assert_eq!(c.flags().len(), 1);
}

#[test]
fn a_flag_is_reported_at_its_exact_ms_however_late_the_poll() {
    let mut c = clock("60+0");
    ok(c.start(White, 0));
    assert!(c.poll(59_999).is_empty());
    let events = c.poll(1_000_000);
    assert!(matches!(
        events[..],
        [ClockEvent::Flag { at_ms: 60_000, .. }]
    ));
    assert!(c.poll(2_000_000).is_empty(), "a flag is reported once");
    assert_eq!(c.flags()[0].at_ms, 60_000);
}

#[test]
fn a_flag_at_the_same_ms_as_the_press_counts() {
    let mut c = clock("60+0");
    ok(c.start(White, 0));
    let events = ok(c.press(White, 60_000));
    assert!(matches!(
        events[0],
        ClockEvent::Flag {
            side: White,
            at_ms: 60_000,
            ..
        }
    ));
}

#[test]
fn both_flags_keep_their_order() {
    let mut c = clock("60+0");
    ok(c.start(White, 0));
    c.poll(70_000);
    ok(c.press(White, 80_000));
    let events = c.poll(200_000);
    assert!(matches!(
        events[..],
        [ClockEvent::Flag {
            side: Black,
            at_ms: 140_000,
            ..
        }]
    ));
    let order: Vec<(Color, u64)> = c.flags().iter().map(|f| (f.side, f.at_ms)).collect();
    assert_eq!(order, vec![(White, 60_000), (Black, 140_000)]);
}

#[test]
fn simple_delay_leaves_the_main_time_untouched_inside_the_delay() {
    let mut c = clock("60d5");
    ok(c.start(White, 0));
    assert_eq!(c.reading(2_000).delay_left_ms, 3_000);
    let events = ok(c.press(White, 3_000));
    assert!(matches!(
        events[..],
        [ClockEvent::Moved {
            move_ms: 3_000,
            delay_used_ms: 3_000,
            added_ms: 0,
            remaining_ms: 60_000,
            ..
        }]
    ));
    assert_eq!(c.reading(5_000).black_ms, 60_000);
    assert_eq!(c.reading(5_000).delay_left_ms, 3_000);
    ok(c.press(Black, 10_000)); // 7 s: 2 s beyond the delay
    assert_eq!(times(&c, 10_000), (60_000, 58_000));
    // White flags after the delay and the whole main time.
    let events = c.poll(100_000);
    assert!(matches!(
        events[..],
        [ClockEvent::Flag {
            side: White,
            at_ms: 75_000,
            ..
        }]
    ));
}

#[test]
fn bronstein_delay_shows_the_delay_and_never_gives_back_more_than_used() {
    let mut c = clock("60b5");
    ok(c.start(White, 0));
    assert_eq!(c.reading(0).white_ms, 65_000);
    assert_eq!(c.reading(2_000).white_ms, 63_000);
    let events = ok(c.press(White, 3_000));
    assert!(matches!(
        events[..],
        [ClockEvent::Moved {
            move_ms: 3_000,
            delay_used_ms: 3_000,
            remaining_ms: 60_000,
            ..
        }]
    ));
    assert_eq!(times(&c, 3_000), (60_000, 65_000));
    ok(c.press(Black, 10_000)); // 7 s: 5 s given back, 2 s lost
    assert_eq!(times(&c, 10_000), (65_000, 58_000));
    let events = c.poll(100_000);
    assert!(matches!(
        events[..],
        [ClockEvent::Flag {
            side: White,
            at_ms: 75_000,
            ..
        }]
    ));
}

#[test]
fn pause_and_resume_keep_the_time_and_the_delay() {
    let mut c = clock("60+0");
    ok(c.start(White, 0));
    ok(c.pause(10_000));
    assert_eq!(c.state(), ClockState::Paused(White));
    let r = c.reading(30_000);
    assert_eq!((r.white_ms, r.running, r.paused), (50_000, None, true));
    assert!(c.poll(500_000).is_empty(), "no flag while paused");
    ok(c.resume(500_000));
    assert_eq!(c.reading(510_000).white_ms, 40_000);
    assert_eq!(c.used_ms(White, 510_000), 20_000);
    assert_eq!(c.running_ms(510_000), 20_000);

    let mut c = clock("60d5");
    ok(c.start(White, 0));
    ok(c.pause(3_000));
    ok(c.resume(10_000));
    assert_eq!(c.reading(10_500).delay_left_ms, 1_500);
    ok(c.press(White, 11_000)); // 4 s of move time: inside the delay
    assert_eq!(c.reading(11_000).white_ms, 60_000);
}

#[test]
fn stop_freezes_the_clock() {
    let mut c = clock("60+0");
    ok(c.start(White, 0));
    c.stop(10_000);
    assert_eq!(c.state(), ClockState::Stopped);
    assert_eq!(c.reading(50_000).white_ms, 50_000);
    assert_eq!(c.press(White, 60_000), Err(ClockError::Stopped));
    assert!(c.poll(100_000).is_empty());
    assert!(c.stop(100_000).is_empty());
}

#[test]
fn refusals_leave_the_clock_as_it_was() {
    let mut c = clock("60+0");
    assert_eq!(c.pause(0), Err(ClockError::NotStarted));
    assert_eq!(c.resume(0), Err(ClockError::NotPaused));
    ok(c.start(White, 0));
    assert_eq!(
        c.start(White, 1),
        Err(ClockError::AlreadyRunning { running: White })
    );
    assert_eq!(
        c.press(Black, 1_000),
        Err(ClockError::OtherSideRunning {
            side: Black,
            running: White
        })
    );
    assert_eq!(c.resume(1_000), Err(ClockError::NotPaused));
    ok(c.pause(2_000));
    assert!(ok(c.pause(2_500)).is_empty(), "pausing twice does nothing");
    assert_eq!(c.press(White, 3_000), Err(ClockError::Paused));
    assert_eq!(c.start(Black, 3_000), Err(ClockError::Paused));
    assert_eq!(c.moves_completed(White), 0);
    assert_eq!(c.reading(3_000).white_ms, 58_000);
    let message = ClockError::OtherSideRunning {
        side: Black,
        running: White,
    }
    .to_string();
    assert_eq!(
        message,
        "white's clock is running, so black cannot complete a move"
    );
}

#[test]
fn the_first_move_can_start_the_opponents_clock() {
    let mut c = clock("5400+30");
    ok(c.press(White, 5_000));
    assert_eq!(c.state(), ClockState::Running(Black));
    assert_eq!(c.moves_completed(White), 1);
    assert_eq!(times(&c, 6_000), (5_460_000, 5_429_000));
}

#[test]
fn time_never_runs_backwards() {
    let mut c = clock("60+0");
    ok(c.start(White, 0));
    ok(c.press(White, 10_000));
    assert!(c.poll(5_000).is_empty());
    assert_eq!(times(&c, 5_000), times(&c, 10_000));
    ok(c.press(Black, 9_000)); // counts as 10 000: no time used
    assert_eq!(times(&c, 10_000), (50_000, 60_000));
}

#[test]
fn adjustments_are_applied_and_logged() {
    let mut c = clock("40/5400+30:1800+30");
    ok(c.start(White, 0));
    ok(c.adjust(
        Adjustment::AddTime {
            side: Black,
            ms: 60_000,
        },
        1_000,
    ));
    assert_eq!(times(&c, 1_000), (5_429_000, 5_490_000));
    ok(c.adjust(
        Adjustment::RemoveTime {
            side: White,
            ms: 10_000,
        },
        2_000,
    ));
    assert_eq!(times(&c, 2_000), (5_418_000, 5_490_000));
    ok(c.adjust(
        Adjustment::SetTimes {
            white_ms: 100_000,
            black_ms: 200_000,
        },
        3_000,
    ));
    assert_eq!(times(&c, 4_000), (99_000, 200_000));
    ok(c.adjust(
        Adjustment::SetMoves {
            side: White,
            moves: 39,
        },
        5_000,
    ));
    assert_eq!(c.moves_completed(White), 39);
    assert_eq!(c.moves_to_next_control(White), Some(1));
    ok(c.adjust(
        Adjustment::IllegalMovePenalty {
            benefiting_side: Black,
        },
        6_000,
    ));
    assert_eq!(times(&c, 6_000), (97_000, 320_000));

    let log = c.adjustments();
    assert_eq!(log.len(), 5);
    assert_eq!(log[0].at_ms, 1_000);
    assert_eq!(
        log[0].adjustment,
        Adjustment::AddTime {
            side: Black,
            ms: 60_000
        }
    );
    assert_eq!(
        (log[0].before.black_ms, log[0].after.black_ms),
        (5_430_000, 5_490_000)
    );
    assert_eq!(
        (log[2].before.white_ms, log[2].after.white_ms),
        (5_417_000, 100_000)
    );
    assert_eq!(
        (log[4].before.black_ms, log[4].after.black_ms),
        (200_000, 320_000)
    );
    // The log serializes for the journal.
    let json = serde_json::to_string(&log[4].adjustment).unwrap_or_default();
    assert_eq!(
        json,
        r#"{"kind":"illegal_move_penalty","benefiting_side":"black"}"#
    );

    // White's 40th move now reaches the control and brings the second period.
    let events = ok(c.press(White, 7_000));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, ClockEvent::PeriodAdded { period: 2, .. }))
    );
}

#[test]
fn set_moves_past_a_control_adds_no_time_and_no_later_period() {
    let mut c = clock("40/5400+30:1800+30");
    ok(c.start(White, 0));
    ok(c.adjust(
        Adjustment::SetMoves {
            side: White,
            moves: 40,
        },
        0,
    ));
    assert_eq!(c.reading(0).white_ms, 5_430_000);
    assert_eq!(c.period(White), 2);
    let events = ok(c.press(White, 1_000));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, ClockEvent::PeriodAdded { .. }))
    );
}

#[test]
fn removing_time_from_the_running_side_can_drop_its_flag_at_once() {
    let mut c = clock("60+0");
    ok(c.start(White, 0));
    let events = ok(c.adjust(
        Adjustment::RemoveTime {
            side: White,
            ms: 100_000,
        },
        10_000,
    ));
    assert!(matches!(
        events[..],
        [ClockEvent::Flag {
            side: White,
            at_ms: 10_000,
            ..
        }]
    ));
    // The arbiter gives time back: the clock runs on and can flag again.
    ok(c.adjust(
        Adjustment::AddTime {
            side: White,
            ms: 5_000,
        },
        11_000,
    ));
    let events = c.poll(20_000);
    assert!(matches!(
        events[..],
        [ClockEvent::Flag {
            side: White,
            at_ms: 16_000,
            ..
        }]
    ));
}

#[test]
fn illegal_move_penalty_by_edition_and_speed() {
    let cases: &[(&str, RulesEdition, Option<u64>)] = &[
        ("5400+30", RulesEdition::Fide2018, Some(120_000)),
        ("900+10", RulesEdition::Fide2018, Some(120_000)),
        ("180+2", RulesEdition::Fide2018, Some(60_000)),
        ("180+2", RulesEdition::Fide2014, Some(60_000)),
        ("180+2", RulesEdition::Fide2009, None),
        ("180+2", RulesEdition::Fide2005, None),
        ("900+10", RulesEdition::Fide2005, Some(120_000)),
        // 10 min + 5 s: rapid from 2005 (15 min by the 60× rule), blitz in 2001 (base only)
        ("600+5", RulesEdition::Fide2005, Some(120_000)),
        ("600+5", RulesEdition::Fide2001, None),
        ("5400+30", RulesEdition::Fide2001, Some(120_000)),
    ];
    for (control, rules, expected) in cases {
        let settings = ClockSettings {
            rules: *rules,
            ..ClockSettings::default()
        };
        let mut c = clock_with(control, settings);
        let before = c.reading(0).white_ms;
        let result = c.adjust(
            Adjustment::IllegalMovePenalty {
                benefiting_side: White,
            },
            0,
        );
        match expected {
            Some(ms) => {
                assert!(result.is_ok(), "{control} {rules}");
                assert_eq!(c.reading(0).white_ms, before + ms, "{control} {rules}");
                assert_eq!(c.adjustments().len(), 1);
            }
            None => {
                let speed = tc(control).classify(*rules);
                assert_eq!(speed, Speed::Blitz);
                assert_eq!(
                    result,
                    Err(ClockError::NoTimePenalty {
                        rules: *rules,
                        speed
                    })
                );
                assert!(
                    c.adjustments().is_empty(),
                    "a refused penalty is not logged"
                );
            }
        }
    }
}

#[test]
fn warnings_come_once_at_their_exact_ms() {
    let settings = ClockSettings {
        warnings_ms: vec![30_000, 60_000],
        ..ClockSettings::default()
    };
    let mut c = clock_with("120+0", settings);
    ok(c.start(White, 0));
    let events = c.poll(100_000);
    assert_eq!(
        events,
        vec![
            ClockEvent::Warning {
                side: White,
                at_ms: 60_000,
                threshold_ms: 60_000,
                remaining_ms: 60_000
            },
            ClockEvent::Warning {
                side: White,
                at_ms: 90_000,
                threshold_ms: 30_000,
                remaining_ms: 30_000
            },
        ]
    );
    assert!(c.poll(110_000).is_empty());
}

#[test]
fn warnings_rearm_after_a_new_period_but_not_after_an_increment() {
    let settings = ClockSettings {
        warnings_ms: vec![60_000],
        ..ClockSettings::default()
    };
    let mut c = clock_with("2/100:100", settings.clone());
    ok(c.start(White, 0));
    assert_eq!(c.poll(45_000).len(), 1); // at 40 000
    ok(c.press(White, 45_000));
    ok(c.press(Black, 46_000));
    ok(c.press(White, 47_000)); // move 2: +100 000 → 154 000
    ok(c.press(Black, 48_000));
    let events = c.poll(150_000);
    assert_eq!(
        events,
        vec![ClockEvent::Warning {
            side: White,
            at_ms: 142_000,
            threshold_ms: 60_000,
            remaining_ms: 60_000
        }]
    );

    let mut c = clock_with("120+40", settings);
    ok(c.start(White, 0));
    assert_eq!(c.poll(100_000).len(), 1); // 160 000 − 100 000 = 60 000
    ok(c.press(White, 100_000)); // back to 100 000 by the increment
    ok(c.press(Black, 100_000));
    assert!(c.poll(150_000).is_empty());
    assert_eq!(c.reading(150_000).white_ms, 50_000);
}

#[test]
fn default_warnings_are_the_talking_clock_ones_and_off_by_default() {
    assert_eq!(
        DEFAULT_WARNINGS_MS,
        [600_000, 300_000, 60_000, 30_000, 10_000]
    );
    assert!(ClockSettings::default().warnings_ms.is_empty());
    let settings = ClockSettings {
        warnings_ms: DEFAULT_WARNINGS_MS.to_vec(),
        ..ClockSettings::default()
    };
    let mut c = clock_with("180+0", settings);
    ok(c.start(White, 0));
    let thresholds: Vec<u64> = c
        .poll(200_000)
        .iter()
        .filter_map(|e| match e {
            ClockEvent::Warning { threshold_ms, .. } => Some(*threshold_ms),
            _ => None,
        })
        .collect();
    // 10 and 5 minutes are above the 3 minutes the game starts with: not given.
    assert_eq!(thresholds, vec![60_000, 30_000, 10_000]);
}

#[test]
fn an_untimed_game_counts_the_time_used() {
    let mut c = clock("-");
    ok(c.start(White, 0));
    ok(c.press(White, 10_000));
    let r = c.reading(15_000);
    assert!(r.untimed);
    assert_eq!((r.white_ms, r.black_ms), (10_000, 5_000));
    assert!(c.poll(10_000_000).is_empty());
    assert_eq!(
        c.adjust(Adjustment::AddTime { side: White, ms: 1 }, 20_000),
        Err(ClockError::Untimed)
    );
    assert_eq!(c.moves_to_next_control(White), None);
}

#[test]
fn a_repeating_last_period_keeps_adding() {
    let mut c = clock("2/100:1/50");
    ok(c.start(White, 0));
    let t = play(&mut c, 0, 2, 1_000, 1_000);
    assert_eq!(c.reading(t).white_ms, 148_000);
    ok(c.press(White, t + 1_000));
    assert_eq!(c.reading(t + 1_000).white_ms, 197_000);
    assert_eq!(c.period(White), 3);
    assert_eq!(c.moves_to_next_control(White), Some(1));
}

#[test]
fn events_and_readings_serialize_for_the_journal() {
    let flag = ClockEvent::Flag {
        side: Black,
        at_ms: 705_000,
        period: 1,
        final_period: false,
        moves_done: false,
    };
    let json = serde_json::to_string(&flag).unwrap_or_default();
    assert_eq!(
        json,
        r#"{"event":"flag","side":"black","at_ms":705000,"period":1,"final_period":false,"moves_done":false}"#
    );
    let back: ClockEvent = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, flag);
    let mut c = clock("300+2");
    ok(c.start(White, 0));
    let json = serde_json::to_value(c.reading(1_000)).unwrap_or_default();
    assert_eq!(json["running"], "white");
    assert_eq!(json["white_ms"], 301_000);
}

#[test]
fn settings_read_from_json_with_defaults() {
    let settings: ClockSettings = serde_json::from_str(
        r#"{"rules":"fide-2014","period_addition":"at-flag","warnings_ms":[600000]}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(settings.rules, RulesEdition::Fide2014);
    assert_eq!(settings.period_addition, PeriodAddition::AtFlag);
    assert_eq!(settings.warnings_ms, vec![600_000]);
    assert!(settings.increment_before_first_move);
    let empty: ClockSettings = serde_json::from_str("{}").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(empty, ClockSettings::default());
}

#[test]
fn an_event_caused_by_an_adjustment_is_dated_at_the_adjustment() {
    let settings = ClockSettings {
        warnings_ms: vec![60_000],
        ..ClockSettings::default()
    };
    let mut c = clock_with("120+0", settings);
    ok(c.start(White, 0));
    // At 10 000 White has 110 000; taking 55 000 leaves 55 000, below the threshold. The
    // warning is due at once, not at the (past) moment 55 000 would have been crossed.
    let events = ok(c.adjust(
        Adjustment::RemoveTime {
            side: White,
            ms: 55_000,
        },
        10_000,
    ));
    assert_eq!(
        events,
        vec![ClockEvent::Warning {
            side: White,
            at_ms: 10_000,
            threshold_ms: 60_000,
            remaining_ms: 55_000
        }]
    );
}

#[test]
fn a_clock_left_running_for_years_adds_its_periods_at_once_and_ends_where_steps_end() {
    let settings = ClockSettings {
        period_addition: PeriodAddition::AtFlag,
        ..ClockSettings::default()
    };
    // Two periods, then the last repeats: 40 moves in 100 s, then 20 in 30 s, again and again.
    let stepped_to = 12_345_678;
    let mut stepped = clock_with("40/100:20/30", settings.clone());
    let mut jumped = clock_with("40/100:20/30", settings.clone());
    ok(stepped.start(White, 0));
    ok(jumped.start(White, 0));
    let mut flags = 0;
    for t in (0..=stepped_to).step_by(700) {
        flags += stepped
            .poll(t)
            .iter()
            .filter(|e| matches!(e, ClockEvent::Flag { .. }))
            .count();
    }
    flags += stepped
        .poll(stepped_to)
        .iter()
        .filter(|e| matches!(e, ClockEvent::Flag { .. }))
        .count();
    let events = jumped.poll(stepped_to);
    // Stepping sees every flag; the jump reports the first ones and the last, not each.
    assert_eq!(flags, 1 + (stepped_to as usize - 100_000) / 30_000);
    assert!(events.len() <= 8, "{events:?}");
    assert_eq!(
        events.first(),
        Some(&ClockEvent::Flag {
            side: White,
            at_ms: 100_000,
            period: 1,
            final_period: false,
            moves_done: false
        })
    );
    // Both clocks show the same time, and go on alike after White's move.
    assert_eq!(times(&stepped, stepped_to), times(&jumped, stepped_to));
    ok(stepped.press(White, stepped_to + 500));
    ok(jumped.press(White, stepped_to + 500));
    assert_eq!(
        times(&stepped, stepped_to + 9_000),
        times(&jumped, stepped_to + 9_000)
    );
    // A jump of thirty thousand years is as quick, and the time shown is the last period's.
    let mut far = clock_with("40/100:20/30", settings);
    ok(far.start(White, 0));
    let at = 1_000_000_000_000_000;
    assert!(far.poll(at).len() <= 8);
    let shown = far.reading(at).white_ms;
    assert_eq!(shown, 30_000 - (at - 100_000) % 30_000);
}
