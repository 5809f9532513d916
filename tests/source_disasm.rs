//! What a disassembly shows of a program whose source is at hand, and of a whole program for
//! the Jupiter III, on a TDL program of the project's own (tests/fixtures/tdl_program.asm) and
//! on the built-in images:
//! - operands as the source wrote them, in TDL and in Zilog (`LIXD PTR2`, `LXI H,0`,
//!   `LXI H,PLYIX-2`, `MOV A,DISP(X)`, `DJNZ .-2` / `DJNZ $-2`), and without the source the
//!   names the symbol file gives (a label over a constant where it marks labels);
//! - every `RST 38H` of a whole program and its parameter block as one monitor call, named,
//!   with the text of a print, agreeing with the calls the Jupiter III performs;
//! - every image written out in both dialects, with its source and without, assembled back by
//!   the project's assembler to its own bytes.

use std::path::{Path, PathBuf};

use sargon_z80::assembler::{self, Assembly, Options};
use sargon_z80::jupiter;
use sargon_z80::machine::{
    Dialect, Image, MonitorCall, SymbolTable, default_image, default_program,
};
use sargon_z80::source::{Disassembler, SourceMap, builtin, image_memory};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn assemble(path: &Path, dialect: assembler::Dialect) -> Assembly {
    let options = Options {
        dialect,
        allow_overlap: false,
    };
    assembler::assemble_file_with(path, &[], options)
        .unwrap_or_else(|e| panic!("{} does not assemble:\n{e}", path.display()))
}

/// The TDL program, its image (symbols from the symbol file `asm` writes) and its source map.
fn tdl_program() -> (Image, SourceMap) {
    let path = root().join("tests/fixtures/tdl_program.asm");
    let asm = assemble(&path, assembler::Dialect::Tdl);
    let symbols = SymbolTable::parse(&asm.sym_text()).unwrap();
    let image = Image::new(asm.bytes.clone(), asm.start, symbols).unwrap();
    let map = SourceMap::from_listing(&asm.lst_text(), "tdl_program.asm", None, &image).unwrap();
    assert_eq!(map.dialect(), Dialect::Tdl, "the listing's words say TDL");
    assert_eq!(map.agreement().differ, 0);
    (image, map)
}

/// `count` units from `start` as `code` shows them, one text per line.
fn lines(code: &Disassembler, start: &str, count: usize) -> Vec<String> {
    let image = code.image();
    let memory = image_memory(image);
    let mut addr = image.symbols.get(start).unwrap();
    let mut texts = Vec::new();
    for _ in 0..count {
        let unit = code.at(&memory, addr);
        texts.extend(unit.lines.iter().map(|l| l.text.clone()));
        addr = unit.next();
    }
    texts
}

#[test]
fn operands_as_the_tdl_source_wrote_them_in_both_dialects() {
    let (image, map) = tdl_program();
    let tdl = Disassembler::new(&image, Dialect::Tdl).with_source(Some(&map));
    assert_eq!(
        lines(&tdl, "WALK", 17),
        [
            "LIXD PTR2",
            "LXI H,0",
            "SHLD PTR1",
            "LXI H,PLYIX-2",
            "MOV A,DISP(X)",
            "MVI B,3",
            "INX H",
            "INR A",
            "DJNZ .-2",
            "MVI C,10H",
            "LXI D,0FFH",
            "CPI 'Y'",
            "JRZ .+4",
            "MVI A,ROOK",
            "ADI PAWN",
            "MOV D,A",
            "RET"
        ]
    );
    let zilog = Disassembler::new(&image, Dialect::Zilog).with_source(Some(&map));
    assert_eq!(
        lines(&zilog, "WALK", 17),
        [
            "LD IX,(PTR2)",
            "LD HL,0",
            "LD (PTR1),HL",
            "LD HL,PLYIX-2",
            "LD A,(IX+DISP)",
            "LD B,3",
            "INC HL",
            "INC A",
            "DJNZ $-2",
            "LD C,10h",
            "LD DE,0FFh",
            "CP 'Y'",
            "JR Z,$+4",
            "LD A,ROOK",
            "ADD A,PAWN",
            "LD D,A",
            "RET"
        ]
    );
}

#[test]
fn without_the_source_the_symbol_file_names_operands() {
    let (image, _) = tdl_program();
    let tdl = Disassembler::new(&image, Dialect::Tdl);
    let walk = lines(&tdl, "WALK", 9);
    // PTR2 is a label, KNIGHT a constant of the same value: the marked label wins. The rest is
    // what a symbol file can say: PTR1 for the 0 the source wrote, the name that happens to
    // hold PLYIX-2, numbers.
    assert_eq!(
        walk,
        [
            "LIXD PTR2",
            "LXI H,PTR1",
            "SHLD PTR1",
            "LXI H,MLNXT",
            "MOV A,-120(X)",
            "MVI B,03H",
            "INX H",
            "INR A",
            "DJNZ 0217H"
        ]
    );
    // A symbol file without the marks (pasmo's) cannot tell them apart: both names, the
    // first standing.
    let text: String = image
        .symbols
        .iter()
        .map(|(name, value)| format!("{name} EQU {value}\n"))
        .collect();
    let plain = Image::new(image.bytes.clone(), 0, SymbolTable::parse(&text).unwrap()).unwrap();
    assert_eq!(plain.symbols.label_at(2), Some("KNIGHT/PTR2"));
    let tdl = Disassembler::new(&plain, Dialect::Tdl);
    assert_eq!(lines(&tdl, "WALK", 1), ["LIXD KNIGHT"]);
}

