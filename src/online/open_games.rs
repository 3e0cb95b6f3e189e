//! The device's games in one list (home): its online seats and its
//! unfinished games on this device, "your move" first, then the newest.
//! Kept on the device as last seen, so the list (and the count of games
//! waiting for the player, shown in the tab title and the app badge) works
//! offline; refreshed by one request (`POST /v1/seats/summary`) when online,
//! and at once from the room's own session when the player moves.
//! Plain state; [`refresh`] is the one network call.

use super::account::{self, ActiveSeat};
use super::session::RoomSession;
use crate::storage::Store;
use papan_api::{GameId, RoomStatus, RoomSummary, SeatRef, SeatsSummary};
use serde::{Deserialize, Serialize};

pub const OPEN_GAMES_KEY: &str = "open-games";
/// The page title without a count (the same in every language).
const APP_NAME: &str = "Papan";

/// One line of the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenGame {
    pub game: GameId,
    /// The online room; `None` for a game on this device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room_id: Option<String>,
    /// Online: the room's status as last seen.
    #[serde(default = "playing")]
    pub status: RoomStatus,
    /// The server waits for this device (online only: a game on this device
    /// is always the player's to take up).
    #[serde(default)]
    pub your_move: bool,
    /// Time left on this seat's clock when `seen_ms`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_left_ms: Option<u64>,
    #[serde(default)]
    pub seen_ms: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_move: Option<String>,
    /// Moves (entries of the record) so far: a change is news.
    #[serde(default)]
    pub moves: usize,
    /// The room's version, or 0 on the device.
    #[serde(default)]
    pub version: u64,
    /// When the line last changed (a move seen): the list is newest first.
    #[serde(default)]
    pub changed_ms: u64,
}

fn playing() -> RoomStatus {
    RoomStatus::Playing
}

impl OpenGame {
    /// Time left now, counting down from what was seen while it is the
    /// player's move (the clock that runs is theirs).
    pub fn time_left(&self, now_ms: u64) -> Option<u64> {
        let left = self.time_left_ms?;
        if self.your_move && self.status == RoomStatus::Playing {
            Some(left.saturating_sub(now_ms.saturating_sub(self.seen_ms)))
        } else {
            Some(left)
        }
    }
}

/// What the device knows of a game on this device, now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalLine {
    pub game: GameId,
    pub moves: usize,
    pub last_move: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenGames {
    pub games: Vec<OpenGame>,
}

impl OpenGames {
    /// The kept list; unreadable text counts as an empty list (it is only
    /// what was last seen: the next refresh writes it again).
    pub fn load(store: &Store) -> OpenGames {
        store.load(OPEN_GAMES_KEY).ok().flatten().unwrap_or_default()
    }

    pub fn save(&self, store: &Store) {
        if let Err(e) = store.save(OPEN_GAMES_KEY, self) {
            crate::diag::warn(&format!("could not keep the list of games: {e}"));
        }
    }

    /// "Your move" first, then the newest change first.
    pub fn sorted(&self) -> Vec<OpenGame> {
        let mut list = self.games.clone();
        list.sort_by_key(|g| (!g.your_move, std::cmp::Reverse(g.changed_ms)));
        list
    }

    /// Games waiting for the player online (the title's and the badge's count).
    pub fn your_move_count(&self) -> usize {
        self.games.iter().filter(|g| g.your_move).count()
    }

    fn online_mut(&mut self, room_id: &str) -> Option<&mut OpenGame> {
        self.games.iter_mut().find(|g| g.room_id.as_deref() == Some(room_id))
    }

    /// Keeps one online line per kept seat (a seat left or forgotten goes;
    /// a new one comes in, as last seen: nothing yet) and, given `local`,
    /// one line per game unfinished on this device.
    pub fn align(&mut self, seats: &[ActiveSeat], local: Option<&[LocalLine]>, now_ms: u64) {
        self.games.retain(|g| match (&g.room_id, local) {
            (Some(room), _) => seats.iter().any(|s| &s.grant.room_id == room),
            (None, Some(local)) => local.iter().any(|l| l.game == g.game),
            (None, None) => true,
        });
        for seat in seats {
            if self.online_mut(&seat.grant.room_id).is_none() {
                self.games.push(OpenGame {
                    game: seat.game,
                    room_id: Some(seat.grant.room_id.clone()),
                    status: if seat.finished {
                        RoomStatus::Over
                    } else {
                        RoomStatus::Playing
                    },
                    your_move: false,
                    time_left_ms: None,
                    seen_ms: now_ms,
                    last_move: None,
                    moves: 0,
                    version: 0,
                    changed_ms: now_ms,
                });
            }
        }
        for line in local.unwrap_or_default() {
            let kept = self
                .games
                .iter_mut()
                .find(|g| g.room_id.is_none() && g.game == line.game);
            match kept {
                Some(g) => {
                    if g.moves != line.moves || g.last_move != line.last_move {
                        g.changed_ms = now_ms;
                    }
                    g.moves = line.moves;
                    g.last_move = line.last_move.clone();
                }
                None => self.games.push(OpenGame {
                    game: line.game,
                    room_id: None,
                    status: RoomStatus::Playing,
                    your_move: false,
                    time_left_ms: None,
                    seen_ms: now_ms,
                    last_move: line.last_move.clone(),
                    moves: line.moves,
                    version: 0,
                    changed_ms: now_ms,
                }),
            }
        }
    }

