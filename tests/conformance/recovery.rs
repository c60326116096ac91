//! Recovery at the smallest unit: a small valid input with one mistake
//! injected gives exactly one finding (code, message, line:column), the
//! outline keeps its entries and the views keep drawing what is right.
//! One test per format, with inline inputs, and castle.des from
//! `../shared` with one wrong map character.

use crate::common;

use vaultwright::view::{Cell, TileMap, View};
use vaultwright::{analyze, dropin, Analysis, Language, LineIndex, Options, Target};

/// Every finding as `severity code line:column message`.
fn findings(src: &str, a: &Analysis) -> Vec<String> {
    let index = LineIndex::new(src);
    a.diagnostics
        .iter()
        .map(|d| {
            let at = index.line_col(src, d.span.start as usize);
            format!(
                "{} {} {}:{} {}",
                d.severity.as_str(),
                d.code,
                at.line,
                at.column,
                d.message
            )
        })
        .collect()
}

/// The outline as `name (kind) detail`.
fn outline(a: &Analysis) -> Vec<String> {
    a.outline
        .iter()
        .map(|s| format!("{} ({}) {}", s.name, s.kind, s.detail))
        .collect()
}

/// The tile map drawn for outline entry `symbol`.
fn tile_map(a: &Analysis, symbol: usize) -> &TileMap {
    let view = a.views.iter().find(|v| v.symbol == symbol);
    match view.map(|v| &v.view) {
        Some(View::TileMap(m)) => m,
        other => panic!("no tile map for entry {symbol}: {other:?}"),
    }
}

/// Cells drawn from the source, by kind.
fn drawn<'a>(m: &'a TileMap) -> impl Iterator<Item = &'a Cell> + 'a {
    m.cells.iter().filter(|c| c.origin.is_some())
}

/// The source text a span covers (empty when it is not on characters).
fn text_at(src: &str, cell: &Cell) -> String {
    cell.origin
        .and_then(|s| src.get(s.range()))
        .unwrap_or_default()
        .to_string()
}

fn analyze_as(src: &str, language: Language, file_name: &str) -> Analysis {
    // The compiler of the default target, as chosen: these tests are about
    // its recovery, not about which language a damaged file looks like.
    let options = Options {
        file_name: file_name.to_string(),
        explicit_target: true,
        ..Options::default()
    };
    analyze(src, language, &options)
}

// A random fill leaves the cells outside the map undrawn.
const TINY: &str = "\
MAZE:\"tiny\",random
FLAGS:noteleport
GEOMETRY:center,center
MAP
-----
|.Q.|
-----
ENDMAP
STAIR:(3,1),up
";

fn nethack_a_wrong_map_character_is_one_error_at_it_and_the_map_still_draws() {
    let a = analyze_as(TINY, Language::NethackDes, "tiny.des");
    assert_eq!(
        findings(TINY, &a),
        vec!["error NH0213 6:3 `Q` is not a map character"]
    );
    let notes = &a.diagnostics[0].notes;
    assert!(
        notes[0].starts_with("a map row may hold: ` ` stone, `-` wall"),
        "{notes:?}"
    );
    assert_eq!(outline(&a), vec!["tiny (maze level) 1 part(s): 5x3"]);
    let map = tile_map(&a, 0);
    let cells: Vec<&Cell> = drawn(map).collect();
    assert_eq!(cells.len(), 15);
    let unknown: Vec<&&Cell> = cells
        .iter()
        .filter(|c| c.kind == "unknown map character")
        .collect();
    assert_eq!(unknown.len(), 1);
    assert_eq!(
        (unknown[0].glyph, text_at(TINY, unknown[0])),
        ('Q', "Q".into())
    );
    assert_eq!(cells.iter().filter(|c| c.kind == "room floor").count(), 2);
    assert_eq!(cells.iter().filter(|c| c.kind == "wall").count(), 12);
    assert_eq!(
        map.markers.len(),
        1,
        "the stair after the map is still read"
    );
    assert!(
        a.artifacts.is_empty(),
        "no level file from a level with an error"
    );

    // The drop-in still says what the original lev_comp says.
    let run = dropin::lev_comp("tiny.des", TINY, Target::Nethack343, false);
    assert_eq!(run.stderr, vec!["tiny.des: line 6 : syntax error"]);
    assert_eq!((run.exit, run.files.len()), (1, 0));
}

