//! The braille scoresheet of real games: the six Kasparov–Deep Blue 1997 games (and the
//! Carlsen selection) as BRF in every letter set and several page sizes. Every page keeps to
//! its limits, only BRF characters appear, the Unicode braille is the same cells (checked
//! against the dot table of BRAILLE.md, written out here independently), and the BRF read back
//! into moves replays to the same final position as the PGN (replayed here with pgn-reader).
use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use rochade::scoresheet::brf::{BrailleOptions, read_brf, write_brf, write_unicode};
use rochade::scoresheet::{Letters, pgn};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

const KASPAROV: &str = include_str!("data/python-chess/kasparov-deep-blue-1997.pgn");
const CARLSEN: &str = include_str!("data/carlsen-selection.pgn");

/// Replays every game of a PGN with pgn-reader alone: (number of plies, final FEN).
struct FinalPositions;

impl Visitor for FinalPositions {
    type Tags = Option<Chess>;
    type Movetext = (Chess, usize);
    type Output = (usize, String);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }
    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let fen = Fen::from_ascii(value.as_bytes()).unwrap();
            *tags = Some(fen.into_position(CastlingMode::Standard).unwrap());
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), 0))
    }
    fn san(
        &mut self,
        (pos, plies): &mut Self::Movetext,
        san: SanPlus,
    ) -> ControlFlow<Self::Output> {
        let m = san.san.to_move(pos).unwrap();
        pos.play_unchecked(m);
        *plies += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, (pos, plies): Self::Movetext) -> Self::Output {
        (
            plies,
            Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
        )
    }
}

fn final_positions(text: &str) -> Vec<(usize, String)> {
    let mut reader = Reader::new(text.as_bytes());
    let mut out = Vec::new();
    while let Some(result) = reader.read_game(&mut FinalPositions).unwrap() {
        out.push(result);
    }
    out
}

/// The dot numbers of each BRF character, as the table in BRAILLE.md and
/// braille-and-clocks.md §1.5 gives them.
const DOTS: &[(char, &str)] = &[
    (' ', ""),
    ('!', "2346"),
    ('"', "5"),
    ('#', "3456"),
    ('$', "1246"),
    ('%', "146"),
    ('&', "12346"),
    ('\'', "3"),
    ('(', "12356"),
    (')', "23456"),
    ('*', "16"),
    ('+', "346"),
    (',', "6"),
    ('-', "36"),
    ('.', "46"),
    ('/', "34"),
    ('0', "356"),
    ('1', "2"),
    ('2', "23"),
    ('3', "25"),
    ('4', "256"),
    ('5', "26"),
    ('6', "235"),
    ('7', "2356"),
    ('8', "236"),
    ('9', "35"),
    (':', "156"),
    (';', "56"),
    ('<', "126"),
    ('=', "123456"),
    ('>', "345"),
    ('?', "1456"),
    ('@', "4"),
    ('A', "1"),
    ('B', "12"),
    ('C', "14"),
    ('D', "145"),
    ('E', "15"),
    ('F', "124"),
    ('G', "1245"),
    ('H', "125"),
    ('I', "24"),
    ('J', "245"),
    ('K', "13"),
    ('L', "123"),
    ('M', "134"),
    ('N', "1345"),
    ('O', "135"),
    ('P', "1234"),
    ('Q', "12345"),
    ('R', "1235"),
    ('S', "234"),
    ('T', "2345"),
    ('U', "136"),
    ('V', "1236"),
    ('W', "2456"),
    ('X', "1346"),
    ('Y', "13456"),
    ('Z', "1356"),
    ('[', "246"),
    ('\\', "1256"),
    (']', "12456"),
    ('^', "45"),
    ('_', "456"),
];

fn unicode_cell(c: char) -> char {
    if matches!(c, '\r' | '\n' | '\x0c') {
        return c;
    }
    let dots = DOTS
        .iter()
        .find(|(d, _)| *d == c)
        .unwrap_or_else(|| panic!("{c:?} is not BRF"))
        .1;
    let mask: u32 = dots
        .chars()
        .map(|d| 1 << (d.to_digit(10).unwrap() - 1))
        .sum();
    char::from_u32(0x2800 + mask).unwrap()
}

/// Page and line limits, characters, line ends and form feeds.
fn check_layout(brf: &str, options: &BrailleOptions, what: &str) {
    assert!(!brf.is_empty(), "{what}: empty");
    assert!(brf.ends_with("\r\n"), "{what}: must end with CR LF");
    assert!(
        !brf.ends_with('\x0c'),
        "{what}: form feed after the last page"
    );
    for c in brf.chars() {
        assert!(
            matches!(c, '\x20'..='\x5f' | '\r' | '\n' | '\x0c'),
            "{what}: {c:?} is not a BRF character"
        );
    }
    for (p, page) in brf.split('\x0c').enumerate() {
        assert!(
            page.ends_with("\r\n"),
            "{what}: page {p} does not end with CR LF"
        );
        let lines: Vec<&str> = page.strip_suffix("\r\n").unwrap().split("\r\n").collect();
        assert!(
            lines.len() <= options.lines,
            "{what}: page {p} has {} lines",
            lines.len()
        );
        for line in lines {
            assert!(
                !line.contains(['\r', '\n']),
                "{what}: a bare CR or LF in {line:?}"
            );
            assert!(
                line.len() <= options.width,
                "{what}: {line:?} is {} cells long",
                line.len()
            );
        }
    }
}

