//! `cargo xtask <command>`: project automation that installs what it needs
//! on a fresh machine of this kind (wasm32 target, trunk, wasm-bindgen-cli
//! at the lockfile's version, npm packages from package-lock.json,
//! Chromium and chromedriver from Debian).
//!
//! * `test`  — every check CI runs: rustfmt, clippy (native and wasm32),
//!   native tests (with the corpus conformance), the wasm32 build of the
//!   core, the studio build, wasm-bindgen tests in headless Chromium and
//!   the end-to-end browser suite.
//! * `serve` — build the studio and serve it on http://127.0.0.1:8080.
//! * `dist`  — build the studio into `dist/`.
//! * `bench` — run the benchmarks (`-- --help` for criterion's options).
//! * `race`  — the drop-ins against the original tools, whole process
//!   (`VAULTWRIGHT_NETHACK_343=DIR` names the originals).
//! * `scale` — every command of every language at 1×, 4× and 16× input:
//!   time and peak memory against the linear-cost goals (`scale WORD`:
//!   only the cases whose language contains the word, e.g. `lua`).
//! * `fuzz`  — libFuzzer on every target, or those named (`--time S` per
//!   target, default 60); findings become fixtures `cargo test` replays.
//! * `demo`  — check and render an example level with the CLI.

mod child;
mod fuzz;
mod race;
mod scale;
mod scale_lsp;
#[path = "../../../fuzz/seeds.rs"]
mod seeds;
mod serve;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

type Result<T = ()> = std::result::Result<T, String>;

