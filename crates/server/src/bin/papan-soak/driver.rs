//! One table at a time: two seats playing random legal actions, mixed
//! with illegal, stale, duplicated, reordered and malformed requests,
//! while each seat's event stream is dropped and resumed. A table plays a
//! game or two, then leaves and the driver opens the next one.

use crate::ledger::{Ledger, RoomIx};
use crate::streams::{self, StreamEnd};
use crate::wire::{self, header, Answer, Http, SeatKeys};
use papan_api::{Action, ActionAccepted, ActionRequest, ApiError, GameId, RoomStatus, Snapshot};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::watch;

pub struct Ctx {
    pub http: Http,
    pub ledger: Ledger,
    pub stop_at: Instant,
}

/// The driver's own numbering of requests: new actions take multiples of
/// ten, so a number in between is one never sent (an out-of-order seq).
struct Seqs([u64; 2]);

impl Seqs {
    fn next(&mut self, slot: u8) -> u64 {
        self.0[slot as usize] += 10;
        self.0[slot as usize]
    }

    fn earlier_unused(&self, slot: u8, rng: &mut StdRng) -> Option<u64> {
        let top = self.0[slot as usize];
        (top >= 10).then(|| top - rng.random_range(1..=9))
    }
}

struct Table {
    room_id: String,
    ix: RoomIx,
    keys: [SeatKeys; 2],
    seqs: Seqs,
    /// The last accepted request of each slot, for duplicates.
    last: [Option<ActionRequest>; 2],
}

/// The final state of a table still open when the soak ends.
pub struct OpenTable {
    pub room_id: String,
    pub ix: RoomIx,
    pub keys: [SeatKeys; 2],
}

