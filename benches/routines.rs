//! T-states of the default image's board routines beside the 1978 code (ABI section 9), and
//! the image size. Exact Zilog T-states, so one run is the measurement: `cargo bench --bench
//! routines`.

use sargon_z80::crosscheck::costs::{PERFT_DEPTH, routine_costs};
use sargon_z80::machine::default_image;

fn main() {
    let costs = match routine_costs(&default_image()) {
        Ok(costs) => costs,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    println!(
        "{:<36} {:>15} {:>15} {:>7}",
        "measure (T-states)", "ours", "1978", "ratio"
    );
    for (name, ours, baseline) in costs.rows() {
        println!(
            "{name:<36} {ours:>15.1} {baseline:>15.1} {:>6.2}x",
            baseline / ours
        );
    }
    println!(
        "perft({PERFT_DEPTH}) leaves {}; calls: GENMOV {}, MOVE {}, INCHK {}, UNMOVE {}",
        costs.perft_nodes,
        costs.genmov.calls,
        costs.make.calls,
        costs.inchk.calls,
        costs.unmake.calls
    );
    println!(
        "perft({PERFT_DEPTH}) T-states by routine: GENMOV {} (mean {:.1}), MOVE {}, INCHK {}, UNMOVE {}",
        costs.genmov.tstates,
        costs.genmov.mean(),
        costs.make.tstates,
        costs.inchk.tstates,
        costs.unmake.tstates
    );
    if let Some(t) = costs.perft_routine {
        println!("PERFT routine, depth {PERFT_DEPTH} from the start, one call: {t} T");
    }
    println!("image: {} bytes", costs.image_bytes);
}
