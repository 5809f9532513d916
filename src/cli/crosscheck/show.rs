//! What a run prints: the header, every failure with its replay command, the skipped
//! positions, the summary and the verdict; or all of it as one JSON object.

use std::fmt::Display;

use sargon_z80::abi::{AbiSymbols, ListEndSource};
use sargon_z80::crosscheck::{Config, Report, Span, report as text};
use sargon_z80::text::{MAX_WIDTH, grouped, hanging};

use super::super::output::{OutputError, out, outln};
use super::{CrosscheckArgs, command};

/// Skipped positions listed one by one; the rest are counted.
const SHOWN: usize = 10;

/// The run's header: what is checked, how, and on which image.
pub fn header(
    args: &CrosscheckArgs,
    config: &Config,
    span: Span,
    symbols: &AbiSymbols,
    search_note: Option<&str>,
) -> Result<(), OutputError> {
    let random = match config.random.count {
        0 => String::new(),
        n => format!(
            ", {} random position(s) to depth {}",
            grouped(n),
            config.random.depth
        ),
    };
    outln!(
        "crosscheck: {} listed position(s) to depth {}{random}",
        grouped(config.positions.len() as u64),
        config.depth,
    )?;
    outln!(
        "run:   {}",
        run_line(config.random.count, config.random.seed, config.threads)
    )?;
    if config.searched() > 0 {
        outln!("{}", hanging(&search_plan(config), 8, MAX_WIDTH))?;
    } else if let Some(note) = search_note {
        outln!("search: {note}")?;
    }
    if span.first != 0 || span.end != config.total() {
        let shard = match args.shard {
            Some((k, n)) => format!(" (shard {k}/{n})"),
            None => String::new(),
        };
        outln!(
            "part:  jobs {}..{} of {}{shard}",
            span.first,
            span.end,
            config.total(),
        )?;
        if let Some(searches) = searches_in(span, config.board_total(), config.searched()) {
            outln!("       {searches}")?;
        }
    }
    outln!("image: {}; {}", args.describe_image(), list_area(symbols))?;
    Ok(())
}

/// What the run searches: `search: the 133 listed position(s), the search's 7 and 150 random
/// ones at PLYMAX 1..=2, after them, against the native engine`.
pub fn search_plan(config: &Config) -> String {
    let mut parts = vec![format!(
        "the {} listed position(s)",
        grouped(config.searched_listed())
    )];
    if !config.search_positions.is_empty() {
        parts.push(format!(
            "the search's {}",
            grouped(config.search_positions.len() as u64)
        ));
    }
    if config.search_random_count() > 0 {
        parts.push(format!("{} random", grouped(config.search_random_count())));
    }
    let last = parts.pop().unwrap_or_default();
    let all = match parts.is_empty() {
        true => last,
        false => format!("{} and {last}", parts.join(", ")),
    };
    let ones = if config.searched() > config.searched_listed() {
        " ones"
    } else {
        ""
    };
    format!(
        "search: {all}{ones} at PLYMAX 1..={}, after them, against the native engine",
        config.search_ply
    )
}

/// The seed (only when there are random positions to replay with it) and the threads.
pub fn run_line(random: u64, seed: u64, threads: usize) -> String {
    match random {
        0 => format!("{threads} thread(s)"),
        _ => format!("seed {seed}, {threads} thread(s)"),
    }
}

/// What of a part is searches, when the run has any: `searches: jobs 10133..10266`, or that
/// the part holds none of them.
fn searches_in(span: Span, positions: u64, searched: u64) -> Option<String> {
    if searched == 0 {
        return None;
    }
    let first = span.first.max(positions);
    let end = span.end.max(positions);
    Some(if first >= end {
        format!(
            "no search in this part (the run's searches are jobs {}..{})",
            positions,
            positions + searched
        )
    } else {
        format!("searches: jobs {first}..{end}")
    })
}