pub async fn run(ctx: Arc<Ctx>, driver: u64, seed: u64) -> Option<OpenTable> {
    let mut rng = StdRng::seed_from_u64(seed ^ driver.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let games = [GameId::Hex, GameId::Hadang, GameId::Junqi, GameId::Backgammon];
    let mut turn = driver as usize;
    while Instant::now() < ctx.stop_at {
        let game = games[turn % games.len()];
        turn += 1;
        let (room_id, keys) = match wire::table(&ctx.http.base, game, &ctx.ledger).await {
            Ok(table) => table,
            Err(why) => {
                ctx.ledger.count("tables not opened (a lost answer)");
                tracing_note(&why);
                continue;
            }
        };
        ctx.ledger.count("tables");
        let ix = ctx.ledger.room(&room_id);
        let mut table = Table {
            room_id,
            ix,
            keys,
            seqs: Seqs([0, 0]),
            last: [None, None],
        };
        let (final_tx, final_rx) = watch::channel(None::<TableEnd>);
        let readers: Vec<_> = (0..2u8)
            .map(|slot| {
                tokio::spawn(streams::follow(
                    ctx.clone(),
                    table.room_id.clone(),
                    table.ix,
                    slot,
                    table.keys[slot as usize].clone(),
                    final_rx.clone(),
                    rng.random(),
                ))
            })
            .collect();
        let games_here = rng.random_range(1..=2);
        let end = play_table(&ctx, &mut table, &mut rng, games_here).await;
        let end = end.unwrap_or_else(|why| {
            ctx.ledger.fail(format!("room {}: {why}", table.ix));
            TableEnd {
                version: 0,
                closed: false,
            }
        });
        // The streams read on until they have seen the last version.
        let _ = final_tx.send(Some(end));
        for reader in readers {
            match reader.await {
                Ok(StreamEnd::Complete) => {}
                Ok(StreamEnd::Short(why)) => ctx.ledger.fail(format!("room {}: {why}", table.ix)),
                Err(e) => ctx
                    .ledger
                    .fail(format!("room {}: stream reader panicked: {e}", table.ix)),
            }
        }
        if !end.closed {
            // Still open: checked once more after the last restart.
            return Some(OpenTable {
                room_id: table.room_id,
                ix: table.ix,
                keys: table.keys,
            });
        }
    }
    None
}

fn tracing_note(why: &str) {
    if std::env::var_os("PAPAN_SOAK_VERBOSE").is_some() {
        eprintln!("{why}");
    }
}

/// How a table ended: its last version, and whether it was left.
#[derive(Clone, Copy)]
pub struct TableEnd {
    pub version: u64,
    pub closed: bool,
}

/// Plays until `games` games are over and the room is left, or until the
/// soak's time is up (the room stays open).
async fn play_table(ctx: &Ctx, table: &mut Table, rng: &mut StdRng, games: u32) -> Result<TableEnd, String> {
    let mut over = 0;
    loop {
        let s = ctx.http.snapshot(&table.room_id, &table.keys[0], &ctx.ledger).await?;
        ctx.ledger.saw(table.ix, &s, "snapshot");
        match s.status {
            RoomStatus::Closed => {
                return Ok(TableEnd {
                    version: s.version,
                    closed: true,
                })
            }
            RoomStatus::Waiting => return Err("a joined table is waiting".into()),
            RoomStatus::Over => {
                over += 1;
                if over >= games || Instant::now() >= ctx.stop_at {
                    let slot = rng.random_range(0..2);
                    let answer = legal(ctx, table, slot, s.version, Action::Leave).await?;
                    return Ok(TableEnd {
                        version: answer.snapshot.version,
                        closed: true,
                    });
                }
                for slot in 0..2 {
                    let version = ctx
                        .http
                        .snapshot(&table.room_id, &table.keys[0], &ctx.ledger)
                        .await?
                        .version;
                    legal(ctx, table, slot, version, Action::Rematch).await?;
                }
                continue;
            }
            RoomStatus::Playing => {}
        }
        if Instant::now() >= ctx.stop_at {
            return Ok(TableEnd {
                version: s.version,
                closed: false,
            });
        }
        // The slot to act, and what it may do.
        let mover = match s.to_move {
            Some(seat) if seat == s.seat => 0,
            Some(_) => 1,
            None => rng.random_range(0..2),
        };
        let mine = if mover == 0 {
            s.clone()
        } else {
            let s1 = ctx.http.snapshot(&table.room_id, &table.keys[1], &ctx.ledger).await?;
            ctx.ledger.saw(table.ix, &s1, "snapshot");
            s1
        };
        if mine.version != s.version {
            continue; // something happened in between (a clock): look again
        }
        let action = if mine.roll_due {
            Action::Roll
        } else if mine.legal_moves.is_empty() {
            return Err(format!("v{}: the seat to move has no legal move", s.version));
        } else if rng.random_bool(0.004) {
            Action::Resign
        } else {
            let mut notation = mine.legal_moves[rng.random_range(0..mine.legal_moves.len())].clone();
            if mine.options.game() == GameId::Backgammon && notation.contains(' ') && rng.random_bool(0.3) {
                // The same play written in another order: the log keeps
                // the canonical form, which must replay the same.
                ctx.ledger.count("backgammon plays written in another order");
                notation = notation.split(' ').rev().collect::<Vec<_>>().join(" ");
            }
            Action::Move { notation }
        };
        if rng.random_bool(0.3) {
            fault(ctx, table, rng, &mine, mover).await?;
            continue;
        }
        if rng.random_bool(0.03) {
            // A new action under a number below ones already used.
            if let Some(seq) = table.seqs.earlier_unused(mover, rng) {
                ctx.ledger.count("out-of-order client_seq");
                let request = ActionRequest {
                    based_on_version: s.version,
                    client_seq: seq,
                    action,
                };
                expect_accepted(ctx, table, mover, request).await?;
                continue;
            }
        }
        legal(ctx, table, mover, s.version, action).await?;
    }
}

/// Sends a new action that must be accepted.
async fn legal(ctx: &Ctx, table: &mut Table, slot: u8, version: u64, action: Action) -> Result<ActionAccepted, String> {
    let request = ActionRequest {
        based_on_version: version,
        client_seq: table.seqs.next(slot),
        action,
    };
    expect_accepted(ctx, table, slot, request).await
}

async fn expect_accepted(
    ctx: &Ctx,
    table: &mut Table,
    slot: u8,
    request: ActionRequest,
) -> Result<ActionAccepted, String> {
    let body = serde_json::to_vec(&request).map_err(|e| e.to_string())?;
    let answer = send(ctx, table, slot, body, &Default::default(), "an action").await?;
    if answer.status != 200 {
        return Err(format!(
            "{:?} at v{} refused with {}: {}",
            request.action,
            request.based_on_version,
            answer.status,
            String::from_utf8_lossy(&answer.body)
        ));
    }
    let accepted: ActionAccepted =
        serde_json::from_slice(&answer.body).map_err(|e| format!("an answer that does not read: {e}"))?;
    ctx.ledger
        .accepted(table.ix, slot, request.client_seq, accepted.version);
    ctx.ledger.saw(table.ix, &accepted.snapshot, "answer");
    ctx.ledger.count("actions accepted");
    table.last[slot as usize] = Some(request);
    Ok(accepted)
}

async fn send(
    ctx: &Ctx,
    table: &Table,
    slot: u8,
    body: Vec<u8>,
    extra: &reqwest::header::HeaderMap,
    what: &str,
) -> Result<Answer, String> {
    let keys = &table.keys[slot as usize];
    let seq = serde_json::from_slice::<ActionRequest>(&body)
        .ok()
        .map(|r| r.client_seq);
    match ctx.http.act(&table.room_id, keys, body, extra).await {
        Some(answer) => {
            ctx.ledger.status(answer.status, what);
            Ok(answer)
        }
        None => {
            if let Some(seq) = seq {
                ctx.ledger.unanswered(table.ix, slot, seq);
            }
            Err(format!("{what}: no answer while the server was down"))
        }
    }
}

/// One bad request, chosen at random; it must be refused (4xx) and leave
/// the room as it was, or, for a duplicate, be answered as the first time.
async fn fault(ctx: &Ctx, table: &mut Table, rng: &mut StdRng, s: &Snapshot, mover: u8) -> Result<(), String> {
    let other = 1 - mover;
    let based = s.version;
    let request = |seq: u64, action: Action| ActionRequest {
        based_on_version: based,
        client_seq: seq,
        action,
    };
    let json = |r: &ActionRequest| serde_json::to_vec(r).unwrap_or_default();
    let none = reqwest::header::HeaderMap::new();
    let (what, slot, body, headers): (&'static str, u8, Vec<u8>, _) = match rng.random_range(0..12) {
        0 => {
            let junk = ["zz99", "a0", "24/30", "-", "e3-e3", "bar/off", "swap swap", "§"];
            let notation = junk[rng.random_range(0..junk.len())].to_string();
            let r = request(table.seqs.next(mover), Action::Move { notation });
            ("illegal move", mover, json(&r), none)
        }
        1 => {
            let notation = s.legal_moves.first().cloned().unwrap_or_else(|| "a1".into());
            let r = request(table.seqs.next(other), Action::Move { notation });
            ("move by the seat not to move", other, json(&r), none)
        }
        2 => {
            let stale = if based > 1 && rng.random_bool(0.5) {
                based - 1
            } else {
                based + 3
            };
            let mut r = request(table.seqs.next(mover), Action::Resign);
            r.based_on_version = stale;
            ("stale version", mover, json(&r), none)
        }
        3 => {
            let action = if s.roll_due { Action::Rematch } else { Action::Roll };
            (
                "action the room does not allow now",
                mover,
                json(&request(table.seqs.next(mover), action)),
                none,
            )
        }
        4 => match table.last[mover as usize].clone() {
            Some(mut again) => {
                // The same client_seq with another body: answered as the
                // first time, and nothing is played.
                again.action = Action::Resign;
                again.based_on_version = based;
                return duplicate(ctx, table, mover, again, based).await;
            }
            None => return Ok(()),
        },
        5 => ("body that is not JSON", mover, random_bytes(rng, 1..200), none),
        6 => {
            let whole = json(&request(table.seqs.next(mover), Action::Resign));
            let cut = rng.random_range(0..whole.len());
            ("truncated body", mover, whole[..cut].to_vec(), none)
        }
        7 => {
            let body = format!(r#"{{"based_on_version":"{based}","client_seq":-1,"action":{{"type":"teleport"}}}}"#);
            ("body of the wrong shape", mover, body.into_bytes(), none)
        }
        8 => {
            let mut body = json(&request(table.seqs.next(mover), Action::Resign));
            body.truncate(body.len() - 1);
            body.extend(format!(r#","padding":"{}"}}"#, "x".repeat(20_000)).bytes());
            ("oversized body", mover, body, none)
        }
        9 => {
            let r = json(&request(table.seqs.next(mover), Action::Resign));
            let token: String = (0..43).map(|_| rng.random_range(b'a'..=b'z') as char).collect();
            ("unknown seat token", mover, r, header("x-seat-token", token.as_bytes()))
        }
        10 => {
            let r = json(&request(table.seqs.next(mover), Action::Resign));
            (
                "seat token of bytes that are not text",
                mover,
                r,
                header("x-seat-token", b"\x80\xfe\xff"),
            )
        }
        _ => {
            let r = json(&request(table.seqs.next(mover), Action::Resign));
            (
                "device token that is not one",
                mover,
                r,
                header("authorization", b"Bearer nobody"),
            )
        }
    };
    ctx.ledger.count(what);
    let answer = send(ctx, table, slot, body, &headers, what).await?;
    if !(400..500).contains(&answer.status) {
        return Err(format!(
            "{what} at v{based} answered {} (a refusal was due)",
            answer.status
        ));
    }
    if serde_json::from_slice::<ApiError>(&answer.body).is_err() {
        return Err(format!("{what}: a refusal without its reason"));
    }
    unchanged(ctx, table, based, what).await
}

async fn duplicate(ctx: &Ctx, table: &mut Table, slot: u8, again: ActionRequest, based: u64) -> Result<(), String> {
    ctx.ledger.count("duplicate client_seq");
    let body = serde_json::to_vec(&again).map_err(|e| e.to_string())?;
    let answer = send(ctx, table, slot, body, &Default::default(), "a duplicate").await?;
    if answer.status != 200 {
        return Err(format!("a duplicate client_seq answered {}", answer.status));
    }
    let accepted: ActionAccepted =
        serde_json::from_slice(&answer.body).map_err(|e| format!("an answer that does not read: {e}"))?;
    // The ledger holds the first answer: a different version fails there.
    ctx.ledger.accepted(table.ix, slot, again.client_seq, accepted.version);
    ctx.ledger.saw(table.ix, &accepted.snapshot, "answer to a duplicate");
    unchanged(ctx, table, based, "a duplicate client_seq").await
}

/// The room is still at `version` after a request that must not change it.
async fn unchanged(ctx: &Ctx, table: &Table, version: u64, what: &str) -> Result<(), String> {
    let s = ctx.http.snapshot(&table.room_id, &table.keys[0], &ctx.ledger).await?;
    ctx.ledger.saw(table.ix, &s, "snapshot");
    if s.version != version {
        return Err(format!("{what} moved the room from v{version} to v{}", s.version));
    }
    Ok(())
}

fn random_bytes(rng: &mut StdRng, len: std::ops::Range<usize>) -> Vec<u8> {
    let n = rng.random_range(len);
    (0..n).map(|_| rng.random()).collect()
}
