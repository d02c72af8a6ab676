//! Property tests of the assistant: random games of random events (the player's heard words,
//! correct or not, the opponent's entries, legal and not, commands, arbiter entries, touch
//! reports, ticks) with times that never go back. Whatever comes in:
//!
//! * nothing panics;
//! * the game on the board is always exactly the moves of the `made` effects (taking the
//!   arbiter's position resets into account);
//! * the player's move is never made without having been read back to the player since the
//!   last move (D.2.1, D.2.6);
//! * the opponent's clock is never started but by a made move of the player: after the
//!   player's clock ran, the opponent's runs only in the same answer as the player's `made`
//!   (D.2.3). The arbiter's own entries (a position reset) and the start are exempt;
//! * the clock that runs is always the clock of the side to move;
//! * effects are dated in order: `at` never decreases.
//!
//! The events are generated as instructions that pick, when they are carried out, among the
//! legal moves of the position then on the board, so that games get somewhere.
use proptest::prelude::*;
use rochade::assistant::Assistant;
use rochade::assistant::protocol::{
    ArbiterAction, Effect, Event, Heard, Listener, Mode, Played, Side, StartSpec, TimedEffect,
    TimedEvent,
};
use rochade::interpret::spoken_move;
use rochade::lang::Lang;
use rochade::rules::RulesEdition;
use rochade::vocab::{Command, Vocab};
use shakmaty::{Chess, Color, Move, Position, san::San, uci::UciMove};

/// One instruction; carried out against the position on the board at that moment.
#[derive(Debug, Clone)]
enum Step {
    /// The player says the spoken form of the n-th legal move.
    SayLegal(usize),
    /// The player says some words of the vocabulary (or not).
    SayWords(Vec<usize>),
    /// The opponent enters the n-th legal move, as SAN (`true`) or UCI.
    OpponentLegal(usize, bool),
    /// The opponent enters some text: a word of the opponent's list or a wrong move.
    OpponentText(usize),
    Command(usize),
    Arbiter(usize, usize),
    Touched(usize),
    Tick,
    /// The end of a read-back's playback is reported: of the one that waits for it (0), of an
    /// earlier one (stale), or of one that never was.
    Played(u64),
}

const JUNK: &[&str] = &[
    "hallo",
    "springer",
    "eva",
    "vier",
    "acht",
    "dame",
    "turm",
    "bauer",
    "wird",
    "schlägt",
    "ja",
    "nein",
    "korrektur",
    "remis",
    "zeit",
    "knight",
    "echo",
    "four",
    "yes",
    "no",
    "draw",
    "correction",
    "kurze",
    "rochade",
    "short castle",
    "aufgabe",
    "resign",
    "hilfe",
    "stellung",
    "schiedsrichter",
    "",
];

const OPPONENT_TEXTS: &[&str] = &[
    "remis",
    "ablehnen",
    "aufgabe",
    "reklamation",
    "Ke7",
    "Qxh8",
    "e9",
    "Springer Felix sechs",
    "knight foxtrot six",
    "0-0",
    "z1z2",
    "",
];

fn arb_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0usize..64).prop_map(Step::SayLegal),
        2 => prop::collection::vec(0usize..JUNK.len(), 1..4).prop_map(Step::SayWords),
        6 => (0usize..64, any::<bool>()).prop_map(|(n, san)| Step::OpponentLegal(n, san)),
        1 => (0usize..OPPONENT_TEXTS.len()).prop_map(Step::OpponentText),
        6 => (0usize..Command::ALL.len()).prop_map(Step::Command),
        1 => (0usize..9, 0usize..8).prop_map(|(a, n)| Step::Arbiter(a, n)),
        1 => (0usize..64).prop_map(Step::Touched),
        3 => Just(Step::Tick),
        2 => (0u64..3).prop_map(Step::Played),
    ]
}

fn arb_start() -> impl Strategy<Value = StartSpec> {
    (
        any::<bool>(),
        any::<bool>(),
        (any::<bool>(), any::<bool>()),
        prop_oneof![Just(0u64), Just(2000u64)],
        prop::sample::select(vec![None, Some("60+0"), Some("300+2"), Some("40/600:300")]),
        prop::sample::select(RulesEdition::ALL.to_vec()),
    )
        .prop_map(
            |(white, de, (training, after_playback), confirm_ms, tc, rules)| {
                let mut spec = StartSpec::new(if white { Color::White } else { Color::Black });
                spec.lang = if de { Lang::De } else { Lang::En };
                spec.mode = if training {
                    Mode::Training
                } else {
                    Mode::Tournament
                };
                spec.confirm_ms = confirm_ms;
                spec.time_control = tc.map(String::from);
                spec.rules = rules;
                spec.window_after_playback = after_playback;
                spec
            },
        )
}

