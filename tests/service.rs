//! `rochade service` and `rochade ctl` as a desktop runs them: a service with no terminal
//! (standard input closed) in a private HOME and XDG_RUNTIME_DIR, driven only through `ctl`
//! on its control socket; killed with SIGKILL and started again, it resumes the game from
//! its journal by itself. A finished game is not resumed; a damaged journal is not resumed
//! silently; a second service is refused; `ctl` without a service says so.
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "process_support/mod.rs"]
mod process_support;
#[path = "web_support/mod.rs"]
mod web_support;

/// A private desktop session: its own HOME and runtime folder.
struct Desktop {
    _root: tempfile::TempDir,
    home: PathBuf,
    runtime: PathBuf,
}

impl Desktop {
    fn new() -> Desktop {
        let root = tempfile::tempdir().expect("tempdir");
        let home = root.path().join("home");
        let runtime = root.path().join("run");
        std::fs::create_dir_all(&home).expect("home");
        std::fs::create_dir_all(&runtime).expect("runtime dir");
        std::os::unix::fs::PermissionsExt::set_mode(
            &mut std::fs::metadata(&runtime)
                .expect("runtime dir")
                .permissions(),
            0o700,
        );
        Desktop {
            _root: root,
            home,
            runtime,
        }
    }

    fn rochade(&self) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_rochade"));
        c.env("HOME", &self.home)
            .env("XDG_RUNTIME_DIR", &self.runtime)
            .env_remove("XDG_DATA_HOME")
            .env_remove("XDG_CONFIG_HOME");
        c
    }

    /// `rochade service` listening with pocketsphinx through the sound server `pulse`
    /// (`unix:/nonexistent/pulse`: none, the microphone cannot open), no speech output, no
    /// terminal.
    fn voice_service(&self, pulse: &str) -> Command {
        let mut c = self.rochade();
        c.args(["service", "--speech", "off", "--recognizer", "pocketsphinx"])
            .env("PULSE_SERVER", pulse)
            .env_remove("PULSE_RUNTIME_PATH")
            .stdin(Stdio::null());
        c
    }

    /// Starts `command` (a service) with its printed lines on a channel, standard error
    /// dropped.
    fn printing(command: &mut Command) -> (Service, std::sync::mpsc::Receiver<String>) {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("rochade service starts");
        let lines = process_support::lines(child.stdout.take().expect("stdout"));
        (Service { child: Some(child) }, lines)
    }

    /// The service as systemd starts it: no terminal; no speech output, no microphone.
    fn start_service(&self, extra: &[&str]) -> Service {
        let child = self
            .rochade()
            .args(["service", "--no-voice", "--speech", "off"])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("rochade service starts");
        let service = Service { child: Some(child) };
        // Up when it answers.
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.ctl(&["status", "--json"]).status.code() == Some(2) {
            assert!(Instant::now() < deadline, "the service never answered");
            sleep(Duration::from_millis(50));
        }
        service
    }

    fn ctl(&self, args: &[&str]) -> Output {
        self.rochade()
            .arg("ctl")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("rochade ctl runs")
    }

    /// `ctl ARGS`, which must be carried out; its printed lines.
    fn ctl_ok(&self, args: &[&str]) -> String {
        let out = self.ctl(args);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "ctl {args:?} failed ({:?}): {text}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        text
    }

    fn status(&self) -> Value {
        serde_json::from_str(&self.ctl_ok(&["status", "--json"])).expect("status is JSON")
    }

    /// Waits until the status satisfies `ok` (the service acts on its own).
    fn status_until(&self, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let status = self.status();
            if ok(&status) {
                return status;
            }
            assert!(Instant::now() < deadline, "never {what}: {status}");
            sleep(Duration::from_millis(100));
        }
    }

    fn games_dir(&self) -> PathBuf {
        self.home.join(".local/share/rochade/games")
    }
}

/// The running service; killed with SIGKILL when dropped.
struct Service {
    child: Option<Child>,
}

