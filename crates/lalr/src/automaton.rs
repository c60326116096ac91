//! The LALR(1) automaton: LR(0) states, then look-aheads by the
//! spontaneous/propagated method (the dragon book's algorithm 4.63), then
//! the action table with yacc's conflict rules and default reductions.

use crate::grammar::{Assoc, Grammar, Sym};
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    Shift(usize),
    Reduce(usize),
    Accept,
}

pub struct Tables {
    pub grammar: Grammar,
    /// Per state, the actions on terminals, sorted by terminal.
    pub actions: Vec<Vec<(usize, Action)>>,
    /// Per state, where a nonterminal leads, sorted by nonterminal.
    pub gotos: Vec<Vec<(usize, usize)>>,
    /// Per state, the rule it reduces without reading a token: byacc's
    /// `yydefred`, set when the state's only action (after conflicts are
    /// settled) is that one rule.
    pub default_reduction: Vec<Option<usize>>,
    /// Conflicts settled without precedence: shift/reduce (in favour of
    /// the shift) and reduce/reduce (in favour of the earlier rule).
    pub conflicts: Vec<String>,
}

type Item = (usize, usize); // (rule, dot)

#[derive(Clone, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    fn set(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let was = self.0[w] & b != 0;
        self.0[w] |= b;
        !was
    }
    fn has(&self, i: usize) -> bool {
        self.0[i / 64] & (1u64 << (i % 64)) != 0
    }
    fn union(&mut self, other: &Bits) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let n = *a | b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
    fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            (0..64)
                .filter(move |b| word & (1u64 << b) != 0)
                .map(move |b| w * 64 + b)
        })
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

struct Builder<'g> {
    g: &'g Grammar,
    rules_of: Vec<Vec<usize>>,
    nullable: Vec<bool>,
    first: Vec<Bits>,
    /// One more bit than there are terminals: the dummy look-ahead `#`.
    width: usize,
    kernels: Vec<Vec<Item>>,
    transitions: Vec<Vec<(Sym, usize)>>,
}

impl<'g> Builder<'g> {
    fn new(g: &'g Grammar) -> Self {
        let n = g.nonterminals.len();
        let mut rules_of = vec![Vec::new(); n];
        for (r, rule) in g.rules.iter().enumerate() {
            rules_of[rule.lhs].push(r);
        }
        let width = g.terminals.len() + 1;
        let mut b = Builder {
            g,
            rules_of,
            nullable: vec![false; n],
            first: vec![Bits::new(width); n],
            width,
            kernels: Vec::new(),
            transitions: Vec::new(),
        };
        b.nullable_and_first();
        b
    }

