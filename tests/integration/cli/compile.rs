//! `vaultwright compile`: every artifact of a file, and a 5.0 Lua level
//! as its realisation for a seed.

use super::*;

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn compile_writes_every_artifact() {
    let dir = tempdir("compile");
    let out = bin()
        .arg("compile")
        .arg(corpus().join("des/endgame.des"))
        .arg("-o")
        .arg(dir.as_path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    for name in ["air", "astral", "earth", "fire", "water"] {
        let f = format!("{name}.lev");
        assert_eq!(
            std::fs::read(dir.join(&f)).unwrap(),
            std::fs::read(corpus().join("expected/endgame.des").join(&f)).unwrap()
        );
    }
}

/// `--target nethack-5.0`: a file is read as a Lua level whatever its
/// name; `compile` writes the realisation for the seed as text, `check`
/// reports where the run stops, with the line.
#[test]
fn a_lua_level_compiles_to_its_realisation_for_a_seed() {
    let dir = tempdir("lua-compile");
    let src = dir.join("tiny.level");
    std::fs::write(
        &src,
        "des.level_init({ style = \"solidfill\", fg = \" \" })\ndes.map({ x = 10, y = 4, map = [[\n---\n|.|\n---]] })\ndes.monster(\"jackal\", 1, 1)\n",
    )
    .unwrap();
    let out = bin()
        .args(["compile", "--target", "nethack-5.0", "--seed", "3", "-o"])
        .arg(&*dir)
        .arg(&src)
        .output()
        .unwrap();
    assert_succeeded(&out);
    let text = std::fs::read_to_string(dir.join("tiny.level.seed-3.txt")).expect("the realisation");
    let rows: Vec<&str> = text.lines().skip(1).take(21).collect();
    assert_eq!(&rows[4][10..], "---");
    assert_eq!(&rows[5][10..], "|.|");
    assert!(
        text.contains("11, 5  monster    jackal  (line 6)"),
        "{text}"
    );

    std::fs::write(
        &src,
        "des.monster({ id = \"jackal\" })\ndes.map({ map = \".\" })\n",
    )
    .unwrap();
    let out = bin()
        .args(["check", "--target", "nethack-5.0"])
        .arg(&src)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let shown = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(shown.contains("error[NL0213]"), "{shown}");
    assert!(
        shown.contains("Map requires either x,y or halign,valign params"),
        "{shown}"
    );
    assert!(shown.contains(":2:"), "{shown}");
}
