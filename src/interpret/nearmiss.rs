//! Near-miss words: how far a heard word that is not in the vocabulary is from the words that
//! are, as a recognizer's slip ("Fellix", "Gustaw", "sex" for "six").
//!
//! A weighted edit distance: sounds that are easily confused (vowels among vowels, f/v/w,
//! c/k/z/s, d/t, g/k, b/p) and doubled letters cost half an edit; every other insertion,
//! deletion or substitution costs one, and a swap of two neighbours costs one.
//!
//! ```
//! use rochade::interpret::nearmiss::distance;
//! assert_eq!(distance("fellix", "felix"), 0.5);
//! assert_eq!(distance("sex", "six"), 0.5);
//! assert_eq!(distance("ook", "rook"), 1.0);
//! ```

/// The greatest distance at which a heard word still counts as a slip for a vocabulary word
/// of this many letters. Single letters ("a", "x") are never guessed at.
pub fn max_distance(target_len: usize) -> f32 {
    match target_len {
        0 | 1 => 0.0,
        2 => 0.5,
        3 | 4 => 1.0,
        5..=7 => 1.5,
        _ => 2.0,
    }
}

/// A heard word longer or shorter than a vocabulary word by more than this many letters is no
/// slip for it ("Cäsar" for "c" is a word, not a slip).
const MAX_LENGTH_DIFFERENCE: usize = 2;

/// Heard words longer than this are never near-misses: no vocabulary word is that long.
const MAX_HEARD_LETTERS: usize = 24;

/// The vocabulary words a heard word may be a slip for, each with its value (the interpreter's
/// meaning). Built once per vocabulary; [`Lexicon::slips`] is asked for every heard word that
/// is not a vocabulary word, so most of the lexicon is ruled out before the edit distance by
/// a bound that costs a few additions (see [`LetterCounts`]).
#[derive(Debug, Clone)]
pub struct Lexicon<T> {
    words: Vec<LexiconWord<T>>,
}

#[derive(Debug, Clone)]
struct LexiconWord<T> {
    text: String,
    value: T,
    letters: LetterCounts,
    limit: f32,
}

impl<T: Copy> Lexicon<T> {
    /// The lexicon of these words, in the order given.
    pub fn new(words: impl IntoIterator<Item = (String, T)>) -> Lexicon<T> {
        let words = words
            .into_iter()
            .map(|(text, value)| LexiconWord {
                letters: LetterCounts::of(&text),
                limit: max_distance(text.len()),
                text,
                value,
            })
            .collect();
        Lexicon { words }
    }

    /// Every word `heard` is a slip for: a distance above 0 and within the word's
    /// [`max_distance`], at most [`MAX_LENGTH_DIFFERENCE`] letters longer or shorter. In the
    /// lexicon's order, with the distance.
    pub fn slips<'a>(&'a self, heard: &'a str) -> impl Iterator<Item = (&'a str, T, f32)> + 'a {
        let letters = LetterCounts::of(heard);
        let short_enough = heard.len() <= MAX_HEARD_LETTERS;
        self.words
            .iter()
            .filter(move |w| {
                short_enough
                    && w.text.len().abs_diff(heard.len()) <= MAX_LENGTH_DIFFERENCE
                    && letters.lower_bound(&w.letters) <= w.limit
            })
            .filter_map(move |w| {
                let d = distance_within(heard, &w.text, w.limit)?;
                (d > 0.0).then_some((w.text.as_str(), w.value, d))
            })
    }
}

/// How often each byte occurs in a word, bytes folded onto 32 counters. Every edit changes at
/// most one count up and one down (a swap none), and costs at least half an edit, so half the
/// larger of the two sides' surpluses is a lower bound of [`distance`]. Folding only merges
/// counts, which can only lower the surpluses: the bound stays a bound.
#[derive(Debug, Clone, Copy)]
struct LetterCounts {
    counts: [u8; 32],
    /// The sum of the counts.
    total: u32,
}

impl LetterCounts {
    fn of(word: &str) -> LetterCounts {
        let mut counts = [0u8; 32];
        for b in word.bytes() {
            let slot = &mut counts[usize::from(b & 31)];
            *slot = slot.saturating_add(1);
        }
        let total = counts.iter().map(|&c| u32::from(c)).sum();
        LetterCounts { counts, total }
    }

    /// A lower bound of the distance between the words of `self` and `other`. The two
    /// surpluses add up to the sum of the counts' differences and differ by the difference
    /// of the totals, so the larger is half of the one plus the other: one sum of absolute
    /// differences, which the compiler turns into a few vector instructions.
    fn lower_bound(&self, other: &LetterCounts) -> f32 {
        let differences: u32 = self
            .counts
            .iter()
            .zip(other.counts.iter())
            .map(|(a, b)| u32::from(a.abs_diff(*b)))
            .sum();
        let larger_surplus = (differences + self.total.abs_diff(other.total)) / 2;
        larger_surplus as f32 * 0.5
    }
}

