//! The builder's functions run from a vault's Lua on the vault's map:
//! exact rows where a function draws no lots, what must hold of the map
//! where it does.

use super::super::{Limits, Outcome, PreparedMap};
use crate::dcss::parse;

/// A vault of `map`'s rows whose Lua (after the map) is `lua`.
fn vault(map: &[&str], lua: &[&str]) -> String {
    let mut src = String::from("NAME: t\nMAP\n");
    for row in map {
        src += row;
        src += "\n";
    }
    src += "ENDMAP\n";
    for line in lua {
        src += ": ";
        src += line;
        src += "\n";
    }
    src
}

fn run(map: &[&str], lua: &[&str], seed: u64) -> Outcome {
    let src = vault(map, lua);
    let file = parse(&src);
    PreparedMap::new(&src, &file, &file.vaults[0], None).run(seed, Limits::default())
}

/// The rows the Lua left, which must have run to its end.
fn rows(map: &[&str], lua: &[&str], seed: u64) -> Vec<String> {
    let o = run(map, lua, seed);
    assert_eq!(o.stop, None, "{lua:?}: {o:?}");
    o.lines
        .iter()
        .map(|l| String::from_utf8_lossy(l).into_owned())
        .collect()
}

/// The message the Lua stopped with.
fn stop(map: &[&str], lua: &[&str]) -> String {
    run(map, lua, 0).stop.expect("a stop").message
}

/// A map `w` by `h` of `g`.
fn plain(w: usize, h: usize, g: char) -> Vec<String> {
    vec![g.to_string().repeat(w); h]
}

fn refs(rows: &[String]) -> Vec<&str> {
    rows.iter().map(String::as_str).collect()
}

fn count(rows: &[String], g: char) -> usize {
    rows.iter()
        .map(|r| r.chars().filter(|&c| c == g).count())
        .sum()
}

/// The cells holding `g`, as (x, y).
fn cells(rows: &[String], g: u8) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.bytes().enumerate() {
            if c == g {
                out.push((x, y));
            }
        }
    }
    out
}

fn only(rows: &[String], allowed: &str) -> bool {
    rows.iter().all(|r| r.chars().all(|c| allowed.contains(c)))
}

#[test]
fn make_circle_draws_the_cells_within_the_radius_and_a_half() {
    let map = plain(7, 7, '.');
    let got = rows(&refs(&map), &["make_circle{x = 3, y = 3, radius = 2}"], 0);
    assert_eq!(
        got,
        [".......", "..xxx..", ".xxxxx.", ".xxxxx.", ".xxxxx.", "..xxx..", "......."]
    );
    // A huge radius is cut to the map, not walked.
    let got = rows(
        &refs(&map),
        &["make_circle{x = 0, y = 6, radius = 1000000000, fill = 'l'}"],
        0,
    );
    assert_eq!(got, plain(7, 7, 'l'));
    assert_eq!(
        stop(&refs(&map), &["make_circle{x = 7, y = 0}"]),
        "Invalid x coordinate: 7"
    );
    assert_eq!(
        stop(&refs(&map), &["make_circle{x = 'a', y = 0}"]),
        "'x' in table, but not an int."
    );
}

#[test]
fn make_diamond_draws_within_its_steps_and_refuses_an_edge() {
    let map = plain(7, 7, '.');
    let got = rows(
        &refs(&map),
        &["make_diamond{x = 3, y = 3, radius = 2, fill = 'x'}"],
        0,
    );
    assert_eq!(
        got,
        [".......", "...x...", "..xxx..", ".xxxxx.", "..xxx..", "...x...", "......."]
    );
    assert_eq!(
        stop(&refs(&map), &["make_diamond{x = 1, y = 3, radius = 2}"]),
        "make_diamond arguments too large: (1, 3, 2)"
    );
    assert_eq!(
        stop(&refs(&map), &["make_diamond{x = 6, y = 3, radius = 2}"]),
        "make_diamond arguments too large: (6, 3, 2) on map size (7, 7)"
    );
}

