//! The requests of `rochade ctl`: the control socket they come on (one thread a connection)
//! and what the service does with each, in the game or between games.
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender, bounded};

use super::Service;
use super::idle_words::{IdleWord, idle_meaning};
use crate::catalog::Catalog;
use crate::cli::control::{
    self, ControlError, ControlReply, ControlRequest, Said, Status, read_message, write_message,
};
use crate::cli::remote::{self, GameView, Reply, Request};
use crate::lang::Lang;
use crate::vocab::{Command, ServiceCommand};

/// A request from a connection, with where its reply goes and where the connection says
/// that it has written the reply (the service waits for that before it ends).
pub(super) type Asked = (ControlRequest, Sender<ControlReply>, Receiver<()>);

/// Makes the control socket: its folder 0700, the socket 0600. A socket that answers means
/// another service runs (refused); one that does not is stale and removed.
pub(super) fn bind_control(catalog: &Catalog) -> anyhow::Result<UnixListener> {
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
pub(super) fn accept_connections(listener: UnixListener, asked: Sender<Asked>) {
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

impl Service {
    pub(super) fn handle(&mut self, request: ControlRequest) -> ControlReply {
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
}
