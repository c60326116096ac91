//! The door to conversions between formats, above the formats it joins:
//! a `lev_comp` source (3.6, 3.4.3 or 3.2) written as NetHack 5.0's Lua,
//! one script per level. It owns the rule every caller shares: a file
//! with errors is refused with them, not converted.

mod to_lua;

use vaultwright_model::{Diagnostic, Language, Options, Target};

pub use self::to_lua::Converted;

/// The levels of a `lev_comp` source as Lua scripts.
pub struct ToLua {
    /// One per level of the file, in its order.
    pub levels: Vec<Converted>,
    /// The NetHack version the file was read as (detected, or asked for).
    pub read_as: Target,
}

/// Why a file is not converted.
#[derive(Debug)]
pub enum Refused {
    /// The file has errors (only the errors, in order): a converter
    /// guessing around them would write a level the author never made.
    Errors(Vec<Diagnostic>),
    /// The file is sound but defines no level.
    NoLevel,
}

/// Each level of `source` (a `lev_comp` special level) as NetHack 5.0's
/// Lua; `options` give the version to read it as, as for `analyze`.
pub fn des_to_lua(source: &str, options: &Options) -> Result<ToLua, Refused> {
    let options = Options {
        without_views: true,
        ..options.clone()
    };
    let analysis = crate::analyze(source, Language::NethackDes, &options);
    let errors: Vec<Diagnostic> = analysis
        .diagnostics
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect();
    if !errors.is_empty() {
        return Err(Refused::Errors(errors));
    }
    let levels = to_lua::from_des(source, &options);
    if levels.is_empty() {
        return Err(Refused::NoLevel);
    }
    Ok(ToLua {
        levels,
        read_as: analysis.target.unwrap_or(options.target),
    })
}

/// Every level the reader makes of `source`, converted whether or not the
/// file has errors: what tests and fuzzing drive the converter with (a
/// file with errors must still never make a script Lua refuses).
pub fn des_to_lua_as_read(source: &str, options: &Options) -> Vec<Converted> {
    to_lua::from_des(source, options)
}

#[cfg(test)]
mod tests;
