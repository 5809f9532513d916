//! What a run of `jupiter` reports: the summary in words, the JSON object, the exit status.

use std::time::Duration;

use sargon_z80::abi::chosen_uci;
use sargon_z80::jupiter::{End, Jupiter, JupiterError, Search, SearchLog, Stop, key_text};
use sargon_z80::machine::{Cost, Dialect};
use sargon_z80::source::{Disassembler, builtin};
use sargon_z80::text::{MAX_WIDTH, duration, grouped, hanging, shell_command, shell_lines};

use super::hint::org_hint;
use super::json::{Json, JsonCost, JsonKeys, JsonMove, JsonSearches, JsonStop};
use super::{SCRIPTED_LIMIT, Setup, option_words};
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
    /// The run's limit, and whether it is the scripted run's default.
    limit: u64,
    limit_default: bool,
    wall: Duration,
    /// The wall time the program's clock ran (the waits for keys left out).
    running: Duration,
    searches: SearchLog,
    searching: Option<Cost>,
    keys_given: Vec<u8>,
    keys_used: Vec<u8>,
    keys_unused: Vec<u8>,
    cursor: (usize, usize),
    screen: Vec<String>,
    replay: Vec<String>,
    /// A likely cause of the failure the user can mend, when one is seen.
    hint: Option<String>,
}

/// A computer move as UCI.
pub(crate) fn uci(search: &Search) -> String {
    chosen_uci(search.from, search.to, search.flags)
}

