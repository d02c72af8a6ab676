//! `rochade play` and `rochade relay`: the assistant at the board.
//!
//! `play`: the blind player speaks (or types) moves and commands; the opponent's moves are
//! typed (see [`crate::typed`] for how lines are told apart). `relay`: a human assistant
//! relays between the two boards and types both sides' moves; the assistant announces each for
//! the other side and keeps the blind player's scoresheet. Every announcement is printed as a
//! plain line (and spoken when speech output is available). Every event is journaled before it
//! is carried out; `--resume` continues a game after a crash.
//!
//! A read-back's correction window starts when the read-back has been said: games start with
//! `window_after_playback`, and the loop feeds a `played` event (journaled like every event)
//! when the speech thread reports that the read-back's playback has ended
//! ([`crate::cli::play_voice::Speech::finished`], with the instant it ended), or at once when
//! it is only printed (`--speech off`). The loop never waits for speech. A read-back that no
//! speech output could say gets no `played` event, so only "ja" makes its move.
//!
//! When a path to the player breaks during the game (the journal cannot be written, no speech
//! output works, the microphone is lost), the player hears it on the paths that still work,
//! and where a move could be lost the clocks stop and the arbiter is called: see
//! `src/cli/play_failures.rs`.
//!
//! `--resume` (`src/cli/play_start.rs`, which opens the game): a torn last line of the
//! journal is said and dropped; damage is said and printed line by line, and the game goes on
//! from the last good line only when the player or the arbiter types "ja" (or gave
//! `--accept-damage`). The first event of a resumed game is
//! `resumed`: the player hears where the game stands, a waiting read-back is read back again
//! (its window starts when that has been said), and the last move is announced again to
//! whoever may not have heard it.
use std::path::PathBuf;
use std::time::Duration;

use crossbeam_channel::{Receiver, select, unbounded};
use shakmaty::Color;

use crate::asr::input::VoiceEvent;
use crate::assistant::protocol::Heard;
use crate::assistant::protocol::{Effect, Event, Listener};
use crate::assistant::words::Words;
use crate::audio::capture::MuteSwitch;
use crate::battery::BatteryWatch;
use crate::bounded::{BoundedLines, InputError, TYPED};
use crate::catalog::Catalog;
use crate::cli::play_failures::{self, JOURNAL_RETRY_MS, Microphone, Reach};
use crate::cli::play_voice::{Recorder, Speech, grammar_for, speaking, start_voice, voice_log};
use crate::cli::printer::Printer;
use crate::cli::remote::{self, Envelope, GameView, OpponentNews, Published, Reply, Request};
use crate::clock::ticker::Ticker;
use crate::display::{BrailleDisplay, display_line};
use crate::inhibit::SleepInhibitor;
use crate::journal::default_games_dir;
use crate::session::Session;
use crate::typed::{Typed, typed_line, typed_relay_line};
use crate::vocab::Vocab;

pub use crate::cli::play_args::{Chess960Choice, PlayArgs, ServedPage};
use crate::cli::play_start::{Opened, open_game};

/// How often the battery is looked at during a game.
const BATTERY_EVERY: Duration = Duration::from_secs(30);

/// The battery during the game: looked at when the game starts and every
/// [`BATTERY_EVERY`] after, the player warned at the levels of [`crate::battery::WARN_AT`].
/// The power-supply folder is the kernel's, or `ROCHADE_POWER_SUPPLY_DIR` (for tests).
struct BatteryCheck {
    dir: PathBuf,
    watch: BatteryWatch,
    last: Option<std::time::Instant>,
}

