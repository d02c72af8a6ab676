//! Whole numbers written out in words, German, English, Arabic and Hebrew, as a speech
//! synthesizer should say them: "einunddreißig", "twenty-one". Times and move counts are
//! spoken with these, never as digits ("05:06" is read badly by every synthesizer).
//!
//! German numbers below a million are one word ("zweitausenddreihundertvierundfünfzig"); a one
//! in front of a noun agrees with it ("eine Minute", "ein Zug"), see [`Gender`]. English
//! follows the American style without "and" ("one hundred five").
//!
//! Arabic and Hebrew numbers agree with the gender of the noun they count. [`cardinal`] gives
//! the form a number has on its own (Arabic ثلاثة, Hebrew שלוש, the feminine form that Hebrew
//! counts with); [`cardinal_before_noun`] the form before a masculine or feminine noun
//! (Arabic ثلاث دقائق, Hebrew שלושה מסעים). The clock's nouns are feminine in both (ساعة،
//! دقيقة، ثانية; שעה, דקה, שנייה). Large numbers are said in a plain form (thousands and
//! millions as a count and the noun, "أحد عشر ألف", "אחד עשר אלף") rather than with every case
//! ending: NOT REVIEWED by a native speaker, who should check them (see the catalogs' headers).
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

/// The number as counted on its own: "eins", "zwölf", "one", "twelve", "ثلاثة", "שלוש".
pub fn cardinal(n: u64, lang: Lang) -> String {
    match lang {
        Lang::De => german(n),
        Lang::En => english(n),
        // Arabic counts with the masculine forms, Hebrew with the feminine ones.
        Lang::Ar => arabic(n, false),
        Lang::He => hebrew(n, true),
    }
}

/// The number in front of a noun of the given gender: German "eine" / "ein" for one, Arabic
/// and Hebrew in the noun's gender (the neuter of German is masculine there); otherwise the
/// same as [`cardinal`].
pub fn cardinal_before_noun(n: u64, gender: Gender, lang: Lang) -> String {
    let feminine = gender == Gender::Feminine;
    match (lang, n) {
        (Lang::De, 1) => match gender {
            Gender::Feminine => "eine".to_owned(),
            Gender::Masculine | Gender::Neuter => "ein".to_owned(),
        },
        (Lang::Ar, _) => arabic(n, feminine),
        (Lang::He, _) => hebrew(n, feminine),
        _ => cardinal(n, lang),
    }
}

/// Arabic units 0–10, for a masculine noun (`[0]`) and a feminine one (`[1]`): the numbers
/// three to ten take the other gender's ending.
const AR_UNITS: [[&str; 2]; 11] = [
    ["صفر", "صفر"],
    ["واحد", "واحدة"],
    ["اثنان", "اثنتان"],
    ["ثلاثة", "ثلاث"],
    ["أربعة", "أربع"],
    ["خمسة", "خمس"],
    ["ستة", "ست"],
    ["سبعة", "سبع"],
    ["ثمانية", "ثماني"],
    ["تسعة", "تسع"],
    ["عشرة", "عشر"],
];
const AR_TENS: [&str; 10] = [
    "",
    "",
    "عشرون",
    "ثلاثون",
    "أربعون",
    "خمسون",
    "ستون",
    "سبعون",
    "ثمانون",
    "تسعون",
];
const AR_HUNDREDS: [&str; 10] = [
    "",
    "مئة",
    "مئتان",
    "ثلاثمئة",
    "أربعمئة",
    "خمسمئة",
    "ستمئة",
    "سبعمئة",
    "ثمانمئة",
    "تسعمئة",
];

/// Arabic below 100 (n > 0).
fn arabic_below_100(n: u64, feminine: bool) -> String {
    let g = usize::from(feminine);
    match n {
        0..=10 => AR_UNITS[n as usize][g].to_owned(),
        11 => if feminine {
            "إحدى عشرة"
        } else {
            "أحد عشر"
        }
        .to_owned(),
        12 => if feminine {
            "اثنتا عشرة"
        } else {
            "اثنا عشر"
        }
        .to_owned(),
        13..=19 => format!(
            "{} {}",
            AR_UNITS[(n - 10) as usize][g],
            if feminine { "عشرة" } else { "عشر" }
        ),
        _ => {
            let (tens, units) = ((n / 10) as usize, n % 10);
            match units {
                0 => AR_TENS[tens].to_owned(),
                1 => format!(
                    "{} و{}",
                    if feminine { "إحدى" } else { "واحد" },
                    AR_TENS[tens]
                ),
                u => format!("{} و{}", AR_UNITS[u as usize][g], AR_TENS[tens]),
            }
        }
    }
}

