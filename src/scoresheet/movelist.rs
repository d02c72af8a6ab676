//! Reading move lists as people write them: SAN with English (K Q R B N) or German
//! (K D T L S) piece letters, with or without move numbers, `0-0` or `O-O`, `e8D`, `e8=Q` or
//! `e8(Q)`, `exd6 e.p.`, the minimal form `ed4`, the long form `Ng1-f3` or `g1f3`, check and
//! annotation signs, `(=)` for a draw offer, comments in braces and a result at the end.
//! Every move is matched against the legal moves of the position reached so far, so `Sf3` and
//! `Nf3` are the same move.
//!
//! A capital `B` is a bishop (English); only when no bishop move fits is it read as a German
//! *Bauer* (pawn), so `Be4` in a German list still works. Lower-case letters are files.
//!
//! ```
//! use rochade::scoresheet::movelist::read_move_list;
//!
//! let sheet = read_move_list("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. 0-0", None).unwrap();
//! let sans: Vec<&str> = sheet.moves.iter().map(|m| m.san.as_str()).collect();
//! assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]);
//! assert!(sheet.problem.is_none());
//!
//! let bad = read_move_list("1. e4 e5 2. Nf3 Nf6 3. Bb6", None).unwrap();
//! assert_eq!(bad.moves.len(), 4);
//! assert_eq!(bad.problem.unwrap().to_string(),
//!     "White's move 3, \"Bb6\": no legal move fits it");
//! ```
use shakmaty::{CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square};

use super::record::{Record, RecordError, SheetResult, Variant, position_from_fen_in, san_and_uci};

/// What a written move says, before it is matched with the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Castle(CastlingSide),
    Move {
        /// `None`: any piece (a long-form move with the whole departure square and no letter).
        role: Option<Role>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        /// A capture sign was written, so the move must capture.
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
}

impl Written {
    /// Whether move `m` is what was written; in Chess960 (`chess960`) only a castling sign
    /// is castling, never a king move (Chess960 note 1).
    fn matches(&self, m: Move, turn: Color, chess960: bool) -> bool {
        match *self {
            Written::Castle(side) => m.castling_side() == Some(side),
            Written::Move { .. } if chess960 && m.is_castle() => false,
            Written::Move {
                role,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
            } => {
                let (dest, moved) = match m {
                    // A king move written to g1/c1 may mean castling (the long or UCI form).
                    Move::Castle { .. } => match m.castling_side() {
                        Some(side) => (side.king_to(turn), Role::King),
                        None => return false,
                    },
                    _ => (m.to(), m.role()),
                };
                let Some(from) = m.from() else { return false };
                dest == to
                    && role.is_none_or(|r| r == moved)
                    && from_file.is_none_or(|f| f == from.file())
                    && from_rank.is_none_or(|r| r == from.rank())
                    && (!capture || m.is_capture())
                    && promotion.is_none_or(|p| m.promotion() == Some(p))
            }
        }
    }
}

/// Why a written move could not be matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mismatch {
    /// No legal move fits.
    NoLegalMove,
    /// More than one legal move fits.
    Ambiguous,
}

/// Matches the readings of one written move, in order of preference, against the legal moves:
/// the first reading that fits any legal move decides; it must fit exactly one.
pub fn resolve(pos: &Chess, readings: &[Written]) -> Result<Move, Mismatch> {
    match fitting(pos, readings).as_slice() {
        [] => Err(Mismatch::NoLegalMove),
        [one] => Ok(*one),
        _ => Err(Mismatch::Ambiguous),
    }
}

/// Every legal move the first reading that fits any names (`Nd2` with knights on b1 and f3:
/// both); empty when no reading fits a legal move.
pub fn fitting(pos: &Chess, readings: &[Written]) -> Vec<Move> {
    let legal = pos.legal_moves();
    for reading in readings {
        let fits: Vec<Move> = legal
            .iter()
            .filter(|m| reading.matches(**m, pos.turn(), pos.castles().mode().is_chess960()))
            .copied()
            .collect();
        if !fits.is_empty() {
            return fits;
        }
    }
    Vec::new()
}

