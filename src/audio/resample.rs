//! Sample-rate conversion with a windowed-sinc filter, as a stream (microphone blocks of any
//! size) or in one piece (files). Going down (48 kHz to 16 kHz) the filter cuts at the new
//! Nyquist frequency, so that nothing above 8 kHz folds back into the band the recognizers
//! listen to.
//!
//! ```
//! use rochade::audio::resample::resample;
//! let one_second_48k = vec![0i16; 48_000];
//! assert_eq!(resample(&one_second_48k, 48_000, 16_000).len(), 16_000);
//! ```
use std::f64::consts::PI;

/// Zero crossings of the sinc on each side: the filter's quality.
const ZERO_CROSSINGS: f64 = 8.0;

/// A streaming resampler from one rate to another.
#[derive(Debug, Clone)]
pub struct Resampler {
    from: u32,
    to: u32,
    /// Input samples per output sample.
    step: f64,
    /// Cut-off as a fraction of the input Nyquist frequency.
    cutoff: f64,
    /// Half-width of the filter in input samples.
    half_width: f64,
    /// Input not yet consumed, starting at input index `offset`.
    buffer: Vec<f32>,
    /// Position of the next output sample, in input samples relative to `buffer[0]`.
    position: f64,
}

impl Resampler {
    pub fn new(from: u32, to: u32) -> Resampler {
        let from = from.max(1);
        let to = to.max(1);
        let cutoff = (f64::from(to) / f64::from(from)).min(1.0) * 0.97;
        let half_width = ZERO_CROSSINGS / cutoff;
        Resampler {
            from,
            to,
            step: f64::from(from) / f64::from(to),
            cutoff,
            half_width,
            // history before the first sample is silence, so output starts at input time 0
            buffer: vec![0.0; half_width.ceil() as usize],
            position: half_width.ceil(),
        }
    }

    pub fn is_identity(&self) -> bool {
        self.from == self.to
    }

    fn kernel(&self, x: f64) -> f64 {
        if x.abs() >= self.half_width {
            return 0.0;
        }
        let t = x * self.cutoff;
        let sinc = if t.abs() < 1e-9 {
            1.0
        } else {
            (PI * t).sin() / (PI * t)
        };
        // Blackman window over the support
        let w = 0.42
            + 0.5 * (PI * x / self.half_width).cos()
            + 0.08 * (2.0 * PI * x / self.half_width).cos();
        self.cutoff * sinc * w
    }

    /// Converts the next block of input; output comes out as soon as enough input follows it.
    pub fn process(&mut self, input: &[f32]) -> Vec<f32> {
        if self.is_identity() {
            return input.to_vec();
        }
        self.buffer.extend_from_slice(input);
        let mut out = Vec::with_capacity((input.len() as f64 / self.step) as usize + 2);
        let reach = self.half_width.ceil() as usize;
        while (self.position.floor() as usize) + reach < self.buffer.len() {
            let center = self.position.floor() as i64;
            let first = (center - reach as i64 + 1).max(0) as usize;
            let last = (center as usize + reach).min(self.buffer.len() - 1);
            let mut acc = 0.0;
            for (k, sample) in self.buffer[first..=last].iter().enumerate() {
                let x = self.position - (first + k) as f64;
                acc += f64::from(*sample) * self.kernel(x);
            }
            out.push(acc as f32);
            self.position += self.step;
        }
        // drop input no future output sample reaches
        let keep_from = (self.position.floor() as usize).saturating_sub(reach);
        if keep_from > 0 {
            self.buffer.drain(..keep_from);
            self.position -= keep_from as f64;
        }
        out
    }

    /// Pushes silence through so that the output covers all input given so far.
    pub fn flush(&mut self) -> Vec<f32> {
        if self.is_identity() {
            return Vec::new();
        }
        let pad = vec![0.0; self.half_width.ceil() as usize + 1];
        self.process(&pad)
    }
}

/// Resamples a whole signal; the output has `len × to / from` samples (rounded).
pub fn resample(samples: &[i16], from: u32, to: u32) -> Vec<i16> {
    if from == to {
        return samples.to_vec();
    }
    let mut resampler = Resampler::new(from, to);
    let input: Vec<f32> = samples.iter().map(|s| f32::from(*s) / 32768.0).collect();
    let mut out = resampler.process(&input);
    out.extend(resampler.flush());
    let expected = (samples.len() as u64 * u64::from(to)).div_ceil(u64::from(from)) as usize;
    out.truncate(expected);
    out.resize(expected, 0.0);
    out.into_iter().map(super::to_i16).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(freq: f64, rate: u32, seconds: f64) -> Vec<i16> {
        let n = (f64::from(rate) * seconds) as usize;
        (0..n)
            .map(|i| ((i as f64 * freq * 2.0 * PI / f64::from(rate)).sin() * 16000.0) as i16)
            .collect()
    }

    fn rms(s: &[i16]) -> f64 {
        (s.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>() / s.len().max(1) as f64).sqrt()
    }

    #[test]
    fn passband_tone_keeps_its_level_and_frequency() {
        let out = resample(&tone(1000.0, 48_000, 1.0), 48_000, 16_000);
        assert_eq!(out.len(), 16_000);
        let inner = &out[500..15_500];
        let level = rms(inner) / (16000.0 / 2f64.sqrt());
        assert!((0.97..1.03).contains(&level), "{level}");
        // 1 kHz at 16 kHz: 2000 zero crossings a second
        let crossings = inner
            .windows(2)
            .filter(|w| (w[0] < 0) != (w[1] < 0))
            .count();
        assert!((1850..1900).contains(&crossings), "{crossings}");
    }

    #[test]
    fn tones_above_the_new_nyquist_are_removed() {
        let out = resample(&tone(12_000.0, 48_000, 1.0), 48_000, 16_000);
        assert!(
            rms(&out[500..15_500]) < 200.0,
            "aliasing: {}",
            rms(&out[500..15_500])
        );
    }

    #[test]
    fn streaming_in_odd_blocks_equals_one_piece() {
        let input = tone(440.0, 44_100, 0.5);
        let floats: Vec<f32> = input.iter().map(|s| f32::from(*s) / 32768.0).collect();
        let mut a = Resampler::new(44_100, 16_000);
        let mut whole = a.process(&floats);
        whole.extend(a.flush());
        let mut b = Resampler::new(44_100, 16_000);
        let mut pieces = Vec::new();
        for block in floats.chunks(333) {
            pieces.extend(b.process(block));
        }
        pieces.extend(b.flush());
        assert_eq!(whole.len(), pieces.len());
        assert!(whole.iter().zip(&pieces).all(|(x, y)| (x - y).abs() < 1e-6));
    }

    #[test]
    fn upsampling_8k_to_16k_doubles_the_length() {
        let out = resample(&tone(500.0, 8_000, 1.0), 8_000, 16_000);
        assert_eq!(out.len(), 16_000);
        let level = rms(&out[500..15_500]) / (16000.0 / 2f64.sqrt());
        assert!((0.95..1.05).contains(&level), "{level}");
    }
}