#[test]
fn make_square_and_make_rounded_square() {
    let map = plain(5, 5, '.');
    let got = rows(&refs(&map), &["make_square{x = 1, y = 1, radius = 1}"], 0);
    assert_eq!(got, ["xxx..", "xxx..", "xxx..", ".....", "....."]);
    let got = rows(
        &refs(&map),
        &["make_rounded_square{x = 2, y = 2, radius = 2}"],
        0,
    );
    assert_eq!(got, [".xxx.", "xxxxx", "xxxxx", "xxxxx", ".xxx."]);
    // Radius 0's one cell is its own corner.
    let got = rows(
        &refs(&map),
        &["make_rounded_square{x = 2, y = 2, radius = 0}"],
        0,
    );
    assert_eq!(got, plain(5, 5, '.'));
}

#[test]
fn make_box_walls_a_box_and_floors_its_inside() {
    let map = plain(6, 5, 'v');
    let got = rows(
        &refs(&map),
        &["make_box{x1 = 0, y1 = 0, x2 = 4, y2 = 3}"],
        0,
    );
    assert_eq!(got, ["xxxxxv", "x...xv", "x...xv", "xxxxxv", "vvvvvv"]);
    let got = rows(
        &refs(&map),
        &["make_box{x1 = 0, y1 = 0, x2 = 5, y2 = 4, thickness = 2, wall = 'c', floor = 'l'}"],
        0,
    );
    assert_eq!(got, ["cccccc", "cccccc", "ccllcc", "cccccc", "cccccc"]);
    assert_eq!(
        stop(&refs(&map), &["make_box{x1 = 0, y1 = 0, x2 = 6, y2 = 3}"]),
        "make_box arguments too large: (6, 3) on map size (6, 5)"
    );
    assert_eq!(
        stop(&refs(&map), &["make_box{floor = 'ab'}"]),
        "'floor' has more than one character."
    );
}

#[test]
fn make_box_doors_cuts_doors_where_both_sides_are_open() {
    let map = [
        ".......", ".xxxxx.", ".x...x.", ".x...x.", ".xxxxx.", ".......",
    ];
    for seed in 0..8 {
        let got = rows(
            &map,
            &[
                "local n = make_box_doors{x1 = 1, y1 = 1, x2 = 5, y2 = 4, number = 2}",
                "assert(n == 2)",
            ],
            seed,
        );
        // A door may be cut twice in one place.
        let doors = cells(&got, b'+');
        assert!((1..=2).contains(&doors.len()), "{got:?}");
        for &(x, y) in &doors {
            let corner = (x == 1 || x == 5) && (y == 1 || y == 4);
            let on_wall = x == 1 || x == 5 || y == 1 || y == 4;
            assert!(on_wall && !corner, "{got:?}");
        }
        assert_eq!(count(&got, 'x') + doors.len(), 14, "{got:?}");
    }
    // Walled in, no door fits: crawl gives up after a hundred tries each.
    let shut = ["xxxxxxx", "xxxxxxx", "xx...xx", "xxxxxxx", "xxxxxxx"];
    let got = rows(
        &shut,
        &["assert(make_box_doors{x1 = 1, y1 = 1, x2 = 5, y2 = 3, number = 3} == 0)"],
        0,
    );
    assert_eq!(got, shut);
}

#[test]
fn make_round_box_draws_a_walled_ellipse_with_a_door_in_a_straight_wall() {
    let map = plain(9, 9, '.');
    for seed in 0..6 {
        let got = rows(
            &refs(&map),
            &["assert(make_round_box{x1 = 1, y1 = 1, x2 = 7, y2 = 7} == true)"],
            seed,
        );
        let doors = cells(&got, b'+');
        assert_eq!(doors.len(), 1, "{got:?}");
        assert!(
            [(4, 1), (4, 7), (1, 4), (7, 4)].contains(&doors[0]),
            "{got:?}"
        );
        let walls: Vec<String> = got.iter().map(|r| r.replace('+', "x")).collect();
        assert_eq!(
            walls,
            [
                ".........",
                "...xxx...",
                "..xx.xx..",
                ".xx...xx.",
                ".x.....x.",
                ".xx...xx.",
                "..xx.xx..",
                "...xxx...",
                ".........",
            ]
        );
    }
    // No door fits in rock, so with the veto nothing is drawn.
    let rock = plain(9, 9, 'x');
    let got = rows(
        &refs(&rock),
        &["assert(make_round_box{x1 = 1, y1 = 1, x2 = 7, y2 = 7, wall = 'c', veto_if_no_doors = true} == false)"],
        0,
    );
    assert_eq!(got, rock);
}

