//! What an announcement is about: the typed facts a `say` effect carries beside its words
//! ([`About`]), and their flat JSON form, the `about` object of `replay` and `play --json`.
//!
//! The core builds the facts; the shell matches on them (a read-back, a clock reading) and never
//! looks inside JSON. The JSON is exactly what the interface promises: one flat object with the
//! fields of the facts (`uci`, `san`, `read_back`, `read_back_no`, `white_ms`, `black_ms`,
//! `moves`, …), none nested.
//!
//! ```
//! use rochade::assistant::about::{About, MoveFacts};
//! let about = About::ReadBack {
//!     mv: MoveFacts { uci: "g1f3".into(), san: "Nf3".into() },
//!     no: 1,
//! };
//! let json = serde_json::to_value(&about).unwrap();
//! assert_eq!(json, serde_json::json!({"read_back": true, "read_back_no": 1, "uci": "g1f3", "san": "Nf3"}));
//! assert_eq!(serde_json::from_value::<About>(json).unwrap(), about);
//! ```
use serde::{Deserialize, Serialize};

use crate::game::{EndReason, GameResult};
use crate::scoresheet::record::Side;

/// A move as JSON names it: UCI and SAN with English letters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveFacts {
    pub uci: String,
    pub san: String,
}

/// Both clocks' remaining times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockTimes {
    pub white_ms: u64,
    pub black_ms: u64,
}

/// The facts an announcement tells, beside its words.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(into = "AboutFields", try_from = "AboutFields")]
pub enum About {
    /// Nothing beyond the words (no `about` in JSON).
    #[default]
    Nothing,
    /// A move announced or made.
    Move(MoveFacts),
    /// A move read back to the player, waiting for "ja" or its window; `no` is its number in
    /// the game, which a `played` event names.
    ReadBack { mv: MoveFacts, no: u64 },
    /// Both clocks (the time request, a clock the arbiter changed), with the player's moves
    /// played when the request tells them.
    Time {
        clocks: ClockTimes,
        moves: Option<u32>,
    },
    /// The moves request: the player's moves played, those left to the time control, and the
    /// clocks when the game has them.
    Moves {
        moves: u32,
        to_control: Option<u32>,
        clocks: Option<ClockTimes>,
    },
    /// A question which move was meant; its choices in UCI.
    Question { candidates: Vec<String> },
    /// Words that were not understood, as heard.
    NotUnderstood { heard: String },
    /// An entry for the opponent that was refused or is put to the arbiter, as entered.
    Entered { entered: String },
    /// Where the game stands after a resumption.
    Resumed,
    /// A piece the opponent touched (D.2.9.e), its square.
    Touched { square: String },
    /// The position reset by the arbiter: after `ply` half-moves, this FEN.
    Reset { ply: u64, fen: String },
    /// A draw claim upheld, with the intended move in UCI when there was one (9.2, 9.3).
    Claim { intended: Option<String> },
    /// The game's result and why.
    Result {
        result: GameResult,
        reason: EndCause,
    },
    /// A flag fell: this side's time is up.
    FlagFell { side: Side },
    /// The clocks are stopped and the arbiter called.
    ArbiterCalled,
    /// A read-out the player asked for: the help, the position, his scoresheet.
    ReadOut(ReadOut),
    /// The speech output's new volume (percent) and rate (words a minute), which the shell
    /// sets before it says the words.
    Speech { volume: u8, rate: u32 },
}

/// What a read-out reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadOut {
    Help,
    Position,
    Scoresheet,
}

