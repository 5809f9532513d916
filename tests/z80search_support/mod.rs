//! Shared by tests/z80search_*.rs: the 1978 program's measured searches (../shared/sargon1978),
//! the built-in image (roms/sargon.bin + .sym) set up for a search the way SARGON_SEARCH.md 7.1
//! says, FNDMOV run under an observer that takes one record (NPLY, from, to, VALM) at every
//! return from POINTS, and the comparison of everything the 1978 program decided.

// Each test crate compiles this module and uses only part of it.
#![allow(dead_code)]

pub mod compare;
pub mod data;
pub mod sweep;
pub mod watch;

use std::path::{Path, PathBuf};

use sargon_z80::machine::{Cost, Image, Machine};

use watch::{Record, Watch};

/// Instructions one FNDMOV call may run (the largest 1978 search ran 3.7e8).
pub const BUDGET: u64 = 4_000_000_000;

/// Where the previous-move entry goes when the image does not name a place (PREVMV): the
/// address the 1978 measurements used.
pub const PREV_DEFAULT: u16 = 0x2000;

/// The folder of shared material: `$SARGON_SHARED`, else `../shared` beside the crate.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("SARGON_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// The committed built-in image, read from roms/ (tests/roms_up_to_date.rs keeps it equal to
/// a fresh assembly of asm/).
pub fn image() -> Image {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    Image::load(
        &root.join("roms/sargon.bin"),
        &root.join("roms/sargon.sym"),
        None,
    )
    .unwrap_or_else(|e| panic!("roms/sargon.bin cannot be loaded: {e}"))
}

/// The addresses a search harness uses (SARGON_SEARCH.md 2.1 and 7).
#[derive(Debug, Clone, Copy)]
pub struct Syms {
    pub fndmov: u16,
    pub points: u16,
    pub boarda: u16,
    pub posk: u16,
    pub posq: u16,
    pub kolor: u16,
    pub color: u16,
    pub moveno: u16,
    pub plymax: u16,
    pub nply: u16,
    pub valm: u16,
    pub bestm: u16,
    pub score: u16,
    pub pmate: u16,
    pub mlptrj: u16,
    pub plyix: u16,
    pub mlist: u16,
    pub bc0: u16,
    pub mv0: u16,
    pub stack: u16,
    pub mlovf: u16,
    pub brdc: u16,
    pub mtrl: u16,
    pub ptsl: u16,
    pub ptsw1: u16,
    pub ptsw2: u16,
    pub ptsck: u16,
    pub prev: u16,
}

impl Syms {
    /// The symbols of `image`; a missing one fails the test by name.
    pub fn of(image: &Image) -> Syms {
        let names = [
            "FNDMOV", "POINTS", "BOARDA", "POSK", "POSQ", "KOLOR", "COLOR", "MOVENO", "PLYMAX",
            "NPLY", "VALM", "BESTM", "SCORE", "PMATE", "MLPTRJ", "PLYIX", "MLIST", "BC0", "MV0",
            "STACK", "MLOVF", "BRDC", "MTRL", "PTSL", "PTSW1", "PTSW2", "PTSCK",
        ];
        let v = image
            .symbols
            .require(&names)
            .unwrap_or_else(|e| panic!("the built-in image lacks search symbols: {e}"));
        Syms {
            fndmov: v[0],
            points: v[1],
            boarda: v[2],
            posk: v[3],
            posq: v[4],
            kolor: v[5],
            color: v[6],
            moveno: v[7],
            plymax: v[8],
            nply: v[9],
            valm: v[10],
            bestm: v[11],
            score: v[12],
            pmate: v[13],
            mlptrj: v[14],
            plyix: v[15],
            mlist: v[16],
            bc0: v[17],
            mv0: v[18],
            stack: v[19],
            mlovf: v[20],
            brdc: v[21],
            mtrl: v[22],
            ptsl: v[23],
            ptsw1: v[24],
            ptsw2: v[25],
            ptsck: v[26],
            prev: image.symbols.get("PREVMV").unwrap_or(PREV_DEFAULT),
        }
    }
}

/// A position and game state to search, as SARGON_SEARCH.md 7.1 pokes it.
#[derive(Debug, Clone)]
pub struct Setup {
    pub boarda: [u8; 120],
    pub posk: [u8; 2],
    pub posq: [u8; 2],
    /// KOLOR: 0x00 white, 0x80 black.
    pub kolor: u8,
    pub moveno: u8,
    pub plymax: u8,
    /// The previous move's from, to, flags.
    pub prev: [u8; 3],
}

/// What one FNDMOV call left and cost.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// BESTM.
    pub bestm: u16,
    /// From, to, flags of the entry at BESTM (zeros when BESTM = 0).
    pub best: [u8; 3],
    /// SCORE+1.
    pub score: u8,
    pub plymax_after: u8,
    pub posq_after: [u8; 2],
    pub pmate: u8,
    pub mlovf: u8,
    /// MV0 and BC0 after the call.
    pub mv0: u8,
    pub bc0: u8,
    /// POINTS returns, their digest, and the records when kept.
    pub points: u64,
    pub digest: u64,
    pub trace: Vec<Record>,
    /// The FNDMOV call, RET included.
    pub cost: Cost,
    /// Bytes of stack used below the stack top (the return address included).
    pub stack_bytes: u16,
    /// The ply-1 list after the call, in link order: from, to, flags, value.
    pub ply1: Vec<[u8; 4]>,
}

