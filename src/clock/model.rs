//! The chess clock as a pure state machine: times go in with every call, events come out.
//! See the [`clock`](crate::clock) module doc for the rules it follows.
use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::control::{DelayKind, Speed, TimeControl, illegal_move_penalty_ms};
use super::{opt_side_serde, side_name, side_serde};
use crate::rules::RulesEdition;

/// When the next period's time is added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PeriodAddition {
    /// The moment the side completes the period's move count (FIDE 6.3.1: time saved carries
    /// over). The default.
    #[default]
    AtMoveCount,
    /// Only when the side's time runs out in a non-final period, as a DGT 3000 does (it has
    /// no move counter): mirror a DGT 3000 on the table with this. The flag is still reported,
    /// with whether the moves were done (FIDE 6.4). Unlike the DGT 3000, which adds to both
    /// sides at once, Rochade adds to the side whose time ran out.
    AtFlag,
    /// Whichever comes first: at the move count, or at the flag if the moves were not done.
    AtMoveCountOrFlag,
}

/// What set off a period addition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PeriodTrigger {
    MoveCount,
    Flag,
}

/// The warning thresholds a talking clock commonly uses: 10 min, 5 min, 1 min, 30 s, 10 s.
pub const DEFAULT_WARNINGS_MS: [u64; 5] = [600_000, 300_000, 60_000, 30_000, 10_000];

/// How the clock behaves where clocks and editions differ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ClockSettings {
    /// The rules edition: it decides the illegal-move penalty and the rapid/blitz class.
    pub rules: RulesEdition,
    /// When the next period's time is added.
    pub period_addition: PeriodAddition,
    /// Remaining times (ms) at which a [`ClockEvent::Warning`] is given; empty = no warnings,
    /// the tournament default (D.2.9.d: time only on request, unless the arbiter allows more).
    pub warnings_ms: Vec<u64>,
    /// Credit the first increment before move 1, as DGT clocks show it (90 min + 30 s starts
    /// at 1:30:30). Off: the increment comes only after each move.
    pub increment_before_first_move: bool,
}

impl Default for ClockSettings {
    fn default() -> Self {
        ClockSettings {
            rules: RulesEdition::default(),
            period_addition: PeriodAddition::default(),
            warnings_ms: Vec::new(),
            increment_before_first_move: true,
        }
    }
}

/// What happened on the clock, with the exact millisecond it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ClockEvent {
    /// A move was completed (the clock pressed).
    Moved {
        #[serde(with = "side_serde")]
        side: Color,
        at_ms: u64,
        /// Moves this side has completed, this one included.
        moves: u32,
        /// Time the move took on the clock (pauses excluded).
        move_ms: u64,
        /// The part of `move_ms` covered by a delay (not taken from the main time).
        delay_used_ms: u64,
        /// Increment credited with this press.
        added_ms: u64,
        /// The side's time after the press.
        remaining_ms: u64,
    },
    /// A new period's time was added ("time control reached, thirty minutes added").
    PeriodAdded {
        #[serde(with = "side_serde")]
        side: Color,
        at_ms: u64,
        /// The number of the period that begins (2 = the second period).
        period: u32,
        added_ms: u64,
        trigger: PeriodTrigger,
    },
    /// The side's time reached a warning threshold.
    Warning {
        #[serde(with = "side_serde")]
        side: Color,
        at_ms: u64,
        threshold_ms: u64,
        remaining_ms: u64,
    },
    /// The side's time ran out (FIDE 6.1: the flag fell).
    Flag {
        #[serde(with = "side_serde")]
        side: Color,
        at_ms: u64,
        /// The number of the period in which it fell.
        period: u32,
        /// Whether that period is the last (sudden death): nothing will be added any more.
        final_period: bool,
        /// Whether the side had completed the moves the period asks for (FIDE 6.4): then the
        /// flag does not lose. Always false in the final period.
        moves_done: bool,
    },
}

