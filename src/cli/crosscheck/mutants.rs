//! `crosscheck --mutants N`: the cross-check's power, measured by N random one-byte mutants of
//! the image's code: what the default run kills, what only the deep runs kill (each with the
//! commands that replay it), and what no run tells from the image.

use sargon_z80::crosscheck::Config;
use sargon_z80::crosscheck::mutants::{
    CodeMap, Fate, Found, MutantResult, MutationPlan, MutationReport, Stage, run_mutants,
};
use sargon_z80::machine::Image;
use sargon_z80::text::{MAX_WIDTH, address_span, duration, grouped, hanging, shell_command};

use super::super::output::{OutputError, outln};
use super::show::print_verdict;
use super::{CrosscheckArgs, clock_seed, command, interrupt, progress::Progress, verdict_status};

/// Runs `count` mutants; returns the exit status (1 when the default run missed one).
pub fn run(args: &CrosscheckArgs, count: u64) -> anyhow::Result<i32> {
    let image = args.load_image()?;
    let code = CodeMap::of(&image)?;
    let search = super::search::supported(&image).is_ok();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let threads = match args.threads {
        Some(t) => t as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let plan = MutationPlan::new(seed, 0, count, threads, search);
    if !args.json {
        header(args, &plan, &code, &image)?;
    }
    interrupt::watch(interrupt::Answer::Stop);
    let shown = Shown::default();
    let report = run_mutants(&image, &plan, Some(interrupt::stop_flag()), &|stage| {
        shown.update(stage)
    });
    shown.finish();
    let report = report?;
    let words = Words { args, seed };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&json(&report, &words)?)?)?;
    } else {
        body(&report, &words, &image)?;
    }
    let missed = report.tally().missed;
    Ok(verdict_status(report.interrupted, missed == 0))
}

/// The header: the mutants, the code they are drawn from, the runs they meet.
fn header(
    args: &CrosscheckArgs,
    plan: &MutationPlan,
    code: &CodeMap,
    image: &Image,
) -> Result<(), OutputError> {
    outln!(
        "crosscheck --mutants: {} one-byte mutant(s) of the code, seed {}, {} thread(s)",
        grouped(plan.count),
        plan.seed,
        plan.threads
    )?;
    outln!("image: {}", args.describe_image())?;
    let entries: Vec<&str> = code.entries.iter().map(|&(name, _)| name).collect();
    let mut line = format!(
        "code:  {}, {} bytes: {} and what they reach",
        address_span(u32::from(code.start), code.end),
        grouped(code.len() as u64),
        entries.join(", ")
    );
    for (name, bytes) in &code.left_out {
        line.push_str(&format!("; {name} left out ({bytes} bytes)"));
    }
    if image.symbols.get("CODE_START").is_none() && args.image.rom.is_some() {
        line.push_str("; write-protected while the routines run");
    }
    outln!("{}", hanging(&line, 7, MAX_WIDTH))?;
    outln!(
        "{}",
        hanging(&format!("each:  {}", describe(&plan.default)), 7, MAX_WIDTH)
    )?;
    for (i, deep) in plan.deep.iter().enumerate() {
        let line = format!("deep {}: {}", i + 1, describe(deep));
        outln!("{}", hanging(&line, 8, MAX_WIDTH))?;
    }
    Ok(())
}

/// What a run checks, in a few words.
fn describe(config: &Config) -> String {
    let mut parts = Vec::new();
    if !config.positions.is_empty() {
        parts.push(format!(
            "{} listed to depth {}",
            grouped(config.positions.len() as u64),
            config.depth
        ));
    }
    if config.random.count > 0 {
        parts.push(format!(
            "{} random to depth {}",
            grouped(config.random.count),
            config.random.depth
        ));
    }
    if config.searched() > 0 {
        parts.push(format!(
            "the search of {} position(s) at PLYMAX 1..={} ({} listed, {} own, {} random)",
            grouped(config.searched()),
            config.search_ply,
            grouped(config.searched_listed()),
            config.search_positions.len(),
            grouped(config.search_random_count())
        ));
    }
    let first = match config.random.first {
        0 => String::new(),
        n => format!("; random positions from #{}", grouped(n)),
    };
    format!("{}{first}", parts.join(", "))
}

/// Progress on stderr: the default runs, then the deep runs.
#[derive(Default)]
struct Shown {
    default: std::sync::OnceLock<Progress>,
    deep: std::sync::OnceLock<Progress>,
}

impl Shown {
    fn update(&self, stage: Stage) {
        match stage {
            Stage::Baseline => {}
            Stage::Default(done, of) => self
                .default
                .get_or_init(|| Progress::of(of, "mutants"))
                .update(done),
            Stage::Deep(done, of) => {
                if let Some(bar) = self.default.get() {
                    bar.finish();
                }
                let bar = self
                    .deep
                    .get_or_init(|| Progress::of(of, "survivors (deep runs)"));
                if done > 0 {
                    bar.update(done);
                }
            }
        }
    }

    fn finish(&self) {
        for bar in [&self.default, &self.deep] {
            if let Some(bar) = bar.get() {
                bar.finish();
            }
        }
    }
}

/// What replay commands repeat of the run.
struct Words<'a> {
    args: &'a CrosscheckArgs,
    seed: u64,
}

