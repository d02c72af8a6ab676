//! WAV files in and out: any PCM or float WAV read as 16 kHz mono (what the recognizers
//! take), and 16-bit mono files written (test utterances, recordings of spoken moves).
//!
//! ```no_run
//! let samples = rochade::audio::wav::read_16k_mono("move.wav".as_ref())?;
//! rochade::audio::wav::write_mono("copy.wav".as_ref(), &samples, 16_000)?;
//! # Ok::<(), rochade::audio::AudioError>(())
//! ```
use std::path::Path;

use super::AudioError;
use super::resample::resample;

/// Reads a WAV file as mono samples at its own rate: channels are averaged.
pub fn read_mono(path: &Path) -> Result<(Vec<i16>, u32), AudioError> {
    let bad = |e: hound::Error| AudioError::Wav(path.to_path_buf(), e.to_string());
    let mut reader = hound::WavReader::open(path).map_err(bad)?;
    let spec = reader.spec();
    let channels = usize::from(spec.channels.max(1));
    let as_f32: Vec<f32> = match (spec.sample_format, spec.bits_per_sample) {
        (hound::SampleFormat::Float, _) => reader
            .samples::<f32>()
            .collect::<Result<_, _>>()
            .map_err(bad)?,
        (hound::SampleFormat::Int, bits) => {
            let scale = 1.0 / (1i64 << (bits.clamp(1, 32) - 1)) as f32;
            reader
                .samples::<i32>()
                .map(|s| s.map(|v| v as f32 * scale))
                .collect::<Result<_, _>>()
                .map_err(bad)?
        }
    };
    let mono: Vec<i16> = as_f32
        .chunks(channels)
        .map(|frame| super::to_i16(frame.iter().sum::<f32>() / frame.len() as f32))
        .collect();
    Ok((mono, spec.sample_rate))
}

/// Reads a WAV file as 16 kHz mono 16-bit samples, resampling and mixing down as needed.
pub fn read_16k_mono(path: &Path) -> Result<Vec<i16>, AudioError> {
    let (samples, rate) = read_mono(path)?;
    Ok(resample(&samples, rate, super::SAMPLE_RATE))
}

/// Writes 16-bit mono samples.
pub fn write_mono(path: &Path, samples: &[i16], sample_rate: u32) -> Result<(), AudioError> {
    let bad = |e: hound::Error| AudioError::Wav(path.to_path_buf(), e.to_string());
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::create(path, spec).map_err(bad)?;
    for s in samples {
        writer.write_sample(*s).map_err(bad)?;
    }
    writer.finalize().map_err(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stereo_48k_float_reads_as_16k_mono() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("stereo.wav");
        let spec = hound::WavSpec {
            channels: 2,
            sample_rate: 48_000,
            bits_per_sample: 32,
            sample_format: hound::SampleFormat::Float,
        };
        let mut w = hound::WavWriter::create(&path, spec).expect("create");
        for i in 0..48_000 {
            let x = (i as f32 * 440.0 * std::f32::consts::TAU / 48_000.0).sin() * 0.5;
            w.write_sample(x).expect("left");
            w.write_sample(x).expect("right");
        }
        w.finalize().expect("finalize");
        let samples = read_16k_mono(&path).expect("read");
        assert!(
            (15_990..=16_010).contains(&samples.len()),
            "{}",
            samples.len()
        );
        let peak = samples[1000..15_000].iter().map(|s| s.unsigned_abs()).max();
        assert!(
            peak.is_some_and(|p| (15_000..17_500).contains(&p)),
            "{peak:?}"
        );
    }

    #[test]
    fn write_then_read_round_trips() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("m.wav");
        let samples: Vec<i16> = (0..1600).map(|i| ((i % 100) * 100) as i16).collect();
        write_mono(&path, &samples, 16_000).expect("write");
        assert_eq!(read_16k_mono(&path).expect("read"), samples);
        assert!(matches!(
            read_16k_mono(&dir.path().join("none.wav")),
            Err(AudioError::Wav(..))
        ));
    }
}
