//! Voice for `play` and `relay`: the microphone (or a WAV file) through the recognizer into
//! the assistant, the announcements through speech into the headphones (and to the
//! opponent's output), the microphone muted while Rochade speaks, and the recording of each
//! spoken move (D.2.5). The speech thread reports when each read-back has been said, for its
//! correction window ([`Speech::finished`]).
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use crossbeam_channel::{Receiver, Sender, unbounded};

use crate::asr::input::{VoiceConfig, VoiceEvent, VoiceHandle, VoiceInput};
use crate::asr::{self, Backend, Grammar, PhraseMeaning, RecognizerConfig};
use crate::assistant::about::EndCause;
use crate::assistant::protocol::{About, Event, Listener, Played};
use crate::assistant::{Assistant, Expecting};
use crate::audio::capture::MuteSwitch;
use crate::catalog::Catalog;
use crate::lang::Lang;
use crate::speech::{BackendKind, FallbackSpeaker, OutputConfig, Priority, Speaker, SpeechError};
use crate::vocab::{Command, Vocab};

/// The voice settings of `play` and `relay`.
#[derive(Debug, Args, Clone, Default)]
pub struct VoiceArgs {
    /// Listen to the microphone for the player's moves and commands.
    #[arg(long)]
    pub voice: bool,
    /// Listen to this WAV file instead of a microphone (as if spoken, in real time).
    #[arg(long = "audio-file")]
    pub audio_file: Option<PathBuf>,
    /// The capture device (see `rochade devices`); the default input otherwise.
    #[arg(long = "input-device")]
    pub input_device: Option<String>,
    /// The recognizer: vosk (needs a model, see `rochade models`) or pocketsphinx; by default
    /// Vosk when a model is installed, pocketsphinx otherwise.
    #[arg(long)]
    pub recognizer: Option<Backend>,
    /// The Vosk model folder.
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// Speech output: auto (speech-dispatcher, then espeak-ng), speech-dispatcher, espeak, or
    /// off (printed lines only).
    #[arg(long, default_value = "auto")]
    pub speech: String,
    /// The voice: a speech-dispatcher voice ("German+Adam") or an espeak-ng voice ("de+f3").
    #[arg(long = "speech-voice")]
    pub speech_voice: Option<String>,
    /// Speaking rate in words per minute (80 to 450); "schneller"/"langsamer" ("faster",
    /// "slower") change it during the game.
    #[arg(long = "speech-rate", default_value_t = 175,
          value_parser = clap::value_parser!(u32).range(80..=450))]
    pub speech_rate: u32,
    /// Speech volume in percent of the output's full volume (10 to 100); "lauter"/"leiser"
    /// ("louder", "softer") change it during the game.
    #[arg(long = "speech-volume", default_value_t = 100,
          value_parser = clap::value_parser!(u8).range(10..=100))]
    pub speech_volume: u8,
    /// The output device for the player's headphones, by name (see `rochade devices`); with
    /// `--speech auto` it is spoken on by espeak-ng (speech-dispatcher cannot be given a
    /// device).
    #[arg(long = "output-device")]
    pub output_device: Option<String>,
    /// A separate output device for the opponent's announcements (espeak-ng output); by
    /// default they are spoken on the player's output.
    #[arg(long = "opponent-device")]
    pub opponent_device: Option<String>,
    /// Do not keep the audio of each spoken move.
    #[arg(long = "no-recording")]
    pub no_recording: bool,
    /// Push-to-talk: the microphone is heard only between two presses of Enter on an empty
    /// line (press, speak, press), for a noisy hall or a player who talks to the opponent.
    #[arg(long = "push-to-talk")]
    pub push_to_talk: bool,
    /// Noise suppression of what the recognizer hears: noise (in an utterance begun over a
    /// noise floor of -50 dBFS), always, or off.
    #[arg(long, default_value = "noise")]
    pub denoise: crate::asr::input::Denoise,
    /// No readiness check at the start of a voice game (microphone level, a test phrase read
    /// back, the headphones).
    #[arg(long = "no-check")]
    pub no_check: bool,
}

