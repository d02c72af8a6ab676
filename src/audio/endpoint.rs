//! Endpointing: where an utterance starts and ends in a stream of 16 kHz samples, by frame
//! energy against a tracked noise floor. Pure and deterministic: the caller feeds samples
//! and asks how long it has been quiet.
//!
//! The floor is the median level of the recent frames outside speech: a room's noise
//! (pink noise above all) varies by several dB from one 10 ms frame to the next, so a floor
//! that followed the quietest frames would count the ordinary ones as speech and never
//! find the end of an utterance.
//!
//! ```
//! use rochade::audio::endpoint::{Endpointer, EndpointConfig};
//! let mut ep = Endpointer::new(EndpointConfig::default());
//! let silence = vec![0i16; 8000];
//! let tone: Vec<i16> = (0..8000).map(|i| ((i as f32 * 0.3).sin() * 8000.0) as i16).collect();
//! ep.push(&silence);
//! assert!(!ep.in_speech());
//! ep.push(&tone);
//! assert!(ep.in_speech());
//! ep.push(&silence);
//! assert!(ep.silence_ms() >= 490);
//! assert_eq!(ep.last_speech_end(), Some(16_000)); // sample index where the tone stopped
//! ```

/// Samples per analysis frame (10 ms at 16 kHz).
pub const FRAME: usize = 160;

/// How many recent quiet frames the floor is the median of (one second).
const FLOOR_FRAMES: usize = 100;

/// Tuning of the endpointer.
#[derive(Debug, Clone, PartialEq)]
pub struct EndpointConfig {
    /// A frame this many dB over the noise floor can start speech …
    pub start_db: f64,
    /// … and this many consecutive such frames do.
    pub start_frames: usize,
    /// Within speech, a frame this many dB over the floor still counts as speech.
    pub continue_db: f64,
    /// Frames quieter than this (dB full scale) are never speech.
    pub min_level_db: f64,
    /// The floor never goes below this (digital silence would make any click speech).
    pub floor_min_db: f64,
}

impl Default for EndpointConfig {
    fn default() -> Self {
        EndpointConfig {
            start_db: 10.0,
            start_frames: 3,
            continue_db: 6.0,
            min_level_db: -55.0,
            floor_min_db: -70.0,
        }
    }
}

/// Tracks speech and silence over a stream.
#[derive(Debug, Clone)]
pub struct Endpointer {
    config: EndpointConfig,
    /// Noise floor, dB full scale.
    floor_db: Option<f64>,
    /// Levels of the recent frames outside speech, oldest first.
    quiet: std::collections::VecDeque<f64>,
    pending: Vec<i16>,
    /// Samples analysed so far (whole frames).
    analysed: u64,
    in_speech: bool,
    loud_run: usize,
    speech_start: Option<u64>,
    last_speech_end: Option<u64>,
}

/// The median of the levels, if any.
fn median(levels: &std::collections::VecDeque<f64>) -> Option<f64> {
    let mut sorted: Vec<f64> = levels.iter().copied().collect();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied()
}

/// Level of a frame in dB full scale.
pub fn level_db(frame: &[i16]) -> f64 {
    if frame.is_empty() {
        return -120.0;
    }
    let power = frame
        .iter()
        .map(|s| (f64::from(*s) / 32768.0).powi(2))
        .sum::<f64>()
        / frame.len() as f64;
    10.0 * power.max(1e-12).log10()
}

impl Endpointer {
    pub fn new(config: EndpointConfig) -> Endpointer {
        Endpointer {
            config,
            floor_db: None,
            quiet: std::collections::VecDeque::with_capacity(FLOOR_FRAMES),
            pending: Vec::new(),
            analysed: 0,
            in_speech: false,
            loud_run: 0,
            speech_start: None,
            last_speech_end: None,
        }
    }

    /// Analyses more samples.
    pub fn push(&mut self, samples: &[i16]) {
        self.pending.extend_from_slice(samples);
        let whole = self.pending.len() / FRAME * FRAME;
        let frames: Vec<i16> = self.pending.drain(..whole).collect();
        for frame in frames.chunks(FRAME) {
            self.frame(level_db(frame));
        }
    }

    fn frame(&mut self, db: f64) {
        let floor = self.floor_db.unwrap_or(db).max(self.config.floor_min_db);
        let start = self.analysed;
        self.analysed += FRAME as u64;
        let loud = db > self.config.min_level_db;
        if self.in_speech {
            if loud && db > floor + self.config.continue_db {
                self.last_speech_end = Some(self.analysed);
            }
        } else if loud && db > floor + self.config.start_db {
            self.loud_run += 1;
            if self.loud_run >= self.config.start_frames {
                self.in_speech = true;
                self.speech_start =
                    Some(start.saturating_sub(((self.config.start_frames - 1) * FRAME) as u64));
                self.last_speech_end = Some(self.analysed);
            }
        } else {
            self.loud_run = 0;
        }
        // Only frames outside speech tell what the room sounds like.
        if !self.in_speech {
            if self.quiet.len() == FLOOR_FRAMES {
                self.quiet.pop_front();
            }
            self.quiet.push_back(db);
        }
        let next = median(&self.quiet).unwrap_or(floor);
        self.floor_db = Some(next.max(self.config.floor_min_db));
    }

