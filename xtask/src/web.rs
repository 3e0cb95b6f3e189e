//! The web build without `dx`: cargo (wasm32, the size-tuned `wasm-release` profile,
//! feature `web`) → wasm-bindgen → the app's wasm cut in two (`split`) → optional
//! wasm-opt → `dist/` with the checked-in page, manifest, service worker and icons →
//! a versioned service worker and precompressed copies (`.gz`, `.br`) of every text
//! file and the wasm, whose sizes it prints.

use crate::env::{self, cargo, run};
use crate::linted;
use crate::offline;
use crate::split;
use crate::tools;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The app package and its binary; wasm-bindgen names its output after the binary
/// (`papan.js`, `papan_bg.wasm`), which `assets/web/index.html` imports.
const APP: &str = "papan";
/// The app's style sheets in cascade order: the order `src/lib.rs` inlines
/// them for native builds (a test holds the two lists together).
const CSS_FILES: &[&str] = &[
    "app.css",
    "play.css",
    "hadang.css",
    "backgammon.css",
    "junqi.css",
    "tutorial.css",
    "online.css",
];
/// The bots' Web Worker package (`crates/worker`): `papan_worker.js` and
/// `papan_worker_bg.wasm`, which `assets/web/bot-worker.js` loads.
const WORKER: &str = "papan-worker";
/// The web page's one style sheet, linked by `assets/web/index.html`.
const CSS_OUT: &str = "papan.css";

/// The shipped backgammon weights, served beside the wasm.
const BACKGAMMON_WEIGHTS: &str = "crates/bots/data/backgammon.weights";

/// The Hex policy net, which the browser's Expert does not ask
/// (`PolicyNet::shipped` is `None` on wasm32): its 147 KB stay out.
const HEX_POLICY: &str = "crates/bots/data/hex.policy";

/// The Hex value, which reads the policy's layers: out of the browser's
/// build with it (`ValueNet::shipped` is `None` on wasm32).
const HEX_VALUE: &str = "crates/bots/data/hex.value";

/// Cargo.toml's profiles for the web: the app's tuned for size, the bots'
/// worker's for speed.
const PROFILE: &str = "wasm-release";
const WORKER_PROFILE: &str = "wasm-worker";

pub struct BuildOptions {
    pub dist: PathBuf,
    pub wasm_opt: bool,
    /// Fail on rustc's or clippy's warnings in the wasm32 code (CI), rather
    /// than only print them.
    pub deny_warnings: bool,
}

impl BuildOptions {
    pub fn default_for_repo() -> Self {
        BuildOptions {
            dist: env::repo_root().join("dist"),
            wasm_opt: true,
            deny_warnings: false,
        }
    }
}

