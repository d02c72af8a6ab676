//! Audio in and out: microphone capture with cpal (PulseAudio when a server runs, ALSA
//! otherwise), conversion to 16 kHz mono, noise suppression, endpointing, WAV files, playback,
//! and the device list. Everything that touches a device has a deadline and a plain error, so
//! that a machine without audio gets a message and keyboard input, never a hang.
pub mod alarm;
pub mod capture;
pub mod denoise;
pub mod devices;
pub mod endpoint;
pub mod level;
pub mod pactl;
pub mod playback;
pub mod resample;
pub mod voicing;
pub mod wav;

use std::path::PathBuf;
use std::time::Duration;

/// The rate the recognizers take.
pub const SAMPLE_RATE: u32 = 16_000;

/// How long opening or listing an audio device may take before it counts as broken.
pub const DEVICE_TIMEOUT: Duration = Duration::from_secs(5);

/// What went wrong with audio, in words a person can act on.
#[derive(Debug, thiserror::Error)]
pub enum AudioError {
    #[error("no audio input device could be opened ({0}); use the keyboard, or --audio-file WAV")]
    NoInput(String),
    #[error("no audio output device could be opened ({0})")]
    NoOutput(String),
    #[error("there is no audio device named {0:?}; `rochade devices` lists them")]
    UnknownDevice(String),
    #[error("the audio device did not answer within {0} seconds")]
    Timeout(u64),
    #[error("the audio stream failed: {0}")]
    Stream(String),
    #[error("cannot read or write the WAV file {0}: {1}")]
    Wav(PathBuf, String),
}

/// Deterministic white noise: `len` samples, uniform in ±`amplitude`, from `seed`.
pub fn noise(len: usize, amplitude: i16, seed: u64) -> Vec<i16> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let amp = i64::from(amplitude.unsigned_abs());
    (0..len)
        .map(|_| {
            // xorshift64*
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let r = state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33;
            let v = (r % (2 * amp as u64 + 1)) as i64 - amp;
            v as i16
        })
        .collect()
}

/// A float sample (-1 to 1) as 16-bit, clipped: what [`resample`] and [`wav`] hand on.
pub fn to_i16(x: f32) -> i16 {
    (x * 32768.0).round().clamp(-32768.0, 32767.0) as i16
}

/// Root-mean-square level of samples.
pub fn rms(samples: &[i16]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    (samples.iter().map(|s| f64::from(*s).powi(2)).sum::<f64>() / samples.len() as f64).sqrt()
}

/// Mixes `noise` into `speech` so that the speech is `snr_db` louder than the noise. The
/// speech level is measured over its active part (frames within 30 dB of its loudest), so
/// that padding silence does not lower it; the noise is repeated or cut to length.
pub fn mix_at_snr(speech: &[i16], noise: &[i16], snr_db: f64) -> Vec<i16> {
    if speech.is_empty() || noise.is_empty() {
        return speech.to_vec();
    }
    let frames: Vec<&[i16]> = speech.chunks(endpoint::FRAME).collect();
    let loudest = frames
        .iter()
        .map(|f| endpoint::level_db(f))
        .fold(f64::MIN, f64::max);
    let active: Vec<i16> = frames
        .iter()
        .filter(|f| endpoint::level_db(f) > loudest - 30.0)
        .flat_map(|f| f.iter().copied())
        .collect();
    let speech_rms = rms(&active);
    let noise_rms = rms(noise);
    if noise_rms == 0.0 {
        return speech.to_vec();
    }
    let gain = speech_rms / (noise_rms * 10f64.powf(snr_db / 20.0));
    speech
        .iter()
        .zip(noise.iter().cycle())
        .map(|(s, n)| {
            (f64::from(*s) + f64::from(*n) * gain)
                .round()
                .clamp(-32768.0, 32767.0) as i16
        })
        .collect()
}

/// Runs `f` on a helper thread and waits at most `timeout` for it: device libraries can
/// block forever when an audio server is half there.
pub fn with_timeout<T: Send + 'static>(
    timeout: Duration,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, AudioError> {
    let (tx, rx) = crossbeam_channel::bounded(1);
    std::thread::Builder::new()
        .name("rochade-audio-probe".into())
        .spawn(move || {
            let _ = tx.send(f());
        })
        .map_err(|e| AudioError::Stream(e.to_string()))?;
    rx.recv_timeout(timeout)
        .map_err(|_| AudioError::Timeout(timeout.as_secs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_is_deterministic_and_bounded() {
        let a = noise(1000, 500, 3);
        assert_eq!(a, noise(1000, 500, 3));
        assert_ne!(a, noise(1000, 500, 4));
        assert!(a.iter().all(|s| s.abs() <= 500));
        let level = rms(&a);
        assert!((250.0..330.0).contains(&level), "{level}");
    }

    #[test]
    fn mixing_reaches_the_asked_snr_over_the_speech() {
        let tone: Vec<i16> = (0..16_000)
            .map(|i| ((i as f64 * 0.1).sin() * 10_000.0) as i16)
            .collect();
        let mut speech = vec![0i16; 8000];
        speech.extend(&tone);
        speech.extend(vec![0i16; 8000]);
        let n = noise(5000, 1000, 9);
        let mixed = mix_at_snr(&speech, &n, 10.0);
        assert_eq!(mixed.len(), speech.len());
        let added: Vec<i16> = mixed.iter().zip(&speech).map(|(m, s)| m - s).collect();
        let snr = 20.0 * (rms(&tone) / rms(&added)).log10();
        assert!((9.8..10.2).contains(&snr), "{snr}");
    }

    #[test]
    fn a_stuck_call_times_out() {
        let r = with_timeout(Duration::from_millis(50), || {
            std::thread::sleep(Duration::from_secs(2));
        });
        assert!(matches!(r, Err(AudioError::Timeout(_))));
        assert_eq!(with_timeout(Duration::from_secs(1), || 7).ok(), Some(7));
    }
}