fn legal(pos: &Chess, n: usize) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        None
    } else {
        moves.get(n % moves.len()).cloned()
    }
}

/// The event an instruction makes in the current state.
fn event_of(step: &Step, a: &Assistant, spec: &StartSpec) -> Event {
    let pos = a.game().map(|g| g.position().clone()).unwrap_or_default();
    let vocab = Vocab::builtin(spec.lang);
    match step {
        Step::SayLegal(n) => match legal(&pos, *n) {
            Some(mv) => Event::Heard(Heard::Text(
                spoken_move(&pos, &mv, &vocab)
                    .replace(',', "")
                    .to_lowercase(),
            )),
            None => Event::Heard(Heard::Text("ja".into())),
        },
        Step::SayWords(words) => Event::Heard(Heard::Text(
            words.iter().map(|i| JUNK[*i]).collect::<Vec<_>>().join(" "),
        )),
        Step::OpponentLegal(n, as_san) => match legal(&pos, *n) {
            Some(mv) if *as_san => Event::Opponent(San::from_move(&pos, mv).to_string()),
            Some(mv) => Event::Opponent(
                UciMove::from_move(mv, shakmaty::CastlingMode::Standard).to_string(),
            ),
            None => Event::Opponent("remis".into()),
        },
        Step::OpponentText(i) => Event::Opponent(OPPONENT_TEXTS[*i].into()),
        Step::Command(i) => Event::Command(Command::ALL[*i]),
        Step::Arbiter(kind, n) => {
            let side = if n % 2 == 0 { Side::White } else { Side::Black };
            let ply = a.game().map(|g| g.ply()).unwrap_or(0);
            Event::Arbiter(match kind {
                0 => ArbiterAction::Pause,
                1 => ArbiterAction::Resume,
                2 => ArbiterAction::AddTime {
                    side,
                    ms: 10_000 * *n as u64,
                },
                3 => ArbiterAction::RemoveTime {
                    side,
                    ms: 10_000 * *n as u64,
                },
                4 => ArbiterAction::IllegalMovePenalty { offender: side },
                5 => ArbiterAction::ResetTo {
                    ply: ply.saturating_sub(*n % 3),
                },
                6 => ArbiterAction::Adjourn,
                7 => ArbiterAction::ResumeAdjourned,
                _ => ArbiterAction::SetMoves {
                    side,
                    moves: *n as u32,
                },
            })
        }
        Step::Touched(i) => {
            let sq = shakmaty::Square::new((*i % 64) as u32);
            Event::Touched(sq.to_string())
        }
        Step::Tick => Event::Tick(true),
        Step::Played(back) => Event::Played(match a.read_back_awaiting_playback() {
            Some(p) => Played {
                read_back: p.read_back.saturating_sub(*back),
                uci: p.uci,
            },
            None => Played {
                read_back: *back,
                uci: None,
            },
        }),
    }
}

fn uci_of(mv: &Move) -> String {
    UciMove::from_move(*mv, shakmaty::CastlingMode::Standard).to_string()
}

fn running_of(effect: &Effect) -> Option<Option<Color>> {
    match effect {
        Effect::Clock { running, .. } => Some(*running),
        _ => None,
    }
}

