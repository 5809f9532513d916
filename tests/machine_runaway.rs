//! Runaway code and stopping a call: the budget counted exactly across the step loop's slices,
//! the progress leash (`set_progress`, which only a call of a mark renews), a long call's cost
//! and R the same as stepped, and a call stopped from another thread through its watch.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sargon_z80::machine::{
    Image, Machine, MachineError, Observer, SLICE, SymbolTable, UNLIMITED_BUDGET, Watch, WatchView,
};

const ORG: u16 = 0x8000;

fn machine(code: &[u8], symbols: &str) -> Machine {
    let image = Image::new(code.to_vec(), ORG, SymbolTable::parse(symbols).unwrap()).unwrap();
    Machine::new(&image)
}

#[test]
fn the_budget_is_exact_across_slices() {
    let mut m = machine(&[0x18, 0xFE], "SPIN EQU 8000H");
    let budget = 3 * SLICE + 7;
    m.set_budget(budget);
    assert_eq!(
        m.call(ORG).unwrap_err(),
        MachineError::BudgetExceeded {
            pc: ORG,
            count: budget,
            tstates: 12 * budget,
            routine: Some("SPIN".to_string()),
        }
    );
}

/// LD BC,0; loop: DEC BC; LD A,B; OR C; JR NZ,loop; LD A,R; RET: 262,147 instructions.
const LONG: [u8; 11] = [
    0x01, 0x00, 0x00, 0x0B, 0x78, 0xB1, 0x20, 0xFB, 0xED, 0x5F, 0xC9,
];

#[test]
fn the_budget_is_exact_at_each_side_of_a_slices_end() {
    for budget in [1, SLICE - 1, SLICE, SLICE + 1, 2 * SLICE, 2 * SLICE + 1] {
        let mut m = machine(&[0x18, 0xFE], "SPIN EQU 8000H");
        m.set_budget(budget);
        let error = m.call(ORG).unwrap_err();
        let expected = MachineError::BudgetExceeded {
            pc: ORG,
            count: budget,
            tstates: 12 * budget,
            routine: Some("SPIN".to_string()),
        };
        assert_eq!(error, expected, "budget {budget}");
    }
}

#[test]
fn a_call_of_many_slices_costs_what_its_steps_cost() {
    let cost = same_as_stepped(&LONG);
    assert_eq!(cost.instructions, 1 + 4 * 65_536 + 2);
    assert_eq!(
        cost.tstates,
        10 + 65_535 * (6 + 4 + 4 + 12) + (6 + 4 + 4 + 7) + 9 + 10
    );
}

/// LD BC,20000; loop: INC IX; DEC BC; LD A,B; OR C; JR NZ,loop; LD A,R; RET: 100,003
/// instructions, a prefix fetch in each fifth, for R (13,107 in the first slice, which is not a
/// multiple of 128).
const PREFIXED: [u8; 13] = [
    0x01, 0x20, 0x4E, 0xDD, 0x23, 0x0B, 0x78, 0xB1, 0x20, 0xF9, 0xED, 0x5F, 0xC9,
];

#[test]
fn prefix_fetches_count_for_r_across_slices() {
    let cost = same_as_stepped(&PREFIXED);
    assert_eq!(cost.instructions, 1 + 5 * 20_000 + 2);
    assert_eq!(
        cost.tstates,
        10 + 19_999 * (10 + 6 + 4 + 4 + 12) + (10 + 6 + 4 + 4 + 7) + 9 + 10
    );
}

/// Calls `code` and steps it on another machine (R set to 85H in both): the call's cost, the
/// same as the steps', and the same registers, R and what LD A,R read included.
fn same_as_stepped(code: &[u8]) -> sargon_z80::machine::Cost {
    let mut called = machine(code, "");
    called.set_r(0x85);
    let cost = called.call(ORG).unwrap();
    let mut stepped = machine(code, "");
    stepped.set_r(0x85);
    stepped.begin_call(ORG);
    let (mut tstates, mut steps) = (0, 0);
    loop {
        let step = stepped.step().unwrap();
        tstates += u64::from(step.tstates);
        steps += 1;
        if step.returned {
            break;
        }
    }
    assert_eq!((tstates, steps), (cost.tstates, cost.instructions));
    assert_eq!(
        called.registers(),
        stepped.registers(),
        "R and A from LD A,R"
    );
    cost
}

/// Counts what an observer is shown.
#[derive(Default)]
struct Counted {
    instructions: u64,
    tstates: u64,
}

impl Observer for Counted {
    fn on_instruction(&mut self, _pc: u16, _bytes: &[u8], tstates: u32) {
        self.instructions += 1;
        self.tstates += u64::from(tstates);
    }
}

#[test]
fn an_observer_sees_every_instruction_of_every_slice() {
    let mut m = machine(&LONG, "");
    let mut seen = Counted::default();
    let cost = m.call_observed(ORG, &mut seen).unwrap();
    assert!(cost.instructions > 4 * SLICE);
    assert_eq!(
        (seen.instructions, seen.tstates),
        (cost.instructions, cost.tstates)
    );
    // Tracing on: the same loop with the built-in counters.
    m.set_tracing(true);
    assert_eq!(m.call(ORG).unwrap(), cost);
}

