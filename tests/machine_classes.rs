//! The step loop of a call keeps one class per instruction address, filled the first time the
//! instruction runs. Code that rewrites code, and branches whose target is the next
//! instruction, must cost in a call exactly what they cost one step at a time (where every
//! instruction is decoded afresh).

use sargon_z80::machine::{Cost, Image, Machine, SymbolTable};

const ORG: u16 = 0x8000;

/// NOP at 8007h is rewritten to INC HL and back on every pass of a DJNZ loop; then a JR Z and
/// a CALL NC whose targets are the next instruction, PUSH/POP IX, CALL C taken and not, RET C
/// not taken and taken, LDIR.
#[rustfmt::skip]
const CODE: &[u8] = &[
    0x06, 0x05,             // 8000 LD B,5
    0x21, 0x00, 0x00,       // 8002 LD HL,0
    0x3E, 0x23,             // 8005 LD A,23h
    0x00,                   // 8007 NOP (or INC HL)
    0x32, 0x07, 0x80,       // 8008 LD (8007h),A
    0xEE, 0x23,             // 800B XOR 23h
    0x10, 0xF8,             // 800D DJNZ 8007h
    0x28, 0x00,             // 800F JR Z,8011h
    0xDD, 0xE5,             // 8011 PUSH IX
    0xDD, 0xE1,             // 8013 POP IX
    0x37,                   // 8015 SCF
    0xDC, 0x2A, 0x80,       // 8016 CALL C,802Ah
    0xB7,                   // 8019 OR A
    0xDC, 0x2A, 0x80,       // 801A CALL C,802Ah
    0xD4, 0x20, 0x80,       // 801D CALL NC,8020h
    0xE1,                   // 8020 POP HL
    0x01, 0x04, 0x00,       // 8021 LD BC,4
    0x11, 0x00, 0x81,       // 8024 LD DE,8100h
    0xED, 0xB0,             // 8027 LDIR
    0xC9,                   // 8029 RET
    0xB7,                   // 802A OR A
    0xD8,                   // 802B RET C
    0x37,                   // 802C SCF
    0xD8,                   // 802D RET C
];

fn machine() -> Machine {
    let image = Image::new(CODE.to_vec(), ORG, SymbolTable::parse("").unwrap()).unwrap();
    let mut m = Machine::new(&image);
    m.set_code_region(ORG..0x8200);
    m
}

/// The cost of the routine one step at a time.
fn stepped(m: &mut Machine) -> Cost {
    m.begin_call(ORG);
    let mut cost = Cost::default();
    loop {
        let step = m.step().unwrap();
        cost.tstates += u64::from(step.tstates);
        cost.instructions += 1;
        if step.returned {
            return cost;
        }
    }
}

/// Calls the routine on one machine and steps it on another, after the same host writes;
/// both must agree in cost, registers and memory.
fn both(called: &mut Machine, steps: &mut Machine, pokes: &[(u16, u8)]) -> Cost {
    for &(addr, value) in pokes {
        called.poke(addr, value);
        steps.poke(addr, value);
    }
    let cost = called.call(ORG).unwrap();
    assert_eq!(cost, stepped(steps));
    assert_eq!(called.registers(), steps.registers());
    assert_eq!(called.memory(), steps.memory());
    cost
}

#[test]
fn rewritten_code_and_branches_to_the_next_instruction() {
    let (mut called, mut steps) = (machine(), machine());
    let costs: Vec<(u64, u64)> = [
        &[][..],
        &[],
        &[(0x8007, 0x00)],
        &[(0x800E, 0x00)],
        &[(0x800E, 0xF8), (0x800F, 0x18)],
    ]
    .iter()
    .map(|pokes| {
        let cost = both(&mut called, &mut steps, pokes);
        (cost.tstates, cost.instructions)
    })
    .collect();
    // 24 to set up; the loop's NOP/INC HL pattern (3 NOPs: 184, 2 NOPs: 186); 12 for the JR;
    // then PUSH to RET 224, RET C's and the 4-byte LDIR included. The DJNZ to the next
    // instruction ends the loop after one pass; JR Z rewritten to JR costs 12 all the same.
    assert_eq!(
        costs,
        vec![(444, 43), (446, 43), (444, 43), (299, 27), (446, 43)]
    );
}

/// LD A,C9h; LD (8002h),A (which writes RET over its own opcode); BIT 0,(HL); RET: the store
/// costs what it cost when it ran, 13 T-states, not what its bytes say afterwards, and sets WZ
/// from the operand it ran with (C9h:03h, seen in F's bits 5 and 3 after BIT 0,(HL)). The
/// next call meets the RET.
#[test]
fn an_instruction_that_rewrites_its_own_opcode_counts_as_it_ran() {
    let code = [0x3E, 0xC9, 0x32, 0x02, 0x80, 0xCB, 0x46, 0xC9];
    let image = Image::new(code.to_vec(), ORG, SymbolTable::parse("").unwrap()).unwrap();
    let fresh = || {
        let mut m = Machine::new(&image);
        m.set_code_region(ORG..0x8200);
        let mut regs = m.registers();
        (regs.h, regs.l, regs.f) = (0x81, 0x00, 0x00);
        m.set_registers(&regs);
        m
    };
    let (mut called, mut steps) = (fresh(), fresh());
    let first = both(&mut called, &mut steps, &[]);
    assert_eq!((first.tstates, first.instructions), (7 + 13 + 12 + 10, 4));
    assert_eq!(
        called.registers().f,
        0x54 | 0x08,
        "Z H P/V, and bit 3 of C9h"
    );
    let again = both(&mut called, &mut steps, &[]);
    assert_eq!((again.tstates, again.instructions), (7 + 10, 2));
}
