//! Stepping: one instruction, over a CALL, out of a routine, to a breakpoint or a watched change,
//! and run mode; what the status line says when a run stops.

use crossterm::event::KeyCode;

use super::app::{App, CallState, RUN_LIMIT, SPEEDS};
use super::routine::Routine;
use super::target::Target;
use crate::engine::score::verdict;
use crate::position::{COLOR_MASK, Entry};
use crate::text::grouped;

/// What stopped a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// The stop condition of the command held.
    Done,
    /// PC reached a breakpoint.
    Breakpoint,
    /// An instruction changed a watched address.
    Watched,
    /// The routine returned to the harness.
    Returned,
    /// The machine reported an error.
    Failed,
    /// The instruction limit ran out.
    Limit,
    /// A key was pressed during a long command.
    Key,
    /// A routine reached `RST 38H` in a whole program: a monitor call, which only the
    /// Jupiter III performs.
    Monitor,
    /// The whole program waits for a key and none is queued.
    Waiting,
}

/// Instructions between two looks for a pending key during a long command: under a
/// millisecond of stepping.
pub const KEY_SLICE: u64 = 1 << 14;

/// The machine state before one step, for stop conditions.
#[derive(Debug, Clone, Copy)]
pub(super) struct Before {
    /// Bytes on the stack.
    pub depth: u16,
    /// The opcode at PC.
    pub opcode: u8,
}

/// The machine state after one step, for stop conditions.
#[derive(Debug, Clone, Copy)]
pub(super) struct After {
    /// PC now.
    pub pc: u16,
    /// Bytes on the stack now.
    pub depth: u16,
    /// True when the step read a key (a whole program's monitor call).
    pub read_key: bool,
}

#[derive(Debug, Clone, Copy)]
pub(super) enum Command {
    Step,
    Over,
    Out,
    Continue,
}

impl App {
    /// The stepping keys: s, n, o, c and space.
    pub(super) fn step_key(&mut self, code: KeyCode) {
        match code {
            KeyCode::Char('s') => self.command(Command::Step),
            KeyCode::Char('n') => self.command(Command::Over),
            KeyCode::Char('o') => self.command(Command::Out),
            KeyCode::Char('c') => self.command(Command::Continue),
            KeyCode::Char(' ') => self.toggle_run(),
            _ => {}
        }
    }

    /// One batch of run mode.
    pub(super) fn run_batch(&mut self) {
        let batch = SPEEDS[self.speed_index];
        match self.run(batch, |_, _| false) {
            Stop::Limit => {}
            stop => {
                self.running = false;
                self.report(stop);
            }
        }
    }

    fn toggle_run(&mut self) {
        if self.running {
            self.running = false;
            self.status = "paused".to_string();
        } else if self.ensure_active() {
            self.begin_command();
            self.running = true;
            self.status = format!(
                "running, {} instructions per tick",
                SPEEDS[self.speed_index]
            );
        }
    }

    /// A finished call starts again when the user steps on; false when it cannot.
    fn ensure_active(&mut self) -> bool {
        if self.call == CallState::Active {
            return true;
        }
        match self.restart() {
            Ok(()) => true,
            Err(error) => {
                self.status = error;
                false
            }
        }
    }

    /// Remembers memory as it is, so the variables pane marks what the command changes and
    /// the watchpoints stop at a change from here.
    pub(super) fn begin_command(&mut self) {
        let memory = self.target.machine().memory();
        self.snapshot.clear();
        self.snapshot.extend_from_slice(memory);
        self.watch.sync(memory);
    }

    pub(super) fn command(&mut self, command: Command) {
        self.running = false;
        if !self.ensure_active() {
            return;
        }
        self.begin_command();
        let stop = match command {
            Command::Step => self.run(1, |_, _| true),
            Command::Over => {
                let machine = self.machine();
                let pc = machine.pc();
                let opcode = machine.peek(pc);
                // A monitor call is one step already; its RST returns past the block.
                let monitor = opcode == 0xFF && self.jupiter().is_some();
                match call_length(opcode).filter(|_| !monitor) {
                    Some(len) => {
                        let back = pc.wrapping_add(len);
                        let depth = self.depth();
                        self.run(RUN_LIMIT, move |_, a| a.pc == back && a.depth == depth)
                    }
                    None => self.run(1, |_, _| true),
                }
            }
            Command::Out => {
                let depth = self.depth();
                self.run(RUN_LIMIT, move |before, after| {
                    // Deeper calls return at a greater depth than the routine we are in.
                    is_return(before.opcode)
                        && after.depth.wrapping_add(2) == before.depth
                        && before.depth <= depth
                })
            }
            Command::Continue => self.run(RUN_LIMIT, |_, _| false),
        };
        self.report(stop);
    }

