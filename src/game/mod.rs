//! The game: the start position, the moves and the position after each, and the answers to
//! the rule questions of the FIDE Laws that shakmaty's move generator leaves open —
//! repetition (9.2), the 50-move count (9.3), the automatic ends (checkmate 5.1, stalemate
//! and dead position 5.2, fivefold repetition and 75 moves 9.6), and whether a side could
//! still checkmate at all (the flag-fall test of 6.9/6.10, in [`mate`]).
//!
//! Pure: no clock, no I/O. Rules that differ between editions follow the
//! [`RulesEdition`] given at the start; [`laws`] holds the edition facts the assistant
//! needs beyond the board.
//!
//! ```
//! use rochade::game::Game;
//! use rochade::rules::RulesEdition;
//!
//! # fn main() -> Result<(), rochade::game::GameError> {
//! let mut game = Game::new(None, RulesEdition::Fide2018)?;
//! // Nf3 Nf6 Ng1 Ng8 twice: the start position appears for the third time.
//! for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
//!     game.play_uci(uci)?;
//! }
//! let back = game.parse_uci("f6g8")?;
//! assert!(game.can_claim_threefold(Some(&back))); // 9.2.1.1: about to appear
//! game.play(&back)?;
//! assert_eq!(game.repetitions(), 3);
//! assert!(game.can_claim_threefold(None)); // 9.2.1.2: has just appeared
//! assert_eq!(game.moves()[0].san, "Nf3");
//! # Ok(()) }
//! ```
pub mod chess960;
pub mod laws;
pub mod mate;

use serde::{Deserialize, Serialize};
use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, Move, Position, PositionErrorKinds,
    Square,
};

use crate::rules::RulesEdition;
use chess960::Chess960Error;
use laws::FivefoldRule;
pub use mate::{MateAbility, MateSearch, SearchBudget};

/// The result of a finished game, as written on the scoresheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The win for `winner`.
    pub fn win_for(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game ended. [`Game::outcome`] produces the automatic ends; the claim reasons are
/// here so the assistant can record a correct claim with the same vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The side to move is checkmated (5.1).
    Checkmate,
    /// The side to move has no legal move and is not in check (5.2).
    Stalemate,
    /// No series of legal moves can lead to checkmate for either side (5.2).
    DeadPosition,
    /// The same position for the fifth time (9.6, 2014 and later).
    FivefoldRepetition,
    /// 75 moves by each player without a pawn move or capture (9.6, 2014 and later).
    SeventyFiveMoves,
    /// A correct claim of threefold repetition (9.2).
    ThreefoldRepetitionClaim,
    /// A correct claim under the 50-move rule (9.3).
    FiftyMovesClaim,
}

impl EndReason {
    /// The article of the given edition that makes this end, as the extracts in
    /// `docs/fide/` number it.
    pub fn article(self, edition: RulesEdition) -> &'static str {
        use RulesEdition::*;
        match (self, edition) {
            // fa 2001 5.1(a); 05 5.1.a; sw 2009 5.1; 14 5.1.a; he 2018 5.1.1.
            (EndReason::Checkmate, Fide2018) => "5.1.1",
            (EndReason::Checkmate, Fide2009) => "5.1",
            (EndReason::Checkmate, _) => "5.1.a",
            // fa 5.2(a); 05 5.2.a; sw 5.2; 14 5.2.a; he 5.2.1.
            (EndReason::Stalemate, Fide2018) => "5.2.1",
            (EndReason::Stalemate, Fide2009) => "5.2",
            (EndReason::Stalemate, _) => "5.2.a",
            // fa 5.2(b) and 9.6; 05 5.2.b and 9.6; sw 5.2 and 9.6; 14 5.2.b and 9.7; he 5.2.2.
            (EndReason::DeadPosition, Fide2018) => "5.2.2",
            (EndReason::DeadPosition, Fide2014) => "5.2.b",
            (EndReason::DeadPosition, Fide2009) => "5.2",
            (EndReason::DeadPosition, _) => "5.2.b",
            // 14 9.6.a / he 9.6.1; no such rule before 2014 (the article is given anyway).
            (EndReason::FivefoldRepetition, Fide2018) => "9.6.1",
            (EndReason::FivefoldRepetition, _) => "9.6.a",
            (EndReason::SeventyFiveMoves, Fide2018) => "9.6.2",
            (EndReason::SeventyFiveMoves, _) => "9.6.b",
            (EndReason::ThreefoldRepetitionClaim, _) => "9.2",
            (EndReason::FiftyMovesClaim, _) => "9.3",
        }
    }
}

