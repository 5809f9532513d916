//! The monitor's calls: the parameter block after `RST 38H`, read and named.
//!
//! `RST 38H` pushes the address of the byte after it, where a parameter block starts; the
//! monitor performs the call and returns past the block. Six blocks occur in the programs this
//! machine runs; any other is refused with its address and bytes, never guessed at.

/// Where the monitor is entered: the target of `RST 38H`.
pub const MONITOR: u16 = 0x0038;

/// The device byte of the keyboard.
const KEYBOARD: u8 = 0x00;
/// The device byte of the video console.
const CONSOLE: u8 = 0x1A;

/// The most bytes of a parameter block an error shows.
pub const BLOCK_BYTES: usize = 6;

/// One monitor call, decoded from its parameter block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Call {
    /// `81H 00H`: wait for one key; its code in A.
    ReadKey,
    /// `81H 1AH`: write the byte in A to the console.
    Write,
    /// `92H 1AH 00H 00H`: a new line (carriage return and line feed).
    NewLine,
    /// `B2H 1AH` + address + count: write `count` bytes from `address`, then a new line.
    Line {
        /// The first byte.
        address: u16,
        /// How many.
        count: u16,
    },
    /// `B3H 1AH` + address + count: write `count` bytes from `address`.
    Block {
        /// The first byte.
        address: u16,
        /// How many.
        count: u16,
    },
    /// `1FH`: return to the monitor; the program ends.
    Exit,
}

impl Call {
    /// The length of the parameter block: the call returns this far past the pushed address.
    pub fn len(&self) -> u16 {
        match self {
            Call::Exit => 1,
            Call::ReadKey | Call::Write => 2,
            Call::NewLine => 4,
            Call::Line { .. } | Call::Block { .. } => 6,
        }
    }

    /// Never true: every block has at least its first byte.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The call's name, in the words every disassembly uses for the six blocks.
    pub fn name(&self) -> &'static str {
        match self {
            Call::ReadKey => "key",
            Call::Write => "echo",
            Call::NewLine => "new line",
            Call::Line { .. } => "print line",
            Call::Block { .. } => "print",
            Call::Exit => "return to the monitor",
        }
    }
}

/// The call whose parameter block starts at `at` in `memory` (64 KiB; addresses wrap), or
/// None when the block is none of the six.
pub fn decode(memory: &[u8], at: u16) -> Option<Call> {
    let byte = |i: u16| memory[usize::from(at.wrapping_add(i))];
    let word = |i: u16| u16::from_le_bytes([byte(i), byte(i + 1)]);
    let call = match (byte(0), byte(1)) {
        (0x1F, _) => Call::Exit,
        (0x81, KEYBOARD) => Call::ReadKey,
        (0x81, CONSOLE) => Call::Write,
        (0x92, CONSOLE) if word(2) == 0 => Call::NewLine,
        (0xB2, CONSOLE) => Call::Line {
            address: word(2),
            count: word(4),
        },
        (0xB3, CONSOLE) => Call::Block {
            address: word(2),
            count: word(4),
        },
        _ => return None,
    };
    Some(call)
}

/// The first [`BLOCK_BYTES`] bytes at `at`, for an error that shows an unknown block.
pub fn block_bytes(memory: &[u8], at: u16) -> [u8; BLOCK_BYTES] {
    std::array::from_fn(|i| memory[usize::from(at.wrapping_add(i as u16))])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(bytes: &[u8]) -> Option<Call> {
        let mut memory = vec![0u8; 0x10000];
        memory[0x100..0x100 + bytes.len()].copy_from_slice(bytes);
        decode(&memory, 0x100)
    }

    #[test]
    fn the_six_blocks_and_their_lengths() {
        let cases = [
            (&[0x81, 0x00][..], Call::ReadKey, 2),
            (&[0x81, 0x1A], Call::Write, 2),
            (&[0x92, 0x1A, 0, 0], Call::NewLine, 4),
            (
                &[0xB2, 0x1A, 0x34, 0x12, 5, 0],
                Call::Line {
                    address: 0x1234,
                    count: 5,
                },
                6,
            ),
            (
                &[0xB3, 0x1A, 0x00, 0xC0, 0x00, 0x01],
                Call::Block {
                    address: 0xC000,
                    count: 256,
                },
                6,
            ),
            (&[0x1F], Call::Exit, 1),
        ];
        for (bytes, call, len) in cases {
            assert_eq!(at(bytes), Some(call), "{bytes:02X?}");
            assert_eq!(call.len(), len);
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
        let mut memory = vec![0u8; 0x10000];
        memory[0xFFFF] = 0x81;
        memory[0] = 0x1A;
        assert_eq!(decode(&memory, 0xFFFF), Some(Call::Write));
        assert_eq!(block_bytes(&memory, 0xFFFF)[..2], [0x81, 0x1A]);
    }
}
