//! The assistant of FIDE Appendix D as a pure state machine: events in, effects out.
//!
//! [`Assistant::handle`] owns the game, the clock and the scoresheet and reads no device, no
//! wall clock and no disk: time comes in with each event. A player's move is read back and
//! made only when the player confirms it or the correction window passes (D.2.1, D.2.3,
//! D.2.6); only a made move is announced to the opponent, written on the scoresheet and
//! starts the opponent's clock. In tournament mode the assistant says only what D.2.9 allows.
//!
//! The correction window is `confirm_ms` long. It starts at the read-back, unless the game was
//! started with `window_after_playback` (as `play` does): then it starts when the shell reports
//! with [`Event::Played`] that the read-back has finished playing, and until then only "ja"
//! makes the move. Each read-back has a number (`read_back_no` in its `say` effect's `about`);
//! a `played` event names it, so that the late notice of a withdrawn or replaced read-back
//! starts nothing. A `played` event never shortens a window, and a read-back from an inexact
//! reading has no window at all.
//!
//! ```
//! use rochade::assistant::{Assistant, protocol::{Effect, Event, Heard, StartSpec, TimedEvent}};
//! use rochade::vocab::Command;
//! use shakmaty::Color;
//!
//! let mut a = Assistant::new();
//! let mut spec = StartSpec::new(Color::White);
//! spec.time_control = Some("5400+30".into());
//! spec.confirm_ms = 0; // only an explicit "ja" makes the move
//! a.handle(&TimedEvent { at: 0, event: Event::Start(Box::new(spec)) });
//! let said = a.handle(&TimedEvent { at: 1500, event: Event::Heard(Heard::Text("Springer Felix drei".into())) });
//! assert!(matches!(&said[0].effect, Effect::Say { text, .. } if text == "Springer Felix drei?"));
//! let made = a.handle(&TimedEvent { at: 2500, event: Event::Command(Command::Yes) });
//! assert!(made.iter().any(|e| matches!(&e.effect, Effect::Made { uci, .. } if uci == "g1f3")));
//! ```
pub mod protocol;
pub mod words;

use serde_json::{Value, json};
use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::clock::Speed;
use crate::clock::{
    Adjustment, Clock, ClockEvent, ClockSettings, ClockState, DEFAULT_WARNINGS_MS, TimeControl,
    spoken as time_words,
};
use crate::game::laws::{self, GameKind, IllegalMovePenalty, Supervision};
use crate::game::{EndReason, Game, GameResult, MateAbility};
use crate::interpret::{Interpreter, Missing, Reading, spoken::reason_text, uci};
use crate::lang::Lang;
use crate::scoresheet::record::{ClaimKind, ClaimOutcome, Clocks, Headers, Record};
use crate::vocab::{Command, Meaning, Vocab, split_words};
use protocol::{
    ArbiterAction, Effect, Event, Heard, Listener, Mode, Played, StartSpec, TimedEffect,
    TimedEvent, Warnings,
};
use words::{HelpState, Words};

/// What the player may say now, for a recognizer's grammar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expecting {
    /// A move (the legal moves' phrases and the commands); `answers`: yes and no too (a
    /// read-back waits, or the opponent's draw offer).
    Move { answers: bool },
    /// The answer to a question: yes, no, the promotion pieces, and these phrases (the
    /// candidates' names).
    Answer { phrases: Vec<String> },
    /// Only commands (the opponent's move, or the game is over).
    Commands,
}

