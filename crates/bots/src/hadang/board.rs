//! The search's own view of a HADANG position: the rules' [`Hadang`] (for
//! legal walls and checked play) plus what the rules keep private and the
//! search needs at every node — passability bitboards for distance layers,
//! pawn targets without allocation, and an incremental Zobrist key.
//!
//! Bit layout and masks are the rules crate's (`papan_rules::hadang::masks`):
//! cell `rank * 9 + file` of a `u128`.

use papan_rules::hadang::{Hadang, HadangMove, Orientation, Wall};
use papan_rules::{Game, Seat};

pub use papan_rules::hadang::masks::squares;
use papan_rules::hadang::masks::{ALL, FILE_A, FILE_I, RANK_1, RANK_9};

const SIDE: u32 = 9;

/// The goal rank of `seat` (H2): rank 9 for Player 1, rank 1 for Player 2.
pub fn goal(seat: Seat) -> u128 {
    match seat {
        Seat::First => RANK_9,
        Seat::Second => RANK_1,
    }
}

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

/// Cells a pawn may leave in each direction (no wall, not off the board).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Open {
    pub up: u128,
    pub down: u128,
    pub left: u128,
    pub right: u128,
}

/// Crossings (steps between neighbours) that lie on some shortest route:
/// bit `c` of `north` is the step `c`↔`c + 9`, of `east` the step `c`↔`c + 1`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Crossings {
    pub north: u128,
    pub east: u128,
}

impl Crossings {
    /// Whether `wall` lies across one of these crossings.
    pub fn cut_by(self, wall: Wall) -> bool {
        let anchor = wall.anchor();
        let c = anchor.rank() as u32 * SIDE + anchor.file() as u32;
        match wall.orientation() {
            Orientation::Horizontal => self.north & (0b11u128 << c) != 0,
            Orientation::Vertical => self.east & ((1u128 << c) | (1u128 << (c + SIDE))) != 0,
        }
    }
}

impl Open {
    pub const EMPTY_BOARD: Open = Open {
        up: ALL & !RANK_9,
        down: ALL & !RANK_1,
        left: ALL & !FILE_A,
        right: ALL & !FILE_I,
    };

    /// This board with `wall` in place.
    pub fn with_wall(self, wall: Wall) -> Open {
        let anchor = wall.anchor();
        let c = anchor.rank() as u32 * SIDE + anchor.file() as u32;
        let mut o = self;
        match wall.orientation() {
            Orientation::Horizontal => {
                o.up &= !(0b11u128 << c);
                o.down &= !(0b11u128 << (c + SIDE));
            }
            Orientation::Vertical => {
                let pair = (1u128 << c) | (1u128 << (c + SIDE));
                o.right &= !pair;
                o.left &= !(pair << 1);
            }
        }
        o
    }

    #[inline]
    pub fn expand(self, set: u128) -> u128 {
        set | ((set & self.up) << SIDE)
            | ((set & self.down) >> SIDE)
            | ((set & self.right) << 1)
            | ((set & self.left) >> 1)
    }

    /// Steps from `start` into `goal`; `None` when walled off.
    #[inline]
    pub fn distance(self, start: u128, goal: u128) -> Option<u32> {
        let mut reach = start;
        let mut steps = 0;
        loop {
            if reach & goal != 0 {
                return Some(steps);
            }
            let next = self.expand(reach);
            if next == reach {
                return None;
            }
            reach = next;
            steps += 1;
        }
    }

    /// Distance and the crossings used by *every* shortest route from
    /// `start` into `goal`. A wall that cuts none of them cannot lengthen
    /// the route, so these are the walls worth trying against this pawn.
    pub fn shortest_crossings(self, start: u128, goal: u128) -> Option<(u32, Crossings)> {
        let mut layers = [0u128; 81];
        layers[0] = start;
        let mut seen = start;
        let mut depth = 0;
        while layers[depth] & goal == 0 {
            let next = self.expand(layers[depth]) & !seen;
            if next == 0 {
                return None;
            }
            seen |= next;
            depth += 1;
            layers[depth] = next;
        }
        // Walk back: on-route cells of layer k are those of layer k with an
        // open step into the on-route cells of layer k + 1.
        let mut on_route = layers[depth] & goal;
        let mut crossings = Crossings::default();
        for k in (0..depth).rev() {
            let layer = layers[k];
            let after = on_route;
            let up = layer & self.up & (after >> SIDE);
            let down = layer & self.down & (after << SIDE);
            let right = layer & self.right & (after >> 1);
            let left = layer & self.left & (after << 1);
            crossings.north |= up | (down >> SIDE);
            crossings.east |= right | (left >> 1);
            on_route = up | down | right | left;
        }
        Some((depth as u32, crossings))
    }

    fn open(self, from: u128, direction: usize) -> bool {
        let mask = match direction {
            0 => self.up,
            1 => self.down,
            2 => self.left,
            _ => self.right,
        };
        mask & from != 0
    }
}

fn step(from: u128, direction: usize) -> u128 {
    match direction {
        0 => from << SIDE,
        1 => from >> SIDE,
        2 => from >> 1,
        _ => from << 1,
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

/// A position as the search carries it: the rules' position, the open
/// steps, and a Zobrist key over pawns, walls, stocks and side to move.
#[derive(Copy, Clone, Debug)]
pub struct Node {
    pub position: Hadang,
    pub open: Open,
    pub key: u64,
    /// Shortest-route lengths of both seats, kept up to date by [`Node::child`]
    /// (a pawn step changes only the mover's).
    distances: [u8; 2],
}

impl Node {
    pub fn new(position: &Hadang) -> Node {
        let mut open = Open::EMPTY_BOARD;
        let mut key = 0;
        for placed in position.walls_placed() {
            open = open.with_wall(placed.wall);
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
            open,
            key,
            distances: [0; 2],
        };
        for seat in Seat::BOTH {
            node.distances[seat.index()] = node.measure(seat);
        }
        node
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
        self.open
            .distance(self.pawn_bit(seat), goal(seat))
            .expect("a legal position leaves every pawn a route (H13)") as u8
    }

    /// Cells `seat`'s pawn may move to (H6–H9), as the rules compute them.
    pub fn pawn_targets(&self, seat: Seat) -> u128 {
        let from = self.pawn_bit(seat);
        let opponent = self.pawn_bit(seat.other());
        let mut targets = 0u128;
        for direction in 0..4 {
            if !self.open.open(from, direction) {
                continue;
            }
            let next = step(from, direction);
            if next != opponent {
                targets |= next;
            } else if self.open.open(opponent, direction) {
                targets |= step(opponent, direction);
            } else {
                let sideways: [usize; 2] = if direction < 2 { [2, 3] } else { [0, 1] };
                for side in sideways {
                    if self.open.open(opponent, side) {
                        targets |= step(opponent, side);
                    }
                }
            }
        }
        targets
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
                next.open = self.open.with_wall(wall);
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
                    let (d, _) = node.open.shortest_crossings(node.pawn_bit(seat), goal(seat)).unwrap();
                    assert_eq!(d, node.distance(seat));
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
            .open
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
            let open = node.open.with_wall(wall);
            assert_eq!(open.distance(node.pawn_bit(Seat::First), goal(Seat::First)), Some(8));
        }
    }
}
