//! The spoken-move interpreter: what an utterance means in a position (SPOKEN-MOVES.md §2).
//!
//! An utterance is matched against the legal moves of the position, not parsed in a vacuum,
//! and gets exactly one [`Reading`]: a move, an ambiguity, something missing, an illegal move,
//! a command, or nothing understood. Several recognizer alternatives with confidences (n-best)
//! may be given; words that are not in the vocabulary are tried as near-misses of the words
//! that are ("Fellix"), and a move reached that way is marked `exact: false`.
//!
//! ```
//! use rochade::interpret::{Interpreter, Reading};
//! use rochade::lang::Lang;
//! use rochade::vocab::Vocab;
//! use shakmaty::Chess;
//!
//! let interpreter = Interpreter::new(Vocab::builtin(Lang::De));
//! let pos = Chess::default();
//! let heard = interpreter.interpret_text(&pos, "Springer Felix drei");
//! assert_eq!(heard.uci().as_deref(), Some("g1f3"));
//! assert!(heard.exact);
//!
//! let slip = interpreter.interpret_text(&pos, "Springer Fellix drei");
//! assert_eq!(slip.uci().as_deref(), Some("g1f3"));
//! assert!(!slip.exact);
//! ```
pub mod forms;
mod grouping;
mod legal;
pub mod matcher;
pub mod nearmiss;
pub mod spoken;

use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square, san::San};

use crate::catalog::Catalog;
use crate::lang::Lang;
use crate::vocab::{CastleSide, Command, Meaning, Vocab, split_words};
use grouping::{groupings, resolve_homophones};
use legal::Legal;
use matcher::{parse, reading};

pub use spoken::{
    CheckWord, announced_move, answer_phrases, command_phrases, heard_phrasings, move_phrases,
    scoresheet_phrases, spoken_move, spoken_move_as,
};

/// What is missing from an `incomplete` reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    /// The promotion piece ("David acht" with a pawn on d7).
    Promotion,
    /// The piece word, when no pawn can go to the square but a piece can.
    Piece,
}

impl Missing {
    /// "promotion" or "piece", as in the `interpret` JSON.
    pub fn name(self) -> &'static str {
        match self {
            Missing::Promotion => "promotion",
            Missing::Piece => "piece",
        }
    }
}

/// Why the words form a move but no legal move fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalReason {
    /// The game is over: no move can be made.
    GameOver,
    /// No piece of this kind can reach the square.
    CannotReach { role: Role, to: Square },
    /// The named piece on its square cannot reach the destination.
    CannotReachFrom {
        role: Role,
        from: Square,
        to: Square,
    },
    /// The player has no piece of this kind.
    NoSuchPiece { role: Role },
    /// No piece stands on the named origin.
    NoPieceOn { square: Square, role: Option<Role> },
    /// The piece on the named origin is the opponent's.
    OpponentPieceOn { square: Square, role: Role },
    /// Another kind of piece stands on the named origin.
    OtherPieceOn {
        square: Square,
        named: Role,
        there: Role,
    },
    /// A pawn's way is blocked.
    PawnBlocked { from: Square, to: Square },
    /// The piece is pinned: the move would leave the king in check.
    Pinned {
        role: Role,
        from: Square,
        to: Square,
    },
    /// The king is in check and this move does not answer it.
    KingInCheck {
        role: Role,
        from: Square,
        to: Square,
    },
    /// The king would stand in check on the square.
    KingWouldBeInCheck { to: Square },
    /// A promotion piece was named for a move that is not a promotion.
    NotAPromotion { to: Square },
    /// A pawn cannot become a king or a pawn.
    BadPromotionPiece { role: Role },
    /// Castling: the right is lost (king or rook has moved).
    CastlingNoRight { side: Option<CastleSide> },
    /// Castling: the king is in check.
    CastlingInCheck { side: Option<CastleSide> },
    /// Castling: a piece stands between king and rook.
    CastlingBlocked { side: Option<CastleSide> },
    /// Castling: the king would pass through or land on an attacked square.
    CastlingThroughCheck { side: Option<CastleSide> },
}