    fn nullable_and_first(&mut self) {
        let mut changed = true;
        while changed {
            changed = false;
            for rule in &self.g.rules {
                if !self.nullable[rule.lhs]
                    && rule
                        .rhs
                        .iter()
                        .all(|s| matches!(s, Sym::N(n) if self.nullable[*n]))
                {
                    self.nullable[rule.lhs] = true;
                    changed = true;
                }
                for s in &rule.rhs {
                    match *s {
                        Sym::T(t) => {
                            changed |= self.first[rule.lhs].set(t);
                            break;
                        }
                        Sym::N(m) => {
                            if m != rule.lhs {
                                let f = self.first[m].clone();
                                changed |= self.first[rule.lhs].union(&f);
                            }
                            if !self.nullable[m] {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    /// FIRST of a symbol string, and whether it can derive nothing.
    fn first_of(&self, syms: &[Sym]) -> (Bits, bool) {
        let mut out = Bits::new(self.width);
        for s in syms {
            match *s {
                Sym::T(t) => {
                    out.set(t);
                    return (out, false);
                }
                Sym::N(n) => {
                    out.union(&self.first[n]);
                    if !self.nullable[n] {
                        return (out, false);
                    }
                }
            }
        }
        (out, true)
    }

    fn next_symbol(&self, (r, dot): Item) -> Option<Sym> {
        self.g.rules[r].rhs.get(dot).copied()
    }

    /// LR(0) closure: the kernel plus `N → .γ` for every nonterminal N
    /// reached.
    fn closure(&self, kernel: &[Item]) -> Vec<Item> {
        let mut items = kernel.to_vec();
        let mut seen = vec![false; self.g.nonterminals.len()];
        let mut i = 0;
        while i < items.len() {
            if let Some(Sym::N(n)) = self.next_symbol(items[i]) {
                if !seen[n] {
                    seen[n] = true;
                    items.extend(self.rules_of[n].iter().map(|&r| (r, 0)));
                }
            }
            i += 1;
        }
        items
    }

    fn lr0(&mut self) {
        let mut index: HashMap<Vec<Item>, usize> = HashMap::new();
        self.kernels.push(vec![(0, 0)]);
        index.insert(vec![(0, 0)], 0);
        let mut s = 0;
        while s < self.kernels.len() {
            let items = self.closure(&self.kernels[s]);
            let mut by_symbol: Vec<(Sym, Vec<Item>)> = Vec::new();
            for &(r, dot) in &items {
                if let Some(x) = self.next_symbol((r, dot)) {
                    match by_symbol.iter_mut().find(|(y, _)| *y == x) {
                        Some((_, k)) => k.push((r, dot + 1)),
                        None => by_symbol.push((x, vec![(r, dot + 1)])),
                    }
                }
            }
            let mut edges = Vec::new();
            for (x, mut kernel) in by_symbol {
                kernel.sort_unstable();
                kernel.dedup();
                let target = *index.entry(kernel.clone()).or_insert_with(|| {
                    self.kernels.push(kernel);
                    self.kernels.len() - 1
                });
                edges.push((x, target));
            }
            self.transitions.push(edges);
            s += 1;
        }
    }

    fn goto(&self, s: usize, x: Sym) -> usize {
        self.transitions[s]
            .iter()
            .find(|(y, _)| *y == x)
            .map(|&(_, t)| t)
            .expect("a transition of the closure")
    }

    /// The look-aheads of the closure items `N → .γ`, per nonterminal N,
    /// for kernel items carrying the given look-ahead sets.
    fn closure_lookaheads(&self, kernel: &[(Item, &Bits)]) -> Vec<Option<Bits>> {
        let mut la: Vec<Option<Bits>> = vec![None; self.g.nonterminals.len()];
        let mut work = Vec::new();
        let add = |la: &mut Vec<Option<Bits>>, work: &mut Vec<usize>, n: usize, bits: &Bits| {
            let slot = la[n].get_or_insert_with(|| Bits::new(self.width));
            let fresh = slot.is_empty();
            if slot.union(bits) || fresh {
                work.push(n);
            }
        };
        for &((r, dot), l) in kernel {
            if let Some(Sym::N(b)) = self.next_symbol((r, dot)) {
                let (mut f, nullable) = self.first_of(&self.g.rules[r].rhs[dot + 1..]);
                if nullable {
                    f.union(l);
                }
                add(&mut la, &mut work, b, &f);
            }
        }
        while let Some(n) = work.pop() {
            let mine = la[n].clone().expect("set before queued");
            for &r in &self.rules_of[n] {
                if let Some(&Sym::N(c)) = self.g.rules[r].rhs.first() {
                    let (mut f, nullable) = self.first_of(&self.g.rules[r].rhs[1..]);
                    if nullable {
                        f.union(&mine);
                    }
                    add(&mut la, &mut work, c, &f);
                }
            }
        }
        la
    }

    fn lookaheads(&self) -> Vec<Vec<Bits>> {
        let dummy = self.width - 1;
        let mut la: Vec<Vec<Bits>> = self
            .kernels
            .iter()
            .map(|k| vec![Bits::new(self.width); k.len()])
            .collect();
        // (state, kernel index) → targets its look-aheads flow to.
        let mut propagate: Vec<Vec<Vec<(usize, usize)>>> = self
            .kernels
            .iter()
            .map(|k| vec![Vec::new(); k.len()])
            .collect();
        let kernel_pos =
            |s: usize, item: Item| self.kernels[s].binary_search(&item).expect("kernel item");
        let mut hash = Bits::new(self.width);
        hash.set(dummy);
        for (s, kernel) in self.kernels.iter().enumerate() {
            for (k, &item) in kernel.iter().enumerate() {
                if let Some(x) = self.next_symbol(item) {
                    let t = self.goto(s, x);
                    propagate[s][k].push((t, kernel_pos(t, (item.0, item.1 + 1))));
                }
                let closure = self.closure_lookaheads(&[(item, &hash)]);
                for (n, l) in closure.iter().enumerate() {
                    let Some(l) = l else { continue };
                    for &r in &self.rules_of[n] {
                        let Some(&x) = self.g.rules[r].rhs.first() else {
                            continue;
                        };
                        let t = self.goto(s, x);
                        let tk = kernel_pos(t, (r, 1));
                        for a in l.ones().filter(|&a| a != dummy) {
                            la[t][tk].set(a);
                        }
                        if l.has(dummy) {
                            propagate[s][k].push((t, tk));
                        }
                    }
                }
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..self.kernels.len() {
                for k in 0..self.kernels[s].len() {
                    for &(t, tk) in &propagate[s][k] {
                        if (t, tk) != (s, k) {
                            let from = la[s][k].clone();
                            changed |= la[t][tk].union(&from);
                        }
                    }
                }
            }
        }
        la
    }
}

fn resolve(
    g: &Grammar,
    state: usize,
    terminal: usize,
    shift: Option<usize>,
    mut reduces: Vec<usize>,
    conflicts: &mut Vec<String>,
) -> Option<Action> {
    reduces.sort_unstable();
    reduces.dedup();
    if reduces.len() > 1 {
        conflicts.push(format!(
            "state {state}: reduce/reduce on {} between rules {:?}, rule {} kept",
            g.terminals[terminal], reduces, reduces[0]
        ));
    }
    let reduce = reduces.first().copied();
    match (shift, reduce) {
        (Some(s), None) => Some(Action::Shift(s)),
        (None, Some(r)) => Some(Action::Reduce(r)),
        (None, None) => None,
        (Some(s), Some(r)) => {
            let (tp, assoc) = g.precedence[terminal];
            let rp = g.rules[r].prec;
            if tp > 0 && rp > 0 {
                if tp > rp {
                    Some(Action::Shift(s))
                } else if tp < rp {
                    Some(Action::Reduce(r))
                } else {
                    match assoc {
                        Assoc::Left => Some(Action::Reduce(r)),
                        Assoc::Right => Some(Action::Shift(s)),
                        Assoc::Nonassoc => None,
                    }
                }
            } else {
                conflicts.push(format!(
                    "state {state}: shift/reduce on {} against rule {r}, shift kept",
                    g.terminals[terminal]
                ));
                Some(Action::Shift(s))
            }
        }
    }
}

impl Tables {
    pub fn build(grammar: Grammar) -> Tables {
        let mut b = Builder::new(&grammar);
        b.lr0();
        let la = b.lookaheads();
        let mut actions = Vec::new();
        let mut gotos = Vec::new();
        let mut default_reduction = Vec::new();
        let mut conflicts = Vec::new();
        for (s, kernel_la) in la.iter().enumerate() {
            // Reductions per terminal: complete kernel items and empty rules.
            let mut reduce_on: Vec<Vec<usize>> = vec![Vec::new(); grammar.terminals.len()];
            for (k, &(r, dot)) in b.kernels[s].iter().enumerate() {
                if dot == grammar.rules[r].rhs.len() {
                    for t in kernel_la[k].ones().filter(|&t| t < grammar.terminals.len()) {
                        reduce_on[t].push(r);
                    }
                }
            }
            let kernel: Vec<(Item, &Bits)> =
                b.kernels[s].iter().copied().zip(kernel_la.iter()).collect();
            for (n, l) in b.closure_lookaheads(&kernel).iter().enumerate() {
                let Some(l) = l else { continue };
                for &r in &b.rules_of[n] {
                    if grammar.rules[r].rhs.is_empty() {
                        for t in l.ones().filter(|&t| t < grammar.terminals.len()) {
                            reduce_on[t].push(r);
                        }
                    }
                }
            }
            let mut row = Vec::new();
            for (t, reduces) in reduce_on.into_iter().enumerate() {
                let shift = b.transitions[s]
                    .iter()
                    .find(|(x, _)| *x == Sym::T(t))
                    .map(|&(_, to)| to);
                let action = if t == 0 && b.kernels[s].contains(&(0, 1)) {
                    Some(Action::Accept)
                } else {
                    resolve(&grammar, s, t, shift, reduces, &mut conflicts)
                };
                if let Some(a) = action {
                    row.push((t, a));
                }
            }
            let mut sole = None;
            let mut only_reductions = !row.is_empty();
            for &(_, a) in &row {
                match a {
                    Action::Reduce(r) if sole.is_none() || sole == Some(r) => sole = Some(r),
                    _ => only_reductions = false,
                }
            }
            default_reduction.push(if only_reductions { sole } else { None });
            actions.push(row);
            let mut g: Vec<(usize, usize)> = b.transitions[s]
                .iter()
                .filter_map(|&(x, to)| match x {
                    Sym::N(n) => Some((n, to)),
                    Sym::T(_) => None,
                })
                .collect();
            g.sort_unstable();
            gotos.push(g);
        }
        drop(b);
        Tables {
            grammar,
            actions,
            gotos,
            default_reduction,
            conflicts,
        }
    }

    pub fn states(&self) -> usize {
        self.actions.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables(text: &str) -> Tables {
        Tables::build(Grammar::parse(text).expect("grammar"))
    }

    fn rule_number(t: &Tables, lhs: &str, rhs_len: usize) -> usize {
        let n = t
            .grammar
            .nonterminals
            .iter()
            .position(|x| x == lhs)
            .expect("lhs");
        (0..t.grammar.rules.len())
            .find(|&r| t.grammar.rules[r].lhs == n && t.grammar.rules[r].rhs.len() == rhs_len)
            .expect("rule")
    }

    /// Precedence settles `a + b * c` and `a + b + c` as yacc does: the
    /// state after `e + e` shifts `*` and reduces on `+`.
    #[test]
    fn precedence_settles_the_expression_conflicts() {
        let t = tables("%token N\n%left '+'\n%left '*'\ne : e '+' e | e '*' e | N ;");
        assert!(t.conflicts.is_empty(), "{:?}", t.conflicts);
        let plus = t.grammar.terminal("'+'").expect("+");
        let star = t.grammar.terminal("'*'").expect("*");
        let add = rule_number(&t, "e", 3);
        let state = (0..t.states())
            .find(|&s| t.actions[s].iter().any(|&(_, a)| a == Action::Reduce(add)))
            .expect("a state reducing e + e");
        let on = |term| {
            t.actions[state]
                .iter()
                .find(|&&(x, _)| x == term)
                .map(|&(_, a)| a)
        };
        assert_eq!(on(plus), Some(Action::Reduce(add)));
        assert!(matches!(on(star), Some(Action::Shift(_))));
    }

    /// Without precedence a shift/reduce conflict is kept as a shift and
    /// reported (the dangling else).
    #[test]
    fn an_unsettled_conflict_shifts_and_is_reported() {
        let t = tables("%token IF ELSE X\ns : IF s | IF s ELSE s | X ;");
        assert_eq!(t.conflicts.len(), 1, "{:?}", t.conflicts);
        assert!(t.conflicts[0].contains("shift/reduce on ELSE"));
    }

    /// A state whose one action is one rule reduces without a look-ahead;
    /// a state that could also shift reads one first.
    #[test]
    fn default_reductions_only_in_consistent_states() {
        let t = tables("%token A B\ns : x B | x A B ;\nx : A ;");
        let x_rule = rule_number(&t, "x", 1);
        let after_a = (0..t.states()).find(|&s| {
            t.actions[s]
                .iter()
                .any(|&(_, a)| a == Action::Reduce(x_rule))
        });
        let after_a = after_a.expect("state after A");
        assert_eq!(t.default_reduction[after_a], Some(x_rule));
        // `s : x . B | x . A B` shifts: no default.
        let t2 = tables("%token A B\ns : x | x B ;\nx : A ;");
        let s_rule = rule_number(&t2, "s", 1);
        let state = (0..t2.states())
            .find(|&s| {
                t2.actions[s]
                    .iter()
                    .any(|&(_, a)| a == Action::Reduce(s_rule))
            })
            .expect("state after x");
        assert_eq!(t2.default_reduction[state], None);
    }

    /// LALR look-aheads, not SLR: the classic grammar that SLR(1) cannot
    /// parse (`S → L = R | R`, `L → * R | id`, `R → L`) has no conflict.
    #[test]
    fn lalr_lookaheads_are_finer_than_follow_sets() {
        let t = tables("%token ID\ns : l '=' r | r ;\nl : '*' r | ID ;\nr : l ;");
        assert!(t.conflicts.is_empty(), "{:?}", t.conflicts);
    }
}
