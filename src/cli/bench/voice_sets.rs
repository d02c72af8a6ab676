//! `rochade bench voice --set FILE.jsonl`: the varied spoken-move sets (project issue 11)
//! through the voice path, and a rejection set that must never become a move or a command.
//!
//! The set's `move` and `command` lines (`scripts/make_varied.py`: each with its `form`, such
//! as `de-spelling-alphabet` or `en-homophones`) are spoken by several synthesizers: espeak-ng
//! voices for German and English, and for English also flite and festival voices (a formant
//! voice alone hides what a natural voice does), at speeds from 130 to 180 words a minute. Each
//! utterance goes through the same [`Listener`] and recognizer as `rochade play`, with the
//! grammar of its position ([`Grammar::for_position`]), and the result through the
//! interpreter, in three conditions: clean (a noise floor at -60 dBFS, never digital
//! silence), and pink and brown noise at the SNR of `--snr` (10 dB).
//!
//! The rejection set is what a player's microphone also hears: coughs and throat-clearing
//! (noise bursts made with sox), sentences not meant for the assistant (`--chatter`, spoken),
//! sentences in French, Spanish, Italian and Russian (espeak-ng), the noise floor alone, and a
//! twenty-second ramble. None of it may become a move or a command.
//!
//! Figures, per condition: accuracy (the reading equals the expectation), wrong-move rate (a
//! legal move other than the one said), commands taken from a move, per form and per voice;
//! for the rejection set, how many items became a move or a command; the latency from the end
//! of speech to the read-back (p50, p95), measured as the default run measures it. Plain lines
//! for a screen reader, and `--json FILE` (`-`: standard output) for a summary.
//!
//! [`cases`] reads the set and chatter lines; [`sounds`] makes what is played (the voices, the
//! noise conditions, the rejection set's sounds); `rejection` gathers the rejection set;
//! `hearing` hears a line as `play` would; `report` counts and prints the figures; this
//! module runs them through every condition.
//!
//! [`Listener`]: crate::asr::input::Listener
//! [`Grammar::for_position`]: crate::asr::Grammar::for_position
use std::collections::{BTreeMap, HashMap};

use anyhow::{Context, bail};
use serde_json::json;

mod cases;
mod hearing;
mod rejection;
mod report;
mod sounds;

use super::voice::sox_noise;
use crate::audio::SAMPLE_RATE;
use crate::interpret::{Interpreter, Reading};
use crate::lang::Lang;
use crate::vocab::{Command, Vocab};
use cases::*;
use hearing::{Ear, hear_case, reading_text};
use rejection::rejection_items;
use report::{report_condition, write_outcomes};
use sounds::*;

/// One item of the rejection set.
struct RejectItem {
    kind: &'static str,
    label: String,
    /// The recognizer languages it is heard with.
    langs: Vec<Lang>,
    speech: Vec<i16>,
}

/// The verdict on one spoken set line.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Verdict {
    Right,
    /// A legal move other than the one said.
    WrongMove,
    /// A command from a move line.
    CommandFromMove,
    /// A move from a command line.
    MoveFromCommand,
    /// Another command than the one said.
    WrongCommand,
    /// No move and no command (ambiguous, incomplete, illegal, not understood, nothing heard):
    /// the player is asked again.
    Missed,
}

struct SetOutcome {
    case: usize,
    voice: String,
    verdict: Verdict,
    heard: String,
    got: String,
    latency_ms: Option<f64>,
    /// The parts of the latency: the quiet waited for, how far the listener's work trailed
    /// the stream then (the final decode among it), and whether the listener committed
    /// early (a final phrase).
    waited_ms: f64,
    behind_ms: f64,
    decoded_ms: f64,
    early: bool,
    compute_ms: f64,
    audio_ms: f64,
    /// Whether the reading was sure or needs an explicit "ja".
    exact: bool,
    /// Whether the reading was a move, and so read back.
    read_back: bool,
    /// Whether `play` would make it by the correction window: a sure reading of a quiet move
    /// (a capture or a promotion waits for "ja" in every game that does not give captures
    /// the window).
    window: bool,
    /// The recognizer's acoustic fit gap per frame, where it reports one.
    fit: Option<crate::asr::AcousticFit>,
    /// What the recognizer heard, each reading with its confidence (for tuning offline).
    alternatives: Vec<(String, f32)>,
    /// An answer heard unsurely and so not taken (`Interpretation::unsure_answer`).
    unsure_answer: Option<Command>,
    /// What of it `play` takes where a read-back waits for "ja"
    /// (`Interpreter::answer_to_a_waiting_read_back`).
    taken_answer: Option<Command>,
}

