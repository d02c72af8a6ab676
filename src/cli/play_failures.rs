//! What `play` does when a path to the player breaks during the game: the journal cannot be
//! written, no speech output works, the microphone is lost. Each failure reaches the player on
//! the paths that still work ([`Reach`]): a printed line always, speech unless speech is what
//! failed (then the alarm tone in his headphones, [`crate::audio::alarm`], played by the
//! speech thread on his own output device), and the braille display when one is attached;
//! never a loudspeaker in the hall. Where a move could be lost, the clocks stop and the
//! arbiter is called.
//!
//! * The journal ([`journal_failed`]): the session is halted (see [`crate::session`]): the
//!   input is not carried out, the clocks count as stopped from the failure, every later input
//!   is refused with the same words, and the journal is tried again every
//!   [`JOURNAL_RETRY_MS`]; when it takes a line again the game goes on with the clocks
//!   stopped ([`journal_back`]) until the arbiter starts them.
//! * Speech ([`unsaid`]): an announcement no output could say is shown on the braille
//!   display; a move's read-back or announcement stops the clocks (an arbiter's `pause`,
//!   journaled) and calls the arbiter. A read-back that was not said gets no correction
//!   window: only "ja" makes its move.
//! * The microphone ([`Microphone`]): the keyboard goes on working, the device is tried
//!   again every [`MIC_RETRY`]; a read-back whose window had not started waits for "ja".
use std::time::{Duration, Instant};

use crossbeam_channel::Receiver;

use crate::asr::Grammar;
use crate::asr::input::{VoiceEvent, VoiceHandle};
use crate::assistant::protocol::{
    About, ArbiterAction, Effect, Event, Listener, Played, TimedEffect,
};
use crate::audio::capture::MuteSwitch;
use crate::catalog::{Arg, Catalog};
use crate::cli::play_voice::{Speech, Unsaid, VoiceArgs, start_voice};
use crate::cli::printer::Printer;
use crate::display::{BrailleDisplay, clock_time};
use crate::lang::Lang;
use crate::scoresheet::braille::literary;
use crate::scoresheet::brf::words_lang;
use crate::session::Session;
use crate::speech::Priority;

/// How often a journal that failed is tried again, in game time.
pub const JOURNAL_RETRY_MS: u64 = 5_000;

/// How often a lost microphone is tried again.
pub const MIC_RETRY: Duration = Duration::from_secs(5);

/// The paths to the player (and the others at the board) that the shell has.
pub struct Reach<'a> {
    pub printer: &'a Printer,
    pub speech: Option<&'a Speech>,
    pub braille: &'a mut Option<BrailleDisplay>,
    /// The player's word for "yes" (his vocabulary's), for the sentences that name it.
    pub yes: &'a str,
}

impl Reach<'_> {
    fn text(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        self.printer.catalog.text(id, args)
    }

    /// A message for the braille display: in the language braille is transcribed in (English
    /// for a game in a script the transcription does not have, as on the braille sheet).
    fn braille_text(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        Catalog::builtin(words_lang(self.printer.catalog.lang())).text(id, args)
    }

    fn print(&self, at: u64, to: Listener, text: String) {
        self.printer.effect(&TimedEffect {
            at,
            effect: Effect::Say {
                to,
                text,
                about: About::Nothing,
            },
        });
    }

    /// To the player: printed, spoken, and (`braille`, [`Reach::braille_text`]) on the braille
    /// display.
    fn player(&mut self, at: u64, text: &str, braille: &str) {
        self.player_with(at, text, braille, Priority::Message);
    }

    /// To the player, as [`Reach::player`], with this priority on the system's voice: a
    /// failure he must hear at once is [`Priority::Important`].
    fn player_with(&mut self, at: u64, text: &str, braille: &str, priority: Priority) {
        if let Some(s) = self.speech {
            s.say_with(Listener::Player, text, priority);
        }
        self.print(at, Listener::Player, text.to_string());
        self.show(braille);
    }

    /// To the opponent: printed and spoken (on the opponent's output when there is one).
    fn opponent(&self, at: u64, text: &str) {
        if let Some(s) = self.speech {
            s.say(Listener::Opponent, text);
        }
        self.print(at, Listener::Opponent, text.to_string());
    }

    /// To the arbiter: printed (the arbiter's lines are not spoken).
    fn arbiter(&self, at: u64, text: String) {
        self.print(at, Listener::Arbiter, text);
    }

    /// Shows words on the braille display (uncontracted, cut to its width). A display that
    /// fails is dropped, as after a move.
    fn show(&mut self, words: &str) {
        let Some(display) = self.braille.as_mut() else {
            return;
        };
        let line: String = literary(words).chars().take(display.width()).collect();
        if let Err(e) = display.show(&line) {
            self.printer.line(&e.to_string());
            *self.braille = None;
        }
    }
}

