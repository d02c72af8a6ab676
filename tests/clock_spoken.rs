//! Spoken time, table-driven from `tests/clock/spoken.tsv`, and the reports built on it.
use std::path::Path;

use rochade::clock::spoken::{duration_words, moves_report, reading_report, time_report};
use rochade::clock::{Clock, ClockSettings, TimeControl};
use rochade::lang::Lang;
use shakmaty::Color;

#[test]
fn duration_words_follow_the_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clock/spoken.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut rows = 0;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("ms\t") || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [ms, lang, words] = fields[..] else {
            panic!("spoken.tsv:{}: expected ms, lang, words", i + 1)
        };
        let ms: u64 = ms
            .parse()
            .unwrap_or_else(|e| panic!("spoken.tsv:{}: {e}", i + 1));
        let lang: Lang = lang
            .parse()
            .unwrap_or_else(|e| panic!("spoken.tsv:{}: {e}", i + 1));
        assert_eq!(duration_words(ms, lang), words, "spoken.tsv:{}", i + 1);
        rows += 1;
    }
    assert!(rows >= 30, "only {rows} rows");
}

#[test]
fn time_report_says_own_time_first() {
    assert_eq!(
        time_report(760_000, 1_860_000, Lang::De),
        "Sie: zwölf Minuten, vierzig Sekunden. Gegner: einunddreißig Minuten."
    );
    assert_eq!(
        time_report(760_000, 1_860_000, Lang::En),
        "You: twelve minutes, forty seconds. Opponent: thirty-one minutes."
    );
    assert_eq!(
        time_report(0, 61_000, Lang::De),
        "Sie: null Sekunden. Gegner: eine Minute, eine Sekunde."
    );
}

#[test]
fn reading_report_takes_the_players_side() {
    let tc: TimeControl = "300+2".parse().unwrap_or_else(|e| panic!("{e}"));
    let mut clock = Clock::new(tc, ClockSettings::default());
    clock
        .start(Color::White, 0)
        .unwrap_or_else(|e| panic!("{e}"));
    // White has run 62 s: 302 − 62 = 240 s; Black 302 s.
    let reading = clock.reading(62_000);
    assert_eq!(
        reading_report(&reading, Color::White, Lang::De),
        "Sie: vier Minuten. Gegner: fünf Minuten, zwei Sekunden."
    );
    assert_eq!(
        reading_report(&reading, Color::Black, Lang::En),
        "You: five minutes, two seconds. Opponent: four minutes."
    );
}

#[test]
fn moves_report_in_both_languages() {
    assert_eq!(
        moves_report(20, Some(20), Lang::De),
        "Zwanzig Züge gespielt, noch zwanzig bis zur Zeitkontrolle."
    );
    assert_eq!(
        moves_report(21, Some(19), Lang::En),
        "Twenty-one moves played, nineteen to the time control."
    );
    assert_eq!(
        moves_report(41, None, Lang::De),
        "Einundvierzig Züge gespielt."
    );
}
