//! `sargon-z80 bench`: measure emulation, routine, reference and cross-check speed side by side.

use std::hint::black_box;
use std::time::Duration;

use clap::Args;

use sargon_z80::abi::AbiSymbols;
use sargon_z80::assembler::{self, bench_support::TARGET_LINES, bench_support::generated_source};
use sargon_z80::crosscheck::bench_support::{
    BASELINE_1978, BASELINE_PERFT_DEPTH, DEFAULT_DEPTH, DEFAULT_RANDOM, GenmovWorkload,
    RoutineCosts, builtin_run, routine_costs,
};
use sargon_z80::crosscheck::{self, Report};
use sargon_z80::machine::bench_support::{
    BareIz80, MIXED_LOOP_ORG, MIXED_LOOP_STEADY, call_without_tracing, mixed_loop_machine,
};
use sargon_z80::machine::{Image, Machine, default_image};
use sargon_z80::position::Board;
use sargon_z80::profile::bench::{
    AssemblerRow, BenchReport, CrosscheckRun, CrosscheckSection, ENGINES, EmulationWorkload, Host,
    ReferenceRow, RoutineFigures, RoutineRow, RoutineSection, RoutineValue, Slicing, Spread, Timed,
    interleaved, load_average, time_for,
};
use sargon_z80::reference::bench_support::{KIWIPETE_FEN, PERFT_CASES};
use sargon_z80::reference::{Rules, perft};
use sargon_z80::text::grouped;

use super::crosscheck::ImageArgs;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 bench                                the full table (under a minute)
  sargon-z80 bench --quick                        a smoke run of a few seconds
  sargon-z80 bench --json > bench.json            the same figures as one JSON object
  sargon-z80 bench --rom sargon78.bin --sym sargon78.sym --org 0   another image beside ours

Build with --release (cargo run --release -- bench) and keep the machine quiet: the figures
are medians of repetitions in which the compared runs take turns, with the spread shown.";

/// The seed of the cross-check's random positions, fixed so every run checks the same ones.
const SEED: u64 = 1;

/// Turns the emulation engines take within one repetition.
const SLICES: usize = 10;

/// Measure emulation, routine, reference and cross-check speed side by side.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct BenchArgs {
    /// A smoke run of a few seconds: less work per figure; targets that need the full work
    /// are not judged.
    #[arg(long)]
    quick: bool,
    /// Repetitions behind each median [default: 7, 3 with --quick].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100))]
    reps: Option<u64>,
    /// Another image whose routines are measured beside the built-in one.
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// How much work each figure gets.
struct Plan {
    quick: bool,
    reps: usize,
    /// Least time of one slice of an emulation figure; a repetition takes [`SLICES`] of them.
    slice: Duration,
    /// Depth of the routine measures' perft (section 9's is 4).
    perft_depth: u32,
    /// Perft depths below the cases' own.
    reference_shallower: u32,
    /// Cross-check: listed positions (None = all built-in), their depth, random positions.
    crosscheck: (Option<usize>, u32, u64),
    asm_lines: usize,
}

