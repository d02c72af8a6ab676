//! The spoken form of a move in the player's vocabulary: the read-back, the announcement for
//! the opponent, and every phrase a recognizer's grammar needs for a position.
//!
//! The spoken form follows SAN: the piece, as much of the origin as tells the move apart, the
//! capture word, the square, the promotion piece, check or mate ("Springer schlägt Felix drei,
//! Schach"). It is checked against the interpreter, so that what Rochade says is always read
//! back as the same move; where SAN's brevity would be ambiguous when spoken (a pawn push and
//! a pawn capture promoting on one square), the full origin is said.
//!
//! ```
//! use rochade::interpret::spoken_move;
//! use rochade::lang::Lang;
//! use rochade::vocab::Vocab;
//! use shakmaty::{Chess, Position, san::San};
//!
//! let pos = Chess::default();
//! let nf3 = "Nf3".parse::<San>().unwrap().to_move(&pos).unwrap();
//! assert_eq!(spoken_move(&pos, &nf3, &Vocab::builtin(Lang::De)), "Springer Felix drei");
//! assert_eq!(spoken_move(&pos, &nf3, &Vocab::builtin(Lang::En)), "knight Felix three");
//! ```
use shakmaty::{Chess, Move, Position, Role, Square, san::San};

use super::IllegalReason;
use super::forms::castle_side;
use super::matcher::Legal;
use crate::lang::Lang;
use crate::vocab::{CastleSide, Command, Vocab, normalize_word};

fn square_words(vocab: &Vocab, sq: Square) -> String {
    format!(
        "{} {}",
        vocab.file_word(sq.file() as usize),
        vocab.rank_word(sq.rank() as usize)
    )
}

/// The words of a move without check or mate, in the SAN form (`full_origin` = false) or with
/// the whole origin square.
fn move_words(pos: &Chess, mv: &Move, vocab: &Vocab, full_origin: bool) -> String {
    if let Some(side) = castle_side(mv) {
        return vocab.castle_phrase(side).to_string();
    }
    let mut words: Vec<String> = Vec::new();
    let role = mv.role();
    let from = mv.from();
    if role != Role::Pawn {
        words.push(vocab.piece_word(role).to_string());
    }
    let san = San::from_move(pos, *mv);
    let (file, rank) = match (&san, full_origin) {
        (_, true) => (from.map(|f| f.file()), from.map(|f| f.rank())),
        (San::Normal { file, rank, .. }, false) => (*file, *rank),
        _ => (None, None),
    };
    if let Some(f) = file {
        words.push(vocab.file_word(f as usize).to_string());
    }
    if let Some(r) = rank {
        words.push(vocab.rank_word(r as usize).to_string());
    }
    if mv.is_capture()
        && let Some(w) = vocab.capture_word()
    {
        words.push(w.to_string());
    }
    words.push(square_words(vocab, mv.to()));
    if mv.is_en_passant()
        && let Some(w) = vocab.en_passant_phrase()
    {
        words.push(w.to_string());
    }
    if let Some(promoted) = mv.promotion() {
        if let Some(w) = vocab.promotion_word() {
            words.push(w.to_string());
        }
        words.push(vocab.piece_word(promoted).to_string());
    }
    words.join(" ")
}

fn reads_as(pos: &Chess, vocab: &Vocab, words: &str, mv: &Move) -> bool {
    super::forms::reads_as(vocab, &Legal::new(pos), words, mv)
}

/// The move as Rochade says it: the read-back to the player and the announcement for the
/// opponent ("Springer schlägt Felix drei, Schach"). Always read back as the same move.
pub fn spoken_move(pos: &Chess, mv: &Move, vocab: &Vocab) -> String {
    let short = move_words(pos, mv, vocab, false);
    let mut text = if reads_as(pos, vocab, &short, mv) {
        short
    } else {
        move_words(pos, mv, vocab, true)
    };
    let after = pos.clone().play(*mv).ok();
    if let Some(after) = after {
        let word = if after.is_checkmate() {
            vocab.mate_word()
        } else if after.is_check() {
            vocab.check_word()
        } else {
            None
        };
        if let Some(w) = word {
            text.push_str(", ");
            text.push_str(w);
        }
    }
    text
}

