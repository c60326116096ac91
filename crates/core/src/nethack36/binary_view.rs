//! The binary view of a compiled 3.6 level: its `.lev` record by record
//! (the version words, the count, each opcode and each pushed value with
//! its packed fields unpacked), each record tied to the statement whose
//! rule emitted it (the compiler's per-record spans).

use super::dump;
use super::lev::{Lev, Record, Value};
use vaultwright_model::source::Span;
use vaultwright_model::view::{BinaryDump, BinaryField, View};

const WORDS: [&str; 5] = [
    "incarnation",
    "feature_set",
    "entity_count",
    "struct_sizes1",
    "struct_sizes2",
];

/// The bytes a record takes: the opcode, and for a PUSH its type and value.
fn size(r: &Record) -> usize {
    match r {
        Record::Op(_) => 4,
        Record::Push(v) => {
            5 + match v {
                Value::Null => 0,
                Value::Str(s) | Value::Var(s) | Value::Sel(s) => 4 + s.len(),
                _ => 8,
            }
        }
    }
}

fn field(
    offset: usize,
    len: usize,
    label: String,
    value: String,
    origin: Option<Span>,
) -> BinaryField {
    BinaryField {
        offset: offset as u32,
        len: len as u32,
        label,
        value,
        meaning: None,
        origin,
    }
}

/// The view of `bytes`, the file `file` that decoded as `lev`; `span_of`
/// gives the statement of record `i`.
pub fn binary_dump(
    file: &str,
    bytes: &[u8],
    lev: &Lev,
    span_of: &dyn Fn(usize) -> Option<Span>,
) -> View {
    let mut fields = Vec::with_capacity(lev.records.len() + 7);
    let mut at = 0;
    for (name, word) in WORDS.iter().zip(lev.header) {
        fields.push(field(
            at,
            8,
            format!("header / {name}"),
            format!("{word:#x}"),
            None,
        ));
        at += 8;
    }
    fields.push(field(
        at,
        8,
        "records".into(),
        lev.records.len().to_string(),
        None,
    ));
    at += 8;
    for (i, r) in lev.records.iter().enumerate() {
        let len = size(r);
        let value = match r {
            Record::Op(_) => String::new(),
            Record::Push(v) => format!("{} {}", v.type_name(), dump::value(v)),
        };
        fields.push(field(
            at,
            len,
            format!("record {i} / {}", r.name()),
            value,
            span_of(i),
        ));
        at += len;
    }
    if !lev.trailing.is_empty() {
        fields.push(field(
            at,
            lev.trailing.len(),
            "tail / left from an earlier file".into(),
            lev.trailing.len().to_string(),
            None,
        ));
    }
    View::Binary(BinaryDump {
        file: file.to_string(),
        bytes: bytes.to_vec(),
        fields,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nethack36::{decode, Build, Session};

    /// The fields tile the file, and records carry their statements.
    #[test]
    fn records_tile_the_file() {
        let mut session = Session::new(Build::Nethack366);
        session.record_tokens = true;
        let run = session.compile(b"LEVEL: \"tiny\"\nMESSAGE: \"hi\"\n");
        let (name, bytes) = &run.files[0];
        let lev = decode(bytes).expect("decodes");
        let spans = &run.op_spans[0];
        let span_of = |i: usize| spans.get(i).map(|&(s, e)| Span::new(s, e));
        let View::Binary(b) = binary_dump(name, bytes, &lev, &span_of) else {
            panic!("a binary view");
        };
        let mut next = 0;
        for f in &b.fields {
            assert_eq!(f.offset as usize, next, "{}", f.label);
            next += f.len as usize;
        }
        assert_eq!(next, bytes.len());
        let message = b
            .fields
            .iter()
            .find(|f| f.label.ends_with("MESSAGE"))
            .expect("MESSAGE");
        assert!(message.origin.is_some());
        assert!(b.fields.iter().any(|f| f.value == "str \"hi\""));
    }
}
