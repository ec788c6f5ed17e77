import { expect, test } from "./fixtures";
import { atEachWidth, seriousViolations } from "./support/axe";

test.use({ allowNotFoundDocument: true });

// axe runs inside the page, so it needs JavaScript: only the js project runs *.js-only.spec.ts files;
// the no-js project gets the same server-rendered DOM.

for (const [name, path] of [
  ["homepage", "/"],
  ["404 page", "/no-such-page"],
] as const) {
  // The page as loaded is checked at 1280 and 390 px by axe-route-table.js-only.spec.ts (decision 0317);
  // here, the state the walk does not reach: the mobile menu open.
  test(`the ${name} with the mobile menu open has no serious or critical violations`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await page.getByText("Menu", { exact: true }).click();
    await expect(page.locator(".mobile-menu")).toHaveAttribute("open", "");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the axe check itself reports serious violations in the page and in its frames, and honours exclude", async ({ page }) => {
  const pixel = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
  const frame = `<!doctype html><html lang="en"><title>Probe frame</title><main><img src="${pixel}" id="axe-probe-frame"></main></html>`;
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1>` +
      `<img src="${pixel}" id="axe-probe-page"><button id="axe-probe-button"></button>` +
      `<iframe title="Probe frame" srcdoc="${frame.replaceAll('"', "&quot;")}"></iframe></main></body></html>`,
  );
  await expect(page.frameLocator("iframe").locator("#axe-probe-frame")).toBeAttached();
  const found = await seriousViolations(page);
  const imageAlt = found.find((line) => line.startsWith("image-alt:")) ?? "";
  expect(imageAlt).toContain("#axe-probe-page");
  expect(imageAlt).toContain("#axe-probe-frame");
  expect(found.some((line) => line.startsWith("button-name:") && line.includes("#axe-probe-button"))).toBe(true);
  // Without a frame, the check runs the quicker way (support/axe.ts): the same answers for the page.
  await page.locator("iframe").evaluate((frame) => frame.remove());
  await expect.poll(() => page.frames().length).toBe(1);
  const withoutFrame = await seriousViolations(page);
  expect(withoutFrame.find((line) => line.startsWith("image-alt:"))).toBe("image-alt: Images must have alternative text (#axe-probe-page)");
  expect(withoutFrame.some((line) => line.startsWith("button-name:") && line.includes("#axe-probe-button"))).toBe(true);
  expect(await seriousViolations(page, "#axe-probe-button")).not.toContainEqual(expect.stringContaining("button-name:"));
});

test("a header or footer already checked is left out of later checks only while it is the very same", async ({ page }) => {
  const pixel = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
  const probe = (footer: string) =>
    `<!doctype html><html lang="en"><head><title>Probe</title></head><body><main><h1>Probe</h1></main><footer class="site-footer">${footer}</footer></body></html>`;
  const unnamed = (found: string[]) => found.some((line) => line.startsWith("button-name:") && line.includes("#probe-unnamed"));
  // The first check of a footer reports what is wrong in it…
  await page.setContent(probe(`<button id="probe-unnamed"></button>`));
  expect(unnamed(await seriousViolations(page))).toBe(true);
  // … a check of the very same footer leaves it out (support/axe.ts, decision 0330) …
  await page.setContent(probe(`<button id="probe-unnamed"></button>`));
  expect(unnamed(await seriousViolations(page))).toBe(false);
  // … a footer that changed is checked again …
  await page.setContent(probe(`<button id="probe-unnamed"></button><img src="${pixel}" id="probe-no-alt">`));
  const changed = await seriousViolations(page);
  expect(unnamed(changed)).toBe(true);
  expect(changed).toContainEqual(expect.stringContaining("#probe-no-alt"));
  // … and so are the same footer at another width, and one with the focus in it (its colours follow :focus).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(unnamed(await seriousViolations(page))).toBe(true);
  await page.locator("#probe-unnamed").focus();
  expect(unnamed(await seriousViolations(page))).toBe(true);
});

test("a page checked at each width fails on what goes wrong at one width only, axe put in once", async ({ page }) => {
  // Faults each at one width (decision 0339): grey text from 960 px up, grey text on a phone only, and an
  // unnamed button shown only from 960 px up. (target-size is off in axe's defaults, so no check runs it.)
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Probe</title><style>
      body { font: 16px sans-serif; color: #000; background: #fff; }
      .probe-wide-only { display: none; }
      @media (min-width: 960px) { #probe-grey { color: #bbb; } .probe-wide-only { display: inline-block; } }
      @media (max-width: 599.98px) { #probe-narrow-grey { color: #aaa; } }
    </style></head><body><main><h1>Probe</h1><p id="probe-grey">Grey only when wide</p>` +
      `<p id="probe-narrow-grey">Grey only when narrow</p>` +
      `<button class="probe-wide-only" id="probe-unnamed-wide"></button></main></body></html>`,
  );
  const found = new Map<number, string[]>();
  await atEachWidth(page, async () => {}, async (width) => void found.set(width, await seriousViolations(page)));
  const at = (width: number, rule: string, target: string) => (found.get(width) ?? []).some((line) => line.startsWith(`${rule}:`) && line.includes(target));
  expect(at(390, "color-contrast", "#probe-grey"), "contrast at 390").toBe(false);
  expect(at(1280, "color-contrast", "#probe-grey"), "contrast at 1280").toBe(true);
  expect(at(390, "color-contrast", "#probe-narrow-grey"), "narrow contrast at 390").toBe(true);
  expect(at(1280, "color-contrast", "#probe-narrow-grey"), "narrow contrast at 1280").toBe(false);
  expect(at(390, "button-name", "#probe-unnamed-wide"), "unnamed at 390").toBe(false);
  expect(at(1280, "button-name", "#probe-unnamed-wide"), "unnamed at 1280").toBe(true);
  // One copy of axe served both checks of the document.
  expect(await page.evaluate(() => (window as unknown as { __pawrouteAxe?: string }).__pawrouteAxe)).toBeTruthy();
});
