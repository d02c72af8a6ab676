//! The interpreter's unit tests.
use super::*;
use shakmaty::fen::Fen;

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

#[test]
fn forms_of_spoken_moves_md() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let start = Chess::default();
    let cases = [
        ("Springer Felix drei", "g1f3"),
        ("Eva vier", "e2e4"),
        ("Springer Gustav eins Felix drei", "g1f3"),
        ("Eva zwei Eva vier", "e2e4"),
        ("Gustav eins Felix drei", "g1f3"),
        ("äh Bauer Eva vier Schach", "e2e4"),
    ];
    for (text, want) in cases {
        assert_eq!(
            de.interpret_text(&start, text).uci().as_deref(),
            Some(want),
            "{text}"
        );
    }
    let r = de.interpret_text(&start, "Springer Eva fünf").reading;
    assert!(matches!(r, Reading::Illegal(_)), "{r:?}");
    assert_eq!(
        de.interpret_text(&start, "äh Zeit").reading,
        Reading::Command(Command::Time)
    );
    assert_eq!(
        de.interpret_text(&start, "Kissen").reading,
        Reading::NotUnderstood
    );
}

#[test]
fn fillers_may_stand_inside_a_phrase() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    let p = pos("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    for (interp, text, want) in [
        (&de, "Kurze äh Rochade", "e1g1"),
        (&de, "Rochade also lang", "e1c1"),
        (&en, "castles uh um kingside", "e1g1"),
    ] {
        let heard = interp.interpret_text(&p, text);
        assert_eq!(heard.uci().as_deref(), Some(want), "{text}");
        assert!(heard.exact, "{text}");
    }
    assert_eq!(
        de.interpret_text(&p, "ich äh gebe auf").reading,
        Reading::Command(Command::Resign)
    );
    assert_eq!(
        de.interpret_text(&p, "wie ähm bitte").reading,
        Reading::Command(Command::Repeat)
    );
}

