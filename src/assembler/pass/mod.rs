//! One pass over the source: runs the lines in order (INCLUDE, IF, macros), defines symbols,
//! and emits bytes. Passes repeat until every symbol keeps its value.

use std::collections::HashMap;
use std::rc::Rc;

mod directives;
mod dropped;
mod lookup;
mod notes;

use super::dialect::Dialect;
use super::encode::{self, emitter::Emitter};
use super::error::{AsmError, AsmWarning, Diag, quoted};
use super::expr;
use super::image::{Image, Writer};
use super::listing::ListLine;
use super::macros::{self, MacroDef};
use super::operand::Operand;
use super::parser::{Body, DataItem, Label, Line, Val};
use super::source::Sources;
use super::words::{self, Mnemonic};
use lookup::Lookup;

/// Deepest nesting of INCLUDEs and macro uses.
const MAX_NESTING: usize = 64;

/// Most lines one pass runs (stops runaway macro recursion).
const MAX_LINES: usize = 1_000_000;

/// Most errors reported, not counting undefined symbols (early passes meet one per forward
/// reference); a run with more is stopped, as runaway macros repeat errors endlessly.
const MAX_ERRORS: usize = 1000;

/// How a symbol got its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SymKind {
    Label,
    Equ,
    Defl,
}

/// A defined symbol.
#[derive(Debug, Clone)]
pub(crate) struct Sym {
    /// Its value.
    pub value: i32,
    /// Label, EQU or DEFL.
    pub kind: SymKind,
    /// Where it is defined, for duplicate messages: file display name and line.
    pub at: (usize, usize),
}

/// How a statement's bytes go into the image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Put {
    /// Written and listed whole.
    Code,
    /// Written, the first four listed (DS, INCBIN).
    Data,
    /// TDL's `.BLKB`/`.BLKW`: reserved, writing nothing over bytes already written.
    Reserve,
}

/// How `body`'s bytes go into the image.
fn put_of(body: &Body) -> Put {
    match body {
        Body::Ds { reserve: true, .. } => Put::Reserve,
        Body::Ds { .. } | Body::Incbin { .. } => Put::Data,
        _ => Put::Code,
    }
}

/// A line's place, for errors and the listing.
struct At {
    file: usize,
    line: usize,
    /// Column of the statement's mnemonic or directive.
    col: usize,
    text: Rc<str>,
    note: Option<Rc<str>>,
}

/// An open IF.
struct Cond {
    /// Whether the current branch is assembled.
    active: bool,
    /// Whether the IF itself sits in assembled code.
    parent_active: bool,
    /// Whether the IF's condition was true.
    taken: bool,
    else_seen: bool,
    at: (usize, usize, usize, Rc<str>),
}

/// A file or a macro expansion being read.
struct Frame {
    file: usize,
    next: usize,
    end: usize,
    /// Open IFs when the frame started; its own IFs must close before it ends.
    cond_depth: usize,
    expansion: Option<Expansion>,
}

struct Expansion {
    mac: Rc<MacroDef>,
    args: Vec<String>,
    note: Rc<str>,
}

/// The result of one pass.
pub(crate) struct PassOutcome {
    /// Symbols defined, with their final values.
    pub syms: HashMap<String, Sym>,
    /// Whether any value came from the previous pass or was missing.
    pub used_prev: bool,
    /// The bytes written.
    pub image: Image,
    /// Every error found.
    pub errors: Vec<AsmError>,
    /// One entry per line run.
    pub listing: Vec<ListLine>,
    /// The END address, if given.
    pub entry: Option<u16>,
    /// Whether the pass was stopped (too many lines or errors); further passes would not help.
    pub stopped: bool,
    /// Legal things probably not meant: text after the end, overlaps allowed.
    pub warnings: Vec<AsmWarning>,
    /// In a Zilog run, the first line that is TDL: the one error to report.
    pub tdl_hint: Option<AsmError>,
}

