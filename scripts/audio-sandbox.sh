#!/usr/bin/env bash
# Runs a command inside a private audio world: its own XDG_RUNTIME_DIR, a PulseAudio server
# with a virtual speaker `spk`, a sink `micfeed` and a virtual microphone `vmic` (the
# monitor of micfeed), as on the test machines, which have no sound card.
#   "the player speaks":      paplay --device=micfeed utterance.wav
#   "what Rochade said":      parecord --device=spk.monitor ... out.wav
# Example: scripts/audio-sandbox.sh cargo test --test audio_capture
# Sets ROCHADE_AUDIO_TESTS=1 for the command when the server is up; exits with its status.
set -euo pipefail

XDG_RUNTIME_DIR=$(mktemp -d)
export XDG_RUNTIME_DIR
chmod 700 "$XDG_RUNTIME_DIR"
unset PULSE_SERVER PULSE_RUNTIME_PATH
PA_PID=""
cleanup() {
  local pidfile="$XDG_RUNTIME_DIR/speech-dispatcher/pid/speech-dispatcher.pid"
  # speech-dispatcher can ignore SIGTERM once it has lost its audio server
  [ -f "$pidfile" ] && kill -KILL "$(cat "$pidfile")" 2>/dev/null || true
  [ -n "$PA_PID" ] && kill "$PA_PID" 2>/dev/null || true
  rm -rf "$XDG_RUNTIME_DIR"
}
trap cleanup EXIT

pulseaudio -n --daemonize=no --exit-idle-time=-1 --log-level=error --disallow-exit \
  -L "module-native-protocol-unix auth-anonymous=1" \
  -L "module-null-sink sink_name=spk sink_properties=device.description=NullSpeaker" \
  -L "module-null-sink sink_name=micfeed sink_properties=device.description=MicFeed" \
  -L "module-remap-source source_name=vmic master=micfeed.monitor source_properties=device.description=VirtualMic" \
  >"$XDG_RUNTIME_DIR/pulse.log" 2>&1 &
PA_PID=$!
for _ in $(seq 100); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
if ! pactl info >/dev/null 2>&1; then
  echo "audio-sandbox: the private PulseAudio server did not start" >&2
  cat "$XDG_RUNTIME_DIR/pulse.log" >&2 || true
  exit 1
fi
pactl set-default-sink spk
pactl set-default-source vmic
export ROCHADE_AUDIO_TESTS=1
set +e
"$@"
status=$?
set -e
exit "$status"
