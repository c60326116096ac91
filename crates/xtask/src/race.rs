//! `cargo xtask race`: the drop-ins against the original tools, whole
//! process, side by side.
//!
//! Each case runs the two commands in turn (A B A B …) after a warm-up, and
//! reports each one's median wall time and the median of the per-pair
//! ratios A/B, so that a drift of the shared machine's speed affects both
//! sides of a pair alike. Anything a case needs before a run (emptying the
//! output directory) is done outside the timed span.
//!
//! The originals are found through `VAULTWRIGHT_NETHACK_343=DIR` (a folder
//! holding `lev_comp` and `dgn_comp` built from NetHack 3.4.3); without it
//! only our own linearity case runs, and the race says it was skipped.
//! `VAULTWRIGHT_NETHACK_366=DIR` (3.6.6's `lev_comp`) and
//! `VAULTWRIGHT_EVILHACK=DIR` (an EvilHack 0.9.3 tree with `util/lev_comp`
//! built) add the 3.6 races: each shipped `.des` file compiled by a process
//! of its own, as the games' builds run them.
//!
//! Our side is the release command line, built by the race: the static
//! musl build when that target can be installed (see the README) and the
//! dynamically linked one. The 113-level cases run for both builds, each
//! twice: with every `.lev` already there and right (a game's build run
//! again) and into an empty folder. Without the originals only our 1× and
//! 20× inputs are timed. `cargo xtask bench` runs the in-process criterion
//! benchmarks instead (the `analyze` and drop-in paths at 1× and 20×); why
//! the 3.6 compiler's loop is fast, and how it is measured, is in the core's
//! `nethack36::compile`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::Result;

#[path = "../../core/benches/input/nethack.rs"]
mod nethack_input;

const PAIRS: usize = 31;
const WARMUP: usize = 3;

/// One command of a case: a program, its arguments, the folder it runs in,
/// and whether that folder is emptied of `.lev` files before each run.
#[derive(Clone)]
struct Side {
    program: PathBuf,
    args: Vec<String>,
    dir: PathBuf,
    fresh_dir: bool,
}

impl Side {
    fn new(program: &Path, args: &[&str], dir: &Path) -> Side {
        Side {
            program: program.to_path_buf(),
            args: args.iter().map(|a| a.to_string()).collect(),
            dir: dir.to_path_buf(),
            fresh_dir: false,
        }
    }

    fn into_fresh_dir(mut self) -> Side {
        self.fresh_dir = true;
        self
    }

    /// Wall time of one whole run (spawn to exit).
    fn time(&self) -> Result<Duration> {
        if self.fresh_dir {
            remove_outputs(&self.dir)?;
        }
        let start = Instant::now();
        let status = Command::new(&self.program)
            .args(&self.args)
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("{}: {e}", self.program.display()))?;
        let took = start.elapsed();
        if !status.success() {
            return Err(format!(
                "{} {} failed in {} ({status})",
                self.program.display(),
                self.args.join(" "),
                self.dir.display()
            ));
        }
        Ok(took)
    }
}

