//! Perft three ways: the native reference, the image driven from Rust over GENMOV, MOVE, INCHK
//! and UNMOVE, and the T-states those calls take on a real Z80.
//!
//!     cargo run --release --example perft -- 3
//!     cargo run --release --example perft -- 2 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

use sargon_z80::{Board, Driver, Routine, Rules, default_image, perft, z80_perft};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().map_or(Ok(3), |d| d.parse())?;
    let board = match args.get(1) {
        Some(fen) => Board::from_fen(fen)?,
        None => Board::startpos(),
    };

    let native = perft(&mut board.clone(), depth, Rules::Sargon);
    let mut driver = Driver::new(&default_image())?;
    let emulated = z80_perft(&mut driver, &board, depth, None)?;
    println!("perft({depth}): native {native}, Z80 {emulated}");
    for routine in [
        Routine::Genmov,
        Routine::Move,
        Routine::Inchk,
        Routine::Unmove,
    ] {
        println!(
            "  {:<6} {:>9} calls {:>13} T-states",
            routine.name(),
            driver.routine_calls(routine),
            driver.routine_tstates(routine)
        );
    }
    let seconds = driver.tstates() as f64 / 4_000_000.0;
    println!("  {seconds:.2} s on a 4 MHz Z80");
    if native != emulated {
        return Err("the image and the reference disagree".into());
    }
    Ok(())
}
