//! The arbiter's entries: penalties for illegal moves (7.5), clock adjustments, resetting
//! the game to an earlier position (7.2, 7.4), touched pieces (4.3).
use super::protocol::SetUpFault;
use super::*;
use shakmaty::Bitboard;

impl Live {
    pub(super) fn arbiter(&mut self, action: &ArbiterAction, now: u64, out: &mut Out) {
        match action {
            ArbiterAction::AddTime { side, ms } => self.adjust(
                Adjustment::AddTime {
                    side: (*side).into(),
                    ms: *ms,
                },
                now,
                out,
            ),
            ArbiterAction::RemoveTime { side, ms } => self.adjust(
                Adjustment::RemoveTime {
                    side: (*side).into(),
                    ms: *ms,
                },
                now,
                out,
            ),
            ArbiterAction::SetTimes { white_ms, black_ms } => self.adjust(
                Adjustment::SetTimes {
                    white_ms: *white_ms,
                    black_ms: *black_ms,
                },
                now,
                out,
            ),
            ArbiterAction::SetMoves { side, moves } => self.adjust(
                Adjustment::SetMoves {
                    side: (*side).into(),
                    moves: *moves,
                },
                now,
                out,
            ),
            ArbiterAction::IllegalMovePenalty { offender } => {
                self.illegal_move_penalty((*offender).into(), now, out)
            }
            ArbiterAction::ResetTo { ply } => self.reset_to(*ply, now, out),
            ArbiterAction::AddIncrement { ms } => {
                self.adjust(Adjustment::AddIncrement { ms: *ms }, now, out)
            }
            ArbiterAction::SetUpComplaint { fault } => self.set_up_complaint(fault, now, out),
            ArbiterAction::IncorrectClaim { claimant } => {
                self.incorrect_claim((*claimant).into(), now, out)
            }
            ArbiterAction::Pause => {
                if let Some(clock) = self.clock.as_mut() {
                    let events = clock.pause(now).unwrap_or_default();
                    self.clock_events(events, now, out);
                }
                let t = self.words.clocks_paused();
                self.say(out, now, Listener::Player, t.clone(), About::Nothing);
                self.say(out, now, Listener::Opponent, t, About::Nothing);
                self.clock_effect(now, out);
            }
            ArbiterAction::Resume | ArbiterAction::Start => {
                if self.ended.is_some() || self.begin_on_signal(now, out) {
                    return;
                }
                if let Some(clock) = self.clock.as_mut() {
                    match clock.resume(now) {
                        Ok(events) => self.clock_events(events, now, out),
                        Err(err) => {
                            out.push(
                                now,
                                Effect::Error {
                                    error: self.words.clock_error(&err),
                                },
                            );
                            return;
                        }
                    }
                }
                let t = self.words.clocks_resumed();
                self.say(out, now, Listener::Player, t.clone(), About::Nothing);
                self.say(out, now, Listener::Opponent, t, About::Nothing);
                self.clock_effect(now, out);
            }
            ArbiterAction::Adjourn => {
                let side = self.game.side_to_move();
                self.sealing = Some(side);
                let t = if side == self.player {
                    self.words.adjourn_player_seals()
                } else {
                    self.words.adjourn_opponent_seals()
                };
                self.say(out, now, Listener::Player, t, About::Nothing);
            }
            ArbiterAction::ResumeAdjourned => {
                let Some((by, mv)) = self.sealed.take() else {
                    let t = self.words.nothing_sealed();
                    self.say(out, now, Listener::Arbiter, t, About::Nothing);
                    return;
                };
                let before = self.pos().clone();
                let words = self.words.spoken(&before, &mv);
                let announced = self.words.announced(&before, &mv);
                // The sealer's clock runs again for the instant the sealed move is made.
                if let Some(clock) = self.clock.as_mut() {
                    let _ = clock.resume(now);
                }
                if self.apply_move(by, mv, now, out).is_err() {
                    return;
                }
                let about = self.move_about(&before, &mv);
                let t = self.words.resumed_with(&words);
                self.say(out, now, Listener::Player, t, about.clone());
                let t = self.words.announce(&announced);
                self.say(out, now, Listener::Opponent, t, about);
                self.clock_effect(now, out);
                self.check_end(now, out);
            }
            ArbiterAction::Result { result, reason } => {
                // A forfeit (14 glossary: "+/-", "-/+") is entered as its mark, or as a win
                // whose reason starts with "forfeit" or "kampflos".
                let first_word = reason
                    .split_whitespace()
                    .next()
                    .map(|w| w.trim_end_matches([',', '.', ':', ';']).to_lowercase());
                let mut forfeit = matches!(
                    first_word.as_deref(),
                    Some("forfeit" | "kampflos" | "+/-" | "-/+")
                );
                let r = match result.trim() {
                    "1-0" => GameResult::WhiteWins,
                    "0-1" => GameResult::BlackWins,
                    "+/-" => {
                        forfeit = true;
                        GameResult::WhiteWins
                    }
                    "-/+" => {
                        forfeit = true;
                        GameResult::BlackWins
                    }
                    "1/2-1/2" | "½-½" | "=" => GameResult::Draw,
                    other => {
                        out.push(
                            now,
                            Effect::Error {
                                error: self.words.error_unknown_result(other),
                            },
                        );
                        return;
                    }
                };
                // A drawn game has no forfeit form (-/- is both players losing).
                let forfeit = forfeit && r != GameResult::Draw;
                let said = if forfeit && reason.trim().is_empty() {
                    self.words.forfeit()
                } else {
                    reason.clone()
                };
                let words = self.words.arbiter_result(r.as_str(), &said);
                // The `end` effect keeps the arbiter's words; a bare "+/-" says "forfeit".
                let key = if forfeit && reason.trim().is_empty() {
                    "forfeit".to_string()
                } else {
                    reason.clone()
                };
                self.end_game(r, &words, EndCause::Arbiter(key), now, out);
                if forfeit && self.ended.is_some() {
                    self.record.forfeit = true;
                }
            }
        }
    }

