//! The scoresheet as plain text for print, for the arbiter and the opponent: the headers,
//! numbered move pairs in SAN with English letters, each move's clock reading, draw offers
//! "(=)", claims, a sealed move (shown only as "sealed" unless revealed), the result and its
//! reason, and lines for the signatures (FIDE 8.7). The headings and words are in the game's
//! language ([`super::labels`]); moves are SAN with English letters in every language. Plain lines, wide spacing, no colour and
//! no box drawing, so it prints large and reads well aloud.
//!
//! ```
//! use rochade::lang::Lang;
//! use rochade::scoresheet::{text, Clocks, Record};
//!
//! let mut record = Record::default();
//! record.push_san("e4", Some(Clocks::new(5_399_000, 5_400_000)), None)?;
//! record.push_san("c5", Some(Clocks::new(5_399_000, 5_391_000)), None)?;
//! let sheet = text::write(&record, false, Lang::En);
//! assert!(sheet.contains("  1.  e4      1:29:59     c5      1:29:51"));
//! # Ok::<(), rochade::scoresheet::RecordError>(())
//! ```
use shakmaty::{Color, Position};

use crate::lang::Lang;

use super::labels::Labels;
use super::pgn::format_clock;
use super::record::{Record, SheetResult, number_and_side};

/// One move as printed: SAN, "e.p." after an en passant capture where the edition writes it
/// (fa E8, 05 E.9), then "(=)" after a draw offer.
fn move_text(san: &str, en_passant: bool, draw_offered: bool) -> String {
    let mut text = san.to_string();
    if en_passant {
        text.push_str(" e.p.");
    }
    if draw_offered {
        text.push_str(" (=)");
    }
    text
}

