//! The refreshable braille display: one line with the last move and both clocks
//! ([`display_line`], pure, always built), and [`BrailleDisplay`], which puts that line on the
//! display through BRLTTY's BrlAPI (only with the cargo feature `braille-display`).
//!
//! # The line
//!
//! The last made move as the braille scoresheet writes it (docs: BRAILLE.md; the same
//! [`move_token`] and letter sets): the move number in lower-cell digits, a space, the move,
//! with the ⠤ marker when it is Black's (`12 SF3`, `12 -SC6`); a draw offer as on the sheet;
//! the word `SEALED` when a move has been sealed (the sealed move itself is never shown); the
//! result when the game is over (`1-0`, `0-1`, `1/2-1/2`); then both clocks, the player's own
//! first: a colour letter, a space and the time (`W 1:29:05 B 58:40`). The colour letters are
//! W and B, or W and S (*Weiß*, *Schwarz*) with the `de` letters (*house style*). Times are
//! for reading, not speech: `m:ss` below an hour, `h:mm:ss` from an hour on (the number of
//! colons tells which), whole seconds rounded down as the spoken times are, in the same
//! lower-cell digits as the move numbers and `:` as ⠱ (North American computer braille, which
//! BRF is). An untimed game shows the times used.
//!
//! A line never breaks a move. When it is longer than the display, parts go in this order
//! until it fits: the opponent's clock, the draw offer, the own clock, the result or `SEALED`,
//! then the move number (the move stays); a display too narrow even for the move shows what
//! else fits. 40 cells hold everything.
//!
//! The line is BRF (one ASCII character a cell, for BrlAPI `writeText` with a North American
//! braille table, or for a log); [`display_line_unicode`] gives the same cells as Unicode
//! braille and [`line_dots`] as the dot bytes BrlAPI `writeDots` takes.
//!
//! ```
//! use rochade::clock::ClockReading;
//! use rochade::display::{display_line, display_line_unicode};
//! use rochade::scoresheet::{Letters, Record};
//! use shakmaty::Color;
//!
//! let mut record = Record::default();
//! for san in ["e4", "e5", "Nf3", "Nc6"] {
//!     record.push_san(san, None, None)?;
//! }
//! let reading = ClockReading {
//!     white_ms: 5_345_000,
//!     black_ms: 3_520_000,
//!     running: Some(Color::White),
//!     paused: false,
//!     delay_left_ms: 0,
//!     untimed: false,
//! };
//! let line = display_line(&record, Some(&reading), Color::Black, Letters::Bauk, 40);
//! assert_eq!(line, "2 -SC6 B 58:40 W 1:29:05");
//! // A 12-cell display keeps the move.
//! assert_eq!(display_line(&record, Some(&reading), Color::Black, Letters::Bauk, 12), "2 -SC6");
//! assert_eq!(
//!     display_line_unicode(&record, None, Color::White, Letters::Bauk, 40),
//!     "⠆⠀⠤⠎⠉⠖"
//! );
//! # Ok::<(), rochade::scoresheet::RecordError>(())
//! ```
//!
//! # The display
//!
//! BRLTTY owns the display and reads the screen with it; Rochade only borrows it, one line at
//! a time. [`BrailleDisplay::connect`] opens a BrlAPI connection (and nothing more: the screen
//! reader keeps the display). Each [`BrailleDisplay::show`] then takes the display in BrlAPI
//! tty mode (on the terminal of Rochade's session as `WINDOWPATH` or `XDG_VTNR` give it, else
//! the whole display), writes the line as dots, and leaves tty mode after a hold time
//! ([`DisplaySettings::hold`], 10 s by default) or at the first key pressed on the display,
//! whichever comes first, as BRLTTY's own messages go; that key only dismisses the line.
//! BRLTTY keeps its own keys for switching terminals and drivers even during the hold. A new
//! line during the hold replaces the old one and starts the hold again. After the hold the
//! keys are the screen reader's again; BRLTTY draws the screen anew at its next update (a
//! change on the screen, or the first key): BrlAPI has no call that makes it redraw at once
//! (seen with BRLTTY 6.5). So Rochade never keeps the display or its keys for long, and a
//! player who never looks at the line loses nothing.
//!
//! No BRLTTY, no display, a display that goes away: a clear [`DisplayError`], never a hang or
//! a panic; the game goes on without the display. Without the feature, `connect` says so
//! ([`DisplayError::NotBuilt`]). BrlAPI finds BRLTTY as its clients do: `BRLAPI_HOST`, else the
//! local socket; the user needs BrlAPI's key (on Debian: be in the group `brlapi`).

