//! The game that `play` and `relay` run: a new one, started from the settings, or one resumed
//! from its journal after a crash (a damaged journal resumes only when the player or the
//! arbiter agrees, and nothing is changed otherwise).

use std::io::BufRead;
use std::path::{Path, PathBuf};

use crate::assistant::protocol::{Event, Listener, Side};
use crate::assistant::words::Words;
use crate::catalog::Catalog;
use crate::cli::play_args::{PlayArgs, spec_of};
use crate::cli::play_check::readiness_check;
use crate::cli::play_voice::Speech;
use crate::cli::printer::Printer;
use crate::journal::{latest_journal, new_journal_path, utc_rfc3339};
use crate::session::{DoubtfulDowntime, JournalCheck, Session, check_journal, is_journal_file};
use crate::vocab::Vocab;

/// The game, opened.
pub(super) struct Opened {
    pub session: Session,
    /// Sentences about the journal, said once the speech output runs.
    pub told: Vec<String>,
    /// The first event for the loop: `resumed` after a resumption, which says where the game
    /// stands.
    pub first_event: Option<Event>,
}

/// Opens the game `args` describe, printing what the player and the arbiter must know.
/// `None`: a damaged journal the player did not agree to resume, left as it was.
pub(super) fn open_game(
    args: &PlayArgs,
    relay: bool,
    printer: &mut Printer,
    games_dir: &Path,
) -> anyhow::Result<Option<Opened>> {
    // Sentences about the journal, said once the speech output runs.
    let mut told: Vec<String> = Vec::new();
    let mut first_event: Option<Event> = None;
    let session = match &args.resume {
        Some(path) => {
            let path = if path.is_empty() {
                latest_journal(games_dir)
                    .map_err(|e| anyhow::anyhow!("{e}"))?
                    .ok_or_else(|| {
                        anyhow::anyhow!("no journal to resume in {}", games_dir.display())
                    })?
            } else {
                PathBuf::from(path)
            };
            let check = check_journal(&path).map_err(|e| anyhow::anyhow!(e))?;
            let lang = check.lang.unwrap_or(args.lang);
            let words = Words::new(Vocab::builtin(lang), lang);
            let accept_damage = check.is_damaged();
            if accept_damage && !agree_to_damage(args, printer, &words, &check)? {
                // Not resumed, nothing changed.
                return Ok(None);
            }
            let (session, resumed) =
                Session::resume(&path, accept_damage).map_err(|e| anyhow::anyhow!(e))?;
            if let Some(spec) = session.assistant().spec() {
                // The resumed game speaks its own language, whatever --lang says.
                printer.catalog = Catalog::builtin(spec.lang);
            }
            if let Some(torn) = &resumed.torn {
                told.push(words.journal_damage(torn));
            }
            if !resumed.set_aside.is_empty() {
                told.push(words.journal_resumed_after_damage(check.last_good_line));
            }
            for text in &told {
                printer.text_note(text);
            }
            printer.note(
                "game-resumed",
                &[
                    ("path", path.display().to_string().into()),
                    ("events", resumed.events.to_string().into()),
                    ("seconds", (resumed.down_ms / 1000).to_string().into()),
                ],
            );
            if let Some(doubt) = resumed.doubtful_down {
                let lang = printer.catalog.lang();
                let words = Words::new(Vocab::builtin(lang), lang);
                let text = match doubt {
                    DoubtfulDowntime::WallClockWentBack { ms } => words.wall_clock_went_back(ms),
                    DoubtfulDowntime::TooLong { ms } => words.downtime_too_long(ms),
                };
                printer.to_arbiter(session.now(), text);
            }
            // The first event after the resumption: where the game stands, and what was
            // waiting is said again (a read-back is never made by the time that passed).
            first_event = Some(Event::Resumed(true));
            session
        }
        None => {
            let spec = spec_of(args)?;
            printer.catalog = Catalog::builtin(spec.lang);
            if !relay {
                // Before the game and its clock start.
                let vocab = match &spec.vocabulary {
                    Some(file) => file.vocab().map_err(|e| anyhow::anyhow!(e))?,
                    None => Vocab::builtin(spec.vocab_lang()),
                };
                readiness_check(&args.voice, spec.lang, &vocab, printer);
            }
            let path = match &args.journal {
                Some(p) => p.clone(),
                None => {
                    std::fs::create_dir_all(games_dir).map_err(|e| {
                        anyhow::anyhow!(
                            "cannot create the games folder {}: {e}",
                            games_dir.display()
                        )
                    })?;
                    new_journal_path(games_dir, &utc_rfc3339(std::time::SystemTime::now()))
                        .map_err(|e| anyhow::anyhow!("{e}"))?
                }
            };
            if path.exists() {
                if is_journal_file(&path) {
                    anyhow::bail!(
                        "{} is the journal of another game; it is not overwritten. Resume it with --resume {}, or choose another name",
                        path.display(),
                        path.display()
                    );
                }
                anyhow::bail!(
                    "{} exists and is not a Rochade journal; it is not overwritten. Choose another name for the journal",
                    path.display()
                );
            }
            let mut session = Session::create(Some(&path)).map_err(|e| anyhow::anyhow!(e))?;
            let side = printer.catalog.text(
                match spec.player {
                    Side::White => "side-white",
                    Side::Black => "side-black",
                },
                &[],
            );
            printer.note(
                if relay {
                    "relay-started"
                } else {
                    "game-started"
                },
                &[
                    ("side", side.into()),
                    ("path", path.display().to_string().into()),
                ],
            );
            if let Some(w) = crate::clock::TimeControl::looks_like_minutes(&args.time_control) {
                printer.note(
                    "control-looks-like-minutes",
                    &[
                        ("input", w.input.into()),
                        // Numbers as words, as every time is said.
                        (
                            "seconds",
                            crate::numbers::cardinal(w.seconds, printer.catalog.lang()).into(),
                        ),
                        ("minutes", w.as_minutes.into()),
                    ],
                );
            }
            let now = session.now();
            match session.feed(Event::Start(Box::new(spec)), now) {
                Ok(effects) => effects.iter().for_each(|e| printer.effect(e)),
                Err(err) => anyhow::bail!("cannot write the journal: {err}"),
            }
            session
        }
    };
    Ok(Some(Opened {
        session,
        told,
        first_event,
    }))
}

