//! Calling routines through the library: exact cost, guards, stepping, tracing, observers.

use sargon_z80::machine::{
    Cost, Image, Machine, MachineError, Observer, Step, SymbolTable, disassemble,
};

const ORG: u16 = 0x8000;
const DATA: u16 = 0x8100;

/// LD IX,DATA; LD A,(IX+5); INC (IX+1); JR NZ,start; RET
const SEVENTY_THREE: [u8; 13] = [
    0xDD, 0x21, 0x00, 0x81, 0xDD, 0x7E, 0x05, 0xDD, 0x34, 0x01, 0x20, 0xF4, 0xC9,
];

fn machine(code: &[u8], symbols: &str) -> Machine {
    let image = Image::new(code.to_vec(), ORG, SymbolTable::parse(symbols).unwrap()).unwrap();
    Machine::new(&image)
}

#[test]
fn seventy_three_tstates_and_five_instructions() {
    let mut m = machine(&SEVENTY_THREE, "START EQU 8000H");
    m.poke(DATA + 1, 0xFF);
    m.poke(DATA + 5, 0x42);
    let cost = m.call_symbol("start").unwrap();
    assert_eq!(
        cost,
        Cost {
            tstates: 14 + 19 + 23 + 7 + 10,
            instructions: 5
        }
    );
    let regs = m.registers();
    assert_eq!((regs.a, regs.ix), (0x42, DATA));
    assert_eq!(m.peek(DATA + 1), 0x00);
    assert!(regs.flags().z);
    assert_eq!(regs.sp, 0x0000, "SP back at the stack top after the RET");
}

#[test]
fn taken_branch_costs_more_and_loops() {
    let mut m = machine(&SEVENTY_THREE, "");
    m.poke(DATA + 1, 0xFE);
    // first pass: INC gives 0xFF, JR taken (12); second pass: 0x00, not taken
    let cost = m.call(ORG).unwrap();
    assert_eq!(cost.tstates, (14 + 19 + 23 + 12) + 73);
    assert_eq!(cost.instructions, 9);
}

#[test]
fn costs_add() {
    let a = Cost {
        tstates: 5,
        instructions: 1,
    };
    let mut b = a + a;
    b += a;
    assert_eq!(
        b,
        Cost {
            tstates: 15,
            instructions: 3
        }
    );
}

#[test]
fn runaway_code_hits_the_budget() {
    let mut m = machine(&[0x00, 0x18, 0xFE], "SPIN EQU 8000H");
    m.set_budget(1000);
    let error = m.call(ORG).unwrap_err();
    assert_eq!(
        error,
        MachineError::BudgetExceeded {
            pc: ORG + 1,
            count: 1000,
            tstates: 4 + 999 * 12,
            routine: Some("SPIN+1".to_string()),
        }
    );
    assert!(error.is_runaway());
    assert_eq!(
        error.to_string(),
        "runaway code: no return within the call's budget of 1,000 instructions (11,992 T-states); PC = 0x8001 in SPIN+1"
    );
}

#[test]
fn halt_is_an_error() {
    let mut m = machine(&[0x00, 0x76, 0xC9], "");
    assert_eq!(
        m.call(ORG).unwrap_err(),
        MachineError::Halted { pc: ORG + 1 }
    );
}

#[test]
fn protected_write_names_address_value_and_pc() {
    // LD A,0x99; LD (ORG),A; RET
    let code = [0x3E, 0x99, 0x32, 0x00, 0x80, 0xC9];
    let mut m = machine(&code, "CODE_START EQU 8000H\nCODE_END EQU 8006H");
    assert!(m.is_protected(ORG) && m.is_protected(ORG + 5) && !m.is_protected(ORG + 6));
    let err = m.call(ORG).unwrap_err();
    assert_eq!(
        err,
        MachineError::ProtectedWrite {
            addr: ORG,
            value: 0x99,
            pc: ORG + 2
        }
    );
    assert_eq!(m.peek(ORG), 0x3E, "the write was blocked");
    assert_eq!(
        err.to_string(),
        "write of 0x99 to protected address 0x8000 by the instruction at 0x8002"
    );
}

#[test]
fn explicit_protection() {
    // LD (HL),A with HL = DATA
    let mut m = machine(&[0x21, 0x00, 0x81, 0x77, 0xC9], "");
    m.protect(DATA..=DATA);
    assert!(matches!(
        m.call(ORG),
        Err(MachineError::ProtectedWrite { addr: DATA, .. })
    ));
    m.unprotect(DATA..DATA + 1);
    assert!(m.call(ORG).is_ok());
}

