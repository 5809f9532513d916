//! The debugger's state machine: keys in, machine steps and screen state out. The crossterm
//! event loop lives in `terminal.rs`; everything here runs against any backend.

use std::collections::BTreeSet;
use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use thiserror::Error;

use super::heat::Heat;
use super::routine::{Routine, SearchInputs, prepare};
use super::target::{Program, ProgramOptions, Target};
use super::vars::{Variable, variables};
use super::watch::Watch;
use crate::abi::{AbiError, AbiSymbols, Driver};
use crate::jupiter::Jupiter;
use crate::machine::{Dialect, Image, Machine};
use crate::position::Board;
use crate::profile::DEFAULT_MHZ;
use crate::source::SourceMap;
use crate::tui::Theme;

/// Instructions per tick while running, chosen with `+` and `-`.
pub const SPEEDS: [u64; 6] = [1, 10, 100, 1_000, 10_000, 100_000];

/// Most instructions one "continue" or "run to RET" executes before pausing, so a runaway
/// image leaves the debugger responsive.
pub const RUN_LIMIT: u64 = 20_000_000;

/// What a prompt asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKind {
    /// A symbol or address to toggle a breakpoint on.
    Breakpoint,
    /// A symbol or address whose writes stop a run (toggled).
    Watchpoint,
    /// A position in FEN.
    Fen,
    /// The routine to step.
    Routine,
    /// Keys to queue for a whole program (the `{enter}` forms of `--keys`).
    Keys,
}

/// A one-line text prompt on the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// What is asked.
    pub kind: PromptKind,
    /// The text typed so far.
    pub input: String,
}

/// Where the call stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallState {
    /// Stopped inside the routine, ready to step.
    Active,
    /// The routine returned to the harness.
    Returned,
    /// The machine stopped it with an error (runaway, HALT, bad stack, ...), or it could not
    /// be set up.
    Failed(String),
}

/// Options of the debugger.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Clock rates the T-state counter converts to; `t` cycles through them.
    pub mhz: Vec<f64>,
    /// Draw pieces as FEN letters instead of Unicode chess symbols.
    pub ascii: bool,
    /// Colours or none.
    pub theme: Theme,
    /// The routine stepped first (GENMOV, MOVE, UNMOVE, INCHK, FNDMOV or any symbol).
    pub routine: String,
    /// PLYMAX, MOVENO and R for FNDMOV.
    pub search: SearchInputs,
    /// The mnemonics of the disassembly: Zilog's, or TDL's as the 1978 book prints them.
    pub dialect: Dialect,
    /// The program's source, when at hand: the code pane shows its lines at PC, breakpoints
    /// take its lines, and the disassembly writes operands as it wrote them.
    pub source: Option<Arc<SourceMap>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            mhz: DEFAULT_MHZ.to_vec(),
            ascii: false,
            theme: Theme::COLOUR,
            routine: "GENMOV".to_string(),
            search: SearchInputs {
                plymax: 2,
                moveno: 2,
                r_register: 0,
            },
            dialect: Dialect::Zilog,
            source: None,
        }
    }
}

