//! People this device played online, kept on the device: the recent
//! opponents list of the online lobby (newest first, at most
//! [`RECENT_MAX`]), the player's own name (sent in invitation links) and
//! what the device knows of each room it opened or joined by invitation
//! (the friend's name, whether the waiting card shows the invitation).
//!
//! The room server knows no names: a name comes from the invitation (the
//! inviter's, in the link) or from the inviter (the friend's, typed when
//! inviting). A game with neither is listed without a name.

use crate::storage::Store;
use papan_api::{GameId, RoomOptions};
use serde::{Deserialize, Serialize};

pub const RECENT_KEY: &str = "online-recent";
pub const NAME_KEY: &str = "online-name";
const NOTES_KEY: &str = "online-room-notes";

/// The most opponents kept.
pub const RECENT_MAX: usize = 20;
const NOTES_MAX: usize = 8;

/// One opponent played online.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentOpponent {
    pub name: Option<String>,
    pub game: GameId,
    /// The room's options, so an invitation again opens the same kind of room.
    pub options: RoomOptions,
    /// The room's join code (one entry per room).
    pub code: String,
    /// When the game started (ms since the epoch).
    pub when_ms: u64,
}

/// What this device knows of a room it opened or joined by invitation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomNote {
    pub code: String,
    pub game: GameId,
    pub options: RoomOptions,
    /// The opponent's name, when known.
    pub opponent: Option<String>,
    /// Opened with "Invite a friend": the waiting card shows the link and QR.
    pub invited: bool,
}

fn check(list: &[RecentOpponent]) -> Result<(), String> {
    if list.len() > RECENT_MAX {
        return Err(format!(
            "{} recent opponents, at most {RECENT_MAX} are kept",
            list.len()
        ));
    }
    for entry in list {
        if let Some(name) = &entry.name {
            if super::invite::clean_name(name).as_deref() != Some(name.as_str()) {
                return Err(format!("the name {name:?} is not one the app keeps"));
            }
        }
        crate::screens::online::normalize_code(&entry.code)
            .map_err(|_| format!("{:?} is not a room code", entry.code))?;
        if entry.options.game() != entry.game {
            return Err(format!("a {} entry with {} options", entry.game, entry.options.game()));
        }
    }
    Ok(())
}

/// The recent opponents, newest first. Stored text that does not read back
/// is an error and is left where it is (nothing is overwritten).
pub fn recent(store: &Store) -> Result<Vec<RecentOpponent>, String> {
    let Some(text) = store.get(RECENT_KEY) else {
        return Ok(Vec::new());
    };
    let list: Vec<RecentOpponent> = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    check(&list)?;
    Ok(list)
}

/// Puts `entry` first: the same room or the same named person in the same
/// game moves up instead of showing twice; the oldest beyond
/// [`RECENT_MAX`] go.
pub fn add(list: &mut Vec<RecentOpponent>, entry: RecentOpponent) {
    list.retain(|old| {
        let same_room = old.code == entry.code;
        let same_person = entry.name.is_some() && old.name == entry.name && old.game == entry.game;
        !(same_room || same_person)
    });
    list.insert(0, entry);
    list.truncate(RECENT_MAX);
}

/// Adds an opponent to the kept list. Refused (and nothing written) when
/// the kept list does not read back.
pub fn remember(store: &Store, mut entry: RecentOpponent) -> Result<(), String> {
    let mut list = recent(store).map_err(|e| format!("the recent opponents could not be read: {e}"))?;
    entry.name = entry.name.as_deref().and_then(super::invite::clean_name);
    add(&mut list, entry);
    store.save(RECENT_KEY, &list)
}

/// The player's own name, sent in invitation links.
pub fn my_name(store: &Store) -> Option<String> {
    store.get(NAME_KEY).as_deref().and_then(super::invite::clean_name)
}

pub fn set_my_name(store: &Store, name: &str) -> Result<(), String> {
    match super::invite::clean_name(name) {
        Some(name) => store.set(NAME_KEY, &name),
        None => {
            store.remove(NAME_KEY);
            Ok(())
        }
    }
}