#[test]
fn pc_leaving_the_image() {
    let mut m = machine(&[0xC3, 0x00, 0x90], "");
    assert_eq!(
        m.call(ORG).unwrap_err(),
        MachineError::PcOutsideImage { pc: 0x9000 }
    );
    assert_eq!(
        m.call(0x7FFF).unwrap_err(),
        MachineError::PcOutsideImage { pc: 0x7FFF }
    );
}

#[test]
fn stack_pointer_leaving_the_region() {
    // POP HL (pops the sentinel), POP HL (above the stack top)
    let mut m = machine(&[0xE1, 0xE1, 0xC9], "STACK EQU 9000H");
    assert_eq!(m.stack(), 0x9000);
    assert_eq!(
        m.call(ORG).unwrap_err(),
        MachineError::StackOutOfRange {
            sp: 0x9002,
            pc: ORG + 1
        }
    );
    // LD SP,0x8000 (far below the region)
    let mut m = machine(&[0x31, 0x00, 0x80, 0xC9], "STACK EQU 9000H");
    assert!(matches!(
        m.call(ORG),
        Err(MachineError::StackOutOfRange { sp: 0x8000, .. })
    ));
}

#[test]
fn missing_symbols_are_listed_together() {
    let mut m = machine(&[0xC9], "A EQU 1");
    assert_eq!(
        m.call_symbol("GENMOV").unwrap_err(),
        MachineError::MissingSymbols(vec!["GENMOV".into()])
    );
    let err = m.symbols().require(&["A", "X", "Y"]).unwrap_err();
    assert_eq!(err.to_string(), "missing required symbol(s): X, Y");
}

#[test]
fn bad_images() {
    assert!(matches!(
        Image::new(Vec::new(), 0, SymbolTable::new()),
        Err(MachineError::EmptyImage { path: None })
    ));
    assert!(matches!(
        Image::new(vec![0; 0x101], 0xFF00, SymbolTable::new()),
        Err(MachineError::ImageTooLarge { .. })
    ));
    assert!(Image::new(vec![0; 0x100], 0xFF00, SymbolTable::new()).is_ok());
    let symbols = SymbolTable::parse("CODE_END EQU 8010H").unwrap();
    assert!(matches!(
        Image::new(vec![0; 0x0F], ORG, symbols),
        Err(MachineError::TruncatedImage {
            code_end: 0x8010,
            end: 0x800F,
            ..
        })
    ));
}

#[test]
fn stepping_a_call() {
    let mut m = machine(&SEVENTY_THREE, "");
    m.poke(DATA + 1, 0xFF);
    m.begin_call(ORG);
    assert_eq!(m.sp(), 0xFFFE);
    let mut steps = Vec::new();
    loop {
        let step = m.step().unwrap();
        steps.push(step);
        if step.returned {
            break;
        }
    }
    let summary: Vec<(u16, u32)> = steps.iter().map(|s| (s.pc, s.tstates)).collect();
    assert_eq!(
        summary,
        vec![
            (0x8000, 14),
            (0x8004, 19),
            (0x8007, 23),
            (0x800A, 7),
            (0x800C, 10)
        ]
    );
    assert_eq!(
        steps.last(),
        Some(&Step {
            pc: 0x800C,
            tstates: 10,
            returned: true
        })
    );
    assert_eq!(m.pc(), 0x800D, "the sentinel is just past the image");
}

#[test]
fn built_in_tracing_counts_data_accesses_only() {
    let mut m = machine(&SEVENTY_THREE, "START EQU 8000H\nDATA_USE EQU 8004H");
    m.poke(DATA + 1, 0xFF);
    m.call(ORG).unwrap();
    assert_eq!(m.trace().total_reads(), 0, "tracing is off by default");
    m.set_tracing(true);
    m.poke(DATA + 1, 0xFF);
    m.call(ORG).unwrap();
    let t = m.trace();
    assert_eq!(
        (t.reads(DATA + 5), t.reads(DATA + 1), t.writes(DATA + 1)),
        (1, 1, 1)
    );
    // the RET reads the sentinel from the stack
    assert_eq!((t.reads(0xFFFE), t.reads(0xFFFF)), (1, 1));
    assert_eq!(t.total_reads(), 4, "no opcode fetch counted");
    assert_eq!(t.total_writes(), 1);
    assert_eq!(
        (t.reads_by(0x8004), t.reads_by(0x8007), t.writes_by(0x8007)),
        (1, 1, 1)
    );
    let by_routine: Vec<(String, u64, u64)> = t
        .by_routine(m.symbols())
        .into_iter()
        .map(|r| (r.name, r.reads, r.writes))
        .collect();
    assert_eq!(by_routine, vec![("DATA_USE".into(), 4, 1)]);
    m.clear_trace();
    assert_eq!(m.trace().total_reads(), 0);
}

