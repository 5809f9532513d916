//! What the debugger runs: one routine called as the harness calls it, or a whole program on
//! the Jupiter III (the `jupiter` room's machine, its monitor performed at 0038H, keys typed to
//! it), and the machine either way.

use crate::abi::{AbiSymbols, Driver};
use crate::jupiter::{Glyphs, Jupiter, Look, MonitorCall, Options as JupiterOptions};
use crate::machine::{Image, Machine};

/// The debugger's machine and how it got there.
pub enum Target {
    /// A routine of an image bound to the board ABI.
    Routine(Box<Driver>),
    /// A whole program on the Jupiter III.
    Program(Box<Program>),
}

/// Which panes the right-hand column shows in a whole program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// The screen, but the board and the moves while a search runs.
    #[default]
    Auto,
    /// Always the screen.
    Screen,
    /// Always the board and the moves.
    Search,
}

impl View {
    /// The next choice, for `v`.
    pub fn next(self) -> View {
        match self {
            View::Auto => View::Screen,
            View::Screen => View::Search,
            View::Search => View::Auto,
        }
    }

    /// In words, for the status line.
    pub fn text(self) -> &'static str {
        match self {
            View::Auto => "the screen, the board and moves during a search",
            View::Screen => "the screen always",
            View::Search => "the board and moves always",
        }
    }
}

/// How a whole program is started in the debugger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramOptions {
    /// Where it starts and the seed of R's advance at key reads.
    pub start: JupiterOptions,
    /// The entry as named (DRIVER, or what the user gave).
    pub entry_name: String,
    /// Keys queued before the program starts.
    pub keys: Vec<u8>,
    /// How block graphics are drawn.
    pub glyphs: Glyphs,
    /// The screen's tones: dark on light as the machine's, or the negative.
    pub look: Look,
}

/// A whole program in the debugger: the machine, and what the panes show of it.
pub struct Program {
    /// The machine with the program running on it.
    pub jupiter: Jupiter,
    /// How it was started, to start it again.
    pub options: ProgramOptions,
    /// The board ABI's symbols when the program follows the ABI (its board and moves panes).
    pub abi: Option<AbiSymbols>,
    /// True while keys typed go to the program (and it runs); false while they command the
    /// debugger.
    pub typing: bool,
    /// The last monitor call performed.
    pub last_call: Option<MonitorCall>,
    /// Monitor calls performed since the start.
    pub calls: u64,
    /// The right-hand column.
    pub view: View,
}

impl Program {
    /// The program of `image` started as `options` say, its keys queued.
    pub fn start(image: &Image, options: ProgramOptions) -> Result<Program, String> {
        let mut jupiter = Jupiter::new(image, options.start).map_err(|e| e.to_string())?;
        jupiter.push_keys(&options.keys);
        Ok(Program {
            jupiter,
            abi: AbiSymbols::resolve(image).ok(),
            options,
            typing: false,
            last_call: None,
            calls: 0,
            view: View::Auto,
        })
    }
}

impl Target {
    /// The machine the code runs on.
    pub fn machine(&self) -> &Machine {
        match self {
            Target::Routine(driver) => driver.machine(),
            Target::Program(program) => program.jupiter.machine(),
        }
    }

    /// The board ABI's symbols, when the image follows the ABI.
    pub fn abi(&self) -> Option<&AbiSymbols> {
        match self {
            Target::Routine(driver) => Some(driver.symbols()),
            Target::Program(program) => program.abi.as_ref(),
        }
    }
}
