//! `rochade models read`: the reading session in which pocketsphinx learns the player's voice
//! before his first game. Rochade says a line (a move or a command in the player's words,
//! [`crate::asr::reading`]), the player says it after, and each line heard is kept as
//! `read-NNN.wav` with its words in `read-NNN.txt`; at the end the model is adapted to every
//! recording of the folder ([`crate::asr::adapt`]). By voice ("Wiederholen", "überspringen",
//! "fertig", "Hilfe") and by keyboard (Enter, or the same words or their first letter).
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use crossbeam_channel::Receiver;

use crate::asr::input::{Recognized, VoiceEvent, VoiceHandle};
use crate::asr::reading::{self, Control, Heard, ReadingLine};
use crate::asr::{Backend, Grammar};
use crate::catalog::Catalog;
use crate::cli::play_voice::{Speech, VoiceArgs, start_voice};
use crate::cli::printer::Printer;
use crate::cli::telling::Teller;
use crate::interpret::{Interpreter, Reading};
use crate::lang::Lang;
use crate::vocab::{Command, Vocab};

/// A line not heard after this many tries is left out.
const TRIES: usize = 3;

/// How long the player has to say a line before it is said again.
const ANSWER: Duration = Duration::from_secs(20);

/// The longest wait for the listener to take a new grammar (a compile on a loaded machine).
const GRAMMAR_WITHIN: Duration = Duration::from_secs(5);

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// The language of the session (Arabic and Hebrew players read the German words).
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// How many lines to read (each takes about seven seconds with the sentences said).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u16).range(1..=500))]
    pub lines: u16,
    /// The folder the recordings are kept in, with the ones of earlier sessions (default: the
    /// models directory's recordings-LANG).
    #[arg(long)]
    pub recordings: Option<PathBuf>,
    /// Only record: do not adapt the model afterwards (`rochade models adapt --recordings`
    /// does it later).
    #[arg(long = "no-adapt")]
    pub no_adapt: bool,
    /// Where to write the adapted model (default: the models directory's
    /// pocketsphinx-LANG-adapted).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The capture device (see `rochade devices`); the default input otherwise.
    #[arg(long = "input-device")]
    pub input_device: Option<String>,
    /// Speech output: auto (speech-dispatcher, then espeak-ng), speech-dispatcher, espeak, or
    /// off (printed lines only).
    #[arg(long, default_value = "auto")]
    pub speech: String,
    /// The voice: a speech-dispatcher voice ("German+Adam") or an espeak-ng voice ("de+f3").
    #[arg(long = "speech-voice")]
    pub speech_voice: Option<String>,
    /// Speaking rate in words per minute (80 to 450).
    #[arg(long = "speech-rate", default_value_t = 175,
          value_parser = clap::value_parser!(u32).range(80..=450))]
    pub speech_rate: u32,
    /// The output device for the player's headphones (see `rochade devices`).
    #[arg(long = "output-device")]
    pub output_device: Option<String>,
}

/// The default folder of the recordings for `lang`'s words.
pub fn default_recordings_dir(lang: Lang) -> PathBuf {
    crate::models::models_dir().join(format!("recordings-{}", lang.code()))
}

/// What the player said about a line, by voice or keyboard.
enum Said {
    Heard(Box<Recognized>),
    Typed(String),
    /// Nothing within [`ANSWER`].
    Nothing,
    /// The microphone stopped (why), or the keyboard closed: the session ends.
    Gone(Option<String>),
}

