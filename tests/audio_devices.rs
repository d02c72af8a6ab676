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

/// Issue 14 item 9: where Rochade opens ALSA but a PulseAudio or PipeWire server answers
/// `pactl`, its sources and sinks are listed by their descriptions, the defaults marked. A
/// stand-in `pactl` answers here, as a PipeWire server would.
#[test]
fn with_alsa_the_sound_servers_devices_are_listed_by_description() {
    use std::os::unix::fs::PermissionsExt;
    let bin = tempfile::tempdir().expect("tempdir");
    let pactl = bin.path().join("pactl");
    std::fs::write(
        &pactl,
        "#!/bin/sh\n\
         case \"$*\" in\n\
         'list sinks') printf 'Sink #0\\n\\tName: alsa_output.analog\\n\\tDescription: Built-in Audio Analog Stereo\\n' ;;\n\
         'list sources') printf 'Source #0\\n\\tName: alsa_output.analog.monitor\\n\\tDescription: Monitor of Built-in Audio\\n\\nSource #1\\n\\tName: usb_mic\\n\\tDescription: USB Headset Microphone\\n' ;;\n\
         get-default-sink) echo alsa_output.analog ;;\n\
         get-default-source) echo usb_mic ;;\n\
         *) exit 1 ;;\n\
         esac\n",
    )
    .expect("write pactl");
    std::fs::set_permissions(&pactl, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let runtime = tempfile::tempdir().expect("tempdir");
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = rochade()
        .args(["devices", "--no-check"])
        .env("PATH", path)
        .env("XDG_RUNTIME_DIR", runtime.path())
        .env("PULSE_SERVER", "unix:/nonexistent/pulse")
        .env_remove("PULSE_RUNTIME_PATH")
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Audio system: ALSA."), "{text}");
    assert!(
        text.contains("USB Headset Microphone (usb_mic), default"),
        "{text}"
    );
    assert!(
        text.contains("Built-in Audio Analog Stereo (alsa_output.analog), default"),
        "{text}"
    );
    assert!(
        !text.contains("Monitor of"),
        "monitors are no inputs: {text}"
    );
}
