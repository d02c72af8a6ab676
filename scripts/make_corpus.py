#!/usr/bin/env python3
"""Generate a second, independent spoken-move corpus (SPOKEN-MOVES.md) with python-chess.

Usage, from the project's root (python-chess: the venv that `scripts/setup.sh --korean-model` makes):
    third_party/venv/bin/python3 scripts/make_corpus.py [--seed 20240611] [--moves 1500] [--noisy 300] [--out tests/corpus]

Writes `extra-moves.jsonl` and `extra-noisy.jsonl` in the format of `tests/corpus/moves.jsonl`:
    {"fen", "heard", "lang", "expect": {"status", "uci" | "candidates", "missing", "command"},
     "category"}

Nothing here comes from Rochade's code. The positions come from the test games
(`tests/data/carlsen-selection.pgn`, `tests/data/python-chess/*.pgn`, replayed with python-chess)
and the EPD endgames, leaving out every position (placement, side, castling, en passant) that the
public corpus uses and every dead position (insufficient material, where "the game is over" is
open to reading). Each utterance is rendered from words of SPOKEN-MOVES.md §1 (variants, umlaut
spellings, casing, fillers, capture/check/promotion words), then read back by this script's own
reading of §2 (`parse` and `expect` below) against python-chess's legal moves: the expectation
is computed from the words said, and a case is kept only when it lands in the category it was
made for. The noisy set puts one recognizer-like slip into one word of a `move` utterance
(a letter dropped, doubled, swapped with its neighbour, or replaced by a similar sound) and
keeps it only when the intended move stays the clear best reading: the slipped word is no
vocabulary word, the intended word is one edit away, and no other vocabulary word within two
edits would make the words a different legal move.
"""
import argparse
import glob
import json
import os
import random
import re
import sys
from collections import Counter, defaultdict

import chess
import chess.pgn

K, Q, R, B, N, P = chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN

# SPOKEN-MOVES.md §1, the first spelling first (said most often).
VOCAB = {
    'de': {
        'files': [['Anna'], ['Bella'], ['Cesar', 'Cäsar', 'Caesar', 'Cessar', 'Zäsar'], ['David'],
                  ['Eva'], ['Felix'], ['Gustav', 'Gustaf'], ['Hector', 'Hektor']],
        'ranks': [['eins'], ['zwei', 'zwo'], ['drei'], ['vier'], ['fünf', 'fuenf'], ['sechs'],
                  ['sieben'], ['acht']],
        'pieces': {K: ['König', 'Koenig'], Q: ['Dame'], R: ['Turm'], B: ['Läufer', 'Laeufer'],
                   N: ['Springer'], P: ['Bauer']},
        'castle': {'short': ['Kurze Rochade', 'Rochade kurz'], 'long': ['Lange Rochade', 'Rochade lang']},
        'capture': ['schlägt', 'nimmt', 'x'],
        'promotion': ['wird', 'Umwandlung', 'in'],
        'check': ['Schach'],
        'mate': ['Matt', 'Schachmatt'],
        'en_passant': ['en passant'],
        'filler': ['äh', 'ähm', 'und', 'also'],
        'commands': {
            'time': ['Zeit', 'Uhr'], 'moves': ['Züge', 'Zugzahl'],
            'repeat': ['Wiederholen', 'Wie bitte'], 'correction': ['Korrektur'],
            'yes': ['Ja', 'Richtig', 'Bestätigt'], 'no': ['Nein', 'Falsch', 'Abbrechen'],
            'draw': ['Remis'], 'resign': ['Aufgabe', 'Ich gebe auf'], 'help': ['Hilfe'],
        },
        # Words of no vocabulary, far from all of them.
        'other': ['Kaffee', 'Fenster', 'Garten', 'Lampe', 'Wolke', 'Schrank', 'Kuchen', 'Apfel',
                  'Regen', 'Strasse', 'Vogel', 'Blume', 'Papier', 'Spiegel', 'Mantel', 'Gabel',
                  'Kissen', 'Zucker', 'Brille', 'Wetter', 'Schule', 'Bleistift', 'Ofen', 'Koffer'],
    },
    'en': {
        'files': [['alpha', 'alfa', 'a'], ['bravo', 'b'], ['charlie', 'c'], ['delta', 'd'],
                  ['echo', 'e'], ['foxtrot', 'f'], ['golf', 'g'], ['hotel', 'h']],
        'ranks': [['one'], ['two'], ['three'], ['four'], ['five'], ['six'], ['seven'], ['eight']],
        'pieces': {K: ['king'], Q: ['queen'], R: ['rook'], B: ['bishop'], N: ['knight'], P: ['pawn']},
        'castle': {'short': ['short castle', 'castles short', 'castles kingside'],
                   'long': ['long castle', 'castles long', 'castles queenside']},
        'capture': ['takes', 'captures', 'x'],
        'promotion': ['promotes', 'promotion', 'equals'],
        'check': ['check'],
        'mate': ['mate', 'checkmate'],
        'en_passant': ['en passant'],
        'filler': ['uh', 'um', 'and', 'the'],
        'commands': {
            'time': ['time', 'clock'], 'moves': ['moves', 'move count'],
            'repeat': ['repeat', 'say again'], 'correction': ['correction'],
            'yes': ['yes', 'correct', 'confirm'], 'no': ['no', 'wrong', 'cancel'],
            'draw': ['draw'], 'resign': ['resign'], 'help': ['help'],
        },
        'other': ['coffee', 'window', 'garden', 'bread', 'lamp', 'cloud', 'kitchen', 'apple',
                  'rain', 'yellow', 'paper', 'pencil', 'basket', 'monkey', 'guitar', 'planet',
                  'sandwich', 'blanket', 'umbrella', 'bicycle', 'Tuesday', 'orange'],
    },
}