/// Where the move list lies and what bounds it.
fn list_area(symbols: &AbiSymbols) -> String {
    let end = match symbols.list_end_source {
        ListEndSource::Mlend => "MLEND",
        ListEndSource::NextSymbol => "no MLEND: it ends at the next symbol above MLIST",
        ListEndSource::TopOfMemory => "no MLEND: it runs to the top of memory",
    };
    format!(
        "move list {} ({end})",
        sargon_z80::text::address_range(u32::from(symbols.mlist), u32::from(symbols.mlend))
    )
}

/// The report, as text or JSON.
pub fn report(args: &CrosscheckArgs, report: &Report, symbols: &AbiSymbols) -> anyhow::Result<()> {
    let image_words = args.image_words();
    let resume = report.interrupted.then(|| command::resume(args, report));
    if args.json {
        let mut json = json(report, &image_words, resume.as_deref())?;
        json["image"] = args.describe_image().into();
        json["list_end"] = serde_json::to_value(symbols.list_end_source)?;
        outln!("{}", serde_json::to_string_pretty(&json)?)?;
        return Ok(());
    }
    body(report, &image_words, args.keep_going)?;
    if let Some(resume) = resume {
        outln!("to go on: {resume}")?;
    }
    Ok(())
}

/// The report as a JSON value, with the replay command of every failure (of a position or of
/// a search) and the command that goes on after an interruption.
pub fn json(
    report: &Report,
    image_words: &[String],
    resume: Option<&str>,
) -> anyhow::Result<serde_json::Value> {
    let mut json = serde_json::to_value(report)?;
    if let Some(failures) = json["failures"].as_array_mut() {
        for (value, failure) in failures.iter_mut().zip(&report.failures) {
            value["replay"] = command::replay(image_words, failure).into();
        }
    }
    let search = &mut json["search"];
    if let Some(failures) = search["failures"].as_array_mut() {
        for (value, failure) in failures.iter_mut().zip(&report.search.failures) {
            value["replay"] = command::search_failed_replay(image_words, failure).into();
        }
    }
    let jobs = report.searches();
    search["max_ply"] = report.run.search_ply.into();
    search["positions"] = report.run.searched.into();
    search["jobs"] = serde_json::to_value(jobs)?;
    search["agree"] = report.search.failures.is_empty().into();
    json["image_args"] = image_words.into();
    json["depth"] = report.run.depth.into();
    json["random_depth"] = report.run.random_depth.into();
    json["agree"] = report.agrees().into();
    if let Some(resume) = resume {
        json["resume"] = resume.into();
    }
    Ok(json)
}

/// Failures, skipped positions and searches, the summary and the verdict.
pub fn body(report: &Report, image_words: &[String], keep_going: bool) -> Result<(), OutputError> {
    for failure in &report.failures {
        outln!(
            "{}",
            text::failure(failure, &command::replay(image_words, failure))
        )?;
    }
    for failed in &report.search.failures {
        let place = format!("{} {}", failed.origin.label(), failed.root_fen);
        let position = failed.job - report.run.positions();
        outln!(
            "{}\n  replay: {}",
            search_line(
                "SEARCH MISMATCH",
                position,
                &place,
                failed.plymax,
                &failed.failure
            ),
            command::search_failed_replay(image_words, failed)
        )?;
    }
    for skipped in report.skipped.iter().take(SHOWN) {
        outln!("{}", hanging(&text::skipped(skipped), 4, MAX_WIDTH))?;
    }
    if report.skipped.len() > SHOWN {
        outln!("... and {} more skipped", report.skipped.len() - SHOWN)?;
    }
    for skip in report.search.skipped.iter().take(SHOWN) {
        let place = format!("{} {}", skip.origin.label(), skip.root_fen);
        let position = skip.job - report.run.positions();
        let line = search_line(
            "skipped search",
            position,
            &place,
            skip.plymax,
            &skip.reason,
        );
        outln!("{line}")?;
    }
    if report.search.skipped.len() > SHOWN {
        outln!(
            "... and {} more searches skipped",
            report.search.skipped.len() - SHOWN
        )?;
    }
    out!("{}", text::summary(report))?;
    if report.run.random > 0 {
        outln!("  {:<20} {}", "seed", report.seed)?;
    }
    print_verdict(&verdict(report, keep_going))?;
    Ok(())
}