impl Words<'_> {
    /// The image's words with the mutant's patch.
    fn image(&self, result: &MutantResult) -> Vec<String> {
        let mut words = self.args.image_words();
        words.extend(["--patch".to_string(), result.mutant.patch().to_string()]);
        words
    }

    /// The default run on the mutant, with the run's seed.
    fn default_run(&self, result: &MutantResult) -> String {
        let mut line = vec!["sargon-z80".to_string(), "crosscheck".to_string()];
        line.extend(self.image(result));
        line.extend(["--seed".to_string(), self.seed.to_string()]);
        shell_command(&line)
    }

    /// The check of the one position or search on which a run failed on the mutant.
    fn found(&self, result: &MutantResult, found: &Found) -> String {
        let image = self.image(result);
        match found {
            Found::Mismatch(f) => command::replay(&image, f),
            Found::SearchMismatch(f) => command::search_failed_replay(&image, f),
            Found::Runaway(r) => command::runaway_replay(&image, r),
        }
    }
}

/// The missed mutants with their replays, the counts, the verdict.
fn body(report: &MutationReport, words: &Words, image: &Image) -> Result<(), OutputError> {
    for result in &report.results {
        if let Fate::Missed { found, deep_run } = &result.fate {
            let line = format!(
                "MISSED {}: killed only by deep run {}: {}",
                name(result, image),
                deep_run + 1,
                found.headline()
            );
            outln!("{}", hanging(&line, 4, MAX_WIDTH))?;
            outln!("  default: {}", words.default_run(result))?;
            outln!("  replay:  {}", words.found(result, found))?;
        }
    }
    summary(report)?;
    print_verdict(&verdict(report))
}

/// `mutant 17 0x0E9E (ATKSAV+3) 7E -> 7A`.
fn name(result: &MutantResult, image: &Image) -> String {
    let m = result.mutant;
    let place = match image.symbols.nearest_below(m.addr) {
        Some((label, at)) if at == m.addr => format!(" ({label})"),
        Some((label, at)) => format!(" ({label}+{})", m.addr - at),
        None => String::new(),
    };
    format!(
        "mutant {} {:#06X}{place} {:02X} -> {:02X}",
        m.index, m.addr, m.before, m.after
    )
}

/// The counts and times.
fn summary(report: &MutationReport) -> Result<(), OutputError> {
    let t = report.tally();
    let killable = t.killed + t.missed;
    let rows = [
        ("mutants", grouped(t.mutants)),
        (
            "killed by default",
            format!(
                "{} ({} by a difference, {} by the machine's guards)",
                grouped(t.killed),
                grouped(t.killed - t.guarded),
                grouped(t.guarded)
            ),
        ),
        ("guards", guards(report)),
        ("killed only by deep", grouped(t.missed)),
        ("equivalent", grouped(t.equivalent)),
        (
            "kill ratio",
            format!(
                "{:.1}% ({} of {} killable)",
                t.kill_ratio() * 100.0,
                grouped(t.killed),
                grouped(killable)
            ),
        ),
        ("default runs", duration(report.default_wall())),
        ("deep runs", deep_time(report)),
        ("wall time", duration(report.wall)),
        ("seed", report.seed.to_string()),
    ];
    for (name, value) in rows {
        outln!("  {name:<20} {value}")?;
    }
    Ok(())
}

/// The deep runs' time, or that no mutant needed them.
fn deep_time(report: &MutationReport) -> String {
    let survivors = report
        .results
        .iter()
        .filter(|r| !matches!(r.fate, Fate::Killed { .. }))
        .count();
    match survivors {
        0 => "none (no survivor)".to_string(),
        _ => duration(report.deep_wall()),
    }
}

/// `28 PC left the image, 19 protected write, 7 runaway code`, or `none`.
fn guards(report: &MutationReport) -> String {
    let counts = report.guards();
    if counts.is_empty() {
        return "none".to_string();
    }
    let parts: Vec<String> = counts
        .iter()
        .map(|(guard, n)| format!("{} {guard}", grouped(*n)))
        .collect();
    parts.join(", ")
}

fn verdict(report: &MutationReport) -> String {
    let t = report.tally();
    if report.interrupted {
        return format!(
            "interrupted after {} of {} mutant(s): {} killed, {} missed, {} equivalent so far",
            grouped(t.mutants),
            grouped(report.asked),
            grouped(t.killed),
            grouped(t.missed),
            grouped(t.equivalent)
        );
    }
    if t.missed == 0 {
        format!(
            "the default run kills every mutant a deep run kills ({} of {})",
            grouped(t.killed),
            grouped(t.killed)
        )
    } else {
        format!(
            "MISSED {} mutant(s) a deep run kills ({} of {} killed)",
            grouped(t.missed),
            grouped(t.killed),
            grouped(t.killed + t.missed)
        )
    }
}

/// The report as JSON, with the replay commands of every mutant.
fn json(report: &MutationReport, words: &Words) -> anyhow::Result<serde_json::Value> {
    let mut json = serde_json::to_value(report)?;
    if let Some(results) = json["results"].as_array_mut() {
        for (value, result) in results.iter_mut().zip(&report.results) {
            value["default_run"] = words.default_run(result).into();
            let found = match &result.fate {
                Fate::Killed { found } | Fate::Missed { found, .. } => Some(found),
                _ => None,
            };
            if let Some(found) = found {
                value["replay"] = words.found(result, found).into();
                value["found"]["headline"] = found.headline().into();
            }
        }
    }
    let tally = report.tally();
    json["tally"] = serde_json::to_value(tally)?;
    json["kill_ratio"] = tally.kill_ratio().into();
    json["agree"] = (tally.missed == 0).into();
    Ok(json)
}