const fn group(c: u8) -> u8 {
    match c {
        b'a' | b'e' | b'i' | b'o' | b'u' | b'y' => 1,
        b'f' | b'v' | b'w' => 2,
        b'c' | b'k' | b'z' | b's' | b'q' | b'x' => 3,
        b'd' | b't' => 4,
        b'g' => 5,
        b'b' | b'p' => 6,
        b'm' | b'n' => 7,
        _ => 0,
    }
}

/// Costs are counted in half edits, so that the table holds small whole numbers.
type HalfEdits = u16;

const fn substitution_cost(a: u8, b: u8) -> HalfEdits {
    if a == b {
        0
    } else if (group(a) != 0 && group(a) == group(b))
        || (a == b'g' && b == b'k')
        || (a == b'k' && b == b'g')
    {
        1
    } else {
        2
    }
}

/// [`substitution_cost`] of every pair of bytes, built at compile time: the distance's inner
/// loop looks it up instead of classifying both letters (a tenth fewer instructions for the
/// chatter corpus, which is mostly near-miss search).
static SUBSTITUTION: [[u8; 256]; 256] = {
    let mut table = [[0u8; 256]; 256];
    let mut a = 0;
    while a < 256 {
        let mut b = 0;
        while b < 256 {
            table[a][b] = substitution_cost(a as u8, b as u8) as u8;
            b += 1;
        }
        a += 1;
    }
    table
};

fn substitution(a: u8, b: u8) -> HalfEdits {
    HalfEdits::from(SUBSTITUTION[usize::from(a)][usize::from(b)])
}

/// The weighted edit distance between two normalized words (see the module doc).
pub fn distance(heard: &str, target: &str) -> f32 {
    distance_within(heard, target, f32::INFINITY).unwrap_or(f32::INFINITY)
}

/// The distance if it is at most `limit`, else `None` (found out early: the interpreter asks
/// this for every word of the lexicon that the letter bound leaves, and most are far from a
/// heard word).
pub fn distance_within(heard: &str, target: &str, limit: f32) -> Option<f32> {
    let a = heard.as_bytes();
    let b = target.as_bytes();
    let (n, m) = (a.len(), b.len());
    // In half edits; a limit beyond any word's length is no limit.
    let half_limit = if limit.is_finite() && limit >= 0.0 {
        ((limit * 2.0).floor() as usize).min(usize::from(HalfEdits::MAX / 4)) as HalfEdits
    } else if limit >= 0.0 {
        HalfEdits::MAX / 4
    } else {
        return None;
    };
    let d = if n == 0 {
        Some(m * 2)
    } else if m == 0 {
        Some(n * 2)
    } else if m < STACK {
        // Three rows suffice for the Damerau (neighbour swap) variant. Vocabulary words are
        // short: their rows live on the stack.
        let mut rows = [[0 as HalfEdits; STACK]; 3];
        let [prev2, prev, cur] = &mut rows;
        rows_distance(
            a,
            b,
            half_limit,
            &mut prev2[..=m],
            &mut prev[..=m],
            &mut cur[..=m],
        )
        .map(usize::from)
    } else {
        let mut rows = vec![0 as HalfEdits; 3 * (m + 1)];
        let (prev2, rest) = rows.split_at_mut(m + 1);
        let (prev, cur) = rest.split_at_mut(m + 1);
        rows_distance(a, b, half_limit, prev2, prev, cur).map(usize::from)
    }?;
    let d = d as f32 / 2.0;
    (d <= limit).then_some(d)
}

const STACK: usize = 32;