impl Plan {
    fn new(args: &BenchArgs) -> Plan {
        let reps = args.reps.map(|n| n as usize);
        if args.quick {
            Plan {
                quick: true,
                reps: reps.unwrap_or(3),
                slice: Duration::from_millis(2),
                perft_depth: 2,
                reference_shallower: 2,
                crosscheck: (Some(8), 1, 24),
                asm_lines: 500,
            }
        } else {
            Plan {
                quick: false,
                reps: reps.unwrap_or(7),
                slice: Duration::from_millis(20),
                perft_depth: BASELINE_PERFT_DEPTH,
                reference_shallower: 0,
                crosscheck: (None, DEFAULT_DEPTH, DEFAULT_RANDOM),
                asm_lines: TARGET_LINES,
            }
        }
    }
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: BenchArgs) -> anyhow::Result<i32> {
    let plan = Plan::new(&args);
    let ours = default_image();
    let other = match &args.image.rom {
        Some(_) => {
            let image = args.image.load()?;
            AbiSymbols::resolve(&image)?;
            Some(image)
        }
        None => None,
    };
    let host = Host::describe();
    let mut notes = Vec::new();

    progress("emulation: mixed loop and GENMOV, four engines");
    let emulation = vec![mixed_loop(&plan), genmov(&plan, &ours)?];
    progress("Z80 routines: exact T-states");
    let mut images = vec![(String::from("our image"), &ours)];
    if let (Some(image), Some(rom)) = (&other, &args.image.rom) {
        let name = rom.file_name().unwrap_or(rom.as_os_str());
        images.push((name.to_string_lossy().into_owned(), image));
    }
    let costs: Vec<_> = images
        .iter()
        .map(|(_, image)| routine_costs(image, plan.perft_depth))
        .collect();
    for ((name, _), cost) in images.iter().zip(&costs) {
        if let Err(err) = cost {
            notes.push(format!("{name} could not be measured: {err}"));
        }
    }
    let ours_costs = costs[0].as_ref().map_err(Clone::clone)?.clone();
    let names: Vec<String> = images.iter().map(|(name, _)| name.clone()).collect();
    let routines = routine_section(&names, &costs, plan.perft_depth);
    progress("native reference: perft");
    let reference = reference(&plan);
    progress("cross-check: one thread and all cores");
    let crosscheck = crosscheck(&plan, &ours, host.available_parallelism)?;
    progress("assembler");
    let assembler = assembler(&plan)?;

    let mut report = BenchReport {
        host,
        load_average_after: load_average(),
        quick: plan.quick,
        repetitions: plan.reps,
        emulation,
        routines,
        reference,
        crosscheck,
        assembler,
        targets: Vec::new(),
        notes,
    };
    report.judge(&RoutineFigures {
        genmov_start: ours_costs.genmov_start.tstates,
        genmov_kiwipete: ours_costs.genmov_kiwipete.tstates,
        inchk_mean: ours_costs.inchk_mean,
        perft_total: ours_costs.perft_tstates,
        perft_depth: ours_costs.perft_depth,
        code_bytes: ours_costs.code_bytes,
        image_bytes: ours_costs.image_bytes,
    });
    report.add_standing_notes(Slicing {
        slices: SLICES,
        slice: plan.slice,
    });
    if args.json {
        println!("{}", report.to_json());
    } else {
        print!("{}", report.to_text());
    }
    Ok(0)
}

fn progress(what: &str) {
    eprintln!("bench: {what} ...");
}

/// The samples of the four engines, as [`interleaved`] gave them for `ENGINES.len()` runs.
fn engine_samples(samples: Vec<Vec<Timed>>) -> [Vec<Timed>; 4] {
    samples.try_into().expect("one sample list per engine")
}

fn mixed_loop(plan: &Plan) -> EmulationWorkload {
    let warmed = |tracing: bool| -> Machine {
        let mut machine = mixed_loop_machine();
        machine
            .call(MIXED_LOOP_ORG)
            .expect("the mixed loop returns");
        machine.set_tracing(tracing);
        machine
    };
    let mut bare = BareIz80::from_machine(&warmed(false));
    let (mut exact, mut untraced, mut traced) = (warmed(false), warmed(false), warmed(true));
    let t = plan.slice;
    let call = |m: &mut Machine| m.call(MIXED_LOOP_ORG).expect("the mixed loop returns");
    let samples = interleaved(plan.reps, SLICES, ENGINES.len(), |engine| match engine {
        0 => time_for(t, || bare.call(MIXED_LOOP_ORG)),
        1 => time_for(t, || call(&mut exact)),
        2 => time_for(t, || {
            call_without_tracing(&mut untraced, MIXED_LOOP_ORG).expect("the mixed loop returns")
        }),
        _ => time_for(t, || call(&mut traced)),
    });
    let (tstates, instructions) = MIXED_LOOP_STEADY;
    EmulationWorkload::from_samples(
        "mixed loop",
        &engine_samples(samples),
        tstates,
        instructions,
    )
}

