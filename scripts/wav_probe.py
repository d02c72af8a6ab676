#!/usr/bin/env python3
"""WAV probe: a corpus's move lines spoken by espeak-ng, each file heard alone.

Each move line of a corpus (`tests/corpus/*.jsonl`: `fen`, `heard`, `lang`, `expect`) is
spoken by every voice given, at 130, 150 and 170 words a minute in turn, resampled to 16 kHz
with half a second of silence around it, and heard by `rochade interpret --wav --recognizer
pocketsphinx` one file at a time, as a test harness hears a recording. `--condition` puts the
issue's conditions under it: `clean` a -60 dBFS noise floor, as any microphone has, `pink` or
`brown` noise `--snr` dB (10) under the speech over that floor. The probe counts per
form (the line's `form`, or its `category`) the moves heard right, right and sure (made by
the correction window without a word from the player), heard as another legal move, heard as
a command (the issue's "a command never", even asked back), and not understood.

The recordings are written once into --wav-dir and reused: two builds compared on the same
files hear the same audio (sox dithers when it resamples, so two syntheses of one line differ
and move the counts by a line or two). Standard library only (python3 of Debian 12); needs
espeak-ng and sox.

    python3 scripts/wav_probe.py tests/corpus/extra-moves.jsonl --lang de \\
        --voices de,de+f3,de+m3,de+m7 --per-form 10 --wav-dir /tmp/probe-de \\
        --binary target/release/rochade --json /tmp/probe-de.json
"""

import argparse
import array
import collections
import math
import itertools
import json
import os
import random
import subprocess
import sys
import wave
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


FLOOR_AMPLITUDE = 57  # uniform noise of this peak is a -60 dBFS floor, as `bench voice` adds
FRAME = 160


def samples_of(wav):
    with wave.open(wav) as w:
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return data


def write_samples(wav, data):
    out = array.array("h", data)
    if sys.byteorder == "big":
        out.byteswap()
    part = wav + ".part.wav"
    with wave.open(part, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(out.tobytes())
    os.replace(part, wav)


def level_db(frame):
    mean = sum(frame) / len(frame)
    power = sum((s - mean) ** 2 for s in frame) / len(frame)
    return 10 * math.log10(max(power, 1e-12) / 32768.0 ** 2)


def active_rms(data):
    """The speech level over its active frames (within 30 dB of the loudest), as `bench
    voice` measures it, so that the padding does not lower it."""
    frames = [data[i:i + FRAME] for i in range(0, len(data) - FRAME + 1, FRAME)]
    levels = [level_db(f) for f in frames]
    loudest = max(levels)
    active = [s for f, lv in zip(frames, levels) if lv > loudest - 30 for s in f]
    return math.sqrt(sum(s * s for s in active) / len(active))


def room_noise(wav_dir, colour):
    path = os.path.join(wav_dir, f"{colour}.noise.wav")
    if not os.path.exists(path):
        subprocess.run(["sox", "-R", "-n", "-r", "16000", "-b", "16", "-c", "1", path,
                        "synth", "120", colour], check=True, capture_output=True)
    return samples_of(path)


def conditioned(wav_dir, n, wav, condition, snr):
    """The recording in a condition: `clean` over a -60 dBFS floor (never digital silence),
    `pink` or `brown` noise at `snr` dB under the speech over that floor; each made once."""
    out = os.path.join(wav_dir, f"{n}.{condition}.wav")
    if os.path.exists(out):
        return out
    speech = samples_of(wav)
    pick = random.Random(n)
    mixed = [s + pick.randint(-FLOOR_AMPLITUDE, FLOOR_AMPLITUDE) for s in speech]
    if condition != "clean":
        noise = room_noise(wav_dir, condition + "noise")
        start = pick.randrange(len(noise) - len(speech))
        part = noise[start:start + len(speech)]
        noise_rms = math.sqrt(sum(s * s for s in part) / len(part))
        gain = active_rms(speech) / (noise_rms * 10 ** (snr / 20))
        mixed = [m + x * gain for m, x in zip(mixed, part)]
    write_samples(out, [max(-32768, min(32767, round(m))) for m in mixed])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--lang", choices=("de", "en"), default="de")
    ap.add_argument("--voices", default="de,de+f3,de+m3,de+m7")
    ap.add_argument("--per-form", type=int, default=10, help="lines of each form (seeded pick)")
    ap.add_argument("--wav-dir", required=True, help="where the recordings are kept and reused")
    ap.add_argument("--binary", default="target/release/rochade")
    ap.add_argument("--json", help="write every outcome to this file")
    ap.add_argument("--condition", choices=("silence", "clean", "pink", "brown"),
                    default="silence", help="digital silence around the speech (the default), "
                    "a -60 dBFS floor under it, or pink or brown noise over that floor")
    ap.add_argument("--snr", type=float, default=10.0, help="dB of the speech over the noise")
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
        if args.condition != "silence":
            wav = conditioned(args.wav_dir, n, wav, args.condition, args.snr)
        out = subprocess.run(
            [args.binary, "interpret", "--fen", line["fen"], "--lang", args.lang, "--wav", wav,
             "--recognizer", "pocketsphinx"], capture_output=True, text=True, check=True)
        reading = json.loads(out.stdout)
        return {"voice": voice, "form": line.get("form") or line["category"],
                "said": line["heard"], "move": line["expect"]["uci"],
                "heard": reading.get("heard"), "got": reading.get("uci"),
                "status": reading.get("status"), "command": reading.get("command"),
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
        elif o["status"] == "command":
            counts[(o["form"], "command")] += 1
    print(f"wav probe, {args.corpus}, {args.lang}, {args.condition}: {len(outcomes)} "
          f"recordings, voices {args.voices}")
    forms = sorted({o["form"] for o in outcomes}) + ["all forms"]
    for form in forms:
        get = (lambda k: sum(v for (f, kk), v in counts.items() if kk == k)) \
            if form == "all forms" else (lambda k, form=form: counts[(form, k)])
        total = get("all")
        print(f"  {form}: {get('right')} of {total} right ({100 * get('right') / total:.1f} %), "
              f"{get('sure')} of them sure; another move {get('another move')}, "
              f"{get('sure other')} of them sure; a command {get('command')}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(outcomes, f, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
