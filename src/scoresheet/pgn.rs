//! The record as PGN, both ways: writing a standard PGN (seven-tag roster, `TimeControl`,
//! `SetUp`/`FEN` for other start positions, `[%clk h:mm:ss]` after every move whose mover's
//! clock is known, draw offers as a `(=)` comment) and reading one game of a PGN file back
//! into a [`Record`] with pgn-reader.
//!
//! Clock readings are written in whole seconds (rounded down, as a clock display shows them).
//! A sealed move is written only as the comment `{sealed move}` (or `{sealed move: Nf3}` when
//! revealed for the envelope; in German `{abgegebener Zug}`), never as a move, and the result
//! stays `*`. Claims are comments. The comments' words are in the game's language
//! ([`super::labels`]); reading accepts the sealed-move words of every built-in language.
//!
//! ```
//! use rochade::scoresheet::{pgn, Clocks, Record};
//!
//! let mut record = Record::default();
//! record.push_san("e4", Some(Clocks::new(5_399_000, 5_400_000)), None)?;
//! let text = pgn::write(&record, false, rochade::lang::Lang::En);
//! assert!(text.contains("1. e4 {[%clk 1:29:59]} *"));
//! let back = pgn::read(&text, 1).unwrap();
//! assert_eq!(back.moves()[0].white_ms, Some(5_399_000));
//! # Ok::<(), rochade::scoresheet::RecordError>(())
//! ```
use std::ops::ControlFlow;

use pgn_reader::{Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Color, Position};

use super::labels::{Labels, sealed_move_words};
use super::record::{
    MoveEntry, Record, RecordError, SealedMove, SheetResult, Variant, number_and_side, san_and_uci,
};
use crate::lang::Lang;

/// What can go wrong reading a PGN.
#[derive(Debug, thiserror::Error)]
pub enum PgnError {
    #[error("could not read the PGN: {0}")]
    Io(#[from] std::io::Error),
    #[error("there is no game {wanted} in the PGN; it has {found}")]
    NoSuchGame { wanted: usize, found: usize },
    #[error("{side}'s move {number}, {san}, is not legal in the position reached")]
    IllegalMove {
        number: u32,
        side: &'static str,
        san: String,
    },
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// A clock reading as `h:mm:ss`, rounded down to the second.
pub fn format_clock(ms: u64) -> String {
    let seconds = ms / 1000;
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        (seconds / 60) % 60,
        seconds % 60
    )
}

/// Finds `[%clk h:mm:ss]` (seconds may have a fraction) in a comment; milliseconds.
pub fn parse_clock_comment(comment: &str) -> Option<u64> {
    let start = comment.find("[%clk")? + "[%clk".len();
    let rest = comment.get(start..)?;
    let end = rest.find(']')?;
    parse_clock(rest.get(..end)?.trim())
}

/// Reads `h:mm:ss`, `mm:ss` or `h:mm:ss.f` into milliseconds.
pub fn parse_clock(text: &str) -> Option<u64> {
    let mut parts: Vec<&str> = text.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let seconds_text = parts.pop()?;
    let (whole, fraction) = match seconds_text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (seconds_text, ""),
    };
    let mut ms: u64 = whole.parse::<u64>().ok()?.checked_mul(1000)?;
    if !fraction.is_empty() {
        let digits: String = fraction.chars().take(3).collect();
        let value: u64 = digits.parse().ok()?;
        ms += value * 10u64.pow(3 - u32::try_from(digits.len()).ok()?);
    }
    let mut factor = 60_000u64;
    for part in parts.iter().rev() {
        ms = ms.checked_add(part.parse::<u64>().ok()?.checked_mul(factor)?)?;
        factor *= 60;
    }
    Some(ms)
}

