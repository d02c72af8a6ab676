#!/usr/bin/env python3
"""Generate the varied spoken-move sets (project issue 11): the forms players really use.

Usage, from the project's root (python-chess: the venv that `scripts/setup.sh --korean-model` makes):
    third_party/venv/bin/python3 scripts/make_varied.py [--out tests/corpus] [--lines 800]
        [--tune-seed 1101] [--test-seed 2202] [--chatter-seed 3303]

Writes, in the `interpret --batch` format of `tests/corpus/*.jsonl` with the expected result
under "expect":
    varied-tune.jsonl   the tuning set (seed --tune-seed, positions of the "tune" half)
    varied-test.jsonl   the held-out test set (seed --test-seed, positions of the "test" half)
    chatter.jsonl       sentences not meant for the assistant (expect not_understood), all
    chatter-tune.jsonl, chatter-test.jsonl   its two halves (no sentence in both)
Every line carries "form" (how it is said: de-fide, de-spelling-alphabet, en-nato, en-to, ...),
"category" (what it means: destination, ambiguous, incomplete_piece, command, chatter, ...) and
"lang".

Written from docs/SPOKEN-MOVES.md alone, independently of Rochade's interpreter and grammars:
the words come from the spec's vocabulary table and §2 forms, rendered by this script; the
expectation is computed from what the words *say* (piece, origin, destination, promotion piece,
castling side, command) against python-chess's legal moves by this script's own reading of §2.
A case is kept only when it lands in the category it was made for (a "destination" case whose
words fit two moves is dropped, not relabelled). Then every move line is read a second time from
its words alone (§1's word lists, §2's forms) and must give the same expectation, or the script
stops: the renderer must say what it meant.

Positions: every position of the test games (`tests/data/carlsen-selection.pgn`,
`tests/data/python-chess/*.pgn`), the EPD endgames, and positions of random legal games played
by this script (seeded). Positions of the existing corpora (`tests/corpus/moves.jsonl`,
`noisy.jsonl`, `extra-*.jsonl`) and dead positions are left out. Each position belongs to
exactly one half, "tune" or "test", by a hash of its placement, side, castling rights and en
passant square, so the two sets never share a position whatever the seeds.
"""
import argparse
import glob
import hashlib
import json
import os
import random
import sys
from collections import Counter, defaultdict

import chess
import chess.pgn

K, Q, R, B, N, P = chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN

# ---------------------------------------------------------------------------------------------
# Words (SPOKEN-MOVES.md §1). The first of each list is the common one.

DE_FILES = {
    'fide': [['Anna'], ['Bella'], ['Cesar', 'Cäsar', 'Caesar'], ['David'], ['Eva'], ['Felix'],
             ['Gustav', 'Gustaf'], ['Hector', 'Hektor']],
    # the German spelling alphabet (DIN 5009)
    'spelling': [['Anton'], ['Berta'], ['Cäsar', 'Caesar', 'Zäsar'], ['Dora'], ['Emil'],
                 ['Friedrich'], ['Gustav'], ['Heinrich']],
    # letter names
    'letters': [['a'], ['be'], ['ce', 'zeh'], ['de'], ['e'], ['ef'], ['ge'], ['ha']],
}
DE_RANKS = [['eins'], ['zwei', 'zwo'], ['drei'], ['vier'], ['fünf'], ['sechs'], ['sieben'], ['acht']]
DE_PIECES = {K: ['König'], Q: ['Dame'], R: ['Turm'], B: ['Läufer'], N: ['Springer'], P: ['Bauer']}
# "zur Dame", "zum Turm": the article of each promotion piece
DE_ZU = {Q: 'zur', R: 'zum', B: 'zum', N: 'zum'}

EN_FILES = {
    'nato': [['alpha', 'alfa'], ['bravo'], ['charlie'], ['delta'], ['echo'], ['foxtrot'], ['golf'],
             ['hotel']],
    'letters': [['a'], ['b', 'bee'], ['c', 'see'], ['d', 'dee'], ['e'], ['f', 'eff'], ['g', 'gee'],
                ['h', 'aitch']],
    'fide': [['Anna'], ['Bella'], ['Cesar', 'Caesar'], ['David'], ['Eva'], ['Felix'], ['Gustav'],
             ['Hector']],
}
EN_RANKS = [['one'], ['two'], ['three'], ['four'], ['five'], ['six'], ['seven'], ['eight']]
# the recognizer's homophones: won (1), too (2), for (4), ate (8)
EN_HOMOPHONES = {0: 'won', 1: 'too', 3: 'for', 7: 'ate'}
EN_PIECES = {K: ['king'], Q: ['queen'], R: ['rook'], B: ['bishop'], N: ['knight'], P: ['pawn']}

# Commands in the phrasings people use (§1 "Commands", and the requests people really make).
COMMANDS = {
    'de': {
        'time': ['Zeit', 'Uhr', 'Zeit bitte', 'Wie viel Zeit habe ich noch?', 'Wieviel Zeit habe ich noch',
                 'Wie viel Zeit bleibt mir noch?', 'Uhr bitte', 'Wie steht die Uhr?', 'Wie ist meine Zeit?',
                 'Sag mir die Zeit', 'Wie viel Zeit habe ich?'],
        'moves': ['Züge', 'Zugzahl', 'Zugzahl bitte', 'Wie viele Züge sind gespielt?',
                  'Wie viele Züge noch bis zur Zeitkontrolle?', 'Wie viele Züge habe ich noch?',
                  'Welcher Zug ist das?', 'Wie viele Züge waren das?'],
        'repeat': ['Wiederholen', 'Wie bitte?', 'Bitte wiederholen', 'Noch einmal bitte',
                   'Kannst du das wiederholen?', 'Wiederhol das bitte', 'Was hast du gesagt?',
                   'Bitte noch einmal'],
        'correction': ['Korrektur', 'Korrektur bitte', 'Moment, Korrektur', 'Halt, Korrektur',
                       'Ich korrigiere', 'Äh, Korrektur'],
        'yes': ['Ja', 'Richtig', 'Bestätigt', 'Ja, richtig', 'Ja genau', 'Jawohl', 'Ja bitte',
                'Das ist richtig', 'Ja, das stimmt'],
        'no': ['Nein', 'Falsch', 'Abbrechen', 'Nein, falsch', 'Nein, das ist falsch', 'Das ist falsch',
               'Nein, abbrechen', 'Nein, das war nicht richtig'],
        'draw': ['Remis', 'Ich biete Remis an', 'Remis bitte', 'Ich nehme das Remis an',
                 'Remis annehmen', 'Ich biete Remis'],
        'resign': ['Aufgabe', 'Ich gebe auf', 'Ich gebe die Partie auf', 'Also, ich gebe auf'],
        'help': ['Hilfe', 'Hilfe bitte', 'Was kann ich sagen?', 'Was kann ich jetzt sagen?',
                 'Welche Befehle gibt es?'],
    },
    'en': {
        'time': ['time', 'clock', 'time please', 'how much time do I have left',
                 'how much time do I have', 'how much time is left?', "what's my time",
                 'what is the time on my clock', 'read the clock', 'clock please',
                 'how much time have I got'],
        'moves': ['moves', 'move count', 'how many moves have been played',
                  'how many moves until the time control', 'how many moves are left',
                  'what move is it', 'move count please', 'how many moves do I have left'],
        'repeat': ['repeat', 'say again', 'say that again', 'repeat that please', 'can you repeat that',
                   'could you say that again?', 'please repeat', 'what did you say'],
        'correction': ['correction', 'correction please', 'wait, correction', 'hold on, correction',
                       'uh, correction'],
        'yes': ['yes', 'correct', 'confirm', 'yes please', "yes, that's right", "that's correct",
                'yes correct', 'confirmed'],
        'no': ['no', 'wrong', 'cancel', "no, that's wrong", "that's wrong", 'no, cancel', 'cancel that',
               'no, that is not right'],
        'draw': ['draw', 'I offer a draw', 'I accept the draw', 'draw please', 'offer a draw',
                 "I'd like to offer a draw"],
        'resign': ['resign', 'I resign', 'I give up', 'I resign the game'],
        'help': ['help', 'help please', 'what can I say', 'what can I say now?', 'what are the commands'],
    },
}

