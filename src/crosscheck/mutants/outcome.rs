//! What a mutation run found: each mutant's fate (killed by the default run, killed only by the
//! deep run, or told apart by neither), what killed it, and the counts a table shows.

use std::time::Duration;

use serde::Serialize;

use super::super::outcome::{PositionFailure, Runaway, SearchFailed, seconds};
use super::code::CodeMap;
use super::mutant::Mutant;

/// What a cross-check found on a mutant: the first failure of the run that killed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Found {
    /// A position on which the image and the reference differ.
    Mismatch(Box<PositionFailure>),
    /// A search on which the image and the native engine differ.
    SearchMismatch(Box<SearchFailed>),
    /// The image ran away (a budget, a leash, a protected write, PC or SP out of bounds): the
    /// machine's guards ended it.
    Runaway(Box<Runaway>),
}

impl Found {
    /// One line: what was found, where.
    pub fn headline(&self) -> String {
        match self {
            Found::Mismatch(f) => format!(
                "MISMATCH at position {} ({}): {}",
                f.job,
                f.origin.label(),
                f.mismatch.kind.headline()
            ),
            Found::SearchMismatch(f) => format!(
                "SEARCH MISMATCH on {} at PLYMAX {}: {}",
                f.origin.label(),
                f.plymax,
                f.failure
            ),
            Found::Runaway(r) => format!(
                "ran away on {} {}{}: {}",
                if r.search {
                    "the search of"
                } else {
                    "position"
                },
                r.origin.label(),
                match r.path.is_empty() {
                    true => String::new(),
                    false => format!(" after [{}]", r.path.join(" ")),
                },
                r.error
            ),
        }
    }

    /// What kind of failure: `mismatch`, `search mismatch` or `ran away`.
    pub fn kind(&self) -> &'static str {
        match self {
            Found::Mismatch(_) => "mismatch",
            Found::SearchMismatch(_) => "search mismatch",
            Found::Runaway(_) => "ran away",
        }
    }

    /// The machine's guard that stopped the image, when one did (its error is the failure):
    /// `runaway code` (a budget, a leash, an endless walk), `HALT`, `protected write`, `stack`
    /// (SP out of its region) or `PC left the image`.
    pub fn guard(&self) -> Option<&'static str> {
        let text = match self {
            Found::Mismatch(f) => f.mismatch.kind.headline(),
            Found::SearchMismatch(f) => f.failure.clone(),
            Found::Runaway(r) => r.error.clone(),
        };
        GUARDS
            .iter()
            .find(|(words, _)| text.contains(words))
            .map(|&(_, guard)| guard)
    }
}

/// The words of the machine's errors that say a guard stopped a call, and the guard's name.
const GUARDS: [(&str, &str); 5] = [
    ("runaway code: ", "runaway code"),
    ("HALT executed at ", "HALT"),
    (" to protected address ", "protected write"),
    ("stack pointer left the stack region", "stack"),
    ("PC left the loaded image", "PC left the image"),
];

/// What became of a mutant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "fate", rename_all = "kebab-case")]
pub enum Fate {
    /// The default run failed on it.
    Killed {
        /// Its first failure.
        found: Found,
    },
    /// The default run passed it and the deep run failed on it: the default run missed it.
    Missed {
        /// The deep run's first failure.
        found: Found,
        /// Which of the deep runs (0-based) found it.
        deep_run: usize,
    },
    /// Both runs passed it: no cross-check tells it from the image (its byte is never run,
    /// or changes nothing the routines leave behind).
    Equivalent,
    /// The default run passed it and the deep run was interrupted.
    Unsettled,
}

/// One mutant and its fate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MutantResult {
    /// The mutant.
    pub mutant: Mutant,
    /// What became of it.
    #[serde(flatten)]
    pub fate: Fate,
    /// The default run's wall time on it.
    #[serde(rename = "default_seconds", with = "seconds")]
    pub default_wall: Duration,
    /// The deep run's wall time on it (zero when the default run killed it).
    #[serde(rename = "deep_seconds", with = "seconds")]
    pub deep_wall: Duration,
}

/// The counts of a mutation run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct MutationTally {
    /// Mutants whose fate is settled.
    pub mutants: u64,
    /// Killed by the default run.
    pub killed: u64,
    /// Of these, stopped by the machine's guards (runaway code, a protected write, PC or SP
    /// out of bounds, HALT) rather than found to differ.
    pub guarded: u64,
    /// Killed only by the deep run.
    pub missed: u64,
    /// Killed by neither.
    pub equivalent: u64,
}

impl MutationTally {
    /// Killed by the default run over all that some run kills (1 when none is).
    pub fn kill_ratio(&self) -> f64 {
        let killable = self.killed + self.missed;
        if killable == 0 {
            1.0
        } else {
            self.killed as f64 / killable as f64
        }
    }
}

