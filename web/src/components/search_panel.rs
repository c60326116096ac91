//! Search across the open documents (Ctrl+Shift+F): a text, matched in
//! every document, listed by document with line and column; a click (or
//! Up/Down and Enter) shows the match in the editor. The panel stays open
//! to work through the list, except on a phone, where it covers the page.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::list_panel::{use_active_in_sight, use_focus_on_open};

use crate::actions::Dispatch;
use crate::documents::labels;
use crate::find_in_docs::{around, search, Hit, MAX_HITS};
use crate::state::{Action, Doc};

#[derive(Properties, PartialEq)]
pub struct SearchPanelProps {
    pub docs: Rc<Vec<Rc<Doc>>>,
}

/// Narrower than this, the page shows one pane and the panel covers it.
const PHONE_WIDTH: f64 = 700.0;

fn on_a_phone() -> bool {
    web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|v| v.as_f64())
        .is_some_and(|w| w <= PHONE_WIDTH)
}

#[function_component(SearchPanel)]
pub fn search_panel(props: &SearchPanelProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let query = use_state(String::new);
    let match_case = use_state(|| false);
    let active = use_state(|| 0usize);
    let input = use_node_ref();
    let list = use_node_ref();
    let (hits, total) = {
        let (docs, q, case) = (props.docs.clone(), (*query).clone(), *match_case);
        let versions: Vec<usize> = docs.iter().map(|d| Rc::as_ptr(d) as usize).collect();
        (*use_memo((versions, q.clone(), case), move |_| {
            search(&docs, &q, case)
        }))
        .clone()
    };
    let hits = Rc::new(hits);
    let labels = labels(&props.docs);
    use_focus_on_open(input.clone());
    use_active_in_sight(list.clone(), *active);
    let go = {
        let (dispatch, docs, hits) = (dispatch.clone(), props.docs.clone(), hits.clone());
        move |i: usize| {
            let Some(hit) = hits.get(i) else { return };
            if let Some(d) = docs.get(hit.doc) {
                dispatch.dispatch(Action::GoTo {
                    id: d.id.clone(),
                    offset: hit.offset,
                });
            }
            if on_a_phone() {
                dispatch.dispatch(Action::Overlay(None));
            }
        }
    };
    let oninput = {
        let (query, active) = (query.clone(), active.clone());
        Callback::from(move |e: InputEvent| {
            query.set(e.target_unchecked_into::<HtmlInputElement>().value());
            active.set(0);
        })
    };
    let onkeydown = {
        let (active, go, dispatch, n) = (active.clone(), go.clone(), dispatch.clone(), hits.len());
        Callback::from(move |e: KeyboardEvent| {
            match e.key().as_str() {
                "ArrowDown" if n > 0 => active.set((*active + 1) % n),
                "ArrowUp" if n > 0 => active.set((*active + n - 1) % n),
                "Enter" => go(*active),
                "Escape" => dispatch.dispatch(Action::Overlay(None)),
                _ => return,
            }
            e.prevent_default();
        })
    };
    let toggle_case = {
        let match_case = match_case.clone();
        Callback::from(move |_: MouseEvent| match_case.set(!*match_case))
    };
    let close = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Overlay(None)))
    };
    let documents = {
        let mut d: Vec<usize> = hits.iter().map(|h| h.doc).collect();
        d.dedup();
        d.len()
    };
    let summary = match (query.is_empty(), total) {
        (true, _) => format!("Type to search {} documents", props.docs.len()),
        (false, 0) => "No matches".to_string(),
        (false, t) if t > MAX_HITS => format!("{t} matches; the first {MAX_HITS} listed"),
        (false, t) => format!(
            "{t} match{} in {documents} document{}",
            if t == 1 { "" } else { "es" },
            if documents == 1 { "" } else { "s" }
        ),
    };
    let row = |(i, hit): (usize, &Hit)| {
        let go = go.clone();
        let (before, found, after) = around(hit, 40);
        html! {
            <li role="option" aria-selected={(i == *active).to_string()} id={format!("hit-{i}")}
                class="outline-row search-hit" onclick={Callback::from(move |_: MouseEvent| go(i))} data-testid="search-hit">
                <span class="outline-name">
                    <span class="search-pos">{ format!("{}:{}", hit.line, hit.column) }</span>
                    { before }<mark>{ found }</mark>{ after }
                </span>
            </li>
        }
    };
    let groups = {
        let mut out: Vec<(usize, Vec<(usize, &Hit)>)> = Vec::new();
        for (i, h) in hits.iter().enumerate() {
            match out.last_mut() {
                Some((doc, v)) if *doc == h.doc => v.push((i, h)),
                _ => out.push((h.doc, vec![(i, h)])),
            }
        }
        out
    };
    html! {
        <div class="outline-panel documents-panel search-panel" role="dialog" aria-label="Search the documents" data-testid="search-panel">
            <div class="outline-head">
                <input ref={input} type="search" placeholder="Search every open document…" value={(*query).clone()}
                    {oninput} {onkeydown} aria-label="Search every open document" data-testid="search-input"
                    aria-activedescendant={format!("hit-{}", *active)} />
                <button class={classes!("diag-filter", match_case.then_some("on"))} aria-pressed={match_case.to_string()}
                    onclick={toggle_case} title="Match case">{"Aa"}</button>
                <button onclick={close} aria-label="Close the search (Esc)">{"×"}</button>
            </div>
            <div class="muted outline-count" data-testid="search-summary" aria-live="polite">{ summary }</div>
            <ul class="outline-tree" role="listbox" ref={list} aria-label="Matches">
                { for groups.into_iter().map(|(doc, items)| html! {
                    <li class="outline-group" role="presentation">
                        <div class="outline-kind search-doc">{ format!("{} ({})", labels.get(doc).cloned().unwrap_or_default(), items.len()) }</div>
                        <ul role="group">{ for items.into_iter().map(row) }</ul>
                    </li>
                }) }
            </ul>
        </div>
    }
}