use std::time::Duration;

use shakmaty::Color;

use crate::clock::ClockReading;
use crate::scoresheet::braille::{Letters, brf_dots, brf_to_unicode};
use crate::scoresheet::brf::{DRAW_OFFER, SEALED, move_token};
use crate::scoresheet::{Record, SheetResult};

/// A clock time in the display's compact form: `m:ss` below an hour, `h:mm:ss` from an hour
/// on, whole seconds rounded down.
///
/// ```
/// use rochade::display::clock_time;
/// assert_eq!(clock_time(9_999), "0:09");
/// assert_eq!(clock_time(3_599_999), "59:59");
/// assert_eq!(clock_time(5_345_000), "1:29:05");
/// ```
pub fn clock_time(ms: u64) -> String {
    let total = ms / 1000;
    let (hours, minutes, seconds) = (total / 3600, total % 3600 / 60, total % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

/// The colour letter in front of a clock: W and B, or W and S with the German letters.
pub fn side_letter(side: Color, letters: Letters) -> char {
    match (side, letters) {
        (Color::White, _) => 'W',
        (Color::Black, Letters::De) => 'S',
        (Color::Black, _) => 'B',
    }
}

/// One part of the line, in the forms it may take (longest first) and how much it matters
/// (0 = most).
struct Part {
    forms: Vec<String>,
    rank: u8,
}

/// The line as BRF, at most `width` cells; see the module doc for what it holds.
/// `reading` is the clock now (`None`: no clocks shown); `player` is whose clock comes first.
/// A record whose moves do not replay shows no move.
pub fn display_line(
    record: &Record,
    reading: Option<&ClockReading>,
    player: Color,
    letters: Letters,
    width: usize,
) -> String {
    let mut parts = Vec::new();
    if let Some((number, side, token)) = last_move(record, letters) {
        let token = match side {
            Color::White => token,
            Color::Black => format!("-{token}"),
        };
        parts.push(Part {
            forms: vec![format!("{number} {token}"), token],
            rank: 0,
        });
    }
    if record
        .moves()
        .last()
        .is_some_and(|entry| entry.draw_offered)
    {
        parts.push(Part {
            forms: vec![DRAW_OFFER.to_string()],
            rank: 3,
        });
    }
    if record.sealed.is_some() {
        parts.push(Part {
            forms: vec![SEALED.to_string()],
            rank: 1,
        });
    }
    if record.result != SheetResult::Ongoing {
        parts.push(Part {
            forms: vec![record.result.pgn().to_string()],
            rank: 1,
        });
    }
    if let Some(reading) = reading {
        for (side, rank) in [(player, 2), (player.other(), 4)] {
            parts.push(Part {
                forms: vec![format!(
                    "{} {}",
                    side_letter(side, letters),
                    clock_time(reading.ms(side))
                )],
                rank,
            });
        }
    }
    fit(&parts, width)
}

/// The same line as Unicode braille (U+2800 + dots; the blank cell for a space).
pub fn display_line_unicode(
    record: &Record,
    reading: Option<&ClockReading>,
    player: Color,
    letters: Letters,
    width: usize,
) -> String {
    brf_to_unicode(&display_line(record, reading, player, letters, width))
}

/// A line (BRF or Unicode braille) as exactly `cells` dot bytes for BrlAPI `writeDots`
/// (ISO/TR 11548-1: bit 0 = dot 1 … bit 7 = dot 8): cut or padded with blank cells; a
/// character that is neither BRF nor braille is a blank cell.
///
/// ```
/// use rochade::display::line_dots;
/// assert_eq!(line_dots("1 E4", 6), [0x02, 0x00, 0x11, 0x32, 0x00, 0x00]);
/// assert_eq!(line_dots("⠂⠀⠑⠲", 3), [0x02, 0x00, 0x11]);
/// ```
pub fn line_dots(line: &str, cells: usize) -> Vec<u8> {
    let mut dots: Vec<u8> = line
        .chars()
        .take(cells)
        .map(|c| match u32::from(c) {
            code @ 0x2800..=0x28FF => u8::try_from(code - 0x2800).unwrap_or(0),
            _ => brf_dots(c).unwrap_or(0),
        })
        .collect();
    dots.resize(cells, 0);
    dots
}

/// The last made move: its number, side and braille token.
fn last_move(record: &Record, letters: Letters) -> Option<(u32, Color, String)> {
    let (positions, moves) = record.replay().ok()?;
    let ply = moves.len();
    let m = *moves.last()?;
    let before = positions.get(ply - 1)?;
    let token = move_token(before, m, letters);
    let (number, side) = record.number_and_side(ply).ok()?;
    let color = match side {
        crate::scoresheet::Side::White => Color::White,
        crate::scoresheet::Side::Black => Color::Black,
    };
    Some((number, color, token))
}

/// The line of at most `width` cells: the parts that matter most, in their order, with the
/// move in its long form if that alone fits, else in its short one; without the move only if
/// even its short form is too long.
fn fit(parts: &[Part], width: usize) -> String {
    let mut ranks: Vec<u8> = parts.iter().map(|p| p.rank).collect();
    ranks.sort_unstable();
    ranks.dedup();
    let join = |max_rank: u8, form: usize, skip_rank0: bool| -> String {
        parts
            .iter()
            .filter(|p| p.rank <= max_rank && !(skip_rank0 && p.rank == 0))
            .filter_map(|p| p.forms.get(form).or(p.forms.last()))
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for skip_move in [false, true] {
        for form in [0, 1] {
            for &max_rank in ranks.iter().rev() {
                let line = join(max_rank, form, skip_move);
                if line.chars().count() <= width {
                    return line;
                }
            }
        }
    }
    String::new()
}

/// What can go wrong with the braille display. None of it stops a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisplayError {
    #[error(
        "this Rochade was built without the braille-display feature, so it cannot use a braille display (build it with --features braille-display)"
    )]
    NotBuilt,
    #[error(
        "no BRLTTY to show the braille display line at {place}: {reason}. Start BRLTTY with its BrlAPI, or set BRLAPI_HOST; Rochade goes on without the display"
    )]
    NoBrltty { place: String, reason: String },
    #[error(
        "BRLTTY at {place} did not answer within {ms} ms; Rochade goes on without the braille display"
    )]
    Timeout { place: String, ms: u128 },
    #[error(
        "BRLTTY runs at {place} but has no braille display connected; Rochade goes on without it"
    )]
    NoDisplay { place: String },
    #[error("the braille display was lost: {reason}; Rochade goes on without it")]
    Lost { reason: String },
}

