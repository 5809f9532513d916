//! Keys written as text: what `--keys` reads and what a run reports back.
//!
//! Printable ASCII stands for itself. Braces name the other keys: `{enter}` (0DH), `{bs}` or
//! `{backspace}` (08H), `{esc}` or `{escape}` (1BH), `{tab}` (09H), `{ctrl-X}` for a Ctrl
//! letter (`{ctrl-r}` is 12H; also `@ [ \ ] ^ _`), `{0x12}` or `{12h}` for any 7-bit code, and
//! `{{` for a brace itself. Names ignore case. A line break in the text is Enter. A code is
//! hexadecimal, as every code the documentation gives: a bare number (`{12}`) is refused
//! rather than guessed at.

/// Why a key text does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// A character that is not 7-bit ASCII.
    #[error("the key text's character {position} ({character:?}) is not a 7-bit ASCII key")]
    NotAscii {
        /// 1-based, in characters.
        position: usize,
        /// The character.
        character: char,
    },
    /// `{` without its `}`.
    #[error(
        "the key text's `{{` at character {position} has no closing `}}` (a brace itself is `{{{{`)"
    )]
    Unclosed {
        /// 1-based, in characters.
        position: usize,
    },
    /// A name in braces that names no key.
    #[error(
        "the key text's `{{{name}}}` at character {position} names no key (use {{enter}}, {{bs}}, {{esc}}, {{tab}}, {{ctrl-X}}, {{0x12}} or {{{{)"
    )]
    Unknown {
        /// 1-based, in characters.
        position: usize,
        /// What stood in the braces (cut short, control characters escaped).
        name: String,
    },
    /// A number in braces without `0x` or `h`: decimal or hexadecimal is not said.
    #[error(
        "the key text's `{{{name}}}` at character {position} is a bare number: a key code is \
         hexadecimal, {{0x{name}}} or {{{name}h}}{}",
        decimal_note(*.decimal)
    )]
    BareNumber {
        /// 1-based, in characters.
        position: usize,
        /// The digits (cut short).
        name: String,
        /// What the digits mean in decimal, when that is a 7-bit code.
        decimal: Option<u8>,
    },
}

/// The key codes `text` stands for.
///
/// ```
/// use sargon_z80::jupiter::parse_keys;
///
/// assert_eq!(parse_keys("Y{enter}e2-e4{ctrl-r}").unwrap(), b"Y\re2-e4\x12");
/// ```
pub fn parse_keys(text: &str) -> Result<Vec<u8>, KeyError> {
    let mut keys = Vec::with_capacity(text.len());
    let mut chars = text.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let position = i + 1;
        match c {
            '{' if chars.peek().map(|&(_, c)| c) == Some('{') => {
                chars.next();
                keys.push(b'{');
            }
            '{' => {
                let mut name = String::new();
                let mut closed = false;
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    name.push(c);
                }
                if !closed {
                    return Err(KeyError::Unclosed { position });
                }
                if !name.is_empty() && name.chars().all(|c| c.is_ascii_digit()) {
                    return Err(bare_number(position, &name));
                }
                keys.push(named(&name).ok_or_else(|| KeyError::Unknown {
                    position,
                    name: crate::files::clip(&name),
                })?);
            }
            '\n' => keys.push(0x0D),
            '\r' if chars.peek().map(|&(_, c)| c) == Some('\n') => {}
            c if c.is_ascii() => keys.push(c as u8),
            character => {
                return Err(KeyError::NotAscii {
                    position,
                    character,
                });
            }
        }
    }
    Ok(keys)
}

/// The error for the digits `name` in braces at `position`.
fn bare_number(position: usize, name: &str) -> KeyError {
    KeyError::BareNumber {
        position,
        name: crate::files::clip(name),
        decimal: name.parse::<u8>().ok().filter(|&b| b < 0x80),
    }
}

