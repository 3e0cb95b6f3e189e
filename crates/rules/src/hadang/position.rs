//! The HADANG position, its checked play and its move generator.

use super::bitboard::{squares, Crossings, Direction, Passage, RANK_1, RANK_9};
use super::notation::{HadangMove, Orientation, Square, Wall};
use crate::game::{EndReason, Game, Outcome, ParseError, PublicGame, RuleError, Seat, Turn};
use crate::rule::GameId;
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// Walls each player starts with (H3).
pub const WALLS_PER_PLAYER: u8 = 10;

/// Starting cells: Player 1 on `e1`, Player 2 on `e9` (H2).
pub const START: [Square; 2] = match (Square::new(4, 0), Square::new(4, 8)) {
    (Some(a), Some(b)) => [a, b],
    _ => panic!("start cells are on the board"),
};

/// HADANG has no variants yet; the struct keeps room for some (serialized `{}`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HadangOptions {}

/// A wall with the player who placed it (for colouring it on the board).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlacedWall {
    pub wall: Wall,
    pub by: Seat,
}

// Wall-slot masks (bit `rank * 8 + file`) of anchors on file a and file h.
const SLOTS_FILE_A: u64 = 0x0101_0101_0101_0101;
const SLOTS_FILE_H: u64 = 0x8080_8080_8080_8080;

/// The player's name in messages: "Player 1" is [`Seat::First`].
pub(crate) fn player(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "Player 1",
        Seat::Second => "Player 2",
    }
}

/// The goal rank of each seat as a bitboard (H2): rank 9 for Player 1,
/// rank 1 for Player 2.
pub fn goal(seat: Seat) -> u128 {
    match seat {
        Seat::First => RANK_9,
        Seat::Second => RANK_1,
    }
}

fn goal_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "rank 9",
        Seat::Second => "rank 1",
    }
}

/// Whether `a` and `b` are orthogonal neighbours.
fn is_beside(a: Square, b: Square) -> bool {
    a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank()) == 1
}

/// A legal HADANG position. Build it with [`Game::new`] or from a
/// [`super::HadangSetup`] (which is how it deserializes). `Copy`, so bots
/// can clone it for free.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "super::HadangSetup", into = "super::HadangSetup")]
pub struct Hadang {
    pub(crate) pawns: [Square; 2],
    pub(crate) walls_left: [u8; 2],
    /// Anchor slots of each player's horizontal and vertical walls.
    pub(crate) horizontal: [u64; 2],
    pub(crate) vertical: [u64; 2],
    pub(crate) to_move: Seat,
    pub(crate) last: Option<HadangMove>,
    /// Derived from `pawns`: set once a pawn stands on its goal rank (H15).
    pub(crate) winner: Option<Seat>,
    /// Derived from the walls.
    pub(crate) passage: Passage,
    pub(crate) options: HadangOptions,
}

impl Default for Hadang {
    fn default() -> Hadang {
        Hadang::start()
    }
}

impl Hadang {
    /// The starting position (H2–H4).
    pub fn start() -> Hadang {
        Hadang {
            pawns: START,
            walls_left: [WALLS_PER_PLAYER; 2],
            horizontal: [0; 2],
            vertical: [0; 2],
            to_move: Seat::First,
            last: None,
            winner: None,
            passage: Passage::OPEN,
            options: HadangOptions {},
        }
    }

    /// Where `seat`'s pawn stands.
    pub fn pawn(&self, seat: Seat) -> Square {
        self.pawns[seat.index()]
    }

    /// Walls `seat` may still place (H3, H10).
    pub fn walls_left(&self, seat: Seat) -> u8 {
        self.walls_left[seat.index()]
    }

    /// Every wall on the board with its owner: Player 1's first, each
    /// player's horizontal walls before vertical ones, by anchor.
    pub fn walls_placed(&self) -> Vec<PlacedWall> {
        let mut out = Vec::new();
        for seat in Seat::BOTH {
            for (orientation, mut slots) in [
                (Orientation::Horizontal, self.horizontal[seat.index()]),
                (Orientation::Vertical, self.vertical[seat.index()]),
            ] {
                while slots != 0 {
                    let slot = slots.trailing_zeros() as u8;
                    slots &= slots - 1;
                    out.push(PlacedWall {
                        wall: Wall::from_slot(slot, orientation),
                        by: seat,
                    });
                }
            }
        }
        out
    }

    /// The seat whose move it is (also after the game ended: the loser).
    pub fn side_to_move(&self) -> Seat {
        self.to_move
    }

    /// The last move played, to mark on the board.
    pub fn last_move(&self) -> Option<HadangMove> {
        self.last
    }

