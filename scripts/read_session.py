#!/usr/bin/env python3
"""A reading session (`rochade models read`) read by an espeak-ng voice, for measuring it.

Usage, inside the audio sandbox, from the project's root:
    bash scripts/audio-sandbox.sh python3 scripts/read_session.py --voice de+m3 --rate 150 \
        --lines 50 --recordings DIR --out MODEL [--binary target/release/rochade] [--lang de]

Rochade prints each line to read ("An Sie: Zeile drei: turm anton vier", or "... Bitte noch
einmal: ..."); this script says its words with the voice into the virtual microphone, as the
player would. At the end it prints how many lines were asked for, said, asked again and kept,
and how long the session took; Rochade then adapts the model to the lines kept (unless
--no-adapt is passed on).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

PROMPTS = {
    "de": ("Zeile ", "Nicht verstanden. Bitte noch einmal: ", "An Sie: ", "Meinten Sie "),
    "en": ("Line ", "Not understood. Please once more: ", "To you: ", "Did you mean "),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--voice", default="de+m3")
    ap.add_argument("--rate", type=int, default=150)
    ap.add_argument("--lines", type=int, default=50)
    ap.add_argument("--lang", default="de")
    ap.add_argument("--recordings", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--binary", default="target/release/rochade")
    ap.add_argument("--no-adapt", action="store_true")
    args = ap.parse_args()
    line_start, again_start, to_you, question = PROMPTS[args.lang]
    command = [args.binary, "models", "read", "--lang", args.lang, "--lines", str(args.lines),
               "--speech", "off", "--recordings", args.recordings, "--out", args.out]
    if args.no_adapt:
        command.append("--no-adapt")
    started = time.time()
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    said = again = 0
    work = tempfile.mkdtemp()
    for raw in child.stdout:
        line = raw.rstrip("\n")
        print(line, flush=True)
        text = line[len(to_you):] if line.startswith(to_you) else line
        if text.startswith(question):
            # an unsure end of the session: not asked for here, so not confirmed
            child.stdin.write("nein\n")
            child.stdin.flush()
            continue
        if not (text.startswith(line_start) or text.startswith(again_start)):
            continue
        if text.startswith(again_start):
            again += 1
        words = text.rsplit(": ", 1)[-1]
        wav = os.path.join(work, "say.wav")
        subprocess.run(["espeak-ng", "-v", args.voice, "-s", str(args.rate), "-w", wav, words],
                       check=True)
        time.sleep(0.3)
        subprocess.run(["paplay", "--device=micfeed", wav], check=True)
        said += 1
    status = child.wait()
    kept = len([n for n in os.listdir(args.recordings) if n.endswith(".wav")])
    print(f"voice {args.voice} at {args.rate}: {args.lines} lines, {said} said, {again} asked "
          f"again, {kept} recordings in the folder, {time.time() - started:.0f} s, "
          f"exit status {status}", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
