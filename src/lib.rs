//! Rochade: the assistant the FIDE Laws of Chess (Appendix D) provide for blind and
//! visually impaired players at a real board.
//!
//! # The shape: a pure core, a thin shell
//!
//! ```text
//!  microphone ─ cpal ─► audio ─► asr (Vosk / pocketsphinx, grammar of the position) ─┐
//!  keyboard (typed) ──────────────────────────────────────────────────────────────────┼─► Event
//!  clock ticker (10 Hz wake-up) ──────────────────────────────────────────────────────┘    │
//!                                                                                         ▼
//!       session: journal (append + fsync) ──► assistant (pure): game · clock · record ──► Effect
//!                                                                                         │
//!            speech (speech-dispatcher / espeak-ng / text) · printed lines · scoresheet files ◄┘
//! ```
//!
//! The **core** reads no device, wall clock or disk; time comes in with each event (its `at`,
//! dated by the shell from the session's one game time), so every rule is tested fast and
//! deterministically, through `rochade interpret` and `rochade replay`. The layers, what
//! flows between them and where a new language, rules edition or recognizer goes: the
//! repository's `ARCHITECTURE.md`. The core's modules:
//!
//! | module | owns |
//! |---|---|
//! | [`vocab`] | the spoken vocabulary files (`grammars/*.toml`), checked on load |
//! | [`catalog`] | the message catalogs (`grammars/*.ftl`, Fluent): every sentence said or printed and the scoresheets' words, per language |
//! | [`announce`] | the words moves are announced with to the opponent and the arbiter in the game's language: the vocabulary's, or for Arabic and Hebrew the tables of words to say (`grammars/ar.toml`, `grammars/he.toml`) |
//! | [`interpret`] | an utterance (with recognizer alternatives) → a reading, matched against the legal moves; the spoken form of a move; [`interpret::forms`]: the forms of a spoken move as rules over the vocabulary's word classes, the one source of what the interpreter parses and what the recognizers' grammars ([`asr::grammar`]) accept |
//! | [`game`] | the position and history, repetition, 50/75 moves, dead positions, the helpmate test, rules by edition; [`game::chess960`]: Chess960's start positions by number and checked by hand |
//! | [`clock`] | FIDE time controls, periods, increments, delays, flags, adjustments; time in words |
//! | [`scoresheet`] | the record; PGN, braille, BRF and print; move lists as written; [`scoresheet::load`]: a sheet file read whatever its format; reconciling two sheets |
//! | [`assistant`] | the Appendix D protocol: read-back, correction window, questions, announcements, requests, claims, adjournment; [`assistant::protocol`]: the events and effects, whose announcements carry typed facts ([`assistant::about::About`]) that become JSON only at the edge |
//! | [`rules`], [`lang`], [`numbers`] | the rules edition, the language, numbers in words (spelled out per language in Rust; the sentences around them are in the catalogs) |
//!
//! The **shell** does the I/O: [`session`] journals every event before the assistant
//! handles it and rewrites the scoresheet files after every made move; [`journal`] and
//! [`storage`] write to disk safely; [`bounded`] reads every line and file within limits;
//! [`config`] reads the settings file (`~/.config/rochade/config.toml`) into typed values;
//! [`diagnostics`] writes the program's own lines on standard error with their level;
//! [`inhibit`] keeps the computer awake during a game; [`battery`] reads the battery and
//! decides when the player is warned;
//! [`typed`] reads typed lines; [`models`] keeps the Vosk model files (manifest, download,
//! integrity), which [`asr`] loads and never the reverse; [`cli`] holds the subcommands,
//! among them the desktop service (`cli::service`), its control client (`cli::ctl`) and
//! the protocol between them (`cli::control`); [`web`] serves the sighted opponent's page
//! (`--web`), whose entries go into the game loop as requests ([`cli::remote`]) like typed
//! lines.
//! Effects are carried out in order: the journal is written before anything is announced as
//! done. No two modules use each other (`tests/module_layers.rs` checks).
#![forbid(unsafe_op_in_unsafe_fn)]

pub mod announce;
pub mod asr;
pub mod assistant;
pub mod audio;
pub mod battery;
pub mod bounded;
pub mod catalog;
pub mod cli;
pub mod clock;
pub mod config;
pub mod diagnostics;
pub mod display;
pub mod game;
pub mod inhibit;
pub mod interpret;
pub mod journal;
pub mod lang;
pub mod models;
pub mod numbers;
pub mod rules;
pub mod scoresheet;
pub mod session;
pub mod speech;
pub mod storage;
pub mod typed;
pub mod vocab;
pub mod web;