/// The roles a capital piece letter can stand for, English or German, most likely first.
fn roles_of_letter(letter: char) -> &'static [Role] {
    match letter {
        'K' | '♔' | '♚' => &[Role::King],
        'Q' | 'D' | '♕' | '♛' => &[Role::Queen],
        'R' | 'T' | '♖' | '♜' => &[Role::Rook],
        'N' | 'S' | '♘' | '♞' => &[Role::Knight],
        'L' | '♗' | '♝' => &[Role::Bishop],
        'B' => &[Role::Bishop, Role::Pawn],
        'P' | '♙' | '♟' => &[Role::Pawn],
        _ => &[],
    }
}

/// The promotion piece a letter names (English or German, either case after the square).
fn promotion_role(letter: char) -> Option<Role> {
    match letter.to_ascii_uppercase() {
        'Q' | 'D' => Some(Role::Queen),
        'R' | 'T' => Some(Role::Rook),
        'B' | 'L' => Some(Role::Bishop),
        'N' | 'S' => Some(Role::Knight),
        _ => None,
    }
}

fn strip_suffix_ci<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = text.len().checked_sub(suffix.len())?;
    let (head, tail) = (text.get(..cut)?, text.get(cut..)?);
    tail.eq_ignore_ascii_case(suffix).then_some(head)
}

/// Reads one written move (no move number) into its possible readings; `None` when it is not
/// a move at all.
pub fn parse_written(token: &str) -> Option<Vec<Written>> {
    // Normalize capture signs and dashes, then drop check, mate and annotation signs.
    let mut text: String = token
        .trim()
        .chars()
        .map(|c| match c {
            '×' | ':' => 'x',
            '–' | '—' | '‐' => '-',
            other => other,
        })
        .collect();
    loop {
        let trimmed = text.trim_end_matches(['+', '#', '!', '?', '†', '‡', ',', ';']);
        let trimmed = strip_suffix_ci(trimmed, "e.p.")
            .or_else(|| strip_suffix_ci(trimmed, "ep"))
            .or_else(|| strip_suffix_ci(trimmed, "e.p"))
            .unwrap_or(trimmed);
        if trimmed.len() == text.len() {
            break;
        }
        text = trimmed.to_string();
    }
    if text.is_empty() {
        return None;
    }
    if let Some(side) = parse_castling(&text) {
        return Some(vec![Written::Castle(side)]);
    }
    let mut chars = text.chars();
    let first = chars.next()?;
    let (roles, rest): (&[Role], String) = if roles_of_letter(first).is_empty() {
        (&[], text.clone())
    } else {
        (roles_of_letter(first), chars.collect())
    };
    let body = parse_body(&rest)?;
    let readings: Vec<Written> = if roles.is_empty() {
        // No letter: a pawn move, or any piece when the whole departure square is written.
        let role = if body.from_file.is_some() && body.from_rank.is_some() {
            None
        } else {
            Some(Role::Pawn)
        };
        vec![body.written(role)]
    } else {
        roles.iter().map(|r| body.written(Some(*r))).collect()
    };
    Some(readings)
}

