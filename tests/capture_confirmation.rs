//! Captures and promotions wait for an explicit "ja" (issue 14, item 5; D.2.3: a capture is
//! made once the captured piece is off the player's board): the correction window makes quiet
//! moves only, unless the game gives captures the window (`capture_window`, `play
//! --capture-window`). A promotion always waits.
use rochade::assistant::Assistant;
use rochade::assistant::protocol::Effect;
use rochade::session::parse_event_line;

/// Replays event lines; the UCI of every move made, with its time.
fn made(lines: &[String]) -> Vec<(u64, String)> {
    let mut assistant = Assistant::new();
    let mut made = Vec::new();
    for line in lines {
        let event = parse_event_line(line).expect("an event");
        for effect in assistant.handle(&event) {
            let json = effect.to_json().to_string();
            assert!(!json.contains(r#""kind":"error""#), "{line}: {json}");
            if let Effect::Made { uci, .. } = &effect.effect {
                made.push((effect.at, uci.clone()));
            }
        }
    }
    made
}

fn game(fen: &str, capture_window: bool, said: &str, then: &[&str]) -> Vec<String> {
    let mut lines = vec![format!(
        r#"{{"at": 0, "start": {{"player": "white", "fen": "{fen}", "confirm_ms": 2000, "capture_window": {capture_window}}}}}"#
    )];
    lines.push(format!(r#"{{"at": 1000, "heard": "{said}"}}"#));
    lines.extend(then.iter().map(|l| l.to_string()));
    lines
}

/// White to move; exd5 is a capture, Nf3 a quiet move.
const CAPTURE: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
/// White to move; d8 is free for the pawn on d7.
const PROMOTION: &str = "7k/3P4/8/8/8/8/8/4K3 w - - 0 1";

#[test]
fn a_quiet_move_is_made_by_the_window() {
    let lines = game(
        CAPTURE,
        false,
        "Springer Felix drei",
        &[r#"{"at": 4000, "tick": true}"#],
    );
    assert_eq!(made(&lines), vec![(3000, "g1f3".to_string())]);
}

#[test]
fn a_capture_is_not_made_by_the_window_but_by_ja() {
    let silent = game(
        CAPTURE,
        false,
        "Eva schlägt David fünf",
        &[r#"{"at": 9000, "tick": true}"#],
    );
    assert_eq!(made(&silent), vec![]);
    let confirmed = game(
        CAPTURE,
        false,
        "Eva schlägt David fünf",
        &[
            r#"{"at": 9000, "tick": true}"#,
            r#"{"at": 9500, "heard": "ja"}"#,
        ],
    );
    assert_eq!(made(&confirmed), vec![(9500, "e4d5".to_string())]);
}

#[test]
fn with_capture_window_a_capture_is_made_by_the_window() {
    let lines = game(
        CAPTURE,
        true,
        "Eva schlägt David fünf",
        &[r#"{"at": 4000, "tick": true}"#],
    );
    assert_eq!(made(&lines), vec![(3000, "e4d5".to_string())]);
}

#[test]
fn a_promotion_waits_for_ja_even_with_capture_window() {
    let silent = game(
        PROMOTION,
        true,
        "David acht wird Dame",
        &[r#"{"at": 9000, "tick": true}"#],
    );
    assert_eq!(made(&silent), vec![]);
    let confirmed = game(
        PROMOTION,
        true,
        "David acht wird Dame",
        &[r#"{"at": 9500, "heard": "ja"}"#],
    );
    assert_eq!(made(&confirmed), vec![(9500, "d7d8q".to_string())]);
}
