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
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use clap::{Args, Parser};
use crossbeam_channel::{Receiver, Sender, bounded, select, unbounded};

use crate::asr::input::{VoiceEvent, VoiceHandle};
use crate::asr::{Grammar, PhraseMeaning};
use crate::assistant::protocol::Listener;
use crate::assistant::words::Words;
use crate::audio::capture::MuteSwitch;
use crate::catalog::{Arg, Catalog};
use crate::cli::control::{
    self, ControlError, ControlReply, ControlRequest, Said, Status, read_message, write_message,
};
use crate::cli::play::{self, Outside, PlayArgs};
use crate::cli::play_failures::Started;
use crate::cli::play_voice::{Speech, start_voice};
use crate::cli::remote::{self, GameView, Published, Reply, Request, ViewState};
use crate::journal::{default_games_dir, latest_journal, new_journal_path, utc_rfc3339};
use crate::lang::Lang;
use crate::session::check_journal;
use crate::vocab::{Command, Meaning, ServiceCommand, Vocab, normalize_word};

mod reading;
use reading::ReadingChild;

/// How often the microphone is tried again between games when it could not be opened.
pub const MICROPHONE_RETRY: Duration = Duration::from_secs(30);

/// How long a game that is over keeps its loop (the last announcements are said, "Wiederholen"
/// still works in it) before the service listens for its own words again.
const OVER_LINGER: Duration = Duration::from_secs(3);

/// How long a new or resumed game may take to show its first view (a recognizer loads).
const GAME_START_WAIT: Duration = Duration::from_secs(50);

/// A recognized phrase is taken between games only with this confidence or more.
const SURE_ENOUGH: f32 = 0.5;

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

/// The options of one game: those of `play`, parsed from the service's and the client's lists.
#[derive(Debug, Parser)]
#[command(name = "new-game", args_override_self = true)]
struct GameOptions {
    #[command(flatten)]
    play: PlayArgs,
}

/// What the player can say between games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IdleWord {
    Service(ServiceCommand),
    Command(Command),
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

/// A request from a connection, with where its reply goes and where the connection says
/// that it has written the reply (the service waits for that before it ends).
type Asked = (ControlRequest, Sender<ControlReply>, Receiver<()>);

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

/// The first line of a clap error (the rest is its usage).
fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

/// Parses the options of one game: `--voice` when the service listens, then the service's
/// own options, then the client's (a later option wins); what none of them gives comes from
/// the settings file, as for `play` (`cli::config`). The error is said in one line.
fn parse_game_options(
    service: &[String],
    client: &[String],
    voice: bool,
) -> Result<PlayArgs, String> {
    use clap::{CommandFactory, FromArgMatches};
    let mut argv = vec!["new-game".to_string()];
    if voice {
        argv.push("--voice".into());
    }
    argv.extend(service.iter().cloned());
    argv.extend(client.iter().cloned());
    let matches = GameOptions::command()
        .try_get_matches_from(argv)
        .map_err(|e| first_line(&e.to_string()))?;
    let mut play = GameOptions::from_arg_matches(&matches)
        .map_err(|e| first_line(&e.to_string()))?
        .play;
    crate::cli::config::apply_settings(&mut play, Some(&matches)).map_err(|e| e.to_string())?;
    Ok(play)
}

/// Makes the control socket: its folder 0700, the socket 0600. A socket that answers means
/// another service runs (refused); one that does not is stale and removed.
fn bind_control(catalog: &Catalog) -> anyhow::Result<UnixListener> {
    let dir = control::runtime_dir()?;
    let path = control::socket_path()?;
    let failed = |why: String| {
        anyhow::anyhow!(catalog.text(
            "service-cannot-listen",
            &[
                ("path", path.display().to_string().into()),
                ("why", why.into())
            ]
        ))
    };
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&dir)
        .map_err(|e| failed(e.to_string()))?;
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700))
        .map_err(|e| failed(e.to_string()))?;
    if path.exists() {
        if UnixStream::connect(&path).is_ok() {
            anyhow::bail!(catalog.text(
                "service-already-running",
                &[("path", path.display().to_string().into())]
            ));
        }
        std::fs::remove_file(&path).map_err(|e| failed(e.to_string()))?;
    }
    let listener = UnixListener::bind(&path).map_err(|e| failed(e.to_string()))?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))
        .map_err(|e| failed(e.to_string()))?;
    Ok(listener)
}

