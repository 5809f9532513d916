//! Which name an address gets when several symbols share its value.
//!
//! A pasmo symbol file lists labels and EQU constants alike, so a 1978-style image has small
//! constants (KNIGHT EQU 2, BLACK EQU 80H) with the same values as the variables at the
//! bottom of memory. The project's assembler marks the labels in its symbol files; where a
//! file has no marks, nothing tells a label from a constant. The rule, in order:
//! 1. a value with one name is called by it;
//! 2. among several, a name the harness reads (the board ABI's and the search's variables and
//!    routines) wins: those are addresses by definition;
//! 3. where the file marks labels, labels win over constants (`PTR2`, not `KNIGHT`);
//! 4. boundary markers (ORG, CODE_START, CODE_END) give way to any other name;
//! 5. names still tied are all shown, in byte order, joined by `/` (`KNIGHT/T1`): no guess
//!    is made between names of one kind.

/// The names the Sargon harness reads, in the order the ABI and search specifications list
/// them: variables and routines, never constants.
pub const HARNESS_NAMES: &[&str] = &[
    "BOARDA", "COLOR", "POSK", "POSQ", "CKFLG", "MLIST", "MLNXT", "MLPTRI", "MLPTRJ", "PLYIX",
    "GENMOV", "INCHK", "MOVE", "UNMOVE", "INITBD", "STACK", "MLEND", "MLLST", "MLOVF", "PERFT",
    "PDEPTH", "PCOUNT", "FNDMOV", "SORTM", "EVAL", "ASCEND", "BOOK", "CPTRMV", "VALMOV", "POINTS",
    "KOLOR", "PMATE", "MOVENO", "PLYMAX", "NPLY", "MATEF", "VALM", "BRDC", "MTRL", "BC0", "MV0",
    "BMOVES", "SCORE", "SCRIX", "BESTM", "PTSL", "PTSW1", "PTSW2", "PTSCK", "PREVMV", "PINFND",
];

/// Names that mark where something begins or ends rather than naming a thing.
pub const MARKERS: &[&str] = &["ORG", "CODE_START", "CODE_END"];

fn rank(name: &str) -> Option<usize> {
    HARNESS_NAMES
        .iter()
        .position(|known| known.eq_ignore_ascii_case(name))
}

fn is_marker(name: &str) -> bool {
    MARKERS.iter().any(|m| m.eq_ignore_ascii_case(name))
}

/// The name shown for an address whose symbols are `names` (not empty), by the rule above;
/// `labels` are those of them the symbol file marks as labels (none when it has no marks).
pub fn label(names: &[&str], labels: &[&str]) -> String {
    if let [one] = names {
        return one.to_string();
    }
    if let Some(best) = names.iter().filter_map(|n| rank(n).map(|r| (r, n))).min() {
        return best.1.to_string();
    }
    let kind = if labels.is_empty() { names } else { labels };
    let mut rest: Vec<&str> = kind.iter().copied().filter(|n| !is_marker(n)).collect();
    if rest.is_empty() {
        rest = kind.to_vec();
    }
    rest.sort_unstable();
    rest.dedup();
    rest.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_in_order() {
        assert_eq!(label(&["M1"], &[]), "M1");
        assert_eq!(label(&["KNIGHT", "COLOR"], &[]), "COLOR");
        assert_eq!(label(&["BLACK", "posk", "WHITE"], &[]), "posk");
        assert_eq!(
            label(&["STACK", "MLIST"], &[]),
            "MLIST",
            "the specs' order breaks a tie"
        );
        assert_eq!(label(&["CODE_START", "TABW"], &[]), "TABW");
        assert_eq!(label(&["CODE_END", "ORG"], &[]), "CODE_END/ORG");
        assert_eq!(label(&["T1", "KNIGHT"], &[]), "KNIGHT/T1");
        assert_eq!(
            label(&["KNIGHT", "PTR2"], &["PTR2"]),
            "PTR2",
            "a label over a constant"
        );
        assert_eq!(
            label(&["KNIGHT", "COLOR"], &["KNIGHT"]),
            "COLOR",
            "the harness first"
        );
        assert_eq!(
            label(&["T1", "PTR2", "X"], &["X", "PTR2"]),
            "PTR2/X",
            "labels tied"
        );
        assert_eq!(label(&["CODE_START", "K"], &["CODE_START"]), "CODE_START");
    }
}
