use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = rochade::cli::Cli::parse();
    match rochade::cli::run(cli) {
        Ok(code) => std::process::ExitCode::from(code.clamp(0, 255) as u8),
        Err(err) => {
            eprintln!("rochade: {err:#}");
            std::process::ExitCode::from(1)
        }
    }
}
