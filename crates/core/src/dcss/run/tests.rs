//! Vault Lua run as crawl's level compiler runs it.

use super::expand::expanded;
use super::*;
use crate::dcss::parse;

fn outcome(src: &str, seed: u64) -> Outcome {
    let file = parse(src);
    let prepared = PreparedMap::new(src, &file, &file.vaults[0], None);
    prepared.run(seed, Limits::default())
}

fn calls(o: &Outcome) -> Vec<(Kw, &str)> {
    o.events
        .iter()
        .filter_map(|e| match e {
            Event::Call { kw, text, .. } => Some((*kw, text.as_str())),
            _ => None,
        })
        .collect()
}

#[test]
fn a_unique_placed_by_a_helper_of_the_files_prelude_is_its_one_cell() {
    let src = "{{\nfunction place_unique(e, monster)\n  e.mons(monster)\n  e.tags(\"place_unique\")\n  e.map(\"1\")\nend\n}}\n\nNAME: uniq_edmund\nDEPTH: D:4-6\n: place_unique(_G, \"Edmund\")\n";
    let o = outcome(src, 1);
    assert_eq!(o.stop, None);
    assert_eq!(o.lines, [b"1".to_vec()]);
    assert_eq!(
        calls(&o),
        [(Kw::Mons, "Edmund"), (Kw::Tags, "place_unique")]
    );
    assert_eq!(o.events.first(), Some(&Event::Header(0)));
}

#[test]
fn lua_after_the_map_meets_the_whole_map() {
    let src = "NAME: t\nMAP\nab\ncd\nENDMAP\n: mapgrd[0][0] = 'x'\n: subst(\"b = c\")\n: if mapgrd[1][1] == 'd' then kfeat(\"c = lava\") end\n";
    let o = outcome(src, 1);
    assert_eq!(o.stop, None, "{o:?}");
    assert_eq!(o.lines, [b"xc".to_vec(), b"cd".to_vec()]);
    assert_eq!(calls(&o), [(Kw::Subst, "b = c"), (Kw::Kfeat, "c = lava")]);
}

#[test]
fn a_transform_rewrites_the_map_when_it_runs_as_crawls_map_lines_does() {
    // The MAP runs first; then headers and Lua in source order, each
    // transform at once: the write before the SUBST is rewritten, the one
    // after it is kept, and Lua reads what the NSUBST chose.
    let src = "NAME: t\n: mapgrd[0][0] = 'a'\nSUBST: a = b\n: mapgrd[1][0] = 'a'\nNSUBST: c = 1:d / *:e\n: n = select('#', gly_points('d')) // 2\n: if n == 1 then mapgrd[0][1] = 'z' end\nMAP\n.c\ncc\nENDMAP\n";
    let o = outcome(src, 4);
    assert_eq!(o.stop, None, "{o:?}");
    assert_eq!(o.lines[0][..2], *b"ba");
    assert_eq!(o.lines[1][0], b'z', "Lua found the NSUBST's one d: {o:?}");
    assert!(!o.lines.concat().contains(&b'c'), "{o:?}");
}

#[test]
fn a_transform_lua_gives_that_crawl_cannot_read_stops_the_run() {
    let o = outcome("NAME: t\nMAP\n.\nENDMAP\n: subst(\"abc\")\n", 0);
    let stop = o.stop.expect("a stop");
    assert!(stop.message.contains("malformed declaration"), "{stop:?}");
}

#[test]
fn headers_under_a_lua_condition_apply_only_when_it_holds() {
    let src = "NAME: t\n: if crawl.one_chance_in(1) then\nSUBST: a = b\n: else\nSUBST: a = c\n: end\nMAP\na\nENDMAP\n";
    let file = parse(src);
    let o = PreparedMap::new(src, &file, &file.vaults[0], None).run(3, Limits::default());
    assert_eq!(o.stop, None, "{o:?}");
    let v = expanded(
        src,
        &vaultwright_model::source::LineIndex::new(src),
        &file.vaults[0],
        &o,
    );
    assert_eq!(o.lines, [b"b".to_vec()]);
    // The run applied it: the vault the game builds holds the map it
    // left, and no transform to apply twice.
    assert_eq!(v.grid().0, [b"b".to_vec()]);
    assert_eq!(v.directives("SUBST").count(), 0);
}

