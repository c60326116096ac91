//! Golden findings and outlines of small scripts.

use vaultwright_model::{Language, Options, Span};

fn analyze(src: &str) -> vaultwright_model::Analysis {
    crate::analyze::analyze(src, Language::NethackLua, &Options::default())
}

/// (code, text under the span, message) of every finding.
fn findings(src: &str) -> Vec<(String, String, String)> {
    analyze(src)
        .diagnostics
        .iter()
        .map(|d| {
            let text = src
                .get(d.span.start as usize..d.span.end as usize)
                .unwrap_or("?");
            (d.code.clone(), text.to_string(), d.message.clone())
        })
        .collect()
}

#[test]
fn an_unclosed_call_is_reported_where_lua_stops() {
    let found = findings("des.monster(\"jackal\"\nx = 1\n");
    assert_eq!(
        found,
        [(
            "NL0001".to_string(),
            "x".to_string(),
            "expected `)` to close the `(` of line 1, found `x`".to_string()
        )]
    );
}

#[test]
fn lua_s_compile_time_checks_are_findings() {
    let cases = [
        (
            "local x <const> = 1\nx = 2\n",
            "`x` is a `<const>` or `<close>` local: it cannot be assigned to",
        ),
        ("break\n", "`break` of line 1 is outside any loop"),
        (
            "goto done\nlocal v = 1\n::done::\nprint(v)\n",
            "the `goto done` of line 1 jumps into the scope of local `v`",
        ),
        ("x = \"\\q\"\n", "no such escape sequence"),
        ("x = 3x\n", "malformed number"),
        (
            "local t = {...}\nlocal f = function() return ... end\n",
            "`...` is only allowed in a function declared with `...`",
        ),
    ];
    for (src, message) in cases {
        let found = findings(src);
        assert_eq!(found.len(), 1, "{src:?}: {found:?}");
        assert_eq!(found[0].2, message, "{src:?}");
    }
}

