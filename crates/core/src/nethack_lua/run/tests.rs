//! The runtime against the game's rules: where a call stops and at which line, the budgets, the sandbox, seeds, selection operators, frames.

use super::*;

fn ran(src: &str) -> Realisation {
    run(src, 7, None, Limits::default())
}

fn stop(src: &str) -> Stop {
    ran(src).stop.expect("the run stops")
}

#[test]
fn a_game_function_refusing_its_arguments_stops_the_run_at_its_line() {
    let s = stop("des.level_init({})\n\ndes.monster({ id = \"watch captian\" })\n");
    assert_eq!(s.kind, StopKind::Error);
    assert_eq!(s.line, 3);
    assert!(s.message.contains("Unknown monster id"), "{s:?}");
    // The string form of the same name makes a random monster instead.
    assert!(ran("des.monster(\"watch captian\")").stop.is_none());
    let s = stop("des.object({ id = \"lucky stone\", x = 1, y = 1 })");
    assert!(s.message.contains("Unknown object id"), "{s:?}");
}

#[test]
fn a_loop_that_never_ends_is_stopped_by_the_step_budget() {
    let limits = Limits {
        steps: 200_000,
        memory: 64 << 20,
    };
    let done = run("local n = 0\nwhile true do n = n + 1 end", 0, None, limits);
    let s = done.stop.expect("stopped");
    assert_eq!(s.kind, StopKind::Steps);
    assert!(done.steps >= 200_000);
}

#[test]
fn a_script_that_grows_without_bound_is_stopped_by_the_memory_cap() {
    let limits = Limits {
        steps: u64::MAX,
        memory: 4 << 20,
    };
    let src = "local t = {}\nlocal i = 1\nwhile true do t[i] = {i, i, i}; i = i + 1 end";
    let s = run(src, 0, None, limits).stop.expect("stopped");
    assert_eq!(s.kind, StopKind::Memory);
}

#[test]
fn the_sandbox_has_what_the_game_leaves_and_no_more() {
    for name in [
        "io.open('x')",
        "os.exit()",
        "require('x')",
        "load('x')",
        "error('x')",
        "print(1)",
    ] {
        let s = stop(name);
        assert_eq!(s.kind, StopKind::Error, "{name}");
    }
    // string.format as Lua formats (a wrong result stops the run).
    let src = "if string.format('%03d|%-4s|%x|%5.1f', 7, 'ab', 255, 2.25) ~= '007|ab  |ff|  2.2' then des.monster({ id = 'no such' }) end";
    assert_eq!(ran(src).stop, None);
    assert_eq!(
        stop("local s = string.format('%123d', 1)").kind,
        StopKind::Error
    );
}

#[test]
fn numbers_far_beyond_the_level_neither_overflow_nor_hang() {
    for src in [
        "des.map('.')\ndes.monster('jackal', math.maxinteger, 0)",
        "des.region({ region = {0, 0, math.maxinteger, 0} })",
        "des.room({ x = math.maxinteger, y = 1 })",
        "des.room({ contents = function() des.room({ w = math.maxinteger, h = 3 }) end })",
        "local s = selection.line(0, 0, math.maxinteger, 0)",
        "local s = selection.randline(0, 0, math.maxinteger, math.mininteger, 10)",
        "local s = selection.circle(math.mininteger, 0, 3)",
        "local s = selection.gradient({ x = 1, y = 1, mindist = math.mininteger, maxdist = math.maxinteger })",
        "des.wallify({ x1 = 1, y1 = 0, x2 = math.maxinteger, y2 = 20 })",
        "des.region({ region = {0, 0, 1000000000, 1000000000}, type = 'morgue', contents = function() des.monster() end })",
        "local s = selection.match(string.rep('.', 81))",
    ] {
        let done = run(src, 1, None, Limits::default());
        assert_ne!(done.stop.as_ref().map(|s| s.kind), Some(StopKind::Steps), "{src}");
        let a = crate::analyze(src, vaultwright_model::Language::NethackLua, &vaultwright_model::Options::default());
        assert_eq!(a.language, vaultwright_model::Language::NethackLua, "{src}");
    }
}

