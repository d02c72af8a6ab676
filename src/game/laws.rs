//! Facts of the FIDE Laws that depend on the edition and that the assistant needs beyond
//! the board: the automatic draws of 9.6, the life of a draw offer (9.1), when the right to
//! claim a draw is lost (9.4), what follows an illegal move (7.4/7.5 and the rapid and
//! blitz appendices), and the number of the flag-fall article.
//!
//! Each function cites the articles as numbered in the extracts under `docs/fide/`
//! (fa = 2001, 05 = 2005, sw = 2009, 14 = 2014, he = 2018).
//!
//! ```
//! use rochade::game::laws::{self, GameKind, IllegalMovePenalty, Supervision};
//! use rochade::rules::RulesEdition;
//!
//! // Under the 2018 Laws the second completed illegal move loses …
//! let second = laws::illegal_move_ruling(RulesEdition::Fide2018, GameKind::Standard, Supervision::Full, 1);
//! assert_eq!(second.penalty, IllegalMovePenalty::LossOfGame { draw_if_opponent_cannot_mate: true });
//! // … under the 2005 Laws it costs time, and only the third loses.
//! let second = laws::illegal_move_ruling(RulesEdition::Fide2005, GameKind::Standard, Supervision::Full, 1);
//! assert_eq!(second.penalty, IllegalMovePenalty::ExtraTimeForOpponent);
//! ```
use serde::{Deserialize, Serialize};

use crate::rules::RulesEdition;

/// How fivefold repetition is counted where 9.6 applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FivefoldRule {
    /// 2018 (he 9.6.1): the same position (as in 9.2.2) has appeared at least five times.
    FiveTimes,
    /// 2014 (14 9.6.a): the same position has appeared "for at least five consecutive
    /// alternate moves by each player". Read literally: the position stood after every
    /// second move of each player, five times in a row, i.e. at half-moves n, n−4, n−8,
    /// n−12 and n−16. A repetition with a longer cycle does not end the game under this
    /// wording (it can still be claimed under 9.2).
    FiveConsecutiveAlternateMoves,
}

/// The fivefold-repetition rule of the edition, or `None` before 2014: 9.6 was introduced
/// by the 2014 Laws (14 9.6; not in fa 2001, 05, sw 2009).
pub fn fivefold_rule(edition: RulesEdition) -> Option<FivefoldRule> {
    match edition {
        RulesEdition::Fide2001 | RulesEdition::Fide2005 | RulesEdition::Fide2009 => None,
        RulesEdition::Fide2014 => Some(FivefoldRule::FiveConsecutiveAlternateMoves),
        RulesEdition::Fide2018 => Some(FivefoldRule::FiveTimes),
    }
}

/// Whether 75 moves by each player without a pawn move or capture draw the game
/// automatically (14 9.6.b, he 9.6.2; from 2014). If the 75th move checkmates, the
/// checkmate stands (same articles).
pub fn seventy_five_move_rule_applies(edition: RulesEdition) -> bool {
    edition >= RulesEdition::Fide2014
}

/// Whether the automatic draws of 9.6 (fivefold repetition, 75 moves) exist in the edition.
pub fn automatic_draws_apply(edition: RulesEdition) -> bool {
    fivefold_rule(edition).is_some()
}

/// What ends a standing draw offer (fa 9.1(b), 05 9.1.a, 14 9.1.b, he 9.1.2.1; the same in
/// every edition). An offer cannot be withdrawn and carries no conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawOfferEnd {
    /// The opponent accepts: the game is drawn.
    Accepted,
    /// The opponent declines orally.
    DeclinedOrally,
    /// The opponent touches a piece with the intention of moving or capturing it (on the
    /// tactile board: takes it out of its hole, D.2.2).
    DeclinedByTouchingAPiece,
    /// The game ends in some other way.
    GameEnded,
}

