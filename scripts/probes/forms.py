#!/usr/bin/env python3
"""Independent probe set for `rochade interpret` (SPOKEN-MOVES.md).

Writes probe.jsonl (input for the binary) and probe_meta.jsonl (pattern, category,
expected result) in this directory.  Fixed seed, so reruns give the same files.

Expected values follow the spec text of SPOKEN-MOVES.md, computed with python-chess
from a *semantic* description of each utterance (which piece / origin / destination /
promotion the words name), not by parsing the words.
"""
import json, random, os, io
import chess, chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "..", "..", "shared", "corpus", "sources")  # shared/ beside the project
SEED = 4040
rng = random.Random(SEED)

# ---------------------------------------------------------------- positions
def load_positions():
    pos = []
    files = [os.path.join(SRC, "carlsen-selection.pgn")]
    pcdir = os.path.join(SRC, "python-chess")
    files += [os.path.join(pcdir, f) for f in sorted(os.listdir(pcdir)) if f.endswith(".pgn")]
    for fn in files:
        with open(fn, encoding="utf-8", errors="replace") as fh:
            while True:
                try:
                    g = chess.pgn.read_game(fh)
                except Exception:
                    continue
                if g is None:
                    break
                b = g.board()
                for mv in g.mainline_moves():
                    try:
                        b.push(mv)
                    except Exception:
                        break
                    if not b.is_game_over() and b.fullmove_number >= 3:
                        pos.append(b.fen())
    return pos

def features(b):
    f = set()
    lm = list(b.legal_moves)
    if any(m.promotion for m in lm): f.add("promo")
    if any(b.is_en_passant(m) for m in lm): f.add("ep")
    if any(b.is_castling(m) for m in lm): f.add("castle")
    seen = {}
    for m in lm:
        pt = b.piece_type_at(m.from_square)
        if pt in (chess.KNIGHT, chess.ROOK, chess.BISHOP, chess.QUEEN):
            seen.setdefault((pt, m.to_square), set()).add(m.from_square)
    if any(len(v) > 1 for v in seen.values()): f.add("twin")
    if b.is_check(): f.add("incheck")
    return f

def pick_positions(n=150):
    allp = load_positions()
    rng.shuffle(allp)
    buckets = {"promo": 25, "ep": 15, "castle": 30, "twin": 30, "incheck": 8}
    chosen, seenfen = [], set()
    for feat, k in buckets.items():
        for side in (chess.WHITE, chess.BLACK):
            cnt = 0
            for fen in allp:
                if cnt >= (k + 1) // 2: break
                if fen in seenfen: continue
                b = chess.Board(fen)
                if b.turn != side: continue
                if feat in features(b):
                    chosen.append(fen); seenfen.add(fen); cnt += 1
    for fen in allp:
        if len(chosen) >= n: break
        if fen not in seenfen:
            chosen.append(fen); seenfen.add(fen)
    return chosen

# ---------------------------------------------------------------- vocabulary
DE_FIDE = "Anna Bella Cesar David Eva Felix Gustav Hector".split()
DE_DIN = "Anton Berta Cäsar Dora Emil Friedrich Gustav Heinrich".split()
DE_LET = "a be ce de e ef ge ha".split()
DE_VAR = {2: ["Caesar", "Zäsar", "Cessar", "zeh"], 6: ["Gustaf"], 7: ["Hektor"], 3: ["Dora"], 1: ["Berta"]}
DE_RANK = "eins zwei drei vier fünf sechs sieben acht".split()
DE_PIECE = {chess.KING: "König", chess.QUEEN: "Dame", chess.ROOK: "Turm", chess.BISHOP: "Läufer",
            chess.KNIGHT: "Springer", chess.PAWN: "Bauer"}
EN_LET = "a b c d e f g h".split()
EN_NATO = "alpha bravo charlie delta echo foxtrot golf hotel".split()
EN_HOMO = {1: "bee", 2: "see", 3: "dee", 5: "eff", 6: "gee", 7: "aitch"}
EN_FIDE = DE_FIDE
EN_RANK = "one two three four five six seven eight".split()
EN_RHOMO = {0: "won", 1: "too", 3: "for", 7: "ate"}
EN_PIECE = {chess.KING: "king", chess.QUEEN: "queen", chess.ROOK: "rook", chess.BISHOP: "bishop",
            chess.KNIGHT: "knight", chess.PAWN: "pawn"}
DE_FILL = ["äh", "ähm", "also", "und", "bitte", "jetzt", "so"]
EN_FILL = ["uh", "um", "please", "so", "the", "and"]

