//! Reconciling two scoresheets (FIDE D.2.7–8): when the two boards differ, the moves are
//! retraced to the point where the two game scores agree and the arbiter resets the clocks.
//! Compares the sheets move by move (as moves, so `Sf3` and `Nf3`, `0-0` and `O-O`, `e8D`
//! and `e8=Q` agree) and reports the last single move both have the same, the position
//! there, the first difference as each sheet writes it, and, with a journal, both clock
//! readings after the last agreeing move.
//!
//! ```
//! use rochade::scoresheet::movelist::read_move_list;
//! use rochade::scoresheet::reconcile::reconcile;
//!
//! let a = read_move_list("1. e4 e5 2. Nf3 Nc6 3. Bb5", None).unwrap();
//! let b = read_move_list("1. e4 e5 2. Sf3 Sf6 3. Lb5", None).unwrap();
//! let report = reconcile(&a, &b).unwrap();
//! assert!(!report.agree);
//! assert_eq!((report.last_agreeing_move, report.last_agreeing_ply), (2, 3));
//! let difference = report.difference.unwrap();
//! assert_eq!((difference.number, difference.a.as_deref(), difference.b.as_deref()),
//!            (2, Some("Nc6"), Some("Sf6")));
//! ```
use serde::Serialize;
use shakmaty::{Chess, Position};

use super::labels::Labels;
use super::movelist::{Sheet, SheetProblem};
use super::record::{ClockReadings, Record, Side, fen_of};
use crate::catalog::Catalog;
use crate::lang::Lang;

/// The report on two sheets, in the JSON shape of INTERFACES.md (plus a few fields).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reconciliation {
    pub agree: bool,
    /// The full-move number of the last single move both sheets have the same (0: none).
    pub last_agreeing_move: u32,
    /// Whose move that was; `None` when they agree on no move.
    pub last_agreeing_side: Option<Side>,
    /// How many half-moves agree.
    pub last_agreeing_ply: usize,
    /// The position after the last agreeing move.
    pub fen: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difference: Option<Difference>,
    /// Both clock readings after the last agreeing move, from the journal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clocks: Option<ClockReadings>,
    /// Whether the journal has the same moves up to the last agreeing move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub journal_agrees: Option<bool>,
    /// How many half-moves each sheet has (as far as it could be read).
    pub plies_a: usize,
    pub plies_b: usize,
}

/// The first move on which the sheets differ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// Its full-move number.
    #[serde(rename = "move")]
    pub number: u32,
    pub side: Side,
    /// Its half-move count from the start (1 = the first move).
    pub ply: usize,
    /// The move as sheet A writes it; `None` when sheet A has no move there.
    pub a: Option<String>,
    pub b: Option<String>,
    /// The same in SAN with English letters, when it is a legal move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a_san: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b_san: Option<String>,
    /// Why sheet A stops being readable there, if it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a_problem: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b_problem: Option<String>,
}

/// Why two sheets cannot be compared at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReconcileError {
    #[error("the sheets start from different positions: A from {a}, B from {b}")]
    DifferentStart { a: String, b: String },
}

/// What one sheet has at a half-move where the sheets differ.
struct AtPly {
    written: Option<String>,
    san: Option<String>,
    problem: Option<String>,
}

fn at_ply(sheet: &Sheet, index: usize) -> AtPly {
    if let Some(m) = sheet.moves.get(index) {
        return AtPly {
            written: Some(m.written.clone()),
            san: Some(m.san.clone()),
            problem: None,
        };
    }
    match &sheet.problem {
        Some(problem) => AtPly {
            // A move that is missing (a number out of turn, moves after the result) has no text.
            written: match problem {
                SheetProblem::NumberMismatch { .. } | SheetProblem::AfterResult { .. } => None,
                other => Some(other.token().to_string()),
            },
            san: None,
            problem: Some(problem.to_string()),
        },
        None => AtPly {
            written: None,
            san: None,
            problem: None,
        },
    }
}