#[test]
fn a_seed_gives_one_realisation_and_seeds_differ() {
    let src = "NAME: t\nMAP\n.\nENDMAP\n: for i = 1, 8 do map(string.rep(crawl.coinflip() and 'x' or '.', 4)) end\n";
    assert_eq!(outcome(src, 5), outcome(src, 5));
    let lines: Vec<Vec<Vec<u8>>> = (0..6).map(|s| outcome(src, s).lines).collect();
    assert!(lines.iter().any(|l| *l != lines[0]));
}

#[test]
fn the_string_given_to_a_header_function_is_where_its_directive_lies() {
    let src = "NAME: t\nMAP\nA\nENDMAP\n: kmons(\"A = orc wizzard\")\n";
    let file = parse(src);
    let o = PreparedMap::new(src, &file, &file.vaults[0], None).run(0, Limits::default());
    let v = expanded(
        src,
        &vaultwright_model::source::LineIndex::new(src),
        &file.vaults[0],
        &o,
    );
    let d = v.directives("KMONS").next().expect("a KMONS");
    let span = d.args[0].1;
    assert_eq!(
        &src[span.start as usize..span.end as usize],
        "A = orc wizzard"
    );
}

#[test]
fn a_call_of_nothing_stops_the_run() {
    let o = outcome("NAME: t\nMAP\n.\nENDMAP\n: undefined_helper(_G)\n", 0);
    let stop = o.stop.expect("a stop");
    assert!(
        stop.message
            .starts_with("`undefined_helper` is not defined"),
        "{stop:?}"
    );
}

#[test]
fn a_call_of_the_games_own_unmodelled_builder_says_so() {
    let o = outcome("NAME: t\nMAP\nENDMAP\n: dgn.apply_tide()\n", 0);
    let stop = o.stop.expect("a stop");
    assert_eq!(
        stop.message,
        "`dgn.apply_tide` is the game's own (C++) and not modelled here"
    );
}

#[test]
fn a_field_of_a_string_reads_the_string_library_as_lua_does() {
    // crawl's `util.random_weighted_from("weight", {"wall", …})` reads a
    // weight off each choice: nil for a string, so the default weight.
    let src = "NAME: t\nMAP\n.\nENDMAP\n\
        : local function weight(key, list) local n = 0\n\
        :   for _, e in ipairs(list) do n = n + (e[key] or 10) end return n end\n\
        : local s = 'wall'\n\
        : map(0, weight('weight', {'wall', {weight = 5}}) .. ' ' .. s.len(s) .. ' ' .. tostring(s.x))\n";
    let o = outcome(src, 0);
    assert_eq!(o.stop, None, "{o:?}");
    assert_eq!(String::from_utf8_lossy(&o.lines[0]), "15 4 nil");
    // A method call is Lua's without it.
    let o = outcome(
        "NAME: t\nMAP\n.\nENDMAP\n: local s = 'wall'\n: map(0, s:upper())\n",
        0,
    );
    assert_eq!(o.stop, None);
    assert_eq!(o.lines[0], b"WALL");
}

