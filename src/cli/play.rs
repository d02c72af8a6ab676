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
//! it is only printed (`--speech off`). The loop never waits for speech. A game resumed while
//! a read-back was still being played gets its window from the resumption.
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use crossbeam_channel::{Receiver, select, unbounded};
use shakmaty::Color;

use crate::asr::input::VoiceEvent;
use crate::assistant::protocol::Heard;
use crate::assistant::protocol::{
    Effect, Event, Listener, Mode, SideName, StartSpec, TimedEffect, Warnings,
};
use crate::catalog::{Arg, Catalog};
use crate::cli::play_voice::{Recorder, Speech, VoiceArgs, grammar_for, start_voice, voice_log};
use crate::clock::ticker::{GameEpoch, Ticker};
use crate::display::{BrailleDisplay, display_line};
use crate::journal::{default_games_dir, latest_journal, new_journal_path, utc_rfc3339};
use crate::lang::Lang;
use crate::rules::RulesEdition;
use crate::session::Session;
use crate::typed::{Typed, typed_line};
use crate::vocab::Vocab;

/// The settings of `play` and `relay`.
#[derive(Debug, Args, Clone)]
pub struct PlayArgs {
    /// The blind player's side: white or black.
    #[arg(long, default_value = "white")]
    pub player: String,
    /// The time control: PGN TimeControl syntax (40/5400+30:1800+30, 5400+30, 300+2, 5400d5 for
    /// a delay, 300b3 Bronstein), a preset (fide-classical, fide-rapid, fide-blitz, ...), or -
    /// for no clock.
    #[arg(long = "time-control", default_value = "fide-classical")]
    pub time_control: String,
    /// tournament (only what FIDE D.2.9 allows) or training (explanations, position read-out).
    #[arg(long, default_value = "tournament")]
    pub mode: String,
    /// Language of the words: de (FIDE German) or en.
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// The arbiter's own vocabulary (FIDE D.1): a TOML file like grammars/de.toml, in place of
    /// the built-in words of its language (which it sets; --lang is then not needed).
    #[arg(long, value_name = "FILE")]
    pub grammar: Option<PathBuf>,
    /// The correction window after a read-back, in ms; 0: only an explicit "ja" makes a move.
    #[arg(long = "confirm-ms", default_value_t = 2000)]
    pub confirm_ms: u64,
    /// The edition of the FIDE Laws: fide-2018 (default), fide-2014, fide-2009, fide-2005, fide-2001.
    #[arg(long, default_value = "fide-2018")]
    pub rules: RulesEdition,
    /// Start from this position (FEN) instead of the initial position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Time warnings (10 min, 5 min, 1 min, 30 s, 10 s): on or off. Off in tournament mode
    /// unless the arbiter allows them; on in training mode.
    #[arg(long)]
    pub warnings: Option<bool>,
    /// White's and Black's names, the event, site and round for the scoresheet.
    #[arg(long)]
    pub white: Option<String>,
    #[arg(long)]
    pub black: Option<String>,
    #[arg(long)]
    pub event: Option<String>,
    #[arg(long)]
    pub site: Option<String>,
    #[arg(long)]
    pub round: Option<String>,
    /// The journal file of this game (default: a new file in the games folder).
    #[arg(long)]
    pub journal: Option<PathBuf>,
    /// The folder for journals and scoresheets (default: ~/.local/share/rochade/games).
    #[arg(long = "games-dir")]
    pub games_dir: Option<PathBuf>,
    /// Resume a game from its journal (the newest in the games folder when no file is given).
    #[arg(long, num_args = 0..=1, default_missing_value = "")]
    pub resume: Option<String>,
    /// Print every effect as a JSON line instead of plain sentences.
    #[arg(long)]
    pub json: bool,
    /// Show the last move and both clocks on a braille display through BRLTTY (needs the
    /// braille-display build feature and a running BRLTTY).
    #[arg(long = "braille-display")]
    pub braille_display: bool,
    /// The piece letters of the braille display line: bauk (K Q R L S), de (K D T L S), en.
    #[arg(long = "braille-letters", default_value = "bauk")]
    pub braille_letters: crate::scoresheet::Letters,
    #[command(flatten)]
    pub voice: VoiceArgs,
}

