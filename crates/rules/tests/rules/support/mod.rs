//! Shared by the backgammon test files: positions written as text.

/// `bar` or a point number, for [`pos!`].
macro_rules! point {
    (bar, $bar:expr) => {
        $bar
    };
    ($p:literal, $bar:expr) => {
        $p
    };
}

/// A board from the mover's view: `pos!(x 24:2, 13:5; o 19:5, bar:1)`.
/// Both sides use the mover's point numbers (1–24); `bar` is that side's
/// bar. Checkers not listed are borne off.
macro_rules! pos {
    (x $($xp:tt : $xn:expr),* ; o $($op:tt : $on:expr),* $(,)?) => {
        Board::from_points(&[$((point!($xp, 25), $xn)),*], &[$((point!($op, 0), $on)),*]).expect("test position")
    };
}

/// The package's folder as cargo sets it when it runs the tests, not as it
/// was at build time: with a build cache shared by two clones, cargo may
/// reuse a test binary built in the other clone, whose baked-in path points
/// there.
pub fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| env!("CARGO_MANIFEST_DIR").into(), Into::into)
}
