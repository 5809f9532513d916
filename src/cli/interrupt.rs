//! Ctrl-C during a long run: the first one asks the run to stop after the work in hand, so
//! that it can print what it did and how to go on (exit status 130); a second one ends the
//! program at once. Commands that cannot stop midway print their progress and end at once.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Set when the run should stop: by Ctrl-C, or by the command itself (an output error).
static STOP: AtomicBool = AtomicBool::new(false);
/// Set by Ctrl-C only.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// When the first Ctrl-C came.
static FIRST: OnceLock<Instant> = OnceLock::new();
/// A second SIGINT sooner than this after the first is the same Ctrl-C arriving twice (a
/// signal sent to the process group, as `timeout -s INT` does), not a person asking again:
/// their second Ctrl-C comes seconds later.
const ECHO: Duration = Duration::from_millis(200);
/// What a command that cannot stop midway was doing, printed when Ctrl-C ends it.
static DOING: Mutex<String> = Mutex::new(String::new());

/// How a command answers Ctrl-C.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The command polls [`stop_flag`] and prints its summary itself.
    Stop,
    /// The command cannot stop midway: the handler prints what it was doing (see [`doing`])
    /// and ends the program.
    Exit,
}

/// Installs the Ctrl-C handler for this run.
pub fn watch(answer: Answer) {
    let installed = ctrlc::set_handler(move || {
        let first = *FIRST.get_or_init(Instant::now);
        let again = INTERRUPTED.swap(true, Ordering::SeqCst);
        if again && first.elapsed() < ECHO {
            return;
        }
        STOP.store(true, Ordering::SeqCst);
        let mut stderr = std::io::stderr().lock();
        if again || answer == Answer::Exit {
            let doing = DOING.lock().map(|d| d.clone()).unwrap_or_default();
            if !doing.is_empty() {
                let _ = writeln!(stderr, "\ninterrupted while {doing}");
            }
            std::process::exit(super::exit::INTERRUPTED);
        }
        let _ = writeln!(
            stderr,
            "\ninterrupted: finishing the work in hand (Ctrl-C again to quit at once)"
        );
    });
    // Without a handler Ctrl-C keeps its default action: the program ends at once.
    drop(installed);
}

/// The flag a run polls: set by Ctrl-C, or by [`stop`].
pub fn stop_flag() -> &'static AtomicBool {
    &STOP
}

/// Asks the run to stop (the command hit an error it will report once the workers are done).
pub fn stop() {
    STOP.store(true, Ordering::SeqCst);
}

/// True when Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Records what the command is doing, for [`Answer::Exit`].
pub fn doing(what: &str) {
    if let Ok(mut doing) = DOING.lock() {
        what.clone_into(&mut doing);
    }
}
