//! Where the time of one or more sessions went, as text: the sessions, the parts side by side,
//! each program's costliest routines and its writes into the video memory.

use std::fmt::Write;
use std::time::Duration;

use super::parts::Part;
use super::session::SessionProfile;
use crate::jupiter::{CELLS, COLUMNS};
use crate::text::{MAX_WIDTH, TextTable, duration, grouped, hanging};

/// A share as `12.3%`.
fn share(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The report of `profiles` (one column of parts each), times at `mhz`.
pub fn sessions_text(profiles: &[SessionProfile], mhz: f64) -> String {
    let mut s = String::new();
    for (i, p) in profiles.iter().enumerate() {
        let seconds = p.clock.tstates as f64 / (mhz * 1e6);
        let text = format!(
            "({}) {}: keys {}, seed {}, {}; {} T-states, {} instructions, {} at {mhz} MHz",
            i + 1,
            p.program,
            crate::text::shell_quote(&p.keys_used),
            p.seed,
            p.stopped,
            grouped(p.clock.tstates),
            grouped(p.clock.instructions),
            duration(Duration::from_secs_f64(seconds)),
        );
        let _ = writeln!(s, "{}", hanging(&text, 4, MAX_WIDTH));
    }
    s.push('\n');
    s.push_str(&parts_table(profiles).render());
    searches_text(&mut s, profiles);
    for (i, p) in profiles.iter().enumerate() {
        s.push('\n');
        routines_text(&mut s, i + 1, p);
        video_text(&mut s, p);
    }
    s
}

/// The parts, a column of T-states, share and instructions per program, and the total.
fn parts_table(profiles: &[SessionProfile]) -> TextTable {
    let mut headings = vec!["part".to_string()];
    for i in 1..=profiles.len() {
        headings.extend([format!("({i}) T-states"), "share".into(), "instrs".into()]);
    }
    let headings: Vec<&str> = headings.iter().map(String::as_str).collect();
    let mut table = TextTable::new(&headings).right(&(1..headings.len()).collect::<Vec<_>>());
    for part in Part::ALL {
        let mut cells = vec![part.title().to_string()];
        for p in profiles {
            let line = p.part(part);
            cells.extend([
                grouped(line.tstates),
                share(line.share),
                grouped(line.instructions),
            ]);
        }
        table.row(cells);
    }
    let mut total = vec!["total".to_string()];
    for p in profiles {
        let sum: u64 = p.parts.iter().map(|l| l.tstates).sum();
        total.extend([
            grouped(sum),
            share(if p.clock.tstates == 0 { 0.0 } else { 1.0 }),
            grouped(p.clock.instructions),
        ]);
    }
    table.row(total);
    table
}

/// Each program's searches, all they called included, and its monitor calls.
fn searches_text(s: &mut String, profiles: &[SessionProfile]) {
    let parts: Vec<String> = profiles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let whole = p.clock.tstates.max(1) as f64;
            let searches = if p.searches == 1 {
                "search"
            } else {
                "searches"
            };
            format!(
                "({}) {} T, {} of the session, in {} {searches}; {} monitor calls",
                i + 1,
                grouped(p.search_tstates),
                share(p.search_tstates as f64 / whole),
                p.searches,
                grouped(p.monitor_calls)
            )
        })
        .collect();
    let text = format!(
        "the searches with all they call (FNDMOV's calls from entry to return): {}",
        parts.join("; ")
    );
    let _ = writeln!(s, "{}", hanging(&text, 4, MAX_WIDTH));
}

/// The routines with most own T-states.
fn routines_text(s: &mut String, number: usize, p: &SessionProfile) {
    let _ = writeln!(
        s,
        "({number}) {}: the routines with most own T-states",
        p.program
    );
    let mut table = TextTable::new(&["routine", "part", "calls", "self T", "share", "total T"])
        .right(&[2, 3, 4, 5]);
    let whole = p.clock.tstates.max(1) as f64;
    for r in &p.routines {
        table.row(vec![
            r.name.clone(),
            r.part.map_or("-", Part::key).to_string(),
            grouped(r.calls),
            grouped(r.self_tstates),
            share(r.self_tstates as f64 / whole),
            grouped(r.total),
        ]);
    }
    s.push_str(&table.render());
    let _ = writeln!(
        s,
        "(self T: the routine's own instructions; total T: its finished calls with all they call)"
    );
}

/// The video memory's writes, the program's and the monitor's, and the cells written most.
fn video_text(s: &mut String, p: &SessionProfile) {
    let program: u64 = p.video.program.iter().sum();
    let monitor: u64 = p.video.monitor.iter().sum();
    let mut cells: Vec<usize> = (0..CELLS).filter(|&i| p.video.total(i) > 0).collect();
    cells.sort_by_key(|&i| (std::cmp::Reverse(p.video.total(i)), i));
    let most: Vec<String> = cells
        .iter()
        .take(4)
        .map(|&i| {
            format!(
                "{},{} ({})",
                i / COLUMNS,
                i % COLUMNS,
                grouped(p.video.total(i))
            )
        })
        .collect();
    let text = format!(
        "video memory: {} writes by the program's stores, {} by the monitor's console, into {} \
         of the 2,048 cells; the most written (row,column): {}",
        grouped(program),
        grouped(monitor),
        grouped(cells.len() as u64),
        most.join(", ")
    );
    let _ = writeln!(s, "{}", hanging(&text, 4, MAX_WIDTH));
}
