//! An operand expression as a source wrote it, read in the source's dialect, checked against
//! the value the bytes hold and written in the dialect a disassembly is shown in: `.-2` in TDL
//! is `$-2` in Zilog, a number of a `.RADIX 16` stretch gets its `H`. Only a plain subset is
//! taken (names, numbers, one-character texts, the location counter, `+ - * /`, parentheses,
//! Zilog's HIGH and LOW); anything else, a name the symbols do not hold, or a value that
//! differs is refused, and the disassembly names the operand as it would without a source.

use crate::machine::{Dialect, SymbolTable};

/// What the operand's bytes hold, which the expression must give exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// A 16-bit value (an address, a word, a jump target): -32768..65535, equal modulo 65536.
    Word(u16),
    /// A byte: -128..255, equal modulo 256.
    Byte(u8),
    /// An index displacement: exactly this value.
    Displacement(i8),
}

impl Expected {
    fn holds(self, value: i64) -> bool {
        match self {
            Expected::Word(w) => (-32768..=65535).contains(&value) && value as u16 == w,
            Expected::Byte(b) => (-128..=255).contains(&value) && value as u8 == b,
            Expected::Displacement(d) => value == i64::from(d),
        }
    }
}

/// Where an expression stands, for its location counter and its numbers.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The dialect the source is written in.
    pub dialect: Dialect,
    /// TDL's `.RADIX` in force at the line (10 in Zilog).
    pub radix: u32,
    /// The address of the statement (`$`, `.`).
    pub here: u16,
    /// The values of the names.
    pub symbols: &'a SymbolTable,
}

/// `text`, written by a source in `context`, rewritten for `to` when it gives `expected`.
pub fn rewrite(text: &str, context: Context, expected: Expected, to: Dialect) -> Option<String> {
    let tokens = lex(text, context.dialect, context.radix)?;
    let mut parser = Parser {
        tokens: &tokens,
        pos: 0,
        context,
        depth: 0,
    };
    let value = parser.sum()?;
    if parser.pos != tokens.len() || !expected.holds(value) {
        return None;
    }
    let written = write(&tokens, to)?;
    // Parentheses around a whole operand would read as memory in Zilog.
    (!written.starts_with('(')).then_some(written)
}

/// One token with the blanks before it and its text as written.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    gap: String,
    text: String,
    kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A number and its value; `portable` when both dialects read its text as that value.
    Number {
        value: i64,
        form: Form,
    },
    Name,
    Here,
    /// A one-character text: its character code.
    Char(i64),
    Op(char),
    High,
    Low,
}

/// How a number is written, for deciding whether the other dialect reads it the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// Digits first (`10`, `0FFH`, `101B`), read as in radix 10.
    Digits,
    /// A form only Zilog reads (`$FF`, `#FF`, `%101`, `0xFF`).
    Zilog,
    /// A form only TDL reads (`^H1F`).
    Tdl,
    /// Digits in a radix other than 10 (TDL's `.RADIX`): rewritten everywhere.
    Radix,
}

fn ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '_' | '?' | '@' | '.')
}

fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '?' | '@' | '.' | '$')
}

/// The tokens of `text`; None for anything outside the subset.
fn lex(text: &str, dialect: Dialect, radix: u32) -> Option<Vec<Token>> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens: Vec<Token> = Vec::new();
    let mut i = 0;
    let mut gap = String::new();
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            gap.push(c);
            i += 1;
            continue;
        }
        let (kind, end) = token(&chars, i, dialect, radix, after_operand(&tokens))?;
        tokens.push(Token {
            gap: std::mem::take(&mut gap),
            text: chars[i..end].iter().collect(),
            kind,
        });
        i = end;
    }
    Some(tokens)
}

fn after_operand(tokens: &[Token]) -> bool {
    tokens.last().is_some_and(|t| {
        matches!(
            t.kind,
            Kind::Number { .. } | Kind::Name | Kind::Here | Kind::Char(_) | Kind::Op(')')
        )
    })
}

