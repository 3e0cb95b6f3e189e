//! Finding puzzles in a game, position by position: the same tests the
//! shipped sets were made with (`puzzle-gen` in the tools crate plays the
//! bots' games and keeps what these find), and what the app runs in its
//! bots' worker over the player's own finished games ([`scan`]), so there
//! is no fixed number of puzzles.
//!
//! A backgammon puzzle found on the device rests on the Expert's 2-ply
//! lead alone: the shipped ones are also cross-checked with GNU
//! Backgammon when they are made ([`backgammon_puzzle`] takes its verdict),
//! which only the generator has.

use super::backgammon::{bg_lead, BgLead};
use super::{
    bg_theme, bg_why, hadang_theme, hadang_why, hadang_winners, hex_cells, hex_joined, hex_theme, hex_why,
    junqi_answer, junqi_game, junqi_position, junqi_theme, junqi_why, Body, GnubgVerdict, HexAnalysis, Puzzle,
};
use crate::junqi::{JunQiBudget, JunQiThinker};
use crate::{Bot, Level, Thinker, SLICE};
use papan_rules::backgammon::{Backgammon, BgMove};
use papan_rules::hadang::{Hadang, HadangMove};
use papan_rules::hex::{Cell, Hex, HexMove};
use papan_rules::junqi::{JunQi, JunQiAction};
use papan_rules::{Game, Record};

/// The deepest HADANG proof a puzzle states (its re-check's depth).
pub const HADANG_MAX_DEPTH: u32 = 3;
/// Extra plies a HADANG puzzle is looked at beyond its stated depth, for
/// other wins.
pub const HADANG_CONFIRM: u32 = 2;

/// Puzzles taken from one game at most.
pub const PER_GAME: usize = 2;

/// Runs `G`'s bot at `level` with `seed` to its budget (capped at
/// `iterations` when given) and returns its move.
pub fn bot_move<G: Bot>(view: &G::View, level: Level, seed: u64, iterations: Option<u64>) -> Option<G::Move> {
    let mut thinker = G::thinker(view, level, seed);
    if let Some(n) = iterations {
        thinker.set_iterations(n);
    }
    while thinker.think(SLICE) {}
    thinker.decision().best
}

/// How many of the weaker bots (Beginner and Normal, three seeds each)
/// find `answer` in `view`: 0 to 6, for the puzzle's rating.
pub fn solved_by<G: Bot>(view: &G::View, answer: &G::Move) -> u32 {
    let mut solved = 0;
    for level in [Level::Beginner, Level::Normal] {
        for seed in 0..3 {
            if bot_move::<G>(view, level, seed, None).as_ref() == Some(answer) {
                solved += 1;
            }
        }
    }
    solved
}

/// A Hex puzzle at `game` (reached by `moves`): exactly one empty cell gives
/// the mover a full virtual connection between its edges (a proven win,
/// H-search never invents one), the mover had none before (so the choice
/// matters), and the cell does not join the edges at once.
pub fn hex_at(game: &Hex, moves: &[String], analysis: &mut HexAnalysis) -> Option<Puzzle> {
    let colour = game.colour_to_move();
    let cells = hex_cells(game);
    let mine = analysis.edges(&cells, colour);
    if !mine.full.is_empty() || mine.semi.is_empty() {
        return None;
    }
    let stone = crate::hex::board::stone_of(colour);
    // The threats' keys first: two of them that win end the search soon.
    let mut order: Vec<usize> = Vec::new();
    for s in &mine.semi {
        if !order.contains(&(s.key as usize)) {
            order.push(s.key as usize);
        }
    }
    let rest: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == crate::hex::board::EMPTY && !order.contains(&i))
        .collect();
    order.extend(rest);
    let mut winners = Vec::new();
    for i in order {
        let mut after = cells.clone();
        after[i] = stone;
        if hex_joined(analysis, &after, colour).is_some() {
            winners.push(i);
            if winners.len() > 1 {
                return None;
            }
        }
    }
    let &[answer] = winners.as_slice() else {
        return None;
    };
    let cell = game.cell_at(answer);
    // A move that joins the edges at once is no puzzle.
    let mut won = game.clone();
    won.play(&HexMove::Place(cell)).ok()?;
    if won.is_over() {
        return None;
    }
    let tries = hex_wrong_tries(
        game,
        cell,
        &mine.semi.iter().map(|s| s.key as usize).collect::<Vec<_>>(),
    );
    let why = hex_why(game, cell, &tries).ok()?;
    let theme = hex_theme(game, cell, &why).to_string();
    let solved = solved_by::<Hex>(game, &HexMove::Place(cell));
    let size_step = (game.size() as u32 - 7) / 2;
    let rating = (1000 + 100 * size_step + 15 * why.carrier.len() as u32 + 110 * (6 - solved)).clamp(600, 2400);
    Some(Puzzle {
        id: String::new(),
        theme,
        rating,
        side: game.seat_to_move()?,
        body: Body::Hex {
            options: *game.options(),
            moves: moves.to_vec(),
            answer: cell.to_string(),
            why,
        },
    })
}

