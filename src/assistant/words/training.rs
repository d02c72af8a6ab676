//! Training mode's read-outs: the position, one square, one kind of piece; refused in
//! tournament mode.
use shakmaty::{Chess, Color, Position, Role, Square};

use super::{Words, role_key};
use crate::catalog::capitalize;

impl Words {
    pub fn not_in_tournament(&self) -> String {
        self.msg("not-in-tournament")
    }

    /// The position read aloud (training mode only): each side's pieces, king first.
    pub fn position(&self, pos: &Chess, player: Color) -> String {
        let board = pos.board();
        let side_text = |color: Color| -> String {
            let mut parts = Vec::new();
            for role in [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ] {
                let squares: Vec<String> = board
                    .by_piece(shakmaty::Piece { color, role })
                    .into_iter()
                    .map(|sq| self.square(sq))
                    .collect();
                if !squares.is_empty() {
                    parts.push(format!("{} {}", self.piece(role), squares.join(", ")));
                }
            }
            parts.join("; ")
        };
        let (own, opp) = (side_text(player), side_text(!player));
        let turn = if pos.turn() == player {
            self.msg("your-move")
        } else {
            self.msg("not-your-turn")
        };
        self.msg_with(
            "position",
            &[
                ("own", own.into()),
                ("opponent", opp.into()),
                ("turn", turn.into()),
            ],
        )
    }

    /// A kind of piece in the plural: "Springer", "Damen", "Türme"; "knights".
    fn pieces(&self, role: Role) -> String {
        self.msg_with(
            "pieces",
            &[
                ("role", role_key(role).into()),
                ("name", self.piece(role).into()),
            ],
        )
    }

    /// Training mode, "Stellung Eva vier": what stands on the square, the player's or the
    /// opponent's. "Eva vier: Ihr Bauer." / "Echo four: your opponent's queen." / "… leer."
    pub fn square_query(
        &self,
        square: Square,
        piece: Option<shakmaty::Piece>,
        player: Color,
    ) -> String {
        let on = capitalize(&self.square(square));
        match piece {
            None => self.msg_with("square-empty", &[("square", on.into())]),
            Some(p) if p.color == player => self.msg_with(
                "square-own",
                &[
                    ("square", on.into()),
                    ("role", role_key(p.role).into()),
                    ("piece", self.piece(p.role).into()),
                ],
            ),
            Some(p) => self.msg_with(
                "square-opponent",
                &[("square", on.into()), ("piece", self.piece(p.role).into())],
            ),
        }
    }

    /// Training mode, "Stellung Springer": where that kind of piece stands, the player's first.
    pub fn piece_query(&self, pos: &Chess, role: Role, player: Color) -> String {
        let squares = |color: Color| -> String {
            let list: Vec<String> = pos
                .board()
                .by_piece(shakmaty::Piece { color, role })
                .into_iter()
                .map(|sq| self.square(sq))
                .collect();
            if list.is_empty() {
                self.msg("pieces-none")
            } else {
                list.join(", ")
            }
        };
        self.msg_with(
            "piece-query",
            &[
                ("own", squares(player).into()),
                ("theirs", squares(!player).into()),
                ("pieces", self.pieces(role).into()),
            ],
        )
    }
}
