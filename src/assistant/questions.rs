//! Read-backs and the questions that follow them: which move was meant, the missing
//! promotion piece or origin, and the player's answer (D.2.1, D.2.3).
use super::*;

impl Live {
    pub(super) fn read_back(&mut self, mv: Move, exact: bool, now: u64, out: &mut Out) {
        let words = self.words.spoken(self.pos(), &mv);
        // A capture (unless the game gives captures the window) and a promotion have no
        // window: read back as any sure reading is, they are made by "ja" (D.2.3).
        let waits = mv.is_promotion() || (mv.is_capture() && !self.spec.capture_window);
        let window = exact && !waits && self.spec.confirm_ms > 0;
        // With `window_after_playback` the window starts when the shell reports the end of
        // the read-back's playback (`played`); otherwise now.
        let deadline = (window && !self.spec.window_after_playback)
            .then(|| now.saturating_add(self.spec.confirm_ms));
        let draw = matches!(self.pending, Pending::ReadBack { draw: true, .. });
        self.read_backs += 1;
        let no = self.read_backs;
        self.pending = Pending::ReadBack {
            mv,
            words: words.clone(),
            no,
            window,
            deadline,
            draw,
            sure: exact,
            held: None,
        };
        self.say_read_back(&mv, no, exact, now, out);
    }

    /// Whether `text` says the opponent's last move back as it was announced (issue 14: "David
    /// fünf" after "Gegner: David fünf"): the same words by meaning, leaving out fillers and
    /// "Schach", and nothing more. A capture word, an origin or another piece the
    /// announcement did not say makes it the player's own move. Only while that move is the
    /// last of the game.
    pub(super) fn repeats_opponents_move(&self, text: &str) -> bool {
        let Some(last) = self.game.moves().last() else {
            return false;
        };
        if last.color == self.player {
            return false;
        }
        let Some(before) = last
            .ply
            .checked_sub(1)
            .and_then(|p| self.game.position_at(p))
        else {
            return false;
        };
        let vocab = self.words.vocab();
        let meanings = |words: &str| -> Vec<Meaning> {
            split_words(words)
                .iter()
                .filter_map(|w| vocab.lookup(w))
                .filter(|m| {
                    !matches!(
                        m,
                        Meaning::Filler
                            | Meaning::Check
                            | Meaning::Mate
                            | Meaning::Request
                            | Meaning::Asking
                            | Meaning::Reading
                    )
                })
                .collect()
        };
        let announced = meanings(&self.words.spoken(before, &last.mv));
        !announced.is_empty() && meanings(text) == announced
    }

    /// Says the read-back of `mv` (its number `no`): a plain question when the reading was
    /// sure, "Meinten Sie …? Ja oder nein." when not.
    pub(super) fn say_read_back(
        &mut self,
        mv: &Move,
        no: u64,
        sure: bool,
        now: u64,
        out: &mut Out,
    ) {
        let words = self.words.spoken(self.pos(), mv);
        let text = if sure {
            self.words.read_back(&words)
        } else {
            self.words.read_back_inexact(&words)
        };
        let about = About::ReadBack {
            mv: self.move_facts(self.pos(), mv),
            no,
        };
        self.say(out, now, Listener::Player, text, about);
    }

