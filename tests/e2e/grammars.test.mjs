// The editor extension's TextMate grammars (editors/vscode/syntaxes/),
// run by the real TextMate engine (vscode-textmate on vscode-oniguruma),
// against the core's own reading of real files: every token that
// `vaultwright tokens` prints, of a kind that has a scope family, must have
// that family in the grammar's scopes on each of its characters (blanks
// aside). Files come from ../shared/corpus, sampled so the whole run stays
// in seconds; each language has an agreement floor, measured and set tight.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import vsctm from "vscode-textmate";
import oniguruma from "vscode-oniguruma";
import { builtBinary } from "./harness.mjs";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SHARED = process.env.VAULTWRIGHT_SHARED || path.join(ROOT, "../shared");
const CORPUS = path.join(SHARED, "corpus");
const SYNTAXES = path.join(ROOT, "editors/vscode/syntaxes");
const CI = process.env.CI === "true";

const BIN = builtBinary();
const NO_BIN = "no vaultwright binary: set VAULTWRIGHT_BIN, or build target/debug/vaultwright (cargo build -p vaultwright-cli)";
const NO_CORPUS = `${CORPUS} is missing: these tests read the corpus in ../shared`;
// Without the binary CI fails (it builds it first); elsewhere the test skips, saying why.
const skip = !fs.existsSync(CORPUS) ? NO_CORPUS : !BIN && !CI ? NO_BIN : false;

/**
 * For each kind of core token, the scope family the grammar must give each
 * of its characters. `punctuation` must stay out of the families that
 * swallow text (a string or comment left open, a map that never ends).
 */
const FAMILY = {
  comment: /^comment(\.|$)/,
  string: /^string(\.|$)/,
  number: /^constant\.numeric(\.|$)/,
  keyword: /^keyword\.(?!operator)/,
  // value words, and NetHack 3.6 variables, which the core reads as values too
  constant: /^(constant\.(language|other)|support\.constant|variable\.other)(\.|$)/,
  char: /^(constant\.character(?!\.escape)|string)(\.|$)/,
  "map-row": /^(string\.unquoted\.map|markup\.raw)(\.|$)/,
  code: /^(source\.lua|meta\.embedded)(\.|$)/,
  punctuation: "apart",
};
const SWALLOWING = /^(comment|string|source\.lua|meta\.embedded)(\.|$)/;

/** Every n-th of the sorted files, at most `count`, so runs compare the same files. */
function sample(files, count) {
  const sorted = [...files].sort();
  if (sorted.length <= count) return sorted;
  const step = sorted.length / count;
  return Array.from({ length: count }, (_, i) => sorted[Math.floor(i * step)]);
}

function walk(dir, keep) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p, keep));
    else if (keep(e.name)) out.push(p);
  }
  return out;
}

const ext = (...xs) => (name) => xs.some((x) => name.endsWith(x));
const NETHACK = ["nethack-3.2.x", "nethack-3.4.3", "nethack-3.6.6"];

/**
 * The languages, the files each is checked on, and its floor: the share of
 * compared tokens that must agree (measured on this sample, then set just
 * under the measure, so a grammar that gets worse fails).
 */
const LANGUAGES = [
  {
    language: "nethack-des",
    floor: 0.999,
    files: () => [
      ...NETHACK.flatMap((v) => [...walk(path.join(CORPUS, v, "des"), ext(".des")), ...walk(path.join(CORPUS, v, "edge/des"), ext(".des"))]),
      ...sample(NETHACK.flatMap((v) => walk(path.join(CORPUS, v, "generated/valid-des"), ext(".des"))), 60),
    ],
  },
  {
    language: "nethack-dungeon",
    floor: 0.997,
    files: () => NETHACK.flatMap((v) => [...walk(path.join(CORPUS, v, "des"), ext(".def")), ...walk(path.join(CORPUS, v, "edge/des"), ext(".def"))]),
  },
  { language: "dcss-des", floor: 0.999, files: () => sample(walk(path.join(CORPUS, "dcss/des"), ext(".des")), 50) },
  { language: "powder-map", floor: 0.975, files: () => walk(path.join(CORPUS, "powder/maps"), ext(".map")) },
  {
    language: "rlg327-monsters",
    floor: 0.999,
    files: () => walk(path.join(CORPUS, "rlg327"), (n) => /^monster_(desc|test)\b.*\.txt$/.test(n)),
  },
  { language: "rlg327-objects", floor: 0.983, files: () => walk(path.join(CORPUS, "rlg327"), (n) => /^object_desc\b.*\.txt$/.test(n)) },
];

let registryPromise;
/** One TextMate registry for every grammar. */
function registry() {
  registryPromise ??= (async () => {
    const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    return new vsctm.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
        createOnigString: (s) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (scopeName) => {
        // VS Code brings a Lua grammar; without one, vscode-textmate drops
        // the rules that include it, so the test stands in an empty one.
        if (scopeName === "source.lua") return { scopeName, patterns: [] };
        const m = /^source\.(.+)$/.exec(scopeName);
        const file = m && path.join(SYNTAXES, `${m[1]}.tmLanguage.json`);
        if (!file || !fs.existsSync(file)) return null;
        return vsctm.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
      },
    });
  })();
  return registryPromise;
}

/** The scopes of each UTF-16 unit of each line of `text`. */
function scopesOf(grammar, text) {
  const lines = text.split("\n");
  let state = vsctm.INITIAL;
  return lines.map((raw) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    const at = new Array(line.length);
    for (const t of r.tokens) for (let i = t.startIndex; i < Math.min(t.endIndex, line.length); i++) at[i] = t.scopes;
    return { line, at };
  });
}

