//! Clocks and time: the start signal, pauses, the default time, flags and time claims, the
//! clock's refusals of an entry, and the time the program did not count.
use shakmaty::Color;

use super::Words;
use crate::clock::ClockError;

impl Words {
    pub fn no_clock(&self) -> String {
        self.msg("no-clock")
    }

    pub fn clock_waits_for_signal(&self) -> String {
        self.msg("clock-waits-for-signal")
    }

    pub fn before_signal(&self) -> String {
        self.msg("before-signal")
    }

    pub fn game_begins(&self) -> String {
        self.msg("game-begins")
    }

    pub fn clocks_paused(&self) -> String {
        self.msg("clocks-paused")
    }

    pub fn clocks_resumed(&self) -> String {
        self.msg("clocks-resumed")
    }

    /// The default time has passed and `late` has not made his first move (6.7).
    pub fn default_time_passed(&self, late: Color, limit_ms: u64, article: &str) -> String {
        self.msg_with(
            "default-time-passed",
            &[
                ("side", self.side(late).into()),
                (
                    "time",
                    crate::clock::spoken::duration_words(limit_ms, self.catalog.lang()).into(),
                ),
                ("article", article.into()),
            ],
        )
    }

    /// A flag named by colour, for the opponent: "Zeitüberschreitung von Schwarz", and whether
    /// the other side can still mate (6.9).
    pub fn time_up(&self, flagged: Color, other_can_mate: bool) -> String {
        let id = if other_can_mate {
            "time-up"
        } else {
            "time-up-cannot-mate"
        };
        self.msg_with(
            id,
            &[
                ("side", self.side(flagged).into()),
                ("other", self.side(!flagged).into()),
            ],
        )
    }

    pub fn time_claim_cannot_mate(&self) -> String {
        self.msg("time-claim-cannot-mate")
    }

    pub fn time_claim_won(&self) -> String {
        self.msg("time-claim-won")
    }

    pub fn own_time_lost(&self) -> String {
        self.msg("own-time-lost")
    }

    pub fn own_time_draw(&self) -> String {
        self.msg("own-time-draw")
    }

    pub fn no_flag_to_claim(&self) -> String {
        self.msg("no-flag-to-claim")
    }

    /// Both flags down, the game drawn: the reason, for the player and the opponent alike.
    pub fn both_flags_draw(&self, article: &str) -> String {
        self.msg_with("both-flags-draw", &[("article", article.into())])
    }

    /// The opponent's flag fell after the player's own: the edition allows no claim.
    pub fn own_flag_down_no_claim(&self, article: &str) -> String {
        self.msg_with("own-flag-down-no-claim", &[("article", article.into())])
    }

    /// The opponent's time claim refused: his own flag has fallen too.
    pub fn time_claim_own_flag_down(&self, article: &str) -> String {
        self.msg_with("time-claim-own-flag-down", &[("article", article.into())])
    }

    /// The clock refused an arbiter's entry: why, in words.
    pub fn clock_error(&self, err: &ClockError) -> String {
        let side = |c: Color| self.side(c);
        match err {
            ClockError::Stopped => self.msg("clock-error-stopped"),
            ClockError::Paused => self.msg("clock-error-paused"),
            ClockError::NotStarted => self.msg("clock-error-not-started"),
            ClockError::NotPaused => self.msg("clock-error-not-paused"),
            ClockError::AlreadyRunning { running } => self.msg_with(
                "clock-error-already-running",
                &[("running", side(*running).into())],
            ),
            ClockError::OtherSideRunning { side: s, running } => self.msg_with(
                "clock-error-other-side-running",
                &[
                    ("running", side(*running).into()),
                    ("side", side(*s).into()),
                ],
            ),
            ClockError::NoTimePenalty { rules, speed } => self.msg_with(
                "clock-error-no-time-penalty",
                &[
                    ("rules", rules.name().into()),
                    ("speed", speed.to_string().into()),
                ],
            ),
            ClockError::Untimed => self.msg("clock-error-untimed"),
        }
    }

    // ----- what the arbiter hears about time the program did not count on a clock

    /// A time the arbiter is to rule on, and how to count it: one of the messages
    /// `wall-clock-went-back`, `downtime-too-long`, `computer-was-suspended`.
    fn uncounted_time(&self, id: &str, ms: u64) -> String {
        let words = crate::clock::spoken::duration_words(ms, self.catalog.lang());
        let duration = self.msg_with(
            "duration-with-seconds",
            &[("duration", words.into()), ("count", (ms / 1000).into())],
        );
        self.msg_with(
            id,
            &[
                ("duration", duration.into()),
                ("rules", self.msg("uncounted-time-rules").into()),
            ],
        )
    }

    /// At a resumption: the computer's wall clock is earlier than at the last journal entry.
    pub fn wall_clock_went_back(&self, ms: u64) -> String {
        self.uncounted_time("wall-clock-went-back", ms)
    }

    /// At a resumption: by the wall clock the program was down longer than is counted alone.
    pub fn downtime_too_long(&self, ms: u64) -> String {
        self.uncounted_time("downtime-too-long", ms)
    }

    /// During the game: the computer was suspended (it could neither hear nor announce).
    pub fn computer_was_suspended(&self, ms: u64) -> String {
        self.uncounted_time("computer-was-suspended", ms)
    }
}
