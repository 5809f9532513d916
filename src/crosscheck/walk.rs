//! The node-by-node comparison down the move tree, one step per function: [`Walk::visit`] a
//! node (GENMOV's list, CKFLG and the untouched board against the reference's), then for every
//! entry [`Walk::make`] (MOVE's bytes), [`Walk::is_legal`] (INCHK), [`Walk::descend`] into
//! legal moves and [`Walk::unmake`] (UNMOVE's bytes), and last [`Walk::compare_legal_set`].
//! The emulated list pointers advance per ply like a search (MLPTRI, MLNXT; MLPTRJ on the entry
//! just made) and are restored after each child. The root's perft count is compared at the end.

use serde::{Deserialize, Serialize};

use crate::abi::{DriveError, Driver, ENTRY_SIZE, Generated, PlyState, RawEntry};
use crate::position::{Board, COLOR_MASK, in_check};
use crate::reference::{MAX_MOVES, Move, MoveList, Rules, Undo, generate, make, unmake};

use super::compare::{
    board_diffs, first_difference, lay_out, legal_moves_into, missing_from, perft_count, same_board,
};
use super::mismatch::{ByteDiff, Failure, MismatchKind, ShownMove, mismatch};

/// Counts of the work done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
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
struct Ply {
    emulated: Vec<RawEntry>,
    laid: Vec<RawEntry>,
    native: MoveList,
    legal: Vec<Move>,
    /// The reference's legal moves of the node.
    native_legal: MoveList,
}

impl Ply {
    /// Buffers with room for any list (a move list holds at most `MAX_MOVES` moves, each
    /// with at most one hidden half), so that no node ever grows them.
    fn new() -> Ply {
        Ply {
            emulated: Vec::with_capacity(2 * MAX_MOVES),
            laid: Vec::with_capacity(2 * MAX_MOVES),
            native: MoveList::new(),
            legal: Vec::with_capacity(MAX_MOVES),
            native_legal: MoveList::new(),
        }
    }
}

/// Compares an image with the reference, position after position, reusing its buffers.
///
/// ```
/// use sargon_z80::abi::Driver;
/// use sargon_z80::crosscheck::Checker;
/// use sargon_z80::machine::default_image;
/// use sargon_z80::position::Board;
///
/// let driver = Driver::new(&default_image()).unwrap();
/// let mut checker = Checker::new(driver);
/// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// // Every node to depth 2: lists, CKFLG, MOVE/INCHK/UNMOVE bytes, legal sets, perft.
/// let count = checker.check(&Board::from_fen(kiwipete).unwrap(), 2, None);
/// assert_eq!(count, Ok(2039));
/// assert_eq!(checker.tally().nodes, 49);
/// ```
pub struct Checker {
    driver: Driver,
    plies: Vec<Ply>,
    /// One list per ply for the reference's perft of the root.
    perft_lists: Vec<MoveList>,
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
            perft_lists: Vec::new(),
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
            self.plies.push(Ply::new());
            self.perft_lists.push(MoveList::new());
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
        let native = match depth {
            // The reference's perft(1): its legal moves, which the root's visit listed.
            1 => self.plies[0].native_legal.len() as u64,
            _ => perft_count(&mut board, &mut self.perft_lists[..depth as usize]),
        };
        if count != native {
            let kind = MismatchKind::Perft {
                depth,
                emulated: count,
                native,
            };
            return Err(mismatch(&[], root, kind));
        }
        Ok(count)
    }
}

/// One walk down the tree of a root, borrowing the checker's machine and buffers.
struct Walk<'a> {
    driver: &'a mut Driver,
    path: &'a mut Vec<Move>,
    scratch: &'a mut Board,
    tally: &'a mut Tally,
}

/// One generated move: the reference's and the entry GENMOV wrote for it.
#[derive(Clone, Copy)]
struct Pair {
    native: Move,
    entry: RawEntry,
}

