//! Many searches on std threads, with the T-state ratios against the 1978 program.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::Rig;
use super::compare::{Verdict, check};
use super::data::{Case, TraceSet};

/// One search to run: a position and a PLYMAX.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    pub case: usize,
    pub plymax: u8,
}

/// What a sweep found.
pub struct Summary {
    /// (position index, source, PLYMAX, differences) of every search that differed.
    pub failures: Vec<(usize, String, u8, Vec<String>)>,
    /// (PLYMAX, ours / 1978) per search.
    pub ratios: Vec<(u8, f64)>,
    /// T-states, ours and 1978, summed per PLYMAX (index = PLYMAX).
    pub totals: [(u64, u64); 5],
    pub searches: usize,
    pub points: u64,
    pub max_stack: u16,
}

/// Runs `jobs` on all cores, comparing each with the 1978 program.
pub fn sweep(rig: &Rig, cases: &[Case], traces: Option<&TraceSet>, jobs: &[Job]) -> Summary {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(Job, Verdict)>> = Mutex::new(Vec::with_capacity(jobs.len()));
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&job) = jobs.get(i) else { break };
                    let case = &cases[job.case];
                    let trace = traces.and_then(|t| t.get(case.index, job.plymax));
                    let verdict = check(rig, case, job.plymax, trace);
                    results.lock().unwrap().push((job, verdict));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(job, _)| (job.plymax, job.case));
    let mut summary = Summary {
        failures: Vec::new(),
        ratios: Vec::new(),
        totals: [(0, 0); 5],
        searches: results.len(),
        points: 0,
        max_stack: 0,
    };
    for (job, v) in results {
        let case = &cases[job.case];
        if !v.differences.is_empty() {
            summary
                .failures
                .push((case.index, case.source.clone(), job.plymax, v.differences));
        }
        summary
            .ratios
            .push((job.plymax, v.ours as f64 / v.theirs as f64));
        let t = &mut summary.totals[usize::from(job.plymax)];
        t.0 += v.ours;
        t.1 += v.theirs;
        summary.points += v.points;
        summary.max_stack = summary.max_stack.max(v.stack_bytes);
    }
    summary
}

impl Summary {
    /// Min, median, max and total ratio per PLYMAX, as text lines.
    pub fn ratio_report(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for plymax in 1..=4u8 {
            let mut r: Vec<f64> = self
                .ratios
                .iter()
                .filter(|(p, _)| *p == plymax)
                .map(|(_, r)| *r)
                .collect();
            if r.is_empty() {
                continue;
            }
            r.sort_by(f64::total_cmp);
            let (ours, theirs) = self.totals[usize::from(plymax)];
            lines.push(format!(
                "PLYMAX {plymax}: {} searches, T-states ours/1978 min {:.3} median {:.3} max {:.3}, total {:.3} ({ours} / {theirs})",
                r.len(),
                r[0],
                r[r.len() / 2],
                r[r.len() - 1],
                ours as f64 / theirs as f64
            ));
        }
        lines
    }

    /// The failures as text (the first `limit`), each with its replay hint.
    pub fn failure_report(&self, limit: usize) -> String {
        let mut text = String::new();
        for (index, source, plymax, diffs) in self.failures.iter().take(limit) {
            text.push_str(&format!(
                "position {index} ({source}) PLYMAX {plymax}:\n    {}\n    replay: Z80SEARCH_ONLY={index}:{plymax} cargo test --release --test z80search_decisions -- --nocapture\n",
                diffs.join("\n    ")
            ));
        }
        text
    }
}
