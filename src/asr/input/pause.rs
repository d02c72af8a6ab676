//! What the listener does in a pause before its end: the final decode made ahead and used
//! at `early_silence_ms`, and the probes of a pause whose partial result is not a final
//! phrase.
use std::time::{Duration, Instant};

use super::{Ahead, Listener, PER_MS, Probe, VoiceEvent};
use crate::asr::{Alternative, AsrError, Recognizer, heard_with_voice};

impl Listener {
    /// Whether to decode ahead now: in quiet, early in the first pause of this length after
    /// this speech, once the utterance is long enough to be words.
    pub(super) fn ahead_due(&self, silence: u64) -> bool {
        let Some(at) = self.config.ahead_silence_ms else {
            return false;
        };
        self.ahead.is_none()
            && (at..self.config.early_silence_ms).contains(&silence)
            && !self.noisy()
            && self.spoken_ms() >= self.config.min_speech_ms
            && self
                .last_probe
                .as_ref()
                .is_none_or(|p| p.speech_end != self.endpointer.last_speech_end())
    }

    /// The final decode of the utterance as it stands, held for [`Listener::use_ahead`].
    pub(super) fn decode_ahead(&mut self, recognizer: &mut dyn Recognizer) -> Result<(), AsrError> {
        let started = Instant::now();
        // The decode is to stand for the one at `early_silence_ms`, which has that much quiet
        // after the speech: the rest of it is the quiet heard so far, again. With less, the
        // grammar's path fitted the speech worse (the fit gap grew by about 0.7 per frame on
        // the tuning set), and fewer right moves were sure enough for the window.
        let silence = self.endpointer.silence_ms();
        let missing = self.config.early_silence_ms.saturating_sub(silence);
        let quiet = ((silence.min(missing)) * PER_MS) as usize;
        if quiet > 0 {
            let tail = &self.utterance[self.utterance.len().saturating_sub(quiet)..];
            let mut padding = Vec::with_capacity((missing * PER_MS) as usize);
            while (padding.len() as u64) < missing * PER_MS {
                padding.extend_from_slice(tail);
            }
            padding.truncate((missing * PER_MS) as usize);
            recognizer.accept(&padding)?;
        }
        let alternatives = heard_with_voice(recognizer.finish()?, &self.utterance);
        let took = started.elapsed();
        self.compute += took;
        self.ahead = Some(Ahead {
            speech_end: self.endpointer.last_speech_end(),
            made_at: self.endpointer.position(),
            silence_ms: self.endpointer.silence_ms(),
            alternatives,
            fit: recognizer.fit(),
            took,
        });
        Ok(())
    }

    /// The pause reached `early_silence_ms` with a decode ahead and no speech since. A final
    /// phrase of a move ends the utterance; the read-back waits only for what the decode took
    /// beyond the audio that came meanwhile, as it would live. Anything else counts as this
    /// pause's probe: the decoder gets the utterance again and listening goes on. A command
    /// is left to the decode of the pause itself: taken from the decode ahead, French chatter
    /// heard as "Züge" fitted the grammar well enough to be carried out without a question
    /// (held-out rejection set), where the decode at the pause had it asked back.
    pub(super) fn use_ahead(
        &mut self,
        recognizer: &mut dyn Recognizer,
        events: &mut Vec<VoiceEvent>,
    ) -> Result<(), AsrError> {
        let Some(ahead) = self.ahead.take() else {
            return Ok(());
        };
        let recognition = self.grammar.rank(&ahead.alternatives);
        let best = recognition.best();
        if std::env::var_os("ROCHADE_VOICE_LOG").is_some() {
            eprintln!(
                "listener: decoded ahead {best:?}: in grammar {}, final {}, only moves {}",
                recognition.in_grammar,
                self.grammar.is_final(best),
                self.grammar.only_moves(best)
            );
        }
        if recognition.in_grammar && self.grammar.is_final(best) && self.grammar.only_moves(best) {
            let since = Duration::from_millis(
                self.endpointer.position().saturating_sub(ahead.made_at) / PER_MS,
            );
            let waited = ahead.took.saturating_sub(since);
            // `took` is counted already; `emit` counts what it is given again.
            self.compute = self.compute.saturating_sub(waited);
            events.push(self.emit(recognition, ahead.fit, waited, true));
            return Ok(());
        }
        self.last_probe = Some(Probe {
            speech_end: ahead.speech_end,
            silence_ms: ahead.silence_ms,
            heard: recognition.best().to_string(),
            heard_since_ms: ahead.silence_ms,
            settled: false,
        });
        self.feed_again(recognizer)
    }

