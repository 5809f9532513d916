//! The expressions a source line wrote for an instruction's values, found by laying the
//! line's operands beside the decoded ones (a Zilog line) or beside the TDL form that spells
//! the instruction (a TDL line), so that a disassembly can show `LIXD PTR2` where the source
//! wrote it rather than the name a symbol file happens to pick for the value.

use super::tdl;
use super::{Dialect, Instruction, Operand, Use};

/// Operand expressions as a source line wrote them, in the source's own syntax. An
/// instruction has at most one operand of each kind, so the kind says which operand is meant.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    /// The 16-bit value's: an address, an immediate word or a jump target (`PTR2`, `.-2`).
    pub word: Option<String>,
    /// The 8-bit immediate's or the port's (`0`, `'Y'`, `PAWN`).
    pub byte: Option<String>,
    /// The index displacement's (`DISP`, `-2`, `1*8`).
    pub displacement: Option<String>,
}

impl Written {
    /// The expression written for the operand of kind `used`.
    pub fn get(&self, used: Use) -> Option<&str> {
        match used {
            Use::Address | Use::Word | Use::Target => self.word.as_deref(),
            Use::Byte | Use::Port => self.byte.as_deref(),
            Use::Displacement => self.displacement.as_deref(),
        }
    }

    /// The slot of the operand of kind `used`.
    pub fn slot(&mut self, used: Use) -> &mut Option<String> {
        match used {
            Use::Address | Use::Word | Use::Target => &mut self.word,
            Use::Byte | Use::Port => &mut self.byte,
            Use::Displacement => &mut self.displacement,
        }
    }

    /// True when no expression was found.
    pub fn is_empty(&self) -> bool {
        self.word.is_none() && self.byte.is_none() && self.displacement.is_none()
    }
}

impl Instruction {
    /// The expressions a source line in `dialect` wrote for this instruction's values, given
    /// the line's mnemonic and its operands split at their commas. Nothing is found when the
    /// line is not this instruction as that dialect spells it (another mnemonic, another
    /// number of operands, a memory operand without its parentheses).
    ///
    /// ```
    /// use sargon_z80::machine::{Dialect, decode};
    ///
    /// let mut memory = Box::new([0u8; 0x10000]);
    /// memory[..4].copy_from_slice(&[0xDD, 0x2A, 0x02, 0x00]); // LD IX,(0002h)
    /// let written = decode(&memory, 0).written("LIXD", &["PTR2"], Dialect::Tdl);
    /// assert_eq!(written.word.as_deref(), Some("PTR2"));
    /// let written = decode(&memory, 0).written("ld", &["IX", "(PTR2)"], Dialect::Zilog);
    /// assert_eq!(written.word.as_deref(), Some("PTR2"));
    /// ```
    pub fn written(&self, mnemonic: &str, operands: &[&str], dialect: Dialect) -> Written {
        if self.is_data() {
            return Written::default();
        }
        let found = match dialect {
            Dialect::Zilog => self.zilog_written(mnemonic, operands),
            Dialect::Tdl => self.tdl_written(mnemonic, operands),
        };
        found.unwrap_or_default()
    }

    fn zilog_written(&self, mnemonic: &str, operands: &[&str]) -> Option<Written> {
        if !mnemonic.eq_ignore_ascii_case(self.mnemonic) {
            return None;
        }
        // The one-operand ALU forms may be written with the accumulator first (`SUB A,B`).
        let extra = operands.len().checked_sub(self.operands.len())?;
        if extra > 1 || (extra == 1 && !operands[0].trim().eq_ignore_ascii_case("A")) {
            return None;
        }
        let mut written = Written::default();
        for (op, text) in self.operands.iter().zip(&operands[extra..]) {
            let text = text.trim();
            let (used, found) = match op {
                Operand::Address(_) => (Use::Address, parenthesized(text)),
                Operand::Port(_) => (Use::Port, parenthesized(text)),
                Operand::Word(_) => (Use::Word, bare(text)),
                Operand::Target(_) => (Use::Target, bare(text)),
                Operand::Byte(_) => (Use::Byte, bare(text)),
                Operand::Indexed(r, _) => (Use::Displacement, index_offset(text, r)),
                _ => continue,
            };
            *written.slot(used) = found.map(str::to_string);
        }
        Some(written)
    }

    fn tdl_written(&self, mnemonic: &str, operands: &[&str]) -> Option<Written> {
        let (name, patterns) = tdl::split(tdl::form(self)?);
        if !mnemonic.eq_ignore_ascii_case(name) || patterns.len() != operands.len() {
            return None;
        }
        let mut written = Written::default();
        for (pattern, text) in patterns.iter().zip(operands) {
            let text = text.trim();
            let (used, found) = match *pattern {
                "nn" | "e" => (Use::Word, bare(text)),
                "n" => (Use::Byte, bare(text)),
                "d(X)" => (Use::Displacement, indexed_by(text, "(X)")),
                "d(Y)" => (Use::Displacement, indexed_by(text, "(Y)")),
                "r" | "r'" | "b" | "p" => continue,
                fixed if fixed.eq_ignore_ascii_case(text) => continue,
                _ => return None,
            };
            *written.slot(used) = found.map(str::to_string);
        }
        Some(written)
    }
}

/// The expression inside `(expr)`; None for a register in parentheses.
fn parenthesized(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('(')?.strip_suffix(')')?.trim();
    (!inner.is_empty()).then_some(inner)
}

