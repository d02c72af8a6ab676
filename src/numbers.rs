//! Whole numbers written out in words, German and English, as a speech synthesizer should say
//! them: "einunddreißig", "twenty-one". Times and move counts are spoken with these, never as
//! digits ("05:06" is read badly by every synthesizer).
//!
//! German numbers below a million are one word ("zweitausenddreihundertvierundfünfzig"); a one
//! in front of a noun agrees with it ("eine Minute", "ein Zug"), see [`Gender`]. English
//! follows the American style without "and" ("one hundred five").
//!
//! ```
//! use rochade::lang::Lang;
//! use rochade::numbers::{cardinal, cardinal_before_noun, Gender};
//!
//! assert_eq!(cardinal(31, Lang::De), "einunddreißig");
//! assert_eq!(cardinal(21, Lang::En), "twenty-one");
//! assert_eq!(cardinal_before_noun(1, Gender::Feminine, Lang::De), "eine");
//! assert_eq!(cardinal(1, Lang::De), "eins");
//! ```
use crate::lang::Lang;

/// The grammatical gender of the noun a German number stands in front of. It matters only for
/// the number one: "eine Minute", "ein Zug", "ein Jahr". English ignores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    /// der: "ein Zug".
    Masculine,
    /// die: "eine Minute", "eine Sekunde", "eine Stunde".
    Feminine,
    /// das: "ein Jahr".
    Neuter,
}

/// The number as counted on its own: "eins", "zwölf", "one", "twelve".
pub fn cardinal(n: u64, lang: Lang) -> String {
    match lang {
        Lang::De => german(n),
        Lang::En => english(n),
    }
}

/// The number in front of a noun of the given gender: German "eine" / "ein" for one, otherwise
/// the same as [`cardinal`].
pub fn cardinal_before_noun(n: u64, gender: Gender, lang: Lang) -> String {
    match (lang, n) {
        (Lang::De, 1) => match gender {
            Gender::Feminine => "eine".to_owned(),
            Gender::Masculine | Gender::Neuter => "ein".to_owned(),
        },
        _ => cardinal(n, lang),
    }
}

const DE_UNITS: [&str; 20] = [
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
];
const DE_TENS: [&str; 10] = [
    "", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig",
];

/// German below 100. `last` says the number ends the whole word, so one is "eins"; inside a
/// compound ("einundzwanzig", "eintausend", "hundertein…") it is "ein".
fn german_below_100(n: u64, last: bool) -> String {
    let n = n % 100;
    if n == 1 && !last {
        return "ein".to_owned();
    }
    if n < 20 {
        return DE_UNITS[n as usize].to_owned();
    }
    let (tens, units) = ((n / 10) as usize, n % 10);
    if units == 0 {
        DE_TENS[tens].to_owned()
    } else {
        format!("{}und{}", german_below_100(units, false), DE_TENS[tens])
    }
}

/// German below 1000 (n > 0), one word.
fn german_below_1000(n: u64, last: bool) -> String {
    let (hundreds, rest) = (n / 100 % 10, n % 100);
    let mut word = String::new();
    if hundreds > 0 {
        word.push_str(&german_below_100(hundreds, false));
        word.push_str("hundert");
    }
    if rest > 0 {
        word.push_str(&german_below_100(rest, last));
    }
    word
}

fn german(n: u64) -> String {
    if n == 0 {
        return DE_UNITS[0].to_owned();
    }
    // Millions and above are separate nouns: "eine Million zweihunderttausend".
    const BIG: [(u64, &str, &str); 5] = [
        (1_000_000_000_000_000_000, "Trillion", "Trillionen"),
        (1_000_000_000_000_000, "Billiarde", "Billiarden"),
        (1_000_000_000_000, "Billion", "Billionen"),
        (1_000_000_000, "Milliarde", "Milliarden"),
        (1_000_000, "Million", "Millionen"),
    ];
    let mut parts: Vec<String> = Vec::new();
    let mut rest = n;
    for (size, one, many) in BIG {
        let count = rest / size;
        if count > 0 {
            if count == 1 {
                parts.push(format!("eine {one}"));
            } else {
                parts.push(format!("{} {many}", german(count)));
            }
            rest %= size;
        }
    }
    if rest > 0 {
        let (thousands, below) = (rest / 1000, rest % 1000);
        let mut word = String::new();
        if thousands > 0 {
            word.push_str(&german_below_1000(thousands, false));
            word.push_str("tausend");
        }
        if below > 0 {
            word.push_str(&german_below_1000(below, true));
        }
        parts.push(word);
    }
    parts.join(" ")
}