#[test]
fn the_games_level_facts_answer_as_at_level_creation() {
    let src = "NAME: t\nDEPTH: Dis:3\nMAP\n.\nENDMAP\n: local w, h = dgn.builder_bounds()\n: local los, ev = dgn.dgn_event_type('player_los', 64)\n: local a = crawl.random2avg(10, 3)\n: local r = crawl.rng_wrap(function() return 7 end, 'subgenerator')\n: map(0, string.format('%d %d %d %d %s %s %s %d %s', dgn.br_depth('Zot'), dgn.br_depth(), w, h, los, ev, tostring(a >= 0 and a < 10), r, tostring(dgn.in_bounds(0, 5))))\n";
    let o = outcome(src, 2);
    assert_eq!(o.stop, None, "{o:?}");
    assert_eq!(
        String::from_utf8_lossy(&o.lines[0]),
        "5 7 40 35 64 player_los true 7 false"
    );
}

#[test]
fn an_endless_loop_is_stopped_by_the_step_budget() {
    let src = "NAME: t\nMAP\n.\nENDMAP\n: while true do end\n";
    let file = parse(src);
    let limits = Limits {
        steps: 100_000,
        memory: 64 << 20,
    };
    let o = PreparedMap::new(src, &file, &file.vaults[0], None).run(0, limits);
    let stop = o.stop.expect("stopped");
    assert_eq!(stop.kind, crate::lua::sandbox::StopKind::Steps);
    assert_eq!(
        stop.message,
        "ran past 100000 steps, the most a drawing runs: a loop that never ends, or more work than a preview affords"
    );
}

#[test]
fn the_place_is_the_first_the_depth_allows() {
    let file = parse("NAME: t\nDEPTH: !Orc, Lair:2-4, D:9\nMAP\n.\nENDMAP\n");
    let place = Place::first_allowed(&file.vaults[0]);
    assert_eq!((place.branch.as_str(), place.depth), ("Lair", 2));
}

#[test]
fn crawl_require_runs_a_file_of_the_library_once() {
    let src = "{{\ncrawl_require('dlua/helpers.lua')\ncrawl_require('dlua/helpers.lua')\n}}\nNAME: t\n: helper(_G)\n";
    let library = Library::new([(
        "dlua/helpers.lua".to_string(),
        "count = (count or 0) + 1\nfunction helper(e) e.map(string.rep('x', count)) end\n"
            .to_string(),
    )]);
    let file = parse(src);
    let o = PreparedMap::new(src, &file, &file.vaults[0], Some(Arc::new(library)))
        .run(0, Limits::default());
    assert_eq!(o.stop, None, "{o:?}");
    assert_eq!(o.lines, [b"x".to_vec()]);
}

