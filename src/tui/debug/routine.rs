//! The routine the debugger steps, and how each call is set up the way the harness sets it up:
//! GENMOV on the position; INCHK for the side to move; MOVE and UNMOVE on a move of GENMOV's
//! list; FNDMOV as `SARGON_SEARCH.md` 7.1 says (the previous move outside the list, where the
//! search harness puts it); any other symbol on the position as written.

use crate::abi::Driver;
use crate::abi::search::{PLYIX_ZEROED, previous_entry_place};
use crate::machine::{Image, parse_u16};
use crate::position::Board;

/// What the debugger steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Routine {
    /// GENMOV on the position.
    Genmov,
    /// MOVE of the chosen move of GENMOV's list.
    Move,
    /// UNMOVE of the chosen move, made first.
    Unmove,
    /// INCHK for the side to move.
    Inchk,
    /// The search, FNDMOV, at PLYMAX and MOVENO of the options.
    Fndmov,
    /// Any other symbol or address, called on the position as written.
    Other(String),
}

impl Routine {
    /// The routine of a name (case ignored); any other name is [`Routine::Other`].
    pub fn parse(name: &str) -> Routine {
        let name = name.trim();
        match name.to_ascii_uppercase().as_str() {
            "GENMOV" => Routine::Genmov,
            "MOVE" => Routine::Move,
            "UNMOVE" => Routine::Unmove,
            "INCHK" => Routine::Inchk,
            "FNDMOV" => Routine::Fndmov,
            _ => Routine::Other(name.to_string()),
        }
    }

    /// Its name as the symbol file spells it.
    pub fn name(&self) -> &str {
        match self {
            Routine::Genmov => "GENMOV",
            Routine::Move => "MOVE",
            Routine::Unmove => "UNMOVE",
            Routine::Inchk => "INCHK",
            Routine::Fndmov => "FNDMOV",
            Routine::Other(name) => name,
        }
    }

    /// True when a move of GENMOV's list is the routine's input.
    pub fn takes_a_move(&self) -> bool {
        matches!(self, Routine::Move | Routine::Unmove)
    }
}

/// The search's inputs besides the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchInputs {
    /// PLYMAX.
    pub plymax: u8,
    /// MOVENO (1 runs the opening book).
    pub moveno: u8,
    /// R on entry (bit 0 picks white's book move).
    pub r_register: u8,
}

/// A call set up and ready to step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prepared {
    /// The routine's address.
    pub addr: u16,
    /// Where the list the moves pane shows starts.
    pub list_start: u16,
    /// The entry MOVE or UNMOVE works on.
    pub entry: Option<u16>,
}

/// Sets the machine up for a call of `routine` on `root`; `choice` picks the move of MOVE and
/// UNMOVE. The error says what is missing.
pub fn prepare(
    driver: &mut Driver,
    image: &Image,
    root: &Board,
    routine: &Routine,
    choice: usize,
    search: &SearchInputs,
) -> Result<Prepared, String> {
    driver.set_root(root);
    let symbols = driver.symbols().clone();
    let simple = |addr| Prepared {
        addr,
        list_start: driver.machine().peek16(symbols.mlnxt),
        entry: None,
    };
    match routine {
        Routine::Genmov => {
            let before = driver.begin_genmov();
            Ok(Prepared {
                addr: symbols.genmov,
                list_start: before.mlnxt,
                entry: None,
            })
        }
        Routine::Inchk => Ok(simple(symbols.inchk)),
        Routine::Move | Routine::Unmove => prepare_move(driver, routine, choice),
        Routine::Fndmov => prepare_search(driver, image, root, search),
        Routine::Other(name) => {
            let addr = image.symbols.get(name).or_else(|| parse_u16(name).ok());
            addr.map(simple)
                .ok_or_else(|| format!("no symbol or address {}", crate::files::excerpt(name)))
        }
    }
}

/// GENMOV (not stepped) lists the moves; MLPTRJ points at the chosen one, which UNMOVE needs
/// made first.
fn prepare_move(driver: &mut Driver, routine: &Routine, choice: usize) -> Result<Prepared, String> {
    let symbols = driver.symbols().clone();
    let list_start = driver.machine().peek16(symbols.mlnxt);
    let mut list = Vec::new();
    driver.genmov(&mut list).map_err(|e| e.to_string())?;
    let moves: Vec<u16> = list.iter().filter(|e| !e.hidden).map(|e| e.addr).collect();
    let Some(&entry) = moves.get(choice.min(moves.len().saturating_sub(1))) else {
        return Err("GENMOV lists no move to make here".to_string());
    };
    let addr = if *routine == Routine::Unmove {
        driver.make(entry).map_err(|e| e.to_string())?;
        symbols.unmake
    } else {
        symbols.make
    };
    driver.machine_mut().poke16(symbols.mlptrj, entry);
    Ok(Prepared {
        addr,
        list_start,
        entry: Some(entry),
    })
}

/// The search's symbols, in the order [`prepare_search`] uses them.
const SEARCH_SYMBOLS: [&str; 5] = ["FNDMOV", "KOLOR", "MOVENO", "PLYMAX", "PLYIX"];

/// SARGON_SEARCH.md 7.1: board, KOLOR (and COLOR), MOVENO, PLYMAX, the previous-move entry at
/// PREVMV with MLPTRJ on it, PLYIX zeroed, R.
fn prepare_search(
    driver: &mut Driver,
    image: &Image,
    root: &Board,
    search: &SearchInputs,
) -> Result<Prepared, String> {
    let found = image
        .symbols
        .require(&SEARCH_SYMBOLS)
        .map_err(|e| format!("FNDMOV cannot be stepped: {e} (the image has no search)"))?;
    let [fndmov, kolor, moveno, plymax, plyix] = found[..] else {
        unreachable!("require returns one value per name");
    };
    let prev = previous_move_place(driver, image)?;
    let symbols = driver.symbols().clone();
    let machine = driver.machine_mut();
    machine.poke(kolor, root.color);
    machine.poke(moveno, search.moveno);
    machine.poke(plymax, search.plymax);
    machine.write_bytes(prev, &root.prev.to_bytes(0));
    machine.poke16(symbols.mlptrj, prev);
    for offset in 0..PLYIX_ZEROED {
        machine.poke(plyix.wrapping_add(offset), 0);
    }
    let mut registers = machine.registers();
    registers.r = search.r_register;
    machine.set_registers(&registers);
    Ok(Prepared {
        addr: fndmov,
        list_start: symbols.mlist,
        entry: None,
    })
}

/// PREVMV, or the free memory the search harness would use (`previous_entry_place`).
fn previous_move_place(driver: &Driver, image: &Image) -> Result<u16, String> {
    previous_entry_place(image, driver.symbols()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Routine::parse("genmov"), Routine::Genmov);
        assert_eq!(Routine::parse(" FndMov "), Routine::Fndmov);
        assert_eq!(Routine::parse("points"), Routine::Other("points".into()));
        assert_eq!(Routine::Other("POINTS".into()).name(), "POINTS");
        assert!(Routine::Unmove.takes_a_move() && !Routine::Inchk.takes_a_move());
    }
}
