//! The monitor's calls: the parameter block after `RST 38H`, read and named.
//!
//! `RST 38H` pushes the address of the byte after it, where a parameter block starts; the
//! monitor performs the call and returns past the block. Six blocks occur in the programs this
//! machine runs; any other is refused with its address and bytes, never guessed at. The six are
//! the machine's table (`machine::MonitorCall`), which every disassembly reads them by too:
//! what a listing shows as one call is the call this room performs.

pub use crate::machine::MonitorCall as Call;

/// Where the monitor is entered: the target of `RST 38H`.
pub const MONITOR: u16 = 0x0038;

/// The most bytes of a parameter block an error shows.
pub const BLOCK_BYTES: usize = 6;

/// The first [`BLOCK_BYTES`] bytes at `at`, for an error that shows an unknown block.
pub fn block_bytes(memory: &[u8], at: u16) -> [u8; BLOCK_BYTES] {
    std::array::from_fn(|i| memory[usize::from(at.wrapping_add(i as u16))])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(bytes: &[u8]) -> Option<Call> {
        let mut memory = Box::new([0u8; 0x10000]);
        memory[0x100..0x100 + bytes.len()].copy_from_slice(bytes);
        Call::block(&memory, 0x100)
    }

    #[test]
    fn the_six_blocks_and_their_lengths() {
        let cases = [
            (&[0x81, 0x00][..], Call::Key, 2),
            (&[0x81, 0x1A], Call::Echo, 2),
            (&[0x92, 0x1A, 0, 0], Call::NewLine, 4),
            (
                &[0xB2, 0x1A, 0x34, 0x12, 5, 0],
                Call::PrintLine {
                    address: 0x1234,
                    count: 5,
                },
                6,
            ),
            (
                &[0xB3, 0x1A, 0x00, 0xC0, 0x00, 0x01],
                Call::Print {
                    address: 0xC000,
                    count: 256,
                },
                6,
            ),
            (&[0x1F], Call::ToMonitor, 1),
        ];
        for (bytes, call, len) in cases {
            assert_eq!(at(bytes), Some(call), "{bytes:02X?}");
            assert_eq!(call.block_len(), len);
        }
    }

    #[test]
    fn other_blocks_are_refused() {
        for bytes in [
            &[0x81, 0x01][..],
            &[0x81, 0x1B],
            &[0x82, 0x1A],
            &[0x92, 0x1A, 1, 0],
            &[0x92, 0x00, 0, 0],
            &[0xB2, 0x00],
            &[0xB3, 0x01],
            &[0x00],
            &[0xFF],
        ] {
            assert_eq!(at(bytes), None, "{bytes:02X?}");
        }
    }

    #[test]
    fn a_block_at_the_top_of_memory_wraps() {
        let mut memory = Box::new([0u8; 0x10000]);
        memory[0xFFFF] = 0x81;
        memory[0] = 0x1A;
        assert_eq!(Call::block(&memory, 0xFFFF), Some(Call::Echo));
        assert_eq!(block_bytes(&memory[..], 0xFFFF)[..2], [0x81, 0x1A]);
    }
}