/// Removes the `.lev` files (and a variant's `vaults.dat`, which a run
/// appends to) of `dir`.
fn remove_outputs(dir: &Path) -> Result {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for e in entries.flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "lev") || p.ends_with("vaults.dat") {
            std::fs::remove_file(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        }
    }
    Ok(())
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Times `a` and `b` in turn; prints and returns the median ratio a/b.
fn pair(name: &str, a: &Side, b: &Side) -> Result<f64> {
    for _ in 0..WARMUP {
        a.time()?;
        b.time()?;
    }
    let (mut ta, mut tb, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..PAIRS {
        let x = ms(a.time()?);
        let y = ms(b.time()?);
        ta.push(x);
        tb.push(y);
        ratios.push(x / y);
    }
    let (lo, hi) = ratios
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    let r = median(ratios);
    println!(
        "{name:<44} {:>8.2} ms {:>8.2} ms   {r:.2}× (pairs {lo:.2}–{hi:.2})",
        median(ta),
        median(tb)
    );
    Ok(r)
}

/// Median wall time of `side` alone.
fn alone(side: &Side) -> Result<f64> {
    for _ in 0..WARMUP {
        side.time()?;
    }
    let mut t = Vec::new();
    for _ in 0..PAIRS {
        t.push(ms(side.time()?));
    }
    Ok(median(t))
}

fn prepare(dir: &Path, files: &[(&str, &[u8])]) -> Result {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (name, bytes) in files {
        std::fs::write(dir.join(name), bytes).map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}

/// `builds`: our command lines by name (the dynamically linked one first,
/// the static one a game's build should use last); the 113-level cases run
/// for each, the rest for the last.
pub fn race(root: &Path, builds: &[(&str, PathBuf)]) -> Result {
    let (_, ours) = builds.last().ok_or("no build of ours to race")?;
    let ours = ours.as_path();
    let shared = nethack_input::shared_dir(root);
    let levels = nethack_input::all_levels(&shared)?;
    let big = nethack_input::replicate(&levels, 20);
    let pdf_path = nethack_input::des_dir(&shared).join("dungeon.pdf");
    let pdf = std::fs::read(&pdf_path).map_err(|e| format!("{}: {e}", pdf_path.display()))?;
    let work = root.join("target/race");
    let inputs: [(&str, &[u8]); 3] = [
        ("all.des", levels.as_bytes()),
        ("x20.des", big.as_bytes()),
        ("dungeon.pdf", &pdf),
    ];
    println!("whole process, wall time, medians of {PAIRS} runs after {WARMUP} warm-ups");
    println!("{:<44} {:>11} {:>11}   ratio", "case", "ours", "original");

    let ours_dir = work.join("ours");
    prepare(&ours_dir, &inputs)?;
    let ours_lev = |file: &str| Side::new(ours, &["lev-comp", file], &ours_dir);
    match original_dir() {
        Some(orig) => {
            let orig_dir = work.join("original");
            prepare(&orig_dir, &inputs)?;
            let orig_lev = Side::new(&orig.join("lev_comp"), &["all.des"], &orig_dir);
            for (build, program) in builds {
                let ours_lev = Side::new(program, &["lev-comp", "all.des"], &ours_dir);
                // A game's build run again: every .lev is there, and right.
                pair(
                    &format!("lev-comp ({build}), 113 levels, .lev files present"),
                    &ours_lev,
                    &orig_lev,
                )?;
                pair(
                    &format!("lev-comp ({build}), 113 levels, empty directory"),
                    &ours_lev.into_fresh_dir(),
                    &orig_lev.clone().into_fresh_dir(),
                )?;
            }
            pair(
                "dgn-comp, dungeon.pdf",
                &Side::new(ours, &["dgn-comp", "dungeon.pdf"], &ours_dir),
                &Side::new(&orig.join("dgn_comp"), &["dungeon.pdf"], &orig_dir),
            )?;
        }
        None => println!(
            "race against the originals skipped: set VAULTWRIGHT_NETHACK_343=DIR, a folder \
             holding lev_comp and dgn_comp built from NetHack 3.4.3"
        ),
    }
    race36(&shared, &work, ours)?;
    // Linearity: the original stops with "yacc stack overflow" long before
    // 2,260 levels, so this one is ours alone: time per level at 20× over 1×.
    let one = alone(&ours_lev("all.des"))?;
    let twenty = alone(&ours_lev("x20.des"))?;
    println!(
        "{:<44} {one:>8.2} ms {twenty:>8.2} ms   {:.2}× the time for 20× the levels",
        "lev-comp ours: 113 levels / 2,260 levels",
        twenty / one
    );
    Ok(())
}

fn original_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("VAULTWRIGHT_NETHACK_343")?);
    (dir.join("lev_comp").is_file() && dir.join("dgn_comp").is_file()).then_some(dir)
}

/// A 3.6 `lev_comp` over the `.des` files of its folder, one process each,
/// through `sh` (the same loop on both sides).
fn per_file(program: &Path, args: &[&str], dir: &Path) -> Side {
    let mut argv = vec![
        "-c".to_string(),
        "for f in *.des; do \"$0\" \"$@\" \"$f\" || exit 1; done".to_string(),
        program.display().to_string(),
    ];
    argv.extend(args.iter().map(|a| a.to_string()));
    Side {
        program: PathBuf::from("sh"),
        args: argv,
        dir: dir.to_path_buf(),
        fresh_dir: true,
    }
}

/// Copies the `.des` files of `from` into a fresh `to`; how many.
fn copy_des(from: &Path, to: &Path) -> Result<usize> {
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    let files: Vec<(String, Vec<u8>)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .map(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            (
                name.unwrap_or_default(),
                std::fs::read(&p).unwrap_or_default(),
            )
        })
        .collect();
    let borrowed: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    prepare(to, &borrowed)?;
    Ok(files.len())
}

/// 3.6.6 and EvilHack: the shipped files, one process each, against the
/// originals when they are configured.
fn race36(shared: &Path, work: &Path, ours: &Path) -> Result {
    let cases = [
        (
            "VAULTWRIGHT_NETHACK_366",
            "nethack-3.6.6",
            shared.join("corpus/nethack-3.6.6/des"),
            PathBuf::from("lev_comp"),
        ),
        (
            "VAULTWRIGHT_EVILHACK",
            "evilhack-0.9.3",
            PathBuf::from("dat"),
            PathBuf::from("util/lev_comp"),
        ),
    ];
    for (var, target, des, program) in cases {
        let Some(dir) = std::env::var_os(var).map(PathBuf::from) else {
            println!("{target} race skipped: set {var}");
            continue;
        };
        let des = if des.is_relative() {
            dir.join(des)
        } else {
            des
        };
        let (ours_dir, orig_dir) = (
            work.join(format!("ours-{target}")),
            work.join(format!("original-{target}")),
        );
        let n = copy_des(&des, &ours_dir)?;
        copy_des(&des, &orig_dir)?;
        pair(
            &format!("lev-comp {target}, {n} files, a process each"),
            &per_file(ours, &["lev-comp", "--target", target], &ours_dir),
            &per_file(&dir.join(program), &[], &orig_dir),
        )?;
    }
    Ok(())
}
