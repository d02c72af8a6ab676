//! The grammar's tests: what its rules accept and mean, and how sure a reading stays.

use super::*;

/// The first part of each top-level alternative of a JSGF expansion: the words a phrase
/// can begin with.
fn first_words(expansion: &str) -> Vec<String> {
    let inner = expansion
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim();
    let inner = inner.trim_start_matches('(').trim_end_matches(')');
    let mut starts = Vec::new();
    let mut depth = 0;
    let mut current = String::new();
    for c in inner.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '|' if depth == 0 => {
                starts.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    starts.push(current);
    starts
        .iter()
        .map(|alt| {
            let alt = alt.trim();
            let alt = alt.strip_prefix('/').map_or(alt, |rest| {
                rest.split_once('/').map_or(rest, |(_, after)| after.trim())
            });
            alt.to_string()
        })
        .collect()
}

#[test]
fn a_move_heard_with_a_confusable_letter_keeps_only_half_its_confidence() {
    let g = Grammar::for_position(&Chess::default(), &Vocab::builtin(Lang::En));
    let heard = |text: &str| {
        g.rank(&[Alternative::new(text.to_string(), 1.0)])
            .alternatives
            .remove(0)
    };
    let unsure = heard("bee four");
    assert!(
        unsure.confidence <= CONFUSABLE_MOVE_CONFIDENCE,
        "{unsure:?}"
    );
    // "b" for "b" and "bee" mean one move: no twin among them
    assert!(!g.rests_on_confusable("knight foxtrot three"));
    assert_eq!(heard("echo four").confidence, 1.0);
    assert_eq!(heard("knight foxtrot three").confidence, 1.0);
    // commands keep theirs: they have no letters, and "yes" must still be heard
    assert_eq!(heard("time").confidence, 1.0);
}

#[test]
fn a_confusable_letter_costs_confidence_only_where_its_twin_is_another_legal_move() {
    // After 1.e4 e5 the bishop on f1 reaches b5, and no bishop reaches c5, d5, e5 or g5.
    let pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::En));
    assert!(g.contains("bishop bee five"));
    assert_eq!(confidence_heard(&g, "bishop bee five"), 1.0);
    // "d four" and "b four" are both legal pawn moves here
    assert!(g.contains("d four") && g.contains("b four"));
    assert!(confidence_heard(&g, "d four") <= CONFUSABLE_MOVE_CONFIDENCE);
}

#[test]
fn a_word_two_quick_letters_could_have_been_heard_as_costs_confidence_too() {
    // The rooks on a1 and d2 both reach d1; only the one on a1 reaches f1.
    let pos = position("5rk1/1p1r1pp1/pBn1b2p/3pp3/4P3/2P4P/PPBR1PP1/R5K1 w - - 0 23");
    let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
    assert!(g.contains("turm de de eins") && g.contains("turm friedrich eins"));
    assert!(confidence_heard(&g, "turm friedrich eins") <= CONFUSABLE_MOVE_CONFIDENCE);
    // No pair of letters before "eins" is another king move: the king's keep theirs.
    assert!(g.contains("könig hektor eins"));
    assert_eq!(confidence_heard(&g, "könig hektor eins"), 1.0);
}

#[test]
fn the_rhyming_ranks_two_and_three_cost_confidence_where_both_are_legal() {
    let pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
    assert!(confidence_heard(&g, "turm anna zwei") <= CONFUSABLE_MOVE_CONFIDENCE);
    assert!(confidence_heard(&g, "turm anna drei") <= CONFUSABLE_MOVE_CONFIDENCE);
    assert_eq!(confidence_heard(&g, "turm anna acht"), 1.0);
    // No king move reaches the third rank: "König David zwei" has no twin.
    assert_eq!(confidence_heard(&g, "könig david zwei"), 1.0);
    // A letter and a rank are no run-together letters: at the start "ef zwei Felix drei"
    // (f2f3) is legal, and "Springer Felix drei" stays sure, and "nein" beside "e drei".
    let mut read_back = Grammar::for_position(&Chess::default(), &Vocab::builtin(Lang::De));
    assert!(read_back.contains("ef zwei felix drei"));
    assert!(!read_back.rests_on_confusable("springer felix drei"));
    read_back.add_answers(&Vocab::builtin(Lang::De));
    assert!(read_back.contains("e drei") && read_back.only_answers("nein"));
    assert!(!read_back.rests_on_confusable("nein"));
    assert!(!read_back.rests_on_confusable("ja"));
}