/// Everything that ends a draw offer in the edition (see [`DrawOfferEnd`]). The offer is
/// made after making a move and before pressing the clock; it is recorded as "(=)"; a draw
/// claim under 9.2 or 9.3 counts as an offer (he 9.1.2.3, 05 9.1.c).
pub fn draw_offer_ends(_edition: RulesEdition) -> &'static [DrawOfferEnd] {
    &[
        DrawOfferEnd::Accepted,
        DrawOfferEnd::DeclinedOrally,
        DrawOfferEnd::DeclinedByTouchingAPiece,
        DrawOfferEnd::GameEnded,
    ]
}

/// The article that says how long a draw offer stands, among its ends the opponent's touching
/// a piece with the intention of moving or capturing it: fa 9.1(b), 05 9.1.a, 14 9.1.b,
/// he 9.1.2.1. 2009 has the 2005 wording and numbering (the sw seed's numbers are shifted, so
/// the English 2009 number is given).
pub fn draw_offer_article(edition: RulesEdition) -> &'static str {
    match edition {
        RulesEdition::Fide2001 => "9.1(b)",
        RulesEdition::Fide2005 | RulesEdition::Fide2009 => "9.1.a",
        RulesEdition::Fide2014 => "9.1.b",
        RulesEdition::Fide2018 => "9.1.2.1",
    }
}

/// Whether the scoresheet writes "e.p." after an en passant capture (exd6 e.p.). The 2001 and
/// 2005 Laws add it (fa E8, 05 E.9: "En passant adds e.p."), and so does 2009 (sw "ep"); from
/// 2014 it "may" be appended (14 C.10, "the last four are optional", C.14) and the 2018 text
/// leaves it out (he C9): Rochade then writes the move as PGN does, without it.
pub fn en_passant_marked(edition: RulesEdition) -> bool {
    edition <= RulesEdition::Fide2009
}

/// What costs a player the right to claim a draw under 9.2 or 9.3 on this move (9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimRightLostBy {
    /// Making a move without claiming (fa 2001 9.4, 05 9.4).
    MakingAMove,
    /// Touching a piece as in 4.3, with intent to move or capture (sw 2009, 14 and he 9.4).
    TouchingAPiece,
}

/// When the right to claim a draw is lost, by edition (9.4).
pub fn claim_right_lost_by(edition: RulesEdition) -> ClaimRightLostBy {
    match edition {
        RulesEdition::Fide2001 | RulesEdition::Fide2005 => ClaimRightLostBy::MakingAMove,
        _ => ClaimRightLostBy::TouchingAPiece,
    }
}

/// The article that says a player whose flag falls loses, unless the opponent cannot
/// checkmate by any series of legal moves: 6.10 in 2001 and 2005 (fa 6.10, 05 6.10),
/// 6.9 from 2009 (sw 6.9, 14 6.9, he 6.9).
pub fn flag_fall_article(edition: RulesEdition) -> &'static str {
    match edition {
        RulesEdition::Fide2001 | RulesEdition::Fide2005 => "6.10",
        _ => "6.9",
    }
}

/// The kind of game, by time control (the clock module classifies it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Standard,
    Rapid,
    Blitz,
}

/// What a claim on time comes to when the claimant's own flag has fallen too. Rochade's clock
/// keeps the order of the two flags to the ms, so the "order unknown" case of 6.11 never
/// arises; what differs by edition is whether the claimant's fallen flag matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnFlagDown {
    /// The first flag decides: the claim of the side whose flag fell second is upheld under
    /// 6.9 (standard games in every edition, where the arbiter observes flags, 6.8; rapid and
    /// blitz from 2018, where he calls them too, he A4.5).
    FirstFlagDecides,
    /// Both flags down: the game is drawn (2001 rapid fa B8, 2005 rapid B.9; blitz follows the
    /// rapid rules, 05 C.2).
    Draw,
    /// The claim is not valid: the claimant's own flag must still be up (sw 2009 A5) or his
    /// time must remain (14 A.4.c). Nothing else ends the game; play goes on.
    ClaimNotValid,
}

