//! The Z80 assembler: Zilog mnemonics, pasmo-compatible output (binary, symbols, listing),
//! and a second front end for TDL's 8080-style mnemonics (the 1978 listing's dialect) that
//! rewrites each TDL statement to its Zilog form, so both dialects share one encoder, one
//! pass, one listing and the same errors.
//!
//! Stand-alone: it uses no other module of the crate. Labels are case-sensitive (as in
//! pasmo); mnemonics, registers, directives and operator words are not.
//!
//! ```
//! use sargon_z80::assembler::{Dialect, Options, assemble_str_with};
//!
//! let tdl = Options { dialect: Dialect::Tdl, ..Options::default() };
//! let asm = assemble_str_with("t.asm", "\tMVI A,^H10\n\tJP .\n", &[], tdl).unwrap();
//! assert_eq!(asm.bytes, [0x3E, 0x10, 0xF2, 0x02, 0x00]); // LD A,10H; JP P,$
//! ```

mod dialect;
mod encode;
mod encoding;
mod error;
mod expr;
mod image;
mod lexer;
mod listing;
mod macros;
mod operand;
mod output;
mod parser;
mod pass;
mod source;
mod tdl;
mod tdl_forms;
mod words;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub use dialect::{Dialect, Options};
pub use error::{AsmError, AsmErrors, AsmWarning};
pub use output::Assembly;
pub use tdl::FORMS as TDL_FORMS;

use error::Diag;
use pass::{Pass, PassOutcome};
use source::{SourceFile, Sources};

/// Most passes before giving up on symbols that keep changing value.
const MAX_PASSES: usize = 32;

/// Assembles the Zilog file at `path`, searching INCLUDE/INCBIN files next to the including
/// file and then in `include_dirs`.
pub fn assemble_file(path: &Path, include_dirs: &[PathBuf]) -> Result<Assembly, AsmErrors> {
    assemble_file_with(path, include_dirs, Options::default())
}

/// Assembles the file at `path` with `options` (its dialect, whether overlaps are allowed).
pub fn assemble_file_with(
    path: &Path,
    include_dirs: &[PathBuf],
    options: Options,
) -> Result<Assembly, AsmErrors> {
    let bytes = source::read_bounded(path, source::MAX_SOURCE_BYTES).map_err(|e| {
        AsmErrors(vec![AsmError {
            file: error::escaped(&path.display().to_string(), error::NAME_CHARS),
            line: 0,
            col: 0,
            source_line: String::new(),
            message: format!("cannot read source file: {e}"),
        }])
    })?;
    let text = encoding::decode(&bytes).map_err(|r| refused(&path.display().to_string(), r))?;
    let mut assembly =
        assemble_str_with(&path.display().to_string(), &text, include_dirs, options)?;
    assembly.read_main_file(path);
    Ok(assembly)
}

/// Assembles the Zilog `source`, named `name` in messages; INCLUDE/INCBIN files are searched
/// in the folder of `name` and then in `include_dirs`.
pub fn assemble_str(
    name: &str,
    source: &str,
    include_dirs: &[PathBuf],
) -> Result<Assembly, AsmErrors> {
    assemble_str_with(name, source, include_dirs, Options::default())
}

/// Assembles `source` with `options`, named `name` in messages.
pub fn assemble_str_with(
    name: &str,
    source: &str,
    include_dirs: &[PathBuf],
    options: Options,
) -> Result<Assembly, AsmErrors> {
    let source = encoding::text(source).map_err(|r| refused(name, r))?;
    let path = Path::new(name);
    let dir = path.parent().map_or_else(PathBuf::new, Path::to_path_buf);
    let list_name = path
        .file_name()
        .map_or_else(|| name.to_string(), |f| f.to_string_lossy().into_owned());
    let main = SourceFile::new(name.to_string(), list_name, dir, source, options.dialect);
    let mut sources = Sources::new(main, include_dirs, options);
    let mut prev: HashMap<String, i32> = HashMap::new();
    let mut changing = Vec::new();
    for _ in 0..MAX_PASSES {
        let outcome = Pass::new(&mut sources, &prev).run();
        let values: HashMap<String, i32> = outcome
            .syms
            .iter()
            .map(|(k, s)| (k.clone(), s.value))
            .collect();
        if outcome.stopped || !outcome.used_prev || values == prev {
            return finish(outcome, &sources);
        }
        changing = values
            .iter()
            .filter(|(k, v)| prev.get(*k) != Some(v))
            .map(|(k, _)| k.clone())
            .collect();
        prev = values;
    }
    Err(not_settling(&sources, changing))
}

/// The error for a source whose text cannot be read as lines (UTF-16, lines ended by CR).
fn refused(name: &str, refusal: encoding::Refusal) -> AsmErrors {
    AsmErrors(vec![AsmError {
        file: error::escaped(name, error::NAME_CHARS),
        line: refusal.line,
        col: 0,
        source_line: String::new(),
        message: refusal.message,
    }])
}

fn finish(outcome: PassOutcome, sources: &Sources) -> Result<Assembly, AsmErrors> {
    // A TDL source read as Zilog fails on most of its lines: one line says why instead.
    if let Some(hint) = outcome.tdl_hint {
        return Err(AsmErrors(vec![hint]));
    }
    if !outcome.errors.is_empty() {
        return Err(AsmErrors(outcome.errors));
    }
    Ok(output::build(outcome, sources))
}

/// The error when symbol values still change after the last pass.
fn not_settling(sources: &Sources, mut changing: Vec<String>) -> AsmErrors {
    changing.sort();
    changing.truncate(10);
    let main = &sources.files[0];
    let diag = Diag::new(
        1,
        format!(
            "symbol values do not settle after {MAX_PASSES} passes (they depend on each other in a loop): {}",
            changing
                .iter()
                .map(|name| error::quoted(name))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    AsmErrors(vec![AsmError {
        file: main.display.clone(),
        line: 1,
        col: diag.col,
        source_line: main
            .lines
            .first()
            .map(|l| l.to_string())
            .unwrap_or_default(),
        message: diag.msg,
    }])
}
