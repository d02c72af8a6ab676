//! The player's spoken words: where what was heard goes (a read-out he asked for, the answer
//! to what waits, a command, asked back first when the recognizer was unsure of it, or a move
//! to read back), and what he may say now, for the recognizer's grammar.
use super::*;
use crate::interpret::{Missing, spoken::reason_text};

impl Live {
    pub(super) fn heard(&mut self, heard: &Heard, now: u64, out: &mut Out) {
        let alternatives = heard.alternatives();
        let text = heard.best();
        // Read-outs of a square, a piece or the scoresheet from a move on only on a sure
        // hearing: noise forced onto "Partieformular ab Zug zwölf" would start a long one.
        let sure = alternatives
            .first()
            .is_some_and(|(_, c)| *c >= crate::interpret::SURE_SHARE);
        if sure && (self.piece_query(&text, now, out) || self.scoresheet_query(&text, now, out)) {
            return;
        }
        let mut reading = self.interpreter.interpret(self.pos(), &alternatives);
        let heard_text = reading.heard.clone();
        if matches!(reading.reading, Reading::Command(_))
            && !reading.exact
            && !matches!(self.pending, Pending::Nothing)
        {
            // One question at a time: a command the recognizer was unsure of, heard while
            // something waits for the player's answer, is not understood.
            reading.reading = Reading::NotUnderstood;
        }

        match self.interpreter.answer_to_a_waiting_read_back(&reading) {
            // A "nein" heard unsurely answers a question that waits for "ja" or "nein":
            // withdrawing errs on the safe side (the player says the move again), while
            // asking again would leave a player whose "nein" the recognizer never hears
            // surely no way to say it. In a read-back's window it holds the window first.
            Some(c @ (Command::No | Command::Correction)) if self.asks_for_an_answer() => {
                self.command(c, &heard_text, By::Voice, now, out);
                return;
            }
            // An unsure "ja" makes only a read-back that waits for it: never in the window,
            // never a move with a draw offer, nor another question (a resignation).
            Some(Command::Yes)
                if matches!(
                    self.pending,
                    Pending::ReadBack {
                        window: false,
                        draw: false,
                        ..
                    }
                ) =>
            {
                self.command(Command::Yes, &heard_text, By::Voice, now, out);
                return;
            }
            _ => {}
        }

        if self.ended.is_some() {
            if let Reading::Command(c) = reading.reading {
                self.heard_command(c, reading.exact, &heard_text, now, out);
            } else {
                let why = self.game_over_sentence();
                self.not_taken(Listener::Player, &heard_text, &why, now, out);
            }
            return;
        }

        match self.pending.clone() {
            Pending::Question {
                kind,
                candidates,
                text: question,
            } => {
                self.answer(kind, &candidates, &question, &reading, &text, now, out);
                return;
            }
            Pending::ConfirmResign
            | Pending::ConfirmArbiter { .. }
            | Pending::ConfirmCommand { .. } => {
                if let Reading::Command(c @ (Command::Yes | Command::No)) = reading.reading {
                    self.command(c, &heard_text, By::Voice, now, out);
                    return;
                }
                // Anything else leaves the question unanswered: it is cancelled.
                self.pending = Pending::Nothing;
            }
            Pending::ConfirmDraw { resume, .. } => {
                if let Reading::Command(c @ (Command::Yes | Command::No | Command::Correction)) =
                    reading.reading
                {
                    self.command(c, &heard_text, By::Voice, now, out);
                    return;
                }
                // Anything else is no "ja": no draw, and what waited before goes on.
                self.resume_after_draw_question(*resume, now);
            }
            Pending::ReadBack { .. } | Pending::Nothing => {}
        }

        if self.awaiting_signal && !matches!(reading.reading, Reading::Command(_)) {
            // Before the arbiter's signal the game is being prepared: nothing is played.
            let why = self.words.before_signal();
            self.not_taken(Listener::Player, &heard_text, &why, now, out);
            return;
        }
        if self.sealed.is_some() && !matches!(reading.reading, Reading::Command(_)) {
            // Adjourned: nothing is played before the sealed move is made at the resumption
            // (Guidelines I, D.2.9.f).
            let why = self.words.adjourned();
            self.not_taken(Listener::Player, &heard_text, &why, now, out);
            return;
        }
        // Words that read as a move (made, asked about or refused) while the opponent is to
        // move are no move of the player's.
        let move_words = !matches!(
            reading.reading,
            Reading::Command(_) | Reading::NotUnderstood
        );
        if move_words && self.game.side_to_move() != self.player {
            let t = self.words.not_your_turn(&heard_text);
            self.say(out, now, Listener::Player, t, About::Nothing);
            return;
        }
        match reading.reading.clone() {
            Reading::Command(c) => self.heard_command(c, reading.exact, &heard_text, now, out),
            Reading::Move(mv) => {
                // The opponent's move said back, as people acknowledge it, is no move of the
                // player's even where its words name one: only an explicit "ja" makes it.
                let sure = reading.exact && !self.repeats_opponents_move(&text);
                self.read_back(mv, sure, now, out);
            }
            Reading::Ambiguous(candidates) => {
                self.ask(QuestionKind::Which, candidates, now, out);
            }
            Reading::Incomplete {
                missing,
                candidates,
            } => {
                let kind = match missing {
                    Missing::Promotion => QuestionKind::Promotion,
                    Missing::Piece => QuestionKind::Piece,
                };
                if kind == QuestionKind::Piece && candidates.len() == 1 {
                    // "Springer Felix drei?": only an explicit "ja" makes it.
                    self.read_back(candidates[0], false, now, out);
                } else {
                    self.ask(kind, candidates, now, out);
                }
            }
            Reading::Illegal(reason) => {
                self.pending = Pending::Nothing;
                let t = match self.mode {
                    Mode::Tournament => self.words.not_possible(&heard_text),
                    Mode::Training => self.words.not_possible_because(
                        &heard_text,
                        &reason_text(&reason, self.words.catalog()),
                    ),
                };
                self.say(
                    out,
                    now,
                    Listener::Player,
                    t,
                    About::NotUnderstood {
                        heard: heard_text.clone(),
                    },
                );
            }
            Reading::NotUnderstood => {
                let t = self.words.not_understood(&heard_text);
                self.say(
                    out,
                    now,
                    Listener::Player,
                    t,
                    About::NotUnderstood {
                        heard: heard_text.clone(),
                    },
                );
                self.hold_read_back(now, out);
            }
        }
    }

