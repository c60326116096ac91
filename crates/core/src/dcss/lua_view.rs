//! A vault drawn as the game builds it: when it has Lua, the Lua is run
//! for the seed first (`run`) and the vault it leaves is drawn; when the
//! Lua stops (an error, the step budget, a helper of crawl's library
//! with no library at hand), the vault is drawn from its headers alone
//! and the view says where and why.

use super::run::expand::expanded;
use super::run::{Library, Place, PreparedMap, VAULT_LIMITS};
use super::{view, File, Vault};
use crate::lua::sandbox::{Limits, StopKind};
use vaultwright_model::view::{Cell, TileMap};
use vaultwright_model::Options;

/// Vault `v` of `file` (whose text is `src`) drawn for `seed`, with the
/// options' copy of crawl's Lua library when they hold one.
pub fn drawn(src: &str, file: &File, v: &Vault, seed: u64, options: &Options) -> Option<TileMap> {
    if !v.is_run() {
        return view::view(v, seed);
    }
    let library = options.dcss_library.as_ref().map(Library::of);
    let map = PreparedMap::new(src, file, v, library.clone());
    let outcome = map.run(seed, drawing_limits(options));
    let place = Place::first_allowed(v);
    match &outcome.stop {
        None => {
            let built = expanded(src, map.lines(), v, &outcome);
            let mut tm = view::view(&built, seed).unwrap_or_else(|| {
                let mut empty = nothing_drawn();
                empty
                    .notes
                    .push("its Lua left no map: nothing is drawn".into());
                empty
            });
            tm.notes.insert(
                0,
                format!(
                    "the vault's Lua ran for this seed, as at {place} ({})",
                    Place::chosen_by(v)
                ),
            );
            for name in &outcome.unmodelled {
                tm.notes.push(unmodelled_note(name));
            }
            Some(tm)
        }
        Some(stop) => {
            // A vault whose Lua stopped before it drew anything (a map-less
            // one) still shows why, on an empty map.
            let mut tm = view::view(v, seed).unwrap_or_else(nothing_drawn);
            let at = match (stop.line, stop.exact) {
                (0, _) => String::new(),
                (line, true) => format!(" at line {line}"),
                (line, false) => format!(" after the call at line {line}"),
            };
            let drawn = if tm.width == 0 {
                "nothing is drawn: its map is made in Lua"
            } else {
                "drawn from its headers alone"
            };
            tm.notes.push(format!(
                "the vault's Lua stopped{at} ({}): {drawn}",
                stop.message
            ));
            if stop.kind == StopKind::Steps && options.lua_drawing_millions.is_none() {
                tm.notes.push(format!(
                    "`vaultwright render` runs a vault's Lua up to {} million steps to draw it",
                    Options::DRAWING_BY_NAME_MILLIONS
                ));
            }
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

/// What the view says of a call of the game's index that found nothing
/// because the drawing could not look.
fn unmodelled_note(name: &str) -> String {
    match name {
        "dgn.map_by_tag" | "dgn.map_by_name" => format!(
            "`{name}` found no map: the game's vault files (dat/des, beside dat/dlua) are not at hand to choose from"
        ),
        "SUBVAULT" => "a `SUBVAULT` found no map with its tag in this file, and the game's vault files (dat/des, beside dat/dlua) are not at hand: its glyphs are drawn as they stand".into(),
        "SUBVAULT cells" => "the `SUBVAULT`s merged more kinds of cell than a drawing keys apart (91): some are drawn as another of the same terrain".into(),
        _ => format!("`{name}` found no map: the maps the game would choose by depth are not drawn"),
    }
}

/// An empty drawing, which carries only its notes (why nothing is drawn).
fn nothing_drawn() -> TileMap {
    TileMap::new(0, 0, Cell::blank())
}

/// The studio's preview budget, or the options' larger one for a
/// drawing asked for by name.
fn drawing_limits(options: &Options) -> Limits {
    match options.lua_drawing_millions {
        Some(millions) => Limits {
            steps: u64::from(millions).saturating_mul(1_000_000),
            ..VAULT_LIMITS
        },
        None => VAULT_LIMITS,
    }
}
