//! The view bar's controls for the faces of a random map: how many seeds
//! are shown at once, scattered or not, and the seed compared in a diff.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::actions::Dispatch;
use crate::codec::{FacesMode, FacesState};
use crate::state::Action;

#[derive(Properties, PartialEq)]
pub struct FacesControlsProps {
    pub faces: FacesState,
    pub seed: u64,
}

/// How many seeds the map shows: one, a grid (consecutive or scattered
/// seeds), or two side by side.
#[function_component(FacesControls)]
pub fn faces_controls(props: &FacesControlsProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let f = props.faces;
    let set = {
        let dispatch = dispatch.clone();
        move |f: FacesState| dispatch.dispatch(Action::SetFaces(f))
    };
    let on_mode = {
        let (set, seed) = (set.clone(), props.seed);
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let v = select.value();
            let next = match v.as_str() {
                "diff" => FacesState {
                    mode: FacesMode::Diff,
                    other: if f.other == seed {
                        seed.wrapping_add(1)
                    } else {
                        f.other
                    },
                    ..f
                },
                "1" => FacesState {
                    mode: FacesMode::One,
                    ..f
                },
                n => FacesState {
                    mode: FacesMode::Grid,
                    count: n.parse().unwrap_or(9),
                    ..f
                },
            };
            set(next)
        })
    };
    let on_scattered = {
        let set = set.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            set(FacesState {
                scattered: input.checked(),
                ..f
            })
        })
    };
    let on_other = Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        if let Ok(other) = input.value().trim().parse() {
            set(FacesState { other, ..f })
        }
    });
    let value = match f.mode {
        FacesMode::One => "1".to_string(),
        FacesMode::Diff => "diff".to_string(),
        FacesMode::Grid => f.count.to_string(),
    };
    let option = |v: &str, label: &str| {
        html! {
            <option value={v.to_string()} selected={value == v}>{ label.to_string() }</option>
        }
    };
    html! {
        <>
            <select onchange={on_mode} data-testid="faces-mode" aria-label="Seeds shown at once"
                title="Show several seeds at once: a grid, or two side by side with their differences">
                { option("1", "1 seed") }
                { option("4", "4 seeds") }
                { option("9", "9 seeds") }
                { option("16", "16 seeds") }
                { option("diff", "diff 2 seeds") }
            </select>
            if f.mode == FacesMode::Grid {
                <label class="check" title="Seeds far apart instead of consecutive ones">
                    <input type="checkbox" checked={f.scattered} onchange={on_scattered} data-testid="faces-scattered" />{"scattered"}
                </label>
            }
            if f.mode == FacesMode::Diff {
                <label class="seed" title="The seed compared with the main one">{"vs"}
                    <input type="number" min="0" value={f.other.to_string()} onchange={on_other} data-testid="other-seed" />
                </label>
            }
        </>
    }
}
