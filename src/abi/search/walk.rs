//! The bounds of a search's walk: what a search that keeps calling POINTS and MOVE, so that the
//! leash never runs out, may do before it counts as runaway code.
//!
//! A Sargon search (the 1978 program's FNDMOV and every image that follows it) walks each list
//! GENMOV made once: above PLYMAX SORTM makes every entry once to evaluate it, then the walk
//! makes it again to descend, so a ply makes at most two MOVE calls per entry of its list
//! between two of its GENMOVs; and every evaluation but the root's follows the move it
//! evaluates, so POINTS is never called twice without a MOVE between, but at the start. A list
//! whose links loop breaks the first (the walk never reaches the end), code that calls POINTS
//! over and over the second; both are caught at once, whatever PLYMAX, where the search's
//! budget would take minutes. The bounds allow twice what the program makes: no search of the
//! built-in image (the 1978 program's evaluations in order) on the 433 positions of
//! `sargon1978/search.jsonl` at PLYMAX 1, 2 and 3 goes past 2 MOVE calls per entry or 1
//! evaluation per move.

/// MOVE calls a ply may make per entry of its list: twice the two the search makes (the
/// pre-sort's and the walk's).
const MOVES_PER_ENTRY: u32 = 4;

/// POINTS calls allowed without a MOVE between: twice the one the search makes (the root
/// evaluation, then one per move).
const EVALUATIONS_PER_MOVE: u32 = 2;

/// Counts a search's list walks and evaluations (allocated once per search).
#[derive(Debug)]
pub(super) struct Walk {
    /// Per NPLY: the entries of the ply's last list and the MOVE calls at that ply since it.
    plies: Vec<(u32, u32)>,
    /// POINTS calls since the last MOVE call (the root evaluation counts before the first).
    evaluations: u32,
}

impl Walk {
    pub fn new() -> Walk {
        Walk {
            plies: vec![(0, 0); 256],
            evaluations: 0,
        }
    }

    /// GENMOV returned at `ply` with a list of `entries`.
    pub fn listed(&mut self, ply: u8, entries: u32) {
        self.plies[usize::from(ply)] = (entries, 0);
    }

    /// MOVE was called at `ply`: what it broke, in words, when the ply made more moves than
    /// its list allows.
    pub fn moved(&mut self, ply: u8) -> Option<String> {
        self.evaluations = 0;
        let (entries, moves) = &mut self.plies[usize::from(ply)];
        *moves += 1;
        (*moves > MOVES_PER_ENTRY.saturating_mul(*entries)).then(|| {
            format!(
                "{moves} MOVE calls at ply {ply} from a list of {entries} entries: a search makes at most 2 per entry, a list whose links loop makes them without end"
            )
        })
    }

    /// POINTS was called: what it broke, in words, when no move was made since the last.
    pub fn evaluating(&mut self) -> Option<String> {
        self.evaluations += 1;
        (self.evaluations > EVALUATIONS_PER_MOVE).then(|| {
            format!(
                "{} POINTS calls without a MOVE between: a search evaluates each move it makes once",
                self.evaluations
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_walked_at_most_four_times_its_entries() {
        let mut walk = Walk::new();
        walk.listed(2, 3);
        for _ in 0..12 {
            assert_eq!(walk.moved(2), None);
        }
        assert_eq!(
            walk.moved(2).unwrap(),
            "13 MOVE calls at ply 2 from a list of 3 entries: a search makes at most 2 per entry, a list whose links loop makes them without end"
        );
        walk.listed(2, 0);
        assert!(walk.moved(2).is_some(), "an empty list has no move");
        assert!(
            walk.moved(3).is_some(),
            "a ply with no list has none either"
        );
    }

    #[test]
    fn one_evaluation_per_move_after_the_root() {
        let mut walk = Walk::new();
        assert_eq!(walk.evaluating(), None);
        walk.listed(1, 20);
        walk.moved(1);
        assert_eq!(walk.evaluating(), None);
        assert_eq!(walk.evaluating(), None);
        assert_eq!(
            walk.evaluating().unwrap(),
            "3 POINTS calls without a MOVE between: a search evaluates each move it makes once"
        );
    }
}
