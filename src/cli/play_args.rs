//! The settings of `play` and `relay` (the command line, which the service's configuration
//! fills too) and the start of a game they describe ([`spec_of`]): the side, the time
//! control, the start position, the rules and the voice.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;
use shakmaty::Color;

use crate::assistant::protocol::{Chess960Start, Mode, Side, StartSpec, Warnings};
use crate::assistant::words::chess960_problem;
use crate::catalog::Catalog;
use crate::cli::play_voice::VoiceArgs;
use crate::game::{GameError, Variant};
use crate::journal::utc_rfc3339;
use crate::lang::Lang;
use crate::rules::RulesEdition;
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