/// One thread a connection: one request line in, one reply line out.
fn accept_connections(listener: UnixListener, asked: Sender<Asked>) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let asked = asked.clone();
        let _ = std::thread::Builder::new()
            .name("control-connection".into())
            .spawn(move || answer_connection(stream, asked));
    }
}

fn answer_connection(stream: UnixStream, asked: Sender<Asked>) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let reply = match read_message::<ControlRequest>(&stream) {
        Ok(request) => {
            let (tx, rx) = bounded(1);
            let (written_tx, written_rx) = bounded(1);
            if asked.send((request, tx, written_rx)).is_err() {
                return;
            }
            let Ok(reply) = rx.recv() else { return };
            let _ = write_message(&stream, &reply);
            let _ = written_tx.send(());
            return;
        }
        Err(ControlError::Malformed(why)) => {
            let catalog = Catalog::builtin(Lang::default());
            ControlReply::Refused {
                why: catalog.text("service-bad-request", &[("why", why.into())]),
                lang: catalog.lang().code().to_string(),
            }
        }
        Err(_) => return,
    };
    let _ = write_message(&stream, &reply);
}

/// The words of a phrase as they are compared: normalized, fillers left out.
fn key_of(text: &str, vocab: &Vocab) -> Vec<String> {
    text.split_whitespace()
        .map(|w| normalize_word(w.trim_matches(|c: char| c.is_ascii_punctuation())))
        .filter(|w| !w.is_empty() && vocab.lookup(w) != Some(Meaning::Filler))
        .collect()
}