#[test]
fn octa_room_cuts_the_corners_of_its_box() {
    let map = plain(7, 5, '.');
    let got = rows(
        &refs(&map),
        &["octa_room{oblique = 1, outside = 'x', inside = '.'}"],
        0,
    );
    assert_eq!(got, ["x.....x", ".......", ".......", ".......", "x.....x"]);
    let got = rows(
        &refs(&map),
        &["octa_room{x1 = 1, y1 = 0, x2 = 5, y2 = 4, oblique = 2, inside = 'l'}"],
        0,
    );
    assert_eq!(got, [".xxlxx.", ".xlllx.", ".lllll.", ".xlllx.", ".xxlxx."]);
    // Only the glyphs of `replace` change.
    let got = rows(&refs(&map), &["octa_room{oblique = 1, replace = 'b'}"], 0);
    assert_eq!(got, plain(7, 5, '.'));
}

#[test]
fn make_irregular_box_encloses_a_room_with_its_doors() {
    let map = plain(16, 14, '.');
    for seed in 0..6 {
        let got = rows(
            &refs(&map),
            &["make_irregular_box{x1 = 1, y1 = 1, x2 = 14, y2 = 12, div_x = 3, div_y = 3, in_x = 3, in_y = 3, door_count = 2, wall = 'c'}"],
            seed,
        );
        assert!(only(&got, ".c+"), "{got:?}");
        assert_eq!(count(&got, '+'), 2, "{got:?}");
        // The outermost ring is outside the box and stays; the room's
        // floor is not reached from it without passing a door.
        assert_eq!(got[0], ".".repeat(16));
        let grid: Vec<&[u8]> = got.iter().map(|r| r.as_bytes()).collect();
        let mut seen = vec![vec![false; 16]; 14];
        let mut todo = vec![(0usize, 0usize)];
        seen[0][0] = true;
        while let Some((x, y)) = todo.pop() {
            let near = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (nx, ny) in near {
                if nx < 16 && ny < 14 && !seen[ny][nx] && grid[ny][nx] == b'.' {
                    seen[ny][nx] = true;
                    todo.push((nx, ny));
                }
            }
        }
        let inside = (0..14)
            .flat_map(|y| (0..16).map(move |x| (x, y)))
            .filter(|&(x, y)| grid[y][x] == b'.' && !seen[y][x])
            .count();
        assert!(inside > 0, "{got:?}");
    }
    // Too small to step: a plain box.
    let small = plain(4, 3, '.');
    let got = rows(&refs(&small), &["make_irregular_box{door_count = 0}"], 0);
    assert_eq!(got, ["xxxx", "x..x", "xxxx"]);
}

