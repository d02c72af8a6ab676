//! Replay events: every line read as an event (`parse_event_line`), the events handed to one
//! assistant in order, as `rochade replay` does; then the record it keeps written as PGN.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rochade::assistant::Assistant;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut assistant = Assistant::new();
    for line in text.lines() {
        if let Ok(event) = rochade::session::parse_event_line(line) {
            for effect in assistant.handle(&event) {
                let _ = effect.to_json();
            }
        }
    }
    if let Some(record) = assistant.record() {
        let lang = assistant.spec().map(|s| s.lang).unwrap_or_default();
        let _ = rochade::scoresheet::pgn::write(record, false, lang);
    }
});
