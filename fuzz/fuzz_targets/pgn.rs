//! The PGN readers (strict and lenient), the PGN branch of the sheet reader and the
//! scoresheet loader of `rochade scoresheet`; a record read must write and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rochade::lang::Lang;
use rochade::scoresheet::pgn;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in [1, 2] {
        if let Ok(record) = pgn::read(text, game) {
            let written = pgn::write(&record, false, Lang::De);
            let again = pgn::read(&written, 1).expect("a written record reads back");
            assert_eq!(again.moves.len(), record.moves.len());
        }
        let _ = pgn::read_lenient(text, game);
        let _ = rochade::scoresheet::load::read_sheet(text, game, None);
    }
    let _ = rochade::cli::scoresheet::load_record(text, 1, None, "fuzz.pgn");
});