#[test]
fn eva_and_david_cost_confidence_where_the_other_is_another_legal_move() {
    let en = Vocab::builtin(Lang::En);
    let start = Grammar::for_position(&Chess::default(), &en);
    assert!(start.rests_on_confusable("eva three"), "d3 is legal too");
    assert!(start.rests_on_confusable("david four"), "e4 is legal too");
    assert!(!start.rests_on_confusable("felix three"));
    // only the e-pawn can go to the third rank: no twin, the move keeps its confidence
    let alone = Grammar::for_position(&position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), &en);
    assert!(alone.contains("eva three"));
    assert!(!alone.rests_on_confusable("eva three"));
}

/// A German "äh" before "Anna" runs into "Berta": "Turm äh Anna zwei" (Ra2) was heard as a
/// sure "Turm Berta zwei" (Rb2). A move with one of them waits for "ja" where the other
/// makes another legal move.
#[test]
fn anna_and_berta_cost_confidence_where_the_other_is_another_legal_move() {
    let de = Vocab::builtin(Lang::De);
    let rook = Grammar::for_position(&position("6k1/8/8/8/8/8/2R5/6K1 w - - 0 1"), &de);
    assert!(
        rook.rests_on_confusable("turm berta zwei"),
        "Ra2 is legal too"
    );
    assert!(
        rook.rests_on_confusable("turm anna zwei"),
        "Rb2 is legal too"
    );
    assert!(
        confidence_heard(&rook, "turm berta zwei") <= CONFUSABLE_MOVE_CONFIDENCE,
        "read back as a question"
    );
    assert!(!rook.rests_on_confusable("turm felix zwei"));
    // the rook on a1 cannot go to the b-file's first rank: "Anna" has no twin there
    let corner = Grammar::for_position(&position("6k1/8/8/8/8/8/1P6/R5K1 w - - 0 1"), &de);
    assert!(corner.contains("turm anna vier"));
    assert!(!corner.rests_on_confusable("turm anna vier"));
}

/// The confidence a reading of `text`, heard sure, keeps in `g` (less where it rests on a
/// confusable word).
fn confidence_heard(g: &Grammar, text: &str) -> f32 {
    g.rank(&[Alternative::new(text, 1.0)]).alternatives[0].confidence
}

fn position(fen: &str) -> Chess {
    fen.parse::<shakmaty::fen::Fen>()
        .expect("a valid FEN")
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("a legal position")
}

fn start() -> Grammar {
    Grammar::from_phrases(
        Lang::De,
        [
            ("eva vier", PhraseMeaning::Move("e2e4".into())),
            ("eva zwei eva vier", PhraseMeaning::Move("e2e4".into())),
            ("david acht", PhraseMeaning::Move("d7d8q".into())),
            ("david acht dame", PhraseMeaning::Move("d7d8q".into())),
            ("david acht springer", PhraseMeaning::Move("d7d8n".into())),
            ("turm hector acht", PhraseMeaning::Move("h1h8".into())),
            (
                "turm hector acht schach",
                PhraseMeaning::Move("h1h8".into()),
            ),
            ("läufer david drei", PhraseMeaning::Move("f1d3".into())),
            ("springer david zwei", PhraseMeaning::Move("b1d2".into())),
            ("springer david zwei", PhraseMeaning::Move("f3d2".into())),
        ],
    )
}

#[test]
fn spelling_variants_cover_umlauts() {
    assert_eq!(spellings("fuenf"), vec!["fuenf", "fünf"]);
    assert_eq!(spellings("läufer"), vec!["laeufer", "läufer"]);
}

#[test]
fn umlauts_and_two_letter_forms_are_one_phrase() {
    let mut g = start();
    assert!(g.contains("laeufer david drei"));
    assert_eq!(
        g.phrase("LAEUFER David drei").as_deref(),
        Some("läufer david drei")
    );
    let rules = g.len();
    g.add("Laeufer David drei", PhraseMeaning::Move("f1d3".into()));
    assert_eq!(g.len(), rules, "the same rule is not added twice");
}

