//! Component and bridge tests in headless Chromium (wasm-bindgen-test).

use std::rc::Rc;

use vaultwright::view::{BranchEdge, BranchGraph, DungeonNode, LevelNode, Rgb, TileMap};
use vaultwright::{Language, Span};
use vaultwright_web::components::graph::{BranchGraphView, GraphProps};
use vaultwright_web::components::tilemap::{describe_cell, TileMapProps, TileMapView};
use vaultwright_web::{bridge, codec};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

fn host() -> web_sys::Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

async fn tick() {
    gloo_timers::future::TimeoutFuture::new(30).await;
}

fn span(a: u32, b: u32) -> Span {
    Span { start: a, end: b }
}

fn graph() -> BranchGraph {
    BranchGraph {
        roll: None,
        dungeons: vec![
            DungeonNode {
                name: "The Dungeons of Doom".into(),
                depth_range: (1, 29),
                levels: vec![
                    LevelNode {
                        name: "oracle".into(),
                        depth_range: (5, 9),
                        detail: String::new(),
                        origin: span(10, 20),
                    },
                    LevelNode {
                        name: "bigroom".into(),
                        depth_range: (10, 12),
                        detail: "40%".into(),
                        origin: span(21, 30),
                    },
                ],
                detail: String::new(),
                origin: span(0, 9),
            },
            DungeonNode {
                name: "The Gnomish Mines".into(),
                depth_range: (2, 13),
                levels: vec![LevelNode {
                    name: "minetn".into(),
                    depth_range: (3, 6),
                    detail: String::new(),
                    origin: span(40, 50),
                }],
                detail: String::new(),
                origin: span(31, 39),
            },
        ],
        branches: vec![BranchEdge {
            from: 0,
            to: 1,
            kind: "stair".into(),
            dir: "down".into(),
            depth_range: (2, 4),
            origin: span(51, 60),
        }],
        notes: vec![],
    }
}

#[wasm_bindgen_test]
async fn branch_graph_draws_every_dungeon_level_and_branch() {
    let root = host();
    let jumped = Rc::new(std::cell::Cell::new(0usize));
    let j2 = jumped.clone();
    let props = GraphProps {
        graph: Rc::new(graph()),
        highlight: (10, 11),
        zoom: vaultwright_web::state::Zoom::Fit,
        on_zoom: Callback::noop(),
        on_jump: Callback::from(move |o| j2.set(o)),
        on_hover: Callback::noop(),
        svg_ref: NodeRef::default(),
    };
    yew::Renderer::<BranchGraphView>::with_root_and_props(root.clone(), props).render();
    tick().await;
    let html = root.inner_html();
    for name in [
        "The Dungeons of Doom",
        "The Gnomish Mines",
        "oracle",
        "bigroom",
        "minetn",
        "stair down to",
    ] {
        assert!(html.contains(name), "{name} missing in {html}");
    }
    assert_eq!(root.query_selector_all("g.level").unwrap().length(), 3);
    assert_eq!(root.query_selector_all("g.edge").unwrap().length(), 1);
    // The level whose span holds the cursor line is highlighted.
    assert_eq!(root.query_selector_all("g.level.hl").unwrap().length(), 1);
    // Clicking a level jumps to its source.
    let level: web_sys::HtmlElement = root
        .query_selector("g.level:nth-of-type(2)")
        .unwrap()
        .unwrap()
        .unchecked_into();
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    let ev = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    level.dispatch_event(&ev).unwrap();
    tick().await;
    assert_eq!(jumped.get(), 21);
}

#[wasm_bindgen_test]
async fn tile_map_paints_and_describes_cells() {
    let mut map = TileMap::new(4, 2, vaultwright::view::Cell::blank());
    map.cells[1] = vaultwright::view::Cell {
        glyph: '.',
        fg: Rgb::GRAY,
        bg: None,
        kind: "room floor".into(),
        origin: Some(span(0, 1)),
        source_xy: Some((1, 0)),
    };
    map.markers.push(vaultwright::view::Marker {
        x: 2,
        y: 1,
        glyph: 'D',
        fg: Rgb::RED,
        kind: "monster".into(),
        label: "monster red dragon".into(),
        random: false,
        origin: span(2, 5),
        what: "red dragon".into(),
        source_xy: None,
        pick: None,
    });
    let source = Rc::new(".\nMONSTER\n".to_string());
    let lines = Rc::new(vaultwright::LineIndex::new(&source));
    assert!(describe_cell(&map, &source, &lines, 1, 0)
        .unwrap()
        .0
        .starts_with("room floor at (1,0) in the map · level (1,0) · line 1"));
    assert!(describe_cell(&map, &source, &lines, 2, 1)
        .unwrap()
        .0
        .contains("red dragon"));
    let root = host();
    let canvas_ref = NodeRef::default();
    let props = TileMapProps {
        map: Rc::new(map),
        source,
        lines,
        highlight: (0, 1),
        dark: false,
        zoom: vaultwright_web::state::Zoom::Scale(1.0),
        on_zoom: Callback::noop(),
        on_jump: Callback::noop(),
        on_hover: Callback::noop(),
        canvas_ref: canvas_ref.clone(),
        legend: None,
        on_legend: Callback::noop(),
        shown: Default::default(),
        brush: Default::default(),
        palette: Default::default(),
        paintable: false,
        on_stroke: Callback::noop(),
        on_brush: Callback::noop(),
        on_resize: Callback::noop(),
    };
    yew::Renderer::<TileMapView>::with_root_and_props(root.clone(), props).render();
    tick().await;
    let canvas: web_sys::HtmlCanvasElement = root
        .query_selector("canvas")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert!(
        canvas.width() >= 4 * 10 && canvas.height() >= 2 * 16,
        "{}x{}",
        canvas.width(),
        canvas.height()
    );
}

