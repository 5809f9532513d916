//! The built-in image with a few bytes changed, written into a test's folder beside a copy of
//! its symbol file: images that disagree, run away or raise false alarms, for the tests of
//! what the tool says about them.

#![allow(dead_code)]

use std::path::Path;

use sargon_z80::machine::{Image, default_image};

/// A patched image's files, as command-line words.
pub struct Patched {
    /// The binary.
    pub bin: String,
    /// Its symbol file (the built-in one's).
    pub sym: String,
}

impl Patched {
    /// `--rom BIN --sym SYM`.
    pub fn args(&self) -> [&str; 4] {
        ["--rom", &self.bin, "--sym", &self.sym]
    }
}

/// Writes the built-in image as changed by `patch` into `dir/NAME.bin`, and its symbol file as
/// `dir/NAME.sym`.
pub fn write(dir: &Path, name: &str, patch: impl FnOnce(&Image, &mut Vec<u8>)) -> Patched {
    let image = default_image();
    let mut bytes = image.bytes.clone();
    patch(&image, &mut bytes);
    let bin = dir.join(format!("{name}.bin"));
    let sym = dir.join(format!("{name}.sym"));
    std::fs::write(&bin, bytes).unwrap();
    let roms = Path::new(env!("CARGO_MANIFEST_DIR")).join("roms/sargon.sym");
    std::fs::copy(roms, &sym).unwrap();
    Patched {
        bin: bin.display().to_string(),
        sym: sym.display().to_string(),
    }
}

/// The address of `name` in the built-in image.
pub fn symbol(image: &Image, name: &str) -> u16 {
    image
        .symbols
        .get(name)
        .unwrap_or_else(|| panic!("the built-in image names {name}"))
}

/// One bit of the evaluation's tables changed (offset 0x803): the board routines agree, the
/// search does not.
pub fn evaluation_bit(dir: &Path) -> Patched {
    write(dir, "eb", |_, bytes| bytes[0x803] ^= 1)
}

/// GENMOV's first instruction replaced by `JR $` (18 FE): every GENMOV call runs forever.
pub fn looping_genmov(dir: &Path) -> Patched {
    write(dir, "loop", |image, bytes| {
        let at = usize::from(symbol(image, "GENMOV") - image.org);
        bytes[at..at + 2].copy_from_slice(&[0x18, 0xFE]);
    })
}

/// GENMOV that, when the side to move is in check, sets MLOVF = 1 and returns at once, a
/// false alarm with the whole list area free: its entry jumps to a stub past the code.
pub fn false_overflow(dir: &Path) -> Patched {
    write(dir, "ovf", |image, bytes| {
        let word = |value: u16| value.to_le_bytes();
        let genmov = symbol(image, "GENMOV");
        let at = usize::from(genmov - image.org);
        // The built-in GENMOV begins CALL INCHK; LD (CKFLG),A.
        assert_eq!((bytes[at], bytes[at + 3]), (0xCD, 0x32));
        let stub = image.org + bytes.len() as u16;
        let mut code = vec![0xCD];
        code.extend(word(symbol(image, "INCHK")));
        code.push(0x32);
        code.extend(word(symbol(image, "CKFLG")));
        code.extend([0xB7, 0xCA]); // OR A; JP Z,GENMOV+6 (not in check: as before)
        code.extend(word(genmov + 6));
        code.extend([0x3E, 0x01, 0x32]); // LD A,1; LD (MLOVF),A
        code.extend(word(symbol(image, "MLOVF")));
        code.push(0xC9); // RET
        bytes.extend(code);
        bytes[at] = 0xC3; // JP stub
        bytes[at + 1..at + 3].copy_from_slice(&word(stub));
    })
}

/// POINTS's first instruction replaced by `JR $` (18 FE): PC stays on POINTS's address, which
/// a progress leash must not take for calls of POINTS.
pub fn looping_points(dir: &Path) -> Patched {
    write(dir, "looppoints", |image, bytes| {
        let at = usize::from(symbol(image, "POINTS") - image.org);
        bytes[at..at + 2].copy_from_slice(&[0x18, 0xFE]);
    })
}

