//! Shared helpers for the corpus tests: where `../shared` is, and reading
//! the reference tool's recorded behaviour.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The shared folder with specs and corpus (`VAULTWRIGHT_SHARED` or
/// `../shared` beside the repository).
pub fn shared_dir() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("VAULTWRIGHT_SHARED") {
        let p = PathBuf::from(p);
        return p.join("corpus").is_dir().then_some(p);
    }
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for anc in here.ancestors() {
        let cand = anc.join("shared");
        if cand.join("corpus").is_dir() {
            return Some(cand);
        }
        let cand = anc.join("../shared");
        if cand.join("corpus").is_dir() {
            return Some(cand);
        }
    }
    None
}

/// A test's input is missing (`what`): under CI (`CI` set to anything but
/// empty, `0` or `false`; CI's set-up provides `../shared` and the Debian
/// oracles) that fails the test; elsewhere the test says it is skipped,
/// and why, and its caller returns.
#[track_caller]
pub fn missing(what: &str) {
    if in_ci() {
        panic!("{what} is missing: under CI=true a test whose input is missing fails");
    }
    eprintln!("skipped: {what} is missing");
}

/// Rows of a TSV file as maps from the header names.
pub fn tsv(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap_or("")
        .split('\t')
        .map(String::from)
        .collect();
    lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(
                    l.split('\t')
                        .map(String::from)
                        .chain(std::iter::repeat(String::new())),
                )
                .collect()
        })
        .collect()
}

/// The reference tool's recorded run: `NAME.expected.txt`.
pub struct Expected {
    pub exit_status: i32,
    pub stderr: Vec<String>,
    pub output_files: Vec<String>,
}

pub fn read_expected(path: &Path) -> Expected {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut exit_status = -1;
    let mut stderr = Vec::new();
    let mut output_files = Vec::new();
    let mut in_stderr = false;
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("exit_status: ") {
            exit_status = v
                .split_whitespace()
                .next()
                .and_then(|s| s.parse().ok())
                .unwrap_or(-1);
        } else if let Some(v) = line.strip_prefix("output_file: ") {
            if v != "none" {
                output_files.push(v.split_whitespace().next().unwrap_or("").to_string());
            }
        } else if line.starts_with("----- stderr") {
            in_stderr = true;
        } else if line.starts_with("----- end") {
            in_stderr = false;
        } else if in_stderr {
            stderr.push(line.to_string());
        }
    }
    Expected {
        exit_status,
        stderr,
        output_files,
    }
}

/// First differing byte offset, if any (length differences count).
pub fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .or((a.len() != b.len()).then(|| a.len().min(b.len())))
}

/// Line number and text of the first `FILE: line N : text` (lev_comp) or
/// `FILE : line N : text` (dgn_comp) line of stderr that is not a warning.
pub fn first_error<'a>(lines: impl IntoIterator<Item = &'a str>) -> Option<(String, String)> {
    lines.into_iter().find_map(|l| {
        let (_, rest) = l.split_once(": line ")?;
        let (n, text) = rest.split_once(" : ")?;
        (!text.starts_with("WARNING")).then(|| (n.to_string(), text.to_string()))
    })
}

/// The head of a recorded verdict (`NAME.expected` beside an oracle
/// fixture): `exit N`, then `line N : text` for a rejected input (or an
/// empty line). Returns the exit status, the first error, and the lines
/// after them.
pub fn recorded_verdict<'a>(
    expected: &'a str,
) -> (i32, Option<(String, String)>, std::str::Lines<'a>) {
    let mut lines = expected.lines();
    let exit: i32 = lines
        .next()
        .and_then(|l| l.strip_prefix("exit "))
        .and_then(|v| v.parse().ok())
        .expect("an `exit N` line");
    let first = lines.next().and_then(|l| {
        let rest = l.strip_prefix("line ")?;
        let (n, text) = rest.split_once(" : ")?;
        Some((n.to_string(), text.to_string()))
    });
    (exit, first, lines)
}

/// A temporary directory removed when dropped.
pub struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh temporary directory for one test, named after it.
pub fn tempdir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("vaultwright-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    TempDir(dir)
}

/// The seeded generator of the differential tests (xorshift64*): a seed
/// names a generated file.
pub struct Rng(pub u64);

impl Rng {
    /// The generator for one file's seed.
    pub fn for_seed(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    pub fn word(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len() as u64) as usize]
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

/// Whether tests write goldens instead of comparing with them: the one
/// switch, `VAULTWRIGHT_BLESS` (set to anything), for every golden file.
pub fn blessing() -> bool {
    std::env::var_os("VAULTWRIGHT_BLESS").is_some()
}

/// `got` against the golden file `golden`: equal, or a message with both;
/// with [`blessing`], `got` is written there instead.
pub fn golden(golden: &Path, got: &str) -> Result<(), String> {
    if blessing() {
        return std::fs::write(golden, got).map_err(|e| format!("{}: {e}", golden.display()));
    }
    let want = std::fs::read_to_string(golden)
        .map_err(|e| format!("{}: {e} (VAULTWRIGHT_BLESS=1 writes it)", golden.display()))?;
    if want == got {
        return Ok(());
    }
    Err(format!(
        "{} differs (VAULTWRIGHT_BLESS=1 rewrites it; review the diff):\n--- want\n{want}\n--- got\n{got}",
        golden.display()
    ))
}

/// Whether this run is CI's (`CI` set to anything but empty, `0` or
/// `false`), where every input a test needs must be present.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false" | "False"))
}
