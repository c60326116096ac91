//! `vaultwright render`: levels, rooms, dungeon graphs and DCSS vaults
//! drawn in the terminal with the games' glyphs and colours.

use super::*;

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn render_draws_the_dungeon_graph_and_a_roll() {
    let out = bin()
        .arg("render")
        .arg(corpus().join("des/dungeon.def"))
        .args(["--seed", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "branch graph:",
        "rolled layout (seed 5):",
        "The Gnomish Mines",
        "Sokoban (stair up)",
        "medusa",
        "Vlad's Tower",
    ] {
        assert!(text.contains(needle), "{needle} missing in {text}");
    }
}

/// FNV-1a of a text: the corpus's levels are not ours to copy into the
/// repository, so their drawings are held to a digest.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Maze and room levels drawn as text: the corpus's each equal to the
/// digest of its drawing kept in `tests/fixtures/render/corpus.digests`
/// (and nearly every wall of its `MAP` drawn), a room level
/// of our own equal to its golden drawing; `VAULTWRIGHT_BLESS=1` rewrites
/// both.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn render_draws_maze_and_room_levels() {
    let mut digests = String::new();
    for (file, level) in [
        ("castle.des", None),
        ("oracle.des", Some("oracle")),
        ("bigroom.des", Some("bigrm-3")),
        ("knox.des", None),
    ] {
        let path = corpus().join("des").join(file);
        let mut cmd = bin();
        cmd.arg("render").arg(&path);
        if let Some(l) = level {
            cmd.args(["--level", l]);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{file}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.contains("\x1b["), "no colour when not a terminal");
        let walls = |t: &str| t.chars().filter(|c| matches!(c, '-' | '|')).count();
        let source = std::fs::read_to_string(&path).unwrap();
        let level_source = match level {
            Some(l) => source
                .split("MAZE")
                .find(|part| part.contains(&format!("\"{l}\"")))
                .unwrap_or_default(),
            None => source.split("MAZE").nth(1).unwrap_or_default(),
        };
        let mut in_map = false;
        let mut map = String::new();
        for line in level_source.lines() {
            match line.trim_end() {
                "MAP" => in_map = true,
                "ENDMAP" => in_map = false,
                row if in_map => map.push_str(row),
                _ => {}
            }
        }
        // A room level has no MAP: its rooms have walls all the same.
        assert!(walls(&text) > 0, "{file}: nothing drawn:\n{text}");
        // Features the level adds (a drawbridge) stand on a few walls.
        assert!(
            walls(&text) * 10 >= walls(&map) * 9,
            "{file}: walls missing:\n{text}"
        );
        digests.push_str(&format!("{file} {:016x}\n", digest(&text)));
    }
    let golden = repo().join("tests/fixtures/render/corpus.digests");
    if let Err(e) = common::golden(&golden, &digests) {
        panic!("{e}");
    }
    let out = bin()
        .arg("render")
        .arg(repo().join("static/examples/tiny-rooms.des"))
        .args(["--seed", "7"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let golden = repo().join("tests/fixtures/render/tiny-rooms-seed-7.txt");
    if let Err(e) = common::golden(&golden, &text) {
        panic!("{e}");
    }
}

/// Sub-rooms placed near `INT_MAX` with corridors between their rooms: the
/// drawing walks only what lies inside it (this once walked two billion
/// steps and took half a minute).
#[test]
fn render_draws_rooms_with_far_subrooms_and_corridors() {
    let dir = tempdir("far-subrooms");
    let des = dir.join("far.des");
    std::fs::write(
        &des,
        "LEVEL:\"far\"\n\
         ROOM:\"ordinary\",lit,(1,1),(center,center),(10,5)\n\
         SUBROOM:\"ordinary\",lit,(2147483000,2147483000),(2,2),\"a\"\n\
         ROOM:\"ordinary\",lit,(5,1),(center,center),(10,5)\n\
         SUBROOM:\"ordinary\",lit,(-2147483000,2147483647),(2147483647,2),\"b\"\n\
         CORRIDOR:(0,east,0),(1,west,0)\n\
         CORRIDOR:(0,south,0),(1,north,0)\n",
    )
    .unwrap();
    let out = bin().arg("render").arg(&des).output().unwrap();
    // The second sub-room is the original's "Invalid subroom position !";
    // the level is drawn all the same.
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("room 0: ordinary 10x5"), "{text}");
    assert!(
        text.contains("room 1: ordinary 2x2 at (4097,4097)"),
        "{text}"
    );
    assert!(text.contains('#'), "the corridors are drawn: {text}");
}

/// A map part with a named monster of each kind of colour, a random
/// monster, a random object and a random monster of a fixed class.
const GLYPHS_DES: &str = "MAZE:\"glyphs\",' '
GEOMETRY:center,center
MAP
-----
|...|
|...|
-----
ENDMAP
MONSTER:'D',\"red dragon\",(1,1)
MONSTER:random,random,(2,1)
OBJECT:random,random,(3,1)
MONSTER:'d',\"jackal\",(1,2),asleep
MONSTER:'D',random,(2,2)
";

#[test]
fn render_draws_the_games_glyphs_and_colours_with_a_legend() {
    let dir = tempdir("glyphs");
    let file = dir.join("glyphs.des");
    std::fs::write(&file, GLYPHS_DES).unwrap();
    let run = |args: &[&str]| {
        let out = bin().arg("render").arg(&file).args(args).output().unwrap();
        assert_succeeded(&out);
        String::from_utf8(out.stdout).unwrap()
    };
    let plain = run(&[]);
    assert!(
        plain.contains("|D◆◇|\n") && plain.contains("|dD.|\n"),
        "{plain}"
    );
    assert!(
        plain.contains("  d (38,11) jackal, asleep · at (01,02) in the map part · level (38,11)\n"),
        "{plain}"
    );
    assert!(!plain.contains("legend:"), "no legend when not a terminal");
    assert!(!plain.contains("\x1b["), "no colour when not a terminal");

    let with_legend = run(&["--legend", "always"]);
    let legend = with_legend
        .split_once("legend:\n")
        .map(|(_, l)| l)
        .unwrap_or_default();
    assert_eq!(
        legend,
        "  \u{2420}  stone  ×1660
  -  wall  ×10
  .  room floor  ×6
  |  wall  ×4
  D  monster: red dragon  ×1
  ◆  monster: random monster (any class)  ×1
  d  monster: jackal  ×1
  D  monster: random 'D' (class fixed, kind chosen by the game)  ×1
  ◇  object: random object (any class)  ×1
"
    );

    // The games' sixteen colours as the terminal's own (red 31, brown
    // 33, grey 37); the two colours of random picks from the 256 table.
    let coloured = run(&["--color", "always"]);
    for sgr in [
        "\x1b[31mD\x1b[0m",
        "\x1b[33md\x1b[0m",
        "\x1b[37m|\x1b[0m",
        "\x1b[38;5;251m◆\x1b[0m",
        "\x1b[38;5;183mD\x1b[0m",
    ] {
        assert!(coloured.contains(sgr), "{sgr:?} missing in {coloured:?}");
    }
}

#[test]
fn render_realises_a_dcss_vault_for_a_seed() {
    let file = repo().join("static/examples/crypt.des");
    let run = |seed: &str| {
        let out = bin()
            .args([
                "render",
                "--vault",
                "vaultwright_example_crypt",
                "--seed",
                seed,
            ])
            .arg(&file)
            .output()
            .expect("run");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let a = run("3");
    assert_eq!(a, run("3"), "the same seed gives the same realisation");
    let maps: std::collections::HashSet<String> = (0..8)
        .map(|s| {
            run(&s.to_string())
                .lines()
                .take(8)
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    assert!(maps.len() > 1, "seeds never change the realisation");
    // SUBST/NSUBST/SHUFFLE glyphs are all replaced: none is left in the map.
    let map: Vec<&str> = a.lines().skip(1).take(7).collect();
    assert_eq!(map.len(), 7, "{a}");
    assert!(
        map.iter()
            .all(|r| r.chars().count() == 11 && !r.contains(['?', 'A'])),
        "{a}"
    );
    assert!(a.contains("mummy"), "KMONS spec listed: {a}");
    // Rock walls as the game draws them; the KITEM as an item slot.
    assert!(map[0].chars().all(|c| c == '#'), "{a}");
    assert!(
        a.contains("`r`: KITEM scroll of teleportation · at "),
        "{a}"
    );
    let out = bin()
        .args(["render", "--vault", "nope"])
        .arg(&file)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("vaultwright_example_crypt"));
}

/// The level builders 3.6 and 5.0 share (selections, the maze walk,
/// `wallify_map`), seen through the drawings of corpus levels that use
/// them, each held to a digest in `tests/fixtures/render/builders.digests`
/// (`VAULTWRIGHT_BLESS=1` rewrites it).
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn render_draws_the_shared_builders() {
    let shared = common::shared_dir().expect("../shared is missing: this test draws its levels");
    let mut digests = String::new();
    for (file, level) in [
        ("nethack-3.7/dat/castle.lua", None),
        ("nethack-3.7/dat/bigrm-10.lua", None),
        ("nethack-3.7/dat/bigrm-5.lua", None),
        ("nethack-3.7/dat/minend-3.lua", None),
        ("nethack-3.7/dat/Cav-loca.lua", None),
        ("nethack-3.6.6/des/mines.des", Some("minend-3")),
        ("nethack-3.6.6/des/castle.des", None),
        ("nethack-3.6.6/des/Caveman.des", Some("Cav-loca")),
    ] {
        let mut cmd = bin();
        cmd.arg("render")
            .arg(shared.join("corpus").join(file))
            .args(["--seed", "3"]);
        if let Some(l) = level {
            cmd.args(["--level", l]);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{file}");
        let text = String::from_utf8(out.stdout).unwrap();
        digests.push_str(&format!("{file} {:016x}\n", digest(&text)));
    }
    let golden = repo().join("tests/fixtures/render/builders.digests");
    if let Err(e) = common::golden(&golden, &digests) {
        panic!("{e}");
    }
}

/// A layout made all in Lua (crawl's honeycomb runs some ten million
/// steps) is drawn at the level's size by `render`; under the studio's
/// preview budget, and for a map-less vault whose Lua never ends, the
/// drawing is empty and says why.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn render_draws_a_layout_made_in_lua_or_says_why_not() {
    let shared =
        common::shared_dir().expect("../shared is missing: this test draws crawl's layouts");
    let layouts = shared.join("corpus/dcss/des/builder/layout_pools.des");
    let draw = |steps: &str| {
        let out = bin()
            .args(["render", "--vault", "layout_honeycomb", "--legend", "never"])
            .args(["--color", "never", "--lua-steps", steps])
            .arg(&layouts)
            .output()
            .expect("run");
        assert_succeeded(&out);
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let drawn = draw("100");
    let rows: Vec<&str> = drawn
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("note:"))
        .collect();
    assert_eq!(rows.len(), 70, "{drawn}");
    assert!(rows.iter().all(|r| r.chars().count() == 80), "{drawn}");
    assert!(rows.iter().any(|r| r.contains('.')), "no floor: {drawn}");
    let cut_short = draw("2");
    assert!(
        cut_short.contains("ran past 2 million steps")
            && cut_short.contains("nothing is drawn: its map is made in Lua"),
        "{cut_short}"
    );

    let dir = tempdir("endless-layout");
    let des = dir.join("endless.des");
    std::fs::write(
        &des,
        "NAME: endless\nORIENT: encompass\n: while true do crawl.random2(9) end\n",
    )
    .unwrap();
    let out = bin()
        .arg("render")
        .arg(&des)
        .args(["--lua-steps", "20"])
        .output()
        .expect("run");
    assert_succeeded(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("the vault's Lua stopped at line 3 (ran past 20 million steps"),
        "{text}"
    );
}

/// A vault's Lua builds the game's own maps into its drawing, as crawl's
/// Vaults layouts do: chosen from the vault files beside the library by
/// tag (at the vault's depth, by weight, never a dummy) or by name,
/// inspected cell by cell, and drawn mirrored and turned where the Lua
/// says (the Lua asserts what it reads; the level is held to a golden).
#[test]
fn render_builds_maps_from_the_games_index() {
    let placer = repo().join("tests/fixtures/dcss-index/des/placer.des");
    let out = bin()
        .args(["render", "--legend", "never", "--color", "never"])
        .arg(&placer)
        .output()
        .expect("run");
    assert_succeeded(&out);
    let drawn = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        drawn.contains("the vault's Lua ran for this seed"),
        "{drawn}"
    );
    let golden = repo().join("tests/fixtures/dcss-index/placer.render");
    if let Err(e) = common::golden(&golden, &drawn) {
        panic!("{e}");
    }
}

/// The whole levels crawl's C++ builds for its layout vaults
/// (`dgn-swamp.cc`, `dgn-layouts.cc`, `dgn-shoals.cc`), drawn at the level's size for two
/// seeds, each drawing held to a digest in
/// `tests/fixtures/render/levels.digests` (`VAULTWRIGHT_BLESS=1`
/// rewrites it).
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn render_draws_the_games_whole_level_builders() {
    let shared = common::shared_dir().expect("../shared is missing: this test draws its layouts");
    let layouts = shared.join("corpus/dcss/des/builder/layout_cc.des");
    let mut digests = String::new();
    for vault in WHOLE_LEVELS {
        for seed in ["1", "2"] {
            let out = bin()
                .args(["render", "--legend", "never", "--color", "never"])
                .args(["--vault", vault, "--seed", seed])
                .arg(&layouts)
                .output()
                .expect("run");
            assert_succeeded(&out);
            let text = String::from_utf8(out.stdout).expect("utf-8");
            let rows: Vec<&str> = text
                .lines()
                .skip(1)
                .take_while(|l| !l.starts_with("note:"))
                .collect();
            assert_eq!(rows.len(), 70, "{vault}: {text}");
            assert!(text.contains("the vault's Lua ran for this seed"), "{text}");
            digests.push_str(&format!("{vault} {seed} {:016x}\n", digest(&text)));
        }
    }
    let golden = repo().join("tests/fixtures/render/levels.digests");
    if let Err(e) = common::golden(&golden, &digests) {
        panic!("{e}");
    }
}

/// The layout vaults of `layout_cc.des` whose level crawl's C++ builds.
const WHOLE_LEVELS: &[&str] = &[
    "layout_basic",
    "layout_basic_swamp",
    "layout_bigger_room",
    "layout_chaotic_city",
    "layout_shoals",
];