/// How a game ended: the result and the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameEnd {
    pub result: GameResult,
    pub reason: EndReason,
}

impl std::fmt::Display for GameEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match self.reason {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::DeadPosition => "dead position",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::SeventyFiveMoves => "75 moves without pawn move or capture",
            EndReason::ThreefoldRepetitionClaim => "threefold repetition claimed",
            EndReason::FiftyMovesClaim => "50-move rule claimed",
        };
        write!(f, "{}, {why}", self.result)
    }
}

/// Which chess is played: standard chess, or Chess960 (FIDE Guidelines II / Appendix F) with
/// its random start position and its castling (the king ends on g or c, the rook on f or d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    #[default]
    Standard,
    Chess960,
}

impl Variant {
    /// How shakmaty is to read castling rights and write castling moves: in Chess960 a castling
    /// move is written as the king's move onto its rook (`b1a1`), which no other move can be.
    pub fn castling_mode(self) -> CastlingMode {
        match self {
            Variant::Standard => CastlingMode::Standard,
            Variant::Chess960 => CastlingMode::Chess960,
        }
    }

    /// The variant a position is played in.
    pub fn of(pos: &Chess) -> Variant {
        match pos.castles().mode() {
            CastlingMode::Standard => Variant::Standard,
            CastlingMode::Chess960 => Variant::Chess960,
        }
    }
}

/// UCI of a legal move in `pos`: castling as the king's move to its square in standard chess
/// (`e1g1`), onto its rook in Chess960 (`e1h1`, `b1a1`), where the king's square alone could
/// be a plain king move.
pub fn uci_in(pos: &Chess, mv: &Move) -> String {
    mv.to_uci(pos.castles().mode()).to_string()
}

/// What went wrong; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the start position {fen:?} is not usable: {problem}")]
    BadFen { fen: String, problem: String },
    #[error("the start position is no Chess960 start position: {0}")]
    NotChess960(Chess960Error),
    #[error("{text:?} is not a move in UCI notation (like e2e4, e1g1 or e7e8q)")]
    BadUci { text: String },
    #[error("{text:?} is not a legal move here: {problem}")]
    BadSan { text: String, problem: String },
    #[error("the move {uci} is not legal in this position ({fen})")]
    IllegalMove { uci: String, fen: String },
    #[error("the game is over ({end}); no more moves can be played")]
    GameOver { end: GameEnd },
    #[error("there is no half-move {ply} to go back to: the game has {available} half-moves")]
    NoSuchPly { ply: usize, available: usize },
}

/// Everything FIDE 9.2.2 looks at to tell whether two positions are the same: the side to
/// move, the pieces on their squares, the castling rights, and the square of an en passant
/// capture only when one is actually legal. Compared exactly, not by hash, because a draw
/// claim rests on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PositionKey {
    board: Board,
    turn: Color,
    castling_rights: Bitboard,
    en_passant: Option<Square>,
}

impl PositionKey {
    /// The key of `pos`.
    pub fn of(pos: &Chess) -> PositionKey {
        PositionKey {
            board: pos.board().clone(),
            turn: pos.turn(),
            castling_rights: pos.castles().castling_rights(),
            en_passant: pos.ep_square(EnPassantMode::Legal),
        }
    }
}

/// A move that has been played, with its notations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedMove {
    /// The half-move count after this move (the first move of the game is 1).
    pub ply: usize,
    /// The move number of chess notation ("12." for both 12. Nf3 and 12... Nf6).
    pub fullmove_number: u32,
    /// Who played it.
    pub color: Color,
    pub mv: Move,
    /// SAN with English letters and the check or mate sign, e.g. `Nf3`, `exd6`, `O-O`, `Qh5#`.
    pub san: String,
    /// UCI, castling as the king's move, e.g. `e1g1`; in Chess960 onto its rook, `e1h1`.
    pub uci: String,
}