    pub(super) fn ask(
        &mut self,
        kind: QuestionKind,
        mut candidates: Vec<Move>,
        now: u64,
        out: &mut Out,
    ) {
        // Said in a fixed order the player can expect: the pieces as D.2.1 lists them (König,
        // Dame, Turm, Läufer, Springer, Bauer), origins from the a-file to the h-file, then by rank.
        candidates.sort_by_key(|m| {
            (
                crate::vocab::role_index(m.role()),
                m.from().map(|s| (s.file(), s.rank())),
                m.promotion().map(crate::vocab::role_index),
            )
        });
        let pos = self.pos().clone();
        let text = match kind {
            QuestionKind::Which => {
                let mut names: Vec<String> = Vec::new();
                for mv in &candidates {
                    let name = if mv.promotion().is_some()
                        && candidates
                            .iter()
                            .filter(|c| c.from() == mv.from() && c.to() == mv.to())
                            .count()
                            > 1
                    {
                        self.words.by_origin(&pos, mv)
                    } else if candidates.iter().filter(|c| c.from() == mv.from()).count() > 1
                        || candidates.iter().any(|c| c.to() != mv.to())
                    {
                        // Moves to different squares (two readings of one utterance, "Eva
                        // vier oder Bella vier?"): each said in full.
                        self.words.spoken(&pos, mv)
                    } else {
                        self.words.by_origin(&pos, mv)
                    };
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
                self.words.which_of(&names)
            }
            QuestionKind::Promotion => self.words.which_promotion(candidates[0].to()),
            QuestionKind::Piece => {
                let mut roles: Vec<Role> = Vec::new();
                for mv in &candidates {
                    if !roles.contains(&mv.role()) {
                        roles.push(mv.role());
                    }
                }
                self.words.which_piece(candidates[0].to(), &roles)
            }
        };
        let about = About::Question {
            candidates: candidates.iter().map(|mv| self.game.uci(mv)).collect(),
        };
        self.pending = Pending::Question {
            kind,
            candidates,
            text: text.clone(),
        };
        self.say(out, now, Listener::Player, text, about);
    }

    /// An answer to a question: a command, a whole move, or the missing part.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn answer(
        &mut self,
        kind: QuestionKind,
        candidates: &[Move],
        question: &str,
        reading: &crate::interpret::Interpretation,
        text: &str,
        now: u64,
        out: &mut Out,
    ) {
        match reading.reading.clone() {
            Reading::Command(Command::No | Command::Correction) => {
                self.pending = Pending::Nothing;
                let t = self.words.cancelled();
                self.say(out, now, Listener::Player, t, About::Nothing);
                return;
            }
            Reading::Command(Command::Yes) if candidates.len() == 1 => {
                self.pending = Pending::Nothing;
                self.read_back(candidates[0], true, now, out);
                return;
            }
            Reading::Command(Command::Yes) => {
                let t = question.to_string();
                self.say(out, now, Listener::Player, t, About::Nothing);
                return;
            }
            Reading::Command(c) => {
                self.command(c, &reading.heard, By::Voice, now, out);
                return;
            }
            Reading::Move(mv) => {
                self.pending = Pending::Nothing;
                self.read_back(mv, reading.exact, now, out);
                return;
            }
            _ => {}
        }
        let narrowed = narrow(self.words.vocab(), kind, candidates, text);
        match narrowed.len() {
            1 => {
                self.pending = Pending::Nothing;
                self.read_back(narrowed[0], true, now, out);
            }
            0 => {
                let t = self.words.answer_not_fitting(text.trim(), question);
                self.say(out, now, Listener::Player, t, About::Nothing);
            }
            _ => {
                let all_same_square = narrowed
                    .iter()
                    .all(|m| m.from() == narrowed[0].from() && m.to() == narrowed[0].to());
                let next = if all_same_square {
                    QuestionKind::Promotion
                } else {
                    QuestionKind::Which
                };
                self.ask(next, narrowed, now, out);
            }
        }
    }
}

/// A square typed ("e7") or said in the vocabulary ("Eva sieben").
pub(super) fn parse_square(vocab: &Vocab, text: &str) -> Option<Square> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Ok(sq) = compact.to_ascii_lowercase().parse::<Square>() {
        return Some(sq);
    }
    let mut file = None;
    let mut rank = None;
    for w in split_words(text) {
        match vocab.word_index().get(&w) {
            Some(Meaning::File(f)) => file = Some(*f),
            Some(Meaning::Rank(r)) => rank = Some(*r),
            _ => match w.as_bytes() {
                [d @ b'1'..=b'8'] => rank = Some(d - b'1'),
                [l @ b'a'..=b'h'] => file = Some(l - b'a'),
                _ => {}
            },
        }
    }
    Some(Square::from_coords(
        shakmaty::File::new(u32::from(file?)),
        shakmaty::Rank::new(u32::from(rank?)),
    ))
}

/// Narrows the candidates of a question by what the answer names: pieces (the moving piece,
/// or the promotion piece), files, ranks, squares of the origin.
pub(super) fn narrow(
    vocab: &Vocab,
    kind: QuestionKind,
    candidates: &[Move],
    text: &str,
) -> Vec<Move> {
    let mut roles = Vec::new();
    let mut files = Vec::new();
    let mut ranks = Vec::new();
    for w in split_words(text) {
        match vocab.word_index().get(&w) {
            Some(Meaning::Piece(r)) => roles.push(*r),
            Some(Meaning::File(f)) => files.push(*f),
            Some(Meaning::Rank(r)) => ranks.push(*r),
            _ => match w.as_bytes() {
                [d @ b'1'..=b'8'] => ranks.push(d - b'1'),
                [l @ b'a'..=b'h'] => files.push(l - b'a'),
                _ => {}
            },
        }
    }
    if roles.is_empty() && files.is_empty() && ranks.is_empty() {
        return Vec::new();
    }
    candidates
        .iter()
        .copied()
        .filter(|mv| {
            let role_ok = roles.iter().all(|r| match kind {
                QuestionKind::Promotion => mv.promotion() == Some(*r),
                QuestionKind::Piece => mv.role() == *r,
                QuestionKind::Which => {
                    mv.role() == *r || (mv.promotion() == Some(*r) && *r != Role::Pawn)
                }
            });
            let from = mv.from();
            let file_ok = files
                .first()
                .is_none_or(|f| from.is_some_and(|s| s.file() as u8 == *f));
            let rank_ok = ranks
                .first()
                .is_none_or(|r| from.is_some_and(|s| s.rank() as u8 == *r));
            role_ok && file_ok && rank_ok
        })
        .collect()
}
