//! Cutting the app's wasm in two, so the first load carries only what the
//! home screen needs.
//!
//! `src/screens/lazy.rs` draws the game screens through one lazy loader
//! (dioxus's `wasm-splitter`): an import named
//! `__wasm_split_00___game_screens___00_import_<hash>_game_screen` that the
//! page resolves once that part's wasm has been fetched. `wasm-split-cli`
//! reads the call graph from the linker's relocations (`--emit-relocs`) and
//! writes the main module, the split module (`module_0_game_screen.wasm`:
//! what only the loader reaches) and the chunks several split modules would
//! share (none with one split point). This module writes those files beside
//! `papan.js`, and the `__wasm_split.js` that `papan.js` imports for the
//! loaders (`split_loader.js`): each fetches its chunks first, then its
//! module, and instantiates them against the main module's memory and table.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

/// The module wasm-bindgen's glue imports the loaders from (the name the
/// macros link against: `#[link(wasm_import_module = "./__wasm_split.js")]`).
const GLUE: &str = "__wasm_split.js";

/// `makeLoad`, which the lines `split` writes call.
const LOADER: &str = include_str!("split_loader.js");

/// Splits `bindgened` (wasm-bindgen's output for `original`, rustc's module
/// linked with relocations) in place, writing the parts beside it in `dist`;
/// returns the parts' file names (split modules and shared chunks).
pub fn split(original: &Path, bindgened: &Path, dist: &Path) -> Result<Vec<String>, String> {
    let read = |path: &Path| fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()));
    let (original_bytes, bindgened_bytes) = (read(original)?, read(bindgened)?);
    let (rooted, constants) = root_lost_functions(&original_bytes, &bindgened_bytes)?;
    let splitter = wasm_split_cli::Splitter::new(&original_bytes, &rooted)
        .map_err(|e| format!("wasm-split reading {}: {e:#}", bindgened.display()))?;
    let modules = splitter.emit().map_err(|e| format!("wasm-split: {e:#}"))?;

    // papan.js imports this module and it imports papan.js's `initSync` back:
    // the cycle is fine for ES modules, as `initSync` is only called once a
    // loader runs, long after both have been evaluated.
    let mut glue = format!("import {{ initSync }} from \"./papan.js\";\n{LOADER}\n");
    let mut parts = Vec::new();
    let write = |name: &str, bytes: &[u8]| {
        let path = dist.join(name);
        fs::write(&path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))
    };
    for (index, chunk) in modules.chunks.iter().enumerate() {
        let name = format!("chunk_{index}_{}.wasm", chunk.module_name);
        write(&name, &chunk.bytes)?;
        // Relative URLs resolve against the page's `<base href="/">`.
        writeln!(
            glue,
            "export const __wasm_split_load_chunk_{index} = makeLoad(\"{name}\", [], fusedImports, initSync);"
        )
        .map_err(|e| e.to_string())?;
        parts.push(name);
    }
    for (index, module) in modules.modules.iter().enumerate() {
        let component = module
            .component_name
            .as_deref()
            .ok_or("wasm-split: a split module without a name")?;
        let hash = module
            .hash_id
            .as_deref()
            .ok_or("wasm-split: a split module without a hash")?;
        let name = format!("module_{index}_{component}.wasm");
        write(&name, &module.bytes)?;
        let mut chunks: Vec<_> = module.relies_on_chunks.iter().copied().collect();
        chunks.sort_unstable();
        let deps: Vec<_> = chunks.iter().map(|i| format!("__wasm_split_load_chunk_{i}")).collect();
        writeln!(
            glue,
            "export const __wasm_split_load_{}_{hash}_{component} = makeLoad(\"{name}\", [{}], fusedImports, initSync);",
            module.module_name,
            deps.join(", ")
        )
        .map_err(|e| e.to_string())?;
        parts.push(name);
    }
    let main = finish_main(&modules.main.bytes, constants)?;
    fs::write(bindgened, main).map_err(|e| format!("writing {}: {e}", bindgened.display()))?;
    write(GLUE, glue.as_bytes())?;
    Ok(parts)
}

/// The prefix of the exports `root_lost_functions` adds and `finish_main` removes.
const ROOT_EXPORT: &str = "__papan_split_root_";

/// The splitter learns the call graph from rustc's relocations, matching
/// functions to wasm-bindgen's output by name. The functions wasm-bindgen
/// dissolves (its `describe` functions) take the closures that JavaScript
/// calls through the table along with them, and wasm-split-cli 0.7.10 then
/// leaves those closures in the main module without their callees (which it
/// moves to the split module): the main module fails to link. An exported
/// empty function under each dissolved function's name gives the splitter a
/// root to hang their descendants on, so they stay in the main module.
/// Also returns the module's read-only data (its first data segment), which
/// `finish_main` puts back.
fn root_lost_functions(original: &[u8], bindgened: &[u8]) -> Result<(Vec<u8>, Vec<u8>), String> {
    let original = walrus::Module::from_buffer(original).map_err(|e| format!("reading rustc's wasm: {e:#}"))?;
    let mut module =
        walrus::Module::from_buffer(bindgened).map_err(|e| format!("reading wasm-bindgen's wasm: {e:#}"))?;
    let present: std::collections::HashSet<String> = module.funcs.iter().filter_map(|f| f.name.clone()).collect();
    let lost: Vec<String> = original
        .funcs
        .iter()
        .filter_map(|f| f.name.clone())
        .filter(|name| !present.contains(name))
        .collect();
    for (index, name) in lost.into_iter().enumerate() {
        let builder = walrus::FunctionBuilder::new(&mut module.types, &[], &[]);
        let id = builder.finish(Vec::new(), &mut module.funcs);
        module.funcs.get_mut(id).name = Some(name);
        module.exports.add(&format!("{ROOT_EXPORT}{index}"), id);
    }
    let constants = module
        .data
        .iter()
        .next()
        .ok_or("wasm-bindgen's wasm has no data")?
        .value
        .clone();
    Ok((module.emit_wasm(), constants))
}

/// The main module without `root_lost_functions`' exports (wasm-opt then
/// drops the empty functions), and with all of its read-only data.
///
/// wasm-split-cli zeroes the main module's copy of the constants it judges
/// only the split module reads, but it misjudges some that the main module
/// reads too (the games' names, so `/hex/play` no longer parsed). The main
/// module keeps every constant instead; the split module writes the same
/// bytes again when it loads.
fn finish_main(main: &[u8], constants: Vec<u8>) -> Result<Vec<u8>, String> {
    let mut module = walrus::Module::from_buffer(main).map_err(|e| format!("reading the split main module: {e:#}"))?;
    let roots: Vec<_> = module
        .exports
        .iter()
        .filter(|e| e.name.starts_with(ROOT_EXPORT))
        .map(|e| e.id())
        .collect();
    for id in roots {
        module.exports.delete(id);
    }
    let zeroed = module
        .data
        .iter()
        .next()
        .map(|d| d.id())
        .ok_or("the split main module has no data")?;
    let segment = module.data.get_mut(zeroed);
    if segment.value.len() != constants.len() {
        return Err("wasm-split changed the size of the main module's constants".into());
    }
    segment.value = constants;
    Ok(module.emit_wasm())
}
