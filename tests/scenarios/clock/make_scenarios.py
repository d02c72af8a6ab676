#!/usr/bin/env python3
"""Writes the clock replay scenarios: events (*.jsonl) and expected effects (*.expect.jsonl).

The moves come from real games (tests/data/python-chess/kasparov-deep-blue-1997.pgn), checked
legal with python-chess; the player's moves are written as the German words of FIDE D.2.1.
The expected clock values are NOT computed by Rochade's code: each scenario writes them out
with the FIDE/DGT formula stated next to it (see README.md), and the spoken texts are typed
by hand. Run from the repository root:  python3 tests/scenarios/clock/make_scenarios.py
"""
import json
import os
import re

import chess
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
PGN = os.path.join(HERE, "..", "..", "data", "python-chess", "kasparov-deep-blue-1997.pgn")

FILES = dict(zip("abcdefgh", ["anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hector"]))
RANKS = dict(zip("12345678", ["eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"]))
PIECES = {"K": "könig", "Q": "dame", "R": "turm", "B": "läufer", "N": "springer"}


def words(san):
    """The FIDE D.2.1 words of a SAN move, as the recognizer would hear them."""
    san = san.rstrip("+#")
    if san == "O-O":
        return "kurze rochade"
    if san == "O-O-O":
        return "lange rochade"
    m = re.fullmatch(r"([KQRBN])?([a-h])?([1-8])?(x)?([a-h])([1-8])(?:=([QRBN]))?", san)
    assert m, san
    piece, ffile, frank, capture, tfile, trank, promo = m.groups()
    out = []
    if piece:
        out.append(PIECES[piece])
    if ffile:
        out.append(FILES[ffile])
    if frank:
        out.append(RANKS[frank])
    if capture:
        out.append("schlägt")
    out += [FILES[tfile], RANKS[trank]]
    if promo:
        out.append(PIECES[promo])
    return " ".join(out)


def game_sans(index):
    with open(PGN) as f:
        for _ in range(index):
            chess.pgn.read_game(f)
        game = chess.pgn.read_game(f)
    board = game.board()
    sans = []
    for move in game.mainline_moves():
        sans.append(board.san(move))
        board.push(move)
    return sans


def sans_from(fen, moves):
    """Checks a line from a position and returns it as SAN."""
    board = chess.Board(fen)
    out = []
    for san in moves:
        move = board.parse_san(san)
        out.append(board.san(move))
        board.push(move)
    return out


class Scenario:
    def __init__(self, name, time_control, sans, fen=None, clock=None):
        self.name = name
        self.sans = sans
        self.events = []
        self.expect = []
        start = {"player": "white", "time_control": time_control, "mode": "tournament",
                 "lang": "de", "confirm_ms": 0}
        if fen:
            start["fen"] = fen
        if clock:
            start["clock"] = clock
        self.events.append({"at": 0, "start": start})
        self.ply = 0

    def player_move(self, at):
        """The player (White) says the move at at-100 and confirms it at `at`: it is made."""
        san = self.sans[self.ply]
        self.ply += 1
        self.events.append({"at": at - 100, "heard": words(san)})
        self.events.append({"at": at, "command": "yes"})

    def opponent_move(self, at):
        san = self.sans[self.ply]
        self.ply += 1
        self.events.append({"at": at, "opponent": san})

    def event(self, at, **kw):
        self.events.append({"at": at, **kw})

    def clock(self, at, running, white_ms, black_ms):
        self.expect.append({"at": at, "kind": "clock", "running": running,
                            "white_ms": white_ms, "black_ms": black_ms})

    def say(self, at, text):
        self.expect.append({"at": at, "kind": "say", "text": text})

    def flag(self, at, side, flag_ms, final_period, moves_done):
        self.expect.append({"at": at, "kind": "flag", "side": side, "flag_ms": flag_ms,
                            "final_period": final_period, "moves_done": moves_done})

    def other(self, at, **kw):
        self.expect.append({"at": at, **kw})

    def write(self):
        for suffix, rows in (("jsonl", self.events), ("expect.jsonl", self.expect)):
            rows = sorted(rows, key=lambda r: r["at"])  # stable: same-time order kept
            with open(os.path.join(HERE, f"{self.name}.{suffix}"), "w") as f:
                for row in rows:
                    f.write(json.dumps(row, ensure_ascii=False) + "\n")


