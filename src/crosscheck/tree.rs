//! The node-by-node comparison down the move tree: at every node GENMOV's list, CKFLG and the
//! untouched board; for every entry MOVE's bytes, INCHK and UNMOVE's bytes; per node the legal
//! move set; at the root the perft count. The emulated list pointers advance per ply like a
//! search (MLPTRI, MLNXT; MLPTRJ on the entry just made) and are restored after each child.

use serde::Serialize;

use crate::position::{Board, in_check};
use crate::reference::{Move, MoveList, Rules, generate, legal_moves, make, perft, unmake};

use super::compare::{
    ByteDiff, MismatchKind, ShownMove, board_diffs, first_difference, lay_out, missing_from,
    same_board,
};
use crate::abi::{DriveError, Driver, ENTRY_SIZE, RawEntry};

/// A disagreement, with where in the tree it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    /// The moves from the root to the node, in UCI notation.
    pub path: Vec<String>,
    /// The node's position as FEN (moved bits a FEN cannot show are not in it).
    pub node_fen: String,
    /// What disagreed.
    #[serde(flatten)]
    pub kind: MismatchKind,
}

/// Why a position's check stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The image and the reference disagree.
    Mismatch(Box<Mismatch>),
    /// The image's move-list area has no room for a node's list (the 1978 image holds only
    /// about 340 entries for all plies): the node is not compared rather than compared
    /// against a truncated list.
    ListFull {
        /// The moves from the root to the node, in UCI notation.
        path: Vec<String>,
        /// Entries the node's list needs.
        needed: usize,
        /// Entries of room left.
        free: usize,
    },
}

/// Counts of the work done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Nodes whose move list was generated and compared (GENMOV calls).
    pub nodes: u64,
    /// Move lists compared (GENMOV lists plus legal move sets).
    pub lists: u64,
    /// Moves made, tested and taken back on both sides.
    pub moves: u64,
}

impl Tally {
    /// Adds another tally.
    pub fn add(&mut self, other: Tally) {
        self.nodes += other.nodes;
        self.lists += other.lists;
        self.moves += other.moves;
    }
}

/// Per-ply buffers, allocated once and reused for every node at that ply.
#[derive(Default)]
struct Ply {
    emulated: Vec<RawEntry>,
    laid: Vec<RawEntry>,
    native: MoveList,
    legal: Vec<Move>,
}

/// Compares an image with the reference, position after position, reusing its buffers.
pub struct Checker {
    driver: Driver,
    plies: Vec<Ply>,
    path: Vec<Move>,
    scratch: Board,
    tally: Tally,
}

impl Checker {
    /// A checker driving `driver`.
    pub fn new(driver: Driver) -> Checker {
        Checker {
            driver,
            plies: Vec::new(),
            path: Vec::new(),
            scratch: Board::empty(),
            tally: Tally::default(),
        }
    }

    /// The work done so far.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// T-states of all routine calls so far.
    pub fn tstates(&self) -> u64 {
        self.driver.tstates()
    }

    /// Compares the tree below `root` to `depth` (at least 1) and returns its perft count
    /// (Sargon rules). When `divide` is given it receives each legal root move's count.
    pub fn check(
        &mut self,
        root: &Board,
        depth: u32,
        divide: Option<&mut Vec<(String, u64)>>,
    ) -> Result<u64, Failure> {
        while self.plies.len() < depth as usize {
            self.plies.push(Ply::default());
        }
        self.path.clear();
        self.driver.set_root(root);
        let mut board = *root;
        let mut walk = Walk {
            driver: &mut self.driver,
            path: &mut self.path,
            scratch: &mut self.scratch,
            tally: &mut self.tally,
        };
        let count = walk.node(&mut self.plies[..depth as usize], &mut board, depth, divide)?;
        let native = perft(&mut board, depth, Rules::Sargon);
        if count != native {
            return Err(mismatch(
                &[],
                root,
                MismatchKind::Perft {
                    depth,
                    emulated: count,
                    native,
                },
            ));
        }
        Ok(count)
    }
}

fn mismatch(path: &[Move], node: &Board, kind: MismatchKind) -> Failure {
    Failure::Mismatch(Box::new(Mismatch {
        path: path.iter().map(Move::uci).collect(),
        node_fen: node.to_fen(),
        kind,
    }))
}

struct Walk<'a> {
    driver: &'a mut Driver,
    path: &'a mut Vec<Move>,
    scratch: &'a mut Board,
    tally: &'a mut Tally,
}

