//! The filler pass: a sentence the grammar could not place heard once more, through a second
//! search of the moves alone with fillers around and inside them ([`Grammar::to_filler_jsgf`]).
//!
//! [`Grammar::to_filler_jsgf`]: crate::asr::grammar::Grammar::to_filler_jsgf

use super::fit::{FitLimits, Shares};
use super::phone_loop::PhoneLoopThread;
use super::{Pocketsphinx, Segment, ffi, path_segments};
use crate::asr::{AcousticFit, AsrError};

/// What the filler pass heard, and the confidence its fit leaves it.
pub(super) struct FillerReading {
    pub(super) text: String,
    pub(super) score: i32,
    pub(super) path: Vec<Segment>,
    pub(super) fit: Option<AcousticFit>,
    pub(super) shares: Shares,
}

impl Pocketsphinx {
    /// Hears `audio` (an utterance just not understood) once more with fillers ("so jetzt
    /// Springer Hektor fünf bitte", "Turm äh Anna zwei"). A move it hears is at best asked
    /// back, never made by the window, and never a command; `None` where the grammar has no
    /// such pass or nothing fits.
    pub(super) fn filler_pass(
        &mut self,
        audio: &[i16],
        limits: &FitLimits,
    ) -> Result<Option<FillerReading>, AsrError> {
        if self.filler_search.is_none() || audio.is_empty() {
            return Ok(None);
        }
        // The loop hears it again too, with the same cepstral mean as the filler search: a
        // fit of paths heard with different means compares nothing.
        if let Some(v) = &self.verifier {
            v.accept(audio);
        }
        let heard = self.hear_with_fillers(audio);
        let phones = self
            .verifier
            .as_ref()
            .map(PhoneLoopThread::finish)
            .unwrap_or_default();
        let Some((text, score, path)) = heard? else {
            return Ok(None);
        };
        let fit = self.fit_of(&path, &phones, limits);
        let of_move = fit
            .filter(|f| f.gap < limits.filler_pass_reject_gap)
            .map_or(0.0, |f| limits.share_of_move(f));
        if std::env::var_os("ROCHADE_VOICE_LOG").is_some() {
            let words: Vec<String> = path
                .iter()
                .map(|s| format!("{}@{}-{}", s.word, s.start, s.end))
                .collect();
            eprintln!(
                "pocketsphinx: filler pass {text:?}, fit {fit:?}, path {}",
                words.join(" ")
            );
        }
        Ok((of_move > 0.0).then(|| FillerReading {
            text,
            score,
            path,
            fit,
            shares: Shares {
                other: 0.0,
                of_move: of_move.min(0.5),
                of_command: 0.0,
            },
        }))
    }

    /// Hears `audio` through the filler search: its best reading, score and path. The
    /// grammar's own search is active again afterwards.
    fn hear_with_fillers(
        &mut self,
        audio: &[i16],
    ) -> Result<Option<(String, i32, Vec<Segment>)>, AsrError> {
        let Some(name) = self.filler_search.clone() else {
            return Ok(None);
        };
        self.end_utterance();
        // SAFETY: no utterance is in progress; the search exists until the next grammar.
        if unsafe { ffi::ps_set_search(self.ps(), name.as_ptr()) } != 0 {
            self.restore_search();
            return Ok(None);
        }
        let heard = self.decode(audio);
        self.end_utterance();
        let reading = heard.map(|()| {
            self.best_hypothesis().map(|(text, score)| {
                // SAFETY: the utterance has just ended.
                let path = unsafe { path_segments(self.ps()) };
                (text, score, path)
            })
        });
        self.restore_search();
        reading
    }

    /// Makes the grammar's own search the active one again.
    fn restore_search(&mut self) {
        self.end_utterance();
        if let Some(name) = self.search.as_ref() {
            // SAFETY: no utterance is in progress; the search is the grammar's own.
            unsafe { ffi::ps_set_search(self.ps(), name.as_ptr()) };
        }
    }
}
