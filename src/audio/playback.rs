//! Playing samples on an output device (espeak-ng speech when speech-dispatcher is not
//! usable). Blocking, with a deadline: a stream that stops consuming samples ends the
//! call with an error instead of a hang.
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, StreamTrait};

use super::devices::find_output;
use super::resample::resample;
use super::{AudioError, DEVICE_TIMEOUT};

/// How long after the last sample was handed to the device the sound is assumed to be out
/// of the speaker (the device's buffer).
const DRAIN: Duration = Duration::from_millis(250);

/// Plays mono samples at `rate` on the output device `device` (`None`: the default) and
/// returns when they have been played. Fails if the device cannot be opened within
/// [`DEVICE_TIMEOUT`] or stops taking samples.
pub fn play(device: Option<&str>, samples: &[i16], rate: u32) -> Result<(), AudioError> {
    let wanted = device.map(str::to_string);
    let samples = samples.to_vec();
    let (done_tx, done_rx) = crossbeam_channel::bounded::<Result<(), AudioError>>(1);
    let duration = Duration::from_secs_f64(samples.len() as f64 / f64::from(rate.max(1)));
    std::thread::Builder::new()
        .name("rochade-playback".into())
        .spawn(move || {
            let _ = done_tx.send(play_blocking(wanted.as_deref(), samples, rate, duration));
        })
        .map_err(|e| AudioError::NoOutput(e.to_string()))?;
    // opening, a start stall of PulseAudio (1–1.5 s), the sound itself, and a margin
    let deadline = DEVICE_TIMEOUT + duration * 2 + Duration::from_secs(2);
    done_rx
        .recv_timeout(deadline)
        .map_err(|_| AudioError::Timeout(deadline.as_secs()))?
}

fn play_blocking(
    device: Option<&str>,
    samples: Vec<i16>,
    rate: u32,
    duration: Duration,
) -> Result<(), AudioError> {
    let _quiet = alsa::Output::local_error_handler().ok();
    let device = find_output(device)?;
    let supported = device
        .default_output_config()
        .map_err(|e| AudioError::NoOutput(e.to_string()))?;
    let channels = usize::from(supported.channels().max(1));
    let out_rate = supported.sample_rate();
    let samples: Arc<Vec<f32>> = Arc::new(
        resample(&samples, rate, out_rate)
            .into_iter()
            .map(|s| f32::from(s) / 32768.0)
            .collect(),
    );
    let total = samples.len();
    let played = Arc::new(AtomicUsize::new(0));
    let mut config = supported.config();
    config.buffer_size = cpal::BufferSize::Fixed(2048);
    let build = |config: cpal::StreamConfig| {
        let samples = samples.clone();
        let played = played.clone();
        device.build_output_stream_raw(
            config,
            supported.sample_format(),
            move |data: &mut cpal::Data, _info: &cpal::OutputCallbackInfo| {
                let start = played.load(Ordering::SeqCst);
                let frames = data.len() / channels;
                let next = |i: usize| samples.get(start + i).copied().unwrap_or(0.0);
                match data.sample_format() {
                    cpal::SampleFormat::F32 => {
                        if let Some(out) = data.as_slice_mut::<f32>() {
                            for (i, frame) in out.chunks_mut(channels).enumerate() {
                                frame.fill(next(i));
                            }
                        }
                    }
                    cpal::SampleFormat::I16 => {
                        if let Some(out) = data.as_slice_mut::<i16>() {
                            for (i, frame) in out.chunks_mut(channels).enumerate() {
                                frame.fill(super::to_i16(next(i)));
                            }
                        }
                    }
                    cpal::SampleFormat::I32 => {
                        if let Some(out) = data.as_slice_mut::<i32>() {
                            for (i, frame) in out.chunks_mut(channels).enumerate() {
                                frame.fill((next(i) * 2_147_483_647.0) as i32);
                            }
                        }
                    }
                    _ => {}
                }
                played.store((start + frames).min(samples.len()), Ordering::SeqCst);
            },
            |_err| {},
            Some(Duration::from_secs(3)),
        )
    };
    let stream = build(config)
        .or_else(|_| {
            config.buffer_size = cpal::BufferSize::Default;
            build(config)
        })
        .map_err(|e| AudioError::NoOutput(e.to_string()))?;
    stream
        .play()
        .map_err(|e| AudioError::NoOutput(e.to_string()))?;
    let started = Instant::now();
    let mut last_progress = (0usize, Instant::now());
    loop {
        let now = played.load(Ordering::SeqCst);
        if now >= total {
            break;
        }
        if now != last_progress.0 {
            last_progress = (now, Instant::now());
        } else if last_progress.1.elapsed() > Duration::from_secs(3) {
            return Err(AudioError::Stream(
                "the output device stopped taking sound".into(),
            ));
        }
        if started.elapsed() > duration * 3 + Duration::from_secs(3) {
            return Err(AudioError::Stream("playback took far too long".into()));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(DRAIN);
    drop(stream);
    Ok(())
}
