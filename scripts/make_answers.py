#!/usr/bin/env python3
"""Writes tests/corpus/answers-test.jsonl: answers to a read-back that waits for "ja", 28 a
language ("Ja, genau.", "Nein, das ist falsch", "Yes, that's right", "Wait, correction"), in
the positions of the held-out set (tests/corpus/varied-test.jsonl). Written at stop 42, after
the rule that takes an unsure "ja" beginning with "ja" was made on the tuning set, to measure
it where it was not tuned:

    rochade bench voice --set tests/corpus/answers-test.jsonl --forms de-command,en-command \\
        --limit 200 --conditions clean,pink --no-rejection

Run from the repository's top folder: `python3 scripts/make_answers.py`.
"""
import json
import os

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
ANSWERS = {
    "de": {
        "yes": ["Ja.", "Ja, genau.", "Jawohl", "Ja bitte", "Ja, richtig", "Ja, das ist richtig",
                "Ja, das stimmt", "Genau", "Richtig", "Stimmt", "Ja, ja.", "Äh, ja", "Ja, stimmt",
                "Ja, korrekt"],
        "no": ["Nein", "Nein, falsch", "Nein, das stimmt nicht", "Nein, das ist falsch", "Falsch",
               "Abbrechen", "Korrektur", "Nein, nein", "Äh, nein", "Stimmt nicht", "Nicht richtig",
               "Das war falsch", "Ich korrigiere", "Das ist nicht richtig"],
    },
    "en": {
        "yes": ["Yes", "Yes please", "Yeah", "Yep", "Yes, that's right", "Yes, correct",
                "That's right", "Uh, yes", "Right", "Confirmed", "Yes, yes", "That is correct",
                "Yes that is right", "Affirmative"],
        "no": ["No", "Nope", "No, that's wrong", "Wrong", "Cancel", "Correction",
               "No, that's not right", "Uh, no", "Not right", "No, no", "That is wrong",
               "Not correct", "Wait, correction", "No that is not right"],
    },
}
CORRECTIONS = {"Korrektur", "Ich korrigiere", "Correction", "Wait, correction"}


def main():
    with open(os.path.join(TOP, "tests", "corpus", "varied-test.jsonl"), encoding="utf-8") as f:
        fens = list(dict.fromkeys(json.loads(line)["fen"] for line in f))
    k = 0
    path = os.path.join(TOP, "tests", "corpus", "answers-test.jsonl")
    with open(path, "w", encoding="utf-8") as out:
        for lang, kinds in ANSWERS.items():
            for kind, lines in kinds.items():
                for text in lines:
                    command = kind if kind == "yes" else (
                        "correction" if text in CORRECTIONS else "no")
                    out.write(json.dumps({
                        "fen": fens[(k * 13) % len(fens)], "heard": text, "lang": lang,
                        "expect": {"status": "command", "command": command},
                        "category": "command", "form": f"{lang}-command",
                    }, ensure_ascii=False) + "\n")
                    k += 1


if __name__ == "__main__":
    main()
