//! The braille display end to end, with a real BRLTTY and no hardware: BRLTTY (Debian
//! package `brltty`) runs as a child with its Virtual braille driver (`-b vr`), which speaks a
//! text protocol on a Unix socket to "the display"; this test is that display. It says how
//! many cells it has, and BRLTTY sends it every change of the cells as a `Braille "1|12|…"`
//! line. BRLTTY's BrlAPI server listens on a private socket with no authorization
//! (`-A host=:N,auth=none`), no screen driver, no speech. So what Rochade shows is checked in
//! the very dots a display would raise.
#![cfg(feature = "braille-display")]

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use rochade::clock::ClockReading;
use rochade::display::{
    BrailleDisplay, DisplayError, DisplaySettings, display_line, display_line_unicode, line_dots,
};
use rochade::scoresheet::{Letters, Record};
use shakmaty::Color;

static NEXT_HOST: AtomicU32 = AtomicU32::new(0);

/// A BrlAPI socket number of this test process alone.
fn private_host() -> String {
    let n = NEXT_HOST.fetch_add(1, Ordering::Relaxed);
    format!(":{}", 20_000 + (std::process::id() % 4_000) * 10 + n % 10)
}

/// A BRLTTY child with its Virtual driver waiting for a display on a socket.
struct Brltty {
    child: Child,
    stopped: bool,
    host: String,
    dir: tempfile::TempDir,
}

impl Brltty {
    fn start(driver: &str) -> Brltty {
        let dir = tempfile::tempdir().unwrap();
        let host = private_host();
        let socket = dir.path().join("vr.sock");
        let log = std::fs::File::create(dir.path().join("brltty.log")).unwrap();
        let mut command = Command::new("brltty");
        command
            .args(["-n", "-e", "-q", "-f", "/dev/null", "-F", "/dev/null"])
            .arg("-P")
            .arg(dir.path().join("pid"))
            .arg("-U")
            .arg(dir.path())
            .arg("-W")
            .arg(dir.path())
            .args(["-b", driver, "-x", "no", "-s", "no", "-l", "debug,server"])
            .arg(format!("--api-parameters=host={host},auth=none"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log);
        if driver == "vr" {
            command
                .arg("-d")
                .arg(format!("server:{}", socket.display()));
        }
        let child = command
            .spawn()
            .expect("brltty must be installed for the braille-display tests (scripts/setup.sh)");
        Brltty {
            child,
            stopped: false,
            host,
            dir,
        }
    }

    fn settings(&self, hold: Duration) -> DisplaySettings {
        DisplaySettings {
            host: Some(self.host.clone()),
            hold,
            timeout: Duration::from_secs(2),
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("brltty.log")).unwrap_or_default()
    }

    /// Connects as the display with `cells` cells.
    fn attach_display(&self, cells: usize) -> VirtualDisplay {
        let socket = self.dir.path().join("vr.sock");
        wait_until(Duration::from_secs(10), || socket.exists());
        VirtualDisplay::connect(&socket, cells)
    }

    /// Connects Rochade, retrying while BRLTTY is still starting.
    fn connect(&self, hold: Duration) -> BrailleDisplay {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match BrailleDisplay::connect_with(&self.settings(hold)) {
                Ok(display) => return display,
                Err(e) if Instant::now() < deadline => {
                    eprintln!("waiting for BRLTTY: {e}");
                    std::thread::sleep(Duration::from_millis(100));
                }
                Err(e) => panic!("could not connect: {e}\n{}", self.log()),
            }
        }
    }

    /// Stops BRLTTY with SIGTERM (so it removes its sockets) and waits for it.
    fn stop(&mut self) {
        if std::mem::replace(&mut self.stopped, true) {
            return;
        }
        // A signal of our own, not the `kill` program: a fresh Debian has no procps.
        if let Ok(pid) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill(2) with our own child's pid and a valid signal number.
            unsafe { libc::kill(pid, libc::SIGTERM) };
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Brltty {
    fn drop(&mut self) {
        self.stop();
    }
}

fn wait_until(limit: Duration, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !ready() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The display end of BRLTTY's Virtual driver.
struct VirtualDisplay {
    stream: UnixStream,
    cells: Receiver<Vec<u8>>,
}

impl VirtualDisplay {
    fn connect(socket: &Path, cells: usize) -> VirtualDisplay {
        let mut stream = UnixStream::connect(socket).unwrap();
        writeln!(stream, "cells {cells}").unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { break };
                if let Some(dots) = parse_braille(&line)
                    && tx.send(dots).is_err()
                {
                    break;
                }
            }
        });
        VirtualDisplay { stream, cells: rx }
    }

    /// Sends a command as if a key of the display was pressed.
    fn press(&mut self, command: &str) {
        writeln!(self.stream, "{command}").unwrap();
    }

