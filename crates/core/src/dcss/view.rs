//! A vault as a tile map: one seeded realisation (`realize`), each cell
//! drawn as the game draws the feature it becomes (`look`), with markers
//! for the monsters and items its glyphs, slots and K-specs place, and for
//! its MARKER lines. Every cell and marker keeps its MAP position, which
//! mirroring and rotation move away from where it is drawn.

use std::borrow::Cow;

use super::look::{self, GlyphRole};
use super::realize::{self, RCell};
use super::run::is_merged;
use super::triggers::{self, MarkerKind};
use super::{lua_markers, marker_description, tables, Item, Vault};
use vaultwright_model::source::Span;
use vaultwright_model::view::{Cell, Entity, EntityTable, Link, Look, Marker, Rgb, TileMap};

/// A K-spec: its keyword, the glyph it applies to, its value and span.
struct KSpec {
    keyword: &'static str,
    key: u8,
    value: String,
    span: Span,
}

fn kspecs(v: &Vault) -> Vec<KSpec> {
    let mut out = Vec::new();
    for item in &v.items {
        let Item::Directive(d) = item else { continue };
        if !matches!(d.keyword, "KFEAT" | "KMONS" | "KITEM") {
            continue;
        }
        for ((_, span), sel) in d.selectors() {
            let Some((key, _, val)) = sel else {
                continue;
            };
            for k in key.bytes() {
                out.push(KSpec {
                    keyword: d.keyword,
                    key: k,
                    value: val.to_string(),
                    span: *span,
                });
            }
        }
    }
    out
}

/// The unconditional slots of a MONS or ITEM line, in order.
fn slots<'v>(v: &'v Vault, keyword: &str) -> Vec<(Cow<'v, str>, Span)> {
    v.directives(keyword)
        .filter(|d| !d.conditional)
        .flat_map(|d| d.args.iter().cloned())
        .collect()
}

/// The meaning `tables::GLYPHS` gives a map glyph.
fn meaning(g: u8) -> &'static str {
    tables::GLYPHS
        .iter()
        .find(|(c, _, _)| *c == g)
        .map_or("floor", |&(_, _, m)| m)
}

/// Where a realised cell comes from, in words, with the source position.
fn position_words(c: &RCell, x: usize, y: usize) -> String {
    match c.source {
        Some((sx, sy)) if (sx, sy) == (x as i32, y as i32) => {
            format!("at ({sx},{sy}) in the vault map")
        }
        Some((sx, sy)) => format!("at ({sx},{sy}) in the vault map · drawn at ({x},{y})"),
        None => format!("drawn at ({x},{y})"),
    }
}

/// What stands on a cell: its look, category, the source's words for it
/// and the span that placed it.
struct OnCell {
    look: Look,
    kind: &'static str,
    words: String,
    span: Span,
}

fn floor_cell(origin: Option<Span>, source: Option<(i32, i32)>) -> Cell {
    let (glyph, fg) = look::feature("floor").map_or(('.', Rgb::GRAY), |(g, f, _)| (g, f));
    Cell {
        glyph,
        fg,
        bg: None,
        kind: "floor".into(),
        origin,
        source_xy: source,
    }
}

/// The cell and what stands on it, for one realised glyph. A K-spec
/// replaces the glyph's own meaning: KFEAT sets the terrain, KMONS and
/// KITEM put something on floor (or on the KFEAT terrain).
fn draw(
    c: &RCell,
    roll: u64,
    kspecs: &[KSpec],
    mons: &[(Cow<str>, Span)],
    items: &[(Cow<str>, Span)],
) -> (Cell, Option<OnCell>) {
    let g = c.glyph;
    let last = |kw: &str| kspecs.iter().rev().find(|k| k.key == g && k.keyword == kw);
    let (kfeat, kmons, kitem) = (last("KFEAT"), last("KMONS"), last("KITEM"));
    // `KFEAT: k = $`: the game builds the glyph's own meaning there, what
    // stands on it included (a SUBVAULT's cells are keyed so).
    let standing = kfeat
        .filter(|_| kmons.is_none() && kitem.is_none())
        .and_then(|k| standing_glyph(&k.value).map(|glyph| (k, glyph)));
    if let Some((k, glyph)) = standing {
        let as_glyph = RCell {
            glyph,
            by: Some(k.span),
            ..c.clone()
        };
        return (
            floor_cell(Some(k.span), c.source),
            on_glyph(&as_glyph, mons, items),
        );
    }
    let cell = match kfeat {
        Some(k) => kfeat_cell(c, k, roll),
        None if kmons.is_some() || kitem.is_some() => floor_cell(c.by.or(c.origin), c.source),
        None => glyph_cell(c),
    };
    let spec_words = |k: &KSpec| format!("{}: {} {}", key_words(g), k.keyword, k.value);
    let on = match (kmons, kitem) {
        (Some(k), _) => look::monster(&k.value).map(|look| OnCell {
            look,
            kind: "monster",
            words: spec_words(k),
            span: k.span,
        }),
        (None, Some(k)) => look::item(&k.value).map(|look| OnCell {
            look,
            kind: "item",
            words: spec_words(k),
            span: k.span,
        }),
        (None, None) if kfeat.is_none() => on_glyph(c, mons, items),
        (None, None) => None,
    };
    (cell, on)
}

