//! The checks at the end, against the server's own database: the log of
//! every room replays; every snapshot a seat received is the log's state at
//! that version for that seat; every accepted action is in the log once,
//! at the version its answer named; no Jun Qi seat was shown a face-down
//! piece; the tables still open end where their log ends.

use crate::ledger::{logged_hash, Inner, JunqiSight, RoomIx};
use papan_api::{EventKind, GameId, RoomOptions};
use papan_rules::junqi::{JunQi, Square};
use papan_rules::{Game, Record};
use papan_server::core::RoomCore;
use papan_server::storage::record::decode_event;
use rusqlite::Connection;
use std::collections::{HashMap, HashSet};
use std::path::Path;

#[derive(Default)]
pub struct Verified {
    pub rooms: usize,
    pub events: usize,
    pub snapshots_checked: usize,
    pub accepted_checked: usize,
    pub junqi_boards_checked: usize,
    pub failures: Vec<String>,
}

/// One Jun Qi game of a room: its setup seed and moves, by game index.
type JunqiGames = HashMap<(RoomIx, u32), (u64, Vec<String>)>;

/// `finals`: (room, slot, version) of the snapshots read after the last
/// restart, which must be where the room's log ends.
pub fn verify(db: &Path, ledger: &Inner, finals: &[(RoomIx, u8, u64)]) -> Result<Verified, String> {
    let conn = Connection::open(db).map_err(|e| format!("opening {}: {e}", db.display()))?;
    let mut out = Verified::default();
    let room_ix: HashMap<&str, RoomIx> = ledger
        .rooms
        .iter()
        .enumerate()
        .map(|(i, id)| (id.as_str(), i as RoomIx))
        .collect();
    let mut checked: HashSet<(RoomIx, u8, u64)> = HashSet::new();
    let mut logged_seqs: HashMap<(RoomIx, u8, u64), Vec<u64>> = HashMap::new();
    let mut last_version: HashMap<RoomIx, u64> = HashMap::new();
    let mut junqi: JunqiGames = HashMap::new();

    let mut rooms = conn
        .prepare("SELECT id, code, options FROM rooms")
        .map_err(|e| e.to_string())?;
    let rooms: Vec<(String, String, String)> = rooms
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .and_then(|rows| rows.collect())
        .map_err(|e| e.to_string())?;
    let mut events = conn
        .prepare("SELECT version, body, slot, client_seq FROM events WHERE room_id = ?1 ORDER BY version")
        .map_err(|e| e.to_string())?;
    for (id, code, options) in rooms {
        let Some(&ix) = room_ix.get(id.as_str()) else {
            // A room opened for a table whose answer was lost: nobody saw it.
            continue;
        };
        out.rooms += 1;
        let options: RoomOptions = serde_json::from_str(&options).map_err(|e| format!("room {ix} options: {e}"))?;
        let rows: Vec<(u64, String, Option<u8>, Option<u64>)> = events
            .query_map([&id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .and_then(|rows| rows.collect())
            .map_err(|e| e.to_string())?;
        let mut core = RoomCore::new(id.clone(), code, options);
        for (version, body, slot, seq) in rows {
            out.events += 1;
            let logged = match decode_event(&body) {
                Ok(logged) => logged,
                Err(e) => {
                    out.failures
                        .push(format!("room {ix} v{version}: a logged event that does not read: {e}"));
                    break;
                }
            };
            if let Err(e) = core.apply(&logged) {
                out.failures
                    .push(format!("room {ix} v{version}: the log does not replay: {e:?}"));
                break;
            }
            if core.version != version {
                out.failures
                    .push(format!("room {ix}: the log's v{version} replays as v{}", core.version));
                break;
            }
            if let (Some(slot), Some(seq)) = (slot, seq) {
                logged_seqs.entry((ix, slot, seq)).or_default().push(version);
            }
            for slot in 0..2u8 {
                let Some(&seen) = ledger.seen.get(&(ix, slot, version)) else {
                    continue;
                };
                checked.insert((ix, slot, version));
                if logged_hash(&core.snapshot(slot, None, [false; 2])) != seen {
                    out.failures.push(format!(
                        "room {ix} slot {slot}: the snapshot received at v{version} is not the log's state there"
                    ));
                }
            }
            if options.game() == GameId::Junqi {
                if let (EventKind::Started { game_index }, Some((seed, _))) = (&logged.kind, core.secret) {
                    junqi.insert((ix, *game_index), (seed, Vec::new()));
                }
                if matches!(logged.kind, EventKind::Moved { .. }) {
                    if let Some((_, moves)) = junqi.get_mut(&(ix, core.game_index)) {
                        moves.clone_from(&core.moves);
                    }
                }
            }
        }
        last_version.insert(ix, core.version);
    }
    out.snapshots_checked = checked.len();
    for key in ledger.seen.keys() {
        if !checked.contains(key) {
            let (ix, slot, version) = key;
            out.failures.push(format!(
                "room {ix} slot {slot} received v{version}, which the log does not hold"
            ));
        }
    }
    for (&(ix, slot, seq), &version) in &ledger.accepted {
        out.accepted_checked += 1;
        match logged_seqs.get(&(ix, slot, seq)).map(Vec::as_slice) {
            Some([logged]) if *logged == version => {}
            Some(found) => out.failures.push(format!(
                "room {ix} slot {slot} seq {seq}: accepted as v{version}, logged at {found:?}"
            )),
            None => out.failures.push(format!(
                "room {ix} slot {slot} seq {seq}: accepted as v{version}, not in the log"
            )),
        }
    }
    for (key, versions) in &logged_seqs {
        if !ledger.accepted.contains_key(key) && !ledger.unanswered.contains(key) {
            out.failures
                .push(format!("{key:?}: logged at {versions:?}, never answered to a client"));
        }
    }
    for &(ix, slot, version) in finals {
        let last = last_version.get(&ix).copied().unwrap_or_default();
        if version != last {
            out.failures.push(format!(
                "room {ix} slot {slot}: the final snapshot is v{version}, the log ends at v{last}"
            ));
        }
    }
    out.junqi_boards_checked = check_junqi(&ledger.junqi, &junqi, &mut out.failures);
    Ok(out)
}

/// Every Jun Qi board a seat was shown hides every piece still face down
/// in the true game at that point (J21), checked with the revealed seed.
fn check_junqi(sights: &[JunqiSight], games: &JunqiGames, failures: &mut Vec<String>) -> usize {
    let mut checked = 0;
    let mut states: HashMap<(RoomIx, u32), Vec<JunQi>> = HashMap::new();
    for sight in sights {
        let Some((seed, moves)) = games.get(&(sight.room, sight.game_index)) else {
            continue;
        };
        let line = states.entry((sight.room, sight.game_index)).or_insert_with(|| {
            let Ok(mut game) = Record::<JunQi>::new(Default::default(), *seed).start() else {
                return Vec::new();
            };
            let mut line = vec![game.clone()];
            for text in moves {
                match game
                    .parse_move(text)
                    .map_err(|e| e.to_string())
                    .and_then(|mv| game.play(&mv).map_err(|e| e.to_string()))
                {
                    Ok(()) => line.push(game.clone()),
                    Err(_) => break,
                }
            }
            line
        });
        let Some(truth) = line.get(sight.plies) else {
            continue;
        };
        checked += 1;
        for i in 0..128 {
            let Some(square) = Square::from_index(i) else { break };
            if truth.hidden_piece(square).is_some() && sight.face_down & (1u128 << i) == 0 {
                failures.push(format!(
                    "room {} slot {} v{}: face-down {square} was shown",
                    sight.room, sight.slot, sight.version
                ));
            }
        }
    }
    checked
}