/// A damaged journal: every damage is printed and said, with the line it is on; the game goes
/// on from the last good line only if the player or arbiter agrees ("ja" typed, or
/// `--accept-damage`). Nothing is changed otherwise.
fn agree_to_damage(
    args: &PlayArgs,
    printer: &Printer,
    words: &Words,
    check: &JournalCheck,
) -> anyhow::Result<bool> {
    let lang = check.lang.unwrap_or(args.lang);
    // Its own speech output, for this question only: the game's starts with the game.
    let speech = Speech::start(&args.voice, lang, None).ok().flatten();
    let tell = |text: &str| {
        printer.text_note(text);
        if let Some(s) = &speech {
            s.say(Listener::Player, text);
        }
    };
    for damage in &check.damage {
        tell(&words.journal_damage(damage));
    }
    let question = words.journal_resume_question(check.last_good_line, check.last_move_kept);
    tell(&question);
    if args.accept_damage {
        return Ok(true);
    }
    let vocab = Vocab::builtin(lang);
    let stdin = std::io::stdin();
    loop {
        let mut line = String::new();
        let read = stdin.lock().read_line(&mut line)?;
        let answer = if read == 0 {
            Some(false)
        } else {
            match vocab.lookup(line.trim()) {
                Some(crate::vocab::Meaning::Command(crate::vocab::Command::Yes)) => Some(true),
                Some(crate::vocab::Meaning::Command(crate::vocab::Command::No)) => Some(false),
                _ => match line.trim().to_lowercase().as_str() {
                    "ja" | "j" | "yes" | "y" => Some(true),
                    "nein" | "n" | "no" => Some(false),
                    _ => None,
                },
            }
        };
        match answer {
            Some(true) => return Ok(true),
            Some(false) => {
                tell(&words.journal_not_resumed());
                return Ok(false);
            }
            None => tell(&question),
        }
    }
}
