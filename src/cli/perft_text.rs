//! perft's report: the header before the root moves, the totals and verdict after them, and
//! the same as one JSON object per position.

use serde::Serialize;

use sargon_z80::reference::Rules;
use sargon_z80::text::{duration, grouped, per_second, z80_time};

use super::output::{OutputError, outln};
use super::perft_count::{Count, EngineCount, Engines};

fn rules_name(rules: Rules) -> &'static str {
    match rules {
        Rules::Sargon => "sargon",
        Rules::Standard => "standard",
    }
}

/// The position and what counts it, before the root moves stream in.
pub fn print_header(fen: &str, engines: &Engines, depth: u32) -> Result<(), OutputError> {
    let names: Vec<&str> = [(engines.z80, "z80"), (engines.native, "native")]
        .iter()
        .filter_map(|&(on, name)| on.then_some(name))
        .collect();
    outln!("position: {fen}")?;
    outln!(
        "rules:    {}, depth {depth}, {} on {} thread(s)",
        rules_name(engines.rules),
        names.join(" and "),
        engines.threads
    )?;
    Ok(())
}

/// After the root moves: Stockfish's `Nodes searched`, each engine's total, the verdict.
pub fn print_summary(depth: u32, count: &Count) -> Result<(), OutputError> {
    if let Some(nodes) = count.engines().find_map(|(_, c)| c.nodes) {
        outln!()?;
        outln!("Nodes searched: {}", grouped(nodes))?;
        outln!()?;
    }
    for (name, c) in count.engines() {
        outln!("{}", engine_line(name, depth, c))?;
    }
    outln!("verdict: {}", verdict(count))?;
    if let (Some(z80), Some(native)) = (&count.z80, &count.native) {
        for (uci, nodes) in &native.divide {
            if z80.nodes.is_some() && !z80.divide.iter().any(|(u, _)| u == uci) {
                outln!(
                    "  {uci}: native {}, the image has no such move",
                    grouped(*nodes)
                )?;
            }
        }
    }
    Ok(())
}

fn engine_line(name: &str, depth: u32, c: &EngineCount) -> String {
    let label = format!("{name}:");
    let Some(nodes) = c.nodes else {
        let why = c
            .list_full
            .as_deref()
            .or(c.failure.as_deref())
            .unwrap_or("interrupted");
        return format!(
            "{label:<7} no count ({why}); {} root move(s) counted",
            c.divide.len()
        );
    };
    let mut line = format!(
        "{label:<7} perft({depth}) = {} in {} ({} nodes/s)",
        grouped(nodes),
        duration(c.elapsed),
        per_second(nodes, c.elapsed)
    );
    if let Some(t) = c.tstates {
        line.push_str(&format!(
            "\n{:<7} {} T-states = {} on a 4 MHz Z80",
            "",
            grouped(t),
            duration(z80_time(t))
        ));
    }
    line
}

fn verdict(count: &Count) -> String {
    if count.interrupted {
        let done: Vec<String> = count
            .engines()
            .map(|(name, c)| format!("{name} {} root move(s)", c.divide.len()))
            .collect();
        return format!(
            "interrupted after {}; run again to count the whole tree",
            done.join(", ")
        );
    }
    if let Some(full) = count.engines().find_map(|(_, c)| c.list_full.as_deref()) {
        return format!(
            "nothing counted: {full}; the image's move-list area is too small for this depth"
        );
    }
    if let Some(failed) = count.z80.as_ref().and_then(|c| c.failure.as_deref()) {
        return format!("the z80 engine FAILED: {failed}");
    }
    match (count.engines().count(), count.agree()) {
        (2, true) => "the engines agree".to_string(),
        (2, false) => "the engines DIFFER".to_string(),
        _ => "counted (one engine, nothing compared)".to_string(),
    }
}

/// One position's report as JSON.
#[derive(Debug, Serialize)]
pub struct JsonPosition {
    fen: String,
    depth: u32,
    rules: &'static str,
    /// True when the engines agree.
    pub agree: bool,
    interrupted: bool,
    engines: Vec<JsonEngine>,
}

#[derive(Debug, Serialize)]
struct JsonEngine {
    engine: &'static str,
    nodes: Option<u64>,
    seconds: f64,
    nodes_per_second: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tstates: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    z80_seconds_at_4mhz: Option<f64>,
    /// The T-states split by routine (z80 engine only): the same numbers `profile` reports.
    #[serde(skip_serializing_if = "Option::is_none")]
    routine_tstates: Option<RoutineTstates>,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideLine>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    list_full: Option<String>,
}

#[derive(Debug, Serialize)]
struct DivideLine {
    #[serde(rename = "move")]
    uci: String,
    nodes: u64,
}

/// T-states of all calls of each ABI routine.
#[derive(Debug, Serialize)]
#[serde(rename_all = "UPPERCASE")]
struct RoutineTstates {
    genmov: u64,
    #[serde(rename = "MOVE")]
    make: u64,
    inchk: u64,
    #[serde(rename = "UNMOVE")]
    unmake: u64,
}

impl JsonPosition {
    /// The report of `count`; root moves only when `divide`.
    pub fn of(
        fen: &str,
        engines: &Engines,
        depth: u32,
        count: &Count,
        divide: bool,
    ) -> JsonPosition {
        JsonPosition {
            fen: fen.to_string(),
            depth,
            rules: rules_name(engines.rules),
            agree: count.agree(),
            interrupted: count.interrupted,
            engines: count
                .engines()
                .map(|(name, c)| JsonEngine::of(name, c, divide))
                .collect(),
        }
    }
}

impl JsonEngine {
    fn of(engine: &'static str, c: &EngineCount, divide: bool) -> JsonEngine {
        let seconds = c.elapsed.as_secs_f64();
        JsonEngine {
            engine,
            nodes: c.nodes,
            seconds,
            nodes_per_second: c.nodes.map(|n| n as f64 / seconds.max(1e-9)),
            tstates: c.tstates,
            z80_seconds_at_4mhz: c.tstates.map(|t| z80_time(t).as_secs_f64()),
            routine_tstates: c.routine_tstates.map(|[genmov, make, inchk, unmake]| {
                RoutineTstates {
                    genmov,
                    make,
                    inchk,
                    unmake,
                }
            }),
            divide: divide.then(|| {
                c.divide
                    .iter()
                    .map(|(uci, nodes)| DivideLine {
                        uci: uci.clone(),
                        nodes: *nodes,
                    })
                    .collect()
            }),
            error: c.failure.clone(),
            list_full: c.list_full.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// The widest counts a real run prints (perft 9 from the start, days of emulation) still fit
    /// 100 columns.
    #[test]
    fn the_totals_fit_100_columns_at_their_widest() {
        let z80 = EngineCount {
            nodes: Some(2_439_530_234_167),
            elapsed: Duration::from_secs(3_000_000),
            tstates: Some(3_500_000_000_000_000),
            ..EngineCount::default()
        };
        let text = engine_line("z80", 9, &z80);
        assert_eq!(
            text,
            "z80:    perft(9) = 2,439,530,234,167 in 50000 min 0.0 s (813,177 nodes/s)\n        \
             3,500,000,000,000,000 T-states = 14583333 min 20.0 s on a 4 MHz Z80"
        );
        for line in text.lines() {
            assert!(line.chars().count() <= 100, "{line}");
        }
    }
}
