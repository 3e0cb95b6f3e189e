//! Interop with GNU Backgammon: a game Papan exports as `.mat` is read by
//! gnubg itself (`import mat`), which must reach the same final position:
//! the same Position ID, the same player on roll, the game over or not, and
//! the same unplayed dice — the last three decoded from gnubg's Match ID.
//!
//! Needs the `gnubg` binary (Debian's `gnubg` package installs it as
//! `/usr/games/gnubg`; `PAPAN_GNUBG` may name another). Without it the test
//! says it skipped and passes, unless `PAPAN_REQUIRE_GNUBG=1` (set by
//! `cargo xtask test`), where a missing gnubg fails it.

use papan_rules::backgammon::{Backgammon, BgMove};
use papan_rules::{Game, Record, Transcript, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The gnubg binary: `PAPAN_GNUBG`, else `gnubg` on `PATH`, else Debian's place.
fn find_gnubg() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("PAPAN_GNUBG") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join("gnubg"));
    on_path.chain([PathBuf::from("/usr/games/gnubg")]).find(|p| p.is_file())
}

/// gnubg, or `None` after saying why the test skips (a failure instead
/// when `PAPAN_REQUIRE_GNUBG=1`).
fn gnubg_or_skip(test: &str) -> Option<PathBuf> {
    let found = find_gnubg();
    if found.is_none() {
        let required = std::env::var("PAPAN_REQUIRE_GNUBG").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "{test}: PAPAN_REQUIRE_GNUBG=1 but gnubg was not found (PAPAN_GNUBG, PATH, /usr/games/gnubg); \
             install it with `apt-get install gnubg`"
        );
        eprintln!("{test}: skipped, gnubg is not installed (apt-get install gnubg)");
    }
    found
}

/// A seeded random game, cut after `max_plies` moves.
fn random_record(seed: u64, max_plies: usize) -> Record<Backgammon> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut record = Record::<Backgammon>::new(Default::default(), seed);
    let mut game = record.start().unwrap();
    for _ in 0..max_plies {
        let mv = match game.turn() {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&mut rng).unwrap(),
            Turn::Seat(_) => {
                let moves = game.legal_moves();
                moves[rng.random_range(0..moves.len())]
            }
        };
        record.play(&mut game, mv).unwrap();
    }
    record
}

/// What gnubg shows after importing a file.
#[derive(Debug)]
struct GnubgEnd {
    position_id: String,
    /// 0 for the left column's player (White), 1 for the right (Black).
    on_roll: u32,
    /// gnubg's game state: 1 playing, 2 over.
    state: u32,
    /// The dice rolled and not yet played, high first; (0, 0) when none.
    dice: (u32, u32),
    output: String,
}

/// The bits of gnubg's Match ID, least significant first in each byte (the
/// same base64 packing as the Position ID; gnubg manual, "Match ID").
fn match_id_field(id: &str, start: usize, len: usize) -> u32 {
    let sextets: Vec<u32> = id
        .bytes()
        .map(|c| ALPHABET.iter().position(|&a| a == c).expect("a base64 Match ID") as u32)
        .collect();
    let mut bytes = Vec::new();
    for chunk in sextets.chunks(4) {
        let s = |k: usize| chunk.get(k).copied().unwrap_or(0);
        let word = (s(0) << 18) | (s(1) << 12) | (s(2) << 6) | s(3);
        bytes.extend([(word >> 16) as u8, (word >> 8) as u8, word as u8]);
    }
    (0..len)
        .map(|k| {
            let bit = start + k;
            ((bytes[bit / 8] >> (bit % 8)) & 1) as u32
        })
        .enumerate()
        .map(|(k, b)| b << k)
        .sum()
}

/// Runs `gnubg -t` on `mat`: imports it, shows the board, reads the IDs.
fn gnubg_import(gnubg: &Path, mat: &str, name: &str) -> GnubgEnd {
    gnubg_import_after(gnubg, mat, name, "")
}