    /// One room's line as the server (or the seat's own session) said at
    /// `now_ms`. An answer older than what was seen is ignored. Whether the
    /// list changed.
    pub fn observe(&mut self, line: &RoomSummary, now_ms: u64) -> bool {
        let Some(kept) = self.online_mut(&line.room_id) else {
            return false;
        };
        if line.version < kept.version {
            return false;
        }
        let before = kept.clone();
        if line.version != kept.version || line.your_move != kept.your_move {
            kept.changed_ms = now_ms;
        }
        kept.game = line.game;
        kept.status = line.status;
        kept.your_move = line.your_move && line.status == RoomStatus::Playing;
        kept.time_left_ms = line.time_left_ms;
        kept.seen_ms = now_ms;
        kept.last_move = line.last_move.clone();
        kept.moves = line.moves;
        kept.version = line.version;
        // Only a change of the game itself counts (time left always moves).
        let mut same = before.clone();
        same.time_left_ms = kept.time_left_ms;
        same.seen_ms = kept.seen_ms;
        same != *kept
    }

    /// The server's answer to a refresh: each room's line; rooms it no longer
    /// has are shown closed (the seat itself is the online screen's to drop).
    pub fn apply(&mut self, summary: &SeatsSummary, now_ms: u64) {
        for line in &summary.rooms {
            self.observe(line, now_ms);
        }
        for room in &summary.gone {
            if let Some(kept) = self.online_mut(room) {
                kept.status = RoomStatus::Closed;
                kept.your_move = false;
            }
        }
    }
}

/// The line a seat's own session shows now: what the list learns at once
/// when the player (or the opponent) moves with the game open.
pub fn line_of(session: &RoomSession, now_ms: u64) -> Option<RoomSummary> {
    let s = session.snapshot()?;
    Some(RoomSummary {
        room_id: s.room_id.clone(),
        game: session.game(),
        status: s.status,
        version: s.version,
        // An action in flight is the player's move made.
        your_move: session.is_my_turn() && session.pending().is_none(),
        time_left_ms: session.time_left(s.seat, now_ms),
        days_per_move: s.options.days_per_move.map(|d| d.days()),
        last_move: s.moves.last().cloned(),
        moves: s.moves.len(),
        opponent_bot: s.bot_seats.contains(&s.seat.other()),
        won: s.outcome.and_then(|o| o.winner).map(|w| w == s.seat),
    })
}

/// The device's kept online seats.
pub fn kept_seats(store: &Store) -> Vec<ActiveSeat> {
    GameId::ALL
        .iter()
        .filter_map(|g| account::active_seat(store, *g))
        .collect()
}

/// Asks the server about every kept seat on it, in one request. Seats
/// kept for another server keep their last-seen lines.
pub async fn refresh(store: &Store) -> Result<SeatsSummary, String> {
    let server = account::server(store);
    let seats: Vec<SeatRef> = kept_seats(store)
        .into_iter()
        .filter(|s| s.server == server)
        .map(|s| SeatRef {
            room_id: s.grant.room_id,
            seat_token: s.grant.seat_token,
        })
        .collect();
    if seats.is_empty() {
        return Ok(SeatsSummary {
            rooms: Vec::new(),
            gone: Vec::new(),
        });
    }
    account::with_client(store, &server, |client| {
        let seats = seats.clone();
        async move { client.seats_summary(&seats).await }
    })
    .await
    .map_err(|e| e.to_string())
}