#[wasm_bindgen_test]
async fn editor_bridge_round_trips_text_and_reports_changes() {
    let root = host();
    let changes = Rc::new(std::cell::RefCell::new(Vec::<(String, String)>::new()));
    let c2 = changes.clone();
    let on_change =
        Closure::wrap(
            Box::new(move |t: String, key: String, _: f64| c2.borrow_mut().push((t, key)))
                as Box<dyn FnMut(String, String, f64)>,
        );
    let on_cursor = Closure::wrap(Box::new(|_: u32| {}) as Box<dyn FnMut(u32)>);
    let asked = Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
    let a2 = asked.clone();
    let service = Closure::wrap(Box::new(move |kind: String, _: u32, _: String, _: u32| {
        a2.borrow_mut().push(kind);
        js_sys::Promise::resolve(&JsValue::from_str(""))
    })
        as Box<dyn FnMut(String, u32, String, u32) -> js_sys::Promise>);
    let view = bridge::create_editor(
        &root,
        "MAZE:\"a\",' '",
        "a",
        &on_change,
        &on_cursor,
        &service,
    );
    assert_eq!(bridge::get_text(&view), "MAZE:\"a\",' '");
    bridge::set_text(&view, "LEVEL:\"é\"", "b");
    assert_eq!(bridge::get_text(&view), "LEVEL:\"é\"");
    // The text set is reported at once, with the document it belongs to.
    assert_eq!(
        changes
            .borrow()
            .last()
            .map(|(t, k)| (t.as_str(), k.as_str())),
        Some(("LEVEL:\"é\"", "b"))
    );
    bridge::set_tokens(&view, vec![0, 5, 0, 6, 9, 2]);
    tick().await;
    assert!(root.query_selector(".tok-keyword").unwrap().is_some());
    bridge::set_cursor(&view, 3);
    // Another document and back: each keeps its own text.
    bridge::set_text(&view, "MAZE:\"a\",' '", "a");
    assert_eq!(bridge::get_text(&view), "MAZE:\"a\",' '");
    drop((on_change, on_cursor, service));
}

#[wasm_bindgen_test]
async fn storage_bridge_keeps_documents() {
    let doc = vaultwright_web::actions::make_doc("t.des", Language::NethackDes, "MAZE");
    let json = serde_json::to_string(&doc).unwrap();
    bridge::settle(bridge::db_put(&json)).await.unwrap();
    let all = bridge::settle(bridge::db_all())
        .await
        .unwrap()
        .as_string()
        .unwrap();
    let docs: Vec<vaultwright_web::state::Doc> = serde_json::from_str(&all).unwrap();
    assert!(docs.iter().any(|d| d.id == doc.id && d.source == "MAZE"));
    bridge::settle(bridge::db_delete(&doc.id)).await.unwrap();
    let all = bridge::settle(bridge::db_all())
        .await
        .unwrap()
        .as_string()
        .unwrap();
    assert!(!all.contains(&doc.id));
}

#[wasm_bindgen_test]
fn permalinks_and_offsets_work_in_wasm() {
    let link = codec::LinkState {
        language: Language::NethackDes,
        target: vaultwright::Target::Nethack343,
        explicit_target: false,
        name: "x".into(),
        source: "MAZE:\"é\"".into(),
        shown: codec::ViewSettings {
            faces: codec::FacesState {
                mode: codec::FacesMode::Grid,
                count: 16,
                scattered: true,
                other: 4,
            },
            ..codec::ViewSettings::at(0, 3)
        },
        names: vec![codec::NamesText {
            name: "fork.names".into(),
            text: "monster: deep elf mage\n".into(),
        }],
        from: None,
        review: false,
        zoom: None,
        cursor: None,
    };
    let hash = codec::encode_link(&link);
    assert_eq!(codec::decode_link(&hash).unwrap().unwrap(), link);
    let derived = vaultwright_web::core_worker::serve::analyze(
        &mut vaultwright::Analyzer::new(),
        "MAZE:\"é\",' '\nNOMAP\n",
        Language::NethackDes,
        &vaultwright::Options::default(),
    );
    // Token offsets are UTF-16: the string token ends before the two-byte é ends in bytes.
    assert!(derived
        .tokens
        .chunks(3)
        .all(|t| t[1] as usize <= "MAZE:\"é\",' '\nNOMAP\n".encode_utf16().count()));
}