fn nethack_a_wide_wrong_character_is_one_error_spanning_it() {
    let src = TINY.replace('Q', "é");
    let a = analyze_as(&src, Language::NethackDes, "tiny.des");
    assert_eq!(
        findings(&src, &a),
        vec!["error NH0213 6:3 `é` is not a map character"]
    );
    let span = a.diagnostics[0].span;
    assert_eq!(src.get(span.range()), Some("é"));
    let map = tile_map(&a, 0);
    // The cell after it still points at its own byte.
    let after: Vec<String> = drawn(map)
        .filter(|c| {
            c.kind == "unknown map character" || c.origin.is_some_and(|o| o.start == span.end)
        })
        .map(|c| format!("{}={}", c.glyph, text_at(&src, c)))
        .collect();
    assert_eq!(after, vec!["?=é", ".=."]);
}

fn nethack_a_bad_statement_drops_that_statement_only() {
    let src = "\
MAZE:\"one\",random
GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
FOUNTAIN:(1 1)
STAIR:(3,1),up
MAZE:\"two\",random
GEOMETRY:center,center
MAP
...
ENDMAP
";
    let a = analyze_as(src, Language::NethackDes, "two.des");
    assert_eq!(findings(src, &a), vec!["error NH0001 8:13 syntax error"]);
    assert_eq!(
        a.diagnostics[0].notes,
        vec!["expected `,`, found `1`".to_string()]
    );
    assert_eq!(
        outline(&a),
        vec![
            "one (maze level) 1 part(s): 5x3",
            "two (maze level) 1 part(s): 3x1"
        ]
    );
    assert_eq!(drawn(tile_map(&a, 0)).count(), 15);
    assert_eq!(tile_map(&a, 0).markers.len(), 1);
    assert_eq!(drawn(tile_map(&a, 1)).count(), 3);
}

fn nethack_castle_with_one_wrong_map_character() {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared (castle.des comes from its corpus)");
        return;
    };
    let path = shared.join("corpus/nethack-3.4.3/des/castle.des");
    let Ok(original) = std::fs::read_to_string(&path) else {
        common::missing(&path.display().to_string());
        return;
    };
    // Line 30, column 11 becomes `Q` (by characters, not bytes).
    let src: String = original
        .split_inclusive('\n')
        .enumerate()
        .map(|(i, line)| {
            if i + 1 != 30 {
                return line.to_string();
            }
            line.chars()
                .enumerate()
                .map(|(c, ch)| if c + 1 == 11 { 'Q' } else { ch })
                .collect()
        })
        .collect();
    let a = analyze_as(&src, Language::NethackDes, "castle.des");
    assert_eq!(
        findings(&src, &a),
        vec!["error NH0213 30:11 `Q` is not a map character"]
    );
    assert_eq!(a.diagnostics[0].span.len(), 1);
    assert_eq!(outline(&a), vec!["castle (maze level) 1 part(s): 63x17"]);
    let map = tile_map(&a, 0);
    let unknown: Vec<&Cell> = drawn(map)
        .filter(|c| c.kind == "unknown map character")
        .collect();
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].origin, Some(a.diagnostics[0].span));
    let terrain = drawn(map)
        .filter(|c| c.kind != "unknown map character")
        .count();
    assert_eq!(terrain, 63 * 17 - 1);

    let run = dropin::lev_comp("castle.des", &src, Target::Nethack343, false);
    assert_eq!(run.stderr, vec!["castle.des: line 30 : syntax error"]);
}

