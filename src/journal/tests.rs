//! The journal's own tests: sealing, CRC-32, time stamps and file names.
use super::files::journal_name_key;
use super::seal::{Checked, check_line, seal};
use super::*;
use std::time::{Duration, UNIX_EPOCH};

#[test]
fn the_header_sealed_as_the_docs_show_it() {
    let header =
        br#"{"rochade_journal":2,"program_version":"0.1.0","created_at":"2026-11-23T13:05:00Z"}"#;
    assert_eq!(
        String::from_utf8(seal(header, 0).unwrap()).unwrap(),
        r#"{"rochade_journal":2,"program_version":"0.1.0","created_at":"2026-11-23T13:05:00Z","seq":0,"crc":"a2c03053"}"#
    );
}

#[test]
fn crc32_of_the_standard_check_string() {
    // The check value of CRC-32/ISO-HDLC (zlib's crc32 of "123456789").
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
}

#[test]
fn a_sealed_line_ends_with_seq_then_crc_over_the_bytes_before() {
    let line = seal(br#"{"at":5}"#, 3).unwrap();
    let text = String::from_utf8(line.clone()).unwrap();
    let (body, _) = text.split_once(",\"crc\":").unwrap();
    assert_eq!(body, r#"{"at":5,"seq":3"#);
    assert_eq!(
        text,
        format!("{body},\"crc\":\"{:08x}\"}}", crc32(body.as_bytes()))
    );
    assert!(matches!(check_line(&line), Checked::Sealed { .. }));
    let mut flipped = line.clone();
    flipped[5] = b'6';
    assert!(matches!(check_line(&flipped), Checked::BadSeal));
    assert_eq!(
        seal(b"{}", 1).unwrap(),
        format!("{{\"seq\":1,\"crc\":\"{:08x}\"}}", crc32(br#"{"seq":1"#)).into_bytes()
    );
    assert!(matches!(seal(b"[1]", 1), Err(JournalError::NotAnObject)));
}

#[test]
fn rfc3339_of_known_instants() {
    assert_eq!(utc_rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    let t = UNIX_EPOCH + Duration::from_secs(1_795_438_800); // 2026-11-23 13:00:00 UTC (date -u -d @1795438800)
    assert_eq!(utc_rfc3339(t), "2026-11-23T13:00:00Z");
    let leap = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
    assert_eq!(utc_rfc3339(leap), "2000-02-29T00:00:00Z");
}

#[test]
fn journal_names_sort_by_time_then_sequence() {
    assert_eq!(
        journal_name_key("2026-11-23T14-05-00.jsonl"),
        Some(("2026-11-23T14-05-00".into(), 1))
    );
    assert_eq!(
        journal_name_key("2026-11-23T14-05-00-3.jsonl"),
        Some(("2026-11-23T14-05-00".into(), 3))
    );
    assert_eq!(journal_name_key("2026-11-23T14-05-00.jsonl.torn"), None);
    assert_eq!(journal_name_key("notes.jsonl"), None);
    assert_eq!(journal_name_key("2026-11-23T14-05-00x.jsonl"), None);
}

#[test]
fn file_name_from_rfc3339() {
    assert_eq!(
        journal_file_name("2026-11-23T14:05:00+01:00")
            .ok()
            .as_deref(),
        Some("2026-11-23T14-05-00.jsonl")
    );
    assert_eq!(
        journal_file_name("2026-11-23T14:05:00.123Z")
            .ok()
            .as_deref(),
        Some("2026-11-23T14-05-00.jsonl")
    );
    assert!(journal_file_name("yesterday").is_err());
    assert!(journal_file_name("2026-11-23").is_err());
}

#[test]
fn games_dir_prefers_absolute_xdg() {
    assert_eq!(
        games_dir_from(Some("/x/data".into()), Some("/home/a".into())),
        Some(PathBuf::from("/x/data/rochade/games"))
    );
    assert_eq!(
        games_dir_from(Some("relative".into()), Some("/home/a".into())),
        Some(PathBuf::from("/home/a/.local/share/rochade/games"))
    );
    assert_eq!(games_dir_from(None, None), None);
}