fn parse_castling(text: &str) -> Option<CastlingSide> {
    let parts: Vec<&str> = text.split('-').collect();
    let all_o = parts
        .iter()
        .all(|p| matches!(*p, "O" | "0" | "o") && !p.is_empty());
    match (all_o, parts.len()) {
        (true, 2) => Some(CastlingSide::KingSide),
        (true, 3) => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

struct Body {
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
}

impl Body {
    fn written(&self, role: Option<Role>) -> Written {
        Written::Move {
            role,
            from_file: self.from_file,
            from_rank: self.from_rank,
            capture: self.capture,
            to: self.to,
            promotion: self.promotion,
        }
    }
}

/// The part after the piece letter: `[file][rank][x|-]file rank[[=|/|(]piece[)]]`.
fn parse_body(rest: &str) -> Option<Body> {
    let mut chars: Vec<char> = rest.chars().collect();
    // Promotion at the end: a letter after the destination rank, maybe in brackets or after = or /.
    let mut promotion = None;
    if chars.last() == Some(&')') {
        chars.pop();
    }
    if let Some(&last) = chars.last()
        && last.is_ascii_alphabetic()
        && chars.len() >= 3
        && chars
            .get(chars.len() - 2)
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, '=' | '/' | '('))
    {
        promotion = Some(promotion_role(last)?);
        chars.pop();
        if matches!(chars.last(), Some('=' | '/' | '(')) {
            chars.pop();
        }
    }
    // Destination square: the last two characters.
    let rank_char = chars.pop()?;
    let file_char = chars.pop()?;
    let to = Square::from_coords(File::from_char(file_char)?, Rank::from_char(rank_char)?);
    let mut capture = false;
    if matches!(chars.last(), Some('x' | '-')) {
        capture = chars.pop() == Some('x');
    }
    let mut from_rank = None;
    let mut from_file = None;
    if let Some(&c) = chars.last()
        && let Some(rank) = Rank::from_char(c)
    {
        from_rank = Some(rank);
        chars.pop();
    }
    if let Some(&c) = chars.last()
        && let Some(file) = File::from_char(c)
    {
        from_file = Some(file);
        chars.pop();
    }
    if !chars.is_empty() {
        return None;
    }
    Some(Body {
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

/// One move of a sheet, as written and as understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetMove {
    /// The move as the sheet writes it (`Sf3`, `0-0`, `exd6 e.p.`).
    pub written: String,
    /// The move in SAN with English letters.
    pub san: String,
    pub uci: String,
    /// A draw offer "(=)" follows it.
    pub draw_offered: bool,
}

/// Why reading a sheet stopped, with the move it stopped at.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetProblem {
    #[error("{side}'s move {number}, {token:?}: no legal move fits it")]
    Illegal {
        number: u32,
        side: &'static str,
        token: String,
    },
    #[error(
        "{side}'s move {number}, {token:?}: more than one legal move fits it; write the departure square or the promotion piece"
    )]
    Ambiguous {
        number: u32,
        side: &'static str,
        token: String,
    },
    #[error("{side}'s move {number}, {token:?}: not a move")]
    Unreadable {
        number: u32,
        side: &'static str,
        token: String,
    },
    #[error("{side}'s move {number} was expected, but the sheet goes on with {token:?}")]
    NumberMismatch {
        number: u32,
        side: &'static str,
        token: String,
    },
    #[error("moves after the result {token:?}")]
    AfterResult { token: String },
    #[error("{side}'s move {number}, {token:?} (braille line {line}): {reason}")]
    Braille {
        number: u32,
        side: &'static str,
        token: String,
        line: usize,
        reason: String,
    },
}

impl SheetProblem {
    /// The written text the problem is about.
    pub fn token(&self) -> &str {
        match self {
            SheetProblem::Illegal { token, .. }
            | SheetProblem::Ambiguous { token, .. }
            | SheetProblem::Unreadable { token, .. }
            | SheetProblem::NumberMismatch { token, .. }
            | SheetProblem::Braille { token, .. }
            | SheetProblem::AfterResult { token } => token,
        }
    }
}

/// A sheet read as far as it goes: the moves understood, the result if written, and why it
/// stopped early, if it did.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub start: Chess,
    pub moves: Vec<SheetMove>,
    pub result: Option<SheetResult>,
    pub problem: Option<SheetProblem>,
}

impl Sheet {
    /// The full-move number and side of half-move `ply` (from 1).
    pub fn number_and_side(&self, ply: usize) -> (u32, Color) {
        super::record::number_and_side(self.start.fullmoves().get(), self.start.turn(), ply)
    }
}

