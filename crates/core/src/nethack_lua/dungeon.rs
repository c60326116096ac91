//! NetHack 5.0's `dungeon.lua`: the dungeon description `dungeon.def` was,
//! written as one Lua table (`dungeon = { … }`) that the game reads after
//! running the script. It is read here as written (the table is data:
//! literal names and numbers), into the same model `dungeon.def` is read
//! into, so that it gets the same branch graph, seeded roll and checks.

use vaultwright_model::view::View;
use vaultwright_model::{Diagnostic, Span, Symbol, SymbolView};

use super::calls::{TableField, Value};
use crate::dungeon::compile::{Branch, Dungeon, Level, Model};

pub const NO_CHAIN_LEVEL: &str = "NL0211";
pub const ROLL_GAVE_UP: &str = "NL0212";

/// The outline, views and findings of a dungeon description.
pub struct Read {
    pub outline: Vec<Symbol>,
    pub views: Vec<SymbolView>,
    pub diagnostics: Vec<Diagnostic>,
}

pub fn read(table: &Value, seed: u64, focus: Option<usize>) -> Option<Read> {
    let Value::Table(dungeons, _) = table else {
        return None;
    };
    let mut model = Model::default();
    let mut diagnostics = Vec::new();
    let mut outline = Vec::new();
    for field in dungeons.iter().filter(|f| f.key.is_none()) {
        let Value::Table(fields, span) = &field.value else {
            continue;
        };
        let (name, name_span) = string(fields, "name").unwrap_or_default();
        outline.push(Symbol {
            name: name.clone(),
            kind: "dungeon".into(),
            span: *span,
            name_span,
            detail: String::new(),
        });
        dungeon(&mut model, fields, *span, name, name_span, &mut diagnostics);
    }
    if outline.is_empty() {
        return None;
    }
    let (graph, rolled, gave_up) = crate::dungeon::views(&model, seed);
    for d in gave_up.iter().filter_map(|&i| model.dungeons.get(i)) {
        diagnostics.push(
            Diagnostic::warning(
                ROLL_GAVE_UP,
                format!("the seeded layout could not place {}'s special levels", d.name),
                d.name_span,
            )
            .with_note("their ranges leave few free levels; the rolled layout leaves out the ones it could not place"),
        );
    }
    for (entry, d) in outline.iter_mut().zip(&model.dungeons) {
        entry.detail = format!(
            "{} level(s), {} special, {} branch(es)",
            levels_words(d),
            d.levels.len(),
            d.branches.len()
        );
    }
    let symbol = focus.filter(|&f| f < outline.len()).unwrap_or(0);
    let views = vec![
        SymbolView {
            symbol,
            view: View::BranchGraph(graph),
        },
        SymbolView {
            symbol,
            view: View::BranchGraph(rolled),
        },
    ];
    Some(Read {
        outline,
        views,
        diagnostics,
    })
}

fn levels_words(d: &Dungeon) -> String {
    if d.rand > 0 {
        format!("{}–{}", d.base, i64::from(d.base) + i64::from(d.rand))
    } else {
        d.base.to_string()
    }
}

