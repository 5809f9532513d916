//! The `info` lines of a finished level.

use std::time::Duration;

use crate::engine::score::{self, Evaluation, Verdict};
use crate::game::{Answer, Level};

/// The `score` field: the root's material balance for the side to move plus Sargon's change,
/// in centipawns; or a mate in the number of moves of the principal variation (the 1978 search
/// scores every mate alike, so this is the line it found, not necessarily the shortest).
pub fn score_field(answer: &Answer, material: i32) -> String {
    let moves = answer.pv.len().div_ceil(2).max(1);
    match score::evaluation(answer.score, material) {
        Evaluation::Centipawns(cp) => format!("cp {cp}"),
        Evaluation::Mates => format!("mate {moves}"),
        Evaluation::Mated => format!("mate -{moves}"),
    }
}

/// `info depth ... score ... nodes ... nps ... time ... pv ...` for a finished level whose root
/// has `material` centipawns for the side to move.
pub fn level_line(level: &Level, material: i32) -> String {
    let answer = &level.answer;
    let nodes = answer.nodes.unwrap_or(answer.evaluations);
    let pv: Vec<String> = answer.pv.iter().map(|mv| mv.uci()).collect();
    let pv = if pv.is_empty() {
        answer.best.uci()
    } else {
        pv.join(" ")
    };
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        level.plymax,
        score_field(answer, material),
        nodes,
        per_second(nodes, answer.elapsed),
        answer.elapsed.as_millis(),
        pv
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
