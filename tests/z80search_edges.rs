//! The built-in image's FNDMOV at the edges SARGON_SEARCH.md describes: a root without any
//! move, a checkmated and a stalemated root, the mate exit at PLYMAX 1 (PLYMAX 255 after),
//! BOOK for black (the opponent's first move) and for white (bit 0 of R, and an even number of
//! opcode fetches on the path to LD A,R), and a search that outgrows the ply table (MLOVF set,
//! BESTM 0, the position put back).

mod z80search_support;

use sargon_z80::machine::Machine;
use z80search_support::{Outcome, Rig, Setup, uci};

/// White king a1 boxed in by its own pawns on a2..a8 and b1..b8 (no pawn can move or take),
/// black king h8: white has no pseudo-legal move at all.
fn boxed_in() -> Setup {
    let mut boarda = [0xFFu8; 120];
    for rank in 0..8 {
        for file in 0..8 {
            boarda[21 + file + 10 * rank] = 0;
        }
    }
    boarda[21] = 0x0E; // Ka1, moved
    for rank in 1..8 {
        boarda[21 + 10 * rank] = 0x09; // a2..a8: white pawns, moved
    }
    for rank in 0..8 {
        boarda[22 + 10 * rank] = 0x09; // b1..b8
    }
    boarda[98] = 0x8E; // kh8
    Setup {
        boarda,
        posk: [21, 98],
        posq: [0, 0],
        kolor: 0x00,
        moveno: 30,
        plymax: 1,
        prev: [0, 0, 0],
    }
}

fn search(rig: &Rig, setup: &Setup) -> Outcome {
    rig.search(setup, true)
        .unwrap_or_else(|e| panic!("FNDMOV failed: {e}"))
}

#[test]
fn a_root_without_any_move_is_scored_as_stalemate_on_the_head_word() {
    let rig = Rig::new();
    for plymax in 1..=3 {
        let setup = Setup {
            plymax,
            ..boxed_in()
        };
        let out = search(&rig, &setup);
        assert_eq!(out.score, 0x80, "PLYMAX {plymax}: stalemate");
        assert_eq!(out.bestm, rig.syms.plyix + 2, "BESTM = the ply-1 head word");
        assert_eq!(out.points, 1, "only the root is evaluated");
        assert_eq!(out.plymax_after, plymax);
        assert_eq!(out.mlovf, 0);
    }
}

#[test]
fn a_checkmated_root_scores_01_with_pmate_and_the_last_illegal_entry() {
    let rig = Rig::new();
    // After 1. f3 e5 2. g4 Qh4#: white is mated, every ply-1 move is illegal.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    for plymax in 1..=3 {
        let out = search(&rig, &Setup::from_fen(fen, 3, plymax));
        assert_eq!(out.score, 0x01, "PLYMAX {plymax}: mated");
        assert_eq!(out.pmate, 3, "PMATE = MOVENO");
        assert_eq!(out.points, 1, "illegal moves are never evaluated");
        assert_eq!(
            out.plymax_after, plymax,
            "no mate exit for the side that is mated"
        );
        let last = *out.ply1.last().expect("a ply-1 list");
        assert_eq!(
            out.best,
            [last[0], last[1], last[2]],
            "BESTM = the last entry"
        );
        assert_eq!(uci(out.best[0], out.best[1], out.best[2]), "g4g5");
    }
}

#[test]
fn a_stalemated_root_scores_80() {
    let rig = Rig::new();
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 40";
    for plymax in 1..=3 {
        let out = search(&rig, &Setup::from_fen(fen, 40, plymax));
        assert_eq!(out.score, 0x80, "PLYMAX {plymax}: stalemate");
        assert_eq!(out.points, 1);
        assert_eq!(out.plymax_after, plymax);
        assert_eq!(
            uci(out.best[0], out.best[1], out.best[2]),
            "h8g8",
            "the last entry"
        );
    }
}