#[test]
#[ignore = "a survey of the corpus, run by hand"]
fn survey_corpus() {
    crate::lua::sandbox::deep(|| {
        let mut stops: std::collections::BTreeMap<String, usize> = Default::default();
        let (mut ran, mut total) = (0, 0);
        let root = std::path::Path::new("../../../shared/corpus/dcss/des");
        let dlua = std::path::Path::new("../../../shared/corpus/dcss/dlua");
        // The library with the game's vault files beside it, as `check` reads it.
        let files = crate::dlua::read(dlua).unwrap();
        let library = std::env::var_os("WITH_DLUA").map(|_| Library::of(&files));
        let mut times = [std::time::Duration::ZERO; 3];
        let mut start_time = std::time::Duration::ZERO;
        let mut parse_only = std::time::Duration::ZERO;
        let mut most = (0u64, String::new());
        let mut dirs = vec![root.to_path_buf()];
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    dirs.push(p);
                    continue;
                }
                let Ok(src) = std::fs::read_to_string(&p) else {
                    continue;
                };
                let t0 = std::time::Instant::now();
                let file = parse(&src);
                parse_only += t0.elapsed();
                let prepared = Arc::new(PreparedFile::new(&src, &file, library.clone()));
                let limits = Limits {
                    steps: std::env::var("SURVEY_STEPS")
                        .ok()
                        .and_then(|s| s.parse().ok())
                        .unwrap_or(Limits::default().steps),
                    ..Limits::default()
                };
                let parsed = t0.elapsed();
                let mut session = FileRun::new(&prepared, limits);
                times[0] += parsed;
                start_time += t0.elapsed() - parsed;
                for v in &file.vaults {
                    if !v.is_run() {
                        continue;
                    }
                    total += 1;
                    let t1 = std::time::Instant::now();
                    let map = PreparedMap::in_file(&prepared, v);
                    times[1] += t1.elapsed();
                    let t2 = std::time::Instant::now();
                    let o = session.run(&map, 1);
                    times[2] += t2.elapsed();
                    let slow: Option<u64> = std::env::var("SURVEY_SLOW")
                        .ok()
                        .map(|s| s.parse().unwrap_or(2_000_000));
                    if slow.is_some_and(|at| o.steps > at) {
                        eprintln!(
                            "slow: {} {} steps in {:?}, stop {:?}",
                            v.name,
                            o.steps,
                            t2.elapsed(),
                            o.stop.as_ref().map(|s| (s.line, &s.message))
                        );
                    }
                    if o.steps > most.0 {
                        most = (o.steps, v.name.to_string());
                    }
                    match o.stop {
                        None => ran += 1,
                        Some(s) => {
                            let key: String = s.message.chars().take(60).collect();
                            let seen = stops.entry(key).or_default();
                            *seen += 1;
                            if *seen == 1 || std::env::var_os("SURVEY_ALL").is_some() {
                                eprintln!(
                                    "first stop of its kind: {} line {}: {}",
                                    v.name, s.line, s.message
                                );
                            }
                        }
                    }
                }
            }
        }
        eprintln!("most steps: {most:?}");
        eprintln!(
            "ran {ran} of {total}; parse {parse_only:?} +prepare file {:?} start {start_time:?} prepare {:?} run {:?}",
            times[0], times[1], times[2]
        );
        let mut v: Vec<_> = stops.into_iter().collect();
        v.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        for (m, n) in v.iter().take(60) {
            eprintln!("{n:5} {m}");
        }
    })
}

#[test]
fn the_builder_grows_and_fills_the_map() {
    let src = "NAME: t\n: extend_map{width = 5, height = 3, fill = '.'}\n: fill_area{x1 = 1, y1 = 0, x2 = 3, y2 = 2, fill = 'l', border = 'x'}\n: set_border_fill_type('rock_wall')\n: if not is_valid_coord{x = 4, y = 2} or width() ~= 5 or height() ~= 3 then error('size') end\n";
    let o = outcome(src, 0);
    assert_eq!(o.stop, None, "{o:?}");
    let rows: Vec<&str> = o
        .lines
        .iter()
        .map(|l| std::str::from_utf8(l).unwrap_or(""))
        .collect();
    assert_eq!(rows, [".xxx.", ".xlx.", ".xxx."]);
}

