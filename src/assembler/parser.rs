//! Parses one source line into its label and statement.

use super::dialect::Dialect;
use super::error::{Diag, quoted};
use super::expr::{self, Expr};
use super::lexer::{self, Tok, Token};
use super::operand::{self, Operand, split_commas};
use super::words::{self, Directive, Mnemonic};

/// A label at the start of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Label {
    /// The name, case kept.
    pub name: String,
    /// 1-based column.
    pub col: usize,
}

/// An expression and the column where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Val {
    /// The expression.
    pub expr: Expr,
    /// 1-based column of its first token.
    pub col: usize,
}

/// One item of a DB list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DataItem {
    /// A string of several characters (or none): its bytes.
    Bytes(Vec<u8>),
    /// A value stored as one byte.
    Value(Val),
}

/// What a line does once its label is set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Body {
    /// Nothing (blank, comment, or a label alone).
    Empty,
    /// A Z80 instruction.
    Instr {
        mnemonic: Mnemonic,
        col: usize,
        operands: Vec<Operand>,
    },
    Org(Val),
    Equ(Val),
    Defl(Val),
    Db(Vec<DataItem>),
    Dw(Vec<Val>),
    /// DS (TDL's `.BLKB`): `count` bytes of `fill`; TDL's `.BLKW` (`words`): `count` words.
    /// TDL's are reservations (`reserve`): they write nothing over bytes already written, and
    /// zeros where nothing is.
    Ds {
        count: Val,
        fill: Option<Val>,
        words: bool,
        reserve: bool,
    },
    End(Option<Val>),
    /// TDL's `.RADIX n`: bare numbers are read in radix `n` from the next line run on, in the
    /// order the pass runs the lines (a `.RADIX` in a macro body holds after its expansion).
    Radix(u32),
    Include {
        path: String,
        col: usize,
    },
    Incbin {
        path: String,
        col: usize,
    },
    If(Val),
    Else,
    Endif,
    /// A macro definition header; the name is the label or the first argument.
    Macro {
        name: Label,
        params: Vec<String>,
    },
    Endm,
    /// TDL's `.DEFINE NAME[P1,P2]=`: a macro whose body, in brackets, starts at character
    /// `body_at` of the line (after the `=`) and may run over several lines. A header read
    /// despite a misprint (a wrong bracket, a missing `=`) carries its error: the body is
    /// skipped and the macro's uses expand to nothing.
    Define {
        name: Label,
        params: Vec<String>,
        body_at: usize,
        misprint: Option<Diag>,
    },
    /// A name that is neither mnemonic nor directive: a macro use, with its argument texts.
    Call {
        name: String,
        col: usize,
        args: Vec<String>,
    },
}

/// A parsed line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Line {
    /// The label, if any.
    pub label: Option<Label>,
    /// The directive named by the line, known even when its arguments do not parse (so that
    /// skipped IF branches and macro bodies can be scanned for IF/ELSE/ENDIF/MACRO/ENDM).
    pub directive: Option<Directive>,
    /// The column of the mnemonic, directive or macro name (else of the first non-blank).
    pub op_col: usize,
    /// The statement, or why it does not parse.
    pub body: Result<Body, Diag>,
}

/// A position in a line's characters.
pub(crate) struct Cursor<'a> {
    pub chars: &'a [char],
    pub pos: usize,
}

impl Cursor<'_> {
    pub fn skip_blanks(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    pub fn at_end(&self) -> bool {
        matches!(self.peek(), None | Some(';'))
    }

    /// Reads an identifier at the cursor: its name ('$' dropped) and column.
    pub fn word(&mut self) -> Option<(String, usize)> {
        if !self.peek().is_some_and(lexer::is_ident_start) {
            return None;
        }
        let start = self.pos;
        while self.peek().is_some_and(lexer::is_ident_char) {
            self.pos += 1;
        }
        let name = self.chars[start..self.pos]
            .iter()
            .filter(|&&c| c != '$')
            .collect();
        Some((name, start + 1))
    }

    /// The next identifier after blanks, without moving.
    fn peek_word(&self) -> Option<String> {
        let mut c = Cursor {
            chars: self.chars,
            pos: self.pos,
        };
        c.skip_blanks();
        c.word().map(|(w, _)| w)
    }

    /// Consumes a ':' after optional blanks.
    pub fn colon(&mut self) -> bool {
        let save = self.pos;
        self.skip_blanks();
        if self.peek() == Some(':') {
            self.pos += 1;
            true
        } else {
            self.pos = save;
            false
        }
    }
}

