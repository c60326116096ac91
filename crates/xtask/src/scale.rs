//! `cargo xtask scale`: cost in proportion to the input. Every command of
//! every language runs on inputs made from the shared corpus at 1×, 4× and
//! 16×, whole process; the table gives wall time (best of three) and peak
//! memory, and each row is held to the goals: 16× the input takes at most
//! 20× the time, and peak memory stays under 20× the input + 50 MB.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::Result;

const SIZES: [usize; 3] = [1, 4, 16];
const RUNS: usize = 3;
/// Runs shorter than this are timed as this long: below it the ratio is
/// the machine's noise, not the command's growth.
const TIME_FLOOR: Duration = Duration::from_millis(20);

/// One language's input at 1× and the commands run on it.
struct Case {
    language: &'static str,
    file_name: &'static str,
    base: Vec<u8>,
    commands: &'static [&'static [&'static str]],
}

pub fn scale(cli: &Path) -> Result {
    let corpus =
        crate::shared_corpus().ok_or("../shared/corpus is missing: the inputs are made from it")?;
    let dir = crate::root().join("target/scale");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    println!(
        "{:<16} {:<12} {:>5} {:>10} {:>10} {:>10}  goal",
        "language", "command", "size", "input", "time", "peak"
    );
    let mut missed = Vec::new();
    for case in cases(&corpus)? {
        for command in case.commands {
            missed.extend(measure(cli, &dir, &case, command)?);
        }
    }
    if missed.is_empty() {
        println!("every row meets the goals");
        Ok(())
    } else {
        Err(format!("goals missed:\n{}", missed.join("\n")))
    }
}

fn cases(corpus: &Path) -> Result<Vec<Case>> {
    let read_all = |dir: &str, ending: &str| -> Result<Vec<u8>> {
        let mut all = Vec::new();
        for f in crate::seeds::files_below([corpus.join(dir)], &[ending]) {
            all.extend(std::fs::read(&f).map_err(|e| format!("{}: {e}", f.display()))?);
            all.push(b'\n');
        }
        Ok(all)
    };
    let dcss = read_all("dcss/des", "des")?;
    let rlg = std::fs::read(corpus.join("rlg327/monster_desc.henesy.txt"))
        .map_err(|e| format!("rlg327 input: {e}"))?;
    Ok(vec![
        Case {
            language: "nethack-des",
            file_name: "levels.des",
            base: read_all("nethack-3.4.3/des", "des")?,
            commands: &[&["check"], &["render"], &["compile"], &["lev-comp"]],
        },
        Case {
            language: "nethack-dungeon",
            file_name: "dungeon.def",
            base: std::fs::read(corpus.join("nethack-3.4.3/des/dungeon.def"))
                .map_err(|e| e.to_string())?
                .repeat(40),
            commands: &[&["check"], &["render"], &["compile"], &["dgn-comp"]],
        },
        Case {
            language: "dcss-des",
            file_name: "vaults.des",
            // A sixteenth of the corpus, so that 16× is the whole of it.
            base: dcss[..cut_at_vault(&dcss, dcss.len() / 16)].to_vec(),
            commands: &[&["check"], &["render"], &["compile"]],
        },
        Case {
            language: "powder-map",
            file_name: "rooms.map",
            base: read_all("powder/maps", "map")?,
            commands: &[&["check"], &["render"], &["compile"], &["map2c"]],
        },
        Case {
            language: "rlg327-monsters",
            file_name: "monster_desc.txt",
            base: rlg327_entries(&rlg, 100),
            commands: &[&["check"], &["render"], &["compile"], &["rlg327", "print"]],
        },
        Case {
            language: "rlg327 big dice",
            file_name: "monster_desc.txt",
            // Dice of 9,901 values each, whose distributions the table draws.
            base: big_dice_entries(300),
            commands: &[&["check"], &["render"]],
        },
    ])
}

/// RLG327 monsters whose every die is `0+100d100`.
fn big_dice_entries(count: usize) -> Vec<u8> {
    let mut out = b"RLG327 MONSTER DESCRIPTION 1\n".to_vec();
    for i in 0..count {
        out.extend(
            format!(
                "\nBEGIN MONSTER\nNAME Die {i}\nSYMB d\nCOLOR RED\nDESC\nA die.\n.\n\
                 SPEED 0+100d100\nDAM 0+100d100\nHP 0+100d100\nABIL SMART\nRRTY 50\nEND\n"
            )
            .bytes(),
        );
    }
    out
}

/// The first `NAME:` line at or after `at`, so a cut leaves whole vaults.
fn cut_at_vault(text: &[u8], at: usize) -> usize {
    let mut i = at.min(text.len());
    while i < text.len() {
        if text[i..].starts_with(b"\nNAME:") {
            return i + 1;
        }
        i += 1;
    }
    text.len()
}

/// The header line, then the entries `times` times.
fn rlg327_entries(file: &[u8], times: usize) -> Vec<u8> {
    let split = file
        .iter()
        .position(|&b| b == b'\n')
        .map_or(file.len(), |i| i + 1);
    let mut out = file[..split].to_vec();
    out.extend(file[split..].repeat(times));
    out
}

/// Runs `command` on the case's input at each size; returns the goals it
/// missed.
fn measure(cli: &Path, dir: &Path, case: &Case, command: &[&str]) -> Result<Vec<String>> {
    let mut rows = Vec::new();
    for size in SIZES {
        let work = dir.join(format!("{}-{size}", case.language));
        std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
        let input = work.join(case.file_name);
        std::fs::write(&input, case.base.repeat(size)).map_err(|e| e.to_string())?;
        let mut args: Vec<String> = command.iter().map(|s| s.to_string()).collect();
        args.push(case.file_name.to_string());
        match command {
            ["compile"] => args.extend(["-o".to_string(), "out".to_string()]),
            ["map2c"] => args.push("rooms.cpp".to_string()),
            _ => {}
        }
        let (time, peak) = best_of(cli, &work, &args)?;
        let bytes = case.base.len() * size;
        println!(
            "{:<16} {:<12} {:>4}× {:>10} {:>8.1}ms {:>8.1}MB",
            case.language,
            command.join(" "),
            size,
            human(bytes),
            time.as_secs_f64() * 1000.0,
            peak as f64 / 1e6
        );
        rows.push((bytes, time, peak));
    }
    Ok(goals(case.language, &command.join(" "), &rows))
}

fn goals(language: &str, command: &str, rows: &[(usize, Duration, u64)]) -> Vec<String> {
    let mut missed = Vec::new();
    let (first, last) = (rows[0], rows[rows.len() - 1]);
    let ratio = last.1.max(TIME_FLOOR).as_secs_f64() / first.1.max(TIME_FLOOR).as_secs_f64();
    if ratio > 20.0 {
        missed.push(format!(
            "{language} {command}: 16× the input took {ratio:.1}× the time"
        ));
    }
    for &(bytes, _, peak) in rows {
        let limit = 20 * bytes as u64 + 50_000_000;
        if peak > limit {
            missed.push(format!(
                "{language} {command}: {} of input peaked at {:.0} MB (goal {:.0} MB)",
                human(bytes),
                peak as f64 / 1e6,
                limit as f64 / 1e6
            ));
        }
    }
    println!(
        "{:<16} {:<12} 16×/1× time {ratio:.1}{}",
        "",
        "",
        if missed.is_empty() {
            "  ok"
        } else {
            "  MISSED"
        }
    );
    missed
}

fn human(bytes: usize) -> String {
    if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{:.0} KB", bytes as f64 / 1e3)
    }
}

