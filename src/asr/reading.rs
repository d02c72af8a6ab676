//! The lines a player reads aloud for pocketsphinx to learn his voice (`rochade models read`):
//! moves of many positions in the forms of the grammar, and the commands and answers, chosen
//! so that every word the recognizer hears in a game is said, most of them twice.
//!
//! While a line is read, the recognizer hears that line, or what the player says between
//! the lines ("Wiederholen", "überspringen", "fertig", "Hilfe"), through a grammar of them
//! alone ([`line_grammar`]); [`judge`] says what was heard. Pure: the same vocabulary, count
//! and seed give the same lines.
use std::collections::{BTreeMap, BTreeSet};

use shakmaty::{Chess, Position};

use crate::asr::AcousticFit;
use crate::asr::grammar::{Grammar, PhraseMeaning, normalize};
use crate::interpret::{self, MIN_HEARD, SURE_SHARE, forms};
use crate::vocab::{Command, LearningCommand, Vocab};

/// Each word is wanted this many times before a line is chosen for variety alone.
const WANTED_TIMES: usize = 2;

/// Games played at random for the positions of the move lines, and their length in plies.
const GAMES: u64 = 6;
const PLIES: usize = 80;

/// At most this share of the lines are commands and answers: a game is mostly moves.
const COMMAND_SHARE: f64 = 0.25;

/// One line to read: its words (lower case, single spaces, as the recognizer writes them),
/// and whether it is a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadingLine {
    pub words: String,
    pub is_move: bool,
}

/// `count` lines for `vocab`, different for each `seed`: each chosen to bring a word not said
/// yet, else the words said least so far, until every word is said [`WANTED_TIMES`], then
/// for variety.
pub fn reading_lines(vocab: &Vocab, count: usize, seed: u64) -> Vec<ReadingLine> {
    let mut rng = Rng::new(seed);
    let mut pool = move_lines(vocab, &mut rng);
    let commands = command_lines(vocab);
    pool.extend(commands);
    // a random order first, so that equally good lines are taken in a seeded order
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.below(i + 1));
    }
    let most_commands = (count as f64 * COMMAND_SHARE).ceil() as usize;
    let mut said: BTreeMap<String, usize> = BTreeMap::new();
    let mut chosen: Vec<ReadingLine> = Vec::new();
    let mut taken = vec![false; pool.len()];
    // the answers to a read-back, said in every game, are read whatever they bring
    for command in [Command::Yes, Command::No, Command::Correction] {
        let Some(first) = vocab.command_word(command).map(normalize) else {
            continue;
        };
        if let Some(i) = pool.iter().position(|l| l.words == first)
            && chosen.len() < count
        {
            taken[i] = true;
            for word in first.split(' ') {
                *said.entry(word.to_string()).or_default() += 1;
            }
            chosen.push(pool[i].clone());
        }
    }
    while chosen.len() < count {
        let commands_so_far = chosen.iter().filter(|l| !l.is_move).count();
        let gain = |line: &ReadingLine| -> usize {
            line.words
                .split(' ')
                .collect::<BTreeSet<_>>()
                .into_iter()
                .map(|w| WANTED_TIMES.saturating_sub(said.get(w).copied().unwrap_or(0)))
                .sum()
        };
        // a word never said yet comes first: a line with one new word among words said
        // already (a mate word after a move) would otherwise lose to lines of half-said words
        let new_words = |line: &ReadingLine| -> usize {
            line.words
                .split(' ')
                .collect::<BTreeSet<_>>()
                .into_iter()
                .filter(|w| !said.contains_key(*w))
                .count()
        };
        let best = pool
            .iter()
            .enumerate()
            .filter(|(i, l)| !taken[*i] && (l.is_move || commands_so_far < most_commands))
            .max_by_key(|(i, l)| (new_words(l), gain(l), std::cmp::Reverse(*i)))
            .map(|(i, _)| i);
        let Some(best) = best else { break };
        taken[best] = true;
        let line = pool[best].clone();
        for word in line.words.split(' ') {
            *said.entry(word.to_string()).or_default() += 1;
        }
        chosen.push(line);
    }
    for i in (1..chosen.len()).rev() {
        chosen.swap(i, rng.below(i + 1));
    }
    chosen
}

