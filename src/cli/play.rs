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
//! `--resume`: a torn last line of the journal is said and dropped; damage is said and printed
//! line by line, and the game goes on from the last good line only when the player or the
//! arbiter types "ja" (or gave `--accept-damage`). The first event of a resumed game is
//! `resumed`: the player hears where the game stands, a waiting read-back is read back again
//! (its window starts when that has been said), and the last move is announced again to
//! whoever may not have heard it.
use std::io::BufRead;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use crossbeam_channel::{Receiver, select, unbounded};
use shakmaty::Color;

use crate::asr::input::VoiceEvent;
use crate::assistant::protocol::Heard;
use crate::assistant::protocol::{
    Chess960Start, Effect, Event, Listener, Mode, Side, StartSpec, Warnings,
};
use crate::assistant::words::{Words, chess960_problem};
use crate::audio::capture::MuteSwitch;
use crate::battery::BatteryWatch;
use crate::bounded::{BoundedLines, InputError, TYPED};
use crate::catalog::Catalog;
use crate::cli::play_check::readiness_check;
use crate::cli::play_failures::{self, JOURNAL_RETRY_MS, Microphone, Reach};
use crate::cli::play_voice::{
    Recorder, Speech, VoiceArgs, grammar_for, speaking, start_voice, voice_log,
};
use crate::cli::printer::Printer;
use crate::cli::remote::{self, Envelope, GameView, OpponentNews, Published, Reply, Request};
use crate::clock::ticker::Ticker;
use crate::display::{BrailleDisplay, display_line};
use crate::game::{GameError, Variant};
use crate::inhibit::SleepInhibitor;
use crate::journal::{default_games_dir, latest_journal, new_journal_path, utc_rfc3339};
use crate::lang::Lang;
use crate::rules::RulesEdition;
use crate::session::{DoubtfulDowntime, JournalCheck, Session, check_journal, is_journal_file};
use crate::typed::{Typed, typed_line, typed_relay_line};
use crate::vocab::Vocab;

