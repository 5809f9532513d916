//! Where a whole program's time goes: a session on the Jupiter III (its keys typed, run until it
//! waits for one more, ends or stops) under the profiler's collector, every T-state counted to
//! a routine and to a part of the program, and every write into the video memory counted by
//! cell, the program's own stores and the monitor's console apart.

use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use super::collector::Collector;
use super::parts::{Part, PartMap};
use crate::jupiter::{
    CELLS, End, Jupiter, JupiterError, Options as Start, Pause, Stop, VIDEO, key_text,
};
use crate::machine::{Cost, Image};

/// How many T-states the run goes between two looks at the stop flag.
const LOOK: u64 = 20_000_000;

/// The routines a report lists, most own T-states first.
pub const TOP_ROUTINES: usize = 12;

/// A session to profile.
#[derive(Debug, Clone)]
pub struct Session<'a> {
    /// The program as a report names it.
    pub name: String,
    /// The whole program (its symbols name the routines).
    pub image: &'a Image,
    /// The clock limit in T-states (`u64::MAX` for none).
    pub limit: u64,
    /// Which routines start which part.
    pub parts: PartMap,
}

/// One part's share of a session.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartLine {
    /// The part.
    pub part: Part,
    /// Its name in the report.
    pub title: &'static str,
    /// Its T-states.
    pub tstates: u64,
    /// Its instructions.
    pub instructions: u64,
    /// Its T-states over the session's.
    pub share: f64,
}

/// One routine's own cost in a session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SessionRoutine {
    /// Its symbol (`NAME+n` for a call target without one of its own).
    pub name: String,
    /// Its entry.
    pub addr: u16,
    /// The part most of its own T-states counted to.
    pub part: Option<Part>,
    /// Completed calls.
    pub calls: u64,
    /// T-states of its own instructions.
    pub self_tstates: u64,
    /// Its own instructions.
    pub self_instructions: u64,
    /// T-states of its completed calls, what they called included.
    pub total: u64,
}

/// Every write into the video memory, by cell (row after row).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VideoWrites {
    /// The program's own stores.
    pub program: Vec<u64>,
    /// The monitor's console (a clear or a scroll writes every cell).
    pub monitor: Vec<u64>,
}

impl VideoWrites {
    /// Writes of both kinds into cell `i`.
    pub fn total(&self, i: usize) -> u64 {
        self.program[i] + self.monitor[i]
    }
}

/// Where a session's time went.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionProfile {
    /// The program as the report names it.
    pub program: String,
    /// The seed of R's advance.
    pub seed: u64,
    /// The keys the program read, as `--keys` writes them.
    pub keys_used: String,
    /// How many it read.
    pub keys_read: usize,
    /// Why the session stopped, in words.
    pub stopped: String,
    /// True when it stopped on a failure or the limit.
    pub failed: bool,
    /// The session's clock.
    pub clock: Cost,
    /// Every part, in the report's order; their T-states add up to the clock's.
    pub parts: Vec<PartLine>,
    /// The searches (FNDMOV calls) finished.
    pub searches: u64,
    /// Their T-states, all they called included.
    pub search_tstates: u64,
    /// Monitor calls made.
    pub monitor_calls: u64,
    /// The routines with most own T-states.
    pub routines: Vec<SessionRoutine>,
    /// Writes into the video memory.
    pub video: VideoWrites,
}

/// Runs `jupiter` (a program not started yet, its keys queued) under the profiler until it
/// waits for a key none is left for, ends, fails, reaches the limit, or `stop` is set (looked
/// at a few times a second); where its time went, and why it stopped.
pub fn profile_session(
    jupiter: &mut Jupiter,
    session: &Session<'_>,
    stop: &AtomicBool,
) -> (SessionProfile, Stop) {
    jupiter.count_console_writes();
    let mut collector = Collector::new();
    collector.count_parts(&session.parts);
    collector.begin(jupiter.machine().pc());
    let end = run(jupiter, &mut collector, session.limit, stop);
    (SessionProfile::new(session, jupiter, &collector, &end), end)
}