struct Printer {
    json: bool,
    /// The sentences of the game's language (the `--lang` one until a resumed game says its
    /// own).
    catalog: Arc<Catalog>,
}

impl Printer {
    fn line(&self, text: &str) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    fn effect(&self, e: &TimedEffect) {
        if self.json {
            self.line(&e.to_json().to_string());
            return;
        }
        match &e.effect {
            Effect::Say { to, text, .. } => {
                let id = match to {
                    Listener::Player => "to-player",
                    Listener::Opponent => "to-opponent",
                    Listener::Arbiter => "to-arbiter",
                };
                self.line(&self.catalog.text(id, &[("text", text.into())]));
            }
            Effect::Error { error } => {
                self.line(&self.catalog.text("error-line", &[("error", error.into())]))
            }
            _ => {}
        }
    }

    /// A line of the program itself (not of the game), by its catalog message.
    fn note(&self, id: &str, args: &[(&str, Arg<'_>)]) {
        let text = self.catalog.text(id, args);
        if self.json {
            self.line(&serde_json::json!({"kind": "note", "text": text}).to_string());
        } else {
            self.line(&text);
        }
    }
}

fn spec_of(args: &PlayArgs) -> anyhow::Result<StartSpec> {
    let player = match args.player.trim().to_ascii_lowercase().as_str() {
        "white" | "weiss" | "weiß" | "w" => Color::White,
        "black" | "schwarz" | "b" | "s" => Color::Black,
        other => anyhow::bail!("unknown side {other:?}: expected white or black"),
    };
    let mode = match args.mode.trim().to_ascii_lowercase().as_str() {
        "tournament" | "turnier" => Mode::Tournament,
        "training" => Mode::Training,
        other => anyhow::bail!("unknown mode {other:?}: expected tournament or training"),
    };
    // Refuse a malformed time control here, with the expected form, before anything starts.
    if args.time_control.trim() != "-" {
        args.time_control
            .parse::<crate::clock::TimeControl>()
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    if let Some(fen) = &args.fen {
        crate::game::Game::new(Some(fen), args.rules).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let mut spec = StartSpec::new(player);
    spec.player = SideName::from(player);
    spec.fen = args.fen.clone();
    spec.time_control = Some(args.time_control.clone());
    spec.mode = mode;
    spec.lang = args.lang;
    if let Some(path) = &args.grammar {
        let (file, lang) = crate::assistant::protocol::VocabularyFile::read(path)
            .map_err(|e| anyhow::anyhow!(e))?;
        spec.vocabulary = Some(file);
        spec.lang = lang;
    }
    spec.confirm_ms = args.confirm_ms;
    spec.rules = args.rules;
    spec.warnings = args.warnings.map(Warnings::Switch);
    spec.white = args.white.clone();
    spec.black = args.black.clone();
    spec.event = args.event.clone();
    spec.site = args.site.clone();
    spec.round = args.round.clone();
    // The window starts when the read-back has been said (or printed): the loop reports it.
    spec.window_after_playback = true;
    spec.date = Some(utc_rfc3339(std::time::SystemTime::now())[..10].replace('-', "."));
    Ok(spec)
}

fn stdin_lines() -> Receiver<Option<String>> {
    let (tx, rx) = unbounded();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        loop {
            let mut buf = Vec::new();
            match lock.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(None);
                    return;
                }
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                    if tx.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

/// Runs `play` (relay = false) or `relay`.
pub fn run(args: PlayArgs, relay: bool) -> anyhow::Result<i32> {
    let mut printer = Printer {
        json: args.json,
        catalog: Catalog::builtin(args.lang),
    };
    let games_dir = match &args.games_dir {
        Some(d) => d.clone(),
        None => default_games_dir().map_err(|e| anyhow::anyhow!("{e}"))?,
    };

    let mut session = match &args.resume {
        Some(path) => {
            let path = if path.is_empty() {
                latest_journal(&games_dir)
                    .map_err(|e| anyhow::anyhow!("{e}"))?
                    .ok_or_else(|| {
                        anyhow::anyhow!("no journal to resume in {}", games_dir.display())
                    })?
            } else {
                PathBuf::from(path)
            };
            let (session, resumed) = Session::resume(&path).map_err(|e| anyhow::anyhow!(e))?;
            if let Some(spec) = session.assistant().spec() {
                // The resumed game speaks its own language, whatever --lang says.
                printer.catalog = Catalog::builtin(spec.lang);
            }
            for p in &resumed.problems {
                printer.note("journal-note", &[("note", p.to_string().into())]);
            }
            printer.note(
                "game-resumed",
                &[
                    ("path", path.display().to_string().into()),
                    ("events", resumed.events.to_string().into()),
                    ("seconds", (resumed.down_ms / 1000).to_string().into()),
                ],
            );
            let mut session = session;
            if let Some(played) = session.assistant().read_back_awaiting_playback() {
                // Its playback ended before the interruption (or with it): the window starts now.
                let now = session.now();
                if let Err(err) = session.feed(Event::Played(played), now) {
                    anyhow::bail!("cannot write the journal: {err}");
                }
            }
            session
        }
        None => {
            let spec = spec_of(&args)?;
            printer.catalog = Catalog::builtin(spec.lang);
            let path = match &args.journal {
                Some(p) => p.clone(),
                None => {
                    std::fs::create_dir_all(&games_dir).map_err(|e| {
                        anyhow::anyhow!(
                            "cannot create the games folder {}: {e}",
                            games_dir.display()
                        )
                    })?;
                    new_journal_path(&games_dir, &utc_rfc3339(std::time::SystemTime::now()))
                        .map_err(|e| anyhow::anyhow!("{e}"))?
                }
            };
            let mut session = Session::create(Some(&path)).map_err(|e| anyhow::anyhow!(e))?;
            let side = printer.catalog.text(
                match spec.player {
                    SideName::White => "side-white",
                    SideName::Black => "side-black",
                },
                &[],
            );
            printer.note(
                if relay {
                    "relay-started"
                } else {
                    "game-started"
                },
                &[
                    ("side", side.into()),
                    ("path", path.display().to_string().into()),
                ],
            );
            let now = session.now();
            match session.feed(Event::Start(Box::new(spec)), now) {
                Ok(effects) => effects.iter().for_each(|e| printer.effect(e)),
                Err(err) => anyhow::bail!("cannot write the journal: {err}"),
            }
            session
        }
    };
    if let Some(text) = session.assistant().last_said() {
        printer.note("last-said", &[("text", text.into())]);
    }

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
    let vocab = session
        .assistant()
        .vocab()
        .cloned()
        .unwrap_or_else(|| Vocab::builtin(lang));
    let mut voice = None;
    let (voice_tx, voice_rx) = unbounded::<VoiceEvent>();
    let mut voice_events = voice_rx.clone();
    let mut grammar = grammar_for(session.assistant(), &vocab);
    if args.voice.listening() {
        match start_voice(&args.voice, lang, grammar.clone()) {
            Ok((handle, events, notices)) => {
                for n in notices {
                    printer.line(&n);
                }
                voice_events = events;
                voice = Some(handle);
            }
            Err(why) => printer.note("no-voice-input", &[("why", why.to_string().into())]),
        }
    }
    drop(voice_tx);
    let speech = match Speech::start(
        &args.voice,
        lang,
        voice.as_ref().map(|v| v.mute_switch().clone()),
    ) {
        Ok(s) => s,
        Err(why) => {
            printer.line(&why);
            None
        }
    };
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
    let mut recorder = match (session.journal_path(), args.voice.no_recording) {
        (Some(j), false) if voice.is_some() => Some(Recorder::beside(j)),
        _ => None,
    };
    let mut voice_open = voice.is_some();

    let lines = stdin_lines();
    let (tick_tx, ticks) = unbounded();
    let ticker = Ticker::spawn(GameEpoch::now(), Duration::from_millis(100), tick_tx)?;
    let mut input_open = true;
    // With push-to-talk, Enter on an empty line starts and ends an utterance.
    let mut talking = false;
    let mut finished = speech
        .as_ref()
        .map_or_else(crossbeam_channel::never, |s| s.finished.clone());
    loop {
        let mut utterance: Option<Vec<i16>> = None;
        // For a read-back that has finished playing: how long ago it ended.
        let mut ended_ago: Option<Duration> = None;
        let event = select! {
            recv(lines) -> line => match line {
                Ok(Some(line)) => match typed_line(&line, Some(session.assistant())) {
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
                _ => {
                    input_open = false;
                    None
                }
            },
            recv(voice_events) -> ev => match ev {
                Ok(VoiceEvent::Heard(heard)) => {
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
                    utterance = Some(heard.samples.clone());
                    // Nothing recognized is still an utterance: the player hears "Nicht
                    // verstanden" and says it again, rather than waiting in silence.
                    Some(Event::Heard(Heard::Alternatives(heard.alternatives.clone())))
                }
                Ok(VoiceEvent::GrammarSet { warning: Some(w), .. }) | Ok(VoiceEvent::Notice(w)) => {
                    printer.line(&w);
                    None
                }
                Ok(VoiceEvent::DeviceError(why)) => {
                    printer.note("voice-input-stopped", &[("why", why.to_string().into())]);
                    voice_open = false;
                    voice_events = crossbeam_channel::never();
                    None
                }
                Ok(VoiceEvent::EndOfInput) | Err(_) => {
                    voice_open = false;
                    voice_events = crossbeam_channel::never();
                    None
                }
                Ok(other) => {
                    voice_log(format_args!("voice: {other:?}"));
                    None
                }
            },
            recv(finished) -> notice => match notice {
                Ok((played, ended)) => {
                    ended_ago = Some(ended.elapsed());
                    Some(Event::Played(played))
                }
                Err(_) => {
                    finished = crossbeam_channel::never();
                    None
                }
            },
            recv(ticks) -> _ => None,
        };
        if let Some(s) = &speech {
            for n in s.notices.try_iter() {
                printer.line(&n);
            }
        }
        let now = session.now();
        // A read-back's end of playback is at its own time, a moment before it is handled.
        let at = ended_ago.map_or(now, |ago| {
            now.saturating_sub(u64::try_from(ago.as_millis()).unwrap_or(u64::MAX))
        });
        let mut next = Some((event, at));
        while let Some((event, now)) = next.take() {
            let result = match event {
                Some(e) => session.feed(e, now),
                None => session.tick(now),
            };
            match result {
                Ok(effects) => {
                    effects.iter().for_each(|e| printer.effect(e));
                    match &speech {
                        Some(s) => {
                            for e in &effects {
                                if let Effect::Say { to, text, .. } = &e.effect {
                                    s.say_then(*to, text, e.effect.read_back());
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
                        let read_back = effects.iter().any(|e| {
                            matches!(&e.effect, Effect::Say { to: Listener::Player, about, .. }
                                if about.get("read_back").is_some())
                        });
                        if let (true, Some(samples)) = (read_back, utterance.take()) {
                            r.heard(samples);
                        }
                        let player = session.assistant().player();
                        for e in &effects {
                            if let Effect::Made { by, .. } = &e.effect
                                && Some(*by) == player
                            {
                                let number = session
                                    .assistant()
                                    .game()
                                    .map(|g| g.moves().iter().filter(|m| m.color == *by).count())
                                    .unwrap_or(0)
                                    as u32;
                                if let Err(why) = r.made(number, crate::clock::side_name(*by)) {
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
                        Effect::Say { about, .. } => about.get("white_ms").is_some(),
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
                Err(err) => printer.note(
                    "journal-cannot-be-written",
                    &[("why", err.to_string().into())],
                ),
            }
        }
        if !input_open && !voice_open {
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
