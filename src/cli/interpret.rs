//! `rochade interpret`: the spoken-move interpreter as a machine-readable command
//! (SPOKEN-MOVES.md §3), one position at a time, no state. With `--wav`, the words come from
//! a recording, recognized with the grammar of the position as `play` recognizes them.
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, fen::Fen};

use crate::bounded::{BATCH, BoundedLines};
use crate::interpret::Interpreter;
use crate::lang::Lang;
use crate::vocab::Vocab;

/// Interpret spoken words in a position and print the reading as JSON.
#[derive(Debug, Args)]
pub struct InterpretArgs {
    /// The position, as FEN.
    #[arg(long, conflicts_with = "batch")]
    pub fen: Option<String>,
    /// The position is a Chess960 one: its castling rights are read as Chess960's, and castling
    /// is read only from the castling words (a batch line says `"chess960": true`).
    #[arg(long)]
    pub chess960: bool,
    /// The language of the words: de (default) or en.
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// A vocabulary file adapted by the organiser (FIDE D.1) instead of the built-in one.
    #[arg(long)]
    pub grammar: Option<PathBuf>,
    /// A JSON-lines file of {"fen", "heard", "lang"} objects, or - for standard input.
    #[arg(long)]
    pub batch: Option<String>,
    /// A recording of the words (WAV, any rate): recognized with the grammar of the
    /// position, then interpreted; the JSON gains "heard" (the text) and "ms" (decode time).
    #[arg(long, requires = "fen", conflicts_with = "batch")]
    pub wav: Option<PathBuf>,
    /// The recognizer for --wav: vosk or pocketsphinx; by default Vosk when a model is
    /// installed, pocketsphinx otherwise.
    #[arg(long, requires = "wav")]
    pub recognizer: Option<crate::asr::Backend>,
    /// The Vosk model folder for --wav.
    #[arg(long, requires = "wav")]
    pub model: Option<PathBuf>,
    /// The words heard.
    #[arg(last = true)]
    pub words: Vec<String>,
}

/// Parses a FEN into a standard-chess position, with an error a person can act on.
pub fn parse_fen(fen: &str) -> Result<Chess, String> {
    parse_fen_in(fen, false)
}

/// [`parse_fen`], of a Chess960 position when `chess960`.
pub fn parse_fen_in(fen: &str, chess960: bool) -> Result<Chess, String> {
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|err| format!("bad FEN {:?}: {err}", shorten(fen)))?;
    parsed
        .into_position(mode)
        .map_err(|err| format!("impossible position in FEN {:?}: {err}", shorten(fen)))
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 100 {
        let cut: String = text.chars().take(100).collect();
        format!("{cut}…")
    } else {
        text.to_string()
    }
}

/// Interpreters for both languages (and an adapted vocabulary, if given).
struct Interpreters {
    de: Interpreter,
    en: Interpreter,
}

impl Interpreters {
    fn new(grammar: Option<&PathBuf>) -> anyhow::Result<Interpreters> {
        let mut de = Interpreter::new(Vocab::builtin(Lang::De));
        let mut en = Interpreter::new(Vocab::builtin(Lang::En));
        if let Some(path) = grammar {
            let vocab = Vocab::load(path)?;
            match vocab.lang() {
                Lang::En => en = Interpreter::new(vocab),
                _ => de = Interpreter::new(vocab),
            }
        }
        Ok(Interpreters { de, en })
    }

    /// The interpreter of a language's vocabulary: ar and he are understood in German.
    fn get(&self, lang: Lang) -> &Interpreter {
        match lang.default_vocabulary() {
            Lang::En => &self.en,
            _ => &self.de,
        }
    }
}

fn error(message: impl Into<String>) -> Value {
    json!({"status": "error", "error": message.into()})
}

/// Reads the recognizer alternatives of a batch line: a string, or [[text, confidence], …].
fn alternatives(heard: &Value) -> Result<Vec<(String, f32)>, String> {
    match heard {
        Value::String(s) => Ok(vec![(s.clone(), 1.0)]),
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::String(s) => Ok((s.clone(), 1.0)),
                Value::Array(pair) => match (pair.first(), pair.get(1)) {
                    (Some(Value::String(s)), Some(Value::Number(n))) => {
                        Ok((s.clone(), n.as_f64().unwrap_or(0.0) as f32))
                    }
                    (Some(Value::String(s)), None) => Ok((s.clone(), 1.0)),
                    _ => Err("an alternative must be [\"words\", confidence]".to_string()),
                },
                _ => Err("an alternative must be [\"words\", confidence]".to_string()),
            })
            .collect(),
        _ => Err("\"heard\" must be a string or a list of [\"words\", confidence]".into()),
    }
}

