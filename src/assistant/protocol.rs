//! The events the assistant takes and the effects it gives, with their JSON form: the
//! `replay` interface, and the lines of the game journal. Effects carry typed facts (an
//! announcement's [`About`], an ending's [`EndCause`], a claim's [`Claimed`]); JSON is made from
//! them only at the edge ([`TimedEffect::to_json`]), flat as the interface has always been.
//!
//! ```
//! use rochade::assistant::protocol::{Event, TimedEvent};
//! let line = r#"{"at": 1500, "heard": "springer felix drei"}"#;
//! let event: TimedEvent = serde_json::from_str(line).unwrap();
//! assert_eq!(event.at, 1500);
//! assert!(matches!(event.event, Event::Heard(_)));
//! ```
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shakmaty::Color;

pub use super::about::{About, ClockTimes, EndCause, MoveFacts};
use crate::clock::{ClockSettings, side_name};
use crate::game::chess960::{self, Chess960Error};
use crate::game::laws::Supervision;
use crate::game::{GameResult, Variant};
use crate::lang::Lang;
use crate::rules::RulesEdition;
use crate::vocab::Command;

/// Tournament (only what FIDE D.2.9 lets an assistant say) or training (explanations, the
/// position read aloud).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    Tournament,
    Training,
}

/// Whom an announcement is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Listener {
    /// The blind or visually impaired player (headphones).
    Player,
    /// The sighted opponent (short announcements).
    Opponent,
    /// The arbiter (touch reports, illegal moves, claims).
    Arbiter,
}

/// A side as JSON names it ("white", "black"): the one side type of the record and the
/// protocol, [`crate::scoresheet::record::Side`].
pub use crate::scoresheet::record::Side;

/// Whether time warnings are said: off, the default thresholds, or a list of seconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Warnings {
    /// On (the default thresholds 10 min, 5 min, 1 min, 30 s, 10 s) or off.
    Switch(bool),
    /// Thresholds in seconds.
    Seconds(Vec<u64>),
}

