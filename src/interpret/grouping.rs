//! Grouping the vocabulary words of an utterance into the vocabulary's phrases ("kurze
//! Rochade", "takes on"), fillers allowed between a phrase's words (and a request's particles
//! inside a command's phrase), and reading each homophone by its place ("e for" is e4). The
//! interpreter tries the groupings in turn.
use crate::vocab::{Meaning, Vocab};

/// How many ways of grouping one utterance into phrases are tried at most.
const MAX_GROUPINGS: usize = 16;

/// One element of a grouping: a phrase's meaning, or a single word with its own.
#[derive(Debug, Clone, Copy)]
pub(super) struct Grouped<'a> {
    /// The word, when the element is a single word (a homophone is looked up by it).
    word: Option<&'a str>,
    meaning: Meaning,
}

/// The ways of grouping the words into vocabulary phrases, longest phrases first. Fillers may
/// stand anywhere (§2), also inside a phrase ("kurze äh Rochade").
pub(super) fn groupings<'a>(vocab: &Vocab, words: &[(&'a str, Meaning)]) -> Vec<Vec<Grouped<'a>>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(words.len());
    group_from(vocab, words, 0, &mut current, &mut out);
    out
}

fn group_from<'a>(
    vocab: &Vocab,
    words: &[(&'a str, Meaning)],
    start: usize,
    current: &mut Vec<Grouped<'a>>,
    out: &mut Vec<Vec<Grouped<'a>>>,
) {
    if out.len() >= MAX_GROUPINGS {
        return;
    }
    if start >= words.len() {
        out.push(current.clone());
        return;
    }
    for (phrase, meaning) in vocab.phrases_beginning_with(words[start].0) {
        // A request may hold its particles inside a command's phrase ("was hat der Gegner
        // denn gespielt"); they still count as said, after the phrase. Never inside an
        // answer, a draw or a resignation, nor inside a move's phrase.
        let particles = matches!(meaning, Meaning::Command(c) if !c.decides());
        let mut inside = Vec::new();
        if let Some(end) = phrase_end(phrase, words, start, particles, &mut inside) {
            let before = current.len();
            current.push(Grouped {
                word: None,
                meaning: *meaning,
            });
            current.extend(inside.iter().map(|&i| Grouped {
                word: Some(words[i].0),
                meaning: words[i].1,
            }));
            group_from(vocab, words, end, current, out);
            current.truncate(before);
        }
    }
    current.push(Grouped {
        word: Some(words[start].0),
        meaning: words[start].1,
    });
    group_from(vocab, words, start + 1, current, out);
    current.pop();
}

/// A homophone means what its place says (SPOKEN-MOVES.md §1), fillers around it passed
/// over: right after a file word it is the rank it sounds like ("e for" is e4), and so is one
/// that can only be a rank between the piece and a file ("rook won e two"); right before a
/// file word, a word that sounds like the to-word is the to-word ("knight too e four");
/// elsewhere it keeps its own meaning, if it has one. A rank word that sounds like the
/// to-word ("two") before a square is read both ways, the rank first: "rook two echo one" is
/// the rook on the second rank where that is a move, else "rook to echo one". The readings
/// come in that order.
pub(super) fn resolve_homophones(vocab: &Vocab, grouping: &[Grouped<'_>]) -> Vec<Vec<Meaning>> {
    let mut first = Vec::with_capacity(grouping.len());
    let mut second: Option<Vec<Meaning>> = None;
    for (i, g) in grouping.iter().enumerate() {
        let alts = g.word.map(|w| vocab.homophones(w)).unwrap_or(&[]);
        if alts.is_empty() {
            first.push(g.meaning);
            if let Some(other) = second.as_mut() {
                other.push(g.meaning);
            }
            continue;
        }
        // The words around it, fillers passed over ("h um won" is h1).
        let spoken = |g: &&Grouped<'_>| g.meaning != Meaning::Filler;
        let previous = grouping[..i].iter().rev().find(spoken).map(|g| g.meaning);
        let next = grouping[i + 1..].iter().find(spoken).map(|g| g.meaning);
        let after_file = matches!(previous, Some(Meaning::File(_)));
        let before_file = matches!(next, Some(Meaning::File(_)));
        let rank = alts.iter().find(|m| matches!(m, Meaning::Rank(_)));
        // Between the piece and a file, a word that can only be a rank ("won", "for", "ate";
        // not "too", which may be the to-word) is the origin's rank: "rook won e two".
        let origin_rank = g.meaning == Meaning::Fragment
            && matches!(previous, Some(Meaning::Piece(_)))
            && before_file
            && !alts.contains(&Meaning::To);
        let meaning = if (after_file || origin_rank)
            && !matches!(g.meaning, Meaning::Rank(_))
            && rank.is_some()
        {
            rank.copied().unwrap_or(g.meaning)
        } else if before_file && !after_file && alts.contains(&Meaning::To) {
            if matches!(g.meaning, Meaning::Rank(_)) && second.is_none() {
                let mut other = first.clone();
                other.push(Meaning::To);
                second = Some(other);
                g.meaning
            } else {
                Meaning::To
            }
        } else {
            g.meaning
        };
        first.push(meaning);
        if let Some(other) = second.as_mut()
            && other.len() < first.len()
        {
            other.push(meaning);
        }
    }
    let mut out = vec![first];
    out.extend(second);
    out
}

/// Where a phrase that starts at `start` ends, fillers between its words passed over, and
/// with `particles` request and asking words too (their places in `inside`); `None` when the
/// words there are not the phrase.
fn phrase_end(
    phrase: &[String],
    words: &[(&str, Meaning)],
    start: usize,
    particles: bool,
    inside: &mut Vec<usize>,
) -> Option<usize> {
    let particle = |m: Meaning| particles && matches!(m, Meaning::Request | Meaning::Asking);
    let mut i = start;
    for (k, part) in phrase.iter().enumerate() {
        if k > 0 {
            while let Some(w) = words.get(i)
                && (w.1 == Meaning::Filler || particle(w.1))
                && w.0 != part
            {
                if particle(w.1) {
                    inside.push(i);
                }
                i += 1;
            }
        }
        if words.get(i)?.0 != part {
            return None;
        }
        i += 1;
    }
    Some(i)
}