def fold(word):
    """Lower case, umlauts as their two-letter forms (§1: ü = ue, ä = ae, ö = oe, ß = ss)."""
    out = word.lower()
    for a, b in (('ä', 'ae'), ('ö', 'oe'), ('ü', 'ue'), ('ß', 'ss')):
        out = out.replace(a, b)
    return out


def split(text):
    return [fold(w) for w in re.findall(r"[\w']+", text)]


def lexicon(lang):
    """Folded single words and phrases (tuples) with their meaning."""
    v = VOCAB[lang]
    entries = []
    for i, names in enumerate(v['files']):
        entries += [(n, ('file', i)) for n in names]
    for i, names in enumerate(v['ranks']):
        entries += [(n, ('rank', i)) for n in names]
    for pt, names in v['pieces'].items():
        entries += [(n, ('piece', pt)) for n in names]
    for side, names in v['castle'].items():
        entries += [(n, ('castle', side)) for n in names]
    for key in ('capture', 'promotion', 'check', 'mate', 'en_passant', 'filler'):
        entries += [(n, (key,)) for n in v[key]]
    for cmd, names in v['commands'].items():
        entries += [(n, ('command', cmd)) for n in names]
    words, phrases = {}, []
    for text, meaning in entries:
        key = tuple(split(text))
        if len(key) == 1:
            words[key[0]] = meaning
        else:
            phrases.append((key, meaning))
    phrases.sort(key=lambda p: -len(p[0]))
    return words, phrases


LEX = {lang: lexicon(lang) for lang in VOCAB}


def all_vocab_words(lang):
    """Every folded word a vocabulary phrase uses."""
    words, phrases = LEX[lang]
    out = set(words)
    for key, _ in phrases:
        out.update(key)
    return out


VOCAB_WORDS = {lang: all_vocab_words(lang) for lang in VOCAB}


# ---------------------------------------------------------------------------------------------
# §2: what the words say, and what they mean in a position.

def parse(lang, text):
    """The words as one of §2's forms: ('move', dict) | ('castle', side) | ('command', name) |
    ('nothing',). Fillers are ignored wherever they stand (also inside a phrase); capture,
    check, mate, en passant and promotion words are information only."""
    words, phrases = LEX[lang]
    seq = [w for w in split(text) if words.get(w) != ('filler',)]
    meanings = []
    i = 0
    while i < len(seq):
        for key, meaning in phrases:
            if tuple(seq[i:i + len(key)]) == key:
                meanings.append(meaning)
                i += len(key)
                break
        else:
            meanings.append(words.get(seq[i], ('unknown',)))
            i += 1
    if any(m[0] == 'unknown' for m in meanings):
        return ('nothing',)
    core = [m for m in meanings if m[0] not in ('capture', 'promotion', 'check', 'mate', 'en_passant')]
    if not core:
        return ('nothing',)
    if len(core) == 1 and core[0][0] == 'castle':
        return ('castle', core[0][1])
    if len(core) == 1 and core[0][0] == 'command':
        return ('command', core[0][1])
    said = {'piece': None, 'from_file': None, 'from_rank': None, 'to': None, 'promotion': None}
    rest = list(core)
    if rest and rest[0][0] == 'piece':
        said['piece'] = rest.pop(0)[1]
    if len(rest) >= 3 and rest[-1][0] == 'piece':
        said['promotion'] = rest.pop()[1]
    kinds = [m[0] for m in rest]
    if kinds == ['file', 'rank']:
        said['to'] = chess.square(rest[0][1], rest[1][1])
    elif kinds == ['file', 'rank', 'file', 'rank']:
        said['from_file'], said['from_rank'] = rest[0][1], rest[1][1]
        said['to'] = chess.square(rest[2][1], rest[3][1])
    elif kinds == ['file', 'file', 'rank']:
        said['from_file'] = rest[0][1]
        said['to'] = chess.square(rest[1][1], rest[2][1])
    elif kinds == ['rank', 'file', 'rank'] and said['piece'] is not None:
        said['from_rank'] = rest[0][1]
        said['to'] = chess.square(rest[1][1], rest[2][1])
    else:
        return ('nothing',)
    return ('move', said)


