#!/usr/bin/env python3
"""Write setA_de.jsonl, setA_en.jsonl, setB_de.jsonl, setB_en.jsonl from talk_sentences.py.
Each sentence is written once per FEN in FENS."""
import json, os
from talk_sentences import *
FENS = {
 "start":   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 "italian": "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
 "qgd_blk": "r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP1B2/2N1PN2/PP3PPP/R2QKB1R b KQ - 2 8",
 "over":    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
}
def lines(block): return [l.strip() for l in block.strip("\n").split("\n") if l.strip()]
def emit(fname, groups, lang, setname, unclear_all=False):
    n = 0; seen = set()
    with open(fname, "w") as f:
        for cat, block in groups.items():
            unclear = unclear_all or cat.endswith("unclear")
            exp = None if setname == "A" else cat.replace("_unclear", "")
            for s in lines(block):
                if s in seen: print("dup", fname, s)
                seen.add(s); n += 1
                for fk, fen in FENS.items():
                    f.write(json.dumps({"fen": fen, "heard": s, "lang": lang, "set": setname,
                        "cat": cat, "expect": exp, "unclear": unclear, "pos": fk}, ensure_ascii=False) + "\n")
    return n
os.chdir(os.path.dirname(os.path.abspath(__file__)))
print("A de", emit("setA_de.jsonl", {**A_DE, **A_DE_UNCLEAR}, "de", "A"))
print("A en", emit("setA_en.jsonl", {**A_EN, **A_EN_UNCLEAR}, "en", "A"))
print("B de", emit("setB_de.jsonl", B_DE, "de", "B"))
print("B en", emit("setB_en.jsonl", B_EN, "en", "B"))
