//! Every target's properties on its checked-in seeds and on every input
//! that once failed (`fuzz/seeds/<target>/`, `fuzz/regressions/<target>/`):
//! the fuzzer's findings stay fixed in the normal suite.

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    // At run time (cargo sets it), not as compiled: a shared build cache may
    // hold a test binary built in another clone.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo test sets CARGO_MANIFEST_DIR");
    Path::new(&manifest).join("../../fuzz")
}

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
    files.sort();
    files
}

#[test]
fn every_target_holds_on_its_seeds_and_past_failures() {
    let fuzz = fuzz_dir();
    let mut seen = 0;
    for (name, check) in papan_fuzzing::TARGETS {
        let seeds = inputs(&fuzz.join("seeds").join(name));
        assert!(!seeds.is_empty(), "fuzz/seeds/{name}/ has no seeds");
        for path in seeds.iter().chain(inputs(&fuzz.join("regressions").join(name)).iter()) {
            let data = std::fs::read(path).unwrap();
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "{name} fails on {}", path.display());
            seen += 1;
        }
    }
    assert!(seen >= papan_fuzzing::TARGETS.len());
}

#[test]
fn every_target_has_a_fuzz_binary() {
    let fuzz = fuzz_dir();
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for (name, _) in papan_fuzzing::TARGETS {
        let source = fuzz.join("fuzz_targets").join(format!("{name}.rs"));
        let text = std::fs::read_to_string(&source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
        assert!(
            text.contains(&format!("::{name}(")),
            "{} does not call {name}",
            source.display()
        );
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "fuzz/Cargo.toml lacks [[bin]] {name}"
        );
    }
}