/// The fastest of [`RUNS`] runs and the largest peak resident memory.
fn best_of(cli: &Path, dir: &Path, args: &[String]) -> Result<(Duration, u64)> {
    let mut best = Duration::MAX;
    let mut peak = 0;
    for _ in 0..RUNS {
        let _ = std::fs::remove_dir_all(dir.join("out"));
        let (time, rss) = run_once(cli, dir, args)?;
        best = best.min(time);
        peak = peak.max(rss);
    }
    Ok((best, peak))
}

/// Wall time and peak resident memory (bytes) of one run, from the kernel's
/// accounting of the waited-for child.
fn run_once(cli: &Path, dir: &Path, args: &[String]) -> Result<(Duration, u64)> {
    let start = Instant::now();
    let child = Command::new(cli)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", cli.display()))?;
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet waited for; `status` and
    // `usage` are valid for writes.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let time = start.elapsed();
    if waited != pid {
        return Err(format!(
            "waiting for {}: {}",
            cli.display(),
            std::io::Error::last_os_error()
        ));
    }
    if libc::WIFSIGNALED(status) {
        return Err(format!(
            "{} {} was killed by signal {}",
            cli.display(),
            args.join(" "),
            libc::WTERMSIG(status)
        ));
    }
    // `ru_maxrss` is in kilobytes on Linux.
    Ok((time, usage.ru_maxrss as u64 * 1024))
}
