//! The scoresheet record: what FIDE Article 8 lets a scoresheet hold (moves, clock readings,
//! draw offers, claims, a sealed move, the result) plus the headers, as one serde value that
//! the assistant builds move by move and every renderer reads.
//!
//! ```
//! use rochade::scoresheet::{Clocks, SheetResult, Headers, Record};
//!
//! let mut record = Record::new(Headers::default(), None)?;
//! record.push_san("e4", Some(Clocks::new(5_400_000, 5_400_000)), Some(3_000))?;
//! record.push_san("e5", Some(Clocks::new(5_400_000, 5_395_000)), Some(8_000))?;
//! record.offer_draw()?;
//! record.finish(SheetResult::Draw, "draw agreed");
//! assert_eq!(record.moves()[1].uci, "e7e5");
//! assert_eq!(record.clocks_after_ply(2).black_ms, Some(5_395_000));
//! # Ok::<(), rochade::scoresheet::RecordError>(())
//! ```
use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

pub use crate::game::Variant;
use crate::game::uci_in;

/// The game's headers: the PGN seven-tag roster (without the result, which the record keeps
/// itself), the time control, the rules edition and any other tags.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Headers {
    /// White's name; empty when unknown.
    #[serde(default)]
    pub white: String,
    /// Black's name; empty when unknown.
    #[serde(default)]
    pub black: String,
    #[serde(default)]
    pub event: String,
    #[serde(default)]
    pub site: String,
    /// The date as PGN writes it, `YYYY.MM.DD` with `??` for unknown parts; empty when unknown.
    #[serde(default)]
    pub date: String,
    #[serde(default)]
    pub round: String,
    /// The time control in PGN `TimeControl` syntax, e.g. `40/5400+30:1800+30`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// The edition of the FIDE Laws the game is played under, e.g. `fide-2018`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_edition: Option<String>,
    /// Further tags, in order (name, value).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<(String, String)>,
}

/// Both clock readings at one moment, in milliseconds of remaining time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    pub white_ms: u64,
    pub black_ms: u64,
}

impl Clocks {
    pub fn new(white_ms: u64, black_ms: u64) -> Self {
        Clocks { white_ms, black_ms }
    }
}

/// The clock readings known at one point of the game; a record read from a PGN knows only the
/// readings its `[%clk]` comments gave, so either side may be unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ClockReadings {
    pub white_ms: Option<u64>,
    pub black_ms: Option<u64>,
}

/// One made move as the scoresheet holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEntry {
    /// Standard algebraic notation with English letters and the check or mate sign, `Nf3+`.
    pub san: String,
    /// UCI, castling as the king's move, `e1g1`; in Chess960 onto its rook, `e1h1`.
    pub uci: String,
    /// White's remaining time after the move, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_ms: Option<u64>,
    /// Black's remaining time after the move, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_ms: Option<u64>,
    /// When the move was made, on the assistant's time line (milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_ms: Option<u64>,
    /// A draw was offered with this move, written "(=)" (FIDE 9.1, Appendix C).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draw_offered: bool,
    /// This move was sealed at an adjournment and played at resumption.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub was_sealed: bool,
}

/// What a claim was for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// FIDE 9.2.
    ThreefoldRepetition,
    /// FIDE 9.3.
    FiftyMoves,
    /// The opponent's flag fell (FIDE 6.9).
    Time,
    /// Quickplay finish (FIDE Appendix G).
    QuickplayFinish,
    /// An illegal move by the opponent (FIDE 7.5).
    IllegalMove,
    /// Anything else, in words.
    Other(String),
}

impl ClaimKind {
    /// The claim in plain words, for people.
    pub fn words(&self) -> String {
        match self {
            ClaimKind::ThreefoldRepetition => "threefold repetition".into(),
            ClaimKind::FiftyMoves => "fifty-move rule".into(),
            ClaimKind::Time => "time".into(),
            ClaimKind::QuickplayFinish => "quickplay finish".into(),
            ClaimKind::IllegalMove => "illegal move".into(),
            ClaimKind::Other(words) => words.clone(),
        }
    }
}