pub(super) fn side_word(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Splits movetext into tokens, dropping comments in braces, `;` comments, `%` escape lines
/// and variations in round brackets (but keeping `(=)` and a bracketed promotion `e8(Q)`).
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let mut depth = 0usize;
    let mut at_line_start = true;
    let flush = |current: &mut String, out: &mut Vec<String>| {
        if !current.is_empty() {
            out.push(std::mem::take(current));
        }
    };
    while let Some(c) = chars.next() {
        let line_start = at_line_start;
        at_line_start = c == '\n';
        match c {
            '{' => {
                flush(&mut current, &mut out);
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
            }
            ';' if current.is_empty() || depth > 0 => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        at_line_start = true;
                        break;
                    }
                }
            }
            '%' if line_start => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        at_line_start = true;
                        break;
                    }
                }
            }
            '(' => {
                // "(=)" is a draw offer; "e8(Q)" a promotion; anything else opens a variation.
                let mut look = chars.clone();
                if look.next() == Some('=') && look.next() == Some(')') {
                    chars.next();
                    chars.next();
                    flush(&mut current, &mut out);
                    if depth == 0 {
                        out.push("(=)".into());
                    }
                } else if depth == 0 && !current.is_empty() {
                    current.push(c);
                } else {
                    flush(&mut current, &mut out);
                    depth += 1;
                }
            }
            ')' if depth > 0 => depth -= 1,
            c if c.is_whitespace() => flush(&mut current, &mut out),
            c if depth == 0 => current.push(c),
            _ => {}
        }
    }
    flush(&mut current, &mut out);
    out
}

/// A move number at the start of a token: (number, black marker, rest of the token).
fn split_number(token: &str) -> Option<(u32, bool, &str)> {
    let digits = token.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let (number, rest) = token.split_at(digits);
    let number: u32 = number.parse().ok()?;
    let dots = rest
        .chars()
        .take_while(|c| matches!(c, '.' | '…'))
        .map(|c| if c == '…' { 3 } else { 1 })
        .sum::<usize>();
    let rest_start = rest
        .char_indices()
        .find(|(_, c)| !matches!(c, '.' | '…'))
        .map_or(rest.len(), |(i, _)| i);
    let rest = rest.get(rest_start..).unwrap_or("");
    // "1-0", "1/2-1/2", "0-0" are not move numbers.
    if dots == 0 && !rest.is_empty() {
        return None;
    }
    Some((number, dots >= 2, rest))
}

fn result_of(token: &str) -> Option<SheetResult> {
    match token {
        "1-0" | "1:0" => Some(SheetResult::WhiteWins),
        "0-1" | "0:1" => Some(SheetResult::BlackWins),
        "1/2-1/2" | "½-½" | "½:½" | "1/2" | "½" => Some(SheetResult::Draw),
        "*" => Some(SheetResult::Ongoing),
        _ => None,
    }
}

/// Reads a move list from `start_fen` (the standard position when `None`). Reading stops at
/// the first move that cannot be understood or is not legal; `problem` says which and why.
/// Only a bad start position is an error.
pub fn read_move_list(text: &str, start_fen: Option<&str>) -> Result<Sheet, RecordError> {
    read_move_list_in(text, start_fen, Variant::Standard)
}

