//! Standard-rules perft against the published counts in ../shared/perft/*.epd.
//!
//! `cargo test --release` runs every case up to 10^7 nodes (10^5 in debug builds, which are
//! about 30 times slower); the ignored `perft_suites_deep` runs the deeper cases, from
//! `SARGON_PERFT_MIN_NODES` (default just above 10^7) up to `SARGON_PERFT_MAX_NODES` (default
//! 10^9) nodes.

mod shared;

use sargon_z80::position::Board;
use sargon_z80::reference::{Rules, perft};
use shared::shared_dir;

/// One published count: FEN, depth, nodes, and where it comes from.
struct Case {
    fen: String,
    depth: u32,
    nodes: u64,
    origin: String,
}

fn cases(file: &str) -> Vec<Case> {
    let path = shared_dir().join("perft").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let mut cases = Vec::new();
    for (line_index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        for part in parts {
            let (depth, nodes) = part
                .trim()
                .strip_prefix('D')
                .and_then(|rest| rest.split_once(' '))
                .unwrap_or_else(|| panic!("{file}:{}: bad field {part:?}", line_index + 1));
            cases.push(Case {
                fen: fen.clone(),
                depth: depth.parse().expect("depth"),
                nodes: nodes.trim().parse().expect("node count"),
                origin: format!("{file}:{}", line_index + 1),
            });
        }
    }
    assert!(!cases.is_empty(), "{} holds no perft cases", path.display());
    cases
}

/// Runs every case whose published count lies in `min..=max` nodes; returns (cases, nodes).
fn run(min: u64, max: u64) -> (usize, u64) {
    let mut run = 0;
    let mut total = 0;
    let mut failures = Vec::new();
    for case in ["cpw.epd", "perftsuite.epd"]
        .iter()
        .flat_map(|file| cases(file))
    {
        if case.nodes < min || case.nodes > max {
            continue;
        }
        let mut board = Board::from_fen(&case.fen)
            .unwrap_or_else(|err| panic!("{}: {} does not parse: {err}", case.origin, case.fen));
        let nodes = perft(&mut board, case.depth, Rules::Standard);
        if nodes != case.nodes {
            failures.push(format!(
                "{} {} D{}: expected {}, got {nodes}",
                case.origin, case.fen, case.depth, case.nodes
            ));
        }
        run += 1;
        total += nodes;
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    (run, total)
}

#[test]
fn perft_suites_up_to_ten_million_nodes() {
    let max = if cfg!(debug_assertions) {
        100_000
    } else {
        10_000_000
    };
    let (cases, nodes) = run(0, max);
    println!("{cases} perft cases up to {max} nodes each, {nodes} nodes in total");
    assert!(cases > 500, "only {cases} cases ran");
}

#[test]
#[ignore = "deep perft: minutes to hours depending on SARGON_PERFT_MIN_NODES/MAX_NODES"]
fn perft_suites_deep() {
    let limit = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .map(|text| {
                text.parse()
                    .unwrap_or_else(|_| panic!("{name} must be a number"))
            })
            .unwrap_or(default)
    };
    let min = limit("SARGON_PERFT_MIN_NODES", 10_000_001);
    let max = limit("SARGON_PERFT_MAX_NODES", 1_000_000_000);
    let (cases, nodes) = run(min, max);
    println!("{cases} deep perft cases of {min} to {max} nodes each, {nodes} nodes in total");
}
