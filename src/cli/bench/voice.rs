//! `rochade bench voice`: the voice path measured end to end on speech that can be had here,
//! moves of real games spoken by espeak-ng voices, clean and mixed with noise.
//!
//! For every sampled move of the games (by default Kasparov – Deep Blue 1997, the corpus
//! source), each voice speaks the move's FIDE words as a player would; the audio goes
//! through the same [`Listener`] (endpointing, partial results, early commit) and recognizer
//! as `rochade play`, with the grammar of that position, and the result through the
//! interpreter. A move counts as right when the reading is that move. One recognizer serves
//! each voice from its first move to its last, as one player's session does.
//!
//! The latency is the time from the end of speech to the start of the read-back: the quiet
//! the listener waits for before it decides the utterance is over, the final decode, the
//! interpreter and the read-back text, and espeak-ng's time to its first block of audio.
//! The real-time factor is recognizer time over audio time; the peak memory is the
//! process's high-water mark.
//!
//! With a Vosk model (`--vosk-model`, e.g. the Korean one the tests use), the model's load
//! time, its memory and the time to compile grammars of a position's size are measured too.
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use shakmaty::{Chess, Move};

use crate::asr::input::{ListenConfig, Listener, VoiceEvent};
use crate::asr::{self, Backend, Grammar, PhraseMeaning, Recognizer, RecognizerConfig};
use crate::audio::resample::resample;
use crate::audio::{SAMPLE_RATE, mix_at_snr, rms};
use crate::interpret::{Interpretation, Interpreter, Reading, spoken_move};
use crate::lang::Lang;
use crate::scoresheet::pgn;
use crate::speech::espeak::{Voice, synthesize};
use crate::vocab::Vocab;

/// The games the moves come from unless `--pgn` names others: the six Kasparov – Deep Blue
/// games of 1997, one of the corpus sources.
const DEFAULT_GAMES: &str =
    include_str!("../../../tests/data/python-chess/kasparov-deep-blue-1997.pgn");

/// Quiet before each utterance and after it (long enough for the listener to end it).
pub(super) const LEAD_MS: usize = 400;
pub(super) const TAIL_MS: usize = 1000;

/// Settings of the voice benchmark.
#[derive(Debug, Args)]
pub struct VoiceBenchArgs {
    /// Moves to speak; each voice speaks all of them, clean and with noise.
    #[arg(long, default_value_t = 80)]
    pub moves: usize,
    /// The espeak-ng voices, comma-separated.
    #[arg(long, default_value = "de,de+f3,de+m3", value_delimiter = ',')]
    pub voices: Vec<String>,
    /// Signal-to-noise ratio of the noisy run, in dB.
    #[arg(long, default_value_t = 10.0)]
    pub snr: f64,
    /// Games to take the moves from (PGN); by default Kasparov – Deep Blue 1997.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// The recognizer of the move runs.
    #[arg(long, default_value = "pocketsphinx")]
    pub recognizer: Backend,
    /// A Vosk model folder: measured for load time, memory and grammar compile time (and used
    /// for the move runs with --recognizer vosk).
    #[arg(long)]
    pub vosk_model: Option<PathBuf>,
    /// Skip the noisy run.
    #[arg(long)]
    pub clean_only: bool,
    /// How many misrecognitions to list.
    #[arg(long, default_value_t = 10)]
    pub show: usize,
    /// The varied sets (`--set`), spoken by several synthesizers, with a rejection set.
    #[command(flatten)]
    pub sets: SetBenchArgs,
}

