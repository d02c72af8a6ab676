//! `rochade play` when its journal cannot be written any more, through the real binary: on a
//! full disk (a small tmpfs) and on a disk that turns read-only in the middle of the game (an
//! ext4 image that remounts itself read-only on an error, as a failing disk does). The move
//! that could not be journaled is not made, the clocks stop, the player hears it and the
//! arbiter is called; on the full disk the game goes on once there is room again.
//!
//! Mounting needs root (CI runs as root); as another user these tests say so and pass.
#[path = "process_support/mod.rs"]
mod support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use support::{Mounted, is_root, run, send_line, spawn_merged, tmpfs, wait_for};

const FAILED: &str = "An Sie: Das Spielprotokoll kann nicht mehr geschrieben werden: die Uhren sind angehalten, bitte den Schiedsrichter rufen.";
const NOT_DONE: &str = "An Sie: Nicht ausgeführt: das Spielprotokoll kann nicht geschrieben werden. Die Uhren sind angehalten, bitte den Schiedsrichter rufen.";

/// An ext4 image on a loop device that remounts itself read-only on an error; its loop
/// device's name (for `/sys/fs/ext4/NAME/trigger_fs_error`).
fn ext4(image_dir: &Path) -> (Mounted, String) {
    let image = image_dir.join("disk.img");
    std::fs::File::create(&image)
        .and_then(|f| f.set_len(8 << 20))
        .expect("image file");
    let image = image.to_string_lossy().into_owned();
    run("mkfs.ext4", &["-q", "-F", &image]);
    let dir = tempfile::tempdir().expect("tempdir");
    let target = dir.path().to_string_lossy().into_owned();
    run("mount", &["-o", "loop,errors=remount-ro", &image, &target]);
    let mounted = Mounted { dir };
    let out = Command::new("findmnt")
        .args(["-n", "-o", "SOURCE"])
        .arg(mounted.path())
        .output()
        .expect("findmnt");
    let source = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let name = source.rsplit('/').next().unwrap_or_default().to_string();
    assert!(name.starts_with("loop"), "mounted from {source:?}");
    (mounted, name)
}

fn play(journal: &Path) -> (Child, Receiver<String>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rochade"));
    command
        .args(["play", "--speech", "off", "--time-control", "300+0"])
        .args(["--confirm-ms", "0", "--journal"])
        .arg(journal);
    spawn_merged(command)
}

struct Game {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Game {
    fn send(&mut self, line: &str) {
        send_line(&mut self.child, line).expect("the game takes a line");
    }

    /// Waits for a line that matches `want` (`*` stands for any text).
    fn expect(&mut self, want: &str, within: Duration) -> String {
        let matches = |line: &str| support::glob(want, line);
        wait_for(&self.lines, &mut self.seen, within, matches)
            .unwrap_or_else(|| panic!("no line {want:?} in:\n{}", self.seen.join("\n")))
    }

    fn said(&self, line: &str) -> bool {
        self.seen.iter().any(|l| l == line)
    }

    fn end(mut self) -> Vec<String> {
        self.send("ende");
        let status = self.child.wait().expect("play ends");
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(2)) {
            self.seen.push(line);
        }
        assert!(status.success(), "{}", self.seen.join("\n"));
        self.seen
    }
}

/// The game to 1. e4 e5, with the player's read-back of Nf3 waiting for "ja".
fn start(journal: &Path) -> Game {
    let (child, lines) = play(journal);
    let mut game = Game {
        child,
        lines,
        seen: Vec::new(),
    };
    game.expect("Rochade Partie:*", Duration::from_secs(20));
    game.send("Eva vier");
    game.expect("An Sie: Eva vier?", Duration::from_secs(5));
    game.send("ja");
    game.expect("An den Gegner: Eva vier", Duration::from_secs(5));
    game.send("e5");
    game.expect("An Sie: Gegner: Eva fünf.", Duration::from_secs(5));
    game
}

fn journal_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("the journal reads")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Fills a file system to the last byte.
fn fill(dir: &Path) -> PathBuf {
    use std::io::Write;
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).expect("filler");
    let block = vec![0u8; 4096];
    while file.write_all(&block).is_ok() {}
    // Byte by byte into the last partial block.
    while file.write_all(&[0]).is_ok() {}
    let _ = file.sync_all();
    path
}

