#!/usr/bin/env bash
# Builds the Debian package, target/debian/rochade_VERSION_ARCH.deb: the release program with
# its build-tree rpath replaced by $ORIGIN/../lib/rochade (where the package puts libvosk.so),
# libvosk.so, the systemd user unit and the vocabularies (Cargo.toml, [package.metadata.deb]).
# Needs cargo-deb (`cargo install cargo-deb --locked --version 3.8.0`), patchelf and dpkg-dev
# (scripts/setup.sh installs both). Prints the package's path as its last line.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
cargo build --locked --release
stage=target/package
mkdir -p "$stage"
cp "$target/release/rochade" "$stage/rochade"
cp third_party/vosk/libvosk.so "$stage/libvosk.so"
strip --strip-debug "$stage/rochade"
# shellcheck disable=SC2016 # $ORIGIN is for the loader, not the shell
patchelf --set-rpath '$ORIGIN/../lib/rochade' "$stage/rochade"
mkdir -p target/debian
cargo deb --no-build --no-strip --output target/debian/ | tail -n 1
