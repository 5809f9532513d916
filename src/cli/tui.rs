//! `sargon-z80 tui`: step through the board code and the search in a terminal debugger, or a
//! whole program on the Jupiter III.

use std::io::IsTerminal;

use clap::Args;

use sargon_z80::engine::MAX_PLYMAX;
use sargon_z80::jupiter::{
    self as machine, DEFAULT_ENTRY, Glyphs, Look, Options as Start, key_text, parse_keys,
};
use sargon_z80::machine::{Image, default_program};
use sargon_z80::profile::DEFAULT_MHZ;
use sargon_z80::tui::{self, App, Options, ProgramOptions, SearchInputs, Theme};

use super::args::{DialectArg, SourceArg, board_arg, check_mhz};
use super::crosscheck::ImageArgs;
use super::exit;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 tui                                      GENMOV on the start position
  sargon-z80 tui '8/8/8/3pP3/8/8/8/k6K w - d6 0 1'     watch the en passant entry being built
  sargon-z80 tui --routine FNDMOV --ply 2             the search, stepped
  sargon-z80 tui --routine MOVE                       MOVE of the first move (up/down picks another)
  sargon-z80 tui --rom sargon78.bin --sym sargon78.sym --mhz 1.774
  sargon-z80 tui --ascii                              pieces as letters
  sargon-z80 tui --dialect tdl                        the code in the 1978 book's mnemonics
  sargon-z80 tui --rom sargon78.bin --sym sargon78.sym --source sargon78.lst --dialect tdl
                                                      the 1978 program's own lines at PC
  NO_COLOR=1 sargon-z80 tui                           no colours: bold, underline and reverse
  sargon-z80 tui --jupiter                            the built-in whole program on the Jupiter III
  sargon-z80 tui --jupiter --keys 'Y{enter}W2' --seed 7   its first keys queued
  sargon-z80 tui --rom sargon78.bin --sym sargon78.sym --dialect tdl   a program naming DRIVER

Keys: s step, n step over CALL, o run to RET, space run/pause (+ - speed), c run to the next \
breakpoint or watched write, b toggle a breakpoint, w toggle a watchpoint (a symbol or address: \
writes to it stop a run), r choose the routine, f enter a FEN, up/down select a move and m make \
it, v switch the code pane between the source's lines and the disassembly, t cycle the clock \
rate, ? more, q quit. A breakpoint is set on a symbol, an address or a source line (FILE:LINE, \
or :LINE in the file shown). Needs a terminal of at least 80x24; a larger one shows more of \
every pane.

A whole program (--jupiter, --entry or --keys, or an image that names DRIVER when no --routine \
is given) runs on the Jupiter III as `jupiter` runs it, its screen beside the code: i or F2 \
types to the program (every key goes to it and it runs; F2 returns to the debugger), K queues \
keys, s steps (an RST 38H and its monitor call are one step), R runs to the next key read, S to \
the next search (the board and moves panes follow it), w also takes a screen cell ROW,COLUMN \
or a row ROW,*, v switches the right-hand panes, V the code pane, r starts the program again. \
Its clock counts as `jupiter`'s: the command printed on leaving replays the same keys to the \
same T-state. Needs a terminal of at least 124x36.";