/// The token at `chars[i]` and the index past it.
fn token(
    chars: &[char],
    i: usize,
    dialect: Dialect,
    radix: u32,
    after_operand: bool,
) -> Option<(Kind, usize)> {
    let c = chars[i];
    let next = chars.get(i + 1).copied();
    let tdl = dialect == Dialect::Tdl;
    if tdl && c == '.' && !next.is_some_and(ident_char) {
        return Some((Kind::Here, i + 1));
    }
    if ident_start(c) {
        let end = run(chars, i, ident_char);
        let name: String = chars[i..end].iter().collect();
        let kind = match name.to_ascii_uppercase().as_str() {
            "HIGH" if !tdl => Kind::High,
            "LOW" if !tdl => Kind::Low,
            _ => Kind::Name,
        };
        return Some((kind, end));
    }
    if c.is_ascii_digit() {
        let end = run(chars, i, |c| c.is_ascii_alphanumeric());
        let text: String = chars[i..end].iter().collect();
        return Some((digits(&text, tdl, radix)?, end));
    }
    if c == '\'' || c == '"' {
        let ch = *chars.get(i + 1)?;
        let plain = (' '..='~').contains(&ch) && !matches!(ch, '\'' | '"' | '\\');
        return (plain && chars.get(i + 2) == Some(&c)).then_some((Kind::Char(ch as i64), i + 3));
    }
    if tdl && c == '^' {
        return caret(chars, i);
    }
    if !tdl {
        if let Some(found) = prefixed(chars, i, after_operand) {
            return Some(found);
        }
        if c == '$' {
            return Some((Kind::Here, i + 1));
        }
    }
    matches!(c, '+' | '-' | '*' | '/' | '(' | ')').then_some((Kind::Op(c), i + 1))
}

fn run(chars: &[char], start: usize, keep: impl Fn(char) -> bool) -> usize {
    let mut end = start + 1;
    while end < chars.len() && keep(chars[end]) {
        end += 1;
    }
    end
}

/// A number that starts with a digit, read as its dialect reads it.
fn digits(text: &str, tdl: bool, radix: u32) -> Option<Kind> {
    if tdl && radix != 10 {
        if let Ok(value) = i64::from_str_radix(text, radix) {
            let form = if radix_ten(text) == Some(value) {
                Form::Digits
            } else {
                Form::Radix
            };
            return Some(Kind::Number { value, form });
        }
    }
    if !tdl && (text.starts_with("0x") || text.starts_with("0X")) {
        let value = i64::from_str_radix(&text[2..], 16).ok()?;
        return Some(Kind::Number {
            value,
            form: Form::Zilog,
        });
    }
    let value = radix_ten(text)?;
    Some(Kind::Number {
        value,
        form: Form::Digits,
    })
}

/// A number with digits first as read under radix 10: a radix suffix, else decimal.
fn radix_ten(text: &str) -> Option<i64> {
    let last = text.chars().last()?.to_ascii_uppercase();
    let body = &text[..text.len() - 1];
    let (digits, radix) = match last {
        'H' => (body, 16),
        'B' => (body, 2),
        'O' | 'Q' => (body, 8),
        'D' => (body, 10),
        _ => (text, 10),
    };
    i64::from_str_radix(digits, radix).ok()
}

/// TDL's `^H1F` and its kin.
fn caret(chars: &[char], i: usize) -> Option<(Kind, usize)> {
    let radix = match chars.get(i + 1)?.to_ascii_uppercase() {
        'H' => 16,
        'B' => 2,
        'O' | 'Q' => 8,
        'D' => 10,
        _ => return None,
    };
    let end = run(chars, i + 1, |c| c.is_ascii_alphanumeric());
    let digits: String = chars[i + 2..end].iter().collect();
    let value = i64::from_str_radix(&digits, radix).ok()?;
    Some((
        Kind::Number {
            value,
            form: Form::Tdl,
        },
        end,
    ))
}

/// Zilog's `$FF`, `#FF` and `%1010` (a `%` after an operand is MOD, which is not taken).
fn prefixed(chars: &[char], i: usize, after_operand: bool) -> Option<(Kind, usize)> {
    let radix = match chars[i] {
        '$' | '#' => 16,
        '%' if !after_operand => 2,
        _ => return None,
    };
    let first = *chars.get(i + 1)?;
    if !first.is_digit(radix) {
        return None;
    }
    let end = run(chars, i + 1, |c| c.is_ascii_alphanumeric());
    let digits: String = chars[i + 1..end].iter().collect();
    let value = i64::from_str_radix(&digits, radix).ok()?;
    Some((
        Kind::Number {
            value,
            form: Form::Zilog,
        },
        end,
    ))
}

/// Words neither dialect takes as a symbol: registers, conditions, TDL's operand words and
/// the operator words.
const RESERVED: &[&str] = &[
    "A", "B", "C", "D", "E", "H", "L", "I", "R", "AF", "AF'", "BC", "DE", "HL", "SP", "IX", "IY",
    "IXH", "IXL", "IYH", "IYL", "NZ", "Z", "NC", "PO", "PE", "P", "M", "X", "Y", "PSW", "NOT",
    "HIGH", "LOW", "MOD", "SHL", "SHR", "AND", "OR", "XOR", "EQ", "NE", "LT", "LE", "GT", "GE",
];

