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
use std::sync::Arc;

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::announce::{Announcing, MoveWording};
use crate::catalog::{Arg, Catalog, capitalize};
use crate::clock::ClockError;
use crate::game::chess960::Chess960Error;
use crate::game::{EndReason, GameError, GameResult};
use crate::interpret::{CheckWord, announced_move, spoken_move_as};
use crate::journal::{Damage, JournalProblem};
use crate::lang::Lang;
use crate::vocab::{CastleSide, Command, Vocab};

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

/// Why a position or number is no Chess960 start position, in `catalog`'s language (said when
/// a game is to start from it, and printed by `play` before it starts).
pub fn chess960_problem(catalog: &Catalog, problem: Chess960Error) -> String {
    let id = match problem {
        Chess960Error::NumberOutOfRange { number } => {
            return catalog.text("chess960-number-out-of-range", &[("number", number.into())]);
        }
        Chess960Error::NotNumbered { number } => {
            return catalog.text("chess960-not-numbered", &[("number", number.into())]);
        }
        Chess960Error::Unreadable => "chess960-unreadable",
        Chess960Error::Pawns => "chess960-pawns",
        Chess960Error::Pieces => "chess960-pieces",
        Chess960Error::KingNotBetweenRooks => "chess960-king-not-between-rooks",
        Chess960Error::BishopsOnOneColour => "chess960-bishops-one-colour",
        Chess960Error::BlackNotMirrored => "chess960-black-not-mirrored",
        Chess960Error::NotAtStart => "chess960-not-at-start",
    };
    catalog.text(id, &[])
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

    /// "a oder b", "a, b oder c".
    pub fn or_list(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} {} {last}", init.join(", "), self.msg("or")),
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

    pub fn opponent_not_to_move(&self) -> String {
        self.msg("opponent-not-to-move")
    }

    pub fn opponent_moved(&self, words: &str) -> String {
        self.msg_with("opponent-moved", &[("words", words.into())])
    }

    /// To the opponent: "Welcher Zug: Nbd2 oder Nfd2? Bitte eingeben."
    pub fn opponent_which(&self, options: &[String]) -> String {
        let options = self.or_list(options);
        self.msg_with("opponent-which", &[("options", options.into())])
    }

    pub fn opponent_illegal(&self, text: &str) -> String {
        self.msg_with("opponent-illegal", &[("text", text.into())])
    }

    pub fn opponent_illegal_for_opponent(&self, text: &str) -> String {
        self.msg_with("opponent-illegal-for-opponent", &[("text", text.into())])
    }

    pub fn arbiter_called(&self) -> String {
        self.msg("arbiter-called")
    }

    /// What the arbiter hears when called: "Schiedsrichter bitte: " and why.
    pub fn arbiter_summoned(&self, why: &str) -> String {
        self.msg_with("arbiter-summoned", &[("why", why.into())])
    }

    /// Why, when the player asks for the arbiter (6.11.2).
    pub fn player_calls_arbiter(&self, player: Color) -> String {
        self.msg_with(
            "player-calls-arbiter",
            &[("side", self.side(player).into())],
        )
    }

    /// Why, after the opponent's impossible entry (7.5.1).
    pub fn impossible_entry_for_arbiter(&self, by: Color, entered: &str) -> String {
        self.msg_with(
            "impossible-entry-for-arbiter",
            &[("side", self.side(by).into()), ("entered", entered.into())],
        )
    }

    pub fn cancelled(&self) -> String {
        self.msg("cancelled")
    }

    pub fn no_clock(&self) -> String {
        self.msg("no-clock")
    }

    /// The player's own last move, said again on "Letzter Zug".
    pub fn last_move_own(&self, words: &str) -> String {
        self.msg_with("last-move-own", &[("words", words.into())])
    }

    pub fn no_move_yet(&self) -> String {
        self.msg("no-move-yet")
    }

    /// One move of the scoresheet read aloud: its number in words, White's and Black's move
    /// in the player's words (either may be missing: a game from a position, the last move).
    pub fn scoresheet_move(&self, number: u32, white: Option<&str>, black: Option<&str>) -> String {
        let number = crate::numbers::cardinal(u64::from(number), self.catalog.lang());
        match (white, black) {
            (Some(w), Some(b)) => self.msg_with(
                "scoresheet-move",
                &[
                    ("number", number.into()),
                    ("white", w.into()),
                    ("black", b.into()),
                ],
            ),
            (Some(w), None) => self.msg_with(
                "scoresheet-move-white",
                &[("number", number.into()), ("white", w.into())],
            ),
            (None, b) => self.msg_with(
                "scoresheet-move-black",
                &[("number", number.into()), ("black", b.unwrap_or("").into())],
            ),
        }
    }

    pub fn scoresheet_empty(&self) -> String {
        self.msg("scoresheet-empty")
    }

    /// A move number the scoresheet does not reach yet.
    pub fn scoresheet_not_yet(&self, number: u32) -> String {
        let number = crate::numbers::cardinal(u64::from(number), self.catalog.lang());
        self.msg_with("scoresheet-not-yet", &[("number", number.into())])
    }

    pub fn clock_waits_for_signal(&self) -> String {
        self.msg("clock-waits-for-signal")
    }

    pub fn game_begins(&self) -> String {
        self.msg("game-begins")
    }

    pub fn before_signal(&self) -> String {
        self.msg("before-signal")
    }

    pub fn nothing_said_yet(&self) -> String {
        self.msg("nothing-said-yet")
    }

    pub fn nothing_to_confirm(&self) -> String {
        self.msg("nothing-to-confirm")
    }

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

    /// "Weiß" / "Black".
    pub fn side(&self, side: Color) -> String {
        match side {
            Color::White => self.msg("side-white"),
            Color::Black => self.msg("side-black"),
        }
    }

    /// "Remis annehmen? Ja oder nein." and its claim and offer forms.
    pub(super) fn draw_question(&self, act: super::DrawAct) -> String {
        match act {
            super::DrawAct::Accept => self.msg("draw-accept-question"),
            super::DrawAct::Claim => self.msg("draw-claim-question"),
            super::DrawAct::QuickplayClaim(article) => {
                self.msg_with("draw-quickplay-question", &[("article", article.into())])
            }
            super::DrawAct::Offer => self.msg("draw-offer-question"),
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

    /// A command the recognizer was unsure of, asked back before it is carried out: "Meinten
    /// Sie Zeit? Ja oder nein."
    pub fn command_question(&self, command: &str) -> String {
        self.msg_with("command-question", &[("command", command.into())])
    }

    pub fn resign_question(&self) -> String {
        self.msg("resign-question")
    }

    /// The game lost by illegal moves (7.5.5, 7.4.b), by colour: "Regelwidrige Züge von
    /// Schwarz (Artikel 7.5.5)".
    pub fn illegal_moves_end(&self, offender: Color, drawn: bool, article: &str) -> String {
        let id = if drawn {
            "illegal-moves-end-drawn"
        } else {
            "illegal-moves-end"
        };
        self.msg_with(
            id,
            &[
                ("side", self.side(offender).into()),
                ("other", self.side(!offender).into()),
                ("article", article.into()),
            ],
        )
    }

    /// A resignation named by colour, for the opponent: "Weiß gibt auf".
    pub fn resigns(&self, side: Color) -> String {
        self.msg_with("resigns", &[("side", self.side(side).into())])
    }

    /// A flag named by colour, for the opponent: "Zeitüberschreitung von Schwarz", and whether
    /// the other side can still mate (6.9).
    pub fn time_up(&self, flagged: Color, other_can_mate: bool) -> String {
        let id = if other_can_mate {
            "time-up"
        } else {
            "time-up-cannot-mate"
        };
        self.msg_with(
            id,
            &[
                ("side", self.side(flagged).into()),
                ("other", self.side(!flagged).into()),
            ],
        )
    }

    pub fn resignation(&self) -> String {
        self.msg("resignation")
    }

    pub fn opponent_resigned(&self) -> String {
        self.msg("opponent-resigned")
    }

    pub fn game_over(&self, result: &str) -> String {
        self.msg_with("game-over", &[("result", self.result_words(result).into())])
    }

    pub fn not_started(&self) -> String {
        self.msg("not-started")
    }

    /// A result as words: "eins zu null", "remis".
    pub fn result_words(&self, result: &str) -> String {
        match result {
            "1-0" => self.msg("result-white-wins"),
            "0-1" => self.msg("result-black-wins"),
            "1/2-1/2" => self.msg("result-draw"),
            other => other.into(),
        }
    }

    pub fn end_reason(&self, reason: EndReason) -> String {
        self.msg(match reason {
            EndReason::Checkmate => "end-checkmate",
            EndReason::Stalemate => "end-stalemate",
            EndReason::DeadPosition => "end-dead-position",
            EndReason::FivefoldRepetition => "end-fivefold-repetition",
            EndReason::SeventyFiveMoves => "end-seventy-five-moves",
            EndReason::ThreefoldRepetitionClaim => "end-threefold-repetition",
            EndReason::FiftyMovesClaim => "end-fifty-moves",
        })
    }

    /// The end of a game for the player: "Schachmatt. Sie haben gewonnen."
    pub fn game_ended(&self, reason: &str, result: GameResult, player: Color) -> String {
        let reason = capitalize(reason.trim_end_matches('.'));
        let draw = self.msg("outcome-draw");
        if result == GameResult::Draw && reason.starts_with(draw.trim_end_matches('.')) {
            // "Remis vereinbart.", not "Remis vereinbart. Remis."
            return format!("{reason}.");
        }
        let outcome = match (result, player) {
            (GameResult::Draw, _) => draw,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
                self.msg("outcome-won")
            }
            _ => self.msg("outcome-lost"),
        };
        self.msg_with(
            "game-ended",
            &[("reason", reason.into()), ("outcome", outcome.into())],
        )
    }

    /// The end of a game for the opponent.
    pub fn game_ended_for_opponent(&self, reason: &str, result: GameResult) -> String {
        self.msg_with(
            "game-ended-for-opponent",
            &[
                ("reason", capitalize(reason.trim_end_matches('.')).into()),
                ("result", self.result_words(result.as_str()).into()),
            ],
        )
    }

    pub fn time_claim_cannot_mate(&self) -> String {
        self.msg("time-claim-cannot-mate")
    }

    pub fn time_claim_won(&self) -> String {
        self.msg("time-claim-won")
    }

    pub fn own_time_lost(&self) -> String {
        self.msg("own-time-lost")
    }

    pub fn own_time_draw(&self) -> String {
        self.msg("own-time-draw")
    }

    pub fn no_flag_to_claim(&self) -> String {
        self.msg("no-flag-to-claim")
    }

    /// The player's draw offer declined by the opponent's touching a piece (9.1).
    pub fn draw_offer_declined_by_touch(&self, article: &str) -> String {
        self.msg_with(
            "draw-offer-declined-by-touch",
            &[("article", article.into())],
        )
    }

    /// Both flags down, the game drawn: the reason, for the player and the opponent alike.
    pub fn both_flags_draw(&self, article: &str) -> String {
        self.msg_with("both-flags-draw", &[("article", article.into())])
    }

    /// The opponent's flag fell after the player's own: the edition allows no claim.
    pub fn own_flag_down_no_claim(&self, article: &str) -> String {
        self.msg_with("own-flag-down-no-claim", &[("article", article.into())])
    }

    /// The opponent's time claim refused: his own flag has fallen too.
    pub fn time_claim_own_flag_down(&self, article: &str) -> String {
        self.msg_with("time-claim-own-flag-down", &[("article", article.into())])
    }

    /// "den Springer" / "die Dame" / "den Bauern"; "the knight".
    fn piece_accusative(&self, role: Role) -> String {
        self.msg_with(
            "piece-accusative",
            &[
                ("role", role_key(role).into()),
                ("name", self.piece(role).into()),
            ],
        )
    }

    /// D.2.9.e, for the arbiter: who touched what, by colour and in print notation.
    pub fn touch_report_for_arbiter(
        &self,
        by: Color,
        square: Square,
        role: Option<Role>,
    ) -> String {
        let what = match role {
            Some(r) => format!("{square} ({})", self.announcing().piece(r)),
            None => square.to_string(),
        };
        self.msg_with(
            "touch-report-for-arbiter",
            &[("side", self.side(by).into()), ("what", what.into())],
        )
    }

    /// D.2.9.e, for the player: "Der Gegner hat den Springer auf Gustav eins berührt."
    pub fn touch_report_for_player(&self, square: Square, role: Option<Role>) -> String {
        let on = self.square(square);
        match role {
            Some(r) => self.msg_with(
                "touch-report-for-player",
                &[
                    ("piece", self.piece_accusative(r).into()),
                    ("square", on.into()),
                ],
            ),
            None => self.msg_with("touch-square-for-player", &[("square", on.into())]),
        }
    }

    /// D.2.9.e, the claim on the scoresheet: "touched piece on e7 reported (D.2.9.e)".
    pub fn touch_claim(&self, square: Square) -> String {
        self.msg_with("touch-claim", &[("square", square.to_string().into())])
    }

    pub fn bad_square(&self, text: &str) -> String {
        self.msg_with("bad-square", &[("text", text.into())])
    }

    pub fn adjourn_player_seals(&self) -> String {
        self.msg("adjourn-player-seals")
    }

    pub fn adjourn_opponent_seals(&self) -> String {
        self.msg("adjourn-opponent-seals")
    }

    pub fn sealed_for_player(&self, words: &str) -> String {
        self.msg_with("sealed-for-player", &[("words", words.into())])
    }

    pub fn sealed_for_others(&self) -> String {
        self.msg("sealed-for-others")
    }

    pub fn resumed_with(&self, words: &str) -> String {
        self.msg_with("resumed-with", &[("words", words.into())])
    }

    pub fn adjourned(&self) -> String {
        self.msg("adjourned")
    }

    pub fn nothing_sealed(&self) -> String {
        self.msg("nothing-sealed")
    }

    pub fn clocks_paused(&self) -> String {
        self.msg("clocks-paused")
    }

    pub fn clocks_resumed(&self) -> String {
        self.msg("clocks-resumed")
    }

    /// A complaint about the set-up of a standard game: the game is cancelled (7.2).
    pub fn set_up_standard(&self, article: &str) -> String {
        self.msg_with("set-up-standard", &[("article", article.into())])
    }

    /// A complaint about the set-up of a rapid or blitz game in time.
    pub fn set_up_in_time(&self, limit: u32, article: &str) -> String {
        self.msg_with(
            "set-up-in-time",
            &[("moves", limit.into()), ("article", article.into())],
        )
    }

    /// A complaint about the set-up too late, with what it still changes for castling.
    pub fn set_up_too_late(&self, limit: u32, article: &str, castling: Option<&str>) -> String {
        let t = self.msg_with(
            "set-up-too-late",
            &[("moves", limit.into()), ("article", article.into())],
        );
        match castling {
            Some(c) => format!("{t} {c}"),
            None => t,
        }
    }

    /// A king placed wrongly at the start may not castle.
    pub fn no_castling_king(&self, side: Color) -> String {
        self.msg_with(
            "set-up-no-castling-king",
            &[("side", self.side(side).into())],
        )
    }

    /// A rook placed wrongly at the start may not castle.
    pub fn no_castling_rook(&self, square: &str) -> String {
        self.msg_with("set-up-no-castling-rook", &[("square", square.into())])
    }

    /// The default time has passed and `late` has not made his first move (6.7).
    pub fn default_time_passed(&self, late: Color, limit_ms: u64, article: &str) -> String {
        self.msg_with(
            "default-time-passed",
            &[
                ("side", self.side(late).into()),
                (
                    "time",
                    crate::clock::spoken::duration_words(limit_ms, self.catalog.lang()).into(),
                ),
                ("article", article.into()),
            ],
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

    pub fn time_changed(&self, report: &str) -> String {
        self.msg_with("time-changed", &[("report", report.into())])
    }

    pub fn position_reset(&self, ply: usize, last: Option<&str>) -> String {
        match last {
            Some(l) => self.msg_with(
                "position-reset",
                &[("moves", ply.div_ceil(2).into()), ("last", l.into())],
            ),
            None => self.msg("position-reset-to-start"),
        }
    }

    /// "kampflos": a forfeit result entered without other words.
    pub fn forfeit(&self) -> String {
        self.msg("result-forfeit")
    }

    pub fn arbiter_result(&self, result: &str, reason: &str) -> String {
        self.msg_with(
            "arbiter-result",
            &[
                ("result", self.result_words(result).into()),
                ("reason", reason.into()),
            ],
        )
    }

    /// The confirmation of a speech setting ("Lauter.", "Lauter geht es nicht."), by its
    /// message id.
    pub fn speech_setting(&self, id: &str) -> String {
        self.msg(id)
    }

    pub fn not_in_tournament(&self) -> String {
        self.msg("not-in-tournament")
    }

    pub fn journal_failed(&self, why: &str) -> String {
        self.msg_with("journal-failed", &[("why", why.into())])
    }

    /// The arbiter entered a result that is none.
    pub fn error_unknown_result(&self, result: &str) -> String {
        self.msg_with(
            "error-unknown-result",
            &[("result", format!("{result:?}").into())],
        )
    }

    /// The arbiter asked to reset a finished game.
    pub fn error_game_over_no_reset(&self) -> String {
        self.msg("error-game-over-no-reset")
    }

    /// The clock refused an arbiter's entry: why, in words.
    pub fn clock_error(&self, err: &ClockError) -> String {
        let side = |c: Color| self.side(c);
        match err {
            ClockError::Stopped => self.msg("clock-error-stopped"),
            ClockError::Paused => self.msg("clock-error-paused"),
            ClockError::NotStarted => self.msg("clock-error-not-started"),
            ClockError::NotPaused => self.msg("clock-error-not-paused"),
            ClockError::AlreadyRunning { running } => self.msg_with(
                "clock-error-already-running",
                &[("running", side(*running).into())],
            ),
            ClockError::OtherSideRunning { side: s, running } => self.msg_with(
                "clock-error-other-side-running",
                &[
                    ("running", side(*running).into()),
                    ("side", side(*s).into()),
                ],
            ),
            ClockError::NoTimePenalty { rules, speed } => self.msg_with(
                "clock-error-no-time-penalty",
                &[
                    ("rules", rules.name().into()),
                    ("speed", speed.to_string().into()),
                ],
            ),
            ClockError::Untimed => self.msg("clock-error-untimed"),
        }
    }

    /// The start of a Chess960 game for the player, who sets up his own board: its number (in
    /// words) and White's first rank from a to h in his words ("Turm, Springer, …").
    pub fn chess960_start(&self, number: u16, first_rank: &[Role]) -> String {
        let pieces: Vec<String> = first_rank.iter().map(|&r| self.piece(r)).collect();
        let number_words = crate::numbers::cardinal(u64::from(number), self.catalog.lang());
        self.msg_with(
            "chess960-start",
            &[
                ("count", u64::from(number).into()),
                ("number", number_words.into()),
                ("pieces", pieces.join(", ").into()),
            ],
        )
    }

    /// The position could not be reset: why, in words.
    pub fn reset_error(&self, err: &GameError) -> String {
        match err {
            GameError::NoSuchPly { ply, available } => self.msg_with(
                "reset-error-no-such-ply",
                &[("ply", (*ply).into()), ("available", (*available).into())],
            ),
            other => other.to_string(),
        }
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

    /// What can be said now.
    pub fn help(&self, state: HelpState) -> String {
        let w = |c: Command| self.vocab.command_word(c).unwrap_or("").to_string();
        match state {
            HelpState::ReadBack => self.msg_with(
                "help-read-back",
                &[
                    ("yes", w(Command::Yes).into()),
                    ("no", w(Command::No).into()),
                    ("correction", w(Command::Correction).into()),
                ],
            ),
            HelpState::Question => self.msg_with("help-question", &[("no", w(Command::No).into())]),
            HelpState::YourMove | HelpState::OpponentsMove => {
                let lead = if state == HelpState::YourMove {
                    // The example is said in the game's own words (FIDE D.1).
                    let example =
                        format!("{} {}", self.piece(Role::Knight), self.square(Square::F3));
                    self.msg_with("help-your-move", &[("example", example.into())])
                } else {
                    self.msg("not-your-turn")
                };
                let commands = [
                    Command::Time,
                    Command::Moves,
                    Command::Repeat,
                    Command::LastMove,
                    Command::Scoresheet,
                    Command::Draw,
                    Command::Resign,
                    Command::Arbiter,
                ]
                .iter()
                .map(|c| w(*c))
                .collect::<Vec<_>>();
                self.msg_with(
                    "help-commands",
                    &[
                        ("lead", lead.into()),
                        ("commands", self.or_list(&commands).into()),
                    ],
                )
            }
            HelpState::Over => self.msg("help-over"),
        }
    }
}

/// Where the game stands, for the help text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpState {
    ReadBack,
    Question,
    YourMove,
    OpponentsMove,
    Over,
}

// ----- resuming a game from its journal ---------------------------------------------------

/// Whose turn it is at a resumption, and how the clocks stand, for [`Words::resumed`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResumedAt {
    /// The game goes on; `clock_runs_for_mover`: `Some(true)` the mover's clock runs,
    /// `Some(false)` the clocks stand, `None` no clock.
    Playing {
        player_to_move: bool,
        clock_runs_for_mover: Option<bool>,
    },
    /// The game is over with this result.
    Over { result: String },
}

impl Words {
    /// Where the game stands: "nach Zug 23" (after Black's move 23), "nach Zug 24 von Weiß",
    /// "vor dem ersten Zug".
    pub fn after_move(&self, last: Option<(u32, Color)>) -> String {
        match last {
            None => self.msg("resumed-before-first-move"),
            Some((n, Color::Black)) => self.msg_with("resumed-after-move", &[("count", n.into())]),
            Some((n, Color::White)) => {
                self.msg_with("resumed-after-white-move", &[("count", n.into())])
            }
        }
    }

    /// What the player hears when a game is resumed: "Partie fortgesetzt nach Zug 23, Sie sind
    /// am Zug, Ihre Uhr läuft."
    pub fn resumed(&self, last: Option<(u32, Color)>, at: &ResumedAt) -> String {
        let after = self.after_move(last);
        match at {
            ResumedAt::Over { result } => self.msg_with(
                "resumed-game-over",
                &[
                    ("after", after.into()),
                    ("result", self.game_over(result).into()),
                ],
            ),
            ResumedAt::Playing {
                player_to_move,
                clock_runs_for_mover,
            } => {
                let turn = self.msg(match (player_to_move, clock_runs_for_mover) {
                    (true, Some(true)) => "resumed-player-clock-runs",
                    (false, Some(true)) => "resumed-opponent-clock-runs",
                    (true, Some(false)) => "resumed-player-clocks-stopped",
                    (false, Some(false)) => "resumed-opponent-clocks-stopped",
                    (true, None) => "resumed-player-to-move",
                    (false, None) => "resumed-opponent-to-move",
                });
                self.msg_with(
                    "resumed-where",
                    &[("after", after.into()), ("turn", turn.into())],
                )
            }
        }
    }

    /// The player's move announced again to the opponent after a resumption (the
    /// announcement may not have been made before the interruption): "Noch einmal: Springer
    /// Felix drei".
    pub fn announce_again(&self, words: &str) -> String {
        self.msg_with("announce-again", &[("words", capitalize(words).into())])
    }

    /// The torn last line of a journal, dropped at a resumption.
    pub fn journal_torn_line(&self, line: usize) -> String {
        self.msg_with("journal-torn-line", &[("line", line.into())])
    }

    /// One damage found in a journal, in plain words with its line number.
    pub fn journal_damage(&self, problem: &JournalProblem) -> String {
        match problem {
            JournalProblem::TornLastLine { line, .. } => self.journal_torn_line(*line),
            JournalProblem::BrokenLine { line, .. } => {
                self.msg_with("journal-broken-line", &[("line", (*line).into())])
            }
            JournalProblem::Damaged { line, damage } => {
                let line = (*line).into();
                match damage {
                    Damage::ChecksumMismatch => {
                        self.msg_with("journal-changed-line", &[("line", line)])
                    }
                    Damage::NoChecksum => self.msg_with("journal-unsealed-line", &[("line", line)]),
                    Damage::Missing { count } => self.msg_with(
                        "journal-missing-lines",
                        &[("line", line), ("count", (*count).into())],
                    ),
                    Damage::OutOfOrder { .. } => {
                        self.msg_with("journal-line-out-of-place", &[("line", line)])
                    }
                    Damage::OutOfTime { .. } => {
                        self.msg_with("journal-line-out-of-time", &[("line", line)])
                    }
                }
            }
        }
    }

    /// The question before a damaged journal is resumed: from its last good line, or not.
    pub fn journal_resume_question(
        &self,
        last_good_line: usize,
        last: Option<(u32, Color)>,
    ) -> String {
        self.msg_with(
            "journal-resume-question",
            &[
                ("line", last_good_line.into()),
                ("after", self.after_move(last).into()),
            ],
        )
    }

    /// A damaged journal that was not resumed.
    pub fn journal_not_resumed(&self) -> String {
        self.msg("journal-not-resumed")
    }

    /// A damaged journal resumed with the player's or arbiter's consent.
    pub fn journal_resumed_after_damage(&self, last_good_line: usize) -> String {
        self.msg_with(
            "journal-resumed-after-damage",
            &[("line", last_good_line.into())],
        )
    }
}

/// What the player hears about input that was not read.
impl Words {
    /// A typed line longer than the limit (`bytes`) was refused; the game goes on.
    pub fn typed_line_too_long(&self, bytes: usize) -> String {
        self.msg_with("typed-line-too-long", &[("count", bytes.into())])
    }

    /// A typed line that is not text (not UTF-8) was refused; the game goes on.
    pub fn typed_line_not_text(&self) -> String {
        self.msg("typed-line-not-text")
    }
}

/// What the arbiter hears about time the program did not count on a clock.
impl Words {
    /// A time the arbiter is to rule on, and how to count it: one of the messages
    /// `wall-clock-went-back`, `downtime-too-long`, `computer-was-suspended`.
    fn uncounted_time(&self, id: &str, ms: u64) -> String {
        let words = crate::clock::spoken::duration_words(ms, self.catalog.lang());
        let duration = self.msg_with(
            "duration-with-seconds",
            &[("duration", words.into()), ("count", (ms / 1000).into())],
        );
        self.msg_with(
            id,
            &[
                ("duration", duration.into()),
                ("rules", self.msg("uncounted-time-rules").into()),
            ],
        )
    }

    /// At a resumption: the computer's wall clock is earlier than at the last journal entry.
    pub fn wall_clock_went_back(&self, ms: u64) -> String {
        self.uncounted_time("wall-clock-went-back", ms)
    }

    /// At a resumption: by the wall clock the program was down longer than is counted alone.
    pub fn downtime_too_long(&self, ms: u64) -> String {
        self.uncounted_time("downtime-too-long", ms)
    }

    /// During the game: the computer was suspended (it could neither hear nor announce).
    pub fn computer_was_suspended(&self, ms: u64) -> String {
        self.uncounted_time("computer-was-suspended", ms)
    }
}
