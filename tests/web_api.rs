//! The opponent's page's API without a browser: `rochade play --web 127.0.0.1:PORT` with
//! typed input. The state is the game's (its FEN, the clocks as numbers), a legal move of the
//! opponent is made and announced to the player, an impossible one is refused with the
//! reason and changes nothing, the live updates carry the change, the player's read-back
//! never shows, and the guards (PINs, JSON only, body size, host, rate) hold.
mod web_support;

use std::time::Duration;

use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};
use web_support::{Game, events, get, get_json, post, post_raw, wait_state};

const WAIT: Duration = Duration::from_secs(10);

/// The FEN after `sans` from the initial position, by shakmaty, not by Rochade.
fn fen_after(sans: &[&str]) -> String {
    let mut pos = Chess::default();
    for san in sans {
        let mv = san
            .parse::<shakmaty::san::San>()
            .expect("SAN")
            .to_move(&pos)
            .expect("a legal move");
        pos.play_unchecked(mv);
    }
    Fen::from_position(&pos, EnPassantMode::Legal).to_string()
}

/// Until the live updates bring a state that `want` accepts.
fn next_event(events: &std::sync::mpsc::Receiver<Value>, want: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + WAIT;
    while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
        match events.recv_timeout(left) {
            Ok(v) if want(&v) => return v,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    panic!("the live updates never brought the state looked for");
}

#[test]
fn the_api_shows_the_game_takes_the_opponents_move_and_refuses_an_impossible_one() {
    let mut game = Game::start(&["--web", "127.0.0.1:0", "--arbiter-pin", "2468"]);
    game.player_moves("e4");

    let state = wait_state(&game.api("/api/state"), |s| s["history"] == json!(["e4"]));
    assert_eq!(state["fen"], fen_after(&["e4"]), "the game's position");
    assert_eq!(state["history"], json!(["e4"]));
    assert!(
        state["white_ms"].is_u64() && state["black_ms"].is_u64(),
        "{state}"
    );
    assert_eq!(state["running"], "black");
    assert_eq!(state["to_move"], "black");
    assert_eq!(state["question"], Value::Null);
    assert_eq!(state["result"], Value::Null);
    assert_eq!(state["pending"], "Schwarz ist am Zug.");
    assert_eq!(
        state["to_opponent"],
        json!(["Eva vier"]),
        "the player's move, as announced"
    );
    let black_before = state["black_ms"].as_u64().unwrap_or(0);

    let live = events(&game.url);
    next_event(&live, |v| v["history"] == json!(["e4"]));

    // An impossible move: the king two squares. Refused with the reason; nothing changes.
    for body in [
        json!({"uci": "e8e6"}),
        json!({"san": "Ke6"}),
        json!({"san": "zz"}),
    ] {
        let (status, answer) = post(&game.api("/api/opponent-move"), &body);
        assert_eq!(status, 422, "{body}: {answer}");
        let reason = answer["error"].as_str().unwrap_or("");
        assert!(
            reason.starts_with("Dieser Zug ist nicht möglich"),
            "{reason}"
        );
    }
    let unchanged = get_json(&game.api("/api/state"));
    assert_eq!(unchanged["fen"], state["fen"]);
    assert_eq!(unchanged["history"], state["history"]);
    assert!(
        game.try_wait_json(Duration::from_millis(300), |v| v["kind"] == "made")
            .is_none(),
        "no move was made"
    );

    let (status, answer) = post(&game.api("/api/opponent-move"), &json!({"san": "e5"}));
    assert_eq!(status, 200, "{answer}");
    let told = game.wait_json(WAIT, |v| {
        v["kind"] == "say" && v["to"] == "player" && v["about"]["uci"] == "e7e5"
    });
    assert_eq!(
        told["text"], "Gegner: Eva fünf.",
        "the player hears the move"
    );
    let after = next_event(&live, |v| v["history"] == json!(["e4", "e5"]));
    assert_eq!(after["fen"], fen_after(&["e4", "e5"]));
    assert_eq!(after["running"], "white");
    assert!(
        after["black_ms"].as_u64().unwrap_or(0) > black_before,
        "Black's clock got its increment: {} then {}",
        black_before,
        after["black_ms"]
    );
    let (status, _) = post(&game.api("/api/opponent-move"), &json!({"uci": "d7d5"}));
    assert_eq!(status, 422, "not the opponent's turn");

    // The player's read-back is his own: the page learns only that he confirms a move.
    game.type_line("Sf3");
    game.wait_json(WAIT, |v| {
        v["kind"] == "say" && v["about"]["read_back"] == true
    });
    let waiting = wait_state(&game.api("/api/state"), |s| {
        s["waiting"] == "player-confirms-move"
    });
    assert_eq!(waiting["pending"], "Weiß bestätigt seinen Zug.");
    let text = waiting.to_string();
    for secret in ["f3", "Nf3", "Springer", "Felix"] {
        assert!(!text.contains(secret), "{secret} shows in {text}");
    }
    game.type_line("ja");
    game.wait_json(WAIT, |v| v["kind"] == "made" && v["by"] == "white");

    // The opponent's words and touch go through the core as typed entries do.
    let (status, answer) = post(&game.api("/api/touched"), &json!({"square": "g8"}));
    assert_eq!(status, 200, "{answer}");
    let to_arbiter = answer["said"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["to"] == "arbiter"))
        .unwrap_or_else(|| panic!("the arbiter is told: {answer}"));
    assert!(
        to_arbiter["text"].as_str().unwrap_or("").contains("g8"),
        "{to_arbiter}"
    );
    assert!(
        !answer.to_string().contains("\"player\""),
        "nothing said to the player is sent: {answer}"
    );
    let (status, _) = post(&game.api("/api/touched"), &json!({"square": "z9"}));
    assert_eq!(status, 400);
    let (status, answer) = post(&game.api("/api/opponent"), &json!({"words": "remis"}));
    assert_eq!(status, 200, "{answer}");
    let offer = get_json(&game.api("/api/state"));
    assert_eq!(offer["draw_offer"], "black");
    assert_eq!(offer["pending"], "Schwarz bietet Remis an.");

    // The arbiter's panel: refused without the PIN or with a wrong one, taken with it.
    for body in [
        json!({"entry": "pause"}),
        json!({"entry": "pause", "pin": "1111"}),
    ] {
        let (status, answer) = post(&game.api("/api/arbiter"), &body);
        assert_eq!(status, 403, "{answer}");
        assert_eq!(answer["error"], "Die PIN fehlt oder ist falsch.");
    }
    assert_eq!(get_json(&game.api("/api/state"))["state"], "playing");
    let (status, answer) = post(
        &game.api("/api/arbiter"),
        &json!({"entry": "pause", "pin": "2468"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(get_json(&game.api("/api/state"))["state"], "paused");
    let (status, answer) = post(
        &game.api("/api/arbiter"),
        &json!({"entry": "zeit lila 3", "pin": "2468"}),
    );
    assert_eq!(status, 422, "an entry the arbiter mistyped: {answer}");

    // The scoresheet, as the game writes it.
    let (status, pgn) = get(&game.api("/api/sheet.pgn"));
    assert_eq!(status, 200);
    for written in ["[Result \"*\"]", "1. e4 ", "1... e5 ", "2. Nf3 "] {
        assert!(pgn.contains(written), "{written} in {pgn}");
    }
    let (status, brf) = get(&game.api("/api/sheet.brf"));
    assert_eq!(status, 200);
    assert!(brf.is_ascii() && !brf.is_empty());
    let (status, print) = get(&game.api("/api/sheet.txt"));
    assert_eq!(status, 200);
    assert!(print.contains("e4"), "{print}");
}

#[test]
fn the_page_is_one_file_and_the_server_serves_nothing_else() {
    let game = Game::start(&["--web", "127.0.0.1:0"]);
    let (status, page) = get(&game.url);
    assert_eq!(status, 200);
    assert!(page.contains("<svg id=\"board\""));
    for outside in ["<script src", "<link", "@import", "https://", "url("] {
        assert!(!page.contains(outside), "the page fetches {outside}");
    }
    let words = get_json(&game.api("/api/words"));
    assert_eq!(words["dir"], "ltr");
    assert_eq!(words["words"]["web-piece-black-pawn"], "schwarzer Bauer");
    let hebrew = get_json(&game.api("/api/words?lang=he"));
    assert_eq!(hebrew["dir"], "rtl");
    assert_eq!(
        words["arbiter"], false,
        "no arbiter's PIN: the panel is locked"
    );
    let (status, answer) = post(
        &game.api("/api/arbiter"),
        &json!({"entry": "pause", "pin": ""}),
    );
    assert_eq!(status, 403);
    assert!(
        answer["error"].as_str().unwrap_or("").contains("gesperrt"),
        "{answer}"
    );

    for path in [
        "/etc/passwd",
        "/../Cargo.toml",
        "/api/",
        "/api/sheet.jsonl",
        "/favicon.ico",
    ] {
        assert_eq!(get(&game.api(path)).0, 404, "{path}");
    }
    assert_eq!(get(&game.api("/api/opponent-move")).0, 405);
    let (status, _) = post_raw(
        &game.api("/api/opponent-move"),
        "text/plain",
        r#"{"uci":"e7e5"}"#,
    );
    assert_eq!(
        status, 415,
        "only JSON, which another site's page cannot send unasked"
    );
    let big = format!(r#"{{"words": "{}"}}"#, "a".repeat(5000));
    assert_eq!(
        post_raw(&game.api("/api/opponent"), "application/json", &big).0,
        413
    );

    // A name pointed at 127.0.0.1 by someone else's DNS (rebinding) is refused.
    let address = game.url.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = std::net::TcpStream::connect(address).expect("a connection");
    use std::io::{Read, Write};
    write!(
        stream,
        "GET /api/state HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
    )
    .expect("sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");

    // Entries beyond ten a second are refused.
    let statuses: Vec<u16> = (0..40)
        .map(|_| post_raw(&game.api("/api/opponent"), "application/json", "{}").0)
        .collect();
    assert!(statuses.contains(&429), "{statuses:?}");
}

#[test]
fn on_another_address_the_opponent_needs_the_pin_told_at_the_start() {
    let mut game = Game::start(&["--web", "0.0.0.0:0"]);
    let pin = game
        .pin
        .clone()
        .expect("a PIN for a page reachable from elsewhere");
    assert_eq!(pin.len(), 6);
    let spaced: Vec<String> = pin.chars().map(String::from).collect();
    assert!(
        game.seen
            .iter()
            .any(|l| l.contains(&format!("PIN {}.", spaced.join(" ")))),
        "the PIN is printed digit by digit: {:?}",
        game.seen
    );
    let port = game
        .url
        .rsplit(':')
        .next()
        .unwrap_or("")
        .trim_end_matches('/')
        .to_string();
    let local = format!("http://127.0.0.1:{port}");
    game.player_moves("e4");
    let (status, answer) = post(
        &format!("{local}/api/opponent-move"),
        &json!({"uci": "e7e5"}),
    );
    assert_eq!(status, 403, "{answer}");
    let (status, _) = post(
        &format!("{local}/api/opponent-move"),
        &json!({"uci": "e7e5", "pin": "000000x"}),
    );
    assert_eq!(status, 403);
    let (status, answer) = post(
        &format!("{local}/api/opponent-move"),
        &json!({"uci": "e7e5", "pin": pin}),
    );
    assert_eq!(status, 200, "{answer}");
    game.wait_json(WAIT, |v| v["kind"] == "made" && v["by"] == "black");
}

#[test]
fn relay_serves_the_page_too() {
    let mut game = Game::start_as("relay", &["--web", "127.0.0.1:0"]);
    // The relay types White's move; it is made at once.
    game.type_line("e4");
    game.wait_json(WAIT, |v| v["kind"] == "made" && v["by"] == "white");
    let (status, answer) = post(&game.api("/api/opponent-move"), &json!({"uci": "e7e5"}));
    assert_eq!(status, 200, "{answer}");
    let told = game.wait_json(WAIT, |v| {
        v["kind"] == "say" && v["to"] == "player" && v["about"]["uci"] == "e7e5"
    });
    assert_eq!(told["text"], "Gegner: Eva fünf.");
    let state = get_json(&game.api("/api/state"));
    assert_eq!(state["history"], json!(["e4", "e5"]));
    assert_eq!(state["fen"], fen_after(&["e4", "e5"]));
}
