//! Pronunciation dictionaries for pocketsphinx: every vocabulary word spelled in the phones of
//! its en-us acoustic model (the CMU phone set), also the German words.
//!
//! A word's pronunciations come from, in this order: the hand-made list of the language
//! (`src/asr/pronunciations/*.txt`, what people say), the CMU dictionary shipped with the
//! model (English), and espeak-ng's own pronunciation converted from IPA (so that a word an
//! arbiter adds to the vocabulary file is recognised without a code change, and so that the
//! grammar accepts what espeak-ng test voices actually say: "Cäsar" with k, "Rochade" with x).
//! A list's `-word PHONES` lines then remove readings from any source: the German list removes
//! those pocketsphinx heard for another word more than for their own
//! (`scripts/confusable_pronunciations.py`).
//!
//! Words are ASCII-folded for pocketsphinx (`läufer` → `laeufer`); [`token`] gives that form.
//!
//! ```
//! use rochade::asr::dictionary::{ipa_to_phones, token};
//! assert_eq!(token("Läufer"), "laeufer");
//! // espeak-ng's German IPA for "Springer"
//! assert_eq!(ipa_to_phones("ʃpɾˈɪŋɜ")[0], "SH P R IH NG ER");
//! ```
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::sync::OnceLock;

use crate::lang::Lang;
use crate::speech::espeak;
use crate::vocab::normalize_word;

/// The phones of the en-us model (`mdef`), without SIL.
pub const PHONES: [&str; 39] = [
    "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH",
    "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH",
    "UW", "V", "W", "Y", "Z", "ZH",
];

const CURATED_DE: &str = include_str!("pronunciations/de.txt");
const CURATED_EN: &str = include_str!("pronunciations/en.txt");

/// The form of a word pocketsphinx sees: folded to lower-case ASCII letters and digits.
pub fn token(word: &str) -> String {
    normalize_word(word)
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect()
}

/// Pronunciations of words, keyed by their [`token`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Dictionary {
    entries: BTreeMap<String, Vec<String>>,
}

impl Dictionary {
    /// The pronunciations of a token, best first.
    pub fn get(&self, token: &str) -> Option<&[String]> {
        self.entries.get(token).map(Vec::as_slice)
    }

    pub fn tokens(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// The dictionary in pocketsphinx's text format (`word PH…`, `word(2) PH…`).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (word, prons) in &self.entries {
            for (i, pron) in prons.iter().enumerate() {
                if i == 0 {
                    out.push_str(&format!("{word} {pron}\n"));
                } else {
                    out.push_str(&format!("{word}({}) {pron}\n", i + 1));
                }
            }
        }
        out
    }

    fn add(&mut self, token: &str, pron: String) {
        let prons = self.entries.entry(token.to_string()).or_default();
        if !prons.contains(&pron) {
            prons.push(pron);
        }
    }
}

/// Builds the dictionary for `words` (spelled as in the vocabulary, umlauts allowed).
/// Words that no source can pronounce are returned by name in the error list.
pub fn build(words: &BTreeSet<String>, lang: Lang) -> (Dictionary, Vec<String>) {
    let curated = curated(lang);
    let user = user_pronunciations();
    let mut dictionary = Dictionary::default();
    let mut missing = Vec::new();
    for word in words {
        let tok = token(word);
        if tok.is_empty() {
            missing.push(word.clone());
            continue;
        }
        for pron in user.additions.get(tok.as_str()).into_iter().flatten() {
            dictionary.add(&tok, pron.clone());
        }
        for pron in curated.additions.get(tok.as_str()).into_iter().flatten() {
            dictionary.add(&tok, pron.clone());
        }
        if lang.default_vocabulary() == Lang::En {
            // The CMU dictionary spells "that's" with its apostrophe, which the token lacks
            // (its "id" is not "I'd").
            let spelled = word.to_lowercase();
            let key = if spelled.contains('\'') {
                &spelled
            } else {
                &tok
            };
            for pron in cmudict().get(key.as_str()).into_iter().flatten() {
                dictionary.add(&tok, pron.clone());
            }
        }
        for pron in espeak_pronunciations(word, lang) {
            dictionary.add(&tok, pron);
        }
        if let Some(prons) = dictionary.entries.get_mut(&tok) {
            for drop in [&curated.removals, &user.removals]
                .into_iter()
                .filter_map(|list| list.get(tok.as_str()))
            {
                prons.retain(|p| !drop.contains(p));
            }
        }
        if dictionary.get(&tok).is_none_or(|p| p.is_empty()) {
            dictionary.entries.remove(&tok);
            missing.push(word.clone());
        }
    }
    (dictionary, missing)
}

