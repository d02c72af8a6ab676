//! `rochade install-service`: installs the systemd user unit of `rochade service` for the
//! user who runs it: `~/.config/systemd/user/rochade.service` (the repository's
//! `packaging/rochade.service`, starting this program by its absolute path), enabled for the
//! graphical session. With a running user manager that is `systemctl --user enable`;
//! without one (a first set-up, a test) the link that `enable` makes is made here, and the
//! service starts at the next login.
use std::path::{Path, PathBuf};

use clap::Args;

use crate::catalog::Catalog;
use crate::lang::Lang;

/// The unit the Debian package installs, with `/usr/bin/rochade` as its program.
pub const UNIT: &str = include_str!("../../packaging/rochade.service");

/// The unit's name.
pub const UNIT_NAME: &str = "rochade.service";

/// The program of the packaged unit, replaced by the one installed.
const PACKAGED_PROGRAM: &str = "/usr/bin/rochade";

/// The target whose start starts the service.
const WANTED_BY: &str = "graphical-session.target";

/// The settings of `rochade install-service`.
#[derive(Debug, Args)]
pub struct InstallServiceArgs {
    /// The rochade program the service starts, or the folder that holds it (default: this
    /// program).
    #[arg(long = "prefix-bin", value_name = "PATH")]
    pub prefix_bin: Option<PathBuf>,
    /// Options of every game of the service, those of `rochade play` (added to ExecStart
    /// after `service`).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "SERVICE OPTIONS"
    )]
    pub service_options: Vec<String>,
    /// The language of the lines printed.
    #[arg(long, default_value = "de")]
    pub lang: Lang,
}

/// The unit for `program` started with `options`: the packaged one with its ExecStart line
/// changed.
pub fn unit_for(program: &Path, options: &[String]) -> String {
    let mut exec = vec![
        quoted(&program.display().to_string()),
        "service".to_string(),
    ];
    exec.extend(options.iter().map(|o| quoted(o)));
    UNIT.lines()
        .map(|line| {
            if line.starts_with(&format!("ExecStart={PACKAGED_PROGRAM} ")) {
                format!("ExecStart={}", exec.join(" "))
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// A word of an ExecStart line: quoted when it holds a space, a quote, a backslash or `$`
/// or `%` (which systemd would expand).
fn quoted(word: &str) -> String {
    let plain = !word.is_empty()
        && !word
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '"' | '\'' | '\\' | '$' | '%' | ';'));
    if plain {
        return word.to_string();
    }
    let mut out = String::from("\"");
    for c in word.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '$' => out.push_str("$$"),
            '%' => out.push_str("%%"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `$XDG_CONFIG_HOME/systemd/user`, or `~/.config/systemd/user`.
fn user_unit_dir() -> anyhow::Result<PathBuf> {
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".config"))
        })
        .ok_or_else(|| anyhow::anyhow!("neither XDG_CONFIG_HOME nor HOME is set"))?;
    Ok(config.join("systemd").join("user"))
}

/// Whether the user's service manager runs (its private socket is there).
fn user_manager_runs() -> bool {
    std::env::var_os("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .is_some_and(|d| d.join("systemd").join("private").exists())
}

pub fn run(args: InstallServiceArgs) -> anyhow::Result<i32> {
    let catalog = Catalog::builtin(args.lang);
    let program = match args.prefix_bin {
        Some(p) if p.is_dir() => p.join("rochade"),
        Some(p) => p,
        None => std::env::current_exe()?,
    };
    let program = std::path::absolute(&program)?;
    let dir = user_unit_dir()?;
    std::fs::create_dir_all(&dir)?;
    let unit_path = dir.join(UNIT_NAME);
    std::fs::write(&unit_path, unit_for(&program, &args.service_options))?;
    println!(
        "{}",
        catalog.text(
            "install-service-written",
            &[("path", unit_path.display().to_string().into())]
        )
    );
    let enabled_by_systemctl = user_manager_runs()
        && std::process::Command::new("systemctl")
            .args(["--user", "daemon-reload"])
            .status()
            .is_ok_and(|s| s.success())
        && std::process::Command::new("systemctl")
            .args(["--user", "enable", UNIT_NAME])
            .status()
            .is_ok_and(|s| s.success());
    if enabled_by_systemctl {
        println!("{}", catalog.text("install-service-enabled-systemctl", &[]));
    } else {
        // What `systemctl --user enable` makes: the link in the target's wants folder.
        let wants = dir.join(format!("{WANTED_BY}.wants"));
        std::fs::create_dir_all(&wants)?;
        let link = wants.join(UNIT_NAME);
        if link.symlink_metadata().is_ok() {
            std::fs::remove_file(&link)?;
        }
        std::os::unix::fs::symlink(&unit_path, &link)?;
        println!(
            "{}",
            catalog.text(
                "install-service-enabled",
                &[("path", link.display().to_string().into())]
            )
        );
    }
    println!("{}", catalog.text("install-service-start", &[]));
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_unit_starts_the_given_program_and_keeps_the_rest() {
        let unit = unit_for(
            Path::new("/opt/my games/rochade"),
            &["--time-control".into(), "rapid".into()],
        );
        assert!(
            unit.contains("\nExecStart=\"/opt/my games/rochade\" service --time-control rapid\n"),
            "{unit}"
        );
        assert!(unit.contains("\nRestart=on-failure\n"));
        assert!(unit.contains("\nWantedBy=graphical-session.target\n"));
        assert_eq!(unit.matches("ExecStart=").count(), 1);
        assert_eq!(quoted("100%"), "\"100%%\"");
    }
}