/// One field of [`About`] by its JSON name, read without JSON: see [`About::get`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field<'a> {
    Text(&'a str),
    Number(u64),
    Flag(bool),
    Texts(&'a [String]),
    /// A field that is there and empty (`"intended": null`).
    Null,
}

impl<'a> Field<'a> {
    /// The text, for a text field.
    pub fn as_str(self) -> Option<&'a str> {
        match self {
            Field::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The number, for a number field.
    pub fn as_u64(self) -> Option<u64> {
        match self {
            Field::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The flag, for a true/false field.
    pub fn as_bool(self) -> Option<bool> {
        match self {
            Field::Flag(b) => Some(b),
            _ => None,
        }
    }
}

impl About {
    /// Whether there is nothing beyond the words.
    pub fn is_nothing(&self) -> bool {
        matches!(self, About::Nothing)
    }

    /// Whether this is a read-back.
    pub fn is_read_back(&self) -> bool {
        matches!(self, About::ReadBack { .. })
    }

    /// The move it tells, read back or announced.
    pub fn move_facts(&self) -> Option<&MoveFacts> {
        match self {
            About::Move(mv) | About::ReadBack { mv, .. } => Some(mv),
            _ => None,
        }
    }

    /// The clock reading it tells, if any.
    pub fn clocks(&self) -> Option<ClockTimes> {
        match self {
            About::Time { clocks, .. } => Some(*clocks),
            About::Moves { clocks, .. } => *clocks,
            _ => None,
        }
    }

    /// A field by its name in the JSON interface, for readers that go by that interface's
    /// names (tests, tools); the same value the JSON has, without building it.
    pub fn get(&self, name: &str) -> Option<Field<'_>> {
        fn number<'a>(n: u64) -> Option<Field<'a>> {
            Some(Field::Number(n))
        }
        fn text(t: &str) -> Option<Field<'_>> {
            Some(Field::Text(t))
        }
        match (self, name) {
            (About::Move(mv) | About::ReadBack { mv, .. }, "uci") => Some(Field::Text(&mv.uci)),
            (About::Move(mv) | About::ReadBack { mv, .. }, "san") => Some(Field::Text(&mv.san)),
            (About::ReadBack { .. }, "read_back") => Some(Field::Flag(true)),
            (About::ReadBack { no, .. }, "read_back_no") => number(*no),
            (About::Time { clocks, .. }, "white_ms") => number(clocks.white_ms),
            (About::Time { clocks, .. }, "black_ms") => number(clocks.black_ms),
            (About::Time { moves, .. }, "moves") => moves.map(|m| Field::Number(m.into())),
            (About::Moves { moves, .. }, "moves") => number((*moves).into()),
            (About::Moves { to_control, .. }, "moves_to_control") => {
                to_control.map(|m| Field::Number(m.into()))
            }
            (About::Moves { clocks, .. }, "white_ms") => clocks.map(|c| Field::Number(c.white_ms)),
            (About::Moves { clocks, .. }, "black_ms") => clocks.map(|c| Field::Number(c.black_ms)),
            (About::Question { candidates }, "candidates") => Some(Field::Texts(candidates)),
            (About::NotUnderstood { heard }, "heard") => text(heard),
            (About::Entered { entered }, "entered") => text(entered),
            (About::Resumed, "resumed") => Some(Field::Flag(true)),
            (About::Touched { square }, "square") => text(square),
            (About::Reset { ply, .. }, "ply") => number(*ply),
            (About::Reset { fen, .. }, "fen") => text(fen),
            (About::Claim { intended }, "intended") => {
                Some(intended.as_deref().map_or(Field::Null, Field::Text))
            }
            (About::Result { result, .. }, "result") => text(result.as_str()),
            (About::Result { reason, .. }, "reason") => text(reason.key()),
            (About::FlagFell { side }, "flag_fell") => text(side.code()),
            (About::ArbiterCalled, "arbiter_called") => Some(Field::Flag(true)),
            (About::ReadOut(what), "read_out") => text(what.name()),
            (About::Speech { volume, .. }, "speech_volume") => number((*volume).into()),
            (About::Speech { rate, .. }, "speech_rate") => number((*rate).into()),
            _ => None,
        }
    }
}

/// The flat JSON form: every field any [`About`] has, each only where it applies.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct AboutFields {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    uci: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    san: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    read_back: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    read_back_no: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    white_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    moves: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    moves_to_control: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    candidates: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    heard: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    entered: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resumed: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    square: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ply: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    /// `"intended": null` is a claim without an intended move, so the outer `Option` says
    /// whether the field is there at all.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "present"
    )]
    intended: Option<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<GameResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reason: Option<EndCause>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    flag_fell: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    arbiter_called: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    read_out: Option<ReadOut>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    speech_volume: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    speech_rate: Option<u32>,
}

