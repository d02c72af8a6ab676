#!/usr/bin/env python3
"""Hand-made edge cases (in-spec, unclear, beyond-spec) for `rochade interpret`.
Writes edge.jsonl and edge_meta.jsonl.  Expected values are hand-derived from
SPOKEN-MOVES.md; every expected move / candidate is checked for legality here."""
import json, os, chess
HERE = os.path.dirname(os.path.abspath(__file__))
START = chess.STARTING_FEN

def mv(u): return {"status": "move", "uci": u}
def amb(*c): return {"status": "ambiguous", "candidates": sorted(c)}
def inc_pr(*c): return {"status": "incomplete", "missing": "promotion", "candidates": sorted(c)}
def inc_pc(*c): return {"status": "incomplete", "missing": "piece", "candidates": sorted(c)}
ILL = {"status": "illegal"}
NU = {"status": "not_understood"}
def cmd(c): return {"status": "command", "command": c}
def pr4(u): return [u + p for p in "qrbn"]

# positions
TWO_N_E4 = "4k3/8/8/8/8/2N5/3N4/4K3 w - - 0 1"        # knights c3, d2 both reach e4
ONE_N_E4 = "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1"
A_PAWN = "4k3/P7/8/8/8/8/8/R3K3 w - - 0 1"              # a7 promotes; rook a1
TWO_PROMO = "3rk3/2P1P3/8/8/8/8/8/4K3 w - - 0 1"         # c7xd8, e7xd8
PROMO_BLACK = "4k3/8/8/8/8/8/3p4/2R4K b - - 0 1"        # d2-d1 or dxc1 -- d1 next to king e1
PIN_N = "4r2k/8/8/8/8/8/4N3/1N2K3 w - - 0 1"            # Ne2 pinned; Nb1 reaches c3
PIN_P = "4k3/8/8/1b6/8/2N5/4P3/5K2 w - - 0 1"            # e2 pinned by Bb5; Nc3 reaches e4
KNIGHT_D5 = "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1"
EP2 = "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1"               # c5xd6 and e5xd6 e.p.
EP1 = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
CASTLE_W = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
CASTLE_B = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1"
NO_RIGHTS = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1"
CASTLE_INCHECK = "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1"      # Re2 checks? e2 rook adjacent -> check
THRU_CHECK = "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"          # f-file attacked: O-O illegal, O-O-O legal
KING_F1 = "4k3/8/8/8/8/8/8/5K2 w - - 0 1"
MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
STALE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
ROOKS = "4k3/8/8/8/8/8/8/R2K3R w - - 0 1"               # Ra1, Rh1 both reach b1..g1? king d1 blocks
ROOKS2 = "k7/8/8/8/4R3/8/8/4R1K1 w - - 0 1"            # Re1, Re4 both reach e2/e3
ROOKS3 = "6k1/8/8/8/8/8/8/R4RK1 w - - 0 1"              # Ra1, Rf1 both reach b1..e1
BLACK_D3 = "4k3/8/8/8/8/3p4/8/7K b - - 0 1"              # ...d2
KING_E2 = "4k3/8/8/8/8/8/4K3/8 w - - 0 1"
CAPT_NF3 = "4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1"           # Nxf3
TWO_PAWNS_D5 = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1"     # cxd5, exd5

L = []
def t(pat, cat, fen, heard, exp, lang="de", note=None, alt=None):
    b = chess.Board(fen)
    assert b.is_valid(), fen
    legal = {m.uci() for m in b.legal_moves}
    for u in ([exp["uci"]] if "uci" in exp else exp.get("candidates", [])):
        assert u in legal, (fen, heard, u)
    L.append({"fen": fen, "heard": heard, "lang": lang, "pattern": pat, "cat": cat, "expect": exp, "note": note, "alt": alt})

