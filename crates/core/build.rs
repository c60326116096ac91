//! Builds the NetHack 3.6 parsers' LALR(1) tables: one automaton for the
//! base grammar (`src/nethack36/grammar.txt`) and one for each dialect
//! profile with a `grammar.delta` (`src/nethack36/profiles/*/`), all over
//! the same tokens so that one lexer serves them (see `vaultwright-lalr`).

use std::path::{Path, PathBuf};

const BASE: &str = "src/nethack36/grammar.txt";
const PROFILES: &str = "src/nethack36/profiles";

fn read(path: &Path) -> String {
    println!("cargo:rerun-if-changed={}", path.display());
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `evilhack-0.9.3` → `EVILHACK_0_9_3`.
fn static_name(profile: &str) -> String {
    profile
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect()
}

fn build(name: &str, base: &str, deltas: &[&str], delta: Option<&str>) -> vaultwright_lalr::Tables {
    let grammar = vaultwright_lalr::Grammar::parse_layered(base, deltas, delta)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let tables = vaultwright_lalr::Tables::build(grammar);
    assert!(
        tables.conflicts.is_empty(),
        "{name}: unexpected conflicts: {:?}",
        tables.conflicts
    );
    tables
}

fn main() {
    println!("cargo:rerun-if-changed={PROFILES}");
    let base = read(Path::new(BASE));
    let mut profiles: Vec<(String, String)> = std::fs::read_dir(PROFILES)
        .expect("the profiles folder is part of the crate")
        .filter_map(Result::ok)
        .map(|e| e.path().join("grammar.delta"))
        .filter(|p| p.exists())
        .map(|p| {
            let name = p
                .parent()
                .and_then(Path::file_name)
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (static_name(&name), read(&p))
        })
        .collect();
    profiles.sort();
    let deltas: Vec<&str> = profiles.iter().map(|(_, d)| d.as_str()).collect();
    let mut automata = vec![("BASE".to_string(), build(BASE, &base, &deltas, None))];
    for (name, delta) in &profiles {
        automata.push((name.clone(), build(name, &base, &deltas, Some(delta))));
    }
    let family: Vec<(&str, &vaultwright_lalr::Tables)> =
        automata.iter().map(|(n, t)| (n.as_str(), t)).collect();
    let source = vaultwright_lalr::emit::family(&family).unwrap_or_else(|e| panic!("{e}"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("nethack36_tables.rs"), source).expect("OUT_DIR is writable");
}