#[test]
fn a_valid_script_has_no_findings_and_an_outline() {
    let src = r#"
des.level_init({ style = "solidfill", fg = " " })
des.level_flags("mazelevel", "noteleport")
des.map([[
----
|..|
----]])
des.room({ type = "throne", lit = 1, contents = function()
  des.monster("gnome king")
end })
des.region({ region = {1,1,2,1}, lit = 1, type = "morgue" })
"#;
    let a = analyze(src);
    assert!(a.diagnostics.is_empty(), "{:?}", a.diagnostics);
    let outline: Vec<(String, String, String)> = a
        .outline
        .iter()
        .map(|s| (s.kind.clone(), s.name.clone(), s.detail.clone()))
        .collect();
    let expected = [
        (
            "level",
            "the level, run (seed 0)",
            "the script run as the game runs it",
        ),
        ("map part", "map", "4×3"),
        ("room", "throne", ""),
        ("region", "morgue", ""),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(outline, expected);
    assert!(!a.tokens.is_empty());
    // The map part is drawn, and the region on it with its area outlined.
    let drawn: Vec<(usize, usize)> = a
        .views
        .iter()
        .map(|v| match &v.view {
            vaultwright_model::view::View::TileMap(m) => (v.symbol, m.areas.len()),
            _ => (v.symbol, 99),
        })
        .collect();
    // The level as run outlines its map part and the region; the room,
    // placed by the game, is shown as the level run.
    assert_eq!(drawn, [(0, 2), (1, 0), (3, 1), (2, 2)]);
}

#[test]
fn every_offset_of_a_broken_script_is_read_without_a_panic() {
    let src = "des.map({ map = [[\n|é.|\n]], x = 1 })\nlocal s <close> = \"\\u{7FFFFFFF}\"";
    for cut in 0..=src.len() {
        if let Some(head) = src.get(..cut) {
            let _ = analyze(head);
        }
    }
}

#[test]
fn blanks_full_moon_would_lose_are_kept() {
    // Lua reads form feeds, vertical tabs and empty statements as blanks;
    // full_moon's tree drops them (and what follows a form feed), so they
    // reach it as spaces and are put back.
    for src in [
        "\u{b}",
        "\u{c}",
        "x = 1\u{b}\n",
        "x =\u{c}1\n",
        "x = '\u{b}'\n",
        "x = 1\r\ny = 2\r",
        "--[[\r]]\rz = [[\r\n]]",
        ";",
        ";;x = 1;;",
        "do ; end return;",
        "local t = {1; 2;}",
        "f();(g)()",
    ] {
        assert_eq!(crate::lua::reprint(src), src);
        // Calling `f` and `g`, which no one defines, stops a run: only
        // that is found.
        let found = analyze(src).diagnostics;
        assert!(
            found.iter().all(|d| d.code == "NL0213"),
            "{src:?}: {found:?}"
        );
    }
}

/// (code, text under the span, the fix's replacement) of every finding.
fn fixes(src: &str) -> Vec<(String, String, Option<String>)> {
    analyze(src)
        .diagnostics
        .iter()
        .map(|d| {
            let text = src
                .get(d.span.start as usize..d.span.end as usize)
                .unwrap_or("?");
            (
                d.code.clone(),
                text.to_string(),
                d.fix.as_ref().map(|f| f.replacement.clone()),
            )
        })
        .collect()
}

fn row(code: &str, text: &str, fix: Option<&str>) -> (String, String, Option<String>) {
    (code.to_string(), text.to_string(), fix.map(str::to_string))
}

/// Upstream: a Minetown variant named a monster the game does not know,
/// so the level failed to load and a random maze took its place.
#[test]
fn regression_a_minetown_with_an_unknown_monster_id() {
    let src = r#"
des.room({ type = "temple", lit = 1, x = 3, y = 4, w = 3, h = 3, contents = function()
   des.altar({ x = 1, y = 1, align = "coaligned", type = "temple" })
   des.monster({ id = "aligned priest", x = 1, y = 1 })
   des.monster({ id = "watch captian", x = 2, y = 1 })
end })
des.monster({ id = "watchman captian", peaceful = 1 })
des.monster("gnome lrod")
"#;
    assert_eq!(
        fixes(src),
        [
            row("NL0201", "\"watch captian\"", Some("\"watch captain\"")),
            row("NL0210", "\"watchman captian\"", Some("\"watch captain\"")),
            row("NL0210", "\"gnome lrod\"", Some("\"gnome lord\"")),
        ]
    );
    let a = analyze(src);
    assert!(a.diagnostics[0]
        .notes
        .iter()
        .any(|n| n.contains("Unknown monster id") && n.contains("random maze")));
}

/// Upstream: a variant's Mine's End asked for an object that does not
/// exist, which stops the level as it is made.
#[test]
fn regression_a_mines_end_with_an_object_that_does_not_exist() {
    let src = r#"
des.object("luckstone", 20, 9)
des.object({ id = "lucky stone", x = 21, y = 9, buc = "not-cursed", achievement = 1 })
des.object("scroll of earth")
des.object("potion")
des.object("\"", 4, 4)
des.object("&")
"#;
    assert_eq!(
        fixes(src),
        [
            row("NL0204", "\"lucky stone\"", Some("\"luckstone\"")),
            row("NL0205", "\"potion\"", Some("\"!\"")),
            row("NL0203", "\"&\"", None),
        ]
    );
}

#[test]
fn keys_the_game_never_reads_and_other_names() {
    let src = r#"
des.monster({ id = "jackal", aslep = 1 })
des.altar({ x = 1, y = 1, aligned = "noncoaligned" })
des.trap("arow")
des.trap({ type = "arow" })
des.room({ type = "thron" })
des.monstr("jackal")
"#;
    assert_eq!(
        fixes(src),
        [
            row("NL0208", "aslep", Some("asleep")),
            row("NL0208", "aligned", Some("align")),
            row("NL0206", "\"arow\"", Some("\"arrow\"")),
            row("NL0206", "\"arow\"", Some("\"arrow\"")),
            row("NL0207", "\"thron\"", Some("\"throne\"")),
            row("NL0209", "monstr", Some("monster")),
        ]
    );
    let severities: Vec<_> = analyze(src)
        .diagnostics
        .iter()
        .map(|d| d.severity)
        .collect();
    use vaultwright_model::Severity::{Error, Warning};
    assert_eq!(
        severities,
        [Warning, Warning, Error, Warning, Warning, Error]
    );
}

#[test]
fn the_game_s_own_names_raise_nothing() {
    let src = r#"
des.monster({ id = "dwarf lady", asleep = 1 })
des.monster("Elvenking")
des.monster("d")
des.object({ class = "(" })
des.object("scroll of earth")
des.object("\"")
des.trap("falling rock")
des.room({ type = "throne" })
"#;
    assert_eq!(fixes(src), []);
}

#[test]
fn a_map_part_is_drawn_cell_by_cell_with_what_its_contents_place() {
    let src = "des.map({ halign = \"center\", valign = \"center\", map = [[\n-----\n|.{.|\n--+--]], contents = function()\n  des.monster(\"jackal\", 1, 1)\n  des.object({ id = \"luckstone\", coord = {3, 1} })\nend })\n";
    let a = analyze(src);
    assert!(a.diagnostics.is_empty(), "{:?}", a.diagnostics);
    let Some(vaultwright_model::view::View::TileMap(map)) = a.views.get(1).map(|v| &v.view) else {
        panic!("a tile map: {:?}", a.views)
    };
    assert_eq!((map.width, map.height), (5, 3));
    let glyphs: String = map.cells.iter().map(|c| c.glyph).collect();
    assert_eq!(glyphs, "-----|.{.|--+--");
    // Each cell is tied to its character in the source.
    let fountain = &map.cells[7];
    assert_eq!(src.get(fountain.origin.unwrap().range()), Some("{"));
    let placed: Vec<(i32, i32, char)> = map.markers.iter().map(|m| (m.x, m.y, m.glyph)).collect();
    assert_eq!(placed, [(1, 1, 'd'), (3, 1, '*')]);
    // Run, the part lands where the game centres it (x 2 + (78-2-5)/2 =
    // 37, y 2 + (20-2-3)/2 = 9, both odd), and what its contents place
    // counts from its corner.
    let Some(vaultwright_model::view::View::TileMap(level)) = a.views.first().map(|v| &v.view)
    else {
        panic!("the level as run")
    };
    assert_eq!((level.width, level.height), (80, 21));
    let row = |y: usize| -> String {
        level.cells[y * 80 + 37..y * 80 + 42]
            .iter()
            .map(|c| c.glyph)
            .collect()
    };
    assert_eq!([row(9), row(10), row(11)], ["-----", "|.{.|", "--+--"]);
    let placed: Vec<(i32, i32, char)> = level.markers.iter().map(|m| (m.x, m.y, m.glyph)).collect();
    assert_eq!(placed, [(38, 10, 'd'), (40, 10, '*')]);
}

#[test]
fn painting_a_map_part_rewrites_only_its_cells() {
    let src = "des.map({ x = 3, y = 2, map = [[\n-----\n|...|\n-----]] })\n-- after\n";
    let maps = crate::paint::MapText::of(src, Language::NethackLua);
    assert_eq!(maps.len(), 1);
    let edit = maps[0].paint(src, &[(2, 1)], b'{').expect("an edit");
    let painted = edit.apply(src);
    assert_eq!(
        painted,
        "des.map({ x = 3, y = 2, map = [[\n-----\n|.{.|\n-----]] })\n-- after\n"
    );
    let a = analyze(&painted);
    let Some(vaultwright_model::view::View::TileMap(map)) = a.views.get(1).map(|v| &v.view) else {
        panic!("a tile map")
    };
    assert_eq!(map.cells[7].glyph, '{');
    // The level as run is painted too: its cell (3 + 2, 2 + 1) is the
    // drawing's (2, 1).
    let Some(vaultwright_model::view::View::TileMap(level)) = a.views.first().map(|v| &v.view)
    else {
        panic!("the level as run")
    };
    let entry = a.outline[0].span;
    let (block, cells) = crate::paint::locate(
        &painted,
        Language::NethackLua,
        level,
        entry,
        &[(5, 3), (4, 3)],
    )
    .expect("cells of the drawing");
    assert_eq!(cells, [(2, 1), (1, 1)]);
    let again = block
        .paint(&painted, &cells, b'.')
        .expect("an edit")
        .apply(&painted);
    assert_eq!(again, src);
}

#[test]
fn a_table_map_needs_a_place_as_the_game_says() {
    let src = "des.map({ map = [[\n...\n]] })\n";
    let found = findings(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "NL0213");
    assert!(
        found[0]
            .2
            .contains("Map requires either x,y or halign,valign"),
        "{found:?}"
    );
}

#[test]
fn a_dungeon_description_is_read_into_the_branch_graph() {
    let src = r#"
dungeon = {
   {
      name = "The Dungeons of Doom", bonetag = "D", base = 25, range = 5,
      branches = {
         { name = "The Gnomish Mines", base = 2, range = 3 },
         { name = "Sokoban", chainlevel = "oracle", base = 1, direction = "up" },
         { name = "Gehennom", chainlevel = "castel", base = 0, branchtype = "no_down" },
      },
      levels = {
         { name = "oracle", bonetag = "O", base = 5, range = 5 },
         { name = "medusa", base = -5, range = 4, nlevels = 4 },
         { name = "castle", base = -1 },
      },
   },
   { name = "The Gnomish Mines", bonetag = "M", base = 8, range = 2, alignment = "lawful", flags = "mazelike" },
   { name = "Sokoban", base = 4, entry = -1, flags = { "mazelike" } },
   { name = "Gehennom", bonetag = "G", base = 20, range = 5, flags = { "mazelike", "hellish" } },
}
"#;
    let a = analyze(src);
    let names: Vec<&str> = a.outline.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "The Dungeons of Doom",
            "The Gnomish Mines",
            "Sokoban",
            "Gehennom"
        ]
    );
    assert!(a
        .views
        .iter()
        .all(|v| matches!(v.view, vaultwright_model::view::View::BranchGraph(_))));
    assert_eq!(a.views.len(), 2, "the graph and the seeded roll");
    // The branch to Gehennom chains to a level the dungeon does not have.
    assert_eq!(fixes(src), [row("NL0211", "\"castel\"", None)]);
}