    /// Bytes on the stack below its top: 2 inside the harness's call, more in nested calls.
    pub(super) fn depth(&self) -> u16 {
        let machine = self.machine();
        machine.stack().wrapping_sub(machine.sp())
    }

    /// Steps up to `limit` instructions until `done(before, after)` holds after one, a
    /// breakpoint is reached (not on the first instruction), a watched address changes, or
    /// the routine returns or fails (a whole program: ends, fails or waits for a key none is
    /// queued for).
    pub(super) fn run(&mut self, limit: u64, done: impl Fn(&Before, &After) -> bool) -> Stop {
        if self.call != CallState::Active {
            return Stop::Returned;
        }
        for done_so_far in 0..limit {
            if done_so_far % KEY_SLICE == KEY_SLICE - 1
                && self.key_waiting.as_ref().is_some_and(|waiting| waiting())
            {
                return Stop::Key;
            }
            let machine = self.machine();
            let before = Before {
                depth: self.depth(),
                opcode: machine.peek(machine.pc()),
            };
            let read_key = match self.step_one() {
                Ok(read_key) => read_key,
                Err(stop) => return stop,
            };
            if let Some(hit) = self.watch.take_hit() {
                self.status = self.describe_hit(hit);
                return Stop::Watched;
            }
            let pc = self.machine().pc();
            let after = After {
                pc,
                depth: self.depth(),
                read_key,
            };
            if done(&before, &after) {
                return Stop::Done;
            }
            if self.breakpoints.contains(&pc) {
                return Stop::Breakpoint;
            }
            if let Some(stop) = self.program_pause() {
                return stop;
            }
        }
        Stop::Limit
    }

    /// One step of the routine or the program; whether it read a key, or why the run stops.
    fn step_one(&mut self) -> Result<bool, Stop> {
        let Target::Routine(driver) = &mut self.target else {
            return self.program_step();
        };
        let machine = driver.machine();
        if machine.peek(machine.pc()) == 0xFF && self.image.symbols.get("DRIVER").is_some() {
            return Err(Stop::Monitor);
        }
        let step = match driver.machine_mut().step_observed(&mut self.watch) {
            Ok(step) => step,
            Err(error) => {
                self.call = CallState::Failed(error.to_string());
                return Err(Stop::Failed);
            }
        };
        self.tstates += u64::from(step.tstates);
        self.instructions += 1;
        self.last_pc = step.pc;
        if step.returned {
            self.call = CallState::Returned;
            return Err(Stop::Returned);
        }
        Ok(false)
    }

    /// `watch: NAME written by WHERE: old -> new`, for the whole variable when all of it is
    /// watched, else for the byte.
    fn describe_hit(&self, hit: super::watch::WriteHit) -> String {
        let memory = self.machine().memory();
        let by = match self.last_call().filter(|_| hit.by_monitor) {
            Some(call) => format!(
                "the monitor's {} at {}",
                call.call.name(),
                self.name_of(hit.pc)
            ),
            None => self.name_of(hit.pc),
        };
        let whole = self.vars.iter().find(|v| {
            v.holds(hit.addr)
                && (0..v.size()).all(|i| self.watch.is_watched(v.addr.wrapping_add(i)))
        });
        match whole {
            Some(var) => {
                let mut old = memory.to_vec();
                let at = usize::from(var.addr);
                let size = usize::from(var.size());
                old[at..at + size].copy_from_slice(&self.snapshot[at..at + size]);
                format!(
                    "watch: {} written by {by}: {} -> {}",
                    var.name,
                    var.value(&old),
                    var.value(memory)
                )
            }
            None => format!(
                "watch: {} written by {by}: {:02X} -> {:02X}",
                self.name_of(hit.addr),
                hit.old,
                hit.value
            ),
        }
    }

    pub(super) fn report(&mut self, stop: Stop) {
        if self.jupiter().is_some() {
            self.report_program(stop);
            return;
        }
        let pc = self.machine().pc();
        let name = self.routine.name().to_string();
        self.status = match stop {
            Stop::Done => String::new(),
            Stop::Watched => return,
            Stop::Breakpoint => format!("breakpoint at {}", self.name_of(pc)),
            Stop::Limit => format!(
                "paused after {} instructions at {}: still running (runaway code?)",
                grouped(RUN_LIMIT),
                self.name_of(pc)
            ),
            Stop::Key => format!("paused at {} for the key pressed", self.name_of(pc)),
            Stop::Failed => match &self.call {
                CallState::Failed(error) => format!("{name} failed: {error}"),
                _ => String::new(),
            },
            Stop::Returned => self.returned_text(),
            Stop::Monitor => format!(
                "RST 38H at {} calls the Jupiter III's monitor: `tui --jupiter` runs the whole \
                 program on the machine",
                self.name_of(pc)
            ),
            Stop::Waiting => String::new(),
        };
    }