#[test]
fn a_full_disk_stops_the_game_and_it_goes_on_when_there_is_room_again() {
    if !is_root() {
        eprintln!("SKIPPED: mounting a small tmpfs needs root (CI runs as root)");
        return;
    }
    let disk = tmpfs(256);
    let journal = disk.path().join("game.jsonl");
    let mut game = start(&journal);
    let filler = fill(disk.path());
    game.send("Springer Felix drei");
    game.expect("An Sie: Springer Felix drei?", Duration::from_secs(5));
    // The journal's last page still has room for a few lines: time requests fill it.
    let mut failed = false;
    for _ in 0..200 {
        game.send("zeit");
        if wait_for(&game.lines, &mut game.seen, Duration::from_secs(5), |l| {
            l == FAILED || l.starts_with("An Sie: Sie: ")
        })
        .is_some_and(|l| l == FAILED)
        {
            failed = true;
            break;
        }
    }
    assert!(
        failed,
        "the journal never failed:\n{}",
        game.seen.join("\n")
    );
    let arbiter = game.expect(
        "An den Schiedsrichter: Das Spielprotokoll kann nicht geschrieben werden: the disk is full*",
        Duration::from_secs(2),
    );
    assert!(arbiter.contains("Weiß 4:"), "{arbiter}");
    assert!(game.said("An den Gegner: Die Uhren sind angehalten."));
    let before = journal_lines(&journal);
    // The move is not made, and nothing more is journaled while the disk is full.
    game.send("ja");
    game.expect(NOT_DONE, Duration::from_secs(5));
    assert!(!game.said("An den Gegner: Springer Felix drei"));
    assert_eq!(journal_lines(&journal), before);

    // Room again: within the next try (every 5 s) the game goes on, the clocks stopped, and
    // the read-back is said again (the player could not correct it while the disk was full).
    std::fs::remove_file(&filler).expect("make room");
    game.expect(
        "An Sie: Das Spielprotokoll wird wieder geschrieben. Die Uhren stehen, bis der Schiedsrichter sie startet.",
        Duration::from_secs(10),
    );
    game.expect(
        "An Sie: Partie fortgesetzt nach Zug 1, Sie sind am Zug, die Uhren stehen.",
        Duration::from_secs(2),
    );
    game.expect("An Sie: Springer Felix drei?", Duration::from_secs(2));
    // The clocks stand: two readings a second apart agree.
    game.send("zeit");
    let first = game.expect("An Sie: Sie: *", Duration::from_secs(5));
    std::thread::sleep(Duration::from_millis(1100));
    game.send("zeit");
    let second = game.expect("An Sie: Sie: *", Duration::from_secs(5));
    assert_eq!(first, second);
    game.send("ja");
    game.expect("An den Gegner: Springer Felix drei", Duration::from_secs(5));
    game.send("!weiter");
    game.expect("An Sie: Die Uhr läuft wieder.", Duration::from_secs(5));
    game.end();

    // The journal holds the stop, dated at the failure, and replays to the same game.
    let lines = journal_lines(&journal);
    let pause = lines
        .iter()
        .position(|l| l.contains("\"arbiter\":\"pause\""))
        .expect("the stop is journaled");
    assert!(lines[pause + 1].contains("\"resumed\":true"), "{lines:#?}");
    let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["scoresheet", "--format", "pgn"])
        .arg(&journal)
        .output()
        .expect("scoresheet runs");
    let pgn = String::from_utf8_lossy(&out.stdout);
    assert!(pgn.contains("1. e4") && pgn.contains("2. Nf3"), "{pgn}");
}

#[test]
fn a_disk_that_turns_read_only_mid_game_stops_it_without_the_move() {
    if !is_root() {
        eprintln!("SKIPPED: mounting an ext4 image needs root (CI runs as root)");
        return;
    }
    let images = tempfile::tempdir().expect("tempdir");
    let (disk, device) = ext4(images.path());
    let journal = disk.path().join("game.jsonl");
    let mut game = start(&journal);
    let before = journal_lines(&journal);
    // The disk fails: ext4 remounts itself read-only (errors=remount-ro).
    std::fs::write(format!("/sys/fs/ext4/{device}/trigger_fs_error"), "1")
        .expect("trigger an ext4 error");
    game.send("Springer Felix drei");
    game.expect(FAILED, Duration::from_secs(5));
    let arbiter = game.expect("An den Schiedsrichter: *", Duration::from_secs(2));
    assert!(arbiter.contains("Read-only file system"), "{arbiter}");
    // The read-back was never said: the move cannot be confirmed, and stays unmade.
    assert!(!game.said("An Sie: Springer Felix drei?"));
    game.send("ja");
    game.expect(NOT_DONE, Duration::from_secs(5));
    // Every input is answered, none carried out; the program keeps running.
    game.send("zeit");
    game.expect(NOT_DONE, Duration::from_secs(5));
    let seen = game.end();
    assert!(
        !seen
            .iter()
            .any(|l| l == "An den Gegner: Springer Felix drei"),
        "{}",
        seen.join("\n")
    );
    assert_eq!(journal_lines(&journal), before);
}
