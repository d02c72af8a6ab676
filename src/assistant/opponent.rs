//! The opponent's moves as the assistant or relay types them: parsed, made and announced
//! to the player (D.2.4).
use super::*;
use crate::lang::Lang;

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
                if self.draw_agreement_refused(Listener::Opponent, now, out) {
                    return;
                }
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
        let entry = self.classify_opponent_entry(trimmed);
        self.opponent_entry(trimmed, entry, now, out);
    }

    /// The opponent's entry, read already, on his move: made, asked back, or refused.
    fn opponent_entry(&mut self, trimmed: &str, entry: OpponentEntry, now: u64, out: &mut Out) {
        let mv = match entry {
            OpponentEntry::Move(mv) => mv,
            OpponentEntry::Candidates(candidates) => {
                // Settled with the opponent, who entered it: the player is not disturbed.
                self.ask_opponent(candidates, now, out);
                return;
            }
            OpponentEntry::NotAMove => {
                let t = self.words.not_understood(trimmed);
                self.say_about_entry(Listener::Opponent, t, trimmed, now, out);
                return;
            }
            OpponentEntry::Impossible => {
                // 7.5: not applied; offer to stop the clock and call the arbiter.
                self.opponent_question = None;
                self.pending = Pending::ConfirmArbiter {
                    entered: trimmed.to_string(),
                };
                let t = self.words.opponent_illegal(trimmed);
                self.say_about_entry(Listener::Player, t, trimmed, now, out);
                let t = self.words.opponent_illegal_for_opponent(trimmed);
                self.say_about_entry(Listener::Opponent, t, trimmed, now, out);
                return;
            }
        };
        self.opponent_question = None;
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

    /// Says `text` about the opponent's entry `entered` (carried in the `about`).
    fn say_about_entry(
        &mut self,
        to: Listener,
        text: String,
        entered: &str,
        now: u64,
        out: &mut Out,
    ) {
        let about = About::Entered {
            entered: entered.to_string(),
        };
        self.say(out, now, to, text, about);
    }

    /// A move typed by the relay for the side to move (D.2.9.a–c): the opponent's as any of
    /// his entries; the player's made at once, as it already stands on his board. Words that
    /// are no move are the player's (commands); an unclear entry is asked back.
    pub(super) fn relayed(&mut self, text: &str, now: u64, out: &mut Out) {
        let trimmed = text.trim();
        let entry = self.classify_opponent_entry(trimmed);
        if matches!(entry, OpponentEntry::NotAMove) {
            self.heard(&Heard::Text(trimmed.to_string()), now, out);
            return;
        }
        if self.ended.is_some() || self.awaiting_signal {
            // Refused as any entry of the opponent's is now.
            self.event(&Event::Opponent(trimmed.to_string()), now, out);
            return;
        }
        if self.sealed.is_some() {
            let why = self.words.adjourned();
            self.not_taken(Listener::Player, trimmed, &why, now, out);
            return;
        }
        if self.game.side_to_move() != self.player {
            self.opponent_entry(trimmed, entry, now, out);
            return;
        }
        match entry {
            OpponentEntry::Move(mv) => {
                let draw = matches!(self.pending, Pending::ReadBack { draw: true, .. });
                self.pending = Pending::Nothing;
                self.make_player_move(mv, draw, now, out);
            }
            OpponentEntry::Candidates(candidates) => {
                self.ask_opponent(candidates, now, out);
            }
            OpponentEntry::Impossible | OpponentEntry::NotAMove => {
                let t = self.words.not_possible(trimmed);
                self.say(
                    out,
                    now,
                    Listener::Player,
                    t,
                    About::NotUnderstood {
                        heard: trimmed.to_string(),
                    },
                );
            }
        }
    }

    /// The opponent's entry read against the legal moves: SAN (English or German letters),
    /// UCI, a bare square, or the player's spoken vocabulary in either language. While a
    /// question to the opponent waits, a word that tells its candidates apart (the origin
    /// square, file or rank, or one candidate's SAN) answers it.
    pub(super) fn classify_opponent_entry(&self, text: &str) -> OpponentEntry {
        if text.is_empty() {
            return OpponentEntry::NotAMove;
        }
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(candidates) = &self.opponent_question
            && let Some(mv) = narrow_by_origin(self.pos(), candidates, &compact)
        {
            return OpponentEntry::Move(mv);
        }
        if let Ok(mv) = self.game.parse_entered_uci(&compact) {
            return OpponentEntry::Move(mv);
        }
        if let Ok(mv) = self.game.parse_san(&compact) {
            return OpponentEntry::Move(mv);
        }
        let mut impossible = looks_like_uci(&compact);
        if let Some(readings) = crate::scoresheet::movelist::parse_written(&compact) {
            let fits = crate::scoresheet::movelist::fitting(self.pos(), &readings);
            match fits.as_slice() {
                [one] => return OpponentEntry::Move(*one),
                [] => {}
                _ => return OpponentEntry::Candidates(fits),
            }
            // A bare square no pawn can go to ("d2" for a knight's move): the moves to it,
            // asked back, never taken on a guess.
            if let Ok(square) = compact.to_ascii_lowercase().parse::<Square>() {
                let to: Vec<Move> = self
                    .pos()
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.to() == square)
                    .collect();
                if !to.is_empty() {
                    return OpponentEntry::Candidates(to);
                }
            }
            impossible = true;
        }
        let own = self.words.vocab().lang();
        for lang in [own, other_vocabulary(own)] {
            let interpreter = if lang == own {
                self.interpreter.clone()
            } else {
                Interpreter::new(Vocab::builtin(lang))
            };
            let reading = interpreter.interpret_text(self.pos(), text);
            match reading.reading {
                Reading::Move(mv) if reading.exact => return OpponentEntry::Move(mv),
                // Only through a near-miss word: confirmed by the opponent, never guessed.
                Reading::Move(mv) => return OpponentEntry::Candidates(vec![mv]),
                Reading::Ambiguous(candidates) | Reading::Incomplete { candidates, .. } => {
                    return OpponentEntry::Candidates(candidates);
                }
                Reading::Illegal(_) => impossible = true,
                Reading::Command(_) | Reading::NotUnderstood => {}
            }
        }
        if impossible {
            OpponentEntry::Impossible
        } else {
            OpponentEntry::NotAMove
        }
    }

    /// Asks the opponent which of the candidates he meant, naming them in SAN, the notation a
    /// sighted player enters (a single candidate is asked back to be confirmed by entering it).
    pub(super) fn ask_opponent(&mut self, candidates: Vec<Move>, now: u64, out: &mut Out) {
        let options: Vec<String> = candidates
            .iter()
            .filter_map(|mv| self.game.san_of(mv).ok())
            .collect();
        let t = self.words.opponent_which(&options);
        self.opponent_question = Some(candidates);
        self.say(out, now, Listener::Opponent, t, About::Nothing);
    }
}

