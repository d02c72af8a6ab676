//! The control protocol between `rochade ctl` and `rochade service`: where the socket is,
//! the typed requests and replies, and how one exchange goes over it.
//!
//! The service listens on a Unix socket, `$XDG_RUNTIME_DIR/rochade/control.sock` (the
//! socket 0600, its folder 0700: only the user who runs the service can reach it). One
//! connection is one exchange: the client writes one request as a JSON line, the service
//! answers with one reply as a JSON line and closes the connection. A Unix socket, not the
//! session D-Bus: it needs no bus (a service started before the desktop's bus, or a test
//! with a private `XDG_RUNTIME_DIR`, has one anyway) and no new dependency, and any script
//! can speak it (`socat - UNIX-CONNECT:…`).
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::assistant::protocol::Listener;
use crate::cli::remote::{GameView, ViewSide, ViewState, ViewWaiting};

/// The longest request or reply line read (a status with a long game is a few kB).
pub const LINE_LIMIT: u64 = 1 << 20;

/// How long a client waits for the service's reply: a new game may first load a recognizer.
pub const REPLY_WAIT: Duration = Duration::from_secs(60);

/// What `rochade ctl` asks of the service.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "request", rename_all = "kebab-case")]
pub enum ControlRequest {
    /// Start a game with these options of `play` (on top of the service's own).
    NewGame { options: Vec<String> },
    /// Resume a game from its journal (the newest in the games folder when none is named).
    /// A damaged journal is resumed from its last good line only with `accept_damage`.
    Resume {
        journal: Option<PathBuf>,
        #[serde(default)]
        accept_damage: bool,
    },
    /// The player's words, as if said or typed: in a game as a line typed in `play`, between
    /// games one of the service's commands ("Neue Partie", "Partie fortsetzen", "Hilfe",
    /// "Einstellungen").
    Input { text: String },
    /// The opponent's entry, as `> ` and the entry in `play`.
    Opponent { text: String },
    /// Where the game stands.
    Status,
    /// Start or end an utterance (push-to-talk).
    PushToTalk,
    /// The player's "Wiederholen": the last news again.
    Repeat,
    /// End the game (its journal keeps it); with `service`, the service too.
    Stop {
        #[serde(default)]
        service: bool,
    },
}

/// The service's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "kebab-case")]
pub enum ControlReply {
    /// Carried out: what it made Rochade say, to whom (in `lang`).
    Taken { said: Vec<Said>, lang: String },
    /// Not carried out, nothing changed: why, in `lang`.
    Refused { why: String, lang: String },
    /// The answer to [`ControlRequest::Status`].
    Status { status: Status },
}

/// A sentence said, and to whom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Said {
    pub to: Listener,
    pub text: String,
}

/// Where the game stands (`rochade ctl status --json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Status {
    /// idle (no game), playing, paused or over.
    pub state: ViewState,
    pub fen: String,
    /// The moves played, in SAN.
    pub moves: Vec<String>,
    pub white_ms: u64,
    pub black_ms: u64,
    /// Whose clock runs (`null`: none).
    pub running: Option<ViewSide>,
    pub to_move: ViewSide,
    /// The blind player's side.
    pub player: ViewSide,
    /// What the game waits for.
    pub waiting: ViewWaiting,
    /// The question put to the opponent, if one waits.
    pub question: Option<String>,
    /// The last sentence said to the player.
    pub last_said: Option<String>,
    /// "1-0", "0-1", "1/2-1/2" once the game is over.
    pub result: Option<String>,
    /// The game's language.
    pub lang: String,
    /// The game has a clock.
    pub timed: bool,
    /// The game's journal.
    pub journal: Option<PathBuf>,
}

impl Status {
    /// The status of a game's view; `last_said` where the view has none (between games, the
    /// service's own last sentence).
    pub fn of(view: GameView, journal: Option<PathBuf>, last_said: Option<String>) -> Status {
        Status {
            state: view.state,
            fen: view.fen,
            moves: view.history,
            white_ms: view.white_ms,
            black_ms: view.black_ms,
            running: view.running,
            to_move: view.to_move,
            player: view.player,
            waiting: view.waiting,
            question: view.question,
            last_said: view.last_said.or(last_said),
            result: view.result,
            lang: view.lang,
            timed: view.timed,
            journal,
        }
    }
}

