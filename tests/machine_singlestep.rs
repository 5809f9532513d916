//! Every SingleStepTests record in ../shared/z80/singlestep/*.jsonl, run one instruction at a time
//! through the machine: the exact T-states and the refresh register R (set from each record's
//! initial state, compared with its final state) must match every record, and the opcodes where
//! iz80's final registers, memory or ports differ from the record must be exactly the known set
//! listed below (and in docs/TIMING.md under "Known iz80 deviations"). WZ/MEMPTR, Q, P and EI are
//! not compared: the machine does not model them.

mod shared;

use std::collections::{BTreeMap, BTreeSet};

use sargon_z80::machine::{Machine, Registers};
use serde::Deserialize;

#[derive(Deserialize)]
struct Record {
    name: String,
    initial: State,
    #[serde(rename = "final")]
    fin: State,
    tstates: u32,
    #[serde(default)]
    ports: Vec<(u16, u8, String)>,
}

#[derive(Deserialize)]
struct State {
    pc: u16,
    sp: u16,
    a: u8,
    b: u8,
    c: u8,
    d: u8,
    e: u8,
    f: u8,
    h: u8,
    l: u8,
    i: u8,
    r: u8,
    ix: u16,
    iy: u16,
    af_: u16,
    bc_: u16,
    de_: u16,
    hl_: u16,
    im: u8,
    iff1: u8,
    iff2: u8,
    ram: Vec<(u16, u8)>,
}

impl State {
    fn registers(&self) -> Registers {
        let [a_alt, f_alt] = self.af_.to_be_bytes();
        let [b_alt, c_alt] = self.bc_.to_be_bytes();
        let [d_alt, e_alt] = self.de_.to_be_bytes();
        let [h_alt, l_alt] = self.hl_.to_be_bytes();
        Registers {
            a: self.a,
            f: self.f,
            b: self.b,
            c: self.c,
            d: self.d,
            e: self.e,
            h: self.h,
            l: self.l,
            a_alt,
            f_alt,
            b_alt,
            c_alt,
            d_alt,
            e_alt,
            h_alt,
            l_alt,
            ix: self.ix,
            iy: self.iy,
            sp: self.sp,
            pc: self.pc,
            i: self.i,
            r: self.r,
            iff1: self.iff1 != 0,
            iff2: self.iff2 != 0,
            im: self.im,
        }
    }
}

/// F bits 5 and 3 (undocumented copies of result bits).
const XY: u8 = 0x28;

/// Names of the fields that differ between the machine and the expected final state. A flag
/// difference is `F` when a documented flag differs and `F.xy` when only bits 5/3 do.
fn differences(m: &Machine, record: &Record) -> Vec<String> {
    let got = m.registers();
    let want = record.fin.registers();
    let mut out = Vec::new();
    let pairs: [(&str, u16, u16); 21] = [
        ("A", got.a.into(), want.a.into()),
        ("B", got.b.into(), want.b.into()),
        ("C", got.c.into(), want.c.into()),
        ("D", got.d.into(), want.d.into()),
        ("E", got.e.into(), want.e.into()),
        ("H", got.h.into(), want.h.into()),
        ("L", got.l.into(), want.l.into()),
        (
            "AF'",
            u16::from_be_bytes([got.a_alt, got.f_alt]),
            record.fin.af_,
        ),
        (
            "BC'",
            u16::from_be_bytes([got.b_alt, got.c_alt]),
            record.fin.bc_,
        ),
        (
            "DE'",
            u16::from_be_bytes([got.d_alt, got.e_alt]),
            record.fin.de_,
        ),
        (
            "HL'",
            u16::from_be_bytes([got.h_alt, got.l_alt]),
            record.fin.hl_,
        ),
        ("IX", got.ix, want.ix),
        ("IY", got.iy, want.iy),
        ("SP", got.sp, want.sp),
        ("PC", got.pc, want.pc),
        ("I", got.i.into(), want.i.into()),
        ("R", got.r.into(), want.r.into()),
        ("IFF1", got.iff1.into(), want.iff1.into()),
        ("IFF2", got.iff2.into(), want.iff2.into()),
        ("IM", got.im.into(), want.im.into()),
        ("F", 0, 0),
    ];
    for (name, g, w) in pairs {
        if g != w {
            out.push(name.to_string());
        }
    }
    if (got.f ^ want.f) & !XY != 0 {
        out.push("F".into());
    } else if got.f != want.f {
        out.push("F.xy".into());
    }
    if record.fin.ram.iter().any(|&(addr, v)| m.peek(addr) != v) {
        out.push("memory".into());
    }
    let port_writes = record.ports.iter().filter(|p| p.2 == "w");
    if port_writes.into_iter().any(|p| m.port(p.0) != p.1) {
        out.push("port".into());
    }
    out
}