fn option_sets() -> Vec<BrailleOptions> {
    let mut out = Vec::new();
    for letters in Letters::ALL {
        for (width, lines) in [(40, 25), (28, 25), (18, 12)] {
            out.push(BrailleOptions {
                letters,
                width,
                lines,
                reveal_sealed: false,
                lang: rochade::lang::Lang::En,
            });
        }
    }
    out
}

#[test]
fn the_six_kasparov_games_as_brf_keep_the_limits_and_read_back() {
    let finals = final_positions(KASPAROV);
    assert_eq!(finals.len(), 6);
    for (game, (plies, fen)) in finals.iter().enumerate() {
        let record = pgn::read(KASPAROV, game + 1).unwrap();
        for options in option_sets() {
            let what = format!(
                "game {} {} {}x{}",
                game + 1,
                options.letters,
                options.width,
                options.lines
            );
            let brf = write_brf(&record, &options).unwrap();
            check_layout(&brf, &options, &what);
            let back = read_brf(&brf, options.letters, None).unwrap();
            assert_eq!(back.moves.len(), *plies, "{what}");
            let back_fen =
                Fen::from_position(&back.final_position, EnPassantMode::Legal).to_string();
            assert_eq!(&back_fen, fen, "{what}");
            assert_eq!(back.result, Some(record.result), "{what}");
        }
    }
}

#[test]
fn the_default_page_has_a_heading_one_pair_a_line_and_the_result() {
    let record = pgn::read(KASPAROV, 6).unwrap();
    let english = BrailleOptions {
        lang: rochade::lang::Lang::En,
        ..BrailleOptions::default()
    };
    let brf = write_brf(&record, &english).unwrap();
    let lines: Vec<&str> = brf.split("\r\n").collect();
    assert_eq!(lines[0], "DEEP BLUE \"<COMPUTER\"> V GARRY KASPAROV");
    assert_eq!(lines[1], "IBM MAN-MACHINE1 NEW YORK USA1 #AIIG");
    assert_eq!(lines[2], "1 E4 C6");
    assert_eq!(lines[4], "3 SC3 D;E4");
    assert_eq!(lines[20], "19 C4");
    assert_eq!(lines[21], "1-0");
}

#[test]
fn unicode_braille_is_the_same_cells_as_the_brf() {
    for game in 1..=6 {
        let record = pgn::read(KASPAROV, game).unwrap();
        for options in option_sets() {
            let brf = write_brf(&record, &options).unwrap();
            let unicode = write_unicode(&record, &options).unwrap();
            let mapped: String = brf.chars().map(unicode_cell).collect();
            assert_eq!(unicode, mapped, "game {game} {}", options.letters);
            let back = read_brf(&unicode, options.letters, None).unwrap();
            assert_eq!(back.moves.len(), record.moves.len());
        }
    }
}

#[test]
fn the_carlsen_selection_reads_back_in_every_letter_set() {
    let finals = final_positions(CARLSEN);
    assert_eq!(finals.len(), 400);
    for (game, (plies, fen)) in finals.iter().enumerate() {
        let record = pgn::read(CARLSEN, game + 1).unwrap();
        for letters in Letters::ALL {
            let options = BrailleOptions {
                letters,
                ..BrailleOptions::default()
            };
            let brf = write_brf(&record, &options).unwrap();
            check_layout(&brf, &options, &format!("game {}", game + 1));
            let back = read_brf(&brf, letters, None)
                .unwrap_or_else(|e| panic!("game {} {letters}: {e}\n{brf}", game + 1));
            assert_eq!(back.moves.len(), *plies);
            assert_eq!(
                &Fen::from_position(&back.final_position, EnPassantMode::Legal).to_string(),
                fen,
                "game {} {letters}",
                game + 1
            );
        }
    }
}

/// The six BRF files kept in `tests/scoresheet/` are what the renderer writes now (set
/// `ROCHADE_BLESS=1` to rewrite them after an intended change).
#[test]
fn the_kept_brf_files_are_current() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scoresheet");
    for game in 1..=6 {
        let record = pgn::read(KASPAROV, game).unwrap();
        // The kept files are English sheets.
        let english = BrailleOptions {
            lang: rochade::lang::Lang::En,
            ..BrailleOptions::default()
        };
        let brf = write_brf(&record, &english).unwrap();
        let path = dir.join(format!("kasparov-deep-blue-1997-game{game}.brf"));
        if std::env::var_os("ROCHADE_BLESS").is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &brf).unwrap();
        }
        let kept = std::fs::read_to_string(&path).unwrap();
        assert_eq!(kept, brf, "{} is out of date", path.display());
    }
}
