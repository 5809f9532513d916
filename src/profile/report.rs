//! The profile of one routine call, as text and as JSON.

use crate::text::{MAX_WIDTH, TextTable, grouped, listed, microseconds, tenths};
use std::fmt::Write;

use serde::Serialize;

use super::collector::{Collector, RoutineTally};
use super::heatmap::Heatmap;
use super::hot::{HotCode, HotData, hottest_code, hottest_data, symbolize};
use super::mix::{MixEntry, instruction_mix, mnemonic};
use crate::machine::{Dialect, Image};
use crate::source::{Disassembler, image_memory};

/// Clock rates of the report when none are given: the TRS-80 Model I, a 2 MHz board, a Z80A.
pub const DEFAULT_MHZ: [f64; 3] = [1.774, 2.0, 4.0];

/// Lines of each "hottest" table and of the instruction mix.
pub const TOP: usize = 12;

/// One routine's line of the report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutineLine {
    /// Symbol of the entry address (`NAME+n` when the call target has no symbol of its own).
    pub name: String,
    /// Entry address.
    pub addr: u16,
    /// Completed calls.
    pub calls: u64,
    /// Inclusive T-states (nested calls included), summed over calls.
    pub total: u64,
    /// Smallest inclusive T-states of one call.
    pub min: u64,
    /// Mean inclusive T-states per call.
    pub mean: f64,
    /// Largest inclusive T-states of one call.
    pub max: u64,
    /// T-states of the routine's own instructions.
    pub self_tstates: u64,
    /// The routine's own instructions.
    pub self_instructions: u64,
    /// Instructions, nested calls included, summed over calls.
    pub instructions: u64,
    /// Real time of `total` in microseconds at each clock rate of the report.
    pub micros: Vec<f64>,
}

/// Everything `profile` reports about one routine call.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Profile {
    /// The routine that was called.
    pub routine: String,
    /// Its entry address.
    pub entry: u16,
    /// T-states of the whole call, RET included.
    pub tstates: u64,
    /// Instructions of the whole call.
    pub instructions: u64,
    /// Clock rates in MHz, in the order of every `micros` list.
    pub mhz: Vec<f64>,
    /// Real time of the whole call in microseconds at each clock rate.
    pub micros: Vec<f64>,
    /// Per routine, most inclusive T-states first (the called routine first).
    pub routines: Vec<RoutineLine>,
    /// Instruction mix, most T-states first.
    pub mix: Vec<MixEntry>,
    /// Data reads of the whole call.
    pub reads: u64,
    /// Writes of the whole call.
    pub writes: u64,
    /// BOARDA accesses, when the image defines BOARDA.
    pub heatmap: Option<Heatmap>,
    /// Instructions that took most T-states.
    pub hot_code: Vec<HotCode>,
    /// Data addresses accessed most.
    pub hot_data: Vec<HotData>,
}

/// The routine table's columns before the real-time ones.
const ROUTINE_COLUMNS: usize = 8;

/// Microseconds that `tstates` take at `mhz`.
pub fn micros(tstates: u64, mhz: f64) -> f64 {
    tstates as f64 / mhz
}

impl Profile {
    /// Builds the report of a finished collector; `routine` names the called routine.
    pub fn new(collector: &Collector, image: &Image, routine: &str, mhz: &[f64]) -> Profile {
        Profile::new_in(collector, image, routine, mhz, Dialect::Zilog)
    }

    /// Builds the report with its hottest instructions disassembled in `dialect`.
    pub fn new_in(
        collector: &Collector,
        image: &Image,
        routine: &str,
        mhz: &[f64],
        dialect: Dialect,
    ) -> Profile {
        Profile::with_code(collector, routine, mhz, &Disassembler::new(image, dialect))
    }

    /// Builds the report with its hottest instructions shown as `code` shows them (its image,
    /// dialect and source).
    pub fn with_code(
        collector: &Collector,
        routine: &str,
        mhz: &[f64],
        code: &Disassembler,
    ) -> Profile {
        let image = code.image();
        let symbols = &image.symbols;
        let memory = image_memory(image);
        let opcode = |addr: u16| collector.opcode(addr);
        let mut routines: Vec<RoutineLine> = collector
            .routines()
            .iter()
            .map(|t| routine_line(t, image, mhz))
            .collect();
        // The called routine first, then by inclusive cost; stable on first-call order.
        routines[1..].sort_by_key(|r| std::cmp::Reverse(r.total));
        let entry = collector.routines()[0].addr;
        Profile {
            routine: routine.to_string(),
            entry,
            tstates: collector.tstates(),
            instructions: collector.instructions(),
            mhz: mhz.to_vec(),
            micros: mhz
                .iter()
                .map(|&m| micros(collector.tstates(), m))
                .collect(),
            routines,
            mix: instruction_mix(collector.executed(), opcode),
            reads: collector.reads().iter().sum(),
            writes: collector.writes().iter().sum(),
            heatmap: symbols
                .get("BOARDA")
                .map(|b| Heatmap::from_tallies(b, collector.reads(), collector.writes())),
            hot_code: hottest_code(
                collector.executed(),
                |a| {
                    let text = code.at(&memory, a).text().to_string();
                    (mnemonic(opcode(a)).name(), text)
                },
                image,
                TOP,
            ),
            hot_data: hottest_data(
                collector.reads(),
                collector.writes(),
                image,
                |a| collector.is_stack(a),
                TOP,
            ),
        }
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a profile serializes to JSON")
    }