# ---- A. "to" vs "two"
t("en.to_vs_two", "spec", TWO_N_E4, "knight to e four", amb("c3e4", "d2e4"), "en")
t("en.to_vs_two", "spec", TWO_N_E4, "knight two e four", mv("d2e4"), "en")
t("en.to_vs_two", "spec", TWO_N_E4, "knight to e for", amb("c3e4", "d2e4"), "en")
t("en.to_vs_two", "spec", ONE_N_E4, "knight to e four", mv("d2e4"), "en")
t("en.to_vs_two", "unclear", TWO_N_E4, "knight too e four", mv("d2e4"), "en", "too as rank-2 disambiguation")
t("en.to_vs_two", "spec", TWO_N_E4, "knight c e four", mv("c3e4"), "en")
t("en.to_vs_two", "spec", TWO_N_E4, "knight see e for", mv("c3e4"), "en")
t("en.to_vs_two", "spec", TWO_N_E4, "knight dee e four", mv("d2e4"), "en")
t("en.to_vs_two", "spec", TWO_N_E4, "knight d to e four", mv("d2e4"), "en", "origin d2 with homophone 'to' after file, form 2")
t("en.to_vs_two", "spec", TWO_N_E4, "knight from d two to e four", mv("d2e4"), "en")
t("en.to_vs_two", "spec", TWO_N_E4, "knight from d to to e four", mv("d2e4"), "en")
# ---- B. file a vs article "a" / promotion word "to a"
t("en.file_a", "spec", A_PAWN, "pawn to a eight promoting to a queen", mv("a7a8q"), "en")
t("en.file_a", "spec", A_PAWN, "a eight queen", mv("a7a8q"), "en")
t("en.file_a", "spec", A_PAWN, "a ate queen", mv("a7a8q"), "en")
t("en.file_a", "spec", A_PAWN, "a eight to a knight", mv("a7a8n"), "en")
t("en.file_a", "spec", A_PAWN, "a eight equals rook", mv("a7a8r"), "en")
t("en.file_a", "spec", A_PAWN, "a eight", inc_pr(*pr4("a7a8")), "en")
t("en.file_a", "spec", A_PAWN, "a seven a eight queen", mv("a7a8q"), "en")
t("en.file_a", "spec", A_PAWN, "rook to a four", mv("a1a4"), "en")
t("en.file_a", "spec", A_PAWN, "rook a four", mv("a1a4"), "en")
t("en.file_a", "spec", A_PAWN, "rook to a too", mv("a1a2"), "en")
t("en.file_a", "spec", A_PAWN, "rook a one a six", mv("a1a6"), "en")
t("en.file_a", "spec", A_PAWN, "pawn a eight promotes to a bishop", mv("a7a8b"), "en")
t("en.file_a", "spec", A_PAWN, "alpha eight queen", mv("a7a8q"), "en")
t("de.file_a", "spec", A_PAWN, "a acht Dame", mv("a7a8q"), "de")
t("de.file_a", "spec", A_PAWN, "Turm a vier", mv("a1a4"), "de")
t("de.file_a", "spec", A_PAWN, "Anton acht wird zum Springer", mv("a7a8n"), "de")
# ---- C. two pawns promote on the same square
t("promo.two_pawns", "spec", TWO_PROMO, "David acht Dame", amb("c7d8q", "e7d8q"))
t("promo.two_pawns", "spec", TWO_PROMO, "d eight queen", amb("c7d8q", "e7d8q"), "en")
t("promo.two_pawns", "spec", TWO_PROMO, "Cäsar schlägt David acht Dame", mv("c7d8q"))
t("promo.two_pawns", "spec", TWO_PROMO, "Eva nimmt David acht Springer", mv("e7d8n"))
t("promo.two_pawns", "spec", TWO_PROMO, "Cäsar schlägt David acht", inc_pr(*pr4("c7d8")))
t("promo.two_pawns", "spec", TWO_PROMO, "c takes d eight", inc_pr(*pr4("c7d8")), "en")
t("promo.two_pawns", "unclear", TWO_PROMO, "David acht", amb(*(pr4("c7d8") + pr4("e7d8"))), "de", "ambiguous per spec; candidate list (8?) unclear")
t("promo.two_pawns", "spec", TWO_PROMO, "Eva sieben David acht Turm", mv("e7d8r"))
t("promo.two_pawns", "spec", TWO_PROMO, "Eva acht Dame", mv("e7e8q") if False else ILL, "de", "e8 occupied by king: no pawn move")
# ---- D. promotion word without piece
t("promo.word_no_piece", "spec", A_PAWN, "Anna acht Umwandlung", inc_pr(*pr4("a7a8")))
t("promo.word_no_piece", "spec", A_PAWN, "Bauer Anna acht wird", inc_pr(*pr4("a7a8")))
t("promo.word_no_piece", "spec", A_PAWN, "a eight promotes", inc_pr(*pr4("a7a8")), "en")
t("promo.word_no_piece", "spec", A_PAWN, "pawn a eight promotion", inc_pr(*pr4("a7a8")), "en")
t("promo.black", "spec", PROMO_BLACK, "David eins Dame", mv("d2d1q"))
t("promo.black", "spec", PROMO_BLACK, "David schlägt Cäsar eins Springer", mv("d2c1n"))
t("promo.black", "spec", PROMO_BLACK, "d takes c won queen", mv("d2c1q"), "en")
t("promo.black", "spec", PROMO_BLACK, "d won queen", mv("d2d1q"), "en")
t("promo.black", "beyond", PROMO_BLACK, "Umwandlung in Dame David eins", mv("d2d1q"), "de", "promotion words before the square")
t("promo.black", "spec", PROMO_BLACK, "Dora eins Dame Schach", mv("d2d1q"))
# ---- E. capture word on a non-capture
t("capword.noncapture", "unclear", START, "Springer schlägt Felix drei", mv("g1f3"), "de", "spec example of 'capture words in any form'; is it legal on a non-capture?")
t("capword.noncapture", "unclear", START, "knight takes f three", mv("g1f3"), "en")
t("capword.capture", "spec", CAPT_NF3, "Springer schlägt Felix drei", mv("g1f3"))
t("capword.capture", "spec", CAPT_NF3, "Springer Gustav eins schlägt Felix drei", mv("g1f3"))
t("capword.capture", "spec", CAPT_NF3, "knight g one takes f three", mv("g1f3"), "en")
t("capword.capture", "spec", CAPT_NF3, "knight from g one takes on f three", mv("g1f3"), "en")
t("capword.capture", "spec", CAPT_NF3, "Felix drei", inc_pc("e1f2", "g1f3") if False else inc_pc("g1f3"), "de", "no pawn; only the knight (king f2 is attacked by f3 pawn? no)")
# ---- F. castling
for fen, side in ((CASTLE_W, "w"), (CASTLE_B, "b")):
    r = "1" if side == "w" else "8"; rw = "eins" if side == "w" else "acht"; re = "one" if side == "w" else "eight"
    k, q = f"e{r}g{r}", f"e{r}c{r}"
    t("castle.origin", "spec", fen, f"Eva {rw} Gustav {rw}", mv(k))
    t("castle.origin", "spec", fen, f"von Eva {rw} nach Cäsar {rw}", mv(q))
    t("castle.origin", "spec", fen, f"König Emil {rw} Cäsar {rw}", mv(q))
    t("castle.king", "spec", fen, f"König Cäsar {rw}", mv(q))
    t("castle.king", "spec", fen, f"king c {re}", mv(q), "en")
    t("castle.king", "spec", fen, f"king to g {re}", mv(k), "en")
    t("castle.words", "spec", fen, "grosse Rochade", mv(q))
    t("castle.words", "spec", fen, "Große Rochade", mv(q))
    t("castle.words", "spec", fen, "kleine Rochade Schach", mv(k))
    t("castle.words", "spec", fen, "queen side castle", mv(q), "en")
    t("castle.words", "spec", fen, "castles queenside", mv(q), "en")
    t("castle.words", "beyond", fen, "castles king side", mv(k), "en")
    t("castle.words", "beyond", fen, "castle on the kingside", mv(k), "en")
    t("castle.words", "beyond", fen, "kingside castling", mv(k), "en")
    t("castle.words", "beyond", fen, "queenside castling", mv(q), "en")
    t("castle.words", "beyond", fen, "long castling", mv(q), "en")
    t("castle.words", "beyond", fen, "short castling", mv(k), "en")
    t("castle.words", "beyond", fen, "Rochade kurze", mv(k))
    t("castle.words", "beyond", fen, "kurz rochieren", mv(k))
    t("castle.words", "beyond", fen, "ich rochiere lang", mv(q))
    t("castle.words", "beyond", fen, "null null", mv(k))
    t("castle.words", "beyond", fen, "null null null", mv(q))
    t("castle.words", "beyond", fen, "Rochade", amb(k, q))
    t("castle.words", "beyond", fen, "O-O", mv(k), "en")
    t("castle.words", "beyond", fen, "0-0-0", mv(q), "en")
