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
mod legal;
pub mod matcher;
pub mod nearmiss;
pub mod spoken;

use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square, san::San};

use crate::catalog::Catalog;
use crate::lang::Lang;
use crate::vocab::{CastleSide, Command, Meaning, Vocab, split_words};
use legal::Legal;
use matcher::{parse, reading};

pub use spoken::{
    CheckWord, announced_move, answer_phrases, command_phrases, move_phrases, scoresheet_phrases,
    spoken_move, spoken_move_as,
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
/// A move is unsure too while another legal move holds this share of its confidence: the
/// recognizer weighed the other one and did not rule it out. On the English tuning set
/// (2,154 utterances in quiet) the correction window made two wrong moves whose n-best list
/// held the move said at 11 and 18 % of the wrong one's share ("king f two" heard as "king
/// echo two"); of 760 right moves it made, 3 had a rival at 5 % or more.
pub const RIVAL_SHARE: f32 = 0.05;
/// Recognizer confidences are probabilities: they may sum to less than one, the rest being
/// the chance that the utterance was none of them (pocketsphinx says so when the audio fits
/// its grammar badly). Alternatives holding less than this together are not understood.
const MIN_HEARD: f32 = 0.25;

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
    lexicon: Vec<(String, Meaning)>,
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
                Meaning::Command(_) | Meaning::Request => false,
                Meaning::Fragment => move_words.contains(w.as_str()),
                _ => true,
            })
            .map(|(w, m)| (w.clone(), *m))
            .collect();
        lexicon.sort_by(|a, b| a.0.cmp(&b.0));
        Interpreter { vocab, lexicon }
    }

    /// The vocabulary it understands.
    pub fn vocab(&self) -> &Vocab {
        &self.vocab
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
    ///   legal move with [`RIVAL_SHARE`] of its confidence): it is marked inexact, so that
    ///   only an explicit "ja" makes it;
    /// * the best reading ends or changes the game (resign, draw) while another reading is a
    ///   move: not understood, never taken from a move-like utterance;
    /// * the best reading is an answer ("ja", "nein", "Korrektur") the recognizer was unsure
    ///   of: not understood (a "ja" from chatter would make a move); any other command it
    ///   was unsure of is marked inexact, and the assistant asks before carrying it out;
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
                san: None,
                mode: pos.castles().mode(),
            };
        }
        if alternatives.len() == 1 {
            let mut only = self.interpret_one(&legal, best_text, 0);
            if heard_at_all < SURE_SHARE {
                only.exact = false;
                if matches!(only.reading, Reading::Command(c) if c.is_answer()) {
                    // an answer is never taken from what may have been something else: a
                    // "ja" from chatter would make a move
                    only.reading = Reading::NotUnderstood;
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
                        || matches!(g.0, Reading::Move(m) if m != *mv) && g.1 >= RIVAL_SHARE * top
                };
                let unsure = top / total < SURE_SHARE || groups[1..].iter().any(rival);
                if unsure {
                    chosen.exact = false;
                }
                chosen
            }
            Reading::Command(c) => {
                let game_changing = matches!(c, Command::Resign | Command::Draw);
                let move_like = groups[1..].iter().any(|g| {
                    matches!(
                        g.0,
                        Reading::Move(_)
                            | Reading::Ambiguous(_)
                            | Reading::Incomplete { .. }
                            | Reading::Illegal(_)
                    )
                });
                let unsure = top / total < SURE_SHARE;
                if game_changing && move_like || unsure && c.is_answer() {
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
        let mut near: Vec<(String, Meaning, f32)> = Vec::new();
        if word.len() <= 24 {
            for (cand, meaning) in &self.lexicon {
                if cand.len().abs_diff(word.len()) > 2 {
                    continue;
                }
                let limit = nearmiss::max_distance(cand.len());
                if let Some(d) = nearmiss::distance_within(word, cand, limit)
                    && d > 0.0
                {
                    near.push((cand.clone(), *meaning, d * SLIP_COST));
                }
            }
        }
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
        let words: Vec<Word> = split.into_iter().map(|w| self.classify(&w)).collect();
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

/// How many ways of grouping one utterance into phrases are tried at most.
const MAX_GROUPINGS: usize = 16;

/// One element of a grouping: a phrase's meaning, or a single word with its own.
#[derive(Debug, Clone, Copy)]
struct Grouped<'a> {
    /// The word, when the element is a single word (a homophone is looked up by it).
    word: Option<&'a str>,
    meaning: Meaning,
}

/// The ways of grouping the words into vocabulary phrases, longest phrases first. Fillers may
/// stand anywhere (§2), also inside a phrase ("kurze äh Rochade").
fn groupings<'a>(vocab: &Vocab, words: &[(&'a str, Meaning)]) -> Vec<Vec<Grouped<'a>>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(words.len());
    group_from(vocab, words, 0, &mut current, &mut out);
    out
}

