use clap::{CommandFactory, FromArgMatches};

fn main() -> std::process::ExitCode {
    // A Vosk model without a record of its files is first tried by this executable in a
    // child process (rochade::models::integrity); /proc/self/exe names it even if the file
    // was replaced while Rochade runs.
    let this = std::path::Path::new("/proc/self/exe");
    let program = if this.exists() {
        Some(this.to_path_buf())
    } else {
        std::env::current_exe().ok()
    };
    if let Some(program) = program {
        rochade::models::integrity::set_probe_program(program);
    }
    let matches = rochade::cli::Cli::command().get_matches();
    let cli = match rochade::cli::Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(err) => err.exit(),
    };
    match rochade::cli::run(cli, &matches) {
        Ok(code) => std::process::ExitCode::from(code.clamp(0, 255) as u8),
        Err(err) => {
            rochade::diagnostics::error(&format!("rochade: {err:#}"));
            std::process::ExitCode::from(1)
        }
    }
}