t("castle.illegal", "spec", NO_RIGHTS, "kurze Rochade", ILL)
t("castle.illegal", "spec", NO_RIGHTS, "castles queenside", ILL, "en")
t("castle.illegal", "spec", NO_RIGHTS, "König Gustav eins", ILL, "de", "no right: king e1 cannot reach g1")
t("castle.illegal", "spec", CASTLE_INCHECK, "kurze Rochade", ILL)
t("castle.illegal", "spec", CASTLE_INCHECK, "long castle", ILL, "en")
t("castle.illegal", "spec", THRU_CHECK, "kurze Rochade", ILL)
t("castle.illegal", "spec", THRU_CHECK, "König Gustav eins", ILL)
t("castle.illegal", "spec", THRU_CHECK, "lange Rochade", mv("e1c1"))
t("castle.illegal", "spec", CASTLE_B, "kurze Rochade Schach", mv("e8g8"))
t("castle.king_f1", "spec", KING_F1, "König Gustav eins", mv("f1g1"))
t("castle.king_f1", "spec", KING_F1, "kurze Rochade", ILL)
# ---- G. game over
t("gameover", "spec", MATED, "Eva drei", ILL)
t("gameover", "spec", MATED, "Springer Felix drei", ILL)
t("gameover", "spec", MATED, "Zeit", cmd("time"))
t("gameover", "spec", MATED, "resign", cmd("resign"), "en")
t("gameover", "spec", STALE, "König Gustav acht", ILL)
t("gameover", "spec", STALE, "Remis", cmd("draw"))
t("gameover", "spec", STALE, "help", cmd("help"), "en")
# ---- H. commands and chatter
C = [("Zeit", "time", "de"), ("äh Zeit bitte", "time", "de"), ("Uhr", "time", "de"), ("Wie viel Zeit habe ich noch", "time", "de"),
     ("how much time do I have", "time", "en"), ("uh time please", "time", "en"),
     ("Züge", "moves", "de"), ("Zugzahl bitte", "moves", "de"), ("move count", "moves", "en"),
     ("Wiederholen", "repeat", "de"), ("Wie bitte", "repeat", "de"), ("say again", "repeat", "en"), ("um repeat", "repeat", "en"),
     ("Korrektur", "correction", "de"), ("correction", "correction", "en"),
     ("Ja", "yes", "de"), ("ja bitte", "yes", "de"), ("Richtig", "yes", "de"), ("yes", "yes", "en"), ("confirm", "yes", "en"),
     ("Nein", "no", "de"), ("Abbrechen", "no", "de"), ("no", "no", "en"), ("cancel", "no", "en"),
     ("Remis", "draw", "de"), ("also Remis", "draw", "de"), ("draw", "draw", "en"),
     ("Aufgabe", "resign", "de"), ("Ich gebe auf", "resign", "de"), ("resign", "resign", "en"),
     ("Hilfe", "help", "de"), ("help", "help", "en"), ("äh Hilfe", "help", "de")]