#[test]
fn feature_numbers_name_their_features_back() {
    let src = "NAME: t\nMAP\n.\nENDMAP\n: assert(dgn.feature_name(dgn.feature_number('lava')) == 'lava')\n: assert(dgn.feature_number('no such feature') == 0 and dgn.feature_name(0) == 'unseen')\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn a_parameter_no_argument_was_given_for_is_nil() {
    // piccolo 0.3.3 alone hands `f` the "a" the table's items left in a
    // register above the call (the rewrite reads parameters from `...`).
    let src = "NAME: t\nMAP\n.\nENDMAP\n: local function g(t, f) return f end\n: local x = {\"b\", \"a\"}\n: local y = g(x)\n: assert(y == nil, tostring(y))\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn an_assignment_to_several_targets_makes_every_value_first() {
    // piccolo 0.3.3 alone gives `2 2` for the swap and fails on the field
    // of a table the first target was before it was stored to.
    let src = "NAME: t\nMAP\n.\nENDMAP\n: local a, b = 1, 2\n: a, b = b, a\n: assert(a == 2 and b == 1, a .. ' ' .. b)\n: x, y = 1, 2\n: x, y = y, x\n: assert(x == 2 and y == 1)\n: local p = {x = 3, y = 4}\n: p, q = p.x, p.y\n: assert(p == 3 and q == 4)\n: local l = {1, 2, 3}\n: l[1], l[3] = l[3], l[1]\n: assert(l[1] == 3 and l[3] == 1, l[1] .. ' ' .. l[3])\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn not_equal_compares_the_whole_of_each_side() {
    // piccolo 0.3.3 alone runs `y ~= x - 1` as `(y ~= x) - 1`: "cannot
    // add values" (crawl's layout_concentric_octagons stopped there).
    let src = "NAME: t\nMAP\n.\nENDMAP\n: local x, y = 37, 36\n: assert(not (y ~= x - 1) and y ~= x + 1)\n: assert((1 < 2 ~= false) == true)\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn a_vault_with_a_place_is_built_there() {
    // `$`: the branch's last level (Zot has five).
    let src = "NAME: t\nPLACE: Zot:$\nMAP\n.\nENDMAP\n: assert(you.where() == 'Zot:5' and you.depth() == 5, you.where())\n";
    assert_eq!(outcome(src, 0).stop, None);
    let src = "NAME: t\nPLACE: Tomb:2\nDEPTH: D:3\nMAP\n.\nENDMAP\n: assert(you.where() == 'Tomb:2', you.where())\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn levels_are_named_as_crawl_names_them() {
    let src = "NAME: t\nDEPTH: Lair:2\nMAP\n.\nENDMAP\n: assert(you.where() == 'Lair:2' and you.absdepth() == 12, you.where())\n: assert(dgn.level_name(dgn.br_entrance('Depths')) == 'D:15')\n: assert(dgn.level_name('Temple') == 'Temple' and dgn.br_depth('Zot') == 5)\n: assert(#dgn.map_parameters() == 0 and crawl.string_compare('a', 'b') == -1)\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn features_answer_as_the_game_classes_them() {
    let src = "NAME: t\nMAP\nx.w\nENDMAP\n: assert(feat.is_solid(0, 0) and feat.has_solid_floor(1, 0) and not feat.has_solid_floor(2, 0))\n: assert(feat.is_door('closed_door') and feat.is_solid('closed_door') and not feat.is_solid('open_door'))\n: assert(feat.is_wall(dgn.feature_number('stone_wall')) and feat.is_solid(5, 5))\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn a_library_file_stopping_names_what_it_called() {
    let library = Library::new([("dlua/a.lua".to_string(), "dgn.no_such_thing()".to_string())]);
    let src = ": crawl_require('dlua/a.lua')\nNAME: t\nMAP\n.\nENDMAP\n";
    let file = parse(src);
    let o = PreparedMap::new(src, &file, &file.vaults[0], Some(Arc::new(library)))
        .run(0, Limits::default());
    let stop = o.stop.map(|s| s.message).unwrap_or_default();
    assert!(
        stop.contains("`dgn.no_such_thing` is not defined"),
        "{stop}"
    );
}

#[test]
fn a_library_file_another_vault_file_loads_is_there_as_in_crawl() {
    // crawl runs every file's global prelude when it starts: a file one
    // of its vault files loads is loaded for all; one none loads is not.
    let library = Library::new([
        (
            "dlua/layout/procedural.lua".to_string(),
            "procedural = {}".to_string(),
        ),
        (
            "dlua/layout/procedural_transform.lua".to_string(),
            "procedural.transform = {}\nfunction procedural.transform.twice(x) return 2 * x end"
                .to_string(),
        ),
        (
            "dlua/mine.lua".to_string(),
            "procedural.mine = {}\nfunction procedural.mine.f() return 1 end".to_string(),
        ),
    ]);
    let library = Some(Arc::new(library));
    let run = |src: &str| {
        let file = parse(src);
        PreparedMap::new(src, &file, &file.vaults[0], library.clone()).run(0, Limits::default())
    };
    let src = ": crawl_require('dlua/layout/procedural.lua')\nNAME: t\nMAP\n.\nENDMAP\n: assert(procedural.transform.twice(2) == 4)\n";
    assert_eq!(run(src).stop, None);
    let src = ": crawl_require('dlua/layout/procedural.lua')\nNAME: t\nMAP\n.\nENDMAP\n: assert(procedural.mine.f() == 1)\n";
    assert!(run(src).stop.is_some());
}

