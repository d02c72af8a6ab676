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

fn group(c: u8) -> u8 {
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

fn substitution(a: u8, b: u8) -> f32 {
    if a == b {
        0.0
    } else if (group(a) != 0 && group(a) == group(b))
        || (a == b'g' && b == b'k')
        || (a == b'k' && b == b'g')
    {
        0.5
    } else {
        1.0
    }
}

/// The weighted edit distance between two normalized words (see the module doc).
pub fn distance(heard: &str, target: &str) -> f32 {
    distance_within(heard, target, f32::INFINITY).unwrap_or(f32::INFINITY)
}

/// The distance if it is at most `limit`, else `None` (found out early: the interpreter asks
/// this for every word of the lexicon, and most are far from a heard word).
pub fn distance_within(heard: &str, target: &str, limit: f32) -> Option<f32> {
    let a = heard.as_bytes();
    let b = target.as_bytes();
    let (n, m) = (a.len(), b.len());
    let d = if n == 0 {
        m as f32
    } else if m == 0 {
        n as f32
    } else if m < STACK {
        // Three rows suffice for the Damerau (neighbour swap) variant. Vocabulary words are
        // short: their rows live on the stack.
        let mut rows = [[0f32; STACK]; 3];
        let [prev2, prev, cur] = &mut rows;
        rows_distance(
            a,
            b,
            limit,
            &mut prev2[..=m],
            &mut prev[..=m],
            &mut cur[..=m],
        )?
    } else {
        let mut rows = vec![0f32; 3 * (m + 1)];
        let (prev2, rest) = rows.split_at_mut(m + 1);
        let (prev, cur) = rest.split_at_mut(m + 1);
        rows_distance(a, b, limit, prev2, prev, cur)?
    };
    (d <= limit).then_some(d)
}

const STACK: usize = 32;

/// The distance computed in three rows of `b.len() + 1` cells each; `None` as soon as it must
/// exceed `limit`. Costs are never negative and a step moves down one row (two for a swap),
/// so every alignment passes through one of two neighbouring rows: when both rows' smallest
/// cells exceed the limit, so does the distance.
fn rows_distance<'r>(
    a: &[u8],
    b: &[u8],
    limit: f32,
    mut prev2: &'r mut [f32],
    mut prev: &'r mut [f32],
    mut cur: &'r mut [f32],
) -> Option<f32> {
    let (n, m) = (a.len(), b.len());
    for (j, cell) in prev.iter_mut().enumerate() {
        *cell = j as f32;
    }
    let mut last_min = 0.0f32;
    for i in 1..=n {
        cur[0] = i as f32;
        for j in 1..=m {
            // Deleting a doubled letter ("siebenn") or inserting one ("Hectorr" → "Hector") is cheap.
            let del = if i >= 2 && a[i - 1] == a[i - 2] {
                0.5
            } else {
                1.0
            };
            let ins = if j >= 2 && b[j - 1] == b[j - 2] {
                0.5
            } else {
                1.0
            };
            let mut best = (prev[j] + del)
                .min(cur[j - 1] + ins)
                .min(prev[j - 1] + substitution(a[i - 1], b[j - 1]));
            if i >= 2 && j >= 2 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(prev2[j - 2] + 1.0);
            }
            cur[j] = best;
        }
        let row_min = cur.iter().copied().fold(f32::INFINITY, f32::min);
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

    #[test]
    fn a_limit_only_cuts_off_distances_beyond_it() {
        let words = [
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
        ];
        for a in words {
            for b in words {
                let d = distance(a, b);
                for limit in [0.0, 0.5, 1.0, 1.5, 2.0, 3.0] {
                    let want = (d <= limit).then_some(d);
                    assert_eq!(distance_within(a, b, limit), want, "{a} {b} {limit}");
                }
            }
        }
    }

    #[test]
    fn distance_is_symmetric_enough_and_zero_only_for_equal_words() {
        for (a, b) in [("turm", "term"), ("koenig", "koeneg"), ("dame", "dme")] {
            assert!(distance(a, b) > 0.0);
            assert_eq!(distance(a, a), 0.0);
        }
    }
}