    /// The next cells BRLTTY sends.
    fn next_cells(&self, limit: Duration) -> Option<Vec<u8>> {
        self.cells.recv_timeout(limit).ok()
    }

    /// Waits for the cells to become `want`; the cells seen otherwise.
    fn wait_for(&self, want: &[u8], limit: Duration) -> Result<(), Vec<Vec<u8>>> {
        self.wait_until(limit, |cells| cells == want)
    }

    fn wait_until(
        &self,
        limit: Duration,
        mut pred: impl FnMut(&[u8]) -> bool,
    ) -> Result<(), Vec<Vec<u8>>> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.cells.recv_timeout(left) {
                Ok(cells) => {
                    if pred(&cells) {
                        return Ok(());
                    }
                    seen.push(cells);
                }
                Err(_) => break,
            }
        }
        Err(seen)
    }
}

/// `Braille "1|12| |…"` → dot bytes.
fn parse_braille(line: &str) -> Option<Vec<u8>> {
    let quoted = line.strip_prefix("Braille ")?.trim();
    let inner = quoted.strip_prefix('"')?.strip_suffix('"')?;
    Some(
        inner
            .split('|')
            .map(|cell| {
                cell.chars()
                    .filter_map(|d| d.to_digit(10))
                    .filter(|d| (1..=8).contains(d))
                    .fold(0u8, |dots, d| dots | 1 << (d - 1))
            })
            .collect(),
    )
}

/// A game of four moves and the clock after them, and the line for a display of `width`.
fn game_line(width: usize) -> (String, String) {
    let mut record = Record::default();
    for san in ["e4", "e5", "Nf3", "Nc6"] {
        record.push_san(san, None, None).unwrap();
    }
    let reading = ClockReading {
        white_ms: 5_345_000,
        black_ms: 3_520_000,
        running: Some(Color::White),
        paused: false,
        delay_left_ms: 0,
        untimed: false,
    };
    (
        display_line(&record, Some(&reading), Color::White, Letters::Bauk, width),
        display_line_unicode(&record, Some(&reading), Color::White, Letters::Bauk, width),
    )
}

#[test]
fn the_line_arrives_as_its_dots_and_the_screen_reader_gets_the_display_back() {
    let brltty = Brltty::start("vr");
    let mut braille = brltty.attach_display(40);
    // BRLTTY's own content first: its screen reading (here: "no screen").
    let screen = braille
        .next_cells(Duration::from_secs(10))
        .expect("BRLTTY draws");
    let mut display = brltty.connect(Duration::from_millis(300));
    assert_eq!(display.width(), 40);

    let (line, _) = game_line(display.width());
    assert_eq!(line, "2 -SC6 W 1:29:05 B 58:40");
    display.show(&line).unwrap();
    // The exact dots, padded with blank cells: ⠆ ⠤⠎⠉⠖ ⠺ ⠂⠱⠆⠔⠱⠴⠢ …
    let mut want = vec![
        0x06, 0, 0x24, 0x0E, 0x09, 0x16, 0, 0x3A, 0, 0x02, 0x31, 0x06, 0x14, 0x31, 0x34, 0x22,
    ];
    want.extend(line_dots(&line, 40).split_off(16));
    assert_eq!(line_dots(&line, 40), want);
    braille
        .wait_for(&want, Duration::from_secs(5))
        .unwrap_or_else(|seen| panic!("the line never came; seen {seen:?}\n{}", brltty.log()));

    // After the hold a key is BRLTTY's again: it moves its window and draws the screen.
    std::thread::sleep(Duration::from_millis(800));
    braille.press("LnDn");
    braille
        .wait_for(&screen, Duration::from_secs(5))
        .unwrap_or_else(|seen| panic!("BRLTTY did not draw again; seen {seen:?}"));
}

#[test]
fn a_key_gives_the_display_back_before_the_hold_ends() {
    let brltty = Brltty::start("vr");
    let mut braille = brltty.attach_display(40);
    let screen = braille
        .next_cells(Duration::from_secs(10))
        .expect("BRLTTY draws");
    let mut display = brltty.connect(Duration::from_secs(600));
    let (line, _) = game_line(40);
    display.show(&line).unwrap();
    braille
        .wait_for(&line_dots(&line, 40), Duration::from_secs(5))
        .unwrap();
    // The first key only dismisses the line; the next is the screen reader's. Were the
    // line still held, the display would stay Rochade's for ten minutes.
    braille.press("LnDn");
    std::thread::sleep(Duration::from_millis(500));
    braille.press("LnDn");
    braille
        .wait_for(&screen, Duration::from_secs(5))
        .unwrap_or_else(|seen| panic!("the display was not given back; seen {seen:?}"));
}

