//! The lines of a varied set and of a chatter file: what each says, in which position, and
//! what it must become.
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::Path;

use anyhow::{Context, bail};
use serde_json::Value;
use shakmaty::Chess;

use super::sounds::speakable;
use crate::lang::Lang;

/// What a set line expects.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Expect {
    Move(String),
    Command(String),
}

/// One line of the set to speak.
pub(super) struct SetCase {
    pub(super) lang: Lang,
    pub(super) position: Chess,
    pub(super) text: String,
    pub(super) form: String,
    pub(super) expect: Expect,
}

pub(super) fn lang_of(obj: &serde_json::Map<String, Value>) -> Result<Lang, String> {
    match obj.get("lang") {
        None | Some(Value::Null) => Ok(Lang::De),
        Some(Value::String(s)) => s.parse(),
        Some(_) => Err("\"lang\" must be \"de\" or \"en\"".into()),
    }
}

/// One parsed line: language, position, words, form, and the whole object.
pub(super) fn parse_line(raw: &str) -> Result<(Lang, Chess, String, String, Value), String> {
    let value: Value = serde_json::from_str(raw).map_err(|e| format!("not JSON: {e}"))?;
    let obj = value.as_object().ok_or("not a JSON object")?;
    let lang = lang_of(obj)?;
    let fen = obj.get("fen").and_then(Value::as_str).ok_or("no \"fen\"")?;
    let position = crate::cli::interpret::parse_fen(fen)?;
    let heard = obj
        .get("heard")
        .and_then(Value::as_str)
        .ok_or("no \"heard\" text")?
        .to_string();
    let form = obj
        .get("form")
        .or_else(|| obj.get("category"))
        .and_then(Value::as_str)
        .unwrap_or("?")
        .to_string();
    Ok((lang, position, heard, form, value))
}

pub(super) fn read_lines(path: &Path) -> anyhow::Result<Vec<(usize, String)>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the set {}", path.display()))?;
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect())
}

/// The set's move and command lines, at most `limit` per language, taken in turn from each
/// form so that every form is in a small sample; only those of `forms` when it names any
/// (`de-command`: the German commands alone, which a sample of every form holds few of).
pub(super) fn load_set(
    path: &Path,
    limit: usize,
    forms: &[String],
) -> anyhow::Result<Vec<SetCase>> {
    let mut by_form: BTreeMap<(&'static str, String), VecDeque<SetCase>> = BTreeMap::new();
    for (n, raw) in read_lines(path)? {
        let (lang, position, text, form, value) =
            parse_line(&raw).map_err(|e| anyhow::anyhow!("{}:{n}: {e}", path.display()))?;
        if !forms.is_empty() && !forms.contains(&form) {
            continue;
        }
        let expect = &value["expect"];
        let expect = match expect["status"].as_str() {
            Some("move") => match expect["uci"].as_str() {
                Some(uci) => Expect::Move(uci.to_ascii_lowercase()),
                None => bail!("{}:{n}: a move expectation without \"uci\"", path.display()),
            },
            Some("command") => match expect["command"].as_str() {
                Some(c) => Expect::Command(c.to_string()),
                None => bail!(
                    "{}:{n}: a command expectation without \"command\"",
                    path.display()
                ),
            },
            Some(_) => continue,
            None => bail!("{}:{n}: no \"expect\" status", path.display()),
        };
        by_form
            .entry((lang.code(), form.clone()))
            .or_default()
            .push_back(SetCase {
                lang,
                position,
                text: speakable(&text, lang),
                form,
                expect,
            });
    }
    let mut out = Vec::new();
    for lang in [Lang::De, Lang::En] {
        let mut queues: Vec<&mut VecDeque<SetCase>> = by_form
            .iter_mut()
            .filter(|((code, _), _)| *code == lang.code())
            .map(|(_, q)| q)
            .collect();
        let mut taken = 0;
        while taken < limit && queues.iter().any(|q| !q.is_empty()) {
            for q in queues.iter_mut() {
                if taken >= limit {
                    break;
                }
                if let Some(case) = q.pop_front() {
                    out.push(case);
                    taken += 1;
                }
            }
        }
    }
    Ok(out)
}

/// The chatter lines, at most `limit` per language.
pub(super) fn load_chatter(
    path: &Path,
    limit: usize,
) -> anyhow::Result<Vec<(Lang, String, String)>> {
    let mut out = Vec::new();
    let mut count: HashMap<Lang, usize> = HashMap::new();
    for (n, raw) in read_lines(path)? {
        let (lang, _, text, form, _) =
            parse_line(&raw).map_err(|e| anyhow::anyhow!("{}:{n}: {e}", path.display()))?;
        let c = count.entry(lang).or_default();
        if *c < limit {
            *c += 1;
            out.push((lang, form, text));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_is_taken_in_turn_from_each_form_and_only_from_the_forms_asked_for() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("set.jsonl");
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let line = |heard: &str, form: &str, expect: &str| {
            format!(
                "{{\"fen\": \"{fen}\", \"heard\": \"{heard}\", \"lang\": \"de\", \"form\": \"{form}\", \"expect\": {expect}}}\n"
            )
        };
        let e4 = r#"{"status": "move", "uci": "e2e4"}"#;
        let time = r#"{"status": "command", "command": "time"}"#;
        let text = [
            line("Eva vier", "de-fide", e4),
            line("Bauer Eva vier", "de-fide", e4),
            line("Zeit", "de-command", time),
            line("Uhr", "de-command", time),
        ]
        .concat();
        std::fs::write(&path, text).expect("the set written");
        let forms_of =
            |cases: &[SetCase]| -> Vec<String> { cases.iter().map(|c| c.form.clone()).collect() };
        let all = load_set(&path, 3, &[]).expect("the set");
        assert_eq!(forms_of(&all), ["de-command", "de-fide", "de-command"]);
        let commands = load_set(&path, 40, &["de-command".to_string()]).expect("the set");
        assert_eq!(forms_of(&commands), ["de-command", "de-command"]);
        assert!(matches!(&commands[0].expect, Expect::Command(c) if c == "time"));
    }
}
