//! The observer that takes one record per evaluation without touching the code: it keeps a
//! shadow of memory from the write reports, notes the return address when POINTS is entered
//! (the CALL just before), and at the RET that pops that address reads NPLY, the from and to
//! squares of the entry MLPTRJ points at, and VALM from the shadow. There it also checks that
//! the terms left in BRDC, MTRL, PTSL, PTSW1, PTSW2 and PTSCK give that VALM by
//! SARGON_EVAL.md 8.5, so a trace tool reading them reads the terms of that evaluation.

use sargon_z80::machine::Observer;

use super::Syms;

/// One evaluation: NPLY, from, to, VALM.
pub type Record = [u8; 4];

/// FNV-1a 64 offset basis and prime (the digest of search.jsonl).
const FNV_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a 64 over the 4 bytes of each record in order.
pub fn fnv1a64(records: &[Record]) -> u64 {
    let mut h = FNV_BASIS;
    for r in records {
        for &b in r {
            h = (h ^ u64::from(b)).wrapping_mul(FNV_PRIME);
        }
    }
    h
}

/// Watches an FNDMOV call; see the module comment.
pub struct Watch {
    shadow: Box<[u8; 0x10000]>,
    syms: Syms,
    keep: bool,
    /// The instruction before the current one: its address and first three bytes.
    prev_pc: u16,
    prev_bytes: [u8; 3],
    /// Stack reads of the current instruction (a RET makes two).
    reads: [u8; 2],
    nreads: u8,
    /// The return address of the POINTS call under way.
    pending: Option<u16>,
    /// Evaluations seen, their digest, the records when kept.
    pub count: u64,
    pub digest: u64,
    pub records: Vec<Record>,
    /// The lowest stack address written.
    pub lowest_stack_write: u16,
    /// A broken contract (POINTS entered without a CALL, a nested POINTS).
    pub error: Option<String>,
}

impl Watch {
    /// A watch over a machine whose memory is `memory` now.
    pub fn new(memory: &[u8], syms: Syms, keep: bool) -> Watch {
        let mut shadow = Box::new([0u8; 0x10000]);
        shadow.copy_from_slice(memory);
        Watch {
            shadow,
            syms,
            keep,
            prev_pc: 0,
            prev_bytes: [0; 3],
            reads: [0; 2],
            nreads: 0,
            pending: None,
            count: 0,
            digest: FNV_BASIS,
            records: Vec::new(),
            lowest_stack_write: syms.stack,
            error: None,
        }
    }

    fn peek(&self, addr: u16) -> u8 {
        self.shadow[usize::from(addr)]
    }

    fn record(&mut self) {
        let s = &self.syms;
        let entry = u16::from_le_bytes([self.peek(s.mlptrj), self.peek(s.mlptrj.wrapping_add(1))]);
        let rec = [
            self.peek(s.nply),
            self.peek(entry.wrapping_add(2)),
            self.peek(entry.wrapping_add(3)),
            self.peek(s.valm),
        ];
        let from_terms = self.valm_from_terms();
        if from_terms != rec[3] || self.peek(entry.wrapping_add(5)) != rec[3] {
            self.error.get_or_insert(format!(
                "evaluation {}: VALM {:#04X}, entry value {:#04X}, but the terms left give {from_terms:#04X}",
                self.count,
                rec[3],
                self.peek(entry.wrapping_add(5))
            ));
        }
        for b in rec {
            self.digest = (self.digest ^ u64::from(b)).wrapping_mul(FNV_PRIME);
        }
        self.count += 1;
        if self.keep {
            self.records.push(rec);
        }
    }

    /// VALM from the terms POINTS left (SARGON_EVAL.md 8.5, PTSW1/PTSW2 already adjusted).
    fn valm_from_terms(&self) -> u8 {
        let s = &self.syms;
        let limit = |b: u8, k: i8| (b as i8).clamp(-k, k);
        let (ptsl, w1, w2, ptsck) = (
            self.peek(s.ptsl),
            self.peek(s.ptsw1),
            self.peek(s.ptsw2),
            self.peek(s.ptsck),
        );
        let lost = ptsl.saturating_sub(1);
        let won = if w1 == 0 || w2 == 0 { 0 } else { (w2 - 1) / 2 };
        let black = self.peek(s.color) & 0x80 != 0;
        let mut x = won.wrapping_sub(lost);
        if black {
            x = x.wrapping_neg();
        }
        let m = limit(
            x.wrapping_add(self.peek(s.mtrl))
                .wrapping_sub(self.peek(s.mv0)),
            30,
        );
        let c = if ptsck != 0 {
            0
        } else {
            limit(self.peek(s.brdc).wrapping_sub(self.peek(s.bc0)), 6)
        };
        let score = (4 * i16::from(m) + i16::from(c)) as u8;
        if black {
            0x80u8.wrapping_add(score)
        } else {
            0x80u8.wrapping_sub(score)
        }
    }

    /// Entered POINTS: the instruction before must be a CALL of POINTS.
    fn entered(&mut self, pc: u16) {
        let [op, lo, hi] = self.prev_bytes;
        let is_call = op == 0xCD || op & 0xC7 == 0xC4;
        if !is_call || u16::from_le_bytes([lo, hi]) != pc {
            self.error.get_or_insert(format!(
                "POINTS entered at {pc:#06X} without a CALL (instruction before at {:#06X})",
                self.prev_pc
            ));
            return;
        }
        if self.pending.is_some() {
            self.error
                .get_or_insert("POINTS entered again before it returned".to_string());
        }
        self.pending = Some(self.prev_pc.wrapping_add(3));
    }
}

impl Observer for Watch {
    #[inline]
    fn on_instruction(&mut self, pc: u16, bytes: &[u8], _tstates: u32) {
        if pc == self.syms.points {
            self.entered(pc);
        } else if let Some(ret) = self.pending {
            let op = bytes[0];
            if (op == 0xC9 || op & 0xC7 == 0xC0)
                && self.nreads == 2
                && u16::from_le_bytes(self.reads) == ret
            {
                self.pending = None;
                self.record();
            }
        }
        self.prev_pc = pc;
        let n = bytes.len().min(3);
        self.prev_bytes = [0; 3];
        self.prev_bytes[..n].copy_from_slice(&bytes[..n]);
        self.nreads = 0;
    }

    #[inline]
    fn on_read(&mut self, _pc: u16, _addr: u16, value: u8) {
        if self.nreads < 2 {
            self.reads[usize::from(self.nreads)] = value;
        }
        self.nreads = self.nreads.saturating_add(1);
    }

    #[inline]
    fn on_write(&mut self, _pc: u16, addr: u16, value: u8) {
        self.shadow[usize::from(addr)] = value;
        let s = &self.syms;
        if addr < s.stack && addr >= s.stack.wrapping_sub(0x400) && addr < self.lowest_stack_write {
            self.lowest_stack_write = addr;
        }
    }
}