#[test]
fn the_counting_functions_count_as_crawl_does() {
    let map = ["xx..", "x.+.", "...."];
    let lua = [
        "assert(count_feature_in_box{feat = 'x'} == 3)",
        "assert(count_feature_in_box{x1 = 0, y1 = 0, x2 = 1, y2 = 1, feat = 'x.'} == 4)",
        "assert(count_antifeature_in_box{feat = 'x'} == 9)",
        "assert(count_antifeature_in_box{x1 = -1, y1 = 0, x2 = 0, y2 = 0, feat = 'x'} == 1)",
        "assert(count_neighbors{x = 1, y = 1, feat = 'x'} == 3)",
        "assert(count_neighbors{x = 0, y = 0, feat = 'x'} == 3)",
        "assert(count_passable_neighbors{x = 1, y = 1} == 5)",
        "assert(count_passable_neighbors{x = 1, y = 1, passable = '+'} == 1)",
        "assert(is_passable_coord{x = 2, y = 1})",
        "assert(not is_passable_coord{x = 0, y = 0})",
        "assert(find_in_area{x1 = 2, y1 = 0, x2 = 3, y2 = 2, find = '+'})",
        "assert(not find_in_area{x1 = 2, y1 = 0, x2 = 3, y2 = 0})",
        "assert(find_in_area{})",
        "local a, b, c, d = primary_vault_dimensions()",
        "assert(a == nil and b == nil and c == nil and d == nil)",
    ];
    assert_eq!(rows(&map, &lua, 0), map);
    assert_eq!(
        stop(&map, &["count_neighbors{x = 4, y = 0}"]),
        "Invalid x coordinate: 4"
    );
    assert_eq!(
        stop(&map, &["is_passable_coord{x = 0, y = -1}"]),
        "Invalid y coordinate: -1"
    );
    assert_eq!(
        stop(&map, &["count_passable_neighbors{x = 9, y = 0}"]),
        "Invalid x coordinate: 9"
    );
    assert_eq!(
        stop(&map, &["find_in_area{find_vault = 1}"]),
        "'find_vault' in table, but not a bool."
    );
    assert_eq!(
        stop(&map, &["count_feature_in_box{feat = {}}"]),
        "'feat' in table, but not a string."
    );
}

#[test]
fn farthest_from_walks_passable_ground_from_the_beacons() {
    let map = ["@....", "xxxx.", "....."];
    let lua = [
        "local x, y = farthest_from('@')",
        "assert(x == 0 and y == 2, tostring(x) .. ',' .. tostring(y))",
        "local none_x, none_y = farthest_from('Z')",
        "assert(none_x == nil and none_y == nil)",
    ];
    assert_eq!(rows(&map, &lua, 0), map);
    assert_eq!(
        stop(&map, &["farthest_from()"]),
        "bad argument #2 to 'farthest_from' (string expected, got no value)"
    );
    let wide = plain(81, 2, '.');
    assert!(stop(&refs(&wide), &["farthest_from('.')"]).contains("larger than a level"));
}

#[test]
fn replace_area_and_replace_first() {
    let map = ["x.x.", "..xx"];
    let got = rows(
        &map,
        &["replace_area{x1 = 0, y1 = 0, x2 = 2, y2 = 1, find = 'x', replace = 'c'}"],
        0,
    );
    assert_eq!(got, ["c.c.", "..cx"]);
    assert!(stop(&map, &["replace_area{replace = 'c'}"]).contains("no 'find'"));

    let row = ["....x", "....."];
    let got = rows(
        &row,
        &["replace_first{x = 0, y = 0, xdir = 1, ydir = 0, find = 'x', replace = '+'}"],
        0,
    );
    assert_eq!(got, ["....+", "....."]);
    let got = rows(
        &row,
        &["replace_first{x = 4, y = 1, xdir = 0, ydir = -1, find = 'x', replace = '+'}"],
        0,
    );
    assert_eq!(got, ["....+", "....."]);
    assert_eq!(
        stop(&row, &["replace_first{find = 'x', replace = '+'}"]),
        "Invalid xdir: 2"
    );
    assert!(stop(
        &row,
        &["replace_first{xdir = 0, ydir = 0, find = 'x', replace = '+'}"]
    )
    .contains("would hang"));
    assert_eq!(
        stop(&row, &["replace_first{x = 0, y = 1, xdir = 1, ydir = 0, find = 'x', replace = '+', required = true}"]),
        "Could not find feature 'x' to replace"
    );
}

