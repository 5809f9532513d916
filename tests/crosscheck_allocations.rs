//! A cross-check allocates nothing per position: a run of many random positions makes exactly
//! as many heap allocations as a run of a few (INCHK's answer is read from the CPU's A, not
//! from a snapshot of its state), counted by a global allocator of this test.

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
        search_ply: 0,
        search_positions: Vec::new(),
        search_random: 0,
    };
    let allocations = |count: u64| {
        let config = config(count);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let report = crosscheck::run(&image, &config, &|_, _| {}).unwrap();
        let made = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert_eq!((report.positions, report.failures.len()), (count, 0));
        (made, report.tally.moves)
    };
    // A first run pays what is made once (lazy tables, a thread's own buffers): not per
    // position, and not to be counted against the run of 20.
    allocations(20);
    let (few, few_moves) = allocations(20);
    let (many, many_moves) = allocations(2_000);
    let (extra, moves) = (many as i64 - few as i64, many_moves - few_moves);
    assert_eq!(
        extra, 0,
        "{extra} allocations for 1,980 more positions ({moves} more moves made and tested)"
    );
}