/// The meaning of an utterance in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// Exactly one legal move fits.
    Move(Move),
    /// Two or more legal moves fit.
    Ambiguous(Vec<Move>),
    /// Something required is missing; the candidates are the moves that fit so far.
    Incomplete {
        missing: Missing,
        candidates: Vec<Move>,
    },
    /// The words form a move but no legal move fits.
    Illegal(IllegalReason),
    /// A command.
    Command(Command),
    /// Nothing of the above.
    NotUnderstood,
}

impl Reading {
    /// The status name of the `interpret` JSON.
    pub fn status(&self) -> &'static str {
        match self {
            Reading::Move(_) => "move",
            Reading::Ambiguous(_) => "ambiguous",
            Reading::Incomplete { .. } => "incomplete",
            Reading::Illegal(_) => "illegal",
            Reading::Command(_) => "command",
            Reading::NotUnderstood => "not_understood",
        }
    }

    /// How much worse this outcome is than a move, when choosing between readings of
    /// uncertain words: a legal move is what a player most likely said.
    fn penalty(&self) -> f32 {
        match self {
            Reading::Move(_) | Reading::Command(_) => 0.0,
            Reading::Ambiguous(_) | Reading::Incomplete { .. } => 0.3,
            Reading::Illegal(_) => 0.7,
            Reading::NotUnderstood => 3.0,
        }
    }
}

/// A reading with what it was read from.
#[derive(Debug, Clone, PartialEq)]
pub struct Interpretation {
    /// The reading.
    pub reading: Reading,
    /// The recognizer alternative (or typed text) it was read from.
    pub heard: String,
    /// Which alternative (0 = the recognizer's best).
    pub alternative: usize,
    /// False when the reading needed a near-miss word, a dropped unknown word, or a lower
    /// recognizer alternative: the assistant then reads it back with special care.
    pub exact: bool,
    /// An answer ("ja", "nein", "Korrektur") that the recognizer heard but was unsure of, and
    /// that the reading therefore does not take (it is `NotUnderstood`). The assistant takes a
    /// negative one where a question waits for it, as withdrawing errs on the safe side.
    pub unsure_answer: Option<Command>,
    /// The SAN and UCI of a move reading, and the position's FEN-independent notation.
    san: Option<String>,
    /// How the position's castling moves are written in UCI (king onto rook in Chess960).
    mode: CastlingMode,
}

impl Interpretation {
    /// The UCI of a `move` reading (castling as the king's move, `e1g1`; in Chess960 onto
    /// its rook, `e1h1`).
    pub fn uci(&self) -> Option<String> {
        match &self.reading {
            Reading::Move(mv) => Some(mv.to_uci(self.mode).to_string()),
            _ => None,
        }
    }

    fn ucis(&self, moves: &[Move]) -> Vec<String> {
        moves
            .iter()
            .map(|m| m.to_uci(self.mode).to_string())
            .collect()
    }

    /// The SAN of a `move` reading (English letters).
    pub fn san(&self) -> Option<&str> {
        self.san.as_deref()
    }

    /// The `interpret` JSON object (SPOKEN-MOVES.md §3).
    pub fn to_json(&self) -> Value {
        let mut out = match &self.reading {
            Reading::Move(mv) => json!({
                "status": "move",
                "uci": mv.to_uci(self.mode).to_string(),
                "san": self.san.clone().unwrap_or_default(),
            }),
            Reading::Ambiguous(c) => json!({"status": "ambiguous", "candidates": self.ucis(c)}),
            Reading::Incomplete {
                missing,
                candidates,
            } => json!({
                "status": "incomplete",
                "missing": missing.name(),
                "candidates": self.ucis(candidates),
            }),
            Reading::Illegal(reason) => json!({
                "status": "illegal",
                "reason": spoken::reason_text(reason, &Catalog::builtin(Lang::En)),
            }),
            Reading::Command(c) => json!({"status": "command", "command": c.name()}),
            Reading::NotUnderstood => json!({"status": "not_understood"}),
        };
        if let Value::Object(map) = &mut out {
            match self.reading {
                Reading::Move(_) => {
                    map.insert("exact".into(), Value::Bool(self.exact));
                }
                // a command heard unsurely, which the assistant asks back
                Reading::Command(_) if !self.exact => {
                    map.insert("exact".into(), Value::Bool(false));
                }
                _ => {}
            }
        }
        out
    }
}

