//! What the set bench plays to the recognizer: the synthesizers that speak the lines, the
//! conditions (a noise floor, pink and brown noise), and the sounds of the rejection set
//! (coughs, other languages, a ramble).
use std::path::PathBuf;

use anyhow::{Context, bail};

use super::super::voice::{LEAD_MS, TAIL_MS};
use crate::audio::resample::resample;
use crate::audio::{SAMPLE_RATE, mix_at_snr, rms};
use crate::lang::Lang;
use crate::speech::espeak::{Voice, synthesize};

/// A synthesizer voice.
#[derive(Debug, Clone)]
pub(super) enum Synth {
    Espeak(String),
    Flite(String),
    Festival(String),
}

impl Synth {
    pub(super) fn parse(spec: &str) -> Synth {
        if let Some(v) = spec.strip_prefix("flite:") {
            Synth::Flite(v.to_string())
        } else if let Some(v) = spec.strip_prefix("festival:") {
            Synth::Festival(v.to_string())
        } else {
            Synth::Espeak(spec.strip_prefix("espeak:").unwrap_or(spec).to_string())
        }
    }

    /// Whether the synthesizer has the voice: flite falls back to its default voice
    /// without a word, so its list is asked.
    pub(super) fn check(&self) -> anyhow::Result<()> {
        if let Synth::Flite(voice) = self
            && !voice.ends_with(".flitevox")
        {
            let out = std::process::Command::new("flite")
                .arg("-lv")
                .output()
                .map_err(|e| {
                    anyhow::anyhow!(
                        "flite could not be started ({e}); Debian package flite, scripts/setup.sh"
                    )
                })?;
            let list = String::from_utf8_lossy(&out.stdout).to_string();
            let names = list.split(':').nth(1).unwrap_or("");
            if !names.split_whitespace().any(|n| n == voice) {
                bail!("flite has no voice {voice} (it has: {})", names.trim());
            }
        }
        Ok(())
    }

    /// 16 kHz mono speech of `text` at about `wpm` words a minute.
    pub(super) fn speak(&self, text: &str, wpm: u32) -> anyhow::Result<Vec<i16>> {
        let samples = match self {
            Synth::Espeak(name) => {
                let spoken = synthesize(text, &Voice::new(name, wpm))?;
                resample(&spoken.samples, spoken.sample_rate, SAMPLE_RATE)
            }
            // flite and festival speak at about 170 words a minute; a duration stretch
            // slows or speeds them.
            Synth::Flite(voice) => {
                let out = TempFile::new("wav");
                let stretch = format!("duration_stretch={:.3}", 170.0 / f64::from(wpm.max(60)));
                run_tool(
                    std::process::Command::new("flite")
                        .args(["-voice", voice, "--setf", &stretch, "-t", text, "-o"])
                        .arg(&out.0),
                    "flite",
                    "flite",
                )?;
                crate::audio::wav::read_16k_mono(&out.0)?
            }
            Synth::Festival(voice) => {
                let input = TempFile::new("txt");
                std::fs::write(&input.0, text)?;
                let out = TempFile::new("wav");
                run_tool(
                    std::process::Command::new("text2wave")
                        .arg("-eval")
                        .arg(format!("(voice_{voice})"))
                        .arg("-eval")
                        .arg(format!(
                            "(Parameter.set 'Duration_Stretch {:.3})",
                            170.0 / f64::from(wpm.max(60))
                        ))
                        .arg(&input.0)
                        .arg("-o")
                        .arg(&out.0),
                    "festival (text2wave)",
                    "festival and its voice package",
                )?;
                if !out.0.exists() {
                    bail!(
                        "festival made no audio: is its voice {voice} installed (a festvox-… package)?"
                    );
                }
                crate::audio::wav::read_16k_mono(&out.0)?
            }
        };
        if samples.iter().all(|s| s.unsigned_abs() < 300) {
            bail!("the voice made no sound");
        }
        Ok(samples)
    }
}

/// Runs a synthesizer program; a missing program or a failure is an error that names it.
pub(super) fn run_tool(
    cmd: &mut std::process::Command,
    name: &str,
    package: &str,
) -> anyhow::Result<()> {
    let out = cmd.output().map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            anyhow::anyhow!("{name} is not installed (Debian package {package}; scripts/setup.sh)")
        } else {
            anyhow::anyhow!("{name} could not be started: {e}")
        }
    })?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let last = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        bail!("{name} failed: {}", last.trim());
    }
    Ok(())
}