struct RejectOutcome {
    kind: &'static str,
    label: String,
    lang: Lang,
    moves: usize,
    commands: usize,
    /// Commands the recognizer was sure of, which `play` carries out without asking.
    commands_sure: usize,
    heard: Vec<String>,
    fits: Vec<Option<crate::asr::AcousticFit>>,
    exact: Vec<bool>,
    /// Heard again while a read-back's window is open (the answers in the grammar): what
    /// was taken as an answer or a command ("ja" makes a move that waited for it).
    answered: Vec<String>,
    /// Heard so, what would withdraw a read-back that waits for "ja": a "nein" heard
    /// unsurely (`play` takes it there, and holds the window with it).
    withdrew: Vec<String>,
    /// Heard so, a "ja" heard unsurely that begins with "ja" itself: `play` takes it where a
    /// read-back waits for "ja" (outside the window), and it makes the move.
    unsure_yes: Vec<String>,
}

/// The languages' vocabularies and interpreters.
struct Langs {
    de: (Vocab, Interpreter),
    en: (Vocab, Interpreter),
}

impl Langs {
    fn new() -> Langs {
        let de = Vocab::builtin(Lang::De);
        let en = Vocab::builtin(Lang::En);
        Langs {
            de: (de.clone(), Interpreter::new(de)),
            en: (en.clone(), Interpreter::new(en)),
        }
    }

    fn get(&self, lang: Lang) -> (&Vocab, &Interpreter) {
        let (v, i) = match lang.default_vocabulary() {
            Lang::En => &self.en,
            _ => &self.de,
        };
        (v, i)
    }
}

/// Checks each voice once; a voice that cannot speak is left out with a note.
fn usable_voices(specs: &[String], lang: Lang, notes: &mut Vec<String>) -> Vec<(String, Synth)> {
    let probe = if lang == Lang::De {
        "Springer Felix drei"
    } else {
        "knight to f three"
    };
    let mut out = Vec::new();
    for spec in specs.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        let synth = Synth::parse(spec);
        match synth.check().and_then(|()| synth.speak(probe, 150)) {
            Ok(_) => out.push((spec.to_string(), synth)),
            Err(err) => {
                let hint = if spec.starts_with("mb-") {
                    " (mbrola voices need the mbrola program and its voice packages, which Debian 12 main does not have)"
                } else {
                    ""
                };
                notes.push(format!("voice {spec} skipped: {err:#}{hint}"));
            }
        }
    }
    out
}

/// Speech of the set cases and the rejection items, made once and heard in every condition.
type SpeechCache = HashMap<(String, usize), Option<Vec<i16>>>;

