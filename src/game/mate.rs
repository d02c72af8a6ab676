//! Could a side still checkmate? The question behind the flag-fall rule (a player whose
//! flag falls loses "unless the opponent cannot checkmate by any possible series of legal
//! moves": he 6.9, fa 6.10), the second illegal move (he 7.5.5) and the dead position
//! (5.2.2: neither side can checkmate).
//!
//! Three tools, cheapest first, each of them sound:
//!
//! 1. **Material.** shakmaty's `has_insufficient_material(side)` answers `true` only when
//!    no position with the same material (bishops by square colour) allows a mate, so it is
//!    a safe "No" (K+N v K, K+B v K, K+B v K+B on one colour). It says nothing when it
//!    answers `false`.
//! 2. **Helpmate search.** Both sides' moves, the opponent cooperating: first a
//!    full-width iterative-deepening search up to four half-moves (it finds the shortest
//!    short mates, with a transposition table on the Zobrist hash), then a greedy
//!    best-first search that always expands the position rated nearest to a mate (the
//!    losing king's free flight squares, check, its distance from the edge, the winner's
//!    pieces' distance from it, the winner's material), up to a node budget. A mate either
//!    finds is a real sequence of legal moves, returned as the line: a safe "Yes".
//! 3. **Exhaustive reach.** Every position reachable from here, visited once (compared
//!    exactly, not by hash), up to a budget. If the whole reachable set is visited and no
//!    mate by `side` is in it, the answer is a proven "No": a blocked pawn fortress with
//!    only kings free is settled this way.
//!
//! When the budget runs out first the answer is [`MateAbility::Unknown`]. The assistant
//! treats `Unknown` like `Yes` — the flagged player loses — which is the usual arbiter
//! practice: a draw needs the impossibility of a mate to be evident.
//!
//! ```
//! use rochade::game::mate::{can_checkmate, MateAbility, SearchBudget};
//! use shakmaty::{fen::Fen, CastlingMode, Chess, Color};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // King and knight against king and pawn: a mate exists with the pawn's "help".
//! let pos: Chess = "8/8/8/8/8/p7/8/k2KN3 b - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
//! let search = can_checkmate(&pos, Color::White, &SearchBudget::default());
//! assert_eq!(search.ability, MateAbility::Yes);
//! // King and knight against a bare king: never.
//! let pos: Chess = "8/8/8/4k3/8/5N2/8/2K5 b - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
//! assert_eq!(can_checkmate(&pos, Color::White, &SearchBudget::default()).ability, MateAbility::No);
//! # Ok(()) }
//! ```
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::{FxHashMap, FxHashSet};

use serde::{Deserialize, Serialize};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Move, Position, Role, Square, attacks};

use super::PositionKey;

/// Whether a side can still checkmate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MateAbility {
    /// A mating sequence of legal moves exists (one was found).
    Yes,
    /// No series of legal moves leads to a mate by this side (proven).
    No,
    /// The search ran out of budget; treat as "can mate" (see the module documentation).
    Unknown,
}

/// How much work the search may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchBudget {
    /// Positions the exhaustive reach may visit before giving up.
    pub reach_positions: usize,
    /// Positions the helpmate search may generate before giving up.
    pub helpmate_nodes: u64,
    /// The longest helpmate tried, in half-moves.
    pub max_plies: u32,
}

impl Default for SearchBudget {
    /// Roughly half a second at most in a release build (about 1.8 million helpmate nodes
    /// per second, measured by `cargo bench --bench game_search`); the endgames a flag
    /// fall brings need far less.
    fn default() -> SearchBudget {
        SearchBudget {
            reach_positions: 100_000,
            helpmate_nodes: 1_000_000,
            max_plies: 60,
        }
    }
}

impl SearchBudget {
    /// A small budget for checks made after every move (the dead-position test).
    pub fn quick() -> SearchBudget {
        SearchBudget {
            reach_positions: 20_000,
            helpmate_nodes: 0,
            max_plies: 0,
        }
    }
}

/// How the answer was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MateProof {
    /// The opponent is checkmated on the board already.
    AlreadyMated,
    /// The material cannot mate in any position (shakmaty's static test).
    InsufficientMaterial,
    /// A helpmate was found; the line is in [`MateSearch::line`].
    HelpmateFound,
    /// Every reachable position was visited: a mate is among them (`Yes`) or not (`No`).
    AllReachablePositions { positions: usize },
    /// The budget ran out.
    BudgetExhausted,
}

