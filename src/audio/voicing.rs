//! Voicing: how much of a stretch of audio is voiced, i.e. periodic at a pitch a human
//! voice has (60–500 Hz). Every word a player says to the assistant holds a vowel, and a
//! vowel spoken aloud is voiced; a cough, a sniff, a knock or a rustle is noise without a
//! pitch. The recognizers force any sound onto their grammar ("yep" from a cough), so an
//! utterance with almost no voice in it is never taken as sure.
//!
//! The measure is the classic normalized autocorrelation of each 30 ms frame at the lags of
//! a voice's pitch, on the audio halved to 8 kHz (pitch lives far below 4 kHz, and it
//! quarters the work). It tells a voice from broadband noise (a cough, a sniff, a rustle),
//! not from a narrow band of low noise: a rumble or a throat-clearing made of brown noise
//! under 500 Hz looks periodic at its own centre. Taking the low band away (a high-pass)
//! lost too much of the voice itself in noise, so such sounds are left to the recognizer's
//! acoustic fit, as before.

/// Frames this much quieter than the utterance's loudest one are not looked at: the noise
/// floor between words is neither voice nor evidence against it.
const QUIET_BELOW_LOUDEST_DB: f64 = 30.0;

/// A frame whose best autocorrelation at a pitch lag reaches this is voiced. Clean vowels
/// reach 0.8–0.95, in pink noise at 10 dB about 0.7; band-limited noise as wide as a
/// cough's stays under 0.4 at these lags.
const VOICED_CORRELATION: f64 = 0.6;

/// The rate the measure runs at, after halving the recognizers' 16 kHz.
const RATE: usize = 8_000;
/// Frame and hop, in samples at [`RATE`]: 30 ms frames every 10 ms.
const FRAME: usize = RATE * 30 / 1000;
const HOP: usize = RATE / 100;
/// The lags of pitches from 500 Hz down to 60 Hz.
const MIN_LAG: usize = RATE / 500;
const MAX_LAG: usize = RATE / 60;

/// Milliseconds of voiced sound in `samples` (16 kHz mono), counted in 10 ms steps.
pub fn voiced_ms(samples: &[i16]) -> u64 {
    voiced_frames(samples, usize::MAX) as u64 * 10
}

/// Whether `samples` hold at least `ms` of voiced sound. It stops at the first `ms`: the
/// listener asks this of every utterance, and the pitch measure is the costly part.
pub fn has_voice(samples: &[i16], ms: u64) -> bool {
    let frames = usize::try_from(ms.div_ceil(10)).unwrap_or(usize::MAX);
    voiced_frames(samples, frames) >= frames
}

/// The voiced frames of `samples`, counted up to `enough`.
fn voiced_frames(samples: &[i16], enough: usize) -> usize {
    // Halved by averaging pairs: a crude low-pass, enough for a pitch measure.
    let audio: Vec<f64> = samples
        .chunks_exact(2)
        .map(|p| (f64::from(p[0]) + f64::from(p[1])) / 2.0)
        .collect();
    if audio.len() < FRAME + MAX_LAG {
        return 0;
    }
    let starts: Vec<usize> = (0..=audio.len() - FRAME - MAX_LAG).step_by(HOP).collect();
    let energy = |start: usize| -> f64 {
        let frame = &audio[start..start + FRAME];
        let mean = frame.iter().sum::<f64>() / FRAME as f64;
        frame.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / FRAME as f64
    };
    let energies: Vec<f64> = starts.iter().map(|&s| energy(s)).collect();
    let loudest = energies.iter().copied().fold(0.0, f64::max);
    if loudest <= 0.0 {
        return 0;
    }
    let floor = loudest / 10f64.powf(QUIET_BELOW_LOUDEST_DB / 10.0);
    starts
        .iter()
        .zip(&energies)
        .filter(|(_, e)| **e >= floor)
        .filter(|(start, _)| {
            pitch_correlation(&audio[**start..**start + FRAME + MAX_LAG]) >= VOICED_CORRELATION
        })
        .take(enough)
        .count()
}