impl VoiceArgs {
    /// Whether voice input is wanted.
    pub fn listening(&self) -> bool {
        self.voice || self.audio_file.is_some()
    }
}

/// The player began to speak (or what began was no words: a click, a knock) while a
/// read-back's correction window may still make its move: the event that makes the window
/// wait for his words (his "nein" may be on its way), or run again. `None` otherwise.
pub fn speaking(event: &VoiceEvent, assistant: &Assistant) -> Option<Event> {
    if !assistant.window_open() {
        return None;
    }
    match event {
        VoiceEvent::SpeechStarted { .. } => Some(Event::Speaking(true)),
        VoiceEvent::NotSpeech { .. } => Some(Event::Speaking(false)),
        _ => None,
    }
}

/// The recognizer's grammar for what the player may say now.
pub fn grammar_for(assistant: &Assistant, vocab: &Vocab) -> Grammar {
    let commands_only = || {
        let mut g = Grammar::new(vocab.lang());
        for (phrase, command) in crate::interpret::command_phrases(vocab) {
            g.add(&phrase, PhraseMeaning::Command(command.name().to_string()));
        }
        g
    };
    let Some(game) = assistant.game() else {
        return commands_only();
    };
    match assistant.expecting() {
        Expecting::Move { answers } => {
            let mut g = Grammar::for_position(game.position(), vocab);
            if answers {
                g.add_answers(vocab);
            }
            g
        }
        Expecting::Answer { phrases } => {
            let mut g = Grammar::for_answers(vocab);
            for p in phrases {
                let meaning = PhraseMeaning::Answer(p.clone());
                g.add(&p, meaning);
            }
            for (phrase, command) in crate::interpret::command_phrases(vocab) {
                g.add(&phrase, PhraseMeaning::Command(command.name().to_string()));
            }
            g
        }
        Expecting::Commands => {
            let mut g = commands_only();
            // "Partieformular ab Zug zwölf" while the opponent thinks, too.
            let moves = shakmaty::Position::fullmoves(game.position()).get();
            for phrase in crate::interpret::scoresheet_phrases(vocab, moves) {
                g.add(
                    &phrase,
                    PhraseMeaning::Command(Command::Scoresheet.name().to_string()),
                );
            }
            g
        }
    }
}

/// Starts voice input, or says why it cannot (then the keyboard is the input). `mute`: the
/// switch speech already holds, when voice input starts again after the microphone was lost.
pub fn start_voice(
    args: &VoiceArgs,
    lang: Lang,
    grammar: Grammar,
    mute: Option<MuteSwitch>,
) -> Result<(VoiceHandle, Receiver<VoiceEvent>, Vec<String>), String> {
    let mut config = RecognizerConfig::auto(lang);
    config.backend = args.recognizer;
    config.vosk_model = args.model.clone();
    config.vocabulary = Vocab::builtin(lang).words().into_iter().collect();
    let opened = asr::open_with_notices(&config).map_err(|e| e.to_string())?;
    let mut voice_config = match &args.audio_file {
        Some(path) => VoiceConfig::file(path.clone(), true),
        None => VoiceConfig::microphone(args.input_device.clone()),
    };
    voice_config.listen.push_to_talk = args.push_to_talk;
    voice_config.listen.denoise = args.denoise;
    let mute = mute.unwrap_or_default();
    let (handle, events) =
        VoiceInput::start_with_mute(voice_config, opened.recognizer, grammar, mute)
            .map_err(|e| e.to_string())?;
    Ok((handle, events, opened.notices))
}

/// Writes a line of the voice log to standard error when `ROCHADE_VOICE_LOG=1`: what the
/// recognizer heard and when Rochade spoke, with seconds since the start, for finding out
/// why a move was misheard or an answer missed.
pub fn voice_log(message: std::fmt::Arguments<'_>) {
    static START: std::sync::OnceLock<Option<Instant>> = std::sync::OnceLock::new();
    let start = START.get_or_init(|| {
        std::env::var_os("ROCHADE_VOICE_LOG")
            .is_some_and(|v| v == "1")
            .then(Instant::now)
    });
    if let Some(start) = start {
        eprintln!("[{:8.3}] {message}", start.elapsed().as_secs_f64());
    }
}

