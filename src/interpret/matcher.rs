//! The forms of SPOKEN-MOVES.md §2 and how each is matched against the legal moves of a
//! position: from a sequence of word meanings to a [`Reading`].
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, Move, Piece, Position, Rank, Role, Square, attacks,
};

use super::forms::{Core, FORMS};
use super::legal::{Candidate, Legal};
use super::{IllegalReason, Missing, Reading};
use crate::vocab::{CastleSide, Command, Meaning};

/// What the words of an utterance say, before the position is looked at.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Utterance {
    /// A move in one of the forms of §2.
    Move(Pattern),
    /// Castling; `None` when the side was not said ("Rochade").
    Castle(Option<CastleSide>),
    /// A command.
    Command(Command),
    /// Words that form nothing.
    Nothing,
}

/// A spoken move: what was said of the piece, the origin, the destination and the promotion.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Pattern {
    /// The piece word said first, if any ("Bauer" included).
    pub piece: Option<Role>,
    pub from_file: Option<File>,
    pub from_rank: Option<Rank>,
    pub to: Option<Square>,
    /// The promotion piece said after the destination.
    pub promotion: Option<Role>,
}

impl Pattern {
    fn has_origin_square(&self) -> bool {
        self.from_file.is_some() && self.from_rank.is_some()
    }

    fn destination_only(&self) -> bool {
        self.from_file.is_none() && self.from_rank.is_none()
    }
}

/// Turns word meanings into what they say. Information words (capture, check, mate, en passant)
/// and fillers never change it.
pub(crate) fn parse(meanings: &[Meaning]) -> Utterance {
    let mut core: Vec<Meaning> = Vec::with_capacity(meanings.len());
    let mut commands: Vec<Command> = Vec::new();
    let mut castle: Option<Option<CastleSide>> = None;
    let mut castle_count = 0;
    let mut information = 0;
    // Of the information words, those a request's sentence may hold too: "auf" of "wie viel
    // habe ich noch auf der Uhr", "mal" of "sag mir mal die Zeit", "to" of "read it to me".
    let mut linking = 0;
    let mut requests = 0;
    let mut asking = 0;
    let mut reading = 0;
    // An information word right after a file: the rank may not follow it ("David nimmt
    // drei", "Eva wird vier"), for a square is said as one unit.
    let mut after_file = false;
    for &m in meanings {
        match m {
            Meaning::Filler => {}
            Meaning::Request => requests += 1,
            Meaning::Asking => asking += 1,
            Meaning::Reading => reading += 1,
            Meaning::Capture
            | Meaning::From
            | Meaning::To
            | Meaning::Check
            | Meaning::Mate
            | Meaning::EnPassant
            | Meaning::Promotion => {
                information += 1;
                if matches!(m, Meaning::Capture | Meaning::From | Meaning::To) {
                    linking += 1;
                }
                after_file = matches!(core.last(), Some(Meaning::File(_)));
            }
            Meaning::Command(c) => commands.push(c),
            Meaning::Castle(side) => {
                castle_count += 1;
                castle = Some(match castle {
                    Some(Some(prev)) if prev != side => return Utterance::Nothing,
                    _ => Some(side),
                });
            }
            Meaning::CastleAny => {
                castle_count += 1;
                if castle.is_none() {
                    castle = Some(None);
                }
            }
            other => {
                if after_file && matches!(other, Meaning::Rank(_)) {
                    return Utterance::Nothing;
                }
                after_file = false;
                core.push(other);
            }
        }
    }

    if (requests > 0 || asking > 0 || reading > 0) && commands.is_empty() {
        // "ich", "my", "zeig": words of a request, not of a move.
        return Utterance::Nothing;
    }
    if let Some(side) = castle {
        // "König Rochade" is still castling; anything else beside castling words is not.
        let only_king = core.iter().all(|m| *m == Meaning::Piece(Role::King));
        if only_king && castle_count <= 2 && commands.is_empty() {
            return Utterance::Castle(side);
        }
        return Utterance::Nothing;
    }

    // A command is its words alone (fillers and request words aside): one command, perhaps
    // said twice. Only a command that decides nothing may stand among asking words ("können
    // Sie", "zeig") or in a sentence that links its words as moves do ("auf der Uhr"): "ja
    // gerne, nach der Partie" is said to the opponent. A verb of reading aloud asks for what
    // can be read aloud: "alle Züge vorlesen" is the scoresheet, not the move count.
    if let Some(first) = one_command(&commands) {
        let asked_for = requests > 0 || asking > 0;
        let linked = information == 0 || (asked_for && information == linking && !first.decides());
        let asked = asking == 0 || !first.decides();
        let read = reading == 0 || first.reads_aloud();
        if core.is_empty() && linked && asked && read {
            return Utterance::Command(first);
        }
        return Utterance::Nothing;
    }
    if !commands.is_empty() {
        return Utterance::Nothing;
    }
    match parse_move(&core) {
        Some(p) => Utterance::Move(p),
        None => Utterance::Nothing,
    }
}

