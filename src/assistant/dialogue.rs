//! The player's questions about what was said and played, and the start on the arbiter's
//! signal: "Wiederholen" (the last news for the player, never a bare "Ausgeführt."), "Letzter
//! Zug" (the last move, whoever made it), "Partieformular ab Zug zwölf" (his own scoresheet
//! read aloud: his record, D.2.5 and D.2.7, so allowed in tournament mode too), and the clock
//! that waits for the arbiter's "Start" (6.5) when the game was started with
//! `start_on_signal`.
use super::protocol::{Effect, RATE_STEP, SPEECH_RATES, SPEECH_VOLUMES, VOLUME_STEP};
use super::{About, Listener, Live, Out, Pending, ReadOut};
use crate::numbers::cardinal;
use crate::vocab::{Command, normalize_word, split_words};

/// The highest move number a request names: longer games than this do not exist.
const MAX_MOVE_NUMBER: u32 = 600;

impl Live {
    /// "Lauter", "leiser", "schneller", "langsamer": the speech output's volume or rate one
    /// step on, within its range, said at the new setting (the `about` carries it for the
    /// shell). It tells nothing about the game, so it is allowed in tournament mode and after
    /// the game; it is neither news to repeat nor the last sentence, so "Wiederholen" still
    /// repeats what waits (a read-back) or the last news.
    pub(super) fn speech_setting(&mut self, command: Command, now: u64, out: &mut Out) {
        let (volume, rate) = (self.speech_volume, self.speech_rate);
        let (next_volume, next_rate, changed, limit) = match command {
            Command::Louder => {
                let v = volume
                    .saturating_add(VOLUME_STEP)
                    .min(*SPEECH_VOLUMES.end());
                (v, rate, "speech-louder", "speech-loudest")
            }
            Command::Softer => {
                let v = volume
                    .saturating_sub(VOLUME_STEP)
                    .max(*SPEECH_VOLUMES.start());
                (v, rate, "speech-softer", "speech-softest")
            }
            Command::Faster => {
                let r = rate.saturating_add(RATE_STEP).min(*SPEECH_RATES.end());
                (volume, r, "speech-faster", "speech-fastest")
            }
            Command::Slower => {
                let r = rate.saturating_sub(RATE_STEP).max(*SPEECH_RATES.start());
                (volume, r, "speech-slower", "speech-slowest")
            }
            _ => return,
        };
        let unchanged = (next_volume, next_rate) == (volume, rate);
        self.speech_volume = next_volume;
        self.speech_rate = next_rate;
        let text = self
            .words
            .speech_setting(if unchanged { limit } else { changed });
        out.push(
            now,
            Effect::Say {
                to: Listener::Player,
                text,
                about: About::Speech {
                    volume: next_volume,
                    rate: next_rate,
                },
            },
        );
    }

    /// "Wiederholen": while a read-back or question waits, the last sentence (it asks what
    /// waits, or answered a request meanwhile); otherwise the last news for the player.
    pub(super) fn repeat(&mut self, now: u64, out: &mut Out) {
        let again = if matches!(self.pending, Pending::Nothing) {
            self.news.clone()
        } else {
            self.last_said.clone().or_else(|| self.news.clone())
        };
        match again {
            Some((text, about)) => self.say(out, now, Listener::Player, text, about),
            None => {
                let t = self.words.nothing_said_yet();
                self.say(out, now, Listener::Player, t, About::Nothing);
            }
        }
    }

    /// "Letzter Zug": the last move in the player's words, the opponent's as it was announced
    /// to him ("Gegner: …"), his own as "Ihr letzter Zug: …".
    pub(super) fn say_last_move(&mut self, now: u64, out: &mut Out) {
        let ply = self.game.ply();
        let last = self.game.moves().last().map(|m| (m.color, m.mv));
        let before = ply.checked_sub(1).and_then(|p| self.game.position_at(p));
        let (Some((by, mv)), Some(before)) = (last, before.cloned()) else {
            let t = self.words.no_move_yet();
            self.say(out, now, Listener::Player, t, About::Nothing);
            return;
        };
        let words = self.words.spoken(&before, &mv);
        let text = if by == self.player {
            self.words.last_move_own(&words)
        } else {
            self.words.opponent_moved(&words)
        };
        let about = self.move_about(&before, &mv);
        self.say(out, now, Listener::Player, text, about);
    }

