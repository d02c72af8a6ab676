//! Robustness of `rochade interpret --batch` (SPOKEN-MOVES.md §3): whatever comes in, one JSON
//! object with a `status` goes out per input line, in order, and the batch goes on.
//!
//! * `run_batch` over random batches mixing random bytes (invalid UTF-8 included), malformed
//!   JSON, bad FENs, empty utterances, 10 kB of random words, recognizer alternatives with odd
//!   confidences, missing fields and wrong types, with known lines in between whose answers
//!   must come out right wherever they stand;
//! * the interpreter over random short utterances of vocabulary words, near-misses and
//!   unknown words in real positions: every move and candidate it names is legal, and a move
//!   is `exact` exactly when every word was a vocabulary word;
//! * lines just under the batch line limit (64 KiB), of 1 MB and of 5 MB, and the real binary fed such a mix
//!   through standard input.
use std::io::{Read, Write};
use std::process::{Command, Stdio};

use proptest::prelude::*;
use rochade::cli::interpret::run_batch;
use rochade::interpret::Interpreter;
use rochade::interpret::spoken::is_vocabulary_word;
use rochade::lang::Lang;
use rochade::vocab::Vocab;
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

const CORPUS: &str = include_str!("corpus/moves.jsonl");

/// Distinct FENs of the public corpus, as real positions to interpret in.
fn corpus_fens() -> Vec<String> {
    let mut fens: Vec<String> = CORPUS
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| v["fen"].as_str().map(str::to_string))
        .collect();
    fens.sort();
    fens.dedup();
    fens
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("corpus FEN")
        .into_position(CastlingMode::Standard)
        .expect("corpus position")
}

/// Lines whose answer is known, from SPOKEN-MOVES.md's own examples in the starting position.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
fn known_lines() -> Vec<(String, Value)> {
    let line = |heard: Value, lang: Option<&str>| {
        let mut obj = json!({"fen": START, "heard": heard});
        if let Some(l) = lang {
            obj["lang"] = json!(l);
        }
        obj.to_string()
    };
    vec![
        (
            line(json!("Springer Felix drei"), None),
            json!({"status": "move", "uci": "g1f3"}),
        ),
        (
            line(json!("pawn echo four"), Some("en")),
            json!({"status": "move", "uci": "e2e4"}),
        ),
        (
            line(json!("Springer Eva fünf"), Some("de")),
            json!({"status": "illegal"}),
        ),
        (
            line(json!("äh Zeit"), None),
            json!({"status": "command", "command": "time"}),
        ),
        (
            line(
                json!([["Springer Eva fünf", 0.9], ["Springer Felix drei", 0.88]]),
                None,
            ),
            json!({"status": "move", "uci": "g1f3", "exact": false}),
        ),
        (
            line(json!("Kissen"), None),
            json!({"status": "not_understood"}),
        ),
    ]
}

/// What a generated line must give.
#[derive(Debug, Clone)]
enum Want {
    /// `status: error`.
    Error,
    /// Any status but `error` (a well-formed request).
    Answer,
    /// Exactly these fields.
    Known(Value),
    /// Anything, as long as it is one well-formed answer.
    Any,
}

const STATUSES: [&str; 7] = [
    "move",
    "ambiguous",
    "incomplete",
    "illegal",
    "command",
    "not_understood",
    "error",
];

/// Checks the shape of one answer line; returns its JSON.
fn check_shape(line: &str) -> Value {
    let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line:.200}"));
    let status = v["status"]
        .as_str()
        .unwrap_or_else(|| panic!("{line:.200}"));
    assert!(STATUSES.contains(&status), "{line:.200}");
    match status {
        "move" => {
            assert!(v["uci"].is_string() && v["san"].is_string(), "{line:.200}");
            assert!(v["exact"].is_boolean(), "{line:.200}");
        }
        "ambiguous" => assert!(v["candidates"].as_array().is_some_and(|c| c.len() >= 2)),
        "incomplete" => {
            assert!(matches!(v["missing"].as_str(), Some("promotion" | "piece")));
            assert!(v["candidates"].as_array().is_some_and(|c| !c.is_empty()));
        }
        "illegal" => assert!(v["reason"].as_str().is_some_and(|r| !r.is_empty())),
        "command" => assert!(v["command"].is_string()),
        "error" => assert!(v["error"].as_str().is_some_and(|e| !e.is_empty())),
        _ => {}
    }
    v
}

