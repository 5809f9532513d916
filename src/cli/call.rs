//! `sargon-z80 call`: call routines of an image in order on one machine and print their cost,
//! the registers and any memory asked for.

mod dump;
mod listing;
mod monitor;
mod regs;

use anyhow::{Context, bail};
use clap::Args;
use sargon_z80::files::excerpt;
use sargon_z80::machine::{Cost, Image, Machine, SymbolTable, parse_u16};
use sargon_z80::source::Disassembler;
use sargon_z80::text::grouped;
use serde::Serialize;

use super::args::{DialectArg, SourceArg};
use super::crosscheck::ImageArgs;
use super::output::{out, outln};
use dump::Dump;
use listing::Listing;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 call GENMOV                               the built-in image, as loaded
  sargon-z80 call INITBD GENMOV --dump MLIST:60/6      two routines on one machine, then the list
  sargon-z80 call INITBD --dump BOARDA:120/10          the board INITBD sets up, ten bytes a row
  sargon-z80 call --set COLOR=0x80 --json INCHK
  sargon-z80 call --reg HL=0x1234 --reg A=7 0x2000     registers first, then the code at 0x2000
  sargon-z80 call INCHK --disasm INCHK:12 --dialect tdl  INCHK's first 12 instructions, TDL
  sargon-z80 call --rom img.bin --sym img.sym --org 0x8000 START

Each routine runs as the harness runs one: a sentinel return address on SP (--stack, else \
STACK, else 0x0000), until it returns, under the machine's guards; registers and memory carry \
over from one routine to the next. Exit status: 0 every call returned, 2 bad input or a \
machine guard (runaway code, HALT, a protected write, PC leaving the image).";

/// Call routines of an image in order on one machine; print their cost, the registers and memory.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CallArgs {
    #[command(flatten)]
    image: ImageArgs,
    /// Store a byte before the first call: SYMBOL, SYMBOL+OFFSET or an address, = a byte value. Repeatable.
    #[arg(long = "set", value_name = "SYMBOL=BYTE")]
    sets: Vec<String>,
    /// Set a register before the first call (A F B C D E H L I R AF BC DE HL IX IY AF' BC' DE' HL',
    /// and WZ and Q, which BIT n,(HL) and SCF/CCF read). Repeatable.
    #[arg(long = "reg", value_name = "NAME=VALUE")]
    regs: Vec<String>,
    /// Show memory after the calls: WHERE:LEN[/WIDTH], WHERE a symbol, SYMBOL+OFFSET or an address. Repeatable.
    #[arg(long = "dump", value_name = "WHERE:LEN[/W]")]
    dumps: Vec<String>,
    /// Show code after the calls: WHERE[:COUNT] instructions (default 16), WHERE a symbol,
    /// SYMBOL+OFFSET or an address, operands named by the image's symbols. Repeatable.
    #[arg(long = "disasm", value_name = "WHERE[:N]")]
    listings: Vec<String>,
    /// The mnemonics of --disasm: Zilog's, or TDL's as the 1978 book prints them.
    #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Zilog)]
    dialect: DialectArg,
    #[command(flatten)]
    source: SourceArg,
    /// Stack top (default: the STACK symbol, else 0x0000).
    #[arg(long, value_name = "ADDR", value_parser = parse_address)]
    stack: Option<u16>,
    /// Most instructions each call may run before it counts as runaway code.
    #[arg(long, value_name = "N", default_value_t = sargon_z80::machine::DEFAULT_BUDGET)]
    budget: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The routines, called in order: symbols or addresses.
    #[arg(required = true, value_name = "ROUTINE")]
    routines: Vec<String>,
}

fn parse_address(text: &str) -> Result<u16, String> {
    parse_u16(text).map_err(|e| e.to_string())
}

/// A symbol, a number, or `SYMBOL+OFFSET` (symbols win over numbers such as `ABCDH`).
pub(super) fn resolve(symbols: &SymbolTable, text: &str) -> anyhow::Result<u16> {
    if let Some(addr) = symbols.get(text.trim()) {
        return Ok(addr);
    }
    if let Ok(addr) = parse_u16(text) {
        return Ok(addr);
    }
    let (name, offset) = match text.split_once('+') {
        Some((name, offset)) => (name.trim(), parse_u16(offset)?),
        None => (text.trim(), 0),
    };
    let base = symbols.require(&[name])?[0];
    Ok(base.wrapping_add(offset))
}

/// One routine called: what and where, and its cost.
#[derive(Serialize)]
struct Called {
    routine: String,
    address: u16,
    tstates: u64,
    instructions: u64,
}

