//! Reading a level script by the engine's reading of Lua 5.4
//! (`lua::syntax`): a script Lua refuses gets the finding NL0001.

use vaultwright_model::Diagnostic;

pub use crate::lua::syntax::{beyond_page, read, Reading};

/// The code of every syntax finding (Lua refuses to load the file).
pub const SYNTAX: &str = "NL0001";

/// Lua's refusal of the script, as a finding (none when Lua loads it).
pub fn refusal(source: &str, reading: &Reading) -> Option<Diagnostic> {
    let e = reading.error.as_ref()?;
    Some(crate::lua::syntax::finding(source, SYNTAX, e))
}
