//! Where the harness puts the previous-move entry of a search (`SARGON_SEARCH.md` 7.1) when the
//! image does not name a place (PREVMV): in memory the image does not use, found from the image
//! and its symbols, so an image that holds a whole program (the book's layout runs to about
//! START+20DAH, over the 1978 measurements' 0x2000) needs no hand-edited symbol file.
//!
//! In use are: the image's bytes; the move list MLIST..MLEND+5; the PLYIX bytes the harness
//! zeroes; SCORE's bytes; the stack region below STACK; and the storage an image keeps above
//! itself, from its end up to its highest symbol below the video memory (tables, lists and
//! variables declared as `NAME EQU address`, as the project's own images do). The entry goes:
//! 1. to 0x2000, where the 1978 measurements put it, when that is free;
//! 2. else to the highest free 16-byte boundary below 0xC000 (where the Jupiter III's video
//!    memory starts, which a whole program writes) and above everything in use except the
//!    stack: as far as it can be from the storage an image declares above itself, whose last
//!    table's size its symbols do not tell;
//! 3. else nowhere: the error names what holds 0x2000 and the highest address in use.

use std::ops::Range;

use crate::machine::{DEFAULT_STACK_SIZE, Image};

use super::super::list::ENTRY_SIZE;
use super::super::symbols::{AbiError, AbiSymbols};

/// Where the previous-move entry goes when it is free: plain RAM above the 1978 engine image
/// (which ends at 0x147C), as `sargon1978/README.md` puts it.
pub const DEFAULT_PREVIOUS_ENTRY: u16 = 0x2000;

/// The bottom of the Jupiter III's video memory: a whole program writes its screen from here
/// (32 rows of 64 cells), so nothing of the harness goes there or above.
pub const VIDEO_MEMORY: u16 = 0xC000;

/// The 40 bytes of PLYIX the harness zeroes (10 plies of the 1978 table, `SARGON_SEARCH.md`
/// 7.1).
pub const PLYIX_ZEROED: u16 = 40;

/// The bytes of SCORE the search may use: `S[0] .. S[PLYMAX + 1]` for PLYMAX up to 9, plus one
/// (the 1978 table's 12 bytes).
pub const SCORE_BYTES: u16 = 12;

/// The alignment of the place searched below the video memory.
const SLOT: u32 = 16;

/// What the stack region is called among the parts in use.
const STACK: &str = "the stack";

/// One part of memory in use, with what it is (for the error message).
#[derive(Debug, Clone, PartialEq, Eq)]
struct InUse {
    what: &'static str,
    span: Range<u32>,
}

/// The parts of memory a search on `image` uses, besides the entry itself.
fn in_use(image: &Image, board: &AbiSymbols) -> Vec<InUse> {
    let part = |what, start: u16, len: u32| InUse {
        what,
        span: u32::from(start)..u32::from(start) + len,
    };
    let list_len = u32::from(board.mlend.saturating_sub(board.mlist)) + u32::from(ENTRY_SIZE);
    let mut parts = vec![
        InUse {
            what: "the image",
            span: u32::from(image.org)..image.end(),
        },
        part("the move list", board.mlist, list_len),
        part("PLYIX", board.plyix, u32::from(PLYIX_ZEROED)),
    ];
    let symbols = &image.symbols;
    if let Some(score) = symbols.get("SCORE") {
        parts.push(part("SCORE", score, u32::from(SCORE_BYTES)));
    }
    if let Some(top) = symbols.get("STACK") {
        let bottom = top.saturating_sub(DEFAULT_STACK_SIZE);
        parts.push(part(STACK, bottom, u32::from(top - bottom) + 1));
    }
    // The stack is a part of its own: its symbol is not storage.
    let highest = symbols
        .iter()
        .filter(|(name, _)| !name.eq_ignore_ascii_case("STACK"))
        .map(|(_, value)| u32::from(value))
        .filter(|&value| value >= image.end() && value < u32::from(VIDEO_MEMORY))
        .max();
    if let Some(highest) = highest {
        parts.push(InUse {
            what: "the image's storage above it (up to its highest symbol)",
            span: image.end()..highest + 1,
        });
    }
    parts
}