const EN_UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const EN_TENS: [&str; 10] = [
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

fn english_below_1000(n: u64) -> String {
    let (hundreds, rest) = (n / 100 % 10, n % 100);
    let mut words: Vec<String> = Vec::new();
    if hundreds > 0 {
        words.push(format!("{} hundred", EN_UNITS[hundreds as usize]));
    }
    if rest > 0 {
        if rest < 20 {
            words.push(EN_UNITS[rest as usize].to_owned());
        } else {
            let (tens, units) = ((rest / 10) as usize, (rest % 10) as usize);
            if units == 0 {
                words.push(EN_TENS[tens].to_owned());
            } else {
                words.push(format!("{}-{}", EN_TENS[tens], EN_UNITS[units]));
            }
        }
    }
    words.join(" ")
}

fn english(n: u64) -> String {
    if n == 0 {
        return EN_UNITS[0].to_owned();
    }
    const SCALES: [(u64, &str); 6] = [
        (1_000_000_000_000_000_000, "quintillion"),
        (1_000_000_000_000_000, "quadrillion"),
        (1_000_000_000_000, "trillion"),
        (1_000_000_000, "billion"),
        (1_000_000, "million"),
        (1_000, "thousand"),
    ];
    let mut words: Vec<String> = Vec::new();
    let mut rest = n;
    for (size, name) in SCALES {
        let count = rest / size;
        if count > 0 {
            words.push(format!("{} {name}", english_below_1000(count)));
            rest %= size;
        }
    }
    if rest > 0 {
        words.push(english_below_1000(rest));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_table() {
        let table: &[(u64, &str)] = &[
            (0, "null"),
            (1, "eins"),
            (7, "sieben"),
            (11, "elf"),
            (12, "zwölf"),
            (16, "sechzehn"),
            (17, "siebzehn"),
            (20, "zwanzig"),
            (21, "einundzwanzig"),
            (30, "dreißig"),
            (31, "einunddreißig"),
            (45, "fünfundvierzig"),
            (59, "neunundfünfzig"),
            (60, "sechzig"),
            (99, "neunundneunzig"),
            (100, "einhundert"),
            (101, "einhunderteins"),
            (121, "einhunderteinundzwanzig"),
            (1000, "eintausend"),
            (1001, "eintausendeins"),
            (2354, "zweitausenddreihundertvierundfünfzig"),
            (21_000, "einundzwanzigtausend"),
            (1_000_000, "eine Million"),
            (2_000_001, "zwei Millionen eins"),
        ];
        for (n, words) in table {
            assert_eq!(cardinal(*n, Lang::De), *words, "{n}");
        }
    }

    #[test]
    fn english_table() {
        let table: &[(u64, &str)] = &[
            (0, "zero"),
            (1, "one"),
            (13, "thirteen"),
            (21, "twenty-one"),
            (40, "forty"),
            (59, "fifty-nine"),
            (100, "one hundred"),
            (105, "one hundred five"),
            (1234, "one thousand two hundred thirty-four"),
            (3_000_000, "three million"),
        ];
        for (n, words) in table {
            assert_eq!(cardinal(*n, Lang::En), *words, "{n}");
        }
    }

    #[test]
    fn one_agrees_with_the_noun_in_german_only() {
        assert_eq!(cardinal_before_noun(1, Gender::Feminine, Lang::De), "eine");
        assert_eq!(cardinal_before_noun(1, Gender::Masculine, Lang::De), "ein");
        assert_eq!(cardinal_before_noun(1, Gender::Neuter, Lang::De), "ein");
        assert_eq!(
            cardinal_before_noun(21, Gender::Feminine, Lang::De),
            "einundzwanzig"
        );
        assert_eq!(cardinal_before_noun(1, Gender::Feminine, Lang::En), "one");
    }

    #[test]
    fn huge_numbers_do_not_panic() {
        assert!(
            cardinal(u64::MAX, Lang::De)
                .starts_with("achtzehn Trillionen vierhundertsechsundvierzig Billiarden")
        );
        assert!(cardinal(u64::MAX, Lang::En).starts_with("eighteen quintillion"));
    }
}
