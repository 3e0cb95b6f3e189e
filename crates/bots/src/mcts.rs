//! Monte-Carlo tree search, generic over [`Game`].
//!
//! UCT with RAVE (all-moves-as-first statistics), the combination that made
//! MoHex strong before neural networks. Game knowledge lives outside the
//! search in a [`Policy`]: which moves to consider (tactics may prune), how to
//! play a position out, and a dense key per move for the RAVE tables.
//!
//! Chance turns ([`Turn::Chance`], dice) are chance nodes: all outcomes are
//! expanded at once and each visit follows the one drawn with
//! [`Game::sample_chance`] from the tree's own seeded generator.
//!
//! The search is incremental: [`Mcts::run`] adds iterations to the same tree,
//! so a caller can slice the work and stop whenever it likes.

use papan_rules::{Game, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// No RAVE key: the move is not tracked in the all-moves-as-first tables.
pub const NO_KEY: u32 = u32::MAX;

/// Game knowledge the search plugs in.
pub trait Policy<G: Game>: Send + 'static {
    /// Size of the dense move-key space used by RAVE (0 disables RAVE).
    fn key_space(&self, root: &G) -> usize;

    /// The RAVE key of `mv` (below [`Policy::key_space`]) or [`NO_KEY`].
    fn move_key(&self, mv: &G::Move) -> u32;

    /// The moves worth searching at `position` (a seat is to move). Tactics may
    /// prune — e.g. to an immediate win, or to the cells that stop the
    /// opponent's — but the list must not be empty while the game goes on.
    fn candidate_moves(&mut self, position: &G, out: &mut Vec<G::Move>) {
        position.legal_moves_into(out);
    }

    /// Plays `position` out to the end and returns the first seat's score
    /// (1 win, 0.5 draw, 0 loss). Records in `played[key]` which seat played
    /// each keyed move during the playout: 1 + seat index, 0 for nobody.
    /// `played` arrives zeroed and has [`Policy::key_space`] entries.
    fn playout(&mut self, position: &G, rng: &mut ChaCha8Rng, played: &mut [u8]) -> f64;
}

/// Plays uniformly random legal moves (and the real dice): a baseline that
/// works for every game, without RAVE.
#[derive(Clone, Debug, Default)]
pub struct RandomPlayout;

impl<G: Game> Policy<G> for RandomPlayout {
    fn key_space(&self, _root: &G) -> usize {
        0
    }

    fn move_key(&self, _mv: &G::Move) -> u32 {
        NO_KEY
    }

    fn playout(&mut self, position: &G, rng: &mut ChaCha8Rng, _played: &mut [u8]) -> f64 {
        let mut position = position.clone();
        let mut moves = Vec::new();
        loop {
            match position.turn() {
                Turn::Over => return position.outcome().map_or(0.5, |o| o.score_for(Seat::First)),
                Turn::Chance => match position.sample_chance(rng) {
                    Some(mv) => position.play_unchecked(&mv),
                    None => return 0.5,
                },
                Turn::Seat(_) => {
                    moves.clear();
                    position.legal_moves_into(&mut moves);
                    if moves.is_empty() {
                        return 0.5;
                    }
                    let pick = below(rng, moves.len());
                    position.play_unchecked(&moves[pick]);
                }
            }
        }
    }
}

/// A uniform index below `n` (Lemire's multiply-shift; the tiny bias is
/// irrelevant for playouts and it avoids a division).
#[inline]
pub fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    use rand::RngCore;
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Search parameters; defaults measured on Hex 9×9 in the arena.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Config {
    /// UCT exploration constant (small: RAVE already spreads the search).
    pub exploration: f64,
    /// RAVE equivalence K: the visit count at which the node's own mean and
    /// its RAVE mean weigh the same.
    pub rave_equivalence: f64,
    /// A leaf is expanded once it has this many visits (the root at once):
    /// keeps the tree small, which matters on phones.
    pub expand_after: u32,
    /// Value of a child never visited and without RAVE data (first-play urgency).
    pub first_play_urgency: f64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            exploration: 0.2,
            rave_equivalence: 1000.0,
            expand_after: 3,
            first_play_urgency: 1.0,
        }
    }
}