#[test]
fn the_square_a_king_castles_to_is_one_of_the_pieces_asked_about() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let p = pos("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    for (text, want) in [
        ("Gustav eins", ["e1g1", "f3g1", "h1g1"]),
        ("Cesar eins", ["a1c1", "d2c1", "e1c1"]),
    ] {
        match de.interpret_text(&p, text).reading {
            Reading::Incomplete {
                missing: Missing::Piece,
                candidates,
            } => {
                let mut got = ucis(&candidates);
                got.sort();
                assert_eq!(got, want, "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(
        de.interpret_text(&p, "König Gustav eins").uci().as_deref(),
        Some("e1g1")
    );
}

#[test]
fn two_knights_are_ambiguous_and_a_lone_square_asks_for_the_piece() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3");
    match de.interpret_text(&p, "Springer Eva zwei").reading {
        Reading::Ambiguous(c) => assert_eq!(c.len(), 2),
        other => panic!("{other:?}"),
    }
    // The c-pawn is blocked by the knight: no pawn can go to c4, the bishop can.
    match de.interpret_text(&p, "Cesar vier").reading {
        Reading::Incomplete {
            missing: Missing::Piece,
            candidates,
        } => assert_eq!(ucis(&candidates), vec!["f1c4"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn promotion_piece_missing_and_given() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let p = pos("8/3P4/8/8/8/8/k7/4K3 w - - 0 1");
    match de.interpret_text(&p, "David acht").reading {
        Reading::Incomplete {
            missing: Missing::Promotion,
            candidates,
        } => assert_eq!(candidates.len(), 4),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        de.interpret_text(&p, "David acht wird Springer")
            .uci()
            .as_deref(),
        Some("d7d8n")
    );
}

#[test]
fn the_forms_people_use_in_both_languages() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    let p = pos("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5");
    for (interp, text, want) in [
        (&de, "Turm auf Felix eins", "h1f1"),
        (&de, "Läufer von Cäsar vier nach Friedrich sieben", "c4f7"),
        (
            &de,
            "Läufer schlägt auf Friedrich sieben mit Schach",
            "c4f7",
        ),
        (&de, "Bauer Dora vier bitte", "d2d4"),
        (&de, "kleine Rochade", "e1g1"),
        (&de, "Springer von Friedrich drei nach Emil fünf", "f3e5"),
        (&de, "Berta vier", "b2b4"),
        (&de, "Springer ge fünf", "f3g5"),
        (&en, "knight to e five", "f3e5"),
        (&en, "knight takes on echo five", "f3e5"),
        (&en, "castles kingside", "e1g1"),
        (&en, "knight from f three to g five", "f3g5"),
        (&en, "bishop takes f seven with check", "c4f7"),
        (&en, "knight Felix three Gustav five", "f3g5"),
        (&en, "Felix drei Gustav fünf", "f3g5"),
        (&en, "d too d for", "d2d4"),
        (&en, "pawn to a four", "a2a4"),
    ] {
        let heard = interp.interpret_text(&p, text);
        assert_eq!(heard.uci().as_deref(), Some(want), "{text}");
        assert!(heard.exact, "{text}");
    }
    let q = pos("8/3P4/8/8/8/8/k7/4K3 w - - 0 1");
    for (interp, text) in [
        (
            &de,
            "Bauer von Dora sieben nach Dora acht und wird Springer",
        ),
        (&de, "Dora acht wird zum Springer"),
        (&en, "d eight promotes to a knight"),
        (&en, "pawn to d eight to a knight"),
    ] {
        assert_eq!(
            interp.interpret_text(&q, text).uci().as_deref(),
            Some("d7d8n"),
            "{text}"
        );
    }
}

#[test]
fn two_is_the_rank_where_that_is_a_move_and_the_to_word_elsewhere() {
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    // Rooks on e2 and d1 can both go to e1: "two" names the one on the second rank.
    let p = pos("4r3/1p3ppk/2p2n1p/p7/P3P3/2P2qNn/1P2R1P1/3R3K w - - 0 33");
    assert_eq!(
        en.interpret_text(&p, "rook two echo one").uci().as_deref(),
        Some("e2e1")
    );
    assert!(matches!(
        en.interpret_text(&p, "rook to echo one").reading,
        Reading::Ambiguous(_)
    ));
    // Knights on c3 and f3, none on the second rank: "two" can only be "to".
    let q = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 3");
    assert_eq!(
        en.interpret_text(&q, "knight two d four").uci().as_deref(),
        Some("f3d4")
    );
}

/// Each text, in the starting position, is the command given.
fn reads_as_commands(cases: &[(&Interpreter, &str, Command)]) {
    let start = Chess::default();
    for (interp, text, want) in cases {
        assert_eq!(
            interp.interpret_text(&start, text).reading,
            Reading::Command(*want),
            "{text}"
        );
    }
}

/// Each text, in the starting position, is not understood.
fn reads_as_nothing(cases: &[(&Interpreter, &str)]) {
    let start = Chess::default();
    for (interp, text) in cases {
        assert_eq!(
            interp.interpret_text(&start, text).reading,
            Reading::NotUnderstood,
            "{text}"
        );
    }
}

#[test]
fn asking_words_stand_only_around_commands_that_decide_nothing() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    reads_as_commands(&[
        (&de, "Können Sie mir die Zeit sagen?", Command::Time),
        (&de, "Sag mir mal die Zeit.", Command::Time),
        (&de, "Wie viel habe ich noch auf der Uhr?", Command::Time),
        (&de, "Kannst du die Stellung vorlesen?", Command::Position),
        (&en, "could you tell me the time", Command::Time),
        (&en, "can you read out the scoresheet", Command::Scoresheet),
        (&en, "read the board to me", Command::Position),
    ]);
    // An answer, a draw or a resignation among asking words is said to someone else.
    reads_as_nothing(&[
        (&de, "Würden Sie aufgeben?"),
        (&de, "Können Sie Remis machen?"),
        (&de, "ja schon"),
        (&de, "Ja gerne, nach der Partie"),
        (&en, "would you resign"),
        (&en, "yes I know"),
        (&en, "can you offer a draw"),
        // Asking words are no move words: "zeig Eva vier" is not e4.
        (&de, "zeig Eva vier"),
    ]);
    // A verb of reading aloud asks for what can be read aloud, never for the move count.
    reads_as_commands(&[
        (&de, "Alle Züge vorlesen, bitte.", Command::Scoresheet),
        (&de, "Lies mir die Stellung vor.", Command::Position),
        (&en, "read all the moves", Command::Scoresheet),
        (&en, "read me the clocks", Command::Time),
    ]);
    reads_as_nothing(&[
        (&de, "Lies mir die Zugzahl vor"),
        (&en, "read the move count"),
    ]);
    // A request's particles may stand inside a command's phrase, not inside a decision's.
    reads_as_commands(&[
        (&de, "Was hat der Gegner denn gespielt?", Command::LastMove),
        (&de, "Wie viel Zeit hab ich denn noch?", Command::Time),
    ]);
    reads_as_nothing(&[(&de, "Remis nehme ich gerne an")]);
}

#[test]
fn a_word_of_repeating_asks_again_for_what_is_read_aloud() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    reads_as_commands(&[
        (
            &de,
            "Kannst du den letzten Zug nochmal ansagen?",
            Command::LastMove,
        ),
        (&de, "Zeit nochmal bitte", Command::Time),
        (&de, "nochmal, nochmal", Command::Repeat),
        (&en, "say the time again please", Command::Time),
    ]);
    // Repeating asks for something read aloud, never for a setting or a decision; and two
    // other commands are none.
    reads_as_nothing(&[
        (&de, "nochmal lauter"),
        (&de, "Remis wiederholen"),
        (&en, "repeat yes"),
        (&de, "Zeit und Züge nochmal"),
    ]);
}

#[test]
fn a_typographic_apostrophe_is_an_apostrophe() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    reads_as_commands(&[
        (&de, "Ich hab\u{2019}s nicht verstanden.", Command::Repeat),
        (&en, "what\u{2019}s my time", Command::Time),
        (&en, "that\u{2019}s correct", Command::Yes),
    ]);
}

