//! The web build and the screenshot files every browser test needs.
//!
//! Part of `tests/support` (`mod support;`), used by every `tests/browser_*.rs`.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the web build is; builds it when no directory was handed over.
pub fn web_build(repo: &Path) -> Result<PathBuf, String> {
    if let Some(dist) = std::env::var_os("PAPAN_DIST_DIR") {
        let dist = PathBuf::from(dist);
        return if dist.join("papan_bg.wasm").is_file() {
            Ok(dist)
        } else {
            Err(format!("PAPAN_DIST_DIR={} holds no papan_bg.wasm", dist.display()))
        };
    }
    // Run on its own (`cargo test`): build a fresh dist so the test never drives a stale app.
    let dist = repo.join("dist");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "run",
            "--quiet",
            "--package",
            "xtask",
            "--",
            "build-web",
            "--no-opt",
            "--dist",
        ])
        .arg(&dist)
        .current_dir(repo)
        .status()
        .map_err(|e| format!("cannot run `cargo xtask build-web`: {e}"))?;
    if status.success() && dist.join("papan_bg.wasm").is_file() {
        Ok(dist)
    } else {
        Err(format!(
            "`cargo xtask build-web` failed ({status}); run it by hand to see why"
        ))
    }
}

pub fn save(repo: &Path, relative: &str, bytes: &[u8]) -> Option<PathBuf> {
    let path = repo.join(relative);
    std::fs::create_dir_all(path.parent()?).ok()?;
    std::fs::write(&path, bytes).ok()?;
    Some(path)
}

/// A copy of the web build for one test to change (a new version of a file,
/// a part taken away), in a folder removed with the guard (the first of the
/// pair). Files and folders whose names start with `left_out` are not copied.
pub fn copy_of_build(dist: &Path, left_out: Option<&str>) -> (tempfile::TempDir, PathBuf) {
    fn copy(from: &Path, to: &Path, left_out: Option<&str>) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if left_out.is_some_and(|prefix| name.starts_with(prefix)) {
                continue;
            }
            let dest = to.join(&name);
            if path.is_dir() {
                copy(&path, &dest, left_out);
            } else {
                std::fs::copy(&path, &dest).unwrap();
            }
        }
    }
    let guard = tempfile::tempdir().unwrap();
    let site = guard.path().join("site");
    copy(dist, &site, left_out);
    (guard, site)
}
