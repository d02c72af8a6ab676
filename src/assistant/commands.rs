//! The player's commands: what each does when heard or keyed (time, moves, help, the
//! position and the pieces in training mode, resignation, draws, the arbiter, the speech
//! output's volume and rate), and the training mode's questions about a square or a kind of
//! piece.
use super::*;

impl Live {
    /// "Stellung Eva vier", "Stellung Springer": a question about a square or a kind of piece
    /// (training mode only; tournament mode refuses it like the position, 11.3.1). It is never
    /// read as a move. Returns whether the words were such a question.
    pub(super) fn piece_query(&mut self, text: &str, now: u64, out: &mut Out) -> bool {
        let vocab = self.words.vocab();
        let words = split_words(text);
        let Some((first, rest)) = words.split_first() else {
            return false;
        };
        if rest.is_empty() || vocab.lookup(first) != Some(Meaning::Command(Command::Position)) {
            return false;
        }
        let rest = rest.join(" ");
        let square = parse_square(vocab, &rest);
        let role = split_words(&rest)
            .iter()
            .find_map(|w| match vocab.lookup(w) {
                Some(Meaning::Piece(r)) => Some(r),
                _ => None,
            });
        let t = match (self.mode, square, role) {
            (Mode::Tournament, _, _) => self.words.not_in_tournament(),
            (Mode::Training, Some(sq), _) => {
                let piece = self.pos().board().piece_at(sq);
                self.words.square_query(sq, piece, self.player)
            }
            (Mode::Training, None, Some(role)) => {
                self.words.piece_query(self.pos(), role, self.player)
            }
            (Mode::Training, None, None) => self.words.not_understood(text.trim()),
        };
        self.say(
            out,
            now,
            Listener::Player,
            t,
            About::NotUnderstood {
                heard: text.trim().to_string(),
            },
        );
        true
    }

