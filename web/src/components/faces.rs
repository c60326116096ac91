//! Every face of a random level: the focused entry drawn with several
//! seeds at once (a grid of 4, 9 or 16, or two side by side), the cells
//! that differ between them shaded. Choosing a face makes its seed the
//! main one.

use std::rc::Rc;

use vaultwright::faces::{self, Differing, SeedOrder};
use vaultwright::view::TileMap;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::cell::{CELL_H, CELL_W};
use crate::actions::Dispatch;
use crate::bridge;
use crate::codec::{FacesMode, FacesState};
use crate::derive::Derived;
use crate::state::Action;

/// The shade over a cell that is not the same in every face.
const DIFFERING: &str = "rgba(255, 92, 205, 0.38)";

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

fn realise(d: &Derived, seeds: &[u64]) -> Realised {
    let started = bridge::now();
    let maps = faces::realise(&d.source, d.analysis.language, &d.options, seeds);
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

#[function_component(FacesView)]
pub fn faces_view(props: &FacesProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let seeds = shown_seeds(props.seed, props.faces);
    let realised = use_memo((props.derived.clone(), seeds), |(d, seeds)| {
        realise(d, seeds)
    });
    {
        // The faces are drawn by their own effects, which run before this
        // one: the measure spans realising and drawing.
        // (a realisation's start time tells one realisation from the next)
        let started = realised.started;
        use_effect_with(started.to_bits(), move |_| {
            if started > 0.0 {
                bridge::measure("vw-faces", started);
            }
        });
    }
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

#[derive(Properties, PartialEq)]
struct FaceCanvasProps {
    map: Rc<TileMap>,
    differing: Rc<Differing>,
    dark: bool,
}

/// One face, drawn at the tile map's own cell size and scaled by CSS to
/// its place in the grid.
#[function_component(FaceCanvas)]
fn face_canvas(p: &FaceCanvasProps) -> Html {
    let canvas = use_node_ref();
    {
        let canvas = canvas.clone();
        use_effect_with(
            (p.map.clone(), p.differing.clone(), p.dark),
            move |(map, differing, dark)| {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                    draw(&c, map, differing, *dark);
                }
            },
        );
    }
    let glyphs: String = p.map.cells.iter().map(|c| c.glyph).collect();
    html! {
        <canvas ref={canvas} class="face-canvas" data-glyphs={fingerprint(&glyphs, &p.map)}
            style={format!("aspect-ratio:{} / {}", p.map.width.max(1) as f64 * CELL_W, p.map.height.max(1) as f64 * CELL_H)} />
    }
}

/// What a face shows, as text (terrain glyphs, then each marker's glyph
/// and place): equal for equal faces, for tests and for people reading
/// the page's structure.
fn fingerprint(glyphs: &str, map: &TileMap) -> String {
    let mut s = glyphs.to_string();
    for m in &map.markers {
        s.push_str(&format!("|{}@{},{}", m.glyph, m.x, m.y));
    }
    s
}

fn draw(canvas: &HtmlCanvasElement, map: &TileMap, differing: &Differing, dark: bool) {
    use wasm_bindgen::JsCast;
    let (w, h) = (map.width as f64 * CELL_W, map.height as f64 * CELL_H);
    canvas.set_width(w.ceil() as u32);
    canvas.set_height(h.ceil() as u32);
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    ctx.set_fill_style_str(if dark { "#111418" } else { "#1b1e23" });
    ctx.fill_rect(0.0, 0.0, w, h);
    ctx.set_font("13px ui-monospace, 'DejaVu Sans Mono', monospace");
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let glyph = |g: char, fg: &str, x: f64, y: f64| {
        ctx.set_fill_style_str(fg);
        let _ = ctx.fill_text(
            g.encode_utf8(&mut [0; 4]),
            x * CELL_W + CELL_W / 2.0,
            y * CELL_H + CELL_H / 2.0,
        );
    };
    for y in 0..map.height {
        for x in 0..map.width {
            let Some(c) = map.cell(x, y) else { continue };
            if let Some(bg) = c.bg {
                ctx.set_fill_style_str(&bg.hex());
                ctx.fill_rect(x as f64 * CELL_W, y as f64 * CELL_H, CELL_W, CELL_H);
            }
            if c.glyph != ' ' {
                glyph(c.glyph, &c.fg.hex(), x as f64, y as f64);
            }
        }
    }
    for m in &map.markers {
        let (x, y) = (m.x as f64, m.y as f64);
        ctx.set_fill_style_str("#1b1e23");
        ctx.fill_rect(x * CELL_W, y * CELL_H, CELL_W, CELL_H);
        glyph(m.glyph, &m.fg.hex(), x, y);
    }
    ctx.set_fill_style_str(DIFFERING);
    for y in 0..map.height {
        for x in 0..map.width {
            if differing.at(x, y) {
                ctx.fill_rect(x as f64 * CELL_W, y as f64 * CELL_H, CELL_W, CELL_H);
            }
        }
    }
}