/// UCI of a move in standard chess: castling as the king's move.
pub fn uci(mv: &Move) -> String {
    mv.to_uci(CastlingMode::Standard).to_string()
}

#[cfg(test)]
fn ucis(moves: &[Move]) -> Vec<String> {
    moves.iter().map(uci).collect()
}

/// One heard word as the matcher sees it.
#[derive(Debug, Clone)]
enum Word {
    Known(String, Meaning),
    /// Not a vocabulary word: the near-misses it may stand for, with their cost.
    Unknown(Vec<(String, Meaning, f32)>),
}

/// What dropping an unknown word costs when it resembles no vocabulary word (noise), and when
/// it does (then it was more likely a slip of a word that matters).
const DROP_NOISE: f32 = 0.6;
const DROP_SLIP: f32 = 1.1;
/// A near-miss costs this much per unit of edit distance.
const SLIP_COST: f32 = 0.4;
/// An utterance of more words than this is not read as a move or command at all.
const MAX_WORDS: usize = 40;
/// How many combinations of near-miss choices are tried per utterance at most.
const MAX_COMBINATIONS: usize = 96;
/// At most this many words that are not in the vocabulary may be dropped from a move.
const MAX_DROPPED: usize = 2;
/// A lower recognizer alternative is considered only when its confidence is at least this
/// share of the best one's (the recognizer itself was unsure).
const ALTERNATIVE_SHARE: f32 = 0.8;
/// A reading whose alternatives hold less than this share of the recognizer's confidence is
/// unsure: read back, but made only by an explicit "ja".
pub const SURE_SHARE: f32 = 0.6;
/// A command is not understood while a move reading holds this share of its confidence.
pub const RIVAL_SHARE: f32 = 0.05;
/// A move is unsure while another legal move holds this share of its confidence: the
/// recognizer weighed the other one and did not rule it out. On the English tuning set
/// (2,154 utterances in quiet) the correction window made two wrong moves whose n-best list
/// held the move said at 11 and 18 % of the wrong one's share ("king f two" heard as "king
/// echo two"). At 5 %, a probe of single pawn moves in the starting position (`scripts/
/// safety_probe.py`, ten English voices) still had "Eva three" heard as a sure "David
/// three", "Eva three" at 2.7 %; on the tuning set (720 English lines in quiet) one of the
/// 178 right moves the window made had a rival between 1 and 5 %.
pub const MOVE_RIVAL_SHARE: f32 = 0.01;
/// Recognizer confidences are probabilities: they may sum to less than one, the rest being
/// the chance that the utterance was none of them (pocketsphinx says so when the audio fits
/// its grammar badly). Alternatives holding less than this together are not understood.
pub const MIN_HEARD: f32 = 0.25;

/// A recognizer's confidence as a probability: NaN is none, anything beyond 0..=1 the bound.
fn probability(confidence: f32) -> f32 {
    if confidence.is_nan() {
        0.0
    } else {
        confidence.clamp(0.0, 1.0)
    }
}

/// The interpreter for one vocabulary. Cheap to share; holds no game state.
#[derive(Debug, Clone)]
pub struct Interpreter {
    vocab: Vocab,
    /// Every normalized single vocabulary word with its meaning, for near-miss search.
    lexicon: nearmiss::Lexicon<Meaning>,
}

