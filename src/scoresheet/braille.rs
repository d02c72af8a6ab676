//! Braille cells: the North American braille ASCII table that BRF uses (one character
//! 0x20–0x5F per six-dot cell), the same cells as Unicode braille (U+2800 + dot mask), the
//! piece letter sets of the scoresheet, and a small uncontracted transcription of words and
//! numbers for headings (letters as letters, digits with the number sign, UEB punctuation).
//!
//! ```
//! use rochade::scoresheet::braille::{brf_to_unicode, unicode_to_brf};
//!
//! assert_eq!(brf_to_unicode("2 SF3 SC6"), "⠆⠀⠎⠋⠒⠀⠎⠉⠖");
//! assert_eq!(unicode_to_brf("⠑⠰⠙⠲").as_deref(), Some("E;D4"));
//! ```
use shakmaty::Role;

/// Dot masks (bit 0 = dot 1 … bit 5 = dot 6) of the BRF characters 0x20 to 0x5F, in order.
const BRF_DOTS: [u8; 64] = [
    0x00, 0x2E, 0x10, 0x3C, 0x2B, 0x29, 0x2F, 0x04, // space ! " # $ % & '
    0x37, 0x3E, 0x21, 0x2C, 0x20, 0x24, 0x28, 0x0C, // ( ) * + , - . /
    0x34, 0x02, 0x06, 0x12, 0x32, 0x22, 0x16, 0x36, // 0 1 2 3 4 5 6 7
    0x26, 0x14, 0x31, 0x30, 0x23, 0x3F, 0x1C, 0x39, // 8 9 : ; < = > ?
    0x08, 0x01, 0x03, 0x09, 0x19, 0x11, 0x0B, 0x1B, // @ A B C D E F G
    0x13, 0x0A, 0x1A, 0x05, 0x07, 0x0D, 0x1D, 0x15, // H I J K L M N O
    0x0F, 0x1F, 0x17, 0x0E, 0x1E, 0x25, 0x27, 0x3A, // P Q R S T U V W
    0x2D, 0x3D, 0x35, 0x2A, 0x33, 0x3B, 0x18, 0x38, // X Y Z [ \ ] ^ _
];

/// The dot mask of a BRF character (lower-case letters count as upper-case), if it is one.
pub fn brf_dots(c: char) -> Option<u8> {
    let code = u32::from(c.to_ascii_uppercase());
    let index = usize::try_from(code.checked_sub(0x20)?).ok()?;
    BRF_DOTS.get(index).copied()
}

/// The BRF character of a six-dot cell.
pub fn brf_char_of_dots(dots: u8) -> Option<char> {
    let index = BRF_DOTS.iter().position(|&d| d == dots)?;
    char::from_u32(0x20 + u32::try_from(index).ok()?)
}

/// BRF text as Unicode braille: every BRF character becomes its cell (space the blank cell
/// U+2800); line ends and form feeds stay as they are.
pub fn brf_to_unicode(brf: &str) -> String {
    brf.chars()
        .map(|c| match brf_dots(c) {
            Some(dots) => char::from_u32(0x2800 + u32::from(dots)).unwrap_or(c),
            None => c,
        })
        .collect()
}

/// Unicode braille back to BRF; `None` if a cell has dots 7 or 8 or a character is neither a
/// braille cell nor a line end or form feed.
pub fn unicode_to_brf(text: &str) -> Option<String> {
    text.chars()
        .map(|c| match u32::from(c) {
            code @ 0x2800..=0x283F => brf_char_of_dots(u8::try_from(code - 0x2800).ok()?),
            _ if matches!(c, '\r' | '\n' | '\x0c' | ' ') => Some(c),
            _ => None,
        })
        .collect()
}

/// The piece letters of a braille scoresheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Letters {
    /// K Q R L S, the British Braille Chess Code (BAUK).
    #[default]
    Bauk,
    /// K D T L S, German, matching the spoken names.
    De,
    /// K Q R B N, the English print letters.
    En,
}

impl Letters {
    pub const ALL: [Letters; 3] = [Letters::Bauk, Letters::De, Letters::En];

    /// The (upper-case) letter of a piece; pawns have none.
    pub fn letter(self, role: Role) -> Option<char> {
        Some(match (self, role) {
            (_, Role::Pawn) => return None,
            (_, Role::King) => 'K',
            (Letters::De, Role::Queen) => 'D',
            (_, Role::Queen) => 'Q',
            (Letters::De, Role::Rook) => 'T',
            (_, Role::Rook) => 'R',
            (Letters::En, Role::Bishop) => 'B',
            (_, Role::Bishop) => 'L',
            (Letters::En, Role::Knight) => 'N',
            (_, Role::Knight) => 'S',
        })
    }

    /// The piece a letter stands for in this set.
    pub fn role(self, letter: char) -> Option<Role> {
        [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ]
        .into_iter()
        .find(|&r| self.letter(r) == Some(letter.to_ascii_uppercase()))
    }

    pub fn name(self) -> &'static str {
        match self {
            Letters::Bauk => "bauk",
            Letters::De => "de",
            Letters::En => "en",
        }
    }
}

impl std::str::FromStr for Letters {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "bauk" | "uk" => Ok(Letters::Bauk),
            "de" | "german" => Ok(Letters::De),
            "en" | "english" => Ok(Letters::En),
            other => Err(format!(
                "unknown letter set {other:?}: expected bauk, de or en"
            )),
        }
    }
}