/// Step through the board code and the search in a terminal debugger.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct TuiArgs {
    /// The position [default: the start position].
    fen: Option<String>,
    #[command(flatten)]
    image: ImageArgs,
    /// The routine to step: GENMOV, MOVE, UNMOVE, INCHK, FNDMOV or any symbol of the image
    /// [default: GENMOV; DRIVER runs the whole program].
    #[arg(long, value_name = "NAME")]
    routine: Option<String>,
    /// Run a whole program on the Jupiter III [default for an image that names DRIVER].
    #[arg(long)]
    jupiter: bool,
    /// Where the whole program starts: a symbol or an address [default: DRIVER].
    #[arg(long, value_name = "SYMBOL|ADDR")]
    entry: Option<String>,
    /// Keys queued for the whole program before it starts (the forms of `jupiter --keys`).
    #[arg(long, value_name = "TEXT")]
    keys: Option<String>,
    /// The seed of R's advance at the whole program's key reads [default: drawn at random].
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Draw the whole program's screen light on dark, a negative of the machine's.
    #[arg(long)]
    negative: bool,
    /// PLYMAX of a FNDMOV call stepped as a routine [default: 2].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_PLYMAX as i64))]
    ply: Option<u8>,
    /// MOVENO of a FNDMOV call stepped as a routine (1 runs the opening book) [default: 2].
    #[arg(long, value_name = "N")]
    moveno: Option<u8>,
    /// The R register on entry to a FNDMOV stepped as a routine: bit 0 picks white's book move
    /// [default: 0].
    #[arg(long, value_name = "BYTE")]
    r_register: Option<u8>,
    /// Clock rates the T-state counter is converted at (t cycles), in MHz (0.1 to 1000),
    /// comma-separated.
    #[arg(long, value_name = "MHZ,...", value_delimiter = ',', default_values_t = DEFAULT_MHZ)]
    mhz: Vec<f64>,
    /// Draw pieces as FEN letters (for fonts without chess symbols).
    #[arg(long)]
    ascii: bool,
    /// The disassembly's mnemonics: Zilog's, or TDL's as the 1978 book prints them.
    #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Zilog)]
    dialect: DialectArg,
    #[command(flatten)]
    source: SourceArg,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: TuiArgs) -> anyhow::Result<i32> {
    check_mhz(&args.mhz)?;
    let (image, whole) = args.choose()?;
    args.refuse_other_modes_options(whole)?;
    if whole {
        return run_program(args, &image);
    }
    let board = board_arg(args.fen.as_deref())?;
    let dialect = args.dialect.disassembler();
    let source = args.source.load(&image, dialect)?.map(std::sync::Arc::new);
    let search = args.search_inputs();
    let options = Options {
        mhz: args.mhz,
        ascii: args.ascii,
        theme: Theme::from_env(),
        routine: args.routine.unwrap_or_else(|| "GENMOV".to_string()),
        search,
        dialect,
        source,
    };
    // Set up before the terminal is taken over, so a bad routine is a plain error message.
    let mut app = App::new(&image, board, options)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!("`tui` needs an interactive terminal (stdin and stdout)");
    }
    // A long command pauses as soon as a key waits, so Ctrl-C and q answer at once.
    app.pause_on_key(Box::new(|| {
        crossterm::event::poll(std::time::Duration::ZERO).unwrap_or(false)
    }));
    tui::run(&mut app)?;
    Ok(0)
}

impl TuiArgs {
    /// A FNDMOV call's inputs as given, else their defaults.
    fn search_inputs(&self) -> SearchInputs {
        SearchInputs {
            plymax: self.ply.unwrap_or(2),
            moveno: self.moveno.unwrap_or(2),
            r_register: self.r_register.unwrap_or(0),
        }
    }

    /// Options of the other mode are refused rather than silently dropped: a whole program
    /// sets its own search inputs (its level is typed to it), and a routine reads no keys.
    fn refuse_other_modes_options(&self, whole: bool) -> anyhow::Result<()> {
        let search = [
            ("--ply", self.ply.is_some()),
            ("--moveno", self.moveno.is_some()),
            ("--r-register", self.r_register.is_some()),
        ];
        let program = [
            ("--seed", self.seed.is_some()),
            ("--negative", self.negative),
        ];
        let (given, why): (Vec<&str>, &str) = if whole {
            let given = search.iter().filter(|(_, on)| *on).map(|(n, _)| *n);
            (
                given.collect(),
                "for a FNDMOV call stepped as a routine; a whole program sets its own \
                 (type its level to it)",
            )
        } else {
            let given = program.iter().filter(|(_, on)| *on).map(|(n, _)| *n);
            (
                given.collect(),
                "for a whole program on the Jupiter III (add --jupiter)",
            )
        };
        let verb = if given.len() == 1 { "is" } else { "are" };
        match given.is_empty() {
            true => Ok(()),
            false => anyhow::bail!("{} {verb} {why}", given.join(", ")),
        }
    }