#[test]
fn replace_random_takes_one_of_the_glyphs() {
    let map = ["a.a.", "..a."];
    for seed in 0..6 {
        let got = rows(&map, &["replace_random{find = 'a', replace = 'b'}"], seed);
        assert_eq!((count(&got, 'a'), count(&got, 'b')), (2, 1), "{got:?}");
    }
    assert_eq!(
        stop(
            &map,
            &["replace_random{find = 'z', replace = 'b', required = true}"]
        ),
        "Could not find 'z'"
    );
    assert_eq!(
        rows(&map, &["replace_random{find = 'z', replace = 'b'}"], 0),
        map
    );
}

#[test]
fn replace_closest_takes_the_nearest_and_breaks_ties_by_lot() {
    let map = ["a...a", "....."];
    let got = rows(
        &map,
        &["replace_closest{x = 1, y = 1, find = 'a', replace = 'b'}"],
        0,
    );
    assert_eq!(got, ["b...a", "....."]);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..12 {
        let got = rows(
            &map,
            &["replace_closest{x = 2, y = 0, find = 'a', replace = 'b'}"],
            seed,
        );
        assert_eq!((count(&got, 'a'), count(&got, 'b')), (1, 1));
        seen.insert(got);
    }
    assert_eq!(seen.len(), 2);
    assert_eq!(
        stop(
            &map,
            &["replace_closest{find = 'q', replace = 'b', required = true}"]
        ),
        "Could not find 'q'"
    );
}

#[test]
fn spotty_map_eats_spots_out_from_the_floor() {
    let mut map = plain(24, 20, 'x');
    map[10].replace_range(11..13, "..");
    for seed in 0..4 {
        let got = rows(
            &refs(&map),
            &["spotty_map{boxy = true, iterations = 40}"],
            seed,
        );
        assert!(only(&got, "x."), "{got:?}");
        assert!(count(&got, '.') > 2, "{got:?}");
        // Spot centres keep four cells in, spots reach one cell out.
        for (x, y) in cells(&got, b'.') {
            assert!((3..=20).contains(&x) && (3..=16).contains(&y), "{got:?}");
        }
    }
    // Nothing to grow from: crawl gives up after its tries.
    let rock = plain(24, 20, 'x');
    assert_eq!(rows(&refs(&rock), &["spotty_map{}"], 0), rock);
}

#[test]
fn smear_map_grows_walls_from_walls_in_crawls_columns() {
    let mut map = plain(20, 12, '.');
    for row in &mut map {
        row.replace_range(0..1, "x");
        row.replace_range(19..20, "x");
    }
    for seed in 0..4 {
        let got = rows(&refs(&map), &["smear_map{iterations = 30}"], seed);
        assert!(only(&got, "x."), "{got:?}");
        let added = count(&got, 'x') - 24;
        assert!((1..=30).contains(&added), "{got:?}");
        // crawl draws the column up to y2 - 1 = 10: the right wall
        // never grows.
        for (x, _) in cells(&got, b'x') {
            assert!(x <= 10 || x == 19, "{got:?}");
        }
    }
    assert!(
        stop(&refs(&map), &["smear_map{x1 = 5, y1 = 0, x2 = 9, y2 = 4}"])
            .contains("crawl's assertion")
    );
}

#[test]
fn remove_isolated_glyphs_takes_lone_glyphs_but_not_the_edge() {
    let map = ["x......", ".x...x.", ".xx....", "......."];
    let got = rows(
        &map,
        &["remove_isolated_glyphs{find = 'x', replace = '.'}"],
        0,
    );
    assert_eq!(got, ["x......", ".x.....", ".xx....", "......."]);
    let diagonal = [".....", ".x...", "..x..", "....."];
    let got = rows(&diagonal, &["remove_isolated_glyphs{find = 'x'}"], 0);
    assert_eq!(got, plain(5, 4, '.'));
    let got = rows(
        &diagonal,
        &["remove_isolated_glyphs{find = 'x', boxy = true}"],
        0,
    );
    assert_eq!(got, diagonal);
    let got = rows(
        &diagonal,
        &["remove_isolated_glyphs{find = 'x', percent = 0}"],
        0,
    );
    assert_eq!(got, diagonal);
    assert_eq!(
        stop(&diagonal, &["remove_isolated_glyphs{find = 'x', boxy = 1}"]),
        "'boxy' in table, but not a bool."
    );
}

