//! The conversion door: what it converts, and what it refuses and why.

use super::*;

const LEVEL: &str = "MAZE: \"tiny\", ' '\nGEOMETRY:center,center\nMAP\n---\n|.|\n---\nENDMAP\n";

#[test]
fn a_sound_file_becomes_one_script_per_level_read_as_its_version() {
    let converted = des_to_lua(LEVEL, &Options::default()).expect("converted");
    let names: Vec<&str> = converted.levels.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["tiny"]);
    assert!(
        converted.levels[0].lua.contains("des.map("),
        "{}",
        converted.levels[0].lua
    );
    assert_eq!(converted.read_as, Target::Nethack343);
}

#[test]
fn a_file_with_errors_is_refused_with_only_its_errors() {
    let broken = LEVEL.replace("GEOMETRY:center,center", "GEOMETRY:center,nowhere");
    let Err(Refused::Errors(errors)) = des_to_lua(&broken, &Options::default()) else {
        panic!("a file with errors was converted");
    };
    assert!(!errors.is_empty());
    assert!(errors.iter().all(Diagnostic::is_error), "{errors:?}");
    let line = broken
        .lines()
        .position(|l| l.contains("nowhere"))
        .expect("the line");
    let at = broken
        .lines()
        .take(line)
        .map(|l| l.len() + 1)
        .sum::<usize>();
    assert!(
        errors.iter().any(|e| e.span.start as usize >= at),
        "{errors:?}"
    );
    // What tests and fuzzing drive the converter with still converts it.
    assert_eq!(des_to_lua_as_read(&broken, &Options::default()).len(), 1);
}

#[test]
fn a_file_without_a_level_is_refused_as_such() {
    let refused = des_to_lua("# only a comment\n", &Options::default());
    assert!(
        matches!(refused, Err(Refused::NoLevel)),
        "{:?}",
        refused.err()
    );
}
