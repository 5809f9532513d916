//! `sargon-z80 jupiter`: a whole program on the emulated Jupiter III, in the terminal or from
//! scripted keys, with every search's exact cost.

mod hint;
mod json;
mod report;
mod script;

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use sargon_z80::jupiter::{DEFAULT_ENTRY, Glyphs, Jupiter, Look, Options, entry, parse_keys};
use sargon_z80::machine::{Dialect, Image, default_program, parse_u16};
use sargon_z80::tui::{self, JupiterApp, JupiterView, Theme};

use super::args::{DialectArg, check_mhz};
use super::exit;
use report::Summary;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 jupiter                                     play the built-in program in the terminal
  sargon-z80 jupiter --pace                              at the Jupiter III's 4 MHz, in real time
  sargon-z80 jupiter --rom sargon78.bin --sym sargon78.sym   your assembly of the 1978 listing
  sargon-z80 jupiter --keys 'Y{enter}W2e2-e4' --screen   the screen after the keys, as text
  sargon-z80 jupiter --keys 'YW2e2-e4' --json --seed 7   one JSON object: screen, moves, keys
  sargon-z80 jupiter --keys 'YW2' --png board.png        the screen as a picture, dark on light
  sargon-z80 jupiter --keys 'YW2e2-e4' --profile time.txt --heatmap video.png   where the time goes