impl Walk<'_> {
    /// The whole node: visit it, then make, test, descend into and unmake every move; returns
    /// the node's perft count. `board` holds the node on entry and again on return (but for the
    /// POSQ drift of UNMOVE).
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
        self.visit(ply, &node)?;
        let after_genmov = self.driver.ply_state();
        ply.legal.clear();
        let mut count = 0;
        let mut flat = 0;
        for index in 0..ply.native.len() {
            let native = ply.native.as_slice()[index];
            let pair = Pair {
                native,
                entry: ply.emulated[flat],
            };
            flat += if native.second.is_some() { 2 } else { 1 };
            let undo = self.make(ply, &node, board, pair)?;
            if self.is_legal(ply, &node, board, pair)? {
                ply.legal.push(native);
                let below = match depth {
                    1 => 1,
                    _ => self.descend(deeper, board, depth - 1, pair, after_genmov)?,
                };
                if let Some(divide) = divide.as_deref_mut() {
                    divide.push((native.uci(), below));
                }
                count += below;
            }
            self.unmake(ply, &node, board, pair, undo)?;
        }
        self.compare_legal_set(ply, &node, board)?;
        Ok(count)
    }

    /// A disagreement at `node`, reached by the current path.
    fn fail(&self, node: &Board, kind: MismatchKind) -> Failure {
        mismatch(self.path, node, kind)
    }

    /// The image failed while being driven at `node`; the reference's list is shown with it.
    /// A routine that ran away is [`Failure::Runaway`]: no comparison can go on.
    fn drive_fail(&self, node: &Board, ply: &Ply, error: DriveError) -> Failure {
        let runaway = error.is_runaway();
        let kind = MismatchKind::Drive {
            error: error.to_string(),
            native: if runaway {
                Vec::new()
            } else {
                ply.laid.to_vec()
            },
        };
        match self.fail(node, kind) {
            Failure::Mismatch(found) if runaway => Failure::Runaway(found),
            failure => failure,
        }
    }

    /// Generates the node's list on both sides and compares them: the entries with their
    /// links and hidden halves, the bytes used, CKFLG, and the board GENMOV must not touch.
    fn visit(&mut self, ply: &mut Ply, node: &Board) -> Result<(), Failure> {
        let generated = self.generate(ply, node)?;
        self.tally.nodes += 1;
        self.tally.lists += 1;
        self.compare_list(ply, node, &generated)?;
        if (generated.ckflg != 0) != ply.native.ckflg() {
            let kind = MismatchKind::Ckflg {
                emulated: generated.ckflg,
                native: ply.native.ckflg(),
            };
            return Err(self.fail(node, kind));
        }
        self.compare_untouched(node)
    }

    /// The reference's list, laid out where GENMOV will write, then GENMOV itself. A node
    /// whose list does not fit (the abi room's one definition: no room for the reference's
    /// list, or MLOVF set by GENMOV when the list really did not fit) is not compared: it is
    /// reported as skipped. A flag with room to spare is a failure of the image.
    fn generate(&mut self, ply: &mut Ply, node: &Board) -> Result<Generated, Failure> {
        generate(node, Rules::Sargon, &mut ply.native);
        let before = self.driver.ply_state();
        lay_out(&ply.native, before.mlnxt, &mut ply.laid);
        let (needed, free) = (ply.laid.len(), self.driver.free_entries());
        let full = || Failure::ListFull {
            path: self.path.iter().map(Move::uci).collect(),
            needed,
            free,
        };
        if self.driver.check_room(needed).is_err() {
            return Err(full());
        }
        match self.driver.genmov(&mut ply.emulated) {
            Ok(generated) => Ok(generated),
            Err(error) => match Driver::list_full_after(error, needed, free) {
                Ok(_) => Err(full()),
                Err(error) => Err(self.drive_fail(node, ply, error)),
            },
        }
    }

    /// GENMOV's entries and byte count against the laid-out reference list.
    fn compare_list(&self, ply: &Ply, node: &Board, generated: &Generated) -> Result<(), Failure> {
        let emulated_bytes = generated.next - generated.start;
        let native_bytes = ply.laid.len() as u16 * ENTRY_SIZE;
        let differs = first_difference(&ply.emulated, &ply.laid);
        if differs.is_none() && emulated_bytes == native_bytes {
            return Ok(());
        }
        let kind = MismatchKind::List {
            emulated: ply.emulated.clone(),
            native: ply.laid.clone(),
            first_difference: differs.unwrap_or(ply.emulated.len()),
            emulated_bytes,
            native_bytes,
        };
        Err(self.fail(node, kind))
    }

    /// BOARDA, POSK, POSQ and COLOR as they were before GENMOV.
    fn compare_untouched(&mut self, node: &Board) -> Result<(), Failure> {
        self.driver.read_board(self.scratch);
        let color_kept = self.scratch.color == node.color;
        if same_board(self.scratch, node) && color_kept {
            return Ok(());
        }
        let mut diffs = Vec::new();
        board_diffs(self.scratch, node, &mut diffs);
        if !color_kept {
            diffs.push(ByteDiff {
                what: "COLOR".to_string(),
                emulated: self.scratch.color,
                native: node.color,
            });
        }
        Err(self.fail(node, MismatchKind::GenmovChangedBoard { diffs }))
    }

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

    /// MOVE on the entry and the reference's make, then their boards compared.
    fn make(
        &mut self,
        ply: &Ply,
        node: &Board,
        board: &mut Board,
        pair: Pair,
    ) -> Result<Undo, Failure> {
        if let Err(error) = self.driver.make(pair.entry.addr) {
            return Err(self.drive_fail(node, ply, error));
        }
        let undo = make(board, &pair.native);
        match self.board_diffs(board) {
            None => Ok(undo),
            Some(diffs) => {
                let mv = ShownMove::of(&pair.entry);
                Err(self.fail(node, MismatchKind::Move { mv, diffs }))
            }
        }
    }

    /// INCHK after the move against the reference's check test: true when the move is legal.
    fn is_legal(
        &mut self,
        ply: &Ply,
        node: &Board,
        board: &Board,
        pair: Pair,
    ) -> Result<bool, Failure> {
        let attacked = match self.driver.inchk() {
            Ok((attacked, _)) => attacked,
            Err(error) => return Err(self.drive_fail(node, ply, error)),
        };
        let answer = self.driver.machine().a();
        if answer > 1 {
            let mv = ShownMove::of(&pair.entry);
            return Err(self.fail(node, MismatchKind::InchkAnswer { mv, a: answer }));
        }
        let native = in_check(board, node.color);
        if attacked != native {
            let kind = MismatchKind::Inchk {
                mv: ShownMove::of(&pair.entry),
                emulated: attacked,
                native,
            };
            return Err(self.fail(node, kind));
        }
        self.tally.moves += 1;
        Ok(!attacked)
    }

    /// The child node below a legal move: COLOR flipped (MLPTRJ still on the entry just made,
    /// so en passant follows), then the side and the list pointers put back.
    fn descend(
        &mut self,
        deeper: &mut [Ply],
        board: &mut Board,
        depth: u32,
        pair: Pair,
        after_genmov: PlyState,
    ) -> Result<u64, Failure> {
        let mover = board.color ^ COLOR_MASK;
        self.driver.set_color(board.color);
        self.path.push(pair.native);
        let below = self.node(deeper, board, depth, None)?;
        self.path.pop();
        self.driver.set_color(mover);
        self.driver.restore(after_genmov);
        Ok(below)
    }

    /// UNMOVE on the entry and the reference's unmake, then their boards compared.
    fn unmake(
        &mut self,
        ply: &Ply,
        node: &Board,
        board: &mut Board,
        pair: Pair,
        undo: Undo,
    ) -> Result<(), Failure> {
        if let Err(error) = self.driver.unmake(pair.entry.addr) {
            return Err(self.drive_fail(node, ply, error));
        }
        unmake(board, &pair.native, undo);
        match self.board_diffs(board) {
            None => Ok(()),
            Some(diffs) => {
                let mv = ShownMove::of(&pair.entry);
                Err(self.fail(node, MismatchKind::Unmove { mv, diffs }))
            }
        }
    }

    /// The moves INCHK let through against the reference's legal moves.
    fn compare_legal_set(
        &mut self,
        ply: &mut Ply,
        node: &Board,
        board: &Board,
    ) -> Result<(), Failure> {
        legal_moves_into(board, &mut ply.native_legal);
        let native_legal = ply.native_legal.as_slice();
        self.tally.lists += 1;
        let same = native_legal.len() == ply.legal.len()
            && native_legal
                .iter()
                .zip(&ply.legal)
                .all(|(a, b)| a.entry == b.entry);
        if same {
            return Ok(());
        }
        let kind = MismatchKind::LegalSet {
            only_emulated: missing_from(&ply.legal, native_legal),
            only_native: missing_from(native_legal, &ply.legal),
        };
        Err(self.fail(node, kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::default_image;
    use crate::reference::perft;

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