/// Phrasings of legal moves in the positions of random games: a few of each position, with
/// random choices of the words of their rules (optional words said or not).
fn move_lines(vocab: &Vocab, rng: &mut Rng) -> Vec<ReadingLine> {
    let mut lines = BTreeSet::new();
    for _ in 0..GAMES {
        let mut pos = Chess::default();
        for _ in 0..PLIES {
            let rules = forms::position_rules(&pos, vocab);
            for _ in 0..4 {
                if rules.is_empty() {
                    break;
                }
                let rule = &rules[rng.below(rules.len())];
                lines.insert(forms::sample_phrase(rule, &mut |n| rng.below(n)));
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    // castling and mate come seldom in random games, and each of their words is wanted
    for side in [
        crate::vocab::CastleSide::Short,
        crate::vocab::CastleSide::Long,
    ] {
        lines.extend(vocab.castle_phrases(side).iter().map(|p| normalize(p)));
    }
    let written = written_words(vocab);
    let readable = |words: &String| {
        !words.is_empty()
            && vocab.heard_by_recognizer(words)
            && words.split(' ').all(|w| is_written_spelling(&written, w))
    };
    lines.retain(readable);
    // a check or mate word after a line that is read itself, so that it is never left out
    // with a line that is not ("… laeufer … schachmatt")
    let some_moves: Vec<String> = lines.iter().cloned().collect();
    for word in vocab.check_words().iter().chain(vocab.mate_words()) {
        if let Some(line) = some_moves.get(rng.below(some_moves.len())) {
            lines.insert(format!("{line} {}", normalize(word)));
        }
    }
    lines
        .into_iter()
        .filter(readable)
        .map(|words| ReadingLine {
            words,
            is_move: true,
        })
        .collect()
}

/// Whether `word` is spelled as a person writes it: not "fuenf" or "laeufer" where the
/// vocabulary has "fünf" and "läufer" (the same sound, which the line is said and shown in).
fn is_written_spelling(written: &BTreeSet<String>, word: &str) -> bool {
    let restored = crate::asr::grammar::spellings(word)
        .pop()
        .unwrap_or_default();
    restored == word || !written.contains(&restored)
}

/// Every word of the vocabulary as it is written there, in lower case.
fn written_words(vocab: &Vocab) -> BTreeSet<String> {
    vocab
        .words()
        .iter()
        .flat_map(|phrase| {
            phrase
                .split_whitespace()
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The commands and answers a game's grammars hear.
fn command_lines(vocab: &Vocab) -> Vec<ReadingLine> {
    let phrases: BTreeSet<String> = interpret::command_phrases(vocab)
        .into_iter()
        .map(|(phrase, _)| normalize(&phrase))
        .chain(
            interpret::answer_phrases(vocab)
                .into_iter()
                .map(|p| normalize(&p)),
        )
        .filter(|p| !p.is_empty())
        .collect();
    phrases
        .into_iter()
        .map(|words| ReadingLine {
            words,
            is_move: false,
        })
        .collect()
}

/// What the player can say between the lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Say the line again.
    Repeat,
    /// Say what can be said.
    Help,
    /// Leave the line out.
    Skip,
    /// Stop reading: what was read is learnt.
    Stop,
}

impl Control {
    const ALL: [Control; 4] = [Control::Repeat, Control::Help, Control::Skip, Control::Stop];

    /// Its name in the grammar.
    fn name(self) -> &'static str {
        match self {
            Control::Repeat => "repeat",
            Control::Help => "help",
            Control::Skip => "skip",
            Control::Stop => "stop",
        }
    }

    /// Its phrasings, the one Rochade says first: as the recognizer hears them in a game for
    /// "Wiederholen" and "Hilfe", all of `[learning]` for the others.
    pub fn phrasings(self, vocab: &Vocab) -> Vec<String> {
        match self {
            Control::Repeat => interpret::heard_phrasings(vocab, Command::Repeat)
                .cloned()
                .collect(),
            Control::Help => interpret::heard_phrasings(vocab, Command::Help)
                .cloned()
                .collect(),
            Control::Skip => vocab.learning_words(LearningCommand::Skip).to_vec(),
            Control::Stop => vocab.learning_words(LearningCommand::Stop).to_vec(),
        }
    }

    /// The phrasing Rochade says when it names this control ("" when the vocabulary has none).
    pub fn said_as(self, vocab: &Vocab) -> String {
        self.phrasings(vocab).into_iter().next().unwrap_or_default()
    }
}

/// The meaning of the line itself in its grammar.
const LINE: &str = "line";

/// What was heard while a line was to be read.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// The line, fitting well enough to learn from.
    Line,
    /// Something between the lines.
    Control(Control),
    /// "fertig", unsure: asked back before the session ends.
    UnsureStop,
    /// Nothing that can be taken: another sentence, a cough, a line fitting too poorly.
    NotUnderstood,
}

/// The grammar of one line: its words, and the controls. A control phrase that is the line
/// itself ("wiederholen" as a command to read) is the line there.
pub fn line_grammar(vocab: &Vocab, line: &ReadingLine) -> Grammar {
    let mut grammar = Grammar::new(vocab.lang());
    grammar.add(&line.words, PhraseMeaning::Command(LINE.into()));
    for control in Control::ALL {
        for phrase in control.phrasings(vocab) {
            if normalize(&phrase) != line.words {
                grammar.add(&phrase, PhraseMeaning::Command(control.name().into()));
            }
        }
    }
    grammar.allow_fillers(vocab);
    grammar
}

/// A line is learnt from a fit up to this gap behind the free phone loop, where a game would
/// not take it: the player's German, heard through the English model, is what the model is
/// to learn, and before it has, `de+m3`'s "nein" fitted at 32 to 34 (a game rejects from 33).
const LINE_GAP: f64 = 40.0;

/// The share of the loop's phones a line must hold, in speech long enough for the share to
/// tell: chatter forced onto "überspringen" fitted at 20, with 10 phones for the loop's 35.
const LINE_PHONE_SHARE: f64 = 0.6;

/// What the recognizer's `alternatives` (best first, with their confidences) and the best
/// one's acoustic `fit` say in the grammar of a line: the line when its readings hold what
/// any utterance must to be heard at all ([`MIN_HEARD`]), or when it fits within
/// [`LINE_GAP`] and [`LINE_PHONE_SHARE`] (not stretched over a sentence, nor squeezed into a
/// sound: at most three of the loop's phones for each of its own); a control when heard at
/// all, but the end of the session only when sure ([`SURE_SHARE`]), else it is asked back.
pub fn judge(grammar: &Grammar, alternatives: &[(String, f32)], fit: Option<AcousticFit>) -> Heard {
    let mut shares: BTreeMap<String, f32> = BTreeMap::new();
    for (text, confidence) in alternatives {
        let Some(meanings) = grammar.meanings(text) else {
            continue;
        };
        for meaning in meanings {
            if let PhraseMeaning::Command(name) = meaning {
                let share = if confidence.is_nan() {
                    0.0
                } else {
                    confidence.clamp(0.0, 1.0)
                };
                *shares.entry(name).or_default() += share;
            }
        }
    }
    let best = alternatives
        .first()
        .and_then(|(text, _)| grammar.meanings(text))
        .and_then(|m| {
            m.into_iter().find_map(|m| match m {
                PhraseMeaning::Command(name) => Some(name),
                _ => None,
            })
        });
    let Some(best) = best else {
        return Heard::NotUnderstood;
    };
    let share = shares.get(&best).copied().unwrap_or(0.0);
    if best == LINE {
        let fits = fit.is_some_and(|f| {
            f.gap < LINE_GAP
                && !f.phone_share_under(LINE_PHONE_SHARE)
                && f.spoken_phones <= 3 * f.phrase_phones + 1
        });
        return if share >= MIN_HEARD || fits {
            Heard::Line
        } else {
            Heard::NotUnderstood
        };
    }
    match Control::ALL.into_iter().find(|c| c.name() == best) {
        Some(control) if share >= SURE_SHARE => Heard::Control(control),
        Some(Control::Stop) if share >= MIN_HEARD => Heard::UnsureStop,
        // a line said again, shown the help, or left out costs nothing if it was not meant
        Some(control) if share >= MIN_HEARD => Heard::Control(control),
        _ => Heard::NotUnderstood,
    }
}

/// What a typed line means between the lines: Enter alone repeats the line; otherwise the
/// words of a control, as spoken, or its first letter in the player's language ("ü", "f",
/// "w", "h" in German: the first letters of the first phrasings).
pub fn typed_control(vocab: &Vocab, typed: &str) -> Option<Control> {
    let typed = normalize(typed);
    if typed.is_empty() {
        return Some(Control::Repeat);
    }
    Control::ALL.into_iter().find(|c| {
        let phrasings = c.phrasings(vocab);
        phrasings.iter().any(|p| normalize(p) == typed)
            || phrasings
                .first()
                .and_then(|p| normalize(p).chars().next())
                .is_some_and(|first| typed.chars().count() == 1 && typed.starts_with(first))
    })
}

/// A small seeded generator (xorshift64*): the lines need variety, not secrecy.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11;
        if n == 0 { 0 } else { (r % n as u64) as usize }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn the_lines_say_every_word_of_a_move_and_the_answers_to_a_read_back() {
        for lang in [Lang::De, Lang::En] {
            let vocab = Vocab::builtin(lang);
            let lines = reading_lines(&vocab, 50, 7);
            assert_eq!(lines.len(), 50, "{lang}");
            assert!(
                lines
                    .iter()
                    .all(|l| !l.words.contains("fuenf") && !l.words.contains("laeufer")),
                "{lang}: a spelling nobody writes"
            );
            let said: BTreeSet<&str> = lines.iter().flat_map(|l| l.words.split(' ')).collect();
            // 50 lines cannot hold every command phrasing, but every word of a move is said
            let role_words = shakmaty::Role::ALL
                .iter()
                .flat_map(|r| vocab.piece_words(*r));
            let square_words =
                (0..8).flat_map(|i| vocab.file_words(i).iter().chain(vocab.rank_words(i)));
            let castling = [
                crate::vocab::CastleSide::Short,
                crate::vocab::CastleSide::Long,
            ]
            .into_iter()
            .flat_map(|side| vocab.castle_phrases(side));
            let move_words: BTreeSet<String> = role_words
                .chain(square_words)
                .chain(castling)
                .chain(vocab.check_words())
                .chain(vocab.mate_words())
                .filter(|w| vocab.heard_by_recognizer(w))
                .flat_map(|w| {
                    normalize(w)
                        .split(' ')
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                })
                .filter(|w| is_written_spelling(&written_words(&vocab), w))
                .collect();
            let missing: Vec<&String> = move_words
                .iter()
                .filter(|w| !said.contains(w.as_str()))
                .collect();
            assert!(missing.is_empty(), "{lang}: never said {missing:?}");
            for command in [Command::Yes, Command::No, Command::Correction] {
                let first = vocab.command_word(command).map(normalize);
                assert!(
                    lines.iter().any(|l| Some(&l.words) == first.as_ref()),
                    "{lang}: {first:?} is not read"
                );
            }
            assert!(
                lines.iter().all(|l| vocab.heard_by_recognizer(&l.words)),
                "{lang}: a line the recognizer does not hear"
            );
            let commands = lines.iter().filter(|l| !l.is_move).count();
            assert!((5..=13).contains(&commands), "{lang}: {commands} commands");
            let unique: BTreeSet<&String> = lines.iter().map(|l| &l.words).collect();
            assert_eq!(unique.len(), lines.len(), "{lang}: a line twice");
        }
    }

    #[test]
    fn a_line_is_learnt_when_heard_and_the_session_ends_only_when_sure() {
        let vocab = Vocab::builtin(Lang::De);
        let line = ReadingLine {
            words: "turm anton vier".into(),
            is_move: true,
        };
        let grammar = line_grammar(&vocab, &line);
        let heard =
            |text: &str, confidence: f32| judge(&grammar, &[(text.into(), confidence)], None);
        assert_eq!(heard("turm anton vier", 0.5), Heard::Line);
        // a fit so poor that no utterance in a game would be heard
        assert_eq!(heard("turm anton vier", 0.1), Heard::NotUnderstood);
        assert_eq!(heard("fertig", 1.0), Heard::Control(Control::Stop));
        assert_eq!(heard("fertig", 0.5), Heard::UnsureStop, "asked back");
        assert_eq!(heard("fertig", 0.1), Heard::NotUnderstood);
        assert_eq!(heard("überspringen", 0.5), Heard::Control(Control::Skip));
        assert_eq!(heard("wiederholen", 1.0), Heard::Control(Control::Repeat));
        assert_eq!(heard("mein name ist peter", 1.0), Heard::NotUnderstood);
        assert_eq!(judge(&grammar, &[], None), Heard::NotUnderstood);

        let fit = |gap: f64, phrase_phones: usize, spoken_phones: usize| AcousticFit {
            gap,
            phrase_phones,
            spoken_phones,
            own_phones: phrase_phones,
            worst_word_gap: gap,
            noisy_reject_gap: 31.5,
        };
        let fitted = |f: AcousticFit| judge(&grammar, &[("turm anton vier".into(), 0.0)], Some(f));
        // the player's German as the English model hears it: learnt, where a game would not
        // take it
        assert_eq!(fitted(fit(34.0, 12, 13)), Heard::Line);
        assert_eq!(fitted(fit(41.0, 12, 13)), Heard::NotUnderstood);
        // a sentence forced onto the line
        assert_eq!(fitted(fit(20.0, 12, 35)), Heard::NotUnderstood);
        let nein = line_grammar(
            &vocab,
            &ReadingLine {
                words: "nein".into(),
                is_move: false,
            },
        );
        let said = |f: AcousticFit| judge(&nein, &[("nein".into(), 0.0)], Some(f));
        assert_eq!(said(fit(33.0, 3, 4)), Heard::Line);
        // more than three of the loop's phones for each of its own: something longer
        assert_eq!(said(fit(25.0, 3, 11)), Heard::NotUnderstood);

        // a command to read is the line, not the control of the same words
        let repeat_line = ReadingLine {
            words: "wiederholen".into(),
            is_move: false,
        };
        let grammar = line_grammar(&vocab, &repeat_line);
        assert_eq!(
            judge(&grammar, &[("wiederholen".into(), 1.0)], None),
            Heard::Line
        );
    }

    #[test]
    fn typed_controls_are_the_spoken_words_or_their_first_letter() {
        let de = Vocab::builtin(Lang::De);
        assert_eq!(typed_control(&de, ""), Some(Control::Repeat));
        assert_eq!(typed_control(&de, "fertig"), Some(Control::Stop));
        assert_eq!(typed_control(&de, "f"), Some(Control::Stop));
        assert_eq!(typed_control(&de, "ü"), Some(Control::Skip));
        assert_eq!(typed_control(&de, "h"), Some(Control::Help));
        assert_eq!(typed_control(&de, "Turm Anton vier"), None);
        let en = Vocab::builtin(Lang::En);
        assert_eq!(typed_control(&en, "s"), Some(Control::Skip));
        assert_eq!(typed_control(&en, "stop reading"), Some(Control::Stop));
        assert_eq!(typed_control(&en, "f"), Some(Control::Stop));
    }

    #[test]
    fn the_same_seed_gives_the_same_lines_and_another_seed_others() {
        let vocab = Vocab::builtin(Lang::De);
        let a = reading_lines(&vocab, 20, 3);
        assert_eq!(a, reading_lines(&vocab, 20, 3));
        assert_ne!(a, reading_lines(&vocab, 20, 4));
    }
}
