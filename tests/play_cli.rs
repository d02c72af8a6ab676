//! `rochade play` and `relay` as a user runs them: typed lines in, plain sentences out, the
//! journal and the scoresheet files on disk; a crash (SIGKILL) and `--resume`.
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::Duration;

fn rochade() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rochade"))
}

fn spawn_play(dir: &Path, extra: &[&str]) -> Child {
    rochade()
        .arg("play")
        .args(["--speech", "off"])
        .arg("--games-dir")
        .arg(dir)
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rochade play starts")
}

fn send(child: &mut Child, lines: &[&str]) {
    let stdin = child.stdin.as_mut().expect("stdin");
    for line in lines {
        writeln!(stdin, "{line}").expect("write a line");
        stdin.flush().expect("flush");
        // Each line is an event at its own time.
        sleep(Duration::from_millis(150));
    }
}

/// Waits until a journal in `dir` holds `needle` (a slow machine may still be starting the
/// program when the lines have been sent), at most 30 s.
fn wait_for_journal_with(dir: &Path, needle: &str) {
    for _ in 0..600 {
        let found = journals(dir)
            .iter()
            .any(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains(needle)));
        if found {
            return;
        }
        sleep(Duration::from_millis(50));
    }
    panic!("no journal in {} holds {needle}", dir.display());
}

/// The journals in `dir` (none while the program has not yet made the folder).
fn journals(dir: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect()
}

fn journal_in(dir: &Path) -> std::path::PathBuf {
    journals(dir)
        .into_iter()
        .next()
        .expect("a journal was written")
}

#[test]
fn a_game_is_read_back_made_announced_and_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = spawn_play(
        dir.path(),
        &["--time-control", "300+2", "--confirm-ms", "0"],
    );
    send(
        &mut child,
        &[
            "Springer Felix drei",
            "ja",
            "Sf6",
            "zeit",
            "Eva vier",
            "Korrektur",
            "d4",
            "ja",
            "ende",
        ],
    );
    let out = child.wait_with_output().expect("play ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    let pos = |needle: &str| {
        lines
            .iter()
            .position(|l| *l == needle)
            .unwrap_or_else(|| panic!("no line {needle:?} in:\n{text}"))
    };
    // Read back first, then made: announced to the opponent only after the "ja".
    assert!(pos("An Sie: Springer Felix drei?") < pos("An den Gegner: Springer Felix drei"));
    assert!(
        pos("An Sie: Gegner: Springer Felix sechs.") > pos("An den Gegner: Springer Felix drei")
    );
    assert!(
        lines.iter().any(|l| l.starts_with("An Sie: Sie: f")),
        "{text}"
    );
    assert!(pos("An Sie: Zurückgenommen. Ihr Zug?") > pos("An Sie: Eva vier?"));
    // "d4" typed in notation is read back in words.
    assert!(pos("An den Gegner: David vier") > pos("An Sie: David vier?"));
    assert!(!text.contains("An den Gegner: Eva vier"), "{text}");

    let journal = journal_in(dir.path());
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).expect("the PGN is written");
    assert!(pgn.contains("1. Nf3 {[%clk"), "{pgn}");
    assert!(pgn.contains("2. d4"), "{pgn}");
    assert!(!pgn.contains("e4"), "{pgn}");
    let brf = std::fs::read_to_string(journal.with_extension("brf")).expect("the BRF is written");
    assert!(brf.contains("1 SF3 SF6"), "{brf}");

    // The journal itself is a scoresheet source: rendered, and reconciled with the clocks.
    let out = rochade()
        .args(["scoresheet", "--format", "pgn"])
        .arg(&journal)
        .output()
        .expect("scoresheet runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout), pgn);
    let other = dir.path().join("other.txt");
    std::fs::write(&other, "1. Nf3 Nf6 2. c4").expect("write a sheet");
    let out = rochade()
        .arg("reconcile")
        .arg(&journal)
        .arg(&other)
        .arg("--journal")
        .arg(&journal)
        .arg("--json")
        .output()
        .expect("reconcile runs");
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("reconcile prints JSON");
    assert_eq!(report["agree"], false);
    assert_eq!(report["last_agreeing_ply"], 2);
    assert!(
        report["clocks"]["white_ms"]
            .as_u64()
            .is_some_and(|ms| (300_000..=304_000).contains(&ms)),
        "{report}"
    );
}

