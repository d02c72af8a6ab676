//! The sentences the assistant says, in German and English: read-backs, questions, refusals,
//! announcements for the opponent, results. Moves and squares are said in the player's
//! vocabulary (the FIDE words by default); times come from [`crate::clock::spoken`].
use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::game::{EndReason, GameResult};
use crate::interpret::spoken_move;
use crate::journal::{Damage, JournalProblem};
use crate::lang::Lang;
use crate::vocab::{CastleSide, Command, Vocab};

/// The assistant's words for one language and vocabulary.
#[derive(Debug, Clone)]
pub struct Words {
    vocab: Vocab,
    lang: Lang,
}

impl Words {
    /// Words in the vocabulary's language.
    pub fn new(vocab: Vocab) -> Words {
        let lang = vocab.lang();
        Words { vocab, lang }
    }

    /// The vocabulary.
    pub fn vocab(&self) -> &Vocab {
        &self.vocab
    }

    fn t(&self, de: &str, en: &str) -> String {
        match self.lang {
            Lang::De => de.to_string(),
            Lang::En => en.to_string(),
        }
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
        spoken_move(pos, mv, &self.vocab)
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
        let or = self.t("oder", "or");
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} {or} {last}", init.join(", ")),
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
        match self.lang {
            Lang::De => format!("Meinten Sie {words}? Ja oder nein."),
            Lang::En => format!("Did you mean {words}? Yes or no."),
        }
    }

    pub fn made(&self) -> String {
        self.t("Ausgeführt.", "Made.")
    }

    pub fn withdrawn(&self) -> String {
        self.t("Zurückgenommen. Ihr Zug?", "Withdrawn. Your move?")
    }

    pub fn nothing_to_withdraw(&self) -> String {
        self.t(
            "Es gibt nichts zurückzunehmen.",
            "There is nothing to withdraw.",
        )
    }

    pub fn too_late_to_withdraw(&self) -> String {
        self.t(
            "Der Zug ist schon ausgeführt und die Uhr des Gegners läuft: keine Korrektur mehr.",
            "The move is made and your opponent's clock is running: it can no longer be corrected.",
        )
    }

    pub fn which_of(&self, options: &[String]) -> String {
        format!("{}?", capitalize(&self.or_list(options)))
    }

    pub fn which_promotion(&self, square: Square) -> String {
        let pieces: Vec<String> = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .iter()
            .map(|r| self.piece(*r))
            .collect();
        match self.lang {
            Lang::De => format!(
                "{}: welche Figur? {}?",
                self.square(square),
                self.or_list(&pieces)
            ),
            Lang::En => format!(
                "{}: which piece? {}?",
                capitalize(&self.square(square)),
                capitalize(&self.or_list(&pieces))
            ),
        }
    }

    pub fn which_piece(&self, square: Square, roles: &[Role]) -> String {
        let names: Vec<String> = roles.iter().map(|r| self.piece(*r)).collect();
        match self.lang {
            Lang::De => format!(
                "Welche Figur nach {}? {}?",
                self.square(square),
                self.or_list(&names)
            ),
            Lang::En => format!(
                "Which piece to {}? {}?",
                self.square(square),
                self.or_list(&names)
            ),
        }
    }

    pub fn not_possible(&self, heard: &str) -> String {
        match self.lang {
            Lang::De => format!("{heard}: nicht möglich."),
            Lang::En => format!("{heard}: not possible."),
        }
    }

    pub fn not_possible_because(&self, heard: &str, reason: &str) -> String {
        match self.lang {
            Lang::De => format!("{heard}: nicht möglich. {reason}"),
            Lang::En => format!("{heard}: not possible, {reason}."),
        }
    }

    pub fn not_understood(&self, heard: &str) -> String {
        if heard.trim().is_empty() {
            return self.t("Nicht verstanden.", "Not understood.");
        }
        match self.lang {
            Lang::De => format!("Nicht verstanden: {heard}."),
            Lang::En => format!("Not understood: {heard}."),
        }
    }

    pub fn answer_not_fitting(&self, heard: &str, question: &str) -> String {
        match self.lang {
            Lang::De => format!("{heard}: passt nicht. {question}"),
            Lang::En => format!("{heard} does not fit. {question}"),
        }
    }

    /// A refusal that says first what was heard (or entered): "eva vier: Der Gegner ist am
    /// Zug."
    pub fn heard_but(&self, heard: &str, sentence: &str) -> String {
        if heard.trim().is_empty() {
            sentence.to_string()
        } else {
            format!("{}: {sentence}", heard.trim())
        }
    }

    pub fn not_your_turn(&self, heard: &str) -> String {
        self.heard_but(
            heard,
            &self.t("Der Gegner ist am Zug.", "It is your opponent's move."),
        )
    }

    pub fn opponent_not_to_move(&self) -> String {
        self.t(
            "Der Spieler ist am Zug, nicht der Gegner.",
            "It is the player's move, not the opponent's.",
        )
    }

    pub fn opponent_moved(&self, words: &str) -> String {
        match self.lang {
            Lang::De => format!("Gegner: {words}."),
            Lang::En => format!("Opponent: {words}."),
        }
    }

    pub fn opponent_illegal(&self, text: &str) -> String {
        match self.lang {
            Lang::De => format!(
                "Der Gegner gab einen unmöglichen Zug an: {text}. Uhr anhalten und Schiedsrichter rufen? Ja oder nein."
            ),
            Lang::En => format!(
                "Your opponent entered an impossible move: {text}. Stop the clock and call the arbiter? Yes or no."
            ),
        }
    }

    pub fn opponent_illegal_for_opponent(&self, text: &str) -> String {
        match self.lang {
            Lang::De => format!("Dieser Zug ist nicht möglich: {text}. Bitte einen anderen Zug."),
            Lang::En => format!("That move is not possible: {text}. Please make another move."),
        }
    }

    pub fn arbiter_called(&self) -> String {
        self.t(
            "Die Uhren sind angehalten. Bitte den Schiedsrichter rufen.",
            "The clocks are stopped. Please call the arbiter.",
        )
    }

    /// What the arbiter hears when called: "Schiedsrichter bitte: " and why.
    pub fn arbiter_summoned(&self, why: &str) -> String {
        match self.lang {
            Lang::De => format!("Schiedsrichter bitte: {why}"),
            Lang::En => format!("Arbiter please: {why}"),
        }
    }

    /// Why, when the player asks for the arbiter (6.11.2).
    pub fn player_calls_arbiter(&self, player: Color) -> String {
        let side = self.side(player);
        match self.lang {
            Lang::De => format!("{side} bittet den Schiedsrichter an das Brett."),
            Lang::En => format!("{side} asks for the arbiter."),
        }
    }

    /// Why, after the opponent's impossible entry (7.5.1).
    pub fn impossible_entry_for_arbiter(&self, by: Color, entered: &str) -> String {
        let side = self.side(by);
        match self.lang {
            Lang::De => format!("{side} gab einen unmöglichen Zug an: {entered}."),
            Lang::En => format!("{side} entered an impossible move: {entered}."),
        }
    }

    pub fn cancelled(&self) -> String {
        self.t("Abgebrochen.", "Cancelled.")
    }

    pub fn no_clock(&self) -> String {
        self.t(
            "Es ist keine Bedenkzeit eingestellt.",
            "No time control is set.",
        )
    }

    pub fn nothing_said_yet(&self) -> String {
        self.t(
            "Es wurde noch nichts angesagt.",
            "Nothing has been said yet.",
        )
    }

    pub fn nothing_to_confirm(&self) -> String {
        self.t(
            "Es gibt nichts zu bestätigen.",
            "There is nothing to confirm.",
        )
    }

    pub fn draw_offered_to_opponent(&self) -> String {
        self.t("Remis wird angeboten.", "A draw is offered.")
    }

    pub fn draw_offer_sent(&self) -> String {
        self.t(
            "Ihr Remisangebot ist dem Gegner angesagt.",
            "Your draw offer has been announced to your opponent.",
        )
    }

    pub fn draw_offer_with_move(&self) -> String {
        self.t(
            "Remis wird mit dem Zug angeboten.",
            "A draw will be offered with the move.",
        )
    }

    pub fn draw_offer_before_move(&self) -> String {
        self.t(
            "Ihr Remisangebot ist angesagt. Nach den Regeln bietet man Remis nach dem eigenen Zug an.",
            "Your draw offer is announced. By the Laws a draw is offered after making one's move.",
        )
    }

    pub fn opponent_offers_draw(&self) -> String {
        self.t(
            "Der Gegner bietet Remis an. Sagen Sie Remis zum Annehmen oder Nein zum Ablehnen, oder ziehen Sie.",
            "Your opponent offers a draw. Say draw to accept, no to decline, or make your move.",
        )
    }

    pub fn draw_declined(&self) -> String {
        self.t("Remis abgelehnt.", "Draw declined.")
    }

    pub fn draw_offer_lapsed(&self) -> String {
        self.t(
            "Das Remisangebot ist mit dem Zug erloschen.",
            "The draw offer lapsed with the move.",
        )
    }

    pub fn draw_agreed(&self) -> String {
        self.t("Remis vereinbart.", "Draw agreed.")
    }

    pub fn claim_upheld(&self, kind: EndReason) -> String {
        let why = self.end_reason(kind);
        match self.lang {
            Lang::De => format!(
                "Remis reklamiert, die Uhr ist angehalten: {why}. Die Reklamation ist berechtigt."
            ),
            Lang::En => format!("Draw claimed, the clock is stopped: {why}. The claim is correct."),
        }
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
        let why = self.end_reason(kind);
        let side = self.side(by);
        match (self.lang, intended_san) {
            (Lang::De, Some(m)) => format!(
                "Remisreklamation von {side} nach Artikel {article}: {why}, mit dem beabsichtigten Zug {m}. Die Uhr ist angehalten."
            ),
            (Lang::De, None) => format!(
                "Remisreklamation von {side} nach Artikel {article}: {why}. Die Uhr ist angehalten."
            ),
            (Lang::En, Some(m)) => format!(
                "Draw claim by {side} under Article {article}: {why}, with the intended move {m}. The clock is stopped."
            ),
            (Lang::En, None) => format!(
                "Draw claim by {side} under Article {article}: {why}. The clock is stopped."
            ),
        }
    }

    /// "Weiß" / "Black".
    pub fn side(&self, side: Color) -> String {
        match side {
            Color::White => self.t("Weiß", "White"),
            Color::Black => self.t("Schwarz", "Black"),
        }
    }

    pub fn resign_question(&self) -> String {
        self.t(
            "Wollen Sie wirklich aufgeben? Ja oder nein.",
            "Do you really resign? Yes or no.",
        )
    }

    /// The game lost by illegal moves (7.5.5, 7.4.b), by colour: "Regelwidrige Züge von
    /// Schwarz (Artikel 7.5.5)".
    pub fn illegal_moves_end(&self, offender: Color, drawn: bool, article: &str) -> String {
        let (side, other) = (self.side(offender), self.side(!offender));
        match (self.lang, drawn) {
            (Lang::De, false) => format!("Regelwidrige Züge von {side} (Artikel {article})"),
            (Lang::De, true) => format!(
                "Regelwidrige Züge von {side}, aber {other} kann nicht mehr mattsetzen (Artikel {article})"
            ),
            (Lang::En, false) => format!("Illegal moves by {side} (Article {article})"),
            (Lang::En, true) => format!(
                "Illegal moves by {side}, but {other} can no longer checkmate (Article {article})"
            ),
        }
    }

    /// A resignation named by colour, for the opponent: "Weiß gibt auf".
    pub fn resigns(&self, side: Color) -> String {
        let side = self.side(side);
        match self.lang {
            Lang::De => format!("{side} gibt auf"),
            Lang::En => format!("{side} resigns"),
        }
    }

    /// A flag named by colour, for the opponent: "Zeitüberschreitung von Schwarz", and whether
    /// the other side can still mate (6.9).
    pub fn time_up(&self, flagged: Color, other_can_mate: bool) -> String {
        let (side, other) = (self.side(flagged), self.side(!flagged));
        match (self.lang, other_can_mate) {
            (Lang::De, true) => format!("Zeitüberschreitung von {side}"),
            (Lang::De, false) => {
                format!("Zeitüberschreitung von {side}, aber {other} kann nicht mehr mattsetzen")
            }
            (Lang::En, true) => format!("{side}'s time is up"),
            (Lang::En, false) => {
                format!("{side}'s time is up, but {other} can no longer checkmate")
            }
        }
    }

    pub fn resignation(&self) -> String {
        self.t("Aufgabe", "resignation")
    }

    pub fn opponent_resigned(&self) -> String {
        self.t("Der Gegner gibt auf", "your opponent resigns")
    }

    pub fn game_over(&self, result: &str) -> String {
        match self.lang {
            Lang::De => format!("Die Partie ist beendet: {}.", self.result_words(result)),
            Lang::En => format!("The game is over: {}.", self.result_words(result)),
        }
    }

    pub fn not_started(&self) -> String {
        self.t(
            "Die Partie hat noch nicht begonnen.",
            "The game has not started yet.",
        )
    }

    /// A result as words: "eins zu null", "remis".
    pub fn result_words(&self, result: &str) -> String {
        match (self.lang, result) {
            (Lang::De, "1-0") => "eins zu null für Weiß".into(),
            (Lang::De, "0-1") => "null zu eins für Schwarz".into(),
            (Lang::De, "1/2-1/2") => "remis".into(),
            (Lang::En, "1-0") => "White wins".into(),
            (Lang::En, "0-1") => "Black wins".into(),
            (Lang::En, "1/2-1/2") => "a draw".into(),
            (_, other) => other.into(),
        }
    }

    pub fn end_reason(&self, reason: EndReason) -> String {
        match reason {
            EndReason::Checkmate => self.t("Schachmatt", "checkmate"),
            EndReason::Stalemate => self.t("Patt", "stalemate"),
            EndReason::DeadPosition => self.t(
                "tote Stellung, kein Matt mehr möglich",
                "dead position, no mate is possible",
            ),
            EndReason::FivefoldRepetition => self.t(
                "fünfmalige Stellungswiederholung",
                "the same position for the fifth time",
            ),
            EndReason::SeventyFiveMoves => self.t(
                "75 Züge ohne Bauernzug und ohne Schlagen",
                "75 moves without a pawn move or capture",
            ),
            EndReason::ThreefoldRepetitionClaim => self.t(
                "dreimalige Stellungswiederholung",
                "the same position for the third time",
            ),
            EndReason::FiftyMovesClaim => self.t(
                "50 Züge ohne Bauernzug und ohne Schlagen",
                "50 moves without a pawn move or capture",
            ),
        }
    }

    /// The end of a game for the player: "Schachmatt. Sie haben gewonnen."
    pub fn game_ended(&self, reason: &str, result: GameResult, player: Color) -> String {
        let reason = capitalize(reason.trim_end_matches('.'));
        if result == GameResult::Draw && (reason.starts_with("Remis") || reason.starts_with("Draw"))
        {
            // "Remis vereinbart.", not "Remis vereinbart. Remis."
            return format!("{reason}.");
        }
        let outcome = match (result, player) {
            (GameResult::Draw, _) => self.t("Remis.", "Draw."),
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
                self.t("Sie haben gewonnen.", "You win.")
            }
            _ => self.t("Sie haben verloren.", "You lose."),
        };
        format!("{reason}. {outcome}")
    }

    /// The end of a game for the opponent.
    pub fn game_ended_for_opponent(&self, reason: &str, result: GameResult) -> String {
        format!(
            "{}: {}.",
            capitalize(reason.trim_end_matches('.')),
            self.result_words(result.as_str())
        )
    }

    pub fn time_claim_cannot_mate(&self) -> String {
        self.t(
            "Zeitüberschreitung des Gegners, aber Sie können nicht mehr mattsetzen",
            "your opponent's time is up, but you can no longer checkmate",
        )
    }

    pub fn time_claim_won(&self) -> String {
        self.t(
            "Zeitüberschreitung des Gegners, reklamiert",
            "your opponent's time is up, claimed",
        )
    }

    pub fn own_time_lost(&self) -> String {
        self.t(
            "Zeitüberschreitung, vom Gegner reklamiert",
            "your time is up, claimed by your opponent",
        )
    }

    pub fn own_time_draw(&self) -> String {
        self.t(
            "Zeitüberschreitung, aber der Gegner kann nicht mehr mattsetzen",
            "your time is up, but your opponent can no longer checkmate",
        )
    }

    pub fn no_flag_to_claim(&self) -> String {
        self.t(
            "Die Zeit des Spielers ist nicht abgelaufen: keine Reklamation möglich.",
            "The player's time is not up: there is nothing to claim.",
        )
    }

    /// "den Springer" / "die Dame" / "den Bauern"; "the knight".
    fn piece_accusative(&self, role: Role) -> String {
        let name = self.piece(role);
        match (self.lang, role) {
            (Lang::De, Role::Queen) => format!("die {name}"),
            (Lang::De, Role::Pawn) if name == "Bauer" => "den Bauern".into(),
            (Lang::De, _) => format!("den {name}"),
            (Lang::En, _) => format!("the {name}"),
        }
    }

    /// D.2.9.e, for the arbiter: who touched what, by colour and in print notation.
    pub fn touch_report_for_arbiter(
        &self,
        by: Color,
        square: Square,
        role: Option<Role>,
    ) -> String {
        let side = self.side(by);
        let what = match role {
            Some(r) => format!("{square} ({})", self.piece(r)),
            None => square.to_string(),
        };
        match self.lang {
            Lang::De => format!(
                "Meldung an den Schiedsrichter (Artikel D.2.9.e): {side} hat die Figur auf {what} berührt."
            ),
            Lang::En => format!(
                "Report to the arbiter (Article D.2.9.e): {side} touched the piece on {what}."
            ),
        }
    }

    /// D.2.9.e, for the player: "Der Gegner hat den Springer auf Gustav eins berührt."
    pub fn touch_report_for_player(&self, square: Square, role: Option<Role>) -> String {
        let on = self.square(square);
        match (self.lang, role) {
            (Lang::De, Some(r)) => format!(
                "Der Gegner hat {} auf {on} berührt. Der Schiedsrichter ist informiert.",
                self.piece_accusative(r)
            ),
            (Lang::De, None) => {
                format!("Der Gegner hat das Feld {on} berührt. Der Schiedsrichter ist informiert.")
            }
            (Lang::En, Some(r)) => format!(
                "Your opponent touched {} on {on}. The arbiter is informed.",
                self.piece_accusative(r)
            ),
            (Lang::En, None) => {
                format!("Your opponent touched the square {on}. The arbiter is informed.")
            }
        }
    }

    pub fn bad_square(&self, text: &str) -> String {
        match self.lang {
            Lang::De => format!("{text} ist kein Feld."),
            Lang::En => format!("{text} is not a square."),
        }
    }

    pub fn adjourn_player_seals(&self) -> String {
        self.t(
            "Die Partie wird unterbrochen. Ihr nächster Zug wird abgegeben: Sagen Sie ihn, er wird nur notiert und nicht angesagt.",
            "The game is adjourned. Your next move is sealed: say it; it is only recorded, not announced.",
        )
    }

    pub fn adjourn_opponent_seals(&self) -> String {
        self.t(
            "Die Partie wird unterbrochen. Der Gegner gibt seinen Zug ab.",
            "The game is adjourned. Your opponent seals a move.",
        )
    }

    pub fn sealed_for_player(&self, words: &str) -> String {
        match self.lang {
            Lang::De => format!("Abgegebener Zug notiert: {words}. Die Uhren sind angehalten."),
            Lang::En => format!("Sealed move recorded: {words}. The clocks are stopped."),
        }
    }

    pub fn sealed_for_others(&self) -> String {
        self.t(
            "Der Zug ist abgegeben; die Uhren sind angehalten.",
            "The move is sealed; the clocks are stopped.",
        )
    }

    pub fn resumed_with(&self, words: &str) -> String {
        match self.lang {
            Lang::De => format!("Fortsetzung. Der abgegebene Zug: {words}."),
            Lang::En => format!("Resumption. The sealed move: {words}."),
        }
    }

    pub fn adjourned(&self) -> String {
        self.t(
            "Die Partie ist unterbrochen. Der abgegebene Zug wird bei der Fortsetzung ausgeführt.",
            "The game is adjourned. The sealed move is made when it resumes.",
        )
    }

    pub fn nothing_sealed(&self) -> String {
        self.t(
            "Es gibt keinen abgegebenen Zug.",
            "There is no sealed move.",
        )
    }

    pub fn clocks_paused(&self) -> String {
        self.t("Die Uhren sind angehalten.", "The clocks are stopped.")
    }

    pub fn clocks_resumed(&self) -> String {
        self.t("Die Uhr läuft wieder.", "The clock runs again.")
    }

    pub fn time_changed(&self, report: &str) -> String {
        match self.lang {
            Lang::De => format!("Der Schiedsrichter hat die Zeit geändert. {report}"),
            Lang::En => format!("The arbiter changed the time. {report}"),
        }
    }

    pub fn position_reset(&self, ply: usize, last: Option<&str>) -> String {
        let moves = ply.div_ceil(2);
        match (self.lang, last) {
            (Lang::De, Some(l)) => {
                format!("Der Schiedsrichter hat die Stellung zurückgesetzt, nach Zug {moves}: {l}.")
            }
            (Lang::De, None) => {
                "Der Schiedsrichter hat die Stellung auf den Anfang zurückgesetzt.".into()
            }
            (Lang::En, Some(l)) => {
                format!("The arbiter reset the position to after move {moves}: {l}.")
            }
            (Lang::En, None) => "The arbiter reset the position to the start.".into(),
        }
    }

    pub fn arbiter_result(&self, result: &str, reason: &str) -> String {
        match self.lang {
            Lang::De => format!(
                "Entscheidung des Schiedsrichters: {}. {reason}",
                self.result_words(result)
            ),
            Lang::En => format!(
                "The arbiter's decision: {}. {reason}",
                self.result_words(result)
            ),
        }
    }

    pub fn not_in_tournament(&self) -> String {
        self.t(
            "Das ist im Turniermodus nicht erlaubt.",
            "That is not allowed in tournament mode.",
        )
    }

    pub fn journal_failed(&self, why: &str) -> String {
        match self.lang {
            Lang::De => format!(
                "Achtung: das Spielprotokoll kann nicht geschrieben werden ({why}). Die Eingabe ist nicht ausgeführt."
            ),
            Lang::En => format!(
                "Warning: the game journal cannot be written ({why}). The input was not carried out."
            ),
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
            self.t("Sie sind am Zug.", "It is your move.")
        } else {
            self.t("Der Gegner ist am Zug.", "It is your opponent's move.")
        };
        match self.lang {
            Lang::De => format!("Ihre Figuren: {own}. Gegner: {opp}. {turn}"),
            Lang::En => format!("Your pieces: {own}. Opponent: {opp}. {turn}"),
        }
    }

    /// A kind of piece in the plural: "Springer", "Damen", "Türme"; "knights".
    fn pieces(&self, role: Role) -> String {
        let name = self.piece(role);
        match self.lang {
            Lang::De => match name.as_str() {
                "König" => "Könige".into(),
                "Dame" => "Damen".into(),
                "Turm" => "Türme".into(),
                "Bauer" => "Bauern".into(),
                _ => name,
            },
            Lang::En => format!("{name}s"),
        }
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
        match (self.lang, piece) {
            (Lang::De, None) => format!("{on}: leer."),
            (Lang::En, None) => format!("{on}: empty."),
            (Lang::De, Some(p)) if p.color == player => {
                let own = if p.role == Role::Queen { "Ihre" } else { "Ihr" };
                format!("{on}: {own} {}.", self.piece(p.role))
            }
            (Lang::De, Some(p)) => format!("{on}: {} des Gegners.", self.piece(p.role)),
            (Lang::En, Some(p)) if p.color == player => {
                format!("{on}: your {}.", self.piece(p.role))
            }
            (Lang::En, Some(p)) => format!("{on}: your opponent's {}.", self.piece(p.role)),
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
                self.t("keine", "none")
            } else {
                list.join(", ")
            }
        };
        let (own, theirs, plural) = (squares(player), squares(!player), self.pieces(role));
        match self.lang {
            Lang::De => format!("Ihre {plural}: {own}. {plural} des Gegners: {theirs}."),
            Lang::En => format!("Your {plural}: {own}. Your opponent's {plural}: {theirs}."),
        }
    }

    /// What can be said now.
    pub fn help(&self, state: HelpState) -> String {
        let w = |c: Command| self.vocab.command_word(c).unwrap_or("").to_string();
        match state {
            HelpState::ReadBack => match self.lang {
                Lang::De => format!(
                    "{} bestätigt den Zug, {} oder {} nimmt ihn zurück, oder sagen Sie einen anderen Zug.",
                    w(Command::Yes),
                    w(Command::No),
                    w(Command::Correction)
                ),
                Lang::En => format!(
                    "{} confirms the move, {} or {} withdraws it, or say another move.",
                    w(Command::Yes),
                    w(Command::No),
                    w(Command::Correction)
                ),
            },
            HelpState::Question => match self.lang {
                Lang::De => format!(
                    "Beantworten Sie die Frage, oder {} zum Abbrechen.",
                    w(Command::No)
                ),
                Lang::En => format!("Answer the question, or {} to cancel.", w(Command::No)),
            },
            HelpState::YourMove | HelpState::OpponentsMove => {
                let lead = if state == HelpState::YourMove {
                    self.t(
                        "Sie sind am Zug: sagen Sie Figur und Feld, zum Beispiel Springer Felix drei.",
                        "It is your move: say the piece and the square, for example knight foxtrot three.",
                    )
                } else {
                    self.t("Der Gegner ist am Zug.", "It is your opponent's move.")
                };
                let commands = [
                    Command::Time,
                    Command::Moves,
                    Command::Repeat,
                    Command::Draw,
                    Command::Resign,
                    Command::Arbiter,
                ]
                .iter()
                .map(|c| w(*c))
                .collect::<Vec<_>>();
                match self.lang {
                    Lang::De => format!("{lead} Außerdem: {}.", self.or_list(&commands)),
                    Lang::En => format!("{lead} Also: {}.", self.or_list(&commands)),
                }
            }
            HelpState::Over => self.t(
                "Die Partie ist beendet. Zeit, Züge und Wiederholen gehen noch.",
                "The game is over. Time, moves and repeat still work.",
            ),
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

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
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
        match (self.lang, last) {
            (Lang::De, None) => "vor dem ersten Zug".into(),
            (Lang::En, None) => "before the first move".into(),
            (Lang::De, Some((n, Color::Black))) => format!("nach Zug {n}"),
            (Lang::En, Some((n, Color::Black))) => format!("after move {n}"),
            (Lang::De, Some((n, Color::White))) => format!("nach Zug {n} von Weiß"),
            (Lang::En, Some((n, Color::White))) => format!("after White's move {n}"),
        }
    }

    /// What the player hears when a game is resumed: "Partie fortgesetzt nach Zug 23, Sie sind
    /// am Zug, Ihre Uhr läuft."
    pub fn resumed(&self, last: Option<(u32, Color)>, at: &ResumedAt) -> String {
        let after = self.after_move(last);
        match (self.lang, at) {
            (Lang::De, ResumedAt::Over { result }) => {
                format!("Partie wieder geöffnet {after}. {}", self.game_over(result))
            }
            (Lang::En, ResumedAt::Over { result }) => {
                format!("Game reopened {after}. {}", self.game_over(result))
            }
            (
                _,
                ResumedAt::Playing {
                    player_to_move,
                    clock_runs_for_mover,
                },
            ) => {
                let turn = match (player_to_move, clock_runs_for_mover) {
                    (true, Some(true)) => self.t(
                        "Sie sind am Zug, Ihre Uhr läuft",
                        "it is your move, your clock is running",
                    ),
                    (false, Some(true)) => self.t(
                        "der Gegner ist am Zug, seine Uhr läuft",
                        "it is your opponent's move, their clock is running",
                    ),
                    (true, Some(false)) => self.t(
                        "Sie sind am Zug, die Uhren stehen",
                        "it is your move, the clocks are stopped",
                    ),
                    (false, Some(false)) => self.t(
                        "der Gegner ist am Zug, die Uhren stehen",
                        "it is your opponent's move, the clocks are stopped",
                    ),
                    (true, None) => self.t("Sie sind am Zug", "it is your move"),
                    (false, None) => self.t("der Gegner ist am Zug", "it is your opponent's move"),
                };
                match self.lang {
                    Lang::De => format!("Partie fortgesetzt {after}, {turn}."),
                    Lang::En => format!("Game resumed {after}, {turn}."),
                }
            }
        }
    }

    /// The player's move announced again to the opponent after a resumption (the
    /// announcement may not have been made before the interruption): "Noch einmal: Springer
    /// Felix drei".
    pub fn announce_again(&self, words: &str) -> String {
        match self.lang {
            Lang::De => format!("Noch einmal: {}", capitalize(words)),
            Lang::En => format!("Once more: {}", capitalize(words)),
        }
    }

    /// The torn last line of a journal, dropped at a resumption.
    pub fn journal_torn_line(&self, line: usize) -> String {
        match self.lang {
            Lang::De => format!(
                "Die letzte Zeile des Journals, Zeile {line}, war unvollständig, weil das Programm beim Schreiben unterbrochen wurde. Sie ist verworfen und beiseite gespeichert."
            ),
            Lang::En => format!(
                "The last line of the journal, line {line}, was incomplete: the program stopped while writing it. It was dropped and saved aside."
            ),
        }
    }

    /// One damage found in a journal, in plain words with its line number.
    pub fn journal_damage(&self, problem: &JournalProblem) -> String {
        let de = self.lang == Lang::De;
        match problem {
            JournalProblem::TornLastLine { line, .. } => self.journal_torn_line(*line),
            JournalProblem::BrokenLine { line, .. } => {
                if de {
                    format!("Zeile {line} des Journals ist unlesbar.")
                } else {
                    format!("Line {line} of the journal cannot be read.")
                }
            }
            JournalProblem::Damaged { line, damage } => match (damage, de) {
                (Damage::ChecksumMismatch, true) => {
                    format!(
                        "Zeile {line} des Journals wurde verändert: ihre Prüfsumme stimmt nicht."
                    )
                }
                (Damage::ChecksumMismatch, false) => {
                    format!("Line {line} of the journal was changed: its checksum does not match.")
                }
                (Damage::NoChecksum, true) => {
                    format!("Zeile {line} des Journals hat keine Prüfsumme.")
                }
                (Damage::NoChecksum, false) => {
                    format!("Line {line} of the journal has no checksum.")
                }
                (Damage::Missing { count: 1 }, true) => {
                    format!("Vor Zeile {line} des Journals fehlt eine Zeile.")
                }
                (Damage::Missing { count }, true) => {
                    format!("Vor Zeile {line} des Journals fehlen {count} Zeilen.")
                }
                (Damage::Missing { count: 1 }, false) => {
                    format!("A line is missing before line {line} of the journal.")
                }
                (Damage::Missing { count }, false) => {
                    format!("{count} lines are missing before line {line} of the journal.")
                }
                (Damage::OutOfOrder { .. }, true) => {
                    format!("Zeile {line} des Journals steht nicht an ihrem Platz.")
                }
                (Damage::OutOfOrder { .. }, false) => {
                    format!("Line {line} of the journal is out of its place.")
                }
                (Damage::OutOfTime { .. }, true) => {
                    format!("Zeile {line} des Journals hat eine frühere Zeit als die Zeile davor.")
                }
                (Damage::OutOfTime { .. }, false) => {
                    format!(
                        "Line {line} of the journal has an earlier time than the line before it."
                    )
                }
            },
        }
    }

    /// The question before a damaged journal is resumed: from its last good line, or not.
    pub fn journal_resume_question(
        &self,
        last_good_line: usize,
        last: Option<(u32, Color)>,
    ) -> String {
        let after = self.after_move(last);
        match self.lang {
            Lang::De => format!(
                "Die Partie kann ab Zeile {last_good_line} des Journals fortgesetzt werden, {after}. Was danach steht, bleibt im Journal, wird aber nicht verwendet. Fortsetzen? Ja oder nein."
            ),
            Lang::En => format!(
                "The game can be resumed from line {last_good_line} of the journal, {after}. What follows stays in the journal but is not used. Resume? Yes or no."
            ),
        }
    }

    /// A damaged journal that was not resumed.
    pub fn journal_not_resumed(&self) -> String {
        self.t(
            "Nicht fortgesetzt. Das Journal ist unverändert.",
            "Not resumed. The journal is unchanged.",
        )
    }

    /// A damaged journal resumed with the player's or arbiter's consent.
    pub fn journal_resumed_after_damage(&self, last_good_line: usize) -> String {
        match self.lang {
            Lang::De => format!(
                "Fortgesetzt ab Zeile {last_good_line}; die beschädigten Zeilen bleiben im Journal, beiseitegelegt."
            ),
            Lang::En => format!(
                "Resumed from line {last_good_line}; the damaged lines stay in the journal, set aside."
            ),
        }
    }
}

