//! The sighted side's screen: one page and a small JSON API, served from the game's own
//! process (`--web ADDR` of `play` and `relay`; the service calls [`serve`] the same way) for
//! a phone or tablet beside the board. The page shows the board from the opponent's side,
//! the clocks, whose turn it is and what the game waits for, and takes the opponent's move
//! by two taps, his touch report, draw and resignation, and the arbiter's entries behind a
//! PIN. Every entry becomes a [`Request`] to the game loop, so it goes through the same core
//! and the same journal as a typed line; nothing here decides anything about the game.
//!
//! The routes, and nothing else (no file is served but the page's own):
//!
//! | route | what |
//! |---|---|
//! | `GET /` | the page ([`page::PAGE`]) |
//! | `GET /api/state` | the [`GameView`](crate::cli::remote::GameView) as JSON, with `pending` in words |
//! | `GET /api/words` | the page's labels in the game's language ([`page::PageWords`]; `?lang=`) |
//! | `GET /api/events` | the state again whenever more than the clocks changed (Server-Sent Events; every 10 s anyway, with fresh clocks) |
//! | `GET /api/sheet.pgn`, `.brf`, `.txt` | the scoresheet: PGN, BRF, print |
//! | `POST /api/opponent-move` | `{"uci"}` or `{"san"}`: [`Request::OpponentMove`]; an impossible move is 422 with the reason, and nothing changes |
//! | `POST /api/touched` | `{"square"}`: the opponent touched the piece there (D.2.9.e) |
//! | `POST /api/opponent` | `{"words"}`: the opponent's words, as typed after `> ` ("remis", "ablehnen", "aufgabe") |
//! | `POST /api/arbiter` | `{"entry", "pin"}`: an arbiter's entry, as typed after `!` ("pause", "zeit weiss 60") |
//!
//! Security ([`guard`]): a server on a loopback address answers only requests for a loopback
//! host name; on any other address every entry of the opponent needs the game's opponent
//! PIN (`"pin"` in the body), which [`serve`] insists on. The arbiter's entries need the
//! arbiter's PIN, and without one the panel is locked. Five wrong PINs lock a client out for
//! a minute; a client may make ten entries a second; a body has at most [`BODY_LIMIT`]
//! bytes and must be JSON (which a page of another site cannot send without asking first).
//! No sentence said to the player is ever sent: his read-back is private.
//!
//! tiny_http serves each request on its own thread (at most [`WORKERS`] at once). Its
//! response bodies are written in 8 KiB chunks and flushed only at their end, so the live
//! updates take the connection over after the response head ([`tiny_http::Request::upgrade`],
//! whose `Upgrade` header in a 200 response only advertises) and write each event themselves:
//! the body then ends when the connection closes, as HTTP/1.1 allows.
use std::io::{Cursor, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tiny_http::{Header, Method, Response, Server, StatusCode};

use crate::assistant::protocol::Listener;
use crate::catalog::Catalog;
use crate::cli::remote::{Published, RemoteClient, Reply, Request};
use crate::lang::Lang;

pub mod guard;
pub mod page;

use guard::{Kind, Limiter};
use page::{PageState, PageWords, Sheet};

/// The most bytes a request's body may have.
pub const BODY_LIMIT: usize = 4096;
/// Requests served at once; more are answered 503.
pub const WORKERS: usize = 64;
/// Live-update streams open at once.
pub const STREAMS: usize = 16;
/// How often a live-update stream sends the state when nothing changed (fresh clocks, and
/// the connection is seen to be alive).
const KEEP_ALIVE: Duration = Duration::from_secs(10);
/// How often the threads look whether the server is stopping.
const STOP_CHECK: Duration = Duration::from_millis(250);

/// How the page's server is set up.
#[derive(Debug, Clone, Default)]
pub struct WebOptions {
    /// The PIN every entry of the opponent needs; required on an address that is not a
    /// loopback one ([`guard::new_pin`] makes one per game).
    pub opponent_pin: Option<String>,
    /// The arbiter's PIN for his panel; none: the panel is locked.
    pub arbiter_pin: Option<String>,
}

/// Why the page cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("the page cannot be served at {addr}: {why}")]
    Bind { addr: SocketAddr, why: String },
    #[error(
        "the page at {addr} would be reachable from other machines: the opponent's entries need a PIN there"
    )]
    PinNeeded { addr: SocketAddr },
}

