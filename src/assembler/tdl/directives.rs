//! TDL's directives, each mapped onto the Zilog front end's statement.

use super::brackets::closing_bracket;
use super::header;
use crate::assembler::dialect::Dialect;
use crate::assembler::error::Diag;
use crate::assembler::expr;
use crate::assembler::lexer::{self, Numbers, RADIXES, Tok};
use crate::assembler::parser::{Body, Cursor, DataItem, Fields, Val, db};
use crate::assembler::words;

/// The statement of TDL directive `word` at column `col`, and the radix in force after it.
pub(super) fn directive(
    word: &str,
    col: usize,
    chars: &[char],
    rest: usize,
    numbers: Numbers,
) -> (Result<Body, Diag>, u32) {
    let upper = word.to_ascii_uppercase();
    if upper == ".RADIX" {
        return match radix(chars, rest) {
            Ok(r) => (Ok(Body::Radix(r)), r),
            Err(d) => (Err(d), numbers.radix),
        };
    }
    let body = match upper.as_str() {
        ".ASCII" => ascii(chars, rest, numbers),
        ".DEFINE" => header::define(chars, rest),
        ".LOC" | ".BLKB" | ".BLKW" | ".BYTE" | ".WORD" | ".END" => {
            fields(&upper, chars, rest, numbers)
        }
        _ => Err(Diag::new(
            col,
            format!(
                "unknown TDL directive '{word}' (TDL's are {})",
                words::TDL_DIRECTIVES.join(" ")
            ),
        )),
    };
    (body, numbers.radix)
}

/// The directives whose operands are a list of expressions.
fn fields(upper: &str, chars: &[char], rest: usize, numbers: Numbers) -> Result<Body, Diag> {
    let tokens = lexer::lex_in(chars, rest, numbers)?;
    let f = Fields::new_in(&tokens, chars.len() + 1, Dialect::Tdl);
    if f.parts.is_empty() && matches!(upper, ".BYTE" | ".WORD") {
        return Err(Diag::new(
            f.end_col,
            format!("{upper} needs at least one value"),
        ));
    }
    Ok(match upper {
        ".LOC" => Body::Org(f.one(".LOC")?),
        ".BLKB" => Body::Ds {
            count: f.one(".BLKB")?,
            fill: None,
            words: false,
            reserve: true,
        },
        ".BLKW" => Body::Ds {
            count: f.one(".BLKW")?,
            fill: None,
            words: true,
            reserve: true,
        },
        ".BYTE" => db(&f)?,
        ".WORD" => Body::Dw(f.parts.iter().map(|p| f.val(p)).collect::<Result<_, _>>()?),
        _ => match f.parts.as_slice() {
            [] => Body::End(None),
            _ => Body::End(Some(f.one(".END")?)),
        },
    })
}

/// `.RADIX n`: the new radix, always written in decimal.
fn radix(chars: &[char], rest: usize) -> Result<u32, Diag> {
    let tokens = lexer::lex_in(chars, rest, Numbers::tdl(10))?;
    let end = chars.len() + 1;
    match tokens.as_slice() {
        [t] => match t.tok {
            Tok::Num(n) if RADIXES.contains(&(n as u32)) && n > 0 => Ok(n as u32),
            Tok::Num(n) => Err(Diag::new(
                t.col,
                format!("unsupported .RADIX base {n}: TDL takes 2, 8, 10 or 16"),
            )),
            _ => Err(Diag::new(
                t.col,
                ".RADIX takes a decimal number: 2, 8, 10 or 16",
            )),
        },
        [] => Err(Diag::new(end, ".RADIX needs a base: 2, 8, 10 or 16")),
        [_, extra, ..] => Err(Diag::new(extra.col, ".RADIX takes one number")),
    }
}

/// `.ASCII "text"` (any delimiter) and `.ASCII [expr]` (one byte), in any sequence.
fn ascii(chars: &[char], rest: usize, numbers: Numbers) -> Result<Body, Diag> {
    let mut cur = Cursor { chars, pos: rest };
    let mut items = Vec::new();
    loop {
        cur.skip_blanks();
        let Some(c) = cur.peek().filter(|&c| c != ';') else {
            break;
        };
        let start = cur.pos;
        if c == '[' {
            let close = closing_bracket(chars, start)?;
            let tokens = lexer::lex_in(&chars[..close], start + 1, numbers)?;
            if tokens.is_empty() {
                return Err(Diag::new(
                    close + 1,
                    ".ASCII [expr] needs a value in the brackets",
                ));
            }
            let expr = expr::parse_in(&tokens, close + 1, Dialect::Tdl)?;
            let col = tokens[0].col;
            items.push(DataItem::Value(Val { expr, col }));
            cur.pos = close + 1;
            continue;
        }
        if c.is_ascii_alphanumeric() || c == ',' {
            return Err(Diag::new(
                start + 1,
                format!(".ASCII takes a text between delimiters (\"text\") or [expr], found '{c}'"),
            ));
        }
        let Some(len) = chars[start + 1..].iter().position(|&d| d == c) else {
            return Err(Diag::new(
                start + 1,
                format!("unterminated text: no closing {c} on this line"),
            ));
        };
        let close = start + 1 + len;
        if chars.get(close + 1) == Some(&c) {
            return Err(lexer::doubled_quote(c, close));
        }
        let text: String = chars[start + 1..close].iter().collect();
        items.push(DataItem::Bytes(text.into_bytes()));
        cur.pos = start + len + 2;
    }
    if items.is_empty() {
        return Err(Diag::new(
            chars.len() + 1,
            ".ASCII needs a text (\"text\") or a value ([expr])",
        ));
    }
    Ok(Body::Db(items))
}
