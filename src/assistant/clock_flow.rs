//! The clock's side of the assistant: its effects and readings, warnings and flag falls,
//! time claims (6.9, D.2.7), and the time read out on request.
use super::*;
use crate::game::laws::OwnFlagDown;

impl Live {
    pub(super) fn clock_effect(&self, at: u64, out: &mut Out) {
        if let Some(clock) = &self.clock {
            let r = clock.reading(at);
            out.push(
                at,
                Effect::Clock {
                    running: r.running,
                    white_ms: r.white_ms,
                    black_ms: r.black_ms,
                },
            );
        }
    }

    pub(super) fn clocks_now(&self, at: u64) -> Option<Clocks> {
        self.clock.as_ref().map(|c| {
            let r = c.reading(at);
            Clocks::new(r.white_ms, r.black_ms)
        })
    }

    /// Carries out what fell due by `now`: the correction window, then the clock's events.
    pub(super) fn fire_due(&mut self, now: u64, out: &mut Out) {
        if self.ended.is_some() {
            return;
        }
        if let Pending::ReadBack {
            mv,
            deadline: Some(d),
            draw,
            ..
        } = self.pending.clone()
            && d <= now
        {
            self.poll_clock(d, out);
            if self.ended.is_none() {
                self.pending = Pending::Nothing;
                self.make_player_move(mv, draw, d, out);
            }
        }
        if self.words_overdue(now) {
            self.hold_read_back(now, out);
        }
        self.poll_clock(now, out);
        if let Some(late) = self.default_time_due(now) {
            self.default_time_told[usize::from(late == Color::Black)] = true;
            let rules = self.spec.rules;
            let t = self.words.default_time_passed(
                late,
                self.default_time_ms(),
                laws::default_time_article(rules),
            );
            self.say(out, now, Listener::Arbiter, t.clone(), About::Nothing);
            self.say(out, now, Listener::Player, t, About::Nothing);
        }
    }

    /// The event's default time, or the edition's (6.7).
    fn default_time_ms(&self) -> u64 {
        match self.spec.default_time_s {
            Some(s) => s.saturating_mul(1000),
            None => laws::default_time_ms(self.spec.rules),
        }
    }

    /// The side whose clock runs, that has made no move yet, though the default time has
    /// passed since the clock started (6.7), and that has not been reported yet.
    pub(super) fn default_time_due(&self, now: u64) -> Option<Color> {
        let limit = self.default_time_ms();
        let started = self.clock_started_at?;
        if limit == 0 || self.ended.is_some() || now < started.saturating_add(limit) {
            return None;
        }
        let side = self.game.side_to_move();
        let moved = self.game.moves().iter().any(|m| m.color == side);
        let told = self.default_time_told[usize::from(side == Color::Black)];
        (!moved && !told).then_some(side)
    }

    pub(super) fn poll_clock(&mut self, now: u64, out: &mut Out) {
        if self.ended.is_some() {
            return;
        }
        let events = match self.clock.as_mut() {
            Some(c) => c.poll(now),
            None => return,
        };
        self.clock_events(events, now, out);
    }

    pub(super) fn clock_events(&mut self, events: Vec<ClockEvent>, now: u64, out: &mut Out) {
        let mut period_added = false;
        let mut repeated_flag = false;
        for event in events {
            if self.ended.is_some() {
                break;
            }
            match event {
                ClockEvent::Moved { .. } => {}
                ClockEvent::Warning { .. } => {
                    if self.warnings
                        && let Some(text) =
                            time_words::event_words(&event, self.player, self.spec.lang)
                    {
                        self.say(out, now, Listener::Player, text, About::Nothing);
                    }
                }
                ClockEvent::PeriodAdded { trigger, .. } => {
                    let at_flag = trigger == crate::clock::PeriodTrigger::Flag;
                    if self.warnings
                        && !(at_flag && repeated_flag)
                        && let Some(text) =
                            time_words::event_words(&event, self.player, self.spec.lang)
                    {
                        self.say(out, now, Listener::Player, text, About::Nothing);
                    }
                    period_added |= at_flag;
                }
                ClockEvent::Flag {
                    side,
                    at_ms,
                    final_period,
                    moves_done,
                    ..
                } => {
                    let plies = self.game.moves().len();
                    repeated_flag = self.flag_told == Some((side, plies));
                    if repeated_flag {
                        continue;
                    }
                    out.push(
                        now,
                        Effect::Flag {
                            side,
                            flag_ms: at_ms,
                            final_period,
                            moves_done,
                        },
                    );
                    if moves_done {
                        continue;
                    }
                    self.flag_told = Some((side, plies));
                    if let Some(text) = time_words::event_words(&event, self.player, self.spec.lang)
                    {
                        let about = About::FlagFell { side: side.into() };
                        self.say(out, now, Listener::Player, text, about);
                    }
                    if side == self.player {
                        self.player_flag_fell = true;
                    } else if !self.player_flag_fell {
                        self.claim_time(now, out);
                    } else {
                        self.opponent_flag_fell = true;
                        self.second_flag(now, out);
                    }
                }
            }
        }
        if period_added {
            self.clock_effect(now, out);
        }
    }

    /// D.2.9.e: the opponent's flag fell; the assistant claims for the player.
    pub(super) fn claim_time(&mut self, now: u64, out: &mut Out) {
        self.time_claim(self.player, now, out);
    }

