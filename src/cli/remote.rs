//! Input from outside the terminal and the view of the game for it: the requests that the
//! control client (`rochade ctl`) and the web page send into the game loop of `play`, `relay`
//! and `service`, each answered with what became of it, and the [`GameView`] the loop
//! publishes after every event and tick. Every request goes through the same core and the
//! same journal as a typed line; nothing here decides anything about the game.
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender, bounded, unbounded};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::assistant::Waiting;
use crate::assistant::protocol::{Effect, Listener, TimedEffect};
use crate::scoresheet::Record;
use crate::session::Session;

/// What an outside client asks of the game loop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// A line as typed at the keyboard of `play` or `relay`: the player's words, `> ` and the
    /// opponent's entry, `!` and the arbiter's entry (see [`crate::typed`]).
    Typed(String),
    /// The opponent's move in SAN or UCI, from a device that lets him enter only whole moves
    /// (the web page): taken only when it is the opponent's turn and the text is exactly one
    /// legal move; otherwise refused with the reason, and nothing changes.
    OpponentMove(String),
    /// A command of the player's by its meaning, whatever his vocabulary's words for it
    /// (`rochade ctl repeat`: the desktop's key for "Wiederholen").
    Command(crate::vocab::Command),
    /// Push-to-talk (`--push-to-talk`): start or end an utterance, as Enter on an empty line
    /// does in `play`; refused when the game does not listen with push-to-talk.
    Talk,
    /// End the game loop as typing `ende` does: the journal keeps the game for `--resume`.
    Stop,
}

/// What became of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Carried out: the sentences it made the assistant say, to whom.
    Taken(Vec<(Listener, String)>),
    /// Not carried out, and nothing changed: why, in the game's language.
    Refused(String),
}

/// A request with the channel its answer goes back on.
pub struct Envelope {
    pub request: Request,
    pub reply: Sender<Reply>,
}

/// The clients' end: cheap to clone, one per connection or thread.
#[derive(Clone)]
pub struct RemoteClient {
    tx: Sender<Envelope>,
}

/// How long a client waits for the game loop's answer (the loop answers within one event).
const ANSWER_WAIT: Duration = Duration::from_secs(10);

impl RemoteClient {
    /// Sends a request and waits for its answer; `None` when the game loop has ended or did
    /// not answer in time.
    pub fn ask(&self, request: Request) -> Option<Reply> {
        let (tx, rx) = bounded(1);
        self.tx.send(Envelope { request, reply: tx }).ok()?;
        rx.recv_timeout(ANSWER_WAIT).ok()
    }
}

/// A new channel: the client end, and the end the game loop selects on.
pub fn channel() -> (RemoteClient, Receiver<Envelope>) {
    let (tx, rx) = unbounded();
    (RemoteClient { tx }, rx)
}

/// Where a game stands, for those who are not the player: the control client's `status` and
/// the web page. It never holds a read-back's move before the player has confirmed it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameView {
    /// idle (no game), playing, paused or over.
    pub state: ViewState,
    pub fen: String,
    /// The moves played, in SAN.
    pub history: Vec<String>,
    /// The last move in UCI (for marking it on a board).
    pub last_move: Option<String>,
    pub white_ms: u64,
    pub black_ms: u64,
    /// Whose clock runs (`None`: stopped, paused, not started, no clock).
    pub running: Option<ViewSide>,
    pub to_move: ViewSide,
    /// The blind player's side.
    pub player: ViewSide,
    /// What the game waits for.
    pub waiting: ViewWaiting,
    /// The question put to the opponent, in the game's language, if one waits.
    pub question: Option<String>,
    /// The side whose draw offer stands (9.1), for the opponent to accept or decline.
    pub draw_offer: Option<ViewSide>,
    /// The newest sentences said to the opponent (at most [`OpponentNews::KEPT`], the newest
    /// last), and how many were said since the loop started: the page tells which are new.
    pub to_opponent: Vec<String>,
    pub to_opponent_count: u64,
    /// The last sentence said to the player (the control client is the player's own).
    #[serde(skip)]
    pub last_said: Option<String>,
    /// "1-0", "0-1", "1/2-1/2" once the game is over.
    pub result: Option<String>,
    /// The game's message language (de, en, ar, he).
    pub lang: String,
    /// The game has a clock.
    pub timed: bool,
    /// The scoresheet as it stands, for the page's downloads (never serialized: the sheets
    /// are rendered from it on request).
    #[serde(skip)]
    pub record: Option<Arc<Record>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ViewState {
    Idle,
    Playing,
    Paused,
    Over,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ViewSide {
    White,
    Black,
}

impl From<Color> for ViewSide {
    fn from(c: Color) -> ViewSide {
        match c {
            Color::White => ViewSide::White,
            Color::Black => ViewSide::Black,
        }
    }
}

/// [`Waiting`] without its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ViewWaiting {
    Nothing,
    PlayerConfirmsMove,
    PlayerAnswers,
    OpponentAnswers,
    ArbiterSignal,
}

impl GameView {
    /// No game: the service idles.
    pub fn idle(lang: crate::lang::Lang) -> GameView {
        GameView {
            state: ViewState::Idle,
            fen: shakmaty::fen::Fen::default().to_string(),
            history: Vec::new(),
            last_move: None,
            white_ms: 0,
            black_ms: 0,
            running: None,
            to_move: ViewSide::White,
            player: ViewSide::White,
            waiting: ViewWaiting::Nothing,
            question: None,
            draw_offer: None,
            to_opponent: Vec::new(),
            to_opponent_count: 0,
            last_said: None,
            result: None,
            lang: lang.code().to_string(),
            timed: false,
            record: None,
        }
    }

