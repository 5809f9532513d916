//! The reports of the parts of one run (shards, an interrupted run and its resumption) merged
//! into the report of the whole run, refusing parts of other runs, parts that overlap and
//! positions or searches that no part did: the searches are jobs of the run like its
//! positions, so the merged verdict is the whole run's, the search's included.

use super::outcome::{Report, Span};

/// Why reports cannot be merged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No report was given.
    #[error("no report to merge")]
    Empty,
    /// A report is of another run than the first.
    #[error("report {index} is of another run than report 1 ({what} differs)")]
    OtherRun {
        /// The report's 1-based position in the list.
        index: usize,
        /// What differs.
        what: &'static str,
    },
    /// Two reports checked some of the same jobs.
    #[error("{} {}..{} are in more than one report", .0, .1.first, .1.end)]
    Overlap(&'static str, Span),
    /// Jobs that no report did (a part missing, or interrupted and not resumed).
    #[error(
        "{} {}..{} are in no report (a part is missing, or was interrupted and not resumed)",
        .0,
        .1.first,
        .1.end
    )]
    Missing(&'static str, Span),
}

/// What a run's jobs are called in an error: its positions, or its positions and searches.
fn jobs(report: &Report) -> &'static str {
    if report.run.searched == 0 {
        "positions"
    } else {
        "jobs (positions, then searches)"
    }
}

/// The first field by which two runs differ.
fn difference(a: &Report, b: &Report) -> Option<&'static str> {
    let (x, y) = (&a.run, &b.run);
    [
        (x.total != y.total, "the number of positions"),
        (x.listed != y.listed, "the number of listed positions"),
        (x.depth != y.depth, "--depth"),
        (x.seed != y.seed, "the seed"),
        (x.random != y.random, "--random"),
        (x.random_first != y.random_first, "the first random index"),
        (x.random_depth != y.random_depth, "--random-depth"),
        (
            x.positions_digest != y.positions_digest,
            "the listed positions",
        ),
        (x.image_digest != y.image_digest, "the image"),
        (x.search_ply != y.search_ply, "the search's PLYMAX"),
        (x.searched != y.searched, "the searched positions"),
        (
            x.search_random != y.search_random,
            "the searched random positions",
        ),
    ]
    .into_iter()
    .find_map(|(differs, what)| differs.then_some(what))
}

/// Merges the reports of the parts of one run into the report of the whole run. Every
/// position must have been checked by exactly one part, except those after a part that
/// stopped at its first failure (the merged verdict is a mismatch then anyway).
pub fn merge(mut parts: Vec<Report>) -> Result<Report, MergeError> {
    let first = parts.first().ok_or(MergeError::Empty)?;
    for (index, part) in parts.iter().enumerate().skip(1) {
        if let Some(what) = difference(first, part) {
            return Err(MergeError::OtherRun {
                index: index + 1,
                what,
            });
        }
    }
    parts.sort_by_key(|p| (p.span.first, p.reached));
    check_coverage(&parts)?;
    let mut whole = parts[0].clone();
    whole.span = Span {
        first: 0,
        end: whole.run.total,
    };
    whole.reached = parts.iter().map(|p| p.reached).max().unwrap_or(0);
    whole.interrupted = false;
    for part in &parts[1..] {
        whole.positions += part.positions;
        whole.tally.add(part.tally);
        whole.epd_counts += part.epd_counts;
        whole.tstates += part.tstates;
        whole.wall += part.wall;
        whole.threads = whole.threads.max(part.threads);
        whole.failures.extend(part.failures.iter().cloned());
        whole.skipped.extend(part.skipped.iter().cloned());
        whole.search.add(&part.search);
    }
    whole.failures.sort_by_key(|f| f.job);
    whole.skipped.sort_by_key(|s| s.job);
    Ok(whole)
}

/// The parts, sorted by their first position, must check `0..total` once each.
fn check_coverage(parts: &[Report]) -> Result<(), MergeError> {
    let total = parts[0].run.total;
    let what = jobs(&parts[0]);
    let mut covered = 0;
    let mut excused = false;
    for part in parts.iter().filter(|p| p.reached > p.span.first) {
        let (first, reached) = (part.span.first, part.reached);
        if first < covered {
            let end = covered.min(reached);
            return Err(MergeError::Overlap(what, Span { first, end }));
        }
        if first > covered && !excused {
            return Err(MergeError::Missing(
                what,
                Span {
                    first: covered,
                    end: first,
                },
            ));
        }
        covered = reached.max(covered);
        excused = part.stopped_at_failure();
    }
    if covered < total && !excused {
        return Err(MergeError::Missing(
            what,
            Span {
                first: covered,
                end: total,
            },
        ));
    }
    Ok(())
}
