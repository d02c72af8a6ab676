//! The clock replay scenarios in `tests/scenarios/clock/`, driven through the `Clock` API.
//!
//! Each `NAME.jsonl` is a replay event file (the format `rochade replay` will read); each
//! `NAME.expect.jsonl` lists the effects a replay must produce, with the clock values worked
//! out by hand from the FIDE/DGT rules (see the README there). This harness plays the events
//! on a `Clock` (and the moves on a board, to check they are legal) and produces the effects
//! of the kinds the clock decides: `clock` (both times after every made move, a period added
//! at a flag, the end), `flag`, and `say` for "time", "moves" and flag announcements. They must
//! equal the expected ones of those kinds exactly, to the millisecond and the word. The
//! `claim` and `result` lines are for the replay of the assistant (the result needs the
//! helpmate test of the game module).
use std::path::{Path, PathBuf};

use rochade::clock::spoken::{event_words, moves_report, reading_report};
use rochade::clock::{
    Clock, ClockEvent, ClockSettings, PeriodAddition, PeriodTrigger, TimeControl, side_name,
};
use rochade::lang::Lang;
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, Position};

const CLOCK_KINDS: [&str; 3] = ["clock", "flag", "say"];

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/clock")
}

fn read_jsonl(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// The FIDE D.2.1 words the scenarios use, back to SAN, only to check the moves are legal.
fn words_to_san(words: &str) -> String {
    match words {
        "kurze rochade" => return "O-O".to_owned(),
        "lange rochade" => return "O-O-O".to_owned(),
        _ => {}
    }
    let mut san = String::new();
    for word in words.split_whitespace() {
        let piece = match word {
            "könig" => Some('K'),
            "dame" => Some('Q'),
            "turm" => Some('R'),
            "läufer" => Some('B'),
            "springer" => Some('N'),
            _ => None,
        };
        if let Some(letter) = piece {
            if !san.is_empty() {
                san.push('=');
            }
            san.push(letter);
            continue;
        }
        let files = [
            "anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hector",
        ];
        let ranks = [
            "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
        ];
        if let Some(i) = files.iter().position(|f| *f == word) {
            san.push(char::from(b'a' + i as u8));
        } else if let Some(i) = ranks.iter().position(|r| *r == word) {
            san.push(char::from(b'1' + i as u8));
        } else if word == "schlägt" {
            san.push('x');
        } else {
            panic!("unknown move word {word:?} in {words:?}");
        }
    }
    san
}

struct Run {
    clock: Clock,
    board: Chess,
    player: Color,
    lang: Lang,
    heard: Option<String>,
    over: bool,
    effects: Vec<Value>,
}

impl Run {
    fn start(at: u64, start: &Value) -> Run {
        let tc: TimeControl = start["time_control"]
            .as_str()
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("bad time control in {start}"));
        let mut settings = ClockSettings::default();
        if let Some(addition) = start.pointer("/clock/period_addition") {
            settings.period_addition = serde_json::from_value::<PeriodAddition>(addition.clone())
                .unwrap_or_else(|e| panic!("{addition}: {e}"));
        }
        let player = match start["player"].as_str() {
            Some("black") => Color::Black,
            _ => Color::White,
        };
        let lang: Lang = start["lang"]
            .as_str()
            .unwrap_or("de")
            .parse()
            .unwrap_or_default();
        let board: Chess = match start["fen"].as_str() {
            Some(fen) => Fen::from_ascii(fen.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Standard).ok())
                .unwrap_or_else(|| panic!("bad fen {fen}")),
            None => Chess::default(),
        };
        let mut run = Run {
            clock: Clock::new(tc, settings),
            player,
            lang,
            heard: None,
            over: false,
            effects: Vec::new(),
            board,
        };
        let events = run
            .clock
            .start(run.board.turn(), at)
            .unwrap_or_else(|e| panic!("start: {e}"));
        run.handle(at, &events);
        run.clock_effect(at);
        run
    }

    fn clock_effect(&mut self, at: u64) {
        let r = self.clock.reading(at);
        self.effects.push(json!({
            "at": at, "kind": "clock", "running": r.running.map(side_name).unwrap_or("none"),
            "white_ms": r.white_ms, "black_ms": r.black_ms,
        }));
    }

    fn say(&mut self, at: u64, text: String) {
        self.effects
            .push(json!({"at": at, "kind": "say", "text": text}));
    }

    /// Flags are announced; the opponent's flag with the moves not done is claimed at once
    /// (D.2.9.e) while the player's own flag is up, which ends the game and stops the clock.
    fn handle(&mut self, at: u64, events: &[ClockEvent]) {
        let mut period_at_flag = false;
        let mut claim = false;
        for event in events {
            if let ClockEvent::Flag {
                side,
                at_ms,
                final_period,
                moves_done,
                ..
            } = *event
            {
                self.effects.push(json!({
                    "at": at, "kind": "flag", "side": side_name(side), "flag_ms": at_ms,
                    "final_period": final_period, "moves_done": moves_done,
                }));
                let own_flag_down = self
                    .clock
                    .flags()
                    .iter()
                    .any(|f| f.side == self.player && !f.moves_done && f.at_ms <= at_ms);
                if side != self.player && !moves_done && !own_flag_down {
                    claim = true;
                }
            }
            if let ClockEvent::PeriodAdded {
                trigger: PeriodTrigger::Flag,
                ..
            } = event
            {
                period_at_flag = true;
            }
            // Tournament mode: warnings and "time control reached" stay off (the arbiter
            // decides); flags are always announced.
            if matches!(event, ClockEvent::Flag { .. })
                && let Some(text) = event_words(event, self.player, self.lang)
            {
                self.say(at, text);
            }
        }
        if claim {
            self.clock.stop(at);
            self.over = true;
            self.clock_effect(at);
        } else if period_at_flag {
            self.clock_effect(at);
        }
    }

    fn made_move(&mut self, at: u64, side: Color, san: &str) {
        assert_eq!(
            self.board.turn(),
            side,
            "{san} at {at}: not {side:?}'s turn"
        );
        let parsed =
            SanPlus::from_ascii(san.as_bytes()).unwrap_or_else(|e| panic!("{san} at {at}: {e}"));
        let m = parsed
            .san
            .to_move(&self.board)
            .unwrap_or_else(|e| panic!("{san} at {at} is not legal: {e}"));
        self.board = self
            .board
            .clone()
            .play(m)
            .unwrap_or_else(|_| panic!("{san} at {at} could not be played"));
        let events = self
            .clock
            .press(side, at)
            .unwrap_or_else(|e| panic!("{san} at {at}: {e}"));
        self.handle(at, &events);
        self.clock_effect(at);
    }

    fn event(&mut self, at: u64, line: &Value) {
        assert!(!self.over, "event after the end of the game: {line}");
        if let Some(words) = line["heard"].as_str() {
            self.heard = Some(words.to_owned());
        } else if let Some(san) = line["opponent"].as_str() {
            self.made_move(at, self.player.other(), san);
        } else if line["tick"].as_bool() == Some(true) {
            let events = self.clock.poll(at);
            self.handle(at, &events);
        } else if let Some(command) = line["command"].as_str() {
            let events = self.clock.poll(at);
            self.handle(at, &events);
            match command {
                "yes" => {
                    let words = self
                        .heard
                        .take()
                        .unwrap_or_else(|| panic!("yes at {at} without a move"));
                    let san = words_to_san(&words);
                    self.made_move(at, self.player, &san);
                }
                "time" => {
                    let text = reading_report(&self.clock.reading(at), self.player, self.lang);
                    self.say(at, text);
                }
                "moves" => {
                    let text = moves_report(
                        self.clock.moves_completed(self.player),
                        self.clock.moves_to_next_control(self.player),
                        self.lang,
                    );
                    self.say(at, text);
                }
                other => panic!("unknown command {other:?}"),
            }
        } else {
            panic!("unknown event {line}");
        }
    }
}

