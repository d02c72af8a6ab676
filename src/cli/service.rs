//! `rochade service`: the assistant as a long-running per-user process with no terminal. It
//! owns the speech output and, between games, the microphone and a recognizer that hears only
//! the service's words ("Neue Partie", "Partie fortsetzen", "Hilfe", "Einstellungen",
//! "Wiederholen"; `[service]` and `[commands]` of the vocabulary), runs one game at a time
//! through the game loop of `play` (the same core and journal) on its own thread, and answers
//! `rochade ctl` on its control socket ([`super::control`]).
//!
//! At start it resumes by itself the newest game of the games folder that is not over (after
//! a crash, a kill or a restart of the machine), and says so; a damaged journal is not
//! resumed silently: the damage and the question are said, and "ja" (or `ctl resume
//! --accept-damage`) resumes from the last good line. Without a microphone it writes so in
//! its log (standard error, a level word first) and tries again every
//! [`MICROPHONE_RETRY`]; `ctl` works all the while.
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use clap::Args;
use crossbeam_channel::{Receiver, select, unbounded};

use crate::asr::input::{VoiceEvent, VoiceHandle};
use crate::assistant::protocol::Listener;
use crate::audio::capture::MuteSwitch;
use crate::catalog::{Arg, Catalog};
use crate::cli::control::{self, ControlReply, Said};
use crate::cli::play::PlayArgs;
use crate::cli::play_failures::Started;
use crate::cli::play_voice::Speech;
use crate::cli::remote::{self, GameView, Published, ViewState};
use crate::journal::default_games_dir;
use crate::vocab::{ServiceCommand, Vocab};

mod game;
mod idle_voice;
mod idle_words;
mod reading;
mod requests;
use game::parse_game_options;
use reading::ReadingChild;
use requests::{Asked, accept_connections, bind_control};

/// How often the microphone is tried again between games when it could not be opened.
pub const MICROPHONE_RETRY: Duration = Duration::from_secs(30);

/// How long a game that is over keeps its loop (the last announcements are said, "Wiederholen"
/// still works in it) before the service listens for its own words again.
const OVER_LINGER: Duration = Duration::from_secs(3);

/// The settings of `rochade service`.
#[derive(Debug, Args, Clone)]
pub struct ServiceArgs {
    /// Do not listen to the microphone, between games or in them (control only through
    /// `rochade ctl`).
    #[arg(long = "no-voice")]
    pub no_voice: bool,
    /// The options of every game, those of `rochade play` (e.g. --time-control rapid --speech
    /// off --games-dir DIR); `ctl new-game` adds its own after them.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "PLAY OPTIONS"
    )]
    pub play_options: Vec<String>,
}

/// The game the service runs.
struct RunningGame {
    client: remote::RemoteClient,
    published: Published,
    thread: JoinHandle<anyhow::Result<i32>>,
    journal: Option<PathBuf>,
    /// Since when the game has been over.
    over_since: Option<Instant>,
    /// The opponent's page of this game, if `--web` asked for one.
    _page: Option<crate::web::WebHandle>,
}

/// The microphone between games.
struct IdleVoice {
    handle: VoiceHandle,
    events: Receiver<VoiceEvent>,
    talking: bool,
}

struct Service {
    /// The service's own options of every game.
    options: Vec<String>,
    /// Whether games and the time between them listen to the microphone.
    voice: bool,
    /// The service's options, parsed.
    base: PlayArgs,
    games_dir: PathBuf,
    catalog: Arc<Catalog>,
    /// The words the player says between games.
    vocab: Vocab,
    speech: Option<Speech>,
    mute: MuteSwitch,
    /// The last sentence said between games.
    said: Option<String>,
    game: Option<RunningGame>,
    /// The view of the last game, once it is over and its loop has ended.
    finished: Option<(GameView, Option<PathBuf>)>,
    /// A damaged journal whose resumption waits for the player's "ja".
    damaged: Option<PathBuf>,
    idle_voice: Option<IdleVoice>,
    /// The reading session that has the microphone, if one runs.
    reading: Option<ReadingChild>,
    /// The reading session has been offered in this run ("Stimme lernen").
    learning_offered: bool,
    /// An attempt to open the microphone, under way on its own thread.
    attempt: Option<Receiver<Started>>,
    /// When the microphone is tried next, and the last reason it could not be opened.
    microphone_next: Instant,
    microphone_why: Option<String>,
    /// `ctl stop --service` was asked.
    quit: bool,
}

/// Writes a line of the service's log: standard error, a level word first.
fn log(level: &str, text: &str) {
    eprintln!("{level}: {text}");
}

