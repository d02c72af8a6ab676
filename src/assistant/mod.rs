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
//! reading has no window at all. When the player begins to speak in a window
//! ([`Event::Speaking`]) it waits for his words; words not understood there take the window
//! away (they may have been "nein"), and the move is asked again for "ja".
//!
//! After an interruption the shell sends [`Event::Resumed`]: the player hears where the game
//! stands, a waiting read-back is read back again with a fresh window (never made by the time
//! the program was down), and the last move is announced again to whoever may have missed it.
//!
//! This module holds the assistant's state, its public API and the helpers its parts share,
//! and takes each event to the part that handles it: `start` (a game started from the start
//! spec), `hearing` (the player's spoken words and what he may say now), `commands` (what each
//! command does), `dialogue` (what was said and played, said again or read aloud; the start on
//! the arbiter's signal), `questions` (read-backs and what follows them), `window` (the
//! correction window's timing: its start, its hold while the player speaks, its loss), `moves`
//! (a move made, on the board, the clock and the scoresheet, or sealed), `opponent` (the
//! opponent's moves), `clock_flow` (clock effects, flag falls, time claims), `endings` (draws,
//! resignation, results), `arbiter` (penalties, adjustments, resets, touched pieces), `resume`
//! (the game going on after an interruption). What it says comes from [`words::Words`], whose
//! methods name the messages of the game language's catalog (`grammars/<code>.ftl`); no
//! sentence is written in these modules. The game's language (`lang`) chooses the catalog and
//! the words moves are announced with; the vocabulary the player speaks is the built-in one of
//! `vocab` (absent: of `lang`, German for ar and he) or, with `vocabulary` in the start spec,
//! the arbiter's own (FIDE D.1).
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
pub mod about;
mod arbiter;
mod clock_flow;
mod commands;
mod dialogue;
mod endings;
mod hearing;
mod moves;
mod opponent;
pub mod protocol;
mod questions;
mod resume;
mod start;
mod window;
pub mod words;

pub use clock_flow::clock_settings_of;
use clock_flow::warnings_on;
use questions::parse_square;

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::clock::Speed;
use crate::clock::{
    Adjustment, Clock, ClockEvent, ClockSettings, ClockState, DEFAULT_WARNINGS_MS,
    spoken as time_words,
};
use crate::game::laws::{self, GameKind, IllegalMovePenalty};
use crate::game::{EndReason, Game, GameResult, MateAbility, uci_in};
use crate::interpret::{Interpreter, Reading};
use crate::scoresheet::record::{ClaimKind, ClaimOutcome, Clocks, Record};
use crate::vocab::{Command, Meaning, Vocab, split_words};
use about::ReadOut;
use protocol::{
    About, ArbiterAction, Claimed, ClockTimes, Effect, EndCause, Event, Heard, Listener, Mode,
    MoveFacts, Played, StartSpec, TimedEffect, TimedEvent, Warnings,
};
use words::{HelpState, Words};

/// How long a read-back's window waits for the words of a player who began to speak in it:
/// the longest utterance the listener takes (8 s) and its decoding. Words that never come
/// (the recognizer dropped them) may have been "nein": the move then waits for "ja".
pub const HELD_WORDS_MS: u64 = 10_000;

