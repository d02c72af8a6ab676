//! What the page shows, in the game's language: its words (every label of the page, from
//! the catalogs' `web-…` messages), the state it draws (the published [`GameView`] with what
//! the game waits for in words), and the scoresheet files it offers. The page's script only
//! puts these into place; it makes no sentence of its own.
use std::collections::BTreeMap;

use serde::Serialize;

use crate::catalog::{Arg, Catalog};
use crate::cli::remote::{GameView, ViewSide, ViewState, ViewWaiting};
use crate::lang::Lang;
use crate::scoresheet::{brf, pgn, text};

/// The page: one file, its style and script inline, nothing fetched from elsewhere.
pub const PAGE: &str = include_str!("page.html");

/// The catalog messages of the sentences the server says itself (not the page's labels).
const SERVER_SIDE: [&str; 2] = ["web-state-", "web-started"];

/// The page's labels in `lang`, `{name}` where the page puts in a value (a square, a piece,
/// a move), and how the page is set up.
#[derive(Debug, Clone, Serialize)]
pub struct PageWords {
    pub lang: String,
    /// "rtl" for Arabic and Hebrew, else "ltr".
    pub dir: &'static str,
    pub words: BTreeMap<String, String>,
    /// The opponent's entries need the PIN the player was told.
    pub opponent_pin: bool,
    /// The arbiter's panel has a PIN (without one it is locked).
    pub arbiter: bool,
}

impl PageWords {
    pub fn new(lang: Lang, opponent_pin: bool, arbiter: bool) -> PageWords {
        let catalog = Catalog::builtin(lang);
        let mut words = BTreeMap::new();
        for (id, names) in catalog.messages() {
            let page_label =
                id.starts_with("web-") && !SERVER_SIDE.iter().any(|p| id.starts_with(p));
            if !page_label && id != "side-white" && id != "side-black" {
                continue;
            }
            let marks: Vec<(String, String)> = names
                .iter()
                .map(|n| (n.clone(), format!("{{{n}}}")))
                .collect();
            let args: Vec<(&str, Arg)> = marks
                .iter()
                .map(|(n, m)| (n.as_str(), Arg::from(m.as_str())))
                .collect();
            words.insert(id.clone(), catalog.text(id, &args));
        }
        PageWords {
            lang: lang.code().to_string(),
            dir: if lang.right_to_left() { "rtl" } else { "ltr" },
            words,
            opponent_pin,
            arbiter,
        }
    }
}

/// The state as `GET /api/state` and the live updates give it: the view's fields, and what
/// the game waits for in words.
#[derive(Debug, Clone, Serialize)]
pub struct PageState<'a> {
    /// Grows when more than the clocks changed: the page keeps the newest state it has, so a
    /// slow answer never undoes a live update that overtook it.
    pub version: u64,
    #[serde(flatten)]
    pub view: &'a GameView,
    /// "Weiß bestätigt seinen Zug.", "Schwarz ist am Zug.": never the move being confirmed.
    pub pending: Option<String>,
}

impl<'a> PageState<'a> {
    pub fn of(version: u64, view: &'a GameView) -> PageState<'a> {
        let lang = view.lang.parse().unwrap_or_default();
        PageState {
            version,
            view,
            pending: pending(view, &Catalog::builtin(lang)),
        }
    }
}

fn side_word(side: ViewSide) -> &'static str {
    match side {
        ViewSide::White => "white",
        ViewSide::Black => "black",
    }
}

/// What the game waits for, in words; `None` once it is over (the result says it) or while
/// the opponent is asked (the question says it).
fn pending(view: &GameView, catalog: &Catalog) -> Option<String> {
    let side = |s: ViewSide| [("side", Arg::from(side_word(s)))];
    match view.state {
        ViewState::Idle => return Some(catalog.text("web-state-idle", &[])),
        ViewState::Over => return None,
        ViewState::Paused => return Some(catalog.text("web-state-paused", &[])),
        ViewState::Playing => {}
    }
    let text = match view.waiting {
        ViewWaiting::PlayerConfirmsMove => catalog.text("web-state-confirm", &side(view.player)),
        ViewWaiting::PlayerAnswers => catalog.text("web-state-answers", &side(view.player)),
        ViewWaiting::ArbiterSignal => catalog.text("web-state-signal", &[]),
        ViewWaiting::OpponentAnswers => return None,
        ViewWaiting::Nothing => match view.draw_offer {
            Some(offering) => catalog.text("web-state-draw-offer", &side(offering)),
            None => catalog.text("web-state-to-move", &side(view.to_move)),
        },
    };
    Some(text)
}

/// A scoresheet the page offers: PGN and BRF to download, the print sheet to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sheet {
    Pgn,
    Brf,
    Print,
}

impl Sheet {
    /// The sheet a path names (`/api/sheet.pgn`, `.brf`, `.txt`).
    pub fn of_path(path: &str) -> Option<Sheet> {
        match path {
            "/api/sheet.pgn" => Some(Sheet::Pgn),
            "/api/sheet.brf" => Some(Sheet::Brf),
            "/api/sheet.txt" => Some(Sheet::Print),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Sheet::Pgn => "application/x-chess-pgn; charset=utf-8",
            // BRF is ASCII braille, for embossers and notetakers.
            Sheet::Brf => "application/octet-stream",
            Sheet::Print => "text/plain; charset=utf-8",
        }
    }

    /// The file name a download is saved under.
    pub fn file_name(self) -> Option<&'static str> {
        match self {
            Sheet::Pgn => Some("rochade.pgn"),
            Sheet::Brf => Some("rochade.brf"),
            Sheet::Print => None,
        }
    }

    /// The sheet of the view's game in its language, as `session` writes it beside the
    /// journal; `None` when there is no game (or the braille layout failed).
    pub fn render(self, view: &GameView) -> Option<String> {
        let record = view.record.as_ref()?;
        let lang: Lang = view.lang.parse().unwrap_or_default();
        match self {
            Sheet::Pgn => Some(pgn::write(record, false, lang)),
            Sheet::Brf => {
                let options = brf::BrailleOptions {
                    lang,
                    ..brf::BrailleOptions::default()
                };
                brf::write_brf(record, &options).ok()
            }
            Sheet::Print => Some(text::write(record, false, lang)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_words_mark_where_values_go_and_leave_out_the_servers_sentences() {
        let words = PageWords::new(Lang::De, false, true);
        assert_eq!(words.dir, "ltr");
        assert_eq!(words.words["web-square"], "{square}, {piece}");
        assert_eq!(words.words["side-black"], "Schwarz");
        assert!(!words.words.contains_key("web-state-to-move"));
        assert_eq!(PageWords::new(Lang::He, false, false).dir, "rtl");
    }

    #[test]
    fn the_player_confirming_is_said_without_his_move() {
        let mut view = GameView::idle(Lang::De);
        assert_eq!(
            PageState::of(1, &view).pending.as_deref(),
            Some("Keine Partie läuft.")
        );
        view.state = ViewState::Playing;
        view.waiting = ViewWaiting::PlayerConfirmsMove;
        assert_eq!(
            PageState::of(1, &view).pending.as_deref(),
            Some("Weiß bestätigt seinen Zug.")
        );
        view.waiting = ViewWaiting::Nothing;
        view.to_move = ViewSide::Black;
        assert_eq!(
            PageState::of(1, &view).pending.as_deref(),
            Some("Schwarz ist am Zug.")
        );
    }
}