for h, c, lg in C:
    t("command", "spec", START, h, cmd(c), lg)
CB = [("Remis?", "draw", "de"), ("Wie viel Zeit habe ich noch?", "time", "de"), ("Wie bitte?", "repeat", "de"), ("ich biete Remis an", "draw", "de"), ("Remis angenommen", "draw", "de"), ("I offer a draw", "draw", "en"),
      ("what time is it on my clock", "time", "en"), ("wie viel Zeit hat mein Gegner", "time", "de"), ("I resign", "resign", "en"),
      ("can you repeat that", "repeat", "en"), ("noch mal bitte", "repeat", "de"), ("how many moves", "moves", "en"),
      ("wie viele Züge noch", "moves", "de"), ("Moment, Korrektur", "correction", "de"), ("I accept the draw", "draw", "en")]
for h, c, lg in CB:
    t("command.beyond", "beyond", START, h, cmd(c), lg)
for h, lg in [("Mein Name ist Peter", "de"), ("no worries", "en"), ("Einen Kaffee bitte", "de"), ("Entschuldigung", "de"),
              ("Guten Tag", "de"), ("good luck", "en"), ("Wo ist die Toilette", "de"), ("nice game", "en"), ("Danke", "de"),
              ("thank you", "en"), ("Ich muss mal kurz weg", "de"), ("that was a long game", "en"), ("Schach", "de"), ("check", "en"),
              ("äh", "de"), ("um", "en"), ("Zeitnot ist schlimm", "de"), ("no idea", "en")]:
    t("chatter", "unclear" if h in ("Schach", "check", "äh", "um") else "spec", START, h, NU, lg)