/// What the player hears about input that was not read.
impl Words {
    /// A typed line longer than the limit (`bytes`) was refused; the game goes on.
    pub fn typed_line_too_long(&self, bytes: usize) -> String {
        match self.lang {
            Lang::De => format!(
                "Die Eingabe ist länger als {bytes} Zeichen und wurde nicht gelesen. Bitte kürzer eingeben."
            ),
            Lang::En => format!(
                "The line is longer than {bytes} characters and was not read. Please type it shorter."
            ),
        }
    }

    /// A typed line that is not text (not UTF-8) was refused; the game goes on.
    pub fn typed_line_not_text(&self) -> String {
        self.t(
            "Die Eingabe ist kein lesbarer Text und wurde nicht gelesen.",
            "The line is not readable text and was not read.",
        )
    }
}

/// What the arbiter hears about time the program did not count on a clock.
impl Words {
    fn time_and_seconds(&self, ms: u64) -> String {
        let words = crate::clock::spoken::duration_words(ms, self.lang);
        match self.lang {
            Lang::De => format!("{words} ({} Sekunden)", ms / 1000),
            Lang::En => format!("{words} ({} seconds)", ms / 1000),
        }
    }

    fn arbiter_rules(&self) -> String {
        self.t(
            "Sie ist keiner Uhr angerechnet. Bitte entscheiden Sie; anrechnen mit !zeit weiss -Sekunden oder !zeit schwarz -Sekunden.",
            "It was not counted on either clock. Please decide; to count it, !time white -SECONDS or !time black -SECONDS.",
        )
    }