fn check_want(answer: &Value, want: &Want, input: &[u8]) {
    let status = answer["status"].as_str().unwrap_or_default();
    let shown = String::from_utf8_lossy(&input[..input.len().min(200)]).into_owned();
    match want {
        Want::Error => assert_eq!(status, "error", "{shown}"),
        Want::Answer => assert_ne!(status, "error", "{shown} -> {answer}"),
        Want::Known(fields) => {
            for (k, v) in fields.as_object().into_iter().flatten() {
                assert_eq!(&answer[k], v, "{k} of {shown} -> {answer}");
            }
        }
        Want::Any => {}
    }
}

/// Runs a batch through `run_batch` and checks one well-formed answer per line, in order.
fn run_and_check(lines: &[(Vec<u8>, Want)], trailing_newline: bool) {
    let mut input = Vec::new();
    for (i, (line, _)) in lines.iter().enumerate() {
        input.extend_from_slice(line);
        if i + 1 < lines.len() || trailing_newline {
            input.push(b'\n');
        }
    }
    let mut output = Vec::new();
    run_batch(&input[..], &mut output, None, false).expect("run_batch over a byte slice");
    let text = String::from_utf8(output).expect("the output is UTF-8");
    let answers: Vec<&str> = text.lines().collect();
    // A last line without newline still counts, unless it is empty (then there is no line).
    let expected = if !trailing_newline && lines.last().is_some_and(|(l, _)| l.is_empty()) {
        lines.len() - 1
    } else {
        lines.len()
    };
    assert_eq!(answers.len(), expected, "one answer per input line");
    for ((line, want), answer) in lines.iter().zip(&answers) {
        let v = check_shape(answer);
        check_want(&v, want, line);
    }
}

fn vocabulary_words() -> Vec<String> {
    let mut words: Vec<String> = [Lang::De, Lang::En]
        .iter()
        .flat_map(|&l| Vocab::builtin(l).words())
        .collect();
    words.sort();
    words.dedup();
    words
}

/// Words in no vocabulary, some close to vocabulary words (slips), some not at all.
const OTHER_WORDS: &[&str] = &[
    "springur",
    "fellix",
    "gustaw",
    "dme",
    "rouk",
    "bishup",
    "kween",
    "sevin",
    "achd",
    "zwai",
    "rochada",
    "kissen",
    "pizza",
    "table",
    "tomorrow",
    "bahnhof",
    "ääääh",
    "ß",
    "日本",
    "🙂",
    "x1",
    "e9",
    "i5",
    "zz",
    "0",
    "9",
    "-",
    "'",
    "''",
    "…",
    "null",
    "{}",
    "\\u0000",
];

fn arb_word() -> impl Strategy<Value = String> {
    let vocab = vocabulary_words();
    prop_oneof![
        4 => prop::sample::select(vocab),
        2 => prop::sample::select(OTHER_WORDS).prop_map(str::to_string),
        1 => "[a-zA-ZäöüÄÖÜß]{1,12}",
        1 => any::<String>().prop_map(|s| s.chars().take(8).collect()),
    ]
}

fn arb_words(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(arb_word(), 0..max).prop_map(|w| w.join(" "))
}

/// Confidences a recognizer should not give but a batch file may hold.
fn arb_confidence() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!(0)),
        Just(json!(-1)),
        Just(json!(-0.0)),
        Just(json!(1e308)),
        Just(json!(-1e308)),
        Just(json!(f64::MIN_POSITIVE)),
        Just(json!(u64::MAX)),
        Just(json!(i64::MIN)),
        (-10.0f64..10.0).prop_map(|c| json!(c)),
        Just(json!("0.9")),
        Just(json!(null)),
    ]
}

fn arb_heard() -> impl Strategy<Value = Value> {
    let alternative = prop_oneof![
        (arb_words(8), arb_confidence()).prop_map(|(w, c)| json!([w, c])),
        arb_words(8).prop_map(|w| json!([w])),
        arb_words(8).prop_map(Value::String),
        Just(json!([])),
        Just(json!([1, 2])),
        Just(json!({"text": "eva vier"})),
    ];
    prop_oneof![
        3 => arb_words(10).prop_map(Value::String),
        2 => prop::collection::vec(alternative, 0..10).prop_map(Value::Array),
        1 => Just(json!("")),
        1 => Just(json!("   ")),
        1 => Just(json!(null)),
        1 => Just(json!(42)),
        1 => Just(json!({"de": "Eva vier"})),
    ]
}

