//! The emulated search's place on the dashboard: the goals of the Z80 search (the built-in
//! image's own evaluation and search against the 1978 program, driven through the search ABI)
//! and of the UCI session. Until their measurements are built, each goal is a pending row, so
//! the dashboard lists every goal of the project.
//!
//! To measure one, replace its `Goal::pending` in [`goals`] with a [`Goal::measured`] row
//! (keeping its id, which JSON readers track across runs), measure inside [`goals`] from the
//! `plan` (the emulated runs take turns like the other sections: [`super::interleaved`]), and
//! add a details table beside the others in `report.rs` if the figures need one:
//! - `search.own_vs_1978`: the own image's FNDMOV T-states over the 1978 program's on the same
//!   searches (`../shared/sargon1978/search.jsonl`, e.g. start PLYMAX 3: 577,809,511 T);
//!   `Limit::at_most(Judged::Ratio, 0.5)`, the figure in `Unit::TStates`.
//! - `search.tstates_per_second.1978`, `.own`: emulated T-states per second of either search at
//!   PLYMAX 3 (`Unit::TStatesPerSecond`), quoted.
//! - `search.watch_overhead`: the run that records every evaluation over an unwatched run, as a
//!   time ratio, `Limit::at_most(Judged::Ratio, 1.10)`.
//! - `emulation.tracing_off.search`: the 1978-style search as a third emulation workload
//!   (`emulation::measure_*`), tracing off against bare iz80, at most 1.05x the time.
//! - `engine.vs_emulated_1978`: the native search's speed over the emulated 1978-style search
//!   on the same tree, `Limit::at_least(Judged::Ratio, 200.0)`.
//! - `uci.latency`: the slowest answer to `isready` and to `stop` during a search,
//!   `Unit::Seconds`, `Limit::at_most(Judged::Figure, 0.010)`.

use super::goal::Goal;
use super::plan::Plan;

/// The emulated search's and the UCI session's rows, in dashboard order.
pub(super) fn goals(_plan: &Plan) -> Vec<Goal> {
    let pending = |id, goal| Goal::pending(id, "search", goal, "not measured yet");
    vec![
        pending("search.own_vs_1978", "own search <= 0.50x 1978 T, PLYMAX 3"),
        pending(
            "search.tstates_per_second.1978",
            "1978 search emulated, PLYMAX 3, T/s",
        ),
        pending(
            "search.tstates_per_second.own",
            "own search emulated, PLYMAX 3, T/s",
        ),
        pending(
            "search.watch_overhead",
            "watching evaluations <= 1.10x time",
        ),
        pending(
            "emulation.tracing_off.search",
            "tracing off, 1978 search: <= 1.05x bare",
        ),
        pending(
            "engine.vs_emulated_1978",
            "native >= 200x emulated 1978 search",
        ),
        pending("uci.latency", "UCI isready and stop < 10 ms"),
    ]
}
