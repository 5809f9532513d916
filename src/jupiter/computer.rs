//! The Jupiter III: a program running free on the Machine, the monitor performed whenever PC
//! reaches 0038H, keys taken from a queue, the console writing into the video memory.

use std::collections::VecDeque;

use crate::machine::{Cost, Image, Machine, RST_38H, Run, RunEnd};
use crate::random::SplitMix64;

use super::console::{CELLS, Console, VIDEO, Written};
use super::error::JupiterError;
use super::log::SearchLog;
use super::monitor::{Call, MONITOR, block_bytes};
use super::screen::Screen;
use super::watch::{ProgramWatch, SearchSymbols};

/// The most instructions one piece of a run executes before the room looks up: long enough
/// that the pieces cost nothing, short enough to answer a clock limit.
const PIECE: u64 = 1 << 22;
/// The most T-states one instruction takes (a DD CB or FD CB instruction, EX (SP),IX): a
/// piece of at most `t / MAX_INSTRUCTION_T` instructions cannot pass `t` T-states.
const MAX_INSTRUCTION_T: u64 = 23;
/// The entry's name when none is given.
pub const DEFAULT_ENTRY: &str = "DRIVER";

/// How a program starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Where it starts (see [`entry`]).
    pub entry: u16,
    /// The seed of the amounts R advances by at each key read.
    pub seed: u64,
}

/// Why [`Jupiter::run`] handed back control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pause {
    /// The program waits for a key and none is queued.
    Key,
    /// The clock reached the limit the run was given.
    Clock,
    /// The program ended.
    Ended(End),
}

/// How a program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// It returned to the monitor (the `1FH` block at `block`).
    Monitor {
        /// The block's address.
        block: u16,
    },
    /// It returned from its entry.
    Returned,
}

/// Where the program is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum State {
    Running,
    /// In the monitor's key read, whose block is at `block`.
    Waiting {
        block: u16,
    },
    Ended(End),
    Failed(JupiterError),
}

/// The emulated Jupiter III with a program in its memory.
///
/// ```
/// use sargon_z80::assembler::assemble_str;
/// use sargon_z80::jupiter::{Glyphs, Jupiter, Options, Pause, End};
/// use sargon_z80::machine::{Image, SymbolTable};
///
/// // Reads a key, prints it twice, returns to the monitor.
/// let source = "ORG 100H\nDRIVER: RST 38H\n DB 81H,0\n RST 38H\n DB 81H,1AH\n RST 38H\n DB 81H,1AH\n RST 38H\n DB 1FH\n";
/// let asm = assemble_str("echo.asm", source, &[]).unwrap();
/// let symbols = SymbolTable::parse(&asm.sym_text()).unwrap();
/// let image = Image::new(asm.bytes.clone(), asm.start, symbols).unwrap();
/// let entry = sargon_z80::jupiter::entry(&image, None).unwrap();
/// let mut jupiter = Jupiter::new(&image, Options { entry, seed: 1 }).unwrap();
/// assert_eq!(jupiter.run(u64::MAX), Ok(Pause::Key));
/// jupiter.push_keys(b"Z");
/// assert_eq!(jupiter.run(u64::MAX), Ok(Pause::Ended(End::Monitor { block: 0x10A })));
/// assert_eq!(jupiter.screen().line(0, Glyphs::Unicode).trim_end(), "ZZ");
/// assert_eq!(jupiter.clock().tstates, 4 * 11, "four RST 38H; the monitor costs nothing");
/// ```
pub struct Jupiter {
    pub(super) machine: Machine,
    pub(super) console: Console,
    pub(super) keys: VecDeque<u8>,
    pub(super) used: Vec<u8>,
    pub(super) rng: SplitMix64,
    pub(super) seed: u64,
    pub(super) clock: Cost,
    pub(super) watch: ProgramWatch,
    pub(super) state: State,
    /// How many times the monitor's console wrote each cell, when counted.
    pub(super) console_writes: Option<Box<[u64; CELLS]>>,
}

/// The entry named by `name` (a symbol of the image, else an address such as `1A00H`), or
/// DRIVER when `name` is None; it must lie inside the image.
pub fn entry(image: &Image, name: Option<&str>) -> Result<u16, JupiterError> {
    let name = name.unwrap_or(DEFAULT_ENTRY);
    let entry = match image.symbols.get(name) {
        Some(addr) => addr,
        None => crate::machine::parse_u16(name).map_err(|_| JupiterError::NoEntry {
            name: crate::files::clip(name),
        })?,
    };
    if !image.contains(entry) {
        return Err(JupiterError::EntryOutside {
            entry,
            org: image.org,
            end: image.end(),
        });
    }
    Ok(entry)
}

