//! The binary view: a compiled file's fields, one row each (offset, the
//! bytes in hex, the record and field, the value and what it means), tied
//! both ways to the source. The pointer on a row lights its statement in
//! the editor; the editor's cursor on a statement lights its rows, and the
//! first of them scrolls into sight.

use std::rc::Rc;

use vaultwright::view::{BinaryDump, BinaryField};
use vaultwright::LineIndex;
use yew::prelude::*;

use wasm_bindgen::JsCast;

use super::{describe_origin, jump_callback, touches, Hover};

#[derive(Properties, PartialEq)]
pub struct BinaryProps {
    pub dump: Rc<BinaryDump>,
    pub source: Rc<String>,
    pub lines: Rc<LineIndex>,
    /// Byte range of the editor's current line.
    pub highlight: (usize, usize),
    pub on_jump: Callback<usize>,
    pub on_hover: Callback<Option<Hover>>,
}

/// At most this many bytes are shown in hex on one row.
const HEX_SHOWN: usize = 8;

fn hex(bytes: &[u8]) -> String {
    let mut out: Vec<String> = bytes
        .iter()
        .take(HEX_SHOWN)
        .map(|b| format!("{b:02x}"))
        .collect();
    if bytes.len() > HEX_SHOWN {
        out.push("…".into());
    }
    out.join(" ")
}

#[function_component(BinaryView)]
pub fn binary_view(props: &BinaryProps) -> Html {
    let table_ref = use_node_ref();
    {
        let table_ref = table_ref.clone();
        use_effect_with((props.highlight, props.dump.clone()), move |_| {
            reveal_first_lit_row(&table_ref);
        });
    }
    let d = &props.dump;
    let leave = {
        let on_hover = props.on_hover.clone();
        Callback::from(move |_: MouseEvent| on_hover.emit(None))
    };
    let row = |(i, f): (usize, &BinaryField)| {
        let start = f.offset as usize;
        let bytes = d
            .bytes
            .get(start..start + f.len as usize)
            .unwrap_or_default();
        let lit = touches(f.origin, props.highlight);
        let value = match &f.meaning {
            Some(m) => html! { <>{ &f.value }<span class="meaning">{ format!(" {m}") }</span></> },
            None => html! { { &f.value } },
        };
        // The tooltip is worded when the pointer arrives, not for every
        // row at every render (a level has thousands of fields).
        let (click, enter) = match f.origin {
            Some(origin) => {
                let (dump, on_hover) = (props.dump.clone(), props.on_hover.clone());
                let (source, lines) = (props.source.clone(), props.lines.clone());
                let enter = Callback::from(move |e: MouseEvent| {
                    let f = &dump.fields[i];
                    let meaning = f.meaning.as_ref().map(|m| format!(" ({m})"));
                    on_hover.emit(Some(Hover {
                        text: format!(
                            "{} = {}{} · {}",
                            f.label,
                            f.value,
                            meaning.unwrap_or_default(),
                            describe_origin(&source, &lines, origin)
                        ),
                        origin: Some(origin),
                        at: (e.client_x() as f64, e.client_y() as f64),
                    }))
                });
                (jump_callback(&props.on_jump, origin.start as usize), enter)
            }
            None => (Callback::noop(), Callback::noop()),
        };
        html! {
            <tr class={classes!(lit.then_some("hl"), f.origin.is_none().then_some("unowned"))}
                onclick={click} onmouseenter={enter} onmouseleave={leave.clone()}>
                <td class="offset">{ format!("{:04x}", f.offset) }</td>
                <td class="hex">{ hex(bytes) }</td>
                <td class="field">{ &f.label }</td>
                <td class="value">{ value }</td>
            </tr>
        }
    };
    html! {
        <div class="binary-wrap" data-testid="binary" ref={table_ref}>
            <div class="binary-head">
                { format!("{} · {} bytes · {} fields", d.file, d.bytes.len(), d.fields.len()) }
            </div>
            <table class="binary">
                <thead><tr><th>{"offset"}</th><th>{"bytes"}</th><th>{"field"}</th><th>{"value"}</th></tr></thead>
                <tbody>{ for d.fields.iter().enumerate().map(row) }</tbody>
            </table>
        </div>
    }
}

/// Scrolls the first lit row to the middle of the pane (rows above and
/// below it stay in sight), unless it is in sight already.
fn reveal_first_lit_row(wrap: &NodeRef) {
    let Some(wrap) = wrap.cast::<web_sys::Element>() else {
        return;
    };
    let Ok(Some(row)) = wrap.query_selector("tr.hl") else {
        return;
    };
    let (r, w) = (
        row.get_bounding_client_rect(),
        wrap.get_bounding_client_rect(),
    );
    // The sticky head and column titles cover the pane's top.
    if r.top() >= w.top() + 48.0 && r.bottom() <= w.bottom() {
        return;
    }
    let opts = web_sys::ScrollIntoViewOptions::new();
    opts.set_block(web_sys::ScrollLogicalPosition::Center);
    if let Some(row) = row.dyn_ref::<web_sys::Element>() {
        row.scroll_into_view_with_scroll_into_view_options(&opts);
    }
}
