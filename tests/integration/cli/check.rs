//! `vaultwright check`: JSON and human output, exit statuses, the shipped
//! examples, names files and the options that shape the findings. (Its
//! golden findings, one trial per fixture, are in `tests/conformance/golden.rs`.)

use super::*;

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
