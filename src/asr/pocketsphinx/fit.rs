//! The acoustic fit: how far the grammar's best path scores behind a free loop of phones over
//! the same speech, and the share of confidence that leaves a reading (sure, asked back, or
//! not understood). Chatter forced onto a phrase, a cough, a misheard move: the fit is what
//! gives them away.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use super::Segment;
use crate::asr::AcousticFit;
use crate::asr::grammar::{Alternative, Grammar};
use crate::lang::Lang;

/// Where the acoustic fit ([`AcousticFit`]) puts a reading: made by the correction window,
/// read back to wait for an explicit "ja", or not understood at all. Each language has its
/// own, because German words are spelled in English phones and fit the loop worse even when
/// said clearly (median gap 22 against 15 in English).
///
/// Measured with `ROCHADE_FIT_GAPS=1000,1000 rochade bench voice --set
/// tests/corpus/varied-tune.jsonl --chatter tests/corpus/chatter-tune.jsonl --limit 160
/// --outcomes FILE`, every reading seen and the limits applied afterwards (never on the test
/// halves). Safety first: far fewer utterances become another legal move, and far fewer of
/// those are sure enough for the window. In quiet, of 580 German and 876 English utterances:
///
/// | | right | another move | of those, sure |
/// |---|---|---|---|
/// | German, the single limits of before (22, 34) | 71.0 % | 8.4 % | 16 |
/// | German, these | 66.4 % | 5.7 % | 4 (letter names, which the grammar then lacked) |
/// | English, before | 85.3 % | 4.2 % | 9 |
/// | English, these (and the confusable letters) | 79.2 % | 1.9 % | 0 |
///
/// No move became a command, and of 66 items of the rejection set per language (chatter,
/// coughs, other languages) none became a sure move or a command. With the German letter
/// names taken into the grammar and the confusable letters costing confidence only where
/// their twin is legal (`--limit 120`, 436 German and 660 English move lines), German reads
/// 75.7 % right, 3.7 % another move, 1 of them sure; English 79.5 %, 1.4 %, none sure, and
/// 52.7 % of the English moves are right and sure, instead of 38.5 %. The German reject gap is
/// not lower because through `play`'s microphone path "Bella zwei Bella drei" fits at 31
/// (worst word 50) every time: a move that can never be said is no safety either.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FitLimits {
    /// At most this gap, and with [`FitLimits::sure_phone_share`] and
    /// [`FitLimits::sure_word_gap`], a reading is sure: a command is carried out, an answer
    /// taken.
    pub sure_gap: f64,
    /// A move is sure, and so made by the correction window without a word from the player,
    /// only at most at this gap (and [`FitLimits::sure_gap`]).
    pub sure_move_gap: f64,
    /// Or at most at this gap when its phrase holds [`FitLimits::whole_move_phone_share`] of
    /// the phones the free loop hears (whatever the speech's length): a move misheard with a
    /// fair fit leaves some of the speech to no word of its phrase. On the German tuning lines
    /// spoken at eight rates by six voices (1,055 quiet move lines, every reading seen, the
    /// window's rules applied afterwards), the wrong readings the gap of 18 kept out, up to 26,
    /// held 0.64 to 0.74 of the loop's phones ("Turm David fünf nach David drei" heard as "…
    /// acht", "so, Turm ef eins" as "ce zwo Dora vier", "Dame ge sechs ha fünf mit Schach" as
    /// "Dame Gustav fünf"): at 22 and three quarters the window makes 274 instead of 192 of
    /// the 925 right ones, none wrong; the nearest wrong reading so whole lay at 26.6
    /// ("Springer be de zwei" as "Springer Friedrich de zwei").
    pub whole_move_gap: f64,
    pub whole_move_phone_share: f64,
    /// From this gap on, or from this gap of its worst word, a reading is not understood.
    pub reject_gap: f64,
    pub reject_word_gap: f64,
    /// In noise, from this gap on a move or a command is not understood
    /// ([`AcousticFit::noisy_reject_gap`]). Chatter forced onto a move fits at 27 to 33 there,
    /// most right moves closer: on the tuning set (`--limit 40`, 96 rejection items a
    /// condition) at 31 for both languages, in pink and brown noise together, 6 instead of 13
    /// rejection items became a move and 25 instead of 29 lines another move, for 591 instead
    /// of 599 of 800 lines right. German keeps 31.5: at 31, 4 of 240 FIDE-word moves of real
    /// games in pink noise were lost (`rochade bench voice`, 198 → 194 right), at 31.5 two,
    /// with the same rejection items gone on the tuning set's German lines but one. Quiet
    /// keeps [`FitLimits::reject_gap`]: there the rejection set gave no such gain.
    pub noisy_reject_gap: f64,
    /// A phrase with fewer phones than this share of what the free loop hears in the same
    /// speech was stretched over something longer (a sentence with a phrase forced onto
    /// it): not understood. Under [`FitLimits::sure_phone_share`] it waits for "ja".
    pub min_phone_share: f64,
    pub sure_phone_share: f64,
    /// A worst word at least this far behind the loop waits for "ja": one misheard word
    /// hides in a good fit of the rest.
    pub sure_word_gap: f64,
    /// For a move, made by the window, the worst word must fit closer still. At 45, a probe
    /// of single pawn moves in the starting position (`scripts/safety_probe.py`, ten English
    /// voices) had flite's "f three" and "f four" heard as sure "bella three" and "bella
    /// four", "bella" 42 and 44 behind the loop. On the tuning set (quiet, every reading
    /// seen) 40 leaves 172 instead of 178 of 358 right English moves sure, and 49 instead of
    /// 51 of 224 German ones.
    pub sure_move_word_gap: f64,
    /// A short answer (at most [`SHORT_ANSWER_PHONES`]) to a question asked alone
    /// ("Aufgabe? Ja oder nein.": no move in the grammar) is sure only with its word at most
    /// this far behind the loop, and with the loop hearing at most this many phones for each
    /// of its own, and one more. With little else to choose from, the grammar search forces
    /// a German "Nein" onto "ja": in a run of eight espeak-ng voices the benchmark does not
    /// use, at 130 to 190 words a minute, `de+m1`'s "Nein" was a sure "ja", its word 21.4
    /// behind the loop, which heard six phones for its two; every "Ja" heard sure lay at most
    /// 20.5 behind, with at most four phones. Checked on the benchmark's voices and four
    /// others: `de+m7`'s "Nein" at 130 (sure "ja" at 15 and 22, over seven and eight phones)
    /// is no longer sure, and every "Ja" heard sure still is (63 of 64). English, the
    /// model's own language, showed no such confusion and keeps the limits of any answer.
    pub sure_short_answer_word_gap: f64,
    /// The loop's phones for each of a short answer's own (and one more) beyond which it was
    /// stretched over longer speech.
    pub short_answer_phone_spread: f64,
    /// A reading of the filler pass (a sentence the grammar could not place, heard again with
    /// fillers around and inside its moves) is not understood from this gap on. On the German
    /// tuning lines (four voices, 320 a condition, one file at a time, every filler-pass reading
    /// seen), the three wrong moves it gave in quiet lay at 30.7 to 32.2 and the one in pink
    /// noise at 31.8, while 29 of its 33 right ones lay under 30.
    pub filler_pass_reject_gap: f64,
}