/// A tag value as PGN writes it: on one line (a line break or other control character in a
/// name read from a damaged sheet becomes a space, else the rest of the value would be read
/// back as moves), with backslash and quote escaped.
fn escape(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

fn or_unknown(value: &str, unknown: &'static str) -> String {
    if value.trim().is_empty() {
        unknown.to_string()
    } else {
        value.to_string()
    }
}

/// Writes the record as one PGN game; `reveal_sealed` writes the sealed move's SAN into its
/// comment (the copy for the envelope). The comments' words are in `lang`; the tags and moves
/// are standard PGN.
pub fn write(record: &Record, reveal_sealed: bool, lang: Lang) -> String {
    let words = Labels::new(lang);
    let h = &record.headers;
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    tag("Event", &or_unknown(&h.event, "?"));
    tag("Site", &or_unknown(&h.site, "?"));
    tag("Date", &or_unknown(&h.date, "????.??.??"));
    tag("Round", &or_unknown(&h.round, "?"));
    tag("White", &or_unknown(&h.white, "?"));
    tag("Black", &or_unknown(&h.black, "?"));
    tag("Result", record.result.pgn());
    if record.variant == Variant::Chess960 {
        tag("Variant", "Chess960");
    }
    if let Some(fen) = &record.start_fen {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    if let Some(tc) = &h.time_control {
        tag("TimeControl", tc);
    }
    if let Some(rules) = &h.rules_edition {
        tag("Rules", rules);
    }
    if let Some(reason) = &record.result_reason {
        tag("Termination", reason);
    }
    for (name, value) in &h.extra {
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            tag(name, value);
        }
    }
    out.push('\n');

    let (first_number, first_mover) = match record.start_position() {
        Ok(pos) => (pos.fullmoves().get(), pos.turn()),
        Err(_) => (1, Color::White),
    };
    let mut units: Vec<String> = Vec::new();
    let claims_after = |ply: usize| -> Vec<String> {
        record
            .claims
            .iter()
            .filter(|c| c.after_ply == ply)
            .map(|c| format!("{{{}}}", words.claim(c, None)))
            .collect()
    };
    units.extend(claims_after(0));
    // The SAN stays PGN's ("exd6"); where the edition writes "e.p." (fa E8, 05 E.9) it goes
    // into the move's comment, which PGN readers keep and skip.
    let en_passant = if record.marks_en_passant() {
        record.en_passant_moves()
    } else {
        Vec::new()
    };
    let mut after_comment = true;
    for (index, entry) in record.moves.iter().enumerate() {
        let ply = index + 1;
        let (number, side) = number_and_side(first_number, first_mover, ply);
        match side {
            Color::White => units.push(format!("{number}.")),
            Color::Black if after_comment => units.push(format!("{number}...")),
            Color::Black => {}
        }
        units.push(entry.san.clone());
        let mover_ms = match side {
            Color::White => entry.white_ms,
            Color::Black => entry.black_ms,
        };
        let mut comment = Vec::new();
        if let Some(ms) = mover_ms {
            comment.push(format!("[%clk {}]", format_clock(ms)));
        }
        if en_passant.get(index).copied().unwrap_or(false) {
            comment.push("e.p.".to_string());
        }
        if entry.draw_offered {
            comment.push("(=)".to_string());
        }
        after_comment = !comment.is_empty();
        if after_comment {
            units.push(format!("{{{}}}", comment.join(" ")));
        }
        let claims = claims_after(ply);
        after_comment |= !claims.is_empty();
        units.extend(claims);
    }
    if let Some(sealed) = &record.sealed {
        units.push(sealed_comment(sealed, reveal_sealed, &words));
    }
    // PGN has no forfeit result: the points stand in the result, the mark in a comment.
    if let Some(mark) = record.forfeit_mark() {
        units.push(format!("{{{mark}}}"));
    }
    units.push(record.result.pgn().to_string());

    // Lines of at most 79 characters, as the PGN export format asks.
    let mut line = String::new();
    for unit in units {
        if !line.is_empty() && line.len() + 1 + unit.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&unit);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

fn sealed_comment(sealed: &SealedMove, reveal: bool, words: &Labels) -> String {
    let sealed_move = words.get("sheet-sealed-move");
    if reveal {
        format!("{{{sealed_move}: {}}}", sealed.san)
    } else {
        format!("{{{sealed_move}}}")
    }
}

/// Reads game `game` (counted from 1) of a PGN text into a record. Moves must be legal;
/// `[%clk]` comments become clock readings (the other side's reading is carried forward),
/// `(=)` in a comment a draw offer, `Termination` the result's reason.
pub fn read(text: &str, game: usize) -> Result<Record, PgnError> {
    let mut reader = Reader::new(text.as_bytes());
    let wanted = game.max(1);
    for skipped in 1..wanted {
        if !reader.skip_game()? {
            return Err(PgnError::NoSuchGame {
                wanted,
                found: skipped - 1,
            });
        }
    }
    let mut visitor = RecordVisitor;
    match reader.read_game(&mut visitor)? {
        Some(result) => result,
        None => Err(PgnError::NoSuchGame {
            wanted,
            found: wanted - 1,
        }),
    }
}

/// How many games a PGN text holds.
pub fn count_games(text: &str) -> Result<usize, PgnError> {
    let mut reader = Reader::new(text.as_bytes());
    let mut count = 0;
    while reader.skip_game()? {
        count += 1;
    }
    Ok(count)
}

/// Puts one PGN tag where the record keeps it ("?" counts as unknown).
fn apply_tag(record: &mut Record, name: &str, value: &str) {
    let value = value.trim().to_string();
    let known = |v: &str| {
        if v == "?" || v == "????.??.??" {
            String::new()
        } else {
            v.to_string()
        }
    };
    let h = &mut record.headers;
    match name {
        "Event" => h.event = known(&value),
        "Site" => h.site = known(&value),
        "Date" => h.date = known(&value),
        "Round" => h.round = known(&value),
        "White" => h.white = known(&value),
        "Black" => h.black = known(&value),
        "TimeControl" => h.time_control = Some(value).filter(|v| !v.is_empty() && v != "?"),
        "Rules" => h.rules_edition = Some(value).filter(|v| !v.is_empty()),
        "Termination" => record.result_reason = Some(value).filter(|v| !v.is_empty()),
        "Result" => record.result = SheetResult::from_pgn(&value).unwrap_or_default(),
        "FEN" => record.start_fen = Some(value),
        "SetUp" => {}
        "Variant" if is_chess960_tag(&value) => record.variant = Variant::Chess960,
        _ => h.extra.push((name.to_string(), value)),
    }
}

/// Whether a PGN `Variant` tag names Chess960 (as its writers spell it: "Chess960",
/// "chess 960", "Fischerandom").
fn is_chess960_tag(value: &str) -> bool {
    let folded: String = value
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    matches!(
        folded.as_str(),
        "chess960" | "fischerandom" | "fischerrandom"
    )
}

/// Reads like [`read`], but when pgn-reader had to skip moves it could not read (a PGN
/// written with German letters or `e8D`), reads the movetext as a move list instead, keeping
/// the tags, the draw offers and the result (clock comments are then not read).
pub fn read_lenient(text: &str, game: usize) -> Result<Record, PgnError> {
    use super::movelist::{read_move_list_in, split_pgn_games};
    let strict = read(text, game);
    let Some(chosen) = split_pgn_games(text).into_iter().nth(game.max(1) - 1) else {
        return strict;
    };
    let mut tags = Record::default();
    for (name, value) in &chosen.tags {
        apply_tag(&mut tags, name, value);
    }
    let sheet = read_move_list_in(&chosen.movetext, chosen.tag("FEN"), tags.variant)?;
    let strict_moves: Option<Vec<&str>> = strict
        .as_ref()
        .ok()
        .map(|r| r.moves.iter().map(|m| m.uci.as_str()).collect());
    let lenient_moves: Vec<&str> = sheet.moves.iter().map(|m| m.uci.as_str()).collect();
    if strict_moves.as_ref() == Some(&lenient_moves) || sheet.problem.is_some() {
        return strict;
    }
    let mut record = Record::of_variant(tags.headers, tags.start_fen, tags.variant)?;
    record.result = sheet.result.unwrap_or(tags.result);
    record.result_reason = tags.result_reason;
    for m in &sheet.moves {
        let (san, uci) = (m.san.clone(), m.uci.clone());
        record.moves.push(MoveEntry {
            san,
            uci,
            white_ms: None,
            black_ms: None,
            at_ms: None,
            draw_offered: m.draw_offered,
            was_sealed: false,
        });
    }
    Ok(record)
}

struct RecordVisitor;

struct Building {
    record: Record,
    pos: Chess,
    first_number: u32,
    first_mover: Color,
    error: Option<PgnError>,
}

impl Visitor for RecordVisitor {
    type Tags = Record;
    type Movetext = Building;
    type Output = Result<Record, PgnError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Record::default())
    }

    fn tag(
        &mut self,
        record: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        apply_tag(
            record,
            &String::from_utf8_lossy(name),
            value.decode_utf8_lossy().trim(),
        );
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let fen = tags.start_fen.clone();
        let record = match Record::of_variant(tags.headers.clone(), fen, tags.variant) {
            Ok(mut fresh) => {
                fresh.result = tags.result;
                fresh.result_reason = tags.result_reason.clone();
                fresh
            }
            Err(err) => return ControlFlow::Break(Err(err.into())),
        };
        let pos = match record.start_position() {
            Ok(pos) => pos,
            Err(err) => return ControlFlow::Break(Err(err.into())),
        };
        ControlFlow::Continue(Building {
            first_number: pos.fullmoves().get(),
            first_mover: pos.turn(),
            record,
            pos,
            error: None,
        })
    }

    fn san(&mut self, b: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&b.pos) {
            Ok(m) => {
                let (san, uci) = san_and_uci(&b.pos, m);
                b.pos.play_unchecked(m);
                b.record.moves.push(MoveEntry {
                    san,
                    uci,
                    white_ms: None,
                    black_ms: None,
                    at_ms: None,
                    draw_offered: false,
                    was_sealed: false,
                });
                ControlFlow::Continue(())
            }
            Err(_) => {
                let ply = b.record.moves.len() + 1;
                let (number, side) = number_and_side(b.first_number, b.first_mover, ply);
                b.error = Some(PgnError::IllegalMove {
                    number,
                    side: match side {
                        Color::White => "White",
                        Color::Black => "Black",
                    },
                    san: san_plus.to_string(),
                });
                ControlFlow::Continue(())
            }
        }
    }

    fn comment(
        &mut self,
        b: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        if b.error.is_some() {
            return ControlFlow::Continue(());
        }
        let text = String::from_utf8_lossy(comment.as_bytes());
        if matches!(text.trim(), "+/-" | "-/+") {
            // The forfeit mark this module writes before the result (the points are in it).
            b.record.forfeit = true;
            return ControlFlow::Continue(());
        }
        let mover = !b.pos.turn();
        if let Some(entry) = b.record.moves.last_mut() {
            if let Some(ms) = parse_clock_comment(&text) {
                match mover {
                    Color::White => entry.white_ms = Some(ms),
                    Color::Black => entry.black_ms = Some(ms),
                }
            }
            if text.contains("(=)") {
                entry.draw_offered = true;
            }
        }
        let sealed_rest = sealed_move_words()
            .into_iter()
            .find_map(|w| text.trim().strip_prefix(w.as_str()).map(str::to_string));
        if let Some(rest) = sealed_rest {
            let san = rest.trim_start_matches(':').trim();
            if let Ok(parsed) = shakmaty::san::San::from_ascii(san.as_bytes())
                && let Ok(m) = parsed.to_move(&b.pos)
            {
                let (san, uci) = san_and_uci(&b.pos, m);
                b.record.sealed = Some(SealedMove {
                    san,
                    uci,
                    white_ms: None,
                    black_ms: None,
                    at_ms: None,
                });
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, b: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        b.record.result = SheetResult::from_pgn(&outcome.to_string()).unwrap_or_default();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, b: Self::Movetext) -> Self::Output {
        if let Some(err) = b.error {
            return Err(err);
        }
        let mut record = b.record;
        // The side that did not move keeps its last reading.
        let mut white = record.start_clocks.map(|c| c.white_ms);
        let mut black = record.start_clocks.map(|c| c.black_ms);
        for entry in &mut record.moves {
            white = entry.white_ms.or(white);
            black = entry.black_ms.or(black);
            entry.white_ms = white;
            entry.black_ms = black;
        }
        Ok(record)
    }
}

/// Whether a text looks like PGN: a tag pair at the start of a line.
pub fn looks_like_pgn(text: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim_start_matches('\u{feff}').trim();
        line.starts_with('[') && line.ends_with(']') && line.contains('"')
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoresheet::record::{Clocks, Headers};

    #[test]
    fn clock_text_both_ways() {
        assert_eq!(format_clock(5_400_000), "1:30:00");
        assert_eq!(format_clock(61_999), "0:01:01");
        assert_eq!(parse_clock("1:30:00"), Some(5_400_000));
        assert_eq!(parse_clock("0:00:05.3"), Some(5_300));
        assert_eq!(parse_clock("02:03"), Some(123_000));
        assert_eq!(parse_clock("x"), None);
        assert_eq!(parse_clock_comment(" [%clk 0:03:00] (=)"), Some(180_000));
    }

    #[test]
    fn black_start_and_draw_offer_round_trip() {
        let mut record = Record::new(
            Headers::default(),
            Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 30".into()),
        )
        .unwrap();
        record
            .push_san("Kd7", Some(Clocks::new(100_000, 90_000)), None)
            .unwrap();
        record.offer_draw().unwrap();
        record
            .push_san("e4", Some(Clocks::new(95_000, 90_000)), None)
            .unwrap();
        let text = write(&record, false, Lang::En);
        assert!(text.contains("[SetUp \"1\"]"), "{text}");
        assert!(
            text.contains("30... Kd7 {[%clk 0:01:30] (=)} 31. e4 {[%clk 0:01:35]} *"),
            "{text}"
        );
        let back = read(&text, 1).unwrap();
        assert_eq!(back.moves.len(), 2);
        assert!(back.moves[0].draw_offered);
        assert_eq!(back.moves[1].white_ms, Some(95_000));
        assert_eq!(back.moves[1].black_ms, Some(90_000));
        assert_eq!(back.start_fen, record.start_fen);
    }

    /// Where the edition writes "e.p." (fa E8, 05 E.9) it is the move's comment: the SAN stays
    /// PGN's, and the game reads back the same.
    #[test]
    fn en_passant_comment_by_edition() {
        let pgn_under = |rules: &str| {
            let headers = Headers {
                rules_edition: Some(rules.to_string()),
                ..Headers::default()
            };
            let mut record = Record::new(headers, None).unwrap();
            for san in ["e4", "a6", "e5", "d5", "exd6"] {
                record.push_san(san, None, None).unwrap();
            }
            write(&record, false, Lang::En)
        };
        let old = pgn_under("fide-2005");
        assert!(old.contains("3. exd6 {e.p.} *"), "{old}");
        let back = read(&old, 1).unwrap();
        assert_eq!(back.moves().len(), 5);
        assert_eq!(back.moves()[4].san, "exd6");
        let new = pgn_under("fide-2018");
        assert!(new.contains("3. exd6 *"), "{new}");
        assert!(!new.contains("e.p."), "{new}");
    }

    /// A forfeit: "1-0" in the result, the reason in Termination, "{+/-}" before the result,
    /// read back as a forfeit.
    #[test]
    fn forfeit_keeps_its_mark() {
        let mut record = Record::default();
        record.finish(SheetResult::WhiteWins, "Black did not appear");
        record.forfeit = true;
        let pgn = write(&record, false, Lang::En);
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
        assert!(
            pgn.contains("[Termination \"Black did not appear\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("{+/-} 1-0"), "{pgn}");
        let back = read(&pgn, 1).unwrap();
        assert!(back.forfeit);
        assert_eq!(back.result, SheetResult::WhiteWins);
        assert_eq!(back.forfeit_mark(), Some("+/-"));
    }

    #[test]
    fn illegal_move_names_the_move() {
        let err = read("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n", 1).unwrap_err();
        assert_eq!(
            err.to_string(),
            "White's move 2, Ke3, is not legal in the position reached"
        );
    }

    #[test]
    fn german_letters_in_a_pgn_are_read_leniently() {
        let text = "[Event \"Bundesliga\"]\n[White \"A\"]\n\n1. e4 e5 2. Sf3 Sc6 (=) 3. Lb5 1-0\n";
        let record = read_lenient(text, 1).unwrap();
        let sans: Vec<&str> = record.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert!(record.moves[3].draw_offered);
        assert_eq!(record.headers.event, "Bundesliga");
        assert_eq!(record.result, SheetResult::WhiteWins);
        // A standard PGN keeps its clocks: the strict reading is used.
        let clocked = "[Event \"x\"]\n\n1. e4 {[%clk 0:01:00]} *\n";
        assert_eq!(
            read_lenient(clocked, 1).unwrap().moves[0].white_ms,
            Some(60_000)
        );
    }

    #[test]
    fn missing_game_is_reported() {
        let err = read("1. e4 *\n", 2).unwrap_err();
        assert!(
            matches!(err, PgnError::NoSuchGame { wanted: 2, .. }),
            "{err}"
        );
    }
}
