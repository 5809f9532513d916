//! The debugger's state machine: keys in, machine steps and screen state out. The crossterm
//! event loop lives in `terminal.rs`; everything here runs against any backend.

use std::collections::BTreeSet;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::heat::Heat;
use super::moves::{ListedMove, written_moves};
use super::watch::Watch;
use crate::abi::{AbiError, Driver};
use crate::machine::{Image, parse_u16};
use crate::position::{Board, COLOR_MASK, Entry};
use crate::profile::DEFAULT_MHZ;

/// Instructions per tick while running, chosen with `+` and `-`.
pub const SPEEDS: [u64; 6] = [1, 10, 100, 1_000, 10_000, 100_000];

/// Most instructions one "continue" or "run to RET" executes before pausing, so a runaway
/// image leaves the debugger responsive.
pub const RUN_LIMIT: u64 = 20_000_000;

/// Longest text a prompt accepts.
const PROMPT_MAX: usize = 120;

/// What a prompt asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKind {
    /// A symbol or address to toggle a breakpoint on.
    Breakpoint,
    /// A position in FEN.
    Fen,
}

/// A one-line text prompt on the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// What is asked.
    pub kind: PromptKind,
    /// The text typed so far.
    pub input: String,
}

/// Where the GENMOV call stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallState {
    /// Stopped inside the routine, ready to step.
    Active,
    /// The routine returned to the harness.
    Returned,
    /// The machine stopped it with an error (runaway, HALT, bad stack, ...).
    Failed(String),
}

/// Options of the debugger.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Clock rates the T-state counter converts to; `t` cycles through them.
    pub mhz: Vec<f64>,
    /// Draw pieces as FEN letters instead of Unicode chess symbols.
    pub ascii: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            mhz: DEFAULT_MHZ.to_vec(),
            ascii: false,
        }
    }
}

/// What stopped a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// The stop condition of the command held.
    Done,
    /// PC reached a breakpoint.
    Breakpoint,
    /// The routine returned to the harness.
    Returned,
    /// The machine reported an error.
    Failed,
    /// The instruction limit ran out.
    Limit,
}

/// The machine state before one step, for stop conditions.
#[derive(Debug, Clone, Copy)]
struct Before {
    depth: u16,
    opcode: u8,
}

/// The terminal debugger: a GENMOV call on an ABI image, stepped by keys.
pub struct App {
    driver: Driver,
    image: Image,
    root: Board,
    watch: Watch,
    breakpoints: BTreeSet<u16>,
    prompt: Option<Prompt>,
    running: bool,
    call: CallState,
    tstates: u64,
    instructions: u64,
    last_pc: u16,
    list_start: u16,
    selected: usize,
    mhz: Vec<f64>,
    mhz_index: usize,
    speed_index: usize,
    ascii: bool,
    status: String,
    quit: bool,
}

impl App {
    /// A debugger on `image` with `board` set up and GENMOV called, stopped at its first
    /// instruction.
    pub fn new(image: &Image, board: Board, options: Options) -> Result<App, AbiError> {
        let driver = Driver::new(image)?;
        let symbols = driver.symbols();
        let list_end = symbols.mlend.saturating_add(5);
        let watch = Watch::new(symbols.boarda, symbols.mlist, list_end);
        let mhz = if options.mhz.is_empty() {
            DEFAULT_MHZ.to_vec()
        } else {
            options.mhz
        };
        let mut app = App {
            driver,
            image: image.clone(),
            root: board,
            watch,
            breakpoints: BTreeSet::new(),
            prompt: None,
            running: false,
            call: CallState::Active,
            tstates: 0,
            instructions: 0,
            last_pc: 0,
            list_start: 0,
            selected: 0,
            mhz,
            mhz_index: 0,
            speed_index: 1,
            ascii: options.ascii,
            status: String::new(),
            quit: false,
        };
        app.restart();
        app.status = "GENMOV called; s steps, ? explains the keys".to_string();
        Ok(app)
    }

