//! What each marker of a vault is and does, in words, read from Lua's
//! tokens and never run: the constructor a `MARKER: G = lua:…` line or a
//! `lua_marker('G', …)` call places (directly or through a local
//! variable), the triggerers added to it, and the primary/replica names
//! that tie markers together. The studio draws them over the map.

use std::collections::HashMap;

use super::markers::lua_marker_calls;
use super::triggerables::{table_calls, table_calls_in, Call};
use super::{Item, Selector, Vault};
use crate::lua::scan::{Kind, Token};
use vaultwright_model::source::Span;

/// How a marker shows on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerKind {
    Fog,
    Trigger,
    /// A carrier of properties the engine or other markers read.
    Properties,
    /// A stair, portal or feature marker.
    Passage,
    /// A marker built by Lua this reader does not follow.
    Other,
}

impl MarkerKind {
    fn of(constructor: &str) -> MarkerKind {
        let name = constructor.trim_end_matches(":new");
        match name {
            n if n.starts_with("fog_machine") || n == "chained_fog_machine" => MarkerKind::Fog,
            "TriggerableFunction"
            | "TriggerableMessage"
            | "function_at_spot"
            | "function_in_los"
            | "message_at_spot"
            | "monster_on_death"
            | "lock_door"
            | "restrict_door" => MarkerKind::Trigger,
            "portal_desc" | "props_marker" | "MonPropsMarker" => MarkerKind::Properties,
            "one_way_stair" | "timed_marker" | "toll_stair" | "transp_loc" | "transp_dest_loc"
            | "hatch_name" | "hatch_dest_name" | "trove_marker" => MarkerKind::Passage,
            _ => MarkerKind::Other,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            MarkerKind::Fog => "fog machine",
            MarkerKind::Trigger => "trigger",
            MarkerKind::Properties => "properties",
            MarkerKind::Passage => "stair or portal",
            MarkerKind::Other => "marker",
        }
    }
}

/// One marker statement of a vault.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkerStory {
    pub glyph: u8,
    pub span: Span,
    pub kind: MarkerKind,
    /// What it does, in words ("every 5–20 turns, at one random replica:
    /// calls `collapse_doorways`").
    pub words: String,
    /// The events that trigger it.
    pub events: Vec<String>,
    pub primary: Option<String>,
    pub replica_of: Option<String>,
}

/// The vault's markers in source order.
pub fn stories(v: &Vault) -> Vec<MarkerStory> {
    let mut out = Vec::new();
    for item in &v.items {
        match item {
            Item::Lua(l) => out.extend(lua_stories(&l.text, l.tokens(), l.text_at)),
            Item::Directive(d) if d.keyword == "MARKER" && !d.conditional => {
                for (_, sel) in d.selectors() {
                    out.extend(sel.and_then(|sel| marker_line(sel, d.span)));
                }
            }
            _ => {}
        }
    }
    out
}

/// `MARKER: G = feat:…` / `MARKER: G = lua:…`.
fn marker_line((key, _, value): Selector, span: Span) -> Option<MarkerStory> {
    let [glyph] = key.as_bytes() else {
        return None;
    };
    if let Some(feat) = value.strip_prefix("feat:") {
        return Some(MarkerStory {
            glyph: *glyph,
            span,
            kind: MarkerKind::Passage,
            words: format!(
                "the feature `{}` here, after the level is built",
                feat.trim()
            ),
            events: Vec::new(),
            primary: None,
            replica_of: None,
        });
    }
    let code = value.strip_prefix("lua:")?;
    let calls = table_calls(code, 0, None);
    let first = calls.first()?;
    Some(story(*glyph, span, first, &[]))
}

