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
use crate::asr::{self, Backend, Grammar, Meaning, RecognizerConfig};
use crate::assistant::protocol::{Listener, Played};
use crate::assistant::{Assistant, Expecting};
use crate::audio::capture::MuteSwitch;
use crate::catalog::Catalog;
use crate::lang::Lang;
use crate::speech::{BackendKind, FallbackSpeaker, OutputConfig, Speaker};
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
    /// Speaking rate in words per minute.
    #[arg(long = "speech-rate", default_value_t = 175)]
    pub speech_rate: u32,
    /// The output device for the player's headphones (espeak-ng output).
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
}

impl VoiceArgs {
    /// Whether voice input is wanted.
    pub fn listening(&self) -> bool {
        self.voice || self.audio_file.is_some()
    }
}

/// The recognizer's grammar for what the player may say now.
pub fn grammar_for(assistant: &Assistant, vocab: &Vocab) -> Grammar {
    let commands_only = || {
        let mut g = Grammar::new(vocab.lang());
        for (phrase, command) in crate::interpret::command_phrases(vocab) {
            g.add(&phrase, Meaning::Command(command.name().to_string()));
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
                for phrase in crate::interpret::answer_phrases(vocab) {
                    let meaning = Meaning::Answer(asr::grammar::normalize(&phrase));
                    g.add(&phrase, meaning);
                }
            }
            g
        }
        Expecting::Answer { phrases } => {
            let mut g = Grammar::for_answers(vocab);
            for p in phrases {
                let meaning = Meaning::Answer(p.clone());
                g.add(&p, meaning);
            }
            for (phrase, command) in crate::interpret::command_phrases(vocab) {
                g.add(&phrase, Meaning::Command(command.name().to_string()));
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
                    Meaning::Command(Command::Scoresheet.name().to_string()),
                );
            }
            g
        }
    }
}

