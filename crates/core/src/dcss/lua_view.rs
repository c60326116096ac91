//! A vault drawn as the game builds it: when it has Lua, the Lua is run
//! for the seed first (`run`) and the vault it leaves is drawn; when the
//! Lua stops (an error, the step budget, a helper of crawl's library
//! with no library at hand), the vault is drawn from its headers alone
//! and the view says where and why.

use super::run::expand::expanded;
use super::run::{Limits, Place, PreparedMap};
use super::{view, File, Vault};
use vaultwright_model::view::TileMap;

/// Vault `v` of `file` (whose text is `src`) drawn for `seed`.
pub fn drawn(src: &str, file: &File, v: &Vault, seed: u64) -> Option<TileMap> {
    if !v.has_lua() {
        return view::view(v, seed);
    }
    let outcome = PreparedMap::new(src, file, v, None).run(seed, Limits::default());
    let place = Place::first_allowed(v);
    match &outcome.stop {
        None => {
            let built = expanded(src, v, &outcome);
            let mut tm = view::view(&built, seed)?;
            tm.notes.insert(
                0,
                format!(
                    "the vault's Lua ran for this seed, as at {}:{} (the first place its DEPTH allows)",
                    place.branch, place.depth
                ),
            );
            Some(tm)
        }
        Some(stop) => {
            let mut tm = view::view(v, seed)?;
            let at = match stop.line {
                0 => String::new(),
                line => format!(" at line {line}"),
            };
            tm.notes.push(format!(
                "the vault's Lua stopped{at} ({}): drawn from its headers alone",
                stop.message
            ));
            Some(tm)
        }
    }
}
