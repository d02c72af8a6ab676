//! The sentences the assistant says: read-backs, questions, refusals, announcements for the
//! opponent, results. Each method names one message of the game language's catalog
//! (`grammars/<code>.ftl`, see [`crate::catalog`]) and fills its placeholders; no sentence is
//! written here. Moves and squares are said to the player in his vocabulary (the FIDE words by
//! default: he hears what he says), and to the opponent and the arbiter in the game language's
//! words ([`crate::announce`]: the vocabulary's own words for de and en, the tables of
//! `grammars/ar.toml` and `grammars/he.toml`); times come from [`crate::clock::spoken`].
//!
//! A new sentence is a message in every catalog (same id, same placeholders) and a method
//! here that names it: `self.msg("id")` or `self.msg_with("id", &[("name", value.into())])`.
//!
//! The methods stand by topic, one `impl Words` block a module: `read_back` (a move in words,
//! said back, the questions and refusals), `opponent` (his moves and touches), `arbiter`
//! (calling him, his entries), `draws`, `endings` (resignation, results), `clocks` (time,
//! flags, uncounted time), `scoresheet`, `setup` (Chess960, the set-up), `adjournment`,
//! `journal` (resuming a game), `training` (the read-outs) and `input` (the help, speech
//! settings, typed lines). This module holds the struct, its constructors and the helpers all
//! of them use.
use std::sync::Arc;

use shakmaty::{Color, Role, Square};

use crate::announce::{Announcing, MoveWording};
use crate::catalog::{Arg, Catalog};
use crate::interpret::CheckWord;
use crate::lang::Lang;
use crate::vocab::Vocab;

mod adjournment;
mod arbiter;
mod clocks;
mod draws;
mod endings;
mod input;
mod journal;
mod opponent;
mod read_back;
mod scoresheet;
mod setup;
mod training;

pub use input::HelpState;
pub use journal::ResumedAt;
pub use setup::chess960_problem;

/// The assistant's words for one language and vocabulary.
#[derive(Debug, Clone)]
pub struct Words {
    vocab: Vocab,
    catalog: Arc<Catalog>,
    /// The words moves are announced with to the opponent and the arbiter.
    announcing: Announcing,
    /// Whether a check is said after a move (T13: not compulsory; the player's setting).
    check: CheckWord,
}

/// A piece's role as the catalogs select on it: "king", "queen", …
pub fn role_key(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

impl Words {
    /// Words in the message language `lang`, from its built-in catalog, for a player who
    /// speaks `vocab`.
    pub fn new(vocab: Vocab, lang: Lang) -> Words {
        Words::with_catalog(vocab, Catalog::builtin(lang))
    }

    /// Words with a catalog of one's own (an organiser's adapted sentences), in its language.
    pub fn with_catalog(vocab: Vocab, catalog: Arc<Catalog>) -> Words {
        let announcing = Announcing::new(catalog.lang(), &vocab);
        Words {
            vocab,
            catalog,
            announcing,
            check: CheckWord::Said,
        }
    }

    /// The same words with the check word said or left out after moves.
    pub fn with_check_word(mut self, check: CheckWord) -> Words {
        self.check = check;
        self
    }

    /// The words moves are announced with.
    fn announcing(&self) -> &dyn MoveWording {
        self.announcing.wording(&self.vocab)
    }

    /// The vocabulary.
    pub fn vocab(&self) -> &Vocab {
        &self.vocab
    }

    /// The catalog the sentences come from.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// A message without placeholders.
    fn msg(&self, id: &str) -> String {
        self.catalog.text(id, &[])
    }

    /// A message with its placeholders filled.
    fn msg_with(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        self.catalog.text(id, args)
    }

    /// A square in the vocabulary: "Felix drei".
    pub fn square(&self, sq: Square) -> String {
        format!(
            "{} {}",
            self.vocab.file_word(sq.file() as usize),
            self.vocab.rank_word(sq.rank() as usize)
        )
    }

    /// A piece name: "Springer".
    pub fn piece(&self, role: Role) -> String {
        self.vocab.piece_word(role).to_string()
    }

    /// "a oder b", "a, b oder c".
    pub fn or_list(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} {} {last}", init.join(", "), self.msg("or")),
        }
    }

    /// "Weiß" / "Black".
    pub fn side(&self, side: Color) -> String {
        match side {
            Color::White => self.msg("side-white"),
            Color::Black => self.msg("side-black"),
        }
    }
}
