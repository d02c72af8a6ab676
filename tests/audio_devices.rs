//! `rochade devices` and voice input with and without an audio system: a clear message and
//! the keyboard, never a hang.
#[path = "voice_support/mod.rs"]
mod support;

use std::process::Command;
use std::time::{Duration, Instant};

fn rochade() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rochade"))
}

#[test]
fn without_audio_devices_says_so_quickly() {
    let runtime = tempfile::tempdir().expect("tempdir");
    let started = Instant::now();
    let out = rochade()
        .arg("devices")
        .env("XDG_RUNTIME_DIR", runtime.path())
        .env("PULSE_SERVER", "unix:/nonexistent/pulse")
        .env_remove("PULSE_RUNTIME_PATH")
        .output()
        .expect("runs");
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "took {:?}",
        started.elapsed()
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Audio system: ALSA."), "{text}");
    assert!(text.contains("No microphone can be used"), "{text}");
    assert!(text.contains("use the keyboard"), "{text}");
}

#[test]
fn in_the_sandbox_the_virtual_devices_are_listed_and_open() {
    if !support::audio_tests_enabled() {
        return;
    }
    let out = rochade().arg("devices").output().expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Audio system: PulseAudio."), "{text}");
    assert!(
        text.contains("pulseaudio:vmic (VirtualMic), default"),
        "{text}"
    );
    assert!(
        text.contains("pulseaudio:spk (NullSpeaker), default"),
        "{text}"
    );
    assert!(
        text.contains("The default input opens: pulseaudio:vmic."),
        "{text}"
    );
    assert!(
        text.contains("The default output opens: pulseaudio:spk."),
        "{text}"
    );
}
