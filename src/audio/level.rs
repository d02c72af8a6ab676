//! How well the microphone hears, for the check before the first move: the room's noise
//! from a second of quiet ([`judge_room`]: a microphone that gives no sound at all, a quiet
//! room, or one too loud for moves to be heard surely) and the player's voice against it
//! ([`judge_voice`]). Pure: samples in (16 kHz mono), judgements out.
use super::endpoint::level_db;

/// 100 ms at 16 kHz: the frames levels are measured in.
const FRAME: usize = 1_600;

/// Below this the microphone gives no sound at all (muted, unplugged, a dead channel).
pub const SILENT_DB: f64 = -90.0;

/// Above this noise floor no move heard is sure enough for the correction window
/// (docs/VOICE.md, "The fit: sure, unsure, not understood"): the room is too loud.
pub const NOISY_DB: f64 = -50.0;

/// The voice must stand this far above the noise to be heard well.
pub const VOICE_OVER_NOISE_DB: f64 = 15.0;

/// The room as the microphone hears it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Room {
    /// No sound at all: the microphone is muted or gives nothing.
    Silent,
    Quiet,
    /// So loud that moves will not be heard surely.
    Noisy,
}

/// The player's voice as the microphone hears it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoiceLevel {
    Good,
    /// Too little above the noise: the microphone should be nearer the mouth.
    TooQuiet,
}

/// The levels of the 100 ms frames of `samples`, in dB full scale.
fn frame_levels(samples: &[i16]) -> Vec<f64> {
    let mut levels: Vec<f64> = samples.chunks(FRAME).map(level_db).collect();
    levels.sort_by(f64::total_cmp);
    levels
}

/// The room's noise level (the median frame, so a click does not count) and what it means.
pub fn judge_room(quiet: &[i16]) -> (f64, Room) {
    let levels = frame_levels(quiet);
    let noise = levels.get(levels.len() / 2).copied().unwrap_or(-120.0);
    let room = if noise < SILENT_DB {
        Room::Silent
    } else if noise > NOISY_DB {
        Room::Noisy
    } else {
        Room::Quiet
    };
    (noise, room)
}

/// The voice's level (the loudest tenth of the utterance's frames, where the words are) and
/// whether it stands far enough above the room's `noise_db`.
pub fn judge_voice(utterance: &[i16], noise_db: f64) -> (f64, VoiceLevel) {
    let levels = frame_levels(utterance);
    let loud = levels
        .get(levels.len().saturating_sub(1 + levels.len() / 10))
        .copied()
        .unwrap_or(-120.0);
    let level = if loud - noise_db.max(SILENT_DB) < VOICE_OVER_NOISE_DB {
        VoiceLevel::TooQuiet
    } else {
        VoiceLevel::Good
    };
    (loud, level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::resample::resample;
    use crate::audio::wav::{read_16k_mono, write_mono};

    /// White noise at about `db` dB full scale (a fixed generator: the same every run).
    fn noise(seconds: f64, db: f64) -> Vec<i16> {
        let amplitude = 32768.0 * 10f64.powf(db / 20.0) * 3f64.sqrt();
        let mut state: u32 = 0x1234_5678;
        (0..(seconds * 16_000.0) as usize)
            .map(|_| {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                let uniform = f64::from(state >> 8) / f64::from(1u32 << 24) * 2.0 - 1.0;
                (uniform * amplitude) as i16
            })
            .collect()
    }

    /// espeak-ng saying `text` at 16 kHz, scaled by `gain`, over `background`.
    fn spoken(text: &str, gain: f64, background: &[i16]) -> Vec<i16> {
        let speech =
            crate::speech::espeak::synthesize(text, &crate::speech::espeak::Voice::new("de", 150))
                .expect("espeak-ng");
        let words = resample(&speech.samples, speech.sample_rate, 16_000);
        background
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let w = words.get(i).map_or(0.0, |w| f64::from(*w) * gain);
                (f64::from(*b) + w).clamp(-32768.0, 32767.0) as i16
            })
            .collect()
    }

    /// Written to a WAV file and read back, as a recording is.
    fn through_wav(samples: &[i16]) -> Vec<i16> {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("take.wav");
        write_mono(&path, samples, 16_000).expect("write");
        read_16k_mono(&path).expect("read")
    }

    #[test]
    fn the_room_is_judged_from_a_second_of_quiet() {
        let silent = through_wav(&vec![0; 16_000]);
        assert_eq!(judge_room(&silent).1, Room::Silent);
        let (db, room) = judge_room(&through_wav(&noise(1.0, -65.0)));
        assert_eq!(room, Room::Quiet);
        assert!((-66.0..-64.0).contains(&db), "{db}");
        assert_eq!(judge_room(&through_wav(&noise(1.0, -40.0))).1, Room::Noisy);
    }

    #[test]
    fn the_voice_is_judged_against_the_noise() {
        let background = noise(2.5, -65.0);
        let (room_db, _) = judge_room(&background[..16_000]);
        let clear = through_wav(&spoken("Springer Felix drei", 1.0, &background));
        assert_eq!(judge_voice(&clear, room_db).1, VoiceLevel::Good);
        let faint = through_wav(&spoken("Springer Felix drei", 0.003, &background));
        assert_eq!(judge_voice(&faint, room_db).1, VoiceLevel::TooQuiet);
    }
}
