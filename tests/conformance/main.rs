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

/// The one rule for a trial whose input may be missing (`present`
/// false): run under CI, which must have everything (the trial's own
/// check then fails it), reported ignored elsewhere, never passed.
fn unless_missing(trial: libtest_mimic::Trial, present: bool) -> libtest_mimic::Trial {
    trial.with_ignored_flag(!present && !common::in_ci())
}

/// The trial of a suite whose corpus is missing: it fails with `test`'s
/// message under CI and is reported ignored elsewhere.
fn missing_corpus(
    test: impl FnOnce() -> Result<(), libtest_mimic::Failed> + Send + 'static,
) -> libtest_mimic::Trial {
    unless_missing(libtest_mimic::Trial::test("corpus_present", test), false)
}

/// Whether `../shared/corpus` is here.
fn corpus_present() -> bool {
    common::shared_dir().is_some()
}

/// A test as a trial, under [`unless_missing`]'s rule.
fn needing(name: &str, present: bool, test: fn()) -> libtest_mimic::Trial {
    let trial = libtest_mimic::Trial::test(name, move || {
        test();
        Ok(())
    });
    unless_missing(trial, present)
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
