//! Triggerables, checked and never run: the marker constructors and
//! triggerers a vault's Lua (or a `MARKER: x = lua:…` line) builds, read
//! from Lua's tokens. A mistake in them otherwise shows only when a player
//! happens to trigger the marker.

use super::{File, Item, Vault};
use crate::lua::scan::{dotted_name, Kind, Token};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::GameNames;
use vaultwright_model::source::Span;

/// A constructor or triggerer lacks what it needs, or names an event the
/// game does not have.
pub const TRIGGERABLE: &str = "DC0310";
/// A primary/replica property of the other generation, or a replica with
/// no primary in its vault.
pub const REPLICA: &str = "DC0311";

/// The triggerer events the game has (`lm_trig.lua`).
const EVENTS: &[&str] = &[
    "monster_dies",
    "feat_change",
    "item_moved",
    "item_pickup",
    "player_move",
    "player_los",
    "turn",
    "entered_level",
    "door_opened",
    "door_closed",
    "hp_warning",
    "pressure_plate",
];

/// Trunk's primary/replica properties and the older names of each.
const GENERATIONS: &[(&str, &str)] = &[
    ("primary_name", "master_name"),
    ("replica_to", "slaved_to"),
    ("single_random_replica", "single_random_slave"),
    ("listen_to_replicas", "listen_to_slaves"),
    ("only_at_replica", "only_at_slave"),
];

/// One table constructor call: its name and the keys written in its
/// table (and in its `props = { … }`), with string and number values where
/// they are literals.
pub(crate) struct Call {
    pub name: String,
    pub span: Span,
    pub keys: Vec<(String, Option<String>, Span)>,
}

impl Call {
    pub fn has(&self, key: &str) -> bool {
        self.keys.iter().any(|(k, _, _)| k == key)
    }
    pub fn value(&self, key: &str) -> Option<&str> {
        self.keys
            .iter()
            .find(|(k, _, _)| k == key)
            .and_then(|(_, v, _)| v.as_deref())
    }
}

/// The constructor and triggerer calls of one vault: in its Lua and in
/// its `MARKER: x = lua:…` lines.
pub(crate) fn calls_of(v: &Vault) -> Vec<Call> {
    let mut calls = Vec::new();
    for item in &v.items {
        match item {
            Item::Lua(l) => calls.extend(table_calls_in(&l.text, l.tokens(), l.text_at)),
            Item::Directive(d) if d.keyword == "MARKER" => {
                for (arg, span) in &d.args {
                    if let Some(at) = arg.find("lua:") {
                        let code = &arg[at + 4..];
                        // The argument is the source from its span's start.
                        let code_at = span.start as usize + at + 4;
                        let exact = span.len() == arg.len();
                        let found = table_calls(code, code_at, None);
                        calls.extend(found.into_iter().map(|mut c| {
                            if !exact {
                                c.span = *span;
                                for k in &mut c.keys {
                                    k.2 = *span;
                                }
                            }
                            c
                        }));
                    }
                }
            }
            _ => {}
        }
    }
    calls
}

/// The findings about the triggerables of one vault.
pub fn check(v: &Vault, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    let calls = calls_of(v);
    for c in &calls {
        required(c, diags);
        generations(c, game.old_replica_names, diags);
    }
    replicas_without_primary(&calls, diags);
}

/// The findings that need the whole file: a `func` that names no function
/// the file's Lua defines, and a `monster_dies` target that nothing in the
/// file can be. Only vaults that mention either are read again.
pub fn check_file(f: &File, src: &str, diags: &mut Vec<Diagnostic>) {
    let mentions = |v: &Vault| {
        src.get(v.span.start as usize..v.span.end as usize)
            .is_some_and(|t| t.contains("func") || t.contains("monster_dies"))
    };
    let mut defined: Option<Vec<String>> = None;
    // The file in lower case, for the targets' names: made once, if needed.
    let mut lower: Option<String> = None;
    for v in f.vaults.iter().filter(|v| mentions(v)) {
        let calls = calls_of(v);
        for c in &calls {
            if let Some(func) = c.value("func") {
                let defined = defined.get_or_insert_with(|| defined_functions(f));
                if !defined.iter().any(|d| d == func) {
                    diags.push(
                        Diagnostic::warning(
                            TRIGGERABLE,
                            format!("no function `{func}` is defined in this file's Lua: the trigger fails when it fires"),
                            c.span,
                        )
                        .with_note("the game calls the global function of that name; one defined in its own Lua library (dat/dlua) is not seen here"),
                    );
                }
            }
            if c.name == "DgnTriggerer:new" && c.value("type") == Some("monster_dies") {
                let lower = lower.get_or_insert_with(|| src.to_ascii_lowercase());
                if let Some(target) = c.value("target").filter(|t| !can_die(t, &calls, lower)) {
                    diags.push(
                        Diagnostic::warning(
                            TRIGGERABLE,
                            format!("no monster of this file is \"{target}\": the monster_dies triggerer never fires"),
                            c.span,
                        )
                        .with_note("the target is a monster's full name (a `name:` tag with `_` for spaces), \"any\", or a property set with MonPropsMarker"),
                    );
                }
            }
        }
    }
}