Keys: printable ASCII stands for itself; {enter} (0DH), {bs} or {backspace} (08H), {esc} (1BH),
{tab} (09H), {ctrl-r} and any Ctrl letter, {0x12} or {12h} for any 7-bit code (hexadecimal: a
bare {12} is refused), {{ for a brace; a line break is Enter; --keys=-x for keys that begin with
-. In the terminal Enter, Backspace, Esc, Tab and Ctrl letters go to the program as those codes;
Ctrl-C quits at once and prints a summary. A scripted run stops when the program waits for a key
after the last one, returns to the monitor, or has run --max-tstates (10^13 by default). At every
key read R advances by an amount drawn from the seed; every summary ends with the command that
replays the run from its seed, its keys and its options.

The screen is drawn as the machine showed it, dark on a light ground (--negative for light on
dark, which shows the 1978 board as a negative).

--profile writes where the session's time went: T-states and instructions per part of the
program (search, evaluation, move generation, make/unmake/check, the book, board drawing,
blinks, move entry and echo, dialogue, monitor calls, the game loop) and per routine; --part
NAME=PART puts a routine of the program in a part (`sargon-z80 profile --help` lists them).
--heatmap draws the video memory's writes by cell. Both leave the run and its summary as they
are; `profile --jupiter` sets the built-in program and --rom's side by side.

Exit status: 0 the program waited for a key, ended or returned; 2 bad input, an unknown monitor
call, a machine guard or --max-tstates reached; 130 Ctrl-C.";

/// The Jupiter III's clock, in MHz.
const DEFAULT_MHZ: f64 = 4.0;

/// The bound of a scripted run without --max-tstates: 10^13 T-states, about ten times the
/// longest level-6 search of the 1978 program (a few times 10^11 T-states, up to about 10^12,
/// estimated from the built-in engine's level-5 searches and the ratio of the two programs'
/// T-states), hours of the host's time, and 29 days of the Jupiter III's.
pub(crate) const SCRIPTED_LIMIT: u64 = 10_000_000_000_000;

/// Run a whole program on the emulated Jupiter III: the terminal, or scripted keys.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct JupiterArgs {
    /// A whole program to run instead of the built-in one (needs --sym).
    #[arg(long, value_name = "X.bin", requires = "sym")]
    rom: Option<PathBuf>,
    /// The binary's pasmo-style symbol file (`NAME EQU 0ABCDH` per line).
    #[arg(long, value_name = "X.sym", requires = "rom")]
    sym: Option<PathBuf>,
    /// Load address of the binary [default: its ORG symbol, else 0].
    #[arg(long, value_name = "ADDR", requires = "rom", value_parser = parse_org)]
    org: Option<u16>,
    /// Where the program starts: a symbol or an address.
    #[arg(long, value_name = "SYMBOL|ADDR", default_value = DEFAULT_ENTRY)]
    entry: String,
    /// Keys to type, then stop when the program waits for one more (see Keys below).
    #[arg(long, value_name = "TEXT")]
    keys: Option<String>,
    /// Print the screen as text when the run stops (scripted).
    #[arg(long, conflicts_with = "json")]
    screen: bool,
    /// Print one JSON object: screen, computer moves, keys used, why the run stopped (scripted).
    #[arg(long)]
    json: bool,
    /// Write the screen as a PNG picture (scripted).
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Write the screen as an SVG picture (scripted).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The seed of R's advance at every key read [default: drawn at random and printed].
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Stop a program that runs this many T-states (exit status 2) [default: 10^13 for a
    /// scripted run, none in the terminal].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_tstates: Option<u64>,
    /// The clock for real-machine times, and for --pace, in MHz, 0.1 to 1000 (the Jupiter III
    /// ran at 4).
    #[arg(long, default_value_t = DEFAULT_MHZ, value_name = "MHZ")]
    mhz: f64,
    /// Run at the --mhz clock instead of as fast as the host allows.
    #[arg(long)]
    pace: bool,
    /// Draw block graphics with ASCII characters (for fonts without the Unicode sextants).
    #[arg(long)]
    ascii: bool,
    /// Draw the screen light on dark, a negative of the machine's dark-on-light screen.
    #[arg(long)]
    negative: bool,
    /// The mnemonics of the instruction an error shows: Zilog's, or TDL's as the 1978 book
    /// prints them.
    #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Zilog)]
    dialect: DialectArg,
    /// Write where the session's time went to FILE: T-states per part of the program and per
    /// routine (JSON when FILE ends in .json) (scripted).
    #[arg(long, value_name = "FILE", conflicts_with = "pace")]
    profile: Option<PathBuf>,
    /// Write the video memory's writes as a heat map to FILE: SVG, or PNG for .png (scripted).
    #[arg(long, value_name = "FILE", conflicts_with = "pace")]
    heatmap: Option<PathBuf>,
    /// Count a routine of the program to a part of --profile: NAME=PART (repeatable).
    #[arg(long = "part", value_name = "NAME=PART")]
    parts: Vec<String>,
}

fn parse_org(text: &str) -> Result<u16, String> {
    parse_u16(text).map_err(|err| err.to_string())
}

/// The built-in complete program (roms/jupiter.bin, assembled from asm/jupiter.asm).
fn built_in() -> anyhow::Result<Image> {
    Ok(default_program())
}

/// What a run was given: the program and how it is shown.
pub(crate) struct Setup {
    pub image: Image,
    pub options: Options,
    pub keys: Vec<u8>,
    pub glyphs: Glyphs,
    pub look: Look,
    pub dialect: Dialect,
    pub mhz: f64,
    pub pace: bool,
    pub limit: u64,
    /// True when `limit` is the scripted run's default, not a --max-tstates given.
    pub limit_default: bool,
    /// The program as the summary names it.
    pub program: String,
    /// The command that replays the run, but for the keys of a session in the terminal: every
    /// choice that shapes the run, the seed, and a scripted run's keys as given.
    pub replay: Vec<String>,
    /// True when the run is scripted (its keys are all given before it starts).
    pub scripted: bool,
    /// True when the image was loaded at 0 only because nothing said otherwise (no --org, no
    /// ORG symbol).
    pub org_guessed: bool,
}

impl JupiterArgs {
    fn scripted(&self) -> bool {
        self.keys.is_some()
            || self.screen
            || self.json
            || self.png.is_some()
            || self.svg.is_some()
            || self.profiled()
    }

    /// True when the run is profiled.
    fn profiled(&self) -> bool {
        self.profile.is_some() || self.heatmap.is_some()
    }

    fn setup(&self) -> anyhow::Result<Setup> {
        check_mhz(&[self.mhz])?;
        let keys = match &self.keys {
            Some(text) => parse_keys(text)?,
            None => Vec::new(),
        };
        let (image, program) = match (&self.rom, &self.sym) {
            (Some(rom), Some(sym)) => (Image::load(rom, sym, self.org)?, rom.display().to_string()),
            _ => (built_in()?, "the built-in program".to_string()),
        };
        let org_guessed =
            self.rom.is_some() && self.org.is_none() && image.symbols.get("ORG").is_none();
        let start = match entry(&image, Some(&self.entry)) {
            Ok(start) => start,
            Err(error) => match hint::org_hint(&image, org_guessed, &error) {
                Some(hint) => anyhow::bail!("{error}\nhint: {hint}"),
                None => return Err(error.into()),
            },
        };
        let seed = self.seed.unwrap_or_else(sargon_z80::random::fresh_seed);
        Ok(Setup {
            image,
            options: Options { entry: start, seed },
            keys,
            glyphs: if self.ascii {
                Glyphs::Ascii
            } else {
                Glyphs::Unicode
            },
            look: if self.negative {
                Look::Negative
            } else {
                Look::Paper
            },
            dialect: self.dialect.disassembler(),
            mhz: self.mhz,
            pace: self.pace,
            limit: self.max_tstates.unwrap_or(if self.scripted() {
                SCRIPTED_LIMIT
            } else {
                u64::MAX
            }),
            limit_default: self.max_tstates.is_none() && self.scripted(),
            program,
            replay: self.replay_words(seed),
            scripted: self.scripted(),
            org_guessed,
        })
    }

    /// `sargon-z80 jupiter` and every option that shapes the run as given, with `seed`: the
    /// program, its entry, a scripted run's keys (all of them, even none), what it prints, the
    /// limit, the clock and how the screen and its errors are drawn. The pictures are left
    /// out: a replay need not write them again.
    fn replay_words(&self, seed: u64) -> Vec<String> {
        let mut words = vec!["sargon-z80".to_string(), "jupiter".to_string()];
        let mut option = |name: &str, value: Option<String>| match value {
            Some(value) => words.extend(option_words(name, value)),
            None => words.push(name.to_string()),
        };
        if let (Some(rom), Some(sym)) = (&self.rom, &self.sym) {
            option("--rom", Some(rom.display().to_string()));
            option("--sym", Some(sym.display().to_string()));
            if let Some(org) = self.org {
                option("--org", Some(format!("{org:#06X}")));
            }
        }
        if self.entry != DEFAULT_ENTRY {
            option("--entry", Some(self.entry.clone()));
        }
        if self.scripted() {
            option("--keys", Some(self.keys.clone().unwrap_or_default()));
        }
        if self.screen {
            option("--screen", None);
        }
        if self.json {
            option("--json", None);
        }
        option("--seed", Some(seed.to_string()));
        if let Some(limit) = self.max_tstates {
            option("--max-tstates", Some(limit.to_string()));
        }
        if self.mhz != DEFAULT_MHZ {
            option("--mhz", Some(self.mhz.to_string()));
        }
        if self.pace {
            option("--pace", None);
        }
        if self.ascii {
            option("--ascii", None);
        }
        if self.negative {
            option("--negative", None);
        }
        if self.dialect != DialectArg::Zilog {
            option("--dialect", Some("tdl".to_string()));
        }
        words
    }
}

/// An option and its value as words of a command: `--keys ab`, or one word `--keys=-ab` when
/// the value starts with `-`, which would read as an option of its own.
pub(crate) fn option_words(name: &str, value: String) -> Vec<String> {
    if value.starts_with('-') {
        vec![format!("{name}={value}")]
    } else {
        vec![name.to_string(), value]
    }
}

/// Runs the subcommand; returns the process exit code. Its errors are reported here, in lines
/// that fit a report as the rest of its output does.
pub fn run(args: JupiterArgs) -> anyhow::Result<i32> {
    let json = args.json;
    Ok(session(args)
        .unwrap_or_else(|err| exit::fail(&super::end_hint::attach_from_command_line(err), json)))
}

/// The run, scripted or in the terminal.
fn session(args: JupiterArgs) -> anyhow::Result<i32> {
    let setup = args.setup()?;
    if args.scripted() {
        let outputs = script::Pictures {
            png: args.png.clone(),
            svg: args.svg.clone(),
            rom: args.rom.clone(),
            sym: args.sym.clone(),
        };
        let profile = script::Profile {
            text: args.profile.clone(),
            heatmap: args.heatmap.clone(),
            parts: args.parts.clone(),
        };
        return script::run(&setup, &outputs, &profile, (args.screen, args.json));
    }
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!(
            "`jupiter` needs an interactive terminal (stdin and stdout); give --keys, --screen or --json for a scripted run"
        );
    }
    let jupiter = Jupiter::new(&setup.image, setup.options)?;
    let view = JupiterView {
        glyphs: setup.glyphs,
        look: setup.look,
        mhz: setup.mhz,
        pace: setup.pace,
        limit: setup.limit,
        theme: Theme::from_env(),
    };
    let mut app = JupiterApp::new(jupiter, view);
    tui::run(&mut app).context("the terminal failed")?;
    let summary = Summary::new(&setup, app.jupiter(), app.stop(), app.wall(), app.running());
    exit::note(summary.text().trim_end());
    if let Some(failure) = summary.failure_text() {
        exit::note(&failure);
    }
    Ok(summary.code())
}