/// Opcodes where iz80 differs from the hardware, by cause, with the fields that may differ for
/// them. "Known iz80 deviations" in docs/TIMING.md explains each group.
fn known_deviations() -> Vec<(String, &'static [&'static str])> {
    let mut out: Vec<(String, &'static [&'static str])> = Vec::new();
    let mut add = |ops: &[String], fields: &'static [&'static str]| {
        out.extend(ops.iter().map(|op| (op.clone(), fields)));
    };
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // SCF / CCF: bits 5/3 depend on Q (the flags register of the previous instruction). The
    // records of DD 37 happen to agree.
    add(&names(&["37", "3F", "DD 3F", "FD 37", "FD 3F"]), &["F.xy"]);
    // BIT n,(HL): bits 5/3 come from MEMPTR (WZ), which iz80 does not model.
    let bit_hl: Vec<String> = (0..8).map(|n| format!("CB {:02X}", 0x46 + 8 * n)).collect();
    add(&bit_hl, &["F.xy"]);
    // RETI: the hardware copies IFF2 into IFF1, as RETN does; iz80 does not.
    add(&names(&["ED 4D"]), &["IFF1"]);
    // INI/IND/INIR/INDR: iz80 reads port BC after decrementing B (the hardware before), and its
    // flags follow from that.
    add(
        &names(&["ED A2", "ED AA", "ED B2", "ED BA"]),
        &["memory", "F", "F.xy"],
    );
    // OUTI/OUTD/OTIR/OTDR: iz80 writes to port BC before decrementing B (the hardware after).
    add(
        &names(&["ED A3", "ED AB", "ED B3", "ED BB"]),
        &["port", "F", "F.xy"],
    );
    // LDIR/CPIR/LDDR/CPDR while repeating: bits 5/3 come from PC+1 on the hardware.
    add(&names(&["ED B0", "ED B1", "ED B8", "ED B9"]), &["F.xy"]);
    for (prefix, index) in [("DD", "IX"), ("FD", "IY")] {
        let fields: &'static [&'static str] = if index == "IX" {
            &["H", "L", "IX"]
        } else {
            &["H", "L", "IY"]
        };
        // Undocumented DD CB d op with a register operand H or L (shifts, RES, SET): the result
        // also goes to H or L; iz80 puts it in the index register's high or low half instead.
        let copies: Vec<String> = (0u8..=255)
            .filter(|op| op >> 6 != 1 && matches!(op & 7, 4 | 5))
            .map(|op| format!("{prefix} CB __ {op:02X}"))
            .collect();
        add(&copies, fields);
        // Undocumented aliases of BIT n,(IX+d) (register field not 6): iz80 tests the register
        // instead of the memory byte. The records of DD CB 4C happen to agree.
        let aliases: Vec<String> = (0x40u8..0x80)
            .filter(|op| op & 7 != 6 && !(prefix == "DD" && *op == 0x4C))
            .map(|op| format!("{prefix} CB __ {op:02X}"))
            .collect();
        add(&aliases, &["F", "F.xy"]);
    }
    out.sort();
    out
}

/// True for the instructions Sargon-style board code may use: everything except I/O, the
/// interrupt and I/R instructions, HALT, and the undocumented DD CB / FD CB register forms.
fn board_code_instruction(op: &str) -> bool {
    let bytes: Vec<u8> = op
        .split(' ')
        .filter(|b| *b != "__")
        .map(|b| u8::from_str_radix(b, 16).unwrap())
        .collect();
    match bytes.as_slice() {
        [0xD3 | 0xDB | 0x76 | 0xF3 | 0xFB] => false,
        [0xDD | 0xFD, 0xD3 | 0xDB | 0x76 | 0xF3 | 0xFB] => false,
        [0xED, x] => {
            let (hi, lo) = (x >> 6, x & 7);
            !(hi == 1 && matches!(lo, 0 | 1 | 5 | 6)
                || matches!(x, 0x47 | 0x4F | 0x57 | 0x5F)
                || (hi == 2 && matches!(lo, 2 | 3)))
        }
        [0xDD | 0xFD, 0xCB, x] => x & 7 == 6,
        _ => true,
    }
}

