#!/usr/bin/env python3
"""Finds German pronunciations that pocketsphinx hears for other words more than for their own.

Eight espeak-ng voices that `rochade bench voice` does not use say every file, rank and piece
word of `grammars/de.toml` alone, at three rates. Pocketsphinx (the en-us model, the decoder
settings of `src/asr/pocketsphinx.rs`) hears each recording with a grammar of the words of its
class, the pronunciations being those `rochade models pronunciations` prints. A pronunciation
is listed when it won more recordings of words of another meaning than of its own (and at
least two): such a line, "-word PHONES" in `src/asr/pronunciations/de.txt`, removes it.
Synonyms ("Cäsar", "Zäsar") share a meaning, so hearing one for the other costs nothing.

Usage: scripts/confusable_pronunciations.py [--rochade target/release/rochade] [--work DIR]
Needs espeak-ng, sox and libpocketsphinx (the set-up installs them); only the standard library.
"""
import argparse
import collections
import ctypes as C
import os
import subprocess
import sys
import tempfile
import tomllib
import wave

VOICES = ["de+m1", "de+m2", "de+m4", "de+m5", "de+m6", "de+f1", "de+f2", "de+f4"]
RATES = [125, 150, 175]
MODEL = "/usr/share/pocketsphinx/model/en-us/en-us"
HERE = os.path.dirname(os.path.abspath(__file__))


def token(word):
    folded = word.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        folded = folded.replace(a, b)
    return "".join(c for c in folded if c.isascii() and c.isalnum())


def decoder(dictionary):
    ps = C.CDLL("libpocketsphinx.so.3")
    sb = C.CDLL("libsphinxbase.so.3")
    sb.err_set_logfp(None)
    ps.ps_args.restype = C.c_void_p
    sb.cmd_ln_parse_r.restype = C.c_void_p
    sb.cmd_ln_parse_r.argtypes = [C.c_void_p, C.c_void_p, C.c_int, C.POINTER(C.c_char_p), C.c_int]
    ps.ps_init.restype = C.c_void_p
    ps.ps_init.argtypes = [C.c_void_p]
    ps.ps_start_utt.argtypes = [C.c_void_p]
    ps.ps_end_utt.argtypes = [C.c_void_p]
    ps.ps_set_jsgf_string.argtypes = [C.c_void_p, C.c_char_p, C.c_char_p]
    ps.ps_set_search.argtypes = [C.c_void_p, C.c_char_p]
    ps.ps_process_raw.argtypes = [C.c_void_p, C.c_void_p, C.c_size_t, C.c_int, C.c_int]
    ps.ps_seg_iter.restype = C.c_void_p
    ps.ps_seg_iter.argtypes = [C.c_void_p]
    ps.ps_seg_next.restype = C.c_void_p
    ps.ps_seg_next.argtypes = [C.c_void_p]
    ps.ps_seg_word.restype = C.c_char_p
    ps.ps_seg_word.argtypes = [C.c_void_p]
    # the settings of src/asr/pocketsphinx.rs (DECODER_ARGS)
    args = ["x", "-hmm", MODEL, "-samprate", "16000", "-dict", dictionary, "-bestpath", "no",
            "-dither", "yes", "-seed", "1", "-wip", "0.01", "-topn", "8"]
    argv = (C.c_char_p * len(args))(*[a.encode() for a in args])
    config = sb.cmd_ln_parse_r(None, ps.ps_args(), len(args), argv, 1)
    handle = ps.ps_init(config)
    if not handle:
        sys.exit("pocketsphinx did not start (is pocketsphinx-en-us installed?)")
    return ps, handle


def heard(ps, handle, path):
    with wave.open(path) as w:
        data = w.readframes(w.getnframes())
    ps.ps_start_utt(handle)
    ps.ps_process_raw(handle, data, len(data) // 2, 0, 1)
    ps.ps_end_utt(handle)
    seg, word = ps.ps_seg_iter(handle), None
    while seg:
        name = ps.ps_seg_word(seg).decode()
        if not name.startswith("<") and not name.startswith("["):
            word = name
        seg = ps.ps_seg_next(seg)
    return word


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rochade", default=os.path.join(HERE, "..", "target", "release", "rochade"))
    parser.add_argument("--work", default=None, help="keep the recordings here")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="rochade-confusable-")
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(HERE, "..", "grammars", "de.toml"), "rb") as f:
        vocabulary = tomllib.load(f)
    meaning, classes = {}, collections.defaultdict(set)
    for cls in ("files", "ranks", "pieces"):
        for name, words in vocabulary[cls].items():
            for word in words:
                meaning[token(word)] = (cls, name)
                classes[cls].add(word)
    words = sorted({w for ws in classes.values() for w in ws})
    dictionary = os.path.join(work, "words.dict")
    with open(dictionary, "w") as out:
        subprocess.run([args.rochade, "models", "pronunciations", "--words", ",".join(words)],
                       stdout=out, check=True)
    phones = {}
    with open(dictionary) as f:
        for line in f:
            name, *ph = line.split()
            phones[name] = " ".join(ph)
    ps, handle = decoder(dictionary)
    own, other = collections.Counter(), collections.defaultdict(collections.Counter)
    total = right = 0
    for cls, members in sorted(classes.items()):
        alternatives = " | ".join(sorted({token(w) for w in members}))
        grammar = f"#JSGF V1.0;\ngrammar g;\npublic <s> = ( {alternatives} );\n"
        ps.ps_set_jsgf_string(handle, cls.encode(), grammar.encode())
        ps.ps_set_search(handle, cls.encode())
        for i, word in enumerate(sorted(members)):
            for voice in VOICES:
                for rate in RATES:
                    path = os.path.join(work, f"{cls}-{i}-{voice}-{rate}.wav")
                    if not os.path.exists(path):
                        raw = path + ".raw.wav"
                        subprocess.run(["espeak-ng", "-v", voice, "-s", str(rate), "-w", raw, word],
                                       check=True)
                        subprocess.run(["sox", "-q", raw, "-r", "16000", "-c", "1", "-b", "16", path],
                                       check=True, stderr=subprocess.DEVNULL)
                        os.remove(raw)
                    winner = heard(ps, handle, path)
                    total += 1
                    if winner is None:
                        continue
                    if meaning[winner.split("(")[0]] == meaning[token(word)]:
                        own[winner] += 1
                        right += 1
                    else:
                        other[winner][token(word)] += 1
    print(f"# {right} of {total} recordings heard as their own meaning")
    for variant, taken in sorted(other.items(), key=lambda kv: -sum(kv[1].values())):
        wrong = sum(taken.values())
        if wrong >= 2 and wrong > own[variant]:
            print(f"-{variant.split('(')[0]} {phones[variant]}   "
                  f"# own {own[variant]}, others {wrong}: {dict(taken)}")


if __name__ == "__main__":
    main()
