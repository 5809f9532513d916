//! The profiler: per-routine T-states, instruction mix and BOARDA access heatmaps.
//!
//! [`profile_call`] runs one routine under a [`Collector`] (the machine's observed call path;
//! its untraced path is untouched) and turns the tallies into a [`Profile`];
//! [`profile_routine`] does it for an ABI routine on a position, with the calls the harness
//! makes around it. [`profile_session`] profiles a whole program's session on the Jupiter III:
//! every T-state counted to a routine and to a [`Part`] of the program (search, evaluation,
//! board drawing, blinks, ...; [`PartMap`] says which routines start which part), and the
//! video memory's writes by cell ([`video_svg`] draws them).

mod collector;
mod heatmap;
mod hot;
mod mix;
mod parts;
mod png;
mod report;
mod routine;
mod session;
mod session_text;
mod svg;
mod video;

pub use crate::source::{disassemble_symbolic, disassemble_symbolic_in, image_memory, symbol_at};
pub use collector::{Collector, RoutineTally};
pub use heatmap::Heatmap;
pub use hot::{HotCode, HotData};
pub use mix::MixEntry;
pub use parts::{Part, PartError, PartMap, ROOTS};
pub use png::{PngError, svg_to_png};
pub use report::{DEFAULT_MHZ, Profile, RoutineLine, micros};
pub use routine::{ProfileError, profile_routine};
pub use session::{
    PartLine, Session, SessionProfile, SessionRoutine, TOP_ROUTINES, VideoWrites, profile_program,
    profile_session,
};
pub use session_text::sessions_text;
pub use svg::{Picture, heatmap_svg};
pub use video::video_svg;

use crate::machine::{Cost, Machine, MachineError};

/// Calls the routine at `addr` on `machine` as it stands, adding it to `collector`; returns the
/// machine's own cost of the call, which the collector's tallies for it equal.
pub fn observe_call(
    machine: &mut Machine,
    collector: &mut Collector,
    addr: u16,
) -> Result<Cost, MachineError> {
    collector.begin(addr);
    let cost = machine.call_observed(addr, collector)?;
    collector.end();
    Ok(cost)
}