#[test]
fn the_six_monitor_calls_of_the_tdl_program_are_one_call_each() {
    let (image, map) = tdl_program();
    assert!(image.is_whole_program(), "DRIVER names it a whole program");
    let tdl = Disassembler::new(&image, Dialect::Tdl).with_source(Some(&map));
    assert_eq!(
        lines(&tdl, "DRIVER", 12),
        [
            "LXI SP,STACK",
            "MVI A,1CH",
            "RST 7 ; echo",
            ".BYTE 81H,1AH",
            "RST 7 ; print line \"HELLO FROM TDL\"",
            ".BYTE 0B2H,1AH",
            ".WORD HELLO,HELLOE-HELLO",
            "RST 7 ; key",
            ".BYTE 81H,0",
            "CPI 'Q'",
            "JRZ BYE",
            "RST 7 ; echo",
            ".BYTE 81H,1AH",
            "RST 7 ; print \"KEY? \"",
            ".BYTE 0B3H,1AH",
            ".WORD PROMPT,PROMPE-PROMPT",
            "RST 7 ; new line",
            ".BYTE 92H,1AH",
            ".WORD 0",
            "JMPR AGAIN",
            "RST 7 ; return to the monitor",
            ".BYTE 1FH"
        ]
    );
    // Without the source, in Zilog: the print's address named, the rest numbers.
    let zilog = Disassembler::new(&image, Dialect::Zilog);
    let calls = lines(&zilog, "DRIVER", 4);
    assert_eq!(
        calls[2..],
        [
            "RST 38h ; echo",
            "DB 81h,1Ah",
            "RST 38h ; print line \"HELLO FROM TDL\"",
            "DB 0B2h,1Ah",
            "DW HELLO,000Eh"
        ]
    );
    // An engine image (no DRIVER) keeps RST 38H a plain restart, unless asked.
    let mut engine = image.clone();
    engine.symbols = SymbolTable::parse("WALK EQU 0205H\nDRIVER2 EQU 022AH\n").unwrap();
    let plain = Disassembler::new(&engine, Dialect::Zilog);
    let memory = image_memory(&engine);
    assert_eq!(plain.at(&memory, 0x22F).lines.len(), 1);
    assert_eq!(plain.with_monitor_calls(true).at(&memory, 0x22F).size(), 3);
}

/// The addresses where the source wrote `RST 38H` (or TDL's `RST 7`) as code.
fn rst_lines(map: &SourceMap) -> Vec<u16> {
    map.lines()
        .iter()
        .filter(|l| l.bytes == [0xFF] && l.text.to_ascii_uppercase().contains("RST"))
        .filter_map(|l| l.addr.filter(|&a| map.line_at(a).is_some()))
        .collect()
}

/// Every RST 38H the source wrote is one call, the one the Jupiter III performs.
fn check_calls(image: &Image, map: &SourceMap) -> usize {
    let memory = image_memory(image);
    let rsts = rst_lines(map);
    for dialect in [Dialect::Zilog, Dialect::Tdl] {
        let code = Disassembler::new(image, dialect).with_source(Some(map));
        for &addr in &rsts {
            let unit = code.at(&memory, addr);
            let call = unit
                .call
                .unwrap_or_else(|| panic!("{addr:04X}: {}", unit.text()));
            let performed = jupiter::Call::block(&memory, addr + 1);
            assert_eq!(Some(call), performed, "{addr:04X}");
            assert_eq!(usize::from(call.block_len()) + 1, unit.size(), "{addr:04X}");
            assert!(
                unit.text().contains(&format!("; {}", call.name())),
                "{}",
                unit.text()
            );
        }
    }
    rsts.len()
}

#[test]
fn every_monitor_call_of_the_whole_programs_is_one_call() {
    let (image, map) = tdl_program();
    assert_eq!(check_calls(&image, &map), 7, "the six kinds, echo twice");
    let program = default_program();
    let map = builtin(&program).expect("the built-in program's source");
    let calls = check_calls(&program, &map);
    // Counted again from the listing's text: every row whose code is the restart.
    let lst = std::fs::read_to_string(root().join("roms/jupiter.lst")).unwrap();
    let written = lst
        .lines()
        .filter(|row| {
            row.get(14..17) == Some("FF ")
                && row
                    .get(27..)
                    .is_some_and(|t| t.trim_start().starts_with("RST"))
        })
        .count();
    assert_eq!(calls, written);
    assert!(
        calls >= 20,
        "only {calls} monitor calls in roms/jupiter.bin"
    );
}

