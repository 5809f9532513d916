//! The hottest addresses: instructions by T-states and data bytes by accesses, each named by the
//! nearest symbol at or below it.

use serde::Serialize;

use super::heatmap::{CELLS, square_name};
use crate::machine::Image;

/// One hot instruction address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HotCode {
    /// The instruction's address.
    pub addr: u16,
    /// `SYMBOL+offset` of the nearest symbol at or below it (`?` below every symbol, `-` outside the image).
    pub symbol: String,
    /// Its mnemonic.
    pub mnemonic: &'static str,
    /// The whole instruction, operands named by symbols.
    pub instruction: String,
    /// Times executed.
    pub count: u64,
    /// T-states spent in it.
    pub tstates: u64,
}

/// One hot data address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HotData {
    /// The address.
    pub addr: u16,
    /// `SYMBOL+offset` of the nearest symbol at or below it (`?` below every symbol, `-` outside the image).
    pub symbol: String,
    /// Data reads.
    pub reads: u64,
    /// Writes.
    pub writes: u64,
}

/// `NAME` when `addr` is the symbol's value, `NAME+n` past it, `?` below every symbol and `-`
/// outside the image's bytes. BOARDA's 120 cells are always `BOARDA+n`, with the square's name
/// for playing squares (small EQU constants would otherwise shadow BOARDA when it sits low).
pub fn symbolize(image: &Image, addr: u16) -> String {
    if let Some(boarda) = image.symbols.get("BOARDA") {
        let index = usize::from(addr.wrapping_sub(boarda));
        if index < CELLS {
            return match square_name(index) {
                Some(square) => format!("BOARDA+{index} {square}"),
                None => format!("BOARDA+{index}"),
            };
        }
    }
    if !image.contains(addr) {
        return "-".to_string();
    }
    match image.symbols.nearest_below(addr) {
        Some((name, value)) if value == addr => name.to_string(),
        Some((name, value)) => format!("{name}+{}", addr - value),
        None => "?".to_string(),
    }
}

/// The `n` instructions that took most T-states (ties by address).
pub fn hottest_code(
    executed: impl IntoIterator<Item = (u16, u64, u64)>,
    describe: impl Fn(u16) -> (&'static str, String),
    image: &Image,
    n: usize,
) -> Vec<HotCode> {
    let mut all: Vec<(u16, u64, u64)> = executed.into_iter().collect();
    all.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    all.into_iter()
        .take(n)
        .map(|(addr, count, tstates)| {
            let (mnemonic, instruction) = describe(addr);
            HotCode {
                addr,
                symbol: symbolize(image, addr),
                mnemonic,
                instruction,
                count,
                tstates,
            }
        })
        .collect()
}

/// The `n` data addresses with most reads plus writes (ties by address). Addresses in the
/// `is_stack` tells are named `stack`.
pub fn hottest_data(
    reads: &[u64],
    writes: &[u64],
    image: &Image,
    is_stack: impl Fn(u16) -> bool,
    n: usize,
) -> Vec<HotData> {
    let mut all: Vec<(u16, u64, u64)> = (0..reads.len().min(writes.len()))
        .filter(|&a| reads[a] + writes[a] > 0)
        .map(|a| (a as u16, reads[a], writes[a]))
        .collect();
    all.sort_by(|a, b| (b.1 + b.2).cmp(&(a.1 + a.2)).then(a.0.cmp(&b.0)));
    all.into_iter()
        .take(n)
        .map(|(addr, reads, writes)| HotData {
            addr,
            symbol: if is_stack(addr) {
                "stack".to_string()
            } else {
                symbolize(image, addr)
            },
            reads,
            writes,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::SymbolTable;

    fn image() -> Image {
        let symbols = SymbolTable::parse(
            "START EQU 0100H\nLOOP EQU 0104H\nBOARDA EQU 0200H\nMLIST EQU 0278H\n",
        )
        .unwrap();
        Image::new(vec![0; 0x200], 0x80, symbols).unwrap()
    }

    #[test]
    fn names_are_symbol_plus_offset() {
        let s = image();
        assert_eq!(symbolize(&s, 0x100), "START");
        assert_eq!(symbolize(&s, 0x103), "START+3");
        assert_eq!(symbolize(&s, 0x219), "BOARDA+25 e1");
        assert_eq!(symbolize(&s, 0x20B), "BOARDA+11");
        assert_eq!(symbolize(&s, 0x278), "MLIST");
        assert_eq!(symbolize(&s, 0x90), "?");
        assert_eq!(symbolize(&s, 0x50), "-");
        assert_eq!(symbolize(&s, 0x280), "-");
    }

    #[test]
    fn code_is_ranked_by_tstates() {
        let executed = [
            (0x100, 1, 10),
            (0x104, 8, 56),
            (0x105, 8, 48),
            (0x106, 1, 10),
        ];
        let hot = hottest_code(executed, |_| ("LD", "LD A,B".into()), &image(), 3);
        let got: Vec<_> = hot
            .iter()
            .map(|h| (h.addr, h.symbol.as_str(), h.tstates))
            .collect();
        assert_eq!(
            got,
            [
                (0x104, "LOOP", 56),
                (0x105, "LOOP+1", 48),
                (0x100, "START", 10)
            ]
        );
    }

    #[test]
    fn data_is_ranked_by_accesses() {
        let mut reads = vec![0u64; 0x10000];
        let mut writes = vec![0u64; 0x10000];
        reads[0x219] = 5;
        writes[0x219] = 1;
        reads[0x21A] = 6;
        writes[0x90] = 1;
        reads[0xFFFE] = 1;
        let hot = hottest_data(&reads, &writes, &image(), |a| a >= 0xFF00, 5);
        let got: Vec<_> = hot
            .iter()
            .map(|h| (h.symbol.as_str(), h.reads, h.writes))
            .collect();
        assert_eq!(
            got,
            [
                ("BOARDA+25 e1", 5, 1),
                ("BOARDA+26 f1", 6, 0),
                ("?", 0, 1),
                ("stack", 1, 0)
            ]
        );
    }
}
