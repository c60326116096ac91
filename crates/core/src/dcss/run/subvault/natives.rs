//! What a map's Lua asks of the subvault it is built as (crawl's
//! `dgn.is_subvault`, `subvault_size`, `subvault_cell_valid`,
//! `default_subvault_glyphs`), and whether it runs to make the index
//! (`dgn.is_validating`).

use piccolo::{CallbackReturn, Context, Error, Stack};

use crate::dcss::run::checkint::int;
use crate::dcss::run::{MapRun, Shared};
use crate::lua::sandbox::Native;

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// `dgn.is_validating(map)`: whether the map runs as crawl runs it to
/// make its index.
pub fn is_validating<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let validating = shared.borrow().validating;
    stack.replace(ctx, validating);
    Ok(CallbackReturn::Return)
}

/// `dgn.is_subvault(map)`: whether the map is being built as a subvault.
pub fn is_subvault<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let is = shared.borrow().svmask.is_some();
    stack.replace(ctx, is);
    Ok(CallbackReturn::Return)
}

/// `dgn.subvault_size(map)`: the mask's width and height (0, 0 for a map
/// placed on its own).
pub fn subvault_size<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let (w, h) = shared
        .borrow()
        .svmask
        .as_ref()
        .map_or((0, 0), |m| (m.width, m.height));
    stack.replace(ctx, (w as i64, h as i64));
    Ok(CallbackReturn::Return)
}

/// `dgn.subvault_cell_valid(map, x, y)`: whether the mask holds the cell.
pub fn subvault_cell_valid<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let at = |i: usize| int(stack.get(i)).and_then(|v| usize::try_from(v).ok());
    let (x, y) = (at(1), at(2));
    let valid = {
        let run = shared.borrow();
        run.svmask
            .as_ref()
            .zip(x.zip(y))
            .is_some_and(|(m, (x, y))| m.at(x, y))
    };
    stack.replace(ctx, valid);
    Ok(CallbackReturn::Return)
}

/// `dgn.default_subvault_glyphs(map)`: the map becomes the mask's shape,
/// floor where the mask holds and space elsewhere (crawl's
/// `apply_subvault_mask`); a map placed on its own is left as it is.
pub fn default_subvault_glyphs<'gc>(
    shared: &Shared,
    _: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let mut run = shared.borrow_mut();
    if let Some(mask) = run.svmask.clone() {
        run.lines = (0..mask.height)
            .map(|y| {
                (0..mask.width)
                    .map(|x| if mask.at(x, y) { b'.' } else { b' ' })
                    .collect()
            })
            .collect();
    }
    drop(run);
    stack.clear();
    Ok(CallbackReturn::Return)
}

/// The natives `env` binds into `dgn`.
pub const FUNCTIONS: [(&str, Native<MapRun>); 5] = [
    ("is_validating", is_validating),
    ("is_subvault", is_subvault),
    ("subvault_size", subvault_size),
    ("subvault_cell_valid", subvault_cell_valid),
    ("default_subvault_glyphs", default_subvault_glyphs),
];
