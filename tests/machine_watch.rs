//! Watching a call at full speed: a watch follows a routine's calls and returns at one target
//! address at a time, sees registers, memory and the cost so far, and can break the call off.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use sargon_z80::machine::{Cost, Image, Machine, SymbolTable};
use sargon_z80::machine::{MachineError, RunEnd, Watch, WatchView};

const ORG: u16 = 0x8000;

fn machine(code: &[u8]) -> Machine {
    let image = Image::new(code.to_vec(), ORG, SymbolTable::new()).unwrap();
    Machine::new(&image)
}

/// LD B,3; CALL POINTS; LD (9000h),A; DJNZ -8; RET; POINTS: LD A,B; ADD A,A; RET
const CALLS_POINTS: [u8; 14] = [
    0x06, 0x03, 0xCD, 0x0B, 0x80, 0x32, 0x00, 0x90, 0x10, 0xF8, 0xC9, 0x78, 0x87, 0xC9,
];
const POINTS: u16 = ORG + 0x0B;

/// A search driver's watch: stop at POINTS, then at its return address to read the result.
struct ScoreWatch {
    target: u16,
    scores: Vec<u8>,
    hits: Vec<(u16, u16, Cost)>,
    stop: Arc<AtomicBool>,
    stop_after: usize,
}

impl ScoreWatch {
    fn new() -> ScoreWatch {
        ScoreWatch {
            target: POINTS,
            scores: Vec::new(),
            hits: Vec::new(),
            stop: Default::default(),
            stop_after: usize::MAX,
        }
    }
}

impl Watch for ScoreWatch {
    fn target(&self) -> u16 {
        self.target
    }