/// Names of the functions the file's Lua defines: `function a.b(`,
/// `a.b = function`, `local function a(`.
fn defined_functions(f: &File) -> Vec<String> {
    let mut out = Vec::new();
    for l in f.lua().filter(|l| l.text.contains("function")) {
        let code = &*l.text;
        let toks = l.tokens();
        let dotted = |from: usize| dotted_name(code, toks, from);
        for i in 0..toks.len() {
            if toks[i].kind != Kind::Word {
                continue;
            }
            if toks[i].text(code) == "function"
                && toks.get(i + 1).is_some_and(|t| t.kind == Kind::Word)
            {
                out.push(dotted(i + 1).0.to_string());
            } else if i == 0 || !matches!(toks[i - 1].text(code), "." | ":") {
                let (name, end) = dotted(i);
                if toks.get(end + 1).is_some_and(|t| t.text(code) == "=")
                    && toks
                        .get(end + 2)
                        .is_some_and(|t| t.text(code) == "function")
                {
                    out.push(name.to_string());
                }
            }
        }
    }
    out
}

/// Whether a `monster_dies` target names something that can die here:
/// "any", a property some MonPropsMarker of the vault (its `calls`) sets,
/// or a name the file (`lower`, in lower case) writes elsewhere (a `name:`
/// tag, with `_` for spaces, or a monster spec).
fn can_die(target: &str, calls: &[Call], lower: &str) -> bool {
    if target == "any" {
        return true;
    }
    let tag = format!("name:{}", target.replace(' ', "_")).to_ascii_lowercase();
    let plain = target.to_ascii_lowercase();
    let props = calls
        .iter()
        .filter(|c| c.name.starts_with("MonPropsMarker"))
        .any(|c| c.has(target));
    props || lower.contains(&tag) || lower.matches(&plain).count() > 1
}

/// `name { … }`, `name({ … })` and `name:new{ … }` calls in Lua code, with
/// the top-level keys of their table. `at`: the source offset of `code`.
pub(crate) fn table_calls(code: &str, at: usize, quote: Option<u8>) -> Vec<Call> {
    table_calls_in(code, &crate::lua::scan::significant(code, quote), at)
}

/// [`table_calls`] of code already lexed (tokens without comments).
pub(crate) fn table_calls_in(code: &str, toks: &[Token], at: usize) -> Vec<Call> {
    let text = |t: &Token| t.text(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i].kind != Kind::Word {
            i += 1;
            continue;
        }
        // `Name`, `Name:new`, then `{` or `({`.
        let name_tok = toks[i];
        let mut j = i + 1;
        let method = toks.get(j).is_some_and(|t| text(t) == ":")
            && toks.get(j + 1).is_some_and(|t| text(t) == "new");
        if method {
            j += 2;
        }
        if toks.get(j).is_some_and(|t| text(t) == "(") {
            j += 1;
        }
        if toks.get(j).is_none_or(|t| text(t) != "{") {
            i += 1;
            continue;
        }
        let (keys, end) = table_keys(code, toks, j, at);
        let mut name = text(&name_tok).to_string();
        if method {
            name.push_str(":new");
        }
        out.push(Call {
            name,
            span: Span::new(at + name_tok.start, at + toks[end.min(toks.len() - 1)].end),
            keys,
        });
        i = j + 1;
    }
    out
}

/// The keys at the top level of the table opening at `toks[open]`, and the
/// index of its closing brace.
fn table_keys(
    code: &str,
    toks: &[Token],
    open: usize,
    at: usize,
) -> (Vec<(String, Option<String>, Span)>, usize) {
    let mut keys = Vec::new();
    let mut depth = 0;
    // The depth of an open `props = {` table, whose keys count too.
    let mut props_at: Option<i32> = None;
    let mut k = open;
    while k < toks.len() {
        let t = toks[k].text(code);
        match t {
            "{" | "(" | "[" => depth += 1,
            "}" | ")" | "]" => {
                if props_at == Some(depth) {
                    props_at = None;
                }
                depth -= 1;
                if depth == 0 {
                    return (keys, k);
                }
            }
            _ if (depth == 1 || props_at == Some(depth))
                && toks[k].kind == Kind::Word
                && toks.get(k + 1).is_some_and(|n| n.text(code) == "=")
                && toks.get(k + 2).is_none_or(|n| n.text(code) != "=") =>
            {
                let next = toks.get(k + 2);
                let value = next.and_then(|v| match v.kind {
                    Kind::String | Kind::LongString => Some(v.content(code).to_string()),
                    Kind::Number => Some(v.text(code).to_string()),
                    _ => None,
                });
                if depth == 1 && t == "props" && next.is_some_and(|n| n.text(code) == "{") {
                    props_at = Some(depth + 1);
                }
                let span = Span::new(at + toks[k].start, at + toks[k].end);
                keys.push((t.to_string(), value, span));
            }
            _ => {}
        }
        k += 1;
    }
    (keys, toks.len().saturating_sub(1))
}

