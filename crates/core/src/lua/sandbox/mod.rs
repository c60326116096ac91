//! The sandboxed VM a script runs on, for whichever game gives it its
//! functions: piccolo (a pure-Rust Lua VM that builds for wasm32), Lua's
//! library where piccolo 0.3.3 lacks it or panics (`library.rs`,
//! `operators.rs`, `tables.rs`, the script rewritten to reach them:
//! `rewrite.rs`), a step budget and a memory cap (`budget.rs`), each
//! ending the run with a stop at the script's line, never a hang.
//!
//! A game is a `Host`: the state its functions share during one run,
//! which carries the run's `Meter`, and its own values that take
//! operators (NetHack's selections). No `io`, `os`, `require`, `load` or
//! `debug`: piccolo's core library has none of them.
//!
//! The VM is kept and guarded in this layer rather than replaced: no other
//! pure-Rust Lua 5.4 builds for wasm32. A script is compiled once (`chunk`)
//! and each seed's VM is given the compiled chunk. The step budget and the
//! memory cap (`budget`) charge fuel for the cells and bytes a game's
//! functions touch and hold the cap inside a step; natively a run gets a
//! stack of its own (`stack`), in the browser the reading declines what the
//! page's stack cannot hold. A stop (an error, the step budget, the memory
//! cap) is a finding with its line, never a hang.

pub mod budget;
mod chunk;
mod library;
mod lists;
mod operators;
mod patterns;
pub mod rewrite;
mod stack;
mod string_fields;
mod strings;
mod tables;
pub mod value;

pub use self::chunk::Chunk;
pub use self::stack::deep;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use piccolo::{
    Callback, CallbackReturn, Context, Error, Executor, Fuel, Lua, Stack, StaticError, Value,
};

/// Why and where a run stopped early.
#[derive(Clone, Debug, PartialEq)]
pub struct Stop {
    pub kind: StopKind,
    pub message: String,
    /// The script's line (0 when the VM could not tell).
    pub line: u32,
    /// Whether `line` is where the run stopped: an error raised by
    /// `error` or a game function is, a run cut short by a limit is near
    /// enough; an error the VM raises itself between two calls (a nil
    /// indexed) only knows the line of the last call.
    pub exact: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopKind {
    /// The script, or a game function it called, raised an error: the
    /// game stops here.
    Error,
    /// The step budget ran out (a loop that does not end).
    Steps,
    /// The memory cap was reached.
    Memory,
}

/// How long and how large a run may grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// What a run has spent and where it is, shared by the VM loop and the
/// game's functions.
#[derive(Debug)]
pub struct Meter {
    /// The script line of the call being run.
    pub line: u32,
    /// Whether the call being run was made by the script's own code, not
    /// by a library's (whose lines are not the script's: `line` is then
    /// the script's last).
    pub from_script: bool,
    /// Bytes game functions keep outside the VM (`budget::keep`).
    pub kept: usize,
    /// The run's memory cap, and whether something was refused by it.
    pub memory_cap: usize,
    pub over_memory: bool,
    /// Fuel the call being run owes for its work (`budget::charge`).
    pub owed: usize,
}

impl Meter {
    pub fn new(limits: Limits) -> Meter {
        Meter {
            line: 0,
            from_script: true,
            kept: 0,
            memory_cap: limits.memory,
            over_memory: false,
            owed: 0,
        }
    }
}

/// A game's state during one run, as the engine needs it.
pub trait Host: 'static {
    fn meter(&mut self) -> &mut Meter;

    /// `a op b` when an operand is a value of the game's own; `None`
    /// leaves it to Lua's arithmetic (and its error).
    fn binary<'gc>(
        _ctx: Context<'gc>,
        _op: &str,
        _a: Value<'gc>,
        _b: Value<'gc>,
    ) -> Option<Result<Value<'gc>, Error<'gc>>> {
        None
    }

    /// `-a` and `~a` on a value of the game's own, as `binary`.
    fn unary<'gc>(_ctx: Context<'gc>, _a: Value<'gc>) -> Option<Result<Value<'gc>, Error<'gc>>> {
        None
    }
}

/// The state a run's functions share.
pub type Shared<H> = Rc<RefCell<H>>;

/// A game or library function: reads its arguments from the stack,
/// leaves its results there.
pub type Native<H> = for<'gc, 'a> fn(
    &Shared<H>,
    Context<'gc>,
    &mut Stack<'gc, 'a>,
) -> Result<CallbackReturn<'gc>, Error<'gc>>;

/// The chunk name the script runs under (what tells its lines from the
/// libraries').
pub const SCRIPT: &str = "level";