/// The tries a player is drawn to: the Normal bot's move, the keys of the
/// mover's other threats, and the empty cells touching the answer; three
/// at most, each an empty cell other than the answer.
fn hex_wrong_tries(game: &Hex, answer: Cell, keys: &[usize]) -> Vec<String> {
    let mut tries: Vec<Cell> = Vec::new();
    let add = |c: Cell, tries: &mut Vec<Cell>| {
        if c != answer && game.stone(c).is_none() && !tries.contains(&c) && tries.len() < 3 {
            tries.push(c);
        }
    };
    if let Some(HexMove::Place(c)) = bot_move::<Hex>(game, Level::Normal, 7, None) {
        add(c, &mut tries);
    }
    for &k in keys {
        add(game.cell_at(k), &mut tries);
    }
    let around: Vec<Cell> = game.neighbours(answer).collect();
    for c in around {
        add(c, &mut tries);
    }
    tries.iter().map(|c| c.to_string()).collect()
}

/// A HADANG puzzle at `game` (reached by `moves`): at the shallowest depth
/// (1 to [`HADANG_MAX_DEPTH`] plies) at which any legal move wins the race
/// by force, exactly one does, and it still is the only one
/// [`HADANG_CONFIRM`] plies deeper.
pub fn hadang_at(game: &Hadang, moves: &[String]) -> Option<Puzzle> {
    let me = game.side_to_move();
    // One step from the goal: the step is no puzzle.
    if game.shortest_path_len(me) <= 1 {
        return None;
    }
    // A forced win within the reach ends in a decided race (a seat out of
    // walls) or on the goal: with more walls on both sides and a long
    // route nothing can be found, so nothing is searched.
    let reach = HADANG_MAX_DEPTH + HADANG_CONFIRM;
    let (mine, theirs) = (game.walls_left(me) as u32, game.walls_left(me.other()) as u32);
    if mine > reach.div_ceil(2) && theirs > reach / 2 && game.shortest_path_len(me) as u32 > reach.div_ceil(2) {
        return None;
    }
    let mut found = None;
    for depth in 1..=HADANG_MAX_DEPTH {
        let winners = hadang_winners(game, depth);
        match winners.as_slice() {
            [] => continue,
            [one] => {
                found = Some((*one, depth));
                break;
            }
            _ => return None,
        }
    }
    let (answer, depth) = found?;
    let deeper = hadang_winners(game, depth + HADANG_CONFIRM);
    if deeper != [answer] {
        return None;
    }
    let why = hadang_why(game, answer, depth);
    let theme = hadang_theme(game, answer, &why).to_string();
    let solved = solved_by::<Hadang>(game, &answer);
    let rating =
        (900 + 150 * depth + 110 * (6 - solved) + matches!(answer, HadangMove::Wall(_)) as u32 * 50).clamp(600, 2400);
    Some(Puzzle {
        id: String::new(),
        theme,
        rating,
        side: me,
        body: Body::Hadang {
            moves: moves.to_vec(),
            answer: game.format_move(&answer),
            why,
        },
    })
}

