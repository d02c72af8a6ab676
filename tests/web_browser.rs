//! The opponent's page in a real browser: Debian's chromium, headless, 360 CSS pixels wide,
//! driven through chromedriver (W3C WebDriver) against `rochade play --web 127.0.0.1:PORT`.
//! The opponent taps e7 and e5 after the player's 1.e4: the player hears the move (the
//! `say` effect in play's output) and the page shows it and the clocks change; an impossible
//! move (the king two squares) shows the reason and changes nothing; the arbiter's panel
//! refuses without the PIN and with a wrong one. Then twenty moves of a game are tapped, and
//! the time from the tap to the player's announcement is printed (p50, p95: figures, not
//! asserted).
mod web_support;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use web_support::{Browser, Game, get_json, wait_state};

const WAIT: Duration = Duration::from_secs(10);

/// Fischer–Spassky 1992, game 1, to the 20th move: White's moves typed by the player,
/// Black's tapped on the page (from, to).
const GAME: [(&str, &str, &str); 20] = [
    ("e4", "e7", "e5"),
    ("Nf3", "b8", "c6"),
    ("Bb5", "a7", "a6"),
    ("Ba4", "g8", "f6"),
    ("O-O", "f8", "e7"),
    ("Re1", "b7", "b5"),
    ("Bb3", "d7", "d6"),
    ("c3", "e8", "g8"),
    ("h3", "c6", "b8"),
    ("d4", "b8", "d7"),
    ("c4", "c7", "c6"),
    ("cxb5", "a6", "b5"),
    ("Nc3", "c8", "b7"),
    ("Bg5", "b5", "b4"),
    ("Nb1", "h7", "h6"),
    ("Bh4", "c6", "c5"),
    ("dxe5", "f6", "e4"),
    ("Bxe7", "d8", "e7"),
    ("exd6", "e7", "f6"),
    ("Nbd2", "e4", "d6"),
];

/// The clock's time on the page in seconds ("1:30:59" → 5459).
fn seconds(shown: &str) -> u64 {
    shown.split(':').fold(0, |total, part| {
        total * 60 + part.trim().parse::<u64>().unwrap_or(0)
    })
}

/// Milliseconds since the Unix epoch, as the browser's `performance.timeOrigin` counts them.
fn epoch_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

/// The times of one tapped move, in ms: from the browser's click event on the second square
/// to the player's announcement in play's output, and from the WebDriver command that taps
/// (what the test can time by itself) to the same line.
struct Timed {
    from_click: f64,
    from_command: f64,
}

/// The opponent taps `from` then `to`, and the player is told the move.
fn tap_move(browser: &Browser, game: &mut Game, from: &str, to: &str) -> Timed {
    browser.click(&format!("[data-sq=\"{from}\"]"));
    browser.wait_until(
        &format!("{from} selected"),
        WAIT,
        &format!("return !!document.querySelector('[data-sq=\"{from}\"].sel');"),
    );
    let command = epoch_ms();
    browser.click(&format!("[data-sq=\"{to}\"]"));
    let uci = format!("{from}{to}");
    game.wait_json(WAIT, |v| {
        v["kind"] == "say" && v["to"] == "player" && v["about"]["uci"] == uci.as_str()
    });
    let told = epoch_ms();
    // The instant the browser dispatched the click, on the same wall clock.
    let clicked = browser
        .run(
            "const t = window.__taps.filter((x) => x[0] === arguments[0]); return t.length ? t[t.length - 1][1] : null;",
            json!([to]),
        )
        .as_f64()
        .unwrap_or_else(|| panic!("the page saw no click on {to}"));
    Timed {
        from_click: told - clicked,
        from_command: told - command,
    }
}

/// The q-quantile of sorted figures (nearest rank).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1]
}

