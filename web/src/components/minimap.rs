//! An overview of a tile map larger than its pane: the whole map in a few
//! pixels per cell, the visible part framed; clicking or dragging on it
//! moves the view there.

use std::rc::Rc;

use gloo::events::EventListener;
use vaultwright::view::TileMap;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement};
use yew::prelude::*;

use super::cell::{CELL_H, CELL_W};

/// Pixels per cell in the overview.
const MW: f64 = 2.0;
const MH: f64 = 3.0;

#[derive(Properties, PartialEq)]
pub struct MinimapProps {
    pub map: Rc<TileMap>,
    /// The viewport's scrolling element.
    pub scroller: NodeRef,
    pub scale: f64,
}

/// The visible part of the map, in cells: (x, y, width, height).
type Window = (f64, f64, f64, f64);

fn visible(el: &Element, scale: f64) -> Window {
    let (cw, ch) = (CELL_W * scale, CELL_H * scale);
    (
        el.scroll_left() as f64 / cw,
        el.scroll_top() as f64 / ch,
        el.client_width() as f64 / cw,
        el.client_height() as f64 / ch,
    )
}

#[function_component(Minimap)]
pub fn minimap(props: &MinimapProps) -> Html {
    let window = use_state(|| None::<Window>);
    let canvas = use_node_ref();
    let dragging = use_mut_ref(|| false);
    {
        // Follow the scroller's position and size.
        let (scroller, window, scale) = (props.scroller.clone(), window.clone(), props.scale);
        use_effect_with(scale, move |_| {
            let el = scroller.cast::<Element>();
            if let Some(el) = &el {
                window.set(Some(visible(el, scale)));
            }
            let listener = el.map(|el| {
                let e2 = el.clone();
                EventListener::new(&el, "scroll", move |_| {
                    window.set(Some(visible(&e2, scale)))
                })
            });
            move || drop(listener)
        });
    }
    {
        let (canvas, map, window) = (canvas.clone(), props.map.clone(), *window);
        use_effect_with((map, window), move |(map, window)| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                draw(&c, map, *window);
            }
        });
    }
    let (w, h) = (props.map.width as f64, props.map.height as f64);
    let larger = window.is_some_and(|(_, _, vw, vh)| vw < w - 0.5 || vh < h - 0.5);
    if !larger {
        return html! {};
    }
    let move_to = {
        let (scroller, scale) = (props.scroller.clone(), props.scale);
        move |e: &PointerEvent, c: &Element| {
            let (Some(el), r) = (scroller.cast::<Element>(), c.get_bounding_client_rect()) else {
                return;
            };
            let x = (e.client_x() as f64 - r.left()) / MW * CELL_W * scale;
            let y = (e.client_y() as f64 - r.top()) / MH * CELL_H * scale;
            el.set_scroll_left((x - el.client_width() as f64 / 2.0).round() as i32);
            el.set_scroll_top((y - el.client_height() as f64 / 2.0).round() as i32);
        }
    };
    // Yew delegates events, so the element is found by its ref, not by the
    // event's current target.
    let onpointerdown = {
        let (dragging, move_to, canvas) = (dragging.clone(), move_to.clone(), canvas.clone());
        Callback::from(move |e: PointerEvent| {
            *dragging.borrow_mut() = true;
            if let Some(c) = canvas.cast::<Element>() {
                let _ = c.set_pointer_capture(e.pointer_id());
                move_to(&e, &c);
            }
        })
    };
    let onpointermove = {
        let (dragging, canvas) = (dragging.clone(), canvas.clone());
        Callback::from(move |e: PointerEvent| {
            if *dragging.borrow() {
                if let Some(c) = canvas.cast::<Element>() {
                    move_to(&e, &c);
                }
            }
        })
    };
    let onpointerup = Callback::from(move |_: PointerEvent| *dragging.borrow_mut() = false);
    html! {
        <canvas class="minimap" ref={canvas} aria-hidden="true" data-testid="minimap"
            width={(w * MW).to_string()} height={(h * MH).to_string()}
            {onpointerdown} {onpointermove} {onpointerup} />
    }
}

fn draw(c: &HtmlCanvasElement, map: &TileMap, window: Option<Window>) {
    let Some(ctx) = c
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|x| x.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let (w, h) = (map.width as f64 * MW, map.height as f64 * MH);
    ctx.set_fill_style_str("rgba(17,20,24,0.92)");
    ctx.fill_rect(0.0, 0.0, w, h);
    for y in 0..map.height {
        for x in 0..map.width {
            if let Some(cell) = map.cell(x, y).filter(|c| c.glyph != ' ') {
                ctx.set_fill_style_str(&cell.bg.unwrap_or(cell.fg).hex());
                ctx.fill_rect(x as f64 * MW, y as f64 * MH, MW, MH);
            }
        }
    }
    for m in &map.markers {
        ctx.set_fill_style_str(&m.fg.hex());
        ctx.fill_rect(m.x as f64 * MW, m.y as f64 * MH, MW, MH);
    }
    if let Some((x, y, vw, vh)) = window {
        ctx.set_stroke_style_str("#ffd75e");
        ctx.set_line_width(1.0);
        ctx.stroke_rect(x * MW + 0.5, y * MH + 0.5, vw * MW - 1.0, vh * MH - 1.0);
    }
}