#[test]
fn a_seed_gives_one_realisation() {
    let src = "des.level_init({ style = 'mines', fg = '.', bg = ' ' })\nfor i = 1, 5 do des.monster() end\ndes.object('boulder')";
    let a = run(src, 42, None, Limits::default());
    let b = run(src, 42, None, Limits::default());
    assert_eq!(a.level.rows(), b.level.rows());
    assert_eq!(a.level.placed, b.level.placed);
    let c = run(src, 43, None, Limits::default());
    assert_ne!(a.level.rows(), c.level.rows());
}

#[test]
fn selection_operators_act_on_selections_and_numbers_keep_lua_arithmetic() {
    let src = r#"
local a = selection.area(1, 1, 3, 3)
local b = selection.area(3, 3, 5, 5)
local both = a & b
local either = a | b
local only_a = a - b
local sum = a + b
des.terrain(either, ".")
des.terrain(both, "{")
counts = { both:numpoints(), either:numpoints(), only_a:numpoints(), sum:numpoints() }
local x, y = 7, 2
if x - y ~= 5 or -x ~= -7 or (x | y) ~= 7 or (x & y) ~= 2 or (x ~ y) ~= 5 or ~0 ~= -1 then
  des.monster({ id = "no such thing" })
end
if 7 // 2 ~= 3 or 2^10 ~= 1024.0 or math.type(x - y) ~= "integer" then
  des.monster({ id = "no such thing" })
end
if counts[1] ~= 1 or counts[2] ~= 17 or counts[3] ~= 8 or counts[4] ~= 17 then
  des.monster({ id = "no such thing" })
end
"#;
    let done = ran(src);
    assert!(done.stop.is_none(), "{:?}", done.stop);
    // The default frame starts at column 1: (3, 3) is level (4, 3).
    assert_eq!(done.level.at(4, 3), b'{');
    assert_eq!(done.level.at(2, 1), b'.');
    assert_eq!(done.level.at(2, 5), b' ');
}

#[test]
fn contents_count_from_their_map_part_and_the_frame_stays_after_one_without() {
    let src = "des.map({ x = 10, y = 5, map = '...\\n...', contents = function(m)\n des.monster('jackal', 0, 0)\nend })\ndes.monster('newt', 0, 0)\ndes.map({ x = 20, y = 2, map = '.' })\ndes.object('boulder', 0, 0)\n";
    let done = ran(src);
    assert!(done.stop.is_none(), "{:?}", done.stop);
    let at: Vec<(i64, i64, &str, u32)> = done
        .level
        .placed
        .iter()
        .map(|p| (p.x, p.y, p.name.as_str(), p.line))
        .collect();
    // After a part with contents the frame is the level's again (column 1).
    assert_eq!(
        at,
        [
            (10, 5, "jackal", 2),
            (1, 0, "newt", 4),
            (20, 2, "boulder", 6)
        ]
    );
}

#[test]
fn iterate_calls_back_for_each_cell_with_the_scripts_coordinates() {
    let src = "local s = selection.line(2, 1, 4, 1)\ns:iterate(function(x, y) des.terrain(x, y, 'L') end)\n";
    let done = ran(src);
    assert!(done.stop.is_none(), "{:?}", done.stop);
    assert_eq!(&done.level.rows()[1][3..6], "LLL");
}

