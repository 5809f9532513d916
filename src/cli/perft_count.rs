//! perft's counting: the native reference and the Z80 image, each with its root moves shared
//! out to threads, and the root moves' lines printed in generation order as they come in.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sargon_z80::abi::{Driver, PerftError, RootCount, SplitCount, z80_perft_split};
use sargon_z80::machine::Image;
use sargon_z80::position::Board;
use sargon_z80::reference::{MoveList, Rules, generate, legal_moves, make, perft};
use sargon_z80::text::grouped;

use super::interrupt;
use super::output::{OutputError, outln};

/// Which engines count, by which rules, on how many threads.
#[derive(Debug, Clone, Copy)]
pub struct Engines {
    /// The rules of the count.
    pub rules: Rules,
    /// The emulated image counts.
    pub z80: bool,
    /// The native reference counts.
    pub native: bool,
    /// Threads (one machine each for the image).
    pub threads: usize,
}

/// One engine's count of one position.
#[derive(Debug, Clone, Default)]
pub struct EngineCount {
    /// The leaf count; None when the engine could not finish.
    pub nodes: Option<u64>,
    /// Each legal root move with its count, in generation order (those finished).
    pub divide: Vec<(String, u64)>,
    /// Wall time.
    pub elapsed: Duration,
    /// T-states of all routine calls (the image only).
    pub tstates: Option<u64>,
    /// The same by routine: GENMOV, MOVE, INCHK, UNMOVE.
    pub routine_tstates: Option<[u64; 4]>,
    /// The image failed while being driven: a difference from the reference.
    pub failure: Option<String>,
    /// True when that failure was runaway code (the machine's error, not a difference).
    pub runaway: bool,
    /// A move list did not fit: nothing was counted.
    pub list_full: Option<String>,
}

/// Both engines' counts of one position.
#[derive(Debug, Clone, Default)]
pub struct Count {
    /// The image's count, when it counted.
    pub z80: Option<EngineCount>,
    /// The reference's count, when it counted.
    pub native: Option<EngineCount>,
    /// Ctrl-C stopped the count.
    pub interrupted: bool,
}

impl Count {
    /// The engines that counted, the image first.
    pub fn engines(&self) -> impl Iterator<Item = (&'static str, &EngineCount)> {
        let z80 = self.z80.as_ref().map(|c| ("z80", c));
        let native = self.native.as_ref().map(|c| ("native", c));
        z80.into_iter().chain(native)
    }

    /// True when a move list did not fit, so the image's count is missing.
    pub fn nothing_counted(&self) -> bool {
        self.engines().any(|(_, c)| c.list_full.is_some())
    }

    /// The machine's error when the image ran away.
    pub fn runaway(&self) -> Option<&str> {
        self.engines()
            .find(|(_, c)| c.runaway)
            .and_then(|(_, c)| c.failure.as_deref())
    }

    /// True when every engine finished and their counts and root moves agree.
    pub fn agree(&self) -> bool {
        let counts: Vec<&EngineCount> = self.engines().map(|(_, c)| c).collect();
        let finished = counts
            .iter()
            .all(|c| c.nodes.is_some() && c.failure.is_none());
        let same = |a: &EngineCount, b: &EngineCount| {
            let key = |c: &EngineCount| {
                let mut d = c.divide.clone();
                d.sort();
                d
            };
            a.nodes == b.nodes && key(a) == key(b)
        };
        finished && counts.windows(2).all(|pair| same(pair[0], pair[1]))
    }
}

/// Counts `board` to `depth` with the chosen engines; in text mode prints each root move's line
/// as it comes in (the caller prints the header first).
pub fn count_position(
    engines: &Engines,
    image: Option<&Image>,
    board: &Board,
    depth: u32,
    json: bool,
) -> anyhow::Result<Count> {
    let mut count = Count::default();
    let native_streams = !json && !engines.z80;
    if engines.native {
        let lines = Lines::new(native_streams, None);
        count.native = Some(native_count(board, depth, engines, &lines));
        lines.finish()?;
    }
    if let (true, Some(image)) = (engines.z80, image) {
        let native = count
            .native
            .as_ref()
            .map(|c| c.divide.iter().cloned().collect());
        let lines = Lines::new(!json, native);
        count.z80 = Some(z80_count(image, board, depth, engines, &lines)?);
        lines.finish()?;
    }
    count.interrupted = interrupt::interrupted();
    Ok(count)
}

/// The next root move to print, the lines that came in before their turn, the first output
/// error.
type Pending = (
    usize,
    BTreeMap<usize, Option<(String, u64)>>,
    Option<OutputError>,
);

/// Root-move lines printed in generation order as counts come in from the workers; the
/// reference's counts, when given, mark the moves where the image differs.
struct Lines {
    print: bool,
    native: Option<HashMap<String, u64>>,
    state: Mutex<Pending>,
}

impl Lines {
    fn new(print: bool, native: Option<HashMap<String, u64>>) -> Lines {
        Lines {
            print,
            native,
            state: Mutex::new((0, BTreeMap::new(), None)),
        }
    }

