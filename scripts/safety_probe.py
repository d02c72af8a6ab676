#!/usr/bin/env python3
"""Safety probe: is any pawn move of the starting position heard as a sure other move?

In the starting position every pawn may go to the third and the fourth rank, so every file
word has a legal twin: a file heard for another is always another legal move. Each voice
says every pawn move in three ways (letters, spelling alphabet, FIDE names), each recording
is recognized by `rochade interpret --wav --recognizer pocketsphinx`, and the probe counts
the moves heard right, heard as another move, and not understood, each either sure (the
correction window would make it without a word from the player) or asked back.

A sure move other than the one said is the failure the assistant must never make: the
probe lists each and exits with status 1. Standard library only (python3 of Debian 12);
needs espeak-ng, and flite for the `flite:` voices.

    python3 scripts/safety_probe.py --lang en
    python3 scripts/safety_probe.py --lang de --voices de,de+m1,de+f2
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FILES = {
    "en": {
        "letters": "a b c d e f g h".split(),
        "nato": "alpha bravo charlie delta echo foxtrot golf hotel".split(),
        "fide": "Anna Bella Cesar David Eva Felix Gustav Hector".split(),
    },
    "de": {
        "letters": "a be ce de e ef ge ha".split(),
        "spelling": "Anton Berta Cäsar Dora Emil Friedrich Gustav Heinrich".split(),
        "fide": "Anna Bella Cäsar David Eva Felix Gustav Hektor".split(),
    },
}
RANKS = {"en": ("three", "four"), "de": ("drei", "vier")}
VOICES = {
    "en": "en-us,en+f3,en+m1,en+f2,en-gb-x-rp,en-029,flite:slt,flite:rms,flite:awb,flite:kal16",
    "de": "de,de+m1,de+f2,de+m4,de+f4,de+m6",
}


def speak(voice, text, wav):
    if voice.startswith("flite:"):
        cmd = ["flite", "-voice", voice[len("flite:"):], "-t", text, "-o", wav]
    else:
        cmd = ["espeak-ng", "-v", voice, "-s", "150", "-w", wav, text]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def hear(binary, lang, wav):
    out = subprocess.run(
        [binary, "interpret", "--fen", START, "--lang", lang, "--wav", wav,
         "--recognizer", "pocketsphinx"],
        capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", choices=("de", "en"), default="en")
    ap.add_argument("--voices", help="comma-separated; espeak-ng names or flite:VOICE")
    ap.add_argument("--binary", default="target/release/rochade")
    ap.add_argument("--json", help="write every outcome to this file")
    args = ap.parse_args()
    voices = (args.voices or VOICES[args.lang]).split(",")
    cases = []
    for form, names in FILES[args.lang].items():
        for i, name in enumerate(names):
            file = "abcdefgh"[i]
            for k, rank in enumerate(RANKS[args.lang]):
                cases.append((form, f"{name} {rank}", f"{file}2{file}{3 + k}"))
    with tempfile.TemporaryDirectory() as tmp:

        def run(job):
            n, voice, (form, text, uci) = job
            wav = os.path.join(tmp, f"{n}.wav")
            speak(voice, text, wav)
            heard = hear(args.binary, args.lang, wav)
            return {"voice": voice, "form": form, "said": text, "move": uci,
                    "heard": heard.get("heard"), "got": heard.get("uci"),
                    "sure": heard.get("exact") is True,
                    "alternatives": heard.get("alternatives")}

        jobs = [(n, v, c) for n, (v, c) in enumerate((v, c) for v in voices for c in cases)]
        with ThreadPoolExecutor(2) as pool:
            outcomes = list(pool.map(run, jobs))
    counts = collections.Counter()
    for o in outcomes:
        if o["got"] is None:
            kind = "not understood"
        else:
            kind = ("right" if o["got"] == o["move"] else "another move") + (
                ", sure" if o["sure"] else ", asked")
        counts[(o["form"], kind)] += 1
    print(f"safety probe, {args.lang}: {len(outcomes)} utterances, voices {','.join(voices)}")
    for form in FILES[args.lang]:
        parts = [f"{k} {counts[(form, k)]}" for k in (
            "right, sure", "right, asked", "another move, asked", "another move, sure",
            "not understood")]
        print(f"  {form}: " + "; ".join(parts))
    wrong = [o for o in outcomes if o["got"] and o["got"] != o["move"] and o["sure"]]
    for o in wrong:
        print(f"  SURE WRONG MOVE: {o['voice']}: said {o['said']!r}, heard {o['heard']!r}, "
              f"{o['alternatives'][:3]}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(outcomes, f)
    print(f"  sure moves other than the one said: {len(wrong)} (aim: none)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
