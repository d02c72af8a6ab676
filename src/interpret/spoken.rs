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
use super::legal::Legal;
use crate::announce::MoveWording;
use crate::assistant::words::role_key;
use crate::catalog::{Arg, Catalog};
use crate::vocab::{CastleSide, Command, Vocab, normalize_word};

fn square_words(words: &dyn MoveWording, sq: Square) -> String {
    format!(
        "{} {}",
        words.file(sq.file() as usize),
        words.rank(sq.rank() as usize)
    )
}

/// The words of a move without check or mate, in the SAN form (`full_origin` = false) or with
/// the whole origin square.
fn move_words(pos: &Chess, mv: &Move, w: &dyn MoveWording, full_origin: bool) -> String {
    if let Some(side) = castle_side(mv) {
        return w.castle(side).to_string();
    }
    let mut words: Vec<String> = Vec::new();
    let role = mv.role();
    let from = mv.from();
    if role != Role::Pawn {
        words.push(w.piece(role).to_string());
    }
    let san = San::from_move(pos, *mv);
    let (file, rank) = match (&san, full_origin) {
        (_, true) => (from.map(|f| f.file()), from.map(|f| f.rank())),
        (San::Normal { file, rank, .. }, false) => (*file, *rank),
        _ => (None, None),
    };
    if let Some(f) = file {
        words.push(w.file(f as usize).to_string());
    }
    if let Some(r) = rank {
        words.push(w.rank(r as usize).to_string());
    }
    if mv.is_capture()
        && let Some(c) = w.capture()
    {
        words.push(c.to_string());
    }
    words.push(square_words(w, mv.to()));
    if mv.is_en_passant()
        && let Some(e) = w.en_passant()
    {
        words.push(e.to_string());
    }
    if let Some(promoted) = mv.promotion() {
        if let Some(p) = w.promotion() {
            words.push(p.to_string());
        }
        words.push(w.piece(promoted).to_string());
    }
    words.join(" ")
}

fn reads_as(pos: &Chess, vocab: &Vocab, words: &str, mv: &Move) -> bool {
    super::forms::reads_as(vocab, &Legal::new(pos), words, mv)
}

/// The move as Rochade says it: the read-back to the player and the announcement for the
/// opponent ("Springer schlägt Felix drei, Schach"). Always read back as the same move.
pub fn spoken_move(pos: &Chess, mv: &Move, vocab: &Vocab) -> String {
    spoken_move_as(pos, mv, vocab, CheckWord::Said)
}

/// Whether a check is said after the move. Announcing check is not compulsory (fa 3.8, the
/// notation's check sign is optional): a player may ask for it to be left out. Mate is
/// always said: it ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckWord {
    Said,
    Left,
}

/// [`spoken_move`], with the check word said or left out.
pub fn spoken_move_as(pos: &Chess, mv: &Move, vocab: &Vocab, check: CheckWord) -> String {
    let short = move_words(pos, mv, vocab, false);
    let text = if reads_as(pos, vocab, &short, mv) {
        short
    } else {
        move_words(pos, mv, vocab, true)
    };
    with_check(pos, mv, vocab, text, check)
}

/// The move said in `words` (another language's words, [`crate::announce`]) in the form
/// [`spoken_move`] gives it in the player's `vocab`: the origin is said where the vocabulary's
/// short form would not name the move alone, so both forms name it alike.
pub fn announced_move(
    pos: &Chess,
    mv: &Move,
    vocab: &Vocab,
    words: &dyn MoveWording,
    check: CheckWord,
) -> String {
    let full = !reads_as(pos, vocab, &move_words(pos, mv, vocab, false), mv);
    with_check(pos, mv, words, move_words(pos, mv, words, full), check)
}