/// Settings of the varied-set run (used when `--set` is given).
#[derive(Debug, Args)]
pub struct SetBenchArgs {
    /// A varied set (JSONL of `scripts/make_varied.py`, e.g. tests/corpus/varied-tune.jsonl):
    /// its `move` and `command` lines are spoken. Without it, the default run of real games.
    #[arg(long)]
    pub set: Option<PathBuf>,
    /// Lines of the set per language, taken in turn from each form.
    #[arg(long, default_value_t = 40)]
    pub limit: usize,
    /// Only the set's lines of these forms, comma-separated (`de-command,en-command`: the
    /// commands alone, of which a sample of every form holds few).
    #[arg(long, value_delimiter = ',')]
    pub forms: Vec<String>,
    /// The chatter set (e.g. tests/corpus/chatter-tune.jsonl), spoken as part of the rejection set.
    #[arg(long)]
    pub chatter: Option<PathBuf>,
    /// Chatter lines per language.
    #[arg(long, default_value_t = 16)]
    pub chatter_limit: usize,
    /// Leave out the rejection set.
    #[arg(long)]
    pub no_rejection: bool,
    /// Say every line while a read-back waits for "ja" (the answers in the grammar, as in
    /// `play`): a move replaces the read-back, and one heard as an unsure "nein" withdraws it.
    #[arg(long)]
    pub to_read_back: bool,
    /// German voices: espeak-ng names (`de`, `de+f3`, `mb-de2` with mbrola).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "de,de+f3,de+m3,de+m7,mb-de2"
    )]
    pub voices_de: Vec<String>,
    /// English voices: espeak-ng names, `flite:VOICE`, `festival:VOICE`.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "en-us,en+f3,flite:slt,flite:rms,festival:cmu_us_slt_arctic_hts,festival:kal_diphone,mb-us1"
    )]
    pub voices_en: Vec<String>,
    /// Speaking rates in words a minute, used in turn.
    #[arg(long, value_delimiter = ',', default_value = "130,145,160,180")]
    pub rates: Vec<u32>,
    /// Conditions: clean (noise floor -60 dBFS), pink, brown (noise at --snr).
    #[arg(long, value_delimiter = ',', default_value = "clean,pink,brown")]
    pub conditions: Vec<String>,
    /// Write a JSON summary to this file (`-`: standard output, after the plain lines).
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Write every outcome as a JSON line to this file (for tuning thresholds).
    #[arg(long)]
    pub outcomes: Option<PathBuf>,
}

/// One spoken move to recognize.
struct Case {
    position: Chess,
    played: Move,
    uci: String,
    words: String,
}

/// What happened to one utterance.
struct Outcome {
    right: bool,
    heard: String,
    latency_ms: f64,
    compute_ms: f64,
    audio_ms: f64,
}

/// Moves spread evenly over the games (every n-th half-move).
fn cases(pgn_text: &str, wanted: usize, vocab: &Vocab) -> anyhow::Result<Vec<Case>> {
    let games = pgn::count_games(pgn_text).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut all = Vec::new();
    for game in 0..games {
        let record = pgn::read_lenient(pgn_text, game).map_err(|e| anyhow::anyhow!("{e}"))?;
        let (positions, moves) = record.replay().map_err(|e| anyhow::anyhow!("{e}"))?;
        for (position, played) in positions.into_iter().zip(moves) {
            all.push((position, played));
        }
    }
    if all.is_empty() {
        bail!("the games have no moves");
    }
    let stride = (all.len() / wanted.max(1)).max(1);
    Ok(all
        .into_iter()
        .step_by(stride)
        .take(wanted)
        .map(|(position, played)| Case {
            words: spoken_move(&position, &played, vocab),
            uci: crate::interpret::uci(&played),
            position,
            played,
        })
        .collect())
}

/// Pink noise from sox, as a room would add it; long enough to cut every utterance's share.
/// Repeatable (`-R` seeds sox's generator), so that two runs hear the same noise: with
/// fresh noise each run, the noisy accuracy moved by 2 points between identical builds.
fn room_noise(seconds: u32) -> anyhow::Result<Vec<i16>> {
    sox_noise(seconds, "pinknoise")
}

/// `seconds` of sox's repeatable noise of a colour (`pinknoise`, `brownnoise`, `whitenoise`),
/// 16 kHz mono.
pub(super) fn sox_noise(seconds: u32, colour: &str) -> anyhow::Result<Vec<i16>> {
    sox_synth(&format!("synth {seconds} {colour}"))
        .context("sox makes the noise of the noisy run (Debian package sox; or --clean-only)")
}

