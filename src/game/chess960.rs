//! Chess960 start positions (FIDE Laws, Guidelines II / Appendix F "Chess960", rule 2): the
//! 960 arrangements by their standard number (0–959, 518 being the usual start position), and
//! the check of a position entered by hand (chosen with dice, coins or cards): White's pawns on
//! the second rank, the other white pieces on the first so that the king stands between the
//! rooks and the bishops are on squares of opposite colours, and Black mirroring White.
//!
//! Each way a position can fail is its own [`Chess960Error`], so that what is wrong can be said
//! in the game's language.
//!
//! ```
//! use rochade::game::chess960::{start_fen, check_start, number_of};
//! assert_eq!(start_fen(518).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! assert_eq!(start_fen(0).unwrap(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
//! let pos = check_start("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1").unwrap();
//! assert_eq!(number_of(&pos), Some(0));
//! assert!(check_start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1").is_err());
//! ```
use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, File, Piece, Position, Rank, Role, Square,
};

/// How many Chess960 start positions there are.
pub const POSITIONS: u16 = 960;

/// Why a number or a position is no Chess960 start position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Chess960Error {
    #[error("{number} is not a Chess960 start position: they are numbered 0 to 959")]
    NumberOutOfRange { number: u32 },
    #[error("the position is not readable FEN")]
    Unreadable,
    #[error(
        "a Chess960 start position has White's eight pawns on the second rank and Black's on the seventh, and no other piece off the first and eighth ranks"
    )]
    Pawns,
    #[error(
        "White's first rank must hold one king, one queen, two rooks, two bishops and two knights"
    )]
    Pieces,
    #[error("the king must stand between the two rooks")]
    KingNotBetweenRooks,
    #[error("the bishops must stand on squares of opposite colours")]
    BishopsOnOneColour,
    #[error("Black's pieces must mirror White's")]
    BlackNotMirrored,
    #[error("a Chess960 game starts with White to move and every castling right")]
    NotAtStart,
    #[error("the position given is not Chess960 start position {number}")]
    NotNumbered { number: u32 },
}

/// The white pieces of the first rank, files a to h, of start position `number` (Scharnagl's
/// numbering: the light-squared bishop, the dark-squared bishop, the queen, the knights, then
/// rook, king, rook on the squares left).
pub fn back_rank(number: u16) -> Result<[Role; 8], Chess960Error> {
    if number >= POSITIONS {
        return Err(Chess960Error::NumberOutOfRange {
            number: u32::from(number),
        });
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = usize::from(number);
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let place_on_free = |rank: &mut [Option<Role>; 8], index: usize, role: Role| {
        if let Some(file) = (0..8).filter(|&f| rank[f].is_none()).nth(index) {
            rank[file] = Some(role);
        }
    };
    place_on_free(&mut rank, n % 6, Role::Queen);
    n /= 6;
    // The two knights on the five free squares: the ten pairs in order.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n % 10];
    // The second knight's index counts the free squares before the first is taken.
    place_on_free(&mut rank, second, Role::Knight);
    place_on_free(&mut rank, first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_on_free(&mut rank, 0, role);
    }
    Ok(rank.map(|r| r.unwrap_or(Role::Pawn)))
}

/// The FEN of start position `number`, castling rights written as X-FEN does (`KQkq`).
pub fn start_fen(number: u16) -> Result<String, Chess960Error> {
    let rank = back_rank(number)?;
    let white: String = rank.iter().map(|r| r.of(Color::White).char()).collect();
    let black = white.to_ascii_lowercase();
    Ok(format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
    ))
}

/// The start position `number` as a Chess960 position.
pub fn start_position(number: u16) -> Result<Chess, Chess960Error> {
    check_start(&start_fen(number)?)
}

/// Reads a position entered by hand and checks that it is a Chess960 start position; the
/// position, in Chess960 castling mode, when it is.
pub fn check_start(fen: &str) -> Result<Chess, Chess960Error> {
    let parsed: Fen = fen.trim().parse().map_err(|_| Chess960Error::Unreadable)?;
    let setup = parsed.as_setup();
    check_board(&setup.board)?;
    let pos: Chess = parsed
        .clone()
        .into_position(CastlingMode::Chess960)
        .map_err(|_| Chess960Error::NotAtStart)?;
    let rooks = pos.board().rooks() & (Bitboard::from(Rank::First) | Bitboard::from(Rank::Eighth));
    if pos.turn() != Color::White || pos.castles().castling_rights() != rooks {
        return Err(Chess960Error::NotAtStart);
    }
    Ok(pos)
}

