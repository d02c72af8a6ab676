//! Endpointing: where an utterance starts and ends in a stream of 16 kHz samples, by frame
//! energy against a tracked noise floor. Pure and deterministic: the caller feeds samples
//! and asks how long it has been quiet.
//!
//! The floor is the median level of the recent frames outside speech: a room's noise
//! (pink noise above all) varies by several dB from one 10 ms frame to the next, so a floor
//! that followed the quietest frames would count the ordinary ones as speech and never
//! find the end of an utterance.
//!
//! The levels are those of the sound above 100 Hz ([`HighPass`]). A rumble (traffic,
//! ventilation, a hand on the microphone's cable) has its power below it, and a 10 ms frame
//! holds less than a period of it, so its level swings from frame to frame: in brown noise
//! one frame in 23 lay 6 dB over the median, took the pause after the last word for more
//! speech, and held a read-back back by up to a second. A voice has next to nothing there
//! (its lowest pitch is about 85 Hz, its words' sounds lie far above).
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
//! // where the tone stopped (sample 16 000), to within a 10 ms frame
//! assert!(ep.last_speech_end().is_some_and(|end| (16_000..=16_160).contains(&end)));
//! ```

/// Samples per analysis frame (10 ms at 16 kHz).
pub const FRAME: usize = 160;

/// How many recent quiet frames the floor is the median of (one second).
const FLOOR_FRAMES: usize = 100;

/// Where [`HighPass`] cuts, in Hz.
pub const HIGH_PASS_HZ: f64 = 100.0;

/// A second-order Butterworth high-pass filter at [`HIGH_PASS_HZ`] for 16 kHz samples,
/// carried over from one call to the next (the bilinear transform of the analogue filter).
#[derive(Debug, Clone)]
pub struct HighPass {
    b: [f64; 3],
    a: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl Default for HighPass {
    fn default() -> Self {
        let w0 = 2.0 * std::f64::consts::PI * HIGH_PASS_HZ / 16_000.0;
        let alpha = w0.sin() / std::f64::consts::SQRT_2;
        let cos = w0.cos();
        let a0 = 1.0 + alpha;
        HighPass {
            b: [
                (1.0 + cos) / 2.0 / a0,
                -(1.0 + cos) / a0,
                (1.0 + cos) / 2.0 / a0,
            ],
            a: [-2.0 * cos / a0, (1.0 - alpha) / a0],
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }
}

impl HighPass {
    /// The samples filtered, in order after those of the calls before.
    pub fn filter(&mut self, samples: &[i16]) -> Vec<i16> {
        samples
            .iter()
            .map(|s| {
                let x = f64::from(*s);
                let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
                    - self.a[0] * self.y[0]
                    - self.a[1] * self.y[1];
                self.x = [x, self.x[0]];
                self.y = [y, self.y[0]];
                y.round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
            })
            .collect()
    }
}

/// Tuning of the endpointer.
#[derive(Debug, Clone, PartialEq)]
pub struct EndpointConfig {
    /// A frame this many dB over the noise floor can start speech …
    pub start_db: f64,
    /// … and this many consecutive such frames do.
    pub start_frames: usize,
    /// Within speech, a frame this many dB over the floor still counts as speech …
    pub continue_db: f64,
    /// … unless it is this many dB under the median of the utterance's speech: the tail a
    /// room's echo, a breath or a recording's hiss leaves after the last word is no word,
    /// and counting it as speech held back the end of the utterance (a diphone voice's tail
    /// of -56 dBFS behind speech at -16, 250 ms long, delayed its read-back by as much).
    /// A word's own quiet end stays speech: espeak-ng's final "f" of "fünf" lies 18 to 23 dB
    /// under the median, its final "s" 10.
    pub end_below_speech_db: f64,
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
            end_below_speech_db: 30.0,
            min_level_db: -55.0,
            floor_min_db: -70.0,
        }
    }
}

/// Tracks speech and silence over a stream.
#[derive(Debug, Clone)]
pub struct Endpointer {
    config: EndpointConfig,
    /// What the levels are measured behind.
    high_pass: HighPass,
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
    /// Levels (dB full scale) of the frames of the current speech that count as speech.
    speech_levels: Vec<f64>,
    /// The loudest of them: only a frame far under it can be far under their median.
    loudest_db: f64,
}

/// The median of the levels, if any.
fn median(levels: &std::collections::VecDeque<f64>) -> Option<f64> {
    let mut sorted: Vec<f64> = levels.iter().copied().collect();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied()
}