#[test]
fn sentences_not_for_the_assistant_are_not_understood() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    reads_as_nothing(&[
        (&de, "Mein Name ist Peter"),
        (&de, "nein danke"),
        (&de, "Einen Kaffee bitte"),
        (&de, "haben Sie Zeit"),
        (&de, "Zeit Remis"),
        (&de, "ich nehme den Turm"),
        // words of the new requests in other sentences
        (&de, "der Gegner hat Zeit"),
        (&de, "mein Gegner hat gut gespielt"),
        (&en, "my opponent played well"),
        (&en, "no worries"),
        (&en, "thanks for the game"),
        (&en, "is this your time"),
        (&en, "what a draw"),
        // asking about something else: where the clock is, a match's score
        (&de, "Wo ist die Uhr?"),
        (&en, "where is the clock"),
        (&en, "what's the score"),
        // the time of day, not the clocks
        (&de, "Wie viel Uhr ist es?"),
        (&en, "what time is it"),
        (&en, "uh, what's the time?"),
    ]);
    reads_as_commands(&[
        (&de, "Wie viel Zeit habe ich noch?", Command::Time),
        (&de, "äh wie viele Züge noch", Command::Moves),
        (&de, "ich biete Remis an", Command::Draw),
        (&en, "how much time do I have left", Command::Time),
        (&en, "I offer a draw", Command::Draw),
        (&en, "say that again please", Command::Repeat),
        (&en, "whats my time", Command::Time),
        (&de, "ich möchte aufgeben", Command::Resign),
        (&en, "I'd like to resign", Command::Resign),
        (&de, "wie lange habe ich noch", Command::Time),
        (&de, "Was hast du gesagt?", Command::Repeat),
        (&de, "Moment, Korrektur", Command::Correction),
        (&en, "what did you say", Command::Repeat),
        (&de, "Ich habe mich versprochen.", Command::Correction),
        (&de, "Wie viel Zeit hat mein Gegner noch?", Command::Time),
        (&de, "Was hat der Gegner gespielt?", Command::LastMove),
        (&de, "Lies mir die Notation vor", Command::Scoresheet),
        (&de, "sprich bitte lauter", Command::Louder),
        (&de, "nö", Command::No),
        (&en, "I misspoke", Command::Correction),
        (&en, "what did my opponent play", Command::LastMove),
        (&en, "a bit slower please", Command::Slower),
    ]);
}