def de_sq(sq, style="fide", rankstyle="std"):
    f, r = chess.square_file(sq), chess.square_rank(sq)
    fw = {"fide": DE_FIDE, "din": DE_DIN, "let": DE_LET}[style][f] if style != "var" else rng.choice(DE_VAR.get(f, [DE_DIN[f]]))
    rw = DE_RANK[r]
    if rankstyle == "alt":
        if r == 1: rw = "zwo"
        if r == 4: rw = "fuenf"
    return f"{fw} {rw}"

def en_sq(sq, style="let", rankstyle="std"):
    f, r = chess.square_file(sq), chess.square_rank(sq)
    fw = {"let": EN_LET, "nato": EN_NATO, "fide": EN_FIDE}[style][f] if style != "homo" else EN_HOMO.get(f, EN_LET[f])
    if rankstyle == "de": rw = DE_RANK[r]
    elif rankstyle == "homo": rw = EN_RHOMO.get(r, EN_RANK[r])
    else: rw = EN_RANK[r]
    return f"{fw} {rw}"

def umlaut_free(s):
    return s.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("Ä", "Ae").replace("Ö", "Oe").replace("Ü", "Ue").replace("ß", "ss")

# ---------------------------------------------------------------- expectation (spec §2)
def expect(b, s):
    """s: dict(piece=None|pt, frm=sq, ffile=int, frank=int, to=sq, promo=pt, castle='K'|'Q',
    capword=bool). Returns (expected dict, unclear_reason or None)."""
    lm = list(b.legal_moves)
    if "castle" in s:
        for m in lm:
            if b.is_castling(m) and (b.is_kingside_castling(m) == (s["castle"] == "K")):
                return {"status": "move", "uci": m.uci()}, None
        return {"status": "illegal"}, None
    to = s["to"]; piece = s.get("piece")
    c = [m for m in lm if m.to_square == to]
    if s.get("frm") is not None: c = [m for m in c if m.from_square == s["frm"]]
    if s.get("ffile") is not None: c = [m for m in c if chess.square_file(m.from_square) == s["ffile"]]
    if s.get("frank") is not None: c = [m for m in c if chess.square_rank(m.from_square) == s["frank"]]
    unclear = None
    if piece is not None:
        c = [m for m in c if b.piece_type_at(m.from_square) == piece]
    elif s.get("frm") is None:
        # no piece word, no full origin: a pawn
        pc = [m for m in c if b.piece_type_at(m.from_square) == chess.PAWN]
        if not pc:
            if s.get("ffile") is not None:
                return {"status": "illegal"}, "pawn-capture form with no pawn"
            pseudo = [m for m in b.generate_pseudo_legal_moves() if m.to_square == to
                      and b.piece_type_at(m.from_square) == chess.PAWN]
            if pseudo:
                return {"status": "illegal"}, None
            others = [m for m in c if b.piece_type_at(m.from_square) != chess.PAWN]
            if others:
                return {"status": "incomplete", "missing": "piece", "candidates": sorted(m.uci() for m in others)}, None
            return {"status": "illegal"}, None
        c = pc
    # capture word: is it a filter or not? spec: "never make a legal move match, absence never stops one"
    if s.get("capword"):
        caps = [m for m in c if b.is_capture(m)]
        if caps and len(caps) != len(c):
            unclear = "capture word with a non-capture alternative"
    if any(m.promotion for m in c):
        if s.get("promo"):
            c = [m for m in c if m.promotion == s["promo"]]
        else:
            origins = {m.from_square for m in c}
            if len(origins) == 1:
                return {"status": "incomplete", "missing": "promotion", "candidates": sorted(m.uci() for m in c)}, unclear
            return {"status": "ambiguous", "candidates": sorted(m.uci() for m in c)}, (unclear or "two pawns promote: candidate list")
    elif s.get("promo"):
        return {"status": "illegal"}, "promotion piece named on a non-promotion"
    if not c:
        return {"status": "illegal"}, unclear
    if len(c) == 1:
        return {"status": "move", "uci": c[0].uci()}, unclear
    return {"status": "ambiguous", "candidates": sorted(m.uci() for m in c)}, unclear

# ---------------------------------------------------------------- phrasing
LINES = []

import re
FILLER_BEFORE_TO = re.compile(r"\b(a|b|c|d|e|f|g|h|bee|see|dee|eff|gee|aitch|alpha|bravo|charlie|delta|echo|foxtrot|golf|hotel|anna|bella|cesar|david|eva|felix|gustav|hector) (uh|um|please|so|the|and) (to|too)\b", re.I)