fn notes(store: &Store) -> Vec<RoomNote> {
    store.load(NOTES_KEY).ok().flatten().unwrap_or_default()
}

/// Keeps what is known of a room (the last few rooms only).
pub fn note_room(store: &Store, note: RoomNote) {
    let mut kept = notes(store);
    kept.retain(|n| n.code != note.code);
    kept.insert(0, note);
    kept.truncate(NOTES_MAX);
    if let Err(e) = store.save(NOTES_KEY, &kept) {
        crate::diag::warn(&format!("could not keep the room's note: {e}"));
    }
}

pub fn room_note(store: &Store, code: &str) -> Option<RoomNote> {
    notes(store).into_iter().find(|n| n.code == code)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn entry(name: Option<&str>, code: &str, when_ms: u64) -> RecentOpponent {
        RecentOpponent {
            name: name.map(str::to_string),
            game: GameId::Hex,
            options: RoomOptions::hex(9, false, Some(30)),
            code: code.to_string(),
            when_ms,
        }
    }

    fn code(i: usize) -> String {
        let alphabet: Vec<char> = "23456789ABCDEFGHJKMNPQRSTUVWXYZ".chars().collect();
        format!("AAAA{}{}", alphabet[i / alphabet.len()], alphabet[i % alphabet.len()])
    }

    #[test]
    fn recent_opponents_are_newest_first_and_capped() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::in_dir(dir.path());
        for i in 0..25 {
            remember(&store, entry(Some(&format!("P{i}")), &code(i), i as u64)).unwrap();
        }
        let list = recent(&store).unwrap();
        assert_eq!(list.len(), RECENT_MAX);
        assert_eq!(list[0].name.as_deref(), Some("P24"));
        assert_eq!(list[RECENT_MAX - 1].name.as_deref(), Some("P5"), "the oldest five went");
        // Playing P10 again moves them up, once.
        remember(&store, entry(Some("P10"), &code(30), 99)).unwrap();
        let list = recent(&store).unwrap();
        assert_eq!((list[0].name.as_deref(), list[0].when_ms), (Some("P10"), 99));
        assert_eq!(list.iter().filter(|e| e.name.as_deref() == Some("P10")).count(), 1);
        // Unnamed opponents are one entry per room.
        remember(&store, entry(None, &code(31), 100)).unwrap();
        remember(&store, entry(None, &code(32), 101)).unwrap();
        remember(&store, entry(None, &code(32), 102)).unwrap();
        let list = recent(&store).unwrap();
        assert_eq!(list.iter().filter(|e| e.name.is_none()).count(), 2);
        assert_eq!(list[0].when_ms, 102);
    }

    #[test]
    fn corrupt_recent_opponents_are_refused_and_left_intact() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::in_dir(dir.path());
        for bad in [
            "{not json".to_string(),
            r#"[{"name":"Ana","game":"hex","options":{"game":"hadang"},"code":"K7M2QX","when_ms":1}]"#.to_string(),
            r#"[{"name":"Ana","game":"hex","options":{"game":"hex"},"code":"nope","when_ms":1}]"#.to_string(),
        ] {
            store.set(RECENT_KEY, &bad).unwrap();
            assert!(recent(&store).is_err(), "{bad}");
            let refused = remember(&store, entry(Some("Budi"), "K7M2QX", 5));
            assert!(refused.is_err(), "{bad}");
            assert_eq!(
                store.get(RECENT_KEY).as_deref(),
                Some(bad.as_str()),
                "the kept text is untouched"
            );
        }
    }

    #[test]
    fn the_players_name_is_kept_clean() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::in_dir(dir.path());
        assert_eq!(my_name(&store), None);
        set_my_name(&store, "  Siti   Aminah ").unwrap();
        assert_eq!(my_name(&store).as_deref(), Some("Siti Aminah"));
        set_my_name(&store, "   ").unwrap();
        assert_eq!(my_name(&store), None);
    }
}
