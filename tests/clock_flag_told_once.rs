//! A flag is told once, not once a period: a clock that adds the next period at the flag lets
//! the flag fall again every period while nobody moves (a clock left running for a day). The
//! player hears it once; after a move, a new flag fall is told again.
use std::process::Command;

fn replay(events: &str) -> Vec<serde_json::Value> {
    let dir = std::env::temp_dir().join(format!("rochade-flag-once-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("events.jsonl");
    std::fs::write(&file, events).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The effects from `from` until `until` (ms of game time) that `pick` accepts.
fn count(
    effects: &[serde_json::Value],
    from: u64,
    until: u64,
    pick: impl Fn(&serde_json::Value) -> bool,
) -> usize {
    effects
        .iter()
        .filter(|e| (from..until).contains(&e["at"].as_u64().unwrap_or(0)))
        .filter(|e| pick(e))
        .count()
}

fn kind(name: &str) -> impl Fn(&serde_json::Value) -> bool + '_ {
    move |e| e["kind"] == name
}

fn flag_told(e: &serde_json::Value) -> bool {
    e["kind"] == "say" && e["about"]["flag_fell"] == "white"
}

#[test]
fn a_flag_falling_every_period_is_told_once_until_the_player_moves() {
    // 40 moves in 100 s, the next period added at the flag; White does not move for a day.
    let start = r#"{"at":0,"start":{"player":"white","time_control":"40/100","lang":"de","confirm_ms":0,"clock":{"period_addition":"at-flag"}}}"#;
    let events = format!(
        "{start}\n\
         {{\"at\":86400000,\"tick\":true}}\n\
         {{\"at\":86400100,\"heard\":\"Eva vier\"}}\n\
         {{\"at\":86400200,\"command\":\"yes\"}}\n\
         {{\"at\":86400300,\"opponent\":\"e5\"}}\n\
         {{\"at\":86900000,\"tick\":true}}\n"
    );
    let effects = replay(&events);
    // 864 flags fell during the day: one flag effect, one sentence.
    assert_eq!(
        count(&effects, 1, 86_400_001, kind("flag")),
        1,
        "{effects:#?}"
    );
    assert_eq!(count(&effects, 1, 86_400_001, flag_told), 1);
    let first = effects
        .iter()
        .find(|e| e["kind"] == "flag")
        .expect("a flag effect");
    assert_eq!(first["flag_ms"], 100_000, "the first fall is the one told");
    // The clock shows the period that runs now, once.
    assert_eq!(count(&effects, 86_400_000, 86_400_001, kind("clock")), 1);
    // The move is made; later the flag falls again in a new period: told again, once.
    assert_eq!(count(&effects, 86_400_200, 86_400_301, kind("made")), 2);
    assert_eq!(count(&effects, 86_400_301, u64::MAX, kind("flag")), 1);
    assert_eq!(count(&effects, 86_400_301, u64::MAX, flag_told), 1);
}