impl BatteryCheck {
    fn new() -> BatteryCheck {
        BatteryCheck {
            dir: std::env::var_os("ROCHADE_POWER_SUPPLY_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(crate::battery::POWER_SUPPLY_DIR)),
            watch: BatteryWatch::default(),
            last: None,
        }
    }

    fn check(&mut self, printer: &Printer, speech: Option<&Speech>, now: u64) {
        if self.last.is_some_and(|t| t.elapsed() < BATTERY_EVERY) {
            return;
        }
        self.last = Some(std::time::Instant::now());
        let Some(reading) = crate::battery::read(&self.dir) else {
            return;
        };
        let Some(level) = self.watch.observe(reading) else {
            return;
        };
        let lang = printer.catalog.lang();
        let percent = crate::numbers::cardinal(u64::from(reading.capacity), lang);
        let text = printer.catalog.text(
            if level <= 10 {
                "battery-very-low"
            } else {
                "battery-low"
            },
            &[("percent", percent.into())],
        );
        if let Some(s) = speech {
            s.say(Listener::Player, &text);
        }
        printer.effect(&crate::assistant::protocol::TimedEffect {
            at: now,
            effect: Effect::Say {
                to: Listener::Player,
                text,
                about: crate::assistant::about::About::Nothing,
            },
        });
    }
}

/// What the keyboard thread reads.
enum Keyboard {
    /// A typed line.
    Line(String),
    /// A line that was not read (too long, or not text): the reason for the player.
    Refused(InputError),
    /// Standard input ended.
    End,
}

/// Typed lines, each within [`TYPED`]: a line too long is refused (and skipped, never kept
/// whole), and reading goes on with the next.
fn stdin_lines() -> Receiver<Keyboard> {
    let (tx, rx) = unbounded();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in BoundedLines::new(stdin.lock(), TYPED) {
            let sent = match line {
                Ok((_, text)) => tx.send(Keyboard::Line(text.trim_end().to_string())),
                Err(err) if err.can_go_on() => tx.send(Keyboard::Refused(err)),
                Err(_) => break,
            };
            if sent.is_err() {
                return;
            }
        }
        let _ = tx.send(Keyboard::End);
    });
    rx
}

/// Runs `play` (relay = false) or `relay`, with the page for the opponent when `--web` asks.
pub fn run(mut args: PlayArgs, relay: bool) -> anyhow::Result<i32> {
    if args.web.is_none() {
        return run_with(args, relay, None);
    }
    let (client, requests) = remote::channel();
    let published = Published::new(GameView::idle(args.lang));
    let page = serve_page(&mut args, client, published.clone())?;
    let outside = Outside {
        requests,
        published,
        keyboard: true,
    };
    let code = run_with(args, relay, Some(outside));
    drop(page);
    code
}

/// The page for the opponent that `--web` asks for, served for the game that `client` and
/// `published` reach (`play`, `relay` and each game of the service); `args.web_page` then
/// tells the game where it is. `None` without `--web`. The page stops when the handle drops.
pub fn serve_page(
    args: &mut PlayArgs,
    client: remote::RemoteClient,
    published: Published,
) -> anyhow::Result<Option<crate::web::WebHandle>> {
    let Some(addr) = args.web else {
        return Ok(None);
    };
    let arbiter_pin = args
        .arbiter_pin
        .clone()
        .or_else(|| std::env::var("ROCHADE_ARBITER_PIN").ok())
        .filter(|p| !p.trim().is_empty());
    // Reachable from other machines: the opponent's entries need this game's PIN.
    let opponent_pin = if addr.ip().is_loopback() {
        None
    } else {
        Some(crate::web::guard::new_pin()?)
    };
    let options = crate::web::WebOptions {
        opponent_pin: opponent_pin.clone(),
        arbiter_pin,
    };
    let page = crate::web::serve(addr, options, client, published)?;
    args.web_page = Some(ServedPage {
        url: crate::web::page_url(page.address()),
        pin: opponent_pin,
    });
    Ok(Some(page))
}

/// A game loop driven from outside the terminal as well (or only): `rochade ctl`, the web
/// page. See [`crate::cli::remote`].
pub struct Outside {
    /// The requests of the clients.
    pub requests: Receiver<Envelope>,
    /// Where the loop publishes the view of the game after every event and tick.
    pub published: Published,
    /// Whether standard input is read too (not in the service, which has no terminal).
    pub keyboard: bool,
}