/// The settings of `play` and `relay`.
#[derive(Debug, Args, Clone)]
pub struct PlayArgs {
    /// The blind player's side: white or black.
    #[arg(long, default_value = "white")]
    pub player: String,
    /// The time control: PGN TimeControl syntax in seconds (40/5400+30:1800+30, 5400+30,
    /// 300+2, 5400d5 for a delay, 300b3 Bronstein), a preset, or - for no clock.
    #[arg(long = "time-control", default_value = "fide-classical", long_help = time_control_help())]
    pub time_control: String,
    /// The clock starts on the arbiter's signal (typed `!start`), not at once, so that the
    /// game can be prepared before; no move is taken until then.
    #[arg(long = "start-on-signal")]
    pub start_on_signal: bool,
    /// tournament (only what FIDE D.2.9 allows) or training (explanations, position read-out).
    #[arg(long, default_value = "tournament")]
    pub mode: String,
    /// Language of everything said and printed: de (FIDE German), en, ar (Arabic) or he
    /// (Hebrew). For de and en also the words the player speaks.
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// The words the player speaks, when not those of --lang: de (the FIDE words) or en. An
    /// ar or he game is played with de unless told otherwise.
    #[arg(long, value_name = "de|en")]
    pub vocab: Option<Lang>,
    /// The arbiter's own vocabulary (FIDE D.1): a TOML file like grammars/de.toml, in place of
    /// the built-in words of its language (which it sets for a de or en game; --lang is then
    /// not needed; an ar or he game keeps its language and is played with the file's words).
    #[arg(long, value_name = "FILE")]
    pub grammar: Option<PathBuf>,
    /// The correction window after a read-back, in ms; 0: only an explicit "ja" makes a move.
    #[arg(long = "confirm-ms", default_value_t = 2000)]
    pub confirm_ms: u64,
    /// Captures get the correction window too (by default a capture, like a promotion, is made
    /// only by an explicit "ja": D.2.3).
    #[arg(long = "capture-window")]
    pub capture_window: bool,
    /// The edition of the FIDE Laws: fide-2018 (default), fide-2014, fide-2009, fide-2005, fide-2001.
    #[arg(long, default_value = "fide-2018")]
    pub rules: RulesEdition,
    /// Rapid and blitz: the event plays under the simplified rules of A.4/B.4, not the
    /// Competition Rules (A.3/B.3); under fide-2014 an illegal move then loses at once (A.4.b).
    #[arg(long = "limited-supervision")]
    pub limited_supervision: bool,
    /// The event allows no draw by agreement (9.1): the player's and the opponent's offers
    /// are refused and not passed on; claims under 9.2 and 9.3 stay allowed.
    #[arg(long = "no-draw-agreements", conflicts_with = "draws_from_move")]
    pub no_draw_agreements: bool,
    /// The event allows a draw by agreement only from this move number on (9.1).
    #[arg(long = "draws-from-move", value_name = "N")]
    pub draws_from_move: Option<u32>,
    /// The event's default time in minutes (6.7): a side that has not made its first move
    /// this long after the clock started is reported to the arbiter. Default: the edition's
    /// (60 under fide-2001 and fide-2005; 0, never reported, from fide-2009).
    #[arg(long = "default-time", value_name = "MINUTES")]
    pub default_time: Option<u64>,
    /// The event has announced that the quickplay-finish rules apply (10.2, Appendix G,
    /// Guidelines III): with less than two minutes the player's "Remis" claims a draw, the
    /// clocks stop and the arbiter decides.
    #[arg(long = "quickplay-finish")]
    pub quickplay_finish: bool,
    /// Leave "Schach" out of read-backs and announcements (announcing check is not
    /// compulsory, fa 3.8); mate is still said.
    #[arg(long = "no-check-word")]
    pub no_check_word: bool,
    /// Start from this position (FEN) instead of the initial position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Play Chess960 (FIDE Guidelines II): the start position's number, 0 to 959 (518 is the
    /// usual position); `random` for one drawn at random; without a number, the Chess960 start
    /// position given with --fen (set up by hand), or 518 without --fen. The start position is
    /// checked: king between
    /// the rooks, bishops on opposite colours, pawns on the second and seventh ranks, Black
    /// mirroring White.
    #[arg(long, value_name = "N|random", num_args = 0..=1, default_missing_value = "given")]
    pub chess960: Option<Chess960Choice>,
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
    /// With --resume: if the journal is damaged, go on from its last good line without asking
    /// (the arbiter's decision, for use without a keyboard). Without it, Rochade says what is
    /// damaged and asks "ja" or "nein" on the keyboard.
    #[arg(long = "accept-damage")]
    pub accept_damage: bool,
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
    /// Serve the page for the sighted opponent (the board from his side, the clocks, his
    /// move by two taps, draw, resignation, the touch report, the arbiter's panel) and its
    /// JSON API at this address, e.g. 127.0.0.1:8080 (port 0: any free port). On an address
    /// other than a loopback one, every entry of the opponent needs the PIN told at the start.
    #[arg(long, value_name = "ADDR")]
    pub web: Option<SocketAddr>,
    /// The arbiter's PIN for the page's arbiter panel (or the environment variable
    /// ROCHADE_ARBITER_PIN, which other users cannot see); never said or printed. Without
    /// one the panel is locked.
    #[arg(long = "arbiter-pin", value_name = "PIN")]
    pub arbiter_pin: Option<String>,
    /// The page being served for this game (set by `run` with --web; no option).
    #[arg(skip)]
    pub web_page: Option<ServedPage>,
}

/// The page served with a game: where, and the opponent's PIN if his entries need one.
#[derive(Debug, Clone)]
pub struct ServedPage {
    pub url: String,
    pub pin: Option<String>,
}

/// What `--chess960` was given: a start position's number, `random`, or nothing (the position
/// is the one of `--fen`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chess960Choice {
    Number(u32),
    Random,
    Given,
}

impl std::str::FromStr for Chess960Choice {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "given" => Ok(Chess960Choice::Given),
            "random" | "zufall" => Ok(Chess960Choice::Random),
            number => number.parse().map(Chess960Choice::Number).map_err(|_| {
                format!("{text:?}: expected a start position's number (0 to 959) or random")
            }),
        }
    }
}

/// A start position drawn at random (Chess960 rule 1), from the system's clock and process,
/// each of the 960 about equally likely; the number is journaled, so the game resumes with it.
fn random_chess960_number() -> u32 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default(),
    );
    (hasher.finish() % u64::from(crate::game::chess960::POSITIONS)) as u32
}

/// The long help of `--time-control`: the form, and every preset with what it is.
fn time_control_help() -> String {
    format!(
        "The time control, in PGN TimeControl syntax, times in seconds: periods separated by \
         ':', each [moves/]seconds[+increment|d<delay>|b<delay>], e.g. 40/5400+30:1800+30, \
         5400+30 (90 minutes, 30 s a move), 300+2, 5400d5 (simple delay), 300b3 (Bronstein \
         delay); - for no clock; or a preset (\"fide-\" may be left out):\n{}",
        crate::clock::preset_table()
    )
}