# Sentences a player says to the opponent, the arbiter, someone else or himself: none is for the
# assistant (§1: `not_understood`), though many hold a word that is, or sounds like, a command
# or chess word.
CHATTER = {
    'de': {
        'chatter-opponent': [
            'Mein Name ist Peter', 'Freut mich, Sie kennenzulernen', 'Viel Glück', 'Danke, gleichfalls',
            'Gutes Spiel', 'Schöne Partie', 'Ist das Ihr Stift?', 'Ist der Platz noch frei?',
            'Nein danke, ich trinke nichts', 'Ja, das war ein langer Tag', 'Woher kommen Sie?',
            'Spielen Sie oft in diesem Verein?', 'Ich spiele seit zwanzig Jahren Schach',
            'Haben Sie gut hergefunden?', 'Das Wetter ist heute schön', 'Möchten Sie auch ein Wasser?',
            'Entschuldigung, ich habe mich verspätet', 'Nein, das stört mich nicht',
            'Ja gerne, nach der Partie', 'Wollen wir nachher analysieren?',
            'Das war eine spannende Partie', 'Sie haben sehr gut gespielt',
            'Haben Sie nachher noch Zeit für einen Kaffee?', 'Mein Turm stand heute schlecht, oder?',
            'Ihr Springer war wirklich stark', 'Können Sie bitte etwas leiser sein?',
            'Ich glaube, wir kennen uns vom letzten Turnier', 'Nein, ich bin zum ersten Mal hier',
        ],
        'chatter-arbiter': [
            'Entschuldigung, wo ist die Toilette?', 'Wann beginnt die nächste Runde?',
            'Um wie viel Uhr ist die Siegerehrung?', 'Darf ich kurz telefonieren?', 'Mein Handy ist aus',
            'Ich gehe kurz raus', 'Ich bin gleich zurück', 'Zurück in fünf Minuten',
            'Können Sie die Heizung etwas runterdrehen?', 'Wo trage ich das Ergebnis ein?',
            'Wer ist mein Gegner in der nächsten Runde?', 'Ist das Brett richtig aufgebaut?',
            'Ich brauche eine neue Batterie für das Gerät', 'Wie lange dauert die Mittagspause?',
            'Gibt es hier irgendwo Wasser?', 'Die Lampe über meinem Brett ist kaputt',
            'Darf ich das Fenster aufmachen?', 'Wann ist die Zeitkontrolle bei diesem Turnier?',
        ],
        'chatter-self': [
            'Oh nein, das war dumm', 'Na ja, mal sehen', 'Konzentrier dich', 'Hmm, was mache ich jetzt',
            'Das sieht nicht gut aus', 'Ja ja, schon gut', 'Ich bin so müde', 'Wo war ich stehen geblieben',
            'Zeit ist Geld', 'Hilfe, ist das heiß hier drin', 'Nein, nein, das darf nicht wahr sein',
            'Ruhig bleiben, ganz ruhig', 'Das hätte ich kommen sehen müssen', 'Jetzt bloß keinen Fehler machen',
            'Warum habe ich das nur gemacht', 'So ein Mist', 'Das wird eine lange Nacht',
            'Richtig knapp heute', 'Die Dame hätte ich lieber behalten sollen',
            'Oh, mein Rücken tut weh', 'Wo habe ich nur meine Brille hingelegt',
            'Nicht schon wieder', 'Das war wohl nichts',
        ],
        'chatter-other': [
            'Einen Kaffee bitte', 'Ein Wasser ohne Kohlensäure, bitte', 'Hallo Schatz, ich rufe später an',
            'Eva kommt gleich', 'Ist David schon da?', 'Felix hat heute gewonnen',
            'Anna, kommst du mit zum Essen?', 'Ich treffe Anna um acht', 'Zwei Brötchen bitte',
            'Ich komme um vier nach Hause', 'Das macht sechs Euro fünfzig', 'Danke für die Hilfe',
            'Remis war gestern das gerechte Ergebnis', 'Die Uhr in der Halle geht falsch',
            'Die Zeit vergeht so schnell', 'Gustav wohnt in der Hausnummer drei',
            'Bella ist unsere Katze', 'Mein Bruder spielt im Verein an Brett zwei',
            'Der Zug nach Hause fährt um sechs', 'Kannst du mich bitte zurückrufen?',
            'Wir sehen uns morgen um neun', 'Tschüss, bis später',
            'Ja, ich höre dich, der Empfang ist schlecht', 'Nein, heute Abend habe ich keine Zeit',
            'Hast du Hilfe beim Umzug gebraucht?', 'Die Dame am Eingang verkauft Kuchen',
            'Der Turm der Kirche ist schön', 'Mein Bauer hat mir Eier verkauft',
            'Springer ist ein Verlag in Berlin', 'Wie war das Turnier letztes Jahr?',
            'Meine Tochter spielt auch Schach', 'Der Kaffee ist schon kalt',
            'Ich muss heute noch zur Apotheke', 'Zurück zum Hotel fahren wir mit dem Bus',
        ],
    },
    'en': {
        'chatter-opponent': [
            'no worries', 'nice to meet you', 'my name is Peter', 'good luck', 'thanks, you too',
            'good game', 'is this seat taken', 'is this your pen', "no thanks, I don't drink coffee",
            'yes, it was a long day', 'where are you from', 'do you play here often',
            "I've been playing chess for twenty years", 'would you like some water', "sorry I'm late",
            "no, that doesn't bother me", 'sure, after the game', 'shall we analyse afterwards',
            'that was an exciting game', 'you played very well', 'do you have time for a coffee later',
            "my rook was badly placed today, wasn't it", 'your knight was really strong',
            'could you please be a bit quieter', 'I think we met at the last tournament',
            "no, it's my first time here",
        ],
        'chatter-arbiter': [
            'excuse me, where is the restroom', 'what time is the next round',
            'when does the prize giving start', 'may I make a phone call', 'my phone is switched off',
            "I'm just stepping out for a minute", "I'll be right back", 'back in five minutes',
            'who is my opponent in the next round', 'is the board set up correctly',
            'how long is the lunch break', 'where do I write down the result',
            'could you turn the heating down please', 'the lamp over my board is broken',
            'may I open the window', 'what is the time control in this tournament',
            'I need a new battery for the device',
        ],
        'chatter-self': [
            'oh no, that was stupid', "well, let's see", 'focus', 'hmm, what do I do now',
            "this doesn't look good", 'yeah yeah, fine', "I'm so tired", 'where was I', 'time flies',
            "help, it's hot in here", "no no no, that can't be right", 'stay calm, just stay calm',
            'I should have seen that coming', "don't make a mistake now", 'why did I do that',
            "it's going to be a long night", 'I should have kept the queen',
        ],
        'chatter-other': [
            'one coffee please', 'a glass of water, no ice please', "hi honey, I'll call you later",
            'Eva is coming soon', 'is David here yet', 'Felix won today', 'Anna, are you coming to lunch',
            "I'm meeting Anna at eight", 'two sandwiches please', "I'll be home at four",
            "that's six fifty", 'thanks for the help', 'a draw was the fair result yesterday',
            'the clock in the hall is wrong', 'Hector, over here', 'the draw for the next round is out',
            'please cancel my dinner reservation', 'can you call me back later', 'see you tomorrow at nine',
            "the train home leaves at six", 'my brother plays on board two for the club',
            'bye, see you later',
            "yes, I can hear you, the reception is bad", "no, I don't have time tonight",
            'did you need help with the move to the new flat', 'the lady at the entrance sells cake',
            'the church tower is beautiful', 'the farmer sold me eggs', 'what was the tournament like last year',
            'my daughter plays chess too', 'the coffee has gone cold', 'I need to go to the pharmacy today',
            'we take the bus back to the hotel', 'can I borrow your charger',
            "I'll have the soup, please", 'no, the other one', 'the bishop of the diocese visited us',
            'knights in shining armour, right', 'right, I forgot my glasses',
        ],
    },
}


