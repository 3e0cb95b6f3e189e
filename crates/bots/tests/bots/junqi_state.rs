//! The search's compact position must agree with the rules, action for
//! action: same legal actions, same position after each one.

use papan_bots::junqi::state::State;
use papan_rules::junqi::{JunQi, JunQiOptions};
use papan_rules::{Game, Seat};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn sorted(mut actions: Vec<papan_rules::junqi::JunQiAction>) -> Vec<papan_rules::junqi::JunQiAction> {
    actions.sort();
    actions
}

#[test]
fn state_matches_the_rules_over_random_games_j7_j19() {
    let mut checked = 0;
    for seed in 0..30u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = JunQi::shuffled(JunQiOptions::default(), &mut rng);
        while let Some(seat) = game.seat_to_move() {
            let state = State::from_view(&game.view(seat));
            let mut mine = Vec::new();
            state.actions_into(&mut mine);
            let legal = game.legal_moves();
            assert_eq!(sorted(mine), sorted(legal.clone()), "seed {seed}, ply {}", game.plies());
            // Captures are rarer than quiet moves in random play: prefer them.
            let captures: Vec<_> = legal
                .iter()
                .filter(|a| {
                    matches!(a, papan_rules::junqi::JunQiAction::Move { to, .. }
                    if state.board[to.index()] > 1)
                })
                .collect();
            let action = if !captures.is_empty() && rng.next_u32() % 2 == 0 {
                *captures[rng.next_u32() as usize % captures.len()]
            } else {
                legal[rng.next_u32() as usize % legal.len()]
            };
            game.play(&action).unwrap();
            let revealed = game.last_action().and_then(|l| l.revealed).map(|p| (p.colour, p.kind));
            let mut next = state.clone();
            next.play(action, revealed);
            let expected = State::from_view(&game.view(Seat::First));
            if expected.result.is_some() {
                // A finished view names no seat to move.
                next.to_move = expected.to_move;
            }
            assert_eq!(next, expected, "seed {seed}, after {action}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} plies checked");
}

#[test]
fn j13_j16_fight_matches_the_rules_clash() {
    use papan_bots::junqi::state::{fight, Fight};
    use papan_rules::junqi::{clash, Clash, Kind};
    for attacker in Kind::ALL.into_iter().filter(|k| k.is_movable()) {
        for defender in Kind::ALL {
            for flag_open in [false, true] {
                let expected = clash(attacker, defender, flag_open).ok().map(|c| match c {
                    Clash::AttackerTakes => Fight::AttackerTakes,
                    Clash::BothRemoved => Fight::BothRemoved,
                });
                assert_eq!(
                    fight(attacker, defender, flag_open),
                    expected,
                    "{attacker} on {defender}"
                );
            }
        }
    }
}