    /// What the routine left, said when it returns.
    fn returned_text(&self) -> String {
        let machine = self.machine();
        let a = machine.registers().a;
        match &self.routine {
            Routine::Genmov => {
                let ckflg = self.abi().map_or(0, |abi| machine.peek(abi.ckflg));
                let count = self.moves().len();
                let plural = if count == 1 { "" } else { "s" };
                format!(
                    "GENMOV returned {count} move{plural}, CKFLG={ckflg:02X}: ↑↓ m makes one, s runs it again"
                )
            }
            Routine::Inchk => {
                let side = if a == 0 { "not in check" } else { "in check" };
                format!("INCHK returned A={a:02X}: the side to move is {side}")
            }
            Routine::Move | Routine::Unmove => {
                let which = self
                    .entry
                    .and_then(|e| self.move_label(e))
                    .unwrap_or_default();
                format!(
                    "{} {which} returned; ↑↓ picks another move",
                    self.routine.name()
                )
            }
            Routine::Fndmov => self.search_result(),
            Routine::Other(name) => format!("{name} returned with A={a:02X}"),
        }
    }

    /// BESTM and SCORE+1 after FNDMOV.
    fn search_result(&self) -> String {
        let symbols = &self.image.symbols;
        let machine = self.machine();
        let bestm = symbols.get("BESTM").map_or(0, |at| machine.peek16(at));
        let score = symbols
            .get("SCORE")
            .map_or(0, |at| machine.peek(at.wrapping_add(1)));
        let best = self
            .move_label(bestm)
            .unwrap_or_else(|| format!("{bestm:04X}h"));
        format!(
            "FNDMOV returned BESTM {best}, SCORE+1={score:02X} ({})",
            verdict(score)
        )
    }

    pub(super) fn select(&mut self, by: isize) {
        let len = self.moves().len();
        let before = self.selected;
        self.selected = if len == 0 {
            0
        } else {
            (self.selected as isize)
                .saturating_add(by)
                .clamp(0, len as isize - 1) as usize
        };
        // MOVE and UNMOVE work on the highlighted move: a new one starts the call again.
        if self.routine.takes_a_move() && self.selected != before {
            match self.restart() {
                Ok(()) => {
                    let which = self
                        .entry
                        .and_then(|e| self.move_label(e))
                        .unwrap_or_default();
                    self.status = format!("{} called on {which}", self.routine.name());
                }
                Err(error) => self.status = error,
            }
        }
    }

    /// MOVE on the highlighted entry, then the routine again on the new position.
    pub(super) fn make_selected(&mut self) {
        self.running = false;
        let listed = self.routine == Routine::Genmov && self.call == CallState::Returned;
        if !listed && !self.routine.takes_a_move() {
            self.status = if self.routine == Routine::Genmov {
                "let GENMOV finish first (c runs to the end)"
            } else {
                "m makes a move of GENMOV's list: r switches to GENMOV, MOVE or UNMOVE"
            }
            .to_string();
            return;
        }
        let Some(chosen) = self.moves().get(self.selected).cloned() else {
            self.status = "no move to make".to_string();
            return;
        };
        let label = self.move_label(chosen.addr).unwrap_or_default();
        let takes_a_move = self.routine.takes_a_move();
        let Target::Routine(driver) = &mut self.target else {
            return;
        };
        if takes_a_move {
            // The list again on the position as it was, without the routine's effect.
            driver.set_root(&self.root);
            if let Err(error) = driver.genmov(&mut Vec::new()) {
                self.status = error.to_string();
                return;
            }
        }
        let at = usize::from(chosen.addr);
        let bytes: [u8; 6] = driver.machine().memory()[at..at + 6]
            .try_into()
            .expect("six bytes make an entry");
        match driver.make(chosen.addr) {
            Ok(cost) => {
                let mut board = self.root;
                driver.read_board(&mut board);
                board.color ^= COLOR_MASK;
                board.prev = Entry::from_bytes(bytes);
                self.root = board;
                self.selected = 0;
                let next = match self.restart() {
                    Ok(()) => format!("{} called for the other side", self.routine.name()),
                    Err(error) => error,
                };
                self.status = format!("MOVE {label} took {} T-states; {next}", cost.tstates);
            }
            Err(error) => self.status = error.to_string(),
        }
    }
}

/// The length of a CALL, CALL cc or RST opcode; None for anything else.
fn call_length(opcode: u8) -> Option<u16> {
    match opcode {
        0xCD | 0xC4 | 0xCC | 0xD4 | 0xDC | 0xE4 | 0xEC | 0xF4 | 0xFC => Some(3),
        op if op & 0xC7 == 0xC7 => Some(1),
        _ => None,
    }
}

/// True for RET and RET cc (RETI/RETN do not occur in board code).
fn is_return(opcode: u8) -> bool {
    opcode == 0xC9 || opcode & 0xC7 == 0xC0
}
