//! Every SingleStepTests record in ../shared/z80/singlestep/*.jsonl (4 per opcode, 6,416) and
//! ../shared/z80/singlestep-16/*.jsonl (16 more per opcode, 25,664), run one instruction at a
//! time through the machine twice: stepped (`Machine::step_raw_observed`, every port access
//! recorded in order, no call guards) and in the step loop of a call (`Machine::run_watched` for one
//! instruction, the path every routine call and search takes). Every field must equal the
//! record's final state: PC, SP, the main and alternate registers, IX, IY, I, R, IM, IFF1,
//! IFF2, F with bits 5 and 3, WZ (MEMPTR), Q, P, EI, memory, the port traffic and the
//! T-states. No opcode is exempt: the list of known deviations is empty. A difference is
//! reported by the first field of the first record that differs, with both values.

mod shared;

use std::ops::ControlFlow;
use std::path::Path;

use sargon_z80::machine::{Machine, MachineError, Observer, Registers, RunEnd, Watch, WatchView};
use serde::Deserialize;

/// Opcodes (as the records name them, "ED B2", "DD CB __ 46") allowed to differ: none.
const KNOWN_DEVIATIONS: &[&str] = &[];

/// The seven files of each folder.
const GROUPS: [&str; 7] = ["base", "cb", "dd", "ddcb", "ed", "fd", "fdcb"];

#[derive(Deserialize)]
struct Record {
    name: String,
    initial: State,
    #[serde(rename = "final")]
    fin: State,
    /// The instruction's T-states (the 4-per-opcode folder).
    tstates: Option<u32>,
    /// One entry per T-state (the 16-per-opcode folder).
    cycles: Option<Vec<serde::de::IgnoredAny>>,
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
    wz: u16,
    q: u8,
    p: u8,
    ei: u8,
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
            wz: self.wz,
            q: self.q,
            p: self.p != 0,
            ei: self.ei != 0,
        }
    }
}

impl Record {
    fn opcode(&self) -> &str {
        self.name.rsplit_once(' ').map_or("", |(op, _)| op)
    }

    fn tstates(&self) -> u32 {
        match (&self.tstates, &self.cycles) {
            (Some(t), _) => *t,
            (None, Some(cycles)) => cycles.len() as u32,
            (None, None) => panic!("{}: neither tstates nor cycles", self.name),
        }
    }
}

/// How a record was run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    Stepped,
    Called,
}

