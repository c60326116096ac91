//! Where each fuzz target's seed inputs come from: folders of the shared
//! corpus (read at run time, never copied into the project) and the file
//! endings taken from them. Used by `cargo xtask fuzz` and by the replay
//! test, which holds the seeds to the targets' assertions too.

/// Target name → (folders under `../shared/corpus`, file endings).
pub const SEEDS: &[(&str, &[&str], &[&str])] = &[
    (
        "nethack_des",
        &[
            "nethack-3.4.3/des",
            "nethack-3.4.3/edge/des",
            "nethack-3.4.3/invalid",
            "nethack-3.2.x/des",
        ],
        &["des"],
    ),
    (
        "nethack_dungeon",
        &[
            "nethack-3.4.3/des",
            "nethack-3.4.3/edge/des",
            "nethack-3.4.3/invalid",
            "nethack-3.2.x/des",
        ],
        &["def", "pdf"],
    ),
    ("dcss_des", &["dcss/des"], &["des"]),
    ("powder_map", &["powder/maps", "powder/invalid"], &["map"]),
    ("rlg327", &["rlg327"], &["txt"]),
    (
        "detect_language",
        &["nethack-3.4.3/des", "powder/maps", "rlg327"],
        &["des", "def", "map", "txt"],
    ),
    ("diagnostics", &["nethack-3.4.3/invalid"], &["des"]),
    ("permalink", &[], &[]),
    ("nethack36_lev", &["nethack-3.6.6"], &["lev"]),
    ("nethack36_des", &["nethack-3.6.6"], &["des"]),
    ("nethack_lua", &["nethack-3.7/dat"], &["lua"]),
    ("dcss_lua", &["dcss/dlua"], &["lua"]),
    (
        "nethack_lev",
        &["nethack-3.4.3/expected", "nethack-3.2.x/expected"],
        &["lev"],
    ),
];

/// The seed files of `target` below `corpus`, sorted, folders searched
/// recursively.
pub fn seed_files(corpus: &std::path::Path, target: &str) -> Vec<std::path::PathBuf> {
    let Some((_, dirs, endings)) = SEEDS.iter().find(|(name, _, _)| *name == target) else {
        return Vec::new();
    };
    files_below(dirs.iter().map(|d| corpus.join(d)), endings)
}

/// The files below `dirs` (searched recursively) whose names end in one of
/// `endings`, sorted, each once.
pub fn files_below(
    dirs: impl IntoIterator<Item = std::path::PathBuf>,
    endings: &[&str],
) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack: Vec<std::path::PathBuf> = dirs.into_iter().collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|x| endings.iter().any(|e| x == *e))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}