/// The best normalized autocorrelation of the frame `audio[..FRAME]` against itself shifted
/// by a pitch lag (the slice holds [`MAX_LAG`] samples more).
fn pitch_correlation(audio: &[f64]) -> f64 {
    let mean = audio[..FRAME].iter().sum::<f64>() / FRAME as f64;
    let x: Vec<f64> = audio.iter().map(|s| s - mean).collect();
    let head = &x[..FRAME];
    let head_energy: f64 = head.iter().map(|v| v * v).sum();
    if head_energy <= 0.0 {
        return 0.0;
    }
    let mut best: f64 = 0.0;
    for lag in MIN_LAG..=MAX_LAG {
        let shifted = &x[lag..lag + FRAME];
        let (mut cross, mut shifted_energy) = (0.0, 0.0);
        for (a, b) in head.iter().zip(shifted) {
            cross += a * b;
            shifted_energy += b * b;
        }
        if shifted_energy > 0.0 {
            best = best.max(cross / (head_energy * shifted_energy).sqrt());
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    const SR: f64 = 16_000.0;

    /// A vowel-like sound: harmonics of `pitch` with falling amplitudes, `ms` long.
    fn vowel(pitch: f64, ms: usize) -> Vec<i16> {
        (0..ms * 16)
            .map(|i| {
                let t = i as f64 / SR;
                let s: f64 = (1..=12)
                    .map(|h| (2.0 * std::f64::consts::PI * pitch * h as f64 * t).sin() / h as f64)
                    .sum();
                (s * 6000.0) as i16
            })
            .collect()
    }

    /// Repeatable white noise (a linear congruential generator), `ms` long.
    fn noise(ms: usize, seed: u64) -> Vec<f64> {
        let mut state = seed;
        (0..ms * 16)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((state >> 33) as f64 / (1u64 << 31) as f64) - 0.5
            })
            .collect()
    }

    fn to_i16(x: &[f64], peak: f64) -> Vec<i16> {
        let max = x.iter().fold(0.0f64, |m, v| m.max(v.abs())).max(1e-9);
        x.iter().map(|v| (v / max * peak) as i16).collect()
    }

    #[test]
    fn a_vowel_is_voiced_for_about_its_length() {
        let v = vowel(120.0, 400);
        let ms = voiced_ms(&v);
        assert!((300..=400).contains(&ms), "{ms}");
        // a high voice too
        assert!(voiced_ms(&vowel(280.0, 300)) >= 200);
    }

    #[test]
    fn has_voice_stops_at_enough_and_agrees_with_the_count() {
        let v = vowel(120.0, 400);
        assert!(has_voice(&v, 60) && has_voice(&v, voiced_ms(&v)));
        assert!(!has_voice(&v, voiced_ms(&v) + 10));
        assert!(!has_voice(&to_i16(&noise(500, 7), 12000.0), 60));
    }

    #[test]
    fn white_noise_and_a_cough_like_burst_are_not_voiced() {
        assert!(voiced_ms(&to_i16(&noise(500, 7), 12000.0)) <= 20);
        // a cough: noise through a resonance near 800 Hz, about 1 kHz wide, with a decay
        let raw = noise(250, 11);
        let (r, theta) = (0.75f64, 2.0 * std::f64::consts::PI * 800.0 / SR);
        let (mut y1, mut y2) = (0.0, 0.0);
        let burst: Vec<f64> = raw
            .iter()
            .enumerate()
            .map(|(i, x)| {
                let y = x + 2.0 * r * theta.cos() * y1 - r * r * y2;
                y2 = y1;
                y1 = y;
                y * (-(i as f64) / (SR * 0.08)).exp()
            })
            .collect();
        assert!(voiced_ms(&to_i16(&burst, 15000.0)) <= 20);
    }

    #[test]
    fn a_vowel_in_noise_stays_voiced_and_silence_is_not() {
        let v = vowel(150.0, 400);
        let n = to_i16(&noise(400, 3), 2000.0);
        let mixed: Vec<i16> = v
            .iter()
            .zip(&n)
            .map(|(a, b)| a.saturating_add(*b))
            .collect();
        assert!(voiced_ms(&mixed) >= 250, "{}", voiced_ms(&mixed));
        assert_eq!(voiced_ms(&[0; 16_000]), 0);
        assert_eq!(voiced_ms(&[]), 0);
    }
}
