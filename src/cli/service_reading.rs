//! The reading session the service runs between games (`rochade models read`, on "Stimme
//! lernen"): a child process with the microphone and a speech output of its own, started with
//! the service's voice settings; its printed lines come on a channel, and typed lines go to it.
use std::io::{BufRead, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

use crossbeam_channel::{Receiver, unbounded};

use crate::cli::play_voice::VoiceArgs;
use crate::lang::Lang;

/// A running reading session.
pub(super) struct ReadingChild {
    child: Child,
    keys: Option<ChildStdin>,
    /// Its printed lines, read on their own thread; closed when it has ended.
    pub(super) lines: Receiver<String>,
}

impl ReadingChild {
    /// Starts `rochade models read` in `lang` with the speech and audio settings of `voice`.
    pub(super) fn start(lang: Lang, voice: &VoiceArgs) -> std::io::Result<ReadingChild> {
        let mut command = Command::new(std::env::current_exe()?);
        command
            .args(["models", "read", "--lang", lang.code()])
            .args(["--speech", &voice.speech])
            .args(["--speech-rate", &voice.speech_rate.to_string()]);
        for (flag, value) in [
            ("--speech-voice", &voice.speech_voice),
            ("--input-device", &voice.input_device),
            ("--output-device", &voice.output_device),
        ] {
            if let Some(value) = value {
                command.args([flag, value.as_str()]);
            }
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let (tx, lines) = unbounded();
        if let Some(out) = child.stdout.take() {
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        let keys = child.stdin.take();
        Ok(ReadingChild { child, keys, lines })
    }

    /// Types a line into the session, as at its keyboard; `false` when it no longer reads.
    pub(super) fn type_line(&mut self, text: &str) -> bool {
        self.keys
            .as_mut()
            .is_some_and(|keys| writeln!(keys, "{text}").and_then(|()| keys.flush()).is_ok())
    }

    /// Whether the session has ended.
    pub(super) fn ended(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }

    /// Ends the session (what it kept is kept).
    pub(super) fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