    /// The winner by reaching the goal rank (H15).
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    /// Steps on the shortest route of `seat`'s pawn to its goal rank, with
    /// pawns not in the way (the H13 measure). 0 once on the goal rank.
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    pub fn shortest_path_len(&self, seat: Seat) -> u8 {
        self.passage
            .distance(self.pawn(seat).bit(), goal(seat))
            .expect("a legal position leaves every pawn a route (H13)")
    }

    /// One shortest route of `seat`'s pawn (the cells after its own), for
    /// hints and bots. Pawns are not obstacles.
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    pub fn shortest_path(&self, seat: Seat) -> Vec<Square> {
        self.passage
            .route(self.pawn(seat), goal(seat))
            .expect("a legal position leaves every pawn a route (H13)")
    }

    /// Every cell `seat`'s pawn could move to if it were its turn: plain
    /// steps (H6), straight jumps (H7) and side-steps (H8), never onto the
    /// opponent (H9). Empty once the game is over.
    pub fn pawn_targets(&self, seat: Seat) -> Vec<Square> {
        if self.winner.is_some() {
            return Vec::new();
        }
        squares(self.pawn_target_set(seat)).collect()
    }

    /// Bitboard of [`Hadang::pawn_targets`] (bit `rank * 9 + file`), without
    /// allocating and without the game-over check: for engines that ask at
    /// every node.
    pub fn pawn_target_set(&self, seat: Seat) -> u128 {
        let from = self.pawn(seat).bit();
        let opponent = self.pawn(seat.other()).bit();
        let mut targets = 0u128;
        for direction in Direction::ALL {
            if !self.passage.open_bits(from, direction) {
                continue;
            }
            let next = direction.shift(from);
            if next != opponent {
                targets |= next;
            } else if self.passage.open_bits(opponent, direction) {
                // H7: straight over the opponent.
                targets |= direction.shift(opponent);
            } else {
                // H8: behind is off the board or walled; go round the side.
                for side in direction.sideways() {
                    if self.passage.open_bits(opponent, side) {
                        targets |= side.shift(opponent);
                    }
                }
            }
        }
        targets
    }

    /// Which steps this position's walls leave open: the rules' own route
    /// code (H13), for engines that measure routes at every node.
    pub fn passage(&self) -> Passage {
        self.passage
    }

    /// Occupied-or-forbidden anchor slots for new horizontal and vertical
    /// walls: the same slot, a half-overlapping neighbour, or the crossing
    /// wall on the same anchor (H12).
    fn blocked_slots(&self) -> (u64, u64) {
        let h = self.horizontal[0] | self.horizontal[1];
        let v = self.vertical[0] | self.vertical[1];
        let blocked_h = h | ((h << 1) & !SLOTS_FILE_A) | ((h >> 1) & !SLOTS_FILE_H) | v;
        let blocked_v = v | (v << 8) | (v >> 8) | h;
        (blocked_h, blocked_v)
    }

    /// The wall already on the board that `wall` would overlap or cross.
    fn wall_in_the_way(&self, wall: Wall) -> Option<(Wall, &'static str)> {
        let h = self.horizontal[0] | self.horizontal[1];
        let v = self.vertical[0] | self.vertical[1];
        let slot = wall.slot();
        let (same, other) = match wall.orientation() {
            Orientation::Horizontal => (h, v),
            Orientation::Vertical => (v, h),
        };
        if same & wall.slot_bit() != 0 {
            return Some((wall, "is already placed"));
        }
        if other & wall.slot_bit() != 0 {
            let crossing = Wall::from_slot(
                slot,
                match wall.orientation() {
                    Orientation::Horizontal => Orientation::Vertical,
                    Orientation::Vertical => Orientation::Horizontal,
                },
            );
            return Some((crossing, "would be crossed on the same anchor"));
        }
        let file = slot % 8;
        let neighbours: [Option<u8>; 2] = match wall.orientation() {
            Orientation::Horizontal => [(file > 0).then(|| slot - 1), (file < 7).then_some(slot + 1)],
            Orientation::Vertical => [slot.checked_sub(8), (slot + 8 < 64).then_some(slot + 8)],
        };
        neighbours
            .into_iter()
            .flatten()
            .find(|&n| same & (1u64 << n) != 0)
            .map(|n| (Wall::from_slot(n, wall.orientation()), "would be overlapped"))
    }

    /// H12 alone: `wall` neither overlaps nor crosses a wall on the board.
    pub(crate) fn overlap_check(&self, wall: Wall) -> Result<(), RuleError> {
        match self.wall_in_the_way(wall) {
            Some((other, how)) => Err(RuleError::new(
                crate::rule::H12,
                format!("walls may not overlap or cross: {other} {how} by {wall}"),
            )),
            None => Ok(()),
        }
    }

