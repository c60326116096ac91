//! The grid transforms (`subst`, `nsubst`, `shuffle`, `clear`) as crawl's
//! `map_lines::add_subst` and its kin apply them: at once, on the map as
//! it stands when the call (or the header, which levcomp turns into the
//! same call) runs. crawl runs the MAP lines first and the main chunk
//! after, so a `mapgrd` write after a `subst` is kept, one before it is
//! rewritten, and Lua reading the map sees what the transforms chose.

use std::collections::BTreeMap;

use super::MapRun;
use crate::dcss::ast::{Directive, Item, Kw};
use crate::dcss::plan::Plan;
use crate::dcss::{reader, Vault};
use vaultwright_model::source::Span;

/// Whether `kw` rewrites the map when it runs.
pub fn is_transform(kw: Kw) -> bool {
    matches!(kw, Kw::Subst | Kw::Nsubst | Kw::Shuffle | Kw::Clear)
}

/// The vault's transform headers read once, by item index.
pub fn header_transforms(vault: &Vault) -> BTreeMap<usize, Plan> {
    vault
        .items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| match item {
            // Under a Lua condition or not, it is applied when it runs.
            Item::Directive(d) if is_transform(d.kw) => Some((i, Plan::of_directive(&runs(d)))),
            _ => None,
        })
        .collect()
}

/// Header item `i`, when it is a transform, applied to the map now.
pub fn apply_header(run: &mut MapRun, i: usize) {
    let MapRun {
        transforms,
        lines,
        rng,
        ..
    } = run;
    if let Some(plan) = transforms.get(&i) {
        plan.apply_to_rows(lines, rng);
    }
}

/// A transform Lua called with `text`, applied to the map now; a spec
/// crawl cannot read stops the run with crawl's message, as its
/// `luaL_error` does.
pub fn apply_call(run: &mut MapRun, kw: Kw, text: &str) -> Result<(), String> {
    let directive = reader::directive_of_call(kw, text, 0, Span::new(0, 0));
    let plan = Plan::of_directive(&runs(&directive));
    if let Some((_, problem)) = plan.problems.first() {
        return Err(problem.clone());
    }
    plan.apply_to_rows(&mut run.lines, &mut run.rng);
    Ok(())
}

/// `d` as a step that runs (`Plan` skips what sits under a condition).
fn runs<'a>(d: &Directive<'a>) -> Directive<'a> {
    Directive {
        conditional: false,
        ..d.clone()
    }
}