#[test]
fn a_new_line_replaces_the_held_one_and_unicode_lines_are_the_same_cells() {
    let brltty = Brltty::start("vr");
    let braille = brltty.attach_display(40);
    let mut display = brltty.connect(Duration::from_secs(600));
    let (line, unicode) = game_line(40);
    display.show("1 E4").unwrap();
    braille
        .wait_for(&line_dots("1 E4", 40), Duration::from_secs(5))
        .unwrap();
    display.show(&unicode).unwrap();
    braille
        .wait_for(&line_dots(&line, 40), Duration::from_secs(5))
        .unwrap_or_else(|seen| panic!("the new line never came; seen {seen:?}"));
}

#[test]
fn a_narrow_display_gets_a_line_of_its_width_and_a_resized_one_no_crash() {
    let brltty = Brltty::start("vr");
    let mut braille = brltty.attach_display(20);
    let mut display = brltty.connect(Duration::from_millis(300));
    assert_eq!(display.width(), 20);
    let (line, _) = game_line(display.width());
    assert_eq!(line, "2 -SC6 W 1:29:05");
    display.show(&line).unwrap();
    braille
        .wait_for(&line_dots(&line, 20), Duration::from_secs(5))
        .unwrap();
    // Between two lines the display is swapped for one of 12 cells while Rochade still
    // thinks 20: the next line is cut to what BRLTTY says now (BrlAPI would abort the
    // program on a write of the wrong size).
    std::thread::sleep(Duration::from_millis(800));
    braille.press("cells 12");
    std::thread::sleep(Duration::from_millis(300));
    let longer = "1 E4 E5 W 1:29:05 B 58:40";
    display.show(longer).unwrap();
    braille
        .wait_for(&line_dots(longer, 12), Duration::from_secs(5))
        .unwrap_or_else(|seen| panic!("seen {seen:?}\n{}", brltty.log()));
}

#[test]
fn brltty_without_a_braille_display_is_a_clear_error() {
    // The NoBraille driver, as BRLTTY runs while it has found no display.
    let brltty = Brltty::start("no");
    let deadline = Instant::now() + Duration::from_secs(10);
    let error = loop {
        match BrailleDisplay::connect_with(&brltty.settings(Duration::from_secs(1))) {
            Err(DisplayError::NoBrltty { .. }) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(error) => break error,
            Ok(_) => panic!("a BRLTTY without a display gave a display"),
        }
    };
    assert!(matches!(error, DisplayError::NoDisplay { .. }), "{error}");
    assert!(error.to_string().contains("BRLTTY runs"), "{error}");
}

#[test]
fn losing_brltty_is_an_error_on_show_never_a_crash() {
    let mut brltty = Brltty::start("vr");
    let braille = brltty.attach_display(40);
    let mut display = brltty.connect(Duration::from_millis(100));
    display.show("1 E4").unwrap();
    braille
        .wait_for(&line_dots("1 E4", 40), Duration::from_secs(5))
        .unwrap();
    brltty.stop();
    let error = display.show("1 E4 E5").unwrap_err();
    assert!(matches!(error, DisplayError::Lost { .. }), "{error}");
    // And it stays lost, with the same answer.
    assert_eq!(display.show("1 E4 E5").unwrap_err(), error);
}

#[test]
fn with_no_speech_output_play_shows_what_was_not_said_on_the_display() {
    let brltty = Brltty::start("vr");
    let braille = brltty.attach_display(40);
    // BRLTTY is up once it draws; then `play` connects as any BrlAPI client does.
    braille
        .next_cells(Duration::from_secs(10))
        .expect("BRLTTY draws");
    let games = tempfile::tempdir().unwrap();
    let mut play = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["play", "--braille-display", "--speech", "espeak"])
        .args(["--speech-voice", "xx-no-such-voice", "--games-dir"])
        .arg(games.path())
        .env("BRLAPI_HOST", &brltty.host)
        // no sound server: the alarm cannot sound, the display is the way to the player
        .env("PULSE_SERVER", "unix:/nonexistent/pulse")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = play.stdin.take().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    writeln!(stdin, "Eva vier").unwrap();
    let line = rochade::scoresheet::braille::literary("Sprache aus: Eva vier?");
    let want = line_dots(&line, 40);
    let shown = braille.wait_for(&want, Duration::from_secs(15));
    writeln!(stdin, "ende").unwrap();
    drop(stdin);
    let out = play.wait_with_output().unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    shown.unwrap_or_else(|seen| {
        panic!(
            "{line:?} never came; seen {seen:?}\n{printed}\n{}",
            brltty.log()
        )
    });
    assert!(printed.contains("An Sie: Eva vier?"), "{printed}");
}