def pawn_could_reach(board, to):
    """A pawn of the side to move could move to `to` if pins and checks did not matter."""
    us = board.turn
    for sq in board.pieces(P, us):
        if to in board.attacks(sq):  # pawn attack squares
            target = board.piece_at(to)
            if (target and target.color != us) or (board.ep_square == to):
                return True
        step = 8 if us == chess.WHITE else -8
        start_rank = 1 if us == chess.WHITE else 6
        if sq + step == to and board.piece_at(to) is None:
            return True
        if (chess.square_rank(sq) == start_rank and sq + 2 * step == to
                and board.piece_at(sq + step) is None and board.piece_at(to) is None):
            return True
    return False


def expect(board, parsed):
    """The expected result of §2 for a parsed utterance in a position."""
    kind = parsed[0]
    if kind == 'nothing':
        return {'status': 'not_understood'}
    if kind == 'command':
        return {'status': 'command', 'command': parsed[1]}
    legal = list(board.legal_moves)
    if not legal:  # checkmate or stalemate: the game is over
        return {'status': 'illegal'}
    if kind == 'castle':
        side = parsed[1]
        found = [m for m in legal if board.is_castling(m)
                 and (board.is_kingside_castling(m) if side == 'short' else board.is_queenside_castling(m))]
        return {'status': 'move', 'uci': found[0].uci()} if len(found) == 1 else {'status': 'illegal'}
    said = parsed[1]
    to, piece, ff, fr, promo = said['to'], said['piece'], said['from_file'], said['from_rank'], said['promotion']
    if ff is not None and fr is not None:
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
    destination_only = piece is None and ff is None and fr is None and promo is None
    if destination_only and not pawn_could_reach(board, to):
        pieces = sorted(m.uci() for m in legal if m.to_square == to and board.piece_type_at(m.from_square) != P)
        if pieces:
            return {'status': 'incomplete', 'missing': 'piece', 'candidates': pieces}
    return {'status': 'illegal'}


# ---------------------------------------------------------------------------------------------
# Rendering: meanings to words, with the variety of the public corpus.

class Speaker:
    def __init__(self, rng, lang):
        self.rng, self.lang, self.v = rng, lang, VOCAB[lang]

    def pick(self, names, first=0.75):
        return names[0] if len(names) == 1 or self.rng.random() < first else self.rng.choice(names[1:])

    def file(self, f):
        return self.pick(self.v['files'][f], 0.7 if self.lang == 'en' else 0.75)

    def rank(self, r):
        return self.pick(self.v['ranks'][r], 0.8)

    def piece(self, pt):
        return self.pick(self.v['pieces'][pt], 0.75)

    def word(self, key):
        return self.pick(self.v[key], 0.6)

    def finish(self, words, fillers=True, filler_inside=False):
        """Fillers, casing and umlaut spellings, as people type and recognizers print."""
        rng = self.rng
        words = list(words)
        if fillers:
            if rng.random() < 0.2:
                words.insert(0, self.word('filler'))
            if len(words) > 1 and rng.random() < 0.12:
                words.insert(rng.randrange(1, len(words)), self.word('filler'))
        if filler_inside:
            # Split a phrase of several words with a filler ("kurze äh Rochade").
            joined = ' '.join(words).split(' ')
            if len(joined) > 1:
                joined.insert(rng.randrange(1, len(joined)), self.word('filler'))
            words = joined
        text = ' '.join(words)
        if self.lang == 'de' and rng.random() < 0.15:
            for a, b in (('ä', 'ae'), ('ö', 'oe'), ('ü', 'ue'), ('Ä', 'Ae'), ('Ö', 'Oe'), ('Ü', 'Ue')):
                text = text.replace(a, b)
        roll = rng.random()
        if roll < 0.45:
            text = text.lower()
        elif roll < 0.53:
            text = text.upper()
        elif roll < 0.60:
            text = ''.join(c.upper() if rng.random() < 0.4 else c.lower() for c in text)
        elif roll < 0.68:
            text = ' '.join(w[:1].upper() + w[1:] for w in text.split(' '))
        return text

    def move_words(self, board, move, form, piece_word=None, capture=None, promo=None,
                   promo_words=None, ep=None, check=None):
        """The words of a move in a form: 'dest', 'origin', 'file', 'rank' or 'pawncap'."""
        rng = self.rng
        role = board.piece_type_at(move.from_square)
        out = []
        if piece_word is None:
            piece_word = role != P or rng.random() < 0.15
        if piece_word:
            out.append(self.piece(role))
        ff, fr = chess.square_file(move.from_square), chess.square_rank(move.from_square)
        if form == 'origin':
            out += [self.file(ff), self.rank(fr)]
        elif form in ('file', 'pawncap'):
            out.append(self.file(ff))
        elif form == 'rank':
            out.append(self.rank(fr))
        is_capture = board.is_capture(move)
        if capture is None:
            capture = (is_capture and rng.random() < 0.55) or (not is_capture and rng.random() < 0.03)
        if capture:
            out.append(self.word('capture'))
        out += [self.file(chess.square_file(move.to_square)), self.rank(chess.square_rank(move.to_square))]
        if board.is_en_passant(move) and (ep if ep is not None else rng.random() < 0.5):
            out.append(self.v['en_passant'][0])
        if promo is not None:
            if promo_words is None:
                roll = rng.random()
                promo_words = 0 if roll < 0.45 else 1 if roll < 0.85 else 2
            if promo_words == 1:
                out.append(self.word('promotion'))
            elif promo_words == 2:
                out += (['Umwandlung', 'in'] if self.lang == 'de' else ['promotion', 'equals'])
            out.append(self.piece(promo))
        if check is None:
            gives = board.gives_check(move)
            check = gives and rng.random() < 0.35 or (not gives and rng.random() < 0.02)
        if check:
            after = board.copy(stack=False)
            after.push(move)
            out.append(self.word('mate') if after.is_checkmate() else self.word('check'))
        return out


