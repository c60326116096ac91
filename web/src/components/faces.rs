//! Every face of a random level: the focused entry drawn with several
//! seeds at once (a grid of 4, 9 or 16, or two side by side), the cells
//! that differ between them shaded. Choosing a face makes its seed the
//! main one.

use std::rc::Rc;

use vaultwright::faces::{self, Differing, SeedOrder};
use vaultwright::view::TileMap;
use yew::prelude::*;

use super::face_canvas::FaceCanvas;
use crate::actions::Dispatch;
use crate::bridge;
use crate::codec::{FacesMode, FacesState};
use crate::core_worker::client::{Core, Kind, Outcome};
use crate::core_worker::protocol::{Answer, Request};
use crate::derive::Derived;
use crate::state::Action;

#[derive(Properties, PartialEq)]
pub struct FacesProps {
    pub derived: Rc<Derived>,
    pub seed: u64,
    pub faces: FacesState,
    pub dark: bool,
}

/// The faces drawn for one analysis and one set of seeds.
struct Realised {
    faces: Vec<(u64, Option<Rc<TileMap>>)>,
    differing: Rc<Differing>,
    /// When the realisation began (for the timing harness), 0 if unknown.
    started: f64,
}

/// The seeds shown: the main one first.
pub fn shown_seeds(seed: u64, f: FacesState) -> Vec<u64> {
    match f.mode {
        FacesMode::One => vec![seed],
        FacesMode::Diff => vec![seed, f.other],
        FacesMode::Grid => {
            let order = if f.scattered {
                SeedOrder::Scattered
            } else {
                SeedOrder::Consecutive
            };
            faces::seeds(seed, usize::from(f.valid().count), order)
        }
    }
}

impl Realised {
    fn new(seeds: &[u64], maps: Vec<Option<TileMap>>, started: f64) -> Realised {
        let drawn: Vec<&TileMap> = maps.iter().flatten().collect();
        let differing = Rc::new(faces::differing(&drawn));
        Realised {
            faces: seeds
                .iter()
                .copied()
                .zip(maps.into_iter().map(|m| m.map(Rc::new)))
                .collect(),
            differing,
            started,
        }
    }
}

/// The faces of `seeds`, drawn by the core's worker; the last faces
/// drawn until they come (none at first).
#[hook]
fn use_realised(derived: &Rc<Derived>, seeds: &[u64]) -> Option<Rc<Realised>> {
    let core = use_context::<Core>().expect("the app provides the core");
    let realised = use_state(|| None::<Rc<Realised>>);
    let wanted = use_mut_ref(|| 0.0_f64);
    {
        let realised = realised.clone();
        use_effect_with((derived.clone(), seeds.to_vec()), move |(d, seeds)| {
            let started = bridge::now();
            *wanted.borrow_mut() = started;
            let request = Request::Faces {
                source: (*d.source).clone(),
                language: d.analysis.language,
                options: (*d.options).clone(),
                seeds: seeds.clone(),
            };
            let seeds = seeds.clone();
            core.ask(Kind::Faces, request, move |outcome| {
                // Faces of an older question are dropped.
                if *wanted.borrow() != started {
                    return;
                }
                if let Outcome::Answer(Answer::Faces(maps, _)) = outcome {
                    realised.set(Some(Rc::new(Realised::new(&seeds, maps, started))));
                }
            });
        });
    }
    (*realised).clone()
}

#[function_component(FacesView)]
pub fn faces_view(props: &FacesProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let seeds = shown_seeds(props.seed, props.faces);
    let realised = use_realised(&props.derived, &seeds);
    {
        // The faces are drawn by their own effects, which run before this
        // one: the measure spans realising and drawing.
        // (a realisation's start time tells one realisation from the next)
        let started = realised.as_ref().map_or(0.0, |r| r.started);
        use_effect_with(started.to_bits(), move |_| {
            if started > 0.0 {
                bridge::measure("vw-faces", started);
            }
        });
    }
    let Some(realised) = realised else {
        return html! {
            <div class="faces-view" data-testid="faces-drawing">
                <p class="hint faces-summary">{ format!("Drawing {} faces…", seeds.len()) }</p>
            </div>
        };
    };
    let diff = props.faces.mode == FacesMode::Diff;
    let count = realised.differing.count();
    let summary = if diff {
        format!(
            "seed {} beside seed {}: {count} cell{} differ (shaded)",
            props.seed,
            props.faces.other,
            if count == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "{} seeds: {count} cell{} differ between them (shaded) · choose a face to make its seed the main one",
            realised.faces.len(),
            if count == 1 { "" } else { "s" }
        )
    };
    let columns = if diff {
        2
    } else {
        (realised.faces.len() as f64).sqrt().ceil() as usize
    };
    let face = |(i, (seed, map)): (usize, &(u64, Option<Rc<TileMap>>))| {
        let seed = *seed;
        let pick = {
            let dispatch = dispatch.clone();
            Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::SetSeed(seed)))
        };
        let caption = if i == 0 {
            format!("seed {seed} (main)")
        } else {
            format!("seed {seed}")
        };
        html! {
            <figure class={classes!("face", (i == 0).then_some("main"))} data-seed={seed.to_string()}>
                <button class="face-pick" onclick={pick} disabled={i == 0}
                    title={if i == 0 { "The main seed".to_string() } else { format!("Make seed {seed} the main seed") }}
                    aria-label={caption.clone()}>
                    if let Some(map) = map {
                        <FaceCanvas map={map.clone()} differing={realised.differing.clone()} dark={props.dark} />
                    } else {
                        <span class="hint">{"nothing to draw"}</span>
                    }
                </button>
                <figcaption>{ caption }</figcaption>
            </figure>
        }
    };
    html! {
        <div class="faces-view" data-testid="faces" data-differing={count.to_string()}>
            <p class="hint faces-summary">{ summary }</p>
            <div class={classes!("faces", diff.then_some("diff"))} style={format!("--columns:{columns}")}>
                { for realised.faces.iter().enumerate().map(face) }
            </div>
        </div>
    }
}