/// An answer of at most this many phones is short: "ja" (Y AA), "nein" (N AY N), "no".
pub const SHORT_ANSWER_PHONES: usize = 3;

/// Which acoustic model hears: the one pocketsphinx installs, or one adapted to the player's
/// voice ([`crate::asr::adapt`]). The adapted one fits his right readings closer but not his
/// misheard ones, so that a limit measured with the installed one lets through misheard
/// readings it need not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AcousticModel {
    Installed,
    Adapted,
}

impl AcousticModel {
    /// The kind of the acoustic model in the directory `hmm`, heard in `lang`'s games: adapted
    /// when the adaptation marked it, or when it lies where the adaptation writes `lang`'s
    /// model (one written before the mark was, which the player need not read again).
    pub fn of(hmm: &Path, lang: Lang) -> AcousticModel {
        if crate::asr::adapt::is_adapted(hmm) || hmm == crate::asr::adapted_model_dir(lang) {
            AcousticModel::Adapted
        } else {
            AcousticModel::Installed
        }
    }
}

impl FitLimits {
    /// The limits for a language's words (Arabic and Hebrew games speak the German words)
    /// heard by `model`.
    pub fn of(lang: Lang, model: AcousticModel) -> FitLimits {
        let installed = FitLimits::of_installed(lang);
        match (lang.default_vocabulary(), model) {
            (_, AcousticModel::Installed) | (Lang::En, AcousticModel::Adapted) => installed,
            // In noise, a German model adapted to the player rejects sooner. It fits the
            // right moves about four closer than the installed model does (pink noise, German
            // tuning lines, four voices, every reading seen: median 16.6 against 20.7, 95th
            // percentile 26.1 against 30.4), misheard ones not: at 31.5 they were let
            // through. With the model adapted to a session read by `de+m3` (48 lines), at 28
            // instead of 31.5 the tuning lines in pink noise read 305 instead of 310 of 400
            // right and 5 instead of 8 as another move, rejection items a move 2 instead of
            // 4. Held out, checked once: 104 instead of 107 of 160 right, 9 (6.2 %) instead
            // of 13 (9.0 %) another move, the rejection set unchanged (no move). English keeps
            // the installed limits, not measured for an adapted model: there one adapted to a
            // voice helped only that voice a little (docs/VOICE.md).
            (_, AcousticModel::Adapted) => FitLimits {
                noisy_reject_gap: 28.0,
                ..installed
            },
        }
    }

