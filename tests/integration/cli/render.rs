//! `vaultwright render`: levels, rooms, dungeon graphs and DCSS vaults
//! drawn in the terminal with the games' glyphs and colours.

use super::*;

#[test]
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

#[test]
fn render_draws_maze_and_room_levels() {
    for (file, level, needle) in [
        ("castle.des", None, "}}}}}"),
        ("oracle.des", Some("oracle"), "{"),
        ("bigroom.des", Some("bigrm-3"), "...."),
        ("knox.des", None, "|"),
    ] {
        let mut cmd = bin();
        cmd.arg("render").arg(corpus().join("des").join(file));
        if let Some(l) = level {
            cmd.args(["--level", l]);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{file}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(needle), "{file}: {text}");
        assert!(!text.contains("\x1b["), "no colour when not a terminal");
    }
    let out = bin()
        .arg("render")
        .arg(repo().join("static/examples/tiny-rooms.des"))
        .args(["--seed", "7"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("room 0: throne"), "{text}");
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
