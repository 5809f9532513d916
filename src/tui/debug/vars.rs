//! The variables pane: the ABI's variables (and the search's, for FNDMOV) read from memory, in
//! the order a student looks at them, each shaped the way it is read (a side, two squares, a
//! pointer to a move entry, a row of score bytes).

use super::routine::Routine;
use crate::abi::AbiSymbols;
use crate::machine::Image;
use crate::position::{color_name, is_playing_square, square_name};

/// How a variable's bytes read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One byte in hex.
    Byte,
    /// A side: 00h white, 80h black.
    Side,
    /// Two squares (white's, black's), as POSK and POSQ hold them.
    Squares,
    /// A word that points somewhere: a move entry, a table.
    Pointer,
    /// A row of bytes (SCORE's used part).
    Bytes(u8),
}

/// One variable of the pane.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable {
    /// Its symbol.
    pub name: &'static str,
    /// Its address.
    pub addr: u16,
    /// How it reads.
    pub shape: Shape,
}

impl Variable {
    /// Its size in bytes.
    pub fn size(&self) -> u16 {
        match self.shape {
            Shape::Byte | Shape::Side => 1,
            Shape::Squares | Shape::Pointer => 2,
            Shape::Bytes(n) => u16::from(n),
        }
    }

    /// True when `addr` is one of its bytes.
    pub fn holds(&self, addr: u16) -> bool {
        addr.wrapping_sub(self.addr) < self.size()
    }

    /// Its value in hex: a word as one number, anything else byte by byte.
    pub fn value(&self, memory: &[u8]) -> String {
        let byte = |i: u16| memory[usize::from(self.addr.wrapping_add(i))];
        match self.shape {
            Shape::Pointer => format!("{:04X}", u16::from_le_bytes([byte(0), byte(1)])),
            _ => (0..self.size())
                .map(|i| format!("{:02X}", byte(i)))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// The first two bytes as a little-endian word.
    pub fn value_word(&self, memory: &[u8]) -> u16 {
        let byte = |i: u16| memory[usize::from(self.addr.wrapping_add(i))];
        u16::from_le_bytes([byte(0), byte(1)])
    }

    /// What the value means, for shapes that mean more than their hex.
    pub fn meaning(&self, memory: &[u8]) -> String {
        let byte = |i: u16| memory[usize::from(self.addr.wrapping_add(i))];
        match self.shape {
            Shape::Side => color_name(byte(0)).to_string(),
            Shape::Squares => format!("{} {}", square(byte(0)), square(byte(1))),
            _ => String::new(),
        }
    }
}

fn square(index: u8) -> String {
    if is_playing_square(index) {
        square_name(index)
    } else {
        "-".to_string()
    }
}

/// The board ABI's variables, as GENMOV, MOVE, UNMOVE and INCHK use them.
fn board_variables(abi: &AbiSymbols) -> Vec<Variable> {
    let mut vars = vec![
        Variable {
            name: "COLOR",
            addr: abi.color,
            shape: Shape::Side,
        },
        Variable {
            name: "POSK",
            addr: abi.posk,
            shape: Shape::Squares,
        },
        Variable {
            name: "POSQ",
            addr: abi.posq,
            shape: Shape::Squares,
        },
        Variable {
            name: "CKFLG",
            addr: abi.ckflg,
            shape: Shape::Byte,
        },
        Variable {
            name: "MLPTRJ",
            addr: abi.mlptrj,
            shape: Shape::Pointer,
        },
        Variable {
            name: "MLNXT",
            addr: abi.mlnxt,
            shape: Shape::Pointer,
        },
        Variable {
            name: "MLPTRI",
            addr: abi.mlptri,
            shape: Shape::Pointer,
        },
    ];
    if let Some(mlovf) = abi.mlovf {
        vars.push(Variable {
            name: "MLOVF",
            addr: mlovf,
            shape: Shape::Byte,
        });
    }
    vars
}

/// The search's variables, most telling first; COLOR and the list pointers are the board's.
const SEARCH: [(&str, Shape); 10] = [
    ("NPLY", Shape::Byte),
    ("MOVENO", Shape::Byte),
    ("COLOR", Shape::Side),
    ("VALM", Shape::Byte),
    ("SCORE", Shape::Bytes(0)),
    ("BESTM", Shape::Pointer),
    ("MLPTRJ", Shape::Pointer),
    ("KOLOR", Shape::Side),
    ("PLYMAX", Shape::Byte),
    ("MATEF", Shape::Byte),
];

/// The pane's variables for `routine`, in order; the search's only where the image names them.
/// SCORE shows S[0] .. S[PLYMAX+1], the bytes FNDMOV uses.
pub fn variables(image: &Image, abi: &AbiSymbols, routine: &Routine, plymax: u8) -> Vec<Variable> {
    let board = board_variables(abi);
    if *routine != Routine::Fndmov {
        return board;
    }
    let score_bytes = plymax.saturating_add(2).min(12);
    let mut vars: Vec<Variable> = SEARCH
        .iter()
        .filter_map(|&(name, shape)| {
            let addr = image.symbols.get(name)?;
            let shape = match shape {
                Shape::Bytes(_) => Shape::Bytes(score_bytes),
                other => other,
            };
            Some(Variable { name, addr, shape })
        })
        .collect();
    if let Some(addr) = image.symbols.get("PMATE") {
        vars.push(Variable {
            name: "PMATE",
            addr,
            shape: Shape::Byte,
        });
    }
    let rest: Vec<Variable> = board
        .into_iter()
        .filter(|v| !vars.iter().any(|w| w.name == v.name))
        .collect();
    vars.extend(rest);
    vars
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::default_image;

    #[test]
    fn values_and_meanings() {
        let mut memory = vec![0u8; 0x100];
        memory[0x10..0x14].copy_from_slice(&[25, 95, 0x09, 0x38]);
        let posk = Variable {
            name: "POSK",
            addr: 0x10,
            shape: Shape::Squares,
        };
        assert_eq!(
            (posk.value(&memory), posk.meaning(&memory)),
            ("19 5F".to_string(), "e1 e8".to_string())
        );
        let bestm = Variable {
            name: "BESTM",
            addr: 0x12,
            shape: Shape::Pointer,
        };
        assert_eq!(bestm.value(&memory), "3809");
        assert!(bestm.holds(0x13) && !bestm.holds(0x14) && !bestm.holds(0x11));
        let score = Variable {
            name: "SCORE",
            addr: 0x10,
            shape: Shape::Bytes(3),
        };
        assert_eq!(score.value(&memory), "19 5F 09");
    }

    #[test]
    fn the_search_adds_its_variables_first() {
        let image = default_image();
        let abi = AbiSymbols::resolve(&image).unwrap();
        let names = |routine| -> Vec<&str> {
            variables(&image, &abi, &routine, 2)
                .iter()
                .map(|v| v.name)
                .collect()
        };
        assert_eq!(
            names(Routine::Genmov),
            [
                "COLOR", "POSK", "POSQ", "CKFLG", "MLPTRJ", "MLNXT", "MLPTRI", "MLOVF"
            ]
        );
        assert_eq!(
            names(Routine::Fndmov),
            [
                "NPLY", "MOVENO", "COLOR", "VALM", "SCORE", "BESTM", "MLPTRJ", "KOLOR", "PLYMAX",
                "MATEF", "PMATE", "POSK", "POSQ", "CKFLG", "MLNXT", "MLPTRI", "MLOVF"
            ]
        );
        let vars = variables(&image, &abi, &Routine::Fndmov, 2);
        assert_eq!(vars[4].shape, Shape::Bytes(4));
    }
}