/// Pronunciations from the file named by `ROCHADE_PRONUNCIATIONS`, in the format of the
/// built-in lists; a line `-word PHONES` removes that pronunciation. For an arbiter's new
/// words, or a speaker the defaults do not suit. Read at each call (the file may change).
fn user_pronunciations() -> PronunciationList {
    let Some(path) = std::env::var_os("ROCHADE_PRONUNCIATIONS") else {
        return PronunciationList::default();
    };
    // Like a missing file, one too large to be a pronunciation list adds nothing.
    let text = crate::bounded::read_file(Path::new(&path), crate::bounded::VOCABULARY)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    PronunciationList::parse(&text)
}

/// A list of pronunciations to add (`word PHONES`) and to remove (`-word PHONES`), by token.
#[derive(Default)]
struct PronunciationList {
    additions: HashMap<String, Vec<String>>,
    removals: HashMap<String, Vec<String>>,
}

impl PronunciationList {
    fn parse(text: &str) -> Self {
        let (removals, additions): (Vec<&str>, Vec<&str>) =
            text.lines().partition(|l| l.trim_start().starts_with('-'));
        let removals: Vec<&str> = removals
            .iter()
            .map(|l| l.trim_start().trim_start_matches('-'))
            .collect();
        PronunciationList {
            additions: parse_dictionary(&additions.join("\n")),
            removals: parse_dictionary(&removals.join("\n")),
        }
    }
}

/// The hand-made list of a language, parsed once.
fn curated(lang: Lang) -> &'static PronunciationList {
    static DE: OnceLock<PronunciationList> = OnceLock::new();
    static EN: OnceLock<PronunciationList> = OnceLock::new();
    // A recognizer hears a vocabulary: ar and he games are heard in theirs.
    match lang.default_vocabulary() {
        Lang::En => EN.get_or_init(|| PronunciationList::parse(CURATED_EN)),
        _ => DE.get_or_init(|| PronunciationList::parse(CURATED_DE)),
    }
}

/// The CMU dictionary of the installed en-us model (empty when it is not installed).
fn cmudict() -> &'static HashMap<String, Vec<String>> {
    static CMU: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    CMU.get_or_init(|| {
        let path = Path::new(super::POCKETSPHINX_MODEL_DIR).join("cmudict-en-us.dict");
        std::fs::read_to_string(path)
            .map(|text| parse_dictionary(&text))
            .unwrap_or_default()
    })
}

/// Parses `word PH PH …` lines (`word(2)` for variants, `#` comments); lines with phones
/// outside the model's phone set are skipped.
fn parse_dictionary(text: &str) -> HashMap<String, Vec<String>> {
    let mut map: HashMap<String, Vec<String>> = HashMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split_whitespace();
        let Some(word) = parts.next() else { continue };
        let word = word.split('(').next().unwrap_or(word).to_lowercase();
        let phones: Vec<&str> = parts.collect();
        if phones.is_empty() || !phones.iter().all(|p| PHONES.contains(p)) {
            continue;
        }
        map.entry(word).or_default().push(phones.join(" "));
    }
    map
}

/// espeak-ng's pronunciation of `word`, converted. German words written with two-letter
/// umlauts (`fuenf`) are also looked up with the umlaut (`fünf`), which is what a speaker
/// says; espeak-ng reads the two-letter form letter by letter.
fn espeak_pronunciations(word: &str, lang: Lang) -> Vec<String> {
    let voice = match lang.default_vocabulary() {
        Lang::En => "en-us",
        _ => "de",
    };
    let mut spellings = vec![word.to_string()];
    if lang.default_vocabulary() == Lang::De {
        let restored = word
            .replace("ae", "ä")
            .replace("oe", "ö")
            .replace("ue", "ü");
        if restored != word {
            spellings.insert(0, restored);
        }
    }
    let mut prons = Vec::new();
    for spelling in spellings {
        if let Ok(ipa) = espeak::ipa(&spelling, voice) {
            for pron in ipa_to_phones(&ipa) {
                if !prons.contains(&pron) {
                    prons.push(pron);
                }
            }
        }
    }
    prons
}