    /// Whether speech has started (and [`Endpointer::reset_utterance`] not been called since).
    pub fn in_speech(&self) -> bool {
        self.in_speech
    }

    /// Sample index where the current speech started.
    pub fn speech_start(&self) -> Option<u64> {
        self.speech_start
    }

    /// Sample index just after the last frame that was speech.
    pub fn last_speech_end(&self) -> Option<u64> {
        self.last_speech_end
    }

    /// Milliseconds of non-speech since the last speech frame (0 outside speech).
    pub fn silence_ms(&self) -> u64 {
        match (self.in_speech, self.last_speech_end) {
            (true, Some(end)) => (self.analysed.saturating_sub(end)) / 16,
            _ => 0,
        }
    }

    /// Milliseconds since the current speech started.
    pub fn speech_ms(&self) -> u64 {
        self.speech_start
            .map(|s| self.analysed.saturating_sub(s) / 16)
            .unwrap_or(0)
    }

    /// Samples analysed so far.
    pub fn position(&self) -> u64 {
        self.analysed
    }

    /// The noise floor in dB full scale, once known.
    pub fn floor_db(&self) -> Option<f64> {
        self.floor_db
    }

    /// Ends the current utterance: the next loud frames start a new one. The noise floor
    /// is kept.
    pub fn reset_utterance(&mut self) {
        self.in_speech = false;
        self.loud_run = 0;
        self.speech_start = None;
        self.last_speech_end = None;
    }

    /// Forces speech to start now (push-to-talk).
    pub fn force_speech(&mut self) {
        self.in_speech = true;
        self.loud_run = 0;
        self.speech_start = Some(self.analysed);
        self.last_speech_end = Some(self.analysed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noise(n: usize, amp: f64, seed: u64) -> Vec<i16> {
        crate::audio::noise(n, amp as i16, seed)
    }

    fn tone(n: usize, amp: f64) -> Vec<i16> {
        (0..n)
            .map(|i| ((i as f64 * 0.2).sin() * amp) as i16)
            .collect()
    }

    #[test]
    fn speech_in_noise_is_found_and_its_end_is_within_a_frame() {
        let mut ep = Endpointer::new(EndpointConfig::default());
        ep.push(&noise(16_000, 300.0, 1));
        assert!(!ep.in_speech());
        let floor = ep.floor_db().unwrap_or(0.0);
        assert!((-50.0..-42.0).contains(&floor), "{floor}");
        // speech 10 dB over the noise
        let speech: Vec<i16> = tone(16_000, 1400.0)
            .iter()
            .zip(noise(16_000, 300.0, 2))
            .map(|(a, b)| a.saturating_add(b))
            .collect();
        ep.push(&speech);
        assert!(ep.in_speech());
        let start = ep.speech_start().unwrap_or(0);
        assert!((16_000..16_000 + 3 * 160).contains(&start), "{start}");
        ep.push(&noise(8_000, 300.0, 3));
        let end = ep.last_speech_end().unwrap_or(0);
        assert!((32_000 - 160..=32_000 + 160).contains(&end), "{end}");
        assert!(
            (490..=510).contains(&ep.silence_ms()),
            "{}",
            ep.silence_ms()
        );
    }

    /// Noise whose level jumps by 8 dB from frame to frame, as pink noise does.
    fn uneven_noise(frames: usize, seed: u64) -> Vec<i16> {
        (0..frames)
            .flat_map(|f| {
                noise(
                    FRAME,
                    if f % 2 == 0 { 200.0 } else { 500.0 },
                    seed + f as u64,
                )
            })
            .collect()
    }

    #[test]
    fn the_end_of_speech_is_found_in_uneven_noise() {
        let mut ep = Endpointer::new(EndpointConfig::default());
        ep.push(&uneven_noise(100, 10));
        assert!(!ep.in_speech(), "the noise alone is not speech");
        let speech: Vec<i16> = tone(16_000, 6000.0)
            .iter()
            .zip(uneven_noise(100, 20))
            .map(|(a, b)| a.saturating_add(b))
            .collect();
        ep.push(&speech);
        assert!(ep.in_speech());
        ep.push(&uneven_noise(60, 30));
        // The louder noise frames are not taken for more speech: the quiet runs on.
        assert!(ep.silence_ms() >= 590, "{}", ep.silence_ms());
    }

    #[test]
    fn a_click_does_not_start_speech() {
        let mut ep = Endpointer::new(EndpointConfig::default());
        ep.push(&vec![0; 8000]);
        ep.push(&tone(160, 20_000.0));
        ep.push(&vec![0; 8000]);
        assert!(!ep.in_speech());
    }

    #[test]
    fn reset_keeps_the_floor_and_waits_for_new_speech() {
        let mut ep = Endpointer::new(EndpointConfig::default());
        ep.push(&noise(8000, 200.0, 4));
        ep.push(&tone(4000, 8000.0));
        assert!(ep.in_speech());
        ep.reset_utterance();
        assert!(!ep.in_speech() && ep.silence_ms() == 0);
        assert!(ep.floor_db().is_some());
        ep.push(&noise(4000, 200.0, 5));
        assert!(!ep.in_speech());
    }
}