#[test]
fn a_mate_in_one_at_plymax_1_exits_with_plymax_255() {
    let rig = Rig::new();
    // White: Ra8 mates. Black, to move: Ra1 mates (PMATE is the mate's move number, then
    // lowered by 1 for a black KOLOR: the same number either way).
    for (fen, best) in [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 20", "a1a8"),
        ("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 20", "a8a1"),
    ] {
        let out = search(&rig, &Setup::from_fen(fen, 20, 1));
        assert_eq!(uci(out.best[0], out.best[1], out.best[2]), best, "{fen}");
        assert_eq!(out.score, 0xFF, "{fen}: KOLOR mates");
        assert_eq!(out.plymax_after, 255, "{fen}: PLYMAX 1 - 2");
        assert_eq!(out.pmate, 20, "{fen}");
    }
}

#[test]
fn a_search_deeper_than_the_ply_table_stops_with_mlovf_and_the_position_put_back() {
    let rig = Rig::new();
    // PLYMAX 255, what a mate exit at PLYMAX 1 leaves: the walk never reaches a leaf.
    let setup = Setup::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 50", 50, 255);
    let mut m = rig.machine(&setup, 0);
    let out = rig
        .run(&mut m, false)
        .unwrap_or_else(|e| panic!("FNDMOV failed: {e}"));
    let s = rig.syms;
    assert_ne!(out.mlovf, 0, "MLOVF set");
    assert_eq!(out.bestm, 0, "no best move");
    assert_eq!(
        &m.memory()[usize::from(s.boarda)..usize::from(s.boarda) + 120],
        &setup.boarda[..]
    );
    assert_eq!([m.peek(s.posk), m.peek(s.posk + 1)], setup.posk);
    assert_eq!(m.peek(s.color), setup.kolor, "COLOR = KOLOR");
    assert_eq!(m.peek(s.moveno), setup.moveno, "MOVENO as poked");
    assert!(
        out.points > 31,
        "{} evaluations before the table ran out",
        out.points
    );
    println!(
        "stopped after {} evaluations, {} T-states",
        out.points, out.cost.tstates
    );
}

/// BESTM's from, to, flags after BOOK, with nothing else touched.
fn book(rig: &Rig, kolor: u8, prev_from: u8, r: u8) -> [u8; 3] {
    let setup = Setup {
        kolor,
        moveno: 1,
        prev: [prev_from, prev_from.wrapping_add(20), 0x10],
        ..boxed_in()
    };
    let s = rig.syms;
    let mut m = rig.machine(&setup, r);
    m.poke(s.nply, 0x5A);
    m.poke(s.score + 1, 0x77);
    let out = rig.run(&mut m, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.points, 0, "BOOK evaluates nothing");
    assert_eq!(out.score, 0, "SCORE+1 = 0 after BOOK");
    assert_eq!(m.peek(s.nply), 0x5A, "NPLY untouched");
    let bmoves = rig.image.symbols.get("BMOVES").expect("BMOVES");
    assert!(
        (bmoves - 2..=bmoves + 7).contains(&out.bestm),
        "BESTM {:#06X} points at a record - 2",
        out.bestm
    );
    println!(
        "BOOK {kolor:#04X} after {prev_from}, R {r:#04X}: {} T-states",
        out.cost.tstates
    );
    // The 1978 BOOK: 155 or 192 T-states for white, 290 to 339 for black.
    let limit = if kolor == 0 { 155 } else { 290 };
    assert!(
        out.cost.tstates <= limit,
        "BOOK costs {} T-states",
        out.cost.tstates
    );
    out.best
}

#[test]
fn book_for_black_answers_the_first_move() {
    let rig = Rig::new();
    let e7e5 = [85, 65, 0x10];
    let d7d5 = [84, 64, 0x10];
    // SARGON_SEARCH.md 9: b1, g1, d2 and squares above e2 give d7d5; e2 and the rest e7e5.
    for (from, want) in [
        (22, d7d5),
        (27, d7d5),
        (34, d7d5),
        (36, d7d5),
        (37, d7d5),
        (38, d7d5),
        (35, e7e5),
        (31, e7e5),
        (32, e7e5),
        (33, e7e5),
        (21, e7e5),
        (23, e7e5),
        (0, e7e5),
    ] {
        assert_eq!(
            book(&rig, 0x80, from, 0),
            want,
            "white's first move from {from}"
        );
    }
}

