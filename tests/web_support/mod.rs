//! Shared by the tests of the opponent's page (`--web`): a `rochade play` child with the page
//! served, its output as JSON lines, plain HTTP calls to the page's API, and a small W3C
//! WebDriver client that drives Debian's headless chromium through chromedriver.
#![allow(dead_code)]
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A `rochade play --json --speech off --web 127.0.0.1:0` game, its standard input piped.
pub struct Game {
    pub child: Child,
    pub lines: Receiver<String>,
    /// Every output line read so far (for failure messages).
    pub seen: Vec<String>,
    /// The page's address, `http://127.0.0.1:PORT/`.
    pub url: String,
    /// The opponent's PIN, when the page needs one.
    pub pin: Option<String>,
    _dir: tempfile::TempDir,
}

impl Game {
    /// Starts a game of `play` as White with `extra` arguments, and waits for the page's
    /// address.
    pub fn start(extra: &[&str]) -> Game {
        Game::start_as("play", extra)
    }

    /// The same with `play` or `relay`.
    pub fn start_as(command: &str, extra: &[&str]) -> Game {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
            .args([command, "--speech", "off", "--json", "--confirm-ms", "0"])
            .arg("--games-dir")
            .arg(dir.path())
            .args(extra)
            .env_remove("ROCHADE_ARBITER_PIN")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("rochade starts");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut game = Game {
            child,
            lines,
            seen: Vec::new(),
            url: String::new(),
            pin: None,
            _dir: dir,
        };
        let web = game.wait_json(Duration::from_secs(20), |v| v["kind"] == "web");
        game.url = web["url"].as_str().expect("the page's url").to_string();
        game.pin = web["pin"].as_str().map(str::to_string);
        game
    }

    /// Types a line.
    pub fn type_line(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().expect("stdin");
        writeln!(stdin, "{line}").expect("rochade reads its input");
        stdin.flush().expect("flushed");
    }

    /// The next JSON line that `want` accepts, within `within`; panics with what was seen.
    pub fn wait_json(&mut self, within: Duration, want: impl Fn(&Value) -> bool) -> Value {
        match self.try_wait_json(within, want) {
            Some(v) => v,
            None => panic!(
                "no such line within {within:?}; rochade printed:\n{}",
                self.seen.join("\n")
            ),
        }
    }

    pub fn try_wait_json(
        &mut self,
        within: Duration,
        want: impl Fn(&Value) -> bool,
    ) -> Option<Value> {
        let deadline = Instant::now() + within;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            let line = self.lines.recv_timeout(left).ok()?;
            self.seen.push(line.clone());
            if let Ok(v) = serde_json::from_str::<Value>(&line)
                && want(&v)
            {
                return Some(v);
            }
        }
        None
    }

    /// The player plays `san` (typed, then confirmed with "ja") and it is made.
    pub fn player_moves(&mut self, san: &str) {
        self.type_line(san);
        self.type_line("ja");
        self.wait_json(Duration::from_secs(10), |v| {
            v["kind"] == "made" && v["by"] == "white"
        });
    }

    pub fn api(&self, path: &str) -> String {
        format!("{}{}", self.url.trim_end_matches('/'), path)
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into()
}

/// `GET url`: the status and the body.
pub fn get(url: &str) -> (u16, String) {
    let mut response = agent().get(url).call().expect("the page's server answers");
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().expect("a text body");
    (status, body)
}

/// `GET url` as JSON.
pub fn get_json(url: &str) -> Value {
    let (status, body) = get(url);
    assert_eq!(status, 200, "GET {url}: {body}");
    serde_json::from_str(&body).expect("JSON")
}

