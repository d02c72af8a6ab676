//! Typed input of `play` and `relay`: which event a line a person types is.
//!
//! * While it is the player's move (or a question waits for the player), a line is what the
//!   player says: FIDE words ("Springer Felix drei"), a command ("Zeit"), or a move in SAN or
//!   UCI (`Nf3`, `g1f3`), which is turned into the spoken words and read back like speech.
//! * While it is the opponent's move, a move (SAN with English or German letters, UCI, or the
//!   spoken words) is the opponent's; commands ("Zeit", "Wiederholen") stay the player's.
//! * A line starting with `>` is always the opponent's: a move, or "remis", "aufgabe",
//!   "ablehnen", "reklamation".
//! * A line starting with `!` is the arbiter's: `!pause`, `!weiter`, `!zeit weiss 120` (add
//!   seconds; `!zeit schwarz -60` removes), `!uhren 3600 3540` (set both, seconds), `!zuege
//!   weiss 40`, `!strafe schwarz` (illegal-move penalty for the offender's opponent),
//!   `!zurueck 20` (reset to after 20 half-moves), `!abbruch` (adjourn: sealed move),
//!   `!fortsetzung` (resume the adjourned game), `!ergebnis 1-0 Grund` (a forfeit: `!ergebnis +/-`, or
//!   `!ergebnis 1-0 kampflos …`), `!start` (the signal
//!   that starts the clock of a game begun with `--start-on-signal`; else as `!weiter`). English works too
//!   (`!resume`, `!time white 120`, `!clocks`, `!moves`, `!penalty`, `!reset`, `!adjourn`,
//!   `!continue`, `!result`).
//! * `berührt e7` / `touched e7` reports the opponent's touched piece (D.2.9.e).
//!
//! ```
//! use rochade::typed::{Typed, typed_line};
//! use rochade::assistant::protocol::{ArbiterAction, Event};
//! assert!(matches!(typed_line("!pause", None), Typed::Event(Event::Arbiter(ArbiterAction::Pause))));
//! assert!(matches!(typed_line("> Sf6", None), Typed::Event(Event::Opponent(m)) if m == "Sf6"));
//! ```
use shakmaty::{Chess, Position};

use crate::assistant::Assistant;
use crate::assistant::protocol::{ArbiterAction, Event, Heard, SetUpFault, Side};
use crate::catalog::Catalog;
use crate::interpret::{Interpreter, Reading, spoken_move};
use crate::vocab::normalize_word;

/// What a typed line is.
#[derive(Debug, Clone, PartialEq)]
pub enum Typed {
    /// An event for the assistant.
    Event(Event),
    /// Leave the program (the game stays in its journal and can be resumed).
    Quit,
    /// Nothing to do (an empty line).
    Nothing,
    /// A line that could not be read, with the reason in words.
    Invalid(String),
}

fn side(word: &str) -> Option<Side> {
    match normalize_word(word).as_str() {
        "w" | "white" | "weiss" | "weis" => Some(Side::White),
        "b" | "black" | "s" | "schwarz" => Some(Side::Black),
        _ => None,
    }
}

fn seconds_ms(word: &str) -> Option<(bool, u64)> {
    let (neg, digits) = match word.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, word.strip_prefix('+').unwrap_or(word)),
    };
    let secs: f64 = digits.replace(',', ".").parse().ok()?;
    if !secs.is_finite() || secs < 0.0 {
        return None;
    }
    Some((neg, (secs * 1000.0).round() as u64))
}

/// Why an arbiter entry could not be read; said in words by [`EntryError::words`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// Nothing after `!`: the list of entries.
    Empty,
    TimeSide,
    TimeSeconds,
    ClocksWhite,
    ClocksBlack,
    MovesSide,
    MovesNumber,
    PenaltySide,
    ClaimSide,
    SetUpWhat,
    ResetPly,
    UnknownResult(String),
    Unknown(String),
}

impl EntryError {
    /// The reason in the catalog's words.
    pub fn words(&self, catalog: &Catalog) -> String {
        let id = match self {
            EntryError::Empty => "entry-help",
            EntryError::TimeSide => "entry-time-side",
            EntryError::TimeSeconds => "entry-time-seconds",
            EntryError::ClocksWhite => "entry-clocks-white",
            EntryError::ClocksBlack => "entry-clocks-black",
            EntryError::MovesSide => "entry-moves-side",
            EntryError::MovesNumber => "entry-moves-number",
            EntryError::PenaltySide => "entry-penalty-side",
            EntryError::ClaimSide => "entry-claim-side",
            EntryError::SetUpWhat => "entry-set-up-what",
            EntryError::ResetPly => "entry-reset-ply",
            EntryError::UnknownResult(result) => {
                return catalog.text(
                    "entry-unknown-result",
                    &[("result", format!("{result:?}").into())],
                );
            }
            EntryError::Unknown(entry) => {
                return catalog.text(
                    "entry-unknown",
                    &[
                        ("entry", format!("{entry:?}").into()),
                        ("help", catalog.text("entry-help", &[]).into()),
                    ],
                );
            }
        };
        catalog.text(id, &[])
    }
}

