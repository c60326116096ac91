//! One run of a level's program tied back to its source, for the editor:
//! the statements the run never reached, how many times each loop ran,
//! the values of the variables where they are written, and the cells of
//! each selection expression.

use super::lev::{Lev, Record, Value};
use std::collections::HashMap;

use super::preview::{Level, Seen, Trace};
use vaultwright_model::source::Span;
use vaultwright_model::view::{RunTrace, SelectionCells, SourceNote};

/// The jumps that close a loop: LOOP's `JG` and FOR's `JNE` back to the
/// body (a SWITCH jumps back too, with `JE` and `JMP`, to its cases).
const LOOP_JUMPS: [i32; 2] = [31, 34];

/// `span_of(record)` is the source of the statement or expression that
/// emitted the record (None when unknown); `variables` are the spans of
/// the source's `$name` tokens.
pub fn run_trace(
    source: &str,
    lev: &Lev,
    level: &Level,
    span_of: &dyn Fn(usize) -> Option<Span>,
    variables: &[Span],
) -> RunTrace {
    let trace = &level.trace;
    let unrun = unrun(lev.records.len(), trace, span_of);
    let hints = loop_counts(lev, trace, span_of);
    let values = variable_values(source, level, span_of, variables, &unrun);
    let selections = selections(trace, span_of);
    RunTrace {
        unrun,
        hints,
        values,
        selections,
    }
}

/// The spans of records that never ran, less those that hold a record
/// that did (a loop's closing jump spans its whole body), merged.
fn unrun(records: usize, trace: &Trace, span_of: &dyn Fn(usize) -> Option<Span>) -> Vec<Span> {
    let ran = |i: usize| trace.ran.get(i).copied().unwrap_or(0) > 0;
    let mut executed: Vec<Span> = (0..records)
        .filter(|&i| ran(i))
        .filter_map(span_of)
        .filter(|s| !s.is_empty())
        .collect();
    vaultwright_model::sorting::sort_by_key(&mut executed, |s| (s.start, s.end));
    let holds_executed = |s: &Span| {
        let from = executed.partition_point(|e| e.start < s.start);
        executed[from..]
            .iter()
            .take_while(|e| e.start < s.end)
            .any(|e| e.end <= s.end)
    };
    let mut out: Vec<Span> = (0..records)
        .filter(|&i| !ran(i))
        .filter_map(span_of)
        .filter(|s| !s.is_empty() && !holds_executed(s))
        .collect();
    vaultwright_model::sorting::sort_by_key(&mut out, |s| s.start);
    merge(out)
}

fn merge(sorted: Vec<Span>) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::with_capacity(sorted.len());
    for s in sorted {
        match out.last_mut() {
            Some(last) if s.start <= last.end => last.end = last.end.max(s.end),
            _ => out.push(s),
        }
    }
    out
}

/// A loop's jump back (its pushed offset is negative) runs once per
/// iteration.
fn loop_counts(
    lev: &Lev,
    trace: &Trace,
    span_of: &dyn Fn(usize) -> Option<Span>,
) -> Vec<SourceNote> {
    let mut out = Vec::new();
    for (i, pair) in lev.records.windows(2).enumerate() {
        let [Record::Push(Value::Int(offset)), Record::Op(op)] = pair else {
            continue;
        };
        if *offset >= 0 || !LOOP_JUMPS.contains(op) {
            continue;
        }
        let at = i + 1;
        let times = trace.ran.get(at).copied().unwrap_or(0);
        let Some(span) = span_of(at) else { continue };
        if times == 0 {
            continue;
        }
        let text = match times {
            1 => "ran once".to_string(),
            n => format!("ran {n} times"),
        };
        out.push(SourceNote { span, text });
    }
    out
}

/// For each `$name` token, the values the innermost record around it that
/// read or set `name` saw; otherwise its value at the end of the run.
fn variable_values(
    source: &str,
    level: &Level,
    span_of: &dyn Fn(usize) -> Option<Span>,
    variables: &[Span],
    unrun: &[Span],
) -> Vec<SourceNote> {
    let mut seen: HashMap<&str, Vec<(Span, &Seen)>> = HashMap::new();
    for (i, s) in level.trace.values.iter().enumerate() {
        if let (Some(s), Some(span)) = (s, span_of(i)) {
            seen.entry(s.name.as_str()).or_default().push((span, s));
        }
    }
    let mut out = Vec::new();
    for &token in variables {
        let Some(name) = source.get(token.start as usize..token.end as usize) else {
            continue;
        };
        let innermost = seen
            .get(name)
            .into_iter()
            .flatten()
            .filter(|(span, _)| span.start <= token.start && token.end <= span.end)
            .min_by_key(|(span, _)| span.end - span.start);
        let text = match innermost {
            Some((_, s)) => here(name, s),
            None if unrun
                .iter()
                .any(|u| u.start <= token.start && token.end <= u.end) =>
            {
                format!("{name}: not reached in this seed")
            }
            None => match level.variables.iter().find(|(n, _)| n == name) {
                Some((_, v)) => format!("{name} = {v} at the end of the run"),
                None => continue,
            },
        };
        out.push(SourceNote { span: token, text });
    }
    out
}

fn here(name: &str, seen: &Seen) -> String {
    let more = if seen.more { ", …" } else { "" };
    match seen.values.as_slice() {
        [one] => format!("{name} = {one} here in this seed"),
        many => format!("{name} here in this seed: {}{more}", many.join(", ")),
    }
}

fn selections(trace: &Trace, span_of: &dyn Fn(usize) -> Option<Span>) -> Vec<SelectionCells> {
    trace
        .selections
        .iter()
        .enumerate()
        .filter_map(|(i, sel)| {
            Some(SelectionCells {
                origin: span_of(i)?,
                cells: super::preview::cells(sel.as_ref()?),
            })
        })
        .collect()
}