fn verdict(report: &Report, keep_going: bool) -> String {
    let skipped = match report.skipped.len() {
        0 => String::new(),
        n => format!(
            "; {} position(s) skipped, their lists did not fit",
            grouped(n as u64)
        ),
    };
    if report.interrupted {
        return interrupted(report, &skipped);
    }
    if report.agrees() {
        return format!("the image agrees {}{skipped}", agreed(report));
    }
    let (positions, searches) = (report.failures.len(), report.search.failures.len());
    let what = if positions == 0 {
        "SEARCH MISMATCH"
    } else {
        "MISMATCH"
    };
    if !keep_going {
        return format!("{what} (stopped at the first; --keep-going finds them all)");
    }
    let mut found = Vec::new();
    if positions > 0 {
        found.push(format!("{} position(s)", grouped(positions as u64)));
    }
    if searches > 0 {
        found.push(format!("{} search(es)", grouped(searches as u64)));
    }
    format!("{what} in {}{skipped}", found.join(" and "))
}

/// A verdict after its label, each of its lines (a new line where a part of it begins) kept
/// within the width of a report, the lines after the first under the first's text.
pub fn print_verdict(verdict: &str) -> Result<(), OutputError> {
    for (i, part) in verdict.split('\n').enumerate() {
        let label = if i == 0 { "verdict: " } else { "         " };
        outln!(
            "{}",
            hanging(&format!("{label}{part}"), label.len(), MAX_WIDTH)
        )?;
    }
    Ok(())
}

/// What an agreeing report agreed on (a new line before each part after the first): the positions with the reference, the searches with the
/// native engine, and plainly when a part of a run that compares the search holds none.
fn agreed(report: &Report) -> String {
    let mut parts = Vec::new();
    let positions = report.run.positions();
    let board = report.span.first < positions;
    if board {
        parts.push(format!(
            "with the reference on {} position(s)",
            grouped(report.positions)
        ));
    }
    let searches = report.searches();
    if !searches.is_empty() {
        parts.push(format!(
            "with the native engine on {} search(es)",
            grouped(report.search.searches)
        ));
    }
    let mut text = parts.join("\nand ");
    if report.run.searched > 0 && searches.is_empty() {
        text.push_str(&format!(
            ";\nno search was checked in this part (the run's searches are jobs {}..{})",
            positions, report.run.total
        ));
    }
    text
}

/// The verdict of an interrupted report: how far it got, and what it found so far.
fn interrupted(report: &Report, skipped: &str) -> String {
    let (positions, searches) = (report.failures.len(), report.search.failures.len());
    let found = match (positions, searches) {
        (0, 0) => "no mismatch so far".to_string(),
        (n, 0) => format!("MISMATCH in {} position(s) so far", grouped(n as u64)),
        (0, m) => format!("SEARCH MISMATCH in {} search(es) so far", grouped(m as u64)),
        (n, m) => format!(
            "MISMATCH in {} position(s) and {} search(es) so far",
            grouped(n as u64),
            grouped(m as u64)
        ),
    };
    let (done, of) = (report.reached - report.span.first, report.span.len());
    // Jobs take a line of their own, as the parts of an agreeing verdict do.
    let jobs = if report.run.searched == 0 {
        format!("{} of {} position(s): ", grouped(done), grouped(of))
    } else {
        format!(
            "{} of {} job(s) (the positions, then the searches):\n",
            grouped(done),
            grouped(of)
        )
    };
    format!("interrupted after {jobs}{found}{skipped}")
}

/// A search's line in a report: what happened at which position (where it came from, its FEN)
/// at which PLYMAX, going on under itself, indented by four, past 100 columns.
pub fn search_line(
    what: &str,
    position: impl Display,
    place: &str,
    plymax: u8,
    detail: &impl Display,
) -> String {
    let line = format!("{what} at position {position} ({place}), PLYMAX {plymax}: {detail}");
    hanging(&line, 4, MAX_WIDTH)
}