/// Compares two sheets move by move.
pub fn reconcile(a: &Sheet, b: &Sheet) -> Result<Reconciliation, ReconcileError> {
    let (start_a, start_b) = (fen_of(&a.start), fen_of(&b.start));
    if start_a != start_b {
        return Err(ReconcileError::DifferentStart {
            a: start_a,
            b: start_b,
        });
    }
    let agreeing = a
        .moves
        .iter()
        .zip(&b.moves)
        .take_while(|(x, y)| x.uci == y.uci)
        .count();
    let agree = agreeing == a.moves.len()
        && agreeing == b.moves.len()
        && a.problem.is_none()
        && b.problem.is_none();
    let mut pos: Chess = a.start.clone();
    for m in a.moves.iter().take(agreeing) {
        if let Ok(uci) = m.uci.parse::<shakmaty::uci::UciMove>()
            && let Ok(legal) = uci.to_move(&pos)
        {
            pos.play_unchecked(legal);
        }
    }
    let (last_agreeing_move, last_agreeing_side) = if agreeing == 0 {
        (0, None)
    } else {
        let (number, color) = a.number_and_side(agreeing);
        (number, Some(Side::from(color)))
    };
    let difference = (!agree).then(|| {
        let (number, color) = a.number_and_side(agreeing + 1);
        let (x, y) = (at_ply(a, agreeing), at_ply(b, agreeing));
        Difference {
            number,
            side: Side::from(color),
            ply: agreeing + 1,
            a: x.written,
            b: y.written,
            a_san: x.san,
            b_san: y.san,
            a_problem: x.problem,
            b_problem: y.problem,
        }
    });
    Ok(Reconciliation {
        agree,
        last_agreeing_move,
        last_agreeing_side,
        last_agreeing_ply: agreeing,
        fen: fen_of(&pos),
        difference,
        clocks: None,
        journal_agrees: None,
        plies_a: a.moves.len(),
        plies_b: b.moves.len(),
    })
}

impl Reconciliation {
    /// Adds the clock readings after the last agreeing move from the game's journal (a record),
    /// and whether the journal has the same moves up to there.
    pub fn with_journal(mut self, journal: &Record, agreed: &Sheet) -> Self {
        let ply = self.last_agreeing_ply;
        self.clocks = Some(journal.clocks_after_ply(ply));
        let same = journal.moves.len() >= ply
            && journal
                .moves
                .iter()
                .zip(&agreed.moves)
                .take(ply)
                .all(|(j, s)| j.uci == s.uci);
        self.journal_agrees = Some(same);
        self
    }

    /// The report in plain English sentences for the arbiter.
    pub fn words(&self) -> String {
        self.words_in(Lang::En)
    }

    /// The report in plain sentences for the arbiter, in `lang`.
    pub fn words_in(&self, lang: Lang) -> String {
        let catalog = Catalog::builtin(lang);
        let words = Labels::new(lang);
        let mut lines = Vec::new();
        let last = match self.last_agreeing_side {
            Some(side) => catalog.text(
                "reconcile-last-move",
                &[
                    ("side", words.side(side).into()),
                    ("number", self.last_agreeing_move.to_string().into()),
                    ("plies", self.last_agreeing_ply.to_string().into()),
                ],
            ),
            None => catalog.text("reconcile-no-move", &[]),
        };
        if self.agree {
            lines.push(catalog.text("reconcile-agree", &[("last", (&last).into())]));
        } else if let Some(d) = &self.difference {
            // As written, with the English SAN when the sheet writes it otherwise.
            let written = |text: &Option<String>, san: &Option<String>| match (text, san) {
                (Some(t), Some(s)) if t != s => {
                    catalog.text("reconcile-has-as", &[("text", t.into()), ("san", s.into())])
                }
                (Some(t), _) => catalog.text("reconcile-has", &[("text", t.into())]),
                (None, _) => catalog.text("reconcile-has-none", &[]),
            };
            lines.push(catalog.text(
                "reconcile-differ",
                &[
                    ("side", words.side(d.side).into()),
                    ("number", d.number.to_string().into()),
                    ("a", written(&d.a, &d.a_san).into()),
                    ("b", written(&d.b, &d.b_san).into()),
                ],
            ));
            if let Some(problem) = &d.a_problem {
                lines.push(catalog.text("reconcile-sheet-a", &[("problem", problem.into())]));
            }
            if let Some(problem) = &d.b_problem {
                lines.push(catalog.text("reconcile-sheet-b", &[("problem", problem.into())]));
            }
            if self.last_agreeing_side.is_some() {
                lines.push(catalog.text("reconcile-agree-up-to", &[("last", (&last).into())]));
            } else {
                lines.push(catalog.text("reconcile-agree-on-none", &[]));
            }
        }
        lines.push(catalog.text("reconcile-position", &[("fen", (&self.fen).into())]));
        if let Some(clocks) = &self.clocks {
            let reading = |ms: Option<u64>| {
                ms.map_or_else(
                    || catalog.text("reconcile-clock-unknown", &[]),
                    |ms| duration_in(ms, &catalog),
                )
            };
            lines.push(catalog.text(
                "reconcile-clocks",
                &[
                    ("white", reading(clocks.white_ms).into()),
                    ("black", reading(clocks.black_ms).into()),
                ],
            ));
        }
        if self.journal_agrees == Some(false) {
            lines.push(catalog.text("reconcile-journal-differs", &[]));
        }
        let mut text = lines.join("\n");
        text.push('\n');
        text
    }
}

