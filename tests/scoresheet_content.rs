//! What a scoresheet may hold (FIDE 8.1.4 2018, 8.1.b 2014, 12.3 2005, fa 12.2): the moves, the
//! times of the clocks, draw offers, matters relating to a claim and other relevant data
//! (names, event, result), and nothing else: no notes, analysis or engine output.
//! docs/RULES-MAP.md, T38 and #59.
use rochade::scoresheet::{ClaimKind, ClaimOutcome, Clocks, Headers, Record, SheetResult, Side};
use serde_json::Value;

/// Every field name the record's JSON may have, with what the Laws let it hold.
const ALLOWED: &[&str] = &[
    // the players, the event, the time control and the Laws: 8.1 "other relevant data"
    "headers",
    "white",
    "black",
    "event",
    "site",
    "date",
    "round",
    "time_control",
    "rules_edition",
    "extra",
    // the start position and the clocks: "the times of the clocks"
    "start_fen",
    "start_clocks",
    "white_ms",
    "black_ms",
    "at_ms",
    // the moves, with "(=)" and the sealed move (Guidelines I)
    "moves",
    "san",
    "uci",
    "draw_offered",
    "was_sealed",
    "sealed",
    // "matters relating to a claim"
    "claims",
    "after_ply",
    "kind",
    "by",
    "intended_move",
    "outcome",
    // the result (8.7)
    "result",
    "result_reason",
];

fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

#[test]
fn a_record_holds_only_what_the_laws_allow() {
    let headers = Headers {
        white: "Blind, Player".into(),
        black: "Sighted, Player".into(),
        time_control: Some("5400+30".into()),
        rules_edition: Some("fide-2018".into()),
        ..Headers::default()
    };
    let mut record = Record::new(headers, None).unwrap();
    let mut clocks = (5_430_000u64, 5_430_000u64);
    for (i, san) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]
        .iter()
        .enumerate()
    {
        if i % 2 == 0 {
            clocks.0 -= 10_000;
        } else {
            clocks.1 -= 10_000;
        }
        record
            .push_san(
                san,
                Some(Clocks::new(clocks.0, clocks.1)),
                Some(i as u64 * 10_000),
            )
            .unwrap();
        if i == 3 {
            record.offer_draw().unwrap();
        }
    }
    let intended = record.position().unwrap();
    let mv = shakmaty::san::San::from_ascii(b"Ng8")
        .unwrap()
        .to_move(&intended)
        .unwrap();
    record
        .add_claim(
            ClaimKind::ThreefoldRepetition,
            Side::Black,
            Some(mv),
            ClaimOutcome::Upheld,
            Some(70_000),
        )
        .unwrap();
    record.finish(SheetResult::Draw, "threefold repetition");

    let json = serde_json::to_value(&record).unwrap();
    let mut found = Vec::new();
    keys(&json, &mut found);
    let extra: Vec<&String> = found
        .iter()
        .filter(|k| !ALLOWED.contains(&k.as_str()))
        .collect();
    assert!(
        extra.is_empty(),
        "fields the Laws do not allow: {extra:?}\n{json}"
    );
    // the parts the Laws ask for are there
    for want in [
        "moves",
        "white_ms",
        "draw_offered",
        "claims",
        "intended_move",
        "result",
    ] {
        assert!(found.iter().any(|k| k == want), "{want} missing\n{json}");
    }
}