/// The priority of an announcement on the system's voice, which the screen reader shares
/// (speech-dispatcher): what the player must hear at once interrupts the screen reader (a
/// flag fell, a time claim or illegal moves end the game, an impossible entry of the opponent,
/// the arbiter called); a read-out he asked for gives way; everything else (moves, read-backs,
/// answers) takes its turn.
pub fn priority_of(about: &About) -> Priority {
    match about {
        About::FlagFell { .. } | About::ArbiterCalled | About::Entered { .. } => {
            Priority::Important
        }
        About::Result {
            reason: EndCause::Time { .. } | EndCause::BothFlags | EndCause::IllegalMoves { .. },
            ..
        } => Priority::Important,
        About::ReadOut(_) => Priority::Text,
        _ => Priority::Message,
    }
}

/// An announcement for the speech thread.
struct Utterance {
    to: Listener,
    text: String,
    priority: Priority,
    /// New volume and rate for the player's output, set before the text is said.
    levels: Option<(u8, u32)>,
    /// For a read-back: the `played` event to report when it has been said.
    played: Option<Played>,
    /// A move's read-back or announcement: unsaid, a move could be lost.
    about_move: bool,
}

/// An announcement that no speech output could say (every backend of its chain failed):
/// the loop takes the player's other paths, and stops the clocks when a move could be lost.
#[derive(Debug, Clone)]
pub struct Unsaid {
    pub to: Listener,
    pub text: String,
    /// The read-back that was not said: it gets no correction window (no `played` comes for
    /// it), so only "ja" makes its move.
    pub read_back: Option<Played>,
    /// A move's read-back or announcement.
    pub about_move: bool,
    /// Why it could not be said.
    pub why: String,
}

/// How long a speech chain that failed is left alone before it is opened again (a headset
/// plugged back in, speech-dispatcher restarted): the next announcement after that tries it.
pub const RETRY_DEAD_SPEECH: Duration = Duration::from_secs(10);

/// The alarm tone is not repeated sooner than this (a burst of unsaid announcements gives
/// one alarm).
const ALARM_EVERY: Duration = Duration::from_secs(3);

/// Speech output on its own thread, so that the game loop never waits for a voice.
///
/// When a read-back has been said, its `played` notice comes on [`Speech::finished`] with the
/// instant its playback ended, which is when the speaking call returned: for speech-dispatcher
/// its end-of-utterance event, for espeak-ng when the sound device has played the samples
/// (and drained). A backend that fails or hangs is given up after its deadline (about 0.5 s
/// plus 0.12 s a character, [`crate::speech::deadline_for`]) and the next one says the text.
/// When every backend of a chain has failed, an announcement is not said: it comes back on
/// [`Speech::unsaid`] and a read-back gets no `played` notice (so no correction window:
/// only "ja" makes it); for the player's chain the alarm tone ([`crate::audio::alarm`]) sounds
/// on the player's output device. A failed chain is opened again for the next announcement
/// after [`RETRY_DEAD_SPEECH`]; when it speaks again, a notice says so.
pub struct Speech {
    tx: Sender<Utterance>,
    /// Sentences about the outputs (a backend failed, the next one is used).
    pub notices: Receiver<String>,
    /// When the last queued utterance started to sound (for the latency figures).
    pub started: Receiver<(String, Instant)>,
    /// The read-backs that have finished playing, and when.
    pub finished: Receiver<(Played, Instant)>,
    /// The announcements no output could say.
    pub unsaid: Receiver<Unsaid>,
}

