//! One search of the built-in image against the 1978 program's: every field of search.jsonl
//! and, where traces.jsonl has it, the evaluation sequence record by record.

use super::data::Case;
use super::watch::Record;
use super::{Outcome, Rig, uci};

/// The result of one comparison: the differences (empty when none) and the T-state ratio.
pub struct Verdict {
    pub differences: Vec<String>,
    /// Our FNDMOV T-states and the 1978 program's.
    pub ours: u64,
    pub theirs: u64,
    pub points: u64,
    pub stack_bytes: u16,
}

/// Runs `case` at `plymax` and compares; `trace` is the 1978 sequence when known.
pub fn check(rig: &Rig, case: &Case, plymax: u8, trace: Option<&[Record]>) -> Verdict {
    let exp = case
        .at(plymax)
        .unwrap_or_else(|| panic!("position {} has no PLYMAX {plymax}", case.index));
    let mut verdict = Verdict {
        differences: Vec::new(),
        ours: 0,
        theirs: exp.tstates,
        points: 0,
        stack_bytes: 0,
    };
    let keep = trace.is_some() || plymax == 2;
    let out = match rig.search(&case.setup(plymax), keep) {
        Ok(out) => out,
        Err(e) => {
            verdict.differences.push(e);
            return verdict;
        }
    };
    verdict.ours = out.cost.tstates;
    verdict.points = out.points;
    verdict.stack_bytes = out.stack_bytes;
    let d = &mut verdict.differences;
    let mut differ = |what: &str, ours: String, theirs: String| {
        if ours != theirs {
            d.push(format!("{what}: ours {ours}, 1978 {theirs}"));
        }
    };
    let best = (out.bestm != 0).then(|| uci(out.best[0], out.best[1], out.best[2]));
    differ("best", format!("{best:?}"), format!("{:?}", exp.best));
    if out.bestm != 0 {
        differ(
            "best_flags",
            format!("{:#04X}", out.best[2]),
            format!("{:#04X}", exp.best_flags),
        );
    }
    differ(
        "SCORE+1",
        format!("{:#04X}", out.score),
        format!("{:#04X}", exp.score),
    );
    differ(
        "POINTS calls",
        out.points.to_string(),
        exp.points_calls.to_string(),
    );
    differ(
        "trace digest",
        format!("{:016x}", out.digest),
        exp.trace_fnv1a64.clone(),
    );
    differ(
        "PLYMAX after",
        out.plymax_after.to_string(),
        exp.plymax_after.to_string(),
    );
    differ(
        "POSQ after",
        format!("{:?}", out.posq_after),
        format!("{:?}", exp.posq_after),
    );
    differ("MV0", out.mv0.to_string(), case.root.mv0.to_string());
    differ("BC0", out.bc0.to_string(), case.root.bc0.to_string());
    differ("MLOVF", out.mlovf.to_string(), "0".to_string());
    if let Some(first) = out.trace.first() {
        differ(
            "root VALM",
            first[3].to_string(),
            case.root.valm.to_string(),
        );
    }
    if plymax == 1 {
        ply1_list(case, &out, d);
    }
    if plymax == 2 {
        sort_values(case, &out, d);
    }
    if let Some(theirs) = trace {
        first_divergence(&out.trace, theirs, d);
    }
    verdict
}

/// After the PLYMAX 1 call: the ply-1 list in GENMOV order with every value byte.
fn ply1_list(case: &Case, out: &Outcome, d: &mut Vec<String>) {
    if out.ply1.len() != case.ply1.len() {
        d.push(format!(
            "ply-1 list: ours {} entries, 1978 {}",
            out.ply1.len(),
            case.ply1.len()
        ));
        return;
    }
    for (i, (ours, theirs)) in out.ply1.iter().zip(&case.ply1).enumerate() {
        let want = [theirs.from, theirs.to, theirs.flags, theirs.value];
        if *ours != want {
            d.push(format!(
                "ply-1 entry {i} ({}, {}): ours {ours:?}, 1978 {want:?} (from, to, flags, value)",
                theirs.uci, theirs.status
            ));
            return;
        }
    }
}

/// At PLYMAX 2 the evaluations at NPLY 1 right after the root are the pre-sort's, one per
/// legal ply-1 move in generation order: each must equal `sortm_valm`.
fn sort_values(case: &Case, out: &Outcome, d: &mut Vec<String>) {
    let want: Vec<(String, u8)> = case
        .ply1
        .iter()
        .filter_map(|p| p.sortm_valm.map(|v| (p.uci.clone(), v)))
        .collect();
    let ours = out.trace.iter().skip(1).take(want.len());
    for (i, (rec, (name, v))) in ours.zip(&want).enumerate() {
        if rec[0] != 1 || rec[3] != *v {
            d.push(format!(
                "pre-sort evaluation {i} ({name}): ours {rec:?}, 1978 VALM {v} at NPLY 1"
            ));
            return;
        }
    }
}

/// The first record where the sequences part, with both records and the ones before.
fn first_divergence(ours: &[Record], theirs: &[Record], d: &mut Vec<String>) {
    let at = ours
        .iter()
        .zip(theirs)
        .position(|(a, b)| a != b)
        .or_else(|| (ours.len() != theirs.len()).then(|| ours.len().min(theirs.len())));
    if let Some(i) = at {
        let show = |t: &[Record]| match t.get(i) {
            Some(r) => format!("{r:?}"),
            None => "(none: the sequence ended)".to_string(),
        };
        let before = i
            .checked_sub(1)
            .and_then(|j| theirs.get(j))
            .map_or("-".to_string(), |r| format!("{r:?}"));
        d.push(format!(
            "trace record {i} of {} (NPLY, from, to, VALM): ours {}, 1978 {} (record before: {before})",
            theirs.len(),
            show(ours),
            show(theirs)
        ));
    }
}
