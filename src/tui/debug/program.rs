//! A whole program in the debugger: its steps on the Jupiter III (an `RST 38H` and its monitor
//! call as one), the keys that command it (run to the next key read or search, the view), and
//! typing to the program, a mode of its own in which every key goes to the program and the
//! program runs until it waits for one, a breakpoint or a watched change.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent};

use super::app::{App, CallState, PromptKind, RUN_LIMIT};
use super::run::Stop;
use super::target::{Program, Target};
use crate::jupiter::{COLUMNS, Call, MonitorCall, ROWS, VIDEO, end_text, key_text};
use crate::text::grouped;
use crate::tui::jupiter::key_code;

/// Instructions one look of typing mode runs before it checks the time.
const TYPE_BATCH: u64 = 50_000;
/// How long typing mode runs the program between two frames.
const TYPE_FRAME: Duration = Duration::from_millis(20);

/// The keys of a whole program, for `?` (one status line).
pub const PROGRAM_HELP: &str = "i/F2 type to the program · K queue keys · R to next key read · \
     S to next search · v screen/board · V code · r restart";

impl App {
    fn whole(&self) -> Option<&Program> {
        match &self.target {
            Target::Program(program) => Some(program),
            Target::Routine(_) => None,
        }
    }

    fn program_mut(&mut self) -> Option<&mut Program> {
        match &mut self.target {
            Target::Program(program) => Some(program),
            Target::Routine(_) => None,
        }
    }

    /// The last monitor call performed, if the program made one.
    pub fn last_call(&self) -> Option<&MonitorCall> {
        self.whole()?.last_call.as_ref()
    }

    /// Monitor calls performed since the program started.
    pub fn monitor_calls(&self) -> u64 {
        self.whole().map_or(0, |p| p.calls)
    }

    /// True when the program can run on (it neither waits for a key none is queued for, nor
    /// ended, nor failed).
    pub fn program_runs(&self) -> bool {
        self.jupiter().is_some_and(|j| j.can_step())
    }

    /// Keys for a whole program in the debugger's mode; false for the keys it shares with a
    /// routine.
    pub(super) fn program_key(&mut self, code: KeyCode) -> bool {
        if self.jupiter().is_none() {
            return false;
        }
        match code {
            KeyCode::Char('i') | KeyCode::F(2) => self.start_typing(),
            KeyCode::Char('K') => self.open_prompt(PromptKind::Keys),
            KeyCode::Char('R') => self.run_to_key_read(),
            KeyCode::Char('S') => self.run_to_search(),
            KeyCode::Char('v') => self.next_view(),
            KeyCode::Char('r') => self.start_again(),
            KeyCode::Char('?') => self.status = PROGRAM_HELP.to_string(),
            KeyCode::Char('f' | 'm') => {
                self.status =
                    "the program keeps its own position: type its moves to it (i)".to_string();
            }
            _ => return false,
        }
        true
    }

    fn start_typing(&mut self) {
        self.running = false;
        self.begin_command();
        if let Some(program) = self.program_mut() {
            program.typing = true;
        }
        self.status = self.typing_status();
    }

    fn typing_status(&self) -> String {
        let state = if self.program_runs() {
            "it runs"
        } else if self.call == CallState::Active {
            "it waits for a key"
        } else {
            "it has stopped"
        };
        format!("typing to the program ({state}); F2 returns to the debugger")
    }

    /// A key in typing mode: F2 leaves it; any other key with a code goes to the program.
    pub(super) fn type_key(&mut self, key: KeyEvent) {
        if key.code == KeyCode::F(2) {
            self.stop_typing("back to the debugger");
            return;
        }
        let Some(code) = key_code(key) else {
            self.status =
                "that key sends nothing to the program (F2 returns to the debugger)".to_string();
            return;
        };
        if let Some(program) = self.program_mut() {
            program.jupiter.push_key(code);
        }
        self.status = self.typing_status();
    }

    fn stop_typing(&mut self, why: &str) {
        if let Some(program) = self.program_mut() {
            program.typing = false;
        }
        if self.status.is_empty() {
            self.status = why.to_string();
        } else if !self.status.ends_with(why) {
            self.status = format!("{}; {why}", self.status);
        }
    }

    /// One frame of typing mode: the program runs until it waits for a key, stops at a
    /// breakpoint or a watched change (which returns to the debugger), or the frame is over.
    pub(super) fn type_tick(&mut self) {
        let deadline = Instant::now() + TYPE_FRAME;
        while self.program_runs() && self.call == CallState::Active {
            match self.run(TYPE_BATCH, |_, _| false) {
                Stop::Limit if Instant::now() < deadline => continue,
                Stop::Limit | Stop::Waiting | Stop::Key => break,
                stop => {
                    self.report(stop);
                    self.stop_typing("back to the debugger");
                    return;
                }
            }
        }
        self.status = self.typing_status();
    }