pub(crate) fn spec_of(args: &PlayArgs) -> anyhow::Result<StartSpec> {
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
    let mut spec = StartSpec::new(player);
    spec.player = Side::from(player);
    spec.fen = args.fen.clone();
    spec.chess960 = args.chess960.map(|choice| match choice {
        Chess960Choice::Given => Chess960Start::Given(true),
        Chess960Choice::Number(n) => Chess960Start::Number(n),
        Chess960Choice::Random => Chess960Start::Number(random_chess960_number()),
    });
    // A start position that is no position, or no Chess960 start position, is refused here,
    // in the game's language, before anything starts.
    let catalog = Catalog::builtin(args.lang);
    let start_fen = spec
        .start_fen()
        .map_err(|e| anyhow::anyhow!(chess960_problem(&catalog, e)))?;
    if start_fen.is_some() || spec.variant() == Variant::Chess960 {
        crate::game::Game::of_variant(start_fen.as_deref(), spec.variant(), args.rules).map_err(
            |e| match e {
                GameError::NotChess960(problem) => {
                    anyhow::anyhow!(chess960_problem(&catalog, problem))
                }
                other => anyhow::anyhow!("{other}"),
            },
        )?;
    }
    spec.time_control = Some(args.time_control.clone());
    spec.mode = mode;
    spec.lang = args.lang;
    if let Some(vocab) = args.vocab {
        spec.vocab = Some(crate::lang::vocabulary_lang(vocab).map_err(|e| anyhow::anyhow!(e))?);
    }
    if let Some(path) = &args.grammar {
        let (file, lang) = crate::assistant::protocol::VocabularyFile::read(path)
            .map_err(|e| anyhow::anyhow!(e))?;
        spec.vocabulary = Some(file);
        if args.lang.has_vocabulary() && args.vocab.is_none() {
            spec.lang = lang;
        } else {
            // The game keeps its language; the file's words are the vocabulary (the game
            // refuses a file that is not in --vocab's language).
            spec.vocab = Some(spec.vocab.unwrap_or(lang));
        }
    }
    spec.speech_volume = Some(args.voice.speech_volume);
    spec.speech_rate = Some(args.voice.speech_rate);
    spec.confirm_ms = args.confirm_ms;
    spec.capture_window = args.capture_window;
    spec.rules = args.rules;
    spec.warnings = args.warnings.map(Warnings::Switch);
    spec.white = args.white.clone();
    spec.black = args.black.clone();
    spec.event = args.event.clone();
    spec.site = args.site.clone();
    spec.round = args.round.clone();
    // The window starts when the read-back has been said (or printed): the loop reports it.
    spec.window_after_playback = true;
    spec.start_on_signal = args.start_on_signal;
    if args.limited_supervision {
        spec.supervision = crate::game::laws::Supervision::Limited;
    }
    spec.announce_check = !args.no_check_word;
    spec.quickplay_finish = args.quickplay_finish;
    spec.default_time_s = args.default_time.map(|m| m.saturating_mul(60));
    if args.no_draw_agreements {
        spec.draw_agreements = crate::assistant::protocol::DrawAgreements::Forbidden;
    } else if let Some(n) = args.draws_from_move {
        spec.draw_agreements = crate::assistant::protocol::DrawAgreements::FromMove(n);
    }
    spec.date = Some(utc_rfc3339(std::time::SystemTime::now())[..10].replace('-', "."));
    Ok(spec)
}

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