#[test]
fn the_opponent_plays_on_the_page_and_the_player_hears_it() {
    let mut game = Game::start(&["--web", "127.0.0.1:0", "--arbiter-pin", "2468"]);
    let browser = Browser::phone();
    game.player_moves("e4");
    browser.goto(&game.url);
    // The test's own probe, not the page's: when the browser dispatches each tap.
    browser.run(
        "window.__taps = []; document.addEventListener('click', (e) => { const g = e.target.closest('[data-sq]'); if (g) window.__taps.push([g.dataset.sq, performance.timeOrigin + e.timeStamp]); }, true);",
        json!([]),
    );
    browser.wait_until(
        "the player's first move",
        WAIT,
        "return document.getElementById('moves').textContent.includes('e4');",
    );

    // A phone's width, and nothing wider than it.
    let widths = browser.run(
        "return [document.documentElement.clientWidth, document.documentElement.scrollWidth];",
        json!([]),
    );
    assert_eq!(widths[0], 360, "the viewport: {widths}");
    assert_eq!(
        browser.run(
            "return getComputedStyle(document.getElementById('pin-row')).display;",
            json!([])
        ),
        "none",
        "on 127.0.0.1 the opponent needs no PIN, and the page asks none"
    );
    assert!(
        widths[1].as_u64().unwrap_or(999) <= 360,
        "the page is wider: {widths}"
    );
    // From the opponent's side (the player has White): h1 top left, a8 bottom right; every
    // square a labelled button.
    let corner = |sq: &str| {
        browser.run(
            "const r = document.querySelector('[data-sq=\"' + arguments[0] + '\"]').getBoundingClientRect(); return [r.left, r.top];",
            json!([sq]),
        )
    };
    let (h1, a8) = (corner("h1"), corner("a8"));
    assert!(
        h1[0].as_f64() < a8[0].as_f64() && h1[1].as_f64() < a8[1].as_f64(),
        "h1 {h1} and a8 {a8}"
    );
    let label = |sq: &str| {
        browser
            .run(
                "const e = document.querySelector('[data-sq=\"' + arguments[0] + '\"]'); return [e.getAttribute('role'), e.getAttribute('aria-label')];",
                json!([sq]),
            )
    };
    assert_eq!(label("e7"), json!(["button", "e7, schwarzer Bauer"]));
    assert_eq!(
        label("e4"),
        json!(["button", "e4, weißer Bauer, letzter Zug"])
    );
    assert_eq!(label("e5"), json!(["button", "e5, leer"]));
    assert_eq!(
        browser.text("#pending"),
        "Schwarz ist am Zug.",
        "whose turn, in words"
    );
    assert!(
        browser.run(
            "return document.getElementById('clock-bottom').classList.contains('running');",
            json!([])
        ) == Value::Bool(true),
        "Black's clock (the opponent's, at the bottom) runs"
    );
    let black_before = seconds(&browser.text("#clock-bottom .time"));
    let white_before = seconds(&browser.text("#clock-top .time"));
    assert!(
        black_before > 5000 && white_before > 5000,
        "{black_before} {white_before}"
    );

    // e7, e5: the player is told the move, and the page shows it and the clocks change.
    let first = tap_move(&browser, &mut game, "e7", "e5");
    browser.wait_until(
        "Black's move in the list",
        WAIT,
        "return document.getElementById('moves').textContent.includes('e5');",
    );
    browser.wait_until(
        "the move announced in the live region",
        WAIT,
        "return document.getElementById('live').textContent === 'Schwarz: e5';",
    );
    browser.wait_until(
        "White's clock running",
        WAIT,
        "return document.getElementById('clock-top').classList.contains('running') && !document.getElementById('clock-bottom').classList.contains('running');",
    );
    let black_after = seconds(&browser.text("#clock-bottom .time"));
    assert!(
        black_after >= black_before + 25,
        "Black's clock shows the increment: {black_before} s, then {black_after} s"
    );
    let history = get_json(&game.api("/api/state"))["history"].clone();
    assert_eq!(history, json!(["e4", "e5"]));

    // An impossible move: the king two squares. The reason shows; nothing changes.
    game.player_moves("Nf3");
    browser.wait_until(
        "Black to move",
        WAIT,
        "return document.getElementById('pending').textContent === 'Schwarz ist am Zug.';",
    );
    let before = get_json(&game.api("/api/state"));
    browser.click("[data-sq=\"e8\"]");
    browser.click("[data-sq=\"e6\"]");
    browser.wait_until(
        "the reason",
        WAIT,
        "return document.getElementById('message').textContent === 'Dieser Zug ist nicht möglich: e8e6. Bitte einen anderen Zug.';",
    );
    let after = get_json(&game.api("/api/state"));
    assert_eq!(after["fen"], before["fen"]);
    assert_eq!(after["history"], before["history"]);
    assert_eq!(label("e8"), json!(["button", "e8, schwarzer König"]));
    assert!(
        game.try_wait_json(Duration::from_millis(300), |v| v["kind"] == "made")
            .is_none(),
        "no move was made"
    );

    // The arbiter's panel: without the PIN and with a wrong one, refused.
    browser.click("#arbiter summary");
    browser.click("[data-entry=\"pause\"]");
    let refused = "return document.getElementById('arbiter-message').textContent === 'Die PIN fehlt oder ist falsch.';";
    browser.wait_until("the refusal without a PIN", WAIT, refused);
    browser.run(
        "document.getElementById('arbiter-message').textContent = '';",
        json!([]),
    );
    browser.type_into("#arbiter-pin", "1357");
    browser.click("[data-entry=\"pause\"]");
    browser.wait_until("the refusal of a wrong PIN", WAIT, refused);
    assert_eq!(get_json(&game.api("/api/state"))["state"], "playing");
    browser.type_into("#arbiter-pin", "2468");
    browser.click("[data-entry=\"pause\"]");
    wait_state(&game.api("/api/state"), |s| s["state"] == "paused");
    browser.wait_until(
        "the clocks stopped",
        WAIT,
        "return document.getElementById('pending').textContent === 'Die Uhren sind angehalten.';",
    );
    browser.click("[data-entry=\"resume\"]");
    wait_state(&game.api("/api/state"), |s| s["state"] == "playing");

    // The game goes on: every tap of Black's is timed to the player's announcement.
    let mut latencies = vec![first];
    for (i, (_, from, to)) in GAME.iter().enumerate().skip(1) {
        if i > 1 {
            game.player_moves(GAME[i].0);
        }
        browser.wait_until(
            "Black to move",
            WAIT,
            "return document.getElementById('pending').textContent === 'Schwarz ist am Zug.';",
        );
        latencies.push(tap_move(&browser, &mut game, from, to));
    }
    let history = wait_state(&game.api("/api/state"), |s| {
        s["history"].as_array().is_some_and(|h| h.len() == 40)
    });
    assert_eq!(history["history"][39], "Nxd6");
    assert_eq!(
        history["fen"],
        "r4rk1/1b1n1pp1/3n1q1p/2p5/1p6/1B3N1P/PP1N1PP1/R2QR1K1 w - - 0 21"
    );
    let figures = |pick: fn(&Timed) -> f64| {
        let mut ms: Vec<f64> = latencies.iter().map(pick).collect();
        ms.sort_by(f64::total_cmp);
        format!(
            "p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
            quantile(&ms, 0.5),
            quantile(&ms, 0.95),
            ms[ms.len() - 1]
        )
    };
    println!(
        "tap to the player's announcement over {} moves: from the click event {}; from the WebDriver tap command {}",
        latencies.len(),
        figures(|t| t.from_click),
        figures(|t| t.from_command)
    );
}