    /// The arbiter penalises a completed illegal move: time for the opponent, or the game lost
    /// (drawn if the opponent cannot mate) when the edition's count is reached (7.5.5 from 2014:
    /// the second; 7.4.b before: the third; blitz before 2014: the first).
    pub(super) fn illegal_move_penalty(&mut self, offender: Color, now: u64, out: &mut Out) {
        if self.ended.is_some() {
            return;
        }
        let rules = self.spec.rules;
        let kind = self.game_kind();
        let index = usize::from(offender == Color::Black);
        let earlier = self.illegal_moves[index];
        self.illegal_moves[index] = earlier.saturating_add(1);
        // An assistant for a blind player plays under the competition rules (A.3/B.3) unless
        // the event chose the simplified rules (A.4/B.4, `supervision: limited`). Whether the
        // opponent has moved since the illegal move (after which it stands under A.4) is the
        // arbiter's to judge: the illegal move was made on the board, not in Rochade's game.
        let ruling = laws::illegal_move_ruling(rules, kind, self.spec.supervision, earlier);
        match ruling.penalty {
            IllegalMovePenalty::ExtraTimeForOpponent => self.adjust(
                Adjustment::IllegalMovePenalty {
                    benefiting_side: !offender,
                },
                now,
                out,
            ),
            IllegalMovePenalty::LossOfGame {
                draw_if_opponent_cannot_mate,
            } => {
                let can_mate = self.game.can_checkmate(!offender) != MateAbility::No;
                let drawn = draw_if_opponent_cannot_mate && !can_mate;
                let result = if drawn {
                    GameResult::Draw
                } else {
                    GameResult::win_for(!offender)
                };
                let cause = EndCause::IllegalMoves {
                    opponent_can_mate: !drawn,
                };
                let words = self.words.illegal_moves_end(
                    offender,
                    result == GameResult::Draw,
                    ruling.article,
                );
                self.end_game(result, &words, cause, now, out);
            }
        }
    }