    /// True when the options ask for a whole program.
    fn asks_for_program(&self) -> bool {
        let driver = self
            .routine
            .as_deref()
            .is_some_and(|r| r.trim().eq_ignore_ascii_case(DEFAULT_ENTRY));
        self.jupiter || self.entry.is_some() || self.keys.is_some() || driver
    }

    /// The image, and whether it runs as a whole program: when asked, or when it names DRIVER
    /// and no routine is asked for. Without --rom a whole program is the built-in one.
    fn choose(&self) -> anyhow::Result<(Image, bool)> {
        let asked = self.asks_for_program();
        let routine = self
            .routine
            .as_deref()
            .filter(|r| !r.trim().eq_ignore_ascii_case(DEFAULT_ENTRY));
        if asked && routine.is_some() {
            anyhow::bail!(
                "--routine steps one routine, --jupiter, --entry and --keys run a whole program: \
                 give one or the other (a whole program starts at --entry)"
            );
        }
        if self.image.rom.is_none() && asked {
            return Ok((default_program(), true));
        }
        let image = self.image.load()?;
        let names_driver = image.symbols.get(DEFAULT_ENTRY).is_some();
        Ok((image, asked || (routine.is_none() && names_driver)))
    }
}

/// The debugger on a whole program; on leaving, what replays the session with `jupiter`.
fn run_program(args: TuiArgs, image: &Image) -> anyhow::Result<i32> {
    if args.fen.is_some() {
        anyhow::bail!(
            "a whole program keeps its own position: type its moves to it instead of a FEN"
        );
    }
    let entry_name = args
        .entry
        .clone()
        .or_else(|| args.routine.clone().map(|r| r.trim().to_ascii_uppercase()))
        .unwrap_or_else(|| DEFAULT_ENTRY.to_string());
    let entry = machine::entry(image, Some(&entry_name))?;
    let keys = match &args.keys {
        Some(text) => parse_keys(text)?,
        None => Vec::new(),
    };
    let seed = args.seed.unwrap_or_else(sargon_z80::random::fresh_seed);
    let source = args.source.load(image, args.dialect.disassembler())?;
    let source = source.map(std::sync::Arc::new);
    let program = ProgramOptions {
        start: Start { entry, seed },
        entry_name,
        keys,
        glyphs: if args.ascii {
            Glyphs::Ascii
        } else {
            Glyphs::Unicode
        },
        look: if args.negative {
            Look::Negative
        } else {
            Look::Paper
        },
    };
    let options = Options {
        mhz: args.mhz.clone(),
        ascii: args.ascii,
        theme: Theme::from_env(),
        routine: DEFAULT_ENTRY.to_string(),
        search: args.search_inputs(),
        dialect: args.dialect.disassembler(),
        source,
    };
    let mut app = App::program(image, program, options)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!("`tui` needs an interactive terminal (stdin and stdout)");
    }
    app.pause_on_key(Box::new(|| {
        crossterm::event::poll(std::time::Duration::ZERO).unwrap_or(false)
    }));
    tui::run(&mut app)?;
    if let Some(jupiter) = app.jupiter() {
        exit::note(&replay_note(&args, jupiter));
    }
    Ok(0)
}

/// The session's clock, and the `jupiter` command that runs the same keys to the same clock.
fn replay_note(args: &TuiArgs, jupiter: &sargon_z80::jupiter::Jupiter) -> String {
    let mut words = vec!["sargon-z80".to_string(), "jupiter".to_string()];
    words.extend(args.image.replay_words());
    if let Some(entry) = &args.entry {
        words.extend(["--entry".to_string(), entry.clone()]);
    }
    words.extend([
        "--keys".to_string(),
        key_text(jupiter.keys_used()),
        "--seed".to_string(),
        jupiter.seed().to_string(),
    ]);
    let clock = format!(
        "the session ran {} T-states and read {} keys; `jupiter` runs the same keys on the same \
         clock:",
        sargon_z80::text::grouped(jupiter.clock().tstates),
        jupiter.keys_used().len(),
    );
    format!(
        "{clock}\n{}",
        sargon_z80::text::shell_lines("replay:", &words, 100)
    )
}
