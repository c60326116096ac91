// Screenshots of the studio on the formats' real files, at a desktop and a
// phone size, saved under target/e2e/ for a person to look at; each one
// also checks that the page does not scroll sideways and that the view
// sits inside its pane.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { SHARED, OUT, openStudio, waitFor, withStudio } from "./harness.mjs";

// A vault with every kind of wall the map language has.
const WALLS_VAULT = `NAME: vaultwright_walls
TAGS: no_rotate
MAP
xxxxxxxxxxxxxxx
xcccccvvvvvbbbx
xc.....v....b.x
xc.1...+..2.b.x
xmmmmmnnnnnooox
xttt.wwwWWWlllx
xxxxxxx+xxxxxxx
ENDMAP
MONS: ogre / orc
MONS: kobold
`;

// A 3.6 level whose look depends on its control flow: a SWITCH picks the
// floor, a LOOP places monsters at random, an IF adds a fountain.
const LOOPS_36 = `MAZE: "loops", ' '
GEOMETRY: center, center
MAP
---------------------
|...................|
|...................|
|...................|
|...................|
|...................|
---------------------
ENDMAP
SWITCH [3] {
  CASE 0: TERRAIN: fillrect (2,2,18,4), 'P'
    BREAK
  CASE 1: TERRAIN: fillrect (2,2,18,4), 'I'
    BREAK
  DEFAULT: TERRAIN: line (1,3), (19,3), 'L'
}
LOOP [6] {
  MONSTER: random, random
}
IF [50%] {
  FOUNTAIN: (10,1)
} ELSE {
  SINK: (10,5)
}
STAIR: (1,1), up
STAIR: (19,5), down
`;

const SIZES = [["desktop", 1400, 900], ["phone", 390, 844]];

test("screenshots of castle, bigroom, oracle (rooms), dungeon.def, a DCSS vault, a POWDER map and 3.6 levels", () => withStudio(async ({ page, errors, server }) => {
  const dir = fs.mkdtempSync(path.join(OUT, "files-"));
  const walls = path.join(dir, "walls.des");
  fs.writeFileSync(walls, WALLS_VAULT);
  // The 3.6 castle under a name of its own (the 3.4.3 one is open too).
  const castle36 = path.join(dir, "castle36.des");
  const nh36 = path.join(SHARED, "corpus/nethack-3.6.6");
  if (fs.existsSync(path.join(nh36, "des/castle.des"))) fs.copyFileSync(path.join(nh36, "des/castle.des"), castle36);
  const loops36 = path.join(dir, "loops36.des");
  fs.writeFileSync(loops36, LOOPS_36);
  const files = [
    ["castle", path.join(SHARED, "corpus/nethack-3.4.3/des/castle.des"), "canvas[data-testid=tilemap]", "map"],
    ["bigroom", path.join(SHARED, "corpus/nethack-3.4.3/des/bigroom.des"), "canvas[data-testid=tilemap]", "map"],
    ["oracle", path.join(SHARED, "corpus/nethack-3.4.3/des/oracle.des"), "svg[data-testid=rooms], canvas[data-testid=tilemap]", null],
    ["dungeon", path.join(SHARED, "corpus/nethack-3.4.3/des/dungeon.def"), "svg[data-testid=graph]", "graph"],
    ["dcss-walls", walls, "canvas[data-testid=tilemap]", "map"],
    ["powder", path.join(SHARED, "corpus/powder/maps/lava.map"), "canvas[data-testid=tilemap]", "map"],
    // NetHack 3.6: the castle run as a program, a selection-heavy file and
    // a SWITCH/LOOP file.
    ["castle36", castle36, "canvas[data-testid=tilemap]", "map"],
    ["selections36", path.join(nh36, "edge/des/e14_selections_grow_filter.des"), "canvas[data-testid=tilemap]", "map"],
    ["switch36", loops36, "canvas[data-testid=tilemap]", "map"],
  ];
  try {
    await openStudio(page, server.url);
    for (const [name, file, drawing, pane] of files) {
      assert.ok(fs.existsSync(file), `${file} is missing: this test needs ../shared/corpus`);
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.setInputFiles("[data-testid=open-file]", file);
      await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, path.basename(file));
      for (const [size, w, h] of SIZES) {
        await page.setViewportSize({ width: w, height: h });
        if (size === "phone") await page.click("[data-testid=pane-tabs] button:has-text('View')");
        await page.waitForSelector(drawing);
        await page.waitForTimeout(250);
        await page.screenshot({ path: path.join(OUT, `screen-${name}-${size}.png`) });
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.equal(sideways, 0, `${name} at ${size} scrolls sideways`);
        if (pane) {
          const fits = await page.evaluate(([d, p]) => {
            const a = document.querySelector(d).getBoundingClientRect();
            const b = document.querySelector(`[data-testid=${p}-pane]`).getBoundingClientRect();
            return a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
          }, [drawing, pane]);
          assert.ok(fits, `${name} at ${size}: the view overflows its pane`);
        }
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}));
