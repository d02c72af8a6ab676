//! The listener's own tests: what noise does to the alternatives heard, and when a probe's
//! phrase is agreed.
use super::*;

#[test]
fn in_noise_moves_and_commands_are_asked_and_one_stretched_or_fitting_far_off_is_none() {
    use super::super::AcousticFit;
    use super::super::grammar::PhraseMeaning;
    let grammar = Grammar::from_phrases(
        crate::lang::Lang::En,
        [
            ("knight f three", PhraseMeaning::Move("g1f3".into())),
            ("f three", PhraseMeaning::Move("f2f3".into())),
            ("time", PhraseMeaning::Command("time".into())),
        ],
    );
    let fit = |phrase_phones, spoken_phones| AcousticFit {
        gap: 10.0,
        phrase_phones,
        spoken_phones,
        own_phones: phrase_phones,
        worst_word_gap: 10.0,
        noisy_reject_gap: 30.0,
    };
    let heard = || {
        vec![
            ("knight f three".to_string(), 0.9),
            ("f three".to_string(), 0.1),
        ]
    };
    // A move that fills the speech: asked, both moves together at most a half.
    let mut alternatives = heard();
    weigh_in_noise(&grammar, Some(fit(12, 14)), &mut alternatives);
    let together: f32 = alternatives.iter().map(|(_, c)| c).sum();
    assert!(
        (together - NOISY_MOVE_CONFIDENCE).abs() < 1e-6,
        "{alternatives:?}"
    );
    // Twelve phones over twenty-one of speech: a sentence with a move forced onto it.
    let mut alternatives = heard();
    weigh_in_noise(&grammar, Some(fit(12, 21)), &mut alternatives);
    assert!(
        alternatives.iter().all(|(_, c)| *c == 0.0),
        "{alternatives:?}"
    );
    // Too little speech for the share to tell, or no fit at all: asked as before.
    for fit in [Some(fit(3, 9)), None] {
        let mut alternatives = heard();
        weigh_in_noise(&grammar, fit, &mut alternatives);
        assert!(alternatives[0].1 > 0.0, "{fit:?}");
    }
    // A command that fills the speech keeps its half, to be asked back; stretched over
    // a sentence, it is none.
    let mut alternatives = vec![("time".to_string(), 1.0)];
    weigh_in_noise(&grammar, Some(fit(3, 4)), &mut alternatives);
    assert_eq!(alternatives[0].1, NOISY_MOVE_CONFIDENCE);
    let mut alternatives = vec![("time".to_string(), 1.0)];
    weigh_in_noise(&grammar, Some(fit(3, 21)), &mut alternatives);
    assert_eq!(alternatives[0].1, 0.0);
    // A move or a command that fits its speech no closer than the noisy reject gap was
    // forced onto it: none; a little closer, asked as before.
    for (gap, kept) in [(30.0, false), (29.5, true)] {
        let far = AcousticFit { gap, ..fit(12, 14) };
        let mut moves = heard();
        weigh_in_noise(&grammar, Some(far), &mut moves);
        let mut command = vec![("time".to_string(), 1.0)];
        weigh_in_noise(&grammar, Some(far), &mut command);
        assert_eq!(moves[0].1 > 0.0, kept, "{gap}: {moves:?}");
        assert_eq!(command[0].1 > 0.0, kept, "{gap}: {command:?}");
    }
}

#[test]
fn in_noise_a_move_needs_one_more_probe_and_a_command_a_longer_agreement() {
    let config = ListenConfig::default();
    let (first, next) = (
        config.early_silence_ms,
        config.early_silence_ms + config.probe_interval_ms,
    );
    // quiet: at once
    assert!(config.agreed(false, None, first, true));
    assert!(config.agreed(false, None, first, false));
    // noise: never from the first probe alone
    assert!(!config.agreed(true, None, first, true));
    assert!(!config.agreed(true, None, first, false));
    // a move: the next probe that heard the same is enough
    assert!(config.agreed(true, Some(first), next, true));
    // a command: only once the agreement spans command_agreement_ms
    assert!(config.probe_interval_ms < config.command_agreement_ms);
    assert!(!config.agreed(true, Some(first), next, false));
    let later = first + config.command_agreement_ms;
    assert!(config.agreed(true, Some(first), later, false));
}
