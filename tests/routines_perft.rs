//! Perft three ways on the same positions: the native reference in sargon rules, perft driven
//! from Rust over the image's GENMOV/MOVE/INCHK/UNMOVE, and the image's own PERFT routine. The
//! CPW positions to depth 4, the perft suite to depth 3.

mod routines_support;
mod shared;

use routines_support::shared_positions;
use sargon_z80::abi::Driver;
use sargon_z80::abi::z80_perft;
use sargon_z80::machine::{Machine, default_image};
use sargon_z80::position::Board;
use sargon_z80::reference::{Rules, perft};

/// The image's PERFT routine on `board` to `depth`: (count, T-states); the board it leaves
/// behind must be the one native perft leaves (identical bytes, the POSQ drift included).
fn routine_perft(machine: &mut Machine, board: &Board, depth: u32, after: &Board) -> (u64, u64) {
    let symbols = machine.symbols().clone();
    let sym = |name: &str| {
        symbols
            .get(name)
            .unwrap_or_else(|| panic!("the default image lacks {name}"))
    };
    machine.write_bytes(sym("BOARDA"), &board.cells);
    machine.write_bytes(sym("POSK"), &board.posk);
    machine.write_bytes(sym("POSQ"), &board.posq);
    machine.poke(sym("COLOR"), board.color);
    machine.write_bytes(sym("NOPREV"), &board.prev.to_bytes(0));
    machine.poke16(sym("MLPTRJ"), sym("NOPREV"));
    machine.poke(sym("PDEPTH"), depth as u8);
    let cost = machine
        .call(sym("PERFT"))
        .unwrap_or_else(|e| panic!("PERFT failed: {e}"));
    assert_eq!(machine.peek(sym("MLOVF")), 0, "PERFT set MLOVF");
    let pcount = sym("PCOUNT");
    let count = u32::from_le_bytes([0, 1, 2, 3].map(|i| machine.peek(pcount + i)));
    let memory = machine.memory();
    let at = |addr: u16, len: usize| &memory[usize::from(addr)..usize::from(addr) + len];
    assert_eq!(
        at(sym("BOARDA"), 120),
        after.cells,
        "PERFT left BOARDA changed"
    );
    assert_eq!(at(sym("POSK"), 2), after.posk, "PERFT left POSK changed");
    assert_eq!(at(sym("POSQ"), 2), after.posq, "PERFT left POSQ changed");
    (u64::from(count), cost.tstates)
}

/// Native, driven and routine perft of `board`; all three must agree. Returns the count.
fn perft_three_ways(label: &str, board: &Board, depth: u32) -> u64 {
    let image = default_image();
    let mut after = *board;
    let native = perft(&mut after, depth, Rules::Sargon);
    let mut driver = Driver::new(&image).expect("the default image has every ABI symbol");
    let driven = z80_perft(&mut driver, board, depth, None)
        .unwrap_or_else(|e| panic!("{label}: driven perft failed: {e}"));
    let mut machine = Machine::new(&image);
    machine.set_budget(u64::MAX);
    let (routine, tstates) = routine_perft(&mut machine, board, depth, &after);
    println!(
        "{label} depth {depth}: native {native}, driven {driven} ({} T in the routine calls), \
         PERFT {routine} ({tstates} T)",
        driver.tstates()
    );
    assert_eq!(driven, native, "{label}: perft driven over the routines");
    assert_eq!(routine, native, "{label}: the PERFT routine");
    native
}

/// The CPW position on line `index` (0-based, comments skipped) of ../shared/perft/cpw.epd.
fn cpw(index: usize, depth: u32, expected: u64) {
    let positions = shared_positions("cpw.epd");
    let position = &positions[index];
    let label = format!("{} ({})", position.origin.label(), position.fen);
    assert_eq!(perft_three_ways(&label, &position.board, depth), expected);
}

#[test]
fn cpw_start_position_depth_4() {
    cpw(0, 4, 197_281);
}

#[test]
fn cpw_kiwipete_depth_4() {
    cpw(1, 4, 4_074_224);
}

#[test]
fn cpw_position_3_depth_4() {
    cpw(2, 4, 43_238);
}

#[test]
fn cpw_position_4_and_its_mirror_depth_4() {
    cpw(3, 4, 320_802);
    cpw(4, 4, 320_802);
}

#[test]
fn cpw_position_5_depth_4() {
    cpw(5, 4, 1_806_790);
}

#[test]
fn cpw_position_6_depth_4() {
    cpw(6, 4, 3_894_594);
}

#[test]
fn perft_suite_depth_3() {
    let positions = shared_positions("perftsuite.epd");
    let total: u64 = positions
        .iter()
        .map(|p| perft_three_ways(&p.origin.label(), &p.board, 3))
        .sum();
    assert_eq!(total, 455_507);
}
