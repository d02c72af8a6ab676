//! `--grammar FILE` (FIDE D.1: the arbiter's own vocabulary) in `replay`, `play` and a resumed
//! `play`: the game says and understands the file's words; the journal keeps them, so the game
//! resumes with them even when the file is gone.
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::Duration;

/// The German vocabulary with "Friedrich" first for the f-file and "Pferd" for the knight.
fn own_vocabulary(dir: &Path) -> std::path::PathBuf {
    let builtin = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammars/de.toml"))
        .expect("grammars/de.toml");
    let own = builtin
        .replace(
            r#"f = ["Felix", "Friedrich", "ef"]"#,
            r#"f = ["Friedrich", "Felix", "ef"]"#,
        )
        .replace(
            r#"knight = ["Springer"]"#,
            r#"knight = ["Pferd", "Springer"]"#,
        );
    assert_ne!(
        own, builtin,
        "the built-in vocabulary changed: adapt this test"
    );
    let path = dir.join("verein.toml");
    std::fs::write(&path, own).expect("write the vocabulary");
    path
}

fn play(dir: &Path, args: &[&str], lines: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args([
            "play",
            "--speech",
            "off",
            "--confirm-ms",
            "0",
            "--time-control",
            "-",
        ])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .current_dir(dir)
        .spawn()
        .expect("rochade play starts");
    {
        let stdin = child.stdin.as_mut().expect("stdin");
        for line in lines {
            writeln!(stdin, "{line}").expect("write a line");
            stdin.flush().expect("flush");
            sleep(Duration::from_millis(100));
        }
    }
    child.wait_with_output().expect("play ends")
}

#[test]
fn replay_uses_the_given_vocabulary() {
    let dir = tempfile::tempdir().expect("tempdir");
    let grammar = own_vocabulary(dir.path());
    let events = dir.path().join("events.jsonl");
    std::fs::write(
        &events,
        "{\"at\": 0, \"start\": {\"player\": \"white\", \"confirm_ms\": 0}}\n\
         {\"at\": 1000, \"heard\": \"pferd friedrich drei\"}\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .arg("replay")
        .arg(&events)
        .arg("--grammar")
        .arg(&grammar)
        .output()
        .expect("replay runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("\"text\":\"Pferd Friedrich drei?\""),
        "{text}"
    );
    // Without it, the same words are not understood.
    let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .arg("replay")
        .arg(&events)
        .output()
        .expect("replay runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("Pferd Friedrich drei?"), "{text}");
}

#[test]
fn a_bad_vocabulary_is_refused_before_the_game_starts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "language = \"de\"\n[files]\na = 3\n").unwrap();
    let out = play(
        dir.path(),
        &["--grammar", "bad.toml", "--games-dir", "games"],
        &[],
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.toml"), "{err}");
    assert!(
        !dir.path().join("games").exists()
            || std::fs::read_dir(dir.path().join("games"))
                .unwrap()
                .next()
                .is_none()
    );
}

#[test]
fn play_and_its_resumption_use_the_given_vocabulary() {
    let dir = tempfile::tempdir().expect("tempdir");
    let grammar = own_vocabulary(dir.path());
    let out = play(
        dir.path(),
        &[
            "--grammar",
            grammar.to_str().unwrap(),
            "--journal",
            "game.jsonl",
        ],
        &["Nf3", "ja", "ende"],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.lines().any(|l| l == "An Sie: Pferd Friedrich drei?"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l == "An den Gegner: Pferd Friedrich drei"),
        "{text}"
    );
    // The file is gone; the journal keeps the words.
    std::fs::remove_file(&grammar).unwrap();
    let out = play(dir.path(), &["--resume", "game.jsonl"], &["Sf6", "ende"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.lines()
            .any(|l| l == "An Sie: Gegner: Pferd Friedrich sechs."),
        "{text}"
    );
}