/// The terrain a KFEAT makes: the alternative this cell's `roll` picks,
/// as the game draws it, or the key glyph marked as undrawn when no table
/// here knows it.
fn kfeat_cell(c: &RCell, k: &KSpec, roll: u64) -> Cell {
    let g = key_words(c.glyph);
    let (glyph, fg, kind) = match look::kfeat_at(&k.value, roll) {
        Some((glyph, fg, name)) if is_merged(c.glyph) => {
            (glyph, fg, format!("{name}, from a SUBVAULT"))
        }
        Some((glyph, fg, name)) => (glyph, fg, format!("{name} (KFEAT {g})")),
        None => (
            if is_merged(c.glyph) {
                '?'
            } else {
                char::from(c.glyph)
            },
            Rgb::PLACEHOLDER,
            format!("{g}: KFEAT {}", k.value),
        ),
    };
    Cell {
        glyph,
        fg,
        bg: None,
        kind,
        origin: Some(k.span),
        source_xy: c.source,
    }
}

/// A glyph as the legend names it: `` `x` ``, or a SUBVAULT's cell (whose
/// byte stands for the subvault's meaning of it).
fn key_words(g: u8) -> String {
    if is_merged(g) {
        "a SUBVAULT's cell".to_string()
    } else {
        format!("`{}`", g as char)
    }
}

/// The glyph a KFEAT of one map glyph builds when that glyph places
/// something on floor (`$`, `0`, `%`): drawn as that glyph.
fn standing_glyph(value: &str) -> Option<u8> {
    match value.trim().as_bytes() {
        [g] if matches!(look::map_glyph(*g), GlyphRole::OnFloor) => Some(*g),
        _ => None,
    }
}

