//! Where a source map comes from: a listing file (`asm --lst`), a source file assembled on
//! the spot by the project's assembler (its public API: the assembly's listing text, read as
//! any listing is), or, for the built-in images, their listings compiled into the binary.

use std::path::Path;

use super::error::SourceError;
use super::listing;
use super::map::SourceMap;
use crate::assembler::{self, Options};
use crate::files::{TextLimits, path_text, read_text};
use crate::machine::{Dialect, Image};

/// The engine image's bytes and listing (`roms/sargon.*`, from `asm/sargon.asm`).
const ENGINE: (&[u8], &str) = (
    include_bytes!("../../roms/sargon.bin"),
    include_str!("../../roms/sargon.lst"),
);
/// The whole program's (`roms/jupiter.*`, from `asm/jupiter.asm`).
const PROGRAM: (&[u8], &str) = (
    include_bytes!("../../roms/jupiter.bin"),
    include_str!("../../roms/jupiter.lst"),
);

/// What a listing file may be: as large as a source (16 MiB), lines of at most 64 KiB.
const LISTING_LIMITS: TextLimits = TextLimits {
    what: "a source or listing",
    max_bytes: 16 << 20,
    max_line: 64 << 10,
};

/// How a listing written by the project's assembler starts.
const LISTING_START: &str = "; file ";

/// The source of a built-in image (the engine or the whole program), from the listing the
/// binary carries; None for any other image.
pub fn builtin(image: &Image) -> Option<SourceMap> {
    let (origin, lst) = if image.bytes == ENGINE.0 {
        ("asm/sargon.asm", ENGINE.1)
    } else if image.bytes == PROGRAM.0 {
        ("asm/jupiter.asm", PROGRAM.1)
    } else {
        return None;
    };
    let listing = listing::parse(lst).ok()?;
    let map = SourceMap::new(listing, origin, Some(Dialect::Zilog), image);
    (map.agreement().agree > 0).then_some(map)
}

/// The source map of `path` on `image`: a listing written by `asm --lst` (its first line is
/// `; file NAME`), else a source assembled in `dialect` (or, when that fails and the other
/// dialect succeeds, in the other one). An error when the file cannot be read, the listing is
/// not one, the source does not assemble, or no line of code of it is the image's.
pub fn load(path: &Path, image: &Image, dialect: Dialect) -> Result<SourceMap, SourceError> {
    let text = read_text(path, LISTING_LIMITS)?;
    let origin = path_text(path);
    if text.starts_with(LISTING_START) {
        return SourceMap::from_listing(&text, &origin, None, image);
    }
    let (listing, dialect) = assemble(path, dialect)?;
    SourceMap::from_listing(&listing, &origin, Some(dialect), image)
}

/// The listing text of the source at `path` and the dialect it assembled in.
fn assemble(path: &Path, dialect: Dialect) -> Result<(String, Dialect), SourceError> {
    let other = match dialect {
        Dialect::Zilog => Dialect::Tdl,
        Dialect::Tdl => Dialect::Zilog,
    };
    let first = match assembler::assemble_file_with(path, &[], options(dialect)) {
        Ok(assembly) => return Ok((assembly.lst_text(), dialect)),
        Err(errors) => errors,
    };
    if let Ok(assembly) = assembler::assemble_file_with(path, &[], options(other)) {
        return Ok((assembly.lst_text(), other));
    }
    Err(SourceError::Assembly {
        path: path_text(path),
        dialect: dialect_name(dialect),
        errors: first.to_string(),
        count: first.errors().len(),
    })
}

/// Overlaps are allowed: a map needs the lines, and the 1978 listing has one.
fn options(dialect: Dialect) -> Options {
    Options {
        dialect: match dialect {
            Dialect::Zilog => assembler::Dialect::Zilog,
            Dialect::Tdl => assembler::Dialect::Tdl,
        },
        allow_overlap: true,
    }
}

/// The dialect's name as `--dialect` takes it.
pub fn dialect_name(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Zilog => "zilog",
        Dialect::Tdl => "tdl",
    }
}
