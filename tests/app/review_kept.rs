//! Reviews kept on the device (`papan::play::review_kept`): a review opened
//! again needs no search, one left half way goes on where it stopped, and
//! kept text that cannot be the game's review is dropped, not trusted.

use crate::history_review::{best_against_worst, hex_record, temp_store};
use papan::play::review::{Analysis, Review};
use papan::play::review_kept::{self, entry_key, INDEX_KEY, KEEP};
use papan_bots::Level;
use papan_rules::hex::Hex;
use papan_rules::Record;

/// A game Red wins down the d-file while Blue plays along the first row.
fn hex_game() -> Record<Hex> {
    hex_record(
        7,
        &[
            "d1", "a1", "d2", "b1", "d3", "c1", "d4", "e1", "d5", "f1", "d6", "g1", "d7",
        ],
    )
}

/// Judges the next `n` positions here and now (the Beginner's budget is
/// counted in iterations, so the verdicts replay exactly).
fn judge(analysis: &mut Analysis<Hex>, n: usize) {
    for _ in 0..n {
        let (view, seed) = analysis.next_position().expect("a position left");
        let (verdict, luck) = papan::bot::review_now::<Hex>(view, analysis.level(), seed, u64::MAX).unwrap();
        analysis.record(verdict, luck);
    }
}

#[test]
fn a_kept_backgammon_review_opens_again_whole_and_the_same_without_a_search() {
    let (_dir, store) = temp_store();
    let record = best_against_worst(5, 36);
    let mut first = Analysis::new(record.clone(), Level::Expert).unwrap();
    first.run_to_end(800).unwrap();
    review_kept::keep(&store, "bg-game", &first).unwrap();

    let mut again = Analysis::new(record, Level::Expert).unwrap();
    assert_eq!(review_kept::resume(&store, "bg-game", &mut again), first.total());
    assert!(again.is_done(), "nothing is left to search");
    assert_same(&again.review(), &first.review());
    // Only the best play and the one played are kept of each position's list.
    let kept = store.get(&entry_key("bg-game")).unwrap();
    println!(
        "a kept backgammon review: {} bytes, {} positions",
        kept.len(),
        first.total()
    );
    assert!(
        kept.len() < 400 * first.total(),
        "{} bytes for {} positions",
        kept.len(),
        first.total()
    );
}

#[test]
fn a_review_left_half_way_goes_on_where_it_stopped_and_ends_as_a_whole_one() {
    let (_dir, store) = temp_store();
    let mut whole = Analysis::new(hex_game(), Level::Beginner).unwrap();
    whole.run_to_end(u64::MAX).unwrap();

    let mut left = Analysis::new(hex_game(), Level::Beginner).unwrap();
    judge(&mut left, 5);
    review_kept::keep(&store, "hex-game", &left).unwrap();

    let mut resumed = Analysis::new(hex_game(), Level::Beginner).unwrap();
    assert_eq!(review_kept::resume(&store, "hex-game", &mut resumed), 5);
    assert_eq!(resumed.done(), 5);
    assert_eq!(resumed.next_position(), whole_position(6), "the sixth position is next");
    resumed.run_to_end(u64::MAX).unwrap();
    assert_same(&resumed.review(), &whole.review());
}

/// The same moves, marks and better moves, and the same figures but for
/// the last bit of a number read back from JSON (serde_json's parser may
/// round a long decimal to the float next door).
fn assert_same<M: PartialEq + std::fmt::Debug>(got: &Review<M>, want: &Review<M>) {
    assert_eq!(got.moves.len(), want.moves.len());
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * a.abs().max(1.0);
    let close_opt = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => close(a, b),
        (a, b) => a.is_none() && b.is_none(),
    };
    for (g, w) in got.moves.iter().zip(&want.moves) {
        let same = g.plies == w.plies
            && g.seat == w.seat
            && g.played == w.played
            && g.best == w.best
            && g.mark == w.mark
            && close(g.before, w.before)
            && close(g.after, w.after)
            && close_opt(g.millipoints, w.millipoints)
            && close_opt(g.luck, w.luck);
        assert!(same, "kept:  {g:?}\nfresh: {w:?}");
    }
}

/// The `n`th position (from 1) the analysis of [`hex_game`] searches.
fn whole_position(n: usize) -> Option<(<Hex as papan_rules::Game>::View, u64)> {
    let mut analysis = Analysis::new(hex_game(), Level::Beginner).unwrap();
    judge(&mut analysis, n - 1);
    analysis.next_position()
}

