//! The alarm in the player's headphones: a short falling pattern of three tones that tells
//! the player something failed when speech itself cannot say so (every speech output failed).
//! It is played on the player's own output device, as speech is, never on another: a sound
//! that only the player hears, not one for the playing hall.
//!
//! ```
//! use rochade::audio::alarm::{ALARM_RATE, alarm_samples, alarms_in};
//! let samples = alarm_samples();
//! assert_eq!(alarms_in(&samples, ALARM_RATE), 1);
//! assert_eq!(alarms_in(&vec![0; 16_000], ALARM_RATE), 0);
//! ```
use super::AudioError;
use super::playback;

/// The rate the pattern is made at.
pub const ALARM_RATE: u32 = 16_000;

/// The pattern's tones in Hz, high to low: unlike speech, and unlike the clock's beeps.
pub const ALARM_TONES: [f64; 3] = [880.0, 660.0, 440.0];

/// How long each tone sounds, and the quiet after it.
const TONE_MS: u32 = 160;
const GAP_MS: u32 = 80;

/// How loud, of full scale: clearly heard in headphones, not startling.
const LEVEL: f64 = 0.3;

/// The pattern once: the three tones with a gap after each, faded in and out (5 ms) so they
/// do not click.
pub fn alarm_samples() -> Vec<i16> {
    let per_ms = (ALARM_RATE / 1000) as usize;
    let tone_len = TONE_MS as usize * per_ms;
    let fade = 5 * per_ms;
    let mut out = Vec::with_capacity(ALARM_TONES.len() * (TONE_MS + GAP_MS) as usize * per_ms);
    for freq in ALARM_TONES {
        for i in 0..tone_len {
            let edge = i.min(tone_len - 1 - i);
            let gain = (edge as f64 / fade as f64).min(1.0);
            let phase = 2.0 * std::f64::consts::PI * freq * i as f64 / f64::from(ALARM_RATE);
            out.push((phase.sin() * LEVEL * gain * 32767.0).round() as i16);
        }
        out.extend(std::iter::repeat_n(0, GAP_MS as usize * per_ms));
    }
    out
}

/// Plays the pattern on `device` (the player's output; `None`: the default output) and
/// returns when it has sounded.
pub fn play_alarm(device: Option<&str>) -> Result<(), AudioError> {
    playback::play(device, &alarm_samples(), ALARM_RATE)
}

/// The power of one frequency in a block of samples (Goertzel), normalised by its length.
fn power_at(block: &[i16], rate: u32, freq: f64) -> f64 {
    let w = 2.0 * std::f64::consts::PI * freq / f64::from(rate);
    let coeff = 2.0 * w.cos();
    let (mut s1, mut s2) = (0.0f64, 0.0f64);
    for &x in block {
        let s = f64::from(x) + coeff * s1 - s2;
        s2 = s1;
        s1 = s;
    }
    (s1 * s1 + s2 * s2 - coeff * s1 * s2) / (block.len() as f64).powi(2)
}

/// Which of the pattern's tones a block is, if one of them carries most of its energy.
fn tone_of(block: &[i16], rate: u32) -> Option<usize> {
    let energy = block.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / block.len() as f64;
    // Quieter than about -50 dB full scale: silence.
    if energy < 1e3 {
        return None;
    }
    let powers: Vec<f64> = ALARM_TONES
        .iter()
        .map(|&f| power_at(block, rate, f))
        .collect();
    let (best, &power) = powers
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))?;
    // A pure tone of amplitude A has power A²/4 here and energy A²/2: half the energy.
    (power > 0.3 * energy).then_some(best)
}

/// How many times the whole pattern (the three tones in order) sounds in `samples`, for
/// tests that record what the player heard.
pub fn alarms_in(samples: &[i16], rate: u32) -> usize {
    let block = (rate / 50).max(1) as usize; // 20 ms
    let mut heard = 0;
    let mut next = 0usize;
    let mut last: Option<usize> = None;
    for chunk in samples.chunks(block).filter(|c| c.len() == block) {
        let tone = tone_of(chunk, rate);
        if tone == last {
            continue;
        }
        last = tone;
        match tone {
            Some(t) if t == next => {
                next += 1;
                if next == ALARM_TONES.len() {
                    heard += 1;
                    next = 0;
                }
            }
            Some(0) => next = 1,
            Some(_) => next = 0,
            None => {}
        }
    }
    heard
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pattern_is_found_in_noise_and_after_resampling() {
        let mut samples = vec![0i16; 8000];
        samples.extend(alarm_samples());
        samples.extend(vec![0i16; 4000]);
        samples.extend(alarm_samples());
        let noise = crate::audio::noise(samples.len(), 300, 7);
        let noisy: Vec<i16> = samples
            .iter()
            .zip(&noise)
            .map(|(s, n)| s.saturating_add(*n))
            .collect();
        assert_eq!(alarms_in(&noisy, ALARM_RATE), 2);
        let at_48k = crate::audio::resample::resample(&samples, ALARM_RATE, 48_000);
        assert_eq!(alarms_in(&at_48k, 48_000), 2);
    }

    #[test]
    fn speech_is_not_an_alarm() {
        let speech = crate::speech::espeak::synthesize(
            "Springer Felix drei",
            &crate::speech::espeak::Voice::new("de", 175),
        );
        if let Ok(speech) = speech {
            assert_eq!(alarms_in(&speech.samples, speech.sample_rate), 0);
        }
        // Tones in the wrong order are not the pattern either.
        let mut reversed = alarm_samples();
        reversed.reverse();
        assert_eq!(alarms_in(&reversed, ALARM_RATE), 0);
    }
}
