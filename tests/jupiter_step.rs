//! The Jupiter III one step at a time and a run shown to an observer, on the echo program of
//! tests/fixtures/jupiter_echo.asm: the steps add up to the free run's clock, R and searches;
//! an `RST 38H` and its monitor call are one step; the console's writes are counted by cell.

use std::path::Path;

use sargon_z80::assembler::assemble_file;
use sargon_z80::jupiter::{
    CELLS, Call, End, Jupiter, MONITOR, Options, Pause, Stepped, cell, entry, parse_keys,
};
use sargon_z80::machine::{Cost, Image, NoObserver, SymbolTable};
use sargon_z80::profile::Collector;

fn echo_image() -> Image {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/jupiter_echo.asm");
    let asm = assemble_file(&source, &[]).unwrap();
    let symbols = SymbolTable::parse(&asm.sym_text()).unwrap();
    Image::new(asm.bytes.clone(), asm.start, symbols).unwrap()
}

fn machine(keys: &str) -> Jupiter {
    let image = echo_image();
    let options = Options {
        entry: entry(&image, None).unwrap(),
        seed: 11,
    };
    let mut jupiter = Jupiter::new(&image, options).unwrap();
    jupiter.push_keys(&parse_keys(keys).unwrap());
    jupiter
}

/// Steps `jupiter` until it can step no more; every step.
fn step_through(jupiter: &mut Jupiter) -> Vec<Stepped> {
    let mut steps = Vec::new();
    while jupiter.can_step() {
        steps.push(jupiter.step(&mut NoObserver).unwrap());
    }
    steps
}

#[test]
fn steps_end_where_the_free_run_ends() {
    let keys = "ab{enter}c{ctrl-r}";
    let mut free = machine(keys);
    assert_eq!(
        free.run(u64::MAX),
        Ok(Pause::Ended(End::Monitor { block: 0x0142 }))
    );
    let mut stepped = machine(keys);
    let steps = step_through(&mut stepped);
    assert_eq!(stepped.ended(), free.ended());
    assert_eq!(stepped.clock(), free.clock());
    assert_eq!(stepped.machine().registers(), free.machine().registers());
    assert_eq!(stepped.searches(), free.searches());
    assert_eq!(stepped.screen(), free.screen());
    let sum = steps.iter().fold(Cost::default(), |sum, s| sum + s.cost);
    assert_eq!(sum, free.clock(), "the steps add up to the clock");
    assert!(
        steps
            .iter()
            .all(|s| s.cost.instructions == u64::from(s.pc.is_some()))
    );
}

#[test]
fn an_rst_38h_and_its_call_are_one_step() {
    let mut jupiter = machine("Z");
    // DRIVER: LD SP,STACK, then the clear screen's RST 38H and its one-byte line.
    let first = jupiter.step(&mut NoObserver).unwrap();
    assert_eq!((first.pc, first.call), (Some(0x100), None));
    let rst = jupiter.step(&mut NoObserver).unwrap();
    assert_eq!(rst.pc, Some(0x103));
    assert_eq!(
        rst.cost,
        Cost {
            tstates: 11,
            instructions: 1
        }
    );
    let call = rst.call.unwrap();
    assert_eq!(call.block, 0x104);
    assert!(matches!(call.call, Call::PrintLine { count: 1, .. }));
    assert_eq!((call.cursor_before, call.cursor_after), ((0, 0), (1, 0)));
    assert_eq!(jupiter.machine().pc(), 0x10A, "past the block");
    // On to the key read: a queued key is given in the same step, R advanced.
    let steps = loop {
        let step = jupiter.step(&mut NoObserver).unwrap();
        if step.call.is_some_and(|c| c.call == Call::Key) {
            break step;
        }
    };
    let read = steps.call.unwrap();
    assert_eq!(read.key, Some(b'Z'));
    assert!(read.r_advance.is_some());
    assert_eq!(jupiter.machine().registers().a, b'Z');
    assert_eq!(jupiter.machine().pc(), read.block + 2);
    // The next read finds no key: the program waits at 0038H and takes no step.
    step_through(&mut jupiter);
    assert!(jupiter.waiting_for_key() && !jupiter.can_step());
    assert_eq!(jupiter.machine().pc(), MONITOR);
    let block = jupiter.waiting_block().unwrap();
    let none = jupiter.step(&mut NoObserver).unwrap();
    assert_eq!(none, Stepped::default());
    // A key pushed now ends the read: a step with no instruction.
    jupiter.push_key(0x12);
    let given = jupiter.step(&mut NoObserver).unwrap();
    assert_eq!((given.pc, given.cost), (None, Cost::default()));
    assert_eq!(
        given.call.map(|c| (c.block, c.key)),
        Some((block, Some(0x12)))
    );
    step_through(&mut jupiter);
    assert_eq!(jupiter.ended(), Some(End::Monitor { block: 0x0142 }));
}

#[test]
fn a_run_shown_to_an_observer_keeps_the_clock() {
    let keys = "xyz{enter}";
    let mut free = machine(keys);
    free.run(u64::MAX).unwrap();
    let mut observed = machine(keys);
    let mut collector = Collector::new();
    collector.begin(observed.machine().pc());
    assert_eq!(
        observed.run_observed(&mut collector, u64::MAX),
        Ok(Pause::Key)
    );
    assert_eq!(observed.clock(), free.clock());
    assert_eq!(observed.searches(), free.searches());
    assert_eq!(collector.tstates(), free.clock().tstates);
    assert_eq!(collector.instructions(), free.clock().instructions);
    // The bar of row 5: eight stores by the program.
    let bar: Vec<u64> = (0..9)
        .map(|c| collector.writes()[usize::from(cell(5, c))])
        .collect();
    assert_eq!(bar, [1, 1, 1, 1, 1, 1, 1, 1, 0]);
}

#[test]
fn the_consoles_writes_are_counted_by_cell() {
    let mut jupiter = machine("ab");
    jupiter.count_console_writes();
    jupiter.run(u64::MAX).unwrap();
    let writes = jupiter.console_writes().unwrap();
    let at = |row: usize, column: usize| writes[row * 64 + column];
    // The clear writes every cell; the greeting row 1, the prompt and the echoes row 2.
    assert_eq!((at(0, 0), at(1, 0), at(1, 23), at(1, 24)), (1, 2, 2, 1));
    assert_eq!(
        (at(2, 0), at(2, 1), at(2, 2), at(2, 3), at(2, 4)),
        (2, 2, 2, 2, 1)
    );
    assert_eq!(writes.iter().sum::<u64>(), CELLS as u64 + 24 + 2 + 2);
}