# ---------------------------------------------------------------------------------------------
# Positions.

def position_key(board):
    return ' '.join(board.fen().split(' ')[:4])


def public_keys(paths):
    keys = set()
    for path in paths:
        with open(path, encoding='utf-8') as fh:
            for raw in fh:
                if raw.strip():
                    keys.add(position_key(chess.Board(json.loads(raw)['fen'])))
    return keys


def load_positions(root, exclude):
    """Every position of the test games and EPDs not in `exclude`, once, with its source."""
    seen, out = set(), []

    def keep(board, source):
        key = position_key(board)
        if key in exclude or key in seen or board.is_insufficient_material() or not board.is_valid():
            return
        seen.add(key)
        # The position exactly as the FEN written for it says (en passant square included
        # only when a legal capture exists), so that the expectation is about that FEN.
        out.append((chess.Board(board.fen()), source))

    pgns = [os.path.join(root, 'tests/data/carlsen-selection.pgn')] + sorted(
        glob.glob(os.path.join(root, 'tests/data/python-chess/*.pgn')))
    for path in pgns:
        with open(path, encoding='utf-8', errors='replace') as fh:
            n = 0
            while True:
                game = chess.pgn.read_game(fh)
                if game is None:
                    break
                n += 1
                if game.headers.get('Variant', 'Standard').lower() not in ('standard', 'chess'):
                    continue
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    keep(board, f'{os.path.basename(path)} game {n} ply {ply}')
                    board.push(move)
                keep(board, f'{os.path.basename(path)} game {n} end')
    for path in sorted(glob.glob(os.path.join(root, 'tests/data/python-chess/*.epd'))):
        with open(path, encoding='utf-8') as fh:
            for n, line in enumerate(fh, 1):
                if line.strip() and not line.startswith('#'):
                    board = chess.Board(' '.join(line.split()[:4]) + ' 0 1')
                    keep(board, f'{os.path.basename(path)} line {n}')
    return out


# ---------------------------------------------------------------------------------------------
# Case makers: each gives the words for a category in a position, or None.

_LEGAL = {}


def legal(board):
    """The legal moves of a position of the pool, generated once."""
    key = id(board)
    if key not in _LEGAL:
        _LEGAL[key] = (board, list(board.legal_moves))
    return _LEGAL[key][1]


def legal_to(board, to, role):
    return [m for m in legal(board) if m.to_square == to and board.piece_type_at(m.from_square) == role]


def make_destination(board, sp):
    moves = [m for m in legal(board) if not m.promotion and not board.is_castling(m)
             and len(legal_to(board, m.to_square, board.piece_type_at(m.from_square))) == 1]
    if not moves:
        return None
    m = sp.rng.choice(moves)
    return sp.move_words(board, m, 'dest')


def make_origin(board, sp):
    moves = [m for m in legal(board) if not m.promotion and not board.is_castling(m)]
    m = sp.rng.choice(moves)
    role = board.piece_type_at(m.from_square)
    piece_word = sp.rng.random() < (0.8 if role != P else 0.15)
    return sp.move_words(board, m, 'origin', piece_word=piece_word)


def make_disambiguated(board, sp, by):
    options = []
    for m in legal(board):
        role = board.piece_type_at(m.from_square)
        if role in (P, K) or m.promotion:
            continue
        rivals = legal_to(board, m.to_square, role)
        if len(rivals) < 2:
            continue
        key = chess.square_file if by == 'file' else chess.square_rank
        if sum(key(r.from_square) == key(m.from_square) for r in rivals) == 1:
            options.append(m)
    if not options:
        return None
    return sp.move_words(board, sp.rng.choice(options), by, piece_word=True)


def make_pawn_capture(board, sp):
    moves = [m for m in legal(board) if board.piece_type_at(m.from_square) == P
             and board.is_capture(m) and not board.is_en_passant(m) and not m.promotion]
    if not moves:
        return None
    return sp.move_words(board, sp.rng.choice(moves), 'pawncap')


