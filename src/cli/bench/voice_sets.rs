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
//! noise conditions, the rejection set's sounds); this module hears them and reports.
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde_json::{Value, json};
use shakmaty::Chess;

mod cases;
mod sounds;

use super::voice::{LEAD_MS, SetBenchArgs, quantile, read_back, sox_noise, speech_end};
use crate::asr::input::{ListenConfig, Listener, Recognized, VoiceEvent};
use crate::asr::{self, Backend, Grammar, Recognizer, RecognizerConfig};
use crate::audio::SAMPLE_RATE;
use crate::interpret::{Interpreter, Reading};
use crate::lang::Lang;
use crate::speech::espeak::Voice;
use crate::vocab::{Command, Vocab};
use cases::*;
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

/// A recognizer and listener for one language, as `play` has them.
struct Ear {
    recognizer: Box<dyn Recognizer>,
    listener: Listener,
}

impl Ear {
    fn open(lang: Lang, backend: Backend, vosk_model: Option<&PathBuf>) -> anyhow::Result<Ear> {
        let mut config = RecognizerConfig::new(lang, backend);
        config.vosk_model = vosk_model.cloned();
        Ok(Ear {
            recognizer: asr::open(&config)?,
            listener: Listener::new(ListenConfig::default(), Grammar::new(lang)),
        })
    }

    /// Everything heard in the audio, with the stream time it started at. With `answers`,
    /// the grammar is `play`'s while a read-back's correction window is open: the position's
    /// and the answers ("ja", "nein", "Korrektur").
    fn hear(
        &mut self,
        position: &Chess,
        vocab: &Vocab,
        audio: &[i16],
        answers: bool,
    ) -> anyhow::Result<(Vec<Recognized>, f64)> {
        let mut grammar = Grammar::for_position(position, vocab);
        if answers {
            grammar.add_answers(vocab);
        }
        self.listener
            .set_grammar(self.recognizer.as_mut(), grammar)?;
        let offset_ms = self.listener.position_ms() as f64;
        let mut events = self.listener.push(self.recognizer.as_mut(), audio)?;
        events.extend(self.listener.finish(self.recognizer.as_mut())?);
        let heard = events
            .into_iter()
            .filter_map(|e| match e {
                VoiceEvent::Recognized(h) => Some(h),
                _ => None,
            })
            .collect();
        Ok((heard, offset_ms))
    }
}