/// What an entry of the opponent is.
pub(super) enum OpponentEntry {
    /// Exactly one legal move.
    Move(Move),
    /// Several legal moves fit, or one only through a guess (a bare square, a near-miss
    /// word): asked back to the opponent.
    Candidates(Vec<Move>),
    /// A move in form that no legal move fits (7.5).
    Impossible,
    /// Not a move at all (a stray word).
    NotAMove,
}

/// `e2e5`, `e7e8q`: the UCI form, legal or not.
fn looks_like_uci(text: &str) -> bool {
    let b = text.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

/// The one candidate an answer names: by its origin square ("b1"), file ("b") or rank ("1"),
/// or by its SAN or UCI.
fn narrow_by_origin(pos: &Chess, candidates: &[Move], answer: &str) -> Option<Move> {
    let answer = answer.to_ascii_lowercase();
    let fits: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|mv| {
            let Some(from) = mv.from() else {
                return false;
            };
            let san = shakmaty::san::San::from_move(pos, *mv).to_string();
            answer == from.to_string()
                || answer == from.file().char().to_string()
                || answer == from.rank().char().to_string()
                || answer == san.to_ascii_lowercase()
                || answer == crate::game::uci_in(pos, mv)
        })
        .collect();
    match fits.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The other vocabulary than `lang`'s: an opponent's entry is read in both.
fn other_vocabulary(lang: Lang) -> Lang {
    match lang.default_vocabulary() {
        Lang::En => Lang::De,
        _ => Lang::En,
    }
}
