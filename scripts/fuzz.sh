#!/usr/bin/env bash
# Coverage-guided fuzzing of Rochade's readers of untrusted input (fuzz/fuzz_targets/*.rs):
#   scripts/fuzz.sh TARGET [LIMIT]     TARGET: a target's name, or `all` (one after another)
#   scripts/fuzz.sh list               the targets
# LIMIT: `300s` runs for 300 seconds, a bare number (`100000`) for that many executions;
# the default is 60s. The engine is libFuzzer (the crate libfuzzer-sys, built from source by
# cargo) on the stable toolchain: no nightly and no cargo-fuzz are needed, because the
# coverage instrumentation comes from rustc's stable `-Cpasses=sancov-module` and the
# sanitizer-coverage LLVM options, the same that cargo-fuzz passes with `-s none`.
# The corpus grows in fuzz/corpus/TARGET (seeded from fuzz/seeds and the tests' files); a
# failing input is saved in fuzz/artifacts/TARGET/ and the script exits non-zero. Replay one
# with `scripts/fuzz.sh TARGET fuzz/artifacts/TARGET/crash-...`. An input running longer than
# FUZZ_TIMEOUT seconds (default 10) is a finding; give a long run beside other work more: the
# time is wall time, and a starved run timed out on an input that takes 0.06 s.
# FUZZ_MAX_LEN (default 8192 bytes) bounds an input: a long replay run at 1024 (a dozen
# events) makes about three times as many executions a second as at 8192. FUZZ_FORK=N runs
# one run in N worker processes (libFuzzer's -fork), for a long run on N cores.
set -euo pipefail
cd "$(dirname "$0")/.."

targets() { sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^rochade-fuzz$'; }

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  sed -n '2,7p' "$0" >&2
  exit 2
fi
target=$1
limit=${2:-60s}
if [ "$target" = list ]; then
  targets
  exit 0
fi
if [ "$target" != all ] && ! targets | grep -qx "$target"; then
  echo "error: no fuzz target $target; the targets are: $(targets | tr '\n' ' ')" >&2
  exit 2
fi

host=$(rustc -vV | sed -n 's/^host: //p')
# The instrumentation flags go only to code built for --target, not to build scripts and
# procedural macros, which run on the host uninstrumented (why --target is given).
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing"
export CARGO_TARGET_DIR=fuzz/target
cargo build --locked --release --quiet --manifest-path fuzz/Cargo.toml --target "$host" --bins
bin_dir="fuzz/target/$host/release"
# libvosk.so is linked by the library but its rpath is the rochade binary's own
export LD_LIBRARY_PATH="$(pwd)/third_party/vosk${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# Seeds from the tests' own files, so the fuzzer starts from real journals, events and sheets.
seed() {
  local name=$1 dir=fuzz/corpus/$1
  mkdir -p "$dir"
  [ -d "fuzz/seeds/$name" ] && cp -n fuzz/seeds/"$name"/* "$dir"/ 2>/dev/null
  case "$name" in
    replay | journal)
      for f in tests/scenarios/*/*.jsonl; do
        case "$f" in *.expect.jsonl) ;; *) cp -n "$f" "$dir/$(basename "$(dirname "$f")")-$(basename "$f")" ;; esac
      done ;;
    pgn) cp -n tests/data/python-chess/*.pgn tests/data/*.pgn "$dir"/ ;;
    brf) cp -n tests/scoresheet/*.brf "$dir"/ ;;
  esac
  return 0
}

run() {
  local name=$1 args=()
  case "$limit" in
    */*) args=("$limit") ;; # one input: replay it
    *s) args=(-max_total_time="${limit%s}") ;;
    *) args=(-runs="$limit") ;;
  esac
  [ -n "${FUZZ_FORK:-}" ] && args+=(-fork="$FUZZ_FORK")
  if [ "${args[0]}" = "$limit" ]; then
    "$bin_dir/$name" "$limit"
    return
  fi
  seed "$name"
  mkdir -p "fuzz/artifacts/$name"
  echo "== fuzz $name (${limit})"
  # -max_len keeps inputs the size of real lines and sheets; -timeout makes a hang a finding
  local log=fuzz/artifacts/$name/last.log status=0
  "$bin_dir/$name" "fuzz/corpus/$name" "${args[@]}" -max_len="${FUZZ_MAX_LEN:-8192}" -timeout="${FUZZ_TIMEOUT:-10}" \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$name/" \
    >"$log" 2>&1 || status=$?
  if [ "$status" != 0 ]; then
    # the finding: libFuzzer's report and the panic's message, the whole run in $log
    grep -v -E '^#[0-9]+' "$log" | tail -n 40 >&2
    echo "error: fuzz target $name failed (exit $status); the run is in $log" >&2
    return "$status"
  fi
  sed -n -e 's/^stat::number_of_executed_units: */  executions: /p' \
    -e 's/^stat::peak_rss_mb: */  peak RSS MB: /p' -e 's/^Done \(.*\)/  \1/p' "$log"
}

if [ "$target" = all ]; then
  for t in $(targets); do run "$t"; done
else
  run "$target"
fi
