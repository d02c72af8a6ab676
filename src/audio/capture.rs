//! Microphone capture: a cpal input stream on its own thread, delivering mono blocks at the
//! device's rate over a channel. The audio callback does nothing but copy (resampling and
//! recognition happen on the listener thread), drops blocks while the microphone is muted,
//! and never blocks.
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, StreamTrait};
use crossbeam_channel::{Receiver, Sender};

use super::devices::{find_input, id_of, input_config};
use super::{AudioError, DEVICE_TIMEOUT};

/// A block of captured audio, mono, at `rate`.
#[derive(Debug, Clone)]
pub enum CaptureEvent {
    Block {
        samples: Vec<f32>,
        rate: u32,
    },
    /// The stream failed after it started (device unplugged, server gone).
    Error(String),
}

/// The microphone's mute switch, shared by the capture callback and whoever speaks: audio
/// is dropped until a point in time (milliseconds on the switch's own clock).
#[derive(Debug, Clone)]
pub struct MuteSwitch {
    clock: Instant,
    until_ms: Arc<AtomicU64>,
}

impl Default for MuteSwitch {
    fn default() -> Self {
        MuteSwitch::new()
    }
}

impl MuteSwitch {
    pub fn new() -> MuteSwitch {
        MuteSwitch {
            clock: Instant::now(),
            until_ms: Arc::new(AtomicU64::new(0)),
        }
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.clock.elapsed().as_millis()).unwrap_or(u64::MAX - 1)
    }

    /// Mutes until [`MuteSwitch::unmute`].
    pub fn mute(&self) {
        self.until_ms.store(u64::MAX, Ordering::SeqCst);
    }

    /// Unmutes after `tail` more (to let the end of the speaker's sound die away).
    pub fn unmute_after(&self, tail: Duration) {
        let until = self
            .now_ms()
            .saturating_add(u64::try_from(tail.as_millis()).unwrap_or(0));
        self.until_ms.store(until, Ordering::SeqCst);
    }

    pub fn unmute(&self) {
        self.until_ms.store(0, Ordering::SeqCst);
    }

    pub fn is_muted(&self) -> bool {
        self.now_ms() < self.until_ms.load(Ordering::SeqCst)
    }

    /// Mutes now and unmutes `tail` after the guard is dropped.
    pub fn guard(&self, tail: Duration) -> MuteGuard {
        self.mute();
        MuteGuard {
            switch: self.clone(),
            tail,
        }
    }
}

/// Keeps the microphone muted while it lives (see [`MuteSwitch::guard`]).
#[derive(Debug)]
pub struct MuteGuard {
    switch: MuteSwitch,
    tail: Duration,
}

impl Drop for MuteGuard {
    fn drop(&mut self) {
        self.switch.unmute_after(self.tail);
    }
}

/// A running capture; dropping it stops the stream.
pub struct Capture {
    stop: Option<Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The device actually opened.
    pub device: String,
    pub rate: u32,
}

