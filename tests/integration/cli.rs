//! End-to-end tests of the `vaultwright` executable: the lev_comp drop-in
//! against the reference outputs, `check --format json`, `render`, and the
//! golden diagnostics of `tests/fixtures/*/invalid/` (refresh them with
//! `VAULTWRIGHT_BLESS=1 cargo test -p vaultwright-cli`, then review the diff).

use crate::common;

use common::tempdir;
use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_vaultwright"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn corpus() -> PathBuf {
    common::shared_dir()
        .expect("../shared/corpus is missing: these tests need the NetHack corpus")
        .join("corpus/nethack-3.4.3")
}

/// The command exited 0 (its stderr shown when it did not).
fn assert_succeeded(out: &std::process::Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `-v` with the 3.6 target: a monster or object name found only by
/// ignoring case is warned about with the table's spelling, as the
/// reference's `get_monster_id`/`get_object_id` warn (its output for this
/// file, recorded, is the golden).
#[test]
fn lev_comp_36_verbose_warns_of_names_matched_by_case() {
    let dir = tempdir("verbose36");
    let fixtures = repo().join("tests/fixtures/nethack36/verbose");
    let name = "names_by_case.des";
    std::fs::copy(fixtures.join(name), dir.join(name)).unwrap();
    let out = bin()
        .current_dir(&dir)
        .args(["lev-comp", "--target", "nethack-3.6.6", "-v", name])
        .output()
        .unwrap();
    assert_succeeded(&out);
    let want = |ext: &str| std::fs::read(fixtures.join(format!("names_by_case.{ext}"))).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&want("stderr"))
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&want("stdout"))
    );
    assert_eq!(std::fs::read(dir.join("vm.lev")).unwrap(), want("lev"));
    // Without -v the names are still found, silently.
    let quiet = bin()
        .current_dir(&dir)
        .args(["lev-comp", "--target", "nethack-3.6.6", name])
        .output()
        .unwrap();
    assert_succeeded(&quiet);
    assert!(quiet.stderr.is_empty());
}

#[test]
fn lev_comp_writes_byte_identical_files_into_the_current_directory() {
    let dir = tempdir("levcomp");
    let src = corpus().join("des/bigroom.des");
    let out = bin()
        .current_dir(&dir)
        .arg("lev-comp")
        .arg(&src)
        .output()
        .unwrap();
    assert_succeeded(&out);
    assert!(out.stdout.is_empty());
    for i in 1..=5 {
        let name = format!("bigrm-{i}.lev");
        let ours = std::fs::read(dir.join(&name)).unwrap();
        let theirs = std::fs::read(corpus().join("expected/bigroom.des").join(&name)).unwrap();
        assert_eq!(ours, theirs, "{name}");
    }
}

#[test]
fn lev_comp_reads_stdin_and_truncates_what_it_writes() {
    let dir = tempdir("stdin");
    std::fs::write(dir.join("tinyvlt.lev"), vec![0xAA; 4096]).unwrap();
    let src = std::fs::read(repo().join("static/examples/tiny-maze.des")).unwrap();
    let mut child = bin()
        .current_dir(&dir)
        .arg("lev-comp")
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(&src).unwrap();
    assert!(child.wait().unwrap().success());
    let bytes = std::fs::read(dir.join("tinyvlt.lev")).unwrap();
    assert!(
        bytes.len() < 4096 && !bytes.ends_with(&[0xAA]),
        "file was not truncated"
    );
    assert_eq!(&bytes[..8], &0x03040300u64.to_le_bytes());
}

#[test]
fn lev_comp_reports_like_the_original_and_exits_1() {
    let dir = tempdir("invalid");
    let inv = corpus().join("invalid");
    std::fs::copy(
        inv.join("i02_unknown_monster_class.des"),
        dir.join("i02.des"),
    )
    .unwrap();
    let out = bin()
        .current_dir(&dir)
        .args(["lev-comp", "i02.des"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "i02.des: line 7 : Unknown monster class!\n\
         i02.des: line 7 : WARNING : Invalid monster name!  Making random monster.\n\
         i02.des : 1 errors detected. No output created!\n"
    );
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no output file"
    );
}

#[test]
fn lev_comp_rejects_what_crashes_the_original() {
    let dir = tempdir("crash");
    let src = corpus().join("invalid/i14_nomap_coord_crash.des");
    let out = bin()
        .current_dir(&dir)
        .arg("lev-comp")
        .arg(&src)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 5 : Object at an explicit position after NOMAP"),
        "{err}"
    );
}

