//! Shared by the tests that drive `rochade play` as a child process: its output, line by
//! line, on a channel, so that a test can wait for a line with a deadline.
#![allow(dead_code)]
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

/// The lines of `output` (a child's stdout or stderr), read on their own thread.
pub fn lines(output: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    forward(output, tx, "");
    rx
}

/// Sends the lines of `output` to `tx`, each with `prefix` before it (to merge stdout and
/// stderr into one stream).
pub fn forward(output: impl Read + Send + 'static, tx: Sender<String>, prefix: &'static str) {
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines().map_while(Result::ok) {
            if tx.send(format!("{prefix}{line}")).is_err() {
                break;
            }
        }
    });
}

/// Starts `command` (a `rochade` run) with the recognizer's log on, its stdin piped, and its
/// stdout and stderr (lines prefixed `[stderr] `) merged into one stream of lines.
pub fn spawn_merged(mut command: Command) -> (Child, Receiver<String>) {
    let mut child = command
        .env("ROCHADE_VOICE_LOG", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rochade starts");
    let (tx, rx) = channel();
    forward(child.stdout.take().expect("stdout"), tx.clone(), "");
    forward(child.stderr.take().expect("stderr"), tx, "[stderr] ");
    (child, rx)
}

/// Waits up to `within` for a line that `want` accepts; every line read is kept in `seen`
/// (for the failure message). `None` when the deadline passes or the child's output ends.
pub fn wait_for(
    lines: &Receiver<String>,
    seen: &mut Vec<String>,
    within: Duration,
    want: impl Fn(&str) -> bool,
) -> Option<String> {
    let deadline = Instant::now() + within;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(line) => {
                seen.push(line.clone());
                if want(&line) {
                    return Some(line);
                }
            }
            Err(_) => return None,
        }
    }
    None
}

/// Writes `line` to the child's standard input and flushes it.
pub fn send_line(child: &mut std::process::Child, line: &str) -> std::io::Result<()> {
    use std::io::Write;
    let stdin = child
        .stdin
        .as_mut()
        .ok_or_else(|| std::io::Error::other("the child has no standard input"))?;
    writeln!(stdin, "{line}")?;
    stdin.flush()
}

/// Whether `line` matches `pattern`, where `*` stands for any text (and nothing else is
/// special): `"An Sie: *"`, `"[stderr] [*] voice: GrammarSet*"`.
pub fn glob(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let (first, rest) = parts.split_first().unwrap_or((&"", &[]));
    let Some(mut left) = line.strip_prefix(first) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return left.is_empty();
    };
    for part in middle {
        match left.find(part) {
            Some(i) => left = &left[i + part.len()..],
            None => return false,
        }
    }
    left.ends_with(last)
}

/// The moves a journal holds, as `rochade replay` makes them, in UCI.
pub fn journal_moves(journal: &std::path::Path) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_rochade"))
        .arg("replay")
        .arg(journal)
        .output()
        .expect("replay runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["kind"] == "made")
        .map(|v| v["uci"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// A small deterministic random source (xorshift64*), so that a failure can be rerun.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }
}

/// Whether the test runs as root: mounting needs it (CI runs as root).
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Runs a program that must succeed (a mount, a mkfs).
pub fn run(program: &str, args: &[&str]) {
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} cannot run: {e}"));
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A file system mounted for one test, unmounted (lazily, in case the game still holds its
/// journal) when dropped.
pub struct Mounted {
    pub dir: tempfile::TempDir,
}

impl Mounted {
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

/// A tmpfs of `kib` KiB.
pub fn tmpfs(kib: u32) -> Mounted {
    let dir = tempfile::tempdir().expect("tempdir");
    let size = format!("size={kib}k");
    let target = dir.path().to_string_lossy().into_owned();
    run("mount", &["-t", "tmpfs", "-o", &size, "tmpfs", &target]);
    Mounted { dir }
}
