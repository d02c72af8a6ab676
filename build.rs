//! Links `libvosk.so` (from the PyPI wheel `vosk==0.3.45`, fetched by `scripts/fetch-vosk.sh`)
//! with an rpath, so that `cargo run` and `cargo test` need no environment variables, and the
//! system libraries pocketsphinx, sphinxbase and espeak-ng.
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=VOSK_LIB_DIR");
    let dir = std::env::var_os("VOSK_LIB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("third_party/vosk"));
    let lib = dir.join("libvosk.so");
    println!("cargo:rerun-if-changed={}", lib.display());
    if !lib.exists() {
        panic!(
            "libvosk.so not found in {}: run `bash scripts/setup.sh` (or scripts/fetch-vosk.sh), or set VOSK_LIB_DIR",
            dir.display()
        );
    }
    let dir = dir.canonicalize().expect("the libvosk directory exists");
    println!("cargo:rustc-link-search=native={}", dir.display());
    // The absolute path serves in-tree runs and tests; $ORIGIN serves a shipped bundle, and
    // $ORIGIN/../lib/rochade the Debian package (/usr/bin/rochade, /usr/lib/rochade/libvosk.so),
    // whose program scripts/package-deb.sh leaves with only that one.
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    println!("cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN:$ORIGIN/../lib:$ORIGIN/../lib/rochade");

    // pocketsphinx 5prealpha (Debian `libpocketsphinx-dev`) for src/asr/pocketsphinx, and
    // libespeak-ng (Debian `libespeak-ng-dev`) for src/speech/espeak: both are system
    // libraries in the default search path, bound by small hand-written FFI modules.
    println!("cargo:rustc-link-lib=dylib=pocketsphinx");
    println!("cargo:rustc-link-lib=dylib=sphinxbase");
    println!("cargo:rustc-link-lib=dylib=espeak-ng");
}
