//! Voice input running live: a capture stream (or a WAV file, or samples) feeding a
//! [`Listener`] on its own thread, with the handle `play` holds ([`VoiceHandle`]: the grammar
//! of each position, push-to-talk, the mute switch while Rochade speaks).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};

use super::{ListenConfig, Listener, VoiceEvent};
use crate::asr::grammar::Grammar;
use crate::asr::{AsrError, Backend, Recognizer};
use crate::audio::capture::{self, CaptureEvent, MuteGuard, MuteSwitch};
use crate::audio::resample::Resampler;
use crate::audio::{AudioError, SAMPLE_RATE};

/// Where voice input comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum AudioSource {
    /// A capture device (`None`: the default input).
    Microphone { device: Option<String> },
    /// A WAV file, in real time (as if spoken) or as fast as it decodes.
    File { path: PathBuf, realtime: bool },
    /// Samples at 16 kHz.
    Samples { samples: Vec<i16>, realtime: bool },
}

/// How to start voice input.
#[derive(Debug, Clone, PartialEq)]
pub struct VoiceConfig {
    pub source: AudioSource,
    pub listen: ListenConfig,
}

impl VoiceConfig {
    pub fn microphone(device: Option<String>) -> VoiceConfig {
        VoiceConfig {
            source: AudioSource::Microphone { device },
            listen: ListenConfig::default(),
        }
    }

    pub fn file(path: PathBuf, realtime: bool) -> VoiceConfig {
        VoiceConfig {
            source: AudioSource::File { path, realtime },
            listen: ListenConfig::default(),
        }
    }
}