/// The answer with its evidence and cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MateSearch {
    pub ability: MateAbility,
    pub proof: MateProof,
    /// The mating line from the given position, when the helpmate search found one.
    pub line: Vec<Move>,
    /// Positions generated by the helpmate search plus positions visited by the reach.
    pub nodes: u64,
}

/// Could `side` checkmate its opponent from `pos` by any series of legal moves (the
/// opponent cooperating)? See the module documentation for the method.
pub fn can_checkmate(pos: &Chess, side: Color, budget: &SearchBudget) -> MateSearch {
    let answer = |ability, proof, nodes| MateSearch {
        ability,
        proof,
        line: Vec::new(),
        nodes,
    };
    if pos.is_checkmate() {
        // The side to move is mated: the other side has mated.
        return if pos.turn() != side {
            answer(MateAbility::Yes, MateProof::AlreadyMated, 0)
        } else {
            answer(
                MateAbility::No,
                MateProof::AllReachablePositions { positions: 1 },
                0,
            )
        };
    }
    if pos.has_insufficient_material(side) {
        return answer(MateAbility::No, MateProof::InsufficientMaterial, 0);
    }
    let mut nodes = 0u64;
    let mut reached = false;
    // A locked pawn structure is the usual way a mate becomes impossible despite enough
    // material; the reach settles it quickly, so try it first there.
    if pawns_locked(pos) {
        reached = true;
        let (reach, visited) = explore(pos, Some(side), budget.reach_positions);
        nodes += visited as u64;
        match reach {
            Reach::MateFound => {
                return answer(
                    MateAbility::Yes,
                    MateProof::AllReachablePositions { positions: visited },
                    nodes,
                );
            }
            Reach::Closed => {
                return answer(
                    MateAbility::No,
                    MateProof::AllReachablePositions { positions: visited },
                    nodes,
                );
            }
            Reach::TooLarge => {}
        }
    }
    // Short mates by a full-width search (it finds the shortest), long ones best-first.
    let shallow_budget = budget.helpmate_nodes / 10;
    let mut helpmate = Helpmate::new(side, shallow_budget);
    let mut found = helpmate.run(pos, budget.max_plies.min(SHALLOW_PLIES));
    nodes += helpmate.nodes;
    if found.is_none() {
        let (line, generated) = BestFirst::run(
            pos,
            side,
            budget.helpmate_nodes.saturating_sub(helpmate.nodes),
            budget.max_plies,
        );
        nodes += generated;
        found = line;
    }
    if let Some(line) = found {
        return MateSearch {
            ability: MateAbility::Yes,
            proof: MateProof::HelpmateFound,
            line,
            nodes,
        };
    }
    if !reached {
        let (reach, visited) = explore(pos, Some(side), budget.reach_positions);
        nodes += visited as u64;
        match reach {
            Reach::MateFound => {
                return answer(
                    MateAbility::Yes,
                    MateProof::AllReachablePositions { positions: visited },
                    nodes,
                );
            }
            Reach::Closed => {
                return answer(
                    MateAbility::No,
                    MateProof::AllReachablePositions { positions: visited },
                    nodes,
                );
            }
            Reach::TooLarge => {}
        }
    }
    answer(MateAbility::Unknown, MateProof::BudgetExhausted, nodes)
}

/// Whether `pos` is a dead position (5.2.2): no series of legal moves leads to a mate by
/// either side. `true` only when proven — by material, or, when every pawn on the board is
/// stuck, by visiting every reachable position within [`SearchBudget::quick`]. A dead
/// position this cheap test cannot prove is reported as not dead; the arbiter can still
/// declare it.
pub fn is_dead_position(pos: &Chess) -> bool {
    if pos.is_insufficient_material() {
        return true;
    }
    if pos.is_checkmate() || !pawns_locked(pos) {
        return false;
    }
    matches!(
        explore(pos, None, SearchBudget::quick().reach_positions).0,
        Reach::Closed
    )
}

/// True when there are pawns and none of them can move or capture now: the cheap sign of a
/// possible fortress.
fn pawns_locked(pos: &Chess) -> bool {
    let board = pos.board();
    if board.pawns().is_empty() {
        return false;
    }
    if pos.ep_square(EnPassantMode::Legal).is_some() {
        return false;
    }
    let empty = !board.occupied();
    for color in Color::ALL {
        let pawns = board.pawns() & board.by_color(color);
        let forward = match color {
            Color::White => pawns.shift(8),
            Color::Black => pawns.shift(-8),
        };
        if (forward & empty).any() {
            return false;
        }
        let enemies = board.by_color(!color);
        if pawns
            .into_iter()
            .any(|sq| (attacks::pawn_attacks(color, sq) & enemies).any())
        {
            return false;
        }
    }
    true
}