/// Whether a chunk is the script's (`level`) or a part of it
/// (`level@first`, `Chunk::script_part`), and by how many lines its line
/// numbers are moved.
fn script_lines_from(name: &[u8]) -> Option<usize> {
    let rest = name.strip_prefix(SCRIPT.as_bytes())?;
    match rest.strip_prefix(b"@") {
        None if rest.is_empty() => Some(0),
        None => None,
        Some(digits) => std::str::from_utf8(digits).ok()?.parse().ok(),
    }
}

/// A function as a Lua value; it notes the script line calling it and
/// burns the fuel its work cost (`budget::charge`).
pub fn native<'gc, H: Host>(ctx: Context<'gc>, shared: &Shared<H>, f: Native<H>) -> Callback<'gc> {
    native_costing(ctx, shared, f, 0)
}

/// A function whose every call also costs `cost` units of fuel (the
/// cells a function over a whole level touches).
pub fn native_costing<'gc, H: Host>(
    ctx: Context<'gc>,
    shared: &Shared<H>,
    f: Native<H>,
    cost: usize,
) -> Callback<'gc> {
    let shared = shared.clone();
    Callback::from_fn(&ctx, move |ctx, mut exec, mut stack| {
        if let Some(frame) = exec.upper_lua_frame() {
            let first = script_lines_from(frame.chunk_name.as_bytes());
            let mut host = shared.borrow_mut();
            let meter = host.meter();
            meter.from_script = first.is_some();
            if let Some(first) = first {
                let line = (frame.current_line.0 + 1).saturating_add(first as u64);
                meter.line = u32::try_from(line).unwrap_or(u32::MAX);
            }
        }
        let out = f(&shared, ctx, &mut stack);
        budget::charge(&shared, cost);
        exec.fuel().consume(budget::take_owed(&shared));
        out
    })
}

/// A run the VM itself failed on (a panic of piccolo's not yet met).
pub const VM_FAILED: &str = "the Lua VM (piccolo 0.3.3) failed on this script";

/// Why the studio does not read or run a script nested very deep.
pub const NOT_RUN_DEEP: &str = "not run in the browser: the script nests deeper than the page's stack takes (80 levels, or a chain of 400 operators or suffixes); `vaultwright check` reads and runs it";

/// Whether a stop is the studio declining to run the script (not the
/// game's).
pub fn not_run_here(stop: &Stop) -> bool {
    stop.message == NOT_RUN_DEEP
}

/// A library text as the VM is given it (operators as calls).
pub fn prepared(text: &str) -> String {
    let reading = super::syntax::read(text);
    rewrite::rewrite(&reading.tree, text)
}

/// A script's source as the VM is given it, from its reading.
pub fn rewritten(reading: &super::syntax::Reading, source: &str) -> String {
    rewrite::rewrite(&reading.tree, source)
}

/// Runs the chunks in a new VM holding Lua's library gaps (functions,
/// and `library.lua` run first) and what `install` gives it, then (when
/// they ran to the end) `after` in the VM; how many steps it took. A
/// panic of the VM's is a bug to fix at its cause (those found are: see
/// `operators.rs`, `tables.rs`); natively it is still a stop, not a crash
/// of the tool.
pub fn execute_then<H: Host, T>(
    chunks: &[Arc<Chunk>],
    shared: &Shared<H>,
    limits: Limits,
    install: impl for<'gc> FnOnce(Context<'gc>) -> Result<(), Error<'gc>>,
    after: impl for<'gc> FnOnce(Context<'gc>) -> T,
) -> (Option<Stop>, u64, Option<T>) {
    let run = || {
        let mut lua = match new_vm(shared, install) {
            Ok(lua) => lua,
            Err(stop) => return (Some(stop), 0, None),
        };
        let (stop, steps) = run_chunks(&mut lua, shared, chunks, limits);
        let value = stop.is_none().then(|| lua.enter(after));
        (stop, steps, value)
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|_| {
        let stop = Stop {
            kind: StopKind::Error,
            message: VM_FAILED.into(),
            line: shared.try_borrow_mut().map_or(0, |mut r| r.meter().line),
            exact: false,
        };
        (Some(stop), 0, None)
    })
}

/// One VM kept for many runs, as a game keeps its level compiler's VM:
/// what the first chunks define (a library, a file's helpers) stays for
/// the runs after them. Each run has its own step budget; a run the VM
/// itself failed on ends the session (every later run stops at once).
pub struct Session<H: Host> {
    lua: Lua,
    shared: Shared<H>,
    limits: Limits,
    broken: Option<Stop>,
}

