//! The refresh register R through every way to run: seeded before a call, counted on every
//! opcode fetch (each prefix too), read by LD A,R with its flags, set by LD R,A.

use sargon_z80::machine::Observer;
use sargon_z80::machine::{Cost, Image, Machine, SymbolTable};

const ORG: u16 = 0x8000;

fn machine(code: &[u8]) -> Machine {
    let image = Image::new(code.to_vec(), ORG, SymbolTable::new()).unwrap();
    Machine::new(&image)
}

/// The length of every instruction and the number of data reads it sees.
#[derive(Default)]
struct Lengths(Vec<usize>, u64);

impl Observer for Lengths {
    fn on_instruction(&mut self, _pc: u16, bytes: &[u8], _tstates: u32) {
        self.0.push(bytes.len());
    }

    fn on_read(&mut self, _pc: u16, _addr: u16, _value: u8) {
        self.1 += 1;
    }
}

/// What `Lengths` sees of REFRESH: SET 0,(IX+0) reads one data byte, the RET two.
const LENGTHS: (&[usize], u64) = (&[2, 1, 4, 4, 2, 5, 2, 2, 1, 2, 1], 3);

/// R counted through prefixes (CB, DD, DD CB, a DD FD chain), read by LD A,R and set by LD R,A:
/// LD A,R; LD B,A; LD IX,8100h; SET 0,(IX+0); BIT 0,A; LD IY,0 (after DD FD); LD A,80h;
/// LD R,A; NOP; LD A,R; RET
const REFRESH: [u8; 26] = [
    0xED, 0x5F, 0x47, 0xDD, 0x21, 0x00, 0x81, 0xDD, 0xCB, 0x00, 0xC6, 0xCB, 0x47, 0xDD, 0xFD, 0x21,
    0x00, 0x00, 0x3E, 0x80, 0xED, 0x4F, 0x00, 0xED, 0x5F, 0xC9,
];

/// A machine with REFRESH loaded, R seeded with 0x7E (two fetches from wrapping) and F clear.
fn refresh_machine() -> Machine {
    let mut m = machine(&REFRESH);
    let mut regs = m.registers();
    regs.f = 0;
    m.set_registers(&regs);
    m.set_r(0x7E);
    m
}

/// (A, B, F, R) after REFRESH: B = R after the first LD A,R (0x7E + 2 wraps to 0x00, bit 7
/// kept), A = R after the second (0x80 from LD R,A, + NOP + its own two fetches), R one more
/// for the RET; F = S from 0x83, P/V = IFF2 = 0, C kept.
const REFRESH_AFTER: (u8, u8, u8, u8) = (0x83, 0x00, 0x80, 0x84);

fn refresh_state(m: &Machine) -> (u8, u8, u8, u8) {
    let r = m.registers();
    assert_eq!(r.r, m.r());
    (r.a, r.b, r.f, r.r)
}

#[test]
fn refresh_register_through_every_way_to_run() {
    let mut m = refresh_machine();
    let cost = m.call(ORG).unwrap();
    assert_eq!(
        cost,
        Cost {
            tstates: 9 + 4 + 14 + 23 + 8 + 18 + 7 + 9 + 4 + 9 + 10,
            instructions: 11
        }
    );
    assert_eq!(refresh_state(&m), REFRESH_AFTER, "call");

    let mut m = refresh_machine();
    m.set_tracing(true);
    m.call(ORG).unwrap();
    assert_eq!(refresh_state(&m), REFRESH_AFTER, "call with tracing");

    let mut m = refresh_machine();
    let mut seen = Lengths::default();
    m.call_observed(ORG, &mut seen).unwrap();
    assert_eq!(
        (&seen.0[..], seen.1),
        LENGTHS,
        "fetches told from data reads"
    );
    assert_eq!(refresh_state(&m), REFRESH_AFTER, "call_observed");

    for observed in [false, true] {
        let mut m = refresh_machine();
        m.begin_call(ORG);
        let mut rec = Lengths::default();
        let mut rs = Vec::new();
        loop {
            let step = if observed {
                m.step_observed(&mut rec).unwrap()
            } else {
                m.step().unwrap()
            };
            rs.push(m.r());
            if step.returned {
                break;
            }
        }
        assert_eq!(
            rs,
            vec![
                0x00, 0x01, 0x03, 0x05, 0x07, 0x0A, 0x0B, 0x80, 0x81, 0x83, 0x84
            ],
            "R after each step (observed: {observed})"
        );
        if observed {
            assert_eq!((&rec.0[..], rec.1), LENGTHS, "step_observed");
        }
        assert_eq!(
            refresh_state(&m),
            REFRESH_AFTER,
            "step (observed: {observed})"
        );
    }

    let mut m = refresh_machine();
    m.set_pc(ORG);
    m.set_registers(&{
        let mut r = m.registers();
        r.sp = 0xFFFE;
        r
    });
    m.poke16(0xFFFE, ORG + REFRESH.len() as u16);
    for _ in 0..11 {
        m.step_raw().unwrap();
    }
    assert_eq!(refresh_state(&m), REFRESH_AFTER, "step_raw");
}

#[test]
fn refresh_register_bit_seven_and_set_registers() {
    let mut m = refresh_machine();
    m.set_r(0xFE);
    m.call(ORG).unwrap();
    let r = m.registers();
    assert_eq!(
        (r.b, r.r),
        (0x80, 0x84),
        "bit 7 of the seed kept until LD R,A"
    );
    let mut regs = m.registers();
    regs.r = 0x3F;
    m.set_registers(&regs);
    assert_eq!(m.r(), 0x3F);
    m.call(ORG).unwrap();
    assert_eq!(m.registers().b, 0x41);
}