impl Interpreter {
    /// An interpreter for a vocabulary.
    pub fn new(vocab: Vocab) -> Interpreter {
        // Words that only serve commands are left out: a command is taken only from its exact
        // words, so a slip towards one could only ever crowd out a slip of a move word.
        let move_words: std::collections::HashSet<&str> = vocab
            .phrase_index()
            .iter()
            .filter(|(_, m)| !matches!(m, Meaning::Command(_)))
            .flat_map(|(p, _)| p.iter().map(String::as_str))
            .collect();
        let mut lexicon: Vec<(String, Meaning)> = vocab
            .word_index()
            .iter()
            .filter(|(w, m)| match m {
                Meaning::Command(_) | Meaning::Request | Meaning::Asking | Meaning::Reading => {
                    false
                }
                Meaning::Fragment => move_words.contains(w.as_str()),
                _ => true,
            })
            .map(|(w, m)| (w.clone(), *m))
            .collect();
        lexicon.sort_by(|a, b| a.0.cmp(&b.0));
        Interpreter {
            vocab,
            lexicon: nearmiss::Lexicon::new(lexicon),
        }
    }

    /// The vocabulary it understands.
    pub fn vocab(&self) -> &Vocab {
        &self.vocab
    }

    /// The answer an utterance gives to a read-back that waits for "ja" (outside its window)
    /// although the recognizer was unsure of it ([`Interpretation::unsure_answer`]): a "nein"
    /// or "Korrektur", since withdrawing errs on the safe side, and a "ja" only when it begins
    /// with "ja" itself ("ja genau", "yes that's right"): "confirm", "korrekt" and
    /// "affirmative" were heard for "correction" and "cancel" (`rochade bench voice --set`),
    /// "ja" and "yes" for no other answer, move or chatter.
    pub fn answer_to_a_waiting_read_back(&self, reading: &Interpretation) -> Option<Command> {
        reading.unsure_answer.filter(|&c| match c {
            Command::No | Command::Correction => true,
            Command::Yes => self
                .vocab
                .begins_with_command_word(Command::Yes, &reading.heard),
            _ => false,
        })
    }

    /// Interprets one typed or recognized text.
    pub fn interpret_text(&self, pos: &Chess, text: &str) -> Interpretation {
        self.interpret(pos, &[(text.to_string(), 1.0)])
    }

