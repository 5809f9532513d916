//! `crosscheck --merge`: the --json reports of a run's parts joined into the report of the
//! whole run, printed as a run prints.

use std::io::Read;
use std::path::Path;

use anyhow::Context;

use sargon_z80::files::printable;

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
    let mut value: serde_json::Value =
        serde_json::from_str(&text).map_err(|error| not_a_report(&name, &error))?;
    // A report is a file like any other: what it says reaches the terminal escaped.
    escape_strings(&mut value);
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
    let report = serde_json::from_value(value).map_err(|error| not_a_report(&name, &error))?;
    Ok((report, words))
}

/// The error for a file that is not a report, serde's reason escaped (it quotes the file).
fn not_a_report(name: &str, error: &serde_json::Error) -> anyhow::Error {
    let reason = printable(&error.to_string(), 200);
    anyhow::anyhow!("{name}: not a JSON report of `crosscheck --json`: {reason}")
}

/// Every string in `value` with its control characters escaped (`\u{1b}`), so that the
/// failures, positions, file names and image words a report carries are printed as text, never
/// as escape sequences or bells; a report the tool wrote has none.
fn escape_strings(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::String(text) if text.chars().any(char::is_control) => {
            *text = printable(text, usize::MAX);
        }
        Value::Array(items) => items.iter_mut().for_each(escape_strings),
        Value::Object(fields) => fields.values_mut().for_each(escape_strings),
        _ => {}
    }
}