enum Reach {
    /// A mate (by the side asked about, or by anyone) is reachable.
    MateFound,
    /// Every reachable position was visited; none is such a mate.
    Closed,
    /// More positions are reachable than the budget allows.
    TooLarge,
}

/// Visits every position reachable from `start` (each once, compared exactly) looking for a
/// checkmate given by `by` (`None`: by either side). Returns the verdict and the number of
/// positions visited.
fn explore(start: &Chess, by: Option<Color>, limit: usize) -> (Reach, usize) {
    // Fx, not the default SipHash: the keys are compared exactly anyway, and SipHash of a
    // whole board took half the time of every move in a locked-pawn position.
    let mut seen: FxHashSet<PositionKey> = FxHashSet::default();
    let mut stack = vec![start.clone()];
    seen.insert(PositionKey::of(start));
    while let Some(pos) = stack.pop() {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            if pos.is_check() && by.is_none_or(|winner| winner != pos.turn()) {
                return (Reach::MateFound, seen.len());
            }
            continue;
        }
        for m in moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            if seen.insert(PositionKey::of(&child)) {
                if seen.len() > limit {
                    return (Reach::TooLarge, seen.len());
                }
                stack.push(child);
            }
        }
    }
    (Reach::Closed, seen.len())
}

/// The depth, in half-moves, up to which the full-width search looks for a helpmate.
const SHALLOW_PLIES: u32 = 4;

enum Step {
    Found,
    NotFound,
    OutOfBudget,
}

/// Iterative-deepening helpmate search for `winner`.
struct Helpmate {
    winner: Color,
    nodes: u64,
    limit: u64,
    /// Zobrist hash → the most half-moves searched from there without finding a mate.
    /// A hash collision can only make the search miss a mate (an `Unknown`), never invent one.
    failed: FxHashMap<u64, u32>,
    /// The mating line, built backwards as the search unwinds.
    line: Vec<Move>,
}

/// The transposition table is cleared when it grows past this many entries.
const TABLE_LIMIT: usize = 4_000_000;

impl Helpmate {
    fn new(winner: Color, limit: u64) -> Helpmate {
        Helpmate {
            winner,
            nodes: 0,
            limit,
            failed: FxHashMap::default(),
            line: Vec::new(),
        }
    }

    fn run(&mut self, pos: &Chess, max_plies: u32) -> Option<Vec<Move>> {
        // The mating move is the winner's: odd depths when he moves first, even otherwise.
        let mut depth = if pos.turn() == self.winner { 1 } else { 2 };
        while depth <= max_plies {
            match self.search(pos, depth) {
                Step::Found => {
                    self.line.reverse();
                    return Some(std::mem::take(&mut self.line));
                }
                Step::OutOfBudget => return None,
                Step::NotFound => depth += 2,
            }
        }
        None
    }