/// Every phrase (lower case, single spaces) that the interpreter reads as each legal move, for
/// a recognizer's grammar: the spoken form, the destination form where it is unambiguous, the
/// full origin-and-destination form, the forms without and with capture and promotion words,
/// and every castling phrase.
pub fn move_phrases(pos: &Chess, vocab: &Vocab) -> Vec<(String, Move)> {
    let mut out: Vec<(String, Move)> = Vec::new();
    let push = |text: String, mv: Move, out: &mut Vec<(String, Move)>| {
        let text = text.to_lowercase();
        if !out.iter().any(|(t, m)| *t == text && *m == mv) && reads_as(pos, vocab, &text, &mv) {
            out.push((text, mv));
        }
    };
    for mv in pos.legal_moves() {
        if let Some(side) = castle_side(&mv) {
            for phrase in vocab.castle_phrases(side) {
                push(phrase.clone(), mv, &mut out);
            }
            continue;
        }
        let short = move_words(pos, &mv, vocab, false);
        let full = move_words(pos, &mv, vocab, true);
        push(short.clone(), mv, &mut out);
        push(full.clone(), mv, &mut out);
        // Without the capture word, and (pawns) with the piece word.
        if let Some(cap) = vocab.capture_word() {
            let cap = format!(" {cap}");
            push(short.replace(&cap, ""), mv, &mut out);
            push(full.replace(&cap, ""), mv, &mut out);
        }
        if mv.role() != Role::Pawn && mv.from().is_some() {
            // The bare destination with the piece word.
            let dest = format!(
                "{} {}",
                vocab.piece_word(mv.role()),
                square_words(vocab, mv.to())
            );
            push(dest, mv, &mut out);
        }
        if mv.promotion().is_some()
            && let Some(pw) = vocab.promotion_word()
        {
            let pw = format!(" {pw}");
            push(short.replace(&pw, ""), mv, &mut out);
            push(full.replace(&pw, ""), mv, &mut out);
        }
    }
    out
}

/// Every command phrase of the vocabulary (lower case) with its command.
pub fn command_phrases(vocab: &Vocab) -> Vec<(String, Command)> {
    Command::ALL
        .iter()
        .flat_map(|&c| {
            vocab
                .command_words(c)
                .iter()
                .map(move |w| (w.to_lowercase(), c))
        })
        .collect()
}

/// The phrases of a pending question: yes, no, correction, repeat, and the promotion pieces.
pub fn answer_phrases(vocab: &Vocab) -> Vec<String> {
    let mut out: Vec<String> = command_phrases(vocab)
        .into_iter()
        .filter(|(_, c)| {
            matches!(
                c,
                Command::Yes | Command::No | Command::Correction | Command::Repeat | Command::Help
            )
        })
        .map(|(w, _)| w)
        .collect();
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        out.push(vocab.piece_word(role).to_lowercase());
    }
    out
}

fn role_name(role: Role, lang: Lang) -> &'static str {
    match (lang, role) {
        (Lang::De, Role::King) => "König",
        (Lang::De, Role::Queen) => "Dame",
        (Lang::De, Role::Rook) => "Turm",
        (Lang::De, Role::Bishop) => "Läufer",
        (Lang::De, Role::Knight) => "Springer",
        (Lang::De, Role::Pawn) => "Bauer",
        (Lang::En, Role::King) => "king",
        (Lang::En, Role::Queen) => "queen",
        (Lang::En, Role::Rook) => "rook",
        (Lang::En, Role::Bishop) => "bishop",
        (Lang::En, Role::Knight) => "knight",
        (Lang::En, Role::Pawn) => "pawn",
    }
}

/// German needs the article's gender and case: only "Dame" is feminine, and "Bauer" takes
/// "-n" in the accusative and dative ("keinen Bauern", "zum Bauern").
fn de_with(role: Role, masculine: &str, feminine: &str) -> String {
    let name = role_name(role, Lang::De);
    if role == Role::Queen {
        format!("{feminine} {name}")
    } else {
        format!("{masculine} {name}")
    }
}

