//! What makes the web build installable, offline-ready and small on the wire:
//! the service worker's version and file list, written at build time, and
//! gzip/brotli copies of every compressible file for `serve` to hand out.

use crate::static_server::with_suffix;
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::Path;

/// The placeholders `assets/web/sw.js` carries until the build fills them.
const VERSION_SLOT: &str = "__PAPAN_VERSION__";
const FILES_SLOT: &str = "\"__PAPAN_FILES__\"";
const SERVICE_WORKER: &str = "sw.js";

/// Extensions worth compressing (images are compressed already; the
/// backgammon weights gzip to 87%).
const COMPRESSIBLE: &[&str] = &[
    "html",
    "js",
    "wasm",
    "css",
    "json",
    "webmanifest",
    "svg",
    "weights",
    "ftl",
    "jsonl",
];

/// Fills `dist/sw.js` with a version that changes whenever any served file
/// changes (so browsers pick up a new build and offer to reload) and the list
/// of files to keep for offline use. Returns the version.
pub fn stamp_service_worker(dist: &Path) -> Result<String, String> {
    let path = dist.join(SERVICE_WORKER);
    let template = fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    if !template.contains(VERSION_SLOT) || !template.contains(FILES_SLOT) {
        return Err(format!("{} lacks {VERSION_SLOT} or {FILES_SLOT}", path.display()));
    }
    let mut files = served_files(dist)?;
    files.retain(|name| name != SERVICE_WORKER);
    let mut hasher = DefaultHasher::new();
    for name in &files {
        name.hash(&mut hasher);
        fs::read(dist.join(name))
            .map_err(|e| format!("reading {name}: {e}"))?
            .hash(&mut hasher);
    }
    let version = format!("v{:016x}", hasher.finish());
    // "./" is the start page itself: the page a person opens offline.
    let list: Vec<String> = std::iter::once("./".to_string())
        .chain(files.iter().cloned())
        .map(|name| format!("{name:?}"))
        .collect();
    let stamped = template
        .replace(VERSION_SLOT, &version)
        .replace(FILES_SLOT, &list.join(", "));
    fs::write(&path, stamped).map_err(|e| format!("writing {}: {e}", path.display()))?;
    Ok(version)
}

/// Every file under `dist`, as a `/`-separated relative path, sorted; no
/// precompressed copies.
fn served_files(dist: &Path) -> Result<Vec<String>, String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) -> Result<(), String> {
        let entries = fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                walk(root, &path, out)?;
            } else if !matches!(extension(&path), "gz" | "br") {
                let relative = path.strip_prefix(root).map_err(|e| e.to_string())?;
                let parts: Vec<_> = relative.components().map(|c| c.as_os_str().to_string_lossy()).collect();
                out.push(parts.join("/"));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dist, dist, &mut out)?;
    out.sort();
    Ok(out)
}

fn extension(path: &Path) -> &str {
    path.extension().and_then(|e| e.to_str()).unwrap_or("")
}

/// One file's size raw and compressed.
pub struct Sizes {
    pub name: String,
    pub raw: u64,
    pub gzip: u64,
    pub brotli: u64,
}

/// Writes `NAME.gz` and `NAME.br` beside every compressible file.
pub fn precompress(dist: &Path) -> Result<Vec<Sizes>, String> {
    let mut sizes = Vec::new();
    for name in served_files(dist)? {
        let path = dist.join(&name);
        if !COMPRESSIBLE.contains(&extension(&path)) {
            continue;
        }
        let raw = fs::read(&path).map_err(|e| format!("reading {name}: {e}"))?;
        let gzip = gzip(&raw)?;
        let brotli = brotli(&raw)?;
        write(&with_suffix(&path, "gz"), &gzip)?;
        write(&with_suffix(&path, "br"), &brotli)?;
        sizes.push(Sizes {
            name,
            raw: raw.len() as u64,
            gzip: gzip.len() as u64,
            brotli: brotli.len() as u64,
        });
    }
    Ok(sizes)
}

/// Plain gzip, as zopfli makes it: the same format every browser reads,
/// 4% under zlib's best level on the app's wasm (885.3 KB against 922.9,
/// in 23 s). One pass: five took 39 s for 1.8 KB more.
fn gzip(raw: &[u8]) -> Result<Vec<u8>, String> {
    let options = zopfli::Options {
        iteration_count: std::num::NonZeroU64::new(ZOPFLI_ITERATIONS).expect("not zero"),
        ..zopfli::Options::default()
    };
    let mut out = Vec::new();
    zopfli::compress(options, zopfli::Format::Gzip, raw, &mut out).map_err(|e| e.to_string())?;
    Ok(out)
}