    /// The limits measured with the installed model.
    fn of_installed(lang: Lang) -> FitLimits {
        match lang.default_vocabulary() {
            Lang::En => FitLimits {
                sure_gap: 22.0,
                sure_move_gap: 22.0,
                whole_move_gap: 22.0,
                whole_move_phone_share: 0.75,
                reject_gap: 32.0,
                reject_word_gap: 55.0,
                noisy_reject_gap: 31.0,
                min_phone_share: 0.5,
                sure_phone_share: 0.6,
                sure_word_gap: 45.0,
                sure_move_word_gap: 40.0,
                sure_short_answer_word_gap: f64::INFINITY,
                short_answer_phone_spread: f64::INFINITY,
                filler_pass_reject_gap: 30.0,
            },
            // A German move is sure only at 18: on the German tuning lines spoken at eight
            // rates (2,720 utterances in quiet), 4 of 458 moves made by the window at 22 were
            // wrong ("Turm de de eins" heard as "Turm Friedrich eins" three times, "ef sechs"
            // as "ef fünf"), at 19 still 2, at 18 none of 197. The price: 13 % of the quiet
            // moves are made by the window instead of 31 %; the rest wait for "ja". Answers
            // keep 22: an unsure "ja" is not taken at all.
            _ => FitLimits {
                sure_gap: 22.0,
                sure_move_gap: 18.0,
                whole_move_gap: 22.0,
                whole_move_phone_share: 0.75,
                reject_gap: 33.0,
                reject_word_gap: 58.0,
                noisy_reject_gap: 31.5,
                min_phone_share: 0.5,
                sure_phone_share: 0.6,
                sure_word_gap: 45.0,
                sure_move_word_gap: 40.0,
                sure_short_answer_word_gap: 21.0,
                short_answer_phone_spread: 2.0,
                filler_pass_reject_gap: 30.0,
            },
        }
    }