fn dungeon(
    model: &mut Model,
    fields: &[TableField],
    span: Span,
    name: String,
    name_span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let index = model.dungeons.len();
    let mut d = Dungeon {
        name,
        bones: bones(fields),
        base: number(fields, "base").unwrap_or(0),
        rand: number(fields, "range").unwrap_or(0),
        chance: number(fields, "chance").unwrap_or(0),
        protofile: string(fields, "protofile")
            .map(|(s, _)| s)
            .unwrap_or_default(),
        flags: flags(fields),
        entry: number(fields, "entry").unwrap_or(0),
        span,
        name_span,
        ..Dungeon::default()
    };
    let first_level = model.levels.len();
    for (fields, span) in list(fields, "levels") {
        d.levels.push(model.levels.len());
        let (name, _) = string(fields, "name").unwrap_or_default();
        model.levels.push(Level {
            name,
            bones: bones(fields),
            base: number(fields, "base").unwrap_or(0),
            rand: number(fields, "range").unwrap_or(0),
            chance: number(fields, "chance").unwrap_or(100),
            rndlevs: number(fields, "nlevels").unwrap_or(0),
            chain: -1,
            flags: flags(fields),
            dungeon: index,
            span,
            ..Level::default()
        });
    }
    let chains: Vec<i32> = list(fields, "levels")
        .enumerate()
        .map(|(n, (level, _))| chain_of(&model.levels[..first_level + n], level, out))
        .collect();
    for (n, chain) in chains.into_iter().enumerate() {
        model.levels[first_level + n].chain = chain;
    }
    for (fields, span) in list(fields, "branches") {
        d.branches.push(model.branches.len());
        let chain = chain_of(&model.levels, fields, out);
        let btype = match string(fields, "branchtype").map(|(s, _)| s).as_deref() {
            Some("no_up") => 1,
            Some("no_down") => 2,
            Some("portal") => 3,
            _ => 0,
        };
        let up = i32::from(string(fields, "direction").is_some_and(|(s, _)| s == "up"));
        let (name, _) = string(fields, "name").unwrap_or_default();
        model.branches.push(Branch {
            name,
            base: number(fields, "base").unwrap_or(0),
            rand: number(fields, "range").unwrap_or(0),
            chain,
            btype,
            up,
            dungeon: index,
            span,
            ..Branch::default()
        });
    }
    model.dungeons.push(d);
}

/// The level a `chainlevel` names among the levels read before it, in
/// any dungeon (the game looks no further, and stops when a new game is
/// made); -1 when it names none.
fn chain_of(levels_before: &[Level], fields: &[TableField], out: &mut Vec<Diagnostic>) -> i32 {
    let Some((chain, span)) = string(fields, "chainlevel") else {
        return -1;
    };
    match levels_before.iter().position(|l| l.name == chain) {
        Some(i) => i as i32,
        None => {
            out.push(
                Diagnostic::error(NO_CHAIN_LEVEL, format!("no level `{chain}` before this one to chain to"), span)
                    .with_note("the game looks only at the levels read before, and stops when it makes a new game"),
            );
            -1
        }
    }
}

/// The tables of the list under `key`.
fn list<'a>(
    fields: &'a [TableField],
    key: &str,
) -> impl Iterator<Item = (&'a [TableField], Span)> + 'a {
    let items: &'a [TableField] = match get(fields, key) {
        Some(Value::Table(items, _)) => items,
        _ => &[],
    };
    items.iter().filter_map(|f| match &f.value {
        Value::Table(t, span) => Some((t.as_slice(), *span)),
        _ => None,
    })
}

fn get<'a>(fields: &'a [TableField], key: &str) -> Option<&'a Value> {
    fields
        .iter()
        .find(|f| f.key.as_ref().is_some_and(|(k, _)| k == key))
        .map(|f| &f.value)
}

fn string(fields: &[TableField], key: &str) -> Option<(String, Span)> {
    match get(fields, key)? {
        Value::Str(s, span) => Some((s.clone(), *span)),
        _ => None,
    }
}

fn number(fields: &[TableField], key: &str) -> Option<i32> {
    match get(fields, key)? {
        Value::Number(n, _) => n.parse().ok(),
        _ => None,
    }
}

fn bones(fields: &[TableField]) -> u8 {
    string(fields, "bonetag")
        .and_then(|(s, _)| s.bytes().next())
        .unwrap_or(0)
}

/// `flags` (one word or a list) and `alignment`, as dungeon.def's bits.
fn flags(fields: &[TableField]) -> i32 {
    let bit = |w: &str| match w {
        "town" => 1,
        "hellish" => 2,
        "mazelike" => 4,
        "roguelike" => 8,
        "lawful" => 64,
        "neutral" => 32,
        "chaotic" => 16,
        _ => 0,
    };
    let mut v = string(fields, "alignment").map_or(0, |(s, _)| bit(&s));
    match get(fields, "flags") {
        Some(Value::Str(s, _)) => v |= bit(s),
        Some(Value::Table(items, _)) => {
            for f in items {
                if let Value::Str(s, _) = &f.value {
                    v |= bit(s);
                }
            }
        }
        _ => {}
    }
    v
}