/// The distance in half edits computed in three rows of `b.len() + 1` cells each; `None` as
/// soon as it must exceed `limit`. Costs are never negative and a step moves down one row
/// (two for a swap), so every alignment passes through one of two neighbouring rows: when
/// both rows' smallest cells exceed the limit, so does the distance. Cells saturate, so words
/// of any length are safe.
fn rows_distance<'r>(
    a: &[u8],
    b: &[u8],
    limit: HalfEdits,
    mut prev2: &'r mut [HalfEdits],
    mut prev: &'r mut [HalfEdits],
    mut cur: &'r mut [HalfEdits],
) -> Option<HalfEdits> {
    let (n, m) = (a.len(), b.len());
    for (j, cell) in prev.iter_mut().enumerate() {
        *cell = HalfEdits::try_from(j * 2).unwrap_or(HalfEdits::MAX / 2);
    }
    let mut last_min: HalfEdits = 0;
    for i in 1..=n {
        cur[0] = HalfEdits::try_from(i * 2).unwrap_or(HalfEdits::MAX / 2);
        // Deleting a doubled letter ("siebenn") is cheap.
        let del: HalfEdits = if i >= 2 && a[i - 1] == a[i - 2] { 1 } else { 2 };
        let mut row_min = cur[0];
        for j in 1..=m {
            // Inserting a doubled letter ("Hectorr" → "Hector") is cheap.
            let ins: HalfEdits = if j >= 2 && b[j - 1] == b[j - 2] { 1 } else { 2 };
            let mut best = prev[j]
                .saturating_add(del)
                .min(cur[j - 1].saturating_add(ins))
                .min(prev[j - 1].saturating_add(substitution(a[i - 1], b[j - 1])));
            if i >= 2 && j >= 2 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(prev2[j - 2].saturating_add(2));
            }
            cur[j] = best;
            row_min = row_min.min(best);
        }
        if row_min > limit && last_min > limit {
            return None;
        }
        last_min = row_min;
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    Some(prev[m])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confusable_sounds_and_doubled_letters_cost_half() {
        assert_eq!(distance("felix", "felix"), 0.0);
        assert_eq!(distance("velix", "felix"), 0.5);
        assert_eq!(distance("siebenn", "sieben"), 0.5);
        assert_eq!(distance("hectorr", "hector"), 0.5);
        assert_eq!(distance("kerze", "kurze"), 0.5);
        assert_eq!(distance("drei", "zwei"), 2.0);
        assert_eq!(distance("schlgt", "schlaegt"), 2.0);
        assert_eq!(distance("ab", "ba"), 1.0);
        assert_eq!(distance("", "abc"), 3.0);
    }

    /// Words and slips of them, of every length the interpreter meets, and a few far ones.
    const WORDS: [&str; 25] = [
        "felix",
        "fellix",
        "springer",
        "springur",
        "sieben",
        "siebenn",
        "ab",
        "ba",
        "turm",
        "term",
        "koenig",
        "gustav",
        "xyzzy",
        "a",
        "",
        "schachmatt",
        "rochade",
        "kurze",
        "heute",
        "knapp",
        "richtig",
        "drei",
        "zwei",
        "läufer",
        "лад",
    ];

    #[test]
    fn a_limit_only_cuts_off_distances_beyond_it() {
        for a in WORDS {
            for b in WORDS {
                let d = distance(a, b);
                for limit in [0.0, 0.5, 1.0, 1.5, 2.0, 3.0] {
                    let want = (d <= limit).then_some(d);
                    assert_eq!(distance_within(a, b, limit), want, "{a} {b} {limit}");
                }
            }
        }
    }

    #[test]
    fn the_letter_bound_never_exceeds_the_distance() {
        for a in WORDS {
            for b in WORDS {
                let bound = LetterCounts::of(a).lower_bound(&LetterCounts::of(b));
                assert!(
                    bound <= distance(a, b),
                    "{a} {b}: {bound} > {}",
                    distance(a, b)
                );
            }
        }
    }

    proptest::proptest! {
        /// Any two words of letters that are confused with each other or not, doubled or
        /// swapped: the bound that rules words out never exceeds their distance.
        #[test]
        fn the_letter_bound_holds_for_any_two_words(a in "[a-hkstuvzäöü]{0,12}", b in "[a-hkstuvzäöü]{0,12}") {
            let bound = LetterCounts::of(&a).lower_bound(&LetterCounts::of(&b));
            proptest::prop_assert!(bound <= distance(&a, &b), "{} {}: {} > {}", a, b, bound, distance(&a, &b));
        }
    }

    #[test]
    fn a_lexicon_finds_the_slips_the_distance_finds_and_no_others() {
        let vocabulary = [
            "felix", "sieben", "springer", "turm", "koenig", "kurze", "anton", "dora", "eins",
        ];
        let lexicon = Lexicon::new(
            vocabulary
                .iter()
                .enumerate()
                .map(|(i, w)| (w.to_string(), i)),
        );
        for heard in [
            "fellix",
            "siebenn",
            "springur",
            "term",
            "koeneg",
            "kerze",
            "antonn",
            "tora",
            "eis",
            "heute",
            "felix",
            "xyzzyxyzzyxyzzyxyzzyxyzzy",
            "f",
        ] {
            let found: Vec<(&str, usize, f32)> = lexicon.slips(heard).collect();
            let want: Vec<(&str, usize, f32)> = vocabulary
                .iter()
                .enumerate()
                .filter(|(_, w)| w.len().abs_diff(heard.len()) <= MAX_LENGTH_DIFFERENCE)
                .filter(|_| heard.len() <= MAX_HEARD_LETTERS)
                .filter_map(|(i, w)| {
                    let d = distance(heard, w);
                    (d > 0.0 && d <= max_distance(w.len())).then_some((*w, i, d))
                })
                .collect();
            assert_eq!(found, want, "{heard}");
        }
        assert_eq!(lexicon.slips("fellix").next().map(|s| s.0), Some("felix"));
        assert!(lexicon.slips("felix").next().is_none());
    }

    #[test]
    fn distance_is_symmetric_enough_and_zero_only_for_equal_words() {
        for (a, b) in [("turm", "term"), ("koenig", "koeneg"), ("dame", "dme")] {
            assert!(distance(a, b) > 0.0);
            assert_eq!(distance(a, a), 0.0);
        }
    }
}
