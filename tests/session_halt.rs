//! A session whose journal stops taking lines (`Session::feed` on a write failure): the event
//! is not handled, later events are refused, nothing is due; `retry_journal` journals the stop
//! dated at the failure and a resumption, and the journal replays to the same game and the
//! same clocks. The failure is a file size limit (RLIMIT_FSIZE: EFBIG, as a full disk fails a
//! write, without root); it holds for the whole process, so this file has one test.
use rochade::assistant::protocol::{Effect, Event, Heard, Played, StartSpec, TimedEffect};
use rochade::session::{FeedError, Session, check_journal};
use shakmaty::Color;

fn heard(text: &str) -> Event {
    Event::Heard(Heard::Text(text.into()))
}

fn made(effects: &[TimedEffect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(&e.effect, Effect::Made { uci, .. } if uci == "e2e4"))
}

/// Files may grow to `bytes` from now on (`None`: as far as the hard limit allows).
fn limit_file_size(bytes: Option<u64>) {
    // SAFETY: plain system calls on this process's own limits and signal disposition.
    unsafe {
        // A write over the limit fails with EFBIG instead of killing the process.
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut limit), 0);
        limit.rlim_cur = bytes.map_or(limit.rlim_max, |b| b.min(limit.rlim_max));
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &limit), 0);
    }
}

#[test]
fn a_journal_that_fails_halts_the_game_and_it_goes_on_with_the_clocks_stopped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.jsonl");
    let mut s = Session::create(Some(&path)).expect("session");
    let mut spec = StartSpec::new(Color::White);
    spec.time_control = Some("600+0".into());
    spec.confirm_ms = 2000;
    spec.window_after_playback = true;
    s.feed(Event::Start(Box::new(spec)), 0).expect("start");
    let said = s.feed(heard("Eva vier"), 1000).expect("heard");
    let played = said
        .iter()
        .find_map(|e| e.effect.read_back())
        .expect("a read-back");
    s.feed(Event::Played(played), 1500).expect("played");
    // The window would pass at 3500.

    let size = std::fs::metadata(&path).expect("journal").len();
    limit_file_size(Some(size + 10));
    // "ja" cannot be journaled: not handled, the move not made, the session halted.
    match s.feed(heard("ja"), 2000) {
        Err(FeedError::Journal(e)) => assert!(e.is_write_failure(), "{e}"),
        other => panic!("expected a journal failure, got {other:?}"),
    }
    let halt = s.halted().cloned().expect("halted");
    assert_eq!(halt.at, 2000);
    assert!(s.assistant().game().expect("game").moves().is_empty());
    // Nothing of the failed line stays in the file.
    assert_eq!(std::fs::metadata(&path).expect("journal").len(), size);
    // Refused while halted, and nothing is due: the window that passed at 3500 makes nothing.
    assert!(matches!(
        s.feed(heard("ja"), 2500),
        Err(FeedError::Halted { .. })
    ));
    assert!(s.tick(5000).expect("tick").is_empty());
    assert!(s.retry_journal(6000).is_err());
    assert!(s.halted().is_some());
    assert!(s.assistant().game().expect("game").moves().is_empty());

    // Room again: the stop is journaled at the failure, then the resumption.
    limit_file_size(None);
    let effects = s.retry_journal(7000).expect("written again");
    assert!(s.halted().is_none());
    assert!(!made(&effects), "{effects:?}");
    let again = effects
        .iter()
        .find_map(|e| e.effect.read_back())
        .expect("the read-back is said again");
    // The clocks stand from the failure: White has used 2 s of its 10 min.
    for at in [7000, 9000] {
        let clocks = s.assistant().clock_reading(at).expect("clocks");
        assert!(clocks.paused, "{clocks:?}");
        assert_eq!(clocks.white_ms, 598_000);
    }
    // A fresh window from the read-back said again.
    s.feed(
        Event::Played(Played {
            read_back: again.read_back,
            uci: again.uci.clone(),
        }),
        7500,
    )
    .expect("played");
    assert!(!made(&s.tick(9400).expect("tick")));
    assert!(made(&s.tick(9600).expect("tick")));
    let live = s.assistant().clock_reading(10_000).expect("clocks");
    drop(s);

    // The journal has no damage and replays to the same game and clocks.
    let check = check_journal(&path).expect("check");
    assert!(!check.is_damaged() && check.torn.is_none(), "{check:?}");
    let text = std::fs::read_to_string(&path).expect("journal");
    let pause = text
        .lines()
        .find(|l| l.contains("\"arbiter\":\"pause\""))
        .expect("the stop is journaled");
    assert!(pause.contains("\"at\":2000"), "{pause}");
    let (resumed, _) = Session::resume(&path, false).expect("resume");
    let moves = resumed.assistant().game().expect("game").moves().len();
    assert_eq!(moves, 1);
    let replayed = resumed.assistant().clock_reading(10_000).expect("clocks");
    assert_eq!(
        (replayed.white_ms, replayed.black_ms, replayed.paused),
        (live.white_ms, live.black_ms, live.paused)
    );
}
