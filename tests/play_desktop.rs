//! A game on a laptop (issue 15 item 6): the player hears when the battery runs low (a
//! power-supply folder of our own, as the kernel lays it out), and the computer is kept from
//! sleeping while the game runs: a `systemd-inhibit` child holds logind's lock until the game
//! ends, or, where there is no logind (a container), a warning with its level says so on
//! standard error and the game goes on.
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

fn spawn_play(games: &Path, power: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_rochade"))
        .args(["play", "--speech", "off", "--time-control", "300+2"])
        .arg("--games-dir")
        .arg(games)
        .env("ROCHADE_POWER_SUPPLY_DIR", power)
        .env("XDG_CONFIG_HOME", games.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("play starts")
}

fn battery(power: &Path, capacity: &str, status: &str) {
    let bat = power.join("BAT0");
    std::fs::create_dir_all(&bat).expect("mkdir");
    std::fs::write(bat.join("type"), "Battery\n").expect("type");
    std::fs::write(bat.join("capacity"), format!("{capacity}\n")).expect("capacity");
    std::fs::write(bat.join("status"), format!("{status}\n")).expect("status");
}

/// The process ids of `pid`'s children.
fn children(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    if let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) {
        for task in tasks.flatten() {
            if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
                out.extend(
                    list.split_whitespace()
                        .filter_map(|p| p.parse::<u32>().ok()),
                );
            }
        }
    }
    out
}

fn comm(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .unwrap_or_default()
        .trim()
        .to_string()
}

#[test]
fn a_low_battery_is_said_and_the_computer_does_not_sleep_during_the_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let power = dir.path().join("power_supply");
    battery(&power, "15", "Discharging");
    let mut play = spawn_play(dir.path(), &power);
    // Let it start (and the lock be taken, or refused).
    std::thread::sleep(Duration::from_millis(1500));
    let holders: Vec<u32> = children(play.id())
        .into_iter()
        .filter(|c| comm(*c) == "systemd-inhibit")
        .collect();
    writeln!(play.stdin.as_mut().expect("stdin"), "Zeit\nEnde").expect("typed");
    let out = play.wait_with_output().expect("play ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains(
            "An Sie: Der Akku hat noch fünfzehn Prozent. Bitte bald das Netzteil anschließen.\n"
        ),
        "{stdout}"
    );
    // The game went on: the time request was answered.
    assert!(stdout.contains("An Sie: Sie: fünf Minuten"), "{stdout}");
    let refused = stderr.contains("warning: the computer may go to sleep during the game");
    if refused {
        // No logind here: said with its level, and no holder was left running.
        assert!(holders.is_empty(), "{holders:?}");
    } else {
        assert_eq!(holders.len(), 1, "no lock holder and no warning: {stderr}");
        // The holder ended with the game.
        assert!(
            comm(holders[0]) != "systemd-inhibit",
            "systemd-inhibit still runs"
        );
    }
}

#[test]
fn a_battery_that_charges_is_not_warned_about() {
    let dir = tempfile::tempdir().expect("tempdir");
    let power = dir.path().join("power_supply");
    battery(&power, "8", "Charging");
    let mut play = spawn_play(dir.path(), &power);
    writeln!(play.stdin.as_mut().expect("stdin"), "Zeit\nEnde").expect("typed");
    let out = play.wait_with_output().expect("play ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("An Sie: Sie: fünf Minuten"), "{stdout}");
    assert!(!stdout.contains("Akku"), "{stdout}");
}