/// What [`Game::play`] reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub played: PlayedMove,
    /// Whether the move gives check (including checkmate).
    pub check: bool,
    /// The automatic end the move brought about, if any.
    pub end: Option<GameEnd>,
}

/// A game of standard chess or Chess960 from a start position, under one edition of the Laws.
#[derive(Debug, Clone)]
pub struct Game {
    rules: RulesEdition,
    variant: Variant,
    start_fen: String,
    /// The position before any move, then after each move: `positions.len() == moves.len() + 1`.
    positions: Vec<Chess>,
    keys: Vec<PositionKey>,
    /// The automatic end in effect at each position.
    ends: Vec<Option<GameEnd>>,
    moves: Vec<PlayedMove>,
}

impl Game {
    /// A game from the standard start position (`None`) or from a FEN (standard chess).
    pub fn new(start: Option<&str>, rules: RulesEdition) -> Result<Game, GameError> {
        Game::of_variant(start, Variant::Standard, rules)
    }

    /// A game of `variant`. A Chess960 game starts from a Chess960 start position, checked
    /// (rule 2); `None` is the usual start position, number 518.
    pub fn of_variant(
        start: Option<&str>,
        variant: Variant,
        rules: RulesEdition,
    ) -> Result<Game, GameError> {
        let pos = match (variant, start) {
            (Variant::Standard, None) => Chess::default(),
            (Variant::Standard, Some(text)) => parse_fen(text)?,
            (Variant::Chess960, None) => {
                chess960::start_position(518).map_err(GameError::NotChess960)?
            }
            (Variant::Chess960, Some(text)) => {
                chess960::check_start(text).map_err(GameError::NotChess960)?
            }
        };
        let start_fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        let mut game = Game {
            rules,
            variant,
            start_fen,
            positions: Vec::new(),
            keys: Vec::new(),
            ends: Vec::new(),
            moves: Vec::new(),
        };
        game.push_position(pos);
        Ok(game)
    }

    /// The edition of the Laws the game is played under.
    pub fn rules(&self) -> RulesEdition {
        self.rules
    }

    /// Standard chess or Chess960.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// UCI of a legal move in the current position (see [`uci_in`]).
    pub fn uci(&self, mv: &Move) -> String {
        uci_in(self.position(), mv)
    }