#[test]
fn a_crash_loses_nothing_and_resume_counts_the_time_down() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = spawn_play(
        dir.path(),
        &["--time-control", "600+0", "--confirm-ms", "0"],
    );
    send(&mut child, &["Eva vier", "ja", "e5", "Springer Felix drei"]);
    // The read-back of Nf3 waits for "ja"; the machine "crashes".
    wait_for_journal_with(dir.path(), r#""played":{"read_back":2,"uci":"g1f3"}"#);
    child.kill().expect("kill");
    let _ = child.wait();
    let journal = journal_in(dir.path());
    // A torn last line, as a crash in the middle of a write leaves it.
    {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&journal)
            .expect("journal opens");
        f.write_all(b"{\"at\": 99999, \"heard\": \"dam")
            .expect("torn write");
    }
    sleep(Duration::from_millis(1200));

    let mut child = rochade()
        .arg("play")
        .args(["--speech", "off"])
        .arg("--resume")
        .arg(&journal)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("resume starts");
    send(&mut child, &["ja", "zeit", "Sc6", "ende"]);
    let out = child.wait_with_output().expect("resume ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("Partie fortgesetzt"), "{text}");
    assert!(
        text.contains("Die letzte Zeile des Journals, Zeile 9, war unvollständig"),
        "the torn line is reported in words, with its number:\n{text}"
    );
    // The pending read-back survived the crash: "ja" makes Nf3.
    assert!(
        text.contains("An den Gegner: Springer Felix drei"),
        "{text}"
    );
    assert!(
        text.contains("An Sie: Gegner: Springer Cesar sechs."),
        "{text}"
    );
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).expect("PGN");
    assert!(
        pgn.contains("1. e4 {[%clk") && pgn.contains("2. Nf3"),
        "{pgn}"
    );
    // White's clock ran while the program was down: more than a second is gone from its 10 min.
    let clk = pgn
        .split("2. Nf3 {[%clk ")
        .nth(1)
        .and_then(|s| s.split(']').next())
        .expect("a clock comment after Nf3");
    assert!(clk < "0:09:59", "White's clock after Nf3 reads {clk}");
    // The torn bytes were kept aside, nothing lost.
    let torn: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().contains(".torn"))
        .collect();
    assert_eq!(torn.len(), 1, "one .torn file");
}