fn de_oblique(role: Role) -> &'static str {
    if role == Role::Pawn {
        "Bauern"
    } else {
        role_name(role, Lang::De)
    }
}

fn sq(sq: Square) -> String {
    sq.to_string()
}

/// Why a move is not possible, in a sentence (training mode says it; the `interpret` JSON
/// carries the English one). Squares in print notation; the assistant may speak them.
pub fn reason_text(reason: &IllegalReason, vocab: &Vocab) -> String {
    let lang = vocab.lang();
    let de = lang == Lang::De;
    let side_words = |side: &Option<CastleSide>| match (side, de) {
        (Some(CastleSide::Short), true) => "kurz ",
        (Some(CastleSide::Long), true) => "lang ",
        (Some(CastleSide::Short), false) => "short ",
        (Some(CastleSide::Long), false) => "long ",
        (None, _) => "",
    };
    match reason {
        IllegalReason::GameOver => {
            if de {
                "Die Partie ist beendet.".into()
            } else {
                "the game is over".into()
            }
        }
        IllegalReason::CannotReach { role, to } => {
            if de {
                format!(
                    "{} kann {} erreichen.",
                    de_with(*role, "Kein", "Keine"),
                    sq(*to)
                )
            } else {
                format!("no {} can reach {}", role_name(*role, lang), sq(*to))
            }
        }
        IllegalReason::CannotReachFrom { role, from, to } => {
            if de {
                format!(
                    "{} auf {} kann {} nicht erreichen.",
                    de_with(*role, "Der", "Die"),
                    sq(*from),
                    sq(*to)
                )
            } else {
                format!(
                    "the {} on {} cannot reach {}",
                    role_name(*role, lang),
                    sq(*from),
                    sq(*to)
                )
            }
        }
        IllegalReason::NoSuchPiece { role } => {
            if de {
                if *role == Role::Queen {
                    "Sie haben keine Dame.".to_string()
                } else {
                    format!("Sie haben keinen {}.", de_oblique(*role))
                }
            } else {
                format!("you have no {}", role_name(*role, lang))
            }
        }
        IllegalReason::NoPieceOn { square, .. } => {
            if de {
                format!("Auf {} steht keine Figur.", sq(*square))
            } else {
                format!("there is no piece on {}", sq(*square))
            }
        }
        IllegalReason::OpponentPieceOn { square, role } => {
            if de {
                format!(
                    "Auf {} steht {} des Gegners.",
                    sq(*square),
                    de_with(*role, "ein", "eine")
                )
            } else {
                format!(
                    "the {} on {} is the opponent's",
                    role_name(*role, lang),
                    sq(*square)
                )
            }
        }
        IllegalReason::OtherPieceOn {
            square,
            named,
            there,
        } => {
            if de {
                format!(
                    "Auf {} steht {}, {}.",
                    sq(*square),
                    de_with(*there, "ein", "eine"),
                    de_with(*named, "kein", "keine")
                )
            } else {
                format!(
                    "there is a {} on {}, not a {}",
                    role_name(*there, lang),
                    sq(*square),
                    role_name(*named, lang)
                )
            }
        }
        IllegalReason::PawnBlocked { from, to } => {
            if de {
                format!(
                    "Der Bauer auf {} ist blockiert und kann nicht nach {}.",
                    sq(*from),
                    sq(*to)
                )
            } else {
                format!(
                    "the pawn on {} is blocked and cannot go to {}",
                    sq(*from),
                    sq(*to)
                )
            }
        }
        IllegalReason::Pinned { role, from, .. } => {
            if de {
                format!(
                    "{} auf {} ist gefesselt: Ihr König stünde im Schach.",
                    de_with(*role, "Der", "Die"),
                    sq(*from)
                )
            } else {
                format!(
                    "the {} on {} is pinned: your king would be in check",
                    role_name(*role, lang),
                    sq(*from)
                )
            }
        }
        IllegalReason::KingInCheck { .. } => {
            if de {
                "Ihr König steht im Schach, und dieser Zug hebt es nicht auf.".into()
            } else {
                "your king is in check and this move does not answer it".into()
            }
        }
        IllegalReason::KingWouldBeInCheck { to } => {
            if de {
                format!("Der König stünde auf {} im Schach.", sq(*to))
            } else {
                format!("the king would be in check on {}", sq(*to))
            }
        }
        IllegalReason::NotAPromotion { to } => {
            if de {
                format!("Ein Zug nach {} ist keine Umwandlung.", sq(*to))
            } else {
                format!("a move to {} is not a promotion", sq(*to))
            }
        }
        IllegalReason::BadPromotionPiece { role } => {
            if de {
                format!("Ein Bauer kann nicht zum {} werden.", de_oblique(*role))
            } else {
                format!("a pawn cannot become a {}", role_name(*role, lang))
            }
        }
        IllegalReason::CastlingNoRight { side } => {
            if de {
                format!(
                    "Rochade {}ist nicht mehr erlaubt: König oder Turm hat gezogen.",
                    side_words(side)
                )
            } else {
                format!(
                    "castling {}is no longer allowed: the king or rook has moved",
                    side_words(side)
                )
            }
        }
        IllegalReason::CastlingInCheck { .. } => {
            if de {
                "Keine Rochade im Schach.".into()
            } else {
                "no castling out of check".into()
            }
        }
        IllegalReason::CastlingBlocked { side } => {
            if de {
                format!(
                    "Rochade {}geht nicht: eine Figur steht dazwischen.",
                    side_words(side)
                )
            } else {
                format!(
                    "castling {}is blocked: a piece stands in between",
                    side_words(side)
                )
            }
        }
        IllegalReason::CastlingThroughCheck { side } => {
            if de {
                format!(
                    "Rochade {}geht nicht: der König zöge über ein angegriffenes Feld oder in Schach.",
                    side_words(side)
                )
            } else {
                format!(
                    "castling {}is not possible: the king would cross or land on an attacked square",
                    side_words(side)
                )
            }
        }
    }
}