/// [`gnubg_import`] with gnubg's commands `before` run first.
fn gnubg_import_after(gnubg: &Path, mat: &str, name: &str, before: &str) -> GnubgEnd {
    let dir = std::env::temp_dir().join(format!("papan-gnubg-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.mat");
    std::fs::write(&file, mat).unwrap();
    let out_path = dir.join("out.txt");
    // -t: text mode reading commands from stdin until it ends; -q: no
    // sound; -r: no rc files; -s: preferences in our scratch folder.
    let mut child = Command::new(gnubg)
        .args(["-t", "-q", "-r", "-s"])
        .arg(dir.join("prefs"))
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(Stdio::from(std::fs::File::create(dir.join("err.txt")).unwrap()))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", gnubg.display()));
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        write!(
            stdin,
            "{before}import mat \"{}\"\nshow board\nshow score\n",
            file.display()
        )
        .unwrap();
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("gnubg did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = std::fs::read_to_string(&out_path).unwrap() + &std::fs::read_to_string(dir.join("err.txt")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    for complaint in ["WARNING", "Invalid", "Unrecognised", "had errors", "not a valid"] {
        assert!(
            !output.contains(complaint),
            "gnubg complained ({complaint}):\n{output}\n{mat}"
        );
    }
    let last = |label: &str| {
        output
            .lines()
            .filter_map(|l| l.split_once(label).map(|(_, id)| id.trim().to_string()))
            .next_back()
            .unwrap_or_else(|| panic!("no {label} in gnubg's output:\n{output}"))
    };
    let position_id = last("Position ID:");
    let match_id = last("Match ID   :");
    let (d1, d2) = (match_id_field(&match_id, 15, 3), match_id_field(&match_id, 18, 3));
    GnubgEnd {
        position_id,
        on_roll: match_id_field(&match_id, 6, 1),
        state: match_id_field(&match_id, 8, 3),
        dice: (d1.max(d2), d1.min(d2)),
        output,
    }
}

/// gnubg reaches the position Papan's replay of `record` ends in.
fn assert_gnubg_agrees(gnubg: &Path, record: &Record<Backgammon>, name: &str) {
    let mat = Backgammon::export(record);
    let game = record.replay().unwrap();
    let end = gnubg_import(gnubg, &mat, name);
    let context = || format!("{name}\n{mat}\ngnubg said:\n{}", end.output);
    assert_eq!(end.position_id, game.position_id(), "Position ID, {}", context());
    assert_eq!(
        end.on_roll as usize,
        game.board_seat().index(),
        "player on roll, {}",
        context()
    );
    assert_eq!(end.state == 2, game.is_over(), "game over, {}", context());
    assert!(matches!(end.state, 1 | 2), "a game in play or over: {}", context());
    if !game.is_over() {
        let dice = game.dice().map_or((0, 0), |d| (d.high as u32, d.low as u32));
        assert_eq!(end.dice, dice, "dice, {}", context());
    }
}

#[test]
fn backgammon_mat_gnubg_reaches_the_same_final_position() {
    let Some(gnubg) = gnubg_or_skip("backgammon_mat_gnubg_reaches_the_same_final_position") else {
        return;
    };
    let mut winners = [0; 2];
    for seed in 0..10 {
        let record = random_record(seed, 10_000);
        let game = record.replay().unwrap();
        let winner = game.outcome().and_then(|o| o.winner).expect("random games finish");
        winners[winner.index()] += 1;
        assert_gnubg_agrees(&gnubg, &record, &format!("finished-{seed}"));
    }
    assert!(winners[0] > 0 && winners[1] > 0, "both columns win some: {winners:?}");
}

#[test]
fn backgammon_mat_gnubg_reads_unfinished_games() {
    let Some(gnubg) = gnubg_or_skip("backgammon_mat_gnubg_reads_unfinished_games") else {
        return;
    };
    for seed in 0..4 {
        let full = random_record(100 + seed, 10_000);
        // Cut after a play (the next roll is due) and after a roll that
        // leaves a choice of plays (the dice wait on the board). A roll with
        // no move or one forced play is left out: gnubg, which cannot keep
        // such dice unplayed, plays the dance or the forced play at once.
        let mut cuts = Vec::new();
        let mut game = full.start().unwrap();
        for (ply, mv) in full.moves.iter().enumerate() {
            game.play(mv).unwrap();
            let played = matches!(mv, BgMove::Play(_));
            if (played || game.legal_moves().len() > 1) && ply % 7 == seed as usize {
                cuts.push(ply + 1);
            }
        }
        for plies in cuts.into_iter().take(6).chain([1, 2]) {
            let record = Record {
                moves: full.moves[..plies].to_vec(),
                ..full.clone()
            };
            assert_gnubg_agrees(&gnubg, &record, &format!("unfinished-{seed}-{plies}"));
        }
    }
}

/// The players' names in the score line (issue 33) are gnubg's player
/// names, spaces, brackets and accents included, and the game still
/// reaches the same final position there.
#[test]
fn backgammon_mat_gnubg_reads_the_players_names() {
    let Some(gnubg) = gnubg_or_skip("backgammon_mat_gnubg_reads_the_players_names") else {
        return;
    };
    let record = random_record(7, 10_000);
    let game = record.replay().unwrap();
    let mat = Backgammon::export_named(&record, Some(["Ikaw", "Bot (Ahli) Ñandú"]));
    let end = gnubg_import(&gnubg, &mat, "names");
    let context = || format!("{mat}\ngnubg said:\n{}", end.output);
    assert_eq!(end.position_id, game.position_id(), "Position ID, {}", context());
    assert_eq!(end.state == 2, game.is_over(), "game over, {}", context());
    // gnubg's board shows player 0 as O and player 1 as X, by name.
    assert!(end.output.contains("O: Ikaw"), "{}", context());
    assert!(end.output.contains("X: Bot (Ahli) Ñandú"), "{}", context());
}

/// gnubg counts Papan's exported game as Papan does (issue 36): a gammon
/// is 2 points (B17), once the Jacoby rule of its money sessions is off
/// (`set jacoby off`, as the export screen says: gnubg 1.07 reads a `.mat`
/// file's `[Jacoby "Off"]` tag and discards it). With the rule on, gnubg
/// counts the gammon 1.
#[test]
fn b17_gnubg_scores_a_papan_gammon_as_papan_does() {
    let Some(gnubg) = gnubg_or_skip("b17_gnubg_scores_a_papan_gammon_as_papan_does") else {
        return;
    };
    let (record, outcome) = (0..500)
        .map(|seed| random_record(seed, 10_000))
        .find_map(|record| {
            let outcome = record.replay().unwrap().outcome()?;
            (outcome.points == 2).then_some((record, outcome))
        })
        .expect("a random game ends in a gammon");
    let mat = Backgammon::export(&record);
    let winner = ["White", "Black"][outcome.winner.unwrap().index()];
    let score_of = |end: &GnubgEnd| {
        end.output
            .lines()
            .find(|l| l.contains("The score"))
            .unwrap_or_else(|| panic!("no score in gnubg's output:\n{}", end.output))
            .to_string()
    };
    let off = score_of(&gnubg_import_after(&gnubg, &mat, "gammon-off", "set jacoby off\n"));
    assert!(off.contains(&format!("{winner} 2")), "{off}\n{mat}");
    let on = score_of(&gnubg_import_after(&gnubg, &mat, "gammon-on", "set jacoby on\n"));
    assert!(on.contains(&format!("{winner} 1")), "{on}");
}