def fold(text):
    out = text.lower()
    for a, b in (('ä', 'ae'), ('ö', 'oe'), ('ü', 'ue'), ('ß', 'ss')):
        out = out.replace(a, b)
    return out


# ---------------------------------------------------------------------------------------------
# §2: the expectation, from what the words say.
#
# A move utterance says: piece (a role, or None), origin file and/or rank (or none),
# destination square, promotion piece (or None). Castling says a side; a command its name.

def pawn_could_reach(board, to):
    """A pawn of the side to move could go to `to` if pins and checks did not matter."""
    us = board.turn
    step = 8 if us == chess.WHITE else -8
    start_rank = 1 if us == chess.WHITE else 6
    for sq in board.pieces(P, us):
        if to in chess.SquareSet(chess.BB_PAWN_ATTACKS[us][sq]):
            target = board.piece_at(to)
            if (target is not None and target.color != us) or board.ep_square == to:
                return True
        one = sq + step
        if one == to and board.piece_at(to) is None:
            return True
        if (chess.square_rank(sq) == start_rank and sq + 2 * step == to
                and board.piece_at(one) is None and board.piece_at(to) is None):
            return True
    return False


def expect_move(board, said):
    legal = list(board.legal_moves)
    if not legal:  # the game is over: a move is illegal
        return {'status': 'illegal'}
    piece, ff, fr, to, promo = said['piece'], said['ff'], said['fr'], said['to'], said['promo']
    if ff is not None and fr is not None:
        # the origin names the piece (a piece word must agree with it)
        origin = chess.square(ff, fr)
        fit = [m for m in legal if m.from_square == origin and m.to_square == to
               and (piece is None or board.piece_type_at(origin) == piece)
               and (promo is None or m.promotion == promo)]
    else:
        role = piece if piece is not None else P
        fit = [m for m in legal if m.to_square == to and board.piece_type_at(m.from_square) == role
               and (ff is None or chess.square_file(m.from_square) == ff)
               and (fr is None or chess.square_rank(m.from_square) == fr)
               and (promo is None or m.promotion == promo)]
    if len(fit) == 1:
        return {'status': 'move', 'uci': fit[0].uci()}
    if fit:
        ucis = sorted(m.uci() for m in fit)
        if promo is None and all(m.promotion for m in fit) and len({m.from_square for m in fit}) == 1:
            return {'status': 'incomplete', 'missing': 'promotion', 'candidates': ucis}
        return {'status': 'ambiguous', 'candidates': ucis}
    if piece is None and ff is None and fr is None and promo is None and not pawn_could_reach(board, to):
        pieces = sorted(m.uci() for m in legal if m.to_square == to and board.piece_type_at(m.from_square) != P)
        if pieces:
            return {'status': 'incomplete', 'missing': 'piece', 'candidates': pieces}
    return {'status': 'illegal'}


def expect_castle(board, side):
    legal = [m for m in board.legal_moves if board.is_castling(m)
             and (board.is_kingside_castling(m) if side == 'short' else board.is_queenside_castling(m))]
    return {'status': 'move', 'uci': legal[0].uci()} if len(legal) == 1 else {'status': 'illegal'}


# ---------------------------------------------------------------------------------------------
# Intents: what the player means, in a position. Each gives a plan or None:
#   {'kind': 'move', 'move': Move|None, 'piece': role|None, 'origin': 'square'|'file'|'rank'|None,
#    'from': sq|None, 'to': sq, 'promo': role|None, 'capture': bool, 'ep': bool, 'check': str|None}
#   {'kind': 'castle', 'side': 'short'|'long'}   {'kind': 'command', 'name': ...}

def legal(board):
    return list(board.legal_moves)


def movers_to(board, to, role):
    return [m for m in legal(board) if m.to_square == to and board.piece_type_at(m.from_square) == role]


def check_of(board, move, rng, say_check):
    if not say_check:
        return None
    after = board.copy(stack=False)
    after.push(move)
    if after.is_checkmate():
        return 'mate'
    return 'check' if after.is_check() else None


