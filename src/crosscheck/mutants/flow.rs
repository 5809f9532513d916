//! The instructions reachable from a routine's entry, found by reading the code the way the CPU
//! would run it: every jump, call and fall-through followed, nothing executed.

use crate::machine::{Image, Instruction, Operand, decode};

/// One bit per address of the Z80's memory.
#[derive(Clone)]
pub(super) struct AddressSet {
    words: Box<[u64; 1024]>,
}

impl Default for AddressSet {
    fn default() -> AddressSet {
        AddressSet {
            words: Box::new([0; 1024]),
        }
    }
}

impl AddressSet {
    pub(super) fn insert(&mut self, addr: u16) {
        self.words[usize::from(addr >> 6)] |= 1 << (addr & 63);
    }

    pub(super) fn contains(&self, addr: u16) -> bool {
        self.words[usize::from(addr >> 6)] & (1 << (addr & 63)) != 0
    }

    /// The lowest and the highest address in the set.
    pub(super) fn bounds(&self) -> Option<(u16, u16)> {
        let first = self.words.iter().position(|&w| w != 0)?;
        let last = self.words.iter().rposition(|&w| w != 0)?;
        let low = first * 64 + self.words[first].trailing_zeros() as usize;
        let high = last * 64 + 63 - self.words[last].leading_zeros() as usize;
        Some((low as u16, high as u16))
    }
}

/// Where control goes after an instruction: the targets it may jump or call to, and whether
/// it may also go on to the next instruction.
struct Flow {
    target: Option<u16>,
    falls_through: bool,
}

/// The flow of `ins`. A call is taken to return; `RST` is a call into page zero, the
/// machine's own (a monitor's), and is not followed; a computed jump (`JP (HL)`) ends the
/// path, since its targets are not in the code.
fn flow(ins: &Instruction) -> Flow {
    let target = ins.operands.iter().find_map(|op| match op {
        Operand::Word(t) | Operand::Target(t) => Some(*t),
        _ => None,
    });
    let conditional = ins.operands.len() > 1;
    match ins.mnemonic {
        "JP" | "JR" => Flow {
            target,
            falls_through: conditional,
        },
        "DJNZ" | "CALL" => Flow {
            target,
            falls_through: true,
        },
        "RET" => Flow {
            target: None,
            falls_through: !ins.operands.is_empty(),
        },
        "RETI" | "RETN" | "HALT" => Flow {
            target: None,
            falls_through: false,
        },
        _ => Flow {
            target: None,
            falls_through: true,
        },
    }
}

/// The bytes of every instruction reachable from `entries` within `image`: a path ends at a
/// return, an unconditional or computed jump, bytes that are no instruction, or the image's
/// end.
pub(super) fn reachable(image: &Image, memory: &[u8; 0x10000], entries: &[u16]) -> AddressSet {
    let mut bytes = AddressSet::default();
    let mut started = AddressSet::default();
    let mut pending: Vec<u16> = entries.to_vec();
    while let Some(mut pc) = pending.pop() {
        loop {
            if started.contains(pc) || !image.contains(pc) {
                break;
            }
            started.insert(pc);
            let ins = decode(memory, pc);
            let last = pc.wrapping_add(ins.size() as u16 - 1);
            if ins.is_data() || !image.contains(last) || last < pc {
                break;
            }
            for offset in 0..ins.size() as u16 {
                bytes.insert(pc + offset);
            }
            let next = flow(&ins);
            pending.extend(next.target);
            if !next.falls_through {
                break;
            }
            pc = last.wrapping_add(1);
        }
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::SymbolTable;

    fn image(code: &[u8]) -> Image {
        Image::new(code.to_vec(), 0x100, SymbolTable::new()).unwrap()
    }

    fn memory(image: &Image) -> Box<[u8; 0x10000]> {
        let mut memory = Box::new([0u8; 0x10000]);
        let org = usize::from(image.org);
        memory[org..org + image.bytes.len()].copy_from_slice(&image.bytes);
        memory
    }

    fn listed(set: &AddressSet) -> Vec<u16> {
        (0..=0xFFFFu16).filter(|&a| set.contains(a)).collect()
    }

    #[test]
    fn follows_jumps_and_calls_and_stops_at_returns() {
        // 0100 JR NZ,0104 / 0102 JR 0107 / 0104 CALL 010B / 0107 RET / 0108 DB 77,77,77 /
        // 010B JP (HL) / 010C RET (never reached)
        let code = [
            0x20, 0x02, 0x18, 0x03, 0xCD, 0x0B, 0x01, 0xC9, 0x77, 0x77, 0x77, 0xE9, 0xC9,
        ];
        let image = image(&code);
        let set = reachable(&image, &memory(&image), &[0x100]);
        let mut expected: Vec<u16> = (0x100..=0x107).collect();
        expected.push(0x10B);
        assert_eq!(listed(&set), expected);
        assert_eq!(set.bounds(), Some((0x100, 0x10B)));
    }

    #[test]
    fn a_path_leaving_the_image_or_meeting_no_instruction_ends() {
        // 0100 JP 9000 (outside) / 0103 (never reached); 0104 ED FF (no instruction)
        let code = [0xC3, 0x00, 0x90, 0x00, 0xED, 0xFF];
        let image = image(&code);
        let set = reachable(&image, &memory(&image), &[0x100, 0x104]);
        assert_eq!(listed(&set), vec![0x100, 0x101, 0x102]);
    }
}
