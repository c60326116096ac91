// Screenshots of the studio for a person to look at (not a test):
// node tests/e2e/shots.mjs [out-dir]
import path from "node:path";
import fs from "node:fs";
import { SHARED, OUT, startServer, launch, openStudio, waitFor } from "./harness.mjs";

const out = process.argv[2] || OUT;
const files = [
  ["castle", "corpus/nethack-3.4.3/des/castle.des"],
  ["mines", "corpus/nethack-3.4.3/des/mines.des", "minefill"],
  ["bigroom", "corpus/nethack-3.4.3/des/bigroom.des"],
  ["dungeon", "corpus/nethack-3.4.3/des/dungeon.def"],
  ["float", "corpus/dcss/des/variable/float.des"],
  ["powder", "corpus/powder/maps/belweir.map"],
];
const sizes = [["desktop", 1400, 900], ["phone", 390, 844]];
const server = await startServer();
const { context, page } = await launch();
try {
  await openStudio(page, server.url);
  for (const [name, rel] of files) {
    const f = path.join(SHARED, rel);
    if (!fs.existsSync(f)) { console.log(`skip ${name}: ${f} missing`); continue; }
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.setInputFiles("[data-testid=open-file]", f);
    await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, path.basename(f));
    await page.waitForTimeout(300);
    for (const [size, w, h] of sizes) {
      await page.setViewportSize({ width: w, height: h });
      if (size === "phone") {
        const tabs = page.locator("[data-testid=pane-tabs] button");
        if (await tabs.count()) await tabs.nth(1).click();
      }
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out, `${name}-${size}.png`) });
      const sx = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(`${name}-${size}: horizontal overflow ${sx}px`);
    }
  }
} finally {
  await context.close();
  await server.close();
}