pub fn run(args: ReadArgs) -> anyhow::Result<i32> {
    let vocab = Vocab::builtin(args.lang);
    // An Arabic or Hebrew player speaks the German words: their model is the German one.
    let words = vocab.lang();
    let catalog = Catalog::builtin(args.lang);
    let printer = Printer::new(false, catalog.clone());
    let folder = args
        .recordings
        .clone()
        .unwrap_or_else(|| default_recordings_dir(words));
    std::fs::create_dir_all(&folder)
        .with_context(|| format!("cannot create the folder {}", folder.display()))?;
    let first = next_number(&folder)?;
    // Each session its own lines: the seed is where the folder's numbering stands.
    let lines = reading::reading_lines(&vocab, usize::from(args.lines), first as u64);
    let voice_args = VoiceArgs {
        voice: true,
        input_device: args.input_device.clone(),
        recognizer: Some(Backend::Pocketsphinx),
        speech: args.speech.clone(),
        speech_voice: args.speech_voice.clone(),
        speech_rate: args.speech_rate,
        speech_volume: 100,
        output_device: args.output_device.clone(),
        ..VoiceArgs::default()
    };
    let Some(first_line) = lines.first() else {
        anyhow::bail!("no lines to read in the words of {}", args.lang);
    };
    let mute = crate::audio::capture::MuteSwitch::new();
    let speech = Speech::start(&voice_args, args.lang, Some(mute.clone()))
        .map_err(|e| anyhow::anyhow!(e))?;
    let teller = Teller::new(&printer, speech);
    let (handle, events, _) = match start_voice(
        &voice_args,
        words,
        reading::line_grammar(&vocab, first_line),
        Some(mute),
    ) {
        Ok(started) => started,
        Err(why) => {
            teller.tell(
                "learning-no-microphone",
                &[("why", why.clone().into())],
                true,
            );
            anyhow::bail!("no voice input: {why}");
        }
    };
    let mut typed = typed_lines();
    let count = lines.len();
    tell_count(&teller, "learning-start", count, args.lang);
    tell_help(&teller, &vocab);
    let mut kept = 0usize;
    let mut ear = Ear::new(&handle, &events);
    'lines: for (index, line) in lines.iter().enumerate() {
        let grammar = reading::line_grammar(&vocab, line);
        ear.hear_with(grammar.clone());
        let number = crate::numbers::cardinal(index as u64 + 1, args.lang);
        let mut prompt = "learning-line";
        let (mut tries, mut silences) = (0, 0);
        loop {
            teller.tell(
                prompt,
                &[
                    ("number", number.as_str().into()),
                    ("words", line.words.as_str().into()),
                ],
                true,
            );
            // what was said while the line was being said is not the line
            ear.drain();
            let heard = match ear.said(&mut typed) {
                Said::Heard(r) => {
                    crate::cli::play_voice::voice_log(format_args!(
                        "reading: heard {:?}",
                        r.alternatives
                    ));
                    match reading::judge(&grammar, &r.alternatives, r.fit) {
                        Heard::Line => match keep(&folder, first + kept, line, &r.samples) {
                            Ok(()) => {
                                kept += 1;
                                continue 'lines;
                            }
                            Err(why) => {
                                // a full disk: what was kept is still learnt
                                let why = format!("{why:#}");
                                teller.tell("learning-cannot-keep", &[("why", why.into())], true);
                                break 'lines;
                            }
                        },
                        other => other,
                    }
                }
                Said::Typed(text) => match reading::typed_control(&vocab, &text) {
                    Some(control) => Heard::Control(control),
                    None => Heard::NotUnderstood,
                },
                Said::Nothing => {
                    // said again, but a player who is gone is not asked forever
                    silences += 1;
                    if silences >= TRIES {
                        break 'lines;
                    }
                    prompt = "learning-line";
                    continue;
                }
                Said::Gone(why) => {
                    if let Some(why) = why {
                        teller.tell("learning-no-microphone", &[("why", why.into())], true);
                    }
                    break 'lines;
                }
            };
            match heard {
                Heard::Control(Control::Repeat) => prompt = "learning-line",
                Heard::Control(Control::Help) => {
                    tell_help(&teller, &vocab);
                    prompt = "learning-line";
                }
                Heard::Control(Control::Skip) => continue 'lines,
                Heard::Control(Control::Stop) => break 'lines,
                Heard::UnsureStop => {
                    if confirmed_stop(&teller, &vocab, &mut ear, &mut typed) {
                        break 'lines;
                    }
                    ear.hear_with(grammar.clone());
                    prompt = "learning-line";
                }
                Heard::Line | Heard::NotUnderstood => {
                    tries += 1;
                    if tries >= TRIES {
                        teller.tell("learning-left-out", &[], false);
                        continue 'lines;
                    }
                    prompt = "learning-again";
                }
            }
        }
    }
    handle.stop();
    if kept == 0 {
        teller.tell("learning-nothing-kept", &[], true);
        return Ok(1);
    }
    tell_count(&teller, "learning-kept", kept, args.lang);
    printer.note(
        "learning-folder",
        &[("folder", folder.display().to_string().into())],
    );
    if args.no_adapt {
        return Ok(0);
    }
    teller.tell("learning-adapting", &[], false);
    match crate::cli::adapting::adapt_to(&folder, words, args.out.clone()) {
        Ok(_) => {
            teller.tell("learning-adapted", &[], true);
            Ok(0)
        }
        Err(e) => {
            teller.tell(
                "learning-not-adapted",
                &[("why", e.to_string().into())],
                true,
            );
            Err(e)
        }
    }
}

