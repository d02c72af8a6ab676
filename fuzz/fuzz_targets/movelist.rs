//! Move lists as people write them, from the start or from a FEN on the first line (after
//! `FEN `), and the scoresheet loader of `rochade scoresheet` on the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rochade::scoresheet::movelist::read_move_list;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (fen, list) = match text.strip_prefix("FEN ").and_then(|t| t.split_once('\n')) {
        Some((fen, list)) => (Some(fen), list),
        None => (None, text),
    };
    let _ = read_move_list(list, fen);
    let _ = rochade::cli::scoresheet::load_record(list, 1, fen, "fuzz.txt");
});
