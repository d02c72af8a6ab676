//! The scoresheet as plain text for print, for the arbiter and the opponent: the headers,
//! numbered move pairs in SAN with English letters, each move's clock reading, draw offers
//! "(=)", claims, a sealed move (shown only as "sealed" unless revealed), the result and its
//! reason, and lines for the signatures (FIDE 8.7). Plain lines, wide spacing, no colour and
//! no box drawing, so it prints large and reads well aloud.
//!
//! ```
//! use rochade::scoresheet::{text, Clocks, Record};
//!
//! let mut record = Record::default();
//! record.push_san("e4", Some(Clocks::new(5_399_000, 5_400_000)), None)?;
//! record.push_san("c5", Some(Clocks::new(5_399_000, 5_391_000)), None)?;
//! let sheet = text::write(&record, false);
//! assert!(sheet.contains("  1.  e4      1:29:59     c5      1:29:51"));
//! # Ok::<(), rochade::scoresheet::RecordError>(())
//! ```
use shakmaty::{Color, Position};

use super::pgn::format_clock;
use super::record::{GameResult, Record, number_and_side};

/// One move as printed: SAN, then "(=)" after a draw offer.
fn move_text(san: &str, draw_offered: bool) -> String {
    if draw_offered {
        format!("{san} (=)")
    } else {
        san.to_string()
    }
}

/// The sheet as plain text lines joined with LF.
pub fn write(record: &Record, reveal_sealed: bool) -> String {
    let h = &record.headers;
    let mut out = Vec::new();
    let known = |v: &str| {
        if v.trim().is_empty() {
            "?".to_string()
        } else {
            v.trim().to_string()
        }
    };
    out.push("SCORESHEET".to_string());
    out.push(String::new());
    out.push(format!("White:  {}", known(&h.white)));
    out.push(format!("Black:  {}", known(&h.black)));
    for (label, value) in [
        ("Event", &h.event),
        ("Site", &h.site),
        ("Date", &h.date),
        ("Round", &h.round),
    ] {
        if !value.trim().is_empty() {
            out.push(format!("{label}:  {}", value.trim()));
        }
    }
    if let Some(tc) = &h.time_control {
        out.push(format!("Time control:  {tc}"));
    }
    if let Some(rules) = &h.rules_edition {
        out.push(format!("Rules:  {rules}"));
    }
    if let Some(fen) = &record.start_fen {
        out.push(format!("Start position:  {fen}"));
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
        .map(|c| {
            let mut text = format!(
                "Claim by {}: {}, {}",
                c.by.words(),
                c.kind.words(),
                c.outcome.words()
            );
            if let Some(m) = &c.intended_move {
                text.push_str(&format!("; intended move {m}"));
            }
            (c.after_ply, text)
        })
        .collect();
    claims_after.sort_by_key(|(ply, _)| *ply);
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
            (i + 1, move_text(&e.san, e.draw_offered), clock)
        })
        .collect();
    if let Some(sealed) = &record.sealed {
        let text = if reveal_sealed {
            format!("{} (sealed)", sealed.san)
        } else {
            "sealed".to_string()
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
        GameResult::Ongoing if record.sealed.is_some() => "adjourned".to_string(),
        GameResult::Ongoing => "game in progress".to_string(),
        other => other.pgn().to_string(),
    };
    match &record.result_reason {
        Some(reason) => out.push(format!("Result:  {result}  ({reason})")),
        None => out.push(format!("Result:  {result}")),
    }
    out.push(String::new());
    out.push("White's signature:  ______________________".to_string());
    out.push(String::new());
    out.push("Black's signature:  ______________________".to_string());
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
        record.finish(GameResult::WhiteWins, "Black resigned");
        let sheet = write(&record, false);
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

    #[test]
    fn black_first_row_has_dots() {
        let mut record = Record::new(
            Headers::default(),
            Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7".into()),
        )
        .unwrap();
        record.push_san("Kd7", None, None).unwrap();
        let sheet = write(&record, false);
        assert!(sheet.contains("  7.  ...          Kd7"), "{sheet}");
    }
}