impl Walk<'_> {
    /// The bytes where the emulated BOARDA/POSK/POSQ differ from `board`; None when they agree.
    /// Allocates only on a mismatch.
    fn board_diffs(&mut self, board: &Board) -> Option<Vec<ByteDiff>> {
        self.driver.read_board(self.scratch);
        if same_board(self.scratch, board) {
            return None;
        }
        let mut diffs = Vec::new();
        board_diffs(self.scratch, board, &mut diffs);
        Some(diffs)
    }

    fn node(
        &mut self,
        plies: &mut [Ply],
        board: &mut Board,
        depth: u32,
        mut divide: Option<&mut Vec<(String, u64)>>,
    ) -> Result<u64, Failure> {
        let (ply, deeper) = plies
            .split_first_mut()
            .expect("one ply buffer per level of depth");
        let node = *board;
        let fail = |path: &[Move], kind| mismatch(path, &node, kind);
        let drive_fail = |path: &[Move], laid: &[RawEntry], error: DriveError| {
            mismatch(
                path,
                &node,
                MismatchKind::Drive {
                    error: error.to_string(),
                    native: laid.to_vec(),
                },
            )
        };

        generate(board, Rules::Sargon, &mut ply.native);
        let before = self.driver.ply_state();
        lay_out(&ply.native, before.mlnxt, &mut ply.laid);
        let needed = ply.laid.len();
        let free = self.driver.free_entries();
        if needed > free {
            return Err(Failure::ListFull {
                path: self.path.iter().map(Move::uci).collect(),
                needed,
                free,
            });
        }
        let generated = self
            .driver
            .genmov(&mut ply.emulated)
            .map_err(|e| drive_fail(self.path, &ply.laid, e))?;
        self.tally.nodes += 1;
        self.tally.lists += 1;
        let emulated_bytes = generated.next - generated.start;
        let native_bytes = needed as u16 * ENTRY_SIZE;
        let differs = first_difference(&ply.emulated, &ply.laid);
        if differs.is_some() || emulated_bytes != native_bytes {
            return Err(fail(
                self.path,
                MismatchKind::List {
                    emulated: ply.emulated.clone(),
                    native: ply.laid.clone(),
                    first_difference: differs.unwrap_or(ply.emulated.len()),
                    emulated_bytes,
                    native_bytes,
                },
            ));
        }
        if (generated.ckflg != 0) != ply.native.ckflg() {
            return Err(fail(
                self.path,
                MismatchKind::Ckflg {
                    emulated: generated.ckflg,
                    native: ply.native.ckflg(),
                },
            ));
        }
        self.driver.read_board(self.scratch);
        if !same_board(self.scratch, board) || self.scratch.color != board.color {
            let mut diffs = Vec::new();
            board_diffs(self.scratch, board, &mut diffs);
            if self.scratch.color != board.color {
                diffs.push(ByteDiff {
                    what: "COLOR".to_string(),
                    emulated: self.scratch.color,
                    native: board.color,
                });
            }
            return Err(fail(self.path, MismatchKind::GenmovChangedBoard { diffs }));
        }

        let after_genmov = self.driver.ply_state();
        let mover = board.color;
        ply.legal.clear();
        let mut count = 0;
        let mut flat = 0;
        for index in 0..ply.native.len() {
            let mv = ply.native.as_slice()[index];
            let entry = ply.emulated[flat];
            flat += if mv.second.is_some() { 2 } else { 1 };

            self.driver
                .make(entry.addr)
                .map_err(|e| drive_fail(self.path, &ply.laid, e))?;
            let undo = make(board, &mv);
            if let Some(diffs) = self.board_diffs(board) {
                let mv = ShownMove::of(&entry);
                return Err(fail(self.path, MismatchKind::Move { mv, diffs }));
            }
            let (attacked, _) = self
                .driver
                .inchk()
                .map_err(|e| drive_fail(self.path, &ply.laid, e))?;
            let native_attacked = in_check(board, mover);
            if attacked != native_attacked {
                return Err(fail(
                    self.path,
                    MismatchKind::Inchk {
                        mv: ShownMove::of(&entry),
                        emulated: attacked,
                        native: native_attacked,
                    },
                ));
            }
            self.tally.moves += 1;
            if !attacked {
                ply.legal.push(mv);
                let below = if depth == 1 {
                    1
                } else {
                    self.driver.set_color(board.color);
                    self.path.push(mv);
                    let below = self.node(deeper, board, depth - 1, None)?;
                    self.path.pop();
                    self.driver.set_color(mover);
                    self.driver.restore(after_genmov);
                    below
                };
                if let Some(divide) = divide.as_deref_mut() {
                    divide.push((mv.uci(), below));
                }
                count += below;
            }

            self.driver
                .unmake(entry.addr)
                .map_err(|e| drive_fail(self.path, &ply.laid, e))?;
            unmake(board, &mv, undo);
            if let Some(diffs) = self.board_diffs(board) {
                let mv = ShownMove::of(&entry);
                return Err(fail(self.path, MismatchKind::Unmove { mv, diffs }));
            }
        }

        let native_legal = legal_moves(board, Rules::Sargon);
        self.tally.lists += 1;
        let same = native_legal.len() == ply.legal.len()
            && native_legal
                .iter()
                .zip(&ply.legal)
                .all(|(a, b)| a.entry == b.entry);
        if !same {
            return Err(fail(
                self.path,
                MismatchKind::LegalSet {
                    only_emulated: missing_from(&ply.legal, native_legal.as_slice()),
                    only_native: missing_from(native_legal.as_slice(), &ply.legal),
                },
            ));
        }
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::default_image;

    fn checker() -> Checker {
        Checker::new(Driver::new(&default_image()).unwrap())
    }

    #[test]
    fn kiwipete_to_depth_two_node_by_node() {
        let board =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let mut checker = checker();
        let mut divide = Vec::new();
        assert_eq!(checker.check(&board, 2, Some(&mut divide)), Ok(2039));
        assert_eq!(divide.len(), 48);
        assert!(divide.contains(&("e1g1".to_string(), 43)));
        let tally = checker.tally();
        assert_eq!((tally.nodes, tally.lists), (49, 98));
        assert!(checker.tstates() > 0);
    }

    #[test]
    fn en_passant_follows_the_entry_just_made() {
        // After e2e4 the black pawn on d4 may take en passant: only if MLPTRJ points at the
        // entry of e2e4 when the child's GENMOV runs.
        let board = Board::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
        let mut divide = Vec::new();
        let count = checker().check(&board, 2, Some(&mut divide)).unwrap();
        assert_eq!(count, perft(&mut board.clone(), 2, Rules::Sargon));
        // e2e4 gives black 5 king moves, d4d3 and d4xe3 en passant.
        assert!(divide.contains(&("e2e4".to_string(), 7)), "{divide:?}");
    }
}