impl std::fmt::Display for Letters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Folds a letter with an accent to plain letters (German umlauts to two letters).
fn fold_letter(c: char) -> Option<&'static str> {
    Some(match c {
        'ä' | 'Ä' => "ae",
        'ö' | 'Ö' => "oe",
        'ü' | 'Ü' => "ue",
        'ß' => "ss",
        'à' | 'á' | 'â' | 'ã' | 'å' | 'À' | 'Á' | 'Â' | 'Ã' | 'Å' => "a",
        'ç' | 'Ç' | 'č' | 'Č' | 'ć' | 'Ć' => "c",
        'è' | 'é' | 'ê' | 'ë' | 'È' | 'É' | 'Ê' | 'Ë' | 'ě' => "e",
        'ì' | 'í' | 'î' | 'ï' | 'Ì' | 'Í' | 'Î' | 'Ï' => "i",
        'ñ' | 'Ñ' | 'ń' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ø' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ø' => "o",
        'ù' | 'ú' | 'û' | 'Ù' | 'Ú' | 'Û' => "u",
        'ý' | 'ÿ' | 'Ý' => "y",
        'š' | 'Š' | 'ś' => "s",
        'ž' | 'Ž' | 'ź' | 'ż' => "z",
        'ł' | 'Ł' => "l",
        'ř' | 'Ř' => "r",
        _ => return None,
    })
}

/// One word (or a run of words) of print in uncontracted braille, as BRF: letters as
/// letters without capital signs, numbers with the number sign and the upper-cell digits
/// (a–j), a decimal point or comma inside a number kept in the number, UEB punctuation
/// (comma ⠂, full stop ⠲, hyphen ⠤, brackets ⠐⠣ ⠐⠜, slash ⠸⠌, colon ⠒). Characters without
/// a braille form are left out. *House style*: no capital signs, accents folded.
pub fn literary(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut in_number = false;
    for (i, &c) in chars.iter().enumerate() {
        let next_is_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() {
            if !in_number {
                out.push('#');
                in_number = true;
            }
            let upper = match c {
                '0' => 'J',
                d => char::from(b'A' + (d as u8 - b'1')),
            };
            out.push(upper);
            continue;
        }
        if in_number && matches!(c, '.' | ',') && next_is_digit {
            out.push(if c == '.' { '4' } else { '1' });
            continue;
        }
        let was_number = in_number;
        in_number = false;
        if c.is_ascii_alphabetic() {
            // A letter a–j right after a number would read as a digit: the grade 1 sign first.
            if was_number && matches!(c.to_ascii_lowercase(), 'a'..='j') {
                out.push(';');
            }
            out.push(c.to_ascii_uppercase());
            continue;
        }
        if let Some(folded) = fold_letter(c) {
            out.push_str(&folded.to_ascii_uppercase());
            continue;
        }
        out.push_str(match c {
            ' ' | '\t' => " ",
            ',' => "1",
            '.' => "4",
            ';' => "2",
            ':' => "3",
            '!' => "6",
            '?' => "8",
            '-' | '–' | '‐' => "-",
            '\'' | '’' => "'",
            '(' | '[' => "\"<",
            ')' | ']' => "\">",
            '/' => "_/",
            '=' => "\"7",
            '+' => "\"6",
            '&' => "@&",
            '"' | '“' | '”' => "8",
            '½' => "#A_/B",
            _ => "",
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_a_bijection_onto_the_64_six_dot_cells() {
        let mut seen = [false; 64];
        for dots in BRF_DOTS {
            let slot = seen.get_mut(usize::from(dots)).unwrap();
            assert!(!*slot, "cell {dots:#x} appears twice");
            *slot = true;
        }
        assert!(seen.iter().all(|s| *s));
    }

    #[test]
    fn ranks_are_lower_cell_digits() {
        assert_eq!(brf_to_unicode("12345678"), "⠂⠆⠒⠲⠢⠖⠶⠦");
        assert_eq!(brf_to_unicode("90"), "⠔⠴");
        assert_eq!(brf_to_unicode("ABCDEFGH"), "⠁⠃⠉⠙⠑⠋⠛⠓");
        assert_eq!(brf_to_unicode(";^_>M-"), "⠰⠘⠸⠜⠍⠤");
    }

    #[test]
    fn unicode_round_trip() {
        let brf = "1 E4 E5\r\n\x0c2 SF3 SC6\r\n";
        assert_eq!(unicode_to_brf(&brf_to_unicode(brf)).as_deref(), Some(brf));
        assert_eq!(unicode_to_brf("⣿"), None);
    }

    #[test]
    fn letter_sets() {
        assert_eq!(Letters::Bauk.letter(Role::Bishop), Some('L'));
        assert_eq!(Letters::De.letter(Role::Queen), Some('D'));
        assert_eq!(Letters::En.letter(Role::Knight), Some('N'));
        assert_eq!(Letters::De.role('T'), Some(Role::Rook));
        assert_eq!(Letters::Bauk.role('B'), None);
    }

    #[test]
    fn words_and_numbers() {
        assert_eq!(literary("Deep Blue (Computer)"), "DEEP BLUE \"<COMPUTER\">");
        assert_eq!(literary("1997"), "#AIIG");
        assert_eq!(literary("2001.01.05"), "#BJJA4JA4JE");
        assert_eq!(literary("Carlsen, Magnus"), "CARLSEN1 MAGNUS");
        assert_eq!(literary("Müller"), "MUELLER");
        assert_eq!(literary("2nd"), "#BND");
        assert_eq!(literary("3a"), "#C;A");
        assert!(
            literary("Round 3: Ödön")
                .chars()
                .all(|c| brf_dots(c).is_some())
        );
    }
}
