//! `rochade scoresheet` from the outside: run in a scratch folder, each input kind and format,
//! the atomic `--output`, the help text naming the house style, and clear errors.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rochade::scoresheet::braille::brf_to_unicode;
use rochade::scoresheet::brf::{BrailleOptions, write_brf};
use rochade::scoresheet::{Letters, pgn};

const KASPAROV: &str = include_str!("data/python-chess/kasparov-deep-blue-1997.pgn");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rochade-cli-{name}-{}", std::process::id()));
    // a process id comes round again: start without what an earlier run left
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rochade(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rochade"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn brf_and_braille_from_a_pgn() {
    let dir = scratch("brf");
    std::fs::write(dir.join("kdb.pgn"), KASPAROV).unwrap();
    let record = pgn::read(KASPAROV, 2).unwrap();
    let options = BrailleOptions {
        letters: Letters::De,
        width: 30,
        lines: 20,
        reveal_sealed: false,
        // `rochade scoresheet` writes in its default language unless told `--lang`.
        lang: rochade::lang::Lang::default(),
    };
    let expected = write_brf(&record, &options).unwrap();
    let args = [
        "scoresheet",
        "kdb.pgn",
        "--game",
        "2",
        "--letters",
        "de",
        "--width",
        "30",
        "--lines",
        "20",
    ];
    let brf = stdout(&rochade(&dir, &[&args[..], &["--format", "brf"]].concat()));
    assert_eq!(brf, expected);
    let braille = stdout(&rochade(
        &dir,
        &[&args[..], &["--format", "braille"]].concat(),
    ));
    assert_eq!(braille, brf_to_unicode(&expected));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn output_file_is_written_whole_and_no_temporary_file_stays() {
    let dir = scratch("output");
    std::fs::write(dir.join("kdb.pgn"), KASPAROV).unwrap();
    std::fs::write(dir.join("sheet.pgn"), "old contents").unwrap();
    let out = rochade(
        &dir,
        &[
            "scoresheet",
            "kdb.pgn",
            "--format",
            "pgn",
            "-o",
            "sheet.pgn",
        ],
    );
    assert_eq!(stdout(&out), "");
    let written = std::fs::read_to_string(dir.join("sheet.pgn")).unwrap();
    assert_eq!(pgn::read(&written, 1).unwrap().moves().len(), 89);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_german_move_list_becomes_english_print_text_and_a_record() {
    let dir = scratch("movelist");
    std::fs::write(
        dir.join("sheet.txt"),
        "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 (=) 4. 0-0",
    )
    .unwrap();
    let text = stdout(&rochade(
        &dir,
        &["scoresheet", "sheet.txt", "--format", "text"],
    ));
    assert!(text.contains("  2.  Nf3          Nc6"), "{text}");
    assert!(text.contains("  3.  Bb5          a6 (=)"), "{text}");
    assert!(text.contains("  4.  O-O"), "{text}");
    let json = stdout(&rochade(
        &dir,
        &["scoresheet", "sheet.txt", "--format", "json"],
    ));
    std::fs::write(dir.join("record.json"), &json).unwrap();
    let brf = stdout(&rochade(
        &dir,
        &["scoresheet", "record.json", "--format", "brf"],
    ));
    assert_eq!(
        brf,
        "1 E4 E5\r\n2 SF3 SC6\r\n3 LB5 A6 \"<\"7\">\r\n4 O-O\r\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn errors_name_the_move_and_the_token() {
    let dir = scratch("errors");
    std::fs::write(dir.join("bad.txt"), "1. e4 e5 2. Sf3 Sf5").unwrap();
    let out = rochade(&dir, &["scoresheet", "bad.txt", "--format", "brf"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Black's move 2, \"Sf5\": no legal move fits it"),
        "{err}"
    );
    let out = rochade(&dir, &["scoresheet", "missing.pgn"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("could not read missing.pgn"));
    std::fs::write(dir.join("kdb.pgn"), KASPAROV).unwrap();
    let out = rochade(
        &dir,
        &["scoresheet", "kdb.pgn", "--format", "brf", "--width", "5"],
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("choose a width of at least"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn help_names_the_house_style() {
    let dir = scratch("help");
    let help = stdout(&rochade(&dir, &["scoresheet", "--help"]));
    for item in [
        "House style",
        "O-O",
        "E8Q",
        "1/2-1/2",
        "(=)",
        "bauk",
        "--lines",
        "--width",
    ] {
        assert!(help.contains(item), "help lacks {item}:\n{help}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
