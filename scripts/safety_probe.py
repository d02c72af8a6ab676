#!/usr/bin/env python3
"""Safety probe: is any move of the opening heard as a sure other move?

In the starting position every pawn may go to the third and the fourth rank, so every file
word has a legal twin: a file heard for another is always another legal move. Each voice
says every pawn move there in three ways (letters, spelling alphabet, FIDE names), and the
knight moves there and the bishop and queen moves after 1.e4 e5 with the piece's name, whose
squares differ by their file too. Each recording is recognized by `rochade interpret --wav
--recognizer pocketsphinx`, and the probe counts the moves heard right, heard as another
move, and not understood, each either sure (the correction window would make it without a
word from the player) or asked back.

A sure move other than the one said is the failure the assistant must never make: the
probe lists each and exits with status 1. Standard library only (python3 of Debian 12);
needs espeak-ng, and flite for the `flite:` voices.

    python3 scripts/safety_probe.py --lang en
    python3 scripts/safety_probe.py --lang de --voices de,de+m1,de+f2

With --set-out FILE the lines are written as a voice-bench set instead, to be heard in a
session (the recognizer adapted by a voice's earlier lines, as in a game):

    python3 scripts/safety_probe.py --lang en --set-out /tmp/probe-en.jsonl
    rochade bench voice --set /tmp/probe-en.jsonl --limit 1000 --rates 150 \\
        --voices-en en-us,en+f3,en+m1,en+f2,en-gb-x-rp,en-029,flite:slt,flite:rms,flite:awb,flite:kal16 \\
        --conditions clean --no-rejection
"""

import argparse
import collections
import itertools
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
AFTER_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
# Piece moves whose destinations differ by file: (position, piece, destination, move).
PIECE_MOVES = [
    (START, "knight", "a3", "b1a3"), (START, "knight", "c3", "b1c3"),
    (START, "knight", "f3", "g1f3"), (START, "knight", "h3", "g1h3"),
    (AFTER_E4_E5, "bishop", "a6", "f1a6"), (AFTER_E4_E5, "bishop", "b5", "f1b5"),
    (AFTER_E4_E5, "bishop", "c4", "f1c4"), (AFTER_E4_E5, "bishop", "d3", "f1d3"),
    (AFTER_E4_E5, "bishop", "e2", "f1e2"), (AFTER_E4_E5, "queen", "e2", "d1e2"),
    (AFTER_E4_E5, "queen", "f3", "d1f3"), (AFTER_E4_E5, "queen", "g4", "d1g4"),
    (AFTER_E4_E5, "queen", "h5", "d1h5"),
]
PIECES = {
    "en": {"knight": "knight", "bishop": "bishop", "queen": "queen"},
    "de": {"knight": "Springer", "bishop": "Läufer", "queen": "Dame"},
}
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
RANKS = {
    "en": {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"},
    "de": {2: "zwei", 3: "drei", 4: "vier", 5: "fünf", 6: "sechs"},
}
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


def hear(binary, lang, fen, wav):
    out = subprocess.run(
        [binary, "interpret", "--fen", fen, "--lang", lang, "--wav", wav,
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
    ap.add_argument("--set-out", metavar="FILE",
                    help="write the probe's lines as a set for `rochade bench voice --set` "
                         "(heard in a session, one recognizer for all of a voice's lines, "
                         "as `play` hears them) and stop")
    args = ap.parse_args()
    voices = (args.voices or VOICES[args.lang]).split(",")
    ranks = RANKS[args.lang]
    cases = []
    for form, names in FILES[args.lang].items():
        for i, name in enumerate(names):
            file = "abcdefgh"[i]
            for rank in (3, 4):
                cases.append((form, START, f"{name} {ranks[rank]}", f"{file}2{file}{rank}"))
    for form, names in FILES[args.lang].items():
        for fen, piece, square, uci in PIECE_MOVES:
            name = names["abcdefgh".index(square[0])]
            text = f"{PIECES[args.lang][piece]} {name} {ranks[int(square[1])]}"
            cases.append((f"pieces, {form}", fen, text, uci))
    if args.set_out:
        with open(args.set_out, "w", encoding="utf-8") as out:
            for form, fen, text, uci in cases:
                line = {"fen": fen, "heard": text, "lang": args.lang,
                        "expect": {"status": "move", "uci": uci},
                        "form": f"{args.lang}-probe-{form.replace(', ', '-')}"}
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
        print(f"{len(cases)} lines written to {args.set_out}")
        return 0
    forms = list(dict.fromkeys(case[0] for case in cases))
    with tempfile.TemporaryDirectory() as tmp:

        def run(job):
            n, voice, (form, fen, text, uci) = job
            wav = os.path.join(tmp, f"{n}.wav")
            speak(voice, text, wav)
            heard = hear(args.binary, args.lang, fen, wav)
            return {"voice": voice, "form": form, "said": text, "move": uci,
                    "heard": heard.get("heard"), "got": heard.get("uci"),
                    "sure": heard.get("exact") is True,
                    "alternatives": heard.get("alternatives")}

        jobs = [(n, v, c) for n, (v, c) in enumerate(itertools.product(voices, cases))]
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
    for form in forms:
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