fn dungeon_a_bad_line_is_one_error_and_what_it_explains_is_not_reported() {
    // `LEVLE` loses the bigrm level: the chain to it and the LEVALIGN
    // after it are not reported on top of the syntax error.
    let src = "\
DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)
ALIGNMENT: unaligned
LEVEL: \"oracle\" \"O\" @ (5, 5)
LEVLE: \"bigrm\" \"B\" @ (10, 3) 40
LEVALIGN: chaotic
CHAINLEVEL: \"medusa\" \"none\" \"bigrm\" + (1, 0)
BRANCH: \"The Gnomish Mines\" @ (2, 3)
DUNGEON: \"The Gnomish Mines\" \"M\" (8, 2)
LEVEL: \"minetn\" \"T\" @ (3, 2)
";
    let a = analyze_as(src, Language::NethackDungeon, "dungeon.pdf");
    assert_eq!(findings(src, &a), vec!["error DG0001 4:1 syntax error"]);
    assert_eq!(
        a.diagnostics[0].notes,
        vec!["expected a statement keyword (DUNGEON, LEVEL, BRANCH, …), found `L`".to_string()]
    );
    assert_eq!(
        outline(&a),
        vec![
            "The Dungeons of Doom (dungeon) 25–30 level(s), 2 special, 1 branch(es)",
            "The Gnomish Mines (dungeon) 8–10 level(s), 1 special, 0 branch(es)",
        ]
    );
    let Some(View::BranchGraph(g)) = a.views.first().map(|v| &v.view) else {
        panic!("no branch graph: {:?}", a.views);
    };
    let levels: Vec<Vec<&str>> = g
        .dungeons
        .iter()
        .map(|d| d.levels.iter().map(|l| l.name.as_str()).collect())
        .collect();
    assert_eq!(levels, vec![vec!["oracle", "medusa"], vec!["minetn"]]);
}

const VAULTS: &str = "\
NAME:   test_one
TAGS:   transparent
ORIENT: float
MONS:   orc
MAP
xxxxx
x.1.x
xx+xx
ENDMAP

NAME:   test_two
DEPTH:  D:2-5
MAP
....
.<>.
....
ENDMAP
";

fn dungeon_a_lost_line_explains_nothing_after_the_next_dungeon() {
    let src = "\
DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)
LEVLE: \"bigrm\" \"B\" @ (10, 3) 40
DUNGEON: \"The Gnomish Mines\" \"M\" (8, 2)
LEVEL: \"minetn\" \"T\" @ (3, 2)
CHAINLEVEL: \"minend\" \"E\" \"bigrm\" + (1, 0)
";
    let a = analyze_as(src, Language::NethackDungeon, "dungeon.pdf");
    // A chain is looked up in its own dungeon: the lost level of the
    // first one cannot explain it (the original's two messages for it).
    assert_eq!(
        findings(src, &a),
        vec![
            "error DG0001 2:1 syntax error",
            "error DG0100 5:26 Can't locate the specified chain level.",
            "error DG0100 5:26 Invaild level chain reference.",
        ]
    );
}

fn dcss_a_bad_directive_line_keeps_the_vault_and_its_map() {
    let src = VAULTS.replace("ORIENT: float", "ORIENT float");
    let a = analyze_as(&src, Language::DcssDes, "v.des");
    assert_eq!(
        findings(&src, &a),
        vec!["error DC0002 3:1 Unexpected character sequence."]
    );
    assert_eq!(
        outline(&a),
        vec![
            "test_one (vault) 5x3 · tags: transparent",
            "test_two (vault) 4x3 · D:2-5"
        ]
    );
    assert_eq!(drawn(tile_map(&a, 0)).count(), 15);
    assert_eq!(drawn(tile_map(&a, 1)).count(), 12);
}

fn dcss_a_bad_map_glyph_is_one_finding_even_when_it_is_several_bytes() {
    let src = VAULTS.replace("x.1.x", "xé1.x");
    let a = analyze_as(&src, Language::DcssDes, "v.des");
    assert_eq!(
        findings(&src, &a),
        vec!["warning DC0208 7:2 map glyph `é` (U+00E9, 2 bytes) has no meaning: the game makes it floor"]
    );
    assert_eq!(src.get(a.diagnostics[0].span.range()), Some("é"));
    assert_eq!(outline(&a).len(), 2);
}

