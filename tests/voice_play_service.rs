//! The service between games hears its own words (issue 15 item 1): in the audio sandbox, a
//! service with voice and no terminal idles; "Neue Partie" spoken into the virtual
//! microphone starts a game, which `ctl status` then shows. Runs where the audio tests run
//! (ROCHADE_AUDIO_TESTS=1: scripts/test.sh, scripts/audio-sandbox.sh).
#[path = "voice_support/mod.rs"]
mod voice;

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// `rochade ARGS` in the private session: its own HOME and runtime folder (the control
/// socket), the sandbox's sound server named outright since the runtime folder is not its.
fn rochade(home: &Path, runtime: &Path, pulse: &str) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_rochade"));
    c.env("HOME", home)
        .env("XDG_RUNTIME_DIR", runtime)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("PULSE_SERVER", pulse)
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::null());
    c
}

fn status(home: &Path, runtime: &Path, pulse: &str) -> Option<Value> {
    let out: Output = rochade(home, runtime, pulse)
        .args(["ctl", "status", "--json"])
        .output()
        .expect("rochade ctl runs");
    if !out.status.success() {
        return None;
    }
    serde_json::from_slice(&out.stdout).ok()
}

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn between_games_neue_partie_spoken_starts_a_game() {
    if !voice::audio_tests_enabled() {
        return;
    }
    let sandbox = std::env::var("XDG_RUNTIME_DIR").expect("the sandbox's runtime folder");
    let pulse = format!("unix:{sandbox}/pulse/native");
    let dir = tempfile::tempdir().expect("tempdir");
    let home = dir.path().join("home");
    let runtime = dir.path().join("run");
    std::fs::create_dir_all(&home).expect("home");
    std::fs::create_dir_all(&runtime).expect("runtime");
    std::os::unix::fs::PermissionsExt::set_mode(
        &mut std::fs::metadata(&runtime).expect("runtime").permissions(),
        0o700,
    );
    std::fs::set_permissions(
        &runtime,
        std::os::unix::fs::PermissionsExt::from_mode(0o700),
    )
    .expect("runtime 0700");
    let service = rochade(&home, &runtime, &pulse)
        .args([
            "service",
            "--recognizer",
            "pocketsphinx",
            "--speech",
            "espeak",
            "--no-check",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("rochade service starts");
    let _service = Killed(service);
    let wait = |what: &str, within: u64, ok: &dyn Fn(&Value) -> bool| -> Value {
        let deadline = Instant::now() + Duration::from_secs(within);
        loop {
            if let Some(s) = status(&home, &runtime, &pulse)
                && ok(&s)
            {
                return s;
            }
            assert!(Instant::now() < deadline, "never {what}");
            std::thread::sleep(Duration::from_millis(200));
        }
    };
    let idle = wait("idle", 30, &|s| s["state"] == "idle");
    assert!(
        idle["last_said"]
            .as_str()
            .is_some_and(|t| t.contains("Neue Partie")),
        "{idle}"
    );
    // The greeting is said first (the microphone is muted while Rochade speaks).
    std::thread::sleep(Duration::from_secs(6));
    let wav = voice::utterance_wav("Neue Partie", "de", &dir.path().join("neue.wav"));
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        let mut speaking = voice::play_into_microphone(&wav);
        let _ = speaking.wait();
        std::thread::sleep(Duration::from_secs(3));
        if status(&home, &runtime, &pulse).is_some_and(|s| s["state"] == "playing") {
            break;
        }
        // A word lost under the service's own speech is said again, as a player would.
        assert!(
            Instant::now() < deadline,
            "\"Neue Partie\" never started a game: {:?}",
            status(&home, &runtime, &pulse)
        );
    }
    let playing = wait("playing", 5, &|s| s["state"] == "playing");
    assert_eq!(playing["moves"], serde_json::json!([]), "{playing}");
}