/// Arabic below 1000 (n > 0): the hundreds, "و", the rest.
fn arabic_below_1000(n: u64, feminine: bool) -> String {
    let (hundreds, rest) = ((n / 100 % 10) as usize, n % 100);
    match (hundreds, rest) {
        (0, r) => arabic_below_100(r, feminine),
        (h, 0) => AR_HUNDREDS[h].to_owned(),
        (h, r) => format!("{} و{}", AR_HUNDREDS[h], arabic_below_100(r, feminine)),
    }
}

fn arabic(n: u64, feminine: bool) -> String {
    if n == 0 {
        return AR_UNITS[0][0].to_owned();
    }
    // Each scale noun is masculine: one, two (the dual), three to ten (the plural), more.
    const SCALES: [(u64, &str, &str, &str); 6] = [
        (
            1_000_000_000_000_000_000,
            "كوينتليون",
            "كوينتليونان",
            "كوينتليونات",
        ),
        (
            1_000_000_000_000_000,
            "كوادريليون",
            "كوادريليونان",
            "كوادريليونات",
        ),
        (1_000_000_000_000, "تريليون", "تريليونان", "تريليونات"),
        (1_000_000_000, "مليار", "ملياران", "مليارات"),
        (1_000_000, "مليون", "مليونان", "ملايين"),
        (1_000, "ألف", "ألفان", "آلاف"),
    ];
    let mut parts: Vec<String> = Vec::new();
    let mut rest = n;
    for (size, one, two, few) in SCALES {
        let count = rest / size;
        if count > 0 {
            parts.push(match count {
                1 => one.to_owned(),
                2 => two.to_owned(),
                3..=10 => format!("{} {few}", arabic(count, false)),
                _ => format!("{} {one}", arabic(count, false)),
            });
            rest %= size;
        }
    }
    if rest > 0 {
        parts.push(arabic_below_1000(rest, feminine));
    }
    parts.join(" و")
}

/// Hebrew units 0–10, masculine (`[0]`) and feminine (`[1]`).
const HE_UNITS: [[&str; 2]; 11] = [
    ["אפס", "אפס"],
    ["אחד", "אחת"],
    ["שניים", "שתיים"],
    ["שלושה", "שלוש"],
    ["ארבעה", "ארבע"],
    ["חמישה", "חמש"],
    ["שישה", "שש"],
    ["שבעה", "שבע"],
    ["שמונה", "שמונה"],
    ["תשעה", "תשע"],
    ["עשרה", "עשר"],
];
const HE_TENS: [&str; 10] = [
    "",
    "",
    "עשרים",
    "שלושים",
    "ארבעים",
    "חמישים",
    "שישים",
    "שבעים",
    "שמונים",
    "תשעים",
];
const HE_HUNDREDS: [&str; 10] = [
    "",
    "מאה",
    "מאתיים",
    "שלוש מאות",
    "ארבע מאות",
    "חמש מאות",
    "שש מאות",
    "שבע מאות",
    "שמונה מאות",
    "תשע מאות",
];
/// 3000–10000: the construct forms before אלפים.
const HE_THOUSANDS: [&str; 11] = [
    "",
    "אלף",
    "אלפיים",
    "שלושת אלפים",
    "ארבעת אלפים",
    "חמשת אלפים",
    "ששת אלפים",
    "שבעת אלפים",
    "שמונת אלפים",
    "תשעת אלפים",
    "עשרת אלפים",
];

/// Hebrew below 1000 (n > 0) as its parts, "ו" before the last.
fn hebrew_below_1000(n: u64, feminine: bool) -> Vec<String> {
    let g = usize::from(feminine);
    let (hundreds, rest) = ((n / 100 % 10) as usize, n % 100);
    let mut parts: Vec<String> = Vec::new();
    if hundreds > 0 {
        parts.push(HE_HUNDREDS[hundreds].to_owned());
    }
    match rest {
        0 => {}
        1..=10 => parts.push(HE_UNITS[rest as usize][g].to_owned()),
        11..=19 => {
            let unit = match (rest, feminine) {
                (12, true) => "שתים",
                (12, false) => "שנים",
                _ => HE_UNITS[(rest - 10) as usize][g],
            };
            parts.push(format!("{unit} {}", if feminine { "עשרה" } else { "עשר" }));
        }
        _ => {
            parts.push(HE_TENS[(rest / 10) as usize].to_owned());
            if rest % 10 > 0 {
                parts.push(HE_UNITS[(rest % 10) as usize][g].to_owned());
            }
        }
    }
    parts
}

