//! The `sargon-z80` binary.

mod cli;

fn main() -> std::process::ExitCode {
    match cli::run() {
        Ok(code) => std::process::ExitCode::from(code as u8),
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::from(2)
        }
    }
}
