//! What a 3.6 level's run shows in the editor: the branches and cases a
//! seed does not take are marked as never run, a loop says how many times
//! it ran, a variable says its value where it is written, and each
//! selection expression gives its cells.

use vaultwright::view::{RunTrace, View};
use vaultwright::{analyze, Language, Options, Target};

const LEVEL: &str = "\
LEVEL: \"trace\"
INIT_MAP: solidfill, ' '
$i = 0
LOOP [3] { $i = $i + 1 }
IF [$i == 3] {
  TERRAIN: rect (2,2,6,4), '.'
} ELSE {
  MESSAGE: \"never\"
}
SWITCH [1] {
  CASE 0: MESSAGE: \"case zero\"
  BREAK
  CASE 5: MESSAGE: \"case five\"
  BREAK
}
";

fn trace_of(source: &str, seed: u64) -> RunTrace {
    let options = Options {
        target: Target::Nethack366,
        explicit_target: true,
        seed,
        ..Options::default()
    };
    let analysis = analyze(source, Language::NethackDes, &options);
    assert!(
        analysis.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        analysis.diagnostics
    );
    match analysis.views.first().map(|v| &v.view) {
        Some(View::TileMap(map)) => map.trace.clone(),
        other => panic!("no tile map: {other:?}"),
    }
}

fn text(span: vaultwright::source::Span) -> &'static str {
    &LEVEL[span.start as usize..span.end as usize]
}

#[test]
fn untaken_branches_and_cases_are_marked_as_never_run() {
    let trace = trace_of(LEVEL, 1);
    let unrun: Vec<&str> = trace.unrun.iter().map(|&s| text(s)).collect();
    assert!(unrun.iter().any(|t| t.contains("\"never\"")), "{unrun:?}");
    // SWITCH [1] picks rn2(1) = 0: case 0 runs, case 5 is skipped.
    assert!(unrun.iter().any(|t| t.contains("case five")), "{unrun:?}");
    assert!(!unrun.iter().any(|t| t.contains("case zero")), "{unrun:?}");
    // What ran is not marked.
    for t in &unrun {
        assert!(!t.contains("TERRAIN") && !t.contains("LOOP"), "{t:?} ran");
    }
}

#[test]
fn a_loop_says_how_many_times_it_ran_and_a_for_too() {
    let trace = trace_of(LEVEL, 1);
    // The SWITCH's jump back to its cases is not a loop: one hint only.
    let [hint] = trace.hints.as_slice() else {
        panic!("one loop hint, not {:?}", trace.hints);
    };
    assert!(text(hint.span).starts_with("LOOP"), "{:?}", text(hint.span));
    assert_eq!(hint.text, "ran 3 times");
}

#[test]
fn a_variable_shows_its_values_where_it_is_written() {
    let trace = trace_of(LEVEL, 1);
    let at = |needle: &str, nth: usize| {
        let start = LEVEL
            .match_indices(needle)
            .nth(nth)
            .expect("in the level")
            .0 as u32;
        trace
            .values
            .iter()
            .find(|v| v.span.start == start)
            .map(|v| v.text.clone())
    };
    assert_eq!(at("$i", 0).as_deref(), Some("$i = 0 here in this seed"));
    // Set in the loop to 1, 2, 3; read there as 0, 1, 2.
    assert_eq!(
        at("$i", 1).as_deref(),
        Some("$i here in this seed: 1, 2, 3")
    );
    assert_eq!(
        at("$i", 2).as_deref(),
        Some("$i here in this seed: 0, 1, 2")
    );
    assert_eq!(at("$i", 3).as_deref(), Some("$i = 3 here in this seed"));
}

#[test]
fn a_selection_expression_gives_its_cells() {
    let trace = trace_of(LEVEL, 1);
    let rect = trace
        .selections
        .iter()
        .find(|s| text(s.origin).starts_with("rect"))
        .unwrap_or_else(|| panic!("no rect selection in {:?}", trace.selections.len()));
    // rect (2,2,6,4): its border, 5 + 5 + 1 + 1 cells, inside the level's
    // frame (the whole level: x is one column in).
    assert_eq!(rect.cells.len(), 12, "{:?}", rect.cells);
}

#[test]
fn another_seed_takes_another_branch() {
    let source = "LEVEL: \"coin\"\nINIT_MAP: solidfill, ' '\n\
                  IF [50%] { MESSAGE: \"heads\" } ELSE { MESSAGE: \"tails\" }\n";
    let mut seen = [false, false];
    for seed in 0..40 {
        let trace = trace_of(source, seed);
        let unrun: String = trace
            .unrun
            .iter()
            .map(|s| &source[s.start as usize..s.end as usize])
            .collect();
        let heads = unrun.contains("heads");
        assert_ne!(
            heads,
            unrun.contains("tails"),
            "exactly one side is skipped: {unrun:?}"
        );
        seen[usize::from(heads)] = true;
    }
    assert_eq!(seen, [true, true], "both sides are taken in some seed");
}

#[test]
fn a_for_loop_counts_its_iterations() {
    let source = "LEVEL: \"for\"\nINIT_MAP: solidfill, ' '\nFOR $k = 1 TO 4 { MESSAGE: \"x\" }\n";
    let trace = trace_of(source, 1);
    let texts: Vec<&str> = trace.hints.iter().map(|h| h.text.as_str()).collect();
    assert_eq!(texts, ["ran 4 times"]);
}
