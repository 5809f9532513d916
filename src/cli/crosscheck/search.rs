//! `crosscheck --search`: the image's FNDMOV against the native engine at PLYMAX 1..N on the
//! listed and the random positions, evaluation by evaluation. (The default run's search
//! comparison, to PLYMAX 2 on the built-in positions, is a part of the run itself: see
//! `sargon_z80::crosscheck::run_span`.)

use sargon_z80::abi::AbiError;
use sargon_z80::abi::search::SearchSymbols;
use sargon_z80::crosscheck::Config;
use sargon_z80::crosscheck::search::{
    SearchMismatch, SearchReport, SearchRunConfig, random_setup, run_searches,
};
use sargon_z80::crosscheck::suite::{Origin, RandomScratch};
use sargon_z80::engine::Setup;
use sargon_z80::machine::Image;
use sargon_z80::text::{duration, grouped, z80_time};

use super::super::output::{OutputError, outln};
use super::command::{self, RunWords, resume_line};
use super::progress::Progress;
use super::show::search_line;
use super::{CrosscheckArgs, interrupt};

/// The random positions of a `--search` run that names none.
pub const DEFAULT_SEARCH_RANDOM: u64 = 100;
/// The most positions one `--search` run holds (each is set up before the run; a million
/// searches at PLYMAX 2 already take hours).
pub const MAX_SEARCH_POSITIONS: u64 = 1_000_000;

/// One searched position: its setup and where it came from (for the replay).
pub struct Searched {
    setup: Setup,
    origin: Origin,
    fen: String,
}

/// The positions of the run, listed then random, as setups.
pub fn positions(config: &Config) -> anyhow::Result<Vec<Searched>> {
    if config.total() > MAX_SEARCH_POSITIONS {
        anyhow::bail!(
            "--search takes at most {} positions in one run, and this one has {} (run several with different seeds)",
            grouped(MAX_SEARCH_POSITIONS),
            grouped(config.total())
        );
    }
    let mut all = Vec::with_capacity(config.total() as usize);
    for p in config.positions.iter().chain(&config.search_positions) {
        all.push(Searched {
            setup: Setup::from_fen(&p.fen)?,
            origin: p.origin.clone(),
            fen: p.fen.clone(),
        });
    }
    let mut scratch = RandomScratch::default();
    let random = config.random;
    for index in random.first..random.first + random.count {
        let (setup, generator) =
            random_setup(random.seed, index, &config.random_starts, &mut scratch);
        all.push(Searched {
            setup,
            origin: Origin::Random {
                seed: random.seed,
                index,
                generator,
            },
            fen: setup.board.to_fen(),
        });
    }
    Ok(all)
}

/// Runs the comparison on `positions`; prints a header line first (not with `--json`).
pub fn compare(
    image: &Image,
    positions: &[Searched],
    args: &CrosscheckArgs,
    threads: usize,
) -> anyhow::Result<SearchReport> {
    let setups: Vec<Setup> = positions.iter().map(|p| p.setup).collect();
    let config = SearchRunConfig {
        max_ply: args.ply,
        threads,
        keep_going: args.keep_going,
        compare_pv: true,
    };
    if !args.json {
        outln!(
            "search: {} position(s) at PLYMAX 1..={}; every evaluation, best move, score and PV",
            grouped(setups.len() as u64),
            args.ply
        )?;
    }
    interrupt::watch(interrupt::Answer::Stop);
    let progress = Progress::new(setups.len() as u64);
    let stop = Some(interrupt::stop_flag());
    let report = run_searches(image, &setups, &config, stop, &|done, _| {
        progress.update(done)
    })?;
    progress.finish();
    Ok(report)
}

/// [`compare`] on the positions from `from` on; the report counts positions from the start.
pub fn compare_from(
    image: &Image,
    positions: &[Searched],
    from: usize,
    args: &CrosscheckArgs,
    threads: usize,
) -> anyhow::Result<SearchReport> {
    let mut report = compare(image, &positions[from..], args, threads)?;
    for found in &mut report.failures {
        found.position += from;
    }
    for skip in &mut report.skipped {
        skip.position += from;
    }
    report.reached += from;
    report.positions = positions.len();
    Ok(report)
}

