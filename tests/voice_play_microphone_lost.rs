//! `rochade play --voice` when the microphone goes away in the middle of the game: the test
//! runs its own PulseAudio server (as scripts/audio-sandbox.sh does, in a runtime directory of
//! its own) and kills it under the running game. The player is told, the keyboard goes on
//! working, and once a server is back the microphone is taken up again and hears the player.
//!
//! Runs where the audio tests run (ROCHADE_AUDIO_TESTS=1: scripts/test.sh,
//! scripts/audio-sandbox.sh), which have PulseAudio installed.
#[path = "process_support/mod.rs"]
mod process;
#[path = "voice_support/mod.rs"]
mod voice;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A PulseAudio server of this test's own, with a virtual microphone fed through `micfeed`.
struct Pulse {
    child: Child,
}

impl Pulse {
    fn start(runtime: &Path) -> Pulse {
        let child = Command::new("pulseaudio")
            .args([
                "-n",
                "--daemonize=no",
                "--exit-idle-time=-1",
                "--log-level=error",
                "--disallow-exit",
                "-L",
                "module-native-protocol-unix auth-anonymous=1",
                "-L",
                "module-null-sink sink_name=spk",
                "-L",
                "module-null-sink sink_name=micfeed",
                "-L",
                "module-remap-source source_name=vmic master=micfeed.monitor",
            ])
            .env("XDG_RUNTIME_DIR", runtime)
            .env_remove("PULSE_SERVER")
            .env_remove("PULSE_RUNTIME_PATH")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("pulseaudio starts");
        let pulse = Pulse { child };
        for _ in 0..100 {
            if pactl(runtime, &["info"]) {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        assert!(pactl(runtime, &["set-default-source", "vmic"]), "no server");
        assert!(pactl(runtime, &["set-default-sink", "spk"]), "no server");
        pulse
    }

    /// The server dies, as when the sound system crashes or the headset is unplugged.
    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Pulse {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn pactl(runtime: &Path, args: &[&str]) -> bool {
    Command::new("pactl")
        .args(args)
        .env("XDG_RUNTIME_DIR", runtime)
        .env_remove("PULSE_SERVER")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// "The player speaks" into this server's microphone.
fn speak(runtime: &Path, wav: &Path) {
    let status = Command::new("paplay")
        .arg("--device=micfeed")
        .arg(wav)
        .env("XDG_RUNTIME_DIR", runtime)
        .env_remove("PULSE_SERVER")
        .status()
        .expect("paplay");
    assert!(status.success(), "paplay failed");
}

#[test]
fn a_lost_microphone_is_said_the_keyboard_goes_on_and_it_is_taken_up_again() {
    if !voice::audio_tests_enabled() {
        return;
    }
    let runtime = tempfile::tempdir().expect("tempdir");
    let games = tempfile::tempdir().expect("tempdir");
    let pulse = Pulse::start(runtime.path());
    let mut command = Command::new(env!("CARGO_BIN_EXE_rochade"));
    command
        .args([
            "play",
            "--voice",
            "--no-check",
            "--recognizer",
            "pocketsphinx",
            "--speech",
            "off",
        ])
        .args([
            "--time-control",
            "300+0",
            "--confirm-ms",
            "0",
            "--games-dir",
        ])
        .arg(games.path())
        .env("XDG_RUNTIME_DIR", runtime.path())
        .env_remove("PULSE_SERVER")
        .env_remove("PULSE_RUNTIME_PATH");
    let (mut child, lines) = process::spawn_merged(command);
    let mut seen = Vec::new();
    let expect = |want: &str, within: u64, seen: &mut Vec<String>| {
        let matches = |line: &str| process::glob(want, line);
        process::wait_for(&lines, seen, Duration::from_secs(within), matches)
            .unwrap_or_else(|| panic!("no line {want:?} in:\n{}", seen.join("\n")))
    };
    expect("Rochade Partie:*", 20, &mut seen);
    expect("[stderr] [*] voice: GrammarSet*", 20, &mut seen);
    std::thread::sleep(Duration::from_millis(500));

    pulse.kill();
    expect(
        "An Sie: Das Mikrofon ist ausgefallen. Bitte über die Tastatur weiter; Rochade versucht es weiter mit dem Mikrofon.",
        10,
        &mut seen,
    );
    // The keyboard goes on.
    process::send_line(&mut child, "Eva vier").expect("send");
    expect("An Sie: Eva vier?", 5, &mut seen);
    process::send_line(&mut child, "ja").expect("send");
    expect("An den Gegner: Eva vier", 5, &mut seen);
    process::send_line(&mut child, "e5").expect("send");
    expect("An Sie: Gegner: Eva fünf.", 5, &mut seen);

    // The sound system is back: the microphone is taken up again (tried every 5 s) ...
    let _pulse = Pulse::start(runtime.path());
    expect("An Sie: Das Mikrofon geht wieder.", 30, &mut seen);
    expect("[stderr] [*] voice: GrammarSet*", 20, &mut seen);
    std::thread::sleep(Duration::from_millis(500));
    // ... and hears the player: his move is read back (as a question when the recognizer
    // was unsure).
    let wav = voice::utterance_wav("Springer Felix drei", "de", &games.path().join("nf3.wav"));
    speak(runtime.path(), &wav);
    expect("An Sie: *Springer Felix drei*", 20, &mut seen);
    process::send_line(&mut child, "ende").expect("send");
    let status = child.wait().expect("play ends");
    assert!(status.success(), "{}", seen.join("\n"));
}
