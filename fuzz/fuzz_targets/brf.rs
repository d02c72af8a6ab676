//! The braille scoresheet readers (BRF and Unicode braille) in every letter set, and the
//! braille branch of the sheet reader.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rochade::scoresheet::Letters;
use rochade::scoresheet::brf::{read_brf, read_brf_partial};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for letters in Letters::ALL {
        let _ = read_brf_partial(text, letters, None);
        let _ = read_brf(text, letters, None);
    }
    let _ = rochade::scoresheet::load::read_braille_sheet(text, None, None);
    let _ = rochade::scoresheet::load::read_sheet(text, 1, None);
});
