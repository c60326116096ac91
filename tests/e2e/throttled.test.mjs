// No edit lost on a slow machine: with the CPU slowed four times (CDP
// Emulation.setCPUThrottlingRate), an edit typed just before the page
// reloads, or just before its tab is closed, is there when the studio
// opens again, twenty times in a row.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launchIn, openStudio, startServer, waitFor } from "./harness.mjs";

const RUNS = 20;

async function throttle(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** Types `line` at the end of the shown document. */
async function typeLine(page, line) {
  await page.click(".cm-content");
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText(line + "\n");
}

const hasLine = (line) => [...document.querySelectorAll(".cm-line")].some((l) => l.textContent === line);

test(`under 4× CPU throttling an edit typed just before a reload is kept, ${RUNS} times in a row`, async () => {
  const server = await startServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vaultwright-e2e-"));
  const { context, page, errors } = await launchIn(dir);
  try {
    await openStudio(page, server.url);
    for (let run = 1; run <= RUNS; run++) {
      await throttle(page);
      const line = `# typed just before reload ${run}`;
      await typeLine(page, line);
      await page.waitForTimeout(50);
      await page.reload();
      await page.waitForSelector(".cm-content", { timeout: 30000 });
      await waitFor(page, hasLine, line, 20000).catch(() => assert.fail(`run ${run}: the edit was lost on the reload`));
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
});

test(`under 4× CPU throttling an edit typed just before its tab is closed is kept, ${RUNS} times in a row`, async () => {
  const server = await startServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vaultwright-e2e-"));
  try {
    for (let run = 1; run <= RUNS; run++) {
      const { context, page, errors } = await launchIn(dir);
      try {
        await openStudio(page, server.url);
        if (run > 1) {
          await waitFor(page, hasLine, `# typed just before closing ${run - 1}`, 20000)
            .catch(() => assert.fail(`run ${run - 1}: the edit was lost when the browser closed`));
        }
        await throttle(page);
        await typeLine(page, `# typed just before closing ${run}`);
        await page.waitForTimeout(50);
        assert.deepEqual(errors, []);
        // The tab closed as a user closes it (the page is told it goes).
        await page.close();
      } finally {
        await context.close();
      }
    }
    const { context, page } = await launchIn(dir);
    try {
      await openStudio(page, server.url);
      await waitFor(page, hasLine, `# typed just before closing ${RUNS}`, 20000);
    } finally {
      await context.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
});
