//! Running a level script as the game runs it, sandboxed: piccolo (a
//! pure-Rust Lua VM that builds for wasm32) with the game's interface
//! implemented here: `des.*` (`des.rs`), `selection.*` (`select.rs`),
//! `nh.*`, `u.*`, `nhc` and the library functions level files use
//! (`game.rs`). Every random choice comes from the one seeded generator,
//! so a seed gives one realisation on every run and machine.
//!
//! The sandbox: no `io`, `os`, `require`, `load` or `debug` (piccolo's
//! core library has none of them); a step budget and a memory cap, each
//! ending the run with a finding, never a hang.

mod budget;
mod chunk;
mod des;
mod game;
mod generate;
pub mod level;
mod operators;
mod rewrite;
mod select;
pub mod selection;
mod size;
mod stack;

pub use self::stack::deep as deep_stack;
mod tables;
mod value;
pub mod view;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, OnceLock};

use piccolo::{Callback, CallbackReturn, Context, Error, Executor, Fuel, Lua, Stack, StaticError};

use self::chunk::Chunk;
use self::level::Level;
use crate::rng::Rng;

/// What one run of a script left: the level and, if the script stopped,
/// why and where.
pub struct Realisation {
    pub level: Level,
    pub stop: Option<Stop>,
    /// How many VM steps the run took (the fuel it burnt).
    pub steps: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stop {
    pub kind: StopKind,
    pub message: String,
    /// The script's line (0 when the VM could not tell).
    pub line: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopKind {
    /// The script, or a game function it called, raised an error: the
    /// game stops creating the level here.
    Error,
    /// The step budget ran out (a loop that does not end).
    Steps,
    /// The memory cap was reached.
    Memory,
}

/// How long and how large a run may grow.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub steps: u64,
    pub memory: usize,
}

impl Default for Limits {
    fn default() -> Self {
        // The corpus's largest script (themed rooms in a filler) takes
        // well under a million; a runaway loop is stopped fast.
        Limits {
            steps: 20_000_000,
            memory: 64 << 20,
        }
    }
}

/// The state the game's functions share during one run.
pub struct Run {
    pub level: Level,
    pub rng: Rng,
    /// The script line of the call being run.
    pub line: u32,
    /// How many monster inventories or containers are being filled (what
    /// is made there is carried, not placed).
    pub carrying: u32,
    /// Bytes game functions keep outside the VM (`budget::keep`).
    pub kept: usize,
    /// The run's memory cap, and whether something was refused by it.
    pub memory_cap: usize,
    pub over_memory: bool,
    /// Fuel the call being run owes for its work (`budget::charge`).
    pub owed: usize,
}

impl Run {
    fn new(seed: u64, limits: Limits) -> Run {
        Run {
            level: Level::default(),
            rng: Rng::new(seed),
            line: 0,
            carrying: 0,
            kept: 0,
            memory_cap: limits.memory,
            over_memory: false,
            owed: 0,
        }
    }
}

pub type Shared = Rc<RefCell<Run>>;

/// A game function: reads its arguments from the stack, leaves its
/// results there.
pub type Native = for<'gc, 'a> fn(
    &Shared,
    Context<'gc>,
    &mut Stack<'gc, 'a>,
) -> Result<CallbackReturn<'gc>, Error<'gc>>;

/// The chunk name the script runs under (what tells its lines from the
/// library's).
const SCRIPT: &str = "level";
/// The names of the two library chunks loaded before it.
const LIBRARY: &str = "library";
const NHLIB: &str = "nhlib";

/// A game function as a Lua value; it notes the script line calling it
/// and burns the fuel its work cost (`budget::charge`).
pub fn native<'gc>(ctx: Context<'gc>, shared: &Shared, f: Native) -> Callback<'gc> {
    native_costing(ctx, shared, f, 0)
}