/// The ruling on a time claim whose claimant's own flag has fallen too, with its article.
pub fn time_claim_with_own_flag_down(
    edition: RulesEdition,
    kind: GameKind,
) -> (OwnFlagDown, &'static str) {
    use RulesEdition::*;
    match (edition, kind) {
        (_, GameKind::Standard) => (OwnFlagDown::FirstFlagDecides, flag_fall_article(edition)),
        (Fide2001, _) => (OwnFlagDown::Draw, "B8"),
        (Fide2005, _) => (OwnFlagDown::Draw, "B.9"),
        (Fide2009, _) => (OwnFlagDown::ClaimNotValid, "A5"),
        (Fide2014, _) => (OwnFlagDown::ClaimNotValid, "A.4.c"),
        (Fide2018, _) => (OwnFlagDown::FirstFlagDecides, "A4.5"),
    }
}

/// For rapid and blitz under the 2014 and 2018 Laws: whether the Competition Rules apply
/// (one arbiter for at most three rapid games, or one per blitz game, every game recorded:
/// 14 A.3/B.3, he A3.1/B3.1) or the simplified rules of A.4/B.4. Ignored for standard
/// games and for the older editions, whose extracts know only the appendix rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Supervision {
    /// The Competition Rules apply (A.3/B.3). The default: an assistant's game is recorded
    /// and has an arbiter at hand.
    #[default]
    Full,
    /// The simplified rapid and blitz rules apply (A.4/B.4).
    Limited,
}

/// The penalty for a completed illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalMovePenalty {
    /// The opponent is given extra time. The amount (two minutes, one in blitz from 2014:
    /// 14 B.2, he B2) is the clock module's business.
    ExtraTimeForOpponent,
    /// The player loses the game; with `draw_if_opponent_cannot_mate`, it is a draw
    /// instead when the opponent cannot checkmate by any series of legal moves
    /// (see [`crate::game::Game::can_checkmate`]).
    LossOfGame { draw_if_opponent_cannot_mate: bool },
}

/// What happens after a completed illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IllegalMoveRuling {
    /// The position before the illegal move (or the last identifiable one) is reinstated
    /// and the player must make a legal move, touch-move applying
    /// ([`crate::game::Game::undo_last`]).
    pub position_reinstated: bool,
    pub penalty: IllegalMovePenalty,
    /// Rapid and blitz: the arbiter (or, before 2014, only the opponent's claim) acts only
    /// before the opponent has made his next move (in 2001, before he touches a piece);
    /// afterwards the illegal move stands.
    pub only_before_opponent_moves: bool,
    /// The article of the edition.
    pub article: &'static str,
}

