//! What stops a program for good: an entry it cannot start at, a monitor call the machine does
//! not know, or a guard of the machine.

use crate::machine::MachineError;

use super::monitor::BLOCK_BYTES;

/// Why a program could not start or could not go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JupiterError {
    /// The entry is neither a symbol of the image nor an address.
    #[error(
        "no entry {name:?}: the image has no such symbol, and it is no address (give --entry SYMBOL or an address such as 1A00H)"
    )]
    NoEntry {
        /// The entry as given (cut short, control characters escaped).
        name: String,
    },
    /// The entry lies outside the image's bytes.
    #[error("the entry {entry:#06X} lies outside the image ({})", crate::text::address_span(u32::from(*.org), *.end))]
    EntryOutside {
        /// The entry.
        entry: u16,
        /// The image's first address.
        org: u16,
        /// One past its last.
        end: u32,
    },
    /// A parameter block after `RST 38H` that is none of the monitor's calls.
    #[error(
        "unknown monitor call: the parameter block at {block:#06X}{} begins {}; the monitor knows 81 00, 81 1A, 92 1A 00 00, B2 1A, B3 1A and 1F",
        after(*.rst),
        hex(.bytes)
    )]
    UnknownCall {
        /// The block's address: the return address `RST 38H` pushed.
        block: u16,
        /// The address of the RST 38H before the block, when that byte is one (a program may
        /// also reach 0038H by CALL or JP).
        rst: Option<u16>,
        /// The block's first bytes.
        bytes: [u8; BLOCK_BYTES],
    },
    /// A guard of the machine stopped the program.
    #[error("the program stopped after {} T-states: {error}", crate::text::grouped(*.tstates))]
    Machine {
        /// The guard's error.
        error: MachineError,
        /// The program's clock then.
        tstates: u64,
    },
}

/// ` (after the RST 38H at 0x0105)`, when there is one.
fn after(rst: Option<u16>) -> String {
    rst.map(|at| format!(" (after the RST 38H at {at:#06X})"))
        .unwrap_or_default()
}

/// Bytes as `81 1A 00`.
fn hex(bytes: &[u8]) -> String {
    let words: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
    words.join(" ")
}