/// The one command that the command words of an utterance name: one command, perhaps said
/// twice, or a word of repeating beside something read aloud, which asks for that again ("den
/// letzten Zug nochmal", "say the time again"). Two commands are none.
fn one_command(commands: &[Command]) -> Option<Command> {
    let mut named = commands.iter().copied().filter(|&c| c != Command::Repeat);
    let Some(first) = named.next() else {
        return commands.first().copied();
    };
    let repeated = commands.contains(&Command::Repeat);
    (named.all(|c| c == first) && (!repeated || first.reads_aloud())).then_some(first)
}

fn parse_move(core: &[Meaning]) -> Option<Pattern> {
    let mut rest = core;
    let mut pattern = Pattern::default();
    if let Some((Meaning::Piece(role), tail)) = rest.split_first() {
        pattern.piece = Some(*role);
        rest = tail;
    }
    if let Some((Meaning::Piece(role), head)) = rest.split_last()
        && !head.is_empty()
    {
        pattern.promotion = Some(*role);
        rest = head;
    }
    // The origin and destination: the core of one of the forms of §2.
    for form in FORMS {
        if let Some(found) = match_core(form.core(), rest, &pattern) {
            return Some(found);
        }
    }
    None
}

/// The pattern with the origin and destination of a form's core filled in, if the meanings
/// are that core.
fn match_core(
    core: impl Iterator<Item = Core>,
    meanings: &[Meaning],
    base: &Pattern,
) -> Option<Pattern> {
    let file = |m: Option<&Meaning>| match m {
        Some(Meaning::File(f)) => Some(File::new(u32::from(*f))),
        _ => None,
    };
    let rank = |m: Option<&Meaning>| match m {
        Some(Meaning::Rank(r)) => Some(Rank::new(u32::from(*r))),
        _ => None,
    };
    // A form's core has at most two parts (origin, destination): no allocation per call.
    let mut parts = [Core::Square; 2];
    let mut count = 0;
    for part in core {
        *parts.get_mut(count)? = part;
        count += 1;
    }
    let parts = &parts[..count];
    let mut pattern = base.clone();
    let mut i = 0;
    for (k, part) in parts.iter().enumerate() {
        let last = k + 1 == parts.len();
        match part {
            Core::Square => {
                let sq = Square::from_coords(file(meanings.get(i))?, rank(meanings.get(i + 1))?);
                i += 2;
                if last {
                    pattern.to = Some(sq);
                } else {
                    pattern.from_file = Some(sq.file());
                    pattern.from_rank = Some(sq.rank());
                }
            }
            Core::File => {
                pattern.from_file = Some(file(meanings.get(i))?);
                i += 1;
            }
            Core::Rank => {
                pattern.from_rank = Some(rank(meanings.get(i))?);
                i += 1;
            }
        }
    }
    (i == meanings.len()).then_some(pattern)
}

/// Matches what was said against the legal moves.
pub(crate) fn reading(legal: &Legal<'_>, utterance: &Utterance) -> Reading {
    match utterance {
        Utterance::Nothing => Reading::NotUnderstood,
        Utterance::Command(c) => Reading::Command(*c),
        Utterance::Castle(side) => castle_reading(legal, *side),
        Utterance::Move(p) => move_reading(legal, p),
    }
}

fn castle_reading(legal: &Legal<'_>, side: Option<CastleSide>) -> Reading {
    if legal.game_over {
        return Reading::Illegal(IllegalReason::GameOver);
    }
    let found: Vec<Move> = legal
        .moves
        .iter()
        .filter(|c| c.castle.is_some() && (side.is_none() || c.castle == side))
        .map(|c| c.mv)
        .collect();
    match found.len() {
        1 => Reading::Move(found[0]),
        0 => Reading::Illegal(castle_refusal(legal.pos, side)),
        _ => Reading::Ambiguous(found),
    }
}