#[test]
fn dgn_comp_writes_beside_the_input_and_checks_the_suffix() {
    let dir = tempdir("dgn");
    let pdf = common::shared_dir()
        .unwrap()
        .join("corpus/nethack-3.4.3/des/dungeon.pdf");
    std::fs::copy(&pdf, dir.join("dungeon.pdf")).unwrap();
    let out = bin()
        .arg("dgn-comp")
        .arg(dir.join("dungeon.pdf"))
        .output()
        .unwrap();
    assert_succeeded(&out);
    assert_eq!(
        std::fs::read(dir.join("dungeon")).unwrap(),
        std::fs::read(corpus().join("expected/dungeon.pdf/dungeon")).unwrap()
    );
    // A .def is preprocessed like makedefs -e first.
    let def = corpus().join("des/dungeon.def");
    std::fs::copy(&def, dir.join("dungeon.def")).unwrap();
    std::fs::remove_file(dir.join("dungeon")).unwrap();
    let out = bin()
        .arg("dgn-comp")
        .arg(dir.join("dungeon.def"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read(dir.join("dungeon")).unwrap(),
        std::fs::read(corpus().join("expected/dungeon.pdf/dungeon")).unwrap()
    );
    // Standard input to standard output.
    let mut child = bin()
        .arg("dgn-comp")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(&pdf).unwrap())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.stdout,
        std::fs::read(corpus().join("expected/dungeon.pdf/dungeon")).unwrap()
    );
    // The reference's verdict on a wrong suffix (invalid/di07).
    let inv = corpus().join("invalid");
    std::fs::copy(
        inv.join("di07_bad_suffix.txt"),
        dir.join("di07_bad_suffix.txt"),
    )
    .unwrap();
    let out = bin()
        .current_dir(&*dir)
        .args(["dgn-comp", "di07_bad_suffix.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "Error - file name \"di07_bad_suffix.txt\" in wrong format.\n"
    );
}

#[test]
fn dgn_comp_reports_like_the_original() {
    let dir = tempdir("dgn-invalid");
    let inv = corpus().join("invalid");
    std::fs::copy(inv.join("di03_chain_missing.pdf"), dir.join("di03.pdf")).unwrap();
    let out = bin()
        .current_dir(&*dir)
        .args(["dgn-comp", "di03.pdf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "di03.pdf : line 5 : Can't locate the specified chain level.\n\
         di03.pdf : line 5 : Invaild level chain reference.\n\
         di03.pdf : line 6 : Can't locate the specified chain level.\n\
         di03.pdf : line 6 : Invaild branch chain reference.\n"
    );
    // Like the original, the output is written despite its own errors,
    // without what they rejected.
    let want = std::fs::read(
        inv.join("expected/di03_chain_missing.pdf")
            .join("di03_chain_missing"),
    )
    .unwrap();
    assert_eq!(std::fs::read(dir.join("di03")).unwrap(), want);
}

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
fn map2c_drop_in_matches_the_reference_and_refuses_broken_rooms() {
    let dir = tempdir("map2c");
    let powder = common::shared_dir().unwrap().join("corpus/powder");
    std::fs::copy(powder.join("maps/lava.map"), dir.join("lava.map")).unwrap();
    let out = bin()
        .current_dir(&*dir)
        .args(["map2c", "lava.map", "lava.cpp"])
        .output()
        .unwrap();
    assert_succeeded(&out);
    assert_eq!(
        std::fs::read(dir.join("lava.cpp")).unwrap(),
        std::fs::read(powder.join("expected/lava.cpp")).unwrap()
    );
    std::fs::copy(
        powder.join("invalid/no_legend.map"),
        dir.join("no_legend.map"),
    )
    .unwrap();
    let out = bin()
        .current_dir(&*dir)
        .args(["map2c", "no_legend.map", "x.cpp"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(255));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "No look ups found, aborting\n"
    );
    assert!(!dir.join("x.cpp").exists());
}

#[test]
fn rlg327_print_matches_the_reference_and_the_assignment() {
    let rlg = common::shared_dir().unwrap().join("corpus/rlg327");
    let out = bin()
        .args(["rlg327", "print"])
        .arg(rlg.join("object_desc.sonytaung-1.10.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        out.stdout,
        std::fs::read(rlg.join("expected/object_desc.sonytaung-1.10.txt.y2018plus.stdout"))
            .unwrap()
    );
    let out = bin()
        .args([
            "rlg327",
            "print",
            "--dialect",
            "f2017",
            "--form",
            "assignment",
        ])
        .arg(rlg.join("monster_desc.erelsbernd.txt"))
        .output()
        .unwrap();
    assert_eq!(
        out.stdout,
        std::fs::read(rlg.join("expected/seed.assignment-form.txt")).unwrap()
    );
    // The 2016-17 file under the 2018+ dialect: every entry discarded, said why.
    let out = bin()
        .args(["rlg327", "print", "--dialect", "y2018"])
        .arg(rlg.join("monster_desc.erelsbernd.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing field(s): RRTY"));
}

#[test]
fn check_json_prints_one_object_per_file() {
    let des = corpus().join("des");
    let files = ["castle.des", "oracle.des", "bigroom.des", "knox.des"];
    let out = bin()
        .args(["check", "--format", "json"])
        .args(files.iter().map(|f| des.join(f)))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    for (line, file) in lines.iter().zip(files) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["path"].as_str().unwrap().ends_with(file));
        assert_eq!(v["language"], "nethack-des");
        // Only the note that says which language the file was read as.
        let diagnostics = v["diagnostics"].as_array().unwrap();
        assert_eq!(diagnostics.len(), 1, "{line}");
        assert_eq!(diagnostics[0]["code"], "NH0300", "{line}");
        assert!(
            diagnostics[0]["message"]
                .as_str()
                .unwrap()
                .starts_with("checked as NetHack 3.4.3: line "),
            "{line}"
        );
    }
}