/// A machine with the built-in image and its search symbols.
pub struct Rig {
    pub image: Image,
    pub syms: Syms,
}

impl Rig {
    pub fn new() -> Rig {
        let image = image();
        let syms = Syms::of(&image);
        Rig { image, syms }
    }

    /// A fresh machine with `setup` poked in (PLYIX zeroed, R = `r`), ready to call FNDMOV.
    pub fn machine(&self, setup: &Setup, r: u8) -> Machine {
        let s = &self.syms;
        let mut m = Machine::new(&self.image);
        m.set_budget(BUDGET);
        m.write_bytes(s.boarda, &setup.boarda);
        m.write_bytes(s.posk, &setup.posk);
        m.write_bytes(s.posq, &setup.posq);
        m.poke(s.kolor, setup.kolor);
        m.poke(s.color, setup.kolor);
        m.poke(s.moveno, setup.moveno);
        m.poke(s.plymax, setup.plymax);
        let [from, to, flags] = setup.prev;
        m.write_bytes(s.prev, &[0, 0, from, to, flags, 0]);
        m.poke16(s.mlptrj, s.prev);
        for addr in s.plyix..s.mlist {
            m.poke(addr, 0);
        }
        let mut regs = m.registers();
        regs.r = r;
        m.set_registers(&regs);
        m
    }

    /// Runs FNDMOV on `setup`, keeping the trace records when `keep` is set.
    pub fn search(&self, setup: &Setup, keep: bool) -> Result<Outcome, String> {
        let mut m = self.machine(setup, 0);
        self.run(&mut m, keep)
    }

    /// Calls FNDMOV on a prepared machine and reads what the harness reads.
    pub fn run(&self, m: &mut Machine, keep: bool) -> Result<Outcome, String> {
        let s = self.syms;
        let mut watch = Watch::new(m.memory(), s, keep);
        let cost = m
            .call_observed(s.fndmov, &mut watch)
            .map_err(|e| format!("FNDMOV failed: {e}"))?;
        if let Some(error) = watch.error.take() {
            return Err(error);
        }
        let bestm = m.peek16(s.bestm);
        let best = if bestm == 0 {
            [0; 3]
        } else {
            [m.peek(bestm + 2), m.peek(bestm + 3), m.peek(bestm + 4)]
        };
        Ok(Outcome {
            bestm,
            best,
            score: m.peek(s.score + 1),
            plymax_after: m.peek(s.plymax),
            posq_after: [m.peek(s.posq), m.peek(s.posq + 1)],
            pmate: m.peek(s.pmate),
            mlovf: m.peek(s.mlovf),
            mv0: m.peek(s.mv0),
            bc0: m.peek(s.bc0),
            points: watch.count,
            digest: watch.digest,
            trace: std::mem::take(&mut watch.records),
            cost,
            stack_bytes: s.stack.wrapping_sub(watch.lowest_stack_write),
            ply1: ply1_list(m, m.peek16(s.plyix)),
        })
    }
}

/// The list that starts with the entry at `first` (the ply's start word: the walk leaves the
/// head word on the last entry it visited) in link order: from, to, flags, value of each entry.
pub fn ply1_list(m: &Machine, first: u16) -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    let mut link = first;
    while link >> 8 != 0 && out.len() < 400 {
        out.push([
            m.peek(link + 2),
            m.peek(link + 3),
            m.peek(link + 4),
            m.peek(link + 5),
        ]);
        link = m.peek16(link);
    }
    out
}

/// A square index as a name (a1 = 21).
pub fn square_name(sq: u8) -> String {
    let i = i32::from(sq) - 21;
    let (file, rank) = (i % 10, i / 10);
    if !(0..8).contains(&file) || !(0..8).contains(&rank) {
        return format!("?{sq}");
    }
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// The UCI text of an entry (promotion "q" when flag bit 5 is set), as search.jsonl writes it.
pub fn uci(from: u8, to: u8, flags: u8) -> String {
    let promo = if flags & 0x20 != 0 { "q" } else { "" };
    format!("{}{}{promo}", square_name(from), square_name(to))
}

impl Setup {
    /// The set-up of a FEN (the project's conventions: moved bits, POSQ = lowest queen,
    /// previous move from the en passant square), searched for the side to move.
    pub fn from_fen(fen: &str, moveno: u8, plymax: u8) -> Setup {
        let board = sargon_z80::position::Board::from_fen(fen)
            .unwrap_or_else(|e| panic!("bad FEN {fen:?}: {e}"));
        Setup {
            boarda: board.cells,
            posk: board.posk,
            posq: board.posq,
            kolor: board.color,
            moveno,
            plymax,
            prev: [board.prev.from, board.prev.to, board.prev.flags],
        }
    }
}