/// Reads an arbiter entry (the text after `!`).
pub fn arbiter_line(text: &str) -> Result<ArbiterAction, EntryError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Err(EntryError::Empty);
    };
    let cmd = normalize_word(first);
    let arg = |i: usize| words.get(i).copied().unwrap_or("");
    match cmd.as_str() {
        "pause" | "stop" | "halt" => Ok(ArbiterAction::Pause),
        "weiter" | "resume" => Ok(ArbiterAction::Resume),
        "start" | "los" | "beginn" => Ok(ArbiterAction::Start),
        "zeit" | "time" => {
            let s = side(arg(1)).ok_or(EntryError::TimeSide)?;
            let (neg, ms) = seconds_ms(arg(2)).ok_or(EntryError::TimeSeconds)?;
            Ok(if neg {
                ArbiterAction::RemoveTime { side: s, ms }
            } else {
                ArbiterAction::AddTime { side: s, ms }
            })
        }
        "uhren" | "clocks" | "set" => {
            let (_, white_ms) = seconds_ms(arg(1)).ok_or(EntryError::ClocksWhite)?;
            let (_, black_ms) = seconds_ms(arg(2)).ok_or(EntryError::ClocksBlack)?;
            Ok(ArbiterAction::SetTimes { white_ms, black_ms })
        }
        "zuege" | "moves" => {
            let s = side(arg(1)).ok_or(EntryError::MovesSide)?;
            let moves = arg(2).parse().map_err(|_| EntryError::MovesNumber)?;
            Ok(ArbiterAction::SetMoves { side: s, moves })
        }
        "strafe" | "penalty" => {
            let s = side(arg(1)).ok_or(EntryError::PenaltySide)?;
            Ok(ArbiterAction::IllegalMovePenalty { offender: s })
        }
        "aufstellung" | "setup" | "set-up" => {
            let fault = match normalize_word(arg(1)).as_str() {
                "" => SetUpFault::General,
                "koenig" | "king" => SetUpFault::King {
                    side: side(arg(2)).ok_or(EntryError::SetUpWhat)?,
                },
                "turm" | "rook" => {
                    let sq = arg(2).to_ascii_lowercase();
                    let b = sq.as_bytes();
                    if !(b.len() == 2
                        && (b'a'..=b'h').contains(&b[0])
                        && (b[1] == b'1' || b[1] == b'8'))
                    {
                        return Err(EntryError::SetUpWhat);
                    }
                    SetUpFault::Rook { square: sq }
                }
                _ => return Err(EntryError::SetUpWhat),
            };
            Ok(ArbiterAction::SetUpComplaint { fault })
        }
        "inkrement" | "increment" => {
            // he Guidelines III.4: five seconds unless the arbiter says otherwise
            let (neg, ms) = match arg(1) {
                "" => (false, 5000),
                s => seconds_ms(s).ok_or(EntryError::TimeSeconds)?,
            };
            if neg || ms == 0 {
                return Err(EntryError::TimeSeconds);
            }
            Ok(ArbiterAction::AddIncrement { ms })
        }
        "falschereklamation" | "falsche-reklamation" | "incorrect-claim" | "incorrectclaim" => {
            let s = side(arg(1)).ok_or(EntryError::ClaimSide)?;
            Ok(ArbiterAction::IncorrectClaim { claimant: s })
        }
        "zurueck" | "reset" => {
            let ply = arg(1).parse().map_err(|_| EntryError::ResetPly)?;
            Ok(ArbiterAction::ResetTo { ply })
        }
        "abbruch" | "adjourn" | "hängepartie" | "haengepartie" => Ok(ArbiterAction::Adjourn),
        "fortsetzung" | "continue" => Ok(ArbiterAction::ResumeAdjourned),
        "ergebnis" | "result" => {
            let result = match arg(1) {
                "1-0" => "1-0",
                "0-1" => "0-1",
                "1/2-1/2" | "½-½" | "remis" | "draw" | "=" => "1/2-1/2",
                // A forfeit, as the 2014 glossary writes it.
                "+/-" => "+/-",
                "-/+" => "-/+",
                other => return Err(EntryError::UnknownResult(other.to_string())),
            };
            Ok(ArbiterAction::Result {
                result: result.into(),
                reason: words.get(2..).map(|w| w.join(" ")).unwrap_or_default(),
            })
        }
        _ => Err(EntryError::Unknown(first.to_string())),
    }
}