    /// Whether what waits is a question to the player that "nein" answers: a read-back that
    /// waits for "ja" (unsure, a capture, or held), or a question about the move meant.
    fn asks_for_an_answer(&self) -> bool {
        match &self.pending {
            Pending::ReadBack { window, .. } => !window,
            Pending::Question { .. } => true,
            _ => false,
        }
    }

    /// A command heard: carried out when the recognizer was sure of it, or where it asks
    /// back itself (resignation, a draw); else asked back first ("Meinten Sie Zeit?").
    fn heard_command(&mut self, c: Command, exact: bool, heard: &str, now: u64, out: &mut Out) {
        if exact || matches!(c, Command::Resign | Command::Draw) {
            self.command(c, heard, By::Voice, now, out);
        } else {
            self.pending = Pending::ConfirmCommand { command: c };
            self.ask_command(c, now, out);
        }
    }

    pub(super) fn ask_command(&mut self, c: Command, now: u64, out: &mut Out) {
        let word = self.vocab_word(c);
        let t = self.words.command_question(&word);
        self.say(out, now, Listener::Player, t, About::Nothing);
    }

    pub(super) fn expecting(&self) -> Expecting {
        if self.ended.is_some() {
            return Expecting::Commands;
        }
        match &self.pending {
            Pending::Question { candidates, .. } => {
                let pos = self.pos();
                let mut phrases: Vec<String> = Vec::new();
                for mv in candidates {
                    let mut names = vec![self.words.by_origin(pos, mv), self.words.spoken(pos, mv)];
                    if let Some(from) = mv.from() {
                        names.push(self.words.square(from));
                    }
                    for p in names {
                        let p = p.replace(',', "").to_lowercase();
                        if !phrases.contains(&p) {
                            phrases.push(p);
                        }
                    }
                }
                Expecting::Answer { phrases }
            }
            // A command asked back may have come from chatter: the player's move, said
            // instead of an answer, is heard as a move.
            Pending::ConfirmCommand { .. } if self.game.side_to_move() == self.player => {
                Expecting::Move { answers: true }
            }
            Pending::ConfirmCommand { .. } => Expecting::Commands,
            Pending::ConfirmArbiter { .. }
            | Pending::ConfirmResign
            | Pending::ConfirmDraw { .. } => Expecting::Answer {
                phrases: Vec::new(),
            },
            Pending::ReadBack { .. } => Expecting::Move { answers: true },
            Pending::Nothing if self.game.side_to_move() == self.player => Expecting::Move {
                answers: self.draw_offer == Some(!self.player),
            },
            Pending::Nothing => Expecting::Commands,
        }
    }
}