impl ClockEvent {
    /// The exact time of the event.
    pub fn at_ms(&self) -> u64 {
        match self {
            ClockEvent::Moved { at_ms, .. }
            | ClockEvent::PeriodAdded { at_ms, .. }
            | ClockEvent::Warning { at_ms, .. }
            | ClockEvent::Flag { at_ms, .. } => *at_ms,
        }
    }

    /// The side it concerns.
    pub fn side(&self) -> Color {
        match self {
            ClockEvent::Moved { side, .. }
            | ClockEvent::PeriodAdded { side, .. }
            | ClockEvent::Warning { side, .. }
            | ClockEvent::Flag { side, .. } => *side,
        }
    }
}

/// A flag that fell, as the clock keeps it: who, when to the millisecond, in which period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagRecord {
    #[serde(with = "side_serde")]
    pub side: Color,
    pub at_ms: u64,
    pub period: u32,
    pub final_period: bool,
    pub moves_done: bool,
}

/// Both clocks as displayed at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    /// White's remaining time, floored at zero (the flag time is kept in [`Clock::flags`]).
    /// For an untimed game: the time White has used.
    pub white_ms: u64,
    /// Black's, likewise.
    pub black_ms: u64,
    /// Whose clock runs now (`None` before the start, when paused or stopped).
    #[serde(with = "opt_side_serde")]
    pub running: Option<Color>,
    /// Whether the clock is paused.
    pub paused: bool,
    /// What is left of a simple delay on the current move (0 otherwise). A Bronstein delay is
    /// shown inside the time, as the DGT 3000 shows it.
    pub delay_left_ms: u64,
    /// An untimed game: the times are times used, counting up.
    pub untimed: bool,
}

impl ClockReading {
    /// The time of one side.
    pub fn ms(&self, side: Color) -> u64 {
        match side {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }
}

/// The clock's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockState {
    NotStarted,
    Running(Color),
    /// Paused; the side whose clock runs on resume.
    Paused(Color),
    Stopped,
}

/// An arbiter's correction of the clock (FIDE 6.10.2, 7.1, 7.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Adjustment {
    /// Give a side more time.
    AddTime {
        #[serde(with = "side_serde")]
        side: Color,
        ms: u64,
    },
    /// Take time from a side (never below zero).
    RemoveTime {
        #[serde(with = "side_serde")]
        side: Color,
        ms: u64,
    },
    /// Set both times.
    SetTimes { white_ms: u64, black_ms: u64 },
    /// Set a side's move counter. Adds no time: controls at or below the new count count as
    /// passed, and the arbiter sets the times himself.
    SetMoves {
        #[serde(with = "side_serde")]
        side: Color,
        moves: u32,
    },
    /// The illegal-move penalty for the opponent of the offender (FIDE 7.5.5 / 7.4.b, blitz
    /// B.2): the amount by rules edition and speed, see [`illegal_move_penalty_ms`].
    IllegalMovePenalty {
        #[serde(with = "side_serde")]
        benefiting_side: Color,
    },
    /// From now on every move of both sides adds this much (he Guidelines III.4: a 5-second
    /// increment granted in a quickplay finish).
    AddIncrement { ms: u64 },
}

/// One adjustment in the log: when, what, and both clocks before and after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdjustmentRecord {
    pub at_ms: u64,
    pub adjustment: Adjustment,
    pub before: ClockReading,
    pub after: ClockReading,
}

/// Why the clock refused a call. Nothing changed when this comes back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("the clock has been stopped: the game is over")]
    Stopped,
    #[error("the clock is paused: resume it first")]
    Paused,
    #[error("the clock has not been started yet")]
    NotStarted,
    #[error("the clock is not paused")]
    NotPaused,
    #[error("the clock is already running ({} to move)", side_name(*.running))]
    AlreadyRunning { running: Color },
    #[error("{}'s clock is running, so {} cannot complete a move", side_name(*.running), side_name(*.side))]
    OtherSideRunning { side: Color, running: Color },
    #[error(
        "the {rules} Laws give no time penalty for an illegal move in {speed} chess: the opponent claims the game instead"
    )]
    NoTimePenalty { rules: RulesEdition, speed: Speed },
    #[error("the game is untimed: there is no time to adjust")]
    Untimed,
}