def make_en_passant(board, sp):
    moves = [m for m in legal(board) if board.is_en_passant(m)]
    if not moves:
        return None
    m = sp.rng.choice(moves)
    roll = sp.rng.random()
    form = 'pawncap' if roll < 0.6 else 'origin' if roll < 0.8 else 'dest'
    return sp.move_words(board, m, form, piece_word=sp.rng.random() < 0.15)


def make_castling(board, sp):
    moves = [m for m in legal(board) if board.is_castling(m)]
    if not moves:
        return None
    m = sp.rng.choice(moves)
    roll = sp.rng.random()
    if roll < 0.1:
        # §2: "König Gustav eins" from e1 with the castling right is castling.
        return sp.move_words(board, m, 'dest', piece_word=True, capture=False)
    if roll < 0.14:
        return sp.move_words(board, m, 'origin', piece_word=True, capture=False)
    side = 'short' if board.is_kingside_castling(m) else 'long'
    return [sp.pick(sp.v['castle'][side], 0.6)]


def promotion_moves(board, under):
    return [m for m in legal(board) if m.promotion and ((m.promotion != Q) == under)]


def make_promotion(board, sp, under):
    moves = promotion_moves(board, under)
    if not moves:
        return None
    m = sp.rng.choice(moves)
    form = 'pawncap' if board.is_capture(m) else ('origin' if sp.rng.random() < 0.3 else 'dest')
    if board.is_capture(m) and sp.rng.random() < 0.25:
        form = 'origin'
    return sp.move_words(board, m, form, piece_word=sp.rng.random() < 0.15, promo=m.promotion)


def make_incomplete_promotion(board, sp):
    moves = [m for m in legal(board) if m.promotion == Q]
    if not moves:
        return None
    m = sp.rng.choice(moves)
    form = 'pawncap' if board.is_capture(m) else ('origin' if sp.rng.random() < 0.3 else 'dest')
    return sp.move_words(board, m, form, piece_word=sp.rng.random() < 0.15)


def make_ambiguous(board, sp):
    options = []
    for m in legal(board):
        role = board.piece_type_at(m.from_square)
        rivals = legal_to(board, m.to_square, role)
        if board.is_castling(m) or len({r.from_square for r in rivals}) < 2:
            continue
        options.append(m)
    if not options:
        return None
    m = sp.rng.choice(options)
    role = board.piece_type_at(m.from_square)
    rivals = legal_to(board, m.to_square, role)
    if m.promotion:
        # Two pawns that can promote on one square: ambiguous with or without the piece (§2).
        promo = m.promotion if sp.rng.random() < 0.5 else None
        return sp.move_words(board, m, 'dest', piece_word=sp.rng.random() < 0.2, promo=promo)
    # An insufficient disambiguation when there is one, else the plain destination.
    forms = ['dest']
    if role != P:
        for by, key in (('file', chess.square_file), ('rank', chess.square_rank)):
            if sum(key(r.from_square) == key(m.from_square) for r in rivals) >= 2:
                forms.append(by)
    form = sp.rng.choice(forms)
    return sp.move_words(board, m, form, piece_word=role != P or sp.rng.random() < 0.2)


def make_incomplete_piece(board, sp):
    squares = sorted({m.to_square for m in legal(board)
                      if board.piece_type_at(m.from_square) != P and not pawn_could_reach(board, m.to_square)})
    if not squares:
        return None
    to = sp.rng.choice(squares)
    return [sp.file(chess.square_file(to)), sp.rank(chess.square_rank(to))]


def pseudo_illegal(board):
    """Pseudo-legal moves that leave the own king in check (castling aside)."""
    return [m for m in board.pseudo_legal_moves if not board.is_legal(m) and not board.is_castling(m)]