/// Where the previous-move entry of a search on `image` goes: PREVMV, else the first free
/// place of the module's rule; an error when there is none.
pub fn previous_entry_place(image: &Image, board: &AbiSymbols) -> Result<u16, AbiError> {
    if let Some(addr) = image.symbols.get("PREVMV") {
        if u32::from(addr) + u32::from(ENTRY_SIZE) > 0x1_0000 {
            return Err(AbiError::SymbolPastMemory {
                name: "PREVMV",
                addr,
                bytes: ENTRY_SIZE,
            });
        }
        return Ok(addr);
    }
    let parts = in_use(image, board);
    let entry = |at: u32| at..at + u32::from(ENTRY_SIZE);
    let holder = |at: u32| {
        parts
            .iter()
            .find(|p| p.span.start < entry(at).end && entry(at).start < p.span.end)
    };
    let historical = u32::from(DEFAULT_PREVIOUS_ENTRY);
    let Some(taken) = holder(historical) else {
        return Ok(DEFAULT_PREVIOUS_ENTRY);
    };
    // Everything but the stack, which may lie anywhere, stays below the place.
    let floor = parts
        .iter()
        .filter(|p| p.what != STACK && p.span.start < u32::from(VIDEO_MEMORY))
        .map(|p| p.span.end)
        .max()
        .unwrap_or(0);
    let mut at = u32::from(VIDEO_MEMORY) - SLOT;
    while at >= floor {
        if holder(at).is_none() {
            return Ok(at as u16);
        }
        at -= SLOT;
    }
    Err(AbiError::NoRoomForPreviousEntry {
        taken_by: taken.what,
        first: taken.span.start,
        last: taken.span.end - 1,
        highest: floor.saturating_sub(1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::{SymbolTable, default_image, default_program};

    /// An image of `len` bytes at 0 with the board ABI's symbols at the 1978 addresses and
    /// `extra` ones.
    fn image(len: usize, extra: &[(&str, u16)]) -> Image {
        let mut symbols = SymbolTable::new();
        let abi = [
            ("BOARDA", 0x00B4),
            ("COLOR", 0x0021),
            ("POSK", 0x014E),
            ("POSQ", 0x0150),
            ("CKFLG", 0x0029),
            ("MLIST", 0x0300),
            ("MLEND", 0x0AF8),
            ("MLNXT", 0x001E),
            ("MLPTRI", 0x0014),
            ("MLPTRJ", 0x0016),
            ("PLYIX", 0x015F),
            ("SCORE", 0x0153),
            ("STACK", 0x02FF),
            ("GENMOV", 0x0D56),
            ("INCHK", 0x0D98),
            ("MOVE", 0x1173),
            ("UNMOVE", 0x11E5),
        ];
        for (name, value) in abi.iter().chain(extra) {
            symbols.insert(name, *value);
        }
        Image::new(vec![0; len], 0, symbols).unwrap()
    }

    fn place(image: &Image) -> Result<u16, AbiError> {
        previous_entry_place(image, &AbiSymbols::resolve(image).unwrap())
    }

    #[test]
    fn the_1978_engine_layout_keeps_0x2000() {
        assert_eq!(place(&image(0x147D, &[])), Ok(0x2000));
    }

    #[test]
    fn the_book_s_whole_program_goes_below_the_video_memory() {
        // The book's layout runs to START+20DAH: 0x2000 is code.
        assert_eq!(place(&image(0x20DB, &[("DRIVER", 0x1A00)])), Ok(0xBFF0));
    }

    #[test]
    fn storage_declared_above_the_image_is_left_alone() {
        // Tables declared above the image lie below the place, however large the last one is.
        let img = image(0x20DB, &[("TABLE", 0x3000), ("BUFFER", 0xBFE3)]);
        assert_eq!(place(&img), Ok(0xBFF0));
        // A constant at or above the video memory (a screen address) is not storage.
        let img = image(0x20DB, &[("SCREEN", 0xC000), ("VIDEO", 0xC7FF)]);
        assert_eq!(place(&img), Ok(0xBFF0));
    }

    #[test]
    fn a_stack_under_the_video_memory_is_passed() {
        // The stack region is 0xBBFF..=0xBFFF.
        let img = image(0x20DB, &[("STACK", 0xBFFF)]);
        assert_eq!(place(&img), Ok(0xBBF0));
    }

    #[test]
    fn no_room_below_the_video_memory_is_an_error_naming_where() {
        let img = image(0x20DB, &[("LAST", 0xBFF0)]);
        let error = place(&img).unwrap_err();
        assert_eq!(
            error,
            AbiError::NoRoomForPreviousEntry {
                taken_by: "the image",
                first: 0,
                last: 0x20DA,
                highest: 0xBFF0,
            }
        );
        assert_eq!(
            error.to_string(),
            "no room for the previous-move entry: 0x2000 is in the image (0x0000..0x20DA) and \
             memory is in use up to 0xBFF0, too close to the video memory at 0xC000: define \
             PREVMV (six free bytes) in the symbol file"
        );
    }

    #[test]
    fn prevmv_wins_and_must_fit() {
        assert_eq!(place(&image(0x20DB, &[("PREVMV", 0x9000)])), Ok(0x9000));
        assert!(matches!(
            place(&image(0x147D, &[("PREVMV", 0xFFFC)])),
            Err(AbiError::SymbolPastMemory { name: "PREVMV", .. })
        ));
    }

    #[test]
    fn the_project_s_images_without_prevmv() {
        for img in [default_image(), default_program()] {
            let mut stripped = img.clone();
            stripped.symbols = SymbolTable::new();
            for (name, value) in img.symbols.iter().filter(|(n, _)| *n != "PREVMV") {
                stripped.symbols.insert(name, value);
            }
            assert_eq!(place(&stripped), Ok(0xBFF0));
        }
    }
}
