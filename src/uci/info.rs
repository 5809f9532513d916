//! The text of the `info` lines: a level's line, and the details a user may ask for (the
//! score byte, the hardware view, how far past the 1978 program a level went).

use std::time::Duration;

use crate::engine::score::{self, Verdict};
use crate::engine::{MAX_PLYMAX, MLIST_1978_CAPACITY};
use crate::game::Level;
use crate::reference::Move;

/// `info depth ... score ... nodes ... nps ... time ... pv ...`: `depth` as reported, `score`
/// the field's text (`cp 75`, `mate 2`), `nodes` and `elapsed` counted from `go`.
pub fn level_line(level: &Level, depth: u8, score: &str, nodes: u64, elapsed: Duration) -> String {
    let answer = &level.answer;
    let pv = match answer.pv.is_empty() {
        true => std::slice::from_ref(&answer.best),
        false => &answer.pv[..],
    };
    pv_line(pv, depth, score, nodes, elapsed)
}

/// `info depth ... pv ...` for a principal variation `pv` (never empty), the fields as in
/// [`level_line`].
pub fn pv_line(pv: &[Move], depth: u8, score: &str, nodes: u64, elapsed: Duration) -> String {
    let pv: Vec<String> = pv.iter().map(|mv| mv.uci()).collect();
    let pv = pv.join(" ");
    format!(
        "info depth {depth} score {score} nodes {nodes} nps {} time {} pv {pv}",
        per_second(nodes, elapsed),
        elapsed.as_millis(),
    )
}

/// The `info string` with the score as the 1978 program has it: SCORE+1, the change it means,
/// and the material it was added to.
pub fn score_byte_line(level: &Level, material: i32) -> String {
    let byte = level.answer.score;
    let change = match score::verdict(byte) {
        Verdict::Centipawns(cp) => format!("{cp:+} cp since the root"),
        other => other.to_string(),
    };
    format!(
        "PLYMAX {}: SCORE+1 = 0x{byte:02X} ({change}); material {material:+} cp for the side to move",
        level.plymax
    )
}

/// The `info string` about the hardware view of a level: exact T-states and what they take on
/// the real machine; or the book; or nothing for a native search.
pub fn hardware_line(level: &Level, mhz: f64) -> Option<String> {
    let answer = &level.answer;
    if answer.book {
        return Some(format!(
            "the 1978 opening book answered {} (no search)",
            answer.best.uci()
        ));
    }
    let hardware = answer.hardware?;
    Some(format!(
        "PLYMAX {}: {} T-states, {} instructions, {} evaluations: {} on a {mhz} MHz Z80",
        level.plymax,
        crate::text::grouped(hardware.tstates),
        crate::text::grouped(hardware.instructions),
        crate::text::grouped(answer.evaluations),
        crate::text::duration(real_time(hardware.tstates, mhz)),
    ))
}

/// Why a level is beyond what the 1978 program could search: deeper than its tables, or a
/// path longer than its move list (which would have dropped moves); None within both.
pub fn beyond_1978(level: &Level) -> Option<String> {
    let peak = level.answer.list_peak.unwrap_or(0);
    let list = (peak > MLIST_1978_CAPACITY).then(|| {
        format!("its path held {peak} list entries, the 1978 list holds {MLIST_1978_CAPACITY}")
    });
    let tables =
        (level.plymax > MAX_PLYMAX).then(|| format!("the 1978 tables hold PLYMAX {MAX_PLYMAX}"));
    let reasons: Vec<String> = tables.into_iter().chain(list).collect();
    (!reasons.is_empty()).then(|| {
        format!(
            "PLYMAX {} is beyond what the 1978 program could search ({})",
            level.plymax,
            reasons.join("; ")
        )
    })
}

/// How long `tstates` take at `mhz`.
pub fn real_time(tstates: u64, mhz: f64) -> Duration {
    Duration::from_secs_f64(tstates as f64 / (mhz * 1e6))
}

fn per_second(count: u64, elapsed: Duration) -> u64 {
    let seconds = elapsed.as_secs_f64();
    if seconds > 0.0 {
        (count as f64 / seconds) as u64
    } else {
        0
    }
}
