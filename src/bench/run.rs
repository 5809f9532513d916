//! A whole benchmark run: every section measured in turn, the goals judged, the notes added.

use crate::machine::{Image, default_image};

use super::BenchError;
use super::host::{Host, load_average};
use super::judge::RoutineFigures;
use super::notes::Slicing;
use super::plan::{Plan, SLICES};
use super::report::BenchReport;
use super::report::SCHEMA;
use super::routine_table::RoutineSection;
use super::routines::{RoutineCosts, routine_costs};
use super::search::SearchSection;
use super::uci_latency;
use super::{
    assembler, chip, crosscheck, emulation, engine, jupiter, race, search_cost, search_timing,
};

/// Measures everything `plan` asks for on the built-in image, and the routines of `other`
/// (a name for its column and the image) beside it. `progress` hears the name of each
/// section as it starts. An `other` image that cannot be measured becomes a note; the
/// built-in image must measure.
pub fn run(
    plan: &Plan,
    other: Option<(String, &Image)>,
    progress: &dyn Fn(&str),
) -> Result<BenchReport, BenchError> {
    let ours = default_image();
    let started_at = unix_seconds();
    let host = Host::describe();
    let theirs = other_routines(plan, other.as_ref())?;
    progress("emulation: mixed loop, GENMOV and the search, four engines");
    let emulation = vec![
        emulation::measure_mixed_loop(plan),
        emulation::measure_genmov(plan, &ours)?,
        emulation::measure_search(plan, &ours)?,
    ];
    progress("the chip beyond its timing: each corrected kind of instruction in a loop");
    let chip = chip::measure(plan);
    progress("Z80 routines: exact T-states");
    let (routines, ours_costs, notes) = routines(plan, &ours, theirs)?;
    progress("native perft against its peer, in turns");
    let perft = plan
        .perft_cases
        .iter()
        .map(|case| race::race(case, plan.perft_reps))
        .collect();
    progress("cross-check: one thread, all cores, random positions alone");
    let crosscheck = crosscheck::measure(plan, &ours, host.available_parallelism)?;
    progress("native engine: evaluation and searches");
    let engine = engine::measure(plan);
    progress("emulated search: T-states, speed, watching, the native engine, UCI, the Jupiter III");
    let search = search_section(plan, &ours, other.as_ref())?;
    progress("assembler");
    let assembler = assembler::measure(plan.reps, plan.asm_lines)?;

    let report = BenchReport {
        schema: SCHEMA,
        version: env!("CARGO_PKG_VERSION").to_string(),
        started_at,
        host,
        load_average_after: load_average(),
        quick: plan.quick,
        repetitions: plan.reps,
        goals: Vec::new(),
        notes,
        emulation,
        chip,
        routines,
        perft,
        crosscheck,
        engine,
        runaway: search.timing.other_runaway(),
        search,
        assembler,
    };
    Ok(judged(report, &ours_costs, plan))
}

/// Now, in seconds since the Unix epoch (0 on a clock set before it).
fn unix_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The measured report with its goals judged (on our image's routine costs) and the notes
/// every run carries.
fn judged(mut report: BenchReport, ours_costs: &RoutineCosts, plan: &Plan) -> BenchReport {
    let search_goals = report.search.goals();
    report.judge(&RoutineFigures::of(ours_costs), search_goals);
    report.add_standing_notes(Slicing {
        slices: SLICES,
        slice: plan.slice,
    });
    report
}

/// An image's name and its routines' costs, or why they could not be measured.
type Measured = (String, Result<RoutineCosts, BenchError>);

/// The second image's routines, measured first: one that runs away is the machine's error
/// before anything else is measured; one that fails otherwise becomes a note.
fn other_routines(
    plan: &Plan,
    other: Option<&(String, &Image)>,
) -> Result<Option<Measured>, BenchError> {
    let Some((name, image)) = other else {
        return Ok(None);
    };
    match routine_costs(image, plan.perft_depth) {
        Err(error) if error.is_runaway() => Err(BenchError::RanAway(format!("{name}: {error}"))),
        costs => Ok(Some((name.clone(), costs))),
    }
}

/// The routines' section for our image and the second one's costs (`theirs`), our image's
/// costs, and a note per image that could not be measured (an error when ours cannot).
fn routines(
    plan: &Plan,
    ours: &Image,
    theirs: Option<Measured>,
) -> Result<(RoutineSection, RoutineCosts, Vec<String>), BenchError> {
    let ours = routine_costs(ours, plan.perft_depth);
    let mut images = vec![("our image".to_string(), ours)];
    images.extend(theirs);
    let mut notes = Vec::new();
    for (name, cost) in &images {
        if let Err(err) = cost {
            notes.push(format!("{name} could not be measured: {err}"));
        }
    }
    let (names, costs): (Vec<String>, Vec<_>) = images.into_iter().unzip();
    let ours = costs[0].as_ref().map_err(Clone::clone)?.clone();
    let section = RoutineSection::of(&names, &costs, plan.perft_depth);
    Ok((section, ours, notes))
}

/// The emulated search's exact costs (the start position's only in a quick run), its timed
/// runs (beside `other`'s search when given), and the UCI session's answers.
fn search_section(
    plan: &Plan,
    ours: &Image,
    other: Option<&(String, &Image)>,
) -> Result<SearchSection, BenchError> {
    let searches = if plan.all_search_costs {
        &search_cost::SEARCH_COSTS[..]
    } else {
        &search_cost::SEARCH_COSTS[..1]
    };
    let other = other.map(|(name, image)| (name.as_str(), *image));
    Ok(SearchSection {
        costs: search_cost::measure(ours, searches)?,
        timing: search_timing::measure(plan, ours, other)?,
        jupiter: jupiter::measure(plan, ours)?,
        uci: uci_latency::measure(ours, plan.reps, plan.uci_pings)?,
    })
}