# ---- I. pins
t("pin", "spec", PIN_N, "Springer Cäsar drei", mv("b1c3"))
t("pin", "spec", PIN_N, "knight to c three", mv("b1c3"), "en")
t("pin", "spec", PIN_N, "Springer Eva zwei Cäsar drei", ILL)
t("pin", "spec", PIN_N, "Springer Eva Cäsar drei", ILL)
t("pin", "spec", PIN_P, "Emil vier", ILL, "de", "pawn could, but pinned; knight could legally: spec says illegal")
t("pin", "spec", PIN_P, "e four", ILL, "en")
t("pin", "spec", PIN_P, "Emil drei", ILL)
t("pin", "spec", PIN_P, "Bauer Emil vier", ILL)
t("pin", "spec", PIN_P, "Springer Emil vier", mv("c3e4"))
# ---- J. explicit Bauer
t("bauer.explicit", "spec", KNIGHT_D5, "Bauer David fünf", ILL)
t("bauer.explicit", "spec", KNIGHT_D5, "pawn d five", ILL, "en")
t("bauer.explicit", "spec", KNIGHT_D5, "David fünf", inc_pc("c3d5"))
t("bauer.explicit", "spec", KNIGHT_D5, "d five", inc_pc("c3d5"), "en")
t("bauer.explicit", "spec", KNIGHT_D5, "Eva zwei", inc_pc("c3e2", "e1e2"))
t("bauer.explicit", "spec", TWO_PAWNS_D5, "Bauer schlägt David fünf", amb("c4d5", "e4d5"))
t("bauer.explicit", "spec", TWO_PAWNS_D5, "schlägt David fünf", amb("c4d5", "e4d5"))
t("bauer.explicit", "spec", TWO_PAWNS_D5, "David fünf", amb("c4d5", "e4d5"))
t("bauer.explicit", "spec", TWO_PAWNS_D5, "pawn takes d five", amb("c4d5", "e4d5"), "en")
t("bauer.explicit", "spec", TWO_PAWNS_D5, "c takes d five", mv("c4d5"), "en")
t("bauer.explicit", "spec", TWO_PAWNS_D5, "Zäsar nimmt Dora fünf", mv("c4d5"))
t("bauer.explicit", "spec", TWO_PAWNS_D5, "Bauer Emil schlägt David fünf", mv("e4d5"), "de", "piece file capture file rank with Bauer")
# ---- K/L. origin names the piece
t("origin", "spec", START, "Läufer Gustav eins Felix drei", ILL)
t("origin", "spec", START, "Springer Felix eins Eva zwei", ILL)
t("origin", "spec", START, "Gustav eins Felix drei", mv("g1f3"))
t("origin", "spec", START, "g one f three", mv("g1f3"), "en")
t("origin", "spec", START, "Eva drei Eva vier", ILL)
t("origin", "spec", START, "Eva zwei Eva vier", mv("e2e4"))
t("origin", "spec", START, "Emil zwo Emil vier", mv("e2e4"))
t("origin", "spec", START, "e too e for", mv("e2e4"), "en")
t("origin", "spec", START, "echo two echo four", mv("e2e4"), "en")
t("origin", "spec", START, "ge eins ef drei", mv("g1f3"))
t("origin", "spec", START, "Springer ge eins ef drei", mv("g1f3"))
t("origin", "spec", START, "Springer Gustav eins nach Felix drei", mv("g1f3"))
t("origin", "beyond", START, "Springer von Gustav eins auf Felix drei", mv("g1f3"))
t("origin", "beyond", START, "Springer Gustav eins auf Felix drei", mv("g1f3"))
t("origin", "spec", START, "from g one to f three", mv("g1f3"), "en")
t("origin", "spec", START, "g one to f three", mv("g1f3"), "en")
t("origin", "spec", START, "knight g one f three", mv("g1f3"), "en")
# ---- M. English homophones for pawns / kings
t("en.homophone", "spec", BLACK_D3, "d too", mv("d3d2"), "en")
t("en.homophone", "spec", BLACK_D3, "pawn to d too", mv("d3d2"), "en")
t("en.homophone", "unclear", BLACK_D3, "d to", mv("d3d2"), "en", "'to' directly after a file name = rank")
t("en.homophone", "spec", BLACK_D3, "pawn d two", mv("d3d2"), "en")
t("en.homophone", "spec", KING_E2, "king e won", mv("e2e1"), "en")
t("en.homophone", "spec", KING_E2, "king to e won", mv("e2e1"), "en")
t("en.homophone", "spec", KING_E2, "king to dee won", mv("e2d1"), "en")
t("en.homophone", "spec", KING_E2, "king to eff too", mv("e2f2"), "en")
t("en.homophone", "spec", START, "e for", mv("e2e4"), "en")
t("en.homophone", "spec", START, "pawn to e for", mv("e2e4"), "en")
t("en.homophone", "spec", START, "knight to eff three", mv("g1f3"), "en")
t("en.homophone", "spec", START, "knight to see three", mv("b1c3"), "en")
t("en.homophone", "spec", START, "see for", mv("c2c4"), "en")
t("en.homophone", "spec", START, "bee for", mv("b2b4"), "en")
t("en.homophone", "spec", START, "aitch for", mv("h2h4"), "en")
t("en.homophone", "spec", START, "gee for", mv("g2g4"), "en")
t("en.homophone", "spec", START, "knight f drei", mv("g1f3"), "en")
t("en.homophone", "spec", START, "e vier", mv("e2e4"), "en")
t("en.homophone", "spec", START, "Eva vier", mv("e2e4"), "en")
t("en.homophone", "spec", START, "knight to Felix three", mv("g1f3"), "en")
t("en.homophone", "spec", START, "Felix drei", inc_pc("g1f3") if False else mv("f2f3"), "en", "pawn f2-f3 exists")
# ---- N. en passant
t("ep", "spec", EP2, "takes d six en passant", amb("c5d6", "e5d6"), "en")
t("ep", "spec", EP2, "David sechs en passant", amb("c5d6", "e5d6"))
t("ep", "spec", EP2, "Cäsar schlägt David sechs en passant", mv("c5d6"))
t("ep", "spec", EP2, "e x d six en passant", mv("e5d6"), "en")
t("ep", "spec", EP2, "Eva David sechs", mv("e5d6"))
t("ep", "spec", EP1, "David sechs", mv("e5d6"))
t("ep", "spec", EP1, "d six", mv("e5d6"), "en")
t("ep", "spec", EP1, "Eva fünf David sechs", mv("e5d6"))
t("ep", "spec", EP1, "e five takes d six en passant", mv("e5d6"), "en")
t("ep", "beyond", EP1, "en passant", mv("e5d6"))
t("ep", "beyond", EP1, "e takes en passant", mv("e5d6"), "en")
t("ep", "beyond", EP1, "Eva schlägt en passant", mv("e5d6"))
t("ep", "beyond", EP1, "schlägt en passant", mv("e5d6"))
t("ep", "beyond", EP1, "e schlägt d en passant", mv("e5d6"))
t("ep", "beyond", EP2, "en passant", amb("c5d6", "e5d6"))
# ---- O. disambiguation
t("disamb", "spec", ROOKS2, "Turm eins Eva zwei", mv("e1e2"))
t("disamb", "spec", ROOKS2, "Turm vier Eva zwei", mv("e4e2"))
t("disamb", "spec", ROOKS2, "Turm vier Eva zwo", mv("e4e2"))
t("disamb", "spec", ROOKS2, "Turm Eva zwei", amb("e1e2", "e4e2"))
t("disamb", "spec", ROOKS2, "rook one e too", mv("e1e2"), "en")
t("disamb", "spec", ROOKS2, "rook won e two", mv("e1e2"), "en")
t("disamb", "spec", ROOKS2, "rook four e three", mv("e4e3"), "en")
t("disamb", "spec", ROOKS2, "rook for e three", mv("e4e3"), "en")
t("disamb", "spec", ROOKS2, "rook e three", amb("e1e3", "e4e3"), "en")
t("disamb", "spec", ROOKS2, "Turm Eva Eva drei", amb("e1e3", "e4e3"), "de", "file disamb does not disambiguate")
t("disamb", "spec", ROOKS3, "Turm Anton David eins", mv("a1d1"))
t("disamb", "spec", ROOKS3, "Turm a de eins", mv("a1d1"))
t("disamb", "spec", ROOKS3, "Turm Felix auf David eins", mv("f1d1"))
t("disamb", "unclear", ROOKS3, "Turm ef nach de eins", mv("f1d1"), "de", "piece file nach square")
t("disamb", "unclear", ROOKS3, "rook a to d one", mv("a1d1"), "en")
t("disamb", "spec", ROOKS3, "rook f d one", mv("f1d1"), "en")
t("disamb", "spec", ROOKS3, "rook eff dee won", mv("f1d1"), "en")
t("disamb", "spec", ROOKS3, "Turm David eins", amb("a1d1", "f1d1"))
t("disamb", "spec", ROOKS3, "Turm Bella David eins", ILL, "de", "no rook on the b-file")
t("disamb", "spec", ROOKS3, "Turm acht David eins", ILL, "de", "no rook on rank 8")
t("disamb", "spec", ROOKS3, "David eins", inc_pc("a1d1", "f1d1"))
t("disamb", "unclear", ROOKS2, "Turm eins nimmt Eva zwei" , mv("e1e2"), "de", "rank form with a capture word on a non-capture")
# ---- P. fillers heavy / mixed case
t("fill.heavy", "spec", START, "äh also jetzt Springer äh Felix drei bitte", mv("g1f3"))
t("fill.heavy", "spec", START, "so und äh ähm Emil vier also", mv("e2e4"))
t("fill.heavy", "spec", START, "uh so the knight um to the f three please", mv("g1f3"), "en")
t("fill.heavy", "spec", START, "and uh e four", mv("e2e4"), "en")
t("fill.heavy", "spec", START, "SPRINGER FELIX DREI", mv("g1f3"))
t("fill.heavy", "unclear", START, "LAEUFER", NU, "de", "a lone piece word: not a move", alt=["incomplete"])
t("fill.heavy", "spec", START, "springer FeLiX dReI", mv("g1f3"))
t("fill.heavy", "beyond", START, "Springer Felix drei bitte schön", mv("g1f3"))
t("fill.heavy", "beyond", START, "Springer Felix drei, bitte.", mv("g1f3"))
t("fill.heavy", "beyond", START, "Springer, Felix, drei.", mv("g1f3"))
t("fill.heavy", "beyond", START, "Knight to f3.", mv("g1f3"), "en")
t("fill.heavy", "beyond", START, "okay knight f three", mv("g1f3"), "en")
t("fill.heavy", "beyond", START, "ok Springer Felix drei", mv("g1f3"))
t("fill.heavy", "beyond", START, "Springer auf f3", mv("g1f3"))
t("fill.heavy", "beyond", START, "Sf3", mv("g1f3"))
t("fill.heavy", "beyond", START, "Nf3", mv("g1f3"), "en")
t("fill.heavy", "beyond", START, "e2-e4", mv("e2e4"))
t("fill.heavy", "beyond", START, "e2e4", mv("e2e4"), "en")
t("fill.heavy", "beyond", START, "Springer Felix 3", mv("g1f3"))
t("fill.heavy", "beyond", START, "Springer F3", mv("g1f3"))
t("fill.heavy", "beyond", START, "Königsspringer Felix drei", mv("g1f3"))
t("fill.heavy", "beyond", START, "Springer nach Felix drei ziehen", mv("g1f3"))
t("fill.heavy", "beyond", START, "I'll play e four", mv("e2e4"), "en")
t("fill.heavy", "beyond", START, "I play knight f three", mv("g1f3"), "en")
t("fill.heavy", "spec", START, "pawn e two to e four", mv("e2e4"), "en")
t("fill.heavy", "beyond", START, "pawn forward to e four", mv("e2e4"), "en")
t("fill.heavy", "spec", START, "Bauer Emil zwei nach Emil vier", mv("e2e4"))
t("fill.heavy", "beyond", START, "Bauer vor auf Emil vier", mv("e2e4"))
t("fill.heavy", "spec", START, "Bauer Emil zwei Emil vier", mv("e2e4"))
t("fill.heavy", "beyond", START, "Springer Felix drei äh nein Cäsar drei", mv("b1c3"), "de", "self-correction mid-utterance; could be 'unclear'")
t("fill.heavy", "unclear", START, "Laufer Cäsar vier", ILL, "de", "umlaut dropped (not ae); from start no bishop can move", alt=["not_understood"])

with open(os.path.join(HERE, "edge.jsonl"), "w") as f:
    for x in L: f.write(json.dumps({"fen": x["fen"], "heard": x["heard"], "lang": x["lang"]}, ensure_ascii=False) + "\n")
with open(os.path.join(HERE, "edge_meta.jsonl"), "w") as f:
    for x in L: f.write(json.dumps(x, ensure_ascii=False) + "\n")
print(len(L), "edge lines")
