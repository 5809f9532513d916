//! What looks wrong in an image's symbols: routines outside its bytes, variables past the top
//! of memory or over one another, addresses the harness uses that share their value with
//! other names.

use crate::machine::Image;
use crate::text::address_span;

/// The routines the harness calls.
const ROUTINES: [&str; 8] = [
    "GENMOV", "INCHK", "MOVE", "UNMOVE", "INITBD", "PERFT", "FNDMOV", "POINTS",
];

/// The variables and tables the harness reads or writes, with the bytes it uses (ABI
/// section 2, SARGON_SEARCH.md section 2.1; PLYIX for 8 plies).
const VARIABLES: [(&str, u16); 29] = [
    ("BOARDA", 120),
    ("COLOR", 1),
    ("POSK", 2),
    ("POSQ", 3),
    ("CKFLG", 1),
    ("MLNXT", 2),
    ("MLLST", 2),
    ("MLPTRI", 2),
    ("MLPTRJ", 2),
    ("PLYIX", super::super::PLY_TABLE_BYTES),
    ("MLOVF", 1),
    ("PDEPTH", 1),
    ("PCOUNT", 4),
    ("KOLOR", 1),
    ("MOVENO", 1),
    ("PLYMAX", 1),
    ("NPLY", 1),
    ("PMATE", 1),
    ("VALM", 1),
    ("BESTM", 2),
    ("SCORE", 12),
    ("BRDC", 1),
    ("MTRL", 1),
    ("PTSL", 1),
    ("PTSW1", 1),
    ("PTSW2", 1),
    ("PTSCK", 1),
    ("BC0", 1),
    ("MV0", 1),
];

/// Names that mark a place rather than name a thing: sharing a value with them is normal.
const MARKERS: [&str; 3] = ["ORG", "CODE_START", "CODE_END"];

/// One sentence per finding, routines first, then variables, then shared names.
pub fn suspicious(image: &Image) -> Vec<String> {
    let mut found = outside(image);
    let spans: Vec<(&str, u16, u16)> = VARIABLES
        .iter()
        .filter_map(|&(name, len)| image.symbols.get(name).map(|at| (name, at, len)))
        .collect();
    found.extend(past_top(&spans));
    found.extend(overlaps(&spans));
    found.extend(shared(image, &spans));
    found
}

fn outside(image: &Image) -> Vec<String> {
    ROUTINES
        .iter()
        .filter_map(|&name| image.symbols.get(name).map(|at| (name, at)))
        .filter(|&(_, at)| !image.contains(at))
        .map(|(name, at)| {
            format!(
                "{name} = {at:#06X} lies outside the image's bytes {} (wrong --org or --sym?)",
                address_span(u32::from(image.org), image.end())
            )
        })
        .collect()
}

fn past_top(spans: &[(&str, u16, u16)]) -> Vec<String> {
    spans
        .iter()
        .filter(|&&(_, at, len)| u32::from(at) + u32::from(len) > 0x1_0000)
        .map(|&(name, at, len)| {
            format!("{name} = {at:#06X}: its {len} bytes run past the top of memory")
        })
        .collect()
}

fn overlaps(spans: &[(&str, u16, u16)]) -> Vec<String> {
    let mut found = Vec::new();
    for (i, &(a, at_a, len_a)) in spans.iter().enumerate() {
        for &(b, at_b, len_b) in &spans[i + 1..] {
            let (start_a, start_b) = (u32::from(at_a), u32::from(at_b));
            if start_a < start_b + u32::from(len_b) && start_b < start_a + u32::from(len_a) {
                found.push(format!(
                    "{a} ({at_a:#06X}, {len_a} bytes) and {b} ({at_b:#06X}, {len_b} bytes) overlap"
                ));
            }
        }
    }
    found
}

fn shared(image: &Image, spans: &[(&str, u16, u16)]) -> Vec<String> {
    spans
        .iter()
        .filter_map(|&(name, at, _)| {
            let others: Vec<&str> = image
                .symbols
                .names_at(at)
                .into_iter()
                .filter(|n| {
                    !n.eq_ignore_ascii_case(name)
                        && !MARKERS.contains(&n.to_ascii_uppercase().as_str())
                })
                .collect();
            (!others.is_empty()).then(|| {
                format!(
                    "{name} ({at:#06X}) shares its value with {} (listings show {})",
                    others.join(", "),
                    image.symbols.label_at(at).unwrap_or(name)
                )
            })
        })
        .collect()
}
