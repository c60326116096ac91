//! Maps a vault's Lua takes from the game's index and builds into its
//! own drawing, as crawl's `l-dgn.cc` does: `dgn.map_by_tag` and
//! `dgn.map_by_name` choose one (`index`), `dgn.resolve_map` builds it
//! for the level being made (its Lua run, its transforms applied),
//! `dgn.inspect_map` reads a cell of what was built, and `dgn.reuse_map`
//! (or `dgn.place_map`) draws it onto the level. The Lua side keeps the
//! handles (`environment.lua`); what was built is kept here, by slot.
//!
//! A built map is drawn onto the level by its features (`level`): the
//! level holds terrain, so the monsters and items a placed room would
//! bring are not drawn (the view of that room shows them).

use std::cell::Cell;
use std::sync::Arc;

use piccolo::{CallbackReturn, Context, Error, IntoValue, Stack, Value};

use super::level::number_of_feature;
use super::{expand, Event, Library, MapRun, Place, PreparedMap, Shared};
use crate::dcss::ast::{Item, Kw, Vault};
use crate::dcss::run::checkint::int;
use crate::dcss::{look, reader, realize};
use crate::lua::sandbox::budget;
use crate::lua::sandbox::value::text;

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// One cell of a built map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BuiltCell {
    /// Its feature, by name and as `dgn.feature_number` numbers it.
    pub name: &'static str,
    pub feature: i64,
    /// `@`: where the map opens onto the level.
    pub exit: bool,
    /// ` `: not part of the map; the level shows through.
    pub space: bool,
}

/// A cell not part of the map.
const SPACE: BuiltCell = BuiltCell {
    name: "floor",
    feature: 0,
    exit: false,
    space: true,
};

/// A map built from the game's index, as `dgn.resolve_map` leaves it.
pub type Built = Vec<Vec<BuiltCell>>;

thread_local! {
    /// How many builds are under way on this thread: a map whose Lua
    /// builds maps that build maps is stopped at a few levels.
    static BUILDING: Cell<u8> = const { Cell::new(0) };
}

/// The most maps built inside one another.
const MOST_NESTED: u8 = 3;

/// `build` a map inside the one being built: none past a few levels of
/// maps built inside one another.
pub(super) fn nested<T>(build: impl FnOnce() -> T) -> Option<T> {
    if BUILDING.with(Cell::get) >= MOST_NESTED {
        return None;
    }
    BUILDING.with(|b| b.set(b.get() + 1));
    let built = build();
    BUILDING.with(|b| b.set(b.get().saturating_sub(1)));
    Some(built)
}

/// Map `i` of the library's index built for `place` and `seed`, with
/// `tags` added to its own (crawl's layouts forbid mirroring so), and
/// the steps its Lua took; none when its Lua stops (crawl's
/// `vault_main` then places nothing).
pub fn build(
    library: &Arc<Library>,
    i: usize,
    tags: &str,
    place: &Place,
    seed: u64,
    limits: super::Limits,
) -> Option<(Built, String, u64)> {
    let entry = library.index().maps.get(i)?;
    let text = library.vault_file(&entry.file)?;
    let file = reader::read(text, false);
    let vault = file.vaults.get(entry.vault)?;
    let mut map = PreparedMap::new(text, &file, vault, Some(library.clone()));
    map.place = place.clone();
    let mut outcome = nested(|| map.run(seed, limits))?;
    if outcome.stop.is_some() {
        return None;
    }
    outcome.events.push(Event::Call {
        kw: Kw::Tags,
        text: tags.to_string(),
        line: 0,
    });
    let built = expand::expanded(text, map.lines(), vault, &outcome);
    let cells = realize::realize(&built, seed)
        .grid
        .iter()
        .map(|row| row.iter().map(|c| cell(&built, c.glyph)).collect())
        .collect();
    let mut all_tags: Vec<&str> = built.tags();
    all_tags.sort_unstable();
    all_tags.dedup();
    Some((cells, all_tags.join(" "), outcome.steps))
}

/// What glyph `g` of `vault` (transforms applied) builds.
fn cell(vault: &Vault, g: u8) -> BuiltCell {
    let space = g == b' ';
    let feature = if space { "floor" } else { feature_of(vault, g) };
    BuiltCell {
        name: feature,
        feature: number_of_feature(feature),
        exit: g == b'@',
        space,
    }
}

