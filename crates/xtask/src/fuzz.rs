//! `cargo xtask fuzz [TARGET...] [--time S]`: libFuzzer through cargo-fuzz
//! on the stable toolchain (`RUSTC_BOOTSTRAP=1`, no sanitizer), built with
//! debug assertions, so arithmetic overflows panic as in the tests (a
//! release build would wrap silently and write something else), seeded at
//! run time from `../shared/corpus` and from the kept findings, with each
//! grammar's dictionary. A crash, a hang (over 2 s) or an input that needs
//! more than 512 MB is minimised and kept under `tests/fixtures/fuzz/`,
//! where an ordinary `cargo test` replays it; commit it with the fix.

use std::path::{Path, PathBuf};

use crate::{cargo, root, run, seeds, Result};

/// Every target, in the order they run (the names of `fuzz/fuzz_targets`,
/// each with its seeds).
fn targets() -> impl Iterator<Item = &'static str> {
    seeds::SEEDS.iter().map(|(name, _, _)| *name)
}

/// What one run reported.
struct Outcome {
    target: String,
    runs: u64,
    coverage: u64,
    features: u64,
    /// Edges the seeds alone reach (libFuzzer's `INITED` line).
    seed_coverage: u64,
    seeds: usize,
    findings: Vec<PathBuf>,
}

/// `args`: target names, `--time S` (seconds per target, default 60) and
/// `--seed N` (libFuzzer's seed, for a run that repeats itself).
pub fn fuzz(args: &[String]) -> Result {
    let (targets, seconds, seed) = parse(args)?;
    ensure_cargo_fuzz()?;
    run(
        "build the fuzz targets",
        fuzz_cargo().args(["build", "-s", "none", "--debug-assertions"]),
    )?;
    let mut outcomes = Vec::new();
    for target in &targets {
        outcomes.push(fuzz_one(target, seconds, seed)?);
    }
    report(&outcomes);
    let found: usize = outcomes.iter().map(|o| o.findings.len()).sum();
    if found > 0 {
        return Err(format!(
            "{found} finding(s) kept under tests/fixtures/fuzz/: fix them and commit the fixtures"
        ));
    }
    Ok(())
}

/// A few seconds per target, for `cargo xtask test` when cargo-fuzz is
/// installed: a new panic shows up before review. The seed is fixed, so
/// the smoke run is the same run every time and never fails by chance.
pub fn smoke_if_available() -> Result {
    if crate::output("cargo", &["fuzz", "--version"]).is_none() {
        eprintln!("==> fuzz smoke run skipped: cargo-fuzz is not installed (`cargo xtask fuzz` installs it)");
        return Ok(());
    }
    let args = ["--time", "5", "--seed", "1"];
    fuzz(&args.map(String::from))
}

fn parse(args: &[String]) -> Result<(Vec<String>, u64, Option<u64>)> {
    let mut chosen = Vec::new();
    let mut seconds = 60;
    let mut seed = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--time" {
            seconds = it
                .next()
                .and_then(|s| s.parse().ok())
                .ok_or("--time takes a number of seconds")?;
        } else if a == "--seed" {
            seed = Some(
                it.next()
                    .and_then(|s| s.parse().ok())
                    .ok_or("--seed takes a number")?,
            );
        } else if targets().any(|t| t == a) {
            chosen.push(a.clone());
        } else {
            let all: Vec<&str> = targets().collect();
            return Err(format!(
                "unknown fuzz target `{a}` (one of: {})",
                all.join(", ")
            ));
        }
    }
    if chosen.is_empty() {
        chosen = targets().map(String::from).collect();
    }
    Ok((chosen, seconds, seed))
}

fn ensure_cargo_fuzz() -> Result {
    if crate::output("cargo", &["fuzz", "--version"]).is_some() {
        return Ok(());
    }
    run(
        "install cargo-fuzz (once)",
        cargo().args(["install", "--locked", "cargo-fuzz"]),
    )
}

/// `cargo fuzz …` in `fuzz/`, allowed the unstable flags libFuzzer needs
/// on the stable toolchain.
fn fuzz_cargo() -> std::process::Command {
    let mut c = cargo();
    c.arg("fuzz")
        .current_dir(root().join("fuzz"))
        .env("RUSTC_BOOTSTRAP", "1");
    c
}