/// How a claim ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimOutcome {
    Pending,
    Upheld,
    Rejected,
}

impl ClaimOutcome {
    pub fn words(self) -> &'static str {
        match self {
            ClaimOutcome::Pending => "pending",
            ClaimOutcome::Upheld => "upheld",
            ClaimOutcome::Rejected => "rejected",
        }
    }
}

/// A claim made during the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// How many half-moves had been made when the claim was made.
    pub after_ply: usize,
    pub kind: ClaimKind,
    /// By whom.
    pub by: Side,
    /// The move the claimant wrote down and declared (FIDE 9.2.1.1, 9.3.1), in SAN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intended_move: Option<String>,
    pub outcome: ClaimOutcome,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_ms: Option<u64>,
}

/// White or Black, as the record and the assistant's events and effects write it (one side
/// type; the board's own is shakmaty's `Color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn words(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
    pub fn code(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

impl From<Color> for Side {
    fn from(color: Color) -> Self {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// A move sealed at an adjournment (FIDE Appendix E): written down, not made. Renderers show
/// only that a move was sealed unless asked to reveal it (the copy for the envelope).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedMove {
    pub san: String,
    pub uci: String,
    /// The clock readings when the sealer stopped his clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_ms: Option<u64>,
}

/// The result as a scoresheet writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum SheetResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// Not finished (or adjourned).
    #[default]
    #[serde(rename = "*")]
    Ongoing,
}

impl SheetResult {
    /// The PGN form: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn pgn(self) -> &'static str {
        match self {
            SheetResult::WhiteWins => "1-0",
            SheetResult::BlackWins => "0-1",
            SheetResult::Draw => "1/2-1/2",
            SheetResult::Ongoing => "*",
        }
    }

    /// Reads the PGN form (and `½-½`).
    pub fn from_pgn(text: &str) -> Option<SheetResult> {
        match text.trim() {
            "1-0" => Some(SheetResult::WhiteWins),
            "0-1" => Some(SheetResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(SheetResult::Draw),
            "*" => Some(SheetResult::Ongoing),
            _ => None,
        }
    }
}

/// What can go wrong building a record; each says what to fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("the start position {fen:?} is not a legal chess position: {reason}")]
    BadStartPosition { fen: String, reason: String },
    #[error("move {number} for {side} ({text}) is not legal in the position reached")]
    IllegalMove {
        number: u32,
        side: &'static str,
        text: String,
    },
    #[error("move {number} for {side} ({text}) cannot be read as SAN")]
    UnreadableSan {
        number: u32,
        side: &'static str,
        text: String,
    },
    #[error("the record's move {ply} ({text}) does not replay: {reason}")]
    Corrupt {
        ply: usize,
        text: String,
        reason: String,
    },
    #[error("no move has been made yet, so there is no move to mark a draw offer on")]
    NoMoveYet,
    #[error("the sealed move is {sealed}; {made} was made instead")]
    SealedMoveDiffers { sealed: String, made: String },
    #[error("there is no claim number {0}")]
    NoSuchClaim(usize),
}

/// The scoresheet of one game.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Record {
    pub headers: Headers,
    /// Standard chess or Chess960 (whose start position is always written, `start_fen`).
    #[serde(default, skip_serializing_if = "is_standard")]
    pub variant: Variant,
    /// The start position when it is not the standard one (in Chess960 always).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_fen: Option<String>,
    /// The clocks before the first move, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_clocks: Option<Clocks>,
    #[serde(default)]
    pub moves: Vec<MoveEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claims: Vec<Claim>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed: Option<SealedMove>,
    #[serde(default)]
    pub result: SheetResult,
    /// How the game ended, in words ("Black resigned", "threefold repetition").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_reason: Option<String>,
    /// The result is a forfeit, the arbiter's ruling (a player absent past the default time,
    /// 6.7, or the event's rules): written "+/-" or "-/+" on the print sheet (14 glossary),
    /// "1-0" or "0-1" in PGN, where a comment "{+/-}" keeps it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forfeit: bool,
    /// The position after the moves, kept by [`Record::push_move`] so that a game is recorded
    /// in linear time (replaying the whole game for every move made a long sheet quadratic).
    #[serde(skip)]
    tip: Tip,
}

