//! Builds the NetHack 3.6 parser's LALR(1) tables from
//! `src/nethack36/grammar.txt` (see `vaultwright-lalr`).

fn main() {
    let path = "src/nethack36/grammar.txt";
    println!("cargo:rerun-if-changed={path}");
    let text = std::fs::read_to_string(path).expect("the grammar file is part of the crate");
    let grammar = vaultwright_lalr::Grammar::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let tables = vaultwright_lalr::Tables::build(grammar);
    assert!(
        tables.conflicts.is_empty(),
        "{path}: unexpected conflicts: {:?}",
        tables.conflicts
    );
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(
        out.join("nethack36_tables.rs"),
        vaultwright_lalr::emit::rust(&tables),
    )
    .expect("OUT_DIR is writable");
}
