//! Expressions: parsing with C-like precedence and evaluation in signed 32-bit arithmetic.
//! Arithmetic that leaves the 32-bit range is an error at its operator, never a wrapped value:
//! `256*256*256*256+5` is not 5.

use super::dialect::Dialect;
use super::error::{Diag, quoted};
use super::lexer::{Punct, Tok, Token};
use super::words;

/// Deepest nesting of parentheses and unary operators accepted (keeps the recursion bounded).
const MAX_DEPTH: usize = 200;

/// Most operators in one expression (bounds the depth of the tree that evaluation walks).
const MAX_OPERATORS: usize = 1000;

/// A unary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UnOp {
    Neg,
    Plus,
    Not,
    LogNot,
    High,
    Low,
}

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Mul,
    Div,
    Mod,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Xor,
    Or,
    LogAnd,
    LogOr,
}

/// An expression tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Expr {
    Num(i32),
    Sym {
        name: String,
        col: usize,
    },
    /// `$`: the address of the start of the current statement.
    Here,
    /// A unary operator at a column, and its operand.
    Unary(UnOp, usize, Box<Expr>),
    Binary {
        op: BinOp,
        col: usize,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// TDL's `RST p` operand at a column: the restart address 8*p of restart number p (0..7).
    Restart(usize, Box<Expr>),
}

/// Why an expression has no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EvalError {
    /// A symbol that is not defined (yet).
    Undefined { name: String, col: usize },
    /// Division or MOD by zero.
    DivZero { col: usize },
    /// A result outside the 32-bit range, or a negative shift count: what, at which operator.
    Overflow { col: usize, what: String },
    /// A value outside the range its place takes (TDL's restart number): what, where.
    Range { col: usize, what: String },
}

/// The range every value of an expression keeps to.
pub(crate) const RANGE: &str = "-2147483648..2147483647";

impl EvalError {
    /// The error as a located diagnostic.
    pub fn diag(&self) -> Diag {
        match self {
            EvalError::Undefined { name, col } => Diag {
                undefined_symbol: true,
                ..Diag::new(*col, format!("undefined symbol {}", quoted(name)))
            },
            EvalError::DivZero { col } => Diag::new(*col, "division by zero"),
            EvalError::Overflow { col, what } | EvalError::Range { col, what } => {
                Diag::new(*col, what.clone())
            }
        }
    }
}

/// Symbol values and the current address, as seen by an expression.
pub(crate) trait Env {
    /// The value of symbol `name`, if known: this pass's value when the symbol is already
    /// defined, else the previous pass's; in snapshot mode the previous pass's whenever it
    /// has one.
    fn lookup(&mut self, name: &str) -> Option<i32>;
    /// The address of the start of the current statement.
    fn here(&self) -> i32;
    /// Switches snapshot mode and forgets whether earlier lookups fell back to the previous pass.
    fn set_snapshot(&mut self, on: bool);
    /// Whether a lookup since the last `set_snapshot` fell back to the previous pass.
    fn used_previous_pass(&self) -> bool;
}

/// Evaluates `e`. When it refers forward (to a value from the previous pass), it is evaluated
/// again with every symbol taken from the previous pass: mixing the two passes' values in one
/// expression (`SIZE EQU END-HERE` with `HERE` moved by `SIZE`) would make the passes oscillate.
pub(crate) fn evaluate(e: &Expr, env: &mut dyn Env) -> Result<i32, EvalError> {
    env.set_snapshot(false);
    let first = eval(e, env);
    if !env.used_previous_pass() {
        return first;
    }
    env.set_snapshot(true);
    let consistent = eval(e, env);
    env.set_snapshot(false);
    consistent
}

/// Parses all of `tokens` as one expression; `end_col` is the column just past the tokens.
pub(crate) fn parse(tokens: &[Token], end_col: usize) -> Result<Expr, Diag> {
    parse_in(tokens, end_col, Dialect::Zilog)
}

