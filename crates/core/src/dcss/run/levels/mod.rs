//! The whole levels crawl's C++ builds for a layout vault
//! (`dgn-layouts.cc`, `dgn-swamp.cc`: `layout_swamp`, …), painted onto
//! the level outside the map as crawl paints `env.grid`. Each reads
//! crawl's code for its steps and draws in crawl's order from the run's
//! one generator, so a level keeps crawl's shapes though not its exact
//! cells. The environment passes what the game knows of the place
//! (`environment.lua`).

mod heights;
mod swamp;

use piccolo::{CallbackReturn, Context, Error, Stack};

use super::{MapRun, Shared};
use crate::dcss::{LEVEL_HEIGHT, LEVEL_WIDTH};
use crate::lua::sandbox::value::int;
use crate::rng::Rng;

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
    let depth = int(stack.get(0)).unwrap_or(1);
    stack.clear();
    on_level(shared, |level, rng| swamp::build(level, rng, depth));
    Ok(CallbackReturn::Return)
}
