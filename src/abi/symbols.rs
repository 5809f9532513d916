//! The addresses an ABI image must (and may) define, resolved once per image. Symbol sets for
//! other groups of routines resolve through the same [`require`] and [`check_routines`], so
//! every image error reads alike.

mod extent;

use crate::machine::{DEFAULT_STACK_SIZE, Image, MachineError, SymbolTable};

use super::list::{ENTRY_SIZE, ListArea};

pub use extent::check_extents;

/// Bytes of PLYIX the harness uses: four per ply (start word and head link) for the deepest
/// walk a command allows (8 plies).
pub const PLY_TABLE_BYTES: u16 = 4 * 8;

/// The symbols every ABI image defines (ABI section 8).
pub const REQUIRED: [&str; 14] = [
    "BOARDA", "COLOR", "POSK", "POSQ", "CKFLG", "MLIST", "MLNXT", "MLPTRI", "MLPTRJ", "PLYIX",
    "GENMOV", "INCHK", "MOVE", "UNMOVE",
];

/// The symbols an image may define (ABI section 8): INITBD; STACK (the machine's stack top);
/// MLEND (else the list area is bounded as [`ListEndSource`] says); MLLST (internal to
/// GENMOV); MLOVF (checked after every GENMOV); PERFT with PDEPTH and PCOUNT (the image's own
/// perft); CODE_START and CODE_END (write-protected while a routine runs).
pub const OPTIONAL: [&str; 10] = [
    "INITBD",
    "STACK",
    "MLEND",
    "MLLST",
    "MLOVF",
    "PERFT",
    "PDEPTH",
    "PCOUNT",
    "CODE_START",
    "CODE_END",
];

/// Where the move-list area ends, and how that was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ListEndSource {
    /// The image defines MLEND.
    Mlend,
    /// No MLEND: the area ends before the next symbol above MLIST in address order.
    NextSymbol,
    /// No MLEND and no symbol above MLIST: the area runs to the top of memory.
    TopOfMemory,
}

/// The image's own perft routine and its two variables, when it has all three.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftSymbols {
    /// The PERFT routine.
    pub perft: u16,
    /// PDEPTH, the depth byte it reads.
    pub pdepth: u16,
    /// PCOUNT, the 32-bit leaf count it writes.
    pub pcount: u16,
}

/// The resolved addresses of an ABI image: the board, the move list and the board routines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbiSymbols {
    /// BOARDA, the 120-byte board.
    pub boarda: u16,
    /// COLOR, the side to move.
    pub color: u16,
    /// POSK, the two king squares.
    pub posk: u16,
    /// POSQ, the two queen squares.
    pub posq: u16,
    /// CKFLG, GENMOV's in-check flag.
    pub ckflg: u16,
    /// MLIST, the start of the move-list area.
    pub mlist: u16,
    /// MLNXT, the next free list address.
    pub mlnxt: u16,
    /// MLPTRI, the ply-table pointer.
    pub mlptri: u16,
    /// MLPTRJ, the current/previous move pointer.
    pub mlptrj: u16,
    /// PLYIX, the ply table.
    pub plyix: u16,
    /// The GENMOV routine.
    pub genmov: u16,
    /// The INCHK routine.
    pub inchk: u16,
    /// The MOVE routine.
    pub make: u16,
    /// The UNMOVE routine.
    pub unmake: u16,
    /// The INITBD routine, when the image has one.
    pub initbd: Option<u16>,
    /// MLOVF, the overflow flag, when the image has one.
    pub mlovf: Option<u16>,
    /// PERFT, PDEPTH and PCOUNT, when the image has all three.
    pub perft: Option<PerftSymbols>,
    /// The last address where an entry may start (MLEND, or derived; see `list_end_source`).
    pub mlend: u16,
    /// How `mlend` was found.
    pub list_end_source: ListEndSource,
}

