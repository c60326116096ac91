//! `cargo run -p vaultwright-lalr --example report GRAMMAR`: the size of a
//! grammar's automaton and its conflicts.
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: report GRAMMAR");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    let grammar = vaultwright_lalr::Grammar::parse(&text).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    let rules = grammar.rules.len();
    let tables = vaultwright_lalr::Tables::build(grammar);
    let defaults = tables
        .default_reduction
        .iter()
        .filter(|d| d.is_some())
        .count();
    println!(
        "rules {rules}, states {}, default reductions {defaults}",
        tables.states()
    );
    for c in &tables.conflicts {
        println!("{c}");
    }
}