/// [`read_move_list`] of a game of `variant` (a Chess960 start position needs its FEN).
pub fn read_move_list_in(
    text: &str,
    start_fen: Option<&str>,
    variant: Variant,
) -> Result<Sheet, RecordError> {
    let start = match start_fen {
        Some(fen) => position_from_fen_in(fen, variant)?,
        None => Record::of_variant(Default::default(), None, variant)?.start_position()?,
    };
    let mut sheet = Sheet {
        start: start.clone(),
        moves: Vec::new(),
        result: None,
        problem: None,
    };
    let mut pos = start;
    let tokens = tokens(text);
    let mut index = 0;
    while let Some(token) = tokens.get(index) {
        index += 1;
        let number = pos.fullmoves().get();
        let side = side_word(pos.turn());
        if let Some(result) = result_of(token) {
            sheet.result = Some(result);
            if let Some(next) = tokens.get(index..).and_then(|rest| {
                rest.iter()
                    .find(|t| parse_written(t).is_some() || split_number(t).is_some())
            }) {
                sheet.problem = Some(SheetProblem::AfterResult {
                    token: next.clone(),
                });
            }
            break;
        }
        if token == "(=)" {
            if let Some(last) = sheet.moves.last_mut() {
                last.draw_offered = true;
            }
            continue;
        }
        let mut token_text = token.as_str();
        if let Some((written_number, black_marker, rest)) = split_number(token) {
            // Black's move may carry its number with or without dots ("12... Nf6", "12 Nf6");
            // White's may not carry Black's marker.
            let fits = written_number == number && (pos.turn() == Color::Black || !black_marker);
            if !fits {
                sheet.problem = Some(SheetProblem::NumberMismatch {
                    number,
                    side,
                    token: token.clone(),
                });
                break;
            }
            if rest.is_empty() {
                continue;
            }
            token_text = rest;
        }
        if is_annotation(token_text) {
            continue;
        }
        let mut written = token_text.to_string();
        // "exd6 e.p." written as two tokens.
        if let Some(next) = tokens.get(index)
            && matches!(
                next.to_ascii_lowercase().as_str(),
                "e.p." | "ep" | "e.p" | "i.v."
            )
        {
            written = format!("{written} {next}");
            index += 1;
        }
        let Some(readings) = parse_written(token_text) else {
            sheet.problem = Some(SheetProblem::Unreadable {
                number,
                side,
                token: written,
            });
            break;
        };
        match resolve(&pos, &readings) {
            Ok(m) => {
                let (san, uci) = san_and_uci(&pos, m);
                pos.play_unchecked(m);
                sheet.moves.push(SheetMove {
                    written,
                    san,
                    uci,
                    draw_offered: false,
                });
            }
            Err(Mismatch::NoLegalMove) => {
                sheet.problem = Some(SheetProblem::Illegal {
                    number,
                    side,
                    token: written,
                });
                break;
            }
            Err(Mismatch::Ambiguous) => {
                sheet.problem = Some(SheetProblem::Ambiguous {
                    number,
                    side,
                    token: written,
                });
                break;
            }
        }
    }
    Ok(sheet)
}

/// One game of a PGN text: its tags and its movetext.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGameText {
    pub tags: Vec<(String, String)>,
    pub movetext: String,
}