/// `play` or `relay`, with input from [`Outside`] too when given.
pub fn run_with(args: PlayArgs, relay: bool, outside: Option<Outside>) -> anyhow::Result<i32> {
    let mut printer = Printer::new(args.json, Catalog::builtin(args.lang));
    let games_dir = match &args.games_dir {
        Some(d) => d.clone(),
        None => default_games_dir().map_err(|e| anyhow::anyhow!("{e}"))?,
    };

    let Some(Opened {
        mut session,
        told,
        mut first_event,
    }) = open_game(&args, relay, &mut printer, &games_dir)?
    else {
        // Not resumed, nothing changed: exit status 2.
        return Ok(2);
    };
    // (After a resumption the `resumed` event says where the game stands.)
    if let (None, Some(text)) = (&first_event, session.assistant().last_said()) {
        printer.note("last-said", &[("text", text.into())]);
    }
    // Where the opponent's page is, and his PIN: printed, and said to the player below.
    let page_told = args.web_page.as_ref().map(|page| {
        let text = match &page.pin {
            // Digit by digit, as a PIN is read out.
            Some(pin) => printer.catalog.text(
                "web-started-pin",
                &[
                    ("url", page.url.as_str().into()),
                    ("pin", crate::web::spaced_digits(pin).into()),
                ],
            ),
            None => printer
                .catalog
                .text("web-started", &[("url", page.url.as_str().into())]),
        };
        printer.text_note(&text);
        if args.json {
            let mut line = serde_json::json!({"kind": "web", "url": page.url});
            if let Some(pin) = &page.pin {
                line["pin"] = pin.as_str().into();
            }
            printer.line(&line.to_string());
        }
        text
    });

    let mut braille = if args.braille_display {
        match BrailleDisplay::connect() {
            Ok(d) => Some(d),
            Err(e) => {
                printer.line(&e.to_string());
                None
            }
        }
    } else {
        None
    };

    let lang = session
        .assistant()
        .spec()
        .map(|s| s.lang)
        .unwrap_or(args.lang);
    // Everything is said in `lang`; the player is heard in his vocabulary's language.
    let vocab = session
        .assistant()
        .vocab()
        .cloned()
        .unwrap_or_else(|| Vocab::builtin(lang));
    let vocab_lang = vocab.lang();
    let mut voice = None;
    let (voice_tx, voice_rx) = unbounded::<VoiceEvent>();
    let mut voice_events = voice_rx.clone();
    let mut grammar = grammar_for(session.assistant(), &vocab);
    // One mute switch for the game: voice input started again after the microphone was lost
    // is muted by the same switch that speech holds.
    let mute = MuteSwitch::new();
    let mut voice_missing = false;
    if args.voice.listening() {
        match start_voice(&args.voice, vocab_lang, grammar.clone(), Some(mute.clone())) {
            Ok((handle, events, notices)) => {
                for n in notices {
                    printer.line(&n);
                }
                voice_events = events;
                voice = Some(handle);
            }
            Err(why) => {
                printer.note("no-voice-input", &[("why", why.to_string().into())]);
                voice_missing = true;
            }
        }
    }
    drop(voice_tx);
    let speech = match Speech::start(&args.voice, lang, voice.as_ref().map(|_| mute.clone())) {
        Ok(s) => s,
        Err(why) => {
            printer.line(&why);
            None
        }
    };
    if let (Some(s), Some((volume, rate))) = (&speech, session.assistant().speech_levels()) {
        // The game's own: a resumed game speaks as it last did.
        s.set_levels(volume, rate);
    }
    if let Some(s) = &speech {
        for text in &told {
            s.say(Listener::Player, text);
        }
    }
    if let (Some(s), Some(player)) = (&speech, session.assistant().player()) {
        // Said at once: the player hears that Rochade is ready, and the speech output is
        // warmed up (speech-dispatcher chooses its voice) before the first read-back.
        let side = printer.catalog.text(
            match player {
                Color::White => "side-white",
                Color::Black => "side-black",
            },
            &[],
        );
        let greeting = printer.catalog.text("ready", &[("side", side.into())]);
        s.say(Listener::Player, &greeting);
    }
    if let (Some(s), Some(text)) = (&speech, &page_told) {
        s.say(Listener::Player, text);
    }
    let mut recorder = match (session.journal_path(), args.voice.no_recording) {
        (Some(j), false) if voice.is_some() => Some(Recorder::beside(j, vocab.clone())),
        _ => None,
    };
    let mut voice_open = voice.is_some();

    let keyboard = outside.as_ref().is_none_or(|o| o.keyboard);
    let lines = if keyboard {
        stdin_lines()
    } else {
        crossbeam_channel::never()
    };
    let published = outside.as_ref().map(|o| o.published.clone());
    // What was said to the opponent, for the published view.
    let mut opponent_news = OpponentNews::default();
    let mut requests = outside
        .as_ref()
        .map_or_else(crossbeam_channel::never, |o| o.requests.clone());
    drop(outside);
    // The answer owed to an outside client for the event of this pass of the loop, and the
    // answer itself once the event is handled (sent after the view is published).
    let mut owed: Option<crossbeam_channel::Sender<Reply>> = None;
    let mut answer: Option<(crossbeam_channel::Sender<Reply>, Reply)> = None;
    let (tick_tx, ticks) = unbounded();
    // One time source: the ticks and the ends of playbacks are dated by the session's own game
    // time, as is every line read, so an event's `at` is the one time the assistant knows.
    let epoch = session.epoch();
    let ticker = Ticker::spawn(epoch, Duration::from_millis(100), tick_tx)?;
    let mut input_open = true;
    // With push-to-talk, Enter on an empty line starts and ends an utterance.
    let mut talking = false;
    let mut finished = speech
        .as_ref()
        .map_or_else(crossbeam_channel::never, |s| s.finished.clone());
    let mut unsaid = speech
        .as_ref()
        .map_or_else(crossbeam_channel::never, |s| s.unsaid.clone());
    let mut microphone = Microphone::default();
    if voice_missing && !keyboard && args.voice.audio_file.is_none() {
        // No keyboard to go on with (the service): the microphone is tried again.
        microphone.missing();
    }
    // The player's word that makes a move read back, for the sentences that name it.
    let yes = vocab
        .command_word(crate::vocab::Command::Yes)
        .unwrap_or(crate::vocab::Command::Yes.name())
        .to_string();
    // The paths to the player, for the failures (src/cli/play_failures.rs).
    macro_rules! reach {
        () => {
            Reach {
                printer: &printer,
                speech: speech.as_ref(),
                braille: &mut braille,
                yes: &yes,
            }
        };
    }
    // When the journal was last tried after a failure (game time).
    let mut journal_tried_at = 0u64;
    // No sleep while the game runs (from its start to its end or the program's).
    let mut sleep_lock = if session.assistant().result().is_none() {
        let why = printer.catalog.text("inhibit-why", &[]);
        match SleepInhibitor::acquire(&why) {
            Ok(lock) => Some(lock),
            Err(e) => {
                crate::diagnostics::warning(&format!(
                    "the computer may go to sleep during the game: no sleep inhibitor lock ({e})"
                ));
                None
            }
        }
    } else {
        None
    };
    let mut battery = BatteryCheck::new();
    loop {
        battery.check(&printer, speech.as_ref(), session.now());
        let mut utterance: Option<crate::asr::input::Recognized> = None;
        // The game time of what happened, when it is dated where it happened (a tick, the end
        // of a playback) rather than when the loop gets to it.
        let mut happened_at: Option<u64> = None;
        let event = if let Some(first) = first_event.take() {
            Some(first)
        } else {
            select! {
                recv(lines) -> line => match line {
                    Ok(Keyboard::Line(line)) => match if relay {
                        typed_relay_line(&line, Some(session.assistant()))
                    } else {
                        typed_line(&line, Some(session.assistant()))
                    } {
                        Typed::Event(e) => Some(e),
                        Typed::Quit => break,
                        Typed::Nothing => {
                            if let Some(v) = voice.as_ref().filter(|_| args.voice.push_to_talk) {
                                talking = !talking;
                                v.talk(talking);
                                if talking {
                                    printer.note("listening", &[]);
                                }
                            }
                            None
                        }
                        Typed::Invalid(why) => {
                            printer.note("not-read", &[("why", why.into())]);
                            None
                        }
                    },
                    Ok(Keyboard::Refused(why)) => {
                        let words = Words::new(vocab.clone(), lang);
                        printer.text_note(&match why {
                            InputError::NotUtf8 { .. } => words.typed_line_not_text(),
                            _ => words.typed_line_too_long(TYPED.line),
                        });
                        None
                    }
                    Ok(Keyboard::End) | Err(_) => {
                        input_open = false;
                        None
                    }
                },
                recv(requests) -> envelope => match envelope {
                    Ok(Envelope { request: Request::Talk, reply }) => {
                        // As Enter on an empty line: the desktop's push-to-talk key.
                        match voice.as_ref().filter(|_| args.voice.push_to_talk) {
                            Some(v) => {
                                talking = !talking;
                                v.talk(talking);
                                let said = if talking {
                                    printer.note("listening", &[]);
                                    vec![(Listener::Player, printer.catalog.text("listening", &[]))]
                                } else {
                                    Vec::new()
                                };
                                let _ = reply.send(Reply::Taken(said));
                            }
                            None => {
                                let why = printer.catalog.text("no-push-to-talk", &[]);
                                let _ = reply.send(Reply::Refused(why));
                            }
                        }
                        None
                    }
                    Ok(Envelope { request, reply }) => {
                        let words = Words::new(vocab.clone(), lang);
                        match outside_event(request, relay, &session, &words) {
                            Ok(Some(event)) => {
                                owed = Some(reply);
                                Some(event)
                            }
                            Ok(None) => {
                                let _ = reply.send(Reply::Taken(Vec::new()));
                                break;
                            }
                            Err(why) => {
                                let _ = reply.send(Reply::Refused(why));
                                None
                            }
                        }
                    }
                    Err(_) => {
                        requests = crossbeam_channel::never();
                        if !keyboard {
                            input_open = false;
                        }
                        None
                    }
                },
                recv(voice_events) -> ev => match ev {
                    Ok(VoiceEvent::Recognized(heard)) => {
                        // an utterance too long for push-to-talk ends by itself
                        talking = false;
                        voice_log(format_args!(
                            "voice: heard {:?} (speech {}-{} ms, ended at {} ms{})",
                            heard.alternatives,
                            heard.speech_start_ms,
                            heard.speech_end_ms,
                            heard.committed_ms,
                            if heard.early { ", early" } else { "" }
                        ));
                        utterance = Some(heard.clone());
                        // Nothing recognized is still an utterance: the player hears "Nicht
                        // verstanden" and says it again, rather than waiting in silence.
                        Some(Event::Heard(Heard::Alternatives(heard.alternatives.clone())))
                    }
                    Ok(VoiceEvent::GrammarSet { warning: Some(w), .. }) | Ok(VoiceEvent::Notice(w)) => {
                        printer.line(&w);
                        None
                    }
                    Ok(VoiceEvent::DeviceError(why)) if args.voice.audio_file.is_some() => {
                        printer.note("voice-input-stopped", &[("why", why.into())]);
                        voice_open = false;
                        voice_events = crossbeam_channel::never();
                        None
                    }
                    Ok(VoiceEvent::DeviceError(why)) => {
                        voice_events = crossbeam_channel::never();
                        let now = session.now();
                        let waiting = session.assistant().read_back_awaiting_playback();
                        let mut reach = reach!();
                        microphone.lost(&mut reach, now, &why, waiting);
                        talking = false;
                        if let Some(v) = voice.take() {
                            // Its threads end by themselves; a stream of a device that went away
                            // may take a while to close, so not on the game loop.
                            std::thread::spawn(move || v.stop());
                        }
                        // It is tried again while the keyboard is there (see the loop's end).
                        voice_open = true;
                        None
                    }
                    Ok(VoiceEvent::EndOfInput) | Err(_) => {
                        voice_open = false;
                        voice_events = crossbeam_channel::never();
                        None
                    }
                    Ok(other) => {
                        voice_log(format_args!("voice: {other:?}"));
                        speaking(&other, session.assistant())
                    }
                },
                recv(finished) -> notice => match notice {
                    // The player cannot correct it by voice any more: no window, only "ja".
                    Ok((played, _)) if microphone.holds(&played) => None,
                    Ok((played, ended)) => {
                        happened_at = Some(epoch.ms_at(ended));
                        Some(Event::Played(played))
                    }
                    Err(_) => {
                        finished = crossbeam_channel::never();
                        None
                    }
                },
                recv(unsaid) -> notice => match notice {
                    Ok(u) => {
                        let now = session.now();
                        let mut reach = reach!();
                        play_failures::unsaid(&mut reach, &session, &u, now)
                    }
                    Err(_) => {
                        unsaid = crossbeam_channel::never();
                        None
                    }
                },
                recv(microphone.attempt()) -> started => {
                    let now = session.now();
                    let mut reach = reach!();
                    let started = started.unwrap_or_else(|_| Err("the attempt ended".into()));
                    let back = microphone.attempted(&mut reach, now, started);
                    if let Some((handle, events, notices)) = back {
                        for n in notices {
                            printer.line(&n);
                        }
                        // The position may have changed while it was being opened.
                        handle.set_grammar(grammar.clone());
                        voice_events = events;
                        voice = Some(handle);
                        voice_open = true;
                    }
                    None
                },
                recv(ticks) -> tick => {
                    happened_at = tick.ok().map(|t| t.now_ms);
                    if microphone.is_lost() {
                        microphone.try_again(&args.voice, vocab_lang, &grammar, &mute);
                    }
                    None
                }
            }
        };
        if let Some(s) = &speech {
            for n in s.notices.try_iter() {
                printer.line(&n);
            }
        }
        if let Some(suspended) = session.new_suspend() {
            let ms = u64::try_from(suspended.as_millis()).unwrap_or(u64::MAX);
            let text = Words::new(vocab.clone(), lang).computer_was_suspended(ms);
            if let Some(s) = &speech {
                s.say(Listener::Arbiter, &text);
            }
            printer.to_arbiter(session.now(), text);
        }
        // A tick or the end of a playback is at its own time, a moment before it is handled;
        // a line read, at the time it is read.
        let at = happened_at.unwrap_or_else(|| session.now());
        let mut next = Some((event, at));
        // An utterance is read as a move in the position it was said in (its recording's words),
        // when recordings are kept.
        let said_in = utterance
            .as_ref()
            .filter(|_| recorder.is_some())
            .and_then(|_| session.assistant().game().map(|g| g.position().clone()));
        while let Some((event, now)) = next.take() {
            // An input, not the end of a playback or a tick: refused while the journal fails.
            let from_player = !matches!(event, None | Some(Event::Played(_)));
            let was_halted = session.halted().is_some();
            let result = match event {
                // The journal failed: tried again at every input and every few seconds; the
                // input that finds it working is not carried out (the player first hears where
                // the game stands, and says it again).
                _ if was_halted => {
                    if from_player || now >= journal_tried_at.saturating_add(JOURNAL_RETRY_MS) {
                        journal_tried_at = now;
                        let retried = session.retry_journal(now);
                        if retried.is_ok() {
                            let mut reach = reach!();
                            play_failures::journal_back(&mut reach, now);
                        }
                        retried
                    } else {
                        Ok(Vec::new())
                    }
                }
                Some(e) => session.feed(e, now),
                None => session.tick(now),
            };
            match result {
                Ok(effects) => {
                    effects.iter().for_each(|e| printer.effect(e));
                    opponent_news.heard(&effects);
                    if let Some(reply) = owed.take() {
                        answer = Some((reply, Reply::Taken(remote::said(&effects))));
                    }
                    match &speech {
                        Some(s) => {
                            for e in &effects {
                                if let Effect::Say { to, text, about } = &e.effect {
                                    s.say_about(*to, text, about, e.effect.read_back());
                                }
                            }
                        }
                        // Printed only: a read-back has "finished playing" once it is printed.
                        None => {
                            if let Some(played) =
                                effects.iter().rev().find_map(|e| e.effect.read_back())
                            {
                                next = Some((Some(Event::Played(played)), now));
                            }
                        }
                    }
                    if let Some(r) = recorder.as_mut() {
                        // The utterance that was read back as a move is the move's recording.
                        let read_back = effects.iter().find_map(|e| e.effect.read_back());
                        if let (Some(played), Some(heard), Some(pos)) =
                            (read_back, utterance.take(), &said_in)
                            && let Some(uci) = &played.uci
                        {
                            r.heard(pos, heard.samples, &heard.alternatives, uci);
                        }
                        let player = session.assistant().player();
                        for e in &effects {
                            if let Effect::Made { by, uci, .. } = &e.effect
                                && Some(*by) == player
                            {
                                let number = session
                                    .assistant()
                                    .game()
                                    .map(|g| g.moves().iter().filter(|m| m.color == *by).count())
                                    .unwrap_or(0)
                                    as u32;
                                if let Err(why) = r.made(number, crate::clock::side_name(*by), uci)
                                {
                                    printer.line(&why);
                                }
                            }
                        }
                    }
                    if let Some(v) = &voice {
                        let next = grammar_for(session.assistant(), &vocab);
                        if next != grammar {
                            v.set_grammar(next.clone());
                            grammar = next;
                        }
                    }
                    let show = effects.iter().any(|e| match &e.effect {
                        Effect::Made { .. } | Effect::End { .. } | Effect::Sealed { .. } => true,
                        Effect::Say { about, .. } => about.clocks().is_some(),
                        _ => false,
                    });
                    if show && let Some(d) = braille.as_mut() {
                        let a = session.assistant();
                        if let (Some(record), Some(player)) = (a.record(), a.player()) {
                            let reading = a.clock_reading(now);
                            let line = display_line(
                                record,
                                reading.as_ref(),
                                player,
                                args.braille_letters,
                                d.width(),
                            );
                            if let Err(e) = d.show(&line) {
                                printer.line(&e.to_string());
                                braille = None;
                            }
                        }
                    }
                }
                Err(err) => match session.halted() {
                    Some(_) => {
                        journal_tried_at = now;
                        let first = !was_halted;
                        let mut reach = reach!();
                        play_failures::journal_failed(
                            &mut reach,
                            &session,
                            now,
                            first,
                            from_player,
                        );
                    }
                    None => printer.note(
                        "journal-cannot-be-written",
                        &[("why", err.to_string().into())],
                    ),
                },
            }
        }
        if let Some(reply) = owed.take() {
            // The journal failed: the request was not carried out.
            let why = session.halted().map(|h| h.why.clone()).unwrap_or_default();
            let words = Words::new(vocab.clone(), lang);
            let _ = reply.send(Reply::Refused(words.journal_failed(&why)));
        }
        if let Some(p) = &published {
            p.set(opponent_news.into_view(GameView::of(&session, session.now())));
        }
        // Answered once the view shows what the request did.
        if let Some((reply, taken)) = answer.take() {
            let _ = reply.send(taken);
        }
        if sleep_lock.is_some() && session.assistant().result().is_some() {
            // The game is over: the computer may sleep again.
            sleep_lock = None;
        }
        // Nothing more can come in: no keyboard, and no voice (ended, or a microphone lost
        // with no keyboard to go on: the journal holds the game for --resume).
        if !input_open && (!voice_open || microphone.is_lost()) {
            break;
        }
    }
    let _ = ticker.stop();
    if let Some(v) = voice {
        v.stop();
    }
    session.write_sheets();
    let sheets: Vec<String> = session
        .sheet_paths()
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    if !sheets.is_empty() {
        printer.note("scoresheet-files", &[("files", sheets.join(", ").into())]);
    }
    Ok(0)
}