impl Drop for Capture {
    fn drop(&mut self) {
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn to_mono(data: &cpal::Data, channels: usize) -> Vec<f32> {
    fn mono<T: Copy>(samples: &[T], channels: usize, f: impl Fn(T) -> f32) -> Vec<f32> {
        samples
            .chunks(channels.max(1))
            .map(|frame| frame.iter().map(|s| f(*s)).sum::<f32>() / frame.len() as f32)
            .collect()
    }
    match data.sample_format() {
        cpal::SampleFormat::I16 => data
            .as_slice::<i16>()
            .map(|s| mono(s, channels, |x| f32::from(x) / 32768.0)),
        cpal::SampleFormat::I32 => data
            .as_slice::<i32>()
            .map(|s| mono(s, channels, |x| x as f32 / 2_147_483_648.0)),
        cpal::SampleFormat::F32 => data.as_slice::<f32>().map(|s| mono(s, channels, |x| x)),
        cpal::SampleFormat::F64 => data
            .as_slice::<f64>()
            .map(|s| mono(s, channels, |x| x as f32)),
        cpal::SampleFormat::U16 => data
            .as_slice::<u16>()
            .map(|s| mono(s, channels, |x| (f32::from(x) - 32768.0) / 32768.0)),
        cpal::SampleFormat::U8 => data
            .as_slice::<u8>()
            .map(|s| mono(s, channels, |x| (f32::from(x) - 128.0) / 128.0)),
        _ => None,
    }
    .unwrap_or_default()
}

/// Opens the input device (`None`: the default) and starts sending blocks to `tx`. Fails
/// with a plain error within [`DEVICE_TIMEOUT`] when no stream can be started.
pub fn start(
    device: Option<&str>,
    mute: MuteSwitch,
    tx: Sender<CaptureEvent>,
) -> Result<Capture, AudioError> {
    let wanted = device.map(str::to_string);
    let (ready_tx, ready_rx) = crossbeam_channel::bounded::<Result<(String, u32), AudioError>>(1);
    let (stop_tx, stop_rx): (Sender<()>, Receiver<()>) = crossbeam_channel::bounded(0);
    let thread = std::thread::Builder::new()
        .name("rochade-capture".into())
        .spawn(move || {
            let opened = (|| {
                let _quiet = alsa::Output::local_error_handler().ok();
                let device = find_input(wanted.as_deref())?;
                let supported = input_config(&device)?;
                let channels = usize::from(supported.channels());
                let rate = supported.sample_rate();
                let mut config = supported.config();
                config.buffer_size = cpal::BufferSize::Fixed(512);
                let data_tx = tx.clone();
                let error_tx = tx.clone();
                let callback_mute = mute.clone();
                let build = |config: cpal::StreamConfig| {
                    let data_tx = data_tx.clone();
                    let error_tx = error_tx.clone();
                    let callback_mute = callback_mute.clone();
                    device.build_input_stream_raw(
                        config,
                        supported.sample_format(),
                        move |data: &cpal::Data, _info: &cpal::InputCallbackInfo| {
                            if callback_mute.is_muted() {
                                return;
                            }
                            let samples = to_mono(data, channels);
                            // a full channel means the listener is behind: drop, never block
                            let _ = data_tx.try_send(CaptureEvent::Block { samples, rate });
                        },
                        move |err| {
                            let _ = error_tx.try_send(CaptureEvent::Error(err.to_string()));
                        },
                        Some(Duration::from_secs(3)),
                    )
                };
                let stream = build(config).or_else(|_| {
                    config.buffer_size = cpal::BufferSize::Default;
                    build(config)
                });
                let stream = stream.map_err(|e| AudioError::NoInput(e.to_string()))?;
                stream
                    .play()
                    .map_err(|e| AudioError::NoInput(e.to_string()))?;
                Ok((stream, id_of(&device), rate))
            })();
            match opened {
                Ok((stream, id, rate)) => {
                    let _ = ready_tx.send(Ok((id, rate)));
                    // keep the stream (which must stay on this thread) until told to stop
                    let _ = stop_rx.recv();
                    drop(stream);
                }
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                }
            }
        })
        .map_err(|e| AudioError::NoInput(e.to_string()))?;
    match ready_rx.recv_timeout(DEVICE_TIMEOUT) {
        Ok(Ok((device, rate))) => Ok(Capture {
            stop: Some(stop_tx),
            thread: Some(thread),
            device,
            rate,
        }),
        Ok(Err(e)) => {
            let _ = thread.join();
            Err(e)
        }
        Err(_) => {
            // the thread is stuck inside the audio library: leave it, report
            drop(stop_tx);
            Err(AudioError::Timeout(DEVICE_TIMEOUT.as_secs()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mute_switch_and_guard() {
        let m = MuteSwitch::new();
        assert!(!m.is_muted());
        {
            let _g = m.guard(Duration::from_millis(200));
            assert!(m.is_muted());
        }
        assert!(m.is_muted(), "the tail keeps it muted a little longer");
        std::thread::sleep(Duration::from_millis(250));
        assert!(!m.is_muted());
        m.mute();
        assert!(m.is_muted());
        m.unmute();
        assert!(!m.is_muted());
    }
}