    /// The scoresheet read aloud from move `from` (from the first move when `None`), each
    /// move with its number, in the player's words.
    pub(super) fn read_scoresheet(&mut self, from: Option<u32>, now: u64, out: &mut Out) {
        let moves = self.game.moves();
        let (Some(first), Some(last)) = (moves.first(), moves.last()) else {
            let t = self.words.scoresheet_empty();
            self.say(out, now, Listener::Player, t, About::Nothing);
            return;
        };
        let from = from.unwrap_or(first.fullmove_number);
        if from > last.fullmove_number {
            let t = self.words.scoresheet_not_yet(from);
            self.say(out, now, Listener::Player, t, About::Nothing);
            return;
        }
        // (number, White's words, Black's words) for each move number from `from` on.
        let mut rows: Vec<(u32, Option<String>, Option<String>)> = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            if m.fullmove_number < from {
                continue;
            }
            let Some(before) = self.game.position_at(i) else {
                continue;
            };
            let words = self.words.spoken(before, &m.mv);
            if rows.last().is_none_or(|r| r.0 != m.fullmove_number) {
                rows.push((m.fullmove_number, None, None));
            }
            if let Some(row) = rows.last_mut() {
                match m.color {
                    shakmaty::Color::White => row.1 = Some(words),
                    shakmaty::Color::Black => row.2 = Some(words),
                }
            }
        }
        let text = rows
            .iter()
            .map(|(n, w, b)| self.words.scoresheet_move(*n, w.as_deref(), b.as_deref()))
            .collect::<Vec<_>>()
            .join(" ");
        let about = About::ReadOut(ReadOut::Scoresheet);
        self.say(out, now, Listener::Player, text, about);
    }

    /// "Partieformular ab Zug zwölf", "scoresheet from move 12": the scoresheet command, the
    /// words of `from_move` and a move number (in words of the player's vocabulary, or
    /// digits). Read aloud; returns whether the words were such a request. The command alone
    /// is read by the interpreter like any command.
    pub(super) fn scoresheet_query(&mut self, text: &str, now: u64, out: &mut Out) -> bool {
        match self.scoresheet_from(text) {
            Some(from) => {
                self.read_scoresheet(Some(from), now, out);
                true
            }
            None => false,
        }
    }

    fn scoresheet_from(&self, text: &str) -> Option<u32> {
        let vocab = self.words.vocab();
        let words = split_words(text);
        let phrase = |p: &String| -> Vec<String> { split_words(p) };
        let rest = vocab
            .command_words(Command::Scoresheet)
            .iter()
            .map(phrase)
            .filter(|p| !p.is_empty() && words.starts_with(p))
            .map(|p| &words[p.len()..])
            .min_by_key(|rest| rest.len())?;
        let number = vocab
            .from_move_words()
            .iter()
            .map(phrase)
            .filter(|p| !p.is_empty() && rest.starts_with(p))
            .map(|p| &rest[p.len()..])
            .min_by_key(|rest| rest.len())?;
        move_number(number, vocab.lang())
    }

    /// The arbiter's signal: the clock of the side to move starts, if the game waited for it.
    /// Returns whether it did.
    pub(super) fn begin_on_signal(&mut self, now: u64, out: &mut Out) -> bool {
        if !self.awaiting_signal || self.ended.is_some() {
            return false;
        }
        self.awaiting_signal = false;
        let to_move = self.game.side_to_move();
        if let Some(clock) = self.clock.as_mut() {
            let events = clock.start(to_move, now).unwrap_or_default();
            self.clock_events(events, now, out);
            self.clock_started_at = Some(now);
        }
        let t = self.words.game_begins();
        self.say(out, now, Listener::Player, t.clone(), About::Nothing);
        self.say(out, now, Listener::Opponent, t, About::Nothing);
        self.clock_effect(now, out);
        true
    }
}

/// A move number said in words of `lang` ("zwölf", "twenty one", "twenty-one") or written in
/// digits, from 1 to [`MAX_MOVE_NUMBER`].
fn move_number(words: &[String], lang: crate::lang::Lang) -> Option<u32> {
    let joined: String = words.concat();
    if joined.is_empty() {
        return None;
    }
    let n = if joined.bytes().all(|b| b.is_ascii_digit()) {
        joined.parse().ok()?
    } else {
        let bare = |s: &str| -> String {
            normalize_word(s)
                .chars()
                .filter(|c| c.is_alphanumeric())
                .collect()
        };
        (1..=MAX_MOVE_NUMBER).find(|n| bare(&cardinal(u64::from(*n), lang)) == joined)?
    };
    (1..=MAX_MOVE_NUMBER).contains(&n).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::move_number;
    use crate::lang::Lang;
    use crate::vocab::split_words;

    #[test]
    fn move_numbers_in_words_and_digits() {
        assert_eq!(move_number(&split_words("zwölf"), Lang::De), Some(12));
        assert_eq!(
            move_number(&split_words("einundzwanzig"), Lang::De),
            Some(21)
        );
        assert_eq!(move_number(&split_words("twenty-one"), Lang::En), Some(21));
        assert_eq!(move_number(&split_words("twenty one"), Lang::En), Some(21));
        assert_eq!(move_number(&split_words("12"), Lang::En), Some(12));
        assert_eq!(move_number(&split_words("null"), Lang::De), None);
        assert_eq!(move_number(&split_words("0"), Lang::De), None);
        assert_eq!(move_number(&split_words("Springer"), Lang::De), None);
    }
}