/// How to reach BRLTTY and how long a line stays on the display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplaySettings {
    /// The BrlAPI host, as BRLTTY's `-A host=` gives it (`:0` the local socket 0,
    /// `host:1`); `None`: the `BRLAPI_HOST` environment variable, else the local default.
    pub host: Option<String>,
    /// How long a shown line stays before the display goes back to the screen reader (a key
    /// on the display gives it back sooner).
    pub hold: Duration,
    /// How long to wait for BRLTTY to answer.
    pub timeout: Duration,
}

impl Default for DisplaySettings {
    fn default() -> Self {
        DisplaySettings {
            host: None,
            hold: Duration::from_secs(10),
            timeout: Duration::from_secs(2),
        }
    }
}

impl DisplaySettings {
    /// Where BRLTTY is looked for, in words for errors.
    pub fn place(&self) -> String {
        match &self.host {
            Some(host) => format!("BrlAPI host {host}"),
            None => match std::env::var("BRLAPI_HOST") {
                Ok(host) if !host.trim().is_empty() => format!("BrlAPI host {host} (BRLAPI_HOST)"),
                _ => "the local BrlAPI socket".to_string(),
            },
        }
    }
}

/// A braille display reached through BRLTTY; see the module doc for how it shares the
/// display with the screen reader.
///
/// ```no_run
/// use rochade::clock::ClockReading;
/// use rochade::display::{BrailleDisplay, display_line};
/// use rochade::scoresheet::{Letters, Record};
/// use shakmaty::Color;
///
/// fn after_move(display: &mut Option<BrailleDisplay>, record: &Record, reading: &ClockReading) {
///     let Some(braille) = display else { return };
///     let line = display_line(record, Some(reading), Color::White, Letters::Bauk, braille.width());
///     if let Err(error) = braille.show(&line) {
///         eprintln!("{error}");
///         *display = None; // the game goes on without it
///     }
/// }
///
/// let mut display = BrailleDisplay::connect().map_err(|e| eprintln!("{e}")).ok();
/// # let (record, reading): (Record, ClockReading) = todo!();
/// after_move(&mut display, &record, &reading);
/// ```
#[derive(Debug)]
pub struct BrailleDisplay {
    #[cfg(feature = "braille-display")]
    inner: backend::Worker,
    #[cfg(not(feature = "braille-display"))]
    never: std::convert::Infallible,
}

