//! What the `vaultwright` command draws, as a library so the fuzzer and the
//! tests reach it without running the command.

pub mod render;