fn backends(choice: &str) -> Result<Vec<BackendKind>, String> {
    match choice.trim().to_ascii_lowercase().as_str() {
        "auto" => Ok(vec![BackendKind::Tts, BackendKind::Espeak]),
        "speech-dispatcher" | "tts" => Ok(vec![BackendKind::Tts, BackendKind::Espeak]),
        "espeak" | "espeak-ng" => Ok(vec![BackendKind::Espeak]),
        "off" | "text" | "none" => Ok(Vec::new()),
        other => Err(format!(
            "unknown speech output {other:?}: expected auto, speech-dispatcher, espeak or off"
        )),
    }
}

/// Opens a speech chain; speech-dispatcher that cannot start is left out with a notice.
fn open_chain(config: &OutputConfig, notices: &Sender<String>) -> FallbackSpeaker {
    let mut chain: Vec<Box<dyn Speaker>> = Vec::new();
    for kind in &config.backends {
        match kind {
            BackendKind::Tts => match crate::speech::dispatcher::DispatcherSpeaker::start(config) {
                Ok(s) => chain.push(Box::new(s)),
                Err(e) => {
                    let _ = notices.send(
                        Catalog::builtin(config.lang)
                            .text("speech-dispatcher-unused", &[("why", e.to_string().into())]),
                    );
                }
            },
            BackendKind::Espeak => {
                chain.push(Box::new(crate::speech::espeak::EspeakSpeaker::new(config)))
            }
            BackendKind::Text => {}
        }
    }
    FallbackSpeaker::new(chain, config.lang)
}

/// One speech chain on the speech thread, and whether (since when, why) it failed.
struct Output {
    config: OutputConfig,
    speaker: FallbackSpeaker,
    failed: Option<(Instant, String)>,
}

impl Output {
    /// Volume and rate from now on (kept for a chain opened again).
    fn set_levels(&mut self, volume: u8, rate_wpm: u32) {
        self.config.volume = volume;
        self.config.rate_wpm = rate_wpm;
        self.speaker.set_levels(volume, rate_wpm);
    }

    fn open(config: &OutputConfig, notices: &Sender<String>) -> Output {
        Output {
            speaker: open_chain(config, notices),
            config: config.clone(),
            failed: None,
        }
    }

    /// Says `text`, or why it could not: a failed chain is tried again (opened anew) only
    /// after [`RETRY_DEAD_SPEECH`]. With `true` when it speaks again after a failure.
    fn speak(
        &mut self,
        text: &str,
        notices: &Sender<String>,
    ) -> Result<(crate::speech::Spoken, bool), String> {
        if let Some((since, why)) = &self.failed {
            if since.elapsed() < RETRY_DEAD_SPEECH {
                return Err(why.clone());
            }
            self.speaker = open_chain(&self.config, notices);
        }
        let result = self.speaker.speak(text);
        let said = self.speaker.take_notices();
        // "nothing left" says less than the last backend's own failure
        let last_failure = said.iter().rev().find(|n| n.contains(" failed: ")).cloned();
        for n in said {
            let _ = notices.send(n);
        }
        match result {
            Ok(spoken) => Ok((spoken, self.failed.take().is_some())),
            Err(e) => {
                let first = self.failed.is_none();
                let why = match (e, last_failure) {
                    (SpeechError::NothingLeft, Some(failure)) => failure,
                    (e, _) => e.to_string(),
                };
                self.failed = Some((Instant::now(), why.clone()));
                if first {
                    let _ = notices.send(
                        Catalog::builtin(self.config.lang)
                            .text("speech-stopped", &[("why", why.clone().into())]),
                    );
                }
                Err(why)
            }
        }
    }
}

