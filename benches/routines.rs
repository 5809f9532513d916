//! T-states of the default image's board routines beside the 1978 code (ABI section 9), with
//! the T-states per routine over perft(4), the image's own PERFT routine and the image size.
//! Exact Zilog T-states, so one run is the measurement: `cargo bench --bench routines`.

use sargon_z80::abi::z80_perft;
use sargon_z80::abi::{Driver, Routine};
use sargon_z80::bench::{BASELINE_1978, BASELINE_PERFT_DEPTH, routine_costs};
use sargon_z80::machine::{Image, default_image};
use sargon_z80::position::Board;

fn main() {
    let image = default_image();
    if let Err(e) = report(&image) {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn report(image: &Image) -> Result<(), Box<dyn std::error::Error>> {
    let depth = BASELINE_PERFT_DEPTH;
    let costs = routine_costs(image, depth)?;
    let b = BASELINE_1978;
    let rows = [
        (
            "GENMOV, start position",
            costs.genmov_start.tstates as f64,
            b.genmov_start as f64,
        ),
        (
            "GENMOV, Kiwipete",
            costs.genmov_kiwipete.tstates as f64,
            b.genmov_kiwipete as f64,
        ),
        ("INCHK, mean over perft(4)", costs.inchk_mean, b.inchk_mean),
        ("MOVE, mean over perft(4)", costs.move_mean, b.move_mean),
        (
            "UNMOVE, mean over perft(4)",
            costs.unmove_mean,
            b.unmove_mean,
        ),
        (
            "perft(4) from the start, all calls",
            costs.perft_tstates as f64,
            b.perft4_start as f64,
        ),
    ];
    println!(
        "{:<36} {:>15} {:>15} {:>7}",
        "T-states", "ours", "1978", "1978/ours"
    );
    for (name, ours, baseline) in rows {
        println!(
            "{name:<36} {ours:>15.1} {baseline:>15.1} {:>8.2}x",
            baseline / ours
        );
    }

    let mut driver = Driver::new(image)?;
    let leaves = z80_perft(&mut driver, &Board::startpos(), depth, None)?;
    println!("perft({depth}) = {leaves} leaves; per routine:");
    for routine in [
        Routine::Genmov,
        Routine::Move,
        Routine::Inchk,
        Routine::Unmove,
    ] {
        let (calls, tstates) = (
            driver.routine_calls(routine),
            driver.routine_tstates(routine),
        );
        println!(
            "  {:<7} {calls:>8} calls {tstates:>12} T  mean {:>9.1}",
            routine.name(),
            tstates as f64 / calls.max(1) as f64
        );
    }
    match costs.perft_routine {
        Some(t) => println!("PERFT routine, depth {depth} from the start, one call: {t} T"),
        None => println!("no PERFT routine in this image"),
    }
    println!(
        "image: {} bytes, code and tables {} bytes",
        costs.image_bytes,
        costs.code_bytes.unwrap_or(0)
    );
    Ok(())
}
