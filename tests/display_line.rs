//! The braille display line, from the table in `display/lines.jsonl`: for each game state
//! (moves, a sealed move, a draw offer, the result, the clocks), whose view, the letter set and
//! the display width, the exact BRF line and, where given, its Unicode cells (written out by
//! hand from the dot table of BRAILLE.md). Every line also keeps to its width, never holds a
//! part of a move, and its Unicode and dot forms are the same cells.
use rochade::clock::ClockReading;
use rochade::display::{clock_time, display_line, display_line_unicode, line_dots, side_letter};
use rochade::scoresheet::braille::unicode_to_brf;
use rochade::scoresheet::brf::{DRAW_OFFER, SEALED, move_token};
use rochade::scoresheet::{Headers, Letters, Record, SheetResult};
use serde::Deserialize;
use shakmaty::Color;
use shakmaty::san::San;

#[derive(Debug, Deserialize)]
struct Case {
    name: String,
    #[serde(default)]
    start_fen: Option<String>,
    moves: Vec<String>,
    #[serde(default)]
    sealed: Option<String>,
    #[serde(default)]
    draw_offer: bool,
    #[serde(default)]
    result: Option<String>,
    /// White's and Black's time, in milliseconds.
    #[serde(default)]
    clocks: Option<(u64, u64)>,
    #[serde(default)]
    untimed: bool,
    player: String,
    letters: String,
    width: usize,
    brf: String,
    #[serde(default)]
    unicode: Option<String>,
}

impl Case {
    fn record(&self) -> Record {
        let mut record = Record::new(Headers::default(), self.start_fen.clone()).unwrap();
        for san in &self.moves {
            record.push_san(san, None, None).unwrap();
        }
        if self.draw_offer {
            record.offer_draw().unwrap();
        }
        if let Some(san) = &self.sealed {
            let pos = record.position().unwrap();
            let m = San::from_ascii(san.as_bytes())
                .unwrap()
                .to_move(&pos)
                .unwrap();
            record.seal(m, None, None).unwrap();
        }
        if let Some(result) = &self.result {
            record.finish(SheetResult::from_pgn(result).unwrap(), "");
        }
        record
    }

    fn reading(&self) -> Option<ClockReading> {
        self.clocks.map(|(white_ms, black_ms)| ClockReading {
            white_ms,
            black_ms,
            running: None,
            paused: false,
            delay_left_ms: 0,
            untimed: self.untimed,
        })
    }

    fn player(&self) -> Color {
        match self.player.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => panic!("{}: player {other:?}", self.name),
        }
    }
}