impl BrailleDisplay {
    /// Connects to BRLTTY with the default settings.
    pub fn connect() -> Result<BrailleDisplay, DisplayError> {
        BrailleDisplay::connect_with(&DisplaySettings::default())
    }

    /// Connects to BRLTTY: fails at once when there is none, after `settings.timeout` when
    /// it does not answer, and when it has no display.
    pub fn connect_with(settings: &DisplaySettings) -> Result<BrailleDisplay, DisplayError> {
        #[cfg(feature = "braille-display")]
        {
            backend::Worker::start(settings.clone()).map(|inner| BrailleDisplay { inner })
        }
        #[cfg(not(feature = "braille-display"))]
        {
            let _ = settings;
            Err(DisplayError::NotBuilt)
        }
    }

    /// The cells of one line of the display, the `width` for [`display_line`].
    pub fn width(&self) -> usize {
        #[cfg(feature = "braille-display")]
        {
            self.inner.width()
        }
        #[cfg(not(feature = "braille-display"))]
        {
            match self.never {}
        }
    }

    /// Shows a line (BRF or Unicode braille, as [`display_line`] gives it) for the hold time;
    /// returns once it is on the display. After an error the display is gone for good: drop it.
    pub fn show(&mut self, line: &str) -> Result<(), DisplayError> {
        #[cfg(feature = "braille-display")]
        {
            self.inner.show(line)
        }
        #[cfg(not(feature = "braille-display"))]
        {
            let _ = line;
            match self.never {}
        }
    }
}

#[cfg(feature = "braille-display")]
mod backend {
    //! The BrlAPI side: a thread that owns the connection (a BrlAPI handle stays on the thread
    //! that opened it), takes the display for each line and gives it back.
    use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
    use std::sync::{Arc, Mutex, PoisonError};
    use std::thread::JoinHandle;
    use std::time::{Duration, Instant};

    use brlapi::{BrlApiError, Connection, ConnectionSettings, TtyMode};

    use super::{DisplayError, DisplaySettings, line_dots};

    /// The name BrlAPI gives BRLTTY's driver for "no braille display".
    const NO_BRAILLE_DRIVER: &str = "NoBraille";

    /// How often the holding thread looks for keys and new lines.
    const POLL: Duration = Duration::from_millis(50);