/// `image` written out in `dialect` as `code` shows it: the symbols as equates (16-bit
/// values, those from 8000H as negative numbers, as a 16-bit assembler reads them), the
/// origin, every unit from the first byte to the last; bytes where a unit would run past the
/// end.
fn written_out(code: &Disassembler, dialect: Dialect) -> String {
    let image = code.image();
    let memory = image_memory(image);
    let tdl = dialect == Dialect::Tdl;
    let mut text = String::new();
    for (name, value) in image.symbols.iter() {
        let value = value as i16;
        text.push_str(&if tdl {
            format!("{name} = {value}\n")
        } else {
            format!("{name} EQU {value}\n")
        });
    }
    text.push_str(&format!(
        "\t{} {}\n",
        if tdl { ".LOC" } else { "ORG" },
        image.org
    ));
    let end = image.end() as usize;
    let mut addr = usize::from(image.org);
    while addr < end {
        let unit = code.at(&memory, addr as u16);
        if addr + unit.size() > end {
            for b in &memory[addr..end] {
                text.push_str(&format!("\t{} {b}\n", if tdl { ".BYTE" } else { "DB" }));
            }
            break;
        }
        for line in &unit.lines {
            text.push_str(&format!("\t{}\n", line.text));
        }
        addr += unit.size();
    }
    text
}

fn round_trip(image: &Image, map: Option<&SourceMap>, what: &str) {
    for dialect in [Dialect::Zilog, Dialect::Tdl] {
        let code = Disassembler::new(image, dialect).with_source(map);
        let text = written_out(&code, dialect);
        let options = Options {
            dialect: match dialect {
                Dialect::Zilog => assembler::Dialect::Zilog,
                Dialect::Tdl => assembler::Dialect::Tdl,
            },
            allow_overlap: false,
        };
        let asm = assembler::assemble_str_with("out.asm", &text, &[], options)
            .unwrap_or_else(|e| panic!("{what} in {dialect:?} does not assemble:\n{e}"));
        assert_eq!(asm.start, image.org, "{what} {dialect:?}");
        let differ = asm.bytes.iter().zip(&image.bytes).position(|(a, b)| a != b);
        assert_eq!(differ, None, "{what} in {dialect:?}: first difference");
        assert_eq!(asm.bytes.len(), image.bytes.len(), "{what} {dialect:?}");
    }
}

#[test]
fn the_images_written_out_read_back_to_their_bytes() {
    let (image, map) = tdl_program();
    round_trip(&image, Some(&map), "the TDL program with its source");
    round_trip(&image, None, "the TDL program");
    let program = default_program();
    let map = builtin(&program).unwrap();
    round_trip(&program, Some(&map), "roms/jupiter.bin with its source");
    round_trip(&program, None, "roms/jupiter.bin");
    let engine = default_image();
    let map = builtin(&engine).unwrap();
    round_trip(&engine, Some(&map), "roms/sargon.bin with its source");
}

/// The one table of blocks (which the Jupiter III performs its calls by, `jupiter::Call`):
/// for every kind and device byte, with a zero and a non-zero word after them, exactly the six
/// blocks read as a call, each of the length the monitor returns past.
#[test]
fn the_six_blocks_and_nothing_else() {
    let mut memory = Box::new([0u8; 0x10000]);
    let mut calls = 0;
    for kind in 0..=255u8 {
        for device in 0..=255u8 {
            for word in [0u16, 0x1234] {
                memory[0x101] = kind;
                memory[0x102] = device;
                memory[0x103..0x105].copy_from_slice(&word.to_le_bytes());
                memory[0x105..0x107].copy_from_slice(&7u16.to_le_bytes());
                let read = MonitorCall::block(&memory, 0x101);
                let expected = match (kind, device, word) {
                    (0x1F, _, _) => Some((MonitorCall::ToMonitor, 1)),
                    (0x81, 0x00, _) => Some((MonitorCall::Key, 2)),
                    (0x81, 0x1A, _) => Some((MonitorCall::Echo, 2)),
                    (0x92, 0x1A, 0) => Some((MonitorCall::NewLine, 4)),
                    (0xB2, 0x1A, address) => {
                        Some((MonitorCall::PrintLine { address, count: 7 }, 6))
                    }
                    (0xB3, 0x1A, address) => Some((MonitorCall::Print { address, count: 7 }, 6)),
                    _ => None,
                };
                let what = format!("{kind:02X} {device:02X} {word:04X}");
                assert_eq!(read, expected.map(|(call, _)| call), "{what}");
                assert_eq!(
                    read.map(MonitorCall::block_len),
                    expected.map(|e| e.1),
                    "{what}"
                );
                calls += usize::from(read.is_some());
            }
        }
    }
    // Key and echo with either word; new line with a zero word only; the two prints with
    // both; the return to the monitor with every device byte and word.
    assert_eq!(calls, 2 * 2 + 1 + 2 * 2 + 256 * 2);
}
