//! Comparing two traces: the setup, then the evaluations and the GENMOV lists in search order,
//! then the results. The first difference is returned; [`super::locate()`] places it in the
//! search and [`super::explain`] says what it is.

use super::format::{Trace, TraceSetup};

/// Which trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first trace named.
    A,
    /// The second.
    B,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B (for pairs indexed by side).
    pub fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    /// "A" or "B".
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }
}

/// The first place two traces differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// They are traces of different searches: the fields that differ (nothing else compared).
    Setup(Vec<&'static str>),
    /// GENMOV number `index` (0-based, in search order) differs: its ply, or its entries from
    /// `entry` on (a list that is a prefix of the other differs at the shorter one's length).
    List {
        /// Which GENMOV.
        index: usize,
        /// The first differing entry; None when the plies differ or one side has no more lists.
        entry: Option<usize>,
    },
    /// Evaluation number `index` differs, or one trace ends there.
    Evaluation {
        /// Which evaluation (0 is the root's).
        index: usize,
    },
    /// Everything traced agrees but the results differ in `field`.
    Result {
        /// "best" or "score".
        field: &'static str,
    },
}

/// What two traces have in common and where they part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// Evaluations equal in both, from the first (all of them when they agree), terms included
    /// when both have them.
    pub common: usize,
    /// Leading evaluation records (NPLY, from, to, VALM) equal in both, terms ignored: beyond
    /// `common` when only terms differ at first.
    pub common_records: usize,
    /// GENMOV lists compared and equal (0 unless both traces have lists).
    pub lists: usize,
    /// True when both traces carry terms (and so terms were compared).
    pub terms: bool,
    /// The first difference; None when the traces agree.
    pub difference: Option<Difference>,
}

/// Compares two traces.
pub fn compare(a: &Trace, b: &Trace) -> Comparison {
    let terms = a.header.terms && b.header.terms;
    let setup = setup_fields(&a.header.setup, &b.header.setup);
    if !setup.is_empty() {
        return Comparison {
            common: 0,
            common_records: 0,
            lists: 0,
            terms,
            difference: Some(Difference::Setup(setup)),
        };
    }
    let common = common_evaluations(a, b, terms);
    let (lists, list_difference) = if a.header.lists && b.header.lists {
        first_list_difference(a, b)
    } else {
        (0, None)
    };
    let evaluation_differs = common < a.evaluations.len().max(b.evaluations.len());
    let difference = match (list_difference, evaluation_differs) {
        // A list made before the evaluation where the records part comes first: the evaluations
        // after a wrong list are its consequences.
        (Some((index, entry, after)), _) if !evaluation_differs || after <= common => {
            Some(Difference::List { index, entry })
        }
        (_, true) => Some(Difference::Evaluation { index: common }),
        _ => result_difference(a, b),
    };
    Comparison {
        common,
        common_records: common_evaluations(a, b, false),
        lists: match difference {
            Some(Difference::List { index, .. }) => index,
            _ => lists,
        },
        terms,
        difference,
    }
}

/// The setup fields that differ.
fn setup_fields(a: &TraceSetup, b: &TraceSetup) -> Vec<&'static str> {
    let (x, y) = (&a.board, &b.board);
    [
        ("boarda", x.cells != y.cells),
        ("posk", x.posk != y.posk),
        ("posq", x.posq != y.posq),
        ("side to move", x.color != y.color),
        ("prev", x.prev != y.prev),
        ("moveno", a.moveno != b.moveno),
        ("plymax", a.plymax != b.plymax),
        // R only matters to the book.
        ("r_register", a.moveno == 1 && a.r_register != b.r_register),
    ]
    .into_iter()
    .filter_map(|(name, differs)| differs.then_some(name))
    .collect()
}

/// Leading evaluations equal in record and, when both have them, in terms.
fn common_evaluations(a: &Trace, b: &Trace, terms: bool) -> usize {
    (a.evaluations.iter().zip(&b.evaluations))
        .position(|(x, y)| x.record != y.record || (terms && x.terms != y.terms))
        .unwrap_or(a.evaluations.len().min(b.evaluations.len()))
}