/// One port access as the records list it: port, value, "r" or "w".
type Access = (u16, u8, &'static str);

/// Port accesses in order.
#[derive(Default)]
struct Ports(Vec<Access>);

impl Observer for Ports {
    fn on_input(&mut self, _pc: u16, port: u16, value: u8) {
        self.0.push((port, value, "r"));
    }

    fn on_output(&mut self, _pc: u16, port: u16, value: u8) {
        self.0.push((port, value, "w"));
    }
}

/// A watch that never stops a run.
struct Nowhere;

impl Watch for Nowhere {
    fn target(&self) -> u16 {
        0
    }

    fn hit(&mut self, _machine: &WatchView<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// One field that differs: its name, the machine's value, the record's.
type Difference = (String, String, String);

/// Puts the record's initial state into the machine.
fn prepare(m: &mut Machine, r: &Record) {
    for &(addr, value) in &r.initial.ram {
        m.poke(addr, value);
    }
    for (port, value, dir) in &r.ports {
        m.set_port(*port, if dir == "r" { *value } else { 0 });
    }
    m.set_registers(&r.initial.registers());
}

/// Zeroes what the record touched, so that the next one starts from a blank machine.
fn clean(m: &mut Machine, r: &Record) {
    for &(addr, _) in r.initial.ram.iter().chain(&r.fin.ram) {
        m.poke(addr, 0);
    }
    for (port, _, _) in &r.ports {
        m.set_port(*port, 0);
    }
}

/// Runs the record one way: its T-states and port traffic (None when the loop refused to run
/// it: HALT, which a call refuses before it runs, or PC where the code region ends).
fn run(m: &mut Machine, r: &Record, way: Way) -> Option<(u32, Vec<Access>)> {
    prepare(m, r);
    let mut ports = Ports::default();
    let tstates = match way {
        Way::Stepped => {
            let step = m.step_raw_observed(&mut ports);
            Some(step.unwrap_or_else(|e| panic!("{}: {e}", r.name)).tstates)
        }
        Way::Called if r.initial.pc == 0xFFFF => None,
        Way::Called => {
            let run = m.run_watched(&mut Nowhere, 1);
            let refused = matches!(run.end, RunEnd::Fault(MachineError::Halted { .. }));
            (run.cost.instructions == 1 && !refused).then_some(run.cost.tstates as u32)
        }
    };
    tstates.map(|t| (t, ports.0))
}

/// The fields of the machine that differ from the record's final state, in a fixed order
/// (registers, hidden state, memory, ports, T-states); ports only when they were recorded.
fn differences(
    m: &Machine,
    r: &Record,
    (tstates, ports): (u32, &[Access]),
    way: Way,
) -> Vec<Difference> {
    let got = m.registers();
    let want = r.fin.registers();
    let mut out = Vec::new();
    let mut field = |name: &str, g: String, w: String| {
        if g != w {
            out.push((name.to_string(), g, w));
        }
    };
    let hex = |v: u16, width: usize| format!("{v:#0width$X}", width = width + 2);
    let pair = |h: u8, l: u8| u16::from_be_bytes([h, l]);
    let words: [(&str, u16, u16); 10] = [
        ("PC", got.pc, want.pc),
        ("SP", got.sp, want.sp),
        ("AF", got.af(), want.af()),
        ("BC", got.bc(), want.bc()),
        ("DE", got.de(), want.de()),
        ("HL", got.hl(), want.hl()),
        ("IX", got.ix, want.ix),
        ("IY", got.iy, want.iy),
        ("AF'", pair(got.a_alt, got.f_alt), r.fin.af_),
        ("BC'", pair(got.b_alt, got.c_alt), r.fin.bc_),
    ];
    for (name, g, w) in words {
        field(name, hex(g, 4), hex(w, 4));
    }
    field("DE'", hex(pair(got.d_alt, got.e_alt), 4), hex(r.fin.de_, 4));
    field("HL'", hex(pair(got.h_alt, got.l_alt), 4), hex(r.fin.hl_, 4));
    field("I", hex(got.i.into(), 2), hex(want.i.into(), 2));
    field("R", hex(got.r.into(), 2), hex(want.r.into(), 2));
    field("IM", got.im.to_string(), want.im.to_string());
    field("IFF1", got.iff1.to_string(), want.iff1.to_string());
    field("IFF2", got.iff2.to_string(), want.iff2.to_string());
    field("WZ", hex(got.wz, 4), hex(want.wz, 4));
    field("Q", hex(got.q.into(), 2), hex(want.q.into(), 2));
    field("P", got.p.to_string(), want.p.to_string());
    field("EI", got.ei.to_string(), want.ei.to_string());
    for &(addr, value) in &r.fin.ram {
        let name = format!("memory at {addr:#06X}");
        field(&name, hex(m.peek(addr).into(), 2), hex(value.into(), 2));
    }
    let want_ports: Vec<(u16, u8, &str)> = r
        .ports
        .iter()
        .map(|(p, v, d)| (*p, *v, d.as_str()))
        .collect();
    if way == Way::Stepped {
        field("ports", format!("{ports:X?}"), format!("{want_ports:X?}"));
    } else {
        for &(port, value, _) in want_ports.iter().filter(|p| p.2 == "w") {
            let name = format!("port {port:#06X} written");
            field(&name, hex(m.port(port).into(), 2), hex(value.into(), 2));
        }
    }
    field("T-states", tstates.to_string(), r.tstates().to_string());
    out
}

/// What a folder's run found: records, records each way, and every (record, way,
/// differences) that differs.
struct Found {
    records: usize,
    called: usize,
    differing: Vec<(String, Way, Vec<Difference>)>,
}

/// Runs every record of one folder both ways.
fn check_folder(dir: &Path) -> Found {
    let mut m = Machine::blank();
    let mut found = Found {
        records: 0,
        called: 0,
        differing: Vec::new(),
    };
    for group in GROUPS {
        let path = dir.join(format!("{group}.jsonl"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "cannot read {} ({e}); the SingleStepTests vectors live in ../shared/z80/ \
                 or $SARGON_SHARED/z80/",
                path.display()
            )
        });
        for (index, line) in text.lines().enumerate() {
            let r: Record = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), index + 1));
            let place = format!("{} ({}:{})", r.name, path.display(), index + 1);
            for way in [Way::Stepped, Way::Called] {
                let Some((tstates, ports)) = run(&mut m, &r, way) else {
                    clean(&mut m, &r);
                    continue;
                };
                found.called += usize::from(way == Way::Called);
                let diff = differences(&m, &r, (tstates, &ports), way);
                if !diff.is_empty() && !KNOWN_DEVIATIONS.contains(&r.opcode()) {
                    found.differing.push((place.clone(), way, diff));
                }
                clean(&mut m, &r);
            }
            found.records += 1;
        }
    }
    found
}

