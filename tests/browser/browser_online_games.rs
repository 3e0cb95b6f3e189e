//! Real-browser online tests of HADANG, backgammon and Jun Qi flip: two
//! phones (two headless Chromium sessions at 390×844 with touch, each its own
//! profile, so each is its own device) play through the room server, started
//! here on 127.0.0.1 with a temporary database, from the web build. Every
//! step is a tap (typing only the server address and the room code): the
//! server in Settings, phone A opens the game's online lobby and creates a
//! room, phone B joins with the code, then both play. After every action the
//! OTHER phone must show the same position, read from the board's DOM as the
//! offline browser tests read it. A missing browser or build is a FAILURE.
//!
//! - HADANG (5+2 clock): steps and one wall per phone, each wall by Wall, a tap
//!   on its groove crossing (Rotate when needed; the preview shown on that
//!   phone only) then Place; both
//!   clocks shown on both phones and the mover's running down on both; A
//!   resigns and B's banner says B won.
//! - Backgammon: the opening roll offered to both phones, then each turn's
//!   roll offered to the phone to move only; checkers moved by taps, "done";
//!   after four played turns A resigns; the banners agree and both phones
//!   verified the dice against the server's commitment.
//! - Jun Qi flip: reveals and moves by taps on both phones; A leaves, the
//!   sheet warns that it loses (J20); B's banner says B won and B verified the
//!   layout against the server's commitment.
//!
//! The three tests take turns (one pair of Chromiums at a time: CI has two
//! cores). DOM contract: see `support/online.rs` for the room frame; the
//! boards' own hooks are those of `tests/browser_{hadang,backgammon,junqi}.rs`.

use crate::support;
use support::browser::{spot_selector, tap_css, tap_post, tap_shown_testid, wait_until, wait_visible, Lcg};
use support::online::{
    clock_ms, create_room, join_room, open_lobby, present, read_frame, set_server, text_of, Frame, Phones,
};

use fantoccini::Client;
use serde_json::Value;
use std::time::Duration;

/// One game at a time: each test drives two Chromiums.
static ONE_GAME_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
const GAME_LIMIT: Duration = Duration::from_secs(150);

/// Both phones point at the server; A creates a room of `game` with
/// `choices` tapped in the lobby, B joins with its code; both see it start.
async fn seat_both(phones: &Phones, game: &str, choices: &[&str]) -> Result<String, String> {
    let (a, b) = (&phones.a, &phones.b);
    for phone in [a, b] {
        set_server(phone, &phones.base, &phones.server_url).await?;
    }
    open_lobby(a, &phones.base, game).await?;
    let code = create_room(a, choices).await?;
    open_lobby(b, &phones.base, game).await?;
    join_room(b, &code).await?;
    for phone in [a, b] {
        wait_until(
            "the room starts",
            || read_frame(phone, "return null;"),
            |(f, _)| f.status == "playing",
        )
        .await?;
    }
    Ok(code)
}

/// Waits until both phones show the same room version, at least `version`,
/// with neither phone still waiting for an answer; returns both reads.
async fn settled<T: std::fmt::Debug>(
    phones: &Phones,
    version: u64,
    read: impl AsyncRead<T>,
) -> Result<((Frame, T), (Frame, T)), String> {
    let a = wait_until(
        "phone A catches up",
        || read.read(&phones.a),
        |(f, _)| f.version >= version && !f.pending,
    )
    .await?;
    let target = a.0.version;
    let b = wait_until(
        "phone B shows the same version as A",
        || read.read(&phones.b),
        |(f, _)| f.version >= target && !f.pending,
    )
    .await?;
    for (name, (frame, _)) in [("A", &a), ("B", &b)] {
        if frame.connection != "live" {
            return Err(format!("phone {name}'s link is not live: {frame:?}"));
        }
    }
    if b.0.version != target {
        // B moved on (the other phone acted meanwhile): read A again.
        let a = wait_until(
            "phone A shows the same version as B",
            || read.read(&phones.a),
            |(f, _)| f.version >= b.0.version && !f.pending,
        )
        .await?;
        return Ok((a, b));
    }
    Ok((a, b))
}

/// A board reader: the frame and the game's board, `None` while no board shows.
trait AsyncRead<T> {
    fn read(&self, client: &Client) -> impl std::future::Future<Output = Result<Option<(Frame, T)>, String>>;
}

/// Both result banners shown; returns (A's, B's) `data-winner`.
async fn banners(phones: &Phones) -> Result<(String, String), String> {
    let mut winners = Vec::new();
    for phone in [&phones.a, &phones.b] {
        let banner = wait_visible(phone, "[data-testid=\"result-banner\"]").await?;
        winners.push(banner.attr("data-winner").await.ok().flatten().unwrap_or_default());
    }
    Ok((winners[0].clone(), winners[1].clone()))
}