def add(b, pattern, cat, text, lang, sem, note=None):
    exp, unclear = expect(b, sem)
    if lang == "en" and FILLER_BEFORE_TO.search(text):
        unclear = "filler between a file and to/too: rank 2 or to-word?"
    if lang == "en" and pattern == "en.disamb.rank_homophone" and " too " in f" {text} ":
        unclear = "'too' before a square: rank-2 disambiguation or to-word?"
    if unclear and cat == "spec":
        cat = "unclear"
    LINES.append({"fen": b.fen(), "heard": " ".join(text.split()), "lang": lang,
                  "pattern": pattern, "cat": cat, "expect": exp, "unclear": unclear, "note": note})

def with_fillers(words_units, fills, k=None):
    units = list(words_units)
    k = k or rng.choice([1, 1, 2])
    for _ in range(k):
        i = rng.randint(0, len(units))
        units.insert(i, rng.choice(fills))
    return " ".join(units)

def mixcase(t):
    return "".join(ch.upper() if rng.random() < 0.4 else ch.lower() for ch in t) if rng.random() < 0.7 else t.upper()

def phr_de(b, m, budget):
    pt = b.piece_type_at(m.from_square)
    P = DE_PIECE[pt]
    cap = b.is_capture(m)
    ep = b.is_en_passant(m)
    cast = b.is_castling(m)
    fr, to = m.from_square, m.to_square
    out = []  # (pattern, cat, units(list), sem)
    if cast:
        side = "K" if b.is_kingside_castling(m) else "Q"
        words = {"K": ["kurze Rochade", "Rochade kurz", "kleine Rochade"],
                 "Q": ["lange Rochade", "Rochade lang", "große Rochade", "grosse Rochade"]}[side]
        for w in words:
            out.append(("de.castle.words", "spec", [w], {"castle": side}))
        out.append(("de.castle.king_to", "spec", ["König", de_sq(to, rng.choice(["fide", "din"]))], {"piece": chess.KING, "to": to}))
        out.append(("de.castle.king_from_to", "spec", ["König", "von", de_sq(fr), "nach", de_sq(to)], {"piece": chess.KING, "frm": fr, "to": to}))
        out.append(("de.castle.fill", "spec", ["äh", words[0], "bitte"], {"castle": side}))
        out.append(("de.castle.beyond", "beyond", [rng.choice(["ich rochiere kurz" if side == "K" else "ich rochiere lang",
                                                             "Rochade auf der Königsseite" if side == "K" else "Rochade auf der Damenseite",
                                                             "kurz rochieren" if side == "K" else "lang rochieren"])], {"castle": side}))
        return out
    promo = m.promotion
    promo_w = [DE_PIECE[promo]] if promo else []
    promo_sem = {"promo": promo} if promo else {}
    sty = rng.choice(["fide", "din", "let", "var"])
    if pt == chess.PAWN:
        if promo:
            pw = rng.choice(["wird", "Umwandlung in", "wird zur" if promo == chess.QUEEN else "wird zum",
                             "zur" if promo == chess.QUEEN else "zum", "und wird", "Umwandlung", "in", ""])
            if cap:
                out.append(("de.promo.capture", "spec", [DE_FIDE[chess.square_file(fr)], rng.choice(["schlägt", "nimmt"]), de_sq(to), pw, DE_PIECE[promo]],
                            {"ffile": chess.square_file(fr), "to": to, "promo": promo, "capword": True}))
            else:
                out.append(("de.promo.dest", "spec", [de_sq(to, sty), pw, DE_PIECE[promo]], {"to": to, "promo": promo}))
                out.append(("de.promo.bauer", "spec", ["Bauer", de_sq(to, sty), pw, DE_PIECE[promo]], {"piece": chess.PAWN, "to": to, "promo": promo}))
                out.append(("de.promo.missing", "spec", [de_sq(to, sty)], {"to": to}))
            out.append(("de.promo.from_to", "spec", [de_sq(fr), de_sq(to), DE_PIECE[promo]], {"frm": fr, "to": to, "promo": promo}))
            out.append(("de.promo.beyond", "beyond", ["Bauer", de_sq(to), "wird eine" if promo == chess.QUEEN else "wird ein", DE_PIECE[promo]] if not cap else
                        [DE_FIDE[chess.square_file(fr)], "schlägt", de_sq(to), "und wird eine" if promo == chess.QUEEN else "und wird ein", DE_PIECE[promo]],
                        ({"piece": chess.PAWN} if not cap else {"ffile": chess.square_file(fr)}) | {"to": to, "promo": promo}))
            return out
        if ep:
            fw = DE_FIDE[chess.square_file(fr)]
            out.append(("de.ep.full", "spec", [fw, rng.choice(["schlägt", "nimmt"]), de_sq(to), "en passant"], {"ffile": chess.square_file(fr), "to": to, "capword": True}))
            out.append(("de.ep.noword", "spec", [fw, "schlägt", de_sq(to)], {"ffile": chess.square_file(fr), "to": to, "capword": True}))
            out.append(("de.ep.dest", "spec", [de_sq(to), "en passant"], {"to": to}))
            out.append(("de.ep.from_to", "spec", [de_sq(fr), de_sq(to), "en passant"], {"frm": fr, "to": to}))
            out.append(("de.ep.beyond", "beyond", [DE_DIN[chess.square_file(fr)], "nimmt en passant"], {"ffile": chess.square_file(fr), "to": to}))
            return out
        if cap:
            ff = chess.square_file(fr)
            cw = rng.choice(["schlägt", "nimmt", "x", "mal", "schlägt auf", "nimmt auf", ""])
            fw = rng.choice([DE_FIDE, DE_DIN, DE_LET])[ff]
            out.append(("de.pawncap", "spec", [fw, cw, de_sq(to, sty)], {"ffile": ff, "to": to, "capword": bool(cw)}))
            out.append(("de.pawncap.dest", "spec", [rng.choice(["schlägt", "nimmt"]), de_sq(to, sty)], {"to": to, "capword": True}))
        else:
            out.append(("de.pawn.dest", "spec", [de_sq(to, sty)], {"to": to}))
            out.append(("de.pawn.bauer", "spec", ["Bauer", de_sq(to, sty)], {"piece": chess.PAWN, "to": to}))
            out.append(("de.pawn.from_to", "spec", [de_sq(fr, sty), de_sq(to, sty)], {"frm": fr, "to": to}))
            out.append(("de.pawn.beyond_vor", "beyond", ["Bauer vor auf", de_sq(to, sty)], {"piece": chess.PAWN, "to": to}))
    else:
        capw = rng.choice(["schlägt", "nimmt", "schlägt auf", "nimmt auf", "mal", "x"]) if cap else None
        core = [P] + ([capw] if capw else []) + [de_sq(to, sty)]
        csem = {"capword": True} if cap else {}
        out.append((f"de.piece.dest.{sty}", "spec", core, {"piece": pt, "to": to} | csem))
        if pt != chess.KING or True:
            out.append(("de.piece.auf", "spec", [P, "auf", de_sq(to)], {"piece": pt, "to": to}))
            out.append(("de.piece.nach", "spec", [P, "nach", de_sq(to, "din")], {"piece": pt, "to": to}))
        out.append(("de.piece.von_nach", "spec", [P, "von", de_sq(fr), "nach", de_sq(to)], {"piece": pt, "frm": fr, "to": to}))
        out.append(("de.piece.from_to", "spec", [P, de_sq(fr, "let"), de_sq(to, "let")], {"piece": pt, "frm": fr, "to": to}))
        out.append(("de.origin.from_to", "spec", [de_sq(fr, sty), de_sq(to, sty)], {"frm": fr, "to": to}))
        out.append(("de.origin.sq_nach", "spec", [de_sq(fr), "nach", de_sq(to)], {"frm": fr, "to": to}))
        out.append(("de.origin.von_nach", "spec", ["von", de_sq(fr, "din"), "nach", de_sq(to, "din")], {"frm": fr, "to": to}))
        if cap:
            out.append(("de.piece.capture_alt", "spec", [P, rng.choice(["schlägt", "nimmt", "schlägt auf", "nimmt auf", "mal", "x"]), de_sq(to, "din")], {"piece": pt, "to": to, "capword": True}))
        # disambiguation
        twins = [x for x in b.legal_moves if x.to_square == to and x != m and b.piece_type_at(x.from_square) == pt]
        if twins:
            out.append(("de.ambig.dest", "spec", [P, de_sq(to)], {"piece": pt, "to": to}))
            ff, rr = chess.square_file(fr), chess.square_rank(fr)
            if all(chess.square_file(x.from_square) != ff for x in twins):
                out.append(("de.disamb.file", "spec", [P, rng.choice([DE_FIDE, DE_DIN])[ff], de_sq(to)], {"piece": pt, "ffile": ff, "to": to}))
                out.append(("de.disamb.file_auf", "spec", [P, DE_DIN[ff], "auf", de_sq(to)], {"piece": pt, "ffile": ff, "to": to}))
                if cap:
                    out.append(("de.disamb.file_cap", "spec", [P, DE_FIDE[ff], "schlägt", de_sq(to)], {"piece": pt, "ffile": ff, "to": to, "capword": True}))
            if all(chess.square_rank(x.from_square) != rr for x in twins):
                out.append(("de.disamb.rank", "spec", [P, DE_RANK[rr], de_sq(to)], {"piece": pt, "frank": rr, "to": to}))
            if all(chess.square_file(x.from_square) != ff for x in twins):
                out.append(("de.disamb.file_letter", "spec", [P, DE_LET[ff], de_sq(to, "let")], {"piece": pt, "ffile": ff, "to": to}))
            out.append(("de.disamb.full", "spec", [P, de_sq(fr), de_sq(to)], {"piece": pt, "frm": fr, "to": to}))
        else:
            # nothing but that kind of piece: missing piece?
            out.append(("de.nopiece.dest", "spec", [de_sq(to)], {"to": to}))
        # beyond-spec
        bz = rng.choice([
            (["ich spiele", P, de_sq(to)], "ich spiele"),
            ([P, "zieht nach", de_sq(to)], "zieht nach"),
            ([P, "geht nach", de_sq(to)], "geht nach"),
            ([P, de_sq(to), "bitte schön"], "bitte schön"),
            (["mit der" if pt == chess.QUEEN else "mit dem", P, "nach", de_sq(to)], "mit dem"),
            ([P, chess.square_name(to)], "compact square"),
            ([P, "von", chess.square_name(fr), "auf", chess.square_name(to)], "compact von/auf"),
        ])
        out.append(("de.beyond." + bz[1].replace(" ", "_"), "beyond", bz[0], {"piece": pt, "to": to} | ({"frm": fr} if "von" in bz[1] else {})))
        if cap and b.piece_type_at(to) not in (None, chess.PAWN):
            out.append(("de.beyond.piece_takes_piece", "beyond", [P, "nimmt", DE_PIECE[b.piece_type_at(to)], "auf", de_sq(to)], {"piece": pt, "to": to}))
    return out