/// The feature glyph `g` makes: the first choice of the last KFEAT that
/// keys it, else the glyph's own (floor under a monster or an item).
fn feature_of(vault: &Vault, g: u8) -> &'static str {
    let kfeat = vault
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Directive(d) if d.kw == Kw::Kfeat => Some(d),
            _ => None,
        })
        .flat_map(|d| d.selectors().filter_map(|(_, sel)| sel))
        .filter(|(key, _, _)| key.bytes().any(|k| k == g))
        .last();
    let Some((_, _, value)) = kfeat else {
        return look::map_feature(g);
    };
    let first = value.split('/').next().unwrap_or("");
    look::kfeat_feature(first).unwrap_or("floor")
}

/// `__vw_index_map(how, key, check_depth)`: the index of the map the
/// game would choose by `"tag"` or `"name"`, or nil. With no index at
/// hand the call is noted as one the drawing could not model.
pub fn index_map<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let how = text(stack.get(0)).unwrap_or_default();
    let key = text(stack.get(1)).unwrap_or_default();
    let check_depth = !matches!(stack.get(2), Value::Boolean(false) | Value::Nil);
    let mut run = shared.borrow_mut();
    let library = run.library.clone().filter(|l| l.has_game_vaults());
    let Some(library) = library else {
        let name = format!("dgn.map_by_{how}");
        if !run.unmodelled.contains(&name) {
            run.unmodelled.push(name);
        }
        drop(run);
        stack.replace(ctx, Value::Nil);
        return Ok(CallbackReturn::Return);
    };
    let index = library.index();
    let found = match how.as_str() {
        "name" => index.by_name(&key),
        _ => {
            let place = run.place.clone();
            index.by_tag(&key, check_depth, &place, &mut run.rng)
        }
    };
    drop(run);
    let found = found.and_then(|i| i64::try_from(i).ok());
    stack.replace(ctx, found.map_or(Value::Nil, Value::Integer));
    Ok(CallbackReturn::Return)
}

/// `__vw_index_entry(i)`: the name and the tags (sorted, space-joined,
/// as crawl's `dgn.tags` gives them) of map `i` of the index.
pub fn index_entry<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let i = int(stack.get(0)).and_then(|i| usize::try_from(i).ok());
    let library = shared.borrow().library.clone();
    let entry = library
        .as_ref()
        .zip(i)
        .and_then(|(l, i)| l.index().maps.get(i).cloned());
    stack.clear();
    if let Some(entry) = entry {
        let mut tags = entry.tags.clone();
        tags.sort_unstable();
        tags.dedup();
        stack.push_back(Value::String(ctx.intern(entry.name.as_bytes())));
        stack.push_back(Value::String(ctx.intern(tags.join(" ").as_bytes())));
    }
    Ok(CallbackReturn::Return)
}

/// `__vw_resolve(i, tags)`: map `i` built for the run's place (a seed
/// of the run's generator), kept in a slot: the slot, its width and
/// height and its tags, or nil when it could not be built.
pub fn resolve<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let i = int(stack.get(0)).and_then(|i| usize::try_from(i).ok());
    let tags = text(stack.get(1)).unwrap_or_default();
    let (library, place, seed, limits) = {
        let mut run = shared.borrow_mut();
        let seed = run.rng.next_u64();
        (run.library.clone(), run.place.clone(), seed, run.limits)
    };
    let built = library
        .zip(i)
        .and_then(|(library, i)| build(&library, i, &tags, &place, seed, limits));
    stack.clear();
    let Some((cells, tags, steps)) = built else {
        stack.push_back(Value::Nil);
        return Ok(CallbackReturn::Return);
    };
    budget::charge(shared, usize::try_from(steps).unwrap_or(usize::MAX));
    let (w, h) = size(&cells);
    let slot = {
        let mut run = shared.borrow_mut();
        run.built.push(cells);
        run.built.len() - 1
    };
    stack.push_back(Value::Integer(slot as i64));
    stack.push_back(Value::Integer(w as i64));
    stack.push_back(Value::Integer(h as i64));
    stack.push_back(Value::String(ctx.intern(tags.as_bytes())));
    Ok(CallbackReturn::Return)
}

fn size(cells: &Built) -> (usize, usize) {
    (cells.first().map_or(0, Vec::len), cells.len())
}

/// `__vw_inspect(slot, x, y)`: the feature number of a cell of a built
/// map, whether it is an exit, whether it is space (crawl's
/// `dgn.inspect_map`; off the map: no feature, neither).
pub fn inspect<'gc>(shared: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let at = |i: usize| int(stack.get(i)).and_then(|v| usize::try_from(v).ok());
    let (slot, x, y) = (at(0), at(1), at(2));
    let cell = {
        let run = shared.borrow();
        slot.and_then(|s| run.built.get(s))
            .zip(x.zip(y))
            .and_then(|(cells, (x, y))| cells.get(y)?.get(x).copied())
    };
    stack.clear();
    let (feature, exit, space) = cell.map_or((0, false, false), |c| (c.feature, c.exit, c.space));
    stack.push_back(Value::Integer(feature));
    stack.push_back(Value::Boolean(exit));
    stack.push_back(Value::Boolean(space));
    Ok(CallbackReturn::Return)
}