impl Jupiter {
    /// The machine with `image` loaded, the screen blank (the video memory the image does not
    /// cover holds spaces), the program about to start at the entry with R = 0. PC may go
    /// anywhere in the image and to the monitor; SP anywhere. With FNDMOV and BESTM among the
    /// image's symbols every search is recorded ([`Jupiter::searches`]).
    pub fn new(image: &Image, options: Options) -> Result<Jupiter, JupiterError> {
        if !image.contains(options.entry) {
            return Err(JupiterError::EntryOutside {
                entry: options.entry,
                org: image.org,
                end: image.end(),
            });
        }
        let mut machine = Machine::new(image);
        machine.set_stack_size(u16::MAX);
        if !image.contains(MONITOR) {
            // The image, stretched to take in the monitor's entry.
            let start = image.org.min(MONITOR);
            let last = (image.end() - 1).max(u32::from(MONITOR)) as u16;
            machine.set_code_region(start..=last);
        }
        for i in 0..CELLS as u16 {
            if !image.contains(VIDEO + i) {
                machine.poke(VIDEO + i, super::console::SPACE);
            }
        }
        machine.begin_call(options.entry);
        Ok(Jupiter {
            machine,
            console: Console::new(),
            keys: VecDeque::new(),
            used: Vec::new(),
            rng: SplitMix64::new(options.seed),
            seed: options.seed,
            clock: Cost::default(),
            watch: ProgramWatch::new(SearchSymbols::find(&image.symbols)),
            state: State::Running,
            console_writes: None,
        })
    }

    /// Queues a key for the program's next key read.
    pub fn push_key(&mut self, key: u8) {
        self.keys.push_back(key);
    }

    /// Queues keys in order.
    pub fn push_keys(&mut self, keys: &[u8]) {
        self.keys.extend(keys);
    }

    /// Runs the program until it waits for a key none is queued for, ends, fails, or its clock
    /// reaches `until` T-states (the first instruction that reaches it completes; `u64::MAX`
    /// for no limit). A program that failed keeps failing with the same error.
    pub fn run(&mut self, until: u64) -> Result<Pause, JupiterError> {
        self.run_by(until, |machine, watch, budget| {
            machine.run_watched(watch, budget)
        })
    }

    /// [`Jupiter::run`] with each piece run by `run` (the machine, its watch, the budget).
    pub(super) fn run_by(
        &mut self,
        until: u64,
        mut run: impl FnMut(&mut Machine, &mut ProgramWatch, u64) -> Run,
    ) -> Result<Pause, JupiterError> {
        loop {
            match &self.state {
                State::Running => {}
                State::Waiting { block } => {
                    let block = *block;
                    match self.keys.pop_front() {
                        Some(key) => {
                            self.give_key(block, key);
                        }
                        None => return Ok(Pause::Key),
                    }
                }
                State::Ended(end) => return Ok(Pause::Ended(*end)),
                State::Failed(error) => return Err(error.clone()),
            }
            if self.clock.tstates >= until {
                return Ok(Pause::Clock);
            }
            let budget = ((until - self.clock.tstates) / MAX_INSTRUCTION_T).clamp(1, PIECE);
            self.piece_by(budget, &mut run)?;
        }
    }

    /// One piece of a run: the machine run by `run` for at most `budget` instructions, then
    /// what stopped it dealt with.
    pub(super) fn piece_by(
        &mut self,
        budget: u64,
        run: impl FnOnce(&mut Machine, &mut ProgramWatch, u64) -> Run,
    ) -> Result<(), JupiterError> {
        self.watch.base = self.clock;
        let run = run(&mut self.machine, &mut self.watch, budget);
        self.clock += run.cost;
        match run.end {
            RunEnd::Budget => Ok(()),
            RunEnd::Broke { .. } => self.monitor().map(|_| ()),
            RunEnd::Returned => {
                self.settle_search();
                self.state = State::Ended(End::Returned);
                Ok(())
            }
            RunEnd::Fault(error) => Err(self.fail(JupiterError::Machine {
                error,
                tstates: self.clock.tstates,
            })),
        }
    }

    /// Remembers the error: the program cannot go on.
    fn fail(&mut self, error: JupiterError) -> JupiterError {
        self.state = State::Failed(error.clone());
        error
    }