/// Runs the service until `ctl stop --service`; an error when it cannot start (another
/// service answers, no runtime directory, options that are not those of `play`).
pub fn run(args: ServiceArgs) -> anyhow::Result<i32> {
    let base =
        parse_game_options(&args.play_options, &[], !args.no_voice).map_err(anyhow::Error::msg)?;
    let catalog = Catalog::builtin(base.lang);
    let listener = bind_control(&catalog)?;
    let socket = control::socket_path()?;
    let games_dir = match &base.games_dir {
        Some(d) => d.clone(),
        None => default_games_dir().map_err(|e| anyhow::anyhow!("{e}"))?,
    };
    let mute = MuteSwitch::new();
    let speech = match Speech::start(&base.voice, base.lang, Some(mute.clone())) {
        Ok(s) => s,
        Err(why) => {
            log("warning", &why);
            None
        }
    };
    let vocab = Vocab::builtin(base.vocab.unwrap_or(base.lang));
    let mut service = Service {
        options: args.play_options.clone(),
        voice: !args.no_voice,
        base,
        games_dir,
        catalog,
        vocab,
        speech,
        mute,
        said: None,
        game: None,
        finished: None,
        damaged: None,
        idle_voice: None,
        reading: None,
        learning_offered: false,
        attempt: None,
        microphone_next: Instant::now(),
        microphone_why: None,
        quit: false,
    };
    log(
        "info",
        &service.catalog.text(
            "service-started",
            &[("path", socket.display().to_string().into())],
        ),
    );

    let (asked_tx, asked) = unbounded::<Asked>();
    std::thread::Builder::new()
        .name("control".into())
        .spawn(move || accept_connections(listener, asked_tx))?;

    service.resume_at_start();
    let tick = crossbeam_channel::tick(Duration::from_millis(200));
    while !service.quit {
        let voice_events = service
            .idle_voice
            .as_ref()
            .map_or_else(crossbeam_channel::never, |v| v.events.clone());
        let attempt = service
            .attempt
            .clone()
            .unwrap_or_else(crossbeam_channel::never);
        let read_aloud = service
            .reading
            .as_ref()
            .map_or_else(crossbeam_channel::never, |r| r.lines.clone());
        select! {
            recv(asked) -> asked => {
                let Ok((request, reply, written)) = asked else { break };
                let answer = service.handle(request);
                if reply.send(answer).is_ok() && service.quit {
                    let _ = written.recv_timeout(Duration::from_secs(5));
                }
            }
            recv(voice_events) -> event => service.heard(event.ok()),
            recv(read_aloud) -> line => service.relay_reading(line.ok()),
            recv(attempt) -> started => {
                service.attempt = None;
                service.attempted(started.unwrap_or_else(|_| Err(String::new())));
            }
            recv(tick) -> _ => service.tick(),
        }
    }
    service.stop_idle_voice();
    service.stop_reading();
    let _ = std::fs::remove_file(&socket);
    Ok(0)
}

impl Service {
    fn lang(&self) -> String {
        self.catalog.lang().code().to_string()
    }

    fn refused(&self, why: String) -> ControlReply {
        ControlReply::Refused {
            why,
            lang: self.lang(),
        }
    }

    /// Says a sentence to the player between games: printed, spoken, kept for "Wiederholen".
    fn say(&mut self, text: String) -> Said {
        println!(
            "{}",
            self.catalog.text("to-player", &[("text", (&text).into())])
        );
        if let Some(s) = &self.speech {
            s.say(Listener::Player, &text);
        }
        self.said = Some(text.clone());
        Said {
            to: Listener::Player,
            text,
        }
    }

    fn taken(&self, said: Vec<Said>) -> ControlReply {
        ControlReply::Taken {
            said,
            lang: self.lang(),
        }
    }

    fn text(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        self.catalog.text(id, args)
    }

    fn first_service_word(&self, c: ServiceCommand) -> String {
        self.vocab
            .service_words(c)
            .first()
            .cloned()
            .unwrap_or_else(|| c.name().to_string())
    }

    fn ready(&mut self) -> Said {
        let new_game = self.first_service_word(ServiceCommand::NewGame);
        let text = if !self.learning_offered && self.voice_unlearnt() {
            // once a run: a player who does not want it is not told at every game's end
            self.learning_offered = true;
            let learn = self.first_service_word(ServiceCommand::LearnVoice);
            self.text(
                "service-ready-learn",
                &[("new_game", new_game.into()), ("learn_voice", learn.into())],
            )
        } else {
            self.text("service-ready", &[("new_game", new_game.into())])
        };
        self.say(text)
    }

    fn tick(&mut self) {
        self.reap();
        self.reap_reading();
        if let Some(game) = self.game.as_mut() {
            let over = game.published.get().1.state == ViewState::Over;
            match (over, game.over_since) {
                (true, None) => game.over_since = Some(Instant::now()),
                (true, Some(since)) if since.elapsed() >= OVER_LINGER => self.end_game(),
                (false, Some(_)) => game.over_since = None,
                _ => {}
            }
        }
        self.listen_between_games();
    }
}