    /// Runs typing mode until the program waits for a key, stops, leaves typing mode, or
    /// `max` wall time passed: for tests and scripts, as the event loop would.
    pub fn settle(&mut self, max: Duration) {
        let deadline = Instant::now() + max;
        while Instant::now() < deadline {
            if !self.typing() && !self.running {
                return;
            }
            self.tick();
            if !self.program_runs() {
                return;
            }
        }
    }

    /// One step of the program; whether it read a key, or why the run stops.
    pub(super) fn program_step(&mut self) -> Result<bool, Stop> {
        let Target::Program(program) = &mut self.target else {
            unreachable!("a routine steps on its driver");
        };
        let jupiter = &mut program.jupiter;
        if !jupiter.can_step() {
            return Err(self.program_stop());
        }
        let stepped = match jupiter.step(&mut self.watch) {
            Ok(stepped) => stepped,
            Err(error) => {
                self.call = CallState::Failed(error.to_string());
                return Err(Stop::Failed);
            }
        };
        if let Some(pc) = stepped.pc {
            self.last_pc = pc;
        }
        let mut read = false;
        if let Some(call) = stepped.call {
            program.last_call = Some(call);
            program.calls += u64::from(stepped.pc.is_some());
            read = call.key.is_some();
            // The console's writes are no instruction's: the watch compares memory.
            let memory = program.jupiter.machine().memory();
            self.watch.check_memory(memory, call.block.wrapping_sub(1));
        }
        if program.jupiter.ended().is_some() {
            self.call = CallState::Returned;
            return Err(Stop::Returned);
        }
        Ok(read)
    }

    /// Why a program that cannot step stopped.
    fn program_stop(&mut self) -> Stop {
        let Some(jupiter) = self.jupiter() else {
            return Stop::Returned;
        };
        if let Some(error) = jupiter.failure() {
            self.call = CallState::Failed(error.to_string());
            Stop::Failed
        } else if jupiter.ended().is_some() {
            self.call = CallState::Returned;
            Stop::Returned
        } else {
            Stop::Waiting
        }
    }

    /// After a step: the program waits for a key none is queued for.
    pub(super) fn program_pause(&self) -> Option<Stop> {
        let jupiter = self.jupiter()?;
        (jupiter.waiting_for_key() && jupiter.keys_queued() == 0).then_some(Stop::Waiting)
    }

    /// Runs until the program reads a key (the step that ends a key read) or waits for one.
    fn run_to_key_read(&mut self) {
        self.program_command(|app| app.run(RUN_LIMIT, |_, after| after.read_key));
    }

    /// Runs until the program enters its search (FNDMOV), before its first instruction.
    fn run_to_search(&mut self) {
        let Some(fndmov) = self.image.symbols.get("FNDMOV") else {
            self.status = "the program names no FNDMOV: there is no search to run to".to_string();
            return;
        };
        self.program_command(move |app| app.run(RUN_LIMIT, move |_, after| after.pc == fndmov));
    }

    fn program_command(&mut self, run: impl FnOnce(&mut App) -> Stop) {
        self.running = false;
        if self.call != CallState::Active {
            self.status = "the program has stopped: r starts it again".to_string();
            return;
        }
        self.begin_command();
        let stop = run(self);
        self.report(stop);
    }

    fn next_view(&mut self) {
        if let Some(program) = self.program_mut() {
            program.view = program.view.next();
            self.status = format!("the right-hand panes show {}", program.view.text());
        }
    }

    fn start_again(&mut self) {
        self.status = match self.restart() {
            Ok(()) => "the program starts again at its entry, its first keys queued".to_string(),
            Err(error) => error,
        };
        self.refresh_program_vars();
    }

    /// What the status line says when a command on the program stops.
    pub(super) fn report_program(&mut self, stop: Stop) {
        self.refresh_program_vars();
        let pc = self.machine().pc();
        let call = self.last_call().copied();
        let fresh_call = call.filter(|_| self.called_in_last_step());
        self.status = match stop {
            Stop::Watched => return,
            Stop::Done | Stop::Waiting => match fresh_call {
                Some(call) => self.describe_call(&call),
                None if stop == Stop::Waiting => self.waiting_text(),
                None => String::new(),
            },
            Stop::Breakpoint => format!("breakpoint at {}", self.name_of(pc)),
            Stop::Limit => format!(
                "paused after {} instructions at {}: still running",
                grouped(RUN_LIMIT),
                self.name_of(pc)
            ),
            Stop::Key => format!("paused at {} for the key pressed", self.name_of(pc)),
            Stop::Failed => match &self.call {
                CallState::Failed(error) => format!("the program failed: {error}"),
                _ => String::new(),
            },
            Stop::Returned => match self.jupiter().and_then(|j| j.ended()) {
                Some(end) => format!("{}; r starts it again", end_text(end)),
                None => "the program has stopped".to_string(),
            },
            Stop::Monitor => String::new(),
        };
    }

