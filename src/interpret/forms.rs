//! The forms of a spoken move (SPOKEN-MOVES.md §2) as rules over the word classes of the
//! vocabulary: the one source of what the interpreter parses ([`FORMS`], their core shapes)
//! and of what the recognizers' grammars accept ([`move_rules`], one rule per form that
//! names a legal move unambiguously, with its optional and alternative words).
//!
//! ```
//! use rochade::interpret::forms::{move_rules, sample_phrase};
//! use rochade::lang::Lang;
//! use rochade::vocab::Vocab;
//! use shakmaty::{Chess, Position};
//!
//! let pos = Chess::default();
//! let vocab = Vocab::builtin(Lang::De);
//! let nf3 = pos.legal_moves().into_iter().find(|m| m.to().to_string() == "f3"
//!     && m.role() == shakmaty::Role::Knight).unwrap();
//! let rules = move_rules(&pos, &nf3, &vocab);
//! // "Springer Felix drei", "Springer von Gustav eins nach Felix drei", …
//! assert!(rules.iter().any(|r| r.form == "destination"));
//! assert!(rules.iter().any(|r| r.form == "origin"));
//! // each choice picks one alternative or leaves an optional part out
//! let first = sample_phrase(&rules[0], &mut |_n| 0);
//! assert_eq!(first, "springer felix drei");
//! ```
use shakmaty::{Chess, Move, Position, Role, Square};

use super::Reading;
use super::legal::Legal;
use crate::vocab::{CastleSide, Meaning, Vocab, split_words};

/// One part of a spoken form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The piece word; for a pawn, "Bauer" may be left out, and in the origin form (the
    /// origin names the piece) any piece word may.
    Piece,
    /// "von", "from": optional, before the origin.
    FromWord,
    /// The origin square.
    Origin,
    /// The origin's file.
    OriginFile,
    /// The origin's rank.
    OriginRank,
    /// Optional: a capture word or a to-word ("schlägt", "nach", "auf", "takes on", "to").
    Link,
    /// Optional: a capture word only (after a lone file or rank, where an English "to" would
    /// be heard as the rank two).
    CaptureLink,
    /// The destination square.
    Dest,
    /// Optional "en passant", on an en-passant capture.
    EnPassant,
    /// On a promotion: optional promotion words, then the piece (required).
    Promotion,
    /// Optional check or mate words: information, they never change the move.
    Check,
}

/// What a core part of a form names, as the interpreter sees the words' meanings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Core {
    /// A file and a rank.
    Square,
    /// A file alone.
    File,
    /// A rank alone.
    Rank,
}

/// A form of §2: its name and its parts in the order they are said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Form {
    pub name: &'static str,
    pub parts: &'static [Part],
}

impl Form {
    /// The origin and destination parts, as the interpreter parses them (the piece and the
    /// promotion piece stand around them; the other parts are information words).
    pub fn core(&self) -> impl Iterator<Item = Core> + '_ {
        self.parts.iter().filter_map(|p| match p {
            Part::Origin | Part::Dest => Some(Core::Square),
            Part::OriginFile => Some(Core::File),
            Part::OriginRank => Some(Core::Rank),
            _ => None,
        })
    }
}

use Part::*;

/// The forms of a move other than castling phrases (§2, 1–4, 6, 7).
pub const FORMS: [Form; 4] = [
    // 1, 7: "Springer Felix drei", "Springer auf Felix drei", "knight to f three"
    Form {
        name: "destination",
        parts: &[Piece, Link, Dest, EnPassant, Promotion, Check],
    },
    // 2, 7: "Springer Gustav eins Felix drei", "Läufer von Cäsar acht nach Felix fünf"
    Form {
        name: "origin",
        parts: &[
            Piece, FromWord, Origin, Link, Dest, EnPassant, Promotion, Check,
        ],
    },
    // 3, 4: "Springer Bella David zwei", "Eva schlägt David fünf"
    Form {
        name: "file",
        parts: &[
            Piece,
            OriginFile,
            CaptureLink,
            Dest,
            EnPassant,
            Promotion,
            Check,
        ],
    },
    // 3: "Turm eins Eva eins"
    Form {
        name: "rank",
        parts: &[Piece, OriginRank, CaptureLink, Dest, Promotion, Check],
    },
];

/// One slot of a rule: the word sequences that may stand there (lower case, umlauts kept),
/// and whether it may be left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub alternatives: Vec<String>,
    pub optional: bool,
}

impl Choice {
    fn required(alternatives: Vec<String>) -> Choice {
        Choice {
            alternatives,
            optional: false,
        }
    }

    fn optional(alternatives: Vec<String>) -> Choice {
        Choice {
            alternatives,
            optional: true,
        }
    }
}

/// The phrasings of one legal move in one form: a sequence of choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRule {
    /// The form's name ("destination", "origin", "file", "rank", "castling").
    pub form: &'static str,
    pub mv: Move,
    pub choices: Vec<Choice>,
}