/// `lua_marker('G', expr)` calls in one Lua chunk, following
/// `local x = Ctor{…}` and `x:add_triggerer(DgnTriggerer:new{…})`.
fn lua_stories(code: &str, toks: &[Token], at: usize) -> Vec<MarkerStory> {
    if !code.contains("lua_marker") {
        return Vec::new();
    }
    let calls = table_calls_in(code, toks, at);
    let call_at = |i: usize| {
        toks.get(i).and_then(|t| {
            calls
                .iter()
                .position(|c| c.span.start as usize == at + t.start)
        })
    };
    let text = |i: usize| toks.get(i).map_or("", |t| t.text(code));
    let mut bound: HashMap<&str, usize> = HashMap::new();
    let mut triggerers: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, t) in toks.iter().enumerate() {
        if t.kind != Kind::Word {
            continue;
        }
        let name = text(i);
        if text(i + 1) == "=" {
            if let Some(c) = call_at(i + 2) {
                bound.insert(name, c);
            }
        } else if text(i + 1) == ":" && text(i + 2) == "add_triggerer" && text(i + 3) == "(" {
            if let Some(c) = call_at(i + 4) {
                triggerers.entry(name).or_default().push(c);
            }
        }
    }
    lua_marker_calls(code, toks, at)
        .into_iter()
        .filter_map(|call| {
            let direct = call_at(call.expr_token);
            let var = if direct.is_none() {
                text(call.expr_token)
            } else {
                ""
            };
            let c = direct.or_else(|| bound.get(var).copied())?;
            let trig: Vec<&Call> = triggerers
                .get(var)
                .into_iter()
                .flatten()
                .filter_map(|&t| calls.get(t))
                .collect();
            Some(story(call.glyph, call.span, calls.get(c)?, &trig))
        })
        .collect()
}

fn story(glyph: u8, span: Span, c: &Call, triggerers: &[&Call]) -> MarkerStory {
    let kind = MarkerKind::of(&c.name);
    let mut events: Vec<String> = triggerers.iter().map(|t| event_words(t)).collect();
    if events.is_empty() {
        if let Some(e) = default_event(&c.name) {
            events.push(e.to_string());
        }
    }
    let replica_of = c
        .value("replica_to")
        .or(c.value("slaved_to"))
        .map(str::to_string);
    let primary = c
        .value("primary_name")
        .or(c.value("master_name"))
        .map(str::to_string);
    let mut words = Vec::new();
    if !events.is_empty() {
        words.push(events.join(" or "));
    }
    if c.has("single_random_replica") || c.has("single_random_slave") {
        words.push("at one random replica".to_string());
    }
    let what = action_words(c, kind);
    let words = if words.is_empty() {
        what
    } else {
        format!("{}: {what}", words.join(", "))
    };
    MarkerStory {
        glyph,
        span,
        kind,
        words,
        events,
        primary,
        replica_of,
    }
}

/// The event a constructor waits for when no triggerer is added.
fn default_event(constructor: &str) -> Option<&'static str> {
    match constructor {
        c if c.starts_with("fog_machine") || c == "chained_fog_machine" => Some("every turn"),
        "function_at_spot" | "message_at_spot" => Some("when the player steps here"),
        "function_in_los" => Some("when this spot comes into view"),
        _ => None,
    }
}

/// A number of ticks in turns (10 ticks a turn), to a tenth of a turn.
/// Read by `decimal::parse`: the standard parser would bring its float
/// tables into the studio for this one line.
fn turns(ticks: &str) -> String {
    match crate::decimal::parse(ticks) {
        Some(t) => {
            let n = t / 10.0;
            if n.fract() == 0.0 {
                format!("{n}")
            } else {
                format!("{n:.1}")
            }
        }
        None => ticks.to_string(),
    }
}