/// IPA symbols (longest first) and their phones: the first choice, and a second one where
/// an English listener's ear might pick another phone (x as K or HH, ç as SH or HH …).
const IPA_TABLE: &[(&str, &str, &str)] = &[
    ("aɪ", "AY", "AY"),
    ("aʊ", "AW", "AW"),
    ("ɔø", "OY", "OY"),
    ("ɔʏ", "OY", "OY"),
    ("ɔɪ", "OY", "OY"),
    ("eɪ", "EY", "EY"),
    ("oʊ", "OW", "OW"),
    ("əʊ", "OW", "OW"),
    ("ts", "T S", "T S"),
    ("pf", "P F", "P F"),
    ("tʃ", "CH", "CH"),
    ("dʒ", "JH", "JH"),
    ("a", "AA", "AH"),
    ("ɑ", "AA", "AA"),
    ("ɐ", "ER", "AH"),
    ("ɜ", "ER", "AH"),
    ("ɚ", "ER", "ER"),
    ("ɝ", "ER", "ER"),
    ("ə", "AH", "EH"),
    ("ɛ", "EH", "EY"),
    ("e", "EY", "EH"),
    ("i", "IY", "IY"),
    ("ɪ", "IH", "IY"),
    ("ᵻ", "IH", "IH"),
    ("o", "OW", "AO"),
    ("ɔ", "AO", "OW"),
    ("ɒ", "AA", "AO"),
    ("u", "UW", "UH"),
    ("ʊ", "UH", "UW"),
    ("y", "UW", "IY"),
    ("ʏ", "UH", "IH"),
    ("ø", "ER", "EY"),
    ("œ", "ER", "EH"),
    ("æ", "AE", "AE"),
    ("ʌ", "AH", "AH"),
    ("b", "B", "B"),
    ("d", "D", "D"),
    ("ɡ", "G", "G"),
    ("g", "G", "G"),
    ("k", "K", "K"),
    ("p", "P", "P"),
    ("t", "T", "T"),
    ("m", "M", "M"),
    ("n", "N", "N"),
    ("ŋ", "NG", "NG"),
    ("l", "L", "L"),
    ("ɫ", "L", "L"),
    ("f", "F", "F"),
    ("v", "V", "V"),
    ("w", "W", "W"),
    ("s", "S", "S"),
    ("z", "Z", "S"),
    ("ʃ", "SH", "SH"),
    ("ʒ", "ZH", "ZH"),
    ("ç", "SH", "HH"),
    ("x", "K", "HH"),
    ("χ", "K", "HH"),
    ("h", "HH", "HH"),
    ("j", "Y", "Y"),
    ("θ", "TH", "TH"),
    ("ð", "DH", "DH"),
    ("ɾ", "R", "R"),
    ("r", "R", "R"),
    ("ɹ", "R", "R"),
    ("ʁ", "R", "R"),
];

