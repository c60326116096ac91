//! The conformance suites against the originals' recorded outputs, one
//! trial per corpus file (libtest-mimic: `cargo test --test conformance --
//! NAME` runs the trials whose name holds NAME). Without `../shared` each
//! suite has one failing trial that says so.

use libtest_mimic::Arguments;

#[path = "../common/mod.rs"]
mod common;

mod dungeon_conformance;
mod generated_differential;
mod nethack36_conformance;
mod nethack_conformance;
mod powder_conformance;
mod rlg327_conformance;

fn main() {
    let args = Arguments::from_args();
    let suites: [fn() -> Vec<libtest_mimic::Trial>; 6] = [
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