/// The position after a record's moves, with what it was computed from: it is used only while
/// the record still has that start, that many moves and that last move (the fields are public,
/// so a record changed by hand is replayed instead).
#[derive(Debug, Clone, Default)]
struct Tip(Option<TipPosition>);

#[derive(Debug, Clone)]
struct TipPosition {
    start_fen: Option<String>,
    plies: usize,
    last_uci: Option<String>,
    pos: Chess,
}

/// A cache: two records with the same game are equal whatever their caches hold.
impl PartialEq for Tip {
    fn eq(&self, _: &Tip) -> bool {
        true
    }
}

impl Eq for Tip {}

impl Tip {
    fn position_of(&self, record: &Record) -> Option<Chess> {
        let tip = self.0.as_ref()?;
        (tip.plies == record.moves.len()
            && tip.start_fen == record.start_fen
            && tip.last_uci.as_deref() == record.moves.last().map(|m| m.uci.as_str()))
        .then(|| tip.pos.clone())
    }
}

/// The full-move number and side of a half-move, counted from 1, for a game that starts with
/// `first_mover` on move `first_number`.
pub(crate) fn number_and_side(first_number: u32, first_mover: Color, ply: usize) -> (u32, Color) {
    // Count in half-moves from White's move of `first_number`.
    let offset = ply.saturating_sub(1) + usize::from(first_mover == Color::Black);
    let number = first_number.saturating_add(u32::try_from(offset / 2).unwrap_or(u32::MAX));
    let side = if offset.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    (number, side)
}

fn is_standard(variant: &Variant) -> bool {
    *variant == Variant::Standard
}

/// Parses a FEN into a standard chess position.
pub fn position_from_fen(fen: &str) -> Result<Chess, RecordError> {
    position_from_fen_in(fen, Variant::Standard)
}

/// Parses a FEN into a position of `variant` (its castling rights read as that variant's).
pub fn position_from_fen_in(fen: &str, variant: Variant) -> Result<Chess, RecordError> {
    let bad = |reason: String| RecordError::BadStartPosition {
        fen: fen.to_string(),
        reason,
    };
    let parsed = Fen::from_ascii(fen.trim().as_bytes()).map_err(|e| bad(e.to_string()))?;
    parsed
        .into_position(variant.castling_mode())
        .map_err(|e| bad(e.to_string()))
}

/// The start position of a game of `variant` without a FEN: the usual one (Chess960's
/// number 518 is the same arrangement).
fn usual_start(variant: Variant) -> Chess {
    match variant {
        Variant::Standard => Chess::default(),
        Variant::Chess960 => crate::game::chess960::start_position(518).unwrap_or_default(),
    }
}

/// The FEN of a position, en passant square only when a capture is possible.
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The SAN (with check or mate sign) and UCI of a legal move in a position.
pub fn san_and_uci(pos: &Chess, m: Move) -> (String, String) {
    let san = SanPlus::from_move(pos.clone(), m).to_string();
    let uci = uci_in(pos, &m);
    (san, uci)
}

impl Record {
    /// A new, empty record; `start_fen` only when the game does not start from the standard
    /// position (checked here).
    pub fn new(headers: Headers, start_fen: Option<String>) -> Result<Record, RecordError> {
        Record::of_variant(headers, start_fen, Variant::Standard)
    }