/// Calls of Lua's pattern functions whose every result (or error) is
/// compared with `lua5.4`'s own.
const STRING_CALLS: &[&str] = &[
    r#"string.find("hello world", "o w")"#,
    r#"string.find("hello world", "o", 6)"#,
    r#"string.find("hello world", "l+")"#,
    r#"string.find("a.b", ".", 1, true)"#,
    r#"string.find("abc", "b", -1)"#,
    r#"string.find("abc", "", 10)"#,
    r#"string.find("abc", "", 4)"#,
    r#"string.find("key = value", "^(%w+)%s*=%s*(%w+)$")"#,
    r#"string.match("  trim me  ", "^%s*(.-)%s*$")"#,
    r#"string.match("D:2-7", "(%a+):(%d+)-(%d*)")"#,
    r#"string.match("abc", "()b()")"#,
    r#"string.match("x", "[")"#,
    r#"string.match("x", "(()")"#,
    r#"string.gsub("hello world", "o", "0")"#,
    r#"string.gsub("hello world", "(%w+)", "<%1>")"#,
    r#"string.gsub("abc", "%w", "%0%0")"#,
    r#"string.gsub("abc", "", "-")"#,
    r#"string.gsub("abc", "%a*", "X")"#,
    r#"string.gsub("hello", "l", "L", 1)"#,
    r#"string.gsub("$name is $age", "%$(%w+)", {name = "Bob", age = 42})"#,
    // `tonumber`: a string operand of arithmetic is made a float by
    // piccolo 0.3.3 (`"1" * 2` is `2.0`; Lua's is `2`), a gap left open.
    r#"string.gsub("1 2 3", "%d", function(d) return tonumber(d) * 2 end)"#,
    r#"string.gsub("a,b,,c", "[^,]*", "[%0]")"#,
    r#"string.gsub("^ab^", "^%^", "!")"#,
    r#"string.gsub("abc", "b", "%2")"#,
    r#"string.byte("ABC")"#,
    r#"string.byte("ABC", 2, -1)"#,
    r#"string.char(72, 105)"#,
    r#"tonumber("0x1F")"#,
    r#"tonumber("  12  ")"#,
    r#"tonumber("1e2") == 100"#,
    r#"tonumber("2.5")"#,
    r#"tonumber("z", 36)"#,
    r#"tonumber("12a")"#,
    r#"("Hello"):upper():lower()"#,
    r#"("hello world"):sub(2, -3)"#,
    r#"("ab"):rep(3, ", ")"#,
    r#"("ab"):rep(0)"#,
    r#"("a=1"):match("(%a)=(%d)")"#,
    r#"("%d items"):format(3)"#,
    r#"("x"):nosuch()"#,
    r#"tostring(37.0) .. ' ' .. 37.0 .. ' ' .. 2 ^ 53 .. ' ' .. 1e15 .. ' ' .. -0.0 .. ' ' .. 0.1"#,
    r#"string.format("%s|%s", 40 / 2, 7 // 2)"#,
    r#"("x"):rep(2, 1.0)"#,
];