def phr_en(b, m):
    pt = b.piece_type_at(m.from_square)
    P = EN_PIECE[pt]
    cap = b.is_capture(m); ep = b.is_en_passant(m); cast = b.is_castling(m)
    fr, to = m.from_square, m.to_square
    out = []
    if cast:
        side = "K" if b.is_kingside_castling(m) else "Q"
        words = {"K": ["castles kingside", "castle kingside", "short castle", "castles short", "king side castle"],
                 "Q": ["castles queenside", "castle queenside", "long castle", "castles long", "queen side castle"]}[side]
        for w in words:
            out.append(("en.castle.words", "spec", [w], {"castle": side}))
        out.append(("en.castle.king_to", "spec", ["king", en_sq(to, rankstyle=rng.choice(["std", "homo"]))], {"piece": chess.KING, "to": to}))
        out.append(("en.castle.fill", "spec", ["um", words[0], "please"], {"castle": side}))
        out.append(("en.castle.beyond", "beyond", [rng.choice(["castling kingside", "castle short", "O-O", "I castle kingside"] if side == "K"
                                                             else ["castling queenside", "castle long", "O-O-O", "I castle queenside"])], {"castle": side}))
        return out
    sty = rng.choice(["let", "nato", "let"])
    if pt == chess.PAWN:
        if m.promotion:
            pr = EN_PIECE[m.promotion]
            pw = rng.choice(["promotes to", "equals", "promoting to a", "promotion", "promotes", "to a", ""])
            if cap:
                out.append(("en.promo.capture", "spec", [EN_LET[chess.square_file(fr)], "takes", en_sq(to), pw, pr], {"ffile": chess.square_file(fr), "to": to, "promo": m.promotion, "capword": True}))
            else:
                out.append(("en.promo.pawn", "spec", ["pawn", en_sq(to, sty), pw, pr], {"piece": chess.PAWN, "to": to, "promo": m.promotion}))
                out.append(("en.promo.pawn_to", "spec", ["pawn to", en_sq(to), "promoting to a", pr], {"piece": chess.PAWN, "to": to, "promo": m.promotion}))
                out.append(("en.promo.dest", "spec", [en_sq(to, sty), rng.choice(["equals", ""]), pr], {"to": to, "promo": m.promotion}))
                out.append(("en.promo.missing", "spec", [en_sq(to, sty)], {"to": to}))
                out.append(("en.promo.beyond_compact", "beyond", [chess.square_name(to), pr], {"to": to, "promo": m.promotion}))
                out.append(("en.promo.beyond_becomes", "beyond", ["pawn to", en_sq(to), rng.choice(["and promotes to a", "becomes a", "and queens" if m.promotion == chess.QUEEN else "under-promotes to a"]) , pr if m.promotion != chess.QUEEN or True else ""],
                            {"piece": chess.PAWN, "to": to, "promo": m.promotion}))
            out.append(("en.promo.from_to", "spec", [en_sq(fr), en_sq(to), pr], {"frm": fr, "to": to, "promo": m.promotion}))
            return out
        if ep:
            out.append(("en.ep.full", "spec", [EN_LET[chess.square_file(fr)], "takes", en_sq(to), "en passant"], {"ffile": chess.square_file(fr), "to": to, "capword": True}))
            out.append(("en.ep.dest", "spec", ["takes", en_sq(to), "en passant"], {"to": to, "capword": True}))
            out.append(("en.ep.beyond", "beyond", [rng.choice(["pawn takes en passant", EN_LET[chess.square_file(fr)] + " takes en passant"])],
                        {"to": to} | ({} if False else {})))
            return out
        if cap:
            ff = chess.square_file(fr)
            cw = rng.choice(["takes", "captures", "x", "takes on"])
            out.append(("en.pawncap", "spec", [rng.choice([EN_LET, EN_NATO])[ff], cw, en_sq(to, sty)], {"ffile": ff, "to": to, "capword": True}))
            out.append(("en.pawncap.pawn_takes", "spec", ["pawn takes", en_sq(to)], {"piece": chess.PAWN, "to": to, "capword": True}))
        else:
            out.append(("en.pawn.dest", "spec", [en_sq(to, sty)], {"to": to}))
            out.append(("en.pawn.pawn", "spec", ["pawn", en_sq(to, sty)], {"piece": chess.PAWN, "to": to}))
            out.append(("en.pawn.pawn_to", "spec", ["pawn to", en_sq(to)], {"piece": chess.PAWN, "to": to}))
            out.append(("en.pawn.from_to", "spec", [en_sq(fr, sty), en_sq(to, sty)], {"frm": fr, "to": to}))
            out.append(("en.pawn.fide", "spec", [en_sq(to, "fide", "de")], {"to": to}))
            if chess.square_rank(to) in EN_RHOMO:
                out.append(("en.pawn.homophone", "spec", ["pawn to", en_sq(to, rankstyle="homo")], {"piece": chess.PAWN, "to": to}))
    else:
        cw = rng.choice(["takes", "captures", "takes on", "x"]) if cap else None
        out.append((f"en.piece.dest.{sty}", "spec", [P] + ([cw] if cw else []) + [en_sq(to, sty)], {"piece": pt, "to": to} | ({"capword": True} if cap else {})))
        out.append(("en.piece.to", "spec", [P, "to", en_sq(to)], {"piece": pt, "to": to}))
        out.append(("en.piece.from_to", "spec", [P, "from", en_sq(fr), "to", en_sq(to)], {"piece": pt, "frm": fr, "to": to}))
        out.append(("en.origin.from_to", "spec", [en_sq(fr, sty), en_sq(to, sty)], {"frm": fr, "to": to}))
        out.append(("en.origin.sq_to_sq", "spec", [en_sq(fr), "to", en_sq(to)], {"frm": fr, "to": to}))
        out.append(("en.piece.fide_en", "spec", [P, en_sq(to, "fide")], {"piece": pt, "to": to}))
        out.append(("en.piece.fide_de", "spec", [P, "to", en_sq(to, "fide", "de")], {"piece": pt, "to": to}))
        f = chess.square_file(to)
        if f in EN_HOMO:
            out.append(("en.piece.homophone_file", "spec", [P, en_sq(to, "homo")], {"piece": pt, "to": to}))
        if chess.square_rank(to) in EN_RHOMO:
            out.append(("en.piece.homophone_rank", "spec", [P, "to", en_sq(to, rankstyle="homo")], {"piece": pt, "to": to}))
        if chess.square_rank(to) == 1:
            out.append(("en.piece.to_to", "spec", [P, "to", EN_LET[f], "to"], {"piece": pt, "to": to}))
        fl = rng.choice(EN_FILL[:3])
        if chess.square_rank(to) in EN_RHOMO:
            out.append(("en.fill.inside_square_homophone", "spec", [P, "to", EN_LET[f], fl, EN_RHOMO[chess.square_rank(to)]], {"piece": pt, "to": to}))
        out.append(("en.fill.inside_square_plain", "spec", [P, "to", EN_LET[f], fl, EN_RANK[chess.square_rank(to)]], {"piece": pt, "to": to}))
        if cap:
            out.append(("en.piece.capture_alt", "spec", [P, rng.choice(["takes", "captures", "takes on", "x"]), en_sq(to)], {"piece": pt, "to": to, "capword": True}))
        twins = [x for x in b.legal_moves if x.to_square == to and x != m and b.piece_type_at(x.from_square) == pt]
        if twins:
            out.append(("en.ambig.dest", "spec", [P, "to", en_sq(to)], {"piece": pt, "to": to}))
            ff, rr = chess.square_file(fr), chess.square_rank(fr)
            if all(chess.square_file(x.from_square) != ff for x in twins):
                out.append(("en.disamb.file", "spec", [P, EN_LET[ff], en_sq(to)], {"piece": pt, "ffile": ff, "to": to}))
            if all(chess.square_rank(x.from_square) != rr for x in twins):
                out.append(("en.disamb.rank", "spec", [P, EN_RANK[rr], en_sq(to)], {"piece": pt, "frank": rr, "to": to}))
                if rr in EN_RHOMO:
                    out.append(("en.disamb.rank_homophone", "spec", [P, EN_RHOMO[rr], en_sq(to, rng.choice(["let", "nato"]))], {"piece": pt, "frank": rr, "to": to}))
                out.append(("en.disamb.rank_de", "spec", [P, DE_RANK[rr], en_sq(to)], {"piece": pt, "frank": rr, "to": to}))
            if all(chess.square_file(x.from_square) != ff for x in twins):
                out.append(("en.disamb.file_homophone", "spec", [P, EN_HOMO.get(ff, EN_NATO[ff]), en_sq(to, "homo", "homo")], {"piece": pt, "ffile": ff, "to": to}))
        else:
            out.append(("en.nopiece.dest", "spec", [en_sq(to)], {"to": to}))
        bz = rng.choice([
            (["I play", P, en_sq(to)], "i_play"),
            ([P, "goes to", en_sq(to)], "goes_to"),
            (["move", P, "to", en_sq(to)], "move_to"),
            (["my", P, "to", en_sq(to)], "my"),
            ([P, "to", chess.square_name(to)], "compact"),
            ([chess.Board.san(b, m).replace("+", "").replace("#", "")], "san"),
            ([P, "on", en_sq(fr), "to", en_sq(to)], "on_to"),
        ])
        out.append(("en.beyond." + bz[1], "beyond", bz[0], {"piece": pt, "to": to} | ({"frm": fr} if bz[1] == "on_to" else {})))
        if cap and b.piece_type_at(to) not in (None, chess.PAWN):
            out.append(("en.beyond.piece_takes_piece", "beyond", [P, "takes", EN_PIECE[b.piece_type_at(to)], "on", en_sq(to)], {"piece": pt, "to": to}))
    return out