    /// Sets the root position up again and calls GENMOV, stopped before its first instruction.
    fn restart(&mut self) {
        self.driver.set_root(&self.root);
        let before = self.driver.begin_genmov();
        self.list_start = before.mlnxt;
        let genmov = self.driver.symbols().genmov;
        self.driver.machine_mut().begin_call(genmov);
        self.last_pc = genmov;
        self.watch.restart(before.mlnxt);
        self.call = CallState::Active;
        self.running = false;
        self.tstates = 0;
        self.instructions = 0;
        self.selected = 0;
    }

    /// True once the user asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// True while run mode executes instructions on every tick.
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// Handles one key press (releases and repeats of other kinds are ignored).
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.prompt.is_some() {
            self.prompt_key(key.code);
            return;
        }
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char('s') => self.command(Command::Step),
            KeyCode::Char('n') => self.command(Command::Over),
            KeyCode::Char('o') => self.command(Command::Out),
            KeyCode::Char('c') => self.command(Command::Continue),
            KeyCode::Char(' ') => self.toggle_run(),
            KeyCode::Char('b') => self.open_prompt(PromptKind::Breakpoint),
            KeyCode::Char('f') => self.open_prompt(PromptKind::Fen),
            KeyCode::Char('m') => self.make_selected(),
            KeyCode::Char('t') => self.mhz_index = (self.mhz_index + 1) % self.mhz.len(),
            KeyCode::Char('+') => self.speed_index = (self.speed_index + 1).min(SPEEDS.len() - 1),
            KeyCode::Char('-') => self.speed_index = self.speed_index.saturating_sub(1),
            KeyCode::Char('?') => self.status = KEYS_HELP.to_string(),
            KeyCode::Up | KeyCode::Char('k') => self.select(-1),
            KeyCode::Down | KeyCode::Char('j') => self.select(1),
            KeyCode::PageUp => self.select(-10),
            KeyCode::PageDown => self.select(10),
            KeyCode::Home => self.selected = 0,
            KeyCode::End => self.select(isize::MAX),
            _ => {}
        }
    }

    /// Advances run mode by one batch of instructions; the event loop calls it between keys.
    pub fn tick(&mut self) {
        if !self.running {
            return;
        }
        let batch = SPEEDS[self.speed_index];
        match self.run(batch, |_, _, _| false) {
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
        } else {
            self.ensure_active();
            self.running = true;
            self.status = format!(
                "running, {} instructions per tick",
                SPEEDS[self.speed_index]
            );
        }
    }

    /// A finished call starts again when the user steps on.
    fn ensure_active(&mut self) {
        if self.call != CallState::Active {
            self.restart();
        }
    }

    fn command(&mut self, command: Command) {
        self.running = false;
        self.ensure_active();
        let stop = match command {
            Command::Step => self.run(1, |_, _, _| true),
            Command::Over => {
                let machine = self.driver.machine();
                let pc = machine.pc();
                match call_length(machine.peek(pc)) {
                    Some(len) => {
                        let back = pc.wrapping_add(len);
                        let depth = self.depth();
                        self.run(RUN_LIMIT, move |_, pc, d| pc == back && d == depth)
                    }
                    None => self.run(1, |_, _, _| true),
                }
            }
            Command::Out => {
                let depth = self.depth();
                self.run(RUN_LIMIT, move |before, _, d| {
                    // Deeper calls return at a greater depth than the routine we are in.
                    is_return(before.opcode)
                        && d.wrapping_add(2) == before.depth
                        && before.depth <= depth
                })
            }
            Command::Continue => self.run(RUN_LIMIT, |_, _, _| false),
        };
        self.report(stop);
    }

    /// Bytes on the stack below its top: 2 inside the harness's call, more in nested calls.
    fn depth(&self) -> u16 {
        let machine = self.driver.machine();
        machine.stack().wrapping_sub(machine.sp())
    }

    /// Steps up to `limit` instructions until `done(before, pc, depth)` holds after one, a
    /// breakpoint is reached (not on the first instruction), the routine returns or fails.
    fn run(&mut self, limit: u64, done: impl Fn(&Before, u16, u16) -> bool) -> Stop {
        if self.call != CallState::Active {
            return Stop::Returned;
        }
        for _ in 0..limit {
            let machine = self.driver.machine();
            let pc = machine.pc();
            let before = Before {
                depth: self.depth(),
                opcode: machine.peek(pc),
            };
            let step = match self.driver.machine_mut().step_observed(&mut self.watch) {
                Ok(step) => step,
                Err(error) => {
                    self.call = CallState::Failed(error.to_string());
                    return Stop::Failed;
                }
            };
            self.tstates += u64::from(step.tstates);
            self.instructions += 1;
            self.last_pc = step.pc;
            if step.returned {
                self.call = CallState::Returned;
                return Stop::Returned;
            }
            let pc = self.driver.machine().pc();
            if done(&before, pc, self.depth()) {
                return Stop::Done;
            }
            if self.breakpoints.contains(&pc) {
                return Stop::Breakpoint;
            }
        }
        Stop::Limit
    }

    fn report(&mut self, stop: Stop) {
        let pc = self.driver.machine().pc();
        self.status = match stop {
            Stop::Done => String::new(),
            Stop::Breakpoint => format!("breakpoint at {}", self.name_of(pc)),
            Stop::Limit => format!("paused after {RUN_LIMIT} instructions"),
            Stop::Failed => match &self.call {
                CallState::Failed(error) => format!("GENMOV failed: {error}"),
                _ => String::new(),
            },
            Stop::Returned => {
                let ckflg = self.driver.machine().peek(self.driver.symbols().ckflg);
                let count = self.moves().len();
                let plural = if count == 1 { "" } else { "s" };
                format!(
                    "GENMOV returned {count} move{plural}, CKFLG={ckflg:02X}: ↑↓ m makes one, s runs it again"
                )
            }
        };
    }

    fn select(&mut self, by: isize) {
        let len = self.moves().len();
        if len == 0 {
            self.selected = 0;
            return;
        }
        let target = (self.selected as isize)
            .saturating_add(by)
            .clamp(0, len as isize - 1);
        self.selected = target as usize;
    }

    fn open_prompt(&mut self, kind: PromptKind) {
        self.running = false;
        self.prompt = Some(Prompt {
            kind,
            input: String::new(),
        });
    }

    fn prompt_key(&mut self, code: KeyCode) {
        let Some(prompt) = self.prompt.as_mut() else {
            return;
        };
        match code {
            KeyCode::Esc => {
                self.prompt = None;
                self.status = "cancelled".to_string();
            }
            KeyCode::Enter => {
                if let Some(prompt) = self.prompt.take() {
                    self.submit(prompt);
                }
            }
            KeyCode::Backspace => {
                prompt.input.pop();
            }
            KeyCode::Char(c) if prompt.input.len() < PROMPT_MAX => prompt.input.push(c),
            _ => {}
        }
    }

    fn submit(&mut self, prompt: Prompt) {
        let text = prompt.input.trim();
        match prompt.kind {
            PromptKind::Breakpoint => self.toggle_breakpoint(text),
            PromptKind::Fen => match Board::from_fen(text) {
                Ok(board) => {
                    self.root = board;
                    self.restart();
                    self.status = "position set; GENMOV called".to_string();
                }
                Err(error) => self.status = format!("bad FEN: {error}"),
            },
        }
    }

    fn toggle_breakpoint(&mut self, text: &str) {
        let addr = self
            .image
            .symbols
            .get(text)
            .or_else(|| parse_u16(text).ok());
        let Some(addr) = addr else {
            self.status = format!("no symbol or address {text:?}");
            return;
        };
        let name = self.name_of(addr);
        self.status = if self.breakpoints.remove(&addr) {
            format!("breakpoint cleared at {name}")
        } else {
            self.breakpoints.insert(addr);
            format!("breakpoint set at {name}")
        };
    }

    /// MOVE on the highlighted entry, then GENMOV for the other side on the new position.
    fn make_selected(&mut self) {
        self.running = false;
        if self.call != CallState::Returned {
            self.status = "let GENMOV finish first (c runs to the end)".to_string();
            return;
        }
        let Some(chosen) = self.moves().get(self.selected).cloned() else {
            self.status = "no move to make".to_string();
            return;
        };
        let memory = self.driver.machine().memory();
        let at = usize::from(chosen.addr);
        let bytes: [u8; 6] = memory[at..at + 6]
            .try_into()
            .expect("six bytes make an entry");
        match self.driver.make(chosen.addr) {
            Ok(cost) => {
                let mut board = self.root;
                self.driver.read_board(&mut board);
                board.color ^= COLOR_MASK;
                board.prev = Entry::from_bytes(bytes);
                self.root = board;
                self.restart();
                self.status = format!(
                    "MOVE {} took {} T-states; GENMOV called for the other side",
                    chosen.uci, cost.tstates
                );
            }
            Err(error) => self.status = error.to_string(),
        }
    }

    /// `NAME`, `NAME+n` or the bare address.
    pub fn name_of(&self, addr: u16) -> String {
        match self.image.symbols.nearest_below(addr) {
            Some((name, at)) if at == addr => format!("{name} ({addr:04X}h)"),
            Some((name, at)) if self.image.contains(addr) => {
                format!("{name}+{} ({addr:04X}h)", addr - at)
            }
            _ => format!("{addr:04X}h"),
        }
    }

    /// The moves written so far in this ply's list: up to MLNXT, or further when the code has
    /// written entries it has not yet published through MLNXT.
    pub fn moves(&self) -> Vec<ListedMove> {
        let machine = self.driver.machine();
        let mlnxt = machine.peek16(self.driver.symbols().mlnxt);
        let next = self.watch.written_end().map_or(mlnxt, |end| end.max(mlnxt));
        written_moves(machine.memory(), self.list_start, next)
    }

    /// The driver (machine, symbols) the debugger runs on.
    pub fn driver(&self) -> &Driver {
        &self.driver
    }

    /// The image's bytes and symbols.
    pub fn image(&self) -> &Image {
        &self.image
    }

    /// The fading BOARDA heatmap.
    pub fn heat(&self) -> &Heat {
        &self.watch.heat
    }

    /// Addresses with a breakpoint.
    pub fn breakpoints(&self) -> &BTreeSet<u16> {
        &self.breakpoints
    }

    /// The open prompt, if any.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.prompt.as_ref()
    }

    /// Where the GENMOV call stands.
    pub fn call_state(&self) -> &CallState {
        &self.call
    }

    /// T-states since GENMOV was called.
    pub fn tstates(&self) -> u64 {
        self.tstates
    }

    /// The address of the last instruction executed (GENMOV's entry before the first step).
    pub fn last_pc(&self) -> u16 {
        self.last_pc
    }

    /// Instructions since GENMOV was called.
    pub fn instructions(&self) -> u64 {
        self.instructions
    }

    /// The clock rate the T-state counter is shown at.
    pub fn mhz(&self) -> f64 {
        self.mhz[self.mhz_index]
    }

    /// Instructions per tick in run mode.
    pub fn speed(&self) -> u64 {
        SPEEDS[self.speed_index]
    }

    /// Index of the highlighted move.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The position GENMOV was called on.
    pub fn root(&self) -> &Board {
        &self.root
    }

    /// True to draw pieces as letters.
    pub fn ascii(&self) -> bool {
        self.ascii
    }

    /// The status line's message.
    pub fn status(&self) -> &str {
        &self.status
    }
}

/// What the terse help line's keys do, for `?` (one status line).
pub const KEYS_HELP: &str =
    "n over CALL, o run to RET, c run to breakpoint, b toggle breakpoint, m make move";

#[derive(Debug, Clone, Copy)]
enum Command {
    Step,
    Over,
    Out,
    Continue,
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

impl super::terminal::Screen for App {
    fn draw(&self, frame: &mut ratatui::Frame) {
        App::draw(self, frame);
    }

    fn handle_key(&mut self, key: KeyEvent) {
        App::handle_key(self, key);
    }

    fn tick(&mut self) {
        App::tick(self);
    }

    fn should_quit(&self) -> bool {
        App::should_quit(self)
    }

    fn frame_wait(&self) -> std::time::Duration {
        // One animation frame while running; nothing changes without a key while paused.
        std::time::Duration::from_millis(if self.is_running() { 16 } else { 500 })
    }
}