/// Level of a frame in dB full scale, its DC offset left out: a constant offset is no sound.
/// Many sound cards and microphones record one, and a diphone voice ends its recordings on one
/// (an offset of 140 after "hotel three" measured -49.5 dBFS, 26 dB under the speech: as
/// speech, it held the end of the utterance back by 230 ms; without it the frames lie at -68).
pub fn level_db(frame: &[i16]) -> f64 {
    if frame.is_empty() {
        return -120.0;
    }
    let mean = frame.iter().map(|s| f64::from(*s)).sum::<f64>() / frame.len() as f64;
    let power = frame
        .iter()
        .map(|s| ((f64::from(*s) - mean) / 32768.0).powi(2))
        .sum::<f64>()
        / frame.len() as f64;
    10.0 * power.max(1e-12).log10()
}

impl Endpointer {
    pub fn new(config: EndpointConfig) -> Endpointer {
        Endpointer {
            config,
            high_pass: HighPass::default(),
            floor_db: None,
            quiet: std::collections::VecDeque::with_capacity(FLOOR_FRAMES),
            pending: Vec::new(),
            analysed: 0,
            in_speech: false,
            loud_run: 0,
            speech_start: None,
            last_speech_end: None,
            speech_levels: Vec::new(),
            loudest_db: f64::NEG_INFINITY,
        }
    }

