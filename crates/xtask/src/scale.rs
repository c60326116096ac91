//! `cargo xtask scale`: cost in proportion to the input. Every command of
//! every language (and the language server, given one file: `lsp`) runs
//! on inputs made from the shared corpus or generated, at 1×, 4× and 16×
//! (a whole DCSS corpus at 1× and 9×, a 50 MB file), whole process; the
//! table gives wall time (best of three) and peak memory, and each row is
//! held to the goals: n× the input takes at most 1.25·n× the time, and
//! peak memory stays under 20× the input + 50 MB.

use std::path::Path;
use std::process::Stdio;
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
    sizes: &'static [usize],
}

/// Every case, or those whose language contains `only`.
pub fn scale(cli: &Path, only: Option<&str>) -> Result {
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
    let chosen = cases(&corpus)?
        .into_iter()
        .filter(|c| only.is_none_or(|word| c.language.contains(word)));
    for case in chosen {
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
            commands: &[
                &["check"],
                &["render"],
                &["compile"],
                &["lev-comp"],
                &["lsp"],
            ],
            sizes: &SIZES,
        },
        Case {
            language: "nethack-dungeon",
            file_name: "dungeon.def",
            base: std::fs::read(corpus.join("nethack-3.4.3/des/dungeon.def"))
                .map_err(|e| e.to_string())?
                .repeat(40),
            commands: &[&["check"], &["render"], &["compile"], &["dgn-comp"]],
            sizes: &SIZES,
        },
        Case {
            language: "dcss-des",
            file_name: "vaults.des",
            // A sixteenth of the corpus, so that 16× is the whole of it.
            base: dcss[..cut_at_vault(&dcss, dcss.len() / 16)].to_vec(),
            commands: &[&["check"], &["render"], &["compile"], &["lsp"]],
            sizes: &SIZES,
        },
        Case {
            language: "dcss-des 50 MB",
            file_name: "vaults.des",
            // The whole corpus, and nine of it (a 50 MB file).
            base: dcss.clone(),
            commands: &[&["check"], &["lsp"]],
            sizes: &[1, 9],
        },
        Case {
            language: "nethack-lua",
            file_name: "monsters.lua",
            // 16× is some 950 KB of `des.monster` calls.
            base: monster_calls(60_000),
            commands: &[&["check"], &["render"], &["lsp"]],
            sizes: &SIZES,
        },
        Case {
            language: "nethack-lua table",
            file_name: "table.lua",
            // 16× is a 900 KB table constructor.
            base: table_constructor(1_500),
            commands: &[&["check"], &["render"]],
            sizes: &SIZES,
        },
        Case {
            language: "powder-map",
            file_name: "rooms.map",
            base: read_all("powder/maps", "map")?,
            commands: &[&["check"], &["render"], &["compile"], &["map2c"]],
            sizes: &SIZES,
        },
        Case {
            language: "rlg327-monsters",
            file_name: "monster_desc.txt",
            base: rlg327_entries(&rlg, 100),
            commands: &[&["check"], &["render"], &["compile"], &["rlg327", "print"]],
            sizes: &SIZES,
        },
        Case {
            language: "rlg327 big dice",
            file_name: "monster_desc.txt",
            // Dice of 9,901 values each, whose distributions the table draws.
            base: big_dice_entries(300),
            commands: &[&["check"], &["render"]],
            sizes: &SIZES,
        },
    ])
}

/// `des.monster` calls, some `bytes` of them.
fn monster_calls(bytes: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < bytes {
        out.extend(
            format!(
                "des.monster({{ id = \"jackal\", x = {}, y = {} }})\n",
                i % 70 + 2,
                i % 18 + 2
            )
            .bytes(),
        );
        i += 1;
    }
    out
}

/// A table constructor of `count` records (each size's file is one
/// statement: the base is repeated inside the braces).
fn table_constructor(count: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for k in 0..count {
        out.extend(format!("{{ name = \"item{k}\", weight = {k} }},\n").bytes());
    }
    out
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

/// The case's input at `size`: its base repeated (inside one table
/// constructor for the table case).
fn input_of(case: &Case, size: usize) -> Vec<u8> {
    let body = case.base.repeat(size);
    if case.file_name == "table.lua" {
        [b"local t = {\n".as_slice(), &body, b"}\n"].concat()
    } else {
        body
    }
}

/// Runs `command` on the case's input at each size; returns the goals it
/// missed.
fn measure(cli: &Path, dir: &Path, case: &Case, command: &[&str]) -> Result<Vec<String>> {
    let mut rows = Vec::new();
    for &size in case.sizes {
        let work = dir.join(format!("{}-{size}", case.language.replace(' ', "-")));
        std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
        let input = work.join(case.file_name);
        std::fs::write(&input, input_of(case, size)).map_err(|e| e.to_string())?;
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
    let grown = last.0 as f64 / first.0.max(1) as f64;
    // At most 20× the time for 16× the input: 1.25× the input's growth.
    if ratio > grown * 1.25 {
        missed.push(format!(
            "{language} {command}: {grown:.0}× the input took {ratio:.1}× the time"
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
        "{:<16} {:<12} {grown:.0}× input, {ratio:.1}× time{}",
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
    if let [command, file] = args {
        if command == "lsp" {
            return crate::scale_lsp::run_once(cli, dir, file);
        }
    }
    let start = Instant::now();
    let child = crate::child::measured(cli, args)?
        .current_dir(dir)
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", cli.display()))?;
    let peak = crate::child::peak_of(child, cli, args)?;
    Ok((start.elapsed(), peak))
}
