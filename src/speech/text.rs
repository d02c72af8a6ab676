//! The text backend: each utterance as one plain line ("Rochade: Springer Felix drei"), for
//! a screen reader or a braille display to present, and as the last fallback.
use std::io::Write;
use std::time::Instant;

use super::{Speaker, SpeechError, Spoken};

/// Writes utterances as lines.
pub struct TextSpeaker {
    out: Box<dyn Write + Send>,
    prefix: String,
}

impl TextSpeaker {
    /// To standard output, each line prefixed "Rochade: ".
    pub fn stdout() -> TextSpeaker {
        TextSpeaker::new(Box::new(std::io::stdout()), "Rochade: ")
    }

    pub fn new(out: Box<dyn Write + Send>, prefix: &str) -> TextSpeaker {
        TextSpeaker {
            out,
            prefix: prefix.to_string(),
        }
    }
}

impl Speaker for TextSpeaker {
    fn name(&self) -> &str {
        "text"
    }

    fn speak(&mut self, text: &str) -> Result<Spoken, SpeechError> {
        let started = Instant::now();
        // one line per utterance, whatever the text holds
        let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
        writeln!(self.out, "{}{line}", self.prefix)?;
        self.out.flush()?;
        Ok(Spoken {
            started_after: started.elapsed(),
            total: started.elapsed(),
            backend: "text".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .map_err(|_| std::io::Error::other("poisoned"))?
                .extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn one_line_per_utterance() {
        let buffer = Shared::default();
        let mut speaker = TextSpeaker::new(Box::new(buffer.clone()), "Rochade: ");
        speaker.speak("Springer\nFelix  drei").expect("write");
        speaker.speak("Zeit").expect("write");
        let text = String::from_utf8(buffer.0.lock().map(|b| b.clone()).unwrap_or_default())
            .unwrap_or_default();
        assert_eq!(text, "Rochade: Springer Felix drei\nRochade: Zeit\n");
    }
}