/// Parses an expression of `dialect`: TDL reserves its own words and has no operator words.
pub(crate) fn parse_in(tokens: &[Token], end_col: usize, dialect: Dialect) -> Result<Expr, Diag> {
    let mut p = Parser {
        tokens,
        pos: 0,
        depth: 0,
        operators: 0,
        end_col,
        dialect,
    };
    let e = p.ternary()?;
    match p.tokens.get(p.pos) {
        None => Ok(e),
        Some(t) => Err(Diag::new(
            t.col,
            format!("unexpected {} in expression", describe_in(t, dialect)),
        )),
    }
}

/// A short description of a token for messages.
pub(crate) fn describe(t: &Token) -> String {
    describe_in(t, Dialect::Zilog)
}

/// A token as `dialect` writes it: TDL's location counter is `.`, not `$`.
fn describe_in(t: &Token, dialect: Dialect) -> String {
    match &t.tok {
        Tok::P(Punct::Dollar) if dialect == Dialect::Tdl => "'.'".to_string(),
        Tok::Ident(s) => quoted(s),
        Tok::Num(n) => format!("number {n}"),
        Tok::Str(_) => "string".to_string(),
        Tok::P(p) => format!("'{}'", punct_text(*p)),
    }
}

fn punct_text(p: Punct) -> &'static str {
    match p {
        Punct::LParen => "(",
        Punct::RParen => ")",
        Punct::Comma => ",",
        Punct::Colon => ":",
        Punct::Plus => "+",
        Punct::Minus => "-",
        Punct::Star => "*",
        Punct::Slash => "/",
        Punct::Percent => "%",
        Punct::Amp => "&",
        Punct::Pipe => "|",
        Punct::Caret => "^",
        Punct::Tilde => "~",
        Punct::Bang => "!",
        Punct::Shl => "<<",
        Punct::Shr => ">>",
        Punct::Lt => "<",
        Punct::Le => "<=",
        Punct::Gt => ">",
        Punct::Ge => ">=",
        Punct::Eq => "=",
        Punct::Ne => "!=",
        Punct::AndAnd => "&&",
        Punct::OrOr => "||",
        Punct::Question => "?",
        Punct::Dollar => "$",
    }
}

struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    depth: usize,
    operators: usize,
    end_col: usize,
    dialect: Dialect,
}

