//! No braille display to be had: with no BRLTTY listening, `connect` fails at once with an
//! error that names BRLTTY (never a hang or a panic); a build without the `braille-display`
//! feature says that it was built without it.
use std::path::Path;
use std::time::{Duration, Instant};

use rochade::display::{BrailleDisplay, DisplayError, DisplaySettings};

/// A local BrlAPI socket number nobody listens on.
fn unused_local_host() -> String {
    let number = (59_000..60_000)
        .find(|n| !Path::new(&format!("/var/lib/BrlAPI/{n}")).exists())
        .unwrap();
    format!(":{number}")
}

fn connect_to(host: String) -> DisplayError {
    let settings = DisplaySettings {
        host: Some(host),
        ..DisplaySettings::default()
    };
    let started = Instant::now();
    let error = BrailleDisplay::connect_with(&settings).unwrap_err();
    // A guard against hanging (the settings allow 2 s), not a speed goal.
    assert!(started.elapsed() < Duration::from_secs(10), "{error}");
    error
}

#[cfg(feature = "braille-display")]
#[test]
fn without_brltty_connect_fails_with_an_error_naming_brltty() {
    // The local socket of BRLTTY's BrlAPI, and a TCP port on the loopback (BrlAPI port 4101 +
    // 59), neither with a BRLTTY behind it.
    for host in [unused_local_host(), "127.0.0.1:59".to_string()] {
        let error = connect_to(host.clone());
        assert!(
            matches!(error, DisplayError::NoBrltty { .. }),
            "{host}: {error:?}"
        );
        let message = error.to_string();
        eprintln!("{message}");
        assert!(message.contains("BRLTTY"), "{message}");
        assert!(message.contains(&host), "{message}");
        assert!(message.contains("goes on without the display"), "{message}");
    }
}

#[cfg(not(feature = "braille-display"))]
#[test]
fn without_the_feature_connect_says_how_it_was_built() {
    for error in [
        connect_to(unused_local_host()),
        BrailleDisplay::connect().unwrap_err(),
    ] {
        assert_eq!(error, DisplayError::NotBuilt);
        assert!(
            error
                .to_string()
                .contains("built without the braille-display feature"),
            "{error}"
        );
    }
}

#[test]
fn every_error_says_what_to_do() {
    let place = "BrlAPI host :7".to_string();
    for error in [
        DisplayError::NotBuilt,
        DisplayError::NoBrltty {
            place: place.clone(),
            reason: "connection refused".into(),
        },
        DisplayError::Timeout {
            place: place.clone(),
            ms: 2000,
        },
        DisplayError::NoDisplay {
            place: place.clone(),
        },
        DisplayError::Lost {
            reason: "the connection to BRLTTY ended".into(),
        },
    ] {
        let message = error.to_string();
        assert!(
            message.contains("without") || message.contains("Rochade goes on"),
            "{message}"
        );
        if !matches!(error, DisplayError::NotBuilt | DisplayError::Lost { .. }) {
            assert!(message.contains(&place), "{message}");
        }
    }
}
