//! How fast the UCI session answers while the emulated search thinks: a session in this
//! process (the one `sargon-z80 uci` runs) with the built-in image's search, its output lines
//! stamped with the instant they were written; `isready` timed to `readyok`, `stop` to
//! `bestmove`.

use std::io::Write;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::game::Z80Searcher;
use crate::machine::Image;
use crate::uci::{Output, Session};

use super::BenchError;
use super::positions::KIWIPETE_FEN;
use super::stats::Spread;

/// The longest wait for an answer before the run counts as failed.
const PATIENCE: Duration = Duration::from_secs(5);

/// Time between two `isready` lines, and before the first: the search is well under way.
const PAUSE: Duration = Duration::from_millis(5);

/// The session's answers during searches.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UciLatency {
    /// Searches run (`go infinite` on Kiwipete, ended by `stop`), one per repetition.
    pub searches: usize,
    /// `isready` lines answered per search.
    pub pings: usize,
    /// The slowest `readyok` of each search.
    pub isready: Spread,
    /// `stop` to `bestmove`, per search.
    pub stop: Spread,
    /// The slower of the two, per search: the figure the goal is judged on.
    pub slowest: Spread,
}

/// The session's output: each whole line sent with the instant its newline was written.
struct Stamped {
    line: Vec<u8>,
    lines: Sender<(Instant, String)>,
}

impl Write for Stamped {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &byte in bytes {
            if byte == b'\n' {
                let text = String::from_utf8_lossy(&self.line).into_owned();
                // The receiver outlives the session; a closed channel only loses stamps.
                let _ = self.lines.send((Instant::now(), text));
                self.line.clear();
            } else {
                self.line.push(byte);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Waits for the first line that starts with `prefix`; the seconds from `sent` to it.
fn answer(
    lines: &Receiver<(Instant, String)>,
    prefix: &'static str,
    sent: Instant,
) -> Result<f64, BenchError> {
    let deadline = sent + PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok((at, text)) if text.starts_with(prefix) => {
                return Ok(at.saturating_duration_since(sent).as_secs_f64());
            }
            Ok(_) => {}
            Err(_) => return Err(BenchError::Uci(prefix)),
        }
    }
}

/// One search: `pings` times `isready`, then `stop`; the slowest `readyok` and the `bestmove`.
fn one_search(
    session: &mut Session,
    lines: &Receiver<(Instant, String)>,
    pings: usize,
) -> Result<(f64, f64), BenchError> {
    session.handle(&format!("position fen {KIWIPETE_FEN}"));
    session.handle("go infinite");
    let mut slowest_ready = 0.0f64;
    for _ in 0..pings {
        std::thread::sleep(PAUSE);
        let sent = Instant::now();
        session.handle("isready");
        slowest_ready = slowest_ready.max(answer(lines, "readyok", sent)?);
    }
    std::thread::sleep(PAUSE);
    let sent = Instant::now();
    session.handle("stop");
    let stop = answer(lines, "bestmove", sent)?;
    session.wait();
    Ok((slowest_ready, stop))
}

/// `reps` searches of `image` in one session, `pings` `isready` lines in each.
pub(super) fn measure(image: &Image, reps: usize, pings: usize) -> Result<UciLatency, BenchError> {
    let (sender, lines) = channel();
    let out = Output::new(Box::new(Stamped {
        line: Vec::new(),
        lines: sender,
    }));
    let searcher = Z80Searcher::new(image, "the built-in image")?;
    let mut session = Session::new(Box::new(searcher), "bench", out);
    session.handle("setoption name Seed value 1");
    let mut samples = Vec::with_capacity(reps);
    for _ in 0..reps.max(1) {
        samples.push(one_search(&mut session, &lines, pings.max(1))?);
    }
    let column = |f: fn(&(f64, f64)) -> f64| Spread::of(&samples.iter().map(f).collect::<Vec<_>>());
    Ok(UciLatency {
        searches: samples.len(),
        pings: pings.max(1),
        isready: column(|s| s.0),
        stop: column(|s| s.1),
        slowest: column(|s| s.0.max(s.1)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::default_image;

    #[test]
    fn the_session_answers_isready_and_stop_during_a_search() {
        let latency = measure(&default_image(), 2, 3).unwrap();
        assert_eq!((latency.searches, latency.pings), (2, 3));
        assert!(latency.isready.max < PATIENCE.as_secs_f64());
        assert!(latency.slowest.min >= latency.stop.min);
        assert!(latency.slowest.min >= latency.isready.min);
    }
}