def plan_for(board, m, origin, rng, piece=None, promo='auto', capture=None, say_check=0.3):
    role = board.piece_type_at(m.from_square)
    if piece is None:
        piece = role if (role != P or rng.random() < 0.15) else None
    elif piece is False:
        piece = None
    cap = board.is_capture(m) if capture is None else capture
    if capture is None and cap:
        cap = rng.random() < 0.5
    return {'kind': 'move', 'move': m, 'piece': piece, 'origin': origin, 'from': m.from_square,
            'to': m.to_square, 'promo': (m.promotion if promo == 'auto' else promo), 'capture': cap,
            'ep': board.is_en_passant(m) and rng.random() < 0.5,
            'check': check_of(board, m, rng, rng.random() < say_check)}


def i_destination(board, rng):
    ms = [m for m in legal(board) if not m.promotion and not board.is_castling(m)
          and len(movers_to(board, m.to_square, board.piece_type_at(m.from_square))) == 1]
    return plan_for(board, rng.choice(ms), None, rng) if ms else None


def i_piece_destination(board, rng):
    """A piece (not a pawn) to a square: the forms with "auf", "to", "takes on"."""
    ms = [m for m in legal(board) if board.piece_type_at(m.from_square) != P and not board.is_castling(m)
          and len(movers_to(board, m.to_square, board.piece_type_at(m.from_square))) == 1]
    if not ms:
        return None
    m = rng.choice(ms)
    return plan_for(board, m, None, rng, piece=board.piece_type_at(m.from_square))


def i_piece_capture(board, rng):
    ms = [m for m in legal(board) if board.is_capture(m) and not m.promotion
          and board.piece_type_at(m.from_square) != P
          and len(movers_to(board, m.to_square, board.piece_type_at(m.from_square))) == 1]
    return plan_for(board, rng.choice(ms), None, rng, capture=True) if ms else None


def i_origin(board, rng):
    ms = [m for m in legal(board) if not m.promotion and not board.is_castling(m)]
    if not ms:
        return None
    m = rng.choice(ms)
    role = board.piece_type_at(m.from_square)
    piece = role if rng.random() < (0.75 if role != P else 0.15) else False
    return plan_for(board, m, 'square', rng, piece=piece)


def i_disambiguated(board, rng, by):
    key = chess.square_file if by == 'file' else chess.square_rank
    options = []
    for m in legal(board):
        role = board.piece_type_at(m.from_square)
        if role in (P, K) or m.promotion:
            continue
        rivals = movers_to(board, m.to_square, role)
        if len(rivals) >= 2 and sum(key(r.from_square) == key(m.from_square) for r in rivals) == 1:
            options.append(m)
    return plan_for(board, rng.choice(options), by, rng) if options else None


def i_pawn_capture(board, rng):
    ms = [m for m in legal(board) if board.piece_type_at(m.from_square) == P and board.is_capture(m)
          and not m.promotion]
    return plan_for(board, rng.choice(ms), 'file', rng, piece=False) if ms else None


def i_en_passant(board, rng):
    ms = [m for m in legal(board) if board.is_en_passant(m)]
    if not ms:
        return None
    m = rng.choice(ms)
    plan = plan_for(board, m, 'file' if rng.random() < 0.7 else 'square', rng, piece=False, capture=True)
    plan['ep'] = rng.random() < 0.7
    return plan


def i_promotion(board, rng):
    ms = [m for m in legal(board) if m.promotion]
    if not ms:
        return None
    m = rng.choice(ms)
    if rng.random() < 0.5:
        ms_q = [x for x in ms if x.promotion == Q]
        m = rng.choice(ms_q) if ms_q else m
    origin = 'file' if board.is_capture(m) and rng.random() < 0.6 else ('square' if rng.random() < 0.4 else None)
    return plan_for(board, m, origin, rng, piece=(P if rng.random() < 0.3 else False))


def i_incomplete_promotion(board, rng):
    ms = [m for m in legal(board) if m.promotion]
    if not ms:
        return None
    m = rng.choice(ms)
    return plan_for(board, m, None, rng, piece=False, promo=None, say_check=0)


def i_ambiguous(board, rng):
    groups = defaultdict(list)
    for m in legal(board):
        if not m.promotion and not board.is_castling(m):
            groups[(m.to_square, board.piece_type_at(m.from_square))].append(m)
    options = [ms for ms in groups.values() if len(ms) >= 2]
    if not options:
        return None
    ms = rng.choice(options)
    role = board.piece_type_at(ms[0].from_square)
    plan = plan_for(board, ms[0], None, rng, piece=role, say_check=0)
    plan['move'] = None
    return plan


def i_incomplete_piece(board, rng):
    tos = sorted({m.to_square for m in legal(board) if board.piece_type_at(m.from_square) != P
                  and not board.is_castling(m) and not pawn_could_reach(board, m.to_square)})
    if not tos:
        return None
    to = rng.choice(tos)
    return {'kind': 'move', 'move': None, 'piece': None, 'origin': None, 'from': None, 'to': to,
            'promo': None, 'capture': False, 'ep': False, 'check': None}


def i_illegal(board, rng):
    """A piece word and a square none of those pieces can legally reach."""
    us = board.turn
    roles = [r for r in (Q, R, B, N, K) if board.pieces(r, us)]
    if not roles or not legal(board):
        return None
    role = rng.choice(roles)
    reach = {m.to_square for m in legal(board) if board.piece_type_at(m.from_square) == role}
    targets = [sq for sq in chess.SQUARES if sq not in reach and board.color_at(sq) != us]
    if role == K:  # not a castling square said as a king move (§2: that is castling)
        targets = [sq for sq in targets if sq not in (chess.C1, chess.G1, chess.C8, chess.G8)]
    if not targets:
        return None
    to = rng.choice(targets)
    return {'kind': 'move', 'move': None, 'piece': role, 'origin': None, 'from': None, 'to': to,
            'promo': None, 'capture': board.color_at(to) is not None and rng.random() < 0.4, 'ep': False,
            'check': None}


def i_illegal_origin(board, rng):
    """From a square of one's own piece to a square it cannot go to."""
    us = board.turn
    origins = [sq for sq in chess.SQUARES if board.color_at(sq) == us]
    frm = rng.choice(origins)
    reach = {m.to_square for m in legal(board) if m.from_square == frm}
    targets = [sq for sq in chess.SQUARES if sq not in reach and sq != frm and board.color_at(sq) != us]
    if board.piece_type_at(frm) == K:
        targets = [sq for sq in targets if chess.square_distance(sq, frm) != 2
                   or chess.square_rank(sq) != chess.square_rank(frm)]
    if not targets or not legal(board):
        return None
    role = board.piece_type_at(frm)
    return {'kind': 'move', 'move': None, 'piece': role if (role != P and rng.random() < 0.7) else None,
            'origin': 'square', 'from': frm, 'to': rng.choice(targets), 'promo': None, 'capture': False,
            'ep': False, 'check': None}