/// The ruling for a player's completed illegal move, given how many completed illegal
/// moves he has already made in the game (`earlier`, counted per player across position
/// resets). From 2018 pressing the clock without a move, a two-handed move and an
/// unpromoted pawn count as illegal moves in the same count (he 7.5.2–7.5.4); in 2014
/// only illegal moves count.
///
/// Standard games:
/// * 2001, 2005: first and second +time, third loses, no draw exception (fa 7.4(b), 05 7.4.b).
/// * 2009: the same, but a draw if the opponent cannot mate (sw 7.3 [=7.4]).
/// * 2014, 2018: first +time, second loses, draw if the opponent cannot mate (14 7.5.b,
///   he 7.5.5).
///
/// Rapid and blitz:
/// * 2001–2009 rapid: the standard penalties, on the opponent's claim before his own move
///   (fa B5, 05 B.6, sw A4(c)).
/// * 2001–2009 blitz: the opponent claims a win before his own move; a draw if he cannot
///   mate (fa C3, 05 C.3, sw B3(c)).
/// * 2014 under A.4/B.4: the first illegal move loses, if the arbiter sees it or the
///   opponent claims before his next move; a draw if the opponent cannot mate (14 A.4.b).
/// * 2018 under A.4/B.4: the standard 7.5.5 scheme, before the opponent's next move
///   (he A4.2).
/// * 2014/2018 with full supervision: the standard rules (A.3/B.3), blitz time halved.
pub fn illegal_move_ruling(
    edition: RulesEdition,
    kind: GameKind,
    supervision: Supervision,
    earlier: u32,
) -> IllegalMoveRuling {
    use RulesEdition::*;
    let time = IllegalMovePenalty::ExtraTimeForOpponent;
    let loss = |draw| IllegalMovePenalty::LossOfGame {
        draw_if_opponent_cannot_mate: draw,
    };
    let ruling = |penalty, only_before_opponent_moves, article| IllegalMoveRuling {
        position_reinstated: penalty == IllegalMovePenalty::ExtraTimeForOpponent,
        penalty,
        only_before_opponent_moves,
        article,
    };
    let old_standard = |draw_exception: bool| {
        if earlier >= 2 {
            loss(draw_exception)
        } else {
            time
        }
    };
    let new_standard = if earlier >= 1 { loss(true) } else { time };
    match (edition, kind) {
        (Fide2001, GameKind::Standard) => ruling(old_standard(false), false, "7.4(b)"),
        (Fide2005, GameKind::Standard) => ruling(old_standard(false), false, "7.4.b"),
        (Fide2009, GameKind::Standard) => ruling(old_standard(true), false, "7.4.b"),
        (Fide2001, GameKind::Rapid) => ruling(old_standard(false), true, "B5"),
        (Fide2005, GameKind::Rapid) => ruling(old_standard(false), true, "B.6"),
        (Fide2009, GameKind::Rapid) => ruling(old_standard(true), true, "A.4(c)"),
        (Fide2001, GameKind::Blitz) => ruling(loss(true), true, "C3"),
        (Fide2005, GameKind::Blitz) => ruling(loss(true), true, "C.3"),
        (Fide2009, GameKind::Blitz) => ruling(loss(true), true, "B.3(c)"),
        (Fide2014, GameKind::Standard) => ruling(new_standard, false, "7.5.b"),
        (Fide2018, GameKind::Standard) => ruling(new_standard, false, "7.5.5"),
        (Fide2014, _) => match supervision {
            Supervision::Full => ruling(new_standard, false, "7.5.b"),
            Supervision::Limited => ruling(loss(true), true, "A.4.b"),
        },
        (Fide2018, _) => match supervision {
            Supervision::Full => ruling(new_standard, false, "7.5.5"),
            Supervision::Limited => ruling(new_standard, true, "A.4.2"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use RulesEdition::*;

    #[test]
    fn incorrect_claim_penalty_by_edition() {
        const MIN: u64 = 60_000;
        // (edition, kind, opponent's bonus, claimant's time cut)
        let cases = [
            (Fide2001, GameKind::Standard, 3 * MIN, true),
            (Fide2001, GameKind::Blitz, 3 * MIN, true),
            (Fide2005, GameKind::Rapid, 3 * MIN, true),
            (Fide2009, GameKind::Standard, 3 * MIN, false),
            (Fide2014, GameKind::Standard, 2 * MIN, false),
            (Fide2014, GameKind::Blitz, MIN, false),
            (Fide2018, GameKind::Rapid, 2 * MIN, false),
            (Fide2018, GameKind::Blitz, MIN, false),
        ];
        for (edition, kind, bonus, cut) in cases {
            let p = incorrect_claim_penalty(edition, kind);
            assert_eq!(
                (p.opponent_bonus_ms, p.claimant_cut),
                (bonus, cut),
                "{edition:?} {kind:?}"
            );
        }
        // The cut: halved above two minutes but by three minutes at most, one minute from one
        // to two minutes, nothing below one minute.
        assert_eq!(claimant_time_after_cut(5 * MIN), 2 * MIN + 30_000);
        assert_eq!(claimant_time_after_cut(60 * MIN), 57 * MIN);
        assert_eq!(claimant_time_after_cut(2 * MIN), MIN);
        assert_eq!(claimant_time_after_cut(MIN), MIN);
        assert_eq!(claimant_time_after_cut(59_000), 59_000);
    }

    #[test]
    fn penalty_counts_per_edition() {
        // (edition, kind, supervision, earlier illegal moves, loses?)
        let cases = [
            (Fide2001, GameKind::Standard, 1, false),
            (Fide2001, GameKind::Standard, 2, true),
            (Fide2005, GameKind::Standard, 1, false),
            (Fide2005, GameKind::Standard, 2, true),
            (Fide2009, GameKind::Standard, 2, true),
            (Fide2014, GameKind::Standard, 0, false),
            (Fide2014, GameKind::Standard, 1, true),
            (Fide2018, GameKind::Standard, 0, false),
            (Fide2018, GameKind::Standard, 1, true),
            (Fide2005, GameKind::Blitz, 0, true),
            (Fide2018, GameKind::Blitz, 0, false),
        ];
        for (edition, kind, earlier, loses) in cases {
            let r = illegal_move_ruling(edition, kind, Supervision::Limited, earlier);
            assert_eq!(
                matches!(r.penalty, IllegalMovePenalty::LossOfGame { .. }),
                loses,
                "{edition} {kind:?} after {earlier}"
            );
            assert_eq!(r.position_reinstated, !loses);
        }
        let r = illegal_move_ruling(Fide2005, GameKind::Standard, Supervision::Full, 2);
        assert_eq!(
            r.penalty,
            IllegalMovePenalty::LossOfGame {
                draw_if_opponent_cannot_mate: false
            }
        );
        // 2014 rapid: the first illegal move loses under A.4, costs time under A.3.
        let limited = illegal_move_ruling(Fide2014, GameKind::Rapid, Supervision::Limited, 0);
        assert!(matches!(
            limited.penalty,
            IllegalMovePenalty::LossOfGame { .. }
        ));
        assert!(limited.only_before_opponent_moves);
        let full = illegal_move_ruling(Fide2014, GameKind::Rapid, Supervision::Full, 0);
        assert_eq!(full.penalty, IllegalMovePenalty::ExtraTimeForOpponent);
        assert!(!full.only_before_opponent_moves);
    }

    #[test]
    fn both_flags_by_edition_and_speed() {
        use OwnFlagDown::*;
        let cases = [
            (Fide2001, GameKind::Rapid, Draw, "B8"),
            (Fide2001, GameKind::Blitz, Draw, "B8"),
            (Fide2005, GameKind::Rapid, Draw, "B.9"),
            (Fide2005, GameKind::Blitz, Draw, "B.9"),
            (Fide2009, GameKind::Rapid, ClaimNotValid, "A5"),
            (Fide2014, GameKind::Blitz, ClaimNotValid, "A.4.c"),
            (Fide2018, GameKind::Rapid, FirstFlagDecides, "A4.5"),
            (Fide2005, GameKind::Standard, FirstFlagDecides, "6.10"),
            (Fide2014, GameKind::Standard, FirstFlagDecides, "6.9"),
        ];
        for (edition, kind, ruling, article) in cases {
            assert_eq!(
                time_claim_with_own_flag_down(edition, kind),
                (ruling, article),
                "{edition} {kind:?}"
            );
        }
    }

    #[test]
    fn en_passant_written_until_2009() {
        assert!(en_passant_marked(Fide2001));
        assert!(en_passant_marked(Fide2005));
        assert!(en_passant_marked(Fide2009));
        assert!(!en_passant_marked(Fide2014));
        assert!(!en_passant_marked(Fide2018));
    }

    #[test]
    fn draw_offer_articles_by_edition() {
        assert_eq!(draw_offer_article(Fide2001), "9.1(b)");
        assert_eq!(draw_offer_article(Fide2005), "9.1.a");
        assert_eq!(draw_offer_article(Fide2014), "9.1.b");
        assert_eq!(draw_offer_article(Fide2018), "9.1.2.1");
        // The touch ends an offer in every edition.
        for edition in [Fide2001, Fide2005, Fide2009, Fide2014, Fide2018] {
            assert!(draw_offer_ends(edition).contains(&DrawOfferEnd::DeclinedByTouchingAPiece));
        }
    }

    #[test]
    fn nine_six_only_from_2014() {
        assert!(!automatic_draws_apply(Fide2009));
        assert!(!seventy_five_move_rule_applies(Fide2009));
        assert_eq!(
            fivefold_rule(Fide2014),
            Some(FivefoldRule::FiveConsecutiveAlternateMoves)
        );
        assert_eq!(fivefold_rule(Fide2018), Some(FivefoldRule::FiveTimes));
        assert!(seventy_five_move_rule_applies(Fide2018));
    }

    #[test]
    fn article_numbers() {
        assert_eq!(flag_fall_article(Fide2001), "6.10");
        assert_eq!(flag_fall_article(Fide2005), "6.10");
        assert_eq!(flag_fall_article(Fide2009), "6.9");
        assert_eq!(flag_fall_article(Fide2018), "6.9");
        assert_eq!(claim_right_lost_by(Fide2005), ClaimRightLostBy::MakingAMove);
        assert_eq!(
            claim_right_lost_by(Fide2018),
            ClaimRightLostBy::TouchingAPiece
        );
    }
}

/// The default time when the event sets none (6.7): one hour in 2001 and 2005 (fa 6.6/6.7,
/// 05 6.7), zero from 2009 (sw 6.7, 14 6.7.a, he 6.7.1: "zero if not specified"). A player
/// who arrives at the board after it loses, unless the arbiter decides otherwise.
pub fn default_time_ms(edition: RulesEdition) -> u64 {
    match edition {
        RulesEdition::Fide2001 | RulesEdition::Fide2005 => 3_600_000,
        _ => 0,
    }
}

/// The article of the default time: 6.6 in 2001 (fa), 6.7 in 2005 and 2009, 6.7.a in 2014,
/// 6.7.1 in 2018.
pub fn default_time_article(edition: RulesEdition) -> &'static str {
    match edition {
        RulesEdition::Fide2001 => "6.6",
        RulesEdition::Fide2005 | RulesEdition::Fide2009 => "6.7",
        RulesEdition::Fide2014 => "6.7.a",
        RulesEdition::Fide2018 => "6.7.1",
    }
}

/// Where a player with less than two minutes may claim a draw because the opponent cannot
/// win by normal means or is not trying to (quickplay finish: fa 10.2, 05 10.2, sw 10.2,
/// 14 G.5, he Guidelines III.5): never in blitz (05 C.2, 14 G.3, he III.3), and from 2014 only
/// without increment or delay (14 G.2, he III.3). `None`: no such claim. The event must
/// have announced that it applies (a setting of the game, not of the edition).
pub fn quickplay_claim_article(
    edition: RulesEdition,
    kind: GameKind,
    increment: bool,
) -> Option<&'static str> {
    use RulesEdition::*;
    match (edition, kind) {
        (_, GameKind::Blitz) => None,
        (Fide2014 | Fide2018, _) if increment => None,
        (Fide2001 | Fide2005 | Fide2009, _) => Some("10.2"),
        (Fide2014, _) => Some("G.5"),
        (Fide2018, _) => Some("III.5"),
    }
}

/// The time under which the quickplay-finish claim may be made: two minutes.
pub const QUICKPLAY_CLAIM_BELOW_MS: u64 = 120_000;

/// Up to when a complaint about the set-up of the pieces, the board's orientation or the
/// clock's setting can be made in rapid and blitz: until each player has completed this many
/// moves (3 in 2001, 2005 and 2009: fa B, 05 B.4, sw A; 10 from 2014: 14 A.4.a, he A4.1.2),
/// with its article. In a standard game a wrong initial position cancels the game whenever
/// it is found (05 7.1.a, 14 7.2.a, he 7.2.1): `None`.
pub fn set_up_complaint_limit(
    edition: RulesEdition,
    kind: GameKind,
) -> Option<(u32, &'static str)> {
    use RulesEdition::*;
    if kind == GameKind::Standard {
        return None;
    }
    Some(match edition {
        Fide2001 => (3, "B5"),
        Fide2005 => (3, "B.4"),
        Fide2009 => (3, "A3"),
        Fide2014 => (10, "A.4.a"),
        Fide2018 => (10, "A4.1.2"),
    })
}

/// The article that cancels a standard game begun from a wrong initial position.
pub fn wrong_initial_position_article(edition: RulesEdition) -> &'static str {
    match edition {
        RulesEdition::Fide2001 | RulesEdition::Fide2005 | RulesEdition::Fide2009 => "7.1.a",
        RulesEdition::Fide2014 => "7.2.a",
        RulesEdition::Fide2018 => "7.2.1",
    }
}

