//! A search run as a whole program on the Jupiter III costs exactly what `think`'s call of
//! FNDMOV costs, and the move it reports through BESTM is the search's best move: the built-in
//! image's FNDMOV on recorded positions, set up by the search driver, called by a driver of
//! three instructions that returns to the monitor.

use sargon_z80::abi::chosen_uci;
use sargon_z80::abi::search::{NoSearchObserver, SearchDriver, SearchOptions, SearchRequest};
use sargon_z80::bench::{SEARCH_PROGRAM_AT, search_program};
use sargon_z80::engine::Setup;
use sargon_z80::jupiter::{End, Jupiter, Options, Pause};
use sargon_z80::machine::default_image;

fn whole_program_agrees(fen: &str, plymax: u8) {
    let setup = Setup::from_fen(fen).unwrap();
    let request = SearchRequest {
        board: setup.board,
        moveno: setup.moveno,
        plymax,
        r_register: 0,
    };
    let image = default_image();
    let think = SearchDriver::new(&image)
        .unwrap()
        .search(&request, SearchOptions::default(), &mut NoSearchObserver)
        .unwrap();
    let program = search_program(&image, &request, false).unwrap();
    let options = Options {
        entry: SEARCH_PROGRAM_AT,
        seed: 0,
    };
    let mut jupiter = Jupiter::new(&program, options).unwrap();
    let pause = jupiter.run(u64::MAX).unwrap();
    assert_eq!(
        pause,
        Pause::Ended(End::Monitor {
            block: SEARCH_PROGRAM_AT + 4
        })
    );
    let [search] = jupiter.searches().first() else {
        panic!("one search: {:?}", jupiter.searches());
    };
    assert_eq!(search.cost, think.cost, "{fen} PLYMAX {plymax}");
    assert_eq!(search.bestm, think.bestm);
    let best = think.best.unwrap().entry;
    assert_eq!(
        (search.from, search.to, search.flags),
        (best.from, best.to, best.flags)
    );
    assert_eq!(chosen_uci(search.from, search.to, search.flags).len(), 4);
    // The driver's CALL (17), the search, the RST 38H (11).
    assert_eq!(jupiter.clock().tstates, 17 + think.cost.tstates + 11);
}

#[test]
fn the_start_position_at_plymax_1_to_3() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2";
    for plymax in 1..=3 {
        whole_program_agrees(start, plymax);
    }
}

#[test]
fn kiwipete_at_plymax_2_and_an_endgame_at_plymax_3() {
    whole_program_agrees(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        2,
    );
    whole_program_agrees("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3);
}
