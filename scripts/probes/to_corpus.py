#!/usr/bin/env python3
"""Turns the two probes of this folder into the corpus format of `scripts/score_corpus.py`
(tests/corpus/probe-forms.jsonl, probe-talk.jsonl). A helper wrote both probes from
docs/SPOKEN-MOVES.md alone, without the project's phrase lists (stop 40):

* `forms.py` (python-chess; positions of the games in shared/corpus/sources) and
  `forms_edge.py` say moves in every form of §2 and compute what each must mean from what
  it names, not from its words. Only the lines the specification decides are kept.
* `talk.py` (sentences in `talk_sentences.py`) writes sentences not for the assistant (set A,
  must be not understood) and requests to it (set B, the command named), each in four
  positions. Lines marked unclear, and the few that stay debatable (an answer said twice,
  "das ist falsch", "Schiedsrichter"), are left out.

Run from this folder: `python3 forms.py && python3 forms_edge.py && python3 talk.py &&
python3 to_corpus.py`.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "tests", "corpus")

# Set A sentences that are answers or commands after all: kept out, not counted either way.
DEBATABLE = {
    "schiedsrichter", "das ist falsch", "nein nein nein", "nein doch",
    "nein das ist nicht richtig so", "hilfe hilfe", "nach eva vier kommt eva fünf",
    "eva vier oder", "be drei oder so", "yeah right", "no no no", "yes yes", "help help",
    "e four or",
}


def forms():
    out, seen = [], set()
    for base in ("probe_meta.jsonl", "edge_meta.jsonl"):
        for line in open(os.path.join(HERE, base), encoding="utf-8"):
            m = json.loads(line)
            key = (m["fen"], m["heard"], m["lang"])
            if m["cat"] != "spec" or m.get("alt") or key in seen:
                continue
            seen.add(key)
            out.append({"fen": m["fen"], "heard": m["heard"], "lang": m["lang"],
                        "expect": m["expect"], "category": "probe", "form": m["pattern"]})
    return out


def talk():
    out = []
    for name in ("setA_de", "setA_en", "setB_de", "setB_en"):
        for line in open(os.path.join(HERE, name + ".jsonl"), encoding="utf-8"):
            m = json.loads(line)
            if m.get("unclear") or m["heard"].lower().strip(" .?!") in DEBATABLE:
                continue
            if m["set"] == "A":
                expect, kind = {"status": "not_understood"}, "talk"
            else:
                expect, kind = {"status": "command", "command": m["expect"]}, "request"
            out.append({"fen": m["fen"], "heard": m["heard"], "lang": m["lang"],
                        "expect": expect, "category": "probe",
                        "form": f"{m['lang']}-{kind}-{m['cat']}"})
    return out


for name, lines in (("probe-forms.jsonl", forms()), ("probe-talk.jsonl", talk())):
    with open(os.path.join(CORPUS, name), "w", encoding="utf-8") as f:
        for line in lines:
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
    print(name, len(lines))
