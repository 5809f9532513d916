//! `sargon-z80 asm`: assemble a Z80 source file into a binary, a pasmo-style symbol file and a listing.

use std::path::{Path, PathBuf};

use super::args::DialectArg;
use super::exit;
use super::output::outln;
use clap::Args;
use sargon_z80::assembler::{self, Assembly, Options};
use sargon_z80::files::{Outputs, path_text};
use sargon_z80::text::grouped;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 asm prog.asm                                   prog.bin beside the source
  sargon-z80 asm asm/sargon.asm -o roms/sargon.bin --sym roms/sargon.sym --lst roms/sargon.lst
  sargon-z80 asm book.asm --dialect tdl --allow-overlap --sym book.sym --lst book.lst

--dialect tdl reads TDL's 8080-style mnemonics and directives (MOV A,M, LXI H,nn, .LOC, .BYTE, \
.DEFINE), the dialect the 1978 listing is printed in; every form and its Zilog equivalent is \
in docs/USAGE.md. Exit status: 0 assembled (warnings go to stderr), 2 any error (nothing is \
written).";

/// Assemble a Z80 source file into a binary, a pasmo-style symbol file and a listing.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct AsmArgs {
    /// The source file.
    src: PathBuf,
    /// The binary to write (default: the source path with extension .bin). No output may be
    /// an input (the source, an INCLUDE or INCBIN file); each is replaced only on success.
    #[arg(short = 'o', long = "output", value_name = "OUT.bin")]
    output: Option<PathBuf>,
    /// Also write the symbols in pasmo's format (NAME<tab><tab>EQU 0ABCDH).
    #[arg(long, value_name = "OUT.sym")]
    sym: Option<PathBuf>,
    /// Also write a listing (line, address, bytes, source).
    #[arg(long, value_name = "OUT.lst")]
    lst: Option<PathBuf>,
    /// A folder to search for INCLUDE and INCBIN files (after the including file's folder).
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// The words the source is written in: Zilog mnemonics, or TDL's 8080-style ones.
    #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Zilog)]
    dialect: DialectArg,
    /// Let a statement write over bytes an earlier one wrote: the later bytes win and each
    /// overlap is reported as a warning (the 1978 listing's graphics lie over 7 bytes).
    #[arg(long)]
    allow_overlap: bool,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: AsmArgs) -> anyhow::Result<i32> {
    let options = Options {
        dialect: args.dialect.assembler(),
        allow_overlap: args.allow_overlap,
    };
    let asm = match assembler::assemble_file_with(&args.src, &args.include, options) {
        Ok(asm) => asm,
        Err(errors) => {
            exit::note(&errors.to_string());
            let n = errors.errors().len();
            exit::note(&format!(
                "{n} error{}; no output written",
                if n == 1 { "" } else { "s" }
            ));
            return Ok(2);
        }
    };
    asm.warnings()
        .iter()
        .for_each(|w| exit::note(&w.to_string()));
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.src.with_extension("bin"));
    write_outputs(&args, &asm, &output)?;
    // The binary holds no load address; other commands need it unless the symbols say ORG.
    let has_org = asm.symbols().keys().any(|k| k.eq_ignore_ascii_case("ORG"));
    let load = if asm.start != 0 && !has_org {
        format!(" (load it with --org {:#06X})", asm.start)
    } else {
        String::new()
    };
    outln!(
        "{}: {}, {} symbols -> {}{load}",
        path_text(&args.src),
        bytes_at(asm.start, asm.bytes.len()),
        grouped(asm.symbols().len() as u64),
        path_text(&output)
    )?;
    Ok(0)
}

/// `len` bytes from `start` as the assembler writes addresses: the first and the last, both
/// inside (`13,036 bytes at 0000H..32EBH`, `1 byte at 0100H`, `no bytes`).
fn bytes_at(start: u16, len: usize) -> String {
    let last = usize::from(start) + len.saturating_sub(1);
    match len {
        0 => "no bytes".to_string(),
        1 => format!("1 byte at {start:04X}H"),
        _ => format!("{} bytes at {start:04X}H..{last:04X}H", grouped(len as u64)),
    }
}

/// The binary at `output`, the symbols and the listing when asked for: all written or none,
/// and none over an input of the assembly.
fn write_outputs(args: &AsmArgs, asm: &Assembly, output: &Path) -> anyhow::Result<()> {
    let mut outputs = Outputs::new();
    for (i, input) in asm.inputs().iter().enumerate() {
        outputs.input(
            input,
            if i == 0 {
                "the source"
            } else {
                "an input of the source"
            },
        );
    }
    outputs.output(output, asm.bytes.clone());
    if let Some(sym) = &args.sym {
        outputs.output(sym, asm.sym_text().into_bytes());
    }
    if let Some(lst) = &args.lst {
        outputs.output(lst, asm.lst_text().into_bytes());
    }
    outputs.commit()?;
    Ok(())
}