/// A node's move from its parent, who played it, and its statistics, all
/// from the point of view of that mover.
#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    /// Seat index that played `mv`; [`CHANCE`] for a chance outcome.
    mover: u8,
    key: u32,
    expanded: bool,
    first_child: u32,
    child_count: u32,
    visits: u32,
    wins: f32,
    rave_visits: u32,
    rave_wins: f32,
}

const CHANCE: u8 = 2;

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: u8, key: u32) -> Node<M> {
        Node {
            mv,
            mover,
            key,
            expanded: false,
            first_child: 0,
            child_count: 0,
            visits: 0,
            wins: 0.0,
            rave_visits: 0,
            rave_wins: 0.0,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.child_count) as usize
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins as f64 / self.visits as f64
        }
    }
}

/// One root child as reported to callers.
#[derive(Clone, Debug, PartialEq)]
pub struct RootChild<M> {
    pub mv: M,
    pub visits: u64,
    /// Mean score for the seat to move at the root.
    pub value: f64,
}

/// The search tree for one root position.
pub struct Mcts<G: Game, P: Policy<G>> {
    root: G,
    policy: P,
    config: Config,
    rng: ChaCha8Rng,
    nodes: Vec<Node<G::Move>>,
    iterations: u64,
    // Buffers reused by every iteration.
    path: Vec<usize>,
    played: Vec<u8>,
    moves: Vec<G::Move>,
}

impl<G: Game, P: Policy<G>> Mcts<G, P> {
    pub fn new(root: G, policy: P, config: Config, seed: u64) -> Mcts<G, P> {
        let key_space = policy.key_space(&root);
        Mcts {
            root,
            policy,
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            nodes: vec![Node::new(None, CHANCE, NO_KEY)],
            iterations: 0,
            path: Vec::new(),
            played: vec![0; key_space],
            moves: Vec::new(),
        }
    }