fn missing(c: &Call, what: &str, consequence: &str) -> Diagnostic {
    Diagnostic::warning(TRIGGERABLE, format!("{} without {what}", c.name), c.span)
        .with_note(consequence.to_string())
}

/// What each constructor and triggerer needs (`tables/marker_types.txt`).
fn required(c: &Call, diags: &mut Vec<Diagnostic>) {
    match c.name.as_str() {
        "fog_machine" | "chained_fog_machine" => {
            if !c.has("pow_max") {
                diags.push(missing(
                    c,
                    "pow_max",
                    "the fog machine fails when the level is built",
                ));
            }
            if !(c.has("delay") || c.has("delay_min") && c.has("delay_max")) {
                diags.push(missing(
                    c,
                    "delay (or delay_min and delay_max)",
                    "the fog machine fails when the level is built",
                ));
            }
            if !(c.has("size") || c.has("size_min") && c.has("size_max")) {
                diags.push(missing(
                    c,
                    "size (or size_min and size_max)",
                    "the fog machine fails when the level is built",
                ));
            }
        }
        "TriggerableFunction:new" if !c.has("func") => {
            diags.push(missing(
                c,
                "func",
                "the triggerable has no function to call",
            ));
        }
        "TriggerableMessage:new" if !c.has("msg") => {
            diags.push(missing(c, "msg", "the triggerable has no message to print"));
        }
        "monster_on_death" if !c.has("new_monster") => {
            diags.push(missing(
                c,
                "new_monster",
                "nothing is created when the monster dies",
            ));
        }
        "DgnTriggerer:new" => triggerer(c, diags),
        _ => {}
    }
}

fn triggerer(c: &Call, diags: &mut Vec<Diagnostic>) {
    let Some(event) = c.value("type") else {
        if !c.has("type") {
            diags.push(missing(
                c,
                "type",
                "a triggerer without an event never fires",
            ));
        }
        return;
    };
    if !EVENTS.contains(&event) {
        diags.push(
            Diagnostic::warning(
                TRIGGERABLE,
                format!("no event \"{event}\": the triggerer never fires"),
                c.span,
            )
            .with_note(format!("the events are {}", EVENTS.join(", "))),
        );
        return;
    }
    let needs_target = match event {
        "monster_dies" => Some("a monster name, \"any\" or a MonPropsMarker property"),
        "item_moved" | "item_pickup" => Some("an item name or \"auto\""),
        _ => None,
    };
    if let Some(what) = needs_target {
        if !c.has("target") {
            diags.push(missing(
                c,
                &format!("target ({what})"),
                &format!("a {event} triggerer needs to know what to watch"),
            ));
        }
    }
}

/// A primary/replica property of the other generation than the game's
/// (`slaved_to` under trunk, `replica_to` under an older game), and
/// `slave_to`, which no version reads.
fn generations(c: &Call, old_game: bool, diags: &mut Vec<Diagnostic>) {
    for (key, _, span) in &c.keys {
        let other = GENERATIONS.iter().find_map(|&(trunk, old)| match old_game {
            false if key == old => Some((trunk, "the older name")),
            true if key == trunk => Some((old, "trunk's newer name")),
            _ => None,
        });
        if let Some((read, what)) = other {
            diags.push(
                Diagnostic::warning(REPLICA, format!("this game reads `{read}`; `{key}` is {what}"), *span)
                    .with_note("trunk renamed the primary/replica properties; releases before it and forks read the old names (check --dcss-game old)"),
            );
        } else if key == "slave_to" {
            diags.push(
                Diagnostic::warning(REPLICA, "no game reads `slave_to`", *span)
                    .with_note("trunk reads `replica_to`, older games `slaved_to`; `slave_to` is only in the old document's prose"),
            );
        }
    }
}