/// Calls of the table functions, each list's state shown after it, and
/// each compared with `lua5.4`'s own.
const TABLE_CALLS: &[&str] = &[
    "(function() local t = {1, 2, 3} table.insert(t, 4) return table.concat(t, ' ') end)()",
    "(function() local t = {1, 2, 3} table.insert(t, 1, 0) return table.concat(t, ' ') end)()",
    "(function() local t = {1, 2, 3} table.insert(t, 4, 9) return table.concat(t, ' ') end)()",
    "(function() local t = {1, 2, 3} table.insert(t, 5, 9) end)()",
    "(function() local t = {1, 2, 3} table.insert(t, 0, 9) end)()",
    "(function() local t = {1, 2, 3} table.insert(t, 1, 2, 3) end)()",
    "(function() local t = {} table.insert(t, 1.0, 'a') return t[1] end)()",
    "(function() local t = {} table.insert(t, 1.5, 'a') end)()",
    "table.insert('x', 1)",
    "table.remove({1, 2, 3})",
    "table.remove({1, 2, 3}, 1)",
    "(function() local t = {1, 2, 3} local r = table.remove(t, 2) return r .. ':' .. table.concat(t, ' ') .. ':' .. #t end)()",
    "table.remove({})",
    "table.remove({}, 0)",
    "table.remove({1, 2, 3}, 4)",
    "table.remove({1, 2, 3}, 5)",
    "table.remove({1, 2, 3}, 0)",
    "(function() local t = {} for i = 1, 50 do table.insert(t, 1, i) end for i = 1, 20 do table.remove(t, 3) end return #t .. ':' .. table.concat(t, ' ') end)()",
    "table.concat({1, 2.5, 'x'}, '-')",
    "table.concat({}, ',')",
    "table.concat({1, 2, 3}, ',', 2, 3)",
    "table.concat({'a', 'b'}, ',', 3)",
    "table.concat({1, {}, 3})",
    "(function() local t = {} for i = 1, 37 do t[i] = i end return table.concat(t, '') end)()",
    "(function() local t = {5, 3, 8, 1, 9, 2, 7} table.sort(t) return table.concat(t, ' ') end)()",
    "(function() local t = {5, 3, 8, 1, 9, 2, 7} table.sort(t, function(a, b) return a > b end) return table.concat(t, ' ') end)()",
    "(function() local t = {'pear', 'apple', 'fig'} table.sort(t) return table.concat(t, ' ') end)()",
    "(function() local t = {} for i = 1, 300 do t[i] = (i * 7919) % 1000 end table.sort(t) for i = 2, 300 do if t[i - 1] > t[i] then return 'unsorted' end end return t[1] .. ' ' .. t[300] end)()",
    "(function() local t = {1, 'a'} table.sort(t) end)()",
    "(function() local t = {} table.sort(t) return #t end)()",
];

/// What each call gives, as one text: its results joined by commas, or
/// `error`; one line a call.
fn calls_script(calls: &[&str]) -> String {
    let mut s = String::from("local lines = {}\nlocal function show(ok, ...)\n  if not ok then return 'error' end\n  local out = {}\n  for i = 1, select('#', ...) do out[#out + 1] = tostring((select(i, ...))) end\n  return table.concat(out, ',')\nend\n");
    for call in calls {
        s.push_str(&format!(
            "lines[#lines + 1] = show(pcall(function() return {call} end))\n"
        ));
    }
    s
}

fn string_calls_script() -> String {
    let mut s = calls_script(STRING_CALLS);
    s.push_str("local words = {}\nfor w in string.gmatch(\"one two  three\", \"%a+\") do words[#words + 1] = w end\nlines[#lines + 1] = table.concat(words, ',')\n");
    s.push_str("for k, v in string.gmatch(\"a=1, b=2\", \"(%w+)=(%w+)\") do lines[#lines + 1] = k .. v end\n");
    s.push_str("R = { table.concat(lines, '\\n') }\n");
    s
}

/// The script's answers (its global `R[1]`) are `lua5.4`'s for the same
/// script.
fn answers_as_lua_5_4_does(script: &str) {
    let Some(super::super::calls::Value::Table(fields, _)) = global_table(script, "R") else {
        panic!("the script left no table");
    };
    let ours = match &fields[..] {
        [f] => format!("{:?}", f.value),
        _ => panic!("one field expected"),
    };
    let lua = std::process::Command::new("lua5.4")
        .arg("-e")
        .arg(format!("{script}\nio.write(R[1])"))
        .output();
    let Some(lua) = lua.ok().filter(|o| o.status.success()) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "lua5.4 is missing under CI"
        );
        eprintln!("skipped: lua5.4 is not installed");
        return;
    };
    let expected = String::from_utf8_lossy(&lua.stdout).into_owned();
    assert!(
        ours.contains(&format!("{expected:?}")),
        "ours: {ours}\nlua5.4: {expected}"
    );
}

#[test]
fn the_table_library_answers_as_lua_5_4_does() {
    let mut script = calls_script(TABLE_CALLS);
    script.push_str("R = { table.concat(lines, '\\n') }\n");
    answers_as_lua_5_4_does(&script);
}

#[test]
fn the_string_library_answers_as_lua_5_4_does() {
    answers_as_lua_5_4_does(&string_calls_script());
}