    /// A complaint about the set-up (A.4.a and its kin): in a standard game a wrong initial
    /// position cancels the game (7.2); in rapid and blitz it can be made only until each
    /// player has completed the edition's number of moves, and after that a king placed
    /// wrongly may not castle, nor a rook placed wrongly castle. Said to both players.
    fn set_up_complaint(&mut self, fault: &SetUpFault, now: u64, out: &mut Out) {
        if self.refused_after_the_end(now, out) {
            return;
        }
        let rules = self.spec.rules;
        let t = match laws::set_up_complaint_limit(rules, self.game_kind()) {
            None => self
                .words
                .set_up_standard(laws::wrong_initial_position_article(rules)),
            Some((limit, article)) => {
                let done =
                    |c: Color| self.game.moves().iter().filter(|m| m.color == c).count() as u32;
                if done(Color::White) < limit || done(Color::Black) < limit {
                    self.words.set_up_in_time(limit, article)
                } else {
                    let rooks = match fault {
                        SetUpFault::General => Bitboard::EMPTY,
                        SetUpFault::King { side } => {
                            Bitboard::from_rank(match Color::from(*side) {
                                Color::White => shakmaty::Rank::First,
                                Color::Black => shakmaty::Rank::Eighth,
                            })
                        }
                        SetUpFault::Rook { square } => square
                            .parse::<Square>()
                            .map(Bitboard::from_square)
                            .unwrap_or(Bitboard::EMPTY),
                    };
                    let forbidden = self.game.forbid_castling(rooks);
                    let no_castling = match fault {
                        SetUpFault::King { side } if forbidden => {
                            Some(self.words.no_castling_king((*side).into()))
                        }
                        SetUpFault::Rook { square } if forbidden => {
                            Some(self.words.no_castling_rook(square))
                        }
                        _ => None,
                    };
                    self.words
                        .set_up_too_late(limit, article, no_castling.as_deref())
                }
            }
        };
        self.say(out, now, Listener::Player, t.clone(), About::Nothing);
        self.say(out, now, Listener::Opponent, t, About::Nothing);
    }

    /// An entry that changes the game after its end is refused: the clocks are stopped for
    /// good and the result stands (8.7).
    fn refused_after_the_end(&self, now: u64, out: &mut Out) -> bool {
        if self.ended.is_none() {
            return false;
        }
        out.push(
            now,
            Effect::Error {
                error: self.words.error_game_over_no_reset(),
            },
        );
        true
    }

    /// The arbiter found `claimant`'s draw claim incorrect (9.5): the edition's penalty, said
    /// to both players; the clocks stay as the claim left them until the arbiter resumes.
    pub(super) fn incorrect_claim(&mut self, claimant: Color, now: u64, out: &mut Out) {
        if self.refused_after_the_end(now, out) {
            return;
        }
        let penalty = laws::incorrect_claim_penalty(self.spec.rules, self.game_kind());
        let t = self.words.incorrect_claim(
            claimant,
            penalty.opponent_bonus_ms,
            penalty.claimant_cut,
            penalty.article,
        );
        self.say(out, now, Listener::Player, t.clone(), About::Nothing);
        self.say(out, now, Listener::Opponent, t, About::Nothing);
        self.adjust(
            Adjustment::AddTime {
                side: !claimant,
                ms: penalty.opponent_bonus_ms,
            },
            now,
            out,
        );
        if penalty.claimant_cut
            && let Some(clock) = self.clock.as_ref()
        {
            let r = clock.reading(now);
            let left = match claimant {
                Color::White => r.white_ms,
                Color::Black => r.black_ms,
            };
            let cut = left - laws::claimant_time_after_cut(left);
            if cut > 0 {
                self.adjust(
                    Adjustment::RemoveTime {
                        side: claimant,
                        ms: cut,
                    },
                    now,
                    out,
                );
            }
        }
    }

    pub(super) fn adjust(&mut self, adjustment: Adjustment, now: u64, out: &mut Out) {
        let Some(clock) = self.clock.as_mut() else {
            let t = self.words.no_clock();
            self.say(out, now, Listener::Arbiter, t, About::Nothing);
            return;
        };
        match clock.adjust(adjustment, now) {
            Ok(events) => {
                self.clock_events(events, now, out);
                if let Some(clock) = &self.clock {
                    let r = clock.reading(now);
                    let report = time_words::reading_report(&r, self.player, self.spec.lang);
                    let t = self.words.time_changed(&report);
                    self.say(
                        out,
                        now,
                        Listener::Player,
                        t,
                        About::Time {
                            clocks: ClockTimes {
                                white_ms: r.white_ms,
                                black_ms: r.black_ms,
                            },
                            moves: None,
                        },
                    );
                }
                self.clock_effect(now, out);
            }
            Err(err) => out.push(
                now,
                Effect::Error {
                    error: self.words.clock_error(&err),
                },
            ),
        }
    }

