//! Assembler expressions: random trees of `+ - * / MOD SHL SHR` and unary minus over values
//! chosen near every boundary (0, 1, 255, 256, 65535, 65536, 46341, 2^31 - 1), assembled as
//! `X EQU expr`. Each is computed exactly beside the assembler: a tree whose every step stays
//! in 32 bits gives X that value, and one that leaves them (or divides by zero, or shifts by a
//! negative count) is an error saying so, at a column of the line. Never a wrapped value.

use proptest::prelude::*;
use sargon_z80::assembler;

use crate::{fuzz, outcome};

/// An expression tree.
#[derive(Debug, Clone)]
pub enum Tree {
    Num(i64),
    Neg(Box<Tree>),
    Op(&'static str, Box<Tree>, Box<Tree>),
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        prop::sample::select(vec![
            0i64, 1, 2, 3, 7, 8, 15, 16, 31, 32, 40, 255, 256, 46341, 65535, 65536, 16777216,
            2147483647,
        ]),
        0i64..=i64::from(i32::MAX),
    ]
    .prop_map(Tree::Num);
    leaf.prop_recursive(5, 24, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|t| Tree::Neg(Box::new(t))),
            (
                prop::sample::select(vec!["+", "-", "*", "/", "MOD", "SHL", "SHR"]),
                inner.clone(),
                inner
            )
                .prop_map(|(op, a, b)| Tree::Op(op, Box::new(a), Box::new(b))),
        ]
    })
}

impl Tree {
    fn text(&self) -> String {
        match self {
            Tree::Num(n) => n.to_string(),
            Tree::Neg(t) => format!("-({})", t.text()),
            Tree::Op(op, a, b) => format!("({} {op} {})", a.text(), b.text()),
        }
    }

    /// The exact value, or the kind of error the assembler must give: lhs first, then rhs,
    /// then the operator, as it evaluates.
    fn value(&self) -> Result<i64, &'static str> {
        let fits = |v: i64| {
            if i32::try_from(v).is_ok() {
                Ok(v)
            } else {
                Err("arithmetic overflow")
            }
        };
        match self {
            Tree::Num(n) => Ok(*n),
            Tree::Neg(t) => fits(-t.value()?),
            Tree::Op(op, a, b) => {
                let (a, b) = (a.value()?, b.value()?);
                match *op {
                    "+" => fits(a + b),
                    "-" => fits(a - b),
                    "*" => fits(a * b),
                    "/" | "MOD" if b == 0 => Err("division by zero"),
                    "/" => fits(a / b),
                    "MOD" => fits(a % b),
                    "SHL" | "SHR" if b < 0 => Err("is negative"),
                    "SHL" if a == 0 => Ok(0),
                    "SHL" if b >= 32 => Err("arithmetic overflow"),
                    "SHL" => fits(a << b),
                    _ => Ok(a >> b.min(63)),
                }
            }
        }
    }
}

#[test]
fn expressions() {
    fuzz("expressions", 400, tree(), |tree| {
        let source = format!("X EQU {}\n", tree.text());
        let assembled = assembler::assemble_str("fuzz.asm", &source, &[]);
        match (tree.value(), assembled) {
            (Ok(value), Ok(asm)) => {
                outcome("exact values");
                assert_eq!(i64::from(asm.symbols()["X"]), value, "{source}");
            }
            (Err(kind), Err(errors)) => {
                outcome(kind);
                let text = errors.to_string();
                assert!(text.contains(kind), "{source}: {text}");
                assert!(text.starts_with("fuzz.asm:1:"), "{text}");
            }
            (want, got) => panic!(
                "{source}: want {want:?}, got {:?}",
                got.map(|a| a.symbols()["X"])
            ),
        }
    });
}