fn event_words(t: &Call) -> String {
    let event = t.value("type").unwrap_or("?");
    let target = t.value("target");
    match (event, target) {
        ("turn", _) => match (t.value("delay_min"), t.value("delay_max"), t.value("delay")) {
            (Some(lo), Some(hi), _) => format!("every {}–{} turns", turns(lo), turns(hi)),
            (_, _, Some(d)) => format!("every {} turns", turns(d)),
            _ => "every turn".to_string(),
        },
        ("monster_dies", Some("any")) => "when any monster dies".to_string(),
        ("monster_dies", Some(m)) => format!("when {m} dies"),
        ("item_pickup", Some(i)) => format!("when {i} is picked up"),
        ("item_moved", Some(i)) => format!("when {i} is moved"),
        ("player_move", _) => "when the player steps here".to_string(),
        ("player_los", _) => "when this spot comes into view".to_string(),
        ("pressure_plate", _) => "when something steps on the pressure plate".to_string(),
        ("entered_level", _) => "when the player enters the level".to_string(),
        (e, _) => format!("on {e}"),
    }
}

fn action_words(c: &Call, kind: MarkerKind) -> String {
    let name = c.name.trim_end_matches(":new");
    match kind {
        MarkerKind::Fog => {
            let cloud = c.value("cloud_type").unwrap_or("clouds");
            let size = match (c.value("size_min"), c.value("size_max"), c.value("size")) {
                (Some(lo), Some(hi), _) => format!(", size {lo}–{hi}"),
                (_, _, Some(s)) => format!(", size {s}"),
                _ => String::new(),
            };
            let delay = match (c.value("delay_min"), c.value("delay_max"), c.value("delay")) {
                (Some(lo), Some(hi), _) => format!(" every {lo}–{hi}"),
                (_, _, Some(d)) => format!(" every {d}"),
                _ => String::new(),
            };
            format!("{name} lays {cloud}{delay}{size}")
        }
        _ => match (c.value("func"), c.value("msg"), c.value("new_monster")) {
            (Some(f), _, _) => format!("calls `{f}`"),
            (_, Some(m), _) => format!("says \"{m}\""),
            (_, _, Some(m)) => format!("makes {m}"),
            _ => name.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dcss::parse;

    #[test]
    fn ticks_are_told_in_turns_to_a_tenth() {
        let told: Vec<String> = ["50", "25", "7", "20.0", "20.3", "24.5", "x", "1.2.3", ""]
            .iter()
            .map(|t| turns(t))
            .collect();
        assert_eq!(
            told,
            ["5", "2.5", "0.7", "2", "2.0", "2.5", "x", "1.2.3", ""]
        );
    }

    #[test]
    fn markers_are_told_in_words_with_their_triggerers_and_replicas() {
        let src = "NAME: t\nMARKER: F = lua:fog_machine { cloud_type = \"flame\", pow_max = 5, delay_min = 10, delay_max = 40, size = 2 }\n\
                   MARKER: S = feat: stone_stairs_down_i\n{{\n\
                   local tf = TriggerableFunction:new { func = \"collapse_doorways\", props = { primary_name = \"door\", single_random_replica = true } }\n\
                   tf:add_triggerer(DgnTriggerer:new { type = \"turn\", delay_min = 50, delay_max = 200 })\n\
                   lua_marker('D', tf)\n\
                   lua_marker('r', props_marker { replica_to = \"door\" })\n}}\nMAP\nFSDr\nENDMAP\n";
        let f = parse(src);
        let got: Vec<(char, MarkerKind, String)> = stories(&f.vaults[0])
            .into_iter()
            .map(|s| (s.glyph as char, s.kind, s.words))
            .collect();
        assert_eq!(
            got,
            [
                (
                    'F',
                    MarkerKind::Fog,
                    "every turn: fog_machine lays flame every 10–40, size 2".to_string()
                ),
                (
                    'S',
                    MarkerKind::Passage,
                    "the feature `stone_stairs_down_i` here, after the level is built".to_string()
                ),
                (
                    'D',
                    MarkerKind::Trigger,
                    "every 5–20 turns, at one random replica: calls `collapse_doorways`"
                        .to_string()
                ),
                ('r', MarkerKind::Properties, "props_marker".to_string()),
            ]
        );
        let s = stories(&f.vaults[0]);
        assert_eq!(s[2].primary.as_deref(), Some("door"));
        assert_eq!(s[3].replica_of.as_deref(), Some("door"));
    }
}
