//! Keeps the computer from sleeping while a game runs: a logind inhibitor lock ("sleep:idle",
//! mode "block"), held by `systemd-inhibit` running a child that lives as long as a pipe from
//! Rochade stays open. Releasing the lock closes the pipe; so does Rochade's end, however it
//! ends (a crash included), so the lock never outlives the game. Without logind (a container,
//! a system without systemd) the lock cannot be taken: the caller says so and the game goes
//! on.
use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a lock holder that fails is given to fail (systemd-inhibit without logind ends
/// at once); one that is still running then holds the lock.
const SETTLE: Duration = Duration::from_millis(300);

/// The command that holds the lock: `systemd-inhibit` running `cat`, which ends when its
/// standard input (Rochade's pipe) closes.
pub fn inhibit_command(why: &str) -> Vec<String> {
    vec![
        "systemd-inhibit".into(),
        "--what=sleep:idle".into(),
        "--who=Rochade".into(),
        format!("--why={why}"),
        "--mode=block".into(),
        "cat".into(),
    ]
}

/// A held lock: the holding process, ended when this is dropped.
#[derive(Debug)]
pub struct SleepInhibitor {
    child: Option<Child>,
}

impl SleepInhibitor {
    /// Takes the lock (see [`inhibit_command`]); `Err` says why it could not.
    pub fn acquire(why: &str) -> Result<SleepInhibitor, String> {
        SleepInhibitor::hold(&inhibit_command(why))
    }

    /// Runs `argv` as the holder of a lock: it holds while its standard input is open. `Err`
    /// when it cannot start or ends by itself within a moment (with what it said).
    pub fn hold(argv: &[String]) -> Result<SleepInhibitor, String> {
        let (program, args) = argv.split_first().ok_or("no command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{program} cannot be started: {e}"))?;
        let started = Instant::now();
        while started.elapsed() < SETTLE {
            if let Ok(Some(status)) = child.try_wait() {
                let mut said = String::new();
                if let Some(mut err) = child.stderr.take() {
                    let _ = err.read_to_string(&mut said);
                }
                let said = said.trim();
                return Err(if said.is_empty() {
                    format!("{program} ended ({status})")
                } else {
                    format!("{program}: {said}")
                });
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(SleepInhibitor { child: Some(child) })
    }

    /// The holding process's id.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Gives the lock back: the pipe is closed, and the holder ends.
    pub fn release(&mut self) {
        if let Some(mut child) = self.child.take() {
            drop(child.stdin.take());
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for SleepInhibitor {
    fn drop(&mut self) {
        self.release();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_is_asked_of_logind_for_sleep_and_idle() {
        assert_eq!(
            inhibit_command("Schachpartie läuft"),
            [
                "systemd-inhibit",
                "--what=sleep:idle",
                "--who=Rochade",
                "--why=Schachpartie läuft",
                "--mode=block",
                "cat"
            ]
        );
    }

    fn alive(pid: u32) -> bool {
        // A process that has ended and been reaped has no /proc entry; a zombie is not alive.
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            !stat
                .rsplit(')')
                .next()
                .unwrap_or("")
                .trim()
                .starts_with('Z')
        })
    }

    #[test]
    fn the_holder_lives_until_the_lock_is_released() {
        let mut lock = SleepInhibitor::hold(&["cat".to_string()]).expect("cat holds");
        let pid = lock.pid().expect("a holder");
        assert!(alive(pid));
        lock.release();
        assert!(!alive(pid), "the holder still runs");
    }

    #[test]
    fn a_holder_that_ends_at_once_is_an_error_with_what_it_said() {
        let err = SleepInhibitor::hold(&[
            "sh".to_string(),
            "-c".to_string(),
            "echo no logind here >&2; exit 1".to_string(),
        ])
        .expect_err("it ended");
        assert_eq!(err, "sh: no logind here");
        let missing = SleepInhibitor::hold(&["/nonexistent/inhibit".to_string()])
            .expect_err("no such program");
        assert!(missing.contains("cannot be started"), "{missing}");
    }
}
