//! One mutant: a byte of an image's code changed to another value, drawn from a seed and an
//! index; and the image with it, made in memory (the user's files are never written).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::machine::{Image, parse_u16};
use crate::random::SplitMix64;

use super::code::CodeMap;
use super::error::MutantError;

/// Mixed into the seed, so that the mutants of a seed are not drawn from the numbers its
/// random positions are.
const STREAM: u64 = 0x6D75_7461_6E74_7321;

/// A byte written over the image in memory: `ADDR=BYTE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Patch {
    /// The address.
    pub addr: u16,
    /// The byte written there.
    pub byte: u8,
}

impl fmt::Display for Patch {
    /// `0x0E9E=0x7A`: the form `--patch` reads back.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:#06X}={:#04X}", self.addr, self.byte)
    }
}

impl FromStr for Patch {
    type Err = String;

    /// `ADDR=BYTE`, each number as a symbol file writes it (`0x0E9E`, `0E9EH`, `$E9E`, 3742).
    fn from_str(text: &str) -> Result<Patch, String> {
        let bad = |why: &str| format!("expected ADDR=BYTE ({why}), found {text:?}");
        let (addr, byte) = text
            .split_once('=')
            .ok_or_else(|| bad("no '=' between them"))?;
        let addr = parse_u16(addr).map_err(|_| bad("the address is not a 16-bit number"))?;
        let byte = parse_u16(byte)
            .ok()
            .and_then(|b| u8::try_from(b).ok())
            .ok_or_else(|| bad("the byte is not a number from 0 to 0xFF"))?;
        Ok(Patch { addr, byte })
    }
}

/// A one-byte mutant of an image's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mutant {
    /// Its index in the seed's stream of mutants.
    pub index: u64,
    /// The code address changed.
    pub addr: u16,
    /// The byte the image has there.
    pub before: u8,
    /// The byte the mutant has.
    pub after: u8,
}

impl Mutant {
    /// Mutant `index` of the stream named by `seed`: an address drawn evenly from the code,
    /// and evenly one of the 255 other bytes. The same seed and index give the same mutant
    /// of the same image whatever the run's size or threads.
    pub fn draw(seed: u64, index: u64, code: &CodeMap, image: &Image) -> Mutant {
        let mut rng = SplitMix64::for_index(seed ^ STREAM, index);
        let addr = code.addresses()[rng.below(code.len())];
        let before = image.bytes[usize::from(addr.wrapping_sub(image.org))];
        let after = before.wrapping_add(1 + rng.below(255) as u8);
        Mutant {
            index,
            addr,
            before,
            after,
        }
    }

    /// The patch that makes it.
    pub fn patch(&self) -> Patch {
        Patch {
            addr: self.addr,
            byte: self.after,
        }
    }
}

/// `image` with `patches` written over it, in memory. Its code (`code`) is write-protected as
/// the image's CODE_START and CODE_END would have it, when it names neither: a mutant that
/// writes into its code is then stopped by the machine at the write, not left to run on
/// changed code.
pub fn patched(image: &Image, patches: &[Patch], code: &CodeMap) -> Result<Image, MutantError> {
    let mut mutant = image.clone();
    for patch in patches {
        if !image.contains(patch.addr) {
            return Err(MutantError::PatchOutside {
                addr: patch.addr,
                org: image.org,
                end: image.end(),
            });
        }
        mutant.bytes[usize::from(patch.addr.wrapping_sub(image.org))] = patch.byte;
    }
    let symbols = &mut mutant.symbols;
    if symbols.get("CODE_START").is_none() && symbols.get("CODE_END").is_none() {
        symbols.insert("CODE_START", code.start);
        symbols.insert("CODE_END", u16::try_from(code.end).unwrap_or(u16::MAX));
    }
    Ok(mutant)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patches_read_every_number_form_and_print_as_they_read() {
        let p: Patch = "0x0E9E=0x7A".parse().unwrap();
        assert_eq!(
            p,
            Patch {
                addr: 0x0E9E,
                byte: 0x7A
            }
        );
        assert_eq!("0E9EH=7AH".parse::<Patch>().unwrap(), p);
        assert_eq!("3742=122".parse::<Patch>().unwrap(), p);
        assert_eq!(p.to_string(), "0x0E9E=0x7A");
        assert_eq!(p.to_string().parse::<Patch>().unwrap(), p);
        for bad in ["0E9EH", "=7A", "0E9EH=", "0E9EH=100H", "10000H=0", "x=1"] {
            assert!(bad.parse::<Patch>().is_err(), "{bad}");
        }
    }
}
