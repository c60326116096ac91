//! Short hostile scripts: each once panicked the VM, overflowed a stack,
//! outgrew the memory cap or ran for minutes. Each now runs as Lua runs
//! it, or stops with its finding.

use super::*;

fn ran(src: &str) -> Realisation {
    run(src, 7, None, Limits::default())
}

/// The messages the script leaves (what `des.message` was given).
fn said(src: &str) -> Vec<String> {
    let done = ran(src);
    assert!(done.stop.is_none(), "{:?}", done.stop);
    done.level.messages
}

#[test]
fn integer_division_and_modulo_are_luas_even_at_the_edges() {
    let src = "des.message(tostring(math.mininteger % -1))\n\
               des.message(tostring(math.mininteger // -1))\n\
               des.message(tostring(-7 // 2) .. ' ' .. tostring(-7 % 3) .. ' ' .. tostring(7 % -3))\n\
               des.message(math.type(7.5 // 2) .. ' ' .. tostring(7.5 // 2 == 3) .. ' ' .. tostring(-5.5 % 2))\n";
    assert_eq!(
        said(src),
        ["0", "-9223372036854775808", "-4 2 -2", "float true 0.5"]
    );
    let s = ran("local z = 0\nlocal x = 1 % z\n").stop.expect("stops");
    assert!(s.message.contains("'n%%0'"), "{s:?}");
}

#[test]
fn shifts_by_64_or_more_give_zero_and_negative_counts_shift_back() {
    let src = "des.message(tostring(1 << 64) .. ' ' .. tostring(1 << 63) .. ' ' .. tostring(-1 >> 63) .. ' ' .. tostring(8 << -2) .. ' ' .. tostring(1 >> math.mininteger))\n";
    assert_eq!(said(src), ["0 -9223372036854775808 1 2 0"]);
}

#[test]
fn a_field_set_to_nil_through_a_variable_then_the_table_grown_runs() {
    // piccolo 0.3.3 panicked growing a table with a dead key.
    let src = "local t = { a = 1, b = 2 }\nlocal n = nil\nt.a = n\nt['b'], t.c = n, 3\nfor i = 1, 100 do t['k' .. i] = i end\nrawset(t, 'z', 1)\nlocal count = 0\nfor _ in pairs(t) do count = count + 1 end\ndes.message(tostring(count))\n";
    assert_eq!(said(src), ["102"]);
    // Clearing a table while walking it, then filling it again.
    let src = "local t = {}\nfor i = 1, 50 do t['k' .. i] = i end\nfor k in pairs(t) do t[k] = nil end\nfor i = 1, 50 do t['j' .. i] = i end\nlocal count = 0\nfor _ in pairs(t) do count = count + 1 end\ndes.message(tostring(count))\n";
    assert_eq!(said(src), ["50"]);
}

#[test]
fn table_unpack_refuses_more_results_than_a_call_returns_before_allocating() {
    for src in [
        "local a = table.unpack({}, 1, 2^31)\n",
        "local a = table.unpack({}, math.mininteger, math.maxinteger)\n",
    ] {
        let s = ran(src).stop.expect("stops");
        assert_eq!(s.message, "too many results to unpack", "{src}");
    }
    assert_eq!(
        said("local a, b, c = table.unpack({1, 2, 3})\ndes.message(a .. b .. c)\nlocal none = table.unpack({}, 5, 1)\n"),
        ["123"]
    );
}

#[test]
fn a_string_doubled_past_the_cap_stops_inside_one_slice_of_steps() {
    let limits = Limits {
        steps: 20_000_000,
        memory: 8 << 20,
    };
    for src in [
        "local s = 'x'\nfor i = 1, 40 do s = s .. s end\n",
        "local s = string.rep('x', 1 << 40)\n",
        "local s = string.rep('ab', 3000000, ',')\n",
        "local s = 'x'\nfor i = 1, 40 do s = string.format('%s%s', s, s) end\n",
        "local s = string.rep('y', 1 << 20)\nfor i = 1, 100 do des.message(s) end\n",
    ] {
        let done = run(src, 1, None, limits);
        let s = done.stop.expect("stops");
        assert_eq!(s.kind, StopKind::Memory, "{src}: {s:?}");
    }
    // Lua's count, not a silent cap of 65,536.
    let src = "des.message(tostring(#string.rep('ab', 100000, '-')))\n";
    assert_eq!(said(src), ["299999"]);
}

