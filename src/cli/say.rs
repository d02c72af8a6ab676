//! `rochade say TEXT`: speak through the configured outputs, falling back as `play` does
//! (speech-dispatcher, then espeak-ng, then text). For trying voices and rates, and for
//! tests of the speech outputs.
use std::path::PathBuf;

use clap::Args;

use crate::lang::Lang;
use crate::speech::{self, BackendKind, OutputConfig, Speaker};

#[derive(Debug, Args)]
pub struct SayArgs {
    /// The words to say.
    #[arg(required = true)]
    pub text: Vec<String>,
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// Outputs to try in order, separated by commas: tts (speech-dispatcher), espeak, text.
    #[arg(long, default_value = "tts,espeak,text", value_delimiter = ',')]
    pub output: Vec<BackendKind>,
    /// Voice: a speech-dispatcher voice name, or an espeak-ng voice such as de+f3.
    #[arg(long)]
    pub voice: Option<String>,
    /// Words per minute (175 is normal).
    #[arg(long, default_value_t = 175)]
    pub rate: u32,
    /// Volume in percent of full (10 to 100).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u8).range(10..=100))]
    pub volume: u8,
    /// speech-dispatcher's priority for the text: important, message or text (SSIP).
    #[arg(long, default_value = "message")]
    pub priority: speech::Priority,
    /// Audio output device for espeak-ng (see `rochade devices`).
    #[arg(long)]
    pub device: Option<String>,
    /// espeak-ng writes WAV files into this directory instead of playing.
    #[arg(long)]
    pub wav_dir: Option<PathBuf>,
}

pub fn run(args: SayArgs) -> anyhow::Result<i32> {
    let config = OutputConfig {
        lang: args.lang,
        backends: args.output,
        voice: args.voice,
        rate_wpm: args.rate,
        device: args.device,
        volume: args.volume,
        wav_dir: args.wav_dir,
    };
    let mut speaker = speech::open(&config);
    speaker.set_priority(args.priority);
    for notice in speaker.take_notices() {
        eprintln!("{notice}");
    }
    let text = args.text.join(" ");
    let result = speaker.speak(&text);
    for notice in speaker.take_notices() {
        eprintln!("{notice}");
    }
    let spoken = result?;
    eprintln!(
        "Said by {} in {:.2} seconds.",
        spoken.backend,
        spoken.total.as_secs_f64()
    );
    Ok(0)
}