#[derive(Serialize)]
struct Report {
    calls: Vec<Called>,
    tstates: u64,
    instructions: u64,
    registers: sargon_z80::machine::Registers,
    dumps: Vec<Dump>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    disassembly: Vec<Listing>,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: CallArgs) -> anyhow::Result<i32> {
    let image = args.image.load()?;
    let mut machine = prepare(&args, &image)?;
    let mut dumps = args
        .dumps
        .iter()
        .map(|d| Dump::parse(&image.symbols, d))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut listings = args
        .listings
        .iter()
        .map(|l| Listing::parse(&image, l))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let dialect = args.dialect.disassembler();
    let source = match listings.is_empty() {
        true => None,
        false => args.source.load(&image, dialect)?,
    };
    let mut calls = Vec::with_capacity(args.routines.len());
    for routine in &args.routines {
        let address = resolve(&image.symbols, routine)
            .with_context(|| format!("routine {}", excerpt(routine)))?;
        let cost = machine.call(address).map_err(|e| {
            let err = anyhow::Error::new(e).context(routine.clone());
            let err = org_hint(&args, &image, err);
            let before: Vec<u16> = calls.iter().map(|c: &Called| c.address).collect();
            monitor::monitor_hint(&args, &image, &before, (routine, address), err)
        })?;
        calls.push(called(routine, address, cost));
    }
    for dump in &mut dumps {
        dump.read(machine.memory());
    }
    let memory: &[u8; 0x10000] = machine
        .memory()
        .try_into()
        .context("the machine has 64 KiB of memory")?;
    let disassembler = Disassembler::new(&image, dialect).with_source(source.as_ref());
    for listing in &mut listings {
        listing.read(memory, &disassembler);
    }
    let report = Report {
        tstates: calls.iter().map(|c| c.tstates).sum(),
        instructions: calls.iter().map(|c| c.instructions).sum(),
        calls,
        registers: machine.registers(),
        dumps,
        disassembly: listings,
    };
    if args.json {
        outln!("{}", serde_json::to_string(&report)?)?;
    } else {
        out!("{}", text(&report))?;
    }
    Ok(0)
}

fn called(routine: &str, address: u16, cost: Cost) -> Called {
    Called {
        routine: routine.to_string(),
        address,
        tstates: cost.tstates,
        instructions: cost.instructions,
    }
}

/// The machine with the image loaded and `--budget`, `--stack`, `--set` and `--reg` applied.
fn prepare(args: &CallArgs, image: &Image) -> anyhow::Result<Machine> {
    let mut machine = Machine::new(image);
    machine.set_budget(args.budget);
    if let Some(stack) = args.stack {
        machine.set_stack(stack);
    }
    for set in &args.sets {
        let quoted = excerpt(set);
        let Some((target, value)) = set.split_once('=') else {
            bail!("--set {quoted}: expected SYMBOL=BYTE");
        };
        let addr = resolve(&image.symbols, target).with_context(|| format!("--set {quoted}"))?;
        let value = parse_u16(value).with_context(|| format!("--set {quoted}"))?;
        let Ok(byte) = u8::try_from(value) else {
            bail!("--set {quoted}: {value} does not fit in a byte");
        };
        machine.poke(addr, byte);
    }
    let mut registers = machine.registers();
    for reg in &args.regs {
        regs::apply(&mut registers, reg)?;
    }
    machine.set_registers(&registers);
    Ok(machine)
}

/// A failed call of an image loaded at 0 only because nothing said otherwise: say so, with
/// the lowest symbol as the likely load address.
fn org_hint(args: &CallArgs, image: &Image, err: anyhow::Error) -> anyhow::Error {
    let guessed = args.image.rom.is_some() && args.image.org.is_none();
    if !guessed || image.symbols.get("ORG").is_some() || image.org != 0 {
        return err;
    }
    // Symbols from 0 up fit an image loaded at 0: the guess is not the likely cause.
    let Some(lowest) = image
        .symbols
        .iter()
        .map(|(_, v)| v)
        .min()
        .filter(|&v| v > 0)
    else {
        return err;
    };
    anyhow::anyhow!(
        "{err:#}; hint: the image was loaded at 0x0000, as no --org was given and the symbol file has no ORG; if it was assembled for another address, give --org (its lowest symbol is {lowest:#06X}: --org {lowest:#06X}?)"
    )
}

/// One line per call (and a total for several), the registers, then each dump.
fn text(report: &Report) -> String {
    let mut out = String::new();
    for c in &report.calls {
        out.push_str(&format!(
            "{} at {:#06X}: {} T-states, {} instructions\n",
            c.routine,
            c.address,
            grouped(c.tstates),
            grouped(c.instructions)
        ));
    }
    if report.calls.len() > 1 {
        out.push_str(&format!(
            "total: {} T-states, {} instructions\n",
            grouped(report.tstates),
            grouped(report.instructions)
        ));
    }
    out.push_str(&format!("{}\n", report.registers));
    for dump in &report.dumps {
        out.push_str(&dump.to_text());
    }
    for listing in &report.disassembly {
        out.push_str(&listing.to_text());
    }
    out
}