def i_castle(board, rng):
    ms = [m for m in legal(board) if board.is_castling(m)]
    if not ms:
        return None
    m = rng.choice(ms)
    return {'kind': 'castle', 'side': 'short' if board.is_kingside_castling(m) else 'long', 'move': m}


def i_illegal_castle(board, rng):
    if not legal(board):
        return None
    have = {('short' if board.is_kingside_castling(m) else 'long') for m in legal(board) if board.is_castling(m)}
    sides = [s for s in ('short', 'long') if s not in have]
    return {'kind': 'castle', 'side': rng.choice(sides), 'move': None} if sides else None


def i_king_castle(board, rng):
    """"König Gustav eins" from e1 with the right: castling said as the king's move."""
    ms = [m for m in legal(board) if board.is_castling(m)]
    if not ms:
        return None
    m = rng.choice(ms)
    return {'kind': 'move', 'move': m, 'piece': K, 'origin': 'square' if rng.random() < 0.4 else None,
            'from': m.from_square, 'to': m.to_square, 'promo': None, 'capture': False, 'ep': False,
            'check': None}


def i_checking(board, rng):
    ms = [m for m in legal(board) if board.gives_check(m) and not board.is_castling(m)
          and len(movers_to(board, m.to_square, board.piece_type_at(m.from_square))) == 1]
    if not ms:
        return None
    m = rng.choice(ms)
    plan = plan_for(board, m, 'square' if rng.random() < 0.25 else None, rng, say_check=1.0)
    return plan


def i_command(board, rng):
    return {'kind': 'command', 'name': None}


INTENTS = {
    # category: (maker, expected status, missing)
    'destination': (i_destination, 'move', None),
    'piece_destination': (i_piece_destination, 'move', None),
    'piece_capture': (i_piece_capture, 'move', None),
    'origin_destination': (i_origin, 'move', None),
    'disambiguated_file': (lambda b, r: i_disambiguated(b, r, 'file'), 'move', None),
    'disambiguated_rank': (lambda b, r: i_disambiguated(b, r, 'rank'), 'move', None),
    'pawn_capture': (i_pawn_capture, 'move', None),
    'en_passant': (i_en_passant, 'move', None),
    'promotion': (i_promotion, 'move', None),
    'castling': (i_castle, 'move', None),
    'king_castling': (i_king_castle, 'move', None),
    'check': (i_checking, 'move', None),
    'ambiguous': (i_ambiguous, 'ambiguous', None),
    'incomplete_piece': (i_incomplete_piece, 'incomplete', 'piece'),
    'incomplete_promotion': (i_incomplete_promotion, 'incomplete', 'promotion'),
    'illegal_unreachable': (i_illegal, 'illegal', None),
    'illegal_origin': (i_illegal_origin, 'illegal', None),
    'illegal_castling': (i_illegal_castle, 'illegal', None),
    'command': (i_command, 'command', None),
}

# A general mix for the forms that say squares in their own words.
MIX = {'destination': 30, 'origin_destination': 15, 'disambiguated_file': 6, 'disambiguated_rank': 3,
       'pawn_capture': 10, 'piece_capture': 5, 'promotion': 4, 'en_passant': 2, 'ambiguous': 9,
       'incomplete_piece': 5, 'incomplete_promotion': 2, 'illegal_unreachable': 7, 'illegal_origin': 2}

# form: (lang, share, intents with weights)
FORMS = {
    'de-fide': ('de', 9, MIX),
    'de-spelling-alphabet': ('de', 9, MIX),
    'de-letter-names': ('de', 8, MIX),
    'de-von-nach': ('de', 8, {'origin_destination': 70, 'promotion': 8, 'en_passant': 3,
                              'king_castling': 5, 'illegal_origin': 12}),
    'de-auf': ('de', 7, {'piece_destination': 55, 'piece_capture': 15, 'ambiguous': 15,
                         'illegal_unreachable': 10}),
    'de-schlaegt': ('de', 5, {'piece_capture': 40, 'pawn_capture': 35, 'en_passant': 5,
                              'origin_destination': 10}),
    'de-castle-kleine': ('de', 6, {'castling': 70, 'illegal_castling': 20, 'king_castling': 10}),
    'de-promotion-wird-zur': ('de', 6, {'promotion': 85, 'incomplete_promotion': 15}),
    'de-filler-bitte': ('de', 6, {'destination': 40, 'origin_destination': 20, 'pawn_capture': 10,
                                  'castling': 10, 'piece_capture': 10, 'ambiguous': 5, 'incomplete_piece': 5}),
    'de-mit-schach': ('de', 5, {'check': 85, 'destination': 15}),
    'de-command': ('de', 11, {'command': 1}),
    'en-nato': ('en', 8, MIX),
    'en-letters': ('en', 8, MIX),
    'en-to': ('en', 8, {'piece_destination': 55, 'destination': 15, 'ambiguous': 15,
                        'illegal_unreachable': 10, 'incomplete_piece': 5}),
    'en-from-to': ('en', 8, {'origin_destination': 75, 'promotion': 8, 'king_castling': 5,
                             'illegal_origin': 12}),
    'en-takes-on': ('en', 6, {'piece_capture': 65, 'pawn_capture': 25, 'en_passant': 5, 'ambiguous': 5}),
    'en-castles-side': ('en', 6, {'castling': 75, 'illegal_castling': 25}),
    'en-homophones': ('en', 7, {'piece_destination': 60, 'origin_destination': 30, 'destination': 10}),
    'en-fide-names': ('en', 7, MIX),
    'en-promotes-to': ('en', 6, {'promotion': 85, 'incomplete_promotion': 15}),
    'en-filler-please': ('en', 5, {'destination': 40, 'origin_destination': 20, 'pawn_capture': 10,
                                   'castling': 10, 'piece_capture': 10, 'ambiguous': 5,
                                   'incomplete_piece': 5}),
    'en-with-check': ('en', 4, {'check': 85, 'destination': 15}),
    'en-command': ('en', 11, {'command': 1}),
}


# ---------------------------------------------------------------------------------------------
# Rendering: a plan in a form's words.

