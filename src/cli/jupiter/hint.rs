//! The hint for a program loaded at the wrong address: an image given without `--org` whose
//! symbol file has no ORG is loaded at 0, and one assembled elsewhere then starts outside its
//! bytes or runs off them.

use sargon_z80::jupiter::JupiterError;
use sargon_z80::machine::{Image, MachineError};

/// Where the symbols say the image was assembled: CODE_START when they name it, else their
/// lowest value; None when that is 0 (symbols from 0 up fit an image loaded at 0).
fn assembled_at(image: &Image) -> Option<u16> {
    let start = image
        .symbols
        .get("CODE_START")
        .or_else(|| image.symbols.iter().map(|(_, value)| value).min())?;
    Some(start).filter(|&start| start != 0)
}

/// `give --org ...` when `error` (the entry outside the image, or PC leaving it) is what an
/// image loaded at 0 for want of `--org` (`guessed`) does, and the address that went wrong
/// lies inside the image loaded where its symbols say it was assembled.
pub(crate) fn org_hint(image: &Image, guessed: bool, error: &JupiterError) -> Option<String> {
    if !guessed || image.org != 0 {
        return None;
    }
    let address = match error {
        JupiterError::EntryOutside { entry, .. } => *entry,
        JupiterError::Machine {
            error: MachineError::PcOutsideImage { pc },
            ..
        } => *pc,
        _ => return None,
    };
    let start = assembled_at(image)?;
    let inside = address
        .checked_sub(start)
        .is_some_and(|offset| usize::from(offset) < image.bytes.len());
    if !inside {
        return None;
    }
    let evidence = if image.symbols.get("CODE_START").is_some() {
        "CODE_START"
    } else {
        "the lowest symbol"
    };
    Some(format!(
        "the image was loaded at 0x0000 (no --org, and no ORG symbol); {evidence} is \
         {start:#06X}: if it was assembled there, give --org {start:#06X}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sargon_z80::machine::SymbolTable;

    fn image(symbols: &str, len: usize) -> Image {
        Image::new(vec![0; len], 0, SymbolTable::parse(symbols).unwrap()).unwrap()
    }

    fn outside(pc: u16) -> JupiterError {
        JupiterError::Machine {
            error: MachineError::PcOutsideImage { pc },
            tstates: 12,
        }
    }

    #[test]
    fn the_hint_names_where_the_symbols_put_the_image() {
        let at_100 = image("DRIVER EQU 0100H\nVIDEO EQU 0C000H\n", 0x20);
        let entry = JupiterError::EntryOutside {
            entry: 0x100,
            org: 0,
            end: 0x20,
        };
        assert_eq!(
            org_hint(&at_100, true, &entry).as_deref(),
            Some(
                "the image was loaded at 0x0000 (no --org, and no ORG symbol); the lowest symbol \
                 is 0x0100: if it was assembled there, give --org 0x0100"
            )
        );
        assert!(org_hint(&at_100, true, &outside(0x11F)).is_some());
        // Not where the image would lie, an --org given, or another failure: no hint.
        assert_eq!(org_hint(&at_100, true, &outside(0x120)), None);
        assert_eq!(org_hint(&at_100, false, &entry), None);
        let unknown = JupiterError::NoEntry {
            name: "X".to_string(),
        };
        assert_eq!(org_hint(&at_100, true, &unknown), None);
        // CODE_START wins over a lower constant; a symbol at 0 fits an image at 0.
        let code = image("CR EQU 0DH\nCODE_START EQU 4000H\n", 0x100);
        let hint = org_hint(&code, true, &outside(0x4010)).unwrap();
        assert!(
            hint.ends_with("CODE_START is 0x4000: if it was assembled there, give --org 0x4000")
        );
        let from_zero = image("START EQU 0\nDRIVER EQU 0100H\n", 0x20);
        assert_eq!(org_hint(&from_zero, true, &outside(0x100)), None);
    }
}
