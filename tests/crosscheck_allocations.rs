//! A cross-check allocates nothing of its own per position: a run of many random positions
//! makes as many heap allocations as a run of a few, but for the one that reading INCHK's
//! answer costs (`Machine::registers` copies the CPU state into a Vec), counted by a global
//! allocator of this test.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use sargon_z80::crosscheck::suite::builtin_positions;
use sargon_z80::crosscheck::{self, Config, RandomSpec};
use sargon_z80::machine::default_image;

/// The system allocator, counting allocations.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's layout is passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: `ptr` came from this allocator with `layout`.
        unsafe { System.realloc(ptr, layout, size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn random_positions_allocate_nothing_each() {
    let image = default_image();
    let starts: Vec<_> = builtin_positions().iter().map(|p| p.board).collect();
    let config = |count: u64| Config {
        positions: Vec::new(),
        depth: 1,
        random: RandomSpec {
            seed: 17,
            first: 0,
            count,
            depth: 1,
        },
        random_starts: starts.clone(),
        threads: 1,
        keep_going: false,
    };
    let allocations = |count: u64| {
        let config = config(count);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let report = crosscheck::run(&image, &config, &|_, _| {}).unwrap();
        let made = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert_eq!((report.positions, report.failures.len()), (count, 0));
        // One INCHK call per move made and tested.
        (made, report.tally.moves)
    };
    let (few, few_inchk) = allocations(20);
    let (many, many_inchk) = allocations(2_000);
    let (extra, inchk) = (many - few, many_inchk - few_inchk);
    assert!(
        extra <= inchk,
        "{extra} allocations for 1,980 more positions and {inchk} more INCHK calls"
    );
}
