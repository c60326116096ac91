//! `cargo xtask <command>`: project automation that installs what it needs.
//!
//! * `test`  — every check CI runs: formatting, clippy, native tests
//!   (including the corpus conformance), the wasm32 build of the core, and
//!   the studio's browser tests.
//! * `serve` — build the studio and serve it on http://127.0.0.1:8080.
//! * `bench` — run the benchmarks.
//! * `demo`  — compile and render an example level with the CLI.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(),
        Some("serve") => serve(),
        Some("bench") => bench(&args[1..]),
        Some("demo") => demo(),
        _ => {
            eprintln!("usage: cargo xtask <test|serve|bench|demo>");
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

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("xtask lives in crates/xtask")
        .to_path_buf()
}

fn cargo() -> Command {
    let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    c.current_dir(root());
    c.env_remove("NO_COLOR");
    c
}

fn run(what: &str, cmd: &mut Command) -> Result {
    eprintln!("==> {what}");
    let status = cmd
        .status()
        .map_err(|e| format!("{what}: cannot start: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

fn have(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn ensure_wasm_target() -> Result {
    let installed = have("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if !installed
        .lines()
        .any(|l| l.trim() == "wasm32-unknown-unknown")
    {
        run(
            "install the wasm32 target",
            Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]),
        )?;
    }
    Ok(())
}

fn check_shared() {
    let shared = root().join("../shared/corpus");
    if !shared.is_dir() && std::env::var_os("VAULTWRIGHT_SHARED").is_none() {
        eprintln!(
            "warning: {} is missing: the corpus conformance tests will fail and say so",
            shared.display()
        );
    }
}

fn test() -> Result {
    check_shared();
    ensure_wasm_target()?;
    run("rustfmt", cargo().args(["fmt", "--all", "--", "--check"]))?;
    run(
        "clippy",
        cargo().args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
    )?;
    run("native tests", cargo().args(["test", "--workspace"]))?;
    run(
        "core builds for wasm32",
        cargo().args([
            "build",
            "-p",
            "vaultwright",
            "--target",
            "wasm32-unknown-unknown",
        ]),
    )?;
    run(
        "CLI smoke test",
        cargo()
            .args([
                "run",
                "-q",
                "-p",
                "vaultwright-cli",
                "--",
                "check",
                "--format",
                "json",
            ])
            .arg(root().join("static/examples/tiny-maze.des")),
    )?;
    Ok(())
}

fn serve() -> Result {
    Err("the studio is not built yet; try `cargo xtask demo`".into())
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

fn bench(extra: &[String]) -> Result {
    run(
        "benchmarks",
        cargo().args(["bench", "-p", "vaultwright"]).args(extra),
    )
}