#[test]
fn hostile_scripts_are_refused_or_drawn_without_a_crash() {
    // Deeper than Lua goes: refused, and not given to full_moon (which
    // would recurse without a limit).
    let deep = format!("x = {}1", "(".repeat(100_000));
    let found = findings(&deep);
    assert_eq!(found.len(), 1);
    assert!(found[0].2.contains("too deeply"), "{found:?}");
    // A drawing far larger than any map is not drawn.
    let wide = format!("des.map([[\n{}\n]])\n", ".".repeat(50_000));
    // (It is run: the game writes what fits on the level.)
    let views = analyze(&wide).views;
    assert_eq!(views.len(), 1, "only the level as run");
}

#[test]
fn a_blank_row_of_a_drawing_keeps_its_place_when_painted() {
    let src = "des.map([[\n---\n\n|.|]])\n";
    let maps = crate::paint::MapText::of(src, Language::NethackLua);
    let edit = maps[0].paint(src, &[(1, 2)], b'{').expect("an edit");
    assert_eq!(edit.apply(src), "des.map([[\n---\n\n|{|]])\n");
}

#[test]
fn the_game_s_lookups_are_followed_to_the_letter() {
    let src = r#"
des.monster("energy vortices")
des.room({ type = "Temple" })
des.object("scroll of ZELGO MER")
"#;
    assert_eq!(fixes(src), []);
}