/// Starts voice input, or says why it cannot (then the keyboard is the input).
pub fn start_voice(
    args: &VoiceArgs,
    lang: Lang,
    grammar: Grammar,
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
    let (handle, events) =
        VoiceInput::start(voice_config, opened.recognizer, grammar).map_err(|e| e.to_string())?;
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

/// An announcement for the speech thread.
struct Utterance {
    to: Listener,
    text: String,
    /// For a read-back: the `played` event to report when it has been said.
    played: Option<Played>,
}

/// Speech output on its own thread, so that the game loop never waits for a voice.
///
/// When a read-back has been said, its `played` notice comes on [`Speech::finished`] with the
/// instant its playback ended, which is when the speaking call returned: for speech-dispatcher
/// its end-of-utterance event, for espeak-ng when the sound device has played the samples
/// (and drained). A backend that fails or hangs is given up after its deadline (about 0.5 s
/// plus 0.12 s a character, [`crate::speech::deadline_for`]) and the next one says the text,
/// so the notice always comes; when no output works any more, it comes as soon as the
/// read-back is taken from the queue (it was only printed).
pub struct Speech {
    tx: Sender<Utterance>,
    /// Sentences about the outputs (a backend failed, the next one is used).
    pub notices: Receiver<String>,
    /// When the last queued utterance started to sound (for the latency figures).
    pub started: Receiver<(String, Instant)>,
    /// The read-backs that have finished playing, and when.
    pub finished: Receiver<(Played, Instant)>,
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
        let mut player_config = OutputConfig::new(lang, kinds.clone());
        player_config.voice = args.speech_voice.clone();
        player_config.rate_wpm = args.speech_rate;
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
        std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || {
                let open = |config: &OutputConfig| -> FallbackSpeaker {
                    let mut chain: Vec<Box<dyn Speaker>> = Vec::new();
                    for kind in &config.backends {
                        match kind {
                            BackendKind::Tts => {
                                match crate::speech::dispatcher::DispatcherSpeaker::start(config) {
                                    Ok(s) => chain.push(Box::new(s)),
                                    Err(e) => {
                                        let _ = notice_tx.send(Catalog::builtin(config.lang).text(
                                            "speech-dispatcher-unused",
                                            &[("why", e.to_string().into())],
                                        ));
                                    }
                                }
                            }
                            BackendKind::Espeak => chain
                                .push(Box::new(crate::speech::espeak::EspeakSpeaker::new(config))),
                            BackendKind::Text => {}
                        }
                    }
                    FallbackSpeaker::new(chain, config.lang)
                };
                let mut player = open(&player_config);
                let mut opponent = opponent_config.as_ref().map(open);
                let mut dead = false;
                let mut announced = false;
                // Reports that a read-back has been said (or could not be).
                let report = |played: Option<Played>| {
                    if let Some(p) = played {
                        voice_log(format_args!("speech: read-back {} played", p.read_back));
                        let _ = finished_tx.send((p, Instant::now()));
                    }
                };
                for u in rx {
                    if dead || u.to == Listener::Arbiter {
                        report(u.played);
                        continue;
                    }
                    let speaker = match (&u.to, opponent.as_mut()) {
                        (Listener::Opponent, Some(o)) => o,
                        _ => &mut player,
                    };
                    let guard = mute.as_ref().map(|m| m.guard(Duration::from_millis(150)));
                    let t0 = Instant::now();
                    voice_log(format_args!("speech: saying {:?}", u.text));
                    let result = speaker.speak(&u.text);
                    drop(guard);
                    voice_log(format_args!(
                        "speech: done after {} ms ({})",
                        t0.elapsed().as_millis(),
                        if result.is_ok() { "spoken" } else { "failed" }
                    ));
                    report(u.played);
                    for n in speaker.take_notices() {
                        let _ = notice_tx.send(n);
                    }
                    match result {
                        Ok(spoken) => {
                            if !announced {
                                announced = true;
                                let _ = notice_tx.send(Catalog::builtin(lang).text(
                                    "speech-output",
                                    &[("backend", spoken.backend.to_string().into())],
                                ));
                            }
                            let _ = started_tx.send((u.text, t0 + spoken.started_after));
                        }
                        Err(e) => {
                            let _ = notice_tx.send(
                                Catalog::builtin(lang)
                                    .text("speech-stopped", &[("why", e.to_string().into())]),
                            );
                            dead = true;
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
        }))
    }

    /// Queues an announcement.
    pub fn say(&self, to: Listener, text: &str) {
        self.say_then(to, text, None);
    }

    /// Queues an announcement; for a read-back (`played`), its notice comes on
    /// [`Speech::finished`] once it has been said.
    pub fn say_then(&self, to: Listener, text: &str, played: Option<Played>) {
        let _ = self.tx.send(Utterance {
            to,
            text: text.to_string(),
            played,
        });
    }
}

/// Keeps the audio of the player's spoken moves beside the journal (D.2.5: a recording
/// device), one WAV a move, named by the move number.
pub struct Recorder {
    dir: PathBuf,
    last: Option<Vec<i16>>,
}

impl Recorder {
    /// Recordings of the game whose journal is `journal` go to `<journal stem>.audio/`
    /// ([`crate::session::sheet_stem`]).
    pub fn beside(journal: &Path) -> Recorder {
        let stem = crate::session::sheet_stem(journal);
        let dir = journal
            .parent()
            .unwrap_or_else(|| Path::new("."))
            .join(format!("{stem}.audio"));
        Recorder { dir, last: None }
    }

    /// The folder of the recordings.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Remembers the utterance that was read back as a move; it is kept when that move is made.
    pub fn heard(&mut self, samples: Vec<i16>) {
        if !samples.is_empty() {
            self.last = Some(samples);
        }
    }

    /// The player's move number `number` was made: keep the last utterance as its recording.
    pub fn made(&mut self, number: u32, side: &str) -> Result<Option<PathBuf>, String> {
        let Some(samples) = self.last.take() else {
            return Ok(None);
        };
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let path = self.dir.join(format!("{number:03}-{side}.wav"));
        crate::audio::wav::write_mono(&path, &samples, crate::asr::SAMPLE_RATE)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(Some(path))
    }
}