def classical_40():
    """40/5400+30:1800+30, Kasparov-Deep Blue game 1, through move 41 into the second period.
    White thinks 60 s a move, Black 45 s. DGT: 30 s credited before move 1, and added at each
    press; 30 min added at the press completing move 40.
      W(n) = 5 430 000 - 60 000 n + 30 000 n (+ 1 800 000 from n = 40)
      B(n) = 5 430 000 - 45 000 n + 30 000 n (+ 1 800 000 from n = 40)
    White's n-th move is made at tw(n) = (n-1)·105 000 + 60 000, Black's at tb(n) = n·105 000."""
    s = Scenario("classical-40", "40/5400+30:1800+30", game_sans(0))
    W = lambda n: 5_430_000 - 30_000 * n + (1_800_000 if n >= 40 else 0)
    B = lambda n: 5_430_000 - 15_000 * n + (1_800_000 if n >= 40 else 0)
    tw = lambda n: (n - 1) * 105_000 + 60_000
    tb = lambda n: n * 105_000
    s.clock(0, "white", 5_430_000, 5_430_000)
    for n in range(1, 42):
        s.player_move(tw(n))
        s.clock(tw(n), "black", W(n), B(n - 1))
        if n in (1, 20, 39):
            s.event(tw(n) + 30_000, tick=True)
        if n == 20:
            # W(20) = 4 830 000 = 80 min 30 s; Black has run 20 s: B(19) - 20 000 = 5 125 000 = 85 min 25 s
            s.event(tw(n) + 20_000, command="time")
            s.say(tw(n) + 20_000, "Sie: eine Stunde, zwanzig Minuten. Gegner: eine Stunde, fünfundzwanzig Minuten.")
            s.event(tw(n) + 21_000, command="moves")
            s.say(tw(n) + 21_000, "Zwanzig Züge gespielt, noch zwanzig bis zur Zeitkontrolle.")
        if n == 41:
            # W(41) = 6 000 000 = 100 min; B(40) - 5 000 = 6 625 000 = 110 min 25 s
            s.event(tw(n) + 5_000, command="time")
            s.say(tw(n) + 5_000, "Sie: eine Stunde, vierzig Minuten. Gegner: eine Stunde, fünfzig Minuten.")
            s.event(tw(n) + 6_000, command="moves")
            s.say(tw(n) + 6_000, "Einundvierzig Züge gespielt.")
        s.opponent_move(tb(n))
        s.clock(tb(n), "white", W(n), B(n))
    assert W(39) == 4_260_000 and W(40) == 6_030_000 and B(40) == 6_630_000
    s.write()


def think(seed, n, low, spread):
    """A fixed, irregular think time in ms."""
    return low + (n * seed % spread) * 1000


def sudden_death_increment():
    """900+10 (fide-rapid), Deep Blue-Kasparov game 2, 30 moves each, irregular think times.
      W(n) = 910 000 - (w1 + ... + wn) + 10 000 n,  B(n) likewise."""
    s = Scenario("sudden-death-increment", "900+10", game_sans(1))
    w = [think(7, n, 4_000, 41) for n in range(1, 31)]
    b = [think(11, n, 3_000, 53) for n in range(1, 31)]
    W = lambda n: 910_000 - sum(w[:n]) + 10_000 * n
    B = lambda n: 910_000 - sum(b[:n]) + 10_000 * n
    t = 0
    s.clock(0, "white", 910_000, 910_000)
    for n in range(1, 31):
        t += w[n - 1]
        s.player_move(t)
        s.clock(t, "black", W(n), B(n - 1))
        if n == 10:
            s.event(t + 7_000, command="time")
            print("sudden-death n=10:", W(10), B(9) - 7_000)
            s.say(t + 7_000, SAY["sd10"])
        t += b[n - 1]
        s.opponent_move(t)
        s.clock(t, "white", W(n), B(n))
        if n == 25:
            s.event(t + 4_500, command="time")
            print("sudden-death n=25:", W(25) - 4_500, B(25))
            s.say(t + 4_500, SAY["sd25"])
            s.event(t + 5_000, command="moves")
            s.say(t + 5_000, "Fünfundzwanzig Züge gespielt.")
    s.write()


def delay_game(name, letter):
    """300d5 / 300b5, Kasparov-Deep Blue game 3, 20 moves each. White thinks 3 s (inside the
    delay) on odd moves and 9 s on even ones; Black 4 s, and 12 s on every third move.
      main after a move = main before - max(0, think - 5 000)    (both delays)
    A simple delay leaves the main time untouched inside the delay; the clock shows the main
    time. A Bronstein delay is shown added when the move starts (DGT 3000), so the side whose
    clock has just started shows main + 5 000."""
    s = Scenario(name, f"300{letter}5", game_sans(2))
    w = [3_000 if n % 2 else 9_000 for n in range(1, 21)]
    b = [12_000 if n % 3 == 0 else 4_000 for n in range(1, 21)]
    W = lambda n: 300_000 - sum(max(0, x - 5_000) for x in w[:n])
    B = lambda n: 300_000 - sum(max(0, x - 5_000) for x in b[:n])
    shown = 5_000 if letter == "b" else 0
    t = 0
    s.clock(0, "white", 300_000 + shown, 300_000)
    for n in range(1, 21):
        if n == 7:
            # 2 s into White's 7th move, inside the delay: both main times are whole
            s.event(t + 2_000, command="time")
            s.say(t + 2_000, SAY[f"{letter}7"])
        t += w[n - 1]
        s.player_move(t)
        s.clock(t, "black", W(n), B(n - 1) + shown)
        t += b[n - 1]
        s.opponent_move(t)
        s.clock(t, "white", W(n) + shown, B(n))
    assert W(1) == 300_000 and W(2) == 296_000 and B(3) == 293_000
    print(name, "n=6:", W(6), B(6))
    s.write()


