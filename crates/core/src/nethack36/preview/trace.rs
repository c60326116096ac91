//! What each record of the stream did in one run, for the editor: how
//! often it ran (untaken branches never run, a loop's jump back runs once
//! per iteration), the values of the variables it read or set, and the
//! cells of the selection it made.

use crate::nethack_common::selection::Selection;

/// Values kept per record: enough to show a loop's first few.
const VALUES_KEPT: usize = 4;
/// Selections kept per run, so that a program making thousands of
/// selections does not keep thousands of grids.
const SELECTIONS_KEPT: usize = 512;

/// Per record of the stream (indexed like it).
#[derive(Default)]
pub struct Trace {
    /// How many times the record ran.
    pub ran: Vec<u32>,
    /// The variable a record read or set, and the values it had there.
    pub values: Vec<Option<Seen>>,
    /// The last selection a selection record made.
    pub selections: Vec<Option<Selection>>,
    selections_kept: usize,
}

/// A variable as one record saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// As written, with its `$`.
    pub name: String,
    /// The first distinct values, in the order seen.
    pub values: Vec<String>,
    /// More distinct values were seen than kept.
    pub more: bool,
}

impl Trace {
    pub fn new(records: usize) -> Trace {
        Trace {
            ran: vec![0; records],
            values: vec![None; records],
            selections: vec![None; records],
            selections_kept: 0,
        }
    }

    pub fn count(&mut self, at: usize) {
        if let Some(n) = self.ran.get_mut(at) {
            *n = n.saturating_add(1);
        }
    }

    /// Record `at` saw `name` holding `value`.
    pub fn saw(&mut self, at: usize, name: &[u8], value: String) {
        let Some(slot) = self.values.get_mut(at) else {
            return;
        };
        let seen = slot.get_or_insert_with(|| Seen {
            name: String::from_utf8_lossy(name).into_owned(),
            values: Vec::new(),
            more: false,
        });
        if seen.values.contains(&value) {
            return;
        }
        if seen.values.len() < VALUES_KEPT {
            seen.values.push(value);
        } else {
            seen.more = true;
        }
    }

    /// Record `at` made `sel` (the last one made is kept).
    pub fn made(&mut self, at: usize, sel: &Selection) {
        let Some(slot) = self.selections.get_mut(at) else {
            return;
        };
        if slot.is_none() {
            if self.selections_kept >= SELECTIONS_KEPT {
                return;
            }
            self.selections_kept += 1;
        }
        *slot = Some(sel.clone());
    }
}
