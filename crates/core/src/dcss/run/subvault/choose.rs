//! Which map a SUBVAULT places: one of the spec's tag lists by weight,
//! then a map carrying those tags (the drawn file's own first, then the
//! game's), allowed at the run's place and not placed already, as
//! crawl's `random_map_for_tag` chooses; a map's Lua-given tags are
//! learnt by running it as crawl makes its index.

use std::collections::HashSet;
use std::sync::Arc;

use super::prepared;
use crate::dcss::run::index::{allows, pick_by_tag, IndexedMap};
use crate::dcss::run::{Library, Limits, MapRun};
use crate::rng::Rng;

/// One of the spec's tag lists (`tag1 tag2 w:20 / tag3`), by weight, as
/// crawl's `string_spec::get_property` picks.
pub(super) fn chosen_tag(value: &str, rng: &mut Rng) -> Result<String, String> {
    let mut chosen = String::new();
    let mut total: i64 = 0;
    for choice in value.split('/') {
        let (tags, weight) = weighted(choice.trim())
            .ok_or_else(|| format!("Invalid weight specifier in \"{value}\""))?;
        total = total.saturating_add(weight);
        let top = i32::try_from(total - 1).unwrap_or(i32::MAX);
        if weight >= total || i64::from(rng.range(0, top)) < weight {
            chosen = tags;
        }
    }
    Ok(chosen.to_lowercase())
}

/// A choice's tags and its weight (`weight:N`, `w:N` or a `:N` suffix;
/// 10 without); none for a weight that is not a number above 0.
fn weighted(choice: &str) -> Option<(String, i64)> {
    let mut weight = None;
    let mut words = Vec::new();
    for word in choice.split_whitespace() {
        match word
            .strip_prefix("weight:")
            .or_else(|| word.strip_prefix("w:"))
        {
            Some(n) => weight = Some(n.parse::<i64>().ok().filter(|w| *w > 0)?),
            None => words.push(word),
        }
    }
    let mut tags = words.join(" ");
    if weight.is_none() {
        if let Some((t, n)) = tags.split_once(':') {
            weight = Some(n.trim().parse::<i64>().ok().filter(|w| *w > 0)?);
            tags = t.trim().to_string();
        }
    }
    Some((tags, weight.unwrap_or(10)))
}

/// A map carrying `tag`, allowed at the run's place and not merged into
/// this map already (`merge` says which may be again): this file's own maps and
/// the game's others, by weight. Gives its file's text and its place
/// among that file's maps.
pub(super) fn chosen_map(run: &mut MapRun, tag: &str) -> Option<(Arc<str>, usize)> {
    let wanted: Vec<&str> = tag.split_whitespace().collect();
    let own = run.own.clone();
    let library = run.library.clone();
    let own_index = own.as_ref().map(|o| o.index());
    let own_names: HashSet<&str> = own_index
        .iter()
        .flat_map(|index| index.maps.iter().map(|m| m.name.as_str()))
        .collect();
    let game_index = library.as_ref().map(|l| l.index());
    let mut candidates: Vec<((bool, usize), &IndexedMap)> = Vec::new();
    let sources = [
        (own_index, own.as_ref().map(|o| o.text.as_str())),
        (game_index, None),
    ];
    for (index, own_text) in sources {
        let Some(index) = index else { continue };
        let text_of = |path: &str| match own_text {
            Some(text) => Some(text),
            None => library.as_ref().and_then(|l| l.vault_file(path)),
        };
        for i in index.maybe_tagged(&wanted, text_of) {
            let Some(map) = index.maps.get(i) else {
                continue;
            };
            if own_text.is_none() && own_names.contains(map.name.as_str()) {
                continue;
            }
            let used = run.merged_names.contains(&map.name);
            let allowed = map.depths.as_deref().is_none_or(|d| allows(d, &run.place));
            if used || !allowed || map.weight <= 0 {
                continue;
            }
            let Some(text) = text_of(&map.file) else {
                continue;
            };
            let learn = || lua_tags(text, map.vault, &library, run.limits);
            if index.carries(i, &wanted, learn) {
                candidates.push(((own_text.is_some(), i), map));
            }
        }
    }
    let place = run.place.clone();
    let (own_file, i) = pick_by_tag(candidates, true, &place, &mut run.rng)?;
    let (index, text) = match own_file {
        true => (own_index?, own.as_ref()?.text.as_str()),
        false => {
            let index = game_index?;
            (
                index,
                library.as_ref()?.vault_file(&index.maps.get(i)?.file)?,
            )
        }
    };
    Some((text.into(), index.maps.get(i)?.vault))
}

/// The tags map `vault` of `text` has once its Lua ran as crawl runs it
/// to make its index (`is_validating()` true, no SUBVAULT applied); none
/// when it stops (crawl then loads no such map).
fn lua_tags(
    text: &str,
    vault: usize,
    library: &Option<Arc<Library>>,
    limits: Limits,
) -> Vec<String> {
    let Some(prepared) = prepared::prepared(text, vault, library) else {
        return Vec::new();
    };
    let mut map = prepared.map.clone();
    map.validating = true;
    let outcome = crate::dcss::run::resolve::nested(|| map.run(0, limits));
    let Some(outcome) = outcome.filter(|o| o.stop.is_none()) else {
        return Vec::new();
    };
    prepared::tags(&prepared.directives(&outcome))
}
