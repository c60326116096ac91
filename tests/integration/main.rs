//! The integration tests, one binary (one link of the whole core instead
//! of one per file): the CLI end to end, the oracles' fixtures,
//! properties, and the map against the territory. The other binary
//! (`tests/conformance`) holds the trials: the corpus conformance suites,
//! the golden findings (`tests/fixtures/<lang>/invalid/*.stderr`),
//! recovery, and the tests that read the corpus or an oracle.
//!
//! `properties.rs` (proptest) and `extreme_numbers.rs` (every corpus number
//! as `INT_MAX` and beyond, with overflow checks) complete the robustness
//! tests with `fuzz_fixtures.rs`, which replays every kept fuzz finding.

#[path = "../common/mod.rs"]
mod common;
/// The fuzzers' seed files, shared with the tests that replay them.
#[allow(dead_code)]
#[path = "../../fuzz/seeds.rs"]
mod seeds;

mod architecture;
mod cli;
mod cli_exit_codes;
mod dcss_corpus;
mod dcss_crawl_oracle;
mod dgn_comp_oracle;
mod extreme_numbers;
#[cfg(unix)]
mod folder_walk;
mod fuzz_fixtures;
mod lev_comp36_oracle;
mod lev_comp_oracle;
mod lsp_stdio;
mod nethack36_lev;
mod nethack36_run_trace;
mod nethack_lev_decode;
mod nethack_robustness;
mod properties;
mod vault_links;
