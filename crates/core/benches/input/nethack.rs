//! The NetHack benchmark inputs, shared by the in-process benchmark
//! (`benches/lev_comp.rs`) and the whole-process race against the original
//! tools (`cargo xtask race`, which includes this file by path).

use std::path::{Path, PathBuf};

/// `../shared` beside the workspace, or `VAULTWRIGHT_SHARED`.
pub fn shared_dir(workspace: &Path) -> PathBuf {
    std::env::var_os("VAULTWRIGHT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace.join("../shared"))
}

/// The 3.4.3 corpus folder of the real `.des` files and `dungeon.pdf`.
pub fn des_dir(shared: &Path) -> PathBuf {
    shared.join("corpus/nethack-3.4.3/des")
}

/// The 24 real 3.4.3 files concatenated in name order (113 levels).
pub fn all_levels(shared: &Path) -> Result<String, String> {
    let dir = des_dir(shared);
    let entries = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e} (the corpus is needed)", dir.display()))?;
    let mut names: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    names.sort();
    let mut texts = Vec::new();
    for p in &names {
        texts.push(std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?);
    }
    Ok(texts.join("\n"))
}

/// `n` copies with every level renamed uniquely (`L<copy>x<i>`, ≤ 8 chars),
/// so that each copy writes files of its own.
pub fn replicate(src: &str, n: usize) -> String {
    let mut out = String::with_capacity(src.len() * n);
    for copy in 0..n {
        let mut level = 0usize;
        for line in src.lines() {
            let t = line.trim_start();
            let quotes = line
                .find('"')
                .and_then(|a| line[a + 1..].find('"').map(|b| (a, a + 1 + b)));
            match quotes {
                Some((a, b)) if t.starts_with("MAZE") || t.starts_with("LEVEL") => {
                    out.push_str(&line[..a + 1]);
                    out.push_str(&format!("L{copy:02}x{level:03}"));
                    out.push_str(&line[b..]);
                    level += 1;
                }
                _ => out.push_str(line),
            }
            out.push('\n');
        }
    }
    out
}