fn dcss_a_misspelt_endmap_costs_one_finding_and_not_the_next_vault() {
    let src = VAULTS.replacen("ENDMAP", "ENDMPA", 1);
    let a = analyze_as(&src, Language::DcssDes, "v.des");
    assert_eq!(
        findings(&src, &a),
        vec!["error DC0002 10:1 Unexpected character sequence."]
    );
    assert_eq!(
        a.diagnostics[0].notes,
        vec![
            "a map row cannot be empty or blank".to_string(),
            "the row above, `ENDMPA`, looks like a misspelt ENDMAP: read as one".to_string()
        ]
    );
    assert_eq!(
        outline(&a),
        vec![
            "test_one (vault) 5x3 · float · tags: transparent",
            "test_two (vault) 4x3 · D:2-5"
        ]
    );
    assert_eq!(drawn(tile_map(&a, 0)).count(), 15);
}

const ROOM: &str = "\
# A small room.
+-----+
|#####|
|#...#|
|#...#|
|##x##|
+-----+

.: SQUARE_FLOOR, SQUAREFLAG_LIT
#: SQUARE_WALL
x: SQUARE_DOOR
";

fn powder_a_bad_row_is_one_warning_and_the_map_goes_on() {
    let src = ROOM.replace("|#...#|\n|##x", "|#...#\n|##x");
    let a = analyze_as(&src, Language::PowderMap, "room.map");
    assert_eq!(
        findings(&src, &a),
        vec!["warning PW0100 5:1 Line: \"|#...#\" is wrong length"]
    );
    assert_eq!(outline(&a), vec!["room (room) 5x4, rarity 100"]);
    let map = tile_map(&a, 0);
    let kinds: Vec<&str> = drawn(map).map(|c| c.kind.as_str()).collect();
    assert_eq!(kinds.len(), 20);
    assert_eq!(kinds.iter().filter(|k| k.starts_with("floor")).count(), 6);
    assert_eq!(kinds.iter().filter(|k| k.starts_with("door")).count(), 1);

    // map2c ends the map at that row: its messages and its C stay its own,
    // and so is the C analyze gives.
    let run = dropin::map2c("room.map", &src, "room.cpp");
    assert_eq!(
        run.stderr,
        vec![
            "Line: \"|#...#\" is wrong length",
            "Ignoring unknown line:\n\t\"|##x##|\"",
            "Multiple maps defined!",
        ]
    );
    assert_eq!(a.artifacts.len(), 1);
    assert_eq!(a.artifacts[0].bytes, run.files[0].bytes);
}

fn powder_a_character_without_legend_is_one_error() {
    let src = ROOM.replace("|#...#|\n|##x", "|#.Q.#|\n|##x");
    let a = analyze_as(&src, Language::PowderMap, "room.map");
    assert_eq!(
        findings(&src, &a),
        vec!["error PW0202 5:4 `Q` at (2,2) has no legend entry"]
    );
    assert_eq!(drawn(tile_map(&a, 0)).count(), 20);
}

const MONSTERS: &str = "\
RLG327 MONSTER DESCRIPTION 1

BEGIN MONSTER
NAME Neckbeard
SYMB B
COLOR YELLOW
DESC
A nerd.
.
SPEED 7+1d4
DAM 0+1d4
HP 12+2d6
ABIL SMART ERRATIC
RRTY 50
END

BEGIN MONSTER
NAME Troll
SYMB T
COLOR GREEN
DESC
A troll.
.
SPEED 5+1d4
DAM 2+1d6
HP 30+2d6
ABIL TUNNEL
RRTY 20
END

BEGIN MONSTER
NAME Rat
SYMB r
COLOR BLACK
DESC
A rat.
.
SPEED 10+0d1
DAM 0+1d2
HP 2+1d2
ABIL ERRATIC
RRTY 80
END
";

fn analyze_monsters(src: &str) -> Analysis {
    let options = Options {
        file_name: "monster_desc.txt".into(),
        dialect: Some("y2018".into()),
        ..Options::default()
    };
    analyze(src, Language::Rlg327Monsters, &options)
}