    /// The seats `wall` would leave without a route (H13).
    fn cut_off_by(&self, wall: Wall) -> Vec<Seat> {
        let passage = self.passage.with_wall(wall);
        Seat::BOTH
            .into_iter()
            .filter(|&seat| !passage.reaches(self.pawn(seat).bit(), goal(seat)))
            .collect()
    }

    /// Whether the side to move could place `wall` now (H10–H13), for
    /// previews while the player drags a wall. `Ok` means [`Game::play`]
    /// would accept it.
    pub fn wall_check(&self, wall: Wall) -> Result<(), RuleError> {
        self.check_not_over()?;
        let seat = self.to_move;
        if self.walls_left(seat) == 0 {
            return Err(RuleError::new(
                crate::rule::H10,
                format!("{} has no walls left; move the pawn instead", player(seat)),
            ));
        }
        self.overlap_check(wall)?;
        let cut = self.cut_off_by(wall);
        if !cut.is_empty() {
            let names: Vec<&str> = cut.iter().map(|&s| player(s)).collect();
            return Err(RuleError::new(
                crate::rule::H13,
                format!("this wall would close the last path of {}", names.join(" and ")),
            ));
        }
        Ok(())
    }

    fn check_not_over(&self) -> Result<(), RuleError> {
        match self.winner {
            Some(seat) => Err(RuleError::new(
                crate::rule::H15,
                format!("the game is over: {} has reached {}", player(seat), goal_name(seat)),
            )),
            None => Ok(()),
        }
    }

    /// Whether the side to move may move its pawn to `target`, with the
    /// rule that forbids it when not (H5–H9).
    pub fn step_check(&self, target: Square) -> Result<(), RuleError> {
        self.check_not_over()?;
        let seat = self.to_move;
        if self.pawn_target_set(seat) & target.bit() != 0 {
            return Ok(());
        }
        Err(self.explain_refused_step(seat, target))
    }

    /// Why `target` is not among `seat`'s pawn targets.
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    fn explain_refused_step(&self, seat: Seat, target: Square) -> RuleError {
        let from = self.pawn(seat);
        let opponent = self.pawn(seat.other());
        if target == from {
            return RuleError::new(
                crate::rule::H5,
                format!("the pawn is already on {target}; passing is not allowed"),
            );
        }
        if target == opponent {
            return RuleError::new(
                crate::rule::H9,
                format!("{target} holds the opponent's pawn; a pawn never ends on it"),
            );
        }
        let (df, dr) = (
            target.file() as i8 - from.file() as i8,
            target.rank() as i8 - from.rank() as i8,
        );
        let toward = |df: i8, dr: i8| match (df.signum(), dr.signum()) {
            (0, 1) => Some(Direction::Up),
            (0, -1) => Some(Direction::Down),
            (1, 0) => Some(Direction::Right),
            (-1, 0) => Some(Direction::Left),
            _ => None,
        };
        let adjacent_opponent = Direction::ALL
            .into_iter()
            .find(|&d| self.passage.open(from, d) && d.step(from) == opponent);
        match (df.abs(), dr.abs()) {
            (0, 1) | (1, 0) => RuleError::new(crate::rule::H6, format!("a wall separates {from} from {target}")),
            (0, 2) | (2, 0) => {
                let direction = toward(df, dr).expect("straight");
                if direction.step(from) != opponent {
                    RuleError::new(
                        crate::rule::H6,
                        format!(
                            "{from} to {target} is two cells; a pawn steps one cell and jumps only over the opponent"
                        ),
                    )
                } else if !self.passage.open(from, direction) {
                    RuleError::new(
                        crate::rule::H7,
                        format!("a wall stands between {from} and the opponent on {opponent}; no jump"),
                    )
                } else {
                    RuleError::new(
                        crate::rule::H7,
                        format!("a wall stands between the opponent on {opponent} and {target}; no straight jump"),
                    )
                }
            }
            (1, 1) => match adjacent_opponent {
                Some(d) if is_beside(opponent, target) => {
                    if self.passage.open(opponent, d) {
                        RuleError::new(
                            crate::rule::H8,
                            format!(
                                "the cell behind the opponent on {opponent} is free, so the jump must go straight; \
                                 side-steps only when it is off the board or walled"
                            ),
                        )
                    } else {
                        RuleError::new(
                            crate::rule::H8,
                            format!("a wall stands between the opponent on {opponent} and {target}"),
                        )
                    }
                }
                _ => RuleError::new(
                    crate::rule::H6,
                    format!(
                        "{from} to {target} is diagonal; only a side-step around an adjacent opponent moves diagonally"
                    ),
                ),
            },
            _ => RuleError::new(
                crate::rule::H6,
                format!("{target} is out of reach from {from}; a pawn steps one cell"),
            ),
        }
    }