/// The event an outside client's request stands for: `Ok(None)` ends the loop; `Err` is the
/// reason it is refused, with nothing changed.
fn outside_event(
    request: Request,
    relay: bool,
    session: &Session,
    words: &Words,
) -> Result<Option<Event>, String> {
    let assistant = session.assistant();
    let line = match request {
        Request::Stop => return Ok(None),
        // Handled by the loop itself (it holds the voice input).
        Request::Talk => return Err(words.not_understood("")),
        Request::Command(command) => return Ok(Some(Event::Command(command))),
        Request::Typed(line) => line,
        Request::OpponentMove(text) => {
            let text = text.trim().to_string();
            let (Some(game), Some(player)) = (assistant.game(), assistant.player()) else {
                return Err(words.opponent_illegal_for_opponent(&text));
            };
            if let Some(result) = assistant.result() {
                return Err(words.game_over(result));
            }
            if !relay && game.side_to_move() == player {
                return Err(words.opponent_not_to_move());
            }
            let mv = game
                .parse_san(&text)
                .or_else(|_| game.parse_entered_uci(&text))
                .map_err(|_| words.opponent_illegal_for_opponent(&text))?;
            let san = game
                .san_of(&mv)
                .map_err(|_| words.opponent_illegal_for_opponent(&text))?;
            format!("> {san}")
        }
    };
    let typed = if relay {
        typed_relay_line(&line, Some(assistant))
    } else {
        typed_line(&line, Some(assistant))
    };
    match typed {
        Typed::Event(e) => Ok(Some(e)),
        Typed::Quit => Ok(None),
        Typed::Nothing => Err(words.not_understood(&line)),
        Typed::Invalid(why) => Err(why),
    }
}
