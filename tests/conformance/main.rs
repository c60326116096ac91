//! The conformance suites against the originals' recorded outputs, one
//! trial per corpus file; the golden findings of our fixtures, one trial
//! per fixture; and the tests that read the corpus or an oracle, each
//! ignored outside CI when what it reads is missing (libtest-mimic: `cargo test --test conformance --
//! NAME` runs the trials whose name holds NAME). Without `../shared` each
//! corpus suite has one trial that says so: failed under CI, ignored
//! elsewhere.

use libtest_mimic::Arguments;

#[path = "../common/mod.rs"]
mod common;

mod dungeon_conformance;
mod generated_differential;
mod golden;
mod lua_convert;
mod lua_run;
mod lua_syntax_oracle;
mod nethack36_conformance;
mod nethack36_preview;
mod nethack_conformance;
mod nethack_dialect;
mod powder_conformance;
mod recovery;
mod rlg327_conformance;

/// The trial of a suite whose corpus is missing: it fails with `test`'s
/// message under CI, which must have the corpus, and is reported ignored
/// elsewhere (never passed).
fn missing_corpus(
    test: impl FnOnce() -> Result<(), libtest_mimic::Failed> + Send + 'static,
) -> libtest_mimic::Trial {
    libtest_mimic::Trial::test("corpus_present", test).with_ignored_flag(!common::in_ci())
}

/// Whether `../shared/corpus` is here.
fn corpus_present() -> bool {
    common::shared_dir().is_some()
}

/// A test as a trial: ignored when what it reads is missing (`present`
/// false) outside CI, run (and failed by its own check) under CI, which
/// must have everything.
fn needing(name: &str, present: bool, test: fn()) -> libtest_mimic::Trial {
    libtest_mimic::Trial::test(name, move || {
        test();
        Ok(())
    })
    .with_ignored_flag(!present && !common::in_ci())
}

fn main() {
    let args = Arguments::from_args();
    let suites: [fn() -> Vec<libtest_mimic::Trial>; 13] = [
        recovery::trials,
        golden::trials,
        lua_convert::trials,
        lua_run::trials,
        lua_syntax_oracle::trials,
        nethack36_preview::trials,
        nethack_dialect::trials,
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