    /// A new, empty record of a game of `variant`; a Chess960 record always keeps its start
    /// position (PGN writes it with `SetUp` and `FEN`, as Chess960 readers need).
    pub fn of_variant(
        headers: Headers,
        start_fen: Option<String>,
        variant: Variant,
    ) -> Result<Record, RecordError> {
        let start_fen = match start_fen {
            Some(fen) => {
                let pos = position_from_fen_in(&fen, variant)?;
                let fen = fen_of(&pos);
                (variant == Variant::Chess960 || fen != fen_of(&Chess::default())).then_some(fen)
            }
            None => (variant == Variant::Chess960).then(|| fen_of(&usual_start(variant))),
        };
        Ok(Record {
            headers,
            variant,
            start_fen,
            ..Record::default()
        })
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Result<Chess, RecordError> {
        match &self.start_fen {
            Some(fen) => position_from_fen_in(fen, self.variant),
            None => Ok(usual_start(self.variant)),
        }
    }

    /// The made moves, in order.
    pub fn moves(&self) -> &[MoveEntry] {
        &self.moves
    }

    /// How many half-moves have been made.
    pub fn ply_count(&self) -> usize {
        self.moves.len()
    }

    /// The full-move number and side of half-move `ply` (counted from 1).
    pub fn number_and_side(&self, ply: usize) -> Result<(u32, Side), RecordError> {
        let start = self.start_position()?;
        let (number, color) = number_and_side(start.fullmoves().get(), start.turn(), ply);
        Ok((number, color.into()))
    }

    /// The positions before each move and after the last: `ply_count() + 1` positions, with the
    /// move that leads from each to the next. Fails when a stored move does not replay.
    pub fn replay(&self) -> Result<(Vec<Chess>, Vec<Move>), RecordError> {
        let mut pos = self.start_position()?;
        let mut positions = vec![pos.clone()];
        let mut moves = Vec::with_capacity(self.moves.len());
        for (index, entry) in self.moves.iter().enumerate() {
            let m = move_from_uci_or_san(&pos, &entry.uci, &entry.san).map_err(|reason| {
                RecordError::Corrupt {
                    ply: index + 1,
                    text: entry.san.clone(),
                    reason,
                }
            })?;
            pos.play_unchecked(m);
            positions.push(pos.clone());
            moves.push(m);
        }
        Ok((positions, moves))
    }

    /// For each move (index 0 = ply 1), whether it captured en passant; empty when the moves
    /// do not replay (a sheet is still written, only without the marks).
    pub fn en_passant_moves(&self) -> Vec<bool> {
        match self.replay() {
            Ok((_, moves)) => moves.iter().map(|m| m.is_en_passant()).collect(),
            Err(_) => Vec::new(),
        }
    }

    /// Whether the sheets write "e.p." after an en passant capture: the record's edition asks
    /// for it ([`crate::game::laws::en_passant_marked`]). A record without an edition (a PGN
    /// from elsewhere) follows the current Laws, which do not.
    pub fn marks_en_passant(&self) -> bool {
        self.headers
            .rules_edition
            .as_deref()
            .and_then(|name| name.parse::<crate::rules::RulesEdition>().ok())
            .is_some_and(crate::game::laws::en_passant_marked)
    }

    /// The position after `ply` half-moves (0 = the start).
    pub fn position_after(&self, ply: usize) -> Result<Chess, RecordError> {
        let (positions, _) = self.replay()?;
        Ok(positions
            .get(ply.min(positions.len().saturating_sub(1)))
            .cloned()
            .unwrap_or_default())
    }

    /// The current position.
    pub fn position(&self) -> Result<Chess, RecordError> {
        match self.tip.position_of(self) {
            Some(pos) => Ok(pos),
            None => self.position_after(self.moves.len()),
        }
    }

    /// Records a made move (checked for legality) with both clock readings after it and when it
    /// was made. If a sealed move is pending, this must be that move (it is played at
    /// resumption, FIDE E.9).
    pub fn push_move(
        &mut self,
        m: Move,
        clocks: Option<Clocks>,
        at_ms: Option<u64>,
    ) -> Result<&MoveEntry, RecordError> {
        let mut pos = self.position()?;
        let (number, side) = self.number_and_side(self.moves.len() + 1)?;
        if !pos.is_legal(m) {
            let text = uci_in(&pos, &m);
            return Err(RecordError::IllegalMove {
                number,
                side: side.code(),
                text,
            });
        }
        let (san, uci) = san_and_uci(&pos, m);
        let mut was_sealed = false;
        if let Some(sealed) = &self.sealed {
            if sealed.uci != uci {
                return Err(RecordError::SealedMoveDiffers {
                    sealed: sealed.san.clone(),
                    made: san,
                });
            }
            was_sealed = true;
        }
        if was_sealed {
            self.sealed = None;
        }
        pos.play_unchecked(m);
        self.tip = Tip(Some(TipPosition {
            start_fen: self.start_fen.clone(),
            plies: self.moves.len() + 1,
            last_uci: Some(uci.clone()),
            pos,
        }));
        self.moves.push(MoveEntry {
            san,
            uci,
            white_ms: clocks.map(|c| c.white_ms),
            black_ms: clocks.map(|c| c.black_ms),
            at_ms,
            draw_offered: false,
            was_sealed,
        });
        self.moves.last().ok_or(RecordError::NoMoveYet)
    }

    /// [`Record::push_move`] from a move in SAN with English letters (`Nf3`, `O-O`, `e8=Q`).
    pub fn push_san(
        &mut self,
        san: &str,
        clocks: Option<Clocks>,
        at_ms: Option<u64>,
    ) -> Result<&MoveEntry, RecordError> {
        let m = self.resolve_san(san)?;
        self.push_move(m, clocks, at_ms)
    }

    fn resolve_san(&self, san: &str) -> Result<Move, RecordError> {
        let pos = self.position()?;
        let (number, side) = self.number_and_side(self.moves.len() + 1)?;
        let parsed =
            San::from_ascii(san.trim().as_bytes()).map_err(|_| RecordError::UnreadableSan {
                number,
                side: side.code(),
                text: san.to_string(),
            })?;
        parsed.to_move(&pos).map_err(|_| RecordError::IllegalMove {
            number,
            side: side.code(),
            text: san.to_string(),
        })
    }

    /// Marks a draw offer "(=)" on the last made move (FIDE 9.1.2: offered after making a move).
    pub fn offer_draw(&mut self) -> Result<(), RecordError> {
        let last = self.moves.last_mut().ok_or(RecordError::NoMoveYet)?;
        last.draw_offered = true;
        Ok(())
    }

    /// Records a claim by the side to move or by `by`; returns its index for
    /// [`Record::set_claim_outcome`]. An intended move (FIDE 9.2.1.1) is checked for legality
    /// and written in SAN, but not made.
    pub fn add_claim(
        &mut self,
        kind: ClaimKind,
        by: Side,
        intended_move: Option<Move>,
        outcome: ClaimOutcome,
        at_ms: Option<u64>,
    ) -> Result<usize, RecordError> {
        let intended_move = match intended_move {
            Some(m) => {
                let pos = self.position()?;
                if !pos.is_legal(m) {
                    let (number, side) = self.number_and_side(self.moves.len() + 1)?;
                    return Err(RecordError::IllegalMove {
                        number,
                        side: side.code(),
                        text: uci_in(&pos, &m),
                    });
                }
                Some(san_and_uci(&pos, m).0)
            }
            None => None,
        };
        self.claims.push(Claim {
            after_ply: self.moves.len(),
            kind,
            by,
            intended_move,
            outcome,
            at_ms,
        });
        Ok(self.claims.len() - 1)
    }

    /// Sets how a claim ended.
    pub fn set_claim_outcome(
        &mut self,
        index: usize,
        outcome: ClaimOutcome,
    ) -> Result<(), RecordError> {
        let claim = self
            .claims
            .get_mut(index)
            .ok_or(RecordError::NoSuchClaim(index))?;
        claim.outcome = outcome;
        Ok(())
    }

    /// Records the sealed move at an adjournment (FIDE E.1); calling it again changes it, as the
    /// sealer may until he stops his clock. The result stays `*`.
    pub fn seal(
        &mut self,
        m: Move,
        clocks: Option<Clocks>,
        at_ms: Option<u64>,
    ) -> Result<&SealedMove, RecordError> {
        let pos = self.position()?;
        if !pos.is_legal(m) {
            let (number, side) = self.number_and_side(self.moves.len() + 1)?;
            return Err(RecordError::IllegalMove {
                number,
                side: side.code(),
                text: uci_in(&pos, &m),
            });
        }
        let (san, uci) = san_and_uci(&pos, m);
        Ok(self.sealed.insert(SealedMove {
            san,
            uci,
            white_ms: clocks.map(|c| c.white_ms),
            black_ms: clocks.map(|c| c.black_ms),
            at_ms,
        }))
    }

    /// The result and how it came, in words ("Black resigned").
    pub fn finish(&mut self, result: SheetResult, reason: impl Into<String>) {
        self.result = result;
        let reason = reason.into();
        self.result_reason = (!reason.trim().is_empty()).then_some(reason);
    }

    /// The result as a forfeit is written (14 glossary): "+/-" when White wins by forfeit,
    /// "-/+" when Black does; `None` for a result that is no forfeit (a drawn "forfeit" has no
    /// such form: "-/-" is both players losing, which PGN cannot hold).
    pub fn forfeit_mark(&self) -> Option<&'static str> {
        match (self.forfeit, self.result) {
            (true, SheetResult::WhiteWins) => Some("+/-"),
            (true, SheetResult::BlackWins) => Some("-/+"),
            _ => None,
        }
    }