fn label_at(name: String, col: usize) -> Result<Label, Diag> {
    if words::is_keyword(&name) {
        return Err(Diag::new(
            col,
            format!("reserved word '{name}' cannot be used as a label"),
        ));
    }
    Ok(Label { name, col })
}

fn defines_its_label(word: &str) -> bool {
    matches!(
        Directive::parse(word),
        Some(Directive::Equ | Directive::Defl | Directive::Macro)
    )
}

/// Parses one source line.
pub(crate) fn parse_line(text: &str) -> Line {
    let chars: Vec<char> = text.chars().collect();
    let mut cur = Cursor {
        chars: &chars,
        pos: 0,
    };
    let first_col = 1 + chars.iter().take_while(|c| c.is_whitespace()).count();
    let line = |label, directive, op_col, body| Line {
        label,
        directive,
        op_col,
        body,
    };
    let (label, op) = match label_and_op(&mut cur) {
        Ok(found) => found,
        Err((label, diag)) => return line(label, None, first_col, Err(diag)),
    };
    let Some((op, op_col)) = op else {
        return line(label, None, first_col, Ok(Body::Empty));
    };
    let directive = Directive::parse(&op);
    let body = parse_body(&op, op_col, directive, &label, &chars, cur.pos);
    line(label, directive, op_col, body)
}

/// A label that failed, with the label found so far (if any) and the error.
type LabelError = (Option<Label>, Diag);

/// The operation word of a line and its column.
type Op = (String, usize);

/// The line's label and its operation word with its column (None for a line with a label
/// alone or nothing).
fn label_and_op(cur: &mut Cursor) -> Result<(Option<Label>, Option<Op>), LabelError> {
    let mut label = None;
    // A word in column 1 is a label unless it is a reserved word without a colon (and not
    // followed by EQU, DEFL or MACRO, which makes it a misused reserved word).
    if let Some((w, col)) = cur.word() {
        let defining = cur.peek_word().is_some_and(|n| defines_its_label(&n));
        if cur.colon() || !words::is_keyword(&w) || defining {
            label = Some(label_at(w, col).map_err(|d| (None, d))?);
        } else {
            cur.pos = 0;
        }
    }
    cur.skip_blanks();
    if cur.at_end() {
        return Ok((label, None));
    }
    let Some((op, op_col)) = cur.word() else {
        let diag = Diag::new(
            cur.pos + 1,
            "expected a label, mnemonic, directive or macro name",
        );
        return Err((label, diag));
    };
    // An indented label needs a colon, or a defining directive after it.
    if label.is_none() && (cur.colon() || cur.peek_word().is_some_and(|w| defines_its_label(&w))) {
        let label = Some(label_at(op, op_col).map_err(|d| (None, d))?);
        cur.skip_blanks();
        if cur.at_end() {
            return Ok((label, None));
        }
        return match cur.word() {
            Some(op) => Ok((label, Some(op))),
            None => {
                let diag = Diag::new(cur.pos + 1, "expected a mnemonic, directive or macro name");
                Err((label, diag))
            }
        };
    }
    Ok((label, Some((op, op_col))))
}

