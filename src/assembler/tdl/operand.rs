//! One operand of a TDL statement as written, before it is matched against the forms.

use crate::assembler::expr::Expr;
use crate::assembler::words::Reg;

/// One operand of a TDL statement as written.
#[derive(Debug, Clone)]
pub(super) enum TdlOperand {
    /// A register name, upper-cased (`A`, `M`, `SP`, `PSW`, `X`).
    Name(&'static str),
    /// `d(X)` or `d(Y)`: the index register (IX or IY) and the displacement.
    Indexed(Reg, Expr),
    /// Any other expression.
    Value(Expr),
}