/// What the player may say now, for a recognizer's grammar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expecting {
    /// A move (the legal moves' phrases and the commands); `answers`: yes and no too (a
    /// read-back waits, or the opponent's draw offer).
    Move { answers: bool },
    /// The answer to a question: yes, no, the promotion pieces, and these phrases (the
    /// candidates' names).
    Answer { phrases: Vec<String> },
    /// Only commands, "ja" and "nein" among them (the opponent's move, the game is over, or
    /// a command asked back on the opponent's move).
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
        /// The reading was sure: read back as a plain question ("Springer Felix drei?");
        /// an unsure one as "Meinten Sie …? Ja oder nein.".
        sure: bool,
        /// Since when the player has been speaking in the window (a `speaking` event): it
        /// waits for his words, which may be "nein" (D.2.6), and runs afresh after them. No
        /// words by [`HELD_WORDS_MS`] later (the recognizer dropped them) take the window away.
        held: Option<u64>,
    },
    /// A question about which move was meant.
    Question {
        kind: QuestionKind,
        candidates: Vec<Move>,
        text: String,
    },
    /// "Do you really resign?"
    ConfirmResign,
    /// "Meinten Sie Zeit? Ja oder nein.": a command the recognizer was unsure of, carried out
    /// at "ja".
    ConfirmCommand {
        command: Command,
    },
    /// "Remis annehmen? Ja oder nein.": a draw acceptance, claim or offer heard from the
    /// player's microphone waits for "ja", because the opponent's own "Remis" reaches that
    /// microphone too, and chatter can sound like it. `resume` is what waited before (a
    /// read-back whose move a claim or an offer goes with), back in place after the answer.
    ConfirmDraw {
        act: DrawAct,
        resume: Box<Pending>,
    },
    /// "Stop the clock and call the arbiter?" after an impossible move of the opponent (the
    /// entry, for the arbiter).
    ConfirmArbiter {
        entered: String,
    },
}

/// What the game waits for, as the shell shows it to those who are not the player (the
/// control client, the web page): only the kind of a pending read-back, never its move,
/// which is the player's until he confirms it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Waiting {
    /// Nothing: the side to move may move.
    Nothing,
    /// The player confirms a move read back to him.
    PlayerConfirmsMove,
    /// The player answers a question (which move, which piece, resign or draw, the arbiter).
    PlayerAnswers,
    /// The opponent answers this question about his entry ("Welcher Zug: Nbd2 oder Nfd2?").
    OpponentAnswers(String),
    /// The arbiter's signal to start the clock.
    ArbiterSignal,
}

/// Where a command came from: heard (spoken, or typed as words) or given by a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum By {
    Voice,
    Key,
}

/// What the player's "Remis" does in the position: accept the opponent's offer, claim a draw
/// (9.2, 9.3), or offer one (9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DrawAct {
    Accept,
    Claim,
    /// A claim in a quickplay finish (10.2, G.5, III.5), with its article: the arbiter decides.
    QuickplayClaim(&'static str),
    Offer,
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
    last_said: Option<(String, About)>,
    /// The last news for the player, what "Wiederholen" says when nothing waits: every
    /// sentence to him but read-backs, questions, words not taken and the bare "Ausgeführt.".
    news: Option<(String, About)>,
    /// The game was started with `start_on_signal` and the arbiter has not yet given it.
    awaiting_signal: bool,
    /// The side whose draw offer stands (9.1).
    draw_offer: Option<Color>,
    /// The moves an ambiguous or incomplete entry of the opponent could mean, asked back to
    /// the opponent ("Welcher Zug: Nbd2 oder Nfd2?"); the player hears only the move made.
    opponent_question: Option<Vec<Move>>,
    /// The side that seals its next move (adjournment, Appendix E / D.2.9.f).
    sealing: Option<Color>,
    /// The sealed move waiting for the resumption.
    sealed: Option<(Color, Move)>,
    player_flag_fell: bool,
    /// The side whose flag was last told, and the half-move count then. A clock that adds the
    /// next period at the flag lets the flag fall again every period while nobody moves; that
    /// is told once, not once a period (a clock left running for a year told it 270,000 times).
    flag_told: Option<(Color, usize)>,
    /// The opponent's flag has fallen (after the player's own: else the claim ended the game).
    opponent_flag_fell: bool,
    /// Completed illegal moves the arbiter has penalised, White's and Black's (7.5.5, 7.4.b).
    illegal_moves: [u32; 2],
    ended: Option<Ended>,
    warnings: bool,
    /// Read-backs said so far in the game (the number of the last one).
    read_backs: u64,
    /// When the clock was started (at the start, or at the arbiter's signal), for the default
    /// time (6.7).
    clock_started_at: Option<u64>,
    /// The sides already reported for not having moved within the default time.
    default_time_told: [bool; 2],
    /// The speech output's volume (percent) and rate (words a minute) now.
    speech_volume: u8,
    speech_rate: u32,
}

