//! Key texts for `jupiter --keys`: any mix of plain keys, named keys, codes in both hex forms,
//! bare numbers, characters beyond ASCII, a leading `-` and an unclosed brace either parses
//! to keys that write back to a text giving the same keys, or ends in the error of its first
//! bad piece (a bare number always refused, never read as decimal), quoted short and without
//! a control character.

use proptest::prelude::*;
use sargon_z80::jupiter::{KeyError, key_text, parse_keys};

use crate::{fuzz, outcome};

/// One piece of a key text, and whether it is a bad one (and which).
#[derive(Debug, Clone)]
enum Piece {
    Plain(String),
    Named(String),
    Hex(u8, bool),
    Bare(String),
    Foreign(char),
    Unclosed(String),
}

fn piece() -> impl Strategy<Value = Piece> {
    prop_oneof![
        4 => "[ -z|~-]{1,12}".prop_map(Piece::Plain),
        2 => prop_oneof![
            Just("{enter}"), Just("{BS}"), Just("{esc}"), Just("{tab}"), Just("{ctrl-r}"),
            Just("{Ctrl-\\}"), Just("{{"), Just("\n")
        ]
        .prop_map(|s| Piece::Named(s.to_string())),
        2 => (any::<u8>(), any::<bool>()).prop_map(|(b, x)| Piece::Hex(b, x)),
        2 => "[0-9]{1,6}".prop_map(Piece::Bare),
        1 => any::<char>().prop_filter("beyond ASCII", |c| !c.is_ascii()).prop_map(Piece::Foreign),
        1 => "[a-z0-9]{0,8}".prop_map(Piece::Unclosed),
    ]
}

/// The text of the pieces, and the error the first bad one must give (None: all good).
fn text_of(pieces: &[Piece]) -> (String, Option<&'static str>) {
    let mut text = String::new();
    let mut first_bad = None;
    for piece in pieces {
        let bad = match piece {
            Piece::Plain(s) | Piece::Named(s) => {
                text.push_str(s);
                None
            }
            Piece::Hex(b, x) => {
                text.push_str(&if *x {
                    format!("{{0x{b:02x}}}")
                } else {
                    format!("{{{b:X}h}}")
                });
                (*b >= 0x80).then_some("unknown")
            }
            Piece::Bare(digits) => {
                text.push_str(&format!("{{{digits}}}"));
                Some("bare")
            }
            Piece::Foreign(c) => {
                text.push(*c);
                Some("ascii")
            }
            Piece::Unclosed(name) => {
                text.push('{');
                text.push_str(name);
                // The rest of the text is read as the name: only an unclosed brace at the end
                // stays unclosed.
                first_bad = first_bad.or(Some("unclosed"));
                break;
            }
        };
        first_bad = first_bad.or(bad);
    }
    (text, first_bad)
}

#[test]
fn key_texts() {
    let texts = (any::<bool>(), prop::collection::vec(piece(), 0..12));
    fuzz("key texts", 400, texts, |(dash, pieces)| {
        let (mut text, first_bad) = text_of(&pieces);
        if dash {
            text.insert(0, '-');
        }
        match (parse_keys(&text), first_bad) {
            (Ok(keys), None) => {
                outcome("parsed");
                assert!(keys.iter().all(|&k| k < 0x80));
                assert_eq!(parse_keys(&key_text(&keys)).unwrap(), keys, "{text:?}");
            }
            (Err(error), Some(expected)) => {
                outcome("refused");
                let kind = match error {
                    KeyError::BareNumber { .. } => "bare",
                    KeyError::Unknown { .. } => "unknown",
                    KeyError::NotAscii { .. } => "ascii",
                    KeyError::Unclosed { .. } => "unclosed",
                };
                assert_eq!(kind, expected, "{text:?}");
                let message = error.to_string();
                assert!(!message.contains(char::is_control), "{message:?}");
                assert!(message.chars().count() <= 300, "{message}");
            }
            (result, expected) => panic!("{text:?}: {result:?}, expected {expected:?}"),
        }
    });
}
