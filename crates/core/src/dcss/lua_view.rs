//! A vault drawn as the game builds it: when it has Lua, the Lua is run
//! for the seed first (`run`) and the vault it leaves is drawn; when the
//! Lua stops (an error, the step budget, a helper of crawl's library
//! with no library at hand), the vault is drawn from its headers alone
//! and the view says where and why.

use super::run::expand::expanded;
use super::run::{Library, Place, PreparedMap, VAULT_LIMITS};
use super::{view, File, Vault};
use vaultwright_model::view::TileMap;
use vaultwright_model::Options;

/// Vault `v` of `file` (whose text is `src`) drawn for `seed`, with the
/// options' copy of crawl's Lua library when they hold one.
pub fn drawn(src: &str, file: &File, v: &Vault, seed: u64, options: &Options) -> Option<TileMap> {
    if !v.has_lua() {
        return view::view(v, seed);
    }
    let library = options.dcss_library.as_ref().map(Library::of);
    let map = PreparedMap::new(src, file, v, library.clone());
    let outcome = map.run(seed, VAULT_LIMITS);
    let place = Place::first_allowed(v);
    match &outcome.stop {
        None => {
            let built = expanded(src, map.lines(), v, &outcome);
            let mut tm = view::view(&built, seed)?;
            tm.notes.insert(
                0,
                format!(
                    "the vault's Lua ran for this seed, as at {}:{} (the first place its DEPTH allows)",
                    place.branch, place.depth
                ),
            );
            for name in &outcome.unmodelled {
                tm.notes.push(format!(
                    "`{name}` found no map: the maps the game would choose from its index are not drawn"
                ));
            }
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
            if library.is_none() {
                tm.notes.push(
                    "crawl's Lua library (dat/dlua) is not at hand: the helpers it defines are missing"
                        .into(),
                );
            }
            Some(tm)
        }
    }
}