/// Reads a typed line, given the assistant's state (None: as if the player is to move).
pub fn typed_line(line: &str, assistant: Option<&Assistant>) -> Typed {
    let line = line.trim();
    if line.is_empty() {
        return Typed::Nothing;
    }
    let lower = normalize_word(line);
    if matches!(
        lower.as_str(),
        "quit" | "exit" | "ende" | "beenden" | "programm beenden"
    ) {
        return Typed::Quit;
    }
    if let Some(rest) = line.strip_prefix('>') {
        return Typed::Event(Event::Opponent(rest.trim().to_string()));
    }
    if let Some(rest) = line.strip_prefix('!') {
        return match arbiter_line(rest) {
            Ok(action) => Typed::Event(Event::Arbiter(action)),
            Err(e) => {
                let lang = assistant
                    .and_then(|a| a.spec())
                    .map(|s| s.lang)
                    .unwrap_or_default();
                Typed::Invalid(e.words(&Catalog::builtin(lang)))
            }
        };
    }
    for prefix in ["beruehrt ", "touched ", "touch "] {
        if let Some(rest) = lower.strip_prefix(prefix) {
            return Typed::Event(Event::Touched(rest.trim().to_string()));
        }
    }
    let Some(assistant) = assistant else {
        return Typed::Event(Event::Heard(Heard::Text(line.to_string())));
    };
    let (Some(game), Some(spec)) = (assistant.game(), assistant.spec()) else {
        return Typed::Event(Event::Heard(Heard::Text(line.to_string())));
    };
    let pos = game.position();
    let vocab = assistant
        .vocab()
        .cloned()
        .unwrap_or_else(|| crate::vocab::Vocab::builtin(spec.lang));
    let interpreter = Interpreter::new(vocab.clone());
    let reading = interpreter.interpret_text(pos, line);
    let is_command = matches!(reading.reading, Reading::Command(_));
    if assistant.player_to_move() || assistant.awaiting_answer() || is_command {
        // A move typed in notation is read back like the spoken words.
        if !is_command
            && !matches!(reading.reading, Reading::Move(_))
            && let Some(mv) = notation_move(pos, line)
        {
            return Typed::Event(Event::Heard(Heard::Text(spoken_move(pos, &mv, &vocab))));
        }
        return Typed::Event(Event::Heard(Heard::Text(line.to_string())));
    }
    Typed::Event(Event::Opponent(line.to_string()))
}

/// A line typed in `relay` (a human assistant between the two boards, D.2.9.a–c): as
/// [`typed_line`], except that a line which is no command is the move of the side to move,
/// either side's, made at once ([`Event::Relayed`]): the assistant types what was played on a
/// board, so there is nothing to read back, and the next move may follow within a second.
pub fn typed_relay_line(line: &str, assistant: Option<&Assistant>) -> Typed {
    let typed = typed_line(line, assistant);
    let trimmed = line.trim();
    let plain = !trimmed.starts_with('>');
    match typed {
        Typed::Event(Event::Heard(_)) | Typed::Event(Event::Opponent(_)) if plain => {
            let is_command = assistant
                .and_then(|a| Some((a.game()?, a.vocab()?.clone())))
                .map(|(game, vocab)| {
                    let reading = Interpreter::new(vocab).interpret_text(game.position(), trimmed);
                    matches!(reading.reading, Reading::Command(_))
                })
                .unwrap_or(false);
            if is_command {
                typed
            } else {
                Typed::Event(Event::Relayed(trimmed.to_string()))
            }
        }
        other => other,
    }
}

/// A move typed in SAN (English or German letters) or UCI.
fn notation_move(pos: &Chess, text: &str) -> Option<shakmaty::Move> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    // In Chess960 castling is typed only as O-O or O-O-O (note 1), never as a king move.
    if let Ok(uci) = compact.parse::<shakmaty::uci::UciMove>()
        && let Ok(mv) = uci.to_move(pos)
        && !(mv.is_castle() && pos.castles().mode().is_chess960())
    {
        return Some(mv);
    }
    let readings = crate::scoresheet::movelist::parse_written(&compact)?;
    crate::scoresheet::movelist::resolve(pos, &readings).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arbiter_entries() {
        // Forfeits (14 glossary): the mark alone, or a win with the word.
        assert_eq!(
            arbiter_line("ergebnis +/-"),
            Ok(ArbiterAction::Result {
                result: "+/-".into(),
                reason: String::new()
            })
        );
        assert_eq!(
            arbiter_line("ergebnis 1-0 kampflos"),
            Ok(ArbiterAction::Result {
                result: "1-0".into(),
                reason: "kampflos".into()
            })
        );
        assert_eq!(
            arbiter_line("zeit schwarz 120"),
            Ok(ArbiterAction::AddTime {
                side: Side::Black,
                ms: 120_000
            })
        );
        assert_eq!(
            arbiter_line("time white -30"),
            Ok(ArbiterAction::RemoveTime {
                side: Side::White,
                ms: 30_000
            })
        );
        assert_eq!(
            arbiter_line("zurueck 12"),
            Ok(ArbiterAction::ResetTo { ply: 12 })
        );
        assert!(arbiter_line("zeit lila 3").is_err());
        assert!(arbiter_line("").is_err());
    }

    #[test]
    fn quit_and_touch() {
        assert_eq!(typed_line("Ende", None), Typed::Quit);
        assert_eq!(
            typed_line("berührt e7", None),
            Typed::Event(Event::Touched("e7".into()))
        );
        assert_eq!(typed_line("   ", None), Typed::Nothing);
    }
}
