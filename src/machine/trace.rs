//! Watching the machine: the `Observer` hooks and the built-in per-address access counters.

use super::SymbolTable;

/// Receives every instruction and every data access of a run, ports included (opcode and
/// operand fetches are not reported as reads; they are the `bytes` of `on_instruction`). An
/// instruction's reads and writes are reported while it executes, in order, before its own
/// `on_instruction`.
///
/// Runs are monomorphised over the observer; the machine's untraced path has no hooks at all.
pub trait Observer {
    /// An instruction at `pc` (encoded as `bytes`) has executed and cost `tstates`.
    fn on_instruction(&mut self, _pc: u16, _bytes: &[u8], _tstates: u32) {}

    /// The instruction at `pc` read `value` from `addr`.
    fn on_read(&mut self, _pc: u16, _addr: u16, _value: u8) {}

    /// The instruction at `pc` wrote `value` to `addr`.
    fn on_write(&mut self, _pc: u16, _addr: u16, _value: u8) {}

    /// The instruction at `pc` read `value` from port `port` (the full 16-bit address).
    fn on_input(&mut self, _pc: u16, _port: u16, _value: u8) {}

    /// The instruction at `pc` wrote `value` to port `port`.
    fn on_output(&mut self, _pc: u16, _port: u16, _value: u8) {}
}

/// The observer that watches nothing: the machine's untraced path.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoObserver;

impl Observer for NoObserver {}

/// Per-address read and write counters, and the same counts by the address of the instruction
/// that made them (for per-routine attribution).
#[derive(Debug, Clone, Default)]
pub struct AccessTrace {
    counters: Option<Box<Counters>>,
}

/// The four tables of counters in one allocation, so that counting reaches each through the
/// same pointer.
#[derive(Debug, Clone)]
pub(crate) struct Counters {
    tables: Box<[u64; 4 * 0x10000]>,
}

/// Where the tables of `Counters` start.
const READS: usize = 0;
const WRITES: usize = 0x10000;
const READS_BY: usize = 2 * 0x10000;
const WRITES_BY: usize = 3 * 0x10000;

impl Counters {
    fn new() -> Counters {
        let tables = vec![0u64; 4 * 0x10000]
            .into_boxed_slice()
            .try_into()
            .expect("a vector of four tables converts to an array");
        Counters { tables }
    }

    fn table(&self, start: usize) -> &[u64] {
        &self.tables[start..start + 0x10000]
    }

    #[inline(always)]
    fn add(&mut self, start: usize, at: u16) {
        self.tables[start + usize::from(at)] += 1;
    }
}

impl Observer for Counters {
    #[inline(always)]
    fn on_read(&mut self, pc: u16, addr: u16, _value: u8) {
        self.add(READS, addr);
        self.add(READS_BY, pc);
    }

    #[inline(always)]
    fn on_write(&mut self, pc: u16, addr: u16, _value: u8) {
        self.add(WRITES, addr);
        self.add(WRITES_BY, pc);
    }
}

/// Reads and writes made by the instructions of one routine (the code from its symbol up to the
/// next symbol).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoutineAccess {
    /// The routine's symbol.
    pub name: String,
    /// Data bytes read by its instructions.
    pub reads: u64,
    /// Bytes written by its instructions.
    pub writes: u64,
}

impl AccessTrace {
    /// The counters, allocated on first use (2 MiB).
    pub(crate) fn counters(&mut self) -> &mut Counters {
        self.counters
            .get_or_insert_with(|| Box::new(Counters::new()))
    }

    /// Sets every counter to zero.
    pub fn clear(&mut self) {
        self.counters = None;
    }

    fn count(&self, start: usize, addr: u16) -> u64 {
        self.counters
            .as_ref()
            .map_or(0, |c| c.table(start)[usize::from(addr)])
    }

    /// Data reads of `addr`.
    pub fn reads(&self, addr: u16) -> u64 {
        self.count(READS, addr)
    }

    /// Writes to `addr`.
    pub fn writes(&self, addr: u16) -> u64 {
        self.count(WRITES, addr)
    }

    /// Data reads made by the instruction at `pc`.
    pub fn reads_by(&self, pc: u16) -> u64 {
        self.count(READS_BY, pc)
    }

    /// Writes made by the instruction at `pc`.
    pub fn writes_by(&self, pc: u16) -> u64 {
        self.count(WRITES_BY, pc)
    }

    /// All data reads.
    pub fn total_reads(&self) -> u64 {
        self.counters
            .as_ref()
            .map_or(0, |c| c.table(READS).iter().sum())
    }

    /// All writes.
    pub fn total_writes(&self) -> u64 {
        self.counters
            .as_ref()
            .map_or(0, |c| c.table(WRITES).iter().sum())
    }

    /// Reads and writes grouped by the routine (nearest symbol at or below the instruction) that
    /// made them, busiest first; accesses from below every symbol go to `"?"`.
    pub fn by_routine(&self, symbols: &SymbolTable) -> Vec<RoutineAccess> {
        let Some(c) = &self.counters else {
            return Vec::new();
        };
        let mut out: Vec<RoutineAccess> = Vec::new();
        for pc in 0..=u16::MAX {
            let at = usize::from(pc);
            let (reads, writes) = (c.table(READS_BY)[at], c.table(WRITES_BY)[at]);
            if reads == 0 && writes == 0 {
                continue;
            }
            let name = symbols.nearest_below(pc).map_or("?", |(n, _)| n);
            match out.iter_mut().find(|r| r.name == name) {
                Some(r) => {
                    r.reads += reads;
                    r.writes += writes;
                }
                None => out.push(RoutineAccess {
                    name: name.to_string(),
                    reads,
                    writes,
                }),
            }
        }
        out.sort_by(|a, b| {
            (b.reads + b.writes)
                .cmp(&(a.reads + a.writes))
                .then(a.name.cmp(&b.name))
        });
        out
    }
}