/// A damaged journal: every damage is printed and said, with the line it is on; the game goes
/// on from the last good line only if the player or arbiter agrees ("ja" typed, or
/// `--accept-damage`). Nothing is changed otherwise.
fn agree_to_damage(
    args: &PlayArgs,
    printer: &Printer,
    words: &Words,
    check: &JournalCheck,
) -> anyhow::Result<bool> {
    let lang = check.lang.unwrap_or(args.lang);
    // Its own speech output, for this question only: the game's starts with the game.
    let speech = Speech::start(&args.voice, lang, None).ok().flatten();
    let tell = |text: &str| {
        printer.text_note(text);
        if let Some(s) = &speech {
            s.say(Listener::Player, text);
        }
    };
    for damage in &check.damage {
        tell(&words.journal_damage(damage));
    }
    let question = words.journal_resume_question(check.last_good_line, check.last_move_kept);
    tell(&question);
    if args.accept_damage {
        return Ok(true);
    }
    let vocab = Vocab::builtin(lang);
    let stdin = std::io::stdin();
    loop {
        let mut line = String::new();
        let read = stdin.lock().read_line(&mut line)?;
        let answer = if read == 0 {
            Some(false)
        } else {
            match vocab.lookup(line.trim()) {
                Some(crate::vocab::Meaning::Command(crate::vocab::Command::Yes)) => Some(true),
                Some(crate::vocab::Meaning::Command(crate::vocab::Command::No)) => Some(false),
                _ => match line.trim().to_lowercase().as_str() {
                    "ja" | "j" | "yes" | "y" => Some(true),
                    "nein" | "n" | "no" => Some(false),
                    _ => None,
                },
            }
        };
        match answer {
            Some(true) => return Ok(true),
            Some(false) => {
                tell(&words.journal_not_resumed());
                return Ok(false);
            }
            None => tell(&question),
        }
    }
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

    // Sentences about the journal, said once the speech output runs.
    let mut told: Vec<String> = Vec::new();
    let mut first_event: Option<Event> = None;
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
            let check = check_journal(&path).map_err(|e| anyhow::anyhow!(e))?;
            let lang = check.lang.unwrap_or(args.lang);
            let words = Words::new(Vocab::builtin(lang), lang);
            let accept_damage = check.is_damaged();
            if accept_damage && !agree_to_damage(&args, &printer, &words, &check)? {
                // Not resumed, nothing changed: exit status 2.
                return Ok(2);
            }
            let (session, resumed) =
                Session::resume(&path, accept_damage).map_err(|e| anyhow::anyhow!(e))?;
            if let Some(spec) = session.assistant().spec() {
                // The resumed game speaks its own language, whatever --lang says.
                printer.catalog = Catalog::builtin(spec.lang);
            }
            if let Some(torn) = &resumed.torn {
                told.push(words.journal_damage(torn));
            }
            if !resumed.set_aside.is_empty() {
                told.push(words.journal_resumed_after_damage(check.last_good_line));
            }
            for text in &told {
                printer.text_note(text);
            }
            printer.note(
                "game-resumed",
                &[
                    ("path", path.display().to_string().into()),
                    ("events", resumed.events.to_string().into()),
                    ("seconds", (resumed.down_ms / 1000).to_string().into()),
                ],
            );
            if let Some(doubt) = resumed.doubtful_down {
                let lang = printer.catalog.lang();
                let words = Words::new(Vocab::builtin(lang), lang);
                let text = match doubt {
                    DoubtfulDowntime::WallClockWentBack { ms } => words.wall_clock_went_back(ms),
                    DoubtfulDowntime::TooLong { ms } => words.downtime_too_long(ms),
                };
                printer.to_arbiter(session.now(), text);
            }
            // The first event after the resumption: where the game stands, and what was
            // waiting is said again (a read-back is never made by the time that passed).
            first_event = Some(Event::Resumed(true));
            session
        }
        None => {
            let spec = spec_of(&args)?;
            printer.catalog = Catalog::builtin(spec.lang);
            if !relay {
                // Before the game and its clock start.
                let vocab = match &spec.vocabulary {
                    Some(file) => file.vocab().map_err(|e| anyhow::anyhow!(e))?,
                    None => Vocab::builtin(spec.vocab_lang()),
                };
                readiness_check(&args.voice, spec.lang, &vocab, &printer);
            }
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
            if path.exists() {
                if is_journal_file(&path) {
                    anyhow::bail!(
                        "{} is the journal of another game; it is not overwritten. Resume it with --resume {}, or choose another name",
                        path.display(),
                        path.display()
                    );
                }
                anyhow::bail!(
                    "{} exists and is not a Rochade journal; it is not overwritten. Choose another name for the journal",
                    path.display()
                );
            }
            let mut session = Session::create(Some(&path)).map_err(|e| anyhow::anyhow!(e))?;
            let side = printer.catalog.text(
                match spec.player {
                    Side::White => "side-white",
                    Side::Black => "side-black",
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
            if let Some(w) = crate::clock::TimeControl::looks_like_minutes(&args.time_control) {
                printer.note(
                    "control-looks-like-minutes",
                    &[
                        ("input", w.input.into()),
                        // Numbers as words, as every time is said.
                        (
                            "seconds",
                            crate::numbers::cardinal(w.seconds, printer.catalog.lang()).into(),
                        ),
                        ("minutes", w.as_minutes.into()),
                    ],
                );
            }
            let now = session.now();
            match session.feed(Event::Start(Box::new(spec)), now) {
                Ok(effects) => effects.iter().for_each(|e| printer.effect(e)),
                Err(err) => anyhow::bail!("cannot write the journal: {err}"),
            }
            session
        }
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
        (Some(j), false) if voice.is_some() => Some(Recorder::beside(j)),
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
        let mut utterance: Option<Vec<i16>> = None;
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
                        utterance = Some(heard.samples.clone());
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
                        let read_back = effects.iter().any(|e| {
                            matches!(&e.effect, Effect::Say { to: Listener::Player, about, .. }
                                if about.is_read_back())
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