    fn search(&mut self, pos: &Chess, depth: u32) -> Step {
        let winner_moves = pos.turn() == self.winner;
        if depth == 0 || (depth == 1 && !winner_moves) {
            return Step::NotFound;
        }
        let moves = pos.legal_moves();
        if depth == 1 {
            for m in moves {
                self.nodes += 1;
                let mut child = pos.clone();
                child.play_unchecked(m);
                if child.is_checkmate() {
                    self.line.push(m);
                    return Step::Found;
                }
            }
            return if self.nodes > self.limit {
                Step::OutOfBudget
            } else {
                Step::NotFound
            };
        }
        let mut children = Vec::with_capacity(moves.len());
        for m in moves {
            self.nodes += 1;
            if self.nodes > self.limit {
                return Step::OutOfBudget;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            if child.is_checkmate() {
                if winner_moves {
                    self.line.push(m);
                    return Step::Found;
                }
                continue; // the winner mated: a dead end
            }
            children.push((closeness(&child, self.winner), m, child));
        }
        children.sort_by_key(|(score, _, _)| *score);
        for (_, m, child) in children {
            let hash = child.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
            if self.failed.get(&hash).is_some_and(|&d| d >= depth - 1) {
                continue;
            }
            match self.search(&child, depth - 1) {
                Step::Found => {
                    self.line.push(m);
                    return Step::Found;
                }
                Step::OutOfBudget => return Step::OutOfBudget,
                Step::NotFound => {
                    if self.failed.len() >= TABLE_LIMIT {
                        self.failed.clear();
                    }
                    let entry = self.failed.entry(hash).or_insert(0);
                    *entry = (*entry).max(depth - 1);
                }
            }
        }
        Step::NotFound
    }
}

/// How far `pos` looks from a mate by `winner` (lower is closer): the losing king's free
/// flight squares weigh most, then whether it is in check, its distance from the edge,
/// and the winner's pieces' distance from it; losing winner material costs dearly. It only
/// orders the search, so it need not be exact.
fn closeness(pos: &Chess, winner: Color) -> i32 {
    let board = pos.board();
    let loser = !winner;
    let Some(lk) = board.king_of(loser) else {
        return 0;
    };
    let d = |a: Square, b: Square| a.distance(b) as i32;
    // The king itself does not shield the squares behind it from a slider.
    let occupied = board.occupied() & !Bitboard::from(lk);
    let mut flights = 0;
    for sq in attacks::king_attacks(lk) {
        let own = board.by_color(loser).contains(sq);
        if !own && board.attacks_to(sq, winner, occupied).is_empty() {
            flights += 1;
        }
    }
    let check = board.attacks_to(lk, winner, board.occupied()).any();
    let file = lk.file() as i32;
    let rank = lk.rank() as i32;
    let edge = file.min(7 - file).min(rank).min(7 - rank);
    let mut score = 8 * flights + if check { 0 } else { 4 } + 2 * edge;
    if let Some(wk) = board.king_of(winner) {
        score += (d(wk, lk) - 2).abs();
    }
    for sq in board.by_color(winner) & !board.kings() {
        let role = board.role_at(sq).unwrap_or(Role::Pawn);
        score -= 20 * value(role);
        score += match role {
            Role::Pawn => {
                let to_go = match winner {
                    Color::White => 7 - sq.rank() as i32,
                    Color::Black => sq.rank() as i32,
                };
                2 * to_go
            }
            _ => d(sq, lk),
        };
    }
    score
}

fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// One position of the best-first search: how it was reached (the position itself is
/// replayed from the root when needed, which keeps a node to a few bytes).
struct Node {
    parent: u32,
    mv: Move,
}

/// Greedy best-first helpmate search: always expands the reached position that
/// [`closeness`] rates nearest to a mate (ties: the shallower one). Finds long helpmates
/// that a full-width search could not reach; any mate it finds is real.
struct BestFirst {
    winner: Color,
    nodes: Vec<Node>,
    /// Zobrist hashes of the positions reached. A collision can only hide a mate.
    seen: FxHashSet<u64>,
    open: BinaryHeap<Reverse<(i32, u16, u32)>>,
    generated: u64,
    max_plies: u32,
}

const ROOT: u32 = u32::MAX;

impl BestFirst {
    fn run(root: &Chess, winner: Color, limit: u64, max_plies: u32) -> (Option<Vec<Move>>, u64) {
        let mut search = BestFirst {
            winner,
            nodes: Vec::new(),
            seen: FxHashSet::default(),
            open: BinaryHeap::new(),
            generated: 0,
            max_plies,
        };
        search
            .seen
            .insert(root.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0);
        let mut found = search.expand(ROOT, root.clone(), 0);
        while found.is_none() && search.generated <= limit {
            let Some(Reverse((_, plies, at))) = search.open.pop() else {
                break;
            };
            let mut pos = root.clone();
            for m in search.line_to(at) {
                pos.play_unchecked(m);
            }
            found = search.expand(at, pos, plies);
        }
        (found, search.generated)
    }

    fn line_to(&self, mut at: u32) -> Vec<Move> {
        let mut line = Vec::new();
        while let Some(node) = self.nodes.get(at as usize) {
            line.push(node.mv);
            at = node.parent;
        }
        line.reverse();
        line
    }

    fn expand(&mut self, at: u32, pos: Chess, plies: u16) -> Option<Vec<Move>> {
        for m in pos.legal_moves() {
            self.generated += 1;
            let mut child = pos.clone();
            child.play_unchecked(m);
            if !self
                .seen
                .insert(child.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0)
            {
                continue;
            }
            if child.is_checkmate() {
                if child.turn() != self.winner {
                    let mut line = self.line_to(at);
                    line.push(m);
                    return Some(line);
                }
                continue;
            }
            if u32::from(plies) + 1 >= self.max_plies {
                continue;
            }
            let index = self.nodes.len() as u32;
            self.nodes.push(Node { parent: at, mv: m });
            self.open
                .push(Reverse((closeness(&child, self.winner), plies + 1, index)));
        }
        None
    }
}