/// How a game starts: the settings of the assistant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartSpec {
    /// The side of the blind player.
    pub player: Side,
    /// The start position; the initial position when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Chess960 (FIDE Guidelines II): the start position's number, 0–959 (`"chess960": 518`),
    /// or `true` for the Chess960 start position in `fen` (number 518 without one). The start
    /// position is checked (Chess960 rule 2). Absent: standard chess.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chess960: Option<Chess960Start>,
    /// The time control in PGN `TimeControl` syntax (with `d`/`b` delays) or a preset name;
    /// absent or `-` for no clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    #[serde(default)]
    pub mode: Mode,
    /// The language of everything said and printed (announcements, questions, messages, the
    /// print scoresheet): de, en, ar or he.
    #[serde(default)]
    pub lang: Lang,
    /// The vocabulary the player speaks, de (the FIDE words) or en; absent: the one of `lang`,
    /// or German for a language without one (ar, he). A game started before this field existed
    /// has none, and speaks and understands its `lang` as it always did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vocab: Option<Lang>,
    /// The correction window after a read-back, in ms; 0 means only an explicit "ja" makes the
    /// move (D.2.6).
    #[serde(default = "default_confirm_ms")]
    pub confirm_ms: u64,
    /// Captures get the correction window like quiet moves. By default (false) a capture
    /// waits for an explicit "ja", as a promotion always does: D.2.3 makes a capture "made"
    /// only once the captured piece is off the player's board, and a misheard capture or
    /// promotion is the costliest mistake.
    #[serde(default, skip_serializing_if = "is_false")]
    pub capture_window: bool,
    #[serde(default)]
    pub rules: RulesEdition,
    /// Time warnings; off in tournament mode unless the arbiter allows them, on in training.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warnings: Option<Warnings>,
    /// Clock details beyond the time control (period addition at the flag, as a DGT 3000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSettings>,
    /// The correction window of a read-back starts when the shell reports that the read-back
    /// has finished playing (a [`Event::Played`] event), not when it was decided; until then
    /// only "ja" makes the move. `play` sets it, because it speaks the read-backs and reports
    /// their end; absent (false), the window starts at the read-back (as in `replay`), and a
    /// `played` event only moves a window that has not yet passed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub window_after_playback: bool,
    /// The clock starts on the arbiter's signal (an `arbiter` event `start`, typed `!start`),
    /// not at the start of the game, so that the game can be prepared before (FIDE 6.5: the
    /// arbiter starts the clock). Until then no move is taken. Absent (false): the clock
    /// starts with the game, as before this field existed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub start_on_signal: bool,
    /// Rapid and blitz under the 2014 and 2018 Laws: `full` (the Competition Rules, A.3/B.3)
    /// or `limited` (the simplified rules of A.4/B.4, where the event chooses them, A.5/B.5):
    /// then a 2014 illegal move loses at once (14 A.4.b). Absent: full, as before this field
    /// existed.
    #[serde(default, skip_serializing_if = "is_full_supervision")]
    pub supervision: Supervision,
    /// The event's default time in seconds (6.7): a side that has not made its first move
    /// this long after the clock started is reported to the arbiter, who decides whether the
    /// player arrived late. Absent: the edition's (one hour in 2001 and 2005, zero from
    /// 2009). Zero is never reported: arriving is seen at the board, not in the moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_time_s: Option<u64>,
    /// The event has announced that the quickplay-finish rules apply (fa 10.2, 14 Appendix G,
    /// he Guidelines III): a player on move with less than two minutes may claim a draw with
    /// "Remis"; the clocks stop and the arbiter decides. Absent: not announced.
    #[serde(default, skip_serializing_if = "is_false")]
    pub quickplay_finish: bool,
    /// Whether "Schach" is said after a move that gives check, in read-backs and
    /// announcements (fa 3.8: announcing check is not compulsory; the player may not want
    /// it). Mate is always said. Absent: said.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub announce_check: bool,
    /// Whether the event lets the players agree a draw, or only from a move on (14 9.1.a,
    /// he 9.1.1: "the regulations of an event may specify that players cannot offer or agree
    /// to a draw … in less than a specified number of moves or at all"). Absent: allowed.
    #[serde(default, skip_serializing_if = "DrawAgreements::is_allowed")]
    pub draw_agreements: DrawAgreements,
    /// The speech output's volume at the start, in percent ([`SPEECH_VOLUMES`]); absent: 100.
    /// "lauter"/"leiser" change it during the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speech_volume: Option<u8>,
    /// The speech output's rate at the start, in words a minute ([`SPEECH_RATES`]); absent:
    /// 175. "schneller"/"langsamer" change it during the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speech_rate: Option<u32>,
    /// Players, event, site, date, round for the scoresheet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    /// The arbiter's own vocabulary (FIDE D.1), a `grammars/*.toml` file's name and text, in
    /// place of the built-in one of [`StartSpec::vocab_lang`] (and in its language). The text itself is kept, so the journal resumes
    /// with the words the game started with, whatever became of the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vocabulary: Option<VocabularyFile>,
}

/// How a Chess960 game's start position is given: by its number, or `true` with the position
/// in the start's `fen` (entered by hand, FIDE Chess960 rule 2: dice, coins, cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Chess960Start {
    Number(u32),
    Given(bool),
}

/// A vocabulary file as given at the start of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VocabularyFile {
    /// The file's name, for errors.
    pub name: String,
    /// Its TOML text.
    pub toml: String,
}

impl VocabularyFile {
    /// Reads a vocabulary file and checks it, so a bad file is refused before a game starts.
    pub fn read(path: &std::path::Path) -> Result<(VocabularyFile, Lang), String> {
        let bytes = crate::bounded::read_file(path, crate::bounded::VOCABULARY)
            .map_err(|e| format!("cannot read the vocabulary {}: {e}", path.display()))?;
        let toml = String::from_utf8(bytes)
            .map_err(|_| format!("the vocabulary {} is not UTF-8 text", path.display()))?;
        let file = VocabularyFile {
            name: path.display().to_string(),
            toml,
        };
        let lang = file.vocab()?.lang();
        Ok((file, lang))
    }