fn lower(list: &[String]) -> Vec<String> {
    list.iter().map(|w| w.to_lowercase()).collect()
}

/// The choices that say a square: its file word, then its rank word; or, where the
/// recognizers hear some rank words only after some file words (`[recognizer] fide_ranks`),
/// one choice of the pairs they hear ("eva four", "eva vier", "echo four", never "echo
/// vier").
fn square_choices(vocab: &Vocab, sq: Square) -> Vec<Choice> {
    let files = lower(vocab.file_words(sq.file() as usize));
    let ranks = lower(vocab.rank_words(sq.rank() as usize));
    let pairs: Vec<String> = files
        .iter()
        .flat_map(|f| ranks.iter().map(move |r| (f, r)))
        .filter(|(f, r)| vocab.square_heard(f, r))
        .map(|(f, r)| format!("{f} {r}"))
        .collect();
    if pairs.len() == files.len() * ranks.len() {
        vec![Choice::required(files), Choice::required(ranks)]
    } else {
        vec![Choice::required(pairs)]
    }
}

/// The side of a castling move, as the vocabulary names it.
pub(crate) fn castle_side(mv: &Move) -> Option<CastleSide> {
    mv.castling_side().map(|s| {
        if s.is_king_side() {
            CastleSide::Short
        } else {
            CastleSide::Long
        }
    })
}

/// The square the move goes to as spoken: castling is the king's move.
fn spoken_dest(pos: &Chess, mv: &Move) -> Square {
    match mv.castling_side() {
        Some(side) => side.king_to(pos.turn()),
        None => mv.to(),
    }
}

/// The rules of a legal move: its castling phrases, and each form whose plainest phrasing the
/// interpreter reads as exactly this move in this position (so "Springer David zwei" is no
/// rule where two knights can go to d2). Every phrasing of a rule means the same move: the
/// optional words are information words.
pub fn move_rules(pos: &Chess, mv: &Move, vocab: &Vocab) -> Vec<MoveRule> {
    rules_in(&Legal::new(pos), mv, vocab)
}