/// `__vw_reuse(slot, x, y, hflip, vflip, rotate)`: mirrors and turns the
/// built map (for good, as crawl's `dgn.reuse_map` does), then draws it
/// onto the level with its top left at `(x, y)`; gives its new width and
/// height.
pub fn reuse<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let slot = int(stack.get(0)).and_then(|v| usize::try_from(v).ok());
    let (x, y) = (int(stack.get(1)), int(stack.get(2)));
    let truthy = |v: Value| !matches!(v, Value::Nil | Value::Boolean(false));
    let (hflip, vflip) = (truthy(stack.get(3)), truthy(stack.get(4)));
    let rotate = int(stack.get(5)).unwrap_or(0);
    let mut run = shared.borrow_mut();
    let Some(cells) = slot.and_then(|s| run.built.get_mut(s)) else {
        return Err("dgn.reuse_map: expected a placement from dgn.resolve_map"
            .into_value(ctx)
            .into());
    };
    if hflip {
        cells.iter_mut().for_each(|row| row.reverse());
    }
    if vflip {
        cells.reverse();
    }
    if rotate != 0 {
        *cells = turned(cells, rotate == 1, SPACE);
    }
    let cells = cells.clone();
    if let Some((x, y)) = x.zip(y) {
        draw_on_level(&mut run, &cells, x, y);
    }
    drop(run);
    let (w, h) = size(&cells);
    stack.clear();
    stack.push_back(Value::Integer(w as i64));
    stack.push_back(Value::Integer(h as i64));
    Ok(CallbackReturn::Return)
}

/// Rows of cells turned a quarter, clockwise or not (crawl's
/// `map_lines::rotate`); a short row is padded with `space`.
pub(super) fn turned<T: Copy>(rows: &[Vec<T>], clockwise: bool, space: T) -> Vec<Vec<T>> {
    let (w, h) = (rows.first().map_or(0, Vec::len), rows.len());
    (0..w)
        .map(|x| {
            (0..h)
                .map(|y| {
                    let (sx, sy) = if clockwise {
                        (x, h - 1 - y)
                    } else {
                        (w - 1 - x, y)
                    };
                    rows.get(sy)
                        .and_then(|row| row.get(sx))
                        .copied()
                        .unwrap_or(space)
                })
                .collect()
        })
        .collect()
}

/// Each cell of the map that is not space, onto the level.
fn draw_on_level(run: &mut MapRun, cells: &Built, x: i64, y: i64) {
    for (dy, row) in cells.iter().enumerate() {
        for (dx, c) in row.iter().enumerate().filter(|(_, c)| !c.space) {
            let at = |o: i64, d: usize| usize::try_from(o.saturating_add(d as i64)).ok();
            if let (Some(lx), Some(ly)) = (at(x, dx), at(y, dy)) {
                let glyph = run.level_glyph(c.name);
                if let Some(cell) = run.level_cell(lx, ly) {
                    *cell = glyph;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of a vault's map (no transforms), as built.
    fn built(rows: &[&str]) -> Built {
        let text = format!(
            "NAME: t\nKFEAT: A = altar_zin\nMAP\n{}\nENDMAP\n",
            rows.join("\n")
        );
        let file = reader::read(&text, false);
        let vault = &file.vaults[0];
        let cells = vault
            .grid()
            .0
            .iter()
            .map(|r| r.iter().map(|&g| cell(vault, g)).collect())
            .collect();
        cells
    }

    #[test]
    fn a_built_cell_knows_its_feature_exit_and_space() {
        let cells = built(&["x@A", " 1."]);
        assert_eq!(cells[0][0].name, "rock_wall");
        assert!(cells[0][1].exit && !cells[0][1].space);
        assert_eq!(cells[0][2].feature, number_of_feature("altar_zin"));
        assert!(cells[1][0].space);
        // A monster's glyph stands on floor.
        assert_eq!(cells[1][1].feature, number_of_feature("floor"));
    }

    #[test]
    fn a_quarter_turn_moves_the_top_row_to_the_right_column() {
        let cells = built(&["x.", ".."]);
        let clockwise = turned(&cells, true, SPACE);
        assert_eq!(clockwise[0][1].name, "rock_wall");
        let back = turned(&clockwise, false, SPACE);
        assert_eq!(back, cells);
    }
}
