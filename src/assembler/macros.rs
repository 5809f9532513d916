//! Macro definitions and the textual substitution of their parameters.

use std::rc::Rc;

use super::lexer::{self, is_ident_char, is_ident_start};
use super::parser::is_af_prime;

/// A macro: its parameters and the source lines of its body.
#[derive(Debug)]
pub(crate) struct MacroDef {
    /// The name, as defined (names are case-sensitive, like labels).
    pub name: String,
    /// Parameter names, in order.
    pub params: Vec<String>,
    /// The file holding the body.
    pub file: usize,
    /// Index of the first body line in that file.
    pub first: usize,
    /// Index one past the last body line (the ENDM line).
    pub end: usize,
    /// A TDL macro's body text per line from `first` (its brackets cut off); a Zilog macro's
    /// body is its lines as they stand.
    pub texts: Option<Vec<Rc<str>>>,
    /// Whether its definition could not be read (an error says why): its uses expand to
    /// nothing rather than to a body it may not have.
    pub broken: bool,
}

impl MacroDef {
    /// The body text of line `idx`, when it is not the whole line.
    pub fn text(&self, idx: usize) -> Option<&str> {
        let texts = self.texts.as_ref()?;
        texts.get(idx.checked_sub(self.first)?).map(|t| &**t)
    }
}

/// Replaces each parameter name in `line` by its argument (missing arguments are empty).
/// Strings and the comment are left alone; in TDL (`tdl`) so are numbers such as `^H1F`.
pub(crate) fn substitute(line: &str, params: &[String], args: &[String], tdl: bool) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len() + 16);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == ';' {
            out.extend(&chars[i..]);
            break;
        }
        if (c == '\'' || c == '"') && !is_af_prime(&chars, i) {
            let next = lexer::lex_string(&chars, i).map_or(chars.len(), |(_, next)| next);
            out.extend(&chars[i..next]);
            i = next;
            continue;
        }
        // Numbers such as 0FFh or $FF are copied whole so that their digits are never names.
        if c.is_ascii_digit() || matches!(c, '$' | '#' | '%') || (tdl && c == '^') {
            let start = i;
            i += 1;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            out.extend(&chars[start..i]);
            continue;
        }
        if is_ident_start(c) {
            let start = i;
            while i < chars.len() && is_ident_char(chars[i]) {
                i += 1;
            }
            let word = &chars[start..i];
            // Names compare with their '$' signs dropped, as the lexer reads them.
            let name: String = word.iter().filter(|&&c| c != '$').collect();
            match params.iter().position(|p| *p == name) {
                Some(k) => out.push_str(args.get(k).map_or("", String::as_str)),
                None => out.extend(word),
            }
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitutes_whole_names_only() {
        let params = vec!["p".to_string(), "q".to_string()];
        let args = vec!["(ix+1)".to_string()];
        assert_eq!(
            substitute("\tld a,p ; p stays", &params, &args, false),
            "\tld a,(ix+1) ; p stays"
        );
        assert_eq!(
            substitute("\tdb 'p',pq,q,0FFh", &params, &args, false),
            "\tdb 'p',pq,,0FFh"
        );
        assert_eq!(
            substitute("\tex af,af'", &params, &args, false),
            "\tex af,af'"
        );
    }
}