/// The fairness line of `client`'s banner once the check is done: `true`/`false`.
async fn fairness(client: &Client) -> Result<String, String> {
    let (frame, _) = wait_until(
        "the fairness check finishes",
        || read_frame(client, "return null;"),
        |(f, _)| f.fairness.as_deref().is_some_and(|ok| ok != "pending"),
    )
    .await?;
    Ok(frame.fairness.unwrap_or_default())
}

// ---------------------------------------------------------------- HADANG

const HADANG_FAILURE: &str = "test-output/browser/online-hadang-failure.png";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_play_hadang_online_with_walls_and_clocks_then_one_resigns() {
    let _turn = ONE_GAME_AT_A_TIME.lock().await;
    let phones = Phones::start().await;
    phones.forget_old_failure(HADANG_FAILURE);
    let outcome = phones.within(GAME_LIMIT, play_hadang(&phones)).await;
    phones.finish(outcome, HADANG_FAILURE).await;
}

/// What a phone's HADANG board shows.
#[derive(Clone, Debug, PartialEq)]
struct HadangBoard {
    ply: u64,
    turn: String,
    last_pointer: String,
    pawns: [String; 2],
    placed: Vec<String>,
    walls_left: [String; 2],
    targets: Vec<String>,
    ghost: Option<String>,
    /// The phone offers the wall input (the Wall button or crossings).
    wall_input: bool,
}

impl HadangBoard {
    /// The position both phones must agree on.
    fn position(&self) -> (u64, &[String; 2], &Vec<String>, &[String; 2]) {
        (self.ply, &self.pawns, &self.placed, &self.walls_left)
    }
}

const HADANG_JS: &str = r#"
const b = document.querySelector('[data-testid="hadang-board"]');
if (!b) return null;
const ghost = b.querySelector('[data-testid="ghost-wall"]');
const at = (s) => { const p = b.querySelector('[data-pawn="' + s + '"]'); return p ? p.getAttribute('data-at') : ''; };
const walls = (s) => { const p = document.querySelector('.player-strip[data-side="' + s + '"] [data-fact="walls"]'); return p ? p.getAttribute('data-value') : ''; };
return {
  ply: Number(b.getAttribute('data-ply')),
  turn: b.getAttribute('data-turn'),
  lastPointer: b.getAttribute('data-last-pointer'),
  pawns: [at('p1'), at('p2')],
  placed: [...b.querySelectorAll('[data-placed]')].map(w => w.getAttribute('data-placed')).sort(),
  wallsLeft: [walls('p1'), walls('p2')],
  targets: [...b.querySelectorAll('[data-cell].target')].map(c => c.getAttribute('data-cell')),
  ghost: ghost ? ghost.getAttribute('data-ghost') : null,
  wallInput: !!document.querySelector('[data-testid="wall-mode"]') || !!b.querySelector('[data-crossing]'),
};
"#;

struct ReadHadang;