fn genmov(plan: &Plan, image: &Image) -> anyhow::Result<EmulationWorkload> {
    let board = Board::from_fen(KIWIPETE_FEN)?;
    let workload = || GenmovWorkload::new(image, &board);
    let (mut bare, mut exact, mut untraced, mut traced) =
        (workload()?, workload()?, workload()?, workload()?);
    traced.machine_mut().set_tracing(true);
    let cost = exact.cost();
    let t = plan.slice;
    let samples = interleaved(plan.reps, SLICES, ENGINES.len(), |engine| match engine {
        0 => time_for(t, || bare.call_bare()),
        1 => time_for(t, || exact.call()),
        2 => time_for(t, || untraced.call_without_tracing()),
        _ => time_for(t, || traced.call()),
    });
    Ok(EmulationWorkload::from_samples(
        "GENMOV Kiwipete",
        &engine_samples(samples),
        cost.tstates,
        cost.instructions,
    ))
}

fn routine_section(
    images: &[String],
    costs: &[Result<RoutineCosts, impl std::fmt::Display>],
    depth: u32,
) -> RoutineSection {
    let b = BASELINE_1978;
    let full = depth == BASELINE_PERFT_DEPTH;
    type Pick = fn(&RoutineCosts) -> Option<f64>;
    let rows: Vec<(String, Option<f64>, Pick)> = vec![
        (
            "GENMOV, start position (20 moves)".to_string(),
            Some(b.genmov_start as f64),
            |c| Some(c.genmov_start.tstates as f64),
        ),
        (
            "GENMOV, Kiwipete (48 moves)".to_string(),
            Some(b.genmov_kiwipete as f64),
            |c| Some(c.genmov_kiwipete.tstates as f64),
        ),
        (
            format!("INCHK mean over perft({depth}) from the start"),
            full.then_some(b.inchk_mean),
            |c| Some(round1(c.inchk_mean)),
        ),
        (
            format!("MOVE mean over perft({depth})"),
            full.then_some(b.move_mean),
            |c| Some(round1(c.move_mean)),
        ),
        (
            format!("UNMOVE mean over perft({depth})"),
            full.then_some(b.unmove_mean),
            |c| Some(round1(c.unmove_mean)),
        ),
        (
            format!("perft({depth}) from the start, all calls"),
            full.then_some(b.perft4_start as f64),
            |c| Some(c.perft_tstates as f64),
        ),
        (
            format!("PERFT routine, perft({depth}), one call"),
            None,
            |c| c.perft_routine.map(|t| t as f64),
        ),
        ("code bytes (CODE_START..CODE_END)".to_string(), None, |c| {
            c.code_bytes.map(f64::from)
        }),
        ("image bytes".to_string(), None, |c| {
            Some(c.image_bytes as f64)
        }),
    ];
    RoutineSection {
        images: images.to_vec(),
        rows: rows
            .into_iter()
            .map(|(measure, baseline, pick)| RoutineRow {
                measure,
                baseline_1978: baseline,
                values: costs
                    .iter()
                    .map(|cost| match cost {
                        Ok(c) => match pick(c) {
                            Some(value) => RoutineValue {
                                value: Some(value),
                                vs_1978: baseline.map(|base| value / base),
                                error: None,
                            },
                            None => RoutineValue {
                                value: None,
                                vs_1978: None,
                                error: Some("not in this image".to_string()),
                            },
                        },
                        Err(_) => RoutineValue {
                            value: None,
                            vs_1978: None,
                            error: Some("failed (see notes)".to_string()),
                        },
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn reference(plan: &Plan) -> Vec<ReferenceRow> {
    let mut runs = Vec::new();
    for case in PERFT_CASES {
        for rules in [Rules::Sargon, Rules::Standard] {
            let board = case.board();
            let depth = case.depth - plan.reference_shallower;
            let nodes = perft(&mut board.clone(), depth, rules);
            runs.push((case.name, depth, rules, nodes, board));
        }
    }
    // Every repetition makes at least one whole perft, and repeats small ones for 10 ms.
    let t = Duration::from_millis(10);
    let samples = interleaved(plan.reps, 1, runs.len(), |i| {
        let (_, depth, rules, _, board) = runs[i];
        time_for(t, || {
            let mut board = board;
            perft(black_box(&mut board), depth, rules)
        })
    });
    runs.iter()
        .zip(&samples)
        .map(|(&(name, depth, rules, nodes, _), s)| ReferenceRow {
            position: name.to_string(),
            depth,
            rules: rules.to_string(),
            nodes,
            nodes_per_second: Timed::rates(s).scaled(nodes as f64),
        })
        .collect()
}

fn crosscheck(plan: &Plan, image: &Image, cores: usize) -> anyhow::Result<CrosscheckSection> {
    let (listed, depth, random) = plan.crosscheck;
    let config = |threads: usize| {
        let mut config = builtin_run(depth, random, SEED, threads);
        if let Some(n) = listed {
            config.positions.truncate(n);
        }
        config
    };
    let counts = config(1);
    let workload = if plan.quick {
        format!(
            "{} built-in positions to depth {depth} + {random} random positions to depth 1, seed {SEED}",
            counts.positions.len()
        )
    } else {
        format!(
            "the default run: {} built-in positions to depth {depth} + {} random positions to depth 1, seed {SEED}",
            counts.positions.len(),
            grouped(random)
        )
    };
    let thread_counts: Vec<usize> = if cores > 1 { vec![1, cores] } else { vec![1] };
    let mut reports: Vec<Vec<Report>> = vec![Vec::new(); thread_counts.len()];
    for _ in 0..plan.reps {
        for (threads, out) in thread_counts.iter().zip(&mut reports) {
            out.push(crosscheck::run(image, &config(*threads), &|_, _| {})?);
        }
    }
    let runs: Vec<CrosscheckRun> = thread_counts
        .iter()
        .zip(&reports)
        .map(|(&threads, reports)| {
            let spread =
                |f: &dyn Fn(&Report) -> f64| Spread::of(&reports.iter().map(f).collect::<Vec<_>>());
            let wall = |r: &Report| r.wall.as_secs_f64().max(1e-9);
            CrosscheckRun {
                threads,
                positions: reports[0].positions,
                nodes: reports[0].tally.nodes,
                mismatches: reports.iter().map(|r| r.failures.len()).max().unwrap_or(0),
                wall_seconds: spread(&wall),
                positions_per_second: spread(&|r| r.positions as f64 / wall(r)),
                nodes_per_second: spread(&|r| r.tally.nodes as f64 / wall(r)),
            }
        })
        .collect();
    let speedup = (reports.len() > 1).then(|| {
        let ratios: Vec<f64> = reports[0]
            .iter()
            .zip(&reports[1])
            .map(|(one, all)| one.wall.as_secs_f64() / all.wall.as_secs_f64().max(1e-9))
            .collect();
        Spread::of(&ratios)
    });
    Ok(CrosscheckSection {
        workload,
        runs,
        speedup,
    })
}

fn assembler(plan: &Plan) -> anyhow::Result<AssemblerRow> {
    let source = generated_source(plan.asm_lines);
    assembler::assemble_str("bench.asm", &source, &[])?;
    let samples = interleaved(plan.reps, 1, 1, |_| {
        time_for(Duration::ZERO, || {
            let asm = assembler::assemble_str("bench.asm", black_box(&source), &[])
                .expect("assembled above");
            (asm.sym_text(), asm.lst_text())
        })
    });
    Ok(AssemblerRow {
        lines: plan.asm_lines,
        seconds: Timed::seconds(&samples[0]),
        lines_per_second: Timed::rates(&samples[0]).scaled(plan.asm_lines as f64),
    })
}
