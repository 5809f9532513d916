//! What an END drops: the lines of code after it, the labels among them, and the routines
//! among those (the labels a CALL names), so that a misplaced END, which silently leaves out
//! the rest of a program, is seen at once with what it cost.

use std::collections::HashSet;

use super::{At, Pass};
use crate::assembler::expr::Expr;
use crate::assembler::operand::OpKind;
use crate::assembler::parser::{Body, Line};
use crate::assembler::words::Mnemonic;

/// How many names of dropped routines a warning shows.
const NAMED: usize = 4;

/// The lines an END leaves unread.
#[derive(Debug, Default, PartialEq, Eq)]
struct Dropped {
    /// Lines that hold more than blanks and comments.
    code: usize,
    /// Labels defined on them, in order.
    labels: Vec<String>,
}

impl Pass<'_> {
    /// After END: the lines left unread that hold more than comments, as a warning naming
    /// how many labels they define and the first routines among them (a misplaced END
    /// silently drops the rest of a program).
    pub(super) fn text_after_end(&mut self, at: &At) {
        let mut dropped = Dropped::default();
        let mut called = HashSet::new();
        for f in self.frames.iter().filter(|f| f.expansion.is_none()) {
            let file = &self.sources.files[f.file];
            let unread = f.next.min(f.end)..f.end;
            dropped.code += file.lines[unread.clone()]
                .iter()
                .filter(|l| {
                    let t = l.trim_start();
                    !t.is_empty() && !t.starts_with(';')
                })
                .count();
            let parsed = &file.parsed[unread];
            dropped.labels.extend(
                parsed
                    .iter()
                    .filter_map(|l| Some(l.label.as_ref()?.name.clone())),
            );
            called.extend(file.parsed.iter().filter_map(|l| call_target(l)));
        }
        if dropped.code == 0 {
            return;
        }
        let end = self.word("END");
        let message = warning(end, &dropped, &called);
        self.warn(at, message);
    }
}

/// The name a CALL on `line` calls, if it names one.
fn call_target(line: &Line) -> Option<String> {
    let Ok(Body::Instr {
        mnemonic: Mnemonic::Call,
        operands,
        ..
    }) = &line.body
    else {
        return None;
    };
    match &operands.last()?.kind {
        OpKind::Imm(Expr::Sym { name, .. }) => Some(name.clone()),
        _ => None,
    }
}

/// The warning for `dropped` after the END directive `end` (`END` or `.END`); `called` holds
/// every name a CALL of the file names.
fn warning(end: &str, dropped: &Dropped, called: &HashSet<String>) -> String {
    let lines = match dropped.code {
        1 => "1 line of code after it is ignored".to_string(),
        n => format!("{n} lines of code after it are ignored"),
    };
    let mut message = format!("{end} ends the assembly on this line: {lines}");
    if dropped.labels.is_empty() {
        return message;
    }
    let routines: Vec<&String> = dropped
        .labels
        .iter()
        .filter(|l| called.contains(*l))
        .collect();
    let (kind, names) = match routines.len() {
        0 => ("", dropped.labels.iter().collect::<Vec<_>>()),
        1 => ("the routine ", routines),
        _ => ("the routines ", routines),
    };
    let mut shown: Vec<String> = names
        .iter()
        .take(NAMED)
        .map(|n| crate::assembler::error::escaped(n, 40))
        .collect();
    if names.len() > NAMED {
        shown.push("...".to_string());
    }
    let labels = match dropped.labels.len() {
        1 => "1 label".to_string(),
        n => format!("{n} labels"),
    };
    message.push_str(&format!(
        ", and with them {labels} ({kind}{}); if the program goes on after it, delete this {end}",
        shown.join(", ")
    ));
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dropped(code: usize, labels: &[&str]) -> Dropped {
        Dropped {
            code,
            labels: labels.iter().map(|l| l.to_string()).collect(),
        }
    }

    #[test]
    fn the_warning_counts_labels_and_names_routines_first() {
        let none = HashSet::new();
        assert_eq!(
            warning(".END", &dropped(1, &[]), &none),
            ".END ends the assembly on this line: 1 line of code after it is ignored"
        );
        assert_eq!(
            warning("END", &dropped(2, &["LOOP"]), &none),
            "END ends the assembly on this line: 2 lines of code after it are ignored, and with \
             them 1 label (LOOP); if the program goes on after it, delete this END"
        );
        let called: HashSet<String> = ["MOVE", "UNMOVE", "ATTACK", "PINFND", "XCHNG"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let labels = [
            "MOVE", "MV1", "UNMOVE", "UM1", "ATTACK", "PINFND", "XCHNG", "XC1",
        ];
        assert_eq!(
            warning(".END", &dropped(900, &labels), &called),
            ".END ends the assembly on this line: 900 lines of code after it are ignored, and \
             with them 8 labels (the routines MOVE, UNMOVE, ATTACK, PINFND, ...); if the program \
             goes on after it, delete this .END"
        );
    }
}
