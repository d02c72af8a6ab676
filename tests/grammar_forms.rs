//! One grammar for the interpreter and the recognizers (issue 11): for random legal moves in
//! random positions, every phrasing the forms' rules generate (`interpret::forms`) is
//!
//! * an utterance of the position's recognizer grammar (`Grammar::for_position`, what
//!   pocketsphinx's JSGF and the check of a Vosk result accept), meaning that move and
//!   nothing else;
//! * read by the interpreter as exactly that move;
//!
//! and the grammar's plainest phrasing of every rule means one thing only. German and
//! English, with the fillers the grammar allows around an utterance.
use proptest::prelude::*;
use rochade::asr::grammar::{Grammar, PhraseMeaning};
use rochade::interpret::forms::{move_rules, sample_phrase};
use rochade::interpret::{Interpreter, Reading, uci};
use rochade::lang::Lang;
use rochade::vocab::{Meaning, Vocab};
use shakmaty::{Chess, Position};

/// A position after `plies` moves picked by the seeds.
fn position(seeds: &[usize]) -> Chess {
    let mut pos = Chess::default();
    for seed in seeds {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[seed % moves.len()];
        pos = pos.play(mv).expect("a legal move");
    }
    pos
}

fn from_fen(fen: &str) -> Chess {
    fen.parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap()
}

/// `phrase` is an utterance of `grammar` with the one meaning: the move `want`.
fn assert_means_move(grammar: &Grammar, phrase: &str, want: &str, context: &str) {
    let meanings = grammar
        .meanings(phrase)
        .map(|m| m.into_iter().collect::<Vec<_>>());
    assert_eq!(
        meanings,
        Some(vec![PhraseMeaning::Move(want.to_string())]),
        "{context}: {phrase:?}"
    );
}

fn check(lang: Lang, seeds: &[usize], picks: &[usize], filler: bool) {
    let vocab = Vocab::builtin(lang);
    let interpreter = Interpreter::new(vocab.clone());
    let pos = position(&seeds[..seeds.len() - 1]);
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return;
    }
    let mv = moves[seeds[seeds.len() - 1] % moves.len()];
    let grammar = Grammar::for_position(&pos, &vocab);
    let rules = move_rules(&pos, &mv, &vocab);
    assert!(!rules.is_empty(), "no rule for {} in {pos:?}", uci(&mv));
    let want = PhraseMeaning::Move(uci(&mv));
    for (r, rule) in rules.iter().enumerate() {
        let mut k = r;
        let mut pick = |n: usize| {
            k += 1;
            picks[k % picks.len()] % n.max(1)
        };
        let mut phrase = sample_phrase(rule, &mut pick);
        if filler {
            let fillers = vocab.filler_words();
            phrase = format!("{} {phrase}", fillers[picks[0] % fillers.len()]);
        }
        let meanings = grammar.meanings(&phrase);
        assert_eq!(
            meanings
                .as_ref()
                .map(|m| m.iter().cloned().collect::<Vec<_>>()),
            Some(vec![want.clone()]),
            "{lang}: grammar on {phrase:?} ({}, form {})",
            uci(&mv),
            rule.form
        );
        let heard = interpreter.interpret_text(&pos, &phrase);
        assert_eq!(
            heard.reading,
            Reading::Move(mv),
            "{lang}: interpreter on {phrase:?} (form {})",
            rule.form
        );
        assert!(heard.exact, "{phrase:?} is made of vocabulary words only");
    }
    for phrase in grammar.phrases() {
        let meanings = grammar
            .meanings(&phrase)
            .unwrap_or_else(|| panic!("{lang}: its own phrase {phrase:?}"));
        assert_eq!(meanings.len(), 1, "{phrase:?} means {meanings:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_generated_phrasing_is_in_the_grammar_and_read_as_its_move(
        seeds in prop::collection::vec(0usize..10_000, 1..60),
        picks in prop::collection::vec(0usize..1000, 4..16),
        english in any::<bool>(),
        filler in any::<bool>(),
    ) {
        let lang = if english { Lang::En } else { Lang::De };
        check(lang, &seeds, &picks, filler);
    }
}

#[test]
fn promotions_castling_and_en_passant_in_both_languages() {
    // Positions with the rare forms, each checked with every pick of the first alternatives.
    let cases = [
        "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        "8/3P4/8/8/8/8/k7/4K3 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
    ];
    for fen in cases {
        let pos = from_fen(fen);
        for lang in [Lang::De, Lang::En] {
            let vocab = Vocab::builtin(lang);
            let interpreter = Interpreter::new(vocab.clone());
            let grammar = Grammar::for_position(&pos, &vocab);
            for mv in pos.legal_moves() {
                for rule in move_rules(&pos, &mv, &vocab) {
                    for choice in 0..4 {
                        let phrase = sample_phrase(&rule, &mut |n| choice % n.max(1));
                        assert_eq!(
                            interpreter.interpret_text(&pos, &phrase).reading,
                            Reading::Move(mv),
                            "{lang} {fen}: {phrase:?}"
                        );
                        assert!(grammar.contains(&phrase), "{lang} {fen}: {phrase:?}");
                    }
                }
            }
        }
    }
}

