//! The spoken-move interpreter on any words in any position: the first byte picks the
//! language (odd: English), the first line of the rest is a FEN (the starting position when it
//! does not parse), every further line a recognizer alternative (`words` or `words<TAB>conf`).
//! Whatever it reads, every move it names must be legal in the position.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use rochade::interpret::{Interpreter, Reading};
use rochade::lang::Lang;
use rochade::vocab::Vocab;
use shakmaty::{Chess, Position};

static GERMAN: LazyLock<Interpreter> = LazyLock::new(|| Interpreter::new(Vocab::builtin(Lang::De)));
static ENGLISH: LazyLock<Interpreter> =
    LazyLock::new(|| Interpreter::new(Vocab::builtin(Lang::En)));

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let interpreter = if choice & 1 == 1 { &*ENGLISH } else { &*GERMAN };
    let text = String::from_utf8_lossy(rest);
    let mut lines = text.split('\n');
    let fen = lines.next().unwrap_or_default();
    let pos = rochade::cli::interpret::parse_fen(fen).unwrap_or_else(|_| Chess::default());
    let alternatives: Vec<(String, f32)> = lines
        .map(|line| match line.split_once('\t') {
            Some((words, conf)) => (words.to_string(), conf.trim().parse().unwrap_or(f32::NAN)),
            None => (line.to_string(), 1.0),
        })
        .collect();
    let readings = [
        interpreter.interpret(&pos, &alternatives),
        interpreter.interpret_text(&pos, alternatives.first().map_or("", |a| a.0.as_str())),
    ];
    for interpretation in readings {
        let named = match &interpretation.reading {
            Reading::Move(m) => std::slice::from_ref(m),
            Reading::Ambiguous(moves) => moves.as_slice(),
            Reading::Incomplete { candidates, .. } => candidates.as_slice(),
            _ => &[],
        };
        for m in named {
            assert!(pos.is_legal(*m), "{m:?} is not legal in {fen:?}");
        }
        let _ = interpretation.to_json();
    }
});