impl AsyncRead<HadangBoard> for ReadHadang {
    async fn read(&self, client: &Client) -> Result<Option<(Frame, HadangBoard)>, String> {
        let Some((frame, v)) = read_frame(client, HADANG_JS).await? else {
            return Ok(None);
        };
        if v.is_null() {
            return Ok(None);
        }
        let text = |key: &str| v[key].as_str().unwrap_or_default().to_string();
        let pair = |key: &str| [0, 1].map(|i| v[key][i].as_str().unwrap_or_default().to_string());
        Ok(Some((
            frame,
            HadangBoard {
                ply: v["ply"].as_u64().unwrap_or(u64::MAX),
                turn: text("turn"),
                last_pointer: text("lastPointer"),
                pawns: pair("pawns"),
                placed: strings(&v["placed"]),
                walls_left: pair("wallsLeft"),
                targets: strings(&v["targets"]),
                ghost: v["ghost"].as_str().map(str::to_string),
                wall_input: v["wallInput"].as_bool().unwrap_or(true),
            },
        )))
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// The walls placed, in order of the plies they are played on: one per phone.
const HADANG_WALLS: [(u64, &str); 2] = [(2, "b6h"), (3, "g4h")];
const HADANG_PLIES: u64 = 8;

async fn play_hadang(phones: &Phones) -> Result<String, String> {
    seat_both(phones, "hadang", &["tempo-5-2"]).await?;
    let (mut a, mut b) = settled(phones, 0, ReadHadang).await?;
    if !a.0.first() || b.0.first() {
        return Err(format!(
            "the creator is not Player 1 in game 0: A {}, B {}",
            a.0.seat, b.0.seat
        ));
    }
    for (phone, (frame, _)) in [("A", &a), ("B", &b)] {
        for clock in [&frame.clock_me, &frame.clock_opponent] {
            if clock.as_deref().and_then(clock_ms).is_none() {
                return Err(format!("phone {phone} does not show both clocks as m:ss: {frame:?}"));
            }
        }
    }
    let mut clock_checked = false;
    while a.1.ply < HADANG_PLIES {
        let ply = a.1.ply;
        // Player 1 (A) moves on even plies.
        let (mover, other, mover_name) = if ply % 2 == 0 {
            (&phones.a, &phones.b, "A")
        } else {
            (&phones.b, &phones.a, "B")
        };
        let (me, board) = if ply % 2 == 0 { &a } else { &b };
        if !me.my_turn || board.turn != "human" {
            return Err(format!(
                "ply {ply}: phone {mover_name} is not offered the move: {me:?} {board:?}"
            ));
        }
        let (_, other_board) = if ply % 2 == 0 { &b } else { &a };
        if other_board.turn != "wait" || other_board.wall_input || !other_board.targets.is_empty() {
            return Err(format!(
                "ply {ply}: the phone not to move offers moves: {other_board:?}"
            ));
        }
        if ply == 1 {
            tap_out_of_turn(other).await?;
        }
        if ply == 2 && !clock_checked {
            check_clock_runs(phones).await?;
            clock_checked = true;
        }
        let version = me.version;
        if let Some((_, wall)) = HADANG_WALLS.iter().find(|(p, _)| *p == ply) {
            place_wall(phones, mover, other, wall).await?;
        } else {
            let seat = if ply % 2 == 0 { 0 } else { 1 };
            let cell = best_step(&board.targets, seat).ok_or(format!("ply {ply}: no target cell to step to"))?;
            tap_css(mover, &format!("[data-testid=\"hadang-board\"] [data-cell=\"{cell}\"]")).await?;
        }
        (a, b) = settled(phones, version + 1, ReadHadang).await?;
        if a.1.ply != ply + 1 {
            return Err(format!(
                "after ply {ply} by {mover_name} the boards show ply {}",
                a.1.ply
            ));
        }
        if a.1.position() != b.1.position() {
            return Err(format!(
                "the phones disagree after ply {ply}:\nA {:?}\nB {:?}",
                a.1, b.1
            ));
        }
        if ply == 4 {
            phones
                .shot(&phones.a, "test-output/browser/online-hadang-mid-a.png")
                .await;
            phones
                .shot(&phones.b, "test-output/browser/online-hadang-mid-b.png")
                .await;
        }
    }
    for (name, (_, board)) in [("A", &a), ("B", &b)] {
        if board.last_pointer != "touch" {
            return Err(format!(
                "phone {name}'s board saw {:?} input, not touch",
                board.last_pointer
            ));
        }
    }
    if a.1.placed.len() != 2 || a.1.walls_left != ["9", "9"] {
        return Err(format!("two walls, one each, should be on the board: {:?}", a.1));
    }
    // A resigns: A loses, B wins, on both phones.
    tap_shown_testid(&phones.a, "resign").await?;
    tap_shown_testid(&phones.a, "resign-confirm").await?;
    let (wa, wb) = banners(phones).await?;
    phones
        .shot_settled(&phones.a, "test-output/browser/online-hadang-end-a.png")
        .await;
    phones
        .shot(&phones.b, "test-output/browser/online-hadang-end-b.png")
        .await;
    if (wa.as_str(), wb.as_str()) != ("opponent", "human") {
        return Err(format!("after A resigned the banners say A {wa}, B {wb}"));
    }
    Ok(format!(
        "online HADANG: {} plies, walls {:?}, pawns {:?}; A resigned: A {wa}, B {wb}",
        a.1.ply, a.1.placed, a.1.pawns
    ))
}

/// The target cell furthest towards the seat's goal (Player 1 up, Player 2 down).
fn best_step(targets: &[String], seat: usize) -> Option<String> {
    let rank = |c: &String| c[1..].parse::<i32>().unwrap_or(0);
    targets
        .iter()
        .max_by_key(|c| if seat == 0 { rank(c) } else { -rank(c) })
        .cloned()
}

/// Wall, a tap on the crossing (Rotate when needed): a preview on the mover's
/// phone only, nothing played; Place plays the wall.
async fn place_wall(phones: &Phones, mover: &Client, other: &Client, wall: &str) -> Result<(), String> {
    let before = ReadHadang.read(mover).await?.ok_or("no board")?;
    tap_shown_testid(mover, "wall-mode").await?;
    let anchor = &wall[..2];
    let crossing = format!("[data-testid=\"hadang-board\"] [data-crossing=\"{anchor}\"] .crossing-hit");
    wait_until(
        &format!("the crossing {anchor} offered"),
        || async { present(mover, &crossing).await.map(Some) },
        |shown| *shown,
    )
    .await?;
    tap_css(mover, &crossing).await?;
    let (_, first) = wait_until(
        &format!("a preview at {anchor} after tapping its crossing"),
        || ReadHadang.read(mover),
        |(_, b)| b.ghost.as_deref().is_some_and(|g| g.starts_with(anchor)),
    )
    .await?;
    if first.ghost.as_deref() != Some(wall) {
        tap_shown_testid(mover, "wall-rotate").await?;
    }
    let (_, shown) = wait_until(
        &format!("the preview {wall}"),
        || ReadHadang.read(mover),
        |(_, b)| b.ghost.as_deref() == Some(wall),
    )
    .await?;
    if shown.ply != before.1.ply || shown.placed.contains(&wall.to_string()) {
        return Err(format!("choosing {wall} played it instead of previewing it"));
    }
    // The status asks for the confirming tap, and Cancel is on offer.
    let hint = text_of(mover, "[data-testid=\"status\"]").await?;
    if !hint.contains("Place it") {
        return Err(format!(
            "the wall preview's status says {hint:?}, not to place or turn it"
        ));
    }
    if text_of(mover, "[data-testid=\"wall-cancel\"]").await?.is_empty() {
        return Err("no Cancel for the previewed wall".into());
    }
    let (_, seen) = ReadHadang.read(other).await?.ok_or("no board on the other phone")?;
    if seen.ghost.is_some() || seen.placed.contains(&wall.to_string()) {
        return Err(format!("the other phone shows the previewed wall {wall}: {seen:?}"));
    }
    let suffix = if std::ptr::eq(mover, &phones.a) { "a" } else { "b" };
    phones
        .shot(
            mover,
            &format!("test-output/browser/online-hadang-wall-preview-{suffix}.png"),
        )
        .await;
    tap_shown_testid(mover, "wall-place").await
}

async fn frame_of(client: &Client) -> Result<(Frame, Value), String> {
    read_frame(client, "return null;")
        .await?
        .ok_or_else(|| "no room on the screen".to_string())
}

/// A tap on the board of the phone not to move plays nothing and says why.
async fn tap_out_of_turn(client: &Client) -> Result<(), String> {
    let (_, before) = ReadHadang.read(client).await?.ok_or("no board")?;
    // e5: empty, in the middle, a step for no pawn yet.
    tap_css(client, "[data-testid=\"hadang-board\"] [data-cell=\"e5\"]").await?;
    let said = text_of(client, "[data-testid=\"toast\"]").await?;
    let (_, after) = ReadHadang.read(client).await?.ok_or("no board")?;
    if said.is_empty() || after.position() != before.position() || after.ghost.is_some() {
        return Err(format!("a tap out of turn said {said:?} and left the board {after:?}"));
    }
    Ok(())
}

/// While A thinks, A's clock runs down on both phones and B's stands still.
async fn check_clock_runs(phones: &Phones) -> Result<(), String> {
    let (a0, _) = frame_of(&phones.a).await?;
    let (b0, _) = frame_of(&phones.b).await?;
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let (a1, _) = frame_of(&phones.a).await?;
    let (b1, _) = frame_of(&phones.b).await?;
    let ms = |c: &Option<String>| c.as_deref().and_then(clock_ms).unwrap_or(0);
    if ms(&a1.clock_me) >= ms(&a0.clock_me) {
        return Err(format!(
            "A's clock does not run on A's turn (phone A): {:?} then {:?}",
            a0.clock_me, a1.clock_me
        ));
    }
    if ms(&b1.clock_opponent) >= ms(&b0.clock_opponent) {
        return Err(format!(
            "A's clock does not run on A's turn (phone B): {:?} then {:?}",
            b0.clock_opponent, b1.clock_opponent
        ));
    }
    if b1.clock_me != b0.clock_me || a1.clock_opponent != a0.clock_opponent {
        return Err(format!(
            "B's clock moved on A's turn: B {:?} → {:?}, A sees {:?} → {:?}",
            b0.clock_me, b1.clock_me, a0.clock_opponent, a1.clock_opponent
        ));
    }
    Ok(())
}

// ------------------------------------------------------------ Backgammon

const BACKGAMMON_FAILURE: &str = "test-output/browser/online-backgammon-failure.png";
/// Played turns (checkers moved and "done", or a pass) before A resigns.
const BACKGAMMON_TURNS: usize = 4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_play_backgammon_online_with_committed_dice_then_one_resigns() {
    let _turn = ONE_GAME_AT_A_TIME.lock().await;
    let phones = Phones::start().await;
    phones.forget_old_failure(BACKGAMMON_FAILURE);
    let outcome = phones.within(GAME_LIMIT, play_backgammon(&phones)).await;
    phones.finish(outcome, BACKGAMMON_FAILURE).await;
}

/// What a phone's backgammon board shows.
#[derive(Clone, Debug, PartialEq)]
struct BgBoard {
    phase: String,
    /// A hash of the board's markup: changes whenever anything on it does.
    sig: String,
    movable: Vec<String>,
    targets: Vec<String>,
    done_enabled: bool,
    roll_offered: bool,
    position: BgPosition,
}

/// The position both phones must agree on, in White's numbering.
#[derive(Clone, Debug, PartialEq)]
struct BgPosition {
    /// (point 1–24 in White's numbering, colour, count), sorted.
    checkers: Vec<(u8, String, u64)>,
    /// (colour, count) on the bar and borne off, sorted.
    bar: Vec<(String, u64)>,
    off: Vec<(String, u64)>,
    /// The dice shown, sorted.
    dice: Vec<u64>,
}

const BACKGAMMON_JS: &str = r#"
const b = document.querySelector('[data-testid="backgammon-board"]');
if (!b) return null;
const html = b.innerHTML;
let h = 0;
for (let i = 0; i < html.length; i++) { h = (h * 31 + html.charCodeAt(i)) | 0; }
const num = (e, a) => parseFloat(e.getAttribute(a));
const hits = [...b.querySelectorAll('rect.hit[data-point]')].map(r => ({
  p: Number(r.getAttribute('data-point')), x: num(r, 'x'), y: num(r, 'y'), w: num(r, 'width'), h: num(r, 'height') }));
const colour = (e) => e.classList.contains('white') ? 'white' : (e.classList.contains('black') ? 'black' : '?');
const count = (g) => { const t = g.querySelector('text.stack-count'); return t ? Number(t.textContent) : g.querySelectorAll('circle.checker').length; };
const checkers = [...b.querySelectorAll('g.stack:not(.on-bar)')].map(g => {
  const c = g.querySelector('circle.checker');
  const cx = num(c, 'cx'), cy = num(c, 'cy');
  const hit = hits.find(r => cx >= r.x && cx < r.x + r.w && cy >= r.y && cy <= r.y + r.h);
  return [hit ? hit.p : 0, colour(c), count(g)];
});
const bar = [...b.querySelectorAll('g.stack.on-bar')].map(g => [colour(g.querySelector('circle.checker')), count(g)]);
const off = ['white', 'black'].map(c => [c, b.querySelectorAll('rect.slab.' + c).length]);
const pts = (cls) => [...b.querySelectorAll('rect.hit[data-point].' + cls)].map(e => e.getAttribute('data-point'));
const movable = [];
const barHit = b.querySelector('[data-testid="bar"]');
if (barHit && barHit.classList.contains('movable')) movable.push('bar');
pts('movable').sort((x, y) => y - x).forEach(p => movable.push(p));
const targets = [];
const offHit = b.querySelector('[data-testid="off"]');
if (offHit && offHit.classList.contains('target')) targets.push('off');
pts('target').sort((x, y) => x - y).forEach(p => targets.push(p));
const done = document.querySelector('[data-testid="done"]');
return {
  phase: b.getAttribute('data-phase'),
  sig: String(h) + ':' + html.length,
  movable, targets,
  done: !!done && !done.disabled,
  roll: !!document.querySelector('[data-testid="roll"]'),
  checkers, bar, off,
  dice: [...b.querySelectorAll('[data-die]')].map(d => Number(d.getAttribute('data-die'))).sort(),
};
"#;

struct ReadBackgammon;

impl AsyncRead<BgBoard> for ReadBackgammon {
    async fn read(&self, client: &Client) -> Result<Option<(Frame, BgBoard)>, String> {
        let Some((frame, v)) = read_frame(client, BACKGAMMON_JS).await? else {
            return Ok(None);
        };
        if v.is_null() {
            return Ok(None);
        }
        // Each phone numbers the points from its own side (B1: 24 → 1).
        let white = frame.first();
        let mut checkers: Vec<(u8, String, u64)> = v["checkers"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|c| {
                        let local = c[0].as_u64().unwrap_or(0) as u8;
                        let point = if white || local == 0 { local } else { 25 - local };
                        (
                            point,
                            c[1].as_str().unwrap_or("?").to_string(),
                            c[2].as_u64().unwrap_or(0),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        checkers.sort();
        let pairs = |key: &str| -> Vec<(String, u64)> {
            let mut out: Vec<(String, u64)> = v[key]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|p| (p[0].as_str().unwrap_or("?").to_string(), p[1].as_u64().unwrap_or(0)))
                        .collect()
                })
                .unwrap_or_default();
            out.sort();
            out
        };
        let bar = pairs("bar");
        let off = pairs("off");
        Ok(Some((
            frame,
            BgBoard {
                phase: v["phase"].as_str().unwrap_or_default().to_string(),
                sig: v["sig"].as_str().unwrap_or_default().to_string(),
                movable: strings(&v["movable"]),
                targets: strings(&v["targets"]),
                done_enabled: v["done"].as_bool().unwrap_or(false),
                roll_offered: v["roll"].as_bool().unwrap_or(false),
                position: BgPosition {
                    checkers,
                    bar,
                    off,
                    dice: v["dice"]
                        .as_array()
                        .map(|a| a.iter().filter_map(Value::as_u64).collect())
                        .unwrap_or_default(),
                },
            },
        )))
    }
}

async fn play_backgammon(phones: &Phones) -> Result<String, String> {
    seat_both(phones, "backgammon", &[]).await?;
    let (a, b) = settled(phones, 0, ReadBackgammon).await?;
    if a.1.position.checkers.iter().map(|c| c.2).sum::<u64>() != 30 || a.1.position != b.1.position {
        return Err(format!(
            "the phones do not show the same 30-checker start:\nA {:?}\nB {:?}",
            a.1, b.1
        ));
    }
    // B4: the opening roll is offered to both phones; A taps it.
    if !a.1.roll_offered || !b.1.roll_offered {
        return Err(format!(
            "the opening roll is not offered on both phones (A {}, B {})",
            a.1.roll_offered, b.1.roll_offered
        ));
    }
    tap_shown_testid(&phones.a, "roll").await?;
    let (mut a, mut b) = settled(phones, a.0.version + 1, ReadBackgammon).await?;
    if a.1.position.dice.len() != 2 || a.1.position.dice != b.1.position.dice {
        return Err(format!(
            "after the opening roll: A's dice {:?}, B's {:?}",
            a.1.position.dice, b.1.position.dice
        ));
    }
    let mut turns = 0;
    let mut rolls = 1;
    let mut taps = 1;
    while turns < BACKGAMMON_TURNS {
        if taps > 200 {
            return Err("more than 200 taps for four turns".into());
        }
        let a_acts = a.1.phase != "wait";
        let b_acts = b.1.phase != "wait";
        let (mover, other, state, other_state, name) = match (a_acts, b_acts) {
            (true, false) => (&phones.a, &phones.b, &a, &b, "A"),
            (false, true) => (&phones.b, &phones.a, &b, &a, "B"),
            _ => {
                return Err(format!(
                    "exactly one phone should act: A {} ({:?}), B {} ({:?})",
                    a.1.phase, a.0, b.1.phase, b.0
                ))
            }
        };
        if other_state.1.roll_offered || other_state.0.my_turn || present(other, "[data-testid=\"done\"]").await? {
            return Err(format!(
                "the phone not to move is offered a roll or done: {:?} {:?}",
                other_state.0, other_state.1
            ));
        }
        let version = state.0.version;
        match state.1.phase.as_str() {
            "roll" => {
                if !state.1.roll_offered {
                    return Err(format!("phone {name} must roll but has no roll button"));
                }
                tap_shown_testid(mover, "roll").await?;
                rolls += 1;
                taps += 1;
                (a, b) = settled(phones, version + 1, ReadBackgammon).await?;
                let (rolled, watching) = if name == "A" { (&a.1, &b.1) } else { (&b.1, &a.1) };
                // A forced turn may already stand built on the roller's phone
                // (shown there only, until "done"): then only the dice can agree.
                let built = rolled.done_enabled && rolled.movable.is_empty();
                let agree = if built {
                    rolled.position.dice == watching.position.dice
                } else {
                    rolled.position == watching.position
                };
                if !agree || rolled.position.dice.is_empty() {
                    return Err(format!(
                        "after {name}'s roll the phones disagree:\nA {:?}\nB {:?}",
                        a.1, b.1
                    ));
                }
            }
            "move" | "pass" => {
                let waiting = other_state.1.clone();
                taps += build_turn(mover, &state.1).await?;
                // The turn is built on the mover's phone only, until "done".
                let (_, seen) = ReadBackgammon.read(other).await?.ok_or("no board on the other phone")?;
                if seen.position != waiting.position {
                    return Err(format!("{name}'s unsent steps show on the other phone: {seen:?}"));
                }
                tap_css(mover, "[data-testid=\"done\"]").await?;
                taps += 1;
                turns += 1;
                (a, b) = settled(phones, version + 1, ReadBackgammon).await?;
                if a.1.position != b.1.position {
                    return Err(format!(
                        "after {name}'s turn {turns} the phones disagree:\nA {:?}\nB {:?}",
                        a.1, b.1
                    ));
                }
                if turns == 2 {
                    phones
                        .shot(&phones.a, "test-output/browser/online-backgammon-mid-a.png")
                        .await;
                    phones
                        .shot(&phones.b, "test-output/browser/online-backgammon-mid-b.png")
                        .await;
                }
            }
            "over" => return Err("the game ended before A resigned".into()),
            other => return Err(format!("unknown board phase {other:?}")),
        }
    }
    tap_shown_testid(&phones.a, "resign").await?;
    tap_shown_testid(&phones.a, "resign-confirm").await?;
    let (wa, wb) = banners(phones).await?;
    let fair = (fairness(&phones.a).await?, fairness(&phones.b).await?);
    phones
        .shot_settled(&phones.a, "test-output/browser/online-backgammon-end-a.png")
        .await;
    phones
        .shot(&phones.b, "test-output/browser/online-backgammon-end-b.png")
        .await;
    if (wa.as_str(), wb.as_str()) != ("opponent", "human") {
        return Err(format!("after A resigned the banners say A {wa}, B {wb}"));
    }
    if fair != ("true".to_string(), "true".to_string()) {
        return Err(format!(
            "the dice were not verified on both phones: A {}, B {}",
            fair.0, fair.1
        ));
    }
    Ok(format!(
        "online backgammon: {rolls} rolls, {turns} turns, {taps} taps; A resigned: A {wa}, B {wb}; dice verified on both"
    ))
}

/// Taps checkers and destinations until "done" is enabled (a pass needs
/// none); returns the taps made.
async fn build_turn(mover: &Client, start: &BgBoard) -> Result<usize, String> {
    let mut state = start.clone();
    let mut taps = 0;
    while !state.done_enabled {
        if taps > 16 {
            return Err(format!("no complete turn after 16 taps: {state:?}"));
        }
        let spot = if let Some(target) = state.targets.first() {
            target.clone()
        } else if let Some(from) = state.movable.first() {
            from.clone()
        } else {
            return Err(format!("our move, but nothing movable and done is off: {state:?}"));
        };
        tap_css(mover, &spot_selector(&spot)).await?;
        taps += 1;
        let before = state.clone();
        state = wait_until(
            &format!("tapping {spot} changes the board"),
            || ReadBackgammon.read(mover),
            |(_, s)| s.sig != before.sig || s.done_enabled != before.done_enabled,
        )
        .await?
        .1;
    }
    Ok(taps)
}

// --------------------------------------------------------------- Jun Qi

const JUNQI_FAILURE: &str = "test-output/browser/online-junqi-failure.png";
/// Actions (both phones together) before A leaves, once each phone has also moved a piece.
const JUNQI_ACTIONS: usize = 10;
const JUNQI_MAX_ACTIONS: usize = 30;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_play_junqi_online_reveals_and_moves_then_one_leaves_and_loses() {
    let _turn = ONE_GAME_AT_A_TIME.lock().await;
    let phones = Phones::start().await;
    phones.forget_old_failure(JUNQI_FAILURE);
    let outcome = phones.within(GAME_LIMIT, play_junqi(&phones)).await;
    phones.finish(outcome, JUNQI_FAILURE).await;
}

#[derive(Clone, Debug, PartialEq)]
struct JqBoard {
    ply: u64,
    turn: String,
    /// (post, `facedown|red|blue|empty`, piece label) for every post.
    posts: Vec<(String, String, String)>,
    movable: Vec<String>,
    targets: Vec<String>,
    selected: Vec<String>,
}

impl JqBoard {
    fn with_state(&self, state: &str) -> Vec<String> {
        self.posts
            .iter()
            .filter(|p| p.1 == state)
            .map(|p| p.0.clone())
            .collect()
    }
}

const JUNQI_JS: &str = r#"
const b = document.querySelector('[data-testid="junqi-board"]');
if (!b) return null;
const posts = [...b.querySelectorAll('[data-post]')];
const state = (p) => ['facedown', 'red', 'blue', 'empty'].find(s => p.classList.contains(s)) || '?';
const named = (cls) => posts.filter(p => p.classList.contains(cls)).map(p => p.getAttribute('data-post'));
return {
  ply: Number(b.getAttribute('data-ply')),
  turn: b.getAttribute('data-turn'),
  posts: posts.map(p => { const l = p.querySelector('.piece-label'); return [p.getAttribute('data-post'), state(p), l ? l.textContent : '']; }),
  movable: named('movable'),
  targets: named('target'),
  selected: named('selected'),
};
"#;

struct ReadJunqi;

impl AsyncRead<JqBoard> for ReadJunqi {
    async fn read(&self, client: &Client) -> Result<Option<(Frame, JqBoard)>, String> {
        let Some((frame, v)) = read_frame(client, JUNQI_JS).await? else {
            return Ok(None);
        };
        if v.is_null() {
            return Ok(None);
        }
        let posts = v["posts"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|p| {
                        let s = |i: usize| p[i].as_str().unwrap_or_default().to_string();
                        (s(0), s(1), s(2))
                    })
                    .collect()
            })
            .unwrap_or_default();
        Ok(Some((
            frame,
            JqBoard {
                ply: v["ply"].as_u64().unwrap_or(u64::MAX),
                turn: v["turn"].as_str().unwrap_or_default().to_string(),
                posts,
                movable: strings(&v["movable"]),
                targets: strings(&v["targets"]),
                selected: strings(&v["selected"]),
            },
        )))
    }
}