/// Why an image cannot be driven.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AbiError {
    /// Required symbols are missing (all of them are named).
    #[error("the image is missing required ABI symbol(s): {}", .0.join(", "))]
    MissingSymbols(Vec<String>),
    /// A routine's address lies outside the image's bytes: the binary was cut short or the
    /// symbols belong to another image.
    #[error(
        "{name} = {addr:#06X} lies outside the image's bytes {} (truncated image, or wrong --org/--sym)",
        crate::text::address_span(u32::from(*.org), *.end)
    )]
    RoutineOutsideImage {
        /// The routine's symbol.
        name: &'static str,
        /// Its address.
        addr: u16,
        /// The image's load address.
        org: u16,
        /// One past its last byte.
        end: u32,
    },
    /// The image has the board ABI but not the search's symbols (all missing ones named).
    #[error(
        "the image has no search ABI (SARGON_SEARCH.md): missing symbol(s) {}; the board commands still work",
        .0.join(", ")
    )]
    MissingSearchSymbols(Vec<String>),
    /// The image names no PREVMV and no free place was found for the previous-move entry:
    /// 0x2000 is taken and memory is in use too close to the video memory (see
    /// `abi::search::previous_entry_place`).
    #[error(
        "no room for the previous-move entry: 0x2000 is in {taken_by} ({}) and memory is in use up to {highest:#06X}, too close to the video memory at 0xC000: define PREVMV (six free bytes) in the symbol file",
        crate::text::address_range(*.first, *.last)
    )]
    NoRoomForPreviousEntry {
        /// What holds 0x2000.
        taken_by: &'static str,
        /// Its first address.
        first: u32,
        /// Its last address.
        last: u32,
        /// The highest address in use below the video memory.
        highest: u32,
    },
    /// A symbol whose bytes would run past the top of memory.
    #[error("{name} = {addr:#06X}: its {bytes} bytes run past the top of memory (0xFFFF)")]
    SymbolPastMemory {
        /// The symbol.
        name: &'static str,
        /// Its address.
        addr: u16,
        /// How many bytes the harness uses from there.
        bytes: u16,
    },
    /// The move-list area cannot hold a single entry.
    #[error("the move-list area {} holds no entry", crate::text::address_range(u32::from(*.start), u32::from(*.last)))]
    EmptyListArea {
        /// MLIST.
        start: u16,
        /// The last entry start.
        last: u16,
    },
}

/// The addresses of `names` in `image`, in order; every missing name in one error.
pub fn require(image: &Image, names: &[&str]) -> Result<Vec<u16>, AbiError> {
    image.symbols.require(names).map_err(|err| match err {
        MachineError::MissingSymbols(names) => AbiError::MissingSymbols(names),
        other => AbiError::MissingSymbols(vec![other.to_string()]),
    })
}

