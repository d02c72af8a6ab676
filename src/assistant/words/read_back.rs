//! The answer to what the player says: his move in words and said back, the questions asked
//! back when a move or a command is unclear, and the refusals of what was heard.
use shakmaty::{Chess, Move, Position, Role, Square};

use super::Words;
use crate::announce::Announcing;
use crate::catalog::capitalize;
use crate::interpret::{announced_move, spoken_move_as};
use crate::vocab::CastleSide;

impl Words {
    /// The move in words, check and mate included: "Springer schlägt Felix drei, Schach".
    pub fn spoken(&self, pos: &Chess, mv: &Move) -> String {
        spoken_move_as(pos, mv, &self.vocab, self.check)
    }

    /// The move in the words of the announcements to the opponent and the arbiter: the same as
    /// [`Words::spoken`] in a game whose vocabulary is its language, "الحصان فيلكس دراي" in
    /// an Arabic one.
    pub fn announced(&self, pos: &Chess, mv: &Move) -> String {
        match &self.announcing {
            Announcing::Vocabulary => self.spoken(pos, mv),
            _ => announced_move(pos, mv, &self.vocab, self.announcing(), self.check),
        }
    }

    /// A candidate named by its origin, for an ambiguity question: "Springer Bella eins".
    pub fn by_origin(&self, pos: &Chess, mv: &Move) -> String {
        if let Some(side) = mv.castling_side() {
            let side = if side.is_king_side() {
                CastleSide::Short
            } else {
                CastleSide::Long
            };
            return self.vocab.castle_phrase(side).to_string();
        }
        let role = pos
            .board()
            .role_at(mv.from().unwrap_or(mv.to()))
            .unwrap_or(mv.role());
        match mv.from() {
            Some(from) => format!("{} {}", self.piece(role), self.square(from)),
            None => self.piece(role),
        }
    }

    /// The read-back: "Springer Felix drei?", "Knight foxtrot three?".
    pub fn read_back(&self, words: &str) -> String {
        format!("{}?", capitalize(words))
    }

    /// A made move as the opponent hears it: "Springer Felix drei", "Knight foxtrot three".
    pub fn announce(&self, words: &str) -> String {
        capitalize(words)
    }

    pub fn read_back_inexact(&self, words: &str) -> String {
        self.msg_with("read-back-inexact", &[("words", words.into())])
    }

    pub fn made(&self) -> String {
        self.msg("made")
    }

    pub fn withdrawn(&self) -> String {
        self.msg("withdrawn")
    }

    pub fn nothing_to_withdraw(&self) -> String {
        self.msg("nothing-to-withdraw")
    }

    pub fn too_late_to_withdraw(&self) -> String {
        self.msg("too-late-to-withdraw")
    }

    pub fn which_of(&self, options: &[String]) -> String {
        format!("{}?", capitalize(&self.or_list(options)))
    }

    pub fn which_promotion(&self, square: Square) -> String {
        let pieces: Vec<String> = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .iter()
            .map(|r| self.piece(*r))
            .collect();
        self.msg_with(
            "which-promotion",
            &[
                ("square", capitalize(&self.square(square)).into()),
                ("pieces", capitalize(&self.or_list(&pieces)).into()),
            ],
        )
    }

    pub fn which_piece(&self, square: Square, roles: &[Role]) -> String {
        let names: Vec<String> = roles.iter().map(|r| self.piece(*r)).collect();
        self.msg_with(
            "which-piece",
            &[
                ("square", self.square(square).into()),
                ("pieces", self.or_list(&names).into()),
            ],
        )
    }

    pub fn not_possible(&self, heard: &str) -> String {
        self.msg_with("not-possible", &[("heard", heard.into())])
    }

    pub fn not_possible_because(&self, heard: &str, reason: &str) -> String {
        self.msg_with(
            "not-possible-because",
            &[("heard", heard.into()), ("reason", reason.into())],
        )
    }

    pub fn not_understood(&self, heard: &str) -> String {
        if heard.trim().is_empty() {
            return self.msg("not-understood");
        }
        self.msg_with("not-understood-heard", &[("heard", heard.into())])
    }

    pub fn answer_not_fitting(&self, heard: &str, question: &str) -> String {
        self.msg_with(
            "answer-not-fitting",
            &[("heard", heard.into()), ("question", question.into())],
        )
    }

    /// A refusal that says first what was heard (or entered): "eva vier: Der Gegner ist am
    /// Zug."
    pub fn heard_but(&self, heard: &str, sentence: &str) -> String {
        if heard.trim().is_empty() {
            sentence.to_string()
        } else {
            self.msg_with(
                "heard-but",
                &[
                    ("heard", heard.trim().into()),
                    ("sentence", sentence.into()),
                ],
            )
        }
    }

    pub fn not_your_turn(&self, heard: &str) -> String {
        self.heard_but(heard, &self.msg("not-your-turn"))
    }

    pub fn nothing_said_yet(&self) -> String {
        self.msg("nothing-said-yet")
    }

    pub fn nothing_to_confirm(&self) -> String {
        self.msg("nothing-to-confirm")
    }

    /// A command the recognizer was unsure of, asked back before it is carried out: "Meinten
    /// Sie Zeit? Ja oder nein."
    pub fn command_question(&self, command: &str) -> String {
        self.msg_with("command-question", &[("command", command.into())])
    }

    pub fn cancelled(&self) -> String {
        self.msg("cancelled")
    }
}