    /// The limits of `lang`, or `ROCHADE_FIT_GAPS=SURE,REJECT` for measuring: then only the
    /// two gaps count (no word gap, no phone share), so that every reading is seen.
    pub(super) fn active(lang: Lang, model: AcousticModel) -> FitLimits {
        let measuring = std::env::var("ROCHADE_FIT_GAPS").ok().and_then(|v| {
            let (a, b) = v.split_once(',')?;
            Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
        });
        match measuring {
            Some((sure_gap, reject_gap)) => FitLimits {
                sure_gap,
                sure_move_gap: sure_gap,
                whole_move_gap: sure_gap,
                whole_move_phone_share: 0.0,
                reject_gap,
                reject_word_gap: f64::INFINITY,
                noisy_reject_gap: reject_gap,
                min_phone_share: 0.0,
                sure_phone_share: 0.0,
                sure_word_gap: f64::INFINITY,
                sure_move_word_gap: f64::INFINITY,
                sure_short_answer_word_gap: f64::INFINITY,
                short_answer_phone_spread: f64::INFINITY,
                filler_pass_reject_gap: reject_gap,
            },
            None => FitLimits::of(lang, model),
        }
    }

    /// The share of confidence an utterance of this fit keeps: all of it when it fits the
    /// grammar well, half (so that it is unsure) in between, none when it does not fit or
    /// the phrase is too short for the speech.
    pub(super) fn share(&self, fit: AcousticFit) -> f32 {
        self.share_with(fit, self.sure_gap, self.sure_word_gap, fit.phrase_phones)
    }

    /// [`FitLimits::share`] for an answer to a question asked alone: a short one is unsure
    /// outside [`FitLimits::sure_short_answer_word_gap`] and
    /// [`FitLimits::short_answer_phone_spread`].
    pub(super) fn share_of_answer_alone(&self, fit: AcousticFit) -> f32 {
        let share = self.share(fit);
        let spread = self.short_answer_phone_spread * fit.phrase_phones as f64 + 1.0;
        let stretched = fit.phrase_phones <= SHORT_ANSWER_PHONES
            && (fit.spoken_phones as f64 > spread
                || fit.worst_word_gap > self.sure_short_answer_word_gap);
        if stretched { share.min(0.5) } else { share }
    }

    /// [`FitLimits::share`] for a reading that is a move: sure within
    /// [`FitLimits::sure_move_gap`], or within [`FitLimits::whole_move_gap`] when its phrase
    /// holds [`FitLimits::whole_move_phone_share`] of the speech.
    pub(super) fn share_of_move(&self, fit: AcousticFit) -> f32 {
        let word_gap = self.sure_word_gap.min(self.sure_move_word_gap);
        let share = self.share_with(
            fit,
            self.sure_gap.min(self.sure_move_gap),
            word_gap,
            fit.phrase_phones,
        );
        let whole = fit.phrase_phones as f64
            >= self.whole_move_phone_share * fit.spoken_phones.max(1) as f64;
        if share == 0.5 && whole {
            self.share_with(fit, self.whole_move_gap, word_gap, fit.phrase_phones)
        } else {
            share
        }
    }

    /// [`FitLimits::share`] for a reading that is a command: sure only when the command's own
    /// words, without the fillers around them, hold [`FitLimits::sure_phone_share`] of the
    /// speech. A short command word among fillers stood for a whole move: "so uh gee h three
    /// please" was a sure "slower" on the English tuning set, "uh" and "please" making up
    /// the phones that "slower" lacked. Such a command is asked back.
    pub(super) fn share_of_command(&self, fit: AcousticFit) -> f32 {
        self.share_with(fit, self.sure_gap, self.sure_word_gap, fit.own_phones)
    }

    /// The share at `sure_gap`, where a reading is sure only when `sure_phones` (all the
    /// phrase's, or only its own words' for a command) hold [`FitLimits::sure_phone_share`]
    /// of the speech.
    fn share_with(
        &self,
        fit: AcousticFit,
        sure_gap: f64,
        sure_word_gap: f64,
        sure_phones: usize,
    ) -> f32 {
        let spoken = fit.spoken_phones.max(1) as f64;
        let long = fit.spoken_phones >= AcousticFit::PHONE_SHARE_FROM;
        if fit.phone_share_under(self.min_phone_share)
            || fit.gap >= self.reject_gap
            || fit.worst_word_gap >= self.reject_word_gap
        {
            0.0
        } else if fit.gap <= sure_gap
            && (!long || sure_phones as f64 / spoken >= self.sure_phone_share)
            && fit.worst_word_gap < sure_word_gap
            && fit.phrase_phones < fit.spoken_phones + SQUEEZED_PHONES
        {
            1.0
        } else {
            0.5
        }
    }
}