#[test]
fn close_alternatives_that_are_other_moves_are_asked_about() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let start = Chess::default();
    let alts = |pairs: &[(&str, f32)]| -> Vec<(String, f32)> {
        pairs.iter().map(|(t, c)| (t.to_string(), *c)).collect()
    };
    // Two legal moves heard about as well: ask, never pick one.
    let r = de.interpret(&start, &alts(&[("eva vier", 0.5), ("bella vier", 0.5)]));
    match r.reading {
        Reading::Ambiguous(c) => assert_eq!(ucis(&c), vec!["e2e4", "b2b4"]),
        other => panic!("{other:?}"),
    }
    assert!(!r.exact);
    // Two phrasings of one move add up: sure.
    let r = de.interpret(
        &start,
        &alts(&[
            ("springer felix drei", 0.6),
            ("springer auf felix drei", 0.4),
        ]),
    );
    assert_eq!(r.uci().as_deref(), Some("g1f3"));
    assert!(r.exact);
    // A clear winner stays exact; a weak one, or one with a rival the recognizer
    // weighed, is read back for an explicit "ja" only.
    let r = de.interpret(&start, &alts(&[("eva vier", 0.995), ("bella vier", 0.005)]));
    assert!(r.exact && r.uci().as_deref() == Some("e2e4"));
    let r = de.interpret(&start, &alts(&[("eva vier", 0.9), ("bella vier", 0.1)]));
    assert!(!r.exact && r.uci().as_deref() == Some("e2e4"));
    let r = de.interpret(
        &start,
        &alts(&[("eva vier", 0.4), ("zeit", 0.3), ("bella vier", 0.3)]),
    );
    assert_eq!(r.uci().as_deref(), Some("e2e4"));
    assert!(!r.exact);
    // Resigning is never taken from what may have been a move.
    let r = de.interpret(&start, &alts(&[("aufgabe", 0.7), ("eva vier", 0.3)]));
    assert_eq!(r.reading, Reading::NotUnderstood);
    // Nor any other command: the player says it again ("de e fünf" heard as "wie bitte",
    // with "nimmt e fünf" as likely, in pink noise).
    let r = de.interpret(&start, &alts(&[("zeit", 0.7), ("eva vier", 0.3)]));
    assert_eq!(r.reading, Reading::NotUnderstood);
    // A move the recognizer all but ruled out leaves the command as it is.
    let r = de.interpret(&start, &alts(&[("zeit", 0.99), ("eva vier", 0.01)]));
    assert_eq!(r.reading, Reading::Command(Command::Time));
}

/// Each of the sentences is not understood in the position.
fn assert_not_understood(interpreter: &Interpreter, pos: &Chess, sentences: &[&str]) {
    for said in sentences {
        assert_eq!(
            interpreter.interpret_text(pos, said).reading,
            Reading::NotUnderstood,
            "{said}"
        );
    }
}

/// An unknown word where the piece is named is not dropped into a pawn move: "Pferd
/// Felix drei" (a knight, as some players call it) is no f2-f3. At the end, a stray word
/// is dropped as before, and the move waits for "ja".
#[test]
fn an_unknown_word_in_the_place_of_the_piece_does_not_make_a_pawn_move() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let start = Chess::default();
    assert_not_understood(
        &de,
        &start,
        &[
            "pferd felix drei",
            "äh pferd auf felix drei",
            "kaffee felix drei",
        ],
    );
    let r = de.interpret_text(&start, "felix drei kaffee");
    assert_eq!(r.uci().as_deref(), Some("f2f3"));
    assert!(!r.exact);
    // A piece that is named keeps a stray word before it, unsure.
    let r = de.interpret_text(&start, "kaffee springer felix drei");
    assert_eq!(r.uci().as_deref(), Some("g1f3"));
    assert!(!r.exact);
}

/// A square is said as one unit: a word between a file and its rank, dropped as a stray word
/// or read as an information word, makes talk about a person, not a move ("David kommt um
/// drei" to the opponent is no d3). Around the square a stray word is still dropped.
#[test]
fn nothing_but_fillers_stands_between_a_file_and_its_rank() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    let start = Chess::default();
    assert_not_understood(
        &de,
        &start,
        &[
            "David kommt um drei",
            "felix hat drei",
            "eva kam gegen vier",
            "david nimmt drei",
            "eva wird vier",
            "anna wird acht",
        ],
    );
    assert_not_understood(
        &en,
        &start,
        &[
            "felix has three",
            "golf at three",
            "she has four",
            "eve has for",
        ],
    );
    for (interp, text, want) in [
        (&de, "Eva äh vier", "e2e4"),
        (&de, "Springer Felix ähm drei", "g1f3"),
        (&en, "knight to f uh three", "g1f3"),
        (&en, "pawn e um for", "e2e4"),
    ] {
        let r = interp.interpret_text(&start, text);
        assert_eq!(r.uci().as_deref(), Some(want), "{text}");
        assert!(r.exact, "{text}");
    }
    let r = de.interpret_text(&start, "Springer geht nach Felix drei");
    assert_eq!(r.uci().as_deref(), Some("g1f3"));
    assert!(!r.exact);
}

