//! What a pass notes besides errors: text after a ^Z, overlapping bytes, and a TDL source read
//! as Zilog (text after an END: `dropped.rs`).

use super::{At, Pass};
use crate::assembler::dialect::Dialect;
use crate::assembler::error::{AsmError, AsmWarning, Diag};
use crate::assembler::image::{Overlap, Writer, range};
use crate::assembler::words;

impl Pass<'_> {
    /// A warning about line `at`.
    pub(super) fn warn(&mut self, at: &At, message: String) {
        let message = match &at.note {
            Some(note) => format!("{message}{note}"),
            None => message,
        };
        self.warnings.push(AsmWarning {
            file: self.sources.files[at.file].display.clone(),
            line: at.line,
            message,
        });
    }

    /// At the end of file `file`: the lines of code after a ^Z that ended its text early, as
    /// a warning (CP/M's padding after it is no code and is passed over in silence).
    pub(super) fn text_after_eof_mark(&mut self, file: usize) {
        let Some((line, ignored)) = self.sources.files[file].eof_mark else {
            return;
        };
        if ignored == 0 {
            return;
        }
        let lines = if ignored == 1 {
            "line of code after it is"
        } else {
            "lines of code after it are"
        };
        let at = At {
            file,
            line,
            col: 1,
            text: std::rc::Rc::from(""),
            note: None,
        };
        self.warn(
            &at,
            format!(
                "^Z (1AH, CP/M's end of text) ends the file on this line: {ignored} {lines} ignored"
            ),
        );
    }

    /// Bytes of `writer` (the statement at `at`) over those of an earlier statement: an error,
    /// or with `--allow-overlap` a warning (the later bytes win; over a `reserved` range
    /// nothing is written, and the earlier bytes stay).
    pub(super) fn overlap(&mut self, at: &At, overlap: &Overlap, writer: &Writer, reserved: bool) {
        let earlier = overlap.earlier;
        let place = format!(
            "{}:{}",
            self.sources.files[earlier.file].display, earlier.line
        );
        let twice = range(overlap.from, overlap.to);
        let theirs = range(earlier.start, earlier.start + earlier.len - 1);
        let ours = range(writer.start, writer.start + writer.len - 1);
        let allowed = self.sources.options.allow_overlap;
        let message = match (allowed, reserved) {
            (true, false) => format!(
                "this statement ({ours}) writes over {twice} of the bytes written by {place} ({theirs}); the later bytes win"
            ),
            (true, true) => format!(
                "this reservation ({ours}) lies over {twice} of the bytes written by {place} ({theirs}); a reservation writes nothing, so those bytes stay"
            ),
            (false, false) => format!(
                "this statement ({ours}) overlaps the bytes written by {place} ({theirs}) at {twice}; --allow-overlap lets the later bytes win"
            ),
            (false, true) => format!(
                "this reservation ({ours}) overlaps the bytes written by {place} ({theirs}) at {twice}; --allow-overlap accepts it (a reservation writes nothing: those bytes stay)"
            ),
        };
        if allowed {
            self.warn(at, message);
        } else {
            let col = at.col;
            self.error(at, Diag::new(col, message));
        }
    }

    /// In a Zilog run, a use of `name` that is no macro: if only TDL has the word, the source
    /// is TDL, and this line is the one to name.
    pub(super) fn notice_tdl_word(&mut self, name: &str, at: &At) {
        if self.sources.options.dialect == Dialect::Zilog && words::is_tdl_only(name) {
            self.tdl_source(at, format!("'{name}' on this line is TDL"));
        }
    }

    /// In a Zilog run, a line `NAME = expr` that did not parse is TDL's equate.
    pub(super) fn notice_tdl_equate(&mut self, at: &At) {
        if self.sources.options.dialect != Dialect::Zilog {
            return;
        }
        let text = at.text.trim_start();
        let name_len = text
            .chars()
            .take_while(|&c| crate::assembler::lexer::is_ident_char(c))
            .count();
        let rest = text[name_len..].trim_start();
        if name_len > 0 && rest.starts_with('=') && !rest.starts_with("==") {
            self.tdl_source(
                at,
                "'NAME = value' on this line is TDL's equate".to_string(),
            );
        }
    }

    fn tdl_source(&mut self, at: &At, what: String) {
        if self.tdl_hint.is_some() {
            return;
        }
        self.tdl_hint = Some(AsmError {
            file: self.sources.files[at.file].display.clone(),
            line: at.line,
            col: 0,
            source_line: String::new(),
            message: format!(
                "this source is written in TDL's 8080-style mnemonics ({what}): assemble it with --dialect tdl"
            ),
        });
    }
}
