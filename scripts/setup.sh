#!/usr/bin/env bash
# Set-up for a fresh Debian 12 machine: the system packages Rochade needs to build, run and
# test, then libvosk.so (and, for the tests, the Korean Vosk model). Run as root, or with sudo available.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
PKGS=(
  # build: cpal (ALSA), tts (speech-dispatcher, bindgen needs libclang), pocketsphinx, espeak-ng
  pkg-config libasound2-dev libspeechd-dev libclang-dev libpocketsphinx-dev libespeak-ng-dev
  # run: speech output, recognition without a Vosk model
  speech-dispatcher speech-dispatcher-espeak-ng espeak-ng pocketsphinx pocketsphinx-en-us
  # adapting pocketsphinx's model to the player's voice (rochade models adapt): bw,
  # map_adapt, mk_s2sendump and sphinx_fe
  sphinxtrain sphinxbase-utils
  # test: a private audio server with virtual devices, WAV tools; libfaketime steps the wall
  # clock under a running game (tests/game_time.rs), time (/usr/bin/time -v) measures memory
  pulseaudio pulseaudio-utils sox libfaketime time
  # bench voice --set: English voices other than espeak-ng's formant one (Debian 12 main has no
  # mbrola or svox pico; German has only espeak-ng): flite, and festival with a diphone and an
  # HTS voice
  flite festival festvox-kallpc16k festvox-us-slt-hts
  # the braille-display feature (BrlAPI; the brlapi crate also binds liblouis), and BRLTTY,
  # which its end-to-end test runs as a child with a virtual display
  libbrlapi-dev liblouis-dev brltty
  # fetching libvosk from PyPI; a private venv for the test tools (PEP 668: Debian's python3
  # takes no pip install into the system)
  python3 python3-pip python3-venv ca-certificates
  # fuzzing (scripts/fuzz.sh): libfuzzer-sys builds libFuzzer's C++ source
  g++
  # the opponent's page (--web) tested in a real browser: headless chromium driven through
  # chromedriver (tests/web_browser.rs)
  chromium chromium-driver
  # the service: systemd-analyze checks the user unit install-service writes; the Debian
  # package (scripts/package-deb.sh): dpkg-shlibdeps for its dependencies, patchelf for the
  # program's rpath
  systemd dpkg-dev patchelf
)
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
if ! dpkg -s "${PKGS[@]}" >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=300 "${PKGS[@]}"
fi
bash scripts/fetch-vosk.sh "$@"
# cargo-deb builds the Debian package (scripts/package-deb.sh); 3.8.0 builds with Rust 1.95.
if ! cargo deb --version >/dev/null 2>&1; then
  cargo install cargo-deb --locked --version 3.8.0
fi
# The test set-up (--korean-model) also installs python-chess, an independent reader that
# checks the PGN files Rochade writes, into a venv under the git-ignored third_party/ (never
# into the system python, which PEP 668 forbids on Debian 12). scripts/test.sh uses it.
case " $* " in
  *" --korean-model "*)
    VENV=third_party/venv
    if ! "$VENV/bin/python3" -c "import chess.pgn" 2>/dev/null; then
      rm -rf "$VENV"
      python3 -m venv "$VENV"
      "$VENV/bin/python3" -m pip install --quiet --disable-pip-version-check chess==1.11.2
    fi ;;
esac