#[test]
fn a_thread_keeps_its_vm_for_the_next_drawing_of_the_same_start() {
    let src = "{{\nfunction bump() runs = (runs or 0) + 1 return runs end\n}}\nNAME: t\nMAP\n.\nENDMAP\n: tags('run' .. bump())\n: assert(dgn.persist.seen == nil, 'persistent data outlived its run')\n: dgn.persist.seen = true\n";
    let other = src.replace("runs = ", "runs = 10 + ");
    let tags = |o: &Outcome| -> Vec<String> {
        calls(o).iter().map(|(_, text)| text.to_string()).collect()
    };
    // On this thread, as a drawing in the browser runs (natively each
    // drawing may get a thread of its own: `sandbox::deep`).
    let draw = |src: &str| {
        let file = parse(src);
        let prepared = Arc::new(PreparedFile::new(src, &file, None));
        let map = PreparedMap::in_file(&prepared, &file.vaults[0]);
        let o = prepared.with_run(Limits::default(), |run| run.run(&map, 0));
        assert_eq!(o.stop, None);
        tags(&o)
    };
    let drawn = [draw(src), draw(src), draw(&other), draw(src)];
    // The same start runs on: its globals stay; another start, a new VM.
    assert_eq!(drawn, [["run1"], ["run2"], ["run11"], ["run1"]]);
}

#[test]
fn a_map_chosen_from_the_games_index_is_none_and_said() {
    let src = "NAME: t\nMAP\n.\nENDMAP\n: assert(dgn.map_by_tag('special_room') == nil)\n: assert(dgn.map_by_tag('x') == nil)\n";
    let o = outcome(src, 0);
    assert_eq!(o.stop, None);
    assert_eq!(o.unmodelled, ["dgn.map_by_tag"]);
}

#[test]
fn the_floor_colour_is_black_until_a_vault_changes_it() {
    let src = "NAME: t\nMAP\n.\nENDMAP\n: assert(dgn.get_floor_colour() == 'black')\n: dgn.change_floor_colour('blue')\n: assert(dgn.get_floor_colour() == 'blue')\n: local w, h = subvault_size()\n: assert(w == 0 and h == 0 and not is_subvault())\n";
    // Twice in one VM: the second run starts from black again.
    let file = parse(src);
    let prepared = Arc::new(PreparedFile::new(src, &file, None));
    let map = PreparedMap::in_file(&prepared, &file.vaults[0]);
    let mut run = FileRun::new(&prepared, Limits::default());
    assert_eq!(run.run(&map, 0).stop, None);
    assert_eq!(run.run(&map, 1).stop, None);
}

#[test]
fn glyph_points_are_values_in_crawls_order() {
    let src = "NAME: t\nMAP\na.a\n.a.\nENDMAP\n: local p = {gly_points('a')}\n: assert(#p == 6 and p[1] == 1 and p[2] == 1 and p[3] == 2 and p[4] == 0 and p[5] == 0 and p[6] == 0, table.concat(p, ','))\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn one_argument_to_roll_dice_is_the_sides_of_one_die() {
    let src = "NAME: t\nMAP\n.\nENDMAP\n: assert(crawl.roll_dice(1) == 1 and crawl.roll_dice(3) <= 3 and crawl.roll_dice(2, 1) == 2)\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn an_error_or_a_failed_assert_stops_at_its_own_line() {
    for (call, line) in [
        ("error('boom')", 4),
        ("assert(false, 'boom')", 4),
        ("assert(1 == 2)", 4),
    ] {
        let src = format!("NAME: t\nTAGS: x\n: x = crawl.random2(3)\n: {call}\nMAP\n.\nENDMAP\n");
        let stop = outcome(&src, 0).stop.expect("the run stops");
        assert_eq!(stop.line, line, "{call}: {stop:?}");
    }
    let src = "NAME: t\n: assert(true, 'fine')\n: assert(1, 2)\nMAP\n.\nENDMAP\n";
    assert_eq!(outcome(src, 0).stop, None);
}