/// Whether a normalized word is one of a vocabulary's words (for tests and the recognizer).
pub fn is_vocabulary_word(vocab: &Vocab, word: &str) -> bool {
    vocab.word_index().contains_key(&normalize_word(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// German reasons agree with the piece's gender and case ("Keine Dame", "keinen Bauern").
    #[test]
    fn german_reasons_use_the_right_article() {
        let de = Vocab::builtin(Lang::De);
        let cases = [
            (
                IllegalReason::CannotReach {
                    role: Role::Queen,
                    to: Square::H5,
                },
                "Keine Dame kann h5 erreichen.",
            ),
            (
                IllegalReason::CannotReach {
                    role: Role::Knight,
                    to: Square::E5,
                },
                "Kein Springer kann e5 erreichen.",
            ),
            (
                IllegalReason::CannotReachFrom {
                    role: Role::Queen,
                    from: Square::D1,
                    to: Square::D5,
                },
                "Die Dame auf d1 kann d5 nicht erreichen.",
            ),
            (
                IllegalReason::NoSuchPiece { role: Role::Queen },
                "Sie haben keine Dame.",
            ),
            (
                IllegalReason::NoSuchPiece { role: Role::Pawn },
                "Sie haben keinen Bauern.",
            ),
            (
                IllegalReason::OpponentPieceOn {
                    square: Square::D8,
                    role: Role::Queen,
                },
                "Auf d8 steht eine Dame des Gegners.",
            ),
            (
                IllegalReason::OtherPieceOn {
                    square: Square::D1,
                    named: Role::Rook,
                    there: Role::Queen,
                },
                "Auf d1 steht eine Dame, kein Turm.",
            ),
            (
                IllegalReason::Pinned {
                    role: Role::Queen,
                    from: Square::E2,
                    to: Square::B5,
                },
                "Die Dame auf e2 ist gefesselt: Ihr König stünde im Schach.",
            ),
        ];
        for (reason, text) in cases {
            assert_eq!(reason_text(&reason, &de), text);
        }
    }
}