fn run_scenario(name: &str) -> Clock {
    let dir = scenario_dir();
    let events = read_jsonl(&dir.join(format!("{name}.jsonl")));
    let expected: Vec<Value> = read_jsonl(&dir.join(format!("{name}.expect.jsonl")))
        .into_iter()
        .filter(|e| CLOCK_KINDS.contains(&e["kind"].as_str().unwrap_or("")))
        .collect();
    let mut run: Option<Run> = None;
    let mut last_at = 0;
    for line in &events {
        let at = line["at"]
            .as_u64()
            .unwrap_or_else(|| panic!("no \"at\" in {line}"));
        assert!(at >= last_at, "{name}: events out of order at {line}");
        last_at = at;
        match (&mut run, line.get("start")) {
            (None, Some(start)) => run = Some(Run::start(at, start)),
            (Some(r), None) => r.event(at, line),
            _ => panic!("{name}: the first event, and only it, must be a start: {line}"),
        }
    }
    let Some(run) = run else {
        panic!("{name}: no events")
    };
    for (i, (got, want)) in run.effects.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "{name}: effect {} differs", i + 1);
    }
    assert_eq!(
        run.effects.len(),
        expected.len(),
        "{name}: {} clock effects produced, {} expected; first extra: {:?}",
        run.effects.len(),
        expected.len(),
        run.effects
            .get(expected.len())
            .or(expected.get(run.effects.len()))
    );
    run.clock
}