#[derive(Default)]
struct Recorder {
    events: Vec<String>,
}

impl Observer for Recorder {
    fn on_instruction(&mut self, pc: u16, bytes: &[u8], tstates: u32) {
        self.events.push(format!("{pc:04X} {bytes:02X?} {tstates}"));
    }
    fn on_read(&mut self, pc: u16, addr: u16, value: u8) {
        self.events
            .push(format!("{pc:04X} r {addr:04X}={value:02X}"));
    }
    fn on_write(&mut self, pc: u16, addr: u16, value: u8) {
        self.events
            .push(format!("{pc:04X} w {addr:04X}={value:02X}"));
    }
}

#[test]
fn observer_sees_instructions_and_accesses_in_order() {
    let mut m = machine(&SEVENTY_THREE, "");
    m.poke(DATA + 1, 0xFF);
    m.poke(DATA + 5, 0x42);
    let mut rec = Recorder::default();
    let cost = m.call_observed(ORG, &mut rec).unwrap();
    assert_eq!(cost.tstates, 73);
    assert_eq!(
        rec.events,
        vec![
            "8000 [DD, 21, 00, 81] 14",
            "8004 r 8105=42",
            "8004 [DD, 7E, 05] 19",
            "8007 r 8101=FF",
            "8007 w 8101=00",
            "8007 [DD, 34, 01] 23",
            "800A [20, F4] 7",
            "800C r FFFE=0D",
            "800C r FFFF=80",
            "800C [C9] 10",
        ]
    );
}

#[test]
fn disassembly_of_the_image() {
    let m = machine(&SEVENTY_THREE, "");
    let memory: &[u8; 0x10000] = m.memory().try_into().unwrap();
    assert_eq!(m.disassemble(ORG + 4), disassemble(memory, ORG + 4));
    let mut addr = ORG;
    let mut lines = Vec::new();
    while addr < ORG + SEVENTY_THREE.len() as u16 {
        let (text, len) = disassemble(memory, addr);
        lines.push(text);
        addr += len as u16;
    }
    assert_eq!(
        lines,
        vec![
            "LD IX, 8100h",
            "LD A, (IX+5)",
            "INC (IX+1)",
            "JR NZ, 8000h",
            "RET"
        ]
    );
}

/// LD B,3; CALL POINTS; LD (9000h),A; DJNZ -8; RET; POINTS: LD A,B; ADD A,A; RET
const CALLS_POINTS: [u8; 14] = [
    0x06, 0x03, 0xCD, 0x0B, 0x80, 0x32, 0x00, 0x90, 0x10, 0xF8, 0xC9, 0x78, 0x87, 0xC9,
];

#[test]
fn unlimited_budget_and_the_room_for_the_sentinel() {
    let mut m = machine(&CALLS_POINTS, "");
    assert_eq!(m.budget(), sargon_z80::machine::DEFAULT_BUDGET);
    m.set_budget(sargon_z80::machine::UNLIMITED_BUDGET);
    assert_eq!(m.budget(), u64::MAX);
    assert_eq!(m.call(ORG).unwrap().instructions, 20);
    m.set_budget(19);
    assert_eq!(
        m.call(ORG).unwrap_err(),
        MachineError::BudgetExceeded {
            pc: ORG + 0x0A,
            count: 19,
            tstates: 185,
            routine: None,
        }
    );
    m.set_budget(20);
    assert_eq!(m.call(ORG).unwrap().instructions, 20);
    m.set_stack_size(1);
    assert_eq!(
        m.call(ORG).unwrap_err(),
        MachineError::StackOutOfRange {
            sp: 0xFFFE,
            pc: ORG
        },
        "the sentinel itself does not fit"
    );
}

#[test]
fn blocked_write_then_exact_budget_count() {
    // LD HL,DATA; loop: LD (HL),A; JR loop
    let mut m = machine(&[0x21, 0x00, 0x81, 0x77, 0x18, 0xFD], "");
    m.protect(DATA..=DATA);
    m.set_budget(3);
    assert_eq!(
        m.call(ORG).unwrap_err(),
        MachineError::ProtectedWrite {
            addr: DATA,
            value: m.registers().a,
            pc: ORG + 3
        }
    );
    m.set_budget(2);
    assert!(
        matches!(
            m.call(ORG),
            Err(MachineError::ProtectedWrite { pc: 0x8003, .. })
        ),
        "the write on the last instruction of the budget is still reported"
    );
    m.unprotect(DATA..=DATA);
    m.set_budget(1001);
    assert_eq!(
        m.call(ORG).unwrap_err(),
        MachineError::BudgetExceeded {
            pc: ORG + 3,
            count: 1001,
            tstates: 10 + 500 * 19,
            routine: None,
        }
    );
}
