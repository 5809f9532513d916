//! The symbols of the search ABI (`SARGON_SEARCH.md` sections 2.1 and 7), resolved once per
//! image, and where the harness may put the previous-move entry.

use crate::machine::{DEFAULT_STACK_SIZE, Image};

use super::super::list::ENTRY_SIZE;
use super::super::symbols::{AbiError, AbiSymbols, check_routines};

/// What every image with a search defines besides the board ABI: the search and the
/// evaluation routines, and the variables the harness pokes, watches and reads.
pub const SEARCH_REQUIRED: [&str; 9] = [
    "FNDMOV", "POINTS", "KOLOR", "MOVENO", "PLYMAX", "NPLY", "VALM", "BESTM", "SCORE",
];

/// What a search image may define: PMATE (read after the call); PREVMV (where the harness
/// puts the previous-move entry, else [`DEFAULT_PREVIOUS_ENTRY`]); the evaluation's terms,
/// read at every POINTS return for detailed traces; and the routines profiled by name.
pub const SEARCH_OPTIONAL: [&str; 15] = [
    "PMATE", "PREVMV", "BRDC", "MTRL", "PTSL", "PTSW1", "PTSW2", "PTSCK", "BC0", "MV0", "PINFND",
    "SORTM", "EVAL", "ASCEND", "BOOK",
];

/// Where the previous-move entry goes when the image names no PREVMV: plain RAM above the 1978
/// image (which ends at 0x147C), as `sargon1978/README.md` puts it.
pub const DEFAULT_PREVIOUS_ENTRY: u16 = 0x2000;

/// The 40 bytes of PLYIX the harness zeroes (10 plies of the 1978 table, `SARGON_SEARCH.md`
/// 7.1).
pub const PLYIX_ZEROED: u16 = 40;

/// The bytes of SCORE the search may use: `S[0] .. S[PLYMAX + 1]` for PLYMAX up to 9, plus one
/// (the 1978 table's 12 bytes).
pub const SCORE_BYTES: u16 = 12;

/// The variables the evaluation leaves behind, when the image names all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TermSymbols {
    /// BRDC.
    pub brdc: u16,
    /// MTRL.
    pub mtrl: u16,
    /// PTSL.
    pub ptsl: u16,
    /// PTSW1.
    pub ptsw1: u16,
    /// PTSW2.
    pub ptsw2: u16,
    /// PTSCK.
    pub ptsck: u16,
}

/// The resolved addresses of a search image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchSymbols {
    /// The board ABI.
    pub board: AbiSymbols,
    /// FNDMOV, the search.
    pub fndmov: u16,
    /// POINTS, the evaluation: every return from it is one trace record.
    pub points: u16,
    /// KOLOR, the side the search plays for.
    pub kolor: u16,
    /// MOVENO.
    pub moveno: u16,
    /// PLYMAX.
    pub plymax: u16,
    /// NPLY, the current ply.
    pub nply: u16,
    /// VALM, POINTS's result.
    pub valm: u16,
    /// BESTM, the best ply-1 entry's address.
    pub bestm: u16,
    /// SCORE, the score table (SCORE+1 is the answer).
    pub score: u16,
    /// PMATE, when the image has it.
    pub pmate: Option<u16>,
    /// Where the previous-move entry goes.
    pub previous: u16,
    /// The evaluation's terms, when the image names them all.
    pub terms: Option<TermSymbols>,
}

impl SearchSymbols {
    /// Resolves the board and search symbols of `image`: every missing search symbol in one
    /// error, the routines inside the image's bytes, the previous-move entry in free memory.
    pub fn resolve(image: &Image) -> Result<SearchSymbols, AbiError> {
        let board = AbiSymbols::resolve(image)?;
        let table = &image.symbols;
        let missing: Vec<String> = SEARCH_REQUIRED
            .iter()
            .filter(|name| table.get(name).is_none())
            .map(|name| name.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(AbiError::MissingSearchSymbols(missing));
        }
        let get = |name: &str| table.get(name).unwrap_or_default();
        check_routines(
            image,
            &[("FNDMOV", get("FNDMOV")), ("POINTS", get("POINTS"))],
        )?;
        let previous = previous_entry(image, &board)?;
        within_memory("SCORE", get("SCORE"), SCORE_BYTES)?;
        within_memory("PLYIX", board.plyix, PLYIX_ZEROED)?;
        Ok(SearchSymbols {
            fndmov: get("FNDMOV"),
            points: get("POINTS"),
            kolor: get("KOLOR"),
            moveno: get("MOVENO"),
            plymax: get("PLYMAX"),
            nply: get("NPLY"),
            valm: get("VALM"),
            bestm: get("BESTM"),
            score: get("SCORE"),
            pmate: table.get("PMATE"),
            previous,
            terms: term_symbols(image),
            board,
        })
    }
}

fn term_symbols(image: &Image) -> Option<TermSymbols> {
    let t = &image.symbols;
    Some(TermSymbols {
        brdc: t.get("BRDC")?,
        mtrl: t.get("MTRL")?,
        ptsl: t.get("PTSL")?,
        ptsw1: t.get("PTSW1")?,
        ptsw2: t.get("PTSW2")?,
        ptsck: t.get("PTSCK")?,
    })
}

/// PREVMV, or [`DEFAULT_PREVIOUS_ENTRY`] when its 6 bytes lie clear of the image, the move
/// list, PLYIX and the stack; otherwise an error asking for PREVMV.
fn previous_entry(image: &Image, board: &AbiSymbols) -> Result<u16, AbiError> {
    if let Some(addr) = image.symbols.get("PREVMV") {
        return within_memory("PREVMV", addr, ENTRY_SIZE);
    }
    let at = u32::from(DEFAULT_PREVIOUS_ENTRY);
    let entry = at..at + u32::from(ENTRY_SIZE);
    let stack_top = u32::from(image.symbols.get("STACK").unwrap_or(0));
    let busy = [
        (u32::from(image.org), image.end()),
        (
            u32::from(board.mlist),
            u32::from(board.mlend) + u32::from(ENTRY_SIZE),
        ),
        (
            u32::from(board.plyix),
            u32::from(board.plyix) + u32::from(PLYIX_ZEROED),
        ),
        (
            stack_top.saturating_sub(u32::from(DEFAULT_STACK_SIZE)),
            stack_top + 1,
        ),
    ];
    match busy
        .iter()
        .find(|(start, end)| entry.start < *end && *start < entry.end)
    {
        None => Ok(DEFAULT_PREVIOUS_ENTRY),
        Some(_) => Err(AbiError::NoRoomForPreviousEntry {
            addr: DEFAULT_PREVIOUS_ENTRY,
        }),
    }
}

/// `addr` when its `bytes` bytes fit below the top of memory.
fn within_memory(name: &'static str, addr: u16, bytes: u16) -> Result<u16, AbiError> {
    if u32::from(addr) + u32::from(bytes) > 0x1_0000 {
        return Err(AbiError::SymbolPastMemory { name, addr, bytes });
    }
    Ok(addr)
}
