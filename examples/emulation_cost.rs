//! One emulation workload run a fixed number of times on one engine, for counting host
//! instructions with `valgrind --tool=callgrind` (repeatable where wall time is not).
//!
//! `cargo run --release --example emulation_cost -- ENGINE WORKLOAD CALLS` with ENGINE one of
//! `bare`, `off`, `on`, WORKLOAD `mixed`, `genmov` or `search` (the start position's search at
//! PLYMAX 2, from a fresh copy of the prepared memory each call). Subtract a run with 0 calls
//! (the set-up) and divide by the instructions printed to get host instructions per emulated
//! instruction; for `search`, whose calls set up memory each time, count only the runs
//! themselves: `valgrind --tool=callgrind --toggle-collect='*BareIz80::call*'
//! --toggle-collect='*Machine::call*' ...`.

use sargon_z80::bench::{
    BareIz80, GenmovWorkload, KIWIPETE_FEN, MIXED_LOOP_ORG, START_1978, SearchWorkload,
    mixed_loop_machine,
};
use sargon_z80::machine::default_image;
use sargon_z80::position::Board;

const USAGE: &str = "usage: emulation_cost bare|off|on mixed|genmov|search CALLS";

/// The usage line, and exit status 2.
fn usage() -> ! {
    eprintln!("{USAGE}");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [engine, workload, calls] = args.as_slice() else {
        usage()
    };
    let Ok(calls) = calls.parse::<u64>() else {
        usage()
    };
    if !["bare", "off", "on"].contains(&engine.as_str()) {
        usage();
    }
    let tracing = engine == "on";
    let instructions: u64 = match workload.as_str() {
        "mixed" => {
            let mut machine = mixed_loop_machine();
            machine.call(MIXED_LOOP_ORG).expect("the loop returns");
            machine.set_tracing(tracing);
            let mut bare = BareIz80::from_machine(&machine);
            (0..calls)
                .map(|_| match engine.as_str() {
                    "bare" => bare.call(MIXED_LOOP_ORG),
                    _ => machine.call(MIXED_LOOP_ORG).expect("returns").instructions,
                })
                .sum()
        }
        "genmov" => {
            let board = Board::from_fen(KIWIPETE_FEN).expect("a valid FEN");
            let mut w = GenmovWorkload::new(&default_image(), &board).expect("GENMOV repeats");
            w.machine_mut().set_tracing(tracing);
            (0..calls)
                .map(|_| match engine.as_str() {
                    "bare" => w.call_bare(),
                    _ => w.call().instructions,
                })
                .sum()
        }
        "search" => {
            let request = START_1978[1].request();
            let mut w = SearchWorkload::new(&default_image(), &request).expect("FNDMOV repeats");
            (0..calls)
                .map(|_| {
                    match engine.as_str() {
                        "bare" => w.call_bare(),
                        _ => w.call(tracing),
                    };
                    w.cost().instructions
                })
                .sum()
        }
        _ => usage(),
    };
    println!("{engine} {workload}: {instructions} emulated instructions");
}