async fn play_junqi(phones: &Phones) -> Result<String, String> {
    seat_both(phones, "junqi", &[]).await?;
    let (mut a, mut b) = settled(phones, 0, ReadJunqi).await?;
    if a.1.posts.len() != 60 || a.1.with_state("facedown").len() != 50 || a.1.posts != b.1.posts {
        return Err(format!(
            "the phones do not show the same 50 face-down pieces:\nA {:?}\nB {:?}",
            a.1, b.1
        ));
    }
    let mut rng = Lcg(0x6f6e_6c69);
    let mut reveals = 0;
    // Per phone (A, B): pieces moved, and whether its last action was a move.
    let mut moves = [0, 0];
    let mut moved_last = [false, false];
    let mut actions = 0;
    while actions < JUNQI_ACTIONS || moves.contains(&0) {
        if actions == JUNQI_MAX_ACTIONS {
            return Err(format!(
                "after {JUNQI_MAX_ACTIONS} actions a phone has still not moved a piece: {moves:?}"
            ));
        }
        let (mover, other_state, state, name, i) = match (a.0.my_turn, b.0.my_turn) {
            (true, false) => (&phones.a, &b, &a, "A", 0),
            (false, true) => (&phones.b, &a, &b, "B", 1),
            _ => return Err(format!("exactly one phone should be on turn: A {:?}, B {:?}", a.0, b.0)),
        };
        if state.1.turn != "human" || other_state.1.turn != "wait" || !other_state.1.movable.is_empty() {
            return Err(format!(
                "the boards' turns disagree with the frame: A {:?}, B {:?}",
                a.1, b.1
            ));
        }
        let version = state.0.version;
        let ply = state.1.ply;
        let face_down = state.1.with_state("facedown");
        if !state.1.movable.is_empty() && (!moved_last[i] || face_down.is_empty()) {
            // A move: the piece, then one of its green targets.
            let from = state.1.movable[rng.pick(state.1.movable.len())].clone();
            tap_post(mover, &from).await?;
            let (_, selected) = wait_until(
                &format!("targets after selecting {from}"),
                || ReadJunqi.read(mover),
                |(_, b)| b.selected.contains(&from) && !b.targets.is_empty(),
            )
            .await?;
            let to = selected.targets[rng.pick(selected.targets.len())].clone();
            tap_post(mover, &to).await?;
            moves[i] += 1;
            moved_last[i] = true;
        } else {
            let post = face_down
                .get(rng.pick(face_down.len()))
                .cloned()
                .ok_or("nothing to reveal and nothing to move")?;
            tap_post(mover, &post).await?;
            reveals += 1;
            moved_last[i] = false;
        }
        actions += 1;
        (a, b) = settled(phones, version + 1, ReadJunqi).await?;
        if a.1.ply != ply + 1 || a.1.posts != b.1.posts {
            return Err(format!(
                "after {name}'s action {actions} (ply {ply}) the phones disagree:\nA {:?}\nB {:?}",
                a.1, b.1
            ));
        }
        if actions == 6 {
            phones
                .shot(&phones.a, "test-output/browser/online-junqi-mid-a.png")
                .await;
            phones
                .shot(&phones.b, "test-output/browser/online-junqi-mid-b.png")
                .await;
        }
    }
    // A leaves: the sheet says it loses the game (J20); B wins.
    tap_shown_testid(&phones.a, "leave").await?;
    let warning = text_of(&phones.a, "[data-testid=\"leave-warning\"]").await?;
    phones
        .shot_settled(&phones.a, "test-output/browser/online-junqi-leave-sheet-a.png")
        .await;
    if !warning.contains("J20") {
        return Err(format!("the leave sheet does not name rule J20: {warning:?}"));
    }
    tap_shown_testid(&phones.a, "leave-confirm").await?;
    let banner = wait_visible(&phones.b, "[data-testid=\"result-banner\"]").await?;
    let wb = banner.attr("data-winner").await.ok().flatten().unwrap_or_default();
    let fair = fairness(&phones.b).await?;
    phones
        .shot_settled(&phones.b, "test-output/browser/online-junqi-end-b.png")
        .await;
    // A is back home, its seat forgotten.
    wait_visible(&phones.a, "[data-testid=\"play-junqi\"]").await?;
    phones
        .shot(&phones.a, "test-output/browser/online-junqi-end-a.png")
        .await;
    if wb != "human" {
        return Err(format!("after A left, B's banner says {wb:?}, not that B won"));
    }
    if fair != "true" {
        return Err(format!(
            "B could not verify the layout against the commitment: data-ok={fair}"
        ));
    }
    Ok(format!(
        "online Jun Qi: {actions} actions ({reveals} reveals, moves by A and B {moves:?}); A left: B {wb}, layout verified"
    ))
}
