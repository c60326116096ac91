//! The whole levels crawl's C++ builds for a layout vault
//! (`dgn-layouts.cc`, `dgn-swamp.cc`, `dgn-shoals.cc`: `layout_swamp`, …), painted onto
//! the level outside the map as crawl paints `env.grid`. Each reads
//! crawl's code for its steps and draws in crawl's order from the run's
//! one generator, so a level keeps crawl's shapes though not its exact
//! cells. The environment passes what the game knows of the place
//! (`environment.lua`).

mod basic;
mod city;
mod heights;
mod open;
mod shoals;
mod swamp;

use piccolo::{CallbackReturn, Context, Error, Stack};

use super::dice::Dice;
use super::{MapRun, Shared};
use crate::dcss::run::checkint::int;
use crate::dcss::{LEVEL_HEIGHT, LEVEL_WIDTH};
use crate::lua::sandbox::value::text;
use crate::rng::Rng;

/// The deepest a builder is told it is: deeper than any level of the
/// game, and small enough that its arithmetic on depths cannot overflow
/// (a vault's DEPTH may name any number).
const MOST_DEPTH: i64 = 1000;

pub const W: i64 = LEVEL_WIDTH as i64;
pub const H: i64 = LEVEL_HEIGHT as i64;

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// The level's features as a builder sees them, by `[y][x]`.
pub struct Level {
    pub cells: Vec<Vec<&'static str>>,
}

impl Level {
    /// The run's level as it stands (rock where nothing was painted).
    fn of(run: &mut MapRun) -> Level {
        let cells = (0..LEVEL_HEIGHT)
            .map(|y| {
                (0..LEVEL_WIDTH)
                    .map(|x| run.level_feature_at(x, y))
                    .collect()
            })
            .collect();
        Level { cells }
    }

    /// Paints the level back onto the run.
    fn paint(self, run: &mut MapRun) {
        for (y, row) in self.cells.into_iter().enumerate() {
            for (x, feature) in row.into_iter().enumerate() {
                let glyph = run.level_glyph(feature);
                if let Some(cell) = run.level_cell(x, y) {
                    *cell = glyph;
                }
            }
        }
    }

    /// The feature at `(x, y)`; rock off the level.
    pub fn get(&self, x: i64, y: i64) -> &'static str {
        usize::try_from(y)
            .ok()
            .and_then(|y| self.cells.get(y))
            .zip(usize::try_from(x).ok())
            .and_then(|(row, x)| row.get(x).copied())
            .unwrap_or("rock_wall")
    }

    /// Whether some cell holds `feature`.
    pub fn has(&self, feature: &str) -> bool {
        self.cells.iter().flatten().any(|f| *f == feature)
    }

    /// crawl's `feat_is_wall`.
    pub fn is_wall(&self, x: i64, y: i64) -> bool {
        self.get(x, y).ends_with("_wall")
    }

    /// `_count_antifeature_in_box`: the cells of `x0..x1` by `y0..y1`
    /// that are not `feature`.
    pub fn count_other_than(&self, x0: i64, y0: i64, x1: i64, y1: i64, feature: &str) -> i64 {
        let mut count = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                count += i64::from(self.get(x, y) != feature);
            }
        }
        count
    }

    /// `dgn_replace_area`: `from` made `to` in the box from one corner
    /// to the other, both in it.
    pub fn replace_area(
        &mut self,
        (x1, y1): (i64, i64),
        (x2, y2): (i64, i64),
        from: &str,
        to: &'static str,
    ) {
        for y in y1..=y2 {
            for x in x1..=x2 {
                if self.get(x, y) == from {
                    self.set(x, y, to);
                }
            }
        }
    }

    /// A floor cell beside another, at random (crawl's random floor
    /// square for a feature), none on a level without one.
    pub fn random_floor_beside_floor(&self, rng: &mut Rng) -> Option<(i64, i64)> {
        let beside_floor = |x: i64, y: i64| {
            (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
                .any(|(dx, dy)| (dx, dy) != (0, 0) && self.get(x + dx, y + dy) == "floor")
        };
        let cells: Vec<(i64, i64)> = (0..H)
            .flat_map(|y| (0..W).map(move |x| (x, y)))
            .filter(|&(x, y)| self.get(x, y) == "floor" && beside_floor(x, y))
            .collect();
        let i = rng.random2(cells.len() as i64);
        cells.get(usize::try_from(i).ok()?).copied()
    }

    pub fn set(&mut self, x: i64, y: i64, feature: &'static str) {
        let cell = usize::try_from(y)
            .ok()
            .and_then(|y| self.cells.get_mut(y))
            .zip(usize::try_from(x).ok())
            .and_then(|(row, x)| row.get_mut(x));
        if let Some(cell) = cell {
            *cell = feature;
        }
    }
}

/// Runs `build` on the run's level and generator.
fn on_level(shared: &Shared, build: impl FnOnce(&mut Level, &mut Rng)) {
    let mut run = shared.borrow_mut();
    let mut level = Level::of(&mut run);
    build(&mut level, &mut run.rng);
    level.paint(&mut run);
}

/// `__vw_layout_swamp(depth)`: the Swamp's level for its `depth`.
pub fn layout_swamp<'gc>(shared: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let depth = int(stack.get(0)).unwrap_or(1).clamp(1, MOST_DEPTH);
    stack.clear();
    on_level(shared, |level, rng| swamp::build(level, rng, depth));
    Ok(CallbackReturn::Return)
}

/// `__vw_layout_shoals(depth)`: the Shoals' level for its `depth`.
pub fn layout_shoals<'gc>(
    shared: &Shared,
    _: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let depth = int(stack.get(0)).unwrap_or(1).clamp(1, MOST_DEPTH);
    stack.clear();
    on_level(shared, |level, rng| shoals::build(level, rng, depth));
    Ok(CallbackReturn::Return)
}

/// `__vw_layout_bigger_room()`: one open room with pools.
pub fn layout_bigger_room<'gc>(
    shared: &Shared,
    _: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    stack.clear();
    on_level(shared, open::bigger_room);
    Ok(CallbackReturn::Return)
}

/// `__vw_layout_chaotic_city(wall)`: boxes of `wall` (a feature name),
/// or of any wall.
pub fn layout_chaotic_city<'gc>(
    shared: &Shared,
    _: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let wall = text(stack.get(0)).and_then(|name| super::level::feature_named(&name));
    stack.clear();
    on_level(shared, |level, rng| city::chaotic_city(level, rng, wall));
    Ok(CallbackReturn::Return)
}

/// `__vw_layout_basic(depth)`: trails, stairs and rooms, for crawl's
/// absolute depth from 0.
pub fn layout_basic<'gc>(shared: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let depth = int(stack.get(0)).unwrap_or(0).clamp(0, MOST_DEPTH);
    stack.clear();
    on_level(shared, |level, rng| basic::basic(level, rng, depth));
    Ok(CallbackReturn::Return)
}