impl Speech {
    /// Starts the speech thread; `None` when speech is off. `mute` is the microphone's switch:
    /// it is held while Rochade speaks, so that the recognizer does not hear Rochade.
    pub fn start(
        args: &VoiceArgs,
        lang: Lang,
        mute: Option<MuteSwitch>,
    ) -> Result<Option<Speech>, String> {
        let kinds = backends(&args.speech)?;
        if kinds.is_empty() {
            return Ok(None);
        }
        let mut player_kinds = kinds.clone();
        if args.output_device.is_some() && args.speech.trim().eq_ignore_ascii_case("auto") {
            // speech-dispatcher plays where its daemon plays (it cannot be given a device per
            // client): a named output, the player's own headphones, gets espeak-ng, which
            // then shares no voice with the screen reader.
            player_kinds.retain(|k| *k != BackendKind::Tts);
        }
        let mut player_config = OutputConfig::new(lang, player_kinds);
        player_config.voice = args.speech_voice.clone();
        player_config.rate_wpm = args.speech_rate;
        player_config.volume = args.speech_volume;
        player_config.device = args.output_device.clone();
        let opponent_config = args.opponent_device.as_ref().map(|device| {
            let mut c = OutputConfig::new(lang, vec![BackendKind::Espeak]);
            c.rate_wpm = args.speech_rate;
            c.device = Some(device.clone());
            c
        });
        let (tx, rx) = unbounded::<Utterance>();
        let (notice_tx, notices) = unbounded();
        let (started_tx, started) = unbounded();
        let (finished_tx, finished) = unbounded::<(Played, Instant)>();
        let (unsaid_tx, unsaid) = unbounded::<Unsaid>();
        std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || {
                let mut player = Output::open(&player_config, &notice_tx);
                let mut opponent = opponent_config
                    .as_ref()
                    .map(|c| Output::open(c, &notice_tx));
                let mut announced = false;
                let mut last_alarm: Option<Instant> = None;
                for u in rx {
                    if let Some((volume, rate)) = u.levels {
                        player.set_levels(volume, rate);
                    }
                    if u.to == Listener::Arbiter {
                        // The arbiter's lines are printed, not spoken.
                        if let Some(p) = u.played {
                            let _ = finished_tx.send((p, Instant::now()));
                        }
                        continue;
                    }
                    let to_player = !(u.to == Listener::Opponent && opponent.is_some());
                    let output = match opponent.as_mut() {
                        Some(o) if !to_player => o,
                        _ => &mut player,
                    };
                    output.speaker.set_priority(u.priority);
                    let guard = mute.as_ref().map(|m| m.guard(Duration::from_millis(150)));
                    let t0 = Instant::now();
                    voice_log(format_args!("speech: saying {:?}", u.text));
                    let result = output.speak(&u.text, &notice_tx);
                    drop(guard);
                    voice_log(format_args!(
                        "speech: done after {} ms ({})",
                        t0.elapsed().as_millis(),
                        if result.is_ok() { "spoken" } else { "failed" }
                    ));
                    match result {
                        Ok((spoken, again)) => {
                            if let Some(p) = u.played {
                                voice_log(format_args!("speech: read-back {} played", p.read_back));
                                let _ = finished_tx.send((p, Instant::now()));
                            }
                            if !announced || again {
                                announced = true;
                                let _ = notice_tx.send(Catalog::builtin(lang).text(
                                    if again {
                                        "speech-back"
                                    } else {
                                        "speech-output"
                                    },
                                    &[("backend", spoken.backend.to_string().into())],
                                ));
                            }
                            let _ = started_tx.send((u.text, t0 + spoken.started_after));
                        }
                        Err(why) => {
                            // First to the loop: the clocks stop without waiting for the tone.
                            let about_move = u.about_move;
                            let _ = unsaid_tx.send(Unsaid {
                                to: u.to,
                                text: u.text,
                                read_back: u.played,
                                about_move,
                                why,
                            });
                            // The player's chain failed: the tone in his headphones, on his
                            // own output only, for the first failure and for every move he
                            // did not hear (at most every ALARM_EVERY).
                            if to_player
                                && (about_move || last_alarm.is_none())
                                && last_alarm.is_none_or(|t| t.elapsed() >= ALARM_EVERY)
                            {
                                last_alarm = Some(Instant::now());
                                let _guard =
                                    mute.as_ref().map(|m| m.guard(Duration::from_millis(150)));
                                let played = crate::audio::alarm::play_alarm(
                                    player_config.device.as_deref(),
                                );
                                voice_log(format_args!("speech: alarm tone {played:?}"));
                            }
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start the speech thread: {e}"))?;
        Ok(Some(Speech {
            tx,
            notices,
            started,
            finished,
            unsaid,
        }))
    }

    /// Queues an announcement of the shell (a greeting, a notice) in its turn.
    pub fn say(&self, to: Listener, text: &str) {
        self.say_with(to, text, Priority::Message);
    }

    /// Queues an announcement of the shell with a priority: a failure the player must hear at
    /// once is [`Priority::Important`].
    pub fn say_with(&self, to: Listener, text: &str, priority: Priority) {
        self.send(Utterance {
            to,
            text: text.to_string(),
            priority,
            levels: None,
            played: None,
            about_move: false,
        });
    }

    /// Queues the announcement of an effect, with the priority of what it is about
    /// ([`priority_of`]); new speech levels (`About::Speech`) are set before it is said, so the
    /// player hears the change in it. A read-back's notice comes on [`Speech::finished`] once
    /// it has been said; a move's read-back or announcement that cannot be said comes back on
    /// [`Speech::unsaid`] marked as one.
    pub fn say_about(&self, to: Listener, text: &str, about: &About, played: Option<Played>) {
        let levels = match about {
            About::Speech { volume, rate } => Some((*volume, *rate)),
            _ => None,
        };
        self.send(Utterance {
            to,
            text: text.to_string(),
            priority: priority_of(about),
            levels,
            played,
            about_move: about.move_facts().is_some(),
        });
    }

    /// Sets the player's output's volume and rate from now on (a resumed game's own).
    pub fn set_levels(&self, volume: u8, rate: u32) {
        self.send(Utterance {
            to: Listener::Arbiter,
            text: String::new(),
            priority: Priority::Message,
            levels: Some((volume, rate)),
            played: None,
            about_move: false,
        });
    }

    fn send(&self, utterance: Utterance) {
        let _ = self.tx.send(utterance);
    }
}

/// Keeps the audio of the player's spoken moves beside the journal (D.2.5: a recording
/// device), one WAV a move, named by the move number, with the words it was heard as in a
/// text file of the same name: what `rochade models adapt --from-games` learns the player's
/// voice from.
pub struct Recorder {
    dir: PathBuf,
    interpreter: crate::interpret::Interpreter,
    last: Option<SpokenMove>,
}

/// An utterance read back as a move, with the words of it that mean the move.
struct SpokenMove {
    samples: Vec<i16>,
    words: String,
    uci: String,
}

impl Recorder {
    /// Recordings of the game whose journal is `journal` go to `<journal stem>.audio/`
    /// ([`crate::session::sheet_stem`]); `vocab` is the game's, which reads what was heard.
    pub fn beside(journal: &Path, vocab: Vocab) -> Recorder {
        let stem = crate::session::sheet_stem(journal);
        let dir = journal
            .parent()
            .unwrap_or_else(|| Path::new("."))
            .join(format!("{stem}.audio"));
        Recorder {
            dir,
            interpreter: crate::interpret::Interpreter::new(vocab),
            last: None,
        }
    }

    /// The folder of the recordings.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The utterance `samples`, heard as `alternatives`, was read back as the move `uci` in
    /// `pos`: it is kept when that move is made, with the words of the first alternative that
    /// means it. An utterance none of whose alternatives means the move (the move was typed
    /// after it) is not the move's recording.
    pub fn heard(
        &mut self,
        pos: &shakmaty::Chess,
        samples: Vec<i16>,
        alternatives: &[(String, f32)],
        uci: &str,
    ) {
        let words = alternatives.iter().find_map(|(text, _)| {
            let reading = self.interpreter.interpret_text(pos, text);
            (reading.uci().as_deref() == Some(uci)).then(|| text.trim().to_string())
        });
        self.last = match words {
            Some(words) if !samples.is_empty() => Some(SpokenMove {
                samples,
                words,
                uci: uci.to_string(),
            }),
            _ => None,
        };
    }

    /// The player's move number `number`, `uci`, was made: the utterance read back as it is
    /// kept as its recording (`NNN-side.wav`, its words in `NNN-side.txt`).
    pub fn made(&mut self, number: u32, side: &str, uci: &str) -> Result<Option<PathBuf>, String> {
        let Some(spoken) = self.last.take().filter(|s| s.uci == uci) else {
            return Ok(None);
        };
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let path = self.dir.join(format!("{number:03}-{side}.wav"));
        crate::audio::wav::write_mono(&path, &spoken.samples, crate::asr::SAMPLE_RATE)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let words = path.with_extension("txt");
        std::fs::write(&words, format!("{}\n", spoken.words))
            .map_err(|e| format!("cannot write {}: {e}", words.display()))?;
        Ok(Some(path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assistant::about::{MoveFacts, ReadOut};
    use crate::game::{EndReason, GameResult};
    use crate::scoresheet::record::Side;

    #[test]
    fn a_made_move_keeps_its_recording_with_the_words_that_mean_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let journal = dir.path().join("game.jsonl");
        let mut recorder = Recorder::beside(&journal, Vocab::builtin(Lang::De));
        let start = shakmaty::Chess::default();
        let heard = [
            ("springer felix eins".to_string(), 0.6),
            ("springer felix drei".to_string(), 0.4),
        ];
        // Read back as g1f3: the second reading means it; the move made is another (typed
        // after a "nein"), so nothing is kept.
        recorder.heard(&start, vec![7; 1600], &heard, "g1f3");
        assert_eq!(recorder.made(1, "white", "b1c3"), Ok(None));
        assert!(!recorder.dir().exists());
        // Read back and made: the recording and the words of the reading that means it.
        recorder.heard(&start, vec![7; 1600], &heard, "g1f3");
        let wav = recorder.made(1, "white", "g1f3").expect("written");
        let wav = wav.expect("a recording");
        assert_eq!(wav, dir.path().join("game.audio/001-white.wav"));
        assert_eq!(
            crate::audio::wav::read_16k_mono(&wav).expect("wav").len(),
            1600
        );
        let words = std::fs::read_to_string(wav.with_extension("txt")).expect("words");
        assert_eq!(words, "springer felix drei\n");
        // No reading means the move read back (it was typed): no recording.
        recorder.heard(&start, vec![7; 1600], &heard[..1], "e2e4");
        assert_eq!(recorder.made(2, "white", "e2e4"), Ok(None));
    }

    #[test]
    fn priorities_follow_what_is_said() {
        let mv = MoveFacts {
            uci: "g1f3".into(),
            san: "Nf3".into(),
        };
        let result = |reason| About::Result {
            result: GameResult::WhiteWins,
            reason,
        };
        let table = [
            (About::FlagFell { side: Side::Black }, Priority::Important),
            (About::ArbiterCalled, Priority::Important),
            (
                About::Entered {
                    entered: "Ke9".into(),
                },
                Priority::Important,
            ),
            (
                result(EndCause::Time {
                    claimant_can_mate: true,
                }),
                Priority::Important,
            ),
            (
                result(EndCause::IllegalMoves {
                    opponent_can_mate: true,
                }),
                Priority::Important,
            ),
            (
                result(EndCause::Board(EndReason::Checkmate)),
                Priority::Message,
            ),
            (result(EndCause::Resignation), Priority::Message),
            (About::Move(mv.clone()), Priority::Message),
            (About::ReadBack { mv, no: 1 }, Priority::Message),
            (About::Nothing, Priority::Message),
            (About::ReadOut(ReadOut::Help), Priority::Text),
            (About::ReadOut(ReadOut::Scoresheet), Priority::Text),
            (About::ReadOut(ReadOut::Position), Priority::Text),
            (
                About::Speech {
                    volume: 80,
                    rate: 175,
                },
                Priority::Message,
            ),
        ];
        for (about, want) in table {
            assert_eq!(priority_of(&about), want, "{about:?}");
        }
    }
}