/// The pieces of a board checked against rule 2, the most basic fault first.
pub fn check_board(board: &Board) -> Result<(), Chess960Error> {
    let white_pawns = board.by_piece(Color::White.pawn());
    let black_pawns = board.by_piece(Color::Black.pawn());
    let first = board.occupied() & Rank::First;
    let eighth = board.occupied() & Rank::Eighth;
    let elsewhere =
        board.occupied() & !(Bitboard::from(Rank::First) | Bitboard::from(Rank::Eighth));
    if white_pawns != Bitboard::from(Rank::Second)
        || black_pawns != Bitboard::from(Rank::Seventh)
        || elsewhere != white_pawns | black_pawns
    {
        return Err(Chess960Error::Pawns);
    }
    let roles: Vec<Option<Piece>> = File::ALL
        .iter()
        .map(|&f| board.piece_at(Square::from_coords(f, Rank::First)))
        .collect();
    let count = |role: Role| {
        roles
            .iter()
            .filter(|p| **p == Some(role.of(Color::White)))
            .count()
    };
    if first.count() != 8
        || count(Role::King) != 1
        || count(Role::Queen) != 1
        || count(Role::Rook) != 2
        || count(Role::Bishop) != 2
        || count(Role::Knight) != 2
    {
        return Err(Chess960Error::Pieces);
    }
    let files_of = |role: Role| -> Vec<usize> {
        (0..8)
            .filter(|&f| roles[f] == Some(role.of(Color::White)))
            .collect()
    };
    let (king, rooks, bishops) = (
        files_of(Role::King)[0],
        files_of(Role::Rook),
        files_of(Role::Bishop),
    );
    if !(rooks[0] < king && king < rooks[1]) {
        return Err(Chess960Error::KingNotBetweenRooks);
    }
    if bishops[0] % 2 == bishops[1] % 2 {
        return Err(Chess960Error::BishopsOnOneColour);
    }
    let mirrored = File::ALL.iter().all(|&f| {
        let white = board.piece_at(Square::from_coords(f, Rank::First));
        let black = board.piece_at(Square::from_coords(f, Rank::Eighth));
        white.map(|p| p.role.of(Color::Black)) == black
    });
    if !mirrored || eighth.count() != 8 {
        return Err(Chess960Error::BlackNotMirrored);
    }
    Ok(())
}

/// The number of a Chess960 start position, `None` for a position that is none.
pub fn number_of(pos: &Chess) -> Option<u16> {
    let board = pos.board();
    check_board(board).ok()?;
    let rank: Vec<Option<Role>> = File::ALL
        .iter()
        .map(|&f| board.role_at(Square::from_coords(f, Rank::First)))
        .collect();
    (0..POSITIONS)
        .find(|&n| back_rank(n).is_ok_and(|r| r.iter().map(|&x| Some(x)).eq(rank.iter().copied())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rule 2 read as a test over all 8! arrangements of the eight pieces: exactly those with
    /// the king between the rooks and the bishops on opposite colours are accepted, and they
    /// are exactly the 960 numbered positions, each once.
    #[test]
    fn the_960_positions_and_no_other() {
        let mut numbered: Vec<[Role; 8]> = (0..POSITIONS)
            .map(|n| back_rank(n).expect("a number below 960"))
            .collect();
        numbered.sort_by_key(|r| format!("{r:?}"));
        numbered.dedup();
        assert_eq!(numbered.len(), 960);
        assert_eq!(
            back_rank(960),
            Err(Chess960Error::NumberOutOfRange { number: 960 })
        );
        let pieces = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Rook,
            Role::Bishop,
            Role::Bishop,
            Role::Knight,
            Role::Knight,
        ];
        let mut accepted = std::collections::BTreeSet::new();
        let mut order: Vec<usize> = (0..8).collect();
        // Heap's algorithm over the eight squares.
        let mut c = [0usize; 8];
        let mut visit = |order: &[usize]| {
            let mut rank = [Role::Pawn; 8];
            for (i, &sq) in order.iter().enumerate() {
                rank[sq] = pieces[i];
            }
            let white: String = rank.iter().map(|r| r.of(Color::White).char()).collect();
            let fen = format!(
                "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
                white.to_ascii_lowercase()
            );
            let king = rank.iter().position(|&r| r == Role::King).unwrap_or(0);
            let rooks: Vec<usize> = (0..8).filter(|&f| rank[f] == Role::Rook).collect();
            let bishops: Vec<usize> = (0..8).filter(|&f| rank[f] == Role::Bishop).collect();
            let by_rule = rooks[0] < king && king < rooks[1] && bishops[0] % 2 != bishops[1] % 2;
            let checked = check_start(&fen);
            assert_eq!(checked.is_ok(), by_rule, "{fen}: {checked:?}");
            if by_rule {
                assert!(
                    numbered
                        .binary_search_by_key(&format!("{rank:?}"), |r| format!("{r:?}"))
                        .is_ok(),
                    "{fen}"
                );
                accepted.insert(white);
            }
        };
        visit(&order);
        let mut i = 0;
        while i < 8 {
            if c[i] < i {
                if i % 2 == 0 {
                    order.swap(0, i);
                } else {
                    order.swap(c[i], i);
                }
                visit(&order);
                c[i] += 1;
                i = 0;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        assert_eq!(accepted.len(), 960);
    }

    #[test]
    fn each_fault_is_named() {
        let bad = [
            // king outside the rooks
            (
                "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/KRRBBNNQ w - - 0 1",
                Chess960Error::KingNotBetweenRooks,
            ),
            // bishops on b1 and d1, both light
            (
                "rbkbrnnq/pppppppp/8/8/8/8/PPPPPPPP/RBKBRNNQ w KQkq - 0 1",
                Chess960Error::BishopsOnOneColour,
            ),
            // Black not mirrored
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1",
                Chess960Error::BlackNotMirrored,
            ),
            // a pawn on e4
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
                Chess960Error::Pawns,
            ),
            // three knights
            (
                "rnbqknnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNNR w KQkq - 0 1",
                Chess960Error::Pieces,
            ),
            // Black to move
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
                Chess960Error::NotAtStart,
            ),
            // a castling right missing
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1",
                Chess960Error::NotAtStart,
            ),
            ("not a fen", Chess960Error::Unreadable),
        ];
        for (fen, fault) in bad {
            assert_eq!(check_start(fen).err(), Some(fault), "{fen}");
        }
        // Shredder-FEN castling letters are read as well as X-FEN's.
        assert!(check_start("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1").is_ok());
    }
}