/// What sox makes with `effects` (`synth …` and effects, space-separated): 16 kHz mono,
/// repeatable (`-R`).
pub(super) fn sox_synth(effects: &str) -> anyhow::Result<Vec<i16>> {
    let out = std::process::Command::new("sox")
        .args([
            "-R",
            "-n",
            "-r",
            "16000",
            "-b",
            "16",
            "-c",
            "1",
            "-e",
            "signed-integer",
        ])
        .args(["-t", "raw", "-"])
        .args(effects.split_whitespace())
        .output()
        .context("running sox (Debian package sox)")?;
    if !out.status.success() || out.stdout.len() < 2 {
        bail!(
            "sox could not make {effects:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(out
        .stdout
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect())
}

/// The last sample of `speech` that is clearly not silence.
pub(super) fn speech_end(speech: &[i16]) -> usize {
    speech
        .iter()
        .rposition(|s| s.unsigned_abs() > 300)
        .map_or(0, |i| i + 1)
}

/// The quantile q (0..=1) of sorted values.
pub(super) fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The process's memory: (resident now, peak), in MB, from /proc.
pub(super) fn memory_mb() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn open_recognizer(args: &VoiceBenchArgs) -> anyhow::Result<Box<dyn Recognizer>> {
    let mut config = RecognizerConfig::new(Lang::De, args.recognizer);
    config.vosk_model = args.vosk_model.clone();
    Ok(asr::open(&config)?)
}

/// One voice's speech of every case (`speech`, in the order of `cases`) is heard; `noise`
/// mixes room noise in at the SNR.
fn run_voice(
    args: &VoiceBenchArgs,
    speech: &[Vec<i16>],
    cases: &[Case],
    noise: Option<&[i16]>,
    vocab: &Vocab,
    interpreter: &Interpreter,
) -> anyhow::Result<Vec<Outcome>> {
    let mut recognizer = open_recognizer(args)?;
    let mut listener = Listener::new(ListenConfig::default(), Grammar::new(Lang::De));
    let per_ms = (SAMPLE_RATE / 1000) as usize;
    let mut outcomes = Vec::new();
    for (i, (case, speech)) in cases.iter().zip(speech).enumerate() {
        listener.set_grammar(
            recognizer.as_mut(),
            Grammar::for_position(&case.position, vocab),
        )?;
        let end_of_speech = LEAD_MS * per_ms + speech_end(speech);
        let mut audio = vec![0i16; LEAD_MS * per_ms];
        audio.extend_from_slice(speech);
        audio.extend(std::iter::repeat_n(0i16, TAIL_MS * per_ms));
        if let Some(noise) = noise {
            let start = (i * 7919 * per_ms) % noise.len().saturating_sub(audio.len()).max(1);
            let share = &noise[start..(start + audio.len()).min(noise.len())];
            audio = mix_at_snr(&audio, share, args.snr);
        }
        let offset_ms = listener.position_ms() as f64;
        let mut events = listener.push(recognizer.as_mut(), &audio)?;
        events.extend(listener.finish(recognizer.as_mut())?);
        let heard = events.into_iter().find_map(|e| match e {
            VoiceEvent::Recognized(h) => Some(h),
            _ => None,
        });
        let audio_ms = audio.len() as f64 / per_ms as f64;
        let Some(heard) = heard else {
            outcomes.push(Outcome {
                right: false,
                heard: String::new(),
                latency_ms: 0.0,
                compute_ms: 0.0,
                audio_ms,
            });
            continue;
        };
        let (reading, interpret_ms, first_sound_ms) = read_back(
            interpreter,
            &case.position,
            &heard.alternatives,
            vocab,
            &Voice::new("de", 175),
        )?;
        let waited_ms =
            (heard.committed_ms as f64 - offset_ms - end_of_speech as f64 / per_ms as f64).max(0.0);
        let right = matches!(&reading.reading, Reading::Move(mv) if *mv == case.played);
        outcomes.push(Outcome {
            right,
            heard: heard.best().to_string(),
            latency_ms: waited_ms + heard.behind_ms + interpret_ms + first_sound_ms,
            compute_ms: heard.compute_ms,
            audio_ms,
        });
    }
    Ok(outcomes)
}

/// Prints the figures of one run (clean or noisy) over all voices.
fn report(
    label: &str,
    args: &VoiceBenchArgs,
    cases: &[Case],
    runs: &[(String, Vec<Outcome>)],
) -> f64 {
    let all: Vec<&Outcome> = runs.iter().flat_map(|(_, o)| o).collect();
    let right = all.iter().filter(|o| o.right).count();
    let accuracy = right as f64 / all.len().max(1) as f64;
    println!(
        "{label}: {right} of {} moves right, accuracy {:.1} %",
        all.len(),
        accuracy * 100.0
    );
    for (voice, outcomes) in runs {
        let r = outcomes.iter().filter(|o| o.right).count();
        println!("  voice {voice}: {r} of {}", outcomes.len());
    }
    let mut latency: Vec<f64> = all
        .iter()
        .filter(|o| !o.heard.is_empty())
        .map(|o| o.latency_ms)
        .collect();
    latency.sort_by(f64::total_cmp);
    println!(
        "  latency, end of speech to start of read-back: p50 {:.0} ms, p95 {:.0} ms, largest {:.0} ms",
        quantile(&latency, 0.5),
        quantile(&latency, 0.95),
        latency.last().copied().unwrap_or(0.0)
    );
    let compute: f64 = all.iter().map(|o| o.compute_ms).sum();
    let audio: f64 = all.iter().map(|o| o.audio_ms).sum();
    println!(
        "  real-time factor: {:.3} ({:.1} s of recognizer time for {:.1} s of audio)",
        compute / audio.max(1.0),
        compute / 1000.0,
        audio / 1000.0
    );
    let mut shown = 0;
    for (voice, outcomes) in runs {
        for (case, outcome) in cases.iter().zip(outcomes) {
            if !outcome.right && shown < args.show {
                shown += 1;
                println!(
                    "  wrong: {voice}: said \"{}\" ({}), heard \"{}\"",
                    case.words, case.uci, outcome.heard
                );
            }
        }
    }
    accuracy
}

/// Korean phrases of a move grammar's size, from number words the model knows.
fn korean_grammar(words: &[&str], offset: usize) -> Grammar {
    let mut grammar = Grammar::new(Lang::De);
    let n = words.len();
    for i in 0..n {
        for j in 0..n {
            if (i + j + offset).is_multiple_of(2) {
                let phrase = format!("{} {}", words[i], words[j]);
                grammar.add(&phrase, PhraseMeaning::Move(format!("{i}{j}")));
            }
        }
    }
    grammar
}

/// Load time, memory and grammar compile time of a Vosk model.
fn vosk_figures(path: &std::path::Path) -> anyhow::Result<()> {
    let (before, _) = memory_mb();
    let model = std::sync::Arc::new(asr::vosk::VoskModel::load(path)?);
    let (after, _) = memory_mb();
    println!(
        "Vosk model {}: loaded in {:.2} s, resident memory {:.0} MB more ({:.0} MB in all)",
        path.display(),
        model.load_time.as_secs_f64(),
        after - before,
        after
    );
    // Korean number words 1–8 stand in for the files and ranks: the test model is Korean.
    let words = ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟"];
    let known: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| model.has_word(w))
        .collect();
    if known.len() < 4 {
        println!("  grammar compile time: skipped (the model knows too few of the stand-in words)");
        return Ok(());
    }
    let mut recognizer = asr::vosk::VoskRecognizer::new(model, 5);
    let started = Instant::now();
    recognizer.warm_up()?;
    println!(
        "  warm-up (the lazily mapped graph): {:.0} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );
    let mut compile = Vec::new();
    let mut decode = Vec::new();
    let mut phrases = 0;
    let mut right = 0;
    let mut audio_ms = 0.0;
    for round in 0..10 {
        let grammar = korean_grammar(&known, round);
        let report = recognizer.set_grammar(&grammar)?;
        phrases = report.phrases;
        compile.push(report.compile_ms);
        // One phrase of the grammar, spoken by espeak-ng's Korean voice, decoded with it.
        let Some(phrase) = grammar.phrases().nth(round * 3 % grammar.len().max(1)) else {
            continue;
        };
        let spoken = synthesize(&phrase, &Voice::new("ko", 140))?;
        let mut samples = vec![0i16; 4800];
        samples.extend(resample(&spoken.samples, spoken.sample_rate, SAMPLE_RATE));
        samples.extend(vec![0i16; 8000]);
        audio_ms += samples.len() as f64 / 16.0;
        let started = Instant::now();
        let heard = asr::recognize(&mut recognizer, &grammar, &samples)?;
        decode.push(started.elapsed().as_secs_f64() * 1000.0);
        if heard.best() == phrase {
            right += 1;
        }
    }
    compile.sort_by(f64::total_cmp);
    println!(
        "  grammar compile time ({phrases} phrases, 10 grammars): p50 {:.1} ms, largest {:.1} ms",
        quantile(&compile, 0.5),
        compile.last().copied().unwrap_or(0.0)
    );
    let total: f64 = decode.iter().sum();
    decode.sort_by(f64::total_cmp);
    println!(
        "  decoding a phrase of each grammar (espeak-ng Korean): {right} of {} right, p50 {:.0} ms, real-time factor {:.3}",
        decode.len(),
        quantile(&decode, 0.5),
        total / audio_ms.max(1.0)
    );
    let (_, peak) = memory_mb();
    println!("  peak memory of the process after Vosk: {peak:.0} MB");
    Ok(())
}

/// Runs the benchmark and prints its figures.
/// The varied sets (`--set`) are [`super::voice_sets::run`]'s, chosen by [`super::run`].
pub fn run(args: &VoiceBenchArgs) -> anyhow::Result<i32> {
    let vocab = Vocab::builtin(Lang::De);
    let interpreter = Interpreter::new(vocab.clone());
    let text = match &args.pgn {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the games {}", path.display()))?,
        None => DEFAULT_GAMES.to_string(),
    };
    let cases = cases(&text, args.moves, &vocab)?;
    println!(
        "voice bench: {} moves of real games, {} voices ({}), recognizer {}; {} utterances a run",
        cases.len(),
        args.voices.len(),
        args.voices.join(", "),
        args.recognizer,
        cases.len() * args.voices.len()
    );
    // Every utterance is spoken before any is heard: espeak-ng's output depends on what it
    // said before (the same words came out different after another read-back), so speech
    // made between recognitions would differ with what was recognized, and two builds
    // would be compared on different audio.
    let mut speech = Vec::new();
    for voice in &args.voices {
        let mut spoken = Vec::new();
        for case in &cases {
            let s = synthesize(&case.words, &Voice::new(voice, 150))?;
            spoken.push(resample(&s.samples, s.sample_rate, SAMPLE_RATE));
        }
        speech.push(spoken);
    }
    let mut clean = Vec::new();
    for (voice, spoken) in args.voices.iter().zip(&speech) {
        clean.push((
            voice.clone(),
            run_voice(args, spoken, &cases, None, &vocab, &interpreter)?,
        ));
    }
    let clean_accuracy = report("clean", args, &cases, &clean);
    let mut noisy_accuracy = None;
    if !args.clean_only {
        let noise = room_noise(120)?;
        if rms(&noise) == 0.0 {
            bail!("sox made silent noise");
        }
        let mut noisy = Vec::new();
        for (voice, spoken) in args.voices.iter().zip(&speech) {
            noisy.push((
                voice.clone(),
                run_voice(args, spoken, &cases, Some(&noise), &vocab, &interpreter)?,
            ));
        }
        noisy_accuracy = Some(report(
            &format!("noisy (pink noise at {} dB SNR)", args.snr),
            args,
            &cases,
            &noisy,
        ));
    }
    let (_, peak) = memory_mb();
    println!("peak memory of the process: {peak:.0} MB");
    match &args.vosk_model {
        Some(path) => vosk_figures(path)?,
        None => println!("Vosk: no model given (--vosk-model PATH); not measured"),
    }
    let met = |ok: bool| if ok { "met" } else { "NOT met" };
    println!(
        "aims: clean at least 97 % {}; noisy at least 90 % {}",
        met(clean_accuracy >= 0.97),
        noisy_accuracy.map_or("not run", |a| met(a >= 0.90)),
    );
    Ok(0)
}

/// What the listener's result becomes on its way to the read-back, timed as `play` has it:
/// the reading, the milliseconds to interpret it, and the milliseconds from then to the
/// read-back's first sound (0 when nothing is read back).
pub(super) fn read_back(
    interpreter: &Interpreter,
    position: &Chess,
    alternatives: &[(String, f32)],
    vocab: &Vocab,
    voice: &Voice,
) -> anyhow::Result<(Interpretation, f64, f64)> {
    let started = Instant::now();
    let reading = interpreter.interpret(position, alternatives);
    let readback = match &reading.reading {
        Reading::Move(mv) => format!("{}?", spoken_move(position, mv, vocab)),
        _ => String::new(),
    };
    let interpret_ms = started.elapsed().as_secs_f64() * 1000.0;
    let first_sound_ms = if readback.is_empty() {
        0.0
    } else {
        synthesize(&readback, voice)?
            .first_block_after
            .as_secs_f64()
            * 1000.0
    };
    Ok((reading, interpret_ms, first_sound_ms))
}
