//! The step loop allocates nothing per instruction: a counting global allocator sees no
//! allocation during calls (plain, traced, observed, watched) and steps of a loop that runs
//! every path of the loop (prefixes, DD CB, the stack, conditions, DJNZ, LDIR, LD A,R).

mod counting;

use std::ops::ControlFlow;

use sargon_z80::machine::{Image, Machine, Observer, SymbolTable, Watch, WatchView};

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

/// Allocations made by `f` on this thread.
fn allocations(f: impl FnOnce()) -> u64 {
    counting::allocations(f).0
}

const ORG: u16 = 0x8000;
const SUB: u16 = 0x801E;

/// 256 times: LD A,(IX+0); SET 0,(IX+1); BIT 0,A; JR Z,$+2; PUSH BC; CALL SUB; POP BC;
/// LD A,R; DJNZ; then RET. SUB copies 8 bytes with LDIR.
#[rustfmt::skip]
const LOOP: [u8; 42] = [
    0x06, 0x00, 0xDD, 0x21, 0x00, 0x81, 0xDD, 0x7E, 0x00, 0xDD, 0xCB, 0x01, 0xC6, 0xCB, 0x47,
    0x28, 0x00, 0xC5, 0xCD, 0x1E, 0x80, 0xC1, 0xED, 0x5F, 0x10, 0xEC, 0xC9, 0x00, 0x00, 0x00,
    0x21, 0x00, 0x81, 0x11, 0x00, 0x82, 0x01, 0x08, 0x00, 0xED, 0xB0, 0xC9,
];
const INSTRUCTIONS: u64 = 2 + 256 * 21 + 1;

struct Quiet;

impl Observer for Quiet {
    fn on_read(&mut self, _pc: u16, _addr: u16, _value: u8) {}
}

/// Reads memory and registers at every call of SUB.
struct AtSub(u64);

impl Watch for AtSub {
    fn target(&self) -> u16 {
        SUB
    }

    fn hit(&mut self, machine: &WatchView<'_>) -> ControlFlow<()> {
        self.0 += u64::from(machine.peek16(machine.sp())) + u64::from(machine.r());
        ControlFlow::Continue(())
    }
}

#[test]
fn no_allocation_per_instruction() {
    let image = Image::new(LOOP.to_vec(), ORG, SymbolTable::new()).unwrap();
    let mut m = Machine::new(&image);
    let cost = m.call(ORG).unwrap();
    assert_eq!(cost.instructions, INSTRUCTIONS);
    let same = |m: &mut Machine| assert_eq!(m.call(ORG).unwrap(), cost);
    assert_eq!(allocations(|| same(&mut m)), 0, "call");
    let mut watch = AtSub(0);
    let watched = allocations(|| assert_eq!(m.call_watched(ORG, &mut watch).unwrap(), cost));
    assert_eq!(watched, 0, "call_watched, 256 hits");
    assert!(watch.0 > 0);
    let observed = allocations(|| assert_eq!(m.call_observed(ORG, &mut Quiet).unwrap(), cost));
    assert_eq!(observed, 0, "call_observed");
    m.set_tracing(true);
    m.call(ORG).unwrap();
    assert_eq!(allocations(|| same(&mut m)), 0, "traced, counters in place");
    m.set_tracing(false);
    let stepped = allocations(|| {
        m.begin_call(ORG);
        let mut steps = 0;
        while !m.step().unwrap().returned {
            steps += 1;
        }
        assert_eq!(steps + 1, INSTRUCTIONS);
    });
    assert_eq!(stepped, 0, "steps");
}