    /// Whether the pause has gone on long enough for a (first or next) probe. Not after two
    /// probes of the pause heard the same phrase that cannot be taken (nothing, or an answer,
    /// which waits out the pause): the next ones hear it again, and each one decodes the
    /// utterance twice, which the listener then trails the stream by (on the tuning set in
    /// pink noise, four probes in a row at 100 ms apart heard nothing in 8 pauses of 40, a
    /// phrase at the fourth in one). The end of the pause decides.
    pub(super) fn probe_due(&self, silence: u64) -> bool {
        match &self.last_probe {
            Some(last) if last.speech_end == self.endpointer.last_speech_end() => {
                !last.settled && silence >= last.silence_ms + self.config.probe_interval_ms
            }
            _ => true,
        }
    }

    /// A probe, at a pause whose partial result is not a final phrase. A partial result is
    /// only the decoder's best path so far and can lag the final one ("bella zwei" for a
    /// "Bella drei" that the final result gets right), so the utterance is decoded as it
    /// stands. A final phrase is committed at once; in noise, only when the probe before
    /// it in this pause heard the same (a command: since [`ListenConfig::command_agreement_ms`]
    /// before). Anything else restarts the decoder on the audio so
    /// far, and listening goes on.
    ///
    /// [`ListenConfig::command_agreement_ms`]: super::ListenConfig::command_agreement_ms
    pub(super) fn probe(
        &mut self,
        recognizer: &mut dyn Recognizer,
        events: &mut Vec<VoiceEvent>,
    ) -> Result<(), AsrError> {
        let speech_end = self.endpointer.last_speech_end();
        let silence_ms = self.endpointer.silence_ms();
        let before = self
            .last_probe
            .take()
            .filter(|last| last.speech_end == speech_end);
        if self.spoken_ms() < self.config.min_speech_ms {
            return Ok(());
        }
        let started = Instant::now();
        let heard = if self.may_be_taken(before.as_ref(), silence_ms) {
            let alternatives = heard_with_voice(recognizer.finish()?, &self.utterance);
            let recognition = self.grammar.rank(&alternatives);
            let best = recognition.best();
            let since = before
                .as_ref()
                .filter(|b| self.grammar.same_meaning(&b.heard, best));
            let confirmed = self.config.agreed(
                self.noisy(),
                since.map(|b| b.heard_since_ms),
                silence_ms,
                self.grammar.only_moves(best),
            );
            if recognition.in_grammar && self.grammar.is_final(best) && confirmed {
                events.push(self.emit(recognition, recognizer.fit(), started.elapsed(), true));
                return Ok(());
            }
            best.to_string()
        } else {
            // A probe that cannot be taken, whatever it hears, is needed only for its
            // phrase: for the next probe to agree with, or to see that it changed. The
            // lattice, the n-best list, a second pass and the phone loop's end cost up to
            // 250 ms more (tuning set, pink noise), which the listener then trailed the
            // stream by.
            let heard = recognizer.finish_best()?.unwrap_or_default();
            self.grammar
                .rank(&[Alternative::new(heard, 1.0)])
                .best()
                .to_string()
        };
        let heard_since = before
            .filter(|b| self.grammar.same_meaning(&b.heard, &heard))
            .map(|b| b.heard_since_ms);
        let settled = heard_since.is_some() && !self.grammar.is_final(&heard);
        self.last_probe = Some(Probe {
            speech_end,
            silence_ms,
            heard,
            heard_since_ms: heard_since.unwrap_or(silence_ms),
            settled,
        });
        self.compute += started.elapsed();
        self.feed_again(recognizer)
    }

    /// Whether a probe at `silence_ms` could be taken after `before`, the probe before it in
    /// this pause. In noise only if it hears the same final phrase, and a command only
    /// [`ListenConfig::command_agreement_ms`] after it was first heard. In quiet any first
    /// probe, and a later one only if the phrase has changed to a final one since: after
    /// nothing heard, an answer (which waits out the pause) or a phrase that a longer one
    /// continues, the next probe most likely hears the same.
    ///
    /// [`ListenConfig::command_agreement_ms`]: super::ListenConfig::command_agreement_ms
    fn may_be_taken(&self, before: Option<&Probe>, silence_ms: u64) -> bool {
        if !self.noisy() {
            return before.is_none_or(|b| self.grammar.is_final(&b.heard));
        }
        before.is_some_and(|b| {
            self.grammar.is_final(&b.heard)
                && self.config.agreed(
                    true,
                    Some(b.heard_since_ms),
                    silence_ms,
                    self.grammar.only_moves(&b.heard),
                )
        })
    }
}