class Speaker:
    def __init__(self, rng, form):
        self.rng, self.form = rng, form
        self.lang = FORMS[form][0]

    def pick(self, names, first=0.8):
        return names[0] if len(names) == 1 or self.rng.random() < first else self.rng.choice(names[1:])

    # -- words
    def file_style(self):
        f = self.form
        if self.lang == 'de':
            if f == 'de-spelling-alphabet':
                return 'spelling'
            if f == 'de-letter-names':
                return 'letters'
            if f == 'de-fide':
                return 'fide'
            roll = self.rng.random()  # the other forms mix the file words (§2.7)
            return 'fide' if roll < 0.6 else 'spelling' if roll < 0.8 else 'letters'
        if f == 'en-nato':
            return 'nato'
        if f == 'en-letters':
            return 'letters'
        if f == 'en-fide-names':
            return 'fide'
        roll = self.rng.random()
        return 'letters' if roll < 0.55 else 'nato' if roll < 0.85 else 'fide'

    def file(self, f, style):
        table = DE_FILES if self.lang == 'de' else EN_FILES
        return self.pick(table[style][f], 0.85 if style != 'letters' else 0.6)

    def rank(self, r, role='rank'):
        if self.lang == 'de':
            return self.pick(DE_RANKS[r], 0.85)
        if self.form == 'en-fide-names' and self.rng.random() < 0.35:
            return DE_RANKS[r][0]  # the German numbers of the FIDE text
        if self.form == 'en-homophones' and r in EN_HOMOPHONES and self.rng.random() < 0.85:
            if r != 1 or role == 'last':  # "too" only where no square follows
                return EN_HOMOPHONES[r]
        return EN_RANKS[r][0]

    def square(self, sq, style, role='rank'):
        return [self.file(chess.square_file(sq), style), self.rank(chess.square_rank(sq), role)]

    def piece(self, role):
        return (DE_PIECES if self.lang == 'de' else EN_PIECES)[role][0]

    def capture_word(self):
        if self.lang == 'de':
            return self.rng.choice(['schlägt', 'schlägt', 'nimmt', 'x', 'mal'])
        return self.rng.choice(['takes', 'takes', 'captures', 'x'])

    def check_words(self, kind):
        rng = self.rng
        if self.lang == 'de':
            if kind == 'mate':
                return [rng.choice(['Matt', 'Schachmatt'])]
            return ['mit', 'Schach'] if (self.form == 'de-mit-schach' and rng.random() < 0.6) else ['Schach']
        if kind == 'mate':
            return [rng.choice(['mate', 'checkmate'])]
        return ['with', 'check'] if (self.form == 'en-with-check' and rng.random() < 0.5) else ['check']

    def promo_words(self, role):
        rng = self.rng
        name = self.piece(role)
        if self.lang == 'de':
            if self.form == 'de-promotion-wird-zur':
                choice = rng.choice(['wird zu', 'wird zu', 'zu', 'und wird', 'Umwandlung in', 'wird', 'in'])
            else:
                choice = rng.choice(['', '', 'wird', 'Umwandlung in'])
            words = choice.split()
            if words and words[-1] == 'zu':
                words[-1] = DE_ZU[role]
            return words + [name]
        if self.form == 'en-promotes-to':
            choice = rng.choice(['promotes to', 'promotes to', 'promoting to', 'promotion', 'equals',
                                 'and promotes to', ''])
        else:
            choice = rng.choice(['', '', 'promotes to', 'equals'])
        return choice.split() + [name]

    # -- a whole plan
    def words(self, board, plan):
        if plan['kind'] == 'command':
            return None
        if plan['kind'] == 'castle':
            return self.castle_words(plan['side'])
        rng, form, lang = self.rng, self.form, self.lang
        style = self.file_style()
        out = []
        if plan['piece'] is not None:
            out.append(self.piece(plan['piece']))
        origin = plan['origin']
        frm = plan['from']
        cap = plan['capture']
        if origin == 'square':
            src = self.square(frm, style)
            if form == 'de-von-nach':
                out += (['von'] + src + (['schlägt'] if cap and rng.random() < 0.5 else ['nach'])
                        if rng.random() < 0.7 else src + ['nach'])
                cap = False
            elif form == 'en-from-to':
                out += (['from'] + src + ['to'] if rng.random() < 0.65 else src + ['to'])
                cap = False
            elif form == 'en-homophones':
                out += src + ['to']
                cap = False
            else:
                out += src
        elif origin == 'file':
            out.append(self.file(chess.square_file(frm), style))
        elif origin == 'rank':
            out.append(self.rank(chess.square_rank(frm)))
        if cap:
            if form == 'de-auf' or (form == 'de-schlaegt' and rng.random() < 0.35):
                out += [rng.choice(['schlägt', 'nimmt']), 'auf']
            elif form == 'en-takes-on':
                out += ['takes', 'on'] if rng.random() < 0.8 else ['captures', 'on']
            else:
                out.append(self.capture_word())
        elif origin is None:
            if form == 'de-auf':
                out.append('auf')
            elif form in ('en-to', 'en-homophones') and plan['piece'] is not None:
                out.append('to')
            elif form == 'en-to' and plan['move'] is not None and rng.random() < 0.7:
                plan['piece'] = P  # "pawn to e four": the piece word said, and so meant
                out = ['pawn', 'to']
        out += self.square(plan['to'], style, 'last')
        if plan['ep']:
            out += ['en', 'passant']
        if plan['promo'] is not None:
            out += self.promo_words(plan['promo'])
        if plan['check']:
            out += self.check_words(plan['check'])
        return out

    def castle_words(self, side):
        rng = self.rng
        if self.lang == 'de':
            if self.form == 'de-castle-kleine':
                short = ['kleine Rochade', 'kleine Rochade', 'Rochade kurz', 'kurze Rochade']
                long_ = ['große Rochade', 'grosse Rochade', 'große Rochade', 'Rochade lang', 'lange Rochade']
            else:
                short, long_ = ['kurze Rochade', 'kleine Rochade'], ['lange Rochade', 'große Rochade']
        else:
            if self.form == 'en-castles-side':
                short = ['castles kingside', 'castle kingside', 'castles king side', 'king side castle',
                         'castles short', 'short castle']
                long_ = ['castles queenside', 'castle queenside', 'castles queen side', 'queen side castle',
                         'castles long', 'long castle']
            else:
                short, long_ = ['castles kingside', 'short castle'], ['castles queenside', 'long castle']
        return rng.choice(short if side == 'short' else long_).split()

    def finish(self, words):
        """Fillers (always in the filler forms, sometimes elsewhere), umlaut spellings, casing."""
        rng = self.rng
        words = list(words)
        heavy = self.form in ('de-filler-bitte', 'en-filler-please')
        # The FIDE default fillers anywhere; the accepted variants ("bitte", "so", "jetzt";
        # "please", "so") only in the filler forms, so that each form tests its own words.
        if self.lang == 'de':
            front, back, inside = ['äh', 'ähm', 'also', 'und'], ['bitte'], ['äh', 'ähm']
            if heavy:
                front += ['so', 'jetzt', 'so jetzt', 'also jetzt']
        else:
            front, back, inside = ['uh', 'um', 'and'], ['please'], ['uh', 'um', 'the']
            if heavy:
                front += ['so', 'so uh', 'please']
        if heavy:
            kinds = rng.sample(['front', 'back', 'inside'], rng.choice([1, 2, 2, 3]))
        else:
            kinds = ['front'] if rng.random() < 0.08 else []
        if 'inside' in kinds and len(words) > 1:
            filler = rng.choice(inside)
            if filler == 'the' and words[0] in EN_PIECES_WORDS:
                words.insert(0, 'the')
            else:
                words.insert(rng.randrange(1, len(words)), filler)
        if 'front' in kinds:
            lead = rng.choice(front)
            words = (lead + (',' if heavy and rng.random() < 0.3 else '')).split() + words
        if 'back' in kinds:
            words.append(rng.choice(back))
        text = ' '.join(words)
        if self.lang == 'de' and rng.random() < 0.12:
            for a, b in (('ä', 'ae'), ('ö', 'oe'), ('ü', 'ue'), ('ß', 'ss'), ('Ä', 'Ae'), ('Ö', 'Oe'), ('Ü', 'Ue')):
                text = text.replace(a, b)
        roll = rng.random()
        if roll < 0.5:
            text = text.lower()
        elif roll < 0.55:
            text = text.upper()
        return text