#[test]
fn a_stop_met_on_some_seeds_only_is_found_with_its_seed() {
    // One visit in four goes looking for a monster the game does not know.
    let src = "if nh.rn2(4) == 0 then\n  des.monster({ id = \"watch captian\" })\nend\n";
    let quiet = crate::analyze(src, Language::NethackLua, &Options::default());
    let stops = |a: &vaultwright_model::Analysis| {
        a.diagnostics.iter().filter(|d| d.code == "NL0213").count()
    };
    // The static check already names the line; run over seeds, no second
    // finding for it.
    let seeded = Options {
        reachability_seeds: Some(32),
        ..Options::default()
    };
    let over = crate::analyze(src, Language::NethackLua, &seeded);
    assert_eq!(stops(&quiet), 0);
    assert_eq!(stops(&over), 0, "{:?}", over.diagnostics);
    // A stop no check sees: an object made from a computed name.
    let src = "local names = { \"boulder\", \"lucky stone\" }\ndes.object({ id = names[1 + nh.rn2(2)], x = 1, y = 1 })\n";
    let found: Vec<String> = crate::analyze(src, Language::NethackLua, &seeded)
        .diagnostics
        .iter()
        .map(|d| d.message.clone())
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("with seed ") || found[0].starts_with("Unknown object id"),
        "{found:?}"
    );
    assert!(
        found[0].contains("Unknown object id 'lucky stone'"),
        "{found:?}"
    );
}

#[test]
fn a_fixed_spot_beyond_its_map_part_is_found() {
    let src = "des.map({ x = 10, y = 5, map = [[\n...\n...\n]] })\ndes.monster(\"jackal\", 1, 1)\ndes.object(\"boulder\", 4, 1)\n";
    let found = findings(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "NL0215");
    assert_eq!(found[0].1, "des.object(\"boulder\", 4, 1)");
    assert!(
        found[0]
            .2
            .contains("(4, 1) is outside the map part it counts from (3×2)"),
        "{found:?}"
    );
}