/// What a sentence said between games means, if it is one of the service's words.
fn idle_meaning(text: &str, vocab: &Vocab) -> Option<IdleWord> {
    let key = key_of(text, vocab);
    if key.is_empty() {
        return None;
    }
    let service = ServiceCommand::ALL.into_iter().find(|c| {
        vocab
            .service_words(*c)
            .iter()
            .any(|p| key_of(p, vocab) == key)
    });
    if let Some(c) = service {
        return Some(IdleWord::Service(c));
    }
    [Command::Help, Command::Repeat, Command::Yes, Command::No]
        .into_iter()
        .find(|c| {
            vocab
                .command_words(*c)
                .iter()
                .any(|p| key_of(p, vocab) == key)
        })
        .map(IdleWord::Command)
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

    /// The game, when its loop still runs and is not over.
    fn live_game(&self) -> Option<&RunningGame> {
        self.game
            .as_ref()
            .filter(|g| g.published.get().1.state != ViewState::Over)
    }

    fn handle(&mut self, request: ControlRequest) -> ControlReply {
        self.reap();
        match request {
            ControlRequest::Status => ControlReply::Status {
                status: self.status(),
            },
            ControlRequest::NewGame { options } => self.new_game(&options),
            ControlRequest::Resume {
                journal,
                accept_damage,
            } => self.resume(journal, accept_damage),
            ControlRequest::Input { text } if self.reading.is_some() => {
                self.type_into_reading(&text)
            }
            ControlRequest::Input { text } => {
                let idle_word = idle_meaning(&text, &self.vocab);
                match &self.game {
                    Some(g) if self.live_game().is_some() || idle_word.is_none() => {
                        let client = g.client.clone();
                        self.ask(&client, Request::Typed(text))
                    }
                    _ => self.idle_input(&text),
                }
            }
            ControlRequest::Opponent { text } => match &self.game {
                Some(g) => {
                    let client = g.client.clone();
                    let entry = text.trim().trim_start_matches('>').trim();
                    self.ask(&client, Request::Typed(format!("> {entry}")))
                }
                None => self.not_in_a_game(),
            },
            ControlRequest::Repeat => match &self.game {
                Some(g) => {
                    let client = g.client.clone();
                    self.ask(&client, Request::Command(Command::Repeat))
                }
                None => self.idle_input_word(IdleWord::Command(Command::Repeat)),
            },
            ControlRequest::PushToTalk => match &self.game {
                Some(g) => {
                    let client = g.client.clone();
                    self.ask(&client, Request::Talk)
                }
                None => self.idle_talk(),
            },
            ControlRequest::Stop { service } => {
                let mut said = Vec::new();
                if self.game.is_some() {
                    let over = self.live_game().is_none();
                    self.end_game();
                    if !over {
                        said.push(self.say(self.text("service-game-stopped", &[])));
                    }
                }
                if service {
                    self.stop_reading();
                    said.push(self.say(self.text("service-stopping", &[])));
                    self.quit = true;
                }
                self.taken(said)
            }
        }
    }

    /// Asks the game loop; a loop that has gone leaves the service idle.
    fn ask(&mut self, client: &remote::RemoteClient, request: Request) -> ControlReply {
        match client.ask(request) {
            Some(Reply::Taken(said)) => {
                let lang = self
                    .game
                    .as_ref()
                    .map(|g| g.published.get().1.lang)
                    .unwrap_or_else(|| self.lang());
                ControlReply::Taken {
                    said: said
                        .into_iter()
                        .map(|(to, text)| Said { to, text })
                        .collect(),
                    lang,
                }
            }
            Some(Reply::Refused(why)) => ControlReply::Refused {
                why,
                lang: self
                    .game
                    .as_ref()
                    .map(|g| g.published.get().1.lang)
                    .unwrap_or_else(|| self.lang()),
            },
            None => {
                self.reap();
                self.not_in_a_game()
            }
        }
    }

    fn not_in_a_game(&self) -> ControlReply {
        let new_game = self.first_service_word(ServiceCommand::NewGame);
        self.refused(self.text("service-no-game", &[("new_game", new_game.into())]))
    }

    fn status(&self) -> Status {
        if let Some(g) = &self.game {
            return Status::of(g.published.get().1, g.journal.clone(), self.said.clone());
        }
        match &self.finished {
            Some((view, journal)) => Status::of(view.clone(), journal.clone(), self.said.clone()),
            None => Status::of(GameView::idle(self.catalog.lang()), None, self.said.clone()),
        }
    }

    /// A sentence between games (typed through `ctl input`, or heard).
    fn idle_input(&mut self, text: &str) -> ControlReply {
        match idle_meaning(text, &self.vocab) {
            Some(word) => self.idle_input_word(word),
            None => {
                let new_game = self.first_service_word(ServiceCommand::NewGame);
                let why = self.text("service-no-game", &[("new_game", new_game.into())]);
                self.say(why.clone());
                self.refused(why)
            }
        }
    }

    fn idle_input_word(&mut self, word: IdleWord) -> ControlReply {
        match word {
            IdleWord::Service(ServiceCommand::NewGame) => self.new_game(&[]),
            IdleWord::Service(ServiceCommand::ResumeGame) => self.resume(None, false),
            IdleWord::Service(ServiceCommand::LearnVoice) => self.learn_voice(),
            IdleWord::Service(ServiceCommand::Settings) => {
                let text = self.settings();
                let said = self.say(text);
                self.taken(vec![said])
            }
            IdleWord::Command(Command::Yes) if self.damaged.is_some() => {
                let path = self.damaged.take();
                self.resume(path, true)
            }
            IdleWord::Command(Command::No) if self.damaged.is_some() => {
                self.damaged = None;
                self.refresh_grammar();
                let words = Words::new(self.vocab.clone(), self.catalog.lang());
                let said = self.say(words.journal_not_resumed());
                self.taken(vec![said])
            }
            IdleWord::Command(Command::Repeat) => match self.said.clone() {
                Some(text) => {
                    let said = self.say(text);
                    self.taken(vec![said])
                }
                None => {
                    let said = self.ready();
                    self.taken(vec![said])
                }
            },
            IdleWord::Command(_) => {
                let text = self.help();
                let said = self.say(text);
                self.taken(vec![said])
            }
        }
    }

    fn help(&self) -> String {
        let mut words: Vec<String> = ServiceCommand::ALL
            .into_iter()
            .map(|c| self.first_service_word(c))
            .collect();
        for c in [Command::Help, Command::Repeat] {
            if let Some(w) = self.vocab.command_word(c) {
                words.push(w.to_string());
            }
        }
        self.text("service-help", &[("commands", words.join(", ").into())])
    }

    /// The settings a new game gets: the side and the time control in words.
    fn settings(&self) -> String {
        let lang = self.catalog.lang();
        let side = self.text(
            if self
                .base
                .player
                .trim()
                .to_ascii_lowercase()
                .starts_with('b')
                || self
                    .base
                    .player
                    .trim()
                    .to_ascii_lowercase()
                    .starts_with('s')
            {
                "side-black"
            } else {
                "side-white"
            },
            &[],
        );
        let words = Words::new(self.vocab.clone(), lang);
        let control = self
            .base
            .time_control
            .parse::<crate::clock::TimeControl>()
            .ok()
            .and_then(|tc| crate::clock::spoken::control_words(&tc, lang))
            .unwrap_or_else(|| words.no_clock());
        self.text(
            "service-settings",
            &[("side", side.into()), ("control", control.into())],
        )
    }

    fn new_game(&mut self, options: &[String]) -> ControlReply {
        if let Some(busy) = self.reading_refusal() {
            return busy;
        }
        if self.live_game().is_some() {
            return self.refused(self.text("service-game-running", &[]));
        }
        let not_started = |s: &Service, why: String| {
            s.refused(s.text("service-game-not-started", &[("why", why.into())]))
        };
        let mut args = match parse_game_options(&self.options, options, self.voice) {
            Ok(args) => args,
            Err(e) => return not_started(self, e),
        };
        if args.resume.is_some() {
            return self.resume(
                args.resume.filter(|p| !p.is_empty()).map(PathBuf::from),
                args.accept_damage,
            );
        }
        if let Err(e) = crate::cli::play_args::spec_of(&args) {
            return not_started(self, e.to_string());
        }
        if args.journal.is_none() {
            let dir = args.games_dir.clone().unwrap_or(self.games_dir.clone());
            if let Err(e) = std::fs::create_dir_all(&dir) {
                return not_started(self, format!("{}: {e}", dir.display()));
            }
            match new_journal_path(&dir, &utc_rfc3339(std::time::SystemTime::now())) {
                Ok(path) => args.journal = Some(path),
                Err(e) => return not_started(self, e.to_string()),
            }
        }
        let journal = args.journal.clone();
        self.start_game(args, journal)
    }

    /// Resumes a game from its journal, the newest one when none is named.
    fn resume(&mut self, journal: Option<PathBuf>, accept_damage: bool) -> ControlReply {
        if let Some(busy) = self.reading_refusal() {
            return busy;
        }
        if self.live_game().is_some() {
            return self.refused(self.text("service-game-running", &[]));
        }
        let path = match journal {
            Some(p) => p,
            None => match latest_journal(&self.games_dir) {
                Ok(Some(p)) => p,
                Ok(None) => return self.refused(self.text("service-nothing-to-resume", &[])),
                Err(e) => return self.refused(e.to_string()),
            },
        };
        let check = match check_journal(&path) {
            Ok(c) => c,
            Err(why) => {
                let text = self.journal_unreadable(&path, why);
                return self.refused(text);
            }
        };
        if check.over {
            return self.refused(self.text("service-last-game-over", &[]));
        }
        if check.is_damaged() && !accept_damage {
            // Never resumed silently: the player hears what is damaged and is asked.
            let lang = check.lang.unwrap_or(self.catalog.lang());
            let words = Words::new(Vocab::builtin(lang), lang);
            let mut said = Vec::new();
            for damage in &check.damage {
                let text = words.journal_damage(damage);
                log("error", &text);
                said.push(text);
            }
            said.push(words.journal_resume_question(check.last_good_line, check.last_move_kept));
            let text = said.join(" ");
            self.say(text.clone());
            self.damaged = Some(path);
            self.refresh_grammar();
            return self.refused(text);
        }
        let mut args = match parse_game_options(&self.options, &[], self.voice) {
            Ok(args) => args,
            Err(e) => return self.refused(e),
        };
        args.resume = Some(path.display().to_string());
        args.accept_damage = check.is_damaged();
        self.damaged = None;
        self.start_game(args, Some(path))
    }

    /// At start: the newest game that is not over is resumed, and the player hears so.
    fn resume_at_start(&mut self) {
        let newest = match latest_journal(&self.games_dir) {
            Ok(p) => p,
            Err(e) => {
                log("error", &e.to_string());
                None
            }
        };
        let Some(path) = newest else {
            self.ready();
            return;
        };
        match check_journal(&path) {
            Ok(check) if check.over => {
                log("info", &self.text("service-last-game-over", &[]));
                self.ready();
            }
            Ok(check) if check.is_damaged() => {
                self.resume(Some(path), false);
            }
            Ok(_) => {
                let text = self.text("service-resuming", &[]);
                log("info", &text);
                self.say(text);
                if let ControlReply::Refused { why, .. } = self.resume(Some(path), false) {
                    log("error", &why);
                    self.say(why);
                }
            }
            Err(why) => {
                let text = self.journal_unreadable(&path, why);
                self.say(text);
            }
        }
    }

    /// A journal that cannot be read, logged as an error; the sentence to say or answer.
    fn journal_unreadable(&self, path: &Path, why: String) -> String {
        let text = self.text(
            "service-journal-unreadable",
            &[
                ("path", path.display().to_string().into()),
                ("why", why.into()),
            ],
        );
        log("error", &text);
        text
    }

    /// Starts the game loop of `play` on its own thread, and waits for its first view.
    fn start_game(&mut self, mut args: PlayArgs, journal: Option<PathBuf>) -> ControlReply {
        if self.game.is_some() {
            self.end_game();
        }
        self.stop_idle_voice();
        self.finished = None;
        let (client, requests) = remote::channel();
        let published = Published::new(GameView::idle(args.lang));
        // The opponent's page (`--web` among the game's options) lives as long as the game.
        let page = match play::serve_page(&mut args, client.clone(), published.clone()) {
            Ok(page) => page,
            Err(e) => {
                return self.refused(self.text(
                    "service-game-not-started",
                    &[("why", format!("{e:#}").into())],
                ));
            }
        };
        let outside = Outside {
            requests,
            published: published.clone(),
            keyboard: false,
        };
        let thread = match std::thread::Builder::new()
            .name("game".into())
            .spawn(move || play::run_with(args, false, Some(outside)))
        {
            Ok(t) => t,
            Err(e) => {
                return self.refused(
                    self.text("service-game-not-started", &[("why", e.to_string().into())]),
                );
            }
        };
        let (first, _) = published.get();
        let started = Instant::now();
        while published.get().0 == first && !thread.is_finished() {
            if started.elapsed() > GAME_START_WAIT {
                break;
            }
            published.wait_newer(first, Duration::from_millis(100));
        }
        if thread.is_finished() {
            let why = match thread.join() {
                Ok(Ok(code)) => format!("exit status {code}"),
                Ok(Err(e)) => format!("{e:#}"),
                Err(_) => "the game's thread panicked".to_string(),
            };
            let text = self.text("service-game-not-started", &[("why", why.into())]);
            log("error", &text);
            return self.refused(text);
        }
        let said = published.get().1.last_said.map(|text| Said {
            to: Listener::Player,
            text,
        });
        let lang = published.get().1.lang;
        self.game = Some(RunningGame {
            client,
            published,
            thread,
            journal,
            over_since: None,
            _page: page,
        });
        ControlReply::Taken {
            said: said.into_iter().collect(),
            lang,
        }
    }

    /// Ends the game loop (the journal keeps the game); the view of a game that is over stays
    /// for the status.
    fn end_game(&mut self) {
        let Some(game) = self.game.take() else { return };
        let _ = game.client.ask(Request::Stop);
        match game.thread.join() {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => log("error", &format!("{e:#}")),
            Err(_) => log("error", "the game's thread panicked"),
        }
        let view = game.published.get().1;
        if let Some(text) = &view.last_said {
            self.said = Some(text.clone());
        }
        if view.state == ViewState::Over {
            self.finished = Some((view, game.journal));
        }
    }

    /// A game loop that ended by itself (an error) leaves the service idle.
    fn reap(&mut self) {
        if !self.game.as_ref().is_some_and(|g| g.thread.is_finished()) {
            return;
        }
        let Some(game) = self.game.take() else { return };
        let why = match game.thread.join() {
            Ok(Ok(_)) => None,
            Ok(Err(e)) => Some(format!("{e:#}")),
            Err(_) => Some("the game's thread panicked".to_string()),
        };
        if let Some(why) = why {
            let text = self.text("service-game-failed", &[("why", why.into())]);
            log("error", &text);
            self.say(text);
        }
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

    /// Between games: the microphone with the service's grammar, tried again while it fails.
    fn listen_between_games(&mut self) {
        if !self.voice
            || self.game.is_some()
            || self.reading.is_some()
            || self.idle_voice.is_some()
            || self.attempt.is_some()
            || Instant::now() < self.microphone_next
        {
            return;
        }
        let mut voice_args = self.base.voice.clone();
        voice_args.voice = true;
        let (grammar, lang, mute) = (self.idle_grammar(), self.vocab.lang(), self.mute.clone());
        let (tx, rx) = bounded(1);
        // On its own thread: a device can take seconds to answer, and a recognizer to load,
        // while `ctl` is answered.
        let spawned = std::thread::Builder::new()
            .name("microphone".into())
            .spawn(move || {
                let started =
                    crate::audio::devices::probe_input(voice_args.input_device.as_deref())
                        .map_err(|e| e.to_string())
                        .and_then(|_| start_voice(&voice_args, lang, grammar, Some(mute)));
                let _ = tx.send(started);
            });
        match spawned {
            Ok(_) => self.attempt = Some(rx),
            Err(e) => self.attempted(Err(e.to_string())),
        }
    }

    /// An attempt to open the microphone ended.
    fn attempted(&mut self, started: Started) {
        match started {
            // A game or a reading session began meanwhile: it has the microphone.
            Ok((handle, _, _)) if self.game.is_some() || self.reading.is_some() => handle.stop(),
            Ok((handle, events, notices)) => {
                for n in notices {
                    log("info", &n);
                }
                log("info", &self.text("service-microphone-ready", &[]));
                self.microphone_why = None;
                // The grammar may have changed while it opened (a damaged journal's question).
                handle.set_grammar(self.idle_grammar());
                self.idle_voice = Some(IdleVoice {
                    handle,
                    events,
                    talking: false,
                });
            }
            Err(why) => {
                self.microphone_next = Instant::now() + MICROPHONE_RETRY;
                // Written once a reason, not every half minute.
                if self.microphone_why.as_deref() != Some(why.as_str()) {
                    let seconds =
                        crate::numbers::cardinal(MICROPHONE_RETRY.as_secs(), self.catalog.lang());
                    log(
                        "warning",
                        &self.text(
                            "service-no-microphone",
                            &[("why", (&why).into()), ("seconds", seconds.into())],
                        ),
                    );
                    self.microphone_why = Some(why);
                }
            }
        }
    }

    /// The recognizer's grammar between games: the service's words only (and "ja", "nein"
    /// while a damaged journal's question waits).
    fn idle_grammar(&self) -> Grammar {
        let mut g = Grammar::new(self.vocab.lang());
        for c in ServiceCommand::ALL {
            for phrase in self.vocab.service_words(c) {
                if self.vocab.heard_by_recognizer(phrase) {
                    g.add(
                        &phrase.to_lowercase(),
                        PhraseMeaning::Command(c.name().into()),
                    );
                }
            }
        }
        let mut commands = vec![Command::Help, Command::Repeat];
        if self.damaged.is_some() {
            commands.extend([Command::Yes, Command::No]);
        }
        for c in commands {
            for phrase in self.vocab.command_words(c) {
                g.add(
                    &phrase.to_lowercase(),
                    PhraseMeaning::Command(c.name().into()),
                );
            }
        }
        g
    }

    /// The microphone hears what can be said now.
    fn refresh_grammar(&self) {
        if let Some(v) = &self.idle_voice {
            v.handle.set_grammar(self.idle_grammar());
        }
    }

    fn stop_idle_voice(&mut self) {
        if let Some(v) = self.idle_voice.take() {
            v.handle.stop();
        }
        // A game that ends starts the microphone again at once.
        self.microphone_next = Instant::now();
    }

    fn idle_talk(&mut self) -> ControlReply {
        match self
            .idle_voice
            .as_mut()
            .filter(|_| self.base.voice.push_to_talk)
        {
            Some(v) => {
                v.talking = !v.talking;
                v.handle.talk(v.talking);
                let said = if v.talking {
                    vec![self.say(self.text("listening", &[]))]
                } else {
                    Vec::new()
                };
                self.taken(said)
            }
            None => self.refused(self.text("no-push-to-talk", &[])),
        }
    }

    /// What the microphone brought between games.
    fn heard(&mut self, event: Option<VoiceEvent>) {
        match event {
            Some(VoiceEvent::Recognized(heard)) => {
                if let Some(v) = self.idle_voice.as_mut() {
                    v.talking = false;
                }
                let text = heard
                    .alternatives
                    .iter()
                    .find(|(text, confidence)| {
                        *confidence >= SURE_ENOUGH && idle_meaning(text, &self.vocab).is_some()
                    })
                    .map(|(text, _)| text.clone())
                    .unwrap_or_default();
                self.idle_input(&text);
            }
            Some(VoiceEvent::DeviceError(why)) => {
                log(
                    "warning",
                    &self.text(
                        "service-no-microphone",
                        &[
                            ("why", why.into()),
                            (
                                "seconds",
                                crate::numbers::cardinal(
                                    MICROPHONE_RETRY.as_secs(),
                                    self.catalog.lang(),
                                )
                                .into(),
                            ),
                        ],
                    ),
                );
                if let Some(v) = self.idle_voice.take() {
                    std::thread::spawn(move || v.handle.stop());
                }
                self.microphone_next = Instant::now() + MICROPHONE_RETRY;
            }
            Some(VoiceEvent::Notice(w))
            | Some(VoiceEvent::GrammarSet {
                warning: Some(w), ..
            }) => log("info", &w),
            Some(_) => {}
            None => {
                self.idle_voice = None;
                self.microphone_next = Instant::now() + MICROPHONE_RETRY;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_service_words_come_from_the_vocabulary_and_nothing_else() {
        let de = Vocab::builtin(Lang::De);
        assert_eq!(
            idle_meaning("Neue Partie", &de),
            Some(IdleWord::Service(ServiceCommand::NewGame))
        );
        assert_eq!(
            idle_meaning("äh Partie fortsetzen bitte", &de),
            Some(IdleWord::Service(ServiceCommand::ResumeGame))
        );
        assert_eq!(
            idle_meaning("Einstellungen", &de),
            Some(IdleWord::Service(ServiceCommand::Settings))
        );
        assert_eq!(
            idle_meaning("Wiederholen", &de),
            Some(IdleWord::Command(Command::Repeat))
        );
        assert_eq!(
            idle_meaning("Stimme lernen", &de),
            Some(IdleWord::Service(ServiceCommand::LearnVoice))
        );
        assert_eq!(idle_meaning("Springer Felix drei", &de), None);
        assert_eq!(idle_meaning("neue", &de), None);
        let en = Vocab::builtin(Lang::En);
        assert_eq!(
            idle_meaning("new game", &en),
            Some(IdleWord::Service(ServiceCommand::NewGame))
        );
    }

    #[test]
    fn a_later_option_of_a_game_wins_over_the_services_own() {
        let service = vec![
            "--player".to_string(),
            "white".into(),
            "--speech".into(),
            "off".into(),
        ];
        let args = parse_game_options(&service, &["--player".into(), "black".into()], true)
            .expect("options of play");
        assert_eq!(args.player, "black");
        assert_eq!(args.voice.speech, "off");
        assert!(args.voice.voice);
        assert!(parse_game_options(&["--dance".into()], &[], false).is_err());
    }
}
