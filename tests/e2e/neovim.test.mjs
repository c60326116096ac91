// `vaultwright lsp` driven by a real client: Neovim's built-in LSP client
// (Debian's `neovim`, which `cargo xtask test` installs), headless, on
// corpus files copied to a temporary folder: findings, completion, hover,
// a quick fix applied by the client, symbols, a DCSS definition across
// the vault file and a rename the client applies.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { builtBinary } from "./harness.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CORPUS = path.join(process.env.VAULTWRIGHT_SHARED || path.join(ROOT, "../shared"), "corpus");
const CI = process.env.CI === "true";

function findNeovim() {
  try {
    return execFileSync("sh", ["-c", "command -v nvim"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

const BIN = builtBinary();
const NVIM = findNeovim();
const why = !fs.existsSync(CORPUS)
  ? `${CORPUS} is missing: this test reads the corpus in ../shared`
  : !BIN
    ? "no vaultwright binary: set VAULTWRIGHT_BIN or cargo build -p vaultwright-cli"
    : !NVIM
      ? "no nvim on PATH: apt-get install neovim (cargo xtask test does)"
      : false;
if (why && CI) {
  test("the Neovim test can run", () => assert.fail(why));
}

test("Neovim's LSP client gets findings, completion, hover, fixes, definitions and renames", { skip: CI ? false : why }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vw-nvim-"));
  const castle = fs.readFileSync(path.join(CORPUS, "nethack-3.4.3/des/castle.des"), "utf8");
  assert.ok(castle.includes('"soldier"'), "castle.des places soldiers");
  fs.writeFileSync(path.join(dir, "castle.des"), castle.replace('"soldier"', '"soldjer"'));
  for (const name of ["red_sonja.des", "menkaure.des"]) {
    fs.copyFileSync(path.join(CORPUS, "dcss/des/sprint", name), path.join(dir, name));
    fs.chmodSync(path.join(dir, name), 0o644);
  }
  const out = path.join(dir, "out.json");
  execFileSync(NVIM, ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", `luafile ${path.join(ROOT, "tests/e2e/neovim/drive.lua")}`], {
    env: { ...process.env, VW_BIN: BIN, VW_DIR: dir, VW_OUT: out },
    timeout: 120_000,
    stdio: "inherit",
  });
  const seen = JSON.parse(fs.readFileSync(out, "utf8"));
  assert.equal(seen.error, null, `the Lua script failed: ${seen.error}`);

  const misspelt = seen.castle_diagnostics.find((d) => d.code === "NH0101");
  assert.ok(misspelt, `a finding for the misspelt soldier: ${JSON.stringify(seen.castle_diagnostics)}`);
  assert.equal(misspelt.message, "Invalid monster name!  Making random monster.");
  assert.match(castle.split("\n")[misspelt.line], /^MONSTER:'@',"soldier"/);

  assert.equal(seen.completion[0].label, "soldier", JSON.stringify(seen.completion));
  assert.match(seen.completion[0].detail, /^monster @/);
  assert.match(seen.hover_map, /wall/);
  assert.deepEqual(seen.actions, ['change to "soldier"']);
  assert.match(seen.fixed_line, /MONSTER:'@',"soldier",/);
  assert.equal(seen.diagnostics_after_fix, 0);
  assert.deepEqual(seen.symbols, ["castle"]);

  const redSonja = fs.readFileSync(path.join(dir, "red_sonja.des"), "utf8").split("\n");
  assert.match(seen.definition.uri, /red_sonja\.des$/);
  assert.match(redSonja[seen.definition.line], /^TAGS:\s+red_sonja_temple /);
  assert.equal(seen.rename, null);
  assert.equal(seen.renamed.length, 2, JSON.stringify(seen.renamed));
  assert.ok(seen.renamed.some((l) => l.startsWith("SUBVAULT: B : sonja_shrine")));
  assert.ok(seen.renamed.some((l) => l.startsWith("TAGS: sonja_shrine ")));
  assert.equal(seen.dcss_completion[0], "kobold demonologist", JSON.stringify(seen.dcss_completion));
  fs.rmSync(dir, { recursive: true, force: true });
});
