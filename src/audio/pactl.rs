//! The sinks and sources of a PulseAudio or PipeWire server (through `pactl`), by their
//! descriptions ("NullSpeaker", "Built-in Audio Analog Stereo"): what `rochade devices` lists
//! when such a server answers but the audio system Rochade opens is ALSA. `pactl list` is read
//! in its text form, which every pactl version writes (`-f json` needs pactl 16).
use std::process::{Command, Stdio};

use super::{AudioError, DEVICE_TIMEOUT, with_timeout};

/// A sink (output) or source (input) of the sound server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerDevice {
    /// Its name, for `--device` where PulseAudio is the audio system (`spk`).
    pub name: String,
    /// What people call it (`NullSpeaker`); the name when it has none.
    pub description: String,
}

/// What a sound server has: its sinks and sources (monitors of sinks left out: they are
/// what a speaker plays, no microphone), and the defaults by name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServerDevices {
    pub sinks: Vec<ServerDevice>,
    pub sources: Vec<ServerDevice>,
    pub default_sink: Option<String>,
    pub default_source: Option<String>,
}

/// Why the sound server could not be asked.
#[derive(Debug, thiserror::Error)]
pub enum PactlError {
    #[error("pactl could not be run: {0}")]
    Run(#[from] std::io::Error),
    #[error("no PulseAudio or PipeWire server answers ({0})")]
    NoServer(String),
    #[error(transparent)]
    Timeout(#[from] AudioError),
}

/// The devices of `pactl list sinks` or `pactl list sources` (text form): each block's
/// `Name:` and `Description:`.
pub fn parse_list(text: &str) -> Vec<ServerDevice> {
    let mut out: Vec<ServerDevice> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(name) = line.strip_prefix("Name:") {
            let name = name.trim().to_string();
            out.push(ServerDevice {
                description: name.clone(),
                name,
            });
        } else if let Some(description) = line.strip_prefix("Description:")
            && let Some(last) = out.last_mut()
        {
            last.description = description.trim().to_string();
        }
    }
    out
}

fn pactl(args: &[&str]) -> Result<String, PactlError> {
    let out = Command::new("pactl")
        .args(args)
        // Names and descriptions as the server has them, not translated headings.
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .output()?;
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
        return Err(PactlError::NoServer(why));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn list_blocking() -> Result<ServerDevices, PactlError> {
    let sinks = parse_list(&pactl(&["list", "sinks"])?);
    let sources = parse_list(&pactl(&["list", "sources"])?)
        .into_iter()
        .filter(|s| !s.name.ends_with(".monitor"))
        .collect();
    let default = |what: &str| {
        pactl(&[what])
            .ok()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    };
    Ok(ServerDevices {
        sinks,
        sources,
        default_sink: default("get-default-sink"),
        default_source: default("get-default-source"),
    })
}

/// The sound server's sinks and sources, within the device deadline (a hung server must not
/// hang `devices`).
pub fn list() -> Result<ServerDevices, PactlError> {
    with_timeout(DEVICE_TIMEOUT, list_blocking)?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_descriptions_are_read_from_pactl_list() {
        let text = "Sink #0\n\tState: IDLE\n\tName: spk\n\tDescription: NullSpeaker\n\
                    \tDriver: module-null-sink.c\n\tProperties:\n\t\tdevice.description = \"NullSpeaker\"\n\n\
                    Sink #1\n\tName: alsa_output.pci-0000_00_1f.3.analog-stereo\n\
                    \tDescription: Built-in Audio Analog Stereo\n\nSink #2\n\tName: bare\n";
        let list = parse_list(text);
        assert_eq!(
            list,
            vec![
                ServerDevice {
                    name: "spk".into(),
                    description: "NullSpeaker".into()
                },
                ServerDevice {
                    name: "alsa_output.pci-0000_00_1f.3.analog-stereo".into(),
                    description: "Built-in Audio Analog Stereo".into()
                },
                ServerDevice {
                    name: "bare".into(),
                    description: "bare".into()
                },
            ]
        );
        assert!(parse_list("").is_empty());
    }
}
