//! Running a level script as the game runs it, on the engine's sandboxed
//! VM (`lua::sandbox`) with the game's interface implemented here:
//! `des.*` (`des.rs`), `selection.*` (`select.rs`), `nh.*`, `u.*` and
//! `nhc` (`game.rs`). Every random choice comes from the one seeded
//! generator, so a seed gives one realisation on every run and machine.
//!
//! `Run` is the engine's `Host`: the level being built, the run's `Meter`,
//! and the selection as the userdata the operators take. What the game's own
//! generators decide (caves, mazes, room placement) is drawn as one example
//! (`generate`), and the view says so. The game's `nhlib.lua` is loaded when
//! it is at hand (the tests), else our stand-ins for its helpers
//! (`stand_in.lua`). The sandbox's removed globals are callbacks that fail,
//! not nils.

mod des;
mod game;
mod generate;
pub mod level;
mod select;
mod value;
pub mod view;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, OnceLock};

use piccolo::{Context, Error, Value};

use self::level::Level;
pub use crate::lua::sandbox::deep as deep_stack;
use crate::lua::sandbox::{self, budget, native, native_costing, Chunk, Host, Meter};
pub use crate::lua::sandbox::{not_run_here, Limits, Stop, StopKind};
use crate::rng::Rng;

/// What one run of a script left: the level and, if the script stopped,
/// why and where.
pub struct Realisation {
    pub level: Level,
    pub stop: Option<Stop>,
    /// How many VM steps the run took (the fuel it burnt).
    pub steps: u64,
}

/// The state the game's functions share during one run.
pub struct Run {
    pub level: Level,
    pub rng: Rng,
    /// How many monster inventories or containers are being filled (what
    /// is made there is carried, not placed).
    pub carrying: u32,
    /// What the run has spent, and the script line it is on.
    pub meter: Meter,
}

impl Run {
    fn new(seed: u64, limits: Limits) -> Run {
        Run {
            level: Level::default(),
            rng: Rng::new(seed),
            carrying: 0,
            meter: Meter::new(limits),
        }
    }
}

/// Selections take Lua's operators as the game's metamethods do.
impl Host for Run {
    fn meter(&mut self) -> &mut Meter {
        &mut self.meter
    }

    fn binary<'gc>(
        ctx: Context<'gc>,
        op: &str,
        a: Value<'gc>,
        b: Value<'gc>,
    ) -> Option<Result<Value<'gc>, Error<'gc>>> {
        select::binary(ctx, op, a, b)
    }

    fn unary<'gc>(ctx: Context<'gc>, a: Value<'gc>) -> Option<Result<Value<'gc>, Error<'gc>>> {
        select::negated(ctx, a)
    }
}

pub type Shared = sandbox::Shared<Run>;

/// A game function: reads its arguments from the stack, leaves its
/// results there.
pub type Native = sandbox::Native<Run>;

/// The name of the game's library chunk (`nhlib.lua`).
const NHLIB: &str = "nhlib";

/// A script made ready to run for any number of seeds: read, checked by
/// Lua's rules, and its operators rewritten once.
pub struct Prepared {
    /// The chunks the VM loads after the engine's own: the game's
    /// `nhlib.lua` (or our stand-ins), the script; `Err` when Lua
    /// refuses the script.
    chunks: Result<[Arc<Chunk>; 2], String>,
}

impl Prepared {
    /// `library` is the game's `nhlib.lua` when there is one to load.
    pub fn new(source: &str, library: Option<&str>) -> Prepared {
        Prepared::read(&super::syntax::read(source), source, library)
    }

    /// From a script already read (what the analysis has at hand).
    pub(crate) fn read(
        reading: &super::syntax::Reading,
        source: &str,
        library: Option<&str>,
    ) -> Prepared {
        if let Some(e) = &reading.error {
            return Prepared {
                chunks: Err(e.message.clone()),
            };
        }
        if super::syntax::beyond_page(reading) {
            return Prepared {
                chunks: Err(sandbox::NOT_RUN_DEEP.into()),
            };
        }
        let script = sandbox::rewritten(reading, source);
        // Our stand-ins are prepared and compiled once per process.
        static STAND_IN: OnceLock<Arc<Chunk>> = OnceLock::new();
        let of = |text| Arc::new(Chunk::new(NHLIB, sandbox::prepared(text)));
        let library = match library {
            Some(text) => of(text),
            None => STAND_IN.get_or_init(|| of(game::STAND_IN)).clone(),
        };
        let script = Arc::new(Chunk::new(sandbox::SCRIPT, script));
        Prepared {
            chunks: Ok([library, script]),
        }
    }

    /// The script run for `seed`.
    pub fn run(&self, seed: u64, limits: Limits) -> Realisation {
        sandbox::deep(|| self.run_here(seed, limits))
    }

    fn run_here(&self, seed: u64, limits: Limits) -> Realisation {
        let shared: Shared = Rc::new(RefCell::new(Run::new(seed, limits)));
        let (stop, steps) = match &self.chunks {
            Ok(chunks) => {
                let (stop, steps, _) = sandbox::execute_then(
                    chunks,
                    &shared,
                    limits,
                    |ctx| install(ctx, &shared),
                    |_| (),
                );
                (stop, steps)
            }
            Err(message) => (
                Some(Stop {
                    kind: StopKind::Error,
                    message: message.clone(),
                    line: 0,
                    exact: false,
                }),
                0,
            ),
        };
        let level = shared
            .try_borrow_mut()
            .map(|mut r| std::mem::take(&mut r.level))
            .unwrap_or_default();
        Realisation { level, stop, steps }
    }
}

/// Runs `source` for `seed`; `library` is the game's `nhlib.lua` when
/// there is one to load (else our own stand-in for its helpers).
pub fn run(source: &str, seed: u64, library: Option<&str>, limits: Limits) -> Realisation {
    Prepared::new(source, library).run(seed, limits)
}

/// The table the script leaves in global `name`, as the reader of a
/// table written out reads one (`dungeon.lua` when its table is built by
/// code): `None` when the run stops or leaves no table there.
pub fn global_table(source: &str, name: &'static str) -> Option<super::calls::Value> {
    let prepared = Prepared::new(source, None);
    let chunks = prepared.chunks.as_ref().ok()?;
    sandbox::deep(|| {
        let shared: Shared = Rc::new(RefCell::new(Run::new(0, Limits::default())));
        let (_, _, value) = sandbox::execute_then(
            chunks,
            &shared,
            Limits::default(),
            |ctx| install(ctx, &shared),
            |ctx| value::plain(ctx.get_global(name), 0),
        );
        value.flatten()
    })
}

fn install<'gc>(ctx: Context<'gc>, shared: &Shared) -> Result<(), Error<'gc>> {
    game::install(ctx, shared)?;
    select::install(ctx, shared)?;
    des::install(ctx, shared)?;
    Ok(())
}

#[cfg(test)]
mod hostile_tests;
#[cfg(test)]
mod tests;