    /// A line to show, and where to say that it is shown.
    struct Request {
        line: String,
        done: Sender<Result<(), String>>,
    }

    /// Why the thread ended, when it ended on an error.
    type LostReason = Arc<Mutex<Option<String>>>;

    #[derive(Debug)]
    pub(super) struct Worker {
        width: usize,
        requests: Option<Sender<Request>>,
        thread: Option<JoinHandle<()>>,
        lost: LostReason,
        timeout: Duration,
    }

    impl Worker {
        pub(super) fn start(settings: DisplaySettings) -> Result<Worker, DisplayError> {
            let place = settings.place();
            let timeout = settings.timeout;
            let (ready_tx, ready_rx) = mpsc::channel();
            let (requests, requests_rx) = mpsc::channel::<Request>();
            let lost = LostReason::default();
            let thread_lost = Arc::clone(&lost);
            let thread = std::thread::Builder::new()
                .name("braille-display".into())
                .spawn(move || {
                    let reason = run(&settings, &ready_tx, &requests_rx);
                    if let Err(reason) = reason {
                        *thread_lost.lock().unwrap_or_else(PoisonError::into_inner) = Some(reason);
                    }
                })
                .map_err(|e| DisplayError::NoBrltty {
                    place: place.clone(),
                    reason: format!("could not start the display thread: {e}"),
                })?;
            // The connection attempt has its own timeout; this one is a margin over it.
            match ready_rx.recv_timeout(timeout + Duration::from_secs(1)) {
                Ok(Ok(width)) => Ok(Worker {
                    width,
                    requests: Some(requests),
                    thread: Some(thread),
                    lost,
                    timeout,
                }),
                Ok(Err(error)) => {
                    let _ = thread.join();
                    Err(error)
                }
                // The thread ends by itself when the connection attempt gives up.
                Err(RecvTimeoutError::Timeout) => Err(DisplayError::Timeout {
                    place,
                    ms: timeout.as_millis(),
                }),
                Err(RecvTimeoutError::Disconnected) => Err(DisplayError::NoBrltty {
                    place,
                    reason: "the display thread ended".into(),
                }),
            }
        }

        pub(super) fn width(&self) -> usize {
            self.width
        }

        pub(super) fn show(&mut self, line: &str) -> Result<(), DisplayError> {
            let (done, done_rx) = mpsc::channel();
            let request = Request {
                line: line.to_string(),
                done,
            };
            let sent = self
                .requests
                .as_ref()
                .is_some_and(|requests| requests.send(request).is_ok());
            let outcome = if sent {
                match done_rx.recv_timeout(self.timeout + POLL * 4) {
                    Ok(outcome) => outcome,
                    Err(RecvTimeoutError::Timeout) => Err(format!(
                        "BRLTTY did not take the line within {} ms",
                        self.timeout.as_millis()
                    )),
                    Err(RecvTimeoutError::Disconnected) => Err(self.lost_reason()),
                }
            } else {
                Err(self.lost_reason())
            };
            outcome.map_err(|reason| {
                // One failure ends the display: later lines get the same answer.
                self.requests = None;
                self.lost
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert_with(|| reason.clone());
                DisplayError::Lost { reason }
            })
        }

        fn lost_reason(&self) -> String {
            self.lost
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone()
                .unwrap_or_else(|| "the connection to BRLTTY ended".into())
        }
    }

    impl Drop for Worker {
        fn drop(&mut self) {
            // Closing the channel makes the thread give the display back and end (within one
            // poll).
            self.requests = None;
            if let Some(thread) = self.thread.take() {
                let _ = thread.join();
            }
        }
    }

