//! `cargo xtask fuzz nethack_dungeon`: see `checks::nethack_dungeon`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::nethack_dungeon(data));
