//! The conformance suites against the originals' recorded outputs, one
//! trial per corpus file, and the golden findings of our fixtures, one
//! trial per fixture (libtest-mimic: `cargo test --test conformance --
//! NAME` runs the trials whose name holds NAME). Without `../shared` each
//! corpus suite has one trial that says so: failed under CI, ignored
//! elsewhere.

use libtest_mimic::Arguments;

#[path = "../common/mod.rs"]
mod common;

mod dungeon_conformance;
mod generated_differential;
mod golden;
mod nethack36_conformance;
mod nethack_conformance;
mod powder_conformance;
mod rlg327_conformance;

/// The trial of a suite whose corpus is missing: it fails with `test`'s
/// message under CI, which must have the corpus, and is reported ignored
/// elsewhere (never passed).
fn missing_corpus(
    test: impl FnOnce() -> Result<(), libtest_mimic::Failed> + Send + 'static,
) -> libtest_mimic::Trial {
    libtest_mimic::Trial::test("corpus_present", test).with_ignored_flag(!common::in_ci())
}

fn main() {
    let args = Arguments::from_args();
    let suites: [fn() -> Vec<libtest_mimic::Trial>; 7] = [
        golden::trials,
        nethack_conformance::trials,
        generated_differential::trials,
        nethack36_conformance::trials,
        dungeon_conformance::trials,
        powder_conformance::trials,
        rlg327_conformance::trials,
    ];
    let trials = suites.iter().flat_map(|suite| suite()).collect();
    libtest_mimic::run(&args, trials).exit();
}
