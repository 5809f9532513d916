//! The chess libraries the native perft races against, behind the `bench-peers` feature (on by
//! default): cozy-chess, whose perft here makes every leaf move as ours does (a copy of the
//! board per move, `play_unchecked`), so neither side counts leaves in bulk.

/// The peer's name in tables, with the version this build links.
pub const PEER: &str = "cozy-chess 0.3";

/// A perft of the peer split by root move, so that it can take turns with ours slice by slice.
pub(super) struct PeerPerft {
    #[cfg(feature = "bench-peers")]
    children: Vec<cozy_chess::Board>,
    #[cfg(feature = "bench-peers")]
    depth: u32,
}

#[cfg(feature = "bench-peers")]
impl PeerPerft {
    /// The peer's perft of `fen` to `depth` (at least 1), one slice per legal root move; None
    /// when the peer cannot read the FEN.
    pub(super) fn new(fen: &str, depth: u32) -> Option<PeerPerft> {
        let board: cozy_chess::Board = fen.parse().ok()?;
        let mut children = Vec::new();
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                children.push(child);
            }
            false
        });
        Some(PeerPerft {
            children,
            depth: depth.max(1),
        })
    }

    /// Root moves: the slices.
    pub(super) fn slices(&self) -> usize {
        self.children.len()
    }

    /// The leaves below root move `slice`.
    pub(super) fn slice(&self, slice: usize) -> u64 {
        leaves(&self.children[slice], self.depth - 1)
    }
}

#[cfg(not(feature = "bench-peers"))]
impl PeerPerft {
    /// Built without the `bench-peers` feature: there is no peer.
    pub(super) fn new(_fen: &str, _depth: u32) -> Option<PeerPerft> {
        None
    }

    /// No slices.
    pub(super) fn slices(&self) -> usize {
        0
    }

    /// Never called: a peer cannot be made.
    pub(super) fn slice(&self, _slice: usize) -> u64 {
        0
    }
}

/// True when this build can race the peer.
pub const PEER_BUILT_IN: bool = cfg!(feature = "bench-peers");

/// cozy-chess perft that plays every move down to the leaves, like ours.
#[cfg(feature = "bench-peers")]
fn leaves(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += leaves(&child, depth - 1);
        }
        false
    });
    nodes
}