/// A recursive-descent reader of the tokens: sums of products of unary terms.
struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    context: Context<'a>,
    depth: usize,
}

/// The deepest nesting read: the subset's expressions are short.
const MAX_DEPTH: usize = 32;

impl Parser<'_> {
    fn op(&self) -> Option<char> {
        match self.tokens.get(self.pos)?.kind {
            Kind::Op(c) => Some(c),
            _ => None,
        }
    }

    fn sum(&mut self) -> Option<i64> {
        let mut value = self.product()?;
        while let Some(op @ ('+' | '-')) = self.op() {
            self.pos += 1;
            let right = self.product()?;
            value = if op == '+' {
                value.checked_add(right)?
            } else {
                value.checked_sub(right)?
            };
        }
        Some(value)
    }

    fn product(&mut self) -> Option<i64> {
        let mut value = self.unary()?;
        while let Some(op @ ('*' | '/')) = self.op() {
            self.pos += 1;
            let right = self.unary()?;
            value = if op == '*' {
                value.checked_mul(right)?
            } else if value >= 0 && right > 0 {
                value / right
            } else {
                // A value at or above 8000H divides otherwise read as unsigned.
                return None;
            };
        }
        Some(value)
    }

    fn unary(&mut self) -> Option<i64> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let token = self.tokens.get(self.pos)?;
        let value = match token.kind {
            Kind::Op(op @ ('-' | '+')) => {
                self.pos += 1;
                let v = self.unary()?;
                if op == '-' { v.checked_neg()? } else { v }
            }
            Kind::High | Kind::Low => {
                self.pos += 1;
                let v = self.unary()?;
                let high = token.kind == Kind::High;
                if high { (v >> 8) & 0xFF } else { v & 0xFF }
            }
            _ => self.primary()?,
        };
        self.depth -= 1;
        Some(value)
    }

    fn primary(&mut self) -> Option<i64> {
        let token = self.tokens.get(self.pos)?;
        self.pos += 1;
        match token.kind {
            Kind::Number { value, .. } | Kind::Char(value) => Some(value),
            Kind::Here => Some(i64::from(self.context.here)),
            Kind::Name => {
                let upper = token.text.to_ascii_uppercase();
                if RESERVED.contains(&upper.as_str()) {
                    return None;
                }
                let name: String = token.text.chars().filter(|&c| c != '$').collect();
                // Values are 16-bit, as the symbol file holds them and as a 16-bit assembler
                // reads them: 0FFB4H is -76, a displacement.
                self.context.symbols.get(&name).map(|v| i64::from(v as i16))
            }
            Kind::Op('(') => {
                let value = self.sum()?;
                (self.op() == Some(')')).then(|| self.pos += 1)?;
                Some(value)
            }
            _ => None,
        }
    }
}

/// The tokens written for `to`, blanks kept; None when `to` cannot say one of them.
fn write(tokens: &[Token], to: Dialect) -> Option<String> {
    let tdl = to == Dialect::Tdl;
    let mut out = String::new();
    for token in tokens {
        out.push_str(&token.gap);
        match token.kind {
            Kind::Here => out.push(if tdl { '.' } else { '$' }),
            Kind::High | Kind::Low if tdl => return None,
            Kind::Number { value, form } => {
                let keep = match form {
                    Form::Digits => true,
                    Form::Zilog => !tdl,
                    Form::Tdl => tdl,
                    Form::Radix => false,
                };
                if keep {
                    out.push_str(&token.text);
                } else {
                    out.push_str(&number(value, to));
                }
            }
            _ => out.push_str(&token.text),
        }
    }
    Some(out)
}