fn group_from<'a>(
    vocab: &Vocab,
    words: &[(&'a str, Meaning)],
    start: usize,
    current: &mut Vec<Grouped<'a>>,
    out: &mut Vec<Vec<Grouped<'a>>>,
) {
    if out.len() >= MAX_GROUPINGS {
        return;
    }
    if start >= words.len() {
        out.push(current.clone());
        return;
    }
    for (phrase, meaning) in vocab.phrase_index() {
        if let Some(end) = phrase_end(phrase, words, start) {
            current.push(Grouped {
                word: None,
                meaning: *meaning,
            });
            group_from(vocab, words, end, current, out);
            current.pop();
        }
    }
    current.push(Grouped {
        word: Some(words[start].0),
        meaning: words[start].1,
    });
    group_from(vocab, words, start + 1, current, out);
    current.pop();
}

/// A homophone means what its place says (SPOKEN-MOVES.md §1): right after a file word it is
/// the rank it sounds like ("e for" is e4); right before a file word, a word that sounds like
/// the to-word is the to-word ("knight too e four"); elsewhere it keeps its own meaning, if it
/// has one. A rank word that sounds like the to-word ("two") before a square is read both
/// ways, the rank first: "rook two echo one" is the rook on the second rank where that is a
/// move, else "rook to echo one". The readings come in that order.
fn resolve_homophones(vocab: &Vocab, grouping: &[Grouped<'_>]) -> Vec<Vec<Meaning>> {
    let mut first = Vec::with_capacity(grouping.len());
    let mut second: Option<Vec<Meaning>> = None;
    for (i, g) in grouping.iter().enumerate() {
        let alts = g.word.map(|w| vocab.homophones(w)).unwrap_or(&[]);
        if alts.is_empty() {
            first.push(g.meaning);
            if let Some(other) = second.as_mut() {
                other.push(g.meaning);
            }
            continue;
        }
        let after_file = i > 0 && matches!(grouping[i - 1].meaning, Meaning::File(_));
        let before_file = grouping
            .get(i + 1)
            .is_some_and(|n| matches!(n.meaning, Meaning::File(_)));
        let rank = alts.iter().find(|m| matches!(m, Meaning::Rank(_)));
        let meaning = if after_file && !matches!(g.meaning, Meaning::Rank(_)) && rank.is_some() {
            rank.copied().unwrap_or(g.meaning)
        } else if before_file && !after_file && alts.contains(&Meaning::To) {
            if matches!(g.meaning, Meaning::Rank(_)) && second.is_none() {
                let mut other = first.clone();
                other.push(Meaning::To);
                second = Some(other);
                g.meaning
            } else {
                Meaning::To
            }
        } else {
            g.meaning
        };
        first.push(meaning);
        if let Some(other) = second.as_mut()
            && other.len() < first.len()
        {
            other.push(meaning);
        }
    }
    let mut out = vec![first];
    out.extend(second);
    out
}

/// Where a phrase that starts at `start` ends, fillers between its words passed over; `None`
/// when the words there are not the phrase.
fn phrase_end(phrase: &[String], words: &[(&str, Meaning)], start: usize) -> Option<usize> {
    let mut i = start;
    for (k, part) in phrase.iter().enumerate() {
        if k > 0 {
            while words
                .get(i)
                .is_some_and(|w| w.1 == Meaning::Filler && w.0 != part)
            {
                i += 1;
            }
        }
        if words.get(i)?.0 != part {
            return None;
        }
        i += 1;
    }
    Some(i)
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
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn forms_of_spoken_moves_md() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let start = Chess::default();
        let cases = [
            ("Springer Felix drei", "g1f3"),
            ("Eva vier", "e2e4"),
            ("Springer Gustav eins Felix drei", "g1f3"),
            ("Eva zwei Eva vier", "e2e4"),
            ("Gustav eins Felix drei", "g1f3"),
            ("äh Bauer Eva vier Schach", "e2e4"),
        ];
        for (text, want) in cases {
            assert_eq!(
                de.interpret_text(&start, text).uci().as_deref(),
                Some(want),
                "{text}"
            );
        }
        let r = de.interpret_text(&start, "Springer Eva fünf").reading;
        assert!(matches!(r, Reading::Illegal(_)), "{r:?}");
        assert_eq!(
            de.interpret_text(&start, "äh Zeit").reading,
            Reading::Command(Command::Time)
        );
        assert_eq!(
            de.interpret_text(&start, "Kissen").reading,
            Reading::NotUnderstood
        );
    }

    #[test]
    fn fillers_may_stand_inside_a_phrase() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let en = Interpreter::new(Vocab::builtin(Lang::En));
        let p = pos("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1");
        for (interp, text, want) in [
            (&de, "Kurze äh Rochade", "e1g1"),
            (&de, "Rochade also lang", "e1c1"),
            (&en, "castles uh um kingside", "e1g1"),
        ] {
            let heard = interp.interpret_text(&p, text);
            assert_eq!(heard.uci().as_deref(), Some(want), "{text}");
            assert!(heard.exact, "{text}");
        }
        assert_eq!(
            de.interpret_text(&p, "ich äh gebe auf").reading,
            Reading::Command(Command::Resign)
        );
        assert_eq!(
            de.interpret_text(&p, "wie ähm bitte").reading,
            Reading::Command(Command::Repeat)
        );
    }

    #[test]
    fn the_square_a_king_castles_to_is_one_of_the_pieces_asked_about() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let p = pos("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1");
        for (text, want) in [
            ("Gustav eins", ["e1g1", "f3g1", "h1g1"]),
            ("Cesar eins", ["a1c1", "d2c1", "e1c1"]),
        ] {
            match de.interpret_text(&p, text).reading {
                Reading::Incomplete {
                    missing: Missing::Piece,
                    candidates,
                } => {
                    let mut got = ucis(&candidates);
                    got.sort();
                    assert_eq!(got, want, "{text}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        assert_eq!(
            de.interpret_text(&p, "König Gustav eins").uci().as_deref(),
            Some("e1g1")
        );
    }

    #[test]
    fn two_knights_are_ambiguous_and_a_lone_square_asks_for_the_piece() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3");
        match de.interpret_text(&p, "Springer Eva zwei").reading {
            Reading::Ambiguous(c) => assert_eq!(c.len(), 2),
            other => panic!("{other:?}"),
        }
        // The c-pawn is blocked by the knight: no pawn can go to c4, the bishop can.
        match de.interpret_text(&p, "Cesar vier").reading {
            Reading::Incomplete {
                missing: Missing::Piece,
                candidates,
            } => assert_eq!(ucis(&candidates), vec!["f1c4"]),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn promotion_piece_missing_and_given() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let p = pos("8/3P4/8/8/8/8/k7/4K3 w - - 0 1");
        match de.interpret_text(&p, "David acht").reading {
            Reading::Incomplete {
                missing: Missing::Promotion,
                candidates,
            } => assert_eq!(candidates.len(), 4),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            de.interpret_text(&p, "David acht wird Springer")
                .uci()
                .as_deref(),
            Some("d7d8n")
        );
    }

    #[test]
    fn the_forms_people_use_in_both_languages() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let en = Interpreter::new(Vocab::builtin(Lang::En));
        let p = pos("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5");
        for (interp, text, want) in [
            (&de, "Turm auf Felix eins", "h1f1"),
            (&de, "Läufer von Cäsar vier nach Friedrich sieben", "c4f7"),
            (
                &de,
                "Läufer schlägt auf Friedrich sieben mit Schach",
                "c4f7",
            ),
            (&de, "Bauer Dora vier bitte", "d2d4"),
            (&de, "kleine Rochade", "e1g1"),
            (&de, "Springer von Friedrich drei nach Emil fünf", "f3e5"),
            (&de, "Berta vier", "b2b4"),
            (&de, "Springer ge fünf", "f3g5"),
            (&en, "knight to e five", "f3e5"),
            (&en, "knight takes on echo five", "f3e5"),
            (&en, "castles kingside", "e1g1"),
            (&en, "knight from f three to g five", "f3g5"),
            (&en, "bishop takes f seven with check", "c4f7"),
            (&en, "knight Felix three Gustav five", "f3g5"),
            (&en, "Felix drei Gustav fünf", "f3g5"),
            (&en, "d too d for", "d2d4"),
            (&en, "pawn to a four", "a2a4"),
        ] {
            let heard = interp.interpret_text(&p, text);
            assert_eq!(heard.uci().as_deref(), Some(want), "{text}");
            assert!(heard.exact, "{text}");
        }
        let q = pos("8/3P4/8/8/8/8/k7/4K3 w - - 0 1");
        for (interp, text) in [
            (
                &de,
                "Bauer von Dora sieben nach Dora acht und wird Springer",
            ),
            (&de, "Dora acht wird zum Springer"),
            (&en, "d eight promotes to a knight"),
            (&en, "pawn to d eight to a knight"),
        ] {
            assert_eq!(
                interp.interpret_text(&q, text).uci().as_deref(),
                Some("d7d8n"),
                "{text}"
            );
        }
    }

    #[test]
    fn two_is_the_rank_where_that_is_a_move_and_the_to_word_elsewhere() {
        let en = Interpreter::new(Vocab::builtin(Lang::En));
        // Rooks on e2 and d1 can both go to e1: "two" names the one on the second rank.
        let p = pos("4r3/1p3ppk/2p2n1p/p7/P3P3/2P2qNn/1P2R1P1/3R3K w - - 0 33");
        assert_eq!(
            en.interpret_text(&p, "rook two echo one").uci().as_deref(),
            Some("e2e1")
        );
        assert!(matches!(
            en.interpret_text(&p, "rook to echo one").reading,
            Reading::Ambiguous(_)
        ));
        // Knights on c3 and f3, none on the second rank: "two" can only be "to".
        let q = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 3");
        assert_eq!(
            en.interpret_text(&q, "knight two d four").uci().as_deref(),
            Some("f3d4")
        );
    }

    #[test]
    fn sentences_not_for_the_assistant_are_not_understood() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let en = Interpreter::new(Vocab::builtin(Lang::En));
        let start = Chess::default();
        for (interp, text) in [
            (&de, "Mein Name ist Peter"),
            (&de, "nein danke"),
            (&de, "Einen Kaffee bitte"),
            (&de, "haben Sie Zeit"),
            (&de, "Zeit Remis"),
            (&de, "ich nehme den Turm"),
            (&en, "no worries"),
            (&en, "thanks for the game"),
            (&en, "is this your time"),
            (&en, "what a draw"),
        ] {
            assert_eq!(
                interp.interpret_text(&start, text).reading,
                Reading::NotUnderstood,
                "{text}"
            );
        }
        for (interp, text, want) in [
            (&de, "Wie viel Zeit habe ich noch?", Command::Time),
            (&de, "äh wie viele Züge noch", Command::Moves),
            (&de, "ich biete Remis an", Command::Draw),
            (&en, "how much time do I have left", Command::Time),
            (&en, "I offer a draw", Command::Draw),
            (&en, "say that again please", Command::Repeat),
        ] {
            assert_eq!(
                interp.interpret_text(&start, text).reading,
                Reading::Command(want),
                "{text}"
            );
        }
    }

    #[test]
    fn close_alternatives_that_are_other_moves_are_asked_about() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let start = Chess::default();
        let alts = |pairs: &[(&str, f32)]| -> Vec<(String, f32)> {
            pairs.iter().map(|(t, c)| (t.to_string(), *c)).collect()
        };
        // Two legal moves heard about as well: ask, never pick one.
        let r = de.interpret(&start, &alts(&[("eva vier", 0.5), ("bella vier", 0.5)]));
        match r.reading {
            Reading::Ambiguous(c) => assert_eq!(ucis(&c), vec!["e2e4", "b2b4"]),
            other => panic!("{other:?}"),
        }
        assert!(!r.exact);
        // Two phrasings of one move add up: sure.
        let r = de.interpret(
            &start,
            &alts(&[
                ("springer felix drei", 0.6),
                ("springer auf felix drei", 0.4),
            ]),
        );
        assert_eq!(r.uci().as_deref(), Some("g1f3"));
        assert!(r.exact);
        // A clear winner stays exact; a weak one, or one with a rival the recognizer
        // weighed, is read back for an explicit "ja" only.
        let r = de.interpret(&start, &alts(&[("eva vier", 0.99), ("bella vier", 0.01)]));
        assert!(r.exact && r.uci().as_deref() == Some("e2e4"));
        let r = de.interpret(&start, &alts(&[("eva vier", 0.9), ("bella vier", 0.1)]));
        assert!(!r.exact && r.uci().as_deref() == Some("e2e4"));
        let r = de.interpret(
            &start,
            &alts(&[("eva vier", 0.4), ("zeit", 0.3), ("bella vier", 0.3)]),
        );
        assert_eq!(r.uci().as_deref(), Some("e2e4"));
        assert!(!r.exact);
        // Resigning is never taken from what may have been a move.
        let r = de.interpret(&start, &alts(&[("aufgabe", 0.7), ("eva vier", 0.3)]));
        assert_eq!(r.reading, Reading::NotUnderstood);
        let r = de.interpret(&start, &alts(&[("zeit", 0.7), ("eva vier", 0.3)]));
        assert_eq!(r.reading, Reading::Command(Command::Time));
    }

    /// An unknown word where the piece is named is not dropped into a pawn move: "Pferd
    /// Felix drei" (a knight, as some players call it) is no f2-f3. At the end, a stray word
    /// is dropped as before, and the move waits for "ja".
    #[test]
    fn an_unknown_word_in_the_place_of_the_piece_does_not_make_a_pawn_move() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let start = Chess::default();
        for said in [
            "pferd felix drei",
            "äh pferd auf felix drei",
            "kaffee felix drei",
        ] {
            assert_eq!(
                de.interpret_text(&start, said).reading,
                Reading::NotUnderstood,
                "{said}"
            );
        }
        let r = de.interpret_text(&start, "felix drei kaffee");
        assert_eq!(r.uci().as_deref(), Some("f2f3"));
        assert!(!r.exact);
        // A piece that is named keeps a stray word before it, unsure.
        let r = de.interpret_text(&start, "kaffee springer felix drei");
        assert_eq!(r.uci().as_deref(), Some("g1f3"));
        assert!(!r.exact);
    }

    /// Confidences that sum to less than one leave the rest to "none of these": the
    /// recognizer's way of saying that the audio fits its grammar badly.
    #[test]
    fn confidence_missing_from_the_alternatives_counts_against_them() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let start = Chess::default();
        let one = |text: &str, c: f32| vec![(text.to_string(), c)];
        // Well heard: made by the window.
        let r = de.interpret(&start, &one("eva vier", 1.0));
        assert!(r.exact && r.uci().as_deref() == Some("e2e4"));
        // Half heard: read back, made only by "ja".
        let r = de.interpret(&start, &one("eva vier", 0.5));
        assert_eq!(r.uci().as_deref(), Some("e2e4"));
        assert!(!r.exact);
        // Hardly heard: not understood, and the words are kept to be said.
        let r = de.interpret(&start, &one("eva vier", 0.1));
        assert_eq!(r.reading, Reading::NotUnderstood);
        assert_eq!(r.heard, "eva vier");
        // An answer half heard is not taken: a "ja" from chatter would make a move.
        for answer in ["ja", "nein", "korrektur"] {
            let r = de.interpret(&start, &one(answer, 0.5));
            assert_eq!(r.reading, Reading::NotUnderstood, "{answer}");
        }
        let r = de.interpret(&start, &one("ja", 1.0));
        assert_eq!(r.reading, Reading::Command(Command::Yes));
        // Any other command half heard is kept, unsure, to be asked back.
        let r = de.interpret(&start, &one("zeit", 0.5));
        assert_eq!(r.reading, Reading::Command(Command::Time));
        assert!(!r.exact);
        assert_eq!(r.to_json()["exact"], serde_json::json!(false));
        let r = de.interpret(&start, &one("zeit", 1.0));
        assert!(r.exact);
        assert!(r.to_json().get("exact").is_none());
        // The same with several alternatives: the shares are of one, not of their sum.
        let r = de.interpret(
            &start,
            &[
                ("eva vier".to_string(), 0.45),
                ("bella vier".to_string(), 0.05),
            ],
        );
        assert_eq!(r.uci().as_deref(), Some("e2e4"));
        assert!(!r.exact);
        let r = de.interpret(
            &start,
            &[("zeit".to_string(), 0.4), ("eva vier".to_string(), 0.05)],
        );
        assert_eq!(r.reading, Reading::Command(Command::Time));
        assert!(!r.exact);
        let r = de.interpret(
            &start,
            &[("ja".to_string(), 0.4), ("eva vier".to_string(), 0.05)],
        );
        assert_eq!(r.reading, Reading::NotUnderstood);
        // Resignation is never taken from a move-like utterance, sure or not.
        let r = de.interpret(
            &start,
            &[("aufgabe".to_string(), 0.6), ("eva vier".to_string(), 0.4)],
        );
        assert_eq!(r.reading, Reading::NotUnderstood);
        let r = de.interpret(
            &start,
            &[
                ("eva vier".to_string(), 0.1),
                ("bella vier".to_string(), 0.1),
            ],
        );
        assert_eq!(r.reading, Reading::NotUnderstood);
        // Numbers out of range are bounded, not trusted: infinity is certainty, NaN nothing.
        let r = de.interpret(&start, &one("eva vier", f32::INFINITY));
        assert!(r.exact && r.uci().as_deref() == Some("e2e4"));
        let r = de.interpret(&start, &one("eva vier", f32::NAN));
        assert_eq!(r.reading, Reading::NotUnderstood);
    }

    #[test]
    fn lower_alternative_wins_only_when_nearly_as_confident() {
        let de = Interpreter::new(Vocab::builtin(Lang::De));
        let start = Chess::default();
        let alts = |c: f32| {
            vec![
                ("Springer Eva fünf".to_string(), 0.9),
                ("Springer Felix drei".to_string(), c),
            ]
        };
        let close = de.interpret(&start, &alts(0.85));
        assert_eq!(close.uci().as_deref(), Some("g1f3"));
        assert!(!close.exact);
        assert_eq!(close.alternative, 1);
        let far = de.interpret(&start, &alts(0.3));
        assert!(matches!(far.reading, Reading::Illegal(_)));
    }

    #[test]
    fn a_move_with_another_legal_move_weighed_beside_it_is_unsure() {
        let en = Interpreter::new(Vocab::builtin(Lang::En));
        let start = Chess::default();
        let heard = |rival: f32| {
            en.interpret(
                &start,
                &[
                    ("knight f three".to_string(), 1.0 - rival),
                    ("knight c three".to_string(), rival),
                ],
            )
        };
        let weighed = heard(0.1);
        assert_eq!(weighed.uci().as_deref(), Some("g1f3"));
        assert!(!weighed.exact, "another move at 11 % of the share");
        let ruled_out = heard(0.01);
        assert_eq!(ruled_out.uci().as_deref(), Some("g1f3"));
        assert!(ruled_out.exact);
        // another spelling of the same move is no rival
        let same = en.interpret(
            &start,
            &[
                ("knight f three".to_string(), 0.7),
                ("knight foxtrot three".to_string(), 0.3),
            ],
        );
        assert!(same.exact && same.uci().as_deref() == Some("g1f3"));
    }
}
