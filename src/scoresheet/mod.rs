//! The scoresheet: the record of a game as FIDE Article 8 lets a scoresheet hold it (every
//! made move with its clock readings, draw offers, claims, a sealed move, the result), its
//! renderers (PGN, Unicode braille and BRF as BRAILLE.md describes, plain text for print),
//! reading move lists as people write them ([`movelist`]; a sheet file in whichever format,
//! [`load`]), and reconciling two scoresheets (FIDE D.2.7–8).
//!
//! Two moves in BRF, BAUK letters:
//!
//! ```
//! use rochade::scoresheet::{brf, Record};
//!
//! let mut record = Record::default();
//! record.push_san("Nf3", None, None)?;
//! record.push_san("d5", None, None)?;
//! assert_eq!(brf::write_brf(&record, &brf::BrailleOptions::default()).unwrap(), "1 SF3 D5\r\n");
//! # Ok::<(), rochade::scoresheet::RecordError>(())
//! ```
pub mod braille;
pub mod brf;
pub mod labels;
pub mod load;
pub mod movelist;
pub mod pgn;
pub mod reconcile;
pub mod record;
pub mod text;

pub use braille::Letters;
pub use record::{
    Claim, ClaimKind, ClaimOutcome, ClockReadings, Clocks, Headers, MoveEntry, Record, RecordError,
    SealedMove, SheetResult, Side,
};
