//! The engine's side of the conversation: whole lines to the GUI, one writer shared by the
//! session and the search thread.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A line sink shared between threads. A write that fails (the GUI closed the pipe) marks the
/// output closed; the session then ends quietly, as a Unix tool does on a closed pipe.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
    closed: Arc<AtomicBool>,
}

impl Output {
    /// Lines go to `sink`.
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
            closed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Writes one line and flushes it, so the GUI sees it at once.
    pub fn line(&self, text: &str) {
        let Ok(mut sink) = self.sink.lock() else {
            self.closed.store(true, Ordering::Relaxed);
            return;
        };
        if writeln!(sink, "{text}")
            .and_then(|()| sink.flush())
            .is_err()
        {
            self.closed.store(true, Ordering::Relaxed);
        }
    }

    /// An `info string` line (control characters in `text` are the caller's to escape).
    pub fn info(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }

    /// True once a write has failed.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}

/// A writer whose lines a test reads.
#[cfg(test)]
#[derive(Clone, Default)]
pub(super) struct Captured(Arc<Mutex<Vec<u8>>>);

#[cfg(test)]
impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
impl Captured {
    /// An output writing here.
    pub fn output(&self) -> Output {
        Output::new(Box::new(self.clone()))
    }

    /// The lines written so far.
    pub fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().unwrap();
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_string)
            .collect()
    }
}