/// Fails on the first routine whose address lies outside the image's bytes.
pub fn check_routines(image: &Image, routines: &[(&'static str, u16)]) -> Result<(), AbiError> {
    match routines.iter().find(|&&(_, addr)| !image.contains(addr)) {
        Some(&(name, addr)) => Err(AbiError::RoutineOutsideImage {
            name,
            addr,
            org: image.org,
            end: image.end(),
        }),
        None => Ok(()),
    }
}

impl AbiSymbols {
    /// Resolves the symbols of `image`, checking that the routines lie inside its bytes.
    pub fn resolve(image: &Image) -> Result<AbiSymbols, AbiError> {
        let v = require(image, &REQUIRED)?;
        let table = &image.symbols;
        let (mlend, list_end_source) = list_end(table, v[5]);
        let symbols = AbiSymbols {
            boarda: v[0],
            color: v[1],
            posk: v[2],
            posq: v[3],
            ckflg: v[4],
            mlist: v[5],
            mlnxt: v[6],
            mlptri: v[7],
            mlptrj: v[8],
            plyix: v[9],
            genmov: v[10],
            inchk: v[11],
            make: v[12],
            unmake: v[13],
            initbd: table.get("INITBD"),
            mlovf: table.get("MLOVF"),
            perft: perft_symbols(table),
            mlend,
            list_end_source,
        };
        if mlend < symbols.mlist {
            return Err(AbiError::EmptyListArea {
                start: symbols.mlist,
                last: mlend,
            });
        }
        check_extents(&symbols.extents())?;
        check_routines(
            image,
            &[
                ("GENMOV", symbols.genmov),
                ("INCHK", symbols.inchk),
                ("MOVE", symbols.make),
                ("UNMOVE", symbols.unmake),
            ],
        )?;
        Ok(symbols)
    }

    /// Every variable and table the harness reads or writes, at the length it uses there:
    /// BOARDA's 120 bytes, POSQ with the 0xFF byte after it, an entry at MLIST and at MLEND
    /// (so the whole list area, MLIST being at most MLEND), the ply table for 8 plies,
    /// PCOUNT's 32 bits.
    pub fn extents(&self) -> Vec<(&'static str, u16, u16)> {
        let mut extents = vec![
            ("BOARDA", self.boarda, 120),
            ("COLOR", self.color, 1),
            ("POSK", self.posk, 2),
            ("POSQ", self.posq, 3),
            ("CKFLG", self.ckflg, 1),
            ("MLIST", self.mlist, ENTRY_SIZE),
            ("MLEND", self.mlend, ENTRY_SIZE),
            ("MLNXT", self.mlnxt, 2),
            ("MLPTRI", self.mlptri, 2),
            ("MLPTRJ", self.mlptrj, 2),
            ("PLYIX", self.plyix, PLY_TABLE_BYTES),
        ];
        if let Some(mlovf) = self.mlovf {
            extents.push(("MLOVF", mlovf, 1));
        }
        if let Some(p) = self.perft {
            extents.extend([("PDEPTH", p.pdepth, 1), ("PCOUNT", p.pcount, 4)]);
        }
        extents
    }

    /// The move-list area.
    pub fn list_area(&self) -> ListArea {
        ListArea {
            start: self.mlist,
            last_entry: self.mlend,
        }
    }
}

fn perft_symbols(table: &SymbolTable) -> Option<PerftSymbols> {
    Some(PerftSymbols {
        perft: table.get("PERFT")?,
        pdepth: table.get("PDEPTH")?,
        pcount: table.get("PCOUNT")?,
    })
}

/// MLEND when defined; otherwise the last entry start that ends before the next symbol above
/// MLIST (a 1978-style listing declares the list last, followed by other data or nothing).
/// The stack is kept clear: when that next symbol is STACK, or when there is none and SP starts
/// at the top of memory (no STACK), the machine's stack region is taken off the end.
fn list_end(table: &SymbolTable, mlist: u16) -> (u16, ListEndSource) {
    if let Some(mlend) = table.get("MLEND") {
        return (mlend, ListEndSource::Mlend);
    }
    let stack_room = u32::from(DEFAULT_STACK_SIZE);
    let next = table
        .iter()
        .filter(|&(_, value)| value > mlist)
        .min_by_key(|&(_, value)| value);
    let (limit, source) = match next {
        Some((name, value)) if name.eq_ignore_ascii_case("STACK") => (
            u32::from(value).saturating_sub(stack_room),
            ListEndSource::NextSymbol,
        ),
        Some((_, value)) => (u32::from(value), ListEndSource::NextSymbol),
        None if table.get("STACK").is_none() => (0x1_0000 - stack_room, ListEndSource::TopOfMemory),
        None => (0x1_0000, ListEndSource::TopOfMemory),
    };
    let last = limit.saturating_sub(u32::from(ENTRY_SIZE));
    (last.min(0xFFFF) as u16, source)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(extra: &[(&str, u16)], skip: &[&str]) -> Image {
        let mut table = SymbolTable::new();
        for (i, name) in REQUIRED.iter().enumerate() {
            if !skip.contains(name) {
                table.insert(name, 0x0100 + 2 * i as u16);
            }
        }
        for &(name, value) in extra {
            table.insert(name, value);
        }
        Image::new(vec![0xC9; 0x200], 0x0100, table).unwrap()
    }

    #[test]
    fn reports_every_missing_symbol() {
        let err = AbiSymbols::resolve(&image(&[], &["GENMOV", "CKFLG"])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the image is missing required ABI symbol(s): CKFLG, GENMOV"
        );
    }

    #[test]
    fn list_end_from_mlend_next_symbol_or_top_of_memory() {
        // MLIST is 0x010A; with MLEND given it wins.
        let s = AbiSymbols::resolve(&image(&[("MLEND", 0x0F00)], &[])).unwrap();
        assert_eq!((s.mlend, s.list_end_source), (0x0F00, ListEndSource::Mlend));
        // Without MLEND, the next symbol above MLIST bounds the area.
        let mut table = image(&[], &[]).symbols;
        table.insert("MLIST", 0x4000);
        table.insert("AFTER", 0x4800);
        let img = Image::new(vec![0xC9; 0x200], 0x0100, table.clone()).unwrap();
        let s = AbiSymbols::resolve(&img).unwrap();
        assert_eq!(
            (s.mlend, s.list_end_source),
            (0x47FA, ListEndSource::NextSymbol)
        );
        // With nothing above MLIST and no STACK, SP starts at the top: its region stays clear.
        table.insert("AFTER", 0x0050);
        let img = Image::new(vec![0xC9; 0x200], 0x0100, table.clone()).unwrap();
        let s = AbiSymbols::resolve(&img).unwrap();
        assert_eq!(
            (s.mlend, s.list_end_source),
            (0xFBFA, ListEndSource::TopOfMemory)
        );
        // A STACK right above the list keeps its 1 KiB region clear too.
        table.insert("STACK", 0x4800);
        let img = Image::new(vec![0xC9; 0x200], 0x0100, table).unwrap();
        let s = AbiSymbols::resolve(&img).unwrap();
        assert_eq!(
            (s.mlend, s.list_end_source),
            (0x43FA, ListEndSource::NextSymbol)
        );
    }

    #[test]
    fn variables_at_the_top_of_memory_are_refused() {
        for (name, at, len) in [
            ("POSQ", 0xFFFF, 3),
            ("POSQ", 0xFFFE, 3),
            ("POSK", 0xFFFF, 2),
            ("BOARDA", 0xFF89, 120),
            ("PLYIX", 0xFFF0, 32),
            ("COLOR", 0x0000, 1),
        ] {
            let err = AbiSymbols::resolve(&image(&[(name, at), ("MLEND", 0x0F00)], &[]));
            if name == "COLOR" {
                assert!(err.is_ok());
                continue;
            }
            assert_eq!(
                err.unwrap_err(),
                AbiError::SymbolPastMemory {
                    name,
                    addr: at,
                    bytes: len
                },
                "{name} at {at:#06X}"
            );
        }
        assert!(AbiSymbols::resolve(&image(&[("BOARDA", 0xFF88), ("MLEND", 0x0F00)], &[])).is_ok());
        let err = AbiSymbols::resolve(&image(&[("MLEND", 0xFFFB)], &[])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "MLEND = 0xFFFB: its 6 bytes run past the top of memory (0xFFFF)"
        );
        let err = AbiSymbols::resolve(&image(
            &[
                ("PCOUNT", 0xFFFD),
                ("PDEPTH", 0),
                ("PERFT", 0x100),
                ("MLEND", 0x0F00),
            ],
            &[],
        ));
        assert_eq!(
            err.unwrap_err(),
            AbiError::SymbolPastMemory {
                name: "PCOUNT",
                addr: 0xFFFD,
                bytes: 4
            }
        );
    }

    #[test]
    fn every_name_the_harness_reads_wins_a_shared_address() {
        use crate::abi::search::{SEARCH_OPTIONAL, SEARCH_REQUIRED};
        let markers = ["CODE_START", "CODE_END"];
        let names = REQUIRED
            .iter()
            .chain(&OPTIONAL)
            .chain(&SEARCH_REQUIRED)
            .chain(&SEARCH_OPTIONAL);
        for name in names.filter(|n| !markers.contains(n)) {
            assert!(SymbolTable::HARNESS_NAMES.contains(name), "{name}");
        }
    }

    #[test]
    fn routines_must_lie_inside_the_image() {
        let err =
            AbiSymbols::resolve(&image(&[("MOVE", 0x0400), ("MLEND", 0x0F00)], &[])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "MOVE = 0x0400 lies outside the image's bytes 0x0100..0x02FF (truncated image, or wrong --org/--sym)"
        );
    }
}
