//! The scoresheet's words in the sheet's language: the print headings, the claim lines, the
//! word for a sealed move, the players in the braille heading. They come from the language's
//! catalog ([`crate::catalog`], the `sheet-*` and `claim-*` messages); the readers of PGN and
//! BRF know the sealed-move words of every built-in language.
use std::sync::Arc;

use super::record::{Claim, ClaimKind, ClaimOutcome, Side};
use crate::catalog::Catalog;
use crate::lang::Lang;

/// A sheet's words in one language.
#[derive(Debug, Clone)]
pub struct Labels {
    catalog: Arc<Catalog>,
}

impl Labels {
    /// The words of the built-in catalog of `lang`.
    pub fn new(lang: Lang) -> Labels {
        Labels {
            catalog: Catalog::builtin(lang),
        }
    }

    /// A heading or word by its message id: "sheet-title", "sheet-white", …
    pub fn get(&self, id: &str) -> String {
        self.catalog.text(id, &[])
    }

    /// "Weiß" / "White", as the sheet names a side.
    pub fn side(&self, side: Side) -> String {
        self.get(match side {
            Side::White => "sheet-white",
            Side::Black => "sheet-black",
        })
    }

    /// The players: "Anna v Bert".
    pub fn versus(&self, white: &str, black: &str) -> String {
        self.catalog.text(
            "sheet-versus",
            &[("white", white.into()), ("black", black.into())],
        )
    }

    /// What was claimed, in words.
    pub fn claim_kind(&self, kind: &ClaimKind) -> String {
        match kind {
            ClaimKind::ThreefoldRepetition => self.get("claim-threefold-repetition"),
            ClaimKind::FiftyMoves => self.get("claim-fifty-moves"),
            ClaimKind::Time => self.get("claim-time"),
            ClaimKind::QuickplayFinish => self.get("claim-quickplay-finish"),
            ClaimKind::IllegalMove => self.get("claim-illegal-move"),
            ClaimKind::Other(words) => words.clone(),
        }
    }

    /// How a claim ended, in words.
    pub fn claim_outcome(&self, outcome: ClaimOutcome) -> String {
        self.get(match outcome {
            ClaimOutcome::Pending => "claim-pending",
            ClaimOutcome::Upheld => "claim-upheld-outcome",
            ClaimOutcome::Rejected => "claim-rejected",
        })
    }

    /// A claim line: "Claim by White: threefold repetition, upheld; intended move Nf3".
    /// `intended` overrides how the intended move is written (the braille sheet writes its own
    /// token after the line); `None` writes the claim's SAN.
    pub fn claim(&self, claim: &Claim, with_move: Option<&str>) -> String {
        let side = self.side(claim.by);
        let kind = self.claim_kind(&claim.kind);
        let outcome = self.claim_outcome(claim.outcome);
        match with_move.or(claim.intended_move.as_deref()) {
            Some(m) => self.catalog.text(
                "sheet-claim-with-move",
                &[
                    ("side", side.into()),
                    ("kind", kind.into()),
                    ("outcome", outcome.into()),
                    ("move", m.into()),
                ],
            ),
            None => self.catalog.text(
                "sheet-claim",
                &[
                    ("side", side.into()),
                    ("kind", kind.into()),
                    ("outcome", outcome.into()),
                ],
            ),
        }
    }
}

/// The sealed-move comment words of every built-in language ("sealed move", "abgegebener
/// Zug"), for reading a PGN back.
pub fn sealed_move_words() -> Vec<String> {
    Lang::ALL
        .iter()
        .map(|&l| Labels::new(l).get("sheet-sealed-move"))
        .collect()
}