#[test]
fn stairs_that_walls_close_off_from_each_other_are_found() {
    // Two closed rooms side by side: no door joins them.
    let src = "des.map({ x = 10, y = 5, map = [[\n----- -----\n|...| |...|\n----- -----\n]] })\ndes.stair(\"up\", 1, 1)\ndes.stair(\"down\", 8, 1)\n";
    let found = findings(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "NL0216");
    assert_eq!(found[0].1, "des.stair(\"down\", 8, 1)");
    assert!(
        found[0]
            .2
            .contains("the down stair at (18, 6) cannot be reached from the up stair at (11, 6)"),
        "{found:?}"
    );
    // A door between them: nothing to say.
    let joined = src.replace("|...| |...|", "|...+#+...|");
    assert_eq!(findings(&joined), [], "a door joins them");
}

#[test]
fn a_branch_region_walls_close_off_is_found() {
    // The branch may only go in the right room, which no door opens.
    let src = "des.map({ x = 10, y = 5, map = [[\n----- -----\n|...| |...|\n----- -----\n]] })\ndes.stair(\"up\", 1, 1)\ndes.levregion({ region = {7,1,9,1}, type = \"branch\" })\n";
    let found = findings(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "NL0216");
    assert!(
        found[0].2.contains(
            "the branch region (17,6)–(19,6) cannot be reached from the up stair at (11, 6)"
        ),
        "{found:?}"
    );
    // A region of walls only holds no spot for it.
    let walls = src.replace("region = {7,1,9,1}", "region = {5,0,5,2}");
    let found = findings(&walls);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].2.contains("holds no floor, corridor or air cell"),
        "{found:?}"
    );
}

#[test]
fn a_random_spot_in_an_area_of_walls_and_a_monster_in_a_wall_are_found() {
    let src = "des.map({ x = 10, y = 5, map = [[\n---\n|||\n---\n]] })\ndes.monster()\n";
    let found = findings(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        ("NL0217", "des.monster()")
    );
    let src = "des.map({ x = 10, y = 5, map = [[\n---\n|.|\n---\n]] })\ndes.monster(\"jackal\", 0, 0)\ndes.monster(\"jackal\", 1, 1)\n";
    let found = findings(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "NL0218");
    assert_eq!(found[0].1, "des.monster(\"jackal\", 0, 0)");
    assert!(
        found[0].2.contains("placed in a wall, at level (10, 5)"),
        "{found:?}"
    );
}

#[test]
fn hovering_a_call_says_what_it_placed_in_the_level_as_run() {
    let src = "des.map({ x = 10, y = 5, map = [[\n...\n...\n]] })\ndes.monster(\"jackal\", 1, 1)\n";
    let a = analyze(src);
    let at = src.find("monster").unwrap() + 2;
    let card = crate::service::hover(
        crate::service::Document {
            source: src,
            analysis: &a,
        },
        at,
    )
    .expect("a card");
    assert_eq!(
        card.lines,
        [
            "in the level, run (seed 0):",
            "placed jackal · at level (11,6) · line 5"
        ]
    );
}

#[test]
fn a_dungeon_table_built_by_code_is_read_by_running_it() {
    let src = r#"
local levels = {}
for i, name in ipairs({ "oracle", "bigrm" }) do
   levels[#levels + 1] = { name = name, base = 5 * i, range = 3 }
end
local doom = { name = "The Dungeons of Doom", bonetag = "D", base = 25, range = 5 }
doom.levels = levels
dungeon = { doom, { name = "Gehennom", base = 20, range = 5 } }
dungeon[1].branches = { { name = "Gehennom", chainlevel = "bigrm", base = 1 } }
"#;
    let a = analyze(src);
    let names: Vec<&str> = a.outline.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["The Dungeons of Doom", "Gehennom"]);
    assert!(a
        .views
        .iter()
        .all(|v| matches!(v.view, vaultwright_model::view::View::BranchGraph(_))));
    assert!(a.diagnostics.is_empty(), "{:?}", a.diagnostics);
}

#[test]
fn a_line_span_is_the_line_without_its_break_found_by_lookup() {
    // What a walk over the lines gives, for every line and past the end.
    fn walked(source: &str, line: u32) -> Span {
        let mut at = 0;
        for (i, text) in source.split('\n').enumerate() {
            if i + 1 == line as usize {
                return Span::new(at, at + text.trim_end_matches('\r').len());
            }
            at += text.len() + 1;
        }
        Span::new(0, 0)
    }
    for source in ["", "a", "a\n", "ab\r\ncd\n\nef", "\n\n", "é\nü\r\n"] {
        let lines = super::Lines::new(source);
        for line in 0..6 {
            assert_eq!(
                lines.span(line),
                walked(source, line),
                "{source:?} line {line}"
            );
        }
    }
}