/// Zopfli's passes over each block.
const ZOPFLI_ITERATIONS: u64 = 1;

fn brotli(raw: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    {
        // Quality 11 with a 4 MiB window: what a CDN does for static files.
        let mut writer = brotli::CompressorWriter::new(&mut out, 1 << 16, 11, 22);
        writer.write_all(raw).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    fs::write(path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// The sizes as a table, largest first, with the total.
pub fn size_table(sizes: &[Sizes]) -> String {
    let mut rows: Vec<&Sizes> = sizes.iter().collect();
    rows.sort_by_key(|s| std::cmp::Reverse(s.raw));
    let kb = |bytes: u64| format!("{:.1}", bytes as f64 / 1024.0);
    let width = rows.iter().map(|s| s.name.len()).max().unwrap_or(0).max(9);
    let mut out = format!("{:<width$} {:>9} {:>9} {:>9}\n", "file (KB)", "raw", "gzip", "brotli");
    for s in &rows {
        out.push_str(&format!(
            "{:<width$} {:>9} {:>9} {:>9}\n",
            s.name,
            kb(s.raw),
            kb(s.gzip),
            kb(s.brotli)
        ));
    }
    let total = |f: fn(&Sizes) -> u64| rows.iter().map(|s| f(s)).sum::<u64>();
    out.push_str(&format!(
        "{:<width$} {:>9} {:>9} {:>9}",
        "total",
        kb(total(|s| s.raw)),
        kb(total(|s| s.gzip)),
        kb(total(|s| s.brotli))
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// A throwaway dist, removed with the guard (the first of the pair).
    fn dist() -> (tempfile::TempDir, PathBuf) {
        let guard = tempfile::tempdir().unwrap();
        let root = guard.path().to_path_buf();
        fs::create_dir_all(root.join("icons")).unwrap();
        fs::write(root.join("index.html"), "<div id=main></div>".repeat(50)).unwrap();
        fs::write(root.join("papan.js"), "export default 1;").unwrap();
        fs::write(root.join("icons/icon.png"), [0u8; 4]).unwrap();
        fs::write(
            root.join(SERVICE_WORKER),
            "const VERSION = \"__PAPAN_VERSION__\";\nconst FILES = [\"__PAPAN_FILES__\"];\n",
        )
        .unwrap();
        (guard, root)
    }

    #[test]
    fn the_service_worker_lists_every_file_and_its_version_follows_the_content() {
        let (_guard, root) = dist();
        let template = fs::read_to_string(root.join(SERVICE_WORKER)).unwrap();
        let first = stamp_service_worker(&root).unwrap();
        let sw = fs::read_to_string(root.join(SERVICE_WORKER)).unwrap();
        assert!(sw.contains(&format!("const VERSION = \"{first}\";")), "{sw}");
        assert!(
            sw.contains(r#"const FILES = ["./", "icons/icon.png", "index.html", "papan.js"];"#),
            "{sw}"
        );
        // Same files, same version; a changed file, a new version.
        fs::write(root.join(SERVICE_WORKER), &template).unwrap();
        assert_eq!(stamp_service_worker(&root).unwrap(), first);
        fs::write(root.join("papan.js"), "export default 2;").unwrap();
        fs::write(root.join(SERVICE_WORKER), &template).unwrap();
        assert_ne!(stamp_service_worker(&root).unwrap(), first);
        // A worker without the slots is refused, not shipped unversioned.
        assert!(stamp_service_worker(&root).is_err());
    }

    #[test]
    fn compressed_copies_decode_to_the_original_and_images_are_left_alone() {
        let (_guard, root) = dist();
        let sizes = precompress(&root).unwrap();
        let names: Vec<&str> = sizes.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["index.html", "papan.js", "sw.js"]);
        assert!(!root.join("icons/icon.png.gz").exists());
        let original = fs::read(root.join("index.html")).unwrap();
        let gz = fs::read(root.join("index.html.gz")).unwrap();
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut decoded).unwrap();
        assert_eq!(decoded, original);
        let br = fs::read(root.join("index.html.br")).unwrap();
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &br[..], &mut decoded).unwrap();
        assert_eq!(decoded, original);
        assert!(sizes[0].brotli < sizes[0].raw && sizes[0].gzip < sizes[0].raw);
        // Compressing again does not compress the copies.
        assert_eq!(precompress(&root).unwrap().len(), 3);
    }
}
