//! A pane that shows a view scaled to fit, or at a chosen zoom, and lets
//! the user move around it: drag (mouse or one finger) pans, Ctrl+wheel and
//! pinch zoom around the pointer, `+ − 0 1` zoom from the keyboard. Views
//! draw themselves at the scale this component gives them, so text stays
//! sharp at every zoom.
//!
//! Pointer handling is native (not through Yew) because a drag must be able
//! to swallow the click that ends it before the view under it sees it.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions, EventListenerPhase};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent, WheelEvent};
use yew::prelude::*;

use crate::state::Zoom;

const MIN_SCALE: f64 = 0.1;
const MAX_SCALE: f64 = 8.0;
/// How far a pointer moves before a press becomes a drag, in pixels.
const DRAG_SLOP: f64 = 4.0;
const STEP: f64 = 1.25;

thread_local! {
    /// Where each kind of view was scrolled to, so that switching views
    /// and back (which remounts the view) keeps the pan as well as the
    /// zoom. Scroll positions are not state the app renders from, so they
    /// are kept beside it, as a browser keeps a page's scroll position.
    /// A handful of kinds: a list, not a second kind of hash map in the build.
    static PANS: RefCell<Vec<(String, (i32, i32))>> = const { RefCell::new(Vec::new()) };
}

#[derive(Properties, PartialEq)]
pub struct ViewportProps {
    /// Names the view for tests and the zoom memory ("map", "rooms", …).
    pub kind: AttrValue,
    /// Size of the drawing at 100%, in CSS pixels.
    pub natural: (f64, f64),
    pub zoom: Zoom,
    pub on_zoom: Callback<Zoom>,
    /// Draws the view at a scale.
    pub render: Callback<f64, Html>,
    /// The scrolling element, for views that scroll to what they highlight.
    pub scroller: NodeRef,
    /// Extra buttons after the zoom controls.
    #[prop_or_default]
    pub tools: Html,
    /// Drawn over the pane's corner at a scale (a minimap).
    #[prop_or_default]
    pub overlay: Option<Callback<f64, Html>>,
    /// The view is being painted on: a drag paints instead of panning.
    #[prop_or_default]
    pub painting: bool,
}

/// The largest scale at which `natural` fits inside `avail`.
pub fn fit_scale(natural: (f64, f64), avail: (f64, f64)) -> f64 {
    if natural.0 <= 0.0 || natural.1 <= 0.0 || avail.0 <= 0.0 || avail.1 <= 0.0 {
        return 1.0;
    }
    (avail.0 / natural.0)
        .min(avail.1 / natural.1)
        .clamp(MIN_SCALE, MAX_SCALE)
}

pub fn clamp_scale(s: f64) -> f64 {
    if s.is_finite() {
        s.clamp(MIN_SCALE, MAX_SCALE)
    } else {
        1.0
    }
}

/// What the native listeners need from the latest render.
struct Live {
    scale: f64,
    on_zoom: Callback<Zoom>,
    /// A point (client x, y inside the scroller, content x, y at the old
    /// scale) to keep under the pointer after a zoom renders.
    anchor: Option<(f64, f64, f64, f64, f64)>,
}

#[derive(Default)]
struct Gesture {
    /// The pointers down (id, client position): one or two.
    pointers: Vec<(i32, (f64, f64))>,
    /// Press position and scroll offsets at the start of a pan.
    pan: Option<(f64, f64, i32, i32)>,
    dragging: bool,
    /// Finger distance and scale at the start of a pinch.
    pinch: Option<(f64, f64)>,
    swallow_click: bool,
}

impl Gesture {
    /// Records where a pointer is (a new one, or one that moved).
    fn press(&mut self, e: &PointerEvent) {
        let at = (e.client_x() as f64, e.client_y() as f64);
        match self
            .pointers
            .iter_mut()
            .find(|(id, _)| *id == e.pointer_id())
        {
            Some(p) => p.1 = at,
            None => self.pointers.push((e.pointer_id(), at)),
        }
    }
}