def decorate(b, m, lang, items):
    """Emit the base phrasings, plus variants with fillers / check words / case / spelling."""
    for pat, cat, units, sem in items:
        add(b, pat, cat, " ".join(units), lang, sem)
    # decorated variants of a random subset
    spec_items = [x for x in items if x[1] == "spec"]
    if not spec_items: return
    gives_check = b.gives_check(m)
    b2 = b.copy(); b2.push(m); mate = b2.is_checkmate()
    for pat, cat, units, sem in rng.sample(spec_items, min(2, len(spec_items))):
        add(b, "fill." + lang, "spec", with_fillers(units, DE_FILL if lang == "de" else EN_FILL), lang, sem, note=pat)
    pat, cat, units, sem = rng.choice(spec_items)
    if lang == "de":
        chk = "Schachmatt" if mate and rng.random() < 0.5 else ("Matt" if mate else rng.choice(["Schach", "mit Schach"]))
    else:
        chk = "checkmate" if mate and rng.random() < 0.5 else ("mate" if mate else rng.choice(["check", "with check"]))
    tag = "true" if gives_check else "false"
    add(b, f"check.{lang}.{tag}", "spec", " ".join(units) + " " + chk, lang, sem, note=pat)
    pat, cat, units, sem = rng.choice(spec_items)
    add(b, f"case.{lang}", "spec", mixcase(" ".join(units)), lang, sem, note=pat)
    if lang == "de":
        pat, cat, units, sem = rng.choice(spec_items)
        t = " ".join(units)
        t2 = umlaut_free(t).replace("fünf", "fuenf")
        if t2 != t:
            add(b, "de.umlautfree", "spec", t2, lang, sem, note=pat)
        if "zwei" in t:
            add(b, "de.zwo", "spec", t.replace("zwei", "zwo"), lang, sem, note=pat)
    if rng.random() < 0.15:
        add(b, f"beyond.{lang}.filler_inside_unit", "beyond",
            with_fillers(" ".join(units).split(), DE_FILL if lang == "de" else EN_FILL, 1), lang, sem, note=pat)