def flag_nonfinal_moves_done():
    """40/1200:600 with the DGT 3000 setting: the next period is added at the flag.
    Kasparov-Deep Blue game 1. White 25 s a move, Black 20 s, 40 moves each:
      W(40) = 1 200 000 - 40·25 000 = 200 000,  B(40) = 1 200 000 - 40·20 000 = 400 000,
      at tb(40) = 40·45 000 = 1 800 000.
    White's 41st move: the flag falls at 1 800 000 + 200 000 = 2 000 000 with the 40 moves done
    (FIDE 6.4: no loss, nothing said); 600 000 is added at that instant.
    White completes move 41 at 2 010 000: 600 000 - 10 000 = 590 000. Black's 41st takes 20 s:
    400 000 - 20 000 = 380 000 (Black has no flag, so nothing is added to Black yet)."""
    s = Scenario("flag-nonfinal-moves-done", "40/1200:600", game_sans(0),
                 clock={"period_addition": "at-flag"})
    W = lambda n: 1_200_000 - 25_000 * n
    B = lambda n: 1_200_000 - 20_000 * n
    tw = lambda n: (n - 1) * 45_000 + 25_000
    tb = lambda n: n * 45_000
    s.clock(0, "white", 1_200_000, 1_200_000)
    for n in range(1, 41):
        s.player_move(tw(n))
        s.clock(tw(n), "black", W(n), B(n - 1))
        s.opponent_move(tb(n))
        s.clock(tb(n), "white", W(n), B(n))
    s.event(1_999_900, tick=True)
    s.event(2_000_050, tick=True)
    s.flag(2_000_050, "white", 2_000_000, False, True)
    s.clock(2_000_050, "white", 600_000 - 50, 400_000)
    s.player_move(2_010_000)
    s.clock(2_010_000, "black", 590_000, 400_000)
    s.event(2_010_000 + 6_000, command="moves")
    s.say(2_010_000 + 6_000, "Einundvierzig Züge gespielt.")
    s.opponent_move(2_030_000)
    s.clock(2_030_000, "white", 590_000, 380_000)
    s.write()


def flag_moves_not_done():
    """40/600:300, Deep Blue-Kasparov game 2. White 5 s a move, Black 25 s:
      W(n) = 600 000 - 5 000 n, B(n) = 600 000 - 25 000 n; tw(n) = (n-1)·30 000 + 5 000, tb(n) = n·30 000.
    After Black's 20th (600 000): B = 100 000. White's 21st at 605 000: W = 495 000.
    Black's flag falls at 605 000 + 100 000 = 705 000 in period 1, 20 moves short of the
    control. The assistant announces it and claims (D.2.9.e): White can mate, 1-0 (6.9)."""
    s = Scenario("flag-moves-not-done", "40/600:300", game_sans(1))
    W = lambda n: 600_000 - 5_000 * n
    B = lambda n: 600_000 - 25_000 * n
    tw = lambda n: (n - 1) * 30_000 + 5_000
    tb = lambda n: n * 30_000
    s.clock(0, "white", 600_000, 600_000)
    for n in range(1, 21):
        s.player_move(tw(n))
        s.clock(tw(n), "black", W(n), B(n - 1))
        s.opponent_move(tb(n))
        s.clock(tb(n), "white", W(n), B(n))
    s.player_move(605_000)
    s.clock(605_000, "black", 495_000, 100_000)
    s.event(704_900, tick=True)
    s.event(705_040, tick=True)
    s.flag(705_040, "black", 705_000, False, False)
    s.say(705_040, "Die Zeit des Gegners ist abgelaufen.")
    s.other(705_040, kind="claim", claim="time", side="white")
    s.other(705_040, kind="end", result="1-0", reason="time")
    s.clock(705_040, "none", 495_000, 0)
    s.write()


