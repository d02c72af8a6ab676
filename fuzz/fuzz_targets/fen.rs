//! FEN through the project's own entry points (the interpreter's, the scoresheet's and the
//! game's): an error or a position, and a position read back from its own FEN is the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rochade::game::Game;
use rochade::rules::RulesEdition;
use rochade::scoresheet::record::{fen_of, position_from_fen};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = rochade::cli::interpret::parse_fen(text) {
        let fen = fen_of(&pos);
        let again = rochade::cli::interpret::parse_fen(&fen).expect("its own FEN parses");
        assert_eq!(fen_of(&again), fen);
    }
    if let Ok(pos) = position_from_fen(text) {
        let fen = fen_of(&pos);
        let again = position_from_fen(&fen).expect("its own FEN parses");
        assert_eq!(fen_of(&again), fen);
    }
    if let Ok(game) = Game::new(Some(text), RulesEdition::default()) {
        let _ = game.fen();
    }
});