/// Where the program is: `PC = 1A23H (DRIVER+23H: LD A,(HL))`, the instruction in `dialect`'s
/// mnemonics as every disassembly writes it, and the search under way.
pub(crate) fn doing(jupiter: &Jupiter, dialect: Dialect) -> String {
    let machine = jupiter.machine();
    let pc = machine.pc();
    let memory: &[u8; 0x10000] = machine
        .memory()
        .try_into()
        .expect("the machine has 64 KiB of memory");
    // Named as every disassembly names code: the source's operands for a built-in image, an
    // RST 38H read with its monitor call.
    let source = builtin(machine.image());
    let instruction = Disassembler::new(machine.image(), dialect)
        .with_source(source.as_ref())
        .with_monitor_calls(true)
        .at(memory, pc)
        .text()
        .to_string();
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
    /// The summary of `jupiter` stopped by `stop` after `wall` of wall time, of which the
    /// program's clock ran for `running`.
    pub fn new(
        setup: &Setup,
        jupiter: &Jupiter,
        stop: Stop,
        wall: Duration,
        running: Duration,
    ) -> Summary {
        let screen = jupiter.screen();
        let mut replay = setup.replay.clone();
        if !setup.scripted && !jupiter.keys_pushed().is_empty() {
            // A session in the terminal replays as a scripted run of the keys typed.
            replay.extend(option_words("--keys", key_text(&jupiter.keys_pushed())));
        }
        let hint = match &stop {
            Stop::Failed(error) => org_hint(&setup.image, setup.org_guessed, error),
            Stop::Limit if setup.limit_default => Some(default_limit_hint()),
            _ => None,
        };
        Summary {
            program: setup.program.clone(),
            entry: setup.options.entry,
            seed: jupiter.seed(),
            mhz: setup.mhz,
            paced: setup.pace,
            doing: doing(jupiter, setup.dialect),
            search_text: searching(jupiter),
            pc: jupiter.machine().pc(),
            stop,
            clock: jupiter.clock(),
            limit: setup.limit,
            limit_default: setup.limit_default,
            wall,
            running,
            searches: jupiter.searches().clone(),
            searching: jupiter.search_since(),
            keys_given: setup.keys.clone(),
            keys_used: jupiter.keys_used().to_vec(),
            keys_unused: jupiter.keys_unread(),
            cursor: screen.cursor(),
            screen: screen.lines(setup.glyphs),
            replay,
            hint,
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

    /// For a run that failed, `error: ...` and, when a likely cause the user can mend is seen,
    /// `hint: ...`, in lines that fit a report; nothing for a run that did not fail.
    pub fn failure_text(&self) -> Option<String> {
        if !self.stop.is_failure() {
            return None;
        }
        let mut text = labelled("error: ", &self.stopped());
        if let Some(hint) = &self.hint {
            text.push('\n');
            text.push_str(&labelled("hint: ", hint));
        }
        Some(text)
    }

    /// The command that replays the run, as one line.
    pub fn replay_command(&self) -> String {
        shell_command(&self.replay)
    }

    /// Why the run stopped, in words.
    pub fn stopped(&self) -> String {
        match &self.stop {
            Stop::Key if self.keys_used.is_empty() => "the program waits for a key".to_string(),
            Stop::Key if self.keys_used.len() == 1 => {
                "the program waits for a key after the only key".to_string()
            }
            Stop::Key => format!(
                "the program waits for a key after the last of {} keys",
                self.keys_used.len()
            ),
            Stop::Ended(End::Monitor { block }) => {
                format!("the program returned to the monitor (1FH at {block:04X}H)")
            }
            Stop::Ended(End::Returned) => "the program returned from its entry".to_string(),
            Stop::Limit if self.limit_default => format!(
                "the program was still running after {} T-states, the bound of a scripted run \
                 without --max-tstates, at {}",
                grouped(self.limit),
                self.doing
            ),
            Stop::Limit => format!(
                "the program was still running after --max-tstates ({} T-states) at {}",
                grouped(self.limit),
                self.doing
            ),
            Stop::Failed(error) => format!("{error}{}", self.search_text),
            Stop::Interrupted => format!("interrupted at {}", self.doing),
        }
    }

    /// The summary in words, one fact a line.
    pub fn text(&self) -> String {
        let mut out = format!("seed {} \u{b7} {}\n", self.seed, self.program);
        out.push_str(&labelled("stopped: ", &self.stopped()));
        out.push('\n');
        if !self.keys_unused.is_empty() {
            out.push_str(&format!("keys not read: {}\n", self.keys_unused.len()));
        }
        out.push_str(&format!("clock: {}\n", self.cost_text(self.clock)));
        if let Some(paced) = self.paced_text() {
            out.push_str(&labelled("", &paced));
            out.push('\n');
        }
        if !self.searches.is_empty() {
            out.push_str(&self.moves_text());
        }
        out.push_str(&shell_lines("replay: ", &self.replay, MAX_WIDTH));
        out.push('\n');
        out
    }

    /// How well a paced run kept its clock: over the time the program ran, the waits for keys
    /// left out (the monitor's wait costs no clock).
    fn paced_text(&self) -> Option<String> {
        if !self.paced || self.running.is_zero() {
            return None;
        }
        let mhz = self.clock.tstates as f64 / self.running.as_secs_f64() / 1e6;
        let waited = self.wall.saturating_sub(self.running);
        let waits = if waited.is_zero() {
            String::new()
        } else {
            format!(" (and {} waiting for keys)", duration(waited))
        };
        Some(format!(
            "paced at {} MHz: {} of running time{waits}, the clock ran at {mhz:.4} MHz",
            self.mhz,
            duration(self.running)
        ))
    }

    /// The computer's moves: every search kept, numbered, a search whose move the program
    /// did not play marked so, the searches not kept counted, and the total.
    fn moves_text(&self) -> String {
        let mut out = "computer moves:\n".to_string();
        let omitted = self.searches.omitted();
        let gap = self.searches.first().len() as u64 + omitted + 1;
        for (n, search) in self.searches.numbered() {
            if n == gap && omitted > 0 {
                out.push_str(&format!(
                    "       ... {} searches more, not kept\n",
                    grouped(omitted)
                ));
            }
            let played = match search.played {
                Some(false) => ", searched but not played",
                _ => "",
            };
            let line = format!(
                "  {:>3}. {:<5} {}{played}",
                grouped(n),
                uci(search),
                self.cost_text(search.cost)
            );
            out.push_str(&hanging(&line, 13, MAX_WIDTH));
            out.push('\n');
        }
        let count = match self.searches.omitted() {
            0 => String::new(),
            _ => format!("of {} searches: ", grouped(self.searches.count())),
        };
        let total = format!(
            "       total {count}{}",
            self.cost_text(self.searches.total())
        );
        out.push_str(&hanging(&total, 13, MAX_WIDTH));
        out.push('\n');
        out
    }

    fn cost_text(&self, cost: Cost) -> String {
        format!(
            "{} T-states, {} instructions ({} at {} MHz)",
            grouped(cost.tstates),
            grouped(cost.instructions),
            duration(Duration::from_secs_f64(self.seconds(cost.tstates))),
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
                hint: self.hint.clone(),
            },
            keys: JsonKeys {
                given: key_text(&self.keys_given),
                used: key_text(&self.keys_used),
                unused: key_text(&self.keys_unused),
            },
            clock: clock(self.clock),
            max_tstates: (self.limit != u64::MAX).then_some(self.limit),
            wall_seconds: self.wall.as_secs_f64(),
            running_seconds: self.running.as_secs_f64(),
            computer_moves: self.json_moves(),
            searches: self.json_searches(),
            searching: self.searching.map(|since| {
                clock(Cost {
                    tstates: self.clock.tstates - since.tstates,
                    instructions: self.clock.instructions - since.instructions,
                })
            }),
            cursor: [self.cursor.0, self.cursor.1],
            screen: &self.screen,
            replay: self.replay_command(),
        };
        serde_json::to_string_pretty(&document).expect("the document serializes")
    }

    /// Every search kept, numbered, for the JSON.
    fn json_moves(&self) -> Vec<JsonMove> {
        self.searches
            .numbered()
            .map(|(number, s)| JsonMove {
                number,
                uci: uci(s),
                played: s.played,
                from: s.from,
                to: s.to,
                flags: s.flags,
                bestm: s.bestm,
                started: s.started,
                tstates: s.cost.tstates,
                instructions: s.cost.instructions,
                seconds: self.seconds(s.cost.tstates),
            })
            .collect()
    }

    /// The count and cost of every search, for the JSON.
    fn json_searches(&self) -> JsonSearches {
        let total = self.searches.total();
        JsonSearches {
            count: self.searches.count(),
            omitted: self.searches.omitted(),
            tstates: total.tstates,
            instructions: total.instructions,
            seconds: self.seconds(total.tstates),
        }
    }
}

/// `text` after `label`, in lines that fit a report, the lines after the first under the first's
/// text.
fn labelled(label: &str, text: &str) -> String {
    hanging(&format!("{label}{text}"), label.len(), MAX_WIDTH)
}

/// What to do about a scripted run stopped by its default bound.
fn default_limit_hint() -> String {
    format!(
        "a scripted run without --max-tstates stops at {} T-states, about ten times the longest \
         level-6 search of the 1978 program; if the program was not stuck, give a larger \
         --max-tstates N",
        grouped(SCRIPTED_LIMIT)
    )
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

#[cfg(test)]
mod tests {
    use clap::Parser;

    use sargon_z80::jupiter::Jupiter;

    use super::*;
    use crate::cli::jupiter::JupiterArgs;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: JupiterArgs,
    }

    fn setup(words: &[&str]) -> Setup {
        let cli = Cli::try_parse_from(std::iter::once("jupiter").chain(words.iter().copied()));
        cli.unwrap().args.setup().unwrap()
    }

    /// A session of the built-in program: Y read, then W and 2 typed ahead and not read yet.
    fn summary(setup: &Setup, stop: Stop) -> Summary {
        let mut jupiter = Jupiter::new(&setup.image, setup.options).unwrap();
        jupiter.push_keys(&setup.keys);
        jupiter.push_key(b'Y');
        jupiter.run(u64::MAX).unwrap();
        jupiter.push_keys(b"W2");
        Summary::new(setup, &jupiter, stop, Duration::ZERO, Duration::ZERO)
    }

    #[test]
    fn a_session_replays_with_every_key_given_and_every_choice() {
        // In the terminal: the keys typed, read or not, make it a scripted run.
        let typed = setup(&["--seed", "5", "--mhz", "1.774", "--ascii", "--pace"]);
        let text = summary(&typed, Stop::Interrupted).text();
        assert!(
            text.ends_with(
                "\nreplay: sargon-z80 jupiter --seed 5 --mhz 1.774 --pace --ascii --keys YW2\n"
            ),
            "{text}"
        );
        // Scripted: every key given, whatever was read, and the limit that stopped it.
        let scripted = setup(&["--keys", "", "--seed", "6", "--max-tstates", "100"]);
        let limited = summary(&scripted, Stop::Limit);
        assert_eq!(
            limited.replay_command(),
            "sargon-z80 jupiter --keys '' --seed 6 --max-tstates 100"
        );
        let failure = limited.failure_text().unwrap();
        assert!(
            failure.starts_with("error: the program was still running after --max-tstates"),
            "{failure}"
        );
        assert!(failure.lines().all(|l| l.chars().count() <= MAX_WIDTH));
        assert_eq!(summary(&scripted, Stop::Key).failure_text(), None);
    }

    #[test]
    fn a_scripted_run_has_a_default_bound_named_with_a_hint() {
        let scripted = setup(&["--keys", "", "--seed", "6"]);
        assert_eq!(
            (scripted.limit, scripted.limit_default),
            (SCRIPTED_LIMIT, true)
        );
        let failure = summary(&scripted, Stop::Limit).failure_text().unwrap();
        let joined = failure.replace("\n       ", " ").replace("\n      ", " ");
        assert!(
            joined.starts_with(
                "error: the program was still running after 10,000,000,000,000 T-states, the \
                 bound of a scripted run without --max-tstates, at PC = "
            ),
            "{failure}"
        );
        assert!(
            joined.contains(
                "\nhint: a scripted run without --max-tstates stops at 10,000,000,000,000 \
                 T-states, about ten times the longest level-6 search of the 1978 program; if \
                 the program was not stuck, give a larger --max-tstates N"
            ),
            "{failure}"
        );
        assert!(failure.lines().all(|l| l.chars().count() <= MAX_WIDTH));
        // Given, the limit is named as given; in the terminal there is none.
        let given = setup(&["--keys", "", "--max-tstates", "1000"]);
        assert_eq!((given.limit, given.limit_default), (1000, false));
        assert_eq!(setup(&[]).limit, u64::MAX);
    }

    #[test]
    fn keys_typed_from_a_dash_replay_as_one_word() {
        let typed = setup(&["--seed", "5"]);
        let mut jupiter = Jupiter::new(&typed.image, typed.options).unwrap();
        jupiter.push_keys(b"-x");
        let summary = Summary::new(
            &typed,
            &jupiter,
            Stop::Interrupted,
            Duration::ZERO,
            Duration::ZERO,
        );
        assert_eq!(
            summary.replay_command(),
            "sargon-z80 jupiter --seed 5 --keys=-x"
        );
    }

    #[test]
    fn a_paced_run_keeps_its_rate_over_the_time_it_ran() {
        let paced = setup(&["--seed", "5", "--pace"]);
        let mut jupiter = Jupiter::new(&paced.image, paced.options).unwrap();
        jupiter.run(u64::MAX).unwrap();
        let clock = jupiter.clock().tstates as f64;
        // The greeting waited 40 s for its key; the program ran for as long as 4 MHz takes.
        let running = Duration::from_secs_f64(clock / 4e6);
        let wall = running + Duration::from_secs(40);
        let summary = Summary::new(&paced, &jupiter, Stop::Key, wall, running);
        let line = summary
            .text()
            .lines()
            .find(|l| l.starts_with("paced"))
            .unwrap()
            .to_string();
        assert!(line.ends_with(" the clock ran at 4.0000 MHz"), "{line}");
        assert!(line.contains(" (and 40.0 s waiting for keys)"), "{line}");
    }
}