/// The first GENMOV that differs: its index, first differing entry, and the evaluations made
/// before it (the earlier of the two sides); and how many lists agree before it.
fn first_list_difference(a: &Trace, b: &Trace) -> (usize, Option<(usize, Option<usize>, usize)>) {
    let pairs = a.lists.iter().zip(&b.lists);
    for (index, (x, y)) in pairs.enumerate() {
        let after = x.after.min(y.after);
        if x.ply != y.ply {
            return (index, Some((index, None, after)));
        }
        let entries = x.entries.iter().zip(&y.entries);
        let differs = entries.map(|(p, q)| p.entry != q.entry).position(|d| d);
        let entry = differs.or_else(|| {
            (x.entries.len() != y.entries.len()).then(|| x.entries.len().min(y.entries.len()))
        });
        if entry.is_some() {
            return (index, Some((index, entry, after)));
        }
    }
    let shared = a.lists.len().min(b.lists.len());
    if a.lists.len() == b.lists.len() {
        return (shared, None);
    }
    let longer = if a.lists.len() > b.lists.len() { a } else { b };
    let after = longer.lists[shared].after;
    (shared, Some((shared, None, after)))
}

/// The results, when both traces have one and both name the field.
fn result_difference(a: &Trace, b: &Trace) -> Option<Difference> {
    let (x, y) = (a.result.as_ref()?, b.result.as_ref()?);
    if x.best.is_some() && y.best.is_some() && x.best != y.best {
        return Some(Difference::Result { field: "best" });
    }
    if x.score.is_some() && y.score.is_some() && x.score != y.score {
        return Some(Difference::Result { field: "score" });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EvalRecord, Setup};
    use crate::position::Entry;
    use crate::trace::format::{Evaluation, GenList, ListEntry, TraceHeader, TraceResult};

    /// A list as (ply, entries as (from, to), evaluations before it).
    type ListSpec<'a> = (u8, &'a [(u8, u8)], usize);

    fn trace(records: &[(u8, u8, u8, u8)], lists: &[ListSpec<'_>]) -> Trace {
        let setup = Setup::startpos();
        Trace {
            header: TraceHeader {
                setup: TraceSetup::new("startpos".into(), &setup, 2, 0),
                engine: None,
                image: None,
                terms: false,
                lists: !lists.is_empty(),
            },
            evaluations: records
                .iter()
                .map(|&(ply, from, to, valm)| Evaluation {
                    record: EvalRecord {
                        ply,
                        from,
                        to,
                        valm,
                    },
                    terms: None,
                })
                .collect(),
            lists: lists
                .iter()
                .map(|&(ply, entries, after)| GenList {
                    ply,
                    entries: ListEntry::mark(entries.iter().map(|&(f, t)| Entry::new(f, t, 0))),
                    after,
                })
                .collect(),
            result: None,
        }
    }

    #[test]
    fn the_first_differing_record_or_the_shorter_end() {
        let a = trace(&[(0, 0, 0, 128), (1, 22, 41, 124), (1, 22, 43, 122)], &[]);
        let mut b = a.clone();
        assert_eq!(compare(&a, &b).difference, None);
        assert_eq!(compare(&a, &b).common, 3);
        b.evaluations[2].record.valm = 121;
        assert_eq!(
            compare(&a, &b).difference,
            Some(Difference::Evaluation { index: 2 })
        );
        b.evaluations.truncate(2);
        assert_eq!(
            compare(&a, &b).difference,
            Some(Difference::Evaluation { index: 2 })
        );
        b.header.setup.plymax = 3;
        assert_eq!(
            compare(&a, &b).difference,
            Some(Difference::Setup(vec!["plymax"]))
        );
    }

    #[test]
    fn a_list_comes_first_when_made_before_the_parting_evaluation() {
        let records = [(0, 0, 0, 128), (1, 22, 41, 124), (1, 22, 43, 122)];
        let a = trace(&records, &[(1, &[(22, 41), (22, 43)], 1)]);
        let mut b = trace(&records, &[(1, &[(22, 41), (22, 44)], 1)]);
        let diff = Difference::List {
            index: 0,
            entry: Some(1),
        };
        assert_eq!(compare(&a, &b).difference, Some(diff.clone()));
        b.evaluations[0].record.valm = 127;
        let diff0 = Difference::Evaluation { index: 0 };
        assert_eq!(compare(&a, &b).difference, Some(diff0));
        b.evaluations[0].record.valm = 128;
        b.lists[0].entries.pop();
        let prefix = Difference::List {
            index: 0,
            entry: Some(1),
        };
        assert_eq!(compare(&a, &b).difference, Some(prefix));
    }

    #[test]
    fn results_are_compared_last() {
        let a = trace(&[(0, 0, 0, 128)], &[]);
        let mut b = a.clone();
        let result = |best: &str| TraceResult {
            best: Some(best.into()),
            ..TraceResult::default()
        };
        let mut a = a;
        a.result = Some(result("b1c3"));
        b.result = Some(result("g1f3"));
        let diff = Difference::Result { field: "best" };
        assert_eq!(compare(&a, &b).difference, Some(diff));
    }
}
