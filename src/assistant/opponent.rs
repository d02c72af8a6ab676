//! The opponent's moves as the assistant or relay types them: parsed, made and announced
//! to the player (D.2.4).
use super::*;

impl Live {
    /// The opponent's move or words, typed by whoever enters them (D.2.9.a–b).
    pub(super) fn opponent(&mut self, text: &str, now: u64, out: &mut Out) {
        let trimmed = text.trim();
        if self.ended.is_some() {
            let why = self.game_over_sentence();
            self.not_taken(Listener::Opponent, trimmed, &why, now, out);
            return;
        }
        let lower = crate::vocab::normalize_word(trimmed);
        match lower.as_str() {
            "remis" | "draw" | "=" | "(=)" | "remis angeboten" | "draw offer" => {
                if self.draw_offer == Some(self.player) {
                    self.agree_draw(now, out);
                } else {
                    self.offer_draw(!self.player, now, out);
                }
                return;
            }
            "ablehnen" | "abgelehnt" | "decline" | "declined" | "nein" | "no" => {
                if self.draw_offer == Some(self.player) {
                    self.draw_offer = None;
                    let t = self.words.draw_declined();
                    self.say(out, now, Listener::Player, t, About::Nothing);
                }
                return;
            }
            "aufgabe" | "ich gebe auf" | "resign" | "resigns" | "gibt auf" => {
                self.resign(!self.player, now, out);
                return;
            }
            "reklamation" | "claim" | "zeit" | "flag" | "time" => {
                self.opponent_claims_time(now, out);
                return;
            }
            _ => {}
        }
        if self.sealed.is_some() {
            let why = self.words.adjourned();
            self.not_taken(Listener::Opponent, trimmed, &why, now, out);
            return;
        }
        if self.game.side_to_move() == self.player {
            let why = self.words.opponent_not_to_move();
            self.not_taken(Listener::Opponent, trimmed, &why, now, out);
            return;
        }
        let Some(mv) = self.parse_opponent_move(trimmed) else {
            // 7.5: not applied; offer to stop the clock and call the arbiter.
            let t = self.words.opponent_illegal(trimmed);
            self.pending = Pending::ConfirmArbiter {
                entered: trimmed.to_string(),
            };
            self.say(
                out,
                now,
                Listener::Player,
                t,
                About::Entered {
                    entered: trimmed.to_string(),
                },
            );
            let t = self.words.opponent_illegal_for_opponent(trimmed);
            self.say(
                out,
                now,
                Listener::Opponent,
                t,
                About::Entered {
                    entered: trimmed.to_string(),
                },
            );
            return;
        };
        if matches!(self.pending, Pending::ConfirmArbiter { .. }) {
            self.pending = Pending::Nothing;
        }
        if self.sealing == Some(!self.player) {
            self.seal(!self.player, mv, now, out);
            return;
        }
        let before = self.pos().clone();
        let words = self.words.spoken(&before, &mv);
        if self.apply_move(!self.player, mv, now, out).is_err() {
            return;
        }
        // A half-heard move of the player is forgotten when the position changes.
        self.pending = Pending::Nothing;
        let about = self.move_about(&before, &mv);
        let t = self.words.opponent_moved(&words);
        self.say(out, now, Listener::Player, t, about);
        self.clock_effect(now, out);
        if self.draw_offer == Some(self.player) {
            self.draw_offer = None;
            let t = self.words.draw_offer_lapsed();
            self.say(out, now, Listener::Player, t, About::Nothing);
        }
        self.check_end(now, out);
    }

    /// The opponent's entry as a move: SAN (English or German letters), UCI, or the player's
    /// spoken vocabulary in either language.
    pub(super) fn parse_opponent_move(&self, text: &str) -> Option<Move> {
        if text.is_empty() {
            return None;
        }
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if let Ok(mv) = self.game.parse_uci(&compact) {
            return Some(mv);
        }
        if let Ok(mv) = self.game.parse_san(&compact) {
            return Some(mv);
        }
        if let Some(readings) = crate::scoresheet::movelist::parse_written(&compact)
            && let Ok(mv) = crate::scoresheet::movelist::resolve(self.pos(), &readings)
        {
            return Some(mv);
        }
        let own = self.words.vocab().lang();
        for lang in [own, other_vocabulary(own)] {
            let interpreter = if lang == own {
                self.interpreter.clone()
            } else {
                Interpreter::new(Vocab::builtin(lang))
            };
            let r = interpreter.interpret_text(self.pos(), text);
            if let (Reading::Move(mv), true) = (r.reading, r.exact) {
                return Some(mv);
            }
        }
        None
    }
}
