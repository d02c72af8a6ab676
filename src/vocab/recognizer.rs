//! What the speech recognizers' grammars take of a vocabulary (`[recognizer]`): the words
//! they leave out, hear for each other or as noise, and hear only after a FIDE file.
use std::collections::BTreeSet;

use super::{Vocab, normalize_phrase, normalize_word};

impl Vocab {
    /// Whether the recognizers' grammars take this word or phrase: not a word of `[recognizer]
    /// leave_out` (too short to tell apart by ear) nor a phrasing of `[typed_commands]`
    /// (requests that drew chatter); both are read when typed.
    pub fn heard_by_recognizer(&self, phrase: &str) -> bool {
        !(phrase
            .split_whitespace()
            .any(|w| self.unheard.contains(&normalize_word(w)))
            || self.unheard.contains(&normalize_phrase(phrase)))
    }

    /// Words a recognizer may hear for each other (`[recognizer] confusable`: the letter names
    /// of the E-set, "b", "d", "e", …). A move heard with one, where another in its place is
    /// another legal move, is read back, but only an explicit "ja" makes it.
    pub fn confusable_words(&self) -> &BTreeSet<String> {
        &self.confusable
    }

    /// Groups of words a recognizer may hear for each other, each word only for the others of
    /// its group (`[recognizer] heard_for_each_other`: "Eva" and "David" in English games).
    pub fn heard_for_each_other(&self) -> &[BTreeSet<String>] {
        &self.heard_for_each_other
    }

    /// Fillers a recognizer may take as noise anywhere in an utterance, between any two words
    /// (`[recognizer] noise_fillers`), instead of only before and after a phrase.
    pub fn noise_fillers(&self) -> &BTreeSet<String> {
        &self.noise_fillers
    }

    /// Fillers that a recognizer's second hearing of a sentence it could not place takes
    /// between the words of a move, beside the fillers before and after it (`[recognizer]
    /// filler_pass`); none where there is no such hearing.
    pub fn filler_pass_fillers(&self) -> &BTreeSet<String> {
        &self.filler_pass
    }

    /// Whether a recognizer's grammar has this rank word right after this file word (`[recognizer]
    /// fide_ranks`: in an English game the German numbers stand only after a FIDE file name,
    /// "Felix drei", never "echo drei").
    pub fn square_heard(&self, file_word: &str, rank_word: &str) -> bool {
        self.lone_rank_heard(rank_word) || self.fide_files.contains(&normalize_word(file_word))
    }

    /// Whether a recognizer's grammar has this rank word without a file before it (a lone
    /// origin rank, "Turm eins Eva eins"): never one of `[recognizer] fide_ranks`.
    pub fn lone_rank_heard(&self, rank_word: &str) -> bool {
        !self.fide_ranks.contains(&normalize_word(rank_word))
    }
}