    /// The start position as FEN.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        // `positions` always holds the start position.
        &self.positions[self.positions.len() - 1]
    }

    /// The position after `ply` half-moves (0 = the start), if the game got that far.
    pub fn position_at(&self, ply: usize) -> Option<&Chess> {
        self.positions.get(ply)
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        Fen::from_position(self.position(), EnPassantMode::Legal).to_string()
    }

    /// How many half-moves have been played since the start position.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The move number of the move to be played next (chess notation, from the FEN).
    pub fn fullmove_number(&self) -> u32 {
        self.position().fullmoves().get()
    }

    /// Who has the move.
    pub fn side_to_move(&self) -> Color {
        self.position().turn()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// Reads a UCI move (`e2e4`, `e1g1`, `e7e8q`) as a legal move of the current position. In
    /// Chess960 castling is read only in the form [`Game::uci`] writes, the king onto its rook.
    pub fn parse_uci(&self, text: &str) -> Result<Move, GameError> {
        let uci: UciMove = text.trim().parse().map_err(|_| GameError::BadUci {
            text: text.to_string(),
        })?;
        let illegal = || GameError::IllegalMove {
            uci: text.trim().to_string(),
            fen: self.fen(),
        };
        let mv = uci.to_move(self.position()).map_err(|_| illegal())?;
        if self.variant == Variant::Chess960 && mv.is_castle() && self.uci(&mv) != uci.to_string() {
            return Err(illegal());
        }
        Ok(mv)
    }

    /// Reads a UCI move a person entered: as [`Game::parse_uci`], but in Chess960 never a
    /// castling move. There castling is entered only by its name (`O-O`, "Kurze Rochade"), never
    /// as a king move onto or over its rook (Chess960 note 1), which could be a slip of the hand.
    pub fn parse_entered_uci(&self, text: &str) -> Result<Move, GameError> {
        let mv = self.parse_uci(text)?;
        if self.variant == Variant::Chess960 && mv.is_castle() {
            return Err(GameError::IllegalMove {
                uci: text.trim().to_string(),
                fen: self.fen(),
            });
        }
        Ok(mv)
    }

    /// Reads a SAN move (`Nf3`, `exd5`, `O-O`, `e8=Q`) as a legal move of the current position.
    pub fn parse_san(&self, text: &str) -> Result<Move, GameError> {
        let san: SanPlus = text.trim().parse().map_err(|e| GameError::BadSan {
            text: text.to_string(),
            problem: format!("not SAN ({e})"),
        })?;
        san.san
            .to_move(self.position())
            .map_err(|e| GameError::BadSan {
                text: text.to_string(),
                problem: e.to_string(),
            })
    }

    /// SAN (with `+` or `#`) of a legal move in the current position.
    pub fn san_of(&self, mv: &Move) -> Result<String, GameError> {
        self.check_legal(mv)?;
        Ok(SanPlus::from_move(self.position().clone(), *mv).to_string())
    }

    fn check_legal(&self, mv: &Move) -> Result<(), GameError> {
        if self.position().is_legal(*mv) {
            Ok(())
        } else {
            Err(GameError::IllegalMove {
                uci: self.uci(mv),
                fen: self.fen(),
            })
        }
    }

    /// Plays a legal move. An illegal move, or any move after the game has ended
    /// automatically, is refused and nothing changes.
    pub fn play(&mut self, mv: &Move) -> Result<Played, GameError> {
        self.check_not_over()?;
        self.check_legal(mv)?;
        let before = self.position();
        let color = before.turn();
        let fullmove_number = before.fullmoves().get();
        let san = San::from_move(before, *mv);
        let mut after = before.clone();
        after.play_unchecked(*mv);
        let check = after.is_check();
        let suffix = if after.is_checkmate() {
            "#"
        } else if check {
            "+"
        } else {
            ""
        };
        let played = PlayedMove {
            ply: self.moves.len() + 1,
            fullmove_number,
            color,
            mv: *mv,
            san: format!("{san}{suffix}"),
            uci: uci_in(before, mv),
        };
        self.moves.push(played.clone());
        self.push_position(after);
        Ok(Played {
            played,
            check,
            end: self.outcome(),
        })
    }

    /// Plays a move given in UCI.
    pub fn play_uci(&mut self, text: &str) -> Result<Played, GameError> {
        self.check_not_over()?;
        let mv = self.parse_uci(text)?;
        self.play(&mv)
    }

    /// Plays a move given in SAN.
    pub fn play_san(&mut self, text: &str) -> Result<Played, GameError> {
        self.check_not_over()?;
        let mv = self.parse_san(text)?;
        self.play(&mv)
    }

    fn check_not_over(&self) -> Result<(), GameError> {
        match self.outcome() {
            Some(end) => Err(GameError::GameOver { end }),
            None => Ok(()),
        }
    }

    fn push_position(&mut self, pos: Chess) {
        self.keys.push(PositionKey::of(&pos));
        self.positions.push(pos);
        let end = self.automatic_end();
        self.ends.push(end);
    }

    /// Takes back the last move (the arbiter reinstating the position before an illegal
    /// or wrongly executed move, 7.4/7.5); returns it, or `None` at the start.
    pub fn undo_last(&mut self) -> Option<PlayedMove> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.ends.pop();
        Some(mv)
    }

    /// Resets the game to the position after `ply` half-moves (0 = the start position), as
    /// the arbiter does when the boards or scoresheets differ (D.2.7–8, 7.5). Returns the
    /// moves taken back, in the order they were played.
    pub fn reset_to_ply(&mut self, ply: usize) -> Result<Vec<PlayedMove>, GameError> {
        if ply > self.moves.len() {
            return Err(GameError::NoSuchPly {
                ply,
                available: self.moves.len(),
            });
        }
        self.positions.truncate(ply + 1);
        self.keys.truncate(ply + 1);
        self.ends.truncate(ply + 1);
        Ok(self.moves.split_off(ply))
    }

    /// Takes away the right to castle with the rooks on `rooks` in the current position (the
    /// arbiter's ruling on a king or rook placed wrongly at the start, found too late to set
    /// the board up again: A.4 / B.4 of 2005, A.4.a of 2014, A4.1.2 of 2018). Returns whether
    /// a right was taken.
    pub fn forbid_castling(&mut self, rooks: Bitboard) -> bool {
        let Some(pos) = self.positions.last() else {
            return false;
        };
        let mut setup = pos.to_setup(EnPassantMode::Legal);
        let before = setup.castling_rights;
        setup.castling_rights &= !rooks;
        if setup.castling_rights == before {
            return false;
        }
        let Ok(changed) = shakmaty::FromSetup::from_setup(setup, self.variant().castling_mode())
        else {
            return false;
        };
        if let Some(key) = self.keys.last_mut() {
            *key = PositionKey::of(&changed);
        }
        if let Some(last) = self.positions.last_mut() {
            *last = changed;
        }
        true
    }

    /// How many times the current position has appeared in the game, counting now
    /// (FIDE 9.2.2 identity: see [`PositionKey`]).
    pub fn repetitions(&self) -> usize {
        let now = &self.keys[self.keys.len() - 1];
        self.keys.iter().filter(|k| *k == now).count()
    }

    /// Whether the player having the move can claim a draw by threefold repetition (9.2.1).
    ///
    /// * `None`: the current position has just appeared for at least the third time
    ///   (9.2.1.2; 9.2.b in 2014).
    /// * `Some(move)`: the position after that intended move — written down and
    ///   unchangeable — would appear for at least the third time (9.2.1.1; 9.2.a in 2014).
    ///   An illegal intended move makes the claim incorrect.
    ///
    /// Positions are the same when the same player has the move, the same pieces stand on
    /// the same squares and the possible moves are the same, including castling rights and a
    /// *possible* en passant capture (9.2.2). The 2001/2005/2009 wording also counts a
    /// temporary castling bar as a difference; temporary bars follow from the pieces and the
    /// side to move, which are compared anyway, so one comparison serves every edition.
    /// Always `false` once the game has ended.
    pub fn can_claim_threefold(&self, intended: Option<&Move>) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        match intended {
            None => self.repetitions() >= 3,
            Some(mv) => {
                if self.check_legal(mv).is_err() {
                    return false;
                }
                let mut after = self.position().clone();
                after.play_unchecked(*mv);
                let key = PositionKey::of(&after);
                self.keys.iter().filter(|k| **k == key).count() + 1 >= 3
            }
        }
    }

    /// Whether the player having the move can claim a draw under the 50-move rule (9.3):
    /// the last 50 moves by each player, counting the intended move if one is given, were
    /// made without a pawn move and without a capture. The count starts from the FEN's
    /// half-move clock when the game began from a FEN. Always `false` once the game has
    /// ended; an illegal intended move makes the claim incorrect.
    pub fn can_claim_fifty_moves(&self, intended: Option<&Move>) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        match intended {
            None => self.position().halfmoves() >= 100,
            Some(mv) => {
                if self.check_legal(mv).is_err() {
                    return false;
                }
                !mv.is_zeroing() && self.position().halfmoves() + 1 >= 100
            }
        }
    }

    /// The automatic end of the game in the current position, if any: checkmate,
    /// stalemate, fivefold repetition or 75 moves (editions with 9.6), dead position.
    pub fn outcome(&self) -> Option<GameEnd> {
        self.ends[self.ends.len() - 1]
    }

    fn automatic_end(&self) -> Option<GameEnd> {
        let pos = self.position();
        if pos.is_checkmate() {
            // Checkmate comes first; it also takes precedence over 9.6.2 when the 75th
            // move mates (14 9.6, he 9.6.2).
            return Some(GameEnd {
                result: GameResult::win_for(!pos.turn()),
                reason: EndReason::Checkmate,
            });
        }
        let draw = |reason| {
            Some(GameEnd {
                result: GameResult::Draw,
                reason,
            })
        };
        if pos.is_stalemate() {
            return draw(EndReason::Stalemate);
        }
        if let Some(rule) = laws::fivefold_rule(self.rules)
            && self.fivefold(rule)
        {
            return draw(EndReason::FivefoldRepetition);
        }
        if laws::seventy_five_move_rule_applies(self.rules) && pos.halfmoves() >= 150 {
            return draw(EndReason::SeventyFiveMoves);
        }
        if mate::is_dead_position(pos) {
            return draw(EndReason::DeadPosition);
        }
        None
    }

    fn fivefold(&self, rule: FivefoldRule) -> bool {
        let n = self.keys.len() - 1;
        let now = &self.keys[n];
        match rule {
            FivefoldRule::FiveTimes => self.keys.iter().filter(|k| *k == now).count() >= 5,
            FivefoldRule::FiveConsecutiveAlternateMoves => {
                n >= 16 && (1..=4).all(|i| self.keys[n - 4 * i] == *now)
            }
        }
    }

    /// Could `side` still checkmate the opponent by any series of legal moves, the opponent
    /// cooperating? The test FIDE applies when the opponent's flag falls (6.9; 6.10 in 2001
    /// and 2005) or the opponent's second illegal move would lose (7.5). Uses the default
    /// [`SearchBudget`]; `Unknown` means the search ran out of budget, and the assistant
    /// treats it as "can mate", as arbiters do unless a mate is clearly impossible.
    pub fn can_checkmate(&self, side: Color) -> MateAbility {
        mate::can_checkmate(self.position(), side, &SearchBudget::default()).ability
    }
}