    /// Root move `index` came to `line` (None for an illegal move); prints every line whose
    /// turn has come.
    fn add(&self, index: usize, line: Option<(String, u64)>) {
        if !self.print {
            return;
        }
        let mut state = self.state.lock().expect("no printer panics");
        let (next, pending, error) = &mut *state;
        pending.insert(index, line);
        while let Some(line) = pending.remove(next) {
            *next += 1;
            let Some((uci, nodes)) = line else { continue };
            if error.is_none() {
                if let Err(e) = outln!("{}", self.text(&uci, nodes)) {
                    *error = Some(e);
                    interrupt::stop();
                }
            }
        }
    }

    fn text(&self, uci: &str, nodes: u64) -> String {
        match self.native.as_ref().map(|n| n.get(uci)) {
            None => format!("{uci}: {}", grouped(nodes)),
            Some(Some(&native)) if native == nodes => format!("{uci}: {}", grouped(nodes)),
            Some(Some(&native)) => format!(
                "{uci}: {}   DIFFERS: native {}",
                grouped(nodes),
                grouped(native)
            ),
            Some(None) => format!("{uci}: {}   DIFFERS: no such native move", grouped(nodes)),
        }
    }

    /// The first output error, if printing failed.
    fn finish(self) -> Result<(), OutputError> {
        match self.state.into_inner().expect("no printer panics").2 {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

/// The reference's perft, root moves shared out to the threads.
fn native_count(board: &Board, depth: u32, engines: &Engines, lines: &Lines) -> EngineCount {
    let started = Instant::now();
    if depth == 0 {
        return EngineCount {
            nodes: Some(1),
            elapsed: started.elapsed(),
            ..EngineCount::default()
        };
    }
    let root = legal_moves(board, engines.rules);
    let next = AtomicUsize::new(0);
    let counts = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..engines.threads.min(root.len()).max(1) {
            scope.spawn(|| {
                while !interrupt::stop_flag().load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(mv) = root.as_slice().get(index) else {
                        break;
                    };
                    let mut child = *board;
                    make(&mut child, mv);
                    let nodes = perft(&mut child, depth - 1, engines.rules);
                    lines.add(index, Some((mv.uci(), nodes)));
                    counts
                        .lock()
                        .expect("no worker panics")
                        .push((index, mv.uci(), nodes));
                }
            });
        }
    });
    let mut counts = counts.into_inner().expect("the workers are done");
    counts.sort();
    let finished = counts.len() == root.len();
    let divide: Vec<(String, u64)> = counts.into_iter().map(|(_, uci, n)| (uci, n)).collect();
    EngineCount {
        nodes: finished.then(|| divide.iter().map(|(_, n)| n).sum()),
        divide,
        elapsed: started.elapsed(),
        ..EngineCount::default()
    }
}

/// The entries a node's list needs, hidden halves included: the room check of the cross-check.
fn entries_needed(board: &Board) -> usize {
    thread_local! {
        static LIST: std::cell::RefCell<MoveList> = std::cell::RefCell::new(MoveList::new());
    }
    LIST.with_borrow_mut(|list| {
        generate(board, Rules::Sargon, list);
        list.flat_entries().count()
    })
}

/// The image's perft, root moves shared out to one machine per thread.
fn z80_count(
    image: &Image,
    board: &Board,
    depth: u32,
    engines: &Engines,
    lines: &Lines,
) -> anyhow::Result<EngineCount> {
    let started = Instant::now();
    if depth == 0 {
        return Ok(EngineCount {
            nodes: Some(1),
            tstates: Some(0),
            routine_tstates: Some([0; 4]),
            ..EngineCount::default()
        });
    }
    let mut drivers = (0..engines.threads)
        .map(|_| Driver::new(image))
        .collect::<Result<Vec<_>, _>>()?;
    let finished = Mutex::new(Vec::new());
    let on_root = |c: &RootCount| {
        lines.add(c.index, c.nodes.map(|n| (c.uci.clone(), n)));
        if let Some(n) = c.nodes {
            finished
                .lock()
                .expect("no worker panics")
                .push((c.index, c.uci.clone(), n));
        }
    };
    let stop = Some(interrupt::stop_flag());
    let result = z80_perft_split(
        &mut drivers,
        board,
        depth,
        Some(&entries_needed),
        stop,
        &on_root,
    );
    let finished = finished.into_inner().expect("the workers are done");
    Ok(z80_outcome(result, finished, started.elapsed()))
}

/// The image's count from a split perft's result; when it ended early, the root moves it
/// finished (`finished`: index, move, count, in completion order) and why.
fn z80_outcome(
    result: Result<SplitCount, PerftError>,
    mut finished: Vec<(usize, String, u64)>,
    elapsed: Duration,
) -> EngineCount {
    let mut count = EngineCount {
        elapsed,
        ..EngineCount::default()
    };
    match result {
        Ok(split) => {
            count.nodes = Some(split.nodes);
            count.divide = split.divide;
            count.tstates = Some(split.tstates);
            count.routine_tstates = Some(split.routine_tstates);
        }
        Err(error) => {
            finished.sort();
            count.divide = finished.into_iter().map(|(_, uci, n)| (uci, n)).collect();
            match error {
                PerftError::Interrupted => {}
                PerftError::ListFull { .. } => count.list_full = Some(error.to_string()),
                PerftError::Drive(error) => {
                    count.runaway = error.is_runaway();
                    count.failure = Some(error.to_string());
                }
            }
        }
    }
    count
}