/// Every `replica_to = "N"` names a `primary_name = "N"` of the same vault.
fn replicas_without_primary(calls: &[Call], diags: &mut Vec<Diagnostic>) {
    let primaries: Vec<&str> = calls
        .iter()
        .flat_map(|c| {
            ["primary_name", "master_name"]
                .into_iter()
                .filter_map(|k| c.value(k))
        })
        .collect();
    for c in calls {
        for key in ["replica_to", "slaved_to"] {
            if let Some(name) = c.value(key).filter(|n| !primaries.contains(n)) {
                diags.push(
                    Diagnostic::warning(REPLICA, format!("replica of \"{name}\", which no marker of this vault is the primary of"), c.span)
                        .with_note("a replica whose primary does not exist is never triggered"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(src: &str) -> Vec<String> {
        findings_for(src, &GameNames::default())
    }

    fn findings_for(src: &str, game: &GameNames) -> Vec<String> {
        let f = crate::dcss::parse(src);
        let mut diags = Vec::new();
        for v in &f.vaults {
            check(v, game, &mut diags);
        }
        check_file(&f, src, &mut diags);
        diags.iter().map(|d| d.message.clone()).collect()
    }

    #[test]
    fn constructors_without_what_they_need() {
        let src = "NAME: t\n{{\nlua_marker('F', fog_machine { cloud_type = \"flame\", delay = 10 })\n\
                   local tf = TriggerableFunction:new { repeated = true }\n\
                   tf:add_triggerer(DgnTriggerer:new { type = \"monster_dies\" })\n\
                   tf:add_triggerer(DgnTriggerer:new { type = \"player_moves\" })\n}}\nMAP\nF\nENDMAP\n";
        assert_eq!(
            findings(src),
            [
                "fog_machine without pow_max",
                "fog_machine without size (or size_min and size_max)",
                "TriggerableFunction:new without func",
                "DgnTriggerer:new without target (a monster name, \"any\" or a MonPropsMarker property)",
                "no event \"player_moves\": the triggerer never fires",
            ]
        );
    }

    #[test]
    fn replicas_and_the_old_names() {
        let src = "NAME: t\n{{\nlua_marker('a', props_marker { primary_name = \"door\" })\n\
                   lua_marker('b', props_marker { slaved_to = \"door\" })\n\
                   lua_marker('c', props_marker { replica_to = \"gate\", slave_to = \"x\" })\n}}\nMAP\nabc\nENDMAP\n";
        assert_eq!(
            findings(src),
            [
                "this game reads `replica_to`; `slaved_to` is the older name",
                "no game reads `slave_to`",
                "replica of \"gate\", which no marker of this vault is the primary of",
            ]
        );
    }

    #[test]
    fn a_complete_fog_machine_and_commented_keys_are_quiet() {
        let src = "NAME: t\nMARKER: F = lua:fog_machine { cloud_type = \"flame\", pow_max = 5, delay_min = 1, delay_max = 3, size = 1 }\n\
                   {{\n-- fog_machine { }\n}}\nMAP\nF\nENDMAP\n";
        assert!(findings(src).is_empty(), "{:?}", findings(src));
    }

    #[test]
    fn an_older_game_reads_the_older_names() {
        let src = "NAME: t\n{{\nlua_marker('a', props_marker { master_name = \"door\" })\n\
                   lua_marker('b', props_marker { replica_to = \"door\" })\n}}\nMAP\nab\nENDMAP\n";
        let mut old = GameNames::default();
        old.old_replica_names = true;
        assert_eq!(
            findings_for(src, &old),
            ["this game reads `slaved_to`; `replica_to` is trunk's newer name"]
        );
        assert_eq!(
            findings(src),
            ["this game reads `primary_name`; `master_name` is the older name"]
        );
    }

    #[test]
    fn functions_and_targets_are_looked_up_in_the_file() {
        let src = "{{\nfunction callback.open_walls(data, triggerable, triggerer, marker, ev) end\n}}\n\
                   NAME: t\nMONS: orc warrior name:Gate_Keeper\n{{\n\
                   local a = TriggerableFunction:new { func = \"callback.open_walls\" }\n\
                   a:add_triggerer(DgnTriggerer:new { type = \"monster_dies\", target = \"Gate Keeper\" })\n\
                   local b = TriggerableFunction:new { func = \"callback.open_wals\" }\n\
                   b:add_triggerer(DgnTriggerer:new { type = \"monster_dies\", target = \"Gate Keepr\" })\n\
                   b:add_triggerer(DgnTriggerer:new { type = \"monster_dies\", target = \"any\" })\n\
                   lua_marker('A', a)\nlua_marker('B', b)\n}}\nMAP\nAB1\nENDMAP\n";
        assert_eq!(
            findings(src),
            [
                "no function `callback.open_wals` is defined in this file's Lua: the trigger fails when it fires",
                "no monster of this file is \"Gate Keepr\": the monster_dies triggerer never fires",
            ]
        );
    }
}