#[test]
fn check_json_gives_lines_and_columns_and_exit_1_on_errors() {
    let out = bin()
        .args(["check", "--format", "json"])
        .arg(repo().join("tests/fixtures/nethack/invalid/negative_register.des"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["severity"] == "error")
        .unwrap();
    assert_eq!(d["code"], "NH0203");
    assert_eq!(d["line"], 8);
    assert_eq!(d["column"], 20);
    assert_eq!(d["end_line"], 8);
    assert_eq!(d["end_column"], 29);
}

#[test]
fn check_usage_errors_exit_2() {
    let out = bin()
        .args(["check", "/nonexistent/x.des"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin()
        .args(["check", "--language", "klingon", "x.des"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
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

/// `tests/fixtures/<lang>/invalid/NAME.ext` beside `NAME.stderr`: the human
/// rendering of `vaultwright check`, which rejects the file; in
/// `tests/fixtures/dcss-des/warn/`, files it accepts with warnings.
#[test]
fn golden_diagnostics() {
    let bless = std::env::var_os("VAULTWRIGHT_BLESS").is_some();
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut folders: Vec<(PathBuf, Option<i32>)> = Vec::new();
    for lang in std::fs::read_dir(repo().join("tests/fixtures")).unwrap() {
        let lang = lang.unwrap().path();
        folders.push((lang.join("invalid"), Some(1)));
    }
    folders.push((repo().join("tests/fixtures/dcss-des/warn"), Some(0)));
    for (dir, status) in folders {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e != "stderr"))
            .collect();
        files.sort();
        for file in files {
            let out = bin()
                .current_dir(&dir)
                .arg("check")
                .arg(file.file_name().unwrap())
                .output()
                .unwrap();
            assert_eq!(
                out.status.code(),
                status,
                "{}: the exit status",
                file.display()
            );
            let got = String::from_utf8_lossy(&out.stderr).into_owned();
            let golden = file.with_extension("stderr");
            if bless {
                std::fs::write(&golden, &got).unwrap();
            } else {
                let want = std::fs::read_to_string(&golden).unwrap_or_default();
                if want != got {
                    failures.push(format!(
                        "{}:\n--- want\n{want}\n--- got\n{got}",
                        golden.display()
                    ));
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 17, "golden fixtures missing");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The studio's examples are what new users see first: each must check
/// without errors (a stale name in one, "skeleton" for DCSS, once slipped).
#[test]
fn every_shipped_example_checks_without_errors() {
    let dir = repo().join("static/examples");
    let mut seen = 0;
    for e in std::fs::read_dir(&dir).expect("static/examples") {
        let path = e.expect("entry").path();
        let out = bin()
            .arg("check")
            .arg("--format")
            .arg("json")
            .arg(&path)
            .output()
            .expect("run");
        let json = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{} has errors:\n{json}",
            path.display()
        );
        assert!(json.contains("\"diagnostics\""), "{json}");
        seen += 1;
    }
    assert!(seen >= 7, "only {seen} examples found in {}", dir.display());
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

/// Output that cannot be written is an I/O error (exit 2, a message), and
/// a reader that goes away (`| head`) ends the run quietly: never a panic.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_error_and_a_closed_pipe_is_quiet() {
    let example = repo().join("static/examples/tiny-maze.des");
    let out_dir = tempdir("write-errors");
    let commands: Vec<Vec<std::ffi::OsString>> = vec![
        vec!["render".into(), example.clone().into()],
        vec![
            "check".into(),
            "--format".into(),
            "json".into(),
            example.clone().into(),
        ],
        vec![
            "compile".into(),
            example.clone().into(),
            "-o".into(),
            out_dir.as_os_str().to_owned(),
        ],
    ];
    for args in &commands {
        let full = std::fs::File::create("/dev/full").unwrap();
        let out = bin().args(args).stdout(full).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?} to a full device: {err}"
        );
        assert!(
            err.contains("cannot write standard output"),
            "{args:?}: {err}"
        );

        // The read end is closed before the command writes anything.
        let mut child = bin()
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.contains("panicked"),
            "{args:?} to a closed pipe: {err}"
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?} to a closed pipe: {err}"
        );
    }
}

/// Over many files a missing one is one finding in its place, and the
/// files after it are still checked or compiled; the run ends with exit 2.
#[test]
fn an_unreadable_file_among_many_loses_nothing() {
    let dir = tempdir("many");
    let maze = repo().join("static/examples/tiny-maze.des");
    let rooms = repo().join("static/examples/tiny-rooms.des");
    let missing = dir.join("missing.des");
    let out = bin()
        .args(["check", "--format", "json"])
        .args([&maze, &missing, &rooms])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let paths: Vec<&str> = lines.iter().map(|l| l["path"].as_str().unwrap()).collect();
    assert_eq!(
        paths,
        [
            maze.to_str().unwrap(),
            missing.to_str().unwrap(),
            rooms.to_str().unwrap()
        ]
    );
    assert_eq!(lines[1]["diagnostics"][0]["code"], "IO0001");
    assert!(lines[1]["language"].is_null());

    let compiled = dir.join("out");
    let out = bin()
        .arg("compile")
        .args([&missing, &maze])
        .arg("-o")
        .arg(&compiled)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let written: Vec<_> = std::fs::read_dir(&compiled).unwrap().collect();
    assert!(!written.is_empty(), "the readable file was still compiled");
}

/// A fork's names file: its monster, feature and tag are accepted, the old
/// trap form with `--dcss-trap-features old`; without them they are the
/// errors the trunk tables give. A line that names nothing is exit 2.
#[test]
fn names_files_tell_the_checker_about_a_fork() {
    let dir = tempdir("names");
    let vault = dir.join("fork.des");
    std::fs::write(
        &vault,
        "NAME: fork_vault\nTAGS: transparent my_fork_tag\n\
         MONS: deep elf conjurer\nKFEAT: x = magic fountain / net trap\nMAP\n.x1\nENDMAP\n",
    )
    .unwrap();
    let names = dir.join("fork.names");
    std::fs::write(
        &names,
        "# my fork\nmonster: Deep Elf Conjurer\nfeature: magic fountain\ntag: my_fork_tag\n",
    )
    .unwrap();
    let plain = bin().arg("check").arg(&vault).output().unwrap();
    assert_eq!(plain.status.code(), Some(1));
    let told = String::from_utf8_lossy(&plain.stderr);
    assert!(
        told.contains("unknown monster \"deep elf conjurer\""),
        "{told}"
    );
    assert!(
        told.contains("no features matching \"magic fountain\""),
        "{told}"
    );

    let fork = bin()
        .arg("check")
        .arg("--names")
        .arg(&names)
        .args(["--dcss-trap-features", "old"])
        .arg(&vault)
        .output()
        .unwrap();
    let told = String::from_utf8_lossy(&fork.stderr);
    assert_eq!(fork.status.code(), Some(0), "{told}");
    assert!(told.contains("0 error(s), 0 other finding(s)"), "{told}");

    // Only the names: the old trap form is still trunk's error.
    let names_only = bin()
        .arg("check")
        .arg("--names")
        .arg(&names)
        .arg(&vault)
        .output()
        .unwrap();
    let told = String::from_utf8_lossy(&names_only.stderr);
    assert_eq!(names_only.status.code(), Some(1));
    assert!(
        told.contains("no features matching \"net trap\"")
            && !told.contains("no features matching \"magic fountain\""),
        "{told}"
    );

    let bad = dir.join("bad.names");
    std::fs::write(&bad, "monster: fine\nbeast: x\n").unwrap();
    let out = bin()
        .arg("check")
        .arg("--names")
        .arg(&bad)
        .arg(&vault)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let told = String::from_utf8_lossy(&out.stderr);
    assert!(
        told.contains("bad.names:2:1") && told.contains("unknown category `beast`"),
        "{told}"
    );
}

/// The guideline notes go with `--no-guidelines`, and nothing else does.
#[test]
fn no_guidelines_leaves_out_the_guideline_notes() {
    let fixture = repo().join("tests/fixtures/dcss-des/warn/guidelines.des");
    let with = bin().arg("check").arg(&fixture).output().unwrap();
    let without = bin()
        .args(["check", "--no-guidelines"])
        .arg(&fixture)
        .output()
        .unwrap();
    let (with, without) = (
        String::from_utf8_lossy(&with.stderr),
        String::from_utf8_lossy(&without.stderr),
    );
    assert!(
        with.contains("note[DC0500]") && with.contains("note[DC0503]"),
        "{with}"
    );
    assert!(!without.contains("DC05"), "{without}");
    assert!(
        without.contains("0 error(s), 0 other finding(s)"),
        "{without}"
    );
}

/// `--reachability-seeds N` sets how many seeds the seeded checks walk;
/// 0 leaves them out, and nothing else goes with them.
#[test]
fn reachability_seeds_sets_how_many_seeds_are_walked() {
    let fixture = repo().join("tests/fixtures/dcss-des/warn/seeds.des");
    let run = |seeds: &str| {
        let out = bin()
            .args(["check", "--reachability-seeds", seeds])
            .arg(&fixture)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let four = run("4");
    assert!(four.contains(" of 4 seeds); seed "), "{four}");
    let none = run("0");
    assert!(!none.contains("DC04") && !none.contains("DC0312"), "{none}");
    assert!(none.contains("0 error(s), 0 other finding(s)"), "{none}");
}

/// `--dcss-game old` reads the older primary/replica names and the old
/// trap forms; trunk is the default.
#[test]
fn dcss_game_old_reads_the_older_names() {
    let fixture = repo().join("tests/fixtures/dcss-des/warn/triggerables.des");
    let out = bin()
        .args(["check", "--dcss-game", "old"])
        .arg(&fixture)
        .output()
        .unwrap();
    let told = String::from_utf8_lossy(&out.stderr);
    assert!(
        told.contains("this game reads `master_name`; `primary_name` is trunk's newer name"),
        "{told}"
    );
    assert!(!told.contains("`slaved_to` is the older name"), "{told}");
    let traps = repo().join("tests/fixtures/dcss-des/invalid/old_trap_names.des");
    let out = bin()
        .args(["check", "--dcss-game", "old"])
        .arg(&traps)
        .output()
        .unwrap();
    let told = String::from_utf8_lossy(&out.stderr);
    assert!(!told.contains("no features matching"), "{told}");
}

#[test]
fn decode_prints_a_36_lev_record_by_record() {
    let root = common::shared_dir().unwrap().join("corpus");
    let lev = root.join("nethack-3.6.6/expected/castle.des/castle.lev");
    let out = bin().arg("decode").arg(&lev).output().unwrap();
    assert_succeeded(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "# incarnation 0x03060600");
    assert_eq!(lines[5], "# 1060 records");
    assert_eq!(lines[6], "   0  PUSH int 2");
    assert_eq!(lines[14], "   8  INITLEVEL");
    assert_eq!(lines[19], "  13  PUSH coord (3,3) raw 196611");
    assert_eq!(lines.len(), 6 + 1060);
    // Read as 3.6 on purpose, a 3.4.3 file's first record is no opcode.
    let old = root.join("nethack-3.4.3/expected/castle.des/castle.lev");
    let out = bin()
        .args(["decode", "--target", "nethack-3.6.6"])
        .arg(&old)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("not a NetHack 3.6.6 .lev file: at byte 48: opcode"),
        "{err}"
    );
}

/// A 3.4.3 file, told by its version word: every field with its offset,
/// size, record and meaning; the same as JSON.
#[test]
fn decode_prints_a_343_lev_field_by_field() {
    let root = common::shared_dir().unwrap().join("corpus");
    let lev = root.join("nethack-3.4.3/expected/oracle.des/oracle.lev");
    let out = bin().arg("decode").arg(&lev).output().unwrap();
    assert_succeeded(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "# nethack-3.4.3 .lev, 871 bytes, 541 fields");
    assert_eq!(
        lines[2],
        "       0    8  header / version word = 50594560 (0x03040300)"
    );
    assert!(lines.contains(&"      32    1  level / kind = 1 (LEVEL (rooms))"));
    assert!(lines.contains(&"      55    7  room 0 / name = \"central\""));
    assert!(lines.contains(&"     358    1  room 1 / type = 9 (delphi)"));
    assert!(lines.contains(&"     159    2  room 0 / object 0 / object = 428 (statue)"));
    let out = bin()
        .args(["decode", "--format", "json"])
        .arg(&lev)
        .output()
        .unwrap();
    assert_succeeded(&out);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["target"], "nethack-3.4.3");
    let fields = doc["fields"].as_array().unwrap();
    assert_eq!(fields.len(), 541);
    assert_eq!(fields[4]["name"], "kind");
    assert_eq!(fields[4]["offset"], 32);
    assert_eq!(fields[4]["meaning"], "LEVEL (rooms)");
    // Not a level at all: an error at the byte where it stops being one.
    let dir = tempdir("decode-bad");
    let bad = dir.join("bad.lev");
    std::fs::write(&bad, [0u8; 40]).unwrap();
    let out = bin().arg("decode").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("at byte 32: level kind 0"), "{err}");
}

/// A shipped level decompiled, then compiled by the drop-in: the same
/// bytes as the original's.
#[test]
fn decompile_writes_source_that_compiles_back() {
    let lev = corpus().join("expected/castle.des/castle.lev");
    let out = bin().arg("decompile").arg(&lev).output().unwrap();
    assert_succeeded(&out);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let source = String::from_utf8(out.stdout).unwrap();
    assert!(source.starts_with("MAZE: \"castle\", random\n"), "{source}");
    let dir = tempdir("decompile");
    std::fs::write(dir.join("castle.des"), &source).unwrap();
    let out = bin()
        .arg("lev-comp")
        .arg("castle.des")
        .current_dir(&*dir)
        .output()
        .unwrap();
    assert_succeeded(&out);
    assert_eq!(
        std::fs::read(dir.join("castle.lev")).unwrap(),
        std::fs::read(&lev).unwrap()
    );
    // A 3.6 level is a program: not decompiled here.
    let root = common::shared_dir().unwrap().join("corpus");
    let new = root.join("nethack-3.6.6/expected/castle.des/castle.lev");
    let out = bin().arg("decompile").arg(&new).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
}

/// A level name that is a path: the 3.6 compilers check only dots and
/// length, so `/tmp/…` would be written outside the folder. Refused with a
/// message and a code for every target and by `compile`, and nothing is
/// written anywhere.
#[cfg(unix)]
#[test]
fn a_level_name_never_writes_outside_its_folder() {
    let dir = tempdir("abs-name");
    let outside = Path::new("/tmp").join(format!("vw{}", std::process::id() % 10_000));
    let name = outside.to_string_lossy().into_owned();
    assert!(name.len() <= 14 && !name.contains('.'), "{name}");
    let src = format!("MAZE:\"{name}\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n");
    std::fs::write(dir.join("abs.des"), &src).unwrap();
    for target in [
        "nethack-3.6.6",
        "nle-0.9",
        "evilhack-0.9.3",
        "nethack-3.4.3",
    ] {
        let out = bin()
            .current_dir(&*dir)
            .args(["lev-comp", "--target", target, "abs.des"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{target}: {stderr}");
        assert!(
            stderr.contains("cannot be used as a file name") || stderr.contains("Invalid"),
            "{target}: {stderr}"
        );
    }
    let out = bin()
        .args(["compile", "--target", "nethack-3.6.6"])
        .arg(dir.join("abs.des"))
        .arg("-o")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("NH3605"), "{stderr}");
    assert!(!Path::new(&format!("{name}.lev")).exists());
    let written: Vec<_> = std::fs::read_dir(&*dir).unwrap().flatten().collect();
    assert_eq!(written.len(), 2, "only abs.des and the empty out/");
}

/// `compile` of RLG327 descriptions writes `monsters.txt`: in the input's
/// own folder that is the input. It must say so, exit 2, and leave the
/// user's file as it was; the same for the drop-ins.
#[test]
fn no_command_writes_over_its_input() {
    let dir = tempdir("own-input");
    let rlg = common::shared_dir().unwrap().join("corpus/rlg327");
    let source = std::fs::read(rlg.join("monster_desc.cjvoigt.txt")).unwrap();
    std::fs::write(dir.join("monsters.txt"), &source).unwrap();
    let out = bin()
        .current_dir(&*dir)
        .args(["compile", "monsters.txt", "-o", "."])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("would be written over the input"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(dir.join("monsters.txt")).unwrap(), source);

    // A level named like its own source file.
    let level = "MAZE:\"x\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n";
    std::fs::write(dir.join("x.lev"), level).unwrap();
    for target in ["nethack-3.4.3", "nethack-3.6.6"] {
        let out = bin()
            .current_dir(&*dir)
            .args(["lev-comp", "--target", target, "x.lev"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{target}");
        assert_eq!(std::fs::read_to_string(dir.join("x.lev")).unwrap(), level);
    }

    // map2c told to write its input.
    let powder = common::shared_dir().unwrap().join("corpus/powder");
    let room = std::fs::read(powder.join("maps/lava.map")).unwrap();
    std::fs::write(dir.join("lava.map"), &room).unwrap();
    let out = bin()
        .current_dir(&*dir)
        .args(["map2c", "lava.map", "lava.map"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(dir.join("lava.map")).unwrap(), room);
}

/// map2c builds C identifiers from the output's file name: a name that is
/// none is written as one (with a warning), and an ordinary name keeps
/// the reference's bytes (`map2c_drop_in_matches_the_reference…`).
#[test]
fn map2c_never_pastes_a_file_name_into_the_code() {
    let dir = tempdir("map2c-name");
    let powder = common::shared_dir().unwrap().join("corpus/powder");
    std::fs::copy(powder.join("maps/lava.map"), dir.join("lava.map")).unwrap();
    let out = bin()
        .current_dir(&*dir)
        .args(["map2c", "lava.map", "my-room\";evil();.cpp"])
        .output()
        .unwrap();
    assert_succeeded(&out);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("PW0210"), "{stderr}");
    let code = std::fs::read_to_string(dir.join("my-room\";evil();.cpp")).unwrap();
    assert!(code.contains("glb_my_room__evil____squarelist"), "{code}");
    assert!(!code.contains("evil()"));
}

/// A rebuild leaves a file whose bytes are already right untouched but for
/// its time (make sees it as new), and replaces the others whole.
#[cfg(unix)]
#[test]
fn a_rebuild_touches_what_is_right_and_replaces_the_rest() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempdir("rebuild");
    std::fs::copy(corpus().join("des/endgame.des"), dir.join("endgame.des")).unwrap();
    let run = || {
        let out = bin()
            .current_dir(&*dir)
            .args(["lev-comp", "endgame.des"])
            .output()
            .unwrap();
        assert_succeeded(&out);
    };
    run();
    let air = dir.join("air.lev");
    let fire = dir.join("fire.lev");
    let long_ago = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(86_400);
    for f in [&air, &fire] {
        std::fs::File::options()
            .write(true)
            .open(f)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
    }
    let mut damaged = std::fs::read(&fire).unwrap();
    damaged[10] ^= 0xff;
    std::fs::write(&fire, &damaged).unwrap();
    let (air_inode, fire_inode) = (
        std::fs::metadata(&air).unwrap().ino(),
        std::fs::metadata(&fire).unwrap().ino(),
    );
    run();
    let air_after = std::fs::metadata(&air).unwrap();
    assert_eq!(air_after.ino(), air_inode, "a right file is kept");
    assert!(air_after.modified().unwrap() > long_ago, "and touched");
    assert_ne!(std::fs::metadata(&fire).unwrap().ino(), fire_inode);
    assert_eq!(
        std::fs::read(&fire).unwrap(),
        std::fs::read(corpus().join("expected/endgame.des/fire.lev")).unwrap()
    );
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
