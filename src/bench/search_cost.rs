//! The emulated search's exact T-states beside the 1978 program's: the built-in image's FNDMOV
//! on the searches the 1978 program was measured on, set up the same way.

use serde::Serialize;

use crate::abi::search::{NoSearchObserver, SearchDriver, SearchOptions};
use crate::abi::search::{SearchRequest, SearchRun};
use crate::engine::Setup;
use crate::engine::speed::KIWIPETE_FEN;
use crate::machine::Image;

use super::BenchError;
use super::positions::START_FEN;

/// A search the 1978 program was measured on, with its cost there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search1978 {
    /// Short name for tables.
    pub name: &'static str,
    /// The position, set up as `sargon1978/README.md` says ([`Setup::from_fen`]).
    pub fen: &'static str,
    /// Its `index` in `../shared/sargon1978/search.jsonl`.
    pub index: usize,
    /// PLYMAX.
    pub plymax: u8,
    /// The 1978 FNDMOV's T-states: that line's `search[plymax - 1].tstates`.
    pub tstates: u64,
}

impl Search1978 {
    /// The FNDMOV request of this search (R = 0: MOVENO is at least 2, no book).
    pub fn request(&self) -> SearchRequest {
        let setup = Setup::from_fen(self.fen).expect("the bench FENs are valid");
        SearchRequest {
            board: setup.board,
            moveno: setup.moveno,
            plymax: self.plymax,
            r_register: 0,
        }
    }
}

const fn search(
    name: &'static str,
    fen: &'static str,
    index: usize,
    plymax: u8,
    tstates: u64,
) -> Search1978 {
    Search1978 {
        name,
        fen,
        index,
        plymax,
        tstates,
    }
}

/// The start position at PLYMAX 1, 2 and 3 (`search.jsonl` line 0), the yardsticks of the
/// timed searches: the search at PLYMAX p is `START_1978[p - 1]`.
pub const START_1978: [Search1978; 3] = [
    search("start", START_FEN, 0, 1, 13_298_860),
    search("start", START_FEN, 0, 2, 75_159_952),
    search("start", START_FEN, 0, 3, 577_809_511),
];

/// The searches whose T-states a full run compares at PLYMAX 3: the start position, Kiwipete
/// and the chessprogramming wiki's positions 3 to 5 (`search.jsonl` lines 0 to 4). A quick
/// run takes the first only.
pub const SEARCH_COSTS: [Search1978; 5] = [
    START_1978[2],
    search("kiwipete", KIWIPETE_FEN, 1, 3, 2_808_280_037),
    search(
        "cpw 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        2,
        3,
        246_043_986,
    ),
    search(
        "cpw 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
        3,
        298_067_870,
    ),
    search(
        "cpw 5",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        4,
        3,
        290_942_748,
    ),
];

/// One search's exact cost in an image beside the 1978 program's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchCost {
    /// The position's name.
    pub position: String,
    /// PLYMAX.
    pub plymax: u8,
    /// FNDMOV's T-states in the image.
    pub tstates: u64,
    /// Its instructions.
    pub instructions: u64,
    /// Its evaluations (POINTS calls).
    pub evaluations: u64,
    /// The 1978 program's T-states on the same search.
    pub tstates_1978: u64,
    /// `tstates / tstates_1978`.
    pub ratio: f64,
}

/// One search as a user's runs it: FNDMOV at full speed, only its evaluations counted.
pub fn run_search(
    driver: &mut SearchDriver,
    request: &SearchRequest,
) -> Result<SearchRun, BenchError> {
    driver
        .search(request, SearchOptions::default(), &mut NoSearchObserver)
        .map_err(BenchError::from)
}

/// The exact cost of each of `searches` in `image`.
pub fn measure(image: &Image, searches: &[Search1978]) -> Result<Vec<SearchCost>, BenchError> {
    let mut driver = SearchDriver::new(image)?;
    searches
        .iter()
        .map(|s| {
            let run = run_search(&mut driver, &s.request())?;
            Ok(SearchCost {
                position: s.name.to_string(),
                plymax: s.plymax,
                tstates: run.cost.tstates,
                instructions: run.cost.instructions,
                evaluations: run.evaluations,
                tstates_1978: s.tstates,
                ratio: run.cost.tstates as f64 / s.tstates as f64,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::default_image;

    #[test]
    fn the_own_search_costs_these_t_states_on_the_start_position() {
        let costs = measure(&default_image(), &START_1978).unwrap();
        let got: Vec<(u8, u64, u64)> = costs
            .iter()
            .map(|c| (c.plymax, c.tstates, c.evaluations))
            .collect();
        assert_eq!(
            got,
            [(1, 807_330, 21), (2, 4_843_893, 118), (3, 37_507_418, 921)]
        );
        assert_eq!(costs[2].tstates_1978, 577_809_511);
        assert!((costs[2].ratio - 37_507_418.0 / 577_809_511.0).abs() < 1e-15);
    }

    /// The shared material: `$SARGON_SHARED`, else `../shared` beside the crate root.
    fn shared_dir() -> std::path::PathBuf {
        match std::env::var_os("SARGON_SHARED") {
            Some(dir) => dir.into(),
            None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
        }
    }

    #[test]
    fn the_embedded_1978_figures_are_those_of_search_jsonl() {
        let path = shared_dir().join("sargon1978/search.jsonl");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let lines: Vec<serde_json::Value> = text
            .lines()
            .take(5)
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        for s in START_1978.iter().chain(&SEARCH_COSTS) {
            let line = &lines[s.index];
            assert_eq!(line["fen"], s.fen, "{}", s.name);
            let at = &line["search"][usize::from(s.plymax) - 1];
            assert_eq!(at["plymax"], u64::from(s.plymax), "{}", s.name);
            assert_eq!(at["tstates"], s.tstates, "{} PLYMAX {}", s.name, s.plymax);
            let request = s.request();
            assert_eq!(line["moveno"], u64::from(request.moveno), "{}", s.name);
        }
    }
}