    /// The view of a session's game at game time `now`.
    pub fn of(session: &Session, now: u64) -> GameView {
        let a = session.assistant();
        let lang = a.spec().map(|s| s.lang).unwrap_or(crate::lang::Lang::De);
        let Some(game) = a.game() else {
            return GameView::idle(lang);
        };
        let reading = a.clock_reading(now);
        let (waiting, question) = match a.waiting() {
            Waiting::Nothing => (ViewWaiting::Nothing, None),
            Waiting::PlayerConfirmsMove => (ViewWaiting::PlayerConfirmsMove, None),
            Waiting::PlayerAnswers => (ViewWaiting::PlayerAnswers, None),
            Waiting::OpponentAnswers(q) => (ViewWaiting::OpponentAnswers, Some(q)),
            Waiting::ArbiterSignal => (ViewWaiting::ArbiterSignal, None),
        };
        let state = if a.is_over() {
            ViewState::Over
        } else if reading.as_ref().is_some_and(|r| r.paused) {
            ViewState::Paused
        } else {
            ViewState::Playing
        };
        GameView {
            state,
            fen: game.fen(),
            history: game.moves().iter().map(|m| m.san.clone()).collect(),
            last_move: game.moves().last().map(|m| m.uci.clone()),
            white_ms: reading.as_ref().map_or(0, |r| r.white_ms),
            black_ms: reading.as_ref().map_or(0, |r| r.black_ms),
            running: reading.as_ref().and_then(|r| r.running).map(ViewSide::from),
            to_move: game.side_to_move().into(),
            player: a.player().unwrap_or(Color::White).into(),
            waiting,
            question,
            draw_offer: a.draw_offer().map(ViewSide::from),
            to_opponent: Vec::new(),
            to_opponent_count: 0,
            last_said: a.last_said().map(str::to_string),
            result: a.result().map(str::to_string),
            lang: lang.code().to_string(),
            timed: reading.is_some(),
            record: a.record().cloned().map(Arc::new),
        }
    }

    /// The same view but for the clocks' times, which change at every tick.
    fn same_but_times(&self, other: &GameView) -> bool {
        let mut a = self.clone();
        a.white_ms = other.white_ms;
        a.black_ms = other.black_ms;
        a == *other
    }
}

/// The view the game loop publishes, shared with the clients: the newest [`GameView`] and a
/// version that grows when anything but the clocks' times changed, which a client can wait
/// for (the web page's live updates).
#[derive(Clone)]
pub struct Published {
    inner: Arc<(Mutex<(u64, GameView)>, Condvar)>,
}

impl Published {
    pub fn new(view: GameView) -> Published {
        Published {
            inner: Arc::new((Mutex::new((1, view)), Condvar::new())),
        }
    }

    /// Publishes a view: the version grows (and waiting clients wake) only when more than
    /// the clocks' times changed.
    pub fn set(&self, view: GameView) {
        let (lock, changed) = &*self.inner;
        let mut guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        if !guard.1.same_but_times(&view) {
            guard.0 += 1;
            changed.notify_all();
        }
        guard.1 = view;
    }

    /// The newest view and its version.
    pub fn get(&self) -> (u64, GameView) {
        let (lock, _) = &*self.inner;
        lock.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Waits until the version is newer than `seen` or `timeout` passes; the newest view.
    pub fn wait_newer(&self, seen: u64, timeout: Duration) -> (u64, GameView) {
        let (lock, changed) = &*self.inner;
        let guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        let (guard, _) = changed
            .wait_timeout_while(guard, timeout, |g| g.0 <= seen)
            .unwrap_or_else(|p| p.into_inner());
        guard.clone()
    }
}

/// The sentences said to the opponent, which the game loop keeps for the view (the assistant
/// keeps only what it said to the player).
#[derive(Debug, Clone, Default)]
pub struct OpponentNews {
    count: u64,
    recent: std::collections::VecDeque<String>,
}

impl OpponentNews {
    /// How many of the newest sentences the view holds.
    pub const KEPT: usize = 8;

    /// Keeps what `effects` said to the opponent.
    pub fn heard(&mut self, effects: &[TimedEffect]) {
        for (to, text) in said(effects) {
            if to == Listener::Opponent {
                self.count += 1;
                self.recent.push_back(text);
                if self.recent.len() > Self::KEPT {
                    self.recent.pop_front();
                }
            }
        }
    }

    /// The view with these sentences in it.
    pub fn into_view(&self, mut view: GameView) -> GameView {
        view.to_opponent = self.recent.iter().cloned().collect();
        view.to_opponent_count = self.count;
        view
    }
}

/// The sentences that effects said, to whom: a [`Reply::Taken`]'s content.
pub fn said(effects: &[TimedEffect]) -> Vec<(Listener, String)> {
    effects
        .iter()
        .filter_map(|e| match &e.effect {
            Effect::Say { to, text, .. } => Some((*to, text.clone())),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn a_clock_tick_does_not_wake_the_waiting_clients_but_a_move_does() {
        let published = Published::new(GameView::idle(Lang::De));
        let (v0, mut view) = published.get();
        view.white_ms = 1000;
        published.set(view.clone());
        assert_eq!(published.get().0, v0, "a new time alone is no new version");
        assert_eq!(
            published.get().1.white_ms,
            1000,
            "but the time is the newest"
        );
        view.history.push("e4".into());
        published.set(view);
        let (v1, newest) = published.wait_newer(v0, Duration::from_millis(10));
        assert_eq!(v1, v0 + 1);
        assert_eq!(newest.history, vec!["e4".to_string()]);
    }

    #[test]
    fn a_client_gets_no_answer_once_the_loop_is_gone() {
        let (client, rx) = channel();
        drop(rx);
        assert_eq!(client.ask(Request::Stop), None);
    }
}