#[derive(Debug, Clone)]
struct SideClock {
    /// Main time; for the side to move, the value at the start of the current move.
    main_ms: i64,
    /// Time this side's clock ran, settled segments only.
    used_ms: u64,
    moves: u32,
    /// Periods given so far (1 = only the first).
    granted: usize,
    /// The flag is down (until the time is positive again).
    flagged: bool,
    /// The flag fell in the final period: nothing more is added (FIDE equipment standard).
    expired: bool,
    /// Per warning threshold: not yet given since the time was last above it.
    armed: Vec<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    NotStarted,
    Running { since: u64 },
    Paused,
    Stopped,
}

/// The clock. All calls take `now_ms`, a monotonic game time in ms supplied by the caller; a
/// `now_ms` earlier than one already seen counts as the latest seen (the clock never runs
/// backwards).
#[derive(Debug, Clone)]
pub struct Clock {
    tc: TimeControl,
    settings: ClockSettings,
    /// Warning thresholds, largest first, no duplicates, none zero.
    thresholds: Vec<u64>,
    white: SideClock,
    black: SideClock,
    phase: Phase,
    to_move: Option<Color>,
    /// Time of the current move before the running segment (pauses excluded).
    move_elapsed_ms: u64,
    move_delay: (DelayKind, u64),
    last_now: u64,
    /// Total time a clock ran, settled segments only.
    ran_ms: u64,
    /// No event is dated before this: the time of the last adjustment, which may have moved
    /// a flag or a warning into the past.
    floor_ms: u64,
    flags: Vec<FlagRecord>,
    log: Vec<AdjustmentRecord>,
    /// An increment added during the game for both sides (he Guidelines III.4: the arbiter
    /// grants a player's request for a 5-second increment in a quickplay finish).
    extra_increment_ms: u64,
}

fn to_u64(ms: i64) -> u64 {
    u64::try_from(ms.max(0)).unwrap_or(0)
}