impl<H: Host> Session<H> {
    /// A VM holding Lua's library gaps and what `install` gives it.
    pub fn new(
        shared: &Shared<H>,
        limits: Limits,
        install: impl for<'gc> FnOnce(Context<'gc>) -> Result<(), Error<'gc>>,
    ) -> Session<H> {
        let made =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| new_vm(shared, install)));
        let (lua, broken) = match made {
            Ok(Ok(lua)) => (lua, None),
            Ok(Err(stop)) => (Lua::core(), Some(stop)),
            Err(_) => (Lua::core(), Some(vm_failed(shared))),
        };
        let mut session = Session {
            lua,
            shared: shared.clone(),
            limits,
            broken,
        };
        if session.broken.is_none() {
            let (stop, _) = session.run(&[library::chunk()]);
            session.broken = stop;
        }
        session
    }

    /// Whether the VM failed (every later run stops at once).
    pub fn is_broken(&self) -> bool {
        self.broken.is_some()
    }

    /// Runs the chunks in order until one stops; the stop and the steps
    /// they took.
    pub fn run(&mut self, chunks: &[Arc<Chunk>]) -> (Option<Stop>, u64) {
        if let Some(stop) = &self.broken {
            return (Some(stop.clone()), 0);
        }
        let (lua, shared, limits) = (&mut self.lua, &self.shared, self.limits);
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut steps = 0;
            for chunk in chunks {
                if let Err(stop) = run_chunk(lua, shared, chunk, limits, &mut steps) {
                    return (Some(stop), steps);
                }
            }
            (None, steps)
        }));
        ran.unwrap_or_else(|_| {
            let stop = vm_failed(&self.shared);
            self.broken = Some(stop.clone());
            (Some(stop), 0)
        })
    }
}

fn vm_failed<H: Host>(shared: &Shared<H>) -> Stop {
    Stop {
        kind: StopKind::Error,
        message: VM_FAILED.into(),
        line: shared.try_borrow_mut().map_or(0, |mut r| r.meter().line),
        exact: false,
    }
}

/// A VM with Lua's library gaps and what `install` gives it.
fn new_vm<H: Host>(
    shared: &Shared<H>,
    install: impl for<'gc> FnOnce(Context<'gc>) -> Result<(), Error<'gc>>,
) -> Result<Lua, Stop> {
    let mut lua = Lua::core();
    lua.try_enter(|ctx| {
        install(ctx)?;
        library::install(ctx, shared)?;
        operators::install(ctx, shared)?;
        tables::install(ctx, shared)?;
        lists::install(ctx, shared)?;
        strings::install(ctx, shared)?;
        Ok(())
    })
    .map_err(|e| error_stop(shared, &e))?;
    Ok(lua)
}

/// `library.lua`, then each chunk, until one stops; the steps they took.
fn run_chunks<H: Host>(
    lua: &mut Lua,
    shared: &Shared<H>,
    chunks: &[Arc<Chunk>],
    limits: Limits,
) -> (Option<Stop>, u64) {
    let mut steps = 0;
    for chunk in std::iter::once(&library::chunk()).chain(chunks) {
        if let Err(stop) = run_chunk(lua, shared, chunk, limits, &mut steps) {
            return (Some(stop), steps);
        }
    }
    (None, steps)
}

fn run_chunk<H: Host>(
    lua: &mut Lua,
    shared: &Shared<H>,
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
        if shared.borrow_mut().meter().over_memory {
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
        let kept = shared.borrow_mut().meter().kept;
        if lua.total_memory().saturating_add(kept) > limits.memory {
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
fn stop_here<H: Host>(shared: &Shared<H>, kind: StopKind, message: String) -> Stop {
    Stop {
        kind,
        message,
        line: shared.borrow_mut().meter().line,
        // A call's line; a loop cut short is on its way past its calls.
        exact: true,
    }
}

fn error_stop<H: Host>(shared: &Shared<H>, e: &StaticError) -> Stop {
    let (message, exact) = match e {
        StaticError::Lua(v) => (v.to_string(), true),
        StaticError::Runtime(r) => (r.to_string(), false),
    };
    Stop {
        exact,
        ..stop_here(shared, StopKind::Error, explained(message))
    }
}

/// piccolo's error, with what it means where the VM and Lua differ.
fn explained(message: String) -> String {
    if message == STRING_INDEXED {
        // Lua 5.4 gives strings a metatable whose `__index` is the string
        // library; piccolo 0.3.3 gives them none. A method call is mended
        // by the rewrite (`rewrite::METHOD`); a field read only by a
        // second run of a DCSS map (`string_fields.rs`), every `t[k]`
        // a call there. A run that still stops here is told why.
        return format!(
            "{message}: most often a field of a string was read (`s.x` or `s[k]`), which Lua answers from the string library (often nil) and this VM (piccolo 0.3.3) cannot"
        );
    }
    message
}

/// piccolo's error for a field read of a string.
const STRING_INDEXED: &str = "type error, expected table, found string";

/// Whether a run stopped on a field read of a string (a run of the text
/// with its reads as calls, `Chunk::string_fields`, goes further).
pub fn stopped_on_string_field(stop: &Stop) -> bool {
    stop.kind == StopKind::Error && stop.message.starts_with(STRING_INDEXED)
}
