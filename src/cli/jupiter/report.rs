//! What a run of `jupiter` reports: the summary in words, the JSON object, the exit status.

use std::time::Duration;

use serde::Serialize;

use sargon_z80::abi::chosen_uci;
use sargon_z80::jupiter::{End, Jupiter, JupiterError, Search, Stop, key_text};
use sargon_z80::machine::Cost;
use sargon_z80::text::{grouped, shell_command};

use super::Setup;
use crate::cli::exit;

/// A finished run, ready to print.
pub(crate) struct Summary {
    program: String,
    entry: u16,
    seed: u64,
    mhz: f64,
    paced: bool,
    stop: Stop,
    /// Where the program was and what it was doing, for a run that did not stop by itself.
    doing: String,
    /// The search under way, in words (empty when none).
    search_text: String,
    pc: u16,
    clock: Cost,
    wall: Duration,
    searches: Vec<Search>,
    searching: Option<Cost>,
    keys_given: Vec<u8>,
    keys_used: Vec<u8>,
    keys_unused: usize,
    cursor: (usize, usize),
    screen: Vec<String>,
    replay: Vec<String>,
}

/// A computer move as UCI.
pub(crate) fn uci(search: &Search) -> String {
    chosen_uci(search.from, search.to, search.flags)
}

/// Where the program is: `PC = 1A23H (DRIVER+23H: LD A,(HL))`, and the search under way.
pub(crate) fn doing(jupiter: &Jupiter) -> String {
    let machine = jupiter.machine();
    let pc = machine.pc();
    let (instruction, _) = machine.disassemble(pc);
    let place = match machine.symbols().nearest_below(pc) {
        Some((name, value)) if value == pc => format!("{name}: "),
        Some((name, value)) => format!("{name}+{:X}H: ", pc - value),
        None => String::new(),
    };
    format!(
        "PC = {pc:04X}H ({place}{instruction}){}",
        searching(jupiter)
    )
}

/// `, searching (FNDMOV) for N T-states` while a search is under way, else nothing.
fn searching(jupiter: &Jupiter) -> String {
    match jupiter.search_since() {
        Some(since) => format!(
            ", searching (FNDMOV) for {} T-states",
            grouped(jupiter.clock().tstates - since.tstates)
        ),
        None => String::new(),
    }
}

impl Summary {
    /// The summary of `jupiter` stopped by `stop` after `wall` of wall time.
    pub fn new(setup: &Setup, jupiter: &Jupiter, stop: Stop, wall: Duration) -> Summary {
        let screen = jupiter.screen();
        let mut replay = vec!["sargon-z80".to_string(), "jupiter".to_string()];
        replay.extend(setup.replay.iter().cloned());
        replay.extend(["--seed".into(), jupiter.seed().to_string()]);
        if !jupiter.keys_used().is_empty() {
            replay.extend(["--keys".into(), key_text(jupiter.keys_used())]);
        }
        Summary {
            program: setup.program.clone(),
            entry: setup.options.entry,
            seed: jupiter.seed(),
            mhz: setup.mhz,
            paced: setup.pace,
            doing: doing(jupiter),
            search_text: searching(jupiter),
            pc: jupiter.machine().pc(),
            stop,
            clock: jupiter.clock(),
            wall,
            searches: jupiter.searches().to_vec(),
            searching: jupiter.search_since(),
            keys_given: setup.keys.clone(),
            keys_used: jupiter.keys_used().to_vec(),
            keys_unused: jupiter.keys_queued(),
            cursor: screen.cursor(),
            screen: screen.lines(setup.glyphs),
            replay,
        }
    }

    /// The exit status: 0 when the program stopped by itself, 2 for a failure or the limit,
    /// 130 for Ctrl-C.
    pub fn code(&self) -> i32 {
        match self.stop {
            Stop::Key | Stop::Ended(_) => exit::OK,
            Stop::Limit | Stop::Failed(_) => exit::INPUT,
            Stop::Interrupted => exit::INTERRUPTED,
        }
    }

