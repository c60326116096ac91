//! The document list (Ctrl+P): every document kept in this browser, each
//! under a distinct label (where names repeat, where it came from),
//! narrowed by a filter as you type; Up/Down and Enter open one, and each
//! can be renamed, downloaded or deleted (the message offers it back).
//! Download all saves every source as one zip.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::list_panel::{use_active_in_sight, use_focus_on_open};

use crate::actions::{delete_doc, download_source, download_sources, rename_doc, Dispatch};
use crate::documents::{labels, origin};
use crate::state::{Action, Doc};

#[derive(Properties, PartialEq)]
pub struct DocumentsPanelProps {
    pub docs: Rc<Vec<Rc<Doc>>>,
    pub current: usize,
}

/// Indices of the documents whose label holds every word of `filter`.
fn matching(labels: &[String], filter: &str) -> Vec<usize> {
    let words: Vec<String> = filter.split_whitespace().map(str::to_lowercase).collect();
    labels
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            let l = l.to_lowercase();
            words.iter().all(|w| l.contains(w.as_str()))
        })
        .map(|(i, _)| i)
        .collect()
}

#[function_component(DocumentsPanel)]
pub fn documents_panel(props: &DocumentsPanelProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let filter = use_state(String::new);
    let active = use_state(|| props.current);
    let input = use_node_ref();
    let list = use_node_ref();
    let labels = Rc::new(labels(&props.docs));
    let shown = matching(&labels, &filter);
    use_focus_on_open(input.clone());
    use_active_in_sight(list.clone(), *active);
    let open = {
        let (dispatch, docs) = (dispatch.clone(), props.docs.clone());
        move |i: usize| {
            if let Some(d) = docs.get(i) {
                dispatch.dispatch(Action::Switch(d.id.clone()));
                dispatch.dispatch(Action::Overlay(None));
            }
        }
    };
    let oninput = {
        let (filter, active, labels) = (filter.clone(), active.clone(), labels.clone());
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Some(&first) = matching(&labels, &v).first() {
                active.set(first);
            }
            filter.set(v);
        })
    };
    let onkeydown = {
        let (shown, active, open, dispatch) = (
            shown.clone(),
            active.clone(),
            open.clone(),
            dispatch.clone(),
        );
        Callback::from(move |e: KeyboardEvent| {
            let pos = shown.iter().position(|&i| i == *active);
            let step = |d: isize| {
                let n = shown.len() as isize;
                (n > 0).then(|| {
                    let p = pos.map_or(0, |p| p as isize + d).rem_euclid(n);
                    shown[p as usize]
                })
            };
            match e.key().as_str() {
                "ArrowDown" => step(1).into_iter().for_each(|i| active.set(i)),
                "ArrowUp" => step(-1).into_iter().for_each(|i| active.set(i)),
                "Enter" => pos.into_iter().for_each(|p| open(shown[p])),
                "Escape" => dispatch.dispatch(Action::Overlay(None)),
                _ => return,
            }
            e.prevent_default();
        })
    };
    let close = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Overlay(None)))
    };
    let all = {
        let (dispatch, docs) = (dispatch.clone(), props.docs.clone());
        Callback::from(move |_: MouseEvent| download_sources(&docs, &dispatch))
    };
    let row = |i: usize| {
        let d = &props.docs[i];
        let open = open.clone();
        let stop = |f: Box<dyn Fn()>| {
            Callback::from(move |e: MouseEvent| {
                // The row's own click opens the document.
                e.stop_propagation();
                f()
            })
        };
        let rename = {
            let (doc, dispatch) = (d.clone(), dispatch.clone());
            stop(Box::new(move || rename_doc(&doc, &dispatch)))
        };
        let download = {
            let doc = d.clone();
            stop(Box::new(move || download_source(&doc)))
        };
        let delete = {
            let (id, count, dispatch) = (d.id.clone(), props.docs.len(), dispatch.clone());
            stop(Box::new(move || delete_doc(&id, count, &dispatch)))
        };
        let detail = match origin(d) {
            Some(from) => format!("{} · from {from}", d.language.title()),
            None => d.language.title().to_string(),
        };
        html! {
            <li role="option" aria-selected={(i == *active).to_string()} id={format!("doc-{i}")}
                class={classes!("outline-row", "doc-row", (i == props.current).then_some("current"))}
                onclick={Callback::from(move |_: MouseEvent| open(i))} data-testid="doc-row" data-doc={d.id.clone()}>
                <span class="outline-name" data-testid="doc-label">{ &labels[i] }</span>
                <span class="outline-detail">{ detail }</span>
                <span class="doc-actions">
                    <button onclick={rename} tabindex="-1" title={format!("Rename {}", labels[i])}>{"Rename"}</button>
                    <button onclick={download} tabindex="-1" title={format!("Download {} as edited", d.name)} data-testid="doc-download">{"Download"}</button>
                    <button onclick={delete} tabindex="-1" title={format!("Delete {} from this browser (Undo in the message)", labels[i])} data-testid="doc-delete">{"Delete"}</button>
                </span>
            </li>
        }
    };
    let count = props.docs.len();
    html! {
        <div class="outline-panel documents-panel" role="dialog" aria-label="Documents" data-testid="documents-panel">
            <div class="outline-head">
                <input ref={input} type="search" placeholder={format!("Filter {count} documents by name or origin…")}
                    value={(*filter).clone()} {oninput} {onkeydown} aria-label="Filter the documents"
                    aria-activedescendant={format!("doc-{}", *active)} data-testid="documents-filter" />
                <button onclick={close} aria-label="Close the document list (Esc)">{"×"}</button>
            </div>
            <div class="doc-list-actions">
                <span class="muted">{ format!("{} of {count} shown", shown.len()) }</span>
                <button onclick={all} title="Every document's source as one .zip (Ctrl+Shift+D)" data-testid="download-all-sources">{"⬇ Download all (.zip)"}</button>
            </div>
            <ul class="outline-tree" role="listbox" ref={list} aria-label="Documents">
                { for shown.iter().map(|&i| row(i)) }
            </ul>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_matches_every_word_of_the_label() {
        let labels = vec![
            "minetn-1.lua · from mines.des (3.6)".to_string(),
            "castle.des".to_string(),
        ];
        assert_eq!(matching(&labels, ""), [0, 1]);
        assert_eq!(matching(&labels, "MINES 3.6"), [0]);
        assert_eq!(matching(&labels, "castle"), [1]);
        assert!(matching(&labels, "knox").is_empty());
    }
}