/// What the request threads share.
struct Shared {
    client: RemoteClient,
    published: Published,
    opponent_pin: Mutex<Option<String>>,
    arbiter_pin: Option<String>,
    loopback: bool,
    port: u16,
    limiter: Mutex<Limiter>,
    busy: AtomicUsize,
    streams: AtomicUsize,
    stop: AtomicBool,
}

/// The running server: stopped when dropped (open live-update streams end within a moment).
pub struct WebHandle {
    address: SocketAddr,
    shared: Arc<Shared>,
    accept: Option<JoinHandle<()>>,
}

impl WebHandle {
    /// The address it listens on (the port chosen when `:0` was asked for).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// A new opponent's PIN (the service's next game); `None` only on a loopback address.
    pub fn set_opponent_pin(&self, pin: Option<String>) -> Result<(), WebError> {
        if pin.is_none() && !self.shared.loopback {
            return Err(WebError::PinNeeded { addr: self.address });
        }
        *lock(&self.shared.opponent_pin) = pin;
        Ok(())
    }
}

impl Drop for WebHandle {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        if let Some(accept) = self.accept.take() {
            let _ = accept.join();
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Serves the page at `addr` for the game behind `client` and `published` until the handle
/// is dropped.
pub fn serve(
    addr: SocketAddr,
    options: WebOptions,
    client: RemoteClient,
    published: Published,
) -> Result<WebHandle, WebError> {
    let loopback = addr.ip().is_loopback();
    if !loopback && options.opponent_pin.is_none() {
        return Err(WebError::PinNeeded { addr });
    }
    let server = Server::http(addr).map_err(|e| WebError::Bind {
        addr,
        why: e.to_string(),
    })?;
    let address = server.server_addr().to_ip().ok_or_else(|| WebError::Bind {
        addr,
        why: "not an IP address".into(),
    })?;
    let shared = Arc::new(Shared {
        client,
        published,
        opponent_pin: Mutex::new(options.opponent_pin),
        arbiter_pin: options
            .arbiter_pin
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty()),
        loopback,
        port: address.port(),
        limiter: Mutex::new(Limiter::default()),
        busy: AtomicUsize::new(0),
        streams: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
    });
    let accept = {
        let shared = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("web".into())
            .spawn(move || accept_loop(server, shared))
            .map_err(|e| WebError::Bind {
                addr,
                why: e.to_string(),
            })?
    };
    Ok(WebHandle {
        address,
        shared,
        accept: Some(accept),
    })
}

/// The page's address to tell people: for a server on every interface (0.0.0.0, ::), the
/// machine's address on its network, as far as the system's routes tell it.
pub fn page_url(address: SocketAddr) -> String {
    let mut shown = address;
    if address.ip().is_unspecified() {
        // Connecting a UDP socket sends nothing: it only picks the outgoing interface.
        let outward = std::net::UdpSocket::bind("0.0.0.0:0")
            .and_then(|s| s.connect("192.0.2.1:9").map(|_| s))
            .and_then(|s| s.local_addr());
        if let Ok(local) = outward {
            shown.set_ip(local.ip());
        }
    }
    format!("http://{shown}/")
}

/// A PIN as it is read out: its digits with spaces between them ("4 7 1 1 0 2").
pub fn spaced_digits(pin: &str) -> String {
    pin.chars().map(String::from).collect::<Vec<_>>().join(" ")
}

fn accept_loop(server: Server, shared: Arc<Shared>) {
    while !shared.stop.load(Ordering::SeqCst) {
        let request = match server.recv_timeout(STOP_CHECK) {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(_) => continue,
        };
        if shared.busy.fetch_add(1, Ordering::SeqCst) >= WORKERS {
            shared.busy.fetch_sub(1, Ordering::SeqCst);
            let lang = game_lang(&shared);
            let _ = request.respond(error(StatusCode(503), &say(lang, "web-state-busy")));
            continue;
        }
        let worker = Arc::clone(&shared);
        let spawned = std::thread::Builder::new()
            .name("web-request".into())
            .spawn(move || {
                handle(&worker, request);
                worker.busy.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            shared.busy.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

fn game_lang(shared: &Shared) -> Lang {
    shared.published.get().1.lang.parse().unwrap_or_default()
}

/// A sentence of the server's own, in the game's language.
fn say(lang: Lang, id: &str) -> String {
    Catalog::builtin(lang).text(id, &[])
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes())
        .unwrap_or_else(|_| unreachable!("the server's own headers are ASCII"))
}

/// Headers every answer carries: nothing is cached, sniffed, framed or referred.
fn with_common<R: Read>(mut response: Response<R>) -> Response<R> {
    for (name, value) in [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
    ] {
        response.add_header(header(name, value));
    }
    response
}

fn json_response(status: StatusCode, value: &impl Serialize) -> Response<Cursor<Vec<u8>>> {
    let body = serde_json::to_vec(value).unwrap_or_default();
    with_common(
        Response::from_data(body)
            .with_status_code(status)
            .with_header(header("Content-Type", "application/json; charset=utf-8")),
    )
}

fn error(status: StatusCode, text: &str) -> Response<Cursor<Vec<u8>>> {
    json_response(status, &serde_json::json!({ "error": text }))
}

fn request_header<'a>(request: &'a tiny_http::Request, name: &'static str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str())
}

fn handle(shared: &Shared, request: tiny_http::Request) {
    let lang = game_lang(shared);
    let ip = request
        .remote_addr()
        .map(|a| a.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    let method = request.method().clone();
    let host = request_header(&request, "Host").map(str::to_string);
    if shared.loopback && !guard::loopback_host(host.as_deref(), shared.port) {
        let _ = request.respond(error(StatusCode(403), &say(lang, "web-state-host")));
        return;
    }
    let kind = if method == Method::Post {
        Kind::Entry
    } else {
        Kind::Read
    };
    if !lock(&shared.limiter).allow(ip, kind, Instant::now()) {
        let _ = request.respond(error(StatusCode(429), &say(lang, "web-state-too-many")));
        return;
    }
    let response = match (&method, path) {
        (Method::Get, "/") | (Method::Get, "/index.html") => {
            let csp = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
                       connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; \
                       frame-ancestors 'none'";
            with_common(
                Response::from_string(page::PAGE)
                    .with_header(header("Content-Type", "text/html; charset=utf-8"))
                    .with_header(header("Content-Security-Policy", csp)),
            )
        }
        (Method::Get, "/api/state") => {
            let (version, view) = shared.published.get();
            json_response(StatusCode(200), &PageState::of(version, &view))
        }
        (Method::Get, "/api/words") => {
            let asked = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("lang="))
                .and_then(|l| l.parse::<Lang>().ok());
            let words = PageWords::new(
                asked.unwrap_or(lang),
                lock(&shared.opponent_pin).is_some(),
                shared.arbiter_pin.is_some(),
            );
            json_response(StatusCode(200), &words)
        }
        (Method::Get, "/api/events") => {
            events(shared, request, lang);
            return;
        }
        (Method::Get, sheet_path) if Sheet::of_path(sheet_path).is_some() => {
            let sheet = Sheet::of_path(sheet_path).unwrap_or(Sheet::Print);
            let (_, view) = shared.published.get();
            match sheet.render(&view) {
                Some(text) => {
                    let mut response = with_common(
                        Response::from_string(text)
                            .with_header(header("Content-Type", sheet.content_type())),
                    );
                    if let Some(name) = sheet.file_name() {
                        let disposition = format!("attachment; filename=\"{name}\"");
                        response.add_header(header("Content-Disposition", &disposition));
                    }
                    response
                }
                None => error(StatusCode(404), &say(lang, "web-state-idle")),
            }
        }
        (Method::Post, route) if Entry::ROUTES.contains(&route) => {
            entry(shared, request, route, ip, host.as_deref(), lang);
            return;
        }
        // A route of the page asked with another method.
        (_, known)
            if Entry::ROUTES.contains(&known)
                || [
                    "/",
                    "/index.html",
                    "/api/state",
                    "/api/words",
                    "/api/events",
                ]
                .contains(&known)
                || Sheet::of_path(known).is_some() =>
        {
            error(StatusCode(405), &say(lang, "web-state-not-found"))
        }
        _ => error(StatusCode(404), &say(lang, "web-state-not-found")),
    };
    let _ = request.respond(response);
}

/// The bodies of the entries.
#[derive(Debug, Deserialize)]
struct MoveBody {
    uci: Option<String>,
    san: Option<String>,
    pin: Option<String>,
}

#[derive(Debug, Deserialize)]
struct TouchBody {
    square: String,
    pin: Option<String>,
}

#[derive(Debug, Deserialize)]
struct WordsBody {
    words: String,
    pin: Option<String>,
}

#[derive(Debug, Deserialize)]
struct ArbiterBody {
    entry: String,
    pin: Option<String>,
}

/// An entry read from its body: the request for the game loop, the PIN given, whose it is.
struct Entry {
    request: Request,
    pin: Option<String>,
    arbiter: bool,
}

impl Entry {
    const ROUTES: [&'static str; 4] = [
        "/api/opponent-move",
        "/api/touched",
        "/api/opponent",
        "/api/arbiter",
    ];

    /// The entry of `route` from `body`; `None` when the body is not one.
    fn read(route: &str, body: &[u8]) -> Option<Entry> {
        // One line of plain text, short: what a person types.
        let line = |text: String, most: usize| -> Option<String> {
            let text = text.trim().to_string();
            (!text.is_empty()
                && text.chars().count() <= most
                && !text.chars().any(char::is_control))
            .then_some(text)
        };
        match route {
            "/api/opponent-move" => {
                let b: MoveBody = serde_json::from_slice(body).ok()?;
                let text = line(b.uci.or(b.san)?, 16)?;
                Some(Entry {
                    request: Request::OpponentMove(text),
                    pin: b.pin,
                    arbiter: false,
                })
            }
            "/api/touched" => {
                let b: TouchBody = serde_json::from_slice(body).ok()?;
                let square = line(b.square, 2)?.to_ascii_lowercase();
                let mut chars = square.chars();
                let on_board = matches!(chars.next(), Some('a'..='h'))
                    && matches!(chars.next(), Some('1'..='8'));
                on_board.then(|| Entry {
                    request: Request::Typed(format!("touched {square}")),
                    pin: b.pin,
                    arbiter: false,
                })
            }
            "/api/opponent" => {
                let b: WordsBody = serde_json::from_slice(body).ok()?;
                let words = line(b.words, 64)?;
                Some(Entry {
                    request: Request::Typed(format!("> {words}")),
                    pin: b.pin,
                    arbiter: false,
                })
            }
            "/api/arbiter" => {
                let b: ArbiterBody = serde_json::from_slice(body).ok()?;
                let entry = line(b.entry, 200)?;
                Some(Entry {
                    request: Request::Typed(format!("!{entry}")),
                    pin: b.pin,
                    arbiter: true,
                })
            }
            _ => None,
        }
    }
}

/// A sentence the game said because of an entry, to the opponent or the arbiter (never one
/// to the player).
#[derive(Debug, Serialize)]
struct Said {
    to: &'static str,
    text: String,
}

fn entry(
    shared: &Shared,
    mut request: tiny_http::Request,
    route: &str,
    ip: IpAddr,
    host: Option<&str>,
    lang: Lang,
) {
    let refuse = |request: tiny_http::Request, status: u16, id: &str| {
        let _ = request.respond(error(StatusCode(status), &say(lang, id)));
    };
    if !guard::same_origin(request_header(&request, "Origin"), host) {
        return refuse(request, 403, "web-state-host");
    }
    let json = request_header(&request, "Content-Type").is_some_and(|t| {
        t.trim()
            .to_ascii_lowercase()
            .starts_with("application/json")
    });
    if !json {
        return refuse(request, 415, "web-state-bad-request");
    }
    if request.body_length().is_some_and(|n| n > BODY_LIMIT) {
        return refuse(request, 413, "web-state-too-large");
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(BODY_LIMIT as u64 + 1)
        .read_to_end(&mut body);
    if read.is_err() {
        return refuse(request, 400, "web-state-bad-request");
    }
    if body.len() > BODY_LIMIT {
        return refuse(request, 413, "web-state-too-large");
    }
    let Some(entry) = Entry::read(route, &body) else {
        return refuse(request, 400, "web-state-bad-request");
    };
    let expected = if entry.arbiter {
        match &shared.arbiter_pin {
            Some(pin) => Some(pin.clone()),
            None => return refuse(request, 403, "web-state-arbiter-locked"),
        }
    } else {
        lock(&shared.opponent_pin).clone()
    };
    if let Some(expected) = expected {
        let now = Instant::now();
        let mut limiter = lock(&shared.limiter);
        if limiter.locked(ip, now) {
            drop(limiter);
            return refuse(request, 403, "web-state-pin-locked");
        }
        let given = entry.pin.as_deref().unwrap_or("");
        if guard::pin_matches(&expected, given.trim()) {
            limiter.right_pin(ip, now);
        } else {
            limiter.wrong_pin(ip, now);
            drop(limiter);
            return refuse(request, 403, "web-state-pin-wrong");
        }
    }
    let response = match shared.client.ask(entry.request) {
        None => error(StatusCode(503), &say(lang, "web-state-no-game")),
        Some(Reply::Refused(why)) => error(StatusCode(422), &why),
        Some(Reply::Taken(said)) => {
            let said: Vec<Said> = said
                .into_iter()
                .filter_map(|(to, text)| match to {
                    Listener::Player => None,
                    Listener::Opponent => Some(Said {
                        to: "opponent",
                        text,
                    }),
                    Listener::Arbiter => Some(Said {
                        to: "arbiter",
                        text,
                    }),
                })
                .collect();
            json_response(StatusCode(200), &serde_json::json!({ "said": said }))
        }
    };
    let _ = request.respond(response);
}

/// `GET /api/events`: the state now, then whenever more than the clocks changed, and every
/// [`KEEP_ALIVE`] anyway, until the client goes or the server stops.
fn events(shared: &Shared, request: tiny_http::Request, lang: Lang) {
    if shared.streams.fetch_add(1, Ordering::SeqCst) >= STREAMS {
        shared.streams.fetch_sub(1, Ordering::SeqCst);
        let _ = request.respond(error(StatusCode(503), &say(lang, "web-state-busy")));
        return;
    }
    let head = with_common(
        Response::empty(StatusCode(200))
            .with_header(header("Content-Type", "text/event-stream; charset=utf-8")),
    );
    let mut stream = request.upgrade("sse", head);
    let (mut seen, view) = shared.published.get();
    let mut sent = send_event(&mut stream, seen, &view, true);
    let mut last_sent = Instant::now();
    while sent && !shared.stop.load(Ordering::SeqCst) {
        let (version, view) = shared.published.wait_newer(seen, STOP_CHECK);
        if version > seen || last_sent.elapsed() >= KEEP_ALIVE {
            seen = version;
            sent = send_event(&mut stream, version, &view, false);
            last_sent = Instant::now();
        }
    }
    shared.streams.fetch_sub(1, Ordering::SeqCst);
}

/// Writes one event with the state; false when the client has gone.
fn send_event(
    stream: &mut impl Write,
    version: u64,
    view: &crate::cli::remote::GameView,
    first: bool,
) -> bool {
    let data = serde_json::to_string(&PageState::of(version, view)).unwrap_or_default();
    let mut text = String::new();
    if first {
        // Reconnect a second after a lost connection.
        text.push_str("retry: 1000\n");
    }
    text.push_str(&format!("id: {version}\ndata: {data}\n\n"));
    stream.write_all(text.as_bytes()).is_ok() && stream.flush().is_ok()
}