    fn connect(settings: &DisplaySettings) -> Result<(Connection, usize), DisplayError> {
        let place = settings.place();
        let mut connection_settings = ConnectionSettings::with_timeout(settings.timeout);
        if let Some(host) = &settings.host {
            connection_settings.set_host(host.clone());
        }
        let connection =
            Connection::open_with_settings(Some(&connection_settings)).map_err(|e| match e {
                BrlApiError::ConnectionTimeout => DisplayError::Timeout {
                    place: place.clone(),
                    ms: settings.timeout.as_millis(),
                },
                other => DisplayError::NoBrltty {
                    place: place.clone(),
                    reason: match other {
                        // The crate's own words for these say nothing a player can act on.
                        BrlApiError::LibCError => "could not open the connection".into(),
                        BrlApiError::ConnectionRefused => "the connection was refused".into(),
                        other => other.to_string(),
                    },
                },
            })?;
        let (width, height) = connection
            .display_size()
            .map_err(|e| DisplayError::NoBrltty {
                place: place.clone(),
                reason: e.to_string(),
            })?;
        // BRLTTY answers with its NoBraille driver (one cell) while it has found no display.
        let driver = connection.display_driver().unwrap_or_default();
        if width == 0 || height == 0 || driver == NO_BRAILLE_DRIVER {
            return Err(DisplayError::NoDisplay { place });
        }
        Ok((connection, usize::try_from(width).unwrap_or(0)))
    }

    /// The thread: connect, say how wide the display is, then show lines until the display
    /// is dropped (`Ok`) or lost (`Err` with the reason).
    fn run(
        settings: &DisplaySettings,
        ready: &Sender<Result<usize, DisplayError>>,
        requests: &Receiver<Request>,
    ) -> Result<(), String> {
        let connection = match connect(settings) {
            Ok((connection, width)) => {
                if ready.send(Ok(width)).is_err() {
                    return Ok(());
                }
                connection
            }
            Err(error) => {
                let _ = ready.send(Err(error));
                return Ok(());
            }
        };
        while let Ok(request) = requests.recv() {
            hold(&connection, settings, request, requests)?;
        }
        Ok(())
    }

    /// Takes the display, shows the request's line and any that come during the hold, then
    /// gives the display back (leaving tty mode when `tty` drops). Every request is answered.
    fn hold(
        connection: &Connection,
        settings: &DisplaySettings,
        first: Request,
        requests: &Receiver<Request>,
    ) -> Result<(), String> {
        let tty = match TtyMode::enter_auto(connection, None) {
            Ok((tty, _number)) => tty,
            Err(e) => {
                let reason = format!("BRLTTY did not give Rochade the display: {e}");
                let _ = first.done.send(Err(reason.clone()));
                return Err(reason);
            }
        };
        let keys = tty.key_reader();
        let mut request = first;
        loop {
            let written = write(connection, &tty, &request.line);
            let _ = request.done.send(written.clone());
            written?;
            let until = Instant::now() + settings.hold;
            // Hold the line until the time is up, a key is pressed, or a new line comes.
            request = loop {
                match requests.try_recv() {
                    Ok(new) => break new,
                    Err(TryRecvError::Disconnected) => return Ok(()),
                    Err(TryRecvError::Empty) => {}
                }
                if Instant::now() >= until {
                    return Ok(());
                }
                match keys.read_key(false) {
                    Ok(Some(_key)) => return Ok(()),
                    Ok(None) => std::thread::sleep(POLL),
                    Err(e) => return Err(format!("reading the display's keys failed: {e}")),
                }
            };
        }
    }

    /// Writes a line as dots, padded to the display's size as BRLTTY reports it now (a
    /// display may have been swapped for one of another size; BrlAPI reads exactly that many).
    fn write(connection: &Connection, tty: &TtyMode<'_>, line: &str) -> Result<(), String> {
        let (width, height) = connection
            .display_size()
            .map_err(|e| format!("BRLTTY did not say the display's size: {e}"))?;
        let cells = usize::try_from(width.saturating_mul(height)).unwrap_or(0);
        if cells == 0 {
            return Err("BRLTTY has no braille display any more".into());
        }
        tty.writer()
            .write_dots(&line_dots(line, cells))
            .map_err(|e| format!("writing to the display failed: {e}"))
    }
}