/// The move's words with its check or mate word: "Springer Felix drei, Schach".
fn with_check(
    pos: &Chess,
    mv: &Move,
    words: &dyn MoveWording,
    mut text: String,
    check: CheckWord,
) -> String {
    if let Ok(after) = pos.clone().play(*mv) {
        let word = if after.is_checkmate() {
            words.mate()
        } else if after.is_check() && check == CheckWord::Said {
            words.check()
        } else {
            None
        };
        if let Some(w) = word {
            text.push_str(words.comma());
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

/// Every command phrase of the vocabulary that the recognizers' grammars take (lower case,
/// the words of `[recognizer] leave_out` and the phrasings of `[typed_commands]` left out)
/// with its command.
pub fn command_phrases(vocab: &Vocab) -> Vec<(String, Command)> {
    Command::ALL
        .iter()
        .flat_map(|&c| {
            vocab
                .command_words(c)
                .iter()
                .filter(|w| vocab.heard_by_recognizer(w))
                .map(move |w| (w.to_lowercase(), c))
        })
        .collect()
}

/// "partieformular ab zug zwölf": the scoresheet request with each move number up to
/// `moves` (the game's current move number), in the first words of the vocabulary, for a
/// recognizer's grammar. The interpreter reads any of its phrasings.
pub fn scoresheet_phrases(vocab: &Vocab, moves: u32) -> Vec<String> {
    let (Some(command), Some(from)) = (
        vocab.command_word(Command::Scoresheet),
        vocab.from_move_words().first(),
    ) else {
        return Vec::new();
    };
    (1..=moves)
        .map(|n| {
            // "twenty-one" as two words, as recognizers' models know them.
            let number = crate::numbers::cardinal(u64::from(n), vocab.lang()).replace('-', " ");
            format!("{command} {from} {number}").to_lowercase()
        })
        .collect()
}

/// The phrasings of `command` a recognizer's grammar holds: the first two (the D.2 words) and
/// the long requests. A short extra word ("Zuganzahl", "commands") is one more word that a
/// misheard move or answer can turn into (an English "uh, correction" said to a read-back was
/// heard as a sure "commands", which the window would have let pass), and the interpreter
/// still reads it typed.
pub fn heard_phrasings(vocab: &Vocab, command: Command) -> impl Iterator<Item = &String> {
    vocab
        .command_words(command)
        .iter()
        .enumerate()
        .filter(|(i, phrase)| *i < 2 || phrase.split_whitespace().count() >= 3)
        .map(|(_, phrase)| phrase)
        .filter(|phrase| vocab.heard_by_recognizer(phrase))
}

/// The phrases of a pending question: every phrasing of yes, no and correction; the
/// [`heard_phrasings`] of repeat and help; and the promotion pieces.
pub fn answer_phrases(vocab: &Vocab) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for command in [Command::Yes, Command::No, Command::Correction] {
        out.extend(
            vocab
                .command_words(command)
                .iter()
                .filter(|w| vocab.heard_by_recognizer(w))
                .map(|w| w.to_lowercase()),
        );
    }
    for command in [Command::Repeat, Command::Help] {
        out.extend(heard_phrasings(vocab, command).map(|w| w.to_lowercase()));
    }
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        out.push(vocab.piece_word(role).to_lowercase());
    }
    out
}

/// Why a move is not possible, in a sentence of a catalog: the game's message language
/// (training mode says it; the `interpret` JSON carries the English one). Squares in print
/// notation; the pieces by their usual names (`piece-name`), with the articles the catalog
/// chooses by the piece.
pub fn reason_text(reason: &IllegalReason, catalog: &Catalog) -> String {
    let piece = |role: Role| catalog.text("piece-name", &[("role", role_key(role).into())]);
    let role_args = |role: Role| -> [(&'static str, Arg<'static>); 2] {
        [
            ("role", role_key(role).into()),
            ("piece", piece(role).into()),
        ]
    };
    let side_key = |side: &Option<CastleSide>| match side {
        Some(CastleSide::Short) => "short",
        Some(CastleSide::Long) => "long",
        None => "none",
    };
    let with = |id: &str, args: &[(&str, Arg<'_>)]| catalog.text(id, args);
    match reason {
        IllegalReason::GameOver => with("illegal-game-over", &[]),
        IllegalReason::CannotReach { role, to } => {
            let mut args = role_args(*role).to_vec();
            args.push(("to", to.to_string().into()));
            with("illegal-cannot-reach", &args)
        }
        IllegalReason::CannotReachFrom { role, from, to } => {
            let mut args = role_args(*role).to_vec();
            args.push(("from", from.to_string().into()));
            args.push(("to", to.to_string().into()));
            with("illegal-cannot-reach-from", &args)
        }
        IllegalReason::NoSuchPiece { role } => with("illegal-no-such-piece", &role_args(*role)),
        IllegalReason::NoPieceOn { square, .. } => with(
            "illegal-no-piece-on",
            &[("square", square.to_string().into())],
        ),
        IllegalReason::OpponentPieceOn { square, role } => {
            let mut args = role_args(*role).to_vec();
            args.push(("square", square.to_string().into()));
            with("illegal-opponent-piece-on", &args)
        }
        IllegalReason::OtherPieceOn {
            square,
            named,
            there,
        } => with(
            "illegal-other-piece-on",
            &[
                ("square", square.to_string().into()),
                ("there", role_key(*there).into()),
                ("there_piece", piece(*there).into()),
                ("named", role_key(*named).into()),
                ("named_piece", piece(*named).into()),
            ],
        ),
        IllegalReason::PawnBlocked { from, to } => with(
            "illegal-pawn-blocked",
            &[
                ("from", from.to_string().into()),
                ("to", to.to_string().into()),
            ],
        ),
        IllegalReason::Pinned { role, from, .. } => {
            let mut args = role_args(*role).to_vec();
            args.push(("from", from.to_string().into()));
            with("illegal-pinned", &args)
        }
        IllegalReason::KingInCheck { .. } => with("illegal-king-in-check", &[]),
        IllegalReason::KingWouldBeInCheck { to } => with(
            "illegal-king-would-be-in-check",
            &[("to", to.to_string().into())],
        ),
        IllegalReason::NotAPromotion { to } => {
            with("illegal-not-a-promotion", &[("to", to.to_string().into())])
        }
        IllegalReason::BadPromotionPiece { role } => {
            with("illegal-bad-promotion-piece", &role_args(*role))
        }
        IllegalReason::CastlingNoRight { side } => with(
            "illegal-castling-no-right",
            &[("side", side_key(side).into())],
        ),
        IllegalReason::CastlingInCheck { .. } => with("illegal-castling-in-check", &[]),
        IllegalReason::CastlingBlocked { side } => with(
            "illegal-castling-blocked",
            &[("side", side_key(side).into())],
        ),
        IllegalReason::CastlingThroughCheck { side } => with(
            "illegal-castling-through-check",
            &[("side", side_key(side).into())],
        ),
    }
}

/// Whether a normalized word is one of a vocabulary's words (for tests and the recognizer).
pub fn is_vocabulary_word(vocab: &Vocab, word: &str) -> bool {
    vocab.word_index().contains_key(&normalize_word(word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    /// German reasons agree with the piece's gender and case ("Keine Dame", "keinen Bauern").
    #[test]
    fn german_reasons_use_the_right_article() {
        let de = Catalog::builtin(Lang::De);
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
