//! Noise suppression for what the recognizer hears: RNNoise (the `nnnoiseless` port, its
//! own built-in model, trained on real speech and real noise) over the 16 kHz stream, which
//! it hears at its own 48 kHz. A stream in, the same number of samples out, a fixed
//! [`DELAY`] later.
//!
//! ```
//! use rochade::audio::denoise::{DELAY, Denoiser};
//! let mut denoiser = Denoiser::new();
//! let out = denoiser.process(&vec![0i16; 1_000]);
//! assert_eq!(out.len(), 1_000);
//! assert!(DELAY < 400); // 25 ms
//! ```
use std::collections::VecDeque;
use std::f64::consts::PI;

use nnnoiseless::DenoiseState;

/// RNNoise's rate is three times the recognizers'.
const FACTOR: usize = 3;

/// Taps of the low-pass filter at 48 kHz, for the way up and the way down: a multiple of
/// [`FACTOR`], long enough that the band the recognizers use (to about 6.8 kHz) passes whole
/// and what lies over 8 kHz is gone.
const TAPS: usize = 144;

/// Where the filter cuts, in Hz.
const CUTOFF_HZ: f64 = 7_300.0;

/// 16 kHz output held back so that every block's output is ready when the block has gone in:
/// RNNoise hears whole frames of 10 ms.
const HELD: usize = DenoiseState::FRAME_SIZE / FACTOR;

/// How many 16 kHz samples the output trails the input: the [`HELD`] frame, the filters'
/// delay on the way up and down, and RNNoise's own frame of overlap, about 23 ms.
pub const DELAY: usize = HELD + (TAPS - 1) / FACTOR + DenoiseState::FRAME_SIZE / FACTOR;

/// A streaming noise suppressor for 16 kHz mono audio.
pub struct Denoiser {
    state: Box<DenoiseState<'static>>,
    /// The windowed-sinc low-pass filter at 48 kHz (gain 1).
    filter: Vec<f32>,
    /// The last 16 kHz input samples, newest last (the way up).
    history_in: VecDeque<f32>,
    /// The last 48 kHz samples RNNoise gave, newest last (the way down).
    history_out: VecDeque<f32>,
    /// 48 kHz input not yet a whole RNNoise frame.
    frame: Vec<f32>,
    /// Which of every three 48 kHz output samples is taken next.
    phase: usize,
    /// 16 kHz output not yet handed out; starts as [`HELD`] samples of silence.
    ready: VecDeque<i16>,
}

impl Default for Denoiser {
    fn default() -> Self {
        Denoiser::new()
    }
}

impl Denoiser {
    pub fn new() -> Denoiser {
        let rate = f64::from(super::SAMPLE_RATE) * FACTOR as f64;
        let fc = CUTOFF_HZ / rate;
        let middle = (TAPS - 1) as f64 / 2.0;
        let filter = (0..TAPS)
            .map(|n| {
                let x = n as f64 - middle;
                let sinc = if x == 0.0 {
                    2.0 * fc
                } else {
                    (2.0 * PI * fc * x).sin() / (PI * x)
                };
                let t = n as f64 / (TAPS - 1) as f64;
                let blackman = 0.42 - 0.5 * (2.0 * PI * t).cos() + 0.08 * (4.0 * PI * t).cos();
                (sinc * blackman) as f32
            })
            .collect();
        Denoiser {
            state: DenoiseState::new(),
            filter,
            history_in: std::iter::repeat_n(0.0, TAPS / FACTOR).collect(),
            history_out: std::iter::repeat_n(0.0, TAPS).collect(),
            frame: Vec::with_capacity(DenoiseState::FRAME_SIZE),
            phase: 0,
            ready: std::iter::repeat_n(0, HELD).collect(),
        }
    }

