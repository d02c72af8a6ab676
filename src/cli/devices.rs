//! `rochade devices`: the audio inputs and outputs, and whether the default ones open.
use clap::Args;

use crate::audio::devices;

#[derive(Debug, Args)]
pub struct DevicesArgs {
    /// Only list; do not open the default input and output to check them.
    #[arg(long)]
    pub no_check: bool,
}

/// The sound server's sources and sinks by their descriptions, the defaults marked.
fn print_server(server: &crate::audio::pactl::ServerDevices) {
    println!("Sound server (PulseAudio or PipeWire):");
    for (title, list, default) in [
        (
            "  Inputs (sources)",
            &server.sources,
            &server.default_source,
        ),
        ("  Outputs (sinks)", &server.sinks, &server.default_sink),
    ] {
        if list.is_empty() {
            println!("{title}: none.");
            continue;
        }
        println!("{title}:");
        for d in list {
            let mark = if default.as_deref() == Some(d.name.as_str()) {
                ", default"
            } else {
                ""
            };
            println!("    {} ({}){mark}", d.description, d.name);
        }
    }
}

pub fn run(args: DevicesArgs) -> anyhow::Result<i32> {
    let list = match devices::list() {
        Ok(list) => list,
        Err(e) => {
            println!("The audio devices could not be listed: {e}.");
            println!("Rochade will take moves from the keyboard and speak as text.");
            return Ok(0);
        }
    };
    let host = list
        .first()
        .map(|d| d.host.clone())
        .unwrap_or_else(|| devices::default_host().id().name().to_string());
    println!("Audio system: {host}.");
    // cpal speaks to PulseAudio itself when it can; otherwise (ALSA) a PulseAudio or PipeWire
    // server may still answer, and its sinks and sources are what the user knows by name.
    if host != "PulseAudio"
        && let Ok(server) = crate::audio::pactl::list()
    {
        print_server(&server);
    }
    for (title, inputs) in [("Inputs", true), ("Outputs", false)] {
        let chosen: Vec<_> = list
            .iter()
            .filter(|d| if inputs { d.input } else { d.output })
            .collect();
        if chosen.is_empty() {
            println!("{title}: none.");
            continue;
        }
        println!("{title}:");
        for d in chosen {
            let default = if (inputs && d.default_input) || (!inputs && d.default_output) {
                ", default"
            } else {
                ""
            };
            println!("  {} ({}){default}", d.id, d.name);
        }
    }
    if args.no_check {
        return Ok(0);
    }
    match devices::probe_input(None) {
        Ok(id) => println!("The default input opens: {id}."),
        Err(e) => {
            println!("No microphone can be used: {e}. Rochade will take moves from the keyboard.")
        }
    }
    match devices::probe_output(None) {
        Ok(id) => println!("The default output opens: {id}."),
        Err(e) => println!("No speaker can be used: {e}; Rochade will speak as text."),
    }
    Ok(0)
}
