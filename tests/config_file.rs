//! The settings file (`$XDG_CONFIG_HOME/rochade/config.toml`) as a user meets it, each test with
//! its own private XDG_CONFIG_HOME: `rochade config` says every setting and where it came from
//! (file with its line, command line, built in); the file's values reach a game (its journal's
//! start line); a bad file stops `play` with the file, line and key, and no game starts.
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn rochade(config_home: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_rochade"));
    c.env("XDG_CONFIG_HOME", config_home);
    c
}

fn write_config(config_home: &Path, text: &str) -> std::path::PathBuf {
    let dir = config_home.join("rochade");
    std::fs::create_dir_all(&dir).expect("config dir");
    let path = dir.join("config.toml");
    std::fs::write(&path, text).expect("write config");
    path
}

#[test]
fn config_says_each_setting_and_where_it_came_from() {
    let home = tempfile::tempdir().expect("tempdir");
    let path = write_config(
        home.path(),
        "# the player's settings\nlang = \"en\"\nconfirm_ms = 1500\nrate = 210\noutput_device = \"Headset\"\ndenoise = \"always\"\n",
    );
    let out = rochade(home.path())
        .args(["config", "--confirm-ms", "900"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("Settings from {}.", path.display()));
    for want in [
        "lang = en (from the file, line 2)",
        "confirm_ms = 900 (from the command line)",
        "rate = 210 (from the file, line 4)",
        "output_device = Headset (from the file, line 5)",
        "volume = 100 (built in)",
        "time_control = fide-classical (built in)",
        "input_device = not set (built in)",
        "denoise = always (from the file, line 6)",
    ] {
        assert!(lines.contains(&want), "no line {want:?} in:\n{text}");
    }

    // The same as JSON.
    let out = rochade(home.path())
        .args(["config", "--json"])
        .output()
        .expect("runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["found"], true);
    let rate = json["settings"]
        .as_array()
        .and_then(|s| s.iter().find(|e| e["name"] == "rate"))
        .expect("rate is listed");
    assert_eq!(
        rate,
        &serde_json::json!({"name": "rate", "value": "210", "source": "file", "line": 4})
    );
}

#[test]
fn without_a_file_the_defaults_are_said_in_german() {
    let home = tempfile::tempdir().expect("tempdir");
    let out = rochade(home.path()).arg("config").output().expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(&format!(
            "Keine Einstellungsdatei {}",
            home.path().join("rochade/config.toml").display()
        )),
        "{text}"
    );
    assert!(text.contains("\nconfirm_ms = 2000 (eingebaut)\n"), "{text}");
}

#[test]
fn the_files_settings_reach_the_game() {
    let home = tempfile::tempdir().expect("tempdir");
    let games = tempfile::tempdir().expect("tempdir");
    write_config(
        home.path(),
        "lang = \"en\"\nconfirm_ms = 1500\ntime_control = \"300+2\"\nspeech = \"off\"\n",
    );
    let mut child = rochade(home.path())
        .arg("play")
        .arg("--games-dir")
        .arg(games.path())
        .args(["--time-control", "600"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("play starts");
    child
        .stdin
        .as_mut()
        .expect("stdin")
        .write_all(b"time\nend\n")
        .expect("typed");
    let out = child.wait_with_output().expect("play ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // English, from the file; no speech output (speech = "off"): only printed lines.
    assert!(text.contains("To you: "), "{text}");
    let journal = std::fs::read_dir(games.path())
        .expect("games dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("a journal");
    let journal = std::fs::read_to_string(journal).expect("read journal");
    let start: serde_json::Value = journal
        .lines()
        .nth(1)
        .and_then(|l| serde_json::from_str(l).ok())
        .expect("the start line");
    assert_eq!(start["start"]["lang"], "en");
    assert_eq!(start["start"]["confirm_ms"], 1500);
    // the command line wins over the file
    assert_eq!(start["start"]["time_control"], "600");
}

#[test]
fn a_bad_file_stops_play_naming_file_line_and_key() {
    let home = tempfile::tempdir().expect("tempdir");
    let games = tempfile::tempdir().expect("tempdir");
    let path = write_config(home.path(), "lang = \"de\"\n\nvolume = 300\n");
    let out = rochade(home.path())
        .arg("play")
        .arg("--games-dir")
        .arg(games.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        format!(
            "error: rochade: {}, line 3, key volume: expected a volume in percent from 10 to 100",
            path.display()
        )
    );
    // Nothing started: no journal.
    assert_eq!(std::fs::read_dir(games.path()).expect("dir").count(), 0);

    let path = write_config(home.path(), "lang = \"de\"\nlautstaerke = 3\n");
    let out = rochade(home.path())
        .arg("relay")
        .arg("--games-dir")
        .arg(games.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "{}, line 2: unknown key \"lautstaerke\"",
            path.display()
        )),
        "{stderr}"
    );
    assert_eq!(std::fs::read_dir(games.path()).expect("dir").count(), 0);
}