impl ReadOut {
    /// The name the JSON writes.
    pub fn name(self) -> &'static str {
        match self {
            ReadOut::Help => "help",
            ReadOut::Position => "position",
            ReadOut::Scoresheet => "scoresheet",
        }
    }
}

/// A field that is there, null or not.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

impl From<About> for AboutFields {
    fn from(about: About) -> AboutFields {
        let none = AboutFields::default();
        let clocks = |c: Option<ClockTimes>| (c.map(|c| c.white_ms), c.map(|c| c.black_ms));
        match about {
            About::Nothing => none,
            About::Move(mv) => AboutFields {
                uci: Some(mv.uci),
                san: Some(mv.san),
                ..none
            },
            About::ReadBack { mv, no } => AboutFields {
                uci: Some(mv.uci),
                san: Some(mv.san),
                read_back: Some(true),
                read_back_no: Some(no),
                ..none
            },
            About::Time { clocks: c, moves } => AboutFields {
                white_ms: Some(c.white_ms),
                black_ms: Some(c.black_ms),
                moves,
                ..none
            },
            About::Moves {
                moves,
                to_control,
                clocks: c,
            } => {
                let (white_ms, black_ms) = clocks(c);
                AboutFields {
                    moves: Some(moves),
                    moves_to_control: to_control,
                    white_ms,
                    black_ms,
                    ..none
                }
            }
            About::Question { candidates } => AboutFields {
                candidates: Some(candidates),
                ..none
            },
            About::NotUnderstood { heard } => AboutFields {
                heard: Some(heard),
                ..none
            },
            About::Entered { entered } => AboutFields {
                entered: Some(entered),
                ..none
            },
            About::Resumed => AboutFields {
                resumed: Some(true),
                ..none
            },
            About::Touched { square } => AboutFields {
                square: Some(square),
                ..none
            },
            About::Reset { ply, fen } => AboutFields {
                ply: Some(ply),
                fen: Some(fen),
                ..none
            },
            About::Claim { intended } => AboutFields {
                intended: Some(intended),
                ..none
            },
            About::Result { result, reason } => AboutFields {
                result: Some(result),
                reason: Some(reason),
                ..none
            },
            About::FlagFell { side } => AboutFields {
                flag_fell: Some(side),
                ..none
            },
            About::ArbiterCalled => AboutFields {
                arbiter_called: Some(true),
                ..none
            },
            About::ReadOut(what) => AboutFields {
                read_out: Some(what),
                ..none
            },
            About::Speech { volume, rate } => AboutFields {
                speech_volume: Some(volume),
                speech_rate: Some(rate),
                ..none
            },
        }
    }
}

impl TryFrom<AboutFields> for About {
    type Error = String;

