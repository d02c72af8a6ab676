//! Properties over random legal games: the braille scoresheet in any letter set and page size
//! keeps its limits and reads back to the same moves; a game written as a move list in English
//! or German letters reads back to the same moves; a sheet changed at one half-move is found
//! to differ exactly there; and no reader panics on arbitrary text.
use proptest::prelude::*;
use rochade::scoresheet::brf::{BrailleOptions, read_brf, write_brf};
use rochade::scoresheet::load::read_sheet;
use rochade::scoresheet::movelist::read_move_list;
use rochade::scoresheet::reconcile::reconcile;
use rochade::scoresheet::{Letters, Record, pgn};
use shakmaty::{Chess, Position};

/// A legal game from the start: each number picks one of the legal moves.
fn random_game(choices: &[u16], offers: &[bool]) -> Record {
    let mut record = Record::default();
    let mut pos = Chess::default();
    for (i, choice) in choices.iter().enumerate() {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(*choice) % legal.len()];
        record.push_move(m, None, None).unwrap();
        if offers.get(i).copied().unwrap_or(false) {
            record.offer_draw().unwrap();
        }
        pos.play_unchecked(m);
    }
    record
}

fn letters() -> impl Strategy<Value = Letters> {
    prop_oneof![Just(Letters::Bauk), Just(Letters::De), Just(Letters::En)]
}

const GERMAN: [(char, char); 4] = [('Q', 'D'), ('R', 'T'), ('B', 'L'), ('N', 'S')];

fn german(san: &str) -> String {
    san.chars()
        .map(|c| GERMAN.iter().find(|(e, _)| *e == c).map_or(c, |(_, g)| *g))
        .collect::<String>()
        .replace("O-O", "0-0")
        .replace('=', "")
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn braille_keeps_its_limits_and_reads_back(
        choices in prop::collection::vec(any::<u16>(), 0..160),
        offers in prop::collection::vec(prop::bool::weighted(0.05), 0..160),
        letters in letters(),
        width in 22usize..=60,
        lines in 1usize..=30,
    ) {
        let record = random_game(&choices, &offers);
        let options = BrailleOptions { letters, width, lines, reveal_sealed: false, lang: rochade::lang::Lang::En };
        let brf = write_brf(&record, &options).unwrap();
        for page in brf.split('\x0c') {
            let page_lines: Vec<&str> = page.strip_suffix("\r\n").unwrap_or(page).split("\r\n").collect();
            prop_assert!(page_lines.len() <= lines);
            for line in page_lines {
                prop_assert!(line.len() <= width, "{line:?}");
                prop_assert!(line.chars().all(|c| ('\x20'..='\x5f').contains(&c)), "{line:?}");
            }
        }
        let back = read_brf(&brf, letters, None).unwrap();
        let ucis: Vec<String> = back.moves.iter()
            .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()).collect();
        let expected: Vec<&str> = record.moves().iter().map(|m| m.uci.as_str()).collect();
        prop_assert_eq!(ucis, expected);
        let offered: Vec<usize> = record.moves().iter().enumerate()
            .filter(|(_, m)| m.draw_offered).map(|(i, _)| i + 1).collect();
        prop_assert_eq!(back.draw_offers, offered);
    }

    #[test]
    fn move_lists_in_either_language_read_back(
        choices in prop::collection::vec(any::<u16>(), 0..160),
        in_german in any::<bool>(),
        numbered in any::<bool>(),
    ) {
        let record = random_game(&choices, &[]);
        let mut text = String::new();
        for (i, m) in record.moves().iter().enumerate() {
            if numbered && i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(&if in_german { german(&m.san) } else { m.san.clone() });
            text.push(' ');
        }
        let sheet = read_move_list(&text, None).unwrap();
        prop_assert!(sheet.problem.is_none(), "{:?} in {text}", sheet.problem);
        let ucis: Vec<&str> = sheet.moves.iter().map(|m| m.uci.as_str()).collect();
        let expected: Vec<&str> = record.moves().iter().map(|m| m.uci.as_str()).collect();
        prop_assert_eq!(ucis, expected);
        // And the same game as PGN, read through the PGN path of a sheet.
        let from_pgn = read_sheet(&pgn::write(&record, false, rochade::lang::Lang::En), 1, None).unwrap();
        prop_assert_eq!(from_pgn.moves.len(), record.moves().len());
    }

    #[test]
    fn a_changed_move_is_found_where_it_was_changed(
        choices in prop::collection::vec(any::<u16>(), 2..120),
        at in any::<prop::sample::Index>(),
        other in any::<u16>(),
    ) {
        let record = random_game(&choices, &[]);
        let n = record.moves().len();
        prop_assume!(n >= 2);
        let k = at.index(n);
        let pos = record.position_after(k).unwrap();
        let legal = pos.legal_moves();
        let original = record.moves()[k].uci.clone();
        let alternatives: Vec<_> = legal.iter()
            .filter(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string() != original)
            .collect();
        prop_assume!(!alternatives.is_empty());
        let replacement = *alternatives[usize::from(other) % alternatives.len()];
        let replacement_san = shakmaty::san::San::from_move(&pos, replacement).to_string();
        let sans: Vec<String> = record.moves().iter().map(|m| m.san.clone()).collect();
        let mut changed = sans.clone();
        changed[k] = replacement_san.clone();
        let a = read_move_list(&sans.join(" "), None).unwrap();
        let b = read_move_list(&changed.join(" "), None).unwrap();
        let report = reconcile(&a, &b).unwrap();
        prop_assert!(!report.agree);
        prop_assert_eq!(report.last_agreeing_ply, k);
        let difference = report.difference.unwrap();
        prop_assert_eq!(difference.ply, k + 1);
        prop_assert_eq!(difference.b, Some(replacement_san));
        prop_assert_eq!(report.fen, rochade::scoresheet::record::fen_of(&pos));
    }

    #[test]
    fn readers_do_not_panic_on_arbitrary_text(text in ".{0,200}", letters in letters()) {
        let _ = read_move_list(&text, None);
        let _ = read_sheet(&text, 1, None);
        let _ = read_brf(&text, letters, None);
        let _ = pgn::read(&text, 1);
    }

    #[test]
    fn readers_do_not_panic_on_chess_like_text(
        text in r"(([0-9]{1,3}\.{0,3} ?)?([KQRBNDTLSP♘]?[a-h]?[1-8]?[x:-]?[a-h][1-8](=?[QRBNDTLS])?[+#!?]{0,2}|0-0|O-O-O|\(=\)|e\.p\.|\{[^}]{0,10}\}|\(|\)|1-0|\*)( |\r\n|\n)){0,40}",
        letters in letters(),
    ) {
        let _ = read_move_list(&text, None);
        let _ = read_sheet(&text, 1, None);
        let _ = read_brf(&text.to_ascii_uppercase(), letters, None);
    }
}
