//! Draws: offers, agreements and claims (9.1 to 9.5), the quickplay finish, and the
//! questions and rulings on them.
use shakmaty::Color;

use super::Words;
use crate::assistant::DrawAct;
use crate::game::EndReason;

impl Words {
    pub fn draw_offered_to_opponent(&self) -> String {
        self.msg("draw-offered-to-opponent")
    }

    pub fn draw_offer_sent(&self) -> String {
        self.msg("draw-offer-sent")
    }

    pub fn draw_offer_with_move(&self) -> String {
        self.msg("draw-offer-with-move")
    }

    pub fn draw_offer_before_move(&self) -> String {
        self.msg("draw-offer-before-move")
    }

    pub fn opponent_offers_draw(&self) -> String {
        self.msg("opponent-offers-draw")
    }

    pub fn draw_declined(&self) -> String {
        self.msg("draw-declined")
    }

    pub fn draw_offer_lapsed(&self) -> String {
        self.msg("draw-offer-lapsed")
    }

    pub fn draw_agreed(&self) -> String {
        self.msg("draw-agreed")
    }

    /// "Remis annehmen? Ja oder nein." and its claim and offer forms.
    pub(in crate::assistant) fn draw_question(&self, act: DrawAct) -> String {
        match act {
            DrawAct::Accept => self.msg("draw-accept-question"),
            DrawAct::Claim => self.msg("draw-claim-question"),
            DrawAct::QuickplayClaim(article) => {
                self.msg_with("draw-quickplay-question", &[("article", article.into())])
            }
            DrawAct::Offer => self.msg("draw-offer-question"),
        }
    }

    pub fn claim_upheld(&self, kind: EndReason) -> String {
        self.msg_with("claim-upheld", &[("why", self.end_reason(kind).into())])
    }

    /// A draw claim as the arbiter hears it: who, under which article, why, and the intended
    /// move in SAN (9.2.1.1, 9.3.1).
    pub fn claim_for_arbiter(
        &self,
        by: Color,
        kind: EndReason,
        intended_san: Option<&str>,
    ) -> String {
        let article = match kind {
            EndReason::FiftyMovesClaim => "9.3",
            _ => "9.2",
        };
        let mut args = vec![
            ("side", self.side(by).into()),
            ("article", article.into()),
            ("why", self.end_reason(kind).into()),
        ];
        match intended_san {
            Some(m) => {
                args.push(("move", m.into()));
                self.msg_with("claim-for-arbiter-with-move", &args)
            }
            None => self.msg_with("claim-for-arbiter", &args),
        }
    }

    /// The player's quickplay-finish claim, said to both players.
    pub fn quickplay_claimed(&self, article: &str) -> String {
        self.msg_with("quickplay-claimed", &[("article", article.into())])
    }

    /// The quickplay-finish claim, for the arbiter.
    pub fn quickplay_claim_for_arbiter(&self, by: Color, article: &str) -> String {
        self.msg_with(
            "quickplay-claim-for-arbiter",
            &[("side", self.side(by).into()), ("article", article.into())],
        )
    }

    /// The draw question answered "nein", or not at all.
    pub fn draw_not_confirmed(&self) -> String {
        self.msg("draw-not-confirmed")
    }

    /// The player's draw offer declined by the opponent's touching a piece (9.1).
    pub fn draw_offer_declined_by_touch(&self, article: &str) -> String {
        self.msg_with(
            "draw-offer-declined-by-touch",
            &[("article", article.into())],
        )
    }

    /// A draw offer or agreement the event's regulations do not allow now (9.1).
    pub fn draw_agreement_not_allowed(
        &self,
        rule: crate::assistant::protocol::DrawAgreements,
    ) -> String {
        match rule {
            crate::assistant::protocol::DrawAgreements::FromMove(n) => {
                self.msg_with("draw-agreement-from-move", &[("move", n.into())])
            }
            _ => self.msg("draw-agreement-forbidden"),
        }
    }

    /// The arbiter's ruling on an incorrect draw claim (9.5), with the penalty in words.
    pub fn incorrect_claim(
        &self,
        claimant: Color,
        bonus_ms: u64,
        claimant_cut: bool,
        article: &str,
    ) -> String {
        self.msg_with(
            if claimant_cut {
                "incorrect-claim-cut"
            } else {
                "incorrect-claim"
            },
            &[
                ("claimant", self.side(claimant).into()),
                ("opponent", self.side(!claimant).into()),
                (
                    "bonus",
                    crate::clock::spoken::duration_words(bonus_ms, self.catalog.lang()).into(),
                ),
                ("article", article.into()),
            ],
        )
    }
}