    /// The denoised stream for the next `input.len()` samples, [`DELAY`] samples behind.
    pub fn process(&mut self, input: &[i16]) -> Vec<i16> {
        for sample in input {
            self.history_in.pop_front();
            self.history_in.push_back(f32::from(*sample));
            // the way up: the input with two zeros after each sample, filtered; each of the
            // three outputs takes every third tap (times three for the zeros' lost energy)
            for p in 0..FACTOR {
                let mut acc = 0.0;
                for (k, x) in self.history_in.iter().rev().enumerate() {
                    acc += self.filter[k * FACTOR + p] * x;
                }
                self.frame.push(acc * FACTOR as f32);
            }
            if self.frame.len() == DenoiseState::FRAME_SIZE {
                self.denoise_frame();
            }
        }
        let n = input.len().min(self.ready.len());
        let mut out: Vec<i16> = self.ready.drain(..n).collect();
        // never short with HELD at its value; kept whole all the same
        out.resize(input.len(), 0);
        out
    }

    /// RNNoise over the frame, then the way down: filtered, every third sample kept.
    fn denoise_frame(&mut self) {
        let mut output = [0.0f32; DenoiseState::FRAME_SIZE];
        self.state.process_frame(&mut output, &self.frame);
        self.frame.clear();
        for sample in output {
            self.history_out.pop_front();
            self.history_out.push_back(sample);
            self.phase = (self.phase + 1) % FACTOR;
            if self.phase == 0 {
                let acc: f32 = self
                    .history_out
                    .iter()
                    .rev()
                    .zip(&self.filter)
                    .map(|(x, h)| x * h)
                    .sum();
                self.ready
                    .push_back(acc.round().clamp(-32768.0, 32767.0) as i16);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    fn rms(s: &[i16]) -> f64 {
        (s.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>() / s.len().max(1) as f64).sqrt()
    }

    #[test]
    fn the_stream_keeps_its_length_in_blocks_of_any_size() {
        let mut d = Denoiser::new();
        let mut total = 0;
        for size in [1, 7, 160, 333, 1600, 5] {
            let out = d.process(&vec![100; size]);
            assert_eq!(out.len(), size);
            total += out.len();
        }
        assert_eq!(total, 1 + 7 + 160 + 333 + 1600 + 5);
    }

    #[test]
    fn steady_noise_is_taken_down_far() {
        let noise = crate::audio::noise(16_000 * 3, 3000, 7);
        let out = Denoiser::new().process(&noise);
        let before = rms(&noise[16_000..]);
        let after = rms(&out[16_000..]);
        assert!(after < before / 4.0, "{before} → {after}");
    }

    #[test]
    fn a_voiced_sound_keeps_most_of_its_level() {
        // a buzz at a voice's pitch with its harmonics, as a vowel has
        let voice: Vec<i16> = (0..16_000 * 2)
            .map(|i| {
                let t = i as f64 / 16_000.0;
                let s: f64 = (1..12)
                    .map(|h| (2.0 * PI * 140.0 * h as f64 * t).sin() / h as f64)
                    .sum();
                (s * 4000.0) as i16
            })
            .collect();
        let out = Denoiser::new().process(&voice);
        let before = rms(&voice[8_000..]);
        let after = rms(&out[8_000..]);
        assert!(after > before * 0.3, "{before} → {after}");
    }

    #[test]
    fn the_output_trails_the_input_by_the_delay() {
        // a vowel-like buzz whose pitch glides, so that only one lag lines it up
        let voice: Vec<i16> = (0..16_000 * 2)
            .map(|i| {
                let t = i as f64 / 16_000.0;
                let f0 = 120.0 + 40.0 * t;
                let s: f64 = (1..10)
                    .map(|h| (2.0 * PI * f0 * h as f64 * t).sin() / h as f64)
                    .sum();
                (s * 4000.0) as i16
            })
            .collect();
        let out = Denoiser::new().process(&voice);
        let correlation = |lag: usize| -> f64 {
            (8_000..30_000)
                .map(|i| f64::from(voice[i - lag]) * f64::from(out[i]))
                .sum()
        };
        let best = (0..800)
            .max_by(|a, b| correlation(*a).total_cmp(&correlation(*b)))
            .unwrap_or(0);
        assert!(best.abs_diff(DELAY) <= 8, "lag {best}, DELAY {DELAY}");
    }
}