def make_unreachable(board, sp):
    rng = sp.rng
    us = board.turn
    roll = rng.random()
    if roll < 0.6:
        roles = [pt for pt in (Q, R, B, N, K) if board.pieces(pt, us)]
        pt = rng.choice(roles)
        reach = {m.to_square for m in board.pseudo_legal_moves if board.piece_type_at(m.from_square) == pt}
        targets = [sq for sq in chess.SQUARES if sq not in reach and board.color_at(sq) != us]
        to = rng.choice(targets)
        words = [sp.piece(pt)]
        if rng.random() < 0.1:
            words.append(sp.word('capture'))
        return words + [sp.file(chess.square_file(to)), sp.rank(chess.square_rank(to))]
    if roll < 0.7:
        # A piece word that does not fit the piece on the named origin.
        frm = rng.choice([m.from_square for m in legal(board)])
        m = rng.choice([m for m in legal(board) if m.from_square == frm])
        role = board.piece_type_at(frm)
        wrong = rng.choice([pt for pt in (K, Q, R, B, N, P) if pt != role])
        return [sp.piece(wrong), sp.file(chess.square_file(frm)), sp.rank(chess.square_rank(frm)),
                sp.file(chess.square_file(m.to_square)), sp.rank(chess.square_rank(m.to_square))]
    if roll < 0.75:
        # A promotion piece named for a pawn move that is no promotion.
        moves = [m for m in legal(board) if board.piece_type_at(m.from_square) == P and not m.promotion]
        m = rng.choice(moves)
        return sp.move_words(board, m, 'dest', piece_word=False, promo=rng.choice([Q, R, B, N]))
    if roll < 0.9:
        # From an own piece's square to a square it cannot reach.
        origins = [sq for sq in board.pieces(Q, us) | board.pieces(R, us) | board.pieces(B, us)
                   | board.pieces(N, us) | board.pieces(P, us)]
        frm = rng.choice(origins)
        reach = {m.to_square for m in board.pseudo_legal_moves if m.from_square == frm}
        targets = [sq for sq in chess.SQUARES if sq not in reach and sq != frm and board.color_at(sq) != us]
        to = rng.choice(targets)
        role = board.piece_type_at(frm)
        words = [sp.piece(role)] if (role != P and rng.random() < 0.7) else []
        return words + [sp.file(chess.square_file(frm)), sp.rank(chess.square_rank(frm)),
                        sp.file(chess.square_file(to)), sp.rank(chess.square_rank(to))]
    # A square no pawn and no piece can go to, said without a piece word.
    reach = {m.to_square for m in legal(board)}
    targets = [sq for sq in chess.SQUARES if sq not in reach and board.color_at(sq) != us
               and not pawn_could_reach(board, sq)]
    to = rng.choice(targets)
    return [sp.file(chess.square_file(to)), sp.rank(chess.square_rank(to))]


def make_blocked_pawn(board, sp):
    us = board.turn
    step = 8 if us == chess.WHITE else -8
    start = 1 if us == chess.WHITE else 6
    options = []
    for sq in board.pieces(P, us):
        one = sq + step
        if not 0 <= one < 64:
            continue
        if board.piece_at(one) is not None:
            options.append((sq, one))
            if chess.square_rank(sq) == start:
                options.append((sq, one + step))
        elif chess.square_rank(sq) == start and board.piece_at(one + step) is not None:
            options.append((sq, one + step))
    options = [(f, t) for f, t in options if chess.square_rank(t) not in (0, 7)]
    if not options:
        return None
    frm, to = sp.rng.choice(options)
    words = [sp.piece(P)] if sp.rng.random() < 0.3 else []
    if sp.rng.random() < 0.5:
        words += [sp.file(chess.square_file(frm)), sp.rank(chess.square_rank(frm))]
    return words + [sp.file(chess.square_file(to)), sp.rank(chess.square_rank(to))]


def illegal_by(board, sp, pinned):
    options = []
    for m in pseudo_illegal(board):
        role = board.piece_type_at(m.from_square)
        is_pinned = role != K and board.is_pinned(board.turn, m.from_square)
        if is_pinned == pinned and not (pinned and board.is_check()):
            options.append(m)
    if not options:
        return None
    m = sp.rng.choice(options)
    role = board.piece_type_at(m.from_square)
    form = 'origin' if sp.rng.random() < 0.4 else 'dest'
    words = sp.move_words(board, m, form, piece_word=(role != P) or sp.rng.random() < 0.2,
                          promo=Q if m.promotion else None, check=False)
    return words


def make_pinned(board, sp):
    return illegal_by(board, sp, pinned=True)


def make_check(board, sp):
    return illegal_by(board, sp, pinned=False)


def make_illegal_castling(board, sp):
    legal_sides = {('short' if board.is_kingside_castling(m) else 'long')
                   for m in legal(board) if board.is_castling(m)}
    sides = [s for s in ('short', 'long') if s not in legal_sides]
    side = sp.rng.choice(sides)
    return [sp.pick(sp.v['castle'][side], 0.6)]


def make_command(board, sp):
    cmd = sp.rng.choice(sorted(sp.v['commands']))
    return [sp.pick(sp.v['commands'][cmd], 0.55)]


def make_not_understood(board, sp):
    rng = sp.rng
    if rng.random() < 0.75:
        return rng.sample(sp.v['other'], rng.randint(1, 3))
    # Vocabulary words that form no move and no command.
    kinds = [
        lambda: [sp.piece(rng.choice([Q, R, B, N])), sp.piece(rng.choice([Q, R, B, N]))],
        lambda: [sp.rank(rng.randrange(8)), sp.rank(rng.randrange(8))],
        lambda: [sp.piece(rng.choice([Q, R, B, N])), sp.file(rng.randrange(8))],
        lambda: [sp.file(rng.randrange(8)), sp.file(rng.randrange(8))],
    ]
    return rng.choice(kinds)()


def make_game_over(board, sp):
    rng = sp.rng
    if rng.random() < 0.5:
        pt = rng.choice([K, Q, R, B, N])
    else:
        pt = None
    to = rng.choice([sq for sq in chess.SQUARES if board.color_at(sq) != board.turn])
    words = [sp.piece(pt)] if pt else []
    return words + [sp.file(chess.square_file(to)), sp.rank(chess.square_rank(to))]