fn entry_names(a: &Analysis) -> Vec<String> {
    match a.views.first().map(|v| &v.view) {
        Some(View::EntityTable(t)) => t.rows.iter().map(|r| r.name.clone()).collect(),
        other => panic!("no entity table: {other:?}"),
    }
}

fn rlg327_a_bad_field_loses_its_entry_only() {
    let src = MONSTERS.replace("COLOR GREEN", "COLOR GREN");
    let a = analyze_monsters(&src);
    assert_eq!(
        findings(&src, &a),
        vec![
            "note RL0204 1:1 checked as the y2018 dialect (9 fields per entry)",
            "error RL0100 20:7 monster discarded: unknown colour \"GREN\""
        ]
    );
    assert_eq!(entry_names(&a), vec!["Neckbeard", "Rat"]);
    assert_eq!(
        outline(&a),
        vec![
            "monsters (description file) 2 entries, y2018 dialect",
            "Neckbeard (monster) ",
            "Rat (monster) ",
        ]
    );
}

fn rlg327_a_forgotten_desc_end_is_one_warning() {
    let src = MONSTERS.replacen("A troll.\n.\n", "A troll.\n", 1);
    let a = analyze_monsters(&src);
    assert_eq!(
        findings(&src, &a),
        vec![
            "note RL0204 1:1 checked as the y2018 dialect (9 fields per entry)",
            "warning RL0205 28:1 this DESC runs over the end of its entry: the `.` line that ends it is probably missing"
        ]
    );
    // As the reference reads it: the rat is the troll's description.
    assert_eq!(entry_names(&a), vec!["Neckbeard", "Troll"]);
}

fn rlg327_a_symbol_of_several_bytes_is_one_error_spanning_it() {
    // The reference reads one byte for SYMB: the rest of "é" is junk after
    // the symbol. The finding covers the whole character.
    let src = MONSTERS.replace("SYMB T", "SYMB é");
    let a = analyze_monsters(&src);
    assert_eq!(
        findings(&src, &a),
        vec![
            "note RL0204 1:1 checked as the y2018 dialect (9 fields per entry)",
            "error RL0100 19:6 monster discarded: SYMB takes exactly one character"
        ]
    );
    assert_eq!(src.get(a.diagnostics[1].span.range()), Some("é"));
    assert_eq!(entry_names(&a), vec!["Neckbeard", "Rat"]);
    for t in &a.tokens {
        assert!(
            src.get(t.span.range()).is_some(),
            "token {t:?} splits a character"
        );
    }
}

// ---- NetHack 3.6 ------------------------------------------------------