/// Runs the varied-set benchmark.
pub fn run(args: &super::voice::VoiceBenchArgs) -> anyhow::Result<i32> {
    let sets = &args.sets;
    let Some(path) = &sets.set else {
        bail!("give the varied set with --set FILE.jsonl");
    };
    let cases = load_set(path, sets.limit, &sets.forms)?;
    if cases.is_empty() {
        bail!(
            "the set {} has no move or command lines{}",
            path.display(),
            if sets.forms.is_empty() {
                String::new()
            } else {
                format!(" of the forms {}", sets.forms.join(", "))
            }
        );
    }
    if sets.rates.is_empty() {
        bail!("give at least one speaking rate (--rates)");
    }
    let conditions: Vec<Condition> = sets
        .conditions
        .iter()
        .map(|c| Condition::parse(c))
        .collect::<anyhow::Result<_>>()?;
    let langs = Langs::new();
    let mut notes = Vec::new();
    let voices_de = usable_voices(&sets.voices_de, Lang::De, &mut notes);
    let voices_en = usable_voices(&sets.voices_en, Lang::En, &mut notes);
    let voices = |lang: Lang| {
        if lang == Lang::De {
            &voices_de
        } else {
            &voices_en
        }
    };
    for lang in [Lang::De, Lang::En] {
        if voices(lang).is_empty() && cases.iter().any(|c| c.lang == lang) {
            notes.push(format!(
                "no {lang} voice could speak: the {lang} lines are not heard"
            ));
        }
    }
    let count = |lang: Lang| cases.iter().filter(|c| c.lang == lang).count();
    println!(
        "voice bench, set {}: {} German and {} English lines ({} move lines, {} command lines), recognizer {}",
        path.display(),
        count(Lang::De),
        count(Lang::En),
        cases
            .iter()
            .filter(|c| matches!(c.expect, Expect::Move(_)))
            .count(),
        cases
            .iter()
            .filter(|c| matches!(c.expect, Expect::Command(_)))
            .count(),
        args.recognizer
    );
    let names = |v: &[(String, Synth)]| {
        if v.is_empty() {
            return "none".to_string();
        }
        v.iter()
            .map(|(n, _)| n.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!("  German voices: {}", names(&voices_de));
    println!("  English voices: {}", names(&voices_en));
    println!(
        "  speaking rates: {} words a minute, in turn",
        sets.rates
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    for note in &notes {
        println!("  note: {note}");
    }
    let printed_notes = notes.len();

    // The speech of every set line by every voice of its language.
    let mut cache: SpeechCache = HashMap::new();
    for (i, case) in cases.iter().enumerate() {
        for (j, (name, synth)) in voices(case.lang).iter().enumerate() {
            let rate = sets.rates[(i + j) % sets.rates.len()];
            let speech = match synth.speak(&case.text, rate) {
                Ok(s) => Some(s),
                Err(err) => {
                    notes.push(format!("{name} could not say {:?}: {err:#}", case.text));
                    None
                }
            };
            cache.insert((name.clone(), i), speech);
        }
    }

    let first_de = voices_de.first().map(|(_, s)| s.clone());
    let room_rms = match &first_de {
        Some(s) => active_rms(&s.speak("Springer Felix drei", 150)?),
        None => 3000.0,
    } / 10f64.powf(args.snr / 20.0);
    let needs = |c: Condition| conditions.contains(&c);
    let noises = Noises {
        floor: crate::audio::noise(120 * SAMPLE_RATE as usize, FLOOR_AMPLITUDE, 0x5eed),
        pink: if needs(Condition::Pink) {
            sox_noise(120, "pinknoise")?
        } else {
            Vec::new()
        },
        brown: if needs(Condition::Brown) {
            sox_noise(120, "brownnoise")?
        } else {
            Vec::new()
        },
        snr: args.snr,
        room_rms,
    };

    let rejection = if sets.no_rejection {
        Vec::new()
    } else {
        rejection_items(sets, &voices_de, &voices_en, &mut notes)?
    };
    if !rejection.is_empty() {
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        for item in &rejection {
            *kinds.entry(item.kind).or_default() += 1;
        }
        println!(
            "  rejection set: {} items ({})",
            rejection.len(),
            kinds
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }

    let mut summary = Vec::new();
    for &cond in &conditions {
        let mut outcomes = Vec::new();
        for lang in [Lang::De, Lang::En] {
            let (vocab, interpreter) = langs.get(lang);
            for (name, _) in voices(lang) {
                let mut ear = Ear::open(lang, args.recognizer, args.vosk_model.as_ref())?;
                for (i, case) in cases.iter().enumerate().filter(|(_, c)| c.lang == lang) {
                    let Some(Some(speech)) = cache.get(&(name.clone(), i)) else {
                        continue;
                    };
                    outcomes.push(hear_case(
                        &mut ear,
                        vocab,
                        interpreter,
                        &noises,
                        cond,
                        i,
                        case,
                        name,
                        speech,
                        sets.to_read_back,
                    )?);
                }
            }
        }
        let mut rejected = Vec::new();
        for lang in [Lang::De, Lang::En] {
            let items: Vec<(usize, &RejectItem)> = rejection
                .iter()
                .enumerate()
                .filter(|(_, r)| r.langs.contains(&lang))
                .collect();
            if items.is_empty() {
                continue;
            }
            let (vocab, interpreter) = langs.get(lang);
            let mut ear = Ear::open(lang, args.recognizer, args.vosk_model.as_ref())?;
            for (k, item) in items {
                let position = &cases[(k * 7) % cases.len()].position;
                let audio = noises.compose(&item.speech, cond, k + 1000, true);
                let (heard, _) = ear.hear(position, vocab, &audio, false)?;
                let mut out = RejectOutcome {
                    kind: item.kind,
                    label: item.label.clone(),
                    lang,
                    moves: 0,
                    commands: 0,
                    commands_sure: 0,
                    heard: Vec::new(),
                    fits: Vec::new(),
                    exact: Vec::new(),
                    answered: Vec::new(),
                    withdrew: Vec::new(),
                    unsure_yes: Vec::new(),
                };
                let (during_read_back, _) = ear.hear(position, vocab, &audio, true)?;
                for h in during_read_back {
                    let interpretation = interpreter.interpret(position, &h.alternatives);
                    // `play` asks back no command while a read-back waits: an unsure one is
                    // not understood there, and holds the read-back for "ja".
                    if interpretation.exact && matches!(interpretation.reading, Reading::Command(_))
                    {
                        out.answered.push(format!(
                            "{} -> {}",
                            h.best(),
                            reading_text(&interpretation.reading)
                        ));
                    }
                    match interpreter.answer_to_a_waiting_read_back(&interpretation) {
                        Some(Command::Yes) => out.unsure_yes.push(h.best().to_string()),
                        Some(c) => out.withdrew.push(format!("{} -> {}", h.best(), c.name())),
                        None => {}
                    }
                }
                for h in heard {
                    let interpretation = interpreter.interpret(position, &h.alternatives);
                    out.fits.push(h.fit);
                    out.exact.push(interpretation.exact);
                    let reading = interpretation.reading;
                    match reading {
                        Reading::Move(_) => out.moves += 1,
                        Reading::Command(_) => {
                            out.commands += 1;
                            out.commands_sure += usize::from(interpretation.exact);
                        }
                        _ => {}
                    }
                    out.heard
                        .push(format!("{} -> {}", h.best(), reading_text(&reading)));
                }
                rejected.push(out);
            }
        }
        if let Some(file) = &sets.outcomes {
            write_outcomes(file, cond, &cases, &outcomes, &rejected)?;
        }
        summary.push(report_condition(args, cond, &cases, &outcomes, &rejected));
    }
    for note in notes.iter().skip(printed_notes) {
        println!("note: {note}");
    }
    let (_, peak) = super::voice::memory_mb();
    println!("peak memory of the process: {peak:.0} MB");
    if let Some(json_path) = &sets.json {
        let json = json!({
            "set": path.display().to_string(),
            "recognizer": args.recognizer.to_string(),
            "voices": {"de": voices_de.iter().map(|(n, _)| n).collect::<Vec<_>>(),
                       "en": voices_en.iter().map(|(n, _)| n).collect::<Vec<_>>()},
            "rates_wpm": sets.rates,
            "snr_db": args.snr,
            "notes": notes,
            "conditions": summary,
            "peak_memory_mb": (peak * 10.0).round() / 10.0,
        });
        let text = serde_json::to_string_pretty(&json)?;
        if json_path.as_os_str() == "-" {
            println!("{text}");
        } else {
            std::fs::write(json_path, text + "\n")
                .with_context(|| format!("cannot write {}", json_path.display()))?;
            println!("JSON summary written to {}", json_path.display());
        }
    }
    Ok(0)
}
