//! The braille scoresheet (docs: BRAILLE.md), as BRF and as Unicode braille, and reading a
//! BRF scoresheet back into moves.
//!
//! Layout: a heading (players, event, date) wrapped at word boundaries; then one move pair a
//! line, `12 SF3 SC6`: the move number in lower-cell digits without full stop, a space, the
//! moves; a move is never split over two lines, and when a pair does not fit the width Black's
//! move goes on its own line with the ⠤ marker, `12 -SC6`; claims on their own lines after the
//! move they follow; the result last. Pages of at most `lines` lines of at most `width` cells,
//! CR LF line ends, one form feed between pages and none after the last.
//!
//! Moves: the piece letter of the chosen set, the departure file or rank when SAN needs it,
//! then ⠰ (capture), ⠘ (check) or ⠸ (capture with check) before the destination square, the
//! destination with a lower-cell rank, the promotion piece after the square (*house style*),
//! ⠜⠍ after a mating move. Castling is `O-O` / `O-O-O` with ⠘ after it for check (*house
//! style*). With the `de` or `en` letters a piece letter can also be a file (`D`, `B`), so a
//! piece move that could be read as a pawn capture is written with its whole departure square;
//! the reader takes a pawn capture when both readings are legal. A draw offer is the print
//! `(=)` in UEB, ⠐⠣⠐⠶⠐⠜, after the move (*house style*); the result is in lower-cell digits,
//! `1-0`, `0-1`, `1/2-1/2` (*house style*). A sealed move shows as the word `SEALED` in its
//! place (`ABGEGEBEN` on a German sheet), or after the move when revealed for the envelope.
//! The heading's, the claims' and the sealed move's words are in the sheet's language
//! ([`BrailleOptions::lang`], from [`super::labels`]); reading accepts every language's. The
//! transcription is for the Latin script (BRF is ASCII braille; the chess notation is the same
//! in every country): a sheet in Arabic or Hebrew has the English words ([`words_lang`]), and
//! a player's name with no Latin letter is written "?".
//!
//! ```
//! use rochade::scoresheet::{brf, Record};
//!
//! let mut record = Record::default();
//! for san in ["e4", "e5", "Nf3", "Nc6", "d4", "exd4"] {
//!     record.push_san(san, None, None)?;
//! }
//! let text = brf::write_brf(&record, &brf::BrailleOptions::default()).unwrap();
//! assert_eq!(text, "1 E4 E5\r\n2 SF3 SC6\r\n3 D4 E;D4\r\n");
//! let back = brf::read_brf(&text, Default::default(), None).unwrap();
//! assert_eq!(back.sans, ["e4", "e5", "Nf3", "Nc6", "d4", "exd4"]);
//! # Ok::<(), rochade::scoresheet::RecordError>(())
//! ```
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square};

use crate::lang::Lang;

use super::braille::{Letters, brf_to_unicode, literary, unicode_to_brf};
use super::labels::Labels;
use super::movelist::{Mismatch, Written, resolve};
use super::record::{
    Record, RecordError, SheetResult, number_and_side, position_from_fen, san_and_uci,
};

/// The draw offer "(=)" in UEB print symbols: ⠐⠣ ⠐⠶ ⠐⠜.
pub const DRAW_OFFER: &str = "\"<\"7\">";
/// The word standing for a sealed move on the braille display, and on an English sheet.
pub const SEALED: &str = "SEALED";

/// The language of a braille sheet's words for a sheet in `lang`: its own, or English for a
/// language whose script the transcription does not have (ar, he).
pub fn words_lang(lang: Lang) -> Lang {
    if lang.right_to_left() { Lang::En } else { lang }
}

/// The word standing for a sealed move on a sheet in `lang`, transcribed: "SEALED",
/// "ABGEGEBEN".
pub fn sealed_token(lang: Lang) -> String {
    literary(&Labels::new(words_lang(lang)).get("sheet-sealed"))
}

/// Whether a token is the sealed-move word of any built-in language.
fn is_sealed_token(token: &str) -> bool {
    token == SEALED || Lang::ALL.iter().any(|&l| sealed_token(l) == token)
}

