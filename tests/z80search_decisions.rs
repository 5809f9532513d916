//! The built-in image's own FNDMOV against the 1978 program on every line of
//! ../shared/sargon1978: best move and flags, SCORE+1, the number of POINTS calls, the trace
//! digest, PLYMAX and POSQ after, the root VALM, MV0 and BC0, the ply-1 list with its value
//! bytes after the PLYMAX 1 call, the pre-sort values at PLYMAX 2, and every evaluation record
//! in order where traces.jsonl has the sequence. The T-state ratios against the 1978 figures
//! are printed (speed targets are judged by the bench, not here).
//!
//! The default run covers PLYMAX 1, 2 and 4 on every position that has them and a fixed sample
//! of PLYMAX 3 (every SAMPLE_STEP-th position, listed in the output); `Z80SEARCH_FULL=1` runs
//! PLYMAX 3 on all 433 positions (a few minutes on 2 cores). `Z80SEARCH_ONLY=index:plymax`
//! replays one search and prints what it found.

mod z80search_support;

use z80search_support::Rig;
use z80search_support::compare::check;
use z80search_support::data::{Case, TraceSet, cases, traces};
use z80search_support::sweep::{Job, Summary, sweep};

/// PLYMAX 3 on positions 0, SAMPLE_STEP, 2 * SAMPLE_STEP, .. in the default run.
const SAMPLE_STEP: usize = 8;

/// Jobs for `plymax` on the positions `pick` chooses (those the file measured at that depth).
fn jobs(cases: &[Case], plymax: u8, pick: impl Fn(usize) -> bool) -> Vec<Job> {
    cases
        .iter()
        .enumerate()
        .filter(|(i, c)| pick(*i) && c.at(plymax).is_some())
        .map(|(case, _)| Job { case, plymax })
        .collect()
}

/// Runs the jobs, prints the ratios, fails with the first differences and their replays.
fn run(rig: &Rig, cases: &[Case], traces: &TraceSet, jobs: &[Job]) -> Summary {
    let start = std::time::Instant::now();
    let summary = sweep(rig, cases, Some(traces), jobs);
    println!(
        "{} searches, {} evaluations, deepest stack {} bytes, {:.1?}",
        summary.searches,
        summary.points,
        summary.max_stack,
        start.elapsed()
    );
    for line in summary.ratio_report() {
        println!("{line}");
    }
    assert!(
        summary.failures.is_empty(),
        "{} of {} searches differ from the 1978 program:\n{}",
        summary.failures.len(),
        summary.searches,
        summary.failure_report(10)
    );
    assert_eq!(summary.searches, jobs.len());
    summary
}

#[test]
fn every_position_at_plymax_1_2_and_4_and_a_sample_at_3_decides_like_1978() {
    if let Some(only) = std::env::var_os("Z80SEARCH_ONLY") {
        replay(only.to_str().unwrap_or(""));
        return;
    }
    let rig = Rig::new();
    let cases = cases();
    let traces = traces();
    assert_eq!(cases.len(), 433, "positions in search.jsonl");
    assert_eq!(traces.len(), 866, "searches in traces.jsonl");
    let full = std::env::var_os("Z80SEARCH_FULL").is_some();
    let mut all = jobs(&cases, 1, |_| true);
    all.extend(jobs(&cases, 2, |_| true));
    all.extend(jobs(&cases, 4, |_| true));
    let sample = jobs(&cases, 3, |i| full || i % SAMPLE_STEP == 0);
    let sample_list: Vec<usize> = sample.iter().map(|j| cases[j.case].index).collect();
    if full {
        println!("PLYMAX 3 on all {} positions", sample.len());
    } else {
        println!("PLYMAX 3 on the sample {sample_list:?} (Z80SEARCH_FULL=1 runs all 433)");
    }
    all.extend(sample);
    let summary = run(&rig, &cases, &traces, &all);
    assert_eq!(
        summary.searches,
        433 + 433 + 88 + sample_list.len(),
        "searches run"
    );
    // The start position, the figures SARGON_SEARCH.md 12 quotes.
    let start = &cases[0];
    assert_eq!(
        start.fen.split(' ').next(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
    );
    for plymax in 1..=3u8 {
        let v = check(&rig, start, plymax, traces.get(0, plymax));
        assert!(v.differences.is_empty(), "{:?}", v.differences);
        println!(
            "start position PLYMAX {plymax}: {} T-states, 1978 {} ({:.3}), {} evaluations",
            v.ours,
            v.theirs,
            v.ours as f64 / v.theirs as f64,
            v.points
        );
    }
}

/// `index:plymax`: one search, every difference printed.
fn replay(spec: &str) {
    let (index, plymax) = spec
        .split_once(':')
        .and_then(|(i, p)| Some((i.parse::<usize>().ok()?, p.parse::<u8>().ok()?)))
        .unwrap_or_else(|| panic!("Z80SEARCH_ONLY={spec:?}: expected index:plymax, e.g. 17:3"));
    let rig = Rig::new();
    let cases = cases();
    let traces = traces();
    let case = cases
        .get(index)
        .unwrap_or_else(|| panic!("no position {index} (0..{})", cases.len()));
    println!("position {index} ({}): {}", case.source, case.fen);
    let v = check(&rig, case, plymax, traces.get(index, plymax));
    println!(
        "PLYMAX {plymax}: {} T-states, 1978 {} ({:.3}), {} evaluations, stack {} bytes",
        v.ours,
        v.theirs,
        v.ours as f64 / v.theirs as f64,
        v.points,
        v.stack_bytes
    );
    assert!(
        v.differences.is_empty(),
        "differences:\n  {}",
        v.differences.join("\n  ")
    );
}