/// Answers one batch line.
fn answer(interpreters: &Interpreters, line: &[u8]) -> Value {
    let Ok(text) = std::str::from_utf8(line) else {
        return error("the line is not valid UTF-8");
    };
    let text = text.trim();
    if text.is_empty() {
        return error("empty line: expected a JSON object {\"fen\", \"heard\", \"lang\"}");
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(err) => return error(format!("not valid JSON: {err}")),
    };
    let Some(obj) = value.as_object() else {
        return error("expected a JSON object {\"fen\", \"heard\", \"lang\"}");
    };
    let lang = match obj.get("lang") {
        None | Some(Value::Null) => Lang::De,
        Some(Value::String(s)) => match s.parse::<Lang>() {
            Ok(l) => l,
            Err(err) => return error(err),
        },
        Some(_) => return error("\"lang\" must be \"de\" or \"en\""),
    };
    let fen = match obj.get("fen") {
        Some(Value::String(f)) => f,
        Some(_) => return error("\"fen\" must be a string"),
        None => return error("missing \"fen\""),
    };
    let chess960 = match obj.get("chess960") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return error("\"chess960\" must be true or false"),
    };
    let pos = match parse_fen_in(fen, chess960) {
        Ok(p) => p,
        Err(err) => return error(err),
    };
    let alts = match obj.get("heard") {
        Some(h) => match alternatives(h) {
            Ok(a) => a,
            Err(err) => return error(err),
        },
        None => return error("missing \"heard\""),
    };
    interpreters.get(lang).interpret(&pos, &alts).to_json()
}

/// Runs `interpret` in batch mode over any reader, writing one JSON line per input line.
pub fn run_batch(
    input: impl BufRead,
    output: &mut impl Write,
    grammar: Option<&PathBuf>,
    flush_each: bool,
) -> anyhow::Result<()> {
    let interpreters = Interpreters::new(grammar)?;
    for line in BoundedLines::new(input, BATCH) {
        let answer = match line {
            Ok((_, text)) => answer(&interpreters, text.as_bytes()),
            // A line too long or not UTF-8 is answered like any bad line, and the batch goes on.
            Err(err) if err.can_go_on() => error(err.to_string()),
            Err(err) => {
                output.flush()?;
                return Err(err.into());
            }
        };
        serde_json::to_writer(&mut *output, &answer)?;
        output.write_all(b"\n")?;
        if flush_each {
            output.flush()?;
        }
    }
    output.flush()?;
    Ok(())
}

/// Runs the `interpret` subcommand.
pub fn run(args: InterpretArgs) -> anyhow::Result<i32> {
    if let Some(batch) = &args.batch {
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
        if batch == "-" {
            let stdin = std::io::stdin();
            let flush_each = stdin.is_terminal();
            run_batch(stdin.lock(), &mut out, args.grammar.as_ref(), flush_each)?;
        } else {
            let file = std::fs::File::open(batch)
                .map_err(|err| anyhow::anyhow!("cannot open the batch file {batch}: {err}"))?;
            run_batch(
                std::io::BufReader::new(file),
                &mut out,
                args.grammar.as_ref(),
                false,
            )?;
        }
        return Ok(0);
    }
    let Some(fen) = &args.fen else {
        anyhow::bail!("give --fen FEN -- WORDS..., or --batch FILE.jsonl (- for standard input)");
    };
    if let Some(wav) = &args.wav {
        let out = match parse_fen_in(fen, args.chess960) {
            Ok(pos) => recognize_wav(&args, &pos, wav)?,
            Err(err) => error(err),
        };
        println!("{out}");
        return Ok(if out["status"] == "error" { 1 } else { 0 });
    }
    let interpreters = Interpreters::new(args.grammar.as_ref())?;
    let out = match parse_fen_in(fen, args.chess960) {
        Ok(pos) => interpreters
            .get(args.lang)
            .interpret_text(&pos, &args.words.join(" "))
            .to_json(),
        Err(err) => error(err),
    };
    println!("{out}");
    Ok(if out["status"] == "error" { 1 } else { 0 })
}

/// Recognizes a recording in a position and interprets what was heard.
fn recognize_wav(
    args: &InterpretArgs,
    pos: &Chess,
    wav: &std::path::Path,
) -> anyhow::Result<Value> {
    use crate::asr::{self, Grammar, RecognizerConfig};
    let vocab = match &args.grammar {
        Some(path) => {
            let vocab = Vocab::load(path)?;
            anyhow::ensure!(
                vocab.lang() == args.lang,
                "the vocabulary {} is for {}, not {}",
                path.display(),
                vocab.lang(),
                args.lang
            );
            vocab
        }
        None => Vocab::builtin(args.lang),
    };
    let samples = crate::audio::wav::read_16k_mono(wav)?;
    let mut config = RecognizerConfig::auto(args.lang);
    config.backend = args.recognizer;
    config.vosk_model = args.model.clone();
    config.vocabulary = vocab.words().into_iter().collect();
    let opened = asr::open_with_notices(&config)?;
    for notice in opened.notices.iter().filter(|n| n.starts_with("warning")) {
        eprintln!("{notice}");
    }
    let mut recognizer = opened.recognizer;
    let grammar = Grammar::for_position(pos, &vocab);
    let report = recognizer.set_grammar(&grammar)?;
    if let Some(warning) = report.warning(recognizer.backend()) {
        eprintln!("{warning}");
    }
    let started = std::time::Instant::now();
    let heard = asr::recognize_alone(recognizer.as_mut(), &grammar, &samples)?;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut out = Interpreter::new(vocab)
        .interpret(pos, &heard.pairs())
        .to_json();
    out["heard"] = json!(heard.best());
    out["alternatives"] = json!(heard.pairs());
    out["ms"] = json!((ms * 10.0).round() / 10.0);
    out["recognizer"] = json!(recognizer.backend().name());
    Ok(out)
}