/// Why castling is not possible, for the training-mode explanation.
fn castle_refusal(pos: &Chess, side: Option<CastleSide>) -> IllegalReason {
    let us = pos.turn();
    let sides: Vec<CastleSide> = match side {
        Some(s) => vec![s],
        None => vec![CastleSide::Short, CastleSide::Long],
    };
    let mut reason = IllegalReason::CastlingNoRight { side };
    for s in sides {
        let cs = match s {
            CastleSide::Short => CastlingSide::KingSide,
            CastleSide::Long => CastlingSide::QueenSide,
        };
        if !pos.castles().has(us, cs) {
            continue;
        }
        if pos.is_check() {
            return IllegalReason::CastlingInCheck { side: Some(s) };
        }
        let path = pos.castles().path(us, cs);
        if (path & pos.board().occupied()).any() {
            reason = IllegalReason::CastlingBlocked { side: Some(s) };
            continue;
        }
        return IllegalReason::CastlingThroughCheck { side: Some(s) };
    }
    reason
}

fn fits(c: &Candidate, p: &Pattern, role: Option<Role>) -> bool {
    Some(c.to) == p.to
        && c.by_square()
        && role.is_none_or(|r| c.role == r)
        && p.from_file.is_none_or(|f| c.from.file() == f)
        && p.from_rank.is_none_or(|r| c.from.rank() == r)
        && p.promotion.is_none_or(|r| c.promotion == Some(r))
}

fn move_reading(legal: &Legal<'_>, p: &Pattern) -> Reading {
    let Some(to) = p.to else {
        return Reading::NotUnderstood;
    };
    if legal.game_over {
        return Reading::Illegal(IllegalReason::GameOver);
    }
    if matches!(p.promotion, Some(Role::King | Role::Pawn)) {
        return Reading::Illegal(IllegalReason::BadPromotionPiece {
            role: p.promotion.unwrap_or(Role::Pawn),
        });
    }
    // The origin square names the piece; without it and without a piece word, a pawn.
    let role = match (p.piece, p.has_origin_square()) {
        (Some(r), _) => Some(r),
        (None, true) => None,
        (None, false) => Some(Role::Pawn),
    };
    let found: Vec<&Candidate> = legal.moves.iter().filter(|c| fits(c, p, role)).collect();
    if !found.is_empty() {
        return decide(&found, p);
    }

    // Nothing fits. Destination only and no piece word: if no pawn could go there at all but a
    // piece legally can, ask for the piece.
    if p.piece.is_none() && p.destination_only() && p.promotion.is_none() {
        let pawn_could = could_reach(legal.pos, Role::Pawn, None, to);
        if pawn_could.is_empty() {
            let pieces: Vec<Move> = legal
                .moves
                .iter()
                // Castling included: "König Gustav eins" is castling (§2), so the king's
                // castling move is a piece move to that square like any other.
                .filter(|c| c.to == to && c.role != Role::Pawn && c.by_square())
                .map(|c| c.mv)
                .collect();
            if !pieces.is_empty() {
                return Reading::Incomplete {
                    missing: Missing::Piece,
                    candidates: pieces,
                };
            }
        }
    }
    Reading::Illegal(explain(legal, p, role, to))
}

fn decide(found: &[&Candidate], p: &Pattern) -> Reading {
    let first = found[0];
    if found.len() == 1 {
        return Reading::Move(first.mv);
    }
    let one_pawn_promoting = p.promotion.is_none()
        && found
            .iter()
            .all(|c| c.from == first.from && c.to == first.to && c.promotion.is_some());
    let moves: Vec<Move> = found.iter().map(|c| c.mv).collect();
    if one_pawn_promoting {
        Reading::Incomplete {
            missing: Missing::Promotion,
            candidates: moves,
        }
    } else {
        Reading::Ambiguous(moves)
    }
}

/// The squares from which a piece of this role (of the side to move) could move to `to` if
/// pins and checks did not matter: pseudo-legal origins.
fn could_reach(pos: &Chess, role: Role, from: Option<Square>, to: Square) -> Vec<Square> {
    let us = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    let ours = board.by_color(us);
    if ours.contains(to) {
        return Vec::new();
    }
    let mut origins = board.by_piece(Piece { color: us, role });
    if let Some(f) = from {
        origins &= Bitboard::from_square(f);
    }
    let mut out = Vec::new();
    for sq in origins {
        let ok = match role {
            Role::Pawn => pawn_could(pos, sq, to),
            _ => attacks::attacks(sq, Piece { color: us, role }, occupied).contains(to),
        };
        if ok {
            out.push(sq);
        }
    }
    out
}

fn pawn_could(pos: &Chess, from: Square, to: Square) -> bool {
    let us = pos.turn();
    let board = pos.board();
    let theirs = board.by_color(!us);
    if attacks::pawn_attacks(us, from).contains(to) {
        return theirs.contains(to) || pos.maybe_ep_square() == Some(to);
    }
    pawn_push_path(us, from, to).is_some_and(|path| !(path & board.occupied()).any())
}