/// rustc flags that write the crates' source paths in panic locations as
/// `dioxus-core-0.7.10/src/…` instead of under this machine's cargo home:
/// shorter in the download, and the same wherever it is built.
fn short_source_paths() -> String {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")));
    let registries = cargo_home
        .and_then(|home| fs::read_dir(home.join("registry").join("src")).ok())
        .into_iter()
        .flatten()
        .flatten();
    registries
        .map(|index| index.path().display().to_string())
        // The variable splits on spaces; such a path keeps its long form.
        .filter(|path| !path.contains(' '))
        .map(|path| format!("--remap-path-prefix={path}/="))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Builds the web app into `opts.dist` and returns that directory.
pub fn build(opts: &BuildOptions) -> Result<PathBuf, String> {
    tools::ensure_rust_target(tools::WASM_TARGET)?;
    tools::ensure_fmt_and_clippy()?;
    let wasm_opt = if opts.wasm_opt { tools::ensure_wasm_opt() } else { None };

    // Both builds are clippy's check of the wasm32-only code as well (`linted`).
    let app_build = linted::build(
        cargo(&[
            "build",
            "--package",
            APP,
            "--bin",
            APP,
            "--profile",
            PROFILE,
            "--target",
            tools::WASM_TARGET,
            "--features",
            "web",
        ])
        .env("CARGO_TARGET_DIR", env::web_target_dir())
        // The relocations are the call graph `split` cuts the app's wasm along.
        .env(
            "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS",
            format!("{} -Clink-arg=--emit-relocs", short_source_paths()),
        ),
    )?;
    // The bots' worker: a library built as a cdylib only here, so native
    // builds of the workspace never link it as one.
    let worker_build = linted::build(
        cargo(&[
            "rustc",
            "--package",
            WORKER,
            "--lib",
            "--crate-type",
            "cdylib",
            "--profile",
            WORKER_PROFILE,
            "--target",
            tools::WASM_TARGET,
            "--features",
            "exports",
        ])
        .env("CARGO_TARGET_DIR", env::web_target_dir())
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS", short_source_paths()),
    )?;
    if opts.deny_warnings {
        linted::deny_warnings("the web build", app_build.warnings + worker_build.warnings)?;
    }
    let built = env::web_target_dir().join(tools::WASM_TARGET);
    let app_wasm = built.join(PROFILE).join(format!("{APP}.wasm"));
    let worker_wasm = built
        .join(WORKER_PROFILE)
        .join(format!("{}.wasm", WORKER.replace('-', "_")));
    for wasm in [&app_wasm, &worker_wasm] {
        if !wasm.is_file() {
            return Err(format!("cargo finished but {} is missing", wasm.display()));
        }
    }

    let dist = &opts.dist;
    reset_dist(dist)?;
    // The app is an ES module (`index.html` imports it); the worker's glue
    // is a classic script for `importScripts` (`assets/web/bot-worker.js`).
    for (wasm, web) in [(&app_wasm, true), (&worker_wasm, false)] {
        bind(wasm, web, dist)?;
    }
    let app = dist.join(format!("{APP}_bg.wasm"));
    let started = std::time::Instant::now();
    let parts = split::split(&app_wasm, &app, dist)?;
    println!(
        "split {APP}_bg.wasm in {:.1}s, off it: {}",
        started.elapsed().as_secs_f64(),
        parts.join(", ")
    );

    if let Some(wasm_opt) = wasm_opt {
        // The app for size; the bots for speed (a bot with a time limit plays
        // weaker when its search runs slower).
        let worker = dist.join(format!("{}_bg.wasm", WORKER.replace('-', "_")));
        let app_parts = std::iter::once(app.clone()).chain(parts.iter().map(|name| dist.join(name)));
        let jobs = app_parts.map(|wasm| (wasm, "-Oz")).chain([(worker, "-O3")]);
        for (wasm, level) in jobs {
            let before = file_size(&wasm);
            // The features rustc enables by default for wasm32; wasm-opt must accept them all.
            run(Command::new(&wasm_opt)
                .arg(level)
                .args([
                    "--enable-reference-types",
                    "--enable-bulk-memory",
                    "--enable-nontrapping-float-to-int",
                    "--enable-sign-ext",
                    "--enable-mutable-globals",
                    "--enable-multivalue",
                ])
                .arg(&wasm)
                .arg("-o")
                .arg(&wasm))?;
            println!(
                "wasm-opt {level} {}: {} KB -> {} KB",
                wasm.file_name().unwrap_or_default().to_string_lossy(),
                before / 1024,
                file_size(&wasm) / 1024
            );
        }
    }

    let assets = env::repo_root().join("assets");
    copy_dir(&assets.join("web"), dist)?;
    write_style_sheet(&assets.join("css"), &dist.join(CSS_OUT))?;
    // The bots' worker fetches the backgammon weights when it first needs
    // them (`assets/web/bot-worker.js`) instead of carrying them in its wasm.
    let weights = env::repo_root().join(BACKGAMMON_WEIGHTS);
    fs::copy(&weights, dist.join("backgammon.weights")).map_err(|e| format!("copying {}: {e}", weights.display()))?;
    // The puzzle sets (every `*.jsonl` there), fetched by the puzzle
    // screens (`src/puzzles`) instead of carried in the app's wasm.
    let puzzles = env::repo_root().join("crates/bots/data/puzzles");
    fs::create_dir_all(dist.join("puzzles")).map_err(|e| format!("creating puzzles/: {e}"))?;
    for entry in fs::read_dir(&puzzles).map_err(|e| format!("reading {}: {e}", puzzles.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if let Some(name) = path
            .file_name()
            .filter(|_| path.extension().is_some_and(|e| e == "jsonl"))
        {
            fs::copy(&path, dist.join("puzzles").join(name)).map_err(|e| format!("copying {}: {e}", path.display()))?;
        }
    }
    write_locales(&assets.join("locales"), &dist.join("locales"))?;
    let icons = assets.join("icons");
    if icons.is_dir() {
        copy_dir(&icons, &dist.join("icons"))?;
    }
    if !dist.join("index.html").is_file() {
        return Err("assets/web/index.html is missing: the web build has no page".into());
    }
    for data in [HEX_POLICY, HEX_VALUE] {
        keep_out_of_wasm(dist, &env::repo_root().join(data))?;
    }
    let version = offline::stamp_service_worker(dist)?;
    let sizes = offline::precompress(dist)?;
    println!("{}", offline::size_table(&sizes));
    println!("web build {version} ready in {}", dist.display());
    Ok(dist.clone())
}

/// Fails if a wasm file in `dist` carries `data`'s weights: a stretch of
/// its bytes past the header, which no code of the app contains.
fn keep_out_of_wasm(dist: &Path, data: &Path) -> Result<(), String> {
    let bytes = fs::read(data).map_err(|e| format!("reading {}: {e}", data.display()))?;
    let middle = bytes.len() / 2;
    let Some(stretch) = bytes.get(middle..middle + 64) else {
        return Err(format!("{} is too short to be the shipped net", data.display()));
    };
    for entry in fs::read_dir(dist).map_err(|e| format!("reading {}: {e}", dist.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "wasm") {
            let wasm = fs::read(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            if wasm.windows(stretch.len()).any(|w| w == stretch) {
                return Err(format!(
                    "{} carries {}, which the browser never uses",
                    path.display(),
                    data.display()
                ));
            }
        }
    }
    Ok(())
}

/// wasm-bindgen's JS glue and final wasm for one module, into `out`: an ES
/// module for the page (`web`), a classic script otherwise.
fn bind(wasm: &Path, web: bool, out: &Path) -> Result<(), String> {
    let mut bindgen = wasm_bindgen_cli_support::Bindgen::new();
    // As the CLI does: the glue finds its wasm beside itself by default
    // (the library leaves that default path out unless told).
    bindgen
        .input_path(wasm)
        .typescript(false)
        .omit_default_module_path(false)
        // The page's module is split afterwards (`split`), which needs the
        // linker's own exports (the stack pointer, the table) kept, and the
        // functions' names as rustc wrote them (it matches them by name).
        .keep_lld_exports(web)
        .demangle(!web);
    let bindgen = if web {
        bindgen.web(true)
    } else {
        bindgen.no_modules(true)
    }
    .map_err(|e| format!("wasm-bindgen: {e}"))?;
    bindgen
        .generate(out)
        .map_err(|e| format!("wasm-bindgen on {}: {e:#}", wasm.display()))
}

/// Two files of text per language, fetched by the app for the language in
/// use instead of carrying every language in its wasm: `locales/id.ftl`,
/// what every screen needs, before the app starts (`src/i18n.rs`'s `load`),
/// and `locales/id.more.ftl`, the lessons' text and the rules pages' (its
/// `load_more`, when such a page opens).
fn write_locales(from: &Path, out: &Path) -> Result<(), String> {
    fs::create_dir_all(out).map_err(|e| format!("creating {}: {e}", out.display()))?;
    let read = |dir: &Path| fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()));
    for lang in read(from)? {
        let lang = lang.map_err(|e| e.to_string())?.path();
        if !lang.is_dir() {
            continue;
        }
        let mut files: Vec<PathBuf> = read(&lang)?
            .filter_map(|f| f.ok().map(|f| f.path()))
            .filter(|f| f.extension().is_some_and(|e| e == "ftl"))
            .collect();
        files.sort();
        let (mut first, mut more) = (String::new(), String::new());
        for file in &files {
            let text = fs::read_to_string(file).map_err(|e| format!("reading {}: {e}", file.display()))?;
            let (a, b) = split_messages(&text);
            first.push_str(&a);
            more.push_str(&b);
        }
        let name = lang.file_name().unwrap_or_default().to_string_lossy();
        for (target, text) in [
            (out.join(format!("{name}.ftl")), first),
            (out.join(format!("{name}.more.ftl")), more),
        ] {
            fs::write(&target, text).map_err(|e| format!("writing {}: {e}", target.display()))?;
        }
    }
    Ok(())
}

/// Whether a message is only read on the lesson and rules pages: the
/// lessons' own text and each rule's "what" and "why" (the app fetches
/// those with `i18n::load_more` when such a page opens).
fn is_later_text(id: &str) -> bool {
    let lesson = ["tutorial-hex-", "tutorial-hadang-", "tutorial-junqi-", "tutorial-bg-"]
        .iter()
        .any(|p| id.starts_with(p));
    let rule_page = id.starts_with("rules-example-")
        || id == "rules-why-label"
        || (id.starts_with("rule-") && (id.ends_with("-what") || id.ends_with("-why")));
    lesson || rule_page
}

/// Splits a `.ftl` file's text into what the app needs from the start and
/// [`is_later_text`]: a message is its first line and the indented lines
/// under it; comments and blank lines stay with the first part.
fn split_messages(text: &str) -> (String, String) {
    let (mut first, mut later) = (String::new(), String::new());
    let mut to_later = false;
    for line in text.lines() {
        let continues = line.starts_with(' ') || line.starts_with('\t');
        if !continues {
            to_later = match line.split_once(" =") {
                Some((id, _)) if !line.starts_with('#') && !id.contains(' ') => is_later_text(id),
                _ => false,
            };
        }
        let out = if to_later { &mut later } else { &mut first };
        out.push_str(line);
        out.push('\n');
    }
    (first, later)
}

/// Joins [`CSS_FILES`] into the web build's one style sheet.
fn write_style_sheet(css_dir: &Path, out: &Path) -> Result<(), String> {
    let mut joined = String::new();
    for name in CSS_FILES {
        let path = css_dir.join(name);
        joined += &fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    }
    fs::write(out, joined).map_err(|e| format!("writing {}: {e}", out.display()))
}

/// Empties `dist`, refusing to delete a folder that does not look like a previous build.
fn reset_dist(dist: &Path) -> Result<(), String> {
    if dist.exists() {
        let ours = dist.join("index.html").exists()
            || dist.join(format!("{APP}.js")).exists()
            || fs::read_dir(dist).map(|mut d| d.next().is_none()).unwrap_or(false);
        if !ours {
            return Err(format!(
                "{} exists and is not a web build; refusing to delete it",
                dist.display()
            ));
        }
        fs::remove_dir_all(dist).map_err(|e| format!("removing {}: {e}", dist.display()))?;
    }
    fs::create_dir_all(dist).map_err(|e| format!("creating {}: {e}", dist.display()))
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("creating {}: {e}", to.display()))?;
    let entries = fs::read_dir(from).map_err(|e| format!("reading {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &dest)?;
        } else {
            fs::copy(&path, &dest).map_err(|e| format!("copying {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

fn file_size(path: &Path) -> u64 {
    fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wasm file holding the net's weights fails the build; one holding
    /// only its header (as a parser's constant might) passes.
    #[test]
    fn a_wasm_carrying_the_hex_policy_fails_the_web_build() {
        let guard = tempfile::tempdir().unwrap();
        let net = env::repo_root().join(HEX_POLICY);
        let bytes = fs::read(&net).unwrap();
        let mut wasm = b"\0asm".to_vec();
        wasm.extend_from_slice(&bytes[..64]);
        fs::write(guard.path().join("papan_worker_bg.wasm"), &wasm).unwrap();
        assert_eq!(keep_out_of_wasm(guard.path(), &net), Ok(()));
        wasm.extend_from_slice(&bytes);
        fs::write(guard.path().join("papan_worker_bg.wasm"), &wasm).unwrap();
        let refused = keep_out_of_wasm(guard.path(), &net).unwrap_err();
        assert!(refused.contains("papan_worker_bg.wasm carries"), "{refused}");
    }

    /// Each language's two files hold every message of its `.ftl` files
    /// once, the later text (lessons, the rules pages' what and why) in the
    /// second, and every file the native build embeds is among them.
    #[test]
    fn each_language_is_its_text_in_two_files_the_lessons_and_rule_pages_later() {
        let guard = tempfile::tempdir().unwrap();
        let out = guard.path().join("locales");
        let locales = env::repo_root().join("assets/locales");
        write_locales(&locales, &out).unwrap();
        let i18n = fs::read_to_string(env::repo_root().join("src/i18n.rs")).unwrap();
        let ids = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| !l.starts_with([' ', '#']))
                .filter_map(|l| l.split_once(" =").map(|(id, _)| id.to_string()))
                .collect()
        };
        for lang in ["en", "id", "fil"] {
            let first = ids(&fs::read_to_string(out.join(format!("{lang}.ftl"))).unwrap());
            let later = ids(&fs::read_to_string(out.join(format!("{lang}.more.ftl"))).unwrap());
            assert!(first.iter().all(|id| !is_later_text(id)));
            assert!(later.iter().all(|id| is_later_text(id)));
            assert!(later.iter().any(|id| id == "rule-x5-why") && first.iter().any(|id| id == "rule-x5"));
            assert!(later.iter().any(|id| id.starts_with("tutorial-hex-")));
            for file in fs::read_dir(locales.join(lang)).unwrap() {
                let file = file.unwrap().path();
                let name = file.file_name().unwrap().to_string_lossy().into_owned();
                for id in ids(&fs::read_to_string(&file).unwrap()) {
                    let n = first.iter().chain(&later).filter(|i| **i == id).count();
                    assert_eq!(n, 1, "{lang}: {name}'s {id} is written {n} times");
                }
                assert!(
                    i18n.contains(&format!("\"/{name}\"")),
                    "src/i18n.rs does not embed {name}"
                );
            }
        }
        assert_eq!(fs::read_dir(&out).unwrap().count(), 6, "two files per language");
        fs::remove_dir_all(&out).unwrap();
    }

    /// The web sheet must cascade like the native builds' inlined styles:
    /// the same files, in the same order, as `src/lib.rs`'s `STYLE`.
    #[test]
    fn css_files_match_the_native_style_order() {
        let lib = fs::read_to_string(env::repo_root().join("src/lib.rs")).expect("src/lib.rs");
        let inlined: Vec<&str> = lib
            .split("include_str!(\"../assets/css/")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        assert_eq!(inlined, CSS_FILES);
        let on_disk = fs::read_dir(env::repo_root().join("assets/css"))
            .expect("assets/css")
            .count();
        assert_eq!(on_disk, CSS_FILES.len(), "every sheet in assets/css is in the list");
    }
}