/// Binary operators from loosest to tightest binding, as in C.
const LEVELS: &[&[(BinOp, Option<Punct>, &str)]] = &[
    &[(BinOp::LogOr, Some(Punct::OrOr), "")],
    &[(BinOp::LogAnd, Some(Punct::AndAnd), "")],
    &[(BinOp::Or, Some(Punct::Pipe), "OR")],
    &[(BinOp::Xor, Some(Punct::Caret), "XOR")],
    &[(BinOp::And, Some(Punct::Amp), "AND")],
    &[
        (BinOp::Eq, Some(Punct::Eq), "EQ"),
        (BinOp::Ne, Some(Punct::Ne), "NE"),
    ],
    &[
        (BinOp::Lt, Some(Punct::Lt), "LT"),
        (BinOp::Le, Some(Punct::Le), "LE"),
        (BinOp::Gt, Some(Punct::Gt), "GT"),
        (BinOp::Ge, Some(Punct::Ge), "GE"),
    ],
    &[
        (BinOp::Shl, Some(Punct::Shl), "SHL"),
        (BinOp::Shr, Some(Punct::Shr), "SHR"),
    ],
    &[
        (BinOp::Add, Some(Punct::Plus), ""),
        (BinOp::Sub, Some(Punct::Minus), ""),
    ],
    &[
        (BinOp::Mul, Some(Punct::Star), ""),
        (BinOp::Div, Some(Punct::Slash), ""),
        (BinOp::Mod, Some(Punct::Percent), "MOD"),
    ],
];

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn here_col(&self) -> usize {
        self.peek().map_or(self.end_col, |t| t.col)
    }

    fn count_operator(&mut self, col: usize) -> Result<(), Diag> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(Diag::new(
                col,
                format!("expression has more than {MAX_OPERATORS} operators"),
            ));
        }
        Ok(())
    }

    fn enter(&mut self) -> Result<(), Diag> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diag::new(self.here_col(), "expression nested too deeply"));
        }
        Ok(())
    }

    fn ternary(&mut self) -> Result<Expr, Diag> {
        self.enter()?;
        let cond = self.binary(0)?;
        let e = if self.peek().is_some_and(|t| t.is(Punct::Question)) {
            self.pos += 1;
            let yes = self.ternary()?;
            match self.peek() {
                Some(t) if t.is(Punct::Colon) => self.pos += 1,
                _ => {
                    return Err(Diag::new(
                        self.here_col(),
                        "expected ':' in '?:' expression",
                    ));
                }
            }
            let no = self.ternary()?;
            Expr::Cond(Box::new(cond), Box::new(yes), Box::new(no))
        } else {
            cond
        };
        self.depth -= 1;
        Ok(e)
    }

    fn binary_op(&self, level: usize) -> Option<(BinOp, usize)> {
        let t = self.peek()?;
        LEVELS[level].iter().find_map(|&(op, punct, word)| {
            let matches = match &t.tok {
                Tok::P(p) => punct == Some(*p),
                Tok::Ident(s) => {
                    self.dialect == Dialect::Zilog
                        && !word.is_empty()
                        && s.eq_ignore_ascii_case(word)
                }
                _ => false,
            };
            matches.then_some((op, t.col))
        })
    }

    fn binary(&mut self, level: usize) -> Result<Expr, Diag> {
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        while let Some((op, col)) = self.binary_op(level) {
            self.count_operator(col)?;
            self.pos += 1;
            let rhs = self.binary(level + 1)?;
            lhs = Expr::Binary {
                op,
                col,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr, Diag> {
        let Some(t) = self.peek() else {
            return Err(Diag::new(self.end_col, "expression expected"));
        };
        let words = self.dialect == Dialect::Zilog;
        let op = match &t.tok {
            Tok::P(Punct::Minus) => Some(UnOp::Neg),
            Tok::P(Punct::Plus) => Some(UnOp::Plus),
            Tok::P(Punct::Tilde) => Some(UnOp::Not),
            Tok::P(Punct::Bang) => Some(UnOp::LogNot),
            Tok::Ident(s) if words && s.eq_ignore_ascii_case("NOT") => Some(UnOp::Not),
            Tok::Ident(s) if words && s.eq_ignore_ascii_case("HIGH") => Some(UnOp::High),
            Tok::Ident(s) if words && s.eq_ignore_ascii_case("LOW") => Some(UnOp::Low),
            _ => None,
        };
        let t_col = t.col;
        match op {
            Some(op) => {
                self.count_operator(t_col)?;
                self.enter()?;
                self.pos += 1;
                let e = self.unary()?;
                self.depth -= 1;
                Ok(Expr::Unary(op, t_col, Box::new(e)))
            }
            None => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<Expr, Diag> {
        let Some(t) = self.peek() else {
            return Err(Diag::new(self.end_col, "expression expected"));
        };
        let col = t.col;
        let e = match &t.tok {
            Tok::Num(n) => Expr::Num(*n),
            Tok::P(Punct::Dollar) => Expr::Here,
            Tok::Str(bytes) => match bytes.as_slice() {
                [b] => Expr::Num(i32::from(*b)),
                _ => {
                    return Err(Diag::new(
                        col,
                        format!(
                            "a string of {} characters is not a value (only one-character strings are)",
                            bytes.len()
                        ),
                    ));
                }
            },
            Tok::P(Punct::LParen) => self.parenthesized(col)?,
            Tok::Ident(name) if self.dialect == Dialect::Tdl => tdl_symbol(name, col)?,
            Tok::Ident(name) => symbol(name, col)?,
            Tok::P(_) => {
                return Err(Diag::new(
                    col,
                    format!("unexpected {} in expression", describe_in(t, self.dialect)),
                ));
            }
        };
        self.pos += 1;
        Ok(e)
    }

    /// `( expression )`, the opening parenthesis at column `col` under the cursor; the cursor
    /// is left on the closing one.
    fn parenthesized(&mut self, col: usize) -> Result<Expr, Diag> {
        self.enter()?;
        self.pos += 1;
        let inner = self.ternary()?;
        match self.peek() {
            Some(t) if t.is(Punct::RParen) => {}
            _ => {
                return Err(Diag::new(
                    self.here_col(),
                    format!("expected ')' to close the '(' at column {col}"),
                ));
            }
        }
        self.depth -= 1;
        Ok(inner)
    }
}

/// A name in an expression: a symbol, unless it is a register or another reserved word.
fn symbol(name: &str, col: usize) -> Result<Expr, Diag> {
    if let Some(r) = words::register(name) {
        return Err(Diag::new(
            col,
            format!("register {} cannot be used in an expression", r.name()),
        ));
    }
    if words::is_keyword(name) {
        return Err(Diag::new(
            col,
            format!("reserved word '{name}' cannot be used in an expression"),
        ));
    }
    Ok(Expr::Sym {
        name: name.to_string(),
        col,
    })
}

/// A name in a TDL expression: a symbol, unless TDL reserves it.
fn tdl_symbol(name: &str, col: usize) -> Result<Expr, Diag> {
    if words::is_tdl_keyword(name) {
        return Err(Diag::new(
            col,
            format!("reserved word '{name}' cannot be used in an expression"),
        ));
    }
    Ok(Expr::Sym {
        name: name.to_string(),
        col,
    })
}

fn truth(b: bool) -> i32 {
    if b { -1 } else { 0 }
}

/// Evaluates `e` in 32 bits; a result outside them is an error, comparisons give -1 (true) or 0.
fn eval(e: &Expr, env: &mut dyn Env) -> Result<i32, EvalError> {
    Ok(match e {
        Expr::Num(n) => *n,
        Expr::Here => env.here(),
        Expr::Sym { name, col } => env.lookup(name).ok_or_else(|| EvalError::Undefined {
            name: name.clone(),
            col: *col,
        })?,
        Expr::Unary(op, col, inner) => unary(*op, *col, eval(inner, env)?)?,
        Expr::Restart(col, p) => restart(*col, eval(p, env)?)?,
        Expr::Cond(c, yes, no) => {
            if eval(c, env)? != 0 {
                eval(yes, env)?
            } else {
                eval(no, env)?
            }
        }
        Expr::Binary {
            op: BinOp::LogAnd,
            lhs,
            rhs,
            ..
        } => truth(eval(lhs, env)? != 0 && eval(rhs, env)? != 0),
        Expr::Binary {
            op: BinOp::LogOr,
            lhs,
            rhs,
            ..
        } => truth(eval(lhs, env)? != 0 || eval(rhs, env)? != 0),
        Expr::Binary { op, col, lhs, rhs } => {
            let a = eval(lhs, env)?;
            let b = eval(rhs, env)?;
            apply(*op, a, b).map_err(|fault| match fault {
                Fault::DivZero => EvalError::DivZero { col: *col },
                Fault::Overflow(what) => EvalError::Overflow { col: *col, what },
            })?
        }
    })
}

/// `op v`, or the overflow of negating the most negative value.
fn unary(op: UnOp, col: usize, v: i32) -> Result<i32, EvalError> {
    Ok(match op {
        UnOp::Neg => v.checked_neg().ok_or_else(|| EvalError::Overflow {
            col,
            what: overflow(&format!("-({v})")),
        })?,
        UnOp::Plus => v,
        UnOp::Not => !v,
        UnOp::LogNot => truth(v == 0),
        UnOp::High => (v >> 8) & 0xFF,
        UnOp::Low => v & 0xFF,
    })
}

/// The address TDL's restart number `p` names (`RST 7` is `RST 38H`), or why it names none.
fn restart(col: usize, p: i32) -> Result<i32, EvalError> {
    match p {
        0..=7 => Ok(8 * p),
        _ => Err(EvalError::Range {
            col,
            what: format!(
                "restart number {p} out of range: TDL's RST takes 0..7 (RST 7 is RST 38H)"
            ),
        }),
    }
}

/// Why an operator has no value.
enum Fault {
    DivZero,
    Overflow(String),
}

/// The message for a result outside the range.
fn overflow(what: &str) -> String {
    format!("arithmetic overflow: {what} is outside the range of expressions ({RANGE})")
}

/// `a op b` exactly, or the fault.
fn checked(a: i32, b: i32, sign: &str, f: fn(i32, i32) -> Option<i32>) -> Result<i32, Fault> {
    f(a, b).ok_or_else(|| Fault::Overflow(overflow(&format!("{a} {sign} {b}"))))
}

/// `a SHL b`: exact (bits shifted out of the 32 are an overflow), the count 0 or more.
fn shift_left(a: i32, b: i32) -> Result<i32, Fault> {
    if b < 0 {
        return Err(Fault::Overflow(format!("shift count {b} is negative")));
    }
    let exact = match (a, b) {
        (0, _) => Some(0),
        (_, 32..) => None,
        // |a| < 2^31 and b < 32: the shift fits in 64 bits.
        _ => i32::try_from(i64::from(a) << b).ok(),
    };
    exact.ok_or_else(|| Fault::Overflow(overflow(&format!("{a} SHL {b}"))))
}

/// `a SHR b`, arithmetic: the floor of a / 2^b (so any count past 31 gives 0 or -1).
fn shift_right(a: i32, b: i32) -> Result<i32, Fault> {
    if b < 0 {
        return Err(Fault::Overflow(format!("shift count {b} is negative")));
    }
    Ok(a >> b.min(31))
}

/// Applies a binary operator exactly.
fn apply(op: BinOp, a: i32, b: i32) -> Result<i32, Fault> {
    Ok(match op {
        BinOp::Mul => checked(a, b, "*", i32::checked_mul)?,
        BinOp::Div | BinOp::Mod if b == 0 => return Err(Fault::DivZero),
        BinOp::Div => checked(a, b, "/", i32::checked_div)?,
        // The one remainder past i32's checked_rem, MIN MOD -1, is exactly 0.
        BinOp::Mod => a.wrapping_rem(b),
        BinOp::Add => checked(a, b, "+", i32::checked_add)?,
        BinOp::Sub => checked(a, b, "-", i32::checked_sub)?,
        BinOp::Shl => shift_left(a, b)?,
        BinOp::Shr => shift_right(a, b)?,
        BinOp::Lt => truth(a < b),
        BinOp::Le => truth(a <= b),
        BinOp::Gt => truth(a > b),
        BinOp::Ge => truth(a >= b),
        BinOp::Eq => truth(a == b),
        BinOp::Ne => truth(a != b),
        BinOp::And => a & b,
        BinOp::Xor => a ^ b,
        BinOp::Or => a | b,
        BinOp::LogAnd => truth(a != 0 && b != 0),
        BinOp::LogOr => truth(a != 0 || b != 0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assembler::lexer::lex;

    struct NoSyms;
    impl Env for NoSyms {
        fn lookup(&mut self, name: &str) -> Option<i32> {
            (name == "X").then_some(0x1234)
        }
        fn here(&self) -> i32 {
            0x100
        }
        fn set_snapshot(&mut self, _on: bool) {}
        fn used_previous_pass(&self) -> bool {
            false
        }
    }

    fn val(src: &str) -> i32 {
        let toks = lex(src).unwrap();
        evaluate(&parse(&toks, src.len() + 1).unwrap(), &mut NoSyms).unwrap()
    }

    #[test]
    fn c_like_precedence() {
        assert_eq!(val("1 + 2 SHL 3"), 24);
        assert_eq!(val("1 + 2 * 3"), 7);
        assert_eq!(val("6 OR 1 AND 3"), 7);
        assert_eq!(val("5 ^ 1 | 8"), 12);
        assert_eq!(val("-2 * 3"), -6);
        assert_eq!(val("NOT 0"), -1);
        assert_eq!(val("HIGH X + 1"), 0x13);
        assert_eq!(val("LOW (X + 1)"), 0x35);
        assert_eq!(val("17 MOD 5 + 7 % 4"), 5);
        assert_eq!(val("$ + 2"), 0x102);
        assert_eq!(val("'A' + 80h"), 0xC1);
        assert_eq!(val("3 < 4 && 2 >= 2"), -1);
        assert_eq!(val("1 ? 10 : 20"), 10);
        assert_eq!(val("100h >> 4 << 1"), 0x20);
    }

    #[test]
    fn errors_point_at_the_problem() {
        let toks = lex("1 / (X - X)").unwrap();
        let e = parse(&toks, 12).unwrap();
        assert_eq!(
            evaluate(&e, &mut NoSyms),
            Err(EvalError::DivZero { col: 3 })
        );
        let toks = lex("1 + (2").unwrap();
        assert_eq!(parse(&toks, 7).unwrap_err().col, 7);
        let toks = lex("Y + 1").unwrap();
        let e = parse(&toks, 6).unwrap();
        assert_eq!(
            evaluate(&e, &mut NoSyms),
            Err(EvalError::Undefined {
                name: "Y".into(),
                col: 1
            })
        );
    }

    fn fault(src: &str) -> (usize, String) {
        let toks = lex(src).unwrap();
        let e = parse(&toks, src.len() + 1).unwrap();
        let diag = evaluate(&e, &mut NoSyms).unwrap_err().diag();
        (diag.col, diag.msg)
    }

    #[test]
    fn arithmetic_that_leaves_32_bits_is_an_error_at_its_operator() {
        let range = "is outside the range of expressions (-2147483648..2147483647)";
        assert_eq!(
            fault("256*256*256*256+5"),
            (12, format!("arithmetic overflow: 16777216 * 256 {range}"))
        );
        assert_eq!(
            fault("65536 * 65536 + 100H"),
            (7, format!("arithmetic overflow: 65536 * 65536 {range}"))
        );
        assert_eq!(
            fault("X * 7FFFFh"),
            (3, format!("arithmetic overflow: 4660 * 524287 {range}"))
        );
        assert_eq!(
            fault("2147483647 + 1"),
            (12, format!("arithmetic overflow: 2147483647 + 1 {range}"))
        );
        assert_eq!(
            fault("0 - 2147483647 - 2"),
            (16, format!("arithmetic overflow: -2147483647 - 2 {range}"))
        );
        assert_eq!(
            fault("1 SHL 31"),
            (3, format!("arithmetic overflow: 1 SHL 31 {range}"))
        );
        assert_eq!(fault("(0-1) SHL 40").0, 7);
        assert_eq!(fault("1 << -1"), (3, "shift count -1 is negative".into()));
        assert_eq!(fault("-(0 - 2147483647 - 1)").0, 1);
        assert_eq!(fault("(0 - 2147483647 - 1) / -1").0, 22);
        // Exact results stay: the largest values, shifts that keep every bit, and whatever
        // an untaken branch would have done.
        assert_eq!(val("2147483647 + 0"), i32::MAX);
        assert_eq!(val("0 - 2147483647 - 1"), i32::MIN);
        assert_eq!(val("(0-1) SHL 31"), i32::MIN);
        assert_eq!(val("1 SHL 30"), 1 << 30);
        assert_eq!(val("0 SHL 40"), 0);
        assert_eq!(val("(0-8) SHR 40"), -1);
        assert_eq!(val("0 ? 65536 * 65536 : 3"), 3);
        assert_eq!(val("1 || 65536 * 65536"), -1);
        assert_eq!(val("0FFFFFFFFh"), -1);
        assert_eq!(val("(0 - 2147483647 - 1) MOD -1"), 0);
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let src = "(".repeat(10_000) + "1" + &")".repeat(10_000);
        let toks = lex(&src).unwrap();
        assert!(parse(&toks, src.len() + 1).is_err());
        let src = "-".repeat(10_000) + "1";
        let toks = lex(&src).unwrap();
        assert!(parse(&toks, src.len() + 1).is_err());
    }
}