#[test]
fn classical_through_move_40_into_the_second_period() {
    let clock = run_scenario("classical-40");
    assert_eq!(clock.moves_completed(Color::White), 41);
    assert_eq!(clock.period(Color::White), 2);
    assert_eq!(clock.period(Color::Black), 2);
    assert!(clock.flags().is_empty());
}

#[test]
fn sudden_death_with_increment() {
    let clock = run_scenario("sudden-death-increment");
    assert_eq!(clock.moves_completed(Color::Black), 30);
    assert!(clock.flags().is_empty());
}

#[test]
fn simple_delay_game() {
    run_scenario("simple-delay");
}

#[test]
fn bronstein_delay_game() {
    run_scenario("bronstein-delay");
}

#[test]
fn flag_in_a_non_final_period_with_the_moves_done() {
    let clock = run_scenario("flag-nonfinal-moves-done");
    let flags = clock.flags();
    assert_eq!(flags.len(), 1);
    assert!(flags[0].moves_done && !flags[0].final_period);
}

#[test]
fn flag_with_the_moves_not_done() {
    let clock = run_scenario("flag-moves-not-done");
    let flags = clock.flags();
    assert_eq!(flags.len(), 1);
    assert_eq!((flags[0].side, flags[0].at_ms), (Color::Black, 705_000));
    assert!(!flags[0].moves_done);
}

#[test]
fn both_flags_keep_their_order() {
    let clock = run_scenario("both-flags");
    let order: Vec<(Color, u64)> = clock.flags().iter().map(|f| (f.side, f.at_ms)).collect();
    assert_eq!(
        order,
        vec![(Color::White, 200_000), (Color::Black, 250_000)]
    );
}

#[test]
fn flag_against_a_bare_king() {
    let clock = run_scenario("flag-bare-king");
    assert_eq!(clock.flags().len(), 1);
}

#[test]
fn every_scenario_file_has_its_expectations_and_a_test() {
    let tested = [
        "classical-40",
        "sudden-death-increment",
        "simple-delay",
        "bronstein-delay",
        "flag-nonfinal-moves-done",
        "flag-moves-not-done",
        "both-flags",
        "flag-bare-king",
    ];
    let mut found = Vec::new();
    for entry in std::fs::read_dir(scenario_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(".jsonl")
            && !stem.ends_with(".expect")
        {
            assert!(
                scenario_dir().join(format!("{stem}.expect.jsonl")).exists(),
                "{stem} has no expect file"
            );
            found.push(stem.to_owned());
        }
    }
    found.sort();
    let mut tested: Vec<String> = tested.iter().map(|s| (*s).to_owned()).collect();
    tested.sort();
    assert_eq!(found, tested);
}