    /// Analyses more samples.
    pub fn push(&mut self, samples: &[i16]) {
        let filtered = self.high_pass.filter(samples);
        self.pending.extend_from_slice(&filtered);
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
            if loud && db > floor + self.config.continue_db && !self.under_the_speech(db) {
                self.last_speech_end = Some(self.analysed);
                self.speech_levels.push(db);
                self.loudest_db = self.loudest_db.max(db);
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

    /// Whether a frame of `db` lies [`EndpointConfig::end_below_speech_db`] under the median
    /// of the utterance's speech so far.
    fn under_the_speech(&self, db: f64) -> bool {
        let span = self.config.end_below_speech_db;
        db < self.loudest_db - span
            && self
                .speech_level_db()
                .is_some_and(|median| db < median - span)
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

    /// The median level (dB full scale) of the frames of the current speech, once there is
    /// speech: with the floor, how far the voice stands out of the room's noise.
    pub fn speech_level_db(&self) -> Option<f64> {
        let mut sorted = self.speech_levels.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.get(sorted.len() / 2).copied()
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
        self.speech_levels.clear();
        self.loudest_db = f64::NEG_INFINITY;
    }

    /// Forces speech to start now (push-to-talk).
    pub fn force_speech(&mut self) {
        self.in_speech = true;
        self.loud_run = 0;
        self.speech_start = Some(self.analysed);
        self.last_speech_end = Some(self.analysed);
    }
}

/// Where the speech of a whole recording is, as sample indices: its longest stretch of
/// speech runs with no pause of `split_ms` or more inside (the live listener would end an
/// utterance at such a pause), widened by `pad_ms` on each side (the pre-roll a live
/// listener keeps); `None` when nothing in it counts as speech.
///
/// Unlike the stream, a recording can be looked at whole, so the floor is the level of its
/// quietest tenth: a recording that starts in the middle of a word keeps that word. The
/// longest stretch wins, so that the end of an earlier sound caught at the start of a
/// recording does not stand in for the utterance.
pub fn speech_span(
    samples: &[i16],
    config: &EndpointConfig,
    split_ms: u64,
    pad_ms: u64,
) -> Option<std::ops::Range<usize>> {
    let levels: Vec<f64> = HighPass::default()
        .filter(samples)
        .chunks(FRAME)
        .map(level_db)
        .collect();
    let mut sorted = levels.clone();
    sorted.sort_by(f64::total_cmp);
    let floor = sorted.get(sorted.len() / 10)?.max(config.floor_min_db);
    let loud: Vec<bool> = levels
        .iter()
        .map(|db| *db > config.min_level_db && *db > floor + config.start_db)
        .collect();
    let run = config.start_frames.max(1);
    let split_frames = (split_ms * 16) as usize / FRAME;
    // stretches of speech, as frame ranges: runs of loud frames, joined across short pauses
    let mut stretches: Vec<std::ops::Range<usize>> = Vec::new();
    for start in
        (0..loud.len().saturating_sub(run - 1)).filter(|i| loud[*i..*i + run].iter().all(|l| *l))
    {
        match stretches.last_mut() {
            Some(last) if start <= last.end + split_frames => last.end = start + run,
            _ => stretches.push(start..start + run),
        }
    }
    let longest = stretches
        .into_iter()
        .max_by_key(|s| (s.len(), std::cmp::Reverse(s.start)))?;
    let pad = (pad_ms * 16) as usize;
    let start = (longest.start * FRAME).saturating_sub(pad);
    let end = (longest.end * FRAME).saturating_add(pad).min(samples.len());
    (start < end).then_some(start..end)
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

    /// Brown noise (white noise summed up, with a slight leak): its power lies in the lowest
    /// frequencies, as a room's rumble does.
    fn brown_noise(n: usize, seed: u64) -> Vec<i16> {
        let mut sum = 0.0;
        noise(n, 300.0, seed)
            .iter()
            .map(|s| {
                sum = sum * 0.998 + f64::from(*s);
                (sum / 8.0).clamp(-32768.0, 32767.0) as i16
            })
            .collect()
    }

    fn sine(n: usize, hz: f64, amp: f64) -> Vec<i16> {
        (0..n)
            .map(|i| ((i as f64 * 2.0 * std::f64::consts::PI * hz / 16_000.0).sin() * amp) as i16)
            .collect()
    }

    #[test]
    fn the_high_pass_keeps_a_voices_band_and_takes_out_rumble_and_offset() {
        let level = |samples: &[i16]| level_db(&samples[8000..]);
        for (hz, loss) in [(30.0, 20.0..40.0), (50.0, 10.0..14.0), (500.0, -0.2..0.2)] {
            let raw = sine(16_000, hz, 8000.0);
            let filtered = HighPass::default().filter(&raw);
            let lost = level(&raw) - level(&filtered);
            assert!(loss.contains(&lost), "{hz} Hz: {lost:.1} dB lost");
        }
        let offset = HighPass::default().filter(&[400i16; 16_000]);
        assert!(
            offset[8000..].iter().all(|s| s.abs() <= 1),
            "{:?}",
            &offset[8000..8010]
        );
        // One call or many: the same output.
        let raw = brown_noise(4000, 3);
        let mut parts = HighPass::default();
        let pieces: Vec<i16> = raw.chunks(333).flat_map(|c| parts.filter(c)).collect();
        assert_eq!(pieces, HighPass::default().filter(&raw));
    }

    #[test]
    fn the_end_of_speech_is_found_in_a_rumble() {
        let rumble = brown_noise(64_000, 40);
        let raw: Vec<f64> = rumble.chunks(FRAME).map(level_db).collect();
        let mut sorted = raw.clone();
        sorted.sort_by(f64::total_cmp);
        let median = sorted[sorted.len() / 2];
        let swings = raw.iter().filter(|db| **db > median + 6.0).count();
        assert!(
            swings * 50 > raw.len(),
            "the rumble swings: {swings} of {}",
            raw.len()
        );

        let mut ep = Endpointer::new(EndpointConfig::default());
        ep.push(&rumble[..16_000]);
        assert!(!ep.in_speech(), "the rumble alone is not speech");
        let rumble_level = level_db(&rumble);
        let speech: Vec<i16> = tone(16_000, 1.0)
            .iter()
            .enumerate()
            .map(|(i, _)| {
                let amp = 10f64.powf((rumble_level + 10.0) / 20.0) * 32768.0 * 2f64.sqrt();
                let t = ((i as f64 * 0.2).sin() * amp) as i16;
                t.saturating_add(rumble[16_000 + i])
            })
            .collect();
        ep.push(&speech);
        assert!(ep.in_speech(), "speech 10 dB over the rumble");
        ep.push(&rumble[32_000..]);
        assert!(ep.silence_ms() >= 1990, "{}", ep.silence_ms());
    }

    #[test]
    fn the_speech_level_is_that_of_the_speech_and_is_forgotten_with_the_utterance() {
        let mut ep = Endpointer::new(EndpointConfig::default());
        ep.push(&noise(8000, 30.0, 2));
        assert_eq!(ep.speech_level_db(), None, "no speech yet");
        let loud = tone(8000, 3000.0);
        ep.push(&loud);
        ep.push(&noise(3200, 30.0, 3));
        let level = ep.speech_level_db().expect("speech");
        assert!((level - level_db(&loud)).abs() < 1.0, "{level:.1} dBFS");
        let floor = ep.floor_db().expect("floor");
        assert!(level - floor > 30.0, "{level:.1} over {floor:.1}");
        ep.reset_utterance();
        assert_eq!(ep.speech_level_db(), None);
    }

    #[test]
    fn a_faint_tail_after_the_words_is_quiet_but_a_soft_last_sound_is_speech() {
        let mut ep = Endpointer::new(EndpointConfig::default());
        ep.push(&noise(16_000, 20.0, 11)); // -64 dBFS
        let words = tone(16_000, 6000.0); // -18 dBFS
        ep.push(&words);
        let words_end = 32_000;
        // a fricative 20 dB under the words, then a hiss 35 dB under them (an echo, a breath)
        ep.push(&tone(1_600, 600.0));
        let fricative_end = words_end + 1_600;
        ep.push(&tone(4_000, 110.0));
        ep.push(&noise(4_000, 20.0, 12));
        assert!(ep.in_speech());
        assert_eq!(ep.last_speech_end(), Some(fricative_end as u64));
        assert_eq!(ep.silence_ms(), (4_000 + 4_000) / 16);
        // The same hiss after speech that is itself that quiet is speech.
        let mut quiet = Endpointer::new(EndpointConfig::default());
        quiet.push(&noise(16_000, 20.0, 13));
        quiet.push(&tone(16_000, 110.0));
        assert!(quiet.in_speech());
        assert_eq!(quiet.last_speech_end(), Some(32_000));
    }

    #[test]
    fn an_offset_the_recording_ends_on_is_no_speech() {
        let mut ep = Endpointer::new(EndpointConfig::default());
        ep.push(&noise(16_000, 20.0, 14)); // -64 dBFS
        ep.push(&tone(16_000, 6000.0)); // -18 dBFS
        // a diphone voice's end: the samples sit at 140 (-47 dBFS as power), barely moving
        let offset: Vec<i16> = noise(4_800, 20.0, 15).iter().map(|s| s + 140).collect();
        assert!(
            level_db(&offset[..FRAME]) < -60.0,
            "only its movement is sound"
        );
        ep.push(&offset);
        assert!(ep.in_speech());
        // Within a frame: the high-pass rings for a few ms after a tone cut off at full level.
        let end = ep.last_speech_end().unwrap_or(0);
        assert!((32_000..=32_000 + FRAME as u64).contains(&end), "{end}");
        assert!(
            ep.silence_ms() >= (4_800 - FRAME as u64) / 16,
            "{}",
            ep.silence_ms()
        );
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

    #[test]
    fn the_speech_span_of_a_recording_covers_all_its_words_and_the_pad() {
        let config = EndpointConfig::default();
        // 5 s of digital silence, a word, a pause of half a second, a word, 2 s of silence
        let mut rec = vec![0i16; 80_000];
        rec.extend(tone(4_800, 8000.0));
        rec.extend(vec![0i16; 8_000]);
        rec.extend(tone(3_200, 6000.0));
        rec.extend(vec![0i16; 32_000]);
        let span = speech_span(&rec, &config, 600, 300);
        let first_word = 80_000;
        let last_word_end = 80_000 + 4_800 + 8_000 + 3_200;
        let span = span.expect("speech is found");
        // the end to within a frame: the high-pass rings for a few ms after a cut-off tone
        assert_eq!(span.start, first_word - 4_800, "{span:?}");
        assert!(
            span.end.abs_diff(last_word_end + 4_800) <= FRAME,
            "{span:?}"
        );
        // a recording that starts with a word keeps it, and the pad stays inside
        let span = speech_span(&rec[first_word..], &config, 600, 300).expect("speech");
        assert_eq!(span.start, 0);
        assert!(
            span.end.abs_diff(last_word_end - first_word + 4_800) <= FRAME,
            "{span:?}"
        );
        // in steady noise, speech 10 dB over it is found to within a frame or two
        let mut noisy = noise(32_000, 300.0, 6);
        let speech: Vec<i16> = tone(8_000, 1400.0)
            .iter()
            .zip(noise(8_000, 300.0, 7))
            .map(|(a, b)| a.saturating_add(b))
            .collect();
        noisy.extend(speech);
        noisy.extend(noise(16_000, 300.0, 8));
        let span = speech_span(&noisy, &config, 600, 0).expect("speech");
        assert!(span.start.abs_diff(32_000) <= 2 * FRAME, "{span:?}");
        assert!(span.end.abs_diff(40_000) <= 2 * FRAME, "{span:?}");
        assert!(speech_span(&vec![0i16; 16_000], &config, 600, 300).is_none());
        assert!(speech_span(&[], &config, 600, 300).is_none());
        // the end of an earlier sound, a pause longer than `split_ms`, then the utterance:
        // the utterance alone
        let mut rec = tone(6_400, 8000.0);
        rec.extend(vec![0i16; 25_600]);
        rec.extend(tone(19_200, 8000.0));
        rec.extend(vec![0i16; 16_000]);
        let span = speech_span(&rec, &config, 600, 300).expect("speech");
        assert_eq!(span.start, 32_000 - 4_800);
        assert!(span.end.abs_diff(51_200 + 4_800) <= FRAME, "{span:?}");
    }
}
