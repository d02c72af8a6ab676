//! The rejection set: the sounds a player's microphone hears that must never become a move or a
//! command.
use super::super::voice::SetBenchArgs;
use super::RejectItem;
use super::cases::load_chatter;
use super::sounds::{OTHER_LANGUAGES, RAMBLE_DE, RAMBLE_EN, Synth, coughs};
use crate::audio::SAMPLE_RATE;
use crate::lang::Lang;

/// The rejection set: coughs, chatter, other languages, the noise floor alone, a ramble.
pub(super) fn rejection_items(
    sets: &SetBenchArgs,
    voices_de: &[(String, Synth)],
    voices_en: &[(String, Synth)],
    notes: &mut Vec<String>,
) -> anyhow::Result<Vec<RejectItem>> {
    let both = vec![Lang::De, Lang::En];
    let mut items = Vec::new();
    for (label, speech) in coughs()? {
        items.push(RejectItem {
            kind: "cough",
            label,
            langs: both.clone(),
            speech,
        });
    }
    items.push(RejectItem {
        kind: "silence",
        label: "3 s of the noise floor alone".into(),
        langs: both.clone(),
        speech: vec![0; 3 * SAMPLE_RATE as usize],
    });
    for (i, (code, text)) in OTHER_LANGUAGES.iter().enumerate() {
        let rate = sets.rates[i % sets.rates.len()];
        match Synth::Espeak((*code).to_string()).speak(text, rate) {
            Ok(speech) => items.push(RejectItem {
                kind: "other language",
                label: format!("{code}: {text}"),
                langs: both.clone(),
                speech,
            }),
            Err(err) => notes.push(format!("espeak-ng {code} skipped: {err:#}")),
        }
    }
    for (lang, voices, text) in [
        (Lang::De, voices_de, RAMBLE_DE),
        (Lang::En, voices_en, RAMBLE_EN),
    ] {
        if let Some((name, synth)) = voices.first() {
            match synth.speak(text, 145) {
                Ok(speech) => items.push(RejectItem {
                    kind: "ramble",
                    label: format!(
                        "{lang} ramble of {:.0} s by {name}",
                        speech.len() as f64 / f64::from(SAMPLE_RATE)
                    ),
                    langs: vec![lang],
                    speech,
                }),
                Err(err) => notes.push(format!("the {lang} ramble by {name} skipped: {err:#}")),
            }
        }
    }
    if let Some(path) = &sets.chatter {
        for (i, (lang, form, text)) in load_chatter(path, sets.chatter_limit)?
            .into_iter()
            .enumerate()
        {
            let voices = if lang == Lang::De {
                voices_de
            } else {
                voices_en
            };
            if voices.is_empty() {
                continue;
            }
            let (name, synth) = &voices[i % voices.len()];
            let rate = sets.rates[i % sets.rates.len()];
            match synth.speak(&text, rate) {
                Ok(speech) => items.push(RejectItem {
                    kind: "chatter",
                    label: format!("{form}, {name}: {text}"),
                    langs: vec![lang],
                    speech,
                }),
                Err(err) => notes.push(format!("{name} could not say {text:?}: {err:#}")),
            }
        }
    } else {
        notes.push("no --chatter set: the rejection set has no chatter".into());
    }
    Ok(items)
}
