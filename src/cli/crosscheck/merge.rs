//! `crosscheck --merge`: the --json reports of a run's parts joined into the report of the
//! whole run, printed as a run prints.

use std::io::Read;
use std::path::Path;

use anyhow::Context;

use sargon_z80::crosscheck::{Report, merge};
use sargon_z80::text::grouped;

use super::super::output::outln;
use super::{CrosscheckArgs, show, status};

/// The largest report read: a report of many failures with both lists each stays far below,
/// and a file that is not one (`/dev/zero`) is refused before much is read.
const MAX_REPORT: u64 = 64 << 20;

/// Reads, merges and prints the reports; returns the exit status of the merged verdict.
pub fn run(args: &CrosscheckArgs) -> anyhow::Result<i32> {
    let mut parts = Vec::new();
    let mut image_words: Option<Vec<String>> = None;
    for path in &args.merge {
        let (report, words) = read(path)?;
        image_words.get_or_insert(words);
        parts.push(report);
    }
    let count = parts.len();
    let whole = merge(parts)?;
    let image_words = image_words.unwrap_or_default();
    if args.json {
        let json = show::json(&whole, &image_words, None)?;
        outln!("{}", serde_json::to_string_pretty(&json)?)?;
    } else {
        outln!(
            "crosscheck: {count} report(s) merged: {} listed position(s) to depth {}, {} random position(s) to depth {}, seed {}",
            grouped(whole.listed),
            whole.run.depth,
            grouped(whole.random),
            whole.run.random_depth,
            whole.seed
        )?;
        show::body(&whole, &image_words, true)?;
    }
    Ok(status(&whole))
}

/// One part's report and the image arguments its replay commands use.
fn read(path: &Path) -> anyhow::Result<(Report, Vec<String>)> {
    let name = sargon_z80::files::path_text(path);
    let mut text = String::new();
    std::fs::File::open(path)
        .with_context(|| format!("cannot read {name}"))?
        .take(MAX_REPORT + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {name}"))?;
    if text.len() as u64 > MAX_REPORT {
        anyhow::bail!(
            "{name}: a report is at most {} MiB and this file is larger",
            MAX_REPORT >> 20
        );
    }
    let value: serde_json::Value = serde_json::from_str(&text)
        .with_context(|| format!("{name}: not a JSON report of `crosscheck --json`"))?;
    if let Some(error) = value.get("error") {
        anyhow::bail!("{name}: the part failed: {error}");
    }
    let words = value["image_args"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|w| w.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    let report = serde_json::from_value(value)
        .with_context(|| format!("{name}: not a JSON report of `crosscheck --json`"))?;
    Ok((report, words))
}