fn to_i64(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

impl Clock {
    /// A clock set to the time control, not yet started.
    pub fn new(tc: TimeControl, settings: ClockSettings) -> Clock {
        let mut thresholds: Vec<u64> = settings
            .warnings_ms
            .iter()
            .copied()
            .filter(|&t| t > 0)
            .collect();
        thresholds.sort_unstable_by(|a, b| b.cmp(a));
        thresholds.dedup();
        let initial = match tc.periods().first() {
            Some(first) => {
                let credit = if settings.increment_before_first_move {
                    first.bonus.increment_ms()
                } else {
                    0
                };
                to_i64(first.base_ms.saturating_add(credit))
            }
            None => 0,
        };
        let side = SideClock {
            main_ms: initial,
            used_ms: 0,
            moves: 0,
            granted: 1,
            flagged: false,
            expired: false,
            armed: thresholds.iter().map(|&t| to_i64(t) < initial).collect(),
        };
        Clock {
            tc,
            settings,
            thresholds,
            white: side.clone(),
            black: side,
            phase: Phase::NotStarted,
            to_move: None,
            move_elapsed_ms: 0,
            move_delay: (DelayKind::None, 0),
            last_now: 0,
            ran_ms: 0,
            floor_ms: 0,
            flags: Vec::new(),
            log: Vec::new(),
            extra_increment_ms: 0,
        }
    }

    /// The time control.
    pub fn time_control(&self) -> &TimeControl {
        &self.tc
    }

    /// The settings.
    pub fn settings(&self) -> &ClockSettings {
        &self.settings
    }

    /// The state: not started, running (whose), paused, stopped.
    pub fn state(&self) -> ClockState {
        match (self.phase, self.to_move) {
            (Phase::NotStarted, _) => ClockState::NotStarted,
            (Phase::Stopped, _) => ClockState::Stopped,
            (Phase::Running { .. }, Some(side)) => ClockState::Running(side),
            (Phase::Paused, Some(side)) => ClockState::Paused(side),
            // Running or paused always has a side to move.
            (Phase::Running { .. } | Phase::Paused, None) => ClockState::NotStarted,
        }
    }

    /// Every flag that fell, in the order they fell.
    pub fn flags(&self) -> &[FlagRecord] {
        &self.flags
    }

    /// Every adjustment, oldest first.
    pub fn adjustments(&self) -> &[AdjustmentRecord] {
        &self.log
    }

    /// Moves the side has completed.
    pub fn moves_completed(&self, side: Color) -> u32 {
        self.side(side).moves
    }

    /// Moves the side still has to make to reach the next time control; `None` when no control
    /// follows (sudden death).
    pub fn moves_to_next_control(&self, side: Color) -> Option<u32> {
        self.tc.moves_to_next_control(self.side(side).moves)
    }

    /// The number of the period the side is in (1 = the first).
    pub fn period(&self, side: Color) -> u32 {
        u32::try_from(self.side(side).granted).unwrap_or(u32::MAX)
    }

    /// Time the side's clock has run up to `now_ms` (pauses excluded).
    pub fn used_ms(&self, side: Color, now_ms: u64) -> u64 {
        let now = now_ms.max(self.last_now);
        let mut used = self.side(side).used_ms;
        if let (Phase::Running { since }, Some(running)) = (self.phase, self.to_move)
            && running == side
        {
            used += now.saturating_sub(since);
        }
        used
    }

    /// Time some clock ran up to `now_ms`: always `used_ms(White) + used_ms(Black)`.
    pub fn running_ms(&self, now_ms: u64) -> u64 {
        let now = now_ms.max(self.last_now);
        match self.phase {
            Phase::Running { since } => self.ran_ms + now.saturating_sub(since),
            _ => self.ran_ms,
        }
    }

    /// Both clocks at `now_ms`. A pure read: call [`Clock::poll`] first so that what happened
    /// up to `now_ms` (a period added at a flag) is in it.
    pub fn reading(&self, now_ms: u64) -> ClockReading {
        let now = now_ms.max(self.last_now);
        let untimed = self.tc.is_untimed();
        let time = |side: Color| {
            if untimed {
                self.used_ms(side, now)
            } else {
                to_u64(self.display_at(side, now))
            }
        };
        let running = match self.phase {
            Phase::Running { .. } => self.to_move,
            _ => None,
        };
        let delay_left_ms = match (self.to_move, self.move_delay.0) {
            (Some(side), DelayKind::Simple) if !matches!(self.phase, Phase::Stopped) => {
                self.delay_left_at(side, now)
            }
            _ => 0,
        };
        ClockReading {
            white_ms: time(Color::White),
            black_ms: time(Color::Black),
            running,
            paused: self.phase == Phase::Paused,
            delay_left_ms,
            untimed,
        }
    }

    /// Starts the given side's clock (White's at the start of the game, or whoever the arbiter
    /// says). Only before the clock has been started: a pause is ended with [`Clock::resume`].
    pub fn start(&mut self, side: Color, now_ms: u64) -> Result<Vec<ClockEvent>, ClockError> {
        let now = self.observe(now_ms);
        match self.state() {
            ClockState::NotStarted => {}
            ClockState::Stopped => return Err(ClockError::Stopped),
            ClockState::Paused(_) => return Err(ClockError::Paused),
            ClockState::Running(running) => return Err(ClockError::AlreadyRunning { running }),
        }
        self.begin_move(side);
        self.phase = Phase::Running { since: now };
        Ok(self.advance(now))
    }

    /// A made move is completed by `side`: its time stops (the delay is applied), the move is
    /// counted, the increment and a new period's time are added, and the other side's clock
    /// starts. Before the clock was started, this counts the move without time and starts the
    /// other side (the assistant starting the opponent's clock at the first made move).
    pub fn press(&mut self, side: Color, now_ms: u64) -> Result<Vec<ClockEvent>, ClockError> {
        let now = self.observe(now_ms);
        match self.state() {
            ClockState::NotStarted => {}
            ClockState::Stopped => return Err(ClockError::Stopped),
            ClockState::Paused(_) => return Err(ClockError::Paused),
            ClockState::Running(running) if running != side => {
                return Err(ClockError::OtherSideRunning { side, running });
            }
            ClockState::Running(_) => {}
        }
        let mut events = self.advance(now);
        self.settle_segment(now);
        let (move_ms, delay_ms) = if self.to_move == Some(side) {
            (self.move_elapsed_ms, self.move_delay.1)
        } else {
            (0, 0)
        };
        let charged = move_ms.saturating_sub(delay_ms);
        self.to_move = None;
        self.move_elapsed_ms = 0;
        let untimed = self.tc.is_untimed();
        let credit_before = self.settings.increment_before_first_move;
        // The increment belongs to the next move when it is credited before each move (DGT),
        // so a period that begins now brings its own; otherwise to the move just completed.
        let mut period_events = Vec::new();
        let mut added = 0;
        {
            let s = self.side_mut(side);
            s.main_ms = s.main_ms.saturating_sub(to_i64(charged));
            s.moves = s.moves.saturating_add(1);
        }
        if !untimed && !self.side(side).expired {
            if credit_before {
                period_events = self.grant_by_move_count(side, now);
                added = self.current_increment(side);
                self.add_main(side, added);
            } else {
                added = self.current_increment(side);
                self.add_main(side, added);
                period_events = self.grant_by_move_count(side, now);
            }
        }
        let s = self.side_mut(side);
        if s.main_ms > 0 {
            s.flagged = false;
        }
        let remaining_ms = to_u64(s.main_ms);
        let moves = s.moves;
        events.push(ClockEvent::Moved {
            side,
            at_ms: now,
            moves,
            move_ms,
            delay_used_ms: move_ms.min(delay_ms),
            added_ms: added,
            remaining_ms,
        });
        events.extend(period_events);
        self.begin_move(side.other());
        self.phase = Phase::Running { since: now };
        events.extend(self.advance(now));
        events.sort_by_key(ClockEvent::at_ms);
        Ok(events)
    }

    /// Pauses the clock (the arbiter stops it, FIDE 6.12). Pausing a paused clock does nothing.
    pub fn pause(&mut self, now_ms: u64) -> Result<Vec<ClockEvent>, ClockError> {
        let now = self.observe(now_ms);
        match self.state() {
            ClockState::NotStarted => Err(ClockError::NotStarted),
            ClockState::Stopped => Err(ClockError::Stopped),
            ClockState::Paused(_) => Ok(Vec::new()),
            ClockState::Running(_) => {
                let events = self.advance(now);
                self.settle_segment(now);
                self.phase = Phase::Paused;
                Ok(events)
            }
        }
    }

    /// Resumes a paused clock: the same side's clock runs on, in the same move.
    pub fn resume(&mut self, now_ms: u64) -> Result<Vec<ClockEvent>, ClockError> {
        let now = self.observe(now_ms);
        match self.state() {
            ClockState::Paused(_) => {
                self.phase = Phase::Running { since: now };
                Ok(self.advance(now))
            }
            ClockState::Stopped => Err(ClockError::Stopped),
            _ => Err(ClockError::NotPaused),
        }
    }

    /// Stops the clock for good (the game is over). The times stay as they are; what happened
    /// up to `now_ms` is reported. Stopping a stopped clock does nothing.
    pub fn stop(&mut self, now_ms: u64) -> Vec<ClockEvent> {
        let now = self.observe(now_ms);
        let events = self.advance(now);
        self.settle_segment(now);
        self.phase = Phase::Stopped;
        events
    }

    /// What happened up to `now_ms`: flag falls (each once, at the exact ms, in order), warnings,
    /// periods added at a flag. Call it from every tick.
    pub fn poll(&mut self, now_ms: u64) -> Vec<ClockEvent> {
        let now = self.observe(now_ms);
        self.advance(now)
    }

    /// Applies an arbiter's adjustment and logs it. Events that follow from it (a flag when
    /// time was removed from the running side) come back.
    pub fn adjust(
        &mut self,
        adjustment: Adjustment,
        now_ms: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        let now = self.observe(now_ms);
        let untimed = self.tc.is_untimed();
        if untimed && !matches!(adjustment, Adjustment::SetMoves { .. }) {
            return Err(ClockError::Untimed);
        }
        let penalty = match adjustment {
            Adjustment::IllegalMovePenalty { .. } => {
                let rules = self.settings.rules;
                let speed = self.tc.classify(rules);
                Some(
                    illegal_move_penalty_ms(rules, speed)
                        .ok_or(ClockError::NoTimePenalty { rules, speed })?,
                )
            }
            _ => None,
        };
        let mut events = self.advance(now);
        let before = self.reading(now);
        match adjustment {
            Adjustment::AddTime { side, ms } => {
                let target = self.main_at(side, now).max(0).saturating_add(to_i64(ms));
                self.set_main(side, target, now);
            }
            Adjustment::IllegalMovePenalty { benefiting_side } => {
                let ms = penalty.unwrap_or(0);
                let target = self
                    .main_at(benefiting_side, now)
                    .max(0)
                    .saturating_add(to_i64(ms));
                self.set_main(benefiting_side, target, now);
            }
            Adjustment::RemoveTime { side, ms } => {
                let target = self.main_at(side, now).saturating_sub(to_i64(ms)).max(0);
                self.set_main(side, target, now);
            }
            Adjustment::SetTimes { white_ms, black_ms } => {
                self.set_main(Color::White, to_i64(white_ms), now);
                self.set_main(Color::Black, to_i64(black_ms), now);
            }
            Adjustment::AddIncrement { ms } => {
                self.extra_increment_ms = self.extra_increment_ms.saturating_add(ms);
            }
            Adjustment::SetMoves { side, moves } => {
                let mut granted = self.side(side).granted;
                while let Some(start) = self.tc.period_start_move(granted) {
                    if start > moves {
                        break;
                    }
                    granted += 1;
                }
                let s = self.side_mut(side);
                s.moves = moves;
                s.granted = granted;
            }
        }
        let after = self.reading(now);
        self.floor_ms = now;
        self.log.push(AdjustmentRecord {
            at_ms: now,
            adjustment,
            before,
            after,
        });
        events.extend(self.advance(now));
        events.sort_by_key(ClockEvent::at_ms);
        Ok(events)
    }

    // ----- internals -----

    fn observe(&mut self, now_ms: u64) -> u64 {
        self.last_now = self.last_now.max(now_ms);
        self.last_now
    }

    fn side(&self, side: Color) -> &SideClock {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    fn side_mut(&mut self, side: Color) -> &mut SideClock {
        match side {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// The current move's time at `now` for the side to move, else 0.
    fn move_elapsed_at(&self, side: Color, now: u64) -> u64 {
        if self.to_move != Some(side) {
            return 0;
        }
        match self.phase {
            Phase::Running { since } => self.move_elapsed_ms + now.saturating_sub(since),
            _ => self.move_elapsed_ms,
        }
    }

    /// Main time at `now`: for the side to move, minus what the move has cost beyond the delay.
    fn main_at(&self, side: Color, now: u64) -> i64 {
        let s = self.side(side);
        if self.to_move != Some(side) {
            return s.main_ms;
        }
        let charged = self
            .move_elapsed_at(side, now)
            .saturating_sub(self.move_delay.1);
        s.main_ms.saturating_sub(to_i64(charged))
    }

    fn delay_left_at(&self, side: Color, now: u64) -> u64 {
        if self.to_move != Some(side) {
            return 0;
        }
        self.move_delay
            .1
            .saturating_sub(self.move_elapsed_at(side, now))
    }

    /// The time displayed: the main time, plus what is left of a Bronstein delay.
    fn display_at(&self, side: Color, now: u64) -> i64 {
        let main = self.main_at(side, now);
        if self.move_delay.0 == DelayKind::Bronstein && self.to_move == Some(side) {
            main.saturating_add(to_i64(self.delay_left_at(side, now)))
        } else {
            main
        }
    }

    /// Sets the main time at `now` to `target`, and what follows from the new time.
    fn set_main(&mut self, side: Color, target: i64, now: u64) {
        let current = self.main_at(side, now);
        let delta = target.saturating_sub(current);
        self.side_mut(side).main_ms = self.side(side).main_ms.saturating_add(delta);
        let display = self.display_at(side, now);
        let thresholds = self.thresholds.clone();
        let s = self.side_mut(side);
        if display > 0 {
            s.flagged = false;
            s.expired = false;
        }
        for (armed, t) in s.armed.iter_mut().zip(thresholds) {
            if to_i64(t) < display {
                *armed = true;
            }
        }
    }

    fn begin_move(&mut self, side: Color) {
        self.to_move = Some(side);
        self.move_elapsed_ms = 0;
        let s = self.side(side);
        self.move_delay = if s.expired {
            (DelayKind::None, 0)
        } else {
            match self.tc.period_spec(s.granted.saturating_sub(1)) {
                Some(p) => (p.bonus.delay_kind(), p.bonus.delay_ms()),
                None => (DelayKind::None, 0),
            }
        };
    }

    fn settle_segment(&mut self, now: u64) {
        if let (Phase::Running { since }, Some(side)) = (self.phase, self.to_move) {
            let segment = now.saturating_sub(since);
            self.side_mut(side).used_ms += segment;
            self.ran_ms += segment;
            self.move_elapsed_ms += segment;
            self.phase = Phase::Running { since: now };
        }
    }

    fn add_main(&mut self, side: Color, ms: u64) {
        let s = self.side_mut(side);
        s.main_ms = s.main_ms.saturating_add(to_i64(ms));
    }

    fn current_increment(&self, side: Color) -> u64 {
        let s = self.side(side);
        self.tc
            .period_spec(s.granted.saturating_sub(1))
            .map(|p| p.bonus.increment_ms())
            .unwrap_or(0)
            .saturating_add(self.extra_increment_ms)
    }

    fn grant_by_move_count(&mut self, side: Color, now: u64) -> Vec<ClockEvent> {
        let mut events = Vec::new();
        if self.settings.period_addition == PeriodAddition::AtFlag {
            return events;
        }
        while let Some(start) = self.tc.period_start_move(self.side(side).granted) {
            if self.side(side).moves < start {
                break;
            }
            match self.grant_next(side, now, PeriodTrigger::MoveCount) {
                Some(event) => events.push(event),
                None => break,
            }
        }
        events
    }

    fn grant_next(&mut self, side: Color, at: u64, trigger: PeriodTrigger) -> Option<ClockEvent> {
        let index = self.side(side).granted;
        let base = self.tc.period_spec(index)?.base_ms;
        {
            let s = self.side_mut(side);
            s.main_ms = s.main_ms.saturating_add(to_i64(base));
            s.granted += 1;
        }
        let display = self.display_at(side, at);
        let thresholds = self.thresholds.clone();
        let s = self.side_mut(side);
        if display > 0 {
            s.flagged = false;
        }
        for (armed, t) in s.armed.iter_mut().zip(thresholds) {
            if to_i64(t) < display {
                *armed = true;
            }
        }
        Some(ClockEvent::PeriodAdded {
            side,
            at_ms: at,
            period: u32::try_from(s.granted).unwrap_or(u32::MAX),
            added_ms: base,
            trigger,
        })
    }

    /// Everything that happens to the running side up to `now`, in order, each at its exact ms.
    fn advance(&mut self, now: u64) -> Vec<ClockEvent> {
        let mut events = Vec::new();
        if self.tc.is_untimed() {
            return events;
        }
        while let (Phase::Running { since }, Some(side)) = (self.phase, self.to_move) {
            let Some((at, what)) = self.next_happening(side, since) else {
                break;
            };
            if at > now {
                break;
            }
            match what {
                Happening::Warning(i) => {
                    let threshold_ms = self.thresholds.get(i).copied().unwrap_or(0);
                    let remaining_ms = to_u64(self.display_at(side, at));
                    if let Some(armed) = self.side_mut(side).armed.get_mut(i) {
                        *armed = false;
                    }
                    events.push(ClockEvent::Warning {
                        side,
                        at_ms: at,
                        threshold_ms,
                        remaining_ms,
                    });
                }
                Happening::Flag => {
                    let s = self.side(side);
                    let index = s.granted.saturating_sub(1);
                    let final_period = self.tc.is_final_period(index);
                    let moves_done = self
                        .tc
                        .period_start_move(s.granted)
                        .is_some_and(|start| s.moves >= start);
                    let record = FlagRecord {
                        side,
                        at_ms: at,
                        period: u32::try_from(s.granted).unwrap_or(u32::MAX),
                        final_period,
                        moves_done,
                    };
                    self.flags.push(record);
                    events.push(ClockEvent::Flag {
                        side,
                        at_ms: at,
                        period: record.period,
                        final_period,
                        moves_done,
                    });
                    let s = self.side_mut(side);
                    s.flagged = true;
                    if final_period {
                        s.expired = true;
                        s.armed.iter_mut().for_each(|a| *a = false);
                    } else if self.settings.period_addition != PeriodAddition::AtMoveCount
                        && let Some(event) = self.grant_next(side, at, PeriodTrigger::Flag)
                    {
                        events.push(event);
                        self.skip_idle_periods(side, at, now);
                    }
                }
            }
        }
        events
    }

    /// A side that does not move while each flag adds the next period loses the same period
    /// again and again (a clock left running for a day; a replay whose events are years
    /// apart). The whole periods that run out before `now` are added at once, with no event
    /// each: the first flag was reported, and a flag and a period an event made a jump of
    /// years take gigabytes. The last of them still falls in the loop, as any flag.
    fn skip_idle_periods(&mut self, side: Color, at: u64, now: u64) {
        let granted = self.side(side).granted;
        // Only in the repeats of the last period is every further period the same.
        if granted < self.tc.periods().len() {
            return;
        }
        let Some(base) = self
            .tc
            .period_spec(granted)
            .map(|p| p.base_ms)
            .filter(|&b| b > 0)
        else {
            return;
        };
        let skipped = (now.saturating_sub(at) / base).saturating_sub(1);
        if skipped == 0 {
            return;
        }
        let s = self.side_mut(side);
        s.main_ms = s
            .main_ms
            .saturating_add(to_i64(skipped.saturating_mul(base)));
        s.granted = s
            .granted
            .saturating_add(usize::try_from(skipped).unwrap_or(usize::MAX));
    }

    /// The earliest warning or flag still to come for the running side, as an absolute time.
    fn next_happening(&self, side: Color, since: u64) -> Option<(u64, Happening)> {
        let s = self.side(side);
        if s.flagged || s.expired {
            return None;
        }
        let (kind, delay) = self.move_delay;
        let delay = to_i64(delay);
        let main = s.main_ms;
        let e0 = to_i64(self.move_elapsed_ms);
        let at = |move_elapsed: i64| -> u64 {
            let ahead = move_elapsed.saturating_sub(e0).max(0);
            since.saturating_add(to_u64(ahead)).max(self.floor_ms)
        };
        let mut best: Option<(u64, Happening)> = None;
        for (i, (&threshold, &armed)) in self.thresholds.iter().zip(&s.armed).enumerate() {
            if !armed {
                continue;
            }
            let t = to_i64(threshold);
            let e = if kind == DelayKind::Simple && main <= t {
                0
            } else {
                main.saturating_add(delay).saturating_sub(t).max(0)
            };
            let when = at(e);
            // Largest threshold first on a tie (they are sorted largest first).
            if best.is_none_or(|(b, _)| when < b) {
                best = Some((when, Happening::Warning(i)));
            }
        }
        let flag = at(delay.saturating_add(main.max(0)));
        if best.is_none_or(|(b, _)| flag < b) {
            best = Some((flag, Happening::Flag));
        }
        best
    }
}

#[derive(Debug, Clone, Copy)]
enum Happening {
    Warning(usize),
    Flag,
}