    /// The arbiter resets the position to after `ply` half-moves (7.4–7.5, D.2.7–8). The clock
    /// of the side to move then runs; the times are the arbiter's to set.
    pub(super) fn reset_to(&mut self, ply: usize, now: u64, out: &mut Out) {
        if self.refused_after_the_end(now, out) {
            return;
        }
        let taken_back = ply < self.game.ply();
        if let Err(err) = self.game.reset_to_ply(ply) {
            out.push(
                now,
                Effect::Error {
                    error: self.words.reset_error(&err),
                },
            );
            return;
        }
        self.record.truncate(ply);
        self.pending = Pending::Nothing;
        self.draw_offer = None;
        if taken_back {
            // A sealed move belongs to the position it was sealed in; the scoresheet drops it
            // too (Record::truncate).
            self.sealed = None;
            self.sealing = None;
        }
        let to_move = self.game.side_to_move();
        let counts = |c: Color, g: &Game| g.moves().iter().filter(|m| m.color == c).count() as u32;
        let (white_moves, black_moves) = (
            counts(Color::White, &self.game),
            counts(Color::Black, &self.game),
        );
        if let Some(clock) = self.clock.as_mut() {
            let before = clock.reading(now);
            let (running, paused) = match clock.state() {
                ClockState::Running(side) => (Some(side), false),
                ClockState::Paused(side) => (Some(side), true),
                _ => (None, false),
            };
            if let Some(running) = running
                && running != to_move
            {
                // Hand the clock over without changing either time; a stopped clock stays
                // stopped, the side to move's to run when play resumes.
                if paused {
                    let _ = clock.resume(now);
                }
                let _ = clock.press(running, now);
                let _ = clock.adjust(
                    Adjustment::SetTimes {
                        white_ms: before.white_ms,
                        black_ms: before.black_ms,
                    },
                    now,
                );
                if paused {
                    let _ = clock.pause(now);
                }
            }
            let _ = clock.adjust(
                Adjustment::SetMoves {
                    side: Color::White,
                    moves: white_moves,
                },
                now,
            );
            let _ = clock.adjust(
                Adjustment::SetMoves {
                    side: Color::Black,
                    moves: black_moves,
                },
                now,
            );
        }
        let last = self.game.moves().last().map(|m| {
            let pos = self
                .game
                .position_at(m.ply.saturating_sub(1))
                .cloned()
                .unwrap_or_default();
            (
                self.words.spoken(&pos, &m.mv),
                self.words.announced(&pos, &m.mv),
            )
        });
        let t = self
            .words
            .position_reset(ply, last.as_ref().map(|(s, _)| s.as_str()));
        let for_opponent = self
            .words
            .position_reset(ply, last.as_ref().map(|(_, a)| a.as_str()));
        self.say(
            out,
            now,
            Listener::Player,
            t,
            About::Reset {
                ply: ply as u64,
                fen: self.game.fen(),
            },
        );
        self.say(out, now, Listener::Opponent, for_opponent, About::Nothing);
        self.clock_effect(now, out);
    }

    /// D.2.9.e: the sighted opponent touched a piece; the arbiter is told, and the player.
    pub(super) fn touched(&mut self, square: &str, now: u64, out: &mut Out) {
        let Some(sq) = parse_square(self.words.vocab(), square) else {
            let t = self.words.bad_square(square);
            out.push(now, Effect::Error { error: t });
            return;
        };
        // The player's standing offer is declined when the opponent, having the move, touches
        // a piece with the intention of moving or capturing it (9.1, the same in every
        // edition); a touch is reported only as such a touch (4.3, D.2.9.e). Off his move a
        // touch is no move begun, and the offer stands.
        let declines = self.draw_offer == Some(self.player)
            && self.ended.is_none()
            && self.game.side_to_move() == !self.player;
        let role = self.pos().board().role_at(sq);
        let t = self.words.touch_report_for_arbiter(!self.player, sq, role);
        self.say(
            out,
            now,
            Listener::Arbiter,
            t,
            About::Touched {
                square: sq.to_string(),
            },
        );
        let t = self.words.touch_report_for_player(sq, role);
        self.say(
            out,
            now,
            Listener::Player,
            t,
            About::Touched {
                square: sq.to_string(),
            },
        );
        if declines {
            self.draw_offer = None;
            let t = self
                .words
                .draw_offer_declined_by_touch(laws::draw_offer_article(self.spec.rules));
            self.say(out, now, Listener::Player, t, About::Nothing);
        }
        let _ = self.record.add_claim(
            ClaimKind::Other(self.words.touch_claim(sq)),
            self.player.into(),
            None,
            ClaimOutcome::Pending,
            Some(now),
        );
    }
}