    /// Interprets recognizer alternatives (best first, with confidences). Confidences are
    /// probabilities and may sum to less than one: what is missing is the chance that the
    /// utterance was none of them. Together under [`MIN_HEARD`], it is not understood.
    /// Alternatives that read as the same thing add their confidences ("springer felix
    /// drei" and "… matt" are one move). Then, in this order:
    ///
    /// * the best reading is a move, and another reading nearly as confident is a different
    ///   legal move: [`Reading::Ambiguous`] with both, never one picked silently ("Eva vier
    ///   oder Bella vier?");
    /// * the best reading is a move or a command that the recognizer was unsure of (its share
    ///   under [`SURE_SHARE`], a reading nearly as confident that is something else, or another
    ///   legal move with [`MOVE_RIVAL_SHARE`] of its confidence): it is marked inexact, so that
    ///   only an explicit "ja" makes it;
    /// * the best reading ends or changes the game (resign, draw) while another reading is a
    ///   move: not understood, never taken from a move-like utterance; any other command
    ///   too while a move reading holds [`RIVAL_SHARE`] of its confidence;
    /// * the best reading is an answer ("ja", "nein", "Korrektur") the recognizer was unsure
    ///   of: not understood (a "ja" from chatter would make a move), the answer kept in
    ///   [`Interpretation::unsure_answer`]; any other command it was unsure of is marked
    ///   inexact, and the assistant asks before carrying it out;
    /// * the best reading is no move, and a lower one nearly as confident is: that one,
    ///   inexact.
    pub fn interpret(&self, pos: &Chess, alternatives: &[(String, f32)]) -> Interpretation {
        let legal = Legal::new(pos);
        let Some((best_text, _)) = alternatives.first() else {
            return Interpretation {
                reading: Reading::NotUnderstood,
                heard: String::new(),
                alternative: 0,
                exact: true,
                unsure_answer: None,
                san: None,
                mode: pos.castles().mode(),
            };
        };
        let heard_at_all: f32 = alternatives
            .iter()
            .take(8)
            .map(|(_, c)| probability(*c))
            .sum();
        if heard_at_all < MIN_HEARD {
            return Interpretation {
                reading: Reading::NotUnderstood,
                heard: best_text.clone(),
                alternative: 0,
                exact: false,
                unsure_answer: None,
                san: None,
                mode: pos.castles().mode(),
            };
        }
        if alternatives.len() == 1 {
            let mut only = self.interpret_one(&legal, best_text, 0);
            if heard_at_all < SURE_SHARE {
                only.exact = false;
                if let Reading::Command(c) = only.reading
                    && c.is_answer()
                {
                    // an answer is never taken from what may have been something else: a
                    // "ja" from chatter would make a move
                    only.reading = Reading::NotUnderstood;
                    only.unsure_answer = Some(c);
                }
            }
            return only;
        }
        // Each alternative's reading, and the readings with their summed confidences.
        let read: Vec<(Interpretation, f32)> = alternatives
            .iter()
            .take(8)
            .enumerate()
            .map(|(i, (text, conf))| {
                let conf = probability(*conf);
                (self.interpret_one(&legal, text, i), conf)
            })
            .collect();
        // what the recognizer left unassigned counts against every reading
        let total: f32 = read.iter().map(|(_, c)| c).sum::<f32>().max(1.0);
        let mut groups: Vec<(Reading, f32, usize)> = Vec::new();
        for (i, (interp, conf)) in read.iter().enumerate() {
            match groups.iter_mut().find(|g| g.0 == interp.reading) {
                Some(g) => g.1 += conf,
                None => groups.push((interp.reading.clone(), *conf, i)),
            }
        }
        let top = groups[0].1;
        let close = |c: f32| top > 0.0 && c >= ALTERNATIVE_SHARE * top;
        let mut chosen = read[0].0.clone();
        match &chosen.reading {
            Reading::Move(mv) => {
                let others: Vec<Move> = groups[1..]
                    .iter()
                    .filter(|g| close(g.1))
                    .filter_map(|g| match g.0 {
                        Reading::Move(m) if m != *mv => Some(m),
                        _ => None,
                    })
                    .collect();
                if !others.is_empty() {
                    let mut candidates = vec![*mv];
                    candidates.extend(others);
                    chosen.reading = Reading::Ambiguous(candidates);
                    chosen.san = None;
                    chosen.exact = false;
                    return chosen;
                }
                let rival = |g: &(Reading, f32, usize)| {
                    close(g.1)
                        || matches!(g.0, Reading::Move(m) if m != *mv)
                            && g.1 >= MOVE_RIVAL_SHARE * top
                };
                let unsure = top / total < SURE_SHARE || groups[1..].iter().any(rival);
                if unsure {
                    chosen.exact = false;
                }
                chosen
            }
            Reading::Command(c) => {
                let game_changing = matches!(c, Command::Resign | Command::Draw);
                let move_like = |g: &&(Reading, f32, usize)| {
                    matches!(
                        g.0,
                        Reading::Move(_)
                            | Reading::Ambiguous(_)
                            | Reading::Incomplete { .. }
                            | Reading::Illegal(_)
                    )
                };
                let rivals = || groups[1..].iter().filter(move_like);
                let may_be_a_move = rivals().any(|g| g.1 >= RIVAL_SHARE * top);
                let unsure = top / total < SURE_SHARE;
                if game_changing && rivals().next().is_some() || may_be_a_move {
                    chosen.reading = Reading::NotUnderstood;
                } else if unsure && c.is_answer() {
                    chosen.unsure_answer = Some(*c);
                    chosen.reading = Reading::NotUnderstood;
                } else if unsure {
                    chosen.exact = false;
                }
                chosen
            }
            _ => {
                for (interp, conf) in read.iter().skip(1) {
                    if !close(*conf) {
                        continue;
                    }
                    if matches!(interp.reading, Reading::Move(_)) {
                        chosen = Interpretation {
                            exact: false,
                            ..interp.clone()
                        };
                        break;
                    }
                }
                chosen
            }
        }
    }

    fn interpret_one(&self, legal: &Legal<'_>, text: &str, alternative: usize) -> Interpretation {
        let (reading, exact) = self.read_words(legal, text);
        let san = match &reading {
            Reading::Move(mv) => Some(San::from_move(legal.pos, *mv).to_string()),
            _ => None,
        };
        Interpretation {
            reading,
            heard: text.to_string(),
            alternative,
            exact,
            unsure_answer: None,
            san,
            mode: legal.pos.castles().mode(),
        }
    }