/// A time in English words: "1 hour, 2 minutes and 5 seconds".
pub fn duration_words(ms: u64) -> String {
    duration_in(ms, &Catalog::builtin(Lang::En))
}

/// A time in a catalog's words, in digits: "1 Stunde, 2 Minuten und 5 Sekunden".
fn duration_in(ms: u64, catalog: &Catalog) -> String {
    let seconds = ms / 1000;
    let (h, m, s) = (seconds / 3600, (seconds / 60) % 60, seconds % 60);
    let unit = |n: u64, id: &str| catalog.text(id, &[("count", n.into())]);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(unit(h, "reconcile-hours"));
    }
    if m > 0 {
        parts.push(unit(m, "reconcile-minutes"));
    }
    if s > 0 || parts.is_empty() {
        parts.push(unit(s, "reconcile-seconds"));
    }
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} {} {last}", rest.join(", "), catalog.text("and", &[]))
        }
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoresheet::movelist::read_move_list;
    use crate::scoresheet::record::Clocks;

    #[test]
    fn same_moves_in_other_letters_agree() {
        let a = read_move_list("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O", None).unwrap();
        let b = read_move_list("e4 e5 Sf3 Sc6 Lb5 a6 0-0", None).unwrap();
        let report = reconcile(&a, &b).unwrap();
        assert!(report.agree);
        assert_eq!(report.last_agreeing_ply, 7);
        assert_eq!(report.last_agreeing_side, Some(Side::White));
        assert!(report.difference.is_none());
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["agree"], true);
        assert!(json.get("difference").is_none());
    }

    #[test]
    fn difference_at_black_after_white_agrees() {
        let a = read_move_list("1. d4 d5 2. c4 e6", None).unwrap();
        let b = read_move_list("1. d4 d5 2. c4 c6", None).unwrap();
        let report = reconcile(&a, &b).unwrap();
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["last_agreeing_move"], 2);
        assert_eq!(json["last_agreeing_side"], "white");
        assert_eq!(json["last_agreeing_ply"], 3);
        assert_eq!(json["difference"]["move"], 2);
        assert_eq!(json["difference"]["side"], "black");
        assert_eq!(json["difference"]["a"], "e6");
        assert_eq!(json["difference"]["b"], "c6");
        assert_eq!(
            json["fen"],
            "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"
        );
    }

    #[test]
    fn a_shorter_sheet_and_an_illegal_move() {
        let a = read_move_list("1. e4 e5 2. Nf3", None).unwrap();
        let b = read_move_list("1. e4 e5", None).unwrap();
        let report = reconcile(&a, &b).unwrap();
        let d = report.difference.unwrap();
        assert_eq!(
            (d.ply, d.a.as_deref(), d.b.as_deref()),
            (3, Some("Nf3"), None)
        );

        let c = read_move_list("1. e4 e5 2. Nf4", None).unwrap();
        let report = reconcile(&a, &c).unwrap();
        let d = report.difference.clone().unwrap();
        assert_eq!(d.b.as_deref(), Some("Nf4"));
        assert_eq!(
            d.b_problem.as_deref(),
            Some("White's move 2, \"Nf4\": no legal move fits it")
        );
        assert!(report.words().contains("sheet A has Nf3, sheet B has Nf4"));
    }

    #[test]
    fn journal_gives_the_clocks_to_set() {
        let a = read_move_list("1. e4 e5 2. Nf3 Nc6", None).unwrap();
        let b = read_move_list("1. e4 e5 2. Nf3 Nf6", None).unwrap();
        let mut journal = Record::default();
        for (i, san) in ["e4", "e5", "Nf3", "Nc6"].into_iter().enumerate() {
            let t = u64::try_from(i).unwrap() * 1000;
            journal
                .push_san(san, Some(Clocks::new(600_000 - t, 590_000 - t)), None)
                .unwrap();
        }
        let report = reconcile(&a, &b).unwrap().with_journal(&journal, &a);
        assert_eq!(
            report.clocks,
            Some(ClockReadings {
                white_ms: Some(598_000),
                black_ms: Some(588_000)
            })
        );
        assert_eq!(report.journal_agrees, Some(true));
        assert!(
            report
                .words()
                .contains("White 9 minutes and 58 seconds, Black 9 minutes and 48 seconds")
        );
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(duration_words(3_725_000), "1 hour, 2 minutes and 5 seconds");
        assert_eq!(duration_words(60_000), "1 minute");
        assert_eq!(duration_words(0), "0 seconds");
    }
}