# category: (maker, expected status, missing, share of the moves set)
CATEGORIES = {
    'destination': (make_destination, 'move', None, 290),
    'origin_destination': (make_origin, 'move', None, 140),
    'disambiguated_file': (lambda b, s: make_disambiguated(b, s, 'file'), 'move', None, 70),
    'disambiguated_rank': (lambda b, s: make_disambiguated(b, s, 'rank'), 'move', None, 40),
    'pawn_capture': (make_pawn_capture, 'move', None, 100),
    'en_passant': (make_en_passant, 'move', None, 30),
    'castling': (make_castling, 'move', None, 55),
    'promotion': (lambda b, s: make_promotion(b, s, False), 'move', None, 55),
    'under_promotion': (lambda b, s: make_promotion(b, s, True), 'move', None, 50),
    'ambiguous': (make_ambiguous, 'ambiguous', None, 110),
    'incomplete_promotion': (make_incomplete_promotion, 'incomplete', 'promotion', 50),
    'incomplete_piece': (make_incomplete_piece, 'incomplete', 'piece', 80),
    'illegal_unreachable': (make_unreachable, 'illegal', None, 110),
    'illegal_blocked_pawn': (make_blocked_pawn, 'illegal', None, 45),
    'illegal_pinned': (make_pinned, 'illegal', None, 50),
    'illegal_check': (make_check, 'illegal', None, 45),
    'illegal_castling': (make_illegal_castling, 'illegal', None, 55),
    'command': (make_command, 'command', None, 75),
    'not_understood': (make_not_understood, 'not_understood', None, 35),
    'game_over': (make_game_over, 'illegal', None, 20),
}


def fits_category(board, category, exp):
    maker, status, missing, _ = CATEGORIES[category]
    if exp['status'] != status or (missing and exp.get('missing') != missing):
        return False
    if category == 'game_over':
        return not legal(board)
    return bool(legal(board)) or category == 'command'


def make_case(board, lang, category, rng, filler_inside=False):
    sp = Speaker(rng, lang)
    maker = CATEGORIES[category][0]
    try:
        words = maker(board, sp)
    except IndexError:  # nothing to choose from in this position
        return None
    if not words:
        return None
    heard = sp.finish(words, filler_inside=filler_inside)
    exp = expect(board, parse(lang, heard))
    if not fits_category(board, category, exp):
        return None
    return {'fen': board.fen(), 'heard': heard, 'lang': lang, 'expect': exp, 'category': category}


# ---------------------------------------------------------------------------------------------
# Slips.

SOUNDS = ['aeiouy', 'fvw', 'ckzsq', 'dt', 'gk', 'bp', 'mn']


def similar(ch):
    for group in SOUNDS:
        if ch.lower() in group:
            others = [c for c in group if c != ch.lower()]
            return others
    return []


def slip(word, rng):
    """One recognizer-like slip in a word: dropped, doubled, swapped or similar-sounding letter."""
    letters = list(word)
    kind = rng.choice(['drop', 'double', 'swap', 'sound', 'sound'])
    i = rng.randrange(len(letters))
    if kind == 'drop':
        del letters[i]
    elif kind == 'double':
        letters.insert(i, letters[i])
    elif kind == 'swap':
        if i + 1 >= len(letters) or letters[i].lower() == letters[i + 1].lower():
            return None
        letters[i], letters[i + 1] = letters[i + 1], letters[i]
    else:
        others = similar(letters[i])
        if not others:
            return None
        repl = rng.choice(others)
        letters[i] = repl.upper() if letters[i].isupper() else repl
    return ''.join(letters)


def edits(a, b):
    """Optimal string alignment distance (insert, delete, substitute, swap neighbours: 1 each)."""
    n, m = len(a), len(b)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[n][m]


def noisy_case(case, rng):
    """The case with one slip in one word, if the intended move stays the clear best reading."""
    lang, heard = case['lang'], case['heard']
    board = chess.Board(case['fen'])
    tokens = heard.split(' ')
    spots = [i for i, t in enumerate(tokens) if len(fold(t)) >= 3]
    if not spots:
        return None
    i = rng.choice(spots)
    slipped = slip(tokens[i], rng)
    if slipped is None:
        return None
    folded, original = fold(slipped), fold(tokens[i])
    if folded in VOCAB_WORDS[lang] or len(folded) < 3 or edits(folded, original) != 1:
        return None
    # No other vocabulary word may be as close, and none within two edits may make the words
    # another legal move.
    for other in VOCAB_WORDS[lang]:
        if other == original:
            continue
        d = edits(folded, other)
        if d <= 1:
            return None
        if d == 2:
            alt = tokens[:i] + [other] + tokens[i + 1:]
            exp = expect(board, parse(lang, ' '.join(alt)))
            if exp['status'] == 'move' and exp['uci'] != case['expect']['uci']:
                return None
    out = dict(case)
    out['heard'] = ' '.join(tokens[:i] + [slipped] + tokens[i + 1:])
    out['category'] = 'noisy'
    return out