/// What a mutation run did.
#[derive(Debug, Clone, Serialize)]
pub struct MutationReport {
    /// The seed of the mutants and of the runs' random positions.
    pub seed: u64,
    /// Mutants asked for.
    pub asked: u64,
    /// The first code address.
    pub code_start: u16,
    /// One past the last.
    pub code_end: u32,
    /// Code bytes mutants are drawn from.
    pub code_bytes: usize,
    /// Every mutant whose default run finished, in index order.
    pub results: Vec<MutantResult>,
    /// True when the run was stopped (Ctrl-C) before every mutant was settled.
    pub interrupted: bool,
    /// The unmutated image's default run, wall time.
    #[serde(rename = "baseline_seconds", with = "seconds")]
    pub baseline_wall: Duration,
    /// The whole run's wall time.
    #[serde(rename = "wall_seconds", with = "seconds")]
    pub wall: Duration,
    /// Worker threads.
    pub threads: usize,
}

impl MutationReport {
    pub(super) fn new(seed: u64, asked: u64, code: &CodeMap, threads: usize) -> MutationReport {
        MutationReport {
            seed,
            asked,
            code_start: code.start,
            code_end: code.end,
            code_bytes: code.len(),
            results: Vec::new(),
            interrupted: false,
            baseline_wall: Duration::ZERO,
            wall: Duration::ZERO,
            threads,
        }
    }

    /// The counts over the settled mutants.
    pub fn tally(&self) -> MutationTally {
        let mut t = MutationTally::default();
        for result in &self.results {
            match &result.fate {
                Fate::Killed { found } => {
                    t.killed += 1;
                    t.guarded += u64::from(found.guard().is_some());
                }
                Fate::Missed { .. } => t.missed += 1,
                Fate::Equivalent => t.equivalent += 1,
                Fate::Unsettled => continue,
            }
            t.mutants += 1;
        }
        t
    }

    /// The default runs' wall time over all mutants.
    pub fn default_wall(&self) -> Duration {
        self.results.iter().map(|r| r.default_wall).sum()
    }

    /// How many kills of the default run each guard made, most first.
    pub fn guards(&self) -> Vec<(&'static str, u64)> {
        let mut counts: Vec<(&'static str, u64)> = GUARDS.iter().map(|&(_, g)| (g, 0)).collect();
        for result in &self.results {
            if let Fate::Killed { found } = &result.fate {
                if let Some(guard) = found.guard() {
                    if let Some(count) = counts.iter_mut().find(|(g, _)| *g == guard) {
                        count.1 += 1;
                    }
                }
            }
        }
        counts.retain(|&(_, n)| n > 0);
        counts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        counts
    }

    /// The deep runs' wall time over all survivors.
    pub fn deep_wall(&self) -> Duration {
        self.results.iter().map(|r| r.deep_wall).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crosscheck::outcome::SearchFailed;
    use crate::crosscheck::suite::Origin;
    use crate::machine::MachineError;

    fn search_failure(error: MachineError) -> Found {
        Found::SearchMismatch(Box::new(SearchFailed {
            job: 0,
            origin: Origin::Fen,
            root_fen: String::new(),
            plymax: 1,
            failure: format!("the image's search failed: FNDMOV failed: {error}"),
        }))
    }

    #[test]
    fn every_guard_of_the_machine_is_named() {
        let errors = [
            (
                MachineError::BudgetExceeded {
                    pc: 1,
                    count: 2,
                    tstates: 3,
                    routine: None,
                },
                "runaway code",
            ),
            (
                MachineError::NoProgress {
                    pc: 1,
                    count: 2,
                    tstates: 3,
                    leash: 4,
                    marks: "POINTS".into(),
                    routine: None,
                },
                "runaway code",
            ),
            (
                MachineError::Endless {
                    pc: 1,
                    count: 2,
                    tstates: 3,
                    rule: "a list whose links loop".into(),
                    routine: None,
                },
                "runaway code",
            ),
            (MachineError::Halted { pc: 1 }, "HALT"),
            (
                MachineError::ProtectedWrite {
                    addr: 1,
                    value: 2,
                    pc: 3,
                },
                "protected write",
            ),
            (MachineError::StackOutOfRange { sp: 1, pc: 2 }, "stack"),
            (MachineError::PcOutsideImage { pc: 1 }, "PC left the image"),
        ];
        for (error, guard) in errors {
            assert_eq!(search_failure(error).guard(), Some(guard));
        }
        let differ = Found::SearchMismatch(Box::new(SearchFailed {
            job: 0,
            origin: Origin::Fen,
            root_fen: String::new(),
            plymax: 1,
            failure: "score (SCORE+1): image 0x80, native 0x81".into(),
        }));
        assert_eq!(differ.guard(), None);
    }
}