    fn classify(&self, word: &str) -> Word {
        if let Some(m) = self.vocab.word_index().get(word) {
            return Word::Known(word.to_string(), *m);
        }
        // A homophone with no meaning of its own ("for", "ate"): where it stands decides
        // (`resolve_homophones`); alone it means nothing.
        if !self.vocab.homophones(word).is_empty() {
            return Word::Known(word.to_string(), Meaning::Fragment);
        }
        // Typing aids: digits are ranks, single letters a–h are files.
        let b = word.as_bytes();
        if b.len() == 1 {
            if (b'1'..=b'8').contains(&b[0]) {
                return Word::Known(word.to_string(), Meaning::Rank(b[0] - b'1'));
            }
            if (b'a'..=b'h').contains(&b[0]) {
                return Word::Known(word.to_string(), Meaning::File(b[0] - b'a'));
            }
        }
        let mut near: Vec<(String, Meaning, f32)> = self
            .lexicon
            .slips(word)
            .map(|(cand, meaning, d)| (cand.to_string(), meaning, d * SLIP_COST))
            .collect();
        near.sort_by(|a, b| a.2.total_cmp(&b.2).then_with(|| a.0.cmp(&b.0)));
        near.truncate(3);
        Word::Unknown(near)
    }

    /// Reads one text: exact when every word is a vocabulary word; otherwise the cheapest
    /// combination of near-misses and dropped words, counting how good its reading is.
    fn read_words(&self, legal: &Legal<'_>, text: &str) -> (Reading, bool) {
        let split = split_words(text);
        if split.len() > MAX_WORDS {
            // Nobody speaks a move in this many words: it is talk or noise, not a move.
            return (Reading::NotUnderstood, true);
        }
        if self.vocab.is_talk(&split) {
            // "What time is it": a command's words, but a question about something else.
            return (Reading::NotUnderstood, true);
        }
        // A word that is no vocabulary word and like none can only be dropped, and a move
        // loses at most MAX_DROPPED words: past that, whatever the other words are, nothing
        // is read (as the combinations below would find, each of them dropping too many),
        // and the sentence's other words need no search for their near-misses.
        let mut words: Vec<Word> = Vec::with_capacity(split.len());
        let mut unlike_any = 0;
        for word in &split {
            let classified = self.classify(word);
            if matches!(&classified, Word::Unknown(near) if near.is_empty()) {
                unlike_any += 1;
                if unlike_any > MAX_DROPPED {
                    return (Reading::NotUnderstood, false);
                }
            }
            words.push(classified);
        }
        let unknown: Vec<usize> = words
            .iter()
            .enumerate()
            .filter(|(_, w)| matches!(w, Word::Unknown(_)))
            .map(|(i, _)| i)
            .collect();
        if unknown.is_empty() {
            let choice = vec![None; words.len()];
            let all: Vec<&Word> = words.iter().collect();
            return (self.read_choice(legal, &all, &choice), true);
        }

        // Options per unknown word: its near-misses, or dropping it.
        let options: Vec<Vec<(Option<usize>, f32)>> = unknown
            .iter()
            .map(|&i| {
                let Word::Unknown(near) = &words[i] else {
                    return vec![(None, DROP_NOISE)];
                };
                let drop = if near.is_empty() {
                    DROP_NOISE
                } else {
                    DROP_SLIP
                };
                let mut opts: Vec<(Option<usize>, f32)> = near
                    .iter()
                    .enumerate()
                    .map(|(k, (_, _, cost))| (Some(k), *cost))
                    .collect();
                opts.push((None, drop));
                opts.sort_by(|a, b| a.1.total_cmp(&b.1));
                opts
            })
            .collect();

        let combos = combinations(&options);
        let mut best: Option<(f32, Reading)> = None;
        let mut tied: Vec<Move> = Vec::new();
        for combo in combos {
            let mut choice: Vec<Option<usize>> = vec![None; words.len()];
            let mut cost = 0.0;
            let mut dropped = vec![false; words.len()];
            for (slot, &(opt, c)) in combo.iter().enumerate() {
                cost += c;
                match opt {
                    Some(k) => choice[unknown[slot]] = Some(k),
                    None => dropped[unknown[slot]] = true,
                }
            }
            if best.as_ref().is_some_and(|(b, _)| cost > *b + 1e-6) {
                continue;
            }
            let kept: Vec<&Word> = words
                .iter()
                .enumerate()
                .filter(|(i, _)| !dropped[*i])
                .map(|(_, w)| w)
                .collect();
            let kept_choice: Vec<Option<usize>> = choice
                .iter()
                .enumerate()
                .filter(|(i, _)| !dropped[*i])
                .map(|(_, c)| *c)
                .collect();
            let mut reading = self.read_choice(legal, &kept, &kept_choice);
            let dropped_count = dropped.iter().filter(|d| **d).count();
            let kept_core = kept
                .iter()
                .filter(|w| !matches!(w, Word::Known(_, Meaning::Filler)))
                .count();
            // A command is taken only from its exact words: "nein danke" is no "nein", and
            // "Mein Name ist Peter" no command at all. A move may lose a stray word or two,
            // but not most of the sentence: that is talk, not a move.
            // Dropping a word is a repair that only a legal move justifies: words that still
            // form no move were not a move ("Felix won today").
            // A word dropped where the piece is named, before a move that names none, was
            // likely the piece ("Pferd Felix drei"): read without it, it becomes a pawn move.
            let piece_dropped = matches!(reading, Reading::Move(m) if m.role() == Role::Pawn)
                && !kept
                    .iter()
                    .any(|w| matches!(w, Word::Known(_, Meaning::Piece(_))))
                && words
                    .iter()
                    .enumerate()
                    .find(|(_, w)| !matches!(w, Word::Known(_, Meaning::Filler)))
                    .is_some_and(|(i, _)| dropped[i]);
            if matches!(reading, Reading::Command(_))
                || splits_a_square(&words, &choice, &dropped)
                || dropped_count > MAX_DROPPED
                || dropped_count >= kept_core.max(1)
                || (dropped_count > 0 && !matches!(reading, Reading::Move(_)))
                || piece_dropped
            {
                reading = Reading::NotUnderstood;
            }
            let score = cost + reading.penalty();
            match &best {
                Some((b, r)) if (score - b).abs() < 1e-6 => {
                    if let (Reading::Move(a), Reading::Move(m)) = (r, &reading)
                        && a != m
                        && !tied.contains(m)
                    {
                        tied.push(*m);
                    }
                }
                Some((b, _)) if score > *b => {}
                _ => {
                    tied.clear();
                    if let Reading::Move(m) = &reading {
                        tied.push(*m);
                    }
                    best = Some((score, reading));
                }
            }
        }
        match best {
            Some((_, Reading::Move(_))) if tied.len() > 1 => (Reading::Ambiguous(tied), false),
            Some((_, reading)) => (reading, false),
            None => (Reading::NotUnderstood, false),
        }
    }

