//! The drop-ins against the originals' recorded outputs: `lev-comp`
//! (3.4.3 and 3.6), `dgn-comp`, `map2c` and `rlg327 print`, their
//! messages, exit statuses and files, and a rebuild that rewrites only
//! what changed.

use super::*;

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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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

/// map2c builds C identifiers from the output's file name: a name that is
/// none is written as one (with a warning), and an ordinary name keeps
/// the reference's bytes (`map2c_drop_in_matches_the_reference…`).
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