/// Says message `id` of `count` lines (`$count`, and `$number` in words).
fn tell_count(teller: &Teller<'_>, id: &str, count: usize, lang: Lang) {
    let number = crate::numbers::cardinal(count as u64, lang);
    teller.tell(
        id,
        &[("count", count.into()), ("number", number.into())],
        false,
    );
}

/// Says what can be said between the lines.
fn tell_help(teller: &Teller<'_>, vocab: &Vocab) {
    teller.tell(
        "learning-help",
        &[
            ("repeat", Control::Repeat.said_as(vocab).into()),
            ("skip", Control::Skip.said_as(vocab).into()),
            ("stop", Control::Stop.said_as(vocab).into()),
        ],
        false,
    );
}

/// The player's voice as the session hears it: only what was decoded through the grammar
/// last set, and one result for each utterance. On a loaded machine the listener trails the
/// stream by seconds; a result of before the new grammar, or a second one of an utterance
/// already answered, would be taken for the line or the answer that follows.
struct Ear<'a> {
    handle: &'a VoiceHandle,
    events: &'a Receiver<VoiceEvent>,
    /// The grammar last set has been taken by the listener.
    ready: bool,
    /// Stream time (ms) where the last utterance answered ended.
    answered_until_ms: u64,
}

impl<'a> Ear<'a> {
    fn new(handle: &'a VoiceHandle, events: &'a Receiver<VoiceEvent>) -> Ear<'a> {
        Ear {
            handle,
            events,
            ready: false,
            answered_until_ms: 0,
        }
    }

    /// Sets `grammar` (the listener takes it between utterances) and waits a while for it, so
    /// that the line is said when it can be heard.
    fn hear_with(&mut self, grammar: Grammar) {
        self.ready = false;
        self.handle.set_grammar(grammar);
        let until = Instant::now() + GRAMMAR_WITHIN;
        while !self.ready
            && let Some(left) = until.checked_duration_since(Instant::now())
        {
            match self.events.recv_timeout(left) {
                Ok(event) => {
                    self.taken(event);
                }
                Err(_) => return,
            }
        }
    }

    /// Drops what was heard so far (while a line was being said).
    fn drain(&mut self) {
        while let Ok(event) = self.events.try_recv() {
            self.taken(event);
        }
    }

    /// What `event` says: a result to answer (its utterance is then answered), the input
    /// gone, or nothing (`None`).
    fn taken(&mut self, event: VoiceEvent) -> Option<Said> {
        match event {
            // a grammar that cannot be compiled leaves the old one, said in a notice
            VoiceEvent::GrammarSet { .. } | VoiceEvent::Notice(_) => {
                self.ready = true;
                None
            }
            VoiceEvent::Recognized(r)
                if self.ready && r.speech_start_ms >= self.answered_until_ms =>
            {
                self.answered_until_ms = r.speech_end_ms;
                Some(Said::Heard(Box::new(r)))
            }
            VoiceEvent::DeviceError(why) => Some(Said::Gone(Some(why))),
            VoiceEvent::EndOfInput => Some(Said::Gone(None)),
            _ => None,
        }
    }

    /// The next thing the player says or types. A keyboard that has closed (no terminal)
    /// leaves the voice.
    fn said(&mut self, typed: &mut Receiver<String>) -> Said {
        let until = Instant::now() + ANSWER;
        loop {
            let Some(left) = until.checked_duration_since(Instant::now()) else {
                return Said::Nothing;
            };
            crossbeam_channel::select! {
                recv(self.events) -> event => match event.map(|e| self.taken(e)) {
                    Ok(Some(said)) => return said,
                    Err(_) => return Said::Gone(None),
                    Ok(None) => {}
                },
                recv(typed) -> line => match line {
                    Ok(line) => return Said::Typed(line),
                    Err(_) => *typed = crossbeam_channel::never(),
                },
                default(left) => return Said::Nothing,
            }
        }
    }
}