/// Why the debugger could not start.
#[derive(Debug, Error)]
pub enum DebugError {
    /// The image lacks board ABI symbols.
    #[error(transparent)]
    Abi(#[from] AbiError),
    /// The routine cannot be called on this image or position.
    #[error("{0}")]
    Routine(String),
}

/// The terminal debugger: one routine call on an ABI image, or a whole program on the Jupiter
/// III, stepped by keys.
pub struct App {
    pub(super) target: Target,
    pub(super) image: Image,
    pub(super) root: Board,
    pub(super) watch: Watch,
    pub(super) breakpoints: BTreeSet<u16>,
    pub(super) prompt: Option<Prompt>,
    pub(super) running: bool,
    pub(super) call: CallState,
    pub(super) routine: Routine,
    pub(super) search: SearchInputs,
    /// The entry MOVE or UNMOVE works on.
    pub(super) entry: Option<u16>,
    pub(super) tstates: u64,
    pub(super) instructions: u64,
    pub(super) last_pc: u16,
    pub(super) list_start: u16,
    pub(super) selected: usize,
    pub(super) mhz: Vec<f64>,
    pub(super) mhz_index: usize,
    pub(super) speed_index: usize,
    pub(super) ascii: bool,
    pub(super) theme: Theme,
    pub(super) dialect: Dialect,
    /// The program's source, when at hand.
    pub(super) source: Option<Arc<SourceMap>>,
    /// True while the code pane shows the source's lines (`v` switches).
    pub(super) show_source: bool,
    /// Memory as it was when the last command began: what differs has just changed.
    pub(super) snapshot: Vec<u8>,
    pub(super) vars: Vec<Variable>,
    pub(super) status: String,
    pub(super) quit: bool,
    /// Asked between slices of a long command (continue, over, out): true when a key waits,
    /// which pauses the command so that the key (Ctrl-C, q) is answered at once.
    pub(super) key_waiting: Option<Box<dyn Fn() -> bool>>,
}

impl App {
    /// A debugger on `image` with `board` set up and the routine of `options` called, stopped
    /// at its first instruction.
    pub fn new(image: &Image, board: Board, options: Options) -> Result<App, DebugError> {
        let driver = Driver::new(image)?;
        let routine = Routine::parse(&options.routine);
        let mut app = App::around(
            Target::Routine(Box::new(driver)),
            image,
            board,
            options,
            routine,
        );
        if let Err(error) = app.restart() {
            return Err(DebugError::Routine(error));
        }
        app.status = format!(
            "{} called; s steps, ? explains the keys",
            app.routine.name()
        );
        Ok(app)
    }

    /// A debugger on the whole program `image` running on the Jupiter III as `program` says,
    /// stopped before its first instruction with its keys queued. The board, moves and
    /// variables panes show where the image follows the board ABI.
    pub fn program(
        image: &Image,
        program: ProgramOptions,
        options: Options,
    ) -> Result<App, DebugError> {
        let routine = Routine::Other(program.entry_name.clone());
        let started = Program::start(image, program).map_err(DebugError::Routine)?;
        let target = Target::Program(Box::new(started));
        let mut app = App::around(target, image, Board::startpos(), options, routine);
        // The Jupiter III's own clock first, when the rates offer it.
        app.mhz_index = app.mhz.iter().position(|&m| m == 4.0).unwrap_or(0);
        app.refresh_program_vars();
        app.snapshot = app.machine().memory().to_vec();
        app.last_pc = app.machine().pc();
        app.status =
            "the program is ready at its entry: s steps, c runs, i types to it, ? more".to_string();
        Ok(app)
    }

    /// The debugger's state around `target`, nothing called yet.
    fn around(
        target: Target,
        image: &Image,
        root: Board,
        options: Options,
        routine: Routine,
    ) -> App {
        let watch = match target.abi() {
            Some(symbols) => Watch::new(
                symbols.boarda,
                symbols.mlist,
                symbols.mlend.saturating_add(5),
            ),
            // Nothing of the board to light: the heat and the list watch an empty place.
            None => Watch::new(0, 1, 0),
        };
        let mhz = if options.mhz.is_empty() {
            DEFAULT_MHZ.to_vec()
        } else {
            options.mhz
        };
        App {
            target,
            image: image.clone(),
            root,
            watch,
            breakpoints: BTreeSet::new(),
            prompt: None,
            running: false,
            call: CallState::Active,
            routine,
            search: options.search,
            entry: None,
            tstates: 0,
            instructions: 0,
            last_pc: 0,
            list_start: 0,
            selected: 0,
            mhz,
            mhz_index: 0,
            speed_index: 1,
            ascii: options.ascii,
            theme: options.theme,
            dialect: options.dialect,
            show_source: options.source.is_some(),
            source: options.source,
            snapshot: Vec::new(),
            vars: Vec::new(),
            status: String::new(),
            quit: false,
            key_waiting: None,
        }
    }