    /// The report as text: routines, instruction mix, BOARDA heatmap, hottest addresses.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let calls = self.routines.first().map_or(0, |r| r.calls);
        let _ = writeln!(
            s,
            "{} at {:04X}h, {} call{}: {} T-states, {} instructions",
            self.routine,
            self.entry,
            grouped(calls),
            if calls == 1 { "" } else { "s" },
            grouped(self.tstates),
            grouped(self.instructions),
        );
        let _ = writeln!(
            s,
            "memory:    {} reads, {} writes",
            grouped(self.reads),
            grouped(self.writes)
        );
        let times: Vec<String> = self
            .mhz
            .iter()
            .zip(&self.micros)
            .map(|(m, us)| format!("{} at {m} MHz", microseconds(*us)))
            .collect();
        let _ = writeln!(s, "{}", listed("real time: ", &times, MAX_WIDTH));
        s.push('\n');
        self.routines_text(&mut s);
        s.push('\n');
        self.mix_text(&mut s);
        if let Some(map) = &self.heatmap {
            s.push('\n');
            s.push_str(&map.to_text());
            let _ = writeln!(
                s,
                "border cells read {} times, playing squares {} times",
                grouped(map.border_reads()),
                grouped(map.square_reads())
            );
        }
        s.push('\n');
        self.hot_text(&mut s);
        s
    }

    /// One row per routine. The real-time columns of as many clocks as fit in 100 columns (the
    /// line above the table gives the whole call at every clock); when not even one fits (the
    /// counts of a deep search), none, and then min and max too, said under the table. Each
    /// layout is measured once with every clock, so ten thousand clocks cost ten thousand
    /// cells, not their square.
    fn routines_text(&self, s: &mut String) {
        let all = self.mhz.len();
        let mut chosen = None;
        for extremes in [true, false] {
            let full = self.routine_table(all, extremes);
            let counts = if extremes {
                ROUTINE_COLUMNS
            } else {
                ROUTINE_COLUMNS - 2
            };
            let clocks = full.columns_fitting().saturating_sub(counts).min(all);
            let table = if clocks == all {
                full
            } else {
                self.routine_table(clocks, extremes)
            };
            let text = table.render();
            let width = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
            chosen = Some((text, extremes));
            if width <= MAX_WIDTH {
                break;
            }
        }
        let (text, extremes) = chosen.unwrap_or_default();
        s.push_str(&text);
        let columns = if extremes {
            "total/min/mean/max"
        } else {
            "total/mean"
        };
        let _ = writeln!(
            s,
            "({columns} include nested calls; self T counts the routine's own instructions)"
        );
        if !extremes {
            let _ = writeln!(
                s,
                "(min and max left out to fit 100 columns; --json has them)"
            );
        }
    }

    /// The routine table with the real-time columns of the first `clocks` clock rates (after
    /// its [`ROUTINE_COLUMNS`] columns of counts), and the min and max columns when `extremes`.
    fn routine_table(&self, clocks: usize, extremes: bool) -> TextTable {
        let mut headings: Vec<String> = ["routine", "calls", "total T", "min", "mean", "max"]
            .into_iter()
            .filter(|h| extremes || !matches!(*h, "min" | "max"))
            .chain(["self T", "instr"])
            .map(String::from)
            .collect();
        headings.extend(self.mhz.iter().take(clocks).map(|m| format!("@{m}MHz")));
        let headings: Vec<&str> = headings.iter().map(String::as_str).collect();
        let mut table = TextTable::new(&headings).right(&(1..headings.len()).collect::<Vec<_>>());
        for r in &self.routines {
            let mut cells = vec![r.name.clone(), grouped(r.calls), grouped(r.total)];
            if extremes {
                cells.extend([grouped(r.min), tenths(r.mean), grouped(r.max)]);
            } else {
                cells.push(tenths(r.mean));
            }
            cells.extend([grouped(r.self_tstates), grouped(r.instructions)]);
            cells.extend(r.micros.iter().take(clocks).map(|us| microseconds(*us)));
            table.row(cells);
        }
        table
    }

    fn mix_text(&self, s: &mut String) {
        let _ = writeln!(s, "instruction mix (top {TOP} by T-states)");
        let _ = writeln!(
            s,
            "{:<6} {:>9} {:>11} {:>6}",
            "mnem", "count", "T-states", "share"
        );
        for m in self.mix.iter().take(TOP) {
            let _ = writeln!(
                s,
                "{:<6} {:>9} {:>11} {:>5.1}%",
                m.mnemonic,
                grouped(m.count),
                grouped(m.tstates),
                share(m.tstates, self.tstates)
            );
        }
    }

    fn hot_text(&self, s: &mut String) {
        let _ = writeln!(s, "hottest instructions (by T-states)");
        let _ = writeln!(
            s,
            "{:<6} {:<14} {:<20} {:>8} {:>9} {:>6}",
            "addr", "symbol", "instruction", "count", "T-states", "share"
        );
        for h in &self.hot_code {
            let _ = writeln!(
                s,
                "{:04X}h  {:<14} {:<20} {:>8} {:>9} {:>5.1}%",
                h.addr,
                h.symbol,
                h.instruction,
                grouped(h.count),
                grouped(h.tstates),
                share(h.tstates, self.tstates)
            );
        }
        s.push('\n');
        let _ = writeln!(s, "hottest data addresses (by reads + writes)");
        let _ = writeln!(
            s,
            "{:<6} {:<14} {:>8} {:>8}",
            "addr", "symbol", "reads", "writes"
        );
        for h in &self.hot_data {
            let _ = writeln!(
                s,
                "{:04X}h  {:<14} {:>8} {:>8}",
                h.addr,
                h.symbol,
                grouped(h.reads),
                grouped(h.writes)
            );
        }
    }
}