fn cases() -> Vec<Case> {
    include_str!("display/lines.jsonl")
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn every_case_gives_its_line() {
    let cases = cases();
    assert!(cases.len() >= 20);
    for case in &cases {
        let record = case.record();
        let reading = case.reading();
        let letters: Letters = case.letters.parse().unwrap();
        let line = display_line(
            &record,
            reading.as_ref(),
            case.player(),
            letters,
            case.width,
        );
        assert_eq!(line, case.brf, "{}", case.name);
        let unicode = display_line_unicode(
            &record,
            reading.as_ref(),
            case.player(),
            letters,
            case.width,
        );
        if let Some(want) = &case.unicode {
            assert_eq!(&unicode, want, "{}", case.name);
        }
        // The Unicode line is the same cells: one a character, back to the same BRF.
        assert_eq!(unicode.chars().count(), line.len(), "{}", case.name);
        let blank_as_space = unicode.replace('\u{2800}', " ");
        assert_eq!(
            unicode_to_brf(&blank_as_space).as_deref(),
            Some(line.as_str()),
            "{}",
            case.name
        );
        // The dots for writeDots: the same from either form, padded to the width.
        let dots = line_dots(&line, case.width);
        assert_eq!(dots.len(), case.width, "{}", case.name);
        assert_eq!(dots, line_dots(&unicode, case.width), "{}", case.name);
    }
}

#[test]
fn a_line_is_made_of_whole_parts() {
    // At every width from 0 to 40 the line holds only whole parts (the move number, the move,
    // the draw offer, SEALED, the result, colour letters, times), never more cells than the
    // width, and the move number only in front of its move.
    for case in cases() {
        let record = case.record();
        let reading = case.reading();
        let letters: Letters = case.letters.parse().unwrap();
        let ply = record.ply_count();
        let last = (ply > 0).then(|| {
            let (positions, moves) = record.replay().unwrap();
            let token = move_token(&positions[ply - 1], moves[ply - 1], letters);
            let (number, _) = record.number_and_side(ply).unwrap();
            (number.to_string(), token)
        });
        let mut allowed: Vec<String> = vec![
            DRAW_OFFER.into(),
            SEALED.into(),
            record.result.pgn().into(),
            "W".into(),
            "B".into(),
            "S".into(),
        ];
        if let Some(reading) = &reading {
            allowed.push(clock_time(reading.white_ms));
            allowed.push(clock_time(reading.black_ms));
        }
        if let Some((number, token)) = &last {
            allowed.extend([number.clone(), token.clone(), format!("-{token}")]);
        }
        for width in 0..=40 {
            let line = display_line(&record, reading.as_ref(), case.player(), letters, width);
            assert!(line.len() <= width, "{} at {width}: {line:?}", case.name);
            let words: Vec<&str> = line.split(' ').filter(|w| !w.is_empty()).collect();
            for word in &words {
                assert!(
                    allowed.iter().any(|a| a == word),
                    "{} at {width}: {line:?} has {word:?}",
                    case.name
                );
            }
            if let Some((number, token)) = &last
                && words.first() == Some(&number.as_str())
            {
                let next = words.get(1).map(|w| w.trim_start_matches('-'));
                assert_eq!(next, Some(token.as_str()), "{} at {width}", case.name);
            }
        }
    }
}

#[test]
fn a_sealed_move_is_never_on_the_display() {
    for case in cases().iter().filter(|c| c.sealed.is_some()) {
        let record = case.record();
        let sealed = record.sealed.as_ref().unwrap();
        let pos = record.position().unwrap();
        let m = San::from_ascii(sealed.san.as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap();
        for letters in Letters::ALL {
            let token = move_token(&pos, m, letters);
            for width in [12, 20, 40, 80] {
                let line = display_line(
                    &record,
                    case.reading().as_ref(),
                    case.player(),
                    letters,
                    width,
                );
                assert!(
                    !line.split(' ').any(|word| word == token),
                    "{}: {line:?} shows the sealed move {token}",
                    case.name
                );
            }
        }
    }
}

#[test]
fn clock_times_and_side_letters() {
    for (ms, text) in [
        (0, "0:00"),
        (999, "0:00"),
        (1_000, "0:01"),
        (59_999, "0:59"),
        (60_000, "1:00"),
        (3_599_999, "59:59"),
        (3_600_000, "1:00:00"),
        (5_430_000, "1:30:30"),
        (36_000_000, "10:00:00"),
    ] {
        assert_eq!(clock_time(ms), text, "{ms} ms");
    }
    assert_eq!(side_letter(Color::White, Letters::De), 'W');
    assert_eq!(side_letter(Color::Black, Letters::De), 'S');
    assert_eq!(side_letter(Color::Black, Letters::Bauk), 'B');
    assert_eq!(side_letter(Color::Black, Letters::En), 'B');
}

#[test]
fn a_record_that_does_not_replay_shows_no_move() {
    let mut record = Record::default();
    record.push_san("e4", None, None).unwrap();
    // A hand-edited journal: the stored move is not legal.
    record.moves[0].uci = "e2e5".into();
    record.moves[0].san = "e5".into();
    let reading = ClockReading {
        white_ms: 60_000,
        black_ms: 60_000,
        running: None,
        paused: false,
        delay_left_ms: 0,
        untimed: false,
    };
    assert_eq!(
        display_line(&record, Some(&reading), Color::White, Letters::Bauk, 40),
        "W 1:00 B 1:00"
    );
}