/// ` (decimal 12 is {0x0C})` for a bare number that is a 7-bit code in decimal.
fn decimal_note(decimal: Option<u8>) -> String {
    decimal
        .map(|code| format!(" (decimal {code} is {{0x{code:02X}}})"))
        .unwrap_or_default()
}

/// The key a name in braces stands for.
fn named(name: &str) -> Option<u8> {
    let lower = name.to_ascii_lowercase();
    let key = match lower.as_str() {
        "enter" | "return" | "cr" => 0x0D,
        "bs" | "backspace" => 0x08,
        "esc" | "escape" => 0x1B,
        "tab" => 0x09,
        _ => {
            if let Some(rest) = lower.strip_prefix("ctrl-") {
                let mut chars = rest.chars();
                return match (chars.next(), chars.next()) {
                    (Some(c @ ('a'..='z' | '@' | '[' | '\\' | ']' | '^' | '_')), None) => {
                        Some(c.to_ascii_uppercase() as u8 & 0x1F)
                    }
                    _ => None,
                };
            }
            let code = crate::machine::parse_u16(name).ok()?;
            return u8::try_from(code).ok().filter(|&b| b < 0x80);
        }
    };
    Some(key)
}

/// Keys written back in the form [`parse_keys`] reads.
pub fn key_text(keys: &[u8]) -> String {
    let mut out = String::with_capacity(keys.len());
    for &key in keys {
        match key {
            0x0D => out.push_str("{enter}"),
            0x08 => out.push_str("{bs}"),
            0x1B => out.push_str("{esc}"),
            0x09 => out.push_str("{tab}"),
            b'{' => out.push_str("{{"),
            0x00..=0x1F => {
                let letter = char::from(key | 0x40).to_ascii_lowercase();
                out.push_str(&format!("{{ctrl-{letter}}}"));
            }
            0x20..=0x7E => out.push(char::from(key)),
            _ => out.push_str(&format!("{{0x{key:02X}}}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_literals() {
        let keys =
            parse_keys("a{ENTER}{bs}{Backspace}{esc}{tab}{ctrl-R}{ctrl-\\}{0x7f}{41h}{{}x\nY")
                .unwrap();
        assert_eq!(keys, b"a\r\x08\x08\x1b\t\x12\x1c\x7fA{}x\rY");
        assert_eq!(parse_keys("a\r\nb").unwrap(), b"a\rb");
        assert_eq!(parse_keys("").unwrap(), b"");
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(
            parse_keys("ab{enter"),
            Err(KeyError::Unclosed { position: 3 })
        );
        assert_eq!(
            parse_keys("x{ctrl-1}"),
            Err(KeyError::Unknown {
                position: 2,
                name: "ctrl-1".into()
            })
        );
        assert!(matches!(
            parse_keys("{0x80}"),
            Err(KeyError::Unknown { .. })
        ));
        assert_eq!(
            parse_keys("e2\u{e9}"),
            Err(KeyError::NotAscii {
                position: 3,
                character: '\u{e9}'
            })
        );
        assert_eq!(
            parse_keys("ab{12}"),
            Err(KeyError::BareNumber {
                position: 3,
                name: "12".into(),
                decimal: Some(12)
            })
        );
        assert_eq!(
            parse_keys("{12}").unwrap_err().to_string(),
            "the key text's `{12}` at character 1 is a bare number: a key code is hexadecimal, \
             {0x12} or {12h} (decimal 12 is {0x0C})"
        );
        assert_eq!(parse_keys("{0x12}{12h}{12H}").unwrap(), b"\x12\x12\x12");
        let message = parse_keys("{nope}").unwrap_err().to_string();
        assert!(
            message.contains("`{nope}` at character 1 names no key"),
            "{message}"
        );
    }

    #[test]
    fn every_key_round_trips() {
        let all: Vec<u8> = (0..0x80).collect();
        let text = key_text(&all);
        assert_eq!(parse_keys(&text).unwrap(), all, "{text}");
        assert_eq!(key_text(b"Y\rW\x12{"), "Y{enter}W{ctrl-r}{{");
    }
}