impl PgnGameText {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Splits a PGN text into games by their tag sections (tags inside a comment do not count).
pub fn split_pgn_games(text: &str) -> Vec<PgnGameText> {
    let mut games: Vec<PgnGameText> = Vec::new();
    let mut in_movetext = false;
    let mut depth = 0usize;
    for line in text.lines() {
        let trimmed = line.trim_start_matches('\u{feff}').trim();
        if depth == 0 && trimmed.starts_with('[') && trimmed.ends_with(']') {
            if in_movetext || games.is_empty() {
                games.push(PgnGameText::default());
                in_movetext = false;
            }
            let inner = trimmed.trim_start_matches('[').trim_end_matches(']');
            if let Some((name, value)) = inner.split_once(char::is_whitespace)
                && let Some(game) = games.last_mut()
            {
                let value = value.trim().trim_matches('"').replace("\\\"", "\"");
                game.tags
                    .push((name.to_string(), value.replace("\\\\", "\\")));
            }
            continue;
        }
        if games.is_empty() {
            games.push(PgnGameText::default());
        }
        if !trimmed.is_empty() {
            in_movetext = true;
        }
        for c in trimmed.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        if let Some(game) = games.last_mut() {
            game.movetext.push_str(line);
            game.movetext.push('\n');
        }
    }
    games
}

impl Sheet {
    /// The sheet a record stands for (its moves written in SAN).
    pub fn from_record(record: &super::record::Record) -> Result<Sheet, RecordError> {
        let (positions, _) = record.replay()?;
        Ok(Sheet {
            start: positions.first().cloned().unwrap_or_default(),
            moves: record
                .moves
                .iter()
                .map(|e| SheetMove {
                    written: e.san.clone(),
                    san: e.san.clone(),
                    uci: e.uci.clone(),
                    draw_offered: e.draw_offered,
                })
                .collect(),
            result: (record.result != SheetResult::Ongoing).then_some(record.result),
            problem: None,
        })
    }
}

/// Check, mate and annotation signs standing alone, and NAGs.
fn is_annotation(token: &str) -> bool {
    token
        .strip_prefix('$')
        .is_some_and(|nag| !nag.is_empty() && nag.chars().all(|c| c.is_ascii_digit()))
        || token
            .chars()
            .all(|c| matches!(c, '!' | '?' | '+' | '#' | '=' | '∓' | '±' | '†' | '‡'))
        || matches!(token.to_ascii_lowercase().as_str(), "e.p." | "ep" | "e.p")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sans(text: &str) -> Vec<String> {
        let sheet = read_move_list(text, None).unwrap();
        assert!(sheet.problem.is_none(), "{:?}", sheet.problem);
        sheet.moves.into_iter().map(|m| m.san).collect()
    }

    #[test]
    fn english_and_german_letters_give_the_same_moves() {
        assert_eq!(
            sans("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.Qe2"),
            sans("1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0 Le7 6.Te1 b5 7.Lb3 d6 8.c3 0-0 9.De2"),
        );
    }

    #[test]
    fn numbers_are_optional_and_black_continuation_is_read() {
        assert_eq!(sans("e4 e5 Nf3"), ["e4", "e5", "Nf3"]);
        assert_eq!(sans("1. e4 1... e5 2. Nf3"), ["e4", "e5", "Nf3"]);
        assert_eq!(sans("1 e4 e5 2 Nf3"), ["e4", "e5", "Nf3"]);
        assert_eq!(
            sans("1.e4 e5 2.Nf3 (2.f4 exf4) Nc6 {a comment} 1-0"),
            ["e4", "e5", "Nf3", "Nc6"]
        );
    }

    #[test]
    fn promotion_en_passant_and_minimal_forms() {
        let fen = "8/4P3/8/3pP3/8/8/k7/7K w - d6 0 1";
        for (text, san) in [
            ("exd6 e.p.", "exd6"),
            ("exd6ep", "exd6"),
            ("ed6", "exd6"),
            ("e5xd6", "exd6"),
            ("e8D", "e8=Q"),
            ("e8=Q", "e8=Q"),
            ("e8(Q)", "e8=Q"),
            ("e8S", "e8=N"),
            ("e7e8q", "e8=Q"),
        ] {
            let sheet = read_move_list(text, Some(fen)).unwrap();
            assert!(sheet.problem.is_none(), "{text}: {:?}", sheet.problem);
            assert_eq!(sheet.moves[0].san, san, "{text}");
        }
        let sheet = read_move_list("e8", Some(fen)).unwrap();
        assert!(matches!(
            sheet.problem,
            Some(SheetProblem::Ambiguous { .. })
        ));
    }

    #[test]
    fn long_and_coordinate_forms() {
        assert_eq!(
            sans("e2-e4 e7-e5 Ng1-f3 b8c6 f1c4"),
            ["e4", "e5", "Nf3", "Nc6", "Bc4"]
        );
    }

    #[test]
    fn german_bauer_letter_falls_back_to_a_pawn() {
        assert_eq!(sans("Be4 e5 Bd4"), ["e4", "e5", "d4"]);
    }

    #[test]
    fn skipped_move_is_caught_by_the_number() {
        let sheet = read_move_list("1. e4 e5 2. Nf3 3. Bc4", None).unwrap();
        assert_eq!(sheet.moves.len(), 3);
        let problem = sheet.problem.unwrap();
        assert_eq!(
            problem,
            SheetProblem::NumberMismatch {
                number: 2,
                side: "Black",
                token: "3.".into()
            }
        );
        assert_eq!(
            problem.to_string(),
            "Black's move 2 was expected, but the sheet goes on with \"3.\""
        );
    }

    #[test]
    fn draw_offer_and_result_are_kept() {
        let sheet = read_move_list("1. d4 d5 (=) 2. c4 1/2-1/2", None).unwrap();
        assert!(sheet.moves[1].draw_offered);
        assert_eq!(sheet.result, Some(SheetResult::Draw));
    }

    #[test]
    fn garbage_is_named() {
        let sheet = read_move_list("1. e4 hello", None).unwrap();
        assert_eq!(
            sheet.problem.unwrap().to_string(),
            "Black's move 1, \"hello\": not a move"
        );
    }
}