EN_PIECES_WORDS = {w for names in EN_PIECES.values() for w in names}


def said_of(plan):
    origin, frm = plan['origin'], plan['from']
    return {'piece': plan['piece'],
            'ff': chess.square_file(frm) if origin in ('square', 'file') else None,
            'fr': chess.square_rank(frm) if origin in ('square', 'rank') else None,
            'to': plan['to'], 'promo': plan['promo']}


def make_case(board, form, category, rng):
    maker, status, missing = INTENTS[category]
    sp = Speaker(rng, form)
    lang = sp.lang
    if category == 'command':
        name = rng.choice(sorted(COMMANDS[lang]))
        text = rng.choice(COMMANDS[lang][name])
        roll = rng.random()
        if roll < 0.35:
            text = text.lower()
        exp = {'status': 'command', 'command': name}
        return {'fen': board.fen(), 'heard': text, 'lang': lang, 'expect': exp, 'category': 'command',
                'form': form}
    if not legal(board):
        return None
    plan = maker(board, rng)
    if plan is None:
        return None
    if plan['kind'] == 'move':
        mv = plan['move']
        if form in ('de-von-nach', 'en-from-to') and mv is not None and plan['origin'] is None:
            plan['origin'] = 'square'  # these forms always name the origin square
        if form in ('de-schlaegt', 'en-takes-on'):
            if mv is None and board.color_at(plan['to']) is None:
                return None  # a capture form says a square with a piece on it
            if mv is not None and board.is_capture(mv):
                plan['capture'] = True
        if form in ('de-mit-schach', 'en-with-check') and category == 'destination':
            plan['check'] = 'check'  # "Schach" on a move that gives none: ignored (§2)
    words = sp.words(board, plan)
    if form == 'en-homophones' and not set(words) & set(EN_HOMOPHONES.values()):
        return None  # the form is there for the homophones
    if plan['kind'] == 'castle':
        exp = expect_castle(board, plan['side'])
    else:
        exp = expect_move(board, said_of(plan))
    if exp['status'] != status or (missing and exp.get('missing') != missing):
        return None
    if status == 'move' and plan.get('move') is not None and exp['uci'] != plan['move'].uci():
        return None
    heard = sp.finish(words)
    return {'fen': board.fen(), 'heard': heard, 'lang': lang, 'expect': exp, 'category': category,
            'form': form}


# ---------------------------------------------------------------------------------------------
# A second reading: the rendered words parsed back by §1's word lists alone, and their
# expectation compared with the one computed from the plan. It catches a renderer that says
# something other than what it meant.

def _reread_lexicon():
    words = {}
    for table in (DE_FILES, EN_FILES):
        for style in table.values():
            for f, names in enumerate(style):
                for n in names:
                    words[fold(n)] = ('file', f)
    for r, names in enumerate(DE_RANKS):
        for n in names:
            words[fold(n)] = ('rank', r)
    for r, names in enumerate(EN_RANKS):
        words[names[0]] = ('rank', r)
    for r, w in EN_HOMOPHONES.items():
        words[w] = ('rank', r)
    for table in (DE_PIECES, EN_PIECES):
        for role, names in table.items():
            for n in names:
                words[fold(n)] = ('piece', role)
    for w in ('schlaegt', 'nimmt', 'x', 'mal', 'takes', 'captures', 'on', 'auf', 'von', 'nach', 'from',
              'to', 'wird', 'zur', 'zum', 'umwandlung', 'in', 'promotes', 'promoting', 'promotion',
              'equals', 'schach', 'mit', 'matt', 'schachmatt', 'check', 'with', 'mate', 'checkmate',
              'en', 'passant', 'aeh', 'aehm', 'also', 'und', 'bitte', 'so', 'jetzt', 'uh', 'um', 'and',
              'the', 'please'):
        words[w] = ('info',)
    return words


REREAD = _reread_lexicon()
CASTLES = {
    'short': ['kurze rochade', 'kleine rochade', 'rochade kurz', 'castles kingside', 'castle kingside',
              'castles king side', 'king side castle', 'castles short', 'short castle'],
    'long': ['lange rochade', 'grosse rochade', 'rochade lang', 'castles queenside', 'castle queenside',
             'castles queen side', 'queen side castle', 'castles long', 'long castle'],
}


def reread(board, text):
    """The expectation of the words alone, or None where they form nothing."""
    tokens = [t for t in fold(text).replace(',', ' ').split()]
    core = [t for t in tokens if REREAD.get(t) != ('info',)]
    joined = ' '.join(core)
    for side, phrases in CASTLES.items():
        if joined in phrases:
            return expect_castle(board, side)
    meanings = [REREAD.get(t, ('unknown',)) for t in core]
    if not meanings or any(m[0] == 'unknown' for m in meanings):
        return None
    said = {'piece': None, 'ff': None, 'fr': None, 'to': None, 'promo': None}
    if meanings[0][0] == 'piece':
        said['piece'] = meanings.pop(0)[1]
    if len(meanings) >= 3 and meanings[-1][0] == 'piece':
        said['promo'] = meanings.pop()[1]
    kinds = [m[0] for m in meanings]
    if kinds == ['file', 'rank']:
        said['to'] = chess.square(meanings[0][1], meanings[1][1])
    elif kinds == ['file', 'rank', 'file', 'rank']:
        said['ff'], said['fr'] = meanings[0][1], meanings[1][1]
        said['to'] = chess.square(meanings[2][1], meanings[3][1])
    elif kinds == ['file', 'file', 'rank']:
        said['ff'] = meanings[0][1]
        said['to'] = chess.square(meanings[1][1], meanings[2][1])
    elif kinds == ['rank', 'file', 'rank'] and said['piece'] is not None:
        said['fr'] = meanings[0][1]
        said['to'] = chess.square(meanings[1][1], meanings[2][1])
    else:
        return None
    return expect_move(board, said)