/// Three levels of 3.6: a maze with a map, a room level, a maze with a map.
const LEVELS_36: &str = "\
# Three small levels.
MAZE: \"one\", ' '
FLAGS: noteleport
GEOMETRY: center, center
MAP
-----
|...|
-----
ENDMAP
MONSTER: ('d', \"jackal\"), (1,1)
OBJECT: ('[', \"leather armor\"), (2,1)
STAIR: (3,1), up

LEVEL: \"two\"
ROOM: \"ordinary\", random, random, random, random {
  OBJECT: '[', random
  MONSTER: 'd', random
}

MAZE: \"three\", ' '
GEOMETRY: center, center
MAP
.....
.....
ENDMAP
FOUNTAIN: (2,1)
";

fn analyze_36(src: &str) -> Analysis {
    let options = Options {
        file_name: "levels.des".to_string(),
        target: Target::Nethack366,
        explicit_target: true,
        ..Options::default()
    };
    analyze(src, Language::NethackDes, &options)
}

/// The outline of `LEVELS_36`, whatever its mistakes.
const OUTLINE_36: [&str; 4] = [
    "one (maze level) NetHack 3.6",
    "two (level) NetHack 3.6",
    "ordinary (room) ",
    "three (maze level) NetHack 3.6",
];

/// Per outline entry with a tile map, the cells drawn from the source.
fn drawn_per_entry(a: &Analysis) -> Vec<(usize, usize)> {
    a.views
        .iter()
        .filter_map(|v| match &v.view {
            View::TileMap(m) => Some((v.symbol, drawn(m).count())),
            _ => None,
        })
        .collect()
}

/// The drop-in compiler's messages for `src`: the reference's, which stop
/// at the first syntax error.
fn dropin_36(src: &str) -> Vec<String> {
    let mut lev_comp = dropin::LevComp36::new();
    lev_comp.compile("levels.des", src.as_bytes()).0.stderr
}

fn nethack36_the_three_levels_are_clean() {
    let a = analyze_36(LEVELS_36);
    assert_eq!(findings(LEVELS_36, &a), Vec::<String>::new());
    assert_eq!(outline(&a), OUTLINE_36);
    assert_eq!(drawn_per_entry(&a), vec![(0, 15), (1, 35), (3, 10)]);
}

fn nethack36_a_typo_in_the_first_level_is_one_error_and_the_later_levels_draw() {
    // A missing comma: the OBJECT statement is dropped, the STAIR after it
    // and the two later levels are read.
    let src = LEVELS_36.replace("('[', \"leather armor\")", "('[' \"leather armor\")");
    let a = analyze_36(&src);
    assert_eq!(
        findings(&src, &a),
        vec!["error NH3600 11:14 syntax error at \"\"leather armor\"\""]
    );
    assert_eq!(
        a.diagnostics[0].notes,
        vec![
            "while reading the statement `OBJECT: ('['`",
            "found `\"leather armor\"`; expected `,`"
        ]
    );
    assert_eq!(outline(&a), OUTLINE_36);
    // The first level has an error: no file and no map for it; the later
    // ones are not written either (as by lev_comp) but are drawn.
    assert_eq!(drawn_per_entry(&a), vec![(1, 35), (3, 10)]);
    assert!(a.artifacts.is_empty());
    assert_eq!(
        dropin_36(&src),
        vec!["levels.des: line 11, pos 13: syntax error at \"\"leather armor\"\""]
    );
}

fn nethack36_two_typos_in_a_level_are_two_errors() {
    let src = LEVELS_36
        .replace("('[', \"leather armor\")", "('[' \"leather armor\")")
        .replace("STAIR: (3,1)", "STAIR: (3 1)");
    let a = analyze_36(&src);
    assert_eq!(
        findings(&src, &a),
        vec![
            "error NH3600 11:14 syntax error at \"\"leather armor\"\"",
            "error NH3600 12:11 syntax error at \"1\"",
        ]
    );
    assert_eq!(
        a.diagnostics[1].notes,
        vec![
            "while reading the statement `STAIR: (3`",
            "found `1`; expected `,`"
        ]
    );
    assert_eq!(outline(&a), OUTLINE_36);
    assert_eq!(drawn_per_entry(&a), vec![(1, 35), (3, 10)]);
    // The drop-in stops at the first, as lev_comp does.
    assert_eq!(
        dropin_36(&src),
        vec!["levels.des: line 11, pos 13: syntax error at \"\"leather armor\"\""]
    );
}

fn nethack36_an_unknown_keyword_is_one_error_with_its_correction() {
    let src = LEVELS_36.replace("MONSTER: (", "MONSTR: (");
    let a = analyze_36(&src);
    assert_eq!(
        findings(&src, &a),
        vec!["error NH3600 10:1 syntax error at \"MONSTR\""]
    );
    assert!(
        a.diagnostics[0]
            .notes
            .contains(&"did you mean `MONSTER`?".to_string()),
        "{:?}",
        a.diagnostics[0].notes
    );
    assert_eq!(outline(&a), OUTLINE_36);
    assert_eq!(drawn_per_entry(&a), vec![(1, 35), (3, 10)]);
}

fn nethack36_an_unterminated_room_block_is_one_error_at_the_next_level() {
    let src = LEVELS_36.replace("  MONSTER: 'd', random\n}\n", "  MONSTER: 'd', random\n");
    let a = analyze_36(&src);
    assert_eq!(
        findings(&src, &a),
        vec!["error NH3600 19:1 syntax error at \"MAZE\""]
    );
    assert_eq!(
        a.diagnostics[0].notes,
        vec![
            "while reading the statement `OBJECT: '[', random MONSTER: 'd', random`",
            "found `MAZE`; expected `}`"
        ]
    );
    assert_eq!(outline(&a), OUTLINE_36);
    // The first level is written and drawn; the third is drawn.
    assert_eq!(drawn_per_entry(&a), vec![(0, 15), (3, 10)]);
    let files: Vec<(&str, Option<usize>)> = a
        .artifacts
        .iter()
        .map(|x| (x.name.as_str(), x.symbol))
        .collect();
    assert_eq!(files, [("one.lev", Some(0))]);
}

fn nethack36_an_unterminated_if_block_is_one_error_at_the_next_level() {
    let src = LEVELS_36.replace("(2,1)\nSTAIR", "(2,1)\nIF [50%] {\nSTAIR");
    let a = analyze_36(&src);
    assert_eq!(
        findings(&src, &a),
        vec!["error NH3600 15:1 syntax error at \"LEVEL\""]
    );
    assert_eq!(outline(&a), OUTLINE_36);
    assert_eq!(drawn_per_entry(&a), vec![(1, 35), (3, 10)]);
}

fn nethack36_a_statement_cut_at_the_end_is_one_error() {
    let src = LEVELS_36.replace("FOUNTAIN: (2,1)", "FOUNTAIN: (2,1");
    let a = analyze_36(&src);
    assert_eq!(
        findings(&src, &a),
        vec!["error NH3600 27:1 syntax error at \"\""]
    );
    assert_eq!(outline(&a), OUTLINE_36);
    assert_eq!(drawn_per_entry(&a), vec![(0, 15), (1, 35)]);
}

fn nethack36_an_unterminated_string_is_one_error() {
    // lev_comp's strings run over lines: this one runs to the next `"`
    // (on the next line, before `leather`), and from there every string is
    // read inside out to the end of the file, later levels included
    // (recovery works on tokens, and these are the reference lexer's).
    // One error all the same.
    let src = LEVELS_36.replace("\"jackal\"", "\"jackal");
    let a = analyze_36(&src);
    assert_eq!(
        findings(&src, &a),
        vec!["error NH3600 11:16 syntax error at \"leather\""]
    );
    assert_eq!(outline(&a), vec!["one (maze level) NetHack 3.6"]);
}

fn nethack36_every_shipped_file_with_a_misspelt_statement_loses_only_that_level() {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared (the 3.6.6 sources come from its corpus)");
        return;
    };
    let Ok(entries) = std::fs::read_dir(shared.join("corpus/nethack-3.6.6/des")) else {
        common::missing("the 3.6.6 corpus");
        return;
    };
    let mut files = 0;
    for path in entries.flatten().map(|e| e.path()) {
        if path.extension().is_none_or(|e| e != "des") {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        let lines: Vec<&str> = src.split_inclusive('\n').collect();
        let Some(first) = lines
            .iter()
            .position(|l| l.starts_with("MAZE") || l.starts_with("LEVEL"))
        else {
            continue;
        };
        // Two lines into the first level.
        let (head, tail) = lines.split_at((first + 2).min(lines.len()));
        let bad = format!("{}MONSTR: 'd'\n{}", head.concat(), tail.concat());
        let clean = analyze_36(&src);
        let broken = analyze_36(&bad);
        let name = path.display();
        assert_eq!(findings(&src, &clean), Vec::<String>::new(), "{name}");
        assert_eq!(
            findings(&bad, &broken),
            vec![format!(
                "error NH3600 {}:1 syntax error at \"MONSTR\"",
                first + 3
            )],
            "{name}"
        );
        assert_eq!(outline(&broken), outline(&clean), "{name}");
        // The first level's tile map and binary dump go, and no other view.
        let kept: Vec<usize> = clean
            .views
            .iter()
            .map(|v| v.symbol)
            .filter(|&s| s != 0)
            .collect();
        let drawn: Vec<usize> = broken.views.iter().map(|v| v.symbol).collect();
        assert_eq!(drawn, kept, "{name}");
        files += 1;
    }
    assert!(files >= 20, "{files} files");
}

/// This file's trials: the two that read the corpus are ignored outside
/// CI when it is missing (failed under CI).
pub fn trials() -> Vec<libtest_mimic::Trial> {
    vec![
        crate::needing("recovery::nethack_a_wrong_map_character_is_one_error_at_it_and_the_map_still_draws", true, nethack_a_wrong_map_character_is_one_error_at_it_and_the_map_still_draws),
        crate::needing("recovery::nethack_a_wide_wrong_character_is_one_error_spanning_it", true, nethack_a_wide_wrong_character_is_one_error_spanning_it),
        crate::needing("recovery::nethack_a_bad_statement_drops_that_statement_only", true, nethack_a_bad_statement_drops_that_statement_only),
        crate::needing("recovery::nethack_castle_with_one_wrong_map_character", crate::corpus_present(), nethack_castle_with_one_wrong_map_character),
        crate::needing("recovery::dungeon_a_bad_line_is_one_error_and_what_it_explains_is_not_reported", true, dungeon_a_bad_line_is_one_error_and_what_it_explains_is_not_reported),
        crate::needing("recovery::dungeon_a_lost_line_explains_nothing_after_the_next_dungeon", true, dungeon_a_lost_line_explains_nothing_after_the_next_dungeon),
        crate::needing("recovery::dcss_a_bad_directive_line_keeps_the_vault_and_its_map", true, dcss_a_bad_directive_line_keeps_the_vault_and_its_map),
        crate::needing("recovery::dcss_a_bad_map_glyph_is_one_finding_even_when_it_is_several_bytes", true, dcss_a_bad_map_glyph_is_one_finding_even_when_it_is_several_bytes),
        crate::needing("recovery::dcss_a_misspelt_endmap_costs_one_finding_and_not_the_next_vault", true, dcss_a_misspelt_endmap_costs_one_finding_and_not_the_next_vault),
        crate::needing("recovery::powder_a_bad_row_is_one_warning_and_the_map_goes_on", true, powder_a_bad_row_is_one_warning_and_the_map_goes_on),
        crate::needing("recovery::powder_a_character_without_legend_is_one_error", true, powder_a_character_without_legend_is_one_error),
        crate::needing("recovery::rlg327_a_bad_field_loses_its_entry_only", true, rlg327_a_bad_field_loses_its_entry_only),
        crate::needing("recovery::rlg327_a_forgotten_desc_end_is_one_warning", true, rlg327_a_forgotten_desc_end_is_one_warning),
        crate::needing("recovery::rlg327_a_symbol_of_several_bytes_is_one_error_spanning_it", true, rlg327_a_symbol_of_several_bytes_is_one_error_spanning_it),
        crate::needing("recovery::nethack36_the_three_levels_are_clean", true, nethack36_the_three_levels_are_clean),
        crate::needing("recovery::nethack36_a_typo_in_the_first_level_is_one_error_and_the_later_levels_draw", true, nethack36_a_typo_in_the_first_level_is_one_error_and_the_later_levels_draw),
        crate::needing("recovery::nethack36_two_typos_in_a_level_are_two_errors", true, nethack36_two_typos_in_a_level_are_two_errors),
        crate::needing("recovery::nethack36_an_unknown_keyword_is_one_error_with_its_correction", true, nethack36_an_unknown_keyword_is_one_error_with_its_correction),
        crate::needing("recovery::nethack36_an_unterminated_room_block_is_one_error_at_the_next_level", true, nethack36_an_unterminated_room_block_is_one_error_at_the_next_level),
        crate::needing("recovery::nethack36_an_unterminated_if_block_is_one_error_at_the_next_level", true, nethack36_an_unterminated_if_block_is_one_error_at_the_next_level),
        crate::needing("recovery::nethack36_a_statement_cut_at_the_end_is_one_error", true, nethack36_a_statement_cut_at_the_end_is_one_error),
        crate::needing("recovery::nethack36_an_unterminated_string_is_one_error", true, nethack36_an_unterminated_string_is_one_error),
        crate::needing("recovery::nethack36_every_shipped_file_with_a_misspelt_statement_loses_only_that_level", crate::corpus_present(), nethack36_every_shipped_file_with_a_misspelt_statement_loses_only_that_level),
    ]
}