/// Shows the count of games waiting for the player: "(2) Papan" in the tab
/// title and the installed app's badge (the Badging API, where the browser
/// has it). Nothing to do off the web.
pub fn show_count(count: usize) {
    // Said once per change: the badge is a call into the browser.
    static SHOWN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(usize::MAX);
    if SHOWN.swap(count, std::sync::atomic::Ordering::Relaxed) == count {
        return;
    }
    let app_name = APP_NAME;
    #[cfg(target_arch = "wasm32")]
    {
        use js_sys::{Function, Reflect};
        let Some(window) = web_sys::window() else { return };
        if let Some(document) = window.document() {
            let title = match count {
                0 => app_name.to_string(),
                n => format!("({n}) {app_name}"),
            };
            if document.title() != title {
                document.set_title(&title);
            }
        }
        let Ok(navigator) = Reflect::get(&window, &"navigator".into()) else {
            return;
        };
        let (name, arg) = match count {
            0 => ("clearAppBadge", None),
            n => ("setAppBadge", Some(n as f64)),
        };
        let Ok(call) = Reflect::get(&navigator, &name.into()) else {
            return;
        };
        let Some(call) = web_sys::wasm_bindgen::JsCast::dyn_ref::<Function>(&call) else {
            return;
        };
        // A refused badge (not installed, no permission) is only a badge:
        // the promise's rejection is left unobserved on purpose.
        let _ = match arg {
            Some(n) => call.call1(&navigator, &n.into()),
            None => call.call0(&navigator),
        };
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (app_name, count);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use papan_api::SeatGrant;

    fn seat(game: GameId, room: &str) -> ActiveSeat {
        ActiveSeat {
            server: "http://s".into(),
            game,
            grant: SeatGrant {
                room_id: room.into(),
                code: "K7M2QX".into(),
                slot: 0,
                seat_token: "t".into(),
            },
            matchmaking: false,
            finished: false,
        }
    }

    fn line(room: &str, version: u64, your_move: bool, last: &str) -> RoomSummary {
        RoomSummary {
            room_id: room.into(),
            game: if room == "r2" { GameId::Hadang } else { GameId::Hex },
            status: RoomStatus::Playing,
            version,
            your_move,
            time_left_ms: Some(60_000),
            days_per_move: None,
            last_move: Some(last.into()),
            moves: version as usize,
            opponent_bot: false,
            won: None,
        }
    }

    #[test]
    fn your_move_first_then_newest_and_the_count_follows_moves() {
        let mut list = OpenGames::default();
        let seats = [seat(GameId::Hex, "r1"), seat(GameId::Hadang, "r2")];
        let local = [LocalLine {
            game: GameId::Backgammon,
            moves: 4,
            last_move: Some("13/9".into()),
        }];
        list.align(&seats, Some(&local), 1_000);
        assert_eq!(list.games.len(), 3);
        assert_eq!(list.your_move_count(), 0);
        // The opponent moved in r1 (seen at 2 000), nothing new in r2 (3 000).
        list.apply(
            &SeatsSummary {
                rooms: vec![line("r1", 5, true, "d4"), line("r2", 3, false, "e2")],
                gone: vec![],
            },
            2_000,
        );
        list.align(&seats, Some(&local), 3_000);
        let order: Vec<_> = list.sorted().into_iter().map(|g| g.game).collect();
        assert_eq!(order[0], GameId::Hex, "your move on top");
        assert_eq!(list.your_move_count(), 1);
        assert_eq!(list.sorted()[0].time_left(32_000), Some(30_000), "my clock runs");
        // The player's own move clears it at once; an older answer arriving
        // late does not bring it back.
        assert!(list.observe(&line("r1", 6, false, "c3"), 4_000));
        assert_eq!(list.your_move_count(), 0);
        assert!(!list.observe(&line("r1", 5, true, "d4"), 5_000));
        assert_eq!(list.your_move_count(), 0);
        assert_eq!(list.sorted()[0].room_id.as_deref(), Some("r1"), "newest first");
        // A seat forgotten and a finished game on the device leave the list;
        // a room the server no longer has is shown closed.
        list.apply(
            &SeatsSummary {
                rooms: vec![],
                gone: vec!["r2".into()],
            },
            6_000,
        );
        assert_eq!(
            list.games.iter().find(|g| g.game == GameId::Hadang).unwrap().status,
            RoomStatus::Closed
        );
        list.align(&seats[..1], Some(&[]), 7_000);
        assert_eq!(list.games.len(), 1);
    }

    #[test]
    fn the_list_is_kept_on_the_device_and_bad_text_reads_as_empty() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::in_dir(dir.path());
        let mut list = OpenGames::default();
        list.align(&[seat(GameId::Hex, "r1")], None, 1);
        list.observe(&line("r1", 2, true, "a1"), 2);
        list.save(&store);
        assert_eq!(OpenGames::load(&store), list);
        store.set(OPEN_GAMES_KEY, "{not json").unwrap();
        assert_eq!(OpenGames::load(&store), OpenGames::default());
    }
}