    fn read_choice(&self, legal: &Legal<'_>, words: &[&Word], choice: &[Option<usize>]) -> Reading {
        // Known words and chosen near-misses, then multi-word phrases found among them.
        let mut normalized: Vec<(&str, Meaning)> = Vec::with_capacity(words.len());
        for (word, pick) in words.iter().zip(choice) {
            match (word, pick) {
                (Word::Known(w, m), _) => normalized.push((w.as_str(), *m)),
                (Word::Unknown(near), Some(k)) => {
                    if let Some((w, m, _)) = near.get(*k) {
                        normalized.push((w.as_str(), *m));
                    }
                }
                (Word::Unknown(_), None) => {}
            }
        }
        read_vocabulary_words(&self.vocab, legal, &normalized)
    }
}

/// Whether a dropped word stood between a file and the rank after it: a square is said as
/// one unit, so "David kommt um drei" is talk about David, not the move d3.
fn splits_a_square(words: &[Word], choice: &[Option<usize>], dropped: &[bool]) -> bool {
    // The meanings of the kept words that are no fillers, with a mark where words were dropped
    // since the one before.
    let mut previous: Option<Meaning> = None;
    let mut gap = false;
    for ((word, pick), &was_dropped) in words.iter().zip(choice).zip(dropped) {
        if was_dropped {
            gap = true;
            continue;
        }
        let meaning = match (word, pick) {
            (Word::Known(_, m), _) => Some(*m),
            (Word::Unknown(near), Some(k)) => near.get(*k).map(|(_, m, _)| *m),
            (Word::Unknown(_), None) => None,
        };
        let Some(m) = meaning else { continue };
        if m == Meaning::Filler {
            continue;
        }
        // A homophone ("for", "ate") may be the rank.
        let rank_like = matches!(m, Meaning::Rank(_) | Meaning::Fragment);
        if gap && rank_like && matches!(previous, Some(Meaning::File(_))) {
            return true;
        }
        previous = Some(m);
        gap = false;
    }
    false
}

