//! A puzzle on the game's real board: the position replayed through the
//! rules from the puzzle's options and moves (or a mistake's position from
//! its game's record), drawn from the solver's side with the game's own
//! board and tap state (as in a lesson). The one generic piece of the
//! puzzle and mistake screens: everything else works from move texts.

use crate::i18n::{rule_key, tr, Lang};
use crate::play::mistakes::Mistake;
use crate::play::{Table, TapState, Tapped};
use crate::puzzles::{Body, Puzzle};
use crate::shell::{BoardProps, GameUi};
use dioxus::prelude::*;
use papan_rules::{Game, Seat};
use std::marker::PhantomData;

/// What a tap chose: a move's notation, or a note (a refusal, an ignored tap).
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleTap {
    /// A move, in notation, and whether it is the answer.
    Move {
        text: String,
        correct: bool,
    },
    Note(String),
}

/// The puzzle's position before the solver's move, and the moves that led
/// there; `None` for a puzzle this app cannot set up.
fn start<G: Game + 'static>(puzzle: &Puzzle) -> Option<(G, Vec<G::Move>)> {
    let id = puzzle.id.as_str();
    let (options, moves) = match &puzzle.body {
        Body::Hex { options, moves, .. } => (serde_json::to_value(options).ok()?, moves),
        Body::Hadang { moves, .. } => (serde_json::Value::Null, moves),
        // A position given whole: Jun Qi as the solver knows it (the hidden
        // pieces laid out consistently), backgammon from its Position ID.
        Body::Junqi { position, .. } => {
            let game = papan_bots::puzzle::junqi_game(id, position, puzzle.side, false).ok()?;
            return downcast(Box::new(game));
        }
        Body::Backgammon { position, dice, .. } => {
            let game = papan_bots::puzzle::bg_game(id, position, *dice, puzzle.side).ok()?;
            return downcast(Box::new(game));
        }
    };
    let options: G::Options = if options.is_null() {
        G::Options::default()
    } else {
        serde_json::from_value(options).ok()?
    };
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
    let mut game = G::new(&options, &mut rng).ok()?;
    let mut history = Vec::new();
    for text in moves {
        let mv = game.parse_move(text).ok()?;
        game.play(&mv).ok()?;
        history.push(mv);
    }
    Some((game, history))
}

/// A game built as its own type, as the screen's `G` (`None` if it is another).
fn downcast<G: Game + 'static>(game: Box<dyn std::any::Any>) -> Option<(G, Vec<G::Move>)> {
    game.downcast::<G>().ok().map(|g| (*g, Vec::new()))
}

/// What the board sets up: a shipped puzzle, or a position where the
/// person went wrong in one of their games.
#[derive(Clone, Debug, PartialEq)]
pub enum Setup {
    Puzzle(Puzzle),
    Mistake(Mistake),
}

impl Setup {
    fn id(&self) -> &str {
        match self {
            Setup::Puzzle(p) => &p.id,
            Setup::Mistake(m) => &m.id,
        }
    }

    fn side(&self) -> Seat {
        match self {
            Setup::Puzzle(p) => p.side,
            Setup::Mistake(m) => m.seat,
        }
    }

    /// The move to point at once the solution is shown.
    fn answer(&self) -> Option<&str> {
        match self {
            Setup::Puzzle(p) => Some(crate::puzzles::answer_of(p)),
            Setup::Mistake(m) => m.best.as_deref(),
        }
    }
}

/// A mistake's position and the moves of its game before it.
fn mistake_start<G: crate::play::Playable>(mistake: &Mistake) -> Option<(G, Vec<G::Move>)> {
    let (game, before, _) = crate::play::mistakes::position::<G>(mistake).ok()?;
    Some((game, before))
}

/// The puzzle's position and the moves that led there, then `played` on
/// top (a try or the answer) when given and legal.
pub fn position<G: Game + 'static>(puzzle: &Puzzle, played: Option<&str>) -> Option<(G, Vec<G::Move>)> {
    let start = start::<G>(puzzle)?;
    play_on(start, played)
}

fn play_on<G: Game>((mut game, mut history): (G, Vec<G::Move>), played: Option<&str>) -> Option<(G, Vec<G::Move>)> {
    if let Some(text) = played {
        let mv = game.parse_move(text).ok()?;
        game.play(&mv).ok()?;
        history.push(mv);
    }
    Some((game, history))
}

