//! The search's own view of a HADANG position: the rules' [`Hadang`] (for
//! legal walls, checked play and its route code) plus what the search keeps
//! at every node — both seats' route lengths and an incremental Zobrist key.
//!
//! Route questions go to the rules' own [`Passage`] (`Hadang::passage`),
//! pawn targets to `Hadang::pawn_target_set`: the bot has no copy of the
//! rules' flood fills. Bit layout and masks are the rules crate's
//! (`papan_rules::hadang::masks`): cell `rank * 9 + file` of a `u128`.

use papan_rules::hadang::{Hadang, HadangMove, Orientation, Passage, Wall};
use papan_rules::{Game, Seat};

pub use papan_rules::hadang::masks::{goal, squares};
pub use papan_rules::hadang::Crossings;

/// Index of a wall among the 128 slots: horizontal 0..64, vertical 64..128,
/// anchor `rank * 8 + file` within each.
pub fn wall_index(wall: Wall) -> usize {
    let anchor = wall.anchor();
    let slot = anchor.rank() as usize * 8 + anchor.file() as usize;
    match wall.orientation() {
        Orientation::Horizontal => slot,
        Orientation::Vertical => 64 + slot,
    }
}

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

const fn table<const N: usize>(salt: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(salt.wrapping_mul(0x1000_0000_01b3) ^ (i as u64 + 1));
        i += 1;
    }
    out
}

/// Zobrist keys, fixed at compile time (no runtime randomness).
const PAWN_KEYS: [[u64; 81]; 2] = [table::<81>(1), table::<81>(2)];
const WALL_KEYS: [u64; 128] = table::<128>(3);
const STOCK_KEYS: [[u64; 11]; 2] = [table::<11>(4), table::<11>(5)];
const SIDE_KEY: u64 = splitmix(6);

/// A position as the search carries it: the rules' position and a Zobrist
/// key over pawns, walls, stocks and side to move.
#[derive(Copy, Clone, Debug)]
pub struct Node {
    pub position: Hadang,
    pub key: u64,
    /// Shortest-route lengths of both seats, kept up to date by [`Node::child`]
    /// (a pawn step changes only the mover's).
    distances: [u8; 2],
}

impl Node {
    pub fn new(position: &Hadang) -> Node {
        let mut key = 0;
        for placed in position.walls_placed() {
            key ^= WALL_KEYS[wall_index(placed.wall)];
        }
        for seat in Seat::BOTH {
            key ^= PAWN_KEYS[seat.index()][position.pawn(seat).index()];
            key ^= STOCK_KEYS[seat.index()][position.walls_left(seat) as usize];
        }
        if position.side_to_move() == Seat::Second {
            key ^= SIDE_KEY;
        }
        let mut node = Node {
            position: *position,
            key,
            distances: [0; 2],
        };
        for seat in Seat::BOTH {
            node.distances[seat.index()] = node.measure(seat);
        }
        node
    }

    /// Which steps the walls leave open: the rules' route code (H13).
    #[inline]
    pub fn passage(&self) -> Passage {
        self.position.passage()
    }

    pub fn to_move(&self) -> Seat {
        self.position.side_to_move()
    }

    pub fn pawn_bit(&self, seat: Seat) -> u128 {
        1u128 << self.position.pawn(seat).index()
    }

    /// Steps `seat` needs to its goal rank (pawns not in the way, as H13).
    pub fn distance(&self, seat: Seat) -> u32 {
        self.distances[seat.index()] as u32
    }

    fn measure(&self, seat: Seat) -> u8 {
        self.passage()
            .distance(self.pawn_bit(seat), goal(seat))
            .expect("a legal position leaves every pawn a route (H13)")
    }

    /// Cells `seat`'s pawn may move to (H6–H9), as the rules compute them.
    #[inline]
    pub fn pawn_targets(&self, seat: Seat) -> u128 {
        self.position.pawn_target_set(seat)
    }

    /// The position after `mv`, which must be legal.
    pub fn child(&self, mv: HadangMove) -> Node {
        let mut next = *self;
        let seat = self.to_move();
        let i = seat.index();
        match mv {
            HadangMove::Step(target) => {
                next.key ^= PAWN_KEYS[i][self.position.pawn(seat).index()] ^ PAWN_KEYS[i][target.index()];
            }
            HadangMove::Wall(wall) => {
                let left = self.position.walls_left(seat) as usize;
                next.key ^= WALL_KEYS[wall_index(wall)] ^ STOCK_KEYS[i][left] ^ STOCK_KEYS[i][left - 1];
            }
        }
        next.key ^= SIDE_KEY;
        next.position.play_unchecked(&mv);
        match mv {
            HadangMove::Step(_) => next.distances[i] = next.measure(seat),
            HadangMove::Wall(_) => next.distances = [next.measure(Seat::First), next.measure(Seat::Second)],
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hadang::Square;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plays random games and checks the search's view against the rules:
    /// same distances, same pawn targets, and a key that depends only on
    /// the position reached.
    #[test]
    fn node_agrees_with_the_rules_over_random_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..40 {
            let mut node = Node::new(&Hadang::start());
            for _ in 0..60 {
                if node.position.winner().is_some() {
                    break;
                }
                for seat in Seat::BOTH {
                    assert_eq!(node.distance(seat), node.position.shortest_path_len(seat) as u32);
                    let expected: Vec<Square> = node.position.pawn_targets(seat);
                    assert_eq!(squares(node.pawn_targets(seat)).collect::<Vec<_>>(), expected);
                    let (d, _) = node
                        .passage()
                        .shortest_crossings(node.pawn_bit(seat), goal(seat))
                        .unwrap();
                    assert_eq!(d as u32, node.distance(seat));
                }
                let fresh = Node::new(&node.position);
                assert_eq!(node.key, fresh.key, "incremental key drifted");
                assert_eq!(node.distances, fresh.distances, "incremental distances drifted");
                let moves = node.position.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                node = node.child(mv);
            }
        }
    }

    #[test]
    fn walls_off_every_shortest_route_lengthen_it() {
        // From e1 the only shortest route is straight up file e; walls that
        // cut it are exactly the horizontal ones on anchors d or e.
        let node = Node::new(&Hadang::start());
        let (d, crossings) = node
            .passage()
            .shortest_crossings(node.pawn_bit(Seat::First), goal(Seat::First))
            .unwrap();
        assert_eq!(d, 8);
        let cutting: Vec<String> = Wall::all()
            .filter(|&w| crossings.cut_by(w))
            .map(|w| w.to_string())
            .collect();
        assert_eq!(cutting.len(), 16, "{cutting:?}");
        assert!(cutting.contains(&"d1h".to_string()) && cutting.contains(&"e8h".to_string()));
        for wall in Wall::all().filter(|&w| !crossings.cut_by(w)) {
            let open = node.passage().with_wall(wall);
            assert_eq!(open.distance(node.pawn_bit(Seat::First), goal(Seat::First)), Some(8));
        }
    }
}