    /// The facts from the fields they write. `{"white_ms", "black_ms", "moves"}` is read as
    /// the time request's; the moves request writes the same fields, and the JSON is the same.
    fn try_from(f: AboutFields) -> Result<About, String> {
        let clocks = match (f.white_ms, f.black_ms) {
            (Some(white_ms), Some(black_ms)) => Some(ClockTimes { white_ms, black_ms }),
            _ => None,
        };
        let mv = match (f.uci, f.san) {
            (Some(uci), Some(san)) => Some(MoveFacts { uci, san }),
            _ => None,
        };
        Ok(match (mv, f.read_back_no) {
            (Some(mv), Some(no)) if f.read_back == Some(true) => About::ReadBack { mv, no },
            (Some(mv), None) => About::Move(mv),
            _ if f.resumed == Some(true) => About::Resumed,
            _ if f.candidates.is_some() => About::Question {
                candidates: f.candidates.unwrap_or_default(),
            },
            _ if f.heard.is_some() => About::NotUnderstood {
                heard: f.heard.unwrap_or_default(),
            },
            _ if f.entered.is_some() => About::Entered {
                entered: f.entered.unwrap_or_default(),
            },
            _ if f.square.is_some() => About::Touched {
                square: f.square.unwrap_or_default(),
            },
            _ if f.ply.is_some() && f.fen.is_some() => About::Reset {
                ply: f.ply.unwrap_or_default(),
                fen: f.fen.unwrap_or_default(),
            },
            _ if f.intended.is_some() => About::Claim {
                intended: f.intended.flatten(),
            },
            _ if f.flag_fell.is_some() => About::FlagFell {
                side: f.flag_fell.unwrap_or(Side::White),
            },
            _ if f.arbiter_called == Some(true) => About::ArbiterCalled,
            _ if f.read_out.is_some() => About::ReadOut(f.read_out.unwrap_or(ReadOut::Help)),
            _ if f.speech_volume.is_some() && f.speech_rate.is_some() => About::Speech {
                volume: f.speech_volume.unwrap_or(100),
                rate: f.speech_rate.unwrap_or(175),
            },
            _ if f.result.is_some() && f.reason.is_some() => About::Result {
                result: f.result.unwrap_or(GameResult::Draw),
                reason: f.reason.unwrap_or(EndCause::Agreement),
            },
            _ => match (clocks, f.moves, f.moves_to_control) {
                (Some(clocks), moves, None) => About::Time { clocks, moves },
                (clocks, Some(moves), to_control) => About::Moves {
                    moves,
                    to_control,
                    clocks,
                },
                (None, None, None) if f.white_ms.is_none() && f.black_ms.is_none() => {
                    About::Nothing
                }
                _ => return Err("an `about` with fields that belong to no announcement".into()),
            },
        })
    }
}

/// Why a game ended, as the `end` effect's `reason` (and a result's `about`) writes it: a
/// fixed key, or the arbiter's own words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", from = "String")]
pub enum EndCause {
    /// An ending the Laws decide on the board, or a correct draw claim.
    Board(EndReason),
    /// A draw agreed (9.1).
    Agreement,
    /// A side resigned (5.1.2).
    Resignation,
    /// A flag fell and was claimed (6.9); a draw when the claimant cannot mate.
    Time { claimant_can_mate: bool },
    /// Illegal moves lost the game (7.5.5); a draw when the opponent cannot mate.
    IllegalMoves { opponent_can_mate: bool },
    /// Both flags have fallen and the edition draws the game (2001 rapid B8, 2005 rapid B.9).
    BothFlags,
    /// The arbiter's decision, in the arbiter's words.
    Arbiter(String),
}

impl EndCause {
    /// The key the JSON writes.
    pub fn key(&self) -> &str {
        match self {
            EndCause::Board(reason) => match reason {
                EndReason::Checkmate => "checkmate",
                EndReason::Stalemate => "stalemate",
                EndReason::DeadPosition => "dead position",
                EndReason::FivefoldRepetition => "fivefold repetition",
                EndReason::SeventyFiveMoves => "75-move rule",
                EndReason::ThreefoldRepetitionClaim => "threefold repetition claimed",
                EndReason::FiftyMovesClaim => "50-move rule claimed",
            },
            EndCause::Agreement => "agreement",
            EndCause::Resignation => "resignation",
            EndCause::Time {
                claimant_can_mate: true,
            } => "time",
            EndCause::Time {
                claimant_can_mate: false,
            } => "time, but the claimant cannot mate",
            EndCause::IllegalMoves {
                opponent_can_mate: true,
            } => "illegal moves",
            EndCause::IllegalMoves {
                opponent_can_mate: false,
            } => "illegal moves, but the opponent cannot mate",
            EndCause::BothFlags => "both flags fallen",
            EndCause::Arbiter(words) => words,
        }
    }
}

impl From<EndCause> for String {
    fn from(cause: EndCause) -> String {
        cause.key().to_string()
    }
}

