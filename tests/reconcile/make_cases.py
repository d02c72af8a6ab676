#!/usr/bin/env python3
"""Builds tests/reconcile/cases.jsonl: pairs of scoresheets made from real games in
tests/data/, with a divergence injected at a known half-move, or written two ways that agree.

The expectations come from the construction (where the divergence was put), not from Rochade.
Needs python-chess only to turn the games into SAN lists; the output is committed, so the
tests do not need Python. Run from the repository root:

    python3 tests/reconcile/make_cases.py > tests/reconcile/cases.jsonl
"""
import json
import random
import re

import chess
import chess.pgn

ENGLISH_TO_GERMAN = {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "S"}
PIECES = "KQRBN"


def games(path):
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            yield game


def sans_of(game):
    board = game.board()
    out = []
    for move in game.mainline_moves():
        out.append(board.san(move))
        board.push(move)
    return out


def german(san):
    if san.startswith("O-O"):
        return san.replace("O", "0")
    if san[0] in PIECES:
        san = ENGLISH_TO_GERMAN[san[0]] + san[1:]
    return re.sub(r"=([QRBN])", lambda m: ENGLISH_TO_GERMAN[m.group(1)], san)


def write(sans, numbers=True, glued=False, plies=None):
    """A move list; `plies` gives each move's half-move index in the game (a sheet that
    skipped a move keeps the numbers of the moves it has)."""
    plies = list(range(len(sans))) if plies is None else plies
    parts = []
    previous = None
    for ply, san in zip(plies, sans):
        number = ply // 2 + 1
        if numbers and ply % 2 == 0:
            parts.append(f"{number}.{san}" if glued else f"{number}. {san}")
        elif numbers and previous != ply - 1:
            parts.append(f"{number}...{san}" if glued else f"{number}... {san}")
        else:
            parts.append(san)
        previous = ply
    return " ".join(parts)


def fen_after(sans, plies):
    board = chess.Board()
    for san in sans[:plies]:
        board.push_san(san.replace(" e.p.", ""))
    return board.fen()


def expectation(ply, sans_a, written_a, written_b):
    """The report for sheets that agree on plies 1..ply-1 and differ at `ply` (from 1)."""
    last = ply - 1
    return {
        "fen": fen_after(sans_a, last),
        "agree": False,
        "last_agreeing_ply": last,
        "last_agreeing_move": (last + 1) // 2,
        "last_agreeing_side": None if last == 0 else ("white" if last % 2 == 1 else "black"),
        "difference": {
            "move": (ply + 1) // 2,
            "side": "white" if ply % 2 == 1 else "black",
            "a": written_a,
            "b": written_b,
        },
    }