/// "won", "for" and "ate" can only be ranks: between the piece and the file they are the
/// origin's rank ("rook won e two"), as "one" is; "to" there stays the to-word.
#[test]
fn a_homophone_that_can_only_be_a_rank_disambiguates_by_rank() {
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    let p = pos("k7/8/8/8/4R3/8/8/4R1K1 w - - 0 1");
    for (text, want) in [
        ("rook won e two", "e1e2"),
        ("rook one e two", "e1e2"),
        ("rook for e three", "e4e3"),
        ("rook uh for e three", "e4e3"),
    ] {
        assert_eq!(
            en.interpret_text(&p, text).uci().as_deref(),
            Some(want),
            "{text}"
        );
    }
    let knights = pos("4k3/8/8/8/8/2N5/3N4/4K3 w - - 0 1");
    assert!(matches!(
        en.interpret_text(&knights, "knight to e four").reading,
        Reading::Ambiguous(_)
    ));
}

/// A move may lose two words that are like no vocabulary word, never three, wherever they
/// stand: the interpreter stops at the third without reading the rest.
#[test]
fn a_move_loses_at_most_two_words_like_no_vocabulary_word() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let start = Chess::default();
    for word in ["kaffee", "xylophon", "quark"] {
        assert!(
            de.lexicon.slips(word).next().is_none(),
            "{word} is like a word"
        );
    }
    let r = de.interpret_text(&start, "springer kaffee felix drei xylophon");
    assert_eq!(r.uci().as_deref(), Some("g1f3"));
    assert!(!r.exact);
    assert_not_understood(
        &de,
        &start,
        &[
            "springer kaffee felix drei xylophon quark",
            "kaffee xylophon quark springer felix drei",
            "springer felix drei kaffee xylophon quark",
        ],
    );
}

