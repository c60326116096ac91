//! Where every command writes: output that cannot be written is an
//! error, a closed pipe is quiet, no input is written over and no level
//! name writes outside its folder.

use super::*;

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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