    fn hit(&mut self, machine: &WatchView<'_>) -> ControlFlow<()> {
        self.hits.push((machine.pc(), machine.sp(), machine.cost()));
        if self.hits.len() >= self.stop_after {
            self.stop.store(true, Ordering::Relaxed);
        }
        if self.stop.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        if machine.pc() == POINTS {
            self.target = machine.peek16(machine.sp());
        } else {
            self.scores.push(machine.a());
            self.target = POINTS;
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn watch_follows_calls_and_returns_without_changing_the_cost() {
    let mut m = machine(&CALLS_POINTS);
    let plain = m.call(ORG).unwrap();
    // LD B,3; three times CALL, LD A,B, ADD A,A, RET, LD (nn),A, DJNZ (taken twice); RET
    let plain_tstates = 7 + 3 * (17 + 4 + 4 + 10 + 13) + 13 + 13 + 8 + 10;
    assert_eq!(
        plain,
        Cost {
            tstates: plain_tstates,
            instructions: 20
        }
    );
    let mut watch = ScoreWatch::new();
    assert_eq!(m.call_watched(ORG, &mut watch).unwrap(), plain);
    assert_eq!(watch.scores, vec![6, 4, 2]);
    let at = |pc: u16, sp: u16, tstates: u64, instructions: u64| {
        (
            pc,
            sp,
            Cost {
                tstates,
                instructions,
            },
        )
    };
    assert_eq!(
        watch.hits,
        vec![
            at(POINTS, 0xFFFC, 24, 2),
            at(ORG + 5, 0xFFFE, 42, 5),
            at(POINTS, 0xFFFC, 85, 8),
            at(ORG + 5, 0xFFFE, 103, 11),
            at(POINTS, 0xFFFC, 146, 14),
            at(ORG + 5, 0xFFFE, 164, 17),
        ]
    );
    assert_eq!(m.peek(0x9000), 2);
    m.set_tracing(true);
    let mut traced = ScoreWatch::new();
    assert_eq!(m.call_watched(ORG, &mut traced).unwrap(), plain);
    assert_eq!((traced.scores, traced.hits), (watch.scores, watch.hits));
    assert_eq!(m.trace().writes(0x9000), 3);
}

#[test]
fn watch_breaks_off_a_call_and_leaves_no_mark() {
    let mut m = machine(&CALLS_POINTS);
    let mut watch = ScoreWatch::new();
    watch.stop_after = 3;
    let err = m.call_watched(ORG, &mut watch).unwrap_err();
    let cost = Cost {
        tstates: 85,
        instructions: 8,
    };
    assert_eq!(err, MachineError::Aborted { pc: POINTS, cost });
    assert_eq!(
        err.to_string(),
        "call aborted by its watch at 0x800B after 8 instructions, 85 T-states"
    );
    assert_eq!(watch.scores, vec![6]);
    assert_eq!(m.pc(), POINTS, "stopped before the target's instruction");
    assert_eq!(m.call(ORG).unwrap().instructions, 20, "no mark left behind");

    let mut stopped = ScoreWatch::new();
    stopped.stop.store(true, Ordering::Relaxed);
    assert_eq!(
        m.call_watched(ORG, &mut stopped).unwrap_err(),
        MachineError::Aborted {
            pc: POINTS,
            cost: Cost {
                tstates: 24,
                instructions: 2
            }
        }
    );
}

/// Hits counted at one fixed target.
struct Fixed(u16, Vec<Cost>);

impl Watch for Fixed {
    fn target(&self) -> u16 {
        self.0
    }

    fn hit(&mut self, machine: &WatchView<'_>) -> ControlFlow<()> {
        assert_eq!(machine.pc(), self.0);
        self.1.push(machine.cost());
        ControlFlow::Continue(())
    }
}

#[test]
fn watch_targets_at_the_entry_outside_the_code_and_never_reached() {
    let mut m = machine(&CALLS_POINTS);
    let mut entry = Fixed(ORG, Vec::new());
    m.call_watched(ORG, &mut entry).unwrap();
    assert_eq!(
        entry.1,
        vec![Cost::default()],
        "seen before the first instruction"
    );
    let mut outside = Fixed(0x9000, Vec::new());
    assert_eq!(m.call_watched(ORG, &mut outside).unwrap().instructions, 20);
    assert!(outside.1.is_empty());
    let mut operand = Fixed(ORG + 1, Vec::new());
    m.call_watched(ORG, &mut operand).unwrap();
    assert!(
        operand.1.is_empty(),
        "an operand byte is never an instruction address"
    );
    let mut djnz = Fixed(ORG + 8, Vec::new());
    m.call_watched(ORG, &mut djnz).unwrap();
    assert_eq!(
        djnz.1.len(),
        3,
        "the same target hits every time PC arrives"
    );
}

/// Fixed targets: POINTS every time and the code after each call, with no moving target.
struct FixedWatch {
    at: Vec<u16>,
}

impl Watch for FixedWatch {
    fn target(&self) -> u16 {
        POINTS
    }

    fn fixed_targets(&self) -> &[u16] {
        &[ORG + 5, POINTS]
    }

    fn hit(&mut self, machine: &WatchView<'_>) -> ControlFlow<()> {
        self.at.push(machine.pc());
        ControlFlow::Continue(())
    }
}

#[test]
fn fixed_targets_hit_every_time_and_are_unmarked_after_the_call() {
    let mut m = machine(&CALLS_POINTS);
    let mut watch = FixedWatch { at: Vec::new() };
    let watched = m.call_watched(ORG, &mut watch).unwrap();
    assert_eq!(
        watch.at,
        [POINTS, ORG + 5, POINTS, ORG + 5, POINTS, ORG + 5],
        "a fixed target that is also the moving one hits once per visit"
    );
    assert_eq!(watched, m.call(ORG).unwrap());
    let mut again = FixedWatch { at: Vec::new() };
    struct Nothing;
    impl Watch for Nothing {
        fn target(&self) -> u16 {
            0
        }
        fn hit(&mut self, _machine: &WatchView<'_>) -> ControlFlow<()> {
            panic!("no mark may survive the previous call");
        }
    }
    m.call_watched(ORG, &mut Nothing).unwrap();
    m.call_watched(ORG, &mut again).unwrap();
    assert_eq!(again.at.len(), 6);
}

/// Runs a call begun with `begin_call` in pieces of `max` instructions under `watch`; the
/// pieces' costs and the ends that were not budget ones.
fn in_pieces<W: Watch>(m: &mut Machine, max: u64, watch: &mut W) -> (Cost, Vec<RunEnd>) {
    m.begin_call(ORG);
    let (mut total, mut ends) = (Cost::default(), Vec::new());
    for _ in 0..1000 {
        let run = m.run_watched(watch, max);
        total += run.cost;
        match run.end {
            RunEnd::Budget => {}
            RunEnd::Broke { .. } => ends.push(run.end),
            end => {
                ends.push(end);
                return (total, ends);
            }
        }
    }
    panic!("the call never ended");
}

#[test]
fn a_program_run_in_pieces_costs_what_one_call_costs() {
    let mut whole = machine(&CALLS_POINTS);
    whole.set_r(0x85);
    let cost = whole.call(ORG).unwrap();
    for max in [1, 2, 3, 7, 20, 1000] {
        let mut m = machine(&CALLS_POINTS);
        m.set_r(0x85);
        let mut watch = ScoreWatch::new();
        let (total, ends) = in_pieces(&mut m, max, &mut watch);
        assert_eq!(
            (total, ends),
            (cost, vec![RunEnd::Returned]),
            "pieces of {max}"
        );
        assert_eq!(m.r(), whole.r(), "R counts across pieces of {max}");
        assert_eq!(
            watch.scores,
            [6, 4, 2],
            "a target at a piece's start is seen once"
        );
        assert_eq!(watch.hits.len(), 6, "pieces of {max}");
    }
}

#[test]
fn a_broken_off_run_goes_on_from_the_target_and_a_fault_keeps_its_cost() {
    struct Breaker(Vec<u16>);
    impl Watch for Breaker {
        fn target(&self) -> u16 {
            POINTS
        }
        fn hit(&mut self, machine: &WatchView<'_>) -> ControlFlow<()> {
            self.0.push(machine.pc());
            if self.0.len() % 2 == 1 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }
    let mut m = machine(&CALLS_POINTS);
    let mut watch = Breaker(Vec::new());
    let (total, ends) = in_pieces(&mut m, u64::MAX, &mut watch);
    assert_eq!(total.instructions, 20);
    // Each break is followed by a run that starts on the target and shows it again first.
    let broke = RunEnd::Broke { pc: POINTS };
    assert_eq!(
        ends,
        [broke.clone(), broke.clone(), broke, RunEnd::Returned]
    );
    assert_eq!(watch.0, [POINTS; 6]);

    // LD A,1; HALT: the fault after one instruction, its cost kept.
    let mut m = machine(&[0x3E, 0x01, 0x76]);
    m.begin_call(ORG);
    let run = m.run_watched(&mut Fixed(0x9000, Vec::new()), 100);
    assert_eq!(run.end, RunEnd::Fault(MachineError::Halted { pc: ORG + 2 }));
    assert_eq!(
        run.cost,
        Cost {
            tstates: 7,
            instructions: 1
        }
    );
    m.set_pc(0x9000);
    let run = m.run_watched(&mut Fixed(0x9000, Vec::new()), 100);
    assert_eq!(
        run.end,
        RunEnd::Fault(MachineError::PcOutsideImage { pc: 0x9000 }),
        "a run does not start outside the code region, watched or not"
    );
}
