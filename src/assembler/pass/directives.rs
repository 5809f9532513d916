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
            broken: false,
        };
        self.record_macro(def, name.col, at);
    }

    /// After a MACRO line whose header has an error (already reported): its body up to the
    /// matching ENDM is passed over, so that neither its lines nor its ENDM add errors.
    pub(super) fn skip_broken_macro(&mut self, at: &At) {
        let Some(frame) = self.frames.last() else {
            return;
        };
        let (file, idx) = (frame.file, frame.next - 1);
        if let Some(endm) = matching_endm(&self.sources.files[file].parsed, idx, frame.end) {
            self.list_body(idx + 1..endm + 1, file, at);
            if let Some(f) = self.frames.last_mut() {
                f.next = endm + 1;
            }
        }
    }

    /// Records TDL macro `name` defined at line `idx` (its body in brackets from character
    /// `body_at` on) and moves past its body. A header or body that does not read as written
    /// gets one error, and the macro is kept as broken: its body is skipped as far as the
    /// brackets show, and its uses expand to nothing, so the misprint causes no other errors.
    pub(super) fn define_tdl_macro(
        &mut self,
        name: &Label,
        params: &[String],
        (idx, body_at): (usize, usize),
        misprint: Option<&Diag>,
        at: &At,
    ) {
        let Some(frame) = self.frames.last() else {
            return;
        };
        let (file, end) = (frame.file, frame.end);
        let lines = &self.sources.files[file].lines;
        let scan = tdl::scan_body(&lines[..end], idx, body_at, &name.name);
        self.list(at, at.note.is_some(), None, &[], None);
        if let Some(diag) = misprint {
            self.error(at, diag.clone());
        }
        let (first, body_end, texts) = match scan {
            Ok(body) => (body.first, body.end, Some(body.texts)),
            Err(e) => match self.broken_body(file, e, misprint.is_some(), at) {
                Some(body_end) => (idx, body_end, None),
                None => (idx, idx + 1, None),
            },
        };
        self.list_body((idx + 1).max(first)..body_end, file, at);
        if let Some(f) = self.frames.last_mut() {
            f.next = body_end;
        }
        let broken = misprint.is_some() || texts.is_none();
        let def = MacroDef {
            name: name.name.clone(),
            params: params.to_vec(),
            file,
            first,
            end: body_end,
            texts: Some(texts.unwrap_or_default()),
            broken,
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

    /// A TDL macro body that does not read as written: its error on the line at fault, and
    /// where the body ends (None: it ends at the header). After a misprinted header
    /// (`after_misprint`) a body that does not open is taken for none, as the header's one
    /// error says what is wrong; a body whose end nothing shows runs to the end of the file.
    fn broken_body(
        &mut self,
        file: usize,
        e: tdl::ScanError,
        after_misprint: bool,
        at: &At,
    ) -> Option<usize> {
        if e.unopened && after_misprint {
            return None;
        }
        let bad = At {
            file,
            line: e.line + 1,
            col: e.diag.col,
            text: self.sources.files[file].lines[e.line].clone(),
            note: at.note.clone(),
        };
        self.error(&bad, e.diag);
        let end = self.frames.last().map_or(e.line + 1, |f| f.end);
        Some(e.end.unwrap_or(end))
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
                    match self.dialect() {
                        Dialect::Zilog => {
                            format!("INCLUDE/macro nesting deeper than {MAX_NESTING} (recursive?)")
                        }
                        Dialect::Tdl => {
                            format!("macro nesting deeper than {MAX_NESTING} (recursive?)")
                        }
                    },
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
            return self.unknown_macro(name, col, at);
        };
        // A macro whose definition had an error: that error is the one to show.
        if mac.broken || !self.nesting_ok(at, col) {
            return;
        }
        if args.len() > mac.params.len() {
            let takes = match mac.params.len() {
                0 => "no arguments".to_string(),
                1 => format!("1 argument ({})", quoted(&mac.params[0])),
                n => format!("{n} arguments ({})", quoted(&mac.params.join(","))),
            };
            let msg = format!(
                "macro {} takes {takes}, and {} are given",
                quoted(&mac.name),
                args.len()
            );
            return self.error(at, Diag::new(col, msg));
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

    /// A use of `name`, which is no macro: the error, with what the word may be instead.
    fn unknown_macro(&mut self, name: &str, col: usize, at: &At) {
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
            Dialect::Tdl => match tdl::equate_hint(&at.text) {
                Some(equate) => ("TDL mnemonic or macro", format!(" ({equate})")),
                None => tdl_unknown(name, hint),
            },
            Dialect::Zilog => ("mnemonic or macro", hint),
        };
        self.error(
            at,
            Diag::new(col, format!("unknown {what} {}{hint}", quoted(name))),
        );
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

/// What an unknown word in a TDL source is called, and the hint after it: a TDL register is
/// named as one, and a Zilog word as one; otherwise `hint` (a macro of that name in another
/// case).
fn tdl_unknown(name: &str, hint: String) -> (&'static str, String) {
    let hint = if let Some(register) = words::tdl_register(name) {
        let example = match register {
            "PSW" => "PUSH PSW".to_string(),
            "SP" | "X" | "Y" => format!("LXI {register},1000H"),
            _ => format!("MVI {register},5"),
        };
        format!(
            " ({} is a TDL register, not a mnemonic: a statement starts with its mnemonic, as in {example})",
            quoted(name)
        )
    } else if words::is_keyword(name) {
        format!(
            " ({} is a Zilog word; this source is read as TDL)",
            quoted(name)
        )
    } else {
        hint
    };
    ("TDL mnemonic or macro", hint)
}