/// One cell's own draw for `seed` (the game draws a KFEAT's alternative
/// per cell).
fn cell_roll(seed: u64, x: usize, y: usize) -> u64 {
    let mut z = seed
        ^ (x as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ (y as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The cell of a glyph without K-spec: its terrain, or floor under what
/// it places.
fn glyph_cell(c: &RCell) -> Cell {
    let origin = c.by.or(c.origin);
    match look::map_glyph(c.glyph) {
        GlyphRole::Terrain(glyph, fg, kind) => Cell {
            glyph,
            fg,
            bg: None,
            kind,
            origin,
            source_xy: c.source,
        },
        GlyphRole::OnFloor => floor_cell(origin, c.source),
    }
}

/// What a glyph without K-spec places: a MONS or ITEM slot's content, a
/// random monster or item, gold.
fn on_glyph(c: &RCell, mons: &[(Cow<str>, Span)], items: &[(Cow<str>, Span)]) -> Option<OnCell> {
    let g = c.glyph;
    let span = c.by.or(c.origin).unwrap_or_default();
    let own = || format!("{}: {}", key_words(g), meaning(g));
    let slot = |list: &[(Cow<str>, Span)], first: u8| {
        list.get(usize::from(g - first))
            .map(|(spec, span)| (spec.to_string(), *span))
    };
    let on = |look, kind, words| OnCell {
        look,
        kind,
        words,
        span,
    };
    match g {
        b'1'..=b'7' => match slot(mons, b'1') {
            Some((spec, span)) => look::monster(&spec).map(|look| OnCell {
                look,
                kind: "monster",
                words: format!("{}: MONS {spec}", key_words(g)),
                span,
            }),
            None => {
                let look = look::random_monster("random monster (its MONS slot is missing)");
                Some(on(look, "monster", own()))
            }
        },
        b'0' | b'8' | b'9' => Some(on(look::random_monster(meaning(g)), "monster", own())),
        b'd'..=b'k' => slot(items, b'd').and_then(|(spec, span)| {
            look::item(&spec).map(|look| OnCell {
                look,
                kind: "item",
                words: format!("{}: ITEM {spec}", key_words(g)),
                span,
            })
        }),
        b'$' => Some(on(look::gold(), "item", own())),
        b'%' | b'*' | b'|' => Some(on(look::random_item(meaning(g)), "item", own())),
        _ => None,
    }
}

/// MARKER lines and literal `lua_marker` calls, by the glyphs they sit on.
fn marker_lines(v: &Vault) -> Vec<(Vec<u8>, String, Span)> {
    let mut markers: Vec<(Vec<u8>, String, Span)> = Vec::new();
    for d in v.directives("MARKER") {
        if let Some((_, Some((key, _, val)))) = d.selectors().next() {
            let label = match marker_description(val) {
                Some(what) if key.len() == 1 => format!("MARKER {key}: {what}"),
                _ => format!("MARKER {val}"),
            };
            markers.push((key.as_bytes().to_vec(), label, d.span));
        }
    }
    markers.extend(
        lua_markers(v)
            .into_iter()
            .map(|(g, what, span)| (vec![g], what, span)),
    );
    markers
}

/// The icon, colour and legend words of a marker, by what it does.
fn marker_look(story: Option<&triggers::MarkerStory>) -> (char, Rgb, &'static str) {
    match story.map(|s| s.kind) {
        Some(MarkerKind::Fog) => (
            '≈',
            Rgb::BRIGHT_CYAN,
            "fog machine (marker, not drawn by the game)",
        ),
        Some(MarkerKind::Trigger) => ('!', Rgb::YELLOW, "trigger (marker, not drawn by the game)"),
        Some(MarkerKind::Passage) => ('≡', Rgb::WHITE, "stair or portal marker"),
        Some(MarkerKind::Properties) => (
            '¶',
            Rgb::MAGENTA,
            "properties (marker, not drawn by the game)",
        ),
        _ => ('¶', Rgb::MAGENTA, "map marker (not drawn by the game)"),
    }
}

/// A line from each cell of a primary marker to each cell of its
/// replicas, in this realisation.
fn link_replicas(stories: &[triggers::MarkerStory], r: &realize::Realized, tm: &mut TileMap) {
    let cells_of = |g: u8| -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (y, row) in r.grid.iter().enumerate() {
            for (x, c) in row.iter().enumerate() {
                if c.glyph == g {
                    out.push((x as i32, y as i32));
                }
            }
        }
        out
    };
    for replica in stories {
        let Some(name) = &replica.replica_of else {
            continue;
        };
        for primary in stories.iter().filter(|p| p.primary.as_ref() == Some(name)) {
            for from in cells_of(primary.glyph) {
                for to in cells_of(replica.glyph) {
                    tm.links.push(Link {
                        from,
                        to,
                        label: format!("replica of \"{name}\": triggered with its primary"),
                        origin: replica.span,
                    });
                }
            }
        }
    }
}

/// The vault's markers as a table: what each does and what triggers it.
pub fn events_table(v: &Vault) -> Option<EntityTable> {
    let stories = triggers::stories(v);
    if stories.is_empty() {
        return None;
    }
    let columns = ["kind", "does", "events", "primary", "replica of"];
    Some(EntityTable {
        columns: columns.iter().map(|c| c.to_string()).collect(),
        rows: stories
            .into_iter()
            .map(|s| Entity {
                name: format!("`{}`", s.glyph as char),
                fields: [
                    ("kind", s.kind.words().to_string()),
                    ("does", s.words),
                    ("events", s.events.join("; ")),
                    ("primary", s.primary.unwrap_or_default()),
                    ("replica of", s.replica_of.unwrap_or_default()),
                ]
                .into_iter()
                .filter(|(_, v)| !v.is_empty())
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
                dice: Vec::new(),
                origin: s.span,
            })
            .collect(),
    })
}

/// Maps beyond this many times the level's size in either direction are
/// not drawn: the game refuses them (DC0102 says so), and drawing a map
/// of megabytes would cost hundreds of megabytes.
const DRAWN_BEYOND_THE_LEVEL: usize = 4;

pub fn view(v: &Vault, seed: u64) -> Option<TileMap> {
    let (w, h) = v.size();
    if w > DRAWN_BEYOND_THE_LEVEL * super::LEVEL_WIDTH
        || h > DRAWN_BEYOND_THE_LEVEL * super::LEVEL_HEIGHT
    {
        return None;
    }
    let r = realize::realize(v, seed);
    let h = r.grid.len() as u32;
    let w = r.grid.first()?.len() as u32;
    let kspecs = kspecs(v);
    let mons = slots(v, "MONS");
    let items = slots(v, "ITEM");
    let mut tm = TileMap::new(w, h, Cell::blank());
    for (y, row) in r.grid.iter().enumerate() {
        for (x, c) in row.iter().enumerate() {
            let (cell, on) = draw(c, cell_roll(seed, x, y), &kspecs, &mons, &items);
            if let Some(slot) = tm.cell_mut(x as i64, y as i64) {
                *slot = cell;
            }
            if let Some(on) = on {
                tm.markers.push(Marker {
                    x: x as i32,
                    y: y as i32,
                    glyph: on.look.glyph,
                    fg: on.look.fg,
                    kind: on.kind.into(),
                    label: format!("{} · {}", on.words, position_words(c, x, y)),
                    random: false,
                    origin: on.span,
                    what: on.look.what,
                    source_xy: c.source,
                    pick: on.look.pick,
                });
            }
        }
    }
    // MARKER lines and lua_marker('G', constructor{...}) calls with a
    // literal glyph (shown, not run), on the cells holding their glyphs in
    // this realisation. The game draws nothing for them.
    let stories = triggers::stories(v);
    for (glyphs, label, origin) in marker_lines(v) {
        let story = stories.iter().find(|s| s.span == origin);
        let (glyph, fg, what) = marker_look(story);
        let label = match story {
            Some(s) => format!("{} `{}`: {}", s.kind.words(), s.glyph as char, s.words),
            None => label,
        };
        for (y, row) in r.grid.iter().enumerate() {
            for (x, c) in row.iter().enumerate() {
                if glyphs.contains(&c.glyph) {
                    tm.markers.push(Marker {
                        x: x as i32,
                        y: y as i32,
                        glyph,
                        fg,
                        kind: "marker".into(),
                        label: format!("{label} · {}", position_words(c, x, y)),
                        random: false,
                        origin,
                        what: what.into(),
                        source_xy: c.source,
                        pick: None,
                    });
                }
            }
        }
    }
    link_replicas(&stories, &r, &mut tm);
    shade_cut_off(v, seed, &r, &mut tm);
    notes(v, &r, &mut tm);
    Some(tm)
}

/// Shades the walkable cells this seed cuts off from the vault's entrances
/// (what DC0400 counts over many seeds), wherever mirroring moved them.
fn shade_cut_off(v: &Vault, seed: u64, r: &realize::Realized, tm: &mut TileMap) {
    let cut: std::collections::HashSet<(i32, i32)> = super::seeded::cut_off_at_seed(v, seed)
        .into_iter()
        .collect();
    if cut.is_empty() {
        return;
    }
    for (y, row) in r.grid.iter().enumerate() {
        for (x, c) in row.iter().enumerate() {
            if c.source.is_some_and(|s| cut.contains(&s)) {
                if let Some(cell) = tm.cell_mut(x as i64, y as i64) {
                    cell.bg = Some(Rgb::CUT_OFF);
                    cell.kind
                        .push_str(" · cut off from the vault's entrances in this seed");
                }
            }
        }
    }
    let count = match cut.len() {
        1 => "1 walkable cell is".to_string(),
        n => format!("{n} walkable cells are"),
    };
    tm.notes.push(format!(
        "{count} cut off from the vault's entrances in this seed (shaded red; Lua not run)"
    ));
}

fn notes(v: &Vault, r: &realize::Realized, tm: &mut TileMap) {
    let mut how = Vec::new();
    if r.mirrored_h {
        how.push("mirrored horizontally");
    }
    if r.mirrored_v {
        how.push("mirrored vertically");
    }
    if r.rotated {
        how.push("rotated");
    }
    tm.notes.push(format!(
        "one realisation for this seed: SUBST, NSUBST, SHUFFLE and CLEAR applied in order{}",
        if how.is_empty() {
            String::new()
        } else {
            format!(", then {}", how.join(", "))
        }
    ));
    if !r.skipped.is_empty() {
        tm.notes.push(format!(
            "{} transform(s) under a Lua condition were not applied: Lua decides at run time",
            r.skipped.len()
        ));
    }
    if v.has_lua() {
        tm.notes
            .push("this vault runs Lua, which may change the map: drawn without it".into());
    }
    for (_, p) in &r.problems {
        tm.notes
            .push(format!("a transform could not be applied: {p}"));
    }
}

#[cfg(test)]
mod tests {
    fn analyze(src: &str, _: Language, options: &Options) -> vaultwright_model::Analysis {
        crate::dcss::analyze(src, options, None)
    }
    use vaultwright_model::view::{Pick, Rgb, TileMap, View};
    use vaultwright_model::{Language, Options};

    /// A cell as compared: glyph, colour, words, MAP position.
    type Drawn = (char, Rgb, String, Option<(i32, i32)>);

    fn map(src: &str, seed: u64) -> TileMap {
        let options = Options {
            seed,
            ..Options::default()
        };
        let a = analyze(src, Language::DcssDes, &options);
        match a.views.into_iter().next().map(|v| v.view) {
            Some(View::TileMap(m)) => m,
            other => panic!("not a tile map: {other:?}"),
        }
    }

    #[test]
    fn each_wall_water_and_lava_glyph_is_drawn_as_the_game_draws_it() {
        let m = map(
            "NAME: walls\nTAGS: no_rotate no_hmirror no_vmirror\nMAP\nxcvbmnoX\ntlwW.@pn\nENDMAP\n",
            0,
        );
        let row = |y: u32| -> Vec<Drawn> {
            (0..8)
                .filter_map(|x| m.cell(x, y))
                .map(|c| (c.glyph, c.fg, c.kind.clone(), c.source_xy))
                .collect()
        };
        let want = |g, fg, kind: &str, x| (g, fg, kind.to_string(), Some((x, 0)));
        assert_eq!(
            row(0),
            vec![
                want('#', Rgb::BROWN, "rock wall (`x`)", 0),
                want('#', Rgb::GRAY, "stone wall (`c`)", 1),
                want('#', Rgb::CYAN, "metal wall (`v`)", 2),
                want('#', Rgb::GREEN, "crystal wall (`b`)", 3),
                want(
                    '#',
                    Rgb::BRIGHT_CYAN,
                    "clear (see-through) rock wall (`m`)",
                    4
                ),
                want('#', Rgb::BRIGHT_CYAN, "clear stone wall (`n`)", 5),
                want('▓', Rgb::BRIGHT_CYAN, "clear permanent rock wall (`o`)", 6),
                want('▓', Rgb::BROWN, "permanent (undiggable) rock wall (`X`)", 7),
            ]
        );
        let second: Vec<(char, Rgb, String)> =
            row(1).into_iter().map(|(g, fg, k, _)| (g, fg, k)).collect();
        let want = |g, fg, kind: &str| (g, fg, kind.to_string());
        assert_eq!(
            second,
            vec![
                want('♣', Rgb::GREEN, "tree (`t`)"),
                want('≈', Rgb::RED, "lava (`l`)"),
                want('≈', Rgb::BLUE, "deep water (`w`)"),
                want('~', Rgb::CYAN, "shallow water (`W`)"),
                want('.', Rgb::GRAY, "floor"),
                want(
                    '.',
                    Rgb::GRAY,
                    "floor; an entry point when on the vault edge (`@`)"
                ),
                want('.', Rgb::GRAY, "floor (`p` has no meaning here)"),
                want('#', Rgb::BRIGHT_CYAN, "clear stone wall (`n`)"),
            ]
        );
    }

    #[test]
    fn slots_are_drawn_as_what_they_name_at_their_map_position() {
        let src =
            "NAME: slots\nTAGS: no_rotate no_vmirror\nMONS: ogre / orc\nKFEAT: A = altar_zin\n\
                   MAP\n1.0A%\nENDMAP\n";
        // A seed that mirrors the map: positions then differ from the MAP's.
        let m = (0..64)
            .map(|seed| map(src, seed))
            .find(|m| m.notes.iter().any(|n| n.contains("mirrored horizontally")))
            .expect("some seed mirrors");
        let at = |x: i32| m.markers.iter().find(|mk| mk.x == x).expect("marker");
        let ogre = at(4);
        assert_eq!(
            (ogre.glyph, ogre.fg, ogre.pick),
            ('O', Rgb::BROWN, Some(Pick::OneOf))
        );
        assert_eq!(ogre.source_xy, Some((0, 0)));
        assert_eq!(
            ogre.label,
            "`1`: MONS ogre / orc · at (0,0) in the vault map · drawn at (4,0)"
        );
        let random = at(2);
        assert_eq!(
            (random.glyph, random.fg, random.pick),
            ('◆', Rgb::PLACEHOLDER, Some(Pick::Any))
        );
        assert_eq!(random.what, "random monster for the level");
        let item = at(0);
        assert_eq!((item.glyph, item.kind.as_str()), ('◇', "item"));
        let altar = m.cell(1, 0).expect("altar");
        assert_eq!(
            (altar.glyph, altar.fg, altar.kind.as_str(), altar.source_xy),
            (
                '_',
                Rgb::GRAY,
                "glowing silver altar of Zin (KFEAT `A`)",
                Some((3, 0))
            )
        );
        assert_eq!(
            m.cell(4, 0).map(|c| c.glyph),
            Some('.'),
            "floor under the ogre"
        );
    }

    #[test]
    fn triggerables_are_drawn_by_kind_with_lines_to_their_replicas_and_listed() {
        let src = "NAME: t\nTAGS: no_rotate no_hmirror no_vmirror\n\
                   MARKER: F = lua:fog_machine { cloud_type = \"flame\", pow_max = 5, delay = 10, size = 2 }\n{{\n\
                   local tf = TriggerableFunction:new { func = \"callback.x\", props = { primary_name = \"door\" } }\n\
                   tf:add_triggerer(DgnTriggerer:new { type = \"player_los\" })\n\
                   lua_marker('P', tf)\nlua_marker('r', props_marker { replica_to = \"door\" })\n}}\n\
                   MAP\nF.P.r.r\nENDMAP\n";
        let m = map(src, 1);
        let icons: Vec<(char, i32)> = m.markers.iter().map(|k| (k.glyph, k.x)).collect();
        assert_eq!(icons, [('≈', 0), ('!', 2), ('¶', 4), ('¶', 6)]);
        assert!(
            m.markers[1]
                .label
                .starts_with("trigger `P`: when this spot comes into view: calls `callback.x`"),
            "{}",
            m.markers[1].label
        );
        let links: Vec<((i32, i32), (i32, i32))> = m.links.iter().map(|l| (l.from, l.to)).collect();
        assert_eq!(links, [((2, 0), (4, 0)), ((2, 0), (6, 0))]);
        let a = analyze(src, Language::DcssDes, &Options::default());
        let table = a.views.iter().find_map(|v| match &v.view {
            View::EntityTable(t) => Some(t),
            _ => None,
        });
        let rows: Vec<&str> = table
            .expect("an events table")
            .rows
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(rows, ["`F`", "`P`", "`r`"]);
    }

    #[test]
    fn a_marker_with_a_nested_call_in_its_table_is_drawn_by_kind() {
        let src = "NAME: t\nTAGS: no_rotate no_hmirror no_vmirror\n\
                   {{ lua_marker('G', fog_machine { cloud_type = \"flame\", pow_max = math.max(4, 5), delay = 10, size = 1 }) }}\nMAP\n.G.\nENDMAP\n";
        let m = map(src, 1);
        let icons: Vec<char> = m.markers.iter().map(|k| k.glyph).collect();
        assert_eq!(icons, ['≈'], "{:?}", m.markers);
    }
}