fn routine_line(t: &RoutineTally, image: &Image, mhz: &[f64]) -> RoutineLine {
    RoutineLine {
        name: symbolize(image, t.addr),
        addr: t.addr,
        calls: t.calls,
        total: t.inclusive,
        min: if t.calls == 0 { 0 } else { t.min },
        mean: t.mean(),
        max: t.max,
        self_tstates: t.self_tstates,
        self_instructions: t.self_instructions,
        instructions: t.inclusive_instructions,
        micros: mhz.iter().map(|&m| micros(t.inclusive, m)).collect(),
    }
}

fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deep search of the 1978 program: hundreds of billions of T-states, long names.
    fn widest() -> Profile {
        let big = 987_654_321_098_u64;
        let mhz = vec![1.774, 2.0, 4.0];
        let line = |name: &str| RoutineLine {
            name: name.to_string(),
            addr: 0x1234,
            calls: 123_456_789,
            total: big,
            min: big / 3,
            mean: big as f64 / 2.5,
            max: big / 2,
            self_tstates: big / 4,
            self_instructions: big / 40,
            instructions: big / 7,
            micros: mhz.iter().map(|&m| micros(big, m)).collect(),
        };
        Profile {
            routine: "FNDMOV".to_string(),
            entry: 0x3056,
            tstates: big,
            instructions: big / 7,
            micros: mhz.iter().map(|&m| micros(big, m)).collect(),
            routines: vec![line("FNDMOV"), line("POINTS+1234")],
            mhz: mhz.clone(),
            mix: vec![MixEntry {
                mnemonic: "LD",
                count: big / 9,
                tstates: big / 3,
            }],
            reads: big / 5,
            writes: big / 6,
            heatmap: None,
            hot_code: vec![HotCode {
                addr: 0x1577,
                symbol: "PIECE+13".to_string(),
                mnemonic: "JP",
                instruction: "JP NC,GENOVF".to_string(),
                count: big / 100,
                tstates: big / 10,
            }],
            hot_data: vec![HotData {
                addr: 0x0022,
                symbol: "BOARDA+34 d2".to_string(),
                reads: big / 100,
                writes: big / 200,
            }],
        }
    }

    #[test]
    fn the_text_fits_100_columns_at_the_widest_counts() {
        let text = widest().to_text();
        for line in text.lines() {
            assert!(
                line.chars().count() <= 100,
                "{} wide: {line}",
                line.chars().count()
            );
        }
        assert!(text.contains("(min and max left out to fit 100 columns; --json has them)"));
        let heading = text.lines().find(|l| l.starts_with("  routine")).unwrap();
        let columns: Vec<&str> = heading.split_whitespace().collect();
        assert_eq!(
            columns,
            [
                "routine", "calls", "total", "T", "mean", "self", "T", "instr"
            ]
        );
    }

    #[test]
    fn real_time_of_tstates() {
        assert_eq!(micros(49_821, 4.0), 12_455.25);
        assert_eq!(microseconds(micros(49_821, 4.0)), "12.5 ms");
        assert_eq!(micros(293, 2.0), 146.5);
    }
}
