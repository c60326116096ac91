//! What a run may spend, counted where it is spent: the memory cap
//! checked before anything large is made (a string, a list of results,
//! what a game function keeps), not only between slices of steps; and
//! fuel charged in proportion to the work a game or library function
//! does, not a flat price per call.

use piccolo::{Context, Error, IntoValue};

use super::{Host, Shared};

/// The message of a run stopped at its memory cap.
pub fn over_memory_message(cap: usize) -> String {
    format!(
        "the script holds more than {} MB; the game would run out of memory",
        cap >> 20
    )
}

/// Refuses to make `bytes` more when that would take the run past its
/// memory cap (the VM's heap and what game functions keep): the run is
/// marked stopped and the script gets an error here, before anything is
/// allocated.
pub fn make_room<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    bytes: usize,
) -> Result<(), Error<'gc>> {
    let mut host = shared.borrow_mut();
    let run = host.meter();
    let used = ctx.metrics().total_allocation().saturating_add(run.kept);
    if used.saturating_add(bytes) <= run.memory_cap {
        return Ok(());
    }
    run.over_memory = true;
    Err(over_memory_message(run.memory_cap).into_value(ctx).into())
}

/// Counts `bytes` a game function keeps outside the VM (a message, a
/// map); refused as `make_room` refuses.
pub fn keep<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    bytes: usize,
) -> Result<(), Error<'gc>> {
    make_room(shared, ctx, bytes)?;
    let mut host = shared.borrow_mut();
    let run = host.meter();
    run.kept = run.kept.saturating_add(bytes);
    Ok(())
}

/// Charges `work` units of fuel (a cell touched, 64 bytes made) to the
/// call being run; the native wrapper burns them when it returns.
pub fn charge<H: Host>(shared: &Shared<H>, work: usize) {
    let mut host = shared.borrow_mut();
    let run = host.meter();
    run.owed = run.owed.saturating_add(work);
}

/// The fuel owed since the last call, as the VM counts it.
pub fn take_owed<H: Host>(shared: &Shared<H>) -> i32 {
    let mut host = shared.borrow_mut();
    let run = host.meter();
    let owed = std::mem::take(&mut run.owed);
    i32::try_from(owed).unwrap_or(i32::MAX)
}
