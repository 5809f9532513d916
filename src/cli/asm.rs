//! `sargon-z80 asm`: assemble a Z80 source file into a binary, a pasmo-style symbol file and a listing.

use std::path::PathBuf;

use super::exit;
use super::output::outln;
use clap::Args;
use sargon_z80::assembler;
use sargon_z80::files::{Outputs, path_text};

/// Assemble a Z80 source file into a binary, a pasmo-style symbol file and a listing.
#[derive(Debug, Args)]
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
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: AsmArgs) -> anyhow::Result<i32> {
    let asm = match assembler::assemble_file(&args.src, &args.include) {
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
    let output = args
        .output
        .unwrap_or_else(|| args.src.with_extension("bin"));
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
    outputs.output(&output, asm.bytes.clone());
    if let Some(sym) = &args.sym {
        outputs.output(sym, asm.sym_text().into_bytes());
    }
    if let Some(lst) = &args.lst {
        outputs.output(lst, asm.lst_text().into_bytes());
    }
    outputs.commit()?;
    let end = usize::from(asm.start) + asm.bytes.len();
    // The binary holds no load address; other commands need it unless the symbols say ORG.
    let has_org = asm.symbols().keys().any(|k| k.eq_ignore_ascii_case("ORG"));
    let load = if asm.start != 0 && !has_org {
        format!(" (load it with --org {:#06X})", asm.start)
    } else {
        String::new()
    };
    outln!(
        "{}: {} bytes at {:04X}H..{:04X}H, {} symbols -> {}{load}",
        path_text(&args.src),
        asm.bytes.len(),
        asm.start,
        end.saturating_sub(1),
        asm.symbols().len(),
        path_text(&output)
    )?;
    Ok(0)
}