    /// The vocabulary, checked.
    pub fn vocab(&self) -> Result<crate::vocab::Vocab, String> {
        crate::vocab::Vocab::from_toml_str(&self.name, &self.toml).map_err(|e| e.to_string())
    }
}

/// The volumes the speech output may have, in percent of its full volume.
pub const SPEECH_VOLUMES: std::ops::RangeInclusive<u8> = 10..=100;

/// The rates the speech output may have, in words a minute (espeak-ng's range).
pub const SPEECH_RATES: std::ops::RangeInclusive<u32> = 80..=450;

/// How much one "lauter" or "leiser" changes the volume, in percent.
pub const VOLUME_STEP: u8 = 10;

/// How much one "schneller" or "langsamer" changes the rate, in words a minute.
pub const RATE_STEP: u32 = 25;

fn default_confirm_ms() -> u64 {
    2000
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_full_supervision(s: &Supervision) -> bool {
    *s == Supervision::Full
}

/// Draw offers and agreements as the event's regulations allow them (9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawAgreements {
    /// At any time (the Laws' default).
    #[default]
    Allowed,
    /// Only once this move number is being played (`{"from_move": 30}`: an offer with the
    /// 30th move or later). Claims under 9.2 and 9.3 are not agreements and stay allowed.
    FromMove(u32),
    /// Not at all.
    Forbidden,
}

impl DrawAgreements {
    fn is_allowed(&self) -> bool {
        *self == DrawAgreements::Allowed
    }

    /// Whether an offer or an agreement is allowed while move `move_number` is played.
    pub fn allow_at(self, move_number: u32) -> bool {
        match self {
            DrawAgreements::Allowed => true,
            DrawAgreements::FromMove(n) => move_number >= n,
            DrawAgreements::Forbidden => false,
        }
    }
}

impl StartSpec {
    /// Standard chess or Chess960.
    pub fn variant(&self) -> Variant {
        match self.chess960 {
            None | Some(Chess960Start::Given(false)) => Variant::Standard,
            Some(_) => Variant::Chess960,
        }
    }

    /// The start position's FEN, `None` for the usual one: `fen`, or in Chess960 the position
    /// of the number (which must then be `fen`'s own, when both are given).
    pub fn start_fen(&self) -> Result<Option<String>, Chess960Error> {
        let Some(Chess960Start::Number(number)) = self.chess960 else {
            return Ok(self.fen.clone());
        };
        let number16 =
            u16::try_from(number).map_err(|_| Chess960Error::NumberOutOfRange { number })?;
        let numbered = chess960::start_fen(number16)?;
        if let Some(fen) = &self.fen {
            let given = chess960::check_start(fen)?;
            if chess960::number_of(&given) != Some(number16) {
                return Err(Chess960Error::NotNumbered { number });
            }
        }
        Ok(Some(numbered))
    }

    /// The language of the vocabulary the player speaks: `vocab`, else `lang`'s default.
    pub fn vocab_lang(&self) -> Lang {
        self.vocab.unwrap_or(self.lang.default_vocabulary())
    }

    /// The settings a game gets when nothing is said: the player has White, German, the
    /// initial position, tournament mode, no clock.
    pub fn new(player: Color) -> StartSpec {
        StartSpec {
            player: player.into(),
            fen: None,
            chess960: None,
            time_control: None,
            mode: Mode::Tournament,
            lang: Lang::De,
            vocab: None,
            confirm_ms: default_confirm_ms(),
            capture_window: false,
            rules: RulesEdition::default(),
            warnings: None,
            clock: None,
            window_after_playback: false,
            start_on_signal: false,
            supervision: Supervision::Full,
            draw_agreements: DrawAgreements::Allowed,
            announce_check: true,
            default_time_s: None,
            quickplay_finish: false,
            speech_volume: None,
            speech_rate: None,
            white: None,
            black: None,
            event: None,
            site: None,
            date: None,
            round: None,
            vocabulary: None,
        }
    }
}