/// `text` itself, unless it is empty or parenthesized (which would read as memory).
fn bare(text: &str) -> Option<&str> {
    (!text.is_empty() && !text.starts_with('(')).then_some(text)
}

/// The displacement of `(IX+expr)` or `(IX-expr)`: `expr`, or `-expr`; None for `(IX)`.
fn index_offset<'a>(text: &'a str, register: &str) -> Option<&'a str> {
    let inner = text.strip_prefix('(')?.strip_suffix(')')?.trim();
    let head = inner.get(..register.len())?;
    if !head.eq_ignore_ascii_case(register) {
        return None;
    }
    let rest = inner[register.len()..].trim();
    if let Some(positive) = rest.strip_prefix('+') {
        let positive = positive.trim();
        return (!positive.is_empty()).then_some(positive);
    }
    (rest.starts_with('-') && rest.len() > 1).then_some(rest)
}

/// The displacement `expr` of TDL's `expr(X)`; None for a bare `(X)`.
fn indexed_by<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = text.len().checked_sub(suffix.len())?;
    let (expr, tail) = (text.get(..cut)?, text.get(cut..)?);
    if !tail.eq_ignore_ascii_case(suffix) {
        return None;
    }
    let expr = expr.trim();
    (!expr.is_empty()).then_some(expr)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::decode;

    fn instruction(bytes: &[u8]) -> Instruction {
        let mut memory = Box::new([0u8; 0x10000]);
        memory[0x100..0x100 + bytes.len()].copy_from_slice(bytes);
        decode(&memory, 0x100)
    }

    fn written(bytes: &[u8], line: &str, dialect: Dialect) -> Written {
        let (mnemonic, rest) = line.split_once(' ').unwrap_or((line, ""));
        let operands: Vec<&str> = if rest.is_empty() {
            Vec::new()
        } else {
            rest.split(',').collect()
        };
        instruction(bytes).written(mnemonic, &operands, dialect)
    }

    fn word(text: &str) -> Written {
        Written {
            word: Some(text.to_string()),
            ..Written::default()
        }
    }

    #[test]
    fn tdl_lines_by_their_form() {
        let tdl = Dialect::Tdl;
        assert_eq!(written(&[0xDD, 0x2A, 2, 0], "LIXD PTR2", tdl), word("PTR2"));
        assert_eq!(written(&[0x21, 0, 0], "LXI H,0", tdl), word("0"));
        assert_eq!(
            written(&[0x21, 0x5D, 1], "LXI H,PLYIX-2", tdl),
            word("PLYIX-2")
        );
        assert_eq!(written(&[0x10, 0xFC], "DJNZ .-2", tdl), word(".-2"));
        let board = written(&[0xDD, 0x7E, 0xB4], "MOV A,DISP(X)", tdl);
        assert_eq!(board.displacement.as_deref(), Some("DISP"));
        let both = written(&[0xDD, 0x36, 0xFE, 0x05], "MVI -2(X),PAWN", tdl);
        assert_eq!(both.displacement.as_deref(), Some("-2"));
        assert_eq!(both.byte.as_deref(), Some("PAWN"));
        assert_eq!(
            written(&[0xDB, 0xFE], "IN PORT", tdl).byte.as_deref(),
            Some("PORT")
        );
        assert!(written(&[0xDD, 0x7E, 0], "MOV A,(X)", tdl).is_empty());
        assert!(
            written(&[0x21, 0, 0], "LXI D,0", tdl).is_empty(),
            "another register"
        );
        assert!(
            written(&[0x21, 0, 0], "MVI H,0", tdl).is_empty(),
            "another mnemonic"
        );
        assert!(
            written(&[0x21, 0, 0], "LD HL,0", tdl).is_empty(),
            "another dialect"
        );
    }

    #[test]
    fn zilog_lines_operand_by_operand() {
        let zilog = Dialect::Zilog;
        assert_eq!(
            written(&[0xDD, 0x2A, 2, 0], "LD IX,(PTR2)", zilog),
            word("PTR2")
        );
        assert_eq!(
            written(&[0x2A, 2, 0], "ld hl, ( PTR2 + 1 )", zilog),
            word("PTR2 + 1")
        );
        assert_eq!(written(&[0x10, 0xFC], "DJNZ $-2", zilog), word("$-2"));
        let index = written(&[0xDD, 0x6E, 0x08], "LD L,(IX +1*8)", zilog);
        assert_eq!(index.displacement.as_deref(), Some("1*8"));
        let minus = written(&[0xFD, 0x36, 0xFE, 5], "LD (IY-2),K", zilog);
        assert_eq!(minus.displacement.as_deref(), Some("-2"));
        assert_eq!(minus.byte.as_deref(), Some("K"));
        assert_eq!(
            written(&[0xD6, 5], "SUB A,K", zilog).byte.as_deref(),
            Some("K")
        );
        assert_eq!(
            written(&[0xD3, 0xFE], "OUT (P),A", zilog).byte.as_deref(),
            Some("P")
        );
        assert!(written(&[0xD6, 5], "SUB B,K", zilog).is_empty());
        assert!(
            written(&[0x2A, 2, 0], "LD HL,PTR2", zilog).is_empty(),
            "memory needs ()"
        );
        assert!(written(&[0x21, 2, 0], "LD HL,(PTR2)", zilog).is_empty());
        assert!(written(&[0xDD, 0x7E, 0], "LD A,(IX)", zilog).is_empty());
        assert!(written(&[0x00], "DB 0", zilog).is_empty());
    }
}