/// A FEN that may be good, mangled or not a FEN at all.
fn arb_fen(fens: Vec<String>) -> impl Strategy<Value = (Value, bool)> {
    let good = prop::sample::select(fens.clone());
    prop_oneof![
        4 => good.prop_map(|f| (json!(f), true)),
        1 => (prop::sample::select(fens), any::<prop::sample::Index>(), any::<char>())
            .prop_map(|(f, at, c)| {
                let mut chars: Vec<char> = f.chars().collect();
                let i = at.index(chars.len());
                chars[i] = c;
                // Mangled, perhaps still a good FEN: the answer may be anything but must come.
                (json!(chars.into_iter().collect::<String>()), false)
            }),
        1 => Just((json!("8/8/8/8/8/8/8/8 w - - 0 1"), false)),
        1 => Just((json!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"), false)),
        1 => Just((json!("k7/8/8/8/8/8/8/K6K w - - 0 1"), false)),
        1 => Just((json!(""), false)),
        1 => Just((json!(7), false)),
        1 => Just((json!(["fen"]), false)),
    ]
}

/// One batch line with what it must give.
fn arb_line(fens: Vec<String>) -> impl Strategy<Value = (Vec<u8>, Want)> {
    let known = known_lines();
    let request = (
        arb_fen(fens.clone()),
        arb_heard(),
        prop_oneof![
            Just(None),
            Just(Some(json!("de"))),
            Just(Some(json!("en"))),
            Just(Some(json!("fr"))),
            Just(Some(json!(1))),
            Just(Some(json!(null))),
        ],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|((fen, fen_good), heard, lang, drop_fen, drop_heard)| {
            let mut obj = serde_json::Map::new();
            if !drop_fen {
                obj.insert("fen".into(), fen);
            }
            if !drop_heard {
                obj.insert("heard".into(), heard.clone());
            }
            if let Some(l) = &lang {
                obj.insert("lang".into(), l.clone());
            }
            let lang_ok = matches!(&lang, None | Some(Value::Null))
                || lang
                    .as_ref()
                    .and_then(Value::as_str)
                    .is_some_and(|l| l == "de" || l == "en");
            let fen_bad_type = !drop_fen && !obj["fen"].is_string();
            let heard_string = heard.is_string();
            let want = if drop_fen || drop_heard || !lang_ok || fen_bad_type {
                Want::Error
            } else if fen_good && heard_string {
                Want::Answer
            } else {
                Want::Any
            };
            (Value::Object(obj).to_string().into_bytes(), want)
        });
    let no_newline = any::<u8>().prop_filter("no newline", |b| *b != b'\n');
    prop_oneof![
        6 => request,
        2 => prop::sample::select(known).prop_map(|(l, v)| (l.into_bytes(), Want::Known(v))),
        2 => prop::collection::vec(no_newline, 0..300).prop_map(|b| (b, Want::Any)),
        1 => (prop::sample::select(known_lines()), any::<prop::sample::Index>()).prop_map(
            |((l, _), cut)| {
                // Cut off inside the object: never valid JSON.
                let mut b = l.into_bytes();
                let at = cut.index(b.len() - 1);
                b.truncate(at);
                (b, Want::Error)
            }
        ),
        1 => Just((b"\xff\xfe{\"fen\"}".to_vec(), Want::Error)),
        1 => Just((Vec::new(), Want::Error)),
        1 => Just((b"[1, 2, 3]".to_vec(), Want::Error)),
        1 => Just((b"null".to_vec(), Want::Error)),
        1 => Just((b"\"Springer Felix drei\"".to_vec(), Want::Error)),
        1 => (prop::sample::select(fens), prop::collection::vec(arb_word(), 1000..1400))
            .prop_map(|(fen, words)| {
                // About 10 kB of words: talk, not a move.
                let line = json!({"fen": fen, "heard": words.join(" ")}).to_string();
                (line.into_bytes(), Want::Answer)
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn every_line_gets_one_answer_and_the_batch_goes_on(
        lines in prop::collection::vec(arb_line(corpus_fens()), 0..24),
        trailing_newline in any::<bool>(),
    ) {
        run_and_check(&lines, trailing_newline);
    }
}

fn arb_utterance(max_words: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(arb_word(), 0..max_words)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// In real positions, whatever the words: a move or candidate named is a legal move, and
    /// a move is exact exactly when every word was a vocabulary word (§2: near-miss costs
    /// apply only to words that are not in the vocabulary).
    #[test]
    fn readings_name_legal_moves_and_exact_means_only_vocabulary_words(
        fen in prop::sample::select(corpus_fens()),
        words in arb_utterance(10),
        en in any::<bool>(),
    ) {
        let lang = if en { Lang::En } else { Lang::De };
        let vocab = Vocab::builtin(lang);
        let interpreter = Interpreter::new(vocab.clone());
        let pos = position(&fen);
        let text = words.join(" ");
        let heard = interpreter.interpret_text(&pos, &text);
        let answer = heard.to_json();
        let legal: Vec<String> = pos.legal_moves().iter().map(rochade::interpret::uci).collect();
        let named: Vec<String> = match answer["status"].as_str() {
            Some("move") => vec![answer["uci"].as_str().unwrap_or_default().to_string()],
            Some("ambiguous" | "incomplete") => answer["candidates"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|c| c.as_str().unwrap_or_default().to_string())
                .collect(),
            _ => Vec::new(),
        };
        for uci in &named {
            prop_assert!(legal.contains(uci), "{text:?} in {fen}: {uci} is not legal");
        }
        if answer["status"] == "move" {
            let all_known = rochade::vocab::split_words(&text).iter().all(|w| {
                is_vocabulary_word(&vocab, w)
                    || (w.len() == 1 && matches!(w.as_bytes()[0], b'a'..=b'h' | b'1'..=b'8'))
            });
            prop_assert_eq!(
                heard.exact, all_known,
                "{:?} in {}: exact {} but all words known {}", text, fen, heard.exact, all_known
            );
        }
    }
}

fn request(fen: &str, heard: &str) -> Vec<u8> {
    json!({"fen": fen, "heard": heard}).to_string().into_bytes()
}

#[test]
fn lines_up_to_the_limit_are_interpreted_longer_ones_answered_with_an_error_and_the_batch_goes_on()
{
    let known = known_lines();
    let limit = rochade::bounded::BATCH.line;
    // Just under the line limit with the JSON around it: still interpreted.
    let words: String = "Springer Felix drei Kissen ".repeat((limit - 200) / 27);
    let megabyte: String = "Springer Felix drei Kissen ".repeat(40_000);
    let one_word: String = "a".repeat(1 << 20);
    let beyond = "x".repeat(5 << 20); // not even JSON
    let lines: Vec<(Vec<u8>, Want)> = vec![
        (
            request(START, &words),
            Want::Known(json!({"status": "not_understood"})),
        ),
        (
            known[0].0.clone().into_bytes(),
            Want::Known(known[0].1.clone()),
        ),
        (request(START, &megabyte), Want::Error),
        (request(START, &one_word), Want::Error),
        (beyond.into_bytes(), Want::Error),
        (
            known[1].0.clone().into_bytes(),
            Want::Known(known[1].1.clone()),
        ),
    ];
    run_and_check(&lines, true);
}

#[test]
fn the_binary_answers_every_line_of_a_mixed_batch_on_standard_input() {
    let known = known_lines();
    let mut lines: Vec<(Vec<u8>, Want)> = Vec::new();
    let bad: Vec<(Vec<u8>, Want)> = vec![
        (b"\xc3\x28 not utf-8".to_vec(), Want::Error),
        (b"{\"fen\": ".to_vec(), Want::Error),
        (request("not a fen", "Eva vier"), Want::Error),
        (
            request(START, ""),
            Want::Known(json!({"status": "not_understood"})),
        ),
        (
            json!({"fen": START, "heard": [["Eva vier", -1], ["Eva vier", 1e308], ["x", 0]]})
                .to_string()
                .into_bytes(),
            Want::Known(json!({"status": "move", "uci": "e2e4"})),
        ),
        (
            json!({"heard": "Eva vier"}).to_string().into_bytes(),
            Want::Error,
        ),
        (
            json!({"fen": START, "heard": 3}).to_string().into_bytes(),
            Want::Error,
        ),
        (
            json!({"fen": START, "heard": "Eva vier", "lang": "fr"})
                .to_string()
                .into_bytes(),
            Want::Error,
        ),
        (Vec::new(), Want::Error),
        (
            request(START, &"Dame ".repeat(12_000)),
            Want::Known(json!({"status": "not_understood"})),
        ),
        (request(START, &"Dame ".repeat(200_000)), Want::Error),
        ("y".repeat(5 << 20).into_bytes(), Want::Error),
    ];
    // After every bad line, a known one: its right answer shows that the batch went on.
    for (i, b) in bad.into_iter().enumerate() {
        lines.push(b);
        let (line, want) = &known[i % known.len()];
        lines.push((line.clone().into_bytes(), Want::Known(want.clone())));
    }
    let mut input = Vec::new();
    for (line, _) in &lines {
        input.extend_from_slice(line);
        input.push(b'\n');
    }

    let mut child = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["interpret", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start rochade");
    let mut stdin = child.stdin.take().expect("stdin");
    // Write from another thread: the child answers while we still feed it.
    let feeder = std::thread::spawn(move || stdin.write_all(&input));
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut stdout)
        .expect("read the answers");
    feeder.join().expect("feeder").expect("write the batch");
    let status = child.wait().expect("wait for rochade");
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut stderr);
    }
    assert!(status.success(), "exit {status}: {stderr}");

    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), lines.len(), "one answer per line: {stderr}");
    for ((line, want), answer) in lines.iter().zip(answers) {
        let v = check_shape(answer);
        check_want(&v, want, line);
    }
}
