//! The check before the first move of a new voice game (issue 15 item 6), before its clock
//! starts: a second of the room's noise through the microphone, judged
//! ([`crate::audio::level`]); a sentence in the headphones that says they work; the player
//! asked to say a test phrase (a move in his own words, "Springer Felix drei"), what was heard
//! read back and his voice's level judged against the noise. Each step is spoken and printed.
//! It has its own speech output and voice input, which end before the game's start; without a
//! microphone it is skipped at once (the game then says there is no voice input), and
//! `--no-check` (settings: `check = false`) skips it.
use std::time::{Duration, Instant};

use shakmaty::{Role, Square};

use crate::asr::input::VoiceEvent;
use crate::asr::{Grammar, PhraseMeaning};
use crate::audio::capture::{CaptureEvent, MuteSwitch};
use crate::audio::level::{Room, VoiceLevel, judge_room, judge_voice};
use crate::catalog::Arg;
use crate::cli::play_voice::{Speech, VoiceArgs, start_voice};
use crate::cli::printer::Printer;
use crate::cli::telling::Teller;
use crate::lang::Lang;
use crate::vocab::Vocab;

/// How long the room is listened to.
const QUIET: Duration = Duration::from_secs(1);

/// How long the player has to say the test phrase, once he was asked.
const ANSWER: Duration = Duration::from_secs(10);

/// The test phrase: a move in the player's words.
pub fn test_phrase(vocab: &Vocab) -> String {
    let square = Square::F3;
    format!(
        "{} {} {}",
        vocab.piece_word(Role::Knight),
        vocab.file_word(usize::from(square.file())),
        vocab.rank_word(usize::from(square.rank()))
    )
}

/// Records a second of the room from the microphone (16 kHz); `None` when there is none.
fn room_samples(device: Option<&str>) -> Option<Vec<i16>> {
    let (tx, rx) = crossbeam_channel::bounded(256);
    let capture = crate::audio::capture::start(device, MuteSwitch::new(), tx).ok()?;
    let mut samples: Vec<i16> = Vec::new();
    let mut rate = 16_000;
    let until = Instant::now() + QUIET;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(CaptureEvent::Block {
                samples: s,
                rate: r,
            }) => {
                rate = r;
                samples.extend(s.into_iter().map(crate::audio::to_i16));
            }
            Ok(_) => return None,
            Err(_) => break,
        }
    }
    drop(capture);
    (!samples.is_empty()).then(|| crate::audio::resample::resample(&samples, rate, 16_000))
}

/// Runs the check (see the module). `lang`: the game's language; `vocab`: the player's words.
pub fn readiness_check(args: &VoiceArgs, lang: Lang, vocab: &Vocab, printer: &Printer) {
    if args.no_check || args.audio_file.is_some() || !args.voice {
        return;
    }
    let Some(room) = room_samples(args.input_device.as_deref()) else {
        return;
    };
    let (noise_db, judged) = judge_room(&room);
    let phrase = test_phrase(vocab);
    let mut grammar = Grammar::new(vocab.lang());
    grammar.add(&phrase, PhraseMeaning::Command("check".into()));
    let mute = MuteSwitch::new();
    let voice = start_voice(args, vocab.lang(), grammar, Some(mute.clone())).ok();
    let speech = Speech::start(args, lang, Some(mute)).ok().flatten();
    let teller = Teller::new(printer, speech);
    let tell = |id: &str, params: &[(&str, Arg<'_>)], wait: bool| teller.tell(id, params, wait);
    tell("check-start", &[], false);
    tell(
        match judged {
            Room::Silent => "check-room-silent",
            Room::Quiet => "check-room-quiet",
            Room::Noisy => "check-room-noisy",
        },
        &[],
        false,
    );
    let Some((handle, events, _)) = voice else {
        return;
    };
    if judged == Room::Silent {
        // Nothing to hear a phrase with.
        handle.stop();
        tell("check-done", &[], true);
        return;
    }
    tell("check-say", &[("phrase", phrase.as_str().into())], true);
    let until = Instant::now() + ANSWER;
    let mut heard = None;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match events.recv_timeout(left) {
            Ok(VoiceEvent::Recognized(r)) => {
                heard = Some(r);
                break;
            }
            Ok(VoiceEvent::DeviceError(_)) | Ok(VoiceEvent::EndOfInput) | Err(_) => break,
            Ok(_) => {}
        }
    }
    handle.stop();
    match heard {
        Some(r) if !r.best().trim().is_empty() => {
            // The recognizer writes the words in lower case: the phrase as it was asked.
            let best = r.best().trim();
            let heard = if best.to_lowercase() == phrase.to_lowercase() {
                phrase.as_str()
            } else {
                best
            };
            tell("check-heard", &[("heard", heard.into())], false);
            let (_, level) = judge_voice(&r.samples, noise_db);
            if level == VoiceLevel::TooQuiet {
                tell("check-voice-quiet", &[], false);
            }
        }
        _ => tell("check-heard-nothing", &[], false),
    }
    tell("check-done", &[], true);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_phrase_is_a_move_in_the_players_words() {
        assert_eq!(
            test_phrase(&Vocab::builtin(Lang::De)),
            "Springer Felix drei"
        );
        assert_eq!(test_phrase(&Vocab::builtin(Lang::En)), "knight Felix three");
    }
}