    /// A claim of the other side's flag (6.9, D.2.9.e): a win for `claimant` unless it cannot
    /// checkmate by any series of legal moves; an undecided search counts as "can".
    pub(super) fn time_claim(&mut self, claimant: Color, now: u64, out: &mut Out) {
        out.push(
            now,
            Effect::Claim {
                claim: Claimed::Time,
                side: claimant,
                upheld: true,
            },
        );
        let _ = self.record.add_claim(
            ClaimKind::Time,
            claimant.into(),
            None,
            ClaimOutcome::Upheld,
            Some(now),
        );
        let can_mate = self.game.can_checkmate(claimant) != MateAbility::No;
        let by_player = claimant == self.player;
        let (result, words) = match (can_mate, by_player) {
            (true, true) => (GameResult::win_for(claimant), self.words.time_claim_won()),
            (false, true) => (GameResult::Draw, self.words.time_claim_cannot_mate()),
            (true, false) => (GameResult::win_for(claimant), self.words.own_time_lost()),
            (false, false) => (GameResult::Draw, self.words.own_time_draw()),
        };
        let cause = EndCause::Time {
            claimant_can_mate: can_mate,
        };
        let neutral = self.words.time_up(!claimant, can_mate);
        self.end_game_told(result, &words, &neutral, cause, now, out);
    }

    pub(super) fn say_time(&mut self, now: u64, out: &mut Out) {
        let Some(clock) = &self.clock else {
            let t = self.words.no_clock();
            self.say(out, now, Listener::Player, t, About::Nothing);
            return;
        };
        let r = clock.reading(now);
        let moves = clock.moves_completed(self.player);
        let text = time_words::reading_report(&r, self.player, self.spec.lang);
        let about = About::Time {
            clocks: ClockTimes {
                white_ms: r.white_ms,
                black_ms: r.black_ms,
            },
            moves: Some(moves),
        };
        self.say(out, now, Listener::Player, text, about);
    }

    /// The opponent's flag fell after the player's own: what the edition makes of a claim by a
    /// side whose own flag is down (`laws::time_claim_with_own_flag_down`). Where both flags
    /// down draw the game, the assistant claims it at once for the player (D.2.9.e); where the
    /// claim is not valid, the player hears why none is made; where the first flag decides,
    /// nothing changes: it is the opponent's to claim the player's flag.
    fn second_flag(&mut self, now: u64, out: &mut Out) {
        let (ruling, article) =
            laws::time_claim_with_own_flag_down(self.spec.rules, self.game_kind());
        match ruling {
            OwnFlagDown::Draw => self.both_flags_draw(self.player, article, now, out),
            OwnFlagDown::ClaimNotValid => {
                let t = self.words.own_flag_down_no_claim(article);
                self.say(out, now, Listener::Player, t, About::Nothing);
            }
            OwnFlagDown::FirstFlagDecides => {}
        }
    }

    /// Both flags are down and the edition draws the game (fa B8, 05 B.9): the claim on time
    /// is not upheld as a win (the claimant's own flag is down, 05 B.8), the game is drawn.
    fn both_flags_draw(&mut self, claimant: Color, article: &str, now: u64, out: &mut Out) {
        out.push(
            now,
            Effect::Claim {
                claim: Claimed::Time,
                side: claimant,
                upheld: false,
            },
        );
        let _ = self.record.add_claim(
            ClaimKind::Time,
            claimant.into(),
            None,
            ClaimOutcome::Rejected,
            Some(now),
        );
        let words = self.words.both_flags_draw(article);
        self.end_game(GameResult::Draw, &words, EndCause::BothFlags, now, out);
    }

    pub(super) fn opponent_claims_time(&mut self, now: u64, out: &mut Out) {
        if !self.player_flag_fell {
            let t = self.words.no_flag_to_claim();
            self.say(out, now, Listener::Opponent, t, About::Nothing);
            return;
        }
        if self.opponent_flag_fell {
            let (ruling, article) =
                laws::time_claim_with_own_flag_down(self.spec.rules, self.game_kind());
            match ruling {
                OwnFlagDown::Draw => {
                    self.both_flags_draw(!self.player, article, now, out);
                    return;
                }
                OwnFlagDown::ClaimNotValid => {
                    let t = self.words.time_claim_own_flag_down(article);
                    self.say(out, now, Listener::Opponent, t.clone(), About::Nothing);
                    self.say(out, now, Listener::Player, t, About::Nothing);
                    return;
                }
                OwnFlagDown::FirstFlagDecides => {}
            }
        }
        self.time_claim(!self.player, now, out);
    }
}

pub(super) fn warnings_on(spec: &StartSpec) -> Vec<u64> {
    match &spec.warnings {
        Some(Warnings::Switch(true)) => DEFAULT_WARNINGS_MS.to_vec(),
        Some(Warnings::Switch(false)) => Vec::new(),
        Some(Warnings::Seconds(list)) => list.iter().map(|s| s.saturating_mul(1000)).collect(),
        None => match spec.mode {
            Mode::Training => DEFAULT_WARNINGS_MS.to_vec(),
            Mode::Tournament => Vec::new(),
        },
    }
}

/// Settings for the clock, if the game has one.
pub fn clock_settings_of(spec: &StartSpec) -> ClockSettings {
    let mut settings = spec.clock.clone().unwrap_or_default();
    settings.rules = spec.rules;
    settings.warnings_ms = warnings_on(spec);
    settings
}