/// A game function whose every call also costs `cost` units of fuel (the
/// cells a function over the whole level touches).
pub fn native_costing<'gc>(
    ctx: Context<'gc>,
    shared: &Shared,
    f: Native,
    cost: usize,
) -> Callback<'gc> {
    let shared = shared.clone();
    Callback::from_fn(&ctx, move |ctx, mut exec, mut stack| {
        if let Some(frame) = exec.upper_lua_frame() {
            if frame.chunk_name.as_bytes() == SCRIPT.as_bytes() {
                let line = u32::try_from(frame.current_line.0 + 1).unwrap_or(u32::MAX);
                shared.borrow_mut().line = line;
            }
        }
        let out = f(&shared, ctx, &mut stack);
        budget::charge(&shared, cost);
        exec.fuel().consume(budget::take_owed(&shared));
        out
    })
}

/// A run the VM itself failed on (a panic of piccolo's not yet met).
const VM_FAILED: &str = "the Lua VM (piccolo 0.3.3) failed on this script";

/// Why the studio does not read or run a script nested very deep.
pub const NOT_RUN_DEEP: &str = "not run in the browser: the script nests deeper than the page's stack takes (80 levels, or a chain of 400 operators or suffixes); `vaultwright check` reads and runs it";

/// Whether a stop is the studio declining to run the script (not the
/// game's).
pub fn not_run_here(stop: &Stop) -> bool {
    stop.message == NOT_RUN_DEEP
}

/// A script made ready to run for any number of seeds: read, checked by
/// Lua's rules, and its operators rewritten once.
pub struct Prepared {
    /// The three chunks the VM loads: our library gaps, the game's
    /// `nhlib.lua` (or our stand-ins), the script; `Err` when Lua
    /// refuses the script.
    chunks: Result<[Arc<Chunk>; 3], String>,
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
                chunks: Err(NOT_RUN_DEEP.into()),
            };
        }
        let script = rewrite::rewrite(&reading.tree, source);
        // Our own library texts are prepared and compiled once per process.
        static BASE: OnceLock<Arc<Chunk>> = OnceLock::new();
        static STAND_IN: OnceLock<Arc<Chunk>> = OnceLock::new();
        let of = |text| Arc::new(Chunk::new(NHLIB, prepared(text)));
        let base = BASE.get_or_init(|| Arc::new(Chunk::new(LIBRARY, prepared(game::LIBRARY))));
        let library = match library {
            Some(text) => of(text),
            None => STAND_IN.get_or_init(|| of(game::STAND_IN)).clone(),
        };
        let script = Arc::new(Chunk::new(SCRIPT, script));
        Prepared {
            chunks: Ok([base.clone(), library, script]),
        }
    }

    /// The script run for `seed`.
    pub fn run(&self, seed: u64, limits: Limits) -> Realisation {
        stack::deep(|| self.run_here(seed, limits))
    }

    fn run_here(&self, seed: u64, limits: Limits) -> Realisation {
        let shared: Shared = Rc::new(RefCell::new(Run::new(seed, limits)));
        let (stop, steps) = match &self.chunks {
            // A panic of the VM's is a bug to fix at its cause (those
            // found are: see `operators.rs`, `tables.rs`); natively it
            // is still a stop, not a crash of the tool.
            Ok(chunks) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                execute(chunks, &shared, limits)
            }))
            .unwrap_or_else(|_| {
                let stop = Stop {
                    kind: StopKind::Error,
                    message: VM_FAILED.into(),
                    line: shared.try_borrow().map_or(0, |r| r.line),
                };
                (Some(stop), 0)
            }),
            Err(message) => (
                Some(Stop {
                    kind: StopKind::Error,
                    message: message.clone(),
                    line: 0,
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

fn execute(chunks: &[Arc<Chunk>; 3], shared: &Shared, limits: Limits) -> (Option<Stop>, u64) {
    let (stop, steps, _) = execute_then(chunks, shared, limits, |_| ());
    (stop, steps)
}

/// Runs the chunks, then (when they ran to the end) `after` in the VM.
fn execute_then<T>(
    chunks: &[Arc<Chunk>; 3],
    shared: &Shared,
    limits: Limits,
    after: impl for<'gc> FnOnce(Context<'gc>) -> T,
) -> (Option<Stop>, u64, Option<T>) {
    let mut lua = Lua::core();
    let loaded = lua.try_enter(|ctx| {
        install(ctx, shared)?;
        Ok(())
    });
    if let Err(e) = loaded {
        return (Some(error_stop(shared, &e)), 0, None);
    }
    let mut steps = 0;
    for chunk in chunks {
        if let Err(stop) = run_chunk(&mut lua, shared, chunk, limits, &mut steps) {
            return (Some(stop), steps, None);
        }
    }
    let value = lua.enter(after);
    (None, steps, Some(value))
}

/// The table the script leaves in global `name`, as the reader of a
/// table written out reads one (`dungeon.lua` when its table is built by
/// code): `None` when the run stops or leaves no table there.
pub fn global_table(source: &str, name: &'static str) -> Option<super::calls::Value> {
    let prepared = Prepared::new(source, None);
    let chunks = prepared.chunks.as_ref().ok()?;
    stack::deep(|| {
        let shared: Shared = Rc::new(RefCell::new(Run::new(0, Limits::default())));
        let (_, _, value) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            execute_then(chunks, &shared, Limits::default(), |ctx| {
                value::plain(ctx.get_global(name), 0)
            })
        }))
        .ok()?;
        value.flatten()
    })
}