    /// Sets the position up again and calls the routine, stopped before its first instruction
    /// (a whole program starts again from its entry, its first keys queued again).
    pub(super) fn restart(&mut self) -> Result<(), String> {
        self.running = false;
        self.tstates = 0;
        self.instructions = 0;
        if let Target::Program(program) = &mut self.target {
            let fresh = Program::start(&self.image, program.options.clone())?;
            let view = program.view;
            **program = Program { view, ..fresh };
            self.watch
                .restart(self.target.abi().map_or(1, |abi| abi.mlist));
            self.last_pc = self.machine().pc();
            self.snapshot = self.machine().memory().to_vec();
            self.call = CallState::Active;
            return Ok(());
        }
        let choice = if self.routine.takes_a_move() {
            self.selected
        } else {
            0
        };
        let Target::Routine(driver) = &mut self.target else {
            unreachable!("a whole program started again above");
        };
        let prepared = match prepare(
            driver,
            &self.image,
            &self.root,
            &self.routine,
            choice,
            &self.search,
        ) {
            Ok(prepared) => prepared,
            Err(error) => {
                self.call = CallState::Failed(error.clone());
                return Err(error);
            }
        };
        self.list_start = prepared.list_start;
        self.entry = prepared.entry;
        if !self.routine.takes_a_move() {
            self.selected = 0;
        }
        driver.machine_mut().begin_call(prepared.addr);
        self.vars = variables(
            &self.image,
            driver.symbols(),
            &self.routine,
            self.search.plymax,
        );
        self.last_pc = prepared.addr;
        self.watch.restart(prepared.list_start);
        self.snapshot = self.machine().memory().to_vec();
        self.call = CallState::Active;
        Ok(())
    }

    /// The variables of a whole program that follows the ABI: the board's and the search's,
    /// SCORE as long as PLYMAX says now.
    pub(super) fn refresh_program_vars(&mut self) {
        let Target::Program(program) = &self.target else {
            return;
        };
        let Some(abi) = program.abi.as_ref() else {
            return;
        };
        let plymax = self
            .image
            .symbols
            .get("PLYMAX")
            .map_or(self.search.plymax, |at| program.jupiter.machine().peek(at));
        self.vars = variables(&self.image, abi, &Routine::Fndmov, plymax.clamp(1, 10));
    }

    /// True once the user asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Lets a long command pause for a key: `waiting` is asked every
    /// `KEY_SLICE` instructions whether a key is pending (the terminal's
    /// event queue), so that Ctrl-C and q answer within milliseconds even while a runaway
    /// routine runs towards [`RUN_LIMIT`].
    pub fn pause_on_key(&mut self, waiting: Box<dyn Fn() -> bool>) {
        self.key_waiting = Some(waiting);
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
        if self.typing() {
            self.type_key(key);
            return;
        }
        if self.prompt.is_some() {
            self.prompt_key(key.code);
            return;
        }
        if self.program_key(key.code) {
            return;
        }
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char('b') => self.open_prompt(PromptKind::Breakpoint),
            KeyCode::Char('w') => self.open_prompt(PromptKind::Watchpoint),
            KeyCode::Char('f') => self.open_prompt(PromptKind::Fen),
            KeyCode::Char('r') => self.open_prompt(PromptKind::Routine),
            KeyCode::Char('m') => self.make_selected(),
            KeyCode::Char('t') => self.mhz_index = (self.mhz_index + 1) % self.mhz.len(),
            KeyCode::Char('v' | 'V') => self.toggle_view(),
            KeyCode::Char('+') => self.speed_index = (self.speed_index + 1).min(SPEEDS.len() - 1),
            KeyCode::Char('-') => self.speed_index = self.speed_index.saturating_sub(1),
            KeyCode::Char('?') => self.status = KEYS_HELP.to_string(),
            KeyCode::Up | KeyCode::Char('k') => self.select(-1),
            KeyCode::Down | KeyCode::Char('j') => self.select(1),
            KeyCode::PageUp => self.select(-10),
            KeyCode::PageDown => self.select(10),
            KeyCode::Home => self.select(isize::MIN),
            KeyCode::End => self.select(isize::MAX),
            code => self.step_key(code),
        }
    }