/// SPIN: JR SPIN; WORK: CALL TICK; JR WORK; TICK: RET.
const CODE: [u8; 8] = [0x18, 0xFE, 0xCD, 0x07, 0x80, 0x18, 0xFB, 0xC9];
const SYMBOLS: &str = "SPIN EQU 8000H\nWORK EQU 8002H\nTICK EQU 8007H";

#[test]
fn the_leash_ends_a_call_that_makes_no_progress() {
    let mut m = machine(&CODE, SYMBOLS);
    m.set_budget(UNLIMITED_BUDGET);
    m.set_progress(&[0x8007], 100_000);
    assert_eq!(m.leash(), 100_000);
    // No mark reached: the first slice's end finds 786,432 T-states without progress.
    let error = m.call(ORG).unwrap_err();
    assert_eq!(
        error,
        MachineError::NoProgress {
            pc: ORG,
            count: SLICE,
            tstates: 12 * SLICE,
            leash: 100_000,
            marks: "TICK".to_string(),
            routine: Some("SPIN".to_string()),
        }
    );
    assert!(error.is_runaway());
    assert_eq!(
        error.to_string(),
        "runaway code: 100,000 T-states without a call of TICK (65,536 instructions, 786,432 T-states in all); PC = 0x8000 in SPIN"
    );
    // Reaching the mark is progress: only the budget ends this loop.
    m.set_budget(5 * SLICE);
    assert!(matches!(
        m.call(0x8002),
        Err(MachineError::BudgetExceeded { count, .. }) if count == 5 * SLICE
    ));
    // Without marks, no leash.
    m.clear_progress();
    assert_eq!(m.leash(), u64::MAX);
    m.set_budget(3 * SLICE);
    assert!(matches!(
        m.call(ORG),
        Err(MachineError::BudgetExceeded { .. })
    ));
}

#[test]
fn only_a_call_of_a_mark_is_progress() {
    // PC kept on the mark by `JR $` there enters nothing: the leash ends it at the first
    // slice's end, not the budget (a search's takes hours).
    let mut m = machine(&CODE, SYMBOLS);
    m.set_budget(64 * SLICE);
    m.set_progress(&[ORG], 100_000);
    assert!(matches!(
        m.call(ORG),
        Err(MachineError::NoProgress {
            pc: ORG,
            count: SLICE,
            ..
        })
    ));
    // Nor does a jump: LOOP: JP MARK; MARK: JP LOOP.
    let mut m = machine(&[0xC3, 0x03, 0x80, 0xC3, 0x00, 0x80], "LOOP EQU 8000H");
    m.set_budget(64 * SLICE);
    m.set_progress(&[0x8003], 100_000);
    let error = m.call(ORG).unwrap_err();
    assert!(matches!(error, MachineError::NoProgress { .. }), "{error}");
    // RST is a call: 0000 RST 08H; JR 0000; .. 0008 RET. Only the budget ends it.
    let code = [0xCF, 0x18, 0xFD, 0, 0, 0, 0, 0, 0xC9];
    let image = Image::new(code.to_vec(), 0, SymbolTable::parse("TICK EQU 8").unwrap()).unwrap();
    let mut m = Machine::new(&image);
    m.set_budget(4 * SLICE);
    m.set_progress(&[8], 100_000);
    assert!(matches!(
        m.call(0),
        Err(MachineError::BudgetExceeded { count, .. }) if count == 4 * SLICE
    ));
}

/// Never hits; stops when the flag is set.
struct Stoppable(Arc<AtomicBool>);

impl Watch for Stoppable {
    fn target(&self) -> u16 {
        0x9000
    }

    fn hit(&mut self, _machine: &WatchView<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn should_stop(&mut self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

#[test]
fn another_thread_stops_a_call_that_never_returns() {
    let mut m = machine(&CODE, SYMBOLS);
    m.set_budget(UNLIMITED_BUDGET);
    let stop = Arc::new(AtomicBool::new(false));
    let setter = Arc::clone(&stop);
    let asked = Arc::new(std::sync::Mutex::new(None));
    let when = Arc::clone(&asked);
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        *when.lock().unwrap() = Some(Instant::now());
        setter.store(true, Ordering::Relaxed);
    });
    let error = m.call_watched(ORG, &mut Stoppable(stop)).unwrap_err();
    let took = asked.lock().unwrap().expect("the flag was set").elapsed();
    let MachineError::Aborted { pc, cost } = error else {
        panic!("{error}");
    };
    assert_eq!(pc, ORG);
    assert_eq!(cost.instructions % SLICE, 0, "stopped at a slice's end");
    assert_eq!(cost.tstates, 12 * cost.instructions);
    assert!(took < Duration::from_millis(500), "{took:?}");
}