def check_cases(cases):
    """Every move-like case read again from its words; the disagreements."""
    bad = []
    for case in cases:
        if case['category'] in ('command', 'chatter'):
            continue
        again = reread(chess.Board(case['fen']), case['heard'])
        if again != case['expect']:
            bad.append((case, again))
    return bad


# ---------------------------------------------------------------------------------------------
# Positions.

def position_key(board):
    return ' '.join(board.fen().split(' ')[:4])


def half_of(key):
    return 'tune' if hashlib.sha256(key.encode()).digest()[0] % 2 == 0 else 'test'


def corpus_keys(root):
    keys = set()
    for path in glob.glob(os.path.join(root, 'tests/corpus/*.jsonl')):
        if os.path.basename(path).startswith(('varied-', 'chatter')):
            continue
        with open(path, encoding='utf-8') as fh:
            for raw in fh:
                if raw.strip():
                    keys.add(position_key(chess.Board(json.loads(raw)['fen'])))
    return keys


def random_games(rng, games, plies):
    """Positions of random legal games: captures and pawn pushes a little more likely, so that
    the games reach promotions and endgames."""
    out = []
    for _ in range(games):
        board = chess.Board()
        length = rng.randint(20, plies)
        for _ in range(length):
            moves = legal(board)
            if not moves:
                break
            weights = [3 if (board.is_capture(m) or board.piece_type_at(m.from_square) == P or m.promotion) else 1
                       for m in moves]
            board.push(rng.choices(moves, weights)[0])
            out.append(chess.Board(board.fen()))
            if board.is_insufficient_material():
                break
    return out


def load_positions(root, half, seed):
    exclude = corpus_keys(root)
    seen, out = set(), []

    def keep(board):
        key = position_key(board)
        if (key in seen or key in exclude or half_of(key) != half or board.is_insufficient_material()
                or not board.is_valid()):
            return
        seen.add(key)
        out.append(chess.Board(board.fen()))

    pgns = [os.path.join(root, 'tests/data/carlsen-selection.pgn')] + sorted(
        glob.glob(os.path.join(root, 'tests/data/python-chess/*.pgn')))
    for path in pgns:
        with open(path, encoding='utf-8', errors='replace') as fh:
            while True:
                game = chess.pgn.read_game(fh)
                if game is None:
                    break
                if game.headers.get('Variant', 'Standard').lower() not in ('standard', 'chess'):
                    continue
                board = game.board()
                for move in game.mainline_moves():
                    keep(board)
                    board.push(move)
                keep(board)
    for path in sorted(glob.glob(os.path.join(root, 'tests/data/python-chess/*.epd'))):
        with open(path, encoding='utf-8') as fh:
            for line in fh:
                if line.strip() and not line.startswith('#'):
                    try:
                        keep(chess.Board(' '.join(line.split()[:4]) + ' 0 1'))
                    except ValueError:
                        pass
    for board in random_games(random.Random(seed * 7 + 1), 160, 160):
        keep(board)
    return out


# ---------------------------------------------------------------------------------------------

def generate(positions, total, rng):
    shares = {f: v[1] for f, v in FORMS.items()}
    scale = total / sum(shares.values())
    cases = []
    used = Counter()
    for form, share in shares.items():
        want = max(1, round(share * scale))
        intents = FORMS[form][2]
        cats, weights = list(intents), list(intents.values())
        got = 0
        for _ in range(want * 20):
            if got >= want:
                break
            # the category first, then positions until one gives it (rare ones stay in their share)
            category = rng.choices(cats, weights)[0]
            for _ in range(400):
                idx = rng.randrange(len(positions))
                if used[idx] >= 2:
                    continue
                case = make_case(positions[idx], form, category, rng)
                if case is not None:
                    used[idx] += 1
                    cases.append(case)
                    got += 1
                    break
        if got < want:
            print(f'make_varied: only {got} of {want} {form} lines', file=sys.stderr)
    rng.shuffle(cases)
    return cases


def chatter(positions_by_half, seed):
    """All chatter sentences, each once, split into halves: in each language and kind of
    listener, alternate sentences go to tune and test."""
    rng = random.Random(seed)
    out = {'tune': [], 'test': []}
    for lang, kinds in CHATTER.items():
        for form, sentences in kinds.items():
            order = list(sentences)
            rng.shuffle(order)
            for i, text in enumerate(order):
                half = 'tune' if i % 2 == 0 else 'test'
                board = rng.choice(positions_by_half[half])
                roll = rng.random()
                heard = text.lower() if roll < 0.4 else text
                out[half].append({'fen': board.fen(), 'heard': heard, 'lang': lang,
                                  'expect': {'status': 'not_understood'}, 'category': 'chatter',
                                  'form': form, 'split': half})
    for half in out:
        rng.shuffle(out[half])
    return out


def write(path, cases):
    with open(path, 'w', encoding='utf-8') as fh:
        for case in cases:
            fh.write(json.dumps(case, ensure_ascii=False) + '\n')
    langs = Counter(c['lang'] for c in cases)
    statuses = Counter(c['expect']['status'] for c in cases)
    print(f'make_varied: {path}: {len(cases)} lines ({langs["de"]} de, {langs["en"]} en; '
          + ', '.join(f'{k} {v}' for k, v in sorted(statuses.items())) + ')', file=sys.stderr)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--tune-seed', type=int, default=1101)
    ap.add_argument('--test-seed', type=int, default=2202)
    ap.add_argument('--chatter-seed', type=int, default=3303)
    ap.add_argument('--lines', type=int, default=800, help='lines of each varied set')
    ap.add_argument('--out', default='tests/corpus')
    ap.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    args = ap.parse_args(argv)
    root = os.path.normpath(args.root)
    pools = {}
    for half, seed in (('tune', args.tune_seed), ('test', args.test_seed)):
        pools[half] = load_positions(root, half, seed)
        print(f'make_varied: {len(pools[half])} positions in the {half} half', file=sys.stderr)
        cases = generate(pools[half], args.lines, random.Random(seed))
        bad = check_cases(cases)
        for case, again in bad[:20]:
            print(f'make_varied: the words of {case["heard"]!r} ({case["form"]}) read again give {again}, '
                  f'not {case["expect"]}', file=sys.stderr)
        if bad:
            sys.exit(f'make_varied: {len(bad)} lines of the {half} set say something else than meant')
        write(os.path.join(args.out, f'varied-{half}.jsonl'), cases)
        forms = Counter(c['form'] for c in cases)
        print('make_varied:   ' + ', '.join(f'{k} {v}' for k, v in sorted(forms.items())), file=sys.stderr)
    talk = chatter(pools, args.chatter_seed)
    write(os.path.join(args.out, 'chatter-tune.jsonl'), talk['tune'])
    write(os.path.join(args.out, 'chatter-test.jsonl'), talk['test'])
    write(os.path.join(args.out, 'chatter.jsonl'), talk['tune'] + talk['test'])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