def main():
    rng = random.Random(1997)
    kasparov = list(games("tests/data/python-chess/kasparov-deep-blue-1997.pgn"))
    carlsen = list(games("tests/data/carlsen-selection.pgn"))
    cases = []

    def add(name, source, a, b, expect):
        cases.append({"name": name, "source": source, "a": a, "b": b, **expect})

    pool = [(f"kasparov-deep-blue-1997.pgn game {i + 1}", g) for i, g in enumerate(kasparov)]
    pool += [(f"carlsen-selection.pgn game {i + 1}", carlsen[i]) for i in range(0, 400, 37)]

    # Divergences: a wrong piece letter, a skipped move, a wrong square, two moves transposed.
    kinds = ["wrong_letter", "skipped_move", "wrong_square", "transposed"]
    n = 0
    for source, game in pool:
        sans = sans_of(game)
        for kind in kinds:
            if n >= 28:
                break
            numbers = rng.random() < 0.7
            # A ply (0-based index) where the injection changes the move.
            for _ in range(100):
                k = rng.randrange(2, len(sans) - 3)
                san = sans[k]
                if kind == "wrong_letter" and san[0] in PIECES and san[0] != "K":
                    letter = rng.choice([p for p in "QRBN" if p != san[0]])
                    b_sans = sans[:k] + [letter + san[1:]] + sans[k + 1:]
                    break
                if kind == "wrong_square" and not san.startswith("O-O"):
                    m = list(re.finditer(r"([a-h])([1-8])", san))[-1]
                    f, r = m.group(1), m.group(2)
                    if rng.random() < 0.5:
                        f = chr(ord(f) + 1) if f < "h" else chr(ord(f) - 1)
                    else:
                        r = chr(ord(r) + 1) if r < "8" else chr(ord(r) - 1)
                    b_sans = sans[:k] + [san[: m.start()] + f + r + san[m.end():]] + sans[k + 1:]
                    break
                if kind == "skipped_move":
                    b_sans = sans[:k] + sans[k + 1:]
                    b_plies = [i for i in range(len(sans)) if i != k]
                    break
                if kind == "transposed" and sans[k].rstrip("+#") != sans[k + 2].rstrip("+#"):
                    b_sans = sans[:k] + [sans[k + 2], sans[k + 1], sans[k]] + sans[k + 3:]
                    break
            else:
                continue
            ply = k + 1
            a_text = write(sans, numbers)
            glued = rng.random() < 0.5
            written_b = b_sans[k]
            if kind == "skipped_move":
                b_text = write(b_sans, numbers, glued, plies=b_plies)
                if numbers:
                    # The next number shows the move is missing: nothing is written for it.
                    written_b = None
            else:
                b_text = write(b_sans, numbers, glued)
            expect = expectation(ply, sans, sans[k], written_b)
            # Half of the cases the other way round, with the injected sheet as A.
            if rng.random() < 0.5:
                d = expect["difference"]
                d["a"], d["b"] = d["b"], d["a"]
                add(f"{kind} at ply {ply}, sheet A", source, b_text, a_text, expect)
            else:
                add(f"{kind} at ply {ply}", source, a_text, b_text, expect)
            n += 1

    # Sheets that agree although written differently.
    def agree(name, source, a, b, sans):
        last = len(sans)
        add(name, source, a, b, {
            "fen": fen_after(sans, last),
            "agree": True,
            "last_agreeing_ply": last,
            "last_agreeing_move": (last + 1) // 2,
            "last_agreeing_side": "white" if last % 2 == 1 else "black",
        })

    for i, (source, game) in enumerate(pool[:4]):
        sans = sans_of(game)
        agree("German letters and 0-0 against English", source, write(sans),
              write([german(s) for s in sans], numbers=i % 2 == 0), sans)
    promo = next((s, g) for s, g in zip(
        [f"carlsen-selection.pgn game {i + 1}" for i in range(400)], carlsen)
        if any("=" in s for s in sans_of(g)))
    sans = sans_of(promo[1])
    agree("e8D against e8=Q", promo[0], write(sans),
          write([german(s).replace("+", "").replace("#", "") for s in sans]), sans)
    agree("e8Q without = and without numbers", promo[0], write(sans),
          write([s.replace("=", "") for s in sans], numbers=False), sans)
    for i, game in enumerate(carlsen):
        board = game.board()
        sans, ep = [], None
        for move in game.mainline_moves():
            san = board.san(move)
            if board.is_en_passant(move) and ep is None:
                ep = len(sans)
                san = san + " e.p."
            sans.append(san)
            board.push(move)
        if ep is not None:
            source = f"carlsen-selection.pgn game {i + 1}"
            agree("exd6 e.p. against exd6", source, write([s.replace(" e.p.", "") for s in sans]),
                  write(sans), sans)
            # And a divergence right after the en passant capture.
            k = ep + 1
            a_sans = [s.replace(" e.p.", "") for s in sans]
            b_sans = a_sans[:k] + a_sans[k + 1:]
            b_plies = [i for i in range(len(a_sans)) if i != k]
            expect = expectation(k + 1, a_sans, a_sans[k], None)
            add(f"skipped_move after e.p. at ply {k + 1}", source, write(sans),
                write(b_sans, plies=b_plies), expect)
            break

    for case in cases:
        print(json.dumps(case, ensure_ascii=False))


if __name__ == "__main__":
    main()
