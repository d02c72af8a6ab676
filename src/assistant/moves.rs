//! A move made: the player's, once confirmed, announced to the opponent (D.2.3); any move
//! played on the board, the clock and the scoresheet; a move sealed at an adjournment; and
//! the end the board decides.
use super::*;

impl Live {
    /// The player's move is made (D.2.3): board, announcement, scoresheet, the opponent's clock.
    pub(super) fn make_player_move(&mut self, mv: Move, draw: bool, at: u64, out: &mut Out) {
        if self.sealing == Some(self.player) {
            self.seal(self.player, mv, at, out);
            return;
        }
        let before = self.pos().clone();
        let words = self.words.announced(&before, &mv);
        if self.apply_move(self.player, mv, at, out).is_err() {
            return;
        }
        let about = self.move_about(&before, &mv);
        let t = self.words.announce(&words);
        self.say(out, at, Listener::Opponent, t, about.clone());
        let made = self.words.made();
        self.acknowledge(out, at, made, about);
        self.clock_effect(at, out);
        if self.draw_offer == Some(!self.player) {
            // Making a move declines the opponent's offer (9.1).
            self.draw_offer = None;
            let t = self.words.draw_offer_lapsed();
            self.say(out, at, Listener::Player, t, About::Nothing);
        }
        if draw && self.ended.is_none() {
            self.offer_draw(self.player, at, out);
        }
        self.check_end(at, out);
    }

    /// Plays a move on the board, the clock and the scoresheet.
    pub(super) fn apply_move(
        &mut self,
        by: Color,
        mv: Move,
        at: u64,
        out: &mut Out,
    ) -> Result<(), ()> {
        // A question to the opponent is about the position before any move.
        self.opponent_question = None;
        let before = self.pos().clone();
        if let Err(err) = self.game.play(&mv) {
            out.push(
                at,
                Effect::Error {
                    error: err.to_string(),
                },
            );
            return Err(());
        }
        let events = match self.clock.as_mut() {
            // The clocks are stopped (the arbiter is at the board, 6.11): the move is completed
            // without time running, and the other side's clock runs when play resumes. Pressing
            // a paused clock would fail and leave the mover's clock to run on the other's move.
            Some(clock) if clock.state() == ClockState::Paused(by) => {
                let mut events = clock.resume(at).unwrap_or_default();
                events.extend(clock.press(by, at).unwrap_or_default());
                events.extend(clock.pause(at).unwrap_or_default());
                events
            }
            Some(clock) => clock.press(by, at).unwrap_or_default(),
            None => Vec::new(),
        };
        let clocks = self.clocks_now(at);
        let _ = self.record.push_move(mv, clocks, Some(at));
        let uci = uci_in(&before, &mv);
        let san = shakmaty::san::SanPlus::from_move(before, mv).to_string();
        out.push(at, Effect::Made { by, uci, san });
        self.clock_events(events, at, out);
        Ok(())
    }

    pub(super) fn check_end(&mut self, at: u64, out: &mut Out) {
        if self.ended.is_some() {
            return;
        }
        if let Some(end) = self.game.outcome() {
            let words = self.words.end_reason(end.reason);
            self.end_game(end.result, &words, EndCause::Board(end.reason), at, out);
        }
    }

    pub(super) fn seal(&mut self, by: Color, mv: Move, at: u64, out: &mut Out) {
        let pos = self.pos().clone();
        let words = self.words.spoken(&pos, &mv);
        if let Some(clock) = self.clock.as_mut() {
            let events = clock.pause(at).unwrap_or_default();
            self.clock_events(events, at, out);
        }
        let clocks = self.clocks_now(at);
        let _ = self.record.seal(mv, clocks, Some(at));
        self.sealed = Some((by, mv));
        self.sealing = None;
        let uci = uci_in(&pos, &mv);
        let san = shakmaty::san::SanPlus::from_move(pos, mv).to_string();
        out.push(at, Effect::Sealed { by, uci, san });
        if by == self.player {
            let t = self.words.sealed_for_player(&words);
            self.say(out, at, Listener::Player, t, About::Nothing);
        } else {
            let t = self.words.sealed_for_others();
            self.say(out, at, Listener::Player, t, About::Nothing);
        }
        let t = self.words.sealed_for_others();
        self.say(out, at, Listener::Opponent, t.clone(), About::Nothing);
        self.say(out, at, Listener::Arbiter, t, About::Nothing);
        self.clock_effect(at, out);
    }
}