/// Polls `GET url` (the state) until `want` accepts it: what the game loop publishes after an
/// event comes a moment after the event's printed line.
pub fn wait_state(url: &str, want: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let state = get_json(url);
        if want(&state) {
            return state;
        }
        assert!(
            Instant::now() < deadline,
            "the state never became as expected: {state}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `POST url` with a JSON body: the status and the JSON answer.
pub fn post(url: &str, body: &Value) -> (u16, Value) {
    post_raw(url, "application/json", &body.to_string())
}

pub fn post_raw(url: &str, content_type: &str, body: &str) -> (u16, Value) {
    let mut response = agent()
        .post(url)
        .header("Content-Type", content_type)
        .send(body)
        .expect("the page's server answers");
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().expect("a text body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// The page's live updates (`GET /api/events`) read on a thread: each event's data as JSON.
pub fn events(url: &str) -> Receiver<Value> {
    let address = url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .expect("host:port")
        .to_string();
    let mut stream = TcpStream::connect(&address).expect("the page's server takes connections");
    write!(
        stream,
        "GET /api/events HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("the request is sent");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let reader = BufReader::new(stream);
        for line in reader.lines().map_while(Result::ok) {
            if let Some(data) = line.strip_prefix("data: ")
                && let Ok(v) = serde_json::from_str::<Value>(data)
                && tx.send(v).is_err()
            {
                break;
            }
        }
    });
    rx
}

/// The path of a program, or a panic that says which Debian package to install (a test
/// never skips quietly).
pub fn program(name: &str, package: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("{name} is not installed: install the Debian package {package} (scripts/setup.sh does)")
        })
}

/// A headless chromium driven through chromedriver (W3C WebDriver: HTTP and JSON).
pub struct Browser {
    driver: Child,
    base: String,
    session: String,
}

impl Browser {
    /// A phone-sized browser: 360 CSS pixels wide, with touch.
    pub fn phone() -> Browser {
        let chromedriver = program("chromedriver", "chromium-driver");
        let chromium = program("chromium", "chromium");
        let port = {
            let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
            probe.local_addr().expect("its address").port()
        };
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let base = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let ready = agent()
                .get(&format!("{base}/status"))
                .call()
                .ok()
                .and_then(|mut r| r.body_mut().read_to_string().ok())
                .and_then(|t| serde_json::from_str::<Value>(&t).ok())
                .is_some_and(|v| v["value"]["ready"] == true);
            if ready {
                break;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut browser = Browser {
            driver,
            base,
            session: String::new(),
        };
        let created = browser.call(
            "POST",
            "/session",
            &json!({"capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {
                    "binary": chromium,
                    "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                             "--disable-dev-shm-usage", "--no-first-run"],
                    "mobileEmulation": {"deviceMetrics": {"width": 360, "height": 780, "pixelRatio": 2.0, "touch": true}}
                }
            }}}),
        );
        browser.session = created["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no WebDriver session: {created}"))
            .to_string();
        browser
    }

    /// One WebDriver command: its `value`.
    fn call(&self, method: &str, path: &str, body: &Value) -> Value {
        let url = format!("{}{}", self.base, path);
        let mut response = match method {
            "GET" => agent().get(&url).call(),
            "DELETE" => agent().delete(&url).call(),
            _ => agent()
                .post(&url)
                .header("Content-Type", "application/json")
                .send(body.to_string()),
        }
        .expect("chromedriver answers");
        let text = response.body_mut().read_to_string().expect("a text body");
        let v: Value = serde_json::from_str(&text).expect("WebDriver answers JSON");
        v["value"].clone()
    }

    fn session_call(&self, method: &str, path: &str, body: &Value) -> Value {
        let value = self.call(method, &format!("/session/{}{}", self.session, path), body);
        if let Some(error) = value.get("error") {
            panic!("WebDriver {path}: {error}: {}", value["message"]);
        }
        value
    }

    pub fn goto(&self, url: &str) {
        self.session_call("POST", "/url", &json!({ "url": url }));
    }

    /// Runs `script` (a function body, `arguments` as given) in the page: its return value.
    pub fn run(&self, script: &str, args: Value) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            &json!({"script": script, "args": args}),
        )
    }

    /// The element `css` selects (the first).
    pub fn find(&self, css: &str) -> String {
        let found = self.session_call(
            "POST",
            "/element",
            &json!({"using": "css selector", "value": css}),
        );
        found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}"))
            .to_string()
    }

    /// Clicks (taps) what `css` selects, as a person does: at its centre, through the
    /// browser's input events.
    pub fn click(&self, css: &str) {
        let element = self.find(css);
        self.session_call("POST", &format!("/element/{element}/click"), &json!({}));
    }

    /// Types `text` into the field `css` selects.
    pub fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css);
        self.session_call("POST", &format!("/element/{element}/clear"), &json!({}));
        self.session_call(
            "POST",
            &format!("/element/{element}/value"),
            &json!({ "text": text }),
        );
    }

    /// The text content of what `css` selects ("" if nothing).
    pub fn text(&self, css: &str) -> String {
        self.run(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : '';",
            json!([css]),
        )
        .as_str()
        .unwrap_or("")
        .to_string()
    }

    /// Waits until `script` returns true in the page; panics with `what` otherwise.
    pub fn wait_until(&self, what: &str, within: Duration, script: &str) {
        let deadline = Instant::now() + within;
        loop {
            if self.run(script, json!([])) == Value::Bool(true) {
                return;
            }
            if Instant::now() >= deadline {
                let shown = self.run("return document.body.innerText;", json!([]));
                panic!(
                    "the page never showed {what}; it shows:\n{}",
                    shown.as_str().unwrap_or("")
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.call(
                "DELETE",
                &format!("/session/{}", self.session),
                &Value::Null,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