/// §2.3 gives a lone origin file and a lone origin rank: where each tells the move, both are
/// utterances of the recognizer grammar meaning it. With the rank left out where the file
/// told the move, "Springer acht David sieben" (Nbd7, knights on b8 and f6) was forced onto
/// another phrase by pocketsphinx: "Springer nach David fünf", a different legal move.
#[test]
fn a_lone_origin_file_or_rank_is_heard_wherever_it_tells_the_move() {
    let cases = [
        // knights b8 and f6 both reach d7: file and rank each tell them apart
        (
            "rnbq1rk1/1p2ppbp/p2p1np1/8/3NP3/2N3PP/PPP2PB1/R1BQ1RK1 b - - 0 9",
            Lang::De,
            &["springer acht david sieben", "springer bella david sieben"][..],
            "b8d7",
        ),
        (
            "rnb1kb1r/1pq2p1p/p2ppp2/8/3NPP2/2N5/PPP3PP/R2QKB1R w KQkq - 0 9",
            Lang::De,
            &["springer vier bella fünf", "springer david bella fünf"][..],
            "d4b5",
        ),
        (
            "rnb1kb1r/1pq2p1p/p2ppp2/8/3NPP2/2N5/PPP3PP/R2QKB1R w KQkq - 0 9",
            Lang::En,
            &["knight four bravo five", "knight delta bravo five"][..],
            "d4b5",
        ),
        // rooks a1 and a8 on one file: only the rank tells them
        (
            "R7/8/7k/8/8/8/6PP/R6K w - - 0 1",
            Lang::De,
            &["turm eins anna vier"][..],
            "a1a4",
        ),
    ];
    for (fen, lang, phrases, want) in cases {
        let pos = from_fen(fen);
        let vocab = Vocab::builtin(lang);
        let grammar = Grammar::for_position(&pos, &vocab);
        for phrase in phrases {
            assert_means_move(&grammar, phrase, want, &format!("{lang} {fen}"));
        }
        assert!(
            !grammar.contains("turm anna anna vier"),
            "a file that does not tell the rooks apart is no phrase"
        );
    }
}

/// What the recognizers give back for a command or an answer of the grammar (its words as the
/// grammar spells them) is read by the interpreter as that command: "that's correct" came
/// back as "that s correct", which meant nothing, and "no, that's wrong" was never taken.
#[test]
fn every_command_and_answer_of_the_grammar_is_read_as_what_it_means() {
    let pos = Chess::default();
    for lang in [Lang::De, Lang::En] {
        let vocab = Vocab::builtin(lang);
        let interpreter = Interpreter::new(vocab.clone());
        let mut grammar = Grammar::for_position(&pos, &vocab);
        grammar.add_answers(&vocab);
        // "Partieformular ab Zug zwölf" is the dialogue's to read (it knows the move number).
        let from_move = rochade::interpret::scoresheet_phrases(&vocab, 1);
        let mut checked = 0;
        for phrase in grammar.phrases().filter(|p| !from_move.contains(p)) {
            let meanings = grammar.meanings(&phrase).unwrap_or_default();
            let read = interpreter.interpret_text(&pos, &phrase).reading;
            for meaning in meanings {
                match meaning {
                    PhraseMeaning::Command(name) => {
                        assert!(
                            matches!(&read, Reading::Command(c) if c.name() == name),
                            "{lang}: {phrase:?} is the command {name}, read as {read:?}"
                        );
                        checked += 1;
                    }
                    // The promotion pieces answer a question only; the rest are commands.
                    PhraseMeaning::Answer(_)
                        if !matches!(vocab.lookup(&phrase), Some(Meaning::Piece(_))) =>
                    {
                        assert!(
                            matches!(read, Reading::Command(_)),
                            "{lang}: the answer {phrase:?} is read as {read:?}"
                        );
                        checked += 1;
                    }
                    _ => {}
                }
            }
        }
        assert!(checked > 50, "{lang}: only {checked} commands and answers");
    }
}

/// "Umwandlung in Dame", two promotion words together (SPOKEN-MOVES §2), is a phrase of the
/// recognizer grammar: it held one promotion word before the piece, so pocketsphinx forced
/// the sentence onto "Umwandlung Dame" or onto another piece.
#[test]
fn umwandlung_in_before_the_piece_is_heard() {
    let pos = from_fen("8/3P4/8/8/8/8/k7/6K1 w - - 0 1");
    let vocab = Vocab::builtin(Lang::De);
    let interpreter = Interpreter::new(vocab.clone());
    let grammar = Grammar::for_position(&pos, &vocab);
    for (phrase, want) in [
        ("david acht umwandlung in dame", "d7d8q"),
        (
            "bauer david sieben david acht umwandlung in springer",
            "d7d8n",
        ),
        ("david sieben nach david acht umwandlung in turm", "d7d8r"),
    ] {
        let read = interpreter.interpret_text(&pos, phrase).reading;
        assert!(
            matches!(&read, Reading::Move(mv) if uci(mv) == want),
            "{phrase:?} read as {read:?}"
        );
        assert_means_move(&grammar, phrase, want, "de");
    }
}
