//! Your mistakes to try again: a finished game's blunder goes into the deck
//! and the Expert judges a second try the way the review judged the first.

use papan::play::mistakes::{judge_try, Deck};
use papan::play::review::{Analysis, Mark};
use papan_bots::Level;
use papan_rules::hex::Hex;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

#[test]
fn a_reviewed_blunder_enters_the_deck_and_a_second_try_is_judged() {
    let finished = crate::support::games::hex_blunder();
    let mut analysis = Analysis::new(finished.record::<Hex>().unwrap(), Level::Expert).unwrap();
    analysis.run_to_end(800).unwrap();
    let review = analysis.review();
    let blunder = review.moves.iter().find(|m| m.plies == 13).unwrap();
    assert_eq!(blunder.mark, Mark::Blunder, "{blunder:?}");

    let mut deck = Deck::default();
    assert!(deck.add_reviewed::<Hex>(&finished, &review.moves, 20) >= 1);
    let mistake = deck.get("hex-blunder.13").unwrap().clone();
    assert_eq!((mistake.ply, mistake.played.as_str()), (12, "a7"));
    assert_eq!(mistake.best.as_deref(), Some("g1"));

    let cancel = Arc::new(AtomicBool::new(false));
    // The same move again: still a blunder.
    let again = block_on(judge_try::<Hex>(&mistake, "a7", cancel.clone())).unwrap();
    assert!(!again.good);
    assert_eq!(again.mark, Mark::Blunder);
    let (best, mine) = again.chances.unwrap();
    assert!(best - mine >= 0.2, "{best} {mine}");
    // The join: the Expert's own move.
    let block = block_on(judge_try::<Hex>(&mistake, "g1", cancel.clone())).unwrap();
    assert!(block.good);
    assert_eq!((block.mark, block.best.as_deref()), (Mark::Best, Some("g1")));
    // Not a move there: refused, nothing judged.
    let taken = block_on(judge_try::<Hex>(&mistake, "a1", cancel)).unwrap_err();
    assert!(
        taken.contains("X5") || taken.to_lowercase().contains("stone"),
        "{taken}"
    );

    deck.answer(&mistake.id, block.good, 20);
    assert!(deck.due(20).iter().all(|m| m.id != mistake.id));
}
