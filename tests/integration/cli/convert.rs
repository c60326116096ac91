//! `vaultwright convert`: a level's Lua written beside it, and the names
//! it refuses to write.

use super::*;

/// `convert --to lua` names each file after its level, and refuses a
/// level name that would leave the output folder.
#[test]
fn convert_refuses_a_level_name_that_leaves_the_folder() {
    let dir = tempdir("lua-convert");
    let src = dir.join("evil.des");
    std::fs::write(
        &src,
        "MAZE:\"../escape\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n",
    )
    .unwrap();
    let out = bin()
        .args(["convert", "--to", "lua", "-o"])
        .arg(dir.join("out"))
        .arg(&src)
        .output()
        .unwrap();
    // The compiler's own check refuses it already (exit 1); nothing is
    // written anywhere.
    assert_ne!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!dir.join("escape.lua").exists());
    assert!(!dir.join("out").join("../escape.lua").exists());
    std::fs::write(
        &src,
        "MAZE:\"fine\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n",
    )
    .unwrap();
    let out = bin()
        .args(["convert", "--to", "lua", "-o"])
        .arg(dir.join("out"))
        .arg(&src)
        .output()
        .unwrap();
    assert_succeeded(&out);
    let lua = std::fs::read_to_string(dir.join("out/fine.lua")).unwrap();
    assert!(
        lua.contains("des.map({ halign = \"center\", valign = \"center\", map = [[\n...\n]] })"),
        "{lua}"
    );
}

/// Level names that would be one file, or a file no one can see
/// rightly, are refused by `convert` and `compile`: two levels of one
/// name (or names equal but for case) once overwrote each other without
/// a word; a bidi override or `CON` became a file's name.
#[test]
fn convert_and_compile_refuse_names_that_clash_hide_or_name_a_device() {
    let dir = tempdir("name-clash");
    let level =
        |name: &str| format!("MAZE:\"{name}\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n");
    let cases = [
        (
            "twice.des",
            format!("{}{}", level("same"), level("same")),
            "two outputs are named",
        ),
        (
            "case.des",
            format!("{}{}", level("Castle"), level("castle")),
            "differ only in case",
        ),
    ];
    for (file, text, said) in &cases {
        let src = dir.join(file);
        std::fs::write(&src, text).unwrap();
        for command in [
            &["convert", "--to", "lua", "-o"][..],
            &["compile", "-o"][..],
        ] {
            let out_dir = dir.join(format!("out-{file}-{}", command[0]));
            let out = bin()
                .args(command)
                .arg(&out_dir)
                .arg(&src)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{command:?} {file}: {stderr}");
            assert!(stderr.contains(said), "{command:?} {file}: {stderr}");
            let written = std::fs::read_dir(&out_dir).map(|d| d.count()).unwrap_or(0);
            assert_eq!(written, 0, "{command:?} {file} wrote files");
        }
    }
    for name in ["evil\u{202e}lev", "zero\u{200b}width", "CON", "nul"] {
        let src = dir.join("named.des");
        std::fs::write(&src, level(name)).unwrap();
        for command in [
            &["convert", "--to", "lua", "-o"][..],
            &["compile", "-o"][..],
        ] {
            let out_dir = dir.join(format!("out-named-{}", command[0]));
            let out = bin()
                .args(command)
                .arg(&out_dir)
                .arg(&src)
                .output()
                .unwrap();
            assert_ne!(out.status.code(), Some(0), "{command:?} {name:?}");
            let written = std::fs::read_dir(&out_dir).map(|d| d.count()).unwrap_or(0);
            assert_eq!(written, 0, "{command:?} {name:?} wrote files");
        }
    }
}