/// [`profile_session`] of the program `image` started as `start` with `keys` typed.
pub fn profile_program(
    session: &Session<'_>,
    start: Start,
    keys: &[u8],
    stop: &AtomicBool,
) -> Result<(SessionProfile, Stop), JupiterError> {
    let mut jupiter = Jupiter::new(session.image, start)?;
    jupiter.push_keys(keys);
    Ok(profile_session(&mut jupiter, session, stop))
}

/// The session run to its stop.
fn run(jupiter: &mut Jupiter, collector: &mut Collector, limit: u64, stop: &AtomicBool) -> Stop {
    loop {
        if stop.load(Ordering::Relaxed) {
            return Stop::Interrupted;
        }
        let until = limit.min(jupiter.clock().tstates.saturating_add(LOOK));
        match jupiter.run_observed(collector, until) {
            Ok(Pause::Clock) if jupiter.clock().tstates >= limit => return Stop::Limit,
            Ok(Pause::Clock) => {}
            Ok(Pause::Key) => return Stop::Key,
            Ok(Pause::Ended(end)) => return Stop::Ended(end),
            Err(error) => return Stop::Failed(error),
        }
    }
}

impl SessionProfile {
    fn new(
        session: &Session<'_>,
        jupiter: &Jupiter,
        collector: &Collector,
        stop: &Stop,
    ) -> SessionProfile {
        let clock = jupiter.clock();
        let costs = collector.part_costs().expect("the collector counts parts");
        let parts = Part::ALL
            .iter()
            .map(|&part| {
                let cost = costs[part.index()];
                PartLine {
                    part,
                    title: part.title(),
                    tstates: cost.tstates,
                    instructions: cost.instructions,
                    share: share(cost.tstates, clock.tstates),
                }
            })
            .collect();
        SessionProfile {
            program: session.name.clone(),
            seed: jupiter.seed(),
            keys_used: key_text(jupiter.keys_used()),
            keys_read: jupiter.keys_used().len(),
            stopped: stop_text(stop, jupiter),
            failed: stop.is_failure(),
            clock,
            parts,
            searches: jupiter.searches().count(),
            search_tstates: jupiter.searches().total().tstates,
            monitor_calls: costs[Part::Monitor.index()].instructions,
            routines: routines(session, collector),
            video: video_writes(jupiter, collector),
        }
    }

    /// The part's line.
    pub fn part(&self, part: Part) -> &PartLine {
        &self.parts[part.index()]
    }
}

/// `part / whole`, 0 for an empty whole.
fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The routines with most own T-states, at most [`TOP_ROUTINES`].
fn routines(session: &Session<'_>, collector: &Collector) -> Vec<SessionRoutine> {
    let symbols = &session.image.symbols;
    let mut lines: Vec<SessionRoutine> = collector
        .routines()
        .iter()
        .map(|t| SessionRoutine {
            name: match symbols.nearest_below(t.addr) {
                Some((name, at)) if at == t.addr => name.to_string(),
                Some((name, at)) => format!("{name}+{}", t.addr - at),
                None => format!("{:04X}H", t.addr),
            },
            addr: t.addr,
            part: collector.main_part(t.addr),
            calls: t.calls,
            self_tstates: t.self_tstates,
            self_instructions: t.self_instructions,
            total: t.inclusive,
        })
        .collect();
    lines.sort_by_key(|r| std::cmp::Reverse(r.self_tstates));
    lines.truncate(TOP_ROUTINES);
    lines
}

/// The video memory's writes: the collector's by instructions, the console's by the monitor.
fn video_writes(jupiter: &Jupiter, collector: &Collector) -> VideoWrites {
    let start = usize::from(VIDEO);
    VideoWrites {
        program: collector.writes()[start..start + CELLS].to_vec(),
        monitor: jupiter
            .console_writes()
            .map_or_else(|| vec![0; CELLS], |cells| cells.to_vec()),
    }
}

/// Why the session stopped, in words.
fn stop_text(stop: &Stop, jupiter: &Jupiter) -> String {
    match stop {
        Stop::Key => format!("waiting for a key after {} keys", jupiter.keys_used().len()),
        Stop::Ended(End::Monitor { .. }) => "returned to the monitor".to_string(),
        Stop::Ended(End::Returned) => "returned from its entry".to_string(),
        Stop::Limit => "the clock limit reached".to_string(),
        Stop::Failed(error) => error.to_string(),
        Stop::Interrupted => "interrupted".to_string(),
    }
}
