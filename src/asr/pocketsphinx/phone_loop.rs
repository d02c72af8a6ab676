//! The free phone loop heard beside the grammar search, on a thread of its own: what the
//! acoustic fit compares the grammar's best path with.

use std::ffi::CString;
use std::path::Path;
use std::ptr::NonNull;
use std::sync::mpsc;

use super::{CHUNK, Segment, ffi, path_segments, start_decoder, take_own_mean};
use crate::asr::AsrError;

/// A second decoder that hears the utterance as a free loop of phones: the best any speech
/// can score. How far the grammar's best path falls behind it, per frame, says how well the
/// utterance fits the grammar at all: a phrase of the grammar scores close to the loop,
/// a sentence to the opponent forced onto a phrase far behind.
struct PhoneLoop {
    decoder: NonNull<ffi::ps_decoder_t>,
    in_utterance: bool,
}

impl PhoneLoop {
    fn new(hmm: &Path) -> Result<PhoneLoop, AsrError> {
        // Context-independent phones: the loop must keep up with speech beside the grammar
        // search; with triphones it is several times slower. No dither: sphinxbase draws it
        // from one random generator for the whole process, which the grammar search's
        // decoder seeds and uses; a second decoder on another thread drawing from it too
        // would make what the grammar search hears change from run to run.
        let decoder = start_decoder(hmm, &["-allphone_ci", "yes", "-dither", "no"])?;
        let name = CString::new("phones").map_err(|e| AsrError::Grammar(e.to_string()))?;
        // SAFETY: a valid name, and no phone language model: every phone equally likely, so
        // that German speech is not held to English phone sequences.
        let ok = unsafe {
            ffi::ps_set_allphone_file(decoder.as_ptr(), name.as_ptr(), std::ptr::null()) == 0
                && ffi::ps_set_search(decoder.as_ptr(), name.as_ptr()) == 0
        };
        let phone_loop = PhoneLoop {
            decoder,
            in_utterance: false,
        };
        if !ok {
            return Err(AsrError::Grammar(
                "pocketsphinx refused the phone loop".into(),
            ));
        }
        Ok(phone_loop)
    }

    pub(super) fn accept(&mut self, samples: &[i16]) {
        let ps = self.decoder.as_ptr();
        // SAFETY: the search is set; the pointer and length describe each chunk.
        unsafe {
            if !self.in_utterance {
                if ffi::ps_start_utt(ps) < 0 {
                    return;
                }
                self.in_utterance = true;
            }
            for chunk in samples.chunks(CHUNK) {
                ffi::ps_process_raw(ps, chunk.as_ptr(), chunk.len(), 0, 0);
            }
        }
    }

    /// Takes the cepstral mean of a recording heard alone ([`take_own_mean`]).
    pub(super) fn take_own_mean(&mut self, samples: &[i16]) {
        if self.in_utterance {
            return;
        }
        // SAFETY: the search is set and no utterance is in progress.
        unsafe { take_own_mean(self.decoder.as_ptr(), samples) };
    }

    /// Ends the utterance: the loop's phones.
    pub(super) fn finish(&mut self) -> Vec<Segment> {
        if !self.in_utterance {
            return Vec::new();
        }
        self.in_utterance = false;
        let ps = self.decoder.as_ptr();
        // SAFETY: an utterance is in progress; after it ends the segments are valid.
        unsafe {
            ffi::ps_end_utt(ps);
            path_segments(ps)
        }
    }
}

// SAFETY: the loop's decoder is used only by the thread that owns it ([`PhoneLoopThread`]);
// pocketsphinx keeps no thread-local state.
unsafe impl Send for PhoneLoop {}

/// What the phone loop's thread is asked to do.
enum LoopJob {
    Accept(Vec<i16>),
    TakeOwnMean(Vec<i16>),
    Finish(mpsc::Sender<Vec<Segment>>),
    Cancel,
}

/// The phone loop on a thread of its own: it hears the audio beside the grammar search, on
/// the second core, so that the read-back waits for neither twice.
pub(super) struct PhoneLoopThread {
    jobs: Option<mpsc::Sender<LoopJob>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl PhoneLoopThread {
    pub(super) fn start(hmm: &Path) -> Result<PhoneLoopThread, AsrError> {
        let mut phone_loop = PhoneLoop::new(hmm)?;
        let (jobs, inbox) = mpsc::channel::<LoopJob>();
        let thread = std::thread::Builder::new()
            .name("phone-loop".into())
            .spawn(move || {
                for job in inbox {
                    match job {
                        LoopJob::Accept(samples) => phone_loop.accept(&samples),
                        LoopJob::TakeOwnMean(samples) => phone_loop.take_own_mean(&samples),
                        LoopJob::Finish(reply) => {
                            let _ = reply.send(phone_loop.finish());
                        }
                        LoopJob::Cancel => {
                            phone_loop.finish();
                        }
                    }
                }
            })
            .map_err(|e| AsrError::Decode(format!("cannot start the phone loop: {e}")))?;
        Ok(PhoneLoopThread {
            jobs: Some(jobs),
            thread: Some(thread),
        })
    }

    fn send(&self, job: LoopJob) -> bool {
        self.jobs.as_ref().is_some_and(|j| j.send(job).is_ok())
    }

    pub(super) fn accept(&self, samples: &[i16]) {
        self.send(LoopJob::Accept(samples.to_vec()));
    }

    /// Jobs are done in order: the audio sent after this is heard with the mean taken.
    pub(super) fn take_own_mean(&self, samples: &[i16]) {
        self.send(LoopJob::TakeOwnMean(samples.to_vec()));
    }

    /// Ends the utterance once the loop has heard all of it: its phones (none if the thread
    /// is gone).
    pub(super) fn finish(&self) -> Vec<Segment> {
        let (reply, answer) = mpsc::channel();
        if !self.send(LoopJob::Finish(reply)) {
            return Vec::new();
        }
        answer.recv().unwrap_or_default()
    }

    pub(super) fn cancel(&self) {
        self.send(LoopJob::Cancel);
    }
}

impl Drop for PhoneLoopThread {
    fn drop(&mut self) {
        // closing the channel ends the thread's loop
        self.jobs.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for PhoneLoop {
    fn drop(&mut self) {
        // SAFETY: the decoder was created by ps_init and is freed once.
        unsafe {
            if self.in_utterance {
                ffi::ps_end_utt(self.decoder.as_ptr());
            }
            ffi::ps_free(self.decoder.as_ptr());
        }
    }
}