/// The journal could not take an event. `first`: it just failed (the session halted with
/// this event); otherwise it had failed before and the event was refused. `from_player`:
/// the event was an input (not the end of a playback, which nobody needs to hear about).
pub fn journal_failed(
    reach: &mut Reach<'_>,
    session: &Session,
    at: u64,
    first: bool,
    from_player: bool,
) {
    let Some(halt) = session.halted() else {
        return;
    };
    let braille = reach.braille_text("record-failed-braille", &[]);
    if !first {
        if from_player {
            let text = reach.text("record-failed-not-done", &[]);
            reach.player(at, &text, &braille);
        }
        return;
    }
    let text = reach.text("record-failed", &[]);
    reach.player_with(at, &text, &braille, Priority::Important);
    let paused = reach.text("clocks-paused", &[]);
    reach.opponent(at, &paused);
    let clocks = match session.assistant().clock_reading(halt.at) {
        Some(r) if !r.untimed => reach.text(
            "clocks-at-failure",
            &[
                ("white", clock_time(r.white_ms).into()),
                ("black", clock_time(r.black_ms).into()),
            ],
        ),
        _ => reach.text("no-clocks-at-failure", &[]),
    };
    let arbiter = reach.text(
        "record-failed-arbiter",
        &[("why", halt.why.as_str().into()), ("clocks", clocks.into())],
    );
    reach.arbiter(at, arbiter);
}

/// The journal takes lines again: the player and the arbiter hear it (the effects of the
/// resumption, where the game stands, follow).
pub fn journal_back(reach: &mut Reach<'_>, at: u64) {
    let text = reach.text("record-written-again", &[]);
    let braille = reach.braille_text("record-written-again", &[]);
    reach.player(at, &text, &braille);
    let arbiter = reach.text("record-written-again-arbiter", &[]);
    reach.arbiter(at, arbiter);
}