/// `value` as a number both readers take: decimal below 10, else hex with the dialect's
/// suffix and a leading 0 when it starts with a letter.
fn number(value: i64, to: Dialect) -> String {
    if value < 10 {
        return value.to_string();
    }
    let suffix = if to == Dialect::Tdl { 'H' } else { 'h' };
    let hex = format!("{value:X}{suffix}");
    if hex.starts_with(|c: char| c.is_ascii_alphabetic()) {
        format!("0{hex}")
    } else {
        hex
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbols() -> SymbolTable {
        SymbolTable::parse(
            "PTR2 EQU 0002H\nPLYIX EQU 015FH\nDISP EQU 0FFB4H\nTABB EQU 0234H\nO.O EQU 7\n",
        )
        .unwrap()
    }

    fn rewrite_in(
        text: &str,
        from: Dialect,
        radix: u32,
        expected: Expected,
        to: Dialect,
    ) -> Option<String> {
        let symbols = symbols();
        let context = Context {
            dialect: from,
            radix,
            here: 0x12EB,
            symbols: &symbols,
        };
        rewrite(text, context, expected, to)
    }

    #[test]
    fn tdl_expressions_in_both_dialects() {
        let (tdl, zilog) = (Dialect::Tdl, Dialect::Zilog);
        let word = Expected::Word;
        let cases = [
            ("PTR2", word(2), "PTR2", "PTR2"),
            ("0", word(0), "0", "0"),
            ("PLYIX-2", word(0x15D), "PLYIX-2", "PLYIX-2"),
            (".-2", word(0x12E9), ".-2", "$-2"),
            (
                "O.O - . + 1",
                word(8u16.wrapping_sub(0x12EB)),
                "O.O - . + 1",
                "O.O - $ + 1",
            ),
            ("^H1F", word(0x1F), "^H1F", "1Fh"),
            ("0FFH", word(0xFF), "0FFH", "0FFH"),
            ("'Y'", word(0x59), "'Y'", "'Y'"),
        ];
        for (text, expected, in_tdl, in_zilog) in cases {
            assert_eq!(
                rewrite_in(text, tdl, 10, expected, tdl).as_deref(),
                Some(in_tdl)
            );
            assert_eq!(
                rewrite_in(text, tdl, 10, expected, zilog).as_deref(),
                Some(in_zilog)
            );
        }
        let board = Expected::Displacement(-76);
        assert_eq!(
            rewrite_in("DISP", tdl, 10, board, zilog).as_deref(),
            Some("DISP")
        );
        // Under .RADIX 16 a bare number is hexadecimal, and written so for any reader.
        assert_eq!(
            rewrite_in("10", tdl, 16, word(16), tdl).as_deref(),
            Some("10H")
        );
        assert_eq!(
            rewrite_in("9", tdl, 16, word(9), zilog).as_deref(),
            Some("9")
        );
        assert_eq!(
            rewrite_in("0FFH", tdl, 16, word(0xFF), tdl).as_deref(),
            Some("0FFH")
        );
    }

    #[test]
    fn zilog_expressions_in_both_dialects() {
        let (tdl, zilog) = (Dialect::Tdl, Dialect::Zilog);
        let high = Expected::Byte(2);
        assert_eq!(
            rewrite_in("HIGH(TABB)", zilog, 10, high, zilog).as_deref(),
            Some("HIGH(TABB)")
        );
        assert_eq!(
            rewrite_in("HIGH(TABB)", zilog, 10, high, tdl),
            None,
            "TDL has no HIGH"
        );
        let word = Expected::Word(0x12E9);
        assert_eq!(
            rewrite_in("$-2", zilog, 10, word, tdl).as_deref(),
            Some(".-2")
        );
        assert_eq!(
            rewrite_in("$FF", zilog, 10, Expected::Byte(0xFF), tdl).as_deref(),
            Some("0FFH")
        );
        assert_eq!(
            rewrite_in("1*8", zilog, 10, Expected::Displacement(8), tdl).as_deref(),
            Some("1*8")
        );
    }

    #[test]
    fn what_is_refused() {
        let zilog = Dialect::Zilog;
        let word = Expected::Word;
        assert_eq!(
            rewrite_in("PTR2", zilog, 10, word(3), zilog),
            None,
            "another value"
        );
        assert_eq!(
            rewrite_in("NOWHERE", zilog, 10, word(0), zilog),
            None,
            "no such name"
        );
        assert_eq!(
            rewrite_in("PTR2 SHL 1", zilog, 10, word(4), zilog),
            None,
            "not in the subset"
        );
        assert_eq!(
            rewrite_in("(PTR2)", zilog, 10, word(2), zilog),
            None,
            "reads as memory"
        );
        assert_eq!(rewrite_in("PTR2)", zilog, 10, word(2), zilog), None);
        assert_eq!(rewrite_in("1/0", zilog, 10, word(0), zilog), None);
        assert_eq!(
            rewrite_in("PLYIX", zilog, 10, Expected::Byte(0x5F), zilog),
            None,
            "out of range"
        );
        assert_eq!(
            rewrite_in("DISP/2", zilog, 10, word(0xFFDA), zilog),
            None,
            "signed division"
        );
        assert_eq!(
            rewrite_in("HL", zilog, 10, word(0), zilog),
            None,
            "a register"
        );
        assert_eq!(
            rewrite_in("-(-(-(1)))", zilog, 10, word(0xFFFF), zilog).as_deref(),
            Some("-(-(-(1)))")
        );
    }
}
