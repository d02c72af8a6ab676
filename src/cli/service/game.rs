//! The game the service runs: its options (the service's and the client's, parsed as those of
//! `play`), starting a new one or resuming one from its journal (at start too), and its loop
//! on its own thread, until it ends or fails.
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Parser;

use super::{RunningGame, Service, log};
use crate::assistant::protocol::Listener;
use crate::assistant::words::Words;
use crate::cli::control::{ControlReply, Said};
use crate::cli::play::{self, Outside, PlayArgs};
use crate::cli::remote::{self, GameView, Published, Request, ViewState};
use crate::journal::{latest_journal, new_journal_path, utc_rfc3339};
use crate::session::check_journal;
use crate::vocab::Vocab;

/// How long a new or resumed game may take to show its first view (a recognizer loads).
const GAME_START_WAIT: Duration = Duration::from_secs(50);

/// The options of one game: those of `play`, parsed from the service's and the client's lists.
#[derive(Debug, Parser)]
#[command(name = "new-game", args_override_self = true)]
struct GameOptions {
    #[command(flatten)]
    play: PlayArgs,
}

/// The first line of a clap error (the rest is its usage).
fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

/// Parses the options of one game: `--voice` when the service listens, then the service's
/// own options, then the client's (a later option wins); what none of them gives comes from
/// the settings file, as for `play` (`cli::config`). The error is said in one line.
pub(super) fn parse_game_options(
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

impl Service {
    /// The game, when its loop still runs and is not over.
    pub(super) fn live_game(&self) -> Option<&RunningGame> {
        self.game
            .as_ref()
            .filter(|g| g.published.get().1.state != ViewState::Over)
    }

    pub(super) fn new_game(&mut self, options: &[String]) -> ControlReply {
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
    pub(super) fn resume(&mut self, journal: Option<PathBuf>, accept_damage: bool) -> ControlReply {
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
    pub(super) fn resume_at_start(&mut self) {
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
    pub(super) fn end_game(&mut self) {
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
    pub(super) fn reap(&mut self) {
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