impl From<String> for EndCause {
    /// A known key is its cause; any other text is the arbiter's words.
    fn from(key: String) -> EndCause {
        const BOARD: [EndReason; 7] = [
            EndReason::Checkmate,
            EndReason::Stalemate,
            EndReason::DeadPosition,
            EndReason::FivefoldRepetition,
            EndReason::SeventyFiveMoves,
            EndReason::ThreefoldRepetitionClaim,
            EndReason::FiftyMovesClaim,
        ];
        let known = BOARD
            .into_iter()
            .map(EndCause::Board)
            .chain([
                EndCause::Agreement,
                EndCause::Resignation,
                EndCause::Time {
                    claimant_can_mate: true,
                },
                EndCause::Time {
                    claimant_can_mate: false,
                },
                EndCause::IllegalMoves {
                    opponent_can_mate: true,
                },
                EndCause::IllegalMoves {
                    opponent_can_mate: false,
                },
                EndCause::BothFlags,
            ])
            .find(|cause| cause.key() == key);
        known.unwrap_or(EndCause::Arbiter(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn both_ways(about: About, expected: Value) {
        let json = serde_json::to_value(&about).unwrap_or(Value::Null);
        assert_eq!(json, expected, "{about:?}");
        let back: Result<About, _> = serde_json::from_value(json);
        assert_eq!(back.ok(), Some(about));
    }

    fn mv() -> MoveFacts {
        MoveFacts {
            uci: "e2e4".into(),
            san: "e4".into(),
        }
    }

    #[test]
    fn each_kind_of_fact_is_one_flat_object_as_before() {
        both_ways(About::Move(mv()), json!({"uci": "e2e4", "san": "e4"}));
        both_ways(
            About::Time {
                clocks: ClockTimes {
                    white_ms: 5_399_200,
                    black_ms: 5_399_300,
                },
                moves: Some(1),
            },
            json!({"white_ms": 5_399_200, "black_ms": 5_399_300, "moves": 1}),
        );
        both_ways(
            About::Moves {
                moves: 12,
                to_control: Some(28),
                clocks: None,
            },
            json!({"moves": 12, "moves_to_control": 28}),
        );
        both_ways(
            About::Question {
                candidates: vec!["b1d2".into(), "f3d2".into()],
            },
            json!({"candidates": ["b1d2", "f3d2"]}),
        );
        both_ways(About::Resumed, json!({"resumed": true}));
        both_ways(About::Claim { intended: None }, json!({"intended": null}));
        both_ways(
            About::Result {
                result: GameResult::WhiteWins,
                reason: EndCause::Time {
                    claimant_can_mate: true,
                },
            },
            json!({"result": "1-0", "reason": "time"}),
        );
    }

    #[test]
    fn nothing_is_no_about_at_all_and_a_stray_field_is_refused() {
        assert!(About::default().is_nothing());
        let nothing: Result<About, _> = serde_json::from_value(json!({}));
        assert_eq!(nothing.ok(), Some(About::Nothing));
        let stray: Result<About, _> = serde_json::from_value(json!({"white_ms": 5}));
        assert!(stray.is_err());
    }

    #[test]
    fn an_end_cause_is_its_key_and_any_other_text_the_arbiters_words() {
        for key in [
            "checkmate",
            "75-move rule",
            "agreement",
            "time, but the claimant cannot mate",
            "illegal moves",
        ] {
            let cause = EndCause::from(key.to_string());
            assert!(!matches!(cause, EndCause::Arbiter(_)), "{key}");
            assert_eq!(cause.key(), key);
        }
        let arbiter = EndCause::from("Handy klingelte".to_string());
        assert_eq!(arbiter, EndCause::Arbiter("Handy klingelte".into()));
        assert_eq!(
            serde_json::to_value(&arbiter).ok(),
            Some(json!("Handy klingelte"))
        );
        assert_eq!(
            EndCause::Board(crate::game::EndReason::FiftyMovesClaim).key(),
            "50-move rule claimed"
        );
    }

    #[test]
    fn a_field_is_read_by_its_json_name_as_the_json_has_it() {
        let about = About::ReadBack { mv: mv(), no: 3 };
        assert_eq!(about.get("uci").and_then(|f| f.as_str()), Some("e2e4"));
        assert_eq!(about.get("read_back_no").and_then(Field::as_u64), Some(3));
        assert_eq!(about.get("read_back").and_then(Field::as_bool), Some(true));
        assert_eq!(about.get("white_ms"), None);
        let claim = About::Claim { intended: None };
        assert_eq!(claim.get("intended"), Some(Field::Null));
    }
}