    /// Takes the game back to the position after `ply` half-moves (FIDE D.2.8: the moves are
    /// retraced to the point where the two scoresheets agree): later moves, claims made after
    /// that point and a sealed move go, and the result is open again.
    pub fn truncate(&mut self, ply: usize) {
        if ply >= self.moves.len() {
            return;
        }
        self.moves.truncate(ply);
        self.tip = Tip::default();
        self.claims.retain(|c| c.after_ply <= ply);
        self.sealed = None;
        self.result = SheetResult::Ongoing;
        self.result_reason = None;
        self.forfeit = false;
    }

    /// Both clock readings after half-move `ply` (0 = before the first move): the latest
    /// reading of each side at or before that move.
    pub fn clocks_after_ply(&self, ply: usize) -> ClockReadings {
        let mut readings = ClockReadings {
            white_ms: self.start_clocks.map(|c| c.white_ms),
            black_ms: self.start_clocks.map(|c| c.black_ms),
        };
        for entry in self.moves.iter().take(ply) {
            readings.white_ms = entry.white_ms.or(readings.white_ms);
            readings.black_ms = entry.black_ms.or(readings.black_ms);
        }
        readings
    }

    /// The side that made half-move `ply`; `None` for ply 0.
    pub fn side_of_ply(&self, ply: usize) -> Result<Option<Side>, RecordError> {
        if ply == 0 {
            return Ok(None);
        }
        Ok(Some(self.number_and_side(ply)?.1))
    }
}