/// Why voice input could not start.
#[derive(Debug, thiserror::Error)]
pub enum VoiceError {
    #[error(transparent)]
    Audio(#[from] AudioError),
    #[error(transparent)]
    Asr(#[from] AsrError),
}

enum Control {
    Grammar(Grammar),
    Talk(bool),
}

/// The handle of running voice input.
pub struct VoiceHandle {
    control: Sender<Control>,
    mute: MuteSwitch,
    stop: Option<Sender<()>>,
    worker: Option<std::thread::JoinHandle<()>>,
    feeder: Option<std::thread::JoinHandle<()>>,
    capture: Option<capture::Capture>,
    backend: Backend,
    device: Option<String>,
}

impl VoiceHandle {
    /// Replaces the grammar; it is compiled on the listener thread, between utterances,
    /// and a [`VoiceEvent::GrammarSet`] reports it.
    pub fn set_grammar(&self, grammar: Grammar) {
        let _ = self.control.send(Control::Grammar(grammar));
    }

    /// The microphone's mute switch.
    pub fn mute_switch(&self) -> &MuteSwitch {
        &self.mute
    }

    /// Mutes the microphone until the guard is dropped (plus 150 ms): hold it while
    /// Rochade speaks, so that it does not hear itself.
    pub fn mute_guard(&self) -> MuteGuard {
        self.mute.guard(Duration::from_millis(150))
    }

    pub fn mute(&self) {
        self.mute.mute();
    }

    pub fn unmute(&self) {
        self.mute.unmute_after(Duration::from_millis(150));
    }

    /// Push-to-talk key down or up (with [`ListenConfig::push_to_talk`]).
    pub fn talk(&self, down: bool) {
        let _ = self.control.send(Control::Talk(down));
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The capture device in use (`None` for a file).
    pub fn device(&self) -> Option<&str> {
        self.device.as_deref()
    }

    /// Stops capture and the listener thread.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        self.stop.take();
        self.capture.take();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
        if let Some(feeder) = self.feeder.take() {
            let _ = feeder.join();
        }
    }
}

impl Drop for VoiceHandle {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Voice input running on its own threads.
pub struct VoiceInput;

impl VoiceInput {
    /// Sets `grammar` on `recognizer`, opens the source and starts listening. A device that
    /// cannot be opened is an error at once (within the device deadline), never a hang.
    pub fn start(
        config: VoiceConfig,
        recognizer: Box<dyn Recognizer>,
        grammar: Grammar,
    ) -> Result<(VoiceHandle, Receiver<VoiceEvent>), VoiceError> {
        VoiceInput::start_with_mute(config, recognizer, grammar, MuteSwitch::new())
    }

    /// [`VoiceInput::start`] with a mute switch that speech already holds: voice input
    /// started again after the microphone was lost is muted by the same switch.
    pub fn start_with_mute(
        config: VoiceConfig,
        mut recognizer: Box<dyn Recognizer>,
        grammar: Grammar,
        mute: MuteSwitch,
    ) -> Result<(VoiceHandle, Receiver<VoiceEvent>), VoiceError> {
        let (events_tx, events_rx) = crossbeam_channel::unbounded();
        let report = recognizer.set_grammar(&grammar)?;
        let _ = events_tx.send(VoiceEvent::GrammarSet {
            warning: report.warning(recognizer.backend()),
            report,
        });
        let backend = recognizer.backend();
        // about 16 s of audio at 512-sample blocks: room for a slow grammar compile
        let (audio_tx, audio_rx) = crossbeam_channel::bounded::<CaptureEvent>(512);
        let (stop_tx, stop_rx) = crossbeam_channel::bounded::<()>(0);
        let mut capture = None;
        let mut device = None;
        // A recording, read or given, is fed by one feeder thread; the microphone by capture.
        let recorded = match config.source {
            AudioSource::Microphone { device: wanted } => {
                let c = capture::start(wanted.as_deref(), mute.clone(), audio_tx)?;
                device = Some(c.device.clone());
                capture = Some(c);
                None
            }
            AudioSource::File { path, realtime } => {
                Some((crate::audio::wav::read_16k_mono(&path)?, realtime, audio_tx))
            }
            AudioSource::Samples { samples, realtime } => Some((samples, realtime, audio_tx)),
        };
        let feeder = recorded.map(|(samples, realtime, audio_tx)| {
            spawn_feeder(samples, realtime, mute.clone(), audio_tx, stop_rx.clone())
        });
        let (control_tx, control_rx) = crossbeam_channel::unbounded();
        let listener = Listener::new(config.listen, grammar);
        let worker_mute = mute.clone();
        let worker = std::thread::Builder::new()
            .name("rochade-listener".into())
            .spawn(move || {
                run_listener(
                    listener,
                    recognizer,
                    audio_rx,
                    control_rx,
                    stop_rx,
                    worker_mute,
                    events_tx,
                )
            })
            .map_err(|e| AudioError::Stream(e.to_string()))?;
        Ok((
            VoiceHandle {
                control: control_tx,
                mute,
                stop: Some(stop_tx),
                worker: Some(worker),
                feeder,
                capture,
                backend,
                device,
            },
            events_rx,
        ))
    }
}

/// Sends samples as capture blocks of 512, in real time or at once; an empty block marks
/// the end.
fn spawn_feeder(
    samples: Vec<i16>,
    realtime: bool,
    mute: MuteSwitch,
    tx: Sender<CaptureEvent>,
    stop: Receiver<()>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let started = Instant::now();
        for (i, block) in samples.chunks(512).enumerate() {
            if realtime {
                let due = Duration::from_secs_f64((i * 512) as f64 / f64::from(SAMPLE_RATE));
                // the handle stops the feeder by dropping its end of `stop`
                if let Some(wait) = due.checked_sub(started.elapsed())
                    && !matches!(
                        stop.recv_timeout(wait),
                        Err(crossbeam_channel::RecvTimeoutError::Timeout)
                    )
                {
                    return;
                }
            } else if matches!(
                stop.try_recv(),
                Err(crossbeam_channel::TryRecvError::Disconnected)
            ) {
                return;
            }
            let samples = if mute.is_muted() {
                vec![0.0; block.len()]
            } else {
                block.iter().map(|s| f32::from(*s) / 32768.0).collect()
            };
            let event = CaptureEvent::Block {
                samples,
                rate: SAMPLE_RATE,
            };
            if realtime {
                let _ = tx.try_send(event);
            } else if tx.send(event).is_err() {
                return;
            }
        }
        let _ = tx.send(CaptureEvent::Block {
            samples: Vec::new(),
            rate: SAMPLE_RATE,
        });
    })
}

fn run_listener(
    mut listener: Listener,
    mut recognizer: Box<dyn Recognizer>,
    audio: Receiver<CaptureEvent>,
    control: Receiver<Control>,
    stop: Receiver<()>,
    mute: MuteSwitch,
    events: Sender<VoiceEvent>,
) {
    let mut resampler: Option<Resampler> = None;
    let mut pending_grammar: Option<Grammar> = None;
    let send_all = |list: Vec<VoiceEvent>| {
        for e in list {
            let _ = events.send(e);
        }
    };
    loop {
        if mute.is_muted() && listener.in_utterance() {
            listener.reset(recognizer.as_mut());
        }
        if !listener.in_utterance()
            && let Some(grammar) = pending_grammar.take()
        {
            match listener.set_grammar(recognizer.as_mut(), grammar) {
                Ok(report) => {
                    let _ = events.send(VoiceEvent::GrammarSet {
                        warning: report.warning(recognizer.backend()),
                        report,
                    });
                }
                Err(e) => {
                    let _ = events.send(VoiceEvent::Notice(format!(
                        "the new grammar could not be used, the old one stays: {e}"
                    )));
                }
            }
        }
        crossbeam_channel::select! {
            recv(stop) -> _ => break,
            recv(control) -> message => match message {
                Ok(Control::Grammar(grammar)) => pending_grammar = Some(grammar),
                Ok(Control::Talk(down)) => send_all(listener.talk(recognizer.as_mut(), down)),
                Err(_) => break,
            },
            recv(audio) -> event => match event {
                Ok(CaptureEvent::Block { samples, rate }) => {
                    if samples.is_empty() {
                        match listener.finish(recognizer.as_mut()) {
                            Ok(list) => send_all(list),
                            Err(e) => { let _ = events.send(VoiceEvent::Notice(e.to_string())); }
                        }
                        let _ = events.send(VoiceEvent::EndOfInput);
                        continue;
                    }
                    let resampler = resampler.get_or_insert_with(|| Resampler::new(rate, SAMPLE_RATE));
                    let converted: Vec<i16> = resampler
                        .process(&samples)
                        .into_iter()
                        .map(crate::audio::to_i16)
                        .collect();
                    match listener.push(recognizer.as_mut(), &converted) {
                        Ok(list) => send_all(list),
                        Err(e) => {
                            let _ = events.send(VoiceEvent::Notice(format!("recognition failed: {e}")));
                            listener.reset(recognizer.as_mut());
                        }
                    }
                }
                Ok(CaptureEvent::Error(message)) => {
                    let _ = events.send(VoiceEvent::DeviceError(format!(
                        "the microphone stopped working ({message}); voice input is off, use the keyboard"
                    )));
                    break;
                }
                Err(_) => break,
            },
            default(Duration::from_millis(50)) => {}
        }
    }
}