impl Service {
    /// SIGKILL, as a crash or the OOM killer: nothing is written on the way out.
    fn kill(&mut self) -> String {
        let mut child = self.child.take().expect("a running service");
        child.kill().expect("SIGKILL");
        let out = child.wait_with_output().expect("the service ends");
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

fn moves(status: &Value) -> Vec<String> {
    status["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("SAN").to_string())
        .collect()
}

fn journal_moves(path: &Path) -> Vec<String> {
    rochade::session::record_of_journal(path)
        .expect("the journal reads")
        .moves
        .iter()
        .map(|m| m.san.clone())
        .collect()
}

#[test]
fn a_game_played_through_ctl_survives_a_kill_of_the_service() {
    let desktop = Desktop::new();
    let mut service = desktop.start_service(&[]);
    let idle = desktop.status();
    assert_eq!(idle["state"], "idle", "{idle}");
    assert!(
        idle["last_said"]
            .as_str()
            .is_some_and(|s| s.contains("Neue Partie")),
        "the player hears how to start a game: {idle}"
    );

    desktop.ctl_ok(&["new-game", "--player", "white", "--time-control", "5400+30"]);
    let said = desktop.ctl_ok(&["input", "e4"]);
    assert!(said.contains("An Sie: Eva vier?"), "read back: {said}");
    // Not made before the player confirms: the view never shows a read-back's move.
    assert_eq!(moves(&desktop.status()), Vec::<String>::new());
    let said = desktop.ctl_ok(&["input", "ja"]);
    assert!(said.contains("An den Gegner: Eva vier"), "{said}");
    let said = desktop.ctl_ok(&["opponent", "e5"]);
    assert!(said.contains("Gegner: Eva fünf"), "{said}");

    let status = desktop.status();
    assert_eq!(status["state"], "playing", "{status}");
    assert_eq!(moves(&status), ["e4", "e5"]);
    assert_eq!(
        status["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(status["to_move"], "white");
    assert_eq!(status["running"], "white");
    assert!(status["white_ms"].as_u64().is_some_and(|ms| ms > 5_000_000));
    assert!(status["black_ms"].as_u64().is_some_and(|ms| ms > 5_000_000));
    assert_eq!(status["question"], Value::Null);
    assert_eq!(status["last_said"], "Gegner: Eva fünf.");
    let journal = PathBuf::from(status["journal"].as_str().expect("the journal is named"));
    assert!(journal.starts_with(desktop.games_dir()), "{journal:?}");

    service.kill();
    let control = desktop.runtime.join("rochade/control.sock");
    assert!(
        control.exists(),
        "a killed service leaves its socket behind"
    );
    assert_eq!(
        desktop.ctl(&["status"]).status.code(),
        Some(2),
        "no service answers after the kill"
    );

    // Started again (as systemd's Restart=on-failure does): no command, the game resumes.
    let _service = desktop.start_service(&[]);
    let status = desktop.status_until("resumed", |s| s["state"] == "playing");
    assert_eq!(moves(&status), ["e4", "e5"]);
    assert_eq!(status["to_move"], "white");
    assert_eq!(status["journal"].as_str(), journal.to_str());

    let said = desktop.ctl_ok(&["input", "Springer", "f3"]);
    assert!(said.contains("Springer Felix drei?"), "{said}");
    desktop.ctl_ok(&["input", "ja"]);
    let status = desktop.status();
    assert_eq!(moves(&status), ["e4", "e5", "Nf3"]);
    assert_eq!(status["to_move"], "black");
    assert_eq!(status["running"], "black");
    assert_eq!(journal_moves(&journal), ["e4", "e5", "Nf3"]);
    let journals = std::fs::read_dir(desktop.games_dir())
        .expect("games dir")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "jsonl"))
        })
        .count();
    assert_eq!(journals, 1, "the resumed game goes on in its own journal");
}

#[test]
fn a_finished_game_is_not_resumed() {
    let desktop = Desktop::new();
    let mut service = desktop.start_service(&[]);
    desktop.ctl_ok(&["input", "Neue Partie"]);
    desktop.ctl_ok(&["input", "e4"]);
    desktop.ctl_ok(&["input", "ja"]);
    desktop.ctl_ok(&["input", "Aufgabe"]);
    desktop.ctl_ok(&["input", "ja"]);
    let status = desktop.status();
    assert_eq!(status["state"], "over", "{status}");
    assert_eq!(status["result"], "0-1");
    // The service's own words work again; the last game's view stays.
    let said = desktop.ctl_ok(&["input", "Hilfe"]);
    assert!(said.contains("Neue Partie"), "{said}");
    assert_eq!(moves(&desktop.status()), ["e4"]);

    service.kill();
    let _service = desktop.start_service(&[]);
    // Give it the time a resumption takes; it must stay idle.
    sleep(Duration::from_millis(1500));
    let status = desktop.status();
    assert_eq!(
        status["state"], "idle",
        "a finished game is not resumed: {status}"
    );
    assert_eq!(moves(&status), Vec::<String>::new());
    let refused = desktop.ctl(&["input", "Partie fortsetzen"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&refused.stdout).contains("beendet"),
        "{}",
        String::from_utf8_lossy(&refused.stdout)
    );
}

#[test]
fn a_damaged_journal_is_said_and_resumed_only_on_yes() {
    let desktop = Desktop::new();
    let mut service = desktop.start_service(&[]);
    desktop.ctl_ok(&["new-game", "--time-control", "-"]);
    for line in [["input", "e4"], ["input", "ja"], ["opponent", "e5"]] {
        desktop.ctl_ok(&line);
    }
    desktop.ctl_ok(&["input", "d4"]);
    desktop.ctl_ok(&["input", "ja"]);
    let journal = PathBuf::from(desktop.status()["journal"].as_str().expect("journal"));
    service.kill();
    // A line in the middle changed: its checksum no longer matches.
    let text = std::fs::read_to_string(&journal).expect("journal");
    let changed = text.replacen("\"e5\"", "\"d5\"", 1);
    assert_ne!(changed, text, "the opponent's e5 is in the journal");
    std::fs::write(&journal, changed).expect("write");

    let _service = desktop.start_service(&[]);
    sleep(Duration::from_millis(1000));
    let status = desktop.status();
    assert_eq!(status["state"], "idle", "not resumed silently: {status}");
    let said = status["last_said"].as_str().expect("said").to_string();
    assert!(said.contains("Prüfsumme"), "the damage is said: {said}");
    // The player (or the arbiter) agrees: from the last good line.
    desktop.ctl_ok(&["input", "ja"]);
    let status = desktop.status();
    assert_eq!(status["state"], "playing", "{status}");
    assert_eq!(
        moves(&status),
        ["e4"],
        "what follows the damage is not used"
    );
}

#[test]
fn ctl_without_a_service_says_so_and_fails() {
    let desktop = Desktop::new();
    let out = desktop.ctl(&["status", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "no status is made up");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Kein Rochade-Dienst") && err.contains("control.sock"),
        "{err}"
    );
    let out = desktop
        .rochade()
        .args(["ctl", "input", "e4"])
        .env_remove("XDG_RUNTIME_DIR")
        .output()
        .expect("ctl");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("XDG_RUNTIME_DIR"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_second_service_is_refused_and_the_first_goes_on() {
    let desktop = Desktop::new();
    let _service = desktop.start_service(&[]);
    let second = desktop
        .rochade()
        .args(["service", "--no-voice", "--speech", "off"])
        .stdin(Stdio::null())
        .output()
        .expect("a second service runs");
    assert!(!second.status.success());
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(err.contains("läuft schon"), "{err}");
    let socket = desktop.runtime.join("rochade/control.sock");
    let mode = std::os::unix::fs::PermissionsExt::mode(
        &std::fs::metadata(&socket).expect("socket").permissions(),
    );
    assert_eq!(mode & 0o777, 0o600, "only the user reaches the socket");
    let dir_mode = std::os::unix::fs::PermissionsExt::mode(
        &std::fs::metadata(socket.parent().expect("dir"))
            .expect("dir")
            .permissions(),
    );
    assert_eq!(dir_mode & 0o777, 0o700);
    assert_eq!(desktop.status()["state"], "idle", "the first still answers");
    // stop --service ends it for good, and takes its socket.
    desktop.ctl_ok(&["stop", "--service"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while socket.exists() {
        assert!(Instant::now() < deadline, "the socket stays");
        sleep(Duration::from_millis(50));
    }
}

#[test]
fn without_a_microphone_the_service_logs_it_and_answers() {
    let desktop = Desktop::new();
    // No sound server at all: the microphone cannot open.
    let mut child = desktop
        .voice_service("unix:/nonexistent/pulse")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rochade service starts");
    let (tx, log) = std::sync::mpsc::channel();
    let stderr = child.stderr.take().expect("stderr");
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    let warning = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match log.recv_timeout(left) {
            Ok(line) if line.starts_with("warning: Kein Mikrofon") => break line,
            Ok(line) => seen.push(line),
            Err(_) => panic!("no warning about the microphone in the log: {seen:?}"),
        }
    };
    assert!(
        warning.contains("Neuer Versuch in dreißig Sekunden"),
        "the log says when it tries again: {warning}"
    );
    assert!(
        seen.iter().all(|l| l.starts_with("info: ")),
        "plain lines with a level word: {seen:?}"
    );
    // It answers all the while.
    let said = desktop.ctl_ok(&["input", "Hilfe"]);
    assert!(said.contains("Neue Partie"), "{said}");
    // The push-to-talk key has nothing to press without a microphone.
    assert_eq!(desktop.ctl(&["push-to-talk"]).status.code(), Some(1));
    desktop.ctl_ok(&["stop", "--service"]);
    let status = child.wait().expect("the service ends");
    assert!(status.success(), "{status:?}");
}

/// "Stimme lernen" between games starts the reading session with the microphone the service
/// gives up for it (`rochade models read`); `ctl input` types into it, "fertig" ends it, and
/// the service listens for its own words again. Without a sound server the session says that
/// it has no microphone, and the service is ready again all the same.
#[test]
fn the_player_learns_his_voice_between_games_by_saying_so() {
    let desktop = Desktop::new();
    let audio = std::env::var_os("ROCHADE_AUDIO_TESTS").is_some_and(|v| v == "1");
    // the desktop's own runtime folder has no sound server: the sandbox's, or none at all
    let sound = match std::env::var("XDG_RUNTIME_DIR") {
        Ok(sandbox) if audio => format!("unix:{sandbox}/pulse/native"),
        _ => "unix:/nonexistent/pulse".to_string(),
    };
    let (_service, lines) = Desktop::printing(&mut desktop.voice_service(&sound));
    let deadline = Instant::now() + Duration::from_secs(30);
    while desktop.ctl(&["status", "--json"]).status.code() == Some(2) {
        assert!(Instant::now() < deadline, "the service never answered");
        sleep(Duration::from_millis(50));
    }
    let mut seen = Vec::new();
    // with the installed model only, the first "ready" offers the session
    let ready = process_support::wait_for(&lines, &mut seen, Duration::from_secs(30), |l| {
        l.starts_with("An Sie: Rochade ist bereit")
    })
    .expect("the service says it is ready");
    assert!(
        ready.contains("sagen Sie vorher: Stimme lernen"),
        "the session is offered: {ready}"
    );
    let help = desktop.ctl_ok(&["input", "Hilfe"]);
    assert!(help.contains("Stimme lernen"), "the help names it: {help}");
    desktop.ctl_ok(&["input", "Stimme lernen"]);
    let mut printed = |start: &str| {
        let want = format!("An Sie: {start}");
        process_support::wait_for(&lines, &mut seen, Duration::from_secs(30), |l| {
            l.starts_with(&want)
        })
        .unwrap_or_else(|| panic!("never printed {start:?}"))
    };
    if audio {
        printed("Zeile eins: ");
        // a new game waits until the session is over
        let refused = desktop.ctl(&["new-game"]);
        assert_eq!(refused.status.code(), Some(1), "{refused:?}");
        assert!(
            String::from_utf8_lossy(&refused.stdout).contains("Sagen Sie zuerst fertig"),
            "{refused:?}"
        );
        desktop.ctl_ok(&["input", "fertig"]);
        printed("Keine Zeile ist aufgenommen");
    } else {
        printed("Ohne Mikrofon kann Rochade Ihre Stimme nicht lernen");
    }
    let again = printed("Rochade ist bereit");
    assert!(
        !again.contains("Stimme lernen"),
        "offered once a run: {again}"
    );
    let status = desktop.status();
    assert_eq!(status["state"], "idle", "{status}");
    let recordings = desktop
        .home
        .join(".local/share/rochade/models/recordings-de");
    let kept = std::fs::read_dir(&recordings).map_or(0, |d| d.count());
    assert_eq!(kept, 0, "nothing was read, nothing is kept");
    desktop.ctl_ok(&["input", "Einstellungen"]);
    desktop.ctl_ok(&["stop", "--service"]);

    // a service that hears no microphone says why it cannot learn a voice
    let quiet = Desktop::new();
    let _service = quiet.start_service(&[]);
    let said = quiet.ctl_ok(&["input", "Stimme lernen"]);
    assert!(said.contains("Der Dienst hört kein Mikrofon"), "{said}");
    assert_eq!(quiet.status()["state"], "idle");
}

/// Once the player's voice has been learnt (a model adapted to it in the models directory),
/// "ready" no longer offers the reading session.
#[test]
fn a_learnt_voice_is_not_offered_the_reading_session_again() {
    let desktop = Desktop::new();
    let models = desktop.home.join(".local/share/rochade/models");
    std::fs::create_dir_all(&models).expect("models dir");
    // a complete model where the adapted one is looked for: the installed one
    std::os::unix::fs::symlink(
        "/usr/share/pocketsphinx/model/en-us/en-us",
        models.join("pocketsphinx-de-adapted"),
    )
    .expect("symlink");
    let (_service, lines) = Desktop::printing(
        desktop
            .voice_service("unix:/nonexistent/pulse")
            .env_remove("ROCHADE_MODELS_DIR")
            .env_remove("ROCHADE_POCKETSPHINX_MODEL")
            .env_remove("ROCHADE_POCKETSPHINX_MODEL_DE"),
    );
    let mut seen = Vec::new();
    let ready = process_support::wait_for(&lines, &mut seen, Duration::from_secs(30), |l| {
        l.starts_with("An Sie: Rochade ist bereit")
    })
    .unwrap_or_else(|| panic!("never ready: {seen:#?}"));
    assert_eq!(
        ready, "An Sie: Rochade ist bereit. Für eine neue Partie sagen Sie: Neue Partie.",
        "no offer once the voice is learnt"
    );
    desktop.ctl_ok(&["stop", "--service"]);
}

/// The service serves the opponent's page of its game when `--web` is among the play
/// options (issue 16 item 1): the page's state is the game `ctl` plays, and a move entered on
/// the page is made in it, the same game and journal.
#[test]
fn the_service_serves_the_opponents_page_of_its_game() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let addr = format!("127.0.0.1:{port}");
    let desktop = Desktop::new();
    let _service = desktop.start_service(&["--web", &addr]);
    desktop.ctl_ok(&["new-game", "--player", "white"]);
    desktop.ctl_ok(&["input", "e4"]);
    desktop.ctl_ok(&["input", "ja"]);
    let state_url = format!("http://{addr}/api/state");
    let state = web_support::wait_state(&state_url, |s| s["history"] == json!(["e4"]));
    assert_eq!(state["fen"], desktop.status()["fen"], "{state}");
    let (code, answer) = web_support::post(
        &format!("http://{addr}/api/opponent-move"),
        &json!({"san": "e5"}),
    );
    assert_eq!(code, 200, "{answer}");
    let status = desktop.status_until("e5 made from the page", |s| moves(s) == ["e4", "e5"]);
    assert_eq!(status["last_said"], "Gegner: Eva fünf.", "{status}");
    let (code, answer) = web_support::post(
        &format!("http://{addr}/api/opponent-move"),
        &json!({"san": "Ke7"}),
    );
    assert_eq!(code, 422, "not the opponent's turn: {answer}");
    assert_eq!(moves(&desktop.status()), ["e4", "e5"]);
}

/// The service's games take the settings file as `play` does (issue 15 item 5): what neither
/// the service's nor the client's options give comes from `~/.config/rochade/config.toml`.
#[test]
fn the_services_games_take_the_settings_file() {
    let desktop = Desktop::new();
    let config = desktop.home.join(".config/rochade");
    std::fs::create_dir_all(&config).expect("config folder");
    std::fs::write(config.join("config.toml"), "lang = \"en\"\n").expect("settings file");
    let _service = desktop.start_service(&[]);
    desktop.ctl_ok(&["new-game", "--player", "white"]);
    let status = desktop.status();
    assert_eq!(status["lang"], "en", "{status}");
    let said = desktop.ctl_ok(&["input", "e4"]);
    assert!(said.contains("Eva four?"), "an English game: {said}");
}