    /// Performs the monitor call whose block the return address on the stack points at; the
    /// block's address and the call.
    pub(super) fn monitor(&mut self) -> Result<(u16, Call), JupiterError> {
        let block = self.machine.peek16(self.machine.sp());
        let Some(call) = self.machine.monitor_block(block) else {
            let bytes = block_bytes(self.machine.memory(), block);
            let rst = Some(block.wrapping_sub(1)).filter(|&at| self.machine.peek(at) == RST_38H);
            return Err(self.fail(JupiterError::UnknownCall { block, rst, bytes }));
        };
        let a = self.machine.a();
        match call {
            Call::Key => {
                self.settle_search();
                self.state = State::Waiting { block };
                return Ok((block, call));
            }
            Call::ToMonitor => {
                self.settle_search();
                self.state = State::Ended(End::Monitor { block });
                return Ok((block, call));
            }
            Call::Echo => self.put(a),
            Call::NewLine => self.new_line(),
            Call::PrintLine { address, count } | Call::Print { address, count } => {
                for i in 0..count {
                    let byte = self.machine.peek(address.wrapping_add(i));
                    self.put(byte);
                }
                if matches!(call, Call::PrintLine { .. }) {
                    self.new_line();
                }
            }
        }
        self.return_from(block, call.block_len(), None);
        Ok((block, call))
    }

    /// One byte to the console, its writes counted when asked.
    fn put(&mut self, byte: u8) {
        let written = self.console.put(&mut self.machine, byte);
        self.count(written);
    }

    /// A new line on the console, its writes counted when asked.
    fn new_line(&mut self) {
        for byte in [super::console::CR, super::console::LF] {
            self.put(byte);
        }
    }

    fn count(&mut self, written: Written) {
        let Some(cells) = self.console_writes.as_deref_mut() else {
            return;
        };
        match written {
            Written::Nothing => {}
            Written::Cell(addr) => cells[usize::from(addr - VIDEO)] += 1,
            Written::Screen => cells.iter_mut().for_each(|n| *n += 1),
        }
    }

    /// Decides whether the latest search's move was played: the program reads a key or ends.
    fn settle_search(&mut self) {
        let machine = &self.machine;
        self.watch.settle(|address| machine.peek(address));
    }

    /// Ends the key read at `block` with `key` in A, R advanced by the seed's next amount
    /// (which it returns).
    pub(super) fn give_key(&mut self, block: u16, key: u8) -> u8 {
        self.used.push(key);
        let amount = self.rng.below(128) as u8;
        let r = self.machine.r();
        self.machine
            .set_r((r & 0x80) | (r.wrapping_add(amount) & 0x7F));
        self.return_from(block, Call::Key.block_len(), Some(key));
        self.state = State::Running;
        amount
    }

    /// Returns from the monitor past the block of `len` bytes at `block`, A set when given.
    fn return_from(&mut self, block: u16, len: u16, a: Option<u8>) {
        let mut regs = self.machine.registers();
        if let Some(a) = a {
            regs.a = a;
        }
        regs.sp = regs.sp.wrapping_add(2);
        regs.pc = block.wrapping_add(len);
        self.machine.set_registers(&regs);
    }

    /// The screen now.
    pub fn screen(&self) -> Screen {
        Screen::from_memory(self.machine.memory(), self.console.cursor())
    }

    /// The program's clock: its instructions and their T-states since it started.
    pub fn clock(&self) -> Cost {
        self.clock
    }

    /// The finished searches: the first and the latest of them, and the count and cost of
    /// all (none when the image has no FNDMOV and BESTM).
    pub fn searches(&self) -> &SearchLog {
        &self.watch.searches
    }

    /// The clock when the search under way began, if one is.
    pub fn search_since(&self) -> Option<Cost> {
        self.watch.open_since()
    }

    /// True when the image names a search routine the machine follows.
    pub fn follows_searches(&self) -> bool {
        self.watch.follows()
    }

    /// True when the program waits in a key read.
    pub fn waiting_for_key(&self) -> bool {
        matches!(self.state, State::Waiting { .. })
    }

    /// How the program ended, if it did.
    pub fn ended(&self) -> Option<End> {
        match self.state {
            State::Ended(end) => Some(end),
            _ => None,
        }
    }

    /// The keys the program has read, in order.
    pub fn keys_used(&self) -> &[u8] {
        &self.used
    }

    /// Keys queued and not read yet.
    pub fn keys_queued(&self) -> usize {
        self.keys.len()
    }

    /// The keys queued and not read yet, in order.
    pub fn keys_unread(&self) -> Vec<u8> {
        self.keys.iter().copied().collect()
    }

    /// Every key given to the program, read or still queued, in order: what replays a session.
    pub fn keys_pushed(&self) -> Vec<u8> {
        self.used.iter().chain(&self.keys).copied().collect()
    }

    /// The seed of the amounts R advances by at key reads.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The machine (memory, registers).
    pub fn machine(&self) -> &Machine {
        &self.machine
    }
}