    /// True when the last instruction executed was the `RST 38H` of the last monitor call (or
    /// the last step gave a waiting read its key).
    fn called_in_last_step(&self) -> bool {
        match (self.last_call(), self.jupiter()) {
            (Some(call), Some(jupiter)) => {
                let rst = call.block.wrapping_sub(1);
                let past = call.block.wrapping_add(call.call.block_len());
                self.last_pc == rst && (jupiter.machine().pc() == past || jupiter.waiting_for_key())
            }
            _ => false,
        }
    }

    fn waiting_text(&self) -> String {
        format!(
            "the program waits for a key at {}: i types to it, K queues keys",
            self.name_of(self.last_call().map_or(0, |c| c.block.wrapping_sub(1)))
        )
    }

    /// A monitor call and its effect in one line.
    pub fn describe_call(&self, call: &MonitorCall) -> String {
        let at = self.name_of(call.block.wrapping_sub(1));
        let effect = self.call_effect(call);
        format!("monitor {} at {at}: {effect}", call.call.name())
    }

    /// What a monitor call did, in a few words.
    pub fn call_effect(&self, call: &MonitorCall) -> String {
        let (row, column) = call.cursor_after;
        match call.call {
            Call::Key => match (call.key, call.r_advance) {
                (Some(key), Some(r)) => {
                    format!("{} ({key:02X}H) in A, R advanced by {r}", quoted_key(key))
                }
                _ => "the program waits for a key (i types to it, K queues keys)".to_string(),
            },
            Call::Echo => {
                let a = call.a;
                let (r, c) = call.cursor_before;
                format!(
                    "{} ({a:02X}H) at {r},{c}; cursor {row},{column}",
                    quoted_key(a)
                )
            }
            Call::NewLine => format!("cursor {row},{column}"),
            Call::PrintLine { address, count } | Call::Print { address, count } => {
                let text = self.printed_text(address, count);
                let line = if matches!(call.call, Call::PrintLine { .. }) {
                    " + new line"
                } else {
                    ""
                };
                format!("{count} bytes from {address:04X}H {text}{line}; cursor {row},{column}")
            }
            Call::ToMonitor => "the program ends".to_string(),
        }
    }

    /// The bytes a print call writes, as text in quotes (cut short).
    fn printed_text(&self, address: u16, count: u16) -> String {
        let memory = self.machine().memory();
        let shown: String = (0..count.min(24))
            .map(|i| match memory[usize::from(address.wrapping_add(i))] {
                b @ 0x20..=0x7E => char::from(b),
                _ => '·',
            })
            .collect();
        let more = if count > 24 { "…" } else { "" };
        format!("\"{shown}{more}\"")
    }

    /// The keys queued, as `--keys` writes them.
    pub fn queue_text(&self) -> String {
        self.jupiter()
            .map(|j| key_text(&j.queue().collect::<Vec<u8>>()))
            .unwrap_or_default()
    }

    /// Queues `keys` for the program's next key reads.
    pub(super) fn queue_keys(&mut self, keys: &[u8]) {
        if let Some(program) = self.program_mut() {
            program.jupiter.push_keys(keys);
        }
        self.status = format!("queued {}: {}", keys.len(), key_text(keys));
    }
}

/// A key as typed: `'e'`, or its `{enter}` name.
fn quoted_key(key: u8) -> String {
    match key {
        0x20..=0x7E => format!("'{}'", char::from(key)),
        _ => key_text(&[key]),
    }
}

/// The video cells a watch text names: `ROW,COLUMN` for one cell, `ROW,*` for a whole row
/// (rows 0-31, columns 0-63); None for any other text.
pub fn video_cells(text: &str) -> Option<Vec<u16>> {
    let (row, column) = text.split_once(',')?;
    let row: usize = row.trim().parse().ok().filter(|&r| r < ROWS)?;
    let first = (VIDEO as usize + row * COLUMNS) as u16;
    match column.trim() {
        "*" => Some((0..COLUMNS as u16).map(|c| first + c).collect()),
        column => {
            let column: usize = column.parse().ok().filter(|&c| c < COLUMNS)?;
            Some(vec![first + column as u16])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_by_row_and_column() {
        assert_eq!(video_cells("0,0"), Some(vec![0xC000]));
        assert_eq!(video_cells(" 31 , 63 "), Some(vec![0xC7FF]));
        let row = video_cells("2,*").unwrap();
        assert_eq!((row.len(), row[0], row[63]), (64, 0xC080, 0xC0BF));
        for bad in ["32,0", "0,64", "a,b", "1", "-1,2", "1,2,3"] {
            assert_eq!(video_cells(bad), None, "{bad}");
        }
    }

    #[test]
    fn keys_are_quoted_as_typed() {
        assert_eq!(quoted_key(b'e'), "'e'");
        assert_eq!(quoted_key(0x0D), "{enter}");
        assert_eq!(quoted_key(b' '), "' '");
        assert_eq!(Call::ToMonitor.name(), "return to the monitor");
    }
}