    /// Carries out a command. `by` says where it came from: what ends the game or goes to the
    /// opponent (a draw accepted, claimed or offered) is asked back first when it was heard.
    pub(super) fn command(&mut self, c: Command, heard: &str, by: By, now: u64, out: &mut Out) {
        match c {
            Command::Time => self.say_time(now, out),
            Command::Moves => self.say_moves(now, out),
            Command::Repeat => self.repeat(now, out),
            Command::LastMove => self.say_last_move(now, out),
            Command::Scoresheet => self.read_scoresheet(None, now, out),
            Command::Louder | Command::Softer | Command::Faster | Command::Slower => {
                self.speech_setting(c, now, out)
            }
            Command::Help => {
                let state = if self.ended.is_some() {
                    HelpState::Over
                } else {
                    match self.pending {
                        Pending::ReadBack { .. } => HelpState::ReadBack,
                        Pending::Question { .. }
                        | Pending::ConfirmArbiter { .. }
                        | Pending::ConfirmResign
                        | Pending::ConfirmCommand { .. }
                        | Pending::ConfirmDraw { .. } => HelpState::Question,
                        Pending::Nothing if self.game.side_to_move() == self.player => {
                            HelpState::YourMove
                        }
                        Pending::Nothing => HelpState::OpponentsMove,
                    }
                };
                let t = self.words.help(state);
                self.say(out, now, Listener::Player, t, About::ReadOut(ReadOut::Help));
            }
            Command::Position => match self.mode {
                Mode::Training => {
                    let t = self.words.position(self.pos(), self.player);
                    self.say(
                        out,
                        now,
                        Listener::Player,
                        t,
                        About::ReadOut(ReadOut::Position),
                    );
                }
                Mode::Tournament => {
                    let t = self.words.not_in_tournament();
                    self.say(out, now, Listener::Player, t, About::Nothing);
                }
            },
            _ if self.ended.is_some() => {
                let result = self
                    .ended
                    .as_ref()
                    .map(|e| e.result.clone())
                    .unwrap_or_default();
                let t = self.words.game_over(&result);
                self.say(out, now, Listener::Player, t, About::Nothing);
            }
            Command::Yes => match self.pending.clone() {
                Pending::ReadBack { mv, draw, .. } => {
                    self.pending = Pending::Nothing;
                    self.make_player_move(mv, draw, now, out);
                }
                Pending::ConfirmResign => {
                    self.pending = Pending::Nothing;
                    self.resign(self.player, now, out);
                }
                Pending::ConfirmCommand { command } => {
                    self.pending = Pending::Nothing;
                    self.command(command, heard, By::Voice, now, out);
                }
                Pending::ConfirmArbiter { entered } => {
                    self.pending = Pending::Nothing;
                    let why = self
                        .words
                        .impossible_entry_for_arbiter(!self.player, &entered);
                    self.call_arbiter(&why, now, out);
                }
                Pending::ConfirmDraw { resume, .. } => {
                    // The act is decided again now: an offer of the opponent may have come
                    // meanwhile, which the player's "Remis" then accepts.
                    self.pending = *resume;
                    self.player_draw(now, out);
                }
                Pending::Question {
                    kind,
                    candidates,
                    text,
                } => {
                    let reading = self.interpreter.interpret_text(self.pos(), heard);
                    self.answer(kind, &candidates, &text, &reading, heard, now, out);
                }
                Pending::Nothing if self.draw_offer == Some(!self.player) => match by {
                    By::Key => self.agree_draw(now, out),
                    By::Voice => self.ask_draw(now, out),
                },
                Pending::Nothing => {
                    let t = self.words.nothing_to_confirm();
                    self.say(out, now, Listener::Player, t, About::Nothing);
                }
            },
            Command::No | Command::Correction => match self.pending.clone() {
                Pending::ReadBack { .. } => {
                    self.pending = Pending::Nothing;
                    let t = self.words.withdrawn();
                    self.say(out, now, Listener::Player, t, About::Nothing);
                }
                Pending::Question { .. }
                | Pending::ConfirmResign
                | Pending::ConfirmCommand { .. }
                | Pending::ConfirmArbiter { .. } => {
                    self.pending = Pending::Nothing;
                    let t = self.words.cancelled();
                    self.say(out, now, Listener::Player, t, About::Nothing);
                }
                Pending::ConfirmDraw { resume, .. } => {
                    self.resume_after_draw_question(*resume, now);
                    let t = self.words.draw_not_confirmed();
                    self.say(out, now, Listener::Player, t, About::Nothing);
                }
                Pending::Nothing if c == Command::No && self.draw_offer == Some(!self.player) => {
                    self.draw_offer = None;
                    let t = self.words.draw_declined();
                    self.say(out, now, Listener::Opponent, t.clone(), About::Nothing);
                    self.say(out, now, Listener::Player, t, About::Nothing);
                }
                Pending::Nothing => {
                    let last_was_ours = self
                        .game
                        .moves()
                        .last()
                        .is_some_and(|m| m.color == self.player);
                    let t = if last_was_ours {
                        self.words.too_late_to_withdraw()
                    } else {
                        self.words.nothing_to_withdraw()
                    };
                    self.say(out, now, Listener::Player, t, About::Nothing);
                }
            },
            Command::Draw => match by {
                By::Key => self.player_draw(now, out),
                By::Voice => self.ask_draw(now, out),
            },
            Command::Resign => {
                self.pending = Pending::ConfirmResign;
                let t = self.words.resign_question();
                self.say(out, now, Listener::Player, t, About::Nothing);
            }
            Command::Arbiter => {
                let why = self.words.player_calls_arbiter(self.player);
                self.call_arbiter(&why, now, out)
            }
        }
    }

    fn call_arbiter(&mut self, why: &str, now: u64, out: &mut Out) {
        if let Some(clock) = self.clock.as_mut()
            && matches!(clock.state(), ClockState::Running(_))
        {
            let events = clock.pause(now).unwrap_or_default();
            self.clock_events(events, now, out);
            self.clock_effect(now, out);
        }
        let t = self.words.arbiter_called();
        self.say(out, now, Listener::Player, t.clone(), About::ArbiterCalled);
        self.say(out, now, Listener::Opponent, t, About::ArbiterCalled);
        let summon = self.words.arbiter_summoned(why);
        self.say(out, now, Listener::Arbiter, summon, About::Nothing);
    }

    pub(super) fn say_moves(&mut self, now: u64, out: &mut Out) {
        let completed = self
            .game
            .moves()
            .iter()
            .filter(|m| m.color == self.player)
            .count() as u32;
        let to_control = self
            .clock
            .as_ref()
            .and_then(|c| c.moves_to_next_control(self.player));
        let text = time_words::moves_report(completed, to_control, self.spec.lang);
        let about = About::Moves {
            moves: completed,
            to_control,
            clocks: self.clock.as_ref().map(|clock| {
                let r = clock.reading(now);
                ClockTimes {
                    white_ms: r.white_ms,
                    black_ms: r.black_ms,
                }
            }),
        };
        self.say(out, now, Listener::Player, text, about);
    }
}