/// What follows the operation word: an instruction's operands, a macro call's arguments or a
/// directive's fields.
fn parse_body(
    op: &str,
    op_col: usize,
    directive: Option<Directive>,
    label: &Option<Label>,
    chars: &[char],
    rest: usize,
) -> Result<Body, Diag> {
    let end_col = chars.len() + 1;
    if let Some(mnemonic) = Mnemonic::parse(op) {
        let tokens = lexer::lex_chars(chars, rest)?;
        let operands = if tokens.is_empty() {
            Vec::new()
        } else {
            split_commas(&tokens)
                .into_iter()
                .map(|part| operand::parse(part, part_end(part, &tokens, end_col)))
                .collect::<Result<_, _>>()?
        };
        return Ok(Body::Instr {
            mnemonic,
            col: op_col,
            operands,
        });
    }
    let Some(d) = directive else {
        if words::is_keyword(op) {
            return Err(Diag::new(
                op_col,
                format!("'{op}' is not a mnemonic or directive"),
            ));
        }
        return Ok(Body::Call {
            name: op.to_string(),
            col: op_col,
            args: split_raw_args(chars, rest)?,
        });
    };
    // File names follow their own rules (no quotes needed), so they are not tokenized.
    let tokens = if matches!(d, Directive::Include | Directive::Incbin) {
        Vec::new()
    } else {
        lexer::lex_chars(chars, rest)?
    };
    let fields = Fields::new(&tokens, end_col);
    directive_body(d, &fields, label, op_col, || file_name(chars, rest, op))
}

/// A directive's operand field: its tokens, split at the commas outside parentheses.
pub(crate) struct Fields<'t> {
    tokens: &'t [Token],
    pub parts: Vec<&'t [Token]>,
    /// The column just past the line.
    pub end_col: usize,
    dialect: Dialect,
}