#[function_component(Viewport)]
pub fn viewport(props: &ViewportProps) -> Html {
    let avail = use_state(|| (0.0f64, 0.0f64));
    let scale = match props.zoom {
        Zoom::Fit => fit_scale(props.natural, *avail),
        Zoom::Scale(s) => clamp_scale(s),
    };
    let live = use_mut_ref(|| Live {
        scale,
        on_zoom: props.on_zoom.clone(),
        anchor: None,
    });
    {
        let mut l = live.borrow_mut();
        l.scale = scale;
        l.on_zoom = props.on_zoom.clone();
    }
    use_pane_size(props.scroller.clone(), avail.clone());
    use_pan_memory(props.scroller.clone(), props.kind.to_string());
    use_gestures(props.scroller.clone(), live.clone());
    {
        // After a zoom around a point has rendered, scroll to keep it put.
        let (live, scroller) = (live.clone(), props.scroller.clone());
        use_effect_with(scale, move |scale| {
            let anchor = live.borrow_mut().anchor.take();
            if let (Some((px, py, cx, cy, old)), Some(el)) = (anchor, scroller.cast::<Element>()) {
                let f = scale / old;
                el.set_scroll_left((cx * f - px).round() as i32);
                el.set_scroll_top((cy * f - py).round() as i32);
            }
        });
    }
    let set = |z: Zoom| {
        let on_zoom = props.on_zoom.clone();
        Callback::from(move |_: MouseEvent| on_zoom.emit(z))
    };
    let onkeydown = {
        let on_zoom = props.on_zoom.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let z = match e.key().as_str() {
                "+" | "=" => Zoom::Scale(clamp_scale(scale * STEP)),
                "-" | "−" => Zoom::Scale(clamp_scale(scale / STEP)),
                "0" => Zoom::Fit,
                "1" => Zoom::Scale(1.0),
                _ => return,
            };
            e.prevent_default();
            on_zoom.emit(z);
        })
    };
    let (w, h) = (props.natural.0 * scale, props.natural.1 * scale);
    let fitted = props.zoom == Zoom::Fit;
    html! {
        <div class="viewport" {onkeydown}>
            <div class="view-tools" role="toolbar" aria-label="Zoom">
                <button title="Zoom out (−, Ctrl+wheel, pinch)" aria-label="Zoom out" onclick={set(Zoom::Scale(clamp_scale(scale / STEP)))}>{"−"}</button>
                <span class="zoom" data-testid="zoom">{ format!("{:.0}%", scale * 100.0) }</span>
                <button title="Zoom in (+, Ctrl+wheel, pinch)" aria-label="Zoom in" onclick={set(Zoom::Scale(clamp_scale(scale * STEP)))}>{"+"}</button>
                <button class={classes!(fitted.then_some("on"))} title="Fit the view to the pane (0)" onclick={set(Zoom::Fit)} data-testid="fit">{"fit"}</button>
                <button title="Natural size (1)" onclick={set(Zoom::Scale(1.0))}>{"100%"}</button>
                { props.tools.clone() }
            </div>
            <div class="scroller-wrap">
                <div class={classes!("scroller", props.painting.then_some("painting"))} ref={props.scroller.clone()} data-testid={format!("{}-pane", props.kind)}>
                    <div class="stage" style={format!("width:{w:.0}px;height:{h:.0}px")}>
                        { props.render.emit(scale) }
                    </div>
                </div>
                { for props.overlay.as_ref().map(|o| o.emit(scale)) }
            </div>
        </div>
    }
}

/// Restores the kind's last scroll position on mount and records it as
/// the user scrolls.
#[hook]
fn use_pan_memory(scroller: NodeRef, kind: String) {
    use_effect_with(kind, move |kind| {
        let el = scroller.cast::<Element>();
        let saved = PANS.with(|p| {
            p.borrow()
                .iter()
                .find(|(k, _)| k == kind)
                .map(|(_, at)| *at)
        });
        if let (Some(el), Some((x, y))) = (&el, saved) {
            el.set_scroll_left(x);
            el.set_scroll_top(y);
        }
        let kind = kind.clone();
        let listener = el.map(|el| {
            let e2 = el.clone();
            EventListener::new(&el, "scroll", move |_| {
                let at = (e2.scroll_left(), e2.scroll_top());
                PANS.with(|p| {
                    let mut p = p.borrow_mut();
                    match p.iter_mut().find(|(k, _)| *k == kind) {
                        Some(slot) => slot.1 = at,
                        None => p.push((kind.clone(), at)),
                    }
                });
            })
        });
        move || drop(listener)
    });
}

/// Keeps `avail` at the scroller's inner size as the pane resizes.
#[hook]
fn use_pane_size(scroller: NodeRef, avail: UseStateHandle<(f64, f64)>) {
    use_effect_with((), move |_| {
        let measure = {
            let scroller = scroller.clone();
            move || {
                if let Some(el) = scroller.cast::<Element>() {
                    // A few pixels of margin so a fitted view never scrolls.
                    let size = (
                        (el.client_width() as f64 - 8.0).max(0.0),
                        (el.client_height() as f64 - 8.0).max(0.0),
                    );
                    if *avail != size {
                        avail.set(size);
                    }
                }
            }
        };
        measure();
        let callback = Closure::<dyn FnMut()>::new(measure);
        let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok();
        if let (Some(o), Some(el)) = (&observer, scroller.cast::<Element>()) {
            o.observe(&el);
        }
        move || {
            if let Some(o) = observer {
                o.disconnect();
            }
            drop(callback);
        }
    });
}