/// One pass in progress.
pub(crate) struct Pass<'s> {
    sources: &'s mut Sources,
    prev: &'s HashMap<String, i32>,
    syms: HashMap<String, Sym>,
    macros: HashMap<String, Rc<MacroDef>>,
    used_prev: bool,
    pc: u32,
    image: Image,
    errors: Vec<AsmError>,
    listing: Vec<ListLine>,
    conds: Vec<Cond>,
    frames: Vec<Frame>,
    entry: Option<u16>,
    ended: bool,
    stopped: bool,
    counted_errors: usize,
    bytes: Vec<u8>,
    diags: Vec<Diag>,
    warnings: Vec<AsmWarning>,
    tdl_hint: Option<AsmError>,
    /// TDL's `.RADIX` in force, as the lines run: a macro's expansion is text, read in the
    /// radix where it is used, and a `.RADIX` in it holds for the lines after it.
    radix: u32,
}

impl<'s> Pass<'s> {
    /// A pass over `sources` that resolves forward references with `prev`.
    pub fn new(sources: &'s mut Sources, prev: &'s HashMap<String, i32>) -> Self {
        Pass {
            sources,
            prev,
            syms: HashMap::new(),
            macros: HashMap::new(),
            used_prev: false,
            pc: 0,
            image: Image::new(),
            errors: Vec::new(),
            listing: Vec::new(),
            conds: Vec::new(),
            frames: Vec::new(),
            entry: None,
            ended: false,
            stopped: false,
            counted_errors: 0,
            bytes: Vec::new(),
            diags: Vec::new(),
            warnings: Vec::new(),
            tdl_hint: None,
            radix: 10,
        }
    }

    /// Runs the pass over the main file.
    pub fn run(mut self) -> PassOutcome {
        self.frames.push(Frame {
            file: 0,
            next: 0,
            end: self.sources.files[0].lines.len(),
            cond_depth: 0,
            expansion: None,
        });
        let mut lines_run = 0usize;
        while let Some(frame) = self.frames.last_mut() {
            if frame.next >= frame.end {
                self.close_frame();
                continue;
            }
            let idx = frame.next;
            frame.next += 1;
            lines_run += 1;
            if lines_run > MAX_LINES {
                let at = self.at_of_frame_line(idx);
                self.error(
                    &at,
                    Diag::new(
                        1,
                        format!(
                            "assembly stopped after {MAX_LINES} lines: runaway macro expansion?"
                        ),
                    ),
                );
                self.stopped = true;
            }
            if self.stopped {
                break;
            }
            self.step(idx);
            if self.ended || self.stopped {
                break;
            }
        }
        // IFs left open by END or by a stop are reported where they start.
        while let Some(c) = self.conds.pop() {
            self.unterminated_if(&c);
        }
        PassOutcome {
            syms: self.syms,
            used_prev: self.used_prev,
            image: self.image,
            errors: self.errors,
            listing: self.listing,
            entry: self.entry,
            stopped: self.stopped,
            warnings: self.warnings,
            tdl_hint: self.tdl_hint,
        }
    }

    fn unterminated_if(&mut self, c: &Cond) {
        let (file, line, col, text) = c.at.clone();
        let at = At {
            file,
            line,
            col,
            text,
            note: None,
        };
        self.error(&at, Diag::new(col, "unterminated IF: no matching ENDIF"));
    }

