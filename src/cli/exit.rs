//! How the binary ends: exit statuses, the error on stderr (within 100 columns), the JSON
//! error document, and the quiet end of a closed pipe.

use std::io::Write;

use sargon_z80::text::{MAX_WIDTH, hanging};

use super::output::OutputError;

/// Every comparison agreed (or the command did what it was asked).
pub const OK: i32 = 0;
/// The image and the reference disagree.
pub const MISMATCH: i32 = 1;
/// Bad input or usage, a failing image, an unwritable output, or nothing was checked.
pub const INPUT: i32 = 2;
/// Interrupted by Ctrl-C (128 + SIGINT, as a shell reports it).
pub const INTERRUPTED: i32 = 130;
/// The reader of standard output went away (128 + SIGPIPE, as a shell reports it).
pub const CLOSED_PIPE: i32 = 141;

/// Lets a closed pipe end the program the way it ends Unix tools: by SIGPIPE, silently, at
/// once (Rust ignores the signal, which turns every later write into an error instead).
pub fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any thread exists; SIG_DFL is a valid action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// True when the command line asks for JSON: then standard output carries one JSON document
/// whatever happens, errors included.
pub fn wants_json(args: &[std::ffi::OsString]) -> bool {
    args.iter().skip(1).any(|arg| arg == "--json")
}

/// Reports `err` (stderr, and stdout as `{"error": ...}` when `json`) and returns the status.
pub fn fail(err: &anyhow::Error, json: bool) -> i32 {
    if let Some(output) = err.chain().find_map(|e| e.downcast_ref::<OutputError>()) {
        if output.is_closed_pipe() {
            return CLOSED_PIPE;
        }
        // Standard output is what failed: no JSON document can reach it.
        error_line(&format!("{err:#}"));
        return INPUT;
    }
    error(&format!("{err:#}"), json);
    INPUT
}

/// Prints an error message: `error: MESSAGE` on stderr, and `{"error": MESSAGE}` on stdout
/// when `json`.
pub fn error(message: &str, json: bool) {
    error_line(message);
    if json {
        error_document(message);
    }
}

/// `{"error": MESSAGE}` on stdout.
pub fn error_document(message: &str) {
    let document = serde_json::json!({ "error": message });
    let mut stdout = std::io::stdout().lock();
    // A JSON error that cannot be written has nowhere left to go; stderr has the message.
    let _ = writeln!(stdout, "{document:#}").and_then(|()| stdout.flush());
}

/// A line on stderr (a report, progress); a stderr that cannot be written (full, closed) is
/// given up on, as the program's result does not depend on it.
pub fn note(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

/// `hint: MESSAGE` on stderr, after an error, fitted as [`fitted`] fits an error.
pub fn hint(message: &str) {
    note(&fitted(&format!("hint: {message}")));
}

/// `error: MESSAGE` on stderr, fitted to a report's width; a stderr that cannot be written is
/// given up on.
fn error_line(message: &str) {
    note(&fitted(&format!("error: {message}")));
}

/// The longest label a fitted line goes on under (`error: `, `hint: `).
const MAX_LABEL: usize = 8;

/// `text` in lines within a report's width ([`MAX_WIDTH`]): each line broken between words,
/// going on under the text after its label (`error: `, or a `hint: ` line of the message's
/// own); a `replay: ` line stays whole, so that the command can be copied. A script still
/// finds the error by its first line, and the JSON document has the message unbroken.
fn fitted(text: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("replay: ") {
                return line.to_string();
            }
            let label = line.find(": ").map_or(0, |at| at + 2);
            let indent = if label <= MAX_LABEL { label } else { 0 };
            hanging(line, indent, MAX_WIDTH)
        })
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_go_on_under_their_label_and_replays_stay_whole() {
        let long = format!(
            "error: runaway code: {}PC = 0x0100 in DRIVER",
            "word ".repeat(20)
        );
        let text = fitted(&format!("{long}\nreplay: {}", "x ".repeat(60)));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].starts_with("error: runaway code: word"));
        assert!(lines[0].chars().count() <= MAX_WIDTH);
        assert!(lines[1].starts_with("       word"), "{text}");
        assert!(lines[2].starts_with("replay: x x"));
        assert_eq!(fitted("error: short"), "error: short");
    }

    #[test]
    fn json_is_asked_by_the_flag_only() {
        let args =
            |words: &[&str]| -> Vec<std::ffi::OsString> { words.iter().map(Into::into).collect() };
        assert!(wants_json(&args(&["sargon-z80", "perft", "3", "--json"])));
        assert!(!wants_json(&args(&["sargon-z80", "perft", "3"])));
        assert!(!wants_json(&args(&["--json"])));
    }

    #[test]
    fn a_closed_pipe_is_quiet_and_a_full_disk_an_input_error() {
        let closed = anyhow::Error::new(OutputError(std::io::ErrorKind::BrokenPipe.into()));
        assert_eq!(fail(&closed, false), CLOSED_PIPE);
        let full = anyhow::Error::new(OutputError(std::io::Error::from_raw_os_error(28)));
        assert_eq!(fail(&full.context("while printing"), true), INPUT);
    }
}