/// The squares a pawn push from `from` to `to` passes over and lands on, if it is a push.
fn pawn_push_path(us: Color, from: Square, to: Square) -> Option<Bitboard> {
    if from.file() != to.file() {
        return None;
    }
    let (f, t) = (from.rank() as i32, to.rank() as i32);
    let dir = if us == Color::White { 1 } else { -1 };
    let start = if us == Color::White { 1 } else { 6 };
    if t - f == dir {
        Some(Bitboard::from_square(to))
    } else if t - f == 2 * dir && f == start {
        let mid = Square::from_coords(from.file(), Rank::new((f + dir) as u32));
        Some(Bitboard::from_square(to) | Bitboard::from_square(mid))
    } else {
        None
    }
}

/// Why no legal move fits, for the training-mode explanation.
fn explain(legal: &Legal<'_>, p: &Pattern, role: Option<Role>, to: Square) -> IllegalReason {
    let pos = legal.pos;
    let us = pos.turn();
    let board = pos.board();
    if let (Some(f), Some(r)) = (p.from_file, p.from_rank) {
        let from = Square::from_coords(f, r);
        match board.piece_at(from) {
            None => {
                return IllegalReason::NoPieceOn {
                    square: from,
                    role: p.piece,
                };
            }
            Some(piece) if piece.color != us => {
                return IllegalReason::OpponentPieceOn {
                    square: from,
                    role: piece.role,
                };
            }
            Some(piece) if role.is_some_and(|r| r != piece.role) => {
                return IllegalReason::OtherPieceOn {
                    square: from,
                    named: role.unwrap_or(piece.role),
                    there: piece.role,
                };
            }
            Some(piece) => {
                return refusal_for(pos, piece.role, &[from], to, p);
            }
        }
    }
    let role = role.unwrap_or(Role::Pawn);
    let mut origins = could_reach(pos, role, None, to);
    origins.retain(|sq| {
        p.from_file.is_none_or(|f| sq.file() == f) && p.from_rank.is_none_or(|r| sq.rank() == r)
    });
    if origins.is_empty() {
        if role == Role::Pawn
            && let Some(from) = blocked_pawn(pos, p, to)
        {
            return IllegalReason::PawnBlocked { from, to };
        }
        if board.by_piece(Piece { color: us, role }).is_empty() {
            return IllegalReason::NoSuchPiece { role };
        }
        return IllegalReason::CannotReach { role, to };
    }
    refusal_for(pos, role, &origins, to, p)
}

/// The reason for a piece that could reach the square but may not go there.
fn refusal_for(
    pos: &Chess,
    role: Role,
    origins: &[Square],
    to: Square,
    p: &Pattern,
) -> IllegalReason {
    let reachable: Vec<Square> = origins
        .iter()
        .copied()
        .filter(|&from| {
            if role == Role::Pawn {
                pawn_could(pos, from, to)
            } else {
                attacks::attacks(
                    from,
                    Piece {
                        color: pos.turn(),
                        role,
                    },
                    pos.board().occupied(),
                )
                .contains(to)
                    && !pos.board().by_color(pos.turn()).contains(to)
            }
        })
        .collect();
    let Some(&from) = reachable.first() else {
        if role == Role::Pawn
            && let Some(from) = blocked_pawn(pos, p, to)
        {
            return IllegalReason::PawnBlocked { from, to };
        }
        return IllegalReason::CannotReachFrom {
            role,
            from: origins.first().copied().unwrap_or(to),
            to,
        };
    };
    if p.promotion.is_some() && !promotion_rank(pos.turn(), to) {
        return IllegalReason::NotAPromotion { to };
    }
    if p.promotion.is_none() && role == Role::Pawn && promotion_rank(pos.turn(), to) {
        // Only reached when the pawn move is illegal for another reason below.
    }
    if role == Role::King {
        return IllegalReason::KingWouldBeInCheck { to };
    }
    if pos.is_check() {
        return IllegalReason::KingInCheck { role, from, to };
    }
    IllegalReason::Pinned { role, from, to }
}

fn promotion_rank(us: Color, to: Square) -> bool {
    to.rank()
        == if us == Color::White {
            Rank::Eighth
        } else {
            Rank::First
        }
}

/// A pawn of ours on the named file (or the destination's file) whose push to `to` is blocked.
fn blocked_pawn(pos: &Chess, p: &Pattern, to: Square) -> Option<Square> {
    let us = pos.turn();
    let pawns = pos.board().by_piece(Piece {
        color: us,
        role: Role::Pawn,
    });
    pawns.into_iter().find(|&from| {
        p.from_file.is_none_or(|f| from.file() == f)
            && p.from_rank.is_none_or(|r| from.rank() == r)
            && pawn_push_path(us, from, to)
                .is_some_and(|path| (path & pos.board().occupied()).any())
    })
}