/// How the braille scoresheet is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BrailleOptions {
    pub letters: Letters,
    /// The language of the heading's, the claims' and the sealed move's words.
    pub lang: Lang,
    /// Cells a line, at most.
    pub width: usize,
    /// Lines a page, at most.
    pub lines: usize,
    /// Show the sealed move (the copy for the envelope).
    pub reveal_sealed: bool,
}

impl Default for BrailleOptions {
    fn default() -> Self {
        BrailleOptions {
            letters: Letters::Bauk,
            lang: Lang::default(),
            width: 40,
            lines: 25,
            reveal_sealed: false,
        }
    }
}

/// What can go wrong laying out the braille scoresheet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BrailleError {
    #[error(
        "a line of {width} cells is too short for {text:?} ({needed} cells); choose a width of at least {needed}"
    )]
    WidthTooSmall {
        width: usize,
        needed: usize,
        text: String,
    },
    #[error("a page needs at least one line")]
    NoLines,
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// The braille form (BRF) of a legal move in a position.
pub fn move_token(pos: &Chess, m: Move, letters: Letters) -> String {
    let plain = token_with(pos, m, letters, false);
    if reads_back_as(pos, &plain, letters, m) {
        return plain;
    }
    token_with(pos, m, letters, true)
}

fn reads_back_as(pos: &Chess, token: &str, letters: Letters, m: Move) -> bool {
    token_readings(token, letters)
        .is_some_and(|readings| resolve_brf(pos, &readings).ok() == Some(m))
}

fn token_with(pos: &Chess, m: Move, letters: Letters, full_from: bool) -> String {
    let san_plus = SanPlus::from_move(pos.clone(), m);
    let mate = san_plus.suffix == Some(Suffix::Checkmate);
    let check = san_plus.suffix == Some(Suffix::Check);
    let mut token = String::new();
    match san_plus.san {
        San::Castle(side) => {
            token.push_str(match side {
                CastlingSide::KingSide => "O-O",
                CastlingSide::QueenSide => "O-O-O",
            });
            if check {
                token.push('^');
            }
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let (file, rank) = match (full_from && role != Role::Pawn, m.from()) {
                (true, Some(from)) => (Some(from.file()), Some(from.rank())),
                _ => (file, rank),
            };
            token.extend(letters.letter(role));
            token.extend(file.map(File::upper_char));
            token.extend(rank.map(Rank::char));
            match (capture, check) {
                (true, true) => token.push('_'),
                (true, false) => token.push(';'),
                (false, true) => token.push('^'),
                (false, false) => {}
            }
            token.push(to.file().upper_char());
            token.push(to.rank().char());
            token.extend(promotion.and_then(|p| letters.letter(p)));
        }
        // Drops and null moves do not occur in standard chess.
        San::Put { .. } | San::Null => token.push_str(&san_plus.to_string().to_ascii_uppercase()),
    }
    if mate {
        token.push_str(">M");
    }
    token
}

/// The possible readings of one braille move token (without the ⠤ marker), pawn reading
/// first; `None` when it is not a move.
pub fn token_readings(token: &str, letters: Letters) -> Option<Vec<Written>> {
    let token = token.trim().to_ascii_uppercase();
    let token = token.strip_suffix(">M").unwrap_or(&token);
    let base = token.strip_suffix('^').unwrap_or(token);
    match base {
        "O-O" | "0-0" => return Some(vec![Written::Castle(CastlingSide::KingSide)]),
        "O-O-O" | "0-0-0" => return Some(vec![Written::Castle(CastlingSide::QueenSide)]),
        _ => {}
    }
    let mut chars: Vec<char> = token.chars().collect();
    let mut promotion = None;
    if chars.len() >= 3
        && chars.last().is_some_and(char::is_ascii_alphabetic)
        && chars.get(chars.len() - 2).is_some_and(char::is_ascii_digit)
    {
        let letter = chars.pop()?;
        promotion = Some(letters.role(letter).filter(|r| *r != Role::King)?);
    }
    let rank = Rank::from_char(chars.pop()?)?;
    let file = File::from_char(chars.pop()?.to_ascii_lowercase())?;
    let to = Square::from_coords(file, rank);
    let capture = match chars.last() {
        Some(';' | '_') => {
            chars.pop();
            true
        }
        Some('^') => {
            chars.pop();
            false
        }
        _ => false,
    };
    let mut readings = Vec::new();
    // A pawn: no prefix, or the departure file of a capture.
    match chars.as_slice() {
        [] => readings.push(pawn(None, capture, to, promotion)),
        [f] if capture => {
            if let Some(from_file) = File::from_char(f.to_ascii_lowercase()) {
                readings.push(pawn(Some(from_file), capture, to, promotion));
            }
        }
        _ => {}
    }
    // A piece: its letter, then the departure file and/or rank.
    if let Some((&letter, rest)) = chars.split_first()
        && let Some(role) = letters.role(letter)
    {
        let mut rest = rest.iter();
        let mut from_file = None;
        let mut from_rank = None;
        let mut next = rest.next();
        if let Some(f) = next.and_then(|c| File::from_char(c.to_ascii_lowercase())) {
            from_file = Some(f);
            next = rest.next();
        }
        if let Some(r) = next.and_then(|c| Rank::from_char(*c)) {
            from_rank = Some(r);
            next = rest.next();
        }
        if next.is_none() && promotion.is_none() {
            readings.push(Written::Move {
                role: Some(role),
                from_file,
                from_rank,
                capture,
                to,
                promotion: None,
            });
        }
    }
    (!readings.is_empty()).then_some(readings)
}

