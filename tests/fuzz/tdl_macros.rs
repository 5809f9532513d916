//! A TDL macro is text: a program that uses a macro assembles exactly as the same program with
//! the use written out, its arguments put in, whatever radix the macro was defined under, the
//! radix it is used under, and any `.RADIX` in its body (which holds after the expansion as it
//! would written out). Random bodies of `MVI`, `.BYTE` and `.RADIX` lines with bare numbers,
//! `^H`/`^D`/`^B`/`^O` numbers and the parameter, under random radixes: both programs give the
//! same bytes, or the same errors.

use proptest::prelude::*;
use sargon_z80::assembler::{AsmErrors, Dialect, Options, assemble_str_with};

use crate::{fuzz, outcome};

const TDL: Options = Options {
    dialect: Dialect::Tdl,
    allow_overlap: false,
};

fn radix() -> impl Strategy<Value = u32> {
    prop_oneof![Just(2u32), Just(8), Just(10), Just(16)]
}

/// A number as a TDL source may write it (not always valid in the radix it is read in).
fn number() -> impl Strategy<Value = String> {
    let digits = "[0-9][0-9A-F]{0,2}";
    prop_oneof![
        4 => digits.prop_map(|d| d.to_string()),
        1 => "[0-9A-F]{1,2}".prop_map(|d| format!("^H{d}")),
        1 => "[0-9]{1,3}".prop_map(|d| format!("^D{d}")),
        1 => "[01]{1,8}".prop_map(|d| format!("^B{d}")),
        1 => "[0-7]{1,3}".prop_map(|d| format!("^O{d}")),
    ]
}

/// A value in a body: a number or the parameter.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![2 => number(), 1 => Just("P".to_string())]
}

fn body_line() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => value().prop_map(|v| format!("\tMVI\tA,{v}")),
        2 => (value(), value()).prop_map(|(a, b)| format!("\t.BYTE\t{a},{b}")),
        1 => radix().prop_map(|r| format!("\t.RADIX\t{r}")),
    ]
}

#[derive(Debug, Clone)]
struct Case {
    defined_under: u32,
    used_under: u32,
    body: Vec<String>,
    argument: String,
    after: String,
}

fn case() -> impl Strategy<Value = Case> {
    (
        radix(),
        radix(),
        prop::collection::vec(body_line(), 1..4),
        number(),
        number(),
    )
        .prop_map(|(defined_under, used_under, body, argument, after)| Case {
            defined_under,
            used_under,
            body,
            argument,
            after,
        })
}

/// The errors' messages without their place and the note of the macro they came from.
fn messages(errors: &AsmErrors) -> Vec<String> {
    errors
        .errors()
        .iter()
        .map(|e| match e.message.find(" (in macro 'MAC' used at") {
            Some(at) => e.message[..at].to_string(),
            None => e.message.clone(),
        })
        .collect()
}

#[test]
fn tdl_macro_radix() {
    fuzz("tdl macro radix", 400, case(), |case| {
        let head = format!("\t.RADIX\t{}\n", case.defined_under);
        let tail = format!("\tMVI\tA,{}\n", case.after);
        let used = format!(
            "{head}.DEFINE MAC[P]=[\n{}\n]\n\t.RADIX\t{}\n\tMAC\t{}\n{tail}",
            case.body.join("\n"),
            case.used_under,
            case.argument
        );
        let written: String = case
            .body
            .iter()
            .map(|line| format!("{}\n", line.replace('P', &case.argument)))
            .collect();
        let written = format!("{head}\t.RADIX\t{}\n{written}{tail}", case.used_under);
        let a = assemble_str_with("t.asm", &used, &[], TDL);
        let b = assemble_str_with("t.asm", &written, &[], TDL);
        match (a, b) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a.bytes, b.bytes, "{used}\n---\n{written}");
                outcome("the same bytes");
            }
            (Err(a), Err(b)) => {
                assert_eq!(messages(&a), messages(&b), "{used}\n---\n{written}");
                outcome("the same errors");
            }
            (a, b) => panic!(
                "one assembled, one did not:\n{used}\n{:?}\n---\n{written}\n{:?}",
                a.map(|x| x.bytes),
                b.map(|x| x.bytes)
            ),
        }
    });
}
