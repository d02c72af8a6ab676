//! `rochade devices`: the audio inputs and outputs, and whether the default ones open.
use clap::Args;

use crate::audio::devices;

#[derive(Debug, Args)]
pub struct DevicesArgs {
    /// Only list; do not open the default input and output to check them.
    #[arg(long)]
    pub no_check: bool,
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
