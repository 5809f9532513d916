//! What a run prints: the header, every failure with its replay command, the skipped
//! positions, the summary and the verdict; or all of it as one JSON object.

use sargon_z80::abi::{AbiSymbols, ListEndSource};
use sargon_z80::crosscheck::{Config, Report, Span, report as text};
use sargon_z80::text::grouped;

use super::super::output::{OutputError, out, outln};
use super::{CrosscheckArgs, command, search};

/// Skipped positions listed one by one; the rest are counted.
const SHOWN: usize = 10;

/// The run's header: what is checked, how, and on which image.
pub fn header(
    args: &CrosscheckArgs,
    config: &Config,
    span: Span,
    symbols: &AbiSymbols,
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
    if span.first != 0 || span.end != config.total() {
        let shard = match args.shard {
            Some((k, n)) => format!(" (shard {k}/{n})"),
            None => String::new(),
        };
        outln!(
            "part:  positions {}..{} of {}{shard}",
            span.first,
            span.end,
            config.total()
        )?;
    }
    outln!("image: {}; {}", args.image.describe(), list_area(symbols))?;
    Ok(())
}

/// The seed (only when there are random positions to replay with it) and the threads.
pub fn run_line(random: u64, seed: u64, threads: usize) -> String {
    match random {
        0 => format!("{threads} thread(s)"),
        _ => format!("seed {seed}, {threads} thread(s)"),
    }
}

/// Where the move list lies and what bounds it.
fn list_area(symbols: &AbiSymbols) -> String {
    let end = match symbols.list_end_source {
        ListEndSource::Mlend => "MLEND",
        ListEndSource::NextSymbol => "no MLEND: it ends at the next symbol above MLIST",
        ListEndSource::TopOfMemory => "no MLEND: it runs to the top of memory",
    };
    format!(
        "move list {:#06X}..={:#06X} ({end})",
        symbols.mlist, symbols.mlend
    )
}

/// The report, as text or JSON.
pub fn report(
    args: &CrosscheckArgs,
    report: &Report,
    symbols: &AbiSymbols,
    searched: Option<&search::Done>,
) -> anyhow::Result<()> {
    let image_words = args.image.replay_words();
    let resume = report.interrupted.then(|| command::resume(args, report));
    if args.json {
        let mut json = json(report, &image_words, resume.as_deref())?;
        json["image"] = args.image.describe().into();
        json["list_end"] = serde_json::to_value(symbols.list_end_source)?;
        if let Some(done) = searched {
            json["search"] = search::json(&done.report, &done.positions, &image_words)?;
            json["agree"] = (report.agrees() && done.report.agrees()).into();
        }
        outln!("{}", serde_json::to_string_pretty(&json)?)?;
        return Ok(());
    }
    body(report, &image_words, args.keep_going)?;
    if let Some(resume) = resume {
        outln!("to go on: {resume}")?;
    }
    Ok(())
}

/// The report as a JSON value, with the replay command of every failure and the command
/// that goes on after an interruption.
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
    json["image_args"] = image_words.into();
    json["depth"] = report.run.depth.into();
    json["random_depth"] = report.run.random_depth.into();
    json["agree"] = report.agrees().into();
    if let Some(resume) = resume {
        json["resume"] = resume.into();
    }
    Ok(json)
}

/// Failures, skipped positions, the summary and the verdict.
pub fn body(report: &Report, image_words: &[String], keep_going: bool) -> Result<(), OutputError> {
    for failure in &report.failures {
        outln!(
            "{}",
            text::failure(failure, &command::replay(image_words, failure))
        )?;
    }
    for skipped in report.skipped.iter().take(SHOWN) {
        outln!("{}", text::skipped(skipped))?;
    }
    if report.skipped.len() > SHOWN {
        outln!("... and {} more skipped", report.skipped.len() - SHOWN)?;
    }
    out!("{}", text::summary(report))?;
    if report.run.random > 0 {
        outln!("  {:<20} {}", "seed", report.seed)?;
    }
    outln!("verdict: {}", verdict(report, keep_going))?;
    Ok(())
}

fn verdict(report: &Report, keep_going: bool) -> String {
    let mismatches = report.failures.len() as u64;
    let skipped = match report.skipped.len() {
        0 => String::new(),
        n => format!(
            "; {} position(s) skipped, their lists did not fit",
            grouped(n as u64)
        ),
    };
    if report.interrupted {
        let found = match mismatches {
            0 => "no mismatch so far".to_string(),
            n => format!("MISMATCH in {} position(s) so far", grouped(n)),
        };
        return format!(
            "interrupted after {} of {} position(s): {found}{skipped}",
            grouped(report.reached - report.span.first),
            grouped(report.span.len())
        );
    }
    if report.agrees() {
        return format!(
            "the image agrees with the reference on {} position(s){skipped}",
            grouped(report.positions)
        );
    }
    if keep_going {
        format!("MISMATCH in {} position(s){skipped}", grouped(mismatches))
    } else {
        "MISMATCH (stopped at the first; --keep-going finds them all)".to_string()
    }
}