/// Confidences that sum to less than one leave the rest to "none of these": the
/// recognizer's way of saying that the audio fits its grammar badly.
#[test]
fn confidence_missing_from_the_alternatives_counts_against_them() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let start = Chess::default();
    let one = |text: &str, c: f32| vec![(text.to_string(), c)];
    // Well heard: made by the window.
    let r = de.interpret(&start, &one("eva vier", 1.0));
    assert!(r.exact && r.uci().as_deref() == Some("e2e4"));
    // Half heard: read back, made only by "ja".
    let r = de.interpret(&start, &one("eva vier", 0.5));
    assert_eq!(r.uci().as_deref(), Some("e2e4"));
    assert!(!r.exact);
    // Hardly heard: not understood, and the words are kept to be said.
    let r = de.interpret(&start, &one("eva vier", 0.1));
    assert_eq!(r.reading, Reading::NotUnderstood);
    assert_eq!(r.heard, "eva vier");
    // An answer half heard is not taken: a "ja" from chatter would make a move.
    // The answer is kept aside: the assistant takes a negative one where a question waits.
    for (answer, command) in [
        ("ja", Command::Yes),
        ("nein", Command::No),
        ("korrektur", Command::Correction),
    ] {
        let r = de.interpret(&start, &one(answer, 0.5));
        assert_eq!(r.reading, Reading::NotUnderstood, "{answer}");
        assert_eq!(r.unsure_answer, Some(command), "{answer}");
    }
    // Not where the audio fitted hardly at all, nor where a move was weighed beside it.
    assert_eq!(de.interpret(&start, &one("nein", 0.1)).unsure_answer, None);
    let r = de.interpret(
        &start,
        &[
            ("korrektur".to_string(), 0.45),
            ("eva vier".to_string(), 0.05),
        ],
    );
    assert_eq!((r.reading, r.unsure_answer), (Reading::NotUnderstood, None));
    let r = de.interpret(
        &start,
        &[("abbrechen".to_string(), 0.4), ("nein".to_string(), 0.1)],
    );
    assert_eq!(r.unsure_answer, Some(Command::No));
    assert_eq!(de.interpret(&start, &one("ja", 1.0)).unsure_answer, None);
    let r = de.interpret(&start, &one("ja", 1.0));
    assert_eq!(r.reading, Reading::Command(Command::Yes));
    // Any other command half heard is kept, unsure, to be asked back.
    let r = de.interpret(&start, &one("zeit", 0.5));
    assert_eq!(r.reading, Reading::Command(Command::Time));
    assert!(!r.exact);
    assert_eq!(r.to_json()["exact"], serde_json::json!(false));
    let r = de.interpret(&start, &one("zeit", 1.0));
    assert!(r.exact);
    assert!(r.to_json().get("exact").is_none());
    // The same with several alternatives: the shares are of one, not of their sum.
    let r = de.interpret(
        &start,
        &[
            ("eva vier".to_string(), 0.45),
            ("bella vier".to_string(), 0.05),
        ],
    );
    assert_eq!(r.uci().as_deref(), Some("e2e4"));
    assert!(!r.exact);
    let r = de.interpret(
        &start,
        &[("zeit".to_string(), 0.4), ("eva vier".to_string(), 0.01)],
    );
    assert_eq!(r.reading, Reading::Command(Command::Time));
    assert!(!r.exact);
    let r = de.interpret(
        &start,
        &[("ja".to_string(), 0.4), ("eva vier".to_string(), 0.05)],
    );
    assert_eq!(r.reading, Reading::NotUnderstood);
    // Resignation is never taken from a move-like utterance, sure or not.
    let r = de.interpret(
        &start,
        &[("aufgabe".to_string(), 0.6), ("eva vier".to_string(), 0.4)],
    );
    assert_eq!(r.reading, Reading::NotUnderstood);
    let r = de.interpret(
        &start,
        &[
            ("eva vier".to_string(), 0.1),
            ("bella vier".to_string(), 0.1),
        ],
    );
    assert_eq!(r.reading, Reading::NotUnderstood);
    // Numbers out of range are bounded, not trusted: infinity is certainty, NaN nothing.
    let r = de.interpret(&start, &one("eva vier", f32::INFINITY));
    assert!(r.exact && r.uci().as_deref() == Some("e2e4"));
    let r = de.interpret(&start, &one("eva vier", f32::NAN));
    assert_eq!(r.reading, Reading::NotUnderstood);
}

#[test]
fn lower_alternative_wins_only_when_nearly_as_confident() {
    let de = Interpreter::new(Vocab::builtin(Lang::De));
    let start = Chess::default();
    let alts = |c: f32| {
        vec![
            ("Springer Eva fünf".to_string(), 0.9),
            ("Springer Felix drei".to_string(), c),
        ]
    };
    let close = de.interpret(&start, &alts(0.85));
    assert_eq!(close.uci().as_deref(), Some("g1f3"));
    assert!(!close.exact);
    assert_eq!(close.alternative, 1);
    let far = de.interpret(&start, &alts(0.3));
    assert!(matches!(far.reading, Reading::Illegal(_)));
}

#[test]
fn a_move_with_another_legal_move_weighed_beside_it_is_unsure() {
    let en = Interpreter::new(Vocab::builtin(Lang::En));
    let start = Chess::default();
    let heard = |rival: f32| {
        en.interpret(
            &start,
            &[
                ("knight f three".to_string(), 1.0 - rival),
                ("knight c three".to_string(), rival),
            ],
        )
    };
    let weighed = heard(0.1);
    assert_eq!(weighed.uci().as_deref(), Some("g1f3"));
    assert!(!weighed.exact, "another move at 11 % of the share");
    // "Eva three" was a sure "David three" with the move said at 2.7 % of its share
    assert!(!heard(0.026).exact, "another move at 2.7 % of the share");
    let ruled_out = heard(0.005);
    assert_eq!(ruled_out.uci().as_deref(), Some("g1f3"));
    assert!(ruled_out.exact);
    // another spelling of the same move is no rival
    let same = en.interpret(
        &start,
        &[
            ("knight f three".to_string(), 0.7),
            ("knight foxtrot three".to_string(), 0.3),
        ],
    );
    assert!(same.exact && same.uci().as_deref() == Some("g1f3"));
}
