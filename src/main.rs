//! The `sargon-z80` binary.

#![deny(clippy::print_stdout)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