#[test]
fn a_map_less_vault_that_paints_the_level_draws_it() {
    // crawl's Vaults layouts paint the level with `dgn.grid` and leave
    // their own map empty; the level around a vault on its own is rock.
    let src = "NAME: t\nORIENT: encompass\n: assert(dgn.feature_name(dgn.grid(3, 4)) == 'rock_wall')\n: dgn.grid(3, 4, 'floor')\n: dgn.grid(79, 69, dgn.feature_number('deep_water'))\n: assert(dgn.feature_name(dgn.grid(3, 4)) == 'floor')\n: assert(not pcall(dgn.grid, 80, 0))\n: assert(feat.is_solid(5, 5) and not feat.is_stone_stair(5, 5))\n: dgn.grid(5, 5, 'stone_stairs_down_i')\n: assert(feat.is_stone_stair(5, 5) and feat.is_escape_hatch('escape_hatch_up'))\n: assert(dgn.is_passable(5, 5) and not dgn.is_passable(6, 6) and not dgn.is_passable(79, 69))\n";
    let o = outcome(src, 0);
    assert_eq!(o.stop, None, "{o:?}");
    assert_eq!((o.lines.len(), o.lines[0].len()), (70, 80));
    assert_eq!(
        (o.lines[4][3], o.lines[69][79], o.lines[0][0]),
        (b'.', b'w', b'x')
    );
    // A vault with a map of its own draws its map.
    let src = "NAME: t\n: dgn.grid(0, 0, 'floor')\nMAP\nx\nENDMAP\n";
    assert_eq!(outcome(src, 0).lines, [b"x".to_vec()]);
}

#[test]
fn a_feature_no_map_glyph_makes_stands_on_the_level_as_a_keyed_letter() {
    // A swamp's mangroves, a room's altar: a letter keyed by a KFEAT the
    // drawing carries, read back as the feature it stands for.
    let src = "NAME: t\nORIENT: encompass\n: dgn.grid(1, 1, 'mangrove')\n: dgn.grid(2, 1, 'altar_zin')\n: dgn.grid(3, 1, 'mangrove')\n: assert(dgn.feature_name(dgn.grid(3, 1)) == 'mangrove')\n";
    let o = outcome(src, 0);
    assert_eq!(o.stop, None, "{o:?}");
    let (mangrove, altar) = (o.lines[1][1], o.lines[1][2]);
    assert_eq!(o.lines[1][3], mangrove);
    assert_ne!(mangrove, altar);
    let keyed: Vec<String> = o
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Call {
                kw: Kw::Kfeat,
                text,
                ..
            } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        keyed,
        [
            format!("{} = mangrove", mangrove as char),
            format!("{} = altar_zin", altar as char)
        ]
    );
}

/// crawl's map keeps its width when CLEAR (or Lua) blanks its right-most
/// column: the drawing is as wide as the MAP, not as its last glyph.
#[test]
fn a_column_cleared_at_the_right_edge_keeps_the_maps_width() {
    let src = "NAME: t\nTAGS: no_rotate no_hmirror no_vmirror\n: local keep = true\nCLEAR: '\nMAP\n'x'\n'.'\nENDMAP\n";
    let file = parse(src);
    let options = vaultwright_model::Options::default();
    let tm = crate::dcss::lua_view::drawn(src, &file, &file.vaults[0], 1, &options).expect("drawn");
    assert_eq!((tm.width, tm.height), (3, 2), "{:?}", tm.notes);
}