#[test]
fn two_spellings_of_one_move_say_the_same_and_another_move_does_not() {
    // the game's own grammar: "Gustav" and "Gustaf" both name the g-file
    let vocab = Vocab::builtin(Lang::De);
    let g = Grammar::for_position(&Chess::default(), &vocab);
    assert!(g.same_meaning("gustav drei", "Gustaf drei"));
    assert!(g.same_meaning("springer felix drei", "springer ef drei"));
    assert!(!g.same_meaning("springer felix drei", "springer hektor drei"));
    assert!(!g.same_meaning("springer felix drei", ""));
    assert!(g.same_meaning("", ""), "nothing heard twice is the same");
    // a phrase with two meanings says the same as nothing but itself
    let g = start();
    assert!(g.same_meaning("springer david zwei", "springer david zwei"));
    assert!(!g.same_meaning("springer david zwei", "läufer david drei"));
}

#[test]
fn early_commit_needs_one_meaning_and_no_longer_phrase() {
    let g = start();
    assert!(g.is_final("eva zwei eva vier"));
    assert!(g.is_final("eva vier"));
    assert!(
        !g.is_final("david acht"),
        "continued by 'david acht springer'"
    );
    assert!(
        g.is_final("turm hector acht"),
        "'… schach' means the same move"
    );
    assert!(g.is_final("david acht dame"));
    assert!(!g.is_final("springer david zwei"), "two meanings");
    assert!(!g.is_final("eva"));
}

#[test]
fn an_answer_is_never_final_for_it_may_begin_a_sentence() {
    for lang in [Lang::De, Lang::En] {
        let vocab = Vocab::builtin(lang);
        let mut g = Grammar::for_position(&Chess::default(), &vocab);
        g.add_answers(&vocab);
        let answers: &[&str] = match lang {
            Lang::De => &["ja", "ja bitte", "nein", "nein falsch"],
            _ => &["yes", "yes please", "no"],
        };
        for answer in answers {
            assert!(g.contains(answer), "{answer}");
            assert!(!g.is_final(answer), "{answer}");
        }
        // the moves stay final
        assert!(g.is_final(if lang == Lang::De {
            "springer felix drei"
        } else {
            "knight f three"
        }));
    }
}

#[test]
fn rank_prefers_phrases_and_uses_the_grammar_spelling() {
    let g = start();
    let r = g.rank(&[
        Alternative::new("eva vier eva", 0.6),
        Alternative::new("laeufer david drei", 0.3),
        Alternative::new("läufer david drei", 0.1),
    ]);
    assert!(r.in_grammar);
    // both spellings are one reading: their shares add
    let pairs = r.pairs();
    assert_eq!(pairs.len(), 1);
    assert_eq!(pairs[0].0, "läufer david drei");
    assert!((pairs[0].1 - 0.4).abs() < 1e-6, "{pairs:?}");
    let r = g.rank(&[Alternative::new("Eva  vier Eva", 0.6)]);
    assert!(!r.in_grammar);
    assert_eq!(r.best(), "eva vier eva");
    assert_eq!(g.rank(&[]).best(), "");
}

#[test]
fn a_position_grammar_has_the_moves_and_commands() {
    let vocab = Vocab::builtin(Lang::De);
    let g = Grammar::for_position(&Chess::default(), &vocab);
    assert_eq!(
        g.meanings("springer felix drei")
            .map(|m| m.iter().next().cloned()),
        Some(Some(PhraseMeaning::Move("g1f3".into())))
    );
    assert!(g.contains("eva zwei eva vier"));
    assert!(g.contains("zeit"));
    assert!(!g.contains("ja"), "yes and no answer questions only");
    assert!(!g.contains("kurze rochade"), "not legal at the start");
    assert!(
        g.variants_of("cesar").contains(&"cäsar".to_string()),
        "{:?}",
        g.variants_of("cesar")
    );
    let answers = Grammar::for_answers(&vocab);
    assert!(answers.contains("ja") && answers.contains("dame"));
    assert!(!answers.contains("springer felix drei"));
}

#[test]
fn a_question_hears_every_yes_no_and_correction_and_the_main_words_of_other_commands() {
    let g = Grammar::for_answers(&Vocab::builtin(Lang::En));
    for text in [
        "yes",
        "that's correct",
        "no that's wrong",
        "cancel",
        "correction",
        "help",
        "what can i say",
        "repeat",
        "could you say that again",
    ] {
        assert!(g.contains(text), "{text}");
    }
    // short extra words an answer can be misheard as ("uh, correction" as "commands")
    for text in ["commands", "pardon", "come again"] {
        assert!(!g.contains(text), "{text}");
    }
    let g = Grammar::for_answers(&Vocab::builtin(Lang::De));
    assert!(g.contains("ja genau") && g.contains("ich korrigiere") && g.contains("wie bitte"));
    assert!(!g.contains("befehle"));
}

