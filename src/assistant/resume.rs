//! The game going on after an interruption (the program was down): the player hears where it
//! stands, the last move is said again to whoever may have missed it, and what waited for the
//! player's answer (or the opponent's) is asked again.
use super::words::ResumedAt;
use super::*;

impl Live {
    /// The game goes on after an interruption: where it stands, the last move again for the
    /// one who may not have heard it, and what was waiting for the player's answer.
    pub(super) fn resumed(&mut self, now: u64, out: &mut Out) {
        let last = self
            .game
            .moves()
            .last()
            .map(|m| (m.fullmove_number, m.color, m.mv));
        let at = match &self.ended {
            Some(ended) => ResumedAt::Over {
                result: ended.result.clone(),
            },
            None => {
                let mover = self.game.side_to_move();
                ResumedAt::Playing {
                    player_to_move: mover == self.player,
                    clock_runs_for_mover: self
                        .clock
                        .as_ref()
                        .map(|c| c.state() == ClockState::Running(mover)),
                }
            }
        };
        let summary = self.words.resumed(last.map(|(n, c, _)| (n, c)), &at);
        self.say(out, now, Listener::Player, summary, About::Resumed);
        if self.awaiting_signal && self.ended.is_none() {
            let t = self.words.clock_waits_for_signal();
            self.say(out, now, Listener::Player, t, About::Nothing);
        }
        if let (Some((_, by, mv)), None) = (last, &self.ended) {
            let ply = self.game.ply();
            if let Some(before) = ply.checked_sub(1).and_then(|p| self.game.position_at(p)) {
                let before = before.clone();
                let about = self.move_about(&before, &mv);
                if by == self.player {
                    let words = self.words.announced(&before, &mv);
                    let t = self.words.announce_again(&words);
                    self.say(out, now, Listener::Opponent, t, about);
                } else {
                    let words = self.words.spoken(&before, &mv);
                    let t = self.words.opponent_moved(&words);
                    self.say(out, now, Listener::Player, t, about);
                }
            }
        }
        if let Some(candidates) = self.opponent_question.take() {
            self.ask_opponent(candidates, now, out);
        }
        match self.pending.clone() {
            Pending::ReadBack { mv, no, sure, .. } => {
                self.say_read_back(&mv, no, sure, now, out);
            }
            Pending::Question { text, .. } => {
                self.say(out, now, Listener::Player, text, About::Nothing);
            }
            Pending::ConfirmResign => {
                let t = self.words.resign_question();
                self.say(out, now, Listener::Player, t, About::Nothing);
            }
            Pending::ConfirmCommand { command } => self.ask_command(command, now, out),
            Pending::ConfirmDraw { act, .. } => {
                let t = self.words.draw_question(act);
                self.say(out, now, Listener::Player, t, About::Nothing);
            }
            Pending::ConfirmArbiter { entered } => {
                let t = self.words.opponent_illegal(&entered);
                self.say(out, now, Listener::Player, t, About::Entered { entered });
            }
            Pending::Nothing => {}
        }
    }
}
