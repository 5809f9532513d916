//! Cross-check one position node by node: every GENMOV list, CKFLG, MOVE, INCHK and UNMOVE
//! against the native reference, down to a depth; a disagreement is shown with its path.
//!
//!     cargo run --release --example crosscheck_fen -- '8/8/8/3pP3/8/8/8/k6K w - d6 0 1' 3

use sargon_z80::{Board, Checker, Driver, Failure, default_image};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fen = args
        .first()
        .map_or("8/8/8/3pP3/8/8/8/k6K w - d6 0 1", String::as_str);
    let depth: u32 = args.get(1).map_or(Ok(3), |d| d.parse())?;
    let board = Board::from_fen(fen)?;

    let mut checker = Checker::new(Driver::new(&default_image())?);
    match checker.check(&board, depth, None) {
        Ok(count) => {
            let tally = checker.tally();
            println!(
                "agree: perft({depth}) = {count}; {} nodes, {} lists and {} moves compared, {} T-states",
                tally.nodes,
                tally.lists,
                tally.moves,
                checker.tstates()
            );
            Ok(())
        }
        Err(Failure::Mismatch(m)) => {
            println!("DIFFER at [{}] ({})", m.path.join(" "), m.node_fen);
            println!("  {}", m.kind.headline());
            Err("mismatch".into())
        }
        Err(Failure::Runaway(m)) => {
            println!(
                "the image ran away at [{}]: {}",
                m.path.join(" "),
                m.kind.headline()
            );
            Err("runaway".into())
        }
        Err(Failure::ListFull { needed, free, .. }) => {
            println!(
                "not compared: the list needs {needed} entries, the image has room for {free}"
            );
            Ok(())
        }
    }
}