/// Recognizer alternatives: one text, or `[[text, confidence], …]` best first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Heard {
    Text(String),
    Alternatives(Vec<(String, f32)>),
}

impl Heard {
    /// The alternatives, best first.
    pub fn alternatives(&self) -> Vec<(String, f32)> {
        match self {
            Heard::Text(t) => vec![(t.clone(), 1.0)],
            Heard::Alternatives(a) => a.clone(),
        }
    }

    /// The best alternative's text.
    pub fn best(&self) -> String {
        match self {
            Heard::Text(t) => t.clone(),
            Heard::Alternatives(a) => a.first().map(|(t, _)| t.clone()).unwrap_or_default(),
        }
    }
}

/// What the arbiter enters (FIDE 6.10, 7.4–7.5, 9, Appendix E).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArbiterAction {
    /// Add time to a side.
    AddTime { side: Side, ms: u64 },
    /// Take time from a side.
    RemoveTime { side: Side, ms: u64 },
    /// Set both clocks (D.2.8: after retracing to where the scoresheets agree).
    SetTimes { white_ms: u64, black_ms: u64 },
    /// Set a side's move counter on the clock.
    SetMoves { side: Side, moves: u32 },
    /// The illegal-move penalty: time for the offender's opponent by rules edition (7.5).
    IllegalMovePenalty { offender: Side },
    /// Reset the position to after this many half-moves (7.4/7.5, D.2.7–8).
    ResetTo { ply: usize },
    /// From now on each move of both sides adds this much (he Guidelines III.4: the arbiter
    /// grants a quickplay-finish request for a 5-second increment).
    AddIncrement { ms: u64 },
    /// A complaint about the set-up (the pieces' initial position, the board's orientation or
    /// the clock's setting), with what was placed wrongly if it matters for castling.
    SetUpComplaint { fault: SetUpFault },
    /// The arbiter found this side's draw claim (9.2, 9.3) incorrect: the penalty by rules
    /// edition (9.5), and play goes on.
    IncorrectClaim { claimant: Side },
    /// Stop both clocks.
    Pause,
    /// Start the clock again.
    Resume,
    /// The arbiter's signal to begin: the clock of the side to move starts (a game started
    /// with `start_on_signal`); otherwise the same as `Resume`.
    Start,
    /// Adjourn: the side to move seals its next move (Appendix E, D.2.9.f).
    Adjourn,
    /// Resume an adjourned game: the sealed move is made.
    ResumeAdjourned,
    /// End the game with a result the arbiter decides.
    Result { result: String, reason: String },
}

/// What was wrong with the set-up, as far as castling is concerned (A.4.a).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetUpFault {
    /// The set-up, the board or the clock in general.
    General,
    /// This side's king stood on a wrong square: no castling for it.
    King { side: Side },
    /// The rook that stood on this square (e.g. "h1") was placed wrongly: no castling with it.
    Rook { square: String },
}