/// The command that goes on with an interrupted `--search` run from the first position it did
/// not reach: the same positions (the seed made explicit), the same image.
pub fn resume(args: &CrosscheckArgs, config: &Config, reached: usize) -> String {
    let head = [
        "--search".to_string(),
        "--ply".to_string(),
        args.ply.to_string(),
    ];
    let options: &[String] = if args.keep_going {
        &["--keep-going".to_string()]
    } else {
        &[]
    };
    let run = RunWords {
        random: config.random.count,
        seed: config.random.seed,
    };
    resume_line(&head, args, run, options, reached as u64)
}

/// True when the image follows the search ABI; otherwise the missing symbols, for a note.
pub fn supported(image: &Image) -> Result<(), AbiError> {
    SearchSymbols::resolve(image).map(|_| ())
}

/// The command that replays one search mismatch alone.
pub fn replay(image_words: &[String], found: &SearchMismatch, positions: &[Searched]) -> String {
    let searched = &positions[found.position];
    command::search_replay(image_words, found.plymax, &searched.origin, &searched.fen)
}

/// The error of a search on which the image ran away, with the command that replays it.
pub fn ran_away(found: &SearchMismatch, positions: &[Searched], image_words: &[String]) -> String {
    format!(
        "the image ran away on the search of position {} ({}) at PLYMAX {}: {}\nreplay: {}",
        found.position,
        label(&positions[found.position]),
        found.plymax,
        found.failure,
        replay(image_words, found, positions)
    )
}

/// Where a searched position came from, for a failure line.
fn label(searched: &Searched) -> String {
    match &searched.origin {
        Origin::Random { index, .. } => format!("random #{index} {}", searched.fen),
        origin => format!("{} {}", origin.label(), searched.fen),
    }
}

/// The report as text: every difference with its replay, the skipped searches, the summary.
pub fn show(
    report: &SearchReport,
    positions: &[Searched],
    image_words: &[String],
) -> Result<(), OutputError> {
    for found in &report.failures {
        let place = label(&positions[found.position]);
        outln!(
            "{}\n  replay: {}",
            search_line(
                "SEARCH MISMATCH",
                found.position,
                &place,
                found.plymax,
                &found.failure
            ),
            replay(image_words, found, positions)
        )?;
    }
    for skip in report.skipped.iter().take(10) {
        let place = label(&positions[skip.position]);
        let line = search_line(
            "skipped search",
            skip.position,
            &place,
            skip.plymax,
            &skip.reason,
        );
        outln!("{line}")?;
    }
    if report.skipped.len() > 10 {
        outln!("... and {} more skipped", report.skipped.len() - 10)?;
    }
    let tstates = format!(
        "{} ({} on a 4 MHz Z80)",
        grouped(report.tstates),
        duration(z80_time(report.tstates))
    );
    let rows = [
        ("searches", grouped(report.searches)),
        ("evaluations compared", grouped(report.evaluations)),
        ("Z80 T-states", tstates),
        ("wall time", duration(report.wall)),
    ];
    for (name, value) in rows {
        outln!("  {name:<20} {value}")?;
    }
    Ok(())
}

/// The report as JSON, each failure with its replay command.
pub fn json(
    report: &SearchReport,
    positions: &[Searched],
    image_words: &[String],
) -> anyhow::Result<serde_json::Value> {
    let mut json = serde_json::to_value(report)?;
    if let Some(failures) = json["failures"].as_array_mut() {
        for (value, found) in failures.iter_mut().zip(&report.failures) {
            value["replay"] = replay(image_words, found, positions).into();
            value["origin"] = label(&positions[found.position]).into();
        }
    }
    json["agree"] = report.agrees().into();
    Ok(json)
}

/// The verdict line of a search-only run.
pub fn verdict(report: &SearchReport) -> String {
    if report.interrupted {
        return format!(
            "interrupted: {} search(es) compared, {}",
            grouped(report.searches),
            if report.failures.is_empty() {
                "no mismatch so far"
            } else {
                "MISMATCH"
            }
        );
    }
    if report.agrees() {
        format!(
            "the image's search agrees with the native engine on {} search(es)",
            grouped(report.searches)
        )
    } else {
        "SEARCH MISMATCH".to_string()
    }
}

/// The exit status of a search report.
pub fn status(report: &SearchReport) -> i32 {
    super::verdict_status(report.interrupted, report.agrees())
}
