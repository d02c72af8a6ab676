//! `rochade install-service` in a private HOME, on a machine with no user service manager
//! (as CI and these machines are): it writes the unit with this program's absolute path,
//! enables it by the link `systemctl --user enable` makes, and `systemd-analyze verify`
//! accepts the unit it wrote (systemd's own check, needing no manager).
use std::path::Path;
use std::process::Command;

#[test]
fn install_service_writes_an_enabled_unit_that_systemd_accepts() {
    let root = tempfile::tempdir().expect("tempdir");
    let home = root.path().join("home");
    let runtime = root.path().join("run");
    std::fs::create_dir_all(&home).expect("home");
    std::fs::create_dir_all(&runtime).expect("runtime");
    let program = Path::new(env!("CARGO_BIN_EXE_rochade"));
    let out = Command::new(program)
        .args(["install-service", "--", "--time-control", "rapid"])
        .env("HOME", &home)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env_remove("XDG_CONFIG_HOME")
        .output()
        .expect("install-service runs");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let units = home.join(".config/systemd/user");
    let unit = units.join("rochade.service");
    let text = std::fs::read_to_string(&unit).expect("the unit is written");
    assert!(
        text.contains(&format!(
            "\nExecStart={} service --time-control rapid\n",
            program.display()
        )),
        "{text}"
    );
    assert!(text.contains("\nRestart=on-failure\n"), "{text}");
    assert!(
        text.contains("\nPartOf=graphical-session.target\n"),
        "{text}"
    );
    let link = units.join("graphical-session.target.wants/rochade.service");
    assert_eq!(
        std::fs::read_link(&link).expect("enabled: the wants link"),
        unit
    );
    assert!(printed.contains(&unit.display().to_string()), "{printed}");
    assert!(printed.contains(&link.display().to_string()), "{printed}");

    // systemd's check of the unit (setup.sh installs systemd); a bad line or a program that
    // is not there makes it fail.
    let verify = |args: &[&str]| {
        Command::new("systemd-analyze")
            .args(args)
            .arg(&unit)
            .env("HOME", &home)
            .env("XDG_RUNTIME_DIR", &runtime)
            .output()
            .expect("systemd-analyze runs (install the systemd package: scripts/setup.sh)")
    };
    for args in [&["--user", "verify"][..], &["verify"][..]] {
        let checked = verify(args);
        assert!(
            checked.status.success() && checked.stderr.is_empty(),
            "systemd-analyze {args:?}: {}{}",
            String::from_utf8_lossy(&checked.stdout),
            String::from_utf8_lossy(&checked.stderr)
        );
    }
    // The check can fail: the same unit with a program that is not there.
    std::fs::write(
        &unit,
        text.replace(&program.display().to_string(), "/nonexistent/rochade"),
    )
    .expect("rewrite");
    assert!(!verify(&["--user", "verify"]).status.success());

    // Installing again replaces both, and the packaged unit is the same but for its program.
    let again = Command::new(program)
        .args(["install-service", "--prefix-bin", "/usr/bin"])
        .env("HOME", &home)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env_remove("XDG_CONFIG_HOME")
        .output()
        .expect("install-service runs");
    assert!(again.status.success());
    let packaged = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/rochade.service"),
    )
    .expect("packaging/rochade.service");
    assert_eq!(std::fs::read_to_string(&unit).expect("unit"), packaged);
}