    fn check(&self, mv: &HadangMove) -> Result<(), RuleError> {
        match *mv {
            HadangMove::Step(target) => self.step_check(target),
            HadangMove::Wall(wall) => self.wall_check(wall),
        }
    }

    /// Calls `f` with every legal move of the side to move: pawn moves by
    /// cell, then horizontal and vertical walls by anchor.
    pub fn for_each_legal_move(&self, mut f: impl FnMut(HadangMove)) {
        if self.winner.is_some() {
            return;
        }
        for square in squares(self.pawn_target_set(self.to_move)) {
            f(HadangMove::Step(square));
        }
        self.for_each_legal_wall(|wall| f(HadangMove::Wall(wall)));
    }

    /// Number of legal moves (perft's last ply), without building them.
    pub fn legal_move_count(&self) -> usize {
        if self.winner.is_some() {
            return 0;
        }
        let mut count = self.pawn_target_set(self.to_move).count_ones() as usize;
        self.for_each_legal_wall(|_| count += 1);
        count
    }

    /// Calls `f` with every wall the side to move may place (H10–H13).
    ///
    /// Only walls that cut one shortest route need a flood fill: a wall that
    /// leaves a pawn's route intact cannot cut that pawn off. On open boards
    /// that is ~15 of ~128 candidates.
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    pub fn for_each_legal_wall(&self, mut f: impl FnMut(Wall)) {
        if self.winner.is_some() || self.walls_left(self.to_move) == 0 {
            return;
        }
        let routes: [Crossings; 2] = Seat::BOTH.map(|seat| {
            self.passage
                .route_crossings(self.pawn(seat), goal(seat))
                .expect("a legal position leaves every pawn a route (H13)")
        });
        let (blocked_h, blocked_v) = self.blocked_slots();
        for (orientation, blocked) in [(Orientation::Horizontal, blocked_h), (Orientation::Vertical, blocked_v)] {
            let mut free = !blocked;
            while free != 0 {
                let slot = free.trailing_zeros() as u8;
                free &= free - 1;
                let wall = Wall::from_slot(slot, orientation);
                let mut passage = None;
                let keeps_routes = Seat::BOTH.iter().all(|&seat| {
                    if !routes[seat.index()].cut_by(wall) {
                        return true;
                    }
                    let p = *passage.get_or_insert_with(|| self.passage.with_wall(wall));
                    p.reaches(self.pawn(seat).bit(), goal(seat))
                });
                if keeps_routes {
                    f(wall);
                }
            }
        }
    }

    /// Every legal wall of the side to move.
    pub fn legal_walls(&self) -> Vec<Wall> {
        let mut out = Vec::new();
        self.for_each_legal_wall(|w| out.push(w));
        out
    }

    /// Applies a move known to be legal.
    fn apply(&mut self, mv: HadangMove) {
        let seat = self.to_move;
        let i = seat.index();
        match mv {
            HadangMove::Step(target) => {
                self.pawns[i] = target;
                if goal(seat) & target.bit() != 0 {
                    self.winner = Some(seat);
                }
            }
            HadangMove::Wall(wall) => {
                match wall.orientation() {
                    Orientation::Horizontal => self.horizontal[i] |= wall.slot_bit(),
                    Orientation::Vertical => self.vertical[i] |= wall.slot_bit(),
                }
                self.walls_left[i] -= 1;
                self.passage = self.passage.with_wall(wall);
            }
        }
        self.last = Some(mv);
        self.to_move = seat.other();
    }
}

impl Game for Hadang {
    type Move = HadangMove;
    type View = Hadang;
    type Options = HadangOptions;
    const GAME: GameId = GameId::Hadang;

    fn new(_options: &HadangOptions, _rng: &mut dyn RngCore) -> Result<Hadang, RuleError> {
        Ok(Hadang::start())
    }

    fn options(&self) -> &HadangOptions {
        &self.options
    }

    fn turn(&self) -> Turn {
        match self.winner {
            Some(_) => Turn::Over,
            None => Turn::Seat(self.to_move),
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<HadangMove>) {
        self.for_each_legal_move(|mv| out.push(mv));
    }

    fn play(&mut self, mv: &HadangMove) -> Result<(), RuleError> {
        self.check(mv)?;
        self.apply(*mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: &HadangMove) {
        self.apply(*mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|seat| Outcome::win(seat, EndReason::GoalReached))
    }

    fn view(&self, _seat: Seat) -> Hadang {
        *self
    }

    fn format_move(&self, mv: &HadangMove) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<HadangMove, ParseError> {
        text.parse()
    }
}

/// Nothing is hidden in HADANG: a seat sees the position.
impl PublicGame for Hadang {}