/// Pan, pinch and wheel zoom on the scroller.
#[hook]
fn use_gestures(scroller: NodeRef, live: Rc<RefCell<Live>>) {
    use_effect_with((), move |_| {
        let Some(el) = scroller.cast::<Element>() else {
            return Box::new(|| ()) as Box<dyn FnOnce()>;
        };
        let g = Rc::new(RefCell::new(Gesture::default()));
        let active = EventListenerOptions::enable_prevent_default();
        let capture = EventListenerOptions {
            phase: EventListenerPhase::Capture,
            passive: false,
        };
        let listeners = vec![
            {
                let (g, el2) = (g.clone(), el.clone());
                EventListener::new(&el, "pointerdown", move |e| {
                    if let Some(e) = e.dyn_ref::<PointerEvent>() {
                        pointer_down(&mut g.borrow_mut(), e, &el2);
                    }
                })
            },
            {
                let (g, el2, live) = (g.clone(), el.clone(), live.clone());
                EventListener::new(&el, "pointermove", move |e| {
                    if let Some(e) = e.dyn_ref::<PointerEvent>() {
                        pointer_move(&mut g.borrow_mut(), e, &el2, &live);
                    }
                })
            },
            pointer_end(&el, "pointerup", g.clone()),
            pointer_end(&el, "pointercancel", g.clone()),
            {
                let g = g.clone();
                EventListener::new_with_options(&el, "click", capture, move |e| {
                    if std::mem::take(&mut g.borrow_mut().swallow_click) {
                        e.stop_propagation();
                        e.prevent_default();
                    }
                })
            },
            {
                let (el2, live) = (el.clone(), live.clone());
                EventListener::new_with_options(&el, "wheel", active, move |e| {
                    if let Some(e) = e.dyn_ref::<WheelEvent>() {
                        wheel(e, &el2, &live);
                    }
                })
            },
        ];
        Box::new(move || drop(listeners)) as Box<dyn FnOnce()>
    });
}

fn pointer_down(g: &mut Gesture, e: &PointerEvent, el: &Element) {
    if e.pointer_type() == "mouse" && e.button() != 0 {
        return;
    }
    // While painting, a press on the view starts a stroke, not a pan.
    if el.class_list().contains("painting") {
        return;
    }
    g.press(e);
    g.dragging = false;
    g.pinch = None;
    g.pan = (g.pointers.len() == 1).then(|| {
        (
            e.client_x() as f64,
            e.client_y() as f64,
            el.scroll_left(),
            el.scroll_top(),
        )
    });
}

fn pointer_move(g: &mut Gesture, e: &PointerEvent, el: &Element, live: &Rc<RefCell<Live>>) {
    if !g.pointers.iter().any(|(id, _)| *id == e.pointer_id()) {
        return;
    }
    g.press(e);
    if g.pointers.len() == 2 {
        let pts: Vec<(f64, f64)> = g.pointers.iter().map(|(_, p)| *p).collect();
        let dist = ((pts[0].0 - pts[1].0).powi(2) + (pts[0].1 - pts[1].1).powi(2)).sqrt();
        let mid = ((pts[0].0 + pts[1].0) / 2.0, (pts[0].1 + pts[1].1) / 2.0);
        g.pan = None;
        g.dragging = true;
        match g.pinch {
            None => g.pinch = Some((dist.max(1.0), live.borrow().scale)),
            Some((d0, s0)) => zoom_at(el, live, clamp_scale(s0 * dist / d0), mid),
        }
        return;
    }
    let Some((x0, y0, left, top)) = g.pan else {
        return;
    };
    let (dx, dy) = (e.client_x() as f64 - x0, e.client_y() as f64 - y0);
    if !g.dragging && dx.hypot(dy) < DRAG_SLOP {
        return;
    }
    if !g.dragging {
        g.dragging = true;
        let _ = el.set_pointer_capture(e.pointer_id());
        let _ = el.class_list().add_1("panning");
    }
    el.set_scroll_left(left - dx.round() as i32);
    el.set_scroll_top(top - dy.round() as i32);
}

fn pointer_end(el: &Element, event: &'static str, g: Rc<RefCell<Gesture>>) -> EventListener {
    let el2 = el.clone();
    EventListener::new(el, event, move |e| {
        let Some(e) = e.dyn_ref::<PointerEvent>() else {
            return;
        };
        let mut g = g.borrow_mut();
        g.pointers.retain(|(id, _)| *id != e.pointer_id());
        if g.pointers.is_empty() {
            g.swallow_click = g.dragging;
            g.dragging = false;
            g.pan = None;
            g.pinch = None;
            let _ = el2.class_list().remove_1("panning");
        }
    })
}

fn wheel(e: &WheelEvent, el: &Element, live: &Rc<RefCell<Live>>) {
    if !(e.ctrl_key() || e.meta_key()) {
        return;
    }
    e.prevent_default();
    let s = live.borrow().scale;
    let to = if e.delta_y() < 0.0 {
        s * 1.15
    } else {
        s / 1.15
    };
    zoom_at(
        el,
        live,
        clamp_scale(to),
        (e.client_x() as f64, e.client_y() as f64),
    );
}

/// Asks for a new scale, keeping the content under `client` in place.
fn zoom_at(el: &Element, live: &Rc<RefCell<Live>>, to: f64, client: (f64, f64)) {
    let r = el.get_bounding_client_rect();
    let (px, py) = (client.0 - r.left(), client.1 - r.top());
    let mut l = live.borrow_mut();
    if (to - l.scale).abs() < 1e-3 {
        return;
    }
    let (cx, cy) = (px + el.scroll_left() as f64, py + el.scroll_top() as f64);
    l.anchor = Some((px, py, cx, cy, l.scale));
    let on_zoom = l.on_zoom.clone();
    drop(l);
    on_zoom.emit(Zoom::Scale(to));
}
