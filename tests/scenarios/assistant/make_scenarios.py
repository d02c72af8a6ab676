#!/usr/bin/env python3
"""Writes the assistant's replay scenarios: events (NAME.jsonl) and expected effects
(NAME.expect.jsonl), with README.md's table.

Nothing here is taken from Rochade's output. The moves are checked legal with python-chess,
the spoken words are built from SAN by the rule of SPOKEN-MOVES.md (the first word of each
vocabulary list; capture word, promotion word, ", Schach"/", Matt" as SAN has them), the clock
values come from the small clock model below (FIDE 6.3, DGT increment credited before move 1,
the opponent's clock started only by a made move: D.2.3), and the sentences are typed by hand
from the FIDE text and the issue. Endings (mate, stalemate, dead position, insufficient
material at a flag) are checked with python-chess as an independent second opinion.

Run from the repository root:  python3 tests/scenarios/assistant/make_scenarios.py
"""
import json
import os
import re

import chess

HERE = os.path.dirname(os.path.abspath(__file__))

VOCAB = {
    "de": {
        "files": ["Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector"],
        "ranks": ["eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"],
        "pieces": {"K": "König", "Q": "Dame", "R": "Turm", "B": "Läufer", "N": "Springer"},
        "capture": "schlägt", "promotion": "wird", "check": "Schach", "mate": "Matt",
        "ep": "en passant", "O-O": "Kurze Rochade", "O-O-O": "Lange Rochade",
    },
    "en": {
        "files": ["Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector"],
        "ranks": ["one", "two", "three", "four", "five", "six", "seven", "eight"],
        "pieces": {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight"},
        "capture": "takes", "promotion": "promotes", "check": "check", "mate": "mate",
        "ep": "en passant", "O-O": "short castle", "O-O-O": "long castle",
    },
    # Arabic and Hebrew have no vocabulary the player speaks: these are the words their
    # announcements say, typed from the seed texts (the Arabic Laws' FIDE file names and rank
    # numbers in Arabic script; the Hebrew Laws' chess words), not from grammars/*.toml.
    "ar": {
        "files": ["أنا", "بيللا", "سيزر", "دايفيد", "إيفا", "فيلكس", "جوستاف", "هيكاتور"],
        "ranks": ["اينز", "زفاي", "دراي", "فير", "فنڤ", "زيكس", "زيبن", "أهت"],
        "pieces": {"K": "الملك", "Q": "الوزير", "R": "الرخ", "B": "الفيل", "N": "الحصان"},
        "capture": "يأسر", "promotion": "ترقية إلى", "check": "كش", "mate": "كش مات",
        "ep": "الأسر أثناء المرور", "O-O": "كورترز روشادي", "O-O-O": "لانج روشادي",
        "comma": "، ",
    },
    "he": {
        "files": ["אנה", "בלה", "צזר", "דוד", "אווה", "פליקס", "גוסטב", "הקטור"],
        "ranks": ["איינס", "צוויי", "דריי", "פיר", "פינף", "זקס", "זיבן", "אכט"],
        "pieces": {"K": "מלך", "Q": "מלכה", "R": "צריח", "B": "רץ", "N": "פרש"},
        "capture": "מכה", "promotion": "הכתרה", "check": "שח", "mate": "מט",
        "ep": "אגב הילוכו", "O-O": "הצרחה קטנה", "O-O-O": "הצרחה גדולה",
    },
}

# The sentences around moves that the helpers below write, per message language.
FRAMES = {
    "de": {"made": "Ausgeführt.", "opponent": "Gegner: {}."},
    "en": {"made": "Made.", "opponent": "Opponent: {}."},
    "ar": {"made": "تمت النقلة.", "opponent": "المنافس: {}."},
    "he": {"made": "המסע בוצע.", "opponent": "היריב: {}."},
}

SAN_RE = re.compile(r"([KQRBN])?([a-h])?([1-8])?(x)?([a-h])([1-8])(?:=([QRBN]))?")


def square_words(sq, lang):
    v = VOCAB[lang]
    return f"{v['files'][chess.square_file(sq)]} {v['ranks'][chess.square_rank(sq)]}"


def spoken(board, move, lang, check_word=True):
    """The move in the player's vocabulary, as SPOKEN-MOVES.md §2 and D.2.1 have it: piece,
    SAN's disambiguation, capture word, square, en passant, promotion word and piece, and
    ", check"/", mate" after it. German words keep their capitals (names, nouns)."""
    v = VOCAB[lang]
    san = board.san(move)
    suffix = ""
    comma = v.get("comma", ", ")
    if san.endswith("#"):
        suffix = f"{comma}{v['mate']}"
    elif san.endswith("+") and check_word:
        suffix = f"{comma}{v['check']}"
    san = san.rstrip("+#")
    if san in ("O-O", "O-O-O"):
        text = v[san]
    else:
        m = SAN_RE.fullmatch(san)
        assert m, san
        piece, ffile, frank, capture, tfile, trank, promo = m.groups()
        out = []
        if piece:
            out.append(v["pieces"][piece])
        if ffile:
            out.append(v["files"]["abcdefgh".index(ffile)])
        if frank:
            out.append(v["ranks"][int(frank) - 1])
        if capture:
            out.append(v["capture"])
        out.append(f"{v['files']['abcdefgh'.index(tfile)]} {v['ranks'][int(trank) - 1]}")
        if board.is_en_passant(move):
            out.append(v["ep"])
        if promo:
            out += [v["promotion"], v["pieces"][promo]]
        text = " ".join(out)
    return text + suffix


def cap(text):
    """A sentence starts with a capital (the English read-back "Knight Felix three?")."""
    return text[0].upper() + text[1:]


class Clock:
    """A chess clock for sudden death with Fischer increment (DGT 3000 as in the clock
    scenarios: the increment is credited before move 1 and added to the mover at each press).
    Pausing stops the running side without starting the other (D.2.3, E.? sealing)."""

    def __init__(self, base_ms, inc_ms, to_move="white"):
        self.inc = inc_ms
        self.ms = {"white": base_ms + inc_ms, "black": base_ms + inc_ms}
        self.running = to_move
        self.since = 0
        self.paused = None

    def _run(self, at):
        if self.running is not None:
            self.ms[self.running] -= at - self.since
        self.since = at

    def press(self, side, at):
        if self.paused == side:
            # a move made while the clocks are stopped (6.11): no time runs; the other side's
            # clock is the one to run when play resumes
            self.ms[side] += self.inc
            self.paused = other(side)
            return
        assert self.running == side, (side, self.running)
        self._run(at)
        self.ms[side] += self.inc
        self.running = "black" if side == "white" else "white"

    def pause(self, at):
        self._run(at)
        self.paused, self.running = self.running, None

    def resume(self, at, side=None):
        self._run(at)
        self.running, self.paused = side or self.paused, None

    def stop(self, at):
        self._run(at)
        self.running = None

    def add(self, side, ms, at):
        self._run(at)
        self.ms[side] += ms

    def reading(self, at):
        ms = dict(self.ms)
        if self.running is not None:
            ms[self.running] -= at - self.since
        return ms

    def effect(self, at):
        ms = self.reading(at)
        return {"at": at, "kind": "clock", "running": self.running or "none",
                "white_ms": ms["white"], "black_ms": ms["black"]}


def other(side):
    return "black" if side == "white" else "white"


SCENARIOS = []


class Scenario:
    """One scenario: its events, its expected effects, and its row in README.md."""

    def __init__(self, name, article, shows, player="white", lang="de", mode="tournament",
                 fen=None, time_control=None, confirm_ms=0, rules=None, strict=("made", "clock"),
                 pgn_contains=(), pgn_absent=(), extra=None, clock_model=None, chess960=None):
        self.name, self.article, self.shows = name, article, shows
        self.player, self.lang = player, lang
        # the player speaks German in a game whose language has no vocabulary (ar, he)
        self.vocab = lang if lang in ("de", "en") else "de"
        # Chess960: a start position's number, or True with the position in `fen` (python-chess
        # places the pieces of a number and plays the moves by its own Chess960 rules)
        if chess960 is True:
            self.board = chess.Board(fen, chess960=True)
        elif chess960 is not None:
            self.board = chess.Board.from_chess960_pos(chess960)
        else:
            self.board = chess.Board(fen) if fen else chess.Board()
        start = {"player": player, "lang": lang, "mode": mode, "confirm_ms": confirm_ms}
        if chess960 is not None:
            start["chess960"] = chess960
        if fen:
            start["fen"] = fen
        if time_control:
            start["time_control"] = time_control
        if rules:
            start["rules"] = rules
        if extra:
            start.update(extra)
        self.events = [{"at": 0, "start": start}]
        # "Schach" left out after moves (fa 3.8: announcing check is not compulsory)
        self.check_word = start.get("announce_check", True)
        self.meta = {"scenario": name, "article": article, "strict": list(strict)}
        if pgn_contains:
            self.meta["pgn_contains"] = list(pgn_contains)
        if pgn_absent:
            self.meta["pgn_absent"] = list(pgn_absent)
        self.expect = []
        self.absent_lines = []
        self.clock = None
        if time_control:
            # the model: "BASE+INC" in seconds, or `clock_model` (base_ms, inc_ms) for a
            # control with periods, used only before its first time control
            m = re.fullmatch(r"(\d+)\+(\d+)", time_control)
            base_ms, inc_ms = clock_model or (int(m.group(1)) * 1000, int(m.group(2)) * 1000)
            self.clock = Clock(base_ms, inc_ms, "white" if self.board.turn else "black")
            self.expect.append(self.clock.effect(0))
        SCENARIOS.append(self)

    # ----- words ---------------------------------------------------------------------------

    def w(self, de, en):
        return de if self.lang == "de" else en

    def yes_word(self):
        return "ja" if self.vocab == "de" else "yes"

    def words(self, san):
        return spoken(self.board, self.board.parse_san(san), self.vocab)

    # ----- events --------------------------------------------------------------------------

    def ev(self, at, **kw):
        self.events.append({"at": at, **kw})

    def draw_heard(self, at, text, question, yes_at, yes="ja"):
        """A "Remis" from the player's microphone is asked back (issue 14 item 4: the
        opponent's own "Remis" reaches it too); "ja" carries it out."""
        self.heard(at, text)
        self.say(at, "player", text=question)
        self.heard(yes_at, yes)

    def heard(self, at, text):
        self.ev(at, heard=text)

    def opp_event(self, at, text):
        self.ev(at, opponent=text)

    def tick(self, at):
        self.ev(at, tick=True)

    # ----- expectations ---------------------------------------------------------------------

    def exp(self, at, kind, **kw):
        self.expect.append({"at": at, "kind": kind, **kw})

    def say(self, at, to, text=None, contains=None, about=None):
        row = {"at": at, "kind": "say", "to": to}
        if text is not None:
            row["text"] = text
        if contains is not None:
            row["text_contains"] = contains
        if about is not None:
            row["about"] = about
        self.expect.append(row)

    def last_say(self):
        return [r for r in self.expect if r["kind"] == "say"][-1].get("text")

    def absent(self, fields, start=None, until=None):
        row = {"absent": fields}
        if start is not None:
            row["from"] = start
        if until is not None:
            row["until"] = until
        self.absent_lines.append(row)

    def clock_now(self, at):
        if self.clock:
            self.expect.append(self.clock.effect(at))

    # ----- moves ----------------------------------------------------------------------------

    def made(self, at, san, by=None):
        """The move is made at `at` (D.2.3): the `made` effect, the board, the clock."""
        move = self.board.parse_san(san)
        side = "white" if self.board.turn else "black"
        assert by is None or by == side
        words = spoken(self.board, move, self.vocab)
        self.exp(at, "made", by=side, uci=move.uci(), san=self.board.san(move))
        self.board.push(move)
        if self.clock:
            self.clock.press(side, at)
        return words

    def player_move(self, at, san, said=None, confirm_at=None):
        """The player says the move (its FIDE words unless `said`), hears it read back, and
        confirms with "ja" at `confirm_at` (default at+100): made, announced to the
        opponent, the opponent's clock started."""
        move = self.board.parse_san(san)
        words = spoken(self.board, move, self.vocab, self.check_word)
        announced = spoken(self.board, move, self.lang, self.check_word)
        self.heard(at, said or words.lower().replace(",", ""))
        self.say(at, "player", text=f"{cap(words)}?", about={"uci": move.uci()})
        at2 = confirm_at if confirm_at is not None else at + 100
        self.heard(at2, self.yes_word())
        self.made(at2, san)
        self.say(at2, "opponent", text=cap(announced))
        self.say(at2, "player", text=FRAMES[self.lang]["made"])
        self.clock_now(at2)
        return at2

    def opponent_move(self, at, san, entered=None):
        """The opponent's move entered (SAN unless `entered`) and announced to the player."""
        move = self.board.parse_san(san)
        words = spoken(self.board, move, self.vocab, self.check_word)
        self.opp_event(at, entered or san)
        self.made(at, san)
        self.say(at, "player", text=FRAMES[self.lang]["opponent"].format(words),
                 about={"uci": move.uci()})
        self.clock_now(at)

    def line(self, at, sans, step=1000):
        """Plays a line from the current position: player's moves said and confirmed,
        opponent's moves entered, `step` ms apart. Returns the time after the last."""
        for san in sans:
            side = "white" if self.board.turn else "black"
            if side == self.player:
                self.player_move(at, san)
            else:
                self.opponent_move(at, san)
            at += step
        return at

    def end(self, at, result, reason):
        self.exp(at, "end", result=result, reason=reason)
        if self.clock:
            self.clock.stop(at)
            self.clock_now(at)

    # ----- output ---------------------------------------------------------------------------

    def write(self):
        events = sorted(self.events, key=lambda r: r["at"])
        expect = sorted(self.expect, key=lambda r: r["at"])
        with open(os.path.join(HERE, f"{self.name}.jsonl"), "w") as f:
            for row in events:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        with open(os.path.join(HERE, f"{self.name}.expect.jsonl"), "w") as f:
            for row in [self.meta] + expect + self.absent_lines:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")


# ===== D.2.1, D.2.3, D.2.6: read-back and confirmation ======================================

def readback_confirm_ja():
    s = Scenario("readback-confirm-ja", "D.2.1, D.2.3",
                 "\"Springer Felix drei\" is read back in full; nothing is made, announced or started "
                 "until \"ja\"; then the move is made, announced to the opponent and the opponent's "
                 "clock starts",
                 time_control="900+0")
    s.heard(1000, "springer felix drei")
    s.say(1000, "player", text="Springer Felix drei?", about={"uci": "g1f3", "san": "Nf3"})
    s.tick(30000)
    s.absent({"to": "opponent"}, until=49999)
    s.heard(50000, "ja")
    s.made(50000, "Nf3")
    s.say(50000, "opponent", text="Springer Felix drei")
    s.say(50000, "player", text="Ausgeführt.")
    s.clock_now(50000)  # white 900 000 - 50 000, black's clock running
    assert s.clock.reading(50000) == {"white": 850000, "black": 900000}


def readback_window_passes():
    s = Scenario("readback-window-passes", "D.2.6, D.2.3",
                 "with the default 2 s correction window the move is made exactly when the window "
                 "passes, not before; the opponent's clock starts at that instant",
                 time_control="600+5", confirm_ms=None)
    s.events[0]["start"].pop("confirm_ms")  # the default window, 2 000 ms
    s.heard(4000, "eva vier")
    s.say(4000, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.tick(5999)
    s.tick(6000)
    s.made(6000, "e4")
    s.say(6000, "opponent", text="Eva vier")
    s.clock_now(6000)  # white 605 000 - 6 000 + 5 000 = 604 000
    assert s.clock.reading(6000)["white"] == 604000
    s.opponent_move(9000, "c5")
    s.heard(10000, "springer felix drei")
    s.say(10000, "player", text="Springer Felix drei?")
    # the next event after the window: the move is dated at the window's end, 12 000
    s.opp_event(15000, "Nc6")
    s.made(12000, "Nf3")
    s.clock_now(12000)
    s.made(15000, "Nc6")
    s.say(15000, "player", text="Gegner: Springer Cesar sechs.")
    s.clock_now(15000)


def readback_window_zero():
    s = Scenario("readback-window-zero-needs-ja", "D.2.6, D.2.3",
                 "with confirm_ms 0 only an explicit \"ja\" makes the move, however long the player "
                 "waits",
                 time_control="900+10")
    s.heard(2000, "david vier")
    s.say(2000, "player", text="David vier?")
    for t in (4000, 10000, 60000, 120000):
        s.tick(t)
    s.heard(125000, "ja")
    s.made(125000, "d4")
    s.say(125000, "opponent", text="David vier")
    s.clock_now(125000)
    assert s.clock.reading(125000)["white"] == 910000 - 125000 + 10000


def readback_english():
    s = Scenario("readback-english", "D.2.1, D.2.9.b",
                 "English vocabulary: read-back, confirmation with \"yes\", the opponent's move "
                 "announced in the player's words",
                 lang="en", time_control="300+2")
    s.heard(1000, "knight Felix three")
    s.say(1000, "player", text="Knight Felix three?", about={"uci": "g1f3"})
    s.heard(2000, "yes")
    s.made(2000, "Nf3")
    s.say(2000, "opponent", text="Knight Felix three")
    s.say(2000, "player", text="Made.")
    s.clock_now(2000)
    s.opponent_move(5000, "d5")
    s.player_move(6000, "g3", said="Gustav three")
    s.opponent_move(9000, "Bg4")
    s.player_move(10000, "Bg2", said="bishop Gustav two")
    s.opponent_move(12000, "Bxf3")
    assert s.last_say() == "Opponent: bishop takes Felix three."


def readback_in_full():
    s = Scenario("readback-in-full", "D.2.1",
                 "the read-back says the whole move: the capture and the check are said although "
                 "the player left them out",
                 fen="r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
    s.heard(1000, "läufer felix sieben")
    s.say(1000, "player", text="Läufer schlägt Felix sieben, Schach?", about={"uci": "c4f7"})
    s.heard(1500, "ja")
    s.made(1500, "Bxf7+")
    s.say(1500, "opponent", text="Läufer schlägt Felix sieben, Schach")
    s.opponent_move(3000, "Kxf7")  # "Gegner: König schlägt Felix sieben."


def readback_castling():
    s = Scenario("readback-castling", "D.2.1",
                 "\"König Gustav eins\" with the castling right is short castling and is read back "
                 "as \"Kurze Rochade\"; the opponent's long castling is announced as \"Lange Rochade\"",
                 fen="r3kbnr/pppqpppp/2n5/3p1b2/3P4/4PN2/PPP1BPPP/RNBQK2R w KQkq - 5 5")
    s.heard(1000, "könig gustav eins")
    s.say(1000, "player", text="Kurze Rochade?", about={"uci": "e1g1"})
    s.heard(1200, "ja")
    s.made(1200, "O-O")
    s.say(1200, "opponent", text="Kurze Rochade")
    s.opponent_move(2000, "O-O-O")  # "Gegner: Lange Rochade."


def readback_en_passant():
    s = Scenario("readback-en-passant", "D.2.1, 3.7.d",
                 "an en passant capture said as a pawn capture is read back with \"en passant\"; "
                 "on the next move it is no longer possible",
                 fen="rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")
    s.opponent_move(500, "d5")
    s.heard(1000, "eva schlägt david sechs")
    s.say(1000, "player", text="Eva schlägt David sechs en passant?", about={"uci": "e5d6"})
    s.heard(1500, "nein")
    s.say(1500, "player", text="Zurückgenommen. Ihr Zug?")
    s.player_move(2000, "Nf3")
    s.opponent_move(3000, "Nc6")
    s.heard(4000, "eva schlägt david sechs")
    s.say(4000, "player", contains="eva schlägt david sechs: nicht möglich")


def readback_inexact():
    s = Scenario("readback-inexact-needs-ja", "D.2.6, SPOKEN-MOVES §2",
                 "a move reached only through a near-miss word is read back as a question and the "
                 "correction window does not make it: only \"ja\"",
                 time_control="600+0", confirm_ms=2000)
    s.heard(1000, "springer felix drai")
    s.say(1000, "player", contains="Springer Felix drei?", about={"uci": "g1f3"})
    s.tick(3500)
    s.tick(20000)
    s.heard(21000, "ja")
    s.made(21000, "Nf3")
    s.clock_now(21000)


def readback_piece_missing():
    s = Scenario("readback-piece-missing", "D.2.1, SPOKEN-MOVES §2",
                 "\"Bella fünf\" where no pawn but only the bishop can go: asked as \"Läufer Bella "
                 "fünf?\" and made only by \"ja\", not by the window",
                 time_control="600+0", confirm_ms=2000,
                 fen="rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    s.heard(1000, "bella fünf")
    s.say(1000, "player", contains="Läufer Bella fünf?", about={"uci": "f1b5"})
    s.tick(3100)
    s.tick(10000)
    s.heard(11000, "ja")
    s.made(11000, "Bb5")
    s.say(11000, "opponent", text="Läufer Bella fünf")
    s.clock_now(11000)


# ===== D.2.6: correction within and after the window =========================================

def correction_within_window():
    s = Scenario("correction-within-window", "D.2.6",
                 "\"Korrektur\" inside the window withdraws the slip of the tongue: the window "
                 "passes and nothing is made; the next move is read back and made",
                 time_control="600+0", confirm_ms=2000)
    s.heard(1000, "springer felix drei")
    s.say(1000, "player", text="Springer Felix drei?")
    s.heard(2000, "korrektur")
    s.say(2000, "player", text="Zurückgenommen. Ihr Zug?")
    s.tick(3500)
    s.tick(8000)
    s.heard(9000, "springer cesar drei")
    s.say(9000, "player", text="Springer Cesar drei?")
    s.tick(11000)
    s.made(11000, "Nc3")
    s.say(11000, "opponent", text="Springer Cesar drei")
    s.clock_now(11000)
    s.absent({"kind": "say", "to": "opponent", "text": "Springer Felix drei"})


def correction_no():
    s = Scenario("correction-nein", "D.2.6",
                 "\"nein\" rejects the read-back like \"Korrektur\"; with confirm_ms 0 the new move "
                 "waits for \"ja\"",
                 time_control="300+3")
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?")
    s.heard(1800, "nein")
    s.say(1800, "player", text="Zurückgenommen. Ihr Zug?")
    s.heard(1900, "ja")
    s.say(1900, "player", text="Es gibt nichts zu bestätigen.")
    s.player_move(3000, "e3")


def correction_new_move_replaces():
    s = Scenario("correction-new-move-replaces", "D.2.6",
                 "a new move said inside the window replaces the first; the window runs from the "
                 "new read-back, and only the new move is made",
                 time_control="600+0", confirm_ms=2000)
    s.heard(1000, "springer felix drei")
    s.say(1000, "player", text="Springer Felix drei?")
    s.heard(2500, "springer hector drei")
    s.say(2500, "player", text="Springer Hector drei?")
    s.tick(3000)   # the first window's end: nothing
    s.tick(4499)
    s.tick(4500)
    s.made(4500, "Nh3")
    s.say(4500, "opponent", text="Springer Hector drei")
    s.clock_now(4500)
    s.absent({"kind": "say", "to": "opponent", "text": "Springer Felix drei"})


def window_from_played():
    s = Scenario("window-from-played", "D.2.6",
                 "the read-back finished playing at 2500 (a `played` event naming it): the window "
                 "runs 2000 ms from there, not from the read-back at 1000",
                 time_control="600+0", confirm_ms=2000)
    s.heard(1000, "springer felix drei")
    s.say(1000, "player", text="Springer Felix drei?", about={"uci": "g1f3", "read_back_no": 1})
    s.ev(2500, played={"read_back": 1, "uci": "g1f3"})
    s.tick(3000)   # the window from the read-back would end here
    s.tick(3100)
    s.tick(4499)
    s.tick(4500)
    s.made(4500, "Nf3")
    s.say(4500, "opponent", text="Springer Felix drei")
    s.clock_now(4500)


def window_played_after_it_passed():
    s = Scenario("window-played-after-it-passed", "D.2.6",
                 "without `window_after_playback` the window starts at the read-back: a `played` "
                 "event after it has passed comes too late and changes nothing",
                 time_control="600+0", confirm_ms=2000)
    s.heard(1000, "springer felix drei")
    s.say(1000, "player", text="Springer Felix drei?", about={"uci": "g1f3", "read_back_no": 1})
    s.ev(3500, played={"read_back": 1, "uci": "g1f3"})
    s.made(3000, "Nf3")
    s.say(3000, "opponent", text="Springer Felix drei")
    s.clock_now(3000)
    s.tick(6000)


def window_after_playback_stale_played():
    s = Scenario("window-after-playback-stale-played", "D.2.6",
                 "with `window_after_playback` the window waits for the end of the read-back's "
                 "playback; the late `played` of a withdrawn read-back of the same move starts "
                 "nothing, only the new read-back's own does",
                 time_control="600+0", confirm_ms=2000, extra={"window_after_playback": True})
    s.heard(1000, "springer felix drei")
    s.say(1000, "player", text="Springer Felix drei?", about={"uci": "g1f3", "read_back_no": 1})
    s.heard(1500, "korrektur")
    s.say(1500, "player", text="Zurückgenommen. Ihr Zug?")
    s.heard(1600, "springer felix drei")
    s.say(1600, "player", text="Springer Felix drei?", about={"uci": "g1f3", "read_back_no": 2})
    s.ev(2200, played={"read_back": 1, "uci": "g1f3"})   # stale: read-back 1 was withdrawn
    s.tick(4200)
    s.tick(6000)   # no window before the read-back has been played
    s.ev(6500, played={"read_back": 2, "uci": "g1f3"})
    s.tick(8499)
    s.tick(8500)
    s.made(8500, "Nf3")
    s.say(8500, "opponent", text="Springer Felix drei")
    s.clock_now(8500)


def window_after_playback_yes_before_played():
    s = Scenario("window-after-playback-yes-before-played", "D.2.6, D.2.3",
                 "with `window_after_playback`, \"ja\" makes the move before the read-back's "
                 "`played` arrives; the late `played` changes nothing",
                 time_control="600+0", confirm_ms=2000, extra={"window_after_playback": True})
    s.heard(1000, "springer felix drei")
    s.say(1000, "player", text="Springer Felix drei?", about={"uci": "g1f3", "read_back_no": 1})
    s.tick(5000)
    s.heard(5200, "ja")
    s.made(5200, "Nf3")
    s.say(5200, "opponent", text="Springer Felix drei")
    s.clock_now(5200)
    s.ev(5300, played={"read_back": 1, "uci": "g1f3"})
    s.tick(9000)


def window_after_playback_inexact_needs_ja():
    s = Scenario("window-after-playback-inexact-needs-ja", "D.2.6, SPOKEN-MOVES §2",
                 "a read-back of a near-miss has no correction window, also when its `played` "
                 "comes: only \"ja\" makes it",
                 time_control="600+0", confirm_ms=2000, extra={"window_after_playback": True})
    s.heard(1000, "springer felix drai")
    s.say(1000, "player", contains="Springer Felix drei?", about={"uci": "g1f3", "read_back_no": 1})
    s.ev(2500, played={"read_back": 1, "uci": "g1f3"})
    s.tick(4500)
    s.tick(20000)
    s.heard(21000, "ja")
    s.made(21000, "Nf3")
    s.clock_now(21000)


def correction_after_window():
    s = Scenario("correction-after-window", "D.2.6, D.2.3",
                 "once the window has passed the move is made and the opponent's clock runs: "
                 "\"Korrektur\" is refused and nothing changes",
                 time_control="600+0", confirm_ms=2000)
    s.heard(1000, "cesar vier")
    s.say(1000, "player", text="Cesar vier?")
    s.tick(3000)
    s.made(3000, "c4")
    s.clock_now(3000)
    s.heard(3500, "korrektur")
    s.say(3500, "player", contains="keine Korrektur mehr")
    s.heard(3600, "cesar drei")
    s.say(3600, "player", contains="cesar drei: Der Gegner ist am Zug.")
    s.opponent_move(6000, "e5")
    s.player_move(7000, "Nc3", confirm_at=None)
    # confirm_ms 2000 but "ja" said at once: made at the "ja"


def correction_after_yes_english():
    s = Scenario("correction-after-yes-english", "D.2.6",
                 "English: after \"yes\" the move is made; \"correction\" can no longer withdraw it",
                 lang="en", time_control="600+0")
    s.player_move(1000, "d4")
    s.heard(2000, "correction")
    s.say(2000, "player", contains="can no longer be corrected")
    s.opponent_move(4000, "Nf6")


# ===== D.2.3/D.2.4: the opponent's clock only at a made move ==================================

def clock_only_made_move():
    s = Scenario("clock-only-at-made-move", "D.2.3, D.2.9.c",
                 "questions, refusals, requests, ticks and a withdrawn move leave the player's "
                 "clock running; the opponent's clock starts only with the made move",
                 time_control="900+0", confirm_ms=2000,
                 fen="rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3")
    s.heard(1000, "springer david zwei")
    s.say(1000, "player", text="Springer Bella eins oder Springer Felix drei?")
    s.heard(2000, "nein")
    s.say(2000, "player", text="Abgebrochen.")
    s.heard(3000, "springer eva vier")
    s.say(3000, "player", contains="springer eva vier: nicht möglich")
    s.heard(4000, "hallo welt")
    s.say(4000, "player", contains="hallo welt")
    s.heard(5000, "zeit")
    s.say(5000, "player", about={"white_ms": 895000, "black_ms": 900000})
    s.heard(6000, "läufer felix vier")
    s.say(6000, "player", text="Läufer Felix vier?")
    s.heard(7000, "korrektur")
    s.tick(9000)
    s.tick(20000)
    s.heard(30000, "läufer gustav fünf")
    s.say(30000, "player", text="Läufer Gustav fünf?")
    s.tick(32000)
    s.made(32000, "Bg5")
    s.clock_now(32000)
    assert s.clock.reading(32000) == {"white": 868000, "black": 900000}



# ===== D.2.1: promotion, ambiguity, a partial move kept ======================================

PROMO_FEN = "8/3P2k1/8/8/8/8/6K1/r7 w - - 0 50"


def promotion_asked():
    s = Scenario("promotion-piece-asked", "D.2.1 (promotion piece announced)",
                 "\"David acht\" with a pawn on d7: the assistant asks only for the piece; the "
                 "answer \"Dame\" completes the move, which is read back and made",
                 fen=PROMO_FEN)
    s.heard(1000, "david acht")
    s.say(1000, "player", text="David acht: welche Figur? Dame, Turm, Läufer oder Springer?",
          about={"candidates": ["d7d8q", "d7d8r", "d7d8b", "d7d8n"]})
    s.heard(2000, "dame")
    s.say(2000, "player", text="David acht wird Dame?", about={"uci": "d7d8q"})
    s.heard(2500, "ja")
    s.made(2500, "d8=Q")
    s.say(2500, "opponent", text="David acht wird Dame")
    s.opponent_move(4000, "Ra2+")
    assert s.last_say() == "Gegner: Turm Anna zwei, Schach."


def promotion_named():
    s = Scenario("promotion-named-directly", "D.2.1",
                 "\"Bauer David acht wird Turm\" names the piece: no question, the under-promotion "
                 "is read back and made",
                 fen=PROMO_FEN)
    s.heard(1000, "bauer david acht wird turm")
    s.say(1000, "player", text="David acht wird Turm?", about={"uci": "d7d8r"})
    s.absent({"kind": "say", "text_contains": "welche Figur"})
    s.heard(1500, "ja")
    s.made(1500, "d8=R")
    s.say(1500, "opponent", text="David acht wird Turm")


def promotion_capture_english():
    fen = "3r4/4P2k/8/8/8/8/6K1/8 w - - 0 50"
    s = Scenario("promotion-capture-english", "D.2.1",
                 "English: a capturing promotion without the piece is asked for; \"queen\" "
                 "completes it and the read-back says capture, piece and check",
                 lang="en", fen=fen)
    s.heard(1000, "Eva takes David eight")
    s.say(1000, "player", text="David eight: which piece? Queen, rook, bishop or knight?",
          about={"candidates": ["e7d8q", "e7d8r", "e7d8b", "e7d8n"]})
    s.heard(2000, "queen")
    s.say(2000, "player", text=cap(s.words("exd8=Q")) + "?", about={"uci": "e7d8q"})
    assert s.words("exd8=Q") == "Eva takes David eight promotes queen"
    s.heard(2500, "yes")
    s.made(2500, "exd8=Q")


def promotion_two_pawns():
    fen = "3r4/2P1P2k/8/8/8/8/6K1/8 w - - 0 50"
    s = Scenario("promotion-two-pawns-ambiguous", "D.2.1, SPOKEN-MOVES §2",
                 "two pawns can take on d8 and promote: one short question naming them by their "
                 "origin; \"Cesar\" chooses",
                 fen=fen)
    s.heard(1000, "david acht dame")
    s.say(1000, "player", text="Bauer Cesar sieben oder Bauer Eva sieben?")
    s.heard(2000, "cesar")
    s.say(2000, "player", text=cap(s.words("cxd8=Q")) + "?", about={"uci": "c7d8q"})
    s.heard(2500, "ja")
    s.made(2500, "cxd8=Q")


def ambiguous_knights():
    fen = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3"
    s = Scenario("ambiguous-knights", "D.2.1, SPOKEN-MOVES §2",
                 "\"Springer David zwei\" with knights on b1 and f3: one short question naming both "
                 "by their origin; \"Bella\" answers it; the read-back is the full move",
                 fen=fen, time_control="900+0")
    s.heard(1000, "springer david zwei")
    s.say(1000, "player", text="Springer Bella eins oder Springer Felix drei?",
          about={"candidates": ["b1d2", "f3d2"]})
    s.heard(3000, "bella")
    s.say(3000, "player", text="Springer Bella David zwei?", about={"uci": "b1d2"})
    s.heard(3500, "ja")
    s.made(3500, "Nbd2")
    s.say(3500, "opponent", text="Springer Bella David zwei")
    s.clock_now(3500)


def ambiguous_cancel():
    fen = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3"
    s = Scenario("ambiguous-cancelled", "D.2.1, D.2.6",
                 "a question can be cancelled (\"nein\"); nothing is made; an answer that fits no "
                 "candidate says what was heard and asks again",
                 fen=fen)
    s.heard(1000, "springer david zwei")
    s.say(1000, "player", text="Springer Bella eins oder Springer Felix drei?")
    s.heard(2000, "gustav")
    s.say(2000, "player",
          text="gustav: passt nicht. Springer Bella eins oder Springer Felix drei?")
    s.heard(3000, "nein")
    s.say(3000, "player", text="Abgebrochen.")
    s.heard(4000, "bella")
    s.say(4000, "player", contains="bella")
    s.player_move(5000, "c4")


def ambiguous_rooks_english():
    fen = "r4rk1/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R4RK1 w - - 0 10"
    s = Scenario("ambiguous-rooks-english", "D.2.1, SPOKEN-MOVES §2",
                 "English: \"rook David one\" with rooks on a1 and f1 is asked; \"Felix\" "
                 "answers; the read-back names the rook's file",
                 lang="en", fen=fen)
    s.heard(1000, "rook David one")
    s.say(1000, "player", text="Rook Anna one or rook Felix one?",
          about={"candidates": ["a1d1", "f1d1"]})
    s.heard(2000, "Felix")
    s.say(2000, "player", text="Rook Felix David one?", about={"uci": "f1d1"})
    s.heard(2200, "yes")
    s.made(2200, "Rfd1")
    s.say(2200, "opponent", text="Rook Felix David one")


def partial_kept():
    s = Scenario("partial-kept-then-completed", "D.2.1, D.2.9.d",
                 "a partial move (\"David acht\") is kept while the player asks for the time and "
                 "for help; \"Dame\" then completes it",
                 fen=PROMO_FEN, time_control="600+0")
    s.heard(1000, "david acht")
    s.say(1000, "player", contains="welche Figur?")
    s.heard(2000, "zeit")
    s.say(2000, "player", text="Sie: neun Minuten, achtundfünfzig Sekunden. Gegner: zehn Minuten.",
          about={"white_ms": 598000, "black_ms": 600000})
    s.heard(3000, "hilfe")
    s.say(3000, "player", contains="Frage")
    s.heard(4000, "dame")
    s.say(4000, "player", text="David acht wird Dame?")
    s.heard(4500, "ja")
    s.made(4500, "d8=Q")
    s.clock_now(4500)


def partial_piece_question():
    fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    s = Scenario("partial-piece-asked", "D.2.1, SPOKEN-MOVES §2",
                 "\"Eva zwei\" where no pawn can go: the assistant asks only for the piece, naming "
                 "those that can; a wrong piece says what was heard; \"Springer\" completes it",
                 fen=fen)
    s.heard(1000, "eva zwei")
    s.say(1000, "player", text="Welche Figur nach Eva zwei? König, Dame, Läufer oder Springer?",
          about={"candidates": ["f1e2", "d1e2", "e1e2", "g1e2"]})
    s.heard(2000, "turm")
    s.say(2000, "player", contains="turm: passt nicht. Welche Figur nach Eva zwei?")
    s.heard(3000, "springer")
    s.say(3000, "player", text="Springer Eva zwei?", about={"uci": "g1e2"})
    s.heard(3200, "ja")
    s.made(3200, "Ne2")


def partial_forgotten():
    s = Scenario("partial-forgotten-when-position-changes", "D.2.1, 7.5.1 (position reset)",
                 "a partial move is forgotten when the position changes (the arbiter resets it): "
                 "\"Dame\" afterwards completes nothing",
                 fen=PROMO_FEN)
    s.player_move(1000, "Kh3")
    s.opponent_move(2000, "Ra2")
    s.heard(3000, "david acht")
    s.say(3000, "player", contains="welche Figur?")
    s.ev(4000, arbiter={"reset_to": {"ply": 0}})
    s.board = chess.Board(PROMO_FEN)
    s.say(4000, "player", contains="zurückgesetzt")
    s.heard(5000, "dame")
    s.absent({"kind": "say", "about": {"uci": "d7d8q"}}, start=4000, until=5999)
    s.heard(6000, "david acht dame")
    s.say(6000, "player", text="David acht wird Dame?")
    s.heard(6500, "ja")
    s.made(6500, "d8=Q")


# ===== illegal: tournament and training =====================================================

def illegal_tournament():
    s = Scenario("illegal-tournament", "D.2.9, 11.3.1 (tournament: no information)",
                 "tournament mode says only that a move is not possible, and what was heard; no "
                 "reason; nothing is made and no clock changes",
                 time_control="600+0")
    s.heard(1000, "springer eva fünf")
    s.say(1000, "player", text="springer eva fünf: nicht möglich.", about={"heard": "springer eva fünf"})
    s.heard(2000, "kurze rochade")
    s.say(2000, "player", text="kurze rochade: nicht möglich.")
    s.heard(3000, "läufer cesar vier")
    s.say(3000, "player", text="läufer cesar vier: nicht möglich.")
    s.absent({"kind": "say", "text_contains": "Kein"})
    s.absent({"kind": "say", "text_contains": "dazwischen"})
    s.player_move(4000, "e4")


def illegal_training():
    s = Scenario("illegal-training", "D.2.9 (training mode explains)",
                 "training mode says why a move is not possible, in correct German (\"Keine Dame\")",
                 mode="training")
    s.heard(1000, "springer eva fünf")
    s.say(1000, "player", text="springer eva fünf: nicht möglich. Kein Springer kann e5 erreichen.")
    s.heard(2000, "dame hector fünf")
    s.say(2000, "player", contains="dame hector fünf: nicht möglich. Keine Dame kann h5 erreichen.")
    s.heard(3000, "kurze rochade")
    s.say(3000, "player", contains="eine Figur steht dazwischen")
    s.player_move(4000, "e4")


def illegal_pinned_english():
    fen = "rnbqk1nr/pppp1ppp/8/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 1 3"
    s = Scenario("illegal-pinned-english", "D.2.9, 3.9 (training mode explains)",
                 "English, training: the pinned knight's move is refused with the reason; in "
                 "tournament mode (next scenario) the same words get no reason",
                 lang="en", mode="training", fen=fen)
    s.heard(1000, "knight David five")
    s.say(1000, "player",
          contains="knight David five: not possible, the knight on c3 is pinned: your king would be in check")
    s.player_move(2000, "Bd2")


def illegal_pinned_tournament_english():
    fen = "rnbqk1nr/pppp1ppp/8/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 1 3"
    s = Scenario("illegal-pinned-tournament-english", "D.2.9, 11.3.1",
                 "English, tournament: \"knight David five: not possible.\" and nothing more",
                 lang="en", fen=fen)
    s.heard(1000, "knight David five")
    s.say(1000, "player", text="knight David five: not possible.")
    s.absent({"kind": "say", "text_contains": "pinned"})


def illegal_in_check():
    fen = "rnb1kbnr/pppp1ppp/8/4p3/7q/5P2/PPPPP1PP/RNBQKBNR w KQkq - 1 2"
    s = Scenario("illegal-while-in-check", "3.9, D.2.9",
                 "in check, a move that does not answer it is not possible; the answering move "
                 "is read back and made",
                 fen=fen)
    s.heard(1000, "springer cesar drei")
    assert chess.Board(fen).is_check()
    s.say(1000, "player", text="springer cesar drei: nicht möglich.")
    s.player_move(2000, "g3")


# ===== the opponent's moves: D.2.9.a–b, 7.5 ==================================================

def opponent_illegal_call_arbiter():
    s = Scenario("opponent-illegal-arbiter-called", "D.2.9.a, 7.5.1, 6.11",
                 "the opponent's impossible entry is not applied; the player is offered to stop "
                 "the clock and call the arbiter; \"ja\" stops it (the opponent's clock does not "
                 "start the player's) and the arbiter hears what was entered",
                 time_control="600+0")
    s.player_move(1000, "e4")
    s.opp_event(3000, "Ke7")
    s.say(3000, "player", contains="Schiedsrichter rufen?", about={"entered": "Ke7"})
    s.say(3000, "opponent", contains="Ke7")
    s.heard(4000, "ja")
    s.clock.pause(4000)
    s.clock_now(4000)
    s.say(4000, "arbiter", contains="Ke7")
    s.ev(10000, arbiter="resume")
    s.clock.resume(10000)
    s.clock_now(10000)
    s.opponent_move(12000, "e5")
    assert s.clock.reading(12000)["black"] == 600000 - 2900 - 2000


def opponent_illegal_declined_english():
    s = Scenario("opponent-illegal-declined-english", "D.2.9.a, 7.5.1",
                 "English: the player declines to call the arbiter; the clock keeps running; the "
                 "opponent's next, legal entry is applied",
                 lang="en", time_control="300+0")
    s.player_move(1000, "d4")
    s.opp_event(2000, "Qxd4")
    s.say(2000, "player", contains="Qxd4")
    s.heard(3000, "no")
    s.say(3000, "player", text="Cancelled.")
    s.opponent_move(5000, "d5")


def opponent_entry_forms():
    s = Scenario("opponent-entry-forms", "D.2.9.a–b",
                 "the opponent's moves entered as SAN, UCI, German SAN letters, FIDE words and "
                 "English words are all applied and announced in the FIDE words, with capture, "
                 "check and castling",
                 player="black")
    s.opponent_move(1000, "e4")
    s.player_move(2000, "e5")
    s.opponent_move(3000, "Nf3", entered="g1f3")
    s.player_move(4000, "Nc6")
    s.opponent_move(5000, "Bc4", entered="Lc4")
    s.player_move(6000, "Nd4")
    s.opponent_move(7000, "Nxe5", entered="Springer schlägt Eva fünf")
    s.player_move(8000, "Qg5")
    s.opponent_move(9000, "Bxf7+", entered="bishop takes Felix seven")
    assert s.last_say() == "Gegner: Läufer schlägt Felix sieben, Schach."
    s.player_move(10000, "Ke7")
    s.opponent_move(11000, "O-O", entered="0-0")
    assert s.last_say() == "Gegner: Kurze Rochade."


def opponent_on_players_turn():
    s = Scenario("opponent-entry-on-players-turn", "D.2.9.a, 1.3",
                 "an entry for the opponent while the player has the move is refused, saying "
                 "what was entered; nothing is applied",
                 time_control="600+0")
    s.opp_event(1000, "e5")
    s.say(1000, "opponent", contains="e5: Der Spieler ist am Zug")
    s.player_move(2000, "e4")
    s.opponent_move(3000, "e5")


# ===== requests: D.2.9.d and the rest ========================================================

def request_time_moves():
    s = Scenario("request-time-and-moves", "D.2.9.d",
                 "\"Zeit\": both clocks, the player's first; \"Züge\"/\"Zugzahl\": moves played and "
                 "moves left to the time control; nothing is said unasked",
                 time_control="40/7200:3600", clock_model=(7_200_000, 0))
    at = s.line(1000, ["e4", "e5", "Nf3", "Nc6"])
    # white: 7 200 000 - 1 100 - 1 100 - 60 000 = 7 137 800 (1 h 58 min 57.8 s)
    # black: 7 200 000 - 900 - 900 = 7 198 200 (1 h 59 min 58.2 s)
    s.heard(64000, "zeit")
    assert s.clock.reading(64000) == {"white": 7137800, "black": 7198200}
    s.say(64000, "player",
          text="Sie: eine Stunde, achtundfünfzig Minuten. Gegner: eine Stunde, neunundfünfzig Minuten.",
          about={"white_ms": 7137800, "black_ms": 7198200})
    s.heard(65000, "züge")
    s.say(65000, "player", text="Zwei Züge gespielt, noch achtunddreißig bis zur Zeitkontrolle.")
    s.heard(66000, "zugzahl")
    s.say(66000, "player", text="Zwei Züge gespielt, noch achtunddreißig bis zur Zeitkontrolle.")
    s.player_move(70000, "Bb5")
    s.heard(80000, "uhr")
    s.say(80000, "player", about={"white_ms": 7137800 - 6100, "black_ms": 7198200 - 9900})


def request_time_english():
    s = Scenario("request-time-english", "D.2.9.d",
                 "English \"time\" and \"moves\" in sudden death",
                 lang="en", time_control="300+0")
    s.player_move(1000, "e4")
    s.opponent_move(5000, "e5")
    s.heard(15000, "time")
    # white 300 000 - 1 100 - 10 000 = 288 900; black 300 000 - 3 900 = 296 100
    s.say(15000, "player", contains="You: four minutes, forty",
          about={"white_ms": 288900, "black_ms": 296100})
    s.heard(16000, "moves")
    s.say(16000, "player", text="One move played.")


def request_repeat():
    s = Scenario("request-repeat", "D.2.9.b (repeat the last announcement)",
                 "\"Wiederholen\" and \"Wie bitte\" repeat the last announcement word for word; "
                 "before anything was said, the assistant says so",
                 player="black")
    s.heard(500, "wiederholen")
    s.say(500, "player", text="Es wurde noch nichts angesagt.")
    s.opponent_move(1000, "d4")
    s.heard(2000, "wiederholen")
    s.say(2000, "player", text="Gegner: David vier.", about={"uci": "d2d4"})
    s.heard(3000, "wie bitte")
    s.say(3000, "player", text="Gegner: David vier.")
    s.player_move(4000, "Nf6")


def request_help():
    fen = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3"
    s = Scenario("request-help", "D.2.9 (what can be said)",
                 "\"Hilfe\" says what can be said now: on the move, after a read-back, during a "
                 "question, while the opponent thinks, after the end",
                 fen=fen)
    s.heard(1000, "hilfe")
    s.say(1000, "player", contains="Sie sind am Zug")
    s.heard(2000, "springer david zwei")
    s.heard(3000, "hilfe")
    s.say(3000, "player", contains="Beantworten Sie die Frage")
    s.heard(4000, "bella")
    s.heard(5000, "hilfe")
    s.say(5000, "player", contains="bestätigt den Zug")
    s.heard(6000, "ja")
    s.made(6000, "Nbd2")
    s.heard(7000, "hilfe")
    s.say(7000, "player", contains="Der Gegner ist am Zug")
    s.opp_event(8000, "aufgabe")
    s.exp(8000, "end", result="1-0", reason="resignation")
    s.heard(9000, "hilfe")
    s.say(9000, "player", contains="Die Partie ist beendet")


def request_position():
    s = Scenario("request-position-modes", "D.2.9, 11.3.1 (training only)",
                 "\"Stellung\" is refused in tournament mode")
    s.heard(1000, "stellung")
    s.say(1000, "player", text="Das ist im Turniermodus nicht erlaubt.")
    s.absent({"kind": "say", "text_contains": "Ihre Figuren"})
    t = Scenario("request-position-training", "D.2.9 (training mode)",
                 "\"Stellung\" in training mode reads the position: own pieces first, then the "
                 "opponent's, and who is to move",
                 mode="training", fen="4k3/8/8/8/8/8/4P3/4K2R w K - 0 1")
    t.heard(1000, "stellung")
    t.say(1000, "player",
          text="Ihre Figuren: König Eva eins; Turm Hector eins; Bauer Eva zwei. Gegner: König Eva acht. Sie sind am Zug.")


def piece_queries():
    s = Scenario("request-piece-query-training", "D.2.9 (training mode: piece queries)",
                 "training mode answers \"Stellung Eva vier\" (what stands there) and \"Stellung "
                 "Springer\" (where the knights stand), the player's first; never read as a move",
                 mode="training", time_control="600+0", confirm_ms=2000)
    s.line(1000, ["e4", "e5"])
    s.heard(3000, "stellung eva vier")
    s.say(3000, "player", text="Eva vier: Ihr Bauer.")
    s.heard(4000, "stellung eva fünf")
    s.say(4000, "player", text="Eva fünf: Bauer des Gegners.")
    s.heard(5000, "stellung eva drei")
    s.say(5000, "player", text="Eva drei: leer.")
    s.heard(6000, "stellung springer")
    s.say(6000, "player",
          text="Ihre Springer: Bella eins, Gustav eins. Springer des Gegners: Bella acht, Gustav acht.")
    s.heard(7000, "stellung dame")
    s.say(7000, "player", text="Ihre Damen: David eins. Damen des Gegners: David acht.")
    s.tick(12000)  # no window runs: nothing was read back, nothing is made

    t = Scenario("request-piece-query-tournament", "D.2.9, 11.3.1 (tournament: no information)",
                 "tournament mode refuses \"Stellung Eva vier\", and does not take it for the move "
                 "Eva vier", time_control="600+0", confirm_ms=2000)
    t.heard(1000, "stellung eva vier")
    t.say(1000, "player", text="Das ist im Turniermodus nicht erlaubt.")
    t.tick(5000)
    t.absent({"kind": "say", "about": {"uci": "e2e4"}})

    u = Scenario("request-piece-query-english", "D.2.9 (training mode: piece queries)",
                 "English training mode: \"position Eva two\" and \"position rook\"",
                 lang="en", mode="training")
    u.heard(1000, "position Eva two")
    u.say(1000, "player", text="Eva two: your pawn.")
    u.heard(2000, "position rook")
    u.say(2000, "player",
          text="Your rooks: Anna one, Hector one. Your opponent's rooks: Anna eight, Hector eight.")


def no_unsolicited_time():
    s = Scenario("no-unsolicited-time-tournament", "D.2.9.d (only on request)",
                 "tournament mode: the player thinks past ten and five minutes left; nothing about "
                 "the time is said unasked",
                 time_control="900+0")
    for t in (300000, 300100, 600000, 600100, 700000):
        s.tick(t)
    # The time control is read back once as the game starts (issue 14 item 8): the control
    # agreed, not the clock's reading; after it nothing is said unasked.
    s.say(0, "player", text="Bedenkzeit: fünfzehn Minuten.")
    s.absent({"kind": "say"}, start=1, until=699999)
    s.player_move(700000, "e4")
    assert s.clock.reading(700100)["white"] == 199900


def time_warnings_training():
    s = Scenario("time-warnings-training", "D.2.9.d, D.2.4 (training: warnings)",
                 "training mode warns at ten and five minutes left",
                 mode="training", time_control="900+0")
    s.tick(299000)
    s.tick(300000)
    s.say(300000, "player", text="Noch zehn Minuten.")
    s.tick(600000)
    s.say(600000, "player", text="Noch fünf Minuten.")
    s.say(0, "player", text="Bedenkzeit: fünfzehn Minuten.")
    s.absent({"kind": "say"}, start=1, until=299999)


def request_arbiter():
    s = Scenario("request-arbiter", "6.11.2 (stop the clock to call the arbiter)",
                 "\"Schiedsrichter\" stops the clock and tells the arbiter who calls; the arbiter "
                 "starts it again",
                 time_control="600+0")
    s.heard(5000, "schiedsrichter")
    s.clock.pause(5000)
    s.clock_now(5000)
    s.say(5000, "arbiter", contains="Weiß bittet den Schiedsrichter")
    s.ev(9000, arbiter="resume")
    s.clock.resume(9000)
    s.clock_now(9000)
    s.player_move(10000, "e4")
    assert s.clock.reading(10100)["white"] == 600000 - 5000 - 1100


# ===== draw offers: 9.1 ======================================================================

def draw_offer_with_move():
    s = Scenario("draw-offer-with-move", "9.1.2.1, 9.1.2.2, 8.1.5",
                 "\"Remis\" during the read-back: the offer is announced to the opponent after the "
                 "move is made (not before), and \"(=)\" is written after the player's move",
                 time_control="600+0", confirm_ms=2000, pgn_contains=["1. e4 {[%clk 0:09:57] (=)}"])
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?")
    s.draw_heard(1500, "remis", "Remis anbieten? Ja oder nein.", 1600)
    s.say(1600, "player", text="Remis wird mit dem Zug angeboten.")
    s.absent({"kind": "say", "to": "opponent"}, until=2999)
    s.tick(3000)
    s.made(3000, "e4")
    s.say(3000, "opponent", text="Eva vier")
    s.say(3000, "opponent", text="Remis wird angeboten.")
    s.clock_now(3000)
    s.opp_event(8000, "ablehnen")
    s.say(8000, "player", text="Remis abgelehnt.")
    s.opponent_move(9000, "e5")


def draw_offer_accepted():
    s = Scenario("draw-offer-accepted", "9.1.2.1, 5.2.3",
                 "the opponent's offer stands while the player asks for the time; \"Remis\" "
                 "accepts it and the game ends drawn, clocks stopped",
                 time_control="600+0", player="black")
    s.opponent_move(1000, "e4")
    s.player_move(2000, "c5")
    s.opponent_move(3000, "Nf3")
    s.opp_event(3000, "remis")
    s.say(3000, "player", contains="Der Gegner bietet Remis an")
    s.heard(4000, "zeit")
    r = s.clock.reading(4000)
    assert r == {"white": 598100, "black": 597900}
    s.say(4000, "player", about={"white_ms": r["white"], "black_ms": r["black"]})
    s.draw_heard(5000, "remis", "Remisangebot annehmen? Ja oder nein.", 5500)
    s.absent({"kind": "end"}, until=5499)
    s.say(5500, "opponent", text="Remis vereinbart.")
    s.end(5500, "1/2-1/2", "agreement")


def draw_offer_declined():
    s = Scenario("draw-offer-declined", "9.1.2.1",
                 "\"Nein\" declines the opponent's offer: both hear it; the game goes on",
                 player="black")
    s.opponent_move(1000, "d4")
    s.opp_event(1000, "remis")
    s.heard(2000, "nein")
    s.say(2000, "opponent", text="Remis abgelehnt.")
    s.say(2000, "player", text="Remis abgelehnt.")
    s.player_move(3000, "d5")
    s.absent({"kind": "end"})


def draw_offer_lapses():
    s = Scenario("draw-offer-lapses-with-move", "9.1.2.1",
                 "the player answers the opponent's offer with a move: the offer lapses; a later "
                 "\"Remis\" is a new offer of the player, not an acceptance",
                 player="black")
    s.opponent_move(1000, "e4")
    s.opp_event(1000, "remis")
    s.player_move(2000, "e5")
    s.say(2100, "player", text="Das Remisangebot ist mit dem Zug erloschen.")
    s.draw_heard(3000, "remis", "Remis anbieten? Ja oder nein.", 3100)
    s.say(3100, "opponent", text="Remis wird angeboten.")
    s.absent({"kind": "end"})
    s.opponent_move(4000, "Nf3")


def draw_offer_declined_by_opponent_english():
    s = Scenario("draw-offer-declined-by-opponent-english", "9.1.2.1",
                 "English: the player's offer made with the move is declined by the opponent; "
                 "the player is told",
                 lang="en")
    s.heard(1000, "David four")
    s.draw_heard(1050, "draw", "Offer a draw? Yes or no.", 1080, yes="yes")
    s.say(1080, "player", text="A draw will be offered with the move.")
    s.heard(1100, "yes")
    s.made(1100, "d4")
    s.say(1100, "opponent", text="A draw is offered.")
    s.opp_event(5000, "decline")
    s.say(5000, "player", text="Draw declined.")
    s.opponent_move(6000, "d5")


def draw_heard_from_the_opponent():
    s = Scenario("draw-heard-not-confirmed", "9.1.2.1, D.2.3",
                 "the opponent's own \"Remis\" reaches the player's microphone after his offer: "
                 "it is asked back, not taken; the player's move instead lapses the offer and "
                 "nothing ends",
                 player="black")
    s.opponent_move(1000, "e4")
    s.opp_event(1000, "remis")
    s.draw_heard(1500, "remis", "Remisangebot annehmen? Ja oder nein.", 2000, yes="cesar fünf")
    s.absent({"kind": "end"})
    s.say(2000, "player", text="Cesar fünf?")
    s.heard(2100, "ja")
    s.made(2100, "c5")
    s.clock_now(2100)
    s.say(2100, "player", text="Das Remisangebot ist mit dem Zug erloschen.")


def draw_offer_heard_declined():
    s = Scenario("draw-offer-heard-declined", "9.1.2.1",
                 "chatter heard as \"ich biete Remis an\" is asked back; \"nein\" keeps the read-back "
                 "that waited, with its window, and nothing reaches the opponent",
                 confirm_ms=2000)
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?")
    s.draw_heard(1500, "ich biete remis an", "Remis anbieten? Ja oder nein.", 1800, yes="nein")
    s.say(1800, "player", text="Kein Remis.")
    s.absent({"kind": "say", "to": "opponent", "text": "Remis wird angeboten."})
    s.absent({"kind": "made"}, until=3799)
    s.tick(3800)
    s.made(3800, "e4")
    s.say(3800, "opponent", text="Eva vier")
    s.clock_now(3800)


# ===== the opponent's entries settled with the opponent (issue 14 item 2) ===================

def opponent_opening(name, shows):
    s = Scenario(name, "D.2.9.a–b, 7.5", shows, player="black")
    s.opponent_move(1000, "d4")
    s.player_move(2000, "Nf6")
    s.opponent_move(3000, "Nf3")
    s.player_move(4000, "e6")
    return s


def opponent_ambiguous_asked():
    s = opponent_opening("opponent-ambiguous-asked",
                         "the opponent enters \"Nd2\" with knights on b1 and f3: the opponent is "
                         "asked which, naming both; the player hears nothing until the move is "
                         "made; \"b\" answers it")
    s.opp_event(5000, "Nd2")
    s.say(5000, "opponent", contains="Nbd2")
    s.absent({"kind": "say", "to": "player"}, start=5000, until=5999)
    s.opponent_move(6000, "Nbd2", entered="b")


def opponent_real_move_during_question():
    s = opponent_opening("opponent-real-move-during-question",
                         "while the opponent is asked which knight he meant, his real move "
                         "\"c4\" is taken: the question lapses")
    s.opp_event(5000, "Nd2")
    s.say(5000, "opponent", contains="Nfd2")
    s.opponent_move(6000, "c4")
    s.player_move(7000, "d5")


def opponent_bare_square_asked():
    s = opponent_opening("opponent-bare-square-asked",
                         "the opponent enters only a square no pawn can go to, \"d2\": the moves "
                         "to it are asked back, none is guessed; \"Nfd2\" answers it")
    s.opp_event(5000, "d2")
    s.say(5000, "opponent", contains="Nfd2")
    s.absent({"kind": "made"}, start=5000, until=5999)
    s.opponent_move(6000, "Nfd2")


def opponent_stray_word():
    s = opponent_opening("opponent-stray-word",
                         "a stray word entered for the opponent is no move and no impossible move: "
                         "the opponent is told it was not understood, the player is not asked "
                         "to call the arbiter")
    s.opp_event(5000, "hallo")
    s.say(5000, "opponent", text="Nicht verstanden: hallo.")
    s.absent({"kind": "say", "to": "player"}, start=5000, until=5999)
    s.opponent_move(6000, "c4")


# ===== repeat-backs: the opponent's move said back (issue 14 item 1) =======================

def repeat_back_not_made():
    s = Scenario("repeat-back-not-made", "D.2.3, D.2.6",
                 "after \"Gegner: David fünf\" the player says \"David fünf\" back, as people "
                 "acknowledge a move: those words also name exd5, which is asked as \"Meinten "
                 "Sie …?\" and never made by the window (here captures have the window), only "
                 "by \"ja\"",
                 confirm_ms=2000, extra={"capture_window": True})
    s.player_move(1000, "e4")
    s.opponent_move(2000, "d5")
    s.heard(2500, "david fünf")
    s.say(2500, "player", text="Meinten Sie Eva schlägt David fünf? Ja oder nein.",
          about={"uci": "e4d5"})
    s.tick(9000)
    s.absent({"kind": "made"}, start=2001, until=9999)
    s.heard(10000, "ja")
    s.made(10000, "exd5")


def repeat_back_says_more():
    s = Scenario("repeat-back-says-more", "D.2.3, D.2.6",
                 "after \"Gegner: Eva schlägt David fünf\" the player's \"Dame schlägt David "
                 "fünf\" names another piece: his own move, read back plainly and made by the "
                 "window",
                 player="black", confirm_ms=2000, extra={"capture_window": True})
    s.opponent_move(1000, "e4")
    s.player_move(2000, "d5")
    s.opponent_move(3000, "exd5")
    s.heard(3500, "dame schlägt david fünf")
    s.say(3500, "player", text="Dame schlägt David fünf?", about={"uci": "d8d5"})
    s.tick(5500)
    s.made(5500, "Qxd5")
    s.say(5500, "opponent", text="Dame schlägt David fünf")


def unsure_command_asked():
    s = Scenario("unsure-command-asked", "D.2.9.d",
                 "a command the recognizer was unsure of (half its confidence) is asked back, "
                 "\"Meinten Sie Zeit?\", and carried out only at \"ja\"; \"nein\" cancels "
                 "it, and a move said instead is read back as any move",
                 time_control="600+0")
    s.heard(1000, [["zeit", 0.5]])
    s.say(1000, "player", text="Meinten Sie Zeit? Ja oder nein.")
    s.absent({"kind": "say", "about": {"white_ms": 599000}})
    s.heard(2000, "ja")
    r = s.clock.reading(2000)
    s.say(2000, "player", about={"white_ms": r["white"], "black_ms": r["black"]})
    s.heard(3000, [["züge", 0.5]])
    s.say(3000, "player", text="Meinten Sie Züge? Ja oder nein.")
    s.heard(3500, "nein")
    s.say(3500, "player", text="Abgebrochen.")
    s.heard(4000, [["hilfe", 0.5]])
    s.say(4000, "player", text="Meinten Sie Hilfe? Ja oder nein.")
    s.heard(4500, "eva vier")
    s.say(4500, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.absent({"kind": "say", "text_contains": "Frage"})
    s.heard(5000, "ja")
    s.made(5000, "e4")
    s.clock_now(5000)


def unsure_command_resumed():
    s = Scenario("unsure-command-resumed", "D.2.9.d",
                 "a command asked back (\"Meinten Sie Zeit?\") is asked again after an "
                 "interruption, and \"ja\" then carries it out",
                 time_control="600+0")
    s.heard(1000, [["zeit", 0.5]])
    s.say(1000, "player", text="Meinten Sie Zeit? Ja oder nein.")
    s.ev(5000, resumed=True)
    s.say(5000, "player", text="Meinten Sie Zeit? Ja oder nein.")
    s.heard(6000, "ja")
    r = s.clock.reading(6000)
    s.say(6000, "player", about={"white_ms": r["white"], "black_ms": r["black"]})


def unsure_readout_not_started():
    s = Scenario("unsure-readout-not-started", "D.2.5",
                 "\"Partieformular ab Zug eins\" heard unsurely (noise forced onto it) starts "
                 "no read-out of the scoresheet; heard surely, it reads the sheet from that move",
                 time_control="600+0")
    s.player_move(1000, "e4")
    s.opponent_move(2000, "e5")
    s.heard(3000, [["partieformular ab zug eins", 0.5]])
    s.say(3000, "player", text="Nicht verstanden: partieformular ab zug eins.")
    s.absent({"kind": "say", "about": {"read_out": "scoresheet"}}, until=3999)
    s.heard(4000, [["partieformular ab zug eins", 0.9]])
    s.say(4000, "player", text="Zug eins: Eva vier, Eva fünf.",
          about={"read_out": "scoresheet"})


def unsure_answer_not_taken():
    s = Scenario("unsure-answer-not-taken", "D.2.6",
                 "a \"ja\" the recognizer was unsure of that does not begin with \"ja\" "
                 "itself (\"richtig\") is not understood, never asked back (chatter taken for "
                 "\"ja\" would make the move); nor is a resignation heard where a move was "
                 "nearly as likely",
                 confirm_ms=0)
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.heard(1500, [["richtig", 0.5]])
    s.say(1500, "player", text="Nicht verstanden: richtig.")
    s.heard(2000, [["aufgabe", 0.55], ["eva vier", 0.45]])
    s.absent({"kind": "say", "text_contains": "aufgeben"})
    s.absent({"kind": "made"}, until=2999)
    s.heard(3000, "ja")
    s.made(3000, "e4")


def not_understood_holds_window():
    s = Scenario("not-understood-holds-window", "D.2.6",
                 "the player speaks during the correction window and is not understood (a "
                 "\"nein\" half heard): the window no longer makes the move; it is asked again "
                 "and made only by \"ja\"",
                 confirm_ms=2000)
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.heard(1500, [["nein", 0.4]])
    s.say(1500, "player", text="Nicht verstanden: nein.")
    s.say(1500, "player", text="Meinten Sie Eva vier? Ja oder nein.", about={"uci": "e2e4"})
    s.tick(3000)
    s.tick(9000)
    s.absent({"kind": "made"}, until=9999)
    s.heard(10000, "ja")
    s.made(10000, "e4")


def unsure_nein_answers_question():
    s = Scenario("unsure-nein-answers-question", "D.2.6",
                 "a \"nein\" or \"Abbrechen\" the recognizer was unsure of: in the correction "
                 "window it holds the move, which is asked again; to that question (and to a "
                 "read-back that waits for \"ja\") it withdraws the move, never makes it; an "
                 "unsure \"ja\" still makes nothing, nor does a \"Korrektur\" where a move was "
                 "nearly as likely",
                 confirm_ms=2000)
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.heard(1500, [["nein", 0.5]])
    s.say(1500, "player", text="Meinten Sie Eva vier? Ja oder nein.", about={"uci": "e2e4"})
    s.heard(2500, [["abbrechen", 0.5]])
    s.say(2500, "player", text="Zurückgenommen. Ihr Zug?")
    s.tick(9000)
    s.heard(10000, [["ja", 0.5]])
    s.say(10000, "player", text="Nicht verstanden: ja.")
    s.heard(11000, "david vier")
    s.say(11000, "player", text="David vier?", about={"uci": "d2d4"})
    s.heard(11500, [["nein", 0.5]])
    s.say(11500, "player", text="Meinten Sie David vier? Ja oder nein.", about={"uci": "d2d4"})
    s.heard(12000, [["korrektur", 0.45], ["david vier", 0.05]])
    s.say(12000, "player", text="Nicht verstanden: korrektur.")
    s.absent({"kind": "made"}, until=12999)
    s.heard(13000, "ja")
    s.made(13000, "d4")


def unsure_ja_confirms_question():
    s = Scenario("unsure-ja-confirms-question", "D.2.6",
                 "a \"ja\" the recognizer was unsure of confirms a read-back that waits for "
                 "\"ja\" when it begins with \"ja\" itself (\"ja genau\"); in the correction "
                 "window it only holds the move, \"jawohl\" heard unsurely makes nothing, and "
                 "an unsure \"ja\" never confirms a resignation",
                 confirm_ms=2000)
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.heard(1500, [["ja", 0.5]])
    s.say(1500, "player", text="Meinten Sie Eva vier? Ja oder nein.", about={"uci": "e2e4"})
    s.heard(2500, [["jawohl", 0.5]])
    s.say(2500, "player", text="Nicht verstanden: jawohl.")
    s.absent({"kind": "made"}, until=3499)
    s.heard(3500, [["ja genau", 0.5]])
    s.made(3500, "e4")
    s.opponent_move(5000, "e5")
    s.heard(6000, "aufgabe")
    s.say(6000, "player", text="Wollen Sie wirklich aufgeben? Ja oder nein.")
    s.heard(7000, [["ja", 0.5]])
    s.say(7000, "player", text="Nicht verstanden: ja.")
    s.absent({"kind": "end"})

    s = Scenario("unsure-ja-not-for-draw-offer", "D.2.6, 9.1.2.1",
                 "a move read back as a question that carries a draw offer is made only by a "
                 "\"ja\" heard surely, never by an unsure one",
                 confirm_ms=2000)
    s.heard(1000, [["eva vier", 0.5]])
    s.say(1000, "player", text="Meinten Sie Eva vier? Ja oder nein.", about={"uci": "e2e4"})
    s.heard(1500, "remis")
    s.say(1500, "player", text="Remis anbieten? Ja oder nein.")
    s.heard(1600, "ja")
    s.say(1600, "player", text="Remis wird mit dem Zug angeboten.")
    s.heard(2500, [["ja", 0.5]])
    s.say(2500, "player", text="Nicht verstanden: ja.")
    s.tick(4000)
    s.absent({"kind": "made"}, until=4999)
    s.heard(5000, "ja")
    s.made(5000, "e4")
    s.say(5000, "opponent", text="Remis wird angeboten.")


def unsure_nein_answers_english_capture():
    s = Scenario("unsure-nein-answers-english-capture", "D.2.6",
                 "English: a capture is read back and waits for \"yes\" (no window); a \"no\" "
                 "the recognizer was unsure of withdraws it at once",
                 confirm_ms=2000, lang="en")
    s.player_move(1000, "e4")
    s.opponent_move(2000, "d5")
    move = s.board.parse_san("exd5")
    words = spoken(s.board, move, s.vocab)
    s.heard(3000, words.lower().replace(",", ""))
    s.say(3000, "player", text=f"{cap(words)}?", about={"uci": "e4d5"})
    s.heard(3500, [["no", 0.5]])
    s.say(3500, "player", text="Withdrawn. Your move?")
    s.absent({"kind": "made"}, start=3001)


def speaking_holds_window():
    s = Scenario("speaking-holds-window", "D.2.6",
                 "the player begins to speak in the correction window (`speaking`): the window "
                 "waits for his words, so a \"nein\" heard after the window's end still "
                 "withdraws the move; after words that leave the read-back waiting (\"Zeit\") "
                 "a whole window runs afresh",
                 confirm_ms=2000, time_control="600+0")
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.ev(2500, speaking=True)
    s.tick(3000)
    s.tick(4000)
    s.heard(4500, "nein")
    s.say(4500, "player", contains="Zurückgenommen")
    s.absent({"kind": "made"}, until=7999)
    s.heard(5000, "eva vier")
    s.say(5000, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.ev(6500, speaking=True)
    s.tick(7000)
    s.heard(7500, "zeit")
    r = s.clock.reading(7500)
    s.say(7500, "player", about={"white_ms": r["white"], "black_ms": r["black"]})
    s.tick(9000)
    s.tick(9500)
    s.made(9500, "e4")
    s.clock_now(9500)


def knock_in_window():
    s = Scenario("knock-in-window", "D.2.6",
                 "a knock in the correction window starts as speech (`speaking`) but is no words "
                 "(`speaking: false`): the window runs again, whole, and makes the move",
                 confirm_ms=2000, time_control="600+0")
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.ev(2500, speaking=True)
    s.ev(2700, speaking=False)
    s.tick(3000)
    s.tick(4600)
    s.absent({"kind": "made"}, until=4699)
    s.absent({"kind": "say", "text_contains": "Meinten Sie"})
    s.tick(4700)
    s.made(4700, "e4")
    s.clock_now(4700)


def speaking_without_words():
    s = Scenario("speaking-without-words", "D.2.6",
                 "the player begins to speak in the correction window but no words are ever "
                 "heard (the recognizer dropped them): ten seconds later the move is asked "
                 "again and made only by \"ja\", since the words may have been \"nein\"",
                 confirm_ms=2000)
    s.heard(1000, "eva vier")
    s.say(1000, "player", text="Eva vier?", about={"uci": "e2e4"})
    s.ev(2500, speaking=True)
    s.tick(3000)
    s.tick(12400)
    s.tick(12500)
    s.say(12500, "player", text="Meinten Sie Eva vier? Ja oder nein.", about={"uci": "e2e4"})
    s.tick(20000)
    s.absent({"kind": "made"}, until=20999)
    s.heard(21000, "ja")
    s.made(21000, "e4")


# ===== claims: 9.2, 9.3, 9.5 =================================================================

KNIGHT_DANCE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def claim_threefold_on_board():
    s = Scenario("claim-threefold-on-board", "9.2.1.2, 9.5.1",
                 "the position has just appeared the third time with the player to move: "
                 "\"Remis\" claims; the clock is stopped, the arbiter told, the game drawn",
                 time_control="600+0", pgn_contains=["Reklamation von Weiß: dreimalige Stellungswiederholung, berechtigt"])
    at = s.line(1000, KNIGHT_DANCE * 2)
    assert s.board.can_claim_threefold_repetition() and s.board.is_repetition(3)
    s.draw_heard(at, "remis", "Remis reklamieren? Ja oder nein.", at + 300)
    s.exp(at + 300, "claim", claim="threefold_repetition", side="white", upheld=True)
    s.say(at + 300, "arbiter", contains="9.2")
    s.end(at + 300, "1/2-1/2", "threefold repetition claimed")


def claim_threefold_intended():
    s = Scenario("claim-threefold-intended-move", "9.2.1.1, 9.5.1, 8.1.2",
                 "the intended move would repeat the position a third time: \"Remis\" after its "
                 "read-back claims; the move is written, not made (no announcement, no clock)",
                 time_control="600+0",
                 pgn_contains=["beabsichtigter Zug Nb1"], pgn_absent=["5. Nb1"])
    at = s.line(1000, ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Nc3", "Ng8"])
    b = s.board.copy()
    assert not b.is_repetition(3)
    b.push_san("Nb1")
    assert b.is_repetition(3)
    s.heard(at, "springer bella eins")
    s.say(at, "player", text="Springer Bella eins?", about={"uci": "c3b1"})
    s.draw_heard(at + 500, "remis", "Remis reklamieren? Ja oder nein.", at + 800)
    s.exp(at + 800, "claim", claim="threefold_repetition", side="white", upheld=True)
    s.say(at + 800, "arbiter", contains="Nb1")
    s.end(at + 800, "1/2-1/2", "threefold repetition claimed")
    s.absent({"kind": "say", "to": "opponent", "text": "Springer Bella eins"})


def claim_fifty_intended():
    fen = "4k3/8/3r4/8/8/8/R7/4K3 w - - 99 80"
    s = Scenario("claim-fifty-intended-move", "9.3.1, 9.5.1",
                 "99 half-moves without pawn move or capture: the intended quiet move completes "
                 "50 moves each; \"Remis\" claims with it, the clock is stopped",
                 fen=fen, time_control="600+0", pgn_contains=["beabsichtigter Zug Kf1"])
    s.heard(1000, "könig felix eins")
    s.say(1000, "player", text="König Felix eins?")
    s.draw_heard(1500, "remis", "Remis reklamieren? Ja oder nein.", 1700)
    s.exp(1700, "claim", claim="fifty_moves", side="white", upheld=True)
    s.end(1700, "1/2-1/2", "50-move rule claimed")


def check_word_left_out():
    """The player's setting leaves "Schach" out (fa 3.8: announcing check is not compulsory;
    rules map T13); mate is still said."""
    s = Scenario("check-word-left-out", "3.8 (2001: announcing check not compulsory)",
                 "with `announce_check: false` a checking move is read back and announced "
                 "without \"Schach\"",
                 extra={"announce_check": False})
    at = s.line(1000, ["e4", "f6"])
    assert s.board.san(s.board.parse_san("Qh5")) == "Qh5+"
    s.heard(at, "dame hector fünf")
    s.say(at, "player", text="Dame Hector fünf?")
    s.heard(at + 100, "ja")
    s.made(at + 100, "Qh5+")
    s.say(at + 100, "opponent", text="Dame Hector fünf")
    s.absent({"kind": "say", "text_contains": ", Schach"})

    s = Scenario("check-word-left-out-mate", "3.8 (2001)",
                 "with `announce_check: false` a mate is still said",
                 extra={"announce_check": False})
    at = s.line(1000, ["e4", "f6", "d4", "g5"])
    s.heard(at, "dame hector fünf")
    s.say(at, "player", text="Dame Hector fünf, Matt?")
    s.heard(at + 100, "ja")
    s.made(at + 100, "Qh5#")
    s.say(at + 100, "opponent", text="Dame Hector fünf, Matt")

    s = Scenario("check-word-left-out-opponent", "3.8 (2001)",
                 "the player has Black and has asked for no \"Schach\": the opponent's "
                 "checking move is announced without it",
                 player="black", extra={"announce_check": False})
    s.line(1000, ["e4", "f5", "Qh5+"])
    s.absent({"kind": "say", "text_contains": ", Schach"})


def default_time():
    """The default time (6.7; rules map T31, #42): a side that has made no move when it has
    passed since the clock started is reported to the arbiter and the player, once; the
    arbiter decides."""
    s = Scenario("default-time-2005", "6.7 (2005: one hour)",
                 "2005: the opponent has not made his first move an hour after the start: the "
                 "arbiter and the player are told, once",
                 rules="fide-2005", time_control="7200+0")
    s.player_move(1000, "e4")
    s.tick(3_599_000)
    s.absent({"kind": "say", "text_contains": "Wartezeit"}, until=3_599_999)
    s.tick(3_600_000)
    text = ("Die Wartezeit ist abgelaufen: eine Stunde seit dem Start der Uhr, und Schwarz hat "
            "noch keinen Zug gemacht. Wer nach der Wartezeit am Brett erscheint, verliert die Partie, wenn der "
            "Schiedsrichter nicht anders entscheidet (Artikel 6.7).")
    s.say(3_600_000, "arbiter", text=text)
    s.say(3_600_000, "player", text=text)
    s.tick(3_700_000)
    s.absent({"kind": "say", "text_contains": "Wartezeit"}, start=3_600_001)
    s.absent({"kind": "end"})

    s = Scenario("default-time-event", "6.7.1 (2018: the event's default time)",
                 "2018 with an event default time of 15 minutes (`default_time_s: 900`): the "
                 "report comes after 15 minutes",
                 time_control="5400+0", extra={"default_time_s": 900})
    s.player_move(1000, "e4")
    s.tick(900_000)
    s.say(900_000, "arbiter", contains="Die Wartezeit ist abgelaufen: fünfzehn Minuten seit dem "
          "Start der Uhr, und Schwarz hat noch keinen Zug gemacht")

    s = Scenario("default-time-zero", "6.7.1 (2018: zero if not specified)",
                 "2018 without an event default time: zero, which is seen at the board, so "
                 "nothing is reported however long the opponent takes for his first move",
                 time_control="5400+0")
    s.player_move(1000, "e4")
    s.tick(5_000_000)
    s.absent({"kind": "say", "text_contains": "Wartezeit"})

    s = Scenario("default-time-moved", "6.7 (2005: both have moved)",
                 "2005: both sides made their first moves before the hour: nothing is "
                 "reported, even when a later move takes longer",
                 rules="fide-2005", time_control="7200+0")
    s.line(1000, ["e4", "e5"])
    s.tick(3_700_000)
    s.absent({"kind": "say", "text_contains": "Wartezeit"})


def quickplay_finish():
    """The quickplay-finish claim (fa/05/sw 10.2, 14 G.5, he III.5; rules map T49, #73): only
    when the event announced it, with the player on move and under two minutes, never in
    blitz, from 2014 never with an increment. The clocks stop and the arbiter decides."""
    def thinking(s, left_ms):
        """1.e4 e5, then the player thinks until `left_ms` is left on his clock."""
        s.line(1000, ["e4", "e5"])
        at = 2000 + s.clock.reading(2000)["white"] - left_ms
        assert s.clock.reading(at)["white"] == left_ms
        return at

    s = Scenario("quickplay-claim-2009", "10.2 (2009: quickplay finish)",
                 "rapid game, quickplay finish announced, the player on move with 70 seconds: "
                 "\"Remis\" asks, \"ja\" claims; the clocks stop, the claim is written, the "
                 "arbiter decides (here: two minutes for the opponent, play goes on)",
                 rules="fide-2009", time_control="1200+0", extra={"quickplay_finish": True},
                 pgn_contains=["Reklamation von Weiß"])
    at = thinking(s, 70_000)
    s.draw_heard(at, "remis", "Remis nach Artikel 10.2 reklamieren, weil der Gegner mit "
                 "normalen Mitteln nicht gewinnen kann oder es nicht versucht? Ja oder nein.",
                 at + 300)
    s.clock.pause(at + 300)
    s.clock_now(at + 300)
    s.exp(at + 300, "claim", claim="quickplay_finish", side="white", upheld=False)
    s.say(at + 300, "player", text="Remis nach Artikel 10.2 reklamiert. Die Uhren sind "
          "angehalten; der Schiedsrichter entscheidet.")
    s.say(at + 300, "arbiter", contains="Weiß reklamiert Remis nach Artikel 10.2 mit weniger "
          "als zwei Minuten")
    s.absent({"kind": "end"})
    s.ev(at + 5000, arbiter={"add_time": {"side": "black", "ms": 120000}})
    s.clock.add("black", 120000, at + 5000)
    s.clock_now(at + 5000)
    s.ev(at + 6000, arbiter="resume")
    s.clock.resume(at + 6000)
    s.clock_now(at + 6000)

    s = Scenario("quickplay-claim-2018", "III.5 (2018 guidelines)",
                 "2018, quickplay finish announced, no increment: the claim names Guideline III.5",
                 time_control="1800+0", extra={"quickplay_finish": True})
    at = thinking(s, 100_000)
    s.draw_heard(at, "remis", "Remis nach Artikel III.5 reklamieren, weil der Gegner mit "
                 "normalen Mitteln nicht gewinnen kann oder es nicht versucht? Ja oder nein.",
                 at + 300)
    s.clock.pause(at + 300)
    s.clock_now(at + 300)
    s.exp(at + 300, "claim", claim="quickplay_finish", side="white", upheld=False)

    s = Scenario("quickplay-increment-granted-2018", "III.4 (2018: a 5-second increment)",
                 "2018 quickplay finish: the arbiter grants the request for a 5-second increment "
                 "(`!inkrement`); from then on every move of both sides adds five seconds",
                 time_control="1800+0", extra={"quickplay_finish": True})
    at = thinking(s, 100_000)
    s.ev(at, arbiter={"add_increment": {"ms": 5000}})
    s.clock_now(at)
    s.clock.inc = 5000
    at = s.line(at + 1000, ["Nf3", "Nc6"])
    # 1.1 s for Nf3, five seconds back for it, and White's clock runs again after Nc6
    assert s.clock.reading(at)["white"] == 100_000 - 1100 + 5000 - 1000

    s = Scenario("quickplay-not-announced", "10.2 (only when announced)",
                 "the event did not announce the quickplay-finish rules: with 70 seconds "
                 "\"Remis\" is an offer",
                 rules="fide-2009", time_control="1200+0")
    at = thinking(s, 70_000)
    s.draw_heard(at, "remis", "Remis anbieten? Ja oder nein.", at + 300)
    s.absent({"kind": "claim"})

    s = Scenario("quickplay-increment-2018", "III.3 (2018: not with an increment)",
                 "2018 with an increment: no quickplay-finish claim; \"Remis\" is an offer",
                 time_control="1800+5", extra={"quickplay_finish": True})
    at = thinking(s, 100_000)
    s.draw_heard(at, "remis", "Remis anbieten? Ja oder nein.", at + 300)
    s.absent({"kind": "claim"})

    s = Scenario("quickplay-blitz", "G.3 / III.3 (never in blitz)",
                 "blitz: no quickplay-finish claim, even when announced",
                 time_control="300+0", extra={"quickplay_finish": True})
    at = thinking(s, 100_000)
    s.draw_heard(at, "remis", "Remis anbieten? Ja oder nein.", at + 300)
    s.absent({"kind": "claim"})

    s = Scenario("quickplay-more-than-two-minutes", "10.2 (less than two minutes)",
                 "with three minutes left there is no quickplay-finish claim yet",
                 rules="fide-2009", time_control="1200+0", extra={"quickplay_finish": True})
    at = thinking(s, 180_000)
    s.draw_heard(at, "remis", "Remis anbieten? Ja oder nein.", at + 300)
    s.absent({"kind": "claim"})


def set_up_complaints():
    """Complaints about the set-up (rules map #78): in a standard game a wrong initial position
    cancels the game (7.2); in rapid and blitz a complaint counts only until each player has
    completed 3 moves (2001–2009) or 10 (from 2014); after that a king placed wrongly may not
    castle, and a rook placed wrongly not castle either."""
    s = Scenario("set-up-standard", "7.2.1 (2018: standard game)",
                 "standard game: a complaint about the initial position is told to both "
                 "players as 7.2.1 has it (cancelled and replayed, the arbiter decides)",
                 time_control="5400+0")
    s.player_move(1000, "e4")
    s.ev(2000, arbiter={"set_up_complaint": {"fault": "general"}})
    s.say(2000, "player", text="Beanstandung der Ausgangsstellung: war sie falsch, wird die "
          "Partie annulliert und neu gespielt (Artikel 7.2.1). Der Schiedsrichter entscheidet.")

    s = Scenario("set-up-rapid-in-time", "A4.1.2 (2018 rapid: ten moves)",
                 "2018 rapid: after three moves each a complaint is still in time",
                 time_control="1200+0")
    at = s.line(1000, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"])
    s.ev(at, arbiter={"set_up_complaint": {"fault": "general"}})
    s.say(at, "player", contains="vor dem 10. Zug jedes Spielers, also rechtzeitig "
          "(Artikel A4.1.2)")

    s = Scenario("set-up-too-late-king", "B.4 (2005 rapid: three moves; king misplaced)",
                 "2005 rapid: after three moves each it is too late; the king was placed "
                 "wrongly, so the player may no longer castle, and \"kurze Rochade\" is not "
                 "made",
                 rules="fide-2005", time_control="1200+0")
    at = s.line(1000, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"])
    s.ev(at, arbiter={"set_up_complaint": {"fault": {"king": {"side": "white"}}}})
    s.say(at, "player", text="Nach 3 Zügen jedes Spielers kann die Aufstellung nicht mehr "
          "beanstandet werden (Artikel B.4). Die Partie geht weiter. Weiß darf nicht mehr "
          "rochieren, weil der König falsch aufgestellt war.")
    s.heard(at + 1000, "kurze rochade")
    s.heard(at + 1100, "ja")
    s.absent({"kind": "say", "text_contains": "Kurze Rochade?"})

    s = Scenario("set-up-too-late-rook", "A.4.a (2014 rapid: ten moves; a rook misplaced)",
                 "2014 rapid: after ten moves each the rook on a1 was found placed wrongly: no "
                 "castling with it, but short castling stays",
                 rules="fide-2014", time_control="1500+0")
    at = s.line(1000, ["d4", "d5", "Nf3", "Nf6", "e3", "e6", "Nc3", "Nc6", "Bd3", "Bd6",
                       "b3", "b6", "Bb2", "Bb7", "a3", "a6", "Qe2", "Qe7", "Nb1", "Nb8"])
    s.ev(at, arbiter={"set_up_complaint": {"fault": {"rook": {"square": "a1"}}}})
    s.say(at, "player", contains="Mit dem Turm von a1 darf nicht mehr rochiert werden")
    s.player_move(at + 1000, "O-O")


def draw_agreements_restricted():
    """The event's regulations forbid draw agreements, or allow them only from a move on
    (9.1, 14 9.1.a; issue 14 item 6, rules map #72): offers are refused and not passed on;
    claims stay allowed."""
    s = Scenario("draw-agreements-forbidden", "9.1.1 (event regulations)",
                 "the event forbids draws by agreement: the player's \"Remis\" is refused and "
                 "not asked back, the opponent's \"remis\" is not passed on to the player",
                 time_control="600+0", extra={"draw_agreements": "forbidden"})
    s.player_move(1000, "e4")
    s.opp_event(2000, "remis")
    s.say(2000, "opponent", text="In diesem Turnier ist kein Remis nach Vereinbarung erlaubt. "
          "Es wurde nichts übermittelt.")
    s.absent({"kind": "say", "to": "player", "text_contains": "bietet Remis"})
    s.opponent_move(3000, "e5")
    s.heard(4000, "remis")
    s.say(4000, "player", text="In diesem Turnier ist kein Remis nach Vereinbarung erlaubt. "
          "Es wurde nichts übermittelt.")
    s.absent({"kind": "say", "to": "player", "text_contains": "Remis anbieten?"})
    s.absent({"kind": "say", "to": "opponent", "text_contains": "bietet Remis"})
    s.absent({"kind": "end"})

    s = Scenario("draw-agreements-from-move", "9.1.1 (event regulations: from move 3)",
                 "draws by agreement only from move 3: the player's offer in move 2 is refused; "
                 "in move 3 it is asked back and passed on",
                 time_control="600+0", extra={"draw_agreements": {"from_move": 3}})
    at = s.line(1000, ["e4", "e5"])
    s.heard(at, "remis")
    s.say(at, "player", contains="erst ab Zug 3 erlaubt")
    at = s.line(at + 1000, ["Nf3", "Nc6"])
    s.draw_heard(at, "remis", "Remis anbieten? Ja oder nein.", at + 300)
    s.say(at + 300, "opponent", text="Remis wird angeboten.")

    s = Scenario("draw-agreements-forbidden-claim", "9.1.1, 9.2.1.2",
                 "draws by agreement forbidden, but a threefold repetition can still be claimed",
                 time_control="600+0", extra={"draw_agreements": "forbidden"})
    at = s.line(1000, KNIGHT_DANCE * 2)
    assert s.board.can_claim_threefold_repetition()
    s.draw_heard(at, "remis", "Remis reklamieren? Ja oder nein.", at + 300)
    s.exp(at + 300, "claim", claim="threefold_repetition", side="white", upheld=True)
    s.end(at + 300, "1/2-1/2", "threefold repetition claimed")


def claim_fifty_not_yet():
    fen = "4k3/8/3r4/8/8/8/R7/4K3 w - - 97 80"
    s = Scenario("claim-fifty-not-yet", "9.3, 9.1.2.3",
                 "with 97 half-moves the intended move makes only 98: no claim; \"Remis\" is a "
                 "draw offer made with the move",
                 fen=fen)
    s.heard(1000, "könig felix eins")
    s.draw_heard(1500, "remis", "Remis anbieten? Ja oder nein.", 1600)
    s.absent({"kind": "claim"})
    s.absent({"kind": "end"})
    s.heard(2000, "ja")
    s.made(2000, "Kf1")
    s.say(2000, "opponent", text="Remis wird angeboten.")


def claim_fifty_english():
    fen = "4k3/8/3r4/8/8/8/R7/4K3 w - - 100 80"
    s = Scenario("claim-fifty-english", "9.3.2, 9.5.1",
                 "English: the last 50 moves of each player are completed without pawn move or "
                 "capture: \"draw\" claims on the board",
                 lang="en", fen=fen, time_control="300+0")
    s.draw_heard(2000, "draw", "Claim a draw? Yes or no.", 2400, yes="yes")
    s.exp(2400, "claim", claim="fifty_moves", side="white", upheld=True)
    s.say(2400, "player", contains="Draw claimed")
    s.end(2400, "1/2-1/2", "50-move rule claimed")


# ===== automatic draws: 9.6 by edition =======================================================

def first_automatic_draw(sans, rules):
    """The ply at which 9.6.1 ends the game, by my reading of the two wordings: 2018 "at least
    five times"; 2014 "for at least five consecutive alternate moves by each player", i.e. the
    position stood after each of the last five moves of the same player (every 4th ply)."""
    board = chess.Board()
    keys = [board._transposition_key()]
    for ply, san in enumerate(sans, 1):
        board.push_san(san)
        keys.append(board._transposition_key())
        if rules == "fide-2018" and keys.count(keys[-1]) >= 5:
            return ply
        if rules == "fide-2014" and ply >= 16 and all(keys[ply - 4 * i] == keys[ply]
                                                      for i in range(1, 5)):
            return ply
    return None


def fivefold(name, rules, ends, cycle, cycles, article):
    s = Scenario(name, article,
                 f"{rules}: the same position a fifth time "
                 + ("ends the game by itself" if ends else "does not end the game"),
                 rules=rules)
    at = s.line(1000, cycle * cycles)
    assert s.board.is_repetition(5)
    end_ply = first_automatic_draw(cycle * cycles + cycle[:2], rules)
    assert end_ply == (len(cycle) * cycles if ends else None), (name, end_ply)
    if ends:
        s.exp(at - 1000, "end", result="1/2-1/2", reason="fivefold repetition")
        s.heard(at, "springer felix drei")
        s.say(at, "player", contains="springer felix drei: Die Partie ist beendet")
    else:
        s.absent({"kind": "end"})
        s.line(at, cycle[:2])
    return s


def automatic_fivefold():
    fivefold("fivefold-2018", "fide-2018", True, KNIGHT_DANCE, 4, "9.6.1 (2018)")
    fivefold("fivefold-2014", "fide-2014", True, KNIGHT_DANCE, 4,
             "9.6.a (2014: five consecutive alternate moves)")
    fivefold("fivefold-2009-continues", "fide-2009", False, KNIGHT_DANCE, 4,
             "9.2 (2009: no automatic draw, claim only)")
    # eight half-moves with no position repeated inside the cycle
    long_cycle = ["Nf3", "Nf6", "Nc3", "Nc6", "Ng1", "Ng8", "Nb1", "Nb8"]
    fivefold("fivefold-2018-long-cycle", "fide-2018", True, long_cycle, 4,
             "9.6.1 (2018: at least five times)")
    fivefold("fivefold-2014-long-cycle-continues", "fide-2014", False, long_cycle, 4,
             "9.6.a (2014: only five consecutive alternate moves)")


def seventy_five(name, rules, ends, article):
    fen = "k7/8/1K6/8/8/8/8/7R w - - 149 120"
    s = Scenario(name, article,
                 f"{rules}: the 75th move of each side without pawn move or capture "
                 + ("ends the game" if ends else "does not end the game"),
                 rules=rules, fen=fen)
    s.player_move(1000, "Rh2")
    if ends:
        s.exp(1100, "end", result="1/2-1/2", reason="75-move rule")
    else:
        s.absent({"kind": "end"})
        s.opponent_move(2000, "Kb8")


def automatic_seventy_five():
    seventy_five("seventy-five-moves-2018", "fide-2018", True, "9.6.2 (2018)")
    seventy_five("seventy-five-moves-2014", "fide-2014", True, "9.6.b (2014)")
    seventy_five("seventy-five-moves-2009-continues", "fide-2009", False,
                 "9.3 (2009: claim only)")
    fen = "k7/8/1K6/8/8/8/8/7R w - - 149 120"
    s = Scenario("seventy-five-moves-mate-stands", "9.6.2 (checkmate takes precedence)",
                 "the 75th move mates: the checkmate stands, 1-0", fen=fen)
    s.player_move(1000, "Rh8#")
    assert s.board.is_checkmate()
    s.exp(1100, "end", result="1-0", reason="checkmate")
    s.absent({"kind": "end", "reason": "75-move rule"})


# ===== the end of the game: 5.1, 5.2 =========================================================

def mate_by_player():
    s = Scenario("mate-by-player", "5.1.1, 6.2.1 (mate ends the game)",
                 "the player's mating move is read back with \"Matt\", made, and ends the game "
                 "1-0; both clocks stop; a later move is refused saying what was heard",
                 time_control="300+0")
    at = s.line(1000, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"])
    s.player_move(at, "Qxf7#")
    assert s.board.is_checkmate()
    assert {"at": at, "kind": "say", "to": "player", "text": "Dame schlägt Felix sieben, Matt?",
            "about": {"uci": "h5f7"}} in s.expect
    s.end(at + 100, "1-0", "checkmate")
    s.say(at + 100, "player", text="Schachmatt. Sie haben gewonnen.")
    s.heard(at + 2000, "eva fünf")
    s.say(at + 2000, "player", contains="eva fünf: Die Partie ist beendet")


def mate_by_opponent():
    s = Scenario("mate-by-opponent", "5.1.1, D.2.9.b",
                 "the opponent's mate is announced to the player (\"Dame Hector vier, Matt\") and "
                 "ends the game 0-1",
                 time_control="300+0")
    s.line(1000, ["f3", "e5", "g4", "Qh4#"])
    assert s.board.is_checkmate()
    assert s.last_say() == "Gegner: Dame Hector vier, Matt."
    s.end(4000, "0-1", "checkmate")
    s.say(4000, "player", text="Schachmatt. Sie haben verloren.")


def stalemate_by_player_english():
    fen = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 60"
    s = Scenario("stalemate-by-player-english", "5.2.1",
                 "English: the player's move stalemates: the game is drawn at once",
                 lang="en", fen=fen, time_control="60+0")
    s.player_move(1000, "Qc7")
    assert s.board.is_stalemate()
    s.end(1100, "1/2-1/2", "stalemate")
    s.say(1100, "player", text="Stalemate. Draw.")


def stalemate_by_opponent():
    fen = "2q5/8/8/8/8/1k6/8/K7 b - - 0 60"
    s = Scenario("stalemate-by-opponent", "5.2.1",
                 "the opponent's move stalemates the player: drawn",
                 fen=fen)
    s.opponent_move(1000, "Qc2")
    assert s.board.is_stalemate()
    s.end(1000, "1/2-1/2", "stalemate")


def dead_position_capture():
    fen = "4k3/8/8/3n4/2B5/8/8/2K5 w - - 0 50"
    s = Scenario("dead-position-capture", "5.2.2",
                 "the player's capture leaves king and bishop against king: no mate is possible, "
                 "the game is drawn at once",
                 fen=fen, time_control="120+0")
    s.player_move(1000, "Bxd5")
    assert s.board.is_insufficient_material()
    s.end(1100, "1/2-1/2", "dead position")


def dead_position_bishops():
    fen = "4k3/4b3/8/6N1/3B4/8/8/4K3 b - - 0 50"
    s = Scenario("dead-position-same-colour-bishops", "5.2.2",
                 "the opponent's capture leaves bishops on squares of the same colour: no mate "
                 "is possible by any series of moves, drawn",
                 fen=fen)
    s.opponent_move(1000, "Bxg5")
    assert s.board.is_insufficient_material()
    s.end(1000, "1/2-1/2", "dead position")


# ===== flags: 6.9, D.2.9.e ===================================================================

def flag_opponent(name, fen, first, result, reason, shows):
    s = Scenario(name, "6.9, D.2.9.e", shows, fen=fen, time_control="60+0")
    s.player_move(1000, first)
    # Black's clock runs from 1 100: its flag falls at 61 100, found by the tick at 61 200
    s.tick(61000)
    s.tick(61200)
    s.exp(61200, "flag", side="black", flag_ms=61100, final_period=True, moves_done=False)
    s.say(61200, "player", text="Die Zeit des Gegners ist abgelaufen.")
    s.exp(61200, "claim", claim="time", side="white", upheld=True)
    s.clock.ms["black"], s.clock.since = 0, 61200
    s.clock.running = None
    s.end(61200, result, reason)
    return s


def flags():
    # K+N against K+P: a mate exists (the pawn can block its king): the claim wins.
    fen = "8/8/8/4k3/4p3/8/2N5/K7 w - - 0 60"
    b = chess.Board(fen)
    assert not b.has_insufficient_material(chess.WHITE)
    flag_opponent("flag-opponent-can-be-mated", fen, "Ne3", "1-0", "time",
                  "the opponent's flag falls; the player has only a knight but the opponent a "
                  "pawn, so a mate is possible: the assistant claims and wins (6.9)")
    # A bare king against king and pawn: the position is not dead (Black can still mate),
    # but White cannot mate by any series of legal moves: a draw.
    fen = "8/8/8/4k3/4p3/8/8/K7 w - - 0 60"
    b = chess.Board(fen)
    assert b.has_insufficient_material(chess.WHITE) and not b.is_insufficient_material()
    flag_opponent("flag-opponent-player-cannot-mate", fen, "Kb2", "1/2-1/2",
                  "time, but the claimant cannot mate",
                  "the opponent's flag falls but the player has a bare king and cannot mate "
                  "(the opponent still could, so the position is not dead): a draw (6.9)")

    s = Scenario("flag-player-claimed-english", "6.9, 6.8",
                 "English: the player's flag falls; the opponent claims; the opponent can mate: 0-1",
                 lang="en", fen="8/8/8/4k3/4p3/8/2N5/K7 w - - 0 60", time_control="60+0")
    s.tick(62000)
    s.exp(62000, "flag", side="white", flag_ms=60000, final_period=True, moves_done=False)
    s.say(62000, "player", text="Your time is up.")
    s.opp_event(64000, "claim")
    s.exp(64000, "claim", claim="time", side="black", upheld=True)
    s.clock.ms["white"], s.clock.running = 0, None
    s.end(64000, "0-1", "time")
    s.say(64000, "player", contains="You lose.")

    s = Scenario("flag-player-opponent-cannot-mate", "6.9",
                 "the player's flag falls, the opponent claims, but has a bare king: a draw",
                 fen="8/8/8/4k3/8/8/4P3/K7 w - - 0 60", time_control="60+0")
    assert chess.Board("8/8/8/4k3/8/8/4P3/K7 w - - 0 60").has_insufficient_material(chess.BLACK)
    s.tick(61000)
    s.exp(61000, "flag", side="white", flag_ms=60000, final_period=True, moves_done=False)
    s.opp_event(64000, "reklamation")
    s.exp(64000, "claim", claim="time", side="black", upheld=True)
    s.clock.ms["white"], s.clock.running = 0, None
    s.end(64000, "1/2-1/2", "time, but the claimant cannot mate")

    s = Scenario("flag-claim-without-flag", "6.8, 6.9",
                 "the opponent claims while the player's time is not up: refused, the game goes on",
                 time_control="60+0")
    s.opp_event(30000, "reklamation")
    s.say(30000, "opponent", contains="nicht abgelaufen")
    s.absent({"kind": "end"})
    s.absent({"kind": "claim"})
    s.player_move(31000, "e4")


# ===== D.2.9.e: touch report =================================================================

def touch_report():
    s = Scenario("touch-report", "D.2.9.e, 4.3",
                 "the sighted opponent touches a piece: the arbiter is told (square and piece) and "
                 "so is the player, in the FIDE words; typed or said squares both work",
                 player="black", time_control="600+0")
    s.opponent_move(1000, "e4")
    s.player_move(2000, "e5")
    s.ev(3000, touched="g1")
    s.say(3000, "arbiter", contains="Weiß hat die Figur auf g1 (Springer) berührt")
    s.say(3000, "player",
          text="Der Gegner hat den Springer auf Gustav eins berührt. Der Schiedsrichter ist informiert.")
    s.ev(4000, touched="Felix eins")
    s.say(4000, "arbiter", contains="f1")
    s.say(4000, "player", contains="den Läufer auf Felix eins")
    s.opponent_move(5000, "Nf3")


def touch_report_english():
    s = Scenario("touch-report-english", "D.2.9.e",
                 "English: the touch report for the player names the piece and square",
                 lang="en", player="black")
    s.opponent_move(1000, "d4")
    s.ev(1500, touched="c1")
    s.say(1500, "player", text="Your opponent touched the bishop on Cesar one. The arbiter is informed.")
    s.say(1500, "arbiter", contains="White touched the piece on c1 (bishop)")


# ===== 5.1.2: resignation ====================================================================

def resignation():
    s = Scenario("resign-confirmed", "5.1.2",
                 "\"Aufgabe\" is asked back; \"ja\" ends the game, the player having White loses, "
                 "the clocks stop", time_control="600+0")
    s.heard(5000, "aufgabe")
    s.say(5000, "player", text="Wollen Sie wirklich aufgeben? Ja oder nein.")
    s.absent({"kind": "end"}, until=5999)
    s.heard(6000, "ja")
    s.end(6000, "0-1", "resignation")
    s.say(6000, "opponent", contains="Weiß gibt auf")

    s = Scenario("resign-cancelled", "5.1.2",
                 "\"Aufgabe\" then \"nein\": cancelled, the game goes on; \"Ich gebe auf\" then a "
                 "move also cancels the question", time_control="600+0")
    s.heard(5000, "aufgabe")
    s.heard(6000, "nein")
    s.say(6000, "player", text="Abgebrochen.")
    s.heard(7000, "ich gebe auf")
    s.say(7000, "player", text="Wollen Sie wirklich aufgeben? Ja oder nein.")
    s.player_move(8000, "e4")
    s.absent({"kind": "end"})

    s = Scenario("resign-opponent-english", "5.1.2",
                 "English: the opponent resigns: the player wins",
                 lang="en", time_control="600+0", player="black")
    s.opponent_move(1000, "e4")
    s.player_move(2000, "e5")
    s.opp_event(3000, "resign")
    s.end(3000, "0-1", "resignation")
    s.say(3000, "player", text="Your opponent resigns. You win.")
    s.say(3000, "opponent", contains="White resigns")


# ===== D.2.9.f: sealed move and resumption ===================================================

def seal_player():
    s = Scenario("seal-player-and-resume", "D.2.9.f, Guidelines I.1–I.9 (adjourned games)",
                 "the player seals: the move can be corrected until it is sealed, is recorded and "
                 "not announced, the player's clock stops without starting the opponent's; at the "
                 "resumption the sealed move is made and the opponent's clock starts",
                 time_control="40/7200:3600", clock_model=(7_200_000, 0))
    at = s.line(1000, ["e4", "e5"])
    s.ev(3000, arbiter="adjourn")
    s.say(3000, "player", contains="abgegeben")
    s.heard(4000, "springer felix drei")
    s.say(4000, "player", text="Springer Felix drei?")
    s.heard(4500, "korrektur")
    s.heard(5000, "springer cesar drei")
    s.say(5000, "player", text="Springer Cesar drei?")
    s.heard(6000, "ja")
    s.exp(6000, "sealed", by="white", uci="b1c3", san="Nc3")
    s.clock.pause(6000)
    s.clock_now(6000)
    r = s.clock.reading(6000)
    assert r == {"white": 7_200_000 - 1100 - 4000, "black": 7_200_000 - 900}
    s.absent({"kind": "say", "to": "opponent", "text_contains": "Springer"}, start=3000, until=99999)
    s.heard(7000, "zeit")
    s.say(7000, "player", about={"white_ms": r["white"], "black_ms": r["black"]})
    s.ev(100000, arbiter="resume_adjourned")
    s.clock.resume(100000, "white")
    s.made(100000, "Nc3")
    s.say(100000, "opponent", text="Springer Cesar drei")
    s.say(100000, "player", contains="Springer Cesar drei")
    s.clock_now(100000)
    s.opponent_move(105000, "Nc6")
    assert s.clock.reading(105000) == {"white": r["white"], "black": r["black"] - 5000}


def seal_refuses_moves():
    s = Scenario("seal-no-moves-until-resumption", "D.2.9.f, Guidelines I (adjourned games)",
                 "after the move is sealed no move of either side is made until the resumption; "
                 "requests still work",
                 time_control="600+0")
    s.line(1000, ["d4", "d5"])
    s.ev(3000, arbiter="adjourn")
    s.heard(4000, "läufer felix vier")
    s.heard(4500, "ja")
    s.exp(4500, "sealed", by="white", uci="c1f4", san="Bf4")
    s.clock.pause(4500)
    s.clock_now(4500)
    s.heard(5000, "springer felix drei")
    s.say(5000, "player", contains="unterbrochen")
    s.heard(5500, "ja")
    s.opp_event(6000, "Nc6")
    s.say(6000, "opponent", contains="unterbrochen")
    s.heard(7000, "züge")
    s.say(7000, "player", text="Ein Zug gespielt.")
    s.ev(50000, arbiter="resume_adjourned")
    s.clock.resume(50000, "white")
    s.made(50000, "Bf4")
    s.clock_now(50000)
    s.opponent_move(52000, "Nc6")


def seal_opponent():
    s = Scenario("seal-opponent-and-resume", "D.2.9.f, Guidelines I (adjourned games)",
                 "the opponent seals: the player is not told the sealed move until the "
                 "resumption, when it is announced and the player's clock starts",
                 player="black", time_control="600+0")
    s.opponent_move(1000, "e4")
    s.player_move(2000, "c5")
    s.ev(3000, arbiter="adjourn")
    s.say(3000, "player", contains="Der Gegner gibt seinen Zug ab")
    s.opp_event(4000, "Nf3")
    s.exp(4000, "sealed", by="white", uci="g1f3", san="Nf3")
    s.clock.pause(4000)
    s.clock_now(4000)
    s.absent({"kind": "say", "to": "player", "text_contains": "Felix drei"}, until=99999)
    s.ev(100000, arbiter="resume_adjourned")
    s.clock.resume(100000, "white")
    s.made(100000, "Nf3")
    s.say(100000, "player", text="Fortsetzung. Der abgegebene Zug: Springer Felix drei.")
    s.clock_now(100000)


# ===== arbiter entries: 6.10, 7.5, D.2.7–8 ===================================================

def penalty(s, at, offender):
    s.ev(at, arbiter={"illegal_move_penalty": {"offender": offender}})


def arbiter_penalties():
    s = Scenario("arbiter-illegal-move-2018", "7.5.5 (2018)",
                 "2018, standard game: the opponent's first illegal move gives the player two "
                 "minutes; the second loses the game",
                 time_control="5400+0")
    s.player_move(1000, "e4")
    penalty(s, 5000, "black")
    s.clock.add("white", 120000, 5000)
    s.clock_now(5000)
    s.say(5000, "player", contains="Der Schiedsrichter hat die Zeit geändert")
    s.opponent_move(6000, "e5")
    s.player_move(7000, "Nf3")
    penalty(s, 9000, "black")
    s.end(9000, "1-0", "illegal moves")
    assert s.clock.reading(9000)["white"] == 5_400_000 - 1100 - 1100 + 120000

    s = Scenario("arbiter-illegal-move-blitz", "7.5.5, B.2 (2018 blitz: one minute)",
                 "2018 blitz (5 minutes): the penalty is one minute",
                 time_control="300+0")
    s.player_move(1000, "e4")
    penalty(s, 5000, "black")
    s.clock.add("white", 60000, 5000)
    s.clock_now(5000)

    s = Scenario("arbiter-illegal-move-2009", "7.4.b (2009: third illegal move loses)",
                 "2009: the first and second illegal moves each give the player two minutes; the "
                 "third loses",
                 rules="fide-2009", time_control="5400+0")
    s.player_move(1000, "e4")
    for at in (5000, 6000):
        penalty(s, at, "black")
        s.clock.add("white", 120000, at)
        s.clock_now(at)
    penalty(s, 7000, "black")
    s.end(7000, "1-0", "illegal moves")

    s = Scenario("arbiter-illegal-move-cannot-mate", "7.5.5 (draw if the opponent cannot mate)",
                 "2018: the opponent's second illegal move, but the player has a bare king and "
                 "cannot mate: a draw",
                 fen="4k3/8/8/8/8/8/3q4/4K3 w - - 0 60", time_control="5400+0")
    s.player_move(1000, "Kxd2")
    penalty(s, 2000, "black")
    s.clock.add("white", 120000, 2000)
    s.clock_now(2000)
    s.end(3000, "1/2-1/2", "illegal moves, but the opponent cannot mate") if False else None
    # after Kxd2 it is K v K: a dead position ends the game first; use a position with play left
    SCENARIOS.remove(s)
    s = Scenario("arbiter-illegal-move-cannot-mate", "7.5.5 (draw if the opponent cannot mate)",
                 "2018: the opponent's second illegal move, but the player has a bare king and "
                 "cannot mate: a draw",
                 fen="4k3/8/8/8/8/8/8/q3K3 w - - 0 60", time_control="5400+0")
    s.player_move(1000, "Kf2")
    penalty(s, 2000, "black")
    s.clock.add("white", 120000, 2000)
    s.clock_now(2000)
    penalty(s, 3000, "black")
    s.end(3000, "1/2-1/2", "illegal moves, but the opponent cannot mate")


def arbiter_more_editions():
    s = Scenario("arbiter-illegal-move-2005", "7.4.b (2005: third loses, no draw exception)",
                 "2005: the third illegal move loses although the player has a bare king and "
                 "could not mate (the draw exception came in 2009)",
                 rules="fide-2005", fen="4k3/8/8/8/8/8/8/q3K3 w - - 0 60", time_control="5400+0")
    s.player_move(1000, "Kf2")
    for at in (2000, 3000):
        penalty(s, at, "black")
        s.clock.add("white", 120000, at)
        s.clock_now(at)
    penalty(s, 4000, "black")
    s.end(4000, "1-0", "illegal moves")

    s = Scenario("arbiter-illegal-move-blitz-2009", "B.3(c) (2009 blitz: the illegal move loses)",
                 "2009 blitz: the opponent's first completed illegal move loses the game",
                 rules="fide-2009", time_control="300+0")
    s.player_move(1000, "e4")
    penalty(s, 5000, "black")
    s.end(5000, "1-0", "illegal moves")


def incorrect_claims():
    """The arbiter finds a draw claim incorrect (9.5): the penalty of the edition, said to
    both players; play goes on (issue 14 item 6, rules map T47, #70)."""
    s = Scenario("incorrect-claim-2018", "9.5.3 (2018: two minutes)",
                 "2018, standard game: the opponent's draw claim is found incorrect; the player "
                 "gets two minutes and hears why",
                 time_control="5400+0")
    s.player_move(1000, "e4")
    s.ev(5000, arbiter="pause")
    s.clock.pause(5000)
    s.clock_now(5000)
    s.ev(6000, arbiter={"incorrect_claim": {"claimant": "black"}})
    s.say(6000, "player", text="Der Schiedsrichter hat die Reklamation von Schwarz abgelehnt "
          "(Artikel 9.5.3): Weiß erhält zwei Minuten dazu. Die Partie geht weiter.")
    s.clock.add("white", 120000, 6000)
    s.clock_now(6000)
    s.absent({"kind": "end"})

    s = Scenario("incorrect-claim-blitz", "B2 (2018 blitz: one minute)",
                 "2018 blitz (5 minutes): an incorrect claim gives the opponent one minute",
                 time_control="300+0")
    s.player_move(1000, "e4")
    s.ev(5000, arbiter={"incorrect_claim": {"claimant": "black"}})
    s.say(5000, "player", contains="(Artikel B2): Weiß erhält eine Minute dazu")
    s.clock.add("white", 60000, 5000)
    s.clock_now(5000)

    s = Scenario("incorrect-claim-2009", "9.5.b (2009: three minutes)",
                 "2009: an incorrect claim gives the opponent three minutes, and nothing else",
                 rules="fide-2009", time_control="5400+0")
    s.player_move(1000, "e4")
    s.ev(5000, arbiter={"incorrect_claim": {"claimant": "black"}})
    s.say(5000, "player", contains="Weiß erhält drei Minuten dazu. Die Partie")
    s.clock.add("white", 180000, 5000)
    s.clock_now(5000)

    s = Scenario("incorrect-claim-2005-cut", "9.5.b (2005: three minutes, claimant's time cut)",
                 "2005: the player's own incorrect claim gives the opponent three minutes and "
                 "halves the player's time, by three minutes at most",
                 rules="fide-2005", time_control="5400+0")
    s.player_move(1000, "e4")
    s.opponent_move(3000, "e5")
    s.ev(5000, arbiter={"incorrect_claim": {"claimant": "white"}})
    s.say(5000, "player", contains="die Bedenkzeit von Weiß wird gekürzt")
    s.clock.add("black", 180000, 5000)
    s.clock_now(5000)
    s.clock.add("white", -180000, 5000)
    s.clock_now(5000)

    s = Scenario("incorrect-claim-2001-short-time", "9.5(b) (2001: one to two minutes left)",
                 "2001: a claimant with a minute and a half left keeps one minute",
                 rules="fide-2001", time_control="90+0")
    s.player_move(1000, "e4")
    s.opponent_move(3000, "e5")
    s.ev(5000, arbiter={"incorrect_claim": {"claimant": "white"}})
    left = s.clock.reading(5000)["white"]
    assert 60000 <= left <= 120000, left
    s.clock.add("black", 180000, 5000)
    s.clock_now(5000)
    s.clock.add("white", 60000 - left, 5000)
    s.clock_now(5000)


def clock_stopped():
    s = Scenario("clock-stopped-move-made", "6.11, D.2.3",
                 "the arbiter has stopped the clocks and the player's move is made: no clock "
                 "starts; when play resumes the opponent's clock runs, not the player's",
                 time_control="600+0")
    s.ev(1000, arbiter="pause")
    s.clock.pause(1000)
    s.clock_now(1000)
    s.heard(2000, "eva vier")
    s.heard(2100, "ja")
    s.made(2100, "e4")
    s.clock_now(2100)
    s.ev(3000, arbiter="resume")
    s.clock.resume(3000)
    s.clock_now(3000)
    s.opponent_move(5000, "e5")
    assert s.clock.reading(5000) == {"white": 599000, "black": 598000}

    s = Scenario("arbiter-reset-while-stopped", "7.5.1, D.2.8, 6.11",
                 "the player calls the arbiter, who takes the position back one move while the "
                 "clocks are stopped: when play resumes the side to move (the opponent) has the "
                 "running clock, both times unchanged",
                 time_control="600+0")
    s.line(1000, ["e4", "e5"])
    s.heard(3000, "schiedsrichter")
    s.clock.pause(3000)
    s.clock_now(3000)
    s.ev(4000, arbiter={"reset_to": {"ply": 1}})
    s.board.pop()
    s.clock.paused = "black"
    s.clock_now(4000)
    s.ev(9000, arbiter="resume")
    s.clock.resume(9000)
    s.clock_now(9000)
    s.opponent_move(10000, "c5")
    assert s.clock.reading(10000) == {"white": 597900, "black": 598100}


def arbiter_time_and_reset():
    s = Scenario("arbiter-time-and-reset", "6.10.2, 7.5.1, D.2.8",
                 "the arbiter adds time, resets the position to a move (the clock of the side to "
                 "move runs, times kept) and sets both clocks; the player hears each change",
                 time_control="600+0")
    s.line(1000, ["e4", "e5", "Nf3", "Nc6"])
    s.ev(5000, arbiter={"add_time": {"side": "black", "ms": 30000}})
    s.clock.add("black", 30000, 5000)
    s.clock_now(5000)
    s.ev(6000, arbiter={"reset_to": {"ply": 3}})
    s.board.pop()
    # white's clock ran 4 000 → 6 000; black is to move after ply 3: black's clock runs now
    s.clock._run(6000)
    s.clock.running = "black"
    s.clock_now(6000)
    s.say(6000, "player", contains="zurückgesetzt")
    s.ev(7000, arbiter={"set_times": {"white_ms": 590000, "black_ms": 595000}})
    s.clock.ms = {"white": 590000, "black": 595000}
    s.clock.since = 7000
    s.clock_now(7000)
    s.opponent_move(9000, "d6")
    assert s.clock.reading(9000) == {"white": 590000, "black": 593000}
    s.player_move(10000, "d4")


# ===== Arabic and Hebrew: the message language apart from the vocabulary ===================

# A whole short game with a capture, a promotion with capture, a check, castling, a request
# for the time, and a draw offered by the opponent and accepted.
GAME_AR_HE = ["e4", "d5", "exd5", "c6", "dxc6", "e5", "cxb7", "Ne7", "bxa8=Q", "Nbc6", "Bb5",
              "Qd7", "Qxc8+", "Qxc8", "Nf3", "f6", "O-O"]


def game_in(lang, time_words, agreed, outcome, accept_question):
    s = Scenario(f"game-{lang}", "D.2.1, D.2.9.d, 9.1.2.1",
                 f"a whole game with \"lang\": \"{lang}\": the player speaks the German FIDE "
                 "words and hears them read back; every move is announced to the opponent in "
                 f"{'Arabic' if lang == 'ar' else 'Hebrew'} script (the FIDE file names and "
                 "rank numbers in that script, no Latin word); the time, the draw and the "
                 "result in that language",
                 lang=lang, time_control="600+0", pgn_contains=["1/2-1/2"])
    at = s.line(1000, GAME_AR_HE)
    s.heard(at, "zeit")
    r = s.clock.reading(at)
    s.say(at, "player", text=time_words(r), about={"white_ms": r["white"], "black_ms": r["black"]})
    s.opp_event(at + 1000, "remis")
    s.draw_heard(at + 2000, "remis", accept_question, at + 2500)
    s.say(at + 2500, "opponent", text=agreed)
    s.end(at + 2500, "1/2-1/2", "agreement")
    s.say(at + 2500, "player", text=outcome)


def game_ar():
    # 9 min 50.1 s and 9 min 51.9 s: below 20 minutes the seconds are said; 9 takes the
    # plural (few), 50 and 51 the singular (many), the numbers in the form for a feminine noun
    game_in("ar", lambda r: (
        "أنت: تسع دقائق, خمسون ثانية. المنافس: تسع دقائق, إحدى وخمسون ثانية."
        if r == {"white": 590100, "black": 591900} else f"unexpected {r}"),
        "تعادل بالاتفاق.", "تعادل بالاتفاق.", "هل تقبل عرض التعادل؟")


def game_he():
    game_in("he", lambda r: (
        "אתה: תשע דקות, חמישים שניות. היריב: תשע דקות, חמישים ואחת שניות."
        if r == {"white": 590100, "black": 591900} else f"unexpected {r}"),
        "תיקו בהסכמה.", "תיקו בהסכמה.", "לקבל את הצעת התיקו?")


# ===== issue 14 items 7-9: the start signal, the time control read back, the dialogue ========

def clock_start_on_signal():
    s = Scenario("clock-start-on-signal", "6.5 (the arbiter starts the clock), D.2.3",
                 "with start_on_signal the game is prepared before the arbiter's signal: the time "
                 "control is read back, the clock stands, neither the player's nor the opponent's "
                 "move is taken; \"start\" starts White's clock, and only then do moves count",
                 time_control="900+0", extra={"start_on_signal": True})
    # the clock has not started: nothing runs until the signal
    s.expect.pop()
    s.clock.running = None
    s.clock_now(0)
    s.say(0, "player", text="Bedenkzeit: fünfzehn Minuten.")
    s.say(0, "player", text="Die Uhr startet auf das Zeichen des Schiedsrichters.")
    s.heard(1000, "eva vier")
    s.say(1000, "player", contains="Die Partie hat noch nicht begonnen")
    s.opp_event(1500, "e5")
    s.say(1500, "opponent", contains="Die Partie hat noch nicht begonnen")
    s.heard(2000, "zeit")
    s.say(2000, "player", text="Sie: fünfzehn Minuten. Gegner: fünfzehn Minuten.")
    s.ev(60000, arbiter="start")
    s.say(60000, "player", text="Die Partie beginnt, die Uhr läuft.")
    s.say(60000, "opponent", text="Die Partie beginnt, die Uhr läuft.")
    s.clock.resume(60000, "white")
    s.clock_now(60000)
    s.player_move(70000, "e4")
    assert s.clock.reading(70100) == {"white": 889900, "black": 900000}
    s.absent({"kind": "made"}, until=69999)


def clock_start_on_signal_resumed():
    s = Scenario("clock-start-on-signal-resumed", "6.5, D.2.9",
                 "a game waiting for the arbiter's signal, resumed after an interruption, still "
                 "waits and says so; the signal then starts the clock",
                 time_control="900+0", extra={"start_on_signal": True})
    s.expect.pop()
    s.clock.running = None
    s.clock_now(0)
    s.ev(30000, resumed=True)
    s.say(30000, "player", text="Die Uhr startet auf das Zeichen des Schiedsrichters.")
    s.heard(31000, "eva vier")
    s.say(31000, "player", contains="Die Partie hat noch nicht begonnen")
    s.ev(40000, arbiter="start")
    s.clock.resume(40000, "white")
    s.clock_now(40000)
    s.player_move(41000, "e4")


def time_control_read_back():
    s = Scenario("time-control-read-back", "6.1, D.2.9.d",
                 "the periods of a FIDE classical control are read back at the start, once, in "
                 "words: moves, times, the increment from move one",
                 time_control="40/5400+30:1800+30", clock_model=(5400000, 30000))
    s.say(0, "player", text="Bedenkzeit: vierzig Züge in neunzig Minuten, dann dreißig Minuten, "
                            "plus dreißig Sekunden pro Zug ab dem ersten Zug.")
    s.absent({"kind": "say"}, start=1)
    s = Scenario("time-control-read-back-seconds", "6.1",
                 "\"90+30\" counts seconds: the read-back says so, one minute and thirty seconds, "
                 "and the player hears it before the game begins",
                 time_control="90+30")
    s.say(0, "player", text="Bedenkzeit: eine Minute, dreißig Sekunden, plus dreißig Sekunden "
                            "pro Zug ab dem ersten Zug.")
    s = Scenario("time-control-read-back-delay", "6.1 (delay)",
                 "a simple delay is read back as a delay, not as an increment",
                 time_control="5400d5", clock_model=(5400000, 0), strict=("made",))
    s.expect.pop()  # the clock model knows no delays: this scenario is about the words
    s.say(0, "player", text="Bedenkzeit: neunzig Minuten, mit fünf Sekunden Verzögerung pro Zug.")
    s = Scenario("time-control-read-back-bronstein-english", "6.1 (Bronstein delay)",
                 "English: a Bronstein delay is read back by its name",
                 lang="en", time_control="300b3", clock_model=(300000, 0), strict=("made",))
    s.expect.pop()  # the clock model knows no delays: this scenario is about the words
    s.say(0, "player", text="Time control: five minutes, with a Bronstein delay of three seconds "
                            "per move.")
    s = Scenario("time-control-read-back-preset", "6.1, A.1 (rapid)",
                 "a preset is read back as its control: fide-rapid is fifteen minutes and ten "
                 "seconds a move",
                 time_control="fide-rapid", clock_model=(900000, 10000))
    s.say(0, "player", text="Bedenkzeit: fünfzehn Minuten, plus zehn Sekunden pro Zug ab dem "
                            "ersten Zug.")


def repeat_last_news():
    s = Scenario("repeat-last-news", "D.2.9.b (the opponent's move announced)",
                 "\"Wiederholen\" after the player's own move, or after words not understood, "
                 "repeats the opponent's last move, the last news, not the bare \"Ausgeführt.\"; "
                 "a read-back waiting is repeated itself", time_control="900+0")
    s.player_move(1000, "e4")
    s.opponent_move(3000, "e5")
    s.heard(4000, "wiederholen")
    s.say(4000, "player", text="Gegner: Eva fünf.", about={"uci": "e7e5"})
    s.heard(4500, "das Wetter heute")
    s.say(4500, "player", contains="das Wetter heute")
    s.heard(4600, "wiederholen")
    s.say(4600, "player", text="Gegner: Eva fünf.", about={"uci": "e7e5"})
    s.player_move(5000, "Nf3")
    s.heard(6000, "wiederholen")
    s.say(6000, "player", text="Gegner: Eva fünf.", about={"uci": "e7e5"})
    s.absent({"text": "Ausgeführt."}, start=6000, until=6000)
    s.opponent_move(7000, "Nc6")
    s.heard(8000, "läufer bella fünf")
    s.say(8000, "player", text="Läufer Bella fünf?")
    s.heard(9000, "wie bitte")
    s.say(9000, "player", text="Läufer Bella fünf?")
    s.absent({"kind": "made"}, start=8000, until=9000)


def last_move_request():
    s = Scenario("last-move", "D.2.9.b",
                 "\"Letzter Zug\" says the last move whoever made it, in the player's words: "
                 "none yet, his own, the opponent's", time_control="900+0")
    s.heard(500, "letzter zug")
    s.say(500, "player", text="Es wurde noch kein Zug gespielt.")
    s.player_move(1000, "e4")
    s.heard(2000, "letzter zug")
    s.say(2000, "player", text="Ihr letzter Zug: Eva vier.", about={"uci": "e2e4"})
    s.opponent_move(3000, "c5")
    s.heard(4000, "was war der letzte Zug")
    s.say(4000, "player", text="Gegner: Cesar fünf.", about={"uci": "c7c5"})
    s.absent({"to": "opponent"}, start=4000, until=4000)
    s = Scenario("last-move-english", "D.2.9.b",
                 "English: \"last move\" says the player's own last move", lang="en")
    s.player_move(1000, "Nf3")
    s.heard(2000, "last move")
    s.say(2000, "player", text="Your last move: knight Felix three.", about={"uci": "g1f3"})


def scoresheet_reading():
    s = Scenario("scoresheet-read-from-move", "D.2.5, D.2.7 (the player's own record)",
                 "tournament mode: \"Partieformular\" reads the player's scoresheet aloud, "
                 "\"Partieformular ab Zug zwei\" from move two; a move not yet played is said; "
                 "nothing goes to the opponent and the clocks are untouched",
                 time_control="900+0")
    at = s.line(1000, ["e4", "e5", "Nf3", "Nc6", "Bb5"])
    s.heard(at, "partieformular")
    s.say(at, "player", text="Zug eins: Eva vier, Eva fünf. Zug zwei: Springer Felix drei, "
                             "Springer Cesar sechs. Zug drei: Läufer Bella fünf.")
    s.heard(at + 1000, "partieformular ab zug zwei")
    s.say(at + 1000, "player", text="Zug zwei: Springer Felix drei, Springer Cesar sechs. "
                                    "Zug drei: Läufer Bella fünf.")
    s.heard(at + 2000, "partieformular ab zug vier")
    s.say(at + 2000, "player", text="Zug vier ist noch nicht gespielt.")
    s.absent({"to": "opponent"}, start=at, until=at + 2000)
    s = Scenario("scoresheet-read-english", "D.2.5, D.2.7",
                 "English: \"scoresheet from move two\"; an empty scoresheet is said to be empty",
                 lang="en")
    s.heard(500, "scoresheet")
    s.say(500, "player", text="The scoresheet is still empty.")
    at = s.line(1000, ["d4", "d5", "c4", "e6"])
    s.heard(at, "scoresheet from move two")
    s.say(at, "player", text="Move two: Cesar four, Eva six.")


def resumed_finished_game():
    s = Scenario("resumed-finished-game", "5.1.2, D.2.9",
                 "a game that ended (the player resigned) and is opened again says its result",
                 time_control="600+0")
    s.player_move(1000, "e4")
    s.heard(5000, "aufgabe")
    s.say(5000, "player", text="Wollen Sie wirklich aufgeben? Ja oder nein.")
    s.heard(6000, "ja")
    s.end(6000, "0-1", "resignation")
    s.ev(90000, resumed=True)
    s.say(90000, "player", contains="Die Partie ist beendet: null zu eins für Schwarz")


# ===== issue 14 item 6: the rules by edition (2001 … 2018) ==================================

def draw_offer_declined_by_touch():
    # 9.1 (fa 9.1(b), 05 9.1.a, 14 9.1.b, he 9.1.2.1, the same words in every edition): an offer
    # stands until the opponent "rejects it by touching a piece with the intention of moving or
    # capturing it"; the opponent's touch reaches Rochade as `touched` (D.2.9.e).
    for name, rules, lang, article, shows in (
            ("draw-offer-declined-by-touch", None, "de", "9.1.2.1",
             "the player offers a draw with his move; the opponent, to move, touches a piece: "
             "the offer is declined and the player told; the opponent's later \"Remis\" is a new "
             "offer, not an acceptance"),
            ("draw-offer-declined-by-touch-2001-english", "fide-2001", "en", "9.1(b)",
             "English, fide-2001: the opponent's touch declines the player's offer (the article of "
             "the edition); his later \"draw\" is a new offer")):
        s = Scenario(name, f"{article}, D.2.9.e", shows, lang=lang, rules=rules,
                     time_control="600+0", confirm_ms=2000)
        draw_word, question, yes = (("remis", "Remis anbieten? Ja oder nein.", "ja") if lang == "de"
                                    else ("draw", "Offer a draw? Yes or no.", "yes"))
        s.heard(1000, s.words("e4").lower())
        s.say(1000, "player", text=f"{cap(s.words('e4'))}?")
        s.draw_heard(1500, draw_word, question, 1600, yes=yes)
        s.tick(3000)
        s.made(3000, "e4")
        s.say(3000, "opponent", text=s.w("Remis wird angeboten.", "A draw is offered."))
        s.clock_now(3000)
        s.ev(5000, touched="e7")
        s.say(5000, "arbiter", contains="e7")
        s.say(5000, "player", text=s.w(
            f"Der Gegner hat eine Figur berührt: Ihr Remisangebot ist abgelehnt (Artikel {article}).",
            f"Your opponent touched a piece: your draw offer is declined (Article {article})."))
        s.opponent_move(6000, "e5")
        s.opp_event(6500, "remis" if lang == "de" else "draw")
        s.say(6500, "player", contains=s.w("Der Gegner bietet Remis an.",
                                           "Your opponent offers a draw."))
        s.absent({"kind": "end"})
        s.absent({"kind": "say", "to": "opponent", "text": s.w("Remis vereinbart.", "Draw agreed.")})
        s.heard(7000, "nein" if lang == "de" else "no")
        s.say(7000, "player", text=s.w("Remis abgelehnt.", "Draw declined."))


def both_flags(name, rules, tc, base_ms, lang, shows, article):
    """The player (White) lets his flag fall, then moves; the opponent's flag falls later. The
    clock shows 0 for a fallen flag and counts no further."""
    s = Scenario(name, article, shows, rules=rules, lang=lang, time_control=tc)
    s.tick(base_ms + 100)
    s.exp(base_ms + 100, "flag", side="white", flag_ms=base_ms, final_period=True,
          moves_done=False)
    s.say(base_ms + 100, "player", text=s.w("Ihre Zeit ist abgelaufen.", "Your time is up."))
    # the flag shows 0; the move at base_ms + 1000 starts Black's clock, Black's flag falls a
    # whole base time later
    s.clock.ms["white"], s.clock.since = 0, base_ms + 1000
    s.player_move(base_ms + 900, "e4")
    second = 2 * base_ms + 1000
    s.tick(second + 100)
    s.exp(second + 100, "flag", side="black", flag_ms=second, final_period=True,
          moves_done=False)
    s.say(second + 100, "player",
          text=s.w("Die Zeit des Gegners ist abgelaufen.", "Your opponent's time is up."))
    s.clock.ms["black"], s.clock.since = 0, second + 100
    return s, second + 100


def flags_by_edition():
    # 2005 rapid (15 minutes: 05 B.1, 15 to under 60): B.8 the claimant's own flag must be up;
    # B.9 both flags down, a draw. The assistant claims at once (D.2.9.e).
    s, at = both_flags("flag-both-2005-rapid-draw", "fide-2005", "900+0", 900000, "de",
                       "fide-2005 rapid: the player's flag falls, then the opponent's: both flags "
                       "are down, the assistant's claim is no win but the game is drawn (B.9)",
                       "B.8, B.9 (2005 rapid: both flags down, a draw)")
    s.exp(at, "claim", claim="time", side="white", upheld=False)
    s.clock.running = None
    s.end(at, "1/2-1/2", "both flags fallen")
    s.say(at, "player", text="Beide Fahnen sind gefallen (Artikel B.9). Remis.")
    # 2001 blitz (5 minutes, under 15: fa C1) follows the rapid rules: fa B7, B8.
    s, at = both_flags("flag-both-2001-blitz-draw-english", "fide-2001", "300+0", 300000, "en",
                       "English, fide-2001 blitz: both flags down is a draw (B8, the rapid rule "
                       "blitz follows)",
                       "B7, B8 (2001 rapid and blitz: both flags down, a draw)")
    s.exp(at, "claim", claim="time", side="white", upheld=False)
    s.clock.running = None
    s.end(at, "1/2-1/2", "both flags fallen")
    s.say(at, "player", contains="Both flags have fallen (Article B8)")
    # 2014 rapid (14 A.1: over 10, under 60 minutes), A.4.c: the claimant must have time left.
    s, at = both_flags("flag-both-2014-rapid-claim-not-valid", "fide-2014", "900+0", 900000,
                       "de",
                       "fide-2014 rapid: the opponent's flag falls after the player's own: no claim "
                       "is made for the player, and the opponent's claim is refused, both having no "
                       "time left (A.4.c); the game goes on",
                       "A.4.c (2014 rapid: the claimant must have time left)")
    s.say(at, "player",
          text="Ihre eigene Zeit ist auch abgelaufen: keine Reklamation möglich (Artikel A.4.c).")
    s.opp_event(at + 2000, "reklamation")
    refused = ("Die eigene Zeit des Reklamierenden ist auch abgelaufen: die Reklamation ist "
               "ungültig (Artikel A.4.c).")
    s.say(at + 2000, "opponent", text=refused)
    s.say(at + 2000, "player", text=refused)
    s.absent({"kind": "end"})
    s.absent({"kind": "claim"})
    s.clock.since = at + 3000
    s.opponent_move(at + 3000, "e5")
    # 2018 rapid: the arbiter calls flags too (A4.5): the first flag decides, as 6.9.
    s, at = both_flags("flag-both-2018-rapid-first-flag", None, "900+0", 900000, "de",
                       "fide-2018 rapid: both flags are down, the player's first; the opponent's "
                       "claim is upheld (the arbiter calls flags, A4.5; 6.9): 0-1",
                       "A4.5, 6.9 (2018: the first flag decides)")
    s.absent({"kind": "claim", "side": "white"})
    s.opp_event(at + 2000, "reklamation")
    s.exp(at + 2000, "claim", claim="time", side="black", upheld=True)
    s.clock.running = None
    s.end(at + 2000, "0-1", "time")


def en_passant_on_the_sheet():
    # fa E8, 05 E.9: "exd6 e.p."; 14 C.10 "may" append it, 2018 (he C9) has no e.p.: the PGN keeps
    # the SAN and carries the mark in the move's comment where the edition writes it.
    fen = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    for name, rules, marked, article in (
            ("scoresheet-en-passant-2005", "fide-2005", True, "E.9 (2005: e.p. written)"),
            ("scoresheet-en-passant-2018", None, False, "C9 (2018: no e.p.)")):
        shows = ("fide-2005: the en passant capture is written \"exd6\" with \"e.p.\" in the "
                 "PGN comment" if marked else
                 "fide-2018: the en passant capture is written \"exd6\", without \"e.p.\"")
        s = Scenario(name, article, shows, fen=fen, rules=rules,
                     pgn_contains=["3. exd6 {e.p.}"] if marked else ["3. exd6"],
                     pgn_absent=[] if marked else ["e.p."])
        s.opponent_move(500, "d5")
        board = chess.Board(s.board.fen())
        assert board.is_en_passant(board.parse_san("exd6"))
        s.player_move(1000, "exd6")


def forfeit_results():
    # 14 glossary: forfeits are written +/-, -/+; 05 11.1 / 14 10.1: a win by forfeit scores 1.
    # The arbiter enters them; PGN has only 1-0/0-1, so the mark goes into a comment.
    s = Scenario("arbiter-forfeit-kampflos", "10.1, 14 glossary (forfeit +/-)",
                 "the arbiter enters \"1-0 kampflos …\": the game ends 1-0, the player hears the "
                 "decision with its words, the PGN has the result 1-0, the reason and \"{+/-}\"",
                 time_control="600+0",
                 pgn_contains=['[Result "1-0"]', "{+/-} 1-0", "kampflos, Schwarz nicht erschienen"])
    reason = "kampflos, Schwarz nicht erschienen"
    s.ev(5000, arbiter={"result": {"result": "1-0", "reason": reason}})
    s.end(5000, "1-0", reason)
    s.say(5000, "player", text=f"Entscheidung des Schiedsrichters: eins zu null für Weiß. {reason}. "
          "Sie haben gewonnen.")
    s = Scenario("arbiter-forfeit-mark-english", "10.1, 14 glossary (forfeit -/+)",
                 "English: the arbiter enters the mark \"-/+\" alone: Black wins by forfeit, the "
                 "player (Black) hears it, the PGN has 0-1 and \"{-/+}\"",
                 lang="en", player="black", time_control="600+0",
                 pgn_contains=['[Result "0-1"]', "{-/+} 0-1"], pgn_absent=["+/-"])
    s.opponent_move(1000, "e4")
    s.ev(5000, arbiter={"result": {"result": "-/+", "reason": ""}})
    s.end(5000, "0-1", "forfeit")
    s.say(5000, "player", contains="By forfeit. You win.")


def rapid_illegal_moves_by_supervision():
    # 14 A.4.b: under the simplified rules (A.4, chosen by the event, A.5) the first completed
    # illegal move loses, a draw if the opponent cannot mate; under the Competition Rules (A.3)
    # 7.5.b applies: two minutes. 15 minutes is rapid under 14 A.1.
    s = Scenario("arbiter-illegal-move-2014-rapid-limited", "A.4.b (2014 rapid under A.4)",
                 "fide-2014 rapid with supervision limited: the opponent's first illegal move "
                 "loses the game (A.4.b)",
                 rules="fide-2014", time_control="900+0", extra={"supervision": "limited"})
    s.player_move(1000, "e4")
    penalty(s, 5000, "black")
    s.end(5000, "1-0", "illegal moves")
    s.say(5000, "player", text="Regelwidrige Züge von Schwarz (Artikel A.4.b). Sie haben gewonnen.")

    s = Scenario("arbiter-illegal-move-2014-rapid-limited-cannot-mate",
                 "A.4.b (2014 rapid under A.4: draw if the opponent cannot mate)",
                 "fide-2014 rapid with supervision limited: the opponent's first illegal move, "
                 "but the player has a bare king: a draw",
                 rules="fide-2014", fen="4k3/8/8/8/8/8/8/q3K3 w - - 0 60", time_control="900+0",
                 extra={"supervision": "limited"})
    assert chess.Board("4k3/8/8/8/8/8/8/q3K3 w - - 0 60").has_insufficient_material(chess.WHITE)
    s.player_move(1000, "Kf2")
    penalty(s, 2000, "black")
    s.end(2000, "1/2-1/2", "illegal moves, but the opponent cannot mate")

    s = Scenario("arbiter-illegal-move-2014-rapid-full", "7.5.b, A.3 (2014 rapid, full supervision)",
                 "fide-2014 rapid under the Competition Rules (the default): the opponent's first "
                 "illegal move gives the player two minutes, the game goes on",
                 rules="fide-2014", time_control="900+0")
    s.player_move(1000, "e4")
    penalty(s, 5000, "black")
    s.clock.add("white", 120000, 5000)
    s.clock_now(5000)
    s.absent({"kind": "end"})


# ===== Chess960 (FIDE Guidelines II / Appendix F) ===================================#
# python-chess plays Chess960 by its own rules (chess.Board(chess960=True)): it says which
# castling is legal, where king and rook end, and writes castling as the king's move onto its
# rook (b1a1), as Rochade stores it. The positions are found by the first rank's letters.

def last_made(s):
    return [r for r in s.expect if r["kind"] == "made"][-1]


def chess960_number(first_rank):
    for n in range(960):
        if chess.Board.from_chess960_pos(n).board_fen().split("/")[-1] == first_rank:
            return n
    raise ValueError(first_rank)


def first_rank_words(board, lang):
    """White's first rank from a to h in the player's words (the start announcement)."""
    return ", ".join(VOCAB[lang]["pieces"].get(board.piece_at(chess.square(f, 0)).symbol().upper())
                     for f in range(8))


TURN_WORDS = {"de": ("Sie sind am Zug.", "Der Gegner ist am Zug.")}


def position_words(board, player, lang="de"):
    """The training mode's position read aloud: each side's pieces, king to pawn, each kind
    with its squares from a1 upwards ("König Gustav eins; Turm Anna eins, Felix eins; …")."""
    v = VOCAB[lang]
    names = dict(v["pieces"], P="Bauer")

    def side(color):
        parts = []
        for symbol, piece_type in (("K", chess.KING), ("Q", chess.QUEEN), ("R", chess.ROOK),
                                   ("B", chess.BISHOP), ("N", chess.KNIGHT), ("P", chess.PAWN)):
            squares = [square_words(sq, lang) for sq in board.pieces(piece_type, color)]
            if squares:
                parts.append(f"{names[symbol]} {', '.join(squares)}")
        return "; ".join(parts)

    own = chess.WHITE if player == "white" else chess.BLACK
    turn = TURN_WORDS[lang][0 if board.turn == own else 1]
    return f"Ihre Figuren: {side(own)}. Gegner: {side(not own)}. {turn}"


def castled_position_is_told(s, at):
    """Training mode's "Stellung": the squares king and rook stand on after castling,
    independent of the castling move's own notation."""
    s.heard(at, "stellung")
    s.say(at, "player", text=position_words(s.board, s.player))


def chess960_start_position():
    n = 729
    s = Scenario("chess960-start-position", "Chess960 2",
                 "a Chess960 game started by its number: the player hears the number and White's "
                 "first rank, which python-chess places for that number (RKNBBQNR), before the "
                 "first move; the PGN has the Variant tag and the start position",
                 chess960=n,
                 pgn_contains=('[Variant "Chess960"]', '[SetUp "1"]',
                               f'[FEN "{chess.Board.from_chess960_pos(n).fen()}"]'))
    s.say(0, "player", contains=f": {first_rank_words(s.board, 'de')}.")
    assert first_rank_words(s.board, "de") == ("Turm, König, Springer, Läufer, Läufer, Dame, "
                                                "Springer, Turm")
    s.line(1000, ["Nb3", "Nb6"])


def chess960_start_by_hand():
    fen = "nrkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQNR w KQkq - 0 1"
    s = Scenario("chess960-start-by-hand", "Chess960 2",
                 "a start position entered by hand (chosen with dice or cards) as FEN: checked and "
                 "played; it is number 249",
                 chess960=True, fen=fen, pgn_contains=('[Variant "Chess960"]', f'[FEN "{fen}"]'))
    assert chess.Board(fen, chess960=True).chess960_pos() == 249
    s.say(0, "player", contains=f": {first_rank_words(s.board, 'de')}.")
    s.line(1000, ["Nb3", "Nb6"])


def chess960_start_refused(name, shows, start, error):
    s = Scenario(name, "Chess960 2", shows, strict=("made", "clock", "say"))
    s.events[0]["start"].update(start)
    s.meta["errors_expected"] = True
    s.exp(0, "error", error=error)
    s.heard(1000, "eva vier")
    s.absent({"kind": "made"})


def chess960_start_refused_all():
    chess960_start_refused(
        "chess960-start-king-outside-rooks",
        "a hand-entered position with the king outside the rooks is refused with the reason; "
        "no game starts",
        {"chess960": True, "fen": "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/KRRBBNNQ w - - 0 1"},
        "Keine Chess960-Ausgangsstellung: der König muss zwischen den beiden Türmen stehen.")
    chess960_start_refused(
        "chess960-start-bishops-one-colour",
        "a hand-entered position with both bishops on light squares (b1, d1) is refused",
        {"chess960": True, "fen": "rbkbrnnq/pppppppp/8/8/8/8/PPPPPPPP/RBKBRNNQ w KQkq - 0 1"},
        "Keine Chess960-Ausgangsstellung: die Läufer müssen auf Feldern verschiedener Farbe "
        "stehen.")
    chess960_start_refused(
        "chess960-start-not-mirrored",
        "a hand-entered position where Black does not mirror White is refused",
        {"chess960": True, "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1"},
        "Keine Chess960-Ausgangsstellung: die schwarzen Figuren müssen den weißen "
        "spiegelbildlich gegenüberstehen.")
    chess960_start_refused(
        "chess960-start-number-out-of-range",
        "start position number 960 does not exist (they are 0 to 959)",
        {"chess960": 960},
        "960 ist keine Chess960-Ausgangsstellung: sie sind von 0 bis 959 nummeriert.")
    for bad in ("rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/KRRBBNNQ w - - 0 1",
                "rbkbrnnq/pppppppp/8/8/8/8/PPPPPPPP/RBKBRNNQ w KQkq - 0 1"):
        assert chess.Board(bad, chess960=True).chess960_pos() is None, bad


def chess960_castling_king_only():
    n = chess960_number("RNBQKRNB")
    s = Scenario("chess960-castling-king-only", "Chess960 3b",
                 "king-move-only castling: the rook already stands on f1, \"Kurze Rochade\" moves "
                 "only the king, e1 to g1 (stored e1f1, the king onto its rook); read back and "
                 "announced as \"Kurze Rochade\", written O-O; the position read aloud has the king "
                 "on g1 and the rook on f1",
                 chess960=n, mode="training", pgn_contains=("O-O",))
    at = s.line(1000, ["Nh3", "Nh6"])
    s.player_move(at, "O-O", said="kurze rochade")
    assert last_made(s)["uci"] == "e1f1"
    assert s.board.king(chess.WHITE) == chess.G1 and s.board.piece_at(chess.F1).symbol() == "R"
    s.opponent_move(at + 1000, "O-O")  # "Gegner: Kurze Rochade."
    castled_position_is_told(s, at + 2000)


def chess960_castling_rook_only():
    n = chess960_number("RQNBBNKR")
    s = Scenario("chess960-castling-rook-only", "Chess960 3b",
                 "rook-move-only castling: the king already stands on g1, \"Kurze Rochade\" moves "
                 "only the rook, h1 to f1 (stored g1h1); the position read aloud has the king on g1 "
                 "and the rook on f1",
                 chess960=n, mode="training", pgn_contains=("O-O",))
    at = s.line(1000, ["Ne3", "Ne6"])
    s.player_move(at, "O-O", said="kurze rochade")
    assert last_made(s)["uci"] == "g1h1"
    assert s.board.king(chess.WHITE) == chess.G1 and s.board.piece_at(chess.F1).symbol() == "R"
    castled_position_is_told(s, at + 1000)


def chess960_castling_transposition():
    n = chess960_number("RNBBQKRN")
    s = Scenario("chess960-castling-transposition", "Chess960 3b, note 3",
                 "transposition on the first move (note 3: castling can be the first move): king "
                 "f1 and rook g1 change places; stored f1g1, announced \"Kurze Rochade\"; after it "
                 "\"Lange Rochade\" is not possible (once per game)",
                 chess960=n, mode="training", pgn_contains=("1. O-O",))
    s.player_move(1000, "O-O", said="kurze rochade")
    assert last_made(s)["uci"] == "f1g1"
    assert s.board.king(chess.WHITE) == chess.G1 and s.board.piece_at(chess.F1).symbol() == "R"
    s.opponent_move(2000, "Ng6")
    castled_position_is_told(s, 3000)
    assert not s.board.has_castling_rights(chess.WHITE)
    s.heard(4000, "lange rochade")
    s.say(4000, "player", contains="lange rochade: nicht möglich")


def chess960_castling_b1_a1_long():
    n = chess960_number("RKNBBQNR")
    s = Scenario("chess960-castling-king-b1-rook-a1", "Chess960 3b, clarification",
                 "king on b1 and rook on a1 castle c-side: \"Lange Rochade\" is not possible while "
                 "c1 and d1 are occupied (note 4); once they are empty the king goes to c1 and the "
                 "rook over the king's square to d1 (stored b1a1); the opponent's \"O-O-O\" is "
                 "announced as \"Lange Rochade\"",
                 chess960=n, mode="training", pgn_contains=("O-O-O",))
    s.heard(1000, "lange rochade")
    s.say(1000, "player", contains="lange rochade: nicht möglich")
    at = s.line(2000, ["Nb3", "Nb6", "c3", "c6", "Bc2", "Bc7"])
    s.player_move(at, "O-O-O", said="lange rochade")
    assert last_made(s)["uci"] == "b1a1"
    assert s.board.king(chess.WHITE) == chess.C1 and s.board.piece_at(chess.D1).symbol() == "R"
    s.opponent_move(at + 1000, "O-O-O")
    assert s.last_say() == "Gegner: Lange Rochade."
    castled_position_is_told(s, at + 2000)


def chess960_castling_english():
    n = chess960_number("RKNBBQNR")
    s = Scenario("chess960-castling-english", "Chess960 3b, note 1",
                 "English: \"long castle\" in Chess960 is read back and announced as \"long "
                 "castle\", the king from b1 to c1 and the rook from a1 to d1",
                 chess960=n, lang="en")
    at = s.line(1000, ["Nb3", "Nb6", "c3", "c6", "Bc2", "Bc7"])
    s.player_move(at, "O-O-O", said="long castle")
    assert last_made(s)["uci"] == "b1a1"


def chess960_castling_not_through_attack():
    n = chess960_number("RNBBQKRN")
    s = Scenario("chess960-castling-not-into-attack", "Chess960 note 4; 3.8",
                 "king f1, rook g1: the path is empty, but a black knight on f3 attacks g1, the "
                 "king's final square: \"Kurze Rochade\" is not possible, in training mode with the "
                 "reason; after the knight is taken it is",
                 chess960=n, mode="training")
    at = s.line(1000, ["a3", "Ng6", "b3", "Nh4", "c3", "Nf3"])
    assert not any(s.board.is_castling(m) for m in s.board.legal_moves)
    assert s.board.is_attacked_by(chess.BLACK, chess.G1)
    s.heard(at, "kurze rochade")
    s.say(at, "player", contains="der König zöge über ein angegriffenes Feld")
    at = s.line(at + 1000, ["exf3", "a6"])
    assert any(s.board.is_castling(m) for m in s.board.legal_moves)
    s.player_move(at, "O-O", said="kurze rochade")


def chess960_castling_rook_moved():
    n = chess960_number("RNBQKRNB")
    s = Scenario("chess960-castling-rook-moved", "Chess960 3a; 3.8",
                 "the castling rook went f1-g1-f1: the position is as before, but castling is no "
                 "longer possible (the rook has moved)",
                 chess960=n)
    at = s.line(1000, ["Nh3", "Nh6", "Rg1", "Rg8", "Rf1", "Rf8"])
    assert not s.board.has_kingside_castling_rights(chess.WHITE)
    s.heard(at, "kurze rochade")
    s.say(at, "player", text="kurze rochade: nicht möglich.")
    s.absent({"kind": "made", "uci": "e1f1"})


def chess960_king_move_is_no_castling():
    n = chess960_number("RNBBQKNR")
    s = Scenario("chess960-king-move-is-no-castling", "Chess960 note 1",
                 "king f1, rook h1, g1 empty: \"König Gustav eins\" is the king's move f1-g1, not "
                 "castling (which would also end with the king on g1): read back as such, and "
                 "castling is gone with it; castling would have been said \"Kurze Rochade\"",
                 chess960=n, pgn_contains=("Kg1",))
    at = s.line(1000, ["Nh3", "Nh6"])
    assert any(s.board.is_castling(m) for m in s.board.legal_moves)
    s.player_move(at, "Kg1")
    assert last_made(s)["uci"] == "f1g1"
    assert s.board.piece_at(chess.H1).symbol() == "R"
    assert not s.board.has_castling_rights(chess.WHITE)
    s.opponent_move(at + 1000, "Ng8")
    s.heard(at + 2000, "kurze rochade")
    s.say(at + 2000, "player", text="kurze rochade: nicht möglich.")


def chess960_king_onto_rook_is_no_move():
    n = chess960_number("RNBBQKRN")
    s = Scenario("chess960-king-onto-rook-is-no-move", "Chess960 note 1",
                 "king f1, rook g1: \"König Gustav eins\" (the king onto its rook) is no castling; "
                 "the opponent's king-onto-rook f8g8 is an impossible entry; the opponent's "
                 "castling is entered as O-O",
                 chess960=n)
    s.heard(1000, "könig gustav eins")
    s.say(1000, "player", text="könig gustav eins: nicht möglich.")
    s.player_move(2000, "Ng3")
    s.opp_event(3000, "f8g8")
    s.say(3000, "player", contains="f8g8")
    s.heard(3500, "nein")
    s.say(3500, "player", text="Abgebrochen.")
    s.opponent_move(4000, "O-O", entered="O-O")
    assert last_made(s)["uci"] == "f8g8"
    assert s.last_say() == "Gegner: Kurze Rochade."

# ===== Issue 15 item 5: the speech output's volume and rate by voice ========================

def speech_settings_by_voice():
    s = Scenario("speech-louder-softer-faster-slower", "issue 15 item 5 (not information about "
                 "the game: tournament mode)",
                 "\"leiser\", \"lauter\", \"schneller\", \"langsamer\" change the speech "
                 "output one step (10 % volume, 25 words a minute) within its range and say so "
                 "at the new setting; at the end of the range it says so and nothing changes; "
                 "a waiting read-back stays and is what \"Wiederholen\" says again; nothing "
                 "goes to the opponent and no clock changes",
                 time_control="900+0", extra={"speech_volume": 90, "speech_rate": 425})
    s.heard(500, "lauter")
    s.say(500, "player", text="Lauter.", about={"speech_volume": 100, "speech_rate": 425})
    s.heard(600, "bitte lauter")
    s.say(600, "player", text="Lauter geht es nicht.",
          about={"speech_volume": 100, "speech_rate": 425})
    s.heard(700, "leiser")
    s.say(700, "player", text="Leiser.", about={"speech_volume": 90, "speech_rate": 425})
    s.heard(800, "schneller")
    s.say(800, "player", text="Schneller.", about={"speech_volume": 90, "speech_rate": 450})
    s.heard(900, "schneller")
    s.say(900, "player", text="Schneller geht es nicht.",
          about={"speech_volume": 90, "speech_rate": 450})
    s.heard(1000, "springer felix drei")
    s.say(1000, "player", text="Springer Felix drei?", about={"uci": "g1f3"})
    s.heard(1100, "langsamer")
    s.say(1100, "player", text="Langsamer.", about={"speech_volume": 90, "speech_rate": 425})
    s.heard(1200, "wiederholen")
    s.say(1200, "player", text="Springer Felix drei?", about={"uci": "g1f3"})
    s.heard(1300, "ja")
    s.made(1300, "Nf3")
    s.say(1300, "opponent", text="Springer Felix drei")
    s.say(1300, "player", text=FRAMES["de"]["made"])
    s.clock_now(1300)
    s.absent({"to": "opponent"}, start=500, until=1200)
    s = Scenario("speech-settings-english", "issue 15 item 5",
                 "English: \"quieter\" and \"slower\" from the defaults (100 %, 175 words "
                 "a minute); the softest volume is 10 %", lang="en")
    s.heard(500, "quieter")
    s.say(500, "player", text="Softer.", about={"speech_volume": 90, "speech_rate": 175})
    s.heard(600, "slower")
    s.say(600, "player", text="Slower.", about={"speech_volume": 90, "speech_rate": 150})
    at = 700
    for volume in range(80, 0, -10):
        s.heard(at, "softer")
        s.say(at, "player", text="Softer.", about={"speech_volume": volume, "speech_rate": 150})
        at += 100
    s.heard(at, "softer")
    s.say(at, "player", text="This is the softest.",
          about={"speech_volume": 10, "speech_rate": 150})


# ===== main ==================================================================================

def main():
    # every function without parameters (but this one) writes scenarios
    for name, fn in list(globals().items()):
        if (callable(fn) and not isinstance(fn, type) and fn.__module__ == "__main__"
                and name != "main" and fn.__code__.co_argcount == 0):
            fn()
    for old in os.listdir(HERE):
        if old.endswith(".jsonl"):
            os.remove(os.path.join(HERE, old))
    names = set()
    for s in SCENARIOS:
        assert s.name not in names, s.name
        names.add(s.name)
        s.write()
    rows = "\n".join(f"| `{s.name}` | {s.article} | {s.shows} |"
                     for s in sorted(SCENARIOS, key=lambda s: s.name))
    with open(os.path.join(HERE, "README.md"), "w") as f:
        f.write(README.format(count=len(SCENARIOS), rows=rows))
    print(len(SCENARIOS), "scenarios written")


README = """# Assistant replay scenarios

Each `NAME.jsonl` is an event file for `rochade replay` (one JSON object a line, `at` in ms of
game time); `NAME.expect.jsonl` starts with a line naming the article it checks, then lists the
effects the replay must produce (see the module doc of `tests/scenarios.rs` for the matching
rules: `strict` kinds, `text_contains`, `absent` with an optional time span, `pgn_contains`).
Most scenarios are strict about `made` and `clock`: no move is made and no clock changes that
the file does not list — above all, the opponent's clock never starts before a move is made
(D.2.3).

`make_scenarios.py` writes the files (needs python-chess). Nothing in them is copied from
Rochade's output: the moves are checked with python-chess, the spoken words are built from SAN
by the rule of SPOKEN-MOVES.md (§2, and the first word of each vocabulary list), the clock values by a small clock model in the script
(increment credited before move 1 and at each press, as the clock scenarios), and the sentences
are written from the FIDE text and the issue. Endings are checked against python-chess too.

Conventions: the player has White, German, tournament mode and `confirm_ms: 0` (only "ja"
makes a move) unless the table says otherwise; the opponent's moves are SAN unless the
scenario is about other entry forms.

{count} scenarios:

| file | article | what it shows |
|---|---|---|
{rows}
"""


if __name__ == "__main__":
    main()
