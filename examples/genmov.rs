//! Load an image and call its GENMOV on a position: the entries it wrote and what they cost.
//!
//!     cargo run --release --example genmov
//!     cargo run --release --example genmov -- 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
//!     cargo run --release --example genmov -- FEN my.bin my.sym

use std::path::Path;

use sargon_z80::{Board, Driver, Image, default_image};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board = match args.first() {
        Some(fen) => Board::from_fen(fen)?,
        None => Board::startpos(),
    };
    let image = match (args.get(1), args.get(2)) {
        (Some(bin), Some(sym)) => Image::load(Path::new(bin), Path::new(sym), None)?,
        _ => default_image(),
    };

    let mut driver = Driver::new(&image)?;
    driver.set_root(&board);
    let mut entries = Vec::new();
    let generated = driver.genmov(&mut entries)?;
    println!(
        "GENMOV: {} entries, {} T-states, CKFLG {:02X}",
        entries.len(),
        generated.cost.tstates,
        generated.ckflg
    );
    for entry in &entries {
        // A hidden entry is the second half of castling or en passant (ABI section 3).
        let half = if entry.hidden { "  (second half)" } else { "" };
        println!(
            "{:04X}  {:<6} flags {:02X}{half}",
            entry.addr,
            entry.uci(),
            entry.flags
        );
    }
    Ok(())
}