/// The sheet as plain text lines joined with LF, its headings in `lang`.
pub fn write(record: &Record, reveal_sealed: bool, lang: Lang) -> String {
    let words = Labels::new(lang);
    let label = |id: &str| words.get(id);
    let h = &record.headers;
    let mut out = Vec::new();
    let known = |v: &str| {
        if v.trim().is_empty() {
            "?".to_string()
        } else {
            v.trim().to_string()
        }
    };
    out.push(label("sheet-title"));
    out.push(String::new());
    out.push(format!("{}:  {}", label("sheet-white"), known(&h.white)));
    out.push(format!("{}:  {}", label("sheet-black"), known(&h.black)));
    for (id, value) in [
        ("sheet-event", &h.event),
        ("sheet-site", &h.site),
        ("sheet-date", &h.date),
        ("sheet-round", &h.round),
    ] {
        if !value.trim().is_empty() {
            out.push(format!("{}:  {}", label(id), value.trim()));
        }
    }
    if let Some(tc) = &h.time_control {
        out.push(format!("{}:  {tc}", label("sheet-time-control")));
    }
    if let Some(rules) = &h.rules_edition {
        out.push(format!("{}:  {rules}", label("sheet-rules")));
    }
    if let Some(fen) = &record.start_fen {
        out.push(format!("{}:  {fen}", label("sheet-start-position")));
    }
    out.push(String::new());

    let (first_number, first_mover) = match record.start_position() {
        Ok(pos) => (pos.fullmoves().get(), pos.turn()),
        Err(_) => (1, Color::White),
    };
    // Cells: (number, white text, white clock, black text, black clock).
    let mut rows: Vec<(u32, String, String, String, String)> = Vec::new();
    let mut claims_after: Vec<(usize, String)> = record
        .claims
        .iter()
        .map(|c| (c.after_ply, words.claim(c, None)))
        .collect();
    claims_after.sort_by_key(|(ply, _)| *ply);
    let en_passant = if record.marks_en_passant() {
        record.en_passant_moves()
    } else {
        Vec::new()
    };
    let mut slots: Vec<(usize, String, Option<u64>)> = record
        .moves
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let (_, side) = number_and_side(first_number, first_mover, i + 1);
            let clock = match side {
                Color::White => e.white_ms,
                Color::Black => e.black_ms,
            };
            let ep = en_passant.get(i).copied().unwrap_or(false);
            (i + 1, move_text(&e.san, ep, e.draw_offered), clock)
        })
        .collect();
    if let Some(sealed) = &record.sealed {
        let text = if reveal_sealed {
            format!("{} ({})", sealed.san, label("sheet-sealed"))
        } else {
            label("sheet-sealed")
        };
        slots.push((record.moves.len() + 1, text, None));
    }
    let mut row_last_ply = Vec::new();
    for (ply, text, clock) in slots {
        let (number, side) = number_and_side(first_number, first_mover, ply);
        let clock = clock.map(format_clock).unwrap_or_default();
        match side {
            Color::White => {
                rows.push((number, text, clock, String::new(), String::new()));
                row_last_ply.push(ply);
            }
            Color::Black => match rows.last_mut() {
                Some(row) if row.0 == number && row.3.is_empty() => {
                    row.3 = text;
                    row.4 = clock;
                    if let Some(last) = row_last_ply.last_mut() {
                        *last = ply;
                    }
                }
                _ => {
                    rows.push((number, "...".into(), String::new(), text, clock));
                    row_last_ply.push(ply);
                }
            },
        }
    }
    let move_width = rows
        .iter()
        .flat_map(|r| [r.1.len(), r.3.len()])
        .max()
        .unwrap_or(0)
        .max(6);
    let clock_width = rows
        .iter()
        .flat_map(|r| [r.2.len(), r.4.len()])
        .max()
        .unwrap_or(0);
    let number_width = rows
        .iter()
        .map(|r| r.0.to_string().len())
        .max()
        .unwrap_or(1);
    let mut pending_claims = claims_after.into_iter().peekable();
    while let Some((_, text)) = pending_claims.next_if(|(ply, _)| *ply == 0) {
        out.push(text);
    }
    for (row, last_ply) in rows.iter().zip(row_last_ply) {
        let (number, white, white_clock, black, black_clock) = row;
        let line = format!(
            "  {number:>number_width$}.  {white:<move_width$}  {white_clock:>clock_width$}     {black:<move_width$}  {black_clock:>clock_width$}"
        );
        out.push(line.trim_end().to_string());
        while let Some((_, text)) = pending_claims.next_if(|(ply, _)| *ply <= last_ply) {
            out.push(format!("      {text}"));
        }
    }
    out.extend(pending_claims.map(|(_, text)| text));
    out.push(String::new());
    let result = match record.result {
        SheetResult::Ongoing if record.sealed.is_some() => label("sheet-adjourned"),
        SheetResult::Ongoing => label("sheet-in-progress"),
        // A forfeit is written "+/-" or "-/+" (14 glossary), the points after it.
        other => match record.forfeit_mark() {
            Some(mark) => format!("{mark}  {}", other.pgn()),
            None => other.pgn().to_string(),
        },
    };
    let result_label = label("sheet-result");
    match &record.result_reason {
        Some(reason) => out.push(format!("{result_label}:  {result}  ({reason})")),
        None => out.push(format!("{result_label}:  {result}")),
    }
    out.push(String::new());
    out.push(format!(
        "{}:  ______________________",
        label("sheet-white-signature")
    ));
    out.push(String::new());
    out.push(format!(
        "{}:  ______________________",
        label("sheet-black-signature")
    ));
    let mut text = out.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoresheet::record::{Clocks, Headers};

    #[test]
    fn pairs_clocks_offer_result() {
        let mut record = Record::new(
            Headers {
                white: "Anna".into(),
                black: "Bert".into(),
                ..Headers::default()
            },
            None,
        )
        .unwrap();
        record
            .push_san("d4", Some(Clocks::new(3_600_000, 3_600_000)), None)
            .unwrap();
        record
            .push_san("Nf6", Some(Clocks::new(3_600_000, 3_590_000)), None)
            .unwrap();
        record.offer_draw().unwrap();
        record
            .push_san("c4", Some(Clocks::new(3_500_000, 3_590_000)), None)
            .unwrap();
        record.finish(SheetResult::WhiteWins, "Black resigned");
        let sheet = write(&record, false, Lang::En);
        let lines: Vec<&str> = sheet.lines().collect();
        assert!(lines.contains(&"White:  Anna"));
        assert!(
            lines.contains(&"  1.  d4       1:00:00     Nf6 (=)  0:59:50"),
            "{sheet}"
        );
        assert!(lines.contains(&"  2.  c4       0:58:20"), "{sheet}");
        assert!(lines.contains(&"Result:  1-0  (Black resigned)"));
        assert!(sheet.is_ascii());
    }

    /// A forfeit entered by the arbiter: the print sheet shows its mark before the result.
    #[test]
    fn forfeit_shows_its_mark() {
        let mut record = Record::default();
        record.finish(SheetResult::WhiteWins, "Black did not appear");
        record.forfeit = true;
        let sheet = write(&record, false, Lang::En);
        assert!(
            sheet.contains("Result:  +/-  1-0  (Black did not appear)"),
            "{sheet}"
        );
    }

    /// fa E8, 05 E.9 write "exd6 e.p."; 14 C.10 makes it optional and the 2018 text has none:
    /// the sheet follows the record's edition.
    #[test]
    fn en_passant_marked_by_edition() {
        let sheet_under = |rules: Option<&str>| {
            let headers = Headers {
                rules_edition: rules.map(str::to_string),
                ..Headers::default()
            };
            let mut record = Record::new(headers, None).unwrap();
            for san in ["e4", "a6", "e5", "d5", "exd6", "Nf6"] {
                record.push_san(san, None, None).unwrap();
            }
            record.offer_draw().unwrap();
            write(&record, false, Lang::En)
        };
        for rules in ["fide-2001", "fide-2005", "fide-2009"] {
            let sheet = sheet_under(Some(rules));
            assert!(sheet.contains("  3.  exd6 e.p.  "), "{rules}: {sheet}");
            assert!(sheet.contains("Nf6 (=)"), "{rules}: {sheet}");
            assert_eq!(sheet.matches("e.p.").count(), 1, "{rules}: {sheet}");
        }
        for rules in [Some("fide-2014"), Some("fide-2018"), None] {
            let sheet = sheet_under(rules);
            assert!(sheet.contains("  3.  exd6  "), "{rules:?}: {sheet}");
            assert!(!sheet.contains("e.p."), "{rules:?}: {sheet}");
        }
    }

    #[test]
    fn black_first_row_has_dots() {
        let mut record = Record::new(
            Headers::default(),
            Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7".into()),
        )
        .unwrap();
        record.push_san("Kd7", None, None).unwrap();
        let sheet = write(&record, false, Lang::En);
        assert!(sheet.contains("  7.  ...          Kd7"), "{sheet}");
    }
}