def both_flags():
    """120+0, Kasparov-Deep Blue game 3. White 10 s a move, Black 8 s, 10 moves each:
      W(10) = 20 000, B(10) = 40 000 at tb(10) = 180 000.
    White's flag falls at 200 000 (final period; announced, no claim). White still completes
    move 11 at 210 000 (nothing is added after a final flag: 0). Black's flag falls at
    210 000 + 40 000 = 250 000. Both flags are kept in order, White's first; the assistant does
    not claim (its own player's flag fell first)."""
    s = Scenario("both-flags", "120+0", game_sans(2))
    W = lambda n: 120_000 - 10_000 * n
    B = lambda n: 120_000 - 8_000 * n
    tw = lambda n: (n - 1) * 18_000 + 10_000
    tb = lambda n: n * 18_000
    s.clock(0, "white", 120_000, 120_000)
    for n in range(1, 11):
        s.player_move(tw(n))
        s.clock(tw(n), "black", W(n), B(n - 1))
        s.opponent_move(tb(n))
        s.clock(tb(n), "white", W(n), B(n))
    s.event(199_950, tick=True)
    s.event(200_100, tick=True)
    s.flag(200_100, "white", 200_000, True, False)
    s.say(200_100, "Ihre Zeit ist abgelaufen.")
    s.player_move(210_000)
    s.clock(210_000, "black", 0, 40_000)
    s.event(250_100, tick=True)
    s.flag(250_100, "black", 250_000, True, False)
    s.say(250_100, "Die Zeit des Gegners ist abgelaufen.")
    s.write()


def flag_bare_king():
    """60+0 from a position: White (the player) has a bare king, Black king and rook.
    Each side thinks 2 s (White) and 3 s (Black): W(2) = 56 000, B(2) = 54 000 at 10 000;
    White's 3rd at 12 000: W(3) = 54 000. Black's flag falls at 12 000 + 54 000 = 66 000.
    The assistant claims (D.2.9.e), but White cannot mate by any series of legal moves:
    a draw (6.9), found by the helpmate test of the game module."""
    fen = "8/8/4k3/8/8/8/3K4/7r w - - 0 50"
    sans = sans_from(fen, ["Ke2", "Kd5", "Kd3", "Rh3+", "Ke2"])
    s = Scenario("flag-bare-king", "60+0", sans, fen=fen)
    s.clock(0, "white", 60_000, 60_000)
    s.player_move(2_000)
    s.clock(2_000, "black", 58_000, 60_000)
    s.opponent_move(5_000)
    s.clock(5_000, "white", 58_000, 57_000)
    s.player_move(7_000)
    s.clock(7_000, "black", 56_000, 57_000)
    s.opponent_move(10_000)
    s.clock(10_000, "white", 56_000, 54_000)
    s.player_move(12_000)
    s.clock(12_000, "black", 54_000, 54_000)
    s.event(65_900, tick=True)
    s.event(66_050, tick=True)
    s.flag(66_050, "black", 66_000, True, False)
    s.say(66_050, "Die Zeit des Gegners ist abgelaufen.")
    s.other(66_050, kind="claim", claim="time", side="white")
    s.other(66_050, kind="end", result="1/2-1/2", reason="time, but the claimant cannot mate")
    s.clock(66_050, "none", 54_000, 0)
    s.write()


# Typed by hand from the figures the functions print (and checked in README.md).
SAY = {
    # W(10) = 910 000 - 220 000 + 100 000 = 790 000 = 13 min 10 s;
    # B(9) - 7 000 = 910 000 - 257 000 + 90 000 - 7 000 = 736 000 = 12 min 16 s
    "sd10": "Sie: dreizehn Minuten, zehn Sekunden. Gegner: zwölf Minuten, sechzehn Sekunden.",
    # W(25) - 4 500 = 910 000 - 571 000 + 250 000 - 4 500 = 584 500 = 9 min 44.5 s (floored);
    # B(25) = 910 000 - 735 000 + 250 000 = 425 000 = 7 min 5 s
    "sd25": "Sie: neun Minuten, vierundvierzig Sekunden. Gegner: sieben Minuten, fünf Sekunden.",
    # before White's 7th move: W(6) = 288 000 = 4 min 48 s; B(6) = 286 000 = 4 min 46 s
    "d7": "Sie: vier Minuten, achtundvierzig Sekunden. Gegner: vier Minuten, sechsundvierzig Sekunden.",
    # Bronstein: 2 s into the move White shows 288 000 + 3 000 = 291 000 = 4 min 51 s
    "b7": "Sie: vier Minuten, einundfünfzig Sekunden. Gegner: vier Minuten, sechsundvierzig Sekunden.",
}

if __name__ == "__main__":
    classical_40()
    sudden_death_increment()
    delay_game("simple-delay", "d")
    delay_game("bronstein-delay", "b")
    flag_nonfinal_moves_done()
    flag_moves_not_done()
    both_flags()
    flag_bare_king()