/// A phrase with this many phones more than the free loop hears in the speech was squeezed
/// into a sound too short for it (a cough heard as "faster", three phones for five): it is
/// never sure, so as a move it waits for "ja" and as a command it is not taken. On the
/// tuning set, 8 of 1205 right moves and none of 58 right commands were so squeezed, and 12
/// commands heard as moves, and coughs, chatter and a ramble heard as commands in noise.
const SQUEEZED_PHONES: usize = 2;

/// A path's acoustic score over frames `start..=end`, its segments prorated.
fn loop_score(path: &[Segment], start: i32, end: i32) -> f64 {
    path.iter()
        .map(|p| {
            let overlap = (p.end.min(end) - p.start.max(start) + 1).max(0);
            f64::from(p.acoustic) * f64::from(overlap) / f64::from(p.frames())
        })
        .sum()
}

/// Words shorter than this many frames are left out of [`AcousticFit::worst_word_gap`]: over
/// a few frames the loop's phone boundaries make the gap noise. At 8 frames, a clear "king e
/// one to g one" was not understood: its "e", run into "one" and given 8 frames, lay 78 a
/// frame behind the loop. At 12, 7 more of 240 English lines of the tuning set were right in
/// quiet, none more heard as another move, and the rejection set gave nothing more in quiet;
/// in pink noise 2 more were right, 3 more another move (read back, as every move in noise)
/// and one more chatter line a command (asked back). German did not change.
const MIN_WORD_FRAMES: i32 = 12;

/// The fit of a grammar path (`words`) against the phone loop's (`phones`), over the frames
/// from the loop's first phone of speech to its last: the silence around fits both alike and
/// would only water the gap down, while speech the grammar calls silence (a sentence with a
/// phrase forced into its middle) must count. The phones of `fillers` (tokens) are left out
/// of [`AcousticFit::own_phones`].
pub(super) fn acoustic_fit(
    words: &[Segment],
    phones: &[Segment],
    phone_counts: &HashMap<String, usize>,
    fillers: &BTreeSet<String>,
    noisy_reject_gap: f64,
) -> Option<AcousticFit> {
    if !words.iter().any(|s| !s.is_silence()) {
        return None;
    }
    let start = phones.iter().find(|p| !p.is_silence())?.start;
    let end = phones.iter().rev().find(|p| !p.is_silence())?.end;
    let frames = end - start + 1;
    if frames <= 0 {
        return None;
    }
    let path = loop_score(words, start, end);
    let free = loop_score(phones, start, end);
    // (all the phrase's phones, those of its own words without the fillers)
    let (phrase_phones, own_phones) =
        words
            .iter()
            .filter(|w| !w.is_silence())
            .fold((0, 0), |(all, own), w| {
                let base = w.word.split('(').next().unwrap_or(&w.word);
                let n = phone_counts.get(base).copied().unwrap_or(1);
                (all + n, if fillers.contains(base) { own } else { own + n })
            });
    let spoken_phones = phones
        .iter()
        .filter(|p| !p.is_silence() && p.start >= start && p.end <= end)
        .count();
    let worst_word_gap = words
        .iter()
        .filter(|w| !w.is_silence() && w.frames() >= MIN_WORD_FRAMES)
        .map(|w| {
            (loop_score(phones, w.start, w.end) - f64::from(w.acoustic)) / f64::from(w.frames())
        })
        .fold(f64::NEG_INFINITY, f64::max);
    Some(AcousticFit {
        gap: (free - path) / f64::from(frames),
        phrase_phones,
        own_phones,
        spoken_phones,
        worst_word_gap,
        noisy_reject_gap,
    })
}

