//! Key-value persistence: one text value per key.
//!
//! Native: one file per key in the app's data folder (`directories`).
//! Web: `localStorage`. Loading typed data never crashes on bad text: it
//! returns [`CorruptData`] and keeps the unreadable text under a backup key.

use serde::{de::DeserializeOwned, Serialize};
use std::fmt;

/// Where values live.
#[derive(Clone, Debug)]
pub struct Store {
    #[cfg(not(target_arch = "wasm32"))]
    dir: Option<std::path::PathBuf>,
}

/// Saved text that could not be read. The text itself is kept under
/// `backup_key`, so nothing is lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorruptData {
    pub key: String,
    pub backup_key: String,
    pub reason: String,
}

impl fmt::Display for CorruptData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (kept as {})", self.reason, self.backup_key)
    }
}

impl Store {
    /// The app's own store: the platform data folder, or localStorage on web.
    pub fn app() -> Store {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let dir = directories::ProjectDirs::from("org", "Papan", "Papan")
                .map(|d| d.data_dir().to_path_buf())
                .or_else(android_files_dir);
            Store { dir }
        }
        #[cfg(target_arch = "wasm32")]
        {
            Store {}
        }
    }

    /// A store in a given folder (tests, portable installs).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn in_dir(dir: impl Into<std::path::PathBuf>) -> Store {
        Store { dir: Some(dir.into()) }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn path(&self, key: &str) -> Option<std::path::PathBuf> {
        // Keys are ours (ascii words); keep only safe characters anyway.
        let safe: String = key
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.dir.as_ref().map(|d| d.join(format!("{safe}.json")))
    }

    pub fn get(&self, key: &str) -> Option<String> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            std::fs::read_to_string(self.path(key)?).ok()
        }
        #[cfg(target_arch = "wasm32")]
        {
            local_storage()?.get_item(key).ok().flatten()
        }
    }

    /// Stores `value`; an error says why (disk full, storage disabled).
    pub fn set(&self, key: &str, value: &str) -> Result<(), String> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let path = self.path(key).ok_or("no data folder on this system")?;
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
            }
            // Write then rename, so a crash mid-write never leaves half a file.
            let tmp = path.with_extension("json.tmp");
            std::fs::write(&tmp, value).map_err(|e| e.to_string())?;
            std::fs::rename(&tmp, &path).map_err(|e| e.to_string())
        }
        #[cfg(target_arch = "wasm32")]
        {
            local_storage()
                .ok_or("storage is not available")?
                .set_item(key, value)
                .map_err(|e| format!("{e:?}"))
        }
    }

    pub fn remove(&self, key: &str) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(path) = self.path(key) {
            let _ = std::fs::remove_file(path);
        }
        #[cfg(target_arch = "wasm32")]
        if let Some(storage) = local_storage() {
            let _ = storage.remove_item(key);
        }
    }

    /// Serializes `value` as JSON under `key`.
    pub fn save<T: Serialize>(&self, key: &str, value: &T) -> Result<(), String> {
        let text = serde_json::to_string(value).map_err(|e| e.to_string())?;
        self.set(key, &text)
    }

    /// Loads JSON under `key` and checks it with `validate`. `Ok(None)` when
    /// nothing is saved. Unreadable text moves to `<key>.corrupt` (the
    /// original key is cleared so the next start is clean) and comes back as
    /// an error for the UI to show.
    pub fn load_with<R, T>(
        &self,
        key: &str,
        validate: impl FnOnce(R) -> Result<T, String>,
    ) -> Result<Option<T>, CorruptData>
    where
        R: DeserializeOwned,
    {
        let Some(text) = self.get(key) else { return Ok(None) };
        let parsed = serde_json::from_str::<R>(&text)
            .map_err(|e| e.to_string())
            .and_then(validate);
        match parsed {
            Ok(value) => Ok(Some(value)),
            Err(reason) => {
                let backup_key = format!("{key}.corrupt");
                let kept = self.set(&backup_key, &text);
                if kept.is_ok() {
                    self.remove(key);
                }
                Err(CorruptData {
                    key: key.to_string(),
                    backup_key,
                    reason,
                })
            }
        }
    }

    /// Loads plain JSON under `key` (see [`Store::load_with`]).
    pub fn load<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, CorruptData> {
        self.load_with::<T, T>(key, Ok)
    }
}

/// Android apps have no `$HOME`, so `directories` finds nothing there; the
/// app's private folder is `/data/data/<package>/files`, and the package
/// name is the process name.
#[cfg(not(target_arch = "wasm32"))]
fn android_files_dir() -> Option<std::path::PathBuf> {
    if !cfg!(target_os = "android") {
        return None;
    }
    let cmdline = std::fs::read("/proc/self/cmdline").ok()?;
    let name = String::from_utf8(cmdline.split(|b| *b == 0).next()?.to_vec()).ok()?;
    let package = name.split(':').next()?.trim();
    (!package.is_empty() && !package.contains('/'))
        .then(|| std::path::PathBuf::from(format!("/data/data/{package}/files")))
}

#[cfg(target_arch = "wasm32")]
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}
