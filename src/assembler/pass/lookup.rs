//! Symbol lookups during a pass: this pass's definitions first, then the previous pass's.

use std::collections::HashMap;

use super::{Sym, SymKind};
use crate::assembler::expr::Env;

/// Symbol lookups during a pass: this pass's definitions first, then the previous pass's.
pub(super) struct Lookup<'a> {
    syms: &'a HashMap<String, Sym>,
    prev: &'a HashMap<String, i32>,
    /// Set for the whole pass when any value came from the previous pass (or was missing).
    used_prev: &'a mut bool,
    here: i32,
    snapshot: bool,
    stale: bool,
}

impl<'a> Lookup<'a> {
    pub(super) fn new(
        syms: &'a HashMap<String, Sym>,
        prev: &'a HashMap<String, i32>,
        used_prev: &'a mut bool,
        here: i32,
    ) -> Self {
        Lookup {
            syms,
            prev,
            used_prev,
            here,
            snapshot: false,
            stale: false,
        }
    }
}

impl Env for Lookup<'_> {
    fn lookup(&mut self, name: &str) -> Option<i32> {
        let sym = self.syms.get(name);
        // DEFL symbols change during a pass, so only their current value means anything.
        if sym.is_some_and(|s| !self.snapshot || s.kind == SymKind::Defl) {
            return sym.map(|s| s.value);
        }
        let current = sym.map(|s| s.value);
        match self.prev.get(name) {
            Some(&v) => {
                *self.used_prev = true;
                self.stale = true;
                Some(v)
            }
            None => {
                if current.is_none() {
                    *self.used_prev = true;
                    self.stale = true;
                }
                current
            }
        }
    }

    fn here(&self) -> i32 {
        self.here
    }

    fn set_snapshot(&mut self, on: bool) {
        self.snapshot = on;
        self.stale = false;
    }

    fn used_previous_pass(&self) -> bool {
        self.stale
    }
}