/// Converts espeak-ng IPA to phone strings: the first-choice reading and, when different,
/// the second-choice one. Stress, length and unknown marks are dropped; an empty result
/// means nothing usable was found. A sound espeak-ng cannot name in IPA (`??`, the "ur" of
/// German "Turm") gives no reading: dropped, it left "Turm" as "T M", two phones that fit
/// almost any short noise.
pub fn ipa_to_phones(ipa: &str) -> Vec<String> {
    if ipa.contains("??") {
        return Vec::new();
    }
    let mut first: Vec<&str> = Vec::new();
    let mut second: Vec<&str> = Vec::new();
    let mut rest = ipa;
    while !rest.is_empty() {
        if let Some((symbol, a, b)) = IPA_TABLE.iter().find(|(s, _, _)| rest.starts_with(s)) {
            first.push(a);
            second.push(b);
            rest = &rest[symbol.len()..];
        } else {
            // stress ˈˌ, length ː, word gaps, espeak-ng's "??" for sounds it cannot name
            let skip = rest.chars().next().map(char::len_utf8).unwrap_or(1);
            rest = &rest[skip..];
        }
    }
    let mut out = Vec::new();
    for phones in [first, second] {
        let joined = phones.join(" ");
        if !joined.is_empty() && !out.contains(&joined) {
            out.push(joined);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipa_conversion_of_german_words() {
        assert_eq!(ipa_to_phones("dɾˈaɪ"), vec!["D R AY"]);
        assert_eq!(ipa_to_phones("ˈaxt"), vec!["AA K T", "AH HH T"]);
        assert_eq!(ipa_to_phones("kˈɛːzɑːɾ")[0], "K EH Z AA R");
        assert!(ipa_to_phones("tˈ??m").is_empty(), "Turm is not T M");
        assert!(ipa_to_phones("ˈː").is_empty());
    }

    #[test]
    fn every_curated_line_uses_model_phones() {
        for (text, name) in [(CURATED_DE, "de"), (CURATED_EN, "en")] {
            for line in text
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            {
                let mut parts = line.split_whitespace();
                let word = parts.next().unwrap_or_default().trim_start_matches('-');
                assert_eq!(word, token(word), "{name}: {word} is not in token form");
                for phone in parts {
                    assert!(PHONES.contains(&phone), "{name}: {line}: bad phone {phone}");
                }
            }
        }
    }

    #[test]
    fn german_words_get_curated_and_espeak_pronunciations() {
        let words: BTreeSet<String> = ["läufer", "cäsar", "felix", "rochade", "zwo", "blödsinn"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let (dict, missing) = build(&words, Lang::De);
        assert!(missing.is_empty(), "{missing:?}");
        let laeufer = dict.get("laeufer").expect("läufer");
        assert_eq!(laeufer[0], "L OY F ER");
        // espeak-ng says Rochade with x: its K reading is there
        assert!(
            dict.get("rochade")
                .expect("rochade")
                .contains(&"R AO K AA D AH".to_string())
        );
        // a word of no list still gets espeak-ng's pronunciation
        assert!(dict.get("bloedsinn").is_some());
        assert!(dict.to_text().contains("laeufer(2) "));
    }

    #[test]
    fn a_removed_pronunciation_is_not_heard_and_each_removal_names_one_given() {
        let list = PronunciationList::parse(CURATED_DE);
        assert!(!list.removals.is_empty());
        let words: BTreeSet<String> = list.removals.keys().cloned().collect();
        let (dict, _) = build(&words, Lang::De);
        for (word, removed) in &list.removals {
            let prons = dict.get(word).unwrap_or_default();
            for pron in removed {
                assert!(!prons.contains(pron), "{word} {pron} is still there");
                // a removal that no source gives any more is stale: its line should go
                let given = espeak_pronunciations(word, Lang::De).contains(pron)
                    || list.additions.get(word).is_some_and(|p| p.contains(pron));
                assert!(given, "-{word} {pron}: no source gives it");
            }
            assert!(!prons.is_empty(), "{word} kept no pronunciation");
        }
        // "Turm": espeak-ng's unnamed sound no longer becomes "T M"
        let words: BTreeSet<String> = ["turm".to_string()].into();
        let (dict, _) = build(&words, Lang::De);
        let turm = dict.get("turm").expect("turm");
        assert!(!turm.contains(&"T M".to_string()), "{turm:?}");
        assert!(turm.contains(&"T UH R M".to_string()), "{turm:?}");
    }

    #[test]
    fn english_words_come_from_cmudict() {
        let words: BTreeSet<String> = ["knight", "foxtrot", "kingside"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let (dict, missing) = build(&words, Lang::En);
        assert!(missing.is_empty());
        assert_eq!(dict.get("knight").expect("knight")[0], "N AY T");
    }

    #[test]
    fn a_contraction_is_one_word_as_the_cmu_dictionary_says_it() {
        let words: BTreeSet<String> = ["that's", "I'd"].iter().map(|w| w.to_string()).collect();
        let (dict, missing) = build(&words, Lang::En);
        assert!(missing.is_empty(), "{missing:?}");
        assert!(
            dict.get("thats")
                .expect("that's")
                .contains(&"DH AE T S".to_string())
        );
        let i_d = dict.get("id").expect("I'd");
        assert!(i_d.contains(&"AY D".to_string()), "{i_d:?}");
        assert!(!i_d.contains(&"IH D".to_string()), "the word id: {i_d:?}");
    }
}