fn pawn(from_file: Option<File>, capture: bool, to: Square, promotion: Option<Role>) -> Written {
    Written::Move {
        role: Some(Role::Pawn),
        from_file,
        from_rank: None,
        capture,
        to,
        promotion,
    }
}

/// Like [`resolve`], but when both a pawn reading and a piece reading fit, the pawn wins (the
/// writer gives a piece move its whole departure square in that case).
fn resolve_brf(pos: &Chess, readings: &[Written]) -> Result<Move, Mismatch> {
    for reading in readings {
        match resolve(pos, std::slice::from_ref(reading)) {
            Err(Mismatch::NoLegalMove) => continue,
            other => return other,
        }
    }
    Err(Mismatch::NoLegalMove)
}

/// A PGN date `1997.??.??` for people: unknown parts left out.
fn date_words(date: &str) -> String {
    date.split('.')
        .filter(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join(".")
}

/// Wraps print words, each transcribed, into lines of at most `width` cells; a word longer
/// than a line is cut.
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace().map(literary) {
        if word.is_empty() {
            continue;
        }
        let mut word = word.as_str();
        while word.len() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let (head, tail) = word.split_at(width);
            lines.push(head.to_string());
            word = tail;
        }
        if word.is_empty() {
            continue;
        }
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn heading(record: &Record, width: usize, words: &Labels) -> Vec<String> {
    let h = &record.headers;
    let mut lines = Vec::new();
    if !h.white.trim().is_empty() || !h.black.trim().is_empty() {
        let name = |n: &str| {
            if literary(n).trim().is_empty() {
                "?".to_string()
            } else {
                n.trim().to_string()
            }
        };
        lines.extend(wrap_words(
            &words.versus(&name(&h.white), &name(&h.black)),
            width,
        ));
    }
    let event_date: Vec<String> = [h.event.trim().to_string(), date_words(&h.date)]
        .into_iter()
        .filter(|s| !s.is_empty() && s != "?")
        .collect();
    if !event_date.is_empty() {
        lines.extend(wrap_words(&event_date.join(", "), width));
    }
    lines
}

/// One ply's place on the sheet.
struct Slot {
    number: u32,
    color: Color,
    ply: usize,
    text: String,
}

/// The braille scoresheet as BRF lines, before pagination.
pub fn lines(record: &Record, options: &BrailleOptions) -> Result<Vec<String>, BrailleError> {
    let width = options.width;
    if width == 0 {
        return Err(BrailleError::WidthTooSmall {
            width,
            needed: 1,
            text: String::new(),
        });
    }
    let (positions, moves) = record.replay()?;
    let start = positions.first().cloned().unwrap_or_default();
    let (first_number, first_mover) = (start.fullmoves().get(), start.turn());
    let mut slots = Vec::new();
    for (index, (m, entry)) in moves.iter().zip(&record.moves).enumerate() {
        let pos = positions.get(index).cloned().unwrap_or_default();
        let ply = index + 1;
        let (number, color) = number_and_side(first_number, first_mover, ply);
        let mut text = move_token(&pos, *m, options.letters);
        if entry.draw_offered {
            text.push(' ');
            text.push_str(DRAW_OFFER);
        }
        slots.push(Slot {
            number,
            color,
            ply,
            text,
        });
    }
    let words = Labels::new(words_lang(options.lang));
    let sealed = sealed_token(options.lang);
    if let Some(sealed_move) = &record.sealed {
        let ply = moves.len() + 1;
        let (number, color) = number_and_side(first_number, first_mover, ply);
        let pos = positions.last().cloned().unwrap_or_default();
        let revealed = san_and_uci_move(&pos, &sealed_move.uci)
            .filter(|_| options.reveal_sealed)
            .map(|m| format!("{} {sealed}", move_token(&pos, m, options.letters)));
        slots.push(Slot {
            number,
            color,
            ply,
            text: revealed.unwrap_or_else(|| sealed.clone()),
        });
    }

    let mut out = heading(record, width, &words);
    let claim_lines = |after_ply: usize| -> Vec<String> {
        record
            .claims
            .iter()
            .filter(|c| c.after_ply == after_ply)
            .flat_map(|c| {
                // The intended move is written as a braille move token after the words, so
                // the words end where the catalog puts the move.
                let text = words.claim(c, c.intended_move.as_ref().map(|_| ""));
                let mut lines = wrap_words(text.trim_end(), width);
                let intended = c.intended_move.as_deref().and_then(|san| {
                    let pos = positions.get(after_ply)?;
                    let parsed = San::from_ascii(san.as_bytes()).ok()?;
                    Some(move_token(pos, parsed.to_move(pos).ok()?, options.letters))
                });
                if let Some(token) = intended {
                    match lines.last_mut() {
                        Some(last) if last.len() + 1 + token.len() <= width => {
                            last.push(' ');
                            last.push_str(&token);
                        }
                        _ => lines.push(token),
                    }
                }
                lines
            })
            .collect()
    };
    out.extend(claim_lines(0));
    let fits = |line: String| -> Result<String, BrailleError> {
        if line.len() > width {
            return Err(BrailleError::WidthTooSmall {
                width,
                needed: line.len(),
                text: line,
            });
        }
        Ok(line)
    };
    let mut index = 0;
    while let Some(slot) = slots.get(index) {
        index += 1;
        let mut last_ply = slot.ply;
        if slot.color == Color::Black {
            out.push(fits(format!("{} -{}", slot.number, slot.text))?);
        } else {
            let pair = slots
                .get(index)
                .filter(|next| next.color == Color::Black && next.number == slot.number);
            let white_line = format!("{} {}", slot.number, slot.text);
            match pair {
                Some(black) => {
                    index += 1;
                    last_ply = black.ply;
                    let both = format!("{white_line} {}", black.text);
                    // Claims made between the two moves belong after White's.
                    let between = claim_lines(slot.ply);
                    if both.len() <= width && between.is_empty() {
                        out.push(both);
                    } else {
                        out.push(fits(white_line)?);
                        out.extend(between);
                        out.push(fits(format!("{} -{}", black.number, black.text))?);
                    }
                }
                None => out.push(fits(white_line)?),
            }
        }
        out.extend(claim_lines(last_ply));
    }
    if record.result != SheetResult::Ongoing {
        out.push(fits(record.result.pgn().to_string())?);
        if let Some(reason) = &record.result_reason {
            out.extend(wrap_words(reason, width));
        }
    }
    Ok(out)
}

fn san_and_uci_move(pos: &Chess, uci: &str) -> Option<Move> {
    let parsed: shakmaty::uci::UciMove = uci.parse().ok()?;
    parsed.to_move(pos).ok()
}

/// Lines into pages: CR LF after every line, a form feed between pages.
pub fn paginate(lines: &[String], per_page: usize) -> String {
    lines
        .chunks(per_page.max(1))
        .map(|page| {
            page.iter()
                .map(|line| format!("{line}\r\n"))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\x0c")
}

/// The braille scoresheet as BRF.
pub fn write_brf(record: &Record, options: &BrailleOptions) -> Result<String, BrailleError> {
    if options.lines == 0 {
        return Err(BrailleError::NoLines);
    }
    Ok(paginate(&lines(record, options)?, options.lines))
}

/// The braille scoresheet in Unicode braille: the same cells, lines and pages as the BRF.
pub fn write_unicode(record: &Record, options: &BrailleOptions) -> Result<String, BrailleError> {
    Ok(brf_to_unicode(&write_brf(record, options)?))
}

/// A braille scoresheet read back.
#[derive(Debug, Clone)]
pub struct ReadBack {
    pub start: Chess,
    pub moves: Vec<Move>,
    /// The moves in SAN with English letters.
    pub sans: Vec<String>,
    /// The moves as the sheet writes them (BRF).
    pub written: Vec<String>,
    /// The plies (from 1) after which a draw was offered.
    pub draw_offers: Vec<usize>,
    pub final_position: Chess,
    pub result: Option<SheetResult>,
    /// `Some(None)`: a move was sealed, not shown; `Some(Some(san))`: sealed and revealed.
    pub sealed: Option<Option<String>>,
    /// Where and why reading stopped early, if it did.
    pub problem: Option<BrfReadError>,
}

/// Why a braille scoresheet could not be read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, {token:?}: {reason}")]
pub struct BrfReadError {
    pub line: usize,
    pub token: String,
    pub reason: String,
}

/// Whether a text looks like a braille scoresheet: Unicode braille cells, or BRF (no
/// lower-case letters, and a line that starts with a move number and a space).
pub fn looks_like_braille(text: &str) -> bool {
    if text.chars().any(|c| ('\u{2800}'..='\u{28ff}').contains(&c)) {
        return true;
    }
    !text.chars().any(|c| c.is_ascii_lowercase())
        && text.lines().any(|line| {
            let digits = line.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && line.get(digits..).is_some_and(|rest| rest.starts_with(' '))
        })
}

/// Reads a BRF (or Unicode braille) scoresheet written with `letters` back into moves,
/// checking each against the position (and its move number and side).
pub fn read_brf(
    text: &str,
    letters: Letters,
    start_fen: Option<&str>,
) -> Result<ReadBack, BrfReadError> {
    let back = read_brf_partial(text, letters, start_fen)?;
    match back.problem {
        Some(problem) => Err(problem),
        None => Ok(back),
    }
}

/// Like [`read_brf`], but keeps the moves read before a bad one and says in `problem` where
/// it stopped; fails only when the text is not braille or the start position is bad.
pub fn read_brf_partial(
    text: &str,
    letters: Letters,
    start_fen: Option<&str>,
) -> Result<ReadBack, BrfReadError> {
    let converted;
    let text = if text.chars().any(|c| ('\u{2800}'..='\u{28ff}').contains(&c)) {
        converted = unicode_to_brf(text).ok_or_else(|| BrfReadError {
            line: 0,
            token: String::new(),
            reason: "not six-dot braille".into(),
        })?;
        converted.as_str()
    } else {
        text
    };
    let start = match start_fen {
        Some(fen) => position_from_fen(fen).map_err(|e| BrfReadError {
            line: 0,
            token: fen.to_string(),
            reason: e.to_string(),
        })?,
        None => Chess::default(),
    };
    let mut back = ReadBack {
        start: start.clone(),
        moves: Vec::new(),
        sans: Vec::new(),
        written: Vec::new(),
        draw_offers: Vec::new(),
        final_position: start.clone(),
        result: None,
        sealed: None,
        problem: None,
    };
    let mut pos = start;
    for (line_index, line) in text.split(['\n', '\x0c']).enumerate() {
        if let Err(problem) = read_line(line, line_index + 1, letters, &mut pos, &mut back) {
            back.problem = Some(problem);
            break;
        }
    }
    back.final_position = pos;
    Ok(back)
}

fn read_line(
    line: &str,
    line_number: usize,
    letters: Letters,
    pos: &mut Chess,
    back: &mut ReadBack,
) -> Result<(), BrfReadError> {
    let tokens: Vec<&str> = line.split([' ', '\r']).filter(|t| !t.is_empty()).collect();
    let fail = |token: &str, reason: String| BrfReadError {
        line: line_number,
        token: token.to_string(),
        reason,
    };
    let Some((&first, rest)) = tokens.split_first() else {
        return Ok(());
    };
    if let Some(result) = SheetResult::from_pgn(first).filter(|_| rest.is_empty()) {
        back.result = Some(result);
        return Ok(());
    }
    if !first.chars().all(|c| c.is_ascii_digit()) || rest.is_empty() {
        return Ok(()); // heading, claim or reason words
    }
    let number: u32 = first
        .parse()
        .map_err(|_| fail(first, "not a move number".into()))?;
    let mut i = 0;
    while let Some(&token) = rest.get(i) {
        i += 1;
        if token == DRAW_OFFER {
            back.draw_offers.push(back.moves.len());
            continue;
        }
        if is_sealed_token(token) {
            back.sealed = Some(None);
            continue;
        }
        let (black_marker, body) = match token.strip_prefix('-') {
            Some(body) => (true, body),
            None => (false, token),
        };
        if number != pos.fullmoves().get() {
            return Err(fail(
                token,
                format!(
                    "move number {number} where move {} was expected",
                    pos.fullmoves()
                ),
            ));
        }
        if black_marker && pos.turn() != Color::Black {
            return Err(fail(
                token,
                "marked as Black's move, but White is to move".into(),
            ));
        }
        let readings =
            token_readings(body, letters).ok_or_else(|| fail(token, "not a move".into()))?;
        let m = resolve_brf(pos, &readings).map_err(|e| {
            fail(
                token,
                match e {
                    Mismatch::NoLegalMove => "no legal move fits it".into(),
                    Mismatch::Ambiguous => "more than one legal move fits it".into(),
                },
            )
        })?;
        let (san, _) = san_and_uci(pos, m);
        if rest.get(i).is_some_and(|t| is_sealed_token(t)) {
            i += 1;
            back.sealed = Some(Some(san));
            continue;
        }
        pos.play_unchecked(m);
        back.moves.push(m);
        back.sans.push(san);
        back.written.push(token.to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoresheet::record::{ClaimKind, ClaimOutcome, Headers, Side};

    fn token(fen: &str, san: &str, letters: Letters) -> String {
        let pos = position_from_fen(fen).unwrap();
        let m = San::from_ascii(san.as_bytes())
            .unwrap()
            .to_move(&pos)
            .unwrap();
        move_token(&pos, m, letters)
    }

    #[test]
    fn signs_before_the_destination_and_mate_after() {
        // Position after 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6: Qxf7 is mate.
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
        assert_eq!(token(fen, "Qxf7#", Letters::Bauk), "Q;F7>M");
        assert_eq!(token(fen, "Bxf7+", Letters::Bauk), "L_F7");
        assert_eq!(token(fen, "Bxf7+", Letters::De), "L_F7");
        assert_eq!(token(fen, "Bxf7+", Letters::En), "B_F7");
        assert_eq!(token(fen, "Qxf7#", Letters::De), "D;F7>M");
    }

    #[test]
    fn promotion_castling_and_disambiguation() {
        assert_eq!(
            token("8/4P3/8/8/k7/8/8/7K w - - 0 1", "e8=Q+", Letters::Bauk),
            "^E8Q"
        );
        assert_eq!(
            token("8/4P3/8/8/8/8/k7/7K w - - 0 1", "e8=N", Letters::De),
            "E8S"
        );
        assert_eq!(
            token("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O+", Letters::Bauk),
            "O-O^"
        );
        assert_eq!(
            token("4k3/8/8/8/8/8/8/4N1NK w - - 0 1", "Nef3", Letters::Bauk),
            "SEF3"
        );
    }

    #[test]
    fn a_piece_letter_that_is_also_a_file_gets_the_departure_square() {
        // de: D is the queen and the d-file. Both Qxe5 and dxe5 are legal.
        let fen = "4k3/8/8/4p3/3P4/8/7Q/4K3 w - - 0 1";
        let queen = token(fen, "Qxe5+", Letters::De);
        let pawn = token(fen, "dxe5", Letters::De);
        assert_eq!(pawn, "D;E5");
        assert_eq!(queen, "DH2_E5");
        // bauk has no such letter.
        assert_eq!(token(fen, "Qxe5+", Letters::Bauk), "Q_E5");
    }

    #[test]
    fn narrow_width_puts_black_on_its_own_line() {
        let mut record = Record::default();
        for san in ["e4", "e5", "Nf3", "Nc6"] {
            record.push_san(san, None, None).unwrap();
        }
        let options = BrailleOptions {
            width: 7,
            ..BrailleOptions::default()
        };
        assert_eq!(
            lines(&record, &options).unwrap(),
            ["1 E4 E5", "2 SF3", "2 -SC6"]
        );
        let too_narrow = BrailleOptions {
            width: 4,
            ..BrailleOptions::default()
        };
        assert!(matches!(
            lines(&record, &too_narrow),
            Err(BrailleError::WidthTooSmall { needed: 5, .. })
        ));
    }

    #[test]
    fn heading_draw_offer_claim_result_and_pages() {
        let mut record = Record::new(
            Headers {
                white: "Garry Kasparov".into(),
                black: "Deep Blue (Computer)".into(),
                event: "IBM Man-Machine, New York USA".into(),
                date: "1997.05.11".into(),
                ..Headers::default()
            },
            None,
        )
        .unwrap();
        record.push_san("d4", None, None).unwrap();
        record.offer_draw().unwrap();
        record
            .add_claim(
                ClaimKind::FiftyMoves,
                Side::Black,
                None,
                ClaimOutcome::Rejected,
                None,
            )
            .unwrap();
        record.push_san("d5", None, None).unwrap();
        record.finish(SheetResult::Draw, "draw agreed");
        let options = BrailleOptions {
            width: 20,
            lines: 4,
            lang: Lang::En,
            ..BrailleOptions::default()
        };
        let text = write_brf(&record, &options).unwrap();
        let pages: Vec<&str> = text.split('\x0c').collect();
        assert_eq!(
            pages,
            [
                "GARRY KASPAROV V\r\nDEEP BLUE\r\n\"<COMPUTER\">\r\nIBM MAN-MACHINE1 NEW\r\n",
                "YORK USA1\r\n#AIIG4JE4AA\r\n1 D4 \"<\"7\">\r\nCLAIM BY BLACK3\r\n",
                "FIFTY-MOVE RULE1\r\nREJECTED\r\n1 -D5\r\n1/2-1/2\r\n",
                "DRAW AGREED\r\n",
            ]
        );
        let back = read_brf(&text, Letters::Bauk, None).unwrap();
        assert_eq!(back.sans, ["d4", "d5"]);
        assert_eq!(back.draw_offers, [1]);
        assert_eq!(back.result, Some(SheetResult::Draw));
    }

    #[test]
    fn sealed_move_hidden_or_revealed() {
        let mut record = Record::default();
        record.push_san("e4", None, None).unwrap();
        let pos = record.position().unwrap();
        let m = San::from_ascii(b"c5").unwrap().to_move(&pos).unwrap();
        record.seal(m, None, None).unwrap();
        let english = BrailleOptions {
            lang: Lang::En,
            ..BrailleOptions::default()
        };
        let hidden = write_brf(&record, &english).unwrap();
        assert_eq!(hidden, "1 E4 SEALED\r\n");
        let revealed = write_brf(
            &record,
            &BrailleOptions {
                reveal_sealed: true,
                ..english
            },
        )
        .unwrap();
        assert_eq!(revealed, "1 E4 C5 SEALED\r\n");
        let back = read_brf(&revealed, Letters::Bauk, None).unwrap();
        assert_eq!(back.sans, ["e4"]);
        assert_eq!(back.sealed, Some(Some("c5".into())));
        // A German sheet writes the German word, and reads back the same.
        let german = BrailleOptions {
            lang: Lang::De,
            ..BrailleOptions::default()
        };
        let hidden = write_brf(&record, &german).unwrap();
        assert_eq!(hidden, "1 E4 ABGEGEBEN\r\n");
        let revealed = write_brf(
            &record,
            &BrailleOptions {
                reveal_sealed: true,
                ..german
            },
        )
        .unwrap();
        assert_eq!(revealed, "1 E4 C5 ABGEGEBEN\r\n");
        let back = read_brf(&revealed, Letters::Bauk, None).unwrap();
        assert_eq!(back.sealed, Some(Some("c5".into())));
    }

    #[test]
    fn reader_reports_the_bad_token() {
        let err = read_brf("1 E4 E5\r\n2 SF3 SF7\r\n", Letters::Bauk, None).unwrap_err();
        assert_eq!(err.line, 2);
        assert_eq!(err.token, "SF7");
        let err = read_brf("1 E4\r\n3 -E5\r\n", Letters::Bauk, None).unwrap_err();
        assert!(err.reason.contains("move number 3"), "{err}");
    }
}