    /// At a resumption: the computer's wall clock is earlier than at the last journal entry.
    pub fn wall_clock_went_back(&self, ms: u64) -> String {
        let back = self.time_and_seconds(ms);
        match self.lang {
            Lang::De => format!(
                "Die Uhrzeit des Computers ist seit dem letzten Journaleintrag um {back} zurückgegangen; die Dauer der Unterbrechung ist unbekannt. {}",
                self.arbiter_rules()
            ),
            Lang::En => format!(
                "The computer's clock went back by {back} since the last journal entry; how long the interruption lasted is unknown. {}",
                self.arbiter_rules()
            ),
        }
    }

    /// At a resumption: by the wall clock the program was down longer than is counted alone.
    pub fn downtime_too_long(&self, ms: u64) -> String {
        let down = self.time_and_seconds(ms);
        match self.lang {
            Lang::De => format!(
                "Das Programm war laut Uhrzeit des Computers {down} unterbrochen, zu lange, um sie ohne Sie anzurechnen. {}",
                self.arbiter_rules()
            ),
            Lang::En => format!(
                "By the computer's clock the program was down for {down}, too long to count without you. {}",
                self.arbiter_rules()
            ),
        }
    }

    /// During the game: the computer was suspended (it could neither hear nor announce).
    pub fn computer_was_suspended(&self, ms: u64) -> String {
        let suspended = self.time_and_seconds(ms);
        match self.lang {
            Lang::De => format!(
                "Der Computer war {suspended} im Ruhezustand; in dieser Zeit konnte Rochade nichts hören und nichts ansagen. {}",
                self.arbiter_rules()
            ),
            Lang::En => format!(
                "The computer was suspended for {suspended}; meanwhile Rochade could neither hear nor announce anything. {}",
                self.arbiter_rules()
            ),
        }
    }
}
