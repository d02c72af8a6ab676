//! The FIDE D.2.1 words as the requirement extracts give them (docs/RULES-MAP.md, T01–T09 and
//! #1–#9): each utterance and the move the Laws make of it, written by hand from the extracts'
//! examples, read by the German interpreter in a position where that move is legal.
use rochade::interpret::{Interpreter, Missing, Reading};
use rochade::lang::Lang;
use rochade::vocab::Vocab;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn de() -> Interpreter {
    Interpreter::new(Vocab::builtin(Lang::De))
}

/// The move read exactly (every word a vocabulary word), as UCI.
fn exact(interp: &Interpreter, fen: &str, said: &str) -> String {
    let i = interp.interpret_text(&pos(fen), said);
    assert!(i.exact, "{said}: not read exactly: {:?}", i.reading);
    i.uci().unwrap_or_else(|| panic!("{said}: {:?}", i.reading))
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn the_examples_of_the_extracts() {
    let de = de();
    // T01
    assert_eq!(exact(&de, START, "Eva vier"), "e2e4");
    assert_eq!(exact(&de, START, "Springer Felix drei"), "g1f3");
    let open = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2";
    assert_eq!(exact(&de, open, "Laeufer Bella fuenf"), "f1b5");
    // #6: a pawn move with or without "Bauer"
    assert_eq!(exact(&de, START, "Bauer Eva vier"), "e2e4");
    // T05: every piece word; "Koenig" and "Dame" and "Turm"
    let pieces = "4k3/8/8/8/8/8/8/R2QK3 w - - 0 1";
    assert_eq!(exact(&de, pieces, "Dame David fuenf"), "d1d5");
    assert_eq!(exact(&de, pieces, "Turm Anna acht"), "a1a8");
    assert_eq!(exact(&de, pieces, "Koenig Felix zwei"), "e1f2");
    assert_eq!(exact(&de, pieces, "König Eva zwei"), "e1e2");
}

#[test]
fn ranks_are_counted_from_whites_side_for_either_colour() {
    // T02, #3: "Eva fuenf" is e5 whoever moves.
    let de = de();
    let black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(exact(&de, black, "Eva fuenf"), "e7e5");
    assert_eq!(exact(&de, black, "Springer Felix sechs"), "g8f6");
    let white = "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(exact(&de, white, "Eva drei"), "e2e3");
}

#[test]
fn the_spelling_variants_of_the_seeds() {
    // T03, #1, #2: Cesar/Caesar/Cäsar/Cessar, fünf/fuenf, Läufer/Laeufer, König/Koenig, zwo.
    let de = de();
    for c in ["Cesar", "Caesar", "Cäsar", "Cessar"] {
        assert_eq!(exact(&de, START, &format!("{c} vier")), "c2c4", "{c}");
    }
    let open = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2";
    for text in [
        "Läufer Bella fünf",
        "Laeufer Bella fuenf",
        "Läufer Bella fuenf",
    ] {
        assert_eq!(exact(&de, open, text), "f1b5", "{text}");
    }
    assert_eq!(exact(&de, START, "Anna zwo Anna vier"), "a2a4");
    // every file and rank word
    let files = [
        "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
    ];
    for (f, word) in files.iter().enumerate() {
        let file = (b'a' + f as u8) as char;
        assert_eq!(
            exact(&de, START, &format!("{word} drei")),
            format!("{file}2{file}3")
        );
    }
    let empty = "k7/8/8/8/8/8/8/K3R3 w - - 0 1";
    let ranks = ["zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"];
    for (r, word) in ranks.iter().enumerate() {
        assert_eq!(
            exact(&de, empty, &format!("Turm Eva {word}")),
            format!("e1e{}", r + 2),
            "{word}"
        );
    }
}

#[test]
fn castling_words() {
    // T04, #5: Kurze Rochade = 0-0 (rook h1), Lange Rochade = 0-0-0 (rook a1).
    let de = de();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(exact(&de, fen, "Kurze Rochade"), "e1g1");
    assert_eq!(exact(&de, fen, "Lange Rochade"), "e1c1");
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(exact(&de, black, "Kurze Rochade"), "e8g8");
    assert_eq!(exact(&de, black, "Lange Rochade"), "e8c8");
}

#[test]
fn a_promotion_needs_its_piece_and_only_q_r_b_n_complete_it() {
    // T06, #7
    let de = de();
    let fen = "6k1/3P4/8/8/8/8/8/4K3 w - - 0 1";
    match de.interpret_text(&pos(fen), "David acht").reading {
        Reading::Incomplete {
            missing: Missing::Promotion,
            candidates,
        } => assert_eq!(candidates.len(), 4),
        other => panic!("{other:?}"),
    }
    assert_eq!(exact(&de, fen, "David acht Dame"), "d7d8q");
    assert_eq!(exact(&de, fen, "David acht Springer"), "d7d8n");
    for bad in ["David acht König", "David acht Bauer"] {
        let r = de.interpret_text(&pos(fen), bad).reading;
        assert!(!matches!(r, Reading::Move(_)), "{bad}: {r:?}");
    }
}

#[test]
fn two_pieces_reaching_the_square_are_asked_never_guessed() {
    // T07, #8: the departure file (same rank), the departure rank (same file).
    let de = de();
    let knights = "4k3/8/8/8/8/8/8/4KN1N w - - 0 1";
    match de
        .interpret_text(&pos(knights), "Springer Gustav drei")
        .reading
    {
        Reading::Ambiguous(c) => assert_eq!(c.len(), 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(exact(&de, knights, "Springer Felix Gustav drei"), "f1g3");
    assert_eq!(exact(&de, knights, "Springer Hector Gustav drei"), "h1g3");
    let open = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(exact(&de, open, "Springer Gustav Felix drei"), "g1f3");
    let rooks = "4k3/8/8/8/8/2R5/8/R3K3 w - - 0 1";
    assert!(matches!(
        de.interpret_text(&pos(rooks), "Turm Anna drei").reading,
        Reading::Ambiguous(_)
    ));
    let rooks = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(exact(&de, rooks, "Turm eins Anna vier"), "a1a4");
}

#[test]
fn pawn_captures_by_departure_file() {
    // T08: "David nimmt Eva fuenf" and "David Eva fuenf" are dxe5.
    let de = de();
    let fen = "4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1";
    assert_eq!(exact(&de, fen, "David nimmt Eva fuenf"), "d4e5");
    assert_eq!(exact(&de, fen, "David schlägt Eva fünf"), "d4e5");
    assert_eq!(exact(&de, fen, "David Eva fuenf"), "d4e5");
    // en passant by its arrival square
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_eq!(exact(&de, ep, "Eva schlägt David sechs"), "e5d6");
}

#[test]
fn what_is_not_a_move_is_never_taken_for_one() {
    // T09: unrecognised words give no move.
    let de = de();
    for said in ["Kissen", "Eva", "Springer", "Felix neun"] {
        let r = de.interpret_text(&pos(START), said).reading;
        assert!(!matches!(r, Reading::Move(_)), "{said}: {r:?}");
    }
}

#[test]
fn the_seeds_other_spellings_are_near_misses_asked_back() {
    // T03: Feliks, funf, seiben are not vocabulary words: read as near misses (not exact), so
    // the assistant asks before anything is made. César is Cesar with an accent: words are
    // compared with their diacritics folded (vocab::normalize_word), so it is the file c.
    let de = de();
    let empty = "k7/8/8/8/8/8/8/K3R3 w - - 0 1";
    for (said, want) in [
        ("Turm Feliks eins", "e1f1"),
        ("Turm Eva funf", "e1e5"),
        ("Turm Eva seiben", "e1e7"),
    ] {
        let i = de.interpret_text(&pos(empty), said);
        assert!(!i.exact, "{said}: read as exact");
        assert_eq!(i.uci().as_deref(), Some(want), "{said}: {:?}", i.reading);
    }
    let i = de.interpret_text(&pos(empty), "Turm César eins");
    assert!(i.exact, "{:?}", i.reading);
    assert_eq!(i.uci().as_deref(), Some("e1c1"), "{:?}", i.reading);
}