/// The penalty when the arbiter finds a draw claim (9.2, 9.3) incorrect: time for the
/// claimant's opponent and, under the 2001 and 2005 Laws, a cut of the claimant's own time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IncorrectClaimPenalty {
    /// Added to the opponent's time.
    pub opponent_bonus_ms: u64,
    /// The claimant's time is cut as [`claimant_time_after_cut`] says.
    pub claimant_cut: bool,
    /// The article, as the edition numbers it.
    pub article: &'static str,
}

/// The incorrect-claim penalty by edition and kind of game: fa 2001 9.5(b) and 05 9.5.b,
/// three minutes for the opponent and the claimant's time cut; sw 2009 9.5.b, three minutes;
/// 14 9.5.c and he 9.5.3, two minutes, one in blitz (14 B.2, he B2: the Competition Rules'
/// penalties of Articles 7 and 9 are one minute there).
pub fn incorrect_claim_penalty(edition: RulesEdition, kind: GameKind) -> IncorrectClaimPenalty {
    use RulesEdition::*;
    const MINUTE: u64 = 60_000;
    let (opponent_bonus_ms, claimant_cut, article) = match (edition, kind) {
        (Fide2001, _) => (3 * MINUTE, true, "9.5(b)"),
        (Fide2005, _) => (3 * MINUTE, true, "9.5.b"),
        (Fide2009, _) => (3 * MINUTE, false, "9.5.b"),
        (Fide2014, GameKind::Blitz) => (MINUTE, false, "B.2"),
        (Fide2014, _) => (2 * MINUTE, false, "9.5.c"),
        (Fide2018, GameKind::Blitz) => (MINUTE, false, "B2"),
        (Fide2018, _) => (2 * MINUTE, false, "9.5.3"),
    };
    IncorrectClaimPenalty {
        opponent_bonus_ms,
        claimant_cut,
        article,
    }
}

/// The claimant's time after the cut of fa 2001 9.5(b) and 05 9.5.b: more than two minutes
/// are halved, but by three minutes at most; between one and two minutes become one minute;
/// less than one minute stays.
///
/// ```
/// use rochade::game::laws::claimant_time_after_cut;
/// assert_eq!(claimant_time_after_cut(4 * 60_000), 2 * 60_000); // halved
/// assert_eq!(claimant_time_after_cut(10 * 60_000), 7 * 60_000); // three minutes at most
/// assert_eq!(claimant_time_after_cut(90_000), 60_000);
/// assert_eq!(claimant_time_after_cut(45_000), 45_000);
/// ```
pub fn claimant_time_after_cut(ms: u64) -> u64 {
    const MINUTE: u64 = 60_000;
    if ms > 2 * MINUTE {
        ms - (ms / 2).min(3 * MINUTE)
    } else if ms >= MINUTE {
        MINUTE
    } else {
        ms
    }
}
