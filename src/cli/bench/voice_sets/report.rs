//! The figures of a condition: counted per language, form and voice, printed for a screen
//! reader, and given as JSON and as JSON lines of every outcome.
use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use serde_json::{Value, json};

use super::super::voice::{VoiceBenchArgs, quantile};
use super::cases::{Expect, SetCase};
use super::hearing::is_quiet;
use super::sounds::Condition;
use super::{RejectOutcome, SetOutcome, Verdict};
use crate::vocab::Command;

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
pub(super) fn write_outcomes(
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
pub(super) fn report_condition(
    args: &VoiceBenchArgs,
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