#[test]
fn kept_text_that_cannot_be_the_games_review_is_dropped_and_the_review_starts_over() {
    let (_dir, store) = temp_store();
    let mut analysis = Analysis::new(hex_game(), Level::Beginner).unwrap();

    // Not JSON at all.
    store.set(&entry_key("g"), "{ not a review").unwrap();
    assert_eq!(review_kept::resume(&store, "g", &mut analysis), 0);
    assert_eq!(analysis.done(), 0);
    assert_eq!(store.get(&entry_key("g")), None, "the unreadable text is removed");

    // Kept for another game, of another length.
    let mut short = Analysis::new(hex_record(7, &["d4", "c5"]), Level::Beginner).unwrap();
    short.run_to_end(u64::MAX).unwrap();
    review_kept::keep(&store, "g", &short).unwrap();
    assert_eq!(review_kept::resume(&store, "g", &mut analysis), 0);
    assert_eq!(analysis.done(), 0);
    assert_eq!(store.get(&entry_key("g")), None);

    // Kept for this game, but changed.
    let mut judged = Analysis::new(hex_game(), Level::Beginner).unwrap();
    judge(&mut judged, 3);
    review_kept::keep(&store, "g", &judged).unwrap();
    // A chance is a network's output, a float's rounding above 1 at most.
    let mut kept: serde_json::Value = serde_json::from_str(&store.get(&entry_key("g")).unwrap()).unwrap();
    kept["searched"][1]["chance"] = 1.000_000_119_209_289_6.into();
    store.set(&entry_key("g"), &kept.to_string()).unwrap();
    let mut rounded = Analysis::new(hex_game(), Level::Beginner).unwrap();
    assert_eq!(
        review_kept::resume(&store, "g", &mut rounded),
        3,
        "a chance a float's rounding above 1"
    );
    kept["searched"][1]["chance"] = 1.5.into();
    store.set(&entry_key("g"), &kept.to_string()).unwrap();
    assert_eq!(review_kept::resume(&store, "g", &mut analysis), 0, "a chance of 1.5");
    review_kept::keep(&store, "g", &judged).unwrap();
    // A "best move" on a cell taken before it, or one that is no cell.
    let mut kept: serde_json::Value = serde_json::from_str(&store.get(&entry_key("g")).unwrap()).unwrap();
    for bad in ["d1", "z99"] {
        kept["searched"][2]["best"] = bad.into();
        store.set(&entry_key("g"), &kept.to_string()).unwrap();
        assert_eq!(review_kept::resume(&store, "g", &mut analysis), 0, "{bad}");
        assert_eq!(analysis.done(), 0, "nothing of it is taken");
        assert_eq!(store.get(&entry_key("g")), None);
    }
}

#[test]
fn only_the_newest_reviews_are_kept() {
    let (_dir, store) = temp_store();
    let mut analysis = Analysis::new(hex_record(7, &["d4", "c5"]), Level::Beginner).unwrap();
    analysis.run_to_end(u64::MAX).unwrap();
    for i in 0..=KEEP {
        review_kept::keep(&store, &format!("game-{i}"), &analysis).unwrap();
    }
    // Keeping the newest again does not reorder or grow anything.
    review_kept::keep(&store, &format!("game-{KEEP}"), &analysis).unwrap();
    let index: Vec<String> = serde_json::from_str(&store.get(INDEX_KEY).unwrap()).unwrap();
    assert_eq!(index.len(), KEEP);
    assert_eq!(index.first().map(String::as_str), Some(format!("game-{KEEP}").as_str()));
    assert_eq!(store.get(&entry_key("game-0")), None, "the oldest is removed");
    assert!(store.get(&entry_key("game-1")).is_some());
    // An older one looked at again becomes the newest.
    review_kept::keep(&store, "game-1", &analysis).unwrap();
    let index: Vec<String> = serde_json::from_str(&store.get(INDEX_KEY).unwrap()).unwrap();
    assert_eq!(index.first().map(String::as_str), Some("game-1"));
    assert_eq!(index.len(), KEEP);
}

#[test]
fn a_kept_jun_qi_review_is_taken_back_whole_the_searched_moves_legal_where_they_were_judged() {
    use papan_rules::junqi::JunQi;
    use papan_rules::Game;
    let (_dir, store) = temp_store();
    let mut record = Record::<JunQi>::new(Default::default(), 21);
    let mut game = record.start().unwrap();
    for i in 0..12 {
        let moves = game.legal_moves();
        let mv = moves[(i * 7) % moves.len()];
        record.play(&mut game, mv).unwrap();
    }
    let mut first = Analysis::new(record.clone(), Level::Beginner).unwrap();
    first.run_to_end(u64::MAX).unwrap();
    review_kept::keep(&store, "junqi-game", &first).unwrap();
    let mut again = Analysis::new(record, Level::Beginner).unwrap();
    assert_eq!(review_kept::resume(&store, "junqi-game", &mut again), first.total());
    assert_same(&again.review(), &first.review());
}