/// The assistant. Create it, then feed it events; the first must be `Start`.
#[derive(Default)]
pub struct Assistant {
    live: Option<Box<Live>>,
    /// The language of the last start given, kept when that start was refused: what is said
    /// before a game runs is then in the player's language, not in English.
    refused_start_lang: Option<crate::lang::Lang>,
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
        Assistant {
            live: None,
            refused_start_lang: None,
        }
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
                Err(err) => {
                    self.refused_start_lang = Some(spec.lang);
                    out.push(now, Effect::Error { error: err })
                }
            },
            (_, None) => {
                let lang = self.refused_start_lang.unwrap_or_default();
                out.push(
                    now,
                    Effect::Error {
                        error: crate::catalog::Catalog::builtin(lang)
                            .text("error-not-started", &[]),
                    },
                )
            }
            (Event::Resumed(_), Some(live)) => {
                // A read-back's window did not run while the program was down: it starts
                // again when the read-back has been said again.
                live.restart_read_back_window(now);
                live.fire_due(now, &mut out);
                live.resumed(now, &mut out);
            }
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
        match live.pending {
            Pending::ReadBack {
                deadline: Some(d), ..
            } if d <= now => return true,
            _ if live.words_overdue(now) => return true,
            _ => {}
        }
        if live.default_time_due(now).is_some() {
            return true;
        }
        match &live.clock {
            Some(clock) => !clock.clone().poll(now).is_empty(),
            None => false,
        }
    }

    /// The speech output's volume (percent) and rate (words a minute) the game has now: those
    /// of the start, changed by "lauter", "leiser", "schneller", "langsamer". `None` before
    /// the start.
    pub fn speech_levels(&self) -> Option<(u8, u32)> {
        self.live.as_ref().map(|l| (l.speech_volume, l.speech_rate))
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

    /// The vocabulary of the game: the built-in one of its language, or the arbiter's own.
    pub fn vocab(&self) -> Option<&Vocab> {
        self.live.as_ref().map(|l| l.words.vocab())
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

    /// Whether a read-back's correction window may still make its move: the shell then tells
    /// when the player begins to speak (`speaking`), so that the window waits for his words.
    pub fn window_open(&self) -> bool {
        self.live.as_ref().is_some_and(|l| {
            l.ended.is_none() && matches!(l.pending, Pending::ReadBack { window: true, .. })
        })
    }

    /// The read-back that waits for the end of its playback before its correction window
    /// starts (`window_after_playback`), as the `played` event that would start it. After a
    /// resume the shell starts it at once: the player heard it before the interruption.
    pub fn read_back_awaiting_playback(&self) -> Option<Played> {
        let live = self.live.as_ref()?;
        match &live.pending {
            Pending::ReadBack {
                mv,
                no,
                window: true,
                deadline: None,
                held: None,
                ..
            } => Some(Played {
                read_back: *no,
                uci: Some(live.game.uci(mv)),
            }),
            _ => None,
        }
    }

    /// What the game waits for (see [`Waiting`]).
    pub fn waiting(&self) -> Waiting {
        let Some(live) = self.live.as_ref() else {
            return Waiting::Nothing;
        };
        if live.ended.is_some() {
            return Waiting::Nothing;
        }
        if live.awaiting_signal {
            return Waiting::ArbiterSignal;
        }
        match &live.pending {
            Pending::Nothing => {}
            Pending::ReadBack { .. } => return Waiting::PlayerConfirmsMove,
            _ => return Waiting::PlayerAnswers,
        }
        match &live.opponent_question {
            Some(candidates) => {
                let options: Vec<String> = candidates
                    .iter()
                    .filter_map(|mv| live.game.san_of(mv).ok())
                    .collect();
                Waiting::OpponentAnswers(live.words.opponent_which(&options))
            }
            None => Waiting::Nothing,
        }
    }

    /// The side whose draw offer stands (9.1), while the game goes on.
    pub fn draw_offer(&self) -> Option<Color> {
        self.live
            .as_ref()
            .filter(|l| l.ended.is_none())
            .and_then(|l| l.draw_offer)
    }

    /// The result of a finished game ("1-0", "0-1", "1/2-1/2"), `None` while it goes on.
    pub fn result(&self) -> Option<&str> {
        self.live
            .as_ref()
            .and_then(|l| l.ended.as_ref().map(|e| e.result.as_str()))
    }

    /// The last thing said to the player.
    pub fn last_said(&self) -> Option<&str> {
        self.live
            .as_ref()
            .and_then(|l| l.last_said.as_ref().map(|(t, _)| t.as_str()))
    }
}

impl Live {
    // ----- output helpers -------------------------------------------------------------------

    /// The sentence of the game's result, once it has ended.
    fn game_over_sentence(&self) -> String {
        let result = self.ended.as_ref().map_or("", |e| e.result.as_str());
        self.words.game_over(result)
    }

    /// What the player said or the opponent entered (`heard`) is not taken, and `why`: said
    /// back to whoever it came from, with what was heard.
    fn not_taken(&mut self, to: Listener, heard: &str, why: &str, now: u64, out: &mut Out) {
        let text = self.words.heard_but(heard, why);
        let about = match to {
            Listener::Opponent => About::Entered {
                entered: heard.to_string(),
            },
            _ => About::NotUnderstood {
                heard: heard.to_string(),
            },
        };
        self.say(out, now, to, text, about);
    }

    fn say(&mut self, out: &mut Out, at: u64, to: Listener, text: String, about: About) {
        if to == Listener::Player {
            self.last_said = Some((text.clone(), about.clone()));
            // A read-back or question is asked again while it waits; words not taken answer
            // what the player just said: neither is news to repeat later.
            if !matches!(
                about,
                About::ReadBack { .. } | About::Question { .. } | About::NotUnderstood { .. }
            ) {
                self.news = Some((text.clone(), about.clone()));
            }
        }
        out.push(at, Effect::Say { to, text, about });
    }

    /// A bare acknowledgment to the player ("Ausgeführt."): said, but no news to repeat.
    fn acknowledge(&mut self, out: &mut Out, at: u64, text: String, about: About) {
        self.last_said = Some((text.clone(), about.clone()));
        out.push(
            at,
            Effect::Say {
                to: Listener::Player,
                text,
                about,
            },
        );
    }

    fn pos(&self) -> &Chess {
        self.game.position()
    }

    fn move_about(&self, pos: &Chess, mv: &Move) -> About {
        About::Move(self.move_facts(pos, mv))
    }

    fn move_facts(&self, pos: &Chess, mv: &Move) -> MoveFacts {
        MoveFacts {
            uci: uci_in(pos, mv),
            san: shakmaty::san::SanPlus::from_move(pos.clone(), *mv).to_string(),
        }
    }

    // ----- time -----------------------------------------------------------------------------

    /// Standard, rapid or blitz, by the time control and the edition's thresholds; a game
    /// without a clock is a standard game.
    fn game_kind(&self) -> GameKind {
        match self
            .clock
            .as_ref()
            .map(|c| c.time_control().classify(self.spec.rules))
        {
            Some(Speed::Blitz) => GameKind::Blitz,
            Some(Speed::Rapid) => GameKind::Rapid,
            _ => GameKind::Standard,
        }
    }

    // ----- events ---------------------------------------------------------------------------

    fn event(&mut self, event: &Event, now: u64, out: &mut Out) {
        match event {
            Event::Start(_) => {}
            Event::Tick(_) => {}
            Event::Heard(heard) => {
                self.heard(heard, now, out);
                self.release_held_window(now);
            }
            Event::Speaking(true) => self.hold_window_while_speaking(now),
            Event::Speaking(false) => self.release_held_window(now),
            Event::Command(c) => self.command(*c, &self.vocab_word(*c), By::Key, now, out),
            Event::Opponent(text) if self.awaiting_signal => {
                let why = self.words.before_signal();
                self.not_taken(Listener::Opponent, text, &why, now, out);
            }
            Event::Opponent(text) => self.opponent(text, now, out),
            Event::Relayed(text) => self.relayed(text, now, out),
            Event::Arbiter(action) => self.arbiter(action, now, out),
            Event::Touched(square) => self.touched(square, now, out),
            Event::Played(played) => self.played(played, now),
            Event::Resumed(_) => self.resumed(now, out),
        }
    }

    fn vocab_word(&self, c: Command) -> String {
        self.words
            .vocab()
            .command_word(c)
            .unwrap_or(c.name())
            .to_string()
    }
}