/// A file in the temporary directory, removed when dropped.
pub(super) struct TempFile(pub(super) PathBuf);

impl TempFile {
    pub(super) fn new(ext: &str) -> TempFile {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        TempFile(
            std::env::temp_dir().join(format!("rochade-bench-{}-{n}.{ext}", std::process::id())),
        )
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// German words as a typist spells them without umlauts, back in the spelling a synthesizer
/// reads right (the player says "Läufer", whatever the text file wrote).
pub(super) fn speakable(text: &str, lang: Lang) -> String {
    if lang != Lang::De {
        return text.to_string();
    }
    const MAP: &[(&str, &str)] = &[
        ("laeufer", "Läufer"),
        ("koenig", "König"),
        ("fuenf", "fünf"),
        ("schlaegt", "schlägt"),
        ("zaesar", "Zäsar"),
        ("grosse", "große"),
        ("aeh", "äh"),
        ("aehm", "ähm"),
        ("zuege", "Züge"),
        ("bestaetigt", "bestätigt"),
    ];
    text.split(' ')
        .map(|w| {
            let lower = w.to_lowercase();
            MAP.iter()
                .find(|(from, _)| *from == lower)
                .map_or_else(|| w.to_string(), |(_, to)| (*to).to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A condition of the run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Condition {
    Clean,
    Pink,
    Brown,
}

impl Condition {
    pub(super) fn parse(name: &str) -> anyhow::Result<Condition> {
        match name.trim() {
            "clean" => Ok(Condition::Clean),
            "pink" => Ok(Condition::Pink),
            "brown" => Ok(Condition::Brown),
            other => bail!("unknown condition {other:?}: clean, pink or brown"),
        }
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Condition::Clean => "clean",
            Condition::Pink => "pink",
            Condition::Brown => "brown",
        }
    }

    pub(super) fn label(self, snr: f64) -> String {
        match self {
            Condition::Clean => "clean (noise floor at -60 dBFS)".into(),
            Condition::Pink => format!("pink noise at {snr} dB SNR"),
            Condition::Brown => format!("brown noise at {snr} dB SNR"),
        }
    }
}

/// The noise floor of the clean condition: white noise at -60 dBFS RMS (uniform in ±57).
pub(super) const FLOOR_AMPLITUDE: i16 = 57;

/// The RMS of a signal's active part (frames within 30 dB of its loudest), as
/// [`mix_at_snr`] measures speech.
pub(super) fn active_rms(samples: &[i16]) -> f64 {
    use crate::audio::endpoint::{FRAME, level_db};
    let frames: Vec<&[i16]> = samples.chunks(FRAME).collect();
    let loudest = frames.iter().map(|f| level_db(f)).fold(f64::MIN, f64::max);
    let active: Vec<i16> = frames
        .iter()
        .filter(|f| level_db(f) > loudest - 30.0)
        .flat_map(|f| f.iter().copied())
        .collect();
    rms(&active)
}

/// The noises of the run.
pub(super) struct Noises {
    pub(super) floor: Vec<i16>,
    pub(super) pink: Vec<i16>,
    pub(super) brown: Vec<i16>,
    pub(super) snr: f64,
    /// The room's noise level for the rejection set (whose items have no speech level of
    /// their own to measure against): the SNR below a typical move of the first voice.
    pub(super) room_rms: f64,
}

impl Noises {
    /// The audio of one utterance in a condition: quiet before, the speech, quiet after.
    pub(super) fn compose(
        &self,
        speech: &[i16],
        cond: Condition,
        index: usize,
        fixed_level: bool,
    ) -> Vec<i16> {
        let per_ms = (SAMPLE_RATE / 1000) as usize;
        let mut audio = vec![0i16; LEAD_MS * per_ms];
        audio.extend_from_slice(speech);
        audio.extend(std::iter::repeat_n(0i16, TAIL_MS * per_ms));
        let noise = match cond {
            Condition::Clean => &self.floor,
            Condition::Pink => &self.pink,
            Condition::Brown => &self.brown,
        };
        if noise.is_empty() {
            return audio;
        }
        let start = (index * 7919 * per_ms) % noise.len().saturating_sub(audio.len()).max(1);
        let share: Vec<i16> = noise
            .iter()
            .cycle()
            .skip(start)
            .take(audio.len())
            .copied()
            .collect();
        let gain = match cond {
            Condition::Clean => 1.0,
            _ if fixed_level => {
                let level = rms(&share);
                if level == 0.0 {
                    0.0
                } else {
                    self.room_rms / level
                }
            }
            _ => return mix_at_snr(&audio, &share, self.snr),
        };
        audio
            .iter()
            .zip(&share)
            .map(|(s, n)| {
                (f64::from(*s) + f64::from(*n) * gain)
                    .round()
                    .clamp(-32768.0, 32767.0) as i16
            })
            .collect()
    }
}

/// A noise burst from sox (`synth` and effects, space-separated), 16 kHz mono; repeatable (`-R`).
pub(super) fn sox_burst(effects: &str) -> anyhow::Result<Vec<i16>> {
    super::super::voice::sox_synth(effects)
        .context("sox makes the coughs of the rejection set (Debian package sox)")
}

/// Coughs and throat-clearing: band-limited noise bursts with a fast attack and a decay,
/// some with a rattle (tremolo), alone or in twos and threes.
pub(super) fn coughs() -> anyhow::Result<Vec<(String, Vec<i16>)>> {
    let cough = |len: &str, band: &str, width: &str| {
        sox_burst(&format!(
            "synth {len} pinknoise band {band} {width} fade q 0.005 {len} 0.15 norm -3"
        ))
    };
    let gap = |ms: usize| vec![0i16; ms * 16];
    let mut out = vec![("cough".to_string(), cough("0.22", "800", "1200")?)];
    let mut double = cough("0.2", "700", "1000")?;
    double.extend(gap(180));
    double.extend(cough("0.16", "900", "1200")?);
    out.push(("double cough".to_string(), double));
    let mut triple = Vec::new();
    for (len, band) in [("0.25", "600"), ("0.18", "750"), ("0.15", "900")] {
        triple.extend(cough(len, band, "1100")?);
        triple.extend(gap(140));
    }
    out.push(("three coughs".to_string(), triple));
    for (label, effects) in [
        (
            "throat clearing",
            "synth 0.6 brownnoise band 300 400 tremolo 22 90 fade q 0.05 0.6 0.2 norm -6",
        ),
        (
            "short throat clearing",
            "synth 0.35 brownnoise band 450 500 tremolo 30 80 fade q 0.03 0.35 0.1 norm -6",
        ),
        (
            "sniff",
            "synth 0.3 whitenoise highpass 2500 fade q 0.1 0.3 0.1 norm -12",
        ),
    ] {
        out.push((label.to_string(), sox_burst(effects)?));
    }
    Ok(out)
}

/// Sentences in other languages, spoken by espeak-ng's voices of those languages.
pub(super) const OTHER_LANGUAGES: &[(&str, &str)] = &[
    ("fr", "Bonjour, vous allez bien aujourd'hui ?"),
    ("fr", "Je voudrais un café, s'il vous plaît."),
    ("es", "¿Dónde está la estación de tren?"),
    ("es", "Hoy hace mucho calor en la sala."),
    ("it", "Buongiorno, vorrei un bicchiere d'acqua."),
    ("it", "La partita di ieri è stata molto lunga."),
    ("ru", "Добрый день, как у вас дела?"),
    ("ru", "Где здесь можно выпить кофе?"),
];

/// About twenty seconds of talk that is not for the assistant.
pub(super) const RAMBLE_DE: &str = "Also, ich muss sagen, die Anreise heute war wirklich anstrengend. Der Zug \
hatte eine halbe Stunde Verspätung, und dann habe ich auch noch den falschen Bus genommen. Aber \
jetzt bin ich ja hier, und das Wetter ist zum Glück besser geworden. Ich hoffe, dass wir nachher \
noch zusammen essen gehen können, vielleicht beim Italiener an der Ecke.";
pub(super) const RAMBLE_EN: &str = "Well, I have to say the journey today was really tiring. The train was \
half an hour late, and then I took the wrong bus as well. But now I am here, and luckily the \
weather has got better. I hope we can go out for dinner together later, maybe at the Italian \
place on the corner, which is supposed to be very good.";