/// A Jun Qi flip puzzle at `game`: one action wins material (or the game)
/// against every reply and every hidden layout consistent with what the
/// mover knows, and beats every other action ([`junqi_answer`]).
pub fn junqi_at(game: &JunQi) -> Option<Puzzle> {
    let side = game.seat_to_move()?;
    let position = junqi_position(game)?;
    // Exactly what the check will see: the public position, laid out again.
    let known = junqi_game("new", &position, side, false).ok()?;
    let (answer, _, _) = junqi_answer(&known)?;
    let why = junqi_why(&known, answer).ok()?;
    let theme = junqi_theme(&known, answer, &why).to_string();
    let view = known.view(side);
    let found = solved_by::<JunQi>(&view, &answer);
    let depth = junqi_depth_found(&known, answer);
    let rating = (800 + 200 * (depth - 1) + 80 * (6 - found) + 40 * why.wrong.len() as u32).clamp(800, 2200);
    Some(Puzzle {
        id: String::new(),
        theme,
        rating,
        side,
        body: Body::Junqi {
            position,
            answer: answer.to_string(),
            why,
        },
    })
}

/// A backgammon puzzle at `game` (a roll to play): the Expert's clear best
/// play ([`bg_lead`]), with no verdict of GNU Backgammon's.
pub fn backgammon_at(game: &Backgammon) -> Option<Puzzle> {
    game.dice()?;
    let lead = bg_lead(game)?;
    Some(backgammon_puzzle(game, &lead, None))
}

/// The puzzle of `lead` in `game`, with gnubg's `verdict` when it was asked:
/// the why and theme from the position, rated by how many weaker bots find
/// the answer and how many of the Expert's shallower stages miss it.
pub fn backgammon_puzzle(game: &Backgammon, lead: &BgLead, verdict: Option<GnubgVerdict>) -> Puzzle {
    let answer = BgMove::Play(lead.answer);
    let second = game.format_move(&BgMove::Play(lead.second));
    let why = bg_why(
        game,
        &lead.after,
        &second,
        &lead.second_after,
        lead.equity,
        lead.equity1,
    );
    let theme = bg_theme(game, &lead.after, &why).to_string();
    let found = solved_by::<Backgammon>(game, &answer);
    let rating = (900 + 100 * (6 - found) + 200 * lead.misleading_stages).clamp(800, 2200);
    let dice = game.dice().expect("a roll to play");
    Puzzle {
        id: String::new(),
        theme,
        rating,
        side: game.to_move().expect("a seat to move"),
        body: Body::Backgammon {
            position: game.position_id(),
            dice: [dice.high, dice.low],
            answer: game.format_move(&answer),
            why,
            gnubg: verdict,
        },
    }
}

/// The lowest full-width depth (1 to 3, no noise) at which the bots'
/// search plays `answer`; 4 if none does.
fn junqi_depth_found(game: &JunQi, answer: JunQiAction) -> u32 {
    let seat = game.seat_to_move().expect("a seat to move");
    let view = game.view(seat);
    for depth in 1..=3u8 {
        let budget = JunQiBudget {
            depth,
            nodes: 150_000,
            temperature: 0.0,
            time_limit_ms: 1_000,
        };
        let mut thinker = JunQiThinker::new(&view, budget, 0);
        while thinker.think(SLICE) {}
        if thinker.decision().best == Some(answer) {
            return depth as u32;
        }
    }
    4
}

/// A scan of a recorded game for puzzles, one position at a time (so the
/// worker can stop between two), keeping at most [`PER_GAME`].
pub struct Scan {
    kind: Kind,
    /// The next position to look at.
    ply: usize,
    /// The moves before it, in notation (each read in the position it was
    /// played in).
    played: Vec<String>,
    found: Vec<Puzzle>,
}