/// The best reading of words that are all vocabulary words: every way of grouping them into
/// the vocabulary's phrases ("to a" is a promotion phrase before a piece, but file a and a
/// to-word in "to a four"), with homophones resolved by where they stand, the phrase groupings
/// tried first.
pub(crate) fn read_vocabulary_words(
    vocab: &Vocab,
    legal: &Legal<'_>,
    words: &[(&str, Meaning)],
) -> Reading {
    // The first grouping that forms anything decides ("king side castle" is short castling,
    // even where only the long one is legal); a later one is tried only when the earlier
    // ones form nothing ("to a four": not the promotion phrase "to a").
    let mut best: Option<Reading> = None;
    for grouping in groupings(vocab, words) {
        if best
            .as_ref()
            .is_some_and(|b| !matches!(b, Reading::NotUnderstood))
        {
            break;
        }
        for meanings in resolve_homophones(vocab, &grouping) {
            let reading = if meanings.contains(&Meaning::Fragment) {
                Reading::NotUnderstood
            } else {
                reading(legal, &parse(&meanings))
            };
            if matches!(reading, Reading::Move(_) | Reading::Command(_)) {
                return reading;
            }
            if best
                .as_ref()
                .is_none_or(|b| reading.penalty() < b.penalty())
            {
                best = Some(reading);
            }
        }
    }
    best.unwrap_or(Reading::NotUnderstood)
}

/// Combinations of one option per slot, cheapest first in spirit: all of them when few, else
/// the cheapest choice everywhere plus every single deviation from it.
fn combinations(options: &[Vec<(Option<usize>, f32)>]) -> Vec<Vec<(Option<usize>, f32)>> {
    let total: usize = options
        .iter()
        .map(Vec::len)
        .try_fold(1usize, |acc, n| acc.checked_mul(n))
        .unwrap_or(usize::MAX);
    if total <= MAX_COMBINATIONS {
        let mut out: Vec<Vec<(Option<usize>, f32)>> = vec![Vec::new()];
        for opts in options {
            out = out
                .into_iter()
                .flat_map(|prefix| {
                    opts.iter().map(move |o| {
                        let mut next = prefix.clone();
                        next.push(*o);
                        next
                    })
                })
                .collect();
        }
        out.sort_by(|a, b| {
            let ca: f32 = a.iter().map(|o| o.1).sum();
            let cb: f32 = b.iter().map(|o| o.1).sum();
            ca.total_cmp(&cb)
        });
        return out;
    }
    let base: Vec<(Option<usize>, f32)> = options
        .iter()
        .map(|opts| opts.first().copied().unwrap_or((None, DROP_NOISE)))
        .collect();
    let mut out = vec![base.clone()];
    for (slot, opts) in options.iter().enumerate() {
        for o in opts.iter().skip(1) {
            if out.len() >= MAX_COMBINATIONS {
                return out;
            }
            let mut next = base.clone();
            next[slot] = *o;
            out.push(next);
        }
    }
    out
}

#[cfg(test)]
mod tests;