/// What the assistant waits for from the player.
#[derive(Debug, Clone, PartialEq)]
enum Pending {
    Nothing,
    /// A move read back, made at "ja" or when the window passes (`deadline`).
    ReadBack {
        mv: Move,
        words: String,
        /// The read-back's number in the game (from 1), which a `played` event names.
        no: u64,
        /// Whether it has a correction window at all (an exact reading and `confirm_ms` > 0);
        /// an inexact one waits for "ja".
        window: bool,
        /// When the window passes: `None` without a window, or while the read-back is still
        /// being played (`window_after_playback`).
        deadline: Option<u64>,
        /// A draw was offered or claimed together with this move.
        draw: bool,
    },
    /// A question about which move was meant.
    Question {
        kind: QuestionKind,
        candidates: Vec<Move>,
        text: String,
    },
    /// "Do you really resign?"
    ConfirmResign,
    /// "Stop the clock and call the arbiter?" after an impossible move of the opponent (the
    /// entry, for the arbiter).
    ConfirmArbiter {
        entered: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum QuestionKind {
    Which,
    Promotion,
    Piece,
}

#[derive(Debug, Clone)]
struct Ended {
    result: String,
}

/// One game in progress.
struct Live {
    spec: StartSpec,
    player: Color,
    mode: Mode,
    game: Game,
    clock: Option<Clock>,
    record: Record,
    interpreter: Interpreter,
    words: Words,
    pending: Pending,
    last_said: Option<(String, Value)>,
    /// The side whose draw offer stands (9.1).
    draw_offer: Option<Color>,
    /// The side that seals its next move (adjournment, Appendix E / D.2.9.f).
    sealing: Option<Color>,
    /// The sealed move waiting for the resumption.
    sealed: Option<(Color, Move)>,
    player_flag_fell: bool,
    /// Completed illegal moves the arbiter has penalised, White's and Black's (7.5.5, 7.4.b).
    illegal_moves: [u32; 2],
    ended: Option<Ended>,
    warnings: bool,
    /// Read-backs said so far in the game (the number of the last one).
    read_backs: u64,
}

/// The assistant. Create it, then feed it events; the first must be `Start`.
#[derive(Default)]
pub struct Assistant {
    live: Option<Box<Live>>,
}

/// Collects effects at their times.
struct Out {
    effects: Vec<TimedEffect>,
}

impl Out {
    fn push(&mut self, at: u64, effect: Effect) {
        self.effects.push(TimedEffect { at, effect });
    }
}

impl Assistant {
    /// An assistant with no game yet.
    pub fn new() -> Assistant {
        Assistant { live: None }
    }

    /// Handles one event at its time and returns the effects, in the order to carry them out.
    pub fn handle(&mut self, event: &TimedEvent) -> Vec<TimedEffect> {
        let mut out = Out {
            effects: Vec::new(),
        };
        let now = event.at;
        match (&event.event, self.live.as_mut()) {
            (Event::Start(spec), _) => match Live::start(spec, now, &mut out) {
                Ok(live) => self.live = Some(Box::new(live)),
                Err(err) => out.push(now, Effect::Error { error: err }),
            },
            (_, None) => out.push(
                now,
                Effect::Error {
                    error: "the game has not started: the first event must be \"start\"".into(),
                },
            ),
            (ev, Some(live)) => {
                live.fire_due(now, &mut out);
                live.event(ev, now, &mut out);
            }
        }
        out.effects
    }

    /// Whether something is due by `now` (the correction window passed, a flag fell, a warning
    /// is reached): the shell then sends a `tick`. Ticks with nothing due need not be journaled.
    pub fn due(&self, now: u64) -> bool {
        let Some(live) = &self.live else {
            return false;
        };
        if live.ended.is_some() {
            return false;
        }
        if let Pending::ReadBack {
            deadline: Some(d), ..
        } = live.pending
            && d <= now
        {
            return true;
        }
        match &live.clock {
            Some(clock) => !clock.clone().poll(now).is_empty(),
            None => false,
        }
    }

    /// The game, once started.
    pub fn game(&self) -> Option<&Game> {
        self.live.as_ref().map(|l| &l.game)
    }

    /// The scoresheet record, once started.
    pub fn record(&self) -> Option<&Record> {
        self.live.as_ref().map(|l| &l.record)
    }

    /// The settings the game started with.
    pub fn spec(&self) -> Option<&StartSpec> {
        self.live.as_ref().map(|l| &l.spec)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.live.as_ref().is_some_and(|l| l.ended.is_some())
    }

    /// Whether the player is to move now (and the game goes on).
    pub fn player_to_move(&self) -> bool {
        self.live
            .as_ref()
            .is_some_and(|l| l.ended.is_none() && l.game.side_to_move() == l.player)
    }

    /// Whether a question or read-back waits for the player's answer.
    pub fn awaiting_answer(&self) -> bool {
        self.live
            .as_ref()
            .is_some_and(|l| !matches!(l.pending, Pending::Nothing))
    }

    /// What the player may say now, for the recognizer's grammar: moves (and, after a
    /// read-back, the answers to it), the answers of a pending question, or only commands.
    pub fn expecting(&self) -> Expecting {
        match &self.live {
            Some(live) => live.expecting(),
            None => Expecting::Commands,
        }
    }

    /// Both clocks at `now`, if the game has a clock.
    pub fn clock_reading(&self, now: u64) -> Option<crate::clock::ClockReading> {
        self.live
            .as_ref()
            .and_then(|l| l.clock.as_ref().map(|c| c.reading(now)))
    }

    /// The blind player's side, once started.
    pub fn player(&self) -> Option<Color> {
        self.live.as_ref().map(|l| l.player)
    }

    /// The read-back that waits for the end of its playback before its correction window
    /// starts (`window_after_playback`), as the `played` event that would start it. After a
    /// resume the shell starts it at once: the player heard it before the interruption.
    pub fn read_back_awaiting_playback(&self) -> Option<Played> {
        match &self.live.as_ref()?.pending {
            Pending::ReadBack {
                mv,
                no,
                window: true,
                deadline: None,
                ..
            } => Some(Played {
                read_back: *no,
                uci: Some(uci(mv)),
            }),
            _ => None,
        }
    }

    /// The last thing said to the player.
    pub fn last_said(&self) -> Option<&str> {
        self.live
            .as_ref()
            .and_then(|l| l.last_said.as_ref().map(|(t, _)| t.as_str()))
    }
}

fn warnings_on(spec: &StartSpec) -> Vec<u64> {
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

impl Live {
    fn start(spec: &StartSpec, now: u64, out: &mut Out) -> Result<Live, String> {
        let game = Game::new(spec.fen.as_deref(), spec.rules).map_err(|e| e.to_string())?;
        let player: Color = spec.player.into();
        let vocab = Vocab::builtin(spec.lang);
        let warning_list = warnings_on(spec);
        let clock = match spec.time_control.as_deref().map(str::trim) {
            None | Some("") | Some("-") => None,
            Some(text) => {
                let tc: TimeControl = text.parse().map_err(|e| format!("{e}"))?;
                let mut settings = spec.clock.clone().unwrap_or_default();
                settings.rules = spec.rules;
                settings.warnings_ms = warning_list.clone();
                Some(Clock::new(tc, settings))
            }
        };
        let name = |n: &Option<String>, fallback: &str| n.clone().unwrap_or(fallback.into());
        let (player_name, opp_name) = match spec.lang {
            Lang::De => ("Spieler", "Gegner"),
            Lang::En => ("Player", "Opponent"),
        };
        let (white_default, black_default) = if player == Color::White {
            (player_name, opp_name)
        } else {
            (opp_name, player_name)
        };
        let headers = Headers {
            white: name(&spec.white, white_default),
            black: name(&spec.black, black_default),
            event: spec.event.clone().unwrap_or_default(),
            site: spec.site.clone().unwrap_or_default(),
            date: spec.date.clone().unwrap_or_default(),
            round: spec.round.clone().unwrap_or_default(),
            time_control: clock.as_ref().map(|c| c.time_control().to_string()),
            rules_edition: Some(spec.rules.name().to_string()),
            extra: Vec::new(),
        };
        let start_fen = spec.fen.clone();
        let mut record = Record::new(headers, start_fen).map_err(|e| e.to_string())?;
        let mut live = Live {
            spec: spec.clone(),
            player,
            mode: spec.mode,
            interpreter: Interpreter::new(vocab.clone()),
            words: Words::new(vocab),
            game,
            clock,
            record: Record::new(Headers::default(), None).map_err(|e| e.to_string())?,
            pending: Pending::Nothing,
            last_said: None,
            draw_offer: None,
            sealing: None,
            sealed: None,
            player_flag_fell: false,
            illegal_moves: [0, 0],
            ended: None,
            warnings: !warning_list.is_empty(),
            read_backs: 0,
        };
        // The arbiter starts the clock of the side to move at the start (FIDE 6.5).
        let to_move = live.game.side_to_move();
        if let Some(clock) = live.clock.as_mut() {
            let _ = clock.start(to_move, now);
            let r = clock.reading(now);
            record.start_clocks = Some(Clocks::new(r.white_ms, r.black_ms));
        }
        live.record = record;
        live.clock_effect(now, out);
        if let Some(end) = live.game.outcome() {
            live.end_game(
                end.result,
                &live.words.end_reason(end.reason),
                end_reason_key(end.reason),
                now,
                out,
            );
        }
        Ok(live)
    }

    // ----- output helpers -------------------------------------------------------------------

    fn say(&mut self, out: &mut Out, at: u64, to: Listener, text: String, about: Value) {
        if to == Listener::Player {
            self.last_said = Some((text.clone(), about.clone()));
        }
        out.push(at, Effect::Say { to, text, about });
    }

    fn clock_effect(&self, at: u64, out: &mut Out) {
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

    fn clocks_now(&self, at: u64) -> Option<Clocks> {
        self.clock.as_ref().map(|c| {
            let r = c.reading(at);
            Clocks::new(r.white_ms, r.black_ms)
        })
    }

    fn pos(&self) -> &Chess {
        self.game.position()
    }

    fn move_about(&self, pos: &Chess, mv: &Move) -> Value {
        json!({"uci": uci(mv), "san": shakmaty::san::SanPlus::from_move(pos.clone(), *mv).to_string()})
    }

    // ----- time -----------------------------------------------------------------------------

    /// Carries out what fell due by `now`: the correction window, then the clock's events.
    fn fire_due(&mut self, now: u64, out: &mut Out) {
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
        self.poll_clock(now, out);
    }

    fn poll_clock(&mut self, now: u64, out: &mut Out) {
        if self.ended.is_some() {
            return;
        }
        let events = match self.clock.as_mut() {
            Some(c) => c.poll(now),
            None => return,
        };
        self.clock_events(events, now, out);
    }

    fn clock_events(&mut self, events: Vec<ClockEvent>, now: u64, out: &mut Out) {
        for event in events {
            if self.ended.is_some() {
                return;
            }
            match event {
                ClockEvent::Moved { .. } => {}
                ClockEvent::Warning { .. } => {
                    if self.warnings
                        && let Some(text) =
                            time_words::event_words(&event, self.player, self.spec.lang)
                    {
                        self.say(out, now, Listener::Player, text, Value::Null);
                    }
                }
                ClockEvent::PeriodAdded { trigger, .. } => {
                    if self.warnings
                        && let Some(text) =
                            time_words::event_words(&event, self.player, self.spec.lang)
                    {
                        self.say(out, now, Listener::Player, text, Value::Null);
                    }
                    if trigger == crate::clock::PeriodTrigger::Flag {
                        self.clock_effect(now, out);
                    }
                }
                ClockEvent::Flag {
                    side,
                    at_ms,
                    final_period,
                    moves_done,
                    ..
                } => {
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
                    if let Some(text) = time_words::event_words(&event, self.player, self.spec.lang)
                    {
                        self.say(out, now, Listener::Player, text, Value::Null);
                    }
                    if side == self.player {
                        self.player_flag_fell = true;
                    } else if !self.player_flag_fell {
                        self.claim_time(now, out);
                    }
                }
            }
        }
    }

    /// D.2.9.e: the opponent's flag fell; the assistant claims for the player.
    fn claim_time(&mut self, now: u64, out: &mut Out) {
        self.time_claim(self.player, now, out);
    }

    /// A claim of the other side's flag (6.9, D.2.9.e): a win for `claimant` unless it cannot
    /// checkmate by any series of legal moves; an undecided search counts as "can".
    fn time_claim(&mut self, claimant: Color, now: u64, out: &mut Out) {
        out.push(
            now,
            Effect::Claim {
                claim: "time".into(),
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
        let (result, words, key) = match (can_mate, by_player) {
            (true, true) => (
                GameResult::win_for(claimant),
                self.words.time_claim_won(),
                "time",
            ),
            (false, true) => (
                GameResult::Draw,
                self.words.time_claim_cannot_mate(),
                "time, but the claimant cannot mate",
            ),
            (true, false) => (
                GameResult::win_for(claimant),
                self.words.own_time_lost(),
                "time",
            ),
            (false, false) => (
                GameResult::Draw,
                self.words.own_time_draw(),
                "time, but the claimant cannot mate",
            ),
        };
        let neutral = self.words.time_up(!claimant, can_mate);
        self.end_game_told(result, &words, &neutral, key, now, out);
    }

    // ----- events ---------------------------------------------------------------------------

    fn event(&mut self, event: &Event, now: u64, out: &mut Out) {
        match event {
            Event::Start(_) => {}
            Event::Tick(_) => {}
            Event::Heard(heard) => self.heard(heard, now, out),
            Event::Command(c) => self.command(*c, &self.vocab_word(*c), now, out),
            Event::Opponent(text) => self.opponent(text, now, out),
            Event::Arbiter(action) => self.arbiter(action, now, out),
            Event::Touched(square) => self.touched(square, now, out),
            Event::Played(played) => self.played(played, now),
        }
    }

    /// A read-back finished playing at `now`: the player gets the whole correction window
    /// from now on (D.2.6). Only the read-back that waits, named by its number (and move),
    /// is concerned: a late notice of a withdrawn or replaced read-back changes nothing, and
    /// a window is never shortened.
    fn played(&mut self, played: &Played, now: u64) {
        if let Pending::ReadBack {
            mv,
            no,
            window: true,
            deadline,
            ..
        } = &mut self.pending
            && *no == played.read_back
            && played.uci.as_deref().is_none_or(|u| u == uci(mv))
        {
            let from_now = now.saturating_add(self.spec.confirm_ms);
            *deadline = Some(deadline.map_or(from_now, |d| d.max(from_now)));
        }
    }

    fn vocab_word(&self, c: Command) -> String {
        self.words
            .vocab()
            .command_word(c)
            .unwrap_or(c.name())
            .to_string()
    }

    fn heard(&mut self, heard: &Heard, now: u64, out: &mut Out) {
        let alternatives = heard.alternatives();
        let text = heard.best();
        if self.piece_query(&text, now, out) {
            return;
        }
        let reading = self.interpreter.interpret(self.pos(), &alternatives);
        let heard_text = reading.heard.clone();

        if self.ended.is_some() {
            if let Reading::Command(c) = reading.reading {
                self.command(c, &heard_text, now, out);
            } else {
                let result = self
                    .ended
                    .as_ref()
                    .map(|e| e.result.clone())
                    .unwrap_or_default();
                let t = self
                    .words
                    .heard_but(&heard_text, &self.words.game_over(&result));
                self.say(out, now, Listener::Player, t, json!({"heard": heard_text}));
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
            Pending::ConfirmResign | Pending::ConfirmArbiter { .. } => {
                if let Reading::Command(c @ (Command::Yes | Command::No)) = reading.reading {
                    self.command(c, &heard_text, now, out);
                    return;
                }
                // Anything else leaves the question unanswered: it is cancelled.
                self.pending = Pending::Nothing;
            }
            Pending::ReadBack { .. } | Pending::Nothing => {}
        }

        if self.sealed.is_some() && !matches!(reading.reading, Reading::Command(_)) {
            // Adjourned: nothing is played before the sealed move is made at the resumption
            // (Guidelines I, D.2.9.f).
            let t = self.words.heard_but(&heard_text, &self.words.adjourned());
            self.say(out, now, Listener::Player, t, json!({"heard": heard_text}));
            return;
        }
        match reading.reading.clone() {
            Reading::Command(c) => self.command(c, &heard_text, now, out),
            Reading::Move(mv) => {
                if self.game.side_to_move() != self.player {
                    let t = self.words.not_your_turn(&heard_text);
                    self.say(out, now, Listener::Player, t, Value::Null);
                    return;
                }
                self.read_back(mv, reading.exact, now, out);
            }
            Reading::Ambiguous(candidates) => {
                if self.game.side_to_move() != self.player {
                    let t = self.words.not_your_turn(&heard_text);
                    self.say(out, now, Listener::Player, t, Value::Null);
                    return;
                }
                self.ask(QuestionKind::Which, candidates, now, out);
            }
            Reading::Incomplete {
                missing,
                candidates,
            } => {
                if self.game.side_to_move() != self.player {
                    let t = self.words.not_your_turn(&heard_text);
                    self.say(out, now, Listener::Player, t, Value::Null);
                    return;
                }
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
                if self.game.side_to_move() != self.player {
                    let t = self.words.not_your_turn(&heard_text);
                    self.say(out, now, Listener::Player, t, Value::Null);
                    return;
                }
                self.pending = Pending::Nothing;
                let t = match self.mode {
                    Mode::Tournament => self.words.not_possible(&heard_text),
                    Mode::Training => self.words.not_possible_because(
                        &heard_text,
                        &reason_text(&reason, self.words.vocab()),
                    ),
                };
                self.say(out, now, Listener::Player, t, json!({"heard": heard_text}));
            }
            Reading::NotUnderstood => {
                let t = self.words.not_understood(&heard_text);
                self.say(out, now, Listener::Player, t, json!({"heard": heard_text}));
            }
        }
    }

    /// "Stellung Eva vier", "Stellung Springer": a question about a square or a kind of piece
    /// (training mode only; tournament mode refuses it like the position, 11.3.1). It is never
    /// read as a move. Returns whether the words were such a question.
    fn piece_query(&mut self, text: &str, now: u64, out: &mut Out) -> bool {
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
        self.say(out, now, Listener::Player, t, json!({"heard": text.trim()}));
        true
    }

    fn read_back(&mut self, mv: Move, exact: bool, now: u64, out: &mut Out) {
        let words = self.words.spoken(self.pos(), &mv);
        let window = exact && self.spec.confirm_ms > 0;
        // With `window_after_playback` the window starts when the shell reports the end of
        // the read-back's playback (`played`); otherwise now.
        let deadline = (window && !self.spec.window_after_playback)
            .then(|| now.saturating_add(self.spec.confirm_ms));
        let draw = matches!(self.pending, Pending::ReadBack { draw: true, .. });
        self.read_backs += 1;
        let no = self.read_backs;
        self.pending = Pending::ReadBack {
            mv,
            words: words.clone(),
            no,
            window,
            deadline,
            draw,
        };
        let text = if exact {
            self.words.read_back(&words)
        } else {
            self.words.read_back_inexact(&words)
        };
        let mut about = self.move_about(self.pos(), &mv);
        about["read_back"] = Value::Bool(true);
        about["read_back_no"] = Value::from(no);
        self.say(out, now, Listener::Player, text, about);
    }

    fn ask(&mut self, kind: QuestionKind, mut candidates: Vec<Move>, now: u64, out: &mut Out) {
        // Said in a fixed order the player can expect: the pieces as D.2.1 lists them (König,
        // Dame, Turm, Läufer, Springer, Bauer), origins from the a-file to the h-file, then by rank.
        let role_rank = |r: Role| match r {
            Role::King => 0,
            Role::Queen => 1,
            Role::Rook => 2,
            Role::Bishop => 3,
            Role::Knight => 4,
            Role::Pawn => 5,
        };
        candidates.sort_by_key(|m| {
            (
                role_rank(m.role()),
                m.from().map(|s| (s.file(), s.rank())),
                m.promotion().map(role_rank),
            )
        });
        let pos = self.pos().clone();
        let text = match kind {
            QuestionKind::Which => {
                let mut names: Vec<String> = Vec::new();
                for mv in &candidates {
                    let name = if mv.promotion().is_some()
                        && candidates
                            .iter()
                            .filter(|c| c.from() == mv.from() && c.to() == mv.to())
                            .count()
                            > 1
                    {
                        self.words.by_origin(&pos, mv)
                    } else if candidates.iter().filter(|c| c.from() == mv.from()).count() > 1
                        || candidates.iter().any(|c| c.to() != mv.to())
                    {
                        // Moves to different squares (two readings of one utterance, "Eva
                        // vier oder Bella vier?"): each said in full.
                        self.words.spoken(&pos, mv)
                    } else {
                        self.words.by_origin(&pos, mv)
                    };
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
                self.words.which_of(&names)
            }
            QuestionKind::Promotion => self.words.which_promotion(candidates[0].to()),
            QuestionKind::Piece => {
                let mut roles: Vec<Role> = Vec::new();
                for mv in &candidates {
                    if !roles.contains(&mv.role()) {
                        roles.push(mv.role());
                    }
                }
                self.words.which_piece(candidates[0].to(), &roles)
            }
        };
        let about = json!({"candidates": candidates.iter().map(uci).collect::<Vec<_>>()});
        self.pending = Pending::Question {
            kind,
            candidates,
            text: text.clone(),
        };
        self.say(out, now, Listener::Player, text, about);
    }

    /// An answer to a question: a command, a whole move, or the missing part.
    #[allow(clippy::too_many_arguments)]
    fn answer(
        &mut self,
        kind: QuestionKind,
        candidates: &[Move],
        question: &str,
        reading: &crate::interpret::Interpretation,
        text: &str,
        now: u64,
        out: &mut Out,
    ) {
        match reading.reading.clone() {
            Reading::Command(Command::No | Command::Correction) => {
                self.pending = Pending::Nothing;
                let t = self.words.cancelled();
                self.say(out, now, Listener::Player, t, Value::Null);
                return;
            }
            Reading::Command(Command::Yes) if candidates.len() == 1 => {
                self.pending = Pending::Nothing;
                self.read_back(candidates[0], true, now, out);
                return;
            }
            Reading::Command(Command::Yes) => {
                let t = question.to_string();
                self.say(out, now, Listener::Player, t, Value::Null);
                return;
            }
            Reading::Command(c) => {
                self.command(c, &reading.heard, now, out);
                return;
            }
            Reading::Move(mv) => {
                self.pending = Pending::Nothing;
                self.read_back(mv, reading.exact, now, out);
                return;
            }
            _ => {}
        }
        let narrowed = narrow(self.words.vocab(), kind, candidates, text);
        match narrowed.len() {
            1 => {
                self.pending = Pending::Nothing;
                self.read_back(narrowed[0], true, now, out);
            }
            0 => {
                let t = self.words.answer_not_fitting(text.trim(), question);
                self.say(out, now, Listener::Player, t, Value::Null);
            }
            _ => {
                let all_same_square = narrowed
                    .iter()
                    .all(|m| m.from() == narrowed[0].from() && m.to() == narrowed[0].to());
                let next = if all_same_square {
                    QuestionKind::Promotion
                } else {
                    QuestionKind::Which
                };
                self.ask(next, narrowed, now, out);
            }
        }
    }

    fn command(&mut self, c: Command, heard: &str, now: u64, out: &mut Out) {
        match c {
            Command::Time => self.say_time(now, out),
            Command::Moves => self.say_moves(now, out),
            Command::Repeat => match self.last_said.clone() {
                Some((text, about)) => self.say(out, now, Listener::Player, text, about),
                None => {
                    let t = self.words.nothing_said_yet();
                    self.say(out, now, Listener::Player, t, Value::Null);
                }
            },
            Command::Help => {
                let state = if self.ended.is_some() {
                    HelpState::Over
                } else {
                    match self.pending {
                        Pending::ReadBack { .. } => HelpState::ReadBack,
                        Pending::Question { .. }
                        | Pending::ConfirmArbiter { .. }
                        | Pending::ConfirmResign => HelpState::Question,
                        Pending::Nothing if self.game.side_to_move() == self.player => {
                            HelpState::YourMove
                        }
                        Pending::Nothing => HelpState::OpponentsMove,
                    }
                };
                let t = self.words.help(state);
                self.say(out, now, Listener::Player, t, Value::Null);
            }
            Command::Position => {
                let t = match self.mode {
                    Mode::Training => self.words.position(self.pos(), self.player),
                    Mode::Tournament => self.words.not_in_tournament(),
                };
                self.say(out, now, Listener::Player, t, Value::Null);
            }
            _ if self.ended.is_some() => {
                let result = self
                    .ended
                    .as_ref()
                    .map(|e| e.result.clone())
                    .unwrap_or_default();
                let t = self.words.game_over(&result);
                self.say(out, now, Listener::Player, t, Value::Null);
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
                Pending::ConfirmArbiter { entered } => {
                    self.pending = Pending::Nothing;
                    let why = self
                        .words
                        .impossible_entry_for_arbiter(!self.player, &entered);
                    self.call_arbiter(&why, now, out);
                }
                Pending::Question {
                    kind,
                    candidates,
                    text,
                } => {
                    let reading = self.interpreter.interpret_text(self.pos(), heard);
                    self.answer(kind, &candidates, &text, &reading, heard, now, out);
                }
                Pending::Nothing if self.draw_offer == Some(!self.player) => {
                    self.agree_draw(now, out);
                }
                Pending::Nothing => {
                    let t = self.words.nothing_to_confirm();
                    self.say(out, now, Listener::Player, t, Value::Null);
                }
            },
            Command::No | Command::Correction => match self.pending.clone() {
                Pending::ReadBack { .. } => {
                    self.pending = Pending::Nothing;
                    let t = self.words.withdrawn();
                    self.say(out, now, Listener::Player, t, Value::Null);
                }
                Pending::Question { .. }
                | Pending::ConfirmResign
                | Pending::ConfirmArbiter { .. } => {
                    self.pending = Pending::Nothing;
                    let t = self.words.cancelled();
                    self.say(out, now, Listener::Player, t, Value::Null);
                }
                Pending::Nothing if c == Command::No && self.draw_offer == Some(!self.player) => {
                    self.draw_offer = None;
                    let t = self.words.draw_declined();
                    self.say(out, now, Listener::Opponent, t.clone(), Value::Null);
                    self.say(out, now, Listener::Player, t, Value::Null);
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
                    self.say(out, now, Listener::Player, t, Value::Null);
                }
            },
            Command::Draw => self.player_draw(now, out),
            Command::Resign => {
                self.pending = Pending::ConfirmResign;
                let t = self.words.resign_question();
                self.say(out, now, Listener::Player, t, Value::Null);
            }
            Command::Arbiter => {
                let why = self.words.player_calls_arbiter(self.player);
                self.call_arbiter(&why, now, out)
            }
        }
    }

    fn say_time(&mut self, now: u64, out: &mut Out) {
        let Some(clock) = &self.clock else {
            let t = self.words.no_clock();
            self.say(out, now, Listener::Player, t, Value::Null);
            return;
        };
        let r = clock.reading(now);
        let moves = clock.moves_completed(self.player);
        let text = time_words::reading_report(&r, self.player, self.spec.lang);
        let about = json!({"white_ms": r.white_ms, "black_ms": r.black_ms, "moves": moves});
        self.say(out, now, Listener::Player, text, about);
    }

    fn say_moves(&mut self, now: u64, out: &mut Out) {
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
        let mut about = json!({"moves": completed});
        if let Some(left) = to_control {
            about["moves_to_control"] = json!(left);
        }
        if let Some(clock) = &self.clock {
            let r = clock.reading(now);
            about["white_ms"] = json!(r.white_ms);
            about["black_ms"] = json!(r.black_ms);
        }
        self.say(out, now, Listener::Player, text, about);
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
        self.say(out, now, Listener::Player, t.clone(), Value::Null);
        self.say(out, now, Listener::Opponent, t, Value::Null);
        let summon = self.words.arbiter_summoned(why);
        self.say(out, now, Listener::Arbiter, summon, Value::Null);
    }

    // ----- moves ----------------------------------------------------------------------------

    /// The player's move is made (D.2.3): board, announcement, scoresheet, the opponent's clock.
    fn make_player_move(&mut self, mv: Move, draw: bool, at: u64, out: &mut Out) {
        if self.sealing == Some(self.player) {
            self.seal(self.player, mv, at, out);
            return;
        }
        let before = self.pos().clone();
        let words = self.words.spoken(&before, &mv);
        if self.apply_move(self.player, mv, at, out).is_err() {
            return;
        }
        let about = self.move_about(&before, &mv);
        let t = self.words.announce(&words);
        self.say(out, at, Listener::Opponent, t, about.clone());
        let made = self.words.made();
        self.say(out, at, Listener::Player, made, about);
        self.clock_effect(at, out);
        if self.draw_offer == Some(!self.player) {
            // Making a move declines the opponent's offer (9.1).
            self.draw_offer = None;
            let t = self.words.draw_offer_lapsed();
            self.say(out, at, Listener::Player, t, Value::Null);
        }
        if draw && self.ended.is_none() {
            self.offer_draw(self.player, at, out);
        }
        self.check_end(at, out);
    }

    /// Plays a move on the board, the clock and the scoresheet.
    fn apply_move(&mut self, by: Color, mv: Move, at: u64, out: &mut Out) -> Result<(), ()> {
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
        let san = shakmaty::san::SanPlus::from_move(before, mv).to_string();
        out.push(
            at,
            Effect::Made {
                by,
                uci: uci(&mv),
                san,
            },
        );
        self.clock_events(events, at, out);
        Ok(())
    }

    fn check_end(&mut self, at: u64, out: &mut Out) {
        if self.ended.is_some() {
            return;
        }
        if let Some(end) = self.game.outcome() {
            let words = self.words.end_reason(end.reason);
            self.end_game(end.result, &words, end_reason_key(end.reason), at, out);
        }
    }

    fn seal(&mut self, by: Color, mv: Move, at: u64, out: &mut Out) {
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
        let san = shakmaty::san::SanPlus::from_move(pos, mv).to_string();
        out.push(
            at,
            Effect::Sealed {
                by,
                uci: uci(&mv),
                san,
            },
        );
        if by == self.player {
            let t = self.words.sealed_for_player(&words);
            self.say(out, at, Listener::Player, t, Value::Null);
        } else {
            let t = self.words.sealed_for_others();
            self.say(out, at, Listener::Player, t, Value::Null);
        }
        let t = self.words.sealed_for_others();
        self.say(out, at, Listener::Opponent, t.clone(), Value::Null);
        self.say(out, at, Listener::Arbiter, t, Value::Null);
        self.clock_effect(at, out);
    }

    /// The opponent's move or words, typed by whoever enters them (D.2.9.a–b).
    fn opponent(&mut self, text: &str, now: u64, out: &mut Out) {
        let trimmed = text.trim();
        if self.ended.is_some() {
            let result = self
                .ended
                .as_ref()
                .map(|e| e.result.clone())
                .unwrap_or_default();
            let t = self
                .words
                .heard_but(trimmed, &self.words.game_over(&result));
            self.say(out, now, Listener::Opponent, t, json!({"entered": trimmed}));
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
                    self.say(out, now, Listener::Player, t, Value::Null);
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
            let t = self.words.heard_but(trimmed, &self.words.adjourned());
            self.say(out, now, Listener::Opponent, t, json!({"entered": trimmed}));
            return;
        }
        if self.game.side_to_move() == self.player {
            let t = self
                .words
                .heard_but(trimmed, &self.words.opponent_not_to_move());
            self.say(out, now, Listener::Opponent, t, json!({"entered": trimmed}));
            return;
        }
        let Some(mv) = self.parse_opponent_move(trimmed) else {
            // 7.5: not applied; offer to stop the clock and call the arbiter.
            let t = self.words.opponent_illegal(trimmed);
            self.pending = Pending::ConfirmArbiter {
                entered: trimmed.to_string(),
            };
            self.say(out, now, Listener::Player, t, json!({"entered": trimmed}));
            let t = self.words.opponent_illegal_for_opponent(trimmed);
            self.say(out, now, Listener::Opponent, t, json!({"entered": trimmed}));
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
            self.say(out, now, Listener::Player, t, Value::Null);
        }
        self.check_end(now, out);
    }

    /// The opponent's entry as a move: SAN (English or German letters), UCI, or the player's
    /// spoken vocabulary in either language.
    fn parse_opponent_move(&self, text: &str) -> Option<Move> {
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
        for lang in [self.spec.lang, other_lang(self.spec.lang)] {
            let interpreter = if lang == self.spec.lang {
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

    fn opponent_claims_time(&mut self, now: u64, out: &mut Out) {
        if !self.player_flag_fell {
            let t = self.words.no_flag_to_claim();
            self.say(out, now, Listener::Opponent, t, Value::Null);
            return;
        }
        self.time_claim(!self.player, now, out);
    }

    // ----- draws, resignation, the end ------------------------------------------------------

    /// "Remis": accept a standing offer, claim (9.2–9.3) with the read-back move as the intended
    /// move or in the position on the board, or else offer (9.1).
    fn player_draw(&mut self, now: u64, out: &mut Out) {
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
        if let Some((reason, kind)) = claim {
            // The intended move is locked and the clock stopped (9.2); the claim is correct,
            // so the game is drawn.
            if let Some(clock) = self.clock.as_mut() {
                let events = clock.pause(now).unwrap_or_default();
                self.clock_events(events, now, out);
            }
            let intended_uci = intended.as_ref().map(uci);
            // The intended move is written on the scoresheet with the claim and cannot be
            // changed (9.2.1.1, 9.3.1); it is not made: the claim is correct, so the game ends
            // before it (9.5.2).
            let intended_san = intended.as_ref().and_then(|mv| self.game.san_of(mv).ok());
            out.push(
                now,
                Effect::Claim {
                    claim: if kind == ClaimKind::ThreefoldRepetition {
                        "threefold_repetition".into()
                    } else {
                        "fifty_moves".into()
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
                json!({"intended": intended_uci}),
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
                json!({"intended": intended_uci}),
            );
            self.pending = Pending::Nothing;
            let words = self.words.end_reason(reason);
            self.end_game(GameResult::Draw, &words, end_reason_key(reason), now, out);
            return;
        }
        match &mut self.pending {
            Pending::ReadBack { draw, .. } => {
                // Offered together with the move (9.1.2.1): announced when the move is made,
                // not before.
                *draw = true;
                let t = self.words.draw_offer_with_move();
                self.say(out, now, Listener::Player, t, Value::Null);
            }
            _ => self.offer_draw(self.player, now, out),
        }
    }

    fn offer_draw(&mut self, by: Color, now: u64, out: &mut Out) {
        self.draw_offer = Some(by);
        let _ = self.record.offer_draw();
        if by == self.player {
            let t = self.words.draw_offered_to_opponent();
            self.say(out, now, Listener::Opponent, t, Value::Null);
            // Offered before the player's own move it is valid, but not as the Laws ask
            // (9.1.2.1): the player hears that once.
            let t = if self.game.side_to_move() == self.player {
                self.words.draw_offer_before_move()
            } else {
                self.words.draw_offer_sent()
            };
            self.say(out, now, Listener::Player, t, Value::Null);
        } else {
            let t = self.words.opponent_offers_draw();
            self.say(out, now, Listener::Player, t, Value::Null);
        }
    }

    fn agree_draw(&mut self, now: u64, out: &mut Out) {
        self.draw_offer = None;
        let t = self.words.draw_agreed();
        self.say(out, now, Listener::Opponent, t.clone(), Value::Null);
        self.end_game(GameResult::Draw, &t, "agreement", now, out);
    }

    fn resign(&mut self, by: Color, now: u64, out: &mut Out) {
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
            "resignation",
            now,
            out,
        );
    }

    fn end_game(&mut self, result: GameResult, words: &str, key: &str, at: u64, out: &mut Out) {
        self.end_game_told(result, words, words, key, at, out);
    }

    /// Ends the game; the player hears `words` (seen from the player: "your opponent's time is
    /// up"), the opponent `neutral` (the sides by colour: "Black's time is up").
    fn end_game_told(
        &mut self,
        result: GameResult,
        words: &str,
        neutral: &str,
        key: &str,
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
            crate::scoresheet::record::GameResult::from_pgn(result.as_str()).unwrap_or_default();
        self.record.finish(sheet_result, key);
        self.ended = Some(Ended {
            result: result.as_str().to_string(),
        });
        out.push(
            at,
            Effect::End {
                result: result.as_str().to_string(),
                reason: key.to_string(),
            },
        );
        let t = self.words.game_ended(words, result, self.player);
        self.say(
            out,
            at,
            Listener::Player,
            t,
            json!({"result": result.as_str(), "reason": key}),
        );
        let t = self.words.game_ended_for_opponent(neutral, result);
        self.say(out, at, Listener::Opponent, t, Value::Null);
        self.clock_effect(at, out);
    }

    // ----- arbiter and touch ----------------------------------------------------------------

    fn arbiter(&mut self, action: &ArbiterAction, now: u64, out: &mut Out) {
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
            ArbiterAction::Pause => {
                if let Some(clock) = self.clock.as_mut() {
                    let events = clock.pause(now).unwrap_or_default();
                    self.clock_events(events, now, out);
                }
                let t = self.words.clocks_paused();
                self.say(out, now, Listener::Player, t.clone(), Value::Null);
                self.say(out, now, Listener::Opponent, t, Value::Null);
                self.clock_effect(now, out);
            }
            ArbiterAction::Resume => {
                if self.ended.is_some() {
                    return;
                }
                if let Some(clock) = self.clock.as_mut() {
                    match clock.resume(now) {
                        Ok(events) => self.clock_events(events, now, out),
                        Err(err) => {
                            out.push(
                                now,
                                Effect::Error {
                                    error: err.to_string(),
                                },
                            );
                            return;
                        }
                    }
                }
                let t = self.words.clocks_resumed();
                self.say(out, now, Listener::Player, t.clone(), Value::Null);
                self.say(out, now, Listener::Opponent, t, Value::Null);
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
                self.say(out, now, Listener::Player, t, Value::Null);
            }
            ArbiterAction::ResumeAdjourned => {
                let Some((by, mv)) = self.sealed.take() else {
                    let t = self.words.nothing_sealed();
                    self.say(out, now, Listener::Arbiter, t, Value::Null);
                    return;
                };
                let before = self.pos().clone();
                let words = self.words.spoken(&before, &mv);
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
                let t = self.words.announce(&words);
                self.say(out, now, Listener::Opponent, t, about);
                self.clock_effect(now, out);
                self.check_end(now, out);
            }
            ArbiterAction::Result { result, reason } => {
                let r = match result.trim() {
                    "1-0" => GameResult::WhiteWins,
                    "0-1" => GameResult::BlackWins,
                    "1/2-1/2" | "½-½" | "=" => GameResult::Draw,
                    other => {
                        out.push(
                            now,
                            Effect::Error {
                                error: format!(
                                    "unknown result {other:?}: expected 1-0, 0-1 or 1/2-1/2"
                                ),
                            },
                        );
                        return;
                    }
                };
                let words = self.words.arbiter_result(r.as_str(), reason);
                self.end_game(r, &words, reason, now, out);
            }
        }
    }

    /// The arbiter penalises a completed illegal move: time for the opponent, or the game lost
    /// (drawn if the opponent cannot mate) when the edition's count is reached (7.5.5 from 2014:
    /// the second; 7.4.b before: the third; blitz before 2014: the first).
    fn illegal_move_penalty(&mut self, offender: Color, now: u64, out: &mut Out) {
        if self.ended.is_some() {
            return;
        }
        let rules = self.spec.rules;
        let kind = match self
            .clock
            .as_ref()
            .map(|c| c.time_control().classify(rules))
        {
            Some(Speed::Blitz) => GameKind::Blitz,
            Some(Speed::Rapid) => GameKind::Rapid,
            _ => GameKind::Standard,
        };
        let index = usize::from(offender == Color::Black);
        let earlier = self.illegal_moves[index];
        self.illegal_moves[index] = earlier.saturating_add(1);
        // An assistant for a blind player plays under the competition rules (A.3/B.3): every
        // game is recorded, and an arbiter is at hand.
        let ruling = laws::illegal_move_ruling(rules, kind, Supervision::Full, earlier);
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
                let (result, key) = if draw_if_opponent_cannot_mate && !can_mate {
                    (
                        GameResult::Draw,
                        "illegal moves, but the opponent cannot mate",
                    )
                } else {
                    (GameResult::win_for(!offender), "illegal moves")
                };
                let words = self.words.illegal_moves_end(
                    offender,
                    result == GameResult::Draw,
                    ruling.article,
                );
                self.end_game(result, &words, key, now, out);
            }
        }
    }

    fn adjust(&mut self, adjustment: Adjustment, now: u64, out: &mut Out) {
        let Some(clock) = self.clock.as_mut() else {
            let t = self.words.no_clock();
            self.say(out, now, Listener::Arbiter, t, Value::Null);
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
                        json!({"white_ms": r.white_ms, "black_ms": r.black_ms}),
                    );
                }
                self.clock_effect(now, out);
            }
            Err(err) => out.push(
                now,
                Effect::Error {
                    error: err.to_string(),
                },
            ),
        }
    }

    /// The arbiter resets the position to after `ply` half-moves (7.4–7.5, D.2.7–8). The clock
    /// of the side to move then runs; the times are the arbiter's to set.
    fn reset_to(&mut self, ply: usize, now: u64, out: &mut Out) {
        if self.ended.is_some() {
            // The clocks are stopped for good and the result stands (8.7).
            out.push(
                now,
                Effect::Error {
                    error: "the game is over: its position can no longer be reset".into(),
                },
            );
            return;
        }
        let taken_back = ply < self.game.ply();
        if let Err(err) = self.game.reset_to_ply(ply) {
            out.push(
                now,
                Effect::Error {
                    error: err.to_string(),
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
            self.words.spoken(&pos, &m.mv)
        });
        let t = self.words.position_reset(ply, last.as_deref());
        self.say(
            out,
            now,
            Listener::Player,
            t.clone(),
            json!({"ply": ply, "fen": self.game.fen()}),
        );
        self.say(out, now, Listener::Opponent, t, Value::Null);
        self.clock_effect(now, out);
    }

    /// D.2.9.e: the sighted opponent touched a piece; the arbiter is told, and the player.
    fn touched(&mut self, square: &str, now: u64, out: &mut Out) {
        let Some(sq) = parse_square(self.words.vocab(), square) else {
            let t = self.words.bad_square(square);
            out.push(now, Effect::Error { error: t });
            return;
        };
        let role = self.pos().board().role_at(sq);
        let t = self.words.touch_report_for_arbiter(!self.player, sq, role);
        self.say(
            out,
            now,
            Listener::Arbiter,
            t,
            json!({"square": sq.to_string()}),
        );
        let t = self.words.touch_report_for_player(sq, role);
        self.say(
            out,
            now,
            Listener::Player,
            t,
            json!({"square": sq.to_string()}),
        );
        let _ = self.record.add_claim(
            ClaimKind::Other(format!("touched piece on {sq} reported (D.2.9.e)")),
            self.player.into(),
            None,
            ClaimOutcome::Pending,
            Some(now),
        );
    }

    fn expecting(&self) -> Expecting {
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
            Pending::ConfirmArbiter { .. } | Pending::ConfirmResign => Expecting::Answer {
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

fn other_lang(lang: Lang) -> Lang {
    match lang {
        Lang::De => Lang::En,
        Lang::En => Lang::De,
    }
}

fn end_reason_key(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::DeadPosition => "dead position",
        EndReason::FivefoldRepetition => "fivefold repetition",
        EndReason::SeventyFiveMoves => "75-move rule",
        EndReason::ThreefoldRepetitionClaim => "threefold repetition claimed",
        EndReason::FiftyMovesClaim => "50-move rule claimed",
    }
}

/// A square typed ("e7") or said in the vocabulary ("Eva sieben").
fn parse_square(vocab: &Vocab, text: &str) -> Option<Square> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Ok(sq) = compact.to_ascii_lowercase().parse::<Square>() {
        return Some(sq);
    }
    let mut file = None;
    let mut rank = None;
    for w in split_words(text) {
        match vocab.word_index().get(&w) {
            Some(Meaning::File(f)) => file = Some(*f),
            Some(Meaning::Rank(r)) => rank = Some(*r),
            _ => match w.as_bytes() {
                [d @ b'1'..=b'8'] => rank = Some(d - b'1'),
                [l @ b'a'..=b'h'] => file = Some(l - b'a'),
                _ => {}
            },
        }
    }
    Some(Square::from_coords(
        shakmaty::File::new(u32::from(file?)),
        shakmaty::Rank::new(u32::from(rank?)),
    ))
}

/// Narrows the candidates of a question by what the answer names: pieces (the moving piece,
/// or the promotion piece), files, ranks, squares of the origin.
fn narrow(vocab: &Vocab, kind: QuestionKind, candidates: &[Move], text: &str) -> Vec<Move> {
    let mut roles = Vec::new();
    let mut files = Vec::new();
    let mut ranks = Vec::new();
    for w in split_words(text) {
        match vocab.word_index().get(&w) {
            Some(Meaning::Piece(r)) => roles.push(*r),
            Some(Meaning::File(f)) => files.push(*f),
            Some(Meaning::Rank(r)) => ranks.push(*r),
            _ => match w.as_bytes() {
                [d @ b'1'..=b'8'] => ranks.push(d - b'1'),
                [l @ b'a'..=b'h'] => files.push(l - b'a'),
                _ => {}
            },
        }
    }
    if roles.is_empty() && files.is_empty() && ranks.is_empty() {
        return Vec::new();
    }
    candidates
        .iter()
        .copied()
        .filter(|mv| {
            let role_ok = roles.iter().all(|r| match kind {
                QuestionKind::Promotion => mv.promotion() == Some(*r),
                QuestionKind::Piece => mv.role() == *r,
                QuestionKind::Which => {
                    mv.role() == *r || (mv.promotion() == Some(*r) && *r != Role::Pawn)
                }
            });
            let from = mv.from();
            let file_ok = files
                .first()
                .is_none_or(|f| from.is_some_and(|s| s.file() as u8 == *f));
            let rank_ok = ranks
                .first()
                .is_none_or(|r| from.is_some_and(|s| s.rank() as u8 == *r));
            role_ok && file_ok && rank_ok
        })
        .collect()
}

/// Settings for the clock, if the game has one.
pub fn clock_settings_of(spec: &StartSpec) -> ClockSettings {
    let mut settings = spec.clock.clone().unwrap_or_default();
    settings.rules = spec.rules;
    settings.warnings_ms = warnings_on(spec);
    settings
}
