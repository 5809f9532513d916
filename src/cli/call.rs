//! `sargon-z80 call`: call one routine of an image and print its cost and registers.

use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;
use sargon_z80::machine::{Image, Machine, SymbolTable, parse_u16};
use serde::Serialize;

use super::output::outln;

/// Call one routine of an image and print its cost and registers.
#[derive(Debug, Args)]
pub struct CallArgs {
    /// The image's raw binary.
    #[arg(long, value_name = "IMG.bin")]
    rom: PathBuf,
    /// The image's pasmo-style symbol file (NAME EQU value per line).
    #[arg(long, value_name = "IMG.sym")]
    sym: PathBuf,
    /// Load address of the binary (0x1234, $1234, 1234h or decimal); default: the ORG symbol, else 0.
    #[arg(long, value_name = "ADDR", value_parser = parse_address)]
    org: Option<u16>,
    /// Store a byte before the call: SYMBOL, SYMBOL+OFFSET or an address, = a byte value. Repeatable.
    #[arg(long = "set", value_name = "SYMBOL=BYTE")]
    sets: Vec<String>,
    /// Stack top (default: the STACK symbol, else 0x0000).
    #[arg(long, value_name = "ADDR", value_parser = parse_address)]
    stack: Option<u16>,
    /// Most instructions the call may run before it counts as runaway code.
    #[arg(long, value_name = "N", default_value_t = sargon_z80::machine::DEFAULT_BUDGET)]
    budget: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The routine: a symbol or an address.
    routine: String,
}

fn parse_address(text: &str) -> Result<u16, String> {
    parse_u16(text).map_err(|e| e.to_string())
}

/// A symbol, a number, or `SYMBOL+OFFSET` (symbols win over numbers such as `ABCDH`).
fn resolve(symbols: &SymbolTable, text: &str) -> anyhow::Result<u16> {
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

#[derive(Serialize)]
struct Report<'a> {
    routine: &'a str,
    address: u16,
    tstates: u64,
    instructions: u64,
    registers: sargon_z80::machine::Registers,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: CallArgs) -> anyhow::Result<i32> {
    let image = Image::load(&args.rom, &args.sym, args.org)?;
    let address = resolve(&image.symbols, &args.routine)
        .with_context(|| format!("routine {:?}", args.routine))?;
    let mut machine = Machine::new(&image);
    machine.set_budget(args.budget);
    if let Some(stack) = args.stack {
        machine.set_stack(stack);
    }
    for set in &args.sets {
        let Some((target, value)) = set.split_once('=') else {
            bail!("--set {set:?}: expected SYMBOL=BYTE");
        };
        let addr = resolve(&image.symbols, target).with_context(|| format!("--set {set:?}"))?;
        let value = parse_u16(value).with_context(|| format!("--set {set:?}"))?;
        let Ok(byte) = u8::try_from(value) else {
            bail!("--set {set:?}: {value} does not fit in a byte");
        };
        machine.poke(addr, byte);
    }
    let cost = machine.call(address)?;
    let registers = machine.registers();
    if args.json {
        let report = Report {
            routine: &args.routine,
            address,
            tstates: cost.tstates,
            instructions: cost.instructions,
            registers,
        };
        outln!("{}", serde_json::to_string(&report)?)?;
    } else {
        outln!(
            "{} at {address:#06X}: {} T-states, {} instructions",
            args.routine,
            cost.tstates,
            cost.instructions
        )?;
        outln!("{registers}")?;
    }
    Ok(0)
}