/// "NAME, stepped: WZ is 0x1234, the record says 0x1235 (and 2 more fields: Q, T-states)".
fn first_difference((place, way, diff): &(String, Way, Vec<Difference>)) -> String {
    let (name, got, want) = &diff[0];
    let way = match way {
        Way::Stepped => "stepped",
        Way::Called => "in a call",
    };
    let mut text = format!("{place}, {way}: {name} is {got}, the record says {want}");
    if diff.len() > 1 {
        let rest: Vec<&str> = diff[1..].iter().map(|d| d.0.as_str()).collect();
        text += &format!(" (and {} more: {})", rest.len(), rest.join(", "));
    }
    text
}

#[test]
fn every_record_is_exact_in_every_field() {
    let root = shared::shared_dir().join("z80");
    for (folder, expected) in [("singlestep", 6_416), ("singlestep-16", 25_664)] {
        let found = check_folder(&root.join(folder));
        println!(
            "{folder}: {} records stepped, {} in a call, {} differ",
            found.records,
            found.called,
            found.differing.len()
        );
        assert_eq!(found.records, expected, "every record of {folder}");
        assert_eq!(
            found.records - found.called,
            3 * expected / 1604,
            "not run in a call: the HALT records (76, DD 76, FD 76) alone, refused before they run"
        );
        if let Some(first) = found.differing.first() {
            panic!(
                "{} of the {folder} records differ; the first: {}",
                found.differing.len(),
                first_difference(first)
            );
        }
    }
}

#[test]
fn a_difference_is_named_by_its_first_field() {
    let path = shared::shared_dir().join("z80/singlestep/cb.jsonl");
    let text = std::fs::read_to_string(&path).expect("the SingleStepTests vectors");
    let line = text
        .lines()
        .find(|l| l.contains("\"name\":\"CB 46 0000\""))
        .expect("BIT 0,(HL)'s first record");
    let mut r: Record = serde_json::from_str(line).unwrap();
    let mut m = Machine::blank();
    let (tstates, ports) = run(&mut m, &r, Way::Stepped).expect("it runs");
    assert_eq!(differences(&m, &r, (tstates, &ports), Way::Stepped), vec![]);
    r.fin.wz ^= 0x0800;
    r.fin.q ^= 1;
    let diff = differences(&m, &r, (tstates, &ports), Way::Stepped);
    let text = first_difference(&(r.name.clone(), Way::Stepped, diff));
    let (got, want) = (r.fin.wz ^ 0x0800, r.fin.wz);
    assert_eq!(
        text,
        format!(
            "CB 46 0000, stepped: WZ is {got:#06X}, the record says {want:#06X} (and 1 more: Q)"
        )
    );
}
