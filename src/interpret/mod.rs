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
pub mod matcher;
pub mod nearmiss;
pub mod spoken;

use std::sync::OnceLock;

use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, Move, Role, Square, san::San};

use crate::vocab::{CastleSide, Command, Meaning, Vocab, split_words};
use matcher::{Legal, parse, reading};

pub use spoken::{answer_phrases, command_phrases, move_phrases, spoken_move};

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
}

impl Interpretation {
    /// The UCI of a `move` reading (castling as the king's move, `e1g1`).
    pub fn uci(&self) -> Option<String> {
        match &self.reading {
            Reading::Move(mv) => Some(uci(mv)),
            _ => None,
        }
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
                "uci": uci(mv),
                "san": self.san.clone().unwrap_or_default(),
            }),
            Reading::Ambiguous(c) => json!({"status": "ambiguous", "candidates": ucis(c)}),
            Reading::Incomplete {
                missing,
                candidates,
            } => json!({
                "status": "incomplete",
                "missing": missing.name(),
                "candidates": ucis(candidates),
            }),
            Reading::Illegal(reason) => json!({
                "status": "illegal",
                "reason": spoken::reason_text(reason, english()),
            }),
            Reading::Command(c) => json!({"status": "command", "command": c.name()}),
            Reading::NotUnderstood => json!({"status": "not_understood"}),
        };
        if let Value::Object(map) = &mut out
            && matches!(self.reading, Reading::Move(_))
        {
            map.insert("exact".into(), Value::Bool(self.exact));
        }
        out
    }
}

/// The built-in English vocabulary, built once: the JSON's reason is in English, and building
/// a vocabulary (parsing and checking its TOML) costs far more than interpreting a line.
fn english() -> &'static Vocab {
    static ENGLISH: OnceLock<Vocab> = OnceLock::new();
    ENGLISH.get_or_init(|| Vocab::builtin(crate::lang::Lang::En))
}

/// UCI of a move in standard chess: castling as the king's move.
pub fn uci(mv: &Move) -> String {
    mv.to_uci(CastlingMode::Standard).to_string()
}

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
/// A lower recognizer alternative is considered only when its confidence is at least this
/// share of the best one's (the recognizer itself was unsure).
const ALTERNATIVE_SHARE: f32 = 0.8;

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
        let mut lexicon: Vec<(String, Meaning)> = vocab
            .word_index()
            .iter()
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

    /// Interprets recognizer alternatives (best first, with confidences). The best alternative
    /// is taken unless it is not a move and a lower one, nearly as confident, is: then that
    /// one is taken and marked inexact, so that the assistant asks rather than states.
    pub fn interpret(&self, pos: &Chess, alternatives: &[(String, f32)]) -> Interpretation {
        let legal = Legal::new(pos);
        let Some((best_text, best_conf)) = alternatives.first() else {
            return Interpretation {
                reading: Reading::NotUnderstood,
                heard: String::new(),
                alternative: 0,
                exact: true,
                san: None,
            };
        };
        let mut chosen = self.interpret_one(&legal, best_text, 0);
        if matches!(chosen.reading, Reading::Move(_) | Reading::Command(_)) {
            return chosen;
        }
        for (i, (text, conf)) in alternatives.iter().enumerate().skip(1).take(7) {
            if !(conf.is_finite() && best_conf.is_finite()) || *conf < ALTERNATIVE_SHARE * best_conf
            {
                continue;
            }
            let other = self.interpret_one(&legal, text, i);
            if matches!(other.reading, Reading::Move(_)) {
                chosen = Interpretation {
                    exact: false,
                    ..other
                };
                break;
            }
        }
        chosen
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
        }
    }

    fn classify(&self, word: &str) -> Word {
        if let Some(m) = self.vocab.word_index().get(word) {
            return Word::Known(word.to_string(), *m);
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
            let reading = self.read_choice(legal, &kept, &kept_choice);
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
        let meanings = self.phrases(&normalized);
        if meanings.contains(&Meaning::Fragment) {
            return Reading::NotUnderstood;
        }
        reading(legal, &parse(&meanings))
    }

    /// Replaces runs of words that form a vocabulary phrase ("kurze rochade") by its meaning.
    /// Fillers may stand anywhere (§2), also inside a phrase ("kurze äh Rochade").
    fn phrases(&self, words: &[(&str, Meaning)]) -> Vec<Meaning> {
        let mut out = Vec::with_capacity(words.len());
        let mut i = 0;
        'outer: while i < words.len() {
            for (phrase, meaning) in self.vocab.phrase_index() {
                if let Some(end) = phrase_end(phrase, words, i) {
                    out.push(*meaning);
                    i = end;
                    continue 'outer;
                }
            }
            out.push(words[i].1);
            i += 1;
        }
        out
    }
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
    use crate::lang::Lang;
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
}