impl<'t> Fields<'t> {
    pub fn new(tokens: &'t [Token], end_col: usize) -> Fields<'t> {
        Fields::new_in(tokens, end_col, Dialect::Zilog)
    }

    /// The fields of a statement of `dialect`.
    pub fn new_in(tokens: &'t [Token], end_col: usize, dialect: Dialect) -> Fields<'t> {
        let parts = if tokens.is_empty() {
            Vec::new()
        } else {
            split_commas(tokens)
        };
        Fields {
            tokens,
            parts,
            end_col,
            dialect,
        }
    }

    /// One field as an expression with its column.
    pub fn val(&self, part: &[Token]) -> Result<Val, Diag> {
        let col = part.first().map_or(self.end_col, |t| t.col);
        let end = part_end(part, self.tokens, self.end_col);
        Ok(Val {
            expr: expr::parse_in(part, end, self.dialect)?,
            col,
        })
    }

    /// Exactly one value, for the directive `what`.
    pub fn one(&self, what: &str) -> Result<Val, Diag> {
        match self.parts.as_slice() {
            [p] => self.val(p),
            [] => Err(Diag::new(self.end_col, format!("{what} needs a value"))),
            [_, extra, ..] => Err(Diag::new(
                extra.first().map_or(self.end_col, |t| t.col - 1),
                format!("{what} takes one value"),
            )),
        }
    }

    /// No field at all, for the directive `what`.
    pub fn none(&self, what: &str) -> Result<(), Diag> {
        match self.tokens.first() {
            None => Ok(()),
            Some(t) => Err(Diag::new(
                t.col,
                format!("unexpected {} after {what}", expr::describe(t)),
            )),
        }
    }
}

/// A directive's body from its fields; `file` reads the file name of INCLUDE and INCBIN.
fn directive_body(
    d: Directive,
    f: &Fields,
    label: &Option<Label>,
    op_col: usize,
    file: impl FnOnce() -> Result<(String, usize), Diag>,
) -> Result<Body, Diag> {
    Ok(match d {
        Directive::Org => Body::Org(f.one("ORG")?),
        Directive::Equ => Body::Equ(f.one("EQU")?),
        Directive::Defl => Body::Defl(f.one("DEFL")?),
        Directive::If => Body::If(f.one("IF")?),
        Directive::Db => db(f)?,
        Directive::Dw => {
            if f.parts.is_empty() {
                return Err(Diag::new(f.end_col, "DW needs at least one value"));
            }
            Body::Dw(f.parts.iter().map(|p| f.val(p)).collect::<Result<_, _>>()?)
        }
        Directive::Ds => ds(f)?,
        Directive::End => match f.parts.as_slice() {
            [] => Body::End(None),
            _ => Body::End(Some(f.one("END")?)),
        },
        Directive::Else => f.none("ELSE").map(|()| Body::Else)?,
        Directive::Endif => f.none("ENDIF").map(|()| Body::Endif)?,
        Directive::Endm => f.none("ENDM").map(|()| Body::Endm)?,
        Directive::Macro => macro_header(label, &f.parts, op_col)?,
        Directive::Include => {
            let (path, col) = file()?;
            Body::Include { path, col }
        }
        Directive::Incbin => {
            let (path, col) = file()?;
            Body::Incbin { path, col }
        }
    })
}

/// DB: values and strings (a one-character string is a value).
pub(crate) fn db(f: &Fields) -> Result<Body, Diag> {
    if f.parts.is_empty() {
        return Err(Diag::new(f.end_col, "DB needs at least one value"));
    }
    let items = f
        .parts
        .iter()
        .map(|p| match p {
            [
                Token {
                    tok: Tok::Str(bytes),
                    ..
                },
            ] if bytes.len() != 1 => Ok(DataItem::Bytes(bytes.clone())),
            _ => f.val(p).map(DataItem::Value),
        })
        .collect::<Result<_, _>>()?;
    Ok(Body::Db(items))
}

/// DS: a size and an optional fill byte.
fn ds(f: &Fields) -> Result<Body, Diag> {
    match f.parts.as_slice() {
        [count] => Ok(Body::Ds {
            count: f.val(count)?,
            fill: None,
            words: false,
            reserve: false,
        }),
        [count, fill] => Ok(Body::Ds {
            count: f.val(count)?,
            fill: Some(f.val(fill)?),
            words: false,
            reserve: false,
        }),
        [] => Err(Diag::new(f.end_col, "DS needs a size")),
        [_, _, extra, ..] => Err(Diag::new(
            extra.first().map_or(f.end_col, |t| t.col),
            "DS takes a size and an optional fill byte",
        )),
    }
}

/// The column just past `part`: the separating comma, or the end of the line. `part` is a
/// slice of `all`, so the token after it is found from its address, in constant time (a search
/// per part made a line of many operands quadratic).
fn part_end(part: &[Token], all: &[Token], end_col: usize) -> usize {
    if part.is_empty() {
        return end_col;
    }
    let next = (part.as_ptr().addr() - all.as_ptr().addr()) / size_of::<Token>() + part.len();
    all.get(next).map_or(end_col, |t| t.col)
}

fn macro_header(label: &Option<Label>, parts: &[&[Token]], col: usize) -> Result<Body, Diag> {
    let mut names = Vec::new();
    for part in parts {
        let Some(first) = part.first() else {
            return Err(Diag::new(col, "empty macro parameter"));
        };
        match (part.len(), first.ident()) {
            (1, Some(name)) if words::is_keyword(name) => {
                return Err(Diag::new(
                    first.col,
                    format!("reserved word '{name}' cannot be a macro parameter"),
                ));
            }
            (1, Some(name)) => names.push(Label {
                name: name.to_string(),
                col: first.col,
            }),
            _ => {
                return Err(Diag::new(
                    first.col,
                    format!(
                        "macro parameter must be a name, found {}",
                        expr::describe(first)
                    ),
                ));
            }
        }
    }
    let name = match label {
        Some(l) => l.clone(),
        None if !names.is_empty() => names.remove(0),
        None => {
            return Err(Diag::new(
                col,
                "MACRO needs a name: NAME MACRO params or MACRO NAME, params",
            ));
        }
    };
    if let Some(twice) = names
        .iter()
        .enumerate()
        .find_map(|(i, l)| names[..i].iter().any(|e| e.name == l.name).then_some(l))
    {
        return Err(Diag::new(
            twice.col,
            format!(
                "macro parameter {} is named twice in macro {}",
                quoted(&twice.name),
                quoted(&name.name)
            ),
        ));
    }
    Ok(Body::Macro {
        name,
        params: names.into_iter().map(|l| l.name).collect(),
    })
}

/// The file name of INCLUDE/INCBIN: quoted, or up to the next blank.
fn file_name(chars: &[char], rest: usize, op: &str) -> Result<(String, usize), Diag> {
    let mut cur = Cursor { chars, pos: rest };
    cur.skip_blanks();
    let col = cur.pos + 1;
    let name: String = match cur.peek() {
        None | Some(';') => {
            return Err(Diag::new(
                col,
                format!("{} needs a file name", op.to_ascii_uppercase()),
            ));
        }
        Some(q @ ('"' | '\'')) => {
            let close = chars[cur.pos + 1..]
                .iter()
                .position(|&c| c == q)
                .ok_or_else(|| {
                    Diag::new(
                        col,
                        format!("unterminated string: no closing {q} on this line"),
                    )
                })?;
            let name = chars[cur.pos + 1..cur.pos + 1 + close].iter().collect();
            cur.pos += close + 2;
            name
        }
        Some(_) => {
            let start = cur.pos;
            while cur.peek().is_some_and(|c| !c.is_whitespace() && c != ';') {
                cur.pos += 1;
            }
            chars[start..cur.pos].iter().collect()
        }
    };
    cur.skip_blanks();
    if !cur.at_end() {
        return Err(Diag::new(
            cur.pos + 1,
            "unexpected text after the file name",
        ));
    }
    Ok((name, col))
}

/// Splits macro arguments at top-level commas, keeping their text.
pub(crate) fn split_raw_args(chars: &[char], rest: usize) -> Result<Vec<String>, Diag> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    let mut i = rest;
    while i < chars.len() {
        let c = chars[i];
        match c {
            ';' => break,
            '\'' | '"' if !is_af_prime(chars, i) => {
                let (_, next) = lexer::lex_string(chars, i)?;
                current.extend(&chars[i..next]);
                i = next;
                continue;
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                args.push(current.trim().to_string());
                current.clear();
                i += 1;
                continue;
            }
            _ => {}
        }
        current.push(c);
        i += 1;
    }
    let last = current.trim();
    if !last.is_empty() || !args.is_empty() {
        args.push(last.to_string());
    }
    Ok(args)
}

/// Whether the quote at `chars[i]` ends the register name `AF'`.
pub(crate) fn is_af_prime(chars: &[char], i: usize) -> bool {
    chars[i] == '\''
        && i >= 2
        && chars[i - 2].eq_ignore_ascii_case(&'a')
        && chars[i - 1].eq_ignore_ascii_case(&'f')
        && (i < 3 || !lexer::is_ident_char(chars[i - 3]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(text: &str) -> Option<String> {
        parse_line(text).label.map(|l| l.name)
    }

    #[test]
    fn labels() {
        assert_eq!(label("start: nop"), Some("start".into()));
        assert_eq!(label("start nop"), Some("start".into()));
        assert_eq!(label("nop"), None);
        assert_eq!(label("  inner: nop"), Some("inner".into()));
        assert_eq!(label("  FIVE EQU 5"), Some("FIVE".into()));
        assert_eq!(label("FIVE: EQU 5"), Some("FIVE".into()));
        assert_eq!(label("  nop"), None);
        assert!(parse_line("nop: nop").body.is_err());
        let l = parse_line("NEG EQU 4");
        assert_eq!(
            l.body.unwrap_err().msg,
            "reserved word 'NEG' cannot be used as a label"
        );
    }

    #[test]
    fn bodies() {
        let l = parse_line("\tld a,(ix+3) ; comment");
        assert!(matches!(l.body, Ok(Body::Instr { operands, .. }) if operands.len() == 2));
        let l = parse_line("\tinclude ../x-y.asm ; c");
        assert_eq!(
            l.body,
            Ok(Body::Include {
                path: "../x-y.asm".into(),
                col: 10
            })
        );
        let l = parse_line("\tmymac (1,2), 'a,b', af'");
        assert_eq!(
            l.body,
            Ok(Body::Call {
                name: "mymac".into(),
                col: 2,
                args: vec!["(1,2)".into(), "'a,b'".into(), "af'".into()]
            })
        );
        let l = parse_line("mac MACRO x, y");
        assert!(matches!(l.body, Ok(Body::Macro { params, .. }) if params == ["x", "y"]));
    }
}