    fn close_frame(&mut self) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        if frame.expansion.is_none() {
            self.text_after_eof_mark(frame.file);
        }
        while self.conds.len() > frame.cond_depth {
            if let Some(c) = self.conds.pop() {
                self.unterminated_if(&c);
            }
        }
    }

    fn error(&mut self, at: &At, diag: Diag) {
        if self.stopped {
            return;
        }
        if !diag.undefined_symbol {
            self.counted_errors += 1;
            if self.counted_errors > MAX_ERRORS {
                self.stopped = true;
                if let Some(last) = self.errors.last_mut() {
                    last.message
                        .push_str(&format!(" (stopping: more than {MAX_ERRORS} errors)"));
                }
                return;
            }
        }
        let message = match &at.note {
            Some(note) => format!("{}{note}", diag.msg),
            None => diag.msg,
        };
        self.errors.push(AsmError {
            file: self.sources.files[at.file].display.clone(),
            line: at.line,
            col: diag.col,
            source_line: at.text.to_string(),
            message,
        });
    }

    fn at_of_frame_line(&self, idx: usize) -> At {
        let frame = self.frames.last();
        let file = frame.map_or(0, |f| f.file);
        At {
            file,
            line: idx + 1,
            col: 1,
            text: self.sources.files[file]
                .lines
                .get(idx)
                .cloned()
                .unwrap_or_else(|| Rc::from("")),
            note: None,
        }
    }

    /// The parsed line `idx` of the current frame, read in the radix in force (macro lines get
    /// their parameters replaced first).
    fn fetch(&self, idx: usize) -> Option<(Rc<Line>, At, bool)> {
        let frame = self.frames.last()?;
        let file = &self.sources.files[frame.file];
        let Some(exp) = &frame.expansion else {
            let line = if file.radix_at(idx) == self.radix {
                file.parsed[idx].clone()
            } else {
                Rc::new(file.parse(&file.lines[idx], self.radix))
            };
            let at = At {
                file: frame.file,
                line: idx + 1,
                col: line.op_col,
                text: file.lines[idx].clone(),
                note: None,
            };
            return Some((line, at, false));
        };
        let raw = exp.mac.text(idx).unwrap_or(&file.lines[idx]);
        let tdl = file.dialect == Dialect::Tdl;
        let text = macros::substitute(raw, &exp.mac.params, &exp.args, tdl);
        let line = Rc::new(file.parse(&text, self.radix));
        let at = At {
            file: frame.file,
            line: idx + 1,
            col: line.op_col,
            text: Rc::from(text),
            note: Some(exp.note.clone()),
        };
        Some((line, at, true))
    }

    /// True for line `idx` of a TDL macro's expansion when it holds only the body's `[` or its
    /// `]` (no text after the one, or before the other): the expansion has no statement there,
    /// and the listing shows none.
    fn bracket_only(&self, idx: usize) -> bool {
        let Some(exp) = self.frames.last().and_then(|f| f.expansion.as_ref()) else {
            return false;
        };
        let edge = idx == exp.mac.first || idx + 1 == exp.mac.end;
        edge && exp.mac.text(idx).is_some_and(|text| text.trim().is_empty())
    }

    /// The dialect of the run.
    fn dialect(&self) -> Dialect {
        self.sources.options.dialect
    }

    /// Directive `zilog` as the run's dialect spells it (`ORG`, or TDL's `.LOC`).
    fn word(&self, zilog: &'static str) -> &'static str {
        match self.dialect() {
            Dialect::Zilog => zilog,
            Dialect::Tdl => words::tdl_directive(zilog),
        }
    }

    fn active(&self) -> bool {
        self.conds.last().is_none_or(|c| c.active)
    }

    fn list(
        &mut self,
        at: &At,
        expanded: bool,
        addr: Option<u16>,
        bytes: &[u8],
        value: Option<i32>,
    ) {
        self.listing.push(ListLine {
            file: at.file,
            line: at.line,
            text: at.text.clone(),
            expanded,
            addr,
            bytes: bytes.to_vec(),
            value,
        });
    }

    fn step(&mut self, idx: usize) {
        if self.bracket_only(idx) {
            return;
        }
        let Some((line, at, expanded)) = self.fetch(idx) else {
            return;
        };
        if !self.active() {
            self.skip(&line, &at);
            self.list(&at, expanded, None, &[], None);
            return;
        }
        let body = match &line.body {
            Ok(body) => body,
            Err(d) => return self.broken_line(&line, d, &at, expanded),
        };
        if self.symbol_statement(body, &line, &at, idx, expanded) {
            return;
        }
        let start = self.pc;
        if let Some(label) = &line.label {
            self.define(label, start as i32, SymKind::Label, &at);
        }
        let mut bytes = std::mem::take(&mut self.bytes);
        bytes.clear();
        let mut addr = Some(start as u16);
        match body {
            Body::Empty if line.label.is_none() => addr = None,
            Body::Radix(radix) => {
                self.radix = *radix;
                addr = addr.filter(|_| line.label.is_some());
            }
            Body::Instr {
                mnemonic,
                col,
                operands,
            } => bytes = self.instruction(bytes, *mnemonic, operands, *col, &at, start),
            Body::Db(_) | Body::Dw(_) | Body::Ds { .. } | Body::Incbin { .. } => {
                bytes = self.data_statement(body, bytes, &at, start);
            }
            Body::End(_) | Body::If(_) | Body::Else | Body::Endif | Body::Endm => {
                addr = None;
                self.control_statement(body, &line, &at);
            }
            Body::Include { .. } | Body::Call { .. } => {
                self.list(&at, expanded, None, &[], None);
                self.bytes = bytes;
                self.enter(body, &at);
                return;
            }
            // A label alone, and the statements `symbol_statement` took.
            _ => {}
        }
        let listed = self.emit(&mut bytes, &at, put_of(body));
        self.list(&at, expanded, addr, &bytes[..listed], None);
        self.bytes = bytes;
    }

    /// The lines an INCLUDE or a macro's use brings in, read next.
    fn enter(&mut self, body: &Body, at: &At) {
        match body {
            Body::Include { path, col } => self.include(path, *col, at),
            Body::Call { name, col, args } => self.call(name, *col, args, at),
            _ => {}
        }
    }

    /// A line that did not parse: its error, and its label still defined at PC so that later
    /// references to it do not add errors of their own.
    fn broken_line(&mut self, line: &Line, diag: &Diag, at: &At, expanded: bool) {
        self.notice_tdl_equate(at);
        self.error(at, diag.clone());
        if let Some(label) = &line.label {
            self.define(label, self.pc as i32, SymKind::Label, at);
        }
        self.list(at, expanded, None, &[], None);
        if line.directive == Some(words::Directive::Macro) {
            self.skip_broken_macro(at);
        }
    }

    /// DB, DW, DS and INCBIN: their bytes appended to `bytes` (other statements add none).
    fn data_statement(&mut self, body: &Body, mut bytes: Vec<u8>, at: &At, start: u32) -> Vec<u8> {
        match body {
            Body::Db(items) => self.data(bytes, at, start, |out| {
                for item in items {
                    match item {
                        DataItem::Bytes(b) => out.bytes(b),
                        DataItem::Value(v) => out.imm8(&v.expr, v.col),
                    }
                }
            }),
            Body::Dw(vals) => self.data(bytes, at, start, |out| {
                for v in vals {
                    out.imm16(&v.expr, v.col);
                }
            }),
            Body::Ds {
                count, fill, words, ..
            } => {
                let unit = if *words { 2 } else { 1 };
                self.space(bytes, (count, unit), fill.as_ref(), at, start)
            }
            Body::Incbin { path, col } => {
                let from = self.frames.last().map_or(0, |f| f.file);
                match self.sources.binary(from, path) {
                    Ok(data) => bytes.extend_from_slice(&data),
                    Err(e) => self.error(at, Diag::new(*col, e.message("INCBIN", path))),
                }
                bytes
            }
            _ => bytes,
        }
    }

    /// END, IF, ELSE, ENDIF and ENDM, which steer the pass and emit nothing (other statements
    /// are left alone).
    fn control_statement(&mut self, body: &Body, line: &Line, at: &At) {
        match body {
            Body::End(v) => {
                if let Some(v) = v {
                    let a = self.eval(v, at);
                    if (0..=0xFFFF).contains(&a) {
                        self.entry = Some(a as u16);
                    } else {
                        self.error(
                            at,
                            Diag::new(
                                v.col,
                                format!("{} address {a} out of range (0..65535)", self.word("END")),
                            ),
                        );
                    }
                }
                self.ended = true;
                self.text_after_end(at);
            }
            Body::If(v) => {
                let value = self.eval(v, at);
                self.conds.push(Cond {
                    active: value != 0,
                    parent_active: true,
                    taken: value != 0,
                    else_seen: false,
                    at: (at.file, at.line, at.col, at.text.clone()),
                });
            }
            Body::Else | Body::Endif => self.skip(line, at),
            Body::Endm => self.error(at, Diag::new(at.col, "ENDM without MACRO")),
            _ => {}
        }
    }

    /// MACRO, EQU, DEFL and ORG, which give their label a value of their own; false for
    /// other statements.
    fn symbol_statement(
        &mut self,
        body: &Body,
        line: &Line,
        at: &At,
        idx: usize,
        expanded: bool,
    ) -> bool {
        match body {
            Body::Macro { name, params } => {
                self.list(at, expanded, None, &[], None);
                self.define_macro(name, params, idx, at);
            }
            Body::Define {
                name,
                params,
                body_at,
                misprint,
            } => self.define_tdl_macro(name, params, (idx, *body_at), misprint.as_ref(), at),
            Body::Equ(v) | Body::Defl(v) => {
                let kind = if matches!(body, Body::Equ(_)) {
                    SymKind::Equ
                } else {
                    SymKind::Defl
                };
                let value = self.eval(v, at);
                match &line.label {
                    Some(label) => self.define(label, value, kind, at),
                    None => {
                        let what = if kind == SymKind::Equ { "EQU" } else { "DEFL" };
                        self.error(
                            at,
                            Diag::new(v.col, format!("{what} needs a label: NAME {what} value")),
                        );
                    }
                }
                self.list(at, expanded, None, &[], Some(value));
            }
            Body::Org(v) => self.org(v, line, at, expanded),
            _ => return false,
        }
        true
    }

    /// ORG (TDL's `.LOC`): the new address, named by the line's label if it has one.
    fn org(&mut self, v: &Val, line: &Line, at: &At, expanded: bool) {
        let a = self.eval(v, at);
        if (0..=0xFFFF).contains(&a) {
            self.pc = a as u32;
        } else {
            let msg = format!("{} address {a} out of range (0..65535)", self.word("ORG"));
            self.error(at, Diag::new(v.col, msg));
        }
        // As in pasmo, a label on an ORG line names the new address.
        if let Some(label) = &line.label {
            self.define(label, self.pc as i32, SymKind::Label, at);
        }
        self.list(at, expanded, Some(self.pc as u16), &[], None);
    }

    /// Encodes an instruction into `bytes`, reporting its problems.
    fn instruction(
        &mut self,
        bytes: Vec<u8>,
        mnemonic: Mnemonic,
        operands: &[Operand],
        col: usize,
        at: &At,
        start: u32,
    ) -> Vec<u8> {
        let diags = std::mem::take(&mut self.diags);
        let mut lookup = Lookup::new(&self.syms, self.prev, &mut self.used_prev, start as i32);
        let mut out = Emitter::new(bytes, diags, start as i32, &mut lookup);
        let shape = encode::encode(mnemonic, operands, col, &mut out);
        let (mut bytes, mut diags) = out.finish();
        if let Err(e) = shape {
            bytes.clear();
            diags.insert(0, e);
        }
        for diag in diags.drain(..) {
            self.error(at, diag);
        }
        self.diags = diags;
        bytes
    }

    /// DS: `count` units of `unit` bytes (2 for TDL's `.BLKW`), each byte `fill` (0 by
    /// default).
    fn space(
        &mut self,
        bytes: Vec<u8>,
        (count, unit): (&Val, i32),
        fill: Option<&Val>,
        at: &At,
        start: u32,
    ) -> Vec<u8> {
        let n = self.eval(count, at);
        let most = 0x10000 / unit;
        if !(0..=most).contains(&n) {
            let what = match (self.dialect(), unit) {
                (Dialect::Zilog, _) => "DS size",
                (Dialect::Tdl, 1) => ".BLKB size",
                (Dialect::Tdl, _) => ".BLKW size",
            };
            let words = if unit == 1 { "" } else { " words" };
            let msg = format!("{what} {n} out of range (0..{most}{words})");
            self.error(at, Diag::new(count.col, msg));
            return bytes;
        }
        let n = n * unit;
        let mut bytes = self.data(bytes, at, start, |out| match fill {
            Some(f) => out.imm8(&f.expr, f.col),
            None => out.byte(0),
        });
        let b = bytes.first().copied().unwrap_or(0);
        bytes.resize(n as usize, b);
        bytes
    }

    /// Puts `bytes` at the current address and moves past them; returns how many of them to
    /// list. A reservation leaves the bytes already written and zero-fills the rest, and
    /// `bytes` becomes what the image then holds there.
    fn emit(&mut self, bytes: &mut Vec<u8>, at: &At, put: Put) -> usize {
        let start = self.pc as usize;
        let room = 0x10000usize.saturating_sub(start);
        let fitting = bytes.len().min(room);
        if fitting < bytes.len() {
            self.error(
                at,
                Diag::new(at.col, "code runs past the end of memory (FFFFH)"),
            );
        }
        let writer = Writer {
            file: at.file,
            line: at.line,
            start,
            len: fitting,
        };
        let overlaps = match put {
            Put::Reserve => self.image.reserve(start, fitting, writer),
            Put::Code | Put::Data => self.image.write(start, &bytes[..fitting], writer),
        };
        for overlap in overlaps {
            self.overlap(at, &overlap, &writer, put == Put::Reserve);
        }
        self.pc = (start + bytes.len()).min(0x10000) as u32;
        if put == Put::Reserve {
            bytes.clear();
            bytes.extend_from_slice(self.image.bytes(start, fitting.min(4)));
        }
        match put {
            Put::Code => fitting,
            Put::Data | Put::Reserve => fitting.min(4),
        }
    }

    /// Runs a DB/DW-style emitter over `f`, reporting its value problems.
    fn data(
        &mut self,
        bytes: Vec<u8>,
        at: &At,
        start: u32,
        f: impl FnOnce(&mut Emitter<'_>),
    ) -> Vec<u8> {
        let diags = std::mem::take(&mut self.diags);
        let mut lookup = Lookup::new(&self.syms, self.prev, &mut self.used_prev, start as i32);
        let mut out = Emitter::new(bytes, diags, start as i32, &mut lookup);
        f(&mut out);
        let (bytes, mut diags) = out.finish();
        for d in diags.drain(..) {
            self.error(at, d);
        }
        self.diags = diags;
        bytes
    }

    /// Evaluates a directive's value; problems are reported and count as 0.
    fn eval(&mut self, v: &Val, at: &At) -> i32 {
        let mut lookup = Lookup::new(&self.syms, self.prev, &mut self.used_prev, self.pc as i32);
        match expr::evaluate(&v.expr, &mut lookup) {
            Ok(x) => x,
            Err(e) => {
                self.error(at, e.diag());
                0
            }
        }
    }

    fn define(&mut self, label: &Label, value: i32, kind: SymKind, at: &At) {
        if let Some(old) = self.syms.get_mut(&label.name) {
            if old.kind == SymKind::Defl && kind == SymKind::Defl {
                old.value = value;
                return;
            }
            let (file, line) = old.at;
            let first = format!("{}:{line}", self.sources.files[file].display);
            self.error(
                at,
                Diag::new(
                    label.col,
                    format!(
                        "duplicate label {} (first defined at {first})",
                        quoted(&label.name)
                    ),
                ),
            );
            return;
        }
        self.syms.insert(
            label.name.clone(),
            Sym {
                value,
                kind,
                at: (at.file, at.line),
            },
        );
    }
}