fn parse_fen(text: &str) -> Result<Chess, GameError> {
    let bad = |problem: String| GameError::BadFen {
        fen: text.to_string(),
        problem,
    };
    let fen: Fen = text.trim().parse().map_err(|e: ParseFenError| {
        bad(match e {
            ParseFenError::InvalidBoard => {
                "the piece placement (first field) is not eight ranks of pieces and digits".into()
            }
            ParseFenError::InvalidTurn => "the side to move (second field) is not w or b".into(),
            ParseFenError::InvalidCastling => {
                "the castling field (third) is not - or letters from KQkq".into()
            }
            ParseFenError::InvalidEpSquare => {
                "the en passant field (fourth) is not - or a square on rank 3 or 6".into()
            }
            ParseFenError::InvalidHalfmoveClock => {
                "the half-move clock (fifth field) is not a number".into()
            }
            ParseFenError::InvalidFullmoves => {
                "the move number (sixth field) is not a positive number".into()
            }
            other => format!("{other}"),
        })
    })?;
    fen.into_position(CastlingMode::Standard).map_err(|e| {
        let kinds = e.kinds();
        let mut reasons = Vec::new();
        for (kind, words) in [
            (PositionErrorKinds::EMPTY_BOARD, "the board is empty"),
            (PositionErrorKinds::MISSING_KING, "a king is missing"),
            (
                PositionErrorKinds::TOO_MANY_KINGS,
                "a side has more than one king",
            ),
            (
                PositionErrorKinds::PAWNS_ON_BACKRANK,
                "a pawn stands on the first or last rank",
            ),
            (
                PositionErrorKinds::INVALID_CASTLING_RIGHTS,
                "a castling right names a king or rook that is not on its original square",
            ),
            (
                PositionErrorKinds::INVALID_EP_SQUARE,
                "the en passant square does not follow a two-square pawn move",
            ),
            (
                PositionErrorKinds::OPPOSITE_CHECK,
                "the side that does not have the move is in check",
            ),
            (
                PositionErrorKinds::IMPOSSIBLE_CHECK,
                "the check in this position cannot arise in a game",
            ),
            (
                PositionErrorKinds::TOO_MUCH_MATERIAL,
                "there are more pieces than a game can have",
            ),
        ] {
            if kinds.contains(kind) {
                reasons.push(words);
            }
        }
        if reasons.is_empty() {
            bad(e.to_string())
        } else {
            bad(reasons.join("; "))
        }
    })
}
