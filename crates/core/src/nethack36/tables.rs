//! The parser tables, built from `grammar.txt` by the build script.
#![allow(dead_code)]

include!(concat!(env!("OUT_DIR"), "/nethack36_tables.rs"));