/** A 1-based column counted in characters, as the core counts, to a UTF-16 index. */
function utf16Index(line, column) {
  let i = 0;
  for (let c = 1; c < column && i < line.length; c++) i += line.codePointAt(i) > 0xffff ? 2 : 1;
  return i;
}

/**
 * Compares one file: every core token of a kind in `family`, character by
 * character. Returns the counts and the tokens that disagree.
 */
function compareFile(file, language, grammar, family = FAMILY) {
  const text = fs.readFileSync(file, "utf8");
  let out;
  try {
    out = execFileSync(BIN, ["tokens", file, "--language", language], { maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] }).toString();
  } catch (e) {
    throw new Error(`\`${BIN} tokens ${file} --language ${language}\` failed (a binary without the tokens command?): ${String(e.stderr ?? e.message).trim()}`);
  }
  const { tokens } = JSON.parse(out);
  const lines = scopesOf(grammar, text);
  const result = { compared: 0, agreed: 0, coreTokens: tokens.length, misses: [] };
  for (const t of tokens) {
    const want = family[t.kind];
    if (!want) continue;
    let ok = true;
    let got = null;
    for (let ln = t.line; ln <= t.end_line && ok; ln++) {
      const { line, at } = lines[ln - 1] ?? { line: "", at: [] };
      const from = ln === t.line ? utf16Index(line, t.column) : 0;
      const to = ln === t.end_line ? utf16Index(line, t.end_column) : line.length;
      for (let i = from; i < to; i++) {
        if (/\s/.test(line[i])) continue;
        const scopes = at[i] ?? [];
        const good = want === "apart" ? !scopes.some((s) => SWALLOWING.test(s)) : scopes.some((s) => want.test(s));
        if (!good) {
          ok = false;
          got = scopes.slice(1).join(" ") || "(no scope)";
          break;
        }
      }
    }
    result.compared++;
    if (ok) result.agreed++;
    else result.misses.push({ file: path.relative(CORPUS, file), line: t.line, column: t.column, text: t.text.length > 40 ? `${t.text.slice(0, 40)}…` : t.text, expected: want === "apart" ? "punctuation (not in a string, comment or code)" : `${t.kind} (${want.source})`, got });
  }
  return result;
}

async function grammarOf(language) {
  const grammar = await (await registry()).loadGrammar(`source.${language}`);
  assert.ok(grammar, `editors/vscode/syntaxes/${language}.tmLanguage.json did not load`);
  return grammar;
}

for (const { language, floor, files } of LANGUAGES) {
  test(`the ${language} grammar agrees with the core's tokens (floor ${(floor * 100).toFixed(1)}%)`, { skip }, async (t) => {
    assert.ok(BIN, NO_BIN);
    const grammar = await grammarOf(language);
    const list = files();
    assert.ok(list.length > 0, `no ${language} files found under ${CORPUS}`);
    const total = { compared: 0, agreed: 0, coreTokens: 0, misses: [] };
    const byKind = {};
    for (const file of list) {
      const r = compareFile(file, language, grammar);
      total.compared += r.compared;
      total.agreed += r.agreed;
      total.coreTokens += r.coreTokens;
      total.misses.push(...r.misses);
    }
    for (const m of total.misses) byKind[m.expected.split(" ")[0]] = (byKind[m.expected.split(" ")[0]] ?? 0) + 1;
    // A language whose core tokens are all missing would compare nothing and pass: not so.
    assert.ok(total.coreTokens > 0, `\`vaultwright tokens --language ${language}\` printed no tokens for any of ${list.length} files: nothing to compare the grammar with`);
    const rate = total.agreed / total.compared;
    t.diagnostic(`${language}: ${list.length} files, ${total.agreed}/${total.compared} tokens agree (${(rate * 100).toFixed(2)}%), floor ${(floor * 100).toFixed(1)}%`);
    if (total.misses.length) t.diagnostic(`${language}: disagreements by kind: ${JSON.stringify(byKind)}`);
    for (const m of total.misses.slice(0, 8)) {
      t.diagnostic(`  ${m.file}:${m.line}:${m.column} ${JSON.stringify(m.text)} expected ${m.expected}, got ${m.got}`);
    }
    assert.ok(rate >= floor, `${language}: ${(rate * 100).toFixed(2)}% of ${total.compared} tokens agree, under the floor of ${(floor * 100).toFixed(1)}%; first: ${JSON.stringify(total.misses.slice(0, 3))}`);
  });
}

test("the comparison finds a grammar that scopes a kind wrongly", { skip }, async () => {
  assert.ok(BIN, NO_BIN);
  // The castle's keywords checked against the comment family: nearly none may pass.
  const castle = path.join(CORPUS, "nethack-3.4.3/des/castle.des");
  const wrong = { keyword: FAMILY.comment };
  const r = compareFile(castle, "nethack-des", await grammarOf("nethack-des"), wrong);
  assert.ok(r.compared > 100, `${r.compared} tokens compared`);
  assert.ok(r.agreed / r.compared < 0.2, `${r.agreed}/${r.compared} keywords passed as comments`);
  // And the right families on the same file agree.
  const right = compareFile(castle, "nethack-des", await grammarOf("nethack-des"));
  assert.ok(right.agreed / right.compared > 0.99, `${right.agreed}/${right.compared}`);
});
