//! Living beside the screen reader (issue 15 item 4): `play` speaks through a real
//! speech-dispatcher, started here privately with its most detailed log, and the log shows
//! what the daemon received: Rochade's own client name (`USER:rochade:main`), each message
//! with the priority of what it is about (a read-back "message", the help "text", the arbiter
//! called "important"), and the volume set by "leiser" before its confirmation is said. Runs
//! in the audio sandbox (scripts/test.sh), where speech-dispatcher has a sound server.
#[path = "voice_support/mod.rs"]
mod support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A speech-dispatcher of this test: its socket and log folder.
struct Daemon {
    child: Child,
    socket: PathBuf,
    log: PathBuf,
}

impl Drop for Daemon {
    fn drop(&mut self) {
        // It can ignore SIGTERM once its sound server is gone.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_daemon(dir: &Path) -> Daemon {
    let socket = dir.join("speechd.sock");
    let log = dir.join("log");
    std::fs::create_dir_all(&log).expect("log dir");
    let child = Command::new("speech-dispatcher")
        .args(["--run-single", "--log-level", "5", "--timeout", "120"])
        .arg("--log-dir")
        .arg(&log)
        .arg("--socket-path")
        .arg(&socket)
        .arg("--pid-file")
        .arg(dir.join("speechd.pid"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("speech-dispatcher starts (scripts/setup.sh installs it)");
    let started = Instant::now();
    while !socket.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "speech-dispatcher made no socket"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Daemon { child, socket, log }
}

fn daemon_log(daemon: &Daemon) -> String {
    std::fs::read_to_string(daemon.log.join("speech-dispatcher.log")).unwrap_or_default()
}

/// Waits until the daemon's log has every one of `wanted`, or 60 s have passed.
fn wait_for_log(daemon: &Daemon, wanted: &[&str]) -> String {
    let started = Instant::now();
    loop {
        let log = daemon_log(daemon);
        if wanted.iter().all(|w| log.contains(w)) || started.elapsed() > Duration::from_secs(60) {
            return log;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn play_speaks_as_its_own_client_with_the_priority_of_each_message() {
    if !support::audio_tests_enabled() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let daemon = start_daemon(dir.path());
    let mut play = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args([
            "play",
            "--speech",
            "speech-dispatcher",
            "--time-control",
            "300+2",
        ])
        .arg("--games-dir")
        .arg(dir.path().join("games"))
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .env("USER", "player")
        .env(
            "SPEECHD_ADDRESS",
            format!("unix_socket:{}", daemon.socket.display()),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("play starts");
    let stdin = play.stdin.as_mut().expect("stdin");
    for line in ["Hilfe", "leiser", "Springer Felix drei", "Schiedsrichter"] {
        writeln!(stdin, "{line}").expect("typed");
        std::thread::sleep(Duration::from_millis(300));
    }
    let arbiter = "Queueing message |Die Uhren sind angehalten. Bitte den Schiedsrichter rufen.| with priority 1";
    let read_back = "Queueing message |Springer Felix drei?| with priority 2";
    let leiser = "Queueing message |Leiser.| with priority 2";
    let log = wait_for_log(&daemon, &[arbiter, read_back, leiser]);
    writeln!(stdin, "Ende").expect("typed");
    let out = play.wait_with_output().expect("play ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");

    assert!(
        log.contains("SET SELF CLIENT_NAME \"player:rochade:main\""),
        "no client name in the daemon's log:\n{log}"
    );
    assert!(log.contains(read_back), "the read-back:\n{log}");
    assert!(log.contains(arbiter), "the arbiter called:\n{log}");
    // The help is a text (priority 3): a screen reader's message may cut it short.
    let help = log
        .lines()
        .find(|l| l.contains("Queueing message |Sie sind am Zug"))
        .unwrap_or_else(|| panic!("no help in:\n{log}"));
    assert!(help.ends_with("with priority 3"), "{help}");
    // "leiser": the volume goes to 90 % (speech-dispatcher's 80) before "Leiser." is said.
    let volume_at = log
        .find("SET SELF VOLUME 80")
        .unwrap_or_else(|| panic!("no volume set:\n{log}"));
    let leiser_at = log.find(leiser).expect("Leiser. was queued");
    assert!(volume_at < leiser_at, "the volume was set after:\n{log}");
    assert!(stdout.contains("An Sie: Leiser."), "{stdout}");
}
