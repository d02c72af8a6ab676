//! The sealed line: how a record gets its `seq` and `crc`, and how a line's seal is checked.
use serde_json::Value;

use super::JournalError;

/// The key of the record that sets damaged lines aside.
pub(super) const SET_ASIDE: &str = "set_aside";
/// `,"crc":"` + eight hex digits + `"}`: how every sealed line ends.
const SEAL_SUFFIX_LEN: usize = 18;

/// What a line's seal and JSON say.
pub(super) enum Checked {
    /// The checksum matches; the line's JSON object.
    Sealed { value: Value },
    /// A checksum (or sequence number) is there but does not match the line.
    BadSeal,
    /// A valid JSON line with neither checksum nor sequence number (format 1).
    Unsealed { value: Value },
    /// No checksum and not JSON.
    NotJson(String),
}

pub(super) fn check_line(text: &[u8]) -> Checked {
    if text.len() > SEAL_SUFFIX_LEN {
        let (body, suffix) = text.split_at(text.len() - SEAL_SUFFIX_LEN);
        if suffix.starts_with(b",\"crc\":\"") && suffix.ends_with(b"\"}") {
            let stated = std::str::from_utf8(&suffix[8..16])
                .ok()
                .filter(|h| {
                    h.bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
                })
                .and_then(|h| u32::from_str_radix(h, 16).ok());
            if stated != Some(crc32(body)) {
                return Checked::BadSeal;
            }
            return match serde_json::from_slice::<Value>(text) {
                Ok(value) if value.is_object() => Checked::Sealed { value },
                _ => Checked::BadSeal,
            };
        }
    }
    match serde_json::from_slice::<Value>(text) {
        // A changed seal: the fields are there, but the line does not end as sealed lines do.
        Ok(value) if value.get("crc").is_some() || value.get("seq").is_some() => Checked::BadSeal,
        Ok(value) => Checked::Unsealed { value },
        Err(e) => Checked::NotJson(e.to_string()),
    }
}

/// The record without the journal's own fields.
pub(super) fn without_seal(mut value: Value) -> Value {
    if let Value::Object(map) = &mut value {
        map.remove("seq");
        map.remove("crc");
    }
    value
}

/// `json` (one JSON object) sealed as the line with sequence number `seq`: `"seq"` added as
/// its last field, then `"crc"` over every byte before it. No newline.
pub(super) fn seal(json: &[u8], seq: u64) -> Result<Vec<u8>, JournalError> {
    let (Some(b'{'), Some(b'}')) = (json.first(), json.last()) else {
        return Err(JournalError::NotAnObject);
    };
    let mut line = json[..json.len() - 1].to_vec();
    if json.len() > 2 {
        line.push(b',');
    }
    line.extend_from_slice(format!("\"seq\":{seq}").as_bytes());
    let crc = crc32(&line);
    line.extend_from_slice(format!(",\"crc\":\"{crc:08x}\"}}").as_bytes());
    Ok(line)
}

/// CRC-32 of IEEE 802.3 (reflected polynomial 0xEDB88320, as zlib and PNG compute it).
pub fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut n = 0;
        while n < 256 {
            let mut c = n as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            table[n] = c;
            n += 1;
        }
        table
    };
    !bytes.iter().fold(!0u32, |c, &b| {
        TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8)
    })
}