/// [`move_rules`] with the position's legal moves worked out once for all its moves.
fn rules_in(legal: &Legal<'_>, mv: &Move, vocab: &Vocab) -> Vec<MoveRule> {
    let pos = legal.pos;
    let mut out = Vec::new();
    if let Some(side) = castle_side(mv) {
        out.push(MoveRule {
            form: "castling",
            mv: *mv,
            choices: vec![Choice::required(lower(vocab.castle_phrases(side)))],
        });
        // In Chess960 castling is said only by its name (note 1): no king-move forms.
        if pos.castles().mode().is_chess960() {
            return out;
        }
    }
    let Some(from) = mv.from() else {
        return out;
    };
    let to = spoken_dest(pos, mv);
    let role = mv.role();
    let after = pos.clone().play(*mv).ok();
    let gives_mate = after.as_ref().is_some_and(|a| a.is_checkmate());
    let gives_check = after.as_ref().is_some_and(|a| a.is_check());
    // What people say, not all the interpreter reads: a lone file or rank before the
    // destination only where the destination alone does not tell the move (and the file of
    // a capturing pawn, "Eva schlägt David fünf"); capture words on a capture; check words on
    // a check. Every word more that the recognizer must consider is a word it can mishear.
    // Where a lone origin is needed, the file and the rank are both wanted when each tells
    // the move (§2.3 gives both forms): "Springer acht David sieben" for Nbd7 had no rule
    // and was forced onto another move, "Springer nach David fünf".
    let mut told_by_destination = false;
    for form in FORMS {
        let wanted = match form.name {
            "file" if role == Role::Pawn => mv.is_capture(),
            "file" | "rank" => !told_by_destination,
            _ => true,
        };
        if !wanted {
            continue;
        }
        let mut choices = Vec::new();
        let mut plain: Vec<String> = Vec::new();
        let (mut piece, mut link) = (None, None);
        let mut usable = true;
        for part in form.parts {
            match part {
                Piece => {
                    piece = Some(choices.len());
                    let words = lower(vocab.piece_words(role));
                    let optional = role == Role::Pawn || form.name == "origin";
                    if !optional {
                        plain.push(words[0].clone());
                    }
                    choices.push(Choice {
                        alternatives: words,
                        optional,
                    });
                }
                FromWord => {
                    if !vocab.from_words().is_empty() {
                        choices.push(Choice::optional(lower(vocab.from_words())));
                    }
                }
                Origin => {
                    for c in square_choices(vocab, from) {
                        plain.extend(c.alternatives.first().cloned());
                        choices.push(c);
                    }
                }
                OriginFile => {
                    let c = Choice::required(lower(vocab.file_words(from.file() as usize)));
                    plain.extend(c.alternatives.first().cloned());
                    choices.push(c);
                }
                OriginRank => {
                    let mut words = lower(vocab.rank_words(from.rank() as usize));
                    words.retain(|w| vocab.lone_rank_heard(w));
                    let c = Choice::required(words);
                    plain.extend(c.alternatives.first().cloned());
                    choices.push(c);
                }
                Link => {
                    let mut words = lower(vocab.to_words());
                    if mv.is_capture() {
                        words.extend(lower(vocab.capture_words()));
                    }
                    if !words.is_empty() {
                        link = Some(choices.len());
                        choices.push(Choice::optional(words));
                    }
                }
                CaptureLink => {
                    if mv.is_capture() && !vocab.capture_words().is_empty() {
                        choices.push(Choice::optional(lower(vocab.capture_words())));
                    }
                }
                Dest => {
                    for c in square_choices(vocab, to) {
                        plain.extend(c.alternatives.first().cloned());
                        choices.push(c);
                    }
                }
                EnPassant => {
                    if mv.is_en_passant() {
                        let words = lower(&vocab_en_passant(vocab));
                        if !words.is_empty() {
                            choices.push(Choice::optional(words));
                        }
                    }
                }
                Promotion => {
                    if let Some(promoted) = mv.promotion() {
                        if !vocab.promotion_words().is_empty() {
                            choices.push(Choice::optional(lower(vocab.promotion_words())));
                        }
                        let c = Choice::required(lower(vocab.piece_words(promoted)));
                        plain.extend(c.alternatives.first().cloned());
                        choices.push(c);
                    }
                }
                Check => {
                    let mut words = Vec::new();
                    if gives_check {
                        words.extend(lower(vocab.check_words()));
                    }
                    if gives_mate {
                        words.extend(lower(vocab.mate_words()));
                    }
                    if !words.is_empty() {
                        choices.push(Choice::optional(words));
                    }
                }
            }
            if choices
                .iter()
                .any(|c| c.alternatives.is_empty() && !c.optional)
            {
                usable = false;
            }
        }
        // Words the recognizers leave out ([recognizer] leave_out): never the first (said)
        // word of a list, so every rule keeps its plainest phrasing.
        for choice in &mut choices {
            let first = choice.alternatives.first().cloned();
            choice
                .alternatives
                .retain(|w| Some(w) == first.as_ref() || vocab.heard_by_recognizer(w));
        }
        if usable && reads_as(vocab, legal, &plain.join(" "), mv) {
            if form.name == "destination" {
                told_by_destination = true;
            }
            if role == Role::Pawn && form.name == "destination" && !mv.is_capture() {
                // A pawn push takes a to-word only after the piece word ("pawn to e four",
                // "Eva vier"): two optional words before every pawn move cost the recognizer
                // more than the rare "nach Eva vier" is worth.
                let with_piece: Vec<Choice> = choices
                    .iter()
                    .enumerate()
                    .map(|(i, c)| Choice {
                        optional: c.optional && Some(i) != piece,
                        ..c.clone()
                    })
                    .collect();
                let bare: Vec<Choice> = choices
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| Some(*i) != piece && Some(*i) != link)
                    .map(|(_, c)| c.clone())
                    .collect();
                for choices in [with_piece, bare] {
                    out.push(MoveRule {
                        form: form.name,
                        mv: *mv,
                        choices,
                    });
                }
                continue;
            }
            out.push(MoveRule {
                form: form.name,
                mv: *mv,
                choices,
            });
        }
    }
    out
}

fn vocab_en_passant(vocab: &Vocab) -> Vec<String> {
    vocab
        .en_passant_phrase()
        .map(str::to_string)
        .into_iter()
        .collect()
}

/// Whether words made only of vocabulary words read as exactly this move.
pub(crate) fn reads_as(vocab: &Vocab, legal: &Legal<'_>, words: &str, mv: &Move) -> bool {
    let split = split_words(words);
    let known: Option<Vec<(&str, Meaning)>> = split
        .iter()
        .map(|w| vocab.word_index().get(w).map(|m| (w.as_str(), *m)))
        .collect();
    let Some(known) = known else {
        return false;
    };
    super::read_vocabulary_words(vocab, legal, &known) == Reading::Move(*mv)
}

/// The rules of every legal move of a position.
pub fn position_rules(pos: &Chess, vocab: &Vocab) -> Vec<MoveRule> {
    let legal = Legal::new(pos);
    legal
        .moves
        .iter()
        .flat_map(|c| rules_in(&legal, &c.mv, vocab))
        .collect()
}

/// One phrasing of a rule: `pick(n)` chooses among `n` options for each choice (for an
/// optional choice, option 0 leaves it out). Lower case, single spaces.
pub fn sample_phrase(rule: &MoveRule, pick: &mut dyn FnMut(usize) -> usize) -> String {
    let mut words: Vec<&str> = Vec::new();
    for choice in &rule.choices {
        let n = choice.alternatives.len() + usize::from(choice.optional);
        let k = pick(n).min(n.saturating_sub(1));
        let index = if choice.optional {
            match k.checked_sub(1) {
                Some(i) => i,
                None => continue,
            }
        } else {
            k
        };
        if let Some(w) = choice.alternatives.get(index) {
            words.push(w);
        }
    }
    words.join(" ")
}