enum Kind {
    Hex {
        record: Record<Hex>,
        game: Hex,
        // Boxed, as Jun Qi's game: the kinds' sizes far apart otherwise.
        analysis: Box<HexAnalysis>,
    },
    Hadang {
        record: Record<Hadang>,
        game: Hadang,
    },
    Junqi {
        record: Record<JunQi>,
        game: Box<JunQi>,
    },
    Backgammon {
        record: Record<Backgammon>,
        game: Backgammon,
    },
}

impl Scan {
    /// The scan of a Hex record; refused for one that does not replay.
    pub fn hex(record: Record<Hex>) -> Result<Scan, String> {
        let game = start(&record)?;
        let analysis = Box::new(HexAnalysis::new(game.size()));
        Ok(Scan::of(Kind::Hex { record, game, analysis }))
    }

    /// The scan of a HADANG record.
    pub fn hadang(record: Record<Hadang>) -> Result<Scan, String> {
        let game = start(&record)?;
        Ok(Scan::of(Kind::Hadang { record, game }))
    }

    /// The scan of a Jun Qi record.
    pub fn junqi(record: Record<JunQi>) -> Result<Scan, String> {
        let game = start(&record)?;
        Ok(Scan::of(Kind::Junqi {
            record,
            game: Box::new(game),
        }))
    }

    /// The scan of a backgammon record: every roll either side played.
    pub fn backgammon(record: Record<Backgammon>) -> Result<Scan, String> {
        let game = start(&record)?;
        Ok(Scan::of(Kind::Backgammon { record, game }))
    }

    fn of(kind: Kind) -> Scan {
        Scan {
            kind,
            ply: 0,
            played: Vec::new(),
            found: Vec::new(),
        }
    }

    /// Looks at the next position; `false` once the game is scanned (or
    /// enough was found).
    pub fn step(&mut self) -> bool {
        if self.found.len() >= PER_GAME {
            return false;
        }
        let ply = self.ply;
        let (found, more) = match &mut self.kind {
            Kind::Hex { record, game, analysis } => look(record, game, ply, &mut self.played, |g, moves| {
                hex_at(g, moves, analysis)
            }),
            Kind::Hadang { record, game } => look(record, game, ply, &mut self.played, hadang_at),
            Kind::Junqi { record, game } => look(record, game.as_mut(), ply, &mut self.played, |g, _| junqi_at(g)),
            Kind::Backgammon { record, game } => look(record, game, ply, &mut self.played, |g, _| backgammon_at(g)),
        };
        self.found.extend(found);
        self.ply += 1;
        more && self.found.len() < PER_GAME
    }

    /// Runs the whole scan here and now.
    pub fn run(mut self) -> Vec<Puzzle> {
        while self.step() {}
        self.found
    }

    /// What was found so far.
    pub fn found(&self) -> &[Puzzle] {
        &self.found
    }
}

/// The starting position of `record`, once the whole record replays.
fn start<G: Game>(record: &Record<G>) -> Result<G, String> {
    record.replay().map_err(|e| e.to_string())?;
    record.start().map_err(|e| e.to_string())
}

/// Looks at the position before move `ply` of `record` (`game` is there,
/// `played` holds the moves before it in notation), then plays that move
/// onto both; whether a move is left after it.
fn look<G: Game>(
    record: &Record<G>,
    game: &mut G,
    ply: usize,
    played: &mut Vec<String>,
    at: impl FnOnce(&G, &[String]) -> Option<Puzzle>,
) -> (Option<Puzzle>, bool) {
    let Some(mv) = record.moves.get(ply) else {
        return (None, false);
    };
    let found = if game.seat_to_move().is_some() && !game.is_over() {
        at(game, played)
    } else {
        None
    };
    played.push(game.format_move(mv));
    if game.play(mv).is_err() {
        return (found, false);
    }
    (found, ply + 1 < record.moves.len())
}