/// A library text as the VM is given it (operators as calls).
fn prepared(text: &str) -> String {
    let reading = super::syntax::read(text);
    rewrite::rewrite(&reading.tree, text)
}

fn install<'gc>(ctx: Context<'gc>, shared: &Shared) -> Result<(), Error<'gc>> {
    game::install(ctx, shared)?;
    select::install(ctx, shared)?;
    operators::install(ctx, shared)?;
    tables::install(ctx, shared)?;
    des::install(ctx, shared)?;
    Ok(())
}

fn run_chunk(
    lua: &mut Lua,
    shared: &Shared,
    chunk: &Chunk,
    limits: Limits,
    steps: &mut u64,
) -> Result<(), Stop> {
    const SLICE: i32 = 8192;
    let executor = lua
        .enter(|ctx| {
            let closure = chunk.load(ctx)?;
            Ok(ctx.stash(Executor::start(ctx, closure.into(), ())))
        })
        .map_err(|message| stop_here(shared, StopKind::Error, message))?;
    loop {
        let mut fuel = Fuel::with(SLICE);
        let done = lua.enter(|ctx| ctx.fetch(&executor).step(ctx, &mut fuel));
        *steps += u64::try_from(i64::from(SLICE) - i64::from(fuel.remaining())).unwrap_or(0);
        if shared.borrow().over_memory {
            return Err(stop_here(
                shared,
                StopKind::Memory,
                budget::over_memory_message(limits.memory),
            ));
        }
        if done {
            break;
        }
        if *steps > limits.steps {
            return Err(stop_here(
                shared,
                StopKind::Steps,
                format!(
                    "the script ran past {} million steps without ending; the game would hang here",
                    limits.steps / 1_000_000
                ),
            ));
        }
        if lua.total_memory().saturating_add(shared.borrow().kept) > limits.memory {
            return Err(stop_here(
                shared,
                StopKind::Memory,
                budget::over_memory_message(limits.memory),
            ));
        }
    }
    lua.try_enter(|ctx| ctx.fetch(&executor).take_result::<()>(ctx)?)
        .map_err(|e| error_stop(shared, &e))
}

/// A stop of `kind` at the script line the run is on.
fn stop_here(shared: &Shared, kind: StopKind, message: String) -> Stop {
    Stop {
        kind,
        message,
        line: shared.borrow().line,
    }
}

fn error_stop(shared: &Shared, e: &StaticError) -> Stop {
    let message = match e {
        StaticError::Lua(v) => v.to_string(),
        StaticError::Runtime(r) => r.to_string(),
    };
    stop_here(shared, StopKind::Error, message)
}

#[cfg(test)]
mod hostile_tests;
#[cfg(test)]
mod tests;
