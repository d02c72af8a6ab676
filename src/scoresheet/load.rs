//! Loading a scoresheet file whatever its format: the one place that tells a PGN, a braille
//! scoresheet (BRF or Unicode braille) and a plain move list apart, and reads each with its
//! own module ([`super::pgn`], [`super::brf`], [`super::movelist`]), so that none of those
//! needs to know the others.
//!
//! ```
//! use rochade::scoresheet::load::read_sheet;
//!
//! let sheet = read_sheet("1 E4 E5\r\n2 SF3 SC6\r\n", 1, None).unwrap();
//! assert_eq!(sheet.moves[2].san, "Nf3");
//! ```
use shakmaty::Position;

use super::braille::Letters;
use super::brf::{ReadBack, looks_like_braille, read_brf_partial};
use super::movelist::{Sheet, SheetMove, SheetProblem, read_move_list, side_word, split_pgn_games};
use super::pgn::looks_like_pgn;
use super::record::{RecordError, number_and_side, san_and_uci};

/// Why a sheet file could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetReadError {
    #[error("there is no game {wanted} in the PGN; it has {found}")]
    NoSuchGame { wanted: usize, found: usize },
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// Reads a scoresheet file as people write it: a PGN (game `game`, counted from 1; detected
/// by its tags; the movetext read as leniently as a move list, so German letters work too), a
/// braille scoresheet (BRF or Unicode braille, in whichever letter set reads furthest), or a
/// plain move list from `start_fen`.
pub fn read_sheet(
    text: &str,
    game: usize,
    start_fen: Option<&str>,
) -> Result<Sheet, SheetReadError> {
    if looks_like_braille(text) {
        return read_braille_sheet(text, None, start_fen);
    }
    if looks_like_pgn(text) {
        let games = split_pgn_games(text);
        let wanted = game.max(1);
        let chosen = games.get(wanted - 1).ok_or(SheetReadError::NoSuchGame {
            wanted,
            found: games.len(),
        })?;
        let fen = chosen.tag("FEN").or(start_fen);
        return Ok(read_move_list(&chosen.movetext, fen)?);
    }
    Ok(read_move_list(text, start_fen)?)
}

/// Reads a braille scoresheet (BRF or Unicode braille) as a sheet, with the given letter set
/// or, when `None`, the one of bauk, de and en that reads the most moves.
pub fn read_braille_sheet(
    text: &str,
    letters: Option<Letters>,
    start_fen: Option<&str>,
) -> Result<Sheet, SheetReadError> {
    let sets: Vec<Letters> = match letters {
        Some(set) => vec![set],
        None => Letters::ALL.to_vec(),
    };
    let mut best: Option<ReadBack> = None;
    for set in sets {
        let back = read_brf_partial(text, set, start_fen).map_err(|e| {
            SheetReadError::Record(RecordError::BadStartPosition {
                fen: start_fen.unwrap_or_default().to_string(),
                reason: e.to_string(),
            })
        })?;
        if best
            .as_ref()
            .is_none_or(|b| back.moves.len() > b.moves.len())
        {
            best = Some(back);
        }
    }
    let Some(back) = best else {
        return Ok(read_move_list("", start_fen)?);
    };
    let mut pos = back.start.clone();
    let mut moves = Vec::with_capacity(back.moves.len());
    for (index, (m, written)) in back.moves.iter().zip(&back.written).enumerate() {
        let (san, uci) = san_and_uci(&pos, *m);
        pos.play_unchecked(*m);
        moves.push(SheetMove {
            written: written.clone(),
            san,
            uci,
            draw_offered: back.draw_offers.contains(&(index + 1)),
        });
    }
    let (number, side) = number_and_side(
        back.start.fullmoves().get(),
        back.start.turn(),
        moves.len() + 1,
    );
    let problem = back.problem.map(|p| SheetProblem::Braille {
        number,
        side: side_word(side),
        token: p.token,
        line: p.line,
        reason: p.reason,
    });
    Ok(Sheet {
        start: back.start,
        moves,
        result: back.result,
        problem,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_games_are_split_and_read_leniently() {
        let text = "[Event \"a\"]\n[White \"x\"]\n\n1. e4 {\n[not a tag]} e5 1-0\n\n[Event \"b\"]\n\n1. d4 Sf6 *\n";
        let games = split_pgn_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("White"), Some("x"));
        let sheet = read_sheet(text, 2, None).unwrap();
        assert_eq!(sheet.moves[1].san, "Nf6");
        assert!(matches!(
            read_sheet(text, 3, None),
            Err(SheetReadError::NoSuchGame {
                wanted: 3,
                found: 2
            })
        ));
    }

    #[test]
    fn a_braille_sheet_is_read_in_the_letter_set_that_fits() {
        let sheet = read_sheet("1 E4 E5\r\n2 SF3 SC6\r\n3 LB5 A6\r\n", 1, None).unwrap();
        let sans: Vec<&str> = sheet.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(sheet.moves[2].written, "SF3");
        let german = read_sheet("1 D4 D5\r\n2 DD3 SF6\r\n", 1, None).unwrap();
        assert!(german.problem.is_none());
        assert_eq!(german.moves[2].san, "Qd3");
        let bad = read_sheet("1 E4 E5\r\n2 SF3 SF7\r\n", 1, None).unwrap();
        assert_eq!(bad.moves.len(), 3);
        assert_eq!(
            bad.problem.unwrap().to_string(),
            "Black's move 2, \"SF7\" (braille line 2): no legal move fits it"
        );
    }
}
