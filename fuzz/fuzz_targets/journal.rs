//! The journal reader on any bytes: the typed read, the resumption's check, and the events it
//! keeps handed to the assistant as a resumption (or `rochade replay`) would.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use rochade::assistant::Assistant;

fuzz_target!(|data: &[u8]| {
    let path = Path::new("fuzz.jsonl");
    if let Ok(read) = rochade::journal::read_journal_bytes::<serde_json::Value>(path, data) {
        for problem in &read.problems {
            let _ = problem.to_string();
        }
    }
    if let Ok(check) = rochade::session::check_journal_bytes(path, data) {
        let mut assistant = Assistant::new();
        for (event, _) in &check.events {
            for effect in assistant.handle(event) {
                let _ = effect.to_json();
            }
        }
        for problem in check.damage.iter().chain(&check.torn) {
            let _ = problem.to_string();
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = rochade::session::record_of_journal_text(text);
    }
});