#[test]
fn widen_paths_takes_walls_beside_ground() {
    let map = ["xxxxx", "x.x.x", "xxxxx"];
    let got = rows(&map, &["widen_paths{find = 'x'}"], 0);
    assert_eq!(got, ["xxxxx", "x...x", "xxxxx"]);
    assert_eq!(
        rows(&map, &["widen_paths{find = 'x', percent = 0}"], 0),
        map
    );
    let deep = plain(9, 9, 'x');
    let mut deep = deep;
    deep[4].replace_range(4..5, ".");
    for seed in 0..4 {
        let got = rows(
            &refs(&deep),
            &["widen_paths{find = 'x', percent = 30, boxy = true}"],
            seed,
        );
        // Only the eight walls beside the one floor can go.
        assert!((1..=9).contains(&count(&got, '.')), "{got:?}");
        for (x, y) in cells(&got, b'.') {
            assert!((3..=5).contains(&x) && (3..=5).contains(&y), "{got:?}");
        }
    }
}

#[test]
fn add_windows_sees_through_straight_walls() {
    let map = [".....", "xxxxx", "....."];
    let got = rows(&map, &["add_windows{}"], 0);
    assert_eq!(got, [".....", "xmmmx", "....."]);
    let thick = [".....", "xxxxx", "xxxxx", "....."];
    assert_eq!(rows(&thick, &["add_windows{}"], 0), thick);
}

#[test]
fn remove_disconnected_doors_keeps_the_doors_in_walls() {
    let map = ["xxxxx", "x.+.x", "xx+xx", "x...x", "xxxxx"];
    let got = rows(&map, &["remove_disconnected_doors{}"], 0);
    assert_eq!(got, ["xxxxx", "x...x", "xx+xx", "x...x", "xxxxx"]);
    let corner = ["xxxx", "x+.x", "x..x", "xxxx"];
    let got = rows(&corner, &["remove_disconnected_doors{replace = 'c'}"], 0);
    assert_eq!(got, ["xxxx", "xc.x", "x..x", "xxxx"]);
}

#[test]
fn connect_adjacent_rooms_opens_one_cell_of_a_shared_wall() {
    let map = ["xxxxxxx", "x.....x", "xxxxxxx", "x.....x", "xxxxxxx"];
    for seed in 0..6 {
        let got = rows(
            &map,
            &["connect_adjacent_rooms{wall = 'x', floor = '.', replace = '+', min = 100, max = 100}"],
            seed,
        );
        let doors = cells(&got, b'+');
        assert_eq!(doors.len(), 1, "{got:?}");
        assert!(doors[0].1 == 2 && (1..=5).contains(&doors[0].0), "{got:?}");
    }
    assert_eq!(
        stop(&map, &["connect_adjacent_rooms{min = -1, max = 3}"]),
        "Invalid min connections: -1"
    );
    assert_eq!(
        stop(&map, &["connect_adjacent_rooms{min = 4, max = 3}"]),
        "Invalid max connections: 3 (min is 4)"
    );
}

#[test]
fn add_pools_fills_pools_that_never_touch_a_wall() {
    let mut map = plain(20, 14, '.');
    map[0] = "x".repeat(20);
    map[13] = "x".repeat(20);
    for row in &mut map {
        row.replace_range(0..1, "x");
        row.replace_range(19..20, "x");
    }
    for seed in 0..4 {
        let got = rows(
            &refs(&map),
            &["add_pools{pool_size = 12, contents = {w = 1, l = 0}, border = ','}"],
            seed,
        );
        assert!(only(&got, "x,w"), "{got:?}");
        assert!(count(&got, 'w') > 0, "{got:?}");
        let grid: Vec<&[u8]> = got.iter().map(|r| r.as_bytes()).collect();
        for (x, y) in cells(&got, b'w') {
            let near = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (nx, ny) in near {
                let g = grid.get(ny).and_then(|r| r.get(nx));
                assert_ne!(g, Some(&b'x'), "{got:?}");
            }
        }
    }
}

