//! How a game ends: draw offers and claims (9.1, 9.2, 9.3), resignation, agreed draws, and
//! the result announced and written.
use super::*;
use crate::catalog::capitalize;

impl Live {
    /// What the player's "Remis" would do now: accept the standing offer, claim (threefold
    /// repetition or fifty moves, with the read-back's move as the intended move), or offer.
    pub(super) fn draw_act_at(&self, now: u64) -> DrawAct {
        if self.draw_offer == Some(!self.player) {
            return DrawAct::Accept;
        }
        let intended = match &self.pending {
            Pending::ReadBack { mv, .. } => Some(*mv),
            _ => None,
        };
        let my_turn = self.game.side_to_move() == self.player;
        if my_turn
            && (self.game.can_claim_threefold(intended.as_ref())
                || self.game.can_claim_fifty_moves(intended.as_ref()))
        {
            DrawAct::Claim
        } else if let Some(article) = self.quickplay_claim_now(now) {
            DrawAct::QuickplayClaim(article)
        } else {
            DrawAct::Offer
        }
    }

    /// The article under which the player may claim a draw in a quickplay finish now: the
    /// event announced it, he is on move with less than two minutes and his flag is up, and
    /// the edition allows it for this game (laws::quickplay_claim_article).
    fn quickplay_claim_now(&self, now: u64) -> Option<&'static str> {
        if !self.spec.quickplay_finish || self.game.side_to_move() != self.player {
            return None;
        }
        let clock = self.clock.as_ref()?;
        let increment = clock
            .time_control()
            .periods()
            .iter()
            .any(|p| p.bonus != crate::clock::Bonus::None);
        let article = laws::quickplay_claim_article(self.spec.rules, self.game_kind(), increment)?;
        let r = clock.reading(now);
        let left = match self.player {
            Color::White => r.white_ms,
            Color::Black => r.black_ms,
        };
        (left > 0 && left < laws::QUICKPLAY_CLAIM_BELOW_MS && !self.player_flag_fell)
            .then_some(article)
    }

    /// The player's quickplay-finish claim (10.2, G.5, III.5): the clocks stop, the claim is
    /// written on the scoresheet, and the arbiter is called to decide; the game goes on
    /// until he does (`!ergebnis remis`, or `!zeit` and `!weiter`).
    fn quickplay_claim(&mut self, article: &'static str, now: u64, out: &mut Out) {
        if let Some(clock) = self.clock.as_mut() {
            let events = clock.pause(now).unwrap_or_default();
            self.clock_events(events, now, out);
        }
        self.clock_effect(now, out);
        out.push(
            now,
            Effect::Claim {
                claim: Claimed::QuickplayFinish,
                side: self.player,
                upheld: false,
            },
        );
        let _ = self.record.add_claim(
            ClaimKind::QuickplayFinish,
            self.player.into(),
            None,
            ClaimOutcome::Pending,
            Some(now),
        );
        let t = self.words.quickplay_claimed(article);
        self.say(out, now, Listener::Player, t.clone(), About::Nothing);
        self.say(out, now, Listener::Opponent, t, About::Nothing);
        let t = self.words.quickplay_claim_for_arbiter(self.player, article);
        self.say(out, now, Listener::Arbiter, t, About::Nothing);
    }

    /// A "Remis" heard from the player: asked back before it is carried out (the opponent's
    /// own "Remis" reaches the player's microphone too). What waited stays, to come back.
    pub(super) fn ask_draw(&mut self, now: u64, out: &mut Out) {
        let act = self.draw_act_at(now);
        if !matches!(act, DrawAct::Claim | DrawAct::QuickplayClaim(_))
            && self.draw_agreement_refused(Listener::Player, now, out)
        {
            return;
        }
        let resume = match std::mem::replace(&mut self.pending, Pending::Nothing) {
            // A second "Remis" while asked is the same question, not a nested one.
            Pending::ConfirmDraw { resume, .. } => resume,
            other => Box::new(other),
        };
        self.pending = Pending::ConfirmDraw { act, resume };
        let t = self.words.draw_question(act);
        self.say(out, now, Listener::Player, t, About::Nothing);
    }

    /// The draw question was not answered "ja": what waited before is back. A read-back's
    /// window starts again, since the question stood in its way.
    pub(super) fn resume_after_draw_question(&mut self, resume: Pending, now: u64) {
        self.pending = resume;
        let confirm_ms = self.spec.confirm_ms;
        if let Pending::ReadBack {
            deadline: Some(d), ..
        } = &mut self.pending
        {
            *d = (*d).max(now.saturating_add(confirm_ms));
        }
        self.release_held_window(now);
    }

    /// "Remis": accept a standing offer, claim (9.2–9.3) with the read-back move as the intended
    /// move or in the position on the board, or else offer (9.1).
    pub(super) fn player_draw(&mut self, now: u64, out: &mut Out) {
        if !matches!(
            self.draw_act_at(now),
            DrawAct::Claim | DrawAct::QuickplayClaim(_)
        ) && self.draw_agreement_refused(Listener::Player, now, out)
        {
            return;
        }
        if self.draw_offer == Some(!self.player) {
            self.agree_draw(now, out);
            return;
        }
        let intended = match &self.pending {
            Pending::ReadBack { mv, .. } => Some(*mv),
            _ => None,
        };
        let my_turn = self.game.side_to_move() == self.player;
        let claim = if my_turn {
            if self.game.can_claim_threefold(intended.as_ref()) {
                Some((
                    EndReason::ThreefoldRepetitionClaim,
                    ClaimKind::ThreefoldRepetition,
                ))
            } else if self.game.can_claim_fifty_moves(intended.as_ref()) {
                Some((EndReason::FiftyMovesClaim, ClaimKind::FiftyMoves))
            } else {
                None
            }
        } else {
            None
        };
        if claim.is_none()
            && let Some(article) = self.quickplay_claim_now(now)
        {
            self.quickplay_claim(article, now, out);
            return;
        }
        if let Some((reason, kind)) = claim {
            // The intended move is locked and the clock stopped (9.2); the claim is correct,
            // so the game is drawn.
            if let Some(clock) = self.clock.as_mut() {
                let events = clock.pause(now).unwrap_or_default();
                self.clock_events(events, now, out);
            }
            let intended_uci = intended.as_ref().map(|mv| self.game.uci(mv));
            // The intended move is written on the scoresheet with the claim and cannot be
            // changed (9.2.1.1, 9.3.1); it is not made: the claim is correct, so the game ends
            // before it (9.5.2).
            let intended_san = intended.as_ref().and_then(|mv| self.game.san_of(mv).ok());
            out.push(
                now,
                Effect::Claim {
                    claim: if kind == ClaimKind::ThreefoldRepetition {
                        Claimed::ThreefoldRepetition
                    } else {
                        Claimed::FiftyMoves
                    },
                    side: self.player,
                    upheld: true,
                },
            );
            let _ = self.record.add_claim(
                kind,
                self.player.into(),
                intended,
                ClaimOutcome::Upheld,
                Some(now),
            );
            let t = self.words.claim_upheld(reason);
            self.say(
                out,
                now,
                Listener::Player,
                t,
                About::Claim {
                    intended: intended_uci.clone(),
                },
            );
            // The claimant declares it to the arbiter (9.2.1, 9.3.1).
            let t = self
                .words
                .claim_for_arbiter(self.player, reason, intended_san.as_deref());
            self.say(
                out,
                now,
                Listener::Arbiter,
                t,
                About::Claim {
                    intended: intended_uci.clone(),
                },
            );
            self.pending = Pending::Nothing;
            let words = self.words.end_reason(reason);
            self.end_game(GameResult::Draw, &words, EndCause::Board(reason), now, out);
            return;
        }
        match &mut self.pending {
            Pending::ReadBack { draw, .. } => {
                // Offered together with the move (9.1.2.1): announced when the move is made,
                // not before.
                *draw = true;
                let t = self.words.draw_offer_with_move();
                self.say(out, now, Listener::Player, t, About::Nothing);
            }
            _ => self.offer_draw(self.player, now, out),
        }
    }

    /// Whether the event's regulations forbid a draw offer or agreement now (9.1): if so,
    /// `to` hears why, and nothing is passed on to the other side.
    pub(super) fn draw_agreement_refused(&mut self, to: Listener, now: u64, out: &mut Out) -> bool {
        let rule = self.spec.draw_agreements;
        if rule.allow_at(self.game.fullmove_number()) {
            return false;
        }
        let t = self.words.draw_agreement_not_allowed(rule);
        self.say(out, now, to, t, About::Nothing);
        true
    }

    pub(super) fn offer_draw(&mut self, by: Color, now: u64, out: &mut Out) {
        self.draw_offer = Some(by);
        let _ = self.record.offer_draw();
        if by == self.player {
            let t = self.words.draw_offered_to_opponent();
            self.say(out, now, Listener::Opponent, t, About::Nothing);
            // Offered before the player's own move it is valid, but not as the Laws ask
            // (9.1.2.1): the player hears that once.
            let t = if self.game.side_to_move() == self.player {
                self.words.draw_offer_before_move()
            } else {
                self.words.draw_offer_sent()
            };
            self.say(out, now, Listener::Player, t, About::Nothing);
        } else {
            let t = self.words.opponent_offers_draw();
            self.say(out, now, Listener::Player, t, About::Nothing);
        }
    }

    pub(super) fn agree_draw(&mut self, now: u64, out: &mut Out) {
        self.draw_offer = None;
        let t = self.words.draw_agreed();
        self.say(out, now, Listener::Opponent, t.clone(), About::Nothing);
        self.end_game(GameResult::Draw, &t, EndCause::Agreement, now, out);
    }

    pub(super) fn resign(&mut self, by: Color, now: u64, out: &mut Out) {
        let t = if by == self.player {
            self.words.resignation()
        } else {
            self.words.opponent_resigned()
        };
        let neutral = self.words.resigns(by);
        self.end_game_told(
            GameResult::win_for(!by),
            &t,
            &neutral,
            EndCause::Resignation,
            now,
            out,
        );
    }

    pub(super) fn end_game(
        &mut self,
        result: GameResult,
        words: &str,
        cause: EndCause,
        at: u64,
        out: &mut Out,
    ) {
        self.end_game_told(result, words, words, cause, at, out);
    }

    /// Ends the game; the player hears `words` (seen from the player: "your opponent's time is
    /// up"), the opponent `neutral` (the sides by colour: "Black's time is up").
    pub(super) fn end_game_told(
        &mut self,
        result: GameResult,
        words: &str,
        neutral: &str,
        cause: EndCause,
        at: u64,
        out: &mut Out,
    ) {
        if self.ended.is_some() {
            return;
        }
        if let Some(clock) = self.clock.as_mut() {
            let _ = clock.stop(at);
        }
        self.pending = Pending::Nothing;
        self.draw_offer = None;
        let sheet_result =
            crate::scoresheet::record::SheetResult::from_pgn(result.as_str()).unwrap_or_default();
        // The sheet gives the reason in the game's words, the sides by colour ("Weiß gibt
        // auf"); the `end` effect keeps the machine key.
        let sheet_reason = capitalize(neutral.trim().trim_end_matches('.'));
        self.record.finish(sheet_result, &sheet_reason);
        self.ended = Some(Ended {
            result: result.as_str().to_string(),
        });
        out.push(
            at,
            Effect::End {
                result,
                reason: cause.clone(),
            },
        );
        let t = self.words.game_ended(words, result, self.player);
        self.say(
            out,
            at,
            Listener::Player,
            t,
            About::Result {
                result,
                reason: cause.clone(),
            },
        );
        let t = self.words.game_ended_for_opponent(neutral, result);
        self.say(out, at, Listener::Opponent, t, About::Nothing);
        self.clock_effect(at, out);
    }
}