/// An announcement that no speech output could say: on the braille display when it was the
/// player's; when it was a move's read-back or announcement, the arbiter is called and, if a
/// clock runs, the clocks are stopped: the event for that (an arbiter's `pause`) comes back to
/// be journaled and handled like any other.
pub fn unsaid(reach: &mut Reach<'_>, session: &Session, u: &Unsaid, at: u64) -> Option<Event> {
    if u.to == Listener::Player {
        let braille =
            reach.braille_text("speech-failed-braille", &[("text", u.text.as_str().into())]);
        reach.show(&braille);
    }
    if !u.about_move {
        return None;
    }
    let id = match (u.to, &u.read_back) {
        (Listener::Opponent, _) => "speech-failed-opponent-arbiter",
        (_, Some(_)) => "speech-failed-read-back-arbiter",
        _ => "speech-failed-arbiter",
    };
    let args: &[(&str, Arg<'_>)] = &[
        ("text", u.text.as_str().into()),
        ("why", u.why.as_str().into()),
        ("yes", reach.yes.into()),
    ];
    let arbiter = reach.text(id, args);
    reach.arbiter(at, arbiter);
    let runs = !session.assistant().is_over()
        && session
            .assistant()
            .clock_reading(at)
            .is_some_and(|r| r.running.is_some() && !r.paused);
    if !runs {
        return None;
    }
    // Printed only (speech is what failed): the alarm has sounded, the display shows it.
    let text = reach.text("speech-failed-move", &[]);
    reach.print(at, Listener::Player, text);
    Some(Event::Arbiter(ArbiterAction::Pause))
}

/// Voice input started again: the handle, its events, and notices about the recognizer.
pub type Started = Result<(VoiceHandle, Receiver<VoiceEvent>, Vec<String>), String>;

/// The microphone while it is lost: when to try it again, the attempt under way, and the
/// read-back that waits for "ja" because the player could no longer correct it by voice.
#[derive(Default)]
pub struct Microphone {
    lost: Option<Lost>,
}

struct Lost {
    next_try: Instant,
    attempt: Option<Receiver<Started>>,
    held: Option<u64>,
}

impl Microphone {
    /// Whether the microphone is lost (and being tried again).
    pub fn is_lost(&self) -> bool {
        self.lost.is_some()
    }

    /// The microphone stopped working: the player hears it on his other paths, the keyboard
    /// goes on. A read-back whose playback has not ended (`waiting`) gets no correction window
    /// when it ends: its `played` notice is held back, so only "ja" makes the move.
    pub fn lost(&mut self, reach: &mut Reach<'_>, at: u64, why: &str, waiting: Option<Played>) {
        reach
            .printer
            .note("voice-input-stopped", &[("why", why.into())]);
        let id = if waiting.is_some() {
            "microphone-lost-read-back"
        } else {
            "microphone-lost"
        };
        let text = reach.text(id, &[("yes", reach.yes.into())]);
        let braille = reach.braille_text("microphone-lost-braille", &[]);
        reach.player_with(at, &text, &braille, Priority::Important);
        self.lost = Some(Lost {
            next_try: Instant::now() + MIC_RETRY,
            attempt: None,
            held: waiting.map(|p| p.read_back),
        });
    }

    /// No microphone could be opened when the game started, and there is no keyboard to go
    /// on with (the service): it is tried again as a lost one is; the player hears when it
    /// works.
    pub fn missing(&mut self) {
        self.lost = Some(Lost {
            next_try: Instant::now() + MIC_RETRY,
            attempt: None,
            held: None,
        });
    }

    /// Whether this `played` notice is held back (see [`Microphone::lost`]).
    pub fn holds(&self, played: &Played) -> bool {
        self.lost
            .as_ref()
            .and_then(|l| l.held)
            .is_some_and(|n| n == played.read_back)
    }

    /// Starts another attempt to open the microphone when one is due, on its own thread (a
    /// device can take seconds to answer; the game loop never waits).
    pub fn try_again(
        &mut self,
        args: &VoiceArgs,
        lang: Lang,
        grammar: &Grammar,
        mute: &MuteSwitch,
    ) {
        let Some(lost) = self.lost.as_mut() else {
            return;
        };
        if lost.attempt.is_some() || Instant::now() < lost.next_try {
            return;
        }
        let (tx, rx) = crossbeam_channel::bounded(1);
        let (args, grammar, mute) = (args.clone(), grammar.clone(), mute.clone());
        let spawned = std::thread::Builder::new()
            .name("microphone-retry".into())
            .spawn(move || {
                // A quick look first: the recognizer is loaded only once a device answers.
                let started = crate::audio::devices::probe_input(args.input_device.as_deref())
                    .map_err(|e| e.to_string())
                    .and_then(|_| start_voice(&args, lang, grammar, Some(mute)));
                let _ = tx.send(started);
            });
        match spawned {
            Ok(_) => lost.attempt = Some(rx),
            Err(_) => lost.next_try = Instant::now() + MIC_RETRY,
        }
    }

    /// The attempt under way, for the loop's `select!` (never ready when there is none).
    pub fn attempt(&self) -> Receiver<Started> {
        self.lost
            .as_ref()
            .and_then(|l| l.attempt.clone())
            .unwrap_or_else(crossbeam_channel::never)
    }

    /// An attempt ended: with voice input running again (the player hears it), or not (the
    /// next is due after [`MIC_RETRY`]).
    pub fn attempted(
        &mut self,
        reach: &mut Reach<'_>,
        at: u64,
        started: Started,
    ) -> Option<(VoiceHandle, Receiver<VoiceEvent>, Vec<String>)> {
        match started {
            Ok(voice) => {
                self.lost = None;
                let text = reach.text("microphone-back", &[]);
                let braille = reach.braille_text("microphone-back", &[]);
                reach.player(at, &text, &braille);
                Some(voice)
            }
            Err(why) => {
                crate::cli::play_voice::voice_log(format_args!("microphone still lost: {why}"));
                if let Some(lost) = self.lost.as_mut() {
                    lost.attempt = None;
                    lost.next_try = Instant::now() + MIC_RETRY;
                }
                None
            }
        }
    }
}
