#!/usr/bin/env python3
"""WAV probe: a corpus's move lines spoken by espeak-ng, each file heard alone.

Each move line of a corpus (`tests/corpus/*.jsonl`: `fen`, `heard`, `lang`, `expect`) is
spoken by every voice given, at 130, 150 and 170 words a minute in turn, resampled to 16 kHz
with half a second of silence around it, and heard by `rochade interpret --wav --recognizer
pocketsphinx` one file at a time, as a test harness hears a recording. The probe counts per
form (the line's `form`, or its `category`) the moves heard right, right and sure (made by
the correction window without a word from the player), heard as another legal move, and not
understood.

The recordings are written once into --wav-dir and reused: two builds compared on the same
files hear the same audio (sox dithers when it resamples, so two syntheses of one line differ
and move the counts by a line or two). Standard library only (python3 of Debian 12); needs
espeak-ng and sox.

    python3 scripts/wav_probe.py tests/corpus/extra-moves.jsonl --lang de \\
        --voices de,de+f3,de+m3,de+m7 --per-form 10 --wav-dir /tmp/probe-de \\
        --binary target/release/rochade --json /tmp/probe-de.json
"""

import argparse
import collections
import itertools
import json
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

RATES = (130, 150, 170)
# Folded spellings of the typed corpora, said as people write them.
WRITTEN = [("aeh", "äh"), ("koenig", "könig"), ("laeufer", "läufer"), ("fuenf", "fünf"),
           ("caesar", "cäsar"), ("schlaegt", "schlägt")]


def spoken_text(line):
    text = line["heard"].lower()
    for folded, written in WRITTEN:
        text = text.replace(folded, written)
    return text


def recording(wav_dir, n, voice, line):
    wav = os.path.join(wav_dir, f"{n}.wav")
    if not os.path.exists(wav):
        raw = os.path.join(wav_dir, f"{n}.raw.wav")
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(RATES[n % len(RATES)]), "-w", raw,
                        spoken_text(line)], check=True, capture_output=True)
        part = wav + ".part.wav"
        subprocess.run(["sox", raw, "-r", "16000", part, "pad", "0.3", "0.5"], check=True,
                       capture_output=True)
        os.replace(part, wav)
        os.remove(raw)
    return wav


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--lang", choices=("de", "en"), default="de")
    ap.add_argument("--voices", default="de,de+f3,de+m3,de+m7")
    ap.add_argument("--per-form", type=int, default=10, help="lines of each form (seeded pick)")
    ap.add_argument("--wav-dir", required=True, help="where the recordings are kept and reused")
    ap.add_argument("--binary", default="target/release/rochade")
    ap.add_argument("--json", help="write every outcome to this file")
    args = ap.parse_args()
    os.makedirs(args.wav_dir, exist_ok=True)
    by_form = collections.defaultdict(list)
    with open(args.corpus, encoding="utf-8") as f:
        for text in f:
            line = json.loads(text)
            if line["lang"] == args.lang and line["expect"]["status"] == "move":
                by_form[line.get("form") or line["category"]].append(line)
    pick = random.Random(7)
    lines = []
    for form in sorted(by_form):
        pick.shuffle(by_form[form])
        lines += by_form[form][:args.per_form]

    def hear(job):
        n, voice, line = job
        wav = recording(args.wav_dir, n, voice, line)
        out = subprocess.run(
            [args.binary, "interpret", "--fen", line["fen"], "--lang", args.lang, "--wav", wav,
             "--recognizer", "pocketsphinx"], capture_output=True, text=True, check=True)
        reading = json.loads(out.stdout)
        return {"voice": voice, "form": line.get("form") or line["category"],
                "said": line["heard"], "move": line["expect"]["uci"],
                "heard": reading.get("heard"), "got": reading.get("uci"),
                "sure": reading.get("exact") is True}

    jobs = [(n, v, line) for n, (v, line) in
            enumerate(itertools.product(args.voices.split(","), lines))]
    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(hear, jobs))
    counts = collections.Counter()
    for o in outcomes:
        counts[(o["form"], "all")] += 1
        if o["got"] == o["move"]:
            counts[(o["form"], "right")] += 1
            counts[(o["form"], "sure")] += o["sure"]
        elif o["got"]:
            counts[(o["form"], "another move")] += 1
            counts[(o["form"], "sure other")] += o["sure"]
    print(f"wav probe, {args.corpus}, {args.lang}: {len(outcomes)} recordings, "
          f"voices {args.voices}")
    forms = sorted({o["form"] for o in outcomes}) + ["all forms"]
    for form in forms:
        get = (lambda k: sum(v for (f, kk), v in counts.items() if kk == k)) \
            if form == "all forms" else (lambda k, form=form: counts[(form, k)])
        total = get("all")
        print(f"  {form}: {get('right')} of {total} right ({100 * get('right') / total:.1f} %), "
              f"{get('sure')} of them sure; another move {get('another move')}, "
              f"{get('sure other')} of them sure")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(outcomes, f, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