def negatives(b, lang):
    """Illegal / incomplete-piece / pinned readings."""
    lm = list(b.legal_moves)
    # a piece word naming a piece that cannot reach a square
    for _ in range(2):
        pt = rng.choice([chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING])
        sq = rng.choice(chess.SQUARES)
        if any(x.to_square == sq and b.piece_type_at(x.from_square) == pt for x in lm):
            continue
        if b.color_at(sq) == b.turn: continue
        if lang == "de":
            add(b, "de.illegal.piece", "spec", f"{DE_PIECE[pt]} {de_sq(sq, rng.choice(['fide','din']))}", lang, {"piece": pt, "to": sq})
        else:
            add(b, "en.illegal.piece", "spec", f"{EN_PIECE[pt]} to {en_sq(sq)}", lang, {"piece": pt, "to": sq})
        break
    # destination only with no pawn able: incomplete piece (or illegal)
    pawn_to = {x.to_square for x in b.generate_pseudo_legal_moves() if b.piece_type_at(x.from_square) == chess.PAWN}
    piece_only = sorted({x.to_square for x in lm if b.piece_type_at(x.from_square) != chess.PAWN} - pawn_to)
    if piece_only:
        sq = rng.choice(piece_only)
        if lang == "de":
            add(b, "de.incomplete.piece", "spec", de_sq(sq, rng.choice(["fide", "din", "let"])), lang, {"to": sq})
        else:
            add(b, "en.incomplete.piece", "spec", en_sq(sq, rng.choice(["let", "nato"])), lang, {"to": sq})
    # pawn pseudo-legal but not legal (pinned / in check)
    legal_pawn_to = {x.to_square for x in lm if b.piece_type_at(x.from_square) == chess.PAWN}
    blocked = sorted(pawn_to - legal_pawn_to)
    if blocked:
        sq = rng.choice(blocked)
        if lang == "de":
            add(b, "de.illegal.pawn_not_legal", "spec", de_sq(sq), lang, {"to": sq})
        else:
            add(b, "en.illegal.pawn_not_legal", "spec", en_sq(sq), lang, {"to": sq})

