//! The routines' edges, called directly on the default image: INITBD's start position, an empty
//! move list, a full move list or ply table (MLOVF), PERFT's depth limits, and the image's
//! layout promises (symbols of ABI section 8, data outside CODE_START..CODE_END).

use sargon_z80::machine::{Machine, default_image};
use sargon_z80::position::Board;

fn machine() -> Machine {
    Machine::new(&default_image())
}

fn sym(machine: &Machine, name: &str) -> u16 {
    machine
        .symbols()
        .get(name)
        .unwrap_or_else(|| panic!("the default image lacks {name}"))
}

fn call(machine: &mut Machine, name: &str) {
    let addr = sym(machine, name);
    machine
        .call(addr)
        .unwrap_or_else(|e| panic!("{name} failed: {e}"));
}

fn bytes(machine: &Machine, name: &str, len: usize) -> Vec<u8> {
    let addr = usize::from(sym(machine, name));
    machine.memory()[addr..addr + len].to_vec()
}

#[test]
fn the_image_exports_every_symbol_and_keeps_data_outside_the_code() {
    let machine = machine();
    let code = sym(&machine, "CODE_START")..sym(&machine, "CODE_END");
    for name in [
        "BOARDA", "COLOR", "POSK", "POSQ", "CKFLG", "MLIST", "MLNXT", "MLPTRI", "MLPTRJ", "PLYIX",
        "MLEND", "MLLST", "STACK", "PDEPTH", "PCOUNT", "MLOVF",
    ] {
        assert!(
            !code.contains(&sym(&machine, name)),
            "{name} lies in the code"
        );
    }
    for name in ["GENMOV", "INCHK", "MOVE", "UNMOVE", "INITBD", "PERFT"] {
        assert!(
            code.contains(&sym(&machine, name)),
            "{name} lies outside the code"
        );
    }
    assert_eq!(sym(&machine, "BOARDA"), 0x0000);
    let room = (sym(&machine, "MLEND") - sym(&machine, "MLIST")) / 6 + 1;
    assert_eq!(room, 3072, "entries in the move list");
}

#[test]
fn initbd_sets_up_the_start_position() {
    let mut machine = machine();
    machine.write_bytes(0, &[0x55; 120]);
    call(&mut machine, "INITBD");
    let start = Board::startpos();
    assert_eq!(bytes(&machine, "BOARDA", 120), start.cells);
    assert_eq!(bytes(&machine, "POSK", 2), start.posk);
    assert_eq!(bytes(&machine, "POSQ", 3), [24, 94, 0xFF]);
    assert_eq!(bytes(&machine, "COLOR", 1), [0]);
    let plyix = sym(&machine, "PLYIX");
    assert_eq!(machine.peek16(sym(&machine, "MLPTRI")), plyix - 2);
    assert_eq!(
        machine.peek16(sym(&machine, "MLNXT")),
        sym(&machine, "MLIST")
    );
}

#[test]
fn genmov_with_no_move_clears_the_head_link_itself() {
    let mut machine = machine();
    let board = Board::empty();
    machine.write_bytes(sym(&machine, "BOARDA"), &board.cells);
    machine.write_bytes(sym(&machine, "POSK"), &[25, 95]);
    let plyix = sym(&machine, "PLYIX");
    machine.poke16(sym(&machine, "MLPTRI"), plyix - 2);
    machine.poke16(plyix + 2, 0xBEEF);
    call(&mut machine, "GENMOV");
    assert_eq!(machine.peek16(plyix + 2), 0, "head link");
    assert_eq!(machine.peek16(sym(&machine, "MLPTRI")), plyix + 2);
    assert_eq!(machine.peek16(sym(&machine, "MLLST")), plyix + 2);
    assert_eq!(
        machine.peek16(sym(&machine, "MLNXT")),
        sym(&machine, "MLIST")
    );
    assert_eq!(bytes(&machine, "MLOVF", 1), [0]);
}

#[test]
fn a_full_move_list_sets_mlovf_and_keeps_within_mlend() {
    let mut machine = machine();
    call(&mut machine, "INITBD");
    let mlend = sym(&machine, "MLEND");
    for free in [0u16, 10, 27, 40] {
        let start = mlend + 6 - free * 6;
        machine.poke16(sym(&machine, "MLNXT"), start);
        machine.poke16(sym(&machine, "MLPTRI"), sym(&machine, "PLYIX") - 2);
        machine.poke(sym(&machine, "MLOVF"), 0);
        call(&mut machine, "GENMOV");
        let next = machine.peek16(sym(&machine, "MLNXT"));
        assert!(
            next <= mlend + 6,
            "{free} free: MLNXT {next:#06X} past MLEND"
        );
        assert_ne!(bytes(&machine, "MLOVF", 1), [0], "{free} entries free");
    }
    machine.poke16(sym(&machine, "MLNXT"), mlend - 600);
    machine.poke16(sym(&machine, "MLPTRI"), sym(&machine, "PLYIX") - 2);
    machine.poke(sym(&machine, "MLOVF"), 0);
    call(&mut machine, "GENMOV");
    assert_eq!(bytes(&machine, "MLOVF", 1), [0], "room for the 20 moves");
}

#[test]
fn a_full_ply_table_sets_mlovf() {
    let mut machine = machine();
    call(&mut machine, "INITBD");
    let last = sym(&machine, "PLYIX") + 31 * 4 - 2;
    machine.poke16(sym(&machine, "MLPTRI"), last);
    call(&mut machine, "GENMOV");
    assert_eq!(bytes(&machine, "MLOVF", 1), [0], "the 32nd ply fits");
    assert_eq!(machine.peek16(sym(&machine, "MLPTRI")), last + 4);
    call(&mut machine, "GENMOV");
    assert_eq!(bytes(&machine, "MLOVF", 1), [1], "a 33rd ply does not");
    assert_eq!(machine.peek16(sym(&machine, "MLPTRI")), last + 4);
}

#[test]
fn perft_depth_0_counts_the_root_and_too_deep_is_refused() {
    let mut machine = machine();
    call(&mut machine, "INITBD");
    machine.poke(sym(&machine, "PDEPTH"), 0);
    call(&mut machine, "PERFT");
    assert_eq!(bytes(&machine, "PCOUNT", 4), [1, 0, 0, 0]);
    machine.poke(sym(&machine, "PDEPTH"), 32);
    call(&mut machine, "PERFT");
    assert_eq!(bytes(&machine, "MLOVF", 1), [2]);
    machine.poke(sym(&machine, "PDEPTH"), 2);
    call(&mut machine, "PERFT");
    assert_eq!(bytes(&machine, "PCOUNT", 4), [144, 1, 0, 0], "400 leaves");
    assert_eq!(bytes(&machine, "MLOVF", 1), [0]);
}
