//! A program on the Jupiter III allocates nothing per instruction: a counting global allocator
//! sees no allocation while a program runs millions of instructions in pieces, a search routine
//! followed through FNDMOV included, and none per monitor call that writes to the console.

mod counting;

use sargon_z80::assembler::assemble_str;
use sargon_z80::jupiter::{Jupiter, Options, Pause, entry};
use sargon_z80::machine::{Image, SymbolTable};

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

/// Calls FNDMOV (a countdown of 65,536 x 256 DJNZ) forever, printing a character through the
/// monitor after each call.
const SOURCE: &str = "\
 ORG 0
DRIVER: LD SP,8000H
AGAIN: CALL FNDMOV
 LD A,'*'
 RST 38H
 DB 81H,1AH
 JR AGAIN
FNDMOV: LD DE,0
OUTER: LD B,0
INNER: DJNZ INNER
 DEC DE
 LD A,D
 OR E
 JR NZ,OUTER
 LD HL,ENTRY
 LD (BESTM),HL
 RET
BESTM: DW 0
ENTRY: DW 0
 DB 35,55,0,0
";

#[test]
fn a_long_run_allocates_nothing() {
    let asm = assemble_str("spin.asm", SOURCE, &[]).unwrap();
    let image = Image::new(
        asm.bytes.clone(),
        0,
        SymbolTable::parse(&asm.sym_text()).unwrap(),
    )
    .unwrap();
    let options = Options {
        entry: entry(&image, None).unwrap(),
        seed: 0,
    };
    let mut jupiter = Jupiter::new(&image, options).unwrap();
    // Warm up: the first search is recorded (its vector grows once).
    jupiter.run(250_000_000).unwrap();
    assert_eq!(jupiter.searches().count(), 1);
    let (allocations, pause) = counting::allocations(|| jupiter.run(400_000_000));
    assert_eq!(pause, Ok(Pause::Clock));
    assert!(jupiter.clock().instructions > 30_000_000);
    assert_eq!(allocations, 0);
}

/// A program that does nothing but search, in a loop.
const SEARCH_LOOP: &str = "DRIVER: CALL FNDMOV\n JR DRIVER\nFNDMOV: RET\nBESTM: DW 0\n";

#[test]
fn a_program_searching_in_a_loop_keeps_its_memory_flat() {
    let asm = assemble_str("loop.asm", SEARCH_LOOP, &[]).unwrap();
    let symbols = SymbolTable::parse(&asm.sym_text()).unwrap();
    let image = Image::new(asm.bytes.clone(), 0, symbols).unwrap();
    let options = Options {
        entry: entry(&image, None).unwrap(),
        seed: 0,
    };
    let mut jupiter = Jupiter::new(&image, options).unwrap();
    // Warm up: past the first 256 searches and 256 more, the log holds all it ever will.
    jupiter.run(1_000_000).unwrap();
    assert_eq!(jupiter.searches().count(), 25_641);
    let (allocations, pause) = counting::allocations(|| jupiter.run(100_000_000));
    assert_eq!(pause, Ok(Pause::Clock));
    assert_eq!(jupiter.searches().count(), 2_564_102);
    assert_eq!(jupiter.searches().omitted(), 2_564_102 - 512);
    assert_eq!(allocations, 0, "2.5 million searches later");
}
