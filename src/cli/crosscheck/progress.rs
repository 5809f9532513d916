//! Progress of a run on stderr (with --json too: stdout keeps the one JSON document): a bar
//! on a terminal, a plain line every tenth otherwise. Updates come from the workers after
//! every position, so the common case is one atomic load.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};

/// Updates per run at most, on a bar or as lines.
const STEPS: u64 = 1000;

/// The progress display of one run.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    total: u64,
    /// What is counted: positions, or jobs when a run's searches come after its positions.
    unit: &'static str,
    /// Positions between two changes of the display.
    step: u64,
    /// The next count at which the display changes.
    next: AtomicU64,
}

impl Progress {
    /// A display for a run of `total` positions.
    pub fn new(total: u64) -> Progress {
        Progress::of(total, "positions")
    }

    /// A display for a run of `total` things called `unit`.
    pub fn of(total: u64, unit: &'static str) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let step = if terminal {
            (total / STEPS).max(1)
        } else {
            total.div_ceil(10).max(1)
        };
        Progress {
            bar: terminal.then(|| {
                let bar = indicatif::ProgressBar::new(total);
                bar.set_style(
                    indicatif::ProgressStyle::with_template(&format!(
                        "{{bar:40}} {{pos}}/{{len}} {unit}  {{per_sec}}  eta {{eta}}"
                    ))
                    .expect("the template is valid"),
                );
                bar
            }),
            total,
            unit,
            step,
            next: AtomicU64::new(if terminal { 0 } else { step }),
        }
    }

    /// `done` positions are checked.
    pub fn update(&self, done: u64) {
        let next = self.next.load(Ordering::Relaxed);
        if (done < next && done != self.total) || self.total == 0 {
            return;
        }
        // One worker wins the step; the others go on without waiting.
        let advanced = (done / self.step + 1) * self.step;
        if self
            .next
            .compare_exchange(next, advanced, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        } else {
            // Progress is a courtesy: a stderr that cannot be written does not stop the run.
            let _ = writeln!(
                std::io::stderr(),
                "checked {done}/{} {}",
                self.total,
                self.unit
            );
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
