//! Directives that steer the pass: IF/ELSE/ENDIF, MACRO definitions and uses, INCLUDE.

use std::rc::Rc;

use super::{At, Cond, Expansion, Frame, MAX_NESTING, Pass};
use crate::assembler::dialect::Dialect;
use crate::assembler::error::{Diag, quoted};
use crate::assembler::macros::MacroDef;
use crate::assembler::parser::{Label, Line};
use crate::assembler::tdl;
use crate::assembler::words::{self, Directive};

impl Pass<'_> {
    /// Handles IF/ELSE/ENDIF in skipped code, and ELSE/ENDIF in assembled code.
    pub(super) fn skip(&mut self, line: &Line, at: &At) {
        let depth = self.frames.last().map_or(0, |f| f.cond_depth);
        let col = at.col;
        match line.directive {
            Some(Directive::If) if !self.active() => self.conds.push(Cond {
                active: false,
                parent_active: false,
                taken: false,
                else_seen: false,
                at: (at.file, at.line, col, at.text.clone()),
            }),
            Some(Directive::Else) => {
                if self.conds.len() <= depth {
                    self.error(at, Diag::new(col, "ELSE without IF"));
                    return;
                }
                let mut second = false;
                if let Some(c) = self.conds.last_mut() {
                    second = c.else_seen;
                    c.else_seen = true;
                    c.active = c.parent_active && !c.taken && !second;
                }
                if second {
                    self.error(at, Diag::new(col, "second ELSE for the same IF"));
                }
            }
            Some(Directive::Endif) => {
                if self.conds.len() <= depth {
                    self.error(at, Diag::new(col, "ENDIF without IF"));
                } else {
                    self.conds.pop();
                }
            }
            _ => {}
        }
    }

    /// Records a macro defined at line `idx` and moves past its body.
    pub(super) fn define_macro(&mut self, name: &Label, params: &[String], idx: usize, at: &At) {
        let Some(frame) = self.frames.last() else {
            return;
        };
        let file = frame.file;
        let endm = matching_endm(&self.sources.files[file].parsed, idx, frame.end);
        let Some(endm) = endm else {
            let col = at.col;
            self.error(
                at,
                Diag::new(
                    col,
                    format!("unterminated MACRO {}: no ENDM", quoted(&name.name)),
                ),
            );
            if let Some(f) = self.frames.last_mut() {
                f.next = f.end;
            }
            return;
        };
        self.list_body(idx + 1..endm + 1, file, at);
        if let Some(f) = self.frames.last_mut() {
            f.next = endm + 1;
        }
        let def = MacroDef {
            name: name.name.clone(),
            params: params.to_vec(),
            file,
            first: idx + 1,
            end: endm,
            texts: None,
        };
        self.record_macro(def, name.col, at);
    }

    /// Records TDL macro `name` defined at line `idx` (its body in brackets from character
    /// `body_at` on) and moves past its body.
    pub(super) fn define_tdl_macro(
        &mut self,
        name: &Label,
        params: &[String],
        idx: usize,
        body_at: usize,
        at: &At,
    ) {
        let Some(frame) = self.frames.last() else {
            return;
        };
        let (file, end) = (frame.file, frame.end);
        let lines = &self.sources.files[file].lines;
        let scan = tdl::scan_body(&lines[..end], idx, body_at, &name.name);
        let body = match scan {
            Ok(body) => body,
            Err((line, diag)) => return self.broken_body(file, line, diag, at),
        };
        self.list(at, at.note.is_some(), None, &[], None);
        self.list_body((idx + 1).max(body.first)..body.end, file, at);
        if let Some(f) = self.frames.last_mut() {
            f.next = body.end;
        }
        let def = MacroDef {
            name: name.name.clone(),
            params: params.to_vec(),
            file,
            first: body.first,
            end: body.end,
            texts: Some(body.texts),
        };
        self.record_macro(def, name.col, at);
    }

    /// Keeps macro `def`, unless a macro of that name exists: then an error at column `col`
    /// naming where the first one was defined.
    fn record_macro(&mut self, def: MacroDef, col: usize, at: &At) {
        if let Some(old) = self.macros.get(&def.name) {
            // A Zilog body starts on the line after MACRO (`first` is that line, 0-based, so
            // it is the 1-based MACRO line); a TDL body's `first` is the 0-based line of its '['.
            let line = old.first + usize::from(old.texts.is_some());
            let first = format!("{}:{line}", self.sources.files[old.file].display);
            let msg = format!(
                "duplicate macro {} (first defined at {first})",
                quoted(&def.name)
            );
            self.error(at, Diag::new(col, msg));
            return;
        }
        self.macros.insert(def.name.clone(), Rc::new(def));
    }

    /// A TDL macro body that does not close as it should: the error on the line at fault,
    /// and the rest of the file skipped (it would be read as the body).
    fn broken_body(&mut self, file: usize, line: usize, diag: Diag, at: &At) {
        self.list(at, at.note.is_some(), None, &[], None);
        let bad = At {
            file,
            line: line + 1,
            col: diag.col,
            text: self.sources.files[file].lines[line].clone(),
            note: at.note.clone(),
        };
        self.error(&bad, diag);
        if let Some(f) = self.frames.last_mut() {
            f.next = f.end;
        }
    }

    /// Lists the lines `lines` of `file`, a macro body, as the definition at `at` is read.
    fn list_body(&mut self, lines: std::ops::Range<usize>, file: usize, at: &At) {
        for i in lines {
            let body_at = At {
                file,
                line: i + 1,
                col: 1,
                text: self.sources.files[file].lines[i].clone(),
                note: None,
            };
            self.list(&body_at, at.note.is_some(), None, &[], None);
        }
    }

    fn nesting_ok(&mut self, at: &At, col: usize) -> bool {
        if self.frames.len() >= MAX_NESTING {
            self.error(
                at,
                Diag::new(
                    col,
                    format!("INCLUDE/macro nesting deeper than {MAX_NESTING} (recursive?)"),
                ),
            );
            return false;
        }
        true
    }

    pub(super) fn include(&mut self, path: &str, col: usize, at: &At) {
        if !self.nesting_ok(at, col) {
            return;
        }
        let from = self.frames.last().map_or(0, |f| f.file);
        match self.sources.include(from, path) {
            Ok(file) => self.frames.push(Frame {
                file,
                next: 0,
                end: self.sources.files[file].lines.len(),
                cond_depth: self.conds.len(),
                expansion: None,
            }),
            Err(e) => self.error(at, Diag::new(col, e.message("INCLUDE", path))),
        }
    }

    pub(super) fn call(&mut self, name: &str, col: usize, args: &[String], at: &At) {
        let Some(mac) = self.macros.get(name).cloned() else {
            let hint = self
                .macros
                .keys()
                .find(|k| k.eq_ignore_ascii_case(name))
                .map(|k| {
                    let k = quoted(k);
                    format!(" (macro names are case-sensitive: did you mean {k}?)")
                })
                .unwrap_or_default();
            self.notice_tdl_word(name, at);
            let (what, hint) = match self.sources.options.dialect {
                Dialect::Tdl if words::is_keyword(name) => (
                    "TDL mnemonic or macro",
                    format!(
                        " ({} is a Zilog word; this source is read as TDL)",
                        quoted(name)
                    ),
                ),
                Dialect::Tdl => ("TDL mnemonic or macro", hint),
                Dialect::Zilog => ("mnemonic or macro", hint),
            };
            self.error(
                at,
                Diag::new(col, format!("unknown {what} {}{hint}", quoted(name))),
            );
            return;
        };
        if !self.nesting_ok(at, col) {
            return;
        }
        let note: Rc<str> = Rc::from(format!(
            " (in macro {} used at {}:{})",
            quoted(&mac.name),
            self.sources.files[at.file].display,
            at.line
        ));
        self.frames.push(Frame {
            file: mac.file,
            next: mac.first,
            end: mac.end,
            cond_depth: self.conds.len(),
            expansion: Some(Expansion {
                mac,
                args: args.to_vec(),
                note,
            }),
        });
    }
}

/// The line of the ENDM that closes the MACRO on line `idx` of `lines`, nested MACROs
/// skipped; None when line `end` (the end of the file or macro body) comes first.
fn matching_endm(lines: &[Rc<Line>], idx: usize, end: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, l) in lines.iter().enumerate().take(end).skip(idx + 1) {
        match l.directive {
            Some(Directive::Macro) => depth += 1,
            Some(Directive::Endm) if depth == 0 => return Some(i),
            Some(Directive::Endm) => depth -= 1,
            _ => {}
        }
    }
    None
}
