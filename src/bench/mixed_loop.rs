//! The mixed loop, the first workload of the emulation speed (`benches/machine.rs` and the
//! `bench` subcommand): indexed loads, bit operations, calls, block moves in one routine.

use crate::machine::{Image, Machine, SymbolTable};

/// Where the mixed loop is loaded and called.
pub const MIXED_LOOP_ORG: u16 = 0x8000;

/// 40 x (16 x a mixed inner body with a CALL, then a 16-byte LDIR), then RET: indexed loads
/// and INC (IX+d), BIT/SET, CALL/RET, PUSH/POP, DJNZ, JR/JP taken and not, LDIR.
#[rustfmt::skip]
pub const MIXED_LOOP: &[u8] = &[
        0x06, 0x28, // 8000 LD B,40
        0xC5, // 8002 PUSH BC
        0xDD, 0x21, 0x00, 0x90, // 8003 LD IX,9000h
        0x21, 0x00, 0x91, // 8007 LD HL,9100h
        0x06, 0x10, // 800A LD B,16
        0xDD, 0x7E, 0x00, // 800C LD A,(IX+0)
        0x86, // 800F ADD A,(HL)
        0xDD, 0x77, 0x01, // 8010 LD (IX+1),A
        0xDD, 0x34, 0x02, // 8013 INC (IX+2)
        0xCB, 0x47, // 8016 BIT 0,A
        0x28, 0x02, // 8018 JR Z,SKIP
        0xCB, 0xCE, // 801A SET 1,(HL)
        0x07, // 801C RLCA
        0xCD, 0x34, 0x80, // 801D CALL SUB
        0x23, // 8020 INC HL
        0xDD, 0x23, // 8021 INC IX
        0x10, 0xE7, // 8023 DJNZ INNER
        0x21, 0x00, 0x90, // 8025 LD HL,9000h
        0x11, 0x00, 0x92, // 8028 LD DE,9200h
        0x01, 0x10, 0x00, // 802B LD BC,16
        0xED, 0xB0, // 802E LDIR
        0xC1, // 8030 POP BC
        0x10, 0xCF, // 8031 DJNZ OUTER
        0xC9, // 8033 RET
        0xE5, // 8034 PUSH HL
        0xEB, // 8035 EX DE,HL
        0x3A, 0x50, 0x90, // 8036 LD A,(9050h)
        0xFE, 0x05, // 8039 CP 5
        0xD2, 0x43, 0x80, // 803B JP NC,L2
        0x19, // 803E ADD HL,DE
        0x3C, // 803F INC A
        0x32, 0x50, 0x90, // 8040 LD (9050h),A
        0xAE, // 8043 XOR (HL)
        0xE1, // 8044 POP HL
        0xC9, // 8045 RET
];

/// T-states and instructions of every call of the mixed loop after the first (which sets the
/// counter its subroutine tests).
pub const MIXED_LOOP_STEADY: (u64, u64) = (151_252, 13_162);

/// A machine loaded with [`MIXED_LOOP`] at [`MIXED_LOOP_ORG`], its stack at 0xF000.
pub fn mixed_loop_machine() -> Machine {
    let symbols = SymbolTable::parse("STACK EQU 0F000H").expect("a valid symbol line");
    let image = Image::new(MIXED_LOOP.to_vec(), MIXED_LOOP_ORG, symbols).expect("the loop fits");
    Machine::new(&image)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::BareIz80;

    #[test]
    fn after_the_first_call_every_call_costs_the_same_on_both() {
        let mut machine = mixed_loop_machine();
        let first = machine.call(MIXED_LOOP_ORG).unwrap();
        assert_eq!((first.tstates, first.instructions), (151_392, 13_177));
        let mut bare = BareIz80::from_machine(&machine);
        for _ in 0..3 {
            let cost = machine.call(MIXED_LOOP_ORG).unwrap();
            assert_eq!((cost.tstates, cost.instructions), MIXED_LOOP_STEADY);
            assert_eq!(bare.call(MIXED_LOOP_ORG), cost.instructions);
            assert_eq!(machine.call_untraced(MIXED_LOOP_ORG).unwrap(), cost);
        }
    }
}