#[test]
fn delve_digs_caves_from_the_ground() {
    let mut map = plain(24, 18, 'x');
    map[9].replace_range(12..13, ".");
    for seed in 0..4 {
        let got = rows(&refs(&map), &["delve(2, 3, 0, 40)"], seed);
        assert!(only(&got, "x."), "{got:?}");
        let dug = count(&got, '.');
        assert!((10..=41).contains(&dug), "{dug}: {got:?}");
    }
    // With no ground, digging starts from the middle of the rock.
    let rock = plain(24, 18, 'x');
    let got = rows(&refs(&rock), &["delve(3, 3, 0, -1, 1)"], 1);
    assert!(count(&got, '.') > 10, "{got:?}");
    assert!(stop(&["..."], &["delve()"]).contains("no 'x'"));
    assert!(stop(&refs(&rock), &["delve(0)"]).contains("ngb_min"));
}

#[test]
fn join_the_dots_runs_a_corridor_between_two_cells() {
    let map = plain(7, 5, 'x');
    let got = rows(
        &refs(&map),
        &["join_the_dots{x1 = 1, y1 = 2, x2 = 5, y2 = 2}"],
        0,
    );
    assert_eq!(got, ["xxxxxxx", "xxxxxxx", "x.....x", "xxxxxxx", "xxxxxxx"]);
    let got = rows(
        &refs(&map),
        &["join_the_dots{x1 = 1, y1 = 2, x2 = 5, y2 = 2, thickness = 3}"],
        0,
    );
    assert_eq!(got, ["xxxxxxx", "x.....x", "x.....x", "x.....x", "xxxxxxx"]);
    for seed in 0..6 {
        let got = rows(
            &refs(&map),
            &["join_the_dots{x1 = 1, y1 = 1, x2 = 5, y2 = 3, fill = ','}"],
            seed,
        );
        // A corridor closing in one step at a time, across or down.
        assert_eq!(count(&got, ','), 7, "{got:?}");
        assert!(
            got[1].starts_with("x,") && got[3].ends_with(",x"),
            "{got:?}"
        );
    }
    assert_eq!(
        stop(
            &refs(&map),
            &["join_the_dots{x1 = 0, y1 = 0, x2 = 99, y2 = 0}"]
        ),
        "Invalid x coordinate: 99"
    );
}

#[test]
fn fill_disconnected_fills_regions_without_an_exit() {
    let map = ["xxxxxxx", "x..x..x", "x..x.@x", "xxxxxxx"];
    let got = rows(&map, &["fill_disconnected{}"], 0);
    assert_eq!(got, ["xxxxxxx", "xxxx..x", "xxxx.@x", "xxxxxxx"]);
    assert_eq!(rows(&map, &["fill_disconnected{wanted = '.'}"], 0), map);
    // Diagonal steps join a region.
    let map = ["xxxxx", "x.xxx", "xx.@x", "xxxxx"];
    assert_eq!(rows(&map, &["fill_disconnected{fill = 'c'}"], 0), map);
}

#[test]
fn a_call_asking_for_too_much_work_stops_the_run_as_a_hang() {
    let map = plain(5, 5, '.');
    let huge = ["make_round_box{x1 = -100000000, y1 = -100000000, x2 = 100000000, y2 = 100000000}"];
    let o = run(&refs(&map), &huge, 0);
    let stop = o.stop.expect("a stop");
    assert_eq!(stop.kind, crate::lua::sandbox::StopKind::Steps, "{stop:?}");
    assert_eq!(stop.line, 9);
    // Caught, it still stops the run.
    let caught = [
        "pcall(make_irregular_box, {div_x = 1000000000})",
        "map('after')",
    ];
    let o = run(&refs(&map), &caught, 0);
    assert_eq!(
        o.stop.map(|s| s.kind),
        Some(crate::lua::sandbox::StopKind::Steps)
    );
}
