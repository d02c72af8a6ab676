//! The message catalogs (`grammars/*.ftl`): every built-in language has every message, with
//! the same placeholders, and every message formats without a gap.
use rochade::catalog::{Arg, Catalog, builtin_source};
use rochade::lang::Lang;

#[test]
fn every_catalog_has_every_message_with_the_same_placeholders() {
    let reference = Catalog::builtin(Lang::En);
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        let catalog = Catalog::builtin(lang);
        for (id, names) in reference.messages() {
            match catalog.messages().get(id) {
                None => problems.push(format!("{lang}.ftl lacks {id}")),
                Some(own) if own != names => problems.push(format!(
                    "{lang}.ftl: {id} has placeholders {own:?}, en.ftl {names:?}"
                )),
                Some(_) => {}
            }
        }
        for id in catalog.messages().keys() {
            if !reference.messages().contains_key(id) {
                problems.push(format!("{lang}.ftl has {id}, which en.ftl lacks"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        reference.messages().len() > 150,
        "the catalog is suspiciously small"
    );
}

#[test]
fn every_message_formats_with_its_placeholders_filled() {
    for lang in Lang::ALL {
        let catalog = Catalog::builtin(lang);
        for (id, names) in catalog.messages() {
            for count in [0u64, 1, 2, 21] {
                let args: Vec<(&str, Arg)> = names
                    .iter()
                    .map(|n| {
                        let value = if n == "count" {
                            Arg::Number(count)
                        } else {
                            Arg::from("X")
                        };
                        (n.as_str(), value)
                    })
                    .collect();
                let text = catalog.text(id, &args);
                assert!(
                    !text.is_empty() && !text.contains('{') && !text.contains('\u{2068}'),
                    "{lang}.ftl {id} (count {count}) formats as {text:?}"
                );
            }
        }
    }
}

#[test]
fn plurals_and_gender_come_from_the_catalog() {
    let de = Catalog::builtin(Lang::De);
    let minutes =
        |n: u64, words: &str| de.text("minutes", &[("count", n.into()), ("number", words.into())]);
    assert_eq!(minutes(1, "eins"), "eine Minute");
    assert_eq!(minutes(2, "zwei"), "zwei Minuten");
    let accusative = |role: &str, name: &str| {
        de.text(
            "piece-accusative",
            &[("role", role.into()), ("name", name.into())],
        )
    };
    assert_eq!(accusative("queen", "Dame"), "die Dame");
    assert_eq!(accusative("pawn", "Bauer"), "den Bauern");
    assert_eq!(accusative("knight", "Springer"), "den Springer");
    let en = Catalog::builtin(Lang::En);
    assert_eq!(
        en.text(
            "moves-played",
            &[("count", 0u64.into()), ("number", "zero".into())]
        ),
        "no moves played yet"
    );
}

#[test]
fn a_broken_catalog_is_refused_with_its_name() {
    let err = Catalog::from_ftl(Lang::De, "mine.ftl", "made = { $oops\n").unwrap_err();
    assert!(err.to_string().starts_with("mine.ftl"), "{err}");
    // The built-in sources are the files in grammars/.
    let on_disk = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammars/de.ftl"))
        .expect("grammars/de.ftl");
    assert_eq!(builtin_source(Lang::De), on_disk);
}