fn hebrew(n: u64, feminine: bool) -> String {
    if n == 0 {
        return HE_UNITS[0][0].to_owned();
    }
    const SCALES: [(u64, &str); 5] = [
        (1_000_000_000_000_000_000, "קווינטיליון"),
        (1_000_000_000_000_000, "קוודריליון"),
        (1_000_000_000_000, "טריליון"),
        (1_000_000_000, "מיליארד"),
        (1_000_000, "מיליון"),
    ];
    let mut parts: Vec<String> = Vec::new();
    let mut rest = n;
    for (size, name) in SCALES {
        let count = rest / size;
        if count > 0 {
            parts.push(match count {
                1 => name.to_owned(),
                2 => format!("שני {name}"),
                _ => format!("{} {name}", hebrew(count, false)),
            });
            rest %= size;
        }
    }
    let thousands = rest / 1000;
    if thousands > 0 {
        parts.push(match thousands {
            1..=10 => HE_THOUSANDS[thousands as usize].to_owned(),
            _ => format!("{} אלף", hebrew(thousands, false)),
        });
        rest %= 1000;
    }
    if rest > 0 {
        parts.extend(hebrew_below_1000(rest, feminine));
    }
    // "ו" (and) stands before the last part: מאה עשרים ואחת.
    if parts.len() > 1
        && let Some(last) = parts.last_mut()
    {
        *last = format!("ו{last}");
    }
    parts.join(" ")
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
    fn arabic_table() {
        let table: &[(u64, &str, &str)] = &[
            (0, "صفر", "صفر"),
            (1, "واحد", "واحدة"),
            (3, "ثلاثة", "ثلاث"),
            (10, "عشرة", "عشر"),
            (11, "أحد عشر", "إحدى عشرة"),
            (12, "اثنا عشر", "اثنتا عشرة"),
            (15, "خمسة عشر", "خمس عشرة"),
            (20, "عشرون", "عشرون"),
            (21, "واحد وعشرون", "إحدى وعشرون"),
            (45, "خمسة وأربعون", "خمس وأربعون"),
            (100, "مئة", "مئة"),
            (105, "مئة وخمسة", "مئة وخمس"),
            (2000, "ألفان", "ألفان"),
            (3600, "ثلاثة آلاف وستمئة", "ثلاثة آلاف وستمئة"),
        ];
        for (n, masculine, feminine) in table {
            assert_eq!(cardinal(*n, Lang::Ar), *masculine, "{n}");
            assert_eq!(
                cardinal_before_noun(*n, Gender::Feminine, Lang::Ar),
                *feminine,
                "{n}"
            );
        }
    }

    #[test]
    fn hebrew_table() {
        let table: &[(u64, &str, &str)] = &[
            (0, "אפס", "אפס"),
            (1, "אחת", "אחד"),
            (2, "שתיים", "שניים"),
            (3, "שלוש", "שלושה"),
            (12, "שתים עשרה", "שנים עשר"),
            (17, "שבע עשרה", "שבעה עשר"),
            (20, "עשרים", "עשרים"),
            (21, "עשרים ואחת", "עשרים ואחד"),
            (100, "מאה", "מאה"),
            (105, "מאה וחמש", "מאה וחמישה"),
            (121, "מאה עשרים ואחת", "מאה עשרים ואחד"),
            (3600, "שלושת אלפים ושש מאות", "שלושת אלפים ושש מאות"),
        ];
        for (n, feminine, masculine) in table {
            assert_eq!(cardinal(*n, Lang::He), *feminine, "{n}");
            assert_eq!(
                cardinal_before_noun(*n, Gender::Masculine, Lang::He),
                *masculine,
                "{n}"
            );
        }
    }

    #[test]
    fn huge_numbers_do_not_panic() {
        assert!(!cardinal(u64::MAX, Lang::Ar).is_empty());
        assert!(!cardinal(u64::MAX, Lang::He).is_empty());
        assert!(
            cardinal(u64::MAX, Lang::De)
                .starts_with("achtzehn Trillionen vierhundertsechsundvierzig Billiarden")
        );
        assert!(cardinal(u64::MAX, Lang::En).starts_with("eighteen quintillion"));
    }
}