const TRUNK_VERSION: &str = "0.21.14";
const WASM_BINDGEN_VERSION: &str = "0.2.130";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(),
        Some("serve") => build_studio().and_then(|()| serve::serve(&root().join("dist"), port())),
        Some("dist") => build_studio(),
        Some("bench") => bench(&args[1..]),
        Some("race") => race_builds().and_then(|builds| race::race(&root(), &builds)),
        Some("demo") => demo(),
        Some("fuzz") => fuzz::fuzz(&args[1..]),
        Some(child::PEAK) => return child::report_peak(&args[1..]),
        Some("scale") => {
            release_cli().and_then(|cli| scale::scale(&cli, args.get(1).map(String::as_str)))
        }
        _ => {
            eprintln!("usage: cargo xtask <test|serve|dist|bench|race|scale|fuzz|demo>");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn port() -> u16 {
    std::env::var("VAULTWRIGHT_PORT")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(8080)
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("xtask lives in crates/xtask")
        .to_path_buf()
}

fn home_cargo_bin() -> PathBuf {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .unwrap_or_else(|| PathBuf::from("/root/.cargo"))
        .join("bin")
}

/// PATH with the npm tools (wasm-opt, esbuild) and cargo's bin first.
fn tool_path() -> std::ffi::OsString {
    let mut parts = vec![root().join("node_modules/.bin"), home_cargo_bin()];
    if let Some(p) = std::env::var_os("PATH") {
        parts.extend(std::env::split_paths(&p));
    }
    std::env::join_paths(parts).unwrap_or_default()
}

fn cmd(program: &str) -> Command {
    let mut c = Command::new(program);
    c.current_dir(root());
    c.env("PATH", tool_path());
    c.env_remove("NO_COLOR");
    c
}

fn cargo() -> Command {
    let mut c = cmd(&std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    c.env("CARGO_TERM_COLOR", "never");
    c
}

fn run(what: &str, c: &mut Command) -> Result {
    eprintln!("==> {what}");
    let status = c
        .status()
        .map_err(|e| format!("{what}: cannot start: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// stdout of a command that succeeded.
fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = cmd(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn ensure_wasm_target() -> Result {
    ensure_target("wasm32-unknown-unknown")
}

fn ensure_target(target: &str) -> Result {
    let installed = output("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if !installed.lines().any(|l| l.trim() == target) {
        run(
            &format!("install the {target} target"),
            cmd("rustup").args(["target", "add", target]),
        )?;
    }
    Ok(())
}

fn ensure_cargo_tool(bin: &str, krate: &str, version: &str) -> Result {
    let have = output(bin, &["--version"]).unwrap_or_default();
    if have.contains(version) {
        return Ok(());
    }
    let what = format!("install {krate} {version} (a few minutes, once)");
    let locked = run(
        &what,
        cargo().args(["install", "--locked", krate, "--version", version]),
    );
    if locked.is_err() {
        // wasm-bindgen-cli's lockfile can name a crate version the registry
        // no longer serves; resolve afresh.
        run(
            &format!("{what}, without --locked"),
            cargo().args(["install", krate, "--version", version]),
        )?;
    }
    Ok(())
}

fn ensure_npm() -> Result {
    let root = root();
    let stamp = root.join("node_modules/.package-lock.json");
    let lock = root.join("package-lock.json");
    let fresh = match (std::fs::metadata(&stamp), std::fs::metadata(&lock)) {
        (Ok(s), Ok(l)) => s.modified().ok() >= l.modified().ok(),
        _ => false,
    };
    if !fresh || !root.join("node_modules/.bin/esbuild").exists() {
        run(
            "npm packages (package-lock.json)",
            cmd("npm").args(["ci", "--no-audit", "--no-fund"]),
        )?;
    }
    Ok(())
}

fn ensure_chromium() -> Result {
    let ok = Path::new("/usr/bin/chromium").exists() && Path::new("/usr/bin/chromedriver").exists();
    if ok {
        return Ok(());
    }
    run("apt-get update", Command::new("apt-get").arg("update"))?;
    run(
        "install Chromium and chromedriver",
        Command::new("apt-get")
            .args(["install", "-y", "chromium", "chromium-driver"])
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

/// Debian's Neovim, the real LSP client the end-to-end test drives
/// `vaultwright lsp` with, and Debian's Lua 5.4, whose `luac5.4 -p` is
/// the oracle of the Lua level scripts' syntax verdicts.
fn ensure_debian_tools() -> Result {
    let missing: Vec<&str> = [("/usr/bin/nvim", "neovim"), ("/usr/bin/luac5.4", "lua5.4")]
        .into_iter()
        .filter(|(path, _)| !Path::new(path).exists())
        .map(|(_, package)| package)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    run("apt-get update", Command::new("apt-get").arg("update"))?;
    run(
        "install Neovim (the LSP client of the end-to-end test) and Lua 5.4 (the oracle of Lua syntax)",
        Command::new("apt-get")
            .args(["install", "-y"])
            .args(&missing)
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

/// The JavaScript bundle the studio imports (`web/js/bridge.js`).
fn bundle_js() -> Result {
    ensure_npm()?;
    run(
        "bundle the editor and browser glue (esbuild)",
        cmd("esbuild").args([
            "web/js/bridge-src.js",
            "--bundle",
            "--format=esm",
            "--minify",
            "--log-level=warning",
            // The example a first visit opens, shown before the app is up.
            "--loader:.des=text",
            "--outfile=web/js/bridge.js",
        ]),
    )
}

fn build_studio() -> Result {
    ensure_wasm_target()?;
    ensure_cargo_tool("trunk", "trunk", TRUNK_VERSION)?;
    ensure_cargo_tool("wasm-bindgen", "wasm-bindgen-cli", WASM_BINDGEN_VERSION)?;
    bundle_js()?;
    run("fetch crates", cargo().arg("fetch"))?;
    run(
        "trunk build",
        cmd("trunk")
            .args(["build", "--release", "--offline"])
            .env("TRUNK_SKIP_VERSION_CHECK", "true")
            .env("TRUNK_COLOR", "never"),
    )?;
    minify_glue(&root().join("dist"))?;
    name_core_worker_by_hash(&root().join("dist"))?;
    write_content_security_policy(&root().join("dist"))?;
    write_service_worker(&root().join("dist"))
}

/// The studio's Content-Security-Policy, written into `index.html` as a
/// `<meta>` (a static host sends no header of ours): scripts from its own
/// origin, the wasm the browser compiles, Trunk's inline start-up script
/// by its hash, and nothing from anywhere else. Inline `style` attributes
/// stay allowed: Yew sets them (sizes, positions). The one other origin
/// the page may reach is where crawl's Lua library is fetched from
/// (`web/src/crawl_library.rs`), for its text only.
fn write_content_security_policy(dist: &Path) -> Result {
    use base64::Engine;
    use sha2::Digest;
    let index = dist.join("index.html");
    let page = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    let hashes: Vec<String> = inline_scripts(&page)
        .map(|script| {
            let digest = sha2::Sha256::digest(script.as_bytes());
            format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            )
        })
        .collect();
    let policy = format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {}; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
         connect-src 'self' https://raw.githubusercontent.com; worker-src 'self'; manifest-src 'self'; \
         object-src 'none'; base-uri 'none'; form-action 'none'",
        hashes.join(" ")
    );
    // Right after `<meta charset…>` (Trunk writes it minified), before
    // any script, so that the policy governs them all.
    let at = page
        .find("<meta charset")
        .and_then(|i| page[i..].find('>').map(|end| i + end + 1))
        .ok_or_else(|| {
            format!(
                "{}: no `<meta charset>` to put the policy after",
                index.display()
            )
        })?;
    let meta = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">");
    let page = format!("{}{meta}{}", &page[..at], &page[at..]);
    std::fs::write(&index, page).map_err(|e| format!("{}: {e}", index.display()))
}

/// The text of every `<script>` element without a `src`, as the browser
/// hashes it.
fn inline_scripts(page: &str) -> impl Iterator<Item = &str> {
    page.split("<script").skip(1).filter_map(|rest| {
        let (open, body) = rest.split_once('>')?;
        let (text, _) = body.split_once("</script>")?;
        (!open.contains(" src=")).then_some(text)
    })
}

/// Minifies wasm-bindgen's JavaScript glue, which Trunk leaves as written
/// (its minifier skips it), and puts the new file's hash in the page's
/// `integrity` attribute. Names the wasm imports are object keys, which a
/// minifier keeps.
fn minify_glue(dist: &Path) -> Result {
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let glue = std::fs::read_dir(dist)
        .map_err(|e| format!("{}: {e}", dist.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("vaultwright-web-") && n.ends_with(".js"))
        })
        .ok_or("dist/ has no vaultwright-web-*.js")?;
    let before = integrity(&read(&glue)?);
    let path = glue.to_string_lossy().into_owned();
    run(
        "minify the wasm-bindgen glue (esbuild)",
        cmd("esbuild").args([
            path.as_str(),
            "--minify",
            "--format=esm",
            "--log-level=warning",
            // The glue lists one module under the same key several times
            // (last one wins, as before minifying).
            "--log-override:duplicate-object-key=silent",
            "--allow-overwrite",
            &format!("--outfile={path}"),
        ]),
    )?;
    let after = integrity(&read(&glue)?);
    let index = dist.join("index.html");
    let page = String::from_utf8_lossy(&read(&index)?).into_owned();
    if !page.contains(&before) {
        return Err(format!(
            "{}: no integrity {before} for the glue",
            index.display()
        ));
    }
    std::fs::write(&index, page.replace(&before, &after)).map_err(|e| e.to_string())
}

/// Names the core worker's glue and wasm by their content's hash, as
/// Trunk names the page's (it names a worker's files as they are): the
/// service worker then takes them from the HTTP cache the first visit
/// filled instead of downloading them again, and a redeploy never mixes
/// two builds' files. The loader the page starts the worker with keeps
/// its name and names the hashed files.
fn name_core_worker_by_hash(dist: &Path) -> Result {
    use sha2::Digest;
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let (glue, wasm) = (
        dist.join("vaultwright-core.js"),
        dist.join("vaultwright-core_bg.wasm"),
    );
    let mut digest = sha2::Sha256::new();
    digest.update(read(&glue)?);
    digest.update(read(&wasm)?);
    let hash: String = digest.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let (new_glue, new_wasm) = (
        format!("vaultwright-core-{hash}.js"),
        format!("vaultwright-core-{hash}_bg.wasm"),
    );
    let rename = |from: &Path, to: &str| {
        std::fs::rename(from, dist.join(to)).map_err(|e| format!("{}: {e}", from.display()))
    };
    rename(&glue, &new_glue)?;
    rename(&wasm, &new_wasm)?;
    let loader = dist.join("vaultwright-core_loader.js");
    std::fs::write(
        &loader,
        format!("importScripts(\"./{new_glue}\");wasm_bindgen(\"./{new_wasm}\");"),
    )
    .map_err(|e| format!("{}: {e}", loader.display()))
}

/// A subresource-integrity value: `sha384-` and the base64 digest.
fn integrity(bytes: &[u8]) -> String {
    use base64::Engine;
    use sha2::Digest;
    let digest = sha2::Sha384::digest(bytes);
    format!(
        "sha384-{}",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// Fills the service worker's precache list and version from `dist/`.
fn write_service_worker(dist: &Path) -> Result {
    let mut files = Vec::new();
    collect(dist, dist, &mut files)?;
    files.sort();
    files.retain(|f| f != "sw.js");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for f in &files {
        for b in f
            .bytes()
            .chain(std::fs::read(dist.join(f)).map_err(|e| e.to_string())?)
        {
            hash = (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let mut list = vec!["./".to_string()];
    list.extend(files.iter().map(|f| format!("./{f}")));
    let json = format!(
        "[{}]",
        list.iter()
            .map(|f| format!("\"{}\"", f.replace('"', "")))
            .collect::<Vec<_>>()
            .join(",")
    );
    let sw = dist.join("sw.js");
    let text = std::fs::read_to_string(&sw).map_err(|e| format!("{}: {e}", sw.display()))?;
    let text = text
        .replace("__VW_VERSION__", &format!("{hash:016x}"))
        .replace("__VW_PRECACHE__", &json);
    std::fs::write(&sw, text).map_err(|e| e.to_string())?;
    eprintln!("==> service worker precaches {} files", list.len());
    Ok(())
}

fn collect(base: &Path, dir: &Path, out: &mut Vec<String>) -> Result {
    for e in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let p = e.map_err(|e| e.to_string())?.path();
        if p.is_dir() {
            collect(base, &p, out)?;
        } else if let Ok(rel) = p.strip_prefix(base) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
    Ok(())
}

/// `../shared/corpus` (or `$VAULTWRIGHT_SHARED/corpus`), when present.
fn shared_corpus() -> Option<PathBuf> {
    let shared = std::env::var_os("VAULTWRIGHT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared"));
    Some(shared.join("corpus")).filter(|c| c.is_dir())
}

fn check_shared() {
    let shared = root().join("../shared/corpus");
    if !shared.is_dir() && std::env::var_os("VAULTWRIGHT_SHARED").is_none() {
        eprintln!(
            "warning: {} is missing: the corpus tests will fail and say so",
            shared.display()
        );
    }
}

fn test() -> Result {
    check_shared();
    ensure_wasm_target()?;
    run("rustfmt", cargo().args(["fmt", "--all", "--", "--check"]))?;
    bundle_js()?;
    run(
        "clippy (native)",
        cargo().args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
    )?;
    run(
        "clippy (studio, wasm32)",
        cargo().args([
            "clippy",
            "-p",
            "vaultwright-web",
            "--target",
            "wasm32-unknown-unknown",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
    )?;
    run("native tests", cargo().args(["test", "--workspace"]))?;
    run(
        "the core builds for wasm32",
        cargo().args([
            "build",
            "-p",
            "vaultwright",
            "--target",
            "wasm32-unknown-unknown",
        ]),
    )?;
    build_studio()?;
    ensure_chromium()?;
    ensure_debian_tools()?;
    run(
        "wasm-bindgen tests in headless Chromium",
        cargo()
            .args([
                "test",
                "-p",
                "vaultwright-web",
                "--target",
                "wasm32-unknown-unknown",
            ])
            .env("CHROMEDRIVER", "/usr/bin/chromedriver")
            .env("WASM_BINDGEN_TEST_TIMEOUT", "120"),
    )?;
    run(
        "end-to-end tests (node --test, playwright-core)",
        cmd("node").args(["--test", "--test-concurrency=1", "tests/e2e/"]),
    )?;
    fuzz::smoke_if_available()
}

fn demo() -> Result {
    let example = root().join("static/examples/tiny-maze.des");
    run(
        "check the example",
        cargo()
            .args(["run", "-q", "-p", "vaultwright-cli", "--", "check"])
            .arg(&example),
    )?;
    run(
        "render the example",
        cargo()
            .args(["run", "-q", "-p", "vaultwright-cli", "--", "render"])
            .arg(&example),
    )
}

/// Builds the release command line and returns its path.
fn release_cli() -> Result<PathBuf> {
    run(
        "build the release command line",
        cargo().args(["build", "--release", "-p", "vaultwright-cli"]),
    )?;
    Ok(target_dir().join("release/vaultwright"))
}

/// The builds the race times: the usual, dynamically linked one (what
/// `cargo install` gives) and the static one a game's build should use
/// (when it can be built), in that order.
fn race_builds() -> Result<Vec<(&'static str, PathBuf)>> {
    let dynamic = release_cli()?;
    let fastest = drop_in_cli()?;
    let mut builds = vec![("dynamic", dynamic.clone())];
    if fastest != dynamic {
        builds.push(("static", fastest));
    }
    Ok(builds)
}

/// The command line as a game's build should use it for the drop-ins: a
/// static musl binary, which starts in less than half the time of the
/// dynamically linked one (glibc's and libgcc's start-up probe the CPU on
/// every run). Falls back to the usual release build, and says so, where
/// the musl target cannot be installed.
fn drop_in_cli() -> Result<PathBuf> {
    const MUSL: &str = "x86_64-unknown-linux-musl";
    let built = ensure_target(MUSL).and_then(|()| {
        run(
            "build the static (musl) release command line",
            cargo().args([
                "build",
                "--release",
                "-p",
                "vaultwright-cli",
                "--target",
                MUSL,
            ]),
        )
    });
    match built {
        Ok(()) => Ok(target_dir().join(MUSL).join("release/vaultwright")),
        Err(e) => {
            eprintln!("(no static build: {e}; racing the dynamically linked one)");
            release_cli()
        }
    }
}

fn target_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    root().join(target)
}

fn bench(extra: &[String]) -> Result {
    run(
        "benchmarks",
        cargo().args(["bench", "-p", "vaultwright"]).args(extra),
    )
}