/// GENMOV's end links the last entry to the first instead of ending the list (at GENE1, with
/// DE = GSTART: `LD (HL),E; INC HL; LD (HL),D; DEC HL; NOP`): every list's links loop, and a
/// search keeps making moves and evaluating them without end.
pub fn cyclic_list(dir: &Path) -> Patched {
    write(dir, "cyc", |image, bytes| {
        let at = usize::from(symbol(image, "GENE1") - image.org);
        // XOR A; LD (HL),A; INC HL; LD (HL),A; DEC HL: the link of the last entry, 0.
        assert_eq!(bytes[at..at + 5], [0xAF, 0x77, 0x23, 0x77, 0x2B]);
        bytes[at..at + 5].copy_from_slice(&[0x73, 0x23, 0x72, 0x2B, 0x00]);
    })
}

/// The entries of the 1978 program's move list (MLIST..MLEND).
pub const LIST_1978: u16 = 341;

/// The built-in image with the 1978 program's move list: its symbol file says MLEND where the
/// 1978 list ends (341 entries from MLIST), and GENMOV behaves as the 1978 one does there. A
/// stub written over PERFT (which a search never calls) calls the built-in GENMOV and cuts its
/// list after the entry at MLEND: the moves past it are dropped, silently; a GENMOV that starts
/// past MLEND writes nothing and leaves the ply's head word as it was. Everything else is the
/// built-in image, so below the list's limit its searches are the 1978 program's.
pub fn list_1978(dir: &Path) -> Patched {
    let image = default_image();
    let mlist = symbol(&image, "MLIST");
    let mlend = mlist + (LIST_1978 - 1) * 6;
    let stub = stub_1978(&image, mlend);
    let perft = symbol(&image, "PERFT");
    let genmov = symbol(&image, "GENMOV");
    let patched = write(dir, "list78", |image, bytes| {
        let at = usize::from(perft - image.org);
        bytes[at..at + stub.len()].copy_from_slice(&stub);
        let entry = usize::from(genmov - image.org);
        bytes[entry] = 0xC3; // JP stub
        bytes[entry + 1..entry + 3].copy_from_slice(&perft.to_le_bytes());
    });
    let sym = std::fs::read_to_string(&patched.sym).unwrap();
    let old = format!("MLEND\t\tEQU 0{:04X}H", symbol(&image, "MLEND"));
    assert!(
        sym.contains(&old),
        "the built-in symbol file names MLEND as {old:?}"
    );
    let new = format!("MLEND\t\tEQU 0{mlend:04X}H");
    std::fs::write(&patched.sym, sym.replace(&old, &new)).unwrap();
    patched
}

/// The stub's bytes, assembled at PERFT by the project's assembler.
fn stub_1978(image: &Image, mlend: u16) -> Vec<u8> {
    let names = [
        "INCHK", "CKFLG", "MLNXT", "MLLST", "MLPTRI", "GENMOV", "PERFT",
    ];
    let mut source: String = names
        .iter()
        .map(|name| format!("{name} EQU {}\n", symbol(image, name)))
        .collect();
    source.push_str(&format!("MLEND78 EQU {mlend}\n"));
    source.push_str(
        "        ORG PERFT
GENW:   CALL INCHK
        LD (CKFLG),A
        LD HL,(MLNXT)
        LD DE,MLEND78+1
        OR A
        SBC HL,DE
        JR NC,GFULL             ; no room at all: nothing is written
        CALL GENMOV+6           ; the built-in GENMOV past its CALL INCHK / LD (CKFLG),A
        LD HL,(MLNXT)
        LD DE,MLEND78+7
        OR A
        SBC HL,DE
        RET C                   ; it ended by the entry at MLEND
        LD HL,MLEND78+6         ; else the entries past MLEND are dropped
        LD (MLNXT),HL
        LD HL,MLEND78
        LD (MLLST),HL
        XOR A
        LD (HL),A
        INC HL
        LD (HL),A
        RET
GFULL:  LD HL,(MLPTRI)          ; the ply opens, its head word untouched
        INC HL
        INC HL
        INC HL
        INC HL
        LD (MLPTRI),HL
        RET
",
    );
    let assembled = sargon_z80::assembler::assemble_str("stub78.asm", &source, &[])
        .unwrap_or_else(|errors| panic!("the stub assembles: {errors}"));
    assert_eq!(assembled.start, symbol(image, "PERFT"));
    assert!(assembled.bytes.len() < 100, "the stub fits over PERFT");
    assembled.bytes
}