/// Runs the game and checks every property; returns the first violation.
fn run(spec: StartSpec, steps: Vec<(Step, u64)>) -> Result<(), String> {
    let mut a = Assistant::new();
    let player: Color = spec.player.into();
    let mut at = 0u64;
    let mut last_at = 0u64;
    // Moves made, as the effects tell them.
    let mut made: Vec<String> = Vec::new();
    // Read-backs (UCI) said to the player since the last made move.
    let mut read_back: Vec<String> = Vec::new();
    // Which side's clock ran last (none before the start).
    let mut last_running: Option<Color> = None;

    let mut events = vec![(Event::Start(Box::new(spec.clone())), 0u64)];
    let mut steps = steps.into_iter();
    loop {
        let (event, is_arbiter_or_start) = match events.pop() {
            Some((e, t)) => {
                at = t;
                (e, true)
            }
            None => match steps.next() {
                Some((step, dt)) => {
                    at += dt;
                    let e = event_of(&step, &a, &spec);
                    let exempt = matches!(e, Event::Arbiter(_));
                    (e, exempt)
                }
                None => break,
            },
        };
        let reset_to = match &event {
            Event::Arbiter(ArbiterAction::ResetTo { ply }) => Some(*ply),
            _ => None,
        };
        let effects: Vec<TimedEffect> = a.handle(&TimedEvent {
            at,
            event: event.clone(),
        });
        let failed = effects
            .iter()
            .any(|e| matches!(e.effect, Effect::Error { .. }));
        let mut player_made_here = false;
        for e in &effects {
            if e.at < last_at {
                return Err(format!(
                    "effect at {} after one at {last_at}: {:?} (event {:?})",
                    e.at, e.effect, event
                ));
            }
            last_at = e.at;
            match &e.effect {
                // A read-back asks: "Springer Felix drei?", "Meinten Sie …? Ja oder nein."
                Effect::Say {
                    to: Listener::Player,
                    about,
                    text,
                } if text.contains('?') => {
                    if let Some(uci) = about.get("uci").and_then(|u| u.as_str()) {
                        read_back.push(uci.to_string());
                    }
                }
                Effect::Made { by, uci, .. } => {
                    if *by == player {
                        if !read_back.contains(uci) {
                            return Err(format!(
                                "the player's move {uci} was made without a read-back (event {event:?})"
                            ));
                        }
                        player_made_here = true;
                    }
                    made.push(uci.clone());
                    read_back.clear();
                }
                _ => {}
            }
            if let Some(running) = running_of(&e.effect) {
                if running == Some(!player)
                    && last_running == Some(player)
                    && !player_made_here
                    && !is_arbiter_or_start
                {
                    return Err(format!(
                        "the opponent's clock started with no move of the player made (event {event:?}, effects {effects:?})"
                    ));
                }
                if running.is_some() {
                    last_running = running;
                }
            }
        }
        // The reset comes after what fell due before it (a correction window that passed).
        if let Some(ply) = reset_to
            && !failed
            && ply < made.len()
        {
            made.truncate(ply);
            read_back.clear();
        }
        if let Some(game) = a.game() {
            // The clock that runs is the clock of the side to move.
            if let Some(Some(running)) = effects.iter().rev().find_map(|e| running_of(&e.effect))
                && running != game.side_to_move()
            {
                return Err(format!(
                    "{running:?}'s clock runs but {:?} is to move (event {event:?})",
                    game.side_to_move()
                ));
            }
            let on_board: Vec<String> = game.moves().iter().map(|m| uci_of(&m.mv)).collect();
            if on_board != made {
                return Err(format!(
                    "the board has {on_board:?} but the made effects say {made:?} (event {event:?})"
                ));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_events_keep_the_assistant_honest(
        spec in arb_start(),
        steps in prop::collection::vec(
            (arb_step(), prop_oneof![8 => 0u64..4_000, 1 => 0u64..90_000]),
            1..90,
        ),
    ) {
        if let Err(problem) = run(spec, steps) {
            prop_assert!(false, "{}", problem);
        }
    }
}

/// A game of legal moves only, confirmed one by one, gets far: the properties are not vacuous.
#[test]
fn a_game_of_legal_moves_is_played_through() {
    let mut spec = StartSpec::new(Color::White);
    spec.time_control = Some("300+2".into());
    let mut steps = Vec::new();
    for n in 0..40 {
        steps.push((Step::SayLegal(n * 7), 1000));
        steps.push((Step::Command(4), 100)); // yes
        steps.push((Step::OpponentLegal(n * 5, n % 2 == 0), 1000));
    }
    assert_eq!(Command::ALL[4], Command::Yes);
    let mut a = Assistant::new();
    a.handle(&TimedEvent {
        at: 0,
        event: Event::Start(Box::new(spec.clone())),
    });
    let mut at = 0;
    for (step, dt) in &steps {
        at += dt;
        let e = event_of(step, &a, &spec);
        a.handle(&TimedEvent { at, event: e });
    }
    let plies = a.game().map(|g| g.ply()).unwrap_or(0);
    assert!(plies >= 20 || a.is_over(), "only {plies} plies were played");
    run(spec, steps).unwrap();
}