/// One event, as `replay` reads it and the journal stores it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// The game starts.
    Start(Box<StartSpec>),
    /// The player spoke (or typed) words.
    Heard(Heard),
    /// The opponent's move (SAN, UCI or FIDE words), or their words: "remis", "aufgabe",
    /// "ablehnen" (decline a draw), "reklamation" (claim the player's flag).
    Opponent(String),
    /// A move typed by a human assistant who relays between the two boards (D.2.9.a–c,
    /// `rochade relay`): `{"at": MS, "relayed": "Nf3"}`. It is the move of the side to move,
    /// whoever that is, made at once (no read-back: it was made on a board already) and
    /// announced to the other side; an entry that fits several moves is asked back, and words
    /// that are no move are taken as the player's (a command such as "Zeit").
    Relayed(String),
    /// A command given by key rather than by voice.
    Command(Command),
    /// An arbiter's entry.
    Arbiter(ArbiterAction),
    /// The sighted opponent touched a piece on this square (D.2.9.e: reported to the arbiter).
    Touched(String),
    /// Time passed.
    Tick(bool),
    /// The player began to speak (`{"at": 2300, "speaking": true}`, from the recognizer's
    /// start of speech): a read-back's correction window waits for his words, which may be
    /// "nein" (D.2.6), and runs afresh once they are answered. `false`: what began was no
    /// words (a click, a knock), and the window runs afresh at once. Sent only while a window
    /// may still make a move.
    Speaking(bool),
    /// A read-back finished playing at this event's time: its correction window starts now
    /// (`{"at": 2500, "played": {"read_back": 1, "uci": "g1f3"}}`). Ignored unless it names the
    /// read-back that waits.
    Played(Played),
    /// The game was resumed from its journal after an interruption (`{"at": 90000,
    /// "resumed": true}`): the player hears where the game stands; a read-back or question
    /// that was waiting is said again (a read-back with a fresh correction window, never made
    /// by the time that passed); the player's last move is announced to the opponent again
    /// when it is the opponent's turn, and the opponent's last move to the player when it is
    /// the player's (neither may have been heard before the interruption).
    Resumed(bool),
}

/// Which read-back finished playing: its number in the game (`read_back_no` in the `about`
/// of the read-back's `say` effect; the first read-back of a game is 1, a repeated read-back
/// keeps its number) and, as a check, its move in UCI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    pub read_back: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uci: Option<String>,
}

/// An event with its time in ms since the game's start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimedEvent {
    pub at: u64,
    #[serde(flatten)]
    pub event: Event,
}

/// What the assistant makes happen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Effect {
    /// Say (and print) a text; `about` carries the facts spoken.
    Say {
        to: Listener,
        text: String,
        #[serde(default, skip_serializing_if = "About::is_nothing")]
        about: About,
    },
    /// A move is made (D.2.3): on the board, the scoresheet, and the clock.
    Made {
        #[serde(with = "crate::clock::side_serde")]
        by: Color,
        uci: String,
        san: String,
    },
    /// The clocks: which runs, and both times.
    Clock {
        #[serde(with = "running_serde")]
        running: Option<Color>,
        white_ms: u64,
        black_ms: u64,
    },
    /// A flag fell, at `flag_ms` exactly.
    Flag {
        #[serde(with = "crate::clock::side_serde")]
        side: Color,
        flag_ms: u64,
        final_period: bool,
        moves_done: bool,
    },
    /// A claim made for the player (time: D.2.9.e; draws: 9.2–9.3), and whether it holds.
    Claim {
        claim: Claimed,
        #[serde(with = "crate::clock::side_serde")]
        side: Color,
        upheld: bool,
    },
    /// A move sealed for an adjournment (recorded, not announced).
    Sealed {
        #[serde(with = "crate::clock::side_serde")]
        by: Color,
        uci: String,
        san: String,
    },
    /// The game ended.
    End {
        result: GameResult,
        reason: EndCause,
    },
    /// Something went wrong with an event (it was not applied).
    Error { error: String },
}

/// What a claim made for the player was for (the `claim` of a `claim` effect).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claimed {
    /// The other side's flag fell (6.9, D.2.9.e).
    Time,
    /// Threefold repetition (9.2).
    ThreefoldRepetition,
    /// The 50-move rule (9.3).
    FiftyMoves,
    /// A quickplay finish (10.2, G.5, III.5): the arbiter decides.
    QuickplayFinish,
}

/// An effect with the time it takes effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimedEffect {
    pub at: u64,
    #[serde(flatten)]
    pub effect: Effect,
}