    pub fn root(&self) -> &G {
        &self.root
    }

    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The moves the search considers at the root (after the policy's tactics).
    pub fn root_candidates(&mut self) -> usize {
        self.expand_if_needed(0, &self.root.clone());
        self.nodes[0].child_count as usize
    }

    /// Runs `iterations` more iterations on the same tree.
    pub fn run(&mut self, iterations: u64) {
        if self.root.turn() == Turn::Over {
            return;
        }
        for _ in 0..iterations {
            self.iterate();
        }
    }

    /// Root children with their visit counts and values (for the seat to move).
    pub fn root_children(&self) -> Vec<RootChild<G::Move>> {
        self.nodes[0]
            .children()
            .map(|i| {
                let node = &self.nodes[i];
                RootChild {
                    mv: node.mv.clone().expect("children carry moves"),
                    visits: node.visits as u64,
                    value: node.mean(),
                }
            })
            .collect()
    }

    /// The mean score of every iteration below the root, for the seat to
    /// move there: the root moves' values weighed by their visits (0.5
    /// before any). Steadier than any one move's value, which on a wide
    /// root rests on a few dozen visits and is the luckiest of many
    /// (`estimate`: the win estimate reads this).
    pub fn root_value(&self) -> f64 {
        let (wins, visits) = self.nodes[0].children().fold((0.0f64, 0u64), |(w, v), i| {
            let node = &self.nodes[i];
            (w + node.wins as f64, v + node.visits as u64)
        });
        if visits == 0 {
            0.5
        } else {
            wins / visits as f64
        }
    }

    fn expand_if_needed(&mut self, index: usize, position: &G) {
        if self.nodes[index].expanded {
            return;
        }
        self.nodes[index].expanded = true;
        let first = self.nodes.len() as u32;
        match position.turn() {
            Turn::Over => {}
            Turn::Chance => {
                for (mv, _) in position.chance_outcomes() {
                    let key = self.policy.move_key(&mv);
                    self.nodes.push(Node::new(Some(mv), CHANCE, key));
                }
            }
            Turn::Seat(seat) => {
                let mut moves = std::mem::take(&mut self.moves);
                moves.clear();
                self.policy.candidate_moves(position, &mut moves);
                for mv in moves.drain(..) {
                    let key = self.policy.move_key(&mv);
                    self.nodes.push(Node::new(Some(mv), seat.index() as u8, key));
                }
                self.moves = moves;
            }
        }
        let count = self.nodes.len() as u32 - first;
        let node = &mut self.nodes[index];
        node.first_child = first;
        node.child_count = count;
    }

    /// UCT-RAVE choice among the children of `parent`.
    fn select(&self, parent: usize) -> usize {
        let node = &self.nodes[parent];
        let log_parent = ((node.visits + 1) as f64).ln();
        let k = self.config.rave_equivalence;
        let mut best = node.first_child as usize;
        let mut best_score = f64::NEG_INFINITY;
        for i in node.children() {
            let child = &self.nodes[i];
            let n = child.visits as f64;
            let rn = child.rave_visits as f64;
            let value = if child.visits == 0 && child.rave_visits == 0 {
                self.config.first_play_urgency
            } else if child.rave_visits == 0 {
                child.wins as f64 / n
            } else {
                let rave = child.rave_wins as f64 / rn;
                // Silver's schedule with equivalence K: beta = rn / (rn + n + n*rn/K).
                let beta = rn / (rn + n + n * rn / k);
                let own = if child.visits == 0 { 0.0 } else { child.wins as f64 / n };
                (1.0 - beta) * own + beta * rave
            };
            let score = value + self.config.exploration * (log_parent / (n + 1.0)).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    fn iterate(&mut self) {
        let mut position = self.root.clone();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let mut index = 0;
        path.push(0);
        loop {
            match position.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    self.expand_if_needed(index, &position);
                    let Some(drawn) = position.sample_chance(&mut self.rng) else {
                        break;
                    };
                    let children = self.nodes[index].children();
                    let Some(child) = children.clone().find(|&i| self.nodes[i].mv.as_ref() == Some(&drawn)) else {
                        break;
                    };
                    position.play_unchecked(&drawn);
                    index = child;
                }
                Turn::Seat(_) => {
                    let node = &self.nodes[index];
                    if !node.expanded {
                        if index != 0 && node.visits < self.config.expand_after {
                            break;
                        }
                        self.expand_if_needed(index, &position);
                    }
                    if self.nodes[index].child_count == 0 {
                        break;
                    }
                    index = self.select(index);
                    let mv = self.nodes[index].mv.as_ref().expect("children carry moves");
                    position.play_unchecked(mv);
                }
            }
            path.push(index);
        }

        self.played.iter_mut().for_each(|p| *p = 0);
        let first_score = match position.turn() {
            Turn::Over => position.outcome().map_or(0.5, |o| o.score_for(Seat::First)),
            _ => self.policy.playout(&position, &mut self.rng, &mut self.played),
        };
        self.backup(&path, first_score);
        self.path = path;
        self.iterations += 1;
    }

    /// Adds the result to every node on the path and the RAVE result to the
    /// siblings whose move the same seat played later in the iteration.
    fn backup(&mut self, path: &[usize], first_score: f64) {
        let score_for = |mover: u8| -> f32 {
            match mover {
                0 => first_score as f32,
                1 => 1.0 - first_score as f32,
                _ => 0.5,
            }
        };
        let rave_on = !self.played.is_empty();
        for &index in path.iter().rev() {
            if rave_on {
                let children = self.nodes[index].children();
                for i in children {
                    let child = &mut self.nodes[i];
                    if child.key != NO_KEY
                        && child.mover != CHANCE
                        && self.played[child.key as usize] == child.mover + 1
                    {
                        child.rave_visits += 1;
                        child.rave_wins += score_for(child.mover);
                    }
                }
            }
            let node = &mut self.nodes[index];
            node.visits += 1;
            node.wins += score_for(node.mover);
            // The move into this node now counts as "played later" for the
            // ancestors' children.
            if rave_on && node.key != NO_KEY && node.mover != CHANCE {
                self.played[node.key as usize] = node.mover + 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hex::{Hex, HexOptions};
    use papan_rules::{Outcome, ParseError, RuleError};
    use serde::{Deserialize, Serialize};

    /// A tiny dice game to exercise chance nodes: a coin adds 1 or 2 points
    /// to a pot; the seat to move then takes the pot for itself or gives it
    /// away. First to 5 wins. Taking is always right.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct CoinRace {
        score: [u8; 2],
        pot: u8,
        to_move: Seat,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    enum Coin {
        Land(u8),
        Take,
        Give,
    }

    impl papan_rules::PublicGame for CoinRace {}

    impl Game for CoinRace {
        type Move = Coin;
        type View = CoinRace;
        type Options = ();
        const GAME: papan_rules::GameId = papan_rules::GameId::Hex;

        fn new(_: &(), _: &mut dyn rand::RngCore) -> Result<CoinRace, RuleError> {
            Ok(CoinRace {
                score: [0, 0],
                pot: 0,
                to_move: Seat::First,
            })
        }
        fn options(&self) -> &() {
            &()
        }
        fn turn(&self) -> Turn {
            if self.score.iter().any(|&s| s >= 5) {
                Turn::Over
            } else if self.pot == 0 {
                Turn::Chance
            } else {
                Turn::Seat(self.to_move)
            }
        }
        fn legal_moves_into(&self, out: &mut Vec<Coin>) {
            if matches!(self.turn(), Turn::Seat(_)) {
                out.extend([Coin::Give, Coin::Take]);
            }
        }
        fn play(&mut self, mv: &Coin) -> Result<(), RuleError> {
            match (mv, self.turn()) {
                (Coin::Land(points), Turn::Chance) => self.pot = *points,
                (Coin::Take | Coin::Give, Turn::Seat(seat)) => {
                    let to = if *mv == Coin::Take { seat } else { seat.other() };
                    self.score[to.index()] += self.pot;
                    self.pot = 0;
                    self.to_move = seat.other();
                }
                _ => return Err(RuleError::new(papan_rules::RuleId::NotYourTurn, "not now")),
            }
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            (0..2)
                .find(|&i| self.score[i] >= 5)
                .map(|i| Outcome::win(Seat::from_index(i).unwrap(), papan_rules::EndReason::GoalReached))
        }
        fn view(&self, _: Seat) -> CoinRace {
            self.clone()
        }
        fn chance_outcomes(&self) -> Vec<(Coin, f64)> {
            if self.turn() == Turn::Chance {
                vec![(Coin::Land(1), 0.5), (Coin::Land(2), 0.5)]
            } else {
                Vec::new()
            }
        }
        fn format_move(&self, mv: &Coin) -> String {
            format!("{mv:?}")
        }
        fn parse_move(&self, text: &str) -> Result<Coin, ParseError> {
            Err(ParseError::new(text, "not needed"))
        }
    }

    #[test]
    fn chance_nodes_follow_the_dice_and_the_search_takes_the_pot() {
        let mut game = CoinRace::new(&(), &mut ChaCha8Rng::seed_from_u64(0)).unwrap();
        game.play(&Coin::Land(2)).unwrap();
        let mut search = Mcts::new(game, RandomPlayout, Config::default(), 9);
        search.run(3000);
        let children = search.root_children();
        let take = children.iter().find(|c| c.mv == Coin::Take).unwrap();
        let give = children.iter().find(|c| c.mv == Coin::Give).unwrap();
        assert!(take.visits > give.visits, "{children:?}");
        assert!(take.value > give.value);
        // Below the root the dice were drawn: both coin faces got visits.
        let take_index = search.nodes[0]
            .children()
            .find(|&i| search.nodes[i].mv == Some(Coin::Take))
            .unwrap();
        let faces: Vec<u32> = search.nodes[take_index]
            .children()
            .map(|i| search.nodes[i].visits)
            .collect();
        assert_eq!(faces.len(), 2);
        assert!(faces.iter().all(|&v| v > take.visits as u32 / 4), "{faces:?}");
    }

    #[test]
    fn random_playout_search_is_repeatable_and_grows_the_tree() {
        let root = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
        let mut a = Mcts::new(root.clone(), RandomPlayout, Config::default(), 3);
        let mut b = Mcts::new(root, RandomPlayout, Config::default(), 3);
        a.run(200);
        b.run(200);
        assert_eq!(a.root_children(), b.root_children());
        assert_eq!(a.iterations(), 200);
        assert!(a.node_count() > 49, "the root and some leaves were expanded");
        let visits: u64 = a.root_children().iter().map(|c| c.visits).sum();
        assert_eq!(visits, 200, "every iteration passes through one root child");
    }
}