    /// Advances run mode by one batch of instructions; the event loop calls it between keys.
    pub fn tick(&mut self) {
        if self.typing() {
            self.type_tick();
        } else if self.running {
            self.run_batch();
        }
    }

    /// The driver (machine, symbols) a routine runs on; None for a whole program.
    pub fn driver(&self) -> Option<&Driver> {
        match &self.target {
            Target::Routine(driver) => Some(driver.as_ref()),
            Target::Program(_) => None,
        }
    }

    /// The machine the code runs on.
    pub fn machine(&self) -> &Machine {
        self.target.machine()
    }

    /// The board ABI's symbols, when the image follows the ABI.
    pub fn abi(&self) -> Option<&AbiSymbols> {
        self.target.abi()
    }

    /// The Jupiter III a whole program runs on; None while a routine is stepped.
    pub fn jupiter(&self) -> Option<&Jupiter> {
        match &self.target {
            Target::Program(program) => Some(&program.jupiter),
            Target::Routine(_) => None,
        }
    }

    /// True while keys go to the program rather than to the debugger.
    pub fn typing(&self) -> bool {
        matches!(&self.target, Target::Program(program) if program.typing)
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

    /// Addresses whose writes stop a run.
    pub fn watchpoints(&self) -> &BTreeSet<u16> {
        self.watch.watched()
    }

    /// The open prompt, if any.
    pub fn prompt(&self) -> Option<&Prompt> {
        self.prompt.as_ref()
    }

    /// Where the call stands.
    pub fn call_state(&self) -> &CallState {
        &self.call
    }

    /// The routine stepped.
    pub fn routine(&self) -> &Routine {
        &self.routine
    }

    /// T-states since the routine was called (the program's clock for a whole program).
    pub fn tstates(&self) -> u64 {
        self.jupiter().map_or(self.tstates, |j| j.clock().tstates)
    }

    /// The address of the last instruction executed (the routine's entry before the first
    /// step).
    pub fn last_pc(&self) -> u16 {
        self.last_pc
    }

    /// Instructions since the routine was called (or the program started).
    pub fn instructions(&self) -> u64 {
        self.jupiter()
            .map_or(self.instructions, |j| j.clock().instructions)
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

    /// The position the routine was called on.
    pub fn root(&self) -> &Board {
        &self.root
    }

    /// True to draw pieces as letters.
    pub fn ascii(&self) -> bool {
        self.ascii
    }

    /// The styles of the screen.
    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// The variables pane's variables.
    pub fn variables(&self) -> &[Variable] {
        &self.vars
    }

    /// True when the byte at `addr` changed during the last command.
    pub fn changed(&self, addr: u16) -> bool {
        let now = self.machine().memory()[usize::from(addr)];
        self.snapshot.get(usize::from(addr)) != Some(&now)
    }

    /// The status line's message.
    pub fn status(&self) -> &str {
        &self.status
    }
}

/// What the terse help line's keys do, for `?` (one status line).
pub const KEYS_HELP: &str =
    "n over CALL · o to RET · c to breakpoint · w watch · v source · t MHz · +- speed";

impl super::super::terminal::Screen for App {
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
        let busy = self.is_running() || (self.typing() && self.program_runs());
        std::time::Duration::from_millis(if busy { 16 } else { 500 })
    }
}