    /// The screen as text: the rows without their trailing spaces.
    pub fn screen_text(&self) -> String {
        let mut out = String::new();
        for line in &self.screen {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// Seconds at the chosen clock.
    fn seconds(&self, tstates: u64) -> f64 {
        tstates as f64 / (self.mhz * 1e6)
    }

    /// Why the run stopped, in words.
    pub fn stopped(&self) -> String {
        match &self.stop {
            Stop::Key if self.keys_used.is_empty() => "the program waits for a key".to_string(),
            Stop::Key => format!(
                "the program waits for a key after the last of {} keys",
                self.keys_used.len()
            ),
            Stop::Ended(End::Monitor { block }) => {
                format!("the program returned to the monitor (1FH at {block:04X}H)")
            }
            Stop::Ended(End::Returned) => "the program returned from its entry".to_string(),
            Stop::Limit => format!(
                "the program was still running after --max-tstates ({} T-states) at {}",
                grouped(self.clock.tstates),
                self.doing
            ),
            Stop::Failed(error) => format!("{error}{}", self.search_text),
            Stop::Interrupted => format!("interrupted at {}", self.doing),
        }
    }

    /// The summary in words, one fact a line.
    pub fn text(&self) -> String {
        let mut out = format!("seed {} · {}\n", self.seed, self.program);
        out.push_str(&format!("stopped: {}\n", self.stopped()));
        if self.keys_unused > 0 {
            out.push_str(&format!("keys not read: {}\n", self.keys_unused));
        }
        out.push_str(&format!("clock: {}\n", self.cost_text(self.clock)));
        if self.paced && self.wall > Duration::ZERO {
            let mhz = self.clock.tstates as f64 / self.wall.as_secs_f64() / 1e6;
            out.push_str(&format!(
                "paced at {} MHz: {:.2} s of wall time, the clock ran at {mhz:.4} MHz\n",
                self.mhz,
                self.wall.as_secs_f64()
            ));
        }
        if !self.searches.is_empty() {
            out.push_str("computer moves:\n");
            for (i, search) in self.searches.iter().enumerate() {
                out.push_str(&format!(
                    "  {:>3}. {:<5} {}\n",
                    i + 1,
                    uci(search),
                    self.cost_text(search.cost)
                ));
            }
            let total = self
                .searches
                .iter()
                .fold(Cost::default(), |t, s| t + s.cost);
            out.push_str(&format!("       total {}\n", self.cost_text(total)));
        }
        out.push_str(&format!("replay: {}\n", shell_command(&self.replay)));
        out
    }

    fn cost_text(&self, cost: Cost) -> String {
        format!(
            "{} T-states, {} instructions ({:.2} s at {} MHz)",
            grouped(cost.tstates),
            grouped(cost.instructions),
            self.seconds(cost.tstates),
            self.mhz
        )
    }

    /// The run as one JSON document.
    pub fn json(&self) -> String {
        let clock = |cost: Cost| JsonCost {
            tstates: cost.tstates,
            instructions: cost.instructions,
            seconds: self.seconds(cost.tstates),
        };
        let moves = self
            .searches
            .iter()
            .map(|s| JsonMove {
                uci: uci(s),
                from: s.from,
                to: s.to,
                flags: s.flags,
                bestm: s.bestm,
                started: s.started,
                tstates: s.cost.tstates,
                instructions: s.cost.instructions,
                seconds: self.seconds(s.cost.tstates),
            })
            .collect();
        let document = Json {
            program: &self.program,
            entry: self.entry,
            seed: self.seed,
            mhz: self.mhz,
            paced: self.paced,
            stopped: JsonStop {
                reason: reason(&self.stop),
                message: self.stopped(),
                pc: self.pc,
            },
            keys: JsonKeys {
                given: key_text(&self.keys_given),
                used: key_text(&self.keys_used),
                unused: self.keys_unused,
            },
            clock: clock(self.clock),
            wall_seconds: self.wall.as_secs_f64(),
            computer_moves: moves,
            searching: self.searching.map(|since| {
                clock(Cost {
                    tstates: self.clock.tstates - since.tstates,
                    instructions: self.clock.instructions - since.instructions,
                })
            }),
            cursor: [self.cursor.0, self.cursor.1],
            screen: &self.screen,
        };
        serde_json::to_string_pretty(&document).expect("the document serializes")
    }
}

/// The stable name of a stop, for the JSON.
fn reason(stop: &Stop) -> &'static str {
    match stop {
        Stop::Key => "waiting_for_key",
        Stop::Ended(End::Monitor { .. }) => "monitor",
        Stop::Ended(End::Returned) => "returned",
        Stop::Limit => "max_tstates",
        Stop::Failed(JupiterError::UnknownCall { .. }) => "unknown_call",
        Stop::Failed(_) => "machine_error",
        Stop::Interrupted => "interrupted",
    }
}

#[derive(Serialize)]
struct Json<'a> {
    program: &'a str,
    entry: u16,
    seed: u64,
    mhz: f64,
    paced: bool,
    stopped: JsonStop,
    keys: JsonKeys,
    clock: JsonCost,
    wall_seconds: f64,
    computer_moves: Vec<JsonMove>,
    searching: Option<JsonCost>,
    cursor: [usize; 2],
    screen: &'a [String],
}

#[derive(Serialize)]
struct JsonStop {
    reason: &'static str,
    message: String,
    pc: u16,
}

#[derive(Serialize)]
struct JsonKeys {
    given: String,
    used: String,
    unused: usize,
}

#[derive(Serialize)]
struct JsonCost {
    tstates: u64,
    instructions: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct JsonMove {
    uci: String,
    from: u8,
    to: u8,
    flags: u8,
    bestm: u16,
    started: u64,
    tstates: u64,
    instructions: u64,
    seconds: f64,
}
