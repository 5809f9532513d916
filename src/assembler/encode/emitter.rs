//! Collects the bytes of one statement, evaluating and range-checking its values.

use crate::assembler::error::Diag;
use crate::assembler::expr::{self, Env, Expr};

/// Formats a value for range messages: decimal and hexadecimal.
fn show(v: i32) -> String {
    if v < 0 {
        format!("{v}")
    } else {
        format!("{v} ({v:X}H)")
    }
}

/// The bytes of one statement and the problems found in its values.
pub(crate) struct Emitter<'a> {
    /// The bytes emitted so far.
    pub bytes: Vec<u8>,
    /// Problems with values (undefined symbols, out of range); encoding carries on with 0.
    pub diags: Vec<Diag>,
    /// The address of the start of the statement.
    pub pc: i32,
    env: &'a mut dyn Env,
}

impl<'a> Emitter<'a> {
    /// An emitter for a statement at `pc`, reusing `bytes` and `diags` (cleared).
    pub fn new(mut bytes: Vec<u8>, mut diags: Vec<Diag>, pc: i32, env: &'a mut dyn Env) -> Self {
        bytes.clear();
        diags.clear();
        Emitter {
            bytes,
            diags,
            pc,
            env,
        }
    }

    /// Emits a fixed byte.
    pub fn byte(&mut self, b: u8) {
        self.bytes.push(b);
    }

    /// Emits fixed bytes.
    pub fn bytes(&mut self, bs: &[u8]) {
        self.bytes.extend_from_slice(bs);
    }

    /// Evaluates `e`; an undefined symbol is recorded and counts as 0.
    pub fn value(&mut self, e: &Expr) -> i32 {
        match expr::evaluate(e, self.env) {
            Ok(v) => v,
            Err(err) => {
                self.diags.push(err.diag());
                0
            }
        }
    }

    fn checked(&mut self, e: &Expr, col: usize, lo: i32, hi: i32, what: &str) -> i32 {
        let v = self.value(e);
        if !(lo..=hi).contains(&v) {
            self.diags.push(Diag::new(
                col,
                format!("value {} out of range for {what} ({lo}..{hi})", show(v)),
            ));
        }
        v
    }

    /// Emits a byte value (-128..255).
    pub fn imm8(&mut self, e: &Expr, col: usize) {
        let v = self.checked(e, col, -128, 255, "a byte");
        self.bytes.push(v as u8);
    }

    /// Emits a little-endian word value (-32768..65535).
    pub fn imm16(&mut self, e: &Expr, col: usize) {
        let v = self.checked(e, col, -32768, 65535, "a word");
        self.bytes.extend_from_slice(&(v as u16).to_le_bytes());
    }

    /// Emits an index displacement (-128..127).
    pub fn disp(&mut self, e: &Expr, col: usize) {
        let v = self.checked(e, col, -128, 127, "an index displacement");
        self.bytes.push(v as u8);
    }

    /// Emits the offset of a relative jump to `e` from a 2-byte instruction at the statement start.
    pub fn rel(&mut self, e: &Expr, col: usize) {
        let target = self.value(e);
        let distance = target.wrapping_sub(self.pc.wrapping_add(2));
        if !(0..=0xFFFF).contains(&target) {
            // The Z80 would wrap the target around memory: the source cannot mean that.
            self.diags.push(Diag::new(
                col,
                format!(
                    "relative jump target {} lies outside memory (0..FFFFH)",
                    show(target)
                ),
            ));
        } else if !(-128..=127).contains(&distance) {
            self.diags.push(Diag::new(
                col,
                format!(
                    "relative jump out of range: distance {distance} bytes (must be -128..127)"
                ),
            ));
        }
        self.bytes.push(distance as u8);
    }

    /// Finishes the statement, handing back its bytes and problems.
    pub fn finish(self) -> (Vec<u8>, Vec<Diag>) {
        (self.bytes, self.diags)
    }
}