/// The reading as a short text for the report.
fn reading_text(reading: &Reading) -> String {
    match reading {
        Reading::Move(mv) => crate::interpret::uci(mv),
        Reading::Command(c) => format!("command {}", c.name()),
        other => other.status().to_string(),
    }
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

/// The voice that reads moves back (its time to the first sound is part of the latency).
fn readback_voice(lang: Lang) -> Voice {
    Voice::new(if lang == Lang::De { "de" } else { "en-us" }, 175)
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

/// One set line spoken by one voice, heard and read.
#[allow(clippy::too_many_arguments)]
fn hear_case(
    ear: &mut Ear,
    vocab: &Vocab,
    interpreter: &Interpreter,
    noises: &Noises,
    cond: Condition,
    index: usize,
    case: &SetCase,
    voice: &str,
    speech: &[i16],
    to_read_back: bool,
) -> anyhow::Result<SetOutcome> {
    let per_ms = (SAMPLE_RATE / 1000) as usize;
    let audio = noises.compose(speech, cond, index, false);
    let end_of_speech = LEAD_MS * per_ms + speech_end(speech);
    // An answer ("ja", "nein", "Korrektur") is said to a read-back, while its window is open.
    let answer = to_read_back
        || matches!(&case.expect, Expect::Command(c)
        if matches!(Command::from_name(c), Some(Command::Yes | Command::No | Command::Correction)));
    let (heard, offset_ms) = ear.hear(&case.position, vocab, &audio, answer)?;
    let audio_ms = audio.len() as f64 / per_ms as f64;
    let mut out = SetOutcome {
        case: index,
        voice: voice.to_string(),
        verdict: Verdict::Missed,
        heard: String::new(),
        got: "nothing heard".into(),
        latency_ms: None,
        waited_ms: 0.0,
        behind_ms: 0.0,
        decoded_ms: 0.0,
        early: false,
        compute_ms: 0.0,
        audio_ms,
        exact: true,
        read_back: false,
        window: false,
        fit: None,
        alternatives: Vec::new(),
        unsure_answer: None,
        taken_answer: None,
    };
    // The first utterance heard is the one answered, as in `play`.
    let Some(heard) = heard.into_iter().next() else {
        return Ok(out);
    };
    let (interpretation, interpret_ms, first_sound_ms) = read_back(
        interpreter,
        &case.position,
        &heard.alternatives,
        vocab,
        &readback_voice(case.lang),
    )?;
    out.exact = interpretation.exact;
    out.unsure_answer = interpretation.unsure_answer;
    out.taken_answer = interpreter.answer_to_a_waiting_read_back(&interpretation);
    out.fit = heard.fit;
    out.alternatives = heard.alternatives.clone();
    let reading = interpretation.reading;
    let waited_ms =
        (heard.committed_ms as f64 - offset_ms - end_of_speech as f64 / per_ms as f64).max(0.0);
    out.latency_ms = Some(waited_ms + heard.behind_ms + interpret_ms + first_sound_ms);
    out.waited_ms = waited_ms;
    out.behind_ms = heard.behind_ms;
    out.decoded_ms = heard.decoded_ms;
    out.early = heard.early;
    out.compute_ms = heard.compute_ms;
    out.heard = heard.best().to_string();
    out.got = reading_text(&reading);
    out.read_back = matches!(reading, Reading::Move(_));
    out.window = interpretation.exact && matches!(&reading, Reading::Move(mv) if is_quiet(mv));
    out.verdict = match (&case.expect, &reading) {
        (Expect::Move(uci), Reading::Move(mv)) if crate::interpret::uci(mv) == *uci => {
            Verdict::Right
        }
        (Expect::Move(_), Reading::Move(_)) => Verdict::WrongMove,
        (Expect::Move(_), Reading::Command(_)) => Verdict::CommandFromMove,
        (Expect::Command(c), Reading::Command(got)) if got.name() == c => Verdict::Right,
        (Expect::Command(_), Reading::Command(_)) => Verdict::WrongCommand,
        (Expect::Command(_), Reading::Move(_)) => Verdict::MoveFromCommand,
        _ => Verdict::Missed,
    };
    Ok(out)
}

/// A move the correction window may make: no capture, no promotion.
fn is_quiet(mv: &shakmaty::Move) -> bool {
    !mv.is_capture() && !mv.is_promotion()
}

/// Whether the move a case says is quiet.
fn says_quiet_move(case: &SetCase) -> bool {
    match &case.expect {
        Expect::Move(uci) => uci
            .parse::<shakmaty::uci::UciMove>()
            .ok()
            .and_then(|u| u.to_move(&case.position).ok())
            .is_some_and(|mv| is_quiet(&mv)),
        Expect::Command(_) => false,
    }
}

/// The answer lines as answers to a read-back that waits for "ja" ("Meinten Sie …? Ja oder
/// nein."), where `play` also takes a "nein" heard unsurely, and a "ja" heard unsurely that
/// begins with the word "ja" itself: per language, how many were taken as said, how many of
/// them only so, how many "ja" became a "nein" and how many answers became a "ja" (which
/// makes a move). Prints them and gives them as JSON.
fn answers_to_a_question(cases: &[SetCase], outcomes: &[SetOutcome]) -> Value {
    let negative = |c: Command| matches!(c, Command::No | Command::Correction);
    let mut by_lang: BTreeMap<&str, [usize; 5]> = BTreeMap::new();
    // Move lines heard as an unsure "nein" or "ja" taken there (said to a read-back,
    // `--to-read-back`): they withdraw it, or make it, where the move should replace it.
    let mut moves_as_answer: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    for o in outcomes {
        let case = &cases[o.case];
        if matches!(case.expect, Expect::Move(_)) {
            let t = moves_as_answer.entry(case.lang.code()).or_default();
            t.0 += 1;
            match o.taken_answer {
                Some(Command::Yes) => t.2 += 1,
                Some(_) => t.1 += 1,
                None => {}
            }
        }
        let Expect::Command(said) = &case.expect else {
            continue;
        };
        let Some(said) = Command::from_name(said).filter(|c| c.is_answer()) else {
            continue;
        };
        let t = by_lang.entry(case.lang.code()).or_default();
        t[0] += 1;
        let same = |c: Command| c == said || negative(c) && negative(said);
        match (o.verdict, o.taken_answer) {
            (Verdict::Right, _) => t[1] += 1,
            (_, Some(c)) if same(c) => {
                t[1] += 1;
                t[2] += 1;
            }
            (_, Some(Command::Yes)) => t[4] += 1,
            (_, Some(_)) => t[3] += 1,
            _ => {}
        }
    }
    let mut json = serde_json::Map::new();
    for (lang, (n, as_no, as_yes)) in &moves_as_answer {
        if *as_no + *as_yes > 0 {
            println!(
                "  {lang} move lines heard as an unsure answer to a read-back that waits for \"ja\": {as_no} of {n} a \"nein\" (withdraws it), {as_yes} a \"ja\" (makes it)"
            );
        }
        json.insert(format!("{lang}_moves_as_no"), json!(as_no));
        json.insert(format!("{lang}_moves_as_yes"), json!(as_yes));
    }
    for (lang, [n, right, unsure, yes_as_no, as_yes]) in &by_lang {
        println!(
            "  {lang} answers to a read-back that waits for \"ja\": {right} of {n} taken as said ({unsure} of them heard unsurely), {yes_as_no} a \"ja\" taken as \"nein\", {as_yes} another answer taken as \"ja\""
        );
        json.insert(
            (*lang).to_string(),
            json!({"n": n, "right": right, "unsure": unsure, "yes_as_no": yes_as_no, "other_as_yes": as_yes}),
        );
    }
    json.into()
}

/// Prints the latency of some outcomes, and gives it as JSON.
fn latency_line<'a>(kind: &str, outcomes: impl Iterator<Item = &'a SetOutcome>) -> Value {
    let mut part: Vec<f64> = outcomes.filter_map(|o| o.latency_ms).collect();
    part.sort_by(f64::total_cmp);
    let (p50, p95) = (quantile(&part, 0.5), quantile(&part, 0.95));
    println!(
        "    of {kind}: p50 {p50:.0} ms, p95 {p95:.0} ms ({} heard)",
        part.len()
    );
    json!({"p50": p50.round(), "p95": p95.round(), "n": part.len()})
}

/// Appends every outcome of a condition to `file` as JSON lines.
fn write_outcomes(
    file: &Path,
    cond: Condition,
    cases: &[SetCase],
    outcomes: &[SetOutcome],
    rejected: &[RejectOutcome],
) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .with_context(|| format!("cannot write {}", file.display()))?;
    for o in outcomes {
        let case = &cases[o.case];
        let line = json!({
            "condition": cond.name(), "lang": case.lang.code(), "form": case.form,
            "voice": o.voice, "said": case.text, "heard": o.heard, "got": o.got,
            "verdict": format!("{:?}", o.verdict), "exact": o.exact, "window": o.window,
            "quiet": says_quiet_move(case),
            "fit_gap": o.fit.map(|f| f.gap),
            "phones": o.fit.map(|f| [f.phrase_phones, f.spoken_phones]),
            "word_gap": o.fit.map(|f| f.worst_word_gap),
            "latency_ms": o.latency_ms, "waited_ms": o.waited_ms,
            "behind_ms": o.behind_ms, "decoded_ms": o.decoded_ms, "early": o.early,
            "alternatives": o.alternatives,
            "unsure_answer": o.unsure_answer.map(Command::name),
            "fen": shakmaty::fen::Fen::from_position(&case.position, shakmaty::EnPassantMode::Legal).to_string(),
        });
        writeln!(out, "{line}")?;
    }
    for r in rejected {
        let line = json!({
            "condition": cond.name(), "lang": r.lang.code(), "rejection": r.kind,
            "label": r.label, "heard": r.heard, "moves": r.moves, "commands": r.commands,
            "commands_sure": r.commands_sure,
            "fit_gaps": r.fits.iter().map(|f| f.map(|f| f.gap)).collect::<Vec<_>>(),
            "phones": r.fits.iter().map(|f| f.map(|f| [f.phrase_phones, f.spoken_phones])).collect::<Vec<_>>(),
            "word_gaps": r.fits.iter().map(|f| f.map(|f| f.worst_word_gap)).collect::<Vec<_>>(),
            "exact": r.exact, "answered": r.answered, "withdrew": r.withdrew,
            "unsure_yes": r.unsure_yes,
        });
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The rejection set: coughs, chatter, other languages, the noise floor alone, a ramble.
fn rejection_items(
    sets: &SetBenchArgs,
    voices_de: &[(String, Synth)],
    voices_en: &[(String, Synth)],
    notes: &mut Vec<String>,
) -> anyhow::Result<Vec<RejectItem>> {
    let both = vec![Lang::De, Lang::En];
    let mut items = Vec::new();
    for (label, speech) in coughs()? {
        items.push(RejectItem {
            kind: "cough",
            label,
            langs: both.clone(),
            speech,
        });
    }
    items.push(RejectItem {
        kind: "silence",
        label: "3 s of the noise floor alone".into(),
        langs: both.clone(),
        speech: vec![0; 3 * SAMPLE_RATE as usize],
    });
    for (i, (code, text)) in OTHER_LANGUAGES.iter().enumerate() {
        let rate = sets.rates[i % sets.rates.len()];
        match Synth::Espeak((*code).to_string()).speak(text, rate) {
            Ok(speech) => items.push(RejectItem {
                kind: "other language",
                label: format!("{code}: {text}"),
                langs: both.clone(),
                speech,
            }),
            Err(err) => notes.push(format!("espeak-ng {code} skipped: {err:#}")),
        }
    }
    for (lang, voices, text) in [
        (Lang::De, voices_de, RAMBLE_DE),
        (Lang::En, voices_en, RAMBLE_EN),
    ] {
        if let Some((name, synth)) = voices.first() {
            match synth.speak(text, 145) {
                Ok(speech) => items.push(RejectItem {
                    kind: "ramble",
                    label: format!(
                        "{lang} ramble of {:.0} s by {name}",
                        speech.len() as f64 / f64::from(SAMPLE_RATE)
                    ),
                    langs: vec![lang],
                    speech,
                }),
                Err(err) => notes.push(format!("the {lang} ramble by {name} skipped: {err:#}")),
            }
        }
    }
    if let Some(path) = &sets.chatter {
        for (i, (lang, form, text)) in load_chatter(path, sets.chatter_limit)?
            .into_iter()
            .enumerate()
        {
            let voices = if lang == Lang::De {
                voices_de
            } else {
                voices_en
            };
            if voices.is_empty() {
                continue;
            }
            let (name, synth) = &voices[i % voices.len()];
            let rate = sets.rates[i % sets.rates.len()];
            match synth.speak(&text, rate) {
                Ok(speech) => items.push(RejectItem {
                    kind: "chatter",
                    label: format!("{form}, {name}: {text}"),
                    langs: vec![lang],
                    speech,
                }),
                Err(err) => notes.push(format!("{name} could not say {text:?}: {err:#}")),
            }
        }
    } else {
        notes.push("no --chatter set: the rejection set has no chatter".into());
    }
    Ok(items)
}

/// Counts of a group of set outcomes.
#[derive(Default)]
struct Tally {
    n: usize,
    right: usize,
    moves: usize,
    wrong_move: usize,
    /// Moves said that the window may make (no capture, no promotion).
    quiet_moves: usize,
    /// Wrong moves the window would make without a "ja".
    wrong_move_sure: usize,
    /// Right moves made by the window.
    right_move_sure: usize,
    command_from_move: usize,
    /// Commands from a move line that `play` would carry out without asking.
    command_from_move_sure: usize,
    commands: usize,
    /// Right commands carried out without asking ("Meinten Sie Zeit?").
    right_command_sure: usize,
    move_from_command: usize,
    wrong_command: usize,
}

impl Tally {
    fn add(&mut self, case: &SetCase, o: &SetOutcome) {
        self.n += 1;
        match case.expect {
            Expect::Move(_) => self.moves += 1,
            Expect::Command(_) => self.commands += 1,
        }
        if says_quiet_move(case) {
            self.quiet_moves += 1;
        }
        match o.verdict {
            Verdict::Right => {
                self.right += 1;
                if o.window {
                    self.right_move_sure += 1;
                }
                if matches!(case.expect, Expect::Command(_)) && o.exact {
                    self.right_command_sure += 1;
                }
            }
            Verdict::WrongMove => {
                self.wrong_move += 1;
                if o.window {
                    self.wrong_move_sure += 1;
                }
            }
            Verdict::CommandFromMove => {
                self.command_from_move += 1;
                self.command_from_move_sure += usize::from(o.exact);
            }
            Verdict::MoveFromCommand => self.move_from_command += 1,
            Verdict::WrongCommand => self.wrong_command += 1,
            Verdict::Missed => {}
        }
    }

    fn pct(a: usize, b: usize) -> f64 {
        if b == 0 {
            0.0
        } else {
            100.0 * a as f64 / b as f64
        }
    }

    fn line(&self) -> String {
        format!(
            "{} of {} right ({:.1} %), wrong move {} of {} moves ({:.1} %, {} of them made by the window), right moves made by the window {} of {} quiet moves ({:.1} %), right commands carried out without asking {} of {}, command from a move {} ({} without asking), move from a command {}",
            self.right,
            self.n,
            Self::pct(self.right, self.n),
            self.wrong_move,
            self.moves,
            Self::pct(self.wrong_move, self.moves),
            self.wrong_move_sure,
            self.right_move_sure,
            self.quiet_moves,
            Self::pct(self.right_move_sure, self.quiet_moves),
            self.right_command_sure,
            self.commands,
            self.command_from_move,
            self.command_from_move_sure,
            self.move_from_command
        )
    }

    fn json(&self) -> Value {
        json!({
            "utterances": self.n,
            "right": self.right,
            "accuracy": (Self::pct(self.right, self.n) * 10.0).round() / 1000.0,
            "moves": self.moves,
            "wrong_move": self.wrong_move,
            "wrong_move_rate": (Self::pct(self.wrong_move, self.moves) * 10.0).round() / 1000.0,
            "wrong_move_sure": self.wrong_move_sure,
            "right_move_sure": self.right_move_sure,
            "quiet_moves": self.quiet_moves,
            "command_from_move": self.command_from_move,
            "command_from_move_sure": self.command_from_move_sure,
            "commands": self.commands,
            "right_command_sure": self.right_command_sure,
            "move_from_command": self.move_from_command,
            "wrong_command": self.wrong_command,
        })
    }
}

/// Prints the figures of one condition and returns them as JSON.
fn report_condition(
    args: &super::voice::VoiceBenchArgs,
    cond: Condition,
    cases: &[SetCase],
    outcomes: &[SetOutcome],
    rejected: &[RejectOutcome],
) -> Value {
    println!("{}:", cond.label(args.snr));
    let mut all = Tally::default();
    let mut by_lang: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut by_form: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut by_voice: BTreeMap<&str, Tally> = BTreeMap::new();
    for o in outcomes {
        let case = &cases[o.case];
        all.add(case, o);
        by_lang.entry(case.lang.code()).or_default().add(case, o);
        by_form.entry(case.form.as_str()).or_default().add(case, o);
        by_voice.entry(o.voice.as_str()).or_default().add(case, o);
    }
    println!("  set: {}", all.line());
    for (lang, t) in &by_lang {
        println!("  {lang}: {}", t.line());
    }
    let mut latency: Vec<f64> = outcomes.iter().filter_map(|o| o.latency_ms).collect();
    latency.sort_by(f64::total_cmp);
    let (p50, p95) = (quantile(&latency, 0.5), quantile(&latency, 0.95));
    println!(
        "  latency, end of speech to start of read-back: p50 {p50:.0} ms, p95 {p95:.0} ms, largest {:.0} ms",
        latency.last().copied().unwrap_or(0.0)
    );
    // Moves are read back; an answer ("ja") waits out the whole pause by design
    // (`Grammar::is_final`), so the two are told apart. A move line that was not understood
    // has no read-back to wait for, so the read-backs are told apart too.
    let said_move = |o: &&SetOutcome| matches!(cases[o.case].expect, Expect::Move(_));
    let latency_of_moves = latency_line("moves", outcomes.iter().filter(said_move));
    let latency_of_read_backs = latency_line(
        "moves read back",
        outcomes.iter().filter(said_move).filter(|o| o.read_back),
    );
    latency_line(
        "commands and answers",
        outcomes.iter().filter(|o| !said_move(o)),
    );
    let answers_to_question = answers_to_a_question(cases, outcomes);
    let compute: f64 = outcomes.iter().map(|o| o.compute_ms).sum();
    let audio: f64 = outcomes.iter().map(|o| o.audio_ms).sum();
    println!("  real-time factor: {:.3}", compute / audio.max(1.0));
    println!("  by form:");
    for (form, t) in &by_form {
        println!("    {form}: {}", t.line());
    }
    println!("  by voice:");
    for (voice, t) in &by_voice {
        println!("    {voice}: {}", t.line());
    }
    // Examples of the dangerous readings: the first of each form, then the second of each…
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut wrong: Vec<(usize, &SetOutcome)> = outcomes
        .iter()
        .filter(|o| {
            matches!(
                o.verdict,
                Verdict::WrongMove
                    | Verdict::CommandFromMove
                    | Verdict::MoveFromCommand
                    | Verdict::WrongCommand
            )
        })
        .map(|o| {
            let n = seen.entry(cases[o.case].form.as_str()).or_default();
            *n += 1;
            (*n, o)
        })
        .collect();
    wrong.sort_by_key(|(n, _)| *n);
    for (_, o) in wrong.into_iter().take(args.show) {
        let case = &cases[o.case];
        let want = match &case.expect {
            Expect::Move(u) => u.clone(),
            Expect::Command(c) => format!("command {c}"),
        };
        println!(
            "  wrong: {}, {}: said \"{}\" ({want}), heard \"{}\", read {}",
            o.voice, case.form, case.text, o.heard, o.got
        );
    }
    let mut by_kind: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    for r in rejected {
        let e = by_kind.entry(r.kind).or_default();
        e.0 += 1;
        e.1 += usize::from(r.moves > 0);
        e.2 += usize::from(r.commands > 0);
    }
    let became_move = rejected.iter().filter(|r| r.moves > 0).count();
    let became_command = rejected.iter().filter(|r| r.commands > 0).count();
    let taken_as_command = rejected.iter().filter(|r| r.commands_sure > 0).count();
    let answered: Vec<&RejectOutcome> =
        rejected.iter().filter(|r| !r.answered.is_empty()).collect();
    if !rejected.is_empty() {
        let verdict = if became_move + became_command + answered.len() == 0 {
            "met"
        } else {
            "NOT met"
        };
        println!(
            "  rejection: {} items heard, {became_move} became a move, {became_command} became a command ({taken_as_command} carried out without asking) (aim: none) {verdict}",
            rejected.len()
        );
        for (kind, (n, m, c)) in &by_kind {
            println!("    {kind}: {n} items, {m} became a move, {c} became a command");
        }
        println!(
            "    during a read-back's window: {} became an answer or a command",
            answered.len()
        );
        let examples = |what: &str, heard: fn(&RejectOutcome) -> &Vec<String>| {
            let with = rejected.iter().filter(|r| !heard(r).is_empty());
            for r in with.take(args.show) {
                let heard = heard(r).join("; ");
                println!(
                    "  {what} ({} recognizer): {}: heard {heard}",
                    r.lang, r.label
                );
            }
        };
        examples("answered", |r| &r.answered);
        let withdrew = rejected.iter().filter(|r| !r.withdrew.is_empty()).count();
        println!(
            "    to a read-back that waits for \"ja\": {withdrew} would withdraw it (an unsure \"nein\")"
        );
        examples("withdrew", |r| &r.withdrew);
        let unsure_yes = rejected.iter().filter(|r| !r.unsure_yes.is_empty()).count();
        println!(
            "    to a read-back that waits for \"ja\": {unsure_yes} would make it (an unsure \"ja\")"
        );
        examples("unsure ja", |r| &r.unsure_yes);
        // Examples: the first of each kind and recognizer language, then the second of each…
        let mut seen: BTreeMap<(&str, &str), usize> = BTreeMap::new();
        let mut accepted: Vec<(usize, &RejectOutcome)> = rejected
            .iter()
            .filter(|r| r.moves + r.commands > 0)
            .map(|r| {
                let n = seen.entry((r.kind, r.lang.code())).or_default();
                *n += 1;
                (*n, r)
            })
            .collect();
        accepted.sort_by_key(|(n, _)| *n);
        for (_, r) in accepted.into_iter().take(args.show) {
            println!(
                "  accepted ({} recognizer): {}: heard {}",
                r.lang,
                r.label,
                r.heard.join("; ")
            );
        }
    }
    let group = |m: &BTreeMap<&str, Tally>| -> Value {
        m.iter()
            .map(|(k, t)| ((*k).to_string(), t.json()))
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    json!({
        "condition": cond.name(),
        "label": cond.label(args.snr),
        "set": all.json(),
        "by_lang": group(&by_lang),
        "by_form": group(&by_form),
        "by_voice": group(&by_voice),
        "latency_ms": {"p50": p50.round(), "p95": p95.round(), "n": latency.len()},
        "latency_of_moves_ms": latency_of_moves,
        "latency_of_read_backs_ms": latency_of_read_backs,
        "answers_to_a_question": answers_to_question,
        "rejection": {
            "items": rejected.len(),
            "became_move": became_move,
            "became_command": became_command,
            "answered_during_read_back": answered.len(),
            "withdrew_waiting_read_back": rejected.iter().filter(|r| !r.withdrew.is_empty()).count(),
            "unsure_yes_waiting_read_back": rejected.iter().filter(|r| !r.unsure_yes.is_empty()).count(),
            "by_kind": by_kind.iter().map(|(k, (n, m, c))| ((*k).to_string(),
                json!({"items": n, "became_move": m, "became_command": c}))).collect::<serde_json::Map<_, _>>(),
        },
    })
}