#[test]
fn book_for_white_follows_bit_0_of_r() {
    let rig = Rig::new();
    for (r, want) in [
        (0x00, [35, 55, 0x10]),
        (0x01, [34, 54, 0x10]),
        (0x7E, [35, 55, 0x10]),
        (0x81, [34, 54, 0x10]),
        (0x80, [35, 55, 0x10]),
    ] {
        assert_eq!(book(&rig, 0x00, 0, r), want, "R = {r:#04X}");
    }
}

/// Opcode fetches (M1 cycles) of an instruction: two for a CB, ED, DD or FD prefix.
fn opcode_fetches(first_byte: u8) -> u32 {
    if matches!(first_byte, 0xCB | 0xED | 0xDD | 0xFD) {
        2
    } else {
        1
    }
}

#[test]
fn the_path_from_fndmov_to_ld_a_r_fetches_an_even_number_of_opcodes() {
    // R counts opcode fetches, so R read by LD A,R has the bit 0 it had on entry to FNDMOV
    // exactly when an even number of fetches come first (SARGON_SEARCH.md 9).
    let rig = Rig::new();
    let setup = Setup {
        moveno: 1,
        ..boxed_in()
    };
    let mut m: Machine = rig.machine(&setup, 0);
    m.begin_call(rig.syms.fndmov);
    let mut fetches = 0;
    let mut steps = 0;
    loop {
        let pc = m.pc();
        if m.peek(pc) == 0xED && m.peek(pc + 1) == 0x5F {
            break;
        }
        fetches += opcode_fetches(m.peek(pc));
        m.step().unwrap_or_else(|e| panic!("{e}"));
        steps += 1;
        assert!(steps < 50, "no LD A,R within 50 instructions of FNDMOV");
    }
    assert_eq!(fetches % 2, 0, "{fetches} opcode fetches before LD A,R");
    assert_eq!(
        (steps, fetches),
        (6, 6),
        "instructions and fetches on the path"
    );
}

#[test]
fn the_search_symbols_are_exported_and_the_quirk_neighbours_lie_back_to_back() {
    let rig = Rig::new();
    let sym = |name: &str| {
        rig.image
            .symbols
            .get(name)
            .unwrap_or_else(|| panic!("the built-in image lacks {name}"))
    };
    let code = sym("CODE_START")..sym("CODE_END");
    for name in [
        "KOLOR", "COLOR", "MOVENO", "PLYMAX", "NPLY", "VALM", "BESTM", "SCORE", "PMATE", "MLPTRJ",
        "MLPTRI", "MLNXT", "MLIST", "MLEND", "PLYIX", "STACK", "BC0", "MV0", "BRDC", "MTRL",
        "PTSL", "PTSW1", "PTSW2", "PTSCK", "WACT", "BACT", "PLISTA", "PREVMV", "MLOVF",
    ] {
        assert!(!code.contains(&sym(name)), "{name} lies in the code");
    }
    for name in [
        "FNDMOV", "POINTS", "PINFND", "SORTM", "EVAL", "ASCEND", "BOOK", "BMOVES",
    ] {
        assert!(code.contains(&sym(name)), "{name} lies outside the code");
    }
    // SARGON_EVAL.md 3: WACT (7), BACT (7), PLISTA (20), POSK (2), POSQ (2), then 0FFH.
    assert_eq!(sym("BACT"), sym("WACT") + 7);
    assert_eq!(sym("PLISTA"), sym("BACT") + 7);
    assert_eq!(sym("POSK"), sym("PLISTA") + 20);
    assert_eq!(sym("POSQ"), sym("POSK") + 2);
    assert_eq!(rig.image.bytes[usize::from(sym("POSQ") + 2)], 0xFF);
    // The previous-move entry's place: above the list and the stack.
    let prev = sym("PREVMV");
    assert!(prev >= sym("STACK") && prev > sym("MLEND") + 5);
    println!(
        "image {} bytes, code {:#06X}..{:#06X}, PREVMV {prev:#06X}",
        rig.image.bytes.len(),
        code.start,
        code.end
    );
}
