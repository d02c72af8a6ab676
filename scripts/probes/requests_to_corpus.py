#!/usr/bin/env python3
"""Turns the third probe into the corpus format of `scripts/score_corpus.py`
(tests/corpus/probe-requests.jsonl, probe-not-requests.jsonl). At stop 41 a helper wrote, from
docs/SPOKEN-MOVES.md and docs/MISSION.md alone, 500 requests players make to the assistant
(`requests.tsv`: language, command, sentence) and 240 sentences said at the board that are
no request (`not_requests.tsv`: `none`, or `ambiguous` for the few that could be either, which
are left out). Requests are read in the starting position; sentences not for the assistant in
four positions of real games, since a move reading depends on the position.

A fourth probe (stop 42, `requests-4.tsv`, `not_requests-4.tsv`) was written the same way by
another helper: 420 requests and 320 sentences that are none (8 of them `ambiguous`, left out),
read into probe-requests-4.jsonl and probe-not-requests-4.jsonl.

A fifth probe (stop 43, `requests-5.tsv`, `not_requests-5.tsv`, 440 requests and 302 sentences
that are none) was written by a third helper from the same two documents. Its writer used only
the nine commands of SPOKEN-MOVES.md's table, so the 19 requests for the opponent's last move
("was hat er gespielt", "what did my opponent just do") were labelled `repeat`; Rochade has a
command of its own for them (`last_move`, README), and they are read as that here
(`LAST_MOVE_5`).

A sixth probe (stop 43, `requests-6.tsv`, `not_requests-6.tsv`) was written by a fourth helper
from the same documents, given Rochade's sixteen command names and ten imagined players
(regional German, British and American idiom, time trouble, dictation): 400 requests and 282
sentences that are none (18 `ambiguous`, left out). It was scored before anything was changed
for it and is kept blind: no phrasing was taken from it.

The requests are a measure, not a target: the vocabulary took phrasings from the even lines
only (the odd ones stay unseen), and part of those are still not understood (README, "For
tests and measurements"). Run from this folder: `python3 requests_to_corpus.py`.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "tests", "corpus")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
POSITIONS = [
    START,
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP1B2/2N1PN2/PP3PPP/R2QKB1R b KQ - 2 8",
    "8/5k2/8/3K4/8/8/4P3/8 w - - 0 60",
]


# The fifth probe's requests for the last move, labelled `repeat` by a writer who knew only the
# nine commands of the specification's table.
LAST_MOVE_5 = {
    "was hat er gespielt", "Was war der letzte Zug?", "Den Zug nochmal bitte.",
    "sag nochmal was der gegner gezogen hat", "Kannst du den letzten Zug nochmal ansagen?",
    "Wie war der Zug?", "Was hat mein Gegner gerade gemacht?", "welcher zug war das",
    "Wiederhol mal bitte den Zug von meinem Gegner.", "what did he play",
    "What was the last move?", "Repeat the last move, please.", "what did my opponent just do",
    "what was his move", "Could you read that move again?", "i didn't hear what he played",
    "Tell me his last move again.", "what move did my opponent just make",
    "Sorry, could you repeat his move?",
}


def rows(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for number, line in enumerate(f):
            lang, command, sentence = line.rstrip("\n").split("\t")
            if name == "requests-5.tsv" and sentence in LAST_MOVE_5:
                command = "last_move"
            yield number, lang, command, sentence


def write(requests, not_requests, suffix):
    """One probe's two files, requests.tsv and not_requests.tsv (or their -4 twins), as the
    corpora probe-requests{suffix}.jsonl and probe-not-requests{suffix}.jsonl."""
    with open(os.path.join(CORPUS, f"probe-requests{suffix}.jsonl"), "w", encoding="utf-8") as out:
        for number, lang, command, sentence in rows(requests):
            out.write(json.dumps({
                "fen": START, "heard": sentence, "lang": lang,
                "expect": {"status": "command", "command": command},
                "category": "request", "form": f"{lang}-{'seen' if number % 2 == 0 else 'unseen'}",
            }, ensure_ascii=False) + "\n")
    with open(os.path.join(CORPUS, f"probe-not-requests{suffix}.jsonl"), "w", encoding="utf-8") as out:
        for _, lang, label, sentence in rows(not_requests):
            if label != "none":
                continue
            for fen in POSITIONS:
                out.write(json.dumps({
                    "fen": fen, "heard": sentence, "lang": lang,
                    "expect": {"status": "not_understood"},
                    "category": "not_for_the_assistant", "form": f"{lang}-talk",
                }, ensure_ascii=False) + "\n")


def main():
    write("requests.tsv", "not_requests.tsv", "")
    write("requests-4.tsv", "not_requests-4.tsv", "-4")
    write("requests-5.tsv", "not_requests-5.tsv", "-5")
    write("requests-6.tsv", "not_requests-6.tsv", "-6")


if __name__ == "__main__":
    main()