#[test]
fn a_field_read_of_a_string_says_what_the_vm_cannot() {
    let done = ran("local s = 'wall'\nlocal w = s.weight\n");
    let stop = done.stop.expect("a stop");
    assert!(
        stop.message.starts_with(
            "type error, expected table, found string: most often a field of a string was read"
        ),
        "{stop:?}"
    );
}

#[test]
fn game_functions_cost_fuel_for_the_cells_they_touch() {
    let limits = Limits {
        steps: 2_000_000,
        memory: 64 << 20,
    };
    // 2 million steps were 250,000 calls at a flat price; a call over
    // the whole level now costs its 1,680 cells and their neighbours.
    let done = run(
        "des.level_init({ style = 'solidfill', fg = ' ' })\nwhile true do des.wallify() end\n",
        1,
        None,
        limits,
    );
    let s = done.stop.expect("stops");
    assert_eq!(s.kind, StopKind::Steps);
    let done = run(
        "local s = selection.new()\nwhile true do s = s:grow() end\n",
        1,
        None,
        limits,
    );
    assert_eq!(done.stop.map(|s| s.kind), Some(StopKind::Steps));
}

#[test]
fn long_chains_lua_accepts_run_and_give_luas_values() {
    // Read on a stack as large as the tools give their work (the tree's
    // walks recurse once per operator of a chain).
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(long_chains)
        .expect("a thread")
        .join()
        .expect("the chains run");
}

fn long_chains() {
    let terms = |n: usize, term: &str, op: &str| vec![term; n].join(op);
    // 3,000 `+` once took 30 s and ended in a false "recursion limit".
    let src = format!(
        "local a = 1\nlocal x = {}\ndes.message(tostring(x))\n",
        terms(3000, "a", " + ")
    );
    assert_eq!(said(&src), ["3000"]);
    let src = format!(
        "local a = false\nlocal x = {} or 'last'\ndes.message(tostring(x))\n",
        terms(20000, "a", " or ")
    );
    assert_eq!(said(&src), ["last"]);
    let src = format!(
        "local a = 10\nlocal x = {}\ndes.message(tostring(x))\n",
        terms(40, "a", " - ")
    );
    assert_eq!(said(&src), ["-380"]);
    let src = format!(
        "local o = {{}}\nfunction o.m(s) return s end\nlocal x = o{}\ndes.message(tostring(x == o))\n",
        ":m()".repeat(20000)
    );
    assert_eq!(said(&src), ["true"]);
    let src = format!(
        "local f\nf = function() return f end\nlocal x = f{}\ndes.message(tostring(x == f))\n",
        "()".repeat(20000)
    );
    assert_eq!(said(&src), ["true"]);
}

#[test]
fn a_long_concatenation_is_one_string() {
    let src = format!(
        "local a = 'ab'\nlocal x = {}\ndes.message(tostring(#x))\n",
        vec!["a"; 150].join(" .. ")
    );
    assert_eq!(said(&src), ["300"]);
    let s = ran("local x = 'a' .. nil\n").stop.expect("stops");
    assert!(
        s.message.contains("attempt to concatenate a nil value"),
        "{s:?}"
    );
}

#[test]
fn a_call_in_parentheses_gives_one_value() {
    // piccolo 0.3.3 passes on all of its values; Lua gives the first.
    let src = "local function two() return 'a', 0 end\n\
               des.message(tostring(select('#', (two()))))\n\
               des.message(tostring(select('#', two())))\n\
               des.message('p' .. two())\n\
               des.message('q' .. (two()))\n";
    assert_eq!(said(src), ["1", "2", "pa", "qa"]);
}