/// Whether `mv` in `game` comes to the same position as the puzzle's answer
/// (a backgammon play reads the same in any order of its checkers).
fn is_answer<G: GameUi>(game: &G, mv: &G::Move, answer: &str, side: Seat) -> bool {
    let Ok(expected) = game.parse_move(answer) else {
        return false;
    };
    let (mut tried, mut solved) = (game.clone(), game.clone());
    let same = |a: &G, b: &G| serde_json::to_value(a.view(side)).ok() == serde_json::to_value(b.view(side)).ok();
    tried.play(mv).is_ok() && solved.play(&expected).is_ok() && same(&tried, &solved)
}

#[component]
pub fn PuzzleBoard<G: GameUi>(
    game: PhantomData<G>,
    setup: Setup,
    /// A move shown played on the board (the try, or the answer once solved).
    played: Option<String>,
    /// Point at the answer (after Show solution).
    show_answer: bool,
    lang: Lang,
    on_tap: EventHandler<PuzzleTap>,
) -> Element {
    let _ = game;
    let key = format!("{}/{}", setup.id(), played.as_deref().unwrap_or(""));
    let mut tap = use_signal(|| (String::new(), G::Tap::default()));
    let start = match &setup {
        Setup::Puzzle(puzzle) => start::<G>(puzzle),
        Setup::Mistake(mistake) => mistake_start::<G>(mistake),
    };
    let Some((position, history)) = start.and_then(|s| play_on(s, played.as_deref())) else {
        return rsx! {};
    };
    let side: Seat = setup.side();
    let last = history.last().cloned().map(|mv| {
        let mover = if played.is_some() { side } else { side.other() };
        (mover, mv)
    });
    let hint = show_answer
        .then(|| setup.answer().and_then(|a| position.parse_move(a).ok()))
        .flatten();
    let table: Table<G> = Table {
        can_act: played.is_none() && !show_answer,
        view: position.view(side),
        viewer: side,
        bottom: side,
        last,
        outcome: position.outcome(),
        ply: history.len(),
        history,
    };
    let current = {
        let (at, state) = tap.read().clone();
        if at == key {
            state
        } else {
            let mut fresh = state;
            fresh.reset();
            fresh
        }
    };
    let mut answer = {
        let key = key.clone();
        let table = table.clone();
        let position = position.clone();
        // A mistake's try is judged by the Expert (the caller), not here.
        let solution = match &setup {
            Setup::Puzzle(puzzle) => Some(crate::puzzles::answer_of(puzzle).to_string()),
            Setup::Mistake(_) => None,
        };
        move |tapped: Tapped<G::Move>, state: G::Tap| {
            tap.set((key.clone(), state));
            match tapped {
                Tapped::Play(mv) => on_tap.call(PuzzleTap::Move {
                    text: table.notation(&mv),
                    correct: solution.as_deref().is_some_and(|s| is_answer(&position, &mv, s, side)),
                }),
                Tapped::Refused(refusal) => on_tap.call(PuzzleTap::Note(tr(lang, &rule_key(refusal.rule)))),
                Tapped::Ignored(reason) => on_tap.call(PuzzleTap::Note(tr(lang, reason))),
                Tapped::Roll | Tapped::Changed => {}
            }
        }
    };
    let mut answer_command = answer.clone();
    let input_table = table.clone();
    let input_state = current.clone();
    let on_input = EventHandler::new(move |input| {
        if !input_table.can_act {
            return;
        }
        let mut state = input_state.clone();
        let tapped = state.tap(&input_table, input);
        answer(tapped, state);
    });
    let command_table = table.clone();
    let command_state = current.clone();
    let on_command = EventHandler::new(move |command| {
        let mut state = command_state.clone();
        let tapped = state.command(&command_table, command);
        answer_command(tapped, state);
    });
    let buttons = current.buttons(&table);
    let actions = crate::shell::actions::game_buttons(lang, &buttons);
    let on_action = EventHandler::new(move |id| {
        if let crate::shell::actions::ActionId::Game(i) = id {
            on_command.call(buttons[i].command);
        }
    });
    let board = G::board(BoardProps {
        table,
        tap: current,
        hint,
        lang,
        on_input,
        on_command,
    });
    rsx! {
        div { class: "lesson-board-wrap board-wrap board-{G::GAME}", "data-testid": "puzzle-board", "data-game": "{G::GAME}",
            {board}
        }
        if !actions.is_empty() {
            div { class: "lesson-game-actions",
                crate::shell::actions::ActionButtons { buttons: actions, on_action }
            }
        }
    }
}