/// Finds the legal move a stored entry stands for: by UCI first, by SAN when UCI is absent.
fn move_from_uci_or_san(pos: &Chess, uci: &str, san: &str) -> Result<Move, String> {
    if !uci.is_empty() {
        let parsed: UciMove = uci
            .parse()
            .map_err(|_| format!("{uci:?} is not a UCI move"))?;
        return parsed
            .to_move(pos)
            .map_err(|_| format!("{uci} is not legal here"));
    }
    let parsed = San::from_ascii(san.as_bytes()).map_err(|_| format!("{san:?} is not SAN"))?;
    parsed
        .to_move(pos)
        .map_err(|_| format!("{san} is not legal here"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_sides_from_white_and_black_starts() {
        assert_eq!(number_and_side(1, Color::White, 1), (1, Color::White));
        assert_eq!(number_and_side(1, Color::White, 2), (1, Color::Black));
        assert_eq!(number_and_side(1, Color::White, 3), (2, Color::White));
        assert_eq!(number_and_side(30, Color::Black, 1), (30, Color::Black));
        assert_eq!(number_and_side(30, Color::Black, 2), (31, Color::White));
    }

    #[test]
    fn illegal_move_is_refused_and_nothing_recorded() {
        let mut record = Record::default();
        let err = record.push_san("e5", None, None).unwrap_err();
        assert!(matches!(err, RecordError::IllegalMove { number: 1, .. }));
        assert!(record.moves().is_empty());
    }

    #[test]
    fn sealed_move_must_be_the_one_played_at_resumption() {
        let mut record = Record::default();
        record.push_san("e4", None, None).unwrap();
        let pos = record.position().unwrap();
        let nf6 = San::from_ascii(b"Nf6").unwrap().to_move(&pos).unwrap();
        record.seal(nf6, None, None).unwrap();
        assert_eq!(record.result, SheetResult::Ongoing);
        let err = record.push_san("e5", None, None).unwrap_err();
        assert!(matches!(err, RecordError::SealedMoveDiffers { .. }));
        let entry = record.push_san("Nf6", None, None).unwrap();
        assert!(entry.was_sealed);
        assert!(record.sealed.is_none());
    }

    #[test]
    fn clocks_after_ply_carry_the_last_known_reading() {
        let mut record = Record {
            start_clocks: Some(Clocks::new(60_000, 60_000)),
            ..Record::default()
        };
        record.push_san("e4", None, None).unwrap();
        record.moves[0].white_ms = Some(59_000);
        record.push_san("e5", None, None).unwrap();
        record.moves[1].black_ms = Some(58_000);
        assert_eq!(
            record.clocks_after_ply(0),
            ClockReadings {
                white_ms: Some(60_000),
                black_ms: Some(60_000)
            }
        );
        assert_eq!(
            record.clocks_after_ply(2),
            ClockReadings {
                white_ms: Some(59_000),
                black_ms: Some(58_000)
            }
        );
    }

    #[test]
    fn truncate_retraces_to_the_agreed_move() {
        let mut record = Record::default();
        for san in ["e4", "e5", "Nf3", "Nc6"] {
            record.push_san(san, None, None).unwrap();
        }
        record
            .add_claim(
                ClaimKind::IllegalMove,
                Side::White,
                None,
                ClaimOutcome::Upheld,
                None,
            )
            .unwrap();
        record.finish(SheetResult::WhiteWins, "Black made two illegal moves");
        record.truncate(3);
        assert_eq!(record.ply_count(), 3);
        assert!(record.claims.is_empty());
        assert_eq!(record.result, SheetResult::Ongoing);
        record.push_san("Nf6", None, None).unwrap();
        assert_eq!(record.moves()[3].uci, "g8f6");
    }

    #[test]
    fn json_round_trip_keeps_everything() {
        let mut record = Record::new(
            Headers {
                white: "A".into(),
                black: "B".into(),
                ..Headers::default()
            },
            None,
        )
        .unwrap();
        record
            .push_san("d4", Some(Clocks::new(1, 2)), Some(3))
            .unwrap();
        record.offer_draw().unwrap();
        record
            .add_claim(
                ClaimKind::ThreefoldRepetition,
                Side::Black,
                None,
                ClaimOutcome::Rejected,
                None,
            )
            .unwrap();
        record.finish(SheetResult::Draw, "draw agreed");
        let json = serde_json::to_string(&record).unwrap();
        let back: Record = serde_json::from_str(&json).unwrap();
        assert_eq!(back, record);
        assert!(json.contains("\"result\":\"1/2-1/2\""));
    }

    #[test]
    fn standard_start_fen_is_not_stored() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let record = Record::new(Headers::default(), Some(fen.into())).unwrap();
        assert_eq!(record.start_fen, None);
        assert!(Record::new(Headers::default(), Some("nonsense".into())).is_err());
    }

    #[test]
    fn a_record_changed_by_hand_is_replayed_not_read_from_the_kept_position() {
        let mut record = Record::default();
        record.push_san("e4", None, None).unwrap();
        record.push_san("e5", None, None).unwrap();
        let mut other = Record::default();
        other.push_san("e4", None, None).unwrap();
        other.push_san("c5", None, None).unwrap();
        record.moves[1] = other.moves[1].clone();
        assert_eq!(
            fen_of(&record.position().unwrap()),
            fen_of(&other.position().unwrap())
        );
        record.moves.pop();
        assert_eq!(
            fen_of(&record.position().unwrap()),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        record.truncate(0);
        record.push_san("d4", None, None).unwrap();
        assert_eq!(record.moves()[0].uci, "d2d4");
        assert_eq!(record.position().unwrap().turn(), Color::Black);
    }
}