#[test]
fn a_pawn_tapped_to_the_last_rank_asks_which_piece() {
    // Black (the opponent) to move, his pawn on h2: a knight makes the game a dead draw.
    let mut game = Game::start(&[
        "--web",
        "127.0.0.1:0",
        "--fen",
        "4k3/8/8/8/8/8/7p/4K3 b - - 0 1",
    ]);
    let browser = Browser::phone();
    browser.goto(&game.url);
    browser.wait_until(
        "Black to move",
        WAIT,
        "return document.getElementById('pending').textContent === 'Schwarz ist am Zug.';",
    );
    browser.click("[data-sq=\"h2\"]");
    browser.click("[data-sq=\"h1\"]");
    browser.wait_until(
        "the question which piece",
        WAIT,
        "return !document.getElementById('promotion').hidden;",
    );
    assert_eq!(
        browser.text("#promotion-question"),
        "In welche Figur wird der Bauer umgewandelt?"
    );
    browser.click("[data-promote=\"n\"]");
    game.wait_json(WAIT, |v| {
        v["kind"] == "made" && v["by"] == "black" && v["uci"] == "h2h1n"
    });
    browser.wait_until(
        "the result",
        WAIT,
        "return document.getElementById('result').textContent === 'Ergebnis: 1/2-1/2';",
    );
    assert_eq!(
        get_json(&game.api("/api/state"))["history"],
        json!(["h1=N"])
    );
}
