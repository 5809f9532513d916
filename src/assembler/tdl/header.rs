//! The header of a TDL macro, `.DEFINE NAME[P1,P2]=`: its name, its parameters and where its
//! body starts. A header that names its macro but misprints the rest still says where the body
//! is, so that the pass reports the one misprint and skips the body rather than reading it as
//! statements.

use super::brackets::closing_bracket;
use crate::assembler::error::{Diag, quoted};
use crate::assembler::lexer;
use crate::assembler::parser::{Body, Cursor, Label};
use crate::assembler::words;

/// `.DEFINE NAME[P1,P2]=` or `.DEFINE NAME=`: the name, the parameters and where the body
/// starts (its brackets are read by the pass, as the body may run over several lines). A
/// wrong bracket around the parameters, a bad parameter, a reserved name or a missing `=` is
/// the header's `misprint`: the parameters are read as the brackets were surely meant.
pub(super) fn define(chars: &[char], rest: usize) -> Result<Body, Diag> {
    let mut cur = Cursor { chars, pos: rest };
    cur.skip_blanks();
    let Some((name, col)) = cur.word() else {
        return Err(Diag::new(
            cur.pos + 1,
            ".DEFINE needs a macro name: .DEFINE NAME[P1,P2]=[body]",
        ));
    };
    let mut misprint = words::is_tdl_keyword(&name).then(|| {
        Diag::new(
            col,
            format!("reserved word '{name}' cannot be a macro name"),
        )
    });
    cur.skip_blanks();
    let (params, bad_list) = param_list(&mut cur, &name);
    misprint = misprint.or(bad_list);
    cur.skip_blanks();
    let body_at = if cur.peek() == Some('=') {
        cur.pos + 1
    } else {
        misprint.get_or_insert_with(|| {
            Diag::new(
                cur.pos + 1,
                format!(
                    "expected '=' after macro '{name}' and its parameters: .DEFINE {name}[P1,P2]=[body]"
                ),
            )
        });
        cur.pos
    };
    Ok(Body::Define {
        name: Label { name, col },
        params,
        body_at,
        misprint,
    })
}

/// The parameter list at the cursor, if any, with the cursor moved past it; and what is wrong
/// with it. A list closed by the wrong bracket is read up to that bracket; one never closed
/// gives no parameters and leaves the cursor on the `=` after it (or at the end of the line).
fn param_list(cur: &mut Cursor, name: &str) -> (Vec<String>, Option<Diag>) {
    let chars = cur.chars;
    let open = cur.pos;
    let (close, wrong) = match cur.peek() {
        Some('[') => match closing_bracket(chars, open) {
            Ok(close) => (Some(close), None),
            Err(d) => {
                let close = (chars.get(d.col - 1) == Some(&')')).then(|| d.col - 1);
                let msg = format!("parameter list of macro '{name}': {}", d.msg);
                (close, Some(Diag::new(d.col, msg)))
            }
        },
        Some('(') => {
            let close = chars[open + 1..]
                .iter()
                .position(|&c| matches!(c, ')' | ']' | '=' | ';'))
                .map(|n| open + 1 + n)
                .filter(|&i| matches!(chars[i], ')' | ']'));
            let msg = format!("the parameter list of macro '{name}' opens with '(': expected '['");
            (close, Some(Diag::new(open + 1, msg)))
        }
        _ => return (Vec::new(), None),
    };
    let Some(close) = close else {
        cur.pos = chars[open..]
            .iter()
            .position(|&c| matches!(c, '=' | ';'))
            .map_or(chars.len(), |n| open + n);
        return (Vec::new(), wrong);
    };
    cur.pos = close + 1;
    match params(chars, open + 1, close, name) {
        Ok(list) => (list, wrong),
        Err(d) => (Vec::new(), wrong.or(Some(d))),
    }
}

/// The parameter names of macro `name` between `chars[from]` and `chars[to]` (the `]`).
fn params(chars: &[char], from: usize, to: usize, name: &str) -> Result<Vec<String>, Diag> {
    let macro_name = name;
    let mut names = Vec::new();
    if chars[from..to].iter().all(|c| c.is_whitespace()) {
        return Ok(names);
    }
    let mut start = from;
    for i in from..=to {
        if i < to && chars[i] != ',' {
            continue;
        }
        let raw: String = chars[start..i].iter().collect();
        let name = raw.trim();
        let col = start + 1 + raw.len() - raw.trim_start().len();
        let valid = name.chars().next().is_some_and(lexer::is_ident_start)
            && name.chars().all(lexer::is_ident_char);
        if !valid {
            return Err(Diag::new(
                col,
                format!("macro parameter must be a name, found '{name}'"),
            ));
        }
        if words::is_tdl_keyword(name) {
            return Err(Diag::new(
                col,
                format!("reserved word '{name}' cannot be a macro parameter"),
            ));
        }
        if names.iter().any(|n| n == name) {
            return Err(Diag::new(
                col,
                format!(
                    "macro parameter {} is named twice in macro {}",
                    quoted(name),
                    quoted(macro_name)
                ),
            ));
        }
        names.push(name.to_string());
        start = i + 1;
    }
    Ok(names)
}
