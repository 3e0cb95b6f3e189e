//! The score of a finished lesson: 3 stars at par without a hint, 2 with
//! one hint or extra tries (not both), 1 otherwise.

/// `hints`: hint stages shown over the lesson (each call to `hint` counts);
/// `wrong_tries`: tries beyond par (refused moves and legal moves that were
/// not what the step asked for).
pub fn stars(hints: u32, wrong_tries: u32) -> u8 {
    match (hints, wrong_tries) {
        (0, 0) => 3,
        (1, 0) | (0, _) => 2,
        _ => 1,
    }
}