/// Opcodes whose exact T-states the machine does not reproduce: none.
const TIMING_EXCEPTIONS: &[&str] = &[];

#[test]
fn singlestep_records() {
    let dir = shared::shared_dir().join("z80/singlestep");
    let groups = ["base", "cb", "dd", "ddcb", "ed", "fd", "fdcb"];
    let mut m = Machine::blank();
    let mut records = 0usize;
    let mut r_matches = 0usize;
    let mut opcodes = BTreeSet::new();
    let mut timing_failures: BTreeMap<String, String> = BTreeMap::new();
    let mut deviations: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut first_example: BTreeMap<String, String> = BTreeMap::new();
    for group in groups {
        let path = dir.join(format!("{group}.jsonl"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "cannot read {} ({e}); the SingleStepTests vectors live in ../shared/z80/singlestep \
                 or $SARGON_SHARED/z80/singlestep",
                path.display()
            )
        });
        for (index, line) in text.lines().enumerate() {
            let record: Record = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), index + 1));
            let opcode = record
                .name
                .rsplit_once(' ')
                .map_or("", |(op, _)| op)
                .to_string();
            for &(addr, _) in &record.initial.ram {
                m.poke(addr, 0);
            }
            for &(addr, v) in &record.initial.ram {
                m.poke(addr, v);
            }
            for (port, value, dir) in &record.ports {
                m.set_port(*port, if dir == "r" { *value } else { 0 });
            }
            m.set_registers(&record.initial.registers());
            let step = m
                .step_raw()
                .unwrap_or_else(|e| panic!("{}: {e}", record.name));
            if step.tstates != record.tstates {
                timing_failures.entry(opcode.clone()).or_insert(format!(
                    "{}: got {} T, want {}",
                    record.name, step.tstates, record.tstates
                ));
            }
            r_matches += usize::from(m.registers().r == record.fin.r);
            let diff = differences(&m, &record);
            if !diff.is_empty() {
                first_example
                    .entry(opcode.clone())
                    .or_insert_with(|| format!("{}: {}", record.name, diff.join(" ")));
                deviations.entry(opcode.clone()).or_default().extend(diff);
            }
            for &(addr, _) in record.initial.ram.iter().chain(&record.fin.ram) {
                m.poke(addr, 0);
            }
            records += 1;
            opcodes.insert(opcode);
        }
    }
    println!("{records} records, {} opcodes", opcodes.len());
    assert_eq!(records, 6416, "every record of the seven files");
    assert_eq!(r_matches, records, "R after every record");

    let timing: BTreeSet<&str> = timing_failures.keys().map(String::as_str).collect();
    let expected_timing: BTreeSet<&str> = TIMING_EXCEPTIONS.iter().copied().collect();
    assert_eq!(
        timing,
        expected_timing,
        "T-state mismatches:\n{}",
        timing_failures
            .values()
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );

    let known = known_deviations();
    let found: Vec<&String> = deviations.keys().collect();
    let expected: Vec<&String> = known.iter().map(|(op, _)| op).collect();
    let listing = || {
        deviations
            .keys()
            .map(|op| format!("  {}", first_example[op]))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let missing: Vec<&&String> = expected
        .iter()
        .filter(|op| !deviations.contains_key(**op))
        .collect();
    let unexpected: Vec<&&String> = found.iter().filter(|op| !expected.contains(op)).collect();
    assert!(
        missing.is_empty() && unexpected.is_empty(),
        "iz80 deviations differ from the known set: missing {missing:?}, unexpected {unexpected:?}; \
         found {}:\n{}",
        found.len(),
        listing()
    );
    for (op, allowed) in &known {
        let fields = &deviations[op];
        assert!(
            fields.iter().all(|f| allowed.contains(&f.as_str())),
            "{op}: fields {fields:?} outside {allowed:?}"
        );
    }
    for (op, fields) in &deviations {
        assert!(
            !board_code_instruction(op) || fields.iter().all(|f| f == "F.xy"),
            "{op} is used by board code and differs in documented effects: {fields:?}"
        );
    }
    println!("iz80 differs on {} opcodes", found.len());
}
