//! Golden findings and outlines of small scripts.

use vaultwright_model::{Language, Options};

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
        ("level start", "solidfill", ""),
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