#[test]
fn relay_takes_both_sides_typed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = rochade()
        .args([
            "relay",
            "--confirm-ms",
            "0",
            "--time-control",
            "-",
            "--player",
            "black",
            "--games-dir",
        ])
        .arg(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("relay starts");
    send(
        &mut child,
        &["e4", "c5", "ja", "Nf3", "d6", "ja", "zeit", "ende"],
    );
    let out = child.wait_with_output().expect("relay ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("An Sie: Gegner: Eva vier."), "{text}");
    assert!(text.contains("An den Gegner: Cesar fünf"), "{text}");
    assert!(
        text.contains("An Sie: Gegner: Springer Felix drei."),
        "{text}"
    );
    assert!(text.contains("An den Gegner: David sechs"), "{text}");
    assert!(
        text.contains("Es ist keine Bedenkzeit eingestellt."),
        "{text}"
    );
}

#[test]
fn bad_settings_are_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = rochade()
        .args(["play", "--time-control", "40/abc", "--games-dir"])
        .arg(dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("moves/]seconds"),
        "the expected form is shown: {err}"
    );
    let out = rochade()
        .args(["play", "--fen", "not a fen", "--games-dir"])
        .arg(dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not usable"));
    assert!(
        std::fs::read_dir(dir.path())
            .map(|d| d.count())
            .unwrap_or(0)
            == 0,
        "nothing written"
    );
}

#[test]
fn without_a_braille_display_play_says_so_and_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = spawn_play(dir.path(), &["--braille-display", "--confirm-ms", "0"]);
    send(&mut child, &["Eva vier", "ja", "ende"]);
    let out = child.wait_with_output().expect("play ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    // The default build has no BrlAPI; a build with it finds no BRLTTY here. Either way the
    // reason is said once and the game goes on.
    assert!(
        text.contains("braille-display feature") || text.contains("BRLTTY"),
        "{text}"
    );
    assert!(text.contains("An den Gegner: Eva vier"), "{text}");
}

/// Issue 14 item 8: `90+30` is played as written (seconds) but warned about with the control
/// meant, the control is read back in words, a preset may leave out "fide-", and an unknown
/// preset name is refused with every preset listed.
#[test]
fn time_controls_are_read_back_warned_and_presets_listed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = spawn_play(
        dir.path(),
        &["--time-control", "90+30", "--confirm-ms", "0"],
    );
    send(&mut child, &["ende"]);
    let out = child.wait_with_output().expect("ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("90+30 bedeutet neunzig Sekunden, nicht Minuten") && text.contains("5400+30"),
        "{text}"
    );
    assert!(
        text.contains("Bedenkzeit: eine Minute, dreißig Sekunden, plus dreißig Sekunden pro Zug"),
        "{text}"
    );

    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = spawn_play(dir.path(), &["--time-control", "blitz"]);
    send(&mut child, &["ende"]);
    let out = child.wait_with_output().expect("ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Bedenkzeit: drei Minuten, plus zwei Sekunden pro Zug"),
        "{text}"
    );
    assert!(
        !text.contains("bedeutet"),
        "a preset is not warned about: {text}"
    );

    let out = rochade()
        .args(["play", "--time-control", "schnell", "--games-dir"])
        .arg(dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for preset in [
        "fide-classical",
        "fide-world",
        "fide-rapid-25",
        "fide-blitz-5",
    ] {
        assert!(err.contains(preset), "{preset} listed: {err}");
    }
    let help = rochade().args(["play", "--help"]).output().expect("runs");
    let help = String::from_utf8_lossy(&help.stdout);
    for preset in [
        "fide-classical-sd",
        "fide-world",
        "fide-rapid-25",
        "fide-blitz-5",
    ] {
        assert!(help.contains(preset), "{preset} in --help: {help}");
    }
}

/// Issue 14 items 7 and 9: with --start-on-signal nothing is played before the arbiter's
/// `!start`; the scoresheet is read from a named move; a finished game, resumed, says its
/// result.
#[test]
fn the_clock_starts_on_the_signal_and_a_finished_game_says_its_result() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut child = spawn_play(
        dir.path(),
        &[
            "--time-control",
            "300+2",
            "--confirm-ms",
            "0",
            "--start-on-signal",
        ],
    );
    send(
        &mut child,
        &[
            "Eva vier",
            "!start",
            "Eva vier",
            "ja",
            "e5",
            "Partieformular ab Zug eins",
            "Aufgabe",
            "ja",
            "ende",
        ],
    );
    let out = child.wait_with_output().expect("ends");
    let text = String::from_utf8_lossy(&out.stdout);
    let before = text
        .find("Die Partie hat noch nicht begonnen")
        .expect(&text);
    let begins = text.find("Die Partie beginnt, die Uhr läuft").expect(&text);
    let made = text.find("Ausgeführt").expect(&text);
    assert!(before < begins && begins < made, "{text}");
    assert!(text.contains("Zug eins: Eva vier, Eva fünf."), "{text}");

    let journal = journal_in(dir.path());
    let mut child = spawn_play(dir.path(), &["--resume", &journal.display().to_string()]);
    send(&mut child, &["ende"]);
    let out = child.wait_with_output().expect("ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Die Partie ist beendet: null zu eins für Schwarz"),
        "{text}"
    );
}