#[test]
fn a_position_grammar_hears_the_last_move_and_the_scoresheet_from_a_move_played() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 21";
    let pos: Chess = fen
        .parse::<shakmaty::fen::Fen>()
        .ok()
        .and_then(|f| f.into_position(shakmaty::CastlingMode::Standard).ok())
        .unwrap_or_default();
    let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
    assert!(g.contains("letzter zug"));
    assert!(g.contains("partieformular"));
    assert!(g.contains("partieformular ab zug zwölf"));
    assert!(g.contains("partieformular ab zug einundzwanzig"));
    assert!(
        !g.contains("partieformular ab zug zweiundzwanzig"),
        "not played yet"
    );
    let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::En));
    assert!(g.contains("scoresheet from move twenty one"));
    assert!(g.contains("last move"));
}

#[test]
fn a_position_grammar_takes_the_forms_people_use_and_commits_complete_moves_early() {
    let de = Vocab::builtin(Lang::De);
    let g = Grammar::for_position(&Chess::default(), &de);
    for text in [
        "springer felix drei",
        "springer auf friedrich drei",
        "springer von gustav eins nach felix drei",
        "gustav eins felix drei",
        "bauer emil vier",
        "äh eva vier bitte",
        "wie viel zeit habe ich noch",
    ] {
        assert!(g.contains(text), "{text}");
    }
    for text in [
        "springer felix drei",
        "eva vier",
        "bauer emil vier",
        "springer von gustav eins nach felix drei",
    ] {
        assert!(g.is_final(text), "{text}");
    }
    assert!(!g.is_final("springer"));
    assert!(
        !g.contains("springer schlägt felix drei"),
        "no capture word on a quiet move"
    );
    assert!(
        !g.contains("springer felix drei schach"),
        "no check word on a quiet move"
    );
    let en = Vocab::builtin(Lang::En);
    let g = Grammar::for_position(&Chess::default(), &en);
    for text in [
        "knight to f three",
        "knight Felix three",
        "pawn to echo four",
        "e two e four",
    ] {
        assert!(g.contains(text), "{text}");
    }
    let (jsgf, report) = g.to_jsgf(&|w: &str| Some(w.to_string()));
    let jsgf = jsgf.unwrap();
    assert!(jsgf.contains("public <utterance> = <said>;"), "{jsgf}");
    assert!(jsgf.contains("[ ( to | on ) ]"), "{jsgf}");
    let said = jsgf
        .split("<said> = ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .unwrap();
    assert!(
        first_words(said).iter().all(|w| !w.starts_with('[')),
        "no phrase starts with an optional word: {said}"
    );
    assert_eq!(report.dropped_rules, 0);
    // a word the recognizer cannot hear drops its alternative, and a rule it leaves empty
    let (_, report) = g.to_jsgf(&|w: &str| (w != "knight").then(|| w.to_string()));
    assert_eq!(report.missing_words, vec!["knight".to_string()]);
    assert!(report.dropped_rules > 0);
}

#[test]
fn the_german_letter_names_are_heard_and_a_word_left_out_is_only_read() {
    let pos = Chess::default();
    let vocab = Vocab::builtin(Lang::De);
    let g = Grammar::for_position(&pos, &vocab);
    assert_eq!(
        g.meanings("springer ef drei"),
        Some(BTreeSet::from([PhraseMeaning::Move("g1f3".into())]))
    );
    assert!(g.contains("springer felix drei"));
    let text =
        include_str!("../../../grammars/de.toml").replace("leave_out = [", "leave_out = [\"ef\", ");
    let leaving_out = Vocab::from_toml_str("de.toml", &text).expect("a valid vocabulary");
    let g = Grammar::for_position(&pos, &leaving_out);
    assert!(!g.contains("springer ef drei"));
    assert!(g.contains("springer felix drei"));
}

/// A request the vocabulary leaves out of the recognizers' grammars as a whole phrase is
/// in no grammar, while its words stay in the others ("wie lange hab ich noch" and
/// "lange Rochade"), and the interpreter still reads it typed.
#[test]
fn a_phrase_left_out_is_in_no_grammar_but_read_when_typed() {
    let pos = Chess::default();
    let vocab = Vocab::builtin(Lang::De);
    let position = Grammar::for_position(&pos, &vocab);
    let mut question = Grammar::for_answers(&vocab);
    for (phrase, command) in interpret::command_phrases(&vocab) {
        question.add(&phrase, PhraseMeaning::Command(command.name().to_string()));
    }
    for grammar in [&position, &question] {
        assert!(!grammar.contains("wie lange habe ich noch"));
        assert!(!grammar.contains("was hast du gesagt"));
        assert!(grammar.contains("wie viel zeit habe ich noch"));
    }
    let castling: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
        .parse::<shakmaty::fen::Fen>()
        .expect("fen")
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("legal");
    assert!(Grammar::for_position(&castling, &vocab).contains("lange rochade"));
    let typed = interpret::Interpreter::new(vocab)
        .interpret_text(&pos, "wie lange habe ich noch")
        .reading;
    assert_eq!(typed, interpret::Reading::Command(Command::Time));
}

#[test]
fn in_english_the_german_numbers_are_heard_only_after_a_fide_file_name() {
    let pos = Chess::default();
    let vocab = Vocab::builtin(Lang::En);
    let g = Grammar::for_position(&pos, &vocab);
    let e4 = Some(BTreeSet::from([PhraseMeaning::Move("e2e4".into())]));
    for heard in [
        "eva vier",
        "echo four",
        "e four",
        "pawn to eva vier",
        "eva four",
    ] {
        assert_eq!(g.meanings(heard), e4, "{heard}");
    }
    for unheard in ["echo vier", "e vier", "pawn to e vier"] {
        assert!(!g.contains(unheard), "{unheard}");
    }
    assert!(g.contains("knight felix drei"));
    assert!(!g.contains("knight foxtrot drei"));
    // typed, the interpreter still reads them
    let interpreter = crate::interpret::Interpreter::new(vocab);
    let read = interpreter.interpret_text(&pos, "echo vier");
    assert_eq!(read.uci().as_deref(), Some("e2e4"));
    // German has no such pairs: every file word with every number
    let g = Grammar::for_position(&pos, &Vocab::builtin(Lang::De));
    assert!(g.contains("emil vier") && g.contains("e vier"));
}

#[test]
fn normalize_and_fold() {
    assert_eq!(normalize("  Springer, Felix-drei! "), "springer felix drei");
    assert_eq!(normalize("No, that's 'wrong'"), "no that's wrong");
    assert_eq!(
        normalize_word("Läufer König Züge Straße"),
        "laeufer koenig zuege strasse"
    );
    assert_eq!(normalize_word("passé"), "passe");
}

/// The filler pass hears a move with fillers around and inside it; a command is never taken
/// from it, and a sentence whose words no move has stays outside.
#[test]
fn the_filler_pass_takes_fillers_around_and_inside_a_move_and_only_moves() {
    let g = Grammar::for_position(&Chess::default(), &Vocab::builtin(Lang::De));
    assert!(g.has_filler_pass());
    for (text, uci) in [
        ("so jetzt Springer Felix drei bitte", "g1f3"),
        ("Springer äh Felix drei", "g1f3"),
        ("ähm Bauer ähm Eva vier bitte", "e2e4"),
    ] {
        assert_eq!(
            g.meanings(text),
            Some([PhraseMeaning::Move(uci.into())].into()),
            "{text}"
        );
    }
    // an inner filler makes no command, and fillers alone are nothing
    assert!(g.contains("letzter zug") && !g.contains("letzter äh zug"));
    assert!(!g.contains("äh ähm"));
    let jsgf = g
        .to_filler_jsgf(&|w: &str| Some(crate::asr::dictionary::token(w)))
        .expect("a filler grammar");
    assert!(jsgf.contains("springer [ ( aeh | aehm ) ] ("), "{jsgf}");
    assert!(
        !jsgf.contains("zeit"),
        "no command in the filler pass: {jsgf}"
    );
    assert!(
        jsgf.contains("( <said> | <filler> <said> | <filler> <filler> <said> ) [ <filler> ]"),
        "{jsgf}"
    );
    // English: "the" between the words, the fillers that are no noise words around them
    let en = Grammar::for_position(&Chess::default(), &Vocab::builtin(Lang::En));
    assert!(en.has_filler_pass());
    assert_eq!(
        en.meanings("and the knight the f three"),
        Some([PhraseMeaning::Move("g1f3".into())].into())
    );
    let jsgf = en
        .to_filler_jsgf(&|w: &str| Some(w.to_string()))
        .expect("an English filler grammar");
    assert!(jsgf.contains("knight [ the ] ("), "{jsgf}");
    // a grammar without moves (a question's) has no filler pass
    assert!(!Grammar::for_answers(&Vocab::builtin(Lang::En)).has_filler_pass());
}