/// The shares of confidence a fit leaves a reading, by what the reading is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Shares {
    /// An answer, or a reading outside the grammar ([`FitLimits::share`]).
    pub(super) other: f32,
    pub(super) of_move: f32,
    pub(super) of_command: f32,
}

impl Shares {
    /// Every reading keeps `share`.
    pub(super) fn all(share: f32) -> Shares {
        Shares {
            other: share,
            of_move: share,
            of_command: share,
        }
    }

    /// Whether no reading keeps any confidence: not understood, whatever was heard.
    pub(super) fn is_none(&self) -> bool {
        self.other == 0.0 && self.of_move == 0.0 && self.of_command == 0.0
    }

    /// The shares `limits` leave readings of this fit; `question`: the grammar is a
    /// question's alone, with no move in it.
    pub(super) fn of(limits: &FitLimits, fit: AcousticFit, question: bool) -> Shares {
        Shares {
            other: if question {
                limits.share_of_answer_alone(fit)
            } else {
                limits.share(fit)
            },
            of_move: limits.share_of_move(fit),
            of_command: limits.share_of_command(fit),
        }
    }
}

/// The alternatives with the share of confidence their fit leaves them, by what each is in
/// `grammar`.
pub(super) fn with_fit(
    alternatives: Vec<Alternative>,
    grammar: Option<&Grammar>,
    shares: Shares,
) -> Vec<Alternative> {
    alternatives
        .into_iter()
        .map(|a| {
            let share = match grammar {
                Some(g) if g.only_moves(&a.text) => shares.of_move,
                Some(g) if g.only_commands(&a.text) => shares.of_command,
                _ => shares.other,
            };
            Alternative::new(a.text, a.confidence * share)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fit_between_the_two_limits_leaves_a_move_unsure_and_a_command_sure() {
        let grammar = Grammar::for_position(
            &shakmaty::Chess::default(),
            &crate::vocab::Vocab::builtin(Lang::De),
        );
        let limits = FitLimits::of(Lang::De, AcousticModel::Installed);
        let between = AcousticFit {
            gap: (limits.sure_move_gap + limits.sure_gap) / 2.0,
            phrase_phones: 8,
            own_phones: 8,
            spoken_phones: 10,
            worst_word_gap: limits.sure_word_gap - 1.0,
            noisy_reject_gap: limits.noisy_reject_gap,
        };
        let shares = Shares::of(&limits, between, false);
        assert_eq!((shares.other, shares.of_move), (1.0, 0.5));
        let heard = |text: &str| {
            with_fit(
                vec![Alternative::new(text.to_string(), 1.0)],
                Some(&grammar),
                shares,
            )[0]
            .confidence
        };
        assert_eq!(heard("springer felix drei"), 0.5, "waits for 'ja'");
        assert_eq!(heard("zeit"), 1.0, "carried out");
    }

    fn seg(word: &str, start: i32, end: i32, acoustic: i32) -> Segment {
        Segment {
            word: word.into(),
            start,
            end,
            acoustic,
        }
    }

    #[test]
    fn the_fit_compares_the_phrase_with_the_phone_loop_over_the_speech() {
        let counts: HashMap<String, usize> =
            [("eva".to_string(), 3), ("vier".to_string(), 3)].into();
        // The loop: silence, 20 frames of speech in six phones, silence.
        let phones = vec![
            seg("SIL", 0, 9, -100),
            seg("EH", 10, 13, -400),
            seg("V", 14, 16, -300),
            seg("AH", 17, 19, -300),
            seg("F", 20, 23, -400),
            seg("IY", 24, 26, -300),
            seg("R", 27, 29, -300),
            seg("SIL", 30, 39, -100),
        ];
        // The phrase scores 10 units a frame worse over the same speech.
        let words = vec![
            seg("<sil>", 0, 9, -100),
            seg("eva", 10, 19, -1000 - 100),
            seg("vier(2)", 20, 29, -1000 - 100),
            seg("<sil>", 30, 39, -100),
        ];
        let fit = acoustic_fit(&words, &phones, &counts, &BTreeSet::new(), 40.0).expect("a fit");
        assert!((fit.gap - 10.0).abs() < 1e-9, "{fit:?}");
        assert_eq!(fit.noisy_reject_gap, 40.0);
        assert_eq!((fit.phrase_phones, fit.spoken_phones), (6, 6));
        assert_eq!(fit.own_phones, 6);
        // a filler's phones are the phrase's, not its own words'
        let fillers: BTreeSet<String> = ["eva".to_string()].into();
        let fit = acoustic_fit(&words, &phones, &counts, &fillers, 40.0).expect("a fit");
        assert_eq!((fit.phrase_phones, fit.own_phones), (6, 3));
        // Speech the grammar calls silence counts against it.
        let words = vec![
            seg("<sil>", 0, 19, -3000),
            seg("vier", 20, 29, -1000),
            seg("<sil>", 30, 39, -100),
        ];
        // (its silence model scores frames 10-19 at -1500, the loop at -1000: 500 units
        // behind over 20 frames of speech)
        let fit = acoustic_fit(&words, &phones, &counts, &BTreeSet::new(), 40.0).expect("a fit");
        assert!((fit.gap - 25.0).abs() < 1e-9, "{fit:?}");
        assert_eq!(fit.phrase_phones, 3);
        // Only silence: nothing to judge.
        assert_eq!(
            acoustic_fit(
                &[seg("<sil>", 0, 39, -1)],
                &phones,
                &counts,
                &BTreeSet::new(),
                40.0
            ),
            None
        );
    }

    #[test]
    fn a_model_is_adapted_when_marked_so_or_where_the_adaptation_writes_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert_eq!(
            AcousticModel::of(dir.path(), Lang::De),
            AcousticModel::Installed
        );
        std::fs::write(
            dir.path().join(crate::asr::adapt::ADAPTED_MARK),
            "recordings 1\n",
        )
        .expect("mark");
        assert_eq!(
            AcousticModel::of(dir.path(), Lang::De),
            AcousticModel::Adapted
        );
        let unmarked = crate::asr::adapted_model_dir(Lang::De);
        assert_eq!(
            AcousticModel::of(&unmarked, Lang::De),
            AcousticModel::Adapted
        );
    }

    #[test]
    fn a_good_fit_keeps_its_confidence_a_poor_one_loses_it() {
        let fit = |gap: f64, word: f64, phrase_phones: usize, spoken_phones: usize| AcousticFit {
            gap,
            phrase_phones,
            own_phones: phrase_phones,
            spoken_phones,
            worst_word_gap: word,
            noisy_reject_gap: f64::INFINITY,
        };
        let models = [AcousticModel::Installed, AcousticModel::Adapted];
        for (lang, model) in [Lang::De, Lang::En]
            .into_iter()
            .flat_map(|l| models.map(|m| (l, m)))
        {
            let l = FitLimits::of(lang, model);
            let (sure, reject) = (l.sure_gap, l.reject_gap);
            assert!(
                sure < reject && l.sure_word_gap <= l.reject_word_gap,
                "{l:?}"
            );
            // noise rejects sooner, and never what quiet would call sure
            assert!(
                sure < l.noisy_reject_gap && l.noisy_reject_gap < reject,
                "{l:?}"
            );
            let word = l.sure_word_gap - 1.0;
            assert_eq!(l.share(fit(sure - 1.0, word, 8, 10)), 1.0);
            assert_eq!(l.share(fit(sure + 1.0, word, 8, 10)), 0.5);
            assert_eq!(l.share(fit(reject, word, 8, 10)), 0.0);
            // a command whose own words are few among fillers: asked back, not carried out
            let among_fillers = AcousticFit {
                own_phones: 5,
                ..fit(sure - 1.0, word, 17, 24)
            };
            assert_eq!(l.share(among_fillers), 1.0);
            assert_eq!(l.share_of_command(among_fillers), 0.5);
            assert_eq!(l.share_of_command(fit(sure - 1.0, word, 17, 24)), 1.0);
            // a short one ("time, please") is not judged by its phones
            let short = AcousticFit {
                own_phones: 3,
                ..fit(sure - 1.0, word, 7, 8)
            };
            assert_eq!(l.share_of_command(short), 1.0);
            // one word far behind the loop: asked, then not understood
            assert_eq!(l.share(fit(sure - 1.0, l.sure_word_gap, 8, 10)), 0.5);
            assert_eq!(l.share(fit(sure - 1.0, l.reject_word_gap, 8, 10)), 0.0);
            // a short phrase stretched over a sentence
            assert_eq!(l.share(fit(sure - 1.0, word, 8, 40)), 0.0);
            // a phrase over a little more speech than its own phones: asked
            assert_eq!(l.share(fit(sure - 1.0, word, 11, 20)), 0.5);
            // a short word with a few extra phones of the loop is no sentence
            assert_eq!(l.share(fit(sure - 1.0, word, 3, 8)), 1.0);
            // a phrase squeezed into a cough
            assert_eq!(l.share(fit(sure - 1.0, word, 5, 3)), 0.5);
            assert_eq!(l.share(fit(sure - 1.0, word, 5, 4)), 1.0);
            // a move is sure only within its own, stricter limits
            assert!(l.sure_move_gap <= sure, "{l:?}");
            assert!(l.sure_move_word_gap < l.sure_word_gap, "{l:?}");
            let word_between = l.sure_move_word_gap + 1.0;
            assert_eq!(l.share(fit(l.sure_move_gap, word_between, 8, 10)), 1.0);
            assert_eq!(
                l.share_of_move(fit(l.sure_move_gap, word_between, 8, 10)),
                0.5,
                "a move with one word fitting worse than a move's limit waits for 'ja'"
            );
            let move_word = l.sure_move_word_gap - 1.0;
            assert_eq!(l.share_of_move(fit(l.sure_move_gap, move_word, 8, 10)), 1.0);
            assert_eq!(
                l.share_of_move(fit(l.sure_move_gap + 0.5, move_word, 7, 10)),
                0.5
            );
            // a little further off, sure only with three quarters of the speech its own
            assert!(l.sure_move_gap <= l.whole_move_gap && l.whole_move_gap <= sure);
            let whole = fit(l.whole_move_gap, move_word, 15, 20);
            assert_eq!(l.share_of_move(whole), 1.0, "{l:?}");
            let short_of_whole = fit(l.whole_move_gap, move_word, 14, 20);
            assert_eq!(
                l.share_of_move(short_of_whole),
                if l.sure_move_gap < l.whole_move_gap {
                    0.5
                } else {
                    1.0
                }
            );
            assert_eq!(
                l.share_of_move(fit(l.whole_move_gap + 0.5, move_word, 20, 20)),
                0.5
            );
            let whole_but_word = fit(l.whole_move_gap, l.sure_move_word_gap, 20, 20);
            assert_eq!(l.share_of_move(whole_but_word), 0.5);
        }
        // German: "Turm David fünf nach David drei" heard as "… acht" at 22.0, its phrase 23 of
        // the loop's 36 phones, waits for "ja"; as whole a phrase at 20 is made by the window.
        let de = FitLimits::of(Lang::De, AcousticModel::Installed);
        assert_eq!(de.share_of_move(fit(22.0, 28.8, 23, 36)), 0.5);
        assert_eq!(de.share_of_move(fit(20.0, 28.8, 30, 36)), 1.0);
        // Arabic and Hebrew games speak the German words, and so have their limits.
        for model in [AcousticModel::Installed, AcousticModel::Adapted] {
            assert_eq!(
                FitLimits::of(Lang::Ar, model),
                FitLimits::of(Lang::De, model)
            );
        }
    }
}