impl Effect {
    /// For a read-back said to the player: the `played` event that reports the end of its
    /// playback (its number and move, from `about`).
    pub fn read_back(&self) -> Option<Played> {
        match self {
            Effect::Say {
                to: Listener::Player,
                about: About::ReadBack { mv, no },
                ..
            } => Some(Played {
                read_back: *no,
                uci: Some(mv.uci.clone()),
            }),
            _ => None,
        }
    }
}

impl TimedEffect {
    /// The effect as one JSON line's value.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// "white" or "black".
pub fn side_word(c: Color) -> &'static str {
    side_name(c)
}

/// Serde for the running side: "white", "black" or "none" (null is read as "none").
mod running_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(
        side: &Option<Color>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match side {
            Some(Color::White) => "white",
            Some(Color::Black) => "black",
            None => "none",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Color>, D::Error> {
        let text = Option::<String>::deserialize(deserializer)?;
        match text.as_deref() {
            None | Some("none") => Ok(None),
            Some("white") => Ok(Some(Color::White)),
            Some("black") => Ok(Some(Color::Black)),
            Some(other) => Err(serde::de::Error::custom(format!(
                "unknown side {other:?}: expected \"white\", \"black\" or \"none\""
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assistant::Assistant;

    fn start(json: &str) -> StartSpec {
        serde_json::from_str(json).expect("a start spec")
    }

    /// A start line written before `vocab` existed has none and speaks and understands its
    /// `lang`; `vocab` is written only when set, so such lines stay as they were.
    #[test]
    fn vocab_is_lang_s_own_unless_set() {
        let old = start(r#"{"player": "white", "lang": "en"}"#);
        assert_eq!((old.vocab, old.vocab_lang()), (None, Lang::En));
        assert!(!serde_json::to_string(&old).expect("JSON").contains("vocab"));
        assert_eq!(
            start(r#"{"player": "white", "lang": "ar"}"#).vocab_lang(),
            Lang::De
        );
        let he_en = start(r#"{"player": "white", "lang": "he", "vocab": "en"}"#);
        assert_eq!(he_en.vocab_lang(), Lang::En);
        let line = serde_json::to_string(&he_en).expect("JSON");
        assert!(line.contains(r#""vocab":"en""#), "{line}");
    }

    fn said(a: &mut Assistant, at: u64, event: Event) -> Vec<(Listener, String)> {
        a.handle(&super::TimedEvent { at, event })
            .into_iter()
            .filter_map(|e| match e.effect {
                Effect::Say { to, text, .. } => Some((to, text)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn an_arabic_game_with_the_english_vocabulary() {
        let mut a = Assistant::new();
        let spec = start(r#"{"player": "white", "lang": "ar", "vocab": "en", "confirm_ms": 0}"#);
        said(&mut a, 0, Event::Start(Box::new(spec)));
        let heard = said(
            &mut a,
            1000,
            Event::Heard(Heard::Text("knight felix three".into())),
        );
        assert_eq!(
            heard,
            [(Listener::Player, "Knight Felix three?".to_string())]
        );
        let made = said(&mut a, 2000, Event::Command(crate::vocab::Command::Yes));
        assert!(
            made.contains(&(Listener::Opponent, "الحصان فيلكس دراي".to_string())),
            "{made:?}"
        );
        assert!(
            made.contains(&(Listener::Player, "تمت النقلة.".to_string())),
            "{made:?}"
        );
    }

    #[test]
    fn a_vocab_without_a_vocabulary_is_refused() {
        let mut a = Assistant::new();
        let spec = start(r#"{"player": "white", "lang": "de", "vocab": "he"}"#);
        let effects = a.handle(&super::TimedEvent {
            at: 0,
            event: Event::Start(Box::new(spec)),
        });
        assert!(
            effects.iter().any(|e| matches!(&e.effect,
                Effect::Error { error } if error.contains("no vocabulary in he"))),
            "{effects:?}"
        );
    }
}