/// Calls the routine at `addr` once and reports its profile, with the machine's own cost.
pub fn profile_call(
    machine: &mut Machine,
    addr: u16,
    name: &str,
    mhz: &[f64],
) -> Result<(Profile, Cost), MachineError> {
    let mut collector = Collector::new();
    let cost = observe_call(machine, &mut collector, addr)?;
    Ok((Profile::new(&collector, machine.image(), name, mhz), cost))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::{Image, SymbolTable};

    /// MAIN calls PEEK three times in a DJNZ loop, then writes b1; PEEK reads a1 and the border
    /// cell below it.
    pub(crate) fn small_machine() -> Machine {
        let mut bytes = vec![0u8; 0x178];
        let code: &[(u16, &[u8])] = &[
            (0x100, &[0x06, 0x03]),       // MAIN: LD B,3
            (0x102, &[0xCD, 0x0D, 0x01]), // LOOP: CALL PEEK
            (0x105, &[0x10, 0xFB]),       //       DJNZ LOOP
            (0x107, &[0x32, 0x16, 0x02]), //       LD (BOARDA+22),A
            (0x10A, &[0xC9]),             //       RET
            (0x10D, &[0x21, 0x15, 0x02]), // PEEK: LD HL,BOARDA+21
            (0x110, &[0x7E]),             //       LD A,(HL)
            (0x111, &[0x11, 0xF6, 0xFF]), //       LD DE,-10
            (0x114, &[0x19]),             //       ADD HL,DE
            (0x115, &[0xBE]),             //       CP (HL)
            (0x116, &[0xC9]),             //       RET
        ];
        for (addr, code) in code {
            let at = usize::from(addr - 0x100);
            bytes[at..at + code.len()].copy_from_slice(code);
        }
        let symbols = SymbolTable::parse(
            "MAIN EQU 0100H\nLOOP EQU 0102H\nPEEK EQU 010DH\nBOARDA EQU 0200H\n",
        )
        .unwrap();
        Machine::new(&Image::new(bytes, 0x100, symbols).unwrap())
    }

    #[test]
    fn repeated_calls_add_up() {
        let mut machine = small_machine();
        let mut collector = Collector::new();
        for _ in 0..2 {
            let cost = observe_call(&mut machine, &mut collector, 0x100).unwrap();
            assert_eq!(cost.tstates, 280);
        }
        assert_eq!((collector.tstates(), collector.depth()), (560, 0));
        let calls: Vec<_> = collector
            .routines()
            .iter()
            .map(|r| (r.addr, r.calls, r.inclusive, r.min, r.max))
            .collect();
        assert_eq!(calls, [(0x100, 2, 560, 280, 280), (0x10D, 6, 330, 55, 55)]);
    }

    /// MAIN's profile at 2 and 4 MHz, with the machine's own cost of the call.
    fn small_profile() -> (Profile, Cost) {
        let mut machine = small_machine();
        profile_call(&mut machine, 0x100, "MAIN", &[2.0, 4.0]).unwrap()
    }

    #[test]
    fn profile_of_a_small_image_is_exact() {
        let (p, cost) = small_profile();
        assert_eq!((cost.tstates, cost.instructions), (280, 27));
        assert_eq!((p.tstates, p.instructions), (280, 27));
        assert_eq!((p.reads, p.writes), (6 + 8, 6 + 1));
        assert_eq!(p.micros, [140.0, 70.0]);

        let lines: Vec<_> = p
            .routines
            .iter()
            .map(|r| {
                (
                    r.name.as_str(),
                    r.calls,
                    r.total,
                    r.min,
                    r.max,
                    r.self_tstates,
                    r.instructions,
                )
            })
            .collect();
        assert_eq!(
            lines,
            [
                ("MAIN", 1, 280, 280, 280, 115, 27),
                ("PEEK", 3, 165, 55, 55, 165, 18)
            ]
        );
        assert_eq!(p.routines[1].mean, 55.0);
        assert_eq!(p.routines[1].self_instructions, 18);
        assert_eq!(p.routines[1].micros, [82.5, 41.25]);
    }

    #[test]
    fn instruction_mix_and_heatmap_of_a_small_image() {
        let (p, _) = small_profile();
        let mix: Vec<_> = p
            .mix
            .iter()
            .map(|m| (m.mnemonic, m.count, m.tstates))
            .collect();
        assert_eq!(
            mix,
            [
                ("LD", 11, 101),
                ("CALL", 3, 51),
                ("RET", 4, 40),
                ("DJNZ", 3, 34),
                ("ADD", 3, 33),
                ("CP", 3, 21)
            ]
        );

        let map = p.heatmap.as_ref().unwrap();
        assert_eq!((map.reads[21], map.reads[11], map.writes[22]), (3, 3, 1));
        assert_eq!((map.border_reads(), map.square_reads()), (3, 3));
    }

    #[test]
    fn hottest_code_and_data_of_a_small_image() {
        let (p, _) = small_profile();
        let hot: Vec<_> = p
            .hot_code
            .iter()
            .take(4)
            .map(|h| (h.addr, h.symbol.as_str(), h.mnemonic, h.count, h.tstates))
            .collect();
        assert_eq!(
            hot,
            [
                (0x102, "LOOP", "CALL", 3, 51),
                (0x105, "LOOP+3", "DJNZ", 3, 34),
                (0x114, "PEEK+7", "ADD", 3, 33),
                (0x10D, "PEEK", "LD", 3, 30)
            ]
        );
        let data: Vec<_> = p
            .hot_data
            .iter()
            .take(3)
            .map(|h| (h.symbol.as_str(), h.reads, h.writes))
            .collect();
        assert_eq!(
            data,
            [("stack", 3, 3), ("stack", 3, 3), ("BOARDA+11", 3, 0)]
        );
    }
}
