//! Every command's exit statuses, as the README's table lists them: 0 ok,
//! 1 errors in the input, 2 usage or I/O, and the drop-ins' own statuses
//! where they keep their original's (map2c's 255, lev-comp and dgn-comp
//! exiting 1 for a file they cannot read). A panic (101) or a signal is
//! never a status: each case names the one it must end with.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A copy of a shipped example in `dir` (dgn-comp writes beside its input).
fn example(dir: &Path, name: &str) -> String {
    let text = std::fs::read_to_string(repo().join("static/examples").join(name))
        .expect("a shipped example");
    file(dir, name, &text)
}

/// Writes `text` as `name` in the scratch directory and returns its path.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("scratch file");
    path.to_string_lossy().into_owned()
}

/// Runs the CLI in `dir` with `args`; stdout to `/dev/full` when asked.
fn status(dir: &Path, args: &[&str], full_stdout: bool) -> Option<i32> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vaultwright"));
    cmd.args(args).current_dir(dir).stdin(Stdio::null());
    cmd.stderr(Stdio::null());
    if full_stdout {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        cmd.stdout(full);
    } else {
        cmd.stdout(Stdio::null());
    }
    cmd.status().expect("run the CLI").code()
}

#[test]
fn every_command_exits_with_a_documented_status() {
    let tmp = common::tempdir("exit-codes");
    let dir = tmp.as_path();
    let bad_des = file(
        dir,
        "bad.des",
        "MAZE:\"bad\",' '\nMONSTER:'d',\"no such\",random\n",
    );
    let bad_def = file(dir, "bad.def", "DUNGEON: \"x\" \"X\" (1,0)\nLEVEL: \"a\" \"none\" @ (9,0)\nCHAINLEVEL: \"b\" \"b\" \"zz\" + (1,0)\n");
    let bad_map = file(dir, "bad.map", "not a room\n");
    let bad_rlg = file(
        dir,
        "bad.txt",
        "RLG327 MONSTER DESCRIPTION 1\n\nBEGIN MONSTER\nNAME x\nEND\n",
    );
    let unknown = file(dir, "notes.txt", "nothing a level compiler reads\n");
    let out = dir.join("out").to_string_lossy().into_owned();
    let maze = example(dir, "tiny-maze.des");
    let dungeon = example(dir, "tiny-dungeon.def");
    let room = example(dir, "shrine.map");
    let monsters = example(dir, "monsters.txt");
    let missing = "missing.des";
    // A level named like its own source file: writing it would replace it.
    let own = file(
        dir,
        "own.lev",
        "MAZE:\"own\",' '\nGEOMETRY:center,center\nMAP\n.\nENDMAP\n",
    );
    let here = dir.to_string_lossy().into_owned();

    let cases: &[(&[&str], bool, i32)] = &[
        // lev-comp: the original's 0 and 1, also for a file it cannot read.
        (&["lev-comp", &maze], false, 0),
        (&["lev-comp", &bad_des], false, 1),
        (&["lev-comp", missing], false, 1),
        (&["lev-comp", "--target", "nethack-9"], false, 2),
        (&["lev-comp", &own], false, 2),
        (&["lev-comp", "--target", "nethack-3.6.6", &own], false, 2),
        // dgn-comp: likewise.
        (&["dgn-comp", &dungeon], false, 0),
        (&["dgn-comp", &bad_def], false, 1),
        (&["dgn-comp", "missing.def"], false, 1),
        (&["dgn-comp", "dungeon.txt"], false, 1),
        (&["dgn-comp", "--bogus"], false, 2),
        // map2c: POWDER's 255 for every failure.
        (&["map2c", &room, "room.cpp"], false, 0),
        (&["map2c", &bad_map, "room.cpp"], false, 255),
        (&["map2c", "missing.map", "room.cpp"], false, 255),
        (&["map2c"], false, 2),
        (&["map2c", &room, &room], false, 2),
        // rlg327 print.
        (&["rlg327", "print", &monsters], false, 0),
        (&["rlg327", "print", &bad_rlg], false, 1),
        (&["rlg327", "print", "missing.txt"], false, 2),
        (&["rlg327", "print", &monsters], true, 2),
        // check.
        (&["check", &maze], false, 0),
        (&["check", &bad_des], false, 1),
        (&["check", missing], false, 2),
        (&["check", &unknown], false, 2),
        (&["check", &maze, missing, &bad_des], false, 2),
        (&["check", "--format", "json", &maze], true, 2),
        (&["check"], false, 2),
        // render.
        (&["render", &maze], false, 0),
        (&["render", &bad_des], false, 1),
        (&["render", &maze, "--level", "nowhere"], false, 2),
        (&["render", missing], false, 2),
        (&["render", &maze], true, 2),
        // compile.
        (&["compile", &maze, "-o", &out], false, 0),
        (&["compile", &bad_des, "-o", &out], false, 1),
        (&["compile", missing, &maze, "-o", &out], false, 2),
        (&["compile"], false, 2),
        // RLG327's print-out is `monsters.txt`: here, the input itself.
        (&["compile", &monsters, "-o", &here], false, 2),
        // No command at all.
        (&[], false, 2),
    ];
    let mut wrong = Vec::new();
    for (args, full, expected) in cases {
        let got = status(dir, args, *full);
        if got != Some(*expected) {
            wrong.push(format!(
                "vaultwright {}{}: {got:?}, documented {expected}",
                args.join(" "),
                if *full { " > /dev/full" } else { "" }
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The README's table names every command, so a new one cannot go
/// undocumented.
#[test]
fn the_readme_lists_the_statuses_of_every_command() {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    let table = readme
        .split("### Exit statuses")
        .nth(1)
        .expect("README has an `### Exit statuses` section");
    for command in [
        "lev-comp",
        "dgn-comp",
        "map2c",
        "rlg327 print",
        "check",
        "render",
        "compile",
    ] {
        assert!(
            table.contains(&format!("| `{command}` |")),
            "the exit-status table has no row for `{command}`"
        );
    }
}
