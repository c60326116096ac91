//! The current document's analysis, asked of the core's worker whenever
//! what it depends on changes (the text, the seed, the entry shown, the
//! game's names, crawl's library). The page shows the newest answer it
//! has; an answer to a question asked before the newest is dropped, and a
//! document the worker has not answered yet is shown as its text alone.

use std::rc::Rc;

use yew::prelude::*;

use crate::actions::Dispatch;
use crate::bridge;
use crate::core_worker::client::{Core, Kind, Outcome, OVERDUE_MS};
use crate::core_worker::protocol::{Answer, Request};
use crate::crawl_library::CrawlLibrary;
use crate::derive::{options_for, Derived};
use crate::state::{Action, Doc, Tone};

/// Everything an analysis depends on, but crawl's library (sent apart).
#[derive(Clone, PartialEq)]
struct Question {
    doc: Rc<Doc>,
    game: vaultwright::GameNames,
    library: Option<CrawlLibrary>,
}

impl Question {
    /// Two questions with the same key have the same answer.
    fn same_as(&self, other: &Question) -> bool {
        let (a, b) = (&self.doc, &other.doc);
        a.id == b.id
            && a.revision == b.revision
            && a.language == b.language
            && a.target == b.target
            && a.explicit_target == b.explicit_target
            && a.shown.seed == b.shown.seed
            && a.name == b.name
            && a.shown.symbol == b.shown.symbol
            && self.game == other.game
            && self.library == other.library
    }
}

struct Shown {
    doc_id: String,
    derived: Rc<Derived>,
}

/// The analysis to show for `doc`: the worker's newest answer for it, or
/// its text alone until the first one.
#[hook]
pub fn use_analysis(
    core: &Core,
    doc: Option<Rc<Doc>>,
    game: &vaultwright::GameNames,
    library: Option<&CrawlLibrary>,
    dispatch: Dispatch,
) -> Option<Rc<Derived>> {
    let shown = use_state(|| None::<Rc<Shown>>);
    let asked = use_mut_ref(|| None::<Question>);
    // Questions leave as the page renders, in order: crawl's library
    // before the analysis that runs with it.
    let library_sent = use_mut_ref(|| None::<Option<CrawlLibrary>>);
    if library_sent.borrow().as_ref() != Some(&library.cloned()) {
        *library_sent.borrow_mut() = Some(library.cloned());
        let files = library.map(|l| (*l.files).clone());
        core.ask(Kind::Library, Request::Library(files), |_| {});
    }
    let question = doc.clone().map(|doc| Question {
        doc,
        game: game.clone(),
        library: library.cloned(),
    });
    let changed = match (&question, &*asked.borrow()) {
        (Some(q), Some(last)) => !q.same_as(last),
        (q, _) => q.is_some(),
    };
    if changed {
        if let Some(q) = question.clone() {
            *asked.borrow_mut() = Some(q.clone());
            ask(core, q, asked.clone(), shown.clone(), dispatch);
        }
    }
    let answered = shown
        .as_ref()
        .filter(|s| doc.as_ref().is_some_and(|d| d.id == s.doc_id))
        .map(|s| s.derived.clone());
    // The text alone is made only while nothing is answered for the
    // document (not again on every keystroke once something is).
    let waiting_for = doc.clone().filter(|_| answered.is_none());
    let waiting = use_memo(
        waiting_for.as_ref().map(|d| (d.id.clone(), d.revision)),
        move |_| {
            waiting_for.map(|d| Rc::new(Derived::waiting(&d, options_for(&d, &Default::default()))))
        },
    );
    answered.or_else(|| (*waiting).clone())
}

fn ask(
    core: &Core,
    question: Question,
    asked: Rc<std::cell::RefCell<Option<Question>>>,
    shown: UseStateHandle<Option<Rc<Shown>>>,
    dispatch: Dispatch,
) {
    let doc = question.doc.clone();
    let options = options_for(&doc, &question.game);
    let request = Request::Analyze {
        source: doc.source.clone(),
        language: doc.language,
        options: options.clone(),
    };
    let sent = bridge::now();
    core.ask(Kind::Analyze, request, move |outcome| {
        // A newer question has been asked since: this answer is stale.
        if !asked
            .borrow()
            .as_ref()
            .is_some_and(|q| q.same_as(&question))
        {
            return;
        }
        match outcome {
            Outcome::Answer(Answer::Analyzed(analyzed)) => {
                bridge::measure("vw-analyze", sent);
                let took = analyzed.took_ms;
                bridge::measure("vw-core", bridge::now() - took);
                crate::answer_arrived();
                let source = Rc::new(doc.source.clone());
                let derived = Derived::from_answer(*analyzed, source, options);
                shown.set(Some(Rc::new(Shown {
                    doc_id: doc.id.clone(),
                    derived: Rc::new(derived),
                })));
            }
            Outcome::Stopped { after_ms } => {
                dispatch.dispatch(Action::Message(Tone::Error, stopped_message(after_ms)));
            }
            Outcome::Answer(_) => {}
        }
    });
}

/// What the page says of an analysis stopped for taking too long.
pub fn stopped_message(after_ms: f64) -> String {
    format!(
        "The analysis was stopped after {:.1} s (the limit is {:.0} s): a script that never ends? \
         The views show the last analysis; the next edit starts a new one.",
        after_ms / 1000.0,
        OVERDUE_MS / 1000.0
    )
}

/// The core's worker is told of the documents open beside the shown one
/// whenever one of them changes (the language service finds names there).
#[hook]
pub fn use_open_documents(core: &Core, docs: &[Rc<Doc>], current: usize) {
    let others: Vec<(String, u64)> = docs
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != current)
        .map(|(_, d)| (d.id.clone(), d.revision))
        .collect();
    let (core, docs) = (core.clone(), docs.to_vec());
    use_effect_with(others, move |_| {
        let open = crate::service::open_docs(&docs, current);
        core.ask(Kind::Documents, Request::Documents(open), |_| {});
    });
}

/// Whether the core's worker has loaded (the page says it is loading
/// until then).
#[hook]
pub fn use_core_ready(core: &Core) -> bool {
    let ready = use_state(|| core.is_ready());
    {
        let (core, ready) = (core.clone(), ready.clone());
        use_effect_with((), move |_| {
            let set = ready.clone();
            core.on_ready(Rc::new(move || set.set(true)));
            if core.is_ready() {
                ready.set(true);
            }
        });
    }
    *ready
}