/// Why an exchange with the service failed.
#[derive(Debug, thiserror::Error)]
pub enum ControlError {
    /// `XDG_RUNTIME_DIR` is not set (or not absolute): there is no place for the socket.
    #[error("XDG_RUNTIME_DIR is not set: the control socket has no place")]
    NoRuntimeDir,
    /// Nothing listens on the socket.
    #[error("no Rochade service answers at {path}: {source}")]
    NoService {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The connection broke or timed out.
    #[error("the exchange with the service at {path} failed: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The other side wrote something that is not a reply (or request).
    #[error("not a message of the control protocol: {0}")]
    Malformed(String),
}

/// The service's folder in the runtime directory: `$XDG_RUNTIME_DIR/rochade`.
pub fn runtime_dir() -> Result<PathBuf, ControlError> {
    std::env::var_os("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .map(|p| p.join("rochade"))
        .ok_or(ControlError::NoRuntimeDir)
}

/// The control socket: `$XDG_RUNTIME_DIR/rochade/control.sock`.
pub fn socket_path() -> Result<PathBuf, ControlError> {
    Ok(runtime_dir()?.join("control.sock"))
}

/// Reads one line of at most [`LINE_LIMIT`] bytes and parses it as `T`.
pub fn read_message<T: for<'de> Deserialize<'de>>(stream: &UnixStream) -> Result<T, ControlError> {
    let mut line = String::new();
    let mut reader = BufReader::new(stream.take(LINE_LIMIT));
    reader
        .read_line(&mut line)
        .map_err(|e| ControlError::Malformed(e.to_string()))?;
    serde_json::from_str(line.trim_end()).map_err(|e| ControlError::Malformed(e.to_string()))
}

/// Writes `message` as one JSON line.
pub fn write_message<T: Serialize>(mut stream: &UnixStream, message: &T) -> std::io::Result<()> {
    let mut line = serde_json::to_string(message).map_err(std::io::Error::other)?;
    line.push('\n');
    stream.write_all(line.as_bytes())?;
    stream.flush()
}

/// One exchange with the service listening at `path`.
pub fn exchange(path: &Path, request: &ControlRequest) -> Result<ControlReply, ControlError> {
    let stream = UnixStream::connect(path).map_err(|source| ControlError::NoService {
        path: path.to_path_buf(),
        source,
    })?;
    let io = |source| ControlError::Io {
        path: path.to_path_buf(),
        source,
    };
    stream.set_read_timeout(Some(REPLY_WAIT)).map_err(io)?;
    write_message(&stream, request).map_err(io)?;
    stream.shutdown(std::net::Shutdown::Write).map_err(io)?;
    read_message(&stream)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_one_json_object_named_by_their_request_field() {
        let line = serde_json::to_string(&ControlRequest::NewGame {
            options: vec!["--player".into(), "black".into()],
        })
        .unwrap();
        assert_eq!(
            line,
            r#"{"request":"new-game","options":["--player","black"]}"#
        );
        let stop: ControlRequest = serde_json::from_str(r#"{"request":"stop"}"#).unwrap();
        assert_eq!(stop, ControlRequest::Stop { service: false });
        assert!(serde_json::from_str::<ControlRequest>(r#"{"request":"dance"}"#).is_err());
    }

    #[test]
    fn a_status_keeps_the_last_sentence_the_view_leaves_out() {
        let view = GameView::idle(crate::lang::Lang::De);
        let status = Status::of(view, None, Some("Rochade ist bereit.".into()));
        let json = serde_json::to_value(&status).unwrap();
        assert_eq!(json["state"], "idle");
        assert_eq!(json["last_said"], "Rochade ist bereit.");
        assert_eq!(json["to_move"], "white");
        assert_eq!(json["moves"], serde_json::json!([]));
    }
}
