//! What the assistant expects the player to say next (`Assistant::expecting`), from which
//! `play` builds the recognizer's grammar: a command asked back because the recognizer was
//! unsure of it ("Meinten Sie Zeit?") may have come from chatter, so the player's move said
//! instead must still be heard as a move; a resignation asked back waits for an answer only.
use rochade::assistant::protocol::{Event, Heard, StartSpec, TimedEvent};
use rochade::assistant::{Assistant, Expecting};
use shakmaty::Color;

fn game(player: Color) -> Assistant {
    let mut a = Assistant::new();
    let mut spec = StartSpec::new(player);
    spec.time_control = Some("600+0".into());
    a.handle(&TimedEvent {
        at: 0,
        event: Event::Start(Box::new(spec)),
    });
    a
}

fn hear(a: &mut Assistant, at: u64, heard: Heard) {
    a.handle(&TimedEvent {
        at,
        event: Event::Heard(heard),
    });
}

fn unsure(text: &str) -> Heard {
    Heard::Alternatives(vec![(text.to_string(), 0.5)])
}

#[test]
fn a_command_asked_back_on_the_players_turn_still_hears_moves() {
    let mut a = game(Color::White);
    assert_eq!(a.expecting(), Expecting::Move { answers: false });
    hear(&mut a, 1000, unsure("zeit"));
    assert_eq!(a.expecting(), Expecting::Move { answers: true });
    // "ja" carries it out, and the player's turn is as before.
    hear(&mut a, 1500, Heard::Text("ja".into()));
    assert_eq!(a.expecting(), Expecting::Move { answers: false });
}

#[test]
fn a_command_asked_back_on_the_opponents_turn_hears_commands() {
    let mut a = game(Color::Black);
    assert_eq!(a.expecting(), Expecting::Commands);
    hear(&mut a, 1000, unsure("züge"));
    assert_eq!(a.expecting(), Expecting::Commands);
}

#[test]
fn a_resignation_asked_back_waits_for_an_answer() {
    let mut a = game(Color::White);
    hear(&mut a, 1000, Heard::Text("aufgabe".into()));
    assert_eq!(
        a.expecting(),
        Expecting::Answer {
            phrases: Vec::new()
        }
    );
}