fn fuzz_one(target: &str, seconds: u64, seed: Option<u64>) -> Result<Outcome> {
    let fuzz_dir = root().join("fuzz");
    let corpus = fuzz_dir.join("corpus").join(target);
    let artifacts = fuzz_dir.join("artifacts").join(target);
    let seed_dir = root().join("target/fuzz-seeds").join(target);
    for dir in [&corpus, &artifacts] {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let seeds = fill_seeds(target, &seed_dir)?;
    let kept = root().join("tests/fixtures/fuzz").join(target);
    let before = files_in(&artifacts);
    let mut c = fuzz_cargo();
    c.args(["run", "-s", "none", "--debug-assertions", target])
        .arg(&corpus)
        .arg(&seed_dir);
    if kept.is_dir() {
        c.arg(&kept);
    }
    c.arg("--").args([
        format!("-max_total_time={seconds}"),
        "-timeout=2".into(),
        "-rss_limit_mb=512".into(),
        "-max_len=65536".into(),
        format!(
            "-dict={}",
            fuzz_dir
                .join("dict")
                .join(format!("{target}.dict"))
                .display()
        ),
        format!("-artifact_prefix={}/", artifacts.display()),
        "-print_final_stats=1".into(),
    ]);
    if let Some(seed) = seed {
        c.arg(format!("-seed={seed}"));
    }
    eprintln!("==> fuzz {target} for {seconds} s ({seeds} seeds)");
    let out = c
        .output()
        .map_err(|e| format!("cargo fuzz: cannot start: {e}"))?;
    let log = String::from_utf8_lossy(&out.stderr);
    let new: Vec<PathBuf> = files_in(&artifacts)
        .into_iter()
        .filter(|f| !before.contains(f))
        .collect();
    if !out.status.success() && new.is_empty() {
        eprintln!("{log}");
        return Err(format!("fuzzing {target} failed ({})", out.status));
    }
    let mut findings = Vec::new();
    for artifact in &new {
        findings.push(keep(target, artifact, &kept)?);
    }
    let (coverage, features) = last_coverage(&log);
    let seed_coverage = log
        .lines()
        .find(|l| l.contains("INITED"))
        .map_or(0, |l| last_coverage(l).0);
    Ok(Outcome {
        target: target.to_string(),
        runs: stat(&log, "stat::number_of_executed_units:"),
        coverage,
        features,
        seed_coverage,
        seeds,
        findings,
    })
}

/// Copies the seed files of `target` from the shared corpus into `dir`
/// (build output, never the project); returns how many.
fn fill_seeds(target: &str, dir: &Path) -> Result<usize> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let Some(corpus) = crate::shared_corpus() else {
        eprintln!(
            "warning: ../shared/corpus is missing: {target} starts from its kept inputs only"
        );
        return Ok(0);
    };
    let files = seeds::seed_files(&corpus, target);
    for (i, path) in files.iter().enumerate() {
        let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        // The language detector reads the path from the first line.
        let bytes = if target == "detect_language" {
            let mut b = format!("{}\n", path.display()).into_bytes();
            b.extend(text);
            b
        } else {
            text
        };
        let dest = dir.join(format!("seed-{i:05}"));
        std::fs::write(&dest, bytes).map_err(|e| format!("{}: {e}", dest.display()))?;
    }
    Ok(files.len())
}

/// Minimises a finding and keeps it as a fixture; returns where.
fn keep(target: &str, artifact: &Path, kept: &Path) -> Result<PathBuf> {
    let name = artifact
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "finding".into());
    // tmin writes each smaller input it finds as `minimized-from-…` beside
    // the artifact: clear the last run's, shrink, take the smallest; the
    // artifact itself when nothing smaller still fails.
    let dir = artifact.parent().unwrap_or(Path::new("."));
    let shrunk = |dir: &Path| -> Vec<PathBuf> {
        files_in(dir)
            .into_iter()
            .filter(|f| {
                f.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("minimized-from-"))
            })
            .collect()
    };
    for old in shrunk(dir) {
        let _ = std::fs::remove_file(old);
    }
    let _ = fuzz_cargo()
        .args(["tmin", "-s", "none", target])
        .arg(artifact)
        .args(["--", "-runs=4096", "-timeout=2"])
        .output();
    let minimised = shrunk(dir)
        .into_iter()
        .min_by_key(|f| std::fs::metadata(f).map(|m| m.len()).unwrap_or(u64::MAX));
    let source = minimised.unwrap_or_else(|| artifact.to_path_buf());
    std::fs::create_dir_all(kept).map_err(|e| format!("{}: {e}", kept.display()))?;
    let dest = kept.join(name);
    std::fs::copy(&source, &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    eprintln!("==> {target}: kept {}", dest.display());
    Ok(dest)
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// The last `cov: N ft: M` libFuzzer printed.
fn last_coverage(log: &str) -> (u64, u64) {
    let number_after = |line: &str, key: &str| {
        line.split(key)
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
    };
    log.lines()
        .rev()
        .find_map(|l| Some((number_after(l, "cov: ")?, number_after(l, "ft: ")?)))
        .unwrap_or((0, 0))
}

fn stat(log: &str, key: &str) -> u64 {
    log.lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

fn report(outcomes: &[Outcome]) {
    eprintln!(
        "\n{:<16} {:>6} {:>11} {:>11} {:>7} {:>9} {:>8}",
        "target", "seeds", "seed edges", "executions", "edges", "features", "findings"
    );
    for o in outcomes {
        eprintln!(
            "{:<16} {:>6} {:>11} {:>11} {:>7} {:>9} {:>8}",
            o.target,
            o.seeds,
            o.seed_coverage,
            o.runs,
            o.coverage,
            o.features,
            o.findings.len()
        );
    }
}
