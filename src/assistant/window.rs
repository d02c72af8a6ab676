//! The correction window of a read-back in time (D.2.6): when it starts (at the read-back, or
//! when the read-back has finished playing), how it waits while the player speaks, and how
//! words not understood there, or never heard, take it away so that only "ja" makes the move.
use super::*;

impl Live {
    /// Whether the player began to speak in a read-back's window [`HELD_WORDS_MS`] ago and
    /// no words came.
    pub(super) fn words_overdue(&self, now: u64) -> bool {
        matches!(self.pending, Pending::ReadBack { held: Some(since), .. }
            if since.saturating_add(HELD_WORDS_MS) <= now)
    }

    /// The deadline and the hold of the read-back that waits with a correction window.
    fn window_timing(&mut self) -> Option<(&mut Option<u64>, &mut Option<u64>)> {
        match &mut self.pending {
            Pending::ReadBack {
                window: true,
                deadline,
                held,
                ..
            } => Some((deadline, held)),
            _ => None,
        }
    }

    /// A read-back waiting at an interruption gets no window until it is said again: `None`
    /// with `window_after_playback` (the shell reports its playback), else from `now`.
    pub(super) fn restart_read_back_window(&mut self, now: u64) {
        let restart =
            (!self.spec.window_after_playback).then(|| now.saturating_add(self.spec.confirm_ms));
        if let Some((deadline, held)) = self.window_timing() {
            *held = None;
            *deadline = restart;
        }
    }

    /// The player began to speak while a read-back's window runs (or waits for its playback
    /// to end): the window stops until his words are heard.
    pub(super) fn hold_window_while_speaking(&mut self, now: u64) {
        if let Some((deadline, held)) = self.window_timing() {
            *held = Some(now);
            *deadline = None;
        }
    }

    /// His words were heard and answered, and the read-back still waits (he asked for the
    /// time, or said nothing the recognizer could hear): a whole window from now.
    pub(super) fn release_held_window(&mut self, now: u64) {
        let restart = now.saturating_add(self.spec.confirm_ms);
        if let Some((deadline, held)) = self.window_timing()
            && held.is_some()
        {
            *held = None;
            *deadline = Some(restart);
        }
    }

    /// A read-back finished playing at `now`: the player gets the whole correction window
    /// from now on (D.2.6). Only the read-back that waits, named by its number (and move),
    /// is concerned: a late notice of a withdrawn or replaced read-back changes nothing, and
    /// a window is never shortened.
    pub(super) fn played(&mut self, played: &Played, now: u64) {
        if let Pending::ReadBack {
            mv,
            no,
            window: true,
            deadline,
            held: None,
            ..
        } = &mut self.pending
            && *no == played.read_back
            && played
                .uci
                .as_deref()
                .is_none_or(|u| u == uci_in(self.game.position(), mv))
        {
            let from_now = now.saturating_add(self.spec.confirm_ms);
            *deadline = Some(deadline.map_or(from_now, |d| d.max(from_now)));
        }
    }

    /// The player spoke during a read-back's correction window and was not understood (or
    /// his words never came: the recognizer dropped them): it may have been "nein" or
    /// "Korrektur" (D.2.6), so the window no longer makes the move. The read-back is asked
    /// again and waits for an explicit "ja".
    pub(super) fn hold_read_back(&mut self, now: u64, out: &mut Out) {
        if let Pending::ReadBack {
            mv,
            no,
            window,
            deadline,
            sure,
            held,
            ..
        } = &mut self.pending
            && *window
        {
            *window = false;
            *deadline = None;
            *sure = false;
            *held = None;
            let (mv, no) = (*mv, *no);
            self.say_read_back(&mv, no, false, now, out);
        }
    }
}