def main():
    positions = pick_positions(150)
    for i, fen in enumerate(positions):
        b = chess.Board(fen)
        lm = list(b.legal_moves)
        special = [m for m in lm if m.promotion or b.is_en_passant(m) or b.is_castling(m)]
        twins = [m for m in lm if b.piece_type_at(m.from_square) != chess.PAWN and
                 any(x != m and x.to_square == m.to_square and b.piece_type_at(x.from_square) == b.piece_type_at(m.from_square) for x in lm)]
        picks = []
        if special: picks.append(rng.choice(special))
        if twins: picks.append(rng.choice(twins))
        pcap = [m for m in lm if b.piece_type_at(m.from_square) == chess.PAWN and b.is_capture(m) and not m.promotion]
        ppush = [m for m in lm if b.piece_type_at(m.from_square) == chess.PAWN and not b.is_capture(m) and not m.promotion]
        if pcap: picks.append(rng.choice(pcap))
        if ppush and rng.random() < 0.6: picks.append(rng.choice(ppush))
        picks += rng.sample(lm, min(len(lm), 2))
        seen = set()
        for j, m in enumerate(picks):
            if m in seen: continue
            seen.add(m)
            lang = "de" if (i + j) % 2 == 0 else "en"
            items = phr_de(b, m, 0) if lang == "de" else phr_en(b, m)
            # keep the line count bounded: all special/twin phrasings, a sample of plain ones
            if not (m.promotion or b.is_en_passant(m) or b.is_castling(m) or m in twins):
                sp = [x for x in items if x[1] == "spec"]; bz = [x for x in items if x[1] != "spec"]
                items = rng.sample(sp, min(len(sp), 5)) + bz
            decorate(b, m, lang, items)
        negatives(b, "de" if i % 2 == 0 else "en")
    with open(os.path.join(HERE, "probe.jsonl"), "w") as f:
        for L in LINES:
            f.write(json.dumps({"fen": L["fen"], "heard": L["heard"], "lang": L["lang"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "probe_meta.jsonl"), "w") as f:
        for L in LINES:
            f.write(json.dumps(L, ensure_ascii=False) + "\n")
    print(len(positions), "positions,", len(LINES), "lines")

if __name__ == "__main__":
    main()