/// Asks whether the session is to end ("Meinten Sie fertig? Ja oder nein."): a "ja" ends it,
/// typed or said, even unsure. Unlike a move's read-back, the two unsure words together cost
/// nothing if they were not meant: what was read is learnt, and another session goes on from
/// there. Before the model has learnt the voice, a German "ja" is often unsure.
fn confirmed_stop(
    teller: &Teller<'_>,
    vocab: &Vocab,
    ear: &mut Ear<'_>,
    typed: &mut Receiver<String>,
) -> bool {
    let stop = Control::Stop.said_as(vocab);
    ear.hear_with(Grammar::for_answers(vocab));
    teller.tell("command-question", &[("command", stop.into())], true);
    ear.drain();
    let interpreter = Interpreter::new(vocab.clone());
    let position = shakmaty::Chess::default();
    let answer = match ear.said(typed) {
        Said::Heard(r) => interpreter.interpret(&position, &r.alternatives),
        Said::Typed(text) => interpreter.interpret_text(&position, &text),
        Said::Nothing | Said::Gone(_) => return false,
    };
    answer.reading == Reading::Command(Command::Yes) || answer.unsure_answer == Some(Command::Yes)
}

/// The lines typed on standard input, read on their own thread.
fn typed_lines() -> Receiver<String> {
    let (tx, rx) = crossbeam_channel::unbounded();
    std::thread::spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The number after the highest `read-NNN.wav` in `folder` (1 in an empty one).
fn next_number(folder: &Path) -> anyhow::Result<usize> {
    let entries = std::fs::read_dir(folder)
        .with_context(|| format!("cannot read the folder {}", folder.display()))?;
    let highest = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_prefix("read-")?
                .strip_suffix(".wav")?
                .parse::<usize>()
                .ok()
        })
        .max()
        .unwrap_or(0);
    Ok(highest + 1)
}

/// Keeps a line read: the words first, then the sound, so that a WAV file is never there
/// without them (`models adapt --recordings` refuses such a folder); a recording that
/// cannot be written whole (a full disk) leaves neither behind.
fn keep(folder: &Path, number: usize, line: &ReadingLine, samples: &[i16]) -> anyhow::Result<()> {
    let wav = folder.join(format!("read-{number:03}.wav"));
    let txt = wav.with_extension("txt");
    let written = std::fs::write(&txt, format!("{}\n", line.words))
        .with_context(|| format!("cannot write {}", txt.display()))
        .and_then(|()| {
            crate::audio::wav::write_mono(&wav, samples, crate::asr::SAMPLE_RATE)
                .with_context(|| format!("cannot write {}", wav.display()))
        });
    if written.is_err() {
        let _ = std::fs::remove_file(&wav);
        let _ = std::fs::remove_file(&txt);
    }
    written
}