# ---------------------------------------------------------------------------------------------

def category_pools(positions):
    """For each category, the positions (indices) that can give it: every position that is not
    over for the common ones, those with the needed feature for the rare ones."""
    pools = defaultdict(list)
    for idx, (board, _) in enumerate(positions):
        moves = legal(board)
        if not moves:
            pools['game_over'].append(idx)
            pools['command'].append(idx)
            continue
        features = set(CATEGORIES) - {'game_over'}
        if not any(board.is_en_passant(m) for m in moves):
            features.discard('en_passant')
        if not any(m.promotion for m in moves):
            features -= {'promotion', 'under_promotion', 'incomplete_promotion'}
        if not any(board.is_castling(m) for m in moves):
            features.discard('castling')
        if not board.has_castling_rights(board.turn) and idx % 4:
            # Mostly where castling is still a thing to try; some long after the rights are gone.
            features.discard('illegal_castling')
        groups = Counter((m.to_square, board.piece_type_at(m.from_square)) for m in moves)
        if max(groups.values()) < 2:
            features -= {'ambiguous', 'disambiguated_file', 'disambiguated_rank'}
        bad = pseudo_illegal(board)
        if not any(board.is_pinned(board.turn, m.from_square) and board.piece_type_at(m.from_square) != K
                   for m in bad) or board.is_check():
            features.discard('illegal_pinned')
        if not bad:
            features.discard('illegal_check')
        for category in features:
            pools[category].append(idx)
    return pools


def generate(positions, total, rng, used, shares=None, max_per_position=2):
    """About `total` cases, by category shares, German and English about 7 : 3."""
    shares = shares or {c: v[3] for c, v in CATEGORIES.items()}
    scale = total / sum(shares.values())
    cases = []
    misses = Counter()
    pools = category_pools(positions)
    for category, share in shares.items():
        want = max(1, round(share * scale))
        pool = pools[category]
        if not pool:
            print(f'make_corpus: no position gives {category}', file=sys.stderr)
            continue
        got = 0
        tries = 0
        while got < want and tries < want * 60:
            tries += 1
            idx = rng.choice(pool)
            if used[idx] >= max_per_position and len(pool) > want * 2:
                continue
            board = positions[idx][0]
            lang = 'de' if rng.random() < 0.7 else 'en'
            inside = category in ('castling', 'command', 'illegal_castling') and rng.random() < 0.08
            case = make_case(board, lang, category, rng, filler_inside=inside)
            if case is None:
                misses[category] += 1
                continue
            used[idx] += 1
            cases.append(case)
            got += 1
        if got < want:
            print(f'make_corpus: only {got} of {want} {category} cases', file=sys.stderr)
    return cases, misses


NOISY_SHARES = {
    'destination': 95, 'origin_destination': 55, 'disambiguated_file': 20, 'disambiguated_rank': 12,
    'pawn_capture': 40, 'en_passant': 12, 'castling': 30, 'promotion': 20, 'under_promotion': 16,
}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--seed', type=int, default=20240611)
    ap.add_argument('--moves', type=int, default=1500)
    ap.add_argument('--noisy', type=int, default=300)
    ap.add_argument('--out', default='tests/corpus')
    ap.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    root = os.path.normpath(args.root)
    public = [os.path.join(root, 'tests/corpus/moves.jsonl'), os.path.join(root, 'tests/corpus/noisy.jsonl')]
    positions = load_positions(root, public_keys(public))
    print(f'make_corpus: {len(positions)} positions outside the public corpus', file=sys.stderr)
    used = Counter()
    moves, misses = generate(positions, args.moves, rng, used)
    rng.shuffle(moves)

    noisy = []
    clean, _ = generate(positions, args.noisy * 3, rng, used, shares=NOISY_SHARES, max_per_position=3)
    rng.shuffle(clean)
    for case in clean:
        if len(noisy) >= args.noisy:
            break
        for _ in range(6):
            slipped = noisy_case(case, rng)
            if slipped:
                noisy.append(slipped)
                break
    if len(noisy) < args.noisy:
        print(f'make_corpus: only {len(noisy)} noisy cases', file=sys.stderr)

    for name, cases in (('extra-moves.jsonl', moves), ('extra-noisy.jsonl', noisy)):
        path = os.path.join(args.out, name)
        with open(path, 'w', encoding='utf-8') as fh:
            for case in cases:
                fh.write(json.dumps(case, ensure_ascii=False) + '\n')
        langs = Counter(c['lang'] for c in cases)
        print(f'make_corpus: {path}: {len(cases)} lines ({langs["de"]} de, {langs["en"]} en)', file=sys.stderr)
    cats = Counter(c['category'] for c in moves)
    print('make_corpus: ' + ', '.join(f'{k} {v}' for k, v in sorted(cats.items())), file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
